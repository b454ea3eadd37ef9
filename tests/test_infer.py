"""Inference from the opponent's plays (solver.players.infer): the noisy-greedy likelihood, the
hands it rebuilds, and that it never uses a card the seat did not see."""
import random
from dataclasses import replace


from solver.game import record_of
from solver.position.seat import make_seat_position
from solver.players import infer
from solver.analysis import sampling as seat
from solver.players.agents import GreedyAgent
from solver.cards import cards_of, mask_of, parse_cards
from solver.game import deal, play


def _after(seed: int, moves: int, variant="classic"):
    g, rng = GreedyAgent(), random.Random(seed)
    st = deal(variant, seed)
    for _ in range(moves):
        st = play(st, g(st, rng))
    return st


def test_a_lead_is_weighed_by_the_noisy_greedy_model():
    """The opponent has led: a hand with which greedy leads that card weighs
    1 - EPS + EPS/3, any other hand EPS/3 (three legal cards)."""
    g, rng = GreedyAgent(), random.Random(0)
    st = _after(5, 6)
    while not (st.trick and st.tricks):
        st = play(st, g(st, rng))
    me, opp = st.to_move, 1 - st.to_move
    led = st.trick[0]
    assert infer.observations(st, me)[0] == ((), opp, led, "now")
    likes = {round(infer._likelihood(st, opp, h | 1 << led, (), opp, led), 9)
             for h in seat.sample_hands(make_seat_position(
                 "classic", me, st.hands[me], st.trick, st.briscola,
                 st.captured[0] | st.captured[1], st.to_move, tuple(st.points)), 60, 1)}
    assert likes == {round(1 - infer.EPS + infer.EPS / 3, 9), round(infer.EPS / 3, 9)}
    assert infer.hand_weigher(st, me)(st.hands[opp]) > 0


def test_greedy_opponents_true_hand_is_never_ruled_out():
    """Against a greedy opponent the real hand always has a weight the model calls likely
    for each observed play (at least EPS / 3 per play), over many moments of many deals."""
    g = GreedyAgent()
    for seed in range(6):
        rng = random.Random(seed)
        st = deal("classic", seed)
        while not st.is_over:
            me = st.to_move
            w = infer.hand_weigher(st, me)
            if w is not None:
                assert w(st.hands[1 - me]) >= (infer.EPS / 3) ** 2 * 0.99
            st = play(st, g(st, rng))


def test_a_greedy_players_hand_is_weighted_up_on_average():
    """Mean weight of the real hand is above the mean weight of the hands the seat samples:
    the plays carry information about a greedy opponent."""
    g = GreedyAgent()
    real, sampled = [], []
    for seed in range(4):
        rng = random.Random(seed)
        st = deal("classic", seed)
        while st.talon:
            me = st.to_move
            w = infer.hand_weigher(st, me)
            if w is not None:
                sp = make_seat_position("classic", me, st.hands[me], st.trick, st.briscola,
                                             st.captured[0] | st.captured[1], st.to_move,
                                             tuple(st.points), record_of(st))
                real.append(w(st.hands[1 - me]))
                sampled.extend(w(h) for h in seat.sample_hands(sp, 30, seed))
            st = play(st, g(st, rng))
    assert sum(real) / len(real) > 1.2 * sum(sampled) / len(sampled)  # measured 1.36


def test_weights_ignore_what_the_seat_did_not_see():
    """Two deals that differ only in the opponent's hand, the talon below its top and who
    drew which card give the seat the same weights (drawn cards are never read)."""
    st = _after(9, 7)
    me, opp = st.to_move, 1 - st.to_move
    talon = list(st.talon)
    new_opp = mask_of(talon[1:1 + len(cards_of(st.hands[opp]))])
    rest = talon[1 + len(cards_of(st.hands[opp])):-1]
    other = replace(st, hands=tuple(new_opp if i == opp else h for i, h in enumerate(st.hands)),
                    talon=(talon[0], *cards_of(st.hands[opp]), *rest, talon[-1]),
                    tricks=tuple(t._replace(draws=t.draws[::-1]) for t in st.tricks))
    assert infer.observations(st, me) == infer.observations(other, me)
    wa, wb = infer.hand_weigher(st, me), infer.hand_weigher(other, me)
    for h in (st.hands[opp], new_opp, mask_of(parse_cards("AS,2S,3S"))):
        assert wa(h) == wb(h)
