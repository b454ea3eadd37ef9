"""Every English and Italian string of the program, in one place: the explanations' templates
and verbs, the four-player words, the puzzle quiz and board, the review, the puzzle titles,
the text and SVG drawings' labels; and the helpers that fill them (``message``, ``agree``,
``card_phrase``, ``suit_name``). Italian cards are all masculine (il Re, l'Asso, il 4), so
pronouns standing for a card are masculine too.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from solver.cards import SUIT_NAMES_EN, SUIT_NAMES_IT, card_name
from solver.errors import ENGLISH, BriscolaError, Note, shown_text

LANGS = ("en", "it")


def check_lang(lang: str) -> str:
    """``lang`` itself when the program speaks it; else a one-line refusal."""
    if lang not in LANGS:
        raise BriscolaError.of("lang.unknown", lang=lang)
    return lang


def suit_name(suit: int, lang: str) -> str:
    return (SUIT_NAMES_IT if lang == "it" else SUIT_NAMES_EN)[suit]


def fmt_fraction(x: Fraction | None) -> str:
    if x is None:
        return "?"
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


# ----- explanations (two players) -------------------------------------------------------
_VERBS = {
    "en": {
        "lead": ("lead", "leads"),
        "answer": ("answer", "answers"),
        "take": ("take", "takes"),
        "draw": ("draw", "draws"),
        "play": ("play", "plays"),
        "lose": ("lose", "loses"),
        "have": ("have", "has"),
        "trump": ("trump", "trumps"),
        "let": ("let", "lets"),
        "throw": ("throw", "throws"),
        "hold": ("hold", "holds"),
        "can": ("can", "can"),
        "capture": ("capture", "captures"),
        "spend": ("spend", "spends"),
        "win": ("win", "wins"),
        "need": ("need", "needs"),
    },
    "it": {
        "lead": ("giochi", "gioca"),
        "answer": ("rispondi", "risponde"),
        "take": ("prendi", "prende"),
        "draw": ("peschi", "pesca"),
        "play": ("giochi", "gioca"),
        "lose": ("perdi", "perde"),
        "have": ("hai", "ha"),
        "trump": ("tagli", "taglia"),
        "let": ("lisci", "liscia"),
        "throw": ("scarti", "scarta"),
        "hold": ("conservi", "conserva"),
        "can": ("puoi", "può"),
        "capture": ("prendi", "prende"),
        "spend": ("spendi", "spende"),
        "win": ("vinci", "vince"),
        "need": ("ti servono", "gli servono"),
    },
}

# the words of the Briscolone and Libero endgames (no trump; follow suit, or not)
_NOTRUMP_VERBS_EN = {
    "must": ("must", "must"),
    "follow": ("follow", "follows"),
    "strip": ("strip", "strips"),
    "run": ("run", "runs"),
    "force": ("force", "forces"),
}
_NOTRUMP_VERBS_IT = {
    "must": ("devi", "deve"),
    "follow": ("rispondi", "risponde"),
    "strip": ("svuoti", "svuota"),
    "run": ("fai", "fa"),
    "force": ("costringi", "costringe"),
}

#: verbs as (form for "you", form for "the opponent"): templates say {a_take}, {b_draw}...
VERBS = {"en": {**_VERBS["en"], **_NOTRUMP_VERBS_EN}, "it": {**_VERBS["it"], **_NOTRUMP_VERBS_IT}}

_EXPLAIN = {
    "en": {
        "you": "you",
        "opp": "the opponent",
        "your": "your",
        "opps": "the opponent's",
        "whose.you": "yours",
        "whose.opp": "the opponent's",
        "phase.endgame": "Endgame: the talon is empty, {n} tricks to play.",
        "phase.last_draw": "The last draw: {top} is on top of the talon and {brisc}, the trump card, "
        "lies under it; whoever wins this trick takes the top card, the other "
        "the trump card, then the last three tricks are played from hand.",
        "phase.before": "The endgame has not begun: the talon still holds {n} cards "
        "(the last draw comes in {k} tricks).",
        "to_move": "Player {n} to move ({who}).",
        "outcome.points": "With best play from both sides you take {t0} tricks and {p0} points, "
        "the opponent {t1} tricks and {p1} points: {v} for you.",
        "outcome.final": "Final score {s0}-{s1}: {res}.",
        "res.win": "player {n} wins the deal",
        "res.draw": "a draw at 60-60",
        "outcome.win": "Playing to win the deal (61 or more): your chance is {v} (a 60-60 draw "
        "counts one half).",
        "best.one": "Best card: {card}.",
        "best.many": "Best cards (equally good): {cards}.",
        "best.one.opp": "The opponent's best card: {card}.",
        "best.many.opp": "The opponent's best cards (equally good): {cards}.",
        "line": "The best line, trick by trick:",
        "trick": "Trick {n}: {leader} {a_lead} {lead}, {follower} {b_answer} with {follow}; "
        "{winner} {c_take} {pts} points.",
        "trick.draw": " {winner} {a_draw} {top}, {loser} {b_draw} {brisc}, the trump card.",
        "why.intro": "Why: ",
        "why.forced": "{who} {a_have} no choice",
        "why.indifferent": "any card of {whose} does as well",
        "why.on_table": "{card} was already on the table",
        "why.safe_lead": "{card} cannot be taken",
        "why.lead": "{card} is the lead that works",
        "why.lead.shared": "{card} is one of the leads that work",
        "why.take_trump": "{who} {a_trump} it with {card}",
        "why.take": "{who} {a_take} it with {card}",
        "why.duck": "{who} {a_let} it go with {card}, on purpose",
        "why.duck.shared": "{who} {a_let} it go with {card} (taking it does as well)",
        "why.cannot_take": "{who} cannot take it and {a_throw} {card}",
        "why.cost": " (anything else, e.g. {alt}, costs {cost})",
        "alts": "The other cards, and how the opponent punishes them:",
        "alt": "{card} costs {cost}: the opponent answers with {reply}; the whole line, trick by "
        "trick: {line}.",
        "alts.opp": "The opponent's other cards, and how you punish them:",
        "alt.opp": "{card} costs {cost}: you answer with {reply}; the whole line, trick by trick: "
        "{line}.",
        "alt.noreply": "{card} costs {cost}; the whole line, trick by trick: {line}.",
        "alt.same": "{card} is just as good.",
        "alt.trick": "{lead}-{follow} to {winner} (+{pts})",
        "to_you": "you",
        "to_opp": "the opponent",
        "ideas": "The idea at work:",
        "idea.lose_for_trump": "Give up the trick on purpose: {who} {a_play} {card} and {a_lose} "
        "the trick (though {instead} would take it) so as to draw {draws}, "
        "the trump card, at the last draw and leave {leaves} to the other side. Drawing "
        "{draws} rather than {leaves} is worth {gain} on its own; {instead}, which takes the "
        "trick and with it {leaves}, costs {cost} in all.",
        "idea.win_for_top": "Take the trick for the better top card: {who} {a_play} {card}, "
        "{a_win} the last draw and {a_take} {draws}, leaving {leaves}, the "
        "trump card, to the other side. Drawing {draws} rather than {leaves} is worth {gain} "
        "on its own; {instead}, which loses the trick and with it {draws}, costs "
        "{cost} in all.",
        "idea.save_trump": "Keep the trump for the carico: {who} {a_hold} {trump} back (spending it "
        "at trick {saved_at} would cost {cost}) and {a_capture} {carico} with it "
        "at trick {n}.",
        "idea.liscio_lure": "A liscio to draw the trump: {who} {a_lead} {card}, a card worth "
        "nothing, and {other} {b_spend} a trump on it, {trump}.",
        "idea.liscio_lure.unavoidable": " Whatever is led, {trump_of} takes one trick: give it "
        "nothing.",
        "idea.count_61": "Count to 61: you need {needed} more points, {in_play} are still in play "
        "and {trumps} trumps are still out. With {keep} you keep the deal (chance "
        "{win}); {lose} would throw it away.",
        "idea.count_61.opp": "Count to 61: the opponent needs {needed} more points, {in_play} are "
        "still in play and {trumps} trumps are still out. With {keep} the opponent "
        "keeps the deal (chance {win}); {lose} would throw it away.",
        "idea.count_61.draw": "Count to 61: you need {needed} more points, {in_play} are still in "
        "play and {trumps} trumps are still out. Against best play you cannot win "
        "the deal: with {keep} you still draw it at 60-60; {lose} would lose it.",
        "idea.count_61.draw.opp": "Count to 61: the opponent needs {needed} more points, {in_play} "
        "are still in play and {trumps} trumps are still out. Against best play "
        "the opponent cannot win the deal: with {keep} the opponent still draws "
        "it at 60-60; {lose} would lose it.",
        "facts.trumps": "Trumps still out: {cards} ({n}).",
        "facts.points": "Points still in play: {n}.",
        "facts.needed": "To reach 61: player 1 needs {a}, player 2 needs {b}.",
        "facts.unseen": "Unseen cards: {cards}.",
        "values": "Value of each card ({kind}, points still to win, you minus the opponent):",
        "values.win": "Value of each card ({kind}, chance to win the deal, a 60-60 draw "
        "counting one half):",
        "values.opp": "Value of each of the opponent's cards ({kind}, points still to win, the "
        "opponent minus you):",
        "values.win.opp": "Value of each of the opponent's cards ({kind}, the opponent's chance "
        "to win the deal, a 60-60 draw counting one half):",
        "value.row": "  {card}: {v}",
        "kind.exact": "exact",
        "kind.estimate": "estimate",
        "kind.interrupted": "estimate, interrupted",
        "pts": "{v} points",
        "pt1": "1 point",
        "none": "none",
        "prob_cost": "{v} percentage points of your chance",
        "prob_cost.opp": "{v} percentage points of the opponent's chance",
        "value_pm": "{v} ± {e}",
        "value_frac": "{d} (exactly {f})",
        "at.one": "at trick {t}",
        "at.many": "at tricks {t}",
        "or": "or",
    },
    "it": {
        "you": "tu",
        "opp": "l'avversario",
        "your": "la tua",
        "opps": "la briscola dell'avversario",
        "whose.you": "per te",
        "whose.opp": "per l'avversario",
        "phase.endgame": "Finale: il tallone è vuoto, restano {n} prese da giocare.",
        "phase.last_draw": "L'ultima pescata: in cima al tallone c'è {top} e sotto la briscola, "
        "{brisc}; chi vince questa presa pesca la carta scoperta, l'altro la "
        "briscola, poi si giocano le ultime tre prese.",
        "phase.before": "Il finale non è ancora cominciato: nel tallone restano {n} carte "
        "(l'ultima pescata arriva fra {k} prese).",
        "to_move": "Gioca il giocatore {n} ({who}).",
        "outcome.points": "Con il gioco migliore da entrambe le parti fai {t0} prese e {p0} punti, "
        "l'avversario {t1} prese e {p1} punti: {v} per te.",
        "outcome.final": "Punteggio finale {s0}-{s1}: {res}.",
        "res.win": "il giocatore {n} vince la smazzata",
        "res.draw": "pareggio 60 a 60",
        "outcome.win": "Giocando per vincere la smazzata (61 o più): la tua probabilità è {v} "
        "(il pareggio 60 a 60 conta metà).",
        "best.one": "Carta migliore: {card}.",
        "best.many": "Carte migliori (equivalenti): {cards}.",
        "best.one.opp": "Carta migliore dell'avversario: {card}.",
        "best.many.opp": "Carte migliori dell'avversario (equivalenti): {cards}.",
        "line": "La linea migliore, presa per presa:",
        "trick": "Presa {n}: {leader} {a_lead} {lead}, {follower} {b_answer} con {follow}; "
        "{winner} {c_take} {pts} punti.",
        "trick.draw": " {winner} {a_draw} {top}, {loser} {b_draw} {brisc}, la briscola.",
        "why.intro": "Perché: ",
        "why.forced": "{who} non {a_have} scelta",
        "why.indifferent": "ogni carta va bene {whose}",
        "why.on_table": "{card} era già in tavola",
        "why.safe_lead": "nessuno può prendere {card}",
        "why.lead": "{card} è l'attacco giusto",
        "why.lead.shared": "{card} è uno degli attacchi giusti",
        "why.take_trump": "{who} {a_trump} con {card}",
        "why.take": "{who} {a_take} con {card}",
        "why.duck": "{who} {a_let} apposta con {card}",
        "why.duck.shared": "{who} {a_let} con {card} (prendere va bene uguale)",
        "why.cannot_take": "{who} non {a_can} prendere e {a_throw} {card}",
        "why.cost": " (ogni altra carta, per esempio {alt}, costa {cost})",
        "alts": "Le altre carte, e come l'avversario le punisce:",
        "alt": "{card} costa {cost}: l'avversario risponde con {reply}; la linea intera, presa "
        "per presa: {line}.",
        "alts.opp": "Le altre carte dell'avversario, e come le punisci:",
        "alt.opp": "{card} costa {cost}: rispondi con {reply}; la linea intera, presa per presa: "
        "{line}.",
        "alt.noreply": "{card} costa {cost}; la linea intera, presa per presa: {line}.",
        "alt.same": "{card} va bene uguale.",
        "alt.trick": "{lead}-{follow} {winner} (+{pts})",
        "to_you": "a te",
        "to_opp": "all'avversario",
        "ideas": "L'idea:",
        "idea.lose_for_trump": "Lasciare la presa apposta: {who} {a_play} {card} e {a_lose} la presa "
        "(anche se {instead} la prenderebbe) per pescare la briscola, {draws}, "
        "all'ultima pescata e lasciare {leaves} all'altro. Pescare {draws} anziché "
        "{leaves} vale da solo {gain}; {instead}, con cui si fa la presa e si "
        "pesca {leaves}, costa {cost} in tutto.",
        "idea.win_for_top": "Prendere per la carta scoperta migliore: {who} {a_play} {card}, "
        "{a_win} l'ultima pescata e {a_take} {draws}, lasciando all'altro la "
        "briscola, {leaves}. Pescare {draws} anziché {leaves} vale da solo {gain}; "
        "{instead}, con cui si perdono la presa e {draws}, costa {cost} in tutto.",
        "idea.save_trump": "Tenere la briscola per il carico: {who} {a_hold} {trump} (giocarlo alla "
        "presa {saved_at} costerebbe {cost}) e con esso {a_capture} {carico} "
        "alla presa {n}.",
        "idea.liscio_lure": "Un liscio per far uscire la briscola: {who} {a_lead} {card}, che non "
        "vale nulla, e {other} ci {b_spend} una briscola, {trump}.",
        "idea.liscio_lure.unavoidable": " Qualunque carta si giochi, {trump_of} fa comunque una "
        "presa: meglio non darle punti.",
        "idea.count_61": "Contare fino a 61: ti servono ancora {needed} punti, ne restano in gioco "
        "{in_play} e {trumps} briscole sono ancora fuori. Con {keep} la "
        "smazzata resta tua (probabilità {win}); con {lose} la butti via.",
        "idea.count_61.opp": "Contare fino a 61: all'avversario servono ancora {needed} punti, ne "
        "restano in gioco {in_play} e {trumps} briscole sono ancora fuori. Con "
        "{keep} la smazzata resta all'avversario (probabilità {win}); con {lose} "
        "la butterebbe via.",
        "idea.count_61.draw": "Contare fino a 61: ti servono ancora {needed} punti, ne restano in "
        "gioco {in_play} e {trumps} briscole sono ancora fuori. Con il gioco "
        "migliore non puoi più vincere la smazzata: con {keep} pareggi 60 a 60; "
        "con {lose} la perdi.",
        "idea.count_61.draw.opp": "Contare fino a 61: all'avversario servono ancora {needed} punti, "
        "ne restano in gioco {in_play} e {trumps} briscole sono ancora fuori. Con "
        "il gioco migliore l'avversario non può più vincere la smazzata: con "
        "{keep} pareggia 60 a 60; con {lose} la perderebbe.",
        "facts.trumps": "Briscole ancora fuori: {cards} ({n}).",
        "facts.points": "Punti ancora in gioco: {n}.",
        "facts.needed": "Per arrivare a 61: al giocatore 1 servono {a} punti, al giocatore 2 {b}.",
        "facts.unseen": "Carte non viste: {cards}.",
        "values": "Valore di ogni carta ({kind}, punti ancora da fare, i tuoi meno quelli dell'avversario):",
        "values.win": "Valore di ogni carta ({kind}, probabilità di vincere la smazzata, il "
        "pareggio 60 a 60 conta metà):",
        "values.opp": "Valore di ogni carta dell'avversario ({kind}, punti ancora da fare, i "
        "suoi meno i tuoi):",
        "values.win.opp": "Valore di ogni carta dell'avversario ({kind}, probabilità "
        "dell'avversario di vincere la smazzata, il pareggio 60 a 60 conta metà):",
        "value.row": "  {card}: {v}",
        "kind.exact": "esatto",
        "kind.estimate": "stima",
        "kind.interrupted": "stima, interrotta",
        "pts": "{v} punti",
        "pt1": "1 punto",
        "none": "nessuna",
        "prob_cost": "{v} punti percentuali della tua probabilità",
        "prob_cost.opp": "{v} punti percentuali della probabilità dell'avversario",
        "value_pm": "{v} ± {e}",
        "value_frac": "{d} (esattamente {f})",
        "at.one": "alla presa {t}",
        "at.many": "alle prese {t}",
        "or": "o",
    },
}

# the quiz and the board drawing of ``briscola puzzles play``
_BOARD_EN = {
    "play.header": "Puzzle {i}/{n} [{difficulty}] {title}",
    "diff.easy": "easy",
    "diff.medium": "medium",
    "diff.hard": "hard",
    "play.ask.best": "Your card (hint, skip, help, q to quit): ",
    "play.ask.value": "The value for the player to move, e.g. 7, -3/2 or 0.5 (hint, skip, help, "
    "q to quit): ",
    "play.question.best": "Find the best card for player {n}{goal}.",
    "play.question.value": "What is this position worth to player {n}{goal}?",
    "play.goal.win": " (playing to win the deal)",
    "play.bad_card": "'{text}' is not a card you may play ({cards}); try again.",
    "play.unknown_card": "{error}; try again.",
    "play.bad_place": "Player {p}'s line has no card {k}: type 1 to {n} for a card by its place "
    "there, or the card itself (AD, 3c ...); try again.",
    "play.several": "{k} cards are equally good: any of them is right.",
    "play.means.points": "The value: the points player {n} will still take less the opponent's, "
    "with best play from both sides (the points already taken do not count).",
    "play.means.points4": "The value: the points your team will still take less the other "
    "team's, with best play (the points already taken do not count).",
    "play.means.win": "The value: player {n}'s chance to win the deal, from 0 to 1 or as a "
    "percentage, 50% (a 60-60 draw counts one half).",
    "play.means.win4": "The value: your team's chance to win the deal, from 0 to 1 or as a "
    "percentage, 50% (a 60-60 draw counts one half).",
    "play.bad_value": "'{text}' is not a number; try again.",
    "play.right": "Right!",
    "play.wrong": "Wrong: the answer is {answer}.",
    "play.unchecked": "The answer is the puzzle's stated one, unchecked: the engine's value "
    "here is an estimate, {v} ± {e} (± covers {covers}).",
    "play.estimate_best": "The answer is the puzzle's stated one: the engine's answer here is "
    "an estimate, {cards}, {v} ± {e} (± covers {covers}).",
    "play.engine_differs": "The engine's exact search finds {answer} instead: 'briscola puzzles "
    "solve' checks a puzzle file's answers against the engine.",
    "play.question.best4": "Find the best card for player {n}, in a team with player {m}{goal}.",
    "play.question.value4": "What is this position worth to your team, players {n} and {m}{goal}?",
    "play.ask.best4": "Your card (hint, skip, help, q to quit): ",
    "play.ask.value4": "The value for your team, e.g. 7, -3/2 or 0.5 (hint, skip, help, q to "
    "quit): ",
    "play.values4.points": "Each card for your team, the points still to win over the draws: "
    "{values} (the explanation walks the last three tricks: this puzzle is before the last "
    "draw).",
    "play.values4.win": "Each card, your team's chance to win the deal: {values} (the "
    "explanation walks the last three tricks: this puzzle is before the last draw).",
    "play.score": "Score: {right}/{done}.",
    "play.bye": "Final score: {right}/{done}.",
    "play.bye_hinted": "Final score: {right}/{done} ({h} right after a hint).",
    "play.percent_points": "'{text}' is a percentage: this puzzle's value is in points; try again.",
    "play.help": "Type a card (AD, 10b, its name: Ace of coins, or, for the best card, its "
    "place in its player's line: 1 for the first) or the value asked for; "
    "hint (h, ?) gives the idea without the answer; skip (show) gives up and shows the answer "
    "and its explanation, counted as not solved; q (quit) ends with the score so far.",
    "play.hint.theme": "Hint: the idea here is '{theme}'.",
    "play.hint.best": "Hint: the best card is {cards}; what is it worth?",
    "play.hint.natural": "Hint: the natural card, {card}, is not the best.",
    "play.hint.none": "Hint: no idea to name here; play each card out, trick by trick.",
    "play.skipped": "Skipped: the answer is {answer}.",
    "play.resume": "To go on from here: --from {id}",
}
_BOARD_IT = {
    "play.header": "Problema {i}/{n} [{difficulty}] {title}",
    "diff.easy": "facile",
    "diff.medium": "medio",
    "diff.hard": "difficile",
    "play.ask.best": "La tua carta (indizio, salta, aiuto, q per uscire): ",
    "play.ask.value": "Il valore per chi gioca, per esempio 7, -3/2 o 0,5 (indizio, salta, "
    "aiuto, q per uscire): ",
    "play.question.best": "Trova la carta migliore per il giocatore {n}{goal}.",
    "play.question.value": "Quanto vale questa posizione per il giocatore {n}{goal}?",
    "play.goal.win": " (giocando per vincere la smazzata)",
    "play.bad_card": "'{text}' non è una carta che puoi giocare ({cards}); riprova.",
    "play.unknown_card": "{error}; riprova.",
    "play.bad_place": "La riga del giocatore {p} non ha una carta {k}: scrivi da 1 a {n} per una "
    "carta dal suo posto, o la carta stessa (AD, 3c ...); riprova.",
    "play.several": "{k} carte sono ugualmente buone: una qualsiasi è giusta.",
    "play.means.points": "Il valore: i punti che il giocatore {n} prenderà ancora meno quelli "
    "dell'avversario, con il gioco migliore da entrambe le parti (i punti già presi non "
    "contano).",
    "play.means.points4": "Il valore: i punti che la tua squadra prenderà ancora meno quelli "
    "dell'altra squadra, con il gioco migliore (i punti già presi non contano).",
    "play.means.win": "Il valore: la probabilità che il giocatore {n} vinca la smazzata, da 0 a "
    "1 o in percentuale, 50 % (il pareggio 60 a 60 conta metà).",
    "play.means.win4": "Il valore: la probabilità che la tua squadra vinca la smazzata, da 0 a 1 "
    "o in percentuale, 50 % (il pareggio 60 a 60 conta metà).",
    "play.bad_value": "'{text}' non è un numero; riprova.",
    "play.right": "Giusto!",
    "play.wrong": "Sbagliato: la risposta è {answer}.",
    "play.unchecked": "La risposta è quella dichiarata dal problema, non verificata: qui il "
    "valore del motore è una stima, {v} ± {e} (± copre: {covers}).",
    "play.estimate_best": "La risposta è quella dichiarata dal problema: qui la risposta del "
    "motore è una stima, {cards}, {v} ± {e} (± copre: {covers}).",
    "play.engine_differs": "La ricerca esatta del motore trova invece {answer}: 'briscola "
    "puzzles solve' verifica le risposte di un file di problemi con il motore.",
    "play.question.best4": "Trova la carta migliore per il giocatore {n}, in squadra con il "
    "giocatore {m}{goal}.",
    "play.question.value4": "Quanto vale questa posizione per la tua squadra, i giocatori {n} e "
    "{m}{goal}?",
    "play.ask.best4": "La tua carta (indizio, salta, aiuto, q per uscire): ",
    "play.ask.value4": "Il valore per la tua squadra, per esempio 7, -3/2 o 0,5 (indizio, "
    "salta, aiuto, q per uscire): ",
    "play.values4.points": "Ogni carta per la tua squadra, i punti ancora da vincere in media "
    "sulle pescate: {values} (la spiegazione segue le ultime tre prese: questo problema è prima "
    "dell'ultima pescata).",
    "play.values4.win": "Ogni carta, la probabilità della tua squadra di vincere la smazzata: "
    "{values} (la spiegazione segue le ultime tre prese: questo problema è prima dell'ultima "
    "pescata).",
    "play.score": "Punteggio: {right}/{done}.",
    "play.bye": "Punteggio finale: {right}/{done}.",
    "play.bye_hinted": "Punteggio finale: {right}/{done} (di cui {h} dopo un indizio).",
    "play.percent_points": "'{text}' è una percentuale: il valore di questo problema è in "
    "punti; riprova.",
    "play.help": "Scrivi una carta (AD, 10b, il suo nome: Asso di denari, o, per la carta "
    "migliore, il suo posto nella riga del suo giocatore: 1 per la prima) o il valore "
    "richiesto; indizio (h, ?) dà l'idea senza la risposta; salta (mostra) rinuncia e mostra "
    "la risposta e la spiegazione, e il problema conta come non risolto; q (esci) termina con il "
    "punteggio fin qui.",
    "play.hint.theme": "Indizio: l'idea qui è '{theme}'.",
    "play.hint.best": "Indizio: la carta migliore è {cards}; quanto vale?",
    "play.hint.natural": "Indizio: la carta più naturale, {card}, non è la migliore.",
    "play.hint.none": "Indizio: nessuna idea particolare qui; gioca ogni carta fino in fondo, "
    "presa per presa.",
    "play.skipped": "Saltato: la risposta è {answer}.",
    "play.resume": "Per riprendere da qui: --from {id}",
}

# the Briscolone and Libero endgames
_NOTRUMP_EN = {
    "rules.briscolone": "Briscolone: no trumps, the follower must follow suit (but need not "
    "beat the card led); the strongest card of the led suit wins.",
    "rules.libero": "Briscolone Libero: no trumps and no duty to follow suit; the strongest card "
    "of the led suit wins.",
    "why.follow_forced": "{who} {a_must} follow suit and {card} is the only {suit} left",
    "why.void": "{who} {a_have} no {suit}, so {who} cannot win and {a_throw} {card}",
    "why.discard": "{who} {a_throw} {card} rather than follow suit, and {a_lose} the trick",
    "why.liscio": "{who} {a_let} it go with {card}, following low on purpose (lisciare), "
    "though {instead} would take it",
    "why.liscio.shared": "{who} {a_let} it go with {card}, following low (taking with {instead} "
    "does as well)",
    "why.follow_low": "{who} {a_follow} suit with {card} but cannot take",
    "idea.liscio": "Lisciare: At trick {n} {who} {a_follow} low with {card} on purpose; taking "
    "with {instead} would cost {cost}.",
    "idea.forced_carico": "Forcing a carico: At trick {n} {who} {a_lead} {card} and {other} "
    "{b_must} follow suit with {carico} under it, having no {suit} that wins.",
    "idea.forced_carico.alone": "Forcing a carico: At trick {n} {who} {a_lead} {card} and {other}, "
    "holding {carico} alone in {suit}, {b_must} play it under it.",
    "idea.strip_suit.carico": "Stripping the suit: {who} {a_lead} {suit} {at} to "
    "strip {other} of the small {suit}, so that at trick {payoff} {other} "
    "{b_must} follow with the carico.",
    "idea.strip_suit.run": "Stripping the suit: {who} {a_lead} {suit} {at} until "
    "{other} {b_have} none left, then at trick {payoff} {other} cannot "
    "follow and a card of {suit} takes the trick.",
    "idea.run_long_suit": "Running the long suit: {other} {b_have} no {suit} left, so {who} {a_run} "
    "tricks {tricks} with {cards} (+{pts}).",
    "idea.count_61.nt": "Count to 61: you need {needed} more points and {in_play} are still in "
    "play. With {keep} you keep the deal (chance {win}); {lose} would throw it "
    "away.",
    "idea.count_61.nt.draw": "Count to 61: you need {needed} more points and {in_play} are still "
    "in play. Against best play you cannot win the deal: with {keep} you still draw it at "
    "60-60; {lose} would lose it.",
    "idea.count_61.nt.draw.opp": "Count to 61: the opponent needs {needed} more points and "
    "{in_play} are still in play. Against best play the opponent cannot win the deal: with "
    "{keep} the opponent still draws it at 60-60; {lose} would lose it.",
    "idea.count_61.nt.opp": "Count to 61: the opponent needs {needed} more points and {in_play} "
    "are still in play. With {keep} the opponent keeps the deal (chance {win}); "
    "{lose} would throw it away.",
}
_NOTRUMP_IT = {
    "rules.briscolone": "Briscolone: niente briscola, chi gioca per secondo deve rispondere al seme (ma "
    "non è obbligato a prendere); vince la carta più forte del seme giocato.",
    "rules.libero": "Briscolone libero: niente briscola e nessun obbligo di rispondere al seme; "
    "vince la carta più forte del seme giocato.",
    "why.follow_forced": "{who} {a_must} rispondere al seme e {card} è l'unica carta di {suit} rimasta",
    "why.void": "{who} non {a_have} {suit}, quindi non {a_can} prendere e {a_throw} {card}",
    "why.discard": "{who} {a_throw} {card} invece di rispondere al seme e {a_lose} la presa",
    "why.liscio": "{who} {a_let} apposta con {card}, stando sotto, anche se {instead} prenderebbe",
    "why.liscio.shared": "{who} {a_let} con {card}, stando sotto (prendere con {instead} va "
    "bene uguale)",
    "why.follow_low": "{who} {a_follow} al seme con {card} ma non {a_can} prendere",
    "idea.liscio": "Lisciare: alla presa {n} {who} {a_follow} basso con {card} apposta; prendere "
    "con {instead} costerebbe {cost}.",
    "idea.forced_carico": "Far cadere il carico: alla presa {n} {who} {a_lead} {card} e {other} "
    "{b_must} rispondere al seme con {carico}, senza una carta di {suit} "
    "che vinca.",
    "idea.forced_carico.alone": "Far cadere il carico: alla presa {n} {who} {a_lead} {card} e "
    "{other}, che ha {carico} secco a {suit}, {b_must} giocarlo sotto.",
    "idea.strip_suit.carico": "Svuotare il seme: {who} {a_lead} {suit} {at} per "
    "togliere le carte piccole di {suit}, così alla presa {payoff} "
    "{other} {b_must} rispondere con il carico.",
    "idea.strip_suit.run": "Svuotare il seme: {who} {a_lead} {suit} {at} finché "
    "{other} non {b_have} più carte di {suit}, poi alla presa {payoff} "
    "non {b_can} rispondere al seme e la carta di {suit} prende.",
    "idea.run_long_suit": "Sfruttare il seme lungo: {other} non {b_have} più {suit}, così {who} "
    "{a_run} le prese {tricks} con {cards} (+{pts}).",
    "idea.count_61.nt": "Contare fino a 61: ti servono ancora {needed} punti e ne restano in "
    "gioco {in_play}. Con {keep} la smazzata resta tua (probabilità {win}); "
    "con {lose} la butti via.",
    "idea.count_61.nt.draw": "Contare fino a 61: ti servono ancora {needed} punti e ne restano "
    "in gioco {in_play}. Con il gioco migliore non puoi più vincere la smazzata: con {keep} "
    "pareggi 60 a 60; con {lose} la perdi.",
    "idea.count_61.nt.draw.opp": "Contare fino a 61: all'avversario servono ancora {needed} punti "
    "e ne restano in gioco {in_play}. Con il gioco migliore l'avversario non può più vincere "
    "la smazzata: con {keep} pareggia 60 a 60; con {lose} la perderebbe.",
    "idea.count_61.nt.opp": "Contare fino a 61: all'avversario servono ancora {needed} punti e "
    "ne restano in gioco {in_play}. Con {keep} la smazzata resta "
    "all'avversario (probabilità {win}); con {lose} la butterebbe via.",
}

MESSAGES = {
    "en": {**_EXPLAIN["en"], **_BOARD_EN, **_NOTRUMP_EN},
    "it": {**_EXPLAIN["it"], **_BOARD_IT, **_NOTRUMP_IT},
}


def _article_it(c: int) -> str:
    name = card_name(c, "it")
    return ("l'" if name[0] in "AEIOU" else "il ") + name


def card_phrase(c: int, lang: str) -> str:
    """A card as it reads inside a sentence: 'the Ace of coins' / "l'Asso di denari"."""
    return _article_it(c) if lang == "it" else "the " + card_name(c, "en")


# singular agreement after filling a template with the number 1 (not 11, 2.1 or 0,1)
#: a number naming a player or a side (player 1 wins) is not a count
_ONE = r"(?<![\d.,])(?<!player )(?<!Player )(?<!side )(?<!team )(?<!giocatore )1 "
AGREE = {
    "it": [
        (re.compile(_ONE + r"punti percentuali\b"), "1 punto percentuale"),
        (re.compile(r"\brestano " + _ONE + r"prese\b"), "resta 1 presa"),
        (re.compile(r"\bservono ancora " + _ONE + r"punti\b"), "serve ancora 1 punto"),
        (re.compile(_ONE + r"briscole sono\b"), "1 briscola è"),
        (re.compile(_ONE + r"prese\b"), "1 presa"),
        (re.compile(_ONE + r"punti\b"), "1 punto"),
    ],
    "en": [
        (re.compile(_ONE + r"percentage points\b"), "1 percentage point"),
        (re.compile(_ONE + r"more points\b"), "1 more point"),
        (re.compile(_ONE + r"trumps are\b"), "1 trump is"),
        (re.compile(_ONE + r"points\b"), "1 point"),
        (re.compile(_ONE + r"tricks\b"), "1 trick"),
    ],
}


#: Italian's marks: a decimal comma, a point between thousands
_IT_MARKS = str.maketrans({".": ",", ",": "."})


def num(x: float, spec: str, lang: str, group: bool = False) -> str:
    """``x`` written by ``spec`` (format's: "+.1f", "d") as ``lang`` writes numbers, the
    one way every number of the program's text is written: Italian with a decimal comma
    ("−11,21") and, for a count (``group``), a point between thousands ("12.345"), as the
    board's page writes its own (board.js ``num``: values ungrouped, counts grouped);
    English as ``format`` writes it, its counts ungrouped as the text has always written
    them. The notation, the JSON and positions keep the point. A percentage's spec (".0%")
    writes it as ``pct`` does, its sign as the language writes it."""
    if spec.endswith("%"):
        return pct(100 * x, spec[:-1] + "f", lang)
    if lang != "it":
        return format(x, spec)
    return format(x, "," + spec if group else spec).translate(_IT_MARKS)


def pct(x: float, spec: str, lang: str) -> str:
    """``x`` percent as ``lang`` writes it: "87%" in English, "87 %" (a space before the
    sign, a decimal comma) in Italian, as the board's page writes it (board.js pct): every
    percentage of the text is written here."""
    return num(x, spec, lang) + (" %" if lang == "it" else "%")


def agree(text: str, lang: str) -> str:
    """The filled template with "1 prese", "1 punti", "1 points", "1 tricks" made singular:
    templates are written in the plural, so the number decides."""
    for pat, repl in AGREE.get(lang, ()):
        text = pat.sub(repl, text)
    return text


def message(lang: str, key: str, **kw) -> str:
    """One filled template of the language's table (for the commands around explain)."""
    return agree(MESSAGES[check_lang(lang)][key].format(**kw), lang)


# ----- explanations (four players) ------------------------------------------------------
TEAM_WORDS = {
    "en": {
        "to_move": "Player {n} to move (team {team}). Endgame: the talon is empty, {k} tricks to play.",
        "outcome": "With best play your team takes {t0} tricks and {p0} points, and the other "
        "team takes {t1} tricks and {p1} points: {v} for your team.",
        "outcome.win": "Playing to win the deal (61 or more): your team's chance is {v} (a "
        "60-60 draw counts one half).",
        "outcome.final": "Final score {s0}-{s1} (team 1+3 against team 2+4): {res}.",
        "res.win": "team {team} wins the deal",
        "res.draw": "a draw at 60-60",
        "cost.points": "{v} points",
        "cost.win": "{v} percentage points of your team's chance",
        "best1": "Best card: {card}.",
        "bestn": "Best cards (equally good): {cards}.",
        "line": "The best line, trick by trick:",
        "trick": "  Trick {n}: {cards}; player {w} takes {p} points.",
        "lead": "player {s} leads {card}{why}",
        "play": "player {s} answers with {card}{why}",
        "why.forced": " (forced)",
        "why.any": " (any card does as well)",
        "why.best": "",
        "why.table": " (on the table)",
        "why.alt": "",
        "others": "The other cards:",
        "alt": "  {card} costs {cost}: player {rs} answers with {reply}. The whole line: {line}",
        "ideas": "The ideas at work:",
        "idea.load_partner": "  Load the partner's trick: player {s} gives {card} to the trick "
        "that the partner takes (trick {t}).",
        "idea.load_partner.now": "  Load the partner's trick: player {s} gives {card} to trick "
        "{t}, which the partner holds for now (players still to play).",
        "idea.partner_takes": "  Leave it to the partner: player {s} plays low ({card}) at trick {t} "
        "because the partner, still to play, takes the trick.",
    },
    "it": {
        "to_move": "Gioca il giocatore {n} (squadra {team}). Finale: il tallone è vuoto, restano {k} prese.",
        "outcome": "Con il gioco migliore la tua squadra fa {t0} prese e {p0} punti, l'altra "
        "{t1} prese e {p1} punti: {v} per la tua squadra.",
        "outcome.win": "Giocando per vincere la smazzata (61 o più): la probabilità della tua "
        "squadra è {v} (il pareggio 60 a 60 conta metà).",
        "outcome.final": "Punteggio finale {s0}-{s1} (squadra 1+3 contro squadra 2+4): {res}.",
        "res.win": "la squadra {team} vince la smazzata",
        "res.draw": "pareggio 60 a 60",
        "cost.points": "{v} punti",
        "cost.win": "{v} punti percentuali di probabilità della tua squadra",
        "best1": "Carta migliore: {card}.",
        "bestn": "Carte migliori (equivalenti): {cards}.",
        "line": "La linea migliore, presa per presa:",
        "trick": "  Presa {n}: {cards}; prende il giocatore {w}, {p} punti.",
        "lead": "il giocatore {s} gioca {card}{why}",
        "play": "il giocatore {s} risponde con {card}{why}",
        "why.forced": " (obbligata)",
        "why.any": " (ogni carta va bene)",
        "why.best": "",
        "why.table": " (già in tavola)",
        "why.alt": "",
        "others": "Le altre carte:",
        "alt": "  {card} costa {cost}: il giocatore {rs} risponde con {reply}. Ecco la linea "
        "intera. {line}",
        "ideas": "Le idee in gioco:",
        "idea.load_partner": "  Caricare la presa del compagno: il giocatore {s} mette {card} sulla presa "
        "che fa il compagno (presa {t}).",
        "idea.load_partner.now": "  Caricare la presa del compagno: il giocatore {s} mette {card} sulla "
        "presa {t}, che per ora è del compagno (altri devono ancora giocare).",
        "idea.partner_takes": "  Lasciar fare al compagno: il giocatore {s} gioca basso ({card}) alla presa {t} "
        "perché a prendere è il compagno, che deve ancora giocare.",
    },
}


# ----- puzzle titles --------------------------------------------------------------------
TITLES = {
    "lose_for_trump": "Let the trick go, draw the trump card",
    "win_for_top": "Take the trick for the top card",
    "save_trump": "Keep the trump for the carico",
    "liscio_lure": "A liscio to draw the trump",
    "count_61": "Count to 61",
    "liscio": "Lisciare: follow low on purpose",
    "forced_carico": "Force the carico out",
    "strip_suit": "Strip the suit",
    "run_long_suit": "Run the long suit",
    "load_partner": "Load the partner's trick",
    "partner_takes": "Leave it to the partner",
}


#: the Italian of every title the generator writes: the ideas', the stages' and the hints'
TITLES_IT = {
    "Let the trick go, draw the trump card": "Lascia la presa, pesca la briscola",
    "Take the trick for the top card": "Prendi per la carta scoperta",
    "Keep the trump for the carico": "Tieni la briscola per il carico",
    "A liscio to draw the trump": "Un liscio per far uscire la briscola",
    "Count to 61": "Conta fino a 61",
    "Lisciare: follow low on purpose": "Lisciare: stare sotto apposta",
    "Force the carico out": "Fai cadere il carico",
    "Strip the suit": "Svuota il seme",
    "Run the long suit": "Sfrutta il seme lungo",
    "Last draw": "Ultima pescata",
    "Last tricks": "Ultime prese",
    "Briscolone, last tricks": "Briscolone, ultime prese",
    "Briscolone Libero, last tricks": "Briscolone libero, ultime prese",
    "Briscola scoperta (4 players, 2 teams), last tricks": "Briscola scoperta (4 giocatori, 2 "
    "squadre), ultime prese",
    "Briscola scoperta (4 players, 2 teams), last draw": "Briscola scoperta (4 giocatori, 2 "
    "squadre), ultima pescata",
    "Load the partner's trick": "Carica la presa del compagno",
    "Leave it to the partner": "Lascia fare al compagno",
    "give a little to take more": "dai poco per prendere di più",
    "not the obvious card": "non la carta più ovvia",
    "the right answer": "la risposta giusta",
    "the right lead": "l'attacco giusto",
}


def title_text(title: str | None, lang: str) -> str:
    """A puzzle's title in ``lang``. Files store the generator's English title; a title
    written by hand that the table does not know is shown as written."""
    title = title or ""
    if lang != "it":
        return title
    if title in TITLES_IT:
        return TITLES_IT[title]
    stage, sep, what = title.partition(": ")
    if sep and stage in TITLES_IT and what in TITLES_IT:
        return f"{TITLES_IT[stage]}: {TITLES_IT[what]}"
    return title


#: the comment the puzzle generator writes, shown after the answer: what the natural card
#: (the one a plain greedy player picks) costs, or that it is right; files keep the English
PUZZLE_COMMENTS = {
    "en": {
        "costs": "the natural {card} costs {cost} {unit}.",
        "right": "the natural card {card} is right here.",
        "points": "points",
        "win": "in the chance to win",
        "points4": "points for your team",
        "win4": "in your team's chance to win",
        "at": "player {s}, trick {t}",
        "at_card": "{card} by player {s}, trick {t}",
    },
    "it": {
        "costs": "la carta più naturale, {card}, costa {cost} {unit}.",
        "right": "la carta più naturale, {card}, qui è quella giusta.",
        "points": "punti",
        "win": "di probabilità di vincere",
        "points4": "punti per la tua squadra",
        "win4": "di probabilità di vincere per la tua squadra",
        "at": "giocatore {s}, presa {t}",
        "at_card": "{card} del giocatore {s}, presa {t}",
    },
}


def _comment_pattern(template: str) -> re.Pattern:
    fields = {
        "card": r"(?P<card>\w\w)",
        "cost": r"(?P<cost>\S+)",
        "unit": r"(?P<unit>.+?)",
        "s": r"(?P<s>\d+)",
        "t": r"(?P<t>\d+)",
    }
    text = re.escape(template)
    for k, v in fields.items():
        text = text.replace(re.escape("{" + k + "}"), v)
    return re.compile(text + "$")


def theme_text(theme: str, lang: str) -> str | None:
    """A generated theme in ``lang``: an idea's title, with where the line shows it in
    brackets ("Load the partner's trick (RS by player 3, trick 2)"); None for one the
    tables do not know."""
    if lang != "it":
        return theme
    title, at = theme, ""
    if theme.endswith(")") and " (" in theme:
        title, _, at = theme[:-1].rpartition(" (")
    name = TITLES_IT.get(title) or TITLES_IT.get(title[:1].lower() + title[1:])
    if name is None:
        return None
    if not at:
        return name
    en, it = PUZZLE_COMMENTS["en"], PUZZLE_COMMENTS[lang]
    for key in ("at_card", "at"):
        m = _comment_pattern(en[key]).match(at)
        if m:
            return f"{name} ({it[key].format(**m.groupdict())})"
    return None


def comment_text(comment: str | None, lang: str) -> str:
    """A puzzle's comment in ``lang``: the generator's sentence (a theme, then the natural
    card's cost) translated; a comment written by hand is shown as written. The theme is
    all before the last ': ' (a title may hold one: "Lisciare: follow low on purpose")."""
    comment = comment or ""
    if lang != "it":
        return comment
    theme, _, said = comment.rpartition(": ")
    en, it = PUZZLE_COMMENTS["en"], PUZZLE_COMMENTS[lang]
    units = {en[k]: it[k] for k in ("points", "win", "points4", "win4")}
    said = said[:1].lower() + said[1:]
    for key in ("costs", "right"):
        m = _comment_pattern(en[key]).match(said)
        if m and m.groupdict().get("unit", "points") in units:
            kw = m.groupdict()
            if "unit" in kw:
                kw["unit"] = units[kw["unit"]]
            out = it[key].format(**kw)
            break
    else:
        return comment
    if theme:
        name = theme_text(theme, lang)
        if name is None:
            return comment
        return agree(f"{name[:1].upper() + name[1:]}: {out}", lang)
    return agree(out[:1].upper() + out[1:], lang)


# ----- review ---------------------------------------------------------------------------
REVIEW_TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "title": "Review",
        "seed": "seed {s}",
        "deal": "deal {d}",
        "result": "result {a}-{b}",
        "result_since": "won from the start on {a}-{b} (the start gave no score)",
        "unfinished": "unfinished",
        "cols": ("deal", "move", "trick", "player", "played", "best", "cost", "luck", "analysis"),
        "forced": "forced",
        "unrated": "not rated",
        "exact": "exact",
        "estimate": "estimate",
        "seat": "estimate, seat view",
        "seat_note": "Seat view: each card is judged with what its player could see, the hidden "
        "cards sampled; a cost's (or a luck's) ± is the half-width of its interval (a 95 % "
        "interval unless marked * or called a bound).",
        "open_note": "Estimate (both hands in view): the search did not finish in the time, so "
        "the talon's order is sampled; a cost's (or a luck's) ± is the half-width of its "
        "interval (a 95 % interval unless marked * or called a bound).",
        "unchecked_note": "* the interval is not checked against exact values: it covers the "
        "sampling error only (the method's error is not measured for this "
        "game at this stage of the deal), or a method's error carried "
        "from other stages of the deal.",
        "mistakes": "Biggest mistakes:",
        "no_mistakes": "Biggest mistakes: none among the rated moves",
        "mistake": "{i}. deal {d} move {m} (trick {t}): player {p} played {card}, best {best}: "
        "cost {cost} {unit} ({how})",
        "accuracy": "Accuracy:",
        "who": "player {p}",
        "who_named": "player {p} ({name})",
        "acc_line": "{who}: {called}{opt}/{rated} decisions optimal ({pct}), "
        "average cost {avg} {unit} per decision",
        "unit": "points",
        "unit_win": "in win chance",
        "acc_none": "{who}: no rated decisions",
        "acc_tail": "; not rated: {n}",
        "acc_est": "; estimated: {n}",
        "forced_tail": "; forced moves: {n}",
        "interrupted": "interrupted: the review covers {n} of {t} moves",
        "incomplete": "{n} of {t} moves could not be rated (no analysis within the time limit; "
        "early positions need the estimator)",
    },
    "it": {
        "title": "Analisi della partita",
        "seed": "mescolata n. {s}",
        "deal": "smazzata {d}",
        "result": "risultato {a}-{b}",
        "result_since": "vinti dall'inizio {a}-{b} (la posizione di partenza non dava il punteggio)",
        "unfinished": "non finita",
        "cols": (
            "smazzata",
            "mossa",
            "presa",
            "giocatore",
            "giocata",
            "migliore",
            "costo",
            "fortuna",
            "analisi",
        ),
        "forced": "obbligata",
        "unrated": "non valutata",
        "exact": "esatta",
        "estimate": "stima",
        "seat": "stima, dal posto del giocatore",
        "seat_note": "Dal posto del giocatore: ogni carta è giudicata con ciò che il suo "
        "giocatore poteva vedere, le carte coperte estratte a caso; il ± di un costo (o di una "
        "fortuna) è la semiampiezza del suo intervallo (al 95 %, salvo dove è segnato con * o "
        "indicato come limite).",
        "open_note": "Stima (entrambe le mani in vista): la ricerca non è finita nel tempo "
        "disponibile, quindi l'ordine del tallone è estratto a caso; il ± di un costo (o di una "
        "fortuna) è la semiampiezza del suo intervallo (al 95 %, salvo dove è segnato con * o "
        "indicato come limite).",
        "unchecked_note": "* l'intervallo non è verificato con valori esatti: copre solo "
        "l'errore di campionamento (l'errore del metodo non è misurato per "
        "questo gioco in questa fase della smazzata), o un errore del metodo "
        "ripreso da altre fasi della smazzata.",
        "mistakes": "Errori più gravi:",
        "no_mistakes": "Errori più gravi: nessuno tra le mosse valutate",
        "mistake": "{i}. smazzata {d} mossa {m} (presa {t}): il giocatore {p} ha giocato {card}, "
        "meglio {best}: costo {cost} {unit} ({how})",
        "accuracy": "Precisione:",
        "who": "giocatore {p}",
        "who_named": "giocatore {p} ({name})",
        "acc_line": "{who}: {called}{opt}/{rated} decisioni ottimali ({pct}), "
        "costo medio {avg} {unit} per decisione",
        "unit": "punti",
        "unit_win": "di probabilità di vincere",
        "acc_none": "{who}: nessuna decisione valutata",
        "acc_tail": "; non valutate: {n}",
        "acc_est": "; stimate: {n}",
        "forced_tail": "; mosse obbligate: {n}",
        "interrupted": "interrotta: l'analisi copre {n} mosse su {t}",
        "incomplete": "mosse non valutate: {n} su {t} (nessuna analisi entro il tempo; "
        "le posizioni iniziali richiedono lo stimatore)",
    },
}


