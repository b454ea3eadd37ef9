"""Explanations in words and as JSON: one template table per language (solver.i18n),
filled from the explanation's data seen from the player it speaks to (two players: the seat
of a seat's view, else the player to move; the templates ending ".opp" say the mover's
cards to the other seat) or the team to move (four players). Nothing here analyses."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from solver.cards import SUITS, card_name, card_str
from solver.i18n import (
    INTERVAL_TEXT,
    MESSAGES,
    TEAM_WORDS,
    VERBS,
    agree,
    card_phrase,
    check_lang,
    command_text,
    fmt_fraction,
    note_text,
    num,
    pct,
    suit_name,
)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


class _Words:
    """The template table of one language, seen from ``you`` (the seat spoken to as "you");
    ``mover``: the player to move (default: ``you``)."""

    def __init__(self, lang: str, objective: str, you: int, mover: int | None = None):
        self.lang, self.m, self.objective, self.you = (
            check_lang(lang),
            MESSAGES[lang],
            objective,
            you,
        )
        self.mover = you if mover is None else mover

    def side(self, key: str) -> str:
        """``key``, or its ".opp" form where the mover's cards are said to the other seat."""
        return key if self.mover == self.you else key + ".opp"

    def t(self, key: str, roles: tuple[int, ...] = (), **kw) -> str:
        """Fill a template; ``roles`` are the players behind {a_verb}, {b_verb}, {c_verb}."""
        for prefix, p in zip("abc", roles, strict=False):  # up to three roles
            k = 0 if p == self.you else 1
            for verb, forms in VERBS[self.lang].items():
                kw[f"{prefix}_{verb}"] = forms[k]
        return agree(self.m[key].format(**kw), self.lang)

    def card(self, c: int) -> str:
        return card_phrase(c, self.lang)

    def after_colon(self, s: str) -> str:
        """``s`` opening a clause after a colon: capitalised in English ("Trick 1: The
        opponent leads"), as every English idea is; in Italian a lower case follows a colon
        ("Presa 1: l'avversario gioca", "Perché: tu lisci"), a card keeping its capital."""
        return s if self.lang == "it" else _cap(s)

    def suit(self, s: int) -> str:
        return suit_name(s, self.lang)

    def who(self, p: int) -> str:
        return self.m["you"] if p == self.you else self.m["opp"]

    def amount(self, v: Fraction) -> str:
        if self.objective == "win":
            return pct(float(v) * 100, ".0f", self.lang)
        if v == 1:
            return self.m["pt1"]
        return self.t("pts", v=fmt_fraction(v))

    def cost(self, v: Fraction, p: int | None = None) -> str:
        """A loss to player ``p`` (default: the mover): points, or percentage points of
        their chance to win the deal."""
        if self.objective == "win":
            key = "prob_cost" if (self.mover if p is None else p) == self.you else "prob_cost.opp"
            return self.t(key, v=num(float(v) * 100, ".0f", self.lang))
        return self.amount(v)

    def signed(self, v: Fraction) -> str:
        if self.objective == "win":
            return self.amount(v)
        return ("+" if v > 0 else "") + fmt_fraction(v)

    def signed_decimal(self, v: Fraction) -> str:
        """A value that may be any fraction (before the endgame): the decimal reads, the
        fraction proves."""
        if self.objective == "win" or Fraction(v).denominator == 1:
            return self.signed(v)
        return self.t("value_frac", d=num(float(v), "+.2f", self.lang), f=self.signed(v))

    def tricks_at(self, numbers) -> str:
        numbers = list(numbers)
        return self.t(
            "at.one" if len(numbers) == 1 else "at.many", t=", ".join(str(x) for x in numbers)
        )

    def either(self, cards) -> str:
        """Cards as alternatives: 'A', 'A or B', 'A, B or C'."""
        names = [self.card(c) for c in cards]
        if len(names) < 2:
            return "".join(names)
        return f"{', '.join(names[:-1])} {self.m['or']} {names[-1]}"


