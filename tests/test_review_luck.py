"""A review tells luck from skill (issue 41): each draw's luck is the value after it less
the average over every draw that could have come (exact where the engine is exact, checked
against the reference solver), the errors and the luck add up to the result, a seat's luck
is judged from what it saw; a cost within its interval is too close to call, not a mistake;
the review's text says all of it in English and Italian."""
from __future__ import annotations

import json
import math
import os
import random
import re
import sys
import threading
import time
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from reference import ref_value
from seat_reference import draw_chances, hands_after_draw
from solver import review as R
from solver.analysis import Engine, sampling
from solver.analysis.driver import exact_values
from solver.analysis.result import Interval
from solver.cards import parse_card
from solver.game import deal_from_deck, play, to_position
from solver.players.agents import play_deal
from solver.record import deal_record, write_record

LATE = 26   # the ply a late scoperta ending starts from: talon 8, every value exact


def _p1(v, mover: int):
    return v if mover == 0 else -v


def _states(start, moves):
    out = [start]
    for c in moves:
        out.append(play(out[-1], c))
    return out


@pytest.fixture(scope="module")
def ending():
    """A scoperta deal from its 27th card on (talon 8), reviewed exactly."""
    end = play_deal("scoperta", ["greedy", "random"], 5)
    states = _states(deal_from_deck("scoperta", list(end.deck), end.dealer), end.moves)
    start, moves = states[LATE], end.moves[LATE:]
    rv = R.review_states([(start, moves)], time_limit=10.0)
    return start, moves, rv


def test_an_exact_draws_luck_is_the_value_after_it_less_the_average_of_every_draw(ending):
    start, moves, rv = ending
    states = _states(start, moves)
    draws = [LATE + k for k in range(1, len(moves) + 1)
             if states[k - 1].view().outcomes(moves[k - 1])]
    assert [d.move for d in rv.draws] == draws and len(draws) == 3   # moves count from the deal
    for d in rv.draws:
        k = d.move - LATE
        state, card, after = states[k - 1], moves[k - 1], states[k]
        view = to_position(state)
        a, b = after.side_points
        expected = sum(p * (a - b + _p1(ref_value(view.play(card, draw)), after.to_move))
                       for draw, p in view.outcomes(card))
        actual = a - b + _p1(ref_value(to_position(after)), after.to_move)
        assert d.exact and d.every_draw and d.error is None and d.player == 0
        assert d.luck_exact == actual - expected
        assert d.expected == pytest.approx(float(expected)) and d.actual == pytest.approx(float(actual))
        # the graph's jump over the draw is the luck: the card's value before it, the next
        # card's best value after it (player 1's expected final margin)
        mv = {m.number: m for m in rv.moves}
        before, nxt = mv[d.move], mv[d.move + 1]
        margin = state.side_points[0] - state.side_points[1]
        assert margin + _p1(before.value, before.player) == pytest.approx(d.expected)
        nm = after.side_points[0] - after.side_points[1]
        assert nm + _p1(nxt.best_value, nxt.player) == pytest.approx(d.actual)
        assert d.drawn == tuple(((after.tricks[-1].winner + k) % 2, c)
                                for k, c in enumerate(after.tricks[-1].draws))


def test_the_result_is_the_starting_value_plus_luck_less_each_players_errors(ending):
    """GNU Backgammon's bookkeeping, exact: final margin = the value as dealt + the luck of
    every draw - player 1's errors + player 2's."""
    start, moves, rv = ending
    assert all(m.exact for m in rv.moves)
    a, b = start.side_points
    dealt = a - b + _p1(ref_value(to_position(start)), start.to_move)
    luck = sum(d.luck_exact for d in rv.draws)
    errors = [sum(m.cost_exact for m in rv.moves if m.player == p) for p in (0, 1)]
    a, b = rv.results[0]
    assert a - b == dealt + luck - errors[0] + errors[1]
    s1, s2 = rv.stats(0), rv.stats(1)
    assert s1.luck == pytest.approx(float(luck)) and s2.luck == pytest.approx(-float(luck))
    assert s1.luck_estimated == 0 and s1.luck_draws == 3 and s1.luck_missing == 0
    assert s1.result == a - b and s1.adjusted == pytest.approx(a - b - float(luck))
    assert s2.adjusted == pytest.approx(-s1.adjusted)
    assert s1.total_cost == pytest.approx(float(errors[0]))


