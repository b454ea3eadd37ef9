"""docs/notation.md's position notation: round trips, input forms, its examples, and the
one-line reasons for refusing impossible positions. Also the random position sampler."""
from __future__ import annotations

import itertools
import random
import re

import pytest

from reference import load_positions
from solver.cards import FULL_DECK, card_str, cards_of, mask_of, mask_points, parse_cards, popcount
from solver.position import Position, PositionError, parse_position
from solver.random_positions import random_position, random_positions

KINDS = list(itertools.product([False, True], repeat=3))  # mid_trick, clairvoyant, with_score


def _sampled(seed: int, per_kind: int) -> list[Position]:
    rng = random.Random(seed)
    return [random_position(rng, talon, mid, clair, score)
            for talon in range(0, 36, 2) for mid, clair, score in KINDS for _ in range(per_kind)]


SAMPLED = _sampled(7, 8)  # 18 talon sizes x 8 kinds x 8 = 1152 positions


def _neapolitan(text: str) -> str:
    """Every card in lower case with Neapolitan numbers (A=1, F=8, C=9, R=10)."""
    num = {"A": "1", "F": "8", "C": "9", "R": "10"}
    return re.sub(r"\b([A234567FCR])([BCDS])\b", lambda m: (num.get(m[1], m[1]) + m[2]).lower(), text)


def _with_field(text: str, key: str, value: str | None) -> str:
    parts = [p for p in text.split() if not p.startswith(key + "=")]
    if value is not None:
        parts.append(f"{key}={value}")
    return " ".join(parts)


# ----- round trips -------------------------------------------------------------------------

def test_round_trip_many_random_positions():
    assert len(SAMPLED) >= 1000
    for p in SAMPLED:
        text = p.to_text()
        q = parse_position(text)
        assert q == p, text
        assert q.to_text() == text


def test_every_kind_and_size_is_sampled():
    seen = {(p.talon_size, bool(p.table), p.talon_order is not None, p.score is not None) for p in SAMPLED}
    for talon in range(0, 36, 2):
        for mid, clair, score in KINDS:
            assert (talon, mid, clair and talon > 0, score) in seen
    assert {popcount(p.hands[p.to_move]) for p in SAMPLED if p.talon_size == 0} == {1, 2, 3}


def test_alternative_input_forms_give_the_same_position():
    rng = random.Random(11)
    for p in SAMPLED[::3]:
        text = p.to_text()
        # lower case, Neapolitan numbers, fields in any order, keys in upper case
        fields = _neapolitan(text).split()
        rng.shuffle(fields)
        assert parse_position(" ".join(fields)) == p
        assert parse_position(text.replace("hand1=", "HAND1=")) == p
        assert parse_position("  " + "   ".join(text.split()) + " \t") == p
        # spaces next to the commas of a list, as pasted lists often have
        assert parse_position(text.replace(",", ", ")) == p
        assert parse_position(text.replace(",", " , ")) == p
        # played= may be left out when the talon holds at most top + trump card
        if p.talon_size <= 2:
            assert parse_position(p.to_text(with_played=False)) == p
        # unseen= instead of played=, with and without the trump card listed
        if p.talon_size > 0 and p.talon_order is None:
            without = _with_field(text, "played", None)
            unseen = [card_str(c) for c in cards_of(p.unseen)]
            assert parse_position(_with_field(without, "unseen", ",".join(unseen) or "-")) == p
            assert parse_position(_with_field(without, "unseen", ",".join(unseen + [card_str(p.briscola)]))) == p
            if not unseen:
                assert parse_position(_with_field(without, "unseen", "")) == p


def test_clairvoyant_form():
    p = random_position(random.Random(3), 10, clairvoyant=True)
    text = p.to_text()
    assert "talon=" in text and "top=" not in text
    order = text.split("talon=")[1].split()[0].split(",")
    assert len(order) == 10 and order[-1] == card_str(p.briscola)
    assert parse_position(_with_field(text, "played", None)) == p
    q = parse_position(_with_field(text, "talon", None) + f" top={order[0]}")
    assert q.talon_order is None and q.top == p.top and q.talon_mask == p.talon_mask


