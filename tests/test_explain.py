"""`briscola explain`: hand-solved endgames, the line is optimal move by move, ideas are
found where they are and not where they are not, both languages, JSON, the early phase."""
from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.analysis import analyse
from solver.cards import card_str, parse_card
from solver.explain import (
    MESSAGES,
    VERBS,
    explain,
    explain_position,
    explanation_text,
    render_text,
)
from solver.position import parse_position

# Trumps coins. P1 holds 5C (nothing) and the trump 5D; P2 the trump 3D and CS.
# Whatever P1 leads, the 3D takes one trick: lead 5C, P2 takes 10 with 3D, then P2 must lead
# CS and P1 ruffs it with 5D (+3): -7. Lead 5D instead: 3D takes 10 and CS takes 5C (+3): -13.
LISCIO = "hand1=5C,5D hand2=3D,CS briscola=4D turn=1"
# Trumps spades. P1: AC, 4S; P2: 3B, 6S. Lead AC: 6S ruffs (+11 P2), P2 must lead 3B and the
# kept 4S takes it (+10 P1): -1. Lead 4S: 6S overtrumps, 3B then beats AC: -21.
SAVE = "hand1=AC,4S hand2=3B,6S briscola=4S turn=1"
# Trumps coins, last draw: top 7C, trump card RD (the only points besides P1's 3C).
# Lead 3C: P2 ruffs with 7D (+10) and draws 7C; P1 draws RD and later ruffs 2C with it (+4): -6.
# Lead a spade: P2 lets it win with 2C, P1 draws 7C, P2 draws RD and two trumps catch 3C: -14.
LOSE = "hand1=3C,2S,4S hand2=2C,7D,7S top=7C briscola=RD turn=1"
# Trumps batons, last draw: top AB (the Ace of trumps), trump card 6B. P1 leads RB, which
# P2's FB cannot beat: P1 draws AB and scores RB + AB; any other lead lets FB win and draw AB.
TOP = "hand1=RB,7C,RD hand2=FB,6C,4S top=AB briscola=6B turn=1"
# Score 45-59, P2 needs 2 of the 16 points left. 5C first: P1 gets at most 4, P2 then at
# least 10 (69). FS first: RS overtrumps (+6) and leads 3B, 5C cannot take it: P1 61.
COUNT = "hand1=3B,RS hand2=5C,FS briscola=RS turn=2 score=45-59"
# A last-draw position where an engine once valued cards wrongly: checked against the
# independent reference solver of tests/reference.py, not by hand.
LAST_DRAW_MID = "hand1=AC,7D,RS hand2=3C,2D table=4C top=3D briscola=4S turn=1"
# No trump in any hand, P1's Ace and Three of cups beat everything: nothing to explain.
PLAIN = "hand1=AC,3C hand2=2C,4C briscola=2S turn=1"


def ideas(text, objective="points"):
    return {i.kind: i for i in explain(parse_position(text), objective).ideas}


def C(s):
    return parse_card(s)


def check_line_optimal(text, objective="points"):
    """Every card the line states reaches the best value of the position it is played in."""
    pos = parse_position(text)
    ex = explain(pos, objective)
    p = pos
    for t in ex.line:
        for ply in (t.lead, t.follow):
            if ply.analysis is None:
                continue
            a = analyse(p, objective)
            assert a.move(ply.card).value_exact == a.value_exact
            p = p.play(ply.card)
    assert p.is_over
    if objective == "points":
        assert ex.points_won[ex.mover] - ex.points_won[1 - ex.mover] == ex.value
    return ex


@pytest.mark.parametrize("text,best,value", [(LISCIO, "5C", -7), (SAVE, "AC", -1),
                                             (LOSE, "3C", -6), (TOP, "RB", 9)])
def test_hand_solved_outcomes(text, best, value):
    ex = check_line_optimal(text)
    assert ex.best == (C(best),)
    assert ex.value == value
    me, op = ex.mover, 1 - ex.mover
    assert ex.points_won[me] - ex.points_won[op] == value
    assert ex.line[0].cards[0] == C(best)