def test_beyond_exact_reach_the_luck_is_an_estimate_with_its_interval():
    end = play_deal("scoperta", ["greedy", "random"], 5)
    rec = deal_record(end, seed=5, players=["greedy", "random"])
    rv = R.review_record(rec, 0.05)
    assert len(rv.draws) == 16
    early, late = rv.draws[0], rv.draws[-1]
    assert not early.exact and not early.every_draw and early.error > 0
    assert late.exact and late.every_draw
    # a luck resting on an estimate whose interval is not checked against exact values says
    # so, marked * as such a cost is (the card before the draw and the one after it)
    for d in rv.draws[:3]:
        rests = [rv.moves[d.move - 1].interval, rv.moves[d.move].interval]
        assert not d.exact and d.error > 0
        assert d.unchecked == any(R._unchecked(i) for i in rests)
        assert d.sampling_only == (Interval.SAMPLING_ONLY in rests)
    assert not late.unchecked
    text = R.render_review(rv)
    assert any(d.unchecked for d in rv.draws) == bool(re.search(r" P1 [+−][\d.]+ ±[\d.]+\* ", text))
    if any(d.unchecked for d in rv.draws):
        assert "* the interval is not checked against exact values" in text
    out = rv.to_json()["luck"]
    assert "luck_error" in out[0] and out[0]["exact"] is False and out[-1]["exact"] is True
    assert [p["luck"] for p in rv.to_json()["players"]] == pytest.approx(
        [sum(d.luck for d in rv.draws), -sum(d.luck for d in rv.draws)])


def test_a_seat_is_judged_lucky_only_from_what_it_saw(monkeypatch):
    """In classic Briscola a seat's luck is its own draw, valued from its seat's view alone
    (every analysis it asks for is of that seat's hidden-hand position); after a trick it
    lost it is not measured."""
    end = play_deal("classic", ["greedy", "random"], 5)
    states = _states(deal_from_deck("classic", list(end.deck), end.dealer), end.moves)
    seen = []
    real = R.analyse

    def watch(pos, *a, **k):
        seen.append(pos)
        return real(pos, *a, **k)
    monkeypatch.setattr(R, "analyse", watch)
    monkeypatch.setattr(R, "try_analyse", lambda *a, **k: pytest.fail("an open position analysed"))
    measured = 0
    for k in (2, 4, 16, 30, 32):
        state, card, after = states[k - 1], end.moves[k - 1], states[k]
        for p in (0, 1):
            seen.clear()
            (d,) = R.draw_luck(state, card, after, 0.05, players=(p,))
            assert d.player == p and d.seat_view and all(q == p for q, _ in d.drawn)
            assert all(pos.hidden_hand and pos.seat == p for pos in seen)
            if after.to_move == p:
                measured += 1
                assert d.measured and seen and (d.exact or d.error is not None)
                # averaged over every card it could have drawn, valued at the same moment as
                # the one it drew: a seat's estimate from before the trick values the hidden
                # cards higher (they are solved in the open), which read as bad luck
                assert d.every_draw and d.draws == len(state.view(p + 1).outcomes(card))
            else:
                assert not d.measured and d.missing == "not to move" and not seen
    assert measured == 5



@pytest.fixture(scope="module")
def libero_draw():
    """A Libero card before an early draw (34 draws) after which seat 1 is to move."""
    end = play_deal("libero", ["greedy", "random"], 5)
    states = _states(deal_from_deck("libero", list(end.deck), end.dealer), end.moves)
    k = next(k for k in range(2, len(states), 2) if states[k].to_move == 0)  # seat 1 won trick 1
    return states[k - 1], end.moves[k - 1], states[k]


class _Clock:
    """A clock that moves only by what each sampled hand of a seat's pass costs: a machine
    as slow (or as fast) as asked, whatever this one is."""

    def __init__(self, per_sample: float):
        self.now, self.per_sample, self.solved = 0.0, per_sample, 0
        self.samples, self.solves = [], []

    def __call__(self) -> float:
        return self.now

    def slowed(self, real):
        def solve(*a, **k):
            self.solved += 1
            self.now += self.per_sample
            return real(*a, **k)
        return solve

    def counted(self, real):
        def draws(*a, **k):
            before, t = self.solved, self.now
            d = real(*a, **k)
            self.samples.append(d.samples)
            self.solves.append(self.solved - before)
            self.spent = self.now - t
            return d
        return draws


@pytest.fixture
def one_thread():
    """The fake clock moves by each solve as one thread spends it: the pass on one thread."""
    with Engine(threads=1) as engine, engine.active():
        yield


def _clocked(monkeypatch, per_sample):
    clock = _Clock(per_sample)
    monkeypatch.setattr(R, "perf_counter", clock)
    monkeypatch.setattr(sampling, "solve_sample", clock.slowed(sampling.solve_sample))
    monkeypatch.setattr(R, "analyse_draws", clock.counted(R.analyse_draws))
    monkeypatch.setattr(R, "MAX_DRAW_SAMPLES", 40)  # the test's time, not the pace's rule
    return clock


