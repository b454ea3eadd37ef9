"""The explanation of a Briscola scoperta position (two players, trumps): from the last draw
on the solved line trick by trick with a reason per card, what every other card costs and
how it is punished, and the ideas the line shows; earlier, what is known. Every fact comes
from ``solver.analysis.analyse``; the pieces shared with the no-trump games live here too
(the analysis cache, the alternatives, the tally, the count to 61)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from solver.analysis import Analysis, analyse
from solver.cards import POINTS, RANK_OF, SUIT_MASKS, SUIT_OF, cards_of
from solver.explain.model import Alternative, Explanation, Idea, Ply, Trick, on_table
from solver.position import Position
from solver.rules import beats, trick_winner

#: seconds for the analysis before the last draw, unless the caller says otherwise
EARLY_TIME_LIMIT = 10.0


def is_deterministic(pos: Position) -> bool:
    """True from the last draw on: nothing random is left, the rest is perfect play."""
    return pos.talon_size <= 2


def phase_of(pos: Position) -> str:
    if pos.talon_size == 0:
        return "endgame"
    if pos.talon_size == 2:
        return "last_draw"
    return "before_endgame"


class LineSolver:
    """Analyses positions once each: the line, alternatives and ideas ask many times."""

    def __init__(self, objective: str, time_limit: float | None):
        self.objective = objective
        self.time_limit = time_limit
        self.cache: dict[Position, Analysis] = {}

    def analyse(self, pos: Position) -> Analysis:
        a = self.cache.get(pos)
        if a is None:
            a = analyse(pos, self.objective, self.time_limit)
            self.cache[pos] = a
        return a

    def best_cards(self, pos: Position) -> list[int]:
        """Every card as good as the best at ``pos``: the cards some best line plays."""
        a = self.analyse(pos)
        return [m.card for m in a.moves if m.value_exact == a.value_exact]

    def winners(self, pos: Position, card: int) -> frozenset[int]:
        """Who takes the trick ``card`` is played to from ``pos``, over every best
        continuation: one seat only where every best line agrees."""
        cards = [*pos.table, card]
        if len(cards) == pos.players:
            return frozenset({(pos.leader + trick_winner(cards, pos.trump_suit)) % pos.players})
        nxt = pos.play(card)
        return frozenset().union(*(self.winners(nxt, c) for c in self.best_cards(nxt)))

    def always(self, pos: Position, card: int, hit: Callable[[list[int], int, int], bool]) -> bool:
        """Whether every best continuation of ``card`` from ``pos`` completes a trick that
        ``hit`` (its cards in play order, its leader, its winner) accepts: what a claim
        about the rest of the deal needs, as any best line may be the one played."""
        memo: dict[Position, bool] = {}

        def after(p: Position, c: int) -> bool:
            cards = [*p.table, c]
            if len(cards) == p.players:
                w = (p.leader + trick_winner(cards, p.trump_suit)) % p.players
                if hit(cards, p.leader, w):
                    return True
            return every(p.play(c))

        def every(p: Position) -> bool:
            if p.is_over:
                return False
            if p not in memo:
                memo[p] = all(after(p, c) for c in self.best_cards(p))
            return memo[p]

        return after(pos, card)

    def plies(self, pos: Position, first: int | None = None) -> list[Ply]:
        """The solved line from ``pos`` to the end; ``first`` forces the first card."""
        out: list[Ply] = []
        p = pos
        while not p.is_over:
            a = self.analyse(p)
            c = first if (first is not None and not out) else a.moves[0].card
            out.append(Ply(p.to_move, c, a))
            p = p.play(c)
        return out


def line_tricks(pos: Position, plies: list[Ply], start: int = 1) -> list[Trick]:
    """Group a 2-player line's cards into tricks, with or without trumps (a trick begun on
    the table counts as the first; the last draw's cards when the line reaches it)."""
    out: list[Trick] = []
    seq = list(plies)
    if pos.table:
        seq = [Ply(pos.leader, pos.table[0], None)] + seq
    talon = pos.talon_size
    top, brisc = pos.top, pos.briscola
    i = 0
    while i + 1 < len(seq):
        lead, follow = seq[i], seq[i + 1]
        w = (
            lead.player
            if trick_winner([lead.card, follow.card], pos.trump_suit) == 0
            else follow.player
        )
        pts = int(POINTS[lead.card] + POINTS[follow.card])
        draws = None
        if talon:
            if talon == 2:
                draws = (top, brisc)
            talon -= 2
        out.append(Trick(start + len(out), lead.player, lead, follow, w, pts, draws))
        i += 2
    return out


