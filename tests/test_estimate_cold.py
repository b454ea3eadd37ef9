"""A process's first estimate is made as a later one is: the table its talon orders' searches
take is made before the clock (its fresh pages, faulted in by the first solves, had made
them seem too slow to fit, and sent most first answers at 0.2 s to searches five tricks
deep, ±6-10 points)."""

from __future__ import annotations

import json
import pathlib

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
