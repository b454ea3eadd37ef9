"""One position on a cluster (issue 43 item 3): the split of one exact search into
positions and the exact combination of their values give the local search's answer
(solver/split_search.py, checked without Dask on many random small positions), the CLI's
`analyse POSITION --cluster` prints the local `analyse POSITION`'s JSON, and `--log`
resumes a stopped run with only what is missing."""
from __future__ import annotations

import json
import random
import re
from fractions import Fraction

import pytest
from click.testing import CliRunner

import solver
from cli.main import cli
from solver import split_search as S
from solver.cards import card_str
from solver.i18n import error_text
from solver.position import parse_position
from solver.random_positions import random_position

TALON6 = random_position(random.Random(7), 6).to_text()
WIN6 = random_position(random.Random(9), 6, with_score=True).to_text()
MID4 = random_position(random.Random(8), 4, mid_trick=True).to_text()


def _cli(args):
    return CliRunner().invoke(cli, args)


def _answer(obj: dict) -> dict:
    """An analysis's JSON less what depends on how it was searched (nodes, seconds, the
    notes that say how)."""
    return {k: v for k, v in obj.items() if k not in ("nodes", "seconds", "notes")}


def _cases():
    rng = random.Random(4301)
    for talon in (0, 2, 4, 6):
        for mid_trick in (False, True):
            for objective in ("points", "win"):
                for _ in range(3):
                    yield random_position(rng, talon, mid_trick=mid_trick,
                                          with_score=True), objective


CASES = list(_cases())


@pytest.mark.parametrize("depth", S.DEPTHS)
@pytest.mark.parametrize("pos,objective", CASES,
                         ids=[f"{p.talon_size}{'m' if p.table else 's'}-{o}-{i}"
                              for i, (p, o) in enumerate(CASES)])
def test_the_split_search_gives_the_local_exact_answer(pos, objective, depth):
    local = solver.analyse(pos, objective)
    split = S.analyse_split(pos, objective, depth)
    assert local.exact and split.exact
    assert [(m.card, m.value_exact) for m in split.moves] == \
        [(m.card, m.value_exact) for m in local.moves]
    assert all(isinstance(m.value_exact, Fraction) for m in split.moves)
    assert _answer(split.to_json()) == _answer(local.to_json())   # best, value, line too
    tasks = S.split(pos, objective, depth).todo()
    assert ("combined exactly" if tasks else "valued without a task") in split.notes[0]


def test_leaves_that_end_the_deal_are_valued_in_the_client():
    pos = parse_position("hand1=AS hand2=3S briscola=2B score=39-60 turn=1")
    s = S.split(pos, "win", S.DRAWS)
    assert s.todo() == [] and all(leaf.terminal for leaf in s.leaves)
    a = S.combine(s, {})
    assert a.value_exact == solver.analyse(pos, "win").value_exact == Fraction(1, 2)  # 60-60


def test_the_tasks_cover_every_leaf_once_and_feed_the_workers():
    s = S.split(random_position(random.Random(11), 6), "points", S.DRAWS)
    assert len(s.leaves) == 9 * 4 * 3          # card pairs times ordered draws of 4 unseen
    for workers in (1, 3, 20):
        groups = S.tasks(s, s.todo(), workers)
        assert sorted(i for g in groups for i in g) == s.todo()
        assert len(groups) >= min(len(s.todo()), S.TASKS_PER_WORKER * workers)
        # a task holds the draws of one card pair
        assert all(len({s.leaves[i].path for i in g}) == 1 for g in groups)
    assert S.depth_for(parse_position(TALON6), 2) == S.CARDS
    assert S.depth_for(parse_position(TALON6), S.DRAWS_FROM_WORKERS) == S.DRAWS
    assert S.depth_for(parse_position(MID4), 1) == S.DRAWS    # the card ends the trick