#: the words of agents' and players' names in a record, for the Italian review
NAME_WORDS_IT = {
    "human": "umano",
    "engine": "motore",
    "greedy": "goloso",
    "random": "casuale",
    "player": "giocatore",
}


#: the most characters of a record's player name a line shows (a name may be megabytes)
NAME_SHOWN = 80


def player_name(name: str, lang: str) -> str:
    """A record's player name in ``lang``: "human" is "umano", "engine-1" "motore-1"; a
    name the program did not write stays as it is, shown as an error quotes input (a line
    break or a terminal escape in it written as its escape, shown_text) and cut to
    NAME_SHOWN characters, so that a review's line stays one line the terminal only shows."""
    if len(name) > NAME_SHOWN:
        name = name[: NAME_SHOWN - 1] + "…"
    name = shown_text(name)
    if lang != "it":
        return name
    return re.sub(r"^[a-z]+(?=$|[-: ])", lambda m: NAME_WORDS_IT.get(m.group(0), m.group(0)), name)


# ----- drawings: the text board and the SVG picture --------------------------------------
LABELS: dict[str, dict[str, Any]] = {
    "en": {
        "title": "Briscola scoperta",
        "player": "Player {n}",
        "to_move": "to move",
        "to_answer": "to answer",
        "over": "the deal is over",
        "led_by": "led by player {n}",
        "table": "Table",
        "talon": "Talon",
        "talon_cards": "{n} cards, top {top}",
        "talon_empty": "empty",
        "talon_last": "2 cards: top {top}, then the trump card",
        "order": "Talon order",
        "order_note": "top first",
        "briscola": "Briscola",
        "trump_suit": "trump suit {suit}",
        "bottom": "at the talon's bottom",
        "in_hand": "in player {n}'s hand",
        "on_table": "on the table",
        "played_trump": "already played",
        "unseen": "Unseen",
        "none": "none",
        "trumps_out": "Trumps in play",
        "points": "Points in play",
        "score": "Score",
        "played": "Cards played",
        "tricks": "{n} ({t} tricks)",
        "empty_hand": "(no cards)",
        "hidden_hand": "{n} cards, hidden",
        "talon_covered": "{n} cards, covered",
        "no_trump": "none (no trump in this game)",
        "rules": "Rules",
        "follow_suit": "must follow suit",
        "voids": "Player {n} lacked",
        "void_at": "{suit} at trick {t}",
        "void_at_many": "{suit} at tricks {ts}",
        "titles": {
            "scoperta4": "Briscola scoperta, 4 players",
            "classic": "Briscola",
            "briscolone": "Briscolone",
            "libero": "Briscolone libero",
        },
    },
    "it": {
        "title": "Briscola scoperta",
        "player": "Giocatore {n}",
        "to_move": "di mano",
        "to_answer": "risponde",
        "over": "la smazzata è finita",
        "led_by": "giocata dal giocatore {n}",
        "table": "Tavolo",
        "talon": "Tallone",
        "talon_cards": "{n} carte, in cima {top}",
        "talon_empty": "vuoto",
        "talon_last": "2 carte: in cima {top}, poi la briscola",
        "order": "Ordine del tallone",
        "order_note": "dalla cima",
        "briscola": "Briscola",
        "trump_suit": "seme di briscola {suit}",
        "bottom": "in fondo al tallone",
        "in_hand": "in mano al giocatore {n}",
        "on_table": "sul tavolo",
        "played_trump": "già giocata",
        "unseen": "Carte non viste",
        "none": "nessuna",
        "trumps_out": "Briscole in gioco",
        "points": "Punti in gioco",
        "score": "Punteggio",
        "played": "Carte giocate",
        "tricks": "{n} ({t} prese)",
        "empty_hand": "(nessuna carta)",
        "hidden_hand": "{n} carte, coperte",
        "talon_covered": "{n} carte, coperte",
        "no_trump": "nessuna (gioco senza briscola)",
        "rules": "Regole",
        "follow_suit": "obbligo di rispondere al seme",
        "voids": "Giocatore {n} senza",
        "void_at": "{suit} alla presa {t}",
        "void_at_many": "{suit} alle prese {ts}",
        "titles": {
            "scoperta4": "Briscola scoperta a 4",
            "classic": "Briscola",
            "briscolone": "Briscolone",
            "libero": "Briscolone libero",
        },
    },
}

PICTURE_LABELS = {
    "en": {
        "best": "best",
        "played_title": "Cards played",
        "talon_n": "talon {n}",
        "score": "score {a}-{b}",
        "since_start": "won from the start on {a}-{b}",
        "in_play": "{n} points in play",
        "trumps_out": "trumps not yet played",
        "no_trump": "no trump",
        "top": "top card",
        "seat_short": "P{n}",
    },
    "it": {
        "best": "migliore",
        "played_title": "Carte giocate",
        "talon_n": "tallone {n}",
        "score": "punti {a}-{b}",
        "since_start": "vinti dall'inizio {a}-{b}",
        "in_play": "{n} punti in gioco",
        "trumps_out": "briscole ancora da giocare",
        "no_trump": "senza briscola",
        "top": "in cima",
        "seat_short": "G{n}",
    },
}
#: the frame of the values under the cards (solver.frame), said once on the picture
PICTURE_LABELS["en"].update(
    {
        "frame.final": "under the cards: expected final margin",
        "frame.togo": "under the cards: points still to win",
        "frame.win": "under the cards: chance of winning",
        "pm_note": "estimate; ± covers {covers}",
    }
)
PICTURE_LABELS["it"].update(
    {
        "frame.final": "sotto le carte: margine finale atteso",
        "frame.togo": "sotto le carte: punti ancora da vincere",
        "frame.win": "sotto le carte: probabilità di vittoria",
        "pm_note": "stima; ± copre: {covers}",
    }
)


