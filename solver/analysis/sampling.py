"""Seat analysis of the hidden-card 2-player games (classic Briscola, Briscolone, libero).

One player's view: their own hand, the table, the played cards and the turned trump card;
the opponent's hand is written ``?``. The opponent's hand is sampled among the hands
consistent with what the seat has seen, each with its chance (below) (drawn by the position itself:
SeatPosition.hand_sampler, whose ``sample(rng)`` gives the same draw as an open position),
each sample is solved as an open deal by the
general kernel (solver.search.general), and the per-card values are averaged (method
"seat-sampling", "seat-sampling-depth4" while the samples are depth-limited).

What "consistent" means, precisely:

* the hand has the right size and only cards the seat has not seen (not in its hand, not on
  the table, not played, not the turned trump card while the talon holds it; once the talon is
  empty a trump card seen nowhere else is known to be in the opponent's hand);
* from a game record (games with the duty to follow suit): every trick where the opponent
  played second without following the led suit s says that the opponent's hand held no card
  of suit s at that moment. The opponent's cards (those played since the deal, and the
  sampled hand) must then fit the opponent's arrival slots (the deal, capacity the hand size,
  then one slot per draw) so that every played card arrived before it was played and every
  card of a suit shown void arrived in a draw after that trick (unless played before it).
  A hand is kept only when such an assignment exists (an interval matching, checked
  greedily). Each hand kept is as likely as the number of such assignments (histories of
  the opponent's hand) that end in it (solver.position.histories): all alike where no suit
  was shown void; in Briscolone a hand holding a suit the opponent did not follow is less
  likely. The sampler draws hands with those chances, and a mean over every hand weighs
  each by its count (a weighted mean, still exact).

How a sampled hand is solved depends on the stage of the deal only (horizon_for), never on
the time given, so more time means more samples of the same method and the best card
settles instead of changing with the method: while more than FULL_ALIVE cards are alive
(FULL_ALIVE_5 with 5-card hands), one talon order is drawn with the hand and searched
HORIZON tricks deep (an approximation, labelled as such: its interval adds the method's
measured error, METHOD_ERROR, to the sampling error); later the hand is solved to the end,
exactly over the talon draws when few talon cards are hidden (EXACT_UNSEEN: Briscolone and
Libero from 14 cards alive, classic from 12), else on one drawn talon order (classic at 14
and 16 alive, where an exact solve costs 30 ms to seconds a hand against under 1 ms: its
bias is taken off and its error is in the interval, DRAWN_TALON_ERROR). A hand solved over
the draws adds no method error: the mean over the hands is what the seat's exact value
averages, so its interval is the sampling error's alone. At 14 alive in classic (7 talon
cards hidden) the estimate is multilevel (Levels): after CORRECTION_START hands, one in
CORRECTION_EVERY drawn also has a hand of a sampler of its own solved exactly over every
draw and on CORRECTION_ORDERS drawn orders, and once CORRECTION_MIN are, the mean of
(exact less drawn) over them is added instead of the measured bias, its sampling error
instead of DRAWN_TALON_ERROR: unbiased, the interval two samplings' (counted by hands, so
a sample budget answers the same anywhere; fewer corrected hands keep the old bias and
error; under a time limit a correction starts only where the hands still wanting can be
finished before the deadline, Pace). Samples are seeded by the
position, so an analysis is reproducible, and a sample budget (``samples``) gives the same
answer on any machine. The engine may weight the hands by the opponent's recent plays
(solver.players.infer).
"""

from __future__ import annotations

import math
import random
import threading
import time
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import accumulate
from typing import NamedTuple

from solver.analysis import driver, exact
from solver.analysis.progress import clock, wants_progress
from solver.analysis.result import (
    Analysis,
    Interval,
    Method,
    Way,
    check_objective,
    interval_kind,
    ranked,
    unit_words,
    value_bound,
)
from solver.analysis.budget import DEFAULT_TIME, Budget, Limit, Until
from solver.analysis.sampler import Sample, best_line, run, seed_for
from solver.analysis.stats import Sums, mean_error
from solver.analysis.threads import interruption, shielded
from solver.cards import cards_of, popcount
from solver.errors import Count, Note
from solver.game import to_seat_position
from solver.position import Position, PositionError, SeatPosition
from solver.search.leaf import WEIGHTS

EXACT_UNSEEN = 6  # solve a sampled hand exactly up to this many hidden talon cards
FULL_ALIVE = 16  # samples solved to the end once at most this many cards are alive
FULL_ALIVE_5 = 14  # ... with 5-card hands (at 16, 6 talon cards hidden: 0.1-0.9 s a hand)
HORIZON = 4  # before that, searched this many tricks deep (~1-2 ms a sample)
SLICE_NODES = 30_000  # nodes between clock checks (a few ms)

