"""The one sampling loop (solver.analysis.sampler) and the estimators built on it."""
from __future__ import annotations

import random
import time

import pytest

from solver.analysis import estimate, sampler, sampling
from solver.analysis.result import value_bound
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
    r = run(lambda: one, Sums(2), t0=time.perf_counter(), samples=4)
    assert (r.stopped, r.sums.n, r.nodes, len(calls)) == ("samples", 4, 12, 4)
    assert list(r.sums.means()) == [3.5, 4.5]


def test_the_loop_stops_at_the_estimators_rule_and_when_a_sample_has_no_values():
    one, calls = counting()
    assert run(lambda: one, Sums(2), t0=0.0, done=lambda s: s.n == 3).stopped == "done"
    n = [0]

    def two_then_none(until):
        n[0] += 1
        return Sample(None, 5) if n[0] > 2 else Sample([1.0], 1, exact=n[0] == 1)
    r = run(lambda: two_then_none, Sums(1), t0=0.0)
    assert (r.stopped, r.sums.n, r.nodes, r.exact) == ("exhausted", 2, 7, False)


def test_the_loop_passes_the_deadline_and_stops_past_it():
    one, calls = counting()
    t0 = time.perf_counter()
    r = run(lambda: one, Sums(2), t0=t0, deadline=t0 - 1.0)
    assert (r.stopped, r.sums.n, calls) == ("deadline", 0, [])
    end = time.perf_counter() + 0.05
    r = run(lambda: one, Sums(2), t0=t0, deadline=end)
    assert r.stopped == "deadline" and r.sums.n >= 1 and set(calls) == {end}


def test_ctrl_c_keeps_the_samples_taken_and_is_not_swallowed_before_one():
    def interrupted_at(k):
        n = [0]

        def one(until):
            n[0] += 1
            if n[0] > k:
                raise KeyboardInterrupt
            return Sample([float(n[0])])
        return one
    r = run(lambda f=interrupted_at(2): f, Sums(1), t0=0.0)
    assert (r.stopped, r.sums.n) == ("interrupted", 2)
    with pytest.raises(KeyboardInterrupt):
        run(lambda f=interrupted_at(0): f, Sums(1), t0=0.0)


def test_progress_lines_come_after_the_delay(monkeypatch):
    said = []
    monkeypatch.setattr(sampler, "say", said.append)
    monkeypatch.setattr(sampler, "PROGRESS_AFTER", 0.0)
    monkeypatch.setattr(sampler, "PROGRESS_EVERY", 0.0)
    one, _ = counting()
    run(lambda: one, Sums(2), t0=time.perf_counter(), samples=3,
        progress=lambda t, s: f"{s.n} so far" if s.n else None)
    assert said == ["1 so far", "2 so far"]


def test_every_estimator_seeds_by_the_one_derivation():
    """seed None is seed_for(position, objective) -- for the seat, its history instead."""
    p = random_position(random.Random(6), 10)
    a = estimate.analyse(p, samples=3)
    b = estimate.analyse(p, samples=3, seed=seed_for(p, "points"))
    assert a.moves == b.moves
    e = estimate.analyse_expectimax(random_position(random.Random(1), 6), samples=3)
    f = estimate.analyse_expectimax(random_position(random.Random(1), 6), samples=3,
                                    seed=seed_for(random_position(random.Random(1), 6), "points"))
    assert e.moves == f.moves
    g = parse_position(OPEN)
    assert (sampling.analyse_open(g, samples=5).moves
            == sampling.analyse_open(g, samples=5, seed=seed_for(g, "points")).moves)
    sp = parse_position(SEAT)
    assert (sampling.analyse(sp, samples=5).moves
            == sampling.analyse(sp, samples=5, seed=seed_for(sp, sp.history)).moves)
    assert sampling.analyse(sp, samples=5).moves != sampling.analyse(sp, samples=5, seed=1).moves


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
    assert sampler.deadline_of(10.0, None, None) == 10.0 + sampler.DEFAULT_TIME
    assert sampler.deadline_of(10.0, None, 5) is None
    assert sampler.deadline_of(10.0, 2.0, 5) == 12.0
    now = time.perf_counter()
    assert sampler.deadline_of(0.0, 1.0, None, 0.5) >= now + 0.5   # past: still leaves min_time
