"""`briscola play` in the hidden-card games tells the human only what their seat may see
(issue 41, item 2): `play --variant briscolone --seed 3 --level hard` answered 6C with "The
engine plays 7C: takes the 6 of cups with the 7 of cups: its only card", telling the player
the hidden hand held one cup.

Whole deals of every hidden game are played by a scripted human who asks for the unseen
cards, the board and hints and types cards they do not hold; every line the terminal shows
is checked against the human's seat at that moment (GameState.view(1)): no card named that
the seat cannot see, no word on how the engine chose or what its card is worth to it (both
come from its hidden hand), the board and the unseen cards drawn from the view itself."""
from __future__ import annotations

import random
import re
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import cmd_play as P
from cli.main import cli
from solver.cards import FULL_DECK, card_name, card_str, cards_of
from solver.errors import BriscolaError
from solver.game import deal, deal_from_deck, legal_cards, play
from solver.i18n import PLAY_WORDS
from solver.players.agents import GreedyAgent, get_agent
from solver.players.levels import Choice, choose_other, engine_time
from solver.record import deal_record, write_record
from solver.position.board import render
from solver.rules import get_variant

ROOT = Path(__file__).resolve().parent.parent

TPM = 0.03
HIDDEN = ("classic", "briscolone", "libero")
CODE = re.compile(r"(?<![A-Za-z0-9])[2-7AFCR3][BCDS](?![A-Za-z0-9])")


def _names(lang):
    return [(c, re.compile(r"(?<![\w'])" + re.escape(card_name(c, lang)) + r"(?!\w)"))
            for c in range(40)]


NAMES = {lang: _names(lang) for lang in ("en", "it")}


CODES = {card_str(c): c for c in range(40)}


def mentioned(text: str, lang: str) -> set[int]:
    """The cards a line names, by their code (7C) or their name (7 of cups, 7 di coppe)."""
    out = {CODES[m.group(0)] for m in CODE.finditer(text)}
    return out | {c for c, pat in NAMES[lang] if pat.search(text)}


class Human:
    """Stands for stdin: at each turn asks for the unseen cards, now and then for the board
    and a hint, types a card it does not hold, then plays a legal card at random."""

    def __init__(self, hold, rng):
        self.hold, self.rng = hold, rng
        self.at, self.queue, self.typed = None, [], set()

    def isatty(self):
        return False

    def readline(self):
        st = self.hold[0]
        if self.at != len(st.moves):
            self.at = len(st.moves)
            self.queue = self.plan(st)
        return self.queue.pop(0) + "\n"

    def plan(self, st):
        out = ["u"]
        if self.rng.random() < 0.3:
            out.append("b")
        if self.rng.random() < 0.15:
            out.append("hint")
        wrong = self.rng.randrange(40)
        self.typed.add(wrong)
        out.append(card_str(wrong))
        legal = st.legal_cards()
        out.append(card_str(self.rng.choice(legal)))
        return out


def play_scripted(variant: str, seed: int, level: str, lang: str, review: bool = False):
    """(lines with the state they were said at and the cards typed so far, final state)."""
    v = get_variant(variant)
    ses = P.VariantPlay(v, level, TPM, lang, False, seed)
    hold = [None]
    human = Human(hold, random.Random(seed))
    ses.stdin, ses.echo_input = human, False
    said = []
    ses.say = lambda text="": said.append((P.agree(text, lang), hold[0], frozenset(human.typed)))
    if not review:
        ses.review = lambda *deal: None
    start = deal(v, random.Random(seed), P.default_dealer(v))
    end = ses.play_deal(start, hold)
    ses.finish_deal(start, end)
    return said, end


def seen_by_human(state) -> int:
    if state.is_over:
        return FULL_DECK
    return FULL_DECK & ~state.view(1).unseen_cards.mask


