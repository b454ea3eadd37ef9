"""The values under the cards of a picture are in the frame of the analysis table beside
them (issue 41 item 5): with a score, each card's expected final margin (the table's
"margin" column and the review graph's frame); the picture says which frame once."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from solver.analysis import analyse
from solver.cards import card_str
from solver.i18n import PICTURE_LABELS
from solver.picture import Marks, analysis_picture, position_svg
from solver.position import parse_position

NS = "{http://www.w3.org/2000/svg}"
SCORED = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC,5B,6B turn=1 score=36-40"
SECOND = "hand1=RC,6S hand2=5B,4D briscola=2D turn=2 score=65-51"


def labels(svg: str) -> dict[str, str]:
    """card -> the value drawn under it."""
    out = {}
    for g in ET.fromstring(svg).iter(NS + "g"):
        for t in g.iter(NS + "text"):
            if t.get("class") == "value":
                out[g.get("data-card")] = t.text
    return out


def caption(svg: str) -> str | None:
    found = [t.text for t in ET.fromstring(svg).iter(NS + "text") if t.get("class") == "frame"]
    assert len(found) <= 1
    return found[0] if found else None


def test_with_a_score_the_cards_show_their_expected_final_margin():
    negative = 0
    for text, mine, theirs in ((SCORED, 36, 40), (SECOND, 51, 65)):   # the mover's side first
        a = analyse(parse_position(text))
        for lang in ("en", "it"):
            svg = analysis_picture(a, lang)
            got = labels(svg)
            assert set(got) == {card_str(m.card) for m in a.moves}
            for m in a.moves:
                margin = mine - theirs + float(m.value_exact)
                label = got[card_str(m.card)]  # Italian with a decimal comma, as the board
                assert ("." not in label) if lang == "it" else ("," not in label), label
                # a real minus, as the table beside it writes it: the hyphen is the notation's
                assert "-" not in label and label[0] in "+\u2212", label
                value = float(label.replace("\u2212", "-").replace(",", "."))
                assert value == round(margin, 1), (text, m)
                negative += margin < 0
            assert caption(svg) == PICTURE_LABELS[lang]["frame.final"]
    assert negative   # a minus was written


def test_without_a_score_they_show_the_points_still_to_win_and_say_so():
    a = analyse(parse_position(SCORED.replace(" score=36-40", "")))
    svg = analysis_picture(a, "en")
    assert {k: float(v.replace("\u2212", "-")) for k, v in labels(svg).items()} == {
        card_str(m.card): round(float(m.value_exact), 1) for m in a.moves}
    assert caption(svg) == PICTURE_LABELS["en"]["frame.togo"]
    w = analyse(parse_position(SCORED), "win")
    svg = analysis_picture(w, "it")
    assert all(v.endswith("%") for v in labels(svg).values())
    assert caption(svg) == PICTURE_LABELS["it"]["frame.win"]


def test_a_picture_of_no_values_names_no_frame():
    pos = parse_position(SCORED)
    assert caption(position_svg(pos)) is None
    assert caption(position_svg(pos, Marks({"AD"}, {}, "final"))) is None
    assert caption(position_svg(pos, Marks(set(), {"AD": "+3.0"}, "final"), "it")) == \
        PICTURE_LABELS["it"]["frame.final"]


def test_the_boards_picture_api_takes_the_frame_of_its_labels():
    """/api/picture (the board redrawing for a phone) names the frame the page gives, and
    refuses an unknown one in one line."""
    pytest.importorskip("starlette", reason="the web extra is not installed")
    from starlette.testclient import TestClient
    from solver.web.app import create_app
    with TestClient(create_app(), base_url="http://127.0.0.1") as c:
        body = {"position": SCORED, "values": {"AD": "-6.1"}, "lang": "it"}
        r = c.post("/api/picture", json={**body, "frame": "final"})
        assert r.status_code == 200 and caption(r.text) == PICTURE_LABELS["it"]["frame.final"]
        assert caption(c.post("/api/picture", json=body).text) is None
        r = c.post("/api/picture", json={**body, "frame": "margin"})
        assert r.status_code == 400 and "riferimento sconosciuto 'margin'" in r.json()["error"]
        assert "\n" not in r.json()["error"]
        r = c.post("/api/picture", json={**body, "lang": "en", "frame": "margin"})
        assert r.status_code == 400 and "unknown frame 'margin'" in r.json()["error"]
