"""The board as a player meets it (issue 41, the board's side), in headless Chromium: the
engine's hand stays hidden in the hidden-card games, in the pixels and in every answer the
page receives; open hands only when asked; puzzles with a retry and a wrong card marked
wrong; the page's words in Italian (the shuffle's seed, the games' names, words that fit a
touch screen); a bad notation said beside its box; the ± under a card clear of "Cards
played"; the set-up showing the position as it is built; the end of a deal on a phone.

Screenshots go to $BRISCOLA_ARTIFACTS (or a temporary folder); docs/board-hidden.png and
docs/board-hidden-phone-it.png are two of them."""
from __future__ import annotations

import json
import time

import pytest

from solver.cards import card_str
from solver.i18n import BOARD_PAGE, PLAY_TITLES
from solver.position import parse_position
from solver.puzzles import bundled
from test_web_browser import _artifacts, _click, _open, _wait, browser, server  # noqa: F401 - fixtures pytest finds by name
from test_web_hidden import check, true_state

#: every answer the page's fetch receives, kept in the page for the test to read
RECORDER = """
window.__answers = [];
const __fetch = window.fetch;
window.fetch = async (...args) => {
  const r = await __fetch(...args);
  r.clone().text().then((body) => window.__answers.push({ url: String(args[0]), body }));
  return r;
};
"""


@pytest.fixture(scope="module")
def page(browser, server):  # noqa: F811 - the fixtures imported above, asked for by name
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    return browser, server


def _phone(drv, on: bool) -> None:
    """A 390-px phone with a touch screen (Chromium's emulation), or the desktop again."""
    if on:
        drv.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        drv.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
    else:
        drv.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        drv.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def _deal(drv, variant: str, seed: int, level: str = "engine:0.1") -> None:
    """Play tab, the game, the seed, the engine, Deal: as a player does it."""
    _click(drv, drv.find_element("css selector", 'nav button[data-tab="play"]'))
    drv.execute_script("document.getElementById('variant').value = arguments[0];"
                       "document.getElementById('seed').value = arguments[1];"
                       "document.getElementById('level').value = arguments[2]", variant, str(seed), level)
    _click(drv, drv.find_element("id", "deal"))
    _wait(drv, lambda: drv.execute_script(
        "return S.game && S.dealSeed === arguments[0] && S.game.variant === arguments[1] && "
        "S.view.turn === 1 && !document.getElementById('deal').disabled", seed, variant),
        what=f"the {variant} deal of seed {seed}")


def _answers(drv) -> list[dict]:
    out = []
    for a in drv.execute_script("const a = window.__answers; window.__answers = []; return a;"):
        try:
            out.append({"url": a["url"], "body": json.loads(a["body"])})
        except ValueError:
            out.append({"url": a["url"], "body": a["body"]})   # a picture (SVG)
    return out


def _settled(drv) -> bool:
    """Nothing in flight: not the engine's turn, the analysis in (or none asked)."""
    return drv.execute_script(
        "return !S.busy && S.view && (S.view.over || S.view.turn === 1) && "
        "document.getElementById('stop').disabled && document.getElementById('progress').textContent === ''")


def _check_all(answers, variant: str, seed: int, moves) -> int:
    """Each answer against the moment it describes (a game view's moves, an analysed
    position's cards gone); any other answer against the latest moment."""
    now = true_state(variant, seed, moves)
    for a in answers:
        body = a["body"]
        state, shown = now, None
        if isinstance(body, dict) and isinstance(body.get("game"), dict):
            state = true_state(variant, seed, body["game"]["moves"])
            if body.get("ply") is not None and body["ply"] < len(body["game"]["moves"]):
                shown = true_state(variant, seed, body["game"]["moves"][:body["ply"]])
        elif isinstance(body, dict) and isinstance(body.get("position"), str) and "moves" in body:
            pos = parse_position(body["position"])
            state = true_state(variant, seed, moves[:pos.played.bit_count() + len(pos.table)])
        check(body if isinstance(body, dict) else {"text": body}, state, a["url"], shown)
    return len(answers)


