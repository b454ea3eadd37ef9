"""What an analysis returns: the value of every legal card, best first.

Values are for the player to move (see docs/notation.md): objective "points" = expected points
still to win, mover minus opponent; objective "win" = probability that the mover ends the
deal with 61+ (60-60 counts one half). Kept apart from the drivers so that every driver
and every caller can import it without importing the others.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field, fields, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from solver.cards import Card, CardError, card_str, to_card
from solver.errors import BriscolaError, Count, Note
from solver.i18n import method_text
from solver.position import PositionError, parse_position
from solver.position.protocol import State

OBJECTIVES = ("points", "win")


class Interval(StrEnum):
    """What an estimate's ± covers (``Analysis.interval``, "interval" in its JSON)."""

    #: the sampling error and the method's error measured against exact values, in
    #: quadrature: a 95 % interval of the exact value
    SAMPLING_AND_METHOD = "sampling and method"
    #: the same with the method's error extrapolated from smaller stages, which cannot be
    #: solved exactly to check it
    EXTRAPOLATED = "sampling and extrapolated method"
    #: the sampling error only (the method's own error is not known there: not an interval
    #: of the exact value)
    SAMPLING_ONLY = "sampling only"
    #: no sampling error: every case was solved (the ± is 0)
    NO_SAMPLING = "no sampling"
    #: the widest the value can stray, not a 95 % interval
    BOUND = "bound"


def interval_kind(m_err: float | None, n: int, extrapolated: bool = False) -> Interval:
    """What the ± of ``n`` samples covers given the method's error (None: not measured; 0:
    the method adds none, each sample being exact over what it draws; ``extrapolated``:
    part of it carried from another stage); below two samples it is the widest the value
    can stray (solver.analysis.sampling.Tally)."""
    if n < 2:
        return Interval.BOUND
    if m_err is None:
        return Interval.SAMPLING_ONLY
    return Interval.EXTRAPOLATED if extrapolated else Interval.SAMPLING_AND_METHOD


class Way(StrEnum):
    """How an answer was searched (``Method.way``)."""

    EXACT = "exact"
    SAMPLED_CLAIRVOYANT = "sampled-clairvoyant"  # talon orders sampled, each solved in the open
    SAMPLED_EXPECTIMAX = "sampled-expectimax"  # the first draw sampled, exact below it
    SEAT_SAMPLING = "seat-sampling"  # a seat's hidden hands sampled
    DEEPENING = "deepening"  # deeper and deeper on a known talon order


@dataclass(frozen=True)
class Method:
    """How an answer was reached: its way, how deep each search looked (None: to the end of
    the deal), whether the leader's cards were valued by their clairvoyant lines and the
    second trick corrected. Its text ("sampled-clairvoyant-depth4-lines") is what users
    see: the CLI's label and the JSON's "method"."""

    way: Way = Way.EXACT
    depth: int | None = None
    lines: bool = False
    second_trick: bool = False

    def __str__(self) -> str:
        return (
            self.way
            + ("" if self.depth is None else f"-depth{self.depth}")
            + ("-lines" if self.lines else "")
            + ("-second-trick" if self.second_trick else "")
        )

    def words(self, lang: str = "en") -> str:
        """What it is, in plain words ("sampled talon orders, each searched 4 tricks deep
        knowing the order; a card led valued by its worst reply")."""
        return method_text(self.way, self.depth, self.lines, self.second_trick, lang)

    @classmethod
    def from_text(cls, text: str) -> Method:
        """The Method whose text is ``text`` (``str`` read back). ValueError when none is."""
        rest = str(text)
        way = next((w for w in sorted(Way, key=len, reverse=True) if rest.startswith(w)), None)
        if way is None:
            raise BriscolaError.of("method.unknown", text=text)
        rest = rest[len(way) :]
        depth = None
        if m := re.match(r"-depth(\d+)", rest):
            depth, rest = int(m.group(1)), rest[m.end() :]
        lines, rest = rest.startswith("-lines"), rest.removeprefix("-lines")
        second, rest = rest == "-second-trick", rest.removeprefix("-second-trick")
        if rest:
            raise BriscolaError.of("method.unknown", text=text)
        return cls(way, depth, lines, second)


EXACT = Method()


