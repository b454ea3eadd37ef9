"""`briscola play`: a real terminal session with piped input, every option, the engine's levels
and its one-line reasons."""
import json
import os
import random
import re
import shlex
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cli import cmd_play as P
from cli.main import cli
from solver.analysis import analyse
from solver.cards import card_str
from solver.game import from_position, to_position
from solver.i18n import agree
from solver.players import levels as L
from solver.position import parse_position
from solver.record import read_record, replay_all, replay_match

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TPM = "0.03"
# A scripted player: every card of the deck, over and over. Cards not in hand are refused
# with a reason and the next line is tried, so each turn plays the first held card in deck
# order; the game always ends before the script does.
SCRIPT = "".join(card_str(c) + "\n" for _ in range(25) for c in range(40))
LATE = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"          # talon empty: exact and fast


def run(*args, input=None, env=None):
    return CliRunner().invoke(cli, list(args), input=input, env=env)


def one_line_error(r, *words):
    assert r.exit_code == 2, (r.output, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    assert "Traceback" not in r.output
    for w in words:
        assert w in lines[0], lines[0]


def session(args, text):
    return subprocess.run([sys.executable, "-m", "cli.main", "play", *args], input=text,
                          capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "NO_COLOR": "1"})


def result_points(out):
    line = next(ln for ln in out.splitlines() if ln.startswith("Result: "))
    a = int(line.split("you ")[1].split(",")[0])
    b = int(line.split("engine ")[1].split(":")[0])
    return line, a, b


def test_a_real_session_plays_a_whole_deal_and_reviews_it():
    p = session(["--seed", "3", "--level", "hard", "--time-per-move", TPM], SCRIPT)
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr
    out = p.stdout
    assert out.startswith("Briscola scoperta against the engine (level hard), seed 3.")
    tricks = [ln for ln in out.splitlines() if ln.startswith("Trick ")]
    assert [t.split(":")[0] for t in tricks] == [f"Trick {i}" for i in range(1, 21)]
    engine = [ln for ln in out.splitlines() if ln.startswith("The engine plays ")]
    assert len(engine) == 20 and all(": " in ln.split("plays ", 1)[1] for ln in engine)
    assert "is not in your hand (your cards:" in out
    line, a, b = result_points(out)
    assert a + b == 120
    assert tricks[-1].endswith(f"Score: you {a}, the engine {b}.")
    review = out.split("Review of your play:")[1]
    assert "Biggest mistakes" in review and "player 1 (you):" in review
    assert "player 2" not in review
    assert "\x1b[" not in out


def test_a_real_session_hint_bad_card_and_quit():
    p = session(["--seed", "8", "--time-per-move", TPM], "hint\nzz\n9X\n\nhelp\nq\nAD\n")
    assert p.returncode == 0 and "Traceback" not in p.stderr
    out = p.stdout
    assert "Hint: " in out and " for you" in out
    assert "unknown card 'zz'" in out and "unknown card '9X'" in out
    assert "'hint' for the engine's advice" in out
    assert out.rstrip().endswith("Game stopped.")
    assert "Trick 1" not in out


def test_end_of_input_ends_cleanly():
    r = run("play", "--seed", "1", "--time-per-move", TPM, input="")
    assert r.exit_code == 0 and r.output.rstrip().endswith("End of input: game stopped.")


@pytest.mark.parametrize("level", L.LEVELS)
def test_every_level_starts_a_game(level):
    r = run("play", "--seed", "2", "--level", level, "--time-per-move", TPM, input="q\n")
    assert r.exit_code == 0, r.stderr
    assert f"(level {level}), seed 2." in r.output and "Your cards: " in r.output


def test_the_seed_fixes_the_deal_and_the_engine():
    def game(seed):
        r = run("play", "--seed", str(seed), "--level", "easy", "--time-per-move", TPM,
                input=SCRIPT[:2 * 40 * 3])  # ends mid-deal: the review is timed
        assert r.exit_code == 0, r.stderr
        return r.output
    a = game(11)
    assert game(11) == a and game(12) != a
    assert "Trick 3:" in a and a.rstrip().endswith("End of input: game stopped.")


