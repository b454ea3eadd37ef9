"""Monotone, honest hidden-card estimates (solver.analysis.sampling): the method is fixed by the stage of
the deal, more time only adds samples (the same ones, in the same order), the interval is
labelled approximate when the samples are depth-limited, a record's seat analysis keeps its
time and shows progress, and Ctrl-C keeps what was sampled."""
import random
import time

import pytest

from click.testing import CliRunner

from cli.main import cli
from solver.game import record_of
from solver.position.seat import make_seat_position
from solver.analysis import Limit, driver
from solver.analysis import sampling as seat
from solver.analysis.sampler import seed_for
from solver.analysis.result import Method, Way
from solver.analysis.stats import t95
from solver.players.agents import GreedyAgent
from solver.game import deal, play
from solver.position import parse_position
from solver.record import deal_record, write_record
from solver.rules import get_variant

EXAMPLE = "variant=classic hand1=FB,5C,FC hand2=2C,AC,FS briscola=2S played=- turn=1"


def _early_seat(seed=3, moves=4):
    g, rng = GreedyAgent(), random.Random(seed)
    st = deal("classic", seed)
    for _ in range(moves):
        st = play(st, g(st, rng))
    return st


def _values(a):
    return [(m.card, m.value) for m in a.moves]


def test_more_time_only_adds_samples():
    """A time-limited run with n samples equals the run asked for exactly n samples: the
    same method and the same samples in the same order, whatever the time allowed."""
    st = _early_seat()
    sp = make_seat_position("classic", st.to_move, st.hands[st.to_move], st.trick, st.briscola,
                                 st.captured[0] | st.captured[1], st.to_move, tuple(st.points),
                                 record_of(st))
    # the kernels loaded first, as Engine.analyse loads them before its clock: loading them
    # on a 0.05 s clock leaves no time for a depth-4 sample, and the answer is the one-trick
    # look-ahead's (depth 1), another method
    seat.analyse(sp, budget=Limit(samples=1), seed=1)
    short = seat.analyse(sp, budget=Limit(0.05), seed=1)
    long = seat.analyse(sp, budget=Limit(0.6), seed=1)
    assert short.method == long.method == Method(Way.SEAT_SAMPLING, depth=4)
    assert long.samples > short.samples >= 1
    for a in (short, long):
        assert _values(seat.analyse(sp, budget=Limit(samples=a.samples), seed=1)) == _values(a)


def test_depth_limited_estimates_say_so():
    a = seat.analyse_open(parse_position(EXAMPLE), budget=Limit(samples=20))
    assert a.method == Method(Way.SAMPLED_CLAIRVOYANT, depth=4) and not a.exact
    # classic's drawn talon order adds an error measured at 13-16 cards alive, carried here
    assert "approximation" in a.notes[0]
    assert ("the method's error (the seen talon's part measured at 13 to 16 cards alive, "
            "where samples are solved to the end): ±") in a.notes[0]
    assert a.interval == a.to_json()["interval"] == "sampling and extrapolated method"
    late = _early_seat(moves=26)
    b = seat.analyse_state(late, late.to_move, budget=Limit(samples=5))
    assert b.method == Method(Way.SEAT_SAMPLING) and "approximation" not in b.notes[0]


def test_depth_limited_intervals_add_the_methods_measured_error():
    """A depth-limited estimate's half-width is the sampling error's and the method's in
    quadrature (the method's measured by benchmarks/fit_leaf.py method, with the drawn
    talon order's measured against seats' exact values, in quadrature); a sample solved to
    the end over every draw adds nothing, and an unmeasured game says its interval is
    sampling only."""
    pos = parse_position(EXAMPLE)
    depth = seat.METHOD_ERROR[("classic", "points")][seat.method_stage(pos)]
    talon = seat.DRAWN_TALON_ERROR[("classic", "points")][0]
    m = (depth * depth + talon * talon) ** 0.5
    assert depth > 0 and talon > 0
    assert seat.method_error(pos, "points", seat.HORIZON, drawn=True) == pytest.approx(m)
    with_m = seat.analyse_open(pos, budget=Limit(samples=40))
    monkey = dict(seat.METHOD_ERROR)
    try:
        seat.METHOD_ERROR.clear()
        without = seat.analyse_open(pos, budget=Limit(samples=40))
    finally:
        seat.METHOD_ERROR.update(monkey)
    assert "not measured" in without.notes[0]
    assert with_m.interval == "sampling and extrapolated method" and without.interval == "sampling only"
    for mv in with_m.moves:
        e = without.move(mv.card).error
        assert mv.value == without.move(mv.card).value
        assert abs(mv.error - (e * e + m * m) ** 0.5) < 1e-9
    assert seat.method_error(pos, "points", 0) == 0.0
    assert seat.method_error(pos, "points", 0, drawn=True) == talon
    assert seat.method_error(pos, "points", 1) is None  # the one-trick fallback: not measured


