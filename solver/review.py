"""Reviewing a played game: every card compared with the best card of its moment.

A card's cost is the value of the best card minus the value of the card played, both from
the analysis of the position the mover faced, in expected points still to win (mover minus
opponent). Costs are exact where the analysis is exact and labelled estimates otherwise; a
move with no analysis at all (no estimator yet, or out of time) is left unrated rather
than guessed.

In Briscola scoperta the analysis sees what the player saw: both hands. In the hidden-card
games (classic, Briscolone, Libero) a card is judged from the mover's seat, by the seat
analysis (solver.analysis.sampling): the hands the mover could not see are sampled as the
engine samples them, so a card is not blamed for what only the deck knew. Its cost is then
an estimate with the half-width of a 95 % interval: the interval of the gap between the
best card and the card played, sampling and method error. Four-player scoperta is not
reviewed yet.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from solver.analysis import OBJECTIVES, Analysis, analyse, driver, sampling
from solver.analysis.result import NO_SAMPLING, SAMPLING_ONLY
from solver.cards import card_str
from solver.game import GameState, legal_cards, play
from solver.i18n import LANGS, REVIEW_TEXT as TEXT, agree, check_lang, fmt_fraction, player_name  # noqa: F401
from solver.position import Position, PositionError
from solver.record import RecordError, check_record, deal_start, replay_all

SUPPORTED = ("scoperta", "classic", "briscolone", "libero")
UNSUPPORTED = "review supports two-player records (scoperta, classic, briscolone, libero)"
NO_SCORE = "objective win needs the score: this game starts from a position without score="


def check_review_objective(objective: str, scored: bool = True) -> None:
    """Refuse an objective the review cannot judge by, before any search: an unknown one,
    or win for a game whose points before its start are not known."""
    if objective not in OBJECTIVES:
        raise PositionError(f"unknown objective '{objective}' (points or win)")
    if objective == "win" and not scored:
        raise PositionError(NO_SCORE)


def try_analyse(pos: Position, time_limit: float | None,
                cache: dict | None = None, objective: str = "points") -> Analysis | None:
    """The analysis of ``pos``, or None when its values cannot be trusted."""
    key = (pos, time_limit, objective)
    if cache is not None and key in cache:
        return cache[key]
    a = analyse(pos, objective, time_limit)
    bound = 1.0 if objective == "win" else 120
    if not all(abs(m.value) <= bound for m in a.moves):
        a = None  # an engine fault (seen once with a stale table): better unrated than wrong
    if cache is not None:
        cache[key] = a
    return a


@dataclass(frozen=True)
class MoveReview:
    deal: int            # 1-based deal number within the record
    number: int          # 1-based move number within the deal
    trick: int           # 1-based trick number
    player: int          # 0 or 1
    card: int
    choices: int         # legal cards the mover had
    best: tuple[int, ...] = ()
    best_value: float | None = None
    value: float | None = None          # value of the card played
    cost: float | None = None           # None: not rated
    cost_exact: Fraction | None = None  # when the analysis was exact
    exact: bool = False
    position: str = ""
    cost_error: float | None = None     # half-width of the cost's 95 % interval (seat view)
    seat_view: bool = False             # judged from the mover's seat (hidden-card games)
    sampling_only: bool = False         # its interval leaves out the method's error (not
                                        # measured for this game and stage)
    interval: str | None = None         # an estimated cost's: what its ± covers
                                        # (solver.analysis.result.INTERVALS)
    value_error: float | None = None    # half-width of the played card's value's interval
    objective: str = "points"           # values and cost in points, or in win chance

    @property
    def rated(self) -> bool:
        return self.cost is not None

    @property
    def optimal(self) -> bool:
        return self.rated and (self.card in self.best or self.cost <= 1e-9)

    @property
    def method(self) -> str:
        if not self.rated:
            return "unrated"
        return "exact" if self.exact else "estimate"

    def to_json(self) -> dict:
        return {
            "deal": self.deal, "move": self.number, "trick": self.trick, "player": self.player + 1,
            "card": card_str(self.card), "choices": self.choices,
            "best": [card_str(c) for c in self.best],
            "best_value": self.best_value, "value": self.value, "cost": self.cost,
            "cost_exact": _fr(self.cost_exact), "method": self.method, "position": self.position,
            **({} if self.cost_error is None else {"cost_error": self.cost_error}),
            **({} if self.value_error is None else {"value_error": self.value_error}),
            "view": "seat" if self.seat_view else "open", "objective": self.objective,
            **({} if self.interval is None else {"interval": self.interval}),
        }


@dataclass(frozen=True)
class PlayerStats:
    player: int
    name: str
    moves: int        # every card played
    decisions: int    # moves with more than one legal card
    rated: int        # decisions with an analysis
    optimal: int      # rated decisions that chose a best card
    total_cost: float
    estimated: int    # rated decisions whose cost is an estimate

    @property
    def accuracy(self) -> float | None:
        """Share of rated decisions that were optimal (None when nothing was rated)."""
        return self.optimal / self.rated if self.rated else None

    @property
    def average_cost(self) -> float | None:
        return self.total_cost / self.rated if self.rated else None

    def to_json(self) -> dict:
        return {"player": self.player + 1, "name": self.name, "moves": self.moves,
                "decisions": self.decisions, "rated": self.rated, "optimal": self.optimal,
                "accuracy": self.accuracy, "average_cost": self.average_cost,
                "total_cost": self.total_cost, "estimated": self.estimated}


@dataclass(frozen=True)
class Review:
    moves: tuple[MoveReview, ...]
    names: tuple[str, str]
    total_moves: int                      # cards in the record (reviewed or not)
    results: tuple[tuple[int, int] | None, ...] = ()   # final points per deal, None if unfinished
    interrupted: bool = False
    players: tuple[int, ...] = (0, 1)     # whose moves were reviewed
    seed: int | None = None

    @property
    def complete(self) -> bool:
        return not self.interrupted and len(self.moves) == self.total_moves

    def mistakes(self, n: int = 3) -> list[MoveReview]:
        """The ``n`` costliest rated moves (cost > 0), costliest first."""
        bad = [m for m in self.moves if m.rated and not m.optimal and m.cost > 1e-9]
        return sorted(bad, key=lambda m: (-m.cost, m.deal, m.number))[:n]

    def stats(self, player: int) -> PlayerStats:
        mine = [m for m in self.moves if m.player == player]
        dec = [m for m in mine if m.choices > 1]
        rated = [m for m in dec if m.rated]
        return PlayerStats(player, self.names[player], len(mine), len(dec), len(rated),
                           sum(1 for m in rated if m.optimal), float(sum(m.cost for m in rated)),
                           sum(1 for m in rated if not m.exact))

    def to_json(self) -> dict:
        return {
            "seed": self.seed,
            "complete": self.complete,
            "interrupted": self.interrupted,
            "results": [None if r is None else list(r) for r in self.results],
            "players": [self.stats(p).to_json() for p in self.players],
            "mistakes": [m.to_json() for m in self.mistakes()],
            "moves": [m.to_json() for m in self.moves],
        }


def _fr(x: Fraction | None) -> str | None:
    return None if x is None else fmt_fraction(x)


def review_move(state: GameState, card: int, time_limit: float | None, deal: int = 1,
                cache: dict | None = None, objective: str = "points") -> MoveReview:
    """How ``card`` compares with the best card of ``state``: with both hands in view in
    scoperta, from the mover's seat in the hidden-card games. With ``objective="win"`` the
    values are the mover's chances of winning the deal (the state's points are the score)
    and a cost is a difference of chances."""
    view = state.view()  # what the mover sees: both hands in scoperta, else their seat
    seat_view = not state.variant.open_hands
    legal = legal_cards(state)
    base = dict(deal=deal, number=len(state.moves) + 1, trick=len(state.tricks) + 1,
                player=state.to_move, card=card, choices=len(legal), position=view.to_text(),
                seat_view=seat_view, objective=objective)
    if len(legal) == 1:
        return MoveReview(**base, best=(card,), cost=0.0, cost_exact=Fraction(0), exact=True)
    if seat_view:
        a = sampling.analyse(view, objective, time_limit, progress=False)
        if a.interrupted:
            raise KeyboardInterrupt  # the review stops on Ctrl-C, not just this card
    else:
        a = try_analyse(view, time_limit, cache, objective)
    if a is None:
        return MoveReview(**base)
    m = a.move(card)
    top = a.moves[0]
    if a.exact:
        cost_exact = top.value_exact - m.value_exact
        cost = float(cost_exact)
    else:
        cost_exact, cost = None, max(0.0, top.value - m.value)
    return MoveReview(**base, best=tuple(sorted(a.best)), best_value=a.value, value=m.value,
                      cost=cost, cost_exact=cost_exact, exact=a.exact,
                      cost_error=None if a.exact or m is top else gap_error(top, m),
                      sampling_only=_sampling_only(a), interval=a.covers,
                      value_error=None if a.exact else m.error)


def gap_error(top, m) -> float | None:
    """The half-width of the interval of ``top``'s value less ``m``'s: the estimator's own
    (paired by sample) where it gives one, else the two values' added in quadrature."""
    if m.gap_error is not None:
        return m.gap_error
    if top.error is None or m.error is None:
        return None
    return math.hypot(top.error, m.error)