def _winning_cards(hand: int, led: int, trump: int) -> list[int]:
    return [c for c in cards_of(hand) if beats(c, led, trump)]


def ties_with(ply: Ply, card: int) -> bool:
    """Whether ``card``, a legal card where ``ply`` was played, is worth as much as it."""
    a = ply.analysis
    return a is not None and any(m.card == card and m.value_exact == a.value_exact for m in a.moves)


def _position_before(pos: Position, plies: list[Ply], k: int) -> Position:
    p = pos
    for j in range(k):
        p = p.play(plies[j].card)
    return p


def explain_scoperta(
    pos: Position, objective: str = "points", time_limit: float | None = None
) -> Explanation:
    """Everything the explanation of a scoperta position says, as data built from analyses."""
    if time_limit is None and not is_deterministic(pos):
        time_limit = EARLY_TIME_LIMIT
    facts = _facts(pos)
    if not is_deterministic(pos):  # what is known: one analysis, Ctrl-C its answer so far
        root = analyse(pos, objective, time_limit, estimate_on_interrupt=True)
        return Explanation(pos, objective, phase_of(pos), pos.to_move, root, facts=facts)
    sv = LineSolver(objective, time_limit)
    root = sv.analyse(pos)
    if not root.exact:
        return Explanation(pos, objective, phase_of(pos), pos.to_move, root, facts=facts)
    return explained_line(
        pos,
        objective,
        phase_of(pos),
        sv,
        root,
        facts,
        lambda t: _reasons(t, pos),
        lambda plies, tricks: _ideas(pos, plies, tricks, sv),
    )


def explained_line(
    pos,
    objective: str,
    phase: str,
    sv: LineSolver,
    root: Analysis,
    facts: dict,
    reasons: Callable[[Trick], list[dict]],
    ideas: Callable[[list[Ply], list[Trick]], list[Idea]],
) -> Explanation:
    """The explanation of a two-player position ``sv`` solves exactly (``root``), whatever
    the game: the line trick by trick with each card's ``reasons(trick)``, every other
    card's cost and punishing reply, the ``ideas(plies, tricks)`` the line shows, and the
    tally."""
    plies = sv.plies(pos)
    tricks = [replace(t, reasons=tuple(reasons(t))) for t in line_tricks(pos, plies)]
    alts = alternatives(pos, root, plies, sv)
    return Explanation(
        pos,
        objective,
        phase,
        pos.to_move,
        root,
        tuple(tricks),
        alts,
        tuple(ideas(plies, tricks)),
        *tally(pos, tricks),
        facts,
    )


def tally(pos, tricks) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int] | None]:
    """(tricks won, points won, final score or None) per player along a line."""
    tw, pw = [0, 0], [0, 0]
    for t in tricks:
        tw[t.winner] += 1
        pw[t.winner] += t.points
    final = None
    if pos.score is not None:
        final = (pos.score[0] + pw[0], pos.score[1] + pw[1])
    return (tw[0], tw[1]), (pw[0], pw[1]), final


def alternatives(pos, root: Analysis, plies, sv) -> tuple:
    """Every card other than the line's first: its cost, the opponent's punishing answer
    and the line that follows."""
    alts = []
    for m in root.moves:
        if m.card == plies[0].card:
            continue
        judged = [Ply(pos.to_move, m.card, root)] + sv.plies(pos.play(m.card))
        j = next((k for k, q in enumerate(judged) if q.player != pos.to_move), None)
        line = line_tricks(pos, judged)
        alts.append(Alternative.judged(m, root, line, judged, j, on_table(pos), 2))
    return tuple(alts)


