"""Every command takes --lang: analyse, best, deal, simulate, replay, match, puzzles solve
and generate, warm-up and serve spoke English to an Italian player (their values, tables,
progress lines, notes, the task log's lines and analyse's own refusals). Under --lang it
their text is Italian, with decimal commas; their JSON, notation and files are the same in
both languages; without --lang they are English as before."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from cli.main import COMMANDS, cli

#: the talon's last draw (exact, fractions), a full talon (an estimate), a hidden hand
LAST = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC,5C,6C turn=1"
FULL = "hand1=FB,5C,FC hand2=2C,AC,FS top=4D briscola=2S played=- turn=1 score=0-0"
SEAT = "variant=briscolone hand1=AS,3S,RC,5D,2B hand2=? turn=1"
FOUR = ("hand1=FB,6C,CD hand2=AB,7C,4S hand3=5B,3C,RD hand4=4B,6B,FS top=5S briscola=2C "
        "played=- turn=1 variant=scoperta4")
#: a decimal point between two digits, and a decimal comma
POINT = re.compile(r"\d\.\d")
COMMA = re.compile(r"\d,\d")
#: a count with Italian thousands' points (nodes: 8.332.393), not a decimal
GROUPED = re.compile(r"\d{1,3}(?:\.\d{3})+(?![\d,])")


def _run(*args, code: int = 0):
    r = CliRunner().invoke(cli, list(args))
    assert r.exit_code == code, (args, r.output, r.exception)
    return r


def _both(*args, code: int = 0):
    """(English, Italian) runs of a command line; --lang goes after the command's name."""
    at = 2 if args[0] == "puzzles" else 1
    return _run(*args, code=code), _run(*args[:at], "--lang", "it", *args[at:], code=code)


def _no_english(text: str, phrases) -> None:
    found = [p for p in phrases if re.search(p, text)]
    assert not found, (found, text)


def _decimals_are_commas(text: str) -> None:
    text = GROUPED.sub("N", text)
    assert not POINT.search(text), POINT.findall(text)
    assert COMMA.search(text), text


ANALYSE_WORDS = [r"\bposition:", r"\bplayer\b", "to move", "objective", "expected points",
                 r"\bbest:", r"\bline:", "then the", r"\bnodes:", r"\btime:", "below the best",
                 "final margin", r"\bnote:", r"\bmethod:", r"\binterval:", r"\bsamples\b",
                 "ESTIMATE", "not exact", r"\bsampled\b", r"\beach\b", r"\bthe method",
                 "card's value", r"\bgap\b", "opponent", "hidden hand", "probability",
                 r"\bpoints taken", r"\btalon\b", r"\bsearched\b", r"\bmeasured\b", r"\bof the\b",
                 "approximation", r"\bcorrected\b"]


@pytest.mark.parametrize("args", [
    ["analyse", LAST],
    ["analyse", "--samples", "6", FULL],
    ["analyse", "--samples", "6", "--objective", "win", FULL],
    ["analyse", "--samples", "20", SEAT],
    ["analyse", "--samples", "4", FOUR],
], ids=["exact", "estimate", "estimate-win", "seat", "four"])
def test_analyse_speaks_italian_with_decimal_commas(args):
    en, it = _both(*args)
    _no_english(it.stdout, ANALYSE_WORDS)
    _decimals_are_commas(it.stdout)
    assert POINT.search(en.stdout) and "position:" in en.stdout  # English as it was
    assert it.stdout.count("\n") == en.stdout.count("\n")


def test_best_marks_an_estimate_in_italian():
    en, it = _both("best", "--time-limit", "0.01", FULL)
    assert re.fullmatch(r"\S+( \S+)* \(stima ±\d+,\d\d, [^()]+\)\n", it.stdout), it.stdout
    _no_english(it.stdout, ["estimate", "bound", "sampling"])
    assert "(estimate ±" in en.stdout


