"""The board's words: a game from a position without score says the points won since its
start wherever it shows points (the picture's side panel at the end, the review), never a
score; the page shows no English of its own on the Italian page (its script's literals,
its HTML, a search's progress, which the server sends as data, not as an English line to
match); and every error the board can meet (a bad position, an illegal move, a body too
large, a busy server, a cancelled search, a review it refuses, a wrong field) comes as one
line in the request's language."""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
from starlette.testclient import TestClient  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

from solver.analysis import progress  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.analysis.result import Method  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.analysis.sampler import best_line  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.game import to_position  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.i18n import BOARD_PAGE  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.web.games import new_game  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.web.app import create_app  # noqa: E402 - after importorskip: skipped, not failed, without the web extra
from solver.web.jobs import Job, Jobs  # noqa: E402 - after importorskip: skipped, not failed, without the web extra

STATIC = Path(__file__).resolve().parent.parent / "solver" / "web" / "static"
#: a position without score= whose played cards hold points: its game's points are only
#: those won since it
UNSCORED = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"
T2 = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=1"
#: English words no Italian line of the board holds
#: (the server is "server" in both; score= is the notation's field)
ENGLISH = re.compile(r"\b(the|searching|waiting|samples|nodes|best|cancelled|stopped|busy|"
                     r"request|field|must|is|not|won|from|start|result|score(?!=))\b")


#: the board's fixture (conftest.py) serves it at this port: Host and Origin carry it
BOARD_PORT = 8015


def _one_line(r, status: int) -> str:
    assert r.status_code == status, (r.status_code, r.text[:300])
    err = r.json()["error"]
    assert err and "\n" not in err
    return err


def _svg_texts(svg: str) -> list[str]:
    return [re.sub("<[^>]+>", "", t).replace("&#x27;", "'")
            for t in re.findall(r"<text[^>]*>.*?</text>", svg)]


def _played_out(client, lang: str) -> dict:
    v = client.post("/api/deal", json={"position": UNSCORED, "seed": 1, "lang": lang}).json()
    while not v["over"]:
        v = client.post("/api/engine", json={"game": v["game"], "level": "greedy", "seat": 0,
                                             "lang": lang}).json()
    return v


# ----- a game from a position without score ----------------------------------------------

@pytest.mark.parametrize("lang, since, score", [("en", "won from the start on 25-0", "score"),
                                                ("it", "vinti dall'inizio 25-0", "punti 25")])
def test_the_end_of_a_game_without_score_shows_the_points_won_since_not_a_score(client, lang, since,
                                                                                score):
    """The board's side panel said "score 25-0" at the end of such a game, as if the deal's
    score: it says the points won from the start on, as the result does."""
    v = _played_out(client, lang)
    assert v["result"] == {"points": [25, 0], "since_start": True} and v["since_start"] is True
    facts = _svg_texts(v["svg"])
    assert since in facts and not any(f.startswith(score) for f in facts), facts
    again = client.post("/api/game", json={"game": v["game"], "lang": lang}).json()
    assert since in _svg_texts(again["svg"])
    # the exported record says the same: points since the start, no winner
    rec = client.post("/api/record", json={"game": v["game"]}).json()
    assert rec["result"] == {"points": [25, 0], "since_start": True}
    # a dealt game keeps its score
    dealt = client.post("/api/deal", json={"seed": 3, "lang": lang}).json()
    assert dealt["since_start"] is False


#: a start without score= in each kind of game: open, a seat's view, four players
UNSCORED_STARTS = (
    "hand1=3C,AS,4B hand2=2C,RS,5B top=7C briscola=RD unseen=6C,FC turn=1",
    "variant=classic hand1=3C,AS,4B hand2=2C,RS,5B briscola=RD talon=6C,FC,7C,RD turn=1",
    "variant=scoperta4 hand1=3C,AS,4B hand2=2C,RS,5B hand3=FB,CB,2D hand4=RB,AB,3D top=7C "
    "briscola=RD unseen=6C,FC turn=1",
)


@pytest.mark.parametrize("start", UNSCORED_STARTS)
@pytest.mark.parametrize("lang, since", [("en", "won from the start on {a}-{b}"),
                                         ("it", "vinti dall'inizio {a}-{b}")])
