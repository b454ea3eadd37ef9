"""Hostile files through the command line, beside test_files.py's fuzz of the readers: every
kind of file a command reads (game records, puzzles, the task logs of `match` and `analyse
-`), made by the program itself, then cut at a random byte, flipped, re-encoded, retyped or
given contents no game has, and handed to the commands that read it. Every run ends in a
verdict: exit 0 (a torn last line read without it, said in a note; a harmless change, such as
a byte-order mark, CRLF or a line separator in a string, read as the file), or exit 1 or 2
with one error line naming the file; never a traceback, never a JSON answer no strict reader
takes, and the file read is left as it was (a log only grows, its torn row set aside). Seeded and
bounded. Then the defects this fuzz found, each pinned with its input."""
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
        (f"crlf, {HARMLESS}", data.replace(b"\n", b"\r\n")), ("cr", data.replace(b"\n", b"\r")),
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
    return jsonfile.torn_line(text.split("\n"))


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
    if refused:
        assert len(errors) == 1 and r.stderr.endswith(errors[0] + "\n"), r.stderr
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
                assert HARMLESS not in what or r.exit_code == 0, r.output
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
