"""The hidden hands a seat keeps (solver/position/seat.py: the History a seat derives from
the tricks it saw, ``every_hand``, ``hand_sampler``) held exactly to tests/seat_reference.py,
a brute force over every history of the hidden hand, with rules of its own.

Seeded deals of classic, Briscolone and Libero played by random and greedy agents, dealt or
continued from an open position of another deal at a random moment (the short hands after
the talon included), seen from both seats at the late moments (``_compare`` says which),
where the brute force takes milliseconds. About 17 s on a busy 2-core machine.

Each hand left is as likely as the number of histories of the hidden hand ending in it
(equally likely deals): the engine's weights (``hand_weight``, solver/position/histories.py)
are held to the reference's counts, normalised. Where no suit must be followed every hand
ends as many histories, so the weights are equal there; in Briscolone a hand holding a suit
the opponent showed void in ends fewer (up to 14 times fewer at the moments checked), and
the sampler draws with those chances, and an exact seat value is their weighted mean.

The seat's own draw (``outcomes``) is held to the reference's too (``draw_chances``): where
a suit was not followed its cards are likelier in the talon, so likelier drawn.
"""
from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from math import comb, sqrt

import pytest

import solver.position.seat as seat_module
from seat_reference import consistent_hands, draw_chances, hands_after_draw
from solver.analysis import Limit, analyse
from solver.analysis import sampling
from solver.cards import card_str, cards_of, popcount
from solver.game import (continue_game, deal, deal_from_deck, play, to_position,
                         to_seat_position)
from solver.players.agents import GreedyAgent, RandomAgent, play_deal
from solver.position import PositionError, parse_position
from solver.record import seat_position_from_record, start_record
from solver.position.histories import playable
from test_seat import moment

#: seeds, and the most hands to check at a moment: the late moments, where the brute force
#: is quick (Libero's longer, its record's five-card hands slower to enumerate)
SEEDS = {"classic": range(6), "briscolone": range(8), "libero": range(5)}
LIMIT = {"classic": 500, "briscolone": 500, "libero": 130}
#: the seeds whose draws are checked (fewer: a draw takes the reference through the trick)
DRAW_SEEDS = {"classic": range(2), "briscolone": range(5), "libero": range(5)}


def _played_out(st, agents, rng):
    """Every moment of ``st`` played to its end, the last (the deal over) left out."""
    out = []
    while not st.is_over:
        out.append(st)
        st = play(st, agents[st.to_move](st.view(), rng))
    return out


def _deals(variant: str, seed: int):
    """The moments of a dealt game and of one continued from another's open position."""
    rng = random.Random(seed)
    agents = [RandomAgent(), GreedyAgent()]
    rng.shuffle(agents)
    yield _played_out(deal(variant, seed), agents, rng)
    other = _played_out(deal(variant, 1000 + seed), agents, rng)
    yield _played_out(continue_game(to_position(other[rng.randrange(len(other))]), rng),
                      agents, rng)


