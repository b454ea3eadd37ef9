"""Seat analysis of the hidden-card 2-player games (classic Briscola, Briscolone, libero).

One player's view: their own hand, the table, the played cards and the turned trump card;
the opponent's hand is written ``?``. The opponent's hand is sampled uniformly among the
hands consistent with what the seat has seen, each sample is solved with the open analysis
(solver.ganalysis), and the per-card values are averaged (method "seat-sampling").

What "consistent" means, precisely:

* the hand has the right size and only cards the seat has not seen (not in its hand, not on
  the table, not played, not the turned trump card while the talon holds it; once the talon is
  empty a trump card seen nowhere else is known to be in the opponent's hand);
* from a game record (games with the duty to follow suit): every trick where the opponent
  played second without following the led suit s says that the opponent's hand held no card
  of suit s at that moment. The opponent's cards (those played since the deal, and the
  sampled hand) must then fit the opponent's arrival slots (the deal, capacity the hand size,
  then one slot per draw) so that every played card arrived before it was played and every
  card of a suit shown void arrived in a draw after that trick (unless played before it).
  A hand is kept only when such an assignment exists (an interval matching, checked
  greedily). Hands are weighted uniformly, not by how many deal orders produce them.

Each sampled hand is solved exactly (expectimax over the talon draws) when the unknown
talon is small; otherwise one talon order is drawn with it and solved clairvoyantly.
"""
from __future__ import annotations

import heapq
import math
import random
import time
from dataclasses import dataclass
from itertools import combinations
from math import comb

from .cards import FULL_DECK, card_str, cards_of, mask_of, parse_cards, popcount
from .position import PositionError
from .rules import get_variant

ENUM_LIMIT = 3000          # enumerate every consistent hand when there are at most this many
EXACT_UNSEEN = 6           # solve a sampled hand exactly up to this many hidden talon cards
DEFAULT_SAMPLES = 200
DEFAULT_TIME = 10.0
MAX_REJECTS = 20000
FIRST_TIME = 2.0           # seconds the first full solve may take when no time limit is given


