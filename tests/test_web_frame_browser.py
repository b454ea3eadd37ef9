"""The board's card labels in a real browser (issue 41 item 5): with a score, the number under
each card is its expected final margin, the analysis table's "margin" column beside it, and
the picture says so; redrawn for a phone's width (the page's own labels, /api/picture) they
stay in that frame; an estimate's margin has the same ± as its value and its label (docs/board.png
is this test's screenshot of one). Screenshots go to $BRISCOLA_ARTIFACTS.

Skipped where no browser is installed, as tests/test_web_browser.py."""
from __future__ import annotations

import re
import time

import pytest

from solver.analysis import analyse
from solver.cards import card_str
from solver.i18n import PICTURE_LABELS
from solver.position import parse_position
from test_web_browser import _artifacts, _fits, _open, _wait, browser, server  # noqa: F401 - fixtures pytest finds by name

SCORED = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC,5B,6B turn=1 score=36-40"


def _num(text: str) -> float:
    return float(text.replace("\u2212", "-").split()[0])


def _labels(drv) -> dict[str, float]:
    out = {}
    for g in drv.find_elements("css selector", '#board svg g.card[data-place="hand1"]'):
        t = g.find_elements("css selector", "text.value")
        if t:
            out[g.get_attribute("data-card")] = _num(t[0].get_attribute("textContent"))
    return out


def _caption(drv) -> str | None:
    found = drv.find_elements("css selector", "#board svg text.frame")
    return found[0].get_attribute("textContent") if found else None


def _seeded(seed: int, cards: int) -> dict:
    """A scoperta deal of ``seed`` after ``cards`` cards of the greedy level, both seats."""
    from solver.web import games
    g = games.new_game("scoperta", seed)
    for _ in range(cards):
        g = games.play(g, games.engine_card(g, "greedy"))
    return g.record


def _viewport(drv, width: int, height: int) -> None:
    """The page's own size (the window's, less its frame), as the screenshot has it."""
    drv.set_window_size(width, height)
    frame = drv.execute_script("return window.outerHeight - window.innerHeight")
    drv.set_window_size(width, height + frame)


def _pm(text: str) -> str | None:
    found = re.search("\u00b1[\\d.,]+", text)
    return found.group(0) if found else None


def _pm_lines(drv) -> list[bool]:
    """For each ± of the analysis table in sight: whether it sits under its number."""
    return drv.execute_script("""return [...document.querySelectorAll('#analysis td.num > .pm')]
        .filter((p) => p.getClientRects().length)
        .map((p) => { const n = document.createRange(); n.selectNode(p.parentElement.firstChild);
                      return p.getBoundingClientRect().top >= n.getBoundingClientRect().bottom - 2; })""")