def _greedy_seat(alive, seed=3, variant="classic"):
    """A seat's view (with its score) once ``alive`` cards or fewer are in play."""
    from solver.game import legal_cards, to_seat_position
    g, rng = GreedyAgent(), random.Random(seed)
    st = deal(variant, seed)
    while 40 - (st.captured[0] | st.captured[1]).bit_count() > alive or len(legal_cards(st)) < 2:
        st = play(st, g(st, rng))
    return to_seat_position(st, st.to_move)


@pytest.mark.parametrize("variant", ["briscolone", "libero"])
def test_a_five_card_seat_at_14_alive_solves_each_hand_over_every_draw(variant):
    """Briscolone and Libero at 14 cards alive (4 talon cards hidden): each sampled hand is
    solved to the end over every draw, so the method adds nothing to the ± (it was searched
    4 tricks deep on one drawn order, with the depth-4 method's ±12-14 points); from 16
    alive it still is."""
    late = _greedy_seat(14, variant=variant)
    a = seat.analyse(late, budget=Limit(samples=6), seed=1)
    assert a.method == Method(Way.SEAT_SAMPLING)
    assert "each solved exactly over the talon draws" in a.notes[0]
    assert seat.method_error(late.with_hand(0), "points", seat.horizon_for(late.with_hand(0))) == 0
    early = _greedy_seat(16, variant=variant)
    assert 40 - early.played.bit_count() == 16
    b = seat.analyse(early, budget=Limit(samples=6), seed=1)
    assert b.method == Method(Way.SEAT_SAMPLING, depth=4)


def test_a_classic_win_estimate_carries_the_drawn_talons_error():
    """Classic's chance of winning: each sample is played on one drawn talon order that both
    of its players see. Before, that error was measured for points only, so from 17 cards
    alive the win interval carried the depth-4 error alone yet said "sampling and method",
    and from 13 to 16 it said "sampling only"; now the drawn talon's error, measured for the
    win objective against exact values of seats' views at 13-15 alive, is in the ± at both
    stages (in quadrature from 17 up, where the interval says it is carried there)."""
    early, late = _greedy_seat(32), _greedy_seat(14)
    a = seat.analyse(early, "win", budget=Limit(samples=20), seed=1)
    assert a.method == Method(Way.SEAT_SAMPLING, depth=4)
    assert a.interval == "sampling and extrapolated method"  # was "sampling and method"
    b = seat.analyse(late, "win", budget=Limit(samples=20), seed=1)
    assert "one sampled talon order" in b.notes[0]
    assert b.interval == "sampling and method"  # was "sampling only"
    talon, gap = seat.DRAWN_TALON_ERROR[("classic", "win")]
    stage = early.with_hand(0)  # the stage of the deal, as analyse reads it
    depth = seat.METHOD_ERROR[("classic", "win")][seat.method_stage(stage)]
    h = seat.HORIZON
    assert seat.method_error(stage, "win", h, drawn=True) == pytest.approx((depth ** 2 + talon ** 2) ** 0.5)
    assert seat.method_extrapolated(stage, "win", h, True)
    assert all(m.error >= min(talon, 1.0) for m in a.moves)
    assert all(m.error >= min(talon, 1.0) for m in b.moves)
    assert all(m.gap_error >= min(gap, 2.0) for m in b.moves[1:])


