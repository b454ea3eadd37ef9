"""Reviewing a played game: every card compared with the best card of its moment.

A card's cost is the value of the best card minus the value of the card played, both from
the analysis of the position the mover faced, in expected points still to win (mover minus
opponent). Costs are exact where the analysis is exact, or every hand (or draw) it rests on
is solved (no sampling error), and labelled estimates otherwise; a move with no analysis at
all (no estimator yet, or out of time) is left unrated rather than guessed. An estimated
cost is a mistake only when it is clear of its interval (cost less its ± above zero); a card
closer than that to the best is too close to call, as is the estimate's best card played
while another card's interval reaches above it (it may or may not have been the best), and
accuracy counts only the cards whose verdict is known.

Luck is measured as GNU Backgammon measures the dice's: each draw's luck is the value after
the draw that came less the average over every draw that could have come, each weighed by
its chance, in the player's frame (expected final margin: points taken plus the points
still to win, or the chance of winning the deal). Where the positions after the draw are
solved exactly the average is taken over every draw (Position.outcomes); beyond, in
scoperta, it is the engine's own value of the card that ended the trick (its average over
the draws), an estimate with its ±, and for a seat the average over every card it could
have drawn, each valued on sampled deals shared with the card it drew, the luck their mean
difference. The luck-adjusted result is the result less the luck: what the play earned
against the cards.

In Briscola scoperta the analysis sees what the player saw: both hands. In the hidden-card
games (classic, Briscolone, Libero) a card is judged from the mover's seat, by the seat
analysis (solver.analysis.sampling): the hands the mover could not see are sampled as the
engine samples them, so a card is not blamed for what only the deck knew. Its cost is then
an estimate with the half-width of a 95 % interval: the interval of the gap between the
best card and the card played, sampling and method error. A seat's luck is its own draw,
valued from its seat (never from cards it could not see), each card it could have drawn as
likely as the seat can tell (SeatPosition.outcomes: in Briscolone a card of a suit the
opponent did not follow is the likelier): measured after the tricks it won, when it is the
one to move; after a trick it lost the opponent leads before the seat can be valued, and
the draw is counted as not measured.

In four-player scoperta every hand is in view as in scoperta: a card's value and cost are its
mover's team's points (team 1+3 or team 2+4), a draw's luck is team 1+3's (team 2+4's its
negative), and the errors, the luck and the result are added up per team (Review.sides).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from time import perf_counter
from fractions import Fraction
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from solver.analysis import (
    OBJECTIVES,
    Analysis,
    Limit,
    Until,
    analyse,
    analyse_draws,
    current_engine,
)
from solver.analysis.result import Interval, value_bound
from solver.cards import card_str
from solver.game import GameState, legal_cards, play
from solver.i18n import REVIEW_TEXT as TEXT
from solver.i18n import agree, check_lang, fmt_fraction, num, pct, player_name
from solver.position import Position, PositionError, SeatPosition
from solver.record import RecordError, deal_start, prepared, replay_all

SUPPORTED = ("scoperta", "classic", "briscolone", "libero", "scoperta4")
EPS = 1e-9
#: a draw with at most this many outcomes is averaged over every one of them when the
#: position after it is solved exactly (scoperta's talon of 10 and less: 56 draws, ~0.3 s)
MAX_EXACT_DRAWS = 60
#: sampled deals a seat's luck is estimated on (analyse_draws: each values the draw that
#: came and one other): the pass keeps to the review's time a card on any machine, sized
#: as it goes from the time left and what a deal has cost so far in it (_Pace), within
#: the bounds. It was a pass over every draw, each on its own 2 to 16 sampled hands,
#: whose luck had the interval of the draw that came alone: ±12 points at 0.5 s a card in
#: classic, ±100 where the draw that came was the pass's first, on two hands
#: (benchmarks/README.md, "Luck of a seat's draw")
MIN_DRAW_SAMPLES, MAX_DRAW_SAMPLES = 10, 1000
_V = TypeVar("_V")


def check_review_objective(objective: str, scored: bool = True) -> None:
    """Refuse an objective the review cannot judge by, before any search: an unknown one,
    or win for a game whose points before its start are not known."""
    if objective not in OBJECTIVES:
        raise PositionError.of("objective.unknown", objective=objective)
    if objective == "win" and not scored:
        raise PositionError.of("review.no_score")


def try_analyse(
    pos: Position | SeatPosition,
    time_limit: float | None,
    cache: dict | None = None,
    objective: str = "points",
) -> Analysis | None:
    """The analysis of ``pos``, kept in ``cache`` (None only where a caller has none to
    give: the moves are then unrated). Every value is trusted as it comes: one out of its
    range is an engine fault for tests/test_values_in_range.py to catch, never hidden."""
    key = (pos, time_limit, objective)
    if cache is not None and key in cache:
        return cache[key]
    a = analyse(pos, objective, limit=Limit(time=time_limit))
    if cache is not None:
        cache[key] = a
    return a


@dataclass(frozen=True)
class MoveReview:
    deal: int  # 1-based deal number within the record
    number: int  # 1-based move number within the deal
    trick: int  # 1-based trick number
    player: int  # 0 or 1
    card: int
    choices: int  # legal cards the mover had
    best: tuple[int, ...] = ()
    best_value: float | None = None
    value: float | None = None  # value of the card played
    cost: float | None = None  # None: not rated
    cost_exact: Fraction | None = None  # when the analysis was exact
    exact: bool = False
    position: str = ""
    cost_error: float | None = None  # half-width of the cost's 95 % interval (seat view)
    seat_view: bool = False  # judged from the mover's seat (hidden-card games)
    interval: Interval | None = None  # an estimated cost's: what its ± covers
    value_error: float | None = None  # half-width of the played card's value's interval
    objective: str = "points"  # values and cost in points, or in win chance
    #: an estimated best card played: the most another card may be worth above it (the
    #: upper end of their gap's interval below zero), 0 where every other card is clear
    rival: float | None = None
    #: an estimated cost's most (the widest a gap can be: twice the points in play, or 1 for
    #: a chance): a total of costs lies between the exact ones' sum and that plus these
    cost_bound: float | None = None
    #: the values player 1's value of the moment can take (a chance: 0 to 1; points: the
    #: points taken either way give or take the points in play): at a deal's first card, the
    #: start of the bookkeeping that bounds a luck total (Review.stats)
    value_range: tuple[float, float] | None = None

    @property
    def rated(self) -> bool:
        return self.cost is not None

    @property
    def exact_cost(self) -> bool:
        """No error in the cost: the analysis exact, or every hand (or draw) it rests on
        solved, their mean a float (its ± 0), as a solved draw's luck is. A ± that is merely
        small is still an estimate's."""
        return self.exact or (self.rated and self.interval == Interval.NO_SAMPLING)

    @property
    def optimal(self) -> bool:
        """The best card played, as far as can be told: not where the estimate's best was
        played but another card's interval reaches above it (that is too close to call)."""
        return (
            self.cost is not None
            and (self.card in self.best or self.cost <= EPS)
            and not self.contested
        )

    @property
    def contested(self) -> bool:
        """The estimate's best card played, another card within noise of it."""
        return self.rival is not None and self.rival > EPS

    @property
    def close(self) -> bool:
        """An estimated cost within its own interval, or the estimate's best card played
        with another within noise of it: too close to the best card to call."""
        return self.cost is not None and (
            self.contested
            or (
                not self.optimal
                and self.cost_error is not None
                and self.cost - self.cost_error <= EPS
            )
        )

    @property
    def mistake(self) -> bool:
        """A cost known to be above zero: exact, or clear of its interval."""
        return self.rated and not self.optimal and not self.close

    @property
    def unchecked(self) -> bool:
        """Its cost's ± (or, contested, the range it lies in) is not checked against exact
        values (_unchecked): the * of the table, the JSON's ``unchecked`` and the board's."""
        return (
            _unchecked(self.interval)
            and (self.cost_error is not None or self.contested)
            and not self.exact_cost
        )

    @property
    def sampling_only(self) -> bool:
        """Unchecked and covering the sampling error alone: the method's error left out,
        not carried from another stage (the JSON's ``sampling_only``)."""
        return self.unchecked and self.interval == Interval.SAMPLING_ONLY

    @property
    def bound(self) -> bool:
        """Its cost's ± (or, contested, its range) is the widest the cost can stray, not a
        95 % interval: fewer than two samples in the time (Interval.BOUND). The truth is
        surely inside it, so such a card is a mistake only where even the bound is clear of
        zero (close otherwise)."""
        return (
            self.interval == Interval.BOUND
            and (self.cost_error is not None or self.contested)
            and not self.exact_cost
        )

    @property
    def cost_span(self) -> tuple[float, float]:
        """The values the cost can take: from 0 (the card played is never worth more than
        the best) to ``cost_bound`` (no end where it has none)."""
        return (0.0, math.inf if self.cost_bound is None else self.cost_bound)

    @property
    def cost_interval(self) -> tuple[float, float] | None:
        """The cost's 95 % interval (or bound) cut to the values it can take: still holding
        the truth where the uncut one did, since the truth is among those values; for a
        contested card the range its cost lies in, from 0 to the rival's reach, cut alike
        (None: no ±, as for an exact cost or an unrated card)."""
        if self.cost is None or self.exact_cost:
            return None
        if self.contested:
            return (0.0, min(_known(self.rival, "a rival"), self.cost_span[1]))
        if self.cost_error is None:
            return None
        return bounded(self.cost, self.cost_error, self.cost_span)

    @property
    def cost_cut(self) -> bool:
        """Whether the cut left less than the cost's whole ±: its ends are then said instead."""
        cut, e = self.cost_interval, self.cost_error
        if cut is None or self.cost is None or e is None or self.contested:
            return False
        return cut_short(self.cost, e, cut)

    @property
    def method(self) -> str:
        if not self.rated:
            return "unrated"
        return "exact" if self.exact else "estimate"

    def to_json(self) -> dict:
        return {
            "deal": self.deal,
            "move": self.number,
            "trick": self.trick,
            "player": self.player + 1,
            "card": card_str(self.card),
            "choices": self.choices,
            "best": [card_str(c) for c in self.best],
            "best_value": self.best_value,
            "value": self.value,
            "cost": self.cost,
            "cost_exact": _fr(self.cost_exact),
            "method": self.method,
            "exact": self.exact_cost,
            "position": self.position,
            **({} if self.cost_error is None else {"cost_error": self.cost_error}),
            **({} if self.cost_interval is None else {"cost_interval": list(self.cost_interval)}),
            **({} if self.value_error is None else {"value_error": self.value_error}),
            "view": "seat" if self.seat_view else "open",
            "objective": self.objective,
            **({} if self.interval is None else {"interval": str(self.interval)}),
            "unchecked": self.unchecked,
            "sampling_only": self.sampling_only,
            "bound": self.bound,
            "mistake": self.mistake,
            "close": self.close,
            **({} if self.rival is None else {"rival": self.rival}),
            **({} if self.cost_bound is None else {"cost_bound": self.cost_bound}),
            **({} if self.value_range is None else {"value_range": list(self.value_range)}),
        }


