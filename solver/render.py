"""A scoperta position drawn as text for a player: hands, table, talon, trumps, points.

Pure text out (ANSI colours only when asked), so the CLI decides about terminals and
NO_COLOR and tests can read the drawing.
"""
from __future__ import annotations

import click

from solver.cards import card_str, cards_of, popcount
from solver.i18n import LABELS, agree, check_lang, suit_name
from solver.position import Position

#: colour of each suit (bastoni, coppe, denari, spade) on the Neapolitan deck
SUIT_COLOURS = ("green", "red", "yellow", "blue")


def render(pos: Position, lang: str = "en", color: bool = False) -> str:
    """The drawing of ``pos``; ``lang`` is "en" or "it"; ``color`` adds ANSI styles."""
    L = LABELS[check_lang(lang)]
    trump = pos.trump_suit

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

    rows = [f"{L['title']}: {L['player'].format(n=pos.turn + 1)} {L['to_answer'] if pos.table >= 0 else L['to_move']}"]
    for p in (0, 1):
        hand = pos.hand(p)
        row = label(L["player"].format(n=p + 1)) + (" ".join(card(c) for c in cards_of(hand)) if hand
                                                    else L["empty_hand"])
        if p == pos.turn:
            row += f"   <- {L['to_answer'] if pos.table >= 0 else L['to_move']}"
        rows.append(row)
    if pos.table >= 0:
        rows.append(label(L["table"]) + f"{card(pos.table)}  ({L['led_by'].format(n=pos.leader + 1)})")
    else:
        rows.append(label(L["table"]) + "-")

    n = pos.talon_size
    if n == 0:
        rows.append(label(L["talon"]) + L["talon_empty"])
    elif n == 2:
        rows.append(label(L["talon"]) + L["talon_last"].format(top=card(pos.top)))
    else:
        rows.append(label(L["talon"]) + L["talon_cards"].format(n=n, top=card(pos.top)))

    b = pos.briscola
    if n:
        where = L["bottom"]
    elif (pos.hand1 >> b) & 1:
        where = L["in_hand"].format(n=1)
    elif (pos.hand2 >> b) & 1:
        where = L["in_hand"].format(n=2)
    elif pos.table == b:
        where = L["on_table"]
    else:
        where = L["played_trump"]
    rows.append(label(L["briscola"]) + f"{card(b)}  {L['trump_suit'].format(suit=suit_name(trump, lang))}, "
                f"{where}")

    if pos.talon_order is not None:
        rows.append(label(L["order"]) + " ".join(card(c) for c in pos.talon_order) + f"  ({L['order_note']})")
    elif n:
        rows.append(label(L["unseen"]) + cards(pos.unseen) + f"  ({popcount(pos.unseen)})")

    out = pos.trumps_out
    rows.append(label(L["trumps_out"]) + cards(out) + f"  ({popcount(out)})")
    rows.append(label(L["points"]) + str(pos.points_in_play))
    if pos.score is not None:
        rows.append(label(L["score"]) + f"{pos.score[0]}-{pos.score[1]}")
    k = popcount(pos.played)
    rows.append(label(L["played"]) + agree(L["tricks"].format(n=k, t=k // 2), lang))
    return "\n".join(rows)
