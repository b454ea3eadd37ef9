"""Pictures of positions as SVG: the one drawing code behind `briscola show --svg` and the
web board.

Neapolitan-style suits are drawn here from simple shapes (no image is fetched or bundled):
bastoni a green knotted club, coppe a red goblet, denari a gold coin, spade a blue sword.
Every card is a ``<g class="card" data-card=".." data-place="..">`` so the board can make
the cards of the hand to move clickable; highlights (best cards, a value per card) are
drawn on the cards themselves, so a picture of an analysis needs no legend.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field
from html import escape

from solver.cards import RANK_POINTS, RANKS, card_str, cards_of, popcount
from solver.frame import frame_of, shown_value
from solver.i18n import (
    INTERVAL_SHORT,
    LABELS,
    PICTURE_LABELS,
    agree,
    check_lang,
    num,
    pct,
    suit_name,
)
from solver.position import PositionError
from solver.position.board import seat_hands

W, H = 64, 100  # a full-size card
SW, SH = 34, 53  # a small card (cards already played)
GAP = 10
SUIT_INK = ("#2e7d32", "#c62828", "#b8860b", "#1565c0")
BEST = "#00a651"

#: the narrow layout (facts under the talon instead of beside it) for phone-sized screens;
#: the board sets it per request, so every picture of that request is drawn alike
NARROW: ContextVar[bool] = ContextVar("narrow", default=False)


@dataclass
class Marks:
    """What to draw on top of a position: best cards, a label under each valued card, the
    frame the labels are in (solver.frame: said once beside the cards played's title, so a
    label never reads as the other frame's number), and ``note``, a line under the picture
    (what an estimate's ± covers, where no page beside the picture says it)."""

    best: set[str] = field(default_factory=set)
    values: dict[str, str] = field(default_factory=dict)
    frame: str | None = None
    note: str | None = None


def _suit_symbol(suit: int, cx: float, cy: float, s: float) -> str:
    """One suit sign centred at (cx, cy), ``s`` = its height."""
    ink = SUIT_INK[suit]
    u = s / 10
    if suit == 0:  # bastoni: a knotted club, slanted
        return (
            f'<g transform="rotate(-25 {cx} {cy})">'
            f'<path d="M{cx - 1.2 * u},{cy + 5 * u} L{cx - 2 * u},{cy - 4 * u} '
            f'Q{cx},{cy - 6.2 * u} {cx + 2 * u},{cy - 4 * u} L{cx + 1.2 * u},{cy + 5 * u} Z" '
            f'fill="{ink}" stroke="#1b4d1e" stroke-width="{0.4 * u}"/>'
            f'<circle cx="{cx - 1.7 * u}" cy="{cy - 1 * u}" r="{0.7 * u}" fill="#a5d6a7"/>'
            f'<circle cx="{cx + 1.6 * u}" cy="{cy + 1.5 * u}" r="{0.6 * u}" fill="#a5d6a7"/>'
            f'<circle cx="{cx + 1.5 * u}" cy="{cy - 2.6 * u}" r="{0.5 * u}" '
            f'fill="#a5d6a7"/></g>'
        )
    if suit == 1:  # coppe: a goblet
        return (
            f'<path d="M{cx - 3.6 * u},{cy - 4.5 * u} L{cx + 3.6 * u},{cy - 4.5 * u} '
            f"Q{cx + 3.4 * u},{cy + 0.5 * u} {cx + 0.6 * u},{cy + 1 * u} "
            f"L{cx + 0.6 * u},{cy + 3.4 * u} "
            f"L{cx + 2.6 * u},{cy + 4.6 * u} L{cx - 2.6 * u},{cy + 4.6 * u} "
            f"L{cx - 0.6 * u},{cy + 3.4 * u} "
            f"L{cx - 0.6 * u},{cy + 1 * u} Q{cx - 3.4 * u},{cy + 0.5 * u} "
            f'{cx - 3.6 * u},{cy - 4.5 * u} Z" '
            f'fill="{ink}" stroke="#7f1515" stroke-width="{0.4 * u}"/>'
            f'<ellipse cx="{cx}" cy="{cy - 4.5 * u}" rx="{3.6 * u}" ry="{0.8 * u}" '
            f'fill="#ef9a9a" '
            f'stroke="#7f1515" stroke-width="{0.3 * u}"/>'
        )
    if suit == 2:  # denari: a coin
        return (
            f'<circle cx="{cx}" cy="{cy}" r="{4.6 * u}" fill="#f6c945" stroke="{ink}" '
            f'stroke-width="{0.7 * u}"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{2.8 * u}" fill="none" stroke="{ink}" '
            f'stroke-width="{0.5 * u}"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{1 * u}" fill="#c0392b"/>'
        )
    # spade: a sword, point up
    return (
        f'<path d="M{cx},{cy - 5.2 * u} L{cx + 1 * u},{cy - 3.6 * u} '
        f"L{cx + 0.8 * u},{cy + 2 * u} "
        f'L{cx - 0.8 * u},{cy + 2 * u} L{cx - 1 * u},{cy - 3.6 * u} Z" fill="#90caf9" '
        f'stroke="{ink}" '
        f'stroke-width="{0.4 * u}"/>'
        f'<rect x="{cx - 3 * u}" y="{cy + 2 * u}" width="{6 * u}" height="{0.9 * u}" '
        f'rx="{0.4 * u}" fill="{ink}"/>'
        f'<rect x="{cx - 0.55 * u}" y="{cy + 2.9 * u}" width="{1.1 * u}" height="{2 * u}" '
        f'fill="#6d4c41"/>'
        f'<circle cx="{cx}" cy="{cy + 5.2 * u}" r="{0.7 * u}" fill="{ink}"/>'
    )


def card_svg(
    c: int,
    x: float,
    y: float,
    w: float = W,
    h: float = H,
    place: str = "",
    best: bool = False,
    label: str | None = None,
    trump: bool = False,
    rotate: bool = False,
) -> str:
    """One face-up card with its top-left corner at (x, y)."""
    suit, rank = c // 10, c % 10
    ink = SUIT_INK[suit]
    name = card_str(c)
    r = RANKS[rank]
    fs = h * 0.22
    attrs = f'class="card{" best" if best else ""}" data-card="{name}"'
    if place:
        attrs += f' data-place="{place}"'
    tr = f' transform="rotate(90 {x + w / 2} {y + h / 2})"' if rotate else ""
    out = [f"<g {attrs}{tr}><title>{name}</title>"]
    if best:
        out.append(
            f'<rect x="{x - 4}" y="{y - 4}" width="{w + 8}" height="{h + 8}" '
            f'rx="{w * 0.16}" '
            f'fill="{BEST}" opacity="0.9"/>'
        )
    out.append(
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{w * 0.1}" fill="#fffdf5" '
        f'stroke="{"#5d4037" if not trump else "#d4a017"}" '
        f'stroke-width="{2.4 if trump else 1.2}"/>'
    )
    out.append(
        f'<text x="{x + w * 0.09}" y="{y + fs * 1.02}" font-size="{fs:.1f}" '
        f'font-weight="700" '
        f'fill="{ink}" font-family="Georgia, serif">{r}</text>'
    )
    out.append(
        f'<text x="{x + w * 0.91}" y="{y + h - fs * 0.3}" font-size="{fs:.1f}" '
        f'font-weight="700" '
        f'fill="{ink}" font-family="Georgia, serif" text-anchor="end">{r}</text>'
    )
    out.append(_suit_symbol(suit, x + w / 2, y + h * 0.53, h * 0.42))
    pts = RANK_POINTS[rank]
    if pts and w >= W * 0.9:
        out.append(
            f'<text x="{x + w * 0.91}" y="{y + fs * 0.9}" font-size="{fs * 0.48:.1f}" '
            f'fill="#6d4c41" '
            f'text-anchor="end" font-family="sans-serif">{pts}</text>'
        )
    if best:
        out.append(
            f'<circle cx="{x + w - 2}" cy="{y + 2}" r="10" fill="{BEST}" stroke="#fff" '
            f'stroke-width="1.5"/>'
            f'<text x="{x + w - 2}" y="{y + 7}" font-size="14" fill="#fff" '
            f'text-anchor="middle" '
            f'font-family="sans-serif" class="star">\u2605</text>'
        )
    if label is not None:
        value, _, err = label.partition(" \u00b1")  # an estimate's ± goes on a line of its own
        out.append(
            f'<text x="{x + w / 2}" y="{y + h + 17}" font-size="14" '
            f'font-weight="{700 if best else 400}" '
            f'fill="{BEST if best else "#222"}" text-anchor="middle" '
            f'font-family="sans-serif" '
            f'class="value">{escape(value)}</text>'
        )
        if err:
            out.append(
                f'<text x="{x + w / 2}" y="{y + h + 31}" font-size="11" '
                f'fill="{BEST if best else "#555"}" text-anchor="middle" '
                f'font-family="sans-serif" class="error">\u00b1{escape(err)}</text>'
            )
    out.append("</g>")
    return "".join(out)


def back_svg(x: float, y: float, w: float = W, h: float = H, n: int | None = None) -> str:
    """A face-down card (the talon), with the number of cards on it."""
    out = [
        f'<g class="back"><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{w * 0.1}" '
        f'fill="#8d2b2b" '
        f'stroke="#3e1010" stroke-width="1.2"/>'
        f'<rect x="{x + 5}" y="{y + 5}" width="{w - 10}" height="{h - 10}" rx="{w * 0.07}" '
        f'fill="none" '
        f'stroke="#e6b34a" stroke-width="1.5" stroke-dasharray="4 3"/>'
    ]
    if n is not None:
        out.append(
            f'<text x="{x + w / 2}" y="{y + h / 2 + 7}" font-size="20" font-weight="700" '
            f'fill="#fff" '
            f'text-anchor="middle" font-family="sans-serif">{n}</text>'
        )
    out.append("</g>")
    return "".join(out)


def _text(x, y, s, size=14, weight=400, anchor="start", fill="#222", cls=""):
    c = f' class="{cls}"' if cls else ""
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
        f'text-anchor="{anchor}" font-family="sans-serif"{c}>{escape(s)}</text>'
    )


def seats_around(players: int, bottom: int = 1) -> tuple[int, int, int, int]:
    """The 0-based seats at the bottom, on the right, across and on the left of a table seen
    from player ``bottom`` (1-based): play goes counter-clockwise (docs/rules.md), so the
    next player sits on the right. Two players face each other (no one at the sides: -1)."""
    if not 1 <= bottom <= players:
        raise PositionError.of("picture.bottom", n=bottom, most=players)
    me = bottom - 1
    if players == 2:
        return me, -1, 1 - me, -1
    return me, (me + 1) % 4, (me + 2) % 4, (me + 3) % 4


def position_svg(
    pos,
    marks: Marks | None = None,
    lang: str = "en",
    narrow: bool | None = None,
    since: tuple[int, int] | None = None,
    bottom: int = 1,
) -> str:
    """The whole position: every hand, the trick, the talon with its top card and the trump
    card under it, the points, trumps still out, and the cards already played. ``narrow``
    (default: NARROW) puts the facts under the talon, for a phone's width. ``since``: the
    points won since the start of a game continued from a position without score, said as
    such where a score would be (they are no score of the deal). ``bottom``: the player
    whose hand is drawn at the bottom (1-based; 0: the player to move), as every card table
    puts your own (seats_around); labels and the cards' places keep the real seats."""
    if narrow is None:
        narrow = NARROW.get()
    L, X = LABELS[check_lang(lang)], PICTURE_LABELS[lang]
    marks = marks or Marks()
    v = pos
    me, right, across, left = seats_around(v.players, bottom or v.to_move + 1)
    hands = seat_hands(pos)  # a hidden hand: None, drawn as card backs
    trump = v.briscola // 10 if v.briscola >= 0 else -1
    if narrow:
        width = 530 if v.players == 4 else 420
    else:
        width = 4 * (W + GAP) + 430 if v.players == 4 else 640
    row_h = H + 58
    out: list[str] = []
    y = 12

    def seat_label(seat: int, x0: float, y0: float, who: str) -> None:
        moving = seat == v.to_move and not v.is_over
        if moving:
            who += "  \u25b6 " + (L["to_answer"] if v.table else L["to_move"])
        out.append(
            _text(
                x0,
                y0 + 14,
                who,
                15,
                700 if moving else 400,
                fill="#0b5" if moving else "#333",
                cls=f"seat seat{seat + 1}",
            )
        )

    def hand_row(seat: int, x0: float, y0: float) -> None:
        hand = hands[seat]
        if hand is None:
            hidden_row(seat, x0, y0)
            return
        cards = cards_of(hand)
        seat_label(seat, x0, y0, L["player"].format(n=seat + 1))
        if not cards:
            out.append(_text(x0, y0 + 50, L["empty_hand"], 13, fill="#777"))
        for i, c in enumerate(cards):
            name = card_str(c)
            out.append(
                card_svg(
                    c,
                    x0 + i * (W + GAP),
                    y0 + 24,
                    place=f"hand{seat + 1}",
                    best=name in marks.best,
                    label=marks.values.get(name),
                    trump=c // 10 == trump,
                )
            )

    def hidden_row(seat: int, x0: float, y0: float) -> None:
        """A hidden hand: a back for each unknown card, then the cards known to be in it; its
        label says it in words ("3 cards, hidden"), not with the notation's "?"."""
        seat_label(
            seat,
            x0,
            y0,
            L["player"].format(n=seat + 1)
            + " \u00b7 "
            + agree(L["hidden_hand"].format(n=pos.hidden + popcount(pos.known)), lang),
        )
        for i in range(pos.hidden):
            out.append(back_svg(x0 + i * (W + GAP), y0 + 24))
        for i, c in enumerate(cards_of(pos.known), pos.hidden):
            out.append(
                card_svg(
                    c, x0 + i * (W + GAP), y0 + 24, place=f"hand{seat + 1}", trump=c // 10 == trump
                )
            )

    if v.players == 2:
        hand_row(across, 16, y)
    else:
        hand_row(across, 16, y)
        y += row_h
        hand_row(left, 16, y)
        hand_row(right, 16 + 3 * (W + GAP) + 40, y)
    y += row_h

    # the middle: the trick on the left, the talon and the facts on the right
    mid = y
    band = H + 40 + (92 if narrow else 0)
    out.append(
        f'<rect x="8" y="{mid}" width="{width - 16}" height="{band}" rx="12" fill="#1f6b3a" '
        f'opacity="0.12"/>'
    )
    out.append(_text(16, mid + 18, L["table"], 13, 700, fill="#1f6b3a"))
    for i, c in enumerate(v.table):
        seat = (v.leader + i) % v.players
        out.append(card_svg(c, 16 + i * (W + GAP), mid + 26, place="table", trump=c // 10 == trump))
        out.append(
            _text(
                16 + i * (W + GAP) + W / 2,
                mid + 26 + H + 12,
                X["seat_short"].format(n=seat + 1),
                11,
                anchor="middle",
                fill="#555",
            )
        )
    if not v.table:
        out.append(_text(16, mid + 60, "-", 16, fill="#777"))
    tx = 16 + max(v.players - 1, 2) * (W + GAP) + 14
    if v.talon_size:
        if v.briscola >= 0:
            out.append(
                card_svg(v.briscola, tx + 50, mid + 26, place="briscola", trump=True, rotate=True)
            )
            # the rank upright on the part that shows, over the sideways corner index
            out.append(
                f'<rect x="{tx + 108}" y="{mid + 46}" width="22" height="26" fill="#fffdf5"/>'
            )
            out.append(
                _text(
                    tx + 119,
                    mid + 67,
                    RANKS[v.briscola % 10],
                    21,
                    700,
                    "middle",
                    SUIT_INK[v.briscola // 10],
                ).replace("sans-serif", "Georgia, serif")
            )
            out.append(
                _text(
                    tx + W + 40,
                    mid + 26 + H + 12,
                    L["briscola"].lower(),
                    11,
                    anchor="middle",
                    fill="#555",
                )
            )
        out.append(back_svg(tx, mid + 26, n=v.talon_size))
        if v.top >= 0:
            out.append(
                card_svg(v.top, tx + W + 80, mid + 26, place="top", trump=v.top // 10 == trump)
            )
            out.append(
                _text(
                    tx + W + 80 + W / 2,
                    mid + 26 + H + 12,
                    X["top"],
                    11,
                    anchor="middle",
                    fill="#555",
                )
            )
    fx = tx + (2 * W + 96 if v.talon_size else 70)
    facts = []
    if trump >= 0:
        facts.append(f"{L['briscola']}: {card_str(v.briscola)} ({suit_name(trump, lang)})")
    else:
        facts.append(X["no_trump"])
    facts.append(X["talon_n"].format(n=v.talon_size))
    if v.score is not None:
        facts.append(X["score"].format(a=v.score[0], b=v.score[1]))
    elif since is not None:
        facts.append(X["since_start"].format(a=since[0], b=since[1]))
    facts.append(X["in_play"].format(n=120 - sum(RANK_POINTS[c % 10] for c in cards_of(v.played))))
    # a trump on the table has been played: it is not counted among those still to play
    gone = v.played | sum(1 << c for c in v.table)
    out_m = (((1 << 10) - 1) << (10 * trump)) & ~gone if trump >= 0 else 0
    if trump >= 0:
        facts.append(f"{X['trumps_out']}: {popcount(out_m)}")
    out_cards = cards_of(out_m)
    if narrow:
        fy = mid + H + 58
        half = 2 if v.score is not None or since is not None else 1
        lines = [" \u00b7 ".join(facts[: half + 1]), " \u00b7 ".join(facts[half + 1 :])]
        for i, f in enumerate(lines):
            out.append(_text(16, fy + i * 21, f, 15, 700 if i == 0 else 400, cls="fact"))
        for i, c in enumerate(out_cards):
            out.append(card_svg(c, 16 + i * 24, fy + 30, w=21, h=33))
    else:
        for i, f in enumerate(facts):
            out.append(_text(fx, mid + 30 + i * 19, f, 13, 700 if i == 0 else 400, cls="fact"))
        for i, c in enumerate(out_cards):
            out.append(card_svg(c, fx + i * 19, mid + 30 + len(facts) * 19 - 8, w=17, h=27))
    y = mid + band + 12

    hand_row(me, 16, y)
    y += row_h
    if any("\u00b1" in s for s in marks.values.values()):
        y += 14  # room for the ± line under the cards

    played = cards_of(v.played)
    out.append(_text(16, y + 4, f"{X['played_title']}: {len(played)}", 13, 700, cls="played-title"))
    if marks.frame and marks.values:
        out.append(
            _text(
                width - 16,
                y + 4,
                X["frame." + marks.frame],
                11,
                anchor="end",
                fill="#555",
                cls="frame",
            )
        )
    y += 12
    per_row = max(1, int((width - 24) // (SW + 4)))
    for i, c in enumerate(played):
        out.append(
            card_svg(
                c,
                16 + (i % per_row) * (SW + 4),
                y + (i // per_row) * (SH + 6),
                SW,
                SH,
                place="played",
                trump=c // 10 == trump,
            )
        )
    rows = (len(played) + per_row - 1) // per_row
    height = y + rows * (SH + 6) + 12
    if marks.note:
        out.append(_text(16, height + 4, marks.note, 11, fill="#555", cls="note"))
        height += 16
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="position" viewBox="0 0 {width} '
        f'{height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(_alt(pos))}">'
        f'<rect width="{width}" height="{height}" fill="#f7f3e8"/>'
    )
    return head + "".join(out) + "</svg>"


def value_label(a, card: int, lang: str = "en") -> str:
    """``card``'s value under it: in the frame of the analysis table beside it (the expected
    final margin wherever the score is known, solver.frame), with an estimate's ± (a chance's
    in percentage points, its unit written as explain and the review write it); its
    decimals written as ``lang`` writes them, and a real minus, as the table writes it (the
    hyphen is the notation's and the JSON's)."""
    m = a.move(card)
    win = a.objective == "win"
    if win:
        s = pct(100 * m.value, ".0f", lang)
    else:
        s = num(shown_value(a, m.value), "+.1f", lang).replace("-", "\u2212")
    if not a.exact and m.error is not None and m.value_exact is None:  # not one solved
        s += " \u00b1" + (pct(100 * m.error, ".1f", lang) if win else num(m.error, ".1f", lang))
    return s


def analysis_picture(a, lang: str, say_interval: bool = False, bottom: int = 1) -> str:
    """``a``'s picture: its best cards, each card's value under it; ``say_interval``: an
    estimate's ± says under the picture what it covers (a file of its own: the board's page
    says it beside the picture); ``bottom``: position_svg's."""
    best = {card_str(c) for c in a.best}
    values = {card_str(m.card): value_label(a, m.card, lang) for m in a.moves}
    note = None
    if say_interval and not a.exact and any(m.error is not None for m in a.moves):
        covers = INTERVAL_SHORT[lang][a.interval]
        note = PICTURE_LABELS[lang]["pm_note"].format(covers=covers)
    return position_svg(a.position, Marks(best, values, frame_of(a), note), lang, bottom=bottom)


def _alt(pos) -> str:
    try:
        return pos.to_text()
    except Exception:  # a picture never fails for want of its caption
        return "Briscola position"