@dataclass(frozen=True)
class History:
    """What a record shows about the opponent's hand (see the module docstring)."""
    caps: tuple[int, ...]               # arrival slots: the deal, then one per draw
    fixed: tuple[tuple[int, int], ...]  # (first, last) slot of each card the opponent played
    suit_lo: tuple[int, int, int, int]  # first slot a card of that suit may have arrived in
    voids: tuple[tuple[int, int], ...]  # (trick number, suit) shown void

    def fits(self, hand_cards) -> bool:
        last = len(self.caps) - 1
        spans = list(self.fixed) + [(self.suit_lo[c // 10], last) for c in hand_cards]
        if len(spans) != sum(self.caps):
            return False
        spans.sort()
        heap: list[int] = []
        k = 0
        for slot, cap in enumerate(self.caps):
            while k < len(spans) and spans[k][0] <= slot:
                heapq.heappush(heap, spans[k][1])
                k += 1
            for _ in range(cap):
                if not heap:
                    return False
                if heapq.heappop(heap) < slot:
                    return False
        return not heap and k == len(spans)


@dataclass(frozen=True)
class SeatPosition:
    """A 2-player hidden-card position seen from ``seat`` (0-based); the other hand is hidden.

    ``known`` holds opponent cards the seat knows anyway (the trump card drawn last);
    ``hidden`` is how many of the opponent's cards are unknown.
    """
    variant: str
    seat: int
    hand: int
    known: int
    hidden: int
    table: tuple[int, ...]
    briscola: int
    played: int
    turn: int
    score: tuple[int, int] | None = None
    history: History | None = None

    players = 2
    clairvoyant = False

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    @property
    def pool(self) -> int:
        """Cards the opponent's unknown cards are drawn from (the rest is the covered talon)."""
        m = FULL_DECK & ~(self.hand | self.known | self.played | mask_of(self.table))
        if self.briscola >= 0:
            m &= ~(1 << self.briscola)
        return m

    @property
    def talon_size(self) -> int:
        t = popcount(self.pool) - self.hidden
        return t + (1 if t > 0 and self.briscola >= 0 else 0)

    @property
    def draws_unknown(self) -> bool:
        return self.talon_size > 2

    @property
    def forced(self) -> bool:
        return popcount(self.pool) == self.hidden

    def legal_cards(self) -> list[int]:
        return self.with_hand(0).legal_cards() if self.turn == self.seat else []

    def with_hand(self, cards: int):
        """The open GamePosition with the opponent holding ``cards`` (plus the known ones)."""
        from .gposition import GamePosition
        hands = [0, 0]
        hands[self.seat] = self.hand
        hands[self.opponent] = cards | self.known
        return GamePosition(self.variant, tuple(hands), self.table, -1, self.briscola,
                            self.played, self.turn, self.score, None)

    def to_text(self) -> str:
        return self.with_hand(0).to_text(hidden=self.opponent)

    def __str__(self) -> str:
        return self.to_text()


def make_seat_position(variant: str, seat: int, hand: int, table, briscola: int, played: int,
                       turn: int, score=None, history: History | None = None) -> SeatPosition:
    """Check the seat's view and work out the opponent's hand size; PositionError if wrong."""
    v = get_variant(variant)
    if v.players != 2 or v.top_visible:
        raise PositionError(f"a hidden hand (?) exists only in the 2-player hidden-card games "
                            f"(classic, briscolone, libero), not {v.name}")
    table = tuple(table)
    if len(table) > 1:
        raise PositionError(f"table= holds at most 1 card in {v.name}, got {len(table)}")
    own = popcount(hand)
    leader = (turn - len(table)) % 2
    if not table:
        opp = own
    elif leader == seat:
        opp = own + 1
    else:
        opp = own - 1
    if opp < 0 or (own == 0 and opp == 0) or max(own, opp) == 0:
        raise PositionError("the deal is over: no cards left to play")
    if max(own, opp) > v.hand_size:
        raise PositionError(f"a hand holds at most {v.hand_size} cards in {v.name}, "
                            f"got hand{seat + 1}={own}")
    known = 0
    free = FULL_DECK & ~(hand | played | mask_of(table))
    rest = popcount(free)
    if rest < opp:
        raise PositionError(f"player {2 - seat}'s hand would hold {opp} cards but only {rest} "
                            f"cards are unaccounted for")
    talon = rest - opp
    if talon % 2:
        raise PositionError(f"the talon would hold {talon} card{'s' if talon != 1 else ''}: "
                            f"with 2 players it always holds a multiple of 2")
    if talon and max(own, opp) != v.hand_size:
        raise PositionError(f"hands hold {v.hand_size} cards each while the talon has cards, "
                            f"got hand{seat + 1}={own}")
    if briscola >= 0 and not (free >> briscola) & 1 and talon:
        raise PositionError(f"the talon has cards, so the trump card {card_str(briscola)} must be "
                            f"its bottom card, but it is in a hand, on the table or played")
    if briscola >= 0 and (free >> briscola) & 1 and not talon:
        known = 1 << briscola
    sp = SeatPosition(v.name, seat, hand, known, opp - popcount(known), table, briscola,
                      played, turn, score, history)
    return sp


def parse_seat_position(text: str) -> SeatPosition:
    """Parse a position with one hand written ``?`` (called by parse_game_position)."""
    from .gposition import FIELDS, _parse_score
    from .position import CardClaims, one_card, split_fields
    f = split_fields(text, FIELDS)
    v = get_variant(f.get("variant", "scoperta"))
    if v.players != 2 or v.top_visible:
        raise PositionError(f"a hidden hand (?) exists only in the 2-player hidden-card games "
                            f"(classic, briscolone, libero), not {v.name}")
    for i in (3, 4):
        if f"hand{i}" in f:
            raise PositionError(f"{v.name} has 2 players: hand{i}= is not allowed")
    for req in ("hand1", "hand2", "turn"):
        if req not in f:
            raise PositionError(f"missing field {req}=")
    hidden = [i for i in (0, 1) if f[f"hand{i + 1}"].strip() == "?"]
    if len(hidden) == 2:
        raise PositionError("only one hand may be hidden (?): the other is the seat's own")
    for key in ("talon", "unseen", "top"):
        if key in f:
            raise PositionError(f"with a hidden hand give played= (not {key}=): the seat does "
                                f"not see the talon")
    for k, val in f.items():
        if "?" in val and (k not in ("hand1", "hand2") or val.strip() != "?"):
            raise PositionError(f"'?' stands for a whole hidden hand (hand1=? or hand2=?), "
                                f"not inside {k}=")
    seat = 1 - hidden[0]
    if v.has_trump and "briscola" not in f:
        raise PositionError("missing field briscola= (the trump card)")
    if not v.has_trump and "briscola" in f:
        raise PositionError(f"{v.name} has no trump: briscola= is not allowed")
    hand = parse_cards(f[f"hand{seat + 1}"])
    table = parse_cards(f.get("table", ""))
    played = parse_cards(f.get("played", ""))
    briscola = one_card(f, "briscola")
    turn_s = f["turn"].strip()
    if turn_s not in ("1", "2"):
        raise PositionError(f"turn= must be 1..2, got '{turn_s}'")
    claim = CardClaims()
    for cards, where in ((hand, f"hand{seat + 1}"), (table, "table"), (played, "played")):
        claim(cards, where)
    played_mask = mask_of(played)
    score = _parse_score(f["score"], played_mask, 2) if "score" in f else None
    return make_seat_position(v.name, seat, mask_of(hand), table, briscola, played_mask,
                              int(turn_s) - 1, score)


# ----- from a record ------------------------------------------------------------------

def history_of(state, seat: int) -> History:
    """The opponent's arrival slots and shown voids in a replayed deal (solver.game state)."""
    opp = 1 - seat
    slot_trick = [0]
    for j, t in enumerate(state.tricks, 1):
        if t.draws:
            slot_trick.append(j)
    voids = []
    plays = []   # (card, trick number)
    for j, t in enumerate(state.tricks, 1):
        c = t.cards[(opp - t.leader) % 2]
        plays.append((c, j))
        if state.variant.follow_suit and t.leader != opp and c // 10 != t.cards[0] // 10:
            voids.append((j, t.cards[0] // 10))
    if state.trick and state.leader == opp:
        plays.append((state.trick[0], len(state.tricks) + 1))
    n_slots = len(slot_trick)

    def first_slot(suit: int, played_at: int | None) -> int:
        lo = 0
        for t, s in voids:
            if s == suit and (played_at is None or played_at > t):
                lo = max(lo, next((i for i, st in enumerate(slot_trick) if i and st >= t), n_slots))
        return lo

    fixed = []
    for c, j in plays:
        hi = max(i for i, st in enumerate(slot_trick) if st <= j - 1)
        fixed.append((first_slot(c // 10, j), hi))
    suit_lo = tuple(first_slot(s, None) for s in range(4))
    caps = (state.variant.hand_size,) + (1,) * (n_slots - 1)
    return History(caps, tuple(fixed), suit_lo, tuple(voids))


def seat_position_from_record(record, move: int, seat: int) -> SeatPosition:
    """The moment before ``move`` (1-based) of a recorded deal, seen by ``seat`` (1-based)."""
    from .game import deal_from_deck, play
    from .record import RecordError, _prepared, replay_all
    rec = _prepared(record)
    v = get_variant(rec["variant"])
    if v.players != 2 or v.top_visible:
        raise RecordError(f"seat analysis is for the hidden-card games (classic, briscolone, "
                          f"libero), but the record is {v.name}")
    if len(rec["_deals"]) != 1:
        raise RecordError(f"the record holds {len(rec['_deals'])} deals: give a single-deal record")
    replay_all(rec)
    d = rec["_deals"][0]
    moves = d["moves"]
    state = deal_from_deck(v, d["deck"], d["dealer"] - 1)
    final = state
    for c in moves:
        final = play(final, c)
    last = len(moves) + (0 if final.is_over else 1)
    if not 1 <= move <= last:
        raise RecordError(f"move {move} is out of range: the record's moves are 1..{last}")
    if seat not in (1, 2):
        raise RecordError(f"seat must be 1 or 2, got {seat}")
    for c in moves[:move - 1]:
        state = play(state, c)
    s = seat - 1
    if state.turn != s:
        raise RecordError(f"move {move} is player {state.turn + 1}'s: seat analysis values the "
                          f"cards of the player to move (use --seat {state.turn + 1})")
    played = state.captured[0] | state.captured[1]
    score = (state.points[0], state.points[1])
    return make_seat_position(v.name, s, state.hands[s], state.trick, state.briscola, played,
                              state.turn, score, history_of(state, s))


# ----- sampling -----------------------------------------------------------------------

def _hand_sampler(sp: SeatPosition, rng: random.Random):
    """A function drawing one consistent hand (a mask), and the list of all of them when
    there are few (None otherwise). PositionError when no hand fits."""
    free = cards_of(sp.pool)
    k = sp.hidden
    fits = sp.history.fits if sp.history is not None else (lambda cs: True)
    if sp.history is not None and sp.known:
        base = fits
        known = cards_of(sp.known)
        fits = lambda cs: base(list(cs) + known)  # noqa: E731
    if comb(len(free), k) <= ENUM_LIMIT:
        every = [mask_of(cs) for cs in combinations(free, k) if fits(cs)]
        if not every:
            raise PositionError("no opponent hand is consistent with what the seat has seen")
        return (lambda: every[rng.randrange(len(every))]), every

    def draw():
        for _ in range(MAX_REJECTS):
            cs = rng.sample(free, k)
            if fits(cs):
                return mask_of(cs)
        raise PositionError("could not find an opponent hand consistent with the record")
    return draw, None


def sample_hands(sp: SeatPosition, count: int, seed: int = 0) -> list[int]:
    """``count`` opponent hands (masks, known cards included) drawn as analyse draws them."""
    rng = random.Random(seed)
    draw, _ = _hand_sampler(sp, rng)
    return [draw() | sp.known for _ in range(count)]


def _solve(gp, objective: str, cards, rng: random.Random, deadline: float | None,
           horizon: int = 0):
    """Per-card values of one sampled hand (open exact, or one clairvoyant talon order,
    searched ``horizon`` tricks deep when > 0); None past the deadline."""
    from dataclasses import replace

    from . import ganalysis as GA
    from . import gkernels as G
    if not horizon and popcount(gp.unseen) <= EXACT_UNSEEN:
        res = GA.exact_values(gp, objective, deadline)
        if res is None:
            return None
        vals, nodes = res
        return {c: float(vals[c]) for c in cards}, nodes, True
    cp = replace(gp, talon_order=GA.sample_order(gp, rng))
    s = GA.GSearch(cp, objective)
    if horizon:
        alive = 40 - popcount(gp.played)
        s.ctx[G.C_HORIZON] = max(1, alive - horizon * gp.players)
    out = {}
    for c in cards:
        v = s.move_value(c, deadline, slice_nodes=100_000)
        if v is None:
            return None
        out[c] = float(s.fraction(v))
    return out, s.nodes, False


def _first(gp, objective, cards, rng, t0, deadline):
    """Solve the first sample, choosing the search depth: full when it fits in FIRST_TIME
    (and a third of the time left), else 4, 2 or 1 tricks deep. (result, horizon)."""
    now = time.perf_counter()
    budget = FIRST_TIME if deadline is None else min(FIRST_TIME, max(0.0, deadline - now) / 3)
    state = rng.getstate()
    for horizon in (0, 4, 2, 1):
        rng.setstate(state)
        last = horizon == 1
        end = deadline if last else time.perf_counter() + budget
        res = _solve(gp, objective, cards, rng, end, horizon)
        if res is not None:
            return res, horizon
    return None


def analyse(sp: SeatPosition, objective: str = "points", time_limit: float | None = None,
            samples: int | None = None, seed: int = 0, t0: float | None = None):
    """Seat analysis: mean per-card values over sampled opponent hands, with 95 % half-widths.
    Stops at ``samples``, at the time limit, or on Ctrl-C (keeping what it has)."""
    from . import ganalysis as GA
    from .analysis import Analysis, MoveValue, check_objective
    check_objective(sp, objective)
    t0 = time.perf_counter() if t0 is None else t0
    if sp.turn != sp.seat:
        raise PositionError(f"player {sp.turn + 1}'s hand is hidden: seat analysis values the "
                            f"cards of the player whose hand is shown (turn={sp.seat + 1})")
    rng = random.Random(seed)
    draw, every = _hand_sampler(sp, rng)
    if every is not None and len(every) == 1:
        a = GA.analyse(sp.with_hand(every[0]), objective, time_limit, t0)
        return _replace_position(a, sp, ("the opponent's hand is known by elimination",))
    n_max = samples if samples is not None else DEFAULT_SAMPLES
    complete = every is not None and len(every) <= n_max
    if complete:
        # few enough hands: solve each once, in random order (a time cut leaves a random subset)
        order = list(every)
        rng.shuffle(order)
        n_max = len(order)
        draw = iter(order).__next__
    limit = time_limit
    if limit is None and samples is None:
        limit = DEFAULT_TIME
    deadline = None if limit is None else t0 + limit
    cards = sp.legal_cards()
    xs: dict[int, list[float]] = {c: [] for c in cards}
    nodes, exact_all, horizon = 0, True, 0
    try:
        while len(xs[cards[0]]) < n_max:
            gp = sp.with_hand(draw())
            if not xs[cards[0]]:
                res = _first(gp, objective, cards, rng, t0, deadline)
                if res is None:
                    break
                res, horizon = res
            else:
                res = _solve(gp, objective, cards, rng, deadline, horizon)
            if res is None:
                break
            vals, n, ex = res
            nodes += n
            exact_all &= ex
            for c in cards:
                xs[c].append(vals[c])
            if deadline is not None and time.perf_counter() > deadline:
                break
    except KeyboardInterrupt:
        if not xs[cards[0]]:
            raise
    n = len(xs[cards[0]])
    if n == 0:
        raise PositionError("no sampled hand could be solved within the time limit "
                            "(give a larger --time-limit)")
    est = {}
    for c in cards:
        m = sum(xs[c]) / n
        var = sum((x - m) ** 2 for x in xs[c]) / (n - 1) if n > 1 else 0.0
        est[c] = (m, 1.96 * math.sqrt(var / n) if n > 1 else None)
    whole = complete and n == len(every) and exact_all and not horizon
    if whole:
        est = {c: (m, 0.0) for c, (m, _) in est.items()}
    best_v = max(m for m, _ in est.values())
    moves = tuple(MoveValue(c, m, None, e) for c, (m, e) in
                  sorted(est.items(), key=lambda kv: (-kv[1][0], kv[0])))
    best = tuple(c for c, (m, _) in est.items() if m == best_v)
    how = ("each solved exactly over the talon draws" if exact_all
           else "each solved with one sampled talon order (clairvoyant)")
    if horizon:
        how = f"each solved {horizon} tricks deep with one sampled talon order (clairvoyant)"
    notes = (f"{n} sampled opponent hands, {how}",)
    if whole:
        notes = (f"all {n} consistent opponent hands solved exactly, weighted equally: "
                 f"no sampling error",)
    elif every is not None:
        notes += (f"{len(every)} opponent hands are consistent",)
    return Analysis(sp, objective, False, best_v, None, moves, best, (), nodes,
                    time.perf_counter() - t0, method="seat-sampling", notes=notes, samples=n)


def _replace_position(a, sp, notes):
    from dataclasses import replace
    return replace(a, position=sp, notes=a.notes + notes)


def analyse_state(state, seat: int, objective: str = "points", time_limit: float | None = None,
                  samples: int | None = None, seed: int = 0):
    """Seat analysis of a live game (solver.game state) for ``seat`` (0-based), using the
    deal's history for the void-suit inference: what an engine seat may fairly know."""
    played = state.prior
    for m in state.captured:
        played |= m
    score = (state.points[0], state.points[1])
    sp = make_seat_position(state.variant.name, seat, state.hands[seat], state.trick,
                            state.briscola, played, state.turn, score, history_of(state, seat))
    return analyse(sp, objective, time_limit, samples=samples, seed=seed)