def test_the_labels_under_the_cards_are_the_tables_margin(browser, server):
    drv = browser
    # an estimate (the docs' screenshot, docs/board.png: scoperta seed 7 after 12 greedy
    # cards, analysed 2 s, 1280x717): its margin is the value plus the points taken, known
    # exactly, so it has the value's ±, as the labels under the cards have; the margin
    # column showed none
    _open(drv, server)
    _viewport(drv, 1280, 717)
    drv.execute_script("document.getElementById('time-limit').value = '2'; loadGame(arguments[0])",
                       _seeded(7, 12))
    _wait(drv, lambda: drv.execute_script("return S.plies.length === 12 && S.view.ply === 12"),
          what="the seeded deal")
    drv.execute_script("analyse()")
    _wait(drv, lambda: drv.find_elements("css selector", "#analysis tr.best td.final"), what="the estimate")
    assert drv.execute_script("return S.analysis.exact") is False
    rows = drv.find_elements("css selector", "#analysis tbody tr")
    assert len(rows) == 3
    for row in rows:
        value = row.find_element("css selector", "td.value").text  # its ± may sit under it
        margin = row.find_element("css selector", "td.final").text
        assert _pm(value) and _pm(margin) == _pm(value), (margin, value)
    errors = drv.find_elements("css selector", '#board svg g.card[data-place="hand1"] text.error')
    assert len(errors) == 3 and all(e.get_attribute("textContent").startswith("\u00b1") for e in errors)
    assert _fits(drv)   # a ± more a row: it goes under its number rather than past the panel
    assert len(set(_pm_lines(drv))) == 1, _pm_lines(drv)   # every ± on its number's line, or none
    drv.execute_script("document.getElementById('auto').checked = true; window.scrollTo(0, 0)")
    time.sleep(0.3)
    drv.save_screenshot(str(_artifacts() / "board.png"))
    print(f"\nscreenshot (docs/board.png): {_artifacts() / 'board.png'}")
    # narrower panels (a small laptop's, a small phone's), where a table left to wrap its own
    # cells put some ± under their numbers and some beside: all of them, or none
    for width in (900, 870, 360):
        drv.set_window_size(width, 900)
        time.sleep(0.5)
        assert _fits(drv), width
        assert len(set(_pm_lines(drv))) == 1, (width, _pm_lines(drv))
    # on a phone the margin goes under the value, its ± with it
    drv.set_window_size(390, 900)
    best = drv.find_element("css selector", "#analysis tr.best")
    _wait(drv, lambda: not best.find_element("css selector", "td.final").is_displayed(), what="the phone's table")
    inline = best.find_element("css selector", ".final-inline")
    assert _pm(inline.text) == _pm(best.find_element("css selector", "td.final").get_attribute("textContent"))
    assert _fits(drv)
    assert len(set(_pm_lines(drv))) == 1, _pm_lines(drv)
    drv.set_window_size(1280, 900)
    a = analyse(parse_position(SCORED))
    _open(drv, server)
    box = drv.find_element("id", "notation")
    box.clear()
    box.send_keys(SCORED)
    drv.find_element("id", "set").click()
    _wait(drv, lambda: drv.execute_script("return S.view && S.view.position") == repr(parse_position(SCORED)),
          what="the pasted position")
    drv.execute_script("analyse()")
    _wait(drv, lambda: drv.find_elements("css selector", "#analysis tr.best td.final"), what="the analysis")
    _wait(drv, lambda: len(_labels(drv)) == len(a.moves), what="the labels")
    table = {m.card: _num(drv.find_element("css selector", f'#analysis tr[data-card="{card_str(m.card)}"] '
                                                           "td.final").text) for m in a.moves}
    for m in a.moves:
        assert table[m.card] == pytest.approx(36 - 40 + m.value, abs=0.005)
        assert _labels(drv)[card_str(m.card)] == pytest.approx(table[m.card], abs=0.051)
    assert _caption(drv) == PICTURE_LABELS["en"]["frame.final"]
    drv.save_screenshot(str(_artifacts() / "board-frame.png"))
    print(f"\nscreenshot: {_artifacts() / 'board-frame.png'}")

    # a phone's width: the picture drawn again from the page's labels, in the same frame
    drv.set_window_size(390, 1000)
    _wait(drv, lambda: drv.execute_script(
        "return document.querySelector('#board svg').getAttribute('data-full') || "
        "document.querySelector('#board svg').getAttribute('viewBox')").split()[2] == "420",
        what="the phone's picture")
    _wait(drv, lambda: len(_labels(drv)) == len(a.moves), what="the phone's labels")
    for m in a.moves:
        assert _labels(drv)[card_str(m.card)] == pytest.approx(table[m.card], abs=0.051)
    assert _caption(drv) == PICTURE_LABELS["en"]["frame.final"]
    drv.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    drv.save_screenshot(str(_artifacts() / "board-frame-phone.png"))
    print(f"screenshot: {_artifacts() / 'board-frame-phone.png'}")
    drv.set_window_size(1280, 900)


FOUR = ("variant=scoperta4 hand1=4B,CS,3S hand2=4C,2D,6S hand3=FC,7S hand4=3B,AD table=RC,2C "
        "top=5D briscola=RS played=2B,5B,6B,7B,FB,CB,RB,AB,5C,6C,7C,3C,AC,4D,6D,7D,FD,CD,RD,3D,2S,"
        "4S,5S,FS turn=1 score=25-37")


def test_four_players_margin_is_the_teams(browser, server):
    """With four players the points are taken by teams (score= is per team): the note under
    the table said "the points taken (−12 for Player 1)" and the margin's heading "Player 1
    minus the opponent", where −12 is team 1+3's, the partner's tricks included."""
    from selenium.webdriver.support.ui import Select
    drv = browser
    _open(drv, server)
    for lang, words in (("en", ("(−12 for team 1+3)", "team 1+3 minus the other team")),
                        ("it", ("(−12 per la squadra 1+3)", "la squadra 1+3 meno l'altra squadra"))):
        Select(drv.find_element("id", "lang")).select_by_value(lang)
        box = drv.find_element("id", "notation")
        box.clear()
        box.send_keys(FOUR)
        drv.find_element("id", "set").click()
        _wait(drv, lambda: drv.execute_script("return S.view && S.view.position")
              == repr(parse_position(FOUR)), what="the pasted position")
        drv.execute_script("analyse()")
        _wait(drv, lambda: words[0] in drv.find_element("css selector", "#analysis p.frame").text,
              timeout=30, what="the team's margin note")
        note = drv.find_element("css selector", "#analysis p.frame").text
        head = drv.find_element("css selector", "#analysis th.final").get_attribute("title")
        assert words[0] in note and "Player" not in note and "giocatore" not in note, note
        assert head.endswith(words[1]), head
    Select(drv.find_element("id", "lang")).select_by_value("en")
