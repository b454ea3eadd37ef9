"""Explanations of a position in words a club player understands.

Two layers kept apart: ``explain`` builds an ``Explanation`` (plain data, from analyses
only: the solved line, what each other card costs and how it is punished, the ideas found
in those lines) and ``render_text`` words it from one template table per language.
Nothing here searches: every fact comes from ``solver.analysis.analyse``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction

from solver.analysis import Analysis, analyse
from solver.cards import POINTS, RANK_OF, SUIT_MASKS, SUIT_OF, SUITS, card_name, card_str, cards_of
from solver.position.convert import classic_as_scoperta
from solver.position.scoperta import Position
from solver.rules import beats, deal_result, trick_winner

LANGS = ("en", "it")
#: seconds for the analysis before the last draw, unless the caller says otherwise
EARLY_TIME_LIMIT = 10.0


# ----- content model ------------------------------------------------------------------
@dataclass(frozen=True)
class Ply:
    """One card of a solved line, with the analysis of the position it was played from."""
    player: int
    card: int
    analysis: Analysis | None  # None when the card is given (the table card)

    @property
    def choices(self) -> int:
        return 0 if self.analysis is None else len(self.analysis.moves)

    @property
    def cost(self) -> Fraction | None:
        """What the cheapest other card would cost the player (None: no other card)."""
        a = self.analysis
        if a is None:
            return None
        others = [m for m in a.moves if m.card != self.card]
        if not others:
            return None
        return a.value_exact - max(m.value_exact for m in others)


@dataclass(frozen=True)
class Trick:
    number: int           # 1-based within the line
    leader: int
    lead: Ply
    follow: Ply
    winner: int
    points: int
    draws: tuple[int, int] | None  # (card the winner draws, card the loser draws)
    reasons: tuple[dict, ...] = ()

    @property
    def cards(self) -> tuple[int, int]:
        return (self.lead.card, self.follow.card)


@dataclass(frozen=True)
class Alternative:
    card: int
    value: Fraction
    cost: Fraction
    reply: int | None             # the opponent's answer that punishes it
    line: tuple[Trick, ...]       # the resulting line, from the position after the card


@dataclass(frozen=True)
class Idea:
    kind: str        # lose_for_trump | win_for_top | save_trump | liscio_lure | count_61
    player: int
    trick: int       # trick number in the main line (0: about the first decision)
    data: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Explanation:
    position: Position
    objective: str
    phase: str       # endgame | last_draw | before_endgame
    mover: int
    analysis: Analysis
    line: tuple[Trick, ...] = ()
    alternatives: tuple[Alternative, ...] = ()
    ideas: tuple[Idea, ...] = ()
    tricks_won: tuple[int, int] = (0, 0)
    points_won: tuple[int, int] = (0, 0)
    final_score: tuple[int, int] | None = None
    facts: dict = field(default_factory=dict)

    @property
    def best(self) -> tuple[int, ...]:
        return self.analysis.best

    @property
    def value(self) -> Fraction | None:
        return self.analysis.value_exact

    @property
    def winner(self) -> int | None:
        """0/1 for the player who wins the deal, -1 for 60-60, None without score."""
        if self.final_score is None:
            return None
        r = deal_result(*self.final_score)
        return 0 if r > 0 else 1 if r < 0 else -1

    def to_json(self) -> dict:
        return _to_json(self)


# ----- building -----------------------------------------------------------------------
def is_deterministic(pos: Position) -> bool:
    """True from the last draw on: nothing random is left, the rest is perfect play."""
    return pos.talon_size <= 2


def phase_of(pos: Position) -> str:
    if pos.talon_size == 0:
        return "endgame"
    if pos.talon_size == 2:
        return "last_draw"
    return "before_endgame"


class _Solver:
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

    def plies(self, pos: Position, first: int | None = None) -> list[Ply]:
        """The solved line from ``pos`` to the end; ``first`` forces the first card."""
        out: list[Ply] = []
        p = pos
        while not p.is_over:
            a = self.analyse(p)
            c = first if (first is not None and not out) else a.moves[0].card
            out.append(Ply(p.turn, c, a))
            p = p.play(c)
        return out


def _tricks(pos: Position, plies: list[Ply], start: int = 1) -> list[Trick]:
    """Group a line's cards into tricks (a trick begun on the table counts as the first)."""
    out: list[Trick] = []
    seq = list(plies)
    if pos.table >= 0:
        seq = [Ply(pos.leader, pos.table, None)] + seq
    talon = pos.talon_size
    top, brisc = pos.top, pos.briscola
    i = 0
    while i + 1 < len(seq):
        lead, follow = seq[i], seq[i + 1]
        w = lead.player if trick_winner([lead.card, follow.card], pos.trump_suit) == 0 else follow.player
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


def _position_before(pos: Position, plies: list[Ply], k: int) -> Position:
    p = pos
    for j in range(k):
        p = p.play(plies[j].card)
    return p


def explain(pos: Position, objective: str = "points", time_limit: float | None = None) -> Explanation:
    """Everything the explanation says, as data built from analyses."""
    if is_game(pos):
        return _explain_game(pos, objective)
    if time_limit is None and not is_deterministic(pos):
        time_limit = EARLY_TIME_LIMIT
    sv = _Solver(objective, time_limit)
    root = sv.analyse(pos)
    facts = _facts(pos)
    if not is_deterministic(pos) or not root.exact:
        return Explanation(pos, objective, phase_of(pos), pos.turn, root, facts=facts)
    plies = sv.plies(pos)
    tricks = _tricks(pos, plies)
    tricks = [replace(t, reasons=tuple(_reasons(t, pos))) for t in tricks]
    alts = _alternatives(pos, root, plies, sv, _tricks)
    ideas = _ideas(pos, plies, tricks, sv)
    return Explanation(pos, objective, phase_of(pos), pos.turn, root, tuple(tricks), alts,
                       tuple(ideas), *_tally(pos, tricks), facts)


def _tally(pos, tricks) -> tuple:
    """(tricks won, points won, final score or None) per player along a line."""
    tw, pw = [0, 0], [0, 0]
    for t in tricks:
        tw[t.winner] += 1
        pw[t.winner] += t.points
    final = None
    if pos.score is not None:
        final = (pos.score[0] + pw[0], pos.score[1] + pw[1])
    return (tw[0], tw[1]), (pw[0], pw[1]), final


def _alternatives(pos, root: Analysis, plies, sv, group) -> tuple:
    """Every card other than the line's first: its cost, the opponent's punishing answer
    and the line that follows (``group`` turns the cards into tricks for the game)."""
    alts = []
    for m in root.moves:
        if m.card == plies[0].card:
            continue
        rest = sv.plies(pos.play(m.card))
        line = group(pos, [Ply(pos.turn, m.card, root)] + rest)
        reply = next((q.card for q in rest if q.player != pos.turn), None)
        alts.append(Alternative(m.card, m.value_exact, root.value_exact - m.value_exact, reply,
                                tuple(line)))
    return tuple(alts)