@pytest.mark.parametrize("per_sample", [0.0001, 0.01, 0.05],
                         ids=["a fast machine", "a slow machine", "too slow for the least"])
def test_a_seats_pass_over_every_draw_keeps_to_the_time_a_card_on_any_machine(
        monkeypatch, libero_draw, per_sample, one_thread):
    """The seat's luck is one pass of sampled deals, each valuing the draw that came and
    one other, that keeps to the review's time a card. Its samples were once sized by a
    cost measured on one machine (2.5 ms a Libero sample), which took a slower machine past
    the time and left a fast one's unused. They are sized as the pass goes by what its
    samples cost (a fake clock here, not timed): within the time on any machine where the
    least fit in it, up to the most where samples are cheap, and where not even the least
    fit, the least, which give an interval."""
    clock = _clocked(monkeypatch, per_sample)
    (d,) = R.draw_luck(*libero_draw, 0.5, players=(0,))
    (n,), (solves,) = clock.samples, clock.solves
    assert d.draws > 25 and d.measured and d.every_draw and n < solves <= 2 * n
    assert n >= R.MIN_DRAW_SAMPLES
    if per_sample * 2 * R.MIN_DRAW_SAMPLES <= 0.5:
        assert clock.spent <= 0.5, (clock.spent, n)
        assert clock.spent + 2 * per_sample > 0.5 or n == R.MAX_DRAW_SAMPLES
    else:  # the least do not fit: the least, no more
        assert n == R.MIN_DRAW_SAMPLES
    if per_sample == 0.0001:  # cheap samples: as many as the pass may have
        assert n == R.MAX_DRAW_SAMPLES


def test_a_seats_luck_on_a_count_of_samples_is_the_same_on_any_machine(monkeypatch,
                                                                      libero_draw, one_thread):
    """With a count of sampled deals, the luck does not depend on the clock."""
    lucks = []
    for per_sample in (0.0001, 0.025):
        clock = _clocked(monkeypatch, per_sample)
        (d,) = R.draw_luck(*libero_draw, 0.5, players=(0,), luck_samples=3)
        monkeypatch.undo()
        assert d.measured and clock.samples == [3] and 3 < clock.solves[0] <= 6
        lucks.append((d.luck, d.error, d.expected, d.actual))
    assert lucks[0] == lucks[1]


def test_a_seats_luck_on_a_count_of_samples_spreads_over_the_threads_with_the_same_luck(
        monkeypatch, libero_draw):
    """The paired luck's samples had a loop of their own, on one thread, whatever the
    engine's threads: they are the one sampling loop's now, so a review's luck takes about
    N times the samples in its time on N threads, and the same count gives the same luck on
    any number of them (the samples drawn in order, added in the order drawn)."""
    state, card, after = libero_draw
    view = state.view(1)
    outs = view.outcomes(card)
    b = dict(deal=1, move=1, trick=1, player=0, seat_view=True, drawn=(), draws=len(outs))
    real = sampling.solve_sample
    seen = {1: set(), 2: set()}
    lucks = {}
    for threads in (1, 2):
        def solve(*a, _threads=threads, **k):
            seen[_threads].add(threading.get_ident())
            time.sleep(0.002)  # a sample long enough that both threads take some
            return real(*a, **k)
        monkeypatch.setattr(sampling, "solve_sample", solve)
        with Engine(threads=threads) as engine, engine.active():
            d = R._seat_luck(view, card, outs, after, 0, 0.5, "points", b, 30)
        assert d.measured and d.every_draw and d.draws > 25
        lucks[threads] = (d.luck, d.error, d.expected, d.actual)
    assert len(seen[1]) == 1 and len(seen[2]) == 2
    assert lucks[1] == lucks[2]



@pytest.mark.parametrize("threads", [1, 2, 4])
def test_the_luck_pace_ends_the_last_deals_of_every_thread_in_its_time(monkeypatch, threads):
    """The pace let one more deal start while one more sample's cost, as the pass had
    spent it so far, fitted in the time left: right on one thread, but on N threads a
    sample costs the pass 1/N of a deal's solve, so the last deals of the other threads
    ended up to a solve past the time (the note's "one solve", 5-10 ms a pass here). It
    now counts the threads: their draws simulated on a fake clock, each deal solved in
    30 ms, every deal ends within the pass's 0.5 s, and the pass still fills it to within
    a solve."""
    now = [0.0]
    monkeypatch.setattr(R, "perf_counter", lambda: now[0])
    pace, cost = R._Pace(0.5), 0.03
    asks, ends = [0.0] * threads, []
    while asks:
        now[0] = t = min(asks)
        asks.remove(t)
        if pace.more(sum(e <= t for e in ends), threads):
            ends.append(t + cost)
            asks.append(t + cost)
    assert max(ends) <= pace.end + 1e-9, (max(ends), len(ends))
    assert max(ends) > pace.end - cost