@dataclass(frozen=True)
class MoveValue:
    """One legal card's value in an Analysis (``Analysis.moves``, ``Analysis.move(card)``):
    ``value`` for the player to move (docs/notation.md), ``value_exact`` its Fraction where
    the analysis is exact (else None), ``error`` the half-width of an estimate's
    interval (what it covers: ``Analysis.interval``), ``gap_error`` that of its gap to the
    best card."""

    card: Card
    value: float
    value_exact: Fraction | None  # None when the value is an estimate
    error: float | None = None  # an estimate's half-width (of the kind Analysis.interval says)
    #: half-width of the interval of the gap from the best card's value to this one,
    #: where the estimator knows it (its cards share their samples: the gap's sampling
    #: error is paired); None for the best card and where unknown
    gap_error: float | None = None

    def __repr__(self) -> str:
        """One line, as an Analysis prints: ``<MoveValue 3C 25 exact>``, ``<MoveValue FC
        -10.25±13.41 estimate>`` (the dataclass's own printed the Fraction's constructor)."""
        if self.value_exact is not None:
            return f"<MoveValue {card_str(self.card)} {self.value_exact} exact>"
        err = "" if self.error is None else f"±{self.error:.2f}"
        return f"<MoveValue {card_str(self.card)} {self.value:.2f}{err} estimate>"

    @property
    def exact_value(self) -> Fraction:
        """``value_exact`` for a caller that analysed where the answer is exact (a solved
        endgame): typed as a Fraction, and a clear error rather than a None reaching its
        arithmetic if the value turns out to be an estimate."""
        return _exact(self.value_exact, f"the value of {card_str(self.card)}")


def _sum(half_widths: Sequence[float | None]) -> float | None:
    """The sum of half-widths, None where one is unknown."""
    total = 0.0
    for x in half_widths:
        if x is None:
            return None
        total += x
    return total


def _exact(value: Fraction | None, what: str) -> Fraction:
    if value is None:
        raise RuntimeError(
            f"{what}: an estimate where an exact value was expected (a bug: please report it)"
        )
    return value


#: the most cards of the principal line an Analysis's repr shows (two tricks of four)
REPR_PV = 8


def cards_text(cards: Sequence[int], most: int | None = REPR_PV) -> str:
    """``3C,2C,AS,RS``: the cards of a repr, the first ``most`` of them (None: all)."""
    shown = ",".join(card_str(c) for c in cards[:most])
    return shown + (",..." if most is not None and len(cards) > most else "")


#: the errors of a JSON object that is not an analysis's (its method, its interval): said
#: inside "not an analysis's JSON", as a ValueError of its reading is
_NOT_AN_ANALYSIS = ("method.unknown", "analysis.interval")