def test_the_side_panel_shows_the_points_won_since_the_start_all_through_the_game(client, start,
                                                                                 lang, since):
    """The side panel of a game without score said its points only once it was over: mid
    game it showed no points at all. Every trick's points, as they are taken, are said
    there (from the seat too: the tricks are face up), never as a score."""
    v = client.post("/api/deal", json={"position": start, "seed": 2, "lang": lang,
                                       "seat": 0}).json()
    seen = set()
    while True:
        a, b = v["points"]
        facts = _svg_texts(v["svg"])
        assert since.format(a=a, b=b) in facts, (v["ply"], facts)
        assert not any(f.startswith(("score", "punti ")) for f in facts), facts
        seen.add((a, b))
        if v["over"]:
            break
        v = client.post("/api/engine", json={"game": v["game"], "level": "greedy", "seat": 0,
                                             "lang": lang}).json()
    assert len(seen) > 2, seen   # points were taken along the way, each said when taken


def test_the_review_of_a_game_without_score_says_the_points_won_since_the_start(client):
    v = _played_out(client, "en")
    for lang, since, result in (("en", "won from the start on 25-0", "result 25-0"),
                                ("it", "vinti dall'inizio 25-0", "risultato 25-0")):
        r = client.post("/api/review", json={"game": v["game"], "time_limit": 0.1, "lang": lang})
        text = r.json()["text"]
        assert since in text and result not in text, text
        assert ("won from the start on +25" if lang == "en" else "vinti dall'inizio +25") in text
    # the page's own review words for such a game exist in both languages
    for key in ("deal_over.since", "graph.label.since", "graph.legend.since", "graph.col.since",
                "graph.readout.since", "review.adjusted.since"):
        assert key in BOARD_PAGE["en"] and key in BOARD_PAGE["it"], key
    js = (STATIC / "board.js").read_text()
    assert "since_start" in js and '"deal_over.since"' in js and '"review.adjusted.since"' in js


# ----- the page's own words ----------------------------------------------------------------

def _literals(src: str) -> list[str]:
    """The static text of every string and template literal of a script (a template's
    holes read as code), comments and regular expressions skipped."""
    out: list[str] = []
    n = len(src)

    def string(i: int, quote: str) -> int:
        buf = []
        while src[i] != quote:
            buf.append(src[i:i + 2] if src[i] == "\\" else src[i])
            i += 2 if src[i] == "\\" else 1
        out.append("".join(buf))
        return i + 1

    def template(i: int) -> int:
        buf: list[str] = []
        while True:
            if src[i] == "\\":
                buf.append(src[i:i + 2])
                i += 2
            elif src[i] == "`":
                out.append("".join(buf))
                return i + 1
            elif src.startswith("${", i):
                out.append("".join(buf))
                buf = []
                i = code(i + 2, hole=True)
            else:
                buf.append(src[i])
                i += 1

    def code(i: int, hole: bool = False) -> int:
        depth = 0
        while i < n:
            c = src[i]
            if src.startswith("//", i):
                end = src.find("\n", i)
                i = n if end < 0 else end
            elif src.startswith("/*", i):
                i = src.index("*/", i) + 2
            elif c in "\"'":
                i = string(i + 1, c)
            elif c == "`":
                i = template(i + 1)
            elif c == "/" and re.search(r"[=(,:!&|?{};]\s*$", src[max(0, i - 20):i]):
                m = re.match(r"/(?:[^/\\\n\[]|\\.|\[(?:[^\]\\]|\\.)*\])+/[a-z]*", src[i:])
                i += m.end() if m else 1
            else:
                if hole and c == "{":
                    depth += 1
                elif hole and c == "}":
                    if not depth:
                        return i + 1
                    depth -= 1
                i += 1
        return i

    code(0)
    return out


def _words(text: str) -> bool:
    """Whether a literal holds words a user would read: three words in a row (markup cut)."""
    return bool(re.search(r"\b[A-Za-z]{2,}(?: [A-Za-z]{2,}){2,}\b", re.sub(r"<[^>]*>", " ", text)))


def test_the_page_script_says_no_words_of_its_own():
    """Every word the page shows comes from the i18n table through t(): board.js held the
    English "waiting for the previous search", to match the server's line against, and the
    engine's progress lines ("searching exactly: ... nodes", "estimate: ... samples") went
    onto the Italian page as they came."""
    lits = _literals((STATIC / "board.js").read_text())
    assert "use strict" in lits and "graph.readout.since" in lits   # the scan reads them all
    assert not [s for s in lits if _words(s)]
    assert _words("waiting for the previous search") and not _words("button.link, button.swing")


