"""``briscola analyse -``: the batch path scripts and test suites use."""
from __future__ import annotations

import functools
import json
import os

from click.testing import CliRunner

from cli.main import cli
from reference import load_positions, ref_values
from solver.cards import card_str
from solver.position import parse_position

ENDGAME = ("hand1=6B,2D,AS hand2=6C,RD,5S top=4B briscola=3C played=2B,5B,FB,CB,RB,3B,4C,5C,"
           "7C,FC,CC,RC,AC,4D,5D,6D,7D,FD,CD,3D,AD,2S,6S,7S,RS,3S turn=2")


def _run(text):
    return CliRunner().invoke(cli, ["analyse", "-"], input=text)


def test_jsonl_lines_are_read_as_they_are():
    rows = load_positions("scoperta-dev")[:25]
    assert len(rows) == 25
    r = _run("".join(json.dumps(row) + "\n" for row in rows))
    assert r.exit_code == 0, r.output
    out = [json.loads(x) for x in r.output.splitlines()]
    assert len(out) == len(rows)
    for row, j in zip(rows, out):
        assert parse_position(j["position"]) == parse_position(row["position"])
        assert {m["card"]: m["value_exact"] for m in j["moves"]} == row["moves"]


def test_bad_lines_keep_their_place_and_the_batch_goes_on():
    text = "\n".join([ENDGAME, "", "# a comment", "hand1=ZZ hand2=2C briscola=RD turn=1",
                      '{"kind": "ex"}', "{not json", ENDGAME]) + "\n"
    r = _run(text)
    assert r.exit_code == 2 and "Traceback" not in r.output
    objs = [json.loads(x) for x in r.output.splitlines() if x.startswith("{")]
    assert len(objs) == 5
    assert [("error" in o) for o in objs] == [False, True, True, True, False]
    assert "ZZ" in objs[1]["error"] and "position" in objs[2]["error"] and "JSON" in objs[3]["error"]
    want = ref_values(parse_position(ENDGAME), "points")
    for o in (objs[0], objs[4]):
        assert {m["card"]: m["value_exact"] for m in o["moves"]} == \
            {card_str(c): str(v) for c, v in want.items()}
    errs = [x for x in r.output.splitlines() if x.startswith("error:")]
    # physical line numbers, then the summary line
    assert errs[0].startswith("error: line 4:") and errs[1].startswith("error: line 5:")
    assert errs[-1] == "error: 3 of 5 input lines were not analysed (their JSON objects carry the error)"


def test_best_says_when_ctrl_c_stopped_its_exact_search(monkeypatch, ctrl_c_in_exact_search):
    """Ctrl-C in `best`'s exact search: the answer is an estimate and says it was
    interrupted, not only that it is an estimate."""
    import random

    from solver.random_positions import random_position

    pos = random_position(random.Random(8), 8)
    ctrl_c_in_exact_search(pos)
    r = CliRunner().invoke(cli, ["best", pos.to_text()])
    assert r.exit_code == 0, r.output
    assert r.stdout.rstrip().endswith(", interrupted)") and "(estimate ±" in r.stdout, r.stdout
    monkeypatch.undo()
    r = CliRunner().invoke(cli, ["best", pos.to_text()])
    assert r.exit_code == 0 and "(" not in r.stdout  # exact: no mark


def test_ctrl_c_in_a_batch_prints_the_line_in_hand_then_stops(ctrl_c_in_exact_search):
    """Ctrl-C in `analyse -` lost the line being analysed: its answer so far is printed,
    marked interrupted, the lines after it are not analysed, and the exit code is 130."""
    import random

    from solver.random_positions import random_position

    first, second = (random_position(random.Random(s), 8).to_text() for s in (8, 9))
    ctrl_c_in_exact_search(parse_position(second))
    r = CliRunner().invoke(cli, ["analyse", "-"], input=f"{first}\n{second}\n{first}\n")
    assert r.exit_code == 130, r.output
    objs = [json.loads(x) for x in r.stdout.splitlines()]
    assert len(objs) == 2 and objs[0]["exact"] and "interrupted" not in objs[0]
    assert objs[1]["interrupted"] is True and not objs[1]["exact"] and objs[1]["best"]
    assert r.stderr.splitlines()[-1] == "interrupted"


