"""The board in a real browser: headless Chromium (Debian's chromium + chromium-driver)
driven by Selenium loads the page, pastes a position, sees the best card highlighted with
the value `briscola analyse` gives, plays it, gets the engine's answer, and saves
screenshots (desktop and phone width) whose paths it prints. Then the game view: a finished
deal loaded, reviewed card by card, stepped through with the keys, the tricks and the graph;
the analysis table at a laptop's and a phone's width; the page in Italian; a puzzle's
comment kept until it is answered.

Skipped with the reason where no browser is installed; under CI (env CI set) a missing
browser fails instead, since .ci/run installs one."""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import tempfile
import threading
import time
from pathlib import Path

import pytest

from solver.analysis import analyse
from solver.cards import card_str, parse_card
from solver.picture import value_label
from solver.position import parse_position

ENDGAME = ("hand1=6B,2D,AS hand2=6C,RD,5S top=4B briscola=3C played=2B,5B,FB,CB,RB,3B,4C,5C,7C,FC,"
           "CC,RC,AC,4D,5D,6D,7D,FD,CD,3D,AD,2S,6S,7S,RS,3S turn=2")


def _need(what: str) -> None:
    msg = f"browser test not run: {what}"
    if os.environ.get("CI"):
        pytest.fail(msg + " (CI is set: .ci/run should have installed it)")
    pytest.skip(msg)


def _find(names) -> str | None:
    for n in names:
        p = shutil.which(n)
        if p:
            return p
    return None