class _Untranslated(HTMLParser):
    """Text and the title, placeholder and aria-label attributes of index.html that no
    data-t* attribute replaces."""

    MARKERS = {"title": "data-t-title", "placeholder": "data-t-ph", "aria-label": "data-t-label"}

    def __init__(self):
        super().__init__()
        self.open: list[tuple[str, dict]] = []
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.found += [(tag, a[k]) for k, m in self.MARKERS.items() if k in a and m not in a]
        if tag not in ("meta", "link", "input", "br"):
            self.open.append((tag, a))

    def handle_endtag(self, tag):
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data):
        if self.open and re.search(r"[A-Za-z]{2,}", data) and "data-t" not in self.open[-1][1]:
            self.found.append((self.open[-1][0], data.strip()))


def test_every_word_of_the_page_is_replaced_in_the_pages_language():
    p = _Untranslated()
    p.feed((STATIC / "index.html").read_text())
    # the title is page.title (loadStrings), the languages are named in their own, the
    # notation's example stays as it is typed, the puzzle sets are named by loadVariants
    allowed = {("title", "Briscola analysis board"), ("option", "English"), ("option", "Italiano"),
               ("option", "scoperta"), ("option", "briscolone"), ("option", "scoperta4"),
               ("textarea", "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=1")}
    assert set(p.found) <= allowed, set(p.found) - allowed


class _Roles(HTMLParser):
    """The attributes of index.html's elements that have a role, in order."""

    def __init__(self):
        super().__init__()
        self.found: list[dict] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "role" in a:
            self.found.append(a)


def test_the_tabs_say_which_one_is_open_before_any_click():
    """The tabs had role=tab but no aria-selected until one was clicked, and named no panel:
    a screen reader could not tell which was open. The page starts with the ARIA tabs
    pattern whole: the open tab selected and in the Tab order, each tab naming its panel,
    each panel named by its tab, the list named in the page's language."""
    p = _Roles()
    p.feed((STATIC / "index.html").read_text())
    lists = [a for a in p.found if a["role"] == "tablist"]
    assert len(lists) == 1 and lists[0].get("data-t-label") in BOARD_PAGE["en"]
    tabs = [a for a in p.found if a["role"] == "tab"]
    panels = {a["id"]: a for a in p.found if a["role"] == "tabpanel"}
    assert [a.get("aria-selected") for a in tabs] == ["true", "false", "false", "false"]
    assert [a.get("tabindex") for a in tabs] == [None, "-1", "-1", "-1"]
    assert "on" in tabs[0]["class"].split()
    for a in tabs:
        panel = panels[a["aria-controls"]]
        assert panel["aria-labelledby"] == a["id"]
        assert ("on" in panel["class"].split()) == (a["aria-selected"] == "true")
    assert len(panels) == len(tabs)


def test_a_searchs_progress_is_sent_as_data_the_page_says_in_its_words():
    """/api/progress sent the job's English line ("waiting for the previous search", then
    the engine's own lines) and the page matched it against English text: it sends the
    job's state and the engine's line as a kind and its figures, each kind and label with
    its words in both languages."""
    jobs = Jobs()
    job = Job("c")
    jobs.by_client["c"] = job
    p = jobs.progress("c")
    assert p["running"] and p["state"] == "waiting" and "line" not in p
    lines: list[str] = []
    sink = progress.Progress(lines.append)
    sink.report(1234567, started=-1e9)
    exact, = lines
    assert str(exact).startswith("searching exactly: 1,234,567 nodes")   # the CLI's line kept
    job.say(exact)
    p = jobs.progress("c")
    assert p["message"] == exact
    assert p["line"] == {"kind": "exact", "nodes": 1234567, "seconds": exact.data["seconds"]}
    job.say(best_line("seat", 1.5, 40, 39, 3.2149))
    assert jobs.progress("c")["line"] == {"kind": "samples", "label": "seat", "samples": 40,
                                          "best": "AS", "value": 3.21, "seconds": 1.5,
                                          "objective": "points"}
    job.say(best_line("seat", 1.5, 40, 39, 0.46512, "win"))   # the page says 46.5%
    assert jobs.progress("c")["line"]["value"] == 0.465
    assert jobs.progress("c")["line"]["objective"] == "win"
    labels = set(re.findall(r'label="(\w+)"', Path(progress.__file__).parent.joinpath(
        "sampling.py").read_text())) | {"estimate"}
    assert {"seat", "estimating"} <= labels
    for lang in ("en", "it"):
        words = BOARD_PAGE[lang]
        for key in ["waiting", "searching", "progress.exact", "progress.samples"] + [
                f"progress.what.{x}" for x in labels]:
            assert key in words, (lang, key)
    assert not ENGLISH.search(BOARD_PAGE["it"]["progress.samples"] + BOARD_PAGE["it"]["waiting"])