def test_the_engines_hand_stays_hidden_on_the_page(page):
    """The issue's deal: classic, seed 21, engine:0.1; player 2's 7C 2D AS were face up."""
    drv, server = page
    _open(drv, server)
    _answers(drv)
    _deal(drv, "classic", 21)
    assert not drv.find_elements("css selector", '#board svg g.card[data-place="hand2"]')
    assert len(drv.find_elements("css selector", "#board svg g.back")) == 3 + 1   # the hand, the talon
    label = drv.find_element("css selector", "#board svg text.seat2").text
    # said in words, not with the notation's "?"
    assert label.startswith("Player 2 · 3 cards, hidden") and "?" not in label
    source = drv.find_element("id", "board").get_attribute("innerHTML")
    assert 'data-card="2D"' not in source and 'data-card="AS"' not in source
    facts = [e.text for e in drv.find_elements("css selector", "#board svg text.fact")]
    assert "trumps not yet played: 10" in facts   # not "trumps out", read as ten played
    assert _check_all(_answers(drv), "classic", 21, [])
    # the review waits for the end of the deal, the engine's seat being hidden till then
    assert drv.find_element("id", "review").get_attribute("disabled")
    # and says why where the graph will be, not "Press review" (the greyed button's tooltip
    # shows to a mouse alone)
    assert drv.find_element("id", "graph").text == BOARD_PAGE["en"]["review.after_deal"]
    # and beside the button itself, which names it as its description (the game view may be
    # a screen away on a phone)
    why = drv.find_element("id", "review-why")
    assert why.is_displayed() and why.text == f"({BOARD_PAGE['en']['review.after_deal.short']})"
    assert drv.find_element("id", "review").get_attribute("aria-describedby") == "review-why"
    # open hands, asked for: both hands in view
    _click(drv, drv.find_element("id", "open-hands"))
    _wait(drv, lambda: len(drv.find_elements("css selector", '#board svg g.card[data-place="hand2"]')) == 3,
          what="the open hands")
    shown = {g.get_attribute("data-card") for g in
             drv.find_elements("css selector", '#board svg g.card[data-place="hand2"]')}
    assert shown == {"7C", "2D", "AS"}
    _click(drv, drv.find_element("id", "open-hands"))
    _wait(drv, lambda: not drv.find_elements("css selector", '#board svg g.card[data-place="hand2"]'),
          what="the engine's hand hidden again")
    drv.save_screenshot(str(_artifacts() / "board-hidden.png"))


@pytest.mark.parametrize("variant", ["classic", "briscolone", "libero"])
def test_no_answer_the_page_receives_names_an_unseen_card(page, variant):
    """Seeded deals played on the page with the analysis after each card: the deal, your
    cards, the engine's, the analyses (values, best line), the explanation asked, steps
    back and forth; every answer the page's fetch got is read for cards it cannot see."""
    drv, server = page
    _open(drv, server)
    drv.execute_script("document.getElementById('auto').checked = true;"
                       "document.getElementById('time-limit').value = '0.3'")
    for seed in (21, 5):
        _answers(drv)
        _deal(drv, variant, seed)
        _wait(drv, lambda: _settled(drv), what="the first analysis")
        seen = 0
        for turn in range(4):
            legal = drv.execute_script("return S.view.legal")
            g = drv.find_element("css selector", f'#board svg g.card.playable[data-card="{legal[-1]}"]')
            _click(drv, g)
            _wait(drv, lambda: len(drv.execute_script("return S.game.moves")) >= 2 * turn + 2 and _settled(drv),
                  what=f"the engine's answer and the analysis, turn {turn + 1}")
            if turn == 1:
                _click(drv, drv.find_element("id", "explain"))
                said = lambda: drv.find_element("id", "explanation").get_attribute("textContent")  # noqa: E731 - a one-line helper named for the lines below
                _wait(drv, said, what="the explanation")
                assert said() == BOARD_PAGE["en"]["explain.seat"]
                drv.execute_script("goTo(1)")
                _wait(drv, lambda: drv.execute_script("return S.view.ply") == 1, what="a step back")
                drv.execute_script("goTo(S.plies.length)")
                _wait(drv, lambda: drv.execute_script("return S.view.ply === S.plies.length") and _settled(drv),
                      what="the latest position")
            moves = drv.execute_script("return S.game.moves")
            seen += _check_all(_answers(drv), variant, seed, moves)
        assert seen > 10
        assert drv.find_elements("css selector", "#analysis tr.best")   # analysed from the seat