# ----- issue 34: where a reply falls, what a ± covers, terminal play --------------------
#: the explanations' other cards when the reply does not answer within the card's trick
#: (the card ended its trick: the reply opens the next one, or answers its lead)
_REPLY_ROLES = {
    "en": {
        "alt.lead": "{card} costs {cost}: the opponent takes the trick and leads {reply} "
        "next; the whole line, trick by trick: {line}.",
        "alt.answer_next": "{card} costs {cost}: you take the trick and lead {lead} next, "
        "the opponent answers with {reply}; the whole line, trick by trick: {line}.",
        "alt.lead.opp": "{card} costs {cost}: you take the trick and lead {reply} next; the "
        "whole line, trick by trick: {line}.",
        "alt.answer_next.opp": "{card} costs {cost}: the opponent takes the trick and leads "
        "{lead} next, you answer with {reply}; the whole line, trick by trick: {line}.",
    },
    "it": {
        "alt.lead": "{card} costa {cost}: l'avversario fa la presa e apre la successiva "
        "con {reply}; la linea intera, presa per presa: {line}.",
        "alt.answer_next": "{card} costa {cost}: fai la presa e apri la successiva con "
        "{lead}, l'avversario risponde con {reply}; la linea intera, presa per presa: "
        "{line}.",
        "alt.lead.opp": "{card} costa {cost}: fai la presa e apri la successiva con "
        "{reply}; la linea intera, presa per presa: {line}.",
        "alt.answer_next.opp": "{card} costa {cost}: l'avversario fa la presa e apre la "
        "successiva con {lead}, tu rispondi con {reply}; la linea intera, presa per presa: "
        "{line}.",
    },
}
_TEAM_REPLY_ROLES = {
    "en": {
        "alt.lead": "  {card} costs {cost}: player {rs} takes the trick and leads "
        "{reply} next. The whole line: {line}",
        "alt.answer_next": "  {card} costs {cost}: in the next trick, led with "
        "{lead}, player {rs} answers with {reply}. The whole line: {line}",
    },
    "it": {
        "alt.lead": "  {card} costa {cost}: il giocatore {rs} fa la presa e apre "
        "la successiva con {reply}. Ecco la linea intera. {line}",
        "alt.answer_next": "  {card} costa {cost}: nella presa successiva, aperta con "
        "{lead}, il giocatore {rs} risponde con {reply}. Ecco la linea intera. {line}",
    },
}
#: what an estimate's ± covers, said once per answer (keys: solver.analysis.result.Interval)
INTERVAL_TEXT = {
    "en": {
        "sampling and method": "± is the half-width of a 95 % interval covering the sampling "
        "error and the method's measured error",
        "sampling and extrapolated method": "± is the half-width of an interval covering "
        "the sampling error and the method's error "
        "as measured at other stages of the deal and "
        "carried here (the note says how): it cannot be "
        "checked against exact values here",
        "sampling only": "± covers the sampling error only: the method's own error is not "
        "measured here, so the exact value may lie outside it",
        "no sampling": "± 0: every case was solved, so there is no sampling error",
        "bound": "± is a bound (the widest the value can stray), not a 95 % interval",
    },
    "it": {
        "sampling and method": "± è la semiampiezza di un intervallo al 95 % che copre "
        "l'errore di campionamento e l'errore misurato del metodo",
        "sampling and extrapolated method": "± è la semiampiezza di un intervallo che "
        "copre l'errore di campionamento e l'errore "
        "del metodo misurato in altri momenti della "
        "smazzata e riportato qui (la nota dice come): "
        "qui non si può verificare con valori esatti",
        "sampling only": "± copre solo l'errore di campionamento: l'errore proprio del "
        "metodo qui non è misurato, quindi il valore esatto può caderne "
        "fuori",
        "no sampling": "± 0: ogni caso è stato risolto, quindi non c'è errore di campionamento",
        "bound": "± è un limite (di quanto al massimo il valore può scostarsi), non un intervallo al 95 %",
    },
}
#: what an estimate is, in words (keys: solver.analysis.result.Way; ".depth" where its
#: searches stop that many tricks deep; "lines" and "second-trick" the refinements added)
METHOD_TEXT = {
    "en": {
        "exact": "an exact search",
        "sampled-expectimax": "the first draw sampled, the position after it solved exactly",
        "sampled-clairvoyant": "sampled talon orders, each solved to the end knowing the order",
        "sampled-clairvoyant.depth": "sampled talon orders, each searched {depth} tricks deep "
        "knowing the order",
        "seat-sampling": "sampled opponent hands, each solved to the end of the deal, over "
        "every draw or on one drawn talon order (the note says which)",
        "seat-sampling.depth": "sampled opponent hands, each searched {depth} tricks deep with "
        "one sampled talon order",
        "deepening": "the known talon order searched deeper and deeper",
        "deepening.depth": "the known talon order searched {depth} tricks deep",
        "lines": "a card led valued by its worst reply",
        "second-trick": "the next leads corrected for seeing the talon",
    },
    "it": {
        "exact": "una ricerca esatta",
        "sampled-expectimax": "la prima pescata campionata, la posizione che ne segue risolta "
        "esattamente",
        "sampled-clairvoyant": "ordini del tallone campionati, ciascuno risolto fino alla fine "
        "conoscendo l'ordine",
        "sampled-clairvoyant.depth": "ordini del tallone campionati, ciascuno esplorato per "
        "{depth} prese conoscendo l'ordine",
        "seat-sampling": "mani dell'avversario campionate, ciascuna risolta fino alla fine "
        "della smazzata, su ogni pescata o su un ordine del tallone estratto (la nota dice "
        "quale)",
        "seat-sampling.depth": "mani dell'avversario campionate, ciascuna esplorata per {depth} "
        "prese con un ordine del tallone campionato",
        "deepening": "l'ordine noto del tallone esplorato sempre più a fondo",
        "deepening.depth": "l'ordine noto del tallone esplorato per {depth} prese",
        "lines": "una carta d'uscita valutata con la risposta peggiore",
        "second-trick": "le uscite successive corrette perché vedono il tallone",
    },
}


def method_text(way: str, depth: int | None, lines: bool, second_trick: bool, lang: str) -> str:
    """What an estimate is, in words (``Method.words``: the CLI's "method:" line, the
    board's badge)."""
    T = METHOD_TEXT[check_lang(lang)]
    key = f"{way}.depth" if depth is not None and f"{way}.depth" in T else way
    parts = [T[key].format(depth=depth)]
    parts += [T["lines"]] * lines + [T["second-trick"]] * second_trick
    return agree("; ".join(parts), lang)


#: the short form, after an estimate's ± on one line ("best", the review's costs)
INTERVAL_SHORT = {
    "en": {
        "sampling and method": "sampling and method",
        "sampling and extrapolated method": "sampling and extrapolated method",
        "sampling only": "sampling only",
        "no sampling": "every case solved",
        "bound": "a bound",
    },
    "it": {
        "sampling and method": "campionamento e metodo",
        "sampling and extrapolated method": "campionamento e metodo estrapolato",
        "sampling only": "solo campionamento",
        "no sampling": "ogni caso risolto",
        "bound": "un limite",
    },
}
for _lang in LANGS:
    MESSAGES[_lang].update(_REPLY_ROLES[_lang])
    TEAM_WORDS[_lang].update(_TEAM_REPLY_ROLES[_lang])
#: more singulars after a count of 1 (agree): the words the commands' counts come with
AGREE["en"] += [
    (re.compile(_ONE + r"((?:(?!of )[a-z]+ ){0,2})" + w + r"s\b"), r"1 \1" + w)
    for w in (
        "deal",
        "win",
        "record",
        "card",
        "hand",
        "sample",
        "task",
        "move",
        "decision",
        "draw",
        "game",
        "position",
        "puzzle",
        "round",
        "order",
    )
]
AGREE["en"] += [
    (re.compile(_ONE + r"losses\b"), "1 loss"),
    (re.compile(_ONE + r"matches\b"), "1 match"),
    (re.compile(_ONE + r"processes\b"), "1 process"),
]
AGREE["it"] += [
    (re.compile(_ONE + r"carte \(coperte\)"), "1 carta (coperta)"),
    (re.compile(_ONE + r"carte, coperte\b"), "1 carta, coperta"),
    (re.compile(_ONE + r"smazzate vinte\b"), "1 smazzata vinta"),
]
AGREE["it"] += [
    (re.compile(_ONE + w + r"\b"), "1 " + one)
    for w, one in (
        ("smazzate", "smazzata"),
        ("carte", "carta"),
        ("mani", "mano"),
        ("mosse", "mossa"),
        ("segni", "segno"),
        ("giri", "giro"),
        ("vittorie", "vittoria"),
        ("partite", "partita"),
        ("decisioni", "decisione"),
        ("posizioni", "posizione"),
        ("processi", "processo"),
    )
]
#: the review's luck of the draws, its skill and its close calls
REVIEW_TEXT["en"].update(
    {
        "p_short": "P{p}",
        "acc_unknown": "{who}: no decision clear enough to call",
        "close_tail": "; too close to call: {n}",
        "skill": "Skill and luck (expected final margin, {unit}):",
        "skill_win": "Skill and luck (chance of winning the deal):",
        "skill_line": "{who}: errors {err} ({rate} per decision), luck {luck} over {n} draws",
        "luck_missing": " ({n} draws not measured)",
        "adjusted": "; result {res}, luck-adjusted {adj}",
        "adjusted_since": "; won from the start on {res}, luck-adjusted {adj}",
        "adjusted_win": "; deals won {res}, luck-adjusted {adj} (in deals, not a chance: it may "
        "pass 1)",
        "points_note": "A cost, a luck and their ± are points of the final margin, seen by "
        "the player they belong to: a cost of 10 gives up 10 points of margin against the best "
        "card.",
        "win_note": "With the objective win a cost, a luck and their ± are differences of the "
        "chance of winning the deal, in percentage points (a cost of 10% takes a chance from "
        "60% to 50%).",
        "adjusted_win_note": "With the chance of winning the result counts deals (1 won, 0.5 "
        "drawn, 0 lost), and the luck-adjusted result, the deals won less the luck (a luck of "
        "+19% is 0.19 of a deal), is the "
        "chance at the deal's start plus the opponent's errors less one's own: no chance, it "
        "passes 1 where the play earned more than a sure win, and falls below 0 where it lost "
        "more than the whole chance.",
        "swings": "Biggest swings of luck:",
        "swing": "{i}. deal {d} after move {m} (trick {t}), {drawn}: luck {luck} {unit} for "
        "player {p} ({how})",
        "drew": "player {p} drew {card}",
        "too_uncertain": "too uncertain to tell",
        "between": "[{lo}, {hi}]",
        "exact_val": "exact",
        "exact_luck": "exact",
        "every_draw": "every draw solved",
        "every_draw_est": "every draw estimated",
        "exact_how": "exact: {how}",
        "card_value": "against the engine's value of the card",
        "luck_note": "Luck: the value after each draw less the average over every draw that could "
        "have come (as GNU Backgammon counts the dice); the luck-adjusted result is "
        "the result less the luck. An interval is cut to the values the luck can take "
        "({span}); one that covers them all, or misses them, is too uncertain to tell; the "
        "swings are draws whose interval is clear of zero.",
        "totals_note": "Totals are cut the same way: errors added up are never below the exact "
        "costs' sum (a cost is never below 0); a player's luck added up lies within the "
        "draws' bounds added up and, in scoperta with every card and draw judged, within what "
        "the result allows: the result less the value at the start is the luck less one's "
        "own errors plus the opponent's, each within its interval.",
        "called": "decisions called: {k} of {n}; ",
        "luck_span": "the points still in play",
        "luck_span_win": "a chance of winning lies between 0 and 1",
        "open_luck_note": "In scoperta both players see every draw: one player's luck is the "
        "other's, negated.",
        "open_luck_note_teams": "In four-player scoperta every player sees every draw: team "
        "2+4's luck is team 1+3's, negated.",
        "team_note": "Four players: a card's value and cost are its mover's team's (team 1+3 "
        "or team 2+4); the errors, the luck and the result are added up per team.",
        "team": "team {t}",
        "team_named": "team {t} ({names})",
        "t_short": "T{t}",
        "swing_team": "{i}. deal {d} after move {m} (trick {t}), {drawn}: luck {luck} {unit} "
        "for team {team} ({how})",
        "seat_luck_note": "A seat's luck is its own draw valued from its seat, measured after the "
        "tricks it won; after a lost trick the opponent leads before the seat "
        "can be valued, so that draw is not measured.",
    }
)
REVIEW_TEXT["it"].update(
    {
        "p_short": "G{p}",
        "acc_unknown": "{who}: nessuna decisione abbastanza chiara da giudicare",
        "close_tail": "; troppo vicine per giudicarle: {n}",
        "skill": "Abilità e fortuna (margine finale atteso, {unit}):",
        "skill_win": "Abilità e fortuna (probabilità di vincere la smazzata):",
        "skill_line": "{who}: errori {err} ({rate} per decisione), fortuna {luck} su {n} pescate",
        "luck_missing": " (pescate non misurate: {n})",
        "adjusted": "; risultato {res}, al netto della fortuna {adj}",
        "adjusted_since": "; vinti dall'inizio {res}, al netto della fortuna {adj}",
        "adjusted_win": "; smazzate vinte {res}, al netto della fortuna {adj} (in smazzate, non "
        "una probabilità: può superare 1)",
        "points_note": "Un costo, una fortuna e il loro ± sono punti del margine finale, visto "
        "dal giocatore a cui spettano: un costo di 10 cede 10 punti di margine rispetto alla "
        "carta migliore.",
        "win_note": "Con l'obiettivo vincere un costo, una fortuna e il loro ± sono differenze "
        "della probabilità di vincere la smazzata, in punti percentuali (un costo del 10 % porta "
        "una probabilità dal 60 % al 50 %).",
        "adjusted_win_note": "Con la probabilità di vincere il risultato conta le smazzate (1 "
        "vinta, 0,5 pareggiata, 0 persa), e il risultato al netto della fortuna, le smazzate vinte "
        "meno la fortuna (una fortuna di +19 % vale 0,19 smazzate), è la probabilità all'inizio della smazzata più gli errori "
        "dell'avversario meno i propri: non è una probabilità, supera 1 dove il gioco ha "
        "guadagnato più di una vittoria sicura e scende sotto 0 dove ha perso più dell'intera "
        "probabilità.",
        "swings": "Sbalzi di fortuna più grandi:",
        "swing": "{i}. smazzata {d} dopo la mossa {m} (presa {t}), {drawn}: fortuna {luck} {unit} "
        "per il giocatore {p} ({how})",
        "drew": "il giocatore {p} ha pescato {card}",
        "too_uncertain": "troppo incerta per dirlo",
        "between": "[{lo}; {hi}]",
        "exact_val": "esatto",
        "exact_luck": "esatta",
        "every_draw": "ogni pescata risolta",
        "every_draw_est": "ogni pescata stimata",
        "exact_how": "esatta: {how}",
        "card_value": "rispetto al valore della carta secondo il motore",
        "luck_note": "Fortuna: il valore dopo ogni pescata meno la media su tutte le pescate "
        "possibili (come GNU Backgammon conta i dadi); il risultato al netto della "
        "fortuna è il risultato meno la fortuna. Un intervallo è ristretto ai valori "
        "che la fortuna può prendere ({span}); uno che li copre tutti, o che non ne contiene "
        "nessuno, è troppo incerto per dirlo; gli sbalzi di fortuna sono pescate il cui intervallo non "
        "comprende lo zero.",
        "totals_note": "I totali sono ristretti allo stesso modo: gli errori sommati non scendono "
        "mai sotto la somma dei costi esatti (un costo non è mai sotto 0); la fortuna sommata "
        "di un giocatore sta entro la somma dei limiti delle pescate e, nella scoperta con "
        "ogni carta e pescata giudicata, entro quanto permette il risultato: il risultato meno "
        "il valore all'inizio è la fortuna meno i propri errori più quelli dell'avversario, "
        "ciascuno entro il suo intervallo.",
        "called": "decisioni giudicate: {k} su {n}; ",
        "luck_span": "i punti ancora in gioco",
        "luck_span_win": "una probabilità di vittoria sta tra 0 e 1",
        "open_luck_note": "Nella scoperta entrambi vedono ogni pescata: la fortuna di un "
        "giocatore è quella dell'altro cambiata di segno.",
        "open_luck_note_teams": "Nella scoperta a quattro tutti vedono ogni pescata: la fortuna "
        "della squadra 2+4 è quella della squadra 1+3 cambiata di segno.",
        "team_note": "Quattro giocatori: il valore e il costo di una carta sono della squadra di "
        "chi la gioca (squadra 1+3 o squadra 2+4); errori, fortuna e risultato si sommano per "
        "squadra.",
        "team": "squadra {t}",
        "team_named": "squadra {t} ({names})",
        "t_short": "S{t}",
        "swing_team": "{i}. smazzata {d} dopo la mossa {m} (presa {t}), {drawn}: fortuna {luck} "
        "{unit} per la squadra {team} ({how})",
        "seat_luck_note": "La fortuna di un giocatore è la sua pescata, valutata dal suo posto, "
        "misurata dopo le prese che ha vinto; dopo una presa persa l'avversario "
        "apre prima che il suo posto si possa valutare, e quella pescata non è "
        "misurata.",
    }
)
AGREE["it"] += [(re.compile(_ONE + r"pescate\b"), "1 pescata")]
#: the review's words for a cost with no sampling error (every hand, or every draw, solved):
#: exact, said as a solved luck is ("exact: all hands, seat view", exact_how)
REVIEW_TEXT["en"].update(
    {
        "seat_all": "all hands, seat view",
        "all_cases": "all draws solved",
        "all_note": "All hands / all draws solved: every hand the mover could face (or every first "
        "draw) was solved, so the cost has no sampling error: it is exact, their mean.",
        "bound": "bound",
        "bound_note": "(bound): fewer than two samples in the time, too few for a 95 % "
        "interval: the ± (or the range) is the widest the cost can stray, so it covers "
        "every cost the card can have and the card is too close to call.",
        "luck_bound_note": "(bound) after a luck: a value it rests on had fewer than two "
        "samples in the time: its ± holds the widest that value can stray, not a 95 % interval.",
        "close_note": "≈ too close to call: a cost whose interval reaches 0 (within its own ±, "
        "or [0, x]: a ± is cut to the values a cost can take), or the estimate's best card "
        "played while another is within its ± (its cost given as the range it lies in, 0–x); "
        "neither a mistake nor counted in the accuracy.",
    }
)
REVIEW_TEXT["it"].update(
    {
        "seat_all": "tutte le mani, dal posto",
        "all_cases": "tutte le pescate risolte",
        "all_note": "Tutte le mani / tutte le pescate risolte: ogni mano che il giocatore poteva "
        "trovarsi di fronte (o ogni prima pescata) è stata risolta, quindi il costo non "
        "ha errore di campionamento: è esatto, la loro media.",
        "bound": "limite",
        "bound_note": "(limite): meno di due campioni nel tempo disponibile, troppo pochi per un "
        "intervallo al 95 %: il ± (o l'intervallo) è di quanto al massimo il costo può scostarsi, "
        "quindi copre "
        "ogni costo che la carta può avere e la carta è troppo vicina per giudicarla.",
        "luck_bound_note": "(limite) dopo una fortuna: un valore su cui poggia ha avuto meno di "
        "due campioni nel tempo disponibile: il suo ± è di quanto al massimo quel valore può "
        "scostarsi, non "
        "un intervallo al 95 %.",
        "close_note": "≈ troppo vicina per giudicarla: un costo il cui intervallo arriva a 0 "
        "(entro il suo ±, o [0; x]: un ± è ristretto ai valori che un costo può avere), o la "
        "carta migliore secondo la stima, giocata mentre un'altra è entro il suo ± (il costo dato come "
        "l'intervallo in cui cade, 0–x); non è un errore e non conta nella precisione.",
    }
)

#: `briscola play`: the terminal game against the engine (scoperta, then the other games)
PLAY_WORDS = {
    "en": {
        "intro": "{game} against the engine (level {level}), {deal}. "
        "You are player 1. Type a card (AD, 3c, 1D ..., its name, or its place in your cards: "
        "1 for the first), 'hint', 'help' or 'q'.",
        "match": "Match of {n} rounds.",
        "deal": "--- Deal {d} ---",
        "you": "you",
        "seed_given": "seed {seed}",
        "seed_hidden": "a random deal (its seed is said at the end: it names the unseen cards)",
        "from_given": "from the position given; its talon's order is fixed, so nothing is shuffled",
        "from_empty": "from the position given; its talon is empty, so nothing is shuffled",
        "from_shuffled": "from the position given, the talon's {n} unseen cards shuffled "
        "(the seed is said at the end: it names their order)",
        "from_seed": "from the position given, the talon's {n} unseen cards shuffled by seed {seed}",
        "seed_end": "The seed was {seed}: `{command}` deals the same again.",
        "engine": "the engine",
        "Engine": "The engine",
        "legal": "Your cards: {cards}",
        "prompt": "Your card> ",
        "not_in_hand": "{card} is not in your hand (your cards: {cards})",
        "help": "Type a card you hold (AD, 3c, 1D, 10b ..., its name: Ace of coins, or its place "
        "in your cards as they are listed: 1 for the first), 'hint' "
        "for the engine's advice, "
        "'u' for the cards you have not seen, 'b' for the whole board, 'q' to quit.",
        "plays": "{who} plays {card}: {reason}",
        "takes": "takes {t} with {c}{trump}",
        "tops": "beats {t} with {c}{trump}, for now (players still to play)",
        "trump": " (trump)",
        "gives": "gives up the trick, throwing {c}",
        "under": "does not beat {t}, throwing {c}",
        "leads": "leads {c}",
        "exact": "value {v} (exact)",
        "expected": "expected {v} ± {e} (estimate; ± covers {covers})",
        "expected_bare": "expected {v} (estimate)",
        "for_engine": " for the engine",
        "for_your_team": " for your team",
        "for_their_team": " for their team",
        "why_greedy": "a rule-of-thumb card",
        "why_random": "a random card",
        "why_fallback": "rule of thumb: no analysis in time",
        "why_forced": "its only card",
        "trick": "Trick {n}: {cards} -> {who} {verb} {p} points. Score: you {a}, the engine {b}.",
        "take": "take",
        "takes_v": "takes",
        "hint": "Hint: {card} ({name}), {value} for you",
        "hint_team": "Hint: {card} ({name}), {value} for your team",
        "hint_next": "; next best {card} {value}",
        "hint_gap": " ({g} ± {e} behind)",
        "hint_close": " — too close to tell apart within the estimate's error",
        "hint_equal": " — just as good",
        "hint_samples": " (over {n} sampled {hands} of the cards you cannot see)",
        "hand_1": "hand",
        "hand_n": "hands",
        "hint_greedy": "Hint (rule of thumb, no analysis available): {card} ({name})",
        "result_win": "Result: you {a}, the engine {b}: you win the deal.",
        "result_loss": "Result: you {a}, the engine {b}: the engine wins the deal.",
        "result_draw": "Result: 60-60, a draw.",
        "result_unscored": "Result from the start on: you {a}, the engine {b} (the start gave "
        "no score=, so who won the deal is not known).",
        "review": "Review of your play:",
        "standing": "Match: you {w} deals won, the engine {l}, drawn {d}.",
        "standing_teams": "Match: deals won by your team {w}, by the other team {l}, drawn {d}.",
        "match_win": "You win the match.",
        "match_loss": "The engine wins the match.",
        "match_win_teams": "Your team wins the match.",
        "match_loss_teams": "The other team wins the match.",
        "match_draw": "The match is drawn.",
        "quit": "Game stopped.",
        "eof": "End of input: game stopped.",
        "interrupted": "Interrupted: game stopped.",
        "opponent_failed": "Opponent failed: game stopped.",
        "wrote": "Record written to {path}",
    },
    "it": {
        "intro": "{game} contro il motore (livello {level}), {deal}. "
        "Sei il giocatore 1. Scrivi una carta (AD, 3c, 1D ..., il suo nome, o il suo posto fra "
        "le tue carte: 1 per la prima), 'consiglio', 'aiuto' o 'q'.",
        "match": "Partita di {n} smazzate.",
        "deal": "--- Smazzata {d} ---",
        "you": "tu",
        "seed_given": "mescolata n. {seed}",
        "seed_hidden": "una mescolata a caso (il suo numero si vede alla fine: indica le carte non "
        "viste)",
        "from_given": "dalla posizione data; l'ordine del tallone è già fissato, quindi non "
        "si mescola nulla",
        "from_empty": "dalla posizione data; il tallone è vuoto, quindi non si mescola nulla",
        "from_shuffled": "dalla posizione data, le {n} carte non viste del tallone mescolate a "
        "caso (il numero della mescolata si vede alla fine: indica il loro ordine)",
        "from_seed": "dalla posizione data, le {n} carte non viste del tallone nell'ordine della "
        "mescolata n. {seed}",
        "seed_end": "Era la mescolata n. {seed}: `{command}` rifà la stessa smazzata.",
        "engine": "il motore",
        "Engine": "Il motore",
        "legal": "Le tue carte: {cards}",
        "prompt": "La tua carta> ",
        "not_in_hand": "{card} non è nella tua mano (le tue carte: {cards})",
        "help": "Scrivi una carta che hai (AD, 3c, 1D, 10b ..., il suo nome: Asso di denari, o il "
        "suo posto fra le tue carte come sono elencate: 1 per la prima), "
        "'consiglio' per il consiglio del motore, "
        "'u' per le carte che non hai visto, 'b' per tutto il tavolo, 'q' per uscire.",
        "plays": "{who} gioca {card}: {reason}",
        "takes": "prende {t} con {c}{trump}",
        "tops": "supera {t} con {c}{trump}, per ora (altri devono ancora giocare)",
        "trump": " (briscola)",
        "gives": "lascia la presa e scarta {c}",
        "under": "non supera {t} e scarta {c}",
        "leads": "apre con {c}",
        "exact": "valore {v} (esatto)",
        "expected": "valore atteso {v} ± {e} (stima; ± copre: {covers})",
        "expected_bare": "valore atteso {v} (stima)",
        "for_engine": " per il motore",
        "for_your_team": " per la tua squadra",
        "for_their_team": " per la loro squadra",
        "why_greedy": "una carta scelta con una regola pratica",
        "why_random": "una carta a caso",
        "why_fallback": "regola pratica: nessuna analisi in tempo",
        "why_forced": "l'unica carta",
        "trick": "Presa {n}: {cards} -> {who} {verb} {p} punti. Punteggio: tu {a}, il motore {b}.",
        "take": "prendi",
        "takes_v": "prende",
        "hint": "Consiglio: {card} ({name}), {value} per te",
        "hint_team": "Consiglio: {card} ({name}), {value} per la tua squadra",
        "hint_next": "; la seconda migliore è {card} {value}",
        "hint_gap": " ({g} ± {e} in meno)",
        "hint_close": " — troppo vicine per distinguerle entro l'errore della stima",
        "hint_equal": " — vale lo stesso",
        "hint_samples": " (su {n} {hands} fra le carte che non vedi)",
        "hand_1": "mano estratta",
        "hand_n": "mani estratte",
        "hint_greedy": "Consiglio (regola pratica, nessuna analisi): {card} ({name})",
        "result_win": "Risultato: tu {a}, il motore {b}: vinci la smazzata.",
        "result_loss": "Risultato: tu {a}, il motore {b}: il motore vince la smazzata.",
        "result_draw": "Risultato: 60-60, pareggio.",
        "result_unscored": "Risultato dall'inizio: tu {a}, il motore {b} (la posizione di "
        "partenza non dava score=, quindi chi ha vinto la smazzata non si sa).",
        "review": "Analisi del tuo gioco:",
        "standing": "Partita: tu {w} smazzate vinte, il motore {l}, pari {d}.",
        "standing_teams": "Partita: smazzate vinte dalla tua squadra {w}, dall'altra {l}, pari "
        "{d}.",
        "match_win": "Vinci la partita.",
        "match_loss": "Il motore vince la partita.",
        "match_win_teams": "La tua squadra vince la partita.",
        "match_loss_teams": "L'altra squadra vince la partita.",
        "match_draw": "La partita è pari.",
        "quit": "Partita interrotta.",
        "eof": "Fine dell'input: partita interrotta.",
        "interrupted": "Interruzione: la partita si ferma qui.",
        "opponent_failed": "Errore dell'avversario: la partita si ferma qui.",
        "wrote": "Partita salvata in {path}",
    },
}

PLAY_OTHER_WORDS = {
    "en": {
        "seat": "player {n}",
        "you": "you",
        "partner": "partner",
        "hidden": "{k} cards (hidden)",
        "talon": "talon: {k} cards",
        "trump": "trump card: {card}",
        "no_trump": "no trump",
        "table": "table: {cards}",
        "points": "points: your team {a}, the other team {b}",
        "points_two": "points: you {a}, {engine} {b}",
        "why": "{why}",
        "takes": "takes the trick",
        "follows": "plays",
        "result": "Deal over: your team {a}, the other team {b}.",
        "result_win": "Deal over: your team {a}, the other team {b}: your team wins the deal.",
        "result_loss": "Deal over: your team {a}, the other team {b}: the other team wins the "
        "deal.",
        "result_draw": "Deal over: your team {a}, the other team {b}: a draw at 60-60.",
        "standing_pts": "Match totals: you {a}, {engine} {b}.",
    },
    "it": {
        "seat": "giocatore {n}",
        "you": "tu",
        "partner": "compagno",
        "hidden": "{k} carte (coperte)",
        "talon": "tallone: {k} carte",
        "trump": "briscola: {card}",
        "no_trump": "senza briscola",
        "table": "in tavola: {cards}",
        "points": "punti: la tua squadra {a}, l'altra {b}",
        "points_two": "punti: tu {a}, {engine} {b}",
        "why": "{why}",
        "takes": "fa la presa",
        "follows": "gioca",
        "result": "Smazzata finita: la tua squadra {a}, l'altra {b}.",
        "result_win": "Smazzata finita: la tua squadra {a}, l'altra {b}: la tua squadra vince la "
        "smazzata.",
        "result_loss": "Smazzata finita: la tua squadra {a}, l'altra {b}: l'altra squadra vince "
        "la smazzata.",
        "result_draw": "Smazzata finita: la tua squadra {a}, l'altra {b}: pareggio 60 a 60.",
        "standing_pts": "Totali della partita: tu {a}, {engine} {b}.",
    },
}

