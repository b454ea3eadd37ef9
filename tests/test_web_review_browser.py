"""The board's review in a real browser (issue 41): luck shown apart from skill (per player
errors, luck and the luck-adjusted result; each draw marked on the graph, its luck a
coloured step), a hover or tap readout and a larger graph, "retry" on a mistake (the moment
played again against the engine, then back to the review), the analysis table in the
graph's frame (the expected final margin beside the points still to win), in English and
Italian. Screenshots of the review go to $BRISCOLA_ARTIFACTS (docs/board-review.png and docs/board-review4.png are two).

Skipped where no browser is installed, as tests/test_web_browser.py."""
from __future__ import annotations

import random
import re
import time

import pytest

from solver.analysis import analyse
from solver.cards import card_str
from solver.position import parse_position
from test_web_browser import _artifacts, _click, _finished_game, _open, _wait, browser, server  # noqa: F401 - fixtures pytest finds by name

SCORED = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC,5B,6B turn=1 score=36-40"


def _rev(drv):
    return drv.execute_script("return Object.values(S.rev).sort((a, b) => a.move - b.move)")


def _review(drv, n, timeout=240):
    _click(drv, drv.find_element("id", "over-review"))
    _wait(drv, lambda: drv.execute_script(f"return !S.reviewing && Object.keys(S.rev).length === {n}"),
          timeout=timeout, what="the whole review")


def _number(text: str) -> float:
    return float(text.replace("\u2212", "-"))


def _player_luck(revs, p):
    """Player p's luck as the page's data gives it: scoperta's draws are player 1's."""
    return sum(d["luck"] if d["player"] == p else -d["luck"]
               for r in revs for d in r["luck"] if d["luck"] is not None)