def test_explain_is_given_once_the_seat_knows_the_other_hand(page):
    """A classic deal played on the page to its empty talon: Explain refused while the
    talon hides cards, then explained (the other hand known by elimination), every answer
    the page received read for cards the seat could not see."""
    drv, server = page
    _open(drv, server)
    _wait(drv, lambda: drv.execute_script("return !S.busy && document.getElementById('stop').disabled"),
          what="the first deal's analysis")
    _answers(drv)
    _deal(drv, "classic", 13, "greedy")
    said = lambda: drv.find_element("id", "explanation").get_attribute("textContent")  # noqa: E731 - a one-line helper named for the lines below
    _click(drv, drv.find_element("id", "explain"))
    _wait(drv, said, what="the refusal")
    assert said() == BOARD_PAGE["en"]["explain.seat"]
    while not drv.execute_script("return S.view.known"):
        n = len(drv.execute_script("return S.game.moves"))
        legal = drv.execute_script("return S.view.legal")
        _click(drv, drv.find_element("css selector", f'#board svg g.card.playable[data-card="{legal[0]}"]'))
        _wait(drv, lambda: len(drv.execute_script("return S.game.moves")) > n and _settled(drv),
              what="the engine's answer")
    drv.execute_script("document.getElementById('explanation').textContent = ''")
    _click(drv, drv.find_element("id", "explain"))
    _wait(drv, lambda: said() and said() != BOARD_PAGE["en"]["explaining"], what="the explanation")
    assert said() != BOARD_PAGE["en"]["explain.seat"] and "Endgame" in said(), said()
    assert _check_all(_answers(drv), "classic", 13, drv.execute_script("return S.game.moves")) > 10


def test_a_classic_deal_in_italian_on_a_phone(page):
    """The words of the issue: the seed is a shuffle (mescolata, not seme), the games have
    their Italian names, nothing says "fai clic" to a touch screen; the screenshot of a
    classic deal with the engine's hand hidden (docs/board-hidden-phone-it.png)."""
    from selenium.webdriver.support.ui import Select
    drv, server = page
    _open(drv, server)
    _phone(drv, True)
    try:
        drv.get(server + "/")
        Select(drv.find_element("id", "lang")).select_by_value("it")
        it = BOARD_PAGE["it"]
        _wait(drv, lambda: drv.find_element("id", "analyse").text == it["btn.analyse"], what="the Italian page")
        # the status line said before the switch is said again in Italian
        # (a deal shuffled at random: its seed, which names the unseen cards, is not said)
        _wait(drv, lambda: drv.find_element("id", "status").text == it["dealt_sealed"],
              what="the first deal's status line in Italian")
        drv.execute_script("document.getElementById('auto').checked = true;"
                           "document.getElementById('time-limit').value = '0.5'")
        _wait(drv, lambda: [o.get_attribute("textContent") for o in Select(drv.find_element("id", "variant")).options]
              == [PLAY_TITLES["it"][v] for v in ("scoperta", "scoperta4", "classic", "briscolone", "libero")],
              what="the games' Italian names")
        _deal(drv, "classic", 21)
        assert drv.find_element("id", "status").text == it["dealt"].format(seed=21)
        seed_label = drv.find_element("css selector", 'label span[data-t="seed"]').get_attribute("textContent")
        assert seed_label == "mescolata"
        text = drv.find_element("tag name", "body").get_attribute("textContent")
        assert "fai clic" not in text.lower() and "Fai clic" not in json.dumps(it)
        assert drv.execute_script("return trickText({tricks: [{winner: 1, points: 1}]}, 0)") == \
            " Presa al giocatore 1 (1 punto)."
        _wait(drv, lambda: drv.find_elements("css selector", "#analysis tr.best"), what="the seat's analysis")
        assert not drv.find_elements("css selector", '#board svg g.card[data-place="hand2"]')
        assert drv.execute_script("return document.documentElement.scrollWidth") <= 390
        drv.execute_script("window.scrollTo(0, 0)")
        time.sleep(0.3)
        drv.save_screenshot(str(_artifacts() / "board-hidden-phone-it.png"))
    finally:
        drv.execute_script("localStorage.setItem('briscola-lang', 'en')")
        _phone(drv, False)