# ----- errors, one line in the request's language ----------------------------------------

def _italian(err: str) -> str:
    assert not ENGLISH.search(err), err
    return err


def test_the_boards_errors_are_said_in_the_pages_language(client):
    # a bad position, an illegal move
    bad = {"position": "hand1=ZZ hand2=3C briscola=RD turn=1", "lang": "it"}
    assert "carta sconosciuta" in _italian(_one_line(client.post("/api/position", json=bad), 400))
    v = client.post("/api/deal", json={"position": T2, "seed": 1, "lang": "it"}).json()
    _italian(_one_line(client.post("/api/play", json={"game": v["game"], "card": "7S", "seat": 0,
                                                      "lang": "it"}), 400))
    # a body too large: refused unread, in the language of the address the page adds
    big = {"position": "x" * 70000, "lang": "it"}
    assert "64 KB" in _italian(_one_line(client.post("/api/position?lang=it", json=big), 413))
    assert "over 64 KB" in _one_line(client.post("/api/position", json=big), 413)
    # a field of the wrong kind, a review by win chance of a game without score, an
    # unknown route
    _italian(_one_line(client.post("/api/position", json={"position": 3, "lang": "it"}), 400))
    g = _played_out(client, "it")["game"]
    _italian(_one_line(client.post("/api/review/move", json={
        "game": g, "move": 1, "objective": "win", "lang": "it"}), 400))
    _italian(_one_line(client.get("/api/nothing?lang=it"), 404))
    assert "no such page" in _one_line(client.get("/api/nothing"), 404)


def test_a_busy_server_and_a_cancelled_search_are_said_in_the_pages_language():
    with TestClient(create_app(jobs=Jobs(max_jobs=0)), base_url="http://127.0.0.1") as c:
        body = {"position": T2, "time_limit": 1, "client": "a", "lang": "it"}
        assert "occupato" in _italian(_one_line(c.post("/api/analyse", json=body), 429))
        assert "busy" in _one_line(c.post("/api/analyse", json={**body, "lang": "en"}), 429)
    long = to_position(new_game("scoperta", 11).state).to_text()
    with TestClient(create_app(jobs=Jobs(max_seconds=0.5)), base_url="http://127.0.0.1") as c:
        r = c.post("/api/analyse", json={"position": long, "time_limit": 10, "client": "cap",
                                         "lang": "it"})
        assert "annullata" in _italian(_one_line(r, 409)) and r.json()["cancelled"] is True



@pytest.mark.parametrize("change, italian", [
    (lambda g: g.update(version=7), "versione 7 non supportata"),
    (lambda g: g.update(deck=["AD"] * 40), "AD compare due volte"),
    (lambda g: g.update(deck=[3] + g["deck"][1:]), '"deck", elemento 1'),
    (lambda g: g.update(dealer=9), '"dealer" dev\'essere il numero di un giocatore da 1 a 2'),
    (lambda g: g.update(result={"points": [1], "winner": 1}), '"result" dev\'essere'),
])
def test_a_bad_record_loaded_on_the_italian_board_is_said_in_italian(client, change, italian):
    """A record file loaded on the Italian board whose shape was wrong (a version it does not
    read, a deck holding a card twice) was refused in English."""
    g = client.post("/api/record", json={"game": client.post("/api/deal", json={
        "seed": 3}).json()["game"]}).json()   # a downloaded record, as a file loaded holds it
    change(g)
    it = _one_line(client.post("/api/game", json={"game": g, "lang": "it"}), 400)
    assert italian in it and not ENGLISH.search(re.sub(r'"[^"]*"', "", it)), it
    en = _one_line(client.post("/api/game", json={"game": g}), 400)
    assert en.startswith("record: ") and not en.startswith("partita"), en