def _sampling_only(a: Analysis) -> bool:
    """Whether an estimate's intervals cover the sampling error alone where the method's
    error counts: an open estimate's (scoperta: not measured), or a seat analysis's whose
    samples are depth-limited where the method's error has not been measured."""
    if a.exact:
        return False
    if not a.method.startswith("seat-sampling"):
        return a.covers == SAMPLING_ONLY
    if not a.method.startswith("seat-sampling-depth"):
        return False
    horizon = int(a.method.rsplit("depth", 1)[1])
    return sampling.method_error(a.position.with_hand(0), a.objective, horizon) is None


Progress = Callable[[int, int], None]


def review_states(deals: list[tuple[GameState, tuple[int, ...]]], names=("player 1", "player 2"),
                  time_limit: float | None = None, players=(0, 1),
                  progress: Progress | None = None, seed: int | None = None,
                  cache: dict | None = None, objective: str = "points") -> Review:
    """Review deals given as (starting state, cards played), judged by ``objective`` (points
    or win). Ctrl-C returns the review so far."""
    check_review_objective(objective)
    for start, _ in deals:
        if start.variant.name not in SUPPORTED:
            raise RecordError(UNSUPPORTED)
    todo = sum(sum(1 for i in range(len(ms)) if _mover(start, ms, i) in players)
               for start, ms in deals)
    driver.ready()  # the kernels load now, not inside the first move's time
    out: list[MoveReview] = []
    results: list[tuple[int, int] | None] = []
    interrupted = False
    done = 0
    try:
        for d, (state, moves) in enumerate(deals, 1):
            for c in moves:
                if state.to_move in players:
                    out.append(review_move(state, c, time_limit, d, cache, objective))
                    done += 1
                    if progress:
                        progress(done, todo)
                state = play(state, c)
            results.append(state.side_points if state.is_over else None)
    except KeyboardInterrupt:
        interrupted = True
    return Review(tuple(out), (names[0], names[1]), todo, tuple(results), interrupted,
                  tuple(players), seed)