def test_record_out_writes_a_replayable_record_and_never_overwrites(tmp_path):
    out = tmp_path / "game.json"
    r = run("play", "--seed", "6", "--level", "easy", "--time-per-move", TPM,
            "--record-out", str(out), input=SCRIPT)
    assert r.exit_code == 0, r.stderr
    rec = read_record(str(out))
    assert rec["players"] == ["human", "engine-easy"] and rec["seed"] == 6
    state = replay_all(rec)[0]
    assert state.is_over and len(rec["moves"]) == 40
    _, a, b = result_points(r.output)
    assert rec["result"]["points"] == [a, b]
    before = out.read_text()
    one_line_error(run("play", "--seed", "6", "--record-out", str(out), input="q\n"),
                   "exists", "--force")
    assert out.read_text() == before
    r = run("play", "--seed", "6", "--record-out", str(out), "--force", input="q\n")
    assert r.exit_code == 0 and f"Record written to {out}" in r.output
    rec = json.loads(out.read_text())
    assert rec["moves"] == [] and "result" not in rec
    replay_all(rec)



@pytest.mark.parametrize("start", [
    "hand1=3C,AS hand2=2C table=RS briscola=RD turn=1",
    "hand1=AC,7D,RS hand2=3C,2D table=4C top=3D briscola=4S turn=1",
    "variant=classic hand1=3C,AS hand2=2C table=RS briscola=RD turn=1",
    "hand1=3C hand2=2C,AS table=RS briscola=RD turn=2",
])
def test_a_game_from_a_card_on_the_table_is_reviewed_recorded_and_replayed(tmp_path, start):
    """The card on the table was played before the game began: not one of its moves."""
    out = tmp_path / "game.json"
    r = run("play", "--from", start, "--level", "easy", "--seed", "1", "--time-per-move", TPM,
            "--record-out", str(out), input=SCRIPT)
    assert r.exit_code == 0, r.stderr
    assert "Review of your play:" in r.output and f"Record written to {out}" in r.output
    rec = read_record(str(out))
    table = parse_position(start).table
    assert rec["moves"] and not {card_str(c) for c in table} & set(rec["moves"])
    assert replay_all(rec)[0].is_over
    assert run("replay", str(out)).exit_code == 0
    r = run("review", str(out), "--time-per-move", TPM)
    assert r.exit_code == 0, r.stderr


def test_quitting_a_game_from_a_card_on_the_table_keeps_a_record_that_replays(tmp_path):
    out = tmp_path / "game.json"
    r = run("play", "--from", "hand1=AC,7D,RS hand2=3C,2D table=4C top=3D briscola=4S turn=1",
            "--seed", "1", "--record-out", str(out), input="q\n")
    assert r.exit_code == 0, r.stderr
    rec = read_record(str(out))
    assert rec["moves"] == [] and not replay_all(rec)[0].is_over
    assert run("replay", str(out)).exit_code == 0
    r = run("review", str(out), "--time-per-move", TPM)
    assert r.exit_code == 0, r.stderr


def test_a_match_of_two_rounds(tmp_path):
    out = tmp_path / "match.json"
    r = run("play", "--seed", "4", "--match", "2", "--level", "easy", "--time-per-move", TPM,
            "--record-out", str(out), input=SCRIPT)
    assert r.exit_code == 0, r.stderr
    assert "Match of 2 rounds." in r.output and "--- Deal 2 ---" in r.output
    assert r.output.count("Review of your play:") == 2
    m = replay_match(read_record(str(out)))
    assert m.is_over and len(m.deals) == 2
    assert agree(f"Match: you {m.wins[0]} deals won, the engine {m.wins[1]}, drawn {m.draws}.",
                 "en") in r.output
    last = r.output.rstrip().splitlines()[-2]
    assert last in ("You win the match.", "The engine wins the match.", "The match is drawn.")
    # second deal: the engine leads (the deal passes to the other player)
    deal2 = r.output.split("--- Deal 2 ---")[1]
    assert deal2.lstrip().startswith("The engine plays ")


def test_quitting_a_match_keeps_the_unfinished_deal_in_the_record(tmp_path):
    out = tmp_path / "m.json"
    r = run("play", "--seed", "4", "--match", "3", "--record-out", str(out), "--time-per-move", TPM,
            input="q\n")
    assert r.exit_code == 0, r.stderr
    rec = read_record(str(out))
    assert len(rec["deals"]) == 1 and rec["deals"][0]["moves"] == []
    assert not replay_all(rec)[0].is_over


