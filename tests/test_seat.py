"""Seat analysis of the hidden games (solver/analysis/sampling.py over
solver/position/seat.py's views): forced hands equal the open analysis, sampled hands
respect what the seat has seen, error bars shrink, bad inputs fail cleanly."""
from __future__ import annotations

import json
import random
import time
from dataclasses import replace

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.analysis import Limit, analyse
from solver.analysis.budget import Budget
from solver.analysis.result import Method, Way
from solver.cards import (FULL_DECK, SUIT_OF, card_str, cards_of, format_mask, mask_of,
                          mask_points, parse_cards, popcount)
from solver.game import deal, deal_from_deck, legal_cards, play, to_position
from solver.i18n import error_text
from solver.players.agents import play_deal
from solver.position import PositionError, SeatPosition, parse_position
from solver.position.notation import IllegalMoveError
from solver.position.board import render
from solver.record import RecordError, deal_record, write_record
from solver.analysis.sampling import analyse as seat_analyse, sample_hands
from solver.position.seat import History
from solver.record import seat_position_from_record


def _random_game(variant: str, seed: int):
    rng = random.Random(seed)
    st = deal(variant, seed)
    while not st.is_over:
        st = play(st, rng.choice(legal_cards(st)))
    return st


def _part_played(variant: str, seed: int, moves: int, rng: random.Random):
    """A deal of ``variant`` after at most ``moves`` random legal cards."""
    st = deal(variant, seed)
    for _ in range(moves):
        if st.is_over:
            break
        st = play(st, rng.choice(legal_cards(st)))
    return st


def _moments(variant: str, seed: int):
    """(record, move number, state before it) for every move of a random deal."""
    final = _random_game(variant, seed)
    rec = deal_record(final, seed=seed)
    st = deal(variant, seed)
    for n, c in enumerate(final.moves, 1):
        yield rec, n, st
        st = play(st, c)


def _forced_text(variant: str, seed: int, hand: int, table: int = 0) -> tuple[str, str]:
    """A talon-empty position with every other card played, written open and with hand2=?."""
    rng = random.Random(seed)
    deck = list(range(40))
    rng.shuffle(deck)
    h1, h2 = deck[:hand], deck[hand:2 * hand - table]
    tab = deck[2 * hand - table:2 * hand]
    played = FULL_DECK & ~mask_of(h1 + h2 + tab)
    trump = f" briscola={format_mask(1 << deck[-1])}" if variant == "classic" else ""
    tab_s = f" table={format_mask(mask_of(tab))}" if tab else ""
    rest = f"{tab_s}{trump} played={format_mask(played)} turn=1 variant={variant}"
    return (f"hand1={format_mask(mask_of(h1))} hand2={format_mask(mask_of(h2))}{rest}",
            f"hand1={format_mask(mask_of(h1))} hand2=?{rest}")


@pytest.mark.parametrize("variant,hand,table", [("briscolone", 4, 0), ("briscolone", 3, 1),
                                                ("classic", 3, 0), ("classic", 2, 1)])
def test_forced_hand_equals_open_analysis(variant, hand, table):
    for seed in range(3):
        open_t, seat_t = _forced_text(variant, seed, hand, table)
        sp = parse_position(seat_t)
        assert isinstance(sp, SeatPosition) and sp.forced
        want = analyse(parse_position(open_t))
        got = analyse(sp)
        assert got.exact and got.value_exact == want.value_exact
        assert [(m.card, m.value_exact) for m in got.moves] == \
               [(m.card, m.value_exact) for m in want.moves]


def test_forced_from_record_equals_open_with_score():
    checked = 0
    for rec, n, st in _moments("briscolone", 3):
        if st.talon or sum(popcount(h) for h in st.hands) < 4:
            continue
        sp = seat_position_from_record(rec, n, st.to_move + 1)
        open_pos = to_position(st)
        for obj in ("points", "win"):
            got, want = analyse(sp, obj), analyse(open_pos, obj)
            assert got.exact and got.value_exact == want.value_exact
            assert {m.card: m.value_exact for m in got.moves} == \
                   {m.card: m.value_exact for m in want.moves}
        checked += 1
    assert checked >= 3