def test_json_is_the_same_in_both_languages(tmp_path):
    def without_clock(text):
        return re.sub(r'"(seconds|nodes)": [0-9.e+-]+', "", text)

    for args in (["analyse", "--json", LAST], ["best", "--json", LAST],
                 ["analyse", "--json", "--samples", "20", SEAT],
                 ["deal", "--variant", "briscolone", "--seed", "3", "--json"],
                 ["match", "greedy", "random", "--deals", "3", "--seed", "1", "--jobs", "1",
                  "--json"],
                 ["puzzles", "generate", "--count", "1", "--seed", "3"]):
        en, it = _both(*args)
        assert without_clock(en.stdout) == without_clock(it.stdout), args
        assert json.loads(en.stdout.splitlines()[0] if args[0] == "puzzles" else en.stdout)
    batch = f"{LAST}\nnot a position\n"
    en = CliRunner().invoke(cli, ["analyse", "-"], input=batch)
    it = CliRunner().invoke(cli, ["analyse", "--lang", "it", "-"], input=batch)
    assert without_clock(en.stdout) == without_clock(it.stdout) and en.exit_code == 2
    # files written: records and puzzles alike
    for name, args in (("g.jsonl", ["simulate", "--variant", "classic", "--games", "2",
                                    "--seed", "4", "--record-out"]),
                       ("p.jsonl", ["puzzles", "generate", "--count", "1", "--seed", "3",
                                    "--out"])):
        at = 2 if args[0] == "puzzles" else 1
        _run(*args, str(tmp_path / f"en-{name}"))
        _run(*args[:at], "--lang", "it", *args[at:], str(tmp_path / f"it-{name}"))
        assert (tmp_path / f"en-{name}").read_text() == (tmp_path / f"it-{name}").read_text()
    lines = _run("puzzles", "solve", "--json", str(tmp_path / "en-p.jsonl")).stdout
    assert _run("puzzles", "solve", "--lang", "it", "--json",
                str(tmp_path / "en-p.jsonl")).stdout == lines


GAMES_WORDS = [r"\bdealer\b", r"\bplayer\b", r"\bleads\b", r"\btalon\b", "top first",
               "no trump", r"\bdeals?\b", r"\bseed\b", r"\bside\b", r"\bwins?\b", r"\bdraws\b",
               r"\blosses\b", "mean points", r"\bwrote\b", r"\brecords\b", r"\bmatch(es)?\b",
               r"\btarget\b", r"\btotals\b", r"\btrick\b", r"\bresult\b", r"\bP\d\b"]


def test_deal_simulate_and_replay_speak_italian(tmp_path):
    en, it = _both("deal", "--variant", "classic", "--seed", "3")
    _no_english(it.stdout, GAMES_WORDS)
    assert "dealer player 2" in en.stdout
    en, it = _both("deal", "--variant", "briscolone", "--seed", "3")
    _no_english(it.stdout, GAMES_WORDS)
    games = str(tmp_path / "g.jsonl")
    en, it = _both("simulate", "--variant", "briscolone", "--games", "2", "--seed", "1",
                   "--record-out", games, "--force")
    _no_english(it.stdout.replace(games, ""), GAMES_WORDS)
    _decimals_are_commas(it.stdout.replace(games, ""))
    assert "mean points per deal 71.00" in en.stdout
    en, it = _both("replay", games)
    _no_english(it.stdout, GAMES_WORDS)
    assert "presa  1: G1 " in it.stdout and "trick  1: P1 " in en.stdout


MATCH_WORDS = [r"\bmatch\b", r"\bvs\b", "duplicate deals", r"\bgames\b", "point margin",
               "win rate", r"\bCI\b", r"\bwon\b", r"\bdrew\b", r"\blost\b", r"\bdeals\b",
               r"\bseed\b", "already holds", "running the other", "holds this match",
               "going on", r"\(2 players\)"]


def test_match_speaks_italian_its_log_lines_too(tmp_path):
    log = str(tmp_path / "m.jsonl")
    _run("match", "greedy", "random", "--deals", "2", "--seed", "1", "--jobs", "1",
         "--log", log)
    r = _run("match", "greedy", "random", "--deals", "4", "--jobs", "1", "--log", log,
             "--lang", "it")
    for text in (r.stdout, r.stderr.replace(log, "")):
        _no_english(text, MATCH_WORDS)
    _decimals_are_commas(r.stdout)
    assert "[+" in r.stdout or "[-" in r.stdout
    assert re.search(r"IC 95 % \[[+-]\d+,\d\d; [+-]\d+,\d\d\]", r.stdout), r.stdout  # ; between
    assert "contiene già 2 su 4 smazzate" in r.stderr, r.stderr


def test_puzzles_solve_says_its_table_and_summary_in_italian(tmp_path):
    puzzles = tmp_path / "p.jsonl"
    puzzles.write_text(_run("puzzles", "generate", "--count", "2", "--seed", "3").stdout)
    en, it = _both("puzzles", "solve", str(puzzles))
    _no_english(it.stdout + it.stderr, [r"\bdifficulty\b", r"\bstated\b", r"\bsolver\b",
                                        r"\bok\b", r"puzzle\(s\)", r"\bwrong\b", r"\beasy\b",
                                        r"\bmedium\b", r"\bhard\b"])
    assert "2 puzzle(s), 0 wrong" in en.stderr and "problemi: 2, sbagliati: 0" in it.stderr


