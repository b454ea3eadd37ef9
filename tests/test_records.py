"""Game records: write -> read -> replay round trips, and tampered records refused."""
import json

import pytest

from solver.players.agents import play_deal, play_match
from solver.cards import card_str, parse_card
from solver.game import deal, deal_from_deck, legal_cards, play
from solver.record import (RecordError, check_record, deal_record, match_record, read_record,
                           read_records, replay, replay_all, replay_match,
                           seat_position_from_record, write_record)
from solver.rules import VARIANTS


@pytest.mark.parametrize("name", list(VARIANTS))
def test_deal_round_trip(tmp_path, name):
    st = play_deal(name, "greedy,random", seed=17)
    rec = deal_record(st, seed=17, players=["greedy", "random"])
    assert rec["format"] == "briscola-record" and rec["version"] == 1 and rec["variant"] == name
    assert len(rec["deck"]) == 40 and len(rec["moves"]) == 40
    assert rec["result"]["points"] == list(st.side_points)
    path = tmp_path / "g.json"
    write_record(str(path), rec)
    back = read_record(str(path))
    assert json.loads(path.read_text())["moves"] == rec["moves"]
    final = replay(back)
    assert final == st


def test_deck_order_is_the_dealing_order():
    st = deal("scoperta", 8)
    rec = deal_record(st)
    assert "result" not in rec and rec["moves"] == []
    again = deal_from_deck("scoperta", [st.deck[i] for i in range(40)], st.dealer)
    assert again == st
    # hands first (from the player after the dealer), then the trump card, then the talon
    assert rec["deck"][6] == card_str(st.briscola)
    assert rec["deck"][7:] == [card_str(c) for c in st.talon[:-1]]
    assert replay(rec) == st


def test_match_round_trip(tmp_path):
    for name in ("classic", "briscolone", "scoperta4"):
        m = play_match(name, "greedy,random", seed=4)
        rec = match_record(m, seed=4, players=["greedy", "random"])
        path = tmp_path / f"{name}.json"
        write_record(str(path), rec)
        back = read_record(str(path))
        states = replay_all(back)
        assert tuple(states) == m.deals
        assert replay_match(back).winner == m.winner
        assert rec["result"]["points"] == list(m.totals)


def test_json_lines_of_many_records(tmp_path):
    recs = [deal_record(play_deal("libero", "random", seed=s), seed=s) for s in range(5)]
    path = tmp_path / "many.jsonl"
    write_record(str(path), recs)
    assert len(path.read_text().splitlines()) == 5
    got = read_records(str(path))
    assert [replay(r).moves for r in got] == [replay(r).moves for r in recs]
    with pytest.raises(RecordError, match="holds 5 records"):
        read_record(str(path))
    lines = path.read_text().splitlines()
    lines[2] = lines[2][:-1]
    path.write_text("\n".join(lines))
    with pytest.raises(RecordError, match=r"many.jsonl:3: not valid JSON"):
        read_records(str(path))


def test_never_overwrites_without_force(tmp_path):
    path = tmp_path / "g.json"
    path.write_text("keep me")
    rec = deal_record(deal("classic", 1))
    with pytest.raises(RecordError, match="exists"):
        write_record(str(path), rec)
    assert path.read_text() == "keep me"
    write_record(str(path), rec, force=True)
    assert read_record(str(path))["variant"] == "classic"


# ----- tampering ----------------------------------------------------------------------

@pytest.fixture
def rec():
    return deal_record(play_deal("scoperta", "greedy,random", seed=21), seed=21)


def test_a_card_not_in_hand_is_refused(rec):
    st = deal_from_deck("scoperta", [parse_card(c) for c in rec["deck"]], rec["dealer"] - 1)
    for c in rec["moves"][:16]:
        st = play(st, parse_card(c))
    # move 17 is player X's; put a card of the other player's hand there
    mover = st.to_move
    other = next(c for c in range(40) if (st.hands[1 - mover] >> c) & 1)
    rec["moves"][16] = card_str(other)
    with pytest.raises(RecordError, match=f"^move 17: {card_str(other)} is not in player {mover + 1}'s hand$"):
        replay(rec)


