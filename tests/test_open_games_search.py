"""The general kernel (solver.search.general via solver.analysis.driver) against the slow reference
(tests/open_games_reference.py), against the 2-player scoperta kernel, and on hand-checked positions."""
from __future__ import annotations

import json
import random
import zlib
from fractions import Fraction

import pytest
from click.testing import CliRunner

import open_games_reference as R
from reference import load_positions
from cli.main import cli
from solver.analysis import analyse
from solver.cards import parse_card, parse_cards
from solver.analysis.driver import GENERAL, exact_values
from solver.analysis.result import Way
from solver.position import Position, parse_position

# (variant, talon, cards on the table, hand size when the talon is empty, positions, clairvoyant)
CASES = [
    ("briscolone", 0, 0, 5, 3, False), ("briscolone", 0, 1, 4, 3, False),
    ("libero", 0, 0, 5, 3, False), ("libero", 0, 1, 3, 3, False),
    ("classic", 0, 0, 3, 3, False), ("classic", 0, 1, 3, 3, False),
    ("scoperta4", 0, 0, 3, 2, False), ("scoperta4", 0, 1, 3, 2, False),
    ("scoperta4", 0, 2, 2, 2, False), ("scoperta4", 0, 3, 3, 2, False),
    ("classic", 2, 0, None, 2, False), ("classic", 2, 1, None, 2, False),
    ("classic", 4, 1, None, 1, False),
    ("briscolone", 2, 1, None, 2, False), ("libero", 2, 1, None, 1, False),
    ("scoperta4", 4, 3, None, 2, False),
    ("briscolone", 4, 1, None, 1, True), ("classic", 6, 0, None, 1, True),
    ("libero", 2, 0, None, 1, True), ("scoperta4", 4, 2, None, 1, True),
]


@pytest.mark.parametrize("variant,talon,table,hand,count,clair", CASES)
def test_kernel_matches_reference(variant, talon, table, hand, count, clair):
    rng = random.Random(zlib.crc32(f"{variant}/{talon}/{table}/{clair}".encode()))
    for _ in range(count):
        h = rng.randint(1, hand) if hand else None
        if h is not None and table and h == 1 and variant == "scoperta4":
            h = 2
        pos = R.random_position(variant, talon, table, rng, hand=h, with_score=True,
                                clairvoyant=clair)
        for objective in ("points", "win"):
            want = R.move_values(pos, objective)
            got, _ = exact_values(pos, objective)
            assert got == want, (pos.to_text(), objective)
        R.clear()


