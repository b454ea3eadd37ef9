"""Position text as a user types it, fuzzed: legal positions of every game (deals played on
at random, and their seats' views) with their notation mutated. A mutant is refused in one
line naming what is wrong, or accepted only when the rules allow it (checked here, from
docs/rules.md, not with the parser's own code), and then read back, played on and printed
without an error. Also the defects the campaign found, each pinned by its input."""
from __future__ import annotations

import json
import random
import time
from itertools import combinations
from math import comb

import pytest
from click.testing import CliRunner

import solver
from cli.main import cli
from solver.cards import RANK_POINTS
from solver.errors import BriscolaError
from solver.explain import explain_position
from solver.i18n import error_text
from solver.position import PositionError
from test_seat import moment

VARIANTS = ("scoperta", "scoperta4", "classic", "briscolone", "libero")
HAND = {"scoperta": 3, "scoperta4": 3, "classic": 3, "briscolone": 5, "libero": 5}
TRUMP = {"scoperta", "scoperta4", "classic"}
SHOWN_TOP = {"scoperta", "scoperta4"}
CARDS = [solver.card_str(c) for c in range(40)]
CARD_FIELDS = ("hand1", "hand2", "hand3", "hand4", "table", "played", "unseen", "talon", "top",
               "briscola")
LOOKALIKES = {"A": "АＡ", "S": "Ѕſ", "C": "С", "1": "１¹", "=": "＝", ",": "，;", "-": "–−",
              " ": "\t\u00a0\u3000", "3": "З"}
FUZZ_SECONDS = 12


def _bits(mask: int) -> list[int]:
    return [c for c in range(40) if mask >> c & 1]


def _points(mask: int) -> int:
    return sum(RANK_POINTS[c % 10] for c in _bits(mask))


def _split(played: int, worth: int, players: int, least: int) -> bool:
    """Whether ``least`` or more whole tricks among ``played`` are worth ``worth``."""
    sums = {(0, 0)}
    for c in _bits(played):
        sums |= {(s + RANK_POINTS[c % 10], j + 1) for s, j in sums
                 if s + RANK_POINTS[c % 10] <= worth}
    return any(s == worth and j % players == 0 and j >= least * players for s, j in sums)


def impossible(p) -> list[str]:
    """What the rules forbid in the open position ``p`` (nothing: a deal can reach it)."""
    out = []
    n, H = len(p.hands), HAND[p.variant]
    table = sum(1 << c for c in p.table)
    talon = (1 << 40) - 1 & ~table & ~p.played
    for h in p.hands:
        talon &= ~h
    if sum(len(_bits(m)) for m in (*p.hands, table, p.played, talon)) != 40:
        out.append("a card is in two places")
    T, k = len(_bits(talon)), len(p.table)
    leader = (p.to_move - k) % n
    sizes = [len(_bits(h)) for h in p.hands]
    top = max(sizes)
    if sizes != [top - 1 if (i - leader) % n < k else top for i in range(n)]:
        out.append(f"hand sizes {sizes}, {k} on the table")
    if k >= n or T % n or top > H or (T and top != H):
        out.append(f"{T} in the talon, hands {sizes}")
    if n != (4 if p.variant == "scoperta4" else 2):
        out.append("players")
    if (p.briscola >= 0) != (p.variant in TRUMP):
        out.append("trump card")
    elif T and p.briscola >= 0 and not talon >> p.briscola & 1:
        out.append("the trump card is not the talon's bottom")
    if p.variant in SHOWN_TOP and (T > 0) != (p.top >= 0):
        out.append("top card")
    if p.top >= 0 and (p.variant not in SHOWN_TOP or not talon >> p.top & 1
                       or (T > 1 and p.top == p.briscola)):
        out.append("top card placed")
    if p.talon_order is not None and (sorted(p.talon_order) != _bits(talon) or (
            p.briscola >= 0 and p.talon_order[-1] != p.briscola)):
        out.append("talon order")
    if p.score is not None:
        a, b = p.score
        if a + b != _points(p.played) or not _split(p.played, a, n, 0):
            out.append(f"score {a}-{b}")
        elif p.played and not _split(p.played, (a, b)[leader % 2], n, 1):
            out.append(f"score {a}-{b}: the leader's side took no trick")  # it took the last
    return out