def test_the_review_shows_luck_apart_from_skill(browser, server):
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    from solver.i18n import BOARD_PAGE
    drv = browser
    rec = _finished_game(11)
    _open(drv, server)
    drv.execute_script("loadGame(arguments[0])", rec)
    _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the result")
    _review(drv, 40)
    revs = _rev(drv)
    draws = [r for r in revs if r["luck"]]
    measured = [r for r in draws if r["luck"][0]["luck"] is not None]
    assert len(draws) == 16 and measured == draws            # scoperta: every draw measured
    assert sum(1 for r in draws if r["luck"][0]["exact"]) >= 3
    # every draw is marked under the graph, its luck a step drawn from the average over the
    # draws to the value after the one that came
    assert len(drv.find_elements("css selector", "#graph path.draw")) == 16
    steps = drv.find_elements("css selector", "#graph line.luck")
    assert len(steps) == 16
    # green or red where the luck is clear of zero, grey where its interval holds zero
    up = {int(s.get_attribute("data-ply")) for s in steps if "up" in s.get_attribute("class")}
    grey = {int(s.get_attribute("data-ply")) for s in steps if "noise" in s.get_attribute("class")}
    assert grey == {r["move"] for r in draws if r["luck"][0]["within_noise"]}
    assert up == {r["move"] for r in draws
                  if r["luck"][0]["luck"] >= 0 and not r["luck"][0]["within_noise"]}
    # per player: errors, luck and the luck-adjusted result, as the page's own data adds up
    a, b = rec["result"]["points"]
    en = BOARD_PAGE["en"]
    for p, result in ((1, a - b), (2, b - a)):
        li = drv.find_element("css selector", f'#review-out li.skill[data-player="{p}"]').text
        m = re.search(r"errors ([\d.]+)(?: (?:±[\d.]+|\[[\d.]+, [\d.]+\])\*?)? points \(([\d.]+) per decision\), luck ([+−][\d.]+)"
                      r"(?: ±[\d.]+)?\*? over 16 draws; result ([+−]?\d+), luck-adjusted ([+−][\d.]+)", li)
        assert m, li
        luck = _player_luck(revs, p)
        costs = [r["cost"] for r in revs if r["player"] == p and r["choices"] > 1 and r["cost"] is not None]
        assert _number(m.group(1)) == pytest.approx(sum(costs), abs=0.05)
        assert _number(m.group(3)) == pytest.approx(luck, abs=0.05)
        assert _number(m.group(4)) == result
        assert _number(m.group(5)) == pytest.approx(result - luck, abs=0.06)
    # the biggest mistakes are clear of their intervals; a close call is marked, not listed
    listed = [int(re.search(r"Move (\d+):", e.text).group(1))
              for e in drv.find_elements("css selector", "#review-out ol.mistakes button.link")]
    by_move = {r["move"]: r for r in revs}
    assert all(by_move[k]["mistake"] and not by_move[k]["close"] for k in listed)
    close = [r for r in revs if r["close"]]
    if close:
        assert "too close to call" in drv.find_element("id", "review-out").text
    assert en["review.close.note"] in drv.find_element("id", "review-out").text
    # the early draws' luck rests on estimates whose ± is not checked against exact values:
    # marked * (as the early costs are), the note said once for both
    partial = [r for r in draws if r["luck"][0]["unchecked"]]
    starred = bool(partial) or any(r["unchecked"] for r in revs)
    assert starred == (en["review.luck.partial"] in drv.find_element("id", "review-out").text)
    for r in draws:
        row = drv.find_element("css selector", f'#review-out tr[data-move="{r["move"]}"] td.luck').text
        assert row.startswith("P1 ") and row.endswith("*") == (r in partial)
    # the swings of luck name the draws, among those clear of zero (noise is no swing)
    swings = drv.find_elements("css selector", "#review-out ol.swings li")
    clear = [r for r in draws if not r["luck"][0]["within_noise"]]
    assert len(swings) == min(3, len(clear)) and all(" drew " in s.text for s in swings)
    # a hover on the graph reads out the card and the luck of the draw after it
    k = draws[0]["move"]
    _hover(drv, k)
    readout = drv.find_element("id", "graph-readout").text
    assert readout.startswith(f"Move {k}: ") and "expected final margin" in readout and "luck" in readout
    # the larger graph, and Escape to shrink it back
    small = drv.find_element("css selector", "#graph svg").size["width"]
    _click(drv, drv.find_element("id", "graph-big"))
    _wait(drv, lambda: "big" in drv.find_element("id", "graph").get_attribute("class"), what="the larger graph")
    assert drv.find_element("css selector", "#graph svg").size["width"] > 1.8 * small
    assert drv.execute_script("return document.querySelector('#graph svg').getAttribute('viewBox')") == "0 0 900 380"
    drv.find_element("tag name", "body").send_keys(Keys.ESCAPE)
    _wait(drv, lambda: "big" not in drv.find_element("id", "graph").get_attribute("class"), what="the graph back")
    # the screenshot of the review (docs/board-review.png): the graph read out at the biggest
    # swing of luck, the review's skill and luck below the board; then in Italian
    drv.find_element("tag name", "body").send_keys(Keys.END)
    _wait(drv, lambda: drv.execute_script("return S.view.ply") == 40, what="the end")
    out = _artifacts()
    drv.set_window_size(1280, 1560)
    drv.execute_script("document.getElementById('show-played').click(); window.scrollTo(0, 0)")
    swing = max(draws, key=lambda r: abs(r["luck"][0]["luck"]))["move"]
    _hover(drv, swing)
    time.sleep(0.3)
    drv.save_screenshot(str(out / "board-review.png"))
    Select(drv.find_element("id", "lang")).select_by_value("it")
    it = BOARD_PAGE["it"]
    _wait(drv, lambda: it["review.skill.title"] in drv.find_element("id", "review-out").text, what="the Italian review")
    li = drv.find_element("css selector", '#review-out li.skill[data-player="1"]').text
    assert "fortuna" in li and "al netto della fortuna" in li and "su 16 pescate" in li
    assert it["graph.legend.luck"] in drv.find_element("id", "graph").text
    _hover(drv, swing)
    assert drv.find_element("id", "graph-readout").text.startswith(f"Mossa {swing}: ")
    drv.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    drv.save_screenshot(str(out / "board-review-it.png"))
    print(f"\nscreenshots: {out / 'board-review.png'} {out / 'board-review-it.png'}")
    Select(drv.find_element("id", "lang")).select_by_value("en")
    _wait(drv, lambda: drv.find_element("id", "analyse").text == "Analyse", what="English again")
    drv.execute_script("document.getElementById('show-played').click()")
    drv.set_window_size(1280, 900)


