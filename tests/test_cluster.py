"""Tasks on a Dask cluster (`--cluster`): the same results as the local run for a match and
an `analyse -` batch, a killed worker costing only its task, and resuming from the log.
One local cluster of 2 workers serves the module; the CLI reaches it by its address."""
import json
import os
import random
import signal
import sys
import threading
import time

import pytest
from click.testing import CliRunner

from cli import cmd_match as M
from cli.cmd_analyse import analyse_line
from cli.main import cli
from solver import cluster as cl

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "benchmarks", "data", "exact_t8_points.jsonl")


def _cluster_or_skip():
    pytest.importorskip("distributed", reason="the cluster extra (Dask) is not installed")


@pytest.fixture(scope="module")
def client():
    _cluster_or_skip()
    with cl.connect(workers=2) as c:
        yield c


def _cli(args, stdin=None):
    return CliRunner().invoke(cli, args, input=stdin)


def _no_timing(obj: dict) -> dict:
    return {k: v for k, v in obj.items() if k not in ("seconds", "nodes")}


def test_a_match_on_the_cluster_equals_the_local_run(client, tmp_path):
    args = ["match", "greedy", "random", "--deals", "12", "--seed", "5", "--json", "-q"]
    local = _cli(args + ["--jobs", "1"])
    log = tmp_path / "m.jsonl"
    remote = _cli(args + ["--cluster", client.scheduler.address, "--log", str(log)])
    assert local.exit_code == 0 and remote.exit_code == 0, remote.output
    assert _no_timing(json.loads(remote.stdout)) == _no_timing(json.loads(local.stdout))
    rows = [json.loads(x) for x in log.read_text().splitlines()]
    assert sorted(r["index"] for r in rows) == list(range(12))
    assert all(r["match"] == "greedy/random" and r["seed"] == 5 for r in rows)


def test_an_analyse_batch_on_the_cluster_keeps_the_input_order(client):
    with open(DATA) as f:
        lines = [next(f) for _ in range(5)]
    stdin = "".join(lines[:2]) + "# a comment\nhand1=ZZ\n" + "".join(lines[2:])
    local = _cli(["analyse", "-"], stdin)
    remote = _cli(["analyse", "-", "--cluster", client.scheduler.address], stdin)
    assert local.exit_code == remote.exit_code == 2  # the bad line, reported at the end
    a = [json.loads(x) for x in local.stdout.splitlines()]
    b = [json.loads(x) for x in remote.stdout.splitlines()]
    assert len(a) == len(b) == 6
    assert [_no_timing(x) for x in a] == [_no_timing(x) for x in b]
    assert "error" in b[2] and all("error" not in x for x in b[:2] + b[3:])


def slow_pair(i: int, starts: str) -> tuple:
    """A deal of a greedy/random match that takes a while and notes each start."""
    with open(starts, "a") as f:
        f.write(f"{i}\n")
    time.sleep(0.4)
    return M.pair_task("scoperta", "greedy", "random", 9, i).margins


def test_a_killed_worker_loses_only_its_task(client, tmp_path):
    starts = tmp_path / "starts"
    n = 10
    pids = client.run(os.getpid)
    got, before_kill, killed = {}, set(), False
    for i, r in cl.run(slow_pair, {i: (i, str(starts)) for i in range(n)}, client):
        got[i] = r
        if not killed and len(got) >= 2:
            busy = [w for w, keys in client.processing().items() if keys and w in pids]
            assert busy, "no worker was running a task"
            before_kill = set(got)
            os.kill(pids[busy[0]], signal.SIGKILL)
            killed = True
    assert killed
    assert got == {i: M.pair_task("scoperta", "greedy", "random", 9, i).margins for i in range(n)}
    runs = [int(x) for x in starts.read_text().split()]
    assert sorted(set(runs)) == list(range(n))
    assert all(runs.count(i) == 1 for i in before_kill)   # finished work is kept
    assert len(runs) <= n + 1                               # only the killed task ran again