def render_text(ex, lang: str = "en") -> str:
    """The explanation in sentences, from the template table of ``lang``."""
    w = _Words(lang, ex.objective, ex.you, ex.mover)
    pos = ex.position
    out: list[str] = [w.t("to_move", n=ex.mover + 1, who=w.who(ex.mover))]
    if ex.phase == "before_endgame" or not ex.line:
        out += _render_before(ex, w)
        return "\n".join(out)
    if ex.phase == "endgame":
        out.append(w.t("phase.endgame", n=len(ex.line)))
        if "variant" in ex.facts:
            out.append(w.t("rules." + ex.facts["variant"]))
    else:  # the top card: the line's first draw (a classic position does not name it)
        draws = ex.line[0].draws
        top = draws[0] if draws else pos.top
        out.append(w.t("phase.last_draw", top=w.card(top), brisc=w.card(pos.briscola)))
    me, op = ex.you, 1 - ex.you
    value = ex.value
    if me != ex.mover and value is not None:  # the other seat's side of the mover's value
        value = -value if ex.objective == "points" else 1 - value  # 60-60 counts 1/2 to both
    if ex.objective == "points":
        out.append(
            w.t(
                "outcome.points",
                t0=ex.tricks_won[me],
                p0=ex.points_won[me],
                t1=ex.tricks_won[op],
                p1=ex.points_won[op],
                v=w.signed(value),
            )
        )
    else:
        out.append(w.t("outcome.win", v=w.amount(value)))
    if ex.final_score is not None:
        win = ex.winner
        res = w.t("res.draw") if win == -1 else w.t("res.win", n=win + 1)
        out.append(w.t("outcome.final", s0=ex.final_score[0], s1=ex.final_score[1], res=res))
    best = sorted(ex.best, key=card_str)
    if len(best) == 1:
        out.append(w.t(w.side("best.one"), card=w.card(best[0])))
    else:
        out.append(w.t(w.side("best.many"), cards=", ".join(w.card(c) for c in best)))
    out += ["", w.t("line")]
    for t in ex.line:
        out.append("  " + _render_trick(t, w))
        why = _render_reasons(t, w)
        if why:
            out.append("    " + w.m["why.intro"] + why)
    if ex.alternatives:
        out += ["", w.t(w.side("alts"))]
        out += ["  " + _render_alt(a, w) for a in ex.alternatives]
    if ex.ideas:
        out += ["", w.t("ideas")]
        out += ["  " + _render_idea(i, w) for i in ex.ideas]
    if pos.score is not None:
        out.append("")
        out += _render_counts(ex, w)
    return "\n".join(out)


def _render_trick(t, w: _Words) -> str:
    f = t.follow.player
    txt = w.t(
        "trick",
        roles=(t.leader, f, t.winner),
        n=t.number,
        leader=w.after_colon(w.who(t.leader)),
        lead=w.card(t.lead.card),
        follower=w.who(f),
        follow=w.card(t.follow.card),
        winner=w.who(t.winner),
        pts=t.points,
    )
    if t.draws is not None:
        loser = 1 - t.winner
        txt += w.t(
            "trick.draw",
            roles=(t.winner, loser),
            winner=_cap(w.who(t.winner)),
            loser=w.who(loser),
            top=w.card(t.draws[0]),
            brisc=w.card(t.draws[1]),
        )
    return txt


def _render_reasons(t, w: _Words) -> str:
    parts = []
    for r in t.reasons:
        k, p = r["kind"], r["player"]
        if k == "on_table":
            continue
        extra = {}
        if "suit" in r:
            extra["suit"] = w.suit(r["suit"])
        if "instead" in r:
            extra["instead"] = w.card(r["instead"])
        s = w.t(
            "why." + k + (".shared" if r.get("shared") else ""),
            roles=(p,),
            who=w.who(p),
            card=w.card(r["card"]),
            whose=w.m["whose.you" if p == w.you else "whose.opp"],
            **extra,
        )
        if "cost" in r:
            s += w.t("why.cost", alt=w.card(r["next_best"]), cost=w.cost(r["cost"], p))
        parts.append(s)
    return w.after_colon("; ".join(parts)) + "." if parts else ""


