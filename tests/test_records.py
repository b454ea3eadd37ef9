"""Game records: write -> read -> replay round trips, and tampered records refused."""
import json
import pickle
import re

import pytest

from solver.players.agents import play_deal, play_match
from solver.cards import card_str, parse_card
from solver.errors import BriscolaError
from solver.game import deal, deal_from_deck, from_position, legal_cards, new_match, play
from solver.i18n import error_text
from solver.position import parse_position
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
    assert [read_record(str(path), game=k) for k in range(1, 6)] == got  # as replay numbers
    for k in (0, 6):
        with pytest.raises(RecordError) as info:
            read_record(str(path), game=k)
        assert str(info.value) == f"record {k} is out of range: the records of {path} are 1..5"
        assert error_text(info.value, "it") == (f"la partita {k} è fuori dall'intervallo: le "
                                                f"partite di {path} vanno da 1 a 5")
    with pytest.raises(RecordError, match="game must be a whole number"):
        read_record(str(path), game="2")
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
    (lambda r: r.update(players=["a", "b", "c"]),
     "players must name one player per seat (2), one per side (2), or none, not 3"),
    (lambda r: r.update(players=["a"]), "or none, not 1"),
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
     r"^match must be a match \(a MatchState: play_match or new_match makes one\), got <GameState hand1="),
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


# ----- a bad record said in the user's language -------------------------------------------

#: English words no Italian error of a record holds (the record's own field names and values,
#: quoted, stay as they are written)
ENGLISH = re.compile(r"\b(the|record|deal|must|is|not|holds|give|player|item|winner|won|from|"
                     r"start on|already|unfinished|exists|cannot|expected|should|integer)\b")
STARTED = {"format": "briscola-record", "version": 1, "variant": "scoperta",
           "start": "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=1",
           "talon": ["CB", "3B", "RC", "4S"], "moves": []}
UNSCORED = {**STARTED, "start": "hand1=3C,AS hand2=2C,RS briscola=RD turn=1", "talon": []}


def _dealt() -> dict:
    return deal_record(play_deal("scoperta", "greedy,greedy", seed=5), seed=5)


def _changed(base, change) -> dict:
    rec = json.loads(json.dumps(base))
    change(rec)
    return rec


def _match(change) -> dict:
    return _changed(match_record(play_match("briscolone", "greedy,random", seed=2)), change)


