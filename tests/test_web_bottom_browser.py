"""Your seat at the bottom of the board in a real browser: a four-player deal played from
player 3 draws player 3's hand lowest, in the game view and in the analysis that replaces
it, and at a phone's width; a pasted two-player position with player 2 to move is drawn
from player 2. Player 1 was always at the bottom.

Skipped where no browser is installed, as tests/test_web_browser.py."""
from __future__ import annotations

from test_web_browser import _click, _open, _wait, browser, server  # noqa: F401 - fixtures pytest finds by name

LOWEST = """
  const ys = {};
  for (const g of document.querySelectorAll('#board svg g.card[data-place^="hand"]'))
    ys[g.dataset.place] = Math.max(ys[g.dataset.place] || 0, g.getBoundingClientRect().top);
  return Object.entries(ys).sort((a, b) => b[1] - a[1])[0][0];
"""


def test_the_seat_you_play_is_drawn_at_the_bottom(browser, server):
    from selenium.webdriver.support.ui import Select

    drv = browser
    _open(drv, server)
    assert drv.execute_script(LOWEST) == "hand1"
    drv.execute_script("document.getElementById('level').value = 'greedy'")
    _click(drv, drv.find_element("css selector", 'nav button[data-tab="play"]'))
    Select(drv.find_element("id", "variant")).select_by_value("scoperta4")
    Select(drv.find_element("id", "human")).select_by_value("3")
    drv.find_element("id", "seed").send_keys("5")
    _click(drv, drv.find_element("id", "deal"))
    _wait(drv, lambda: drv.execute_script(
        "return !S.busy && S.view.players === 4 && S.view.turn === 3"), what="your turn at player 3")
    assert drv.execute_script(LOWEST) == "hand3"
    drv.execute_script("S.analysis = null; analyse()")
    _wait(drv, lambda: drv.execute_script("return S.analysis && !S.searching"), what="the analysis")
    assert drv.find_elements("css selector", "#board svg g.card.best")
    assert drv.execute_script(LOWEST) == "hand3"
    drv.set_window_size(390, 844)   # the phone's picture, asked again of /api/picture
    _wait(drv, lambda: drv.execute_script(
        "return document.querySelector('#board svg').getAttribute('width') === '530'"),
        what="the narrow picture")
    assert drv.execute_script(LOWEST) == "hand3"
    drv.set_window_size(1280, 900)
    # a pasted position is played from its mover's seat: player 2, drawn at the bottom
    text = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=2 score=40-36"
    drv.execute_script("document.getElementById('notation').value = arguments[0]", text)
    _click(drv, drv.find_element("id", "set"))
    _wait(drv, lambda: drv.execute_script(
        "return S.mode === 'game' && S.view.players === 2 && S.view.turn === 2"),
        what="the pasted position")
    assert drv.find_element("id", "human").get_attribute("value") == "2"
    assert drv.execute_script(LOWEST) == "hand2"
    mine = drv.find_elements("css selector", "#board svg g.card.playable")
    assert mine and {g.get_attribute("data-place") for g in mine} == {"hand2"}