#: the words `play` added for issue 34: level names, the compact board, the other games'
#: draws and tricks (the same keys in both languages)
PLAY_LEVELS = {
    "en": {"easy": "easy", "medium": "medium", "hard": "hard", "perfect": "perfect"},
    "it": {"easy": "facile", "medium": "medio", "hard": "difficile", "perfect": "perfetto"},
}
PLAY_WORDS["en"].update(
    {
        "board_engine": "Engine:  {cards}",
        "board_you": "You:     {cards}",
        "board_table": "Table:   {card} ({by})",
        "board_table_empty": "Table:   -",
        "led_engine": "led by the engine",
        "led_you": "led by you",
        "board_talon": "Talon:   {n} cards, top {top}; trump card {brisc} ({suit})",
        "board_talon_last": "Talon:   2 cards, top {top}, then the trump card {brisc} ({suit})",
        "board_talon_empty": "Talon:   empty; trumps are {suit}",
        "board_score": "Score:   you {a}, the engine {b}; {p} points in play",
        "board_more": "('u': the {n} cards you have not seen, 'b': the whole board)",
        "unseen": "Cards you have not seen ({n}): {cards}",
    }
)
PLAY_WORDS["it"].update(
    {
        "board_engine": "Motore:  {cards}",
        "board_you": "Tu:      {cards}",
        "board_table": "Tavolo:  {card} ({by})",
        "board_table_empty": "Tavolo:  -",
        "led_engine": "giocata dal motore",
        "led_you": "giocata da te",
        "board_talon": "Tallone: {n} carte, in cima {top}; briscola {brisc} ({suit})",
        "board_talon_last": "Tallone: 2 carte, in cima {top}, poi la briscola {brisc} ({suit})",
        "board_talon_empty": "Tallone: vuoto; briscola a {suit}",
        "board_score": "Punti:   tu {a}, il motore {b}; {p} punti in gioco",
        "board_more": "('u': le {n} carte che non hai visto, 'b': tutto il tavolo)",
        "unseen": "Carte che non hai visto ({n}): {cards}",
    }
)
PLAY_OTHER_WORDS["en"].update(
    {
        "engine": "the engine",
        "Engine": "The engine",
        "hand": "Your cards: {cards}",
        "top": " (top {card})",
        "hand_playable": "Your cards: {cards} (playable: {legal})",
        "trick": "Trick {n}: {cards} -> {who} {verb} {p} points. Score: your team {a}, the "
        "other team {b}.",
        "draws": "Draws: {draws}.",
        "drew": "{who} {card}",
        "drew_hidden": "{who} a hidden card",
    }
)
PLAY_OTHER_WORDS["it"].update(
    {
        "engine": "il motore",
        "Engine": "Il motore",
        "hand": "Le tue carte: {cards}",
        "top": " (in cima {card})",
        "hand_playable": "Le tue carte: {cards} (giocabili: {legal})",
        "trick": "Presa {n}: {cards} -> {who} {verb} {p} punti. Punteggio: la tua squadra {a}, "
        "l'altra {b}.",
        "draws": "Pescate: {draws}.",
        "drew": "{who} {card}",
        "drew_hidden": "{who} una carta coperta",
    }
)
#: `play` for issue 41: the engine's reasons as far as your seat may hear them, the
#: four-player carico, your last card played for you, the draws in drawing order, refusals
PLAY_WORDS["en"].update(
    {
        "loads": "loads {c} onto its partner's trick (a carico)",
        "loads_for_now": "loads {c} (a carico) onto the trick its partner holds for now (players "
        "still to play)",
        "leaves": "leaves the trick to its partner, playing {c}",
        "loads_you": "loads {c} onto your trick (a carico)",
        "loads_you_for_now": "loads {c} (a carico) onto the trick you hold for now (players still "
        "to play)",
        "leaves_you": "leaves the trick to you, playing {c}",
        "void": ", having no {suit} to follow with",
        "last_of_hand": ": its last card",
        "hidden_reasons": "The engine's hand is hidden: it says what each of its cards does, not "
        "why (the why would show its hand).",
        "last_card": "Your last card, {card}, is played for you.",
        "bad_card": "{error}, or 'help'",
        "bad_place": "you have no card {k}: type 1 to {n} for a card by its place in your "
        "cards, the card itself (AD, 3c ...), or 'help'",
        "must_follow": "{card}: you must follow suit with {suit} (playable: {cards})",
        "reviewing": "reviewing move {k}/{n}",
        "match_segni": "Match: the first to win {n} deals.",
        "match_points": "Match to {n} points, added up over the deals.",
    }
)
PLAY_WORDS["it"].update(
    {
        "loads": "carica {c} sulla presa del suo compagno",
        "loads_for_now": "carica {c} sulla presa che per ora tiene il suo compagno (altri devono "
        "ancora giocare)",
        "leaves": "lascia la presa al suo compagno e gioca {c}",
        "loads_you": "carica {c} sulla tua presa",
        "loads_you_for_now": "carica {c} sulla presa che per ora tieni tu (altri devono ancora "
        "giocare)",
        "leaves_you": "ti lascia la presa e gioca {c}",
        "void": ", non avendo {suit} per rispondere",
        "last_of_hand": ": la sua ultima carta",
        "hidden_reasons": "La mano del motore è coperta: dice che cosa fa ogni sua carta, non "
        "perché (il perché mostrerebbe la sua mano).",
        "last_card": "La tua ultima carta, {card}, viene giocata al posto tuo.",
        "bad_card": "{error}, oppure 'aiuto'",
        "bad_place": "non hai una carta {k}: scrivi da 1 a {n} per una carta dal suo posto "
        "fra le tue carte, la carta stessa (AD, 3c ...) oppure 'aiuto'",
        "must_follow": "{card}: devi rispondere a {suit} (giocabili: {cards})",
        "reviewing": "analizzo la mossa {k}/{n}",
        "match_segni": "Partita: vince chi arriva per primo a {n} smazzate vinte.",
        "match_points": "Partita a {n} punti, sommati smazzata dopo smazzata.",
    }
)
PLAY_OTHER_WORDS["en"]["then"] = ", then "
PLAY_OTHER_WORDS["it"]["then"] = ", poi "
#: `play`'s values in the frame of the deal's end (issue 41 item 5, solver.frame)
PLAY_WORDS["en"].update(
    {
        "margin_exact": "expected final margin {v} (exact)",
        "margin_expected": "expected final margin {v} ± {e} (estimate; ± covers {covers})",
        "margin_expected_bare": "expected final margin {v} (estimate)",
        "frame_note": "Values are expected final margins: the points taken plus the points still "
        "to win, the side named minus the other (taking a trick does not move them).",
    }
)
PLAY_WORDS["it"].update(
    {
        "margin_exact": "margine finale atteso {v} (esatto)",
        "margin_expected": "margine finale atteso {v} ± {e} (stima; ± copre: {covers})",
        "margin_expected_bare": "margine finale atteso {v} (stima)",
        "frame_note": "I valori sono margini finali attesi: i punti presi più i punti ancora da "
        "vincere, la parte indicata meno l'altra (fare una presa non li cambia).",
    }
)
#: `play --opponent AGENT`: the words of PLAY_WORDS and PLAY_OTHER_WORDS that name the engine
#: as the other side, said of the agent that plays there instead (the hints and the review
#: are still the engine's); the board's rows are aligned to the longer name
PLAY_OPPONENT_WORDS = {
    "en": {
        "intro": "{game} against {opponent}, {deal}. "
        "You are player 1. Type a card (AD, 3c, 1D ..., its name, or its place in your cards: "
        "1 for the first), 'hint', 'help' or 'q'.",
        "engine": "the opponent",
        "Engine": "The opponent",
        "hidden_reasons": "The opponent's cards are said with what they do in the trick: it gives "
        "no reasons.",
        "trick": "Trick {n}: {cards} -> {who} {verb} {p} points. Score: you {a}, the opponent {b}.",
        "result_win": "Result: you {a}, the opponent {b}: you win the deal.",
        "result_loss": "Result: you {a}, the opponent {b}: the opponent wins the deal.",
        "result_unscored": "Result from the start on: you {a}, the opponent {b} (the start gave "
        "no score=, so who won the deal is not known).",
        "standing": "Match: you {w} deals won, the opponent {l}, drawn {d}.",
        "match_loss": "The opponent wins the match.",
        "board_engine": "Opponent: {cards}",
        "board_you": "You:      {cards}",
        "board_table": "Table:    {card} ({by})",
        "board_table_empty": "Table:    -",
        "led_engine": "led by the opponent",
        "board_talon": "Talon:    {n} cards, top {top}; trump card {brisc} ({suit})",
        "board_talon_last": "Talon:    2 cards, top {top}, then the trump card {brisc} ({suit})",
        "board_talon_empty": "Talon:    empty; trumps are {suit}",
        "board_score": "Score:    you {a}, the opponent {b}; {p} points in play",
    },
    "it": {
        "intro": "{game} contro {opponent}, {deal}. "
        "Sei il giocatore 1. Scrivi una carta (AD, 3c, 1D ..., il suo nome, o il suo posto fra "
        "le tue carte: 1 per la prima), 'consiglio', 'aiuto' o 'q'.",
        "engine": "l'avversario",
        "Engine": "L'avversario",
        "hidden_reasons": "Di ogni carta dell'avversario si dice che cosa fa nella presa: "
        "l'avversario non spiega perché.",
        "trick": "Presa {n}: {cards} -> {who} {verb} {p} punti. Punteggio: tu {a}, l'avversario "
        "{b}.",
        "result_win": "Risultato: tu {a}, l'avversario {b}: vinci la smazzata.",
        "result_loss": "Risultato: tu {a}, l'avversario {b}: l'avversario vince la smazzata.",
        "result_unscored": "Risultato dall'inizio: tu {a}, l'avversario {b} (la posizione di "
        "partenza non dava score=, quindi chi ha vinto la smazzata non si sa).",
        "standing": "Partita: tu {w} smazzate vinte, l'avversario {l}, pari {d}.",
        "match_loss": "L'avversario vince la partita.",
        "board_engine": "Avversario: {cards}",
        "board_you": "Tu:         {cards}",
        "board_table": "Tavolo:     {card} ({by})",
        "board_table_empty": "Tavolo:     -",
        "led_engine": "giocata dall'avversario",
        "board_talon": "Tallone:    {n} carte, in cima {top}; briscola {brisc} ({suit})",
        "board_talon_last": "Tallone:    2 carte, in cima {top}, poi la briscola {brisc} ({suit})",
        "board_talon_empty": "Tallone:    vuoto; briscola a {suit}",
        "board_score": "Punti:      tu {a}, l'avversario {b}; {p} punti in gioco",
    },
}
PLAY_OPPONENT_OTHER_WORDS = {
    "en": {"engine": "the opponent", "Engine": "The opponent"},
    "it": {"engine": "l'avversario", "Engine": "L'avversario"},
}
#: the games' names as `play` shows them (the variant's title without the player count when
#: it is two)
PLAY_TITLES = {
    "en": {
        "scoperta": "Briscola scoperta",
        "scoperta4": "Briscola scoperta (4 players, 2 teams)",
        "classic": "Briscola",
        "briscolone": "Briscolone",
        "libero": "Briscolone Libero",
    },
    "it": {
        "scoperta": "Briscola scoperta",
        "scoperta4": "Briscola scoperta (4 giocatori, 2 squadre)",
        "classic": "Briscola",
        "briscolone": "Briscolone",
        "libero": "Briscolone libero",
    },
}

# ----- the commands' own text: analyse, best, deal, simulate, replay, match, puzzles solve and
# generate, warm-up, serve (command_text). Their JSON, notation and files stay English.
COMMAND_TEXT = {
    "en": {
        "analyse.position": "position: {position}",
        "analyse.to_move": "player {n} to move — objective: {objective} ({unit}), {kind}",
        "analyse.objective.points": "points",
        "analyse.objective.win": "win",
        "analyse.unit.points": "expected points still to win, you minus opponent",
        "analyse.unit.points4": "expected points still to win, your team minus the other",
        "analyse.unit.win": "chance of ending the deal with 61+, 60-60 counting one half",
        "analyse.unit.win4": "chance of your team ending the deal with 61+, 60-60 counting "
        "one half",
        "analyse.exact": "exact",
        "analyse.solved": "  exact (solved before the search stopped)",
        "analyse.estimate": "ESTIMATE (not exact)",
        "analyse.taken": "points taken {a}-{b}: expected final margin = {taken} + points still "
        "to win",
        "analyse.below": "   {gap} ± {e} below the best",
        "analyse.below_win": "   {gap} ± {e} percentage points below the best",
        "analyse.final": "   final margin {final}",
        "analyse.best": "best: {cards}",
        "analyse.line": "line: {cards}",
        "analyse.then_hidden": "  (then the hidden hand decides)",
        "analyse.then_draw": "  (then the draw decides)",
        "analyse.note": "note: {note}",
        "analyse.samples": "samples: {n} opponent hands",
        "analyse.method": "method: {words}",
        "analyse.interval": "interval: {words}",
        "analyse.nodes": "nodes: {nodes}  time: {seconds} s",
        "best.estimate": "estimate ±{e}",
        "best.estimate_win": "estimate ±{e} percentage points",
        "best.estimate_solved": "estimate: its value exact, the other cards' ±{e}",
        "best.estimate_win_solved": "estimate: its chance exact, the other cards' ±{e} "
        "percentage points",
        "best.estimate_bare": "estimate",
        "best.interrupted": "interrupted",
        "games.player": "player {n}: {cards}",
        "games.dealt": "{title}: dealer player {dealer}, player {first} leads",
        "games.briscola": "briscola {card}",
        "games.talon": "talon (top first): {cards}",
        "games.no_trump": "no trump",
        "games.from_position": "from a position",
        "games.dealer": "dealer player {dealer}",
        "games.who": "P{n}",
        "games.trick": "trick {i:2d}: {plays} -> {who} +{points}",
        "games.draws": "  draws: ",
        "games.draw": "draw 60-60",
        "games.side_wins": "side {n} wins",
        "games.team_wins": "team {team} wins",
        "games.result": "result: {a}-{b}, {result}",
        "games.unfinished": "unfinished after {moves}: {a}-{b}",
        "games.moves": "{n} moves",
        "games.won_since": "{a}-{b} won from the start on",
        "games.no_score": "the start has no score: the final score is not known",
        "games.final_score": "final score {a}-{b}, {result}",
        "games.score": "score {a}-{b}",
        "games.head_result": "result",
        "games.head_unfinished": "unfinished after {moves}",
        "games.since": "{head}: {gained}; {known}",
        "games.record": "record {n}",
        "games.deal": "deal {n}",
        "games.match": "match: {a}-{b}, {winner}",
        "games.match_deals": "match: deals won {w1}-{w2} (points {a}-{b}), {winner}",
        "games.no_winner": "no winner",
        "simulate.progress": "simulate: {done}/{total} {unit}, {seconds} s",
        "simulate.matches": "matches",
        "simulate.deals": "deals",
        "simulate.head": "{title}: {done} {unit}",
        "simulate.head_stopped": "{title}: {done} {unit} of {total} (interrupted)",
        "simulate.head_limit": "{title}: {done} {unit} of {total} (time limit)",
        "simulate.head_bot": "{title}: {done} {unit} of {total} (stopped: a bot failed)",
        "simulate.none_limit": "time limit reached before any game finished",
        "simulate.seed": ", seed {seed}",
        "simulate.target": ", {kind} target {target}, {deals} deals",
        "simulate.kind.segni": "segni",
        "simulate.kind.rounds": "rounds",
        "simulate.kind.points": "points",
        "simulate.side": "side {s} ({names}): {wins} wins, {draws} draws, {losses} losses, mean "
        "points per deal {mean}",
        "simulate.deals_won": "deals: side 1 won {a}, side 2 won {b}, drawn {drawn}",
        "simulate.team": "team {s} ({names}): {wins} wins, {draws} draws, {losses} losses, mean "
        "points per deal {mean}",
        "simulate.deals_won_teams": "deals: team 1+3 won {a}, team 2+4 won {b}, drawn {drawn}",
        "simulate.totals": "match totals: side 1 {a} points, side 2 {b} points (mean per match "
        "{x} - {y})",
        "simulate.wrote": "wrote {n} records to {where}",
        "interrupted": "interrupted",
        "match.head": "match: A = {a} vs B = {b}, {title}, seed {seed}",
        "match.done": "{pairs} duplicate deals ({games} games)",
        "match.stopped": "{pairs} duplicate deals ({games} games): interrupted after {pairs} of "
        "{deals}",
        "match.margin": "A point margin per deal:",
        "match.rate": "A win rate:",
        "match.margin_row": "{label} {m}   95% CI {spread}",
        "match.rate_row": "{label} {r}   95% CI {ci}   (A won {wins}, drew {draws}, lost {losses})",
        "match.one_deal": "undefined (one deal: it needs two)",
        "match.interval": "[{lo}, {hi}]",
        "match.progress": "match: {n}/{deals} deals, {seconds} s, A margin {m}{ci}",
        "match.progress_ci": " (95% CI [{lo}, {hi}])",
        "match.none": "interrupted before any deal finished",
        "match.none_limit": "time limit reached before any deal finished",
        "match.limit": "{pairs} duplicate deals ({games} games): stopped at the time limit "
        "after {pairs} of {deals}",
        "match.bot_failed": "{pairs} duplicate deals ({games} games): stopped by a bot's failure "
        "after {pairs} of {deals}",
        "solve.header": "id|difficulty|measured|stated|solver|ok",
        "solve.ok": "ok",
        "solve.wrong": "WRONG",
        "solve.incomplete": "{word} (incomplete: {cards} as good)",
        "solve.estimate": "{word} (estimate)",
        "solve.unchecked": "unchecked (estimate)",
        "solve.too_close": "too close to call (estimate)",
        "solve.skipped": "skipped (estimate)",
        "solve.summary": "{n} puzzle(s), {bad} wrong",
        "solve.summary_stopped": "{n} of {total} puzzle(s) solved, {bad} wrong",
        "solve.progress": "solve: {n}/{total} puzzles, {seconds} s",
        "solve.estimated": "; {n} verdict(s) rest on the solver's estimate, not an exact answer "
        "(--exact-only skips them)",
        "solve.unchecked_count": "; {n} stated value(s) unchecked: the solver's answer is an "
        "estimate",
        "solve.skipped_count": "; {n} skipped: the solver's answer would be an estimate",
        "solve.too_close_count": "; {n} best-card verdict(s) too close to call: the solver's "
        "estimate cannot tell the cards that may be best apart",
        "solve.differs_count": "; {n} stated difficulty(ies) differ from the measured one (!), "
        "a note, not an error",
        "generate.progress": "found {found}/{count} puzzles in {tried} positions",
        "generate.interrupted": "interrupted: {n} puzzle(s) kept",
        "generate.short": "only {n} puzzle(s) found; try another seed or fewer filters",
        "generate.time_limit": "time limit reached ({seconds} s): {n} puzzle(s) kept",
        "generate.none_limit": "time limit reached ({seconds} s) before any puzzle was found: "
        "nothing written",
        "generate.none": "no puzzle found: nothing written; try another seed or fewer filters",
        "generate.none_interrupted": "interrupted before any puzzle was found: nothing written",
        "time_limit": "stopped at the time limit ({seconds} s)",
        "warmup.loading": "warm-up: loading {kernel}",
        "warmup.still": "warm-up: still compiling: {names} ({seconds} s)",
        "warmup.compiled": "compiled",
        "warmup.cached": "read from the cache",
        "warmup.done": "warm-up: {kernel}: {how} in {wall} s ({cpu} s of CPU)",
        "warmup.failed": "error: loading {kernel} failed: {why}",
        "warmup.ready": "{n} {kernels} ready in {wall} s ({cpu} s of CPU in {jobs} processes): "
        "{compiled} compiled, {cached} read from the cache",
        "warmup.kernel": "kernel",
        "warmup.kernels": "kernels",
        "serve.open": "warning: --host {host} listens on {where}: the board's API has no "
        "authentication, so anyone who can reach port {port} can run searches on this machine",
        "serve.everywhere": "every network interface",
        "serve.network": "the network at {ip}",
        "serve.listening": "listening on {ip}:{port}; the analysis board is at {url} (Ctrl-C "
        "stops it)",
    },
    "it": {
        "analyse.position": "posizione: {position}",
        "analyse.to_move": "tocca al giocatore {n} — obiettivo: {objective} ({unit}), {kind}",
        "analyse.objective.points": "punti",
        "analyse.objective.win": "vittoria",
        "analyse.unit.points": "punti attesi ancora da vincere, tu meno l'avversario",
        "analyse.unit.points4": "punti attesi ancora da vincere, la tua squadra meno l'altra",
        "analyse.unit.win": "probabilità di chiudere la smazzata con 61 o più, il 60 a 60 "
        "contato come metà",
        "analyse.unit.win4": "probabilità che la tua squadra chiuda la smazzata con 61 o più, "
        "il 60 a 60 contato come metà",
        "analyse.exact": "esatto",
        "analyse.solved": "  esatto (risolto prima che la ricerca si fermasse)",
        "analyse.estimate": "STIMA (non esatta)",
        "analyse.taken": "punti presi {a}-{b}: margine finale atteso = {taken} + punti ancora "
        "da vincere",
        "analyse.below": "   {gap} ± {e} sotto la migliore",
        "analyse.below_win": "   {gap} ± {e} punti percentuali sotto la migliore",
        "analyse.final": "   margine finale {final}",
        "analyse.best": "migliore: {cards}",
        "analyse.line": "linea: {cards}",
        "analyse.then_hidden": "  (poi decide la mano nascosta)",
        "analyse.then_draw": "  (poi decide la pescata)",
        "analyse.note": "nota: {note}",
        "analyse.samples": "campioni: {n} mani dell'avversario",
        "analyse.method": "metodo: {words}",
        "analyse.interval": "intervallo: {words}",
        "analyse.nodes": "nodi: {nodes}  tempo: {seconds} s",
        "best.estimate": "stima ±{e}",
        "best.estimate_win": "stima ±{e} punti percentuali",
        "best.estimate_solved": "stima: il suo valore esatto, quello delle altre carte ±{e}",
        "best.estimate_win_solved": "stima: la sua probabilità esatta, quella delle altre carte "
        "±{e} punti percentuali",
        "best.estimate_bare": "stima",
        "best.interrupted": "interrotta",
        "games.player": "giocatore {n}: {cards}",
        "games.dealt": "{title}: dà le carte il giocatore {dealer}, apre il giocatore {first}",
        "games.briscola": "briscola {card}",
        "games.talon": "tallone (dalla cima): {cards}",
        "games.no_trump": "senza briscola",
        "games.from_position": "da una posizione",
        "games.dealer": "dà le carte il giocatore {dealer}",
        "games.who": "G{n}",
        "games.trick": "presa {i:2d}: {plays} -> {who} +{points}",
        "games.draws": "  pescano: ",
        "games.draw": "pareggio 60 a 60",
        "games.side_wins": "vince la parte {n}",
        "games.team_wins": "vince la squadra {team}",
        "games.result": "risultato: {a}-{b}, {result}",
        "games.unfinished": "non finita dopo {moves}: {a}-{b}",
        "games.moves": "{n} mosse",
        "games.won_since": "{a}-{b} vinti dall'inizio in poi",
        "games.no_score": "la posizione di partenza non ha punteggio: il punteggio finale non si "
        "conosce",
        "games.final_score": "punteggio finale {a}-{b}, {result}",
        "games.score": "punteggio {a}-{b}",
        "games.head_result": "risultato",
        "games.head_unfinished": "non finita dopo {moves}",
        "games.since": "{head}: {gained}; {known}",
        "games.record": "partita registrata {n}",
        "games.deal": "smazzata {n}",
        "games.match": "partita: {a}-{b}, {winner}",
        "games.match_deals": "partita: smazzate vinte {w1}-{w2} (punti {a}-{b}), {winner}",
        "games.no_winner": "nessun vincitore",
        "simulate.progress": "simulazione: {done}/{total} {unit}, {seconds} s",
        "simulate.matches": "partite",
        "simulate.deals": "smazzate",
        "simulate.head": "{title}: {unit} {done}",
        "simulate.head_stopped": "{title}: {unit} {done} di {total} (interrotta)",
        "simulate.head_limit": "{title}: {unit} {done} di {total} (limite di tempo)",
        "simulate.head_bot": "{title}: {unit} {done} di {total} (fermata: un bot ha sbagliato)",
        "simulate.none_limit": "limite di tempo raggiunto prima che finisse una partita",
        "simulate.seed": ", mescolata n. {seed}",
        "simulate.target": ", obiettivo {target} {kind}, smazzate {deals}",
        "simulate.kind.segni": "segni",
        "simulate.kind.rounds": "giri",
        "simulate.kind.points": "punti",
        "simulate.side": "parte {s} ({names}): vittorie {wins}, pareggi {draws}, sconfitte "
        "{losses}, punti medi per smazzata {mean}",
        "simulate.deals_won": "smazzate: vinte dalla parte 1 {a}, dalla parte 2 {b}, pari {drawn}",
        "simulate.team": "squadra {s} ({names}): vittorie {wins}, pareggi {draws}, sconfitte "
        "{losses}, punti medi per smazzata {mean}",
        "simulate.deals_won_teams": "smazzate: vinte dalla squadra 1+3 {a}, dalla squadra 2+4 "
        "{b}, pari {drawn}",
        "simulate.totals": "totali delle partite: parte 1 {a} punti, parte 2 {b} punti (media "
        "per partita {x} - {y})",
        "simulate.wrote": "partite registrate scritte in {where}: {n}",
        "interrupted": "interrotto",
        "match.head": "partita: A = {a} contro B = {b}, {title}, mescolata n. {seed}",
        "match.done": "smazzate duplicate: {pairs} ({games} partite)",
        "match.stopped": "smazzate duplicate: {pairs} ({games} partite): interrotta dopo {pairs} "
        "di {deals}",
        "match.margin": "margine di A per smazzata:",
        "match.rate": "quota di vittorie di A:",
        "match.margin_row": "{label} {m}   IC 95 % {spread}",
        "match.rate_row": "{label} {r}   IC 95 % {ci}   (A ha vinto {wins}, pareggiato {draws}, "
        "perso {losses})",
        "match.one_deal": "non definito (una smazzata: ne servono due)",
        "match.interval": "[{lo}; {hi}]",
        "match.progress": "partita: smazzate {n}/{deals}, {seconds} s, margine di A {m}{ci}",
        "match.progress_ci": " (IC 95 % [{lo}; {hi}])",
        "match.none": "interrotta prima che finisse una smazzata",
        "match.none_limit": "limite di tempo raggiunto prima che finisse una smazzata",
        "match.limit": "smazzate duplicate: {pairs} ({games} partite): fermata al limite di "
        "tempo dopo {pairs} di {deals}",
        "match.bot_failed": "smazzate duplicate: {pairs} ({games} partite): fermata dall'errore "
        "di un bot dopo {pairs} di {deals}",
        "solve.header": "id|difficoltà|misurata|dichiarato|motore|esito",
        "solve.ok": "giusto",
        "solve.wrong": "SBAGLIATO",
        "solve.incomplete": "{word} (incompleto: anche {cards} tra le migliori)",
        "solve.estimate": "{word} (stima)",
        "solve.unchecked": "non verificato (stima)",
        "solve.too_close": "troppo vicine per giudicarle (stima)",
        "solve.skipped": "saltato (stima)",
        "solve.summary": "problemi: {n}, sbagliati: {bad}",
        "solve.summary_stopped": "problemi risolti: {n} di {total}, sbagliati: {bad}",
        "solve.progress": "verifica: problemi {n}/{total}, {seconds} s",
        "solve.estimated": "; verdetti che poggiano sulla stima del motore, non su una risposta "
        "esatta: {n} (--exact-only li salta)",
        "solve.unchecked_count": "; valori dichiarati non verificati, perché la risposta del "
        "motore è una stima: {n}",
        "solve.skipped_count": "; saltati, perché la risposta del motore sarebbe una stima: {n}",
        "solve.too_close_count": "; carte migliori troppo vicine per giudicarle, perché la stima "
        "del motore non distingue le carte che possono essere le migliori: {n}",
        "solve.differs_count": "; difficoltà dichiarate diverse da quella misurata (!), una nota, "
        "non un errore: {n}",
        "generate.progress": "problemi trovati: {found}/{count}, su {tried} posizioni",
        "generate.interrupted": "interrotto: problemi tenuti: {n}",
        "generate.short": "problemi trovati: solo {n}; prova un'altra mescolata o meno filtri",
        "generate.time_limit": "limite di tempo raggiunto ({seconds} s): problemi tenuti: {n}",
        "generate.none_limit": "limite di tempo raggiunto ({seconds} s) prima di trovare un "
        "problema: niente scritto",
        "generate.none": "nessun problema trovato: niente scritto; prova un'altra mescolata o meno "
        "filtri",
        "generate.none_interrupted": "interrotto prima di trovare un problema: niente scritto",
        "time_limit": "fermato al limite di tempo ({seconds} s)",
        "warmup.loading": "warm-up: carico {kernel}",
        "warmup.still": "warm-up: ancora in compilazione: {names} ({seconds} s)",
        "warmup.compiled": "compilato",
        "warmup.cached": "letto dalla cache",
        "warmup.done": "warm-up: {kernel}: {how} in {wall} s ({cpu} s di CPU)",
        "warmup.failed": "errore: il caricamento di {kernel} non è riuscito: {why}",
        "warmup.ready": "kernel pronti: {n}, in {wall} s ({cpu} s di CPU in {jobs} processi): "
        "compilati {compiled}, letti dalla cache {cached}",
        "warmup.kernel": "kernel",
        "warmup.kernels": "kernel",
        "serve.open": "attenzione: --host {host} ascolta su {where}: l'API del tavolo d'analisi non "
        "ha autenticazione, quindi chiunque raggiunga la porta {port} può avviare ricerche su "
        "questa macchina",
        "serve.everywhere": "ogni interfaccia di rete",
        "serve.network": "la rete all'indirizzo {ip}",
        "serve.listening": "in ascolto su {ip}:{port}; il tavolo d'analisi è su {url} "
        "(Ctrl-C lo ferma)",
    },
}