#: (a bad record, how it is read, its English as it was before it had a key, a piece of its
#: Italian)
BAD_RECORDS = [
    (None, replay, "record: a record must be a JSON object", "un oggetto JSON"),
    (lambda r: r.update(format="chess"), check_record,
     'record: not a game record ("format" must be "briscola-record")', "non è una partita"),
    (lambda r: r.update(version="1"), check_record,
     'record: "version" must be an integer (this program reads 1), got a string',
     "non una stringa"),
    (lambda r: r.update(version=7), check_record,
     "record: unsupported record version 7 (this program reads 1)", "versione 7 non supportata"),
    (lambda r: r.pop("variant"), check_record, 'record: missing "variant"', 'manca "variant"'),
    (lambda r: r.update(variant="chess"), check_record,
     "record: unknown variant 'chess' (choose from scoperta, scoperta4, classic, briscolone, "
     "libero)", "gioco sconosciuto 'chess'"),
    (lambda r: r.update(seed="x"), check_record, "record: seed must be an integer",
     '"seed" dev\'essere'),
    (lambda r: r.update(players=[1]), check_record, "record: players must be a list of names",
     "elenco di nomi"),
    (lambda r: r.update(match=3), check_record,
     'record: "match" must be an object {"rule", "target"}', '{"rule", "target"}'),
    (lambda r: r.update(match={"target": 0}), check_record,
     "record: match target must be a positive integer", "intero positivo"),
    (lambda r: r.update(deals=3), check_record, 'record: "deals" must be a list',
     '"deals" dev\'essere'),
    (lambda r: r.update(deals=[3]), check_record,
     "record deal 1: a deal must be a JSON object", "partita registrata, smazzata 1: "),
    (lambda r: r.update(dealer=5), check_record,
     "record: dealer must be a player number from 1 to 2", "da 1 a 2"),
    (lambda r: r.update(deck=["AD"] * 40), check_record,
     "record: the deck must hold all 40 cards once (AD appears twice)", "AD compare due volte"),
    (lambda r: r.update(deck=r["deck"][:10]), check_record,
     "record: the deck must hold all 40 cards once (it has 10 cards)", "(ne ha 10)"),
    (lambda r: r.update(deck="AD"), check_record, "record: deck must be a list of cards",
     '"deck" dev\'essere un elenco di carte'),
    (lambda r: r["deck"].__setitem__(0, 1), check_record,
     "record: deck item 1 is not a card string", '"deck", elemento 1'),
    (lambda r: r["moves"].__setitem__(0, "QQ"), check_record,
     "record: moves item 1: unknown card 'QQ' (write rank then suit, e.g. AD, 3C, RB, 7S)",
     '"moves", elemento 1: carta sconosciuta \'QQ\''),
    (lambda r: r.update(result=3), check_record,
     'record: result must be {"points": [a, b], "winner": 1, 2 or null}', '"result" dev\'essere'),
    (lambda r: r["result"].update(winner=3), check_record,
     "record: result winner must be 1, 2 or null (a draw)", "un pareggio"),
    (lambda r: r.update(result={"points": [1, 2], "since_start": 1}), check_record,
     'record: result "since_start" must be true, and comes without a winner (a start without '
     'a score)', '"since_start" in "result"'),
    (lambda r: r.update(result={"points": [60, 60], "winner": None}), replay,
     "the record states 60-60 (winner -) but the moves give 74-46 (winner 1)",
     "dà 60-60 (vince -) ma le mosse danno 74-46 (vince 1)"),
    (lambda r: r.update(moves=r["moves"][:3]), replay,
     "the record states a result but the deal stops after 3 moves", "si ferma dopo 3 mosse"),
    ((STARTED, lambda r: r.update(start=3)), check_record,
     "record: start must be a position (notation text)", '"start" dev\'essere una posizione'),
    ((STARTED, lambda r: r.update(start="hand1=ZZ")), check_record,
     "record: start: hand1=: unknown card 'ZZ' (write rank then suit, e.g. AD, 3C, RB, 7S)",
     'la posizione in "start": hand1=: carta sconosciuta \'ZZ\''),
    ((STARTED, lambda r: r.update(start="variant=classic hand1=FB,5C,FC hand2=? briscola=2S "
                                        "turn=1", variant="classic")), check_record,
     "record: start must show every hand (a game goes on from it)", "tutte le mani"),
    ((STARTED, lambda r: r.update(variant="briscolone")), check_record,
     "record: start is a scoperta position but the record is briscolone (add "
     "variant=briscolone to it, or fix the record's variant)", "aggiungi variant=briscolone"),
    ((STARTED, lambda r: r.update(talon=["CB", "3B", "AS", "4S"])), replay,
     "talon: the talon order does not hold exactly the talon's cards",
     "tallone: l'ordine del tallone non ha esattamente"),
    ((STARTED, lambda r: r.update(talon=["3B", "CB", "RC", "4S"])), replay,
     "talon: the talon order must start with the top card and end with the trump card",
     "cominciare con la carta in cima e finire con la briscola"),
    ((UNSCORED, lambda r: r.update(moves=["3C", "2C", "AS", "RS"],
                                   result={"points": [1, 2], "since_start": True})), replay,
     "the record states 1-2 won from the start on but the moves give 25-0 won from the start on",
     "dà 1-2 vinti dall'inizio ma le mosse danno 25-0 vinti dall'inizio"),
    (("match", lambda r: r["deals"][1].update(dealer=r["deals"][0]["dealer"])), replay,
     "deal 2: the dealer should be player 1 (the deal passes to the next player)",
     "smazzata 2: doveva dare le carte il giocatore 1"),
    (("match", lambda r: r["deals"][0].update(moves=r["deals"][0]["moves"][:3], result=None)),
     replay, "deal 1 is unfinished but more deals follow", "la smazzata 1 non è finita"),
    (("match", lambda r: r["deals"].append(r["deals"][-2])), replay,
     "deal 3: the match was already over", "smazzata 3: la partita era già finita"),
    (("match", lambda r: r["result"].update(points=[1, 2])), replay,
     "the record states match totals 1-2 (winner 2) but the deals give 77-163 (winner 2)",
     "dà in totale 1-2 (vince 2) ma le smazzate danno 77-163 (vince 2)"),
    (("match", lambda r: r["deals"][1]["result"].update(points=[1, 2])), replay,
     "deal 2: the record states 1-2 (winner 2) but the moves give 28-92 (winner 2)",
     "smazzata 2: la partita registrata dà 1-2 (vince 2) ma le mosse danno 28-92"),
    (("match", lambda r: r["deals"][1].update(deck=["AD"] * 40)), check_record,
     "record deal 2: the deck must hold all 40 cards once (AD appears twice)",
     "partita registrata, smazzata 2: il mazzo"),
    (("match", lambda r: None), lambda r: seat_position_from_record(r, 1, 1),
     "the record holds 2 deals: give a single-deal record", "ha 2 smazzate"),
    (lambda r: None, lambda r: seat_position_from_record(r, 99, 1),
     "move 99 is out of range: the record's moves are 1..40", "vanno da 1 a 40"),
    (lambda r: None, lambda r: seat_position_from_record(r, 1, 5),
     "seat must be a player from 1 to 2, got 5",
     "il posto dev'essere un giocatore da 1 a 2, non 5"),
    (lambda r: None, lambda r: seat_position_from_record(r, 1, 2),
     "move 1 is player 1's: seat analysis values the cards of the player to move (use --seat 1)",
     "usa --seat 1"),
]