def test_liscio_lure_and_its_refutation():
    ex = explain(parse_position(LISCIO))
    [alt] = ex.alternatives
    assert alt.card == C("5D") and alt.cost == 6 and alt.reply == C("3D")
    i = {x.kind: x for x in ex.ideas}["liscio_lure"]
    assert i.player == 0 and i.data["card"] == C("5C") and i.data["trump"] == C("3D")
    assert i.data["unavoidable"]


def test_save_trump_for_the_carico():
    i = ideas(SAVE)["save_trump"]
    assert i.data["trump"] == C("4S") and i.data["carico"] == C("3B") and i.trick == 2
    assert i.data["cost"] == 20


def test_lose_the_trick_to_draw_the_trump_card():
    ex = explain(parse_position(LOSE))
    assert ex.line[0].winner == 1 and ex.line[0].draws == (C("7C"), C("RD"))
    i = {x.kind: x for x in ex.ideas}["lose_for_trump"]
    assert i.player == 0 and i.data["draws"] == C("RD") and i.data["leaves"] == C("7C")
    assert i.data["gain"] > 0


def test_take_the_trick_for_the_top_card():
    i = ideas(TOP)["win_for_top"]
    assert i.player == 0 and i.data["draws"] == C("AB") and i.data["leaves"] == C("6B")


def test_count_to_61():
    ex = explain(parse_position(COUNT), "win")
    assert ex.value == 1 and ex.final_score == (51, 69) and ex.winner == 1
    i = {x.kind: x for x in ex.ideas}["count_61"]
    assert i.data["keep"] == [C("5C")] and i.data["lose"] == [C("FS")]
    assert i.data["needed"] == 2 and i.data["in_play"] == 16


# Score 56-57, trumps cups, 7 points left. P2 leads CS (P1 cannot take it, 60) and RB takes
# 4B (60-60); leading 4B instead gives RB 4 and then 2B takes CS: P1 63. The best is a draw.
DRAW = "hand1=RB,2B hand2=CS,4B briscola=2C turn=2 score=56-57"


def test_a_deal_that_can_only_be_drawn_is_not_said_to_be_kept_or_won():
    """With a sure 60-60 at best, the count to 61 said 'you keep the deal (chance 50%)' and
    the outcome 'your chance (61 or more) is 50%': a drawn deal is neither kept nor won."""
    for objective in ("points", "win"):
        ex = explain(parse_position(DRAW), objective)
        en, it = render_text(ex, "en"), render_text(ex, "it")
        assert "keep the deal" not in en and "resta tua" not in it
        assert ("Against best play you cannot win the deal: with the Knight of swords you still "
                "draw it at 60-60; the 4 of batons would lose it.") in en
        assert ("non puoi più vincere la smazzata: con il Cavallo di spade pareggi 60 a 60; con "
                "il 4 di bastoni la perdi.") in it
    assert "your chance is 50% (a 60-60 draw counts one half)." in en
    assert "la tua probabilità è 50 % (il pareggio 60 a 60 conta metà)." in it
    # said to the other seat (a view of the classic game): the opponent draws at best
    held = {"RB", "2B", "CS", "4B"}
    played = ",".join(card_str(c) for c in range(40) if card_str(c) not in held)
    view = explain_position(parse_position(
        f"variant=classic hand1=RB,2B hand2=? briscola=2C turn=2 score=56-57 played={played}"))
    assert ("Against best play the opponent cannot win the deal: with the Knight of swords the "
            "opponent still draws it at 60-60") in explanation_text(view, "en")


def test_a_duck_that_taking_matches_is_not_said_to_be_on_purpose():
    """Trumps spades: P2 may let 2D go with 2B or trump it, for the same value. The reason
    said 'the opponent lets it go with the 2 of batons, on purpose'."""
    ex = explain(parse_position("hand1=2D,FD,RS hand2=2B,5S,CS briscola=3S turn=1"))
    en, it = render_text(ex, "en"), render_text(ex, "it")
    assert "the opponent lets it go with the 2 of batons (taking it does as well)" in en
    assert "l'avversario liscia con il 2 di bastoni (prendere va bene uguale)" in it
    assert "on purpose" not in en and "apposta" not in it
    assert ex.line[0].reasons[1]["shared"] is True