def test_a_leaf_round_trips_and_garbage_is_refused():
    v = S.LeafValue(Fraction(-7, 3), (3, 17), 42)
    assert S.LeafValue.from_json(json.loads(json.dumps(v.to_json()))) == v
    for bad in ({}, {"value": 1, "pv": [], "nodes": 1}, {"value": "x", "pv": [], "nodes": 1},
                {"value": "1/0", "pv": [], "nodes": 1}, {"value": "1", "pv": ["ZZ"], "nodes": 1},
                {"value": "1", "pv": [], "nodes": True}, {"value": "1e99999999", "pv": [],
                "nodes": 1}, {"value": "0.5", "pv": [], "nodes": 1},
                {"value": "-121", "pv": [], "nodes": 1}):
        with pytest.raises(S.SplitError):
            S.LeafValue.from_json(bad)


def test_a_stopped_run_resumes_from_its_log_with_only_the_missing_tasks(tmp_path, monkeypatch):
    log = tmp_path / "one.jsonl"
    calls = []
    real = S.solve_task

    def stop_at_the_third(texts, objective):
        calls.append(texts)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(texts, objective)
    monkeypatch.setattr(S, "solve_task", stop_at_the_third)
    stopped = _cli(["analyse", TALON6, "--log", str(log)])
    assert stopped.exit_code == 130
    assert "holds 2 of the 3 positions" in stopped.stderr
    assert len(log.read_text().splitlines()) == 2
    with open(log, "a") as f:
        f.write('{"split": "torn')                 # a crash while writing a row
    calls.clear()
    again = _cli(["analyse", TALON6, "--log", str(log), "--json"])
    assert again.exit_code == 0, again.output
    assert len(calls) == 1                          # the missing task only
    assert "already holds 2 of the 3 positions" in again.stderr
    assert "cut short" in again.stderr and (tmp_path / "one.jsonl.torn").exists()
    local = _cli(["analyse", TALON6, "--json"])
    assert _answer(json.loads(again.stdout)) == _answer(json.loads(local.stdout))
    rows = [json.loads(x) for x in log.read_text().splitlines()]
    assert sorted(r["index"] for r in rows) == [0, 1, 2]
    calls.clear()
    done = _cli(["analyse", TALON6, "--log", str(log)])
    assert done.exit_code == 0 and calls == [] and "nothing left to run" in done.stderr


def test_a_rerun_with_every_position_logged_says_so_and_gives_the_same_answer(tmp_path,
                                                                             monkeypatch):
    """A rerun whose log holds every position printed "split ...: 0 positions in 0 tasks"
    and "0 tasks run here": it says every position was read from the log, how many, in
    English and Italian, runs nothing, and gives the first run's answer."""
    position = random_position(random.Random(7), 8).to_text()
    log = tmp_path / "one.jsonl"
    first = _cli(["analyse", position, "--log", str(log), "--json"])
    assert first.exit_code == 0, first.output
    n = len(log.read_text().splitlines())
    assert n == len(S.split(parse_position(position), "points", S.CARDS).todo())
    calls = []
    monkeypatch.setattr(S, "solve_task", lambda *a: calls.append(a) or pytest.fail("a task ran"))
    again = _cli(["analyse", position, "--log", str(log), "--json"])
    assert again.exit_code == 0 and calls == [], again.output
    assert _answer(json.loads(again.stdout)) == _answer(json.loads(first.stdout))
    note = json.loads(again.stdout)["notes"][-1]
    assert note == f"all {n} positions read from {log}, no task run"
    assert again.stderr.splitlines() == [
        f"split after the root's cards: all {n} positions read from {log}, nothing left to run"]
    it = _cli(["analyse", position, "--log", str(log), "--lang", "it"])
    assert it.exit_code == 0 and calls == [], it.output
    assert it.stderr.splitlines() == [f"divisione dopo le carte della radice: tutte le {n} "
                                      f"posizioni lette da {log}, non resta niente da eseguire"]
    assert f"nota: tutte le {n} posizioni lette da {log}, nessun compito eseguito" in it.stdout
    assert " 0 " not in again.stderr + it.stderr