#: the stages (cards alive, lowest and highest) of a deal whose samples are depth-limited,
#: by hand size, for the method's error below
METHOD_STAGES = {3: ((17, 24), (25, 32), (33, 40)), 5: ((15, 20), (21, 30), (31, 40))}
#: half-width (95 %) of the error a HORIZON-deep sample's method adds to a card's estimated
#: value, by game, objective and stage: 1.96 times the root mean square, over decisions of
#: played deals, of the mean difference between the depth-limited and the full solve of the
#: same sampled talon orders, sampling noise taken out (benchmarks/fit_leaf.py method). It
#: is added to the sampling error's half-width in quadrature. Games and objectives not
#: listed have not been measured: their intervals say they cover the sampling error only.
#: ``fit_leaf.py method`` prints the upper end of the root mean square's 95 % confidence
#: interval, and that end is what is shipped, so that a measurement from too few samples
#: widens the interval instead of narrowing it (2026-12-03: classic points 150 decisions
#: with 48 talon orders each, classic win 60 with 24; Briscolone 80 decisions with 48
#: orders, up to 30 cards alive; 2026-12-05: Libero with its fitted leaf, 60 decisions
#: with 24 orders, up to 20 alive). The stages of METHOD_CARRIED are not measured so.
#: Briscolone 21-30's value was 9.7 until 2026-12-06, when 362 decisions with 4 orders at
#: 28-30 alive (benchmarks/data/method) needed 9.85 there (a gap 7.7, under the 8.5 kept).
#: Its chance of winning's gap was 0.13 until 2026-12-06, when 370 decisions with 4 orders
#: at 28-30 alive needed 0.154 there (a value 0.118, under the 0.12 kept). Its points gap
#: at 13-20 was 10.4 until 2026-12-06, when 79 decisions with 4 orders that a run at 21-26
#: alive reached at 20 needed 10.55 (the 21-30 stage with that run's 321 pooled in: 9.76
#: on a value, 7.2 on a gap, under the 9.9 and 8.5 kept). Its chance of winning at 31-40
#: was 0.17 on a value and 0.24 on a gap until 2026-12-06, when 22 decisions at 34-36 alive,
#: pooled with the 68 kept at 32-34, needed 0.177 and 0.252; then 0.18 and 0.26 until
#: 2026-12-06 too, when 41 decisions at 36-38 alive (seeds 860000, 880000) pooled with the
#: 90 kept needed 0.219 and 0.283. The first 5-card stage was 13-20 until 2026-12-06, when
#: 13-14 cards alive came to be solved to the end over every draw (FULL_ALIVE_5 14, 4 talon
#: cards hidden: 4-16 ms a hand): its figures, measured over 13-20, are kept for 15-20.
METHOD_ERROR: dict[tuple[str, str], dict[tuple[int, int], float]] = {
    ("classic", "points"): {(17, 24): 3.9, (25, 32): 4.0, (33, 40): 4.3},
    ("classic", "win"): {(17, 24): 0.10, (25, 32): 0.14, (33, 40): 0.15},
    ("briscolone", "points"): {(15, 20): 12.4, (21, 30): 9.9, (31, 40): 19.2},
    ("briscolone", "win"): {(15, 20): 0.24, (21, 30): 0.12, (31, 40): 0.22},
    ("libero", "points"): {(15, 20): 14.4, (21, 30): 14.4, (31, 40): 17.9},
    ("libero", "win"): {(15, 20): 0.24, (21, 30): 0.24, (31, 40): 0.24},
}
#: the same for the gap between two cards of one analysis (the card the depth-limited
#: samples rank first, less another), which hints and "too close to tell apart" use. The
#: cards share their samples, but little of the method's error cancels in a gap: measured
#: (2026-12-03, the same decisions as above), it is nearly as large as a value's.
METHOD_GAP_ERROR: dict[tuple[str, str], dict[tuple[int, int], float]] = {
    ("classic", "points"): {(17, 24): 2.7, (25, 32): 3.8, (33, 40): 4.9},
    ("classic", "win"): {(17, 24): 0.09, (25, 32): 0.17, (33, 40): 0.13},
    ("briscolone", "points"): {(15, 20): 10.6, (21, 30): 8.5, (31, 40): 10.8},
    ("briscolone", "win"): {(15, 20): 0.25, (21, 30): 0.16, (31, 40): 0.29},
    ("libero", "points"): {(15, 20): 14.0, (21, 30): 14.0, (31, 40): 14.0},
    ("libero", "win"): {(15, 20): 0.24, (21, 30): 0.24, (31, 40): 0.24},
}
#: a stage's top, where its kept full solves need more than the stage's pooled figure: from
#: this many cards alive, a value's and a gap's half-widths are at least these, what the
#: most demanding number of cards alive measured there needs (2026-12-06: Briscolone's
#: chance of winning, 4 orders a decision: 33 decisions at 36 alive needed 0.293 on a value
#: and 0.443 on a gap, 18 at 38 needed 0.397 and 0.325, where the stage 31-40 pooled needs
#: 0.18 and 0.26; the deal itself, 40 alive, not measured, no narrower; Briscolone's
#: points, 21 decisions at 36 alive, needed 10.1 on a value and 12.0 on a gap, 7 at 38
#: needed 10.7 and none beyond the noise, where the stage ships 19.2 and 10.8)
METHOD_TOP: dict[tuple[str, str], tuple[int, float, float]] = {
    ("briscolone", "win"): (35, 0.40, 0.45),
    ("briscolone", "points"): (35, 19.2, 12.1),
}
#: the carried stages whose figures (of METHOD_TOP too) come from full solves over part of
#: the stage, not from searches 8 tricks deep: cards alive, the fewest and most solved
METHOD_SOLVED_AT: dict[tuple[str, str], tuple[int, int]] = {("briscolone", "win"): (32, 38)}
#: the stages, by game, whose half-widths above are carried rather than measured against
#: full solves (one takes minutes there), so that their intervals say "sampling and
#: extrapolated method". Measured against searches 8 tricks deep with the fitted leaf
#: (``fit_leaf.py method --reference-depth 8``), which leave their own error out: where
#: both were measured (Briscolone 21-30) the full solves' upper end was 1.49 times the
#: deeper search's on a value and 1.36 on a gap in points (for the chance of winning no
#: larger), so the points are scaled by those factors; and no stage ships less than the
#: stage before it (2026-12-05: Briscolone 40 decisions with 8 orders; Libero 30 with 8
#: at each stage, and at 21-24 alive 24 decisions with 12 orders solved to the end, where
#: the depth-4 error was below the noise). Not a checked 95 % interval; checked against
#: full solves of fresh decisions (2026-12-05, benchmarks/data/method: Briscolone 32-34
#: alive, Libero 22-30), a value and a gap there needed 12.1 and 7.5 points in Briscolone,
#: 7.9 and 6.0 in Libero; of the chance of winning (2026-12-06) 0.162 and 0.177 in
#: Briscolone at 32-34 alive, 0.195 and 0.136 in Libero at 20-30. Later the same day, fresh
#: decisions at the stages' unchecked ends: Libero at 32-34 alive needed 10.0 and 9.8 points,
#: Briscolone at 34-36 pooled with 32-34 8.6 and 5.3 points, 0.177 and 0.252 of the chance
#: of winning (whence 0.18 and 0.26 above; 10 decisions at 36 alone: 0.28 and 0.42,
#: METHOD_TOP); then Briscolone's chance of winning at 36-38 alive (41 decisions): the
#: stage pooled 0.219 and 0.283 (0.22 and 0.29 above), METHOD_TOP's levels up to 0.397 and
#: 0.443; Libero's at 30-32 (15 decisions) 0.036 and 0.124, under its 0.24.
METHOD_CARRIED: dict[str, tuple[tuple[int, int], ...]] = {
    "briscolone": ((31, 40),),
    "libero": ((21, 30), (31, 40)),
}


#: the half-widths (a card's value, a gap) that a drawn talon order adds where each sample's
#: order is drawn (more than EXACT_UNSEEN talon cards hidden): both players of a sample
#: see the talon. Measured against exact values of seats' views (every consistent hand
#: solved exactly over the draws: benchmarks/bench_calibration.py, classic seats at 13-16
#: cards alive, solved to the end); carried to the depth-limited stages in quadrature
#: (method_extrapolated). Briscolone and Libero solve every draw from 14 cards alive.
#: The win objective's (2026-12-05): fit on seat-classic-a13-15-win-seed231 and 232 (174
#: card values, 116 gaps; 0.11-0.12 and 0.09-0.10 needed at 0.2, 1 and 5 s, the bias below
#: taken off).
DRAWN_TALON_ERROR: dict[tuple[str, str], tuple[float, float]] = {
    ("classic", "points"): (7.0, 5.5),
    ("classic", "win"): (0.12, 0.10),
}
#: the mean error (estimate less exact value) of those samples solved to the end on a drawn
#: order, on the same fit sets (points: -1.0 to -1.2 by set; win: -0.023 to -0.028; every
#: set below zero: the opponent gains more from seeing the talon): taken off every card's
#: value (kept within what the value can be), so the gaps and the best card stay as they
#: were
DRAWN_TALON_BIAS: dict[tuple[str, str], float] = {
    ("classic", "points"): -1.1,
    ("classic", "win"): -0.025,
}