@dataclass(frozen=True)
class DrawLuck:
    """The luck of the draw after one card for ``player`` (0-based): the value after the
    draw that came less the average over every draw that could have come, in the player's
    frame (expected final margin in points, or chance of winning the deal). In scoperta both
    see the draw: it is player 1's, and player 2's is its negative. In the hidden-card games
    it is the seat's own draw valued from its seat. ``luck`` None: not measured (``missing``
    says why: "not to move" or "no analysis")."""

    deal: int
    move: int  # the card that ended the trick (1-based in its deal)
    trick: int
    player: int
    seat_view: bool
    drawn: tuple[tuple[int, int], ...]  # (seat, card) of each draw the player saw, in order
    draws: int  # how many draws could have come
    objective: str = "points"
    luck: float | None = None
    luck_exact: Fraction | None = None  # when every value it rests on is exact
    error: float | None = None  # half-width of its 95 % interval (None when luck_exact is
    # known; 0 when solved)
    expected: float | None = None  # the average over the draws (the player's frame)
    actual: float | None = None  # the value after the draw that came
    every_draw: bool = False  # averaged over every draw (else the engine's value
    # of the card that ended the trick, its own average)
    missing: str | None = None
    #: a value it rests on has an interval not checked against exact values (_unchecked)
    rests_unchecked: bool = False
    #: a value it rests on has an interval of the sampling error alone (Interval.SAMPLING_ONLY)
    rests_on_sampling_only: bool = False
    bound: float | None = None  # the most the luck can be either way (luck_bound)
    #: every value it rests on has no sampling error (every hand or draw solved, their
    #: mean kept as a float, not a fraction): exact, its ± 0
    solved: bool = False
    #: a value it rests on had fewer than two samples (Interval.BOUND) or no interval: its
    #: ± holds that value's widest stray, added whole, not a 95 % interval
    rests_on_bound: bool = False

    @property
    def bounded(self) -> bool:
        """Its ± is a bound, said to be one as a cost's is (MoveReview.bound)."""
        return self.rests_on_bound and self.luck is not None and not self.exact

    @property
    def unchecked(self) -> bool:
        """Its ± is not checked against exact values, as a cost's may not be
        (MoveReview.unchecked): the * of the table and the swings, the JSON's ``unchecked``."""
        return self.rests_unchecked and bool(self.error) and not self.exact

    @property
    def sampling_only(self) -> bool:
        """Unchecked, and a value it rests on leaves the method's error out (the JSON's
        ``sampling_only``)."""
        return self.unchecked and self.rests_on_sampling_only

    @property
    def measured(self) -> bool:
        return self.luck is not None

    @property
    def span(self) -> tuple[float, float] | None:
        """The values the luck can take, in any player's frame (it is symmetric)."""
        return None if self.bound is None else (-self.bound, self.bound)

    @property
    def interval(self) -> tuple[float, float] | None:
        """The luck's 95 % interval cut to the values it can take (None: not measured, or
        exact, or without an interval)."""
        if self.luck is None or self.exact or self.error is None:
            return None
        return bounded(self.luck, self.error, self.span)

    @property
    def too_uncertain(self) -> bool:
        """Its interval covers every value the luck can take: no number says anything."""
        return covers(self.interval, self.span)

    @property
    def clear(self) -> bool:
        """Lucky or unlucky beyond doubt: exact, or its interval clear of zero (a draw
        within noise of zero is called neither)."""
        if self.luck is None:
            return False
        lo, hi = self.interval or (self.luck, self.luck)
        return lo > EPS or hi < -EPS

    @property
    def exact(self) -> bool:
        """No error: its values exact (luck_exact), or every case they rest on solved."""
        return self.luck_exact is not None or self.solved

    def luck_for(self, player: int) -> float | None:
        """This draw's luck for ``player`` (in scoperta the other side's is player 1's
        negated: with four players the side is the seat's parity); None when not measured or
        not theirs."""
        if self.luck is None or (self.seat_view and player != self.player):
            return None
        return self.luck if player % 2 == self.player % 2 else -self.luck

    def to_json(self) -> dict:
        return {
            "deal": self.deal,
            "move": self.move,
            "trick": self.trick,
            "player": self.player + 1,
            "view": "seat" if self.seat_view else "open",
            "drawn": [{"player": p + 1, "card": card_str(c)} for p, c in self.drawn],
            "draws": self.draws,
            "objective": self.objective,
            "luck": self.luck,
            "luck_exact": _fr(self.luck_exact),
            "exact": self.exact,
            **({} if self.error is None else {"luck_error": self.error}),
            "expected": self.expected,
            "actual": self.actual,
            "every_draw": self.every_draw,
            "missing": self.missing,
            "unchecked": self.unchecked,
            "sampling_only": self.sampling_only,
            "bound": self.bounded,
            "luck_bound": self.bound,
            "luck_interval": None if self.interval is None else list(self.interval),
            "too_uncertain": self.too_uncertain,
            "within_noise": self.measured and not self.clear,
        }


def luck_bound(pos, outs, objective: str, came: Fraction | None = None) -> float:
    """The most a draw's luck can be either way, whatever the values: the value after the
    draw that came less the average over ``outs``, each value within the range of ``pos``
    (the moment after the draw: the points still in play either way, or a chance from 0 to
    1), is at most (1 - p) times that range's width, p the chance of the draw that came
    (``came``; not given, the least of ``outs``' chances, which bounds every draw's). An
    interval past it says nothing more: it is cut to it."""
    width = value_bound(pos, objective) * (1.0 if objective == "win" else 2.0)
    return float(1 - (min(p for _, p in outs) if came is None else came)) * width


def came_chance(view, card: int, outs, after_view) -> Fraction:
    """The chance of the draw that came among ``outs`` (the draws after ``card`` at
    ``view``): the one whose position is ``after_view``. Where every draw is alike (all
    but a Briscolone seat after a suit not followed) that is any draw's, with no play."""
    chances = {p for _, p in outs}
    if len(chances) > 1:
        for draw, p in outs:
            if view.play(card, draw) == after_view:
                return p
    return min(chances)


def bounded(
    x: float, error: float | None, span: tuple[float, float] | None
) -> tuple[float, float] | None:
    """``x``'s interval (± ``error``) cut to ``span``, the values it can take (None: no
    error)."""
    if error is None:
        return None
    lo, hi = x - error, x + error
    return (lo, hi) if span is None else (max(lo, span[0]), min(hi, span[1]))


def covers(interval: tuple[float, float] | None, span: tuple[float, float] | None) -> bool:
    """Whether ``interval`` (already cut to ``span``) covers all of ``span``: it rules out
    nothing; or misses it altogether (cut to nothing: a total's span rests on other
    estimates, and they disagree beyond their intervals), which tells nothing either."""
    if interval is None or span is None:
        return False
    return interval[0] > interval[1] + EPS or (
        interval[0] <= span[0] + EPS and interval[1] >= span[1] - EPS
    )