def test_italian():
    r = run("play", "--seed", "2", "--lang", "it", "--time-per-move", TPM, input="zz\nAD\nq\n")
    assert r.exit_code == 0
    assert "Sei il giocatore 1" in r.output and "Motore: " in r.output
    assert "Le tue carte:" in r.output and r.output.rstrip().endswith("Partita interrotta.")


CLASSIC_FROM = "variant=classic hand1=AS,3S,RB hand2=4S,7S,4B briscola=4C played=2B,3B turn=1"
CLASSIC_UNSEEN = 40 - 6 - 2 - 1  # the hands, the played cards and the turned trump seen
# the talon two cards, the turned trump and 2C under it: one order, nothing shuffled
ONE_UNSEEN = CLASSIC_FROM.replace("played=2B,3B", "played=" + ",".join(
    card_str(c) for c in range(40)
    if card_str(c) not in {"AS", "3S", "RB", "4S", "7S", "4B", "4C", "2C"}))


@pytest.mark.parametrize("args,said", [
    ([LATE], "from the position given; its talon is empty, so nothing is shuffled. "),
    ([ONE_UNSEEN], "from the position given; its talon's order is fixed, so nothing is "
                   "shuffled. "),
    ([CLASSIC_FROM], f"from the position given, the talon's {CLASSIC_UNSEEN} unseen cards "
                     "shuffled (the seed is said at the end"),
    ([CLASSIC_FROM, "--seed", "5"],
     f"from the position given, the talon's {CLASSIC_UNSEEN} unseen cards shuffled by seed 5. "),
    ([CLASSIC_FROM, "--lang", "it"], f"dalla posizione data, le {CLASSIC_UNSEEN} carte non viste "
                                     "del tallone mescolate a caso"),
    ([LATE, "--lang", "it"], "dalla posizione data; il tallone è vuoto, quindi non si mescola "
                             "nulla. "),
    ([ONE_UNSEEN, "--lang", "it"], "dalla posizione data; l'ordine del tallone è già fissato, "
                                   "quindi non si mescola nulla. "),
])
def test_a_game_from_a_position_opens_saying_so(args, said):
    """The opening line of ``--from`` said "a random deal (its seed is said at the end ...)":
    the game starts from the position given, and only its talon's unseen cards (if any)
    are shuffled. Where none are (the talon empty, or one order only) it says nothing is
    shuffled, as docs/commands.md says: it said only "from the position given"."""
    r = run("play", "--from", *args, "--level", "easy", input="q\n")
    assert r.exit_code == 0, r.output
    first = r.output.splitlines()[0]
    assert said in first, first
    assert "random deal" not in first and "mescolata a caso (" not in first, first


@pytest.mark.parametrize("args,words", [
    (["--level", "genius"], ["--level"]),
    (["--time-per-move", "0"], ["--time-per-move", "positive"]),
    (["--match", "0"], ["--match", "out of range (1 to"]),
    (["--lang", "fr"], ["--lang"]),
    (["--seed", "x"], ["--seed"]),
])
def test_bad_options_are_one_line_errors(args, words):
    one_line_error(run("play", *args, input="q\n"), *words)


# ----- the engine's choices and words ---------------------------------------------------

def late_state(text=LATE):
    return from_position(parse_position(text))


def test_perfect_and_hard_play_a_best_card():
    st = late_state("hand1=3C,AS hand2=2C,RS,2D table=4C briscola=RD turn=2")
    best = analyse(to_position(st)).best
    for level in ("perfect", "hard"):
        ch = L.choose_move(st, level, 0.5, random.Random(1))
        assert ch.how == "analysis" and ch.card in best


def test_easy_and_medium_mix_their_choices_reproducibly():
    st = late_state("hand1=3C,AS hand2=2C,RS,7D table=4C briscola=RD turn=2")
    legal = to_position(st).legal_cards()
    for level, kinds in (("easy", {"greedy", "random"}), ("medium", {"greedy", "analysis"})):
        rng = random.Random(5)
        got = [L.choose_move(st, level, 0.2, rng) for _ in range(30)]
        assert {c.how for c in got} == kinds and all(c.card in legal for c in got)
        rng = random.Random(5)
        assert [L.choose_move(st, level, 0.2, rng).card for _ in range(30)] == [c.card for c in got]


