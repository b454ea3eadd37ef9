"""`briscola play` in the terminal, as good as the board: the draws in every game (only what
your seat may see), the hand once per turn, the engine named and giving its reason for every
card, a compact scoperta board with the unseen cards on request, no progress lines left on
the screen, the level and seed words in Italian."""
import re

import pytest

from click.testing import CliRunner

from cli import cmd_play as P
from cli.main import cli
from solver.analysis import progress
from solver.cards import card_str, cards_of
from solver.record import read_record, replay_all

TPM = "0.03"
# every card of the deck over and over: each turn plays the first held (and legal) card
SCRIPT = "".join(card_str(c) + "\n" for _ in range(25) for c in range(40))


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input, env={"NO_COLOR": "1"})


def test_classic_shows_the_draws_your_seat_may_see_and_names_the_engine(tmp_path):
    out_file = tmp_path / "g.json"
    r = run("play", "--variant", "classic", "--seed", "5", "--level", "easy", "--time-per-move",
            TPM, "--record-out", str(out_file), input=SCRIPT)
    assert r.exit_code == 0, r.output
    out = r.output
    state = replay_all(read_record(str(out_file)))[0]
    draws = [ln for ln in out.splitlines() if ln.startswith("Draws: ")]
    tricks = [t for t in state.tricks if t.draws]
    assert len(draws) == len(tricks) == 17
    for ln, t in zip(draws, tricks):
        got = {(t.winner + k) % 2: c for k, c in enumerate(t.draws)}
        assert f"you {card_str(got[0])}" in ln, ln
        shown = got[1] == state.briscola   # the turned trump card, face up for all
        assert (f"the engine {card_str(got[1])}" in ln) == shown, ln
        assert ("the engine a hidden card" in ln) == (not shown), ln
    # the engine is "the engine", and it says why it plays each of its 20 cards
    plays = [ln for ln in out.splitlines() if ln.startswith("The engine plays ")]
    assert len(plays) == 20 and all(re.match(r"The engine plays \w\w: .+", ln) for ln in plays)
    assert "player 2" not in out
    # the hand is printed once per turn: no bare list of cards besides "Your cards:"
    assert not [ln for ln in out.splitlines() if re.fullmatch(r"\s*(\w\w )*\w\w", ln)]
    assert out.count("Your cards: ") == 20


def test_briscolone_says_which_cards_may_be_played_and_hides_the_engines_draws():
    r = run("play", "--variant", "briscolone", "--seed", "5", "--level", "easy",
            "--time-per-move", TPM, input=SCRIPT)
    assert r.exit_code == 0, r.output
    assert "(playable: " in r.output           # following suit: the legal cards after the hand
    draws = [ln for ln in r.output.splitlines() if ln.startswith("Draws: ")]
    assert draws and all("the engine a hidden card" in ln for ln in draws)
    assert "1 cards" not in r.output


def test_scoperta_redraws_a_compact_board_and_shows_the_unseen_cards_on_request():
    r = run("play", "--seed", "3", "--level", "easy", "--time-per-move", TPM,
            input="u\nb\n" + SCRIPT)
    assert r.exit_code == 0, r.output
    out = r.output
    assert out.count("Cards you have not seen (32): ") == 1   # asked once, shown once
    assert out.count("Unseen") == 1                             # the whole board, asked once
    assert out.count("Engine:  ") == 20 and out.count("Your cards: ") == 20
    first_turn = out.split("Your cards: ")[0]
    assert len(first_turn.splitlines()) <= 7


def test_engine_moves_leave_no_progress_line(monkeypatch):
    real = P.choose_move

    def chatty(*args, **kw):
        progress.say("estimate: 2.0 s, 9318 samples, best AD +3.00")
        return real(*args, **kw)
    monkeypatch.setattr(P, "choose_move", chatty)
    r = CliRunner().invoke(cli, ["play", "--seed", "3", "--level", "easy", "--time-per-move",
                                 TPM], input=SCRIPT)
    assert r.exit_code == 0 and "ngine plays" in r.output
    assert "estimate:" not in r.output and "estimate:" not in r.stderr