@pytest.fixture(scope="module")
def browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _need("selenium is not installed (pip install -e '.[test]')")
    try:
        import uvicorn  # noqa: F401 - imported to learn whether the web extra is installed
        import starlette  # noqa: F401 - imported to learn whether the web extra is installed
    except ImportError:
        _need("the web extra is not installed (pip install -e '.[web]')")
    chrome = _find(["chromium", "chromium-browser", "google-chrome"])
    driver_path = _find(["chromedriver"])
    if not chrome or not driver_path:
        _need("no chromium/chromedriver on PATH (apt-get install chromium chromium-driver)")
    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium fetch a browser
    profile = tempfile.mkdtemp(prefix="briscola-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = chrome
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1280,900"):
        opts.add_argument(a)
    try:
        drv = webdriver.Chrome(service=Service(executable_path=driver_path), options=opts)
    except Exception as e:  # noqa: BLE001 - any start-up failure is "no usable browser"
        _need(f"chromium did not start: {str(e).splitlines()[0]}")
    yield drv
    drv.quit()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def server():
    import uvicorn

    from solver.web.app import create_app
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    assert srv.started, "the board's server did not start"
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    t.join(10)


def _artifacts() -> Path:
    d = Path(os.environ.get("BRISCOLA_ARTIFACTS") or Path(tempfile.gettempdir()) / "briscola-artifacts")
    d.mkdir(parents=True, exist_ok=True)
    return d


def _paste_and_analyse(drv, text):
    """Paste ``text`` and ask its analysis. The first deal is also at ply 0: wait for the
    pasted position itself, or the analysis asked is of the first deal, and its answer is
    dropped once the paste lands."""
    box = drv.find_element("id", "notation")
    box.clear()
    box.send_keys(text)
    drv.find_element("id", "set").click()
    shown = repr(parse_position(text))
    _wait(drv, lambda: drv.execute_script("return S.view && S.view.position") == shown,
          what="the pasted position")
    drv.execute_script("analyse()")


def _wait(drv, cond, timeout=90.0, what="the page"):
    t0 = time.time()
    while time.time() - t0 < timeout:
        try:
            v = cond()
        except Exception:  # noqa: BLE001 - the page is still changing
            v = None
        if v:
            return v
        time.sleep(0.2)
    status = drv.find_element("id", "status").text
    raise AssertionError(f"timed out waiting for {what}; status line: {status!r}")


def _number(text: str) -> float:
    """The first number of a table cell ("−0.90 (±0.11)": the page writes a real minus)."""
    return float(text.replace("\u2212", "-").split()[0])


def test_board_analyses_and_plays_in_a_browser(browser, server):
    drv = browser
    # the expected answers first: the board's own searches must not run beside these
    a = analyse(parse_position(ENDGAME))
    card = card_str(min(a.best, key=card_str))
    after = parse_position(ENDGAME).play(parse_card(card))
    replies = analyse(after).best
    drv.get(server + "/")
    _wait(drv, lambda: drv.find_elements("css selector", "#board svg g.card"), what="the first deal")
    drv.execute_script("document.getElementById('level').value = 'engine:0.1'")

    # paste a position
    box = drv.find_element("id", "notation")
    box.clear()
    box.send_keys(ENDGAME)
    drv.find_element("id", "set").click()

    # the best card is highlighted on the card itself, with analyse's value
    canonical = parse_position(ENDGAME).to_text()
    _wait(drv, lambda: drv.execute_script("return S.analysis && S.analysis.position") == canonical,
          what="the pasted position's analysis")
    best = drv.find_elements("css selector", "#board svg g.card.best")
    shown = {g.get_attribute("data-card") for g in best}
    assert shown == {card_str(c) for c in a.best}
    g = drv.find_element("css selector", f'#board svg g.card.best[data-card="{card}"]')
    label = g.find_element("css selector", "text.value").text
    assert label == value_label(a, parse_card(card))
    row = drv.find_element("css selector", f'#analysis tr.best[data-card="{card}"] td.value').text
    assert _number(row) == pytest.approx(a.value, abs=0.005)
    assert "exact" in drv.find_element("id", "analysis").text
    out = _artifacts()
    drv.save_screenshot(str(out / "board-analysis.png"))

    # play the best card: the engine answers with one of its own best cards
    drv.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", g)
    status = _wait(drv, lambda: "engine played" in drv.find_element("id", "status").text
                   and drv.find_element("id", "status").text, what="the engine's answer")
    reply = status.split("engine played ")[1][:2]
    assert parse_card(reply) in replies
    moves = drv.execute_script("return S.game.moves")
    assert moves == [card, reply]
    _wait(drv, lambda: drv.find_elements("css selector", "#board svg g.card.best"),
          what="the analysis after the engine's card")
    path = out / "board-play.png"
    drv.save_screenshot(str(path))

    # undo takes back both cards (the last time it was your turn)
    drv.find_element("id", "undo").click()
    _wait(drv, lambda: drv.execute_script("return S.game.moves.length") == 0, what="undo")

    # the cards played fold away
    h = float(drv.find_element("css selector", "#board svg").get_attribute("height"))
    drv.find_element("id", "show-played").click()
    assert float(drv.find_element("css selector", "#board svg").get_attribute("height")) < h - 60
    drv.find_element("id", "show-played").click()

    # a puzzle: the stated answer is right, and said so
    from solver.puzzles import bundled
    drv.find_element("css selector", 'nav button[data-tab="puzzles"]').click()
    _wait(drv, lambda: "pick the best card" in drv.find_element("id", "pz-question").text, what="a puzzle")
    first = next(p for p in bundled() if p.question == "best")
    assert drv.execute_script("return S.puzzles[0].id") == first.id
    right = card_str(sorted(first.answer)[0])
    g = _wait(drv, lambda: drv.find_element("css selector", f'#board svg g.card.playable[data-card="{right}"]'),
              what="the puzzle's cards")
    drv.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", g)
    _wait(drv, lambda: drv.find_element("id", "pz-feedback").text.startswith("Right"), what="the quiz's feedback")
    _wait(drv, lambda: drv.find_elements("css selector", f'#board svg g.card.best[data-card="{right}"]'),
          what="the answer marked")

    # phone width
    drv.find_element("css selector", 'nav button[data-tab="analyse"]').click()
    drv.set_window_size(390, 844)
    _wait(drv, lambda: float(drv.find_element("css selector", "#board svg").get_attribute("width")) < 500,
          what="the narrow picture")
    drv.find_element("id", "analyse").click()
    _wait(drv, lambda: drv.find_elements("css selector", "#analysis tr.best"), what="the analysis table")
    assert drv.execute_script("return document.documentElement.scrollWidth") <= 400
    drv.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    phone = out / "board-phone.png"
    drv.save_screenshot(str(phone))
    print(f"\nscreenshots: {out / 'board-analysis.png'} {path} {phone}")


# ----- the game view ---------------------------------------------------------------------
def _finished_game(seed: int) -> dict:
    from solver.web import games
    g = games.new_game("scoperta", seed)
    while not g.state.is_over:
        g = games.play(g, games.engine_card(g, "greedy"))
    return g.record


def _open(drv, server, width=1280, height=900):
    drv.set_window_size(width, height)
    drv.get(server + "/")
    _wait(drv, lambda: drv.find_elements("css selector", "#board svg g.card"), what="the first deal")
    # the first deal's analysis is replaced by the test's own (one search per client)
    drv.execute_script("document.getElementById('auto').checked = false;"
                       "document.getElementById('time-limit').value = '0.5'")


def _click(drv, el):
    drv.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", el)


def test_a_deal_is_studied_move_by_move(browser, server):
    from selenium.webdriver.common.keys import Keys

    from solver.web import games
    drv = browser
    rec = _finished_game(11)
    game = games.load_game(rec)
    _open(drv, server)
    drv.execute_script("loadGame(arguments[0])", rec)
    # the end of the deal keeps its final position, the result over it
    over = _wait(drv, lambda: drv.find_element("id", "over").is_displayed() and drv.find_element("id", "over"),
                 what="the result")
    a, b = rec["result"]["points"]
    assert f"{a} – {b}" in over.text
    assert len(drv.find_elements("css selector", '#board svg g.card[data-place="played"]')) == 40
    # the review is one click away and fills in card by card
    _click(drv, drv.find_element("id", "over-review"))
    _wait(drv, lambda: 0 < drv.execute_script("return Object.keys(S.rev).length") < 40, what="the first cards judged")
    # stepping while the review runs does not stop it
    drv.find_element("tag name", "body").send_keys(Keys.ARROW_LEFT)
    _wait(drv, lambda: drv.execute_script("return S.view.ply") == 39, what="a step during the review")
    _wait(drv, lambda: drv.execute_script("return !S.reviewing && Object.keys(S.rev).length === 40"),
          timeout=180, what="the whole review")
    # one point per card on the graph, and its text equivalent
    assert len(drv.find_elements("css selector", "#graph circle.pt")) == 40
    assert len(drv.find_elements("css selector", "#graph-text tr")) == 41
    rv = games.review(game, 0.3)
    marks = drv.execute_script("return Object.values(S.rev).map((r) => r.mark)")
    shown = [e.text for e in drv.find_elements("css selector", "#tricks button.mv")]
    assert [c + m for c, m in zip(rec["moves"], marks)] == shown
    assert drv.find_elements("css selector", "#review-out table.review tbody tr")
    assert len(drv.find_elements("css selector", "#review-out table.review tbody tr")) == 40
    assert len(rv["moves"]) == 40
    # stepping with the keys changes the board: the position after each card
    drv.find_element("tag name", "body").send_keys(Keys.END)
    _wait(drv, lambda: drv.execute_script("return S.view.ply") == 40, what="the end")
    before = drv.find_element("id", "board").get_attribute("innerHTML")
    drv.find_element("tag name", "body").send_keys(Keys.ARROW_LEFT)
    _wait(drv, lambda: drv.execute_script("return S.view.ply") == 39, what="one card back")
    assert drv.find_element("id", "board").get_attribute("innerHTML") != before
    assert not drv.find_element("id", "over").is_displayed()
    assert drv.execute_script("return S.view.position") == games.view_position(game.at(39)).to_text()
    drv.find_element("tag name", "body").send_keys(Keys.HOME)
    _wait(drv, lambda: drv.execute_script("return S.view.ply") == 0, what="the start")
    drv.find_element("tag name", "body").send_keys(Keys.ARROW_RIGHT)
    _wait(drv, lambda: drv.execute_script("return S.view.ply") == 1, what="one card on")
    # a click on a card of the trick list, and on the graph, go to that move
    _click(drv, drv.find_element("css selector", '#tricks button.mv[data-ply="17"]'))
    _wait(drv, lambda: drv.execute_script("return S.view.ply") == 17, what="move 17")
    assert drv.execute_script("return S.view.position") == games.view_position(game.at(17)).to_text()
    dot = drv.find_element("css selector", '#graph circle.pt[data-ply="9"]')
    drv.execute_script("""const r = arguments[0].getBoundingClientRect();
        document.querySelector('#graph svg').dispatchEvent(new MouseEvent('click',
          {bubbles: true, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2}))""", dot)
    _wait(drv, lambda: drv.execute_script("return S.view.ply") == 9, what="the graph's move")
    # the biggest mistakes link to their moves; "analyse here" analyses that moment
    # (judged from the page's own review: a second review of 0.3 s a card, as games.review
    # gives, may judge a card otherwise on a loaded machine)
    links = drv.find_elements("css selector", "#review-out ol button.link")
    worst = drv.execute_script("""return Object.values(S.rev).filter((r) => r.mistake && r.cost > 1e-9)
        .sort((a, b) => b.cost - a.cost).slice(0, 3)""")
    assert [int(b.get_attribute("data-ply")) for b in links] == [r["move"] - 1 for r in worst]
    if worst:
        _click(drv, links[0])
        _wait(drv, lambda: drv.execute_script("return S.view.ply") == worst[0]["move"] - 1, what="the worst move")
    here = drv.find_element("css selector", '#review-out button.here[data-ply="16"]')
    _click(drv, here)
    want = rv["moves"][16]["position"]
    _wait(drv, lambda: drv.execute_script("return S.analysis && S.analysis.position") == want,
          what="the analysis of move 17")
    _click(drv, drv.find_element("css selector", '#tricks button.mv[data-ply="17"]'))
    _wait(drv, lambda: drv.execute_script("return S.view.ply") == 17, what="move 17 again")
    time.sleep(0.5)
    assert drv.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    out = _artifacts()
    drv.save_screenshot(str(out / "board-study.png"))
    print(f"\nscreenshot: {out / 'board-study.png'}")


START = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S played=- turn=1 score=0-0"


def _fits(drv) -> bool:
    return drv.execute_script("""
        const ok = (e) => e.scrollWidth <= e.clientWidth;
        return ok(document.documentElement) && ok(document.getElementById('analysis'))
          && [...document.querySelectorAll('#analysis table')].every((t) => t.getBoundingClientRect().right
               <= document.getElementById('panel').getBoundingClientRect().right + 0.5);""")


@pytest.mark.parametrize("width", [1280, 390])
def test_the_analysis_table_fits_the_screen(browser, server, width):
    drv = browser
    _open(drv, server, width, 900)
    _paste_and_analyse(drv, START)
    _wait(drv, lambda: drv.find_elements("css selector", "#analysis tr.best"), what="the estimate")
    assert "±" in drv.find_element("css selector", "#analysis tr.best td.value").text
    # the badge says what the ± covers: "95 %" only where the method's error is measured
    from solver.i18n import BOARD_PAGE, INTERVAL_TEXT
    badge = drv.find_element("css selector", "#analysis .badge.estimate")
    kinds = [k for k in INTERVAL_TEXT["en"] if BOARD_PAGE["en"]["iv." + k] == badge.text]
    assert kinds, badge.text
    assert INTERVAL_TEXT["en"][kinds[0]] in badge.get_attribute("title")
    assert ("95 %" in badge.get_attribute("title")) == (kinds[0] == "sampling and method")
    gaps = [e.text for e in drv.find_elements("css selector", "#analysis td.gap") if e.text]
    assert gaps and all(g.startswith("\u2212") and g.count("±") == 1 for g in gaps)
    # the same words open under the table by a key or a tap: a tooltip shows to a mouse
    # alone, never on a phone or to the keyboard
    from selenium.webdriver.common.keys import Keys
    words = drv.find_element("css selector", "#analysis details.iv")
    assert INTERVAL_TEXT["en"][kinds[0]] not in words.text
    drv.execute_script("arguments[0].focus()", words.find_element("tag name", "summary"))
    drv.switch_to.active_element.send_keys(Keys.ENTER)
    assert INTERVAL_TEXT["en"][kinds[0]] in words.text
    assert BOARD_PAGE["en"]["col.gap.title"] in words.text
    # with the notes those words may cite ("the note says how")
    notes = drv.execute_script("return S.analysis.notes_text")
    assert notes and all(n[1:] in words.text for n in notes), (notes, words.text)
    assert _fits(drv)
    if width < 700:   # on a phone the analysis comes before the played cards (folded away)
        assert not drv.find_element("id", "show-played").is_selected()
        assert drv.find_elements("css selector", "#board svg.hide-played")
        board = drv.find_element("id", "board").rect
        panel = drv.find_element("id", "panel").rect
        assert panel["y"] >= board["y"] + board["height"] - 1
        drv.save_screenshot(str(_artifacts() / "board-phone-table.png"))


# solved exactly in about a second; its exact values' fractions run to 13 characters
LONG_FRACTIONS = ("hand1=FB,3B,2D hand2=CB,3D,4S top=FC briscola=RB played=2B,5B,7B,AB,4C,5C,7C,CC,RC,3C,"
                  "4D,5D,6D,7D,FD,CD,5S,6S,7S,FS,CS,RS,3S,AS turn=2 score=20-43")


def test_exact_fractions_and_italian_headers_fit_a_laptops_table(browser, server):
    """An exact value's fraction beside it and the Italian column titles ("dalla migliore")
    made the table wider than the panel at 1280 px, its last column cut: the fractions now
    go under their values, and the titles wrap at spaces, where the ± would go too."""
    from selenium.webdriver.support.ui import Select
    from solver.i18n import BOARD_PAGE
    drv = browser
    _open(drv, server, 1280, 900)
    Select(drv.find_element("id", "lang")).select_by_value("it")
    _wait(drv, lambda: drv.find_element("id", "analyse").text == BOARD_PAGE["it"]["btn.analyse"],
          what="the Italian page")
    drv.execute_script("document.getElementById('time-limit').value = '30'")
    try:
        _paste_and_analyse(drv, LONG_FRACTIONS)
        # a cold kernel cache compiles the exact search first
        _wait(drv, lambda: drv.find_elements("css selector", "#analysis .badge.exact"), timeout=300,
              what="the exact answer")
        values = [e.text for e in drv.find_elements("css selector", "#analysis td.value")]
        assert any("/20160)" in v for v in values), values
        assert _fits(drv)
        # a title wraps between its words, never inside one: no more lines than words
        lines = drv.execute_script("""
            const r = document.createRange();
            return [...document.querySelectorAll('#analysis th')].map((th) => {
              r.selectNodeContents(th);
              return [th.textContent, r.getClientRects().length, th.textContent.split(' ').length];
            });""")
        assert all(n <= words for _, n, words in lines), lines
        drv.save_screenshot(str(_artifacts() / "board-it-fractions.png"))
    finally:
        Select(drv.find_element("id", "lang")).select_by_value("en")
        _wait(drv, lambda: drv.find_element("id", "analyse").text == "Analyse", what="English again")


def test_every_control_in_sight_takes_the_keyboards_focus(browser, server):
    """*load record* was a label over a file input with display: none, which no Tab key
    reached: every control in sight (itself, or the label it is in) takes the focus, and
    the file input's label shows it has it."""
    drv = browser
    _open(drv, server)
    drv.execute_script("loadGame(arguments[0])", _finished_game(3))
    _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the record")
    missed = drv.execute_script("""
        const seen = (e) => e.getClientRects().length > 0 ||
          (!!e.closest('label') && e.closest('label').getClientRects().length > 0);
        return [...document.querySelectorAll('button, input, select, textarea, summary, [tabindex]')]
          .filter((e) => !e.disabled && seen(e))
          .filter((e) => { e.focus(); return document.activeElement !== e; })
          .map((e) => e.id || e.outerHTML.slice(0, 80));""")
    assert missed == []
    ring = drv.execute_script("const e = document.getElementById('load'); e.focus();"
                              "return getComputedStyle(e.closest('label')).outlineStyle")
    assert ring != "none"


def test_the_tabs_arrow_keys_move_along_the_tabs_not_through_the_deal(browser, server):
    """On a tab, ← / → stepped through the deal (the page's own keys) where the ARIA tabs
    pattern moves the focus to the next tab: they move along the tabs, Enter opens the one
    focused, and only the open tab stays in the Tab order."""
    from selenium.webdriver.common.keys import Keys
    drv = browser
    _open(drv, server)
    drv.execute_script("loadGame(arguments[0])", _finished_game(3))
    _wait(drv, lambda: drv.execute_script("return S.view.ply === S.plies.length && S.plies.length === 40"),
          what="the record at its end")
    focused = "return document.activeElement.dataset.tab || document.activeElement.id"
    drv.execute_script("document.querySelector('nav button[data-tab=\"analyse\"]').focus()")
    drv.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert drv.execute_script(focused) == "puzzles"
    drv.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    drv.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert drv.execute_script(focused) == "play"
    time.sleep(0.5)
    assert drv.execute_script("return S.view.ply") == 40     # the deal did not step
    assert drv.find_element("id", "tab-analyse").is_displayed()   # a focus opens nothing
    drv.switch_to.active_element.send_keys(Keys.ENTER)
    _wait(drv, lambda: drv.find_element("id", "tab-play").is_displayed(), what="the Play tab")
    state = drv.execute_script("""return [...document.querySelectorAll('nav [role=tab]')]
        .map((b) => [b.dataset.tab, b.getAttribute('aria-selected'), b.tabIndex])""")
    assert state == [["analyse", "false", -1], ["play", "true", 0], ["setup", "false", -1],
                     ["puzzles", "false", -1]]
    _click(drv, drv.find_element("css selector", 'nav button[data-tab="analyse"]'))


def test_the_step_keys_hint_shows_where_a_keyboard_is_likely(browser, server):
    """"← / → step through the deal" showed on phones, which have no arrow keys: a touch
    screen (a coarse pointer) is told of the buttons and the cards instead, and a page with
    no pointer at all (the headless browser: pointer none) keeps the keys' hint."""
    from solver.i18n import BOARD_PAGE
    drv = browser
    shown = ("return ['keys', 'taps'].filter((c) => "
             "document.querySelector('#gameview .hint.' + c).getClientRects().length > 0)")
    _open(drv, server)
    _wait(drv, lambda: drv.find_element("id", "gameview").is_displayed(), what="the game view")
    assert drv.execute_script(shown) == ["keys"]
    try:
        drv.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        _open(drv, server, 390, 844)
        assert drv.execute_script("return matchMedia('(pointer: coarse)').matches")   # a phone, as emulated
        _wait(drv, lambda: drv.find_element("id", "gameview").is_displayed(), what="the phone's game view")
        assert drv.execute_script(shown) == ["taps"]
        assert drv.find_element("css selector", "#gameview .hint.taps").text == BOARD_PAGE["en"]["gv.taps"]
    finally:
        drv.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        drv.set_window_size(1280, 900)


def test_the_page_speaks_italian_and_remembers_it(browser, server):
    from selenium.webdriver.support.ui import Select
    from solver.i18n import BOARD_PAGE
    drv = browser
    _open(drv, server)
    Select(drv.find_element("id", "lang")).select_by_value("it")
    it = BOARD_PAGE["it"]
    _wait(drv, lambda: drv.find_element("id", "analyse").text == it["btn.analyse"], what="the Italian buttons")
    assert drv.find_element("id", "review").text == it["btn.review"]
    assert drv.find_element("css selector", 'nav button[data-tab="play"]').text == it["tab.play"]
    assert drv.find_element("id", "deal").get_attribute("textContent") == it["btn.deal"]
    _open(drv, server)   # a later visit
    _wait(drv, lambda: drv.find_element("id", "analyse").text == it["btn.analyse"], what="Italian remembered")
    assert drv.execute_script("return document.documentElement.lang") == "it"
    Select(drv.find_element("id", "lang")).select_by_value("en")
    _wait(drv, lambda: drv.find_element("id", "analyse").text == "Analyse", what="English again")


def test_the_address_names_the_pages_language_and_the_menu_still_changes_it(browser, server):
    """`briscola serve --lang it` gives the board's address with ?lang=it: the page read its
    language from the menu remembered (English here) and ignored the address's. The menu
    still changes it, and changes the address with it (a reload keeps the choice)."""
    from selenium.webdriver.support.ui import Select
    from solver.i18n import BOARD_PAGE
    drv = browser
    _open(drv, server)
    drv.execute_script("localStorage.setItem('briscola-lang', 'en')")
    drv.get(server + "/?lang=it")
    it = BOARD_PAGE["it"]["btn.analyse"]
    _wait(drv, lambda: drv.find_element("id", "analyse").text == it, what="the Italian page")
    assert drv.find_element("id", "lang").get_attribute("value") == "it"
    Select(drv.find_element("id", "lang")).select_by_value("en")
    _wait(drv, lambda: drv.find_element("id", "analyse").text == "Analyse", what="English again")
    assert drv.current_url.endswith("/?lang=en"), drv.current_url
    drv.refresh()
    _wait(drv, lambda: drv.find_elements("css selector", "#board svg g.card"), what="the deal")
    assert drv.find_element("id", "analyse").text == "Analyse"


def test_the_page_sends_its_language_in_the_address_alone(browser, server):
    """board.js sent ``lang`` twice, in every body and in the address: one source now, the
    address (the server reads it there, even for a body it refuses unread), so no body
    carries it and every request's address does, the review's and a picture's included."""
    from selenium.webdriver.support.ui import Select
    drv = browser
    _open(drv, server)
    Select(drv.find_element("id", "lang")).select_by_value("it")
    _wait(drv, lambda: drv.execute_script("return T['btn.analyse']") == "Analizza",
          what="Italian")
    drv.execute_script("""
        window.sent = [];
        const real = window.fetch;
        window.fetch = (url, opts) => {
          window.sent.push([String(url), opts && opts.body ? String(opts.body) : null]);
          return real(url, opts);
        };""")
    drv.execute_script("loadGame(arguments[0])", _finished_game(5))
    _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the result")
    _click(drv, drv.find_element("id", "over-review"))
    _wait(drv, lambda: drv.execute_script("return Object.keys(S.rev).length") > 2,
          what="a card judged")
    from selenium.webdriver.common.keys import Keys
    drv.find_element("tag name", "body").send_keys(Keys.ARROW_LEFT)   # a position, not the end
    _wait(drv, lambda: drv.execute_script("return S.view.ply") == 39, what="a step back")
    drv.set_window_size(600, 900)   # a phone's width: the picture is drawn again (relayout)
    def pictured():
        return any("/api/picture" in u for u, _ in drv.execute_script("return window.sent"))
    _wait(drv, pictured, what="the picture drawn again")
    drv.set_window_size(1280, 900)
    sent = drv.execute_script("return window.sent")
    paths = {u.split("?")[0] for u, _ in sent}
    assert {"/api/game", "/api/review/move", "/api/picture"} <= paths, paths
    for url, body in sent:
        assert re.search(r"[?&]lang=it(&|$)", url), url
        assert body is None or "lang" not in json.loads(body), (url, body)
    Select(drv.find_element("id", "lang")).select_by_value("en")
    _wait(drv, lambda: drv.find_element("id", "analyse").text == "Analyse", what="English again")


def test_a_puzzles_comment_waits_for_the_answer(browser, server):
    from solver.puzzles import bundled
    drv = browser
    _open(drv, server)
    drv.find_element("css selector", 'nav button[data-tab="puzzles"]').click()
    _wait(drv, lambda: drv.execute_script("return S.puzzles.length"), what="the puzzles")
    first = next(p for p in bundled() if p.question == "best")
    assert drv.execute_script("return S.puzzles[0].id") == first.id
    listed = drv.execute_script("return S.puzzles[0]")
    assert "answer" not in listed and "comment" not in listed and "features" not in listed
    assert first.comment and first.comment not in drv.page_source
    right = card_str(sorted(first.answer)[0])
    g = _wait(drv, lambda: drv.find_element("css selector", f'#board svg g.card.playable[data-card="{right}"]'),
              what="the puzzle's cards")
    _click(drv, g)
    _wait(drv, lambda: drv.find_element("id", "pz-comment").text == first.comment, what="the comment")
    drv.find_element("css selector", 'nav button[data-tab="analyse"]').click()


SCORED = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC,5B,6B turn=1 score=36-40"


def test_a_review_by_the_objective_win_draws_the_win_chance(browser, server):
    """The page's objective win: the review judged in win chance, the graph's axis in
    percent with one point per card (a 12-card ending, so it stays short); the phone-width
    screenshot of the game view that docs/board-phone.png shows (a touch screen's: no arrow
    keys' hint)."""
    from solver.web import games
    drv = browser
    g = games.play(games.game_from_position(parse_position(SCORED), 3), parse_card("3C"))
    while not g.state.is_over:
        g = games.play(g, games.engine_card(g, "greedy"))
    _open(drv, server, 390, 1700)
    drv.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})   # a phone's screen
    try:
        _review_by_win(drv, g)
    finally:
        drv.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def _review_by_win(drv, g):
    from solver.i18n import BOARD_PAGE
    from solver.web import games
    n = len(g.moves)
    drv.execute_script("loadGame(arguments[0])", g.record)
    _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the result")
    drv.execute_script("document.getElementById('objective').value = 'win'")
    _click(drv, drv.find_element("id", "over-review"))
    _wait(drv, lambda: drv.execute_script(f"return !S.reviewing && Object.keys(S.rev).length === {n}"),
          what="the review by win chance")
    revs = drv.execute_script("return Object.values(S.rev)")
    assert all(r["objective"] == "win" and 0 <= r["cost"] <= 1 for r in revs)
    assert [r["mark"] for r in revs] == [games.mark(r["cost"], r.get("cost_error"), "win") for r in revs]
    ticks = [e.text for e in drv.find_elements("css selector", "#graph text.tick")]
    assert ticks == ["100%", "50%", "0%"]
    assert len(drv.find_elements("css selector", "#graph circle.pt")) == n
    rows = drv.find_elements("css selector", "#graph-text tr")
    en = BOARD_PAGE["en"]
    assert len(rows) == n + 1 and en["graph.col.win"] in rows[0].get_attribute("textContent")
    assert all("%" in r.find_elements("tag name", "td")[2].get_attribute("textContent") for r in rows[1:])
    assert drv.find_element("css selector", "#graph svg").get_attribute("aria-label") == en["graph.label.win"]
    assert en["review.marks.win"] in drv.find_element("id", "review-out").text
    assert drv.execute_script("return document.documentElement.scrollWidth") <= 390
    assert not drv.find_element("css selector", "#gameview .hint.keys").is_displayed()   # no arrow keys
    drv.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    drv.save_screenshot(str(_artifacts() / "board-phone-win.png"))
    print(f"\nscreenshot: {_artifacts() / 'board-phone-win.png'}")


