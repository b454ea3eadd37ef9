"""One exact search of a 2-player scoperta position split into independent tasks and put
back together exactly, so that many machines can share it (``analyse POSITION --cluster``).

The root is expanded through the position protocol to one of two depths: its cards
(``CARDS``: a leaf after each card of a trick's start, the opponent to reply), or the end
of the first trick (``DRAWS``: the mover's card, the reply, and the first draw when chance
follows, ``outcomes`` giving every draw with its probability). Each leaf is a position
solved exactly by the engine on its own (its best card's value is its value); the leaves
are grouped into tasks, and the values are combined by expectimax over the draws and
minimax over the cards, in fractions, in the frame of ``Analysis``: objective "points" =
points still to win, mover minus opponent; "win" = the mover's chance of 61+.

Why these depths (measured in docs/cluster.md, talon 10 and 12): a leaf's analysis values
every one of its cards exactly, on a table of its own. After the root's cards that is what
the root needs anyway, but there are only 2 or 3 tasks, the slowest a third to two thirds
of the work, and the cards no longer share one table: 1.3 to 1.9 times the local search's
nodes. After the first draw there are plenty of tasks (9 card pairs times 56, 90, 132,
182 draws at talon 10, 12, 14, 16), but each leaf's every card is solved where the local
search needs only the best one and bounds on the others: 2.1 to 4.1 times the nodes (the
less, the bigger the talon). So the draws pay from about 5 worker threads on
(``DRAWS_FROM_WORKERS``); there a task groups the leaves of one card pair (a worker's warm
table then serves all its draws), cut into slices when there would be fewer than
``TASKS_PER_WORKER`` tasks a worker, so that a slow task leaves no worker idle and a lost
one costs little. Deeper is not needed: 1,638 leaves at talon 16 feed 400 workers.

No Dask here: the CLI (cli/cmd_analyse.py) runs the tasks through solver/cluster.py.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from solver.analysis import Analysis, Engine, MoveValue, analyse, check_objective
from solver.analysis.result import value_bound
from solver.cards import Card, card_str, to_card
from solver.errors import BriscolaError, Count, Note
from solver.position import Position, PositionError, SeatPosition, parse_position

#: the two depths of a split: after the root's cards, or after the first trick's draw
CARDS, DRAWS = "cards", "draws"
DEPTHS = (CARDS, DRAWS)
#: a leaf's value as LeafValue.to_json writes it (str of a Fraction): no exponent, no
#: decimal point, so that a logged '1e99999999' is not a number of a hundred million digits
LEAF_VALUE = re.compile(r"-?\d{1,60}(?:/\d{1,60})?")
#: no leaf's value strays further: a deal's points (a chance of winning, 1)
LEAF_BOUND = 120
#: worker threads from which a split goes down to the first draw (see above)
DRAWS_FROM_WORKERS = 5
#: tasks wanted per worker thread at the draws' depth
TASKS_PER_WORKER = 4


class SplitError(BriscolaError):
    """A position whose exact search cannot be split into tasks (another game, a seat's
    view, a deal that is over, leaves beyond the exact search's reach)."""


@dataclass(frozen=True)
class Leaf:
    """A position at the end of the split, ``path`` the cards that led to it and ``draws``
    the first draw on the way (None when none was left to chance)."""

    pos: Position
    path: tuple[int, ...]
    draws: tuple[int, ...] | None

    @property
    def terminal(self) -> bool:
        return self.pos.is_over


@dataclass(frozen=True)
class Node:
    """A decision: each legal card with what may follow it, (probability, subtree) pairs
    (one pair of probability 1 when no chance follows); a subtree is a Node or a leaf's
    index."""

    pos: Position
    moves: tuple[tuple[Card, tuple[tuple[Fraction, Node | int], ...]], ...]


@dataclass(frozen=True)
class LeafValue:
    """What a task gives back for one leaf: its exact value for its mover, its principal
    line and the nodes searched."""

    value: Fraction
    pv: tuple[Card, ...]
    nodes: int

    def to_json(self) -> dict:
        return {"value": str(self.value), "pv": [card_str(c) for c in self.pv], "nodes": self.nodes}

    @classmethod
    def from_json(cls, row: Mapping) -> LeafValue:
        """A logged leaf back; BriscolaError (naming what is wrong) when it is not one: a
        value that no leaf has (beyond LEAF_BOUND) is refused, not combined into an answer
        said to be exact."""
        try:
            value, pv, nodes = row["value"], row["pv"], row["nodes"]
            if (
                not isinstance(value, str)
                or not LEAF_VALUE.fullmatch(value)
                or not isinstance(pv, list)
                or not isinstance(nodes, int)
                or isinstance(nodes, bool)
                or nodes < 0
            ):
                raise TypeError
            leaf = cls(Fraction(value), tuple(to_card(c) for c in pv), nodes)
        except (KeyError, TypeError, ValueError, ZeroDivisionError):
            raise SplitError.of("split.leaf") from None
        if abs(leaf.value) > LEAF_BOUND:
            raise SplitError.of("split.leaf_range", value=value, most=LEAF_BOUND)
        return leaf


@dataclass(frozen=True)
class Split:
    """The tree down to the leaves, and the leaves in a fixed order (the log's indices)."""

    root: Node
    objective: str
    depth: str
    leaves: tuple[Leaf, ...]

    def todo(self) -> list[int]:
        """The leaves a task must solve (the others are over: their value is known)."""
        return [i for i, leaf in enumerate(self.leaves) if not leaf.terminal]

    @property
    def where(self) -> Note:
        """Where the split cut the search, in words (a note's part): after the root's cards,
        or at the end of the first trick, after its draw while the talon has cards (an empty
        talon draws none)."""
        if self.depth == CARDS:
            return Note.of("note.part.at_cards")
        return Note.of("note.part.at_draws" if self.root.pos.talon_size else "note.part.at_trick")


def settled(pos: Position, objective: str = "points") -> Split | None:
    """The split of ``pos`` when every line ends the deal within its first trick (the last
    trick, or the reply to it): no leaf needs a search, so the value is combined where the
    split is made, with no task and no worker; None when some leaf needs one."""
    s = split(pos, objective, DRAWS)
    return None if s.todo() else s


def depth_for(pos: Position, workers: int) -> str:
    """The depth worth splitting ``pos`` to for ``workers`` worker threads."""
    return CARDS if pos.table == () and workers < DRAWS_FROM_WORKERS else DRAWS


def check(pos: object, objective: str) -> None:
    """SplitError (or PositionError for the objective) when ``pos`` cannot be split."""
    if not isinstance(pos, Position) or pos.variant_name != "scoperta" or pos.players != 2:
        raise SplitError.of("split.not_scoperta")
    if pos.is_over:
        raise SplitError.of("split.over")
    check_objective(pos, objective)


def split(pos: Position, objective: str = "points", depth: str = DRAWS) -> Split:
    """The split of ``pos``'s exact search down to ``depth``; SplitError when it cannot be
    split."""
    check(pos, objective)
    if depth not in DEPTHS:
        raise SplitError.of("split.depth", depths=DEPTHS, got=repr(depth))
    leaves: list[Leaf] = []
    root = _expand(pos, (), depth, leaves)
    assert isinstance(root, Node)
    for leaf in leaves:
        if not leaf.terminal and not Engine.exact_possible(leaf.pos):
            raise SplitError.of("split.beyond")
    return Split(root, objective, depth, tuple(leaves))


def _expand(pos: Position, path: tuple[int, ...], depth: str, leaves: list[Leaf]) -> Node | int:
    """The subtree at ``pos``: decisions down to ``depth``, then a leaf."""
    if path and (depth == CARDS or not pos.table):
        leaves.append(Leaf(pos, path, None))
        return len(leaves) - 1
    moves = []
    for card in pos.legal_cards():
        outs = pos.outcomes(card)
        if outs:
            after: tuple[tuple[Fraction, Node | int], ...] = tuple(
                (p, _leaf(pos.play(card, draws), path + (card,), draws, leaves))
                for draws, p in outs
            )
        else:
            after = ((Fraction(1), _expand(pos.play(card), path + (card,), depth, leaves)),)
        moves.append((card, after))
    return Node(pos, tuple(moves))


def _leaf(pos: Position, path: tuple[int, ...], draws: tuple[int, ...], leaves: list[Leaf]) -> int:
    leaves.append(Leaf(pos, path, tuple(int(c) for c in draws)))
    return len(leaves) - 1


def tasks(s: Split, todo: Iterable[int], workers: int = 1) -> list[list[int]]:
    """The leaves ``todo`` grouped into tasks: a task per card pair (the leaves of one
    path), each cut into slices when there would be fewer than TASKS_PER_WORKER tasks a
    worker."""
    groups: dict[tuple[int, ...], list[int]] = {}
    for i in todo:
        groups.setdefault(s.leaves[i].path, []).append(i)
    cuts = max(1, math.ceil(TASKS_PER_WORKER * workers / max(1, len(groups))))
    out: list[list[int]] = []
    for g in groups.values():
        k = min(cuts, len(g))
        out.extend(g[j * len(g) // k : (j + 1) * len(g) // k] for j in range(k))
    return out


def check_leaf(leaf: Leaf, v: LeafValue, objective: str) -> None:
    """SplitError when ``v`` cannot be ``leaf``'s (a tampered log row): a value beyond what
    its position has still to win (its points in play, or a chance from 0 to 1), or a
    principal line that is not its legal cards one after the other, up to a draw. A value
    within LEAF_BOUND is not enough: it would be combined into an answer said to be exact."""
    most = Fraction(int(value_bound(leaf.pos, objective)))
    least = Fraction(0) if objective == "win" else -most
    if not least <= v.value <= most:
        raise SplitError.of("split.leaf_bound", least=least, most=most, value=v.value)
    pos: Position | None = leaf.pos
    for n, card in enumerate(v.pv, 1):
        if pos is None or pos.is_over or card not in pos.legal_cards():
            raise SplitError.of("split.leaf_pv", card=card_str(card), n=n)
        try:
            pos = pos.play(card)
        except PositionError:  # a draw nobody knows follows (not every draw built to say so)
            pos = None


def leaf_value(leaf: Leaf, row: Mapping, objective: str) -> LeafValue:
    """``leaf``'s value read from a task's row, fresh from a worker or logged: its form
    (``LeafValue.from_json``) and what the leaf may have (``check_leaf``), one check for
    both, before it is combined into an answer said to be exact."""
    v = LeafValue.from_json(row)
    check_leaf(leaf, v, objective)
    return v


def solve_leaf(pos: Position | SeatPosition, objective: str) -> LeafValue:
    """A leaf solved exactly by the running context's engine, whatever the time (no
    budget: an exact search without a limit)."""
    a = analyse(pos, objective)
    if not a.exact or a.value_exact is None:
        raise SplitError.of("split.not_exact", position=pos.to_text())
    return LeafValue(a.value_exact, a.pv, a.nodes)


def solve_task(texts: list[str], objective: str) -> list[dict]:
    """A task (on a worker): its leaves, given by their notation, solved one after the
    other with the worker's table; a JSON object (``LeafValue.to_json``) each."""
    return [solve_leaf(parse_position(t), objective).to_json() for t in texts]


def terminal_value(pos: Position, objective: str) -> Fraction:
    """The value of a deal that is over, for its side to move: nothing left to win, or
    whether that side has 61+ (60-60 one half)."""
    if objective == "points":
        return Fraction(0)
    assert pos.score is not None
    mine = pos.score[pos.to_move % 2]
    return Fraction(1) if mine > 60 else Fraction(1, 2) if mine == 60 else Fraction(0)


def _seen_from(parent: Position, child: Position, v: Fraction, objective: str) -> Fraction:
    """``child``'s value ``v`` (for its side to move) as the value of the move that led
    there, for ``parent``'s side to move: a trick's points go to the side that leads next."""
    same = child.to_move % 2 == parent.to_move % 2
    if objective == "win":
        return v if same else 1 - v
    taken = parent.points_in_play - child.points_in_play
    return taken + v if same else -(taken + v)


class _Combine:
    def __init__(self, s: Split, values: Mapping[int, LeafValue]):
        self.s = s
        self.values = values

    def leaf(self, i: int) -> Fraction:
        leaf = self.s.leaves[i]
        if leaf.terminal:
            return terminal_value(leaf.pos, self.s.objective)
        return self.values[i].value

    def card_values(self, node: Node) -> dict[Card, Fraction]:
        return {
            card: sum((p * self.after(node.pos, sub) for p, sub in after), Fraction(0))
            for card, after in node.moves
        }

    def after(self, pos: Position, sub: Node | int) -> Fraction:
        if isinstance(sub, Node):
            return _seen_from(pos, sub.pos, max(self.card_values(sub).values()), self.s.objective)
        return _seen_from(pos, self.s.leaves[sub].pos, self.leaf(sub), self.s.objective)

    def line(self, node: Node, vals: dict[Card, Fraction]) -> list[Card]:
        """Best cards, the lowest of equals (as the local principal line), until a draw
        whose outcome is unknown or a leaf, whose own line follows."""
        best = max(vals, key=lambda c: (vals[c], -c))
        after = dict(node.moves)[best]
        if len(after) > 1:
            return [best]
        sub = after[0][1]
        if isinstance(sub, Node):
            return [best, *self.line(sub, self.card_values(sub))]
        if self.s.leaves[sub].terminal:
            return [best]
        return [best, *self.values[sub].pv]


def combine(
    s: Split, values: Mapping[int, LeafValue], seconds: float = 0.0, note: Note | None = None
) -> Analysis:
    """The root's exact Analysis from every non-terminal leaf's value (``values``, by leaf
    index); its notes say how it was split (or that no leaf needed a search: ``settled``),
    and ``note`` after that (where it ran)."""
    missing = [i for i in s.todo() if i not in values]
    if missing:
        raise SplitError.of(
            "split.missing", missing=Count(len(missing)), leaves=Count(len(s.leaves))
        )
    c = _Combine(s, values)
    vals = c.card_values(s.root)
    best_v = max(vals.values())
    moves = tuple(
        MoveValue(card, float(v), v)
        for card, v in sorted(vals.items(), key=lambda kv: (-kv[1], kv[0]))
    )
    how = (
        Note.of("note.split", n=Count(len(s.leaves)), where=s.where)
        if s.todo()
        else Note.of("note.split_settled")
    )
    return Analysis(
        position=s.root.pos,
        objective=s.objective,
        exact=True,
        value=float(best_v),
        value_exact=best_v,
        moves=moves,
        best=tuple(card for card, v in vals.items() if v == best_v),
        pv=tuple(c.line(s.root, vals)),
        nodes=sum(values[i].nodes for i in s.todo()),
        seconds=seconds,
        notes=(how,) if note is None else (how, note),
    )


def analyse_split(pos: Position, objective: str = "points", depth: str = DRAWS) -> Analysis:
    """The split search run here, leaf after leaf: what a cluster computes, without one
    (the tests check it against the local search)."""
    t0 = time.perf_counter()
    s = split(pos, objective, depth)
    values = {i: solve_leaf(s.leaves[i].pos, objective) for i in s.todo()}
    return combine(s, values, time.perf_counter() - t0)