def check_lines(said, end, lang):
    W = PLAY_WORDS[lang]
    private = [W[k] for k in ("why_forced", "why_greedy", "why_random", "why_fallback",
                              "for_engine")]
    value = re.compile(r"\b(expected|value|valore|esatto|exact|stima|estimate)\b")
    previous = ""
    n_plays = 0
    for text, state, typed in said:
        if previous in ("u", "b"):
            view = state.view(1)
            if previous == "b":
                assert text == render(view, lang), text
            else:
                cards = " ".join(card_str(c) for c in view.unseen_cards)
                assert text == W["unseen"].format(n=len(view.unseen_cards), cards=cards)
            previous = text
            continue
        allowed = seen_by_human(state) | sum(1 << c for c in typed)
        if state is not None and not state.is_over and state.to_move != P.HUMAN:
            allowed |= 1 << end.moves[len(state.moves)]   # the card the engine plays now
            n_plays += 1
            for phrase in private:
                if phrase == W["why_forced"] and state.hands[state.to_move].bit_count() == 1:
                    continue
                assert phrase.strip() not in text, text
            assert not value.search(text), text
        leaked = [card_str(c) for c in mentioned(text, lang) if not (allowed >> c) & 1]
        assert not leaked, f"{leaked} in: {text}"
        previous = text
    return n_plays


@pytest.mark.parametrize("variant", HIDDEN)
def test_no_line_names_what_the_seat_cannot_see(variant):
    plays = 0
    for seed in range(6):
        for level in ("easy", "medium", "hard"):
            said, end = play_scripted(variant, seed, level, "en" if seed % 3 else "it")
            plays += check_lines(said, end, "en" if seed % 3 else "it")
    assert plays >= 6 * 3 * 15


@pytest.mark.parametrize("variant", HIDDEN)
def test_the_review_after_the_deal_names_only_cards_played(variant):
    said, end = play_scripted(variant, 1, "easy", "en", review=True)
    check_lines(said, end, "en")
    assert any("Review" in text for text, _, _ in said)


def test_the_engines_reason_in_a_hidden_game_is_the_same_however_it_chose():
    """The reason for a hidden hand's card is built from what the listener sees: a forced
    card, a rule-of-thumb card and an analysed card read alike."""
    st = deal("briscolone", 3)
    st = play(st, "6C")
    lines = {P.engine_reason(st, Choice(CODES["7C"], None, how), "en", hidden=True)
             for how in ("forced", "greedy", "random", "fallback")}
    assert len(lines) == 1
    assert lines == {"takes the 6 of cups with the 7 of cups"}


def test_briscolone_hard_seed_3_says_no_word_of_the_hidden_hand():
    """The issue's own example."""
    r = CliRunner().invoke(cli, ["play", "--variant", "briscolone", "--seed", "3", "--level",
                                 "hard", "--time-per-move", "0.2"], input="6c\nq\n",
                           env={"NO_COLOR": "1"})
    line = next(ln for ln in r.output.splitlines() if ln.startswith("The engine plays 7C"))
    assert line == "The engine plays 7C: takes the 6 of cups with the 7 of cups", line


def _forced_answer(variant: str):
    """A deal of ``variant`` played greedily up to the engine's (player 2's) answer to a
    card it holds exactly one card of the led suit for, with more cards in hand."""
    for seed in range(100):
        s = deal(variant, seed)
        rng = random.Random(seed)
        while not s.is_over:
            forced = len(legal_cards(s)) == 1 and s.hands[1].bit_count() > 1
            if s.to_move == 1 and s.trick and forced:
                return s
            s = play(s, GreedyAgent()(s.view(), rng))
    raise AssertionError("no forced answer in 100 deals")


@pytest.mark.parametrize("level", ["medium", "hard", "perfect"])
def test_the_engine_takes_its_time_even_when_its_card_is_forced(level):
    """Briscolone follows suit: with one card of the suit you led the engine answered at
    once, where it thinks a while about every other card, so the pause said whether it
    had another card of that suit. At every level that thinks, its answer takes the
    level's whole time (a quarter of --time-per-move, or all of it at perfect)."""
    state = _forced_answer("briscolone")
    ses = P.VariantPlay(get_variant("briscolone"), level, 0.4, "en", False, 1)
    for _ in range(3):   # medium plays greedy now and then: every card takes the time alike
        t0 = time.perf_counter()
        choice = ses.engine_move(state)
        took = time.perf_counter() - t0
        assert choice.card == legal_cards(state)[0]
        assert took >= engine_time(level, 0.4), f"a forced card answered in {took:.3f} s"