def test_a_gap_between_two_cards_has_its_own_narrower_interval():
    """The gap from the best card to another is paired sample by sample, plus the method's
    error on a gap (METHOD_GAP_ERROR, with the drawn talon's in quadrature) in quadrature;
    the best card has none; the gap is in the JSON, the text output and the note."""
    import numpy as np
    pos = parse_position(EXAMPLE)
    stage = seat.method_stage(pos)
    saved = {k: dict(v) for k, v in seat.METHOD_GAP_ERROR.items()}
    talon = dict(seat.DRAWN_TALON_ERROR)
    try:
        seat.METHOD_GAP_ERROR[("classic", "points")] = {stage: 0.75}
        seat.DRAWN_TALON_ERROR.clear()
        a = seat.analyse_open(pos, budget=Limit(samples=60))
        vals = []
        rng = random.Random(seed_for(pos, "points"))
        for _ in range(60):
            own = random.Random(rng.getrandbits(64))  # each sample's own, drawn in turn
            v, _, _ = seat.solve_sample(pos, "points", pos.legal_cards(), own, None,
                                        seat.horizon_for(pos), False)
            vals.append([v[m.card] for m in a.moves])
    finally:
        seat.METHOD_GAP_ERROR.clear()
        seat.METHOD_GAP_ERROR.update(saved)
        seat.DRAWN_TALON_ERROR.update(talon)
    best, rest = a.moves[0], a.moves[1:]
    assert best.gap_error is None and rest
    vals = np.array(vals)
    for j, mv in enumerate(rest, 1):
        d = vals[:, 0] - vals[:, j]
        paired = t95(len(d) - 1) * d.std(ddof=1) / len(d) ** 0.5
        assert abs(mv.gap_error - (paired ** 2 + 0.75 ** 2) ** 0.5) < 1e-6
        assert mv.gap_error < mv.error
    assert "±0.75 on the gap between two cards" in a.notes[0]
    assert all("gap_error" in m for m in a.to_json()["moves"][1:])
    out = CliRunner().invoke(cli, ["analyse", EXAMPLE, "--time-limit", "0.3"]).output
    assert "below the best" in out


def test_the_measured_method_errors_cover_every_depth_limited_stage():
    """Classic's points objective (the issue's game) is measured; every game and objective
    covers every stage of a deal whose samples are depth-limited, for a card's value and
    for a gap between two cards: measured against full solves, or carried (METHOD_CARRIED:
    Briscolone from 31 cards alive, Libero from 21), never below the stage before's."""
    assert ("classic", "points") in seat.METHOD_ERROR
    for (variant, objective), table in seat.METHOD_ERROR.items():
        hand = get_variant(variant).hand_size
        stages = seat.METHOD_STAGES[hand]
        assert stages[-1][1] == 40
        full = seat.FULL_ALIVE if hand == 3 else seat.FULL_ALIVE_5
        assert stages[0][0] == full + 1  # the first alive count with depth-limited samples
        for (lo, hi), (nlo, _) in zip(stages, stages[1:]):
            assert nlo == hi + 1
        assert set(table) == set(stages)
        carried = seat.METHOD_CARRIED.get(variant, ())
        assert stages[0] not in carried and set(carried) <= set(stages)
        for gaps in (table, seat.METHOD_GAP_ERROR[(variant, objective)]):
            for k in range(1, len(stages)):
                assert stages[k] not in carried or gaps[stages[k]] >= gaps[stages[k - 1]]
        assert all(0 < v < (60 if objective == "points" else 1) for v in table.values())
        # the gap's error is measured on the same decisions by the same run
        assert set(seat.METHOD_GAP_ERROR[(variant, objective)]) == set(table)
        assert all(0 < v < (120 if objective == "points" else 1)
                   for v in seat.METHOD_GAP_ERROR[(variant, objective)].values())
    assert set(seat.METHOD_GAP_ERROR) == set(seat.METHOD_ERROR)