def test_warm_up_speaks_italian():
    r = _run("warm-up", "--lang", "it", "--jobs", "1")
    _no_english(r.stdout + r.stderr, ["loading", "from the cache", r"\bcompiled\b", r"\bready\b",
                                      "of CPU", r"\bprocesses\b", "search kernel"])
    assert "pronti" in r.stdout and re.search(r"\d,\d s", r.stdout), r.stdout


def test_serve_says_where_it_listens_in_italian(monkeypatch):
    uvicorn = pytest.importorskip("uvicorn")
    pytest.importorskip("starlette")
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    r = _run("serve", "--port", "0", "--host", "0.0.0.0", "--lang", "it")
    assert "attenzione: --host 0.0.0.0 ascolta su ogni interfaccia di rete" in r.stderr
    assert "in ascolto su 0.0.0.0:" in r.stderr
    _no_english(r.stderr, ["listening", "warning", "network interface", "authentication"])
    r = _run("serve", "--port", "0")
    assert r.stderr.startswith("listening on 127.0.0.1:")


@pytest.mark.parametrize("args,italian", [
    (["analyse", "--samples", "2", "--time-limit", "1", LAST], "due budget"),
    (["analyse", "--record", "x.json", LAST], "non entrambi"),
    (["analyse", "--move", "3", LAST], "vanno con --record"),
    (["analyse"], "manca la POSIZIONE"),
    (["analyse", "--record", "x.json"], "--record vuole --move N"),
    (["analyse", "--cluster", "--record", "x.json"], "vanno con una POSIZIONE"),
    (["analyse", "--log", "x.jsonl", "--samples", "3", LAST], "si risolve esattamente"),
    (["analyse", "--seat", "9", LAST], "(da 1 a 4, un numero di giocatore)"),
    (["analyse", "--move", "99", LAST], "una smazzata ha 40 mosse"),
    (["serve", "--port", "99999"], "una porta TCP; 0 ne sceglie una libera"),
    (["match", "greedy", "random", "--workers", "0", "--cluster"], "processi di lavoro"),
    (["match", "greedy"], "manca l'argomento"),
])
def test_analyses_refusals_and_the_ranges_of_options_in_italian(args, italian, tmp_path,
                                                                monkeypatch):
    monkeypatch.chdir(tmp_path)
    en, it = _both(*args, code=2)
    assert it.stderr.startswith("errore: ") and italian in it.stderr, it.stderr
    assert en.stderr.startswith("error: "), en.stderr
    assert len(it.stderr.splitlines()) == 1


def test_every_command_takes_lang_and_refuses_one_it_does_not_speak_naming_both():
    for name in COMMANDS:
        path = [name, "play"] if name == "puzzles" else [name]
        r = _run(*path, "--lang", "xx", code=2)
        assert r.stderr.startswith("error: Invalid value for '--lang': 'xx' is not one of "
                                   "'en', 'it'."), (name, r.stderr)


