"""Puzzles: the file format and its one-line errors, solve / generate / play, the bundled set."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from cli_process import cli_process, ctrl_c
from click.testing import CliRunner

from cli.main import cli
from solver.analysis import analyse
from solver.cards import Card, card_str, parse_card
from solver.position import parse_position
from solver.puzzles import (DIFFICULTIES, PuzzleError, bundled, generate, greedy_card, measure,
                            Puzzle, rate, read_puzzles, solve)

ROOT = Path(__file__).resolve().parents[1]
# see tests/test_explain.py for the hand analysis of these two
LISCIO = "hand1=5C,5D hand2=3D,CS briscola=4D turn=1"
SAVE = "hand1=AC,4S hand2=3B,6S briscola=4S turn=1"
FOLLOW = ("hand1=2B,3C,5D,7D hand2=3B,AB,RC,2S,3S table=6S played=4B,5B,6B,7B,FB,CB,RB,2C,4C,"
          "5C,6C,7C,FC,CC,AC,2D,4D,6D,FD,CD,RD,3D,AD,4S,5S,7S,FS,CS,RS,AS turn=2 "
          "variant=briscolone")


def line(**kw):
    d = {"id": "p1", "position": LISCIO, "question": "best", "answer": ["5C"],
         "difficulty": "easy"}
    d.update(kw)
    return json.dumps({k: v for k, v in d.items() if v is not None})


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("gen") / "p.jsonl"
    r = run("puzzles", "generate", "--count", "6", "--seed", "5", "--out", str(out))
    assert r.exit_code == 0, r.output
    return out


# ----- format -------------------------------------------------------------------------
def test_read_valid_lines():
    ps = read_puzzles([line(), "", line(id="p2", question="value", answer="-7", position=SAVE,
                                        title="t", comment="c", difficulty="hard")])
    assert [p.id for p in ps] == ["p1", "p2"]
    assert ps[0].answer == (parse_card("5C"),) and ps[0].objective == "points"
    assert ps[1].answer == Fraction(-7) and ps[1].title == "t"


def test_a_best_puzzles_answer_is_cards_as_the_solvers_check():
    """Puzzle.answer gave plain ids ((5,)) where Check.solver gave Cards ((FB,)); a puzzle
    made with ids hands out Cards too, in the canonical order, and writes their text."""
    p = read_puzzles([line(position=SAVE, answer=["AC"])])[0]
    assert repr(p.answer) == "(AC,)" and all(isinstance(c, Card) for c in p.answer)
    check = solve(p)
    assert check.ok and repr(check.solver) == repr(p.answer) == "(AC,)"
    made = Puzzle("x", p.position, "best", "points", (31, 19), "easy")   # 4S, AC
    assert repr(made.answer) == "(AC, 4S)" and made.to_json()["answer"] == ["AC", "4S"]
    assert made.answer_text() == "4S,AC" and made == replace(made, answer=(19, 31))


@pytest.mark.parametrize("bad,msg", [
    ("{not json", "not valid JSON"),
    (line(id=None), "missing field 'id'"),
    (line(question="why"), "question must be"),
    (line(difficulty="brutal"), "difficulty must be"),
    (line(answer=["ZZ"]), "unknown card"),
    (line(answer=["3D"]), "not in the hand of player 1"),
    (line(answer="5C"), "non-empty list of cards"),
    (line(question="value", answer="seven"), "not an exact value"),
    (line(question="value", answer="1e5000"), "not an exact value"),
    (line(question="value", answer="1" * 41), "not an exact value"),
    (line(position="hand1=AC hand2=2C,4C briscola=2S turn=1"), "position:"),
    (line(objective="win"), "needs score="),
    (line(colour="red"), "unknown field 'colour'"),
    # Briscolone: player 2 must follow the 6S led, holding 2S and 3S
    (line(position=FOLLOW, answer=["AB"]), "answer: AB is not a card player 2 may play"),
    # every card player 1 may play: nothing to find
    (line(answer=["5C", "5D"]), "answer lists every card player 1 may play"),
    (line(position="hand1=AC hand2=2C briscola=2S turn=1", answer=["AC"]),
     "answer lists every card player 1 may play"),
])
def test_errors_name_the_line(bad, msg):
    with pytest.raises(PuzzleError) as e:
        read_puzzles([line(id="ok"), bad])
    assert str(e.value).startswith("line 2: ") and msg in str(e.value)
    assert "\n" not in str(e.value)


def test_a_value_with_an_exponent_is_one_line_not_a_crash(tmp_path):
    """'1e5000' was read as a number of 5,001 digits: puzzles solve stopped on an internal
    error (exit 70) writing it, and '1e99999999' (from a file, or typed on the board's
    puzzle answer) kept the process busy for minutes building it."""
    f = tmp_path / "p.jsonl"
    f.write_text(line(question="value", answer="1e5000") + "\n")
    r = run("puzzles", "solve", str(f))
    assert r.exit_code == 2 and "not an exact value" in r.output
    assert r.output.count("\n") == 1 and "internal error" not in r.output
    assert read_puzzles([line(question="value", answer=" -3/2 ")])[0].answer == Fraction(-3, 2)


def test_a_whole_json_lines_text_is_read_as_its_lines():
    """The docstring says a JSON-lines text, but a str was read character by character:
    'line 1: not valid JSON'."""
    text = line() + "\n\n" + line(id="p2") + "\n"
    assert [p.id for p in read_puzzles(text)] == ["p1", "p2"]
    assert read_puzzles(text) == read_puzzles(text.splitlines())


@pytest.mark.parametrize("call,words", [
    (lambda: read_puzzles([5]), r"^line 1 must be a str \(a line of JSON\), got 5$"),
    (lambda: read_puzzles([line(), None]), r"^line 2 must be a str .*got None$"),
    (lambda: read_puzzles(None), r"^lines must be a JSON-lines text or its lines .*got None$"),
    (lambda: solve(None), r"^p must be a Puzzle \(read_puzzles or bundled reads them\), got None$"),
    (lambda: generate(-1), r"^count must be a whole number of at least 0, got -1$"),
    (lambda: generate("2"), r"^count must be a whole number of at least 0, got '2'$"),
    (lambda: generate(1.5), r"^count must be a whole number of at least 0, got 1.5$"),
], ids=["item-int", "item-None", "lines-None", "solve-None", "count-neg", "count-str", "count-float"])
def test_bad_arguments_are_one_line_puzzle_errors_naming_them(call, words):
    """read_puzzles([5]) and solve(None) were AttributeErrors; generate(-1) and
    generate("2") went on to yield every puzzle it found."""
    with pytest.raises(PuzzleError, match=words) as e:
        call()
    assert e.value.key.startswith("argument.")


def test_generate_stops_at_its_count_and_zero_gives_none():
    """generate(0) yielded every puzzle it found in its tries (15 in 40 here)."""
    assert list(generate(0, seed=1, max_tries=40)) == []
    assert len(list(generate(2, seed=1, max_tries=40))) == 2


def test_duplicate_id():
    with pytest.raises(PuzzleError, match="line 2: id 'p1' already used on line 1"):
        read_puzzles([line(), line()])


# ----- solve --------------------------------------------------------------------------
def test_solve_checks_both_questions():
    ok_best, ok_val, bad_val = read_puzzles([
        line(), line(id="v", question="value", answer="-7"),
        line(id="w", question="value", answer="-13")])
    assert solve(ok_best).ok and solve(ok_val).ok
    c = solve(bad_val)
    assert not c.ok and c.solver == Fraction(-7)


def test_cli_solve_table_and_exit_codes(tmp_path):
    f = tmp_path / "p.jsonl"
    f.write_text(line() + "\n" + line(id="p2", answer=["5D"]) + "\n")
    r = run("puzzles", "solve", str(f))
    assert r.exit_code == 1
    rows = [x.split() for x in r.output.splitlines() if x.startswith("p")]
    assert rows == [["p1", "easy", "medium", "!", "5C", "5C", "ok"],
                    ["p2", "easy", "medium", "!", "5D", "5C", "WRONG"]]  # measured, "!": differs
    r = run("puzzles", "solve", "-", "--json", input=line() + "\n")
    assert r.exit_code == 0 and json.loads(r.output)["ok"] is True
    f.write_text(line() + "\n{oops\n")
    r = run("puzzles", "solve", str(f))
    assert r.exit_code == 2 and "p.jsonl:2: not valid JSON" in r.output and "Traceback" not in r.output
    r = run("puzzles", "solve", str(tmp_path / "missing.jsonl"))
    assert r.exit_code == 2 and "cannot read" in r.output


@pytest.mark.parametrize("lang,said", [
    ("en", "WRONG (incomplete: {cards} as good)"),
    ("it", "SBAGLIATO (incompleto: anche {cards} tra le migliori)")])
def test_a_best_answer_that_leaves_out_an_equal_card_says_which(tmp_path, lang, said):
    """A stated best card that is best, beside others as good the answer leaves out, was a
    bare WRONG: the maker could not tell it from a card that loses points. The verdict
    (still wrong: a player naming the others would be marked wrong) names them, as the
    JSON's ``missing`` does, from the engine's exact analysis."""
    pos = "hand1=3C,4S,2B hand2=2C,RS,AS briscola=RD turn=1"
    best = [str(c) for c in sorted(analyse(parse_position(pos)).best)]
    assert 1 < len(best) < 3
    stated, others = best[0], best[1:]
    f = tmp_path / "p.jsonl"
    f.write_text(line(position=pos, answer=[stated]) + "\n" + line(id="p2", position=pos, answer=best) + "\n")
    r = run("puzzles", "solve", str(f), "--lang", lang)
    rows = [x for x in r.output.splitlines() if x.startswith("p")]
    assert r.exit_code == 1 and rows[0].endswith(said.format(cards=", ".join(others))), r.output
    assert rows[1].split()[-1] in ("ok", "giusto")   # every best card stated: right
    r = run("puzzles", "solve", str(f), "--json")
    got = [json.loads(x) for x in r.output.splitlines()]
    assert got[0]["ok"] is False and got[0]["missing"] == others and "missing" not in got[1]


@pytest.mark.parametrize("lang,words", [
    ("en", "p.jsonl:1: an object names the key 'answer' twice"),
    ("it", "p.jsonl:1: un oggetto nomina due volte la chiave 'answer'")])
def test_a_key_written_twice_is_refused_not_read_as_its_last_value(tmp_path, lang, words):
    """A line stating "answer" twice (5C, then 5D, an edit left half done) was read as its
    last, 5D, and the first silently dropped: the file checked was not the file written."""
    f = tmp_path / "p.jsonl"
    f.write_text(line().removesuffix("}") + ', "answer": ["5D"]}\n', encoding="utf-8")
    r = run("puzzles", "solve", str(f), "--lang", lang)
    assert r.exit_code == 2 and r.output.count("\n") == 1, r.output
    assert words in r.output


# ----- generate -----------------------------------------------------------------------
def test_generated_round_trip(generated):
    r = run("puzzles", "solve", str(generated))
    assert r.exit_code == 0, r.output
    ps = read_puzzles(generated.read_text().splitlines())
    assert len(ps) == 6
    for p in ps:
        a = analyse(p.position)
        assert len(a.best) == 1 and a.moves[0].value_exact - a.moves[1].value_exact >= 4
        assert p.position.talon_size in (0, 2)
        f = measure(p.position)
        assert rate(f)[1] == p.difficulty
        # the title is shown before the answer: it names the stage, never the idea or a hint
        assert p.title in ("Last draw", "Last tricks"), p.title
        assert p.comment and p.comment[0].isupper()


def test_tampered_answer_fails(generated, tmp_path):
    lines = generated.read_text().splitlines()
    d = json.loads(lines[0])
    pos = parse_position(d["position"])
    d["answer"] = [card_str(next(c for c in pos.legal_cards() if card_str(c) not in d["answer"]))]
    lines[0] = json.dumps(d)
    f = tmp_path / "t.jsonl"
    f.write_text("\n".join(lines) + "\n")
    r = run("puzzles", "solve", str(f))
    assert r.exit_code == 1 and "WRONG" in r.output


def test_generate_filters_and_is_reproducible():
    a = [p.to_line() for p in generate(3, seed=9, talon=2, difficulty="hard")]
    b = [p.to_line() for p in generate(3, seed=9, talon=2, difficulty="hard")]
    assert a == b and len(a) == 3
    for p in read_puzzles(a):
        assert p.difficulty == "hard" and p.position.talon_size == 2


def test_generate_never_overwrites(tmp_path):
    f = tmp_path / "p.jsonl"
    f.write_text("keep me\n")
    r = run("puzzles", "generate", "--count", "1", "--out", str(f))
    assert r.exit_code == 2 and "--force" in r.output and f.read_text() == "keep me\n"
    r = run("puzzles", "generate", "--count", "1", "--out", str(f), "--force")
    assert r.exit_code == 0 and len(read_puzzles(f.read_text().splitlines())) == 1
    r = run("puzzles", "generate", "--count", "1", "--talon", "4")
    assert r.exit_code == 2


def test_greedy_and_measure():
    # greedy leads the cheapest non-trump: 5C, which is right here; the margin is 6
    pos = parse_position(LISCIO)
    assert greedy_card(pos) == parse_card("5C")
    f = measure(pos)
    assert f["greedy_wrong"] is False and f["margin"] == "6" and f["losing"] == 1
    # following the AC with a trump in hand and a Three: greedy ruffs with the cheapest trump
    pos = parse_position("hand1=4S hand2=3B,6S table=AC briscola=4S turn=2")
    assert greedy_card(pos) == parse_card("6S")
    # two equally good cards: no puzzle
    assert measure(parse_position("hand1=AC,3C hand2=2C,4C briscola=2S turn=1")) is None


def test_rate_scale():
    f = {"greedy_wrong": False, "sacrifice": False, "depth": 1, "margin": "20"}
    assert rate(f) == (0, "easy")
    assert rate({**f, "greedy_wrong": True})[1] == "medium"
    assert rate({**f, "greedy_wrong": True, "sacrifice": True, "depth": 3})[1] == "hard"


# ----- the bundled set ------------------------------------------------------------------
def test_bundled_set_verified():
    ps = bundled()
    assert len(ps) >= 60
    assert {p.difficulty for p in ps} == set(DIFFICULTIES)
    assert {p.position.talon_size for p in ps} == {0, 2}
    for p in ps:
        assert p.title
        c = solve(p)
        assert c.ok, p.id
        assert c.measured is not None and not c.difficulty_differs, p.id  # rated as made


# ----- play ---------------------------------------------------------------------------
def quiz_file(tmp_path):
    """A puzzle file of three: a best card, a save, a value question."""
    f = tmp_path / "q.jsonl"
    f.write_text(line(title="Liscio") + "\n" + line(id="p2", position=SAVE, answer=["AC"]) + "\n"
                 + line(id="p3", question="value", answer="-7") + "\n")
    return f


@pytest.fixture
def quiz(tmp_path):
    return quiz_file(tmp_path)


def test_play_right_wrong_invalid_and_eof(quiz):
    r = run("puzzles", "play", str(quiz), input="ZZ\n3D\n5C\n4S\n-7\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert out.count("is not a card you may play") == 1  # 3D, a card not in the hand
    assert "unknown card 'ZZ'" in out  # not a card at all, said as such
    assert "Right!" in out and "Wrong: the answer is AC" in out
    assert "Final score: 2/3." in out
    assert "A liscio to draw the trump" in out


def test_play_quit_and_eof_midway(quiz):
    r = run("puzzles", "play", str(quiz), input="5C\nq\n")
    assert r.exit_code == 0 and "Final score: 1/1." in r.output
    r = run("puzzles", "play", str(quiz), input="")
    assert r.exit_code == 0 and "Final score: 0/0." in r.output


def test_play_judges_by_the_files_answer_and_says_where_the_engine_differs(tmp_path):
    """The puzzle file is its maker's: a card or value is judged by the stated answer, even
    where the engine's exact search finds another (puzzles solve is the command that checks
    a file), and a line after the verdict says what the engine finds."""
    f = tmp_path / "mine.jsonl"
    f.write_text(line(answer=["5D"]) + "\n" + line(id="p2", answer=["5D"]) + "\n"
                 + line(id="v1", question="value", answer="-5") + "\n"
                 + line(id="v2", question="value", answer="-5") + "\n"
                 + line(id="ok") + "\n")
    r = run("puzzles", "play", str(f), input="5D\n5C\n-5\n-7\n5C\n")
    assert r.exit_code == 0, r.output
    after_prompt = [x.rsplit("): ", 1)[-1] for x in r.output.splitlines()]
    said = [x for x in after_prompt if x.startswith(("Right!", "Wrong:", "The engine's"))]
    differs = ("The engine's exact search finds {} instead: 'briscola puzzles solve' checks a "
               "puzzle file's answers against the engine.")
    assert said == ["Right!", differs.format("5C"),
                    "Wrong: the answer is 5D.", differs.format("5C"),
                    "Right!", differs.format("-7"),
                    "Wrong: the answer is -5.", differs.format("-7"),
                    "Right!"], said
    assert "Final score: 3/5." in r.output
    r = run("puzzles", "play", str(f), "--lang", "it", input="5D\nq\n")
    assert "Giusto!" in r.output
    assert ("La ricerca esatta del motore trova invece 5C: 'briscola puzzles solve' verifica "
            "le risposte di un file di problemi con il motore.") in r.output


#: a full talon: beyond the exact search, so the engine's answer is an estimate
FULL = "hand1=FB,5C,FC hand2=2C,AC,FS top=4D briscola=2S played=- turn=1 score=0-0"


def test_play_judges_a_puzzle_beyond_the_exact_search_by_its_stated_answer(tmp_path,
                                                                         monkeypatch):
    """A value and a best card are judged by the stated answer (the estimate cannot check a
    value, and may pick another card from run to run); the line after the verdict says so,
    with the engine's estimate and its ±."""
    from cli import cmd_puzzles
    from solver.analysis import Limit
    from solver.explain import explain_position
    monkeypatch.setattr(cmd_puzzles, "analyse",
                        lambda pos, objective: analyse(pos, objective, limit=Limit(samples=4)))
    monkeypatch.setattr(cmd_puzzles, "explain_position",
                        lambda pos, objective: explain_position(pos, objective, time_limit=0.2))
    f = tmp_path / "far.jsonl"
    f.write_text(line(id="v1", position=FULL, question="value", answer="-14") + "\n"
                 + line(id="v2", position=FULL, question="value", answer="-14") + "\n"
                 + line(id="b1", position=FULL, answer=["FB"]) + "\n")
    r = run("puzzles", "play", str(f), input="-14\n-13\nFB\n")
    assert r.exit_code == 0, r.output
    after_prompt = [x.rsplit("): ", 1)[-1] for x in r.output.splitlines()]
    verdicts = [x for x in after_prompt
                if x.startswith(("Right!", "Wrong:", "The answer is", "The engine's answer"))]
    assert len(verdicts) == 6, verdicts
    assert verdicts[0] == "Right!" and verdicts[2] == "Wrong: the answer is -14."
    for note in (verdicts[1], verdicts[3]):
        assert note.startswith("The answer is the puzzle's stated one, unchecked: the engine's "
                               "value here is an estimate, -")
        assert " ± " in note and "(± covers " in note
    assert verdicts[4] == "Right!"
    assert verdicts[5].startswith("The answer is the puzzle's stated one: the engine's answer "
                                  "here is an estimate, ") and " ± " in verdicts[5]


