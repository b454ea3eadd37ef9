"""Every estimate says what its ± covers: the "interval" of its JSON (analyse, best, review,
the board's API all serialise through solver.analysis.result and solver.review) and one
line of its text."""
import json

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver import review as R
from solver.analysis import Limit
from solver.analysis import sampling as seat
from solver.analysis.result import Interval, Method, Way
from solver.i18n import INTERVAL_TEXT, METHOD_TEXT
from solver.players.agents import play_deal
from solver.position import parse_position
from solver.record import deal_record

# Scoperta with 20 talon cards: beyond the largest talon whose estimates were checked
# against exact values (14), so the method's error is extrapolated
SCOPERTA_EARLY = ("hand1=6B,2D,AS hand2=6C,RD,5S top=4B briscola=3C "
                  "played=2B,5B,FB,CB,RB,3B,4C,5C,7C,FC turn=2")
T12 = ("hand1=RC,AC,5S hand2=6C,4D,6D top=FC briscola=3B played=2B,5B,6B,7B,CB,AB,5C,CC,3C,"
       "2D,7D,FD,CD,RD,AD,2S,4S,6S,7S,FS,CS,3S turn=1")
# Classic, talon empty but the trump card's holder and the hand unknown: few hands, all solved
CLASSIC_LATE = ("hand1=2C,FC,CS hand2=? briscola=7S played=2B,5B,7B,FB,CB,RB,3B,AB,4C,5C,6C,"
                "7C,RC,3C,AC,2D,4D,6D,7D,FD,CD,RD,3D,4S,5S,FS,RS,3S turn=1 score=22-68 "
                "variant=classic")


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_a_scoperta_estimate_beyond_the_checked_talons_says_its_method_error_is_extrapolated():
    r = run("analyse", "--json", "--time-limit", "0.5", SCOPERTA_EARLY)
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["method"].endswith("-second-trick")
    assert d["interval"] == "sampling and extrapolated method"
    text = run("analyse", "--time-limit", "0.5", SCOPERTA_EARLY).output
    said = [ln for ln in text.splitlines() if "covering" in ln or "sampling error" in ln]
    assert said == ["interval: " + INTERVAL_TEXT["en"]["sampling and extrapolated method"]], text
    # what the estimate is, in words (the board's badge says the same in the page's language);
    # each run picks its search by how fast its first solve went (solved to the end, or five
    # tricks deep), so the text is checked against the methods auto picks from, one of them
    picked = Method.from_text(d["method"])
    said = {"method: " + Method(picked.way, depth, True, True).words() for depth in (None, 5)}
    assert len(said & set(text.splitlines())) == 1, text
    best = run("best", "--time-limit", "0.5", SCOPERTA_EARLY).output.strip()
    assert best.endswith(", sampling and extrapolated method)"), best


@pytest.mark.parametrize("position,how", [
    (SCOPERTA_EARLY, "measured up to talon 14 and grown in proportion to the talon"),
    ("hand1=FB,6C,3C,CD,RD hand2=? played=- turn=1 variant=briscolone",
     "measured here against searches 8 tricks deep, scaled by what full solves added"),
    ("hand1=FB,3C,CD hand2=? briscola=RD played=- turn=1 variant=classic",
     "the seen talon's part measured at 13 to 16 cards alive"),
    ("hand1=FB,6C,CD hand2=AB,7C,4S hand3=5B,3C,RD hand4=4B,6B,FS top=5S briscola=2C "
     "played=- turn=1 variant=scoperta4", "measured at talon 8 and grown in proportion"),
], ids=["scoperta", "briscolone-seat", "classic-seat", "scoperta4"])
def test_an_extrapolated_interval_has_the_note_it_says_says_how(position, how):
    """The interval's words say the method's error was carried here "(the note says how)":
    scoperta's estimate beyond talon 14 had no such note at all ('888 samples, 21 first
    draws corrected'), and the others' said only 'measured at other stages and carried
    here', which Briscolone 31-40 (measured there, against deeper searches) was not."""
    d = json.loads(run("analyse", "--json", "--time-limit", "0.3", position).output)
    assert d["interval"] == "sampling and extrapolated method", d
    assert "(the note says how)" in INTERVAL_TEXT["en"][d["interval"]]
    assert any(how in note for note in d["notes"]), d["notes"]


def test_a_scoperta_estimate_at_a_checked_talon_covers_sampling_and_method():
    """Talon 12 at 0.5 s: too little time for the exact search, an estimate whose ± covers
    the method's error as measured against exact values (benchmarks/bench_calibration.py):
    the words say a 95 % interval only here."""
    r = run("analyse", "--json", "--time-limit", "0.5", T12)
    d = json.loads(r.output)
    assert d["exact"] is False and d["interval"] == "sampling and method", d
    text = run("analyse", "--time-limit", "0.5", T12).output
    assert "interval: " + INTERVAL_TEXT["en"]["sampling and method"] in text
    for kind, words in INTERVAL_TEXT["en"].items():
        assert ("half-width of a 95 % interval" in words) == (kind == "sampling and method"), kind
    for kind, words in INTERVAL_TEXT["it"].items():
        assert ("intervallo al 95 % che copre" in words) == (kind == "sampling and method"), kind


def test_an_exact_answer_has_no_interval():
    r = run("analyse", "--json", "hand1=3C,AS hand2=2C,RS briscola=RD turn=1")
    assert "interval" not in json.loads(r.output)
    assert "interval:" not in run("analyse", "hand1=3C,AS hand2=2C,RS briscola=RD turn=1").output