def test_a_seats_line_is_its_best_card_then_the_hidden_hand_decides():
    """A seat's estimate printed no line (its pv was empty); its line is its best card."""
    r = CliRunner().invoke(cli, ["analyse", "--samples", "20", "variant=classic hand1=FB,5C,FC "
                                 "hand2=? briscola=2S played=- turn=1"])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    best = next(x for x in lines if x.startswith("best: ")).split()[1].rstrip(",")
    assert f"line: {best}  (then the hidden hand decides)" in lines


def test_best_lists_tied_cards_in_the_order_analyse_gives_them():
    """`best` sorted tied cards by their text (5C 5D FC), analyse and --json by suit then
    strength (5C, FC, 5D)."""
    import json
    text = "hand1=5B,7D,CD hand2=CC,4S,5S briscola=5D turn=2"  # CC, 4S, 5S tie
    a = json.loads(CliRunner().invoke(cli, ["analyse", "--json", text]).stdout)
    r = CliRunner().invoke(cli, ["best", text])
    assert len(a["best"]) > 1 and sorted(a["best"]) != a["best"]
    assert r.stdout.split() == a["best"]


def test_a_chance_of_winning_is_said_in_percent_as_on_the_board_and_the_json_keeps_it():
    """``analyse --objective win`` printed a chance as ``0.2951`` while the board, explain,
    the puzzles and the picture say ``29.5%``: the text now says a percentage (its exact
    fraction beside it, its gap and ± in percentage points), in both languages; the JSON
    keeps the probability."""
    scored = ENDGAME + " score=39-40"
    en = CliRunner().invoke(cli, ["analyse", "--objective", "win", scored]).output
    it = CliRunner().invoke(cli, ["analyse", "--objective", "win", "--lang", "it", scored]).output
    j = json.loads(CliRunner().invoke(cli, ["analyse", "--objective", "win", "--json",
                                            scored]).output)
    rows = {m["card"]: m for m in j["moves"]}
    for card, m in rows.items():
        v = 100 * m["value"]
        assert f"{card}  {v:.1f}%  (= {m['value_exact']})" in en, en
        assert f"{card}  {v:.1f} %  (= {m['value_exact']})".replace(".", ",") in it, it
        assert 0 <= m["value"] <= 1
    assert "0." not in en.split("\n", 2)[2].split("best:")[0]  # no probability left in the rows


def test_the_estimate_of_a_chance_in_best_is_in_percentage_points():
    from types import SimpleNamespace

    from cli.cmd_analyse import estimate_mark
    from solver.analysis.result import Interval

    moves = [SimpleNamespace(card=0, error=0.376, value_exact=None)]
    a = SimpleNamespace(exact=False, moves=moves, best=(0,), objective="win",
                        interval=Interval.SAMPLING_AND_METHOD, interrupted=False)
    assert estimate_mark(a).startswith(" (estimate ±37.6 percentage points, ")
    assert estimate_mark(a, "it").startswith(" (stima ±37,6 punti percentuali, ")


FULL = "hand1=FB,5C,FC hand2=2C,AC,FS top=4D briscola=2S played=- turn=1 score=0-0"


@functools.cache
def _win_estimate() -> tuple[str, dict]:
    """An estimate of a chance of winning whose method's error is carried (its note says
    how), as text and as JSON."""
    args = ["analyse", "--samples", "4", "--objective", "win", FULL]
    text = CliRunner().invoke(cli, args).stdout
    return text, json.loads(CliRunner().invoke(cli, [*args, "--json"]).stdout)


def test_an_estimates_header_says_no_internal_method_id():
    """The header read "ESTIMATE (sampled-clairvoyant-lines-second-trick, not exact)", an
    internal id that the ``method:`` line below says in words: a player reads "ESTIMATE
    (not exact)"; the JSON keeps the id."""
    text, j = _win_estimate()
    head = text.splitlines()[1]
    assert head.endswith(", ESTIMATE (not exact)") and j["method"] not in text, text
    assert j["method"].startswith("sampled-") and "\nmethod: sampled talon orders" in text


def test_an_estimate_of_a_chance_says_its_method_error_in_percentage_points():
    """``analyse --objective win`` printed its rows in percent but its note on the method's
    error as a probability ("±0.28 of the chance of winning on a card's value, ±0.26 on
    the gap"): the note is in percentage points; the JSON's note keeps the probability."""
    text, j = _win_estimate()
    said = [line for line in text.splitlines() if line.startswith("note: the method's error")]
    assert said and all("percentage points on a card's value" in line for line in said), text
    assert "of the chance of winning" not in text and "±0." not in text, text
    kept = [n for n in j["notes"] if "the method's error" in n]
    assert kept and all("±0." in n and "of the chance of winning" in n for n in kept), kept


