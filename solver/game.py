"""Full deals and matches of every variant: one state machine driven by the Variant value.

A GameState is immutable; ``play`` returns the next one. Seats are 0-based (seat 0 is
player 1); play and drawing go from a seat to seat + 1 (counter-clockwise at the table),
and the sides are the seats' parity (seat 0 and 2 against seat 1 and 3).

The deal is reproducible from the deck order alone (see ``deal_from_deck``), which is what
game records store.
"""

from __future__ import annotations

import random
import secrets
from numbers import Integral
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from solver.errors import ArgumentTypeError, given, whole
from solver.i18n import command_text, game_title
from solver.cards import (
    CARDS,
    Card,
    CardLike,
    card_str,
    cards_of,
    mask_of,
    mask_points,
    to_card,
)
from solver.position import Position
from solver.position.notation import IllegalMoveError, PositionError
from solver.position.board import render
from solver.position.protocol import Seats
from solver.position.seat import SeatPosition, make_seat_position
from solver.rules import RulesError, Variant, deal_result, get_variant, legal_mask
from solver.rules import move_refusal as rules_move_refusal


#: default match length per match kind: segni to win, rounds to play, points to reach
DEFAULT_TARGET = {"segni": 2, "rounds": 3, "points": 121}
#: the points a Briscolone or Libero match is played to (docs/rules.md, "Matches")
POINTS_TARGETS = (121, 151)


