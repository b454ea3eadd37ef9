"""A command line's own mistakes in the language it asks for: click's refusals (an unknown
option or command, a missing argument, a bad value, an extra argument) were English under
``--lang it``, being found before --lang is read; so were the notes around the work (a time
capped, an output kept elsewhere, a file's torn last line, a task log that cannot be
written). Each is one line, exit 2, and English without --lang, word for word as before."""
from __future__ import annotations

import errno
import os
import sys

import pytest
from click.testing import CliRunner

from cli import main as cli_main
from cli.main import cli
from solver import cluster as cl
from solver.i18n import error_text

POS = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"

#: (command line without --lang, the English line, the Italian line)
REFUSED = [
    (["show", "--bogus", POS],
     "error: No such option '--bogus'. (see 'briscola show --help')",
     "errore: l'opzione '--bogus' non esiste. (vedi 'briscola show --help')"),
    (["show", "--lnag", "x", POS],
     "error: No such option '--lnag'. Did you mean '--lang'? (see 'briscola show --help')",
     "errore: l'opzione '--lnag' non esiste. Forse intendevi '--lang'? "
     "(vedi 'briscola show --help')"),
    (["show"],
     "error: Missing argument 'POSITION'. (see 'briscola show --help')",
     "errore: manca l'argomento 'POSITION'. (vedi 'briscola show --help')"),
    (["puzzles", "play", "--difficulty", "x"],
     "error: Invalid value for '--difficulty': 'x' is not one of 'easy', 'medium', 'hard'. "
     "(see 'briscola puzzles play --help')",
     "errore: valore non valido per '--difficulty': 'x' non è tra 'easy', 'medium', 'hard'. "
     "(vedi 'briscola puzzles play --help')"),
    (["explain", "--time-limit", "abc", POS],
     "error: Invalid value for '--time-limit': 'abc' is not a number of seconds "
     "(see 'briscola explain --help')",
     "errore: valore non valido per '--time-limit': 'abc' non è un numero di secondi "
     "(vedi 'briscola explain --help')"),
    (["play", "--seed", "-1"],
     "error: Invalid value for '--seed' / '-s': -1 is out of range (0 to 9223372036854775807) "
     "(see 'briscola play --help')",
     "errore: valore non valido per '--seed' / '-s': -1 è fuori dall'intervallo (da 0 a "
     "9223372036854775807) (vedi 'briscola play --help')"),
    (["show", POS, "extra"],
     "error: Got unexpected extra argument (extra) (see 'briscola show --help')",
     "errore: un argomento di troppo (extra) (vedi 'briscola show --help')"),
    (["show", *POS.split()],
     "error: Got unexpected extra arguments (hand2=2C,RS briscola=RD turn=1): a position is "
     f'one argument, in quotes: briscola show "{POS}"',
     "errore: argomenti di troppo (hand2=2C,RS briscola=RD turn=1): una posizione è un "
     f'argomento solo, tra virgolette: briscola show "{POS}"'),
    (["puzzles", "nope"],
     "error: No such command 'nope'. (see 'briscola puzzles --help')",
     "errore: il comando 'nope' non esiste. (vedi 'briscola puzzles --help')"),
    (["match"],
     "error: Missing argument 'AGENT_A'. (see 'briscola match --help')",
     "errore: manca l'argomento 'AGENT_A'. (vedi 'briscola match --help')"),
    (["analyze", POS],
     "error: No such command 'analyze'. Did you mean 'briscola analyse'? (see 'briscola --help')",
     "errore: il comando 'analyze' non esiste. Forse intendevi 'briscola analyse'? "
     "(vedi 'briscola --help')"),
]


def _line(args, input=None):
    r = CliRunner().invoke(cli, args, input=input)
    assert r.exit_code == 2, (r.output, r.exception)
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and r.stdout == "", r.output
    return lines[0]


@pytest.mark.parametrize("args,english,italian", REFUSED,
                         ids=[" ".join(c[0])[:30] for c in REFUSED])
def test_a_refused_command_line_is_said_in_the_language_it_asks_for(args, english, italian):
    assert _line(args) == english
    assert _line([*args, "--lang", "it"]) == italian
    assert _line([*args, "--lang=it"]) == italian
    assert _line([*args, "--lang", "en"]) == english


def test_every_refusal_of_the_table_is_read_back_not_left_english():
    """click's words are read by templates: a click whose words changed would leave the
    Italian line English; this says so."""
    from cli.usage import REASONS, read_back

    for _, english, _ in REFUSED:
        message = english.removeprefix("error: ").rsplit(" (see", 1)[0].split(": a position")[0]
        said = read_back(message)
        assert said is not None and str(said) == message, message
        if said.key == "usage.bad_value":
            assert not isinstance(said.fields["why"], str), said.fields["why"]
    assert set(REASONS) <= set(cli_main.ENGLISH)


def test_the_language_is_read_from_the_words_typed():
    from cli.usage import argv_lang

    assert argv_lang(["show", "--lang", "it", "x"]) == "it"
    assert argv_lang(["show", "--lang=it"]) == "it"
    assert argv_lang(["show", "--lang", "it", "--lang", "en"]) == "en"
    assert argv_lang(["show", "--lang", "fr"]) == "en"
    assert argv_lang(["show", "--", "--lang", "it"]) == "en"
    assert argv_lang(["show", "--lang"]) == "en"


def test_the_groups_own_refusal_is_said_by_the_console_entry(monkeypatch, capsys):
    """`briscola --lang it show`: the group itself refuses, in main()."""
    monkeypatch.setattr(sys, "argv", ["briscola", "--lang", "it", "show", POS])
    with pytest.raises(SystemExit) as info:
        cli_main.main()
    assert info.value.code == 2
    assert capsys.readouterr().err == (
        "errore: l'opzione '--lang' non esiste. (vedi 'briscola --help')\n")