def test_play_in_italian_and_bundled():
    r = run("puzzles", "play", "--lang", "it", input="q\n")
    assert r.exit_code == 0 and "Problema 1/" in r.output and "Punteggio finale: 0/0." in r.output


def test_play_in_a_real_process(quiz):
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    p = subprocess.run([sys.executable, "-m", "cli.main", "puzzles", "play", str(quiz)],
                       input="5C\nAC\n", capture_output=True, text=True, cwd=ROOT, env=env,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    assert "Right!" in p.stdout and "Final score: 2/2." in p.stdout and not p.stderr


def test_generate_ctrl_c_keeps_what_was_found():
    with cli_process("puzzles", "generate", "--count", "100000", "--seed", "3") as p:
        got = [p.stdout.readline() for _ in range(2)]
        rest, err = ctrl_c(p)
    assert p.returncode == 130 and "interrupted" in err and "Traceback" not in err
    ps = read_puzzles(got + rest.splitlines())
    assert len(ps) >= 2


def test_generate_sigterm_keeps_what_was_found_in_out(tmp_path):
    """A SIGTERM (kill, timeout, a batch system's stop) killed the run, and --out, written
    whole at the end, was never written: every puzzle found was lost. It stops as Ctrl-C."""
    import signal
    out = tmp_path / "many.jsonl"
    with cli_process("puzzles", "generate", "--count", "100000", "--seed", "3",
                     "--out", out) as p:
        while not p.stderr.readline().startswith("found "):  # a compile note may come first
            pass
        p.send_signal(signal.SIGTERM)
        _, err = p.communicate(timeout=60)
    assert p.returncode == 130 and "Traceback" not in err, err
    n = len(read_puzzles(out.read_text(encoding="utf-8")))
    assert n >= 1 and f"interrupted: {n} puzzle(s) kept" in err


def test_an_estimated_answer_carries_its_interval_in_text_and_json():
    """A value puzzle beyond the exact search: the solver's answer is an estimate, so it is
    shown with its ± and the JSON says what that ± covers, as every estimate does."""
    from solver.puzzles import read_puzzles, solve

    line = ('{"id":"full","position":"hand1=FB,5C,FC hand2=2C,AC,FS top=4D briscola=2S '
            'played=- turn=1 score=0-0","question":"value","answer":"-14","difficulty":"easy"}')
    c = solve(read_puzzles([line])[0], time_limit=0.2)
    assert not c.exact and c.ok is None
    err = c.analysis.moves[0].error
    assert err is not None and c.solver_text().endswith(f" ±{err:.2f}")
    j = c.to_json()
    assert j["error"] == err and j["interval"] == c.analysis.interval.value


def test_plays_note_on_an_estimated_answer_writes_italian_numbers_with_a_comma():
    """puzzles play --lang it said the engine's estimate as '-13.53 ± 11.53' (format's
    point) where every other Italian number has a decimal comma (i18n.num)."""
    import re

    from cli.cmd_puzzles import _estimate_note

    pos = parse_position("hand1=FB,5C,FC hand2=2C,AC,FS top=4D briscola=2S played=- turn=1")
    a = analyse(pos, "points", 0.2)
    assert not a.exact
    for question in ("best", "value"):
        en, it = (_estimate_note(a, question, lang) for lang in ("en", "it"))
        assert re.search(r"\d\.\d", en) and not re.search(r"\d\.\d", it), it
        said = [x.replace(".", ",") for x in re.findall(r"\d+\.\d+", en)]
        assert len(said) == 2 and re.findall(r"\d+,\d+", it) == said, it


@pytest.mark.parametrize("as_json", [False, True])
def test_solve_keeps_the_verdicts_so_far_on_ctrl_c(monkeypatch, tmp_path, as_json):
    from cli import cmd_puzzles
    from solver.puzzles import bundled_lines

    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(bundled_lines()[:4]) + "\n")
    real, calls = cmd_puzzles.solve, []

    def solve(p, **kw):
        calls.append(p)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(p, **kw)

    monkeypatch.setattr(cmd_puzzles, "solve", solve)
    r = CliRunner().invoke(cli, ["puzzles", "solve", str(path)] + (["--json"] if as_json else []))
    assert r.exit_code == 130, r.output
    assert r.stderr.rstrip().endswith("interrupted")
    if as_json:
        assert [json.loads(ln)["id"] for ln in r.stdout.splitlines()] == \
            [c.id for c in calls[:2]]
    else:
        assert len(r.stdout.splitlines()) == 3  # the header and the two solved
        assert "2 of 4 puzzle(s) solved, 0 wrong" in r.stderr


