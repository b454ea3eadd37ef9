"""A scoperta position drawn as text for a player: hands, table, talon, trumps, points.

Pure text out (ANSI colours only when asked), so the CLI decides about terminals and
NO_COLOR and tests can read the drawing.
"""
from __future__ import annotations

import click

from solver.cards import SUIT_NAMES_EN, SUIT_NAMES_IT, card_str, cards_of, popcount
from solver.position.scoperta import Position

LABELS = {
    "en": {
        "title": "Briscola scoperta", "player": "Player {n}", "to_move": "to move",
        "to_answer": "to answer", "led_by": "led by player {n}", "table": "Table",
        "talon": "Talon", "talon_cards": "{n} cards, top {top}", "talon_empty": "empty",
        "talon_last": "2 cards: top {top}, then the trump card",
        "order": "Talon order", "order_note": "top first",
        "briscola": "Briscola", "trump_suit": "trump suit {suit}",
        "bottom": "at the talon's bottom", "in_hand": "in player {n}'s hand",
        "on_table": "on the table", "played_trump": "already played",
        "unseen": "Unseen", "none": "none", "trumps_out": "Trumps out",
        "points": "Points in play", "score": "Score", "played": "Cards played",
        "tricks": "{n} ({t} tricks)", "empty_hand": "(no cards)",
    },
    "it": {
        "title": "Briscola scoperta", "player": "Giocatore {n}", "to_move": "di mano",
        "to_answer": "risponde", "led_by": "giocata dal giocatore {n}", "table": "Tavolo",
        "talon": "Tallone", "talon_cards": "{n} carte, in cima {top}", "talon_empty": "vuoto",
        "talon_last": "2 carte: in cima {top}, poi la briscola",
        "order": "Ordine del tallone", "order_note": "dalla cima",
        "briscola": "Briscola", "trump_suit": "seme di briscola {suit}",
        "bottom": "in fondo al tallone", "in_hand": "in mano al giocatore {n}",
        "on_table": "sul tavolo", "played_trump": "già giocata",
        "unseen": "Carte non viste", "none": "nessuna", "trumps_out": "Briscole in gioco",
        "points": "Punti in gioco", "score": "Punteggio", "played": "Carte giocate",
        "tricks": "{n} ({t} prese)", "empty_hand": "(nessuna carta)",
    },
}

#: colour of each suit (bastoni, coppe, denari, spade) on the Neapolitan deck
SUIT_COLOURS = ("green", "red", "yellow", "blue")


def suit_name(suit: int, lang: str) -> str:
    return (SUIT_NAMES_IT if lang == "it" else SUIT_NAMES_EN)[suit]


def render(pos: Position, lang: str = "en", color: bool = False) -> str:
    """The drawing of ``pos``; ``lang`` is "en" or "it"; ``color`` adds ANSI styles."""
    if lang not in LABELS:
        raise ValueError(f"unknown language '{lang}' (en or it)")
    L = LABELS[lang]
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
    rows.append(label(L["played"]) + L["tricks"].format(n=k, t=k // 2))
    return "\n".join(rows)
