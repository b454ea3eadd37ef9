"""Task logs (`--log` of `match` and `analyse -`) after a crash and after tampering: a torn
last row is set aside and its task redone, a row without its newline is kept and the next
one starts on a line of its own, and a row that does not fit its schema is refused naming
the file and the line (never a wrong statistic). An unreachable scheduler fails fast."""
from __future__ import annotations

import errno
import json
import random
import time

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver import cluster as cl
from solver.random_positions import random_position

MATCH = ["match", "greedy", "random", "--deals", "8", "--seed", "1", "--jobs", "1", "--json", "-q"]
ENDGAMES = ["hand1=4S,6S hand2=2C,RC,AD table=6C top=3D briscola=3C turn=2",
            "hand1=5S,6S hand2=2C,RC,AD table=6C top=3D briscola=3C turn=2",
            "hand1=4S,7S hand2=2C,RC,AD table=6C top=3D briscola=3C turn=2"]


def run(args, input=None):
    return CliRunner().invoke(cli, args, input=input)


def _stats(r) -> dict:
    return {k: v for k, v in json.loads(r.stdout).items() if k != "seconds"}


def _rows(path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def match_log(tmp_path_factory):
    """A whole match's log and its summary."""
    log = tmp_path_factory.mktemp("m") / "whole.jsonl"
    r = run(MATCH + ["--log", str(log)])
    assert r.exit_code == 0, r.output
    return log.read_bytes(), _stats(r)


@pytest.mark.parametrize("cut", ["mid-row", "newline"])
def test_a_torn_match_log_resumes(tmp_path, match_log, cut):
    whole, stats = match_log
    log = tmp_path / "m.jsonl"
    log.write_bytes(whole[:-25] if cut == "mid-row" else whole[:-1])
    r = run(MATCH + ["--log", str(log)])
    assert r.exit_code == 0, r.output
    assert _stats(r) == stats
    rows = _rows(log)   # every line a whole row again, each deal once
    assert sorted(x["index"] for x in rows) == list(range(8))
    if cut == "mid-row":
        assert f"{log}:8: the last row was cut short" in r.stderr
        torn = whole[:-25].split(b"\n")[-1]
        assert (tmp_path / "m.jsonl.torn").read_bytes() == torn + b"\n"   # kept, not lost
        assert "already holds 7 of the 8 deals: running the other 1" in r.stderr
    else:
        assert "cut short" not in r.stderr and not (tmp_path / "m.jsonl.torn").exists()
        assert "already holds 8 of the 8 deals" in r.stderr


def test_a_row_after_a_missing_newline_starts_its_own_line(tmp_path):
    log = tmp_path / "t.jsonl"
    t = cl.TaskLog(str(log), {"run": 1})
    t.write(0, {"x": 1})
    log.write_bytes(log.read_bytes()[:-1])
    t.write(1, {"x": 2})
    assert cl.TaskLog(str(log), {"run": 1}).done() == {0: {"x": 1}, 1: {"x": 2}}
    assert log.read_text().count("\n") == 2


@pytest.mark.parametrize("change,message", [
    ({"index": -1}, '"index" must be a task number from 0, got -1'),
    ({"index": "3"}, '"index" must be a task number from 0, got a string'),
    ({"margins": [1, 2, 3]}, '"margins" must be two integers'),
    ({"margins": [10 ** 40, 2]}, '"margins" must be even numbers from -120 to 120'),
    ({"margins": [122, 2]}, '"margins" must be even numbers from -120 to 120'),
    ({"margins": [3, 4]}, '"margins" must be even numbers'),
    ({"margins": "ab"}, '"margins" must be two integers'),
    ({"margins": None}, '"margins" must be two integers'),
    ({"margins": 5}, '"margins" must be two integers'),
    ({"margins": [True, 2]}, '"margins" must be two integers'),
    (None, 'the row has no "margins"'),
], ids=["index-1", "index-str", "three", "huge", "122", "odd", "ab", "null", "int", "bool",
        "missing"])
def test_a_tampered_match_row_is_refused_naming_file_and_line(tmp_path, match_log, change,
                                                              message):
    whole, _ = match_log
    lines = whole.decode().splitlines()
    row = json.loads(lines[3])
    if change is None:
        del row["margins"]
    else:
        row.update(change)
    lines[3] = json.dumps(row)
    log = tmp_path / "m.jsonl"
    log.write_text("\n".join(lines) + "\n")
    for jobs in ("1", "2"):
        r = run(MATCH + ["--log", str(log), "--jobs", jobs])
        assert r.exit_code == 2 and r.stdout == "", r.output
        assert r.stderr.startswith(f"error: {log}:4: {message}")
        assert r.stderr.count("\n") == 1 and "Traceback" not in r.output


def test_rows_of_a_longer_match_are_not_this_runs(tmp_path, match_log):
    """The same match's log, read with fewer deals: the extra rows are left alone."""
    whole, _ = match_log
    log = tmp_path / "m.jsonl"
    log.write_bytes(whole)
    r = run(MATCH[:3] + ["--deals", "5"] + MATCH[5:] + ["--log", str(log)])
    assert r.exit_code == 0 and json.loads(r.stdout)["pairs"] == 5, r.output


# ----- analyse - --log --------------------------------------------------------------------

def _batch(log, lines=ENDGAMES):
    return run(["analyse", "-", "--log", str(log)], "\n".join(lines) + "\n")


@pytest.fixture(scope="module")
def batch_log(tmp_path_factory):
    log = tmp_path_factory.mktemp("a") / "whole.jsonl"
    r = _batch(log)
    assert r.exit_code == 0, r.output
    return log.read_bytes(), r.stdout


@pytest.mark.parametrize("cut", ["mid-row", "newline"])
def test_a_torn_analyse_log_resumes(tmp_path, batch_log, cut):
    whole, out = batch_log
    log = tmp_path / "a.jsonl"
    log.write_bytes(whole[:-40] if cut == "mid-row" else whole[:-1])
    r = _batch(log)
    assert r.exit_code == 0, r.output
    strip = [{k: v for k, v in json.loads(x).items() if k not in ("seconds", "nodes")}
             for x in r.stdout.splitlines()]
    assert strip == [{k: v for k, v in json.loads(x).items() if k not in ("seconds", "nodes")}
                     for x in out.splitlines()]
    assert sorted(x["index"] for x in _rows(log)) == [1, 2, 3]
    held = 2 if cut == "mid-row" else 3
    assert f"already holds {held} of the 3 input lines" in r.stderr
    assert (f"{log}:3: the last row was cut short" in r.stderr) == (cut == "mid-row")


@pytest.mark.parametrize("change,message", [
    (lambda row: row.pop("output"), 'the row has no "output"'),
    (lambda row: row.update(output=7), '"output" must be a JSON object, got a number'),
    (lambda row: row.update(output={"moves": "x"}), '"output" must be an analysis'),
], ids=["missing", "integer", "shape"])
def test_a_bad_analyse_row_becomes_its_lines_error_and_the_batch_goes_on(tmp_path, batch_log,
                                                                          change, message):
    whole, _ = batch_log
    rows = [json.loads(x) for x in whole.decode().splitlines()]
    change(rows[1])
    log = tmp_path / "a.jsonl"
    log.write_text("".join(json.dumps(x) + "\n" for x in rows))
    r = _batch(log)
    assert r.exit_code == 2 and "Traceback" not in r.output
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(out) == 3 and "error" not in out[0] and "error" not in out[2]
    assert out[1]["position"] == ENDGAMES[1]
    assert out[1]["error"].startswith(f"{log}:2: {message}")
    assert f"error: line 2: {log}:2: {message}" in r.stderr


def test_a_tampered_analyse_index_is_refused(tmp_path, batch_log):
    whole, _ = batch_log
    rows = [json.loads(x) for x in whole.decode().splitlines()]
    rows[2]["index"] = 0
    log = tmp_path / "a.jsonl"
    log.write_text("".join(json.dumps(x) + "\n" for x in rows))
    r = _batch(log)
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.strip() == f'error: {log}:3: "index" must be a task number from 1, got 0'


@pytest.mark.parametrize("bad", [
    b'{"position": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    b"\xff\xfe not utf-8",
    b'{"position": "\\ud800"}',
    b"hand1=" + b"X" * 2_000_000,
], ids=["nested", "encoding", "surrogate", "size"])
def test_a_bad_line_of_a_logged_batch_is_its_error_row(tmp_path, bad):
    log = tmp_path / "a.jsonl"
    data = b"\n".join([ENDGAMES[0].encode(), bad, ENDGAMES[2].encode()]) + b"\n"
    for _ in range(2):  # the rerun reads the log
        r = run(["analyse", "-", "--log", str(log)], data)
        assert r.exit_code == 2 and "Traceback" not in r.output, r.output
        out = [json.loads(x) for x in r.stdout.splitlines()]
        assert len(out) == 3 and "error" in out[1] and "error" not in out[2]
        assert all(len(x) < 400 for x in r.stderr.splitlines())


# ----- a file that is not this run's log ---------------------------------------------------

ONE = random_position(random.Random(7), 6).to_text()  # its exact search split into 3 tasks
LOGGED = {
    "analyse POS": lambda log: run(["analyse", ONE, "--log", str(log)]),
    "analyse -": lambda log: _batch(log),
    "match": lambda log: run(MATCH + ["--log", str(log)]),
}
_GARBAGE = bytes(random.Random(5).randrange(256) for _ in range(400))
NOT_LOGS = {
    # one line without its newline, not JSON: it was taken for a torn row, moved to
    # FILE.torn and the file emptied and reused
    "binary, one line": _GARBAGE.replace(b"\n", b""),
    "text, one line": b"my notes on the game",
    "binary": _GARBAGE + b"\n",
    "a pretty-printed record": json.dumps({"variant": "scoperta", "moves": ["AS"]},
                                         indent=1).encode(),
    # a records file's torn last line was set aside (the file cut) before its rows were
    # found to be no log's
    "records, the last cut short": b'{"variant": "scoperta", "seed": 1}\n{"variant": "sc',
    # whole lines (JSON, unusable) were taken for torn rows and set aside
    "a last line nested deep": b'{"index": 0}\n' + b"[" * 100_000 + b"]" * 100_000,
    "a last number too long": b'{"index": 0}\n{"index": 1' + b"1" * 5000 + b"}",
}


@pytest.mark.parametrize("command", list(LOGGED))
@pytest.mark.parametrize("what", list(NOT_LOGS))
def test_a_file_that_is_not_a_log_is_one_line_and_left_as_it_was(tmp_path, what, command):
    log = tmp_path / "mine.jsonl"
    log.write_bytes(NOT_LOGS[what])
    r = LOGGED[command](log)
    assert r.exit_code == 2 and r.stdout == "" and "Traceback" not in r.output, r.output
    assert r.stderr.startswith(f"error: {log}") and r.stderr.count("\n") == 1, r.stderr
    assert log.read_bytes() == NOT_LOGS[what]
    assert not (tmp_path / "mine.jsonl.torn").exists()


@pytest.mark.parametrize("command", list(LOGGED))
def test_a_log_that_cannot_be_read_is_one_line(tmp_path, monkeypatch, command):
    """Tests run as root, whom a file's mode does not stop: the system's refusal is made."""
    log = tmp_path / "m.jsonl"
    log.write_text('{"index": 0}\n')

    def denied(path, *args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", path)
    monkeypatch.setattr(cl.jsonfile, "read_bytes", denied)
    r = LOGGED[command](log)
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert r.stderr == f"error: cannot read the log {log}: Permission denied\n"


@pytest.mark.parametrize("command", list(LOGGED))
def test_a_folder_given_as_the_log_is_one_line(tmp_path, command):
    r = LOGGED[command](tmp_path)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "is a directory" in r.stderr, \
        r.output


@pytest.mark.parametrize("command", list(LOGGED))
def test_an_empty_file_is_an_empty_log(tmp_path, command):
    """An empty file holds nothing of the user's: it is a log with no rows yet."""
    log = tmp_path / "new.jsonl"
    log.write_bytes(b"")
    r = LOGGED[command](log)
    assert r.exit_code == 0, r.output
    assert all("index" in row for row in _rows(log)) and _rows(log)


@pytest.mark.parametrize("first,then", [
    (["analyse", ONE], ["analyse", random_position(random.Random(9), 6).to_text()]),
    (MATCH, MATCH[:-6] + ["--seed", "2", "--jobs", "1", "--json", "-q"]),
    (["analyse", "-"], ["analyse", "-", "--time-limit", "0.5"]),
], ids=["another position", "another seed", "other options"])
def test_the_log_of_another_run_is_refused_not_appended_to(tmp_path, first, then):
    """A rerun with another position, seed or options read none of the log's rows, did the
    whole work again and added its rows to the other run's log without a word."""
    log = tmp_path / "m.jsonl"
    lines = "\n".join(ENDGAMES) + "\n"
    assert run(first + ["--log", str(log)], lines).exit_code == 0
    before = log.read_bytes()
    r = run(then + ["--log", str(log)], lines)
    assert r.exit_code == 2 and r.stdout == "" and r.stderr.count("\n") == 1, r.output
    assert r.stderr.startswith(f"error: {log} is the log of another run: its ")
    assert log.read_bytes() == before


def test_rows_of_the_same_run_at_another_depth_are_not_another_runs(tmp_path):
    """A split search rerun on other workers may split at another depth: the same run."""
    p = tmp_path / "log.jsonl"
    p.write_text(json.dumps({"split": "p", "depth": "cards", "index": 0, "x": 1}) + "\n")

    def log(split, depth, run=("split",)):
        return cl.TaskLog(str(p), {"split": split, "depth": depth}, run=run)
    assert log("p", "draws").done() == {}
    assert log("p", "cards").done() == {0: {"x": 1}}
    with pytest.raises(cl.LogError, match="is the log of another run"):
        log("q", "cards").done()
    assert log("q", "cards", run=()).done() == {}  # a file of several runs


def test_a_first_row_cut_short_is_set_aside_and_its_task_runs_again(tmp_path, match_log):
    """With no whole line before it, a torn row is known by its beginning, this run's."""
    whole, stats = match_log
    log = tmp_path / "m.jsonl"
    first = whole.split(b"\n")[0]
    log.write_bytes(first[:-10])
    r = run(MATCH + ["--log", str(log)])
    assert r.exit_code == 0 and _stats(r) == stats, r.output
    assert f"{log}:1: the last row was cut short" in r.stderr
    assert (tmp_path / "m.jsonl.torn").read_bytes() == first[:-10] + b"\n"
    assert sorted(x["index"] for x in _rows(log)) == list(range(8))


# ----- the cluster's address --------------------------------------------------------------

def test_an_unreachable_scheduler_fails_fast_in_one_line():
    pytest.importorskip("distributed", reason="the cluster extra (Dask) is not installed")
    t0 = time.monotonic()
    r = run(["match", "greedy", "random", "--deals", "2", "--cluster", "tcp://127.0.0.1:1"])
    took = time.monotonic() - t0
    assert r.exit_code == 2 and took < 15, (took, r.output)
    assert r.stderr.startswith("error: cannot reach the Dask scheduler at tcp://127.0.0.1:1")
    assert r.stderr.count("\n") == 1


def _disk_full(monkeypatch):
    """Every fsync fails as on a full disk (the log's rows are flushed with one)."""
    import errno
    import os

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)


def test_a_log_that_cannot_be_written_keeps_the_match_result(tmp_path, monkeypatch):
    """A full disk mid-run ended the match in one line, exit 2, its result lost (and over
    processes once as "Pool is still running"): the result is the user's, so it is given,
    the failure said as it happens and again at the end, and the exit code is 1."""
    _disk_full(monkeypatch)
    log = tmp_path / "m.jsonl"
    r = run(MATCH + ["--log", str(log), "--jobs", "2"])
    assert r.exit_code == 1 and "Pool is still running" not in r.output, r.output
    assert _stats(r)["deals"] == 8
    said = f"cannot write to the log {log}: No space left on device"
    lines = r.stderr.splitlines()
    assert len(lines) == 2 and all(ln.startswith(f"error: {said}") for ln in lines), lines


def test_a_log_that_cannot_be_written_keeps_every_analysis_of_a_batch(tmp_path, monkeypatch):
    _disk_full(monkeypatch)
    log = tmp_path / "a.jsonl"
    r = run(["analyse", "-", "--log", str(log)], "\n".join(ENDGAMES) + "\n")
    assert r.exit_code == 1, r.output
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(out) == len(ENDGAMES) and all("best" in o for o in out)
    assert r.stderr.count("No space left on device") == 2


@pytest.mark.parametrize("what", ["record", "positions"])
def test_a_file_that_is_not_a_log_is_refused_not_appended_to(tmp_path, what):
    """--log appended its rows to the user's game records (or to the batch's own input),
    which then no longer read: a row without "index" is not a log's."""
    path = tmp_path / "mine.jsonl"
    if what == "record":
        assert run(["simulate", "-n", "2", "--seed", "3", "--record-out", str(path)]).exit_code == 0
        args = MATCH + ["--log", str(path)]
    else:
        path.write_text("".join(json.dumps({"position": p}) + "\n" for p in ENDGAMES))
        args = ["analyse", "-", "--log", str(path)]
    before = path.read_bytes()
    r = run(args, input=path.read_text())
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.output
    assert 'not a task log row (it has no "index")' in r.stderr
    assert path.read_bytes() == before


def test_a_match_log_without_seed_goes_on_with_its_match(tmp_path):
    """Without --seed each run drew a new seed, so the log's rows were never this run's."""
    log = tmp_path / "m.jsonl"
    args = ["match", "greedy", "random", "--deals", "8", "--jobs", "1", "--json", "-q",
            "--log", str(log)]
    first = run(args[:4] + ["4"] + args[5:])  # 4 of the 8 deals
    assert first.exit_code == 0, first.output
    seed = json.loads(first.stdout)["seed"]
    again = run(args)
    assert again.exit_code == 0, again.output
    assert f"seed {seed}: going on with it" in again.stderr
    assert "already holds 4 of the 8 deals" in again.stderr
    assert json.loads(again.stdout)["seed"] == seed and len(_rows(log)) == 8


def test_a_log_that_is_not_a_regular_file_is_refused_before_the_work(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path
    ROOT = Path(__file__).resolve().parent.parent
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/null"):  # a pipe hung the run: a process, with a timeout
        r = subprocess.run([sys.executable, "-m", "cli.main", *MATCH, "--log", path],
                           capture_output=True, text=True, timeout=120, cwd=ROOT)
        assert r.returncode == 2 and "is not a regular file" in r.stderr, r.stderr
