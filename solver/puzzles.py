"""Endgame puzzles: the JSON-lines file format, checking stated answers with the solver,
generating new puzzles with a measured difficulty, and the bundled set.

A puzzle line: {"id", "position", "question": "best"|"value", "objective": "points"|"win",
"answer": [cards] or "value", "difficulty": "easy"|"medium"|"hard", "title", "comment",
"features"}; the last three are optional. Every fact comes from ``solver.analysis.analyse``.
"""

from __future__ import annotations

import json
import itertools
import random
import unicodedata
from dataclasses import dataclass, field, replace
from fractions import Fraction
from importlib.resources import files
from collections.abc import Callable, Iterable, Iterator
from typing import NoReturn

from solver.errors import BriscolaError, given, whole
from solver import jsonfile
from solver.analysis import Analysis, Limit, analyse, check_stop, current_engine
from solver.analysis.result import MoveValue
from solver.cards import (
    CARDS,
    POINTS,
    RANK_OF,
    SUIT_OF,
    Card,
    CardError,
    card_str,
    cards_of,
    mask_of,
    parse_card_id,
)
from solver.explain import (
    GAME_VARIANTS,
    Idea,
    LineSolver,
    before_last_tricks4,
    explain_position,
    hand_of,
    no_trump,
)
from solver.i18n import INTERVAL_SHORT, PUZZLE_COMMENTS, TITLES, command_text, fmt_fraction, num
from solver.jsonfile import JSONFileError
from solver.position import Position, PositionError, parse_position
from solver.rules import get_variant, trick_winner
from solver.random_positions import random_position, trump_drawn_last

QUESTIONS = ("best", "value")
OBJECTIVES = ("points", "win")
DIFFICULTIES = ("easy", "medium", "hard")
KEYS = {
    "id",
    "position",
    "question",
    "objective",
    "answer",
    "difficulty",
    "title",
    "comment",
    "features",
}
#: the smallest gap between the only best card and the next one, per objective
MARGIN = {"points": Fraction(4), "win": Fraction(1, 4)}
#: the talons ``generate`` makes puzzles at, per game (the first is its stage when only one):
#: scoperta's last three tricks and last draw, four-player scoperta's last three tricks and
#: last draw (exact in milliseconds; talon 8 takes seconds), the others' last five tricks
TALONS = {"scoperta": (0, 2), "scoperta4": (0, 4), "briscolone": (0,), "libero": (0,)}

#: the longest exact value a puzzle or an answer may write (a deal's values have 3 digits)
VALUE_CHARS = 40


class PuzzleError(BriscolaError):
    """A puzzle the user got wrong: a file that cannot be read (the message names the line),
    an answer that is not a value, a game or stage puzzles are not made for."""


@dataclass(frozen=True)
class Puzzle:
    id: str
    position: Position
    question: str
    objective: str
    #: a "best" puzzle's best cards, a "value" puzzle's exact value; cards are given as ids
    #: (or Cards) and held as Cards in canonical order (__post_init__ makes them so)
    answer: tuple[int, ...] | Fraction
    difficulty: str
    title: str | None = None
    comment: str | None = None
    features: dict = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.answer, tuple):  # card ids given: handed out as Cards
            object.__setattr__(self, "answer", tuple(sorted(CARDS[c] for c in self.answer)))

    def answer_text(self) -> str:
        return format_answer(self.answer)

    def to_json(self) -> dict:
        pos = self.position
        pos_text = pos.to_text(with_played=pos.talon_size > 2 or no_trump(pos))
        d: dict[str, object] = {
            "id": self.id,
            "position": pos_text,
            "question": self.question,
            "objective": self.objective,
            "answer": (
                [card_str(c) for c in self.answer]
                if isinstance(self.answer, tuple)
                else fmt_fraction(self.answer)
            ),
            "difficulty": self.difficulty,
        }
        if self.title:
            d["title"] = self.title
        if self.comment:
            d["comment"] = self.comment
        if self.features:
            d["features"] = self.features
        return d

    def to_line(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)


def format_answer(ans) -> str:
    if isinstance(ans, Fraction):
        return fmt_fraction(ans)
    return ",".join(sorted(card_str(c) for c in ans))


def parse_value(text: str) -> Fraction:
    """An exact value as written in a puzzle: '7', '-3/2', '0.5'. No exponent and at most
    VALUE_CHARS characters: '1e99999999', a value Fraction reads, is a number of a hundred
    million digits, and the file or the board's answer that held it a minute's work."""
    t = text.strip()
    if len(t) > VALUE_CHARS or "e" in t.lower():
        raise PuzzleError.of("puzzle.value", text=text)
    try:
        return Fraction(t)
    except (ValueError, ZeroDivisionError):
        raise PuzzleError.of("puzzle.value", text=text) from None