def _notes():
    """(note, its English) for one note of every kind: an analysis's (solver/analysis,
    players/pimc, split_search, the CLI's split), keyed as it is made, with the English the
    JSON's "notes" have always had; and the CLI's own (English None: said on stderr only)."""
    from solver.errors import Note

    n = Note.of
    pts, win = n("note.part.unit.points"), n("note.part.unit.win")
    fitted, even = n("note.part.beyond.fitted"), n("note.part.beyond.even")
    fitted_one, even_one = n("note.part.beyond.fitted_one"), n("note.part.beyond.even_one")
    measured = n("note.part.covers.gap", gap=0.3,
                 covers=n("note.part.covers.measured", value=0.41, unit=pts))
    both = n("note.part.and", first=n("note.part.carried.depth"),
             second=n("note.part.carried.seen"))
    solved = n("note.part.covers.gap", gap=0.42, covers=n(
        "note.part.covers.carried", carried=n("note.part.carried.solved", lo=32, hi=36),
        value=0.28, unit=win))
    carried = n("note.part.covers.gap", gap=0.11,
                covers=n("note.part.covers.carried", carried=both, value=0.19, unit=win))
    grown = n("note.part.covers.gap", gap=51.0, covers=n(
        "note.part.covers.carried", carried=n("note.part.carried.talon", talon=8), value=49.0,
        unit=pts))
    clair = n("note.part.how.clairvoyant")
    then = "note.part.then"
    bias = n(then, first=n(then, first=clair, then=measured),
             then=n("note.part.corrected", bias=-0.12, unit=pts))
    bias_win = n(then, first=n(then, first=clair, then=n(
        "note.part.covers.gap", gap=0.1,
        covers=n("note.part.covers.measured", value=0.12, unit=win))),
        then=n("note.part.corrected", bias=0.025, unit=win))
    searched = n("note.part.how.searched", depth=4, beyond=even, covers=carried)
    local = n("note.part.where.local", workers=2)
    return [
        (n("note.interrupted.samples"), "interrupted: estimate from the samples taken so far"),
        (n("note.interrupted.ctrl_c"), "interrupted: exact search stopped by Ctrl-C"),
        (n("note.interrupted.exact"), "interrupted: exact search stopped"),
        (n("note.interrupted.deepest"), "interrupted: the deepest search finished so far"),
        (n("note.none_in_time.hand"), "no sample finished in time: one hand, one trick deep"),
        (n("note.none_in_time.order"),
         "no sample finished in time: one talon order, one trick deep"),
        (n("note.none_in_time.lookahead"),
         "no sample finished in time: one-trick lookahead on one talon order"),
        (n("note.hands.all", n=12),
         "all 12 consistent opponent hands solved exactly, weighted equally: no sampling error"),
        (n("note.hands.consistent", n=35), "35 opponent hands are consistent"),
        (n("note.hands.weighted", size=30.6),
         "hands weighted by the opponent's visible choices (effective sample size 31)"),
        (n("note.hands.sampled", n=40, how=n("note.part.how.exact")),
         "40 sampled opponent hands, each solved exactly over the talon draws"),
        (n("note.hands.sampled", n=40, how=bias),
         "40 sampled opponent hands, each solved with one sampled talon order (clairvoyant); "
         "the method's measured error: ±0.41 points on a card's value at this stage, ±0.3 on "
         "the gap between two cards; each value corrected by -0.12 points, the method's "
         "measured bias"),
        (n("note.hands.sampled", n=12, how=bias_win),
         "12 sampled opponent hands, each solved with one sampled talon order (clairvoyant); "
         "the method's measured error: ±0.12 of the chance of winning on a card's value at "
         "this stage, ±0.1 on the gap between two cards; each value corrected by +0.025 of "
         "the chance of winning, the method's measured bias"),
        (n("note.hands.sampled", n=20, how=searched),
         "20 sampled opponent hands, each searched 4 tricks deep with one sampled talon order: "
         "an approximation; the points still in play after those tricks count as shared "
         "evenly; the method's error (measured here against searches 8 tricks deep, scaled by "
         "what full solves added at another stage and the seen talon's part measured at 13 to "
         "16 cards alive, where samples are solved to the end): ±0.19 of the chance of winning "
         "on a card's value, ±0.11 on the gap between two cards"),
        (n("note.orders.solved", n=8, covers=n("note.part.covers.unmeasured")),
         "8 sampled talon orders, each solved to the end knowing the order (clairvoyant); the "
         "method's error is not measured for this game at this stage"),
        (n("note.orders.searched", n=12, depth=4, beyond=fitted, covers=grown),
         "12 sampled talon orders, each searched 4 tricks deep: an approximation; the points "
         "still in play after those tricks are divided as a formula fitted to solved deals "
         "predicts them from the two hands; the method's error (measured at talon 8 and grown "
         "in proportion to the talon): ±49 points on a card's value, ±51 on the gap between "
         "two cards"),
        (n("note.hands.sampled", n=40, how=n("note.part.how.searched", depth=4, beyond=fitted,
                                               covers=solved)),
         "40 sampled opponent hands, each searched 4 tricks deep with one sampled talon order: "
         "an approximation; the points still in play after those tricks are divided as a "
         "formula fitted to solved deals predicts them from the two hands; the method's error "
         "(measured against full solves at 32 to 36 cards alive and carried to the rest of the "
         "stage): ±0.28 of the chance of winning on a card's value, ±0.42 on the gap between "
         "two cards"),
        (n("note.extrapolated", talon=14, value=2.5, unit=pts, gap=2.7),
         "the method's error, measured up to talon 14 and grown in proportion to the talon: "
         "±2.5 points on a card's value, ±2.7 on the gap between two cards"),
        (n("note.samples", n=12), "12 samples"),
        (n("note.samples_corrected", n=30, k=4), "30 samples, 4 first draws corrected"),
        (n("note.beyond.leaf", depth=5),
         "the points still in play after 5 tricks are divided as a formula fitted to solved "
         "deals predicts them from the two hands (once the talon is drawn, the last tricks are "
         "searched)"),
        (n("note.beyond.leaf_one"),
         "the points still in play after 1 trick are divided as a formula fitted to solved "
         "deals predicts them from the two hands (once the talon is drawn, the last tricks are "
         "searched)"),
        (n("note.enumerated", n=6), "all 6 first draws enumerated: the values are exact"),
        (n("note.searched.end"), "searched to the end"),
        (n("note.searched.depth", depth=3, tricks=7), "searched 3 of 7 tricks"),
        (n("note.exact.time"), "the exact search did not finish in the time left"),
        (n("note.exact.solved", cards="CD, FS"),
         "the exact search solved CD, FS before it stopped: their values are exact (± 0), the "
         "other cards' estimated"),
        (n("note.exact.solved_one", cards="CD"),
         "the exact search solved CD before it stopped: its value is exact (± 0), the other "
         "cards' estimated"),
        (n("note.exact.shifted", points=1.25, offset=-2.5, share=50),
         "the estimated cards moved +1.25 points: 50 % of the estimate's error on the solved "
         "cards (-2.50), which a position's cards largely share"),
        (n("note.exact.nodes", nodes=1_000_000),
         "the exact search did not finish within 1,000,000 nodes"),
        (n("note.exact.node_budget"),
         "a node budget is for exact searches: this estimate took its default time"),
        (n("note.hands.elimination"), "the opponent's hand is known by elimination"),
        (n("note.hands.sampled", n=40, how=n("note.part.how.clairvoyant_depth", depth=3)),
         "40 sampled opponent hands, each solved 3 tricks deep with one sampled talon order "
         "(clairvoyant)"),
        (n("note.split", n=120, where=n("note.part.at_draws")),
         "exact search split into 120 positions after the first trick's draw, combined exactly"),
        (n("note.split", n=9, where=n("note.part.at_cards")),
         "exact search split into 9 positions after the root's cards, combined exactly"),
        (n("note.split_settled"),
         "exact search: every line ends the deal within the first trick, valued without a task"),
        (n("note.tasks", tasks=7, where=n("note.part.where.here")), "7 tasks run here"),
        (n("note.tasks_read", tasks=7, where=local, n=40, path="a.jsonl"),
         "7 tasks run on a local cluster of 2 workers, 40 positions read from a.jsonl"),
        (n("note.all_read", n=40, path="a.jsonl"), "all 40 positions read from a.jsonl, no task run"),
        # a count of 1 in the singular (a Count chooses the template)
        (n("note.split_one", where=n("note.part.at_trick")),
         "exact search split into 1 position after the first trick, combined exactly"),
        (n("note.tasks_one", where=n("note.part.where.local_one")),
         "1 task run on a local cluster of 1 worker"),
        (n("note.tasks_read_one_tasks", where=local, n=40, path="a.jsonl"),
         "1 task run on a local cluster of 2 workers, 40 positions read from a.jsonl"),
        (n("note.tasks_read_one_n", tasks=7, where=local, path="a.jsonl"),
         "7 tasks run on a local cluster of 2 workers, 1 position read from a.jsonl"),
        (n("note.tasks_read_one", where=n("note.part.where.here"), path="a.jsonl"),
         "1 task run here, 1 position read from a.jsonl"),
        (n("note.all_read_one", path="a.jsonl"),
         "the only position read from a.jsonl, no task run"),
        (n("note.hands.all_one"),
         "the only consistent opponent hand solved exactly: no sampling error"),
        (n("note.hands.all_deals", n=12),
         "all 12 consistent opponent hands solved exactly, each weighted by the deals that lead "
         "to it (a suit not followed makes a hand less likely): no sampling error"),
        (n("note.hands.consistent_one"), "1 opponent hand is consistent"),
        (n("note.hands.sampled_one", how=n("note.part.how.clairvoyant_depth_one")),
         "1 sampled opponent hand, each solved 1 trick deep with one sampled talon order "
         "(clairvoyant)"),
        (n("note.hands.sampled", n=20, how=n("note.part.how.searched_one", beyond=even_one,
                                                covers=carried)),
         "20 sampled opponent hands, each searched 1 trick deep with one sampled talon order: "
         "an approximation; the points still in play after that trick count as shared "
         "evenly; the method's error (measured here against searches 8 tricks deep, scaled by "
         "what full solves added at another stage and the seen talon's part measured at 13 to "
         "16 cards alive, where samples are solved to the end): ±0.19 of the chance of winning "
         "on a card's value, ±0.11 on the gap between two cards"),
        (n("note.orders.solved_one", covers=n("note.part.covers.unmeasured")),
         "1 sampled talon order, solved to the end knowing the order (clairvoyant); the "
         "method's error is not measured for this game at this stage"),
        (n("note.orders.searched_one_n", depth=4, beyond=fitted, covers=grown),
         "1 sampled talon order, searched 4 tricks deep: an approximation; the points "
         "still in play after those tricks are divided as a formula fitted to solved deals "
         "predicts them from the two hands; the method's error (measured at talon 8 and grown "
         "in proportion to the talon): ±49 points on a card's value, ±51 on the gap between "
         "two cards"),
        (n("note.orders.searched_one_depth", n=12, beyond=fitted_one, covers=grown),
         "12 sampled talon orders, each searched 1 trick deep: an approximation; the points "
         "still in play after that trick are divided as a formula fitted to solved deals "
         "predicts them from the two hands; the method's error (measured at talon 8 and grown "
         "in proportion to the talon): ±49 points on a card's value, ±51 on the gap between "
         "two cards"),
        (n("note.orders.searched_one", beyond=even_one, covers=n("note.part.covers.unmeasured")),
         "1 sampled talon order, searched 1 trick deep: an approximation; the points still in "
         "play after that trick count as shared evenly; the method's error is not measured "
         "for this game at this stage"),
        (n("note.samples_one"), "1 sample"),
        (n("note.samples_corrected_one_n", k=0), "1 sample, 0 first draws corrected"),
        (n("note.samples_corrected_one_k", n=30), "30 samples, 1 first draw corrected"),
        (n("note.samples_corrected_one"), "1 sample, 1 first draw corrected"),
        (n("note.enumerated_one"), "the only first draw enumerated: the values are exact"),
        (n("note.searched.depth_one", tricks=7), "searched 1 of 7 tricks"),
        (n("note.tasks", tasks=7, where=n("note.part.where.cluster", address="10.0.0.1:8786")),
         "7 tasks run on the cluster at 10.0.0.1:8786"),
        (n("note.capped", option="--time-limit", value="1e9", most=86400), None),
        (n("note.kept_in", path="out-1.json"), None),
        (n("note.on_stdout"), None),
        (n("note.torn_line", name="games.jsonl", n=3), None),
        (n("note.torn_row", path="log.jsonl", n=3, aside="log.jsonl.torn"), None),
        (n("note.compiling", what=n("kernel.solver.search.depth"), secs=15), None),
        # said in text only: a chance's error in percentage points (Note.in_percent)
        (n("note.part.covers.measured", value=12.0, unit=n("note.part.unit.percent")), None),
        (n("note.exact.nodes_one"), "the exact search did not finish within 1 node"),
        (n("note.hands.sampled", n=900, how=n(then, first=clair, then=n(
            "note.part.multilevel", n=14, every=64))),
         "900 sampled opponent hands, each solved with one sampled talon order (clairvoyant); "
         "14 of them (one in 64) also solved exactly over the talon draws and the mean "
         "difference added to every value"),
    ]