def test_an_engine_opponent_takes_its_time_even_when_its_card_is_forced():
    """`play --opponent engine:T` hides its hand as the levels do: each card of a hidden
    hand but its last takes the agent's whole time, a forced one too; an exec: bot's card
    comes when the bot answers (its timing is its own), and so does an engine@N's (a budget
    of samples, not of time)."""
    state = _forced_answer("briscolone")
    last = deal("briscolone", 2)
    rng = random.Random(2)
    while last.to_move != 1 or last.hands[1].bit_count() != 1:
        last = play(last, GreedyAgent()(last.view(), rng))
    bot = f"exec:2:{sys.executable} {ROOT / 'examples' / 'lowest_bot.py'}"
    for name, waits in (("engine:0.4", True), ("engine-pimc:0.4", True), ("engine@2", False),
                        (bot, False)):
        opponent = get_agent(name)
        ses = P.VariantPlay(get_variant("briscolone"), "perfect", 2.0, "en", False, 1,
                            opponent=opponent)
        try:
            for s in (state, last):
                t0 = time.perf_counter()
                choice = ses.other_move(s)
                took = time.perf_counter() - t0
                assert choice.card == legal_cards(s)[0]
                if waits and s is state:
                    assert took >= 0.4, f"{name}: a forced card answered in {took:.3f} s"
                else:  # at once: a bot's 2 s, or the engine's 0.4 s, not waited
                    assert took < (1.0 if name == bot else 0.3), (name, took)
        finally:
            if hasattr(opponent, "close"):
                opponent.close()


def test_the_engines_last_card_comes_at_once():
    """Its last card is forced in everyone's sight: nothing to hide, no time waited."""
    state = deal("briscolone", 2)
    rng = random.Random(2)
    while state.to_move != 1 or state.hands[1].bit_count() != 1:
        state = play(state, GreedyAgent()(state.view(), rng))
    ses = P.VariantPlay(get_variant("briscolone"), "perfect", 5.0, "en", False, 1)
    t0 = time.perf_counter()
    ses.engine_move(state)
    assert time.perf_counter() - t0 < 2.5


def test_a_drawn_seed_is_one_no_one_can_search_for():
    """The seed said at the end deals every card the seat could not see: drawn among 2^31,
    a program could try every seed against the first cards in view (the board's million
    took 22 s of Python); it is drawn among 2^53, as the board's are."""
    seeds = []
    for _ in range(10):
        r = CliRunner().invoke(cli, ["play", "--variant", "classic", "--level", "easy"],
                               input="q\n", env={"NO_COLOR": "1"})
        seeds.append(int(re.search(r"The seed was (\d+)", r.output).group(1)))
    assert all(0 <= s < 2**53 for s in seeds)
    assert max(seeds) >= 2**50   # ten seeds all below 2^50 by chance: 8^-10


def test_every_command_draws_an_unchosen_seed_as_play_does(monkeypatch):
    """deal, simulate and match drew a seed nobody gave among 2^31 with a generator of their
    own, beside play's game.fresh_seed (among 2^53): one way to draw it, for every command."""
    import solver.game
    drawn = 2**52 + 12345
    monkeypatch.setattr(solver.game, "secrets",
                        type("S", (), {"randbelow": staticmethod(lambda n: drawn % n)}))
    runner = CliRunner()
    r = runner.invoke(cli, ["deal", "--json"])
    assert r.exit_code == 0 and f'"seed": {drawn}' in r.output, r.output
    r = runner.invoke(cli, ["simulate", "--games", "1"])
    assert r.exit_code == 0 and str(drawn) in r.output, r.output
    r = runner.invoke(cli, ["match", "greedy", "random", "--deals", "1"])
    assert r.exit_code == 0 and str(drawn) in r.output, r.output