def test_a_wrong_puzzle_card_is_marked_wrong_and_the_puzzle_retried(page):
    drv, server = page
    _open(drv, server)
    _click(drv, drv.find_element("css selector", 'nav button[data-tab="puzzles"]'))
    _wait(drv, lambda: drv.execute_script("return S.puzzles.length"), what="the puzzles")
    first = next(p for p in bundled() if p.question == "best")
    right = card_str(sorted(first.answer)[0])
    wrong = next(card_str(c) for c in first.position.legal_cards() if c not in first.answer)
    _answers(drv)

    def card(c):
        return _wait(drv, lambda: drv.find_element("css selector", f'#board svg g.card.playable[data-card="{c}"]'),
                     what=f"the card {c}")

    _click(drv, card(wrong))
    _wait(drv, lambda: drv.find_element("id", "pz-feedback").text, what="the verdict")
    g = card(wrong)
    assert "wrong" in g.get_attribute("class") and "best" not in g.get_attribute("class")
    stroke = drv.execute_script("return getComputedStyle(arguments[0].querySelector('rect')).stroke", g)
    assert stroke == "rgb(176, 0, 32)"   # red, not the right card's green
    assert drv.find_element("id", "pz-feedback").text == BOARD_PAGE["en"]["pz.try_again"].format(card=wrong)
    # the answer, its comment and explanation are kept back for another try
    said = [a["body"] for a in _answers(drv) if "/api/puzzles/answer" in a["url"]]
    assert said == [{"id": first.id, "ok": False, "card": wrong}]
    assert first.comment not in drv.page_source
    assert drv.find_element("id", "pz-retry").is_displayed() and drv.find_element("id", "pz-reveal").is_displayed()
    # the second try finds it: the right card marked as best, the wrong one still wrong
    _click(drv, card(right))
    _wait(drv, lambda: drv.find_element("id", "pz-feedback").text.startswith("Right"), what="the right answer")
    _wait(drv, lambda: drv.find_elements("css selector", f'#board svg g.card.best[data-card="{right}"]'),
          what="the answer marked")
    assert "wrong" in drv.find_element("css selector", f'#board svg g.card[data-card="{wrong}"]').get_attribute("class")
    assert drv.find_element("id", "pz-comment").text == first.comment
    assert drv.find_element("id", "pz-score").text == "0 right of 1"   # the first answer counts
    # retry: the puzzle as it was, no mark, no verdict, the score kept
    _click(drv, drv.find_element("id", "pz-retry"))
    _wait(drv, lambda: not drv.find_element("id", "pz-feedback").text, what="the puzzle again")
    _wait(drv, lambda: not drv.find_elements("css selector", "#board svg g.card.wrong, #board svg g.card.best"),
          what="the marks cleared")
    # a wrong try, then the answer on request
    _click(drv, card(wrong))
    _wait(drv, lambda: drv.find_element("id", "pz-reveal").is_displayed(), what="show the answer")
    _click(drv, drv.find_element("id", "pz-reveal"))
    _wait(drv, lambda: drv.find_element("id", "pz-comment").text == first.comment, what="the answer shown")
    assert drv.find_element("id", "pz-score").text == "0 right of 1"
    _click(drv, drv.find_element("css selector", 'nav button[data-tab="analyse"]'))