def command_text(lang: str, key: str, **kw) -> str:
    """One filled line of a command's text (COMMAND_TEXT), its counts of 1 agreed in both
    languages (agree: "in 1 process", "su 1 posizione")."""
    return agree(COMMAND_TEXT[check_lang(lang)][key].format(**kw), lang)


def game_title(variant, lang: str) -> str:
    """A game's name (its ``rules.Variant``) in ``lang``."""
    return variant.title if lang == "en" else PLAY_TITLES[check_lang(lang)][variant.name]


def note_text(note: str, lang: str) -> str:
    """An analysis's note (an errors.Note; its English is the JSON's) in ``lang``: its key's
    template filled (error_text), its counts of 1 agreed, a chance of winning's error and
    bias in percentage points as the text says every chance (Note.in_percent: the JSON's
    English keeps the probability)."""
    shown = note.in_percent() if isinstance(note, Note) else note
    return agree(str(shown) if check_lang(lang) == "en" else error_text(shown, lang), lang)


# ----- the analysis board's page (served by GET /api/strings) ----------------------------
#: every word the board's page shows; {name} fields are filled in by the page
BOARD_PAGE = {
    "en": {
        "page.title": "Briscola analysis board",
        "language": "language",
        "btn.undo": "↶ undo",
        "btn.undo.title": "take back your last card",
        "btn.redo": "redo ↷",
        "btn.redo.title": "play the card again",
        "btn.download": "download record",
        "btn.load": "load record",
        "btn.review": "review",
        "show_played": "cards played",
        "tab.analyse": "Analyse",
        "tab.play": "Play",
        "tab.setup": "Set up",
        "tab.puzzles": "Puzzles",
        "notation": "Position (notation)",
        "btn.set": "Show position",
        "objective": "objective",
        "obj.points": "points",
        "obj.win": "win",
        "time_limit": "time limit",
        "btn.analyse": "Analyse",
        "btn.stop": "Stop",
        "auto": "after each card",
        "btn.explain": "Explain",
        "game": "game",
        "seed": "seed",
        "random": "random",
        "btn.deal": "Deal",
        "you_play": "you play",
        "seat.1": "player 1",
        "seat.2": "player 2",
        "seat.3": "player 3",
        "seat.4": "player 4",
        "seat.both": "both (no engine)",
        "seat.all": "every seat (no engine)",
        "engine": "engine",
        "play.hint": "Pick a card of your hand on the board (tap or click it, or Tab to it and "
        "press Enter) to play it; the engine answers. Draws after each trick "
        "follow the shuffled deck. Pasting a position and pressing Show position "
        "also starts a game from it (the hidden talon order drawn at random).",
        "setup.put": "put cards into",
        "place.hand1": "hand 1",
        "place.hand2": "hand 2",
        "place.table": "table",
        "place.top": "talon top",
        "place.briscola": "trump card",
        "place.played": "played",
        "place.unseen": "talon, under the top",
        "place.out": "(take out)",
        "turn": "turn",
        "setup.hint": "Cards left out are the played ones; or mark the talon's cards (under the "
        "top) and the rest counts as played.",
        "btn.use": "Use this position",
        "btn.clear": "Clear",
        "pz.set": "set",
        "pz.prev": "previous puzzle",
        "pz.next": "next puzzle",
        "pz.value_ph": "value, e.g. 7 or -3/2",
        "pz.card_ph": "or type it: AS, Ace of swords",
        "btn.answer": "Answer",
        "pz.best": "{p} to move: pick the best card.",
        "pz.value": "What is the exact value for {p}?",
        "pz.win": "(objective: win the deal)",
        "pz.right": "Right! ({a})",
        "pz.wrong": "Not quite: the answer is {a}.",
        "pz.score": "{right} right of {done}",
        "diff.easy": "easy",
        "diff.medium": "medium",
        "diff.hard": "hard",
        "gv.title": "The deal, move by move",
        "gv.first": "to the start",
        "gv.prev": "one card back",
        "gv.next": "one card on",
        "gv.last": "to the end",
        "gv.keys": "← / → step through the deal",
        "ply_of": "card {k} of {n}",
        "move_label": "move {k}: {p} plays {card}",
        "mark.?!": "(inaccuracy)",
        "mark.?": "(mistake)",
        "mark.??": "(blunder)",
        "at_move": "After card {k} of {n}.",
        "after_card": "{p} played {card}.",
        "at_end": "The latest position.",
        "graph.empty": "Press review: the graph of the deal fills in as each card is judged.",
        "graph.label": "Player 1's expected final margin (points, player 1 minus player 2) after each card",
        "graph.legend": "Player 1's expected final margin after each card: filled dots exact, "
        "hollow dots estimates (the band is their ±, as each one's analysis says what it covers). Tap or click to go to a card.",
        "graph.col": "player 1's expected margin",
        "graph.label.win": "Player 1's chance of winning the deal (61 or more; 60-60 counts one half) after each card",
        "graph.legend.win": "Player 1's chance of winning the deal after each card: filled dots exact, "
        "hollow dots estimates (the band is their ±, as each one's analysis says what it covers). Tap or click to go to a card.",
        "graph.col.win": "player 1's win chance",
        "player_n": "Player {n}",
        "p_short": "P{n}",
        "wins": "{p} wins",
        "draw": "a draw",
        "since_start": "won from the start on (the start gave no score: the winner is not known)",
        "last_card": "last card {card}",
        "deal_over": "The deal is over: {a}-{b}.",
        "view_only": "This variant is shown for analysis only: deal a game to play it.",
        "you_played": "You played {card}.",
        "engine_thinking": "The engine ({level}) is thinking…",
        "engine_played": "The engine played {card}.",
        "trick_to": "Trick to {p} ({n} points).",
        "play_card": "play {card}",
        "click_to_play": "{p} to move: pick a card to play.",
        "shown": "Shown for analysis.",
        "dealt": "Deal of seed {seed}.",
        "dealt_sealed": "New deal (its seed is shown when it ends: it names the unseen cards).",
        "taken_back": "Taken back.",
        "loaded": "Loaded {name}.",
        "searching": "Searching…",
        "stopped": "Stopped",
        "explaining": "Explaining…",
        "waiting": "Waiting for the previous search…",
        "exact": "exact",
        "exact.luck": "exact",
        "nodes": "nodes",
        "to_move": "{p} to move",
        "best_line": "Best line:",
        "col.card": "card",
        "col.points": "points",
        "col.points.title": "points still to win: mover minus opponent",
        "col.win": "win chance",
        "col.win.title": "chance to end with 61 or more",
        "col.gap": "vs best",
        "col.gap.title": "below the best card, with the gap's own ± (the cards share their samples)",
        "col.move": "move",
        "col.player": "player",
        "col.best": "best",
        "col.cost": "cost",
        "forced": "forced",
        "unrated": "not rated",
        "review.title": "Review",
        "review.progress": "Judging the cards: {k} of {n}…",
        "review.judged": "{k} of {n} cards judged.",
        "review.accuracy": "Accuracy",
        "review.acc": "{opt}/{rated} decisions optimal ({pct}), average cost {avg} points",
        "review.none": "no rated decisions",
        "review.mistakes": "Biggest mistakes",
        "review.no_mistakes": "None among the judged cards",
        "review.mistake": "Move {k}: {p} played {card}, best {best}, cost {cost}",
        "review.here": "analyse here",
        "go_move": "go to move {k}",
        "review.marks": "A card's cost is the points (mover minus opponent) it gives up against "
        "the best card. Marks: ?! from 2 points, ? from 5, ?? from 10 (an "
        "estimate is judged on the low end of its interval).",
        "review.acc.win": "{opt}/{rated} decisions optimal ({pct}), average cost {avg} win chance",
        "review.marks.win": "Judged with the objective win: a card's cost is the chance of winning "
        "the deal it gives up against the best card, in percentage points. Marks: "
        "?! from 5 %, ? from 10 %, ?? from 20 % (an estimate is judged on the low "
        "end of its interval).",
    },
    "it": {
        "page.title": "Tavolo d'analisi della Briscola",
        "language": "lingua",
        "btn.undo": "↶ annulla",
        "btn.undo.title": "riprendi la tua ultima carta",
        "btn.redo": "ripeti ↷",
        "btn.redo.title": "rigioca la carta",
        "btn.download": "scarica la partita",
        "btn.load": "carica una partita",
        "btn.review": "analizza la partita",
        "show_played": "carte giocate",
        "tab.analyse": "Analisi",
        "tab.play": "Gioca",
        "tab.setup": "Prepara",
        "tab.puzzles": "Problemi",
        "notation": "Posizione (notazione)",
        "btn.set": "Mostra la posizione",
        "objective": "obiettivo",
        "obj.points": "punti",
        "obj.win": "vittoria",
        "time_limit": "tempo massimo",
        "btn.analyse": "Analizza",
        "btn.stop": "Ferma",
        "auto": "dopo ogni carta",
        "btn.explain": "Spiega",
        "game": "gioco",
        "seed": "mescolata",
        "random": "a caso",
        "btn.deal": "Distribuisci",
        "you_play": "giochi tu",
        "seat.1": "giocatore 1",
        "seat.2": "giocatore 2",
        "seat.3": "giocatore 3",
        "seat.4": "giocatore 4",
        "seat.both": "entrambi (senza motore)",
        "seat.all": "tutti i posti (senza motore)",
        "engine": "motore",
        "play.hint": "Scegli una carta della tua mano sul tavolo (toccala, o raggiungila con Tab "
        "e premi Invio) per giocarla; il motore risponde. Dopo ogni presa si pesca "
        "dal mazzo mescolato. Incollando una posizione e premendo Mostra la "
        "posizione si gioca da lì (l'ordine nascosto del tallone estratto a caso).",
        "setup.put": "metti le carte in",
        "place.hand1": "mano 1",
        "place.hand2": "mano 2",
        "place.table": "tavolo",
        "place.top": "cima del tallone",
        "place.briscola": "briscola",
        "place.played": "giocate",
        "place.unseen": "tallone, sotto la cima",
        "place.out": "(togli)",
        "turn": "turno",
        "setup.hint": "Le carte non messe sono quelle giocate; oppure segna le carte del tallone "
        "(sotto la cima) e il resto conta come giocato.",
        "btn.use": "Usa questa posizione",
        "btn.clear": "Svuota",
        "pz.set": "raccolta",
        "pz.prev": "problema precedente",
        "pz.next": "problema seguente",
        "pz.value_ph": "valore, per esempio 7 o -3/2",
        "pz.card_ph": "o scrivila: AS, Asso di spade",
        "btn.answer": "Rispondi",
        "pz.best": "Tocca al {p}: scegli la carta migliore.",
        "pz.value": "Qual è il valore esatto per il {p}?",
        "pz.win": "(obiettivo: vincere la smazzata)",
        "pz.right": "Giusto! ({a})",
        "pz.wrong": "Non proprio: la risposta è {a}.",
        "pz.score": "Giuste: {right} su {done}",
        "diff.easy": "facile",
        "diff.medium": "medio",
        "diff.hard": "difficile",
        "gv.title": "La smazzata, mossa per mossa",
        "gv.first": "all'inizio",
        "gv.prev": "una carta indietro",
        "gv.next": "una carta avanti",
        "gv.last": "alla fine",
        "gv.keys": "← / → per scorrere la smazzata",
        "ply_of": "carta {k} di {n}",
        "move_label": "mossa {k}: il {p} gioca {card}",
        "mark.?!": "(imprecisione)",
        "mark.?": "(errore)",
        "mark.??": "(errore grave)",
        "at_move": "Dopo la carta {k} di {n}.",
        "after_card": "Il {p} ha giocato {card}.",
        "at_end": "L'ultima posizione.",
        "graph.empty": "Premi analizza la partita: il grafico si riempie man mano che ogni carta è giudicata.",
        "graph.label": "Margine finale atteso del giocatore 1 (punti, giocatore 1 meno giocatore 2) dopo ogni carta",
        "graph.legend": "Margine finale atteso del giocatore 1 dopo ogni carta: pallini pieni esatti, "
        "pallini vuoti stime (la fascia è il loro ±, e l'analisi di ciascuna dice che cosa copre). Tocca il grafico per andare a una carta.",
        "graph.col": "margine atteso del giocatore 1",
        "graph.label.win": "Probabilità del giocatore 1 di vincere la smazzata (61 o più; 60-60 vale metà) dopo ogni carta",
        "graph.legend.win": "Probabilità del giocatore 1 di vincere la smazzata dopo ogni carta: pallini pieni esatti, "
        "pallini vuoti stime (la fascia è il loro ±, e l'analisi di ciascuna dice che cosa copre). Tocca il grafico per andare a una carta.",
        "graph.col.win": "prob. di vincere del giocatore 1",
        "player_n": "giocatore {n}",
        "p_short": "G{n}",
        "wins": "vince il {p}",
        "draw": "pareggio",
        "since_start": "vinti dall'inizio (la posizione di partenza non dava il punteggio: il "
        "vincitore non si sa)",
        "last_card": "ultima carta {card}",
        "deal_over": "La smazzata è finita: {a}-{b}.",
        "view_only": "Questa variante si può solo analizzare: distribuisci una partita per giocarla.",
        "you_played": "Hai giocato {card}.",
        "engine_thinking": "Il motore ({level}) sta pensando…",
        "engine_played": "Il motore ha giocato {card}.",
        "trick_to": "Presa al {p} ({n} punti).",
        "play_card": "gioca {card}",
        "click_to_play": "Tocca al {p}: scegli una carta da giocare.",
        "shown": "Mostrata per l'analisi.",
        "dealt": "Smazzata della mescolata n. {seed}.",
        "dealt_sealed": "Nuova smazzata (il numero della mescolata si vede alla fine: indica le carte "
        "non viste).",
        "taken_back": "Carta ripresa.",
        "loaded": "Caricata {name}.",
        "searching": "Ricerca…",
        "stopped": "Fermata",
        "explaining": "Spiegazione…",
        "waiting": "In attesa della ricerca precedente…",
        "exact": "esatto",
        "exact.luck": "esatta",
        "nodes": "nodi",
        "to_move": "Tocca al {p}",
        "best_line": "Linea migliore:",
        "col.card": "carta",
        "col.points": "punti",
        "col.points.title": "punti ancora da vincere: chi gioca meno l'avversario",
        "col.win": "prob. di vincere",
        "col.win.title": "probabilità di finire con 61 o più",
        "col.gap": "dalla migliore",
        "col.gap.title": "sotto la carta migliore, con il ± della differenza (le carte condividono i campioni)",
        "col.move": "mossa",
        "col.player": "giocatore",
        "col.best": "migliore",
        "col.cost": "costo",
        "forced": "obbligata",
        "unrated": "non valutata",
        "review.title": "Analisi della partita",
        "review.progress": "Giudico le carte: {k} di {n}…",
        "review.judged": "Carte giudicate: {k} su {n}.",
        "review.accuracy": "Precisione",
        "review.acc": "{opt}/{rated} decisioni ottimali ({pct}), costo medio {avg} punti",
        "review.none": "nessuna decisione valutata",
        "review.mistakes": "Errori più gravi",
        "review.no_mistakes": "Nessuno tra le carte giudicate",
        "review.mistake": "Mossa {k}: il {p} ha giocato {card}, meglio {best}, costo {cost}",
        "review.here": "analizza qui",
        "go_move": "vai alla mossa {k}",
        "review.marks": "Il costo di una carta sono i punti (chi gioca meno l'avversario) che "
        "si perdono rispetto alla carta migliore. Segni: ?! da 2 punti, ? da 5, ?? da "
        "10 (una stima è giudicata sull'estremo basso del suo intervallo).",
        "review.acc.win": "{opt}/{rated} decisioni ottimali ({pct}), costo medio {avg} di probabilità di vincere",
        "review.marks.win": "Giudicata con l'obiettivo vincere: il costo di una carta è la probabilità "
        "di vincere la smazzata che si perde rispetto alla carta migliore, in punti "
        "percentuali. Segni: ?! dal 5 %, ? dal 10 %, ?? dal 20 % (una stima è "
        "giudicata sull'estremo basso del suo intervallo).",
    },
}
#: the board's review: luck apart from skill, close calls, the larger graph and its readout,
#: retrying a moment, and the analysis table's frame (issue 41)
BOARD_PAGE["en"].update(
    {
        "graph.drew": "{p} drew {card}",
        "graph.luck": "the draw: luck {luck} for {p} ({drawn})",
        "graph.luck.seat": "{p}'s draw, judged from their seat: luck {luck} ({drawn})",
        "graph.luck.unmeasured": "{p}'s draw: luck not measured (the opponent leads next, before "
        "their seat can be valued)",
        "graph.readout": "Move {k}: {p} played {card}",
        "graph.readout.margin": "player 1's expected final margin {v}",
        "graph.readout.win": "player 1's chance of winning {v}",
        "graph.bigger": "larger graph",
        "graph.smaller": "smaller graph",
        "graph.legend.luck": "A ◆ under the axis is a draw; the coloured step above it is its luck "
        "(green for player 1, red against; grey where its interval holds zero, "
        "too close to call): the value after the draw less the average over "
        "every draw that could have come. Hover or tap for the numbers.",
        "graph.col.luck": "luck of the draw after it",
        "col.luck": "luck",
        "col.final": "margin",
        "col.togo": "still to win",
        "col.final.title": "expected final margin: the points taken plus the points still to win, "
        "{p} minus the opponent",
        "frame.note": "Final margin = the points taken ({d} for {p}) + the points still to win: the "
        "frame of the review's graph.",
        "frame.no_score": "No score in this position: the values are the points still to win "
        "(mover minus opponent).",
        "review.bound": "bound",
        "review.bound.note": "(bound): fewer than two samples in the time, too few for a 95 % "
        "interval: the ± (or the range) is the widest the cost can stray.",
        "review.luck.bound.note": "(bound) after a luck: a value it rests on had fewer than two "
        "samples in the time: its ± holds the widest that value can stray.",
        "review.close": "; {n} too close to call",
        "review.close.note": "A cost whose interval reaches 0 (within its own ±, or [0, x]: a ± "
        "is cut to the values a cost can take; marked ≈), or the estimate's best card "
        "played while another is within its ± (its cost given as the range it lies in, 0–x), "
        "is too close to call: neither a mistake nor counted in the accuracy.",
        "review.skill.title": "Skill and luck",
        "review.skill": "errors {err} points ({rate} per decision), luck {luck} over {n} draws",
        "review.skill.win": "errors {err} of win chance ({rate} per decision), luck {luck} over {n} "
        "draws",
        "review.unmeasured": "({n} draws not measured)",
        "review.adjusted": "result {res}, luck-adjusted {adj}",
        "review.adjusted.win": "deals won {res}, luck-adjusted {adj} (in deals, not a chance: it "
        "may pass 1)",
        "review.adjusted.win.note": REVIEW_TEXT["en"]["adjusted_win_note"],
        "review.swings": "Biggest swings of luck",
        "review.no_swings": "None among the judged cards",
        "review.swing": "After move {k}, {luck}",
        "luck.uncertain": "too uncertain to tell",
        "luck.between": "[{lo}, {hi}]",
        "review.luck.bounds": "A luck's interval is cut to the values it can take (the points "
        "still in play); one that covers them all, or misses them, is too uncertain to tell. "
        "The swings are draws whose interval is clear of zero.",
        "review.luck.bounds.win": "A luck's interval is cut to the values it can take (a chance "
        "of winning lies between 0 and 1); one that covers them all, or misses them, is too "
        "uncertain to tell. The swings are draws whose interval is clear of zero.",
        "review.totals.note": REVIEW_TEXT["en"]["totals_note"],
        "review.called": REVIEW_TEXT["en"]["called"],
        "review.luck.note": "Luck: the value after each draw less the average over every draw that "
        "could have come (as GNU Backgammon counts the dice), exact where every "
        "draw is solved; the luck-adjusted result is the result less the luck. "
        "In scoperta both players see every draw: one's luck is the other's, "
        "negated.",
        "review.luck.seat": "Luck: each player's own draw, valued from their seat (never from cards "
        "they could not see): the value after it less the average over every "
        "card they could have drawn, measured after the tricks they won (after a "
        "lost trick the opponent leads before their seat can be valued). The "
        "luck-adjusted result is the result less the luck.",
        "review.luck.partial": "* a ± not checked against exact values (a cost's or a luck's): it "
        "covers the sampling error only, or a method's error carried from other stages of the "
        "deal.",
        "review.retry": "retry",
        "retry.go": "Retry of move {k}: {p} to play, find a better card than {card}.",
        "retry.ask": "Retrying move {k}: {p} played {card}, the review found {best} best. Play a "
        "card on the board.",
        "retry.best": "{card} is among the review's best cards ({best}). Play on against the "
        "engine, or go back.",
        "retry.same": "{card} again: the review found {best} best.",
        "retry.other": "{card} is not among the review's best cards ({best}).",
        "retry.again": "try again",
        "retry.back": "back to the review",
    }
)
BOARD_PAGE["it"].update(
    {
        "graph.drew": "il {p} ha pescato {card}",
        "graph.luck": "la pescata: fortuna {luck} per il {p} ({drawn})",
        "graph.luck.seat": "pescata del {p}, giudicata dal suo posto: fortuna {luck} ({drawn})",
        "graph.luck.unmeasured": "pescata del {p}: fortuna non misurata (apre l'avversario, prima "
        "che il suo posto si possa valutare)",
        "graph.readout": "Mossa {k}: il {p} ha giocato {card}",
        "graph.readout.margin": "margine finale atteso del giocatore 1 {v}",
        "graph.readout.win": "probabilità di vincere del giocatore 1 {v}",
        "graph.bigger": "grafico più grande",
        "graph.smaller": "grafico più piccolo",
        "graph.legend.luck": "Un ◆ sotto l'asse è una pescata; il gradino colorato sopra è la sua "
        "fortuna (verde a favore del giocatore 1, rosso contro; grigio dove il "
        "suo intervallo comprende lo zero, troppo vicina per giudicarla): il "
        "valore dopo la pescata meno la media su tutte le pescate possibili. "
        "Passa sopra o tocca per i numeri.",
        "graph.col.luck": "fortuna della pescata successiva",
        "col.luck": "fortuna",
        "col.final": "margine",
        "col.togo": "ancora da vincere",
        "col.final.title": "margine finale atteso: i punti presi più i punti ancora da vincere, "
        "{p} meno l'avversario",
        "frame.note": "Margine finale = i punti presi ({d} per il {p}) + i punti ancora da vincere: "
        "la stessa misura del grafico dell'analisi.",
        "frame.no_score": "Nessun punteggio in questa posizione: i valori sono i punti ancora da "
        "vincere (chi gioca meno l'avversario).",
        "review.bound": "limite",
        "review.bound.note": "(limite): meno di due campioni nel tempo disponibile, troppo pochi per "
        "un intervallo al 95 %: il ± (o l'intervallo) è di quanto al massimo il costo può "
        "scostarsi.",
        "review.luck.bound.note": "(limite) dopo una fortuna: un valore su cui poggia ha avuto "
        "meno di due campioni nel tempo disponibile: il suo ± è di quanto al massimo quel valore "
        "può scostarsi.",
        "review.close": "; troppo vicine per giudicarle: {n}",
        "review.close.note": "Un costo il cui intervallo arriva a 0 (entro il suo ±, o [0; x]: "
        "un ± è ristretto ai valori che un costo può avere; segnato ≈), o la carta migliore "
        "secondo la stima, giocata mentre un'altra è entro il suo ± (il costo dato come l'intervallo in cui "
        "cade, 0–x), è troppo vicino per giudicarlo: non è un errore e non conta nella "
        "precisione.",
        "review.skill.title": "Abilità e fortuna",
        "review.skill": "errori {err} punti ({rate} per decisione), fortuna {luck} su {n} pescate",
        "review.skill.win": "errori {err} di probabilità di vincere ({rate} per decisione), fortuna "
        "{luck} su {n} pescate",
        "review.unmeasured": "(pescate non misurate: {n})",
        "review.adjusted": "risultato {res}, al netto della fortuna {adj}",
        "review.adjusted.win": "smazzate vinte {res}, al netto della fortuna {adj} (in smazzate, "
        "non una probabilità: può superare 1)",
        "review.adjusted.win.note": REVIEW_TEXT["it"]["adjusted_win_note"],
        "review.swings": "Sbalzi di fortuna più grandi",
        "review.no_swings": "Nessuno tra le carte giudicate",
        "review.swing": "Dopo la mossa {k}, {luck}",
        "luck.uncertain": "troppo incerta per dirlo",
        "luck.between": "[{lo}; {hi}]",
        "review.luck.bounds": "L'intervallo di una fortuna è ristretto ai valori che può prendere "
        "(i punti ancora in gioco); uno che li copre tutti, o che non ne contiene nessuno, è "
        "troppo incerto per dirlo. Gli sbalzi di fortuna sono pescate il cui intervallo non comprende lo zero.",
        "review.luck.bounds.win": "L'intervallo di una fortuna è ristretto ai valori che può "
        "prendere (una probabilità di vittoria sta tra 0 e 1); uno che li copre tutti, o che non "
        "ne contiene nessuno, è troppo incerto per dirlo. Gli sbalzi di fortuna sono pescate il cui intervallo "
        "non comprende lo zero.",
        "review.totals.note": REVIEW_TEXT["it"]["totals_note"],
        "review.called": REVIEW_TEXT["it"]["called"],
        "review.luck.note": "Fortuna: il valore dopo ogni pescata meno la media su tutte le pescate "
        "possibili (come GNU Backgammon conta i dadi), esatta dove ogni pescata "
        "è risolta; il risultato al netto della fortuna è il risultato meno la "
        "fortuna. Nella scoperta entrambi vedono ogni pescata: la fortuna di uno "
        "è quella dell'altro cambiata di segno.",
        "review.luck.seat": "Fortuna: la pescata di ciascun giocatore, valutata dal suo posto (mai "
        "con carte che non poteva vedere): il valore dopo la pescata meno la "
        "media su tutte le carte che poteva pescare, misurata dopo le prese che "
        "ha vinto (dopo una presa persa apre l'avversario prima che il suo posto "
        "si possa valutare). Il risultato al netto della fortuna è il risultato "
        "meno la fortuna.",
        "review.luck.partial": "* un ± non verificato con valori esatti (di un costo o di una "
        "fortuna): copre solo l'errore di campionamento, o un errore del metodo ripreso da "
        "altre fasi della smazzata.",
        "review.retry": "riprova",
        "retry.go": "Riprova la mossa {k}: tocca al {p}, trova una carta migliore di {card}.",
        "retry.ask": "Riprovi la mossa {k}: il {p} ha giocato {card}, secondo l'analisi la migliore "
        "è {best}. Gioca una carta sul tavolo.",
        "retry.best": "{card} è tra le carte migliori secondo l'analisi ({best}). Continua contro "
        "il motore, o torna indietro.",
        "retry.same": "Di nuovo {card}: secondo l'analisi la migliore è {best}.",
        "retry.other": "{card} non è tra le carte migliori secondo l'analisi ({best}).",
        "retry.again": "riprova ancora",
        "retry.back": "torna all'analisi",
    }
)
#: the board for issue 41: a seat's view of the hidden-card games and open hands, the
#: engine's levels, puzzles with a retry, the set-up's preview, a notation's error
BOARD_PAGE["en"].update(
    {
        "open_hands": "open hands",
        "open_hands.title": "For study: show the other hand too. Off (the default), the board shows "
        "only what your seat sees.",
        "seat.waiting": "{p}'s hand is hidden: the analysis is from your seat, on your turn.",
        "explain.seat": "The explanation follows one line with every card in view: your seat "
        "knows the other hand once the talon is empty (by elimination), and "
        "Explain answers then; tick open hands to ask for it now.",
        "review.after_deal": "The other hand stays hidden until the deal is over: review it then.",
        "download.sealed": "The record names every card still hidden (the talon's order, and in "
        "the hidden-card games the other hand): download it before the deal is "
        "over?",
        "level.random": "random",
        "level.greedy": "greedy",
        "level.engine": "{s} s a card",
        "trick_to.one": "Trick to {p} (1 point).",
        "notation_error": "Not shown: {error}. The board keeps the previous position.",
        "pz.try_again": "Not this card: {card} is marked. Pick another, or show the answer.",
        "pz.not_value": "Not {a}: try again, or show the answer.",
        "pz.wrong_mark": "{card}: wrong",
        "btn.retry": "retry",
        "btn.reveal": "show the answer",
        "pz.retry.title": "start this puzzle again",
        "setup.preview": "The position so far",
        "setup.incomplete": "Not a position yet: {error}",
    }
)
BOARD_PAGE["it"].update(
    {
        "open_hands": "carte scoperte",
        "open_hands.title": "Per studiare: mostra anche l'altra mano. Se è spento (di norma), il "
        "tavolo mostra solo ciò che vede il tuo posto.",
        "seat.waiting": "La mano del {p} è coperta: l'analisi è dal tuo posto, al tuo turno.",
        "explain.seat": "La spiegazione segue una linea con tutte le carte in vista: il tuo posto "
        "conosce l'altra mano quando il tallone è vuoto (per esclusione), e allora "
        "Spiega risponde; spunta carte scoperte per chiederla subito.",
        "review.after_deal": "L'altra mano resta coperta finché la smazzata non è finita: "
        "analizzala allora.",
        "download.sealed": "La partita registrata rivela ogni carta ancora coperta (l'ordine del "
        "tallone e, nei giochi a carte coperte, l'altra mano): scaricarla prima "
        "che la smazzata sia finita?",
        "level.random": "a caso",
        "level.greedy": "goloso",
        "level.engine": "{s} s per carta",
        "trick_to.one": "Presa al {p} (1 punto).",
        "notation_error": "Non mostrata: {error}. Il tavolo resta sulla posizione di prima.",
        "pz.try_again": "Non questa carta: {card} è segnata. Scegline un'altra, o mostra la risposta.",
        "pz.not_value": "Non {a}: riprova, o mostra la risposta.",
        "pz.wrong_mark": "{card}: sbagliata",
        "btn.retry": "riprova",
        "btn.reveal": "mostra la risposta",
        "pz.retry.title": "ricomincia questo problema",
        "setup.preview": "La posizione finora",
        "setup.incomplete": "Non è ancora una posizione: {error}",
    }
)
#: the board: a game from a position without score (its points are those won since the
#: start), a search's progress said from its data, the page's own errors
BOARD_PAGE["en"].update(
    {
        "deal_over.since": "The deal is over: {a}-{b} won from the start on.",
        "graph.label.since": "Player 1's expected margin of the points won from the start on "
        "(player 1 minus player 2; the start gave no score) after each card",
        "graph.legend.since": "Player 1's expected margin of the points won from the start on (the "
        "start gave no score) after each card: filled dots exact, hollow dots estimates (the band "
        "is their ±, as each one's analysis says what it covers). Tap or click to go to a card.",
        "graph.col.since": "player 1's expected margin from the start on",
        "graph.readout.since": "player 1's expected margin from the start on {v}",
        "review.adjusted.since": "won from the start on {res}, luck-adjusted {adj}",
        "progress.exact": "searching exactly: {nodes} nodes",
        "progress.samples": "{what}: {n} samples, best {card} {value}",
        "progress.what.estimate": "estimate",
        "progress.what.estimating": "estimate",
        "progress.what.seat": "estimate from the seat",
        "error.network": "The server does not answer: is briscola serve still running?",
        "error.status": "The server answered {status} without saying why.",
        "load.not_json": "{name} is not a game record: it is not valid JSON.",
    }
)
BOARD_PAGE["it"].update(
    {
        "deal_over.since": "La smazzata è finita: {a}-{b} vinti dall'inizio.",
        "graph.label.since": "Margine atteso del giocatore 1 sui punti vinti dall'inizio "
        "(giocatore 1 meno giocatore 2; la posizione di partenza non dava il punteggio) dopo ogni "
        "carta",
        "graph.legend.since": "Margine atteso del giocatore 1 sui punti vinti dall'inizio "
        "(la posizione di partenza non dava il punteggio) dopo ogni carta: pallini pieni esatti, "
        "pallini vuoti stime "
        "(la fascia è il loro ±, e l'analisi di ciascuna dice che cosa copre). Tocca il grafico "
        "per andare a una carta.",
        "graph.col.since": "margine atteso del giocatore 1 dall'inizio",
        "graph.readout.since": "margine atteso del giocatore 1 dall'inizio {v}",
        "review.adjusted.since": "vinti dall'inizio {res}, al netto della fortuna {adj}",
        "progress.exact": "ricerca esatta: {nodes} nodi",
        "progress.samples": "{what}: {n} campioni, migliore {card} {value}",
        "progress.what.estimate": "stima",
        "progress.what.estimating": "stima",
        "progress.what.seat": "stima dal posto",
        "error.network": "Il server non risponde: briscola serve è ancora in funzione?",
        "error.status": "Il server ha risposto {status} senza dire perché.",
        "load.not_json": "{name} non è una partita registrata: non è JSON valido.",
    }
)
#: the board's words for a count {n} of 1 (board.js ``t`` takes "KEY.one" where the page
#: has it; progress_text too): "over 1 draw", "1 sample", not "1 draws", "1 campioni"
BOARD_PAGE["en"].update(
    {
        "review.skill.one": "errors {err} points ({rate} per decision), luck {luck} over 1 draw",
        "review.skill.win.one": "errors {err} of win chance ({rate} per decision), luck {luck} "
        "over 1 draw",
        "review.unmeasured.one": "(1 draw not measured)",
        "review.judged.one": "{k} of 1 card judged.",
        "progress.samples.one": "{what}: 1 sample, best {card} {value}",
    }
)
BOARD_PAGE["it"].update(
    {
        "review.skill.one": "errori {err} punti ({rate} per decisione), fortuna {luck} su 1 "
        "pescata",
        "review.skill.win.one": "errori {err} di probabilità di vincere ({rate} per decisione), "
        "fortuna {luck} su 1 pescata",
        "review.unmeasured.one": "(pescata non misurata: 1)",
        "review.judged.one": "Carte giudicate: {k} su 1.",
        "progress.samples.one": "{what}: 1 campione, migliore {card} {value}",
    }
)
#: the board as a demanding player met it: four players win (and take points) as a team, a
#: finished deal has nothing to analyse, the set-up's cards say where they are
BOARD_PAGE["en"].update(
    {
        "wins.team": "team {a}+{b} wins",
        "frame.note.team": "Final margin = the points taken ({d} for team {a}+{b}) + the points "
        "still to win: the frame of the review's graph.",
        "col.final.title.team": "expected final margin: the points taken plus the points still "
        "to win, team {a}+{b} minus the other team",
        "analyse.over": "The deal is over: nothing is left to analyse. Step back (← or ◀) to analyse "
        "a moment of it.",
        "place.short.hand1": "hand 1",
        "place.short.hand2": "hand 2",
        "place.short.table": "table",
        "place.short.top": "top",
        "place.short.briscola": "trump",
        "place.short.played": "played",
        "place.short.unseen": "talon",
    }
)
BOARD_PAGE["it"].update(
    {
        "wins.team": "vince la squadra {a}+{b}",
        "frame.note.team": "Margine finale = i punti presi ({d} per la squadra {a}+{b}) + i punti "
        "ancora da vincere: la stessa misura del grafico dell'analisi.",
        "col.final.title.team": "margine finale atteso: i punti presi più i punti ancora da "
        "vincere, la squadra {a}+{b} meno l'altra squadra",
        "analyse.over": "La smazzata è finita: non resta niente da analizzare. Torna indietro (← o ◀) "
        "per analizzarne un momento.",
        "place.short.hand1": "mano 1",
        "place.short.hand2": "mano 2",
        "place.short.table": "tavolo",
        "place.short.top": "cima",
        "place.short.briscola": "briscola",
        "place.short.played": "giocata",
        "place.short.unseen": "tallone",
    }
)
#: the board's badge of an estimate says what its ± covers (issue 40): the short kind, and
#: the whole sentence as its tooltip
for _lang in LANGS:
    _est = {"en": "estimate, ± ", "it": "stima, ± "}[_lang]
    BOARD_PAGE[_lang].update({f"iv.{k}": _est + v for k, v in INTERVAL_SHORT[_lang].items()})
    BOARD_PAGE[_lang].update({f"ivlong.{k}": v for k, v in INTERVAL_TEXT[_lang].items()})
