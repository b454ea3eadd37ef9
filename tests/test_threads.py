"""The search threads kept between analyses (solver/analysis/threads.py)."""
import threading

import pytest

from solver.analysis import threads


def test_helpers_run_the_jobs_and_are_kept_for_the_next_analysis():
    seen = []

    def job():
        seen.append(threading.get_ident())

    pool = threads.Pool()
    pool.run([job, job, job], stop=lambda: None)
    assert len(seen) == 3 and seen.count(threading.get_ident()) == 1
    first = set(seen) - {threading.get_ident()}
    seen.clear()
    pool.run([job, job, job], stop=lambda: None)
    assert set(seen) - {threading.get_ident()} == first


def test_a_helpers_error_is_raised_in_the_caller():
    def bad():
        raise ValueError("in a helper")

    with pytest.raises(ValueError, match="in a helper"):
        threads.Pool().run([lambda: None, bad], stop=lambda: None)


def test_an_error_here_stops_the_helpers_before_it_is_raised():
    stop = threading.Event()
    ended = []

    def helper():
        stop.wait(5)
        ended.append(stop.is_set())

    def here():
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        threads.Pool().run([here, helper], stop=stop.set)
    assert ended == [True]