def test_an_interrupted_match_resumes_with_only_the_missing_deals(client, tmp_path):
    log = str(tmp_path / "m.jsonl")
    stop = []

    def interrupt_after_four(results):
        if len(results) == 4:
            stop.append(True)
            raise KeyboardInterrupt
    first, interrupted, _ = M.run_logged("scoperta", "greedy", "random", 10, 11, 1, None, 2, log,
                                      interrupt_after_four)
    assert interrupted and len(first) == 4 and stop
    res, interrupted, _ = M.run_logged("scoperta", "greedy", "random", 10, 11, 1,
                                    client.scheduler.address, 2, log, quiet=True)
    assert not interrupted
    rows = [json.loads(x) for x in open(log)]
    assert sorted(r["index"] for r in rows) == list(range(10))   # each deal played once
    whole, _ = M.run_match("scoperta", "greedy", "random", 10, 11, 1)
    assert sorted(res, key=lambda r: r.index) == sorted(whole, key=lambda r: r.index)


def test_a_batch_rerun_takes_logged_lines_and_redoes_changed_ones(tmp_path, monkeypatch):
    with open(DATA) as f:
        lines = [json.loads(next(f))["position"] for _ in range(3)]
    log = tmp_path / "a.jsonl"
    first = _cli(["analyse", "-", "--log", str(log)], "\n".join(lines) + "\n")
    assert first.exit_code == 0 and len(log.read_text().splitlines()) == 3
    calls = []
    import cli.cmd_analyse as A
    monkeypatch.setattr(A, "analyse_line", lambda t, *a: calls.append(t) or analyse_line(t, *a))
    lines2 = lines[:2] + ["hand1=4S,6S hand2=2C,RC,AD table=6C top=3D briscola=3C turn=2"]
    again = _cli(["analyse", "-", "--log", str(log)], "\n".join(lines2) + "\n")
    assert again.exit_code == 0
    assert calls == [lines2[2]]                         # the changed line only
    assert again.stdout.splitlines()[:2] == first.stdout.splitlines()[:2]


def test_the_task_log_keeps_other_runs_and_refuses_garbage(tmp_path):
    p = tmp_path / "log.jsonl"
    a, b = cl.TaskLog(str(p), {"run": "a"}), cl.TaskLog(str(p), {"run": "b"})
    a.write(0, {"x": 1})
    b.write(0, {"x": 2})
    a.write(0, {"x": 3})
    assert a.done() == {0: {"x": 1}} and b.done() == {0: {"x": 2}}
    p.write_text(p.read_text() + "not json\n")
    with pytest.raises(ValueError, match=r"log.jsonl:4: not valid JSON"):
        a.done()


def test_without_dask_the_cluster_option_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    r = CliRunner().invoke(cli, ["match", "greedy", "random", "--deals", "2", "--cluster"])
    assert r.exit_code == 2
    assert "pip install -e '.[cluster]'" in r.output and "Traceback" not in r.output


def test_a_handshake_that_fails_once_is_tried_again_and_a_silent_failure_is_named(
        client, monkeypatch):
    """Once in CI, Dask's handshake with a scheduler that the probe had reached failed
    with an exception that said nothing: the run stopped on "cannot start the cluster: "
    with no reason. It is tried once more, and a failure that says nothing is named by
    its type."""
    import distributed

    real, calls = distributed.Client, []

    def fails(times):
        def client_(*args, **kwargs):
            calls.append(1)
            if len(calls) <= times:
                raise AssertionError()
            return real(*args, **kwargs)
        return client_

    args = ["match", "greedy", "random", "--deals", "2", "--seed", "5", "--json", "-q",
            "--cluster", client.scheduler.address]
    monkeypatch.setattr(distributed, "Client", fails(1))
    r = _cli(args)
    assert r.exit_code == 0 and len(calls) == 2, r.output
    assert json.loads(r.stdout)["deals"] == 2
    calls.clear()
    monkeypatch.setattr(distributed, "Client", fails(2))
    r = _cli(args)
    assert r.exit_code == 2 and len(calls) == 2
    assert r.output.strip() == "error: cannot start the cluster: AssertionError"