def read_answer(text: str, lang: str, objective: str = "points") -> Fraction:
    """A value the player typed (``puzzles play``, the board's answer): as ``parse_value``
    reads a puzzle's, and in Italian with a decimal comma too ("0,5"; "0.5" is taken as
    well), as Italian text writes its numbers (i18n.num). A puzzle file keeps the point. For
    ``objective`` "win", a chance may be typed as a percentage ("50%", "12,5 %"); for points
    a percentage is refused (key puzzle.percent_points), as a chance is no points."""
    t = text.strip()
    percent = t.endswith("%")
    if percent:
        if objective != "win":
            raise PuzzleError.of("puzzle.percent_points", text=text)
        t = t.removesuffix("%").rstrip()
    if lang == "it" and t.count(",") == 1 and "." not in t:
        try:
            v = parse_value(t.replace(",", "."))
        except PuzzleError:
            raise PuzzleError.of("puzzle.value", text=text) from None
    else:
        try:
            v = parse_value(t)
        except PuzzleError:
            raise PuzzleError.of("puzzle.value", text=text) from None
    return v / 100 if percent else v


# ----- reading ------------------------------------------------------------------------
def plain_id(pid: str) -> bool:
    """Whether ``pid`` is an id as printed: no space around it, no control or invisible
    character in it ('e0-001 ' and 'e0-001', or a tab, would print alike and pass the
    unique-id check as two puzzles)."""
    return pid == pid.strip() and pid.isprintable()


def parse_puzzle(obj, where: str = "") -> Puzzle:
    """One puzzle from its JSON object; PuzzleError names ``where`` (e.g. 'line 3')."""

    def bad(key: str, **fields) -> NoReturn:
        """The error of ``key``, told with the line (both keys kept, so that it is said in
        the user's language)."""
        e = PuzzleError.of(key, **fields)
        if where:
            raise PuzzleError.of("puzzle.at", where=where, error=e)
        raise e

    def bad_field(field: str, e: BriscolaError) -> NoReturn:
        """``e``, an error of the puzzle's ``field``, told with the line (its key kept, so
        that it is said in the user's language)."""
        if where:
            raise PuzzleError.of("puzzle.field_at", where=where, field=field, error=e)
        raise PuzzleError.of("puzzle.field", field=field, error=e)

    if not isinstance(obj, dict):
        bad("puzzle.not_object")
    unknown = sorted(set(obj) - KEYS)
    if unknown:
        bad("puzzle.unknown_field", field=unknown[0], fields=", ".join(sorted(KEYS)))
    for k in ("id", "position", "question", "answer", "difficulty"):
        if k not in obj:
            bad("puzzle.missing", field=k)
    pid = obj["id"]
    if not isinstance(pid, str) or not pid.strip():
        bad("puzzle.id")
    if not plain_id(pid):
        bad("puzzle.id_text", got=given(pid))
    if not isinstance(obj["position"], str):
        bad("puzzle.position_text")
    try:
        pos = _puzzle_position(obj["position"])
    except PositionError as e:
        bad_field("position", e)
    q = obj["question"]
    if q not in QUESTIONS:
        bad("puzzle.question", got=repr(q))
    objective = obj.get("objective", "points")
    if objective not in OBJECTIVES:
        bad("puzzle.objective", got=repr(objective))
    if objective == "win" and pos.score is None:
        bad("puzzle.win_score")
    if pos.is_over:
        bad("puzzle.over")
    d = obj["difficulty"]
    if d not in DIFFICULTIES:
        bad("puzzle.difficulty", got=repr(d))
    ans = obj["answer"]
    if q == "best":
        if not isinstance(ans, list) or not ans or not all(isinstance(a, str) for a in ans):
            bad("puzzle.best_answer")
        try:
            cards = tuple(parse_card_id(a) for a in ans)
        except CardError as e:
            bad_field("answer", e)
        hand = hand_of(pos, pos.to_move)
        legal = set(pos.legal_cards())
        for c in cards:
            if not (hand >> c) & 1:
                bad("puzzle.not_in_hand", card=card_str(c), player=pos.to_move + 1)
            if c not in legal:  # in hand, but the led suit must be followed (Briscolone)
                said = PuzzleError.of("puzzle.not_legal", card=card_str(c), player=pos.to_move + 1)
                bad_field("answer", said)
        if len(set(cards)) != len(cards):
            bad("puzzle.answer_twice")
        if set(cards) == legal:
            bad("puzzle.no_choice", player=pos.to_move + 1)
        answer: tuple[int, ...] | Fraction = cards  # Puzzle holds them as Cards, in order
    else:
        if not isinstance(ans, (str, int)) or isinstance(ans, bool):
            bad("puzzle.value_answer")
        try:
            answer = parse_value(str(ans))
        except PuzzleError as e:
            bad_field("answer", e)
    for k in ("title", "comment"):
        if k in obj and not isinstance(obj[k], str):
            bad("puzzle.string", field=k)
    feats = obj.get("features", {})
    if not isinstance(feats, dict):
        bad("puzzle.features")
    return Puzzle(pid, pos, q, objective, answer, d, obj.get("title"), obj.get("comment"), feats)