@dataclass(frozen=True)
class PlayerStats:
    player: int
    name: str
    moves: int  # every card played
    decisions: int  # moves with more than one legal card
    rated: int  # decisions with an analysis
    optimal: int  # rated decisions that chose a best card
    total_cost: float
    estimated: int  # rated decisions whose cost is an estimate (not MoveReview.exact_cost)
    close: int = 0  # rated decisions too close to the best card to call
    cost_error: float | None = None  # half-width of total_cost's interval (None: exact)
    luck: float = 0.0  # the measured draws' luck, added up
    luck_error: float | None = None  # its half-width (None: exact)
    luck_draws: int = 0  # draws measured
    luck_missing: int = 0  # draws of this player not measured
    luck_estimated: int = 0  # measured draws whose luck is an estimate
    result: float | None = None  # final margin (or deals won), every deal finished
    objective: str = "points"
    #: the values the luck can take: the exact draws' sum, give or take the estimated draws'
    #: bounds added up, and in scoperta what the bookkeeping leaves (Review.luck_span; None:
    #: no estimated draw, or one without a bound)
    luck_span: tuple[float, float] | None = None
    #: the values the errors can take: the exact costs' sum up to it plus the estimated
    #: costs' bounds (None: no estimated cost, or one without a bound)
    cost_span: tuple[float, float] | None = None
    #: a team's seats (four-player scoperta's sides, ``player`` then the team: 0 for 1+3);
    #: None for one player's
    team: tuple[int, ...] | None = None

    @property
    def cost_interval(self) -> tuple[float, float] | None:
        return bounded(self.total_cost, self.cost_error, self.cost_span)

    @property
    def luck_interval(self) -> tuple[float, float] | None:
        return bounded(self.luck, self.luck_error, self.luck_span)

    @property
    def luck_too_uncertain(self) -> bool:
        return covers(self.luck_interval, self.luck_span)

    @property
    def adjusted_span(self) -> tuple[float, float] | None:
        """The values the luck-adjusted result can take (the result less the luck's)."""
        if self.result is None or self.luck_span is None:
            return None
        return (self.result - self.luck_span[1], self.result - self.luck_span[0])

    @property
    def adjusted_interval(self) -> tuple[float, float] | None:
        if self.adjusted is None:
            return None
        return bounded(self.adjusted, self.luck_error, self.adjusted_span)

    @property
    def judged(self) -> int:
        """Rated decisions whose verdict is known: optimal, or a clear mistake."""
        return self.rated - self.close

    @property
    def accuracy(self) -> float | None:
        """Share of the known verdicts that were optimal (None when none is known)."""
        return self.optimal / self.judged if self.judged else None

    @property
    def average_cost(self) -> float | None:
        return self.total_cost / self.rated if self.rated else None

    @property
    def adjusted(self) -> float | None:
        """The result less the luck of the draws."""
        return None if self.result is None else self.result - self.luck

    def to_json(self) -> dict:
        who: dict[str, Any] = (
            {"player": self.player + 1}
            if self.team is None
            else {"team": team_label(self.player), "members": [p + 1 for p in self.team]}
        )
        return {
            **who,
            "name": self.name,
            "moves": self.moves,
            "decisions": self.decisions,
            "rated": self.rated,
            "optimal": self.optimal,
            "accuracy": self.accuracy,
            "average_cost": self.average_cost,
            "total_cost": self.total_cost,
            "estimated": self.estimated,
            "close": self.close,
            "judged": self.judged,
            "total_cost_error": self.cost_error,
            "total_cost_exact": not self.estimated,
            "luck": self.luck,
            "luck_error": self.luck_error,
            "luck_exact": not self.luck_estimated,
            "luck_draws": self.luck_draws,
            "luck_unmeasured": self.luck_missing,
            "result": self.result,
            "luck_adjusted": self.adjusted,
            "objective": self.objective,
            "luck_range": _pair(self.luck_span),
            "luck_interval": _pair(self.luck_interval),
            "luck_too_uncertain": self.luck_too_uncertain,
            "luck_adjusted_interval": _pair(self.adjusted_interval),
            "total_cost_range": _pair(self.cost_span),
            "total_cost_interval": _pair(self.cost_interval),
        }


@dataclass(frozen=True)
class Review:
    moves: tuple[MoveReview, ...]
    names: tuple[str, ...]  # one a seat
    total_moves: int  # cards in the record (reviewed or not)
    results: tuple[tuple[int, int] | None, ...] = ()  # final points per deal, None if unfinished
    interrupted: bool = False
    players: tuple[int, ...] = (0, 1)  # whose moves were reviewed
    seed: int | None = None
    draws: tuple[DrawLuck, ...] = ()  # the luck of each draw, in order
    objective: str = "points"
    #: per deal: begun from a position without a score, so its points (``results``) are those
    #: won since the start, no score of the deal (record.result_of's ``since_start``)
    since_start: tuple[bool, ...] = ()
    seats: int = 2  # the game's players: 4 in four-player scoperta, whose sides are teams

    @property
    def complete(self) -> bool:
        return not self.interrupted and len(self.moves) == self.total_moves

    def began_unscored(self, deal: int) -> bool:
        """Whether deal ``deal`` (from 1) began from a position without a score: its points
        in ``results`` are those won since the start, and no winner is known."""
        return deal <= len(self.since_start) and self.since_start[deal - 1]

    def mistakes(self, n: int = 3) -> list[MoveReview]:
        """The ``n`` costliest clear mistakes, costliest first (a cost within its interval is
        too close to call, not a mistake)."""
        bad = [m for m in self.moves if m.mistake and _known(m.cost, "a mistake's cost") > EPS]
        return sorted(bad, key=lambda m: (-_known(m.cost, "a mistake's cost"), m.deal, m.number))[
            :n
        ]

    def swings(self, n: int = 3) -> list[DrawLuck]:
        """The ``n`` draws of the largest luck either way (of the reviewed players), of those
        lucky or unlucky beyond doubt (DrawLuck.clear: none within noise of zero)."""
        big = [d for d in self.draws if d.clear and (not d.seat_view or d.player in self.players)]
        return sorted(big, key=lambda d: (-abs(_known(d.luck, "a draw's luck")), d.deal, d.move))[
            :n
        ]

    def result(self, player: int) -> float | None:
        """``player``'s final margin over the deals (objective win: the deals won, a draw
        counting one half); None while a deal is unfinished."""
        if not self.results or any(r is None for r in self.results):
            return None
        out = 0.0
        for r in self.results:
            a, b = _known(r, "a finished deal's points")
            mine, theirs = (a, b) if player % 2 == 0 else (b, a)
            out += (
                (mine > theirs) + 0.5 * (mine == theirs)
                if self.objective == "win"
                else mine - theirs
            )
        return out

    def stats(self, player: int) -> PlayerStats:
        """``player``'s cards and draws; with four players the luck and the result are the
        team's, which both its players share."""
        return self._stats((player,), player, self.names[player])

    def team_stats(self, team: int) -> PlayerStats:
        """A team's (0: players 1+3, 1: 2+4) cards added up, with its luck and result."""
        members = tuple(p for p in self.players if p % 2 == team)
        return self._stats(members, team, f"team {team_label(team)}", members)

    def sides(self) -> list[PlayerStats]:
        """Whose skill and luck are told: each reviewed player, or each team where four
        play (a draw's luck and the result are a team's, not a player's)."""
        if self.seats == 4:
            return [self.team_stats(t) for t in (0, 1) if any(p % 2 == t for p in self.players)]
        return [self.stats(p) for p in self.players]

    def _stats(
        self, members: tuple[int, ...], player: int, name: str, team: tuple[int, ...] | None = None
    ) -> PlayerStats:
        mine = [m for m in self.moves if m.player in members]
        dec = [m for m in mine if m.choices > 1]
        rated = [m for m in dec if m.rated]
        est = [m for m in rated if not m.exact_cost]
        draws = [d for d in self.draws if d.player in members or not d.seat_view]
        lucky = [d for d in draws if d.measured]
        luck_est = [d for d in lucky if not d.exact]
        span = None
        if luck_est and all(d.bound is not None for d in luck_est):
            sure = sum(_known(d.luck_for(player), "an exact draw's luck") for d in lucky if d.exact)
            reach = sum(_known(d.bound, "an estimated draw's bound") for d in luck_est)
            span = (float(sure) - reach, float(sure) + reach)
            span = _meet(span, self.luck_span(player))
        return PlayerStats(
            player,
            name,
            len(mine),
            len(dec),
            len(rated),
            sum(1 for m in rated if m.optimal),
            float(sum(_known(m.cost, "a rated move's cost") for m in rated)),
            len(est),
            sum(1 for m in rated if m.close),
            _sum_error(est),
            float(sum(_known(d.luck_for(player), "a measured draw's luck") for d in lucky)),
            _combined([d.error for d in luck_est], [d.bounded for d in luck_est]),
            len(lucky),
            len(draws) - len(lucky),
            len(luck_est),
            self.result(player),
            self.objective,
            span,
            _cost_span(rated),
            team,
        )

    def cost_range(self, members: tuple[int, ...]) -> tuple[float, float]:
        """Where the errors of ``members`` (a side's seats) added up lie: their interval cut
        to the values they can take, the total itself where it is exact."""
        rated = [m for m in self.moves if m.player in members and m.choices > 1 and m.rated]
        total = float(sum(_known(m.cost, "a rated move's cost") for m in rated))
        est = [m for m in rated if not m.exact_cost]
        cut = bounded(total, _sum_error(est), _cost_span(rated))
        return (total, total) if cut is None else cut

    def luck_span(self, player: int) -> tuple[float, float] | None:
        """What the bookkeeping leaves ``player``'s luck in scoperta, every card and draw of
        finished deals judged: per deal, the result less the value at the start is the luck
        plus the cards' changes of value, each ≤ 0 for its mover, so the luck is the result
        less the start's value plus one's own errors less the opponent's. With the start's
        value anywhere in its range and the errors anywhere in their intervals (cut to at
        least the exact costs), the luck lies between the ends this gives (None: not every
        card and draw judged, a seat's draws, or a deal unfinished). With four players the
        errors are the teams'."""
        firsts = [m for m in self.moves if m.number == 1]
        if (
            not self.complete
            or set(self.players) != set(range(self.seats))
            or any(r is None for r in self.results)
            or any(d.seat_view or not d.measured for d in self.draws)
            or any(not m.rated for m in self.moves)
            or len(firsts) != len(self.results)
            or any(m.value_range is None for m in firsts)
        ):
            return None
        win = self.objective == "win"
        lo = hi = _known(self.result(player), "a finished game's result")
        for m in firsts:
            a, b = _known(m.value_range, "a first card's range")
            if player % 2:
                a, b = (1 - b, 1 - a) if win else (-b, -a)
            lo, hi = lo - b, hi - a
        side = [tuple(p for p in range(self.seats) if p % 2 == s) for s in (0, 1)]
        own, theirs = self.cost_range(side[player % 2]), self.cost_range(side[1 - player % 2])
        return (lo + own[0] - theirs[1], hi + own[1] - theirs[0])

    def to_json(self) -> dict:
        return {
            "seed": self.seed,
            "complete": self.complete,
            "interrupted": self.interrupted,
            "results": [None if r is None else list(r) for r in self.results],
            "since_start": [self.began_unscored(i) for i in range(1, len(self.results) + 1)],
            "players": [self.stats(p).to_json() for p in self.players],
            **({"teams": [s.to_json() for s in self.sides()]} if self.seats == 4 else {}),
            "mistakes": [m.to_json() for m in self.mistakes()],
            "moves": [m.to_json() for m in self.moves],
            "luck": [d.to_json() for d in self.draws],
        }