@pytest.mark.parametrize("bad", ["e0-001 ", " e0-001", "e0-001\t", "e0\n001", "e0-\x00001",
                                 "e0-001\u200b", "\ufeffe0-001", "e0\u00a0001"])
def test_an_id_with_spaces_around_or_invisible_characters_is_refused(tmp_path, bad):
    """'e0-001' and 'e0-001 ' (or with a tab, a zero-width space) passed the unique-id check
    as two puzzles, printed alike."""
    from solver.i18n import error_text
    f = tmp_path / "p.jsonl"
    f.write_text(line(id="e0-001") + "\n" + line(id=bad) + "\n")
    before = f.read_bytes()
    r = run("puzzles", "solve", str(f))
    assert r.exit_code == 2 and "Traceback" not in r.output and r.output.count("\n") == 1
    assert f"{f}:2: id must be printable text with no space around it" in r.output
    assert f.read_bytes() == before
    with pytest.raises(PuzzleError) as e:
        read_puzzles([line(id=bad)])
    assert "id dev'essere testo stampabile senza spazi attorno" in error_text(e.value, "it")


def test_an_id_with_a_plain_space_inside_is_kept():
    assert read_puzzles([line(id="my puzzle 1"), line(id="my puzzle 2")])[1].id == "my puzzle 2"