def _puzzle_position(text: str):
    """A scoperta position, a Briscolone/Libero endgame (talon empty), or a four-player
    scoperta endgame: the last draw (talon 4) or the last three tricks."""
    pos = parse_position(text)
    if pos.hidden_hand:
        raise PositionError.of("puzzle.hidden")
    if pos.variant != "scoperta":
        if pos.variant not in TALONS:
            raise PositionError.of("puzzle.variant", variant=pos.variant)
        if pos.talon_size > max(TALONS[pos.variant]):
            key = "puzzle.talon4" if pos.players == 4 else "puzzle.talon"
            raise PositionError.of(key, variant=pos.variant, size=pos.talon_size)
    return pos


def read_puzzles(
    lines: str | Iterable[str],
    name: str | None = None,
    warn: Callable[[str], None] | None = None,
) -> list[Puzzle]:
    """Every puzzle of a JSON-lines text, given whole (a str) or as its lines (from file
    ``name``, which errors then name); blank lines are skipped, ids must be unique, and
    there must be at least one puzzle. A whole text's last line cut short by a crash is
    left out and said through ``warn`` (Python's warnings when None) once the rest is read;
    a text refused for the rest is its error alone."""
    torn = None
    if isinstance(lines, str):
        text, torn = jsonfile.without_torn_tail(lines, name or "the input")
        lines = jsonfile.lines(text)
    elif isinstance(lines, (bytes, bytearray)) or not isinstance(lines, Iterable):
        raise PuzzleError.of("argument.lines", name="lines", got=given(lines))
    out: list[Puzzle] = []
    ids: dict[str, int] = {}
    for n, line in enumerate(lines, 1):
        if not isinstance(line, str):
            raise PuzzleError.of("argument.line", name=f"line {n}", got=given(line))
        if not line.strip():
            continue
        where = f"{name}:{n}" if name else f"line {n}"
        if line.lstrip().startswith(("#", "//")):  # JSON has no comments: said, not "invalid"
            mark = "#" if line.lstrip().startswith("#") else "//"
            raise PuzzleError.of("puzzle.comment_line", where=where, mark=mark)
        try:
            obj = jsonfile.parse(line, where)
        except JSONFileError as e:
            raise PuzzleError.like(e) from None
        p = parse_puzzle(obj, where)
        key = unicodedata.normalize("NFC", p.id)  # 'café' composed or not prints the same
        if key in ids:
            raise PuzzleError.of("puzzle.id_twice", where=where, id=p.id, line=ids[key])
        ids[key] = n
        out.append(p)
    if not out:
        if name:
            raise PuzzleError.of("puzzle.empty_file", name=name)
        raise PuzzleError.of("puzzle.empty_input")
    jsonfile.tell(torn, warn)
    return out


def read_puzzle_file(path: str, warn: Callable[[str], None] | None = None) -> list[Puzzle]:
    """The puzzles of a file (UTF-8, a byte-order mark accepted); a last line cut short by a
    crash is left out and said through ``warn`` (Python's warnings when None)."""
    try:
        text = jsonfile.read_text(path)
    except JSONFileError as e:
        raise PuzzleError.like(e) from None
    return read_puzzles(text, path, warn)


#: the bundled puzzle file of each game (scoperta is the default set)
BUNDLED = {
    "scoperta": "data/puzzles.jsonl",
    "briscolone": "data/puzzles-briscolone.jsonl",
    "scoperta4": "data/puzzles-scoperta4.jsonl",
}


def bundled_lines(variant: str = "scoperta") -> list[str]:
    if variant not in BUNDLED:
        raise PuzzleError.of("puzzle.no_bundled", variant=variant, bundled=", ".join(BUNDLED))
    return jsonfile.lines(files("solver").joinpath(BUNDLED[variant]).read_text(encoding="utf-8"))


