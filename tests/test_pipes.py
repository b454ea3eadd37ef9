"""The command line under pipes, signals and full disks (cli/streams.py, run_limit's
stop_signals_as_ctrl_c), in real processes: a reader gone ends a command quietly with exit
code 141, files it wrote whole; a standard output that cannot be written is one error line,
exit code 2; a SIGTERM or SIGHUP ends every command as Ctrl-C does, keeping its work; a
closed standard input reads as empty."""
from __future__ import annotations

import json
import os
import signal
import subprocess

import pytest

from cli_process import cli_process
from solver.record import read_record

POS = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"
# a fresh deal: talon 34, an estimate that goes on for as long as it is given
DEAL = "hand1=FB,3C,CD hand2=6B,7C,4S top=FS briscola=RD played=- turn=1 score=0-0"
BATCH = [
    "hand1=4C,6D,RS hand2=4B,5B,5S top=AB briscola=FB played=- turn=1 score=0-0",
    "hand1=CD,7S,AS hand2=7B,FC,RD top=AB briscola=AD played=- turn=1 score=0-0",
    DEAL,
]


def _closed_pipe(*args, stdin=subprocess.DEVNULL):
    """(exit code, stderr) of ``briscola ARGS`` writing into a pipe no one reads."""
    r, w = os.pipe()
    os.close(r)
    try:
        with cli_process(*args, stdout=w, stdin=stdin) as p:
            err = p.stderr.read()
            return p.wait(timeout=120), err
    finally:
        os.close(w)


def _clean(err: str) -> None:
    assert "Traceback" not in err and "Exception ignored" not in err, err


@pytest.mark.parametrize("args", [["--help"], ["show", "--help"], ["--version"], ["show", POS]])
def test_a_closed_pipe_ends_the_command_quietly_with_141(args):
    """click ended these with exit code 1, the code of "nothing found" and "kept
    elsewhere"; 141 is what a shell says of the tools a closed pipe ends."""
    code, err = _closed_pipe(*args)
    assert code == 141 and err == "", (code, err)


def test_a_batch_whose_reader_goes_away_keeps_its_log_whole(tmp_path):
    """`analyse - --log L | head -1`: the batch stops at the next line it cannot print,
    quietly, and every row of the log is whole (a rerun goes on from it)."""
    positions, log = tmp_path / "in.txt", tmp_path / "log.jsonl"
    positions.write_text("\n".join(BATCH) + "\n")
    with open(positions) as stdin, cli_process("analyse", "-", "--time-limit", "0.3",
                                               "--log", log, stdin=stdin) as p:
        first = json.loads(p.stdout.readline())
        p.stdout.close()
        err = p.stderr.read()
        code = p.wait(timeout=120)
    assert code == 141, (code, err)
    _clean(err)
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert first["position"] == BATCH[0] and any(r.get("output") == first for r in rows)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args,line", [
    (["show", POS], "error: cannot write the standard output: No space left on device"),
    (["--help"], "error: cannot write the standard output: No space left on device"),
    (["show", POS, "--lang", "it"],
     "errore: non si può scrivere sullo standard output: spazio esaurito sul dispositivo"),
])
def test_a_full_standard_output_is_one_error_line_exit_2(args, line):
    """`show > /dev/full` was an internal error (exit 70), `--help > /dev/full` a
    traceback."""
    with open("/dev/full", "w") as full, cli_process(*args, stdout=full) as p:
        err = p.stderr.read()
        assert p.wait(timeout=60) == 2
    assert err.splitlines() == [line], err


def test_a_closed_standard_output_is_one_error_line_not_lost_in_silence():
    """`briscola show POS >&-` printed nothing and said it had done fine (exit 0)."""
    with cli_process("show", POS, stdout=None, preexec_fn=lambda: os.close(1)) as p:
        err = p.stderr.read()
        assert p.wait(timeout=60) == 2
    assert err.splitlines() == ["error: cannot write the standard output: Bad file descriptor"]


@pytest.mark.parametrize("args,said", [
    (["play", "--seed", "1"], "End of input: game stopped."),
    (["analyse", "-"], ""),
    (["puzzles", "solve", "-"], "error: <stdin> holds no puzzles"),
])
def test_a_closed_standard_input_reads_as_empty(args, said):
    """`briscola play <&-` (and every reader of stdin) was an internal error, exit 70."""
    with cli_process(*args, stdin=None, preexec_fn=lambda: os.close(0)) as p:
        out, err = p.communicate(timeout=120)
    _clean(err)
    assert "internal error" not in err and said in out + err, (out, err)


def _wait_for(stream, text: str) -> None:
    """Read ``stream`` (a text pipe) by its descriptor until ``text`` has come."""
    seen = b""
    while text.encode() not in seen:
        chunk = os.read(stream.fileno(), 4096)
        assert chunk, seen
        seen += chunk


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_signal_ends_analyse_as_ctrl_c_with_the_estimate_so_far(sig):
    """A SIGTERM or SIGHUP killed an analysis given 100 s with nothing said; Ctrl-C answers
    with the estimate so far, exit 0, and so do they now."""
    with cli_process("analyse", DEAL, "--time-limit", "100") as p:
        _wait_for(p.stderr, "estimate: ")
        p.send_signal(sig)
        out, err = p.communicate(timeout=60)
    assert p.returncode == 0, (p.returncode, err)
    assert "note: interrupted: estimate from the samples taken so far" in out, out
    assert out.startswith("position: ") and "best: " in out


def test_a_sigterm_ends_a_batch_as_ctrl_c_keeping_the_lines_done_in_its_log(tmp_path):
    positions, log = tmp_path / "in.txt", tmp_path / "log.jsonl"
    positions.write_text("\n".join([*BATCH[:2], DEAL]) + "\n")
    with open(positions) as stdin, cli_process("analyse", "-", "--time-limit", "0.3", "--log",
                                               log, stdin=stdin) as p:
        first = json.loads(p.stdout.readline())
        p.send_signal(signal.SIGTERM)
        out, err = p.communicate(timeout=60)
    assert p.returncode == 130 and err.rstrip().endswith("interrupted"), (p.returncode, err)
    done = [first, *map(json.loads, out.splitlines())]
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert all(any(r.get("output") == d for r in rows) for d in done)


def test_a_terminal_closed_under_play_keeps_the_record(tmp_path):
    """The terminal closed: SIGHUP, and every later line fails. The process died with the
    game; had it stopped as on Ctrl-C, its "game stopped" line, said before the record was
    written, would have failed and lost the record. The record comes first now, and the
    command ends quietly (exit 141)."""
    out = tmp_path / "game.json"
    with cli_process("play", "--seed", "1", "--record-out", out, stdin=subprocess.PIPE) as p:
        _wait_for(p.stdout, "Your card> ")
        p.stdout.close()
        p.send_signal(signal.SIGHUP)
        err = p.stderr.read()
        assert p.wait(timeout=60) == 141, err
    _clean(err)
    assert read_record(str(out))["moves"] == []


def test_a_sigterm_ends_a_match_on_worker_processes_without_their_tracebacks():
    """The pool's workers, forked with the stop signals taken as Ctrl-C, each printed a
    KeyboardInterrupt's traceback when the pool ended them (on Ctrl-C as on SIGTERM)."""
    with cli_process("match", "greedy", "random", "--deals", "100000", "--jobs", "2",
                     "--seed", "1") as p:
        _wait_for(p.stderr, "match: ")
        p.send_signal(signal.SIGTERM)
        out, err = p.communicate(timeout=60)
    assert p.returncode == 130 and "interrupted after" in out, (p.returncode, out)
    _clean(err)
