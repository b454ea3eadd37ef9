"""A short time limit is kept: nothing below the engine takes a least time of its own past
the deadline (an estimate after an exact search that did not finish took at least 0.05 s,
an estimator 0.02 s past a deadline gone, a second trick's correction a few hundred small
searches), and what answers in no time says that its ± is the widest."""
import random
import time

import pytest

from solver.analysis import estimate, exact
from solver.analysis.budget import Budget
from solver.analysis.result import Interval, value_bound
from solver.analysis.sampler import Run
from solver.random_positions import random_position


@pytest.mark.parametrize("talon", [8, 12])  # the exact search tried (no split), not tried
def test_the_estimate_after_the_exact_search_ends_by_the_deadline(talon, monkeypatch):
    pos = random_position(random.Random(talon), talon)
    limit = 0.025
    budget = Budget(time.perf_counter(), limit)
    seen = {}

    def unfinished(p, objective, deadline, *a, **k):
        seen["exact"] = deadline
        return None

    def estimator(p, objective, b, progress=None):
        seen["estimate"] = b
        return "the estimate"

    monkeypatch.setattr(exact.driver, "exact_search", unfinished)
    monkeypatch.setattr(estimate, "analyse", estimator)
    assert exact.analyse(pos, "points", budget) == "the estimate"
    b = seen["estimate"]
    assert b.t0 + b.time <= budget.deadline + 1e-9  # was now + 0.05, past the 0.025
    if "exact" in seen:  # it stopped in time for the estimate to have its share
        assert seen["exact"] <= budget.deadline - limit * exact.RESERVE_SHARE + 1e-9
    else:
        assert talon == 12


@pytest.mark.parametrize("talon", [6, 12])  # expectimax, clairvoyant lines
def test_an_estimate_past_its_deadline_answers_at_once_with_the_widest_interval(talon):
    pos = random_position(random.Random(talon), talon)
    gone = Budget(time.perf_counter() - 1.0, 0.5)
    a = estimate.analyse(pos, "points", gone, progress=False)
    assert a.interval == Interval.BOUND  # it sampled on for 0.02 s past the deadline
    assert any("no sample finished in time" in n for n in a.notes)
    bound = value_bound(pos, "points")
    assert all(m.error == bound for m in a.moves)


def test_a_depth_limited_sample_past_its_deadline_searches_nothing():
    pos = random_position(random.Random(4), 12)
    order = (pos.top, *sorted(c for c in range(40) if (pos.unseen >> c) & 1), pos.briscola)
    clair = estimate._clair_copy(pos, order)
    gone = time.perf_counter() - 1.0
    assert estimate._dl_sample(clair, "points", pos.legal_cards(), 1, gone) == (None, 0)
    vals, nodes = estimate._dl_sample(clair, "points", pos.legal_cards(), 1, None)
    assert vals is not None and nodes > 0


def test_with_a_time_limit_the_first_sample_is_a_talon_order(monkeypatch):
    """Not the second trick's correction, the slower job: at 10 ms it was the one sample
    started, and no talon order was had."""
    pos = random_position(random.Random(5), 12)
    first = []

    def one_draw(draw, sums, until, **kw):
        first.append(draw())
        return Run(sums)

    corrections = []
    real = estimate._SecondTrick.draw
    monkeypatch.setattr(estimate._SecondTrick, "draw",
                        lambda self: corrections.append(1) or real(self))
    monkeypatch.setattr(estimate, "run", one_draw)
    estimate.analyse_clairvoyant(pos, "points", Budget(time.perf_counter(), 0.01), lines=True,
                                 second_trick=True, fallback_depth=estimate.DEFAULT_DEPTH,
                                 progress=False)
    assert first[0] is not None and not corrections
