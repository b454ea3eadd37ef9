"""Pictures of positions (solver/picture.py) and `briscola show --svg`."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from click.testing import CliRunner

from cli.main import cli
from solver.analysis import analyse
from solver.cards import card_str, cards_of
from solver.picture import Marks, analysis_picture, position_svg, value_label
from solver.i18n import LABELS
from solver.position import parse_position
from solver.position.board import render
from solver.random_positions import random_position

POS = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=1 score=40-36"
NS = "{http://www.w3.org/2000/svg}"


def cards_in(svg: str) -> dict[str, list[str]]:
    """place -> cards drawn there, read back from the SVG."""
    root = ET.fromstring(svg)
    out: dict[str, list[str]] = {}
    for g in root.iter(NS + "g"):
        if "card" in g.get("class", "").split() and g.get("data-place"):
            out.setdefault(g.get("data-place"), []).append(g.get("data-card"))
    return out


def test_every_card_is_drawn_in_its_place():
    rng = random.Random(4)
    for _ in range(40):
        pos = random_position(rng, talon=rng.choice([0, 2, 4, 8, 20]), mid_trick=rng.random() < 0.5)
        got = cards_in(position_svg(pos))
        assert sorted(got.get("hand1", [])) == sorted(card_str(c) for c in cards_of(pos.hands[0]))
        assert sorted(got.get("hand2", [])) == sorted(card_str(c) for c in cards_of(pos.hands[1]))
        assert got.get("table", []) == [card_str(c) for c in pos.table]
        assert sorted(got.get("played", [])) == sorted(card_str(c) for c in cards_of(pos.played))
        assert got.get("top", []) == ([card_str(pos.top)] if pos.talon_size else [])
        assert got.get("briscola", []) == ([card_str(pos.briscola)] if pos.talon_size else [])


def test_best_cards_and_values_are_marked():
    a = analyse(parse_position(POS))
    root = ET.fromstring(analysis_picture(a, "en"))
    best = {g.get("data-card") for g in root.iter(NS + "g") if "best" in g.get("class", "").split()}
    assert best == {card_str(c) for c in a.best}
    labels = {t.text for t in root.iter(NS + "text") if t.get("class") == "value"}
    assert labels == {value_label(a, m.card) for m in a.moves}


def test_other_variants_and_italian():
    for text in ("hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D turn=1 variant=briscolone",
                 "hand1=AC,2C hand2=3C,RC hand3=6S,FS hand4=2D,7D briscola=4S turn=1 variant=scoperta4"):
        pos = parse_position(text)
        got = cards_in(position_svg(pos, lang="it"))
        for seat, h in enumerate(pos.hands, 1):
            assert sorted(got.get(f"hand{seat}", [])) == sorted(card_str(c) for c in cards_of(h))
    assert "Giocatore 1" in position_svg(parse_position(POS), Marks(), "it")


def test_the_player_under_a_card_on_the_table_is_named_in_the_pictures_language():
    """The player under each card of the trick was "P2" on the Italian picture too (the
    board's trick list says "G2")."""
    pos = parse_position("hand1=AD,3C hand2=7S,2D,RB table=FC top=CB briscola=4S unseen=3B,RC "
                         "turn=2")
    under = {"en": "P1", "it": "G1"}
    for lang, seat in under.items():
        texts = [t.text for t in ET.fromstring(position_svg(pos, lang=lang)).iter(NS + "text")]
        assert seat in texts and under[{"en": "it", "it": "en"}[lang]] not in texts, texts


def test_show_svg_writes_and_never_overwrites(tmp_path):
    out = tmp_path / "p.svg"
    r = CliRunner().invoke(cli, ["show", POS, "--svg", str(out)])
    assert r.exit_code == 0 and ET.parse(out).getroot().tag == NS + "svg"
    first = out.read_text()
    r = CliRunner().invoke(cli, ["show", POS, "--svg", str(out), "--with-analysis"])
    assert r.exit_code == 2 and "--force" in r.output and out.read_text() == first
    r = CliRunner().invoke(cli, ["show", POS, "--svg", str(out), "--with-analysis", "--force"])
    assert r.exit_code == 0 and 'class="card best"' in out.read_text()
    r = CliRunner().invoke(cli, ["show", POS, "--with-analysis"])
    assert r.exit_code == 2 and "--svg" in r.output


def test_ctrl_c_in_show_with_analysis_draws_the_values_so_far(tmp_path, ctrl_c_in_exact_search):
    """Ctrl-C in --with-analysis's search lost the picture: it is drawn from the estimate
    so far, said interrupted."""
    pos = random_position(random.Random(8), 8)
    ctrl_c_in_exact_search(pos)
    out = tmp_path / "p.svg"
    r = CliRunner().invoke(cli, ["show", pos.to_text(), "--svg", str(out), "--with-analysis"])
    assert r.exit_code == 0, r.output
    assert r.stderr.startswith("estimate, interrupted: best ") and "\u00b1" in out.read_text()


def test_a_finished_deal_names_no_player_to_move():
    """The last card played, the text board says the deal is over and neither drawing
    points at a player to move."""
    over = parse_position("hand1=3C hand2=2C briscola=RD turn=1").play("3C").play("2C")
    assert over.is_over
    for lang, word in (("en", "to move"), ("it", "di mano")):
        text = render(over, lang)
        assert word not in text and LABELS[lang]["over"] in text.splitlines()[0]
        assert "\u25b6" not in position_svg(over, lang=lang)
    live = parse_position("hand1=3C,AS hand2=2C,RS briscola=RD turn=1")
    assert "to move" in render(live) and "\u25b6" in position_svg(live)


def test_a_seat_view_is_drawn_with_the_hidden_hand_as_card_backs(tmp_path):
    """A hidden hand (?) is drawn as one back per unknown card plus the cards the seat
    knows it holds (the turned trump card taken at the last draw); an estimate's values
    carry their ± on a line of their own."""
    sp = parse_position("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1")
    svg = position_svg(sp)
    root = ET.fromstring(svg)
    assert svg.count('class="back"') >= 3 + 1   # three hidden cards and the talon
    assert 'data-card="FB"' in svg
    # said in words: the notation's "?" looked odd in the picture; one card agrees in Italian
    label = next(t.text for t in root.iter("{http://www.w3.org/2000/svg}text")
                 if "hidden" in (t.text or ""))
    assert label == "Player 2 · 3 cards, hidden" and "?" not in label
    one = parse_position("variant=classic hand1=FB hand2=? briscola=2S turn=1 played="
                         + ",".join(card_str(c) for c in range(40)
                                    if card_str(c) not in ("FB", "AS")))
    assert "Giocatore 2 · 1 carta, coperta" in position_svg(one, lang="it")
    end = parse_position("variant=classic hand1=? hand2=4B,5C briscola=2S turn=2 played="
                         + ",".join(card_str(c) for c in range(40)
                                    if card_str(c) not in ("4B", "5C", "2S", "AS")))
    assert end.known and 'data-card="2S"' in position_svg(end)
    out = tmp_path / "seat.svg"
    r = CliRunner().invoke(cli, ["show", "variant=classic hand1=FB,5C,FC hand2=? briscola=2S "
                                 "played=- turn=1", "--svg", str(out), "--with-analysis",
                                 "--time-limit", "0.5"])
    assert r.exit_code == 0, r.output
    pic = out.read_text()
    assert pic.count('class="error"') == 3 and root.tag.endswith("svg")


def test_a_trump_on_the_table_is_not_among_the_trumps_still_to_play():
    """The picture's "trumps not yet played" counted (and drew) a trump lying on the table,
    which had been played."""
    pos = parse_position("hand1=AD,3C hand2=7S,2D,RB table=FS top=CB briscola=4S unseen=3B,RC "
                         "turn=2")
    svg = position_svg(pos)
    texts = [t.text for t in ET.fromstring(svg).iter(NS + "text")]
    played = {card_str(c) for c in cards_of(pos.played)}
    still = {"2S", "5S", "6S", "7S", "CS", "RS", "3S", "AS", "4S"} - played
    assert f"trumps not yet played: {len(still)}" in texts, texts
    listed = {g.get("data-card") for g in ET.fromstring(svg).iter(NS + "g")
              if g.get("class") == "card" and not g.get("data-place")}
    assert listed == still, listed



def test_a_win_chances_plus_minus_carries_its_unit_as_explain_and_the_board_write_it():
    """The picture wrote an estimated chance "17% ±3.1" (its ± with no unit) where explain
    writes "± 3.1%" and the review's costs on the board "8.2% ±3.1%": its ± now goes through
    i18n.pct too, "17 % ±3,1 %" in Italian; a value in points keeps a bare ±."""
    from dataclasses import replace

    from solver.analysis.result import Interval
    from solver.explain import explain_position, explanation_text
    from solver.i18n import num, pct

    pos = parse_position(POS)
    for objective in ("win", "points"):
        ex = explain_position(pos, objective)
        guess = replace(ex.analysis, exact=False, value_exact=None,
                        interval=Interval.SAMPLING_AND_METHOD,
                        moves=tuple(replace(m, value_exact=None, error=0.0312 if objective == "win"
                                            else 3.12) for m in ex.analysis.moves))
        for lang in ("en", "it"):
            plus_minus = (pct(3.12, ".1f", lang) if objective == "win"
                          else num(3.12, ".1f", lang))
            labels = [value_label(guess, m.card, lang) for m in guess.moves]
            assert all(label.endswith(" \u00b1" + plus_minus) for label in labels), labels
            root = ET.fromstring(analysis_picture(guess, lang))
            under = [t.text for t in root.iter(NS + "text") if t.get("class") == "error"]
            assert under == ["\u00b1" + plus_minus] * len(guess.moves), under
            if objective == "win":
                said = explanation_text(replace(ex, analysis=guess), lang)
                assert "\u00b1 " + plus_minus in said, said
    assert value_label(guess, guess.moves[0].card, "it").endswith(" \u00b13,1")


def test_four_players_sit_counter_clockwise():
    """Play and drawing go up in seat number, counter-clockwise at the table (docs/rules.md):
    seen from player 1 at the bottom, player 2 sits on the right, player 3 across, player 4
    on the left. The picture drew player 2 on the left and player 4 on the right, a table
    turning clockwise."""
    pos = parse_position("hand1=AC,2C hand2=3C,RC hand3=6S,FS hand4=2D,7D briscola=4S turn=1 "
                         "variant=scoperta4")
    for narrow in (False, True):
        at = {}
        for t in ET.fromstring(position_svg(pos, narrow=narrow)).iter(NS + "text"):
            for k in t.get("class", "").split():
                if k.startswith("seat") and k != "seat":
                    at[int(k[4:])] = (float(t.get("x")), float(t.get("y")))
        assert at[3][1] < at[2][1] == at[4][1] < at[1][1], at  # 3 across, 2 and 4 beside
        assert at[4][0] < at[2][0], at  # 4 on player 1's left, 2 on the right


def test_a_pictures_file_says_what_an_estimates_pm_covers(tmp_path):
    """show --svg --with-analysis drew an estimate's values with their ± ("±8.3") and said
    nowhere in the file what that ± covers (at a deal's first card a carried figure, not a
    checked 95 % interval): a line under the picture says it, in the picture's language;
    an exact answer has no ±, and no line."""
    from solver.i18n import INTERVAL_SHORT
    start = "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1"
    for lang, words in (("en", "estimate; ± covers "), ("it", "stima; ± copre: ")):
        out = tmp_path / f"{lang}.svg"
        r = CliRunner().invoke(cli, ["show", start, "--with-analysis", "--svg", str(out),
                                     "--time-limit", "0.2", "--lang", lang])
        assert r.exit_code == 0, r.output
        svg = out.read_text()
        assert "\u00b1" in svg
        kind = INTERVAL_SHORT[lang]["sampling and extrapolated method"]
        assert f'class="note">{words}{kind}</text>' in svg, svg[-400:]
    exact = tmp_path / "exact.svg"
    r = CliRunner().invoke(cli, ["show", "hand1=3C,AS hand2=2C,RS briscola=RD turn=1",
                                 "--with-analysis", "--svg", str(exact)])
    assert r.exit_code == 0 and 'class="note"' not in exact.read_text()
