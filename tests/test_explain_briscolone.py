"""`briscola explain` and puzzles for Briscolone/Libero endgames: hand-solved positions, the
stated line optimal move by move, the follow-suit ideas found where built in and not where
absent, both languages, JSON, the command line, and the generate -> solve round trip."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.analysis import analyse
from solver.cards import parse_card
from solver.explain import MESSAGES, explain, render_text
from solver.position import parse_position
from solver.puzzles import PuzzleError, bundled, generate, parse_puzzle, read_puzzles, solve
from test_explain import check_line_optimal

BR = " variant=briscolone"
# P1 leads RS and P2's AS takes it (+15). P2 must then lead a cup: 2C is taken by 4C and the
# AC, led next, forces the 3C (alone in cups) under it (+21); leading 3C gives it to AC at
# once. Net +6. Leading AC first lets P2 follow low with 2C and keep 3C for the 4C, and AS
# still beats RS: 11 against 25, -14; leading 4C, 3C takes it and AS, 2C follow: -14.
FORCED = "hand1=AC,4C,RS hand2=3C,2C,AS turn=1" + BR
# P2 answers RC. Taking with AC (+15) leaves 2C to be led into P1's 3C (-10): +5. Following
# low with 2C gives up 4 points, but P1 must then lead 3C into the AC: +21 - 4 = +17.
LISCIO = "hand1=3C hand2=AC,2C table=RC turn=2" + BR
# P1 leads 3B and AB: P2 must follow with 4B and RB (+25), then has no batons, so 5B takes
# the 3C P2 must throw (+10); only the last trick, 2C under AC, is lost (-11): +24.
# A small baton first (5B) loses to RB and hands P2 the lead and the cups.
STRIP = "hand1=AB,3B,5B,2C hand2=RB,4B,3C,AC turn=1" + BR
# P1 holds four batons, P2 only the RB: lead AB (or 3B), RB must fall under it, then the
# other three batons run while P2 throws 3C, AC, 2S: P1 takes all 46 points. Leading a small
# baton lets RB win and P2 cash the cups.
RUN = "hand1=AB,3B,5B,4B hand2=RB,3C,AC,2S turn=1" + BR
# P1's AC and 3C against P2's two spades: every order takes 21, nothing to explain.
PLAIN = "hand1=AC,3C hand2=2S,4S turn=1" + BR
# FORCED with a score: P1 needs 21 of the 36 points left, which only RS first reaches.
COUNT = "hand1=AC,4C,RS hand2=3C,2C,AS turn=1 score=40-44" + BR


def C(s):
    return parse_card(s)


def kinds(text):
    return {i.kind: i for i in explain(parse_position(text)).ideas}


@pytest.mark.parametrize("text,best,value", [
    (FORCED, {"RS"}, 6), (LISCIO, {"2C"}, 17), (STRIP, {"3B", "AB"}, 24),
    (RUN, {"3B", "AB"}, 46), (PLAIN, {"AC", "3C"}, 21),
    (FORCED.replace("briscolone", "libero"), {"RS"}, 6)])
def test_hand_solved_outcomes_and_optimal_line(text, best, value):
    ex = check_line_optimal(text)
    assert set(ex.best) == {C(c) for c in best}
    assert ex.value == value
    assert ex.phase == "endgame"
    assert ex.line[0].cards[0] == (C("RC") if "table=RC" in text else ex.line[0].lead.card)
    assert ex.line[-1].number == len(ex.line)


def test_count_61_and_final_score():
    ex = check_line_optimal(COUNT)
    assert ex.final_score == (61, 59) and ex.winner == 0
    k = kinds(COUNT)["count_61"].data
    assert k["keep"] == [C("RS")] and set(k["lose"]) == {C("AC"), C("4C")}
    assert k["needed"] == 21 and k["in_play"] == 36
    assert "count_61" not in kinds(FORCED)


def test_a_count_to_61_that_can_only_draw_says_so():
    """54-60 with 6 points left: RC draws 60-60 at best, 2C loses. The count said 'you keep
    the deal (chance 50%)'."""
    ex = explain(parse_position("hand1=2C,RC hand2=4B,FC turn=1 score=54-60" + BR))
    en, it = render_text(ex, "en"), render_text(ex, "it")
    assert ("Against best play you cannot win the deal: with the King of cups you still draw it "
            "at 60-60; the 2 of cups would lose it.") in en
    assert "con il Re di coppe pareggi 60 a 60; con il 2 di coppe la perdi." in it
    assert "keep the deal" not in en and "resta tua" not in it