@pytest.mark.parametrize("prefix", [" x-", "\tx-", "x\n", "x\u200b"])
def test_generate_refuses_an_id_prefix_its_ids_could_not_be_read_back_with(tmp_path, prefix):
    """--id-prefix ' x-' wrote puzzles whose ids the reader refuses: checked before any."""
    with pytest.raises(PuzzleError, match="id prefix must be printable text"):
        generate(1, id_prefix=prefix)
    out = tmp_path / "g.jsonl"
    r = run("puzzles", "generate", "--count", "1", "--id-prefix", prefix, "--out", str(out))
    assert r.exit_code == 2 and "id prefix must be" in r.output and not out.exists()
    assert r.output.count("\n") == 1 and "Traceback" not in r.output


def test_puzzles_play_in_italian_shows_and_takes_a_decimal_comma(tmp_path):
    """puzzles play --lang it asked for a value with a point's example and refused '0,5'
    (the way Italian text writes every number, i18n.num) as not a number; it takes both."""
    from solver.puzzles import read_answer

    src = tmp_path / "v.jsonl"
    src.write_text('{"id":"v","position":"hand1=3C,AS hand2=2C,RS briscola=RD turn=1",'
                   '"question":"value","objective":"points","answer":"1/2","difficulty":"easy"}\n')

    def play(lang, typed):
        r = CliRunner().invoke(cli, ["puzzles", "play", str(src), "--lang", lang], input=typed)
        assert r.exit_code == 0, r.output
        return r.stdout

    for typed in ("0,5", "0.5", " 1/2 "):
        out = play("it", typed + "\n")
        assert "per esempio 7, -3/2 o 0,5" in out and "Giusto" in out, out
    out = play("it", "0,5,1\nq\n")
    assert "'0,5,1' non è un numero" in out, out
    out = play("en", "0,5\nq\n")
    assert "e.g. 7, -3/2 or 0.5" in out and "'0,5' is not a number" in out, out
    assert read_answer("-1,5", "it") == Fraction(-3, 2) == read_answer("-1.5", "en")
    with pytest.raises(PuzzleError):
        read_answer("1,5", "en")