def _facts(pos: Position) -> dict:
    trump = pos.trump_suit
    trumps_out = [c for c in cards_of(pos.trumps_out)]
    f = {
        "talon": pos.talon_size,
        "unseen": cards_of(pos.unseen),
        "trumps_out": trumps_out,
        "trumps_hand": [cards_of(pos.hand1 & SUIT_MASKS[trump]),
                        cards_of(pos.hand2 & SUIT_MASKS[trump])],
        "points_in_play": pos.points_in_play,
        "tricks_to_last_draw": max(0, (pos.talon_size - 2) // 2),
    }
    if pos.score is not None:
        f["score"] = list(pos.score)
        f["needed"] = [max(0, 61 - pos.score[0]), max(0, 61 - pos.score[1])]
    return f


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
        elif cost == 0 and all(m.value_exact == ply.analysis.value_exact for m in ply.analysis.moves):
            r["kind"] = "indifferent"
        elif role == "lead":
            other = ply.analysis.position.hand(1 - ply.player)
            r["kind"] = "safe_lead" if not _winning_cards(other, ply.card, trump) else "lead"
        else:
            hand = ply.analysis.position.hand(ply.player)
            can_win = _winning_cards(hand | (1 << ply.card), t.lead.card, trump)
            if t.winner == ply.player:
                r["kind"] = "take_trump" if SUIT_OF[ply.card] == trump and SUIT_OF[t.lead.card] != trump \
                    else "take"
            elif can_win:
                r["kind"] = "duck"
            else:
                r["kind"] = "cannot_take"
        if cost is not None and cost > 0:
            r["cost"] = cost
            others = [m for m in ply.analysis.moves if m.card != ply.card]
            r["next_best"] = max(others, key=lambda m: m.value_exact).card
        out.append(r)
    return out


# ----- ideas --------------------------------------------------------------------------
def _ply_index(pos: Position, trick_no: int, role: int) -> int:
    """Index into the line's plies of a trick's lead (role 0) or follow (role 1)."""
    off = 1 if pos.table >= 0 else 0
    return 2 * (trick_no - 1) + role - off


def _trick_winner_in_line(before: Position, line: list[Ply]) -> int:
    """Who takes the trick that is under way (or begins) at ``before`` in a solved line."""
    ts = _tricks(before, line)
    return ts[0].winner


def _ideas(pos: Position, plies: list[Ply], tricks: list[Trick], sv: _Solver) -> list[Idea]:
    ideas: list[Idea] = []
    trump = pos.trump_suit
    for t in tricks:
        for role, ply in ((0, t.lead), (1, t.follow)):
            if ply.analysis is None or ply.choices < 2:
                continue
            before = ply.analysis.position
            P = ply.player
            alts = [m for m in ply.analysis.moves if m.card != ply.card
                    and m.value_exact < ply.analysis.value_exact]
            # the last draw: lose the trick to draw the trump card, or take it for the top
            if t.draws is not None and alts:
                other_result = {}
                for m in alts:
                    alt_line = sv.plies(before, first=m.card)
                    other_result[m.card] = _trick_winner_in_line(before, alt_line)
                lost = t.winner != P
                flip = [c for c, w in other_result.items() if (w == P) == lost]
                if flip:
                    gain = _draw_gain(before, plies, t, P, sv, pos)
                    mine, theirs = (t.draws[1], t.draws[0]) if lost else (t.draws[0], t.draws[1])
                    strong_top = SUIT_OF[t.draws[0]] == trump or POINTS[t.draws[0]] >= 10
                    if gain is not None and gain > 0 and (lost or strong_top):
                        ideas.append(Idea("lose_for_trump" if lost else "win_for_top", P, t.number,
                                          {"card": ply.card, "instead": flip[0], "draws": mine,
                                           "leaves": theirs, "gain": gain}))
            # a liscio led so that the opponent spends a trump on it
            if role == 0 and alts and POINTS[ply.card] == 0 and SUIT_OF[ply.card] != trump \
                    and t.winner != P and SUIT_OF[t.follow.card] == trump:
                unavoidable = True
                for m in ply.analysis.moves:
                    if m.card == ply.card:
                        continue
                    ts = _tricks(before, sv.plies(before, first=m.card))
                    if not any(x.winner != P and SUIT_OF[(x.follow if x.leader == P else x.lead).card] == trump
                               for x in ts):
                        unavoidable = False
                ideas.append(Idea("liscio_lure", P, t.number,
                                  {"card": ply.card, "trump": t.follow.card, "unavoidable": unavoidable}))
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
            if not (ply.analysis.position.hand(w) >> wc) & 1:
                continue
            try:
                mv = ply.analysis.move(wc)
            except KeyError:
                continue
            if mv.value_exact < ply.analysis.value_exact:
                ideas.append(Idea("save_trump", w, t.number,
                                  {"trump": wc, "carico": lc, "saved_at": u.number,
                                   "cost": ply.analysis.value_exact - mv.value_exact}))
                break
    # counting to 61: some cards keep the deal and others throw it away. (From the last
    # draw on the most points always include 61 when 61 can be had, so the count tells
    # which cards are safe, not a different best card.)
    if pos.score is not None:
        ideas += _count_61(pos, sv, sv.time_limit, in_play=pos.points_in_play,
                           trumps_out=pos.trumps_out.bit_count())
    return ideas


def _count_61(pos, sv: _Solver, time_limit, **facts) -> list[Idea]:
    """The count_61 idea, when some cards keep the deal and others throw it away (the
    win objective's values); ``facts`` are the game's own figures for the text."""
    win_a = sv.analyse(pos) if sv.objective == "win" else analyse(pos, "win", time_limit)
    top_v = win_a.value_exact
    lose = [m.card for m in win_a.moves if m.value_exact < top_v]
    if not (win_a.exact and lose):
        return []
    return [Idea("count_61", pos.turn, 0,
                 {"keep": [m.card for m in win_a.moves if m.value_exact == top_v],
                  "lose": lose, "win": top_v, "needed": max(0, 61 - pos.score[pos.turn]),
                  **facts})]


def _draw_gain(before: Position, plies, t: Trick, P: int, sv: _Solver, root: Position) -> Fraction | None:
    """How much more P's actual draw at the last draw is worth to P than the other card.

    Compares the position after the trick with the two drawn cards exchanged: a position
    that cannot arise in play, used only to price the draw.
    """
    k = _ply_index(root, t.number, 1)
    after = _position_before(root, plies, k + 1)
    if after.is_over:
        return None
    w = t.winner
    top, brisc = t.draws
    h = [after.hand1, after.hand2]
    h[w] = (h[w] & ~(1 << top)) | (1 << brisc)
    h[1 - w] = (h[1 - w] & ~(1 << brisc)) | (1 << top)
    swapped = replace(after, hand1=h[0], hand2=h[1])
    real = sv.analyse(after).value_exact
    alt = sv.analyse(swapped).value_exact
    if sv.objective == "points":
        sign = 1 if after.turn == P else -1
        return sign * (real - alt)
    if after.turn == P:
        return real - alt
    return alt - real


# ----- Briscolone and Libero endgames ---------------------------------------------------
#: the games without trump whose endgames explain handles (2 players, talon empty)
GAME_VARIANTS = ("briscolone", "libero")


def check_explainable(pos, what: str = "explain"):
    """``pos`` itself when explain knows its game and phase; else a one-line refusal."""
    from solver.position.general import GamePosition
    from solver.position.scoperta import PositionError
    if not isinstance(pos, GamePosition):
        return pos
    if pos.variant == "classic" and pos.talon_size <= 2 and pos.talon_order is None:
        return classic_as_scoperta(pos)
    if pos.variant not in GAME_VARIANTS:
        raise PositionError(f"{what} handles scoperta, briscolone, libero and classic endgame "
                            f"positions, not variant '{pos.variant}' here (briscola analyse "
                            f"handles every variant)")
    if pos.talon_size:
        raise PositionError(f"{what} handles {pos.variant} endgames only (talon empty, the last "
                            f"five tricks), but the talon holds {pos.talon_size} cards")
    return pos


def is_game(pos) -> bool:
    from solver.position.general import GamePosition
    return isinstance(pos, GamePosition)


def hand_of(pos, p: int) -> int:
    """The hand mask of seat ``p`` for either kind of position."""
    return pos.hands[p] if is_game(pos) else pos.hand(p)


def line_tricks(pos, plies: list[Ply]) -> list[Trick]:
    """_tricks for either kind of position."""
    return _gtricks(pos, plies) if is_game(pos) else _tricks(pos, plies)


def _gtricks(pos, plies: list[Ply], start: int = 1) -> list[Trick]:
    """Group a no-trump endgame line into tricks (a trick begun on the table is the first)."""
    seq = list(plies)
    if pos.table:
        seq = [Ply(pos.leader, pos.table[0], None)] + seq
    out: list[Trick] = []
    for i in range(0, len(seq) - 1, 2):
        lead, follow = seq[i], seq[i + 1]
        w = lead.player if trick_winner([lead.card, follow.card], -1) == 0 else follow.player
        out.append(Trick(start + len(out), lead.player, lead, follow, w,
                         int(POINTS[lead.card] + POINTS[follow.card]), None))
    return out


def _higher_in_suit(hand: int, card: int) -> list[int]:
    """The cards of ``hand`` that beat ``card`` without trumps: same suit, stronger."""
    return [c for c in cards_of(hand & SUIT_MASKS[SUIT_OF[card]]) if c > card]


def _greasons(t: Trick) -> list[dict]:
    """Why each card of a no-trump trick was played, read off the analyses."""
    out: list[dict] = []
    for role, ply in (("lead", t.lead), ("follow", t.follow)):
        if ply.analysis is None:
            out.append({"player": ply.player, "card": ply.card, "kind": "on_table"})
            continue
        a = ply.analysis
        before = a.position
        hand = before.hands[ply.player]
        r: dict = {"player": ply.player, "card": ply.card}
        if role == "lead":
            if ply.choices == 1:
                r["kind"] = "forced"
            elif all(m.value_exact == a.value_exact for m in a.moves):
                r["kind"] = "indifferent"
            else:
                other = before.hands[1 - ply.player]
                r["kind"] = "lead" if _higher_in_suit(other, ply.card) else "safe_lead"
        else:
            led = t.lead.card
            suited = hand & SUIT_MASKS[SUIT_OF[led]]
            if SUIT_OF[ply.card] != SUIT_OF[led]:
                r["kind"] = "void" if not suited else "discard"
                r["suit"] = int(SUIT_OF[led])
            elif t.winner == ply.player:
                r["kind"] = "take"
            elif _higher_in_suit(hand, led):
                r["kind"] = "liscio"
                r["instead"] = max(_higher_in_suit(hand, led))
            elif ply.choices == 1 and hand.bit_count() > 1:
                r["kind"] = "follow_forced"
            elif ply.choices == 1:
                r["kind"] = "forced"
            else:
                r["kind"] = "follow_low"
            r["suit"] = int(SUIT_OF[led])
        cost = ply.cost
        if cost is not None and cost > 0:
            r["cost"] = cost
            others = [m for m in a.moves if m.card != ply.card]
            r["next_best"] = max(others, key=lambda m: m.value_exact).card
        out.append(r)
    return out


def _gfacts(pos) -> dict:
    from solver.cards import mask_points
    held = pos.table_mask
    for h in pos.hands:
        held |= h
    f = {"talon": pos.talon_size, "variant": pos.variant, "follow_suit": pos.rules.follow_suit,
         "points_in_play": mask_points(held)}
    if pos.score is not None:
        f["score"] = list(pos.score)
        f["needed"] = [max(0, 61 - pos.score[0]), max(0, 61 - pos.score[1])]
    return f


def _explain_game(pos, objective: str) -> Explanation:
    check_explainable(pos)
    sv = _Solver(objective, None)
    root = sv.analyse(pos)
    facts = _gfacts(pos)
    plies = sv.plies(pos)
    tricks = [replace(t, reasons=tuple(_greasons(t))) for t in _gtricks(pos, plies)]
    alts = _alternatives(pos, root, plies, sv, _gtricks)
    ideas = _gideas(pos, tricks, sv)
    return Explanation(pos, objective, "endgame", pos.turn, root, tuple(tricks), alts,
                       tuple(ideas), *_tally(pos, tricks), facts)


def _gideas(pos, tricks: list[Trick], sv: _Solver) -> list[Idea]:
    """The follow-suit ideas the solved line shows: lisciare, stripping a suit, forcing a
    carico out under a higher card, running a long suit; and the count to 61."""
    ideas: list[Idea] = []
    follow = pos.rules.follow_suit
    # lisciare: follow low on purpose although a higher card of the suit would take
    for t in tricks:
        ply = t.follow
        r = next((x for x in t.reasons if x.get("kind") == "liscio" and x["player"] == ply.player), None)
        if r is None or ply.analysis is None:
            continue
        a = ply.analysis
        takers = [m for m in a.moves if m.card in _higher_in_suit(a.position.hands[ply.player], t.lead.card)]
        if takers and max(m.value_exact for m in takers) < a.value_exact:
            best_take = max(takers, key=lambda m: (m.value_exact, -m.card))
            ideas.append(Idea("liscio", ply.player, t.number,
                              {"card": ply.card, "instead": best_take.card,
                               "cost": a.value_exact - best_take.value_exact}))

    def matters(ts) -> bool:
        """Whether some lead of these tricks was a real choice: another card does worse."""
        return any(t.lead.analysis is not None and
                   min(m.value_exact for m in t.lead.analysis.moves) < t.lead.analysis.value_exact
                   for t in ts)

    def follower_void(t: Trick, s: int) -> bool:
        """Whether the follower of t held no card of suit s when answering."""
        return not t.follow.analysis.position.hands[t.follow.player] & SUIT_MASKS[s]

    # a carico forced out: the follower must follow suit and the only cards of the suit
    # left to them lose to the card led, so the Ace or Three goes under it
    forced_at: dict[tuple[int, int], int] = {}
    for t in tricks:
        f, lead = t.follow, t.lead
        if not follow or f.analysis is None or t.winner != lead.player:
            continue
        s = SUIT_OF[lead.card]
        if SUIT_OF[f.card] != s or POINTS[f.card] < 10:
            continue
        legal = [m.card for m in f.analysis.moves]
        if any(SUIT_OF[c] != s for c in legal):
            continue
        forced_at[(lead.player, int(s))] = t.number
        if not matters(tricks[:t.number]):
            continue
        ideas.append(Idea("forced_carico", lead.player, t.number,
                          {"card": lead.card, "carico": f.card, "suit": int(s),
                           "alone": len(legal) == 1}))
    # stripping: leads of a suit the opponent follows until void, then a payoff in that suit
    for t in tricks:
        P = t.leader
        s = int(SUIT_OF[t.lead.card])
        if not follow or t.lead.analysis is None or t.lead.choices < 2:
            continue
        if SUIT_OF[t.follow.card] != s:
            continue
        if any(i.kind == "strip_suit" and i.player == P and i.data["suit"] == s for i in ideas):
            continue
        stripped, payoff, kind = [t.number], None, None
        for u in tricks[t.number:]:
            if u.leader != P or SUIT_OF[u.lead.card] != s:
                continue
            if forced_at.get((P, s)) == u.number:
                payoff, kind = u.number, "carico"
                break
            if SUIT_OF[u.follow.card] == s:
                stripped.append(u.number)
                continue
            if u.winner == P and follower_void(u, s):
                payoff, kind = u.number, "run"
                break
        if payoff is None or not matters([tricks[k - 1] for k in stripped + [payoff]]):
            continue
        ideas.append(Idea("strip_suit", P, t.number,
                          {"suit": s, "stripped": stripped, "payoff": payoff, "then": kind}))
    # running a long suit: two or more tricks led in a suit the opponent no longer holds
    for P in (0, 1):
        by_suit: dict[int, list[Trick]] = {}
        for t in tricks:
            s = int(SUIT_OF[t.lead.card])
            if t.leader == P and t.winner == P and follower_void(t, s):
                by_suit.setdefault(s, []).append(t)
        for s, ts in sorted(by_suit.items()):
            if len(ts) >= 2 and matters(tricks[:ts[-1].number]):
                ideas.append(Idea("run_long_suit", P, ts[0].number,
                                  {"suit": s, "cards": [x.lead.card for x in ts],
                                   "tricks": [x.number for x in ts],
                                   "points": sum(x.points for x in ts)}))
    if pos.score is not None:
        ideas += _count_61(pos, sv, None, in_play=_gfacts(pos)["points_in_play"])
    return ideas


# ----- wording ------------------------------------------------------------------------
#: verbs as (form for "you", form for "the opponent"): templates say {a_take}, {b_draw}...
VERBS = {
    "en": {"lead": ("lead", "leads"), "answer": ("answer", "answers"), "take": ("take", "takes"),
           "draw": ("draw", "draws"), "play": ("play", "plays"), "lose": ("lose", "loses"),
           "have": ("have", "has"), "ruff": ("ruff", "ruffs"), "let": ("let", "lets"),
           "throw": ("throw", "throws"), "hold": ("hold", "holds"), "can": ("can", "can"),
           "capture": ("capture", "captures"), "spend": ("spend", "spends"),
           "win": ("win", "wins"), "need": ("need", "needs")},
    "it": {"lead": ("giochi", "gioca"), "answer": ("rispondi", "risponde"),
           "take": ("prendi", "prende"), "draw": ("peschi", "pesca"), "play": ("giochi", "gioca"),
           "lose": ("perdi", "perde"), "have": ("hai", "ha"), "ruff": ("tagli", "taglia"),
           "let": ("lisci", "liscia"), "throw": ("scarti", "scarta"),
           "hold": ("conservi", "conserva"), "can": ("puoi", "può"),
           "capture": ("prendi", "prende"), "spend": ("spendi", "spende"),
           "win": ("vinci", "vince"), "need": ("ti servono", "gli servono")},
}

MESSAGES = {
    "en": {
        "you": "you", "opp": "the opponent", "your": "your", "opps": "the opponent's",
        "whose.you": "yours", "whose.opp": "the opponent's",
        "phase.endgame": "Endgame: the talon is empty, {n} tricks to play.",
        "phase.last_draw": "The last draw: {top} is on top of the talon and {brisc}, the trump card, "
                           "lies under it; whoever wins this trick takes the top card, the other "
                           "the trump card, then the last three tricks are played from hand.",
        "phase.before": "The endgame has not begun: the talon still holds {n} cards "
                        "(the last draw comes in {k} tricks).",
        "to_move": "Player {n} to move ({who}).",
        "outcome.points": "With best play from both sides you take {t0} tricks and {p0} points, "
                          "the opponent {t1} tricks and {p1} points: {v} for you.",
        "outcome.final": "Final score {s0}-{s1}: {res}.",
        "res.win": "player {n} wins the deal", "res.draw": "a draw at 60-60",
        "outcome.win": "Playing to win the deal (61 or more): your chance is {v}.",
        "best.one": "Best card: {card}.", "best.many": "Best cards (equally good): {cards}.",
        "line": "The winning line, trick by trick:",
        "trick": "Trick {n}: {leader} {a_lead} {lead}, {follower} {b_answer} with {follow}; "
                 "{winner} {c_take} {pts} points.",
        "trick.draw": " {winner} {a_draw} {top}, {loser} {b_draw} {brisc}, the trump card.",
        "why.intro": "Why: ",
        "why.forced": "{who} {a_have} no choice",
        "why.indifferent": "any card of {whose} does as well",
        "why.on_table": "{card} was already on the table",
        "why.safe_lead": "{card} cannot be taken",
        "why.lead": "{card} is the lead that works",
        "why.take_trump": "{who} {a_ruff} with {card}, a trump",
        "why.take": "{who} {a_take} it with {card}",
        "why.duck": "{who} {a_let} it go with {card}, on purpose",
        "why.cannot_take": "{who} cannot take it and {a_throw} {card}",
        "why.cost": " (anything else, e.g. {alt}, costs {cost})",
        "alts": "The other cards, and how the opponent punishes them:",
        "alt": "{card} costs {cost}: the opponent answers with {reply}, then {line}.",
        "alt.noreply": "{card} costs {cost}: then {line}.",
        "alt.same": "{card} is just as good.",
        "alt.trick": "{lead}-{follow} to {winner} (+{pts})", "to_you": "you", "to_opp": "the opponent",
        "ideas": "The idea at work:",
        "idea.lose_for_trump": "Give up the trick on purpose: {who} {a_play} {card} and {a_lose} "
                               "the trick (though {instead} would take it) so as to draw {draws}, "
                               "the trump card, at the last draw and leave {leaves} to the other side "
                               "(the exchange is worth {gain}).",
        "idea.win_for_top": "Take the trick for the better top card: {who} {a_play} {card}, "
                            "{a_win} the last draw and {a_take} {draws}, leaving {leaves}, the "
                            "trump card, to the other side (the exchange is worth {gain}).",
        "idea.save_trump": "Keep the trump for the carico: {who} {a_hold} {trump} back (spending it "
                           "at trick {saved_at} would cost {cost}) and {a_capture} {carico} with it "
                           "at trick {n}.",
        "idea.liscio_lure": "A liscio to draw the trump: {who} {a_lead} {card}, a card worth "
                            "nothing, and {other} {b_spend} a trump on it, {trump}.",
        "idea.liscio_lure.unavoidable": " Whatever is led, {trump_of} takes one trick: give it "
                                        "nothing.",
        "idea.count_61": "Count to 61: you need {needed} more points, {in_play} are still in play "
                         "and {trumps} trumps are still out. With {keep} you keep the deal (chance "
                         "{win}); {lose} would throw it away.",
        "facts.trumps": "Trumps still out: {cards} ({n}).",
        "facts.points": "Points still in play: {n}.",
        "facts.needed": "To reach 61: player 1 needs {a}, player 2 needs {b}.",
        "facts.unseen": "Unseen cards: {cards}.",
        "values": "Value of each card ({kind}, points still to win, you minus the opponent):",
        "values.win": "Value of each card ({kind}, chance to win the deal):",
        "value.row": "  {card}: {v}",
        "kind.exact": "exact", "kind.estimate": "estimate",
        "pts": "{v} points", "pt1": "1 point", "prob": "{v}%", "none": "none",
        "prob_cost": "{v} percentage points of your chance",
        "value_pm": "{v} ± {e}",
        "value_frac": "{d} (exactly {f})",
        "at.one": "at trick {t}", "at.many": "at tricks {t}", "or": "or",
    },
    "it": {
        "you": "tu", "opp": "l'avversario", "your": "la tua", "opps": "la briscola dell'avversario",
        "whose.you": "per te", "whose.opp": "per l'avversario",
        "phase.endgame": "Finale: il tallone è vuoto, restano {n} prese da giocare.",
        "phase.last_draw": "L'ultima pescata: in cima al tallone c'è {top} e sotto la briscola, "
                           "{brisc}; chi vince questa presa pesca la carta scoperta, l'altro la "
                           "briscola, poi si giocano le ultime tre prese.",
        "phase.before": "Il finale non è ancora cominciato: nel tallone restano {n} carte "
                        "(l'ultima pescata arriva fra {k} prese).",
        "to_move": "Gioca il giocatore {n} ({who}).",
        "outcome.points": "Con il gioco migliore da entrambe le parti fai {t0} prese e {p0} punti, "
                          "l'avversario {t1} prese e {p1} punti: {v} per te.",
        "outcome.final": "Punteggio finale {s0}-{s1}: {res}.",
        "res.win": "il giocatore {n} vince la smazzata", "res.draw": "pareggio 60 a 60",
        "outcome.win": "Giocando per vincere la smazzata (61 o più): la tua probabilità è {v}.",
        "best.one": "Carta migliore: {card}.", "best.many": "Carte migliori (equivalenti): {cards}.",
        "line": "La linea vincente, presa per presa:",
        "trick": "Presa {n}: {leader} {a_lead} {lead}, {follower} {b_answer} con {follow}; "
                 "{winner} {c_take} {pts} punti.",
        "trick.draw": " {winner} {a_draw} {top}, {loser} {b_draw} {brisc}, la briscola.",
        "why.intro": "Perché: ",
        "why.forced": "{who} non {a_have} scelta",
        "why.indifferent": "ogni carta va bene {whose}",
        "why.on_table": "{card} era già in tavola",
        "why.safe_lead": "nessuno può prendere {card}",
        "why.lead": "{card} è l'attacco giusto",
        "why.take_trump": "{who} {a_ruff} con {card} di briscola",
        "why.take": "{who} {a_take} con {card}",
        "why.duck": "{who} {a_let} apposta con {card}",
        "why.cannot_take": "{who} non {a_can} prendere e {a_throw} {card}",
        "why.cost": " (ogni altra carta, per esempio {alt}, costa {cost})",
        "alts": "Le altre carte, e come l'avversario le punisce:",
        "alt": "{card} costa {cost}: l'avversario risponde con {reply}, poi {line}.",
        "alt.noreply": "{card} costa {cost}: poi {line}.",
        "alt.same": "{card} va bene uguale.",
        "alt.trick": "{lead}-{follow} {winner} (+{pts})", "to_you": "a te", "to_opp": "all'avversario",
        "ideas": "L'idea:",
        "idea.lose_for_trump": "Lasciare la presa apposta: {who} {a_play} {card} e {a_lose} la presa "
                               "(eppure {instead} la prenderebbe) per pescare la briscola, {draws}, "
                               "all'ultima pescata e lasciare {leaves} all'altro (lo scambio vale "
                               "{gain}).",
        "idea.win_for_top": "Prendere per la carta scoperta migliore: {who} {a_play} {card}, "
                            "{a_win} l'ultima pescata e {a_take} {draws}, lasciando all'altro la "
                            "briscola, {leaves} (lo scambio vale {gain}).",
        "idea.save_trump": "Tenere la briscola per il carico: {who} {a_hold} {trump} (giocarlo alla "
                           "presa {saved_at} costerebbe {cost}) e con esso {a_capture} {carico} "
                           "alla presa {n}.",
        "idea.liscio_lure": "Un liscio per far uscire la briscola: {who} {a_lead} {card}, che non "
                            "vale nulla, e {other} ci {b_spend} una briscola, {trump}.",
        "idea.liscio_lure.unavoidable": " Qualunque carta si giochi, {trump_of} fa comunque una "
                                        "presa: meglio non darle punti.",
        "idea.count_61": "Contare fino a 61: ti servono ancora {needed} punti, ne restano in gioco "
                         "{in_play} e {trumps} briscole sono ancora fuori. Con {keep} la "
                         "smazzata resta tua (probabilità {win}); con {lose} la butti via.",
        "facts.trumps": "Briscole ancora fuori: {cards} ({n}).",
        "facts.points": "Punti ancora in gioco: {n}.",
        "facts.needed": "Per arrivare a 61: al giocatore 1 servono {a} punti, al giocatore 2 {b}.",
        "facts.unseen": "Carte non viste: {cards}.",
        "values": "Valore di ogni carta ({kind}, punti ancora da fare, tuoi meno dell'avversario):",
        "values.win": "Valore di ogni carta ({kind}, probabilità di vincere la smazzata):",
        "value.row": "  {card}: {v}",
        "kind.exact": "esatto", "kind.estimate": "stima",
        "pts": "{v} punti", "pt1": "1 punto", "prob": "{v}%", "none": "nessuna",
        "prob_cost": "{v} punti percentuali di probabilità",
        "value_pm": "{v} ± {e}",
        "value_frac": "{d} (esattamente {f})",
        "at.one": "alla presa {t}", "at.many": "alle prese {t}", "or": "o",
    },
}


def _article_it(c: int) -> str:
    name = card_name(c, "it")
    return ("l'" if name[0] in "AEIOU" else "il ") + name


def card_phrase(c: int, lang: str) -> str:
    """A card as it reads inside a sentence: 'the Ace of coins' / "l'Asso di denari"."""
    return _article_it(c) if lang == "it" else "the " + card_name(c, "en")


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def fmt_fraction(x: Fraction | None) -> str:
    if x is None:
        return "?"
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


# singular agreement after filling a template with the number 1 (not 11, 2.1 or 0,1)
_ONE = r"(?<![\d.,])1 "
AGREE = {
    "it": [(re.compile(r"\brestano " + _ONE + r"prese\b"), "resta 1 presa"),
           (re.compile(r"\bservono ancora " + _ONE + r"punti\b"), "serve ancora 1 punto"),
           (re.compile(_ONE + r"briscole sono\b"), "1 briscola è"),
           (re.compile(_ONE + r"prese\b"), "1 presa"),
           (re.compile(_ONE + r"punti\b"), "1 punto")],
    "en": [(re.compile(_ONE + r"more points\b"), "1 more point"),
           (re.compile(_ONE + r"trumps are\b"), "1 trump is"),
           (re.compile(_ONE + r"points\b"), "1 point"),
           (re.compile(_ONE + r"tricks\b"), "1 trick")],
}


def agree(text: str, lang: str) -> str:
    """The filled template with "1 prese", "1 punti", "1 points", "1 tricks" made singular:
    templates are written in the plural, so the number decides."""
    for pat, repl in AGREE.get(lang, ()):
        text = pat.sub(repl, text)
    return text


class _Words:
    """The template table of one language, seen from the player to move."""

    def __init__(self, lang: str, objective: str, mover: int):
        if lang not in LANGS:
            raise ValueError(f"unknown language '{lang}' (en or it)")
        self.lang, self.m, self.objective, self.mover = lang, MESSAGES[lang], objective, mover

    def t(self, key: str, roles: tuple[int, ...] = (), **kw) -> str:
        """Fill a template; ``roles`` are the players behind {a_verb}, {b_verb}, {c_verb}."""
        for prefix, p in zip("abc", roles):
            k = 0 if p == self.mover else 1
            for verb, forms in VERBS[self.lang].items():
                kw[f"{prefix}_{verb}"] = forms[k]
        return agree(self.m[key].format(**kw), self.lang)

    def card(self, c: int) -> str:
        return card_phrase(c, self.lang)

    def suit(self, s: int) -> str:
        from solver.cards import SUIT_NAMES_EN, SUIT_NAMES_IT
        return (SUIT_NAMES_IT if self.lang == "it" else SUIT_NAMES_EN)[s]

    def who(self, p: int) -> str:
        return self.m["you"] if p == self.mover else self.m["opp"]

    def amount(self, v: Fraction) -> str:
        if self.objective == "win":
            return self.t("prob", v=f"{float(v) * 100:.0f}")
        if v == 1:
            return self.m["pt1"]
        return self.t("pts", v=fmt_fraction(v))

    def cost(self, v: Fraction) -> str:
        """A loss: points, or percentage points of the chance to win the deal."""
        if self.objective == "win":
            return self.t("prob_cost", v=f"{float(v) * 100:.0f}")
        return self.amount(v)

    def signed(self, v: Fraction) -> str:
        if self.objective == "win":
            return self.amount(v)
        return ("+" if v > 0 else "") + fmt_fraction(v)

    def signed_decimal(self, v: Fraction) -> str:
        """A value that may be any fraction (before the endgame): the decimal reads, the
        fraction proves."""
        if self.objective == "win" or Fraction(v).denominator == 1:
            return self.signed(v)
        return self.t("value_frac", d=f"{float(v):+.2f}", f=self.signed(v))

    def tricks_at(self, numbers) -> str:
        numbers = list(numbers)
        return self.t("at.one" if len(numbers) == 1 else "at.many",
                      t=", ".join(str(x) for x in numbers))

    def either(self, cards) -> str:
        """Cards as alternatives: 'A', 'A or B', 'A, B or C'."""
        names = [self.card(c) for c in cards]
        if len(names) < 2:
            return "".join(names)
        return f"{', '.join(names[:-1])} {self.m['or']} {names[-1]}"


def render_text(ex: Explanation, lang: str = "en") -> str:
    """The explanation in sentences, from the template table of ``lang``."""
    w = _Words(lang, ex.objective, ex.mover)
    pos = ex.position
    out: list[str] = [w.t("to_move", n=ex.mover + 1, who=w.who(ex.mover))]
    if ex.phase == "before_endgame" or not ex.line:
        out += _render_before(ex, w)
        return "\n".join(out)
    if ex.phase == "endgame":
        out.append(w.t("phase.endgame", n=len(ex.line)))
        if "variant" in ex.facts:
            out.append(w.t("rules." + ex.facts["variant"]))
    else:
        out.append(w.t("phase.last_draw", top=w.card(pos.top), brisc=w.card(pos.briscola)))
    me, op = ex.mover, 1 - ex.mover
    if ex.objective == "points":
        out.append(w.t("outcome.points", t0=ex.tricks_won[me], p0=ex.points_won[me],
                       t1=ex.tricks_won[op], p1=ex.points_won[op], v=w.signed(ex.value)))
    else:
        out.append(w.t("outcome.win", v=w.amount(ex.value)))
    if ex.final_score is not None:
        win = ex.winner
        res = w.t("res.draw") if win == -1 else w.t("res.win", n=win + 1)
        out.append(w.t("outcome.final", s0=ex.final_score[0], s1=ex.final_score[1], res=res))
    best = sorted(ex.best, key=card_str)
    if len(best) == 1:
        out.append(w.t("best.one", card=w.card(best[0])))
    else:
        out.append(w.t("best.many", cards=", ".join(w.card(c) for c in best)))
    out += ["", w.t("line")]
    for t in ex.line:
        out.append("  " + _render_trick(t, w))
        why = _render_reasons(t, w)
        if why:
            out.append("    " + w.m["why.intro"] + why)
    if ex.alternatives:
        out += ["", w.t("alts")]
        out += ["  " + _render_alt(a, w) for a in ex.alternatives]
    if ex.ideas:
        out += ["", w.t("ideas")]
        out += ["  " + _render_idea(i, w) for i in ex.ideas]
    if pos.score is not None:
        out.append("")
        out += _render_counts(ex, w)
    return "\n".join(out)


def _render_trick(t: Trick, w: _Words) -> str:
    f = t.follow.player
    txt = w.t("trick", roles=(t.leader, f, t.winner), n=t.number, leader=_cap(w.who(t.leader)),
              lead=w.card(t.lead.card), follower=w.who(f), follow=w.card(t.follow.card),
              winner=w.who(t.winner), pts=t.points)
    if t.draws is not None:
        loser = 1 - t.winner
        txt += w.t("trick.draw", roles=(t.winner, loser), winner=_cap(w.who(t.winner)),
                   loser=w.who(loser), top=w.card(t.draws[0]), brisc=w.card(t.draws[1]))
    return txt


def _render_reasons(t: Trick, w: _Words) -> str:
    parts = []
    for r in t.reasons:
        k, p = r["kind"], r["player"]
        if k == "on_table":
            continue
        extra = {}
        if "suit" in r:
            extra["suit"] = w.suit(r["suit"])
        if "instead" in r:
            extra["instead"] = w.card(r["instead"])
        s = w.t("why." + k, roles=(p,), who=w.who(p), card=w.card(r["card"]),
                whose=w.m["whose.you" if p == w.mover else "whose.opp"], **extra)
        if "cost" in r:
            s += w.t("why.cost", alt=w.card(r["next_best"]), cost=w.cost(r["cost"]))
        parts.append(s)
    return _cap("; ".join(parts)) + "." if parts else ""


def _line_words(line: tuple[Trick, ...], w: _Words) -> str:
    return ", ".join(w.t("alt.trick", lead=card_str(t.lead.card), follow=card_str(t.follow.card),
                         winner=w.m["to_you" if t.winner == w.mover else "to_opp"], pts=t.points)
                     for t in line)


def _render_alt(a: Alternative, w: _Words) -> str:
    card = _cap(w.card(a.card))
    if a.cost == 0:
        return w.t("alt.same", card=card)
    if a.reply is None:
        return w.t("alt.noreply", card=card, cost=w.cost(a.cost), line=_line_words(a.line, w))
    return w.t("alt", card=card, cost=w.cost(a.cost), reply=w.card(a.reply),
               line=_line_words(a.line, w))


def _render_idea(i: Idea, w: _Words) -> str:
    d = i.data
    p, q = i.player, 1 - i.player
    who, other = _cap(w.who(p)), w.who(q)
    c = {k: w.card(v) for k, v in d.items() if k in _CARD_KEYS}
    if i.kind in ("lose_for_trump", "win_for_top"):
        return w.t("idea." + i.kind, roles=(p,), who=who, gain=w.cost(d["gain"]), **c)
    if i.kind == "save_trump":
        return w.t("idea.save_trump", roles=(p,), who=who, saved_at=d["saved_at"],
                   cost=w.cost(d["cost"]), n=i.trick, **c)
    if i.kind == "liscio_lure":
        txt = w.t("idea.liscio_lure", roles=(p, q), who=who, other=other, **c)
        if d.get("unavoidable"):
            trump_of = (w.m["your"] if q == w.mover else w.m["opps"])
            if w.lang == "en":
                trump_of += " trump"
            elif q == w.mover:
                trump_of += " briscola"
            txt += w.t("idea.liscio_lure.unavoidable", trump_of=trump_of)
        return txt
    if i.kind in ("liscio", "forced_carico", "strip_suit", "run_long_suit"):
        who = w.who(p)
    if i.kind == "liscio":
        return w.t("idea.liscio", roles=(p,), who=who, cost=w.cost(d["cost"]), n=i.trick, **c)
    if i.kind == "forced_carico":
        key = "idea.forced_carico" + (".alone" if d.get("alone") else "")
        return w.t(key, roles=(p, q), who=who, other=other, n=i.trick, suit=w.suit(d["suit"]), **c)
    if i.kind == "strip_suit":
        return w.t("idea.strip_suit." + d["then"], roles=(p, q), who=who, other=other,
                   suit=w.suit(d["suit"]), at=w.tricks_at(d["stripped"]), payoff=d["payoff"])
    if i.kind == "run_long_suit":
        return w.t("idea.run_long_suit", roles=(p, q), who=who, other=other, suit=w.suit(d["suit"]),
                   cards=", ".join(w.card(x) for x in d["cards"]),
                   tricks=", ".join(str(x) for x in d["tricks"]), pts=d["points"])
    if i.kind == "count_61" and "trumps_out" not in d:
        amt = _Words(w.lang, "win", w.mover).amount
        return w.t("idea.count_61.nt", needed=d["needed"], in_play=d["in_play"], win=amt(d["win"]),
                   keep=w.either(d["keep"]), lose=w.either(d["lose"]))
    if i.kind == "count_61":
        amt = _Words(w.lang, "win", w.mover).amount
        return w.t("idea.count_61", needed=d["needed"], in_play=d["in_play"],
                   trumps=d["trumps_out"], win=amt(d["win"]), keep=w.either(d["keep"]),
                   lose=w.either(d["lose"]))
    return i.kind


def _render_counts(ex: Explanation, w: _Words) -> list[str]:
    f = ex.facts
    out = []
    if "trumps_out" in f:
        tr = f["trumps_out"]
        out.append(w.t("facts.trumps", cards=", ".join(card_str(c) for c in tr) or w.m["none"],
                       n=len(tr)))
    out.append(w.t("facts.points", n=f["points_in_play"]))
    if "needed" in f:
        out.append(w.t("facts.needed", a=f["needed"][0], b=f["needed"][1]))
    return out


def _render_before(ex: Explanation, w: _Words) -> list[str]:
    a, f = ex.analysis, ex.facts
    out = []
    if ex.phase == "before_endgame":
        out.append(w.t("phase.before", n=f["talon"], k=f["tricks_to_last_draw"]))
    kind = w.m["kind.exact"] if a.exact else w.m["kind.estimate"]
    out.append(w.t("values" if ex.objective == "points" else "values.win", kind=kind))
    for m in a.moves:
        if a.exact:
            vs = (w.signed_decimal(m.value_exact) if ex.objective == "points"
                  else w.amount(m.value_exact))
        else:
            vs = f"{m.value:+.2f}" if ex.objective == "points" else f"{m.value * 100:.1f}%"
            if m.error is not None:
                vs = w.t("value_pm", v=vs, e=f"{m.error:.2f}")
        out.append(w.t("value.row", card=card_str(m.card), v=vs))
    out.append(w.t("facts.unseen", cards=", ".join(card_str(c) for c in f["unseen"]) or w.m["none"]))
    out += _render_counts(ex, w)
    return out


# ----- JSON ---------------------------------------------------------------------------
def _jv(x):
    if isinstance(x, Fraction):
        return fmt_fraction(x)
    if isinstance(x, bool):
        return x
    return x


def _jtrick(t: Trick) -> dict:
    d = {"trick": t.number, "leader": t.leader + 1, "cards": [card_str(c) for c in t.cards],
         "winner": t.winner + 1, "points": t.points}
    if t.draws is not None:
        d["draws"] = {str(t.winner + 1): card_str(t.draws[0]), str(2 - t.winner): card_str(t.draws[1])}
    if t.reasons:
        d["why"] = [_jreason(r) for r in t.reasons]
    return d


def _jreason(r: dict) -> dict:
    out = {}
    for k, v in r.items():
        if k == "player":
            out[k] = v + 1
        elif k in ("card", "next_best", "instead"):
            out[k] = card_str(v)
        elif k == "suit":
            out[k] = SUITS[v]
        else:
            out[k] = _jv(v)
    return out


_CARD_KEYS = {"card", "instead", "draws", "leaves", "trump", "carico"}


def _jidea(i: Idea) -> dict:
    d = {"kind": i.kind, "player": i.player + 1, "trick": i.trick}
    for k, v in i.data.items():
        d[k] = (card_str(v) if k in _CARD_KEYS else
                [card_str(x) for x in v] if k in ("keep", "lose", "cards") else
                SUITS[v] if k == "suit" else _jv(v))
    return d


def _to_json(ex: Explanation) -> dict:
    a = ex.analysis
    out = {
        "position": ex.position.to_text(),
        "to_move": ex.mover + 1,
        "objective": ex.objective,
        "phase": ex.phase,
        "exact": a.exact,
        "value": a.value,
        "value_exact": fmt_fraction(a.value_exact) if a.exact else None,
        "best": sorted(card_str(c) for c in a.best),
        "moves": [{"card": card_str(m.card), "value": m.value,
                   "value_exact": fmt_fraction(m.value_exact) if a.exact else None,
                   **({} if m.error is None else {"error": m.error})} for m in a.moves],
        "facts": {k: ([card_str(c) for c in v] if k in ("unseen", "trumps_out") else
                      [[card_str(c) for c in h] for h in v] if k == "trumps_hand" else v)
                  for k, v in ex.facts.items()},
    }
    if ex.line:
        out["outcome"] = {"tricks": list(ex.tricks_won), "points": list(ex.points_won)}
        if ex.final_score is not None:
            out["outcome"]["final_score"] = list(ex.final_score)
            out["outcome"]["winner"] = 0 if ex.winner == -1 else ex.winner + 1
        out["line"] = [_jtrick(t) for t in ex.line]
        out["alternatives"] = [{"card": card_str(x.card), "value": fmt_fraction(x.value),
                                "cost": fmt_fraction(x.cost),
                                "reply": None if x.reply is None else card_str(x.reply),
                                "line": [_jtrick(replace(t, reasons=())) for t in x.line]}
                               for x in ex.alternatives]
        out["ideas"] = [_jidea(i) for i in ex.ideas]
    return out


# the quiz and the board drawing of ``briscola puzzles play`` share the table
MESSAGES["en"].update({
    "board.trump": "Trump: {card} ({suit})",
    "board.talon.empty": "Talon: empty",
    "board.talon.last": "Talon: {top} on top, then the trump card {brisc}",
    "board.talon.n": "Talon: {n} cards, {top} on top",
    "board.hand": "Player {n}{you}: {cards}",
    "board.you": " (to move)",
    "board.table": "On the table: {card}, led by player {n}",
    "board.score": "Score: {a}-{b}",
    "play.header": "Puzzle {i}/{n} [{difficulty}] {title}",
    "diff.easy": "easy", "diff.medium": "medium", "diff.hard": "hard",
    "play.ask.best": "Your card (q to quit): ",
    "play.ask.value": "The value for the player to move, e.g. 7 or -3/2 (q to quit): ",
    "play.question.best": "Find the best card for player {n}{goal}.",
    "play.question.value": "What is this position worth to player {n}{goal}?",
    "play.goal.win": " (playing to win the deal)",
    "play.bad_card": "'{text}' is not a card in your hand ({cards}); try again.",
    "play.bad_value": "'{text}' is not a number; try again.",
    "play.right": "Right!",
    "play.wrong": "Wrong: the answer is {answer}.",
    "play.score": "Score: {right}/{done}.",
    "play.bye": "Final score: {right}/{done}.",
})
MESSAGES["it"].update({
    "board.trump": "Briscola: {card} ({suit})",
    "board.talon.empty": "Tallone: vuoto",
    "board.talon.last": "Tallone: in cima {top}, poi la briscola {brisc}",
    "board.talon.n": "Tallone: {n} carte, in cima {top}",
    "board.hand": "Giocatore {n}{you}: {cards}",
    "board.you": " (di turno)",
    "board.table": "In tavola: {card}, giocata dal giocatore {n}",
    "board.score": "Punteggio: {a}-{b}",
    "play.header": "Problema {i}/{n} [{difficulty}] {title}",
    "diff.easy": "facile", "diff.medium": "medio", "diff.hard": "difficile",
    "play.ask.best": "La tua carta (q per uscire): ",
    "play.ask.value": "Il valore per chi gioca, per esempio 7 o -3/2 (q per uscire): ",
    "play.question.best": "Trova la carta migliore per il giocatore {n}{goal}.",
    "play.question.value": "Quanto vale questa posizione per il giocatore {n}{goal}?",
    "play.goal.win": " (giocando per vincere la smazzata)",
    "play.bad_card": "'{text}' non è una carta della tua mano ({cards}); riprova.",
    "play.bad_value": "'{text}' non è un numero; riprova.",
    "play.right": "Giusto!",
    "play.wrong": "Sbagliato: la risposta è {answer}.",
    "play.score": "Punteggio: {right}/{done}.",
    "play.bye": "Punteggio finale: {right}/{done}.",
})


def message(lang: str, key: str, **kw) -> str:
    """One filled template of the language's table (for the commands around explain)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language '{lang}' (en or it)")
    return agree(MESSAGES[lang][key].format(**kw), lang)


# the words of the Briscolone and Libero endgames (no trump; follow suit, or not)
VERBS["en"].update({"must": ("must", "must"), "follow": ("follow", "follows"),
                    "strip": ("strip", "strips"), "run": ("run", "runs"),
                    "force": ("force", "forces")})
VERBS["it"].update({"must": ("devi", "deve"), "follow": ("rispondi", "risponde"),
                    "strip": ("svuoti", "svuota"), "run": ("fai", "fa"),
                    "force": ("costringi", "costringe")})
MESSAGES["en"].update({
    "rules.briscolone": "Briscolone: no trumps, the follower must follow suit (but need not "
                        "beat the card led); the strongest card of the led suit wins.",
    "rules.libero": "Briscolone Libero: no trumps and no duty to follow suit; the strongest card "
                    "of the led suit wins.",
    "why.follow_forced": "{who} {a_must} follow suit and {card} is the only {suit} left",
    "why.void": "{who} {a_have} no {suit}, so {who} cannot win and {a_throw} {card}",
    "why.discard": "{who} {a_throw} {card} rather than follow suit, and {a_lose} the trick",
    "why.liscio": "{who} {a_let} it go with {card}, following low on purpose (lisciare), "
                  "though {instead} would take it",
    "why.follow_low": "{who} {a_follow} suit with {card} but cannot take",
    "idea.liscio": "Lisciare: at trick {n} {who} {a_follow} low with {card} on purpose; taking "
                   "with {instead} would cost {cost}.",
    "idea.forced_carico": "Forcing a carico: at trick {n} {who} {a_lead} {card} and {other} "
                          "{b_must} follow suit with {carico} under it, having no {suit} that wins.",
    "idea.forced_carico.alone": "Forcing a carico: at trick {n} {who} {a_lead} {card} and {other}, "
                                "holding {carico} alone in {suit}, {b_must} play it under it.",
    "idea.strip_suit.carico": "Stripping the suit: {who} {a_lead} {suit} {at} to "
                              "strip {other} of the small {suit}, so that at trick {payoff} {other} "
                              "{b_must} follow with the carico.",
    "idea.strip_suit.run": "Stripping the suit: {who} {a_lead} {suit} {at} until "
                           "{other} {b_have} none left, then at trick {payoff} {other} cannot "
                           "follow and a card of {suit} takes the trick.",
    "idea.run_long_suit": "Running the long suit: {other} {b_have} no {suit} left, so {who} {a_run} "
                          "tricks {tricks} with {cards} (+{pts}).",
    "idea.count_61.nt": "Count to 61: you need {needed} more points and {in_play} are still in "
                        "play. With {keep} you keep the deal (chance {win}); {lose} would throw it "
                        "away.",
    "board.variant": "{name}: no trumps",
    "board.rules.briscolone": "must follow suit",
    "board.rules.libero": "no duty to follow suit",
})
MESSAGES["it"].update({
    "rules.briscolone": "Briscolone: niente briscola, chi risponde deve rispondere a seme (ma "
                        "non è obbligato a prendere); vince la carta più forte del seme giocato.",
    "rules.libero": "Briscolone libero: niente briscola e nessun obbligo di rispondere a seme; "
                    "vince la carta più forte del seme giocato.",
    "why.follow_forced": "{who} {a_must} rispondere a seme e {a_have} solo {card}",
    "why.void": "{who} non {a_have} {suit}, quindi non {a_can} vincere e {a_throw} {card}",
    "why.discard": "{who} {a_throw} {card} invece di rispondere a seme e {a_lose} la presa",
    "why.liscio": "{who} {a_let} apposta con {card}, stando sotto, anche se {instead} "
                  "prenderebbe",
    "why.follow_low": "{who} {a_follow} a seme con {card} ma non {a_can} prendere",
    "idea.liscio": "Lisciare: alla presa {n} {who} {a_follow} basso con {card} apposta; prendere "
                   "con {instead} costerebbe {cost}.",
    "idea.forced_carico": "Far cadere il carico: alla presa {n} {who} {a_lead} {card} e {other} "
                          "{b_must} rispondere a seme con {carico}, senza una carta di {suit} "
                          "che vinca.",
    "idea.forced_carico.alone": "Far cadere il carico: alla presa {n} {who} {a_lead} {card} e "
                                "{other}, che ha {carico} secco a {suit}, {b_must} giocarlo sotto.",
    "idea.strip_suit.carico": "Svuotare il seme: {who} {a_lead} {suit} {at} per "
                              "togliere le carte piccole di {suit}, così alla presa {payoff} "
                              "{other} {b_must} rispondere con il carico.",
    "idea.strip_suit.run": "Svuotare il seme: {who} {a_lead} {suit} {at} finché "
                           "{other} non {b_have} più carte di {suit}, poi alla presa {payoff} "
                           "non {b_can} rispondere a seme e la carta di {suit} prende.",
    "idea.run_long_suit": "Far correre il seme lungo: {other} non {b_have} più {suit}, così {who} "
                          "{a_run} le prese {tricks} con {cards} (+{pts}).",
    "idea.count_61.nt": "Contare fino a 61: ti servono ancora {needed} punti e ne restano in "
                        "gioco {in_play}. Con {keep} la smazzata resta tua (probabilità {win}); "
                        "con {lose} la butti via.",
    "board.variant": "{name}: senza briscola",
    "board.rules.briscolone": "obbligo di rispondere a seme",
    "board.rules.libero": "nessun obbligo di rispondere a seme",
})