def bundled(variant: str = "scoperta") -> list[Puzzle]:
    return read_puzzles(bundled_lines(variant))


# ----- solving ------------------------------------------------------------------------
@dataclass(frozen=True)
class Check:
    """A puzzle's stated answer against the solver's. When the solver's answer is an
    estimate (a position beyond the exact search's reach) the verdict rests on it and says
    so (``ok`` is None for a stated exact value, which an estimate cannot confirm or refute);
    ``analysis`` is None for a puzzle skipped as such (``solve(exact_only=True)``).
    ``measured``: the difficulty score and label ``rate`` gives the position (``solve``
    measures a "best" puzzle with one exact best card), None where it is not measured."""

    puzzle: Puzzle
    solver: tuple[Card, ...] | Fraction | None
    ok: bool | None
    analysis: Analysis | None
    measured: tuple[int, str] | None = None

    @classmethod
    def of(cls, p: Puzzle, a: Analysis) -> Check:
        """``p``'s stated answer against ``a``, the engine's analysis of its position."""
        ok: bool | None
        if isinstance(p.answer, tuple):  # a "best" puzzle: its best cards
            got: tuple[Card, ...] | Fraction = tuple(sorted(CARDS[c] for c in a.best))
            ok = set(a.best) == set(p.answer) if a.exact else _estimated_best(p.answer, a)
        else:
            got = a.exact_value if a.exact else Fraction(a.value).limit_denominator(10**6)
            ok = got == p.answer if a.exact else None
        return cls(p, got, ok, a)

    @property
    def exact(self) -> bool:
        return self.analysis is not None and self.analysis.exact

    @property
    def too_close(self) -> bool:
        """A "best" puzzle whose estimate cannot tell the cards that may be best apart."""
        return self.ok is None and self.analysis is not None and self.puzzle.question == "best"

    @property
    def missing(self) -> tuple[Card, ...]:
        """A "best" puzzle whose stated cards are all best, but not every best card: the
        best cards it leaves out (an answer lists every card it accepts, so it is wrong,
        and says which others a player would be marked wrong for), else ()."""
        if self.ok is not False or not self.exact or not isinstance(self.puzzle.answer, tuple):
            return ()
        assert self.analysis is not None
        stated = set(self.puzzle.answer)
        if not stated < set(self.analysis.best):
            return ()
        return tuple(sorted(CARDS[c] for c in set(self.analysis.best) - stated))

    @property
    def difficulty_differs(self) -> bool:
        """Whether the stated difficulty is not the measured one: a note, never a verdict."""
        return self.measured is not None and self.measured[1] != self.puzzle.difficulty

    @property
    def verdict(self) -> str:
        return self.verdict_text()

    def verdict_text(self, lang: str = "en") -> str:
        """ok, WRONG, or why there is no verdict, in ``lang`` (``verdict``: English)."""
        if self.analysis is None:
            return command_text(lang, "solve.skipped")
        if self.too_close:
            return command_text(lang, "solve.too_close")
        if self.ok is None:
            return command_text(lang, "solve.unchecked")
        word = command_text(lang, "solve.ok" if self.ok else "solve.wrong")
        if self.missing:
            cards = ", ".join(str(c) for c in self.missing)
            return command_text(lang, "solve.incomplete", word=word, cards=cards)
        return word if self.exact else command_text(lang, "solve.estimate", word=word)

    def solver_text(self, lang: str = "en", covers: bool = False) -> str | None:
        """The solver's answer; an estimated value as a decimal with "~" (not a fraction
        that would look exact) and its ± (``covers``: with what that covers, as ``best``
        says it, where no field beside it does), in ``lang``'s numbers (the JSON's:
        English)."""
        if self.solver is None:
            return None
        if isinstance(self.solver, Fraction) and not self.exact:
            assert self.analysis is not None and self.analysis.interval is not None
            err = self.analysis.moves[0].error
            value = num(float(self.solver), ".2f", lang)
            if err is None:
                return f"~{value}"
            kind = f" ({INTERVAL_SHORT[lang][self.analysis.interval]})" if covers else ""
            return f"~{value} ±{num(err, '.2f', lang)}{kind}"
        return format_answer(self.solver)

    def to_json(self) -> dict:
        out: dict[str, object] = {
            "id": self.puzzle.id,
            "difficulty": self.puzzle.difficulty,
            "question": self.puzzle.question,
            "objective": self.puzzle.objective,
            "stated": self.puzzle.answer_text(),
            "solver": self.solver_text(),
            "ok": self.ok,
            "exact": self.exact,
            "measured_difficulty": None if self.measured is None else self.measured[1],
            "measured_score": None if self.measured is None else self.measured[0],
            "difficulty_differs": self.difficulty_differs,
        }
        if self.missing:  # stated cards all best, others as good left out
            out["missing"] = [str(c) for c in self.missing]
        if self.analysis is not None and not self.exact:  # what its ± covers, as everywhere
            assert self.analysis.interval is not None
            out["error"] = self.analysis.moves[0].error
            out["interval"] = self.analysis.interval.value
        if self.analysis is None:
            out["skipped"] = "the solver's answer would be an estimate"
        elif self.too_close:
            out["note"] = (
                "the solver's answer is an estimate too close to call between the cards that "
                "may be best: the stated cards are neither confirmed nor refuted"
            )
        elif self.ok is None:
            out["note"] = "the solver's answer is an estimate: an exact value cannot be checked"
        elif not self.exact:
            out["note"] = "the solver's answer is an estimate: the verdict rests on it"
        return out


