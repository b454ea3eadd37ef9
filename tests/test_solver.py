"""The fast solver against the reference, the independent solver's positions (tests/data), and the game's symmetries."""
from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from reference import load_positions, ref_values
from solver.analysis import analyse
from solver.cards import card_str, cards_of, mask_points, parse_card
from solver.position import Position, parse_position
from solver.random_positions import random_position

# (talon, clairvoyant, how many) — about 2,300 positions a run, both objectives, start and mid-trick
PLAN = [(0, False, 700), (2, False, 500), (4, False, 250), (4, True, 150),
        (6, False, 120), (6, True, 200), (8, True, 120), (8, False, 3)]


def _fast_values(pos, objective):
    a = analyse(pos, objective)
    assert a.exact
    return {m.card: m.value_exact for m in a.moves}, a


def _cases():
    for talon, clair, n in PLAN:
        yield pytest.param(talon, clair, n, id=f"talon{talon}-{'dd' if clair else 'ex'}")


@pytest.mark.parametrize("talon,clair,n", list(_cases()))
def test_fast_solver_equals_reference(talon, clair, n):
    rng = random.Random(1000 * talon + clair)
    for i in range(n):
        pos = random_position(rng, talon, mid_trick=bool(i % 2), clairvoyant=clair,
                              with_score=True)
        objective = "win" if i % 3 == 2 else "points"
        fast, a = _fast_values(pos, objective)
        ref = ref_values(pos, objective)
        assert fast == ref, f"{pos} [{objective}]"
        best_v = max(ref.values())
        assert set(a.best) == {c for c, v in ref.items() if v == best_v}
        assert a.value_exact == best_v


@pytest.mark.parametrize("name", ["scoperta-dev", "scoperta-win-dev"])
def test_independent_positions(name):
    lines = load_positions(name)
    assert lines, f"tests/data/{name}.jsonl not found"
    for d in lines:
        pos = parse_position(d["position"])
        objective = "win" if d["kind"] == "win" else "points"
        a = analyse(pos, objective)
        assert a.exact
        assert a.value_exact == Fraction(d["value"]), d["position"]
        assert sorted(card_str(c) for c in a.best) == sorted(d["best"]), d["position"]
        assert {card_str(m.card): m.value_exact for m in a.moves} == \
            {k: Fraction(v) for k, v in d["moves"].items()}, d["position"]
        assert a.to_json()["value_exact"] == str(Fraction(d["value"]))