def test_without_an_analysis_the_engine_falls_back_to_greedy(monkeypatch):
    monkeypatch.setattr(L, "try_analyse", lambda pos, t, cache=None: None)
    st = late_state("hand1=3C,AS hand2=2C,RS,7D table=4C briscola=RD turn=2")
    ch = L.choose_move(st, "perfect", 0.1, random.Random(0))
    assert ch.how == "fallback" and ch.analysis is None
    assert P.engine_reason(st, ch).endswith("rule of thumb: no analysis in time")
    assert P.hint_text(st, 0.1, "en").startswith("Hint (rule of thumb")


def test_reasons_say_what_the_card_does():
    st = late_state("hand1=AS,2D hand2=AD,2C,RS table=3C briscola=RD turn=2")
    a = analyse(to_position(st))
    take = L.Choice(29, a, "analysis")              # AD, a trump
    assert P.engine_reason(st, take).startswith(
        "takes the Three of cups with the Ace of coins (trump): expected final margin ")
    assert "(exact)" in P.engine_reason(st, take)
    assert P.engine_reason(st, take, "it").startswith(
        "prende il Tre di coppe con l'Asso di denari (briscola): margine finale atteso ")
    give = L.Choice(10, a, "analysis")              # 2C loses to the 3C
    assert P.engine_reason(st, give).startswith("gives up the trick, throwing the 2 of cups")
    lead = late_state("hand1=AS,2D hand2=AD,2C briscola=RD turn=2")
    assert P.engine_reason(lead, L.Choice(10, None, "random")) == "leads the 2 of cups: a random card"
    v = a.move(29).value
    assert P.signed(v) in P.engine_reason(st, take)


def test_hint_gives_the_best_card_and_its_value():
    st = late_state()
    a = analyse(to_position(st))
    text = P.hint_text(st, 0.5, "en")
    assert text.startswith(f"Hint: {card_str(a.moves[0].card)} (")
    # no points taken yet in this game: the final margin is the points still to win
    assert f"expected final margin {P.signed(a.value)} (exact) for you" in text


def test_colour_only_when_asked():
    ses = P.ScopertaPlay("easy", 0.1, "en", True, 1)
    assert "\x1b[" in ses.card(39)
    ses = P.ScopertaPlay("easy", 0.1, "en", False, 1)
    assert ses.card(39) == "AS"
    assert P._colour_wanted() is False          # tests do not run on a terminal


def test_ctrl_c_stops_the_game_and_keeps_the_record(tmp_path, monkeypatch):
    calls = []

    def ask(self, state):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return to_position(state).legal_cards()[0]
    monkeypatch.setattr(P.ScopertaPlay, "ask", ask)
    out = tmp_path / "g.json"
    r = run("play", "--seed", "9", "--level", "easy", "--record-out", str(out))
    assert r.exit_code == 130
    assert "Interrupted: game stopped." in r.output and "Trick 2:" in r.output
    rec = read_record(str(out))
    state = replay_all(rec)[0]
    assert not state.is_over and state.to_move == 0 and len(rec["moves"]) >= 4


@pytest.mark.parametrize("variant", ["scoperta", "classic"])
def test_without_a_seed_one_is_chosen_and_said_only_at_the_end(variant):
    """The seed names every card the player cannot see (the talon's order, the engine's
    hand): a seed the player did not choose is said when the game ends, and deals the same
    again."""
    r = run("play", "--variant", variant, "--time-per-move", TPM, input="q\n")
    assert r.exit_code == 0
    first, *_, last = r.output.strip().splitlines()
    assert "seed" not in first.replace("its seed is said at the end", "")
    seed = last.split("The seed was ")[1].split(":")[0]
    assert seed.isdigit()
    again = run("play", "--variant", variant, "--seed", seed, "--time-per-move", TPM,
                input="q\n")
    cards = [ln for ln in r.output.splitlines() if ln.startswith("Your cards: ")]
    assert cards and cards == [ln for ln in again.output.splitlines()
                               if ln.startswith("Your cards: ")]
    assert "The seed was" not in again.output