def test_the_example_keeps_its_best_card_with_more_samples():
    """The issue's position: the best card after 600 samples is the one after 1200 (its
    top two cards are 0.4 points apart, so a few hundred samples may still swap them; the
    2, 5 and 20 s check is benchmarks/bench_hidden.py stability)."""
    pos = parse_position(EXAMPLE)
    few = seat.analyse_open(pos, budget=Limit(samples=600))
    many = seat.analyse_open(pos, budget=Limit(samples=1200))
    assert few.best == many.best
    top, second = many.moves[0], many.moves[1]
    assert many.move(top.card).error < few.move(top.card).error
    assert top.value - second.value > 0


def test_interrupt_returns_the_samples_so_far(monkeypatch):
    st = _early_seat()
    real = seat.solve_sample
    calls = []

    def flaky(*a, **k):
        calls.append(1)
        if len(calls) == 6:
            raise KeyboardInterrupt
        return real(*a, **k)
    monkeypatch.setattr(seat, "solve_sample", flaky)
    a = seat.analyse_state(st, st.to_move, budget=Limit(samples=50))
    assert a.samples == 5 and any("interrupted" in n for n in a.notes)


def test_record_seat_analysis_keeps_its_time_and_shows_progress(tmp_path):
    g, rng = GreedyAgent(), random.Random(2)
    st = deal("classic", 2)
    while not st.is_over:
        st = play(st, g(st, rng))
    path = tmp_path / "g.json"
    write_record(str(path), deal_record(st, seed=2))
    first = deal("classic", 2)
    for c in st.moves[:4]:
        first = play(first, c)
    # kernels loaded before the clock starts
    seat.analyse_state(first, first.to_move, budget=Limit(samples=1))
    t = time.perf_counter()
    r = CliRunner().invoke(cli, ["analyse", "--record", str(path), "--move", "5", "--seat",
                                 str(first.to_move + 1), "--time-limit", "2.6"])
    took = time.perf_counter() - t
    assert r.exit_code == 0, r.output
    assert took < 2.6 + 1.0
    assert "seat: 2." in r.stderr and "samples, best" in r.stderr


def test_ctrl_c_in_an_estimate_reaches_a_loop_over_positions(monkeypatch):
    """An estimate cut by Ctrl-C after some samples keeps them, but only a caller that asked
    for the answer so far gets it: ``solver.analyse`` (puzzle generation, batches) and an
    engine player pass the interrupt on, so the loop around them stops (a generator once
    swallowed it and ran on)."""
    import pytest

    import solver
    from solver.players.agents import get_agent
    real = seat.solve_sample

    def flaky(*a, **k):
        flaky.calls += 1
        if flaky.calls == 4:
            raise KeyboardInterrupt
        return real(*a, **k)
    st = _early_seat()
    sp = st.view()
    for call in (lambda: solver.analyse(sp, samples=50),
                 lambda: get_agent("engine@50")(st, random.Random(1))):
        flaky.calls = 0
        monkeypatch.setattr(seat, "solve_sample", flaky)
        with pytest.raises(KeyboardInterrupt):
            call()
    flaky.calls = 0
    a = solver.analyse(sp, samples=50, estimate_on_interrupt=True)
    assert a.interrupted and a.samples == 3


#: a position per stage of the deal (cards alive: at most this many), by hand size: every
#: depth-limited stage (METHOD_STAGES), then samples solved to the end
_STAGES = {3: (38, 28, 20, 14), 5: (36, 26, 16, 10)}


def _greedy_state(variant, alive, seed=5):
    """A deal of ``variant`` played by greedy until at most ``alive`` cards are alive and
    the player to move has a choice."""
    from solver.game import legal_cards
    g, rng = GreedyAgent(), random.Random(seed)
    st = deal(variant, seed)
    while (40 - sum(c.bit_count() for c in st.captured) > alive
           or len(legal_cards(st)) < 2):
        st = play(st, g(st, rng))
    return st