def test_an_address_that_listens_but_never_answers_is_given_up_not_waited_for(monkeypatch):
    """Dask's own timeout did not bound its handshake: --cluster at a port where something
    listens and says nothing (another service, a hung scheduler) waited for ever."""
    _cluster_or_skip()
    import socket

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held = []

    def accept():
        while True:
            try:
                held.append(server.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    monkeypatch.setattr(cl, "HANDSHAKE_SECONDS", 1.0)
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    done: list = []
    run = threading.Thread(  # a hang fails the test instead of holding the whole run
        target=lambda: done.append(
            _cli(["match", "greedy", "random", "--deals", "2", "--cluster", address])),
        daemon=True)
    try:
        run.start()
        run.join(5)
    finally:
        server.close()
        for c in held:
            c.close()
    assert done, "still waiting for the handshake after 5 s"
    r = done[0]
    assert r.exit_code == 2 and r.output.strip() == (
        f"error: no Dask scheduler answers at {address}: something listens there, but it did "
        "not answer as a scheduler does"), r.output


def test_a_handshake_that_answers_after_it_was_given_up_closes_its_client(monkeypatch):
    """A handshake given up after HANDSHAKE_SECONDS was left running; had it got through
    later, its Client stayed connected to the scheduler for the life of a caller that goes
    on (the board, a Python session). Now such a Client closes itself; one in time is kept."""

    class Late:
        def __init__(self):
            self.go = threading.Event()
            self.made: list = []

        def Client(self, address, timeout):  # noqa: N802 - Dask's name
            self.go.wait(10)
            client = type("C", (), {"closed": False, "close": lambda c: setattr(c, "closed", True)})()
            self.made.append(client)
            return client

    monkeypatch.setattr(cl, "HANDSHAKE_SECONDS", 0.2)
    late = Late()
    with pytest.raises(cl.ClusterError, match="no Dask scheduler answers"):
        cl._client_at(late, "tcp://127.0.0.1:1")
    late.go.set()
    for _ in range(200):
        if late.made and late.made[0].closed:
            break
        time.sleep(0.01)
    assert late.made and late.made[0].closed
    at_once = Late()
    at_once.go.set()
    kept = cl._client_at(at_once, "tcp://127.0.0.1:1")
    assert kept is at_once.made[0] and not kept.closed


def test_results_are_released_in_input_order():
    assert list(cl.ordered(iter([(3, "c"), (1, "a"), (2, "b")]), [1, 2, 3])) == \
        [(1, "a"), (2, "b"), (3, "c")]


def test_a_review_on_the_cluster_rates_the_moves_as_the_local_one(client, tmp_path):
    rec = tmp_path / "game.json"
    assert _cli(["simulate", "--games", "1", "--seed", "4", "--record-out", str(rec)]).exit_code == 0
    args = ["review", str(rec), "--time-per-move", "0.05", "--json"]
    local = json.loads(_cli(args).stdout)
    remote = json.loads(_cli(args + ["--cluster", client.scheduler.address]).stdout)
    assert [m["move"] for m in remote["moves"]] == [m["move"] for m in local["moves"]]
    assert remote["results"] == local["results"] and remote["complete"]
    exact = [(a, b) for a, b in zip(local["moves"], remote["moves"])
             if a["method"] == b["method"] == "exact"]
    assert len(exact) >= 10 and all(a == b for a, b in exact)  # estimates depend on timing


def test_a_review_on_the_cluster_of_a_game_without_score_says_the_points_won_since_its_start(
        client, tmp_path):
    """The cluster's review took such a game's points for a score: its text said "result"
    and its JSON no "since_start", where the local review says the points won since."""
    from solver.game import continue_game, legal_cards, play
    from solver.position import parse_position
    from solver.record import start_record, write_record

    pos = parse_position("hand1=3C,AS,7B hand2=2C,RS,FD briscola=RD turn=1")
    first = st = continue_game(pos, random.Random(1))
    while not st.is_over:
        st = play(st, legal_cards(st)[0])
    rec = tmp_path / "since.json"
    write_record(str(rec), start_record(st, pos.to_text(), first.talon))
    args = ["review", str(rec), "--time-per-move", "0.05"]
    remote = _cli(args + ["--json", "--cluster", client.scheduler.address])
    assert json.loads(remote.stdout)["since_start"] == [True], remote.output
    text = _cli(args + ["--cluster", client.scheduler.address]).stdout
    assert "won from the start on" in text and "result " not in text.splitlines()[0], text


def test_puzzles_generated_on_the_cluster_are_the_local_ones(client):
    args = ["puzzles", "generate", "--count", "3", "--seed", "5", "--talon", "2"]
    local = _cli(args)
    remote = _cli(args + ["--cluster", client.scheduler.address])
    assert local.exit_code == remote.exit_code == 0
    assert remote.stdout == local.stdout and len(remote.stdout.splitlines()) == 3


def test_a_bad_line_on_the_cluster_is_its_error_row_and_every_logged_row_is_printed(client,
                                                                                      tmp_path):
    """A deeply nested JSON line used to stop the batch on the cluster with rows logged but
    never printed; now it is its error row, and the rerun reads every row back."""
    with open(DATA) as f:
        lines = [json.loads(next(f))["position"] for _ in range(3)]
    nested = '{"position": ' + "[" * 50_000 + "]" * 50_000 + "}"
    stdin = "\n".join(lines[:1] + [nested] + lines[1:]) + "\n"
    log = tmp_path / "a.jsonl"
    args = ["analyse", "-", "--cluster", client.scheduler.address, "--log", str(log)]
    for _ in range(2):
        r = _cli(args, stdin)
        assert r.exit_code == 2 and "Traceback" not in r.output
        out = [json.loads(x) for x in r.stdout.splitlines()]
        assert [("error" in o) for o in out] == [False, True, False, False]
        assert "nested deeper" in out[1]["error"]
        assert len(log.read_text().splitlines()) == 4   # each logged row printed, none twice


def _slow(x):
    time.sleep(0.4)
    return x


def test_a_long_task_gets_lines_while_it_runs(monkeypatch):
    """A task that runs long (a split search's, up to an hour) is not silence: the run says
    it goes on, then what finished."""
    monkeypatch.setattr(cl, "HEARTBEAT_EVERY", 0.1)
    monkeypatch.setattr(cl, "PROGRESS_EVERY", 0.05)
    lines = []
    assert list(cl.run(_slow, {0: (7,), 1: (8,)}, progress=lines.append)) == [(0, 7), (1, 8)]
    assert any(line.startswith("tasks: 0/2 done, running for") for line in lines), lines
    assert lines[-1].startswith("tasks: 2/2 done")
    quiet = []
    monkeypatch.setattr(cl, "HEARTBEAT_EVERY", 60.0)
    list(cl.run(_slow, {0: (7,)}, progress=quiet.append))
    assert not any("running for" in line for line in quiet), quiet


def test_long_tasks_on_the_cluster_get_lines_while_they_run(client, monkeypatch):
    monkeypatch.setattr(cl, "HEARTBEAT_EVERY", 0.1)
    monkeypatch.setattr(cl, "PROGRESS_EVERY", 0.05)
    lines = []
    got = dict(cl.run(_slow, {0: (1,), 1: (2,), 2: (3,)}, client, progress=lines.append))
    assert got == {0: 1, 1: 2, 2: 3}
    assert any("done, running for" in line for line in lines), lines
    assert lines[-1].startswith("tasks: 3/3 done")


def test_a_local_clusters_workers_may_grow_a_big_talons_table(monkeypatch):
    """A split talon-16 search ran its tasks on the workers' 256 MB tables and had not
    ended after 72 CPU-minutes each: a local cluster's workers, given no size, let a search
    from talon 14 up grow its table to their share of a quarter of the memory, as the local
    search does; a size given (or a remote cluster's workers) is kept."""
    monkeypatch.delenv("BRISCOLA_WORKER_TT_MB", raising=False)
    assert cl.worker_env(None, 1, 3)["BRISCOLA_BIG_SHARE"] == "3"
    assert "BRISCOLA_BIG_SHARE" not in cl.worker_env(None, 1, None)
    assert "BRISCOLA_BIG_SHARE" not in cl.worker_env(512, 1, 3)
    monkeypatch.setenv("BRISCOLA_WORKER_TT_MB", "1024")
    assert "BRISCOLA_BIG_SHARE" not in cl.worker_env(None, 1, 3)

    from solver.analysis import driver
    from solver.random_positions import random_position

    monkeypatch.setattr(driver, "_memory_mb", lambda: 16384)
    pos16 = random_position(random.Random(1616), 16)

    def table_mb(ws, pos):
        monkeypatch.setattr(ws, "cached", lambda tables, n: n)
        return driver.SCOPERTA.table(ws, pos, pos.talon_size, None) * 8 * driver.TT_COLS >> 20

    worker = driver.Workspace()
    worker.configure(tt_mb=256)
    assert table_mb(worker, pos16) == 256
    worker.configure(big_share=2)
    assert table_mb(worker, pos16) == 2048  # 16 GB / 4 / 2
    fresh = driver.Workspace()
    fresh.configure(tt_mb=256, big_share=2)
    small = random_position(random.Random(5), 8)
    assert table_mb(fresh, small) < 256  # small talons keep their small tables


def test_a_match_on_the_cluster_ends_at_its_time_limit_not_at_the_next_deal(client):
    """A whole run's --time-limit was seen only when a task (a deal) finished: a match of
    engine:0.2 limited to 1 s ran until its first pair of games ended, about 10 s here.
    The wait for a task now ends at the limit, what is done kept (here: nothing, exit 1).
    The cancelled deals end in the workers at their next move."""
    t0 = time.monotonic()
    r = _cli(["match", "engine:0.2", "engine:0.2", "--deals", "2", "--seed", "1", "--json",
              "-q", "--cluster", client.scheduler.address, "--time-limit", "1"])
    took = time.monotonic() - t0
    assert r.exit_code == 1 and "time limit reached before any deal finished" in r.output, \
        r.output
    assert took < 2.5, took


def engine_moves(asked: int, marks: str, task: int) -> int:
    """``asked`` engine moves of 0.25 s (fresh talon-12 positions), each noted once made,
    and how many were made noted when the task ends, however it ends."""
    from solver.analysis import Limit, analyse
    from solver.random_positions import random_position

    made = 0
    try:
        for i in range(asked):
            analyse(random_position(random.Random(1000 * task + i), 12), "points",
                    limit=Limit(time=0.25))
            made += 1
            with open(marks, "a") as f:
                f.write(f"move {task}\n")
    finally:
        with open(marks, "a") as f:
            f.write(f"end {task} {made}\n")
    return made


def _executing(dask_worker) -> int:
    return dask_worker.state.executing_count


def test_a_stopped_run_frees_its_workers_at_the_next_move(client, tmp_path):
    """A cancelled task ran on in its worker until it ended (Dask cannot interrupt a
    function): after a stop a deal's engine moves kept the worker busy for seconds (9 s
    for a deal of engine:0.2), the next run on the cluster waiting. A running task now
    sees its cancel and ends at its next stop check, having made fewer moves than asked."""
    from solver.analysis import Stop, Stopped

    marks = tmp_path / "marks"
    asked = 40
    stop = Stop()

    def stop_once_both_moved() -> None:
        while not stop.is_set():
            text = marks.read_text() if marks.exists() else ""
            if "move 0" in text and "move 1" in text:
                stop.set()
            time.sleep(0.02)

    threading.Thread(target=stop_once_both_moved, daemon=True).start()
    with pytest.raises(Stopped), stop.under():
        list(cl.run(engine_moves, {i: (asked, str(marks), i) for i in range(2)}, client))
    waited = time.monotonic() + 5  # the tasks' whole work: 40 moves of 0.25 s each
    while any(client.run(_executing).values()) and time.monotonic() < waited:
        time.sleep(0.05)
    assert not any(client.run(_executing).values()), "a cancelled task still runs"
    ends = [line.split() for line in marks.read_text().splitlines() if line.startswith("end")]
    assert sorted(int(t) for _, t, _ in ends) == [0, 1]
    assert all(0 < int(made) < asked for _, _, made in ends), ends