def test_a_notes_chance_is_said_in_percentage_points_in_both_languages_and_its_json_kept():
    from solver.analysis.estimate import carried_note
    from solver.analysis.result import unit_words
    from solver.errors import Note
    from solver.i18n import note_text

    note = carried_note("win", True, True, (0.28, 0.26))
    assert str(note).endswith("±0.28 of the chance of winning on a card's value, ±0.26 on "
                              "the gap between two cards")  # the JSON's, as it always was
    for n in (note, Note.read(str(note))):  # made, or read back from a JSON
        assert note_text(n, "en").endswith(
            "±28 percentage points on a card's value, ±26 on the gap between two cards")
        assert note_text(n, "it").endswith(
            "±28 punti percentuali sul valore di una carta, ±26 sullo scarto tra due carte")
    bias = Note.of("note.part.corrected", bias=0.025, unit=unit_words("win"))
    assert note_text(bias, "en").startswith("each value corrected by +2.5 percentage points")
    assert note_text(bias, "it").startswith("ogni valore corretto di +2,5 punti percentuali")
    grown = Note.of("note.part.covers.gap", gap=0.01, covers=Note.of(
        "note.part.covers.measured", value=1.435, unit=unit_words("win")))
    assert note_text(grown, "en") == ("the method's measured error: ±140 percentage points on "
                                      "a card's value at this stage, ±1 on the gap between "
                                      "two cards")
    one = Note.of("note.part.covers.measured", value=0.01, unit=unit_words("win"))
    assert "±1 percentage point on" in note_text(one, "en")
    assert "±1 punto percentuale sul" in note_text(one, "it")
    points = carried_note("points", True, True, (2.5, 2.7))
    assert note_text(points, "en") == str(points) and "±2.5 points" in str(points)


def test_a_batchs_time_limit_is_each_lines_and_help_and_docs_say_so():
    """`analyse - --time-limit S` gives every line S seconds of its own (a user piping 100
    positions at 1 s expects each to get 1 s), and --help and docs/commands.md say so, not
    leaving it to be guessed against the whole-run limit of match, simulate and puzzles."""
    full = ["hand1=4C,6D,RS hand2=4B,5B,5S top=AB briscola=FB played=- turn=1 score=0-0",
            "hand1=CD,7S,AS hand2=7B,FC,RD top=AB briscola=AD played=- turn=1 score=0-0",
            "hand1=FB,3C,CD hand2=6B,7C,4S top=FS briscola=RD played=- turn=1 score=0-0"]
    r = CliRunner().invoke(cli, ["analyse", "-", "--time-limit", "0.3"],
                           input="\n".join(full) + "\n")
    assert r.exit_code == 0, r.output
    seconds = [json.loads(x)["seconds"] for x in r.output.splitlines()]
    # full deals: each an estimate that runs its whole time; shared, the three add up to 0.3
    assert len(seconds) == 3 and all(s >= 0.25 for s in seconds), seconds
    help_text = " ".join(CliRunner().invoke(cli, ["analyse", "--help"]).output.split())
    assert "With POSITION '-', each line gets this time of its own" in help_text
    assert "it is not a limit on the whole batch" in help_text
    with open(os.path.join(os.path.dirname(__file__), "..", "docs", "commands.md")) as f:
        docs = " ".join(f.read().split())
    assert "With POSITION `-` each line gets S seconds of its own" in docs


# ----- analyse --record FILE --game K: one record of a file of several ----------------------
def _games_file(tmp_path, count=3):
    """A JSON Lines file of ``count`` scoperta records, as `simulate --record-out` writes."""
    from solver.players.agents import play_deal
    from solver.record import deal_record, write_record

    recs = [deal_record(play_deal("scoperta", "greedy,random", seed=s), seed=s)
            for s in range(count)]
    path = tmp_path / "games.jsonl"
    write_record(str(path), recs)
    return str(path), recs


def _one_line_error(r, lang="en"):
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    word = "errore" if lang == "it" else "error"
    assert r.output.startswith(f"{word}: ") and r.output.count("\n") == 1, r.output
    return r.output[len(word) + 2:].strip()