def test_a_bad_notation_is_said_beside_its_box_on_a_phone(page):
    drv, server = page
    _open(drv, server)
    _phone(drv, True)
    try:
        drv.get(server + "/")
        _wait(drv, lambda: drv.find_elements("css selector", "#board svg g.card"), what="the first deal")
        before = drv.execute_script("return S.view.position")
        box = drv.find_element("id", "notation")
        drv.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
        box.clear()
        box.send_keys("hello world")
        _click(drv, drv.find_element("id", "set"))
        err = _wait(drv, lambda: drv.find_element("id", "notation-error").is_displayed()
                    and drv.find_element("id", "notation-error"), what="the error")
        assert "'hello' is not a key=value field" in err.text and "previous position" in err.text
        r = drv.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom, innerHeight]", err)
        assert 0 <= r[0] and r[1] <= r[2], "the error is out of sight"
        assert drv.execute_script("return S.view.position") == before
        assert box.get_attribute("aria-invalid") == "true"
        # a good one clears it
        box.clear()
        box.send_keys("hand1=4S,6S hand2=2C,RC,AD table=6C top=3D briscola=3C turn=2")
        _click(drv, drv.find_element("id", "set"))
        _wait(drv, lambda: not drv.find_element("id", "notation-error").is_displayed(), what="the error cleared")
    finally:
        _phone(drv, False)


START = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S played=- turn=1 score=0-0"


def test_the_plus_minus_under_a_card_clears_cards_played(page):
    drv, server = page
    _open(drv, server)
    drv.execute_script("document.getElementById('notation').value = arguments[0]", START)
    _click(drv, drv.find_element("id", "set"))
    _wait(drv, lambda: drv.execute_script("return S.view && S.view.position") == repr(parse_position(START)),
          what="the position")
    drv.execute_script("analyse()")
    _wait(drv, lambda: drv.find_elements("css selector", '#board svg g.card[data-place="hand1"] text.error'),
          what="the values with their ±")
    boxes = drv.execute_script("""
        const b = (e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
        return [[...document.querySelectorAll('#board svg g.card[data-place="hand1"] text.error')].map(b),
                b(document.querySelector('#board svg text.played-title'))];""")
    title_top = boxes[1][0]
    assert all(bottom <= title_top for _, bottom in boxes[0]), boxes


def test_the_set_up_shows_the_position_as_it_is_built(page):
    drv, server = page
    _open(drv, server)
    _click(drv, drv.find_element("css selector", 'nav button[data-tab="setup"]'))

    def put(place, *cards):
        drv.execute_script("document.getElementById('place').value = arguments[0]", place)
        for c in cards:
            _click(drv, drv.find_element("css selector", f'#picker button[data-card="{c}"]'))

    put("hand1", "AD")
    _wait(drv, lambda: "Not a position yet" in drv.find_element("id", "setup-board").text, what="the reason it is not one")
    assert drv.find_element("id", "setup-text").text.startswith("hand1=AD hand2=-")
    put("hand1", "3C")
    put("hand2", "7S", "2D")
    put("briscola", "4S")
    _wait(drv, lambda: drv.find_elements("css selector", '#setup-board svg g.card[data-place="hand2"]'),
          what="the picture of the position")
    drawn = {(g.get_attribute("data-place"), g.get_attribute("data-card")) for g in
             drv.find_elements("css selector", "#setup-board svg g.card[data-place]")}
    assert {("hand1", "AD"), ("hand1", "3C"), ("hand2", "7S"), ("hand2", "2D")} <= drawn
    assert "Briscola: 4S" in drv.find_element("id", "setup-board").text
    put("hand2", "FC")   # a card more: the picture follows
    _wait(drv, lambda: drv.find_elements("css selector", '#setup-board svg g.card[data-card="FC"]')
          or "Not a position yet" in drv.find_element("id", "setup-board").text, what="the next step")
    _click(drv, drv.find_element("css selector", 'nav button[data-tab="analyse"]'))


