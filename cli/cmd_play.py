"""`briscola play` (a human against the engine, or any agent, in the terminal) and `briscola
review RECORD`."""

from __future__ import annotations

import json
import os
import random
import sys
import time
from dataclasses import replace

import click
from click.core import ParameterSource

from cli.cluster_opts import client_for, cluster_options, progress_line
from cli.cmd_match import timed_name
from cli.options import (
    HELP_WORDS,
    HINT_WORDS,
    QUIT_WORDS,
    SECONDS,
    SEED,
    card_by_place,
    check_output,
    count,
    game_option,
    lang_option,
    notes_held,
    objective_option,
    recorded,
    save_text,
    typed,
    typed_lines,
)
from solver import cluster as cl
from solver.analysis import Analysis
from solver.analysis.progress import reporting
from solver.cards import POINTS, CardError, card_name, card_str, cards_of, parse_typed_card
from solver.errors import BriscolaError
from solver.frame import FINAL, frame_of, frame_offset, shown_value
from solver.game import (
    GameState,
    MatchState,
    continue_game,
    deal,
    default_dealer,
    fresh_seed,
    legal_cards,
    new_match,
    play as play_card,
    shuffled_cards,
    to_position,
)
from solver.players.agents import Agent, agent_name, get_agent
from solver.players.engine_agent import EngineAgent, in_full_time
from solver.players.external import BotError, ExternalAgent
from solver.players.levels import LEVELS, Choice, advise, choose_move, choose_other, engine_time
from solver.record import (
    deal_record,
    match_record,
    records_text,
    start_record,
)
from solver.position.board import SUIT_COLOURS, render
from solver.review import (
    fmt_width,
    render_review,
    review_record,
    review_states,
)
from solver.i18n import (
    INTERVAL_SHORT,
    PLAY_LEVELS,
    PLAY_TITLES,
    agree,
    card_phrase,
    error_text,
    num,
    suit_name,
)
from solver.i18n import PLAY_OTHER_WORDS as OTHER_WORDS, PLAY_WORDS as WORDS
from solver.i18n import PLAY_OPPONENT_OTHER_WORDS, PLAY_OPPONENT_WORDS
from solver.position import PositionError, parse_position
from solver.rules import deal_result, get_variant, trick_winner

HUMAN, ENGINE = 0, 1
#: how the match is announced, by the game's match rule (solver.rules.Variant.match)
MATCH_LINE = {"rounds": "match", "segni": "match_segni", "points": "match_points"}
#: seconds per position at most for the review after each deal, so the player is not kept waiting
REVIEW_TIME = 0.5


def signed(v: float, lang: str = "en") -> str:
    if abs(v - round(v)) < 1e-9:
        return f"{int(round(v)):+d}"
    return num(v, "+.1f", lang)


def value_text(a: Analysis, m, lang: str = "en") -> str:
    """``m``'s value as the player reads it (in ``a``'s frame): an exact value that is not
    whole is given with its fraction too, since its decimals alone are not exact (a card
    the exact search solved before it stopped, in an estimate, too)."""
    if m.value_exact is not None:
        exact = m.exact_value + frame_offset(a)
        if exact.denominator != 1:
            decimal = num(float(exact), "+.2f", lang)
            return f"{decimal} = {exact.numerator:+d}/{exact.denominator}"
    return signed(shown_value(a, m.value), lang)


def value_words(a: Analysis, card: int, lang: str) -> str:
    """ "expected final margin +12 (exact)", or "... +11.4 ± 1.3 (estimate; ± covers ...)"
    with the 95 % half-width: the points taken plus the points still to win (solver.frame),
    so a value does not jump when a trick is taken; without a score, "value +3 (exact)"."""
    W = WORDS[lang]
    m = a.move(card)
    key = "margin_" if frame_of(a) == FINAL else ""
    v = value_text(a, m, lang)
    if m.value_exact is not None:  # exact, or solved before an exact search stopped
        return W[key + "exact"].format(v=v)
    if m.error is None or (a.samples or 2) < 2:
        return W[key + "expected_bare"].format(v=v)
    return W[key + "expected"].format(
        v=v, e=fmt_width(m.error, lang=lang), covers=INTERVAL_SHORT[lang][str(a.interval)]
    )


def verdict(a: int, b: int) -> str:
    """The words' key of a finished deal's result for your side: 61 or more wins, 60-60 is
    a draw."""
    return {1: "result_win", -1: "result_loss"}.get(deal_result(a, b), "result_draw")


def _for_whom(state, W: dict) -> str:
    """Whose value the engine's card is given for: the engine's where it plays alone; with
    four players (the engine plays both teams) the team of the seat that played it, said
    from your seat: your partner's card is valued for your team."""
    if state.players != 4:
        return W["for_engine"]
    return W["for_your_team" if state.to_move % 2 == HUMAN % 2 else "for_their_team"]