#: the same words under the table, opened by a tap or a key (a tooltip shows to a mouse alone)
BOARD_PAGE["en"]["iv.what"] = "What the ± means"
BOARD_PAGE["it"]["iv.what"] = "Che cosa vuol dire il ±"
#: words a phone reaches without arrow keys: the step hint for a touch screen
BOARD_PAGE["en"]["gv.taps"] = "◀ / ▶ or a card below: step through the deal"
BOARD_PAGE["it"]["gv.taps"] = "◀ / ▶ o una carta qui sotto per scorrere la smazzata"
#: the tabs' list named for a screen reader (the ARIA tabs pattern)
BOARD_PAGE["en"]["tabs"] = "panels"
BOARD_PAGE["it"]["tabs"] = "pannelli"
#: why the review is greyed out, beside its button: its tooltip shows to a mouse alone
BOARD_PAGE["en"]["review.after_deal.short"] = "once the deal is over"
BOARD_PAGE["it"]["review.after_deal.short"] = "a smazzata finita"
#: the review of a four-player deal: its graph and luck are team 1+3's (the side of seat parity,
#: as `briscola review` frames the luck) where two players' are player 1's, the same words
_TEAM_FRAME = {
    "en": (("Player 1's", "Team 1+3's"), ("player 1's", "team 1+3's"),
           ("player 1 minus player 2", "team 1+3 minus team 2+4"),
           ("for player 1", "for team 1+3")),
    "it": (("del giocatore 1", "della squadra 1+3"),
           ("giocatore 1 meno giocatore 2", "squadra 1+3 meno squadra 2+4"),
           ("a favore del giocatore 1", "a favore della squadra 1+3")),
}  # fmt: skip
for _lang, _pairs in _TEAM_FRAME.items():
    for _key in ("graph.label", "graph.legend", "graph.col", "graph.readout.margin",
                 "graph.label.win", "graph.legend.win", "graph.col.win", "graph.readout.win",
                 "graph.label.since", "graph.legend.since", "graph.col.since",
                 "graph.readout.since", "graph.legend.luck"):  # fmt: skip
        _text = BOARD_PAGE[_lang][_key]
        for _old, _new in _pairs:
            _text = _text.replace(_old, _new)
        assert "1+3" in _text and "giocatore 1" not in _text, (_lang, _key)
        BOARD_PAGE[_lang][_key + ".team"] = _text
BOARD_PAGE["en"].update(
    {
        "team_n": "Team {t}",
        "t_short": REVIEW_TEXT["en"]["t_short"],
        "graph.luck.team": "the draw: luck {luck} for team {t} ({drawn})",
        "review.team.note": REVIEW_TEXT["en"]["team_note"],
        "review.luck.note.team": "Luck: the value after each draw less the average over every draw "
        "that could have come (as GNU Backgammon counts the dice), exact where every draw is "
        "solved; the luck-adjusted result is the result less the luck. "
        + REVIEW_TEXT["en"]["open_luck_note_teams"],
    }
)
BOARD_PAGE["it"].update(
    {
        "team_n": "squadra {t}",
        "t_short": REVIEW_TEXT["it"]["t_short"],
        "graph.luck.team": "la pescata: fortuna {luck} per la squadra {t} ({drawn})",
        "review.team.note": REVIEW_TEXT["it"]["team_note"],
        "review.luck.note.team": "Fortuna: il valore dopo ogni pescata meno la media su tutte le "
        "pescate possibili (come GNU Backgammon conta i dadi), esatta dove ogni pescata è "
        "risolta; il risultato al netto della fortuna è il risultato meno la fortuna. "
        + REVIEW_TEXT["it"]["open_luck_note_teams"],
    }
)