def _finished_classic() -> dict:
    from solver.web import games
    g = games.new_game("classic", 2)
    while not g.state.is_over:
        g = games.play(g, games.engine_card(g, "greedy"))
    return g.record


def test_the_end_of_a_deal_fits_a_phone_after_a_wide_screen(page):
    drv, server = page
    _open(drv, server)
    drv.execute_script("loadGame(arguments[0])", _finished_classic())
    _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the result")
    _phone(drv, True)
    try:
        _wait(drv, lambda: float(drv.find_element("css selector", "#board svg").get_attribute("width")) < 500,
              what="the final position redrawn for the phone")
        time.sleep(0.5)
        over = drv.find_element("id", "over").rect
        head = drv.find_element("css selector", "header").rect
        board = drv.find_element("id", "board").rect
        assert over["y"] >= head["y"] + head["height"] and over["y"] >= board["y"], (over, head, board)
        assert over["y"] + over["height"] <= board["y"] + board["height"]
    finally:
        _phone(drv, False)


def test_a_puzzle_comment_is_in_the_pages_language(page):
    from selenium.webdriver.support.ui import Select

    from solver.i18n import comment_text
    drv, server = page
    _open(drv, server)
    Select(drv.find_element("id", "lang")).select_by_value("it")
    try:
        _wait(drv, lambda: drv.find_element("id", "analyse").text == BOARD_PAGE["it"]["btn.analyse"],
              what="the Italian page")
        _click(drv, drv.find_element("css selector", 'nav button[data-tab="puzzles"]'))
        _wait(drv, lambda: drv.execute_script("return S.puzzles.length"), what="the puzzles")
        first = next(p for p in bundled() if p.question == "best")
        said = comment_text(first.comment, "it")
        assert said != first.comment
        right = card_str(sorted(first.answer)[0])
        _click(drv, _wait(drv, lambda: drv.find_element("css selector", f'#board svg g.card.playable[data-card="{right}"]'),
                          what="the puzzle's cards"))
        _wait(drv, lambda: drv.find_element("id", "pz-comment").text == said, what="the Italian comment")
        assert drv.find_element("id", "pz-question").text.endswith(
            BOARD_PAGE["it"]["pz.best"].format(p="giocatore 2"))
        _click(drv, drv.find_element("css selector", 'nav button[data-tab="analyse"]'))
    finally:
        Select(drv.find_element("id", "lang")).select_by_value("en")


def test_undo_then_redo_gives_the_engines_card_back_in_a_hidden_game(page):
    """Redo sent the engine's card through /api/play, which a sealed hidden game now refuses
    from the human's seat: redo gives back the record as it was before the undo."""
    drv, server = page
    _open(drv, server)
    _deal(drv, "classic", 21)
    for k in range(2):  # two cards of yours, each answered by the engine
        _click(drv, drv.find_elements("css selector", '#board svg g.card[data-place="hand1"]')[0])
        _wait(drv, lambda: drv.execute_script("return S.game.moves.length") >= 2 * (k + 1)
              and _settled(drv), what="the engine's answer")
    played = drv.execute_script("return S.game.moves.slice()")
    _click(drv, drv.find_element("id", "undo"))
    _wait(drv, lambda: drv.execute_script("return S.game.moves.length") < len(played)
          and _settled(drv), what="the undo")
    back = drv.execute_script("return S.game.moves.length")
    for k in range(back + 1, len(played) + 1):  # your card, then the engine's
        _click(drv, drv.find_element("id", "redo"))
        _wait(drv, lambda: drv.execute_script("return S.game.moves.length") == k, what="a redo")
    assert drv.execute_script("return S.game.moves") == played
    assert drv.execute_script("return document.getElementById('status').className") != "error"
    assert drv.find_element("id", "redo").get_attribute("disabled")