def _quadrature(errors) -> float | None:
    """The half-width of a sum's interval from its terms' (None when no term has one)."""
    errors = [e for e in errors if e is not None]
    return math.sqrt(sum(e * e for e in errors)) if errors else None


def _sum_error(est: list[MoveReview]) -> float | None:
    """The half-width of a total cost's interval (_combined)."""
    return _combined([m.cost_error for m in est], [m.bound for m in est])


def _combined(errors, bounds) -> float | None:
    """The half-width of a sum's interval from its terms' ``errors``: the 95 % intervals' in
    quadrature, and each bound's (``bounds``) added whole, since a bound is the widest its
    term can stray, not a spread to shrink by averaging (the sum then covers at least 95 %)."""
    pairs = list(zip(errors, bounds, strict=True))
    spread = _quadrature([e for e, b in pairs if not b])
    reach = [e for e, b in pairs if b and e]
    if not reach:
        return spread
    return (spread or 0.0) + sum(reach)


def _cost_span(rated: list[MoveReview]) -> tuple[float, float] | None:
    """The values a total of the ``rated`` costs can take: no less than the exact costs' sum
    (an estimated cost is never below 0: the card played is never worth more than the best),
    no more than that plus each estimated cost's most (None: no estimated cost, or one
    without a bound)."""
    est = [m for m in rated if not m.exact_cost]
    if not est or any(m.cost_bound is None for m in est):
        return None
    sure = float(sum(_known(m.cost, "an exact cost") for m in rated if m.exact_cost))
    return (sure, sure + sum(_known(m.cost_bound, "a cost's bound") for m in est))


def _meet(a: tuple[float, float], b: tuple[float, float] | None) -> tuple[float, float]:
    """The values both spans allow (``a`` where ``b`` is None); where they share none (the
    estimates ``b`` rests on disagree beyond their intervals) an empty one, lo above hi."""
    return a if b is None else (max(a[0], b[0]), min(a[1], b[1]))


def _known(x: _V | None, what: str) -> _V:
    """``x`` where the caller's own check says it is there (a rated move's cost, a measured
    draw's luck, a finished deal's points): typed so, and an error naming it if it is not."""
    if x is None:
        raise RuntimeError(f"{what} is not known here (a bug: please report it)")
    return x


def _pair(x: tuple[float, float] | None) -> list[float] | None:
    return None if x is None else list(x)


def _fr(x: Fraction | None) -> str | None:
    return None if x is None else fmt_fraction(x)


def review_move(
    state: GameState,
    card: int,
    time_limit: float | None,
    deal: int = 1,
    cache: dict | None = None,
    objective: str = "points",
) -> MoveReview:
    """How ``card`` compares with the best card of ``state``: with both hands in view in
    scoperta, from the mover's seat in the hidden-card games. With ``objective="win"`` the
    values are the mover's chances of winning the deal (the state's points are the score)
    and a cost is a difference of chances."""
    view = state.view()  # what the mover sees: both hands in scoperta, else their seat
    seat_view = not state.variant.open_hands
    legal = legal_cards(state)
    base: dict[str, Any] = dict(
        deal=deal,
        number=len(state.moves) + 1,
        trick=len(state.tricks) + 1,
        player=state.to_move,
        card=card,
        choices=len(legal),
        position=view.to_text(),
        seat_view=seat_view,
        objective=objective,
        value_range=_value_range(state, view, objective),
    )
    if len(legal) == 1:
        return MoveReview(**base, best=(card,), cost=0.0, cost_exact=Fraction(0), exact=True)
    a: Analysis | None
    if seat_view:
        # Ctrl-C (or a Stop) raises here: the review stops, not just this card
        a = analyse(view, objective, limit=Limit(time=time_limit), progress=False)
        if cache is not None:
            cache[(view, time_limit, objective)] = a  # the luck of the draw after it reads it
    else:
        a = try_analyse(view, time_limit, cache, objective)
    if a is None:
        return MoveReview(**base)
    m = a.move(card)
    top = a.moves[0]
    if a.exact:
        cost_exact = top.exact_value - m.exact_value
        cost = float(cost_exact)
    else:
        cost_exact, cost = None, max(0.0, top.value - m.value)
    return MoveReview(
        **base,
        best=tuple(sorted(a.best)),
        best_value=a.value,
        value=m.value,
        cost=cost,
        cost_exact=cost_exact,
        exact=a.exact,
        cost_error=None if a.exact or card in a.best else gap_error(top, m, a.interval),
        rival=None if a.exact or card not in a.best else rival(a, card),
        cost_bound=None if a.exact else value_bound(view, objective) * (1 + (objective != "win")),
        interval=a.interval,
        value_error=None if a.exact else m.error,
    )


def _value_range(state: GameState, view, objective: str) -> tuple[float, float]:
    """The values player 1's value of ``state`` can take (MoveReview.value_range): a chance
    from 0 to 1, or the points taken either way give or take the points still in play."""
    if objective == "win":
        return (0.0, 1.0)
    a, b = state.side_points
    width = value_bound(view, objective)
    return (a - b - width, a - b + width)


def rival(a: Analysis, card: int | None = None) -> float | None:
    """How far another card may be above the estimate's best card (``card``: one tied with
    it, judged alike whichever of the tied cards the analysis lists first): the most any
    other card's gap interval reaches below zero (0: every other card clear of it; None: a
    gap without an interval). Each gap's interval is the one to the first-listed best card,
    whose value the tied card shares."""
    first = a.moves[0]
    top, most = (first if card is None else a.move(card)), 0.0
    for m in a.moves:
        if m is top:
            continue
        err = gap_error(first, top if m is first else m, a.interval)
        if err is None:
            return None
        most = max(most, err - (top.value - m.value))
    return most


def gap_error(top, m, interval: Interval | None = None) -> float | None:
    """The half-width of the interval of ``top``'s value less ``m``'s: the estimator's own
    (paired by sample) where it gives one, else the two values' added in quadrature, or
    added up where each is a bound (``interval``: the widest a gap can stray is the sum of
    the widest each value can)."""
    if m.gap_error is not None:
        return m.gap_error
    if top.error is None or m.error is None:
        return None
    if interval == Interval.BOUND:
        return top.error + m.error
    return math.hypot(top.error, m.error)


def _unchecked(interval: Interval | None) -> bool:
    """Whether an estimate's ``interval`` is not checked against exact values: it covers
    the sampling error alone where the method's error counts, or a method's error carried
    from another stage (what the answer's ``interval`` says)."""
    return interval in (Interval.SAMPLING_ONLY, Interval.EXTRAPOLATED)