def test_a_pasted_seat_view_is_shown_and_analysed(browser, server):
    """A position with a hidden hand (?) pasted on the page: drawn with the hidden hand as
    card backs, analysed from the seat (an estimate with its ±), not played on."""
    drv = browser
    _open(drv, server)
    box = drv.find_element("id", "notation")
    box.clear()
    box.send_keys("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1")
    drv.find_element("id", "set").click()
    _wait(drv, lambda: drv.execute_script("return S.mode === 'view' && S.view && S.view.position"),
          what="the seat view")
    assert drv.find_elements("css selector", "#board svg g.back")
    drv.execute_script("analyse()")
    _wait(drv, lambda: drv.find_elements("css selector", "#analysis tr.best"), what="the estimate")
    assert "±" in drv.find_element("css selector", "#analysis tr.best td.value").text


def test_a_game_from_a_position_without_score_ends_with_the_points_won_since(browser, server):
    """Such a game's end said "player 1 wins" of the side ahead since the start: who won
    the deal is not known; the page says the points won from the start on, en and it."""
    from selenium.webdriver.support.ui import Select

    from solver.i18n import BOARD_PAGE
    from solver.web import games
    drv = browser
    g = games.game_from_position(parse_position("hand1=3C,AS hand2=2C,RS briscola=RD turn=1"), 1)
    while not g.state.is_over:
        g = games.play(g, games.engine_card(g, "greedy"))
    rec = g.record
    assert rec["result"].get("since_start") is True
    _open(drv, server)
    for lang, words in (("en", "won from the start on"), ("it", "vinti dall'inizio")):
        Select(drv.find_element("id", "lang")).select_by_value(lang)
        _wait(drv, lambda: drv.find_element("id", "analyse").text == BOARD_PAGE[lang]["btn.analyse"],
              what="the page's language")
        drv.execute_script("loadGame(arguments[0])", rec)
        _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the result")
        text = drv.find_element("id", "over-text").text
        assert words in text and "wins" not in text and "vince" not in text, text
        # the status line and the side panel say so too, never a score ("score 25-0")
        assert words in drv.find_element("id", "status").text
        facts = [e.text for e in drv.find_elements("css selector", "#board svg text.fact")]
        assert any(words in f for f in facts) and not any("25-0" in f and words not in f for f in facts), facts
        shot = _artifacts() / f"board-since-start-{lang}.png"
        drv.save_screenshot(str(shot))
        print(f"\nscreenshot: {shot}")
        # the review: its graph's margins and each player's result count from the start on
        _click(drv, drv.find_element("id", "over-review"))
        _wait(drv, lambda: drv.execute_script("return !S.reviewing && Object.keys(S.rev).length === 4"),
              what="the review")
        assert drv.execute_script("return document.querySelector('#graph svg').getAttribute('aria-label')") \
            == BOARD_PAGE[lang]["graph.label.since"]
        skill = drv.find_element("css selector", "li.skill[data-player='1']").text
        assert words in skill and ("result" if lang == "en" else "risultato") not in skill, skill
    Select(drv.find_element("id", "lang")).select_by_value("en")