def _line_words(line, w: _Words) -> str:
    return ", ".join(
        w.t(
            "alt.trick",
            lead=card_str(t.lead.card),
            follow=card_str(t.follow.card),
            winner=w.m["to_you" if t.winner == w.you else "to_opp"],
            pts=t.points,
        )
        for t in line
    )


def _render_alt(a, w: _Words) -> str:
    card = _cap(w.card(a.card))
    if a.cost == 0:
        return w.t("alt.same", card=card)
    if a.reply is None:
        return w.t("alt.noreply", card=card, cost=w.cost(a.cost), line=_line_words(a.line, w))
    key = "alt" if a.role == "answer" else "alt." + a.role
    return w.t(
        w.side(key),
        card=card,
        cost=w.cost(a.cost),
        reply=w.card(a.reply),
        lead=None if a.lead is None else w.card(a.lead),
        line=_line_words(a.line, w),
    )


def _render_idea(i, w: _Words) -> str:
    d = i.data
    p, q = i.player, 1 - i.player
    who, other = w.after_colon(w.who(p)), w.who(q)
    c = {k: w.card(v) for k, v in d.items() if k in _CARD_KEYS}
    if i.kind in ("lose_for_trump", "win_for_top"):
        return w.t(
            "idea." + i.kind,
            roles=(p,),
            who=who,
            gain=w.cost(d["gain"], p),
            cost=w.cost(d["instead_cost"], p),
            **c,
        )
    if i.kind == "save_trump":
        return w.t(
            "idea.save_trump",
            roles=(p,),
            who=who,
            saved_at=d["saved_at"],
            cost=w.cost(d["cost"], p),
            n=i.trick,
            **c,
        )
    if i.kind == "liscio_lure":
        txt = w.t("idea.liscio_lure", roles=(p, q), who=who, other=other, **c)
        if d.get("unavoidable"):
            trump_of = w.m["your"] if q == w.you else w.m["opps"]
            if w.lang == "en":
                trump_of += " trump"
            elif q == w.you:
                trump_of += " briscola"
            txt += w.t("idea.liscio_lure.unavoidable", trump_of=trump_of)
        return txt
    if i.kind in ("liscio", "forced_carico", "run_long_suit"):
        who = w.who(p)  # not after the colon
    if i.kind == "run_long_suit":
        other = w.after_colon(other)
    if i.kind == "liscio":
        return w.t("idea.liscio", roles=(p,), who=who, cost=w.cost(d["cost"], p), n=i.trick, **c)
    if i.kind == "forced_carico":
        key = "idea.forced_carico" + (".alone" if d.get("alone") else "")
        return w.t(key, roles=(p, q), who=who, other=other, n=i.trick, suit=w.suit(d["suit"]), **c)
    if i.kind == "strip_suit":
        return w.t(
            "idea.strip_suit." + d["then"],
            roles=(p, q),
            who=who,
            other=other,
            suit=w.suit(d["suit"]),
            at=w.tricks_at(d["stripped"]),
            payoff=d["payoff"],
        )
    if i.kind == "run_long_suit":
        return w.t(
            "idea.run_long_suit",
            roles=(p, q),
            who=who,
            other=other,
            suit=w.suit(d["suit"]),
            cards=", ".join(w.card(x) for x in d["cards"]),
            tricks=", ".join(str(x) for x in d["tricks"]),
            pts=d["points"],
        )
    if i.kind == "count_61":
        key = "idea.count_61" + ("" if "trumps_out" in d else ".nt")
        if d["win"] == Fraction(1, 2):  # from the last draw on: a sure 60-60, not a deal kept
            key += ".draw"
        amt = _Words(w.lang, "win", w.you).amount
        return w.t(
            w.side(key),
            needed=d["needed"],
            in_play=d["in_play"],
            trumps=d.get("trumps_out"),
            win=amt(d["win"]),
            keep=w.either(d["keep"]),
            lose=w.either(d["lose"]),
        )
    return i.kind