def _estimated_best(stated: tuple[int, ...], a: Analysis) -> bool | None:
    """Stated best cards against an estimate: False where one is below the estimate's best
    beyond their gap's interval (the estimate tells it worse), True where it is the
    estimate's best alone and every other card is below it beyond its interval, else None:
    the estimate cannot tell the cards that may be best apart (AB 4.47 ± 4.74 below 3C was
    "WRONG", and the run's exit code 1)."""
    top = a.moves[0]

    def within(m: MoveValue) -> bool:
        if m is top:
            return True
        err = m.gap_error
        if err is None:  # no paired interval: the values' own, as the hints judge it
            err = max((e for e in (top.error, m.error) if e is not None), default=0.0)
        return top.value - m.value <= err

    may_be_best = {m.card for m in a.moves if within(m)}
    if not set(stated) <= may_be_best:
        return False
    return True if set(stated) == may_be_best == {top.card} else None


def solve(p: Puzzle, time_limit: float | None = None, exact_only: bool = False) -> Check:
    """The solver's answer to ``p`` and whether the stated one agrees. ``exact_only``: a
    puzzle the exact search cannot reach is skipped, not analysed."""
    if not isinstance(p, Puzzle):
        raise PuzzleError.of("argument.puzzle", name="p", got=given(p))
    if exact_only and not current_engine().exact_possible(p.position):
        return Check(p, None, None, None)
    a = analyse(p.position, p.objective, limit=Limit(time=time_limit))
    if exact_only and not a.exact:
        return Check(p, None, None, None)
    f = measure(p.position, p.objective, a, any_margin=True) if p.question == "best" else None
    return replace(Check.of(p, a), measured=None if f is None else rate(f))


# ----- generating ---------------------------------------------------------------------
def greedy_card(pos: Position) -> int:
    """The card a plain, greedy player picks: the model of a 'natural-looking' move.

    Following: take a trick that carries points from the other side with the cheapest card
    that wins it, else throw the least valuable card; with four players, last to play on a
    trick the partner holds, give it the non-trump card with the most points (loading the
    partner's trick, the move every team player sees). Leading: lead the least valuable
    non-trump card.
    """
    if no_trump(pos):
        return _greedy_game_card(pos)
    trump = pos.trump_suit
    hand = pos.legal_cards()

    def cheap(c: int):
        return (int(POINTS[c]), SUIT_OF[c] == trump, int(RANK_OF[c]), c)

    if pos.table:
        table = list(pos.table)
        held = (pos.leader + trick_winner(table, trump)) % pos.players
        if held % 2 == pos.to_move % 2:  # the partner holds the trick
            gifts = [c for c in hand if SUIT_OF[c] != trump]
            if len(table) == pos.players - 1 and gifts:
                return max(gifts, key=lambda c: (int(POINTS[c]), -int(RANK_OF[c]), -c))
            return min(hand, key=cheap)
        winners = [c for c in hand if trick_winner(table + [c], trump) == len(table)]
        if winners and sum(int(POINTS[c]) for c in table) > 0:
            return min(
                winners, key=lambda c: (SUIT_OF[c] == trump, int(POINTS[c]), int(RANK_OF[c]), c)
            )
        return min(hand, key=cheap)
    return min(hand, key=cheap)