def _mover(start: GameState, moves, i: int) -> int:
    state = start
    for c in moves[:i]:
        state = play(state, c)
    return state.to_move


def review_record(record: dict, time_limit: float | None = None, players=(0, 1),
                  progress: Progress | None = None, cache: dict | None = None,
                  objective: str = "points") -> Review:
    """Review every deal of a (deal or match) game record of a two-player game."""
    rec = check_record(record) if "_deals" not in record else record
    if rec["variant"] not in SUPPORTED:
        raise RecordError(UNSUPPORTED)
    replay_all(rec)
    try:
        check_review_objective(objective, all("start" not in d or d["start"].score is not None
                                              for d in rec["_deals"]))
    except PositionError as e:
        raise RecordError(str(e)) from None
    deals = [(deal_start(rec["variant"], d), tuple(d["moves"])) for d in rec["_deals"]]
    names = list(rec.get("players") or [])
    names += [f"player {i + 1}" for i in range(len(names), 2)]
    return review_states(deals, (names[0], names[1]), time_limit, players, progress,
                         rec.get("seed"), cache, objective)


# ----- text ---------------------------------------------------------------------------

def fmt_points(x: float | None) -> str:
    if x is None:
        return "-"
    if abs(x - round(x)) < 1e-9:
        return str(int(round(x)))
    return f"{x:.2f}"


