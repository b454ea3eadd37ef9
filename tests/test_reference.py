"""The reference solver against the independent solver's positions, hand-worked cases and
its own invariants; then the project's analysis API against the reference."""
from __future__ import annotations

import os
import random
from fractions import Fraction

import pytest

from reference import load_positions, ref_value, ref_values
from solver.cards import card_str, cards_of, mask_points, parse_card
from solver.position import parse_position
from solver.random_positions import random_position

# Every line up to talon 8 (14 when clairvoyant) agrees; by default the slow ones (several
# seconds each) are sampled, BRISCOLA_SLOW_TESTS=1 runs them all.
SLOW = bool(os.environ.get("BRISCOLA_SLOW_TESTS"))
MAX_TALON = {"ex": 8, "dd": 14, "win": 8}
FAST_TALON = {"ex": 6, "dd": 8, "win": 6}
ALL_LINES = [d for name in ("scoperta-dev", "scoperta-win-dev") for d in load_positions(name)]


def _pick(lines):
    """The fast lines, and the last slow line of each kind (the cheapest in today's file)."""
    slow = [d for d in lines if FAST_TALON[d["kind"]] < d["talon"] <= MAX_TALON[d["kind"]]]
    keep = slow if SLOW else list({d["kind"]: d for d in slow}.values())
    return [d for d in lines if d["talon"] <= FAST_TALON[d["kind"]] or d in keep]


LINES = _pick(ALL_LINES)


def _id(d):
    return f"{d['kind']}-t{d['talon']}-{ALL_LINES.index(d)}"


def test_positions_found():
    assert len(ALL_LINES) >= 150, "tests/data/*.jsonl missing"
    assert len(LINES) >= 150


@pytest.mark.parametrize("d", LINES, ids=_id)
def test_matches_independent_solver(d):
    pos = parse_position(d["position"])
    objective = "win" if d["kind"] == "win" else "points"
    assert (pos.talon_order is not None) == (d["kind"] == "dd")
    vals = ref_values(pos, objective)
    assert {card_str(c): v for c, v in vals.items()} == {k: Fraction(v) for k, v in d["moves"].items()}
    best = max(vals.values())
    assert best == Fraction(d["value"]) == ref_value(pos, objective)
    assert sorted(card_str(c) for c, v in vals.items() if v == best) == sorted(d["best"])


def P(text):
    return parse_position(text)


def test_last_trick_by_hand():
    # 3C beats 2C: the mover takes 10
    pos = P("hand1=3C hand2=2C briscola=RD turn=1")
    assert ref_values(pos) == {parse_card("3C"): 10}
    # a low trump takes an Asso of another suit: the follower gets 11
    pos = P("hand1=2D hand2=- table=AS briscola=RD turn=1")
    assert ref_value(pos) == 11
    # off-suit, no trump: the leader keeps the trick
    pos = P("hand1=AC hand2=- table=2S briscola=RD turn=1")
    assert ref_value(pos) == -11


def test_two_tricks_by_hand():
    pos = P("hand1=AB,3S hand2=2D,4C briscola=RD turn=1")
    # AB led: 2D trumps it (-11) and 4C then takes 3S (-10), rather than 4C under (+11) and
    # 2D trumping 3S (-10). 3S led: 2D trumps (-10), 4C led beats AB off-suit (-11).
    assert ref_values(pos) == {parse_card("AB"): -21, parse_card("3S"): -21}


def _child_value(pos, child, objective):
    """A child's value for ``pos``'s mover (child values are for the child's mover)."""
    v = ref_value(child, objective) if not child.is_over else _terminal(child, objective)
    if child.to_move == pos.to_move:
        return v
    return -v if objective == "points" else 1 - v


def _terminal(pos, objective):
    if objective == "points":
        return Fraction(0)
    me = pos.score[pos.to_move]
    return Fraction(1) if me > 60 else Fraction(1, 2) if me == 60 else Fraction(0)


def _one_step(pos, card, objective):
    """The value of ``card`` from the children built by Position.play: the Bellman equation."""
    if not pos.table:
        return _child_value(pos, pos.play(card), objective)
    if pos.talon_size > 2 and pos.talon_order is None:
        unseen = cards_of(pos.unseen)
        children = [pos.play(card, draws=(pos.top, u, t)) for u in unseen for t in unseen if t != u]
    else:
        children = [pos.play(card)]
    total = Fraction(0)
    for child in children:
        v = _child_value(pos, child, objective)
        if objective == "points":
            pts = mask_points(child.played & ~pos.played)
            v += pts if child.to_move == pos.to_move else -pts
        total += v
    return total / len(children)


@pytest.mark.parametrize("seed", range(16))
def test_bellman_equation_with_position_play(seed):
    rng = random.Random(500 + seed)
    objective = "win" if seed % 4 == 3 else "points"
    pos = random_position(rng, (4, 6, 2, 0)[seed % 4], mid_trick=seed % 2 == 1,
                          clairvoyant=seed % 8 == 5, with_score=True)
    vals = ref_values(pos, objective)
    assert set(vals) == set(pos.legal_cards())
    for c, v in vals.items():
        assert v == _one_step(pos, c, objective), card_str(c)


@pytest.mark.parametrize("seed", range(12))
def test_seat_swap_invariant(seed):
    rng = random.Random(seed)
    pos = random_position(rng, rng.choice([0, 2, 4]), mid_trick=seed % 2 == 1,
                          clairvoyant=seed % 3 == 0, with_score=True)
    assert ref_values(pos) == ref_values(pos.swapped())
    assert ref_values(pos, "win") == ref_values(pos.swapped(), "win")


@pytest.mark.parametrize("seed", range(20))
def test_win_agrees_with_points_without_chance(seed):
    """Without chance the win value is a step function of the minimax points margin."""
    rng = random.Random(100 + seed)
    pos = random_position(rng, rng.choice([0, 0, 2, 4, 6]), mid_trick=seed % 2 == 0,
                          clairvoyant=True, with_score=True)
    v = ref_value(pos)
    assert v.denominator == 1
    final = Fraction(pos.score[pos.to_move]) + (pos.points_in_play + v) / 2
    expected = Fraction(1) if final > 60 else Fraction(1, 2) if final == 60 else Fraction(0)
    assert ref_value(pos, "win") == expected


def test_rejects_bad_objective():
    pos = P("hand1=3C hand2=2C briscola=RD turn=1")
    with pytest.raises(ValueError):
        ref_values(pos, "win")
    with pytest.raises(ValueError):
        ref_values(pos, "fun")


# ----- the analysis API (whatever its backend) against the reference ---------------------

def _api_cases():
    rng = random.Random(2024)
    cases = []
    for i in range(24):
        talon = (0, 0, 2, 2, 4, 6)[i % 6]
        clair = talon == 6 or (talon == 4 and i % 2 == 0)
        pos = random_position(rng, talon, mid_trick=i % 3 == 1, clairvoyant=clair, with_score=True)
        cases.append((pos, "win" if i % 4 == 3 else "points"))
    return cases


API_CASES = _api_cases()


@pytest.mark.parametrize("pos,objective", API_CASES,
                         ids=[f"{o}-t{p.talon_size}-{i}" for i, (p, o) in enumerate(API_CASES)])
def test_analysis_api_matches_reference(pos, objective):
    from solver.analysis import analyse
    a = analyse(pos, objective)
    ref = ref_values(pos, objective)
    assert a.exact
    assert {m.card: m.value_exact for m in a.moves} == ref
    assert a.value_exact == max(ref.values())
    assert set(a.best) == {c for c, v in ref.items() if v == a.value_exact}