def test_a_bad_start_or_talon_loaded_on_the_italian_board_is_said_in_italian(client):
    g = client.post("/api/record", json={"game": client.post("/api/deal", json={
        "position": T2, "seed": 1}).json()["game"]}).json()
    assert "start" in g and "talon" in g
    for change, italian in ((lambda g: g.update(talon=["3B", "CB", "RC", "4S"]),
                             "tallone: l'ordine del tallone deve cominciare"),
                            (lambda g: g.update(start="hand1=ZZ"),
                             'la posizione in "start": hand1=: carta sconosciuta \'ZZ\'')):
        bad = json.loads(json.dumps(g))
        change(bad)
        it = _one_line(client.post("/api/game", json={"game": bad, "lang": "it"}), 400)
        assert italian in it and not ENGLISH.search(re.sub(r'"[^"]*"', "", it)), it


# ----- an estimate's method and the page's numbers -----------------------------------------

def test_an_estimates_method_and_the_pictures_values_are_said_in_the_pages_language(client):
    """The badge's tooltip showed the estimate's code name ("sampled-clairvoyant-depth4-
    lines") and the card labels of the picture "+3.5 ±1.2" on the Italian page: the server
    sends the method in words and writes the labels with a decimal comma."""
    long = to_position(new_game("scoperta", 11).state).to_text()
    said = {}
    for lang in ("en", "it"):
        a = client.post("/api/analyse", json={"position": long, "time_limit": 0.3, "lang": lang,
                                              "client": "words-" + lang}).json()
        assert a["exact"] is False and a["method_text"] == Method.from_text(
            a["method"]).words(lang), a
        labels = re.findall(r'class="value[^"]*"[^>]*>([^<]*)<', a["svg"]) + re.findall(
            r'class="error"[^>]*>([^<]*)<', a["svg"])
        assert any("\u00b1" in t for t in labels), a["svg"]
        said[lang] = a["method_text"], labels
    (en, en_labels), (it, it_labels) = said["en"], said["it"]
    assert en.startswith("sampled talon orders") and not ENGLISH.search(it) and "-" not in it
    # a real minus, as the table writes it (the hyphen is the notation's and the JSON's)
    assert all(re.fullmatch(r"(\u00b1|[+\u2212])\d+\.\d", t) for t in en_labels), en_labels
    assert all(re.fullmatch(r"(\u00b1|[+\u2212])\d+,\d", t) for t in it_labels), it_labels



def test_an_estimates_notes_reach_the_page_that_cites_them(client):
    """The page said what an estimate's ± covers ("... carried here (the note says how)") but
    showed no note: the API sends the notes in the page's language (notes_text) and the
    words a tap opens under the badge show them."""
    start = to_position(new_game("scoperta", 11).state).to_text()
    for lang in ("en", "it"):
        a = client.post("/api/analyse", json={"position": start, "time_limit": 0.2,
                                              "lang": lang, "client": "notes-" + lang}).json()
        assert a["interval"] == "sampling and extrapolated method", a["interval"]
        assert "(the note says how)" in BOARD_PAGE["en"]["ivlong." + a["interval"]]
        notes = a["notes_text"]
        assert len(notes) == len(a["notes"]) and any("±" in n for n in notes), notes
        if lang == "it":
            assert not any(ENGLISH.search(n) for n in notes), notes
        else:
            assert notes == a["notes"]
    iv = re.search(r"\nfunction ivWords\(.*?\n}\n", (STATIC / "board.js").read_text(), re.S)
    assert iv and "a.notes_text" in iv.group(0)

def test_the_page_writes_every_number_through_one_function_in_its_language():
    """board.js wrote its numbers with toFixed ("−11.21" on the Italian page) and, for the
    counts, toLocaleString: one function, num, writes them all in the page's language; the
    badge's tooltip says the method in words (method_text), not its code name."""
    js = (STATIC / "board.js").read_text()
    assert len(re.findall(r"\bfunction num\(", js)) == 1
    assert len(re.findall(r"\.toLocaleString\(", js)) == 1      # num's own
    # num rounds as Python does (fixed: the double's exact digits), else only the graph's
    # coordinates use toFixed
    rounding = re.search(r"\nfunction fixed\(.*?\n}\n", js, re.S)
    assert rounding and "x.toFixed(" in rounding.group(0)
    rest = js.replace(rounding.group(0), "\n")
    assert re.findall(r"[\w)\]]\.toFixed\(", rest) == ["n.toFixed("]   # the graph's coordinates
    assert "a.method_text" in js and "escapeHtml(a.method)" not in js