def test_a_seat_analysis_that_solved_every_hand_says_it_has_no_sampling_error():
    a = seat.analyse(parse_position(CLASSIC_LATE), budget=Limit(5.0))
    assert a.to_json()["interval"] == "no sampling"
    assert all(m.error == 0 for m in a.moves)
    text = run("analyse", CLASSIC_LATE).output
    assert "interval: " + INTERVAL_TEXT["en"]["no sampling"] in text
    assert "samples:" in text and "(± is" not in text   # said once, on its own line


def test_every_text_of_an_interval_is_in_both_languages():
    for lang in ("en", "it"):
        assert set(INTERVAL_TEXT[lang]) == set(Interval)


@pytest.fixture(scope="module")
def scoperta_review():
    st = play_deal("scoperta", ["greedy", "random"], 5)
    return R.review_record(deal_record(st, seed=5, players=["greedy", "random"]), 0.05)


def test_every_estimated_cost_of_a_scoperta_review_has_its_interval(scoperta_review):
    est = [m for m in scoperta_review.moves if m.rated and not m.exact]
    assert est, "the early moves of a scoperta deal are estimates"
    for m in est:
        assert m.interval in Interval
        if m.cost > 0:
            assert m.cost_error is not None and m.cost_error > 0, m
            # its ± (or, reaching below 0 or past its most, or printed as reaching 0, the
            # interval by its ends: fmt_cost)
            assert (" [" if m.cost_cut or R._reads_as_zero(m) else " ±") in R.fmt_cost(m)
        j = m.to_json()
        assert j["interval"] == m.interval and j["method"] == "estimate"
    for m in scoperta_review.moves:
        if m.exact:
            assert "interval" not in m.to_json()
    text = R.render_review(scoperta_review)
    assert "is not checked against exact values" in text


def test_a_classic_review_says_when_every_hand_was_solved():
    """Late in a classic deal few opponent hands fit what the seat saw: all are solved, the
    cost has no sampling error, and the review says so instead of a bare "estimate"."""
    st = play_deal("classic", ["greedy", "random"], 5)
    rec = deal_record(st, seed=5, players=["greedy", "random"])
    rv = R.review_record(rec, 0.05)
    late = [m for m in rv.moves if m.interval == "no sampling" and m.choices > 1]
    assert late
    text = R.render_review(rv)
    assert "all hands, seat view" in text and "no sampling error" in text
    for m in rv.moves:
        if m.rated and not m.exact and m.cost > 0 and m.interval != "no sampling":
            assert m.cost_error, m


def test_explain_of_an_estimate_says_what_its_interval_covers():
    """1.5 s: at 0.5 s a loaded machine (a load of 8 on 2 cores) gave one sample, whose ± is
    a bound, not an interval (test_one_sample_gives_a_bound_not_an_interval)."""
    for lang in ("en", "it"):
        r = run("explain", "--lang", lang, "--time-limit", "1.5", SCOPERTA_EARLY)
        assert r.exit_code == 0, r.output
        assert r.output.count(INTERVAL_TEXT[lang]["sampling and extrapolated method"]) == 1, \
            r.output
    d = json.loads(run("explain", "--json", "--time-limit", "1.5", SCOPERTA_EARLY).output)
    assert d["exact"] is False and d["interval"] == "sampling and extrapolated method"


def test_one_sample_gives_a_bound_not_an_interval():
    """Below two samples there is no spread to measure: the ± is the widest the value can
    stray, and the answer says it is a bound."""
    from solver.analysis import estimate
    classic = parse_position("variant=classic hand1=FB,5C,FC hand2=2C,AC,FS briscola=2S "
                             "played=- turn=1")
    one = seat.analyse_open(classic, budget=Limit(samples=1))
    three = seat.analyse_open(classic, budget=Limit(samples=3))
    assert one.interval == "bound" and three.interval != "bound"
    a = estimate.analyse(parse_position(SCOPERTA_EARLY), budget=Limit(samples=1))
    assert a.to_json()["interval"] == "bound"


@pytest.mark.parametrize("text, en, it", [
    ("sampled-clairvoyant-depth4-lines",
     "sampled talon orders, each searched 4 tricks deep knowing the order; a card led valued by "
     "its worst reply",
     "ordini del tallone campionati, ciascuno esplorato per 4 prese conoscendo l'ordine; una "
     "carta d'uscita valutata con la risposta peggiore"),
    ("sampled-clairvoyant-depth1-lines-second-trick",
     "sampled talon orders, each searched 1 trick deep knowing the order; a card led valued by "
     "its worst reply; the next leads corrected for seeing the talon",
     "esplorato per 1 presa conoscendo"),
    ("seat-sampling-depth4", "sampled opponent hands, each searched 4 tricks deep with one "
     "sampled talon order", "mani dell'avversario campionate, ciascuna esplorata per 4 prese"),
    ("sampled-expectimax", "the first draw sampled, the position after it solved exactly",
     "la prima pescata campionata"),
    ("deepening-depth3", "the known talon order searched 3 tricks deep",
     "l'ordine noto del tallone esplorato per 3 prese"),
])
def test_a_method_is_said_in_plain_words_in_both_languages(text, en, it):
    """The board's badge showed an estimate's code name ("sampled-clairvoyant-depth4-lines")
    on the Italian page as on the English one: it is said in words, in either language."""
    m = Method.from_text(text)
    assert m.words() == m.words("en") == en
    assert it in m.words("it") and text not in m.words("it")


def test_every_way_has_its_words_in_both_languages():
    for lang in ("en", "it"):
        assert set(Way) <= set(METHOD_TEXT[lang]), lang
        assert set(METHOD_TEXT[lang]) == set(METHOD_TEXT["en"])