#: the multilevel correction of a seat's drawn talon orders (Levels): where a sampled
#: hand's talon hides more than EXACT_UNSEEN cards and at most CORRECTED_UNSEEN (classic at
#: 14 cards alive; at 16, 9 hidden, one exact solve costs seconds), after CORRECTION_START
#: hands one in CORRECTION_EVERY is also solved exactly over every draw, and the mean over
#: those hands of (exact less the mean of CORRECTION_ORDERS drawn orders of the same hand)
#: is added to every card's mean. Counted by hands drawn: a sample budget gives the same
#: answer anywhere, and the fast hands come first so that a short time limit still has
#: many; under a time limit a correction due starts only where Pace says it can pay. From
#: CORRECTION_MIN corrected hands the correction replaces the drawn talon's bias and error
#: (its own sampling error joins the interval); below it, what too few hands say is not
#: trusted and the measured bias and error stay.
CORRECTED_UNSEEN = 7
CORRECTION_START = 256
CORRECTION_EVERY = 64
CORRECTION_ORDERS = 32
CORRECTION_MIN = 10


#: four-player scoperta (every hand shown, the talon's order hidden): the half-widths (a
#: card's value, a gap) that its samples' method adds, by objective: (the talon size where
#: they were measured, value's, gap's), by talon. Measured against exact values where those
#: can be computed (talon 8, 6 cards unseen, 20 alive: benchmarks/bench_calibration.py fit
#: on open-scoperta4-a17-20-points-seed8204, 2026-12-05: 13.8 and 14.2 needed at 0.2 s, 12.5
#: and 12.0 at 1 s; talon 4, 2 unseen, 16 alive, the estimator alone (`run --estimate`) on
#: open-scoperta4-a16-16-points-seed8216, 2026-12-07: 6.5 and 6.5 at 0.2 s, 6.0 and 6.0 at
#: 1 s). Nearly all of it is the four players' seeing the talon (samples solved to the end
#: erred as much); it grew in proportion to the talon from 4 to 8, and beyond the last talon
#: measured it is grown so, as scoperta's (estimate.method_error), and the interval says it
#: is extrapolated. Between measured talons the larger one's counts. The chance of winning
#: (2026-12-05): fit on open-scoperta4-a17-20-win-seed8234 and 8235 (327 card values, 218
#: gaps; 0.34 and 0.42 needed at 0.2 s, 0.41 and 0.40 at 1 s; the mean error, -0.09 to
#: +0.04 by set and time, not one-sided, is left in the ±); at talon 4 nearly every
#: chance is already 0 or 1 (open-scoperta4-a16-16-win-seed8236 needs none), so talon 8's
#: is kept there.
OPEN_METHOD_ERROR: dict[tuple[str, str], tuple[tuple[int, float, float], ...]] = {
    ("scoperta4", "points"): ((4, 6.5, 6.5), (8, 14.0, 14.5)),
    ("scoperta4", "win"): ((8, 0.41, 0.42),),
}


def _open_method_error(pos, objective: str, gap: bool) -> float | None:
    known = OPEN_METHOD_ERROR.get((pos.variant, objective))
    if known is None:
        return None
    at = next((k for k in known if k[0] >= pos.talon_size), None)
    grow = 1.0 if at is not None else pos.talon_size / known[-1][0]
    _, value, gap_value = at or known[-1]
    return (gap_value if gap else value) * grow


def drawn_talon_bias(pos, objective: str, horizon: int, drawn: bool) -> float:
    """What to take off a card's mean for the drawn talon's bias (0 where not measured)."""
    if horizon or not drawn or pos.players != 2:
        return 0.0
    return DRAWN_TALON_BIAS.get((pos.variant, objective), 0.0)


def unbiased(mean: float, bias: float, bound: float, objective: str = "points") -> float:
    """A card's mean less the method's measured bias, kept within what the value can be:
    the points in play either way, a chance of winning between 0 and 1."""
    return min(max(mean - bias, 0.0 if objective == "win" else -bound), bound)


# ----- sampling -----------------------------------------------------------------------


def sample_hands(sp: SeatPosition, count: int, seed: int = 0) -> list[int]:
    """``count`` opponent hands (masks, known cards included) drawn as analyse draws them."""
    rng = random.Random(seed)
    draw, _ = sp.hand_sampler(rng)
    return [draw() | sp.known for _ in range(count)]


def horizon_for(pos) -> int:
    """The fixed search depth (tricks; 0 = to the end) of one sample at this stage of the
    deal: it depends on the position only, never on the time given, so that more time
    means more samples of the same method."""
    full = FULL_ALIVE if pos.rules.hand_size <= 3 else FULL_ALIVE_5
    return 0 if 40 - popcount(pos.played) <= full else HORIZON


def method_stage(pos) -> tuple[int, int] | None:
    """The stage (METHOD_STAGES) of a position whose samples are depth-limited, else None."""
    alive = 40 - popcount(pos.played)
    for lo, hi in METHOD_STAGES.get(pos.rules.hand_size, ()):
        if lo <= alive <= hi:
            return lo, hi
    return None


def method_error(
    pos, objective: str, horizon: int, table=None, drawn: bool = False
) -> float | None:
    """The half-width the method of a ``horizon``-deep sample adds to a card's interval at
    this stage, or None where it was not measured; ``table`` METHOD_GAP_ERROR for the
    interval of a gap between two cards. ``drawn``: each sample's talon order is drawn
    (more than EXACT_UNSEEN talon cards hidden), so its players see the talon: that error
    (DRAWN_TALON_ERROR) is added, in quadrature to a depth-limited one. A sample solved to
    the end over every draw adds nothing."""
    gap = table is METHOD_GAP_ERROR
    if pos.players != 2:
        if not drawn:
            return None if horizon else 0.0
        return _open_method_error(pos, objective, gap)
    talon = DRAWN_TALON_ERROR.get((pos.variant, objective)) if drawn else None
    seen = None if talon is None else talon[1 if gap else 0]
    if not horizon:
        return seen if drawn else 0.0
    if pos.players != 2 or horizon != HORIZON:
        return None  # measured for HORIZON-deep samples only (not the one-trick fallback)
    table = METHOD_ERROR if table is None else table
    depth = table.get((pos.variant, objective), {}).get(method_stage(pos))
    top = METHOD_TOP.get((pos.variant, objective))
    if depth is not None and top is not None and 40 - popcount(pos.played) >= top[0]:
        depth = max(depth, top[2 if gap else 1])
    return depth if depth is None or seen is None else math.hypot(depth, seen)


def all_hands_note(n: int, alike: bool) -> Note:
    """The note of a mean over every hand the seat could face: weighted alike, or (a suit not
    followed) by the deals that lead to each; one hand is neither, so it is said alike."""
    if alike or n == 1:
        return Note.of("note.hands.all", n=Count(n))
    return Note.of("note.hands.all_deals", n=n)