def _finished(variant: str, seed: int) -> dict:
    from solver.web import games
    g = games.new_game(variant, seed)
    while not g.state.is_over:
        g = games.play(g, games.engine_card(g, "greedy"))
    return g.record


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_four_player_deal_ends_with_its_team_and_its_review_to_press(page, lang):
    """A four-player deal ended "Player 2 wins" (the side of players 2 and 4 won), and each
    trick's winner wrapped under its four cards. It ends naming the team, with its review
    one click away as a two-player deal's (it was greyed out, "two players only"), each
    trick on one line; Analyse and Explain say the deal is over instead of nothing."""
    from selenium.webdriver.support.ui import Select
    drv, srv = page
    rec = _finished("scoperta4", 3)
    _open(drv, srv)
    Select(drv.find_element("id", "lang")).select_by_value(lang)
    _wait(drv, lambda: drv.find_element("id", "analyse").text == BOARD_PAGE[lang]["btn.analyse"],
          what="the page's language")
    drv.execute_script("loadGame(arguments[0])", rec)
    _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the result")
    a, b = rec["result"]["points"]
    won = rec["result"]["winner"]
    team = BOARD_PAGE[lang]["wins.team"].format(a=won, b=won + 2)
    text = drv.find_element("id", "over-text").text
    assert f"{a} – {b} · {team}" in text, text
    assert drv.find_element("id", "over-review").is_displayed()
    review = drv.find_element("id", "review")
    assert not review.get_attribute("disabled") and not review.get_attribute("title")
    assert BOARD_PAGE[lang]["graph.empty"] in drv.find_element("id", "graph").text
    assert not drv.find_element("id", "review-why").is_displayed()
    # each trick's winner on the line of its cards
    rows = drv.execute_script("""return [...document.querySelectorAll('#tricks li')].map((li) =>
        [li.querySelector('button.mv').getBoundingClientRect().top,
         li.querySelector('.took').getBoundingClientRect().top])""")
    assert len(rows) == 10 and all(abs(c - t) < 8 for c, t in rows), rows
    _click(drv, drv.find_element("css selector", 'nav button[data-tab="analyse"]'))
    _click(drv, drv.find_element("id", "analyse"))
    _click(drv, drv.find_element("id", "explain"))
    over = BOARD_PAGE[lang]["analyse.over"]
    _wait(drv, lambda: over in drv.find_element("id", "analysis").text, what="Analyse said over")
    assert drv.find_element("id", "explanation").text == over
    drv.save_screenshot(str(_artifacts() / f"board-four-end-{lang}.png"))


def test_the_set_ups_cards_say_where_they_are_in_the_pages_language(page):
    """The set-up's cards said where they were put as the notation's field names ("hand1",
    "unseen", "briscola") on the Italian page too: in the page's words, said again when the
    language changes."""
    from selenium.webdriver.support.ui import Select
    drv, srv = page
    _open(drv, srv)
    _click(drv, drv.find_element("css selector", 'nav button[data-tab="setup"]'))
    for place, card in (("hand1", "AD"), ("unseen", "3B"), ("briscola", "4S")):
        drv.execute_script("document.getElementById('place').value = arguments[0]", place)
        _click(drv, drv.find_element("css selector", f'#picker button[data-card="{card}"]'))
    for lang in ("en", "it", "en"):
        Select(drv.find_element("id", "lang")).select_by_value(lang)
        _wait(drv, lambda lang=lang: drv.find_element("id", "analyse").get_attribute("textContent")
              == BOARD_PAGE[lang]["btn.analyse"], what="the page's language")
        where = {c: drv.find_element("css selector", f'#picker button[data-card="{c}"] .where').text
                 for c in ("AD", "3B", "4S", "5B")}
        words = BOARD_PAGE[lang]
        assert where == {"AD": words["place.short.hand1"], "3B": words["place.short.unseen"],
                         "4S": words["place.short.briscola"], "5B": ""}, where