@dataclass(frozen=True)
class Analysis:
    """The answer of an analysis: exact, or an estimate whose ± says what it covers."""

    position: State
    objective: str
    exact: bool
    value: float
    value_exact: Fraction | None
    moves: tuple[MoveValue, ...]  # every legal card, best first
    best: tuple[Card, ...]  # every card that reaches the value
    pv: tuple[Card, ...]  # principal line while no chance intervenes
    #: the work and the time it took, not part of the answer: equal answers are equal
    #: whatever their clocks (the JSON keeps microseconds, and reads back an equal Analysis)
    #: and however their searches were cut into slices (a workspace's first slice is a
    #: short probe, so the same answer a second time may count a few nodes more or less)
    nodes: int = field(compare=False)
    seconds: float = field(compare=False)
    _: KW_ONLY
    method: Method = EXACT
    notes: tuple[str, ...] = field(default=())
    samples: int | None = None  # seat analysis: how many opponent hands were sampled
    interval: Interval | None = None  # an estimate's: what its ± covers; None when exact
    #: Ctrl-C cut it short: a caller that did not ask for the answer so far passes the
    #: interrupt on
    interrupted: bool = False

    def __post_init__(self) -> None:
        if not self.exact and self.interval is None:
            raise BriscolaError.of("analysis.interval")

    def __repr__(self) -> str:
        """The answer in one short line, as python-chess's objects print (the dataclass's
        repr was the position, every move and its Fractions: a kilobyte):
        ``<Analysis exact best=3C,AS value=+25 pv=3C,2C,AS,RS>``; an estimate's ± says what
        it covers, as every answer does (``interval='sampling and method'``)."""
        parts = ["exact" if self.exact else "estimate", *self.headline()]
        if self.exact:
            parts.append(f"pv={cards_text(self.pv)}")
        else:
            if self.samples is not None:
                parts.append(f"samples={self.samples}")
            parts.append(f"method={self.method}")
            parts.append(f"interval={str(self.interval)!r}")
        if self.interrupted:
            parts.append("interrupted")
        return f"<Analysis {' '.join(parts)}>"

    def headline(self) -> list[str]:
        """The repr's ``best=3C,AS value=+25`` (``objective=win`` after it where so), which
        an Explanation's repr shares."""
        sign = "+" if self.objective == "points" else ""
        top = self.value_exact if self.exact or not self.moves else self.moves[0].value_exact
        if top is not None:  # exact, or an estimate whose best card the exact search solved
            value = f"{sign if top >= 0 else ''}{top}"
        else:
            err = self.moves[0].error if self.moves else None
            value = f"{self.value:{sign}.2f}" + ("" if err is None else f"±{err:.2f}")
        parts = [f"best={cards_text(self.best, None)}", f"value={value}"]
        if self.objective != "points":
            parts.append(f"objective={self.objective}")
        return parts

    @classmethod
    def estimate(
        cls,
        position: State,
        objective: str,
        moves: tuple[MoveValue, ...],
        best: tuple[Card, ...],
        *,
        nodes: int,
        t0: float,
        method: Method,
        interval: Interval,
        notes: Sequence[str] = (),
        pv: tuple[Card, ...] | None = None,
        samples: int | None = None,
        interrupted: bool = False,
    ) -> Analysis:
        """An estimate begun at ``t0``: valued by its first move, its line the best card
        unless ``pv`` says otherwise, so that no estimator spells out what every estimate
        shares."""
        return cls(
            position,
            objective,
            False,
            moves[0].value,
            None,
            moves,
            best,
            (best[0],) if pv is None else pv,
            nodes,
            time.perf_counter() - t0,
            method=method,
            notes=tuple(notes),
            samples=samples,
            interval=interval,
            interrupted=interrupted,
        )

    def with_solved(self, solved: Mapping[Card, Fraction], share: float = 0.0) -> Analysis:
        """This estimate with the cards an exact search finished before it stopped (the
        clock, a node budget, Ctrl-C): their values exact (``value_exact``, ± 0), the other
        cards' as estimated, less ``share`` of the solved cards' mean error (estimate less
        exact: most of an estimate's error is one offset its cards share), every card ranked
        again; itself where it is exact or nothing was solved. The best answer so far keeps
        what the exact search found.

        A gap's half-width: 0 between two solved cards; between a solved card and an
        estimated one, the estimated card's value's (the exact value has none); between
        two estimated cards, the less of the sums of their values' half-widths and of their
        paired gaps to the estimate's best (that gap itself where one of them is that card):
        a difference's half-width is at most the sum of its parts'."""
        keep = {m.card: solved[m.card] for m in self.moves if m.card in solved}
        if self.exact or not keep:
            return self
        was = {m.card: m for m in self.moves}
        top_was = self.moves[0].card
        offset = sum(was[c].value - float(v) for c, v in keep.items()) / len(keep)
        shift = share * offset if len(keep) < len(was) else 0.0
        hi = value_bound(self.position, self.objective)
        lo = 0.0 if self.objective == "win" else -hi

        def moved(m: MoveValue) -> float:  # kept in the value's range, as the estimate's are
            return min(max(m.value - shift, lo), hi)

        value = {c: float(keep[c]) if c in keep else moved(m) for c, m in was.items()}
        order = sorted(value, key=lambda c: (-value[c], c))
        top = order[0]

        def err(c: Card) -> float | None:
            return 0.0 if c in keep else was[c].error

        def paired(c: Card) -> float | None:
            return 0.0 if c == top_was else was[c].gap_error

        def gap(c: Card) -> float | None:
            whole = _sum((err(top), err(c)))
            if c in keep or top in keep:
                return whole
            via = _sum((paired(top), paired(c)))
            return min((x for x in (whole, via) if x is not None), default=None)

        moves = tuple(
            MoveValue(c, value[c], keep.get(c), err(c), None if c == top else gap(c)) for c in order
        )
        notes = [
            Note.of(
                "note.exact.solved",
                cards=", ".join(card_str(c) for c in order if c in keep),
                n=Count(len(keep)),
            )
        ]
        if shift:
            notes.append(
                Note.of(
                    "note.exact.shifted",
                    points=-shift,
                    offset=offset,
                    share=round(100 * share),
                )
            )
        return replace(
            self,
            value=value[top],
            moves=moves,
            best=tuple(c for c in order if value[c] == value[top]),
            pv=self.pv if top == top_was else (top,),
            notes=(*self.notes, *notes),
        )

    @property
    def exact_value(self) -> Fraction:
        """``value_exact`` where the caller knows the analysis is exact (see
        ``MoveValue.exact_value``)."""
        return _exact(self.value_exact, f"the value of {self.position.to_text()}")

    def move(self, card: int | str) -> MoveValue:
        """The value of ``card`` (a Card, its id or its text); a card that is not one of
        the position's legal cards is refused naming it (a ValueError)."""
        c = to_card(card)
        for m in self.moves:
            if m.card == c:
                return m
        legal = ", ".join(card_str(m.card) for m in self.moves)
        raise CardError.of("analysis.not_legal", card=card_str(c), legal=legal)

    def to_json(self) -> dict:
        """The JSON answer (docs/notation.md): ``from_json`` reads it back as an equal
        Analysis (``best`` in its order, the notes kept; ``seconds`` in microseconds)."""

        def fr(x: Fraction | None) -> str | None:
            if x is None:
                return None
            return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"

        out = {
            "position": self.position.to_text(),
            "to_move": self.position.to_move + 1,
            "objective": self.objective,
            "exact": self.exact,
            "value": self.value,
            "value_exact": fr(self.value_exact) if self.exact else None,
            "best": [card_str(c) for c in self.best],
            "moves": [
                {
                    "card": card_str(m.card),
                    "value": m.value,
                    "value_exact": fr(m.value_exact),
                    **({} if m.error is None else {"error": m.error}),
                    **({} if m.gap_error is None else {"gap_error": m.gap_error}),
                }
                for m in self.moves
            ],
            "pv": [card_str(c) for c in self.pv],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }
        if not self.exact:
            out["method"] = str(self.method)
            out["interval"] = str(self.interval)
        if self.samples is not None:
            out["samples"] = self.samples
        if self.notes:
            out["notes"] = list(self.notes)
        if self.interrupted:
            out["interrupted"] = True
        return out

    @classmethod
    def from_json(cls, obj: str | bytes | dict[str, Any]) -> Analysis:
        """The Analysis of ``to_json``'s object (or its JSON text): the position read back
        from its notation, the cards from their text. BriscolaError when it is not one."""

        def fr(x: str | None) -> Fraction | None:
            return None if x is None else Fraction(x)

        try:
            data: Any = json.loads(obj) if isinstance(obj, (str, bytes)) else obj
            moves = tuple(
                MoveValue(
                    to_card(m["card"]),
                    float(m["value"]),
                    fr(m.get("value_exact")),
                    m.get("error"),
                    m.get("gap_error"),
                )
                for m in data["moves"]
            )
            read: dict[str, Any] = dict(
                position=parse_position(data["position"]),
                objective=data["objective"],
                exact=bool(data["exact"]),
                value=float(data["value"]),
                value_exact=fr(data.get("value_exact")),
                moves=moves,
                best=tuple(to_card(c) for c in data["best"]),
                pv=tuple(to_card(c) for c in data["pv"]),
                nodes=int(data["nodes"]),
                seconds=float(data["seconds"]),
                notes=tuple(Note.read(n) for n in data.get("notes", ())),
            )
            if "method" in data:
                read["method"] = Method.from_text(data["method"])
            if "interval" in data:
                read["interval"] = Interval(data["interval"])
            # the other fields (samples, ...) are in the JSON under their own names
            read.update(
                {f.name: data[f.name] for f in fields(cls) if f.name not in read and f.name in data}
            )
            return cls(**read)
        except BriscolaError as e:
            if e.key not in _NOT_AN_ANALYSIS:  # a position's or a card's error, said as it is
                raise
            raise BriscolaError.of("analysis.json", kind="ValueError", error=e) from None
        except (KeyError, TypeError, AttributeError, ValueError) as e:
            raise BriscolaError.of("analysis.json", kind=type(e).__name__, error=e) from None