def fmt_cost(m: MoveReview) -> str:
    """A move's cost, with its interval's half-width when it has one (marked * when the
    interval covers the sampling error only)."""
    if not m.cost_error:  # None, or 0 when every case was solved (see _how)
        return fmt_points(m.cost)
    digits = 2 if m.objective == "win" else 1   # a chance's ± of 0.04 is not 0.0
    return f"{fmt_points(m.cost)} ±{m.cost_error:.{digits}f}" + ("*" if m.sampling_only else "")


def _how(m: MoveReview, T: dict) -> str:
    if m.choices == 1:
        return T["forced"]
    if not m.rated:
        return T["unrated"]
    if m.interval == NO_SAMPLING:
        return T["seat_all"] if m.seat_view else T["all_cases"]
    return T["seat"] if m.seat_view and not m.exact else T[m.method]


def _unit(m: MoveReview, T: dict) -> str:
    return T["unit_win" if m.objective == "win" else "unit"]


def render_review(rv: Review, lang: str = "en", moves: bool = True) -> str:
    """The review as text: the moves table, the three biggest mistakes, accuracy per player."""
    T = TEXT[check_lang(lang)]
    head = [T["title"]]
    if rv.seed is not None:
        head.append(T["seed"].format(s=rv.seed))
    for i, r in enumerate(rv.results, 1):
        what = T["unfinished"] if r is None else T["result"].format(a=r[0], b=r[1])
        head.append(f"{T['deal'].format(d=i)} {what}" if len(rv.results) > 1 else what)
    lines = [", ".join(head)]
    if moves and rv.moves:
        cols = T["cols"]
        lines.append(T["head"].format(deal=cols[0], move=cols[1], trick=cols[2], player=cols[3],
                                      card=cols[4], best=cols[5], cost=cols[6], how=cols[7]))
        for m in rv.moves:
            best = ",".join(card_str(c) for c in m.best) if m.rated else "?"
            lines.append(T["head"].format(deal=m.deal, move=m.number, trick=m.trick,
                                          player=m.player + 1, card=card_str(m.card), best=best,
                                          cost=fmt_cost(m), how=_how(m, T)))
    if any(m.seat_view for m in rv.moves):
        lines.append(T["seat_note"])
    if any(m.interval == NO_SAMPLING and m.rated and m.choices > 1 for m in rv.moves):
        lines.append(T["all_note"])
    if any(m.sampling_only and m.cost_error for m in rv.moves):
        lines.append(T["sampling_only"])
    bad = rv.mistakes()
    if bad:
        lines.append(T["mistakes"])
        for i, m in enumerate(bad, 1):
            lines.append("  " + agree(T["mistake"].format(
                i=i, d=m.deal, m=m.number, t=m.trick, p=m.player + 1, card=card_str(m.card),
                best=",".join(card_str(c) for c in m.best), cost=fmt_cost(m),
                how=_how(m, T), unit=_unit(m, T)), lang))
    else:
        lines.append(T["no_mistakes"])
    lines.append(T["accuracy"])
    win = any(m.objective == "win" for m in rv.moves)
    for p in rv.players:
        s = rv.stats(p)
        if s.rated:
            line = T["acc_line"].format(p=p + 1, name=player_name(s.name, lang), opt=s.optimal,
                                        rated=s.rated,
                                        pct=f"{100 * s.accuracy:.0f}%", avg=f"{s.average_cost:.2f}",
                                        unit=T["unit_win" if win else "unit"])
        else:
            line = T["acc_none"].format(p=p + 1, name=player_name(s.name, lang))
        if s.decisions - s.rated:
            line += T["acc_tail"].format(n=s.decisions - s.rated)
        if s.estimated:
            line += T["acc_est"].format(n=s.estimated)
        if s.moves - s.decisions:
            line += T["forced_tail"].format(n=s.moves - s.decisions)
        lines.append("  " + line)
    if rv.interrupted:
        lines.append(T["interrupted"].format(n=len(rv.moves), t=rv.total_moves))
    unrated = sum(1 for m in rv.moves if not m.rated)
    if unrated:
        lines.append(T["incomplete"].format(n=unrated, t=len(rv.moves)))
    return "\n".join(lines)