def _swap_suits(pos: Position, perm: list[int]) -> Position:
    def m(c):
        return perm[c // 10] * 10 + c % 10

    def mm(mask):
        out = 0
        for c in cards_of(mask):
            out |= 1 << m(c)
        return out
    return replace(pos, hands=tuple(mm(h) for h in pos.hands),
                   table=tuple(m(c) for c in pos.table),
                   top=-1 if pos.top < 0 else m(pos.top), briscola=m(pos.briscola),
                   played=mm(pos.played),
                   talon_order=None if pos.talon_order is None else tuple(m(c) for c in pos.talon_order))


@pytest.mark.parametrize("talon", [0, 2, 4, 6])
def test_swapping_players_negates_value(talon):
    rng = random.Random(7 + talon)
    for i in range(60):
        pos = random_position(rng, talon, mid_trick=bool(i % 2), with_score=True)
        sw = pos.swapped()
        for objective, neg in (("points", lambda v: -v), ("win", lambda v: 1 - v)):
            # value for player 1: after the seats are exchanged it is the negation
            # (points) or the complement (win) of what it was
            v = analyse(pos, objective).value_exact
            w = analyse(sw, objective).value_exact
            p1_before = v if pos.to_move == 0 else neg(v)
            p1_after = w if sw.to_move == 0 else neg(w)
            assert p1_after == neg(p1_before), (str(pos), objective)


@pytest.mark.parametrize("talon", [0, 2, 4, 6])
def test_non_trump_suit_permutation_changes_nothing(talon):
    rng = random.Random(70 + talon)
    for i in range(40):
        pos = random_position(rng, talon, mid_trick=bool(i % 2), with_score=True)
        others = [s for s in range(4) if s != pos.trump_suit]
        shuffled = others[:]
        rng.shuffle(shuffled)
        perm = list(range(4))
        for a, b in zip(others, shuffled):
            perm[a] = b
        q = _swap_suits(pos, perm)
        assert parse_position(q.to_text()) == q
        va, vb = analyse(pos), analyse(q)
        assert va.value_exact == vb.value_exact
        assert sorted(m.value_exact for m in va.moves) == sorted(m.value_exact for m in vb.moves)


def _after(pos: Position, card: int, objective: str) -> Fraction:
    """A card's value from the values of the positions after it (and after the draws)."""
    mover = pos.to_move
    if pos.table and pos.talon_size > 2 and not pos.clairvoyant:
        un = cards_of(pos.unseen)
        children = [pos.play(card, (pos.top, x, y)) for x in un for y in un if y != x]
    else:
        children = [pos.play(card)]
    total = Fraction(0)
    for ch in children:
        if ch.is_over:
            v = Fraction(0)
            if objective == "win":
                me = ch.score[mover]
                v = Fraction(1) if me > 60 else Fraction(1, 2) if me == 60 else Fraction(0)
        else:
            v = analyse(ch, objective).value_exact
            if ch.to_move != mover:
                v = -v if objective == "points" else 1 - v
        if objective == "points" and pos.table:
            pts = mask_points((1 << pos.table[0]) | (1 << card))
            v += pts if (ch.to_move == mover or (ch.is_over and _won_last(pos, card))) else -pts
        total += v
    return total / len(children)


def _won_last(pos: Position, card: int) -> bool:
    from solver.rules import trick_winner
    return trick_winner([pos.table[0], card], pos.trump_suit) == 1


@pytest.mark.parametrize("talon", [0, 2, 4])
def test_card_value_equals_value_after_playing_it(talon):
    rng = random.Random(700 + talon)
    for i in range(40):
        pos = random_position(rng, talon, mid_trick=bool(i % 2), with_score=True)
        for objective in ("points", "win"):
            a = analyse(pos, objective)
            for m in a.moves:
                assert m.value_exact == _after(pos, m.card, objective), (pos, card_str(m.card))


def test_hand_checked_endgames():
    # Last trick: the 3 of cups led, the 2 of cups cannot take it: 10 points to the mover.
    p = parse_position("hand1=3C hand2=2C briscola=RD turn=1")
    assert analyse(p).value_exact == 10
    # Two zero-point cards of one suit: the 7 beats the 2. Player 2 answers the 2 of swords
    # with the 7, takes the trick and leads the 3 of cups, which the Ace of swords cannot
    # take (no trump): +21. Answering with the 3 of cups instead gives everything away.
    p = parse_position("hand1=AS hand2=7S,3C table=2S briscola=4B turn=2")
    a = analyse(p)
    assert a.value_exact == 21 and a.best == (parse_card("7S"),)
    assert a.move(parse_card("3C")).value_exact == -21
    # a low trump beats an Ace of another suit
    p = parse_position("hand1=2B hand2=- table=AS briscola=4B turn=1")
    assert analyse(p).value_exact == 11
    # the loser of the last-draw trick gets the trump card: player 1 leads the 2 of swords,
    # player 2 must decide; with top=3C and briscola=AB whoever loses draws the Ace of trumps
    p = parse_position("hand1=2S,4S,5S hand2=6S,7S,FC top=3C briscola=AB turn=1 "
                       "played=" + ",".join(card_str(c) for c in range(40)
                                            if c not in {parse_card(x) for x in
                                                         "2S 4S 5S 6S 7S FC 3C AB".split()}))
    a = analyse(p)
    assert a.exact and len(a.moves) == 3


def test_objective_win_needs_score():
    p = parse_position("hand1=3C hand2=2C briscola=RD turn=1")
    from solver.position import PositionError
    with pytest.raises(PositionError, match="score"):
        analyse(p, "win")


def test_time_limit_returns_labelled_estimate():
    rng = random.Random(5)
    pos = random_position(rng, 20)
    a = analyse(pos, seconds=0.5)
    assert not a.exact
    assert a.value_exact is None
    assert a.to_json()["exact"] is False
    assert {m.card for m in a.moves} == set(pos.legal_cards())


def test_estimate_limit_caps_the_estimate_not_the_exact_search():
    from cli.cmd_analyse import DEFAULT_ESTIMATE_TIME, DEFAULT_TIME_LIMIT, limits
    assert limits(None) == (DEFAULT_TIME_LIMIT, DEFAULT_ESTIMATE_TIME)
    assert limits(7.5) == (7.5, None)
    rng = random.Random(5)
    early = random_position(rng, 24)
    a = analyse(early, seconds=600, estimate_limit=0.3)
    assert not a.exact and a.seconds < 60  # 600 s would be spent without the cap
    late = random_position(rng, 6)
    b = analyse(late, seconds=600, estimate_limit=0.0001)
    assert b.exact  # the cap does not touch an exact search


@pytest.mark.parametrize("objective", ["points", "win"])
def test_principal_line_is_the_references_best_play(objective):
    """Every card of the line is the lowest of the reference's best cards at its step, and
    the line runs until a draw nobody knows or the end of the deal."""
    rng = random.Random(555)
    for i in range(24):
        talon = (0, 2, 4, 6)[i % 4]
        pos = random_position(rng, talon, mid_trick=bool(i % 2), clairvoyant=talon >= 4,
                              with_score=True)
        a = analyse(pos, objective)
        p = pos
        for k, c in enumerate(a.pv):
            ref = ref_values(p, objective)
            top = max(ref.values())
            assert c == min(x for x in ref if ref[x] == top), (pos.to_text(), k)
            if k < len(a.pv) - 1:
                p = p.play(c)
        last = a.pv[-1]
        chance = bool(p.table) and not p.clairvoyant and p.talon_size > 2
        assert chance or p.play(last).is_over, pos.to_text()