def test_a_log_that_cannot_be_written_keeps_the_split_answer(tmp_path, monkeypatch):
    """A full disk mid-run ended the search with no answer (exit 2): the answer is given,
    the failure said, exit 1."""
    import errno
    import os

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    r = _cli(["analyse", TALON6, "--log", str(tmp_path / "one.jsonl"), "--json"])
    assert r.exit_code == 1, r.output
    monkeypatch.undo()
    local = _cli(["analyse", TALON6, "--json"])
    assert _answer(json.loads(r.stdout)) == _answer(json.loads(local.stdout))
    assert r.stderr.count("No space left on device") == 2


@pytest.mark.parametrize("args,words", [
    (["analyse", "hand1=ZZ", "--log", "LOG"], "ZZ"),
    (["analyse", "variant=briscolone hand1=AC,2C hand2=3C,RC turn=1", "--log", "LOG"],
     "2-player scoperta"),
    (["analyse", "hand1=AS hand2=3S briscola=2B turn=1", "--objective", "win", "--log", "LOG"],
     "score="),
    (["analyse", TALON6, "--log", "LOG", "--samples", "5"], "solved exactly"),
    (["analyse", TALON6, "--log", "LOG", "--time-limit", "5"], "solved exactly"),
    (["analyse", "--record", "GAME", "--move", "2", "--seat", "1", "--cluster"], "POSITION"),
])
def test_bad_input_is_a_one_line_error(tmp_path, args, words):
    args = [str(tmp_path / "l.jsonl") if a == "LOG" else str(tmp_path / "g.json")
            if a == "GAME" else a for a in args]
    r = _cli(args)
    assert r.exit_code == 2, r.output
    assert words in r.output and "Traceback" not in r.output
    assert len([x for x in r.stderr.splitlines() if x.startswith("error")]) == 1


@pytest.mark.parametrize("value,words", [
    ("many", "a leaf is"),
    ("1e5000", "a leaf is"),
    ("1/" + "7" * 100, "a leaf is"),
    ("500", "between -120 and 120"),
])
def test_a_tampered_log_row_names_its_line(tmp_path, value, words):
    """A logged value of '1e5000' stopped analyse on an internal error (exit 70: too large
    for a float), '1e99999999' built a number of a hundred million digits for minutes, and
    '500' was combined into an answer said to be exact ('FB -500')."""
    log = tmp_path / "one.jsonl"
    assert _cli(["analyse", TALON6, "--log", str(log)]).exit_code == 0
    rows = log.read_text().splitlines()
    row = json.loads(rows[1])
    row["value"] = value
    log.write_text("\n".join([rows[0], json.dumps(row), rows[2]]) + "\n")
    before = log.read_bytes()
    r = _cli(["analyse", TALON6, "--log", str(log)])
    assert r.exit_code == 2 and f"{log}:2" in r.output and "Traceback" not in r.output
    assert words in r.output and log.read_bytes() == before


@pytest.mark.parametrize("how", ["beyond", "foreign"])
def test_a_workers_value_its_leaf_cannot_have_is_refused_not_logged(tmp_path, monkeypatch, how):
    """A row fresh from a worker had its form checked only, not what its leaf may have (as a
    logged row has): a value beyond the points in play was combined into an answer said
    to be exact, and logged."""
    real = S.solve_task

    def wrong(texts, objective):
        rows = real(texts, objective)
        leaf = parse_position(texts[0])
        if how == "beyond":
            rows[0]["value"] = str(leaf.points_in_play + 2)
        else:
            rows[0]["pv"] = [card_str(next(c for c in range(40) if c not in leaf.legal_cards()))]
        return rows
    monkeypatch.setattr(S, "solve_task", wrong)
    log = tmp_path / "one.jsonl"
    r = _cli(["analyse", TALON6, "--log", str(log)])
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert "the value a worker gave for the leaf" in r.stderr
    assert ("what its position has still to win" if how == "beyond" else '"pv"') in r.stderr
    assert not log.exists() or log.read_text() == ""
    with pytest.raises(S.SplitError) as e:
        S.leaf_value(S.Leaf(parse_position(TALON6), (), None), {"value": "500", "pv": [],
                     "nodes": 1}, "points")
    assert "between -120 and 120" in error_text(e.value, "en")