#: English words no Italian note holds
NOTE_WORDS = [r"\bthe\b", r"\bsampled\b", r"\beach\b", r"\bsearched\b", r"\btricks?\b",
              r"\bmethod\b", r"\berror\b", r"\bpoints\b", r"\bcards?\b", r"\bhands?\b",
              r"\btalon\b", r"\border\b", r"\bmeasured\b", r"\binterrupted\b",
              r"\bsamples?\b", r"\bexact\b", r"\bsolved\b", r"\bdraws?\b", r"\btasks?\b",
              r"\bpositions\b", r"\bnodes\b", r"\bof\b", r"\band\b", r"\bon\b", r"\bhere\b",
              r"\bwinning\b", r"\bcorrected\b", r"\bkept\b", r"\bline\b", r"\bmachine\b"]


def _keys(note) -> set[str]:
    """The keys of a note and of every part it holds."""
    from solver.errors import Note

    return {note.key}.union(*(_keys(v) for v in note.fields.values() if isinstance(v, Note)))


def test_every_note_is_made_keyed_with_the_english_it_always_had():
    """An analysis's notes are made keyed (errors.Note), their English byte for byte what the
    JSON's "notes" always held; there is a note of each key here, so that a note added
    without an example, or without its Italian, fails the tests below."""
    from solver.errors import NOTE_KEYS, PART_KEYS
    from solver.i18n import ERRORS

    notes = _notes()
    for note, english in notes:
        if english is not None:
            assert str(note) == english
            assert json.dumps([note]) == json.dumps([english])
    assert set(NOTE_KEYS) | set(PART_KEYS) <= set().union(*(_keys(note) for note, _ in notes))
    assert all(key in ERRORS["it"] for key in NOTE_KEYS + PART_KEYS)