def _hover(drv, k):
    """The pointer over card k's dot on the graph."""
    dot = drv.find_element("css selector", f'#graph circle.pt[data-ply="{k}"]')
    drv.execute_script("""const r = arguments[0].getBoundingClientRect();
        document.querySelector('#graph svg').dispatchEvent(new PointerEvent('pointermove',
          {bubbles: true, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2}))""", dot)


def _ending_with_mistakes(seed: int) -> dict:
    """A 12-card scoperta ending played by a random hand against the greedy one."""
    from solver.web import games
    g = games.game_from_position(parse_position(SCORED), seed)
    rng = random.Random(seed)
    while not g.state.is_over:
        if g.state.to_move == 0:
            g = games.play(g, rng.choice(list(games.legal_cards(g.state))))
        else:
            g = games.play(g, games.engine_card(g, "greedy"))
    return g.record


def test_a_mistake_is_retried_against_the_engine_and_the_review_comes_back(browser, server):
    drv = browser
    rec = next(r for r in (_ending_with_mistakes(s) for s in range(1, 30))
               if r["result"]["points"][0] < 61)
    n = len(rec["moves"])
    _open(drv, server)
    drv.execute_script("document.getElementById('level').value = 'engine:0.1'")
    drv.execute_script("loadGame(arguments[0])", rec)
    _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the result")
    _review(drv, n)
    retry = drv.find_elements("css selector", "#review-out ol.mistakes button.retry")
    assert retry, "the random hand made no clear mistake"
    k = int(retry[0].get_attribute("data-move"))
    r = next(x for x in _rev(drv) if x["move"] == k)
    assert r["mistake"]
    _click(drv, retry[0])
    _wait(drv, lambda: drv.execute_script("return S.view.ply") == k - 1, what="the moment of the mistake")
    assert drv.execute_script("return document.getElementById('human').value") == str(r["player"])
    box = drv.find_element("id", "retry-box")
    assert box.is_displayed() and f"move {k}" in box.text and "Play a card" in box.text
    best = r["best"][0]
    card = _wait(drv, lambda: drv.find_element("css selector", f'#board svg g.card.playable[data-card="{best}"]'),
                 what="the position before the mistake, to play")
    _click(drv, card)
    _wait(drv, lambda: "among the review's best" in drv.find_element("id", "retry-box").text,
          what="the verdict on the card retried")
    assert "good" in drv.find_element("id", "retry-box").get_attribute("class")
    assert drv.execute_script("return S.game.moves")[k - 1] == best
    _click(drv, drv.find_element("id", "retry-back"))
    _wait(drv, lambda: drv.execute_script("return S.game.moves.join()") == ",".join(rec["moves"]),
          what="the reviewed deal back")
    _wait(drv, lambda: drv.execute_script(f"return Object.keys(S.rev).length === {n}"), what="its review back")
    assert not drv.find_element("id", "retry-box").is_displayed()
    assert len(drv.find_elements("css selector", "#graph circle.pt")) == n


