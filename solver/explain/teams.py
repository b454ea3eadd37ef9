"""Explanations of four-player Briscola scoperta endgames (talon empty: the last three
tricks, every hand open): the outcome for the two teams, the best line trick by trick with
a reason per card, what every other card costs and the reply that punishes it, and the
team ideas the line shows (loading the partner's trick with points; letting the partner's
trump take the trick). Built from analyses only, like the two-player explanation."""

from __future__ import annotations

from solver.analysis import Analysis
from solver.cards import POINTS
from solver.explain.model import Alternative, Explanation, Idea, Ply, Trick4
from solver.explain.render import render4
from solver.explain.scoperta import LineSolver
from solver.i18n import TEAM_WORDS as WORDS
from solver.position import Position, PositionError
from solver.rules import trick_winner

__all__ = ["WORDS", "explain4", "explainable", "render4"]


def explainable(pos) -> bool:
    """Whether ``pos`` is a four-player game, which this module explains."""
    return not pos.hidden_hand and pos.variant_name == "scoperta4"


def before_last_tricks4(pos) -> bool:
    """Whether ``pos`` is a four-player position with talon cards still to draw, which
    explain4 does not walk (it explains the last three tricks)."""
    return explainable(pos) and bool(pos.talon_size)


def explain4(pos: Position, objective: str = "points") -> Explanation:
    """Everything the explanation of a four-player endgame says, as data."""
    if pos.talon_size:
        raise PositionError.of("explain.talon4", talon=pos.talon_size)
    sv = LineSolver(objective, None)  # the line, the alternatives and the ideas share it
    root = sv.analyse(pos)
    line = _line(pos, sv, root, _table_cards(pos))
    pw, tw = [0, 0], [0, 0]
    for t in line:
        pw[t.winner % 2] += t.points
        tw[t.winner % 2] += 1
    alts = []
    for m in root.moves:
        if m.value_exact == root.value_exact:
            continue
        first = Ply(pos.to_move, m.card, None, "alt")
        rest = _line(pos.play(m.card), sv, None, _table_cards(pos) + [first])
        plies = [c for t in rest for c in t.cards][len(pos.table) :]
        j = next((k for k, c in enumerate(plies) if c.analysis is not None), None)
        alts.append(Alternative.judged(m, root, rest, plies, j, len(pos.table), 4))
    return Explanation(
        pos,
        objective,
        "endgame",
        pos.to_move,
        root,
        tuple(line),
        tuple(alts),
        tuple(_ideas(line, sv)),
        (tw[0], tw[1]),
        (pw[0], pw[1]),
        None if pos.score is None else (pos.score[0] + pw[0], pos.score[1] + pw[1]),
    )


def _table_cards(pos: Position) -> list[Ply]:
    return [Ply((pos.leader + i) % 4, c, None, "table") for i, c in enumerate(pos.table)]


def _close(cur: list[Ply], trump: int, tricks: list[Trick4]) -> None:
    cards = [x.card for x in cur]
    w = (cur[0].player + trick_winner(cards, trump)) % 4
    tricks.append(Trick4(len(tricks) + 1, tuple(cur), w, sum(int(POINTS[x]) for x in cards)))


def _line(pos: Position, sv: LineSolver, root: Analysis | None, current: list[Ply]) -> list[Trick4]:
    """The best line from ``pos`` to the end, grouped in tricks; ``current`` holds the cards
    of the trick in progress, in play order (a full trick is closed first)."""
    cur = list(current)
    tricks: list[Trick4] = []
    if len(cur) == 4:
        _close(cur, pos.trump_suit, tricks)
        cur = []
    p, a = pos, root
    while not p.is_over:
        a = a or sv.analyse(p)
        c = sorted(a.best)[0]
        if len(a.moves) == 1:
            why = "forced"
        elif all(m.value_exact == a.value_exact for m in a.moves):
            why = "any"
        else:
            why = "best"
        cur.append(Ply(p.to_move, c, a, why))
        p, a = p.play(c), None
        if len(cur) == 4:
            _close(cur, pos.trump_suit, tricks)
            cur = []
    return tricks


def _ideas(line: list[Trick4], sv: LineSolver) -> list[Idea]:
    """Team ideas shown by the line, each only where the card was a real choice. That the
    partner takes the trick is said only where every best continuation has it so; a carico
    given while the partner holds the trick but later cards may take it, "for now"."""
    out = []
    for t in line:
        for i, c in enumerate(t.cards):
            if c.reason != "best" or c.analysis is None:
                continue
            partner = (c.player + 2) % 4
            if t.winner != partner:
                continue
            sure = sv.winners(c.position, c.card) == {partner}
            if POINTS[c.card] > 0 and any(
                POINTS[m.card] < POINTS[c.card] for m in c.analysis.moves
            ):
                if sure:
                    out.append(Idea("load_partner", c.player, t.number, {"card": c.card}))
                elif _holds(t.cards[:i], partner, c.position.trump_suit):
                    out.append(
                        Idea("load_partner", c.player, t.number, {"card": c.card, "for_now": True})
                    )
            if not sure or POINTS[c.card] or all(x.player != partner for x in t.cards[i + 1 :]):
                continue
            if any(m.exact_value < c.analysis.exact_value for m in c.analysis.moves):
                out.append(Idea("partner_takes", c.player, t.number, {"card": c.card}))
    return out


def _holds(before: tuple[Ply, ...], seat: int, trump: int) -> bool:
    """Whether ``seat``'s card takes the trick's cards played so far."""
    cards = [x.card for x in before]
    return bool(cards) and before[trick_winner(cards, trump)].player == seat