def test_a_lead_or_a_liscio_that_another_card_matches_is_not_said_to_be_the_one():
    """FC and CC lead equally well: FC was 'the lead that works'. 2S and 7S answer 5S equally
    well: 2S was 'following low on purpose (lisciare), though the 7 of swords would take it'."""
    ex = explain(parse_position("hand1=CC,FC,5D hand2=RC,4C,5B turn=1" + BR))
    assert "The Jack of cups is one of the leads that work;" in render_text(ex, "en")
    assert "Perché: il Fante di coppe è uno degli attacchi giusti;" in render_text(ex, "it")
    ex = explain(parse_position("hand1=7S,2S hand2=AS table=5S turn=1" + BR))
    en, it = render_text(ex, "en"), render_text(ex, "it")
    assert ("You let it go with the 2 of swords, following low (taking with the 7 of swords "
            "does as well).") in en
    assert "lisci con il 2 di spade, stando sotto (prendere con il 7 di spade va bene" in it
    assert "on purpose" not in en and "apposta" not in it


def test_forced_carico_found_and_not_in_libero():
    i = kinds(FORCED)["forced_carico"]
    assert (i.player, i.trick) == (0, 3)
    assert i.data["card"] == C("AC") and i.data["carico"] == C("3C") and i.data["alone"]
    assert "forced_carico" not in kinds(FORCED.replace("briscolone", "libero"))
    assert "forced_carico" not in kinds(STRIP) and "forced_carico" not in kinds(LISCIO)


def test_liscio_reason_and_idea():
    ex = explain(parse_position(LISCIO))
    r = ex.line[0].reasons[1]
    assert r["kind"] == "liscio" and r["card"] == C("2C") and r["instead"] == C("AC")
    i = {x.kind: x for x in ex.ideas}["liscio"]
    assert i.player == 1 and i.data["instead"] == C("AC") and i.data["cost"] == 12
    assert "liscio" not in kinds(FORCED) and "liscio" not in kinds(PLAIN)


def test_strip_and_run():
    s = kinds(STRIP)
    assert s["strip_suit"].data == {"suit": 0, "stripped": [1, 2], "payoff": 3, "then": "run"}
    assert "run_long_suit" not in s          # one baton only runs: no long suit
    r = kinds(RUN)
    assert r["run_long_suit"].data["tricks"] == [2, 3, 4]
    assert r["run_long_suit"].data["points"] == 32
    assert r["strip_suit"].data["payoff"] == 2
    assert kinds(PLAIN) == {}                # every order is as good: no idea claimed
    ex = explain(parse_position(STRIP))
    assert ex.line[2].reasons[1]["kind"] == "void"
    assert [x["kind"] for x in explain(parse_position(RUN)).line[0].reasons] == \
        ["safe_lead", "follow_forced"]


def test_alternatives_are_punished():
    ex = explain(parse_position(FORCED))
    alts = {a.card: a for a in ex.alternatives}
    assert set(alts) == {C("AC"), C("4C")}
    for a in alts.values():
        assert a.cost == 20 and a.value == -14
        assert a.reply is not None and a.line[0].cards[0] == a.card
        assert sum(t.points if t.winner == 0 else -t.points for t in a.line) == a.value


@pytest.mark.parametrize("lang,words", [
    ("en", ["Briscolone: no trumps", "Forcing a carico", "Count to 61", "Best card: the King"]),
    ("it", ["Briscolone: niente briscola", "Far cadere il carico", "Contare fino a 61",
            "Carta migliore: il Re di spade"])])
def test_text_both_languages(lang, words):
    txt = render_text(explain(parse_position(COUNT)), lang)
    for w in words:
        assert w in txt
    assert "{" not in txt and "Trumps still out" not in txt


@pytest.mark.parametrize("text,en,it", [
    (LISCIO, "lisciare", "stando sotto"), (STRIP, "Stripping the suit", "Svuotare il seme"),
    (RUN, "Running the long suit", "Sfruttare il seme lungo")])
def test_idea_words(text, en, it):
    ex = explain(parse_position(text))
    assert en in render_text(ex, "en") and it in render_text(ex, "it")


def test_new_templates_in_both_languages():
    new = [k for k in MESSAGES["en"] if k.startswith(("idea.strip", "idea.run", "idea.forced",
                                                       "idea.liscio", "why.", "rules."))]
    assert set(new) <= set(MESSAGES["it"])


def test_json_content():
    d = explain(parse_position(LISCIO)).to_json()
    assert d["phase"] == "endgame" and d["facts"]["variant"] == "briscolone"
    assert d["line"][0]["why"][1] == {"player": 2, "card": "2C", "kind": "liscio", "instead": "AC",
                                      "suit": "C", "cost": "12", "next_best": "AC"}
    assert {"kind": "liscio", "player": 2, "trick": 1, "card": "2C", "instead": "AC",
            "cost": "12"} in d["ideas"]
    run = explain(parse_position(RUN)).to_json()
    i = next(x for x in run["ideas"] if x["kind"] == "run_long_suit")
    assert i["suit"] == "B" and i["cards"] == ["4B", "5B", "AB"] and i["tricks"] == [2, 3, 4]