def test_the_analysis_table_gives_the_final_margin_beside_the_points_still_to_win(browser, server):
    drv = browser
    a = analyse(parse_position(SCORED))
    _open(drv, server)
    box = drv.find_element("id", "notation")
    box.clear()
    box.send_keys(SCORED)
    drv.find_element("id", "set").click()
    shown = repr(parse_position(SCORED))
    _wait(drv, lambda: drv.execute_script("return S.view && S.view.position") == shown, what="the pasted position")
    drv.execute_script("analyse()")
    _wait(drv, lambda: drv.find_elements("css selector", "#analysis tr.best td.final"), what="the analysis")
    heads = [th.text for th in drv.find_elements("css selector", "#analysis thead th")]
    assert heads == ["card", "margin", "still to win", "vs best"]
    assert "expected final margin" in drv.find_element("css selector", "#analysis th.final").get_attribute("title")
    for m in a.moves:
        row = drv.find_element("css selector", f'#analysis tr[data-card="{card_str(m.card)}"]')
        final = _number(row.find_element("css selector", "td.final").text.split()[0])
        togo = _number(row.find_element("css selector", "td.value").text.split()[0])
        assert togo == pytest.approx(m.value, abs=0.005)
        assert final == pytest.approx(36 - 40 + m.value, abs=0.005)
    assert "Final margin = the points taken (−4 for Player 1)" in drv.find_element("id", "analysis").text
    # on a phone the margin goes under the value: a column less, and the table still fits
    drv.set_window_size(390, 900)
    best = drv.find_element("css selector", "#analysis tr.best")
    _wait(drv, lambda: not best.find_element("css selector", "td.final").is_displayed(), what="the phone's table")
    inline = best.find_element("css selector", "td.value .final-inline")
    assert inline.is_displayed() and inline.text.startswith("margin ")
    assert _number(inline.text.split()[1]) == pytest.approx(36 - 40 + a.value, abs=0.005)
    assert drv.execute_script("return document.documentElement.scrollWidth") <= 390
    drv.set_window_size(1280, 900)


def test_a_position_without_score_keeps_the_points_still_to_win(browser, server):
    drv = browser
    text = SCORED.replace(" score=36-40", "")
    _open(drv, server)
    box = drv.find_element("id", "notation")
    box.clear()
    box.send_keys(text)
    drv.find_element("id", "set").click()
    _wait(drv, lambda: drv.execute_script("return S.view && S.view.position") == repr(parse_position(text)),
          what="the pasted position")
    drv.execute_script("analyse()")
    _wait(drv, lambda: drv.find_elements("css selector", "#analysis tr.best td.value"), what="the analysis")
    assert not drv.find_elements("css selector", "#analysis td.final")
    assert [th.text for th in drv.find_elements("css selector", "#analysis thead th")] == ["card", "points", "vs best"]
    assert "No score in this position" in drv.find_element("id", "analysis").text


def test_a_four_player_deal_is_reviewed_by_team(browser, server):
    """The board greyed out a four-player deal's review ("two players only"). It reviews it
    as `briscola review` does: accuracy per player, the skill line per team (the CLI's own
    line), the graph and the luck team 1+3's; in English, then in Italian."""
    from selenium.webdriver.support.ui import Select

    from solver import review as R
    from solver.i18n import BOARD_PAGE
    from solver.players.agents import play_deal
    from test_review4 import NAMES, SEED, _late_record
    drv = browser
    rec = _late_record(play_deal("scoperta4", NAMES, SEED))
    _open(drv, server)
    drv.execute_script("loadGame(arguments[0])", rec)
    _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the result")
    assert not drv.find_element("id", "review").get_attribute("disabled")
    _review(drv, len(rec["moves"]))
    drv.set_window_size(1280, 1560)   # the review under the board in the screenshot (docs/board-review4.png)
    cli = R.review_record(rec, 0.3)
    for lang in ("en", "it"):
        words = BOARD_PAGE[lang]
        if lang == "it":
            Select(drv.find_element("id", "lang")).select_by_value("it")
            _wait(drv, lambda: words["review.title"] in drv.find_element("id", "review-out").text,
                  what="the Italian review")
        out = drv.find_element("id", "review-out")
        assert len(out.find_elements("css selector", "ul:not(.skill) > li")) == 4  # accuracy a player
        team = "team" if lang == "en" else "squadra"
        said = [line.strip().split("): ", 1)[1] for line in R.render_review(cli, lang).splitlines()
                if line.strip().startswith(f"{team} ") and "): " in line]
        unit = " points (" if lang == "en" else " punti ("
        for t, line in zip(("1+3", "2+4"), said, strict=True):
            li = out.find_element("css selector", f'li.skill[data-team="{t}"]').text
            assert li.replace(unit, " (", 1) == words["team_n"].format(t=t) + ": " + line, li
        assert words["t_short"].format(t="1+3") in out.find_element("css selector", "table.review").text
        assert words["review.team.note"] in out.text and words["review.luck.note.team"] in out.text
        svg = drv.find_element("css selector", "#graph svg")
        assert svg.get_attribute("aria-label") == words["graph.label.team"]
        assert len(drv.find_elements("css selector", "#graph line.luck")) == 1
        drv.execute_script("window.scrollTo(0, 0)")
        drv.save_screenshot(str(_artifacts() / f"board-review4-{lang}.png"))
    # a mistake of any seat is retried from that seat (test_a_later_seats_mistake_is_retried...)
    _click(drv, drv.find_element("css selector", "#review-out button.retry"))
    _wait(drv, lambda: drv.execute_script("return !!S.retry"), what="the retry")
    mover = drv.execute_script("return S.retry.player")
    assert drv.find_element("id", "human").get_attribute("value") == str(mover)
    _click(drv, drv.find_element("id", "retry-back"))
    _wait(drv, lambda: not drv.execute_script("return !!S.retry"), what="back to the review")