def _analysed(pos, time_limit: float | None, cache: dict | None, objective: str):
    """The engine's analysis of an open position or a seat's view (None: not trusted)."""
    if not pos.hidden_hand:
        return try_analyse(pos, time_limit, cache, objective)
    key = (pos, time_limit, objective)
    if cache is None or key not in cache:
        a = analyse(pos, objective, limit=Limit(time=time_limit))
        if cache is None:
            return a
        cache[key] = a
    return cache[key]


def _frame(state: GameState, player: int, mover: int, v, objective: str):
    """The mover's value ``v`` of a moment of ``state`` as ``player``'s: their expected final
    margin (points taken plus the points still to win), or their chance of winning."""
    if player % 2 != mover % 2:  # the other side (with four players, the other team)
        v = 1 - v if objective == "win" else -v
    if objective == "win":
        return v
    a, b = state.side_points
    return (a - b if player % 2 == 0 else b - a) + v


def _value_error(a: Analysis, card: int | None = None) -> float | None:
    """The half-width of a value's interval: None when exact (or when the estimate has none)."""
    if a.exact:
        return None
    if a.interval == Interval.NO_SAMPLING:
        return 0.0  # every case solved: no sampling error
    return (a.moves[0] if card is None else a.move(card)).error


def _bounded(a: Analysis) -> bool:
    """Whether a value's ± is the widest it can stray, not a 95 % interval: fewer than two
    samples (Interval.BOUND)."""
    return not a.exact and a.interval == Interval.BOUND


def _solved(a: Analysis) -> bool:
    """Whether a value has no error: exact, or the mean of every case, each solved."""
    return a.exact or a.interval == Interval.NO_SAMPLING


def _every_draw(
    view,
    card: int,
    outs,
    after: GameState,
    player: int,
    seconds: float | None,
    cache: dict | None,
    objective: str,
    exact_only: bool,
):
    """Every draw ``outs`` after ``card``, each position after it analysed: (average,
    exact average or None, its half-width, whether every draw is solved, the same four
    for the draw that came: the one leading to ``after``'s view, and whether the half-width
    holds a bound: _bounded); None when one has no analysis (or, with ``exact_only``, is not
    solved exactly)."""
    came = after.view(player + 1)
    exact: Fraction | None = Fraction(0)
    mean, errors, bounds, actual, solved = 0.0, [], [], None, True
    for draw, p in outs:
        pos = view.play(card, draw)
        a = _analysed(pos, seconds, cache, objective)
        if a is None or (exact_only and not a.exact):
            return None
        v = _frame(after, player, pos.to_move, a.value, objective)
        v_x = _frame(after, player, pos.to_move, a.value_exact, objective) if a.exact else None
        e, bound = _value_error(a), _bounded(a)
        if e is None and not a.exact:
            e, bound = value_bound(pos, objective), True  # no interval: its bound
        mean += float(p) * v
        if v_x is not None and exact is not None:
            exact += p * v_x
        else:
            exact = None
        solved = solved and _solved(a)
        if pos == came:
            actual = (v, v_x, e, _solved(a), bound)
        errors.append(float(p) * (e or 0.0))
        bounds.append(bound)
    error = None if exact is not None else _combined(errors, bounds)
    return mean, exact, error, solved, actual, any(bounds)


def _luck(
    state: GameState,
    card: int,
    after: GameState,
    view,
    outs,
    player: int,
    time_limit: float | None,
    cache: dict | None,
    objective: str,
    base: dict,
    luck_samples: int | None = None,
) -> DrawLuck:
    """One draw's luck for ``player`` from ``view`` (the moment before ``card`` as the player
    sees it), who is the one to move after the draw. A seat's average is always taken over
    every draw at the same moment as the value after it: its estimates sample the hidden
    cards and solve them in the open, which values a seat higher the more is hidden, so a
    value from before the trick would read as bad luck."""
    nxt = after.view(player + 1)
    a = _analysed(nxt, time_limit, cache, objective)
    if a is None:
        return DrawLuck(**base, missing="no analysis")
    avg, came = (
        None,
        (
            _frame(after, player, nxt.to_move, a.value, objective),
            _frame(after, player, nxt.to_move, a.value_exact, objective) if a.exact else None,
            _value_error(a),
            _solved(a),
            _bounded(a),
        ),
    )
    if _solved(a) and len(outs) <= MAX_EXACT_DRAWS:
        # solved (or every case of it solved) in the time: so are the other draws
        avg = _every_draw(view, card, outs, after, player, time_limit, cache, objective, a.exact)
        if avg is not None and avg[4] is not None:
            came = avg[4]
    every = avg is not None
    rests = [a.interval]
    if avg is None and not view.hidden_hand:
        before = _analysed(view, time_limit, cache, objective)  # the engine's own average
        if before is None:
            return DrawLuck(**base, missing="no analysis")
        rests.append(before.interval)
        m = before.move(card)
        avg = (
            _frame(state, player, state.to_move, m.value, objective),
            _frame(state, player, state.to_move, m.value_exact, objective)
            if before.exact
            else None,
            _value_error(before, card),
            _solved(before),
            None,
            _bounded(before),
        )
    if avg is None:  # a seat: every draw, all on the same sampled deals
        return _seat_luck(
            view, card, outs, after, player, time_limit, objective, base, luck_samples
        )
    expected, expected_x, error, expected_solved, _, expected_bound = avg
    actual, actual_x, actual_error, actual_solved, actual_bound = came
    exact = actual_x - expected_x if actual_x is not None and expected_x is not None else None
    solved = exact is None and expected_solved and actual_solved
    return DrawLuck(
        **base,
        luck=float(exact) if exact is not None else actual - expected,
        luck_exact=exact,
        error=None
        if exact is not None
        else _combined([actual_error, error], [actual_bound, expected_bound]),
        expected=float(expected_x) if expected_x is not None else expected,
        actual=float(actual_x) if actual_x is not None else actual,
        every_draw=every,
        rests_unchecked=any(_unchecked(i) for i in rests),
        rests_on_sampling_only=Interval.SAMPLING_ONLY in rests,
        solved=solved,
        rests_on_bound=actual_bound or expected_bound,
    )


def _seat_luck(
    view,
    card: int,
    outs,
    after: GameState,
    player: int,
    time_limit: float | None,
    objective: str,
    base: dict,
    luck_samples: int | None,
) -> DrawLuck:
    """A seat's luck where its views are estimated: every draw's view valued on the same
    sampled deals (sampling.analyse_draws), the luck the mean over the samples of the value
    after the draw that came less the average over the draws, each weighed by its chance
    (``outs``: in Briscolone a card of a suit the opponent did not follow is likelier), whose
    interval keeps little of the hidden hand's share of each value's error, in
    ``time_limit`` (_Pace) or on ``luck_samples`` deals."""
    views = [view.play(card, draw) for draw, _ in outs]
    came = views.index(after.view(player + 1))
    pace = _Pace(time_limit or 1.0, luck_samples)
    chances = [p for _, p in outs]
    d = analyse_draws(views, came, objective, pace.until(), pace.more, chances=chances)
    luck, error = d.luck()
    actual = _frame(after, player, player, d.value, objective)
    return DrawLuck(
        **base,
        luck=luck,
        error=error,
        expected=actual - luck,
        actual=actual,
        every_draw=True,
        rests_unchecked=_unchecked(d.interval),
        rests_on_sampling_only=d.interval == Interval.SAMPLING_ONLY,
        rests_on_bound=d.interval == Interval.BOUND,
    )


class _Pace:
    """How many shared sampled deals a seat's draws are valued on (analyse_draws), so that
    the pass keeps to ``seconds`` on any machine: MIN_DRAW_SAMPLES whatever they cost, then
    another while one more, at what a sample has cost so far, fits in the time left, up to
    MAX_DRAW_SAMPLES. Where MIN_DRAW_SAMPLES do not fit (a slow machine, a tiny time) it
    takes what they cost, the least that gives the luck an interval (below two a sample's
    interval is its widest), rather than leave the luck unmeasured. ``fixed``: that many
    deals, whatever the clock, so that the luck is the same on any machine (and on any
    number of threads)."""

    def __init__(self, seconds: float, fixed: int | None = None):
        self.fixed = fixed
        self.t0 = perf_counter()
        self.end = self.t0 + seconds

    def until(self) -> Until:
        """The sampling loop's count: ``fixed``, else MAX_DRAW_SAMPLES (no deadline: the
        pace's rule, ``more``, stops it in time)."""
        return Until(self.t0, None, MAX_DRAW_SAMPLES if self.fixed is None else self.fixed)

    def more(self, samples: int, threads: int = 1) -> bool:
        """Whether to value the draws on one more sampled deal, ``samples`` done by
        ``threads`` threads. A deal's solve takes the time a sample has cost the pass times
        the threads: a rule that expected it back in the time of one sample (right on one
        thread) let the last deals of N threads end up to a solve past the time."""
        if self.fixed is not None or samples < MIN_DRAW_SAMPLES:
            return True
        now = perf_counter()
        return now + (now - self.t0) * threads / samples <= self.end