def test_sampled_hands_use_only_unseen_cards_and_have_the_right_size():
    sp = parse_position("variant=classic hand1=AS,3S,RC hand2=? briscola=4S "
                        "played=2B,4B,5B,6B turn=1")
    seen = sp.own | sp.played | (1 << sp.briscola)
    hands = sample_hands(sp, 300, seed=5)
    assert all(popcount(h) == 3 and not h & seen for h in hands)
    assert len(set(hands)) > 100      # really random
    assert hands == sample_hands(sp, 300, seed=5)   # seeded
    # mid-trick: the opponent led, so holds one card fewer than the seat
    sp2 = parse_position("variant=briscolone hand1=AS,3S,RC,5D,2B hand2=? table=7B turn=1")
    assert sp2.hidden == 4
    assert all(popcount(h) == 4 and not (h >> parse_cards("7B")[0]) & 1
               for h in sample_hands(sp2, 50, seed=1))


def test_classic_trump_card_drawn_last_is_known():
    sp = parse_position("variant=classic hand1=AS,3S hand2=? briscola=4S "
                        f"played={format_mask(FULL_DECK & ~mask_of(parse_cards('AS,3S,4S,6C')))} "
                        "turn=1")
    assert sp.known == 1 << parse_cards("4S")[0] and sp.forced
    assert all(h == mask_of(parse_cards("4S,6C")) for h in sample_hands(sp, 5))


def test_record_history_admits_the_true_hand():
    """Soundness: the opponent's real hand always fits what the record shows."""
    count = 0
    for seed in range(12):
        for rec, n, st in _moments("briscolone", seed):
            sp = seat_position_from_record(rec, n, st.to_move + 1)
            if st.tricks:
                assert sp.history.fits(cards_of(st.hands[1 - st.to_move]))
            else:
                assert sp.history is None  # nothing seen yet: no constraint
            count += 1
    assert count == 12 * 40