def method_extrapolated(pos, objective: str, horizon: int, drawn: bool) -> bool:
    """Whether the method's error of such a sample is carried from another stage: the
    drawn talon's error is measured where samples are solved to the end (13-16 cards
    alive), where exact values of a seat's view can be computed to check it; a depth-limited
    sample's at the stages of METHOD_CARRIED; four players' beyond the talon where it was
    measured (OPEN_METHOD_ERROR)."""
    return carried_how(pos, objective, horizon, drawn) is not None


def carried_how(pos, objective: str, horizon: int, drawn: bool) -> Note | None:
    """How the method's error of such a sample was carried to its stage, an estimate's
    note's part (None where it was measured there), so that a note says what its interval
    says it does (Interval.EXTRAPOLATED: "the note says how")."""
    if pos.players != 2:
        known = OPEN_METHOD_ERROR.get((pos.variant, objective))
        if drawn and known is not None and pos.talon_size > known[-1][0]:
            return Note.of("note.part.carried.talon", talon=known[-1][0])
        return None
    if not horizon:
        return None
    how = []
    if method_stage(pos) in METHOD_CARRIED.get(pos.variant, ()):
        at = METHOD_SOLVED_AT.get((pos.variant, objective))
        how.append(
            Note.of("note.part.carried.depth")
            if at is None
            else Note.of("note.part.carried.solved", lo=at[0], hi=at[1])
        )
    if drawn and (pos.variant, objective) in DRAWN_TALON_ERROR:
        how.append(Note.of("note.part.carried.seen"))
    if len(how) == 2:
        return Note.of("note.part.and", first=how[0], second=how[1])
    return how[0] if how else None


def gap_errors(tally, objective: str, pos, horizon: int, shrink: float = 1.0, drawn: bool = False):
    """``ranked``'s gap_error for a tally: the paired sampling error and the method's
    error on a gap, in quadrature."""
    m_gap = method_error(pos, objective, horizon, METHOD_GAP_ERROR, drawn)
    return lambda ref, c: with_method(tally.gap_error(ref, c) * shrink, m_gap, 2 * tally.bound)


def with_method(sampling: float, method: float | None, cap: float | None = None) -> float:
    """An interval's half-width from the sampling error's and the method's (independent
    errors: in quadrature), no wider than ``cap`` (the widest the value can stray)."""
    w = sampling if not method else math.hypot(sampling, method)
    return w if cap is None else min(w, cap)


def _values(s, cards, deadline):
    out = {}
    for c in cards:
        v = s.move_value(c, deadline, slice_nodes=SLICE_NODES, quiet=True)
        if v is None:
            return None
        out[c] = float(s.fraction(v))
    return out


def horizon_alive(pos, horizon: int) -> int:
    """The general kernel's horizon (cards alive at which it stops) for a search ``horizon``
    tricks deep (0: to the end)."""
    return max(1, 40 - popcount(pos.played) - horizon * pos.players) if horizon else 0


def sample_order(pos: Position, rng: random.Random) -> tuple[int, ...]:
    """A talon order consistent with the position: visible top first, trump card last."""
    rest = cards_of(pos.unseen)
    rng.shuffle(rest)
    order = ([pos.top] if pos.top >= 0 else []) + rest
    if pos.briscola >= 0 and pos.talon_size:
        order.append(pos.briscola)
    return tuple(order)


def solve_sample(
    pos,
    objective: str,
    cards,
    rng: random.Random,
    deadline: float | None,
    horizon: int,
    exact_ok: bool = True,
    use_leaf: bool = True,
    order: tuple[int, ...] | None = None,
):
    """Per-card values of one open deal: exact over the talon draws when few talon cards are
    hidden and ``horizon`` is 0, else on one sampled talon order (``order`` where given),
    ``horizon`` tricks deep (0: to the end). (values, nodes, exact over the draws), or None
    past the deadline."""
    if exact_ok and not horizon and popcount(pos.unseen) <= EXACT_UNSEEN:
        s = driver.Search(pos, objective)
        vals = _values(s, cards, deadline)
        return None if vals is None else (vals, s.nodes, True)
    s = driver.Search(
        replace(pos, talon_order=sample_order(pos, rng) if order is None else order),
        objective,
        horizon=horizon_alive(pos, horizon),
        use_leaf=use_leaf,
    )
    vals = _values(s, cards, deadline)
    return None if vals is None else (vals, s.nodes, False)


class Tally:
    """Weighted per-card means of sample values and the half-widths of their 95 % intervals
    (the weights' effective sample size stands in for the count). Below two samples the
    interval is the widest the position allows, ``bound``: an estimate always has one."""

    def __init__(self, cards, bound: float):
        self.cards = list(cards)
        self.bound = float(bound)
        self.sums = Sums(len(self.cards))
        self.at = {c: j for j, c in enumerate(self.cards)}

    @property
    def n(self) -> int:
        return self.sums.n

    @property
    def w(self) -> float:
        return self.sums.w

    @property
    def w2(self) -> float:
        return self.sums.w2

    def add(self, vals: dict, weight: float = 1.0) -> None:
        self.sums.add([vals[c] for c in self.cards], weight)

    def mean(self, c) -> float:
        return float(self.sums.s[self.at[c]] / self.sums.w)

    def error(self, c) -> float:
        return float(self.sums.errors(self.bound, unanimous=True)[self.at[c]])

    def gap_error(self, ref, c) -> float:
        """Half-width of the interval of ``ref``'s mean less ``c``'s, paired by sample."""
        return float(self.sums.gap_errors(self.at[ref], self.bound)[self.at[c]])

    def best(self) -> int:
        return max(self.cards, key=lambda c: (self.mean(c), -c))


class Levels(Tally):
    """A Tally of drawn talon orders with the multilevel correction (CORRECTED_UNSEEN):
    ``diffs`` holds, per corrected hand, the exact value less its drawn orders' mean. Once
    ``corrected`` (CORRECTION_MIN hands), a mean adds the diffs' mean and a half-width the
    diffs' sampling error in quadrature (two samplings, taken as independent); before, it
    is the drawn orders' Tally alone."""

    def __init__(self, cards, bound: float):
        super().__init__(cards, bound)
        self.diffs = Sums(len(self.cards))

    @property
    def corrected(self) -> bool:
        return self.diffs.n >= CORRECTION_MIN

    def add(self, vals, weight: float = 1.0) -> None:
        own, diff, diff_weight = vals
        self.sums.add(own, weight)
        if diff is not None:
            self.diffs.add(diff, diff_weight)

    def mean(self, c) -> float:
        m = super().mean(c)
        return m + float(self.diffs.means()[self.at[c]]) if self.corrected else m

    def error(self, c) -> float:
        e = super().error(c)
        if not self.corrected:
            return e
        return min(math.hypot(e, float(self.diffs.errors(self.bound)[self.at[c]])), self.bound)

    def gap_error(self, ref, c) -> float:
        e = super().gap_error(ref, c)
        if not self.corrected:
            return e
        d = float(self.diffs.gap_errors(self.at[ref], self.bound)[self.at[c]])
        return min(math.hypot(e, d), 2 * self.bound)