def draw_luck(
    state: GameState,
    card: int,
    after: GameState,
    time_limit: float | None,
    deal: int = 1,
    cache: dict | None = None,
    objective: str = "points",
    players=(0, 1),
    luck_samples: int | None = None,
) -> tuple[DrawLuck, ...]:
    """The luck of the draw that follows ``card`` played at ``state`` (``after``: the state
    it leads to) for the reviewed ``players``; () when nothing is left to chance. In scoperta
    it is player 1's (both see every draw); in the hidden-card games each seat's own draw,
    valued from its seat when it is the one to move after it, else counted as not measured.
    A seat's average over every draw keeps to ``time_limit`` (_Pace), or with
    ``luck_samples`` analyses each draw on that many sampled hands whatever the clock."""
    if len(after.tricks) == len(state.tricks) or not after.tricks[-1].draws:
        return ()
    t = after.tricks[-1]
    drawn = tuple(((t.winner + k) % state.players, c) for k, c in enumerate(t.draws))
    base: dict[str, Any] = dict(
        deal=deal, move=len(state.moves) + 1, trick=len(state.tricks) + 1, objective=objective
    )
    if state.variant.open_hands:
        view = state.view()
        outs = view.outcomes(card)
        if not outs:
            return ()
        b = dict(
            base,
            player=0,
            seat_view=False,
            drawn=drawn,
            draws=len(outs),
            bound=luck_bound(
                after.view(1), outs, objective, came_chance(view, card, outs, after.view(1))
            ),
        )
        return (_luck(state, card, after, view, outs, 0, time_limit, cache, objective, b),)
    out = []
    for p in players:
        view = state.view(p + 1)
        outs = view.outcomes(card)
        if not outs:
            continue  # the seat's draw is known (the trump card, drawn last)
        b = dict(
            base,
            player=p,
            seat_view=True,
            drawn=tuple(d for d in drawn if d[0] == p),
            draws=len(outs),
            bound=luck_bound(
                after.view(p + 1),
                outs,
                objective,
                came_chance(view, card, outs, after.view(p + 1)),
            ),
        )
        out.append(
            _luck(state, card, after, view, outs, p, time_limit, cache, objective, b, luck_samples)
            if after.to_move == p
            else DrawLuck(**b, missing="not to move")
        )
    return tuple(out)


Progress = Callable[[int, int], None]
#: where a review's tasks run: (index, fn(*args)) for every task, in any order
#: (solver.cluster.run's shape, given a cluster's client)
Run = Callable[[Callable, dict[int, tuple]], Iterable[tuple[int, Any]]]


def unnamed(p: int) -> str:
    """The name of a seat its record names no player for (0-based ``p``): "player 1"."""
    return f"player {p + 1}"


def team_label(team: int) -> str:
    """A team as the review names it (0-based ``team``): "1+3" or "2+4"."""
    return f"{team + 1}+{team + 3}"


UNNAMED = (unnamed(0), unnamed(1))


def review_states(
    deals: list[tuple[GameState, tuple[int, ...]]],
    names=UNNAMED,
    time_limit: float | None = None,
    players: tuple[int, ...] | None = None,
    progress: Progress | None = None,
    seed: int | None = None,
    cache: dict | None = None,
    objective: str = "points",
    first_deal: int = 1,
    luck_samples: int | None = None,
    run: Run | None = None,
) -> Review:
    """Review deals given as (starting state, cards played), judged by ``objective`` (points
    or win), numbered from ``first_deal`` (a match's later deal reviewed alone). Ctrl-C
    returns the review so far. ``luck_samples``: a seat's luck averaged on that many sampled
    hands a draw rather than in ``time_limit`` (draw_luck). Each rated card and each draw's
    luck is a task: here, in the record's order, sharing ``cache`` (the luck of a draw reads
    the cards' analyses); or through ``run`` (a cluster), each on its own. ``players``: whose
    cards are judged (0-based; None: every seat's), ``names`` one a seat (the unnamed
    seats' own where fewer are given)."""
    check_review_objective(objective)
    for start, _ in deals:
        if start.variant.name not in SUPPORTED:
            raise RecordError.of("review.unsupported")
    seats = deals[0][0].players if deals else 2
    players = tuple(range(seats)) if players is None else tuple(players)
    names = tuple(names[:seats]) + tuple(unnamed(i) for i in range(len(names), seats))
    if run is None:
        cache = {} if cache is None else cache
    else:
        cache = None
    tasks: dict[int, tuple] = {}
    results: list[tuple[int, int] | None] = []
    since: list[bool] = []
    for d, (state, moves) in enumerate(deals, first_deal):
        for c in moves:
            after = play(state, c)
            if state.to_move in players:
                tasks[len(tasks)] = (review_move, state, c, time_limit, d, cache, objective)
            if len(after.tricks) > len(state.tricks) and after.tricks[-1].draws:
                luck = (state, c, after, time_limit, d, cache, objective, players, luck_samples)
                tasks[len(tasks)] = (draw_luck, *luck)
            state = after
        results.append(state.side_points if state.is_over else None)
        since.append(state.score is None)
    todo = sum(1 for t in tasks.values() if t[0] is review_move)
    if run is None:
        current_engine().ready()  # the kernels load now, not inside the first move's time
    out: dict[int, MoveReview] = {}
    lucks: dict[int, tuple[DrawLuck, ...]] = {}
    interrupted = False
    try:
        for k, r in (run or _here)(_task, tasks):
            if isinstance(r, MoveReview):
                out[k] = r
                if progress:
                    progress(len(out), todo)
            else:
                lucks[k] = r
    except KeyboardInterrupt:
        interrupted = True
    return Review(
        tuple(out[k] for k in sorted(out)),
        names,
        todo,
        tuple(results),
        interrupted,
        players,
        seed,
        tuple(x for k in sorted(lucks) for x in lucks[k]),
        objective,
        tuple(since),
        seats,
    )


def _task(fn: Callable, *args):
    """One task of a review: a card's review or a draw's luck (one function for ``Run``)."""
    return fn(*args)


def _here(fn: Callable, tasks: dict[int, tuple]) -> Iterator[tuple[int, Any]]:
    for k, args in tasks.items():
        yield k, fn(*args)


def review_record(
    record: dict,
    time_limit: float | None = None,
    players: tuple[int, ...] | None = None,
    progress: Progress | None = None,
    cache: dict | None = None,
    objective: str = "points",
    run: Run | None = None,
) -> Review:
    """Review every deal of a (deal or match) game record (``players``, ``run``:
    review_states')."""
    rec = prepared(record)
    if rec["variant"] not in SUPPORTED:
        raise RecordError.of("review.unsupported")
    replay_all(rec)
    try:
        check_review_objective(
            objective, all("start" not in d or d["start"].score is not None for d in rec["_deals"])
        )
    except PositionError as e:
        raise RecordError.like(e) from None
    deals = [(deal_start(rec["variant"], d), tuple(d["moves"])) for d in rec["_deals"]]
    return review_states(
        deals,
        tuple(rec.get("players") or ()),
        time_limit,
        players,
        progress,
        rec.get("seed"),
        cache,
        objective,
        run=run,
    )


# ----- text ---------------------------------------------------------------------------


def fmt_points(x: float | None, lang: str = "en") -> str:
    if x is None:
        return "-"
    if abs(x - round(x)) < 1e-9:
        return str(int(round(x)))
    return num(x, ".2f", lang)


def fmt_chance(x: float, lang: str = "en", digits: int = 1) -> str:
    """A difference of chances of winning (a cost, a luck, an error) in percentage points as
    the board writes one (board.js fmtPct, fmtWidth): "38%", "12.3%", its tenth left out
    where it is 0; with more ``digits``, all of them ("0.03%")."""
    whole = digits == 1 and format(100 * x, ".1f").endswith(".0")
    return pct(100 * x, ".0f" if whole else f".{digits}f", lang)


def fmt_width(e: float, win: bool = False, lang: str = "en", deals: bool = False) -> str:
    """A half-width (or the far end of a range from 0) as the tables print it: a tenth of a
    point, of a chance's percentage point (``win``), a hundredth of a point (of a
    percentage point) where a tenth would round it to 0 (a ± of 0.03 is not 0.0), and a
    hundredth of a deal (``deals``: the luck-adjusted count of a win review)."""
    if deals:
        return num(e, ".2f", lang)
    if win:
        return fmt_chance(e, lang, 2 if 0 < 100 * e < 0.05 else 1)
    return num(e, f".{2 if 0 < e < 0.05 else 1}f", lang)


def fmt_error(e: float, win: bool = False, lang: str = "en", deals: bool = False) -> str:
    return "±" + fmt_width(e, win, lang, deals)