def _greedy_game_card(pos) -> int:
    """greedy_card without trumps: take a trick with points with the cheapest card of the
    suit that beats it, else throw (or lead) the least valuable card."""
    hand = pos.legal_cards()

    def cheap(c: int):
        return (int(POINTS[c]), int(RANK_OF[c]), c)

    if pos.table:
        led = pos.table[0]
        winners = [c for c in hand if SUIT_OF[c] == SUIT_OF[led] and c > led]
        if winners and POINTS[led] > 0:
            return min(winners, key=cheap)
    return min(hand, key=cheap)


def _line_balance(pos: Position, first: int, objective: str) -> list[Fraction]:
    """Points balance (the mover's side minus the other) after each trick of the solved line
    that begins with ``first``; where the draws are unknown (four players before the last
    draw) the balance each draw leads to, weighed by its probability."""
    sv = LineSolver(objective, None)
    side = pos.to_move % 2
    out: list[Fraction] = []

    def follow(p: Position, card: int, weight: Fraction, bal: int, k: int) -> None:
        cards = [*p.table, card]
        if len(cards) == p.players:
            pts = sum(int(POINTS[c]) for c in cards)
            won = (p.leader + trick_winner(cards, p.trump_suit)) % p.players % 2 == side
            bal += pts if won else -pts
            if k == len(out):
                out.append(Fraction(0))
            out[k] += weight * bal
            k += 1
        draws: list[tuple[tuple[int, ...] | None, Fraction]] = [*p.outcomes(card)]
        for d, q in draws or [(None, Fraction(1))]:
            nxt = p.play(card, d)
            if not nxt.is_over:
                follow(nxt, sv.analyse(nxt).moves[0].card, weight * q, bal, k)

    follow(pos, first, Fraction(1), 0, 0)
    return out


def measure(
    pos: Position, objective: str = "points", a: Analysis | None = None, any_margin: bool = False
) -> dict | None:
    """The features that rate a puzzle, or None when the position is no puzzle (not one
    single best card, or too small a margin: ``any_margin`` measures a hand-written puzzle
    whose margin is under the generator's MARGIN)."""
    a = a or analyse(pos, objective)
    if not a.exact or len(a.moves) < 2 or len(a.best) != 1:
        return None
    best, second = a.moves[0], a.moves[1]
    margin = best.exact_value - second.exact_value
    if margin < MARGIN[objective] and not any_margin:
        return None
    g = greedy_card(pos)
    losing = sum(1 for m in a.moves if m.exact_value < best.exact_value)
    lines = {m.card: _line_balance(pos, m.card, objective) for m in a.moves}
    first = {c: ln[0] for c, ln in lines.items()}
    sacrifice = first[best.card] < max(v for c, v in first.items() if c != best.card)
    bl, sl = lines[best.card], lines[second.card]
    depth = len(bl)
    for k in range(len(bl) - 1, -1, -1):
        if k < len(sl) and sl[k] < bl[k]:
            depth = k + 1
        else:
            break
    return {
        "moves": len(a.moves),
        "losing": losing,
        "greedy": card_str(g),
        "greedy_wrong": g != best.card,
        "sacrifice": bool(sacrifice),
        "depth": depth,
        "tricks": len(bl),
        "margin": fmt_fraction(margin),
    }


def rate(f: dict) -> tuple[int, str]:
    """Difficulty score and label from measured features (docs/puzzles.md says how)."""
    margin = Fraction(f["margin"])
    small = margin < 10 if margin >= 1 else margin < Fraction(1, 2)
    s = 2 * f["greedy_wrong"] + f["sacrifice"] + max(0, f["depth"] - 1) + small
    label = "easy" if s <= 1 else "medium" if s <= 3 else "hard"
    return s, label


def _random_position(rng: random.Random, talon: int, mid_trick: bool, with_score: bool) -> Position:
    return random_position(rng, talon, mid_trick=mid_trick, with_score=with_score)


def theme_ideas(pos: Position, objective: str) -> list[Idea]:
    """The ideas the solved line shows for the player to move, else its partner's: never
    the other side's, which would head the comment as the player's own lesson. A
    four-player last draw has none (explain4 walks the last three tricks only)."""
    if before_last_tricks4(pos):
        return []
    ex = explain_position(pos, objective)
    mine = [i for i in ex.ideas if i.player == pos.to_move]
    ours = [i for i in ex.ideas if i.player % 2 == pos.to_move % 2]
    return mine or ours


def puzzle_ideas(pos: Position, objective: str) -> list[str]:
    """The kinds of ``theme_ideas``; ``puzzles play``'s hint names the first, its theme."""
    return [i.kind for i in theme_ideas(pos, objective)]