def seat_impossible(sp) -> list[str]:
    """What the rules forbid in the seat's view ``sp``."""
    out = []
    H = HAND[sp.variant]
    own, other = len(_bits(sp.own)), sp.hidden + len(_bits(sp.known))
    if own + other + len(sp.table) + len(_bits(sp.played)) + sp.talon_size != 40:
        out.append("cards do not add up to 40")
    if sp.talon_size % 2 or max(own, other) > H or (sp.talon_size and max(own, other) != H):
        out.append(f"{sp.talon_size} in the talon, hands {own} and {other}")
    if own - other != (0 if not sp.table else 1 if sp.leader != sp.seat else -1):
        out.append(f"hands {own} and {other}, {len(sp.table)} on the table")
    if sp.score is not None and sum(sp.score) != _points(sp.played):
        out.append("score sum")
    if not out and sp.variant == "briscolone" and sp.tricks and _no_history(sp, H):
        out.append("no hand of the opponent fits the suits they did not follow")
    return out


def _no_history(sp, hand_size: int, most: int = 20_000) -> bool:
    """Whether no run of the opponent's hand through the tricks ``sp`` shows fits the rules
    of following suit (docs/rules.md): their hands followed forward, from every hand they
    could have held at the first trick shown, each trick's card played from it (none of the
    led suit held where they did not follow it), a card drawn after each trick while the
    talon lasted (any they could have: not the seat's, not one they had played); it fits
    where some hand reached is the one they may hold now. False (not judged) where the
    first hands number more than ``most``."""
    opp = 1 - sp.seat
    theirs = [(a if lead == opp else b, lead != opp and a // 10 != b // 10, a // 10)
              for lead, a, b in sp.tricks]
    now = sp.known | sp.pool
    mine = sum(1 << c for c, _, _ in theirs)
    if sp.table and sp.leader == opp:
        mine |= 1 << sp.table[0]
    universe = now | mine
    own_now = len(_bits(sp.own)) + (1 if sp.table and sp.leader == sp.seat else 0)
    no_draw = 0 if sp.talon_size else hand_size - own_now  # the last tricks, drawn after none
    drew = [i < len(theirs) - no_draw for i in range(len(theirs))]
    held_now = sp.hidden + len(_bits(sp.known)) + (1 if sp.table and sp.leader == opp else 0)
    first = held_now + len(theirs) - sum(drew)
    if comb(len(_bits(universe)), first) > most:
        return False
    hands = {sum(1 << c for c in cs) for cs in combinations(_bits(universe), first)}
    used = 0
    for (card, void, led), d in zip(theirs, drew, strict=True):
        suit = sum(1 << (10 * led + r) for r in range(10))
        hands = {h & ~(1 << card) for h in hands if h >> card & 1 and not (void and h & suit)}
        used |= 1 << card
        if d:
            hands = {h | 1 << y for h in hands for y in _bits(universe & ~h & ~used)}
    if sp.table and sp.leader == opp:
        hands = {h & ~(1 << sp.table[0]) for h in hands if h >> sp.table[0] & 1}
    return not any(h & sp.known == sp.known and not h & ~now for h in hands)


# ----- the generator: legal positions, then their notation mutated -----------------------

def legal_texts(rng: random.Random) -> list[str]:
    """The notation of a moment of a random deal of a random game: every hand shown, the
    talon's order too, and a seat's view."""
    g = solver.deal(rng.choice(VARIANTS), rng.randrange(10 ** 6))
    for _ in range(rng.randrange(41)):
        if g.is_over:
            break
        g = g.play(rng.choice(g.legal_cards()))
    texts = [g.to_text(), g.to_text(clairvoyant=True)]
    if not g.is_over:
        texts.append(g.view(rng.randrange(1, g.players + 1)).to_text())
    return texts


def _cards(tok: str) -> tuple[str, list[str]]:
    key, _, value = tok.partition("=")
    return key, [c for c in value.split(",") if c not in ("", "-", "?")]


def _put(key: str, cards: list[str]) -> str:
    return f"{key}={','.join(cards) or '-'}"


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with one change a user could make: a field dropped, doubled, emptied or
    given another's value; a card moved, swapped, added or removed; the score, turn, trump
    card, variant or tricks changed; a hand hidden; a lookalike letter, other case or
    spacing; a very long input."""
    ts = text.split()
    fields = [i for i, t in enumerate(ts) if t.split("=", 1)[0] in CARD_FIELDS]
    kind = rng.randrange(16)
    if kind == 0 and ts:
        ts.pop(rng.randrange(len(ts)))
    elif kind == 1 and ts:
        t = rng.choice(ts)
        ts.insert(rng.randrange(len(ts) + 1), t.upper() if rng.random() < 0.3 else t)
    elif kind == 2 and len(ts) > 1:
        i, j = rng.sample(range(len(ts)), 2)
        (ki, _, vi), (kj, _, vj) = ts[i].partition("="), ts[j].partition("=")
        ts[i], ts[j] = f"{ki}={vj}", f"{kj}={vi}"
    elif kind in (3, 4) and len(fields) > 1:  # a card moved, or two exchanged
        i, j = rng.sample(fields, 2)
        (ki, ci), (kj, cj) = _cards(ts[i]), _cards(ts[j])
        if ci:
            a = rng.randrange(len(ci))
            if kind == 3 or not cj:
                cj.insert(rng.randrange(len(cj) + 1), ci.pop(a))
            else:
                b = rng.randrange(len(cj))
                ci[a], cj[b] = cj[b], ci[a]
            ts[i], ts[j] = _put(ki, ci), _put(kj, cj)
    elif kind == 5 and fields:
        i = rng.choice(fields)
        key, cs = _cards(ts[i])
        if cs and rng.random() < 0.5:
            cs.pop(rng.randrange(len(cs)))
        else:
            cs.insert(rng.randrange(len(cs) + 1), rng.choice(CARDS + ["1S", "10B", "AX", "KS"]))
        ts[i] = _put(key, cs)
    elif kind == 6:  # the played cards' points split by whole tricks, the leader aside
        played = next((_cards(t)[1] for t in ts if t.startswith("played=")), [])
        rng.shuffle(played)
        n = sum(t.startswith("hand") for t in ts) or 2
        won = [0, 0]
        for i in range(0, len(played) - n + 1, n):
            won[rng.randrange(2)] += sum(RANK_POINTS[CARDS.index(c) % 10]
                                         for c in played[i:i + n] if c in CARDS)
        if rng.random() < 0.3:
            d = rng.choice([-10, -1, 1, 3])
            won = [won[0] + d, won[1] - d]
        ts = [t for t in ts if not t.startswith("score=")] + [f"score={won[0]}-{won[1]}"]
    elif kind == 7:
        ts = [t for t in ts if not t.startswith("turn=")]
        ts.append("turn=" + rng.choice(["0", "1", "2", "3", "4", "5", "", "01", "２", " "]))
    elif kind == 8:
        ts = [t for t in ts if not t.startswith("briscola=")]
        ts.append("briscola=" + rng.choice(CARDS + ["-", ""]))
    elif kind == 9:
        ts = [t for t in ts if not t.startswith("variant=")]
        ts.append("variant=" + rng.choice(VARIANTS + ("4p", "BRISCOLA", "scoperta 4", "")))
    elif kind == 10:
        hands = [i for i, t in enumerate(ts) if t.startswith("hand")]
        for i in rng.sample(hands, min(len(hands), rng.choice([1, 1, 2]))):
            ts[i] = ts[i].split("=")[0] + "=?"
    elif kind == 11:
        played = next((_cards(t)[1] for t in ts if t.startswith("played=")), CARDS[:])
        rng.shuffle(played)
        pairs = [f"{played[i]}+{played[i + 1]}" for i in range(0, len(played) - 1, 2)]
        ts = [t for t in ts if not t.startswith("tricks=")]
        ts.append("tricks=" + (",".join(pairs[:rng.randrange(6)]) or "-"))
    elif kind == 12:
        s = " ".join(ts)
        at = [i for i, ch in enumerate(s) if ch in LOOKALIKES]
        if at:
            i = rng.choice(at)
            s = s[:i] + rng.choice(LOOKALIKES[s[i]]) + s[i + 1:]
        return s
    elif kind == 13:
        s = " ".join(ts)
        return rng.choice([s.upper(), s.lower(), s.replace(",", " , "), s.replace("=", " = "),
                           "\ufeff" + s + "\n", s.replace(" ", "\r\n")])
    elif kind == 14 and ts:
        i = rng.randrange(len(ts))
        key = ts[i].split("=")[0]
        ts[i] = rng.choice([f"{key}=", f"{key}", f"={key}", f"{key}==", f"{key}=,AS", "="])
    elif kind == 15:
        s = " ".join(ts)
        return rng.choice([s + " hand1=AS" * 3000, s.replace("played=", "played=" + "AS," * 2000),
                           s + " tricks=" + "AS+2S," * 1000 + "AS+2S", "x" * 50000])
    return " ".join(ts)


def _one_line(e: BaseException) -> bool:
    text = str(e)
    return bool(text.strip()) and "\n" not in text and "\r" not in text


def check_accepted(p, text: str, rng: random.Random) -> None:
    """An accepted mutant: possible, read back as itself, printed, and played on."""
    wrong = seat_impossible(p) if p.hidden_hand else impossible(p)
    assert not wrong, f"{text!r} accepted but impossible: {wrong}"
    assert solver.parse(repr(p)) == p, text
    assert type(p).from_json(json.loads(json.dumps(p.to_json()))) == p, text
    assert str(p)
    if p.is_over:
        return
    card = rng.choice(p.legal_cards())
    outcomes = p.outcomes(card)
    draws = rng.choice(outcomes)[0] if outcomes else None
    try:
        after = p.play(card, draws)
    except PositionError as e:  # a seat's own draw is asked for; said in one line
        assert p.hidden_hand and _one_line(e), (text, str(e))
        return
    assert solver.parse(repr(after)) == after, (text, repr(after))
    if not after.hidden_hand:
        assert not impossible(after), (text, repr(after), impossible(after))


def fuzz(seed: int, seconds: float) -> dict[str, int]:
    """Mutants of legal positions for ``seconds``: each refused in one line or accepted
    only when possible (``check_accepted``); the counts of each."""
    rng = random.Random(seed)
    counts = {"mutants": 0, "refused": 0, "accepted": 0}
    end = time.process_time() + seconds
    while time.process_time() < end:
        for base in legal_texts(rng):
            text = base
            for _ in range(rng.choice([1, 1, 2])):
                text = mutate(text, rng)
            counts["mutants"] += 1
            try:
                p = solver.parse(text)
            except BriscolaError as e:
                assert _one_line(e), (text, str(e))
                counts["refused"] += 1
                continue
            counts["accepted"] += 1
            check_accepted(p, text, rng)
    return counts


def test_the_legal_positions_are_all_possible():
    """The generator's own positions: the checks above accept every one."""
    rng = random.Random(1)
    for _ in range(60):
        for text in legal_texts(rng):
            p = solver.parse(text)
            assert not (seat_impossible(p) if p.hidden_hand else impossible(p)), text


def test_fuzzed_positions_are_refused_in_one_line_or_possible():
    counts = fuzz(2024, FUZZ_SECONDS)
    assert counts["mutants"] > 500 and counts["accepted"] > 50, counts


def test_fuzzed_positions_on_the_command_line_exit_0_or_2_in_one_line():
    rng = random.Random(7)
    runner = CliRunner()
    for i in range(24):
        text = mutate(legal_texts(rng)[0], rng)
        args = ["show", text] if i % 2 else ["play", "--level", "easy", "--seed", "1",
                                             "--from", text]
        r = runner.invoke(cli, args, input="q\n")
        assert r.exit_code in (0, 2), (args, r.exit_code, r.stderr, r.exception)
        if r.exit_code == 2:
            assert len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)