def fmt_cost(m: MoveReview, lang: str = "en") -> str:
    """A move's cost, with its interval's half-width when it has one (marked * when the
    interval covers the sampling error only); an exact cost (every case solved too: see
    _how) has none, an estimate's ± of 0 is printed, and a bound is said to be one. The
    estimate's best card played with another card within noise of it (contested) costs 0 in
    the sums, but what is known is the range its cost lies in, from 0 to how far another
    card may be above it: "0–1.3". A ± reaching below 0 or past the most the card can cost
    (MoveReview.cost_span) is said as its interval cut to them, as a luck is (fmt_luck):
    "0.80 [0, 3.9]"."""
    bound = f" ({TEXT[check_lang(lang)]['bound']})" if m.bound else ""
    mark = ("*" if m.unchecked else "") + bound
    if m.contested:  # the rival's reach, cut to the most the card can cost
        reach = _known(m.cost_interval, "a contested cost's range")[1]
        return f"0–{fmt_width(reach, m.objective == 'win', lang)}{mark}"
    win = m.objective == "win"  # a chance given up, in percentage points as on the board
    cost = "-" if m.cost is None else fmt_chance(m.cost, lang) if win else fmt_points(m.cost, lang)
    if m.cost_error is None or m.exact_cost:
        return cost
    cut = m.cost_interval
    near = _reads_as_zero(m)
    if cut is not None and (m.cost_cut or near):  # the ± reaches below 0 or past the most
        T = TEXT[check_lang(lang)]
        lo, hi = (fmt_signed(x, None, False, T, win, lang).replace("+", "") for x in cut)
        if near:
            lo = _above_zero(cut[0], win, lang)
        return f"{cost} {T['between'].format(lo=lo, hi=hi)}{mark}"
    return f"{cost} {fmt_error(m.cost_error, win, lang)}{mark}"


def _reads_as_zero(m: MoveReview) -> bool:
    """Whether a mistake's cost and ± as printed would reach 0 ("5.78 ±5.8" for 5.784
    ±5.776): a reader would take it for too close to call, so its ends are said instead,
    the low one above 0 ("5.78 [0.01, 11.6]")."""
    if not m.mistake or m.cost is None or m.cost_error is None or m.exact_cost:
        return False
    win = m.objective == "win"
    cost = fmt_chance(m.cost) if win else fmt_points(m.cost)
    return float(cost.rstrip("%")) - float(fmt_width(m.cost_error, win).rstrip("%")) <= EPS


def _above_zero(x: float, win: bool, lang: str, first: int = 1) -> str:
    """``x`` > 0 to as few decimals as show it above 0 (from ``first``, at most four)."""
    for d in range(first, 5):
        if float(format(100 * x if win else x, f".{d}f")) > 0:
            break
    return fmt_chance(x, lang, d) if win else num(x, f".{d}f", lang)


def _how(m: MoveReview, T: dict) -> str:
    if m.choices == 1:
        return T["forced"]
    if not m.rated:
        return T["unrated"]
    if m.interval == Interval.NO_SAMPLING:  # exact, and how: every hand or draw solved
        return T["exact_how"].format(how=T["seat_all"] if m.seat_view else T["all_cases"])
    return T["seat"] if m.seat_view and not m.exact else T[m.method]


def _unit(m: MoveReview, T: dict) -> str:
    return T["unit_win" if m.objective == "win" else "unit"]


def fmt_signed(
    x: float,
    error: float | None,
    exact: bool,
    T: dict,
    win: bool = False,
    lang: str = "en",
    word: str = "exact_val",
    deals: bool = False,
) -> str:
    """A signed amount (luck, a result) with its ± or the word exact (``word``: the key of
    that word, which agrees in Italian with what is exact); one that shows as zero has no
    sign (0.0, not −0.0 or +0.0). ``win``: in percentage points of a chance ("+19%");
    ``deals``: a count of deals to a hundredth (a win review's result, "+1.19")."""
    if win and not deals:
        shown = abs(float(format(100 * x, ".1f")))
        text = fmt_chance(abs(x), lang)
    else:
        spec = ".2f" if deals else ".0f" if abs(x - round(x)) < 1e-9 else ".1f"
        shown = float(format(abs(x), spec))
        text = num(abs(x), spec, lang)
    if shown:
        text = ("+" if x > 0 else "\u2212") + text
    if exact:
        return f"{text} ({T[word]})"
    return text if error is None else f"{text} {fmt_error(error, win, lang, deals)}"


def cut_short(x: float, error: float, cut: tuple[float, float]) -> bool:
    """Whether ``cut`` (``x`` ± ``error`` cut to the values it can take) is less than the
    whole ±: its ends are then said instead (a luck's, a cost's)."""
    return cut[0] > x - error + EPS or cut[1] < x + error - EPS


def fmt_luck(
    x: float,
    error: float | None,
    exact: bool,
    span: tuple[float, float] | None,
    T: dict,
    win: bool = False,
    lang: str = "en",
    star: str = "",
    word: str = "exact_luck",
    deals: bool = False,
) -> str:
    """A luck (or a result less it) with its interval cut to ``span``, the values it can
    take: its ± where the cut leaves it whole, the cut interval's ends where it does not
    ("+50 [−10, +100]"), and words instead of a number where the interval covers every
    value it can take.
    ``star`` follows a number (its interval not checked), not the words; ``word``: the key
    of the word exact (fmt_signed); ``deals``: a count of deals (fmt_signed)."""
    cut = None if exact else bounded(x, error, span)
    if cut is None or error is None:
        return fmt_signed(x, error, exact, T, win, lang, word, deals) + star
    if covers(cut, span):
        return T["too_uncertain"]
    lo, hi = cut
    near = _luck_reads_as_zero(x, error, cut, win, deals)
    if cut_short(x, error, cut) or near:
        ends = [fmt_signed(y, None, False, T, win, lang, deals=deals) for y in cut]
        if near:  # the end next to 0, to as many decimals as show it is not 0
            i = 0 if lo > 0 else 1
            ends[i] = ("+" if cut[i] > 0 else "\u2212") + _above_zero(
                abs(cut[i]), win and not deals, lang, 2 if deals else 1
            )
        said = T["between"].format(lo=ends[0], hi=ends[1])
        return f"{fmt_signed(x, None, False, T, win, lang, deals=deals)} {said}{star}"
    return fmt_signed(x, error, exact, T, win, lang, deals=deals) + star


def _luck_reads_as_zero(
    x: float, error: float, cut: tuple[float, float], win: bool, deals: bool
) -> bool:
    """Whether an interval clear of 0 would read as reaching it, printed as ± ("−15.2 ±15.2"
    for −15.24 ±15.21, a swing of luck beyond noise): its ends are then said instead."""
    if not (cut[0] > EPS or cut[1] < -EPS):
        return False
    k = 100 if win and not deals else 1
    spec = ".2f" if deals else ".1f" if win or abs(x - round(x)) >= 1e-9 else ".0f"
    width = fmt_width(error, win, deals=deals).rstrip("%")
    return float(format(k * abs(x), spec)) - float(width) <= EPS


def fmt_errors(s: PlayerStats, T: dict, win: bool, lang: str, star: str = "") -> str:
    """A player's errors total as a luck is written (fmt_luck), cut to the values it can
    take (never below the exact costs' sum: "17.9% [0%, 72.6%]"), with no sign: it is
    never below 0."""
    text = fmt_luck(
        s.total_cost, s.cost_error, not s.estimated, s.cost_span, T, win, lang, star, "exact_val"
    )
    return text.replace("+", "")


def _luck_star(d: DrawLuck) -> str:
    """The mark of a luck whose interval is not checked against exact values (sampling only,
    or a method's error carried from other stages), the same in the table and the swings."""
    return "*" if d.unchecked else ""


def _luck_mark(d: DrawLuck, T: dict) -> str:
    """What follows a draw's luck in the table and the swings: its * and, where its ± is a
    bound, the word, as after a cost (fmt_cost)."""
    return _luck_star(d) + (f" ({T['bound']})" if d.bounded else "")


def _luck_text(d: DrawLuck, T: dict, lang: str, teams: bool = False) -> str:
    """A draw's luck in the moves table: whose (``teams``: team 1+3's), how much, ± or exact
    (? not measured)."""
    who = (
        T["t_short"].format(t=team_label(d.player))
        if teams
        else T["p_short"].format(p=d.player + 1)
    )
    if d.luck is None:  # not measured
        return f"{who} ?"
    luck = fmt_luck(
        d.luck, d.error, d.exact, d.span, T, d.objective == "win", lang, _luck_mark(d, T)
    )
    return f"{who} {luck}"