@pytest.mark.parametrize("variant", ["classic", "briscolone", "libero", "scoperta", "scoperta4"])
def test_every_automatic_estimate_covers_the_methods_error(variant):
    """No automatic estimate says "sampling only" (a ± that is not a 95 % interval of the
    exact value) at any stage of any game: a seat's view of the hidden-card games, their
    open positions, scoperta and four-player scoperta, for both objectives. Before,
    Briscolone's samples from 31 cards alive and Libero's from 21 had no method error; now
    it is carried there, and the interval says so."""
    from solver import analyse
    from solver.game import to_position, to_seat_position
    hand = get_variant(variant).hand_size
    for alive in _STAGES[hand]:
        st = _greedy_state(variant, alive)
        views = [to_position(st)]
        if variant in ("classic", "briscolone", "libero"):
            views.append(to_seat_position(st, st.to_move))
        for pos in views:
            for objective in ("points", "win"):
                a = analyse(pos, objective, samples=3)
                assert a.interval != "sampling only", (variant, alive, type(pos).__name__,
                                                       objective, a.interval)
                if seat.method_stage(views[0]) in seat.METHOD_CARRIED.get(variant, ()):
                    assert a.method.depth == seat.HORIZON
                    assert a.interval == "sampling and extrapolated method"


def test_a_classic_seat_at_14_alive_adds_the_multilevel_correction(monkeypatch):
    """Classic at 14 cards alive (7 talon cards hidden): each hand is solved on one drawn
    talon order, and some hands also exactly over every draw; once enough are, the mean of
    (exact less drawn orders) over them is added, and the drawn talon's bias and error
    leave the ±. The corrected hands are distinct hands of the seat's list, not the few a
    fixed stride over its passes would come back to; each diff is the hand's exact value
    (computed here on its own) less its drawn orders' mean."""
    monkeypatch.setattr(seat, "CORRECTION_START", 0)
    monkeypatch.setattr(seat, "CORRECTION_EVERY", 8)
    monkeypatch.setattr(seat, "CORRECTION_ORDERS", 2)
    monkeypatch.setattr(seat, "CORRECTION_MIN", 17)
    solved, drawn = [], []
    corrected, one = seat.solve_corrected, seat.solve_sample

    def spy(pos, objective, cards, rng, end, other=None):
        res = corrected(pos, objective, cards, rng, end, other)
        solved.append((other, res))
        return res

    def orders(pos, *args, **kw):
        res = one(pos, *args, **kw)
        drawn.append((pos, res[0]))
        return res

    monkeypatch.setattr(seat, "solve_corrected", spy)
    monkeypatch.setattr(seat, "solve_sample", orders)
    sp = _greedy_seat(14)  # 120 hands, drawn pass after pass in one order
    a = seat.analyse(sp, budget=Limit(samples=129), seed=1)
    fixed = [(o, r) for o, r in solved if o is not None]
    hands = [other.hands[sp.opponent] for other, _ in fixed]
    assert len(set(hands)) == 17 and all(o.unseen.bit_count() == 7 for o, _ in fixed)
    assert "17 of them (one in 8) also solved exactly over the talon draws" in a.notes[0]
    assert a.interval == "sampling and method"
    cards = sp.legal_cards()
    for other, (_, diff, _) in fixed:
        exact = seat._values(driver.Search(other, "points"), cards, None)
        own = [v for p, v in drawn if p is other]  # its two drawn orders
        for c in cards:
            assert diff[c] == pytest.approx(exact[c] - (own[0][c] + own[1][c]) / 2, abs=1e-9)
    for m in a.moves:
        want = sum(r[0][m.card] for _, r in solved) / 129 + sum(r[1][m.card] for _, r in fixed) / 17
        assert m.value == pytest.approx(want, abs=1e-9)
    monkeypatch.setattr(seat, "CORRECTION_MIN", 18)  # too few: the measured bias and error
    first = solved[:]
    b = seat.analyse(sp, budget=Limit(samples=129), seed=1)
    bias = seat.DRAWN_TALON_BIAS[("classic", "points")]
    for m in b.moves:
        want = sum(r[0][m.card] for _, r in first) / 129 - bias
        assert m.value == pytest.approx(want, abs=1e-9)
        assert m.error >= seat.DRAWN_TALON_ERROR[("classic", "points")][0]