def test_a_searchs_progress_is_said_in_the_pages_language(browser, server):
    """The progress line under the analysis came from the server in English: "waiting for
    the previous search" matched against the English, the engine's own lines ("estimate:
    2.0 s, 40 samples, best ...") shown as they came on the Italian page. The server sends
    the job's state and the line's data, and the page says them in its words."""
    import json
    import urllib.request

    from selenium.webdriver.support.ui import Select

    from solver.i18n import BOARD_PAGE
    from solver.web.games import new_game
    drv = browser
    _open(drv, server)
    Select(drv.find_element("id", "lang")).select_by_value("it")
    it = BOARD_PAGE["it"]
    _wait(drv, lambda: drv.find_element("id", "analyse").text == it["btn.analyse"], what="the Italian page")
    long = new_game("scoperta", 11).state.to_text()   # an estimate: it runs to its time limit

    def other_search():   # another client's search holds the engine first
        req = urllib.request.Request(server + "/api/analyse", method="POST", headers={"Content-Type": "application/json"},
                                     data=json.dumps({"position": long, "time_limit": 3, "client": "other"}).encode())
        urllib.request.urlopen(req, timeout=60).read()

    t = threading.Thread(target=other_search)
    t.start()
    try:
        def other_holds():   # the other search has the engine, so ours must wait
            with urllib.request.urlopen(server + "/api/progress?client=other", timeout=10) as r:
                return json.loads(r.read()).get("state") == "searching"
        _wait(drv, other_holds, timeout=60, what="the other client's search")
        drv.execute_script("document.getElementById('time-limit').value = '4'; analyse(arguments[0])", long)
        seen = set()

        def said():
            text = drv.find_element("id", "progress").text
            seen.add(text)
            return it["progress.samples"].split(":")[1].split()[1] in text   # "campioni"
        _wait(drv, said, timeout=60, what="the engine's progress line")
    finally:
        t.join(60)
        drv.execute_script("api('/api/stop', { client: client + ':analyse' })")
    lines = {s for s in seen if s}
    print("\nprogress lines seen:", sorted(lines))
    assert any(s.startswith(it["waiting"]) for s in lines), lines
    english = re.compile(r"\b(waiting|searching|samples|estimate|best|nodes)\b")
    assert not [s for s in lines if english.search(s)], lines
    Select(drv.find_element("id", "lang")).select_by_value("en")