@pytest.mark.parametrize("args", [
    ["--variant", "classic"],
    ["--variant", "briscolone", "--match", "121"],
    ["--from", "variant=classic hand1=AS,3S,RB hand2=4S,7S,4B briscola=4C played=2B,3B turn=1"],
])
def test_the_command_said_at_the_end_deals_the_same_again_as_written(args, tmp_path):
    """The line at the end names the command that deals the game again, and run as written
    it does: it said `briscola play --seed N`, which deals a scoperta deal from the start,
    not the classic deal, the Briscolone match or the --from position's talon played."""
    first, again = tmp_path / "first.json", tmp_path / "again.json"
    r = run("play", *args, "--level", "easy", "--record-out", str(first), input="q\n")
    assert r.exit_code == 0, r.output
    said = re.search(r"The seed was \d+: `briscola (play .*)` deals the same again", r.output)
    assert said, r.output
    r2 = run(*shlex.split(said.group(1)), "--level", "easy", "--record-out", str(again),
             input="q\n")
    assert r2.exit_code == 0, r2.output
    assert "The seed was" not in r2.output
    assert read_record(str(again)) == read_record(str(first))


def test_help_has_an_example():
    r = run("play", "--help")
    assert r.exit_code == 0 and "briscola play --seed" in r.output and "--match N" in r.output


def test_a_deal_from_a_position_without_a_score_does_not_name_a_winner():
    """Only the points won since the start are known there (the start's played cards are
    nobody's), so the result says those and not who won the deal (it said "the engine wins
    the deal" on 0-25 since the start)."""
    start = "hand1=3C,AS hand2=2C table=RS briscola=RD turn=1"
    r = run("play", "--from", start, "--level", "easy", "--seed", "1", "--time-per-move", TPM,
            input="3C\n")
    assert r.exit_code == 0, r.output
    assert "Result from the start on: you 0, the engine 25 (the start gave no score=" in r.output
    assert "wins the deal" not in r.output and "you win the deal" not in r.output


def test_an_exact_value_that_is_not_whole_is_given_with_its_fraction():
    """A hint's "(exact)" value of -10/3 read "-3.3 (exact)": rounded decimals are not
    exact, so the fraction is said beside them (the runner-up's too)."""
    start = ("hand1=7D,3D,2S hand2=6B,CB,FD top=CS briscola=3B played=2B,4B,5B,FB,AB,2C,4C,"
             "5C,6C,7C,FC,RC,3C,AC,2D,4D,5D,6D,CD,RD,AD,5S,6S,7S,FS,RS,3S,AS turn=1")
    r = run("play", "--from", start, "--seed", "1", "--time-per-move", "0.5", input="hint\nq\n")
    hint = next(ln for ln in r.output.splitlines() if ln.startswith("Hint: "))
    assert "-3.33 = -10/3 (exact)" in hint and "next best 7D -4.67 = -14/3" in hint, hint


def test_a_drawn_seed_is_not_said_before_the_match_ends_and_reviews_number_their_deal(monkeypatch):
    """A match's drawn seed deals its later deals too: the review after deal 1 named it
    ("Review, seed N"), which told every hidden card of deal 2. And a later deal's review
    numbered its moves "deal 1"."""
    import re
    monkeypatch.setattr(P, "fresh_seed", lambda: 1234567890123)
    seed = "1234567890123"
    cards = [f"{r}{s}" for s in "BCDS" for r in "24567FCR3A"]
    r = run("play", "--variant", "classic", "--match", "2", "--level", "easy",
            "--time-per-move", "0.02", input="\n".join(cards * 90) + "\n")
    out = r.output
    deals = [int(d) for d in re.findall(r"Deal (\d+)", out)]
    assert r.exit_code == 0 and len(deals) >= 2, out[-2000:]
    last_review = out.rindex("Review")
    assert seed not in out[:last_review + 200], "the seed was said before the match ended"
    assert seed in out.strip().splitlines()[-1]
    for start in [m.start() for m in re.finditer("Review", out)]:
        dealt = [d for d in re.findall(r"Deal (\d+)", out[:start])][-1]
        rows = re.findall(r"^ +(\d+) +\d+ +\d+ +1 ", out[start:start + 3000], re.M)
        assert rows and set(rows) == {dealt}, (dealt, rows)


