"""Hostile files through the command line, beside test_files.py's fuzz of the readers: every
kind of file a command reads (game records, puzzles, the task logs of `match` and `analyse
-`), made by the program itself, then cut at a random byte, flipped, re-encoded, retyped or
given contents no game has, and handed to the commands that read it. Every run ends in a
verdict: exit 0 (a torn last line read without it, said in a note; a harmless change, such as
a byte-order mark, CRLF or CR line ends or a line separator in a string, read as the file,
nothing taken for torn), or exit 1 or 2 with one error line naming the file and nothing else
on stderr (no torn line's note before it); never a traceback, never a JSON answer no strict
reader takes, and the file read is left as it was (a log only grows, its torn row set aside).
Seeded and bounded. Then the defects this fuzz found, each pinned with its input."""
from __future__ import annotations

import json
import os
import random

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver import jsonfile
from solver.game import from_position, legal_cards, play
from solver.position import parse_position
from solver.record import start_record, write_record

ENDGAMES = ["hand1=4S,6S hand2=2C,RC,AD table=6C top=3D briscola=3C turn=2",
            "hand1=5S,6S hand2=2C,RC,AD table=6C top=3D briscola=3C turn=2"]
BATCH = "\n".join(ENDGAMES) + "\n"
MATCH = ["match", "greedy", "random", "--deals", "4", "--seed", "1", "--jobs", "1", "--json", "-q"]
START = "hand1=3C,AS,2D hand2=2C,RS,4D top=5B briscola=RD turn=1 score=50-41"
#: each file the program writes and the commands that read it ({} its path; the input given)
READERS = {
    "games.jsonl": [(["replay", "{}"], None)],
    "classic.jsonl": [(["analyse", "--record", "{}", "--move", "2", "--seat", "2", "--samples",
                        "2"], None)],
    "start.json": [(["replay", "{}"], None), (["review", "{}", "--time-per-move", "0.05"], None),
                   (["analyse", "--record", "{}", "--move", "1", "--seat", "1"], None)],
    "puzzles.jsonl": [(["puzzles", "solve", "{}", "--json"], None),
                      (["puzzles", "play", "{}"], "q\n")],
    "match.log": [(MATCH + ["--log", "{}"], None)],
    "batch.log": [(["analyse", "-", "--log", "{}"], BATCH)],
}
#: files a command only appends to: a rerun leaves the rows before it as they were
LOGS = {"match.log", "batch.log"}
SEED = 41
#: in the name of a mutant that is the same file to a reader of JSON: it must read as well
HARMLESS = "harmless"
RANDOM_MUTANTS = 12  # per file, beside the fixed ones
SPOILT = 12  # per file: about 450 runs in all


