"""`briscola play` on a real terminal says its values in one frame (issue 41 item 5): the
expected final margin, the points taken plus the points still to win, so across a trick
taken with points and played without error the hint's value does not move, and the
engine's value for itself is the same number from the other side. The hidden-card games'
hint uses the seat's own score (the points taken are public)."""
from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path

import pytest

from cli import cmd_play as P
from solver.analysis import analyse
from solver.game import deal, play
from solver.i18n import PLAY_WORDS
from solver.position import parse_position
from solver.rules import get_variant

# the talon's last two cards both face up: four tricks, no chance, solved exactly
START = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S turn=1 score=50-40"
NUMBER = r"([+-]\d+(?:\.\d+)?)"


def _session(lang: str) -> str:
    """The whole game on a pty: every hint asked, every hinted card played."""
    pexpect = pytest.importorskip("pexpect")
    root = Path(__file__).resolve().parent.parent
    child = pexpect.spawn(sys.executable, ["-c", "from cli.main import cli; cli()", "play",
                                           "--from", START, "--seed", "1", "--level", "perfect",
                                           "--time-per-move", "1", "--lang", lang],
                          cwd=str(root), encoding="utf-8", timeout=180,
                          env={**os.environ, "NO_COLOR": "1"})
    prompt, hint = PLAY_WORDS[lang]["prompt"], PLAY_WORDS[lang]["hint"].split(":")[0]
    out = []
    while child.expect([re.escape(prompt), pexpect.EOF]) == 0:
        out.append(child.before)
        child.sendline("hint")
        child.expect(re.escape(hint) + r": (\w\w) ")
        card = child.match.group(1)
        out.append(child.before + child.after)
        child.expect(re.escape(prompt))
        out.append(child.before)
        child.sendline(card)
    out.append(child.before)
    child.close()
    assert child.exitstatus == 0, "".join(out)
    return "".join(out)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_trick_taken_without_error_does_not_move_the_values(lang):
    W = PLAY_WORDS[lang]
    out = _session(lang)
    hints = re.findall(r"^[^\n]*?: \w\w \([^)]*\), ([^+\-\n]*)" + NUMBER, out, re.M)
    engine = re.findall(r"([^:+\-\n]*)" + NUMBER + r" \(\w+\)" + re.escape(W["for_engine"]), out)
    tricks = [int(p) for p in re.findall(r"-> .*? (\d+) (?:points|punti)\.", out)]
    # three hints, two tricks with points between them, both sides playing the best card
    assert len(hints) == 3 and tricks[:2] and all(tricks[:2]), out
    a = analyse(parse_position(START))
    first = float(hints[0][1])
    assert first == 50 - 40 + a.value                              # the points taken + still to win
    assert [float(v) for _, v in hints] == [first] * 3, out        # no jump by a trick's points
    assert [float(v) for _, v in engine] == [-first] * 3, out      # the same, from the other side
    # said as what it is
    frame = W["margin_exact"].split("{v}")[0].strip()
    assert all(words.strip() == frame for words, _ in hints + engine), out
    assert W["frame_note"] in out


def test_a_seats_hint_adds_the_seats_own_score():
    """Classic Briscola, mid-deal: the hint's value is the seat's analysis value plus the
    points the seat's side has taken less the other's, read from the seat's view."""
    v = get_variant("classic")
    ses = P.VariantPlay(v, "perfect", 0.2, "en", False, 1)
    rng = random.Random(3)
    st = deal(v, random.Random(2), 1)
    while len(st.tricks) < 14 or st.to_move != 0 or st.trick or not sum(st.points):
        st = play(st, rng.choice(st.legal_cards()))
    text = ses.hint(st)
    a = ses.engine.last
    assert a.position.hidden_hand and a.position.score == st.side_points
    card, words, shown = re.match(r"Hint: (\w\w) \([^)]*\), ([^+\-]*)" + NUMBER, text).groups()
    m = next(m for m in a.moves if str(m.card) == card)
    assert float(shown) == pytest.approx(st.side_points[0] - st.side_points[1] + m.value,
                                         abs=0.051), text
    assert words == "expected final margin ", text
