"""``bench_calibration.py table`` gives each row's coverage a 95 % interval that counts
positions, not values: a position's cards share most of their error, so three values
missed together say less than three misses in three positions."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _row(i: int, errors: list[float], name: str = "t12-points-seed9999") -> dict:
    """One estimated answer, each card's value off its exact one by ``errors``, ± 1."""
    return {
        "set": name, "game": "scoperta", "role": "fresh", "talon": 12, "objective": "points",
        "budget": 1.0, "i": i, "exact_answer": False, "method": "m",
        "interval": "sampling and method",
        "method_error": [[0.5, 0.5], False],
        "moves": [{"card": c, "value": 10.0 + e, "error": 1.0, "gap_error": 1.0, "exact": 10.0,
                   "solved": False} for c, e in zip(("AD", "3C", "RB"), errors, strict=True)],
    }


def _coverage_line(tmp_path: Path, rows: list[dict]) -> list[str]:
    raw = tmp_path / "raw.jsonl"
    raw.write_text("".join(json.dumps(r) + "\n" for r in rows))
    script = str(ROOT / "benchmarks" / "bench_calibration.py")
    out = subprocess.run([sys.executable, script, "table", str(raw)], capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    part = out.split("how sure each row's coverage is")[1]
    line = next(x for x in part.splitlines() if x.startswith("| scoperta"))
    return [c.strip() for c in line.strip("|").split("|")]


def test_misses_together_in_one_position_count_as_one(tmp_path):
    # one position every card inside, the other every card out: the correlation is 1, so
    # six values weigh as two positions (Wilson at n = 2: 9.5-90.5 %; at n = 6 it would
    # read 18.8-81.2 %)
    cells = _coverage_line(tmp_path, [_row(0, [0.1, -0.2, 0.3]), _row(1, [2.0, 2.5, 3.0])])
    assert cells[5:] == ["2", "6", "50.0 %", "9.5-90.5 %"], cells


def test_misses_spread_over_positions_count_as_values(tmp_path):
    # one miss in each position: no correlation, six values weigh as six (Wilson at
    # n = 6 of 4/6: 30.0-90.3 %)
    cells = _coverage_line(tmp_path, [_row(0, [0.1, -0.2, 3.0]), _row(1, [2.0, 0.5, 0.0])])
    assert cells[5:] == ["2", "6", "66.7 %", "30.0-90.3 %"], cells