def _seat_value(sp):
    """The exact value of a seat's view: its best card's mean over every consistent hand,
    each solved exactly over the talon draws."""
    every = sp.every_hand(10_000)
    total = {}
    for h in every:
        for c, v in exact_values(sp.with_hand(h), "points", None)[0].items():
            total[c] = total.get(c, 0) + v
    return float(max(total.values())) / len(every)


def test_a_seats_luck_pairs_the_draw_that_came_with_the_others_on_the_same_deals():
    """A classic review at 0.5 s a card showed a seat's early luck as +10.7 ±100.1: each
    draw's view valued on its own few sampled hands, the luck's interval that of the draw
    that came alone (two hands when it was the first of the pass). Each sampled deal now
    values the draw that came and one other on the same opponent's hand and talon order,
    the others in turn: the hidden hand's share cancels in the differences, and every deal
    counts for the draw that came. On 100 deals (200 solves, where the old pass solved
    100 hands for each of 33 draws and was still ±9.2) the interval is down to
    the method's error on a difference and a little sampling error."""
    end = play_deal("classic", ["greedy", "random"], 5)
    states = _states(deal_from_deck("classic", list(end.deck), end.dealer), end.moves)
    state, card, after = states[3], end.moves[3], states[4]
    p = after.to_move
    (d,) = R.draw_luck(state, card, after, 0.05, players=(p,), luck_samples=100)
    m = sampling.method_error(after.view(p + 1).with_hand(0), "points", sampling.HORIZON,
                              sampling.METHOD_GAP_ERROR, drawn=True)
    assert d.draws == 33 and d.measured and d.every_draw and not d.exact
    assert m < d.error < 8.5
    assert d.actual - d.expected == pytest.approx(d.luck)


def _draw_at_12_alive(variant, agents, seed):
    """(move index, state, card, state after) of the first draw of a seeded deal after which
    12 cards are alive to the seat to move: late enough for every hand to be solved."""
    end = play_deal(variant, agents, seed)
    states = _states(deal_from_deck(variant, list(end.deck), end.dealer), end.moves)
    k = next(k for k in range(1, len(states))
             if len(states[k].tricks) > len(states[k - 1].tricks) and states[k].tricks[-1].draws
             and 40 - bin(states[k].view(states[k].to_move + 1).played).count("1") == 12)
    return k, states[k - 1], end.moves[k - 1], states[k]


def test_a_seats_paired_luck_holds_the_exact_luck_where_it_can_be_computed():
    """Late in a classic deal (12 cards alive after the draw) every hand of every draw's
    view can be solved exactly: the exact luck lies in the interval of the paired samples
    (benchmarks/bench_luck.py coverage checks it on many draws)."""
    k, state, card, after = _draw_at_12_alive("classic", ["greedy", "random"], 9000)
    p = after.to_move
    view = state.view(p + 1)
    outs = view.outcomes(card)
    vals = [_seat_value(view.play(card, z)) for z, _ in outs]
    came = [view.play(card, z) for z, _ in outs].index(after.view(p + 1))
    exact = vals[came] - sum(vals) / len(vals)
    b = dict(deal=1, move=k, trick=1, player=p, seat_view=True, drawn=(), draws=len(outs))
    d = R._seat_luck(view, card, outs, after, p, 0.5, "points", b, 100)
    assert d.error < 6 and abs(d.luck - exact) <= d.error



def _weighted_value(sp, hands):
    """The exact value of a seat's view: its best card's mean over ``hands`` (each hand with
    its count of histories), each solved exactly over the talon draws."""
    total = {}
    for h, n in hands.items():
        for c, v in exact_values(sp.with_hand(h), "points", None)[0].items():
            total[c] = total.get(c, 0) + n * v
    return max(total.values()) / sum(hands.values())


