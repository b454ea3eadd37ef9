"""A position of any game drawn as text for a player: hands (a hidden one as ``?``),
table, talon, trump card, unseen cards, points. It is ``str()`` of every position type.

Pure text out (ANSI colours only when asked), so the CLI decides about terminals and
NO_COLOR and tests can read the drawing.
"""

from __future__ import annotations

from typing import Any

import click

from solver.cards import SUIT_MASKS, card_str, cards_of, mask_points, popcount
from solver.i18n import LABELS, agree, check_lang, suit_name
from solver.rules import get_variant

#: a Position or a SeatPosition: the board reads which by ``hidden_hand``, a test a type
#: checker does not follow
AnyPosition = Any

#: colour of each suit (bastoni, coppe, denari, spade) on the Neapolitan deck
SUIT_COLOURS = ("green", "red", "yellow", "blue")


def seat_hands(pos: AnyPosition) -> list[int | None]:
    """Each seat's hand mask, None for a hidden one (the SeatPosition's opponent)."""
    if not pos.hidden_hand:
        return list(pos.hands)
    out: list[int | None] = [None, None]
    out[pos.seat] = pos.own
    return out


def render(pos: AnyPosition, lang: str = "en", color: bool = False) -> str:
    """The drawing of ``pos`` (Position or SeatPosition); ``lang`` is "en" or
    "it"; ``color`` adds ANSI styles. ``solver.render`` is ``protocol.render_position``,
    which refuses anything else first."""
    L = LABELS[check_lang(lang)]
    b = pos.briscola
    trump = b // 10 if b >= 0 else -1

    def card(c: int) -> str:
        s = card_str(c)
        if not color:
            return s
        return click.style(s, fg=SUIT_COLOURS[c // 10], bold=c // 10 == trump)

    def cards(mask: int) -> str:
        cs = cards_of(mask)
        return " ".join(card(c) for c in cs) if cs else L["none"]

    def label(text: str) -> str:
        return f"  {text:<19} "

    seats, trick = seat_hands(pos), pos.table
    n_players = len(seats)
    mover = L["to_answer"] if trick else L["to_move"]
    title = L["title"] if pos.variant == "scoperta" else L["titles"][pos.variant]
    over = pos.is_over
    rows = [
        f"{title}: " + (L["over"] if over else f"{L['player'].format(n=pos.to_move + 1)} {mover}")
    ]
    for p, hand in enumerate(seats):
        if hand is None:
            shown = agree(L["hidden_hand"].format(n=pos.hidden + popcount(pos.known)), lang)
        else:
            shown = " ".join(card(c) for c in cards_of(hand)) if hand else L["empty_hand"]
        row = label(L["player"].format(n=p + 1)) + shown
        if p == pos.to_move and not over:
            row += f"   <- {mover}"
        rows.append(row)
    rows.append(
        label(L["table"])
        + (
            " ".join(card(c) for c in trick) + f"  ({L['led_by'].format(n=pos.leader + 1)})"
            if trick
            else "-"
        )
    )

    n = pos.talon_size
    top = pos.top
    if n == 0:
        rows.append(label(L["talon"]) + L["talon_empty"])
    elif top < 0:
        rows.append(label(L["talon"]) + L["talon_covered"].format(n=n))
    elif n == 2:
        rows.append(label(L["talon"]) + L["talon_last"].format(top=card(top)))
    else:
        rows.append(label(L["talon"]) + L["talon_cards"].format(n=n, top=card(top)))

    if b < 0:
        rows.append(label(L["briscola"]) + L["no_trump"])
        if get_variant(pos.variant).follow_suit:
            rows.append(label(L["rules"]) + L["follow_suit"])
    else:
        holder = next((p for p, h in enumerate(seats) if h is not None and (h >> b) & 1), None)
        if n:
            where = L["bottom"]
        elif holder is None and pos.hidden_hand and (pos.known >> b) & 1:
            holder = pos.opponent
            where = L["in_hand"].format(n=holder + 1)
        elif holder is not None:
            where = L["in_hand"].format(n=holder + 1)
        elif b in trick:
            where = L["on_table"]
        else:
            where = L["played_trump"]
        rows.append(
            label(L["briscola"]) + f"{card(b)}  "
            f"{L['trump_suit'].format(suit=suit_name(trump, lang))}, {where}"
        )

    order = pos.talon_order
    unseen = pos.pool if pos.hidden_hand else pos.unseen
    if order is not None:
        rows.append(label(L["order"]) + " ".join(card(c) for c in order) + f"  ({L['order_note']})")
    elif unseen:
        rows.append(label(L["unseen"]) + cards(unseen) + f"  ({popcount(unseen)})")

    if trump >= 0:
        out = SUIT_MASKS[trump] & ~pos.played
        rows.append(label(L["trumps_out"]) + cards(out) + f"  ({popcount(out)})")
    rows.append(label(L["points"]) + str(120 - mask_points(pos.played)))
    if pos.score is not None:
        rows.append(label(L["score"]) + f"{pos.score[0]}-{pos.score[1]}")
    k = popcount(pos.played)
    rows.append(label(L["played"]) + agree(L["tricks"].format(n=k, t=k // n_players), lang))
    if pos.hidden_hand and pos.history is not None and pos.history.voids:
        tricks: dict[int, list[int]] = {}  # each suit once, with every trick that showed it
        for t, s in pos.history.voids:
            tricks.setdefault(s, []).append(t)
        rows.append(
            label(L["voids"].format(n=pos.opponent + 1))
            + ", ".join(
                L["void_at" if len(ts) == 1 else "void_at_many"].format(
                    suit=suit_name(s, lang), t=ts[0], ts=", ".join(map(str, ts))
                )
                for s, ts in tricks.items()
            )
        )
    return "\n".join(rows)


__all__ = ["SUIT_COLOURS", "render", "seat_hands"]