def run(args, input=None):
    return CliRunner().invoke(cli, args, input=input)


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The files, each as the program writes it."""
    d = tmp_path_factory.mktemp("made")
    for args in (["simulate", "-n", "3", "--seed", "3", "--record-out", str(d / "games.jsonl")],
                 ["simulate", "-v", "classic", "-n", "1", "--seed", "4", "--record-out",
                  str(d / "classic.jsonl")],
                 MATCH + ["--log", str(d / "match.log")]):
        assert run(args).exit_code == 0
    assert run(["analyse", "-", "--log", str(d / "batch.log")], BATCH).exit_code == 0
    state = first = from_position(parse_position(START), None)
    while not state.is_over:
        state = play(state, legal_cards(state)[0])
    write_record(str(d / "start.json"), start_record(state, START, first.talon, players=["a", "b"]))
    from solver.puzzles import bundled_lines
    (d / "puzzles.jsonl").write_text("\n".join(bundled_lines()[:3]) + "\n")
    return {name: (d / name).read_bytes() for name in READERS}


def mutants(data: bytes, rng: random.Random):
    """(what, bytes): the file made hostile, the fixed ways, then with contents no game has,
    then cut, flipped and spoilt at random places."""
    first_string = data.index(b'"')
    yield from [
        ("empty", b""), (f"blank lines, {HARMLESS}", b"\n\n" + data + b"\n\n"),
        (f"a byte-order mark, {HARMLESS}", b"\xef\xbb\xbf" + data),
        (f"crlf, {HARMLESS}", data.replace(b"\n", b"\r\n")),
        (f"cr, {HARMLESS}", data.replace(b"\n", b"\r")),
        ("cr, twice, the second torn", (data + data[: len(data) // 2]).replace(b"\n", b"\r")),
        (f"no last newline, {HARMLESS}", data.rstrip(b"\n")), ("twice", data + data),
        ("twice, the second torn", data + data[: len(data) // 2]),
        ("nul", data.replace(b'"', b'"\x00', 1)),
        ("a huge line", data + b'{"x": "' + b"a" * 1_100_000 + b'"}\n'),
        ("duplicate keys", data.replace(b"{", b'{"variant": "classic", "index": 7, "id": "", ', 1)),
        ("NaN", data.replace(b"1", b"NaN", 1)), ("Infinity", data.replace(b"1", b"-Infinity", 1)),
        ("a huge int", data.replace(b"1", b"1" + b"0" * 400, 1)),
        ("a number as text", data.replace(b": 1", b': "1"', 1).replace(b":1", b':"1"', 1)),
        ("a negative count", data.replace(b": 1", b": -1", 1).replace(b":1", b":-1", 1)),
        ("null", b"null\n"), ("a list", b"[[], [1]]\n"), ("an object", b"{}\n"),
        ("a string", b'"x"\n'), ("a number", b"7\n"),
    ]
    for sep in ("\u2028", "\u2029", "\x85", "\x1c"):  # the last a control: no JSON text
        if b'"comment": "' in data:  # a puzzle's own comment: a second one is refused
            comment = data.replace(b'"comment": "', f'"comment": "a{sep}b'.encode(), 1)
        elif b'"players":' in data:  # a record has no comment field: a name holds the text
            at = data.index(b'"', data.index(b'"players":') + len(b'"players":')) + 1
            comment = data[:at] + f"a{sep}b".encode() + data[at:]
        else:
            comment = data.replace(b"{", f'{{"comment": "a{sep}b", '.encode(), 1)
        yield f"{sep!r} in a comment{', ' + HARMLESS if sep != chr(0x1C) else ''}", comment
        at = first_string + 1
        yield f"{sep!r} in the first string", data[:at] + sep.encode() + data[at:]
    for _ in range(SPOILT):
        yield "contents no game has", spoilt(data, rng)
    for _ in range(RANDOM_MUTANTS):
        roll, i = rng.random(), rng.randrange(len(data))
        if roll < 0.4:
            yield f"cut at {i}", data[:i]
        elif roll < 0.7:
            flipped = bytes([data[i] ^ 1 << rng.randrange(8)])
            yield f"bit flipped at {i}", data[:i] + flipped + data[i + 1:]
        elif roll < 0.85:
            yield f"0xff at {i}", data[:i] + b"\xff" + data[i:]
        else:
            yield f"cut at {i}, then a line", data[:i] + b"\n" + data


CARDS = [r + s for s in "BCDS" for r in "A3RCF76542"]


def _spoilt_value(value, rng: random.Random):
    """``value`` kept in kind but given what no game holds: a card another card (one card
    twice), a count off by some or negative, an item twice or gone."""
    if isinstance(value, str) and value in CARDS:
        return rng.choice(CARDS)
    if isinstance(value, str) and "=" in value:   # a position: a card in it changed
        cards = [c for c in CARDS if c in value]
        return value.replace(rng.choice(cards), rng.choice(CARDS), 1) if cards else value + "x"
    if isinstance(value, int) and not isinstance(value, bool):
        return rng.choice([value + 1, value - 2, -value - 1, value * 3 + 7, 121])
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        return value[:i] + value[i + 1:] if rng.random() < 0.5 else value + [value[i]]
    return value


def spoilt(data: bytes, rng: random.Random) -> bytes:
    """The file with one value of one of its records changed by ``_spoilt_value``."""
    text = data.decode()
    lines = text.splitlines() if not text.startswith("{\n") else [text]
    k = rng.randrange(len(lines))
    obj = json.loads(lines[k])
    leaves = []

    def walk(node, path):
        leaves.append(path)
        items = node.items() if isinstance(node, dict) else enumerate(node) \
            if isinstance(node, list) else ()
        for key, v in items:
            walk(v, path + (key,))
    walk(obj, ())
    path = rng.choice(leaves[1:])
    parent = obj
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = _spoilt_value(parent[path[-1]], rng)
    lines[k] = json.dumps(obj, indent=1 if len(lines) == 1 and "\n" in lines[0] else None)
    return ("\n".join(lines) + "\n").encode()


def _torn(data: bytes) -> bool:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return False
    return jsonfile.torn_line(jsonfile.split_lines(text))


def _strict_json(text: str) -> None:
    def refuse(name):
        raise AssertionError(f"{name} in the JSON answer")
    if text.lstrip().startswith("{\n"):
        json.loads(text, parse_constant=refuse)
        return
    for line in text.splitlines():
        json.loads(line, parse_constant=refuse)


def judge(r, args, path, name: str, before: bytes, batch: bool) -> None:
    """One run's verdict, as the module's docstring says it."""
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert r.exit_code in (0, 1, 2), r.output
    assert "Traceback" not in r.output and "internal error" not in r.output, r.output
    errors = [ln for ln in r.stderr.splitlines() if ln.startswith("error: ")]
    refused = r.exit_code == 2 and not (batch and r.stdout)  # not a batch's bad lines
    if refused:   # one line: no torn line's note before it
        assert len(errors) == 1 and r.stderr == errors[0] + "\n", r.stderr
        assert str(path) in errors[0], errors[0]
    if r.exit_code == 0 and _torn(before):
        assert "cut short" in r.stderr, r.stderr
    if not refused and ("--json" in args or batch):
        _strict_json(r.stdout)
    after = path.read_bytes()
    aside = path.with_name(path.name + ".torn")
    if name not in LOGS or refused:
        assert after == before and not aside.exists()
        return
    kept = before
    if aside.exists():
        tail = aside.read_bytes().removesuffix(b"\n")
        assert "cut short" in r.stderr and before.endswith(tail), r.stderr
        kept = before[: len(before) - len(tail)]
    assert after.startswith(kept), (before[-200:], after[-200:])


@pytest.mark.parametrize("name", list(READERS))
def test_fuzz_every_file_through_the_commands_that_read_it(tmp_path, made, name):
    rng = random.Random(f"{SEED}:{name}")
    path = tmp_path / name
    for what, data in mutants(made[name], rng):
        for args, given in READERS[name]:
            path.write_bytes(data)
            path.with_name(name + ".torn").unlink(missing_ok=True)
            args = [a.replace("{}", str(path)) for a in args]
            r = run(args, given)
            try:
                assert HARMLESS not in what or (r.exit_code == 0 and "cut short" not in
                                                r.stderr), r.output
                judge(r, args, path, name, data, batch=given == BATCH)
            except AssertionError as e:
                raise AssertionError(f"{name}, {what}: {' '.join(args[:2])}: {e}") from None


# ----- the defects found, each pinned with its input ----------------------------------------

SEPARATORS = ["\u2028", "\u2029", "\x85"]


@pytest.mark.parametrize("sep", SEPARATORS, ids=["U+2028", "U+2029", "U+0085"])
def test_a_line_separator_inside_a_string_does_not_cut_the_line(tmp_path, made, sep):
    """Puzzle and record files were split into lines by str.splitlines, which also splits at
    U+2028, U+2029 and U+0085: a JSON string may hold them as they are, so a valid file was
    refused ("Unterminated string"), and a line after one was numbered wrong."""
    lines = made["puzzles.jsonl"].decode().splitlines()
    first = json.loads(lines[0])
    first["comment"] = f"one{sep}two"
    lines[0] = json.dumps(first, ensure_ascii=False)
    p = tmp_path / "p.jsonl"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = run(["puzzles", "solve", str(p)])
    assert r.exit_code == 0 and "3 puzzle(s), 0 wrong" in r.stderr, r.output
    p.write_text(lines[0] + "\n" + lines[1][:-1] + "\n", encoding="utf-8")
    r = run(["puzzles", "solve", str(p)])
    assert r.exit_code == 2 and r.stderr.startswith(f"error: {p}:2: not valid JSON"), r.stderr

    records = made["games.jsonl"].decode().splitlines()
    rec = json.loads(records[1])
    rec["players"] = [f"greedy{sep}", "random"]
    records[1] = json.dumps(rec, ensure_ascii=False)
    g = tmp_path / "g.jsonl"
    g.write_text("\n".join(records) + "\n", encoding="utf-8")
    r = run(["replay", str(g)])
    assert r.exit_code == 0 and "[record 3]" in r.stdout, r.output


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_no_json_numbers(tmp_path, made, constant):
    """Python's decoder reads NaN and Infinity, which JSON has not: a log row of `analyse -`
    holding one was printed back as the line's answer (`"value": NaN`), a JSON line no
    strict reader takes. Every file refuses them, naming the file, the line and the column."""
    rows = made["batch.log"].decode().splitlines()
    row = json.loads(rows[1])
    row["output"]["moves"][0]["value"] = "CONSTANT"
    rows[1] = json.dumps(row).replace('"CONSTANT"', constant)
    log = tmp_path / "a.log"
    log.write_text("\n".join(rows) + "\n")
    before = log.read_bytes()
    r = run(["analyse", "-", "--log", str(log)], BATCH)
    column = rows[1].index(constant) + 1
    assert r.exit_code == 2 and r.stdout == "", r.output
    assert r.stderr == (f"error: {log}:2: not valid JSON ({constant} is not a JSON number, "
                        f"column {column}): not a task log row\n")
    assert log.read_bytes() == before
    it = run(["analyse", "-", "--log", str(log), "--lang", "it"], BATCH)
    assert f"({constant} non è un numero JSON, colonna {column})" in it.stderr, it.stderr

    puzzle = json.loads(made["puzzles.jsonl"].decode().splitlines()[0])
    puzzle["features"]["score"] = "CONSTANT"
    p = tmp_path / "p.jsonl"
    p.write_text(json.dumps(puzzle).replace('"CONSTANT"', constant) + "\n")
    r = run(["puzzles", "solve", str(p), "--json"])
    assert r.exit_code == 2 and r.stdout == "", r.output
    assert r.stderr.startswith(f"error: {p}:1: not valid JSON ({constant} is not a JSON number")

    g = tmp_path / "r.json"   # a pretty-printed record: its line is found in the whole text
    pretty = made["start.json"].decode()
    g.write_text(pretty.replace('\n "format"', f'\n "x": {constant},\n "format"', 1))
    r = run(["replay", str(g)])
    assert r.exit_code == 2 and r.stderr.startswith(
        f"error: {g}:2: not valid JSON ({constant} is not a JSON number, column 7)"), r.stderr


def test_a_constant_inside_a_string_is_text():
    assert jsonfile.parse('{"a": "NaN, Infinity \\" NaN", "b": 1}', "f") == {
        "a": 'NaN, Infinity " NaN', "b": 1}
    with pytest.raises(jsonfile.JSONFileError, match=r"^f:2: .*NaN is not a JSON number, column 7"):
        jsonfile.loads('{"a": "NaN",\n "b": NaN}', "f")


def _swapped(line: str) -> str:
    rec = json.loads(line)
    rec["moves"][5], rec["moves"][6] = rec["moves"][6], rec["moves"][5]
    return json.dumps(rec)


def test_an_error_in_a_record_of_many_names_its_file_and_line(tmp_path, made):
    """`replay games.jsonl` said "error: move 6: 6C is not in player 1's hand", and a record
    that did not check "games.jsonl: the deck must hold all 40 cards once": of a file of a
    thousand records, which? Both now name its line (its place in a JSON list)."""
    lines = made["games.jsonl"].decode().splitlines()
    lines[2] = _swapped(lines[2])
    p = tmp_path / "g.jsonl"
    p.write_text("\n\n".join(lines) + "\n")   # blank lines between: the file's own numbers
    r = run(["replay", str(p)])
    assert r.exit_code == 2 and "[record 2]" in r.stdout
    assert r.stderr.startswith(f"error: {p}:5: move 6: ") and r.stderr.count("\n") == 1, r.stderr
    it = run(["replay", str(p), "--lang", "it"])
    assert it.stderr.startswith(f"errore: {p}:5: mossa 6: "), it.stderr

    q = tmp_path / "list.json"
    q.write_text("[" + ",\n".join(lines) + "]")
    r = run(["replay", str(q)])
    assert r.exit_code == 2 and r.stderr.startswith(f"error: {q} record 3: move 6: "), r.stderr
    it = run(["replay", str(q), "--lang", "it"])
    assert it.stderr.startswith(f"errore: {q}, partita 3: mossa 6: "), it.stderr

    rec = json.loads(lines[1])
    rec["deck"] = rec["deck"][:39]
    lines[1] = json.dumps(rec)
    p.write_text("\n".join(lines) + "\n")
    r = run(["replay", str(p)])
    assert r.stderr == f"error: {p}:2: the deck must hold all 40 cards once (it has 39 cards)\n"


#: every option naming a file a command writes once its work is done
WRITERS = [
    ["simulate", "-n", "1", "--seed", "1", "--record-out"],
    ["puzzles", "generate", "--count", "1", "--seed", "1", "--out"],
    ["show", ENDGAMES[0], "--svg"],
    ["play", "--seed", "1", "--level", "easy", "--record-out"],
]


@pytest.mark.parametrize("args", WRITERS, ids=[a[0] for a in WRITERS])
def test_an_output_name_of_up_to_255_bytes_is_written(tmp_path, monkeypatch, args):
    """A name of 241 to 255 bytes passed the check before the work, but the file written
    beside it first (``.NAME.xxxxxxxx.part``) could not have so long a name: the work done,
    its write failed, and so did the spare kept in the working directory (the same name
    and more): the output went to stdout, exit 1."""
    monkeypatch.chdir(tmp_path)
    name = "é" * 100 + "x" * 50   # 250 bytes
    r = run(args + [name], "q\n")
    assert r.exit_code == 0, r.output
    assert os.listdir(tmp_path) == [name] and (tmp_path / name).stat().st_size > 0


def test_a_result_kept_aside_under_a_long_name_is_kept_in_a_file(tmp_path, monkeypatch):
    """When the write fails after all, the result kept in the working directory takes a
    name that fits, not stdout."""
    monkeypatch.chdir(tmp_path)

    def full(*_, **__):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(jsonfile, "write_whole", full)
    name = "y" * 250
    r = run(["simulate", "-n", "1", "--seed", "1", "--record-out", name])
    assert r.exit_code == 1 and "kept in" in r.stderr, r.output
    kept = os.listdir(tmp_path)
    assert len(kept) == 1 and kept[0].endswith(".saved") and len(kept[0].encode()) <= 255
    assert json.loads((tmp_path / kept[0]).read_text().splitlines()[0])["format"] == \
        "briscola-record"


# ----- torn files: old Mac line ends, names too long for NAME.torn, one line when refused ----

def _cr(data: bytes) -> bytes:
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r")


def _torn_copy(data: bytes, keep: int = 60) -> bytes:
    """``data`` (whole lines, each ended) and the first ``keep`` bytes of its first line again:
    a crash while writing one more line."""
    return data + data[:keep]


@pytest.mark.parametrize("ends", ["lf", "cr"])
@pytest.mark.parametrize("name", ["games.jsonl", "puzzles.jsonl", "match.log", "batch.log"])
def test_a_torn_last_line_is_recovered_whatever_ends_the_lines(tmp_path, made, name, ends):
    """Torn-line detection split at "\\n" only, while the readers split at "\\n", "\\r\\n" or
    "\\r": a records or puzzles file whose lines end with CR alone was refused for its torn
    last line, and a task log's whole text was taken for one torn row, moved to FILE.torn and
    every task run again."""
    whole = made[name] if ends == "lf" else _cr(made[name])
    path = tmp_path / name
    path.write_bytes(_torn_copy(whole))
    lines = len(jsonfile.lines(whole.decode())) + 1
    args, given = READERS[name][0]
    r = run([a.replace("{}", str(path)) for a in args], given)
    assert r.exit_code == 0, r.output
    assert f"{path}:{lines}: the last " in r.stderr and "was cut short" in r.stderr, r.stderr
    if name in LOGS:
        assert (tmp_path / f"{name}.torn").read_bytes() == whole[:60] + b"\n"
        assert path.read_bytes().startswith(whole) and "already holds" in r.stderr
    else:
        assert path.read_bytes() == _torn_copy(whole)
    path.write_bytes(whole)   # whole, CR-ended: read as it is, nothing set aside
    (tmp_path / f"{name}.torn").unlink(missing_ok=True)
    r = run([a.replace("{}", str(path)) for a in args], given)
    assert r.exit_code == 0 and "cut short" not in r.stderr, r.output
    assert not (tmp_path / f"{name}.torn").exists()


def test_the_python_readers_recover_a_cr_ended_torn_line(tmp_path, made):
    from solver.puzzles import read_puzzle_file
    from solver.record import read_records
    g, p = tmp_path / "g.jsonl", tmp_path / "p.jsonl"
    g.write_bytes(_torn_copy(_cr(made["games.jsonl"])))
    p.write_bytes(_torn_copy(_cr(made["puzzles.jsonl"])))
    said: list[str] = []
    assert len(read_records(str(g), said.append)) == 3
    assert said == [f"{g}:4: the last line was cut short (a crash while writing it?): read "
                    "without it"]
    with pytest.warns(UserWarning, match=f"{p}:4: the last line was cut short"):
        assert len(read_puzzle_file(str(p))) == 3
    assert jsonfile.torn_line(jsonfile.split_lines('{"a": 1}\r{"a": 2}\r{"a"'))
    assert not jsonfile.torn_line(jsonfile.split_lines('{"a": 1}\r\n{"a": 2}\r'))


@pytest.mark.parametrize("size", [250, 251, 255])
def test_a_torn_log_with_a_name_of_up_to_255_bytes_is_recovered(tmp_path, made, size):
    """A log named with 251 to 255 bytes has no room for NAME.torn: its torn row could not be
    set aside, and the run was refused (exit 2). The row goes beside it under a name cut
    short with a hash of the whole name, the same on a later run, said in the note."""
    name = "é" * 100 + "m" * (size - 200)
    log = tmp_path / name
    log.write_bytes(_torn_copy(made["match.log"]))
    args = [a.replace("{}", str(log)) for a in READERS["match.log"][0][0]]
    r = run(args)
    assert r.exit_code == 0, r.output
    aside = jsonfile.beside(str(log), ".torn")
    assert (aside == f"{log}.torn") == (size <= 250)
    assert len(os.path.basename(aside).encode()) <= 255 and os.path.dirname(aside) == str(tmp_path)
    assert f"kept in {aside} and its task runs again" in r.stderr, r.stderr
    assert sorted(os.listdir(tmp_path)) == sorted([name, os.path.basename(aside)])
    with open(log, "ab") as f:   # torn again: the second row kept after the first
        f.write(made["match.log"][:30])
    assert run(args).exit_code == 0
    assert open(aside, "rb").read() == made["match.log"][:60] + b"\n" + made["match.log"][:30] + \
        b"\n"
    other = jsonfile.beside(str(tmp_path / (name[:-1] + "n")), ".torn")
    assert size <= 250 or other != aside   # alike in their first 200 bytes, two files


def _bad_move(record_line: str) -> str:
    rec = json.loads(record_line)
    rec["moves"][5], rec["moves"][6] = rec["moves"][6], rec["moves"][5]
    return json.dumps(rec)


def _refusals(made):
    """(file, its text before a torn line, the command, its input, the words of its one error
    line): the first runs, the others refuse the rest of the file or an option it does not
    satisfy."""
    games = made["games.jsonl"].decode().splitlines()
    puzzles = made["puzzles.jsonl"].decode().splitlines()
    one = games[0] + "\n"
    bad = _bad_move(games[0]) + "\n"
    not_an_answer = json.dumps({**json.loads(puzzles[0]), "answer": 7}) + "\n"
    return [
        ("g.jsonl", "\n".join(games) + "\n", ["replay", "{}"], None, ""),
        ("g.jsonl", games[0] + "\n" + _bad_move(games[1]) + "\n", ["replay", "{}"], None,
         ":2: move 6: "),
        ("g.jsonl", "\n".join(games) + "\n", ["analyse", "--record", "{}", "--move", "1",
                                              "--seat", "1"],
         None, "holds 3 records (line 4, the last, was cut short and is not counted): pick "
               "one with --game K (1 to 3)"),
        ("g.jsonl", "\n".join(games) + "\n", ["analyse", "--record", "{}", "--game", "4",
                                              "--move", "1", "--seat", "1"],
         None, "are 1..3 (line 4, the last, was cut short and is not counted)"),
        ("g.jsonl", one, ["analyse", "--record", "{}", "--move", "2", "--seat", "1"], None,
         "move 2 is player 2's"),
        ("g.jsonl", bad, ["review", "{}", "--time-per-move", "0.05"], None, ":1: move 6: "),
        ("p.jsonl", not_an_answer + "\n".join(puzzles[1:]) + "\n", ["puzzles", "solve", "{}"],
         None, ":1: "),
        ("p.jsonl", "\n".join(puzzles) + "\n", ["puzzles", "play", "{}", "--from", "nope"],
         "q\n", "nope"),
    ]


@pytest.mark.parametrize("case", range(8))
def test_a_torn_file_refused_for_the_rest_is_one_error_line(tmp_path, made, case):
    """A file with a torn last line, then refused for another reason, said two lines: the
    torn line's note, then the error. A refusal is one line: the note dropped where the
    error is about the rest of the file or the options, folded in where it explains the
    error (a count of records that leaves the torn line out); a run that goes on says it."""
    name, text, args, given, words = _refusals(made)[case]
    path = tmp_path / name
    path.write_bytes(_torn_copy(text.encode()))
    r = run([a.replace("{}", str(path)) for a in args], given)
    if case == 0:
        assert r.exit_code == 0 and "cut short" in r.stderr, r.output
        return
    assert r.exit_code == 2 and r.stderr == r.stderr.splitlines()[0] + "\n", r.output
    assert r.stderr.startswith("error: ") and words in r.stderr, r.stderr
    it = run([a.replace("{}", str(path)) for a in args] + ["--lang", "it"], given)
    assert it.stderr.startswith("errore: ") and it.stderr.count("\n") == 1, it.stderr


def test_read_record_folds_the_torn_line_into_its_count(tmp_path, made):
    import warnings

    from solver.record import RecordError, read_record
    g = tmp_path / "g.jsonl"
    g.write_bytes(_torn_copy(made["games.jsonl"]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(RecordError, match=r"holds 3 records, expected one \(line 4, the last"):
            read_record(str(g))
    g.write_bytes(_torn_copy(made["games.jsonl"].splitlines(keepends=True)[0]))
    with pytest.warns(UserWarning, match=f"{g}:2: the last line was cut short"):
        assert read_record(str(g))["format"] == "briscola-record"
