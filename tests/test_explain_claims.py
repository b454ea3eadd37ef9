"""Every claim `briscola explain` makes, checked against an independent brute force.

A seeded sample of positions of every game explain supports (2-player scoperta and classic
at the empty talon and at the last draw, Briscolone and Libero at the empty talon, the
four-player endgame; seat views, both objectives, with and without score=, cards on the
table or not) is explained once; each test checks one family of claims against
tests/explain_brute.py, which values positions with its own rules: the line is legal and
best and its tricks are as stated, each other card costs what it says and its reply gets
that, the outcome and final score, the reasons (a card is "the one" or played "on purpose"
only where no other card does as well; a deal that can only be drawn is not "kept"), and
the English and Italian words name the same cards and numbers, and each idea (its cards,
tricks, costs and gains; what it says of other cards or later play true on every best line,
as the brute force follows every best card). A few pinned deals add the rarer ideas and the
positions where such a claim once held on one best line only. A failure names the position,
the objective, the seat view and the claim.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

import pytest
from explain_brute import (KINDS, Deal, Rules, State, TrickDone, beats, for_side, points,
                           random_deal, stronger, winning_card)

from solver.cards import SUITS, card_name, card_str, parse_card
from solver.errors import BriscolaError
from solver.explain import Explanation, explain_position, explanation_text
from solver.i18n import card_phrase
from solver.position import parse_position

# the sample: EXPLAIN_CLAIMS=SEED,COUNT runs another (a longer fuzz: 7,3000 takes a minute)
SEED, COUNT = map(int, os.environ.get("EXPLAIN_CLAIMS", "20261205,300").split(","))
HIDDEN_GAMES = ("classic", "classic_draw", "briscolone", "libero")
IDEAS = ("lose_for_trump", "win_for_top", "save_trump", "liscio_lure", "whatever is led",
         "liscio", "forced_carico", "strip_suit", "stripped for the carico", "run_long_suit",
         "count_61", "load_partner", "for now", "partner_takes")


@dataclass
class Case:
    """One position as explained, or the refusal it got."""

    deal: Deal
    objective: str
    view: int | None  # the seat whose view (the other hand '?') was explained; None: open
    ex: Explanation | None
    refusal: str = ""
    en: str = ""
    it: str = ""

    def __post_init__(self) -> None:
        self.rules: Rules = self.deal.rules()
        self.start_score = self.deal.score or (0, 0)

    @property
    def label(self) -> str:
        view = "" if self.view is None else f", seat {self.view + 1}'s view"
        return f"[{self.deal.text()} | {self.objective}{view}]"

    def values(self, st: State | None = None, score: tuple[int, int] | None = None,
               objective: str = "") -> dict[str, Fraction]:
        """The brute force's value of each legal card, for the player to move."""
        return self.rules.card_values(st or self.deal.start(), objective or self.objective,
                                      score or self.start_score)


def result(final: tuple[int, int], side: int) -> Fraction:
    """What a final score is worth to ``side`` under the win objective."""
    a, b = final if side == 0 else final[::-1]
    return Fraction(1) if a > 60 else Fraction(0) if b > 60 else Fraction(1, 2)


def show(values: dict[str, Fraction]) -> str:
    return "values " + ", ".join(f"{c} {v}" for c, v in sorted(values.items()))


def explain_case(deal: Deal, objective: str, view: int | None) -> Case:
    """``deal`` explained (seat ``view``'s view, None: open), or the refusal it got."""
    pos = parse_position(deal.text(hidden=None if view is None else 1 - view))
    try:
        ex = explain_position(pos, objective)
    except BriscolaError as e:
        return Case(deal, objective, view, None, refusal=str(e))
    except Exception as e:  # name the position: a crash fails every test of the module
        raise AssertionError(f"explain crashed on {Case(deal, objective, view, None).label}") \
            from e
    return Case(deal, objective, view, ex, en=explanation_text(ex, "en"),
                it=explanation_text(ex, "it"))


