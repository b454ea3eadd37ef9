"""Cooperative cancellation (solver.analysis.threads.Stop, issue 42): an analysis run under
a Stop that another thread sets ends at its next check, as on Ctrl-C: Stopped (a
KeyboardInterrupt) where the API returns no answer, else the samples so far marked
interrupted; the engine stays usable, and the board no longer raises into threads."""
from __future__ import annotations

import pathlib
import threading
import time

import pytest

import solver
from solver.analysis import Engine, Limit, Stop, Stopped
from solver.position import parse_position

#: 2-player scoperta at talon 14: an exact search of tens of seconds
TALON14 = ("hand1=6B,AB,CS hand2=7B,RD,FS top=CB briscola=3S played=2B,4B,FB,RB,3B,2C,5C,6C,"
           "7C,FC,RC,2D,4D,5D,6D,AD,6S,7S,RS,AS turn=2 score=6-42")
SEAT = "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"
ENDGAME = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"


def _stopped_after(run, delay: float = 0.5, within: float = 5.0):
    """``run(stop)``'s result or exception, the stop set ``delay`` seconds after it began;
    it must end ``within`` seconds of the stop."""
    stop = Stop()
    out: dict = {}

    def body():
        try:
            out["result"] = run(stop)
        except BaseException as e:  # noqa: BLE001 - the test reads it
            out["error"] = e
    t = threading.Thread(target=body)
    t.start()
    time.sleep(delay)
    assert t.is_alive(), "the analysis ended before the stop"
    stop.set()
    t0 = time.perf_counter()
    t.join(within)
    assert not t.is_alive(), "the stop was not seen"
    out["after"] = time.perf_counter() - t0
    return out


@pytest.mark.parametrize("threads", [1, 2])
def test_a_stop_ends_an_exact_search_at_once(threads):
    """One thread: the search checks between node slices; two: the helper is stopped at
    its next node by the thread that saw the stop."""
    engine = Engine(tt_mb=64, threads=threads)
    pos = parse_position(TALON14)
    out = _stopped_after(lambda stop: engine.analyse(pos, limit=Limit(nodes=10 ** 12),
                                                     stop=stop))
    assert isinstance(out.get("error"), Stopped) and out["after"] < 2.0
    a = engine.analyse(parse_position(ENDGAME))  # the engine goes on: its threads are free
    assert a.exact and a.value == 25.0


def test_a_stop_keeps_the_samples_so_far_where_an_answer_is_asked_for():
    engine = Engine(tt_mb=16, threads=1)
    pos = parse_position(SEAT)
    out = _stopped_after(lambda stop: engine.analyse(pos, limit=Limit(time=60), stop=stop,
                                                     estimate_on_interrupt=True))
    a = out["result"]
    assert a.interrupted and a.samples > 0 and out["after"] < 2.0
    out = _stopped_after(lambda stop: engine.analyse(pos, limit=Limit(time=60), stop=stop))
    assert isinstance(out["error"], Stopped)  # as Ctrl-C: a loop over positions stops


def test_every_analysis_of_an_active_block_sees_its_stop():
    stop = Stop()
    stop.set()
    engine = Engine(tt_mb=16, threads=1)
    with engine.active(stop=stop), pytest.raises(Stopped):
        solver.analyse(parse_position(ENDGAME))  # the block's engine, under its stop
    assert engine.analyse(parse_position(ENDGAME)).exact  # outside it: no stop


def test_the_board_stops_jobs_without_raising_into_their_threads():
    source = (pathlib.Path(solver.__file__).parent / "web" / "jobs.py").read_text()
    assert "SetAsyncExc" not in source and "ctypes" not in source


#: a whole deal of scoperta before its first card: the estimate's first stage (one trial
#: talon order, solved to pick the method) takes longer than the stops below
OPENING = solver.deal("scoperta", seed=1).to_text()


def _ready_to_stop(text: str, delay: float | None):
    """(an engine with its kernels loaded, the position, a Stop set now (``delay`` None) or
    ``delay`` seconds from now): the stop lands in the analysis, not in a compile."""
    engine = Engine(tt_mb=16, threads=1)
    pos = parse_position(text)
    engine.ready(pos)
    stop = Stop()
    if delay is None:
        stop.set()
    else:
        threading.Timer(delay, stop.set).start()
    return engine, pos, stop


