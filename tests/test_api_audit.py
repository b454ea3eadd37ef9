"""What a python-chess user tried next (the API audit of a newcomer): a Limit as
analyse's second argument, a Stop's seconds checked as a Limit's time, short reprs of a
Limit and of an Explanation."""
from __future__ import annotations

import math

import pytest

import solver

END = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"
HIDDEN = "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"


def test_a_limit_is_analyses_second_argument_as_in_python_chess():
    """``engine.analyse(board, Limit(time=0.1))`` is python-chess's call; here the Limit
    was taken for the objective ("unknown objective 'Limit(...)'")."""
    hidden = solver.parse(HIDDEN)
    assert solver.analyse(hidden, solver.Limit(samples=7), seed=1).samples == 7
    with solver.Engine(threads=1) as engine:
        a = engine.analyse(hidden, solver.Limit(samples=9), seed=1)
        assert a.samples == 9 and a.objective == "points"
        assert engine.analyse(hidden, limit=solver.Limit(samples=9), seed=1) == a
    pos = solver.parse(END)
    assert solver.analyse(pos, solver.Limit(time=1)) == solver.analyse(pos)


def test_a_limit_given_twice_is_refused_in_one_line():
    pos = solver.parse(END)
    with pytest.raises(ValueError, match="^a budget is one value") as e:
        solver.analyse(pos, solver.Limit(time=1), limit=solver.Limit(time=2))
    assert "\n" not in str(e.value)
    with pytest.raises(ValueError, match="^a budget is one value"):
        solver.analyse(pos, solver.Limit(time=1), samples=5)


@pytest.mark.parametrize("bad,kind", [
    (math.nan, ValueError), (-1, ValueError), (0, ValueError), (math.inf, ValueError),
    (True, TypeError), ("1", TypeError), ([1], TypeError),
])
def test_a_stops_seconds_are_refused_as_a_limits_time_is(bad, kind):
    """``Stop(nan)`` never set itself (an analysis with no end), ``Stop(True)`` set itself
    after a second and ``Stop("1")`` failed on Python's own '+'."""
    with pytest.raises(kind, match=r"^seconds is a finite positive number, got ") as e:
        solver.Stop(bad)
    assert isinstance(e.value, ValueError) and "\n" not in str(e.value)


def test_a_stops_seconds_may_be_any_positive_number():
    import numpy as np

    assert not solver.Stop(10).is_set() and not solver.Stop(np.float64(10)).is_set()
    assert not solver.Stop(None).is_set()


@pytest.mark.parametrize("limit,text", [
    (solver.Limit(time=1), "Limit(time=1)"),
    (solver.Limit(samples=50, estimate_time=2.5), "Limit(samples=50, estimate_time=2.5)"),
    (solver.Limit(), "Limit()"),
])
def test_a_limit_prints_what_was_given_as_python_chess_does(limit, text):
    assert repr(limit) == text
    assert eval(repr(limit), {"Limit": solver.Limit}) == limit


def test_an_explanation_has_a_short_repr():
    """Its dataclass repr was the position, every trick, ply and analysis: 1.9 kB for a
    two-trick endgame."""
    ex = solver.explain_position(solver.parse(END))
    text = repr(ex)
    assert text == "<Explanation endgame best=3C,AS value=+25 line=3C,2C,AS,RS>"
    assert str(ex) == text


#: positions whose analyses take milliseconds: two scoperta views (chance nodes), a
#: four-player endgame, a Briscolone seat (sampled: given samples and a seed)
SHARED = [
    "hand1=7B,RD,4S hand2=2B,3B,RC top=RS briscola=2C played=4B,5B,6B,FB,CB,RB,5C,6C,FC,AC,"
    "2D,4D,5D,6D,7D,FD,CD,3D,AD,2S,5S,6S,7S,FS,3S,AS turn=1 score=53-18",
    "hand1=2B,7D,3D hand2=AC,4D,3S top=7B briscola=7S played=4B,5B,6B,FB,RB,3B,AB,2C,4C,5C,6C,"
    "7C,2D,5D,6D,FD,CD,RD,AD,2S,4S,5S,FS,CS,RS,AS turn=2 score=41-26",
    "hand1=4C,6C,7S hand2=3B,CD,CS hand3=2C,3D,6S hand4=2B,RB,AD briscola=CD played=4B,5B,6B,"
    "7B,FB,CB,AB,5C,7C,FC,CC,RC,3C,AC,2D,4D,5D,6D,7D,FD,RD,2S,4S,5S,FS,RS,3S,AS turn=3 "
    "score=34-45 variant=scoperta4",
    "hand1=7B,CB,RB,3B,5S hand2=? played=2B,4B,5B,FB,AB,2C,5C,7C,FC,2D,4D,5D,7D,FD,RD,3D,AD,"
    "2S,4S,7S,FS,CS,RS,AS turn=1 score=20-42 variant=briscolone",
]


def _asked(engine, pos, objective):
    samples = 30 if pos.hidden_hand else None
    return engine.analyse(pos, objective, samples=samples, seed=1)


def test_one_engine_used_by_two_threads_at_once_answers_as_alone():
    """The board's server and a bot's threads share one engine: its tables and helpers
    must not mix two analyses (audited: 2 x 60 analyses, no value changed)."""
    import threading

    jobs = [(solver.parse(t), o) for t in SHARED for o in ("points", "win")]
    with solver.Engine(tt_mb=16, threads=1) as alone:
        want = {job: _asked(alone, *job) for job in jobs}
    wrong: list = []
    with solver.Engine(tt_mb=16, threads=2) as shared:
        def work(order: list) -> None:
            for job in order * 3:
                got = _asked(shared, *job)
                if got != want[job]:
                    wrong.append((job, got, want[job]))

        runs = [threading.Thread(target=work, args=(o,)) for o in (jobs, jobs[::-1])]
        for t in runs:
            t.start()
        for t in runs:
            t.join()
    assert wrong == []


def test_explain_position_takes_the_budget_as_analyse_does():
    """The budget is one value on every door: a Limit second (python-chess's order) or as
    limit=, its time the explanation's; counted budgets and a budget given twice refused
    in one line."""
    early = solver.parse("hand1=AB,4D,4S hand2=2D,7S,3S top=CC briscola=AS "
                         "played=7B,AC,6D,7D turn=1")
    a = solver.explain_position(early, solver.Limit(time=0.2))
    b = solver.explain_position(early, limit=solver.Limit(time=0.2))
    assert a.best and b.best and a.objective == b.objective == "points"
    for bad, kw in ((solver.Limit(samples=5), {}), (solver.Limit(nodes=100), {}),
                    (solver.Limit(time=0.2), {"limit": solver.Limit(time=0.2)}),
                    ("points", {"limit": 0.2}),
                    ("points", {"limit": solver.Limit(time=0.2), "time_limit": 0.2})):
        with pytest.raises(ValueError) as e:
            solver.explain_position(early, bad, **kw)
        said = str(e.value)
        assert "\n" not in said and "limit" in said.lower(), said


def test_a_move_value_prints_in_one_line_as_an_analysis_does():
    a = solver.analyse(solver.parse("hand1=3C,AS hand2=2C,RS briscola=RD turn=1"))
    assert [repr(m) for m in a.moves] == ["<MoveValue 3C 25 exact>", "<MoveValue AS 25 exact>"]
    hidden = solver.parse("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1")
    for m in solver.analyse(hidden, limit=solver.Limit(samples=20)).moves:
        assert repr(m) == f"<MoveValue {m.card} {m.value:.2f}±{m.error:.2f} estimate>"