#: single deals, random_deal(random.Random(seed), kind), added to every sample: ideas the
#: sample rarely shows, and claims that once held on one best line but not on every one
PINNED = (
    ("scoperta_draw", 220, "points"),  # "whatever is led" the trump took a trick on one line
    ("scoperta_draw", 185, "win"),  # ... and for the win objective
    ("classic_draw", 47, "points"),  # a trick lost "on purpose" that a best card takes
    ("scoperta_draw", 267, "win"),  # "though {instead} would take it": one reply lets it go
    ("scoperta4", 27, "win"),  # "the trick that the partner takes": a later card may not
    ("scoperta4", 276, "points"),  # "the partner, still to play, takes the trick": may not
    ("scoperta4", 1356, "points"),  # a carico onto the trick the partner holds "for now"
    ("briscolone", 59, "points"),  # lisciare
    ("briscolone", 21637, "win"),  # a suit stripped so that the carico must follow
)


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    rng = random.Random(SEED)
    out = []
    for i in range(COUNT):
        kind = KINDS[i % len(KINDS)]
        deal = random_deal(rng, kind)
        win = rng.random() < (0.4 if deal.score is not None else 0.05)
        view = rng.randrange(2) if kind in HIDDEN_GAMES and rng.random() < 0.35 else None
        out.append(explain_case(deal, "win" if win else "points", view))
    out += [explain_case(random_deal(random.Random(seed), kind), objective, None)
            for kind, seed, objective in PINNED]
    return out


class Claims:
    """The claims checked and those found false, each false one with its position."""

    def __init__(self) -> None:
        self.checked, self.false = 0, list[str]()

    def check(self, case: Case, claim: str, holds: bool, detail: object = "") -> bool:
        self.checked += 1
        if not holds:
            self.false.append(f"{claim} {case.label}: {detail}")
        return holds

    def verify(self, least: int) -> None:
        if self.false:
            pytest.fail(f"{len(self.false)} false claims:\n" + "\n".join(self.false[:6]), False)
        if self.checked < least:
            pytest.fail(f"only {self.checked} claims checked (fewer than {least})", False)


@pytest.fixture
def claims() -> Claims:
    return Claims()


def explained(cases: list[Case], players: int | None = None) -> list[Case]:
    return [c for c in cases if c.ex is not None and players in (None, c.deal.players)]


def cs(card: int) -> str:
    return card_str(int(card))


def plies_of(trick) -> list:
    """A trick's cards in play order, two players' (Trick) or four (Trick4)."""
    return [trick.lead, trick.follow] if hasattr(trick, "lead") else list(trick.cards)


class Replay:
    """A stated line replayed by the brute force: its tricks, the final score and the state
    before each card (None for the cards already on the table)."""

    def __init__(self, case: Case, line, claims: Claims, name: str, judged_from: int = 0):
        rules, st, score = case.rules, case.deal.start(), case.start_score
        self.plies = [p for t in line for p in plies_of(t)]
        self.tricks: list[TrickDone] = []
        self.before: list[tuple[State, tuple[int, int]] | None] = []
        self.ok = True
        on_table = len(case.deal.table)
        for i, ply in enumerate(self.plies):
            card = cs(ply.card)
            if i < on_table:
                claims.check(case, name + ": the table card", card == case.deal.table[i]
                             and ply.analysis is None, f"card {i + 1}: {card}")
                self.before.append(None)
                continue
            legal = ply.player == rules.turn(st) and card in rules.legal(st)
            if not claims.check(case, name + ": a legal card", legal,
                                f"{card} by player {ply.player + 1}"):
                self.ok = False
                return
            self.before.append((st, score))
            if i - on_table >= judged_from:
                vals = case.values(st, score)
                claims.check(case, name + f": {card} is a best card",
                             vals[card] == max(vals.values()), show(vals))
            st, done = rules.play(st, card)
            if done:
                self.tricks.append(done)
                score = rules.scored(done, score)
        self.final = score
        claims.check(case, name + ": reaches the end", rules.over(st))
        for t, mine in zip(line, self.tricks, strict=False):
            claims.check(case, name + f": trick {t.number}'s winner and points",
                         (t.winner, t.points) == mine[:2], f"{(t.winner, t.points)} vs {mine}")
            draws = getattr(t, "draws", None)
            claims.check(case, name + f": trick {t.number}'s draws",
                         (draws and (cs(draws[0]), cs(draws[1]))) == mine.draws, mine.draws)

    def won(self, side: int, what: str = "points") -> int:
        return sum(t.points if what == "points" else 1 for t in self.tricks
                   if t.winner % 2 == side)