def test_a_capped_time_is_noted_in_italian(tmp_path):
    svg = str(tmp_path / "p.svg")
    r = CliRunner().invoke(cli, ["show", POS, "--lang", "it", "--with-analysis", "--svg", svg,
                                 "--time-limit", "1e9"])
    assert "nota: --time-limit 1e9 ridotto a 86400 s" in r.stderr, r.output
    r = CliRunner().invoke(cli, ["show", POS, "--with-analysis", "--svg", svg, "--force",
                                 "--time-limit", "1e9"])
    assert "note: --time-limit 1e9 capped to 86400 s (a day: no search gains from more)" in r.stderr


def test_an_output_that_cannot_be_written_is_said_in_italian(vanishing):
    """save_text: the directory vanishes during the game; the record is kept in the working
    directory, and both lines are Italian."""
    gone, here = vanishing
    target = gone / "x.json"
    r = CliRunner().invoke(cli, ["play", "--seed", "1", "--level", "easy", "--record-out",
                                 str(target), "--lang", "it"], input="q\n")
    assert r.exit_code == 1, r.output
    kept = next(here.iterdir())
    assert r.stderr.splitlines()[-2:] == [
        f"errore: non si può scrivere {target}: file o cartella inesistente",
        f"nota: il risultato è stato conservato in {kept}"], r.stderr


def test_a_torn_puzzle_file_is_noted_in_italian(tmp_path):
    from solver.puzzles import bundled_lines
    src = tmp_path / "p.jsonl"
    line = bundled_lines()[0]   # a puzzle play takes: a refused one is its error alone
    src.write_text(line + "\n" + line[:30])
    r = CliRunner().invoke(cli, ["puzzles", "play", str(src), "--lang", "it"], input="q\n")
    assert f"nota: {src}:2: l'ultima riga è troncata" in r.stderr, r.output
    r = CliRunner().invoke(cli, ["puzzles", "play", str(src)], input="q\n")
    assert f"note: {src}:2: the last line was cut short (a crash while writing it?): read " \
        "without it" in r.stderr, r.output


def test_the_task_logs_notes_are_keyed(tmp_path, monkeypatch):
    """A torn row set aside, and a row that cannot be written: English as before, Italian
    where the command speaks it."""
    path = tmp_path / "t.jsonl"
    path.write_text('{"run": 1, "index": 0, "v": 1}\n{"run": 1, "ind')
    said: list[str] = []
    log = cl.TaskLog(str(path), {"run": 1}, warn=said.append)
    assert list(log.done()) == [0]
    assert said == [f"{path}:2: the last row was cut short (a crash while writing it); it is "
                    f"kept in {path}.torn and its task runs again"]
    assert error_text(said[0], "it") == (f"{path}:2: l'ultima riga è troncata (un crash mentre "
                                        f"la si scriveva); è conservata in {path}.torn e il suo "
                                        "compito si ripete")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    log.write(1, {"v": 2})
    assert said[1].startswith(
        f"error: cannot write to the log {path}: No space left on device; the run goes on")
    assert error_text(said[1], "it").startswith(
        f"errore: non si può scrivere nel registro {path}: ")


def test_progress_lines_and_the_compile_note_are_said_in_italian(capsys):
    """explain --lang it printed the search's progress ('searching exactly: 12,345 nodes, 3 s')
    and the first compile's note in English on stderr."""
    import time

    import click

    from cli import coldstart
    from cli.options import ERROR_LANG
    from solver.analysis import progress
    from solver.analysis.sampler import best_line
    from solver.i18n import progress_text

    lines: list[str] = []
    progress.Progress(lines.append).report(12345, time.perf_counter() - 10)
    assert lines[0].startswith("searching exactly: 12,345 nodes, 1")
    assert progress_text(lines[0], "en") == lines[0]
    seconds = lines[0].data["seconds"]
    assert progress_text(lines[0], "it") == f"ricerca esatta: 12.345 nodi, {seconds} s"
    line = best_line("seat", 1.25, 300, 7, 3.456)
    assert progress_text(line, "it") == "stima dal posto: 300 campioni, migliore RB +3,46, 1,2 s"
    with click.Context(click.Command("x")) as ctx:
        ctx.meta[ERROR_LANG] = "it"
        coldstart._Notice().compiling("solver.search.depth")
    err = capsys.readouterr().err
    assert err.startswith("nota: compilo il kernel dello stimatore una volta per questa macchina")
    coldstart._Notice().compiling("solver.search.depth")
    assert capsys.readouterr().err.startswith("note: compiling the estimator's kernel once")


def test_shows_lines_about_its_picture_are_said_in_italian(tmp_path):
    out = tmp_path / "p.svg"
    r = CliRunner().invoke(cli, ["show", POS, "--with-analysis", "--svg", str(out), "--lang", "it"])
    assert r.exit_code == 0, r.output
    assert r.stderr.splitlines() == ["esatto: migliore 3C AS", f"scritto {out}"]
    r = CliRunner().invoke(cli, ["show", POS, "--with-analysis", "--svg", str(out), "--force"])
    assert r.stderr.splitlines() == ["exact: best 3C AS", f"wrote {out}"]


def test_an_option_without_its_value_names_the_command_help():
    """click's option parser refuses it without a context: the subcommand is named still
    (it said 'briscola --help')."""
    assert _line(["play", "--level"]) == (
        "error: Option '--level' requires an argument. (see 'briscola play --help')")
    assert _line(["play", "--lang", "it", "--level"]) == (
        "errore: l'opzione '--level' vuole un valore. (vedi 'briscola play --help')")