def _render_counts(ex, w: _Words) -> list[str]:
    f = ex.facts
    out = []
    if "trumps_out" in f:
        tr = f["trumps_out"]
        out.append(
            w.t("facts.trumps", cards=", ".join(card_str(c) for c in tr) or w.m["none"], n=len(tr))
        )
    out.append(w.t("facts.points", n=f["points_in_play"]))
    if "needed" in f:
        out.append(w.t("facts.needed", a=f["needed"][0], b=f["needed"][1]))
    return out


def _render_before(ex, w: _Words) -> list[str]:
    a, f = ex.analysis, ex.facts
    out = []
    if ex.phase == "before_endgame":
        out.append(w.t("phase.before", n=f["talon"], k=f["tricks_to_last_draw"]))
    kind = w.m[
        "kind.exact" if a.exact else "kind.interrupted" if a.interrupted else "kind.estimate"
    ]
    out.append(w.t(w.side("values" if ex.objective == "points" else "values.win"), kind=kind))
    for m in a.moves:
        if m.value_exact is not None:  # exact, or solved before an exact search stopped
            vs = (
                w.signed_decimal(m.value_exact)
                if ex.objective == "points"
                else w.amount(m.value_exact)
            )
        elif ex.objective == "points":
            vs = num(m.value, "+.2f", w.lang)
            if m.error is not None:
                vs = w.t("value_pm", v=vs, e=num(m.error, ".2f", w.lang))
        else:  # a chance and its ± both in percentage points
            vs = pct(m.value * 100, ".1f", w.lang)
            if m.error is not None:
                tenth = 2 if 0 < m.error * 100 < 0.05 else 1  # a ± of 0.03 % is not 0.0 %
                vs = w.t("value_pm", v=vs, e=pct(m.error * 100, f".{tenth}f", w.lang))
        out.append(w.t("value.row", card=card_str(m.card), v=vs))
    if not a.exact:  # the notes say what the ± covers, where its sentence sends the reader
        out.append("  " + INTERVAL_TEXT[w.lang][a.interval] + ".")
        out += [
            "  " + command_text(w.lang, "analyse.note", note=note_text(n, w.lang)) for n in a.notes
        ]
    out.append(
        w.t("facts.unseen", cards=", ".join(card_str(c) for c in f["unseen"]) or w.m["none"])
    )
    out += _render_counts(ex, w)
    return out


# ----- JSON ---------------------------------------------------------------------------
def _jv(x):
    if isinstance(x, Fraction):
        return fmt_fraction(x)
    if isinstance(x, bool):
        return x
    return x


def _jtrick(t) -> dict:
    d = {
        "trick": t.number,
        "leader": t.leader + 1,
        "cards": [card_str(c) for c in t.cards],
        "winner": t.winner + 1,
        "points": t.points,
    }
    if t.draws is not None:
        d["draws"] = {
            str(t.winner + 1): card_str(t.draws[0]),
            str(2 - t.winner): card_str(t.draws[1]),
        }
    if t.reasons:
        d["why"] = [_jreason(r) for r in t.reasons]
    return d


def _jreason(r: dict) -> dict:
    out = {}
    for k, v in r.items():
        if k == "player":
            out[k] = v + 1
        elif k in ("card", "next_best", "instead"):
            out[k] = card_str(v)
        elif k == "suit":
            out[k] = SUITS[v]
        else:
            out[k] = _jv(v)
    return out


_CARD_KEYS = {"card", "instead", "draws", "leaves", "trump", "carico"}


def _jidea(i) -> dict:
    d = {"kind": i.kind, "player": i.player + 1, "trick": i.trick}
    for k, v in i.data.items():
        d[k] = (
            card_str(v)
            if k in _CARD_KEYS
            else [card_str(x) for x in v]
            if k in ("keep", "lose", "cards")
            else SUITS[v]
            if k == "suit"
            else _jv(v)
        )
    return d