def test_every_note_is_said_in_italian_with_no_english_left_and_italian_numbers():
    """Each kind of note said in Italian (the phrase-by-phrase table that translated the
    English back is gone): no English word left, numbers with Italian marks; and read back
    from its English (a JSON's "notes": Note.read) it is said the same."""
    from solver.errors import Note
    from solver.i18n import note_text

    said = {}
    for note, english in _notes():
        assert note_text(note, "en") == str(note.in_percent())
        it = note_text(note, "it")
        _no_english(it, NOTE_WORDS)
        assert not POINT.search(GROUPED.sub("N", it.replace("10.0.0.1", ""))), it
        said[note.key] = it
        if english is not None:
            back = Note.read(english)
            assert back.key == note.key and note_text(back, "it") == it, (english, it)
    assert "±0,41 punti sul valore" in note_text(_notes()[11][0], "it")
    assert "±12 punti percentuali sul valore" in note_text(_notes()[12][0], "it")
    assert "±12 percentage points on a card's value" in note_text(_notes()[12][0], "en")
    assert said["note.exact.nodes"] == "la ricerca esatta non è finita entro 1.000.000 nodi"
    assert said["note.hands.weighted"].endswith("(dimensione effettiva del campione 31)")


def test_a_note_that_fills_no_template_is_read_back_as_it_is():
    from solver.errors import Note
    from solver.i18n import note_text

    for text in ("an older wording", "12 sampled opponent hands, each solved by magic", ""):
        assert Note.read(text) is text and note_text(text, "it") == text
    assert Note.read(7) == 7