def test_sampled_hands_respect_shown_voids():
    """A suit shown void at trick t: the hand holds at most as many of its cards as the
    opponent drew after t, and none once no draw followed."""
    tested = 0
    for seed in range(6):
        for rec, n, st in _moments("briscolone", seed):
            sp = seat_position_from_record(rec, n, st.to_move + 1)
            h = sp.history
            if h is None or not h.voids or n % 3:
                continue
            opp = 1 - st.to_move
            for hand in sample_hands(sp, 40, seed=n):
                assert popcount(hand) == popcount(st.hands[opp])
                assert not hand & (st.hands[st.to_move] | sp.played | mask_of(st.trick))
                for t, s in h.voids:
                    drew = sum(1 for tr in st.tricks[t - 1:] if tr.draws)
                    assert sum(1 for c in cards_of(hand) if c // 10 == s) <= drew
                    if drew == 0:
                        assert all(c // 10 != s for c in cards_of(hand))
                tested += 1
    assert tested > 200


def test_history_matching_rejects_and_accepts():
    # deal slot (2 cards) then two draws after tricks 1 and 2; suit 0 void shown at trick 2
    h = History(caps=(2, 1, 1), fixed=((0, 0), (0, 1)), suit_lo=(2, 0, 0, 0), voids=((2, 0),))
    assert h.fits([15, 16])         # suit-1 cards: any slot
    assert h.fits([5, 15])          # a suit-0 card drawn after trick 2
    h2 = History(caps=(2, 1, 1), fixed=((0, 0), (0, 0)), suit_lo=(2, 0, 0, 0), voids=((2, 0),))
    assert h2.fits([5, 15])
    assert not h2.fits([5, 6])      # two void-suit cards but only one later draw
    assert not h2.fits([15])        # wrong count


def _talon4():
    left = mask_of(parse_cards("AS,3S,RC,4S,2S,5S,6S,7S,FD,CD"))
    return parse_position(f"variant=classic hand1=AS,3S,RC hand2=? briscola=4S "
                          f"played={format_mask(FULL_DECK & ~left)} turn=1")


def test_error_bars_shrink_with_more_samples():
    sp = _talon4()
    assert sp.talon_size == 4 and sp.hidden == 3
    few = seat_analyse(sp, budget=Limit(samples=6), seed=2)
    many = seat_analyse(sp, budget=Limit(samples=18), seed=2)
    assert not few.exact and few.method == Method(Way.SEAT_SAMPLING) and many.samples == 18
    for m in many.moves:
        assert m.error < few.move(m.card).error
    j = many.to_json()
    assert j["samples"] == 18 and j["method"] == "seat-sampling" and "error" in j["moves"][0]


@pytest.mark.parametrize("objective", ["points", "win"])
def test_one_sample_has_the_widest_interval_not_none(objective):
    """An estimate always carries an interval: with one sample it is the whole range."""
    from solver.analysis.sampling import analyse_open
    sp = _talon4()
    if objective == "win":
        sp = replace(sp, score=(40, 50))  # the 90 points played
    one = seat_analyse(sp, objective, Limit(samples=1), seed=3)
    width = 1.0 if objective == "win" else float(120 - mask_points(sp.played))
    assert one.samples == 1 and all(m.error == width for m in one.moves)
    two = seat_analyse(sp, objective, Limit(samples=2), seed=3)
    assert all(m.error is not None and m.error <= width for m in two.moves)
    open_pos = sp.with_hand(mask_of(cards_of(sp.pool)[:sp.hidden]))
    est = analyse_open(open_pos, objective, Limit(samples=1), seed=3)
    assert all(m.error == width for m in est.moves)


def test_few_consistent_hands_are_all_solved_and_averaged():
    """6 unseen cards (the trump card aside), 3 in the hand: the 20 hands are each solved
    once; the values are the plain mean of the open analyses, without sampling error."""
    from itertools import combinations
    sp = _talon4()
    a = seat_analyse(sp, budget=Limit(samples=100), seed=0)
    assert a.samples == 20 and all(m.error == 0.0 for m in a.moves)
    hands = list(combinations(cards_of(sp.pool), 3))
    assert len(hands) == 20
    sums = {}
    for h in hands:
        for m in analyse(sp.with_hand(mask_of(h))).moves:
            sums[m.card] = sums.get(m.card, 0) + m.value_exact
    for m in a.moves:
        assert m.value == pytest.approx(float(sums[m.card] / 20), abs=1e-9)


def test_time_limit_stops_sampling():
    sp = parse_position("variant=briscolone hand1=AS,3S,RC,5D,2B hand2=? turn=1")
    a = seat_analyse(sp, budget=Budget(time.perf_counter(), 1.0, 100000), seed=0)
    assert 1 <= a.samples < 100000 and a.seconds < 3.0


def _write(tmp_path, rec, name="g.json"):
    p = tmp_path / name
    write_record(str(p), rec)
    return str(p)


def test_cli_seat_position_and_record(tmp_path):
    left = mask_of(parse_cards("AS,3S,RC,4S,2S,5S,6S,7S,FD,CD"))
    r = CliRunner().invoke(cli, ["analyse", "--samples", "20", "--json", "variant=classic "
                                 "hand1=AS,3S,RC hand2=? briscola=4S "
                                 f"played={format_mask(FULL_DECK & ~left)} turn=1"])
    assert r.exit_code == 0, r.output
    j = json.loads(r.output)
    assert j["samples"] == 20 and len(j["moves"]) == 3
    final = _random_game("briscolone", 4)
    path = _write(tmp_path, deal_record(final, seed=4))
    st = deal("briscolone", 4)
    for c in final.moves[:29]:
        st = play(st, c)
    r = CliRunner().invoke(cli, ["analyse", "--record", path, "--move", "30", "--seat",
                                 str(st.to_move + 1), "--samples", "10"])
    assert r.exit_code == 0, r.output
    assert "ESTIMATE (not exact)" in r.output and "sampled opponent hands" in r.output
    assert "samples: 10" in r.output and "±" in r.output


@pytest.mark.parametrize("args,msg", [
    (["variant=briscolone hand1=? hand2=AS,3S,RC,5D,2B turn=1"], "hidden"),
    (["variant=briscolone hand1=?,AS hand2=? turn=1"], "whole hidden hand"),
    (["hand1=? hand2=AS,3S,RC briscola=4S turn=2"], "scoperta"),
    (["variant=scoperta4 hand1=? hand2=AS,3S,RC hand3=2B,4B,5B hand4=6B,7B,FB briscola=4S turn=2"],
     "hidden-card games"),
    (["variant=briscolone hand1=? hand2=? turn=1"], "only one hand"),
    (["variant=briscolone hand1=AS hand2=? played=" + format_mask(FULL_DECK & ~(1 << 39))
      + " turn=1"], "unaccounted"),
])
def test_bad_seat_positions(args, msg):
    r = CliRunner().invoke(cli, ["analyse", *args])
    assert r.exit_code == 2
    assert msg in r.output and r.output.startswith("error:") and r.output.count("\n") == 1


def test_a_hidden_hand_one_card_too_many_is_the_hand_named():
    """The seat led, so the hidden hand holds one card more than its own: with 3 shown the
    hidden one would hold 4. The refusal said 'at most 3 cards ..., got hand2=3'."""
    pos = "hand1=? hand2=5B,AC,RS table=3D briscola=7S played=7B,7C,2D,4D,6D,7D,4S,FS turn=1"
    for lang, words in (("en", "at most 3 cards in classic, got 4 (hand1=?)"),
                        ("it", "al massimo 3 carte, qui 4 (hand1=?)")):
        r = CliRunner().invoke(cli, ["analyse", "--lang", lang, f"variant=classic {pos}"])
        assert r.exit_code == 2
        assert words in r.output and "hand2=3" not in r.output, r.output


def test_bad_record_requests(tmp_path):
    brisc = _write(tmp_path, deal_record(_random_game("briscolone", 1), seed=1))
    cases = [
        (["--record", brisc, "--move", "41", "--seat", "1"], "out of range"),
        (["--record", brisc, "--move", "0", "--seat", "1"], "out of range"),
        (["--record", brisc, "--move", "1", "--seat", "3"], "seat must be"),
        (["--record", brisc, "--move", "1", "--seat", "2"], "--seat 1"),
        (["--record", brisc, "--move", "1"], "--seat"),
        (["--record", str(tmp_path / "none.json"), "--move", "1", "--seat", "1"], "cannot read"),
    ]
    for args, msg in cases:
        r = CliRunner().invoke(cli, ["analyse", *args])
        assert r.exit_code == 2, (args, r.output)
        assert msg in r.output and r.output.count("\n") <= 2, (args, r.output)
    with pytest.raises(PositionError):
        seat_analyse(parse_position("variant=briscolone hand1=? hand2=AS,3S,RC,5D,2B turn=1"))


def _history_by_the_game(state, seat: int) -> History:
    """The history worked out from the game's own trick records, draws as they happened
    (not from the talon's count, as SeatPosition works them out from its text)."""
    opp = 1 - seat
    slot_trick = [0] + [j for j, t in enumerate(state.tricks, 1) if t.draws]
    voids, plays = [], []
    for j, t in enumerate(state.tricks, 1):
        c = t.cards[(opp - t.leader) % 2]
        plays.append((c, j))
        if state.variant.follow_suit and t.leader != opp and c // 10 != t.cards[0] // 10:
            voids.append((j, t.cards[0] // 10))
    if state.trick and state.leader == opp:
        plays.append((state.trick[0], len(state.tricks) + 1))

    def first_slot(suit, played_at):
        lo = 0
        for t, s in voids:
            if s == suit and (played_at is None or played_at > t):
                later = [i for i, st in enumerate(slot_trick) if i and st >= t]
                lo = max(lo, later[0] if later else len(slot_trick))
        return lo

    fixed = tuple((first_slot(c // 10, j), max(i for i, st in enumerate(slot_trick) if st <= j - 1))
                  for c, j in plays)
    return History((state.variant.hand_size,) + (1,) * (len(slot_trick) - 1), fixed,
                   tuple(first_slot(s, None) for s in range(4)), tuple(voids),
                   tuple(c for c, _ in plays))


@pytest.mark.parametrize("variant", ["classic", "briscolone", "libero"])
def test_a_seat_view_with_its_tricks_round_trips_through_its_text(variant):
    """``repr`` of a game's seat view carries the tricks seen (``tricks=``), so the text
    read back is the same information set: equal, with the same history (the voids shown,
    each card's arrival slots) as the game's own record gives."""
    rng = random.Random(variant)
    checked = voids = 0
    for seed in range(25):
        st = _part_played(variant, seed, rng.randrange(1, 39), rng)
        if st.is_over:
            continue
        for player in (1, 2):
            sp = st.view(player)
            assert (sp.history is None) == (not st.tricks)
            if st.tricks:
                assert sp.history == _history_by_the_game(st, player - 1)
                voids += bool(sp.history.voids)
            back = parse_position(repr(sp))
            assert back == sp and back.history == sp.history
            assert SeatPosition.from_json(json.loads(json.dumps(sp.to_json()))) == sp
            checked += 1
    assert checked > 30 and (voids > 0 or variant != "briscolone")


def test_playing_on_a_seat_view_records_the_trick_as_the_game_does():
    """SeatPosition.play extends its tricks; the history it derives is the game's."""
    rng = random.Random(5)
    for seed in range(20):
        st = _part_played("briscolone", seed, rng.randrange(0, 20), rng)
        seat = st.to_move
        sp = st.view(seat + 1)
        for _ in range(2):  # the seat's card, the opponent's answer
            c = rng.choice(legal_cards(st))
            drawn = st.play(c)
            after = drawn.tricks[-1].draws if len(drawn.tricks) > len(st.tricks) else ()
            own = tuple(d for d in after if (drawn.hands[seat] >> d) & 1)
            sp = sp.play(c, own or None)
            st = drawn
        if not st.is_over:
            assert sp.tricks == st.view(seat + 1).tricks
            assert sp.history == _history_by_the_game(st, seat)


def test_a_seats_draw_is_one_card():
    """sp.play(card, ()) after a trick with a covered card to draw raised IndexError; two
    cards were taken for the first."""
    sp = deal("classic", seed=1).view()
    sp = sp.play(sp.legal_cards()[0])
    answer = sp.legal_cards()[0]
    draw = next(c for c in sp.legal_cards() if c != answer)  # a card the seat has not seen
    for draws in ((), (draw, draw + 1 if draw % 10 < 9 else draw - 1)):
        with pytest.raises(PositionError, match=r"^the seat draws one card after this trick: "
                                                r"give that card alone, got "):
            sp.play(answer, draws)
    assert draw in sp.play(answer, (draw,)).hand(1)


def test_a_bad_tricks_field_is_one_line_naming_it():
    base = "variant=classic hand1=? hand2=4B,5C,7D briscola=7S played=7B,AB turn=2"
    assert parse_position(base + " tricks=7B+AB").tricks[0][1:] == tuple(parse_cards("7B,AB"))
    for bad, says in [(" tricks=7B+AB+2C", "not a trick"), (" tricks=7B", "not a trick"),
                      (" tricks=7B+2C", "2C is not in played="),
                      (" tricks=7B+AB,AB+7B", "played twice"), (" tricks=7B+XX", "tricks=: unknown card 'XX'")]:
        with pytest.raises(PositionError, match=says):
            parse_position(base + bad)
    with pytest.raises(PositionError, match="open position"):
        parse_position("variant=classic hand1=3C hand2=4B briscola=7S played=-"
                       " turn=1 tricks=7B+AB")


def test_the_text_board_of_a_seat_view_says_which_suits_the_opponent_lacked():
    sp = parse_position("variant=briscolone hand1=? hand2=4B,5C,7D,AS,2S played=3B,2B,RC,6C "
                        "tricks=3B+6C,RC+2B turn=2")
    assert [t for t, _ in sp.history.voids] == [1, 2]
    assert str(sp).splitlines()[-1].split(None, 3)[-1] == "batons at trick 1, cups at trick 2"
    followed = parse_position("variant=briscolone hand1=? hand2=4B,5C,7D,AS,2S "
                              "played=3B,2B,RC,6C tricks=3B+2B,RC+6C turn=2")
    assert followed.history.voids == () and "lacked" not in str(followed)
    twice = parse_position("variant=briscolone hand1=? hand2=4B,5C,7D,AS,2S played=3B,2B,RC,6C "
                           "tricks=3B+6C,2B+RC turn=2")  # batons not followed at tricks 1 and 2
    assert str(twice).splitlines()[-1].split(None, 3)[-1] == "batons at tricks 1, 2"
    assert render(twice, "it").splitlines()[-1].endswith("bastoni alle prese 1, 2")


#: a Briscolone view on player 1's turn: they did not follow batons (4C on 6B, and no baton
#: came to them in the draws since that the tricks leave room for), so 3B and AB, unseen,
#: are not theirs to play; offered, every draw after either failed ("no opponent hand")
NO_BATONS = ("hand1=? hand2=CB,RB,5D,FS table=6C played=2B,4B,5B,6B,7B,FB,4C,5C,7C,FC,CC,RC,3C,"
             "2D,6D,7D,FD,CD,RD,3D,AD,2S,4S,5S,6S,7S,CS,RS turn=1 score=26-32 "
             "variant=briscolone tricks=6B+4C,2S+7S,RC+7C,5C+FC,RD+7D,FD+RS,4B+FB,3C+2B,CC+3D,"
             "4S+6D,CD+AD,5B+7B,6S+5S,CS+2D")


def moment(variant, rng, lo, hi):
    """A seeded deal of ``variant`` after a random number (``lo`` to ``hi``) of random cards,
    None where it ended first."""
    g = deal(variant, seed=rng.randrange(10 ** 6))
    for _ in range(rng.randrange(lo, hi)):
        if g.is_over:
            return None
        g = g.play(rng.choice(g.legal_cards()))
    return None if g.is_over else g


def _playable_by_hand(sp):
    """The opponent's legal cards worked out hand by hand: every hand the tricks leave them
    (with a history ending in it), each playing by the rules of following suit."""
    out = set()
    led = SUIT_OF[sp.table[0]] if sp.table else None
    for h in sp.every_hand(100_000):
        if not sp.hand_weight(h):
            continue
        hand = cards_of(h | sp.known)
        follow = [c for c in hand if SUIT_OF[c] == led]
        out |= set(follow or hand)
    return out


def test_the_opponents_legal_cards_are_those_a_hand_the_tricks_leave_may_play():
    sp = parse_position(NO_BATONS)
    legal = {int(c) for c in sp.legal_cards()}
    assert legal == _playable_by_hand(sp) and not legal & set(parse_cards("3B,AB"))
    with pytest.raises(IllegalMoveError, match="3B: player 1 must follow suit"):
        sp.play("3B")  # every hand the tricks leave them holds a club
    rng = random.Random(5)
    seen = 0
    for _ in range(40):
        g = moment("briscolone", rng, 22, 34)
        if g is None:
            continue
        sp = g.view(2 - g.to_move)  # the seat not to move: the opponent's turn
        legal = {int(c) for c in sp.legal_cards()}
        assert {int(c) for c in g.legal_cards()} <= legal == _playable_by_hand(sp), sp
        for c in legal:  # each goes on: its draws' chances add up to one, a hand after each
            outs = sp.outcomes(c)
            assert not outs or sum(p for _, p in outs) == 1
            assert all(sp.play(c, d).hand_total for d, _ in outs or [(None, 1)])
        seen += 1
    assert seen > 30


#: player 1 holds five of the seven cards player 2 has not seen, three of them spades: they
#: hold at least one spade, so must follow the 3S led; 3B was offered, and no draw after it
BY_COUNT = ("hand1=? hand2=5C,FC,2D,3D table=3S played=2B,4B,7B,FB,CB,RB,AB,2C,4C,6C,7C,CC,RC,"
            "3C,4D,5D,6D,7D,FD,CD,RD,AD,2S,6S,7S,FS,CS,RS turn=1 score=47-19 variant=briscolone "
            "tricks=CD+FD,FS+7D,AD+4D,CC+3C,RB+2B,4C+7C,CS+6D,AB+CB,6C+7B,2C+5D,RC+2S,RS+6S,"
            "7S+RD,4B+FB")


def test_an_opponent_who_must_hold_the_led_suit_by_count_follows_it():
    sp = parse_position(BY_COUNT)
    assert sp.hand_count is None  # no void shown: every hand alike
    assert {str(c) for c in sp.legal_cards()} == {"4S", "5S", "AS"} == {
        card_str(c) for c in _playable_by_hand(sp)}
    with pytest.raises(IllegalMoveError, match="3B: player 1 must follow suit"):
        sp.outcomes("3B")


def test_an_unseen_card_the_opponent_may_not_play_is_refused_by_the_led_suit():
    """Where some hand of theirs fits the tricks, the tricks alone rule out no card the seat
    has not seen (while the talon lasts, the card they took at the last draw may have been
    any of them; after it, those cards are their hand), so such a card is refused only by
    the led suit every hand left them holds: at every moment of seeded Briscolone deals. The
    reason 'the suits they did not follow leave no room for it' was given by no such view
    and is gone. A draw ``outcomes`` does not list is refused by ``play``; a view no hand
    fits, which the notation refuses too and only that draw led to (``_play``, unchecked,
    makes it here), refuses every card saying so (it gave that reason for a card of any
    suit)."""
    rng = random.Random(8)
    refused = 0
    for seed in range(30):
        g = deal("briscolone", seed)
        while not g.is_over:
            sp = g.view(2 - g.to_move)  # the seat not to move: the opponent's turn
            for c in cards_of((sp.pool | sp.known) & ~mask_of(sp.legal_cards())):
                with pytest.raises(IllegalMoveError, match="must follow suit"):
                    sp.play(c)
                refused += 1
            g = g.play(rng.choice(g.legal_cards()))
    assert refused > 100
    end = play_deal("briscolone", ["greedy", "random"], 9319)
    st = deal_from_deck("briscolone", list(end.deck), end.dealer)
    for c in end.moves[:29]:
        st = play(st, c)
    sp, card = st.view(1), end.moves[29]
    listed = {d for (d,), _ in sp.outcomes(card)}
    held = next(d for d in cards_of(sp.pool & ~(1 << card)) if d not in listed)
    with pytest.raises(PositionError, match="player 2 must hold it"):
        sp.play(card, (held,))  # a card the opponent must hold
    after = sp._play(card, (held,))
    after = after.play(after.legal_cards()[0])
    assert not after.hand_total and after.legal_cards() == []
    with pytest.raises(PositionError, match="no hand of player 2 fits them"):
        parse_position(after.to_text())
    with pytest.raises(IllegalMoveError) as e:
        after.play(cards_of(after.pool)[0])
    assert str(e.value) == "illegal move: no opponent hand is consistent with what the seat has seen"
    assert error_text(e.value, "it") == (
        "mossa non valida: nessuna mano dell'avversario è coerente con ciò che questo posto ha visto")


@pytest.mark.parametrize("variant", ["classic", "briscolone", "libero"])
def test_a_seats_view_walks_to_the_end_through_the_protocol(variant):
    """Any legal card, then a draw by its chance, to the deal's end, from seeded moments of
    seeded deals: every step goes on (a card offered that no hand left could play once
    stopped a Briscolone walk)."""
    rng = random.Random(21)
    for _ in range(40):
        g = moment(variant, rng, 0, 34)
        if g is None:
            continue
        sp = g.view(rng.randrange(1, 3))
        while not sp.is_over:
            c = rng.choice(sp.legal_cards())
            outs = sp.outcomes(c)
            d = rng.choices([o for o, _ in outs], [float(p) for _, p in outs])[0] if outs else None
            sp = sp.play(c, d)
        assert sp.outcome() is not None


def test_a_draw_the_opponent_must_hold_is_refused_by_play_as_outcomes_leaves_it_out():
    """Briscolone: after the suits player 1 did not follow, every hand the tricks leave
    them holds 5B, 6B, CB and 2S (cards ``outcomes`` does not offer). play accepted such a
    draw and gave a view no hand fits, whose every analysis and draw then failed."""
    view = parse_position(
        "hand1=? hand2=CC,2D,3D,FS table=FD played=2B,4B,7B,FB,RB,3B,AB,2C,4C,5C,6C,7C,FC,RC,"
        "3C,4D,5D,6D,RD,AD,4S,5S,6S,7S,CS,RS,3S,AS turn=1 score=65-21 variant=briscolone "
        "tricks=AD+4D,2B+FB,7S+3S,6C+FC,RD+5C,RS+AS,RC+2C,RB+5D,4B+7B,CS+7C,6D+3B,4C+3C,AB+6S,"
        "4S+5S")
    offered = {card_str(d) for (d,), _ in view.outcomes("AC")}
    unseen = {card_str(c) for c in cards_of(view.pool)} - {"AC"}
    held = unseen - offered
    assert held and offered
    for d in sorted(offered):
        assert view.play("AC", d).hand_total > 0, d
    for d in sorted(held):
        with pytest.raises(PositionError) as e:
            view.play("AC", d)
        assert e.value.key == "seat.drawn_held", d
        assert str(e.value) == (f"{d} cannot be drawn: player 1 must hold it (the suits they "
                                "did not follow leave it no other place)")
        assert error_text(e.value, "it").startswith(f"{d} non si può pescare: il giocatore 1 "
                                                     "deve averla in mano")