@pytest.fixture(scope="module")
def client():
    pytest.importorskip("distributed", reason="the cluster extra (Dask) is not installed")
    from solver import cluster as cl
    with cl.connect(workers=2) as c:
        yield c


@pytest.mark.parametrize("position,objective,draws", [
    (TALON6, "points", False),
    (TALON6, "points", True),
    (random_position(random.Random(9), 6, mid_trick=True, with_score=True).to_text(), "win",
     False),
], ids=["cards", "draws", "mid-trick-win"])
def test_one_position_on_the_cluster_prints_the_local_answer(client, monkeypatch, position,
                                                              objective, draws):
    if draws:  # the depth more workers would choose
        monkeypatch.setattr(S, "DRAWS_FROM_WORKERS", 1)
    args = ["analyse", position, "--objective", objective, "--json"]
    local = _cli(args)
    remote = _cli(args + ["--cluster", client.scheduler.address])
    assert local.exit_code == 0 and remote.exit_code == 0, remote.output
    assert _answer(json.loads(remote.stdout)) == _answer(json.loads(local.stdout))
    assert "tasks: " in remote.stderr
    human = _cli(["analyse", position, "--objective", objective, "--cluster",
                  client.scheduler.address])
    assert "tasks run on the cluster at" in human.stdout


def test_a_logged_row_of_another_position_is_solved_again(tmp_path, monkeypatch):
    log = tmp_path / "one.jsonl"
    assert _cli(["analyse", TALON6, "--log", str(log)]).exit_code == 0
    rows = [json.loads(x) for x in log.read_text().splitlines()]
    wanted = rows[0]["leaf"]
    rows[0].update(leaf=rows[1]["leaf"], value="99")   # not the position of its index
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    calls = []
    real = S.solve_task
    monkeypatch.setattr(S, "solve_task", lambda texts, o: calls.append(texts) or real(texts, o))
    again = _cli(["analyse", TALON6, "--log", str(log), "--json"])
    assert again.exit_code == 0 and calls == [[wanted]]
    local = _cli(["analyse", TALON6, "--json"])
    assert _answer(json.loads(again.stdout)) == _answer(json.loads(local.stdout))


@pytest.mark.parametrize("position,objective", [
    ("hand1=- hand2=3S table=AS briscola=2B score=39-60 turn=2", "win"),   # the last reply
    ("hand1=AS hand2=3S briscola=2B score=39-60 turn=1", "points"),        # the last trick
])
def test_a_split_whose_every_line_ends_the_deal_runs_no_task(tmp_path, monkeypatch, position,
                                                              objective):
    """A position whose every line ends the deal within its first trick said "split after
    the first trick's draw: 0 positions in 0 tasks" and "0 tasks run here" (with --cluster
    it started a cluster for them), or ran a task for the last trick's one reply: it says
    that no task is needed, in English and Italian, starts no cluster, writes no log, and
    gives the local answer."""
    import solver.cluster as C
    monkeypatch.setattr(S, "solve_task", lambda *a: pytest.fail("a task ran"))
    monkeypatch.setattr(C, "connect", lambda *a, **k: pytest.fail("a cluster was started"))
    log = tmp_path / "one.jsonl"
    args = ["analyse", position, "--objective", objective, "--json"]
    local = _cli(args)
    for more in (["--log", str(log)], ["--cluster", "--log", str(log)]):
        r = _cli(args + more)
        assert r.exit_code == 0, r.output
        assert r.stderr.splitlines() == [
            "split: every line ends the deal within the first trick, valued here: no task to run"]
        assert _answer(json.loads(r.stdout)) == _answer(json.loads(local.stdout))
        assert json.loads(r.stdout)["notes"] == [
            "exact search: every line ends the deal within the first trick, valued without a task"]
        assert not log.exists()
    it = _cli(["analyse", position, "--objective", objective, "--cluster", "--lang", "it"])
    assert it.exit_code == 0, it.output
    assert it.stderr.splitlines() == ["divisione: ogni linea chiude la smazzata entro la prima "
                                      "presa, valutata qui: nessun compito da eseguire"]
    assert ("nota: ricerca esatta: ogni linea chiude la smazzata entro la prima presa, "
            "valutata senza compiti") in it.stdout
    assert S.settled(parse_position(position), objective) is not None
    assert S.settled(parse_position(MID4)) is None