@pytest.mark.parametrize("variant", ["classic", "briscolone", "libero"])
def test_last_three_tricks_by_loops_match_the_reference(variant):
    """A 2-player lead with three cards each and the talon empty is valued by loops
    (solver/search/endgame.py), not searched: from four and five cards a hand, at a trick's
    start and mid-trick, every card's value agrees with the reference for both objectives,
    with trumps (classic) and with and without the duty to follow suit."""
    rng = random.Random(zlib.crc32(f"loops/{variant}".encode()))
    for k in range(16):
        pos = R.random_position(variant, 0, k % 2, rng, hand=4 + (k // 2) % 2, with_score=True)
        for objective in ("points", "win"):
            got, _ = exact_values(pos, objective)
            assert got == R.move_values(pos, objective), (pos.to_text(), objective)
        R.clear()
    # and where the last draw leads into them
    for _ in range(3):
        pos = R.random_position(variant, 2, 1, rng, with_score=True)
        got, _ = exact_values(pos, "points")
        assert got == R.move_values(pos, "points"), pos.to_text()
        R.clear()


def test_general_kernel_on_scoperta_matches_stored_values():
    """2-player scoperta expressed as data gives the independent solver's values."""
    lines = load_positions("scoperta-dev")
    assert lines, "tests/data/scoperta-dev.jsonl not found"
    taken = {}
    for d in lines:
        key = (d["kind"], d["talon"])
        if d["talon"] > 6 or taken.get(key, 0) >= 6:
            continue
        taken[key] = taken.get(key, 0) + 1
        pos = parse_position(d["position"])
        got, _ = exact_values(pos, "points", kernel=GENERAL)
        want = {parse_card(c): Fraction(v) for c, v in d["moves"].items()}
        assert got == want, d["position"]
    assert sum(taken.values()) >= 20


def test_general_kernel_on_scoperta_matches_scoperta_kernel():
    from solver.analysis import driver as engine
    from solver.cards import POINTS, mask_of
    from solver.position import Position
    rng = random.Random(5)
    for talon in (0, 2, 4, 6):
        for k in range(3):
            deck = list(range(40))
            rng.shuffle(deck)
            tal = deck[6:6 + talon]
            played = deck[6 + talon:]
            briscola = tal[-1] if tal else rng.choice(played)
            sc = [0, 0]
            for i in range(0, len(played), 2):
                sc[rng.randrange(2)] += int(POINTS[played[i]] + POINTS[played[i + 1]])
            order = tuple(tal) if (k == 2 and tal) else None
            p = Position("scoperta", (mask_of(deck[:3]), mask_of(deck[3:6])), (),
                         tal[0] if tal else -1, briscola, mask_of(played), rng.randrange(2),
                         (sc[0], sc[1]), order)
            for objective in ("points", "win"):
                want, _ = engine.exact_values(p, objective, None)
                got, _ = exact_values(p, objective, kernel=GENERAL)
                assert got == want, (p.to_text(), objective)


def _vals(text, objective="points"):
    pos = parse_position(text)
    vals, _ = exact_values(pos, objective)
    from solver.cards import card_str
    return {card_str(c): v for c, v in vals.items()}


def test_briscolone_must_follow_and_off_suit_cannot_win():
    # player 1 holds a batons card: only it may be played; the Asso di spade may not
    v = _vals("variant=briscolone hand1=4B,AS hand2=3S table=2B turn=1")
    assert set(v) == {"4B"}
    # with no batons the Asso does not follow and loses the trick to the 2
    v = _vals("variant=briscolone hand1=AS hand2=- table=2B turn=1")
    assert v == {"AS": -11}


def test_libero_has_no_duty_but_off_suit_still_loses():
    v = _vals("variant=libero hand1=4B,AS hand2=3S table=2B turn=1")
    assert set(v) == {"4B", "AS"}
    # AS discarded loses 11; then 3S led beats the off-suit 4B: 10 more
    assert v["AS"] == -21
    # 4B takes the trick, then AS led beats the 3S
    assert v["4B"] == 21


def test_four_players_partner_and_highest_trump():
    base = "variant=scoperta4 hand1=- hand2=- hand3=- hand4={h} table={t} briscola=RS turn=4"
    # seat 2's trump takes the trick for seats 2+4: the partner's card counts for the team
    assert _vals(base.format(h="4D", t="AB,3S,2B")) == {"4D": 21}
    # the highest trump wins: seat 3's 5S beats seat 2's 4S, unless seat 4 plays the 6S
    assert _vals(base.format(h="2S", t="AB,4S,5S")) == {"2S": -11}
    assert _vals(base.format(h="6S", t="AB,4S,5S")) == {"6S": 11}
    # no trump played: the strongest card of the led suit wins
    assert _vals(base.format(h="5D", t="3B,4C,AB")) == {"5D": -21}


def test_four_players_win_objective():
    text = ("variant=scoperta4 hand1=- hand2=- hand3=- hand4=5D table=3B,4C,AB briscola=RS "
            "turn=4 score=45-54")
    # the other team's 21 points take it to 66
    assert _vals(text, "win") == {"5D": 0}
    assert _vals(text.replace("5D", "2S"), "win") == {"2S": 1}


def test_analyse_dispatches_and_reports_best_and_pv():
    pos = parse_position("variant=briscolone hand1=AB,2C hand2=3B,4C turn=1")
    assert isinstance(pos, Position)
    a = analyse(pos)
    # either lead takes the 21 of AB+3B and loses 2C to 4C
    assert a.exact and a.value == 21 and set(a.best) == set(parse_cards("AB,2C"))
    assert a.pv[0] in a.best and len(a.pv) == 4


def test_sampled_estimate_when_exact_is_too_slow():
    rng = random.Random(2)
    pos = R.random_position("classic", 20, 0, rng)
    a = analyse(pos, "points", seconds=0.5)
    assert not a.exact and a.method.way == Way.SAMPLED_CLAIRVOYANT
    assert a.value_exact is None and len(a.moves) == 3
    assert all(abs(m.value) <= 120 for m in a.moves)


def test_cli_analyse_other_variants():
    r = CliRunner().invoke(cli, ["analyse", "--json",
                                 "variant=briscolone hand1=AB,2C hand2=3B,4C turn=1"])
    assert r.exit_code == 0, r.output
    j = json.loads(r.output)
    assert j["value_exact"] == "21" and j["best"] == ["AB", "2C"] and j["exact"] is True
    assert j["position"].endswith("variant=briscolone")
    r = CliRunner().invoke(cli, ["best", "variant=libero hand1=4B,AS hand2=3S table=2B turn=1"])
    assert r.exit_code == 0 and r.output.split() == ["4B"]
    r = CliRunner().invoke(cli, ["analyse", "variant=classic hand1=AD hand2=2D top=5S briscola=4S turn=1"])
    assert r.exit_code == 2 and "top card is hidden" in r.output
    assert "Traceback" not in r.output


def test_cli_reads_other_variants_from_stdin():
    lines = ("variant=libero hand1=4B,AS hand2=3S table=2B turn=1\n"
             "variant=scoperta4 hand1=- hand2=- hand3=- hand4=6S table=AB,4S,5S briscola=RS turn=4\n")
    r = CliRunner().invoke(cli, ["analyse", "-"], input=lines)
    assert r.exit_code == 0, r.output
    out = [json.loads(x) for x in r.output.splitlines()]
    assert [j["value_exact"] for j in out] == ["21", "11"]
    assert out[1]["to_move"] == 4


def test_depth_limited_estimate_when_one_solve_does_not_fit():
    rng = random.Random(4)
    pos = R.random_position("briscolone", 30, 0, rng)
    a = analyse(pos, "points", seconds=0.3)
    assert not a.exact and a.method.way == Way.SAMPLED_CLAIRVOYANT
    assert a.method.depth is not None
    assert len(a.moves) == 5 and all(abs(m.value) <= 120 for m in a.moves)


def test_draws_unknown():
    rng = random.Random(9)
    assert not R.random_position("classic", 2, 0, rng).draws_unknown      # one card left: known
    assert R.random_position("briscolone", 2, 0, rng).draws_unknown       # who gets which
    assert R.random_position("scoperta4", 4, 0, rng).draws_unknown
    assert not R.random_position("scoperta4", 8, 0, rng, clairvoyant=True).draws_unknown