def test_a_card_not_held_is_refused_naming_the_whole_hand():
    """Briscolone follows suit: 'your cards' listed only the playable ones ('7C is not in
    your hand (your cards: 5B)' with 5B 4C CC AC CS in hand)."""
    from solver.game import from_position
    from solver.rules import get_variant
    pos = parse_position("variant=briscolone hand1=5B,4C,CC,AC,CS hand2=2B,6B,RB,3D "
                         "table=7B turn=1 played=2C,3C,5C,6C,7C,FC,RC,4B,FB,CB,3B,AB,2D,4D,5D,"
                         "6D,7D,FD,CD,RD,2S,4S,5S,6S,7S,FS,RS,3S,AS,AD")
    ses = P.VariantPlay(get_variant("briscolone"), "easy", 0.1, "en", False, None)
    said = ses.refusal(from_position(pos), 0 * 10 + 4)  # 7B: on the table, not in the hand
    assert said is not None and said.endswith("(your cards: 5B 4C CC AC CS)"), said


# four-player scoperta: player 1 (you) holds the trick with RC; player 3, your partner, plays
FOUR_PARTNER = ("variant=scoperta4 hand1=AS,3S hand2=4S,7S hand3=AD,6B,2C hand4=5D,2B,RB "
                "table=RC,FC briscola=4C turn=3 score=40-38")
# player 3 plays the trick's last card (player 4 led the King of batons): nobody may take it
FOUR_LAST = ("variant=scoperta4 hand1=AS,3S hand2=4S,7S hand3=AD,6B,2C hand4=5D,2B "
             "table=RB,RC,FC briscola=4C turn=3 score=40-38")
# the same deal a card earlier: player 2, of the other team, plays
FOUR_OTHER = ("variant=scoperta4 hand1=AS,3S hand2=4S,7S,FC hand3=AD,6B,2C hand4=5D,2B,RB "
              "table=RC briscola=4C turn=2 score=40-38")


def test_four_player_reasons_are_said_from_your_seat():
    """The engine plays both teams: a card's value is said for the team of the seat that
    played it (your partner's for your team), and your partner's trick is yours."""
    from solver.cards import parse_card_id
    st = late_state(FOUR_PARTNER)
    a = analyse(to_position(st))
    load = L.Choice(parse_card_id("AD"), a, "analysis")
    assert P.engine_reason(st, load) == (
        "loads the Ace of coins (a carico) onto the trick you hold for now (players still to "
        "play): expected final margin +44 (exact) for your team")
    assert P.engine_reason(st, load, "it") == (
        "carica l'Asso di denari sulla presa che per ora tieni tu (altri devono ancora giocare): "
        "margine finale atteso +44 (esatto) per la tua squadra")
    low = P.engine_reason(st, L.Choice(parse_card_id("6B"), a, "analysis"))
    assert low.startswith("leaves the trick to you, playing the 6 of batons") and "its " not in low
    st = late_state(FOUR_LAST)  # the last card: the trick is yours, said flatly
    a = analyse(to_position(st))
    load = L.Choice(parse_card_id("AD"), a, "analysis")
    flat = "loads the Ace of coins onto your trick (a carico): "
    assert P.engine_reason(st, load).startswith(flat)
    assert P.engine_reason(st, load, "it").startswith("carica l'Asso di denari sulla tua presa: ")
    st = late_state(FOUR_OTHER)
    a = analyse(to_position(st))
    give = P.engine_reason(st, L.Choice(parse_card_id("FC"), a, "analysis"))
    assert give.endswith("-44 (exact) for their team") and "engine" not in give
    assert P.engine_reason(st, L.Choice(parse_card_id("FC"), a, "analysis"), "it").endswith(
        "per la loro squadra")
    # two players: the engine's value stays the engine's
    two = late_state("hand1=AS,2D hand2=AD,2C,RS table=3C briscola=RD turn=2")
    take = L.Choice(29, analyse(to_position(two)), "analysis")
    assert P.engine_reason(two, take).endswith(" for the engine")