def test_cli_explain():
    r = CliRunner().invoke(cli, ["explain", STRIP, "--lang", "it"])
    assert r.exit_code == 0 and "Svuotare il seme" in r.output
    r = CliRunner().invoke(cli, ["explain", RUN.replace("briscolone", "libero"), "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["facts"]["variant"] == "libero"


@pytest.mark.parametrize("text,msg", [
    # classic is explained from the last draw on; with four talon cards it is refused
    ("hand1=AC,2C,5S hand2=3C,4C,6S briscola=2D unseen=7S,FS,CS turn=1 variant=classic",
     "classic positions from the last draw on"),
    ("hand1=AB,3B,5B,4B,2B hand2=RB,3C,AC,2S,4S played= turn=1" + BR, "endgames only")])
def test_cli_explain_refuses(text, msg):
    r = CliRunner().invoke(cli, ["explain", text])
    assert r.exit_code == 2 and msg in r.output
    assert "Traceback" not in r.output and len(r.output.strip().splitlines()) == 1


# ----- puzzles --------------------------------------------------------------------------
def test_bundled_briscolone_puzzles_verified():
    ps = bundled("briscolone")
    assert len(ps) >= 12 and len({p.id for p in ps}) == len(ps)
    for p in ps:
        assert p.position.variant == "briscolone" and p.position.talon_size == 0
        c = solve(p)
        assert c.ok and c.analysis.exact and len(c.analysis.best) == 1


@pytest.mark.parametrize("variant", ["briscolone", "libero"])
def test_generate_solve_round_trip(variant):
    ps = list(generate(3, seed=5, variant=variant, max_tries=300))
    assert len(ps) == 3
    back = read_puzzles(p.to_line() for p in ps)
    for p, q in zip(ps, back):
        assert q.position == p.position and q.answer == p.answer
        a = analyse(q.position)
        assert a.moves[0].value_exact - a.moves[1].value_exact >= 4
        assert solve(q).ok
        assert q.difficulty in ("easy", "medium", "hard") and "depth" in q.features


def test_puzzle_rejects_briscolone_with_talon():
    obj = {"id": "x", "position": "hand1=AB,3B,5B,4B,2B hand2=RB,3C,AC,2S,4S played= turn=1" + BR,
           "question": "best", "answer": ["AB"], "difficulty": "easy"}
    with pytest.raises(PuzzleError, match="talon must be empty"):
        parse_puzzle(obj, "line 1")


def test_cli_generate_solve_and_play(tmp_path):
    out = tmp_path / "b.jsonl"
    r = CliRunner().invoke(cli, ["puzzles", "generate", "--count", "2", "--variant", "briscolone",
                                 "--seed", "2", "--out", str(out)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(cli, ["puzzles", "solve", str(out)])
    assert r.exit_code == 0 and "0 wrong" in r.output
    r = CliRunner().invoke(cli, ["puzzles", "generate", "--count", "1", "--variant", "libero",
                                 "--talon", "2"])
    assert r.exit_code == 2 and "--talon must be 0" in r.output
    first = bundled("briscolone")[0]
    ans = [c for c in first.position.legal_cards() if c not in first.answer][0]
    from solver.cards import card_str
    r = CliRunner().invoke(cli, ["puzzles", "play", "--variant", "briscolone"],
                           input=card_str(ans) + "\nq\n")
    assert r.exit_code == 0 and "Briscolone: no trumps" in r.output
    assert "Wrong" in r.output and "Final score: 0/1" in r.output


def test_a_forced_follow_says_in_italian_that_it_is_the_only_card_of_its_suit():
    """Italian said "hai solo il 5 di coppe" (you hold only that card) of a hand of three:
    it is the only card of the suit led, as the English says."""
    from solver import parse
    from solver.explain import explain_position, explanation_text

    pos = parse("variant=briscolone hand1=2B,4S hand2=5C,6S,7D table=AC turn=2")
    ex = explain_position(pos)
    assert "the 5 of cups is the only cups left" in explanation_text(ex, "en")
    it = explanation_text(ex, "it")
    assert "il 5 di coppe è l'unica carta di coppe rimasta" in it and "hai solo" not in it


@pytest.mark.parametrize("text", [FORCED, LISCIO, STRIP, RUN])
def test_an_english_idea_goes_on_in_capitals_after_its_colon_and_italian_in_lower_case(text):
    """Every idea reads as the scoperta ones do: "Stripping the suit: You lead ..." in
    English, "Svuotare il seme: tu apri ..." in Italian (a lower case after a colon)."""
    ex = explain(parse_position(text))
    assert ex.ideas
    for lang, first in (("en", str.isupper), ("it", str.islower)):
        titles = {v.split(":")[0] for k, v in MESSAGES[lang].items()
                  if any(k.startswith(f"idea.{i.kind}") for i in ex.ideas)}
        lines = [ln.strip() for ln in render_text(ex, lang=lang).splitlines()
                 if ln.strip().split(":")[0] in titles]
        assert len(lines) >= len(ex.ideas), (lang, titles)
        for ln in lines:
            assert first(ln.split(": ", 1)[1][0]), (lang, ln)