@pytest.mark.parametrize("seed, agents", [(3, ["greedy", "random"]), (2, ["random", "greedy"])])
def test_a_briscolone_seats_luck_weighs_each_draw_and_hand_by_its_chance(seed, agents):
    """In Briscolone, once the opponent has not followed a suit, the cards the seat could
    have drawn are not alike (a card of that suit is likelier in the talon), nor are the
    hands it could face after each. The luck is the value after the draw that came less
    the average over the draws weighed by their chances: late in the deal (12 cards alive
    after the draw) every hand of every draw's view is solved exactly, with the chances
    and the hands' weights of tests/seat_reference.py, and the paired samples' interval
    holds that luck, and not the one with every draw (or every draw and hand) alike: the
    old pass's, which drew the other card in equal turns and each view's hand alike."""
    k, state, card, after = _draw_at_12_alive("briscolone", agents, seed)
    p = after.to_move
    view = state.view(p + 1)
    chances = draw_chances(state, p, int(card))
    assert len(set(chances.values())) > 1
    views = {z: view.play(card, (z,)) for z in chances}
    vals = {z: _weighted_value(v, hands_after_draw(state, p, int(card), z))
            for z, v in views.items()}
    alike = {z: _weighted_value(v, dict.fromkeys(v.every_hand(10_000), 1))
             for z, v in views.items()}
    came = next(z for z, v in views.items() if v == after.view(p + 1))
    exact = vals[came] - sum(q * vals[z] for z, q in chances.items())
    equal_draws = vals[came] - sum(vals.values()) / len(vals)
    all_alike = alike[came] - sum(alike.values()) / len(alike)
    outs = view.outcomes(card)
    b = dict(deal=1, move=k, trick=1, player=p, seat_view=True, drawn=(), draws=len(outs))
    d = R._seat_luck(view, card, outs, after, p, 0.5, "points", b, 400)
    assert d.error < 2.5 and abs(d.luck - float(exact)) <= d.error, (d.luck, d.error, exact)
    assert min(abs(exact - equal_draws), abs(exact - all_alike)) > d.error


def test_the_other_draws_hand_is_drawn_with_its_own_chance_and_paired_where_it_can_be():
    """The pairing of a Briscolone seat's luck (sampling.paired_hand): the hand of the view
    after another draw, given the hand drawn for the draw that came, is drawn with its own
    chance (each hand's share within 5 standard errors of its hand_chance), and is the
    came hand with the two drawn cards swapped as often as a coupling can make it: the
    overlap of the two views' chances, their least summed (a card of another suit drawn
    here, where the chances differ)."""
    end = play_deal("briscolone", ["greedy", "random"], 3)
    states = _states(deal_from_deck("briscolone", list(end.deck), end.dealer), end.moves)
    state, card = states[27], end.moves[27]
    view = state.view(states[28].to_move + 1)
    outs = view.outcomes(card)
    (z0,), _ = max(outs, key=lambda o: o[1])
    (z1,), _ = min(outs, key=lambda o: o[1])
    mine, theirs = view.play(card, (z0,)), view.play(card, (z1,))
    pair = 1 << z0 | 1 << z1
    every = theirs.every_hand(10_000)
    chance = {h: theirs.hand_chance(h) for h in every}
    overlap = sum(min(mine.hand_chance(sampling.swapped(h, pair)), q) for h, q in chance.items())
    assert z0 // 10 != z1 // 10 and len(set(chance.values())) > 1 and overlap < 1
    rng = random.Random(0)
    draw_mine = mine.hand_sampler(random.Random(1))[0]
    draw_theirs = theirs.hand_sampler(random.Random(2))[0]
    n, seen, same = 20_000, dict.fromkeys(every, 0), 0
    for _ in range(n):
        h = draw_mine()
        got = sampling.paired_hand(mine, theirs, pair, h, rng, draw_theirs)
        seen[got] += 1
        same += got == sampling.swapped(h, pair)
    for h, q in chance.items():
        assert abs(seen[h] / n - q) <= 5 * math.sqrt(q * (1 - q) / n), (h, seen[h] / n, q)
    assert abs(same / n - overlap) <= 5 * math.sqrt(overlap * (1 - overlap) / n)


def test_a_briscolone_review_values_only_the_draws_the_seat_could_make():
    """At Briscolone's last draw after the opponent answered a club with a spade, the seat
    can draw only the two clubs it has not seen (the opponent holds the other four). Every
    card it had not seen was listed as a draw, and the review, valuing every draw's
    position, stopped on one with no hand for the opponent ('no opponent hand is consistent
    with what the seat has seen'): the luck is now exact over the two."""
    end = play_deal("briscolone", ["greedy", "random"], 9319)
    states = _states(deal_from_deck("briscolone", list(end.deck), end.dealer), end.moves[:30])
    luck = R.draw_luck(states[29], end.moves[29], states[30], 0.5)
    d = next(d for d in luck if d.player == 0)
    assert d.draws == 2 and d.every_draw and d.luck_exact is not None
    assert d.luck == pytest.approx(d.actual - d.expected)