# ----- the defects found -------------------------------------------------------------------

#: the trick on the table is led by the player who took the last trick, so a score giving
#: the leader's side no trick cannot be (one trick played here: AB and 2D, 11 points)
LEADER_TOOK_NONE = [
    ("hand1=3C,RD,AS hand2=4B,2C,RS top=5B briscola=RC played=AB,2D turn=1 score=0-11", "player 1"),
    ("hand1=3C,RD,AS hand2=4B,2C,RS top=5B briscola=RC played=AB,2D turn=2 score=11-0", "player 2"),
    ("hand1=3C,RD hand2=4B,2C,RS table=AS top=5B briscola=RC played=AB,2D turn=2 score=0-11",
     "player 1"),
    ("variant=briscolone hand1=5C,AC,CD,5S,3S hand2=4C,7C,3C,2S,6S played=5B,3B turn=2 "
     "score=10-0", "player 2"),
    ("variant=classic hand1=3C,RD,AS hand2=? briscola=RC played=AB,2D turn=2 score=11-0",
     "player 2"),
    ("variant=scoperta4 hand1=4B,RB,2S hand2=3B,7S,CS hand3=5B,6C,5S hand4=CD,AD,AS "
     "talon=2C,7C,CC,4C,5D,7B,AC,6S,6D,6B,FD,FB,5C,3S,2D,FS,2B,4S,3C,AB briscola=AB "
     "played=CB,FC,RC,4D,7D,RD,3D,RS turn=4 score=27-0", "player 4"),
]