#: the user's errors in Italian beside their English (solver.errors.ENGLISH, each error's
#: own text, its str): what the board and ``--lang it`` show. Card names and the notation's
#: fields (hand1=, talon=) stay as they are typed.
ERRORS: dict[str, dict[str, str]] = {
    "en": ENGLISH,
    "it": {
        "card.unknown": "carta sconosciuta '{text}' (scrivi il valore e poi il seme, per esempio AD, "
        "3C, RB, 7S)",
        "card.unknown_typed": "carta sconosciuta '{text}' (scrivi il valore e poi il seme, per "
        "esempio AD, 3c, 10b, o il suo nome: Asso, Tre, Re, Cavallo, Fante, 7 ... 2 di bastoni, "
        "coppe, denari, spade, o di fiori, cuori, quadri, picche)",
        "card.french_rank": "carta sconosciuta '{text}' (nel mazzo non c'è la {rank}: scrivi {letter}, come in {card}; i valori sono A 3 R C F 7 6 5 4 2)",
        "card.french_suit": "carta sconosciuta '{text}' (nel mazzo non c'è il seme {suit}: i cuori sono {letter}, coppe, come in {card}; i semi sono B C D S)",
        "card.no_rank": "carta sconosciuta '{text}' (nel mazzo non c'è il {rank}: i valori sono A 3 "
        "R C F 7 6 5 4 2)",
        "card.unknown_id": "carta sconosciuta {card} (una carta si scrive col suo testo, come FD, o "
        "col suo numero da 0 a 39)",
        "card.not_state": "is_trump: pos dev'essere una posizione, la vista di un giocatore o "
        "lo stato di una partita (solver.parse legge il testo di una posizione), non {got}",
        "card.not_id": "{name} dev'essere il numero di una carta (un intero da 0 a 39, o una Card), "
        "non {got}",
        "card.bad_mask": "non è un insieme di carte: {mask} (una maschera di carte è un numero "
        "intero da 0 a 2**40-1, il bit n per la carta numero n)",
        "card.not_text": "una carta si legge dal suo testo, come 'FD', non da {value}",
        "card.not_set": "un insieme di carte si fa con carte, numeri di carta o il loro testo, "
        "come '3C,AS', non con {got}",
        "card.empty": "manca una carta nell'elenco '{text}'",
        "card.twice_list": "la carta {card} compare due volte nell'elenco '{text}'",
        "card.twice": "la carta {card} compare due volte ({first} e {second})",
        "card.twice_in": "la carta {card} compare due volte in {field}=",
        "field.card": "{field}=: {error}",
        "field.not_key_value": "'{token}' non è un campo chiave=valore (i campi sono: {fields})",
        "field.unknown": "campo sconosciuto '{field}' (i campi sono: {fields})",
        "field.twice": "il campo '{field}' compare due volte",
        "field.trailing_comma": "l'elenco di {field}= finisce con una virgola (toglila, o aggiungi "
        "la carta che manca)",
        "field.one_card": "{field}= vuole una carta sola, qui ne ha {count}",
        "field.missing": "manca il campo {field}=",
        "field.seat": "{variant} si gioca in {players}: {field}= non è ammesso",
        "field.missing_trump": "manca il campo briscola= (la carta di briscola)",
        "field.no_trump": "{variant} si gioca senza briscola: briscola= non è ammesso",
        "field.played_or_unseen": "indica played= oppure unseen=, non tutti e due",
        "field.top_or_talon": "indica top= oppure talon=, non tutti e due",
        "field.unseen_or_talon": "indica unseen= oppure talon=, non tutti e due",
        "position.empty": "posizione vuota",
        "variant.unknown": "gioco sconosciuto '{name}' (scegli fra {variants})",
        "variant.not_name": "variant dev'essere il nome di un gioco o un Variant, non {value} "
        "(nomi: {variants})",
        "turn.two": "turn= dev'essere 1 o 2, non '{turn}'",
        "turn.range": "turn= dev'essere da 1 a {players}, non '{turn}'",
        "player.range": "il giocatore va da 1 a {players} (i giocatori si contano da 1, come in "
        "turn=), non {player}",
        "table.one": "in {variant} in tavola c'è al massimo 1 carta, qui table= ne ha {count}",
        "table.many": "in {variant} in tavola ci sono al massimo {most} carte, qui table= ne ha "
        "{count}",
        "trump.needed": "briscola= vuole la carta di briscola",
        "trump.not_bottom": "il tallone ha ancora carte, quindi la briscola {card} dev'essere "
        "l'ultima in fondo, ma è in una mano, in tavola o tra le carte giocate",
        "trump.in_hand": "la briscola {card} è in una mano o in tavola, ma {field} dice che il "
        "tallone ha ancora carte",
        "trump.in_hand_top": "la briscola è in una mano, ma top= dice che il tallone ha ancora carte",
        "top.is_trump": "la carta in cima {card} è la briscola, che resta in fondo al tallone e si "
        "pesca per ultima",
        "top.hidden": "in {variant} la carta in cima al tallone è coperta: top= non è ammesso "
        "(talon= dà tutto l'ordine)",
        "top.played": "c'è top= ma il tallone è vuoto (la carta in cima {card} è tra quelle "
        "giocate)",
        "top.empty": "c'è top= ma il tallone è vuoto",
        "top.missing": "il tallone ha {size} carte: indica quella in cima con top= (o talon=)",
        "top.needs_rest": "c'è top=: di' cosa resta con played= o unseen= (o talon=)",
        "top.elsewhere": "la carta in cima {card} è anche in una mano o tra le carte giocate",
        "unseen.needs_top": "unseen= descrive il tallone sotto top=, ma top= manca",
        "talon.even": "il tallone avrebbe {size} carte: ne ha sempre un numero pari",
        "talon.even_one": "il tallone avrebbe 1 carta: ne ha sempre un numero pari",
        "talon.multiple": "il tallone avrebbe {size} carte: in {players} giocatori ne ha sempre un "
        "multiplo di {players}",
        "talon.multiple_one": "il tallone avrebbe 1 carta: in {players} giocatori ne ha sempre un "
        "multiplo di {players}",
        "talon.listed": "talon= elenca {listed} carte ma il tallone ne ha {size}",
        "talon.listed_one": "talon= elenca 1 carta ma il tallone ne ha {size}",
        "talon.end": "talon= deve finire con la briscola {card}",
        "tricks.open": "tricks= è quello che un posto ha visto di una mano coperta (hand1=? o "
        "hand2=?); una posizione a carte scoperte mostra tutte le carte",
        "tricks.not_trick": "tricks=: '{part}' non è una presa (uscita+risposta, per esempio 7B+AB)",
        "tricks.not_played": "tricks=: {card} non è in played=",
        "tricks.twice": "tricks=: {card} è giocata due volte",
        "tricks.no_hand": "tricks=: nessuna mano del giocatore {player} è coerente con le prese: "
        "i semi a cui non ha risposto lasciano troppo poche carte non viste che potesse pescare",
        "hands.full": "finché il tallone ha carte ogni mano ne tiene {size}, qui {shown}",
        "hands.talon_leader2": "a presa iniziata, col tallone ancora in gioco, chi è uscito tiene "
        "{less} carte e l'avversario {size}, qui {shown}",
        "hands.talon_leader": "a presa iniziata, col tallone ancora in gioco, chi è uscito tiene "
        "{less} carte e gli altri {size}, qui {shown}",
        "hands.talon_played": "a presa iniziata, col tallone ancora in gioco, i {k} giocatori che "
        "hanno già giocato tengono {less} carte e gli altri {size}, qui {shown}",
        "hands.start2": "all'inizio di una presa le due mani hanno lo stesso numero di carte, qui "
        "{shown}",
        "hands.start": "all'inizio di una presa ogni mano ha lo stesso numero di carte, qui {shown}",
        "hands.mid_leader2": "a presa iniziata chi è uscito ha una carta in meno dell'avversario, "
        "qui {shown}",
        "hands.mid_leader": "a presa iniziata chi è uscito ha una carta in meno degli altri, qui "
        "{shown}",
        "hands.mid_played": "a presa iniziata i {k} giocatori che hanno già giocato hanno una carta "
        "in meno degli altri, qui {shown}",
        "hands.max": "in {variant} una mano tiene al massimo {size} carte, qui {got}",
        "deal.over": "la smazzata è finita: non resta nessuna carta da giocare",
        "deal.over_short": "la smazzata è finita",
        "deal.over_analyse": "la smazzata è finita: non c'è nessuna posizione da analizzare",
        "deal.over_explain": "la smazzata è finita: non c'è nessuna posizione da spiegare",
        "explain.variant": "la spiegazione tratta i finali di scoperta, briscolone, libero e "
        "classica, non la variante '{variant}' (briscola analyse tratta ogni variante)",
        "explain.classic_talon": "la spiegazione tratta le posizioni di classica dall'ultima "
        "pescata in poi (due carte nel tallone: una coperta e la briscola), ma nel tallone "
        "restano {talon} carte",
        "explain.talon": "la spiegazione tratta solo i finali di {variant} (tallone finito, le "
        "ultime cinque prese), ma nel tallone restano {talon} carte",
        "explain.talon4": "la spiegazione tratta solo i finali a quattro giocatori (tallone "
        "finito, le ultime tre prese), ma nel tallone restano {talon} carte",
        "explain.no_hand": "nessuna mano avversaria è coerente con quello che il posto ha visto",
        "objective.win_score": "l'obiettivo win vuole score= (i punti che ogni giocatore ha già "
        "preso)",
        "objective.win_score_teams": "l'obiettivo win vuole score= (i punti che ogni squadra ha "
        "già preso: giocatori 1+3, poi 2+4)",
        "deal.dealer": "dealer dev'essere un posto da 0 a {last} (il posto 0 è il giocatore 1: "
        "GameState.dealer conta da 0), non {got}",
        "argument.position": "{name} dev'essere una posizione (una Position o una SeatPosition: "
        "solver.parse la legge dal suo testo, view() di una partita la dà), non {got}",
        "argument.stop": "{name} dev'essere uno solver.Stop (da impostare da qualsiasi thread per "
        "fermare l'analisi), non {got}",
        "argument.whole": "{name} dev'essere un numero intero, non {got}",
        "argument.function": "{name} dev'essere una funzione, non {got}",
        "argument.flag": "{name} dev'essere True, False o None, non {got}",
        "argument.at_least": "{name} dev'essere un numero intero di almeno {lo}, non {got}",
        "argument.seed": "seed dev'essere un numero intero, un random.Random o None, non {got}",
        "argument.state": "{name} dev'essere lo stato di una partita o una posizione (un "
        "GameState, una Position o una SeatPosition: solver.parse ne legge una dal testo), non "
        "{got}",
        "argument.rng": "{name} dev'essere un random.Random (lo crea random.Random(seed)), non "
        "{got}",
        "argument.agent": "{name} dev'essere il nome di un giocatore automatico o un giocatore "
        "(una funzione agent(vista, rng) che restituisce una carta), non {got}",
        "argument.agents": "{name} dev'essere dei giocatori automatici: un nome, un giocatore (una "
        "funzione agent(vista, rng) che restituisce una carta) o una lista di questi, non {got}",
        "argument.game": "{name} dev'essere lo stato di una smazzata (un GameState: lo creano "
        "solver.deal o play_deal), non {got}",
        "argument.match": "{name} dev'essere una partita (un MatchState: la creano play_match o "
        "new_match), non {got}",
        "argument.records": "{name} dev'essere una partita registrata (un dict) o una lista di "
        "partite registrate, non {got}",
        "argument.puzzle": "{name} dev'essere un Puzzle (li leggono read_puzzles o bundled), non "
        "{got}",
        "argument.lines": "{name} dev'essere un testo JSON-lines o le sue righe (ognuna una "
        "str), non {got}",
        "argument.line": "{name} dev'essere una str (una riga di JSON), non {got}",
        "setting.megabytes": "{name} dev'essere un numero intero di megabyte da {lo} a {most}, "
        "non {got}",
        "setting.at_least": "{name} dev'essere un numero intero di almeno {lo}, non {got}",
        "setting.range": "{name} dev'essere un numero intero da {lo} a {most}, non {got}",
        "setting.lang": "{name} dev'essere en o it, non {got}",
        "setting.star2": "{name} dev'essere un numero intero da {lo} a {most} (0 spegne il "
        "sondaggio), non {got}",
        "score.format": "score= vuole due numeri come 40-36, non '{text}'",
        "score.sum": "il punteggio {a}-{b} fa {sum}, ma le carte giocate valgono {points}",
        "score.tricks": "il punteggio {a}-{b} non può venire dalle carte giocate: nessun gruppo di "
        "prese intere fra queste vale {a}",
        "score.leader": "il punteggio {a}-{b} non può venire dalle carte giocate: il giocatore "
        "{player} è di mano in questa presa, quindi ha fatto l'ultima, ma nessun gruppo di "
        "prese intere fra queste, una o più, vale {points}",
        "score.leader_team": "il punteggio {a}-{b} non può venire dalle carte giocate: il "
        "giocatore {player} è di mano in questa presa, quindi la sua squadra ha fatto l'ultima, "
        "ma nessun gruppo di prese intere fra queste, una o più, vale {points}",
        "score.seen": "il punteggio {a}-{b} contraddice tricks=: nelle sue prese il giocatore 1 "
        "ha fatto {won1} punti e il giocatore 2 {won2}",
        "score.seen_part": "il punteggio {a}-{b} contraddice tricks=: nelle sue prese il "
        "giocatore 1 ha fatto {won1} punti e il giocatore 2 {won2}, e nessun gruppo di prese "
        "intere fra le altre carte giocate fa il resto",
        "json.invalid": "JSON non valido ({detail})",
        "json.position": 'il JSON di una posizione è un oggetto con il testo in "position"',
        "json.seat_view": "la vista di un posto (una mano scritta ?) non è una posizione "
        "aperta: il suo JSON lo legge SeatPosition.from_json, la sua notazione solver.parse",
        "json.open_position": "una posizione aperta (nessuna mano scritta ?) non è la vista di "
        "un posto: il suo JSON lo legge Position.from_json, la sua notazione solver.parse",
        "json.at": "{where}: {error}",
        "json.decode": "JSON non valido ({detail}, colonna {column})",
        "json.expecting_value": "manca un valore",
        "json.expecting_name": "manca il nome di un campo fra virgolette doppie",
        "json.expecting_colon": "manca il separatore ':'",
        "json.expecting_comma": "manca il separatore ','",
        "json.unterminated": "stringa non chiusa",
        "json.control": "carattere di controllo non valido",
        "json.escape": "sequenza di escape non valida",
        "json.u_escape": "sequenza di escape \\uXXXX non valida",
        "json.extra": "altro testo dopo il valore",
        "json.comma_object": "virgola di troppo prima della fine dell'oggetto",
        "json.comma_array": "virgola di troppo prima della fine dell'elenco",
        "json.deep": "annidato per più di {most} livelli",
        "json.long_number": "un numero troppo lungo da leggere",
        "json.key_twice": "un oggetto nomina due volte la chiave {name} (quale valga sarebbe "
        "un'ipotesi)",
        "json.constant": "{name} non è un numero JSON",
        "json.surrogate": "una stringa contiene un surrogato isolato (\\ud800-\\udfff), che non "
        "è testo",
        "json.not_utf8": "non è testo UTF-8 (byte {byte})",
        "json.long_line": "una riga di {size} byte (al massimo {most})",
        "json.cannot_read": "non si può leggere {path}: {why}",
        "os.not_found": "file o cartella inesistente",
        "os.denied": "permesso negato",
        "os.is_dir": "è una cartella",
        "os.not_dir": "non è una cartella",
        "os.loop": "troppi livelli di collegamenti simbolici",
        "os.name_too_long": "nome del file troppo lungo",
        "os.no_space": "spazio esaurito sul dispositivo",
        "os.quota": "quota del disco superata",
        "os.read_only": "file system in sola lettura",
        "os.not_permitted": "operazione non permessa",
        "os.exists": "il file esiste già",
        "os.busy": "dispositivo o risorsa occupati",
        "os.text_busy": "file eseguibile in uso",
        "os.io": "errore di ingresso/uscita",
        "os.too_many_open": "troppi file aperti",
        "os.too_many_open_system": "troppi file aperti nel sistema",
        "os.file_too_large": "file troppo grande",
        "os.no_device_address": "dispositivo o indirizzo inesistente",
        "os.no_device": "dispositivo inesistente",
        "os.address_in_use": "indirizzo già in uso",
        "os.address_not_available": "non si può assegnare l'indirizzo richiesto",
        "os.too_large": "più di {most}, il massimo per un file da leggere",
        "move.illegal": "mossa non valida: {why}",
        "record.move": "mossa {n}: {why}",
        "record.in_deal": "smazzata {deal}: {error}",
        "record.where": "partita registrata",
        "record.deal_where": "{where}, smazzata {deal}",
        "record.list_where": "{where}, partita {n}",
        "record.at": "{where}: {error}",
        "record.no_deck": "questa partita non è stata distribuita da un mazzo, quindi non si può "
        "registrare",
        "record.exists": "{path} esiste già: usa --force per sovrascriverlo",
        "record.cannot_write": "non si può scrivere {path}: {why}",
        "record.none": "{path} non contiene partite",
        "record.not_one": "{path} contiene {count} partite, ne serve una",
        "record.not_one_torn": "{path} contiene {count} partite, ne serve una (la riga {n}, "
        "l'ultima, è troncata e non è contata)",
        "record.pick_game": "{path} contiene {count} partite: scegline una con --game K (da 1 "
        "a {count})",
        "record.pick_game_torn": "{path} contiene {count} partite (la riga {n}, l'ultima, è "
        "troncata e non è contata): scegline una con --game K (da 1 a {count})",
        "record.game_range": "la partita {game} è fuori dall'intervallo: le partite di {path} "
        "vanno da 1 a {last}",
        "record.game_range_torn": "la partita {game} è fuori dall'intervallo: le partite di "
        "{path} vanno da 1 a {last} (la riga {n}, l'ultima, è troncata e non è contata)",
        "record.empty": "{where} è vuoto",
        "record.object": "{where}: una partita registrata dev'essere un oggetto JSON",
        "record.format": '{where}: non è una partita registrata ("format" dev\'essere "{format}")',
        "record.version_type": '{where}: "version" dev\'essere un numero intero (questo '
        "programma legge la {version}), non {got}",
        "record.version": "{where}: versione {got} non supportata (questo programma legge la "
        "{version})",
        "record.missing": '{where}: manca "{field}"',
        "record.seed": '{where}: "seed" dev\'essere un numero intero',
        "record.players": '{where}: "players" dev\'essere un elenco di nomi',
        "record.players_count": '{where}: "players" deve nominare un giocatore per posto '
        "({seats}), uno per lato (2) o nessuno, non {n}",
        "record.match_object": '{where}: "match" dev\'essere un oggetto {{"rule", "target"}}',
        "record.match_target": '{where}: l\'obiettivo ("target") di "match" dev\'essere un intero '
        "positivo",
        "record.match_rule": '{where}: la regola ("rule") di "match" {got} non è quella di '
        '{variant} ("{rule}")',
        "record.match_wins": '{where}: "wins" nel risultato di una partita a più smazzate '
        "dev'essere le smazzate vinte da ciascuna parte, [a, b]",
        "record.deals_list": '{where}: "deals" dev\'essere un elenco',
        "record.deal_object": "{where}: una smazzata dev'essere un oggetto JSON",
        "record.dealer": '{where}: "dealer" dev\'essere il numero di un giocatore da 1 a {players}',
        "record.deck_twice": "{where}: il mazzo deve avere tutte le 40 carte una volta sola "
        "({card} compare due volte)",
        "record.deck_size": "{where}: il mazzo deve avere tutte le 40 carte una volta sola (ne "
        "ha {count})",
        "record.deck_size_one": "{where}: il mazzo deve avere tutte le 40 carte una volta sola "
        "(ne ha 1)",
        "record.cards": '{where}: "{what}" dev\'essere un elenco di carte',
        "record.card_text": '{where}: "{what}", elemento {i}: non è il testo di una carta',
        "record.card": '{where}: "{what}", elemento {i}: {error}',
        "record.result": '{where}: "result" dev\'essere {{"points": [a, b], "winner": 1, 2 o '
        "null}}",
        "record.winner": '{where}: il vincitore ("winner") in "result" dev\'essere 1, 2 o null '
        "(un pareggio)",
        "record.since_start": '{where}: "since_start" in "result" dev\'essere true, e va senza '
        "vincitore (una partenza senza punteggio)",
        "record.start_text": '{where}: "start" dev\'essere una posizione (testo nella notazione)',
        "record.start": '{where}: la posizione in "start": {error}',
        "record.start_hidden": '{where}: "start" deve mostrare tutte le mani (la partita '
        "riprende da lì)",
        "record.start_variant": '{where}: "start" è una posizione di {got} ma la partita '
        "registrata è di {variant} (aggiungi variant={variant} alla posizione, o correggi il "
        "gioco della partita)",
        "record.talon": "tallone: {error}",
        "record.result_unfinished": "la partita registrata dà un risultato ma la smazzata si "
        "ferma dopo {n} mosse",
        "record.result_unfinished_one": "la partita registrata dà un risultato ma la smazzata si "
        "ferma dopo 1 mossa",
        "record.result_differs": "la partita registrata dà {stated} ma le mosse danno {got}",
        "record.result_since": "{a}-{b} vinti dall'inizio",
        "record.result_winner": "{a}-{b} (vince {winner})",
        "record.dealer_next": "smazzata {deal}: doveva dare le carte il giocatore {player} "
        "(il mazziere passa al giocatore seguente)",
        "record.deal_unfinished": "la smazzata {deal} non è finita ma ne seguono altre",
        "record.match_over": "smazzata {deal}: la partita era già finita",
        "record.match_differs": "la partita registrata dà in totale {a}-{b} (vince {winner}) ma "
        "le smazzate danno {got_a}-{got_b} (vince {got_winner})",
        "record.match_wins_differs": "la partita registrata dà le smazzate vinte {a}-{b}, ma "
        "le smazzate danno {got_a}-{got_b}",
        "record.no_deals": "la partita registrata non ha smazzate",
        "record.match_unfinished": "una partita a più smazzate contiene una smazzata non finita",
        "record.single_deal": "la partita registrata ha {count} smazzate: dai una partita di una "
        "smazzata sola",
        "record.move_range": "la mossa {move} è fuori dall'intervallo: le mosse della partita "
        "vanno da 1 a {last}",
        "record.which_deal": "la partita registrata ha {count} smazzate: di' quale con deal= "
        "(da 1 a {count})",
        "record.deal_range": "la smazzata {deal} è fuori dall'intervallo: le smazzate della "
        "partita vanno da 1 a {last}",
        "record.seat": "il posto dev'essere un giocatore da 1 a {players}, non {seat}",
        "record.seat_to_move": "la mossa {move} è del giocatore {player}: l'analisi dal posto "
        "valuta le carte del giocatore di turno (usa --seat {player})",
        "deal.deck": "il mazzo deve avere ognuna delle 40 carte esattamente una volta",
        "game.talon_order": "il tallone ha {size} carte: dai il loro ordine",
        "game.talon_cards": "l'ordine del tallone non ha esattamente le carte del tallone",
        "game.talon_top": "l'ordine del tallone deve cominciare con la carta in cima",
        "game.talon_trump": "l'ordine del tallone deve finire con la briscola",
        "game.talon_both": "l'ordine del tallone deve cominciare con la carta in cima e finire "
        "con la briscola",
        "match.over": "la partita è finita",
        "match.unfinished": "in una partita contano solo le smazzate finite",
        "json.kind.number": "un numero",
        "json.kind.string": "una stringa",
        "json.kind.list": "un elenco",
        "json.kind.object": "un oggetto",
        "json.kind.value": "un valore",
        "move.not_in_hand": "{card} non è nella mano del giocatore {player}",
        "move.follow": "{card}: il giocatore {player} deve rispondere al seme (si è usciti a "
        "{suit} e lui ne ha in mano)",
        "move.over": "la smazzata è finita: {card} non si può giocare",
        "move.unseen": "{card} non può essere nella mano del giocatore {player}: {where}",
        "move.unseen.own": "ce l'ha il giocatore {seat}",
        "move.unseen.played": "è già stata giocata",
        "move.unseen.trump": "è la briscola girata, sotto il tallone",
        "draw.unknown": "non si sa cosa si pesca dopo questa presa: indica le carte pescate",
        "draw.seat_one": "dopo questa presa il giocatore pesca una carta: indica solo quella, "
        "non {draws}",
        "draw.not_talon": "le carte pescate ({draws}) non sono quelle del tallone noto, che dà "
        "{known}",
        "seat.hidden_hand": "la mano del giocatore {player} è coperta (?): questa è la vista del "
        "giocatore {seat}",
        "seat.not_to_move": "la mano del giocatore {player} è coperta: l'analisi dal posto valuta "
        "le carte del giocatore la cui mano si vede (turn={seat})",
        "seat.drawn_seen": "{card} non si può pescare: il giocatore {player} l'ha già vista",
        "seat.drawn_held": "{card} non si può pescare: il giocatore {player} deve averla in mano "
        "(i semi a cui non ha risposto non le lasciano altro posto)",
        "seat.no_hand": "nessuna mano dell'avversario è coerente con ciò che questo posto ha visto",
        "seat.no_hand_record": "non si trova una mano dell'avversario coerente con la partita "
        "registrata",
        "seat.game": "una mano coperta (?) c'è solo nei giochi in due a carte coperte (classic, "
        "briscolone, libero), non in {variant}",
        "seat.too_few": "la mano del giocatore {player} avrebbe {count} carte, ma restano solo "
        "{rest} carte da assegnare",
        "seat.too_few_one_count": "la mano del giocatore {player} avrebbe 1 carta, ma restano "
        "solo {rest} carte da assegnare",
        "seat.too_few_one_rest": "la mano del giocatore {player} avrebbe {count} carte, ma resta "
        "solo 1 carta da assegnare",
        "seat.one_hidden": "si può coprire una mano sola (?): l'altra è quella del tuo posto",
        "seat.talon_field": "con una mano coperta indica played= (non {field}=): dal posto il "
        "tallone non si vede",
        "seat.question": "'?' sta per un'intera mano coperta (hand1=? o hand2=?), non dentro "
        "{field}=",
        "match.points": "una partita a {variant} si gioca a 121 o 151 punti, non {target}",
        "match.target": "l'obiettivo della partita dev'essere un numero intero di almeno 1, non "
        "{got}",
        "match.variant": "una partita a {variant} conta solo smazzate di {variant}, non una "
        "smazzata di {got}",
        "option.value": "valore non valido per {option}: {why}",
        "from.variant": "la posizione è di {variant} ma --variant dice {given} (togli --variant: "
        "la posizione dice il suo gioco)",
        "from.match": "una partita comincia da smazzate nuove: --from gioca una smazzata (togli "
        "--match)",
        "play.opponent_level": "--level è la forza del motore e --opponent gioca al posto del "
        "motore: indicane uno solo",
        "game.from_seat": "una partita riprende da una posizione con tutte le mani in vista, non "
        "dalla vista di un posto (?)",
        "seal.not_string": "le carte sigillate della partita devono essere una stringa",
        "seal.changed": "le carte sigillate della partita non si aprono su questo server (è "
        "stato riavviato, o la partita registrata è stata cambiata): dai le carte di nuovo, o "
        "carica una partita scaricata",
        "seal.forgotten": "il tavolo non ricorda più questa smazzata (tiene solo le più "
        "recenti): dai le carte di nuovo, o carica una partita scaricata",
        "seal.moves": "le mosse della partita non sono quelle giocate su questo tavolo (una "
        "carta si aggiunge giocandola, non cambiando la partita registrata): dai le carte di "
        "nuovo, o carica una partita scaricata",
        "board.dealt_field": "una partita distribuita da un mazzo non ha '{field}' (una partita ripresa "
        "da una posizione ha start e talon)",
        "board.started_field": "una partita ripresa da una posizione non ha '{field}' (start e "
        "talon prendono il posto di dealer e deck)",
        "board.result_differs": "la partita registrata dà {stated} (vince {stated_winner}) ma le "
        "sue mosse danno {got} (vince {got_winner})",
        "board.not_your_turn": "tocca al giocatore {turn}, non a te (giocatore {seat}): le carte "
        "del giocatore {turn} le gioca il motore",
        "board.your_turn": "tocca a te (giocatore {seat}): il motore gioca solo le carte "
        "dell'altro posto",
        "board.other_seat": "questa smazzata si gioca dal posto del giocatore {seat}: l'altra "
        "mano resta coperta (dai le carte di nuovo per giocare un altro posto)",
        "lang.unknown": "lingua sconosciuta '{lang}' (en o it)",
        "request.missing": "manca il campo '{field}'",
        "request.time_limit": "time_limit dev'essere sopra 0 e al massimo {most} secondi",
        "request.seat": "seat dev'essere un giocatore da 1 a 4 (0: il giocatore di turno)",
        "request.frame": "riferimento sconosciuto '{frame}' ({frames})",
        "request.level": "livello sconosciuto '{level}' (uno fra {levels})",
        "request.ply": "ply dev'essere da 0 a {most}",
        "request.move": "move dev'essere da 1 a {most}",
        "request.too_large": "la richiesta supera {kb} KB",
        "request.slow": "il corpo della richiesta non è arrivato entro {seconds} s",
        "guard.host": "rifiutata: questo server risponde solo alle richieste indirizzate a lui "
        "con il suo nome o indirizzo (l'Host {host} non lo è)",
        "guard.origin": "rifiutata: una richiesta da un altro sito (l'Origin non è la pagina di "
        "questo server)",
        "guard.content_type": "rifiutata: una richiesta che cambia qualcosa dev'essere "
        "Content-Type: application/json",
        "guard.length": "rifiutata: Content-Length non è un numero",
        "request.deep": "la richiesta è annidata troppo in profondità (oltre {most} livelli)",
        "request.not_json": "la richiesta non è JSON",
        "request.not_object": "la richiesta dev'essere un oggetto JSON",
        "request.out_of_range": "la richiesta contiene un numero fuori dai limiti",
        "request.str": "il campo '{field}' dev'essere una stringa",
        "request.int": "il campo '{field}' dev'essere un numero intero",
        "request.field": "campo '{field}': {error}",
        "request.float": "il campo '{field}' dev'essere un numero",
        "request.list": "il campo '{field}' dev'essere un elenco",
        "request.dict": "il campo '{field}' dev'essere un oggetto",
        "request.bool": "il campo '{field}' dev'essere true o false",
        "request.client": "il campo 'client' deve avere da 1 a {most} caratteri stampabili",
        "request.cards": "il campo '{field}' deve contenere nomi di carte",
        "request.card_labels": "il campo '{field}' deve contenere nomi di carte con le loro etichette",
        "request.not_found": "pagina o indirizzo dell'API inesistente",
        "request.method": "{method} non è ammesso qui",
        "internal": "errore interno, per favore segnalalo: {error}",
        "job.replaced": "annullata: fermata o sostituita da una richiesta più recente",
        "job.gone": "annullata: il client se n'è andato",
        "job.over_time": "annullata: fermata al limite del server di {most} s per richiesta",
        "job.busy": "il server è occupato: {live} ricerche sono in corso o in attesa; fermane una "
        "o riprova quando finiscono",
        "job.busy_one": "il server è occupato: 1 ricerca è in corso o in attesa; fermala o "
        "riprova quando finisce",
        "bot.command": "exec: vuole un comando, per esempio exec:python3 mybot.py (o "
        "exec:SECONDI:COMANDO)",
        "bot.quote": "comando sbagliato in '{name}': una virgoletta o una barra rovesciata non "
        "è chiusa",
        "bot.time": "tempo sbagliato in '{name}': exec:SECONDI:COMANDO vuole secondi in cifre "
        "e un punto, sopra 0 e al più {most} (exec:0.5:./mybot)",
        "bot.posix": "i bot exec: girano su un sistema POSIX (Linux, macOS)",
        "bot.cluster": "il bot '{bot}' è un processo di questa macchina: non può giocare su un "
        "cluster (togli --cluster)",
        "bot.not_found": "bot '{bot}': non trovo il programma '{program}' (dai il suo percorso, "
        "o un programma nel PATH)",
        "bot.folder": "bot '{bot}': '{program}' è una cartella, non un programma",
        "bot.not_runnable": "bot '{bot}': '{program}' non si può eseguire (rendilo eseguibile, "
        "o nomina il suo interprete: exec:python3 {program})",
        "bot.start": "bot '{bot}': non riesco ad avviare '{program}': {why}",
        "bot.exited": "il bot '{bot}' è uscito con codice {code} durante l'incontro (il suo "
        "stderr può dire perché)",
        "bot.signal": "il bot '{bot}' è stato chiuso dal segnale {signal} durante l'incontro",
        "bot.closed": "il bot '{bot}' ha chiuso la sua uscita (stdout) durante l'incontro",
        "bot.closed_input": "il bot '{bot}' ha chiuso il suo ingresso (stdin) durante l'incontro",
        "bot.exited_in_game": "il bot '{bot}' è uscito con codice {code} durante la partita (il "
        "suo stderr può dire perché)",
        "bot.signal_in_game": "il bot '{bot}' è stato chiuso dal segnale {signal} durante la "
        "partita",
        "bot.closed_in_game": "il bot '{bot}' ha chiuso la sua uscita (stdout) durante la partita",
        "bot.closed_input_in_game": "il bot '{bot}' ha chiuso il suo ingresso (stdin) durante "
        "la partita",
        "bot.not_reading": "il bot '{bot}' ha smesso di leggere il suo ingresso: l'ho fermato",
        "bot.timeout": "il bot '{bot}' non ha risposto entro {seconds} s: l'ho fermato (una "
        "mossa può prendere il suo tempo e BRISCOLA_BOT_GRACE_MS in più)",
        "bot.timeout_first": "il bot '{bot}' non ha risposto alla sua prima mossa entro "
        "{seconds} s: l'ho fermato (una risposta lasciata nel buffer della sua uscita non "
        "arriva mai: svuotalo a ogni risposta, print(card, flush=True) in Python, "
        "fflush(stdout) in C)",
        "bot.timeout_unended": "il bot '{bot}' non ha risposto entro {seconds} s: l'ho fermato "
        "(ha scritto '{text}' ma non ha mai finito la riga: scrivi un a capo dopo ogni "
        "risposta, e svuota l'uscita con flush)",
        "bot.long_line": "il bot '{bot}' ha scritto una riga di oltre {most} byte (la risposta a "
        "una mossa è una carta, come AS)",
        "bot.empty": "il bot '{bot}' ha risposto con una riga vuota (la risposta a una mossa è "
        "una carta, come AS)",
        "bot.garbage": "il bot '{bot}' ha risposto '{text}', che non è una carta (la risposta a "
        "una mossa è una carta, come AS; i messaggi di debug vanno su stderr, o su righe "
        "che cominciano con info)",
        "bot.illegal": "il bot '{bot}' ha giocato {card}, che qui non è una carta lecita "
        "(lecite: {legal})",
        "bot.unasked": "il bot '{bot}' ha scritto '{text}' senza che gli fosse chiesto (scrive "
        "una riga per mossa e su stdout nient'altro che righe info; i messaggi di debug vanno "
        "su stderr, o su righe che cominciano con info)",
        "bot.info_flood": "il bot '{bot}' ha scritto più di {most} righe info per una mossa (le "
        "righe info sono per poche parole di debug a mossa; il resto va su stderr)",
        "board.moves": "le mosse devono essere un elenco di carte",
        "board.match": "il tavolo studia una smazzata: questa registrazione contiene una partita "
        "intera",
        "board.sealed_elsewhere": "una partita con le carte sigillate si apre solo sul tavolo che "
        "l'ha distribuita",
        "board.sealed_twice": "una partita con le carte sigillate non ha {fields} in chiaro",
        "board.review_hidden": "l'altra mano resta coperta finché la smazzata non è finita: "
        "analizzala allora",
        "review.unsupported": "l'analisi della partita tratta le registrazioni di scoperta, "
        "scoperta4, classica, briscolone e libero",
        "review.no_score": "l'obiettivo win vuole il punteggio: questa partita parte da una "
        "posizione senza score=",
        "objective.unknown": "obiettivo sconosciuto '{objective}' (points o win)",
        "puzzle.none": "nessun problema '{id}' nella raccolta {variant}",
        "puzzle.not_legal": "{card} non è una carta che il giocatore {player} può giocare",
        "puzzle.not_value": "'{answer}' non è un valore (come 7 o -3/2)",
        "puzzle.field": "campo {field}: {error}",
        "puzzle.field_at": "{where}: campo {field}: {error}",
        "puzzle.at": "{where}: {error}",
        "puzzle.not_object": "un problema è un oggetto JSON",
        "puzzle.unknown_field": "campo sconosciuto '{field}' (i campi sono: {fields})",
        "puzzle.missing": "manca il campo '{field}'",
        "puzzle.id": "id dev'essere una stringa non vuota",
        "puzzle.position_text": "position dev'essere una stringa nella notazione delle posizioni",
        "puzzle.question": "question dev'essere 'best' o 'value', non {got}",
        "puzzle.objective": "objective dev'essere 'points' o 'win', non {got}",
        "puzzle.win_score": "l'objective 'win' vuole score= nella posizione",
        "puzzle.over": "la smazzata è finita: non c'è niente da risolvere",
        "puzzle.difficulty": "difficulty dev'essere easy, medium o hard, non {got}",
        "puzzle.best_answer": "la risposta (answer) di un problema 'best' è un elenco non vuoto "
        'di carte, per esempio ["AD"]',
        "puzzle.not_in_hand": "la risposta {card} non è nella mano del giocatore {player}",
        "puzzle.answer_twice": "la risposta (answer) elenca due volte la stessa carta",
        "puzzle.no_choice": "la risposta (answer) elenca ogni carta che il giocatore {player} può "
        "giocare: un problema 'best' ha una carta da trovare (chiedine il valore: \"question\": "
        '"value")',
        "puzzle.value_answer": "la risposta (answer) di un problema 'value' è un valore esatto "
        'scritto come stringa, per esempio "7" o "-3/2"',
        "puzzle.string": "{field} dev'essere una stringa",
        "puzzle.features": "features dev'essere un oggetto",
        "puzzle.id_text": "id dev'essere testo stampabile senza spazi attorno (niente "
        "tabulazioni, a capo o altri caratteri di controllo o invisibili), non {got}",
        "puzzle.id_prefix": "il prefisso degli id dev'essere testo stampabile che non comincia "
        "con uno spazio (niente tabulazioni, a capo o altri caratteri di controllo o "
        "invisibili), non {got}",
        "puzzle.id_twice": "{where}: l'id '{id}' è già usato alla riga {line}",
        "puzzle.empty_file": "{name} non contiene nessun problema",
        "puzzle.empty_input": "l'input non contiene nessun problema",
        "puzzle.no_difficulty": "{name} non contiene nessun problema di difficoltà {difficulty} "
        "(ne contiene di: {held})",
        "puzzle.no_bundled": "nessuna raccolta di problemi inclusa per il gioco '{variant}' "
        "(incluse: {bundled})",
        "puzzle.generate_variant": "i problemi si generano per scoperta, scoperta4, briscolone "
        "o libero, non per '{variant}'",
        "puzzle.generate_talon_game": "i problemi di {variant} sono finali: --talon dev'essere 0, "
        "non {talon}",
        "puzzle.generate_talon": "--talon dev'essere 0 o 2 (il finale o l'ultima pescata), non "
        "{talon}",
        "puzzle.generate_talon4": "problemi di scoperta4: --talon dev'essere 0 o 4 (le ultime "
        "tre prese o l'ultima pescata), non {talon}",
        "puzzle.generate_objective": "objective dev'essere points o win, non {got}",
        "puzzle.value": "'{text}' non è un valore esatto (scrivi 7, -3/2 o 0.5)",
        "puzzle.percent_points": "'{text}' è una percentuale: questo valore è in punti (scrivi "
        "7, -3/2 o 0.5)",
        "puzzle.comment_line": "{where}: una riga di commento '{mark}' non è ammessa: un file di "
        'problemi ha un oggetto JSON per riga (una nota va nel campo "comment" del problema)',
        "puzzle.from_unknown": "--from {id}: nessun problema ha questo id in {name}",
        "puzzle.play_stdin": "puzzles play legge dall'input standard le risposte scritte al "
        "suo prompt, quindi i problemi non possono venire da lì: indica il percorso del file "
        "di problemi al posto di -",
        "puzzle.hidden": "un problema mostra tutte le carte: con una mano coperta (?) non c'è "
        "una risposta sola",
        "puzzle.variant": "i problemi sono di scoperta, scoperta4, briscolone e libero, non del "
        "gioco '{variant}'",
        "puzzle.talon": "i problemi di {variant} sono finali: il tallone dev'essere vuoto, invece "
        "ha {size} carte",
        "puzzle.talon4": "i problemi di scoperta4 sono l'ultima pescata o le ultime tre prese "
        "(dove la ricerca esatta è rapida): il tallone deve avere 4 carte o nessuna, invece ne "
        "ha {size}",
        "or.two": "{a} o {b}",
        "or.three": "{a} o {b} o {c}",
        "number.huge": "un numero enorme",
        "draw.not_from_talon": "le carte pescate ({draws}) non sono una pescata da questo "
        "tallone: indica le {n} carte pescate, prima quella di chi ha preso",
        "draw.not_from_talon_top": "le carte pescate ({draws}) non sono una pescata da questo "
        "tallone: indica le {n} carte pescate, prima quella di chi ha preso, poi la nuova "
        "carta in cima",
        "draw.top_first": "le carte pescate ({draws}) devono cominciare con la carta in cima "
        "{card}, che pesca chi ha preso",
        "draw.trump_last": "le carte pescate ({draws}) devono finire con la briscola {card}, "
        "pescata per ultima",
        "cluster.no_dask": "--cluster vuole Dask: pip install -e '.[cluster]'",
        "cluster.no_port": "non si raggiunge lo scheduler Dask a {address}: la porta non esiste",
        "cluster.timed_out": "non si raggiunge lo scheduler Dask a {address}: tempo scaduto",
        "cluster.no_answer": "nessuno scheduler Dask risponde a {address}: qualcosa è in "
        "ascolto, ma non ha risposto come uno scheduler",
        "cluster.unreachable": "non si raggiunge lo scheduler Dask a {address}: {why}",
        "cluster.workers": "--workers dev'essere almeno 1, non {workers}",
        "cluster.empty_address": "--cluster ha un indirizzo vuoto: dai host:porta dello "
        "scheduler, o --cluster da solo per un cluster locale",
        "cluster.start": "non si può avviare il cluster: {why}",
        "cluster.workers_fail": "i worker non possono eseguire il solutore ({why}); installa su "
        "ciascuno questa copia con l'extra cluster",
        "cluster.killed": "un compito ha fermato il suo worker più volte, si rinuncia: {why}",
        "log.cannot_read": "non si può leggere il registro {path}: {why}",
        "log.not_log": "{error}: non è un registro dei compiti",
        "log.not_row": "{error}: non è una riga di un registro dei compiti",
        "log.not_object": "{where}: non è una riga di un registro dei compiti (una riga è un "
        "oggetto JSON)",
        "log.no_index": '{where}: non è una riga di un registro dei compiti (non ha "index"): '
        "{path} è un altro file? Un registro contiene solo le righe scritte da un'esecuzione "
        "con --log",
        "log.index": '{where}: "index" dev\'essere il numero di un compito da {first}, non {got}',
        "log.at": "{where}: {error}",
        "log.other_run": "{path} è il registro di un'altra esecuzione: le sue {others} righe sono "
        "di un'altra posizione, di altre opzioni o di un altro --seed. Riprendilo col comando che "
        "l'ha scritto, o indica un altro file con --log",
        "log.other_run_one": "{path} è il registro di un'altra esecuzione: la sua unica riga è di "
        "un'altra posizione, di altre opzioni o di un altro --seed. Riprendilo col comando che l'ha "
        "scritto, o indica un altro file con --log",
        "log.set_aside": "{path}:{n}: l'ultima riga è troncata, e non si può mettere da parte in "
        "{aside}: {why}",
        "log.seed": '{where}: "seed" dev\'essere un numero intero da 0 a {most}, come lo prende '
        "--seed, non {got}",
        "log.no_margins": 'la riga non ha "margins"',
        "log.no_output": 'la riga non ha "output"',
        "log.input": '"input" dev\'essere il testo della riga in ingresso',
        "log.output_kind": '"output" dev\'essere un oggetto JSON, non {got}',
        "log.output_error": '"error" di "output" dev\'essere una stringa',
        "log.output": "\"output\" dev'essere un'analisi (position, best, moves con card e value) "
        "o un errore",
        "log.leaf": '"leaf" dev\'essere il testo della posizione risolta',
        "log.margins_kind": '"margins" dev\'essere due numeri interi (il margine di punti di A '
        "in ciascuna partita della smazzata), non {got}",
        "log.margins_list": '"margins" dev\'essere due numeri interi (il margine di punti di A '
        "in ciascuna partita della smazzata), non un elenco di {count}",
        "log.margins_range": '"margins" devono essere numeri pari da -{most} a {most} (i {most} '
        "punti della smazzata si dividono), non {a}, {b}",
        "split.not_scoperta": "una posizione su un cluster è una posizione di scoperta a 2 "
        "giocatori (si divide la sua ricerca esatta)",
        "split.over": "la smazzata è finita: non c'è niente da cercare",
        "split.depth": "depth è uno fra {depths}, non {got}",
        "split.beyond": "questa posizione è oltre la portata della ricerca esatta, anche divisa",
        "split.leaf": 'una foglia è {{"value": una frazione, "pv": carte, "nodes": un conteggio}}',
        "split.leaf_range": "il valore di una foglia dev'essere fra -{most} e {most} (i punti "
        "di una smazzata), non {value}",
        "split.leaf_bound": "il valore di una foglia dev'essere fra {least} e {most} (quanto la "
        "sua posizione ha ancora da vincere), non {value}",
        "split.leaf_pv": 'il "pv" di una foglia dev\'essere carte che la sua posizione può '
        "giocare una dopo l'altra, fino a una pescata: la carta n. {n}, {card}, non lo è",
        "split.not_exact": "la foglia {position} non è stata risolta esattamente",
        "split.worker": "il valore che un worker ha dato per la foglia {position}: {error}",
        "split.missing": "{missing} delle {leaves} foglie non hanno ancora un valore",
        "split.missing_one_missing": "1 delle {leaves} foglie non ha ancora un valore",
        "split.missing_one": "l'unica foglia non ha ancora un valore",
        "engine.samples": "il motore vuole almeno 1 campione a mossa, non {samples}",
        "engine.seconds": "il motore vuole un tempo positivo a mossa, non {seconds}",
        "engine.pimc_time": "'{agent}': il riferimento engine-pimc prende solo un tempo "
        "(engine-pimc:SECONDI): la sua profondità la sceglie l'orologio",
        "engine.budget": "budget del motore sbagliato in '{agent}': usa engine@CAMPIONI, per "
        "esempio engine@50",
        "engine.budget_range": "budget del motore sbagliato in '{agent}': da 1 a {most} campioni a "
        "mossa",
        "engine.time": "tempo del motore sbagliato in '{agent}': usa engine:SECONDI, per esempio "
        "engine:0.5",
        "engine.time_range": "tempo del motore sbagliato in '{agent}': secondi sopra 0 e al più "
        "{most}",
        "agent.unknown": "giocatore automatico sconosciuto '{name}' (scegli fra {names}, "
        "engine:SECONDI, engine@CAMPIONI, exec:COMANDO)",
        "agent.count2": "indica 1 o 2 giocatori automatici per 2 giocatori, non {got}",
        "agent.count": "indica 1, 2 o {players} giocatori automatici per {players} giocatori, "
        "non {got}",
        "match.max_deals": "la partita non è finita entro {most} smazzate",
        "match.no_result": "una partita ancora in corso non ha un risultato da contare",
        "pimc.none_solved": "nessuna mano estratta si è potuta risolvere entro il tempo (indica "
        "un --time-limit più lungo)",
        "argument.seat_view": "seat_view: lo stato di una partita vuole il posto di cui è la vista",
        "argument.explain_pos": "explain_position: pos dev'essere una Position o una SeatPosition "
        "(solver.parse legge il testo di una posizione), non {got}",
        "argument.explanation": "explanation_text: ex dev'essere una Explanation "
        "(solver.explain_position ne dà una), non {got}",
        "argument.render": "render: pos dev'essere una Position o una SeatPosition (solver.parse "
        "legge il testo di una posizione, view() di una partita ne dà una), non {got}",
        "argument.parse": "parse: text dev'essere una str (la notazione di una posizione), non "
        "{got}",
        "argument.talon": "talon dev'essere un numero pari da 0 a 34, non {talon}",
        "method.unknown": "metodo sconosciuto '{text}'",
        "method.estimate": "metodo di stima sconosciuto '{method}' ({methods})",
        "search.out_of_reach": "una ricerca esatta di questa posizione è fuori portata: "
        "{unseen} carte non viste (al massimo {most}); analyse la stima",
        "method.expectimax": "l'expectimax campionato vuole carte nascoste nel tallone",
        "analysis.interval": "una stima dice cosa copre il suo ± (interval)",
        "analysis.json": "non è il JSON di un'analisi ({kind}: {error})",
        "analysis.not_legal": "{card} non è una carta giocabile qui (giocabili: {legal})",
        "budget.one": "un budget è un valore solo: indica {names}, non insieme",
        "budget.limit_one": "un budget è un valore solo: indica limit= oppure seconds= (time=), "
        "samples=, nodes=, estimate_limit= (estimate_time=), non insieme",
        "budget.seconds": "{name} è un numero positivo finito, non {got}",
        "budget.whole": "{name} è un numero intero di almeno 1, non {got}",
        "budget.estimate_time": "estimate_time è un numero positivo, non {got}",
        "budget.limit": "limit è un Limit, non {got}",
        "budget.limit_twice": "un budget è un valore solo: indica il Limit come secondo argomento "
        "oppure come limit=, non entrambi",
        "explain.limit_time": "il budget di una spiegazione è un tempo, Limit(time=...), non {got}",
        "show.no_stdin": "nessuna posizione sullo standard input",
        "show.lines": "show legge una posizione sola, ma lo standard input ha {count} righe",
        "show.with_analysis": "--with-analysis disegna su un'immagine: indica --svg FILE",
        "show.bottom": "--bottom disegna su un'immagine: indica --svg FILE",
        "picture.bottom": "nessun giocatore {n} da disegnare in basso: la posizione ha i "
        "giocatori da 1 a {most}",
        "analyse.json_line": 'una riga JSON vuole un campo "position" col testo della posizione',
        "analyse.bad_line": "riga {n}: {error}",
        "analyse.failed_lines": "{bad} delle {total} righe in ingresso non sono state analizzate "
        "(i loro oggetti JSON riportano l'errore)",
        "analyse.failed_lines_one_bad": "1 delle {total} righe in ingresso non è stata analizzata "
        "(il suo oggetto JSON riporta l'errore)",
        "analyse.failed_lines_one": "l'unica riga in ingresso non è stata analizzata (il suo "
        "oggetto JSON riporta l'errore)",
        "serve.no_web": "il tavolo d'analisi vuole l'extra web (manca {module}): pip install -e '.[web]'",
        "serve.cannot_listen": "non si può restare in ascolto su {host}:{port}: {why}",
        "games.dealer": "--dealer dev'essere il numero di un giocatore da 1 a {players}",
        "games.games": "--games dev'essere almeno 1, non {games}",
        "games.target": "--target dev'essere almeno 1, non {target}",
        "usage": "{message}",
        "log.seed_found": "{path} contiene questa partita con la mescolata n. {seed}: si "
        "continua con quella",
        "log.resumed": "{path} contiene già {held} su {total} {what}: ne restano da eseguire "
        "{left}",
        "log.resumed_all": "{path} contiene già {held} su {total} {what}: non resta niente da "
        "eseguire",
        "log.what.tasks": "compiti",
        "log.what.tasks_one": "compito",
        "log.what.deals": "smazzate",
        "log.what.deals_one": "smazzata",
        "log.what.input_lines": "righe in ingresso",
        "log.what.input_lines_one": "riga in ingresso",
        "log.what.positions": "posizioni",
        "log.what.positions_one": "posizione",
        "tasks.running_s": "compiti: {done}/{total} fatti, in corso da {took:.0f} s",
        "tasks.running_min": "compiti: {done}/{total} fatti, in corso da {took:.0f} min",
        "tasks.rate": "compiti: {done}/{total} fatti, {rate:.2f}/s",
        "tasks.rate_left": "compiti: {done}/{total} fatti, {rate:.2f}/s, ne restano circa "
        "{left:.0f} s",
        "split.tasks": "divisione {where}: {n} posizioni in {tasks} compiti",
        "split.tasks_one_tasks": "divisione {where}: {n} posizioni in 1 compito",
        "split.tasks_one": "divisione {where}: 1 posizione in 1 compito",
        "split.all_read": "divisione {where}: tutte le {n} posizioni lette da {path}, non resta "
        "niente da eseguire",
        "split.all_read_one": "divisione {where}: l'unica posizione letta da {path}, non resta "
        "niente da eseguire",
        "split.settled": "divisione: ogni linea chiude la smazzata entro la prima presa, "
        "valutata qui: nessun compito da eseguire",
        "split.stopped": "fermato: {path} contiene {held} delle {total} posizioni; lo stesso "
        "comando riprende da lì",
        "split.stopped_one": "fermato: {path} non contiene ancora l'unica posizione; lo stesso "
        "comando riprende da lì",
        "usage.analyse.two_budgets": "--samples e --time-limit sono due budget: danne uno",
        "usage.analyse.split_input": "--cluster e --log vanno con una POSIZIONE (la sua ricerca "
        "esatta divisa in compiti) o con - (un lotto dallo standard input)",
        "usage.analyse.split_budget": "una POSIZIONE su un cluster si risolve esattamente, fino "
        "alla fine: --samples e --time-limit non valgono",
        "usage.analyse.both": "dai una POSIZIONE o --record, non entrambi",
        "usage.analyse.record_needs": "--record vuole --move N e --seat S",
        "usage.analyse.without_record": "--move, --seat e --game vanno con --record FILE",
        "usage.analyse.missing": "manca la POSIZIONE (o --record FILE --move N --seat S)",
        "range.moves": "una smazzata ha 40 mosse",
        "range.player": "un numero di giocatore",
        "range.workers": "processi di lavoro",
        "range.port": "una porta TCP; 0 ne sceglie una libera",
        "usage.no_option": "l'opzione '{option}' non esiste.",
        "usage.no_option_meant": "l'opzione '{option}' non esiste. Forse intendevi '{meant}'?",
        "usage.no_option_meant_many": "l'opzione '{option}' non esiste. (Opzioni possibili: "
        "{meant})",
        "usage.no_command": "il comando '{name}' non esiste.",
        "usage.no_command_meant": "il comando '{name}' non esiste. Forse intendevi 'briscola "
        "{meant}'?",
        "usage.not_a_command": "'{name}' non è un comando: per analizzare una posizione, briscola "
        'analyse "{text}"',
        "usage.missing_command": "manca il comando.",
        "usage.missing_argument": "manca l'argomento '{name}'.",
        "usage.missing_option": "manca l'opzione '{name}'.",
        "usage.bad_value": "valore non valido per {option}: {why}",
        "usage.not_choice": "{value} non è {choice}.",
        "usage.not_choices": "{value} non è tra {choices}.",
        "usage.not_integer": "{value} non è un numero intero.",
        "usage.not_float": "{value} non è un numero.",
        "usage.range": "{value} non è nell'intervallo {range}.",
        "usage.no_file": "il file {path} non esiste.",
        "usage.is_dir": "{path} è una cartella, non un file.",
        "usage.not_readable": "il file {path} non si può leggere.",
        "usage.needs_value": "l'opzione '{option}' vuole un valore.",
        "usage.needs_values": "l'opzione '{option}' vuole {n} valori.",
        "usage.takes_no_value": "l'opzione '{option}' non prende un valore.",
        "usage.extra_argument": "un argomento di troppo ({args})",
        "usage.extra_arguments": "argomenti di troppo ({args})",
        "usage.see_help": "vedi '{command} --help'",
        "usage.quote_position": "una posizione è un argomento solo, tra virgolette: {command}",
        "usage.interrupted": "interrotto",
        "option.not_seconds": "{value} non è un numero di secondi",
        "option.not_positive_seconds": "{value} non è un numero di secondi finito e positivo",
        "option.too_short": "{value} è sotto il limite di tempo più breve, 0,001 s",
        "option.not_whole": "{value} non è un numero intero",
        "option.range": "{value} è fuori dall'intervallo (da {lo} a {hi})",
        "option.range_what": "{value} è fuori dall'intervallo (da {lo} a {hi}, {what})",
        "note.capped": "{option} {value} ridotto a {most} s (un giorno: a nessuna ricerca "
        "serve più tempo)",
        "note.kept_in": "il risultato è stato conservato in {path}",
        "note.on_stdout": "il risultato segue sullo standard output",
        "note.torn_line": "{name}:{n}: l'ultima riga è troncata (un crash mentre la si "
        "scriveva?): letto senza di essa",
        "note.torn_row": "{path}:{n}: l'ultima riga è troncata (un crash mentre la si "
        "scriveva); è conservata in {aside} e il suo compito si ripete",
        "note.compiling": "compilo {what} una volta per questa macchina (circa {secs} s di CPU, "
        "di più su una macchina occupata); le esecuzioni seguenti lo leggono dalla cache "
        "('briscola warm-up' compila tutti i kernel in una volta)",
        "note.interrupted.samples": "interrotta: stima dai campioni presi finora",
        "note.interrupted.deepest": "interrotta: la ricerca più profonda finita finora",
        "note.interrupted.ctrl_c": "interrotta: ricerca esatta fermata con Ctrl-C",
        "note.interrupted.exact": "interrotta: ricerca esatta fermata",
        "note.none_in_time.hand": "nessun campione finito in tempo: una mano, una presa di "
        "profondità",
        "note.none_in_time.order": "nessun campione finito in tempo: un ordine del tallone, una "
        "presa di profondità",
        "note.none_in_time.lookahead": "nessun campione finito in tempo: una presa di previsione "
        "su un ordine del tallone",
        "note.samples": "{n} campioni",
        "note.samples_one": "1 campione",
        "note.samples_corrected": "{n} campioni, {k} prime pescate corrette",
        "note.samples_corrected_one_n": "1 campione, {k} prime pescate corrette",
        "note.samples_corrected_one_k": "{n} campioni, 1 prima pescata corretta",
        "note.samples_corrected_one": "1 campione, 1 prima pescata corretta",
        "note.enumerated": "tutte le {n} prime pescate enumerate: i valori sono esatti",
        "note.enumerated_one": "l'unica prima pescata enumerata: i valori sono esatti",
        "note.searched.end": "esplorata fino alla fine",
        "note.searched.depth": "esplorate {depth} prese su {tricks}",
        "note.searched.depth_one": "esplorata 1 presa su {tricks}",
        "note.exact.time": "la ricerca esatta non è finita nel tempo rimasto",
        "note.exact.solved": "la ricerca esatta ha risolto {cards} prima di fermarsi: i loro "
        "valori sono esatti (± 0), quelli delle altre carte stimati",
        "note.exact.solved_one": "la ricerca esatta ha risolto {cards} prima di fermarsi: il suo "
        "valore è esatto (± 0), quelli delle altre carte stimati",
        "note.exact.shifted": "le carte stimate sono state spostate di {points:+.2f} punti: il "
        "{share} % dell'errore della stima sulle carte risolte ({offset:+.2f}), che le carte di "
        "una posizione hanno in gran parte in comune",
        "note.exact.nodes": "la ricerca esatta non è finita entro {nodes:,} nodi",
        "note.exact.nodes_one": "la ricerca esatta non è finita entro 1 nodo",
        "note.exact.node_budget": "un limite di nodi vale per le ricerche esatte: questa stima "
        "ha preso il suo tempo predefinito",
        "note.hands.elimination": "la mano dell'avversario si conosce per esclusione",
        "note.hands.all": "tutte le {n} mani dell'avversario compatibili risolte esattamente, "
        "con lo stesso peso: nessun errore di campionamento",
        "note.hands.all_one": "l'unica mano dell'avversario compatibile risolta esattamente: "
        "nessun errore di campionamento",
        "note.hands.all_deals": "tutte le {n} mani dell'avversario compatibili risolte "
        "esattamente, ciascuna pesata secondo le smazzate che vi portano (un seme a cui non "
        "ha risposto rende una mano meno probabile): nessun errore di campionamento",
        "note.hands.consistent": "mani dell'avversario compatibili: {n}",
        "note.hands.consistent_one": "una sola mano dell'avversario è compatibile",
        "note.hands.weighted": "mani pesate secondo le scelte visibili dell'avversario "
        "(dimensione effettiva del campione {size:.0f})",
        "note.hands.sampled": "{n} mani dell'avversario campionate, {how}",
        "note.hands.sampled_one": "1 mano dell'avversario campionata, {how}",
        "note.part.how.exact": "ciascuna risolta esattamente su ogni pescata del tallone",
        "note.part.how.clairvoyant": "ciascuna risolta con un ordine del tallone campionato "
        "(chiaroveggente)",
        "note.part.how.clairvoyant_depth": "ciascuna risolta per {depth} prese con un ordine del "
        "tallone campionato (chiaroveggente)",
        "note.part.how.clairvoyant_depth_one": "ciascuna risolta per 1 presa con un ordine del "
        "tallone campionato (chiaroveggente)",
        "note.part.how.searched": "ciascuna esplorata per {depth} prese con un ordine del tallone "
        "campionato: un'approssimazione; {beyond}; {covers}",
        "note.part.how.searched_one": "ciascuna esplorata per 1 presa con un ordine del tallone "
        "campionato: un'approssimazione; {beyond}; {covers}",
        "note.orders.searched": "{n} ordini del tallone campionati, ciascuno esplorato per "
        "{depth} prese: un'approssimazione; {beyond}; {covers}",
        "note.orders.searched_one_n": "1 ordine del tallone campionato, esplorato per {depth} "
        "prese: un'approssimazione; {beyond}; {covers}",
        "note.orders.searched_one_depth": "{n} ordini del tallone campionati, ciascuno esplorato "
        "per 1 presa: un'approssimazione; {beyond}; {covers}",
        "note.orders.searched_one": "1 ordine del tallone campionato, esplorato per 1 presa: "
        "un'approssimazione; {beyond}; {covers}",
        "note.orders.solved": "{n} ordini del tallone campionati, ciascuno risolto fino alla "
        "fine conoscendo l'ordine (chiaroveggente); {covers}",
        "note.orders.solved_one": "1 ordine del tallone campionato, risolto fino alla fine "
        "conoscendo l'ordine (chiaroveggente); {covers}",
        "note.part.beyond.fitted": "i punti ancora in gioco dopo quelle prese sono divisi come "
        "prevede, a partire dalle due mani, una formula adattata a smazzate risolte",
        "note.part.beyond.even": "i punti ancora in gioco dopo quelle prese contano come divisi a metà",
        "note.part.beyond.fitted_one": "i punti ancora in gioco dopo quella presa sono divisi "
        "come prevede, a partire dalle due mani, una formula adattata a smazzate risolte",
        "note.part.beyond.even_one": "i punti ancora in gioco dopo quella presa contano come "
        "divisi a metà",
        "note.beyond.leaf": "i punti ancora in gioco dopo {depth} prese sono divisi come prevede, "
        "a partire dalle due mani, una formula adattata a smazzate risolte (pescato il tallone, "
        "le ultime prese sono esplorate)",
        "note.beyond.leaf_one": "i punti ancora in gioco dopo 1 presa sono divisi come prevede, "
        "a partire dalle due mani, una formula adattata a smazzate risolte (pescato il tallone, "
        "le ultime prese sono esplorate)",
        "note.part.covers.unmeasured": "l'errore del metodo non è misurato per questo gioco in questo "
        "momento della smazzata",
        "note.part.covers.measured": "l'errore misurato del metodo: ±{value:.2g} {unit} sul valore di "
        "una carta in questo momento",
        "note.part.covers.carried": "l'errore del metodo ({carried}): ±{value:.2g} {unit} sul valore "
        "di una carta",
        "note.part.covers.gap": "{covers}, ±{gap:.2g} sullo scarto tra due carte",
        "note.part.carried.talon": "misurato con {talon} carte nel tallone e aumentato in proporzione al tallone",
        "note.part.carried.depth": "misurato qui contro ricerche di 8 prese, scalato di quanto hanno "
        "aggiunto le soluzioni complete in un altro momento della smazzata",
        "note.part.carried.solved": "misurato contro soluzioni complete con da {lo} a {hi} carte in "
        "gioco e riportato al resto di questo momento della smazzata",
        "note.part.carried.seen": "la parte del tallone visto misurata con da 13 a 16 carte in gioco, "
        "dove i campioni si risolvono fino alla fine",
        "note.extrapolated": "l'errore del metodo, misurato fino a {talon} carte nel tallone e aumentato in "
        "proporzione al tallone: ±{value:.2g} {unit} sul valore di una carta, ±{gap:.2g} sullo "
        "scarto tra due carte",
        "note.part.multilevel": "{n:d} di esse (una su {every:d}) risolte anche esattamente su ogni "
        "pescata del tallone e la differenza media aggiunta a ogni valore",
        "note.part.corrected": "ogni valore corretto di {bias:+.2g} {unit}, la distorsione misurata "
        "del metodo",
        "note.part.unit.points": "punti",
        "note.part.unit.win": "della probabilità di vincere",
        "note.part.unit.percent": "punti percentuali",
        "note.part.and": "{first} e {second}",
        "note.part.then": "{first}; {then}",
        "note.split": "ricerca esatta divisa in {n} posizioni {where}, combinate esattamente",
        "note.split_one": "ricerca esatta divisa in 1 posizione {where}, combinata esattamente",
        "note.split_settled": "ricerca esatta: ogni linea chiude la smazzata entro la prima "
        "presa, valutata senza compiti",
        "note.part.at_cards": "dopo le carte della radice",
        "note.part.at_draws": "dopo la pescata della prima presa",
        "note.part.at_trick": "dopo la prima presa",
        "note.tasks": "{tasks} compiti eseguiti {where}",
        "note.tasks_one": "1 compito eseguito {where}",
        "note.tasks_read": "{tasks} compiti eseguiti {where}, {n} posizioni lette da {path}",
        "note.tasks_read_one_tasks": "1 compito eseguito {where}, {n} posizioni lette da {path}",
        "note.tasks_read_one_n": "{tasks} compiti eseguiti {where}, 1 posizione letta da {path}",
        "note.tasks_read_one": "1 compito eseguito {where}, 1 posizione letta da {path}",
        "note.all_read": "tutte le {n} posizioni lette da {path}, nessun compito eseguito",
        "note.all_read_one": "l'unica posizione letta da {path}, nessun compito eseguito",
        "note.part.where.here": "qui",
        "note.part.where.local": "su un cluster locale di {workers} processi",
        "note.part.where.local_one": "su un cluster locale di 1 processo",
        "note.part.where.cluster": "sul cluster in {address}",
        "kernel.solver.search.scoperta": "il kernel di ricerca della scoperta",
        "kernel.solver.search.general": "il kernel di ricerca generale (ogni gioco tranne la "
        "scoperta a 2)",
        "kernel.solver.search.depth": "il kernel dello stimatore",
        "show.best.exact": "esatto: migliore {cards}",
        "show.best.estimate": "stima: migliore {cards}",
        "show.best.interrupted": "stima, interrotta: migliore {cards}",
        "show.wrote": "scritto {path}",
        "log.cannot_write": "non si può scrivere nel registro {path}: {why}",
        "log.goes_on": "errore: {error}; il lavoro continua senza registro (una nuova esecuzione "
        "riprende dalle righe scritte)",
        "log.failed": "errore: {error}: il risultato qui sopra è completo; il registro ha solo le "
        "righe scritte prima",
        "output.empty": "{option} vuole il nome di un file, non un percorso vuoto",
        "output.is_dir": "{option} {path} è una cartella",
        "output.cannot": "{option} {path}: {why}",
        "output.no_dir": "{option} {path}: la cartella {folder} non esiste",
        "output.dir_not_writable": "{option} {path}: nella cartella {folder} non si può scrivere",
        "output.not_file": "{option} {path} non è un file normale (è un dispositivo o una pipe): "
        "un registro si rilegge e vi si aggiunge",
        "output.not_writable": "{option} {path} non si può scrivere",
        "output.stdout": "non si può scrivere sullo standard output: {why}",
        "explain.hidden": "la spiegazione ha bisogno di tutte le mani in vista, e dal posto del "
        "giocatore {seat} la mano del giocatore {other} (?) non si conosce finché "
        "il tallone ha carte (ne restano {talon}; quando è vuoto la mano si "
        "ricava per esclusione): 'briscola analyse' analizza la posizione dal "
        "posto del giocatore",
    },
}


