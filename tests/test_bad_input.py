"""Bad numbers, bad output paths and bad environment variables: one line on stderr and exit
2, never a traceback, and never after the work. The numeric table is built from the command
tree itself, so a new option cannot escape it."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cli.main import cli
from cli.options import MAX_SECONDS, NUMERIC_TYPES, Seconds, clip_message

ROOT = Path(__file__).resolve().parent.parent
ENDGAME = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"
#: "1_0" is 10 to Python's float, full-width and superscript digits are digits to str.isdigit
#: (and "²" is not to int()): a number typed on the command line is ASCII
BAD = ["0", "-1", "nan", "inf", "-inf", "1e308", "abc", "", "1" * 40, "1_0", "\uff11\uff10", "\u00b2"]


def commands(group=cli, path=()):
    ctx = click.Context(group)
    for name in sorted(group.list_commands(ctx)):
        cmd = group.get_command(ctx, name)
        if isinstance(cmd, click.Group):
            yield from commands(cmd, path + (name,))
        else:
            yield path + (name,), cmd


def numeric_options():
    for path, cmd in commands():
        for p in cmd.params:
            if isinstance(p, click.Option) and isinstance(
                    p.type, NUMERIC_TYPES + (click.types._NumberParamTypeBase,)):
                yield path, cmd, p


OPTIONS = list(numeric_options())


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def test_the_table_covers_the_commands():
    names = {" ".join(path) + " " + p.opts[0] for path, _, p in OPTIONS}
    for want in ("analyse --time-limit", "best --time-limit", "explain --time-limit",
                 "review --time-per-move", "play --time-per-move", "match --time-per-move",
                 "match --jobs", "match --deals", "simulate --games", "puzzles generate --count",
                 "deal --seed", "analyse --samples"):
        assert want in names, want


@pytest.mark.parametrize("path,cmd,param", OPTIONS,
                         ids=[" ".join(p) + " " + o.opts[0] for p, _, o in OPTIONS])
def test_every_numeric_option_uses_a_checked_type(path, cmd, param):
    assert isinstance(param.type, NUMERIC_TYPES), f"{param.opts[0]} has type {param.type!r}"


def _args(path, cmd, param, value):
    """The command with just this option set: every required argument gets a harmless
    value (a bad number is refused while the options are read, before any work)."""
    args = list(path) + [f"{param.opts[0]}={value}"]
    for p in cmd.params:
        if isinstance(p, click.Argument) and p.required:
            args.append(ENDGAME if p.name == "position" else "x")
        elif isinstance(p, click.Option) and p.required and p is not param:
            args += [p.opts[0], "1"]
    return args


CASES = [(path, cmd, param, v) for path, cmd, param in OPTIONS for v in BAD]


@pytest.mark.parametrize("path,cmd,param,value", CASES,
                         ids=[f"{' '.join(p)} {o.opts[0]}={v[:8]}" for p, _, o, v in CASES])
def test_bad_numbers_are_one_line_errors(path, cmd, param, value):
    try:
        accepted = param.type.convert(value, param, None)
    except click.BadParameter:
        accepted = None
    if accepted is not None:
        # only a huge time limit passes, capped; or a number in range (seed 0)
        assert value.isascii(), (value, accepted)
        assert (isinstance(param.type, Seconds) and accepted == MAX_SECONDS) or \
            accepted == int(value), (value, accepted)
        return
    r = run(*_args(path, cmd, param, value))
    assert r.exit_code == 2, (r.output, r.exception)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    assert param.opts[0] in lines[0] and "Traceback" not in r.output


@pytest.mark.parametrize("args", [
    ["analyse", "--time-limit", "inf"], ["analyse", "--time-limit", "nan"],
    ["best", "--time-limit", "inf"], ["explain", "--time-limit", "inf"],
])
def test_the_issues_numbers(args):
    r = run(*args, ENDGAME)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert "finite positive number of seconds" in r.stderr
    assert "cannot convert" not in r.stderr


def test_a_huge_time_limit_is_capped_and_said():
    r = run("analyse", ENDGAME, "--time-limit", "1e308")
    assert r.exit_code == 0, r.output
    assert f"capped to {MAX_SECONDS:g} s" in r.stderr
    assert "exact" in r.stdout
    r = run("best", ENDGAME, "--time-limit", "1e300")
    assert r.exit_code == 0 and "capped" in r.stderr


def test_review_refuses_an_infinite_time_per_move(tmp_path):
    rec = tmp_path / "g.json"
    assert run("simulate", "-n", "1", "--seed", "4", "--record-out", str(rec)).exit_code == 0
    r = run("review", str(rec), "--time-per-move", "inf")
    assert r.exit_code == 2 and "finite positive" in r.stderr


# ---- output paths -------------------------------------------------------------------------

def test_puzzles_generate_refuses_a_bad_directory_before_the_work(monkeypatch):
    import solver.puzzles as P

    def no_work(*a, **k):
        raise AssertionError("the work started before the path was checked")
    monkeypatch.setattr(P, "generate", no_work)
    r = run("puzzles", "generate", "--count", "1", "--out", "/nonexistent/dir/x.jsonl")
    assert r.exit_code == 2 and "does not exist" in r.stderr
    assert r.stderr.count("\n") == 1


def test_play_refuses_a_bad_record_path_before_the_game():
    r = run("play", "--seed", "1", "--record-out", "/nonexistent/dir/x.json", input="AD\n")
    assert r.exit_code == 2 and "does not exist" in r.stderr
    assert "Your card" not in r.stdout          # the game never started


@pytest.mark.parametrize("args", [
    ["play", "--seed", "1", "--record-out"],
    ["simulate", "-n", "1", "--record-out"],
    ["puzzles", "generate", "--count", "1", "--out"],
])
def test_an_existing_file_needs_force(tmp_path, args):
    f = tmp_path / "keep.txt"
    f.write_text("keep me\n")
    r = run(*args, str(f), input="q\n")
    assert r.exit_code == 2 and "--force" in r.stderr
    assert f.read_text() == "keep me\n"
    d = tmp_path / "adir"
    d.mkdir()
    r = run(*args, str(d), input="q\n")
    assert r.exit_code == 2 and "is a directory" in r.stderr


#: every option naming a file a command writes, with the command around it
OUTPUTS = [
    ("show --svg", ["show", ENDGAME, "--with-analysis", "--svg"]),
    ("play --record-out", ["play", "--seed", "1", "--record-out"]),
    ("simulate --record-out", ["simulate", "-n", "1", "--record-out"]),
    ("puzzles generate --out", ["puzzles", "generate", "--count", "1", "--out"]),
    ("match --log", ["match", "greedy", "random", "--deals", "1", "--log"]),
    ("analyse --log", ["analyse", "-", "--log"]),
]


def test_the_output_table_covers_the_commands():
    paths = {" ".join(path) + " " + p.opts[0] for path, cmd in commands() for p in cmd.params
             if isinstance(p, click.Option) and isinstance(p.type, click.Path)}
    assert paths - {"analyse --record"} == {name for name, _ in OUTPUTS}  # --record is read


@pytest.mark.parametrize("name,args", OUTPUTS, ids=[name for name, _ in OUTPUTS])
def test_an_empty_output_path_is_refused_before_the_work(tmp_path, monkeypatch, name, args):
    monkeypatch.chdir(tmp_path)
    r = run(*args, "", input=ENDGAME + "\n")
    assert r.exit_code == 2, r.output
    assert r.stderr == f"error: {name.split()[-1]} needs a file name, got an empty path\n"
    assert r.stdout == "" and not list(tmp_path.iterdir())   # no work, no file kept aside


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only directories")
def test_a_read_only_directory_is_refused(tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    r = run("simulate", "-n", "1", "--record-out", str(ro / "x.jsonl"))
    assert r.exit_code == 2 and "not writable" in r.stderr


def test_a_write_that_fails_at_the_end_keeps_the_result(vanishing):
    """The directory vanishes during the game: the record is kept in the working directory."""
    gone, here = vanishing
    r = run("play", "--seed", "1", "--level", "easy", "--record-out", str(gone / "x.json"),
            input="q\n")
    assert r.exit_code == 1
    assert "cannot write" in r.stderr and "kept in" in r.stderr
    kept = list(here.iterdir())
    assert len(kept) == 1 and json.loads(kept[0].read_text())["format"] == "briscola-record"



#: each command that writes a file once its work is done, its module and its arguments
LATE_WRITERS = [
    ("cli.cmd_position", ["show", ENDGAME, "--svg"]),
    ("cli.cmd_play", ["play", "--seed", "1", "--level", "easy", "--record-out"]),
    ("cli.cmd_games", ["simulate", "-n", "1", "--record-out"]),
    ("cli.cmd_puzzles", ["puzzles", "generate", "--count", "1", "--seed", "1", "--out"]),
]


@pytest.mark.parametrize("module,args", LATE_WRITERS, ids=[a[0] for _, a in LATE_WRITERS])
def test_a_file_made_during_the_work_is_not_written_over(tmp_path, monkeypatch, module, args):
    """The path was free when checked, and another run (a second `play --record-out
    game.json`) wrote it before this one ended: its file was replaced without a word. It is
    kept, and this run's output is kept beside the working directory's files (exit 1)."""
    import importlib
    mod = importlib.import_module(module)
    real = mod.check_output
    out = tmp_path / "out.json"

    def then_another_run_writes(path, force, *a, **k):
        real(path, force, *a, **k)
        out.write_text("another run's\n")
    monkeypatch.setattr(mod, "check_output", then_another_run_writes)
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    r = run(*args, str(out), input="q\n")
    assert r.exit_code == 1, r.output
    assert out.read_text() == "another run's\n"
    assert f"cannot write {out}: File exists" in r.stderr and "kept in" in r.stderr, r.stderr
    assert len(list(here.iterdir())) == 1 and not list(tmp_path.glob(".*.part"))
    r = run(*args, str(out), "--force", input="q\n")
    assert r.exit_code == 0 and out.read_text() != "another run's\n", r.output


# ---- environment variables ----------------------------------------------------------------

BAD_SETTINGS = [("BRISCOLA_THREADS", "abc"), ("BRISCOLA_THREADS", "0"), ("BRISCOLA_TT_MB", "abc"),
                ("BRISCOLA_TT_MB", "1.5"), ("BRISCOLA_TT_MB", "0"), ("BRISCOLA_STAR2", "x"),
                ("BRISCOLA_STAR2", "-1"), ("BRISCOLA_STAR2", "41"), ("BRISCOLA_TT_MB", "9" * 5000)]


@pytest.mark.parametrize("name,value", BAD_SETTINGS, ids=[f"{n}={v[:8]}" for n, v in BAD_SETTINGS])
def test_a_bad_setting_is_refused_when_an_engine_is_made(monkeypatch, name, value):
    from solver import Engine
    from solver.settings import SettingError
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingError, match=f"^{name} must be a whole number"):
        Engine()


def test_a_setting_given_in_the_call_needs_no_environment(monkeypatch):
    from solver import Engine
    monkeypatch.setenv("BRISCOLA_TT_MB", "abc")
    monkeypatch.setenv("BRISCOLA_THREADS", "abc")
    monkeypatch.setenv("BRISCOLA_STAR2", "3")
    ws = Engine(tt_mb=64, threads=2).workspace
    assert (ws.tt_mb, ws.tt_mb_chosen, ws.threads, ws.star2) == (64, True, 2, 3)
    monkeypatch.setenv("BRISCOLA_TT_MB", "")   # empty is unset
    monkeypatch.setenv("BRISCOLA_THREADS", "9" * 5000)   # more than any machine: capped
    ws = Engine().workspace
    assert not ws.tt_mb_chosen and ws.threads == 8


def test_a_bad_worker_table_size_is_refused(monkeypatch):
    from solver import cluster
    from solver.settings import SettingError
    monkeypatch.setenv("BRISCOLA_WORKER_TT_MB", "1.5")
    with pytest.raises(SettingError, match="BRISCOLA_WORKER_TT_MB must be a whole number"):
        cluster.worker_env(None, 1)
    assert cluster.worker_env(512, 1)["BRISCOLA_TT_MB"] == "512"   # given: not read


@pytest.mark.parametrize("name,value", [("BRISCOLA_THREADS", "abc"), ("BRISCOLA_TT_MB", "1.5"),
                                        ("BRISCOLA_STAR2", "x")])
def test_a_bad_setting_is_the_users_error_in_a_real_process(name, value):
    """The variables are read in a fresh process, as the command runs, not on import: the
    error is one line and exit 2, not an internal error."""
    env = dict(os.environ, **{name: value})
    p = subprocess.run([sys.executable, "-m", "cli.main", "best", ENDGAME], capture_output=True,
                       text=True, cwd=ROOT, env=env, timeout=120)
    assert p.returncode == 2, p.stderr
    assert p.stderr.startswith(f"error: {name} must be ") and p.stderr.count("\n") == 1
    assert repr(value) in p.stderr


def test_a_bad_setting_stops_a_batch_at_once(monkeypatch):
    monkeypatch.setattr("cli.cmd_analyse.run_analysis", _raises_setting_error)
    r = run("analyse", "-", input=ENDGAME + "\n" + ENDGAME + "\n")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines() == ["error: BRISCOLA_STAR2 must be a whole number"]


def _raises_setting_error(*args, **kwargs):
    from solver.settings import SettingError
    raise SettingError("BRISCOLA_STAR2 must be a whole number")


# ---- messages -----------------------------------------------------------------------------

def test_a_huge_input_gives_a_short_error():
    r = run("analyse", "hand1=" + "X" * 1_000_000)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1
    assert len(r.stderr) < 400 and "…" in r.stderr


def test_batch_errors_are_cut_too():
    r = run("analyse", "-", input="hand1=" + "X" * 100_000 + "\n")
    assert r.exit_code == 2
    assert all(len(ln) < 400 for ln in r.stderr.splitlines())
    assert len(json.loads(r.stdout)["error"]) < 400


def test_clip_message_cuts_quoted_parts_only():
    msg = clip_message("unknown card '" + "Y" * 200 + "' (write rank then suit)")
    assert msg.endswith("(write rank then suit)") and "Y" * 79 + "…'" in msg
    assert clip_message("short 'AD'") == "short 'AD'"


def test_an_apostrophe_inside_a_word_is_not_a_quote():
    msg = ("from player 1's seat player 2's hand is not known (" + "words " * 20
           + "known by elimination): 'briscola analyse' analyses it")
    assert clip_message(msg) == msg
    assert clip_message("dell'input '" + "Y" * 200 + "'") == "dell'input '" + "Y" * 79 + "…'"


@pytest.mark.parametrize("text,card", [
    ("hand1=XX", "XX"),
    ("hand2=2C hand1=3C,ZZ", "ZZ"),
    ("variant=briscolone hand1=AS,QQ", "QQ"),
    ("variant=classic hand1=AS,3S,RC hand2=? played=WW", "WW"),
])
def test_the_parser_names_the_bad_card_first(text, card):
    r = run("analyse", text)
    assert r.exit_code == 2 and f"unknown card '{card}'" in r.stderr and "missing" not in r.stderr


@pytest.mark.parametrize("variant,want", [("scoperta", "give 1 or 2 agents"),
                                          ("scoperta4", "give 1, 2 or 4 agents")])
def test_simulate_says_how_many_agents(variant, want):
    r = run("simulate", "-v", variant, "--agents", "greedy,random,random")
    assert r.exit_code == 2 and want in r.stderr


def test_match_help_does_not_say_greedy():
    r = run("match", "--help")
    assert "plays greedy" not in r.output and "own seat" in r.output


HIDDEN = "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"


@pytest.mark.parametrize("args,says", [
    (["explain", HIDDEN], "explain needs every hand in view"),
    (["explain", "--json", HIDDEN], "explain needs every hand in view"),
])
def test_a_hidden_hand_is_refused_in_one_line_where_it_cannot_be_explained(tmp_path, args, says):
    r = run(*[a.replace("{tmp}", str(tmp_path)) for a in args])
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and says in lines[0]
    assert not (tmp_path / "p.svg").exists()


def test_the_hidden_hand_refusal_keeps_all_its_words():
    r = run("explain", HIDDEN)
    assert "the hand is known by elimination): 'briscola analyse'" in r.stderr


def test_a_hidden_hand_is_still_drawn_as_text():
    r = run("show", HIDDEN)
    assert r.exit_code == 0 and "hidden" in r.output


def test_a_bad_setting_is_refused_before_any_work_and_help_still_shows():
    """`puzzles play` used to show its first puzzle before the engine met the variable."""
    from cli.main import cli as group

    r = CliRunner(env={"BRISCOLA_TT_MB": "abc"}).invoke(group, ["puzzles", "play"], input="q\n")
    assert r.exit_code == 2 and r.stdout == "", r.output
    assert r.stderr.startswith("error: BRISCOLA_TT_MB must be ")
    r = CliRunner(env={"BRISCOLA_TT_MB": "abc"}).invoke(group, ["show", "--help"])
    assert r.exit_code == 0 and "Usage:" in r.stdout


BOM_ENDGAME = "\ufeffhand1=3C hand2=2C briscola=RD turn=1\n".encode()


@pytest.mark.parametrize("args", [["show", "-"], ["explain", "-"], ["analyse", "-"]])
def test_a_byte_order_mark_on_standard_input_is_accepted(args):
    r = run(*args, input=BOM_ENDGAME)
    assert r.exit_code == 0, r.output
    assert "ufeff" not in r.output and "\ufeff" not in r.output


@pytest.mark.parametrize("score", ["\u00b2-93", "\uff11\uff10-85", "1\u00b2-0", "9" * 5000 + "-0",
                                   "0-" + "1" * 4301],
                         ids=["superscript", "full-width", "superscript-2", "digits-5000",
                              "digits-4301"])
def test_a_score_of_non_ascii_digits_is_one_line(score):
    """str.isdigit takes '²' and full-width digits; int() fails on '²' (it was exit 70), and
    on a number of over 4300 digits (exit 70 here, a 500 from the board)."""
    r = run("show", f"{ENDGAME} score={score}")
    assert r.exit_code == 2, (r.output, r.exception)
    assert r.stderr.count("\n") == 1 and "score" in r.stderr, r.stderr


# ---- hostile characters (found by fuzzing every command) ------------------------------------

#: a NUL, a line break, a terminal escape sequence, a right-to-left override, a zero-width
#: space, a lone surrogate (a bad byte read with surrogateescape)
RAW = ["6B\x00", "5B\nAC", "\x1b[2J\x1b[31mAD", "\u202eAD", "A\u200bD", "A\udcffD"]


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("raw", [r for r in RAW if "\n" not in r],   # a line break splits fields
                         ids=["nul", "escape", "rtl", "zwsp", "surrogate"])
def test_control_characters_in_an_error_are_shown_escaped(raw, lang):
    """The error quoted the input as typed: a NUL, an escape sequence that clears the screen
    or a right-to-left override went to the terminal raw (and a line break made the Python
    API's message two lines). They are written as escapes, the line said in either language."""
    r = run("show", "--lang", lang, f"hand1={raw},AS hand2=2C,RS briscola=RD turn=1")
    assert r.exit_code == 2, r.output
    line = r.stderr.removesuffix("\n")
    assert "\n" not in line and line.isprintable(), repr(line)
    assert line.startswith("errore: " if lang == "it" else "error: ")
    assert repr(raw[1] if raw[0] in "5A" else raw[0])[1:-1] in line, line


@pytest.mark.parametrize("raw", RAW)
def test_the_python_api_error_is_one_printable_line(raw):
    from solver import parse, parse_card
    from solver.i18n import error_text
    for call in (lambda: parse_card(raw), lambda: parse(f"hand1={raw} hand2=2C briscola=RD turn=1")):
        with pytest.raises(ValueError) as e:
            call()
        for text in (str(e.value), error_text(e.value, "it")):
            assert text.isprintable() and len(text) < 400, repr(text)


def test_a_huge_card_is_cut_in_the_python_api_error_too():
    from solver import parse_card
    with pytest.raises(ValueError) as e:
        parse_card("x" * 100_000)
    assert len(str(e.value)) < 700 and str(e.value).count("x") < 600


@pytest.mark.parametrize("text", ["A\u017f", "\u017f", "3\u017f"])
def test_a_letter_that_only_folds_to_a_suit_is_no_card(text):
    """The card pattern matched case-insensitively in Unicode: 'ſ' (long s) folds to 's', so
    'Aſ' was read as AS."""
    from solver import parse_card
    from solver.cards import CardError
    with pytest.raises(CardError, match="unknown card"):
        parse_card(text)


@pytest.mark.parametrize("value", [None, 5.0, True, 7, object()])
def test_a_card_set_of_what_is_not_cards_is_a_keyed_type_error(value):
    """CardSet(None) (and ``hand | 5``) raised Python's own "object is not iterable"."""
    from solver.cards import CardError, CardSet
    from solver.i18n import error_text
    for call in (lambda: CardSet(value), lambda: CardSet("AS") | value):
        with pytest.raises(CardError) as e:
            call()
        assert isinstance(e.value, TypeError) and e.value.key == "card.not_set"
        assert error_text(e.value, "it") != str(e.value)


BAD_UTF8 = b"\xff\xfe\xed\xa0\x80\n"


@pytest.mark.parametrize("args", [
    ["play", "--seed", "3", "--level", "easy"],
    ["play", "--seed", "3", "--level", "easy", "--lang", "it"],
    ["puzzles", "play"],
])
def test_a_typed_line_that_is_not_utf8_is_asked_again(args):
    """Bytes that are not UTF-8 typed (or piped) into play or the puzzle quiz crashed the
    command (UnicodeDecodeError, exit 70): the line is now a card that cannot be read."""
    r = run(*args, input=BAD_UTF8 + b"\xef\xbb\xbfq\n")
    assert r.exit_code == 0, (r.output, r.exception)
    assert "internal error" not in r.output and "\ufffd" in r.stdout


@pytest.mark.parametrize("name,says", [
    ("engine:999999999999999999999", "at most 86400"),   # OverflowError, exit 70
    ("engine:1e300", "at most 86400"),
    ("engine:\uff11", "use engine:SECONDS"),             # full-width 1: float() takes it
    ("engine:\u0661", "use engine:SECONDS"),             # Arabic-Indic 1
    ("engine:1_0", "use engine:SECONDS"),                # float() reads 10
    ("engine:nan", "use engine:SECONDS"),
    ("engine@\u0661", "use engine@SAMPLES"),             # int() takes it: played one sample
    ("engine@1_000", "use engine@SAMPLES"),
    ("engine@" + "9" * 400, "from 1 to 1000000 samples"),   # a game that never ended
    ("engine@0", "from 1 to 1000000 samples"),
])
def test_an_engine_budget_is_ascii_and_bounded(name, says):
    """engine:T and engine@N read their number with float() and int(): Unicode digits and
    "1_0" were taken, a huge time crashed (OverflowError, exit 70) and a huge sample count
    played on for ever. The number is ASCII and within the CLI's own bounds."""
    r = run("simulate", "-n", "1", "-a", f"{name},random", "--seed", "1")
    assert r.exit_code == 2, (r.output, r.exception)
    assert r.stderr.count("\n") == 1 and says in r.stderr, r.stderr
    r = run("match", name, "random", "--deals", "1", "-j", "1", "-q")
    assert r.exit_code == 2 and says in r.stderr, r.stderr


def test_an_engine_budget_error_is_said_in_italian():
    from solver.i18n import error_text
    from solver.players.engine_agent import parse_engine_name
    for name in ("engine:1e300", "engine@0"):
        with pytest.raises(ValueError) as e:
            parse_engine_name(name)
        assert e.value.key in ("engine.time_range", "engine.budget_range")
        assert "al più 86400" in error_text(e.value, "it") or "da 1 a 1000000" in error_text(e.value, "it")


@pytest.mark.parametrize("name,args", OUTPUTS, ids=[name for name, _ in OUTPUTS])
@pytest.mark.parametrize("kind,says", [("dangling", "does not exist"),
                                       ("loop", "Too many levels of symbolic links"),
                                       ("long", "File name too long")])
def test_an_output_path_the_system_cannot_open_is_refused_before_the_work(
        tmp_path, monkeypatch, name, args, kind, says):
    """A link to a missing folder, a link loop and a name too long passed the check: the
    work ran, then its write failed (exit 1, the result set aside in a file of the working
    directory, or the log dropped)."""
    monkeypatch.chdir(tmp_path)
    if kind == "dangling":
        (tmp_path / "out").symlink_to(tmp_path / "gone" / "x")
    elif kind == "loop":
        (tmp_path / "out").symlink_to(tmp_path / "out")
    path = "a" * 300 if kind == "long" else "out"
    r = run(*args, path, input=ENDGAME + "\n")
    assert r.exit_code == 2, r.output
    assert r.stderr.count("\n") == 1 and says in r.stderr and name.split()[-1] in r.stderr, r.stderr
    assert r.stdout == "" and sorted(p.name for p in tmp_path.iterdir()) == (
        [] if kind == "long" else ["out"])


def test_puzzles_play_refuses_an_empty_file_name():
    """`puzzles play ""` played the bundled set, as if no file had been named."""
    r = run("puzzles", "play", "", input="q\n")
    assert r.exit_code == 2 and r.stderr.startswith("error: cannot read"), r.output


@pytest.mark.parametrize("trump", ["briscola=", "briscola=-", "briscola= "])
def test_a_hidden_hand_position_of_a_game_with_trump_needs_its_trump_card(trump):
    """The seat's parser took an empty briscola= in classic: a game with a trump analysed
    with none, printed without briscola=, and that text refused on reading it back."""
    from solver import parse
    from solver.i18n import error_text
    text = f"variant=classic hand1=FB,5C,FC hand2=? {trump} played=- turn=1"
    with pytest.raises(ValueError, match="briscola= needs the trump card") as e:
        parse(text)
    assert e.value.key == "trump.needed" and error_text(e.value, "it") != str(e.value)
    r = run("analyse", text)
    assert r.exit_code == 2 and "briscola= needs the trump card" in r.stderr


@pytest.mark.parametrize("command",
                         [["show"], ["analyse", "--time-limit", "0.1"], ["play", "--from"]])
def test_a_long_run_of_spaces_in_a_position_is_refused_at_once(command):
    """split_fields' comma pattern tried a run of spaces at each of its spaces: 120 000
    spaces in one argument (what a command line holds) took minutes, and the board's 64 KiB
    body as long, blocking every other request."""
    import signal

    def stuck(*_):
        raise AssertionError("no answer in 5 s")
    old = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(5)
    try:
        r = run(*command, "hand1=4S" + " " * 120_000 + "x")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert r.exit_code == 2 and r.stderr.startswith("error: "), r.stderr
    assert r.stderr.count("\n") == 1 and "'x'" in r.stderr, r.stderr