def test_italian_level_and_seed_words():
    r = run("play", "--seed", "5", "--lang", "it", "--level", "perfect", "--time-per-move", TPM,
            input="q\n")
    assert r.exit_code == 0
    first = r.output.splitlines()[0]
    assert "livello perfetto" in first and "mescolata n. 5" in first, first
    assert "perfect" not in first and "seme" not in first
    r = run("play", "--variant", "classic", "--seed", "5", "--lang", "it", "--time-per-move", TPM,
            input="3S\nq\n")
    assert "il motore" in r.output and "giocatore 2" not in r.output
    assert "players" not in r.output and "Briscola contro il motore" in r.output
    r = run("play", "--variant", "scoperta4", "--seed", "5", "--lang", "it", "--time-per-move",
            TPM, input="q\n")
    assert "(4 giocatori, 2 squadre)" in r.output and "(in cima " in r.output
    assert "(top " not in r.output


def test_the_compact_board_says_who_led_in_both_languages():
    r = run("play", "--seed", "5", "--level", "easy", "--time-per-move", TPM, input=SCRIPT)
    assert "(led by the engine)" in r.output
    r = run("play", "--seed", "5", "--lang", "it", "--level", "easy", "--time-per-move", TPM,
            input=SCRIPT)
    assert "(giocata dal motore)" in r.output and "da il motore" not in r.output


def test_the_engines_reason_in_a_four_player_trick_reads_the_card_to_beat():
    """A card that beats the lead but not the card winning the trick so far does not beat
    that card (with a player still to come it neither takes nor gives up the trick)."""
    from solver.game import deal, play
    from solver.players.levels import Choice
    from solver.cards import card_name
    from solver.rules import beats, get_variant
    found = 0
    for seed in range(40):
        st = deal(get_variant("scoperta4"), seed)
        lead = st.hand_cards(st.to_move)[0]
        st = play(st, lead)
        for second in st.hand_cards(st.to_move):
            if beats(second, lead, st.trump_suit):
                break
        else:
            continue
        st = play(st, second)
        for c in st.hand_cards(st.to_move):
            if beats(c, lead, st.trump_suit) and not beats(c, second, st.trump_suit):
                text = P.engine_reason(st, Choice(c, None, "greedy"), "en")
                assert text.startswith(f"does not beat the {card_name(second)}"), text
                found += 1
    assert found


def test_play_goes_on_from_a_pasted_position_of_any_game(tmp_path):
    """``--from``: the game of the position (no --variant needed), played to its end with
    the hidden talon shuffled by the seed, its record keeping the start and the talon."""
    from solver.position import parse_position
    for text in ("variant=classic hand1=AS,3S,RB hand2=4S,7S,4B briscola=4C played=2B,3B "
                 "turn=1 score=10-0",
                 "variant=briscolone hand1=AC,2C,5C,4S,7D hand2=3C,RC,6S,FS,2D played=- turn=1",
                 "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"):
        out_file = tmp_path / "g.json"
        r = run("play", "--from", text, "--seed", "3", "--level", "easy", "--time-per-move",
                TPM, "--record-out", str(out_file), "--force", input=SCRIPT)
        assert r.exit_code == 0, r.output
        rec = read_record(str(out_file))
        pos = parse_position(text)
        assert rec["variant"] == pos.variant and rec["start"] == repr(pos)
        end = replay_all(rec)[0]
        assert end.is_over and sum(end.side_points) == 120 - (0 if pos.score else
                                                              120 - pos.points_in_play)


def test_play_from_a_position_refuses_what_cannot_start_a_game():
    cases = [
        (["--from", "variant=classic hand1=AS,3S,RB hand2=? briscola=4C played=2B,3B turn=1"],
         "every hand shown"),
        (["--from", "hand1=3C,AS hand2=2C,RS briscola=RD turn=1", "--match", "3"], "--match"),
        (["--from", "hand1=3C,AS hand2=2C,RS briscola=RD turn=1", "--variant", "classic"],
         "the position is scoperta but --variant is classic"),
        (["--from", "hand1=3C,XX hand2=2C,RS briscola=RD turn=1"], "XX"),
    ]
    for args, says in cases:
        r = run("play", *args, input="q\n")
        assert r.exit_code == 2 and says in r.output and "Traceback" not in r.output, r.output
    # said in the language of --lang, the option's name too (it was click's English)
    italian = [(cases[0][0], "tutte le mani in vista"), (cases[2][0], "--variant dice classic"),
               (cases[3][0], "carta sconosciuta 'XX'")]
    for args, says in italian:
        r = run("play", "--lang", "it", *args, input="q\n")
        assert r.exit_code == 2 and r.output.count("\n") == 1, r.output
        assert r.output.startswith("errore: valore non valido per --from: ") and says in r.output