class Trick(NamedTuple):
    """A trick played in a GameState: its leader and winner (seats, from 0), its cards
    (Cards) in play order and its points."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int
    #: cards drawn after the trick (Cards), in drawing order (winner first); empty once the
    #: talon is out
    draws: tuple[Card, ...]


class Step(NamedTuple):
    """One move of a deal as an analyst walks it (``GameState.positions``,
    ``solver.record_positions``), as python-chess's ``game.mainline()`` gives each node's
    board and move: the position before the move as its player saw it, the card played, and
    the move's number from 1 (a record's "move N")."""

    position: Position | SeatPosition
    move: Card
    number: int


@dataclass(frozen=True, repr=False)
class GameState(Seats):
    """One moment of a deal. ``talon`` is top first with the turned trump card last.

    It prints as a position does: ``repr`` is ``<GameState NOTATION>`` with every hand and
    the talon's order (``talon=``; ``solver.parse`` reads the notation as the open
    Position of this moment), ``str`` the text board with every hand shown."""

    variant: Variant
    hands: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    talon: tuple[int, ...]
    trump_suit: int
    briscola: int
    points: tuple[int, ...]
    captured: tuple[int, ...]
    to_move: int
    tricks: tuple[Trick, ...]
    dealer: int
    #: the 40 cards in dealing order (see deal_from_deck); None for a game continued from a Position
    deck: tuple[int, ...] | None = None
    #: cards already out of play when the state was built from a Position
    prior: int = 0
    #: how many of the first trick's cards were on the table when the state was built from
    #: a Position: played before this game began, so not among its ``moves``
    prior_table: int = 0

    @property
    def players(self) -> int:
        """How many play: 2, or 4 (``scoperta4``)."""
        return self.variant.players

    @property
    def is_over(self) -> bool:
        """Whether every card has been played."""
        return not self.trick and not self.talon and not any(self.hands)

    @property
    def moves(self) -> tuple[Card, ...]:
        """Every card played since the state began, in order: what replays it from its
        start (a position's table cards were played before)."""
        out: list[Card] = []
        for t in self.tricks:
            out.extend(t.cards)
        out.extend(CARDS[c] for c in self.trick)
        return tuple(out[self.prior_table :])

    @property
    def side_points(self) -> tuple[int, int]:
        """Points per side (seat parity): player 1 (+3) and player 2 (+4)."""
        return (sum(self.points[0::2]), sum(self.points[1::2]))

    @property
    def won_since_start(self) -> tuple[int, int]:
        """Points per side taken in this state's own tricks: all a state continued from a
        Position without a score knows of the deal's points."""
        won = [0, 0]
        for t in self.tricks:
            won[t.winner % 2] += t.points
        return (won[0], won[1])

    @property
    def result(self) -> int:
        """+1 side 1 wins the deal, -1 side 2 wins, 0 a 60-60 draw: meaningful once over
        (it is 0 while nobody has 61 yet, as a draw is); ``outcome()`` is None until then."""
        a, b = self.side_points
        return deal_result(a, b)

    @property
    def start(self) -> GameState:
        """The state this one began as (dealt, or continued from a position): the one its
        ``moves`` replay from to this one."""
        return start_of(self)

    def positions(self, player: int | None = None, clairvoyant: bool = False) -> list[Step]:
        """Each move since the start, in order, with the position before it as the player
        to move saw it (``view``: in the hidden-card games their seat, the other hand
        hidden; in scoperta every hand; ``clairvoyant`` every hand and the talon's order):
        what an analyst analyses, move by move. ``player`` (from 1): that player's moves
        only, each seen from their seat, so no view shows another's hidden hand."""
        seat = None if player is None else self.seat_of(player)
        steps = []
        state = self.start
        for number, card in enumerate(self.moves, 1):
            if seat is None or state.to_move == seat:
                steps.append(Step(state.view(clairvoyant=clairvoyant), card, number))
            state = state.play(card)
        return steps

    def hand_cards(self, seat: int) -> list[Card]:
        """The cards of ``seat`` (from 0, as ``to_move``) in the canonical order."""
        return [CARDS[c] for c in cards_of(self.hands[seat])]

    def _hand_mask(self, seat: int) -> int:
        return self.hands[seat]

    @property
    def table(self) -> tuple[int, ...]:
        """The trick's cards in play order, under the name every position gives them."""
        return self.trick

    # ----- the State protocol (solver.position.protocol): the talon is known, so no chance
    @property
    def variant_name(self) -> str:
        """The game's name (``variant.name``)."""
        return self.variant.name

    @property
    def talon_size(self) -> int:
        """How many cards the talon holds, the trump card at its bottom included."""
        return len(self.talon)

    clairvoyant = True
    hidden_hand = False

    @property
    def points_in_play(self) -> int:
        """Points not yet taken in a trick (in hands, on the table, in the talon)."""
        taken = self.prior
        for m in self.captured:
            taken |= m
        return 120 - mask_points(taken)

    @property
    def score(self) -> tuple[int, int] | None:
        """Points per side; None when continued from a Position without a score (the points
        of the cards played before are not known to be anyone's)."""
        known = not self.prior or sum(self.points) == 120 - self.points_in_play
        return self.side_points if known else None

    def legal_cards(self) -> list[Card]:
        """The cards the player to move may play now (Cards, in the notation's order)."""
        return [CARDS[c] for c in legal_cards(self)]

    def play(self, card: CardLike, draws: Iterable[CardLike] | str | None = None) -> GameState:
        """The state after ``card`` (a card or its text). The draws come from the known
        talon: ``draws``, when given, is checked to be the draw it holds, in the forms
        ``Position.play`` takes (cards, ids or their text, "AB,2B"); PositionError if not."""
        return play(self, to_card(card), draws)

    def outcomes(self, card: CardLike) -> list:
        """[]: the talon's order is known, so no card needs a draw given; a card that may
        not be played now is refused as ``play`` refuses it."""
        err = move_refusal(self, int(to_card(card)))
        if err is not None:
            raise IllegalMoveError.of("move.illegal", why=err)
        return []

    def __repr__(self) -> str:
        return f"<GameState {self.to_text(clairvoyant=True)}>"

    def __str__(self) -> str:
        return render(open_view(self, False))

    def to_text(self, clairvoyant: bool = False) -> str:
        """The notation of this moment with every hand shown; the talon's order only with
        ``clairvoyant`` (so analysing the text is never clairvoyant unless asked)."""
        return open_view(self, clairvoyant).to_text()

    def view(self, player: int | None = None, clairvoyant: bool = False) -> Position | SeatPosition:
        """The position ``player`` (1-based, as in the notation; default: the one to move;
        any other value refused as ``hand`` refuses it) sees: in the hidden-card games their
        hand, the other written ?, with what the deal has shown of it (a SeatPosition); in
        scoperta every hand. The talon's order stays hidden; ``clairvoyant`` gives every hand
        and the whole talon order instead. Its score is the state's ``score``: none where a
        game continued from a position without one does not know it. A finished deal's view
        is its last position (every card played), as a view played to its end is."""
        seat = self.to_move if player is None else self.seat_of(player)
        if clairvoyant or self.variant.open_hands:
            pos = open_view(self, clairvoyant)
            return pos if self.score is not None else replace(pos, score=None)
        return to_seat_position(self, seat)


def start_of(state: GameState) -> GameState:
    """The state ``state`` began as, undone from its tricks: each seat's hand gets back the
    cards it played (not those on the table when a game from a position began) and gives
    up those it drew; the talon gets back the draws; each seat's points lose its tricks'."""
    n = state.players
    hands = list(state.hands)
    points = list(state.points)
    led = [(t.leader, t.cards) for t in state.tricks] + [(state.leader, state.trick)]
    first_leader = led[0][0]
    on_table = tuple(int(c) for c in led[0][1][: state.prior_table])
    for i, (leader, cards) in enumerate(led):
        for j, c in enumerate(cards):
            if i or j >= state.prior_table:
                hands[(leader + j) % n] |= 1 << c
    for t in state.tricks:
        points[t.winner] -= t.points
        for k, c in enumerate(t.draws):
            hands[(t.winner + k) % n] &= ~(1 << c)
    talon = tuple(int(c) for t in state.tricks for c in t.draws) + state.talon
    return replace(
        state,
        hands=tuple(hands),
        trick=on_table,
        leader=first_leader,
        talon=talon,
        points=tuple(points),
        captured=(0,) * n,
        to_move=(first_leader + len(on_table)) % n,
        tricks=(),
    )


def _variant(v: Variant | str) -> Variant:
    return v if isinstance(v, Variant) else get_variant(v)


#: how many seeds a deal nobody seeded is drawn from: a seed deals every card again, and the
#: first cards a seat sees picked out one of a million in seconds; a JavaScript number holds
#: every one of these exactly, so the board's page carries a finished record's seed unchanged
SEEDS = 2**53


def fresh_seed() -> int:
    """A seed for a deal nobody chose, which no one can find by trying seeds against the
    cards in view: from the system's generator, among SEEDS."""
    return secrets.randbelow(SEEDS)


def make_rng(seed: int | random.Random | None) -> random.Random:
    """A random.Random from an int seed (a numpy integer too), None (fresh entropy) or an
    existing Random. Any other seed is refused (an ArgumentTypeError): random.Random took
    a text or a float as a seed of its own, so a typo'd ``seed="1"`` dealt another deal."""
    if isinstance(seed, random.Random):
        return seed
    if seed is None or whole(seed):
        return random.Random(seed)
    if isinstance(seed, Integral) and not isinstance(seed, bool):
        return random.Random(int(seed))
    raise ArgumentTypeError.of("argument.seed", got=given(seed))


def default_dealer(variant: Variant | str) -> int:
    """The dealer that makes player 1 lead first (the seat before seat 0)."""
    return _variant(variant).players - 1


def deal(
    variant: Variant | str, seed: int | random.Random | None = None, dealer: int | None = None
) -> GameState:
    """Shuffle and deal. ``seed`` is an int, None or a random.Random; ``dealer`` the
    dealing seat counted from 0, as ``GameState.dealer`` (default: the last, so player 1
    leads)."""
    v = _variant(variant)
    deck = list(range(40))
    make_rng(seed).shuffle(deck)
    return deal_from_deck(v, deck, default_dealer(v) if dealer is None else dealer)


def check_dealer(variant: Variant, dealer: object) -> None:
    """RulesError unless ``dealer`` is one of the variant's seats, counted from 0 as
    ``GameState.dealer`` (a deal's, a match's first dealer)."""
    if not whole(dealer) or not 0 <= dealer < variant.players:
        raise RulesError.of("deal.dealer", last=variant.players - 1, got=given(dealer))


def deal_from_deck(variant: Variant | str, deck: Sequence[int], dealer: int) -> GameState:
    """Deal ``deck`` in its order: the hands one card at a time starting with the player
    after the dealer (who leads first) and going round in play order; then, in games with
    trump, the turned trump card; then the talon from the top. The trump card is drawn last."""
    v = _variant(variant)
    deck = tuple(deck)
    if sorted(deck) != list(range(40)):
        raise RulesError.of("deal.deck")
    n = v.players
    check_dealer(v, dealer)
    first = (dealer + 1) % n
    k = n * v.hand_size
    hands = [0] * n
    for i in range(k):
        hands[(first + i) % n] |= 1 << deck[i]
    if v.has_trump:
        briscola = deck[k]
        talon = deck[k + 1 :] + (briscola,)
        trump = briscola // 10  # a plain int, as every position's trump_suit
    else:
        briscola, talon, trump = -1, deck[k:], -1
    return GameState(
        v,
        tuple(hands),
        (),
        first,
        talon,
        trump,
        briscola,
        (0,) * n,
        (0,) * n,
        first,
        (),
        dealer,
        deck,
    )


def move_refusal(state: GameState, card: int) -> RulesError | None:
    """Why ``card`` may not be played now, as the error to raise, or None when it may."""
    return rules_move_refusal(
        state.hands[state.to_move], state.trick, state.variant, int(to_card(card)), state.turn
    )


def move_error(state: GameState, card: int) -> str | None:
    """Why ``card`` may not be played now (one English line), or None when it may."""
    why = move_refusal(state, card)
    return None if why is None else str(why)


def legal_cards(state: GameState) -> list[int]:
    return cards_of(legal_mask(state.hands[state.to_move], state.trick, state.variant))


def play(
    state: GameState, card: CardLike, draws: Iterable[CardLike] | str | None = None
) -> GameState:
    """The state after the player to move plays ``card`` (a card or its text); raises
    IllegalMoveError (a RulesError, a ValueError) if illegal. The card is played by the one
    Position.play (on the clairvoyant view: the talon is known, and ``draws``, when given,
    must be its draw); what a record adds is kept here (the tricks, each seat's points and
    cards taken)."""
    card = int(to_card(card))
    err = move_refusal(state, card)
    if err is not None:  # said as a position says it: "illegal move: ..."
        raise IllegalMoveError.of("move.illegal", why=err)
    after = open_view(state, True).play(card, draws)
    if after.table:
        return replace(state, hands=after.hands, trick=after.table, to_move=after.to_move)
    cards = state.trick + (card,)
    winner = after.to_move
    gained = mask_points(mask_of(cards))
    points = list(state.points)
    points[winner] += gained
    captured = list(state.captured)
    captured[winner] |= mask_of(cards)
    left = len(after.talon_order or ())
    drawn = state.talon[: len(state.talon) - left]
    done = Trick(
        state.leader, tuple(CARDS[c] for c in cards), winner, gained, tuple(CARDS[c] for c in drawn)
    )
    return replace(
        state,
        hands=after.hands,
        trick=(),
        leader=winner,
        talon=state.talon[len(drawn) :],
        points=tuple(points),
        captured=tuple(captured),
        to_move=winner,
        tricks=state.tricks + (done,),
    )


def play_moves(state: GameState, moves: Iterable[int]) -> GameState:
    for c in moves:
        state = play(state, c)
    return state


# ----- the bridge to the analysis engine -------------------------------------------------


def to_position(state: GameState, clairvoyant: bool = False) -> Position:
    """The open Position of this moment of any variant: every hand shown, the talon's
    order only with ``clairvoyant`` (what a player sees is ``GameState.view``)."""
    if state.is_over:
        raise PositionError.of("deal.over_analyse")
    return open_view(state, clairvoyant)


def open_view(state: GameState, clairvoyant: bool) -> Position:
    """The open Position of this moment, finished deals too (``to_position`` refuses those:
    nothing is left to analyse, but a board still draws them); the talon's order only with
    ``clairvoyant``. Its score is the points each side took in this state: in a game
    continued from a position without score=, those taken since it (the frame `briscola
    play` values cards in), which ``GameState.view`` does not show as a score."""
    v = state.variant
    played = state.prior
    for m in state.captured:
        played |= m
    top = state.talon[0] if state.talon and v.top_visible else -1
    order = state.talon if clairvoyant and state.talon else None
    return Position(
        v.name,
        tuple(state.hands),
        tuple(state.trick),
        top,
        state.briscola if v.has_trump else -1,
        played,
        state.to_move,
        state.side_points,
        order,
    )


def from_position(pos: Position, talon: Sequence[int] | None = None, dealer: int = 1) -> GameState:
    """Continue a game of any variant from an open Position given the real talon order.

    ``talon`` is the whole talon top first (the turned trump card last in the games with a
    trump), or only its hidden cards, between the visible top card (the scoperta games) and
    the trump card; it may be omitted when the position is clairvoyant or no talon card is
    hidden. Points start from the position's score (0-0 when it has none: the state's
    ``score``, and its views', are then None); cards played before are kept out of play in
    ``prior``.
    """
    if pos.hidden_hand:
        raise PositionError.of("game.from_seat")
    v = get_variant(pos.variant)
    n_talon = pos.talon_size
    head, tail = talon_ends(pos)
    hidden = n_talon - len(head) - len(tail)
    if talon is None:
        if pos.talon_order is not None:
            talon = pos.talon_order
        elif hidden == 0:
            talon = head + tail
        else:
            raise PositionError.of("game.talon_order", size=n_talon)
    talon = tuple(talon)
    if n_talon and len(talon) == hidden:
        talon = head + talon + tail
    if mask_of(talon) != pos.talon_mask or len(talon) != n_talon:
        raise PositionError.of("game.talon_cards")
    if talon[: len(head)] != head or talon[len(talon) - len(tail) :] != tail:
        ends = "both" if head and tail else "top" if head else "trump"
        raise PositionError.of(f"game.talon_{ends}")
    score = pos.score if pos.score is not None else (0, 0)
    n = pos.players
    return GameState(
        v,
        pos.hands,
        pos.table,
        pos.leader,
        talon,
        pos.trump_suit,
        pos.briscola,
        tuple(score) + (0,) * (n - 2),
        (0,) * n,
        pos.to_move,
        (),
        dealer,
        None,
        pos.played,
        len(pos.table),
    )


def continue_game(pos: Position, rng: random.Random) -> GameState:
    """A game from an open position of any variant, the talon's hidden cards shuffled by
    the rules' chance (uniform) between the cards whose places are seen. A deal played to
    its end is refused in one line: no game goes on from it."""
    if pos.is_over:
        raise PositionError.of("deal.over")
    talon = None
    if pos.talon_order is None and pos.talon_size:
        head, tail = talon_ends(pos)
        hidden = cards_of(pos.talon_mask & ~mask_of(head + tail))
        rng.shuffle(hidden)
        talon = head + tuple(hidden) + tail
    return from_position(pos, talon)


def shuffled_cards(pos: Position) -> int:
    """How many talon cards ``continue_game`` shuffles (their order is the only chance a
    game from ``pos`` has): 0 with the talon's order given, or one card or none unseen."""
    if pos.talon_order is not None or not pos.talon_size:
        return 0
    head, tail = talon_ends(pos)
    n = len(cards_of(pos.talon_mask & ~mask_of(head + tail)))
    return n if n > 1 else 0


def talon_ends(pos: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The talon's cards whose places are seen: (the visible top card,) first in the
    scoperta games, (the turned trump card,) last in the games with a trump."""
    if not pos.talon_size:
        return (), ()
    head = (pos.top,) if pos.top >= 0 else ()
    tail = (pos.briscola,) if pos.briscola >= 0 and (pos.talon_mask >> pos.briscola) & 1 else ()
    return head, tail


# ----- matches -----------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchState:
    """Finished deals of a match and what they add up to, by the variant's match rule:
    segni (first to win ``target`` deals; 60-60 counts for nobody), rounds (``target``
    rounds, the side winning more wins), points (captured points added up until a side
    reaches ``target``; both there in the same deal: the higher total; equal: play on)."""

    variant: Variant
    target: int
    deals: tuple[GameState, ...] = ()
    first_dealer: int | None = None

    def __repr__(self) -> str:
        """One line, as a deal's state prints: the game, target, deals, totals and winner
        (sides from 1 here; ``winner`` itself counts them from 0)."""
        w = self.winner
        end = "going on" if w is None else "drawn" if w < 0 else f"winner=side {w + 1}"
        a, b = self.totals
        return (
            f"<MatchState {self.variant.name} target={self.target} deals={len(self.deals)} "
            f"totals={a}-{b} {end}>"
        )

    @property
    def wins(self) -> tuple[int, int]:
        r = [d.result for d in self.deals]
        return (r.count(1), r.count(-1))

    @property
    def draws(self) -> int:
        return sum(1 for d in self.deals if d.result == 0)

    @property
    def totals(self) -> tuple[int, int]:
        return (
            sum(d.side_points[0] for d in self.deals),
            sum(d.side_points[1] for d in self.deals),
        )

    @property
    def next_dealer(self) -> int:
        """The dealer passes to the next seat after every deal."""
        n = self.variant.players
        first = default_dealer(self.variant) if self.first_dealer is None else self.first_dealer
        return (first + len(self.deals)) % n

    @property
    def winner(self) -> int | None:
        """0 side 1, 1 side 2, -1 a drawn match (rounds only), None while it goes on:
        sides from 0, so ``if match.winner:`` is false when side 1 won (``winning_side``
        counts them from 1, as records do)."""
        rule = self.variant.match
        if rule == "segni":
            w = self.wins
            if max(w) >= self.target:
                return 0 if w[0] >= self.target else 1
            return None
        if rule == "rounds":
            w = self.wins
            left = self.target - len(self.deals)
            if left > 0 and abs(w[0] - w[1]) <= left:
                return None
            return 0 if w[0] > w[1] else 1 if w[1] > w[0] else -1
        t = self.totals
        if max(t) >= self.target and t[0] != t[1]:
            return 0 if t[0] > t[1] else 1
        return None

    @property
    def winning_side(self) -> int | None:
        """The side that won the match counted from 1, as records and printed text count
        them (1: players 1+3, 2: players 2+4); None while it goes on or when drawn (rounds
        only). ``winner`` counts from 0, so its side 1 is a false 0."""
        w = self.winner
        return None if w is None or w < 0 else w + 1

    @property
    def is_over(self) -> bool:
        """Whether the match is decided (won, or drawn by the rounds rule)."""
        return self.winner is not None

    def add(self, finished: GameState) -> MatchState:
        """The match with ``finished`` (a finished deal of its own game) counted."""
        if not isinstance(finished, GameState):
            raise RulesError.of("argument.game", name="finished", got=given(finished))
        if finished.variant != self.variant:
            raise RulesError.of(
                "match.variant", variant=self.variant.name, got=finished.variant.name
            )
        if self.is_over:
            raise RulesError.of("match.over")
        if not finished.is_over:
            raise RulesError.of("match.unfinished")
        return replace(self, deals=self.deals + (finished,))


def new_match(
    variant: Variant | str, target: int | None = None, first_dealer: int | None = None
) -> MatchState:
    """A match of ``variant`` yet to be played: ``target`` (a whole number; default the
    rule's, DEFAULT_TARGET) and the first deal's dealer, a seat counted from 0 as ``deal``
    counts it (default: the one that makes player 1 lead)."""
    v = _variant(variant)
    t = DEFAULT_TARGET[v.match] if target is None else target
    if not whole(t) or t < 1:
        raise RulesError.of("match.target", got=given(t))
    if first_dealer is not None:
        check_dealer(v, first_dealer)
    if v.match == "points" and t not in POINTS_TARGETS:
        raise RulesError.of("match.points", variant=v.name, target=t)
    return MatchState(v, t, (), first_dealer)


def describe_deal(state: GameState, lang: str = "en") -> str:
    """The deal readably, in ``lang``: hands, trump card and talon (top first)."""
    v = state.variant
    first = (state.dealer + 1) % v.players + 1
    title = game_title(v, lang)
    lines = [command_text(lang, "games.dealt", title=title, dealer=state.dealer + 1, first=first)]
    for s in range(v.players):
        cards = " ".join(card_str(c) for c in cards_of(state.hands[s]))
        lines.append(command_text(lang, "games.player", n=s + 1, cards=cards))
    if v.has_trump:
        lines.append(f"briscola: {card_str(state.briscola)}")
    else:
        lines.append(command_text(lang, "games.no_trump"))
    talon = " ".join(card_str(c) for c in state.talon)
    lines.append(command_text(lang, "games.talon", cards=talon))
    return "\n".join(lines)


__all__ = [
    "GameState",
    "MatchState",
    "Trick",
    "Step",
    "DEFAULT_TARGET",
    "POINTS_TARGETS",
    "deal",
    "deal_from_deck",
    "default_dealer",
    "legal_cards",
    "move_error",
    "move_refusal",
    "play",
    "play_moves",
    "to_position",
    "to_seat_position",
    "from_position",
    "continue_game",
    "talon_ends",
    "new_match",
    "make_rng",
    "describe_deal",
]


def record_of(state: GameState) -> tuple[tuple[int, int, int], ...]:
    """The deal's tricks so far as a seat saw them: (leader, lead, answer) each."""
    return tuple((t.leader, int(t.cards[0]), int(t.cards[1])) for t in state.tricks)


def to_seat_position(state: GameState, seat: int) -> SeatPosition:
    """What ``seat`` (0-based) of a live two-player game sees, as a SeatPosition: its hand,
    the table, the trump card, the cards gone, the score (the state's ``score``: None where
    it is not known) and the deal's history (the void suits and arrival slots the opponent
    has shown)."""
    played = state.prior
    for m in state.captured:
        played |= m
    return make_seat_position(
        state.variant.name,
        seat,
        state.hands[seat],
        state.trick,
        state.briscola,
        played,
        state.to_move,
        state.score,
        record_of(state),
    )