@pytest.mark.parametrize("text,absent", [
    (PLAIN, {"liscio_lure", "save_trump", "lose_for_trump", "win_for_top", "count_61"}),
    (SAVE, {"liscio_lure", "lose_for_trump", "win_for_top", "count_61"}),
    (TOP, {"liscio_lure", "lose_for_trump", "save_trump"}),
    (LISCIO, {"lose_for_trump", "win_for_top", "count_61"}),
])
def test_ideas_absent_where_they_do_not_apply(text, absent):
    assert not absent & set(ideas(text))


def test_no_count_idea_when_every_card_wins():
    # P1 has both carichi and no card can lose the deal from 60-44
    assert "count_61" not in ideas("hand1=AC,3C hand2=2C,4C briscola=2S turn=1 score=60-39")


def test_explanation_agrees_with_the_reference_solver():
    from reference import ref_values
    pos = parse_position(LAST_DRAW_MID)
    ex = check_line_optimal(LAST_DRAW_MID)
    ref = ref_values(pos)
    assert ex.value == max(ref.values())
    assert {a.card: a.value for a in ex.alternatives} == {c: v for c, v in ref.items()
                                                         if c != ex.line[0].follow.card}


def test_random_lines_are_optimal():
    from solver.random_positions import random_position
    rng = random.Random(11)
    for _ in range(12):
        pos = random_position(rng, rng.choice((0, 2)), mid_trick=rng.random() < 0.3)
        if pos.is_over:
            continue
        ex = check_line_optimal(pos.to_text())
        for alt in ex.alternatives:
            assert alt.value == analyse(pos).move(alt.card).value_exact
            assert alt.line[0].cards[len(pos.table)] == alt.card


def test_text_in_both_languages():
    pos = parse_position(LOSE)
    en = render_text(explain(pos), "en")
    it = render_text(explain(pos), "it")
    assert "Three of cups" in en and "trump card" in en and "Give up the trick" in en
    assert "Tre di coppe" in it and "Re di denari" in it and "Lasciare la presa" in it
    assert "briscola" in it and "presa" in it
    assert "Trick 1" in en and "Presa 1" in it


def test_italian_card_names_and_terms():
    it = render_text(explain(parse_position(SAVE)), "it")
    assert "l'Asso di coppe" in it and "il Tre di bastoni" in it and "carico" in it
    it = render_text(explain(parse_position(LISCIO)), "it")
    assert "liscio" in it and "il Cavallo di spade" in it


def test_singular_after_one():
    """One trick left, one trick won, one point: no "1 prese" or "1 punti"."""
    it = render_text(explain(parse_position("hand1=AS hand2=2C briscola=RD turn=1")), "it")
    assert "resta 1 presa da giocare" in it and "fai 1 presa e 11 punti" in it
    assert "1 prese" not in it and "restano 1" not in it
    it = render_text(explain(parse_position("hand1=FS hand2=2C briscola=RD turn=1")), "it")
    assert "2 punti" in it
    from solver.explain import agree
    assert agree("ti servono ancora 1 punti, 11 punti, 2,1 punti", "it") == \
        "ti serve ancora 1 punto, 11 punti, 2,1 punti"
    assert agree("1 points, 21 points, 2.1 points", "en") == "1 point, 21 points, 2.1 points"


def test_every_message_in_both_languages():
    assert set(MESSAGES["en"]) == set(MESSAGES["it"])
    assert set(VERBS["en"]) == set(VERBS["it"])


