"""The explanation of a Briscolone or Libero endgame (two players, no trumps; follow suit,
or not): the line with a reason per card and the follow-suit ideas it shows (lisciare,
stripping a suit, forcing a carico out, running a long suit); and which positions explain
knows at all (``check_explainable``)."""

from __future__ import annotations


from solver.cards import POINTS, SUIT_MASKS, SUIT_OF, cards_of, mask_points
from solver.explain.model import Explanation, Idea, Trick
from solver.explain.scoperta import (
    LineSolver,
    ties_with,
    count_61,
    explained_line,
    with_cost,
    with_score,
)
from solver.position import PositionError
from solver.position.convert import classic_as_scoperta

#: the games without trump whose endgames explain handles (2 players, talon empty)
GAME_VARIANTS = ("briscolone", "libero")


def check_explainable(pos):
    """``pos`` itself when explain knows its game and phase; else a one-line refusal."""
    if pos.variant == "scoperta":
        return pos
    if pos.variant == "classic":
        if pos.talon_size > 2:
            raise PositionError.of("explain.classic_talon", talon=pos.talon_size)
        return classic_as_scoperta(pos)
    if pos.variant not in GAME_VARIANTS:
        raise PositionError.of("explain.variant", variant=pos.variant)
    if pos.talon_size:
        raise PositionError.of("explain.talon", variant=pos.variant, talon=pos.talon_size)
    return pos


def _higher_in_suit(hand: int, card: int) -> list[int]:
    """The cards of ``hand`` that beat ``card`` without trumps: same suit, stronger."""
    return [c for c in cards_of(hand & SUIT_MASKS[SUIT_OF[card]]) if c > card]


def _follow_reasons(t: Trick) -> list[dict]:
    """Why each card of a no-trump trick was played, read off the analyses."""
    out: list[dict] = []
    for role, ply in (("lead", t.lead), ("follow", t.follow)):
        if ply.analysis is None:
            out.append({"player": ply.player, "card": ply.card, "kind": "on_table"})
            continue
        a = ply.analysis
        before = ply.position
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
                if r["kind"] == "lead" and ply.cost == 0:  # another lead does as well
                    r["shared"] = True
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
                tied = [c for c in _higher_in_suit(hand, led) if ties_with(ply, c)]
                if tied:  # taking does as well: the liscio is no purpose of the line
                    r["shared"], r["instead"] = True, max(tied)
            elif ply.choices == 1 and hand.bit_count() > 1:
                r["kind"] = "follow_forced"
            elif ply.choices == 1:
                r["kind"] = "forced"
            else:
                r["kind"] = "follow_low"
            r["suit"] = int(SUIT_OF[led])
        out.append(with_cost(r, ply))
    return out


def _no_trump_facts(pos) -> dict:
    held = pos.table_mask
    for h in pos.hands:
        held |= h
    f = {
        "talon": pos.talon_size,
        "variant": pos.variant,
        "follow_suit": pos.rules.follow_suit,
        "points_in_play": mask_points(held),
    }
    return with_score(f, pos.score)


def explain_game(pos, objective: str) -> Explanation:
    """Everything the explanation of a Briscolone or Libero endgame says, as data."""
    check_explainable(pos)
    sv = LineSolver(objective, None)
    return explained_line(
        pos,
        objective,
        "endgame",
        sv,
        sv.analyse(pos),
        _no_trump_facts(pos),
        _follow_reasons,
        lambda plies, tricks: _follow_suit_ideas(pos, tricks, sv),
    )


def _follow_suit_ideas(pos, tricks: list[Trick], sv: LineSolver) -> list[Idea]:
    """The follow-suit ideas the solved line shows: lisciare, stripping a suit, forcing a
    carico out under a higher card, running a long suit; and the count to 61."""
    ideas: list[Idea] = []
    follow = pos.rules.follow_suit
    # lisciare: follow low on purpose although a higher card of the suit would take
    for t in tricks:
        ply = t.follow
        r = next(
            (x for x in t.reasons if x.get("kind") == "liscio" and x["player"] == ply.player), None
        )
        if r is None or ply.analysis is None:
            continue
        a = ply.analysis
        takers = [
            m
            for m in a.moves
            if m.card in _higher_in_suit(ply.position.hands[ply.player], t.lead.card)
        ]
        if takers and max(m.exact_value for m in takers) < a.exact_value:
            best_take = max(takers, key=lambda m: (m.exact_value, -m.card))
            ideas.append(
                Idea(
                    "liscio",
                    ply.player,
                    t.number,
                    {
                        "card": ply.card,
                        "instead": best_take.card,
                        "cost": a.exact_value - best_take.exact_value,
                    },
                )
            )

    def matters(ts) -> bool:
        """Whether some lead of these tricks was a real choice: another card does worse."""
        return any(
            t.lead.analysis is not None
            and min(m.value_exact for m in t.lead.analysis.moves) < t.lead.analysis.value_exact
            for t in ts
        )

    def follower_void(t: Trick, s: int) -> bool:
        """Whether the follower of t held no card of suit s when answering."""
        return not t.follow.position.hands[t.follow.player] & SUIT_MASKS[s]

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
        if not matters(tricks[: t.number]):
            continue
        ideas.append(
            Idea(
                "forced_carico",
                lead.player,
                t.number,
                {"card": lead.card, "carico": f.card, "suit": int(s), "alone": len(legal) == 1},
            )
        )
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
        for u in tricks[t.number :]:
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
        ideas.append(
            Idea(
                "strip_suit",
                P,
                t.number,
                {"suit": s, "stripped": stripped, "payoff": payoff, "then": kind},
            )
        )
    # running a long suit: two or more tricks led in a suit the opponent no longer holds
    for P in (0, 1):
        by_suit: dict[int, list[Trick]] = {}
        for t in tricks:
            s = int(SUIT_OF[t.lead.card])
            if t.leader == P and t.winner == P and follower_void(t, s):
                by_suit.setdefault(s, []).append(t)
        for s, ts in sorted(by_suit.items()):
            if len(ts) >= 2 and matters(tricks[: ts[-1].number]):
                ideas.append(
                    Idea(
                        "run_long_suit",
                        P,
                        ts[0].number,
                        {
                            "suit": s,
                            "cards": [x.lead.card for x in ts],
                            "tricks": [x.number for x in ts],
                            "points": sum(x.points for x in ts),
                        },
                    )
                )
    if pos.score is not None:
        ideas += count_61(pos, sv, None, in_play=_no_trump_facts(pos)["points_in_play"])
    return ideas