#: player 1 leads the RB and takes it: it is the opponent who lets the trick go for the trump
THEIRS = "hand1=RB,2C,4C hand2=FC,6D,4S top=FS briscola=AS turn=1"


def test_a_puzzles_theme_is_never_the_opponents_idea():
    """The comment's theme (and the features' ideas) came from any idea the explanation
    showed when the mover had none: "Let the trick go, draw the trump card" headed a puzzle
    whose answer takes the trick, the idea being the opponent's. The explanation still
    shows it, said as the opponent's."""
    from solver.explain import explain_position, explanation_text
    from solver.i18n import TITLES
    from solver.puzzles import evaluate

    pos = parse_position(THEIRS)
    assert [(i.kind, i.player) for i in explain_position(pos).ideas] == [("lose_for_trump", 1)]
    best, label, title, comment, f = evaluate(pos, "points", None)
    assert card_str(best) == "RB"
    assert not comment.startswith(TITLES["lose_for_trump"]) and "ideas" not in f
    assert comment == "The natural 2C costs 4 points."
    assert "The opponent plays the Jack of cups and loses the trick" in explanation_text(
        explain_position(pos))


def test_no_bundled_comment_is_headed_by_an_idea_not_the_side_to_moves():
    """A bundled comment headed by an idea's title ("Let the trick go, draw the trump card:
    ...") names an idea the explanation shows for the mover or its partner, never one only
    the other side shows (or none at all)."""
    from solver.explain import before_last_tricks4, explain_position
    from solver.i18n import TITLES

    kind_of = {title: kind for kind, title in TITLES.items()}
    for variant in ("scoperta", "briscolone", "scoperta4"):
        for p in bundled(variant):
            theme = (p.comment or "").rpartition(": ")[0]  # a title may hold ': '
            theme = theme.split(" (")[0]  # where the line shows it, when not the move asked
            if theme not in kind_of:
                continue
            assert not before_last_tricks4(p.position), p.id
            ideas = explain_position(p.position, p.objective).ideas
            side = [i.kind for i in ideas if i.player % 2 == p.position.to_move % 2]
            assert kind_of[theme] in side, (variant, p.id, p.comment)
            assert kind_of[theme] in p.features["ideas"], p.id