def test_the_sample_covers_every_game_and_case(cases):
    """Each game explained for both objectives and with table cards, the seat views of the
    hidden games explained (talon empty) and refused (last draw), reasons that another card
    matches and a count to 61 that can only draw: a change that drops a case fails here."""
    seen: Counter = Counter()
    for c in cases:
        d = c.deal
        seen[d.kind, "explained" if c.ex else "refused", c.objective] += 1
        seen[d.kind, "table"] += bool(d.table and c.ex)
        seen[d.kind, "view", "explained" if c.ex else "refused"] += c.view is not None
        for t in c.ex.line if c.ex and d.players == 2 else ():
            seen["shared"] += sum(bool(r.get("shared")) for r in t.reasons)
        seen["drawn"] += any(i.kind == "count_61" and i.data["win"] == Fraction(1, 2)
                             for i in (c.ex.ideas if c.ex else ()))
        for i in c.ex.ideas if c.ex else ():
            seen["idea", i.kind] += 1
            seen["idea", "whatever is led"] += bool(i.data.get("unavoidable"))
            seen["idea", "for now"] += bool(i.data.get("for_now"))
            seen["idea", "stripped for the carico"] += i.data.get("then") == "carico"
    missing = [f"{k} explained for {w}" for k in KINDS for w in ("points", "win")
               if not seen[k, "explained", w]]
    missing += [f"{k} with table cards" for k in KINDS if not seen[k, "table"]]
    missing += [f"{k}: a seat's view {s}" for k in HIDDEN_GAMES for s in ("explained", "refused")
                if not seen[k, "view", s] and (s == "refused") == k.endswith("_draw")]
    missing += ["10 shared reasons"] * (seen["shared"] < 10)
    missing += ["a count to 61 that can only draw"] * (not seen["drawn"])
    missing += [f"the idea {k}" for k in IDEAS if not seen["idea", k]]
    assert not missing, f"the sample lacks: {', '.join(missing)}"


def test_refused_only_where_explain_cannot_or_must_not_tell(cases, claims):
    """A seat's view is refused while the talon hides the other hand (its refusal names no
    card of it) and explained, to that seat, once the talon is empty; an open position is
    refused only for the win objective without score=."""
    for c in cases:
        d = c.deal
        if c.view is not None and d.talon:
            hidden = d.hands[1 - c.view]
            names = [x for card in hidden for x in (card, card_name(parse_card(card)))]
            claims.check(c, "a view with the talon is refused", c.ex is None)
            claims.check(c, "the refusal names no hidden card",
                         not any(n in c.refusal for n in names), c.refusal)
        elif c.ex is None:
            claims.check(c, "refused for the win objective without score",
                         c.objective == "win" and d.score is None, c.refusal)
        elif c.view is not None:
            to_move = "you" if d.turn == c.view else "the opponent"
            claims.check(c, "the view is explained to its seat", c.ex.you == c.view
                         and c.en.startswith(f"Player {d.turn + 1} to move ({to_move})"),
                         c.en.split("\n")[0])
        else:
            claims.check(c, "the win objective without score is refused",
                         c.objective == "points" or d.score is not None)
    claims.verify(len(cases))


def test_card_values_and_best_cards(cases, claims):
    for c in explained(cases):
        ex, root = c.ex, c.values()
        best = max(root.values())
        stated = {cs(m.card): m.value_exact for m in ex.analysis.moves}
        claims.check(c, "each card's value", stated == root, f"{show(stated)} vs {show(root)}")
        claims.check(c, "the value", ex.value == best, f"{ex.value} vs {best}")
        best_cards = {x for x, v in root.items() if v == best}
        claims.check(c, "the best cards", {cs(x) for x in ex.best} == best_cards, ex.best)
        j = json.loads(json.dumps(ex.to_json()))
        claims.check(c, "the JSON value and best cards", Fraction(j["value_exact"]) == best
                     and set(j["best"]) == best_cards, j["best"])
    claims.verify(len(explained(cases)))