def progress_text(line: str, lang: str) -> str:
    """A search's progress line said in ``lang`` from the kind and figures it carries
    (analysis.progress.Line's data), in the board's words and the seconds since the analysis
    began; English, or a line without them, as it is."""
    data = getattr(line, "data", None)
    if lang == "en" or not data or "seconds" not in data:
        return str(line)
    words = BOARD_PAGE[lang]
    if data.get("kind") == "exact":
        text = words["progress.exact"].format(nodes=num(data["nodes"], "d", lang, group=True))
    elif data.get("kind") == "samples":
        what = words.get("progress.what." + str(data.get("label")), words["progress.what.estimate"])
        one = ".one" if data["samples"] == 1 else ""
        text = words["progress.samples" + one].format(
            what=what,
            n=num(data["samples"], "d", lang, group=True),
            card=data["best"],
            value=pct(100 * data["value"], ".1f", lang)
            if data.get("objective") == "win"
            else num(data["value"], "+.2f", lang),
        )
    else:
        return str(line)
    seconds = data["seconds"]
    return f"{text}, {num(seconds, '.0f' if isinstance(seconds, int) else '.1f', lang)} s"


def error_text(e: BaseException | str, lang: str) -> str:
    """``e`` (an error, or a keyed note: errors.Note) said in ``lang`` for the CLI and the
    board: its key's template filled (a field that is itself an error said in ``lang`` too),
    else its English message unchanged."""
    key = getattr(e, "key", None)
    table = ERRORS.get(lang)
    if lang == "en" or key is None or table is None or key not in table:
        return str(e)
    fields = {
        k: error_text(v, lang)
        if isinstance(v, (BaseException, Note))
        else _Number(v, lang)
        if isinstance(v, (int, float)) and not isinstance(v, bool)
        else v
        for k, v in getattr(e, "fields", {}).items()
    }
    return table[key].format(**fields)


class _Number:
    """A number field of an error or note, written by its template's spec as ``lang``
    writes numbers (``num``: "{rate:.2f}" gives 0,25 in Italian, "{nodes:,}" 1.000.000)."""

    def __init__(self, x: float, lang: str) -> None:
        self.x, self.lang = x, lang

    def __format__(self, spec: str) -> str:
        return num(self.x, spec, self.lang)

    def __str__(self) -> str:
        return num(self.x, "", self.lang)