def test_json_content():
    r = CliRunner().invoke(cli, ["explain", LISCIO, "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["phase"] == "endgame" and d["best"] == ["5C"] and d["value_exact"] == "-7"
    assert d["outcome"] == {"tricks": [1, 1], "points": [3, 10]}
    assert [t["cards"] for t in d["line"]] == [["5C", "3D"], ["CS", "5D"]]
    assert d["alternatives"][0] == {"card": "5D", "value": "-13", "cost": "6", "reply": "3D",
                                    "reply_role": "answer", "line": d["alternatives"][0]["line"]}
    assert [i["kind"] for i in d["ideas"]] == ["liscio_lure"]
    assert d["ideas"][0]["card"] == "5C" and d["ideas"][0]["player"] == 1


def test_json_last_draw_and_score():
    r = CliRunner().invoke(cli, ["explain", COUNT, "--json", "--objective", "win"])
    d = json.loads(r.output)
    assert d["outcome"]["final_score"] == [51, 69] and d["outcome"]["winner"] == 2
    assert d["facts"]["needed"] == [16, 2] and d["facts"]["points_in_play"] == 16
    r = CliRunner().invoke(cli, ["explain", LOSE, "--json"])
    d = json.loads(r.output)
    assert d["phase"] == "last_draw" and d["line"][0]["draws"] == {"2": "7C", "1": "RD"}


def test_before_the_endgame():
    from solver.random_positions import random_position
    pos = random_position(random.Random(4), 4)
    assert pos.talon_size == 4
    ex = explain(pos)
    assert ex.phase == "before_endgame" and not ex.line
    en, it = render_text(ex, "en"), render_text(ex, "it")
    assert "has not begun" in en and "non è ancora cominciato" in it
    for m in analyse(pos).moves:
        assert f"  {card_str(m.card)}: " in en
    assert "Unseen cards" in en and "Trumps still out" in en and "Points still in play" in en
    d = ex.to_json()
    assert "line" not in d and len(d["moves"]) == 3 and d["facts"]["talon"] == 4


def test_an_estimate_before_the_endgame_gives_the_notes_its_interval_sends_the_reader_to():
    """The ± of an opening's estimate is carried from other stages, and its sentence says
    "(the note says how)": the explanation printed that sentence without the notes."""
    pos = parse_position("hand1=FB,5C,FC hand2=2C,AC,FS top=4D briscola=2S played=- turn=1")
    ex = explain(pos, time_limit=0.2)
    assert not ex.analysis.exact and ex.analysis.notes
    for lang, says_how, note in (("en", "(the note says how)", "  note: "),
                                 ("it", "(la nota dice come)", "  nota: ")):
        text = render_text(ex, lang)
        assert says_how in text, text
        notes = [line for line in text.splitlines() if line.startswith(note)]
        assert len(notes) == len(ex.analysis.notes), text


MIDGAME_WIN = ("hand1=6B,2D,6S hand2=2B,6C,RS top=AC briscola=FC "
               "played=5B,2C,7C,3C,4D,5D,6D,CD,RD,3D,5S,FS,3S,AS turn=2 score=26-24")


def test_a_chance_and_its_error_are_both_in_percentage_points():
    import re
    ex = explain(parse_position(MIDGAME_WIN), "win", 0.3)
    assert not ex.analysis.exact
    # Italian writes a decimal comma and a space before the sign
    for lang, mark, sign in (("en", ".", "%"), ("it", ",", " %")):
        d = rf"\d+{re.escape(mark)}\d"
        rows = re.findall(rf"  (\w\w): ({d}){sign} ± ({d}){sign}$", render_text(ex, lang), re.M)
        assert len(rows) == len(ex.analysis.moves), render_text(ex, lang)
        for (card, _, e), m in zip(rows, ex.analysis.moves, strict=True):
            assert card == card_str(m.card) and e == f"{m.error * 100:.1f}".replace(".", mark)


def test_cli_text_and_errors():
    r = CliRunner().invoke(cli, ["explain", SAVE, "--lang", "it"])
    assert r.exit_code == 0 and "Tenere la briscola per il carico" in r.output
    r = CliRunner().invoke(cli, ["explain", "hand1=AC hand2=ZZ briscola=2S turn=1"])
    assert r.exit_code == 2 and "error:" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(cli, ["explain", "-", "--json"], input=SAVE + "\n" + LISCIO + "\n")
    assert r.exit_code == 0 and len(r.output.strip().splitlines()) == 2


def test_win_costs_are_probabilities():
    ex = explain(parse_position(COUNT), "win")
    assert ex.alternatives[0].cost == Fraction(1)
    assert "percentage points" in render_text(ex, "en")


def test_classic_endgame_is_explained_as_the_open_scoperta_position():
    """From the last draw on, open classic Briscola is scoperta: the covered card above the
    trump card is known by elimination. The line and values must be the scoperta ones."""
    from solver.explain import check_explainable, explain
    from solver.position import parse_position as parse
    classic = parse("variant=classic hand1=AS,3S,RB hand2=4S,7S,4B briscola=4C turn=1 unseen=2D")
    scoperta = parse("hand1=AS,3S,RB hand2=4S,7S,4B top=2D briscola=4C turn=1")
    a, b = explain(check_explainable(classic)), explain(scoperta)
    assert a.value == b.value and a.best == b.best
    assert [t.cards for t in a.line] == [t.cards for t in b.line]
    from solver.analysis import analyse
    assert a.value == analyse(classic).value_exact


# The card to play ends the trick: the opponent's next card is not an answer within it.
LAST_CARD = "hand1=4S,6S hand2=2C,RC,AD table=6C top=3D briscola=3C turn=2"


def test_a_reply_after_the_trick_is_told_as_a_lead_or_an_answer_to_the_next_lead():
    ex = explain(parse_position(LAST_CARD))
    alts = {card_str(a.card): a for a in ex.alternatives}
    # AD loses to 6C (cups are trumps): the opponent takes it and leads 3D next
    assert (alts["AD"].role, card_str(alts["AD"].reply)) == ("lead", "3D")
    # RC takes 6C: you lead 3D next and the opponent answers it with 4S
    assert (alts["RC"].role, card_str(alts["RC"].lead), card_str(alts["RC"].reply)) == \
        ("answer_next", "3D", "4S")
    en = render_text(ex, "en")
    assert "the opponent answers with the Three of coins" not in en
    assert ("The Ace of coins costs 22 points: the opponent takes the trick and leads the Three "
            "of coins next") in en
    assert ("The King of cups costs 42 points: you take the trick and lead the Three of coins "
            "next, the opponent answers with the 4 of swords") in en
    it = render_text(ex, "it")
    assert "l'avversario risponde con il Tre di denari" not in it
    assert "l'avversario fa la presa e apre la successiva con il Tre di denari" in it
    assert "fai la presa e apri la successiva con il Tre di denari, l'avversario risponde " \
           "con il 4 di spade" in it
    d = ex.to_json()
    assert {a["card"]: a["reply_role"] for a in d["alternatives"]} == {"AD": "lead",
                                                                      "RC": "answer_next"}


def test_the_draw_idea_says_what_is_exchanged_and_compares_it_with_the_card_not_played():
    """`briscola demo` said "the exchange is worth 62 points" beside other cards costing 22
    and 42, read as what giving up the trick gains: it names the two cards drawn, says
    their worth is theirs alone and gives the card that takes the trick its cost in all,
    the other cards' own figure."""
    ex = explain(parse_position(LAST_CARD))
    [i] = [x for x in ex.ideas if x.kind == "lose_for_trump"]
    alts = {card_str(a.card): a for a in ex.alternatives}
    assert card_str(i.data["instead"]) == "RC" and i.data["instead_cost"] == alts["RC"].cost == 42
    assert i.data["gain"] == 62
    en, it = render_text(ex, "en"), render_text(ex, "it")
    assert "exchange" not in en and "scambio" not in it
    assert ("Drawing the Three of cups rather than the Three of coins is worth 62 points on its "
            "own; the King of cups, which takes the trick and with it the Three of coins, costs "
            "42 points in all.") in en
    assert ("Pescare il Tre di coppe anziché il Tre di denari vale da solo 62 punti; il Re di "
            "coppe, con cui si fa la presa e si pesca il Tre di denari, costa 42 punti in tutto.") in it
    top = explain(parse_position(TOP))
    [w] = [x for x in top.ideas if x.kind == "win_for_top"]
    said = render_text(top, "en").split("Take the trick for the better top card: ")[1]
    assert "rather than the 6 of batons is worth " in said.split("\n")[0]
    assert ", which loses the trick and with it the Ace of batons, costs " in said.split("\n")[0]
    assert w.data["instead_cost"] > 0


def test_a_reply_within_the_trick_is_an_answer():
    ex = explain(parse_position(LISCIO))   # player to move leads: the opponent answers
    assert [a.role for a in ex.alternatives] == ["answer"]
    assert "the opponent answers with the Three of coins" in render_text(ex, "en")


def test_an_other_cards_line_is_said_to_start_again_from_its_first_trick():
    """The other cards' line lists every trick from the card's own, but was joined with
    "then" to the reply it repeats ("... answers with the Three of cups, then 4C-AC"):
    it is introduced as the whole line, trick by trick, en and it."""
    ex = explain(parse_position(LAST_CARD))
    for lang, intro, bad in (("en", "; the whole line, trick by trick: ", ", then "),
                             ("it", "; la linea intera, presa per presa: ", ", poi ")):
        text = render_text(ex, lang)
        others = text.split("\n\n")[2].splitlines()[1:]
        assert len(others) == len(ex.alternatives) == 2, text
        for said, a in zip(others, ex.alternatives, strict=True):
            first = a.line[0]
            assert f"{intro}{card_str(first.lead.card)}-{card_str(first.follow.card)} " in said
            assert bad not in said, said


def test_explain_before_the_endgame_shows_its_progress(monkeypatch):
    """explain's analyses before the endgame (10 s by default) said nothing on stderr while
    they ran: the estimate's progress lines are shown, as analyse shows them."""
    from solver.analysis import sampler
    from solver.game import deal, to_position

    monkeypatch.setattr(sampler, "PROGRESS_AFTER", 0.2)
    monkeypatch.setattr(sampler, "PROGRESS_EVERY", 0.2)
    pos = to_position(deal("scoperta", seed=4))
    r = CliRunner().invoke(cli, ["explain", pos.to_text(), "--time-limit", "0.6"])
    assert r.exit_code == 0, r.output
    assert any(ln.startswith("estimate: ") for ln in r.stderr.splitlines()), r.stderr


def test_ctrl_c_before_the_endgame_explains_the_values_so_far(ctrl_c_in_exact_search):
    """Ctrl-C in explain's analysis before the endgame lost the explanation: it gives the
    values found so far, said to be an interrupted estimate, en and it."""
    from solver.random_positions import random_position

    pos = random_position(random.Random(8), 8)
    ctrl_c_in_exact_search(pos)
    for lang, kind in (("en", "(estimate, interrupted, "), ("it", "(stima, interrotta, ")):
        r = CliRunner().invoke(cli, ["explain", pos.to_text(), "--lang", lang])
        assert r.exit_code == 0, r.output
        assert kind in r.stdout and "\u00b1" in r.stdout, r.stdout
    j = json.loads(CliRunner().invoke(cli, ["explain", pos.to_text(), "--json"]).stdout)
    assert j["interrupted"] is True and j["exact"] is False


def test_an_estimates_json_carries_the_notes_its_interval_cites():
    """explain --json of an estimate gave "interval": "sampling and extrapolated method",
    whose words say "the note says how", and no note (nor method): it carries both, as
    analyse --json does, the text's notes in English."""
    far = ("hand1=AB,3C,AC hand2=7C,CC,3D top=6S briscola=RD played=4B,5B,6B,FB,2C,4C,6C,"
           "4D,CD,4S,5S,FS turn=1 score=7-0")
    r = CliRunner().invoke(cli, ["explain", "--json", "--time-limit", "0.2", far])
    assert r.exit_code == 0, r.output
    j = json.loads(r.output)
    assert j["exact"] is False and j["interval"] == "sampling and extrapolated method"
    assert j["method"].startswith("sampled-clairvoyant")
    assert any("grown in proportion to the talon" in n for n in j["notes"]), j["notes"]
    text = CliRunner().invoke(cli, ["explain", "--time-limit", "0.2", far]).output
    assert "grown in proportion to the talon" in text


def test_a_small_win_plus_minus_is_not_printed_as_zero():
    """An estimated chance's ± of 0.03 percentage points read "± 0.0%", as if it had no
    error: it keeps a hundredth where a tenth would round it to 0, as the review does."""
    from dataclasses import replace

    from solver.random_positions import random_position
    pos = random_position(random.Random(12), 12, with_score=True)
    ex = explain(pos, "win", time_limit=0.2)
    assert ex.phase == "before_endgame" and not ex.analysis.exact
    small = replace(ex.analysis, moves=tuple(replace(m, error=0.0003) for m in ex.analysis.moves))
    text = render_text(replace(ex, analysis=small), "en")
    assert "± 0.03%" in text and "± 0.0%" not in text, text