def test_an_estimate_on_the_italian_page_says_its_method_in_words_and_writes_decimal_commas(
        browser, server):
    """On the Italian page the estimate's badge showed its code name in its tooltip
    ("sampled-clairvoyant-depth4-lines") and every number was written with a point
    ("−11.21"): the tooltip says the method in Italian words, the numbers have a comma."""
    from selenium.webdriver.support.ui import Select

    from solver.analysis.result import Analysis, Method
    from solver.i18n import BOARD_PAGE
    drv = browser
    _open(drv, server)
    Select(drv.find_element("id", "lang")).select_by_value("it")
    it = BOARD_PAGE["it"]
    _wait(drv, lambda: drv.find_element("id", "analyse").text == it["btn.analyse"],
          what="the Italian page")
    _paste_and_analyse(drv, START)
    _wait(drv, lambda: drv.find_elements("css selector", "#analysis tr.best"), what="the estimate")
    a = drv.execute_script("return S.analysis")
    title = drv.find_element("css selector", "#analysis .badge.estimate").get_attribute("title")
    print("\nbadge title:", title)
    assert title.startswith(Method.from_text(a["method"]).words("it")) and a["method"] not in title
    cells = [e.text for e in drv.find_elements(
        "css selector", "#analysis td.value, #analysis td.gap, #analysis td.final")]
    meta = drv.find_element("css selector", "#analysis .meta").text
    print("cells:", cells, "meta:", meta)
    assert any("," in c for c in cells) and not [c for c in cells if re.search(r"\d\.\d", c)]
    assert re.search(r"\d,\d\d s$", meta), meta
    labels = [e.text for e in drv.find_elements("css selector", "#board svg text.value")]
    assert labels and not [x for x in labels if re.search(r"\d\.\d", x)], labels
    drv.save_screenshot(str(_artifacts() / "board-estimate-it.png"))
    # the labels the page sends when it redraws the picture at a phone's width: the same
    relabelled = drv.execute_script("return S.analysis.moves.map((m) => label(S.analysis, m))")
    back = Analysis.from_json({k: v for k, v in a.items() if k not in ("svg", "method_text")})
    assert relabelled == [value_label(back, parse_card(m["card"]), "it") for m in a["moves"]]
    Select(drv.find_element("id", "lang")).select_by_value("en")


