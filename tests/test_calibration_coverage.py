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


def _run(tmp_path: Path, command: str, rows: list[dict]) -> str:
    """What ``bench_calibration.py COMMAND`` prints of ``rows`` as its raw answers."""
    raw = tmp_path / "raw.jsonl"
    raw.write_text("".join(json.dumps(r) + "\n" for r in rows))
    script = str(ROOT / "benchmarks" / "bench_calibration.py")
    return subprocess.run([sys.executable, script, command, str(raw)], capture_output=True,
                          text=True, check=True, cwd=ROOT).stdout


def _coverage_line(tmp_path: Path, rows: list[dict]) -> list[str]:
    out = _run(tmp_path, "table", rows)
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


def test_hard_splits_estimates_by_their_positions_exact_solve_time(tmp_path):
    """``bench_calibration.py hard`` finds each answer's position in its set and files its
    values under the band of the time the set's exact search took there."""
    data = ROOT / "benchmarks" / "data" / "exact" / "t12_points_seed9012.jsonl"
    secs = [json.loads(x)["seconds"] for x in data.read_text().splitlines() if x.strip()]
    slow = next(i for i, s in enumerate(secs) if s >= 4)
    fast = next(i for i, s in enumerate(secs) if s < 2)
    rows = [_row(slow, [0.1, 3.0, 2.5], "t12-points-seed9012"),
            _row(fast, [0.1, -0.2, 0.3], "t12-points-seed9012")]
    out = _run(tmp_path, "hard", rows)
    cells = {c[5]: c for c in ([x.strip() for x in line.strip("|").split("|")]
                               for line in out.splitlines() if line.startswith("| scoperta"))}
    assert set(cells) == {"under 2 s", "4 s or more"}, out
    assert cells["4 s or more"][6:9] == ["1", "3", "33.3 %"], cells
    assert cells["under 2 s"][6:9] == ["1", "3", "100.0 %"], cells