def test_play_says_when_several_cards_are_the_answer(tmp_path):
    """A puzzle whose stated answer lists several cards asked for "the best card": the
    question says how many are equally good, any one of them right."""
    f = tmp_path / "tie.jsonl"
    f.write_text(line(id="t", position="hand1=4C,RD,7S hand2=FB,FC,7D briscola=CD turn=2",
                      answer=["FB", "FC"]) + "\n" + line() + "\n")
    r = run("puzzles", "play", str(f), input="FC\n5C\n")
    assert r.exit_code == 0 and "Final score: 2/2." in r.output, r.output
    assert r.output.count("2 cards are equally good: any of them is right.") == 1
    r = run("puzzles", "play", str(f), "--lang", "it", input="q\n")
    assert "2 carte sono ugualmente buone: una qualsiasi è giusta." in r.output


def test_play_says_a_card_in_hand_it_may_not_play_is_not_playable(tmp_path):
    f = tmp_path / "follow.jsonl"
    f.write_text(line(position=FOLLOW, answer=["3S"]) + "\n")
    r = run("puzzles", "play", str(f), input="AB\n3S\n")
    assert "'AB' is not a card you may play (2S 3S); try again." in r.output, r.output
    assert "Final score: 1/1." in r.output


def test_a_value_question_says_its_frame(tmp_path):
    """With score= on the board, "what is this position worth to player 1?" read as the
    final margin (65-51 and 4 points left: 18?) while the answer is the points still to win
    (-4): the question says which, and what a win value is."""
    f = tmp_path / "v.jsonl"
    scored = "hand1=RC,6S hand2=5B,4D briscola=2D turn=1 score=65-51"
    f.write_text(line(id="v", position=scored, question="value", answer="-4") + "\n"
                 + line(id="w", position=scored, question="value", objective="win",
                        answer="1") + "\n")
    r = run("puzzles", "play", str(f), input="-4\n1\n")
    assert "Final score: 2/2." in r.output, r.output
    assert ("The value: the points player 1 will still take less the opponent's, with best "
            "play from both sides (the points already taken do not count).") in r.output
    assert "The value: player 1's chance to win the deal, from 0 to 1" in r.output
    r = run("puzzles", "play", str(f), "--lang", "it", input="q\n")
    assert "i punti già presi non contano" in r.output


