"""A process's first estimate is made as a later one is: the table its talon orders' searches
take is made before the clock, and a first solve too slow to leave room for enough solves to
the end is timed once more before the estimate falls back to searches five tricks deep (a
fresh table's page faults had sent every first answer at 0.2 s there, ±6-10 points)."""

from __future__ import annotations

import json
import pathlib
import time

from solver.analysis import Limit, estimate
from solver.analysis.engine import Engine
from solver.position import parse_position

ROOT = pathlib.Path(__file__).resolve().parent.parent
T12 = ROOT / "benchmarks" / "data" / "exact_t12_points.jsonl"


def _position(i: int):
    return parse_position(json.loads(T12.read_text().splitlines()[i])["position"])


def test_the_table_of_the_talon_orders_is_made_before_the_clock():
    pos = _position(0)
    with Engine(threads=1) as e:
        assert not e.workspace.tables
        e.ready_for(pos, 0.2)  # no exact search at talon 12 in 0.2 s: only the orders' table
        sizes = set(e.workspace.tables)
        assert len(sizes) == 1
        with e.active():
            estimate.analyse(pos, "points", Limit(samples=2), progress=False)
        assert set(e.workspace.tables) == sizes  # the samples searched on that table


def test_a_slow_first_solve_is_timed_again_before_the_search_gets_shallower(monkeypatch):
    """The first solve made slow (as a cold process's is): the second, at its usual speed,
    keeps the solves to the end; both slow, the estimate searches five tricks deep."""
    values = estimate._full_values
    slow: list[int] = []

    def cold(*args, **kw):
        if slow and slow[0] > 0:
            slow[0] -= 1
            time.sleep(0.06)  # 30 such solves would not fit the time
        return values(*args, **kw)

    monkeypatch.setattr(estimate, "_full_values", cold)
    pos = _position(3)
    assert pos.table  # a reply: one solve a card, no lines
    with Engine(threads=1) as e, e.active():
        e.ready_for(pos, 1.0)
        estimate.analyse(pos, "points", Limit(samples=2), progress=False)  # warm
        for n_slow, deep in ((1, False), (10**6, True)):
            slow[:] = [n_slow]
            a = estimate.analyse(pos, "points", Limit(time=1.0), progress=False)
            assert (a.method.depth is not None) == deep, (n_slow, a.method)