def test_a_repeated_card_is_refused(rec):
    rec["moves"][3] = rec["moves"][0]
    with pytest.raises(RecordError, match="^move 4: .* is not in player"):
        replay(rec)


def test_must_follow_suit_in_briscolone():
    for seed in range(100):
        st = deal("briscolone", seed)
        led = legal_cards(st)[0]
        s2 = play(st, led)
        hand = s2.hands[s2.to_move]
        suit = 0x3FF << (10 * (led // 10))
        if hand & suit and hand & ~suit:
            off = next(c for c in range(40) if (hand & ~suit) >> c & 1)
            r = deal_record(st)
            r["moves"] = [card_str(led), card_str(off)]
            with pytest.raises(RecordError, match="^move 2: .*must follow suit"):
                replay(r)
            r["variant"] = "libero"
            assert len(replay(r).moves) == 2
            return
    pytest.fail("no deal found")


def test_a_wrong_result_is_refused(rec):
    a, b = rec["result"]["points"]
    rec["result"]["points"] = [a + 1, b - 1]
    with pytest.raises(RecordError, match="states"):
        replay(rec)


def test_a_result_on_an_unfinished_deal_is_refused(rec):
    rec["moves"] = rec["moves"][:30]
    with pytest.raises(RecordError, match="stops after 30 moves"):
        replay(rec)
    del rec["result"]
    assert len(replay(rec).moves) == 30


def test_moves_after_the_end_are_refused(rec):
    rec["moves"].append(rec["moves"][0])
    with pytest.raises(RecordError, match="^move 41: the deal is over"):
        replay(rec)


@pytest.mark.parametrize("change,message", [
    (lambda r: r.update(variant="tressette"), "unknown variant 'tressette'"),
    (lambda r: r.update(format="chess"), "not a game record"),
    (lambda r: r.update(version=7), "unsupported record version 7"),
    (lambda r: r["deck"].__setitem__(0, "ZZ"), "deck item 1: unknown card 'ZZ'"),
    (lambda r: r["deck"].__setitem__(0, r["deck"][1]), "appears twice"),
    (lambda r: r["deck"].pop(), "it has 39 cards"),
    (lambda r: r["moves"].__setitem__(2, "11D"), "moves item 3: unknown card '11D'"),
    (lambda r: r.update(dealer=3), "dealer must be a player number from 1 to 2"),
    (lambda r: r.pop("deck"), "missing \"deck\""),
    (lambda r: r["result"].update(winner=5), "winner must be 1, 2 or null"),
    (lambda r: r.update(seed="abc"), "seed must be an integer"),
    (lambda r: r.update(players="greedy"), "players must be a list"),
])
def test_malformed_records_are_refused(rec, change, message):
    change(rec)
    with pytest.raises(RecordError) as e:
        check_record(rec)
    assert message in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("call,words", [
    (lambda: deal_record(deal("classic", seed=1).view(1, clairvoyant=True)),
     r"^state must be a deal's state \(a GameState: .*got hand1="),
    (lambda: match_record(play_deal("classic", "random", seed=1)),
     r"^match must be a match \(a MatchState: play_match or new_match makes one\), got GameState\("),
    (lambda: replay(None), r"^record: a record must be a JSON object$"),
    (lambda: seat_position_from_record(deal_record(play_deal("classic", "random", seed=1)), "8", 2),
     r"^move must be a whole number, got '8'$"),
    (lambda: seat_position_from_record(deal_record(play_deal("classic", "random", seed=1)), 8, 2.0),
     r"^seat must be a whole number, got 2.0$"),
], ids=["deal_record-position", "match_record-deal", "replay-None", "move-str", "seat-float"])
def test_a_record_function_given_the_wrong_kind_of_argument_names_it(call, words):
    """Each was an AttributeError or a TypeError that did not name the argument."""
    with pytest.raises(RecordError, match=words) as e:
        call()
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("records", [None, 5, "text", [{}, None]])
def test_write_record_refuses_what_is_not_records(tmp_path, records):
    """write_record(path, None) failed with "'NoneType' object is not iterable"."""
    path = tmp_path / "r.json"
    with pytest.raises(RecordError, match=r"^records must be a game record \(a dict\) or a list"):
        write_record(str(path), records)
    assert not path.exists()


def test_a_plain_dicts_parsed_deals_are_not_trusted():
    """replay() took any dict with a "_deals" key for a checked record: a match record with
    "_deals": [{}] failed with KeyError 'deck'. Its deals are read from the record itself."""
    rec = match_record(play_match("classic", "greedy,random", seed=1))
    assert replay({**rec, "_deals": [{}]}) == replay(rec)
    bad = {**rec, "deals": [{}], "_deals": [{}]}
    with pytest.raises(RecordError, match='^record deal 1: missing "dealer"$'):
        replay(bad)


def test_bad_files(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text('{"format": "briscola-record", "version": 1,\n "variant": }')
    with pytest.raises(RecordError, match=r"bad.json:2: not valid JSON"):
        read_record(str(p))
    p.write_text("")
    with pytest.raises(RecordError, match="empty"):
        read_record(str(p))
    with pytest.raises(RecordError, match="cannot read"):
        read_record(str(tmp_path / "missing.json"))
    p.write_text("[1, 2]")
    with pytest.raises(RecordError, match="must be a JSON object"):
        read_records(str(p))


def test_tampered_match_records():
    m = play_match("briscolone", "greedy,random", seed=2)
    rec = match_record(m)
    good = json.loads(json.dumps(rec))
    rec["result"]["points"][0] += 1
    with pytest.raises(RecordError, match="match totals"):
        replay_all(rec)
    rec = json.loads(json.dumps(good))
    rec["deals"].append(rec["deals"][0])
    with pytest.raises(RecordError, match="deal"):
        replay_all(rec)
    if len(good["deals"]) > 1:
        rec = json.loads(json.dumps(good))
        rec["deals"][1]["dealer"] = rec["deals"][0]["dealer"]
        with pytest.raises(RecordError, match="deal 2: the dealer should be player"):
            replay_all(rec)


# positions with cards already on the table: played before the game began, not its moves
TABLE_STARTS = [
    "hand1=3C,AS hand2=2C table=RS briscola=RD turn=1",
    "hand1=AC,7D,RS hand2=3C,2D table=4C top=3D briscola=4S turn=1",
    "variant=classic hand1=3C,AS hand2=2C table=RS briscola=RD turn=1",
    "hand1=3C hand2=2C,AS table=RS briscola=RD turn=2",
    "variant=scoperta4 hand1=3C,AS hand2=2C,4D hand3=5C hand4=6C table=RS,7S briscola=RD turn=1",
]


@pytest.mark.parametrize("text", TABLE_STARTS)
def test_a_game_from_cards_on_the_table_records_only_its_own_moves(tmp_path, text):
    import random

    from solver.game import continue_game
    from solver.position import parse_position
    from solver.record import start_record

    pos = parse_position(text)
    rng = random.Random(3)
    start = st = continue_game(pos, rng)
    assert st.moves == ()
    first = rng.choice(legal_cards(st))
    st = play(st, first)
    assert st.moves == (first,)
    while not st.is_over:
        st = play(st, rng.choice(legal_cards(st)))
    assert st.tricks[0].cards[: len(pos.table)] == pos.table     # the trick keeps them
    rec = start_record(st, pos.to_text(), start.talon, seed=3)
    assert rec["moves"][0] == card_str(first)
    assert not {card_str(c) for c in pos.table} & set(rec["moves"])
    path = tmp_path / "g.json"
    write_record(str(path), rec)
    assert replay(read_record(str(path))) == st
