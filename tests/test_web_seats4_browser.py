"""The board's "you play" in a real browser: a four-player deal offers players 1 to 4 and
every seat (two players: 1, 2 and both), in English and Italian, and a deal dealt to
player 3 has the engine play the other three seats and wait for you. The page offered
player 1 or every seat alone in a four-player deal (player 2 fell back to player 1).

Skipped where no browser is installed, as tests/test_web_browser.py."""
from __future__ import annotations

from test_web_browser import _click, _open, _wait, browser, server  # noqa: F401 - fixtures pytest finds by name


def _offered(drv) -> list[list[str]]:
    return drv.execute_script("return [...document.getElementById('human').options]"
                              ".filter((o) => !o.hidden && !o.disabled).map((o) => [o.value, o.textContent])")


def test_a_four_player_deal_is_played_from_any_seat_you_choose(browser, server):
    from selenium.webdriver.support.ui import Select

    drv = browser
    _open(drv, server)
    drv.execute_script("document.getElementById('level').value = 'greedy'")
    _click(drv, drv.find_element("css selector", 'nav button[data-tab="play"]'))
    assert _offered(drv) == [["1", "player 1"], ["2", "player 2"], ["0", "both (no engine)"]]
    Select(drv.find_element("id", "variant")).select_by_value("scoperta4")
    assert _offered(drv) == [["1", "player 1"], ["2", "player 2"], ["3", "player 3"],
                             ["4", "player 4"], ["0", "every seat (no engine)"]]
    Select(drv.find_element("id", "human")).select_by_value("3")
    drv.find_element("id", "seed").send_keys("5")
    _click(drv, drv.find_element("id", "deal"))
    _wait(drv, lambda: drv.execute_script(
        "return !S.busy && S.view.players === 4 && S.view.turn === 3"), what="your turn at player 3")
    assert [p["player"] for p in drv.execute_script("return S.plies")] == [1, 2]
    mine = drv.find_elements("css selector", "#board svg g.card.playable")
    assert mine and {g.get_attribute("data-place") for g in mine} == {"hand3"}
    _click(drv, mine[0])
    _wait(drv, lambda: drv.execute_script(
        "return !S.busy && S.plies.length > 3 && S.view.turn === 3"), what="the engine's answer")
    after = [p["player"] for p in drv.execute_script("return S.plies")][3:]
    assert after[0] == 4 and 3 not in after
    assert drv.find_element("id", "human").get_attribute("value") == "3"
    Select(drv.find_element("id", "lang")).select_by_value("it")
    _wait(drv, lambda: _offered(drv)[-1] == ["0", "tutti i posti (senza motore)"], what="the Italian seats")
    assert _offered(drv)[2] == ["3", "giocatore 3"]
    # a two-player deal has no player 3: you play player 1, and "both" again
    Select(drv.find_element("id", "variant")).select_by_value("scoperta")
    _click(drv, drv.find_element("id", "deal"))
    _wait(drv, lambda: drv.execute_script("return !S.busy && S.view.players === 2"), what="a two-player deal")
    assert drv.find_element("id", "human").get_attribute("value") == "1"
    assert _offered(drv) == [["1", "giocatore 1"], ["2", "giocatore 2"], ["0", "entrambi (senza motore)"]]


def test_a_pasted_four_player_position_seats_you_at_the_player_to_move(browser, server):
    """A pasted position is played from the side to move: player 3 of a four-player one
    had no place in "you play" (its value left empty, read as every seat)."""
    from solver.players.agents import play_deal
    from test_review4 import NAMES, SEED, _late_record
    drv = browser
    text = _late_record(play_deal("scoperta4", NAMES, SEED))["start"]
    assert text.split("turn=")[1].startswith("3")
    _open(drv, server)
    drv.execute_script("document.getElementById('notation').value = arguments[0]", text)
    _click(drv, drv.find_element("id", "set"))
    _wait(drv, lambda: drv.execute_script("return S.mode === 'game' && S.view.players === 4"),
          what="the pasted position")
    assert drv.find_element("id", "human").get_attribute("value") == "3"
    assert [v for v, _ in _offered(drv)] == ["1", "2", "3", "4", "0"]
    mine = drv.find_elements("css selector", "#board svg g.card.playable")
    assert mine and {g.get_attribute("data-place") for g in mine} == {"hand3"}