def multilevel(pos, how: SampleSolve) -> bool:
    """Whether a seat's samples of this open deal take the multilevel correction (Levels)."""
    hidden = popcount(pos.unseen)
    return (
        how.multilevel
        and how.exact_ok
        and not how.horizon
        and pos.players == 2
        and EXACT_UNSEEN < hidden <= CORRECTED_UNSEEN
    )


class Pace:
    """What a multilevel loop's hands cost so far, so that a correction starts only while
    the corrected hands still wanting (CORRECTION_MIN, one once there) can be finished
    before the deadline: one abandoned there corrects nothing and takes a thread's time
    from the one-order hands (at 0.1-0.2 s a card none reached CORRECTION_MIN)."""

    def __init__(self, threads: int, clock: Callable[[], float] = time.perf_counter):
        self.threads, self.clock = max(threads, 1), clock
        self.lock = threading.Lock()
        self.spent = [0.0, 0.0]  # seconds of the finished one-order and corrected hands
        self.count = [0, 0]
        self.started = 0  # corrections begun

    def end(self, seconds: float, corrected: bool = False) -> None:
        """A one-order or corrected hand took ``seconds``."""
        with self.lock:
            self.spent[corrected] += seconds
            self.count[corrected] += 1

    def pays(self, deadline: float) -> bool:
        """Whether the corrected hands still wanting, each with its CORRECTION_EVERY - 1
        one-order hands, fit before ``deadline`` on the loop's threads. Until
        CORRECTION_MIN are finished a corrected hand is priced at its floor, the
        1 + CORRECTION_ORDERS drawn orders it solves: the first ones, on cold tables, cost
        several times the later ones (mostly 0.1-0.45 s against 0.01-0.2 s at 1 s), so
        their mean refused corrections that would have been finished; then at their mean."""
        with self.lock:
            now = self.clock()
            one = self.spent[0] / max(self.count[0], 1)
            done = self.count[1] >= CORRECTION_MIN
            corrected = self.spent[1] / self.count[1] if done else (1 + CORRECTION_ORDERS) * one
        need = max(CORRECTION_MIN - self.started, 1)
        return need * ((CORRECTION_EVERY - 1) * one + corrected) <= (deadline - now) * self.threads


def solve_corrected(
    pos,
    objective: str,
    cards,
    rng: random.Random,
    deadline: float | None,
    other=None,
):
    """One hand of a multilevel seat (Levels): its values on one drawn talon order and, for
    ``other`` (an open deal to correct, or None), its exact values over every draw less the
    mean over CORRECTION_ORDERS drawn orders of its own. (values, diff or None, nodes), or
    None past the deadline: a slow exact solve is abandoned there as any sample is, the
    hand's own values kept (diff None): the loop drops every hand after one without
    values, and the other threads' hands solved meanwhile are good."""
    res = solve_sample(pos, objective, cards, rng, deadline, 0, False)
    if res is None or other is None:
        return None if res is None else (res[0], None, res[1])
    vals, nodes = res[0], res[1]
    drawn = {c: 0.0 for c in cards}
    for _ in range(CORRECTION_ORDERS):
        one = solve_sample(other, objective, cards, rng, deadline, 0, False)
        if one is None:
            return vals, None, nodes
        nodes += one[1]
        for c in cards:
            drawn[c] += one[0][c] / CORRECTION_ORDERS
    s = driver.Search(other, objective)
    exact_vals = _values(s, cards, deadline)
    if exact_vals is None:
        return vals, None, nodes + s.nodes
    return vals, {c: exact_vals[c] - drawn[c] for c in cards}, nodes + s.nodes


def multilevel_note(tally: Levels) -> Note:
    """The note's part of a multilevel answer: how many hands corrected it."""
    return Note.of("note.part.multilevel", n=tally.diffs.n, every=CORRECTION_EVERY)


class SampleSolve(NamedTuple):
    """How each sampled deal is solved and scored: the cards valued, the search depth
    (horizon_for), whether a deal may be solved exactly over its draws, and the widest a
    value can stray (Tally's ``bound``)."""

    objective: str
    cards: Sequence[int]
    horizon: int
    bound: float
    exact_ok: bool = True
    multilevel: bool = False


def sample_loop(
    next_deal,
    rng: random.Random,
    how: SampleSolve,
    until: Until,
    *,
    label: str | None = None,
    done: Callable | None = None,
    next_corrected: Callable | None = None,
):
    """Solve sampled deals (``next_deal()`` -> (open position, weight) or None when there are
    no more) in the one sampling loop (sampler.run) until ``until`` says, ``done(sums)`` or
    Ctrl-C. Returns (tally, nodes, every sample exact over the draws, interrupted).
    ``label``: the progress lines' (None: none). ``next_corrected()``: the deal a multilevel
    correction solves (None: the hand drawn with it). A correction starts only where
    ``until`` counts samples or its Pace says it pays before the deadline."""
    objective, cards, horizon, exact_ok = how.objective, how.cards, how.horizon, how.exact_ok
    tally = Levels(cards, how.bound) if how.multilevel else Tally(cards, how.bound)
    drawn = [0]
    threads = driver.current().threads
    pace = Pace(threads)
    deadline = None if until.samples is not None else until.deadline  # a count: hands only

    def draw():
        nxt = next_deal()
        if nxt is None:
            return None
        pos, weight = nxt
        own = random.Random(rng.getrandbits(64))  # the sample's talon order, drawn in turn
        i = drawn[0]
        drawn[0] += 1
        if multilevel(pos, how):
            other, w = None, 0.0
            due = i >= CORRECTION_START and (i - CORRECTION_START) % CORRECTION_EVERY == 0
            if due and (deadline is None or pace.pays(deadline)):
                other, w = (pos, weight) if next_corrected is None else next_corrected()
                pace.started += 1

            def leveled(end):
                began = time.perf_counter()
                res = solve_corrected(pos, objective, cards, own, end, other)
                pace.end(time.perf_counter() - began, other is not None)
                if res is None:
                    return Sample(None)
                vals, diff, n = res
                own_vals = [vals[c] for c in cards]
                diffs = None if diff is None else [diff[c] for c in cards]
                return Sample((own_vals, diffs, w), n, weight, False)

            return leveled

        def job(end):
            res = solve_sample(pos, objective, cards, own, end, horizon, exact_ok)
            if res is None:
                return Sample(None)
            vals, n, ex = res
            own_vals = [vals[c] for c in cards]
            return Sample((own_vals, None, 0.0) if how.multilevel else own_vals, n, weight, ex)

        return job

    def line(t, sums):
        if not sums.n:
            return None
        b = tally.best()
        return best_line(label, t, sums.n, b, tally.mean(b), objective)

    r = run(
        draw,
        tally if how.multilevel else tally.sums,
        until,
        done=done,
        progress=None if label is None else line,
        threads=threads,
    )
    return tally, r.nodes, r.exact, r.stopped == "interrupted"


