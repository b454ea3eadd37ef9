"""Explanations of four-player Briscola scoperta endgames (talon empty: the last three
tricks, every hand open): the outcome for the two teams, the best line trick by trick with
a reason per card, what every other card costs and the reply that punishes it, and the
team ideas the line shows (loading the partner's trick with points; letting the partner's
trump take the trick). Built from analyses only, like solver/explain.py for two players."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from solver.analysis import Analysis, analyse
from solver.cards import POINTS, card_name, card_str
from solver.explain import agree, check_explainable, explain, render_text
from solver.position.general import GamePosition
from solver.position.scoperta import PositionError
from solver.rules import trick_winner


@dataclass(frozen=True)
class Card4:
    seat: int
    card: int
    analysis: Analysis | None   # None for cards already on the table
    reason: str                 # forced | any | best | table


@dataclass(frozen=True)
class Trick4:
    number: int
    cards: tuple[Card4, ...]
    winner: int
    points: int


@dataclass(frozen=True)
class Alt4:
    card: int
    cost: Fraction
    reply: tuple[int, int] | None   # (seat, card) of the next player's best answer
    line: tuple[Trick4, ...]


@dataclass(frozen=True)
class Idea4:
    kind: str     # load_partner | partner_takes
    seat: int
    trick: int
    card: int


@dataclass(frozen=True)
class Explanation4:
    position: GamePosition
    objective: str
    analysis: Analysis
    line: tuple[Trick4, ...]
    alternatives: tuple[Alt4, ...]
    ideas: tuple[Idea4, ...]
    points_won: tuple[int, int]   # per team (seats 1+3, 2+4), from the line
    tricks_won: tuple[int, int]

    @property
    def team(self) -> int:
        return self.position.turn % 2

    def to_json(self) -> dict:
        a = self.analysis

        def frac(x):
            return str(x) if x.denominator != 1 else str(x.numerator)

        def trick(t: Trick4) -> dict:
            return {"number": t.number, "winner": t.winner + 1, "points": t.points,
                    "cards": [{"player": c.seat + 1, "card": card_str(c.card), "reason": c.reason}
                              for c in t.cards]}
        return {
            "position": self.position.to_text(), "to_move": self.position.turn + 1,
            "team": "1+3" if self.team == 0 else "2+4", "objective": self.objective,
            "phase": "endgame", "exact": a.exact, "value": a.value,
            "value_exact": frac(a.value_exact), "best": sorted(card_str(c) for c in a.best),
            "points_won": {"1+3": self.points_won[0], "2+4": self.points_won[1]},
            "tricks_won": {"1+3": self.tricks_won[0], "2+4": self.tricks_won[1]},
            "line": [trick(t) for t in self.line],
            "alternatives": [{"card": card_str(x.card), "cost": frac(x.cost),
                              "reply": None if x.reply is None else
                              {"player": x.reply[0] + 1, "card": card_str(x.reply[1])},
                              "line": [trick(t) for t in x.line]} for x in self.alternatives],
            "ideas": [{"kind": i.kind, "player": i.seat + 1, "trick": i.trick,
                       "card": card_str(i.card)} for i in self.ideas],
        }


def explainable(pos) -> bool:
    return isinstance(pos, GamePosition) and pos.variant == "scoperta4"


def explain4(pos: GamePosition, objective: str = "points") -> Explanation4:
    if pos.talon_size:
        raise PositionError(f"explain handles four-player endgames only (talon empty, the last "
                            f"three tricks), but the talon holds {pos.talon_size} cards")
    root = analyse(pos, objective)
    line = _line(pos, objective, root, _table_cards(pos))
    pw, tw = [0, 0], [0, 0]
    for t in line:
        pw[t.winner % 2] += t.points
        tw[t.winner % 2] += 1
    alts = []
    for m in root.moves:
        if m.value_exact == root.value_exact:
            continue
        first = Card4(pos.turn, m.card, None, "alt")
        rest = _line(pos.play(m.card), objective, None, _table_cards(pos) + [first])
        reply = next(((c.seat, c.card) for t in rest for c in t.cards
                      if c.analysis is not None), None)
        alts.append(Alt4(m.card, root.value_exact - m.value_exact, reply, tuple(rest)))
    return Explanation4(pos, objective, root, tuple(line), tuple(alts), tuple(_ideas(line)),
                        (pw[0], pw[1]), (tw[0], tw[1]))


def _table_cards(pos: GamePosition) -> list[Card4]:
    return [Card4((pos.leader + i) % 4, c, None, "table") for i, c in enumerate(pos.table)]


def _close(cur: list[Card4], trump: int, tricks: list[Trick4]) -> None:
    cards = [x.card for x in cur]
    w = (cur[0].seat + trick_winner(cards, trump)) % 4
    tricks.append(Trick4(len(tricks) + 1, tuple(cur), w, sum(int(POINTS[x]) for x in cards)))


def _line(pos: GamePosition, objective: str, root: Analysis | None,
          current: list[Card4]) -> list[Trick4]:
    """The best line from ``pos`` to the end, grouped in tricks; ``current`` holds the cards
    of the trick in progress, in play order (a full trick is closed first)."""
    cur = list(current)
    tricks: list[Trick4] = []
    if len(cur) == 4:
        _close(cur, pos.trump_suit, tricks)
        cur = []
    p, a = pos, root
    while not p.is_over:
        a = a or analyse(p, objective)
        c = sorted(a.best)[0]
        if len(a.moves) == 1:
            why = "forced"
        elif all(m.value_exact == a.value_exact for m in a.moves):
            why = "any"
        else:
            why = "best"
        cur.append(Card4(p.turn, c, a, why))
        p, a = p.play(c), None
        if len(cur) == 4:
            _close(cur, pos.trump_suit, tricks)
            cur = []
    return tricks


def _ideas(line: list[Trick4]) -> list[Idea4]:
    """Team ideas shown by the line, each only where the card was a real choice."""
    out = []
    for t in line:
        for i, c in enumerate(t.cards):
            if c.reason != "best" or c.analysis is None:
                continue
            partner = (c.seat + 2) % 4
            if t.winner == partner and POINTS[c.card] > 0:
                cheaper = [m for m in c.analysis.moves if POINTS[m.card] < POINTS[c.card]]
                if cheaper:
                    out.append(Idea4("load_partner", c.seat, t.number, c.card))
            if t.winner == partner and i < 3 and any(
                    x.seat == partner for x in t.cards[i + 1:]):
                could_take = [m for m in c.analysis.moves if m.value_exact < c.analysis.value_exact]
                if could_take and POINTS[c.card] == 0:
                    out.append(Idea4("partner_takes", c.seat, t.number, c.card))
    return out


# ----- words ---------------------------------------------------------------------------
WORDS = {
    "en": {
        "to_move": "Player {n} to move (team {team}). Endgame: the talon is empty, {k} tricks to play.",
        "outcome": "With best play your team takes {t0} tricks and {p0} points, the other team "
                   "{t1} tricks and {p1} points: {v} for your team.",
        "best1": "Best card: {card}.", "bestn": "Best cards (equally good): {cards}.",
        "line": "The best line, trick by trick:",
        "trick": "  Trick {n}: {cards}; player {w} takes {p} points.",
        "play": "player {s} {card}{why}",
        "why.forced": " (forced)", "why.any": " (any card does as well)", "why.best": "",
        "why.table": " (on the table)", "why.alt": "",
        "others": "The other cards:",
        "alt": "  {card} costs {cost} points: player {rs} answers {reply}; then {line}.",
        "ideas": "The ideas at work:",
        "idea.load_partner": "  Load the partner's trick: player {s} gives the {card} to the trick "
                             "that the partner takes (trick {t}).",
        "idea.partner_takes": "  Leave it to the partner: player {s} plays low ({card}) at trick {t} "
                              "because the partner, still to play, takes the trick.",
    },
    "it": {
        "to_move": "Gioca il giocatore {n} (squadra {team}). Finale: il tallone è finito, restano {k} prese.",
        "outcome": "Con il gioco migliore la tua squadra fa {t0} prese e {p0} punti, l'altra "
                   "{t1} prese e {p1} punti: {v} per la tua squadra.",
        "best1": "Carta migliore: {card}.", "bestn": "Carte migliori (equivalenti): {cards}.",
        "line": "La linea migliore, presa per presa:",
        "trick": "  Presa {n}: {cards}; prende il giocatore {w}, {p} punti.",
        "play": "giocatore {s} {card}{why}",
        "why.forced": " (obbligata)", "why.any": " (ogni carta va bene)", "why.best": "",
        "why.table": " (in tavola)", "why.alt": "",
        "others": "Le altre carte:",
        "alt": "  {card} costa {cost} punti: il giocatore {rs} risponde {reply}; poi {line}.",
        "ideas": "Le idee in gioco:",
        "idea.load_partner": "  Caricare la presa del compagno: il giocatore {s} dà {card} alla presa "
                             "che prende il compagno (presa {t}).",
        "idea.partner_takes": "  Lasciar fare al compagno: il giocatore {s} liscia ({card}) alla presa {t} "
                              "perché il compagno, che deve ancora giocare, prende.",
    },
}


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}"


def render4(ex: Explanation4, lang: str = "en") -> str:
    W = WORDS[lang]
    pos = ex.position
    team = ex.team

    def name(c: int) -> str:
        return card_name(c, lang)

    def trick_text(t: Trick4) -> str:
        cards = ", ".join(W["play"].format(s=c.seat + 1, card=name(c.card), why=W["why." + c.reason])
                          for c in t.cards)
        return W["trick"].format(n=t.number, cards=cards, w=t.winner + 1, p=t.points)

    out = [W["to_move"].format(n=pos.turn + 1, team="1+3" if team == 0 else "2+4", k=len(ex.line))]
    v = ex.analysis.value_exact
    if ex.objective == "points":
        out.append(W["outcome"].format(t0=ex.tricks_won[team], p0=ex.points_won[team],
                                       t1=ex.tricks_won[1 - team], p1=ex.points_won[1 - team],
                                       v=("+" if v > 0 else "") + _num(v)))
    best = sorted(ex.analysis.best, key=card_str)
    out.append(W["best1"].format(card=name(best[0])) if len(best) == 1 else
               W["bestn"].format(cards=", ".join(name(c) for c in best)))
    out += ["", W["line"]] + [trick_text(t) for t in ex.line]
    if ex.alternatives:
        out += ["", W["others"]]
        for x in ex.alternatives:
            line = "; ".join(trick_text(t).strip() for t in x.line)
            rs, rc = x.reply if x.reply else (0, None)
            out.append(W["alt"].format(card=name(x.card), cost=_num(x.cost), rs=rs + 1,
                                       reply=name(rc) if rc is not None else "-", line=line))
    if ex.ideas:
        out += ["", W["ideas"]]
        for i in ex.ideas:
            out.append(W["idea." + i.kind].format(s=i.seat + 1, card=name(i.card), t=i.trick))
    return agree("\n".join(out), lang)


def explain_any(pos, objective: str = "points", time_limit: float | None = None):
    """The explanation of any explainable position and the function that renders it: the
    team view of a four-player endgame, else the two-player one (which refuses, in one
    line, what it cannot explain)."""
    if explainable(pos):
        return explain4(pos, objective), render4
    return explain(check_explainable(pos), objective, time_limit), render_text
