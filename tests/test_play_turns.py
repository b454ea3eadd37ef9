"""`briscola play`, a turn at a time (issue 41, item 9): `u` lists the cards your seat has not
seen in every game (classic refused it), the last card of your hand is played for you and
said, the draws are named in drawing order (the trick's winner first; an engine's hidden
draw never named), and a refused card is refused in the session's language."""
import re

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.cards import card_str
from solver.record import read_record, replay_all

TPM = "0.03"
SCRIPT = "".join(card_str(c) + "\n" for _ in range(25) for c in range(40))
UNSEEN = re.compile(r"^Cards you have not seen \((\d+)\): (.*)$")


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input, env={"NO_COLOR": "1"})


@pytest.mark.parametrize("variant, seen", [("classic", 3 + 1), ("briscolone", 5),
                                           ("libero", 5), ("scoperta4", 4 * 3 + 1 + 1),
                                           ("scoperta", 2 * 3 + 1 + 1)])
def test_u_lists_the_cards_your_seat_has_not_seen_in_every_game(variant, seen):
    """At the deal: every card but your hand, the turned trump card, and in the open games
    the other hands and the visible top card."""
    r = run("play", "--variant", variant, "--seed", "4", "--level", "easy", "--time-per-move",
            TPM, input="u\nq\n")
    assert r.exit_code == 0, r.output
    line = next(ln for ln in r.output.splitlines() if UNSEEN.match(ln))
    n, cards = UNSEEN.match(line).groups()
    assert int(n) == 40 - seen == len(cards.split())
    hand = re.search(r"Your cards: ([^\n(]*)", r.output).group(1).split()
    assert not set(hand) & set(cards.split())


def test_b_draws_the_board_your_seat_sees_in_a_hidden_game():
    r = run("play", "--variant", "classic", "--seed", "4", "--level", "easy", "--time-per-move",
            TPM, input="b\nq\n")
    assert r.exit_code == 0, r.output
    assert "Player 2            3 cards, hidden" in r.output
    assert "unknown card 'b'" not in r.output


@pytest.mark.parametrize("variant", ["scoperta", "classic", "briscolone", "scoperta4"])
def test_the_last_card_of_your_hand_is_played_for_you(variant, tmp_path):
    out = tmp_path / "g.json"
    r = run("play", "--variant", variant, "--seed", "6", "--level", "easy", "--time-per-move",
            TPM, "--record-out", str(out), input=SCRIPT)
    assert r.exit_code == 0, r.output
    end = replay_all(read_record(str(out)))[0]
    assert end.is_over
    said = re.findall(r"Your last card, (\w\w), is played for you\.", r.output)
    mine = [c for t in end.tricks for k, c in enumerate(t.cards) if (t.leader + k) % end.players == 0]
    assert said == [card_str(mine[-1])]
    # the prompt came once per card you chose: not for the last one
    assert r.output.count("Your cards: ") == len(mine)
    turns = r.output.split("Your cards: ")[1:]
    assert "Your card> " not in turns[-1]


@pytest.mark.parametrize("variant", ["scoperta", "classic", "briscolone", "libero"])
def test_the_draws_are_named_in_drawing_order(variant, tmp_path):
    """"Draws: you RD, the engine 2B" named the loser first when the engine took the trick."""
    out = tmp_path / "g.json"
    r = run("play", "--variant", variant, "--seed", "2", "--level", "easy", "--time-per-move",
            TPM, "--record-out", str(out), input=SCRIPT)
    assert r.exit_code == 0, r.output
    end = replay_all(read_record(str(out)))[0]
    lines = [ln for ln in r.output.splitlines() if ln.startswith("Draws: ")]
    tricks = [t for t in end.tricks if t.draws]
    assert len(lines) == len(tricks) == (40 - 2 * end.variant.hand_size) // 2
    names = ("you", "the engine")
    for ln, t in zip(lines, tricks):
        first, second = ln[len("Draws: "):].rstrip(".").split(", then ")
        assert first.startswith(names[t.winner] + " ") and second.startswith(names[1 - t.winner])
        for who, text, c in ((t.winner, first, t.draws[0]), (1 - t.winner, second, t.draws[1])):
            shown = who == 0 or variant == "scoperta" or c == end.briscola
            assert text.endswith(card_str(c) if shown else "a hidden card"), ln


def test_refusals_speak_the_sessions_language():
    r = run("play", "--variant", "briscolone", "--seed", "5", "--level", "easy", "--lang", "it",
            "--time-per-move", TPM, input="zz\n" + SCRIPT)
    assert r.exit_code == 0, r.output
    out = r.output
    assert "carta sconosciuta 'zz'" in out and "non è nella tua mano" in out
    assert "devi rispondere a " in out
    assert "player 1" not in out and "unknown card" not in out and "must follow" not in out
