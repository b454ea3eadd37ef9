"""The pieces of the key=value position notation (docs/notation.md) that every game shares.

One field splitter, one card-claim check, one score check and the checks that the two open
parsers and the hidden-hand parser make alike, so the variants differ only where their
rules do. Messages are one line for the user; a parser passes in the wording that differs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING

from solver.errors import BriscolaError, Count
from solver.rules import RulesError
from solver.cards import (
    CardError,
    card_str,
    cards_of,
    format_mask,
    mask_of,
    mask_points,
    parse_card_ids,
    popcount,
)


if TYPE_CHECKING:
    from solver.rules import Variant

#: cards as the readers pass them: ids in the order they were written
Cards = Sequence[int]


class PositionError(BriscolaError):
    """The text is not a position that can occur; the message is one line for the user."""


class IllegalMoveError(PositionError, RulesError):
    """A card the player to move may not play now (python-chess's ``IllegalMoveError``),
    from every state's ``play`` and ``outcomes``: a Position's, a seat's view's, a game's.
    A PositionError and a RulesError, the families each raised before, and a ValueError."""


#: the fields of a 2-player scoperta line
FIELDS = (
    "hand1",
    "hand2",
    "table",
    "top",
    "talon",
    "briscola",
    "played",
    "unseen",
    "turn",
    "score",
    "variant",
)
#: the fields of every other game's line: the scoperta line's with four hands, and tricks
GAME_FIELDS = ("hand1", "hand2", "hand3", "hand4", *FIELDS[2:], "tricks")

#: fields holding cards: each is checked as it is read, so a bad card is named before
#: anything else is said about the position
CARD_FIELDS = frozenset(
    ("hand1", "hand2", "hand3", "hand4", "table", "top", "talon", "briscola", "played", "unseen")
)


class CardClaims:
    """Refuses a card named twice across a position's fields, naming both places."""

    def __init__(self) -> None:
        self.seen: dict[int, str] = {}

    def __call__(self, cards: Iterable[int], where: str) -> None:
        for c in cards:
            if c in self.seen:
                other = self.seen[c]
                raise (
                    PositionError.of("card.twice", card=card_str(c), first=other, second=where)
                    if other != where
                    else PositionError.of("card.twice_in", card=card_str(c), field=where)
                )
            self.seen[c] = where


#: the spaces around a comma inside a field's list, dropped once each run of spaces is one
#: space (_SPACES): a long run tried at each of its spaces cost its length squared (200 000
#: spaces in a pasted line took minutes)
_COMMA_SPACES = re.compile(r"\s*,\s*(?!\w+=)")
_SPACES = re.compile(r"\s+")


def split_fields(text: str, allowed: Collection[str] = FIELDS) -> dict[str, str]:
    """The ``key=value`` fields of a position line, each at most once, keys in ``allowed``.
    Spaces next to a comma are forgiven (``hand1=3C, AS``): pasted lists often have them."""
    fields: dict[str, str] = {}
    for tok in _COMMA_SPACES.sub(",", _SPACES.sub(" ", text)).split():
        if "=" not in tok:
            raise PositionError.of("field.not_key_value", token=tok, fields=", ".join(allowed))
        k, v = tok.split("=", 1)
        k = k.strip().lower()
        if k not in allowed:
            raise PositionError.of("field.unknown", field=k, fields=", ".join(allowed))
        if k in fields:
            raise PositionError.of("field.twice", field=k)
        if v.endswith(","):
            raise PositionError.of("field.trailing_comma", field=k)
        if k in CARD_FIELDS and "?" not in v:  # a hidden hand: the seat parser says more
            try:
                parse_card_ids(v)
            except CardError as e:
                raise PositionError.of("field.card", field=k, error=e) from None
        fields[k] = v
    return fields


def hidden_hand(fields: dict[str, str]) -> bool:
    """Whether split fields write a hand ``?``: a seat's view (SeatPosition), not an open
    position."""
    return any(v.strip() == "?" for k, v in fields.items() if k.startswith("hand"))


def one_card(fields: dict[str, str], key: str) -> int:
    cs = parse_card_ids(fields.get(key, ""))
    if len(cs) > 1:
        raise PositionError.of("field.one_card", field=key, count=len(cs))
    return cs[0] if cs else -1


def require(fields: dict[str, str], keys: Iterable[str]) -> None:
    for req in keys:
        if req not in fields:
            raise PositionError.of("field.missing", field=req)


def check_seats(fields: dict[str, str], variant: Variant) -> None:
    """No hand field beyond the variant's players."""
    n = variant.players
    for i in range(n, 4):
        if f"hand{i + 1}" in fields:
            raise PositionError.of(
                "field.seat", variant=variant.name, players=n, field=f"hand{i + 1}"
            )


def check_trump_field(fields: dict[str, str], variant: Variant) -> None:
    """briscola= given, with a card, exactly when the variant has a trump."""
    if variant.has_trump and "briscola" not in fields:
        raise PositionError.of("field.missing_trump")
    if variant.has_trump and fields["briscola"].strip() in ("", "-"):
        raise PositionError.of("trump.needed")
    if not variant.has_trump and "briscola" in fields:
        raise PositionError.of("field.no_trump", variant=variant.name)


def read_turn(fields: dict[str, str], players: int) -> int:
    """The 0-based seat to play."""
    turn_s = fields["turn"].strip()
    if turn_s not in [str(i + 1) for i in range(players)]:
        raise PositionError.of(
            "turn.two" if players == 2 else "turn.range", turn=turn_s, players=players
        )
    return int(turn_s) - 1


def read_talon_fields(
    fields: dict[str, str],
) -> tuple[int, Cards | None, Cards | None, Cards | None]:
    """(top, talon, played, unseen): the card or -1, then three card lists or None."""
    top = one_card(fields, "top")
    talon = parse_card_ids(fields["talon"]) if "talon" in fields else None
    if "played" in fields and "unseen" in fields:
        raise PositionError.of("field.played_or_unseen")
    played = parse_card_ids(fields["played"]) if "played" in fields else None
    unseen = parse_card_ids(fields["unseen"]) if "unseen" in fields else None
    return top, talon, played, unseen


def claim_places(
    hands: dict[int, Cards],
    table: Cards,
    played: Cards | None,
    talon: Cards | None,
    top: int,
    unseen: Cards | None,
    briscola: int,
    talon_repeats_first: bool = False,
    check_top: Callable[[int], None] | None = None,
) -> None:
    """Every card at most once across the fields that name places (``hands`` maps a seat to
    its cards), and the talon given one way only. ``talon_repeats_first`` names a card
    repeated in talon= before any conflict with top= or unseen=; ``check_top(top)`` is a
    game's own check of top= before its claim."""
    claim = CardClaims()
    for seat, h in hands.items():
        claim(h, f"hand{seat + 1}")
    claim(table, "table")
    if played is not None:
        claim(played, "played")
    if talon is not None:
        if talon_repeats_first and len(set(talon)) != len(talon):
            dup = next(c for c in talon if talon.count(c) > 1)
            raise PositionError.of("card.twice_in", card=card_str(dup), field="talon")
        if top >= 0:
            raise PositionError.of("field.top_or_talon")
        if unseen is not None:
            raise PositionError.of("field.unseen_or_talon")
        claim(talon, "talon")
    elif top >= 0:
        if top == briscola:
            raise PositionError.of("top.is_trump", card=card_str(top))
        if check_top is not None:
            check_top(top)
        claim([top], "top")
    if unseen is not None:
        claim([c for c in unseen if c != briscola], "unseen")


def given_talon_and_played(
    full: int, in_play: int, played: Cards | None, talon: Cards | None
) -> tuple[int, int] | None:
    """(talon mask, played mask) when played= or talon= says them, else None."""
    if played is not None:
        played_mask = mask_of(played)
        return full & ~(in_play | played_mask), played_mask
    if talon is not None:
        talon_mask = mask_of(talon)
        return talon_mask, full & ~(in_play | talon_mask)
    return None


def talon_count_error(size: int, players: int) -> PositionError:
    """The talon's ``size`` is not a multiple of ``players``, as every draw takes one each."""
    key = "talon.even" if players == 2 else "talon.multiple"
    return PositionError.of(key, size=Count(size), players=players)


def check_talon_size(size: int, talon: Cards | None, talon_mask: int, players: int) -> None:
    """The talon holds a multiple of ``players`` cards and talon= all of them."""
    if size % players:
        raise talon_count_error(size, players)
    if talon is not None and mask_of(talon) != talon_mask:
        raise PositionError.of("talon.listed", listed=Count(len(talon)), size=size)


def trump_not_at_bottom(briscola: int) -> PositionError:
    return PositionError.of("trump.not_bottom", card=card_str(briscola))


def talon_end_error(briscola: int) -> PositionError:
    return PositionError.of("talon.end", card=card_str(briscola))


def check_top_given(size: int, top: int) -> None:
    """A game that shows the talon's top card names it exactly when the talon has cards."""
    if size == 0 and top >= 0:
        raise PositionError.of("top.empty")
    if size > 0 and top < 0:
        raise PositionError.of("top.missing", size=size)


def _whole_tricks_worth(cards: int, worth: int, players: int, least: int = 0) -> bool:
    """Whether some whole tricks of ``players`` cards each among ``cards``, ``least`` tricks
    or more, are worth ``worth`` points."""
    if worth < 0:
        return False
    fit = (1 << (worth + 1)) - 1
    reach = [1] + [0] * popcount(cards)  # reach[j]: the sums j of the cards can make, as bits
    for j, c in enumerate(cards_of(cards), 1):
        p = mask_points(1 << c)
        for i in range(j, 0, -1):
            reach[i] |= (reach[i - 1] << p) & fit
    return any((reach[j] >> worth) & 1 for j in range(least * players, len(reach), players))


def _leader_won_last(played: int, a: int, players: int, leader: int) -> bool:
    """Whether the side of ``leader`` (the seat leading the trick now, from 0) may have taken
    the last trick, as a trick's winner leads the next: its share of the points (player 1's
    side's is ``a``) the worth of one whole trick or more among ``played``."""
    share = a if leader % 2 == 0 else mask_points(played) - a
    return not played or _whole_tricks_worth(played, share, players, least=1)


def _points_text(text: str) -> bool:
    """Whether ``text`` is a side's points as score= writes them: ASCII digits, at most
    three after any leading zeros (a number of thousands of digits is past what int()
    reads)."""
    return text.isascii() and text.isdigit() and len(text.lstrip("0")) <= 3


def parse_score(
    text: str,
    played: int,
    players: int,
    seen: tuple[int, int, int] = (0, 0, 0),
    leader: int | None = None,
) -> tuple[int, int]:
    """score=a-b: the played cards' points, and ``a`` the worth of some whole tricks of
    ``players`` cards each among them. ``seen`` (the cards of the tricks a seat saw, the
    points player 1 and player 2 won in them) fixes part of it: ``a`` is player 1's part
    plus whole tricks among the other played cards. ``leader`` (the seat leading the trick
    now, from 0) took the last trick, so its side's share holds one at least."""
    pts = mask_points(played)
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(_points_text(p.strip()) for p in parts):
        raise PositionError.of("score.format", text=text)
    a, b = int(parts[0]), int(parts[1])
    if a + b != pts:
        raise PositionError.of("score.sum", a=a, b=b, sum=a + b, points=pts)
    if not _whole_tricks_worth(played, a, players):
        raise PositionError.of("score.tricks", a=a, b=b)
    cards, won1, won2 = seen
    if cards and not _whole_tricks_worth(played & ~cards, a - won1, players):
        key = "score.seen" if cards == played else "score.seen_part"
        raise PositionError.of(key, a=a, b=b, won1=won1, won2=won2)
    if leader is not None and not _leader_won_last(played, a, players, leader):
        key = "score.leader" if players == 2 else "score.leader_team"
        raise PositionError.of(key, a=a, b=b, player=leader + 1, points=(a, b)[leader % 2])
    return (a, b)


def json_text(obj: object) -> str:
    """The position text of a position's JSON (``{"position": "..."}``, as an object or as
    its JSON text)."""
    if isinstance(obj, (str, bytes)):
        try:
            obj = json.loads(obj)
        except ValueError as e:
            raise PositionError.of("json.invalid", detail=str(e)) from None
    if not isinstance(obj, dict) or not isinstance(obj.get("position"), str):
        raise PositionError.of("json.position")
    return obj["position"]


def hand_text(seat: int, mask: int, hidden: bool = False) -> str:
    return f"hand{seat + 1}={'?' if hidden else format_mask(mask)}"


def rest_text(
    table: Cards,
    talon_order: Cards | None,
    top: int,
    briscola: int,
    played: int | None,
    turn: int,
    score: tuple[int, int] | None,
) -> list[str]:
    """The fields after the hands, in canonical order; ``played`` None leaves played= out."""
    parts = []
    if table:
        parts.append("table=" + ",".join(card_str(c) for c in table))
    if talon_order is not None:
        parts.append("talon=" + ",".join(card_str(c) for c in talon_order))
    elif top >= 0:
        parts.append(f"top={card_str(top)}")
    if briscola >= 0:
        parts.append(f"briscola={card_str(briscola)}")
    if played is not None:
        parts.append(f"played={format_mask(played)}")
    parts.append(f"turn={turn + 1}")
    if score is not None:
        parts.append(f"score={score[0]}-{score[1]}")
    return parts