@pytest.mark.parametrize("text,player", LEADER_TOOK_NONE)
def test_a_score_that_gives_the_leader_no_trick_is_refused(text, player):
    with pytest.raises(PositionError) as e:
        solver.parse(text)
    assert f"{player} leads this trick" in str(e.value) and _one_line(e.value)
    assert f"il giocatore {player.split()[1]} è di mano" in error_text(e.value, "it")


@pytest.mark.parametrize("text", [
    "hand1=3C,RD,AS hand2=4B,2C,RS top=5B briscola=RC played=AB,2D turn=1 score=11-0",
    "hand1=3C,RD,AS hand2=4B,2C,RS top=5B briscola=RC played=AB,2D,2S,4S turn=1 score=0-11",
    "variant=scoperta4 hand1=4B,RB,2S hand2=3B,7S,CS hand3=5B,6C,5S hand4=CD,AD,AS "
    "talon=2C,7C,CC,4C,5D,7B,AC,6S,6D,6B,FD,FB,5C,3S,2D,FS,2B,4S,3C,AB briscola=AB "
    "played=CB,FC,RC,4D,7D,RD,3D,RS turn=4 score=0-27",
])
def test_a_score_whose_leader_took_a_trick_is_read(text):
    assert solver.parse(text).score is not None


def test_the_samplers_give_the_leader_a_trick():
    """The positions of the random samplers read back: their scores give the leader's side
    the last trick."""
    from solver.puzzles import _random_game_position
    from solver.random_positions import random_position
    rng = random.Random(3)
    for i in range(300):
        p = random_position(rng, rng.choice([0, 2, 20, 32]), mid_trick=i % 2 == 1,
                            with_score=True)
        assert solver.parse(repr(p)) == p
        game = ("briscolone", "libero", "scoperta4")[i % 3]
        q = _random_game_position(rng, game, i % 2 == 1, True, talon=4 * (game == "scoperta4"))
        assert solver.parse(repr(q)) == q


