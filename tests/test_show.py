"""`briscola show` and the drawing behind it."""
from __future__ import annotations

import random
import re

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.cards import card_str
from solver.position import parse_position
from solver.position.board import render
from solver.random_positions import random_position

POS = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=1 score=40-36"
ESC = "\x1b["


def run(args, stdin=None, env=None, color=False):
    runner = CliRunner(mix_stderr=False) if "mix_stderr" in CliRunner.__init__.__code__.co_varnames \
        else CliRunner()
    return runner.invoke(cli, args, input=stdin, env=env or {}, color=color)


def test_show_draws_everything():
    r = run(["show", POS])
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert ESC not in out
    lines = out.splitlines()
    assert lines[0] == "Briscola scoperta: Player 1 to move"
    p1 = next(ln for ln in lines if ln.strip().startswith("Player 1"))
    p2 = next(ln for ln in lines if ln.strip().startswith("Player 2"))
    assert p1.split()[2:5] == ["RB", "3C", "AD"] and "<- to move" in p1
    assert p2.split()[2:5] == ["FC", "2D", "7S"] and "<-" not in p2
    assert "Talon               4 cards, top CB" in out
    assert "Briscola            4S  trump suit swords, at the talon's bottom" in out
    assert "Unseen              3B RC  (2)" in out
    assert "Trumps in play      4S 7S  (2)" in out
    assert "Points in play      44" in out
    assert "Score               40-36" in out
    assert "Cards played        30 (15 tricks)" in out
    assert "Table               -" in out


def test_show_mid_trick_and_empty_talon():
    r = run(["show", "hand1=AD,7C hand2=3D table=2B briscola=4S turn=1"])
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "Player 1 to answer" in out.splitlines()[0]
    assert "2B  (led by player 2)" in out
    assert "Talon               empty" in out
    assert "already played" in out
    assert "Trumps in play      none  (0)" in out
    assert "Points in play      21" in out
    assert "Score" not in out
    assert "Unseen" not in out


def test_show_clairvoyant_lists_the_talon_order():
    text = ("hand1=4C,RC,FD hand2=4B,AC,AD talon=RS,7B,4D,CB,AB,4S,FC,AS briscola=AS "
            "played=2B,5B,6B,FB,RB,3B,2C,5C,6C,7C,CC,3C,2D,5D,6D,7D,CD,RD,3D,2S,5S,6S,7S,FS,CS,3S turn=2")
    out = run(["show", text]).stdout
    assert "Talon order         RS 7B 4D CB AB 4S FC AS  (top first)" in out
    assert "Unseen" not in out
    assert "Player 2 to move" in out
    assert "Trumps in play      4S RS AS  (3)" in out


def test_show_trump_card_in_hand():
    out = run(["show", "hand1=AD,4S hand2=7C,2D briscola=4S turn=2"]).stdout
    assert "in player 1's hand" in out


def test_show_italian():
    r = run(["show", POS, "--lang", "it"])
    assert r.exit_code == 0
    out = r.stdout
    assert out.splitlines()[0] == "Briscola scoperta: Giocatore 1 di mano"
    assert "seme di briscola spade" in out
    assert "Tallone             4 carte, in cima CB" in out
    assert "Punti in gioco      44" in out
    assert "Punteggio           40-36" in out
    out = run(["show", "hand1=AD,2B hand2=7C,2D briscola=4C turn=1", "--lang", "it"]).stdout
    assert "coppe" in out
    out = run(["show", "hand1=AD,2B hand2=7C,2D briscola=4B turn=1", "--lang", "it"]).stdout
    assert "bastoni" in out
    out = run(["show", "hand1=AD,2B hand2=7C,2D briscola=4D turn=1", "--lang", "it"]).stdout
    assert "denari" in out


def test_stdin():
    r = run(["show", "-"], stdin="\n" + POS + "\n")
    assert r.exit_code == 0
    assert r.stdout == run(["show", POS]).stdout


def test_colours_only_when_allowed():
    coloured = run(["show", POS], color=True).stdout
    assert ESC in coloured
    assert ESC not in run(["show", POS], color=True, env={"NO_COLOR": "1"}).stdout
    assert ESC not in run(["show", POS, "--no-color"], color=True).stdout
    assert ESC in run(["show", POS, "--color"], color=True, env={"NO_COLOR": "1"}).stdout
    # colours change nothing but the styling
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == run(["show", POS]).stdout


@pytest.mark.parametrize("args,needle", [
    (["show", "hand1=AD,7C hand2=3D,RS table=2B briscola=4S turn=2"], "leader holds one card fewer"),
    (["show", "hand1=XX hand2=2C briscola=RD turn=1"], "unknown card 'XX'"),
    (["show", ""], "empty position"),
    (["show", "-"], "no position on standard input"),
    (["show", POS, "--lang", "fr"], "--lang"),
    (["show"], "POSITION"),
    (["show", POS, "extra"], "extra"),
])
def test_bad_input_is_one_line_on_stderr(args, needle):
    r = run(args, stdin="")
    assert r.exit_code == 2
    err = r.stderr
    assert err.startswith("error: ")
    assert err.count("\n") == 1
    assert needle in err
    assert "Traceback" not in err + r.stdout
    assert r.stdout == ""


def test_two_positions_on_stdin_refused():
    r = run(["show", "-"], stdin=POS + "\n" + POS + "\n")
    assert r.exit_code == 2
    assert r.stderr.startswith("error: show reads one position")


@pytest.mark.parametrize("seed", range(40))
def test_render_any_position(seed):
    rng = random.Random(seed)
    pos = random_position(rng, rng.choice(range(0, 36, 2)), mid_trick=seed % 2 == 0,
                          clairvoyant=seed % 3 == 0, with_score=seed % 5 != 0)
    for lang in ("en", "it"):
        text = render(pos, lang)
        assert text.count("<-") == 1
        assert f"{pos.points_in_play}" in text
        for c in range(40):
            if (pos.hands[0] | pos.hands[1]) >> c & 1:
                assert card_str(c) in text
    with pytest.raises(ValueError):
        render(parse_position(POS), "fr")


@pytest.mark.parametrize("text, rows", [
    ("variant=briscolone hand1=AB,2C hand2=3B,4C turn=1",
     ["Briscolone: Player 1 to move", "Player 2            3B 4C",
      "Briscola            none (no trump in this game)", "Cards played        36 (18 tricks)"]),
    ("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1",
     ["Briscola: Player 1 to move", "Player 2            3 cards, hidden",
      "Talon               34 cards, covered", "Unseen              2B 4B"]),
    ("variant=scoperta4 hand1=4D,6D hand2=AB,2D,7D hand3=7B,7C,7S hand4=AC,4S,FS table=3S "
     "top=3D briscola=RS played=- turn=2",
     ["Briscola scoperta, 4 players: Player 2 to answer", "Player 4            AC 4S FS",
      "Table               3S  (led by player 1)", "Talon               28 cards, top 3D"]),
    ("variant=libero hand1=AB hand2=3B,4C table=5D turn=2",
     ["Briscolone libero: Player 2 to answer", "Table               5D  (led by player 1)"]),
])
def test_show_draws_every_variant(text, rows):
    """`show` refused every game but 2-player scoperta; str() of any position is its board."""
    r = run(["show", text])
    assert r.exit_code == 0, r.output
    for row in rows:
        assert row in r.stdout, (row, r.stdout)
    assert str(parse_position(text)) == r.stdout.rstrip("\n")
    assert run(["show", text, "--lang", "it"]).exit_code == 0
