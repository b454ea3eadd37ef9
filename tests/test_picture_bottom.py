"""The picture drawn from any seat (position_svg's ``bottom``, `briscola show --svg --bottom`):
that seat's hand at the bottom, as every card table draws your own; with four players the
next seat in play order on the right, the partner across, the last on the left (play goes
counter-clockwise, docs/rules.md). Player 1 was always at the bottom: a player at seat 2
saw their hand at the top. Labels, the trick and the cards' places keep the real seats.
The board's pictures: tests/test_web_bottom.py."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.analysis import analyse
from solver.cards import card_str, cards_of
from solver.picture import BEST, analysis_picture, position_svg
from solver.position import PositionError, parse_position
from solver.random_positions import random_position

NS = "{http://www.w3.org/2000/svg}"
TWO = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=2 score=40-36"
FOUR = ("hand1=AC hand2=3C,RC hand3=6S,FS hand4=2D,7D table=5S briscola=4S turn=2 "
        "variant=scoperta4")


def corners(svg: str) -> dict[str, list[tuple[float, float]]]:
    """place -> the top-left corner of each card drawn there ("back": the card backs)."""
    out: dict[str, list[tuple[float, float]]] = {}
    for g in ET.fromstring(svg).iter(NS + "g"):
        cls = g.get("class", "").split()
        place = g.get("data-place") if "card" in cls else "back" if "back" in cls else None
        if place:
            # the card's own rectangle, not a best card's halo
            r = next(r for r in g.iter(NS + "rect") if r.get("fill") != BEST)
            out.setdefault(place, []).append((float(r.get("x")), float(r.get("y"))))
    return out


def row(svg: str, place: str) -> tuple[float, float]:
    """(leftmost x, y) of a hand drawn in one row."""
    cs = corners(svg)[place]
    assert len({y for _, y in cs}) == 1, cs
    return min(x for x, _ in cs), cs[0][1]


def test_two_players_draw_the_chosen_seat_below_the_table():
    pos = parse_position(TWO)
    table_y = min(y for _, y in corners(position_svg(pos))["top"])
    for bottom, other in ((1, 2), (2, 1)):
        svg = position_svg(pos, bottom=bottom)
        assert row(svg, f"hand{bottom}")[1] > table_y > row(svg, f"hand{other}")[1]
    assert position_svg(pos) == position_svg(pos, bottom=1)


@pytest.mark.parametrize("bottom", [1, 2, 3, 4])
def test_four_players_sit_counter_clockwise_around_the_chosen_seat(bottom):
    """Seat ``bottom`` below, the next in play order on the right, the one after across,
    the last on the left, whichever seat is chosen."""
    svg = position_svg(parse_position(FOUR), bottom=bottom)
    seat = [(bottom - 1 + k) % 4 + 1 for k in range(4)]   # you, then in play order
    me, right, across, left = (row(svg, f"hand{s}") for s in seat)
    assert me[1] > right[1] == left[1] > across[1]
    assert right[0] > left[0]
    # the trick keeps its play order and each card its player's label
    table = [c for c, _ in corners(svg)["table"]]
    assert table == sorted(table)
    texts = {t.get("class"): t.text for t in ET.fromstring(svg).iter(NS + "text")}
    assert all(texts[f"seat seat{s}"].startswith(f"Player {s}") for s in seat)
    assert "P1" in [t.text for t in ET.fromstring(svg).iter(NS + "text")]


def test_every_card_keeps_its_real_place_from_every_seat():
    rng = random.Random(7)
    for _ in range(20):
        pos = random_position(rng, talon=rng.choice([0, 2, 8]), mid_trick=rng.random() < 0.5)
        for bottom in (1, 2):
            got = {p: len(cs) for p, cs in corners(position_svg(pos, bottom=bottom)).items()}
            for seat in (0, 1):
                assert got.get(f"hand{seat + 1}", 0) == len(cards_of(pos.hands[seat]))


def test_a_seats_view_draws_its_own_hand_below_and_the_backs_above():
    """Player 2's view of a classic deal: its cards face up at the bottom, player 1's
    hidden hand as card backs at the top, the labels naming the real players."""
    pos = parse_position("variant=classic hand1=? hand2=FB,5C,FC briscola=2S played=- turn=2")
    svg = position_svg(pos, bottom=2)
    backs = corners(svg)["back"]
    mine = row(svg, "hand2")[1]
    assert "hand1" not in corners(svg)
    top = min(y for _, y in backs)   # the talon's back is in the middle band
    assert len([b for b in backs if b[1] == top]) == 3 and top < mine
    label = {t.get("class"): float(t.get("y")) for t in ET.fromstring(svg).iter(NS + "text")}
    assert label["seat seat2"] > label["seat seat1"]


def test_a_seat_the_position_lacks_is_refused():
    from solver.picture import seats_around
    with pytest.raises(PositionError, match="no player 3 to draw at the bottom"):
        position_svg(parse_position(TWO), bottom=3)
    for bad in (0, 5, -1):
        with pytest.raises(PositionError):
            seats_around(4, bad)


def test_the_analysis_picture_is_drawn_from_the_seat_too():
    a = analyse(parse_position(TWO))
    svg = analysis_picture(a, "en", bottom=2)
    assert row(svg, "hand2")[1] > row(svg, "hand1")[1]
    assert analysis_picture(a, "en") == analysis_picture(a, "en", bottom=1)


def test_show_svg_bottom(tmp_path):
    out = tmp_path / "p.svg"
    r = CliRunner().invoke(cli, ["show", TWO, "--svg", str(out), "--bottom", "2"])
    assert r.exit_code == 0, r.output
    svg = out.read_text()
    assert row(svg, "hand2")[1] > row(svg, "hand1")[1]
    drawn = [g.get("data-card") for g in ET.fromstring(svg).iter(NS + "g")
             if g.get("data-place") == "hand2"]
    assert sorted(drawn) == sorted(card_str(c) for c in cards_of(parse_position(TWO).hands[1]))
    r = CliRunner().invoke(cli, ["show", TWO, "--svg", str(tmp_path / "q.svg"), "--bottom", "3",
                                 "--with-analysis"])
    assert r.exit_code == 2 and "no player 3 to draw at the bottom" in r.output
    assert not (tmp_path / "q.svg").exists()
    r = CliRunner().invoke(cli, ["show", TWO, "--bottom", "2"])
    assert r.exit_code == 2 and "--bottom draws on a picture: give --svg FILE" in r.output