def _human_moments(record_file):
    """(hand, legal cards, card played) at each of the human's (player 1's) turns."""
    from solver.game import legal_cards, play
    from solver.record import deal_start, prepared

    rec = prepared(read_record(str(record_file)))
    d = rec["_deals"][0]
    state, out = deal_start(rec["variant"], d), []
    for c in d["moves"]:
        if state.to_move == 0:
            out.append((cards_of(state.hands[0]), legal_cards(state), c))
        state = play(state, c)
    return out


@pytest.mark.parametrize("variant, n", [("scoperta", 3), ("briscolone", 5)])
def test_a_number_plays_the_card_at_that_place_of_your_cards(tmp_path, variant, n):
    """Typing 1 was refused as an unknown card: the hand is listed in one order, so 1 to N
    name its cards; a number past the hand says what to type, and a card not playable
    (following suit) is refused as if typed by name."""
    out_file = tmp_path / "g.json"
    typed = [9] + [1, 2, 3, 4, 5] * 60
    r = run("play", "--variant", variant, "--seed", "5", "--level", "easy", "--time-per-move",
            TPM, "--record-out", str(out_file), input="".join(f"{k}\n" for k in typed))
    assert r.exit_code == 0, r.output
    assert f"you have no card 9: type 1 to {n} for a card by its place in your cards" in r.output
    assert "unknown card" not in r.output
    moments = _human_moments(out_file)
    assert len(moments) == 20
    at = 0
    for hand, legal, played in moments:
        if len(hand) == 1:                   # the last card is played for you
            assert played == hand[0]
            continue
        # the numbers typed are read in turn until one names a playable card of the hand
        while not (typed[at] <= len(hand) and hand[typed[at] - 1] in legal):
            at += 1
        assert played == hand[typed[at] - 1], (hand, legal, played, typed[at])
        at += 1
    shown = [ln.split(": ", 1)[1].split(" (")[0].split() for ln in r.output.splitlines()
             if ln.startswith("Your cards: ")]
    assert [card_str(c) for c in moments[0][0]] == shown[0]     # the places are those listed
    if variant == "briscolone":
        assert "you must follow suit with" in r.output


def test_the_help_says_a_card_may_be_typed_by_its_place():
    r = run("play", "--seed", "3", "--level", "easy", "--time-per-move", TPM, input="help\nq\n")
    assert "its place in your cards as they are listed: 1 for the first" in r.output
    r = run("play", "--seed", "3", "--level", "easy", "--time-per-move", TPM, "--lang", "it",
            input="help\n5\nq\n")
    assert "suo posto fra le tue carte come sono elencate: 1 per la prima" in r.output
    assert "non hai una carta 5: scrivi da 1 a 3" in r.output


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_prompt_takes_the_italian_words_the_puzzle_quiz_takes(lang):
    """'aiuto', 'consiglio' and 'esci' were read as cards that cannot be read, so an Italian
    player could not quit but by 'q' or the end of input; the prompt lists its language's."""
    r = run("play", "--seed", "3", "--level", "easy", "--time-per-move", TPM, "--lang", lang,
            input="aiuto\nconsiglio\nesci\nAD\n")
    assert r.exit_code == 0, r.output
    assert "Quit" not in r.output and "sconosciuta" not in r.output, r.output
    assert "unknown card" not in r.output, r.output
    help_line = "Scrivi una carta che hai" if lang == "it" else "Type a card you hold"
    hint_line = "Consiglio: " if lang == "it" else "Hint: "
    stopped = "Partita interrotta." if lang == "it" else "Game stopped."
    assert help_line in r.output and hint_line in r.output and stopped in r.output, r.output
    if lang == "it":
        assert "'consiglio', 'aiuto' o 'q'" in r.output.splitlines()[0]
