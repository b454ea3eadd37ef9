"""Italian text writes its numbers with a decimal comma, as the board's page does (board.js
``num``): review, explain, demo and play with --lang it wrote "costo medio 3.50" and
"+8.58 = +103/12". Every number of the text goes through i18n.num; English keeps the
point, and the notation and the JSON keep it in both languages."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.cards import card_str
from solver.players.agents import play_deal
from solver.record import deal_record

#: a decimal point, and a decimal comma, between two digits
POINT = re.compile(r"\d\.\d")
COMMA = re.compile(r"\d,\d")
#: the talon's last draw, and a position with eight talon cards: values that are not whole
LAST_DRAW = "hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B,RC,5C,6C turn=1"
MIDGAME = ("hand1=6B,2D,AS hand2=6C,RD,5S top=4B briscola=3C played=2B,5B,FB,CB,RB,3B,4C,5C,"
           "7C,FC,CC,RC,AC,4D,5D,6D,7D,FD,CD,3D,AD,2S,6S,7S,RS,3S turn=2")
#: a hint, then every card of the deck, over and over: each turn is hinted, then played
SCRIPT = "".join("hint\n" + card_str(c) + "\n" for _ in range(3) for c in range(40))


def _out(*args, input=None) -> str:
    r = CliRunner().invoke(cli, list(args), input=input)
    assert r.exit_code == 0, (r.output, r.exception)
    return r.stdout


def _decimals(text: str) -> list[str]:
    """The numbers with decimals of ``text``, written with a point."""
    return [m.replace(",", ".") for m in re.findall(r"\d+[.,]\d+", text)]


def test_num_writes_italian_with_a_decimal_comma_and_english_as_before():
    from solver.i18n import num

    assert num(-11.214, "+.2f", "it") == "-11,21" and num(-11.214, "+.2f", "en") == "-11.21"
    assert num(0.5, ".0%", "it") == "50%" and num(3.25, ".1f", "it") == "3,2"
    assert num(12345, "d", "it", group=True) == "12.345"  # a count, as the board groups it
    assert num(12345, "d", "en", group=True) == "12345"  # English text never grouped them
    assert num(123, "d", "it", group=True) == "123"


@pytest.mark.parametrize("args", [
    ["explain", MIDGAME], ["explain", LAST_DRAW], ["demo"],
    ["explain", "--objective", "win", MIDGAME + " score=40-39"],
], ids=["explain-midgame", "explain-last-draw", "demo", "explain-win"])
def test_explain_and_demo_in_italian_write_a_decimal_comma(args):
    it = _out(*args, "--lang", "it")
    en = _out(*args)
    assert not POINT.search(it), POINT.findall(it)
    if args[0] == "demo":  # in English the demo's second part is analyse's
        assert COMMA.search(it) and POINT.search(en)
        return
    assert not COMMA.search(en)
    assert _decimals(it) == _decimals(en)  # the same exact values, the language's mark


def test_play_in_italian_writes_its_hints_and_reasons_with_a_decimal_comma():
    args = ["play", "--from", LAST_DRAW, "--seed", "1", "--time-per-move", "0.05"]
    it = _out(*args, "--lang", "it", input=SCRIPT)
    en = _out(*args, input=SCRIPT)
    assert "+8,58 = +103/12" in it and "+8.58 = +103/12" in en
    assert not POINT.search(it), POINT.findall(it)
    assert not COMMA.search(en)
    assert _decimals(it) == _decimals(en)
    # a whole deal, its hints estimates at first, and the review after it
    for seed in (3, 8):
        it = _out("play", "--seed", str(seed), "--lang", "it", "--time-per-move", "0.05",
                  input=SCRIPT)
        assert not POINT.search(it), POINT.findall(it)
        assert COMMA.search(it)


@pytest.mark.parametrize("variant", ["scoperta", "classic", "briscolone"])
def test_review_in_italian_writes_a_decimal_comma(tmp_path, variant):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(deal_record(play_deal(variant, "greedy,random", seed=7), seed=7)))
    it = _out("review", "--lang", "it", "--time-per-move", "0.05", str(path))
    en = _out("review", "--time-per-move", "0.05", str(path))
    assert not POINT.search(it), POINT.findall(it)
    assert COMMA.search(it) and POINT.search(en) and not COMMA.search(en)
    # the JSON keeps the point whatever the language
    doc = json.loads(_out("review", "--lang", "it", "--json", "--time-per-move", "0.05",
                          str(path)))
    assert any(isinstance(m.get("cost"), float) for m in doc["moves"])