def test_a_later_seats_mistake_is_retried_from_that_seat_and_the_engine_answers(browser, server):
    """A four-player deal's retry of player 2's or 3's card seated you at every seat (no
    engine): the card you tried got no answer, and the verdict rested on you playing all
    four. It seats you at the mover's seat, the engine at the other three: after your card
    the engine plays on to your next turn, and "back to the review" gives back the seat you
    had chosen (here every seat)."""
    from solver.game import legal_cards, play
    from solver.players.agents import play_deal
    from solver.web.games import load_game
    from test_review4 import NAMES, SEED, _late_record
    drv = browser
    rec = _late_record(play_deal("scoperta4", NAMES, SEED))
    n = len(rec["moves"])
    _open(drv, server)
    drv.execute_script("document.getElementById('level').value = 'greedy'")
    drv.execute_script("loadGame(arguments[0])", rec)
    _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the result")
    drv.execute_script("document.getElementById('human').value = '0'")
    _review(drv, n)
    movers = {r["move"]: r["player"] for r in _rev(drv)}
    buttons = drv.find_elements("css selector", "#review-out ol.mistakes button.retry")
    button = next(b for b in buttons if movers[int(b.get_attribute("data-move"))] in (2, 3))
    k = int(button.get_attribute("data-move"))
    mover = movers[k]
    before = load_game(rec).states[k - 1]
    # a card after which another seat is to move: the engine's answer comes at once
    card = next(card_str(c) for c in legal_cards(before) if play(before, c).to_move != mover - 1)
    _click(drv, button)
    _wait(drv, lambda: drv.execute_script("return S.view.ply") == k - 1, what="the moment of the mistake")
    assert drv.find_element("id", "human").get_attribute("value") == str(mover)
    _click(drv, _wait(drv, lambda: drv.find_element(
        "css selector", f'#board svg g.card.playable[data-card="{card}"][data-place="hand{mover}"]'),
        what="the mover's card to play"))
    _wait(drv, lambda: drv.execute_script(
        f"return !S.busy && S.plies.length > {k} && (S.view.over || S.view.turn === {mover})"),
        timeout=120, what="the engine's answer to the card retried")
    plies = drv.execute_script("return S.plies")
    assert plies[k - 1]["card"] == card and plies[k - 1]["player"] == mover
    answered = [p["player"] for p in plies[k:]]
    assert answered and mover not in answered, answered
    assert answered[0] == mover % 4 + 1 or plies[k - 1]["trick"] != plies[k]["trick"]
    box = drv.find_element("id", "retry-box")
    assert box.is_displayed() and box.get_attribute("class") in ("good", "bad")
    _click(drv, drv.find_element("id", "retry-back"))
    _wait(drv, lambda: drv.execute_script("return S.game.moves.join()") == ",".join(rec["moves"]),
          what="the reviewed deal back")
    assert drv.find_element("id", "human").get_attribute("value") == "0"