def test_a_new_puzzle_set_starts_a_new_score(page):
    """The score of the puzzles answered ("0 right of 1") stayed on the page when another
    set was chosen, whose count had started again from nothing."""
    drv, srv = page
    _open(drv, srv)
    _click(drv, drv.find_element("css selector", 'nav button[data-tab="puzzles"]'))
    _wait(drv, lambda: drv.execute_script(
        "return S.mode === 'puzzle' && S.view && !('game' in S.view)"), what="a puzzle")
    _click(drv, drv.find_element("css selector", "#board svg g.card.playable"))
    _wait(drv, lambda: drv.find_element("id", "pz-score").text, what="the score")
    drv.execute_script("const s = document.getElementById('pz-variant'); s.value = 'scoperta4';"
                       "s.dispatchEvent(new Event('change'))")
    _wait(drv, lambda: drv.execute_script(
        "return S.puzzles.length && S.puzzles[0].position.includes('hand4=')"),
        what="the four-player set")
    assert drv.find_element("id", "pz-score").text == ""


def test_the_review_of_a_deal_fits_a_phone_in_italian(page):
    """On a 390-px phone the Italian review's table ("analizza qui" in a column of its own)
    was wider than the screen and the whole page scrolled sideways: the player goes beside
    the card, the table fits, and nothing runs past the screen's edge."""
    from selenium.webdriver.support.ui import Select
    drv, srv = page
    rec = _finished("classic", 11)
    _phone(drv, True)
    try:
        _open(drv, srv, 390, 844)
        Select(drv.find_element("id", "lang")).select_by_value("it")
        _wait(drv, lambda: drv.find_element("id", "analyse").text
              == BOARD_PAGE["it"]["btn.analyse"], what="the page's language")
        drv.execute_script("loadGame(arguments[0])", rec)
        _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the result")
        _click(drv, drv.find_element("id", "over-review"))
        _wait(drv, lambda: drv.execute_script(
            "return !S.reviewing && Object.keys(S.rev).length === 40"),
            timeout=300, what="the review")
        wide = drv.execute_script("""
            const w = document.documentElement.clientWidth;
            const wrap = document.querySelector('#review-out .table-wrap');
            return {page: document.documentElement.scrollWidth - w,
                    table: wrap.scrollWidth - wrap.clientWidth,
                    past: [...document.querySelectorAll('#review-out *')].filter((e) =>
                      e.getBoundingClientRect().right > w + 1)
                      .map((e) => e.tagName + ' ' + e.textContent.slice(0, 30))}""")
        assert wide == {"page": 0, "table": 0, "past": []}, wide
        first = drv.find_element("css selector", "#review-out table.review tbody tr").text
        assert first.startswith("1 G"), first   # the mover beside the card
        Select(drv.find_element("id", "lang")).select_by_value("en")
    finally:
        _phone(drv, False)


def test_a_deals_review_gives_way_to_a_puzzle_and_comes_back_with_the_deal(page):
    """The review of the deal stayed under a puzzle's board (its mistakes and table of a
    game no longer shown); it goes with the deal and comes back with it."""
    from solver.web import games
    drv, srv = page
    g = games.game_from_position(parse_position("hand1=3C,AS hand2=2C,RS briscola=RD turn=1"), 1)
    while not g.state.is_over:
        g = games.play(g, games.engine_card(g, "greedy"))
    _open(drv, srv)
    drv.execute_script("loadGame(arguments[0])", g.record)
    _wait(drv, lambda: drv.find_element("id", "over").is_displayed(), what="the result")
    _click(drv, drv.find_element("id", "over-review"))
    _wait(drv, lambda: drv.execute_script("return !S.reviewing && Object.keys(S.rev).length === 4"),
          what="the review")
    assert drv.find_element("id", "review-out").is_displayed()
    _click(drv, drv.find_element("css selector", 'nav button[data-tab="puzzles"]'))
    _wait(drv, lambda: drv.execute_script(
        "return S.mode === 'puzzle' && S.view && !('game' in S.view)"), what="a puzzle")
    assert not drv.find_element("id", "review-out").is_displayed()
    _click(drv, drv.find_element("css selector", 'nav button[data-tab="analyse"]'))
    _wait(drv, lambda: drv.execute_script("return S.mode === 'game' && S.view && S.view.over"),
          what="the deal again")
    assert drv.find_element("id", "review-out").is_displayed()