def test_the_line_is_legal_best_and_its_tricks_as_stated(cases, claims):
    for c in explained(cases):
        ex = c.ex
        r = Replay(c, ex.line, claims, "the line")
        if not r.ok:
            continue
        side = ex.mover % 2
        tally = ((r.won(0, "tricks"), r.won(1, "tricks")), (r.won(0), r.won(1)))
        claims.check(c, "tricks and points won", (ex.tricks_won, ex.points_won) == tally, tally)
        if c.objective == "points":
            claims.check(c, "the line makes the value", r.won(side) - r.won(1 - side) == ex.value)
        claims.check(c, "the number of tricks", len(ex.line) == len(c.deal.live) // c.deal.players)
    claims.verify(len(explained(cases)) * 4)


def json_final(ex: Explanation) -> tuple[tuple[int, int], int]:
    """The JSON's final score and winner (0, 1 or -1 for a draw), of either layout."""
    j = ex.to_json()
    if ex.teams:
        score = (j["final_score"]["1+3"], j["final_score"]["2+4"])
        return score, {"1+3": 0, "2+4": 1, None: -1}[j["winner"]]
    return tuple(j["outcome"]["final_score"]), j["outcome"]["winner"] - 1  # 0: a draw


def test_final_score_winner_and_outcome_as_said(cases, claims):
    for c in explained(cases):
        ex, d = c.ex, c.deal
        best, you = max(c.values().values()), ex.you
        r = Replay(c, ex.line, Claims(), "the line")  # its claims: the test of the line
        if not r.ok:
            continue
        if d.score is None:
            claims.check(c, "no final score without score=", ex.final_score is None)
        else:
            final = r.final
            winner = 0 if final[0] > 60 else 1 if final[1] > 60 else -1
            claims.check(c, "the final score and winner", (ex.final_score, ex.winner)
                         == (final, winner), f"{ex.final_score}, {ex.winner}: {final}")
            win = c.values(objective="win")
            claims.check(c, "the final result is best play's", result(final, ex.mover % 2)
                         == max(win.values()), f"{final}, win {show(win)}")
            said = re.search(r"Final score (\d+)-(\d+)[^:]*: (team \S+|player \d|a draw)", c.en)
            who = "a draw" if winner < 0 else ("team " + ("1+3", "2+4")[winner] if d.players
                                               == 4 else f"player {winner + 1}")
            claims.check(c, "the final score said", said is not None and
                         (int(said[1]), int(said[2]), said[3]) == (*final, who), said)
            claims.check(c, "the JSON final score and winner", json_final(ex) == (final, winner))
        mine = best if you % 2 == ex.mover % 2 else for_side(best, 1, c.objective)
        if c.objective == "points":
            said = re.search(r": ([+-]?\d+) for (you|your team)", c.en)
            claims.check(c, "the outcome said", said is not None and Fraction(said[1]) == mine,
                         f"{said and said[0]} vs {mine}")
        else:
            said = re.search(r"chance is (\d+)%", c.en)
            claims.check(c, "the chance said", said is not None and int(said[1])
                         == round(mine * 100), f"{said and said[0]} vs {mine}")
            claims.check(c, "a draw counts one half", mine.denominator == 1 or "one half" in c.en,
                         said and said[0])
    claims.verify(len(explained(cases)) * 2)


def test_each_other_card_costs_what_its_punishing_reply_makes(cases, claims):
    for c in explained(cases):
        ex, d, root = c.ex, c.deal, c.values()
        best, side, on_table = max(root.values()), ex.mover % 2, len(d.table)
        for a in ex.alternatives:
            card = cs(a.card)
            claims.check(c, f"{card}'s value and cost", (a.value, a.cost) ==
                         (root[card], best - root[card]), f"{a.value}, {a.cost}: {show(root)}")
            r = Replay(c, a.line, claims, f"{card}'s line", judged_from=1)
            if not r.ok:
                continue
            claims.check(c, f"{card}'s line starts with it", cs(r.plies[on_table].card) == card)
            if c.objective == "points":
                got = r.won(side) - r.won(1 - side)
            else:
                got = result(r.final, side)
            claims.check(c, f"{card}'s line makes its value", got == a.value, f"{got}")
            after = r.plies[on_table:]
            # the punishing reply: the other side's next card (four players: the next card)
            j = next((i for i, p in enumerate(after) if i and (d.players == 4 or
                                                              p.player % 2 != side)), None)
            if a.cost == 0:
                continue
            if j is None:
                claims.check(c, f"{card} has no reply", a.reply is None, a.reply)
                continue
            said = "none" if a.reply is None else f"{cs(a.reply)} by player {a.replier + 1}"
            claims.check(c, f"{card}'s reply", (a.reply, a.replier) == (after[j].card,
                         after[j].player), f"said {said}, the line's is {cs(after[j].card)} by "
                         f"player {after[j].player + 1}")
            slot, n = on_table + j, d.players
            role = "answer" if slot < n else "lead" if slot % n == 0 else "answer_next"
            claims.check(c, f"{card}'s reply role", a.role == role and (role != "lead" or
                         r.tricks[0].winner == a.replier) and (role != "answer_next" or
                         a.lead == r.plies[slot - slot % n].card), f"said {a.role}, is {role}")
            name = card_name(parse_card(card))
            m = re.search(re.escape(name) + r" costs ([^:]+):", c.en)
            if c.objective == "points":
                cost = f"{a.cost} point" + ("s" if a.cost != 1 else "")
            else:
                cost = f"{round(a.cost * 100)} percentage points"
            claims.check(c, f"{card}'s cost said", m is not None and m[1].startswith(cost),
                         f"{m and m[0]} vs {cost}")
        stated = {cs(a.card) for a in ex.alternatives}
        if d.players == 2:
            first = cs(plies_of(ex.line[0])[on_table].card)
            claims.check(c, "every other card priced", stated | {first} == set(root), stated)
        else:
            costly = {x for x, v in root.items() if v != best}
            claims.check(c, "every costly card priced", stated == costly, stated)
        j = ex.to_json()["alternatives"]
        claims.check(c, "the JSON costs", all(Fraction(x["cost"]) == best - root[x["card"]]
                                              for x in j), j)
    claims.verify(len(explained(cases)))


def check_reason(c: Case, claims: Claims, t, r: dict, before, done: TrickDone) -> None:
    """One reason of a two-player trick, against the values where its card was played."""
    kind, p, card, shared = r["kind"], r["player"], cs(r["card"]), bool(r.get("shared"))
    if kind == "on_table":
        claims.check(c, f"trick {t.number}: {card} on the table", before is None)
        return
    st, _ = before
    hand, vals, trump, lead = st[0][p], c.values(*before), c.deal.trump, cs(t.lead.card)
    best = max(vals.values())
    lost = done.winner != p
    suited = [x for x in hand if x[1] == lead[1]]
    takers = [x for x in hand if x != lead and beats(x, lead, trump)] if p == t.follow.player \
        else []
    higher = [x for x in suited if stronger(x, lead)]
    if kind == "lead":  # "the lead that works", or with another as good "one of the leads"
        holds = vals[card] == best and (sum(v == best for v in vals.values()) > 1) == shared
    elif kind == "duck":  # "on purpose", or "taking it does as well"
        holds = lost and bool(takers) and (max(vals[x] for x in takers) == vals[card]) == shared
    elif kind == "liscio":  # following low on purpose, or "taking with X does as well"
        instead = cs(r["instead"])
        holds = card[1] == lead[1] and lost and instead in higher
        holds &= (max(vals[x] for x in higher) == vals[card]) == shared
        holds &= not shared or vals[instead] == vals[card]
    else:
        holds = {
            "forced": len(vals) == 1,
            "indifferent": len(set(vals.values())) == 1,
            "safe_lead": not any(beats(x, card, trump) for x in st[0][1 - p]),
            "take_trump": not lost and card[1] == trump != lead[1],
            "take": not lost and p == t.follow.player,
            "cannot_take": lost and not takers,
            "follow_forced": suited == [card] and len(hand) > 1 and c.deal.variant == "briscolone",
            "void": lost and not suited and r.get("suit") == "BCDS".index(lead[1]),
            "discard": lost and bool(suited) and card[1] != lead[1],
            "follow_low": lost and card[1] == lead[1] and not higher,
        }.get(kind, False)
    claims.check(c, f"trick {t.number}: {card} {kind}" + " (shared)" * shared, holds, show(vals))
    others = [best - v for x, v in vals.items() if x != card]
    if "cost" in r:
        nb = cs(r["next_best"])
        claims.check(c, f"trick {t.number}: {card}'s cost", vals[card] == best and
                     r["cost"] == best - vals[nb] == min(others), f"{r['cost']}: {show(vals)}")
    else:
        claims.check(c, f"trick {t.number}: {card} said free", kind == "forced"
                     or not others or min(others) <= 0, show(vals))


def test_the_reasons_and_who_does_as_well(cases, claims):
    for c in explained(cases):
        r = Replay(c, c.ex.line, Claims(), "the line")
        if not r.ok:
            continue
        n = c.deal.players
        for t in c.ex.line:
            plies = plies_of(t)
            for j, ply in enumerate(plies):
                before = r.before[n * (t.number - 1) + j]
                if n == 2:
                    reason = t.reasons[j] if len(t.reasons) == 2 else {}
                    if claims.check(c, f"trick {t.number}: a reason for {cs(ply.card)}",
                                    (reason.get("player"), reason.get("card")) ==
                                    (ply.player, ply.card), t.reasons):
                        check_reason(c, claims, t, reason, before, r.tricks[t.number - 1])
                    continue
                vals = None if before is None else c.values(*before)
                holds = {"table": vals is None, "forced": vals and len(vals) == 1,
                         "any": vals and len(set(vals.values())) == 1,
                         "best": vals and len(set(vals.values())) > 1}
                claims.check(c, f"trick {t.number}: {cs(ply.card)} {ply.reason}",
                             bool(holds.get(ply.reason)), vals and show(vals))
    claims.verify(len(explained(cases)) * 2)


def test_the_count_to_61_keeps_only_a_deal_it_can_win(cases, claims):
    for c in explained(cases, players=2):
        for idea in (i for i in c.ex.ideas if i.kind == "count_61"):
            d = idea.data
            win = c.values(objective="win")
            top = max(win.values())
            claims.check(c, "the cards that keep or draw it", {cs(x) for x in d["keep"]} ==
                         {x for x, v in win.items() if v == top} and d["win"] == top, show(win))
            claims.check(c, "the cards that lose it", {cs(x) for x in d["lose"]} ==
                         {x for x, v in win.items() if v < top}, show(win))
            said = next(x for x in c.en.split("\n") if x.startswith("  Count to 61"))
            keep = "keep the deal" in said or "keeps the deal" in said
            claims.check(c, "kept only if won, drawn only if drawn", keep == (top == 1) and
                         ("draw" in said) == (top == Fraction(1, 2)), f"{said} (best {top})")
    claims.verify(5)


_NAMES: dict[str, tuple[re.Pattern, dict[str, str]]] = {}


def facts_of(line: str, lang: str) -> tuple[Counter, Counter]:
    """The cards (named or in notation) and the numbers of one line of text."""
    if lang not in _NAMES:
        names = {}
        for i in range(40):
            for s in (card_phrase(i, lang), card_name(i, lang)):
                names[s] = names[s[0].upper() + s[1:]] = card_str(i)
        alts = "|".join(re.escape(s) for s in sorted(names, key=len, reverse=True))
        _NAMES[lang] = re.compile(alts + r"|\b[2-7AFCR3][BCDS]\b"), names
    rx, names = _NAMES[lang]
    cards = Counter(names.get(m, m) for m in rx.findall(line))
    return cards, Counter(re.findall(r"\d+", rx.sub(" ", line)))


def test_english_and_italian_say_the_same_cards_and_numbers(cases, claims):
    for c in explained(cases):
        en, it = c.en.split("\n"), c.it.split("\n")
        if claims.check(c, "as many lines in Italian", len(en) == len(it), (len(en), len(it))):
            for a, b in zip(en, it, strict=True):
                fa, fb = facts_of(a, "en"), facts_of(b, "it")
                claims.check(c, "the same cards and numbers", fa == fb, f"\n  {a}\n  {b}")
    claims.verify(len(explained(cases)) * 5)


class IdeaCheck:
    """An idea of a two-player line, with the line replayed: the state before each card of
    its trick and the trick as the brute force plays it."""

    def __init__(self, c: Case, r: Replay, idea):
        self.c, self.idea, self.d, self.p = c, idea, idea.data, idea.player
        self.n = idea.trick
        self.done = r.tricks[self.n - 1]
        self.r = r

    def ply(self, n: int, player: int):
        """(the card ``player`` played at trick ``n``, the state and score before it)."""
        plies = plies_of(self.c.ex.line[n - 1])
        j = next(i for i, x in enumerate(plies) if x.player == player)
        return cs(plies[j].card), self.r.before[self.c.deal.players * (n - 1) + j]

    def winners(self, before, card: str) -> set[int]:
        """Who takes the trick ``card`` is played to, over every best continuation."""
        st, score = before
        return {ln[0].winner for ln in self.c.rules.lines_after(st, card, self.c.objective,
                                                                 score, tricks=1)}


def draw_ideas(k: IdeaCheck, claims: Claims) -> None:
    """lose_for_trump / win_for_top: the trick at the last draw lost (won) so as to draw the
    trump card (the top card), "though {instead} would take it", the exchange's worth and
    what {instead} costs in all."""
    c, d, p, done = k.c, k.d, k.p, k.done
    lost = k.idea.kind == "lose_for_trump"
    card, before = k.ply(k.n, p)
    tag = f"{k.idea.kind} at trick {k.n}"
    claims.check(c, f"{tag}: the card and draws", card == cs(d["card"]) and done.draws is not None
                 and (done.winner != p) == lost and (cs(d["leaves"]), cs(d["draws"]))
                 == (done.draws if lost else done.draws[::-1]), (card, done))
    if before is None or done.draws is None:
        return
    vals = c.values(*before)
    best, instead = max(vals.values()), cs(d["instead"])
    kept, other = ({1 - p}, {p}) if lost else ({p}, {1 - p})
    claims.check(c, f"{tag}: {card} best, {instead} worse", vals[card] == best > vals[instead],
                 show(vals))
    claims.check(c, f"{tag}: {instead} " + ("would take it" if lost else "would lose it")
                 + " whatever the best replies", k.winners(before, instead) == other,
                 k.winners(before, instead))
    claims.check(c, f"{tag}: on purpose (every best card does so on every best line)",
                 all(k.winners(before, x) == kept for x in vals if vals[x] == best), show(vals))
    after = k.r.before[c.deal.players * k.n]
    st, score = after
    hands = list(st[0])
    w, top, brisc = done.winner, *done.draws
    hands[w], hands[1 - w] = hands[w] - {top} | {brisc}, hands[1 - w] - {brisc} | {top}
    swapped = (tuple(hands), *st[1:])
    side = p % 2
    gain = (for_side(c.rules.value(st, c.objective, score), side, c.objective)
            - for_side(c.rules.value(swapped, c.objective, score), side, c.objective))
    claims.check(c, f"{tag}: the exchange's worth", d["gain"] == gain > 0, f"{d['gain']} vs {gain}")
    claims.check(c, f"{tag}: {instead}'s cost in all", d["instead_cost"] == best - vals[instead],
                 show(vals))


def save_trump(k: IdeaCheck, claims: Claims) -> None:
    """The trump kept back at trick {saved_at} (spending it would cost {cost}) takes the
    carico at trick {n}."""
    c, d, p, done = k.c, k.d, k.p, k.done
    trump, carico = cs(d["trump"]), cs(d["carico"])
    card, _ = k.ply(k.n, p)
    claims.check(c, f"save_trump: {trump} takes {carico} at trick {k.n}", done.winner == p and
                 card == trump and trump[1] == c.deal.trump and carico in done.cards
                 and carico[0] in "A3", done)
    card, before = k.ply(d["saved_at"], p)
    vals = {} if before is None else c.values(*before)
    claims.check(c, f"save_trump: spending {trump} at trick {d['saved_at']} costs {d['cost']}",
                 d["saved_at"] < k.n and card != trump and trump in vals
                 and d["cost"] == max(vals.values()) - vals[trump] > 0, show(vals))


def liscio_lure(k: IdeaCheck, claims: Claims) -> None:
    """A card worth nothing led, the other side's trump spent on it; with "Whatever is led,
    {trump_of} takes one trick", every lead and every best line after it."""
    c, d, p, done = k.c, k.d, k.p, k.done
    q, trump = 1 - p, c.deal.trump
    card, before = k.ply(k.n, p)
    claims.check(c, f"liscio_lure at trick {k.n}", card == cs(d["card"]) == done.cards[0]
                 and points(card) == 0 and card[1] != trump and done.winner == q
                 and cs(d["trump"]) == done.cards[1] and done.cards[1][1] == trump, done)
    if before is None or not d["unavoidable"]:
        return
    st, score = before
    for lead in sorted(c.values(*before)):
        escape = next((ln for ln in c.rules.lines_after(st, lead, c.objective, score)
                       if not any(t.winner == q and winning_card(t.cards, trump)[1] == trump
                                  for t in ln)), None)
        claims.check(c, f"liscio_lure at trick {k.n}: whatever is led ({lead}) a trump of "
                     f"player {q + 1} takes a trick", escape is None,
                     escape and [t.cards for t in escape])


def no_trump_ideas(k: IdeaCheck, claims: Claims) -> None:
    """lisciare, forcing a carico out, stripping a suit, running a long suit."""
    c, d, p, done, kind = k.c, k.d, k.p, k.done, k.idea.kind
    q = 1 - p
    tag = f"{kind} at trick {k.n}"
    if kind == "liscio":
        card, before = k.ply(k.n, p)
        lead = done.cards[0]
        vals = {} if before is None else c.values(*before)
        higher = [x for x in vals if x[1] == lead[1] and stronger(x, lead)]
        best, instead = max(vals.values(), default=0), cs(d["instead"])
        claims.check(c, tag, card == cs(d["card"]) == done.cards[1] and card[1] == lead[1]
                     and done.winner != p and instead in higher and vals[card] == best
                     and max(vals[x] for x in higher) == vals[instead]
                     and d["cost"] == best - vals[instead] > 0, show(vals))
        return
    if kind == "run_long_suit":
        suit = SUITS[d["suit"]]
        for n, lead in zip(d["tricks"], d["cards"], strict=True):
            t, (_, before) = k.r.tricks[n - 1], k.ply(n, q)
            claims.check(c, f"{tag}: {cs(lead)} runs trick {n}", t.cards[0] == cs(lead)
                         and cs(lead)[1] == suit and t.winner == p and before is not None
                         and not any(x[1] == suit for x in before[0][0][q]), t)
        claims.check(c, f"{tag}: its points", d["points"] == sum(k.r.tricks[n - 1].points
                                                                 for n in d["tricks"]))
        return
    if kind == "strip_suit":
        suit = SUITS[d["suit"]]
        for n in d["stripped"]:
            t = k.r.tricks[n - 1]
            claims.check(c, f"{tag}: stripped at trick {n}", k.ply(n, p)[0] == t.cards[0]
                         and t.cards[0][1] == t.cards[1][1] == suit, t)
        n = d["payoff"]
        t, (card, before) = k.r.tricks[n - 1], k.ply(n, q)
        held = [] if before is None else [x for x in before[0][0][q] if x[1] == suit]
        if d["then"] == "run":
            holds = not held and t.cards[0][1] == suit and t.winner == p
        else:
            holds = (card in held and points(card) >= 10 and t.winner == p
                     and all(points(x) >= 10 for x in held))
        claims.check(c, f"{tag}: then {d['then']} at trick {n}", holds
                     and k.ply(n, p)[0] == t.cards[0], (t, held))
        return
    if kind == "forced_carico":
        card, before = k.ply(k.n, q)
        lead, carico = cs(d["card"]), cs(d["carico"])
        st = before[0] if before else None
        legal = [] if st is None else c.rules.legal(st)
        held = [] if st is None else [x for x in st[0][q] if x[1] == lead[1]]
        claims.check(c, tag, done.cards == (lead, carico) and k.ply(k.n, p)[0] == lead
                     and card == carico and points(carico) >= 10 and done.winner == p
                     and all(x[1] == lead[1] for x in legal)
                     and not any(stronger(x, lead) for x in held)
                     and d["alone"] == (held == [carico]), (done, held))
        return
    claims.check(c, f"an idea of unknown kind {kind}", False)


def replayed_ideas(cases, players):
    """(case, its line replayed, an idea) for every idea of every explained case whose line
    replays."""
    for c in explained(cases, players=players):
        r = Replay(c, c.ex.line, Claims(), "the line")
        if r.ok:
            for idea in c.ex.ideas:
                yield c, r, idea


def test_the_ideas_of_two_player_lines_hold_on_every_best_line(cases, claims):
    """Each idea says what the brute force finds: its cards and tricks, its costs and gains,
    and what it says of other cards ("though X would take it", "whatever is led") true
    whatever best continuation follows them."""
    seen: Counter = Counter()
    for c, r, idea in replayed_ideas(cases, players=2):
        if idea.kind == "count_61":
            continue
        seen[idea.kind] += 1
        k = IdeaCheck(c, r, idea)
        if idea.kind in ("lose_for_trump", "win_for_top"):
            draw_ideas(k, claims)
        elif idea.kind == "save_trump":
            save_trump(k, claims)
        elif idea.kind == "liscio_lure":
            seen["unavoidable"] += bool(idea.data["unavoidable"])
            liscio_lure(k, claims)
        else:
            no_trump_ideas(k, claims)
    claims.verify(sum(seen.values()))


def test_the_team_ideas_hold_on_every_best_line(cases, claims):
    """Four players: a card "given to the trick that the partner takes" (a player who "plays
    low because the partner, still to play, takes the trick"): the partner takes it whatever
    best cards follow; where the idea says the partner holds it "for now", the partner's card
    leads the trick when the card is played, and players are still to play."""
    seen: Counter = Counter()
    for c, r, idea in replayed_ideas(cases, players=4):
        seen[idea.kind] += 1
        s, n, card = idea.player, idea.trick, cs(idea.data["card"])
        plies = plies_of(c.ex.line[n - 1])
        j = next(i for i, x in enumerate(plies) if x.player == s)
        before, partner = r.before[4 * (n - 1) + j], (s + 2) % 4
        tag = f"{idea.kind} at trick {n}: {card} by player {s + 1}"
        if not claims.check(c, tag, cs(plies[j].card) == card and before is not None):
            continue
        st, score = before
        vals = c.values(st, score)
        held = [p.player for p in plies[:j]]
        if idea.kind == "load_partner":
            claims.check(c, f"{tag}: a carico, a cheaper card legal", points(card) > 0
                         and any(points(x) < points(card) for x in vals), show(vals))
        else:
            claims.check(c, f"{tag}: played low, the partner still to play",
                         points(card) == 0 and partner not in held and vals[card]
                         == max(vals.values()) > min(vals.values()), show(vals))
        if idea.data.get("for_now"):
            table = st[1]
            claims.check(c, f"{tag}: the partner holds the trick for now", j < 3 and
                         partner in held and winning_card(table, c.deal.trump)
                         == table[held.index(partner)], table)
            continue
        winners = {ln[0].winner for ln in c.rules.lines_after(st, card, c.objective, score,
                                                              tricks=1)}
        claims.check(c, f"{tag}: the partner takes the trick whatever is played",
                     winners == {partner}, winners)
    claims.verify(sum(seen.values()))