def test_analyse_record_game_picks_that_record_of_a_file_of_several(tmp_path):
    from solver.record import record_positions

    path, recs = _games_file(tmp_path)
    seen = set()
    for k, rec in enumerate(recs, 1):
        step = record_positions(rec)[35 - 1]  # move 35: the talon is empty, the search exact
        seat = step.position.to_move + 1
        r = CliRunner().invoke(cli, ["analyse", "--record", path, "--game", str(k), "--move",
                                     "35", "--seat", str(seat), "--json"])
        assert r.exit_code == 0, r.output
        got = parse_position(json.loads(r.output[r.output.index("{"):])["position"])
        assert got == step.position, k
        seen.add(got)
    assert len(seen) == len(recs)  # the records differ: each --game is its own


def test_analyse_record_of_several_without_game_says_how_to_pick_in_both_languages(tmp_path):
    path, _ = _games_file(tmp_path)
    args = ["analyse", "--record", path, "--move", "35", "--seat", "1"]
    said = _one_line_error(CliRunner().invoke(cli, args))
    assert said == f"{path} holds 3 records: pick one with --game K (1 to 3)", said
    said = _one_line_error(CliRunner().invoke(cli, args + ["--lang", "it"]), "it")
    assert said == f"{path} contiene 3 partite: scegline una con --game K (da 1 a 3)", said


def test_analyse_record_game_out_of_range_is_one_line(tmp_path):
    from solver.record import record_positions

    path, recs = _games_file(tmp_path)
    args = ["analyse", "--record", path, "--game", "4", "--move", "35", "--seat", "1"]
    said = _one_line_error(CliRunner().invoke(cli, args))
    assert said == f"record 4 is out of range: the records of {path} are 1..3", said
    said = _one_line_error(CliRunner().invoke(cli, args + ["--lang", "it"]), "it")
    assert said == (f"la partita 4 è fuori dall'intervallo: le partite di {path} vanno da 1 "
                    "a 3"), said
    one = tmp_path / "one.json"  # a single record: --game 1 is it, --game 2 out of range
    one.write_text(json.dumps(recs[0]))
    seat = record_positions(recs[0])[35 - 1].position.to_move + 1
    r = CliRunner().invoke(cli, ["analyse", "--record", str(one), "--game", "1", "--move", "35",
                                 "--seat", str(seat), "--json"])
    assert r.exit_code == 0, r.output
    args = ["analyse", "--record", str(one), "--game", "2", "--move", "35", "--seat", "1"]
    assert _one_line_error(CliRunner().invoke(cli, args)).endswith("are 1..1")
    for bad in (["--game", "0"], ["--game", "x"]):
        r = CliRunner().invoke(cli, ["analyse", "--record", path, *bad, "--move", "1",
                                     "--seat", "1"])
        assert r.exit_code == 2 and "--game" in r.output, r.output
    r = CliRunner().invoke(cli, ["analyse", "--game", "2", ENDGAME])
    assert r.exit_code == 2 and "--game go with --record FILE" in r.output, r.output


def test_analyse_record_move_range_says_what_a_deal_holds(tmp_path):
    """--move took 1 to 41 and said so with "a deal has 40 moves" beside it: the range and
    its reason disagreed, and a move 41 passed the option only to be refused by the record."""
    path, _ = _games_file(tmp_path)
    for move, lang, words in (("0", "en", "0 is out of range (1 to 40, a deal has 40 moves)"),
                              ("41", "en", "41 is out of range (1 to 40, a deal has 40 moves)"),
                              ("41", "it", "41")):
        r = CliRunner().invoke(cli, ["analyse", "--record", path, "--game", "1", "--move", move,
                                     "--seat", "1", "--lang", lang])
        assert r.exit_code == 2 and "--move" in r.output and words in r.output, r.output
        assert "41)" not in r.output and "a 41" not in r.output, r.output


def test_best_promises_no_95_percent_interval_its_answer_may_not_have():
    """best's help (and the command list) said an estimate comes "with the half-width of its
    95 % interval", while at a classic deal's first card the answer says its interval is
    carried from other stages (not a checked 95 % interval) and a one-sample one is a bound:
    the help promises what every answer has, its ± and what that covers."""
    start = "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"
    r = CliRunner().invoke(cli, ["best", "--time-limit", "0.2", start])
    assert r.exit_code == 0 and r.output.rstrip().endswith(
        ", sampling and extrapolated method)"), r.output
    for args in (["best", "--help"], ["--help"]):
        said = CliRunner().invoke(cli, args).output
        assert "95 %" not in said, said