def test_without_dask_one_position_on_a_cluster_says_how_to_install_it(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "distributed", None)
    r = _cli(["analyse", TALON6, "--cluster"])
    assert r.exit_code == 2
    assert "pip install -e '.[cluster]'" in r.output and "Traceback" not in r.output


def _tampered(tmp_path, objective, change):
    """A log of TALON6's (WIN6's) split search whose second row ``change(row, leaf)`` altered, and
    the rerun's result; the file must be left as it was."""
    log = tmp_path / "one.jsonl"
    position = WIN6 if objective == "win" else TALON6
    args = ["analyse", position, "--objective", objective, "--log", str(log)]
    assert _cli(args).exit_code == 0
    rows = log.read_text().splitlines()
    row = json.loads(rows[1])
    change(row, parse_position(row["leaf"]))
    log.write_text("\n".join([rows[0], json.dumps(row), *rows[2:]]) + "\n")
    before = log.read_bytes()
    r = _cli(args)
    assert r.exit_code == 2 and f"{log}:2: " in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1 and log.read_bytes() == before
    with pytest.raises(S.SplitError) as e:
        S.check_leaf(S.Leaf(parse_position(row["leaf"]), (), None),
                     S.LeafValue.from_json(row), objective)
    return r.output, error_text(e.value, "it")


def test_a_logged_value_beyond_its_leafs_points_is_refused(tmp_path):
    """A value within a deal's 120 points but beyond the points still in play at that leaf
    ('96' where 60 are left) was combined into an answer said to be exact."""
    def beyond(row, leaf):
        assert leaf.points_in_play + 2 <= S.LEAF_BOUND
        row["value"] = str(-(leaf.points_in_play + 2))
    out, it = _tampered(tmp_path, "points", beyond)
    assert "what its position has still to win" in out and "ancora da vincere" in it


def test_a_logged_win_chance_below_zero_is_refused(tmp_path):
    out, it = _tampered(tmp_path, "win", lambda row, leaf: row.update(value="-1/2"))
    assert "between 0 and 1" in out and "fra 0 e 1" in it


@pytest.mark.parametrize("how", ["foreign", "twice", "past_the_draw"])
def test_a_logged_line_that_is_not_legal_from_its_leaf_is_refused(tmp_path, how):
    """The logged principal line was printed after the root's best cards unchecked: a card
    its leaf does not hold, one played twice, cards after a draw nobody knows."""
    def change(row, leaf):
        legal = leaf.legal_cards()
        if how == "foreign":
            row["pv"] = [card_str(next(c for c in range(40) if c not in legal))]
        elif how == "twice":
            row["pv"] = [card_str(legal[0])] * 2
        else:
            line, pos = [], leaf
            while True:
                line.append(pos.legal_cards()[0])
                if pos.outcomes(line[-1]):
                    break
                pos = pos.play(line[-1])
            row["pv"] = [card_str(c) for c in line + [line[0]]]
    out, it = _tampered(tmp_path, "points", change)
    assert 'a leaf\'s "pv" must be cards its position may play' in out
    assert "una dopo l'altra" in it