def to_json(ex) -> dict:
    """The explanation of a two-player position as JSON data."""
    a = ex.analysis
    out = {
        "position": ex.position.to_text(),
        "to_move": ex.mover + 1,
        "objective": ex.objective,
        "phase": ex.phase,
        "exact": a.exact,
        "value": a.value,
        "value_exact": fmt_fraction(a.value_exact) if a.exact else None,
        "best": sorted(card_str(c) for c in a.best),
        # as analyse --json: what the ± covers, the method, the notes its words may cite
        **(
            {}
            if a.exact
            else {"interval": str(a.interval), "method": str(a.method), "notes": list(a.notes)}
        ),
        **({"interrupted": True} if a.interrupted else {}),
        "moves": [
            {
                "card": card_str(m.card),
                "value": m.value,
                "value_exact": None if m.value_exact is None else fmt_fraction(m.value_exact),
                **({} if m.error is None else {"error": m.error}),
            }
            for m in a.moves
        ],
        "facts": {
            k: (
                [card_str(c) for c in v]
                if k in ("unseen", "trumps_out")
                else [[card_str(c) for c in h] for h in v]
                if k == "trumps_hand"
                else v
            )
            for k, v in ex.facts.items()
        },
    }
    if ex.line:
        out["outcome"] = {"tricks": list(ex.tricks_won), "points": list(ex.points_won)}
        if ex.final_score is not None:
            out["outcome"]["final_score"] = list(ex.final_score)
            out["outcome"]["winner"] = 0 if ex.winner == -1 else ex.winner + 1
        out["line"] = [_jtrick(t) for t in ex.line]
        out["alternatives"] = [
            {
                "card": card_str(x.card),
                "value": fmt_fraction(x.value),
                "cost": fmt_fraction(x.cost),
                "reply": None if x.reply is None else card_str(x.reply),
                "reply_role": x.role,
                "line": [_jtrick(replace(t, reasons=())) for t in x.line],
            }
            for x in ex.alternatives
        ]
        out["ideas"] = [_jidea(i) for i in ex.ideas]
    return out


# ----- four players --------------------------------------------------------------------
def _num(x: Fraction, lang: str) -> str:
    return str(x.numerator) if x.denominator == 1 else num(float(x), ".2f", lang)