def check_objective(pos: State, objective: str) -> None:
    if objective not in OBJECTIVES:
        raise PositionError.of("objective.unknown", objective=objective)
    if objective == "win" and pos.score is None:
        # the score is per side: per team where four play
        key = "objective.win_score_teams" if pos.players == 4 else "objective.win_score"
        raise PositionError.of(key)


def value_bound(pos: State, objective: str) -> float:
    """The widest a value can stray: the points still in play, or 1 for a win chance. An
    estimate with too few samples for an interval gets this as its half-width."""
    return 1.0 if objective == "win" else float(pos.points_in_play)


def unit_words(objective: str) -> Note:
    """How an estimate's note names the unit of a value's or an error's number."""
    return Note.of("note.part.unit.points" if objective == "points" else "note.part.unit.win")


def ranked(
    est: Mapping[Card, tuple[float, float]],
    gap_error: Callable[[Card, Card], float] | None = None,
) -> tuple[float, tuple[MoveValue, ...], tuple[Card, ...]]:
    """(best value, the moves best first, every best card) of per-card (mean, error);
    ``gap_error(best, card)``, when given, is the half-width of the gap's interval."""
    best_v = max(m for m, _ in est.values())
    order = sorted(est.items(), key=lambda kv: (-kv[1][0], kv[0]))
    top = order[0][0]
    moves = tuple(
        MoveValue(c, m, None, e, None if gap_error is None or c == top else gap_error(top, c))
        for c, (m, e) in order
    )
    return best_v, moves, tuple(c for c, (m, _) in est.items() if m == best_v)