def test_a_game_without_score_shows_its_points_as_it_goes_and_its_final_notation(browser, server):
    """Played by clicks from a pasted position without score: the side panel said no
    points until the deal ended, and at its end the notation box kept the position before
    the last card. The points won since the start are in the panel after every trick, and
    the box ends on the final position (every card played)."""
    drv = browser
    start = "hand1=3C,AS,4B hand2=2C,RS,5B top=7C briscola=RD unseen=6C,FC turn=1"
    _open(drv, server)
    drv.execute_script("document.getElementById('level').value = 'greedy'")
    box = drv.find_element("id", "notation")
    box.clear()
    box.send_keys(start)
    drv.find_element("id", "set").click()
    _wait(drv, lambda: drv.execute_script(
        "return S.mode === 'game' && S.view.ply === 0 && S.view.turn === 1"),
        what="the game from the pasted position")
    taken = set()
    while not drv.execute_script("return S.view.over"):
        _wait(drv, lambda: drv.execute_script(
            "return !S.busy && (S.view.over || S.view.turn === 1)"), what="your turn")
        if drv.execute_script("return S.view.over"):
            break
        a, b = drv.execute_script("return S.view.points")
        facts = [e.text for e in drv.find_elements("css selector", "#board svg text.fact")]
        assert f"won from the start on {a}-{b}" in facts, facts
        taken.add((a, b))
        g = drv.find_element("css selector", "#board svg g.card.playable")
        ply = drv.execute_script("return S.view.ply")
        _click(drv, g)
        _wait(drv, lambda ply=ply: drv.execute_script("return S.view.ply") > ply,
              what="the card played")
    assert len(taken) > 1, taken
    _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the result")
    final = parse_position(drv.find_element("id", "notation").get_attribute("value"))
    assert final.is_over and final.played.bit_count() == 40, final.to_text()
    a, b = drv.execute_script("return S.view.result.points")
    facts = [e.text for e in drv.find_elements("css selector", "#board svg text.fact")]
    assert f"won from the start on {a}-{b}" in facts, facts


# ----- the audit of the board (fifth pass) ---------------------------------------------------

def _emulate(drv, width):
    """A phone ``width`` px wide with a touch screen, or (None) the desktop again."""
    if width:
        drv.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        drv.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
    else:
        drv.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        drv.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def _in_language(drv, lang):
    from selenium.webdriver.support.ui import Select

    from solver.i18n import BOARD_PAGE
    Select(drv.find_element("id", "lang")).select_by_value(lang)
    _wait(drv, lambda: drv.find_element("id", "analyse").text == BOARD_PAGE[lang]["btn.analyse"],
          what="the page's language")


def _classic_record(seed=11) -> dict:
    from solver.web import games
    g = games.new_game("classic", seed)
    while not g.state.is_over:
        g = games.play(g, games.engine_card(g, "greedy"))
    return g.record


def _wide_rows(rec) -> dict:
    """A review of ``rec`` as /api/review/move sends it (the server's own JSON), each row as
    wide as a row gets: a blunder's mark, two best cards, a cost with its ±, and each draw's
    luck in turn too uncertain to tell (0.2 ±170 where it can be ±100), cut by its bound and
    within noise (+50 ±60), clear of zero (+30 ±10); the other seat's draw not measured."""
    from solver import review as R
    from solver.game import legal_cards
    from solver.web import games
    g = games.load_game(rec)
    rows = {}
    for k, card in enumerate(g.moves, 1):
        st, after = g.states[k - 1], g.states[k]
        others = [c for c in legal_cards(st) if c != card][:2] or [card]
        mv = R.MoveReview(deal=1, number=k, trick=len(st.tricks) + 1, player=st.to_move, card=card,
                          choices=3, best=tuple(others), best_value=3.0, value=-9.34, cost=12.34,
                          cost_error=6.54, seat_view=True, position=st.view().to_text())
        lucks = ()
        if len(after.tricks) > len(st.tricks) and after.tricks[-1].draws:
            luck, error = ((0.2, 170.0), (50.0, 60.0), (30.0, 10.0))[k % 3]
            base = dict(deal=1, move=k, trick=len(st.tricks) + 1, seat_view=True, draws=30,
                        bound=100.0)
            drew = after.tricks[-1].draws
            lucks = (R.DrawLuck(**base, player=0, drawn=((0, drew[0]),), luck=luck, error=error,
                                expected=1.0, actual=1.0 + luck, every_draw=True,
                                rests_unchecked=True),
                     R.DrawLuck(**base, player=1, drawn=((1, drew[1]),),
                                missing="not to move"))
        rows[str(k)] = games._judged(g, mv, lucks)
    return rows


def _review_shown(drv, server, rec, rows, width=None, lang="en"):
    _emulate(drv, width)
    _open(drv, server, width or 1280, 844 if width else 900)
    _in_language(drv, lang)
    drv.execute_script("loadGame(arguments[0])", rec)
    _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the result")
    drv.execute_script("S.rev = arguments[0]; renderReview(); renderGameView();", rows)