#: the page's words that start a line of their own: the analysis's first line ("tocca al
#: giocatore 1 · esatto · ..." began in lower case on the Italian page), the progress line,
#: the explanation's place, the review's progress and its lists, the puzzles' score
LINE_STARTS = ("to_move", "searching", "stopped", "explaining", "waiting", "review.progress",
               "review.no_mistakes", "review.no_swings", "review.mistake", "review.swing",
               "pz.score", "click_to_play", "pz.best", "graph.readout")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_line_of_the_page_starts_with_a_capital_in_either_language(lang):
    words = BOARD_PAGE[lang]
    fill = {"p": words["player_n"].format(n=1), "k": 3, "n": 40, "right": 1, "done": 2,
            "card": "AD", "best": "3C", "cost": "1", "luck": "+2"}
    for key in LINE_STARTS:
        line = words[key].format(**fill)
        assert not line[0].isalpha() or line[0].isupper(), (key, line)


def test_the_deal_over_message_names_the_step_back_button_as_well_as_the_key():
    """A phone has no ← key: the message after the deal's end named the key alone; it names
    the step-back button's face (#prev) too, in both languages."""
    face = re.search(r'<button id="prev"[^>]*>([^<]+)</button>', (STATIC / "index.html").read_text())
    assert face and face.group(1) == "&#x25C0;"
    for lang in ("en", "it"):
        over = BOARD_PAGE[lang]["analyse.over"]
        assert "←" in over and "◀" in over, over


def test_the_cards_an_exact_search_solved_are_said_in_sight(client, monkeypatch):
    """An estimate with solved cards showed "exact" on their rows, and the note saying which
    and how the other cards moved only in the words a tap opens: the API sends those notes
    apart (solved_text), in the page's language, and the page writes them under the table."""
    from fractions import Fraction

    from solver.analysis import Analysis
    from solver.analysis.result import Interval, MoveValue, Way
    from solver.cards import parse_card
    from solver.position import parse_position
    from solver.web import games

    text = ("hand1=CD,AD,FS hand2=2B,6C table=6S top=7S briscola=6B played=5B,7B,FB,3B,AB,2C,"
            "7C,FC,CC,RC,3C,2D,4D,5D,6D,7D,FD,RD,2S,4S,5S,RS turn=1 score=25-27")
    pos = parse_position(text)
    cd, fs, ad = (parse_card(c) for c in ("CD", "FS", "AD"))
    est = Analysis.estimate(
        pos, "points",
        (MoveValue(cd, 5.0, None, 2.0, None), MoveValue(fs, 4.0, None, 2.5, 1.0),
         MoveValue(ad, 1.0, None, 3.0, 1.5)),
        (cd,), nodes=1, t0=0.0, method=Method(Way.SAMPLED_CLAIRVOYANT, None, True, True),
        interval=Interval.SAMPLING_AND_METHOD, pv=(cd,),
    )
    for answer, n in ((est, 0), (est.with_solved({fs: Fraction(13, 2)}, 0.5), 2)):
        monkeypatch.setattr(games, "analyse", lambda *args, a=answer: a)
        for lang in ("en", "it"):
            got = client.post("/api/analyse", json={"position": text, "time_limit": 0.2,
                                                    "lang": lang, "client": "solved"}).json()
            assert len(got["solved_text"]) == n, got
            if n:
                assert "FS" in got["solved_text"][0] and "+1" in got["solved_text"][1]
                assert set(got["solved_text"]) <= set(got["notes_text"])
            if n and lang == "it":
                assert "risolto" in got["solved_text"][0] and "+1,25" in got["solved_text"][1]
    js = re.search(r"\nfunction solvedWords\(.*?\n}\n", (STATIC / "board.js").read_text(), re.S)
    assert js and "a.solved_text" in js.group(0)