def _bad(change):
    if change is None:
        return None
    if isinstance(change, tuple):
        base, change = change
        return _match(change) if base == "match" else _changed(base, change)
    return _changed(_dealt(), change)


@pytest.mark.parametrize("change,read,english,italian", BAD_RECORDS,
                         ids=[b[2][:50] for b in BAD_RECORDS])
def test_a_bad_record_is_said_word_for_word_in_english_and_in_italian(change, read, english,
                                                                      italian):
    """Every error of a record was English alone, raised with its text: loaded on the
    Italian board or by a --lang it command, a bad record was said in English."""
    with pytest.raises(RecordError) as info:
        read(_bad(change))
    e = info.value
    assert e.key is not None and str(e) == english
    said = error_text(pickle.loads(pickle.dumps(e)), "it")
    assert italian in said and not ENGLISH.search(re.sub(r'"[^"]*"', "", said)), said


def test_a_bad_record_files_errors_are_said_in_italian(tmp_path):
    p = tmp_path / "r.json"
    write_record(str(p), [_dealt(), _dealt()])
    cases = [
        (lambda: write_record(str(p), _dealt()), f"{p} exists: use --force to overwrite it",
         f"{p} esiste già: usa --force per sovrascriverlo"),
        (lambda: read_record(str(p)), f"{p} holds 2 records, expected one",
         f"{p} contiene 2 partite, ne serve una"),
    ]
    for text, english, italian in (("", f"{p} is empty", f"{p} è vuoto"),
                                   ("[]", f"{p} holds no records", f"{p} non contiene partite")):
        cases.append((lambda text=text: (p.write_text(text), read_records(str(p))), english,
                      italian))
    for call, english, italian in cases:
        with pytest.raises(RecordError) as info:
            call()
        assert str(info.value) == english and error_text(info.value, "it") == italian
    p.write_text(json.dumps(_match(lambda r: r["deals"][1].update(deck=["AD"] * 40))))
    with pytest.raises(RecordError) as info:
        read_records(str(p))
    assert str(info.value) == f"{p} deal 2: the deck must hold all 40 cards once (AD appears twice)"
    assert error_text(info.value, "it").startswith(f"{p}, smazzata 2: il mazzo deve avere")