def _idea_card(idea: Idea) -> int | None:
    """The card the idea's player plays at its trick: the trump that takes the carico, a
    long suit's first lead; None for an idea about a suit or the whole hand."""
    if idea.kind == "save_trump":
        return idea.data["trump"]
    if idea.kind == "run_long_suit":
        return idea.data["cards"][0]
    return idea.data.get("card")


def idea_theme(idea: Idea, pos: Position, best: Iterable[int]) -> str:
    """The English theme an idea gives a puzzle: its title, and where the line shows it
    unless it is the puzzle's own move (the player to move's best card now). A partner's
    carico at trick 2 headed a comment on the mover's trump at trick 1 as its lesson."""
    title = TITLES[idea.kind]
    card = _idea_card(idea)
    if idea.player == pos.to_move and idea.trick <= 1 and (card is None or card in best):
        return title
    said = PUZZLE_COMMENTS["en"]
    where = {"s": idea.player + 1, "t": idea.trick}
    if card is None:
        return f"{title} ({said['at'].format(**where)})"
    return f"{title} ({said['at_card'].format(card=card_str(card), **where)})"


def _title(pos: Position, objective: str, best: int) -> tuple[str, str | None, list[str]]:
    """(title, theme, ideas): the title names only the stage, since a puzzle shows it before
    the answer; the idea the solved line shows (the theme) goes to the comment, shown after."""
    ideas = theme_ideas(pos, objective)
    stage = "Last draw" if pos.talon_size else "Last tricks"
    if pos.variant != "scoperta":
        stage = f"{pos.rules.title}, {stage.lower()}"
    theme = idea_theme(ideas[0], pos, (best,)) if ideas else None
    return stage, theme, [i.kind for i in ideas]


def _random_game_position(
    rng: random.Random, variant: str, mid_trick: bool, with_score: bool, talon: int = 0
):
    """A random endgame of the other games, the rest played: Briscolone/Libero 2 to 5 cards
    each; four-player scoperta 3 each, with ``talon`` 4 the last draw (a trick in progress
    holds 1 to 3 cards)."""
    v = get_variant(variant)
    n = v.players
    deck = list(range(40))
    rng.shuffle(deck)
    turn = rng.randrange(n)
    on_table = (1 if n == 2 else rng.randint(1, n - 1)) if mid_trick else 0
    leader = (turn - on_table) % n
    k = rng.randint(2, 5) if n == 2 else v.hand_size
    done = {(leader + j) % n for j in range(on_table)}
    hands = tuple(mask_of(deck.pop() for _ in range(k - (s in done))) for s in range(n))
    table = tuple(deck.pop() for _ in range(on_table))
    tal = [deck.pop() for _ in range(talon)]
    briscola = (tal[-1] if tal else rng.randrange(40)) if v.has_trump else -1
    if v.has_trump and not tal and k == v.hand_size:
        briscola = trump_drawn_last(briscola, briscola, cards_of(hands[leader - 1]))
    score = None
    if with_score:
        sc = [0, 0]
        for i in range(0, len(deck), n):
            side = rng.randrange(2)  # drawn for each trick: a seed deals what it dealt before
            sc[side if i else leader % 2] += sum(int(POINTS[c]) for c in deck[i : i + n])
        score = (sc[0], sc[1])
    top = tal[0] if tal else -1
    return Position(variant, hands, table, top, briscola, mask_of(deck), turn, score)


def _candidates(rng: random.Random, talon, variant: str, objective: str, max_tries: int):
    """(tries so far, position) for each new position worth analysing, from ``rng`` alone."""
    seen: set = set()
    talons = TALONS[variant]
    for tried in range(1, max_tries + 1):
        mid = rng.random() < 0.35
        t = talon if talon is not None else talons[0] if len(talons) == 1 else rng.choice(talons)
        if variant != "scoperta":
            pos = _random_game_position(rng, variant, mid, objective == "win", t)
            if len(pos.legal_cards()) < 2:
                continue
        else:
            pos = _random_position(rng, t, mid, objective == "win")
            if t == 0 and pos.hands[pos.to_move].bit_count() < 2:
                continue
        if pos in seen:
            continue
        seen.add(pos)
        yield tried, pos