def _facts(pos: Position) -> dict:
    trump = pos.trump_suit
    trumps_out = [c for c in cards_of(pos.trumps_out)]
    f = {
        "talon": pos.talon_size,
        "unseen": cards_of(pos.unseen),
        "trumps_out": trumps_out,
        "trumps_hand": [
            cards_of(pos.hands[0] & SUIT_MASKS[trump]),
            cards_of(pos.hands[1] & SUIT_MASKS[trump]),
        ],
        "points_in_play": pos.points_in_play,
        "tricks_to_last_draw": max(0, (pos.talon_size - 2) // 2),
    }
    return with_score(f, pos.score)


def _reasons(t: Trick, pos: Position) -> list[dict]:
    """Why each card of the trick was played, as facts read off the analyses."""
    out: list[dict] = []
    trump = pos.trump_suit
    for role, ply in (("lead", t.lead), ("follow", t.follow)):
        if ply.analysis is None:
            out.append({"player": ply.player, "card": ply.card, "kind": "on_table"})
            continue
        r: dict = {"player": ply.player, "card": ply.card}
        cost = ply.cost
        if ply.choices == 1:
            r["kind"] = "forced"
        elif cost == 0 and all(
            m.value_exact == ply.analysis.value_exact for m in ply.analysis.moves
        ):
            r["kind"] = "indifferent"
        elif role == "lead":
            other = ply.position.hands[1 - ply.player]
            r["kind"] = "safe_lead" if not _winning_cards(other, ply.card, trump) else "lead"
            if r["kind"] == "lead" and cost == 0:  # another lead does as well: not "the" lead
                r["shared"] = True
        else:
            hand = ply.position.hands[ply.player]
            can_win = _winning_cards(hand | (1 << ply.card), t.lead.card, trump)
            if t.winner == ply.player:
                r["kind"] = (
                    "take_trump"
                    if SUIT_OF[ply.card] == trump and SUIT_OF[t.lead.card] != trump
                    else "take"
                )
            elif can_win:
                r["kind"] = "duck"
                if any(ties_with(ply, c) for c in can_win):  # taking does as well: not on purpose
                    r["shared"] = True
            else:
                r["kind"] = "cannot_take"
        out.append(with_cost(r, ply))
    return out


def with_cost(r: dict, ply: Ply) -> dict:
    """A reason with what any other card would cost and the next best card, if it costs."""
    cost, a = ply.cost, ply.analysis
    if cost is not None and cost > 0 and a is not None:
        r["cost"] = cost
        others = [m for m in a.moves if m.card != ply.card]
        r["next_best"] = max(others, key=lambda m: m.exact_value).card
    return r


def with_score(f: dict, score) -> dict:
    """The facts with the score and what each player still needs to reach 61."""
    if score is not None:
        f["score"] = list(score)
        f["needed"] = [max(0, 61 - score[0]), max(0, 61 - score[1])]
    return f


# ----- ideas --------------------------------------------------------------------------
def _ply_index(pos: Position, trick_no: int, role: int) -> int:
    """Index into the line's plies of a trick's lead (role 0) or follow (role 1)."""
    off = len(pos.table)
    return 2 * (trick_no - 1) + role - off


def _trumped_by(q: int, trump: int) -> Callable[[list[int], int, int], bool]:
    """Whether a two-player trick (cards, leader, winner) is taken by ``q`` with a trump."""
    return lambda cards, leader, winner: (
        winner == q and SUIT_OF[cards[(winner - leader) % 2]] == trump
    )


def _ideas(pos: Position, plies: list[Ply], tricks: list[Trick], sv: LineSolver) -> list[Idea]:
    ideas: list[Idea] = []
    trump = pos.trump_suit
    for t in tricks:
        for role, ply in ((0, t.lead), (1, t.follow)):
            if ply.analysis is None or ply.choices < 2:
                continue
            before = ply.position
            P = ply.player
            alts = [
                m
                for m in ply.analysis.moves
                if m.card != ply.card and m.exact_value < ply.analysis.exact_value
            ]
            # the last draw: lose the trick to draw the trump card, or take it for the top;
            # only where every best card does so on every best line (on purpose), and the
            # card named instead does otherwise on every best line
            if t.draws is not None and alts:
                lost = t.winner != P
                kept = frozenset({1 - P} if lost else {P})
                other = frozenset({P} if lost else {1 - P})
                sure = all(sv.winners(before, c) == kept for c in sv.best_cards(before))
                flip = [m.card for m in alts if sv.winners(before, m.card) == other] if sure else []
                if flip:
                    gain = _draw_gain(before, plies, t, P, sv, pos)
                    mine, theirs = (t.draws[1], t.draws[0]) if lost else (t.draws[0], t.draws[1])
                    strong_top = SUIT_OF[t.draws[0]] == trump or POINTS[t.draws[0]] >= 10
                    if gain is not None and gain > 0 and (lost or strong_top):
                        ideas.append(
                            Idea(
                                "lose_for_trump" if lost else "win_for_top",
                                P,
                                t.number,
                                {
                                    "card": ply.card,
                                    "instead": flip[0],
                                    "draws": mine,
                                    "leaves": theirs,
                                    "gain": gain,
                                    "instead_cost": ply.analysis.exact_value
                                    - ply.analysis.move(flip[0]).exact_value,
                                },
                            )
                        )
            # a liscio led so that the opponent spends a trump on it
            if (
                role == 0
                and alts
                and POINTS[ply.card] == 0
                and SUIT_OF[ply.card] != trump
                and t.winner != P
                and SUIT_OF[t.follow.card] == trump
            ):
                # whatever is led, every best line gives the other side a trick to its trump
                trumped = _trumped_by(1 - P, trump)
                unavoidable = all(sv.always(before, m.card, trumped) for m in ply.analysis.moves)
                ideas.append(
                    Idea(
                        "liscio_lure",
                        P,
                        t.number,
                        {"card": ply.card, "trump": t.follow.card, "unavoidable": unavoidable},
                    )
                )
    # a trump kept back to capture a carico later
    for t in tricks:
        w = t.winner
        wc = t.lead.card if t.leader == w else t.follow.card
        lc = t.follow.card if t.leader == w else t.lead.card
        if SUIT_OF[wc] != trump or RANK_OF[lc] < 8:
            continue
        for u in tricks:
            if u.number >= t.number:
                break
            ply = u.lead if u.leader == w else u.follow
            if ply.analysis is None or ply.player != w:
                continue
            if not (ply.position.hands[w] >> wc) & 1:
                continue
            try:
                mv = ply.analysis.move(wc)
            except ValueError:  # not among its legal cards
                continue
            if mv.exact_value < ply.analysis.exact_value:
                ideas.append(
                    Idea(
                        "save_trump",
                        w,
                        t.number,
                        {
                            "trump": wc,
                            "carico": lc,
                            "saved_at": u.number,
                            "cost": ply.analysis.exact_value - mv.exact_value,
                        },
                    )
                )
                break
    # counting to 61: some cards keep the deal and others throw it away. (From the last
    # draw on the most points always include 61 when 61 can be had, so the count tells
    # which cards are safe, not a different best card.)
    if pos.score is not None:
        ideas += count_61(
            pos,
            sv,
            sv.time_limit,
            in_play=pos.points_in_play,
            trumps_out=pos.trumps_out.bit_count(),
        )
    return ideas


def count_61(pos, sv: LineSolver, time_limit, **facts) -> list[Idea]:
    """The count_61 idea, when some cards keep the deal and others throw it away (the
    win objective's values); ``facts`` are the game's own figures for the text."""
    win_a = sv.analyse(pos) if sv.objective == "win" else analyse(pos, "win", time_limit)
    if not win_a.exact:
        return []
    top_v = win_a.exact_value
    lose = [m.card for m in win_a.moves if m.exact_value < top_v]
    if not lose:
        return []
    return [
        Idea(
            "count_61",
            pos.to_move,
            0,
            {
                "keep": [m.card for m in win_a.moves if m.value_exact == top_v],
                "lose": lose,
                "win": top_v,
                "needed": max(0, 61 - pos.score[pos.to_move]),
                **facts,
            },
        )
    ]


def _draw_gain(
    before: Position, plies, t: Trick, P: int, sv: LineSolver, root: Position
) -> Fraction | None:
    """How much more P's actual draw at the last draw is worth to P than the other card.

    Compares the position after the trick with the two drawn cards exchanged: a position
    that cannot arise in play, used only to price the draw.
    """
    k = _ply_index(root, t.number, 1)
    after = _position_before(root, plies, k + 1)
    if after.is_over:
        return None
    w = t.winner
    if t.draws is None:
        raise RuntimeError(f"trick {t.number} has no last draw to price (a bug: please report it)")
    top, brisc = t.draws
    h = list(after.hands)
    h[w] = (h[w] & ~(1 << top)) | (1 << brisc)
    h[1 - w] = (h[1 - w] & ~(1 << brisc)) | (1 << top)
    swapped = replace(after, hands=tuple(h))
    real = sv.analyse(after).exact_value
    alt = sv.analyse(swapped).exact_value
    if sv.objective == "points":
        sign = 1 if after.to_move == P else -1
        return sign * (real - alt)
    if after.to_move == P:
        return real - alt
    return alt - real