def _table(rv: Review, T: dict, lang: str) -> list[str]:
    """The moves table, its columns as wide as their longest entry."""
    luck: dict[tuple[int, int], str] = {}
    for d in rv.draws:  # in the hidden-card games each seat's draw after the same card
        key = (d.deal, d.move)
        said = _luck_text(d, T, lang, rv.seats == 4)
        luck[key] = (luck[key] + " " if key in luck else "") + said
    rows = [tuple(T["cols"])]
    for m in rv.moves:
        best = ",".join(card_str(c) for c in m.best) if m.rated else "?"
        rows.append(
            (
                str(m.deal),
                str(m.number),
                str(m.trick),
                str(m.player + 1),
                card_str(m.card),
                best,
                fmt_cost(m, lang) + (" ≈" if m.close else ""),
                luck.get((m.deal, m.number), ""),
                _how(m, T),
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    return [
        " ".join(c.rjust(w) for c, w in zip(r, widths, strict=False))  # the last column unpadded
        + "  "
        + r[-1]
        for r in rows
    ]


def _who(p: int, name: str, T: dict, lang: str) -> str:
    """A player as the review's lines name it: its seat, then the record's name for it,
    never the seat said twice ("player 1 (player 1)") where the record names none."""
    if name == unnamed(p):
        return T["who"].format(p=p + 1)
    return T["who_named"].format(p=p + 1, name=player_name(name, lang))


def _team_who(s: PlayerStats, rv: Review, T: dict, lang: str) -> str:
    """A team as the review's lines name it: "team 1+3", then its players' record names."""
    named = [rv.names[p] for p in s.team or () if rv.names[p] != unnamed(p)]
    t = team_label(s.player)
    if not named:
        return T["team"].format(t=t)
    return T["team_named"].format(t=t, names=", ".join(player_name(n, lang) for n in named))


def _skill_lines(rv: Review, T: dict, lang: str) -> list[str]:
    """Per player (per team where four play): errors (total and per decision), luck, result
    and luck-adjusted result."""
    win = rv.objective == "win"
    unit = T["unit_win" if win else "unit"]
    lines = [T["skill_win"] if win else T["skill"].format(unit=unit)]
    for s in rv.sides():
        members = s.team or (s.player,)
        # * as on each cost and luck: some interval in the sum is not checked against exact
        # values (a contested cost's range is not in the sum: its cost there is 0, with no ±)
        cost_star = (
            "*"
            if any(
                m.unchecked and m.cost_error is not None for m in rv.moves if m.player in members
            )
            else ""
        )
        mine = [d for d in rv.draws if d.player in members or not d.seat_view]
        luck_star = "*" if any(_luck_star(d) for d in mine) else ""
        err = fmt_errors(s, T, win, lang, cost_star)
        rate = (
            "-"
            if s.average_cost is None
            else fmt_chance(s.average_cost, lang)
            if win
            else num(s.average_cost, ".2f", lang)
        )
        line = T["skill_line"].format(
            who=_who(s.player, s.name, T, lang) if s.team is None else _team_who(s, rv, T, lang),
            err=err,
            rate=rate,
            n=s.luck_draws,
            luck=fmt_luck(
                s.luck, s.luck_error, not s.luck_estimated, s.luck_span, T, win, lang, luck_star
            ),
        )
        if s.luck_missing:
            line += T["luck_missing"].format(n=s.luck_missing)
        if s.result is not None:
            key = "adjusted_win" if win else "adjusted"  # a win review needs a score
            line += T["adjusted_since" if any(rv.since_start) else key].format(
                res=fmt_signed(s.result, None, False, T, win, lang, deals=win),
                adj=fmt_luck(
                    _known(s.adjusted, "the adjusted result"),
                    s.luck_error,
                    not s.luck_estimated,
                    s.adjusted_span,
                    T,
                    win,
                    lang,
                    luck_star,
                    "exact_val",
                    deals=win,  # a count of deals, not a chance: it may pass 1
                ),
            )
        lines.append("  " + agree(line, lang))
    swings = rv.swings()
    if swings:
        lines.append(T["swings"])
        for i, d in enumerate(swings, 1):
            p = d.player if d.player in rv.players else rv.players[0]  # scoperta: either side
            drawn = ", ".join(
                T["drew"].format(p=q + 1, card=card_str(c)) for q, c in d.drawn if q in rv.players
            )
            how = (
                T["every_draw" if d.exact else "every_draw_est"]
                if d.every_draw
                else T["card_value"]
            )
            luck = _known(d.luck_for(p), "a swing's luck")
            if d.exact:  # said once, beside how it was measured, not between number and unit
                how = T["exact_how"].format(how=how)
            lines.append(
                "  "
                + T["swing_team" if rv.seats == 4 else "swing"].format(
                    team=team_label(p),
                    i=i,
                    d=d.deal,
                    m=d.move,
                    t=d.trick,
                    drawn=drawn,
                    p=p + 1,
                    how=how,
                    unit=unit,
                    luck=fmt_signed(luck, None, False, T, win, lang)
                    if d.exact
                    else fmt_luck(luck, d.error, False, d.span, T, win, lang, _luck_mark(d, T)),
                )
            )
    if rv.draws:
        lines.append(
            T["luck_note"].format(span=T["luck_span_win" if win else "luck_span"])
            + " "
            + T["totals_note"]
            + (" " + T["adjusted_win_note"] if win else "")
            + (
                ""
                if all(d.seat_view for d in rv.draws)
                else " " + T["open_luck_note_teams" if rv.seats == 4 else "open_luck_note"]
            )
        )
    if any(d.seat_view for d in rv.draws):
        lines.append(T["seat_luck_note"])
    return lines


def _open_estimate(rv: Review) -> bool:
    """Whether a card or a draw judged with both hands in view carries a ± (or a range):
    its search did not finish, and the seat view's note, which says what a ± is, is not
    there to say it."""
    costs = any(
        not m.seat_view and not m.exact_cost and (m.cost_error is not None or m.contested)
        for m in rv.moves
    )
    return costs or any(not d.seat_view and d.error for d in rv.draws)


def render_review(rv: Review, lang: str = "en", moves: bool = True) -> str:
    """The review as text: the moves table, the three biggest mistakes, accuracy per player,
    then skill and luck per player and the biggest swings of luck."""
    T = TEXT[check_lang(lang)]
    head = [T["title"]]
    if rv.seed is not None:
        head.append(T["seed"].format(s=rv.seed))
    for i, r in enumerate(rv.results, 1):
        since = rv.began_unscored(i)
        said = T["result_since" if since else "result"]
        what = T["unfinished"] if r is None else said.format(a=r[0], b=r[1])
        head.append(f"{T['deal'].format(d=i)} {what}" if len(rv.results) > 1 else what)
    lines = [", ".join(head)]
    if moves and rv.moves:
        lines.extend(_table(rv, T, lang))
    if rv.moves or rv.draws:
        lines.append(T["win_note" if rv.objective == "win" else "points_note"])
        if rv.seats == 4:
            lines.append(T["team_note"])
    if any(m.seat_view for m in rv.moves):
        lines.append(T["seat_note"])
    if _open_estimate(rv):
        lines.append(T["open_note"])
    if any(m.interval == Interval.NO_SAMPLING and m.rated and m.choices > 1 for m in rv.moves):
        lines.append(T["all_note"])
    if moves and any(m.close for m in rv.moves):
        lines.append(T["close_note"])
    if any(m.unchecked for m in rv.moves) or any(d.unchecked for d in rv.draws):
        lines.append(T["unchecked_note"])
    if any(m.bound for m in rv.moves):
        lines.append(T["bound_note"])
    if any(d.bounded and not d.too_uncertain for d in rv.draws):
        lines.append(T["luck_bound_note"])
    bad = rv.mistakes()
    if bad:
        lines.append(T["mistakes"])
        for i, m in enumerate(bad, 1):
            lines.append(
                "  "
                + agree(
                    T["mistake"].format(
                        i=i,
                        d=m.deal,
                        m=m.number,
                        t=m.trick,
                        p=m.player + 1,
                        card=card_str(m.card),
                        best=",".join(card_str(c) for c in m.best),
                        cost=fmt_cost(m, lang),
                        how=_how(m, T),
                        unit=_unit(m, T),
                    ),
                    lang,
                )
            )
    else:
        lines.append(T["no_mistakes"])
    lines.append(T["accuracy"])
    win = any(m.objective == "win" for m in rv.moves)
    for p in rv.players:
        s = rv.stats(p)
        if s.judged:
            avg = _known(s.average_cost, "an average cost")
            called = T["called"].format(k=s.judged, n=s.rated) if s.close else ""
            line = T["acc_line"].format(
                who=_who(p, s.name, T, lang),
                called=called,
                opt=s.optimal,
                rated=s.judged,
                pct=pct(100 * _known(s.accuracy, "an accuracy"), ".0f", lang),
                avg=fmt_chance(avg, lang) if win else num(avg, ".2f", lang),
                unit=T["unit_win" if win else "unit"],
            )
        else:
            line = T["acc_none" if not s.rated else "acc_unknown"].format(
                who=_who(p, s.name, T, lang)
            )
        if s.close:
            line += T["close_tail"].format(n=s.close)
        if s.decisions - s.rated:
            line += T["acc_tail"].format(n=s.decisions - s.rated)
        if s.estimated:
            line += T["acc_est"].format(n=s.estimated)
        if s.moves - s.decisions:
            line += T["forced_tail"].format(n=s.moves - s.decisions)
        lines.append("  " + line)
    lines.extend(_skill_lines(rv, T, lang))
    if rv.interrupted:
        lines.append(agree(T["interrupted"].format(n=len(rv.moves), t=rv.total_moves), lang))
    unrated = sum(1 for m in rv.moves if not m.rated)
    if unrated:
        lines.append(agree(T["incomplete"].format(n=unrated, t=len(rv.moves)), lang))
    return "\n".join(lines)