def evaluate(pos, objective: str, difficulty: str | None):
    """(best card, difficulty, title, comment, features) if ``pos`` makes a puzzle of that
    difficulty (any when None), else None."""
    a = analyse(pos, objective)
    f = measure(pos, objective, a)
    if f is None:
        return None
    score, label = rate(f)
    if difficulty is not None and label != difficulty:
        return None
    f["score"] = score
    title, theme, ideas = _title(pos, objective, a.moves[0].card)
    if ideas:
        f["ideas"] = ideas
    g = parse_card_id(f["greedy"])
    said = PUZZLE_COMMENTS["en"]
    if f["greedy_wrong"]:
        cost = a.moves[0].exact_value - a.move(g).exact_value
        unit = said[objective + "4" if pos.players == 4 else objective]
        comment = said["costs"].format(card=f["greedy"], cost=fmt_fraction(cost), unit=unit)
    else:
        comment = said["right"].format(card=f["greedy"])
    comment = f"{theme}: {comment}" if theme else comment[0].upper() + comment[1:]
    return a.moves[0].card, label, title, comment, f


def _evaluated(candidates, objective, difficulty, evaluate_many, batch: int = 32):
    """(tries, position, evaluation or None) of each candidate, in their order: one by one
    here, or ``batch`` at a time through ``evaluate_many``. The running context's Stop is
    checked before and after each (Stopped): a search too small to reach its own check ends
    too, and what was still being evaluated when the stop came is not kept."""
    while True:
        check_stop()
        chunk = list(itertools.islice(candidates, 1 if evaluate_many is None else batch))
        if not chunk:
            return
        args = [(pos, objective, difficulty) for _, pos in chunk]
        results = [evaluate(*args[0])] if evaluate_many is None else evaluate_many(args)
        check_stop()
        for (tried, pos), r in zip(chunk, results, strict=True):
            yield tried, pos, r


def generate(
    count: int,
    seed: int = 0,
    talon: int | None = None,
    difficulty: str | None = None,
    objective: str = "points",
    max_tries: int | None = None,
    id_prefix: str | None = None,
    progress=None,
    variant: str = "scoperta",
    evaluate_many=None,
) -> Iterator[Puzzle]:
    """Random endgame puzzles with one best card and a real margin, rated by measurement.

    ``talon`` None mixes the game's stages (TALONS: scoperta 0 and 2, scoperta4 0 and 4).
    ``progress(found, tried)`` is called now and then.
    Stops after ``max_tries`` positions even if fewer puzzles were found. The candidate
    positions come from the seed alone, so ``evaluate_many`` (a function mapping a list of
    argument tuples of ``evaluate`` to their results, in order: a cluster) gives the same
    puzzles as the plain loop. At most ``count`` puzzles (a whole number: 0 gives none);
    the arguments are checked here, before the first puzzle is asked for.
    """
    if not whole(count) or count < 0:
        raise PuzzleError.of("argument.at_least", name="count", lo=0, got=given(count))
    if variant not in TALONS:
        raise PuzzleError.of("puzzle.generate_variant", variant=variant)
    if talon is not None and talon not in TALONS[variant]:
        if variant in GAME_VARIANTS:
            raise PuzzleError.of("puzzle.generate_talon_game", variant=variant, talon=talon)
        key = "puzzle.generate_talon4" if variant == "scoperta4" else "puzzle.generate_talon"
        raise PuzzleError.of(key, talon=talon)
    if difficulty not in (None,) + DIFFICULTIES:
        raise PuzzleError.of("puzzle.difficulty", got=repr(difficulty))
    if objective not in OBJECTIVES:
        raise PuzzleError.of("puzzle.generate_objective", got=repr(objective))
    prefix = id_prefix if id_prefix is not None else f"g{seed}-"
    if not isinstance(prefix, str) or not plain_id(prefix + "001"):
        raise PuzzleError.of("puzzle.id_prefix", got=given(prefix))
    max_tries = max_tries if max_tries is not None else max(1000, 3000 * count)
    if count == 0:
        return iter(())
    return _generate(
        count,
        seed,
        talon,
        difficulty,
        objective,
        max_tries,
        prefix,
        progress,
        variant,
        evaluate_many,
    )


def _generate(
    count, seed, talon, difficulty, objective, max_tries, prefix, progress, variant, evaluate_many
) -> Iterator[Puzzle]:
    """generate's puzzles, its arguments checked."""
    found = tried = 0
    candidates = _candidates(random.Random(seed), talon, variant, objective, max_tries)
    shown = 0
    for tried, pos, r in _evaluated(candidates, objective, difficulty, evaluate_many):
        if progress is not None and tried // 50 > shown:
            shown = tried // 50
            progress(found, tried)
        if r is None:
            continue
        best, label, title, comment, f = r
        found += 1
        yield Puzzle(
            f"{prefix}{found:03d}", pos, "best", objective, (best,), label, title, comment, f
        )
        if found == count:
            break
    if progress is not None:
        progress(found, tried)
