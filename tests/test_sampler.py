"""The one sampling loop (solver.analysis.sampler) and the estimators built on it."""
from __future__ import annotations

import random
import time

import pytest

from solver.analysis import Limit, estimate, sampler, sampling
from solver.analysis.result import value_bound
from solver.analysis.budget import DEFAULT_TIME, Budget, Until
from solver.analysis.sampler import Sample, run, seed_for
from solver.analysis.stats import Sums
from solver.players import pimc
from solver.position import parse_position
from solver.random_positions import random_position

SEAT = "variant=classic hand1=AS,3S,RC hand2=? briscola=4S played=2B,4B,5B,6B turn=1"
OPEN = "variant=classic hand1=FB,5C,FC hand2=2C,AC,FS briscola=2S played=- turn=1"


def counting(values=(1.0, 2.0), nodes=3):
    calls = []

    def one(until):
        calls.append(until)
        return Sample([v + len(calls) for v in values], nodes)
    return one, calls


def test_the_loop_stops_at_the_sample_budget_and_counts_nodes():
    one, calls = counting()
    r = run(lambda: one, Sums(2), Until(time.perf_counter(), samples=4))
    assert (r.stopped, r.sums.n, r.nodes, len(calls)) == ("samples", 4, 12, 4)
    assert list(r.sums.means()) == [3.5, 4.5]


def test_the_loop_stops_at_the_estimators_rule_and_when_a_sample_has_no_values():
    one, calls = counting()
    assert run(lambda: one, Sums(2), Until(0.0), done=lambda s: s.n == 3).stopped == "done"
    n = [0]

    def two_then_none(until):
        n[0] += 1
        return Sample(None, 5) if n[0] > 2 else Sample([1.0], 1, exact=n[0] == 1)
    r = run(lambda: two_then_none, Sums(1), Until(0.0))
    assert (r.stopped, r.sums.n, r.nodes, r.exact) == ("exhausted", 2, 7, False)


def test_the_loop_passes_the_deadline_and_stops_past_it():
    one, calls = counting()
    t0 = time.perf_counter()
    r = run(lambda: one, Sums(2), Until(t0, t0 - 1.0))
    assert (r.stopped, r.sums.n, calls) == ("deadline", 0, [])
    end = time.perf_counter() + 0.05
    r = run(lambda: one, Sums(2), Until(t0, end))
    assert r.stopped == "deadline" and r.sums.n >= 1 and set(calls) == {end}


def test_ctrl_c_keeps_the_samples_taken_even_none():
    """Ctrl-C (or a Stop) ends the loop with what it has, nothing included: the estimator
    answers from its one-trick look-ahead, marked interrupted, and the engine raises unless
    an answer was asked for (tests/test_stop.py)."""
    def interrupted_at(k):
        n = [0]

        def one(until):
            n[0] += 1
            if n[0] > k:
                raise KeyboardInterrupt
            return Sample([float(n[0])])
        return one
    r = run(lambda f=interrupted_at(2): f, Sums(1), Until(0.0))
    assert (r.stopped, r.sums.n) == ("interrupted", 2)
    r = run(lambda f=interrupted_at(0): f, Sums(1), Until(0.0))
    assert (r.stopped, r.sums.n) == ("interrupted", 0)


def test_progress_lines_come_after_the_delay(monkeypatch):
    said = []
    monkeypatch.setattr(sampler, "say", said.append)
    monkeypatch.setattr(sampler, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(sampler, "PROGRESS_EVERY", 0.0)
    one, _ = counting()
    run(lambda: one, Sums(2), Until(time.perf_counter(), samples=3),
        progress=lambda t, s: f"{s.n} so far" if s.n else None)
    assert said == ["1 so far", "2 so far"]


def test_every_estimator_seeds_by_the_one_derivation():
    """seed None is seed_for(position, objective) -- for the seat, its history instead."""
    p = random_position(random.Random(6), 10)
    a = estimate.analyse(p, budget=Limit(samples=3))
    b = estimate.analyse(p, budget=Limit(samples=3), seed=seed_for(p, "points"))
    assert a.moves == b.moves
    e = estimate.analyse_expectimax(random_position(random.Random(1), 6), Limit(samples=3))
    f = estimate.analyse_expectimax(random_position(random.Random(1), 6), Limit(samples=3),
                                    seed=seed_for(random_position(random.Random(1), 6), "points"))
    assert e.moves == f.moves
    g = parse_position(OPEN)
    assert (sampling.analyse_open(g, budget=Limit(samples=5)).moves
            == sampling.analyse_open(g, budget=Limit(samples=5), seed=seed_for(g, "points")).moves)
    sp = parse_position(SEAT)
    assert (sampling.analyse(sp, budget=Limit(samples=5)).moves
            == sampling.analyse(sp, budget=Limit(samples=5), seed=seed_for(sp, sp.history)).moves)
    assert (sampling.analyse(sp, budget=Limit(samples=5)).moves
            != sampling.analyse(sp, budget=Limit(samples=5), seed=1).moves)


def test_the_pimc_baseline_runs_in_the_loop_with_an_interval_from_one_sample():
    """Every estimate has an interval: the baseline's one-sample answer gets the widest
    the position allows, as the other estimators' do."""
    sp = parse_position(SEAT)
    a = pimc.analyse(sp, samples=1)
    assert a.samples == 1 and all(m.error == value_bound(sp, "points") for m in a.moves)
    b = pimc.analyse(sp, samples=6)
    assert b.samples == 6 and all(0 <= m.error < value_bound(sp, "points") for m in b.moves)
    assert b.moves == pimc.analyse(sp, samples=6).moves   # seed 0 at every decision


def test_the_deadline_is_the_time_limit_or_the_default_time_unless_samples_alone():
    assert Budget(10.0).until() == Until(10.0, 10.0 + DEFAULT_TIME, None)
    assert Budget(10.0, samples=5).until() == Until(10.0, None, 5)
    assert Budget(10.0, 2.0, 5).until() == Until(10.0, 12.0, 5)
    now = time.perf_counter()
    assert Budget(0.0, 1.0).until(0.5).deadline >= now + 0.5   # past: still leaves min_time


def test_a_budget_derives_its_shares_on_its_own_clock():
    """An estimate's share keeps the clock and says (1 - share) * time as exact.py always
    did; the rest after an exact search starts a clock of its own, at least ``least``."""
    b = Budget(10.0, 5.0, estimate_time=0.5)
    assert b.deadline == 15.0 and b.left(now=11.0) == 4.0 and b.expired(now=15.5)
    assert b.share(1 - 0.8) == Budget(10.0, 0.5)       # capped by estimate_time
    assert Budget(10.0, 5.0).share(1 - 0.8) == Budget(10.0, (1 - 0.8) * 5.0)
    assert Budget(10.0, 500.0).share(0.5, 60.0) == Budget(10.0, 60.0)  # capped by ``most``
    assert b.estimate() == Budget(10.0, 0.5) and Budget(10.0).estimate() == Budget(10.0)
    rest = Budget(0.0, 1.0).rest(0.05)                 # long past: the least
    assert rest.time == 0.05 and rest.t0 > 0.0