def test_a_four_player_card_with_players_still_to_come_neither_takes_nor_gives_up_the_trick():
    """Player 2, second to play, was said to take the trick or to give it up ("gives up the
    trick, throwing the Jack of cups") though player 4, its partner, still plays: seeded
    games had the partner take 10 of 47 such tricks, and the card beaten first lost 7 of 26."""
    st = late_state(FOUR_OTHER)                    # you led RC (trump); player 2 holds FC
    under = P.engine_reason(st, L.Choice(15, None, "greedy"))
    assert under == "does not beat the King of cups, throwing the Jack of cups: a rule-of-thumb card"
    assert P.engine_reason(st, L.Choice(15, None, "greedy"), "it").startswith(
        "non supera il Re di coppe e scarta il Fante di coppe")
    top = late_state(FOUR_OTHER.replace("hand4=5D,2B,RB", "hand4=5D,2B,RC")
                     .replace("table=RC", "table=RB"))   # you led RB: FC trumps it
    said = P.engine_reason(top, L.Choice(15, None, "greedy"))
    assert said.startswith("beats the King of batons with the Jack of cups (trump), for now"), said
    assert P.engine_reason(top, L.Choice(15, None, "greedy"), "it").startswith(
        "supera il Re di bastoni con il Fante di coppe (briscola), per ora")
    # the last card of the trick still takes it or gives it up
    two = late_state("hand1=AS,2D hand2=AD,2C,RS table=3C briscola=RD turn=2")
    assert P.engine_reason(two, L.Choice(29, None, "greedy")).startswith(
        "takes the Three of cups with the Ace of coins (trump)")


def test_a_four_player_table_lists_its_cards_as_a_trick_line_does():
    """The table ran its cards together ("player 2 5S partner RD player 4 4D")."""
    from solver.rules import get_variant
    st = late_state(FOUR_PARTNER)
    lines = P.VariantPlay(get_variant("scoperta4"), "easy", 0.03, "en", False, 1).board_lines(st)
    assert "table: you RC, player 2 FC" in lines, lines


def test_a_four_player_hint_gives_its_value_for_your_team():
    """The value is the team's, as every other line of a four-player game says: the hint
    said "for you"."""
    from solver.rules import get_variant
    st = late_state("variant=scoperta4 hand1=AS,3S hand2=4S,7S hand3=AD,6B hand4=5D,2B "
                    "briscola=4C turn=1 score=50-38")
    for lang, words in (("en", " for your team;"), ("it", " per la tua squadra;")):
        hint = P.VariantPlay(get_variant("scoperta4"), "easy", 0.03, lang, False, 1).hint(st)
        assert words in hint, hint


def test_a_two_player_game_says_you_and_the_engine_and_its_tricks_as_scoperta_does(capsys):
    """The hidden-card games said "-> the engine (10). points: your side 0, other side 10"
    where scoperta says "-> the engine takes 10 points. Score: you 0, the engine 10": two
    players are you and the engine in every game (sides are four-player's), on the board,
    after a trick, at the deal's end and in a match's totals, en and it."""
    from solver.cards import parse_card
    from solver.game import new_match, play
    from solver.players.agents import get_agent
    from solver.rules import get_variant
    end = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1 score=50-45"
    trick = {"en": "Trick 1: you AS, the engine RS -> you take 15 points. Score: you 65, the "
                   "engine 45.",
             "it": "Presa 1: tu AS, il motore RS -> tu prendi 15 punti. Punteggio: tu 65, il "
                   "motore 45."}
    for lang in ("en", "it"):
        for v in ("scoperta", "classic"):
            st = late_state(f"variant={v} {end}")
            ses = (P.ScopertaPlay("easy", 0.03, lang, False, 1) if v == "scoperta" else
                   P.VariantPlay(get_variant(v), "easy", 0.03, lang, False, 1))
            ses.trick_summary(st, play(play(st, parse_card("AS")), parse_card("RS")))
            assert capsys.readouterr().out.strip() == trick[lang], v
        st = late_state(f"variant=classic {end}")
        said = {"en": "points: you 50, the engine 45", "it": "punti: tu 50, il motore 45"}
        assert said[lang] in P.VariantPlay(get_variant("classic"), "easy", 0.03, lang, False,
                                           1).board_lines(st)
    other = P.VariantPlay(get_variant("classic"), "easy", 0.03, "en", False, 1,
                          opponent=get_agent("greedy"))
    assert "points: you 50, the opponent 45" in other.board_lines(st)
    every = ",".join(card_str(c) for c in range(40))
    done = late_state(f"variant=briscolone hand1=- hand2=- played={every} turn=1 score=70-50")
    for lang, total in (("en", "Match totals: you 70, the engine 50."),
                        ("it", "Totali della partita: tu 70, il motore 50.")):
        ses = P.VariantPlay(get_variant("briscolone"), "easy", 0.03, lang, False, 1)
        assert ses.standing(new_match("briscolone", 121).add(done)) == total
    r = run("play", "--variant", "classic", "--seed", "5", "--level", "easy",
            "--time-per-move", TPM, input=SCRIPT)
    assert r.exit_code == 0, r.stderr
    assert "your side" not in r.output and "other side" not in r.output, r.output
    tricks = [ln for ln in r.output.splitlines() if ln.startswith("Trick ")]
    assert len(tricks) == 20 and all(re.search(r" -> (you take|the engine takes) \d+ points\. "
                                               r"Score: you \d+, the engine \d+\.$", t)
                                     for t in tricks), tricks
    assert re.search(r"^Result: (you \d+, the engine \d+: |60-60, a draw\.$)", r.output,
                     re.M), r.output


