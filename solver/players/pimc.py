"""Today's seat analysis, kept as the named baseline ``engine-pimc``: perfect-information
sampling whose search depth is picked by the clock (the first sample solved fully when it
fits, else 4, 2 or 1 tricks deep), at most 200 samples, the same seed at every decision.

It is what the engine played before the fixed-method estimator of solver.analysis.sampling; matches
against it measure what the new one gains. Not used by analyse.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

from solver.analysis import (
    DEFAULT_TIME,
    Analysis,
    Limit,
    Sample,
    Sums,
    Until,
    all_hands_note,
    check_objective,
    run_samples,
    solve_sample,
)
from solver.analysis import analyse as analyse_position
from solver.analysis.result import Interval, Method, Way, ranked, value_bound
from solver.errors import Count, Note
from solver.position import PositionError, SeatPosition

DEFAULT_SAMPLES = 200
FIRST_TIME = 2.0  # seconds the first full solve may take when no time limit is given


def _first(pos, objective, cards, rng, t0, deadline):
    """Solve the first sample, choosing the search depth: full when it fits in FIRST_TIME
    (and a third of the time left), else 4, 2 or 1 tricks deep. (result, horizon)."""
    now = time.perf_counter()
    budget = FIRST_TIME if deadline is None else min(FIRST_TIME, max(0.0, deadline - now) / 3)
    state = rng.getstate()
    for horizon in (0, 4, 2, 1):
        rng.setstate(state)
        last = horizon == 1
        end = deadline if last else time.perf_counter() + budget
        res = solve_sample(pos, objective, cards, rng, end, horizon, use_leaf=False)
        if res is not None:
            return res, horizon
    return None


def analyse(
    sp: SeatPosition,
    objective: str = "points",
    time_limit: float | None = None,
    samples: int | None = None,
    seed: int = 0,
    t0: float | None = None,
) -> Analysis:
    """Seat analysis: mean per-card values over sampled opponent hands, with 95 % half-widths.
    Stops at ``samples``, at the time limit (the sampler's default time when neither is
    given), or on Ctrl-C (keeping what it has)."""
    check_objective(sp, objective)
    t0 = time.perf_counter() if t0 is None else t0
    if sp.to_move != sp.seat:
        raise PositionError.of("seat.not_to_move", player=sp.to_move + 1, seat=sp.seat + 1)
    rng = random.Random(seed)
    draw, every = sp.hand_sampler(rng)
    if every is not None and len(every) == 1:
        a = analyse_position(sp.with_hand(every[0]), objective, limit=Limit(time=time_limit))
        return replace(a, position=sp, notes=a.notes + (Note.of("note.hands.elimination"),))
    n_max = samples if samples is not None else DEFAULT_SAMPLES
    complete = every is not None and len(every) <= n_max
    if every is not None and complete:
        # few enough hands: solve each once, in random order (a time cut leaves a random subset)
        order = list(every)
        rng.shuffle(order)
        n_max = len(order)
        draw = iter(order).__next__
    limit = time_limit
    if limit is None and samples is None:
        limit = DEFAULT_TIME
    deadline = None if limit is None else t0 + limit
    cards = sp.legal_cards()
    horizon = 0

    def one(until):
        nonlocal horizon
        h = draw()
        pos = sp.with_hand(h)
        weight = float(sp.hand_weight(h)) if complete else 1.0  # listed, not drawn by chance
        if sums.n:
            res = solve_sample(pos, objective, cards, rng, until, horizon, use_leaf=False)
        else:
            res = _first(pos, objective, cards, rng, t0, until)
            res, horizon = (None, 0) if res is None else res
        if res is None:
            return Sample(None)
        vals, n, ex = res
        return Sample([vals[c] for c in cards], n, weight, ex)

    sums = Sums(len(cards))
    # one thread: the first sample's search depth sets the later ones'
    r = run_samples(lambda: one, sums, Until(t0, deadline, n_max))
    nodes, exact_all, n = r.nodes, r.exact, sums.n
    if n == 0:
        raise PositionError.of("pimc.none_solved")
    errs = sums.errors(value_bound(sp, objective))
    est = {c: (float(m), float(e)) for c, m, e in zip(cards, sums.means(), errs, strict=True)}
    whole = every is not None and complete and n == len(every) and exact_all and not horizon
    if whole:
        est = {c: (m, 0.0) for c, (m, _) in est.items()}
    best_v, moves, best = ranked(est)
    how = Note.of("note.part.how.exact" if exact_all else "note.part.how.clairvoyant")
    if horizon:
        how = Note.of("note.part.how.clairvoyant_depth", depth=Count(horizon))
    notes: tuple[Note, ...] = (Note.of("note.hands.sampled", n=Count(n), how=how),)
    if whole:
        notes = (all_hands_note(n, sp.hand_count is None),)
    elif every is not None:
        notes += (Note.of("note.hands.consistent", n=Count(len(every))),)
    return Analysis.estimate(
        sp,
        objective,
        moves,
        best,
        nodes=nodes,
        t0=t0,
        method=Method(Way.SEAT_SAMPLING),
        notes=notes,
        samples=n,
        interval=Interval.SAMPLING_ONLY,
    )