def test_two_ids_that_print_alike_in_another_unicode_form_are_one_id_twice():
    """'café' written composed and decomposed (e + U+0301, as some editors save it) print
    the same, and passed the unique-id check as two puzzles."""
    with pytest.raises(PuzzleError, match="line 2: id 'cafe\u0301' already used on line 1"):
        read_puzzles([line(id="caf\u00e9"), line(id="cafe\u0301")])


def test_play_of_a_difficulty_the_file_does_not_hold_says_so(quiz):
    """--difficulty hard on a file of easy puzzles printed only "Final score: 0/0."."""
    r = run("puzzles", "play", str(quiz), "--difficulty", "hard", input="")
    assert r.exit_code == 2 and f"{quiz} holds no puzzles of difficulty hard (it holds easy)" in r.output
    r = run("puzzles", "play", str(quiz), "--difficulty", "hard", "--lang", "it", input="")
    assert r.exit_code == 2 and "non contiene nessun problema di difficoltà hard (ne contiene di: easy)" in r.output, r.output


def test_a_best_card_verdict_resting_on_an_estimate_says_when_it_cannot_tell():
    """A full-talon "best" puzzle stating AB, where the estimate put 3C first and AB 4.47 ±
    4.74 below it: the verdict was WRONG (and the run's exit code 1), though the estimate
    cannot tell AB from 3C. A stated card is wrong where the estimate finds it below its
    best beyond their gap's interval, right where it is the estimate's best and every other
    card is below it beyond its interval, and too close to call otherwise."""
    import time

    from solver.analysis.result import Analysis, Interval, Method, MoveValue, Way
    from solver.puzzles import Check, read_puzzles

    far = ("hand1=AB,3C,AC hand2=7C,CC,3D top=6S briscola=RD played=4B,5B,6B,FB,2C,4C,6C,"
           "4D,CD,4S,5S,FS turn=1 score=7-0")
    pos = parse_position(far)

    def estimate(*rows):
        moves = tuple(MoveValue(parse_card(c), v, None, 6.2, g) for c, v, g in rows)
        return Analysis.estimate(pos, "points", moves, (moves[0].card,), nodes=0,
                                 t0=time.perf_counter(), method=Method(Way.SAMPLED_CLAIRVOYANT),
                                 interval=Interval.SAMPLING_AND_METHOD)

    def verdict(stated, a):
        line = json.dumps({"id": "far", "position": far, "question": "best", "answer": stated,
                           "difficulty": "hard"})
        c = Check.of(read_puzzles([line])[0], a)
        return c.ok, c.verdict_text("en"), c.verdict_text("it")

    near = estimate(("3C", -6.19, None), ("AC", -7.81, 3.78), ("AB", -10.66, 4.74))
    assert verdict(["AB"], near) == (None, "too close to call (estimate)",
                                     "troppo vicine per giudicarle (stima)")
    assert verdict(["3C"], near)[0] is None   # AC and AB may be as good
    clear = estimate(("3C", 0.0, None), ("AC", -10.0, 3.0), ("AB", -12.0, 3.0))
    assert verdict(["AB"], clear)[:2] == (False, "WRONG (estimate)")
    assert verdict(["3C", "AC"], clear)[0] is False
    assert verdict(["3C"], clear)[:2] == (True, "ok (estimate)")