def analyse(
    sp: SeatPosition,
    objective: str = "points",
    budget: Budget | Limit | None = None,
    seed: int | None = None,
    progress: bool | None = None,
    weigh=None,
):
    """Seat analysis: per-card means over sampled opponent hands (each with one sampled talon
    order, or exact over the draws late in the deal), with 95 % half-widths of the sampling
    error. The method is fixed by the stage of the deal (horizon_for); the budget's time or
    samples only say how many samples. Stops at the samples, at the time limit
    (budget.DEFAULT_TIME when neither is given), when every consistent hand has been solved
    exactly, or on Ctrl-C (keeping what it has). ``seed`` None: derived from the position,
    so the same position gets the same samples. ``weigh(hand)``: a weight per sampled hand
    (solver.players.infer: how likely the opponent's visible choices were with it)."""
    check_objective(sp, objective)
    budget = Budget.of(budget)
    t0 = budget.t0
    if sp.to_move != sp.seat:
        raise PositionError.of("seat.not_to_move", player=sp.to_move + 1, seat=sp.seat + 1)
    if seed is None:
        seed = seed_for(sp, sp.history)
    if progress is None:
        progress = wants_progress()
    rng = random.Random(seed)
    draw, every = sp.hand_sampler(rng)
    if every is not None and len(every) == 1:
        a = analyse_game(
            sp.with_hand(every[0]), objective, budget.within(budget.time), progress=progress
        )
        return as_seat_analysis(a, sp, (Note.of("note.hands.elimination"),))
    until = budget.until()
    cards = sp.legal_cards()
    stage = sp.with_hand(0)  # any hand: the stage of the deal is what counts
    horizon = horizon_for(stage)
    if every is not None:
        # few hands: solve each in turn, in a random order, pass after pass
        order = list(every)
        rng.shuffle(order)
        pos = [0]

        def draw():
            h = order[pos[0] % len(order)]
            pos[0] += 1
            return h

    def next_deal():
        h = draw()
        w = 1.0 if weigh is None else weigh(h | sp.known)
        if every is not None:
            w *= sp.hand_weight(h)  # drawn as listed, not by its chance
        return sp.with_hand(h), w

    # the corrected hands come from a sampler of their own: one in CORRECTION_EVERY of the
    # draws above, which may pass over the hands in one order again and again, would come
    # back to the same few hands
    corrected_draw: list[Callable[[], int]] = []

    def next_corrected():
        if not corrected_draw:
            corrected_draw.append(sp.hand_sampler(random.Random(seed + 1))[0])
        h = corrected_draw[0]()
        return sp.with_hand(h), 1.0 if weigh is None else weigh(h | sp.known)

    consistent = None if every is None else len(every)  # hands the seat cannot rule out
    once = not (consistent is None or horizon or popcount(sp.pool) - sp.hidden > EXACT_UNSEEN)
    bound = value_bound(sp, objective)
    tally, nodes, exact_all, interrupted = sample_loop(
        next_deal,
        rng,
        SampleSolve(objective, cards, horizon, bound, multilevel=True),
        until,
        label="seat" if progress else None,
        done=(lambda s: s.n >= consistent) if once else None,
        next_corrected=next_corrected,
    )  # every hand solved exactly once
    n = tally.n
    notes = []
    if n == 0:
        # not one sample in time (or before a stop): a one-trick look-ahead of one hand,
        # flagged as such
        with shielded():
            tally, more, exact_all, _ = sample_loop(
                next_deal, rng, SampleSolve(objective, cards, 1, bound), Until(t0, None, 1)
            )
        nodes += more
        horizon, n = 1, 1
        notes.append(Note.of("note.none_in_time.hand"))
    whole = every is not None and n >= len(every) and exact_all and not horizon
    shrink = 1.0
    alike = sp.hand_count is None
    unweighted = weigh is None and alike
    if every is not None and exact_all and not horizon and unweighted and n < len(every):
        shrink = math.sqrt((len(every) - n) / (len(every) - 1))  # drawn without replacement
    corrected = isinstance(tally, Levels) and tally.corrected
    drawn = not exact_all and not corrected
    m_err = method_error(stage, objective, horizon, drawn=drawn)
    bias = drawn_talon_bias(stage, objective, horizon, drawn)
    est = {
        c: (
            unbiased(tally.mean(c), bias, tally.bound, objective),
            0.0 if whole else with_method(tally.error(c) * shrink, m_err, tally.bound),
        )
        for c in cards
    }
    best_v, moves, best = ranked(
        est,
        (lambda r, c: 0.0)
        if whole
        else gap_errors(tally, objective, stage, horizon, shrink, drawn),
    )
    how = Note.of("note.part.how.exact" if exact_all else "note.part.how.clairvoyant")
    if corrected:
        how = Note.of("note.part.then", first=how, then=multilevel_note(tally))
    if horizon:
        how = Note.of(
            "note.part.how.searched",
            depth=Count(horizon),
            beyond=beyond_horizon(sp.variant, horizon),
            covers=covers(stage, objective, horizon, drawn),
        )
    elif drawn:
        how = Note.of("note.part.then", first=how, then=covers(stage, objective, horizon, drawn))
    if bias:
        taken = Note.of("note.part.corrected", bias=-bias, unit=unit_words(objective))
        how = Note.of("note.part.then", first=how, then=taken)
    notes.insert(0, Note.of("note.hands.sampled", n=Count(n), how=how))
    if whole:
        notes = [all_hands_note(n, alike)]
    elif every is not None:
        notes.append(Note.of("note.hands.consistent", n=Count(len(every))))
    if weigh is not None:
        notes.append(Note.of("note.hands.weighted", size=tally.w * tally.w / tally.w2))
    if interrupted:
        notes.append(Note.of("note.interrupted.samples"))
    return Analysis.estimate(
        sp,
        objective,
        moves,
        best,
        nodes=nodes,
        t0=t0,
        method=Method(Way.SEAT_SAMPLING, horizon or None),
        notes=notes,
        samples=n,
        interrupted=interrupted,
        interval=Interval.NO_SAMPLING
        if whole
        else interval_kind(m_err, n, method_extrapolated(stage, objective, horizon, drawn)),
    )


class Draws(NamedTuple):
    """A seat's draw against the others it could have drawn, valued on the same sampled
    deals (analyse_draws): per sample, the value of the draw that came less that of one
    draw drawn with its chance (each view valued by the card its means rank first); the
    method's error on such a difference; what its interval covers."""

    diffs: list[float]
    value: float  # the value after the draw that came: its best card's mean (bias taken off)
    method: float | None
    interval: Interval
    bound: float  # the widest a view's value can stray

    @property
    def samples(self) -> int:
        return len(self.diffs)

    def luck(self) -> tuple[float, float]:
        """The value after the draw that came less the average over the draws (each by its
        chance), and its 95 % half-width: the sampling error of the differences, on which
        the hidden hand's share cancels, and the method's, no wider than a difference can
        stray."""
        cap = 2 * self.bound
        mean, error = mean_error(self.diffs) if self.diffs else (0.0, None)
        return mean, with_method(cap if error is None else min(error, cap), self.method, cap)