def test_a_lucks_interval_on_the_page_keeps_to_what_the_luck_can_be(browser, server):
    """A classic review at 0.3 s a card showed luck intervals like ±170 points, past what the
    luck can be: the page cuts an interval to the luck's bound, says "too uncertain to tell" where
    it covers it all, and never calls a draw within noise of zero a swing of luck (its step
    on the graph grey, not green or red)."""
    from solver.i18n import BOARD_PAGE
    drv = browser
    rec = _classic_record()
    rows = _wide_rows(rec)
    for lang in ("en", "it"):
        _review_shown(drv, server, rec, rows, lang=lang)
        words = BOARD_PAGE[lang]
        cells = {int(tr.get_attribute("data-move")): tr.find_element("css selector", "td.luck").text
                 for tr in drv.find_elements("css selector", "#review-out table.review tbody tr")}
        seen = set()
        for k, r in rows.items():
            measured = [d for d in r["luck"] if d["luck"] is not None]
            if not measured:
                continue
            cell, d = cells[int(k)], measured[0]
            if d["too_uncertain"]:
                assert words["luck.uncertain"] in cell and "±" not in cell.split("\n")[0], cell
                seen.add("uncertain")
            elif d["luck"] == 50.0:   # cut above at +100: its ends, not ±60
                assert "±" not in cell.split("\n")[0] and "[\u2212" in cell and "+100" in cell, cell
                seen.add("cut")
            else:
                assert "±10" in cell, cell
                seen.add("clear")
        assert seen == {"uncertain", "cut", "clear"}
        swings = [b.text for b in drv.find_elements("css selector",
                                                     "#review-out ol.swings button.swing")]
        clear = sorted(int(k) for k, r in rows.items()
                       if any(d["luck"] is not None and not d["within_noise"] for d in r["luck"]))
        assert len(swings) == min(3, len(clear)), swings
        assert all("+30" in s and words["luck.uncertain"] not in s for s in swings), swings
        noise = drv.execute_script(
            "return [...document.querySelectorAll('#graph line.luck')]"
            ".map((l) => [+l.dataset.ply, l.classList.contains('noise')])")
        assert noise, noise
        assert all(grey == rows[str(k)]["luck"][0]["within_noise"] for k, grey in noise), noise
    drv.save_screenshot(str(_artifacts() / "board-luck-bounds-it.png"))
    _in_language(drv, "en")


def test_the_pages_review_says_a_cost_with_every_hand_solved_is_exact(browser, server):
    """A cost with every hand solved (its ± 0, the search's method an estimate) showed as a
    bare number, and a player's errors with it as a bare sum: it is exact, as the CLI says,
    in English and Italian; a ± that rounds to 0 is still an estimate's, and a sum of exact
    and estimated costs carries the estimated ones' ±."""
    from solver import review as R
    from solver.analysis.result import Interval
    from solver.game import legal_cards
    from solver.i18n import BOARD_PAGE
    from solver.web import games
    drv = browser
    rec = _classic_record()
    g = games.load_game(rec)
    rows, seen = {}, {0: 0, 1: 0}
    for k, card in enumerate(g.moves, 1):
        st = g.states[k - 1]
        p = st.to_move
        cost, error, interval = 1.25, 0.0, Interval.NO_SAMPLING   # every hand solved
        if p == 1 and seen[1] < 2:   # player 2: one clear estimate, one whose ± rounds to 0
            cost, error = ((3.0, 1.5), (0.5, 0.004))[seen[1]]
            interval = Interval.SAMPLING_AND_METHOD
        seen[p] += 1
        best = tuple(c for c in legal_cards(st) if c != card)[:1] or (card,)
        mv = R.MoveReview(deal=1, number=k, trick=len(st.tricks) + 1, player=p, card=card,
                          choices=3, best=best, best_value=3.0, value=3.0 - cost, cost=cost,
                          cost_error=error, seat_view=True, interval=interval,
                          position=st.view().to_text())
        rows[str(k)] = games._judged(g, mv)
    p2 = [int(k) for k, r in rows.items() if r["player"] == 2][:2]
    for lang in ("en", "it"):
        _review_shown(drv, server, rec, rows, lang=lang)
        exact = BOARD_PAGE[lang]["exact"]
        trs = drv.find_elements("css selector", "#review-out table.review tbody tr")
        cells = {int(tr.get_attribute("data-move")):
                 tr.find_elements("css selector", "td.num")[0].text for tr in trs}
        comma = (lambda x: x.replace(".", ",")) if lang == "it" else (lambda x: x)
        assert cells[p2[0]].startswith(f"3 ±{comma('1.5')}"), cells[p2[0]]   # as the CLI's table
        assert cells[p2[1]].startswith(f"{comma('0.50')} ±{comma('0.0')}"), cells[p2[1]]
        assert all(c.startswith(f"{comma('1.25')} ({exact})") for k, c in cells.items()
                   if k not in p2), cells
        skill = {p: drv.find_element("css selector", f'#review-out li.skill[data-player="{p}"]')
                 .text for p in (1, 2)}
        errors = {p: re.search(r"(?:errors|errori) (.+?) (?:points|punti) \(", li).group(1)
                  for p, li in skill.items()}
        assert errors[1].endswith(f" ({exact})") and "±" not in errors[1], errors
        assert errors[2].endswith(f" ±{comma('1.5')}") and exact not in errors[2], errors


@pytest.mark.parametrize("width", [390, 360])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_reviews_card_stays_on_one_line_on_a_phone(browser, server, width, lang):
    """On a phone the review's card cell wrapped ("G2" over "CD"): the move's number, its
    player and the card stay on one line, and the table fits the screen."""
    drv = browser
    rec = _classic_record()
    try:
        _review_shown(drv, server, rec, _wide_rows(rec), width, lang)
        got = drv.execute_script("""
            const lines = (el) => { const r = document.createRange(); r.selectNodeContents(el);
              const tops = [...r.getClientRects()].map((x) => x.top).sort((a, b) => a - b);
              return tops.filter((t, i) => i === 0 || t > tops[i - 1] + 8).length; };
            const w = document.documentElement.clientWidth;
            const wrap = document.querySelector('#review-out .table-wrap');
            const cards = [...document.querySelectorAll('#review-out td.card')];
            return {lines: [...new Set(cards.map(lines))],
                    page: document.documentElement.scrollWidth - w,
                    table: wrap.scrollWidth - wrap.clientWidth};""")
        assert got == {"lines": [1], "page": 0, "table": 0}, got
        first = drv.find_element("css selector", "#review-out table.review tbody tr").text
        # the number, the mover, the card
        assert first.startswith("1 G1 " if lang == "it" else "1 P1 "), first
        drv.save_screenshot(str(_artifacts() / f"board-review-{width}-{lang}.png"))
    finally:
        _emulate(drv, None)


