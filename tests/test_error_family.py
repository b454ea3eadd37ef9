"""One family of user errors (issue 42, item 4): what the user got wrong is a
solver.errors.BriscolaError, which the CLI says in one line (exit 2) and the board answers
with 400; any other exception is a bug and shows as one: "internal error, please report"
and exit 70 on the command line (the trace in a file, or on stderr with --debug), a 500
with the trace in the log on the board. tests/test_bad_input.py and tests/test_web_fuzz.py
hold every bad input to the user's path (exit 2, 4xx); here an injected bug reaches the
other one."""
from __future__ import annotations

import ast
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import cmd_position
from cli.main import INTERNAL_ERROR, cli
from solver.errors import BriscolaError

ROOT = Path(__file__).resolve().parent.parent
ENDGAME = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"


def _error_classes():
    """(file, class, its bases' names) of every class named ...Error or BadRequest in
    solver/ and cli/."""
    for top in ("solver", "cli"):
        for path in sorted((ROOT / top).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef) and (node.name.endswith("Error")
                                                       or node.name == "BadRequest"):
                    bases = [b.id if isinstance(b, ast.Name) else ast.unparse(b)
                             for b in node.bases]
                    yield path.relative_to(ROOT).as_posix(), node.name, bases


def test_no_error_of_the_users_stands_apart_from_the_family():
    """A user error derives from BriscolaError (or one of its family), never from ValueError
    or Exception alone: those are what bugs raise."""
    apart = [(f, name, bases) for f, name, bases in _error_classes()
             if name != "BriscolaError" and {"ValueError", "Exception", "KeyError"} & set(bases)
             and name != "WarmUpError"]
    assert not apart, apart


def test_the_family_is_a_value_error():
    # code that catches a ValueError (a caller of the Python API) keeps working
    assert issubclass(BriscolaError, ValueError)
    from solver.cards import CardError
    from solver.cluster import ClusterError, LogError
    from solver.jsonfile import JSONFileError
    from solver.position import PositionError
    from solver.puzzles import PuzzleError
    from solver.record import RecordError
    from solver.rules import RulesError
    from solver.settings import SettingError
    for cls in (CardError, ClusterError, LogError, JSONFileError, PositionError, PuzzleError,
                RecordError, RulesError, SettingError):
        assert issubclass(cls, BriscolaError), cls


def _bug(exc):
    def boom(*args, **kwargs):
        raise exc
    return boom


def test_a_users_mistake_is_one_line_and_exit_2():
    r = CliRunner().invoke(cli, ["show", "hand1=ZZ hand2=2C briscola=3C turn=1"])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and r.stderr.startswith("error: ")


@pytest.mark.parametrize("exc", [ValueError("a bug's value"), KeyError("slot"),
                                 TypeError("a bug's type"), ZeroDivisionError("division")])
def test_a_bug_on_the_command_line_asks_for_a_report(monkeypatch, exc):
    monkeypatch.setattr(cmd_position, "read_position_arg", _bug(exc))
    r = CliRunner().invoke(cli, ["show", ENDGAME])
    assert r.exit_code == INTERNAL_ERROR == 70, (r.output, r.exception)
    assert r.stderr.count("\n") == 1, r.stderr
    line = r.stderr.strip()
    assert line.startswith(f"internal error, please report: {type(exc).__name__}: "), line
    assert "Traceback" not in r.stderr and not line.startswith("error: ")
    trace = Path(line.split("trace in ", 1)[1].split(";", 1)[0])
    try:
        text = trace.read_text(encoding="utf-8")
        assert text.startswith("Traceback") and "boom" in text
    finally:
        trace.unlink()


def test_debug_shows_the_trace_of_a_bug(monkeypatch):
    monkeypatch.setattr(cmd_position, "read_position_arg", _bug(ZeroDivisionError("x")))
    r = CliRunner().invoke(cli, ["--debug", "show", ENDGAME])
    assert r.exit_code == 70
    assert r.stderr.startswith("Traceback") and "in boom" in r.stderr
    assert r.stderr.splitlines()[-1] == "internal error, please report: ZeroDivisionError: x"


def test_the_installed_command_exits_70_on_a_bug():
    """Through the console entry point (cli.main.main), as a user runs it."""
    code = ("import sys, cli.cmd_position as m\n"
            "def boom(*a): raise RuntimeError('injected')\n"
            "m.read_position_arg = boom\n"
            "from cli.main import main\n"
            f"sys.argv = ['briscola', '--debug', 'show', {ENDGAME!r}]\n"
            "main()\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert p.returncode == 70, p.stderr
    assert p.stderr.splitlines()[-1] == "internal error, please report: RuntimeError: injected"


def test_a_bug_on_the_board_is_a_500_with_its_trace_logged(monkeypatch, caplog):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from solver.web import games
    from solver.web.app import create_app
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        ok = client.post("/api/position", json={"position": "hand1=ZZ"})
        assert ok.status_code == 400 and "internal" not in ok.json()["error"]
        for exc in (KeyError("slot"), TypeError("a bug's type"), ValueError("a bug's value")):
            monkeypatch.setattr(games, "position_view", _bug(exc))
            caplog.clear()
            with caplog.at_level(logging.ERROR, logger="solver.web"):
                r = client.post("/api/position", json={"position": ENDGAME})
            assert r.status_code == 500, r.text
            assert r.json()["error"].startswith(
                f"internal error, please report: {type(exc).__name__}"), r.text
            logged = [rec for rec in caplog.records if rec.name == "solver.web"]
            assert logged and logged[0].exc_info and logged[0].exc_info[0] is type(exc)
        monkeypatch.undo()
        assert client.post("/api/position", json={"position": ENDGAME}).status_code == 200


@pytest.mark.parametrize("args", [["show", ENDGAME], ["analyse", ENDGAME, "--json"]])
def test_a_reader_that_goes_away_is_no_bug(args):
    """`briscola analyse ... | head -1`: the reader closes the pipe, and the command ends
    quietly (exit code 141, docs/commands.md#exit-codes-pipes-and-signals), with no report
    of an internal error and no trace file."""
    p = subprocess.Popen([sys.executable, "-c", "from cli.main import main; main()", *args],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    p.stdout.close()  # before the child has imported anything, so its first write fails
    err = p.stderr.read().decode()
    p.stderr.close()
    assert p.wait(timeout=120) == 141, err
    assert err == "", err