@pytest.mark.parametrize("delay", [None, 0.0, 0.02, 0.05])
@pytest.mark.parametrize("text", [OPENING, TALON14, SEAT])
def test_a_stop_at_any_moment_answers_where_an_answer_is_asked_for(text, delay):
    """README: with estimate_on_interrupt a Stop returns the answer so far marked
    interrupted, a Stop set before the call or before the first sample included (the
    opening's estimate and every Stop set before the call raised Stopped); with fewer than
    two samples its ± is the widest the position allows (docs/estimates.md)."""
    engine, pos, stop = _ready_to_stop(text, delay)
    t0 = time.perf_counter()
    a = engine.analyse(pos, limit=Limit(time=5), stop=stop, estimate_on_interrupt=True)
    assert a.interrupted and not a.exact and time.perf_counter() - t0 < 2.0
    bound = pos.points_in_play
    assert all(m.error is not None and 0 < m.error <= bound for m in a.moves)
    if delay is None:  # nothing sampled: the widest interval
        assert str(a.interval) == "bound" and all(m.error == bound for m in a.moves)
    stop = Stop()
    stop.set()
    with pytest.raises(Stopped):  # no answer asked for: a stop still stops
        engine.analyse(pos, limit=Limit(time=5), stop=stop)


@pytest.mark.parametrize("delay", [None, 0.05])
def test_a_stop_in_a_node_budgets_exact_search_answers_where_an_answer_is_asked_for(delay):
    """Limit(nodes=...) searched exactly with no handler: a Stop raised Stopped even with
    estimate_on_interrupt (the time budget's path answered)."""
    engine, pos, stop = _ready_to_stop(TALON14, delay)
    t0 = time.perf_counter()
    a = engine.analyse(pos, limit=Limit(nodes=10**12), stop=stop, estimate_on_interrupt=True)
    assert a.interrupted and not a.exact and time.perf_counter() - t0 < 3.0, a.notes
    assert "interrupted: exact search stopped" in a.notes
    stop = Stop()
    stop.set()
    with pytest.raises(Stopped):  # no answer asked for: a stop still stops
        engine.analyse(pos, limit=Limit(nodes=10**12), stop=stop)


#: a whole scoperta deal with its talon's order given: nothing left to chance, so a sample
#: budget searches it exactly (~330k nodes: past a first slice, where a stop is checked)
CLAIRVOYANT = ("hand1=4C,6D,RS hand2=4B,5B,5S talon=AB,2B,6B,7B,CB,RB,3B,2C,5C,6C,7C,FC,CC,"
               "RC,3C,AC,2D,4D,5D,7D,FD,CD,RD,3D,AD,2S,4S,6S,7S,FS,CS,3S,AS,FB briscola=FB "
               "played=- turn=1 score=0-0")


def test_a_stop_in_a_sample_budgets_exact_search_answers_where_an_answer_is_asked_for():
    """Limit(samples=...) of a position with every draw known searches it exactly, with no
    handler: a Stop raised Stopped even with estimate_on_interrupt (as the node budget's
    path did before 10ef0dc)."""
    engine, pos, stop = _ready_to_stop(CLAIRVOYANT, None)
    assert not pos.draws_unknown
    assert engine.analyse(pos, limit=Limit(samples=10)).exact  # unstopped: exact
    engine.forget_tables()  # else its table answers the next search within a slice
    t0 = time.perf_counter()
    a = engine.analyse(pos, limit=Limit(samples=10), stop=stop, estimate_on_interrupt=True)
    assert a.interrupted and not a.exact and time.perf_counter() - t0 < 3.0, a.notes
    assert "interrupted: exact search stopped" in a.notes
    engine.forget_tables()
    with pytest.raises(Stopped):  # no answer asked for: a stop still stops
        engine.analyse(pos, limit=Limit(samples=10), stop=stop)


def test_a_stop_given_seconds_is_set_by_the_clock_with_no_thread_to_set_it():
    """The run limit's stop: its checks read the clock, so it ends the work on time even
    when the timer thread that also sets it waits for the GIL behind a search."""
    from solver.analysis import check_stop

    stop = Stop(0.05)
    assert not stop.is_set()
    with stop.under():
        check_stop()
        time.sleep(0.06)
        with pytest.raises(Stopped):
            check_stop()
    assert stop.is_set()
    stop.clear()  # forgets its time too: a bot's stop is cleared for the next move
    assert not stop.is_set()
    t0 = time.perf_counter()
    with Stop(0.05).under(), pytest.raises(Stopped):
        solver.analysis.pause(10)
    assert time.perf_counter() - t0 < 5
    with Stop(10).under():
        solver.analysis.pause(0.01)  # a pause shorter than the time left ends plainly


def test_generate_under_a_limit_whose_timer_never_fires_still_stops(tmp_path, monkeypatch):
    """The CI failure this mends: ``generate --time-limit 0.001`` found a puzzle because
    its timer thread ran late. With no timer at all, the clock still ends the run."""
    import click.testing

    from cli import run_limit
    from cli.main import cli

    class Idle:
        def __init__(self, *args, **kwargs):
            self.daemon = True

        def start(self):
            pass

        def cancel(self):
            pass

    monkeypatch.setattr(run_limit.threading, "Timer", Idle)
    out = tmp_path / "p.jsonl"
    r = click.testing.CliRunner().invoke(
        cli, ["puzzles", "generate", "--count", "5", "--talon", "2", "--difficulty", "hard",
              "--time-limit", "0.001", "--out", str(out)])
    assert r.exit_code == 1, r.output
    assert not out.exists()