@pytest.mark.parametrize("width", [1280, 390, 360])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_puzzles_arrows_and_count_stay_together(browser, server, width, lang):
    """On a desktop the puzzles' bar broke over two lines (the set's menu, then the arrows
    and the count): one line there; on a phone the menu may go above, the arrows and the
    count stay together."""
    drv = browser
    try:
        _emulate(drv, width if width < 700 else None)
        _open(drv, server, width, 900)
        _in_language(drv, lang)
        _click(drv, drv.find_element("css selector", 'nav button[data-tab="puzzles"]'))
        _wait(drv, lambda: drv.execute_script("return S.puzzles.length > 0"), what="the puzzles")
        _wait(drv, lambda: drv.find_element("id", "pz-count").text, what="the count")
        mid = drv.execute_script("""
            return ['pz-variant', 'pz-prev', 'pz-count', 'pz-next'].map((i) => {
              const r = document.getElementById(i).getBoundingClientRect();
              return Math.round(r.top + r.height / 2); })""")
        nav = mid[1:]
        assert max(nav) - min(nav) <= 2, mid
        if width >= 700:
            assert abs(mid[0] - mid[1]) <= 2, mid   # the menu too: one line
        assert drv.execute_script("const d = document.documentElement;"
                                  "return d.scrollWidth - d.clientWidth") == 0
        drv.save_screenshot(str(_artifacts() / f"board-puzzles-{width}-{lang}.png"))
    finally:
        _emulate(drv, None)


def test_a_new_record_clears_the_last_searchs_progress_line(browser, server):
    """After a record was loaded, the progress line of the search before it ("ricerca… ·
    1 s") stayed, its poll still writing it while that search ran: it goes at once, and
    the old search's poll and answer write nothing more. The Italian page's lines start
    with a capital ("Tocca al giocatore 1 · ...", not "tocca al ...")."""
    from solver.web.games import new_game
    drv = browser
    _open(drv, server)
    _in_language(drv, "it")
    long = new_game("scoperta", 11).state.to_text()   # an estimate: it runs to its time limit
    drv.execute_script("document.getElementById('time-limit').value = '6'; analyse(arguments[0])",
                       long)
    _wait(drv, lambda: " s" in drv.find_element("id", "progress").text, timeout=30,
          what="a progress line")
    line = drv.find_element("id", "progress").text
    assert line[0].isupper(), line
    drv.execute_script("loadGame(arguments[0])", _finished_game(3))
    _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the record")
    said = []
    for _ in range(10):   # past two polls of the old search, which still runs
        said.append(drv.find_element("id", "progress").text)
        time.sleep(0.25)
    drv.execute_script("api('/api/stop', { client: client + ':analyse' })")
    assert said == [""] * 10, said
    _wait(drv, lambda: drv.find_element("id", "stop").get_attribute("disabled"), timeout=20,
          what=f"the search's end {drv.execute_script('return [S.searching, S.search]')}")
    _paste_and_analyse(drv, ENDGAME)
    _wait(drv, lambda: drv.find_elements("css selector", "#analysis .meta"), what="the analysis")
    meta = drv.find_element("css selector", "#analysis .meta").text
    assert meta.startswith("Tocca al giocatore"), meta
    _in_language(drv, "en")


def test_the_pages_review_says_what_the_cli_says_of_each_card_and_draw(browser, server):
    """The page and `briscola review` told the same card apart: the graph took a value with
    every hand solved (method "estimate", exact true) for an estimate, a cost whose ± is not
    checked against exact values lost the table's *, a luck of ±0.03 read "±0.0", and an
    exact luck was "esatto" in Italian where the CLI's swing says "esatta"."""
    from fractions import Fraction

    from solver import review as R
    from solver.analysis.result import Interval
    from solver.game import legal_cards
    from solver.i18n import BOARD_PAGE
    from solver.web import games
    drv = browser
    rec = _classic_record()
    g = games.load_game(rec)
    rows, solved, starred, lucks = {}, [], [], {}
    for k, card in enumerate(g.moves, 1):
        st, after = g.states[k - 1], g.states[k]
        p = st.to_move
        best = tuple(c for c in legal_cards(st) if c != card)[:1] or (card,)
        common = dict(deal=1, number=k, trick=len(st.tricks) + 1, player=p, card=card, choices=3,
                      best=best, best_value=3.0, value=1.75, cost=1.25, seat_view=True,
                      position=st.view().to_text())
        if p == 0:   # every hand solved: exact, its method still "estimate"
            mv = R.MoveReview(**common, cost_error=0.0, value_error=0.0,
                              interval=Interval.NO_SAMPLING)
            solved.append(k)
        else:        # an estimate whose interval is not checked: *
            mv = R.MoveReview(**common, cost_error=1.5, value_error=2.0,
                              interval=Interval.EXTRAPOLATED)
            starred.append(k)
        draws = ()
        if len(after.tricks) > len(st.tricks) and after.tricks[-1].draws and after.to_move == 0:
            exact = len(lucks) % 2 == 0
            luck = Fraction(-3) if exact else None
            draws = (R.DrawLuck(deal=1, move=k, trick=len(st.tricks) + 1, player=0, seat_view=True,
                                drawn=((0, after.tricks[-1].draws[0]),), draws=30, bound=100.0,
                                luck=-3.0 if exact else 0.5, luck_exact=luck,
                                error=None if exact else 0.03, expected=1.0,
                                actual=-2.0 if exact else 1.5, every_draw=True,
                                rests_unchecked=not exact),)
            lucks[k] = exact
        rows[str(k)] = games._judged(g, mv, draws)
    assert solved and starred and True in lucks.values() and False in lucks.values()
    for lang in ("en", "it"):
        _review_shown(drv, server, rec, rows, lang=lang)
        words = BOARD_PAGE[lang]
        trs = {int(tr.get_attribute("data-move")): tr
               for tr in drv.find_elements("css selector", "#review-out table.review tbody tr")}
        cost = {k: tr.find_elements("css selector", "td.num")[0].text for k, tr in trs.items()}
        # 1.25 ±1.5 reaches below 0: cut to [0, 2.75], as the CLI's fmt_cost writes it
        assert all(re.search(r"1[.,]25 \[0[,;] 2[.,]8\]\*$", cost[k].rstrip(" ≈"))
                   for k in starred), cost
        assert all(cost[k].endswith(f"({words['exact']})") for k in solved), cost
        luck = {k: trs[k].find_element("css selector", "td.luck").text for k in lucks}
        for k, exact in lucks.items():
            if exact:
                said = r"\u22123([.,]0)? \(" + words["exact.luck"] + r"\)$"
                assert re.search(said, luck[k]), luck[k]
            else:
                assert re.search(r"±0[.,]03\*$", luck[k]) and "±0.0 " not in luck[k], luck[k]
        text = drv.find_element("id", "review-out").text
        assert words["review.luck.partial"] in text and not re.search(r"±0[.,]0(?!\d)", text), text
        skill = drv.find_element("css selector", '#review-out li.skill[data-player="2"]').text
        assert re.search(r" ±\d+[.,]\d\* ", skill), skill
        # the graph: each value with every hand solved drawn and read as exact
        exact_dots = drv.execute_script("return [...document.querySelectorAll("
                                        "'#graph circle.pt.exact')].map((c) => +c.dataset.ply)")
        assert set(solved) <= set(exact_dots), (solved, exact_dots)
        cells = drv.execute_script("return [...document.querySelectorAll('#graph-text tr')]"
                                   ".slice(1).map((tr) => tr.children[2].textContent)")
        assert all(f"({words['exact']})" in cells[k - 1] for k in solved if k < len(cells)), cells
    drv.save_screenshot(str(_artifacts() / "board-review-surfaces-it.png"))
    _in_language(drv, "en")