def _shown_void(st, seat: int) -> bool:
    """Whether the opponent of ``seat`` has answered a trick off the led suit."""
    return any(t.leader == seat and t.cards[0] // 10 != t.cards[1] // 10 for t in st.tricks)


def _past_the_last_draw(st) -> bool:
    """Whether a trick without draws has been played since the deal's last draw."""
    return bool(st.tricks) and not st.tricks[-1].draws and any(t.draws for t in st.tricks)


def _chances(weight, hands) -> list[Fraction]:
    """Each hand's chance, its weight normalised."""
    total = sum(weight(h) for h in hands)
    return [Fraction(weight(h), total) for h in hands]


def _compare(variant: str, seeds) -> tuple[int, int, list[str]]:
    """(moments checked, moments where the history rules a hand out, mismatches). Checked:
    the moments with at most LIMIT hands to check, in Briscolone those after the opponent
    did not follow suit (the others are Libero's), and once the talon is out (the hidden
    hand known by elimination) only those of the first trick after the last draw (but
    every one of a game continued from a position after it)."""
    checked, ruled_out, wrong = 0, 0, []
    for seed in seeds:
        for moments in _deals(variant, seed):
            for st in moments:
                for seat in (0, 1):
                    sp = to_seat_position(st, seat)
                    n = comb(popcount(sp.pool), sp.hidden)
                    if n > LIMIT[variant]:
                        continue
                    if variant == "briscolone" and not _shown_void(st, seat):
                        continue
                    if not sp.talon_size and _past_the_last_draw(st):
                        continue
                    want = consistent_hands(st, seat)
                    true = st.hands[1 - seat] & ~sp.known
                    assert true in want, "the reference lost the real hand"
                    checked += 1
                    ruled_out += len(want) < n
                    if variant != "briscolone":  # the sampler's uniform weights are exact
                        assert len(set(want.values())) == 1, sp.to_text()
                    got = sp.every_hand(n)
                    if got is None or sorted(got) != sorted(want):
                        wrong.append(f"{sp.to_text()}: {len(want)} hands, engine {got}")
                        continue
                    weights = _chances(sp.hand_weight, got)
                    if weights != _chances(want.get, got):
                        wrong.append(f"{sp.to_text()}: chances {sorted(set(weights))[:3]}..., "
                                     f"histories' {sorted(set(_chances(want.get, got)))[:3]}...")
                        continue
                    draw, every = sp.hand_sampler(random.Random(seed))
                    if every is not None:
                        assert sorted(every) == sorted(want), sp.to_text()
                    for _ in range(3):
                        assert draw() in want, sp.to_text()
    return checked, ruled_out, wrong


@pytest.mark.parametrize("variant", ["classic", "briscolone", "libero"])
def test_the_seat_keeps_exactly_the_hands_no_history_rules_out(variant):
    checked, ruled_out, wrong = _compare(variant, SEEDS[variant])
    assert not wrong, f"{len(wrong)} of {checked}: " + "; ".join(wrong[:3])
    assert checked >= 100
    # only a suit not followed rules a hand out; card accounting alone is the pool
    assert (ruled_out >= 10) if variant == "briscolone" else not ruled_out


def test_the_comparison_fails_on_a_void_the_engine_forgets(monkeypatch):
    """The test above can fail: a History that forgets which suits the hidden hand may not
    hold (a suit shown void, its cards drawn only later) keeps hands the reference rules out."""
    real = seat_module.history_from
    monkeypatch.setattr(seat_module, "history_from",
                        lambda sp: replace(real(sp), suit_lo=(0, 0, 0, 0)))
    assert _compare("briscolone", range(1))[2]


def test_the_comparison_fails_on_equal_weights(monkeypatch):
    """The weights are checked: an engine that weighs every hand left alike (as it did
    before the history counts) is caught in Briscolone."""
    monkeypatch.setattr(seat_module.SeatPosition, "hand_weight", lambda self, hand: 1)
    assert _compare("briscolone", range(2))[2]


def _void_moments(lo: int, hi: int, seeds=range(8)):
    """Briscolone seats (either one) after the opponent did not follow suit, with between
    ``lo`` and ``hi`` hands to check, whose reference counts differ."""
    for seed in seeds:
        for moments in _deals("briscolone", seed):
            for st in moments:
                for seat in (0, 1):
                    sp = to_seat_position(st, seat)
                    n = comb(popcount(sp.pool), sp.hidden)
                    if not _shown_void(st, seat) or not lo <= n <= hi:
                        continue
                    want = consistent_hands(st, seat)
                    if len(set(want.values())) > 1:
                        yield st, sp, want


def test_the_sampler_draws_hands_as_often_as_their_histories():
    """Where there are too many hands to list, the sampler draws each with its reference
    chance: the share of draws of each class of equally likely hands is within 5 standard
    errors of its chance, which the equal chances would miss."""
    st, sp, want = next(_void_moments(150, 500))
    draw, every = sp.hand_sampler(random.Random(0))
    assert every is None
    n = 4000
    drawn = [draw() for _ in range(n)]
    total = sum(want.values())
    missed = 0
    for count in set(want.values()):
        cls = {h for h, c in want.items() if c == count}
        p = count * len(cls) / total
        got = sum(h in cls for h in drawn) / n
        assert abs(got - p) <= 5 * sqrt(p * (1 - p) / n), (sp.to_text(), count, got, p)
        missed += abs(len(cls) / len(want) - p) > 5 * sqrt(p * (1 - p) / n)
    assert missed


def test_a_briscolone_seat_value_is_the_mean_over_hands_weighted_by_histories():
    """A seat's analysis that solves every hand exactly gives each card the mean of the
    hands' exact values weighted by the reference's counts: at late moments (the last draw
    ahead, every hand solved to the end) after a suit not followed, where the equal weights
    gave another value."""
    checked = 0
    for st, sp, want in _void_moments(2, 21, range(4)):
        if st.to_move != sp.seat or 40 - popcount(sp.played) > 12:
            continue
        a = sampling.analyse(sp, budget=Limit(samples=100))
        assert a.samples == len(want)
        total = sum(want.values())
        per_hand = {h: {m.card: m.exact_value for m in analyse(sp.with_hand(h)).moves}
                    for h in want}
        moved = False
        for m in a.moves:
            mean = sum(n * per_hand[h][m.card] for h, n in want.items()) / total
            equal = sum(per_hand[h][m.card] for h in want) / len(want)
            assert m.value == pytest.approx(float(mean), abs=1e-9), sp.to_text()
            moved |= abs(float(mean - equal)) > 1e-6
        assert "weighted by the deals" in a.notes[0]
        checked += moved
        if checked == 3:
            break
    assert checked == 3


def test_a_game_continued_from_short_hands_keeps_the_hidden_hand():
    """A record that starts after the talon ran out, with four cards each in Briscolone: the
    opponent held four cards when the tricks began, not five (seat.py's History took the
    deal's size, ruled every hand out, and ``analyse --record`` failed: 'no opponent hand is
    consistent with what the seat has seen')."""
    text = "variant=briscolone hand1=AS,3S,4C,5D hand2=2C,RS,5B,7C turn=1"
    st = continue_game(parse_position(text), random.Random(0))
    for c in ("4C", "2C"):
        st = play(st, c)
    sp = seat_position_from_record(start_record(st, text, ()), 3, 1)
    assert sp.history is not None and sp.history.caps == (4,)
    (hand,) = consistent_hands(st, 0)
    assert [card_str(c) for c in cards_of(hand)] == ["5B", "7C", "RS"]
    assert sp.every_hand(1) == [hand] == sp.hand_sampler(random.Random(0))[1]


def _trick_ends(variant: str, seeds):
    """(moment, the card that ends its trick, seat, the seat's view) where the seat draws
    after that card with at most LIMIT hands to check after the trick, in Briscolone only
    once the opponent has not followed suit (before or with that card)."""
    for seed in seeds:
        for moments in _deals(variant, seed):
            for st, nxt in zip(moments, moments[1:] + [None], strict=True):
                if len(st.trick) != 1 or nxt is None:
                    continue
                card = nxt.moves[-1]
                for seat in (0, 1):
                    sp = to_seat_position(st, seat)
                    if comb(popcount(sp.pool), sp.hidden) > LIMIT[variant]:
                        continue
                    void_now = st.to_move != seat and card // 10 != st.trick[0] // 10
                    if variant == "briscolone" and not (_shown_void(st, seat) or void_now):
                        continue
                    outs = sp.outcomes(card)
                    if outs:
                        yield st, card, seat, sp, outs


def _compare_draws(variant: str, seeds) -> tuple[int, int, list[str]]:
    """(draws checked, draws whose cards are not alike, mismatches): the chance
    ``SeatPosition.outcomes`` gives each card the seat may draw against the reference's
    (tests/seat_reference.py draw_chances: every history to the trick's end, then a uniform
    talon), exactly (Fractions); and after its likeliest and least likely draws, the hands
    the seat keeps and their weights (``play(card, draw)``) against the reference's
    histories through the draw."""
    checked, uneven, wrong = 0, 0, []
    for st, card, seat, sp, outs in _trick_ends(variant, seeds):
        got = {int(d): p for (d,), p in outs}
        want = draw_chances(st, seat, card)
        checked += 1
        uneven += len(set(want.values())) > 1
        if variant != "briscolone":
            assert len(set(want.values())) == 1, sp.to_text()
        if got != want:
            wrong.append(f"{sp.to_text()} {card_str(card)}: {sorted(set(got.values()))[:3]}, "
                         f"reference {sorted(set(want.values()))[:3]}")
            continue
        for d in {max(got, key=got.get), min(got, key=got.get)}:  # the likeliest, least
            after = sp.play(card, (d,))
            hands = hands_after_draw(st, seat, card, d)
            kept = after.every_hand(10_000)
            assert kept is not None and sorted(kept) == sorted(hands), (sp.to_text(), d)
            assert _chances(after.hand_weight, kept) == _chances(hands.get, kept)
    return checked, uneven, wrong


@pytest.mark.parametrize("variant", ["classic", "briscolone", "libero"])
def test_a_seats_own_draw_is_as_likely_as_the_histories_that_leave_the_card_in_the_talon(
        variant):
    """A seat's draw (``outcomes``) was every card it had not seen, alike. In Briscolone,
    once the opponent has not followed a suit, its cards are less likely in the opponent's
    hand, so likelier in the talon and in the seat's draw: the engine's chances are the
    reference's exactly, and still alike where no suit must be followed. The hands after
    a draw are the reference's too, with its weights."""
    checked, uneven, wrong = _compare_draws(variant, DRAW_SEEDS[variant])
    assert not wrong, f"{len(wrong)} of {checked}: " + "; ".join(wrong[:3])
    assert checked >= 20
    assert (uneven >= 10) if variant == "briscolone" else not uneven


def test_a_hands_chance_is_its_weight_over_the_total_of_every_hand_kept():
    """``hand_total``, which the chances of a seat's draws and the pairing of a seat's luck
    (sampling.analyse_draws) rest on, counted by suits without listing the hands, is the
    weights of every hand kept added up, so that their chances add up to 1."""
    checked = 0
    for _, card, _, sp, outs in _trick_ends("briscolone", range(2)):
        for (d,), _ in outs[::3]:
            after = sp.play(card, (d,))
            kept = after.every_hand(10_000)
            assert after.hand_total == sum(after.hand_weight(h) for h in kept)
            assert sum(after.hand_chance(h) for h in kept) == 1
            checked += after.hand_count is not None
    assert checked >= 10


def test_a_card_the_opponent_must_hold_is_no_draw():
    """At Briscolone's last draw, the opponent answering a club with a spade shows it holds
    no club: the two clubs the seat has not seen are the talon's two cards, and the seat
    draws one of them, each with chance 1/2, as the reference says. The four other cards it
    has not seen are the opponent's: a draw of one would leave no hand it could hold, and
    is not listed (all six were, alike, and a review of the deal stopped there: 'no
    opponent hand is consistent with what the seat has seen', tests/test_review_luck.py)."""
    end = play_deal("briscolone", ["greedy", "random"], 9319)
    st = deal_from_deck("briscolone", list(end.deck), end.dealer)
    for c in end.moves[:29]:
        st = play(st, c)
    card = end.moves[29]
    sp = to_seat_position(st, 0)
    assert card_str(card) == "5S" and card_str(st.trick[0]) == "2C" and sp.talon_size == 2
    outs = sp.outcomes(card)
    assert [p for _, p in outs] == [Fraction(1, 2)] * 2 and all(d // 10 == 1 for (d,), _ in outs)
    assert {int(d): p for (d,), p in outs} == draw_chances(st, 0, card)
    for (d,), _ in outs:
        assert sp.play(card, (d,)).every_hand(10) == [sp.pool & ~(1 << d) & ~(1 << card)]


def _playable(hands, sp) -> set[int]:
    """The opponent's legal cards by the reference: each card some hand it keeps may play,
    following the led suit where the game asks it and the hand holds it."""
    led = sp.table[0] // 10 if sp.table and sp.variant == "briscolone" else None
    out: set[int] = set()
    for h in hands:
        hand = cards_of(h | sp.known)
        out |= set([c for c in hand if c // 10 == led] or hand)
    return out


#: views checked against the brute force (a five-card hand's history takes it ~0.3 s)
FAST_VIEWS = {"classic": 25, "briscolone": 10, "libero": 5}


@pytest.mark.parametrize("variant", ["classic", "briscolone", "libero"])
def test_every_legal_card_and_each_of_its_draws_is_the_references(variant):
    """The opponent's legal cards and the chances of the seat's draw, which the seat works
    out by counting hands by suit, once for every draw of a suit, sharing counts between
    views, are the brute force's at seeded moments of seeded deals while the talon lasts
    (late enough for it to be quick; every legal card): the same cards, the same
    Fractions. At every moment passed on the way, of any stage, each legal card's chances
    are each draw's view's share of the histories (``hand_total`` after it), as
    ``outcomes`` says."""
    rng = random.Random(f"legal and draws/{variant}")
    views = draws = uneven = shares = 0
    while views < FAST_VIEWS[variant]:
        g = moment(variant, rng, 0, 34)
        if g is None or not g.talon:
            continue
        seat = rng.randrange(2)
        sp = to_seat_position(g, seat)
        legal = sorted(int(c) for c in sp.legal_cards())
        for c in legal if g.trick else ():
            outs = {int(d): p for (d,), p in sp.outcomes(c)}
            after = {d: sp.play(c, (d,)).hand_total for d in outs}
            assert outs == {d: Fraction(n, sum(after.values())) for d, n in after.items()}
            shares += bool(outs)
        if comb(popcount(sp.pool), sp.hidden) > LIMIT[variant]:
            continue
        views += 1
        if g.to_move != seat:
            assert set(legal) == _playable(consistent_hands(g, seat), sp), sp.to_text()
        for c in legal if g.trick else ():
            outs = {int(d): p for (d,), p in sp.outcomes(c)}
            assert not outs or outs == draw_chances(g, seat, c), (sp.to_text(), card_str(c))
            draws += bool(outs)
            uneven += len(set(outs.values())) > 1
    assert draws >= FAST_VIEWS[variant] and shares >= 50
    assert (uneven >= 5) if variant == "briscolone" else not uneven


def test_the_legal_cards_and_draws_comparison_can_fail(monkeypatch):
    """The test above catches an opponent's legal cards that forget the led suit every hand
    they may hold has (or fails on the draws after a card no hand holds), and draws all
    alike."""
    with monkeypatch.context() as m:
        m.setattr(seat_module, "playable", lambda *args: playable(*args[:-1], -1))
        with pytest.raises((AssertionError, PositionError)):  # or a draw after a card none holds
            test_every_legal_card_and_each_of_its_draws_is_the_references("briscolone")
    monkeypatch.setattr(seat_module.SeatPosition, "_hands_total",
                        lambda self, pool: comb(popcount(pool), self.hidden))
    with pytest.raises(AssertionError, match="tricks="):
        test_every_legal_card_and_each_of_its_draws_is_the_references("briscolone")