def test_a_deal_or_match_refused_by_the_game_is_said_in_italian():
    cases = [
        (lambda: deal_from_deck("scoperta", [0] * 40, 0),
         "the deck must hold each of the 40 cards exactly once", "ognuna delle 40 carte"),
        (lambda: from_position(parse_position(STARTED["start"])),
         "the talon holds 4 cards: give their order", "il tallone ha 4 carte: dai il loro ordine"),
        (lambda: deal_record(from_position(parse_position(UNSCORED["start"]))),
         "this game was not dealt from a deck, so it has no record", "non si può registrare"),
        (lambda: new_match("scoperta").add(deal("scoperta", 1)),
         "only finished deals count in a match", "solo le smazzate finite"),
    ]
    for call, english, italian in cases:
        with pytest.raises(BriscolaError) as info:
            call()
        assert info.value.key is not None and str(info.value) == english
        assert italian in error_text(info.value, "it")


@pytest.mark.parametrize("names", [[], ["human", "engine-3"], ["greedy", "random"] * 2])
def test_a_four_player_record_names_its_seats_its_sides_or_none(names):
    """`simulate` names each seat, `play` each side (two names in a four-player game), a
    bare `deal --json` none: each is read; a count of names no game has is refused
    (test_malformed_records_are_refused)."""
    rec = deal_record(play_deal("scoperta4", "greedy,random", seed=3), seed=3, players=names)
    assert check_record(rec)["players"] == names
    with pytest.raises(RecordError, match=r"per seat \(4\), one per side \(2\), or none, not 3$"):
        check_record(dict(rec, players=["a", "b", "c"]))


# ----- fields no record has, and what a match record states -------------------------------

STRAY_FIELDS = [
    (lambda r: r.update(reslt=r.pop("result")), "unknown field 'reslt' (fields: format,"),
    (lambda r: r["result"].update(note="x"), "unknown field 'result.note' (fields: points,"),
    (lambda r: r.update(talon=["AS"]), "a dealt game's record has no 'talon'"),
    (lambda r: r.update(start="hand1=3C hand2=2C briscola=RD turn=1"),
     "a game continued from a position has no 'dealer'"),
    (lambda r: r.update(match={"rule": "rounds"}), "unknown field 'match' (fields:"),
    (("match", lambda r: r.update(moves=[])), "unknown field 'moves' (fields:"),
    (("match", lambda r: r["deals"][0].update(start="x")),
     "record deal 1: unknown field 'start' (fields: dealer, deck, moves, result)"),
    (("match", lambda r: r["match"].update(rules="points")), "unknown field 'match.rules'"),
]


@pytest.mark.parametrize("change,words", STRAY_FIELDS, ids=[w for _, w in STRAY_FIELDS])
def test_a_field_no_record_has_is_refused_naming_it(change, words):
    """A field the format has not was read and ignored: a misspelt "result" was no result,
    its check skipped, and a talon beside a deck, or a match record's "moves", told nothing."""
    with pytest.raises(RecordError) as e:
        replay_all(_bad(change))
    assert words in str(e.value) and "\n" not in str(e.value)
    assert error_text(e.value, "it") != str(e.value)  # said in Italian too


