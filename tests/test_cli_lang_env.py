"""BRISCOLA_LANG=it: every command's default language (its --lang wins), click's own
refusals included, and `briscola serve` gives (and --open opens) the board's address in
it. A value it does not take is refused in one line naming the variable. The tests
themselves run without the user's BRISCOLA_LANG (conftest.py)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cli import main as cli_main
from cli.main import cli

POS = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"
BAD = "hand1=3C,ZZ hand2=2C,RS briscola=RD turn=1"


def _run(args, env, code):
    r = CliRunner().invoke(cli, args, env=env)
    assert r.exit_code == code, (args, r.output, r.exception)
    return r


def test_the_tests_run_without_the_users_language():
    assert "BRISCOLA_LANG" not in os.environ


@pytest.mark.parametrize("args", [["show", BAD], ["best", "--nope", POS], ["show"]],
                         ids=["error", "unknown option", "missing argument"])
def test_the_variable_is_every_commands_default_and_lang_wins(args):
    it = _run(args, {"BRISCOLA_LANG": "it"}, 2).stderr
    assert it.startswith("errore: ") and len(it.splitlines()) == 1, it
    assert _run([*args, "--lang", "it"], {}, 2).stderr == it
    en = _run(args, {}, 2).stderr
    assert en.startswith("error: "), en
    assert _run([*args, "--lang", "en"], {"BRISCOLA_LANG": "it"}, 2).stderr == en
    assert _run(args, {"BRISCOLA_LANG": ""}, 2).stderr == en


def test_the_variable_speaks_the_commands_text():
    it = _run(["show", POS], {"BRISCOLA_LANG": "IT"}, 0).stdout
    assert it == _run(["show", POS, "--lang", "it"], {}, 0).stdout
    assert it != _run(["show", POS], {}, 0).stdout


def test_the_groups_own_refusal_follows_the_variable(monkeypatch, capsys):
    monkeypatch.setenv("BRISCOLA_LANG", "it")
    monkeypatch.setattr(sys, "argv", ["briscola", "analize", POS])
    with pytest.raises(SystemExit) as info:
        cli_main.main()
    assert info.value.code == 2
    assert capsys.readouterr().err.startswith("errore: il comando 'analize' non esiste.")


def test_a_language_it_does_not_speak_is_refused_naming_the_variable():
    r = _run(["show", POS], {"BRISCOLA_LANG": "fr"}, 2)
    assert r.stderr == "error: BRISCOLA_LANG must be en or it, got 'fr'\n"
    r = _run(["show", POS, "--lang", "it"], {"BRISCOLA_LANG": "fr"}, 2)
    assert r.stderr == "errore: BRISCOLA_LANG dev'essere en o it, non 'fr'\n"
    assert _run(["show", "--help"], {"BRISCOLA_LANG": "fr"}, 0).stdout.startswith("Usage:")


def test_serve_gives_and_opens_the_board_in_its_language(monkeypatch):
    uvicorn = pytest.importorskip("uvicorn")
    pytest.importorskip("starlette")
    import threading
    import webbrowser

    opened = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    monkeypatch.setattr(webbrowser, "open", opened.append)

    class Now:
        def __init__(self, _delay, fn):
            self.fn = fn

        def start(self):
            self.fn()

    monkeypatch.setattr(threading, "Timer", Now)
    r = _run(["serve", "--port", "0", "--open"], {"BRISCOLA_LANG": "it"}, 0)
    url = r.stderr.split(" è su ")[1].split()[0]
    assert url.endswith("/?lang=it") and opened == [url], (r.stderr, opened)
    r = _run(["serve", "--port", "0", "--open", "--lang", "en"], {"BRISCOLA_LANG": "it"}, 0)
    url = r.stderr.split(" is at ")[1].split()[0]
    assert url.endswith("/") and opened[-1] == url, (r.stderr, opened)


def test_a_command_started_by_the_tests_inherits_no_language():
    r = subprocess.run([sys.executable, "-m", "cli.main", "show", BAD], capture_output=True,
                       text=True, timeout=120)
    assert r.stderr.startswith("error: "), r.stderr
