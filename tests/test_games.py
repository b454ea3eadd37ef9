"""Thousands of seeded random deals of every variant, checking the invariants of the state
machine at every step, plus the match rules."""
import random
import re
from dataclasses import replace

import pytest

from solver.players.agents import GreedyAgent, RandomAgent, get_agent, play_deal, play_match, register_agent, seat_agents
from solver.cards import FULL_DECK, cards_of, mask_points, parse_card
from solver.game import (DEFAULT_TARGET, MatchState, deal, from_position, legal_cards, new_match, play,
                         talon_ends, to_position)
from solver.errors import BriscolaError
from solver.position import Position, PositionError, SeatPosition, parse_position
from solver.rules import VARIANTS, RulesError, get_variant
from solver.rules import legal_cards as rule_legal

GAMES = 2000  # per variant; about a second each


def ref_winner(cards, trump):
    """Highest trump, else strongest card of the led suit (independent of rules.py)."""
    led = cards[0] // 10
    key = [(2 if c // 10 == trump else 1 if c // 10 == led else 0, c % 10) for c in cards]
    return key.index(max(key))


def bits(m):
    return m.bit_count()


def check_state(st):
    v = st.variant
    n = v.players
    parts = list(st.hands) + list(st.captured) + [st.prior]
    parts.append(sum(1 << c for c in st.trick))
    parts.append(sum(1 << c for c in st.talon))
    union = 0
    for p in parts:
        assert union & p == 0, "a card in two places"
        union |= p
    assert union == FULL_DECK
    assert sum(bits(p) for p in parts) == 40 == len(st.trick) + len(st.talon) + sum(
        bits(p) for p in parts[:-2])
    for s in range(n):
        assert st.points[s] == mask_points(st.captured[s])
    assert len(st.talon) % n == 0
    # seats that already played this trick hold one card fewer
    played_now = {(st.leader + k) % n for k in range(len(st.trick))}
    base = v.hand_size if st.talon else bits(st.hands[st.leader]) + (1 if st.trick else 0)
    for s in range(n):
        assert bits(st.hands[s]) == base - (s in played_now)
    assert st.to_move == (st.leader + len(st.trick)) % n


def run_checked(v, seed, rng):
    st = deal(v, seed, dealer=seed % v.players)
    assert st.to_move == (st.dealer + 1) % v.players
    check_state(st)
    trump_card = st.briscola
    while not st.is_over:
        before = st
        if st.talon:
            pos = to_position(st)
            assert pos.top == (st.talon[0] if v.top_visible else -1)
            assert pos.briscola == (st.briscola if v.has_trump else -1)
        legal = legal_cards(st)
        assert legal == sorted(rule_legal(cards_of(st.hands[st.to_move]),
                                          st.trick[0] if st.trick else None, v))
        card = rng.choice(legal)
        st = play(st, card)
        check_state(st)
        if len(st.tricks) > len(before.tricks):
            t = st.tricks[-1]
            assert t.cards == before.trick + (card,)
            assert t.winner == (t.leader + ref_winner(t.cards, st.trump_suit)) % v.players
            assert st.to_move == t.winner == st.leader
            if before.talon:
                # winner first (the visible top card), then the others in play order
                assert t.draws == before.talon[:v.players]
                for k, c in enumerate(t.draws):
                    assert (st.hands[(t.winner + k) % v.players] >> c) & 1
                if v.has_trump and not st.talon:
                    assert t.draws[-1] == trump_card
            else:
                assert t.draws == ()
    tricks = st.tricks
    assert len(tricks) == 40 // v.players and len(st.moves) == 40
    assert sum(1 for t in tricks if not t.draws) == v.hand_size
    assert all(t.draws for t in tricks[:-v.hand_size])
    assert sum(st.points) == 120 and sum(st.side_points) == 120
    return st


@pytest.mark.parametrize("name", list(VARIANTS))
def test_random_deals_keep_every_invariant(name):
    v = get_variant(name)
    rng = random.Random(1234)
    results = {1: 0, 0: 0, -1: 0}
    for seed in range(GAMES):
        st = run_checked(v, seed, rng)
        results[st.result] += 1
        a, b = st.side_points
        assert st.result == (1 if a > 60 else -1 if b > 60 else 0)
    assert results[1] > GAMES // 4 and results[-1] > GAMES // 4


@pytest.mark.parametrize("name", list(VARIANTS))
def test_same_seed_same_game(name):
    a = play_deal(name, "random", seed=99)
    b = play_deal(name, "random", seed=99)
    c = play_deal(name, "random", seed=100)
    assert a == b and a.deck == b.deck and a.moves == b.moves
    assert c.deck != a.deck


@pytest.mark.parametrize("name", list(VARIANTS))
def test_greedy_beats_random(name):
    wins = sum(play_deal(name, [GreedyAgent(), RandomAgent()], seed=s).result for s in range(300))
    assert wins > 50


@pytest.mark.parametrize("text,want", [
    ("hand1=AD,3C,6C hand2=7S,2D table=5B briscola=4S turn=1", "6C"),   # no carico on a lost trick
    ("hand1=2S,3C,6C hand2=7S,2D table=AD briscola=4S turn=1", "2S"),   # a low trump takes an Asso
    ("hand1=AS,3C,6C hand2=7S,2D table=5B briscola=4S turn=1", "6C"),   # no Asso of trump for nothing
    ("hand1=AB,4B,6C hand2=7S,2D table=2B briscola=4S turn=1", "AB"),   # bank points of the led suit
    ("hand1=AD,2S,5C hand2=7S,2D,6B briscola=4S turn=1", "5C"),         # lead the cheapest non-trump
])
def test_greedy_choices(text, want):
    st = from_position(parse_position(text))
    assert GreedyAgent()(st, random.Random(0)) == parse_card(want)


def test_greedy_gives_points_to_a_partner_who_holds_the_trick_as_last_player():
    from solver.cards import parse_cards
    from solver.game import deal_from_deck
    first = parse_cards("2C,AC,4C,RD,5D,6D,7D,5B,6S,7S,2D,3B,4S")   # 3 rounds of 4, then the trump
    rest = [c for c in range(40) if c not in first]
    st = deal_from_deck("scoperta4", first + rest, 3)
    for c in ("2C", "AC", "4C"):
        st = play(st, parse_card(c))
    assert st.to_move == 3 and GreedyAgent()(st, random.Random(0)) == parse_card("RD")


@pytest.mark.parametrize("bad", [None, 3])
def test_a_variant_that_is_not_a_name_is_refused_naming_it(bad):
    """deal(None) raised AttributeError: 'NoneType' object has no attribute 'strip'."""
    with pytest.raises(RulesError, match=rf"^variant must be a variant's name or a Variant, "
                                         rf"got {bad} \(names: scoperta, .*libero\)$"):
        deal(bad)
    assert deal(VARIANTS["classic"], seed=1).variant is deal("Classic", seed=1).variant


def test_agents_by_name_and_registration():
    assert get_agent("greedy").name == "greedy" and get_agent("RANDOM").name == "random"
    with pytest.raises(RulesError, match="unknown agent"):
        get_agent("nobody")
    register_agent("first", lambda: (lambda view, rng: view.legal_cards()[0]))
    st = play_deal("libero", ["first", "random"], seed=3)
    assert st.is_over
    assert len(seat_agents("greedy,random", 4)) == 4
    with pytest.raises(RulesError):
        seat_agents("greedy,random,random", 4)


def test_an_agent_playing_an_illegal_card_is_refused():
    bad = lambda view, rng: next(c for c in range(40) if c not in view.hand(view.to_move + 1))
    with pytest.raises(RulesError, match="not in player 1's hand"):
        play_deal("classic", [bad, "random"], seed=1)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_an_agent_is_given_only_what_its_seat_sees(name):
    """play_deal handed every agent the whole GameState: a bot of the user's read the
    opponent's hand and the talon's order. It gets its seat's view now."""
    seen = []

    def spy(view, rng):
        seen.append(view)
        return view.legal_cards()[0]

    play_deal(name, [spy, "greedy"], seed=1)
    hidden = not get_variant(name).open_hands
    assert seen and all(isinstance(v, SeatPosition if hidden else Position) for v in seen)
    assert all(v.talon_order is None for v in seen)
    for v in seen:
        assert v.to_move == 0 or v.players == 4 and v.to_move == 2
        if hidden:
            with pytest.raises(PositionError, match="hand is hidden"):
                v.hand(2)


SEEDED = [(name, agents, seed) for name in VARIANTS
          for agents in ("random", "greedy", "greedy,random") for seed in range(4)]


@pytest.mark.parametrize("name,agents,seed", SEEDED + [("classic", "engine@3,greedy", 1),
                                                       ("briscolone", "engine-plain@3,random", 1)])
def test_the_built_in_agents_play_from_a_seats_view_as_from_the_whole_state(name, agents, seed):
    """Given the seat's view instead of the GameState, every built-in agent plays the same
    cards for the same seed (the moves were also recorded before the change: equal)."""
    rng = random.Random(seed)
    state = deal(name, rng)
    seats = seat_agents(agents, state.players)
    while not state.is_over:  # the loop of play_deal before: the whole state handed over
        state = play(state, seats[state.to_move](state, rng))
    assert play_deal(name, agents, seed=seed).moves == state.moves


def test_a_game_from_a_position_without_score_has_views_without_one():
    """from_position(pos) without score= has score None, but its views said score=0-0."""
    for name in ("classic", "scoperta"):
        state = deal(name, seed=3)
        rng = random.Random(1)
        for _ in range(6):
            state = play(state, rng.choice(state.legal_cards()))
        go_on = from_position(replace(to_position(state, True), score=None))
        assert go_on.score is None
        after = play(go_on, go_on.legal_cards()[0])
        after = play(after, after.legal_cards()[0])  # a trick taken since the start
        for st in (go_on, after):
            assert st.view().score is None and "score=" not in repr(st.view())
        assert from_position(to_position(state, True)).view().score == state.side_points


def test_position_round_trip_and_continuing_a_game():
    rng = random.Random(5)
    for seed in range(40):
        st = deal("scoperta", seed)
        for _ in range(rng.randrange(0, 39)):
            st = play(st, rng.choice(legal_cards(st)))
        pos = to_position(st)
        assert parse_position(pos.to_text()) == pos
        cont = from_position(pos, st.talon)
        assert cont.hands == st.hands and cont.talon == st.talon and cont.trick == st.trick
        assert cont.to_move == st.to_move and cont.points == st.points
        clair = to_position(st, clairvoyant=True)
        assert parse_position(clair.to_text()) == clair
        if len(st.talon) > 2:
            hidden = st.talon[1:-1]
            assert from_position(pos, hidden).talon == st.talon
        # the same moves lead to the same points from either state
        a, b = st, cont
        while not a.is_over:
            c = rng.choice(legal_cards(a))
            a, b = play(a, c), play(b, c)
        assert a.points == b.points and a.hands == b.hands


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_game_goes_on_from_its_open_position(variant):
    """from_position continues any variant: with the whole talon or only its hidden cards
    (the visible top and the turned trump card put back in place), the same moves give the
    same deal as the game it was taken from."""
    rng = random.Random(variant)
    for seed in range(25):
        st = deal(variant, seed)
        for _ in range(rng.randrange(0, 36)):
            st = play(st, rng.choice(legal_cards(st)))
        if st.is_over:
            continue
        pos = to_position(st)
        head, tail = talon_ends(pos)
        assert head == ((st.talon[0],) if st.talon and st.variant.top_visible else ())
        cont = from_position(pos, st.talon[len(head):len(st.talon) - len(tail)] or None)
        assert cont.talon == st.talon and cont.hands == st.hands and cont.to_move == st.to_move
        assert cont.side_points == st.side_points
        a, b = st, cont
        while not a.is_over:
            c = rng.choice(legal_cards(a))
            a, b = play(a, c), play(b, c)
        assert a.side_points == b.side_points and a.hands == b.hands


def test_a_talon_in_the_wrong_order_names_the_end_it_breaks():
    pos = parse_position("variant=classic hand1=AS,3S,RB hand2=4S,7S,4B briscola=4C "
                         "played=2B,3B turn=1")
    st = from_position(pos, tuple(cards_of(pos.talon_mask & ~(1 << pos.briscola))))
    assert st.talon[-1] == pos.briscola and len(st.talon) == pos.talon_size
    with pytest.raises(ValueError, match="end with the trump card"):
        from_position(pos, (pos.briscola,) + st.talon[:-1])
    with pytest.raises(ValueError, match="every hand shown"):
        from_position(parse_position("variant=classic hand1=AS,3S,RB hand2=? briscola=4C "
                                     "played=2B,3B turn=1"))


def test_continuing_needs_the_talon_order():
    pos = parse_position("hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S turn=1")
    assert from_position(pos).talon == (pos.top, pos.briscola)
    st = deal("scoperta", 3)
    with pytest.raises(ValueError):
        from_position(to_position(st))
    with pytest.raises(ValueError):
        from_position(to_position(st), tuple(reversed(st.talon)))


# ----- matches -------------------------------------------------------------------------

def _fake(d, a):
    """A finished deal with side points a-(120-a)."""
    return replace(d, points=(a, 120 - a) if d.players == 2 else (a, 120 - a, 0, 0))


@pytest.fixture(scope="module")
def finished():
    return {n: play_deal(n, "random", seed=1) for n in VARIANTS}


def test_segni_first_to_target_and_draws_count_for_nobody(finished):
    m = new_match("classic", 2)
    d = finished["classic"]
    for a in (70, 60, 40, 60):
        m = m.add(_fake(d, a))
        assert not m.is_over
    assert m.wins == (1, 1) and m.draws == 2
    m = m.add(_fake(d, 61))
    assert m.winner == 0
    with pytest.raises(RulesError):
        m.add(_fake(d, 61))


def test_rounds_best_of_n(finished):
    d = finished["scoperta"]
    m = new_match("scoperta", 3)
    m = m.add(_fake(d, 80)).add(_fake(d, 90))
    assert m.winner == 0 and len(m.deals) == 2      # the third round cannot change it
    m = new_match("scoperta", 3).add(_fake(d, 80)).add(_fake(d, 30))
    assert not m.is_over
    assert m.add(_fake(d, 60)).winner == -1          # 1-1 and a drawn round: a drawn match
    assert m.add(_fake(d, 20)).winner == 1
    m4 = new_match("scoperta4", 1).add(_fake(finished["scoperta4"], 50))
    assert m4.winner == 1


def test_briscolone_points_add_up_to_the_target(finished):
    d = finished["briscolone"]
    m = new_match("briscolone", 121)
    m = m.add(_fake(d, 70))
    assert not m.is_over and m.totals == (70, 50)
    m = m.add(_fake(d, 50))                          # 120-100: nobody there yet
    assert not m.is_over
    assert m.add(_fake(d, 1)).winner == 1            # 121-219: both reach it, the higher wins
    m2 = new_match("briscolone", 121).add(_fake(d, 60)).add(_fake(d, 60))
    assert m2.totals == (120, 120) and not m2.is_over
    m2 = m2.add(_fake(d, 60))                        # 180-180 equal: play another deal
    assert not m2.is_over
    assert m2.add(_fake(d, 59)).winner == 1
    assert new_match("libero", 151).target == 151


@pytest.mark.parametrize("name", list(VARIANTS))
def test_random_matches_end_by_their_rule(name):
    v = get_variant(name)
    for seed in range(30):
        m = play_match(name, "greedy,random" if seed % 2 else "random", seed=seed)
        target = DEFAULT_TARGET[v.match]
        # the dealer passes after every deal; the first dealer makes player 1 lead
        assert [d.dealer for d in m.deals] == [(v.players - 1 + i) % v.players
                                               for i in range(len(m.deals))]
        for i in range(1, len(m.deals)):
            assert MatchState(v, target, m.deals[:i]).winner is None
        w = m.winner
        if v.match == "segni":
            assert max(m.wins) == target and m.wins[w] == target
        elif v.match == "rounds":
            assert len(m.deals) <= target
            assert w == (-1 if m.wins[0] == m.wins[1] else 0 if m.wins[0] > m.wins[1] else 1)
        else:
            t = m.totals
            assert max(t) >= target and t[w] > t[1 - w]
        assert play_match(name, "random", seed=seed).deals == play_match(name, "random", seed=seed).deals


@pytest.mark.parametrize("score", [None, "50-40"])
def test_points_won_since_a_start_are_its_own_tricks(score):
    """A deal continued from a position: what it took since the start is its tricks' points,
    and where the start had a score, the score less the start's."""
    text = "hand1=3C,AS hand2=2C,RS,FB briscola=RD table=CD turn=2"
    pos = parse_position(text + (f" score={score}" if score else ""))
    state = from_position(pos)
    rng = random.Random(3)
    while not state.is_over:
        state = play(state, rng.choice(legal_cards(state)))
    won = state.won_since_start
    assert sum(won) == pos.points_in_play
    if score:
        start = tuple(int(x) for x in score.split("-"))
        assert won == (state.side_points[0] - start[0], state.side_points[1] - start[1])
    else:
        assert state.score is None and won == state.side_points


@pytest.mark.parametrize("dealer", [2, -1, "1", 1.0, True])
def test_a_dealer_that_is_not_a_seat_is_refused_in_the_seats_own_count(dealer):
    """deal()'s dealer counts from 0 (GameState.dealer); the refusal said 'from 1 to 2' and a
    dealer that is not a whole number failed inside with a TypeError."""
    with pytest.raises(RulesError, match=r"^dealer must be a seat from 0 to 1 \(seat 0 is player 1"):
        deal("scoperta", seed=1, dealer=dealer)


@pytest.mark.parametrize("dealer", [2, 3, -1, "0", 1.0, True])
def test_a_matchs_first_dealer_is_refused_as_a_deals_is(dealer):
    """play_match(dealer=3) wrapped round to seat 1 in a 2-player game while deal(dealer=3)
    refused it; dealer="0" failed with 'can only concatenate str'."""
    for call in (lambda: play_match("classic", "random", seed=1, dealer=dealer),
                 lambda: new_match("scoperta", first_dealer=dealer)):
        with pytest.raises(RulesError, match=rf"^dealer must be a seat from 0 to 1 .*got {dealer!r}$"):
            call()
    assert play_match("classic", "random", seed=1, dealer=0).deals[0].dealer == 0


@pytest.mark.parametrize("target", [1.7, 0, -3, "x", float("nan"), float("inf"), True])
def test_a_match_target_that_is_not_a_whole_number_from_1_is_refused_naming_it(target):
    """target=1.7 was cut to 1, "x", nan and inf failed in int() (ValueError, OverflowError)."""
    with pytest.raises(RulesError, match=r"^the match target must be a whole number of at least 1, "
                                         rf"got {re.escape(repr(target))}$"):
        play_match("classic", "random", seed=1, target=target)


@pytest.mark.parametrize("other", ["briscolone", "scoperta4", "scoperta"])
def test_a_match_counts_only_its_own_games_deals(other):
    """new_match("classic").add(a Briscolone deal) was counted."""
    with pytest.raises(RulesError, match=f"^a classic match counts classic deals only, got a {other} deal$"):
        new_match("classic").add(play_deal(other, "random", seed=1))
    with pytest.raises(RulesError, match=r"^finished must be a deal's state .*got None$"):
        new_match("classic").add(None)
    assert new_match("classic").add(play_deal("classic", "random", seed=1)).deals


@pytest.mark.parametrize("call,words", [
    (lambda: get_agent(None), r"^name must be an agent's name or an agent .*got None$"),
    (lambda: play_deal("classic", 5, seed=1), r"^agents must be agents: a name, an agent .*got 5$"),
    (lambda: play_deal("classic", ["greedy", 5], seed=1), r"^agents must be agents: .*got 5$"),
    (lambda: play_match("classic", "random", seed=1, max_deals="a"),
     r"^max_deals must be a whole number of at least 1, got 'a'$"),
    (lambda: RandomAgent()(deal("classic", seed=1), None),
     r"^rng must be a random.Random \(random.Random\(seed\) makes one\), got None$"),
    (lambda: GreedyAgent()(play_deal("classic", "random", seed=1), random.Random(1)),
     r"^the deal is over: no cards left to play$"),
], ids=["get_agent-None", "agents-5", "agents-item", "max_deals", "rng-None", "greedy-over"])
def test_the_agents_entry_points_refuse_bad_arguments_in_one_line(call, words):
    """Each failed inside: AttributeError (get_agent(None), rng=None), TypeError not naming
    the argument (agents=5, max_deals="a"), 'min() arg is an empty sequence' (greedy asked
    for a card of a finished deal)."""
    with pytest.raises(BriscolaError, match=words) as e:
        call()
    assert "\n" not in str(e.value) and e.value.key