# ----- noise is not a mistake ------------------------------------------------------------

def _move(number, player, cost, error=None, exact=False, best=("AD",), card="4D"):
    return R.MoveReview(deal=1, number=number, trick=number, player=player, card=parse_card(card),
                        choices=3, best=tuple(parse_card(c) for c in best), best_value=1.0,
                        value=1.0 - cost, cost=cost, exact=exact, cost_error=error,
                        cost_exact=Fraction(cost).limit_denominator() if exact else None)


def test_a_cost_within_its_interval_is_too_close_to_call_not_a_mistake():
    moves = (_move(1, 0, 3.43, 4.9),                      # "4D, best CB: cost 3.43 ±4.9"
             _move(2, 0, 0.10, 3.8, card="AD", best=("3D",)),  # "AD cost 0.10 ±3.8"
             _move(3, 0, 6.0, 2.0),                       # clear of its interval
             _move(4, 0, 2.0, exact=True),                # exact
             _move(5, 0, 0.0, exact=True, card="AD"),     # optimal
             _move(6, 0, 0.0, 1.5, card="AD"))            # the estimate's best card
    rv = R.Review(moves, ("a", "b"), 6, (None,), players=(0,))
    assert [m.close for m in moves] == [True, True, False, False, False, False]
    assert [m.mistake for m in moves] == [False, False, True, True, False, False]
    assert [m.number for m in rv.mistakes()] == [3, 4]
    s = rv.stats(0)
    assert (s.rated, s.close, s.judged, s.optimal) == (6, 2, 4, 2) and s.accuracy == 0.5
    text = R.render_review(rv)
    assert "2/4 decisions optimal (50%)" in text and "too close to call: 2" in text
    section = text.split("Biggest mistakes:")[1].split("Accuracy:")[0]
    assert "move 3 " in section and "move 4 " in section and "move 1 " not in section
    it = R.render_review(rv, "it")
    assert "2/4 decisioni ottimali (50 %)" in it and "troppo vicine per giudicarle: 2" in it
    js = rv.to_json()
    assert [m["close"] for m in js["moves"]] == [m.close for m in moves]
    assert js["players"][0]["close"] == 2 and js["players"][0]["judged"] == 4


# ----- the text ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    end = play_deal("scoperta", ["greedy", "random"], 5)
    p = tmp_path_factory.mktemp("luck") / "game.json"
    write_record(str(p), deal_record(end, seed=5, players=["greedy", "random"]))
    return str(p)