#: plurals said of a count of 1: "1 positions in 1 tasks", "1 tasks run here", "tutte le 1
#: posizioni", "1 compiti eseguiti"
ONE_AS_MANY = re.compile(r"(?<![\d.,])1 (positions|tasks|workers|leaves|posizioni|compiti|"
                         r"processi|foglie)\b|\ble 1\b|\ball 1\b")


def _said(note) -> tuple[str, str]:
    from solver.i18n import note_text
    return str(note), note_text(note, "it")


@pytest.mark.parametrize("count", [1, 2])
def test_a_count_of_one_is_said_in_the_singular(count):
    """The split's lines and notes are written for several positions and tasks: with one
    they said "1 positions in 1 tasks", "1 tasks run here", "tutte le 1 posizioni". A count
    of 1 has its own template (a Count chooses it, as "talon.even_one"), in both languages,
    read back from its English to the same key."""
    from solver.errors import Count, Note

    where = Note.of("note.part.at_cards")
    here = Note.of("note.part.where.here")
    made = []
    for key, counts, fields in [
        ("split.tasks", {"n": count, "tasks": count}, {"where": where}),
        ("split.tasks", {"n": 3, "tasks": count}, {"where": where}),
        ("split.all_read", {"n": count}, {"where": where, "path": "a.jsonl"}),
        ("split.stopped", {"total": count}, {"held": 0, "path": "a.jsonl"}),
        ("note.split", {"n": count}, {"where": where}),
        ("note.tasks", {"tasks": count}, {"where": here}),
        ("note.tasks_read", {"tasks": count, "n": count}, {"where": here, "path": "a.jsonl"}),
        ("note.tasks_read", {"tasks": count, "n": 5}, {"where": here, "path": "a.jsonl"}),
        ("note.tasks_read", {"tasks": 5, "n": count}, {"where": here, "path": "a.jsonl"}),
        ("note.all_read", {"n": count}, {"path": "a.jsonl"}),
        ("note.part.where.local", {"workers": count}, {}),
        ("log.what.positions", {"total": count}, {}),
    ]:
        note = Note.of(key, **{k: Count(v) for k, v in counts.items()}, **fields)
        made.append(note)
        if key.startswith("note.") and not key.startswith("note.part."):  # a JSON's note
            assert Note.read(str(note)).key == note.key, str(note)
    resumed = Note.of("log.resumed", path="a.jsonl", held=0, total=count, left=count,
                      what=made[-1])
    said = [text for note in made + [resumed] for text in _said(note)]
    assert not [s for s in said if ONE_AS_MANY.search(s)]
    if count == 1:
        assert "split after the root's cards: 1 position in 1 task" in said
        assert "divisione dopo le carte della radice: 1 posizione in 1 compito" in said
        assert "1 task run here, 5 positions read from a.jsonl" in said
        assert "5 compiti eseguiti qui, 1 posizione letta da a.jsonl" in said
        assert "l'unica posizione letta da a.jsonl, nessun compito eseguito" in said
    else:
        assert "split after the root's cards: 2 positions in 2 tasks" in said
        assert "divisione dopo le carte della radice: 2 posizioni in 2 compiti" in said
        assert "2 tasks run here" in said and "2 compiti eseguiti qui" in said
        assert "tutte le 2 posizioni lette da a.jsonl, nessun compito eseguito" in said