class _Pairs:
    """The samples of analyse_draws as the sampling loop adds them: each the other draw it
    was paired with and the values of the draw that came (``cards[came]``, in order) then
    those of that other, each added to its view's tally too."""

    def __init__(self, cards: Sequence[Sequence[int]], came: int, bound: float):
        self.cards, self.came = cards, came
        self.tallies = [Tally(c, bound) for c in cards]
        self.pairs: list[tuple[int, dict, dict]] = []

    @property
    def n(self) -> int:
        return len(self.pairs)

    def add(self, sample: tuple[int, list[float]], weight: float = 1.0) -> None:
        (other, vals), came = sample, self.came
        k = len(self.cards[came])
        mine = dict(zip(self.cards[came], vals[:k], strict=True))
        theirs = mine if other == came else dict(zip(self.cards[other], vals[k:], strict=True))
        self.tallies[came].add(mine)
        if other != came:
            self.tallies[other].add(theirs)
        self.pairs.append((other, mine, theirs))


def analyse_draws(
    views: Sequence[SeatPosition],
    came: int,
    objective: str,
    until: Until,
    more: Callable[[int, int], bool] | None = None,
    seed: int | None = None,
    chances: Sequence[Fraction] | None = None,
) -> Draws:
    """The draw that came (``views[came]``) against every draw the seat could have made
    (``views``: one seat to move at one moment after each card; ``chances``: each draw's,
    as SeatPosition.outcomes gives them, all alike where None), each sample one deal
    valuing the draw that came and one other, so that the mean difference is the value
    after the draw that came less the chance-weighted average over the draws. The other is
    drawn with its chance, stratified: each round of as many samples as draws cuts [0, 1)
    into as many equal strata, one a sample in a shuffled order, a point drawn in it read
    against the draws' cumulative chances (a round is every draw once where they are
    alike).

    Both views of a sample share the deal, so the difference keeps little of the sampling
    error of each, and each view's deal has its own chance, so that the difference's mean
    is unbiased: the opponent's hand after the draw that came is drawn by that view's
    sampler (its chance, SeatPosition.hand_chance); the other view's is the same hand with
    the two drawn cards swapped (the card the seat drew where it holds the one the seat
    could have drawn) whenever a maximal coupling of the two views' chances allows, else a
    hand of the other view's own sampler drawn from what its chances have beyond the
    first's: a draw of each view's exact chances, the same hand as often as can be (always
    where every hand is as likely or the two cards share a suit). The talon's order is one
    order of every card the seat had not seen before its draw, read without the opponent's
    hand, the two cards swapped for the other view. The samples are the one sampling loop's
    (sampler.run: the engine's threads, the same lucks for the same seed and count on any
    number of them), drawn until ``until`` says and while ``more(samples so far, threads
    solving them)`` does; Ctrl-C or a Stop raises (the review keeps what it has)."""
    check_objective(views[came], objective)
    if seed is None:
        seed = seed_for(views[came], (objective, len(views)))
    rng = random.Random(seed)
    cards = [v.legal_cards() for v in views]
    pool, common = 0, -1
    for v in views:
        pool |= v.pool  # each view's pool and the card it drew
        common &= v.own
    drew = [v.own & ~common for v in views]
    cumulative = list(accumulate(chances or [Fraction(1, len(views))] * len(views)))
    samplers: dict[int, Callable[[], int]] = {}
    stage = views[came].with_hand(0)
    horizon = horizon_for(stage)
    bound = value_bound(views[came], objective)
    pairs = _Pairs(cards, came, bound)
    turns: list[int] = []
    threads = driver.current().threads

    def sampler(i: int) -> Callable[[], int]:
        if i not in samplers:
            samplers[i] = views[i].hand_sampler(random.Random(seed + i + 1))[0]
        return samplers[i]

    def other_draw() -> int:
        if not turns:
            turns.extend(range(len(views)))
            rng.shuffle(turns)
        at = (turns.pop() + rng.random()) / len(views)
        return min(bisect_right(cumulative, at), len(views) - 1)

    def deal(i: int, hand: int, order: list[int]) -> tuple[Position, tuple[int, ...]]:
        pos = views[i].with_hand(hand)
        talon = [c for c in order if (pos.unseen >> c) & 1]
        if pos.briscola >= 0 and pos.talon_size:
            talon.append(pos.briscola)
        return pos, tuple(talon)

    def draw():
        if more is not None and not more(pairs.n, threads):
            return None
        other = other_draw()
        order = cards_of(pool)
        rng.shuffle(order)
        hand = sampler(came)()
        both = [(came, deal(came, hand, order))]
        if other != came:
            pair = drew[came] | drew[other]
            theirs = [swapped(1 << c, pair).bit_length() - 1 for c in order]
            paired = paired_hand(views[came], views[other], pair, hand, rng, sampler(other))
            both.append((other, deal(other, paired, theirs)))

        def job(end):
            vals: list[float] = []
            nodes, exact_all = 0, True
            for i, (pos, talon) in both:
                res = solve_sample(pos, objective, cards[i], rng, end, horizon, order=talon)
                if res is None:
                    return Sample(None, nodes)
                nodes += res[1]
                exact_all &= res[2]
                vals += [res[0][c] for c in cards[i]]
            return Sample((other, vals), nodes, 1.0, exact_all)

        return job

    r = run(draw, pairs, until, threads=threads)
    if r.stopped == "interrupted":
        raise interruption()
    drawn = not r.exact
    bias = drawn_talon_bias(stage, objective, horizon, drawn)
    best = [t.best() if t.n else t.cards[0] for t in pairs.tallies]
    m_err = method_error(stage, objective, horizon, METHOD_GAP_ERROR, drawn)
    t = pairs.tallies[came]
    return Draws(
        [mine[best[came]] - theirs[best[i]] for i, mine, theirs in pairs.pairs],
        unbiased(t.mean(best[came]), bias, bound, objective) if t.n else 0.0,
        m_err,
        interval_kind(m_err, pairs.n, method_extrapolated(stage, objective, horizon, drawn)),
        bound,
    )


def paired_hand(
    mine: SeatPosition,
    theirs: SeatPosition,
    pair: int,
    hand: int,
    rng: random.Random,
    sampler: Callable[[], int],
) -> int:
    """A hand of ``theirs`` (a view after another draw than ``mine``'s; ``pair``: the two
    cards drawn) paired with ``hand``, one of ``mine`` drawn with its chance: a maximal
    coupling of the two views' chances (``hand_chance``), so that, ``hand`` drawn with
    mine's chances, the hand returned comes with theirs', and is ``hand`` with the two
    cards swapped as often as can be (always where the chances agree). The swapped hand is
    kept with chance min(1, theirs / mine); else ``sampler`` (drawing ``theirs``' hands
    with their chances) draws until a hand is kept with chance 1 - mine / theirs (of its
    swapped hand): what theirs has beyond mine (the rejection form of the maximal coupling;
    about one draw on average)."""
    p, q = mine.hand_chance(hand), theirs.hand_chance(swapped(hand, pair))
    if q >= p or rng.random() * p < q:
        return swapped(hand, pair)
    while True:
        h = sampler()
        q, p = theirs.hand_chance(h), mine.hand_chance(swapped(h, pair))
        if p < q and rng.random() * q >= p:
            return h