@pytest.mark.parametrize("text,samples", [(FULL, 6), (SEAT, 8), (FOUR, 4)],
                         ids=["estimate", "seat", "four"])
def test_the_engines_notes_are_keyed_and_read_back_from_json_keyed(text, samples):
    """The engine makes every note keyed (they were English strings, said in Italian by
    translating the English back); an Analysis read back from its JSON (a log, a batch's
    line) has its notes keyed again, said in Italian alike."""
    from solver.analysis import Analysis, analyse
    from solver.errors import Note
    from solver.i18n import ERRORS, note_text
    from solver.position import parse_position

    a = analyse(parse_position(text), samples=samples, seed=1)
    assert a.notes and all(isinstance(n, Note) and n.key in ERRORS["it"] for n in a.notes), a.notes
    back = Analysis.from_json(json.loads(json.dumps(a.to_json())))
    assert back == a and all(isinstance(n, Note) for n in back.notes)
    assert [note_text(n, "it") for n in back.notes] == [note_text(n, "it") for n in a.notes]
    for n in back.notes:
        _no_english(note_text(n, "it"), NOTE_WORDS)


def test_the_task_logs_progress_lines_are_said_with_italian_numbers():
    from solver.errors import Note
    from solver.i18n import error_text

    line = Note.of("tasks.rate_left", done=3, total=9, rate=0.25, left=24.0)
    assert str(line) == "tasks: 3/9 done, 0.25/s, about 24 s left"
    assert error_text(line, "it") == "compiti: 3/9 fatti, 0,25/s, ne restano circa 24 s"


@pytest.mark.parametrize("logged", [False, True], ids=["here", "logged"])
def test_a_batchs_bad_lines_are_said_in_italian_and_their_json_stays_english(logged, tmp_path):
    """`analyse -` wrote "error: line N: ..." in English under --lang it: its words came
    from the line's JSON object, which stays English."""
    data = (b"hand1=ZZ hand2=2C briscola=RD turn=1\n" + LAST.encode() + b"\n"
            b'{"x": 1}\n\xff\n')
    args = ["analyse", "-", *(["--log", str(tmp_path / "t.jsonl")] if logged else [])]
    en = CliRunner().invoke(cli, args, input=data)
    it = CliRunner().invoke(cli, [*args, "--lang", "it"], input=data) if not logged else (
        CliRunner().invoke(cli, [*args[:-1], str(tmp_path / "u.jsonl"), "--lang", "it"],
                           input=data))
    assert en.exit_code == it.exit_code == 2, (en.output, it.output)
    def answers(out):
        return [{k: v for k, v in json.loads(line).items() if k not in ("nodes", "seconds")}
                for line in out.splitlines()]
    assert answers(en.stdout) == answers(it.stdout)
    assert [line.split(": ", 2)[:2] for line in en.stderr.splitlines()][:3] == [
        ["error", "line 1"], ["error", "line 3"], ["error", "line 4"]], en.stderr
    lines = it.stderr.splitlines()
    assert lines[:3] == [
        "errore: riga 1: hand1=: carta sconosciuta 'ZZ' (scrivi il valore e poi il seme, "
        "per esempio AD, 3C, RB, 7S)",
        'errore: riga 3: una riga JSON vuole un campo "position" col testo della posizione',
        "errore: riga 4: non è testo UTF-8 (byte 0xff)"], it.stderr
    assert lines[-1].startswith("errore: 3 delle 4 righe"), it.stderr