def _twin(state, seat: int, rng):
    """A deal that ``seat`` (1-based) cannot tell from ``state``'s: the cards it cannot place
    (the hidden hand's and the covered talon's) shuffled among their places in the deck, the
    same moves replayed; None where no shuffle replays them."""
    view = state.view(seat)
    deck = list(state.deck)
    places = [i for i, c in enumerate(deck) if (view.pool >> c) & 1]
    for _ in range(30):
        cards = [deck[i] for i in places]
        rng.shuffle(cards)
        other = list(deck)
        for i, c in zip(places, cards, strict=True):
            other[i] = c
        s = deal_from_deck(state.variant, other, state.dealer)
        try:
            for c in state.moves:
                s = play(s, c)
        except BriscolaError:
            continue
        if s.hands != state.hands and s.view(seat) == view:
            return s
    return None


def _refusal(state, card):
    try:
        play(state, card)
    except BriscolaError as e:
        return str(e)
    return None


@pytest.mark.parametrize("variant", HIDDEN)
def test_two_deals_a_seat_cannot_tell_apart_get_the_same_words_and_cards(variant, tmp_path):
    """Whatever the seat cannot see changes nothing it is told or how its side plays: for
    two true deals with the same view from the seat to move, the same refusal of every card
    (an illegal card's error names no card the other hand holds), the same card and way of
    choosing at every level with the same seed, the same hint, and the same `analyse
    --record --seat` (the engine's budget in samples, so that its answer is repeatable)."""
    engine = get_agent("engine@4")
    runner = CliRunner()
    pairs = 0
    for seed in (970003, 970011):
        rng = random.Random(seed)
        state = deal(variant, seed)
        while not state.is_over:
            if rng.random() < 0.25 and len(legal_cards(state)) > 1:
                seat = state.to_move + 1
                other = _twin(state, seat, rng)
                if other is not None:
                    pairs += 1
                    for c in range(40):
                        assert _refusal(state, c) == _refusal(other, c), card_str(c)
                    for level in ("easy", "medium", "hard"):
                        a, b = (choose_other(s, level, engine, random.Random(seed))
                                for s in (state, other))
                        assert (a.card, a.how) == (b.card, b.how), (level, a, b)
                    if seat == 1:
                        ses = P.VariantPlay(get_variant(variant), "easy", 0.1, "en", False, seed)
                        ses.engine = engine
                        assert ses.hint(state) == ses.hint(other)
                    said = []
                    for s in (state, other):
                        path = tmp_path / f"{len(said)}.json"
                        write_record(str(path), deal_record(s), force=True)
                        r = runner.invoke(cli, ["analyse", "--record", str(path), "--move",
                                                str(len(s.moves) + 1), "--seat", str(seat),
                                                "--samples", "2", "--json"])
                        assert r.exit_code == 0, r.output
                        said.append(re.sub(r'"(time|nodes|seconds)": [0-9.e-]+', "", r.output))
                    assert said[0] == said[1]
            state = play(state, GreedyAgent()(state.view(), rng))
    assert pairs >= 4


def test_the_engines_random_choices_are_no_stream_a_player_can_replay(monkeypatch):
    """Without --seed the engine drew its random choices from random.Random("engine None"),
    one stream for every game: a player replaying it knew, card by card, whether the engine
    played at random or greedily (easy: its roll under 0.4; medium: greedy under 0.35, else
    analysed), and which place in its hand, in card order, a random card took (the first:
    it held no lower card). The stream is the drawn seed's (said when the game ends), as a
    given --seed's is."""
    sessions = []
    monkeypatch.setattr(P, "_play", lambda ses, *args: sessions.append(ses))
    seeds = iter([2**52 + 11, 2**52 + 12])
    monkeypatch.setattr(P, "fresh_seed", lambda: next(seeds))
    for _ in range(2):
        r = CliRunner().invoke(cli, ["play", "--variant", "classic", "--level", "easy"],
                               input="q\n")
        assert r.exit_code == 0, r.output
    public = random.Random("engine None").random()
    draws = [ses.engine_rng.random() for ses in sessions]
    assert len(draws) == 2 and public not in draws and draws[0] != draws[1], draws