def test_empty_lists():
    a = parse_position("hand1=- hand2=RD table=2S briscola=5D turn=2")
    b = parse_position("hand1= hand2=RD table=2S briscola=5D turn=2")
    assert a == b and a.hands[0] == 0
    assert a.to_text().startswith("hand1=- hand2=RD table=2S briscola=5D played=")


# ----- the independent solver's files ---------------------------------------------------

FILE_LINES = [d for name in ("scoperta-dev", "scoperta-win-dev") for d in load_positions(name)]


def test_files_found():
    assert len(FILE_LINES) >= 150


def test_every_file_line_parses_and_prints_back():
    for d in FILE_LINES:
        p = parse_position(d["position"])
        assert p.to_text() == d["position"]
        assert parse_position(p.to_text()) == p
        assert p.talon_size == d["talon"]
        assert (p.talon_order is not None) == (d["kind"] == "dd")
        if d["kind"] == "win":
            assert p.score is not None
        assert sorted(card_str(c) for c in p.legal_cards()) == sorted(d["moves"])


# ----- docs/notation.md's examples ------------------------------------------------------

HANDS = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S"
UNSEEN_EX = ["3B", "RC", "2C", "4C"]


def test_example_1_with_played_filled_in():
    used = set(parse_cards("AD,3C,RB,7S,2D,FC,CB,4S")) | set(parse_cards(",".join(UNSEEN_EX)))
    rest = [card_str(c) for c in range(40) if c not in used and card_str(c) not in ("2B", "5C")]
    p = parse_position(f"{HANDS} played=2B,5C,{','.join(rest)} turn=1")
    assert p.talon_size == 6 and p.top == parse_cards("CB")[0]
    assert sorted(card_str(c) for c in cards_of(p.unseen)) == sorted(UNSEEN_EX)
    assert p.to_move == 0 and p.score is None and p.table == ()


def test_example_2_is_impossible_and_refused():
    with pytest.raises(PositionError, match="mid-trick the leader holds one card fewer than the follower, "
                                            "got hand1=2 hand2=2"):
        parse_position("hand1=AD,7C hand2=3D,RS table=2B briscola=4S turn=2")
    # the same with the leader (player 1) one card short is fine
    p = parse_position("hand1=AD hand2=3D,RS table=2B briscola=4S turn=2")
    assert p.leader == 0 and p.talon_size == 0


def test_example_3_with_unseen_filled_in():
    text = "hand1=1d,3c,10b hand2=7s,2d,8c top=9b briscola=4s unseen=3b,10c,2c,4c turn=1 score=40-36"
    p = parse_position(text)
    assert p.score == (40, 36)
    assert mask_points(p.played) == 76
    assert p.to_text().startswith("hand1=RB,3C,AD hand2=FC,2D,7S top=CB briscola=4S played=")
    assert parse_position(_with_field(p.to_text(), "played", None) + " unseen=" + ",".join(UNSEEN_EX)) == p


def test_cli_docstring_example():
    p = parse_position("hand1=3C,AS hand2=2C,RS briscola=RD turn=1")
    assert p.talon_size == 0 and popcount(p.played) == 36


# ----- refusals -------------------------------------------------------------------------

OK = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC turn=1"
ALL_BUT_HANDS = ",".join(card_str(c) for c in range(40) if card_str(c) not in ("AD", "3C", "7S", "2D"))