def test_a_batchs_bad_lines_read_back_from_its_log_are_said_in_italian(tmp_path):
    """A run resumed from its --log said the lines it read back from the log in English
    under --lang it ("errore: riga 1: hand1=: unknown card 'ZZ' ..."): the log kept the
    error's English alone, without its key."""
    data = b"hand1=ZZ hand2=2C briscola=RD turn=1\n" + LAST.encode() + b'\n{"x": 1}\n'
    log = tmp_path / "t.jsonl"
    first = CliRunner().invoke(cli, ["analyse", "-", "--log", str(log)], input=data)
    assert first.exit_code == 2 and len(log.read_text().splitlines()) == 3, first.output
    again = CliRunner().invoke(cli, ["analyse", "-", "--log", str(log), "--lang", "it"],
                               input=data)
    assert again.exit_code == 2, again.output
    assert again.stdout == first.stdout
    lines = again.stderr.splitlines()
    assert lines[0].endswith("contiene già 3 su 3 righe in ingresso: non resta niente da "
                             "eseguire"), lines
    assert lines[1:3] == [
        "errore: riga 1: hand1=: carta sconosciuta 'ZZ' (scrivi il valore e poi il seme, "
        "per esempio AD, 3C, RB, 7S)",
        'errore: riga 3: una riga JSON vuole un campo "position" col testo della posizione'
    ], again.stderr


def test_an_errors_keys_travel_through_json_and_a_bad_copy_leaves_its_english():
    """Note.keys_of / Note.revived, the log's round trip: nested errors keep their keys; keys
    a user edited into what no template takes leave the English text as it is."""
    from solver.errors import BriscolaError, Note
    from solver.i18n import error_text
    e = BriscolaError.of("log.at", where="t.jsonl:1",
                         error=BriscolaError.of("card.unknown", text="Z\x1b[31m"))
    back = Note.revived(str(e), json.loads(json.dumps(Note.keys_of(e))))
    assert str(back) == str(e) and error_text(back, "it") == error_text(e, "it")
    assert "carta sconosciuta 'Z\\x1b[31m'" in error_text(back, "it")
    for bad in (None, [], {"key": "nope", "fields": {}}, {"key": "card.unknown", "fields": {}},
                {"key": "card.unknown", "fields": {"text": [1]}}, {"key": 3, "fields": {}},
                {"key": "log.at", "fields": {"where": "x", "error": {"key": "nope"}}}):
        said = Note.revived("plain", bad)
        assert said == "plain" and getattr(said, "key", None) is None, bad


@pytest.mark.parametrize("args", [
    ["analyse", "-"], ["analyse", FULL], ["match", "greedy", "random", "--deals", "2"],
    ["puzzles", "generate", "--count", "1"], ["review", "x.json"]],
    ids=["analyse -", "analyse", "match", "generate", "review"])
@pytest.mark.parametrize("address", ["", " "])
def test_an_empty_cluster_address_is_refused_not_a_local_cluster(args, address, tmp_path,
                                                                 monkeypatch):
    """`--cluster ""` started a local cluster, as --cluster alone does."""
    import solver.cluster
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(solver.cluster, "connect", lambda *a, **k: pytest.fail("connected"))
    en, it = _both(*args, "--cluster", address, code=2)
    assert en.stderr == ("error: --cluster was given an empty address: give the scheduler's "
                         "host:port, or --cluster alone for a local cluster\n")
    assert it.stderr == ("errore: --cluster ha un indirizzo vuoto: dai host:porta dello "
                         "scheduler, o --cluster da solo per un cluster locale\n")


def test_serve_says_a_port_in_use_in_italian():
    pytest.importorskip("uvicorn")
    pytest.importorskip("starlette")
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        en, it = _both("serve", "--port", str(port), code=2)
    assert en.stderr == f"error: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    assert it.stderr == (f"errore: non si può restare in ascolto su 127.0.0.1:{port}: "
                         "indirizzo già in uso\n")