def test_briscola_review_reports_errors_luck_and_the_luck_adjusted_result(record_file):
    r = CliRunner().invoke(cli, ["review", record_file, "--time-per-move", "0.05", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    for p in d["players"]:
        assert p["luck_draws"] == 16 and p["luck_unmeasured"] == 0
        assert p["luck_adjusted"] == pytest.approx(p["result"] - p["luck"])
        assert p["total_cost_error"] > 0 and p["luck_error"] > 0
    assert d["players"][0]["luck"] == pytest.approx(-d["players"][1]["luck"])
    assert len(d["luck"]) == 16
    r = CliRunner().invoke(cli, ["review", record_file, "--time-per-move", "0.05"])
    out = r.output
    head = "Skill and luck (expected final margin, points):"
    assert head in out and "Biggest swings of luck:" in out
    lines = out.split(head)[1].splitlines()
    for p, name in ((1, "greedy"), (2, "random")):
        line = next(ln for ln in lines if ln.startswith(f"  player {p} ({name}): errors "))
        pm = r"(±[\d.]+|\[[+−]?[\d.]+, [+−]?[\d.]+\])\*?"
        # a ± or, where it passes what the total can be, the interval's cut ends, or no
        # number where it covers (or misses) every value the total can be
        amount = rf"([+−][\d.]+ {pm}|too uncertain to tell)"
        assert re.search(rf"errors [\d.]+ {pm} \([\d.]+ per decision\), luck {amount} "
                         rf"over 16 draws; result [+−]\d+, luck-adjusted {amount}$", line), line
    rows = [ln for ln in out.splitlines() if re.match(r"\s+1\s+(1|2|3|4|5|6|7|8)\s", ln)]
    # a measured luck: its ±, its interval's cut ends (a wide ± on a loaded machine) or words
    measured = r" P1 ([+−][\d.]+ (±|\[)|too uncertain)"
    assert [bool(re.search(measured, ln)) for ln in rows] == [False, True] * 4, rows


def test_the_italian_review_table_has_whole_aligned_headers(record_file):
    r = CliRunner().invoke(cli, ["review", record_file, "--time-per-move", "0.05", "--lang", "it"])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    head = next(ln for ln in lines if "mossa" in ln and "migliore" in ln)
    assert "smaz " not in head and "gioc. " not in head
    assert head.split()[:8] == ["smazzata", "mossa", "presa", "giocatore", "giocata", "migliore",
                                "costo", "fortuna"]
    row = next(ln for ln in lines if re.match(r"\s+1\s+2\s", ln))
    # each column ends where its title ends
    for title, value in (("smazzata", "1"), ("mossa", "2"), ("presa", "1")):
        end = head.index(title) + len(title)
        assert row[end - len(value):end] == value, (head, row)
    assert "Abilità e fortuna (margine finale atteso, punti):" in r.output
    assert "fortuna" in r.output and "al netto della fortuna" in r.output


def test_the_review_progress_line_speaks_italian_on_a_terminal(record_file):
    """On a terminal the review counts the moves on stderr as it goes: in the review's
    language (it said "reviewing move" in Italian too)."""
    pexpect = pytest.importorskip("pexpect")
    root = Path(__file__).resolve().parent.parent   # this checkout's code, on a terminal
    child = pexpect.spawn(sys.executable, ["-c", "from cli.main import cli; cli()", "review", record_file,
                                           "--time-per-move", "0.05", "--lang", "it"],
                          cwd=str(root), encoding="utf-8", timeout=180,
                          env={**os.environ, "NO_COLOR": "1"})
    child.expect(pexpect.EOF)
    out = child.before
    child.close()
    assert child.exitstatus == 0, out
    assert "analizzo la mossa 40/40" in out and "reviewing" not in out
    assert "Abilità e fortuna" in out


def test_a_review_on_the_cluster_has_the_luck_of_every_draw(record_file):
    pytest.importorskip("distributed", reason="the cluster extra (Dask) is not installed")
    from solver import cluster as cl
    args = ["review", record_file, "--time-per-move", "0.05", "--json"]
    local = json.loads(CliRunner().invoke(cli, args).stdout)
    with cl.connect(workers=2) as c:
        remote = json.loads(CliRunner().invoke(cli, args + ["--cluster", c.scheduler.address]).stdout)
    assert [d["move"] for d in remote["luck"]] == [d["move"] for d in local["luck"]] and local["luck"]
    exact = [(a, b) for a, b in zip(local["luck"], remote["luck"]) if a["exact"] and b["exact"]]
    assert exact and all(a["luck_exact"] == b["luck_exact"] for a, b in exact)
    assert remote["players"][0]["luck_draws"] == 16


def test_the_boards_review_of_a_classic_card_gives_the_seats_own_luck():
    """/api/review/move's luck in a hidden-card game: each seat's own draw, from its seat (the
    cards drawn that it saw, nothing of the other hand's), measured when it leads next."""
    from solver.web import games
    g = games.new_game("classic", 6)
    while not g.state.is_over:
        g = games.play(g, games.engine_card(g, "greedy"))
    seen = 0
    for k in (2, 4, 6, 30, 32, 34):
        r = games.review_one(g, k, 0.05)
        after = g.states[k]
        assert r["luck"] and all(d["view"] == "seat" for d in r["luck"])
        for d in r["luck"]:
            assert [x["player"] for x in d["drawn"]] == [d["player"]]
            mine = after.hands[d["player"] - 1] & ~g.states[k - 1].hands[d["player"] - 1]
            assert [parse_card(x["card"]) for x in d["drawn"]] == [c for c in range(40) if mine >> c & 1]
            assert (d["luck"] is not None) == (after.to_move == d["player"] - 1)
            seen += d["luck"] is not None
            if d["luck_interval"]:   # within what the luck can be (tests/test_luck_bounds.py)
                lo, hi = d["luck_interval"]
                assert -d["luck_bound"] <= lo <= hi <= d["luck_bound"]
    assert seen == 6


def test_a_seats_luck_late_in_the_deal_has_no_sampling_error():
    """Once every hand a seat could face is solved in the time, so is every card it could
    have drawn: the luck carries no sampling error, and is said to be exact everywhere (it
    read "−14.1 ±0.0 ... (every draw estimated)"): the table, the skill line, the swings,
    English and Italian, the JSON (draw and player) and the board's."""
    end = play_deal("classic", ["greedy", "greedy"], 1)
    states = _states(deal_from_deck("classic", list(end.deck), end.dealer), end.moves)
    rv = R.review_states([(states[27], end.moves[27:])], ("a", "b"), time_limit=0.5)
    solved = [d for d in rv.draws if d.measured and d.move in (28, 30, 32)]
    assert [d.move for d in solved] == [28, 30, 32] and all(d.every_draw for d in solved)
    for d in solved:
        assert d.luck_exact is None and d.error == 0.0   # a float mean of solved values
        assert d.exact and d.interval is None and not d.unchecked
        js = d.to_json()
        assert js["exact"] and js["luck_interval"] is None and js["luck_error"] == 0.0
    rv = replace(rv, draws=tuple(solved))   # only the draws solved, not held as fractions
    for lang, exact, est in (("en", "(exact)", "every draw estimated"),
                             ("it", "(esatta)", "ogni pescata stimata")):
        out = R.render_review(rv, lang)
        assert est not in out, out
        table = [ln for ln in out.splitlines() if re.search(r" [PG]2 ", ln)]
        assert len(table) == 3 and all(re.search(r" [PG]2 \S+ \((exact|esatta)\)", ln)
                                       for ln in table), table
        skill = next(ln for ln in out.splitlines()
                     if re.search(r"(player|giocatore) 2 \(b\): error", ln))
        luck = skill.split("luck " if lang == "en" else "fortuna ", 1)[1]
        # the luck and luck-adjusted (la fortuna esatta, il risultato esatto)
        assert "±" not in luck and luck.count(exact[:-2]) == 2, skill
    swings = R.render_review(rv).split("Biggest swings of luck:")[1].splitlines()[1:4]
    assert all(ln.endswith("points for player 2 (exact: every draw solved)") for ln in swings)
    it = R.render_review(rv, "it").split("Sbalzi di fortuna più grandi:")[1].splitlines()[1]
    assert it.endswith("punti per il giocatore 2 (esatta: ogni pescata risolta)"), it
    p2 = rv.stats(1).to_json()
    assert p2["luck_exact"] and p2["luck_error"] is None and p2["luck_interval"] is None
    # a draw of the same sum estimated: the sum is an estimate again, with the other's ±
    est = R.DrawLuck(1, 29, 15, 1, True, (), 5, luck=3.0, error=1.5, every_draw=True, bound=40)
    mixed = replace(rv, draws=(*solved, est))
    assert not mixed.stats(1).to_json()["luck_exact"] and mixed.stats(1).luck_error == 1.5
    line = next(ln for ln in R.render_review(mixed).splitlines() if "player 2 (b): errors" in ln)
    assert "over 4 draws" in line and "±1.5 over" in line, line
    assert "P2 +3 ±1.5" in R.render_review(mixed)


def test_the_boards_review_says_a_solved_luck_is_exact():
    """The board reads a draw's ``exact``: a late seat's luck with every hand solved is
    exact in its JSON (no interval), as the CLI says it."""
    from solver.web import games
    g = games.new_game("classic", 6)
    while not g.state.is_over:
        g = games.play(g, games.engine_card(g, "greedy"))
    lucks = [d for k in (30, 32, 34) for d in games.review_one(g, k, 0.5)["luck"]
             if d["luck"] is not None]
    assert lucks and all(d["every_draw"] for d in lucks)
    for d in lucks:
        assert d["exact"] and d["luck_interval"] is None and not d.get("luck_error"), d


def test_a_small_half_width_is_not_printed_as_zero():
    """A cost of 0.01 ± 0.028 read '0.01 ±0.0*' and was counted too close to call."""
    assert R.fmt_signed(0.01, 0.028, False, R.TEXT["en"]).endswith("±0.03")
    assert R.fmt_signed(-8.3, 1.26, False, R.TEXT["en"]).endswith("±1.3")
    assert R.fmt_error(0.028, win=True) == "±2.8%" and R.fmt_error(0.0) == "±0.0"
    assert R.fmt_error(0.0003, win=True) == "±0.03%"


def test_a_points_review_says_its_costs_and_lucks_are_points_of_the_margin(record_file):
    """The table's cost and luck columns carry no unit: a points review says what they are,
    as a win review says its percentage points, and only one of the two notes is given."""
    for lang, unit in (("en", "are points of the final margin"),
                       ("it", "sono punti del margine finale")):
        r = CliRunner().invoke(cli, ["review", record_file, "--time-per-move", "0.05",
                                     "--lang", lang])
        assert r.exit_code == 0, r.output
        assert unit in r.output and "percent" not in r.output, r.output
    r = CliRunner().invoke(cli, ["review", record_file, "--time-per-move", "0.05",
                                 "--objective", "win"])
    assert r.exit_code == 0, r.output
    assert "percentage points" in r.output and "points of the final margin" not in r.output