@pytest.mark.parametrize("change,words", [
    (lambda r: r["result"].update(wins=[9, 9]), "the record states deals won 9-9, but the deals "
                                                "give "),
    (lambda r: r["result"].update(wins="x"), "a match result's \"wins\" must be the deals"),
    (lambda r: r["match"].update(rule="segni"), "match rule 'segni' is not briscolone's "
                                                '("points")'),
    (lambda r: r["match"].update(target=61), "record: a briscolone match is played to 121 or "
                                             "151 points, got 61"),
], ids=["wins", "wins-type", "rule", "target"])
def test_what_a_match_record_states_is_checked(change, words):
    """A match result's deals won and the match's rule were never compared with the deals
    (wins [9, 9] replayed), and a target the game has not was said without the record:
    "a briscolone match is played to 121 or 151 points" named no file."""
    with pytest.raises(RecordError) as e:
        replay_all(_match(change))
    assert words in str(e.value) and "\n" not in str(e.value)
    assert not ENGLISH.search(re.sub(r'"[^"]*"', "", error_text(e.value, "it")))


def test_a_match_target_the_game_has_not_names_the_file(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps(_match(lambda r: r["match"].update(target=61))))
    with pytest.raises(RecordError, match=f"^{re.escape(str(path))}: a briscolone match"):
        replay_all(read_record(str(path)))


@pytest.mark.parametrize("winner", [True, 1.0, "1"])
def test_a_winner_that_is_no_player_number_is_refused(winner):
    """True and 1.0 equal 1 in Python, so a result's "winner": true read as player 1."""
    rec = _dealt()
    rec["result"]["winner"] = winner
    with pytest.raises(RecordError, match="result winner must be 1, 2 or null"):
        check_record(rec)


@pytest.mark.parametrize("name", ["Scoperta", "CLASSIC", " libero "])
def test_a_variant_named_in_any_case_is_reviewed_as_it_is_replayed(name):
    """get_variant reads any case, so replay took "Scoperta", but review compared the name
    as written and refused the record: "review supports records of scoperta, ...". """
    from solver.review import review_record
    variant = name.strip().lower()
    rec = deal_record(deal(variant, 3), seed=3)
    rec["variant"] = name
    assert check_record(rec)["variant"] == variant
    assert review_record(rec, 0.01).results == (None,)


def test_a_players_name_is_shown_as_one_line_the_terminal_only_shows():
    """A record's player name went to the review's lines as written: a line break in it
    broke the line, a terminal escape sequence was obeyed, a megabyte name was printed."""
    from solver.review import render_review, review_record
    names = ["a\nb", "\x1b[31mred" + "x" * 10_000]
    rv = review_record(deal_record(deal("classic", 3), seed=3, players=names), 0.01)
    for lang in ("en", "it"):
        text = render_review(rv, lang)
        assert "\x1b" not in text and "(a\\nb)" in text and "(\\x1b[31mred" in text
        assert max(len(line) for line in text.splitlines()) < 200


def test_review_replay_and_analyse_read_a_record_from_standard_input():
    """"-" read a file named "-": "cannot read -: No such file or directory", where every
    other command that reads a file takes "-" for standard input."""
    from click.testing import CliRunner

    from cli.main import cli
    st = deal("classic", 3)
    for c in (legal_cards(st)[0], None):
        st = play(st, c if c is not None else legal_cards(st)[0])
    one = json.dumps(deal_record(st, seed=3, players=["a", "b"])) + "\n"
    runner = CliRunner()
    r = runner.invoke(cli, ["review", "-", "--time-per-move", "0.01", "--json"], input=one)
    assert r.exit_code == 0 and len(json.loads(r.stdout)["moves"]) == 2, r.output
    r = runner.invoke(cli, ["replay", "-"], input=one + one[:40])
    assert r.exit_code == 0 and "trick  1" in r.stdout and "<stdin>:2" in r.stderr, r.output
    r = runner.invoke(cli, ["analyse", "--record", "-", "--move", "2", "--seat", "2",
                            "--samples", "2", "--json"], input=one)
    assert r.exit_code == 0 and json.loads(r.stdout)["moves"], r.output
    r = runner.invoke(cli, ["review", "-", "--game", "3"], input=one * 2 + one[:40])
    assert r.exit_code == 2 and "\n" not in r.stderr.strip(), r.output
    assert "the records of <stdin> are 1..2 (line 3, the last, was cut short" in r.stderr