@pytest.mark.parametrize("logged", [1, 2])
def test_a_resumed_split_says_one_position_and_one_task_in_the_singular(tmp_path, monkeypatch,
                                                                         logged):
    """A run stopped with 2 of its 3 positions logged went on with "1 positions in 1 tasks"
    and noted "1 tasks run here, 2 positions read"; with 1 logged, "2 positions in 2 tasks"
    and "1 positions read"."""
    calls = []
    real = S.solve_task

    def stop(texts, objective):
        calls.append(texts)
        if len(calls) > logged:
            raise KeyboardInterrupt
        return real(texts, objective)

    for lang in ("en", "it"):
        log = tmp_path / f"{lang}.jsonl"
        calls.clear()
        monkeypatch.setattr(S, "solve_task", stop)
        assert _cli(["analyse", TALON6, "--log", str(log)]).exit_code == 130
        monkeypatch.setattr(S, "solve_task", real)
        r = _cli(["analyse", TALON6, "--log", str(log), "--lang", lang])
        assert r.exit_code == 0, r.output
        left = 3 - logged
        out = r.stderr + r.stdout
        assert not ONE_AS_MANY.search(out), out
        if lang == "en":
            tasks = f"{left} task" + ("s" if left > 1 else "")
            pos = f"{left} position" + ("s" if left > 1 else "")
            assert f"split after the root's cards: {pos} in {tasks}" in out
            read = f"{logged} position" + ("s" if logged > 1 else "")
            assert f"{tasks} run here, {read} read from {log}" in out
        else:
            pos = "1 posizione in 1 compito" if left == 1 else "2 posizioni in 2 compiti"
            assert f"divisione dopo le carte della radice: {pos}" in out
            ran = "1 compito eseguito" if left == 1 else "2 compiti eseguiti"
            read = "1 posizione letta" if logged == 1 else "2 posizioni lette"
            assert f"{ran} qui, {read} da {log}" in out


def test_a_split_at_the_end_of_a_trick_with_no_talon_says_no_draw(tmp_path):
    """A split after the first trick of a position with an empty talon said "after the first
    trick's draw", though nothing is drawn: it says "after the first trick" (in Italian
    "dopo la prima presa"), and after the draw where there is one."""
    from solver.i18n import note_text

    empty = random_position(random.Random(5), 0, mid_trick=True)
    for pos, words, italian in ((empty, "after the first trick", "dopo la prima presa"),
                                (parse_position(MID4), "after the first trick's draw",
                                 "dopo la pescata della prima presa")):
        s = S.split(pos, "points", S.DRAWS)
        assert s.todo() and (pos.talon_size == 0) == (words == "after the first trick")
        assert (str(s.where), note_text(s.where, "it")) == (words, italian)
        note = S.analyse_split(pos, "points", S.DRAWS).notes[0]
        assert note.startswith(f"exact search split into {len(s.leaves)} positions {words}, ")
    r = _cli(["analyse", empty.to_text(), "--log", str(tmp_path / "a.jsonl"), "--lang", "it"])
    assert r.exit_code == 0, r.output
    assert r.stderr.startswith("divisione dopo la prima presa: "), r.stderr


def test_a_torn_log_refused_for_a_tampered_row_is_left_as_it_was(tmp_path):
    """A split search's log with a torn last row and a tampered one: the torn row was set
    aside (the file cut, FILE.torn made, a note said) before the rows' values were checked,
    then the log refused: two lines, and the file of a refused run changed."""
    log = tmp_path / "one.jsonl"
    assert _cli(["analyse", TALON6, "--log", str(log)]).exit_code == 0
    rows = log.read_text().splitlines()
    row = json.loads(rows[1])
    row["value"] = str(-(parse_position(row["leaf"]).points_in_play + 2))   # beyond its leaf
    log.write_text("\n".join([rows[0], json.dumps(row), rows[2]]) + "\n" + rows[2][:40])
    before = log.read_bytes()
    r = _cli(["analyse", TALON6, "--log", str(log)])
    assert r.exit_code == 2 and r.stderr.startswith(f"error: {log}:2: "), r.output
    assert r.stderr.count("\n") == 1 and "cut short" not in r.stderr, r.stderr
    assert log.read_bytes() == before and not (tmp_path / "one.jsonl.torn").exists()