def test_a_four_player_deal_and_match_end_with_a_verdict_for_your_team(capsys):
    from solver.rules import get_variant
    every = ",".join(card_str(c) for c in range(40))
    end = late_state(f"variant=scoperta4 hand1=- hand2=- hand3=- hand4=- briscola=4C "
                     f"played={every} turn=1 score=60-60")
    for lang, said in (("en", "Deal over: your team 60, the other team 60: a draw at 60-60."),
                       ("it", "Smazzata finita: la tua squadra 60, l'altra 60: pareggio 60 a 60.")):
        P.VariantPlay(get_variant("scoperta4"), "easy", 0.03, lang, False, 1).finish_deal(end, end)
        assert capsys.readouterr().out.strip() == said
    r = run("play", "--variant", "scoperta4", "--seed", "5", "--level", "easy", "--match", "1",
            "--time-per-move", TPM, input=SCRIPT)
    assert r.exit_code == 0, r.stderr
    assert "Match: deals won by your team " in r.output and "Match: you" not in r.output
    over = [ln for ln in r.output.splitlines() if ln.startswith("Deal over: ")]
    assert len(over) == 1 and over[0].endswith(
        ("your team wins the deal.", "the other team wins the deal.", "a draw at 60-60.")), over
    last = r.output.rstrip().splitlines()[-2:]
    assert {"Your team wins the match.", "The other team wins the match."} & set(last), last


@pytest.mark.parametrize("lang,name,unknown", [
    ("en", "Ace of  SWORDS", "unknown card 'ace of stars' (type rank then suit, e.g. AD, 3c, "
     "10b, or its name: Ace, Three, King, Knight, Jack, 7 ... 2 of batons, cups, coins, swords, "
     "or of clubs, hearts, diamonds, spades)"),
    ("it", "asso di spade", "carta sconosciuta 'ace of stars' (scrivi il valore e poi il seme, "
     "per esempio AD, 3c, 10b, o il suo nome: Asso, Tre, Re, Cavallo, Fante, 7 ... 2 di "
     "bastoni, coppe, denari, spade, o di fiori, cuori, quadri, picche)"),
    ("en", "ace of spades", "unknown card 'ace of stars'"),
    ("it", "Asso di PICCHE", "carta sconosciuta 'ace of stars'"),
])
def test_a_card_may_be_typed_by_its_name(tmp_path, lang, name, unknown):
    """`puzzles play` read a card's name ('asso di spade'); `play` took the notation alone
    and refused the name as an unknown card. The French-suited deck's names ('ace of
    spades', 'asso di picche') were unknown cards too."""
    out = tmp_path / "game.json"
    r = run("play", "--from", LATE, "--seed", "1", "--time-per-move", TPM, "--lang", lang,
            "--record-out", str(out), input=f"ace of stars\n{name}\n")
    assert r.exit_code == 0, r.stderr
    assert unknown in r.output, r.output
    assert read_record(str(out))["moves"][0] == "AS"


def test_a_small_plus_minus_in_a_hint_is_not_printed_as_zero():
    """A hint printed an estimate's ± 0.03 as "± 0.0", which reads as no error at all: it
    keeps a hundredth where a tenth would round it to 0, as the review does."""
    from dataclasses import replace
    pos = parse_position("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=- turn=1")
    a = analyse(pos, samples=20)
    assert not a.exact and a.samples >= 2
    small = replace(a, moves=tuple(replace(m, error=0.03, gap_error=0.04) for m in a.moves))
    said = P.value_words(small, small.moves[0].card, "en")
    assert "± 0.03 " in said and "± 0.0 " not in said, said
    tail = P.next_best_words(small, small.moves[0], small.moves[1], P.WORDS["en"], "en")
    assert "± 0.03" in tail and "0.04" in tail and "± 0.0 " not in tail, tail