BAD = [
    ("", "empty position"),
    ("hand1=AD hand2=3C", "missing field briscola="),
    (OK.replace(" turn=1", ""), "missing field turn="),
    (OK.replace("AD", "XD"), "unknown card 'XD'"),
    (OK.replace("AD", "11D"), "unknown card '11D'"),
    (OK.replace("3C", "AD"), "card AD given twice in hand1="),
    (OK.replace("7S", "AD"), "card AD given twice (hand1 and hand2)"),
    (OK.replace("unseen=3B,RC", "unseen=3B,RC,AD"), "card AD given twice (hand1 and unseen)"),
    (OK.replace("unseen=3B,RC", "unseen=3B,,RC"), "empty card in list"),
    (OK.replace("hand1=AD,3C,RB", "hand1=AD,3C"), "hands hold 3 cards each while the talon has cards, got hand1=2 hand2=3"),
    ("hand1=AD,3C,RB,2B hand2=7S,2D,FC,2S briscola=4S turn=1", "a hand holds at most 3 cards"),
    ("hand1=AD,3C hand2=7S briscola=4S turn=1", "at the start of a trick both hands hold the same number"),
    (OK.replace("turn=1", "turn=2 table=FC").replace(",FC ", " "), "leader holds 2 and the follower 3"),
    (OK.replace("unseen=3B,RC", "unseen=3B"), "the talon would hold 3 cards: it always holds an even number"),
    (OK.replace("top=CB", "top=4S"), "top card 4S is the trump card"),
    (OK.replace("top=CB ", ""), "unseen= describes the talon under top=, but top= is missing"),
    (f"hand1=AD,3C hand2=7S,2D top=CB briscola=4S played={ALL_BUT_HANDS} turn=1",
     "top= given but the talon is empty"),
    (f"hand1=AD,3C hand2=7S,2D briscola=4S played={ALL_BUT_HANDS.replace('CB,', '')},CB,3S turn=1",
     "card 3S given twice"),
    ("hand1=AD,3C,RB hand2=7S,2D,FC briscola=4S played=2B turn=1", "the talon would hold 33 cards"),
    ("hand1=AD,3C,RB hand2=7S,2D,FC briscola=4S played=" +
     ",".join(card_str(c) for c in range(40) if card_str(c) not in
              ("AD", "3C", "RB", "7S", "2D", "FC", "2B", "4B")) + " turn=1",
     "the talon holds 2 cards: give its top card with top="),
    (OK.replace("FC", "4S"), "the trump card 4S is in a hand or on the table, but top= says the talon has cards"),
    ("hand1=AD,3C,RB hand2=7S,2D,FC briscola=4S played=" +
     ",".join(card_str(c) for c in range(40) if card_str(c) not in
              ("AD", "3C", "RB", "7S", "2D", "FC", "2B", "4B")) + " top=2B turn=1",
     "the trump card 4S must be its bottom card"),
    ("hand1=AD,3C,RB hand2=7S,2D,FC talon=CB,3B,RC,2S briscola=4S turn=1", "talon= must end with the trump card 4S"),
    ("hand1=AD,3C,RB hand2=7S,2D,FC talon=CB,3B,3B,4S briscola=4S turn=1", "card 3B given twice in talon="),
    ("hand1=AD,3C,RB hand2=7S,2D,FC top=CB talon=CB,3B,RC,4S briscola=4S turn=1", "give top= or talon=, not both"),
    ("hand1=AD,3C,RB hand2=7S,2D,FC talon=CB,3B,RC,4S unseen=3B briscola=4S turn=1", "give unseen= or talon=, not both"),
    (OK + " score=40-30", "score 40-30 adds up to 70 but the played cards are worth 76"),
    (OK + " score=abc", "score= must be two numbers like 40-36"),
    ("hand1=2B,4B,5B hand2=6B,7B,FB top=CB briscola=4S played=AD,3D turn=1 score=11-10",
     "score 11-10 cannot come from the played cards"),
    ("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=7B,AB turn=1 tricks=7B+AB "
     "score=0-11", "score 0-11 contradicts tricks=: in its tricks player 1 won 11 points and "
     "player 2 0"),
    ("variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=7B,AB,3C,2C turn=1 "
     "tricks=3C+2C score=0-21", "score 0-21 contradicts tricks=: in its tricks player 1 won 10"),
    (OK.replace("turn=1", "turn=3"), "turn= must be 1 or 2, got '3'"),
    (OK.replace("turn=1", "turn=x"), "turn= must be 1 or 2"),
    (OK + " foo=1", "unknown field 'foo'"),
    (OK + " extra", "'extra' is not a key=value field"),
    (OK + " turn=2", "field 'turn' given twice"),
    (OK + " played=2B", "give played= or unseen=, not both"),
    (OK.replace("briscola=4S", "briscola=4S,5S"), "briscola= takes one card, got 2"),
    (OK.replace("briscola=4S", "briscola=-"), "briscola= needs the trump card"),
    (OK.replace("top=CB", "top=CB,2B"), "top= takes one card, got 2"),
    (OK + " variant=nope", "unknown variant 'nope'"),
    (OK + " variant=classic", "in classic the talon's top card is hidden"),
]


