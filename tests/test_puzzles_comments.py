"""Every claim of a generated puzzle's comment, checked against tests/explain_brute.py's own
rules: the theme's idea where the comment says it is (the card, its player, its trick, who
takes that trick), or, without a place, the puzzle's own move; the natural card's cost or
rightness; the Italian naming the same cards and numbers. A seeded sample of every game
whose puzzles carry comments with a theme (the four-player last draw has none, and its
costs rest on the draws' chances, which the brute force does not deal)."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

import pytest
from click.testing import CliRunner
from explain_brute import Rules, points

from cli.main import cli
from solver.cards import card_str, cards_of
from solver.i18n import TITLES, comment_text
from solver.explain import before_last_tricks4
from solver.puzzles import BUNDLED, bundled, generate

#: (variant, talon, objective, seed, count): puzzles of every stage a comment has a theme at
SAMPLE = (
    ("scoperta4", 0, "points", 2, 24),
    ("scoperta4", 0, "win", 5, 10),
    ("scoperta", 2, "points", 4, 20),
    ("scoperta", 0, "points", 0, 20),
    ("scoperta", 0, "win", 4, 6),
    ("briscolone", 0, "points", 3, 10),
    ("briscolone", 0, "win", 4, 10),
    ("libero", 0, "points", 7, 10),
)
KIND_OF = {title: kind for kind, title in TITLES.items()}
AT = re.compile(r"^(?P<title>.+) \(((?P<card>\w\w) by )?player (?P<s>\d), trick (?P<t>\d)\)$")
RIGHT = re.compile(r"^[Tt]he natural card (?P<card>\w\w) is right here\.$")
COSTS = re.compile(r"^[Tt]he natural (?P<card>\w\w) costs (?P<cost>\S+) (?P<unit>.+)\.$")
UNITS = {("points", 2): "points", ("win", 2): "in the chance to win",
         ("points", 4): "points for your team", ("win", 4): "in your team's chance to win"}


def brute(pos):
    """The brute force's rules, start and score for a position of the engine's."""
    trump = card_str(pos.briscola)[1] if pos.briscola >= 0 else None
    hands = tuple(frozenset(card_str(c) for c in cards_of(h)) for h in pos.hands)
    talon = (card_str(pos.top), card_str(pos.briscola)) if pos.talon_size else ()
    st = (hands, tuple(card_str(c) for c in pos.table), pos.leader, talon)
    return Rules(pos.players, trump, pos.variant == "briscolone"), st, pos.score or (0, 0)


def shows(kind: str, done, leader: int, s: int, card: str | None, trump: str | None) -> bool:
    """Whether a trick (the brute force's, led by ``leader``) shows idea ``kind`` of seat
    ``s`` playing ``card`` (None: a suit's idea, no card of its own)."""
    n = len(done.cards)
    seat = {(leader + i) % n: c for i, c in enumerate(done.cards)}
    if s not in seat or card not in (None, seat[s]):
        return False
    mine, led, w = seat[s], done.cards[0], done.winner
    partner = (s + 2) % n
    follow = done.cards[1] if leader == s and n == 2 else None
    return {
        "load_partner": w == partner and points(mine) > 0,
        "partner_takes": w == partner and points(mine) == 0,
        "lose_for_trump": w != s and done.draws is not None,
        "win_for_top": w == s and done.draws is not None,
        "liscio_lure": leader == s and w != s and follow is not None and follow[1] == trump,
        "save_trump": w == s and mine[1] == trump,
        "liscio": leader != s and mine[1] == led[1] and w != s,
        "forced_carico": leader == s and w == s and follow is not None
        and follow[1] == mine[1] and points(follow) >= 10,
        "run_long_suit": leader == s and w == s,
        "strip_suit": leader == s and follow is not None and follow[1] == led[1],
    }[kind]


def on_a_best_line(rules, st, score, objective, kind, s, card, trick) -> bool:
    """Whether some line of best cards from ``st`` shows the idea at trick ``trick``."""
    for line in rules.best_lines(st, objective, score, tricks=trick):
        leader = st[2] if trick == 1 else line[trick - 2].winner
        if len(line) == trick and shows(kind, line[-1], leader, s, card, rules.trump):
            return True
    return False


def check(p, seen: Counter) -> None:
    """The comment's claims (a title the generator no longer writes, in a bundled comment,
    is left aside: seen["unknown"])."""
    pos, objective = p.position, p.objective
    rules, st, score = brute(pos)
    vals = rules.card_values(st, objective, score)
    top = max(vals.values())
    assert [c for c, v in vals.items() if v == top] == [card_str(p.answer[0])], (p.id, vals)
    theme, _, said = p.comment.rpartition(": ")
    if m := RIGHT.match(said):
        assert m["card"] == card_str(p.answer[0]), p.comment
        seen["right"] += 1
    else:
        m = COSTS.match(said)
        assert m, p.comment
        assert m["unit"] == UNITS[objective, pos.players], p.comment
        assert m["card"] in vals and top - vals[m["card"]] == Fraction(m["cost"]) > 0, \
            (p.comment, vals)
        seen["costs"] += 1
    if not theme:
        assert said[0].isupper() and "ideas" not in p.features, p.comment
        return
    at = AT.match(theme)
    kind = KIND_OF.get(at["title"] if at else theme)
    if kind is None:
        seen["unknown"] += 1
        return
    assert kind in p.features["ideas"], p.comment
    if at is None:  # the puzzle's own move: the mover's best card, the trick now
        seen["own move", kind] += 1
        if kind == "count_61":
            wins = rules.card_values(st, "win", score)
            assert len(set(wins.values())) > 1, (p.comment, wins)
            return
        card = None if kind == "strip_suit" else card_str(p.answer[0])
        assert kind != "strip_suit" or not pos.table, p.comment
        s, trick = pos.to_move, 1
    else:
        s, trick, card = int(at["s"]) - 1, int(at["t"]), at["card"]
        assert card is not None or kind == "strip_suit", p.comment
        seen["placed", kind, "partner" if s != pos.to_move else "mover"] += 1
    assert s % 2 == pos.to_move % 2, p.comment  # never the other side's idea
    assert on_a_best_line(rules, st, score, objective, kind, s, card, trick), \
        (p.comment, pos.to_text())


def italian_names_the_same(comment: str) -> None:
    it = comment_text(comment, "it")
    assert it != comment and not re.search(r"\b(natural|costs|player|trick|by)\b", it), it
    cards = sorted(re.findall(r"\b[A2-7FCR][BCDS]\b", comment))
    assert sorted(re.findall(r"\b[A2-7FCR][BCDS]\b", it)) == cards, it
    assert sorted(re.findall(r"\d+", it)) == sorted(re.findall(r"\d+", comment)), it


@pytest.fixture(scope="module")
def sample():
    out = []
    for variant, talon, objective, seed, count in SAMPLE:
        out += generate(count, seed=seed, talon=talon, objective=objective, variant=variant)
    return out


def test_every_comment_of_the_sample_says_what_the_position_shows(sample):
    seen: Counter = Counter()
    for p in sample:
        check(p, seen)
        italian_names_the_same(p.comment)
    # the sample holds each form of claim, so that the checks above are made
    assert seen["right"] and seen["costs"] and not seen["unknown"], seen
    assert seen["own move", "load_partner"] and seen["own move", "lose_for_trump"], seen
    assert seen["placed", "load_partner", "partner"], seen
    assert seen["placed", "load_partner", "mover"], seen
    assert {k[1] for k in seen if k[0] == "placed"} >= {"save_trump", "run_long_suit"}, seen


def test_every_bundled_comment_says_what_its_position_shows():
    """The bundled sets as the sample (a four-player last draw aside: its costs rest on the
    draws); their comments were written by the generator before its themes said where."""
    seen: Counter = Counter()
    for variant in BUNDLED:
        for p in bundled(variant):
            if p.comment and p.question == "best" and not before_last_tricks4(p.position):
                check(p, seen)
    assert seen["placed", "load_partner", "partner"] and seen["own move", "load_partner"], seen


def test_a_partners_carico_later_is_placed_not_given_to_the_move():
    """The first puzzle of seed 2 (four players): player 1 trumps the opponent's trick with
    AD, and it is player 3 who loads player 1's trick, at trick 2. The comment said "Load
    the partner's trick: the natural card AD is right here.", AD's lesson."""
    p = next(generate(1, seed=2, variant="scoperta4"))
    assert p.comment == ("Load the partner's trick (RS by player 3, trick 2): the natural "
                         "card AD is right here.")
    assert comment_text(p.comment, "it") == ("Carica la presa del compagno (RS del giocatore "
                                             "3, presa 2): la carta più naturale, AD, qui è "
                                             "quella giusta.")


def test_the_hint_places_the_theme_as_the_comment_does(tmp_path):
    p = next(generate(1, seed=2, variant="scoperta4"))
    f = tmp_path / "p.jsonl"
    f.write_text(p.to_line() + "\n")
    for lang, hint in (("en", "Hint: the idea here is 'Load the partner's trick (RS by player 3, "
                              "trick 2)'."),
                       ("it", "Indizio: l'idea qui è 'Carica la presa del compagno (RS del "
                              "giocatore 3, presa 2)'.")):
        r = CliRunner().invoke(cli, ["puzzles", "play", str(f), "--lang", lang],
                               input="hint\nq\n")
        assert r.exit_code == 0 and hint in r.output, r.output