def swapped(mask: int, pair: int) -> int:
    """``mask`` with the two cards of ``pair`` (a mask of two) swapped: the same where it
    holds both or neither."""
    return mask ^ pair if mask & pair not in (0, pair) else mask


def analyse_open(
    pos,
    objective: str = "points",
    budget: Budget | Limit | None = None,
    seed: int | None = None,
    progress: bool | None = None,
):
    """Estimate for an open position whose talon is hidden (both hands shown in classic or
    Briscolone, 4-player scoperta), used when the exact search does not fit: talon orders
    sampled, each searched with the method horizon_for fixes for the stage (never one
    chosen by the time), every card scored on the same orders."""
    budget = Budget.of(budget)
    t0 = budget.t0
    if seed is None:
        seed = seed_for(pos, objective)
    if progress is None:
        progress = wants_progress()
    rng = random.Random(seed)
    cards = pos.legal_cards()
    horizon = horizon_for(pos)
    bound = value_bound(pos, objective)
    tally, nodes, _, interrupted = sample_loop(
        lambda: (pos, 1.0),
        rng,
        SampleSolve(objective, cards, horizon, bound, exact_ok=False),
        budget.until(),
        label="estimating" if progress else None,
    )
    notes = []
    if tally.n == 0:  # not one sample in time (or before a stop)
        with shielded():
            tally, more, _, _ = sample_loop(
                lambda: (pos, 1.0),
                rng,
                SampleSolve(objective, cards, 1, bound, exact_ok=False),
                Until(t0, None, 1),
            )
        nodes += more
        horizon = 1
        notes.append(Note.of("note.none_in_time.order"))
    drawn = bool(pos.unseen)
    m_err = method_error(pos, objective, horizon, drawn=drawn)
    bias = drawn_talon_bias(pos, objective, horizon, drawn)
    est = {
        c: (
            unbiased(tally.mean(c), bias, tally.bound, objective),
            with_method(tally.error(c), m_err, tally.bound),
        )
        for c in cards
    }
    best_v, moves, best = ranked(est, gap_errors(tally, objective, pos, horizon, drawn=drawn))
    said = covers(pos, objective, horizon, drawn)
    notes.insert(
        0,
        Note.of(
            "note.orders.searched",
            n=Count(tally.n),
            depth=Count(horizon),
            beyond=beyond_horizon(pos.variant, horizon, pos.players),
            covers=said,
        )
        if horizon
        else Note.of("note.orders.solved", n=Count(tally.n), covers=said),
    )
    if interrupted:
        notes.append(Note.of("note.interrupted.samples"))
    return Analysis.estimate(
        pos,
        objective,
        moves,
        best,
        nodes=nodes,
        t0=t0,
        method=Method(Way.SAMPLED_CLAIRVOYANT, horizon or None),
        notes=notes,
        interrupted=interrupted,
        interval=interval_kind(m_err, tally.n, method_extrapolated(pos, objective, horizon, drawn)),
    )


def beyond_horizon(variant: str, depth: int, players: int = 2) -> Note:
    """How an estimate's note says the points past its horizon, ``depth`` tricks deep, were
    counted ("after that trick" where one was searched)."""
    fitted = players == 2 and variant in WEIGHTS
    key = "note.part.beyond.fitted" if fitted else "note.part.beyond.even"
    return Note.of(key, depth=Count(depth))


def covers(pos, objective: str, horizon: int, drawn: bool = False) -> Note:
    """The method's measured error, for an estimate's note (what the ± covers is said once,
    from Analysis.interval)."""
    m_err = method_error(pos, objective, horizon, drawn=drawn)
    if m_err is None:
        return Note.of("note.part.covers.unmeasured")
    unit = unit_words(objective)
    how = carried_how(pos, objective, horizon, drawn)
    said = (
        Note.of("note.part.covers.measured", value=m_err, unit=unit)
        if how is None
        else Note.of("note.part.covers.carried", carried=how, value=m_err, unit=unit)
    )
    m_gap = method_error(pos, objective, horizon, METHOD_GAP_ERROR, drawn)
    return said if m_gap is None else Note.of("note.part.covers.gap", covers=said, gap=m_gap)


def as_seat_analysis(a, sp, notes):
    """The open analysis ``a`` of a hand known by elimination, shown as the seat's."""
    return replace(a, position=sp, notes=a.notes + notes)


def analyse_state(
    state,
    seat: int,
    objective: str = "points",
    budget: Budget | Limit | None = None,
    seed: int | None = None,
    weigh=None,
):
    """Seat analysis of a live game (solver.game state) for ``seat`` (0-based), using the
    deal's history for the void-suit inference: what an engine seat may fairly know.
    ``weigh(hand)``: a weight per sampled hand (the engine player builds it from the
    opponent's visible choices)."""
    return analyse(
        to_seat_position(state, seat),
        objective,
        Budget.of(budget),
        seed=seed,
        progress=False,
        weigh=weigh,
    )


#: an open game's exact search within a time limit (analyse_game): it first has a fifth of
#: the time alone, where most positions end; if it has not ended, the estimate is made in
#: three tenths, then the exact search goes on in what is left, its table kept. Before,
#: the exact search took all the time and the estimate none: a 4-player position with 6
#: cards unseen (about 6 s exact, 2 cores) got, at 1 s, one talon order searched one trick
#: deep, its ± the points in play, where 0.3 s of samples gives a ± of 2-3 points
OPEN_SPLIT = exact.Split(exact_first=0.2, estimate=0.3)


def analyse_game(
    pos: Position,
    objective: str = "points",
    budget: Budget | Limit | None = None,
    progress: bool | None = None,
    estimate_on_interrupt: bool = False,
) -> Analysis:
    """An open game of the general kernel (scoperta4, classic and Briscolone with both hands
    shown, libero): exact when the unknown cards are few enough and the search ends in time,
    else the estimate of ``analyse_open`` (talon orders sampled, each searched with the
    method fixed by the stage of the deal, every card scored on the same orders); the time
    shared as ``OPEN_SPLIT`` says, Ctrl-C as ``exact.exact_or_estimate`` says."""
    budget = Budget.of(budget)
    t0, deadline = budget.t0, budget.deadline
    with clock(t0):
        if driver.exact_possible(pos):

            def estimator(p: Position, o: str, b: Budget) -> Analysis:
                return analyse_open(p, o, b, progress=progress)

            split = OPEN_SPLIT if budget.time is not None else None
            return exact.exact_or_estimate(
                pos, objective, budget, estimator, split, estimate_on_interrupt
            )
        end = deadline if deadline is not None else t0 + DEFAULT_TIME
        if budget.estimate_time is not None:
            end = min(end, time.perf_counter() + budget.estimate_time)
        return analyse_open(pos, objective, budget.within(end - t0), progress=progress)