#: a classic position with four cards in the talon: explain is refused naming the talon,
#: not "not variant 'classic'" after saying it handles classic
CLASSIC_EARLY = "hand1=AC,2C,5S hand2=3C,4C,6S briscola=2D unseen=7S,FS,CS turn=1 variant=classic"
#: a classic last draw with its talon's order given: explained as the same position without it
CLASSIC_LAST_DRAW = ("hand1=3B,2S,RS hand2=5D,6D,7S talon=FC,RD briscola=RD played=2B,4B,5B,6B,"
                     "7B,FB,CB,RB,AB,2C,4C,5C,6C,7C,CC,RC,3C,AC,2D,4D,7D,FD,CD,3D,AD,4S,5S,6S,"
                     "FS,CS,3S,AS turn=2 score=54-46 variant=classic")


def test_explain_refuses_an_early_classic_position_naming_its_talon():
    with pytest.raises(PositionError) as e:
        explain_position(solver.parse(CLASSIC_EARLY))
    assert "classic positions from the last draw on" in str(e.value)
    assert "the talon holds 4 cards" in str(e.value) and "not variant" not in str(e.value)
    assert "nel tallone restano 4 carte" in error_text(e.value, "it")


def test_explain_takes_a_classic_last_draw_with_its_talon_order():
    given = explain_position(solver.parse(CLASSIC_LAST_DRAW))
    plain = explain_position(solver.parse(CLASSIC_LAST_DRAW.replace("talon=FC,RD ", "")))
    assert given.best == plain.best and given.analysis.value == plain.analysis.value