def test_a_correction_starts_only_when_its_hands_can_be_finished(monkeypatch):
    """Pace: CORRECTION_MIN corrected hands, each with CORRECTION_EVERY - 1 one-order
    hands, must fit in the time left on the loop's threads (a fake clock). A corrected
    hand is priced at its floor, 1 + CORRECTION_ORDERS one-order hands, however slow the
    first ones were, until CORRECTION_MIN are finished, then at their mean; past
    CORRECTION_MIN one more is enough."""
    monkeypatch.setattr(seat, "CORRECTION_MIN", 10)
    monkeypatch.setattr(seat, "CORRECTION_EVERY", 64)
    monkeypatch.setattr(seat, "CORRECTION_ORDERS", 32)
    now = [0.0]
    pace = seat.Pace(1, clock=lambda: now[0])
    for _ in range(100):
        pace.end(0.001)
    assert not pace.pays(0.95)  # 10 blocks of 63 + 33 hands: 0.96 s
    assert pace.pays(0.97)
    assert seat.Pace(2, clock=lambda: now[0]).pays(0.01)  # nothing timed yet: free
    two = seat.Pace(2, clock=lambda: now[0])
    two.end(0.001)
    assert two.pays(0.49) and not two.pays(0.47)  # two threads: half the time
    now[0] = 0.5
    pace.started = 2
    pace.end(0.4, True)
    pace.end(0.3, True)  # slow first ones: still the floor, 8 blocks of 96 ms
    assert not pace.pays(0.5 + 0.76) and pace.pays(0.5 + 0.77)
    for _ in range(8):
        pace.started += 1
        pace.end(0.03, True)  # ten finished, 0.094 s on average: one block of 0.157 s
    assert pace.pays(0.5 + 0.16) and not pace.pays(0.5 + 0.15)


def _corrections(monkeypatch, budget, sp):
    """The hands a seat analysis corrected under ``budget``."""
    fixed = []
    corrected = seat.solve_corrected

    def spy(pos, objective, cards, rng, end, other=None):
        if other is not None:
            fixed.append(other)
        return corrected(pos, objective, cards, rng, end, other)

    monkeypatch.setattr(seat, "solve_corrected", spy)
    seat.analyse(sp, budget=budget, seed=1)
    return fixed


def test_a_time_limit_starts_a_correction_only_where_it_pays(monkeypatch):
    """Under a time limit each correction due asks the loop's Pace and is started only
    where it pays (at 0.1 s a card the first one ran to the deadline and was thrown
    away); a sample budget counts hands only, so it corrects the same hands on any
    machine, without asking."""
    sp = _greedy_seat(14)
    monkeypatch.setattr(seat, "CORRECTION_START", 16)
    monkeypatch.setattr(seat, "CORRECTION_EVERY", 8)
    monkeypatch.setattr(seat, "CORRECTION_ORDERS", 2)
    asked = []

    def pace(answer):
        class Fixed(seat.Pace):
            def pays(self, deadline):
                asked.append(deadline)
                return answer

        monkeypatch.setattr(seat, "Pace", Fixed)

    pace(False)
    assert len(_corrections(monkeypatch, Limit(samples=64), sp)) == 6 and asked == []
    assert _corrections(monkeypatch, Limit(time=0.5), sp) == [] and asked
    pace(True)
    assert _corrections(monkeypatch, Limit(time=0.5), sp)


def test_a_correction_past_the_deadline_keeps_its_hand(monkeypatch):
    """A corrected hand whose correction runs past the deadline keeps its own one-order
    values (diff None): without values the loop would drop it and every hand the other
    threads solved after it."""
    sp = _greedy_seat(14)
    pos = sp.with_hand(sp.hand_sampler(random.Random(1))[0]())
    other = sp.with_hand(sp.hand_sampler(random.Random(2))[0]())
    one = seat.solve_sample

    def late(p, *args, **kw):
        return None if p is other else one(p, *args, **kw)

    monkeypatch.setattr(seat, "solve_sample", late)
    cards = sp.legal_cards()
    res = seat.solve_corrected(pos, "points", cards, random.Random(3), None, other)
    assert res is not None and res[1] is None and set(res[0]) == set(cards)