def render4(ex, lang: str = "en") -> str:
    """A four-player endgame explanation in sentences (the team's view): its value and
    costs in points, or (objective win) in percentage points of the team's chance to win
    the deal; with score= the final score and who wins the deal (60-60: a draw)."""
    W = TEAM_WORDS[lang]
    pos = ex.position
    team = ex.team

    def name(c: int) -> str:
        return card_name(c, lang)

    def phrase(c: int) -> str:  # inside a sentence: "the Ace of cups", "l'Asso di coppe"
        return card_phrase(c, lang)

    def cost(x: Fraction) -> str:
        """A loss to the team to move: points, or percentage points of its chance to win."""
        if ex.objective == "win":
            return W["cost.win"].format(v=num(float(x) * 100, ".0f", lang))
        return W["cost.points"].format(v=_num(x, lang))

    def trick_text(t) -> str:
        """The trick as the two-player lines say it: who leads which card, who answers with
        which, each card with its article."""
        cards = ", ".join(
            W["play" if k else "lead"].format(
                s=c.player + 1, card=phrase(c.card), why=W["why." + c.reason]
            )
            for k, c in enumerate(t.cards)
        )
        return W["trick"].format(n=t.number, cards=cards, w=t.winner + 1, p=t.points)

    out = [
        W["to_move"].format(n=pos.to_move + 1, team="1+3" if team == 0 else "2+4", k=len(ex.line))
    ]
    v = ex.analysis.value_exact
    if ex.objective == "points":
        out.append(
            W["outcome"].format(
                t0=ex.tricks_won[team],
                p0=ex.points_won[team],
                t1=ex.tricks_won[1 - team],
                p1=ex.points_won[1 - team],
                v=("+" if v > 0 else "") + _num(v, lang),
            )
        )
    else:  # the chance of the team to move, 60-60 counting one half (as analyse says it)
        out.append(W["outcome.win"].format(v=pct(float(v) * 100, ".0f", lang)))
    if ex.final_score is not None:
        res = (
            W["res.draw"]
            if ex.winner == -1
            else W["res.win"].format(team="1+3" if ex.winner == 0 else "2+4")
        )
        out.append(W["outcome.final"].format(s0=ex.final_score[0], s1=ex.final_score[1], res=res))
    best = sorted(ex.analysis.best, key=card_str)
    out.append(
        W["best1"].format(card=name(best[0]))
        if len(best) == 1
        else W["bestn"].format(cards=", ".join(name(c) for c in best))
    )
    out += ["", W["line"]] + [trick_text(t) for t in ex.line]
    if ex.alternatives:
        out += ["", W["others"]]
        for x in ex.alternatives:
            line = " ".join(trick_text(t).strip() for t in x.line)
            rs, rc = (x.replier, x.reply) if x.reply is not None else (0, None)
            key = "alt" if x.role == "answer" else "alt." + x.role
            out.append(
                W[key].format(
                    card=_cap(phrase(x.card)),
                    cost=cost(x.cost),
                    rs=rs + 1,
                    reply=phrase(rc) if rc is not None else "-",
                    lead=None if x.lead is None else phrase(x.lead),
                    line=line,
                )
            )
    if ex.ideas:
        out += ["", W["ideas"]]
        for i in ex.ideas:
            c = i.data["card"]  # given to a trick: with its article; played low: in brackets
            said = phrase(c) if i.kind == "load_partner" else name(c)
            key = "idea." + i.kind + (".now" if i.data.get("for_now") else "")
            out.append(W[key].format(s=i.player + 1, card=said, t=i.trick))
    return agree("\n".join(out), lang)


def team_json(ex) -> dict:
    """A four-player endgame explanation as JSON data."""
    a = ex.analysis

    def trick(t) -> dict:
        return {
            "number": t.number,
            "winner": t.winner + 1,
            "points": t.points,
            "cards": [
                {"player": c.player + 1, "card": card_str(c.card), "reason": c.reason}
                for c in t.cards
            ],
        }

    return {
        "position": ex.position.to_text(),
        "to_move": ex.position.to_move + 1,
        "team": "1+3" if ex.team == 0 else "2+4",
        "objective": ex.objective,
        "phase": "endgame",
        "exact": a.exact,
        "value": a.value,
        "value_exact": fmt_fraction(a.value_exact),
        "best": sorted(card_str(c) for c in a.best),
        "points_won": {"1+3": ex.points_won[0], "2+4": ex.points_won[1]},
        "tricks_won": {"1+3": ex.tricks_won[0], "2+4": ex.tricks_won[1]},
        **(
            {}
            if ex.final_score is None
            else {
                "final_score": {"1+3": ex.final_score[0], "2+4": ex.final_score[1]},
                "winner": None if ex.winner == -1 else "1+3" if ex.winner == 0 else "2+4",
            }
        ),
        "line": [trick(t) for t in ex.line],
        "alternatives": [
            {
                "card": card_str(x.card),
                "cost": fmt_fraction(x.cost),
                "reply": None
                if x.reply is None
                else {"player": x.replier + 1, "card": card_str(x.reply), "role": x.role},
                "line": [trick(t) for t in x.line],
            }
            for x in ex.alternatives
        ],
        "ideas": [
            {
                "kind": i.kind,
                "player": i.player + 1,
                "trick": i.trick,
                "card": card_str(i.data["card"]),
                **({"for_now": True} if i.data.get("for_now") else {}),
            }
            for i in ex.ideas
        ],
    }