@pytest.mark.parametrize("text,message", BAD, ids=[m[:40] for _, m in BAD])
def test_refused_with_its_own_one_line_reason(text, message):
    with pytest.raises(PositionError) as e:
        parse_position(text)
    msg = str(e.value)
    assert message in msg
    assert "\n" not in msg


def test_the_bad_inputs_are_distinct():
    assert len(BAD) >= 15
    assert len({m for _, m in BAD}) == len(BAD)


def test_the_good_base_of_the_bad_inputs_parses():
    assert parse_position(OK).talon_size == 4
    assert parse_position("hand1=2B,4B,5B hand2=6B,7B,FB top=CB briscola=4S played=AD,3D turn=1 score=21-0")
    seat = "variant=classic hand1=FB,5C,FC hand2=? briscola=2S played=7B,AB,3C,2C turn=1 tricks=3C+2C"
    assert [parse_position(f"{seat} score={s}").score for s in ("10-11", "21-0")] == [(10, 11), (21, 0)]


# ----- the sampler ----------------------------------------------------------------------

def test_sampler_is_reproducible():
    a = [p.to_text() for p in random_positions(5, 30, talon=(0, 4, 34), mid_trick=True, with_score=True)]
    b = [p.to_text() for p in random_positions(5, 30, talon=(0, 4, 34), mid_trick=True, with_score=True)]
    assert a == b
    assert a != [p.to_text() for p in random_positions(6, 30, talon=(0, 4, 34), mid_trick=True, with_score=True)]


def test_sampler_positions_are_consistent():
    for p in SAMPLED:
        every = p.hands[0] | p.hands[1] | p.table_mask | p.played | p.talon_mask
        assert every == FULL_DECK
        n1, n2 = popcount(p.hands[0]), popcount(p.hands[1])
        lead, foll = (n1, n2) if p.leader == 0 else (n2, n1)
        if p.table:
            assert lead == foll - 1
        else:
            assert lead == foll
        if p.talon_size:
            assert foll == 3 and (p.talon_mask >> p.briscola) & 1 and p.top != p.briscola
        assert popcount(p.played) % 2 == 0
        if p.score is not None:
            assert sum(p.score) == mask_points(p.played)
        if p.talon_order is not None:
            assert p.talon_order[0] == p.top and p.talon_order[-1] == p.briscola
            assert mask_of(p.talon_order) == p.talon_mask
    first = [p for p in SAMPLED if p.talon_size == 34]
    assert first and all(p.played == 0 for p in first)


@pytest.mark.parametrize("talon", [-2, 1, 36])
def test_sampler_refuses_bad_talon(talon):
    with pytest.raises(ValueError):
        random_position(random.Random(0), talon)


@pytest.mark.parametrize("typed, says", [
    ("KS", "the deck has no K: write R, as in RS"),
    ("qd", "the deck has no Q: write C, as in CD"),
    ("Jb", "the deck has no J: write F, as in FB"),
    ("AH", "the deck has no suit H: hearts are C, coppe, as in AC"),
    ("kh", "the deck has no K: write R, as in RC"),
])
def test_a_card_in_the_english_decks_letters_is_refused_naming_the_letter_to_write(typed, says):
    """A player used to the English deck writes the King KS: the error named no way to the
    Re (only 'write rank then suit'); now it says the notation's letter, in a position, a
    typed card and Italian alike."""
    from solver.cards import CardError, parse_typed_card
    from solver.i18n import error_text

    with pytest.raises(PositionError) as e:
        parse_position(f"hand1={typed},AS hand2=2C,RS briscola=RD turn=1")
    assert says in str(e.value) and f"'{typed}'" in str(e.value)
    assert "scrivi" in error_text(e.value, "it") or "i cuori" in error_text(e.value, "it")
    with pytest.raises(CardError) as typed_error:
        parse_typed_card(typed)
    assert says in str(typed_error.value)


def test_other_unknown_cards_keep_the_plain_reason():
    with pytest.raises(PositionError, match=r"unknown card 'XS' \(write rank then suit"):
        parse_position("hand1=XS,AS hand2=2C,RS briscola=RD turn=1")