#: a Briscolone seat's view whose tricks leave player 1 no hand: they did not follow clubs,
#: batons and spades (6B on 3C, 2S on 2B, RB on CB), and the seven cards unseen cannot make
#: their five with the two draws since; it was read, then no draw could be valued from it
NO_HAND = ("hand1=? hand2=4D,5D,6S,FS table=3D played=2B,4B,5B,6B,FB,CB,RB,3B,AB,2C,5C,6C,7C,"
           "FC,CC,RC,3C,6D,7D,FD,AD,2S,4S,5S,7S,RS,3S,AS turn=1 score=27-60 variant=briscolone "
           "tricks=3C+6B,2B+2S,AD+RC,CB+RB,2C+5C")


def test_a_seats_view_whose_tricks_leave_the_opponent_no_hand_is_refused(monkeypatch):
    with pytest.raises(PositionError) as e:
        solver.parse(NO_HAND)
    assert str(e.value).startswith("tricks=: no hand of player 1 fits them") and _one_line(e.value)
    assert "nessuna mano del giocatore 1" in error_text(e.value, "it")
    r = CliRunner().invoke(cli, ["show", NO_HAND])
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    # the independent check agrees: read without the parser's refusal, it is impossible
    monkeypatch.setattr(solver.position.seat.SeatPosition, "hand_total", 1)
    assert seat_impossible(solver.parse(NO_HAND))


def test_every_briscolone_seats_view_of_a_real_deal_is_read_and_fits():
    """The refusal never meets a view a deal reaches: late in seeded deals (where the check
    here follows every hand) each view is read and its opponent has hands that fit."""
    rng = random.Random(11)
    judged = 0
    for _ in range(150):
        g = moment("briscolone", rng, 14, 36)
        if g is None:
            continue
        sp = solver.parse(g.view(rng.randrange(1, 3)).to_text())
        assert sp.hand_total > 0 and not seat_impossible(sp), sp
        judged += bool(sp.tricks)
    assert judged > 100