def engine_reason(state, choice: Choice, lang: str = "en", hidden: bool = False) -> str:
    """One line on the engine's card ``choice.card`` played from ``state`` (the moment
    before it, any game, or the listener's view of it): what the card does in the trick,
    and why (its value, or how it was chosen). With ``hidden`` (the engine's hand is hidden
    from the listener) only what the listener sees: what the card does, the suit it shows
    the engine lacks, its last card; how it was chosen and its value come from the hidden
    hand, so they are not said."""
    W = WORDS[lang]
    c = choice.card
    trick = list(state.table)
    trump = state.trump_suit
    if trick:
        w = trick_winner(trick, trump)
        t = trick[w]  # the card to beat
        ours = state.players == 4 and (state.leader + w) % 2 == state.to_move % 2
        # with players still to come (four players) the trick is not decided by this card
        open_ = len(trick) < state.players - 1
        if trick_winner([*trick, c], trump) == len(trick):
            tr = W["trump"] if c // 10 == trump and t // 10 != trump else ""
            what = W["tops" if open_ else "takes"].format(
                t=card_phrase(t, lang), c=card_phrase(c, lang), trump=tr
            )
        elif ours:  # the partner holds the trick: you, where the card is player 3's
            key = "loads" if POINTS[c] else "leaves"
            if (state.to_move + 2) % 4 == HUMAN:
                key += "_you"
            if open_ and POINTS[c]:  # a later card may still take the points from the partner
                key += "_for_now"
            what = W[key].format(c=card_phrase(c, lang))
        elif open_:
            what = W["under"].format(t=card_phrase(t, lang), c=card_phrase(c, lang))
        else:
            what = W["gives"].format(c=card_phrase(c, lang))
    else:
        what = W["leads"].format(c=card_phrase(c, lang))
    if not hidden:
        if choice.analysis is not None:
            return f"{what}: {value_words(choice.analysis, c, lang)}{_for_whom(state, W)}"
        return f"{what}: {W.get('why_' + choice.how, choice.how)}"
    if trick and get_variant(state.variant_name).follow_suit and c // 10 != trick[0] // 10:
        what += W["void"].format(suit=suit_name(trick[0] // 10, lang))
    if state.held(state.turn) == 1:
        what += W["last_of_hand"]
    return what


def hint_text(state: GameState, time_limit: float, lang: str, cache: dict | None = None) -> str:
    W = WORDS[lang]
    with quiet():
        ch = advise(state, time_limit, cache)
    a = ch.analysis
    if a is None:
        return W["hint_greedy"].format(card=card_str(ch.card), name=card_name(ch.card, lang))
    best = a.moves[0]
    out = W["hint"].format(
        card=card_str(best.card),
        name=card_name(best.card, lang),
        value=value_words(a, best.card, lang),
    )
    if len(a.moves) > 1:
        out += next_best_words(a, best, a.moves[1], W, lang)
    return out


def next_best_words(a: Analysis, best, nxt, W: dict, lang: str = "en") -> str:
    """A hint's tail on the runner-up: its value, how far behind the hinted card (with the
    gap's own interval where the estimate gives one), and whether the two can be told
    apart."""
    bare = a.exact or nxt.error is None or (a.samples or 2) < 2
    v = value_text(a, nxt, lang)
    value = v if bare else f"{v} ± {fmt_width(nxt.error, lang=lang)}"
    out = W["hint_next"].format(card=card_str(nxt.card), value=value)
    if not bare and nxt.gap_error is not None and best is a.moves[0]:
        gap = num(best.value - nxt.value, ".1f", lang)
        out += W["hint_gap"].format(g=gap, e=fmt_width(nxt.gap_error, lang=lang))
    if equal(best, nxt):
        out += W["hint_equal"]
    elif too_close(best, nxt):
        out += W["hint_close"]
    return out


def equal(best, nxt) -> bool:
    """Whether the two cards are worth the same and the answer has no error to speak of (an
    estimate over every case, ± 0.0): "just as good", not "too close to tell apart"."""
    errs = [e for e in (best.error, nxt.error, nxt.gap_error) if e is not None]
    return abs(best.value - nxt.value) < 1e-9 and max(errs, default=0.0) < 0.05


def too_close(best, nxt) -> bool:
    """Whether an estimate cannot tell the two cards apart: their gap is within its own
    interval, or, where the estimator gives none, within the values' error bars (the
    engine's choice is then a coin toss between them, not a finding)."""
    if nxt.gap_error is not None:
        return best.value - nxt.value <= nxt.gap_error
    errs = [e for e in (best.error, nxt.error) if e is not None]
    return bool(errs) and best.value - nxt.value <= max(errs)


def quiet():
    """A block whose analyses print no progress lines (the engine's moves and the hints:
    their time is short and a line left on the screen would read as part of the game)."""
    return reporting(lambda line: None)


def compact_board(pos, points, lang: str, card=card_str, words: dict | None = None) -> list[str]:
    """The scoperta board in four lines: the engine's hand, the table, the talon and the
    trump card, the score (your hand follows with your cards); the unseen cards and the
    whole drawing are on request. ``words``: the session's (PLAY_WORDS[lang] by default)."""
    W = WORDS[lang] if words is None else words

    def cards(mask: int) -> str:
        return " ".join(card(c) for c in cards_of(mask)) or "-"

    rows = [W["board_engine"].format(cards=cards(pos.hands[ENGINE]))]
    if pos.table:
        rows.append(
            W["board_table"].format(
                card=card(pos.table[0]), by=W["led_engine" if pos.leader == ENGINE else "led_you"]
            )
        )
    else:
        rows.append(W["board_table_empty"])
    n = pos.talon_size
    key = "board_talon_empty" if n == 0 else "board_talon_last" if n == 2 else "board_talon"
    rows.append(
        W[key].format(
            n=n,
            top=card(pos.top) if n else "",
            brisc=card(pos.briscola),
            suit=suit_name(pos.trump_suit, lang),
        )
    )
    rows.append(W["board_score"].format(a=points[HUMAN], b=points[ENGINE], p=pos.points_in_play))
    return rows


# ----- the terminal session ------------------------------------------------------------


class Quit(Exception):
    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


class ScopertaPlay:
    """A game of `briscola play`: one human (player 1) against the engine in Briscola
    scoperta; reads stdin line by line. Every line is said from the human's seat: what it
    may see of the deal. With ``opponent`` (an agent) that agent plays in the engine's
    place, given its seat's view as in a match, and the words name it "the opponent"; the
    hints and the review stay the engine's. ``seed``: the one the review may name (None for
    a seed drawn here, said when the game ends); ``engine_seed``: the deal's, said or not,
    which seeds the engine's random choices (None: ``seed``'s)."""

    def __init__(
        self,
        level,
        time_per_move,
        lang,
        color,
        seed,
        opponent: Agent | None = None,
        engine_seed: int | None = None,
    ):
        self.level, self.tpm, self.lang, self.color, self.seed = (
            level,
            time_per_move,
            lang,
            color,
            seed,
        )
        self.opponent = opponent
        self.v = get_variant("scoperta")
        self.W = WORDS[lang]
        self.O = OTHER_WORDS[lang]
        if opponent is not None:
            self.W = {**self.W, **PLAY_OPPONENT_WORDS[lang]}
            self.O = {**self.O, **PLAY_OPPONENT_OTHER_WORDS[lang]}
        # a drawn seed's own stream: one for every game without --seed ("engine None") told a
        # player replaying it which of the engine's cards were random, greedy or analysed
        self.engine_rng = random.Random(f"engine {seed if engine_seed is None else engine_seed}")
        self.cache: dict = {}
        self.stdin = typed_lines()
        self.echo_input = self.stdin.isatty()
        self.told_more = False  # the board's line on 'u' and 'b' is shown once

    def card(self, c: int) -> str:
        s = card_str(c)
        return click.style(s, fg=SUIT_COLOURS[c // 10]) if self.color else s

    def cards(self, cards) -> str:
        return " ".join(self.card(c) for c in cards)

    def say(self, text: str = "") -> None:
        click.echo(agree(text, self.lang))

    def seen(self, state: GameState):
        """What the human's seat sees of ``state``: the open position in the games played
        face up, else the seat's view (its hand, the cards gone, the tricks it saw). A game
        from a position without score= has no score: its values are framed by the points
        taken since it (docs/notation.md), given here as the view's score."""
        view = state.view(HUMAN + 1)
        return view if state.score is not None else replace(view, score=state.side_points)

    def command(self) -> str:
        """The next line the human typed, stripped; blank lines skipped, help answered here;
        raises Quit on q or end of input."""
        while True:
            click.echo(self.W["prompt"], nl=False)
            line = self.stdin.readline()
            if not line:
                self.say()
                raise Quit("eof")
            if not self.echo_input:
                self.say(line.rstrip("\n"))
            text = typed(line)
            low = text.lower()
            if not text:
                continue
            if low in QUIT_WORDS:
                raise Quit("quit")
            if low in HELP_WORDS:
                self.say(self.W["help"])
                continue
            return text

    def board_lines(self, state: GameState) -> list[str]:
        """The scoperta board in four lines and your hand (compact_board)."""
        rows = compact_board(to_position(state), state.points, self.lang, self.card, self.W)
        return rows + [self.W["legal"].format(cards=self.cards(self.listed(state)))]

    def listed(self, state: GameState) -> list[int]:
        """Your hand in the order its line lists it: 1 at the prompt is its first card."""
        return cards_of(state.hands[HUMAN])

    def ask(self, state: GameState) -> int:
        """The human's card: the board, then the card typed (hint, the unseen cards and the
        whole board answered on the way); the last card of the hand is played for you.
        Raises Quit on q or end of input."""
        view = self.seen(state)
        self.say("\n".join(self.board_lines(state)))
        hand = state.hand_cards(HUMAN)
        if len(hand) == 1:
            self.say(self.W["last_card"].format(card=self.card(hand[0])))
            return hand[0]
        if not self.told_more and view.unseen_cards:
            self.say(self.W["board_more"].format(n=len(view.unseen_cards)))
            self.told_more = True
        while True:
            text = self.command()
            low = text.lower()
            if low in HINT_WORDS:
                with quiet():
                    self.say(self.hint(state))
                continue
            if low in ("u", "unseen"):
                unseen = view.unseen_cards
                self.say(self.W["unseen"].format(n=len(unseen), cards=self.cards(unseen)))
                continue
            if low in ("b", "board"):
                self.say(render(view, self.lang, self.color))
                continue
            listed = self.listed(state)
            c = card_by_place(text, listed)
            if c == -1:
                self.say(self.W["bad_place"].format(k=text, n=len(listed)))
                continue
            if c is None:
                try:
                    c = parse_typed_card(text)
                except CardError as e:
                    self.say(self.W["bad_card"].format(error=error_text(e, self.lang)))
                    continue
            err = self.refusal(state, c)
            if err is None:
                return c
            self.say(err)

    def refusal(self, state: GameState, c: int) -> str | None:
        """Why the human may not play ``c`` now, in the session's language; None if they may."""
        legal = legal_cards(state)
        if c in legal:
            return None
        cards = " ".join(card_str(x) for x in legal)
        if not (state.hands[HUMAN] >> c) & 1:  # the whole hand, not only the playable cards
            held = " ".join(card_str(x) for x in cards_of(state.hands[HUMAN]))
            return self.W["not_in_hand"].format(card=card_str(c), cards=held)
        return self.W["must_follow"].format(
            card=card_str(c), cards=cards, suit=suit_name(state.trick[0] // 10, self.lang)
        )

    def hint(self, state: GameState) -> str:
        return hint_text(state, self.tpm, self.lang, self.cache)

    def name(self, seat: int) -> str:
        if seat == HUMAN:
            return self.O["you"]
        if self.v.players == 2:
            return self.O["engine"]
        if seat == 2:
            return self.O["partner"]
        return self.O["seat"].format(n=seat + 1)

    def trick_summary(self, before: GameState, after: GameState) -> None:
        W = self.W
        t = after.tricks[-1]
        who = [W["you"], W["engine"]]
        cards = ", ".join(
            f"{who[(t.leader + k) % 2]} {self.card(c)}" for k, c in enumerate(t.cards)
        )
        self.say(
            W["trick"].format(
                n=len(after.tricks),
                cards=cards,
                who=who[t.winner],
                verb=W["take"] if t.winner == HUMAN else W["takes_v"],
                p=t.points,
                a=after.points[0],
                b=after.points[1],
            )
        )
        self.say_draws(after, t)

    def say_draws(self, state: GameState, t) -> None:
        if t.draws:
            self.say(self.O["draws"].format(draws=self.O["then"].join(self.drawn(state, t))))

    def drawn(self, state: GameState, t) -> list[str]:
        """Who drew what after trick ``t``, in drawing order (the trick's winner first), as
        your seat sees it: your own card, every card when the hands are open, else only the
        turned trump card (the last draw's)."""
        out = []
        for k, c in enumerate(t.draws):
            seat = (t.winner + k) % self.v.players
            if seat == HUMAN or self.v.open_hands or (self.v.has_trump and c == state.briscola):
                out.append(self.O["drew"].format(who=self.name(seat), card=self.card(c)))
            else:
                out.append(self.O["drew_hidden"].format(who=self.name(seat)))
        return out

    def engine_move(self, state: GameState) -> Choice:
        return choose_move(state, self.level, self.tpm, self.engine_rng, self.cache)

    def player_word(self, seat: int) -> str:
        """The engine's seat as the subject of "... plays X"."""
        who = self.name(seat)
        return who[:1].upper() + who[1:]

    def reason(self, state: GameState, choice: Choice) -> str:
        """Why the engine plays its card, as far as your seat may hear it: in the hidden
        games worded from your seat's view alone (engine_reason); an opponent's card, which
        comes with no why, by what your seat sees it do."""
        if self.v.open_hands and not self.opponents(state.to_move):
            return engine_reason(state, choice, self.lang)
        return engine_reason(self.seen(state), choice, self.lang, hidden=True)

    def opponents(self, seat: int) -> bool:
        """Whether the --opponent agent plays ``seat``: the other side's seats, never your
        partner's (the engine's, as in a match an agent plays one side)."""
        return self.opponent is not None and seat % 2 != HUMAN % 2

    def other_move(self, state: GameState) -> Choice:
        """The card of a seat that is not yours: the opponent's, from its seat's view, or
        the engine's (your partner's too)."""
        if self.opponent is None or not self.opponents(state.to_move):
            with quiet():
                return self.engine_move(state)
        return Choice(self.opponent_card(self.opponent, state), None, "agent")

    def opponent_card(self, opponent: Agent, state: GameState) -> int:
        """The opponent's card, from its seat's view. An engine agent on a clock
        (``engine:T``) gives it in its whole time where your seat is listening in a
        hidden-card game (engine_agent.in_full_time), as the engine at a level does, so
        that a forced card's haste does not show its hand; a bot's timing, and an
        ``engine@N``'s (samples, no clock), are their own."""
        seconds = opponent.seconds if isinstance(opponent, EngineAgent) else None
        return in_full_time(state, seconds, lambda: opponent(state.view(), self.engine_rng))

    def play_deal(self, state: GameState, hold: list) -> GameState:
        """Play ``state`` to its end; ``hold[0]`` always has the latest state (for records)."""
        hold[0] = state
        while not state.is_over:
            if state.to_move == HUMAN:
                c = self.ask(state)
            else:
                ch = self.other_move(state)
                c = ch.card
                self.say(
                    self.W["plays"].format(
                        who=self.player_word(state.to_move),
                        card=self.card(c),
                        reason=self.reason(state, ch),
                    )
                )
            before = state
            state = play_card(state, c)
            hold[0] = state
            if len(state.tricks) > len(before.tricks):
                self.trick_summary(before, state)
        return state

    def finish_deal(self, start: GameState, end: GameState, deal_no: int = 1) -> None:
        """The result; from a position without score= only the points won since the start
        are known, not who won the deal."""
        a, b = end.side_points
        if end.score is None:
            a, b = end.won_since_start
            self.say(self.W["result_unscored"].format(a=a, b=b))
        else:
            self.say(self.W[verdict(a, b)].format(a=a, b=b))
        self.review(start, end, deal_no)

    def standing(self, match: MatchState) -> str:
        """The match so far: the points added up (Briscolone and Libero, two players), or
        the deals won, yours against the engine's, your team's with four players."""
        if self.v.match == "points":
            a, b = match.totals
            return self.O["standing_pts"].format(a=a, b=b, engine=self.O["engine"])
        teams = "_teams" if self.v.players == 4 else ""
        return self.W["standing" + teams].format(w=match.wins[0], l=match.wins[1], d=match.draws)

    def review(self, start: GameState, end: GameState, deal_no: int = 1) -> None:
        """The review of a deal just played, numbered as the match counts it. It names the
        seed only where the user gave it: a seed drawn here deals the match's next deals,
        so it is said when the game ends (``play``)."""
        self.say(self.W["review"])
        rv = review_states(
            [(start, end.moves)],
            (self.W["you"], self.W["engine"]),
            min(self.tpm, REVIEW_TIME),
            players=(HUMAN,),
            progress=progress_printer(lang=self.lang),
            seed=self.seed,
            cache=self.cache,
            first_deal=deal_no,
        )
        if rv.interrupted and sys.stderr.isatty():  # the live counter's line left open
            click.echo("", err=True)
        self.say(render_review(rv, self.lang))


class VariantPlay(ScopertaPlay):
    """A game of `briscola play` in the other games: you are player 1 (with player 3 in
    four-player scoperta); the engine plays every other seat, seeing only what its seat may
    see in hidden games."""

    def __init__(self, variant, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.v = variant
        t = engine_time(self.level, self.tpm)
        self.engine = get_agent(f"engine:{t:g}")

    def board_lines(self, state: GameState) -> list[str]:
        words = self.O
        lines = [PLAY_TITLES[self.lang][self.v.name]]
        if self.v.has_trump:
            lines.append(words["trump"].format(card=self.card(state.briscola)))
        else:
            lines.append(words["no_trump"])
        top = (
            words["top"].format(card=self.card(state.talon[0]))
            if state.talon and self.v.top_visible
            else ""
        )
        lines.append(words["talon"].format(k=len(state.talon)) + top)
        for seat in range(self.v.players):
            if seat == HUMAN:
                continue
            cards = state.hands[seat]
            shown = (
                self.cards(state.hand_cards(seat))
                if self.v.open_hands
                else words["hidden"].format(k=cards.bit_count())
            )
            lines.append(f"  {self.name(seat)}: {shown}")
        trick = (
            ", ".join(
                f"{self.name((state.leader + k) % self.v.players)} {self.card(c)}"
                for k, c in enumerate(state.trick)
            )
            or "-"
        )
        lines.append(words["table"].format(cards=trick))
        a, b = state.side_points
        if self.v.players == 2:
            lines.append(words["points_two"].format(a=a, b=b, engine=self.name(1)))
        else:
            lines.append(words["points"].format(a=a, b=b))
        legal = legal_cards(state)
        hand = self.listed(state)
        lines.append(
            words["hand"].format(cards=self.cards(hand))
            if len(legal) == len(hand)
            else words["hand_playable"].format(cards=self.cards(hand), legal=self.cards(legal))
        )
        return lines

    def hint(self, state: GameState) -> str:
        """The engine's card for your seat, from what your seat may see, with its value
        (exact, or an estimate with its ± and the number of sampled hands)."""
        self.engine.last = None
        c = self.engine(self.seen(state), random.Random(0))
        a = self.engine.last
        W = self.W
        if a is None:
            return W["hint_greedy"].format(card=card_str(c), name=card_name(c, self.lang))
        out = W["hint_team" if self.v.players == 4 else "hint"].format(
            card=card_str(c), name=card_name(c, self.lang), value=value_words(a, c, self.lang)
        )
        others = [m for m in a.moves if m.card != c]
        if others:
            out += next_best_words(a, a.move(c), others[0], W, self.lang)
        if a.samples is not None:
            out += W["hint_samples"].format(
                n=num(a.samples, "d", self.lang, group=True),
                hands=W["hand_1" if a.samples == 1 else "hand_n"],
            )
        return out

    def trick_summary(self, before: GameState, after: GameState) -> None:
        """Said as in scoperta: who takes how many points, then the score, yours and the
        engine's in two-player games, the two teams' with four players."""
        n = self.v.players
        if n == 2:
            super().trick_summary(before, after)
            return
        t = after.tricks[-1]
        cards = ", ".join(
            f"{self.name((t.leader + k) % n)} {self.card(c)}" for k, c in enumerate(t.cards)
        )
        a, b = after.side_points
        self.say(
            self.O["trick"].format(
                n=len(after.tricks),
                cards=cards,
                who=self.name(t.winner),
                verb=self.W["take"] if t.winner == HUMAN else self.W["takes_v"],
                p=t.points,
                a=a,
                b=b,
            )
        )
        self.say_draws(after, t)

    def engine_move(self, state: GameState) -> Choice:
        """The engine's card; in the hidden-card games, at a level that thinks, given in the
        level's whole time, forced or not (engine_agent.in_full_time)."""
        thinks = None if self.level == "easy" else engine_time(self.level, self.tpm)
        return in_full_time(
            state, thinks, lambda: choose_other(state, self.level, self.engine, self.engine_rng)
        )

    def finish_deal(self, start: GameState, end: GameState, deal_no: int = 1) -> None:
        """The points of the two sides and who won the deal (61 or more; 60-60 a draw);
        from a position without score= only the points, as who won is not known. A
        two-player deal ends as scoperta's: yours and the engine's, then its review."""
        if self.v.players == 2:
            super().finish_deal(start, end, deal_no)
            return
        a, b = end.side_points
        self.say(self.O["result" if end.score is None else verdict(a, b)].format(a=a, b=b))


def progress_printer(every: float = 5.0, lang: str = "en"):
    """Progress on stderr: a live counter on a terminal, a line every few seconds otherwise."""
    words = WORDS[lang]["reviewing"]
    err = sys.stderr
    tty = err.isatty()
    t0 = time.perf_counter()
    last = [t0]

    def show(done: int, total: int) -> None:
        now = time.perf_counter()
        if tty:
            if now - t0 > 0.5:
                click.echo(
                    "\r" + words.format(k=done, n=total) + ("\n" if done == total else ""),
                    err=True,
                    nl=False,
                )
        elif now - last[0] >= every:
            last[0] = now
            click.echo(words.format(k=done, n=total), err=True)

    return show


def _colour_wanted() -> bool:
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


@click.command()
@click.option("--seed", "-s", type=SEED, default=None, help="shuffle seed (random when omitted)")
@click.option(
    "--level",
    type=click.Choice(LEVELS),
    default="perfect",
    show_default=True,
    help="engine strength: easy (greedy/random mix), medium (sometimes greedy), "
    "hard (short analysis), perfect (full analysis)",
)
@click.option(
    "--opponent",
    metavar="AGENT",
    default=None,
    help="play against this agent instead of the engine at --level: any name `briscola "
    "match` takes (greedy, random, engine:SECONDS, engine@SAMPLES, exec:COMMAND: your bot, "
    "docs/bots.md)",
)
@click.option(
    "--time-per-move",
    type=SECONDS,
    default=2.0,
    show_default=True,
    help="seconds the engine may think per move (the review after each deal "
    "analyses each position at most 0.5 s: a card with a draw after it about 1.5 s); given, "
    "also an --opponent's named engine or exec: without a time",
)
@click.option(
    "--match",
    "rounds",
    type=count(1, 10_000),
    default=None,
    metavar="N",
    help="play a match instead of one deal: the first to win N deals in classic, N deals "
    "in scoperta, to N points (121 or 151) in Briscolone and Libero",
)
@lang_option(expose=True, help="language of the text")
@click.option(
    "--record-out",
    type=click.Path(dir_okay=False),
    default=None,
    help="write the game record here (JSON, see `briscola replay`)",
)
@click.option("--force", is_flag=True, help="overwrite --record-out if it exists")
@click.option(
    "--variant",
    "-v",
    default=None,
    help="game: scoperta (the default), scoperta4, classic, briscolone, libero",
)
@click.option(
    "--from",
    "start_text",
    default=None,
    metavar="POSITION",
    help="play on from this position (every hand shown, any game; the talon's "
    "hidden cards are shuffled by --seed)",
)
def play(
    seed, level, opponent, time_per_move, rounds, lang, record_out, force, variant, start_text
):
    """Play Briscola scoperta (or, with --variant, any other game) against the engine.

    In scoperta both hands and the talon's top card are face up. You are player 1. At your
    turn type a card in any form (AD, ad, 1D, 10b), `hint` for the engine's best card and
    its value for you, `u` for the cards you have not seen, `b` for the whole board, or `q`
    to quit; the last card of your hand is played for you. Values are expected final
    margins (the points taken plus the points still to win: taking a trick does not move
    them). The engine says
    why it plays each card (what it does in the trick, and its value for the engine: exact,
    or an estimate with its ±);
    in the hidden-card games only what your seat may see (what the card does, not why).
    After each trick: the cards drawn, the trick's winner first, as far as your seat may
    see them. After each deal: the result and a review of your play (as `briscola
    review`). Colours are used on a terminal unless NO_COLOR is set.

    \b
    Example:
      briscola play --seed 7 --level hard
      briscola play --match 3 --lang it --record-out game.json
      briscola play --variant briscolone --match 121
      briscola play --variant classic --opponent "exec:python3 examples/lowest_bot.py"
      briscola play --from "variant=classic hand1=AS,3S,RB hand2=4S,7S,4B briscola=4C played=2B,3B turn=1"

    Other games: in four-player scoperta you and player 3 (the engine) are a team; in
    classic Briscola, Briscolone and Libero you see only your own hand and the engine plays
    from its own seat (sampling what it cannot see). With --match N the match is won by the
    first to win N deals (segni) in classic, by the side winning more of N deals (rounds)
    in scoperta, and by the first to N points in Briscolone and Libero: 121 or 151 (any
    other is refused).

    With --opponent AGENT any agent of `briscola match` plays in the engine's place
    (--level is then refused): greedy, random, engine:SECONDS, or your own bot
    (exec:COMMAND, docs/bots.md), which hears only what its seat sees. Its cards are said
    with what they do, never why; the hints and the review are still the engine's. A bot
    that fails (exits, hangs, plays an illegal card) ends the game in one line, the record
    so far written.
    """  # noqa: E501 - an example command is one line, as it is typed
    check_output(record_out, force, "--record-out")
    ctx = click.get_current_context()
    if opponent is not None and ctx.get_parameter_source("level") != ParameterSource.DEFAULT:
        raise BriscolaError.of("play.opponent_level")
    chosen = seed is None  # said at the end: the seed names every unseen card
    if chosen:
        seed = fresh_seed()
    said_seed = None if chosen else seed  # what a deal's review may name
    pos = _start_position(start_text, variant, rounds)
    v = get_variant(pos.variant if pos is not None else variant or "scoperta")
    other = None
    if opponent is not None:  # a bad name, or a bot that cannot start, refused here
        given = ctx.get_parameter_source("time_per_move") != ParameterSource.DEFAULT
        other = get_agent(timed_name(opponent, time_per_move if given else None))
        if isinstance(other, ExternalAgent):
            other.during = "game"  # its errors say "during the game", not "the match"
    args = (level, time_per_move, lang, _colour_wanted(), said_seed)
    if v.name == "scoperta":
        ses = ScopertaPlay(*args, opponent=other, engine_seed=seed)
    else:
        ses = VariantPlay(v, *args, opponent=other, engine_seed=seed)
    try:
        _play(ses, v, seed, chosen, pos, rounds, record_out, force)
    finally:
        if hasattr(other, "close"):
            other.close()  # a bot is told quit, and its process is gone


def _play(ses, v, seed, chosen, pos, rounds, record_out, force):
    """The game (``pos`` on, or deals) or the match of ``play``, said by the session
    ``ses``; the record written, also when the game is stopped or its opponent fails."""
    W, lang, level, other = ses.W, ses.lang, ses.level, ses.opponent
    names = ["human", f"engine-{level}" if other is None else agent_name(other)]
    rng = random.Random(seed)
    match = new_match(v, rounds, default_dealer(v)) if rounds else None
    hold: list = [None]
    stop = None
    deal_words = _deal_words(W, pos, seed, chosen)
    ses.say(
        W["intro"].format(
            game=PLAY_TITLES[lang][v.name],
            level=PLAY_LEVELS[lang][level],
            deal=deal_words,
            opponent=names[1],
        )
    )
    if not v.open_hands or other is not None:
        ses.say(W["hidden_reasons"])
    ses.say(W["frame_note"])
    if match is not None:
        ses.say(W[MATCH_LINE[v.match]].format(n=rounds))
    failed = None
    try:
        while True:
            dealer = match.next_dealer if match is not None else default_dealer(v)
            start = deal(v, rng, dealer) if pos is None else continue_game(pos, rng)
            if match is not None:
                ses.say(W["deal"].format(d=len(match.deals) + 1))
            end = ses.play_deal(start, hold)
            if hasattr(other, "deal_over"):  # a bot hears the deal's points, as in a match
                other.deal_over(end.side_points)
            ses.finish_deal(start, end, 1 if match is None else len(match.deals) + 1)
            if match is None:
                break
            match = match.add(end)
            hold[0] = None
            ses.say(ses.standing(match))
            if match.is_over:
                teams = "_teams" if v.players == 4 else ""
                won = {0: "match_win" + teams, 1: "match_loss" + teams}
                ses.say(W[won.get(match.winner, "match_draw")])
                break
    except Quit as q:
        stop = q.why
    except KeyboardInterrupt:
        stop = "interrupted"
    except BotError as e:  # said as the command's error, once the record is written
        failed = e
    where = None
    if record_out:  # before any line: a terminal gone (SIGHUP) fails them, not the record
        if pos is not None:
            rec = start_record(hold[0], pos.to_text(), start.talon, seed=seed, players=names)
        elif match is None:
            rec = deal_record(hold[0], seed=seed, players=names)
        else:
            rec = match_record(match, seed=seed, players=names)
            if hold[0] is not None:
                body = deal_record(hold[0])
                rec["deals"].append({k: body[k] for k in ("dealer", "deck", "moves")})
                rec["result"] = rec.pop("result")
        where = save_text(record_out, records_text(rec), force)
    if failed is not None:
        stop = "opponent_failed"
    if stop:
        ses.say(W[stop])
    if chosen:
        ses.say(W["seed_end"].format(seed=seed, command=_again(v, pos, rounds, seed)))
    if where is not None:
        ses.say(W["wrote"].format(path=where))
    if failed is not None:
        raise failed
    if stop == "interrupted":
        click.get_current_context().exit(130)
    if where is not None and where != record_out:
        click.get_current_context().exit(1)


def _deal_words(W, pos, seed, chosen) -> str:
    """What the game starts from: a shuffled deck, or the position given and whether its
    talon's unseen cards are shuffled (by the seed said, or said at the end) or nothing is
    (the talon empty, or its order fixed): whether any luck is left to the draws."""
    if pos is None:
        return W["seed_hidden"] if chosen else W["seed_given"].format(seed=seed)
    n = shuffled_cards(pos)
    if not n:
        return W["from_given" if pos.talon_size else "from_empty"]
    if chosen:
        return W["from_shuffled"].format(n=n)
    return W["from_seed"].format(n=n, seed=seed)


def _again(v, pos, rounds, seed) -> str:
    """The command that deals this game again: the seed alone would deal a scoperta deal
    from the start, not the game or position played."""
    words = ["briscola play"]
    if pos is not None:
        words.append(f'--from "{pos.to_text()}"')
    elif v.name != "scoperta":
        words.append(f"--variant {v.name}")
    if rounds:
        words.append(f"--match {rounds}")
    return " ".join([*words, f"--seed {seed}"])


def _start_position(text, variant, rounds):
    """The position ``--from`` gives (None without it), refused in one line where it cannot
    start a game, in the language of --lang (a keyed error, not click's English)."""
    if text is None:
        return None
    try:
        pos = parse_position(text)
    except PositionError as e:
        raise _bad_from(e) from None
    if pos.hidden_hand:
        raise _bad_from(PositionError.of("game.from_seat"))
    if pos.is_over:
        raise _bad_from(PositionError.of("deal.over"))
    if variant is not None and get_variant(variant).name != pos.variant:
        raise _bad_from(PositionError.of("from.variant", variant=pos.variant, given=variant))
    if rounds:
        raise _bad_from(PositionError.of("from.match"))
    return pos


def _bad_from(why: PositionError) -> PositionError:
    return PositionError.of("option.value", option="--from", why=why)


def review_on_cluster(
    rec: dict, time_limit: float, cluster: str, workers: int, objective: str = "points"
):
    """review_record with each rated move and each draw's luck a task on the cluster, which
    is reached once the record is known to be reviewable; Ctrl-C keeps the tasks done."""

    def on_cluster(fn, tasks):
        with client_for(cluster, workers) as client:
            yield from cl.run(fn, tasks, client, progress=progress_line())

    return review_record(rec, time_limit, objective=objective, run=on_cluster)


@click.command()
@click.argument("record", metavar="RECORD")
@click.option("--json", "as_json", is_flag=True, help="print the review as one JSON object")
@click.option(
    "--time-per-move",
    type=SECONDS,
    default=2.0,
    show_default=True,
    help="seconds of analysis per position (exact when it finishes, else an estimate)",
)
@lang_option(expose=True, help="language of the text")
@objective_option(
    "judge each card by the points it gives up, or by the "
    "chance of winning the deal (needs the score)"
)
@game_option()
@cluster_options(log=False)
def review(record, as_json, time_per_move, lang, objective, game, cluster, workers):
    """Review a game record (scoperta, four-player scoperta, classic, Briscolone, Libero):
    every card against the best card.

    For each move: the best card(s) and what the card played cost in expected points
    (best value minus the value of the card played, from the mover's view; exact where the
    analysis is exact, else an estimate). In the hidden-card games a card is judged from
    its player's seat, the cards they could not see sampled; its cost then carries the
    half-width of its interval (a 95 % interval unless marked *: not checked against exact
    values; or a bound, said so, where too few hands were sampled), or is exact where every
    hand they could face was solved. With four players a card is judged for its mover's
    team, and the errors, luck and result are each team's. Then the three
    biggest mistakes and each player's
    accuracy (share of decisions that were optimal, average cost per decision; moves with a
    single legal card are not decisions). Ctrl-C prints the review so far. With
    --objective win each card is judged by the chance of winning the deal it gives up
    (a probability difference) instead of the points.

    \b
    Example:
      briscola simulate --games 1 --seed 4 --record-out game.json
      briscola review game.json --time-per-move 0.5
      briscola review match.json --time-per-move 1 --cluster
      briscola review games.jsonl --game 2
      briscola review - < game.json
    """
    with notes_held() as warn:  # a record review_record refuses is the one line
        rec = recorded(record, game, warn)
        if cluster is None:
            rv = review_record(
                rec, time_per_move, progress=progress_printer(lang=lang), objective=objective
            )
        else:
            rv = review_on_cluster(rec, time_per_move, cluster, workers, objective)
    if as_json:
        click.echo(json.dumps(rv.to_json(), ensure_ascii=False))
    else:
        click.echo(render_review(rv, lang))
    if rv.interrupted:
        click.get_current_context().exit(130)


COMMANDS = [play, review]
