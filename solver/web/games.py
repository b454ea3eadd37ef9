"""What the board's endpoints do, in plain Python over the project's APIs (no web types
here, so the tests and the server share it).

A game is carried as a dict: the project's game record (variant, seed, dealer, deck, moves;
or, for a game continued from a pasted position, its start position and the talon order
drawn at random when the game began), so a downloaded game replays and reviews with
`briscola replay` and `briscola review`. The older board record
(``"format": "briscola-board"``) is still read.

In the hidden-card games (classic, Briscolone, Libero) the board shows what one seat sees:
its hand, the other as card backs, the analysis from that seat; and while the deal goes on
the record the page carries holds the deck (or start and talon order) sealed (seal.py), so
no answer names a card the seat cannot see. The seal also vouches for the record's other
fields (variant, dealer, players, ...: changed, they would deal the sealed cards to other
places) and for its moves: the page may take moves back, not write new ones in; a seat
plays only its own cards, the engine only the other seat's (app.py). "Open hands" (every
hand shown) is asked for. A record whose deal is over is carried whole, and checked like a
downloaded one (its result is the one its moves reach).

A reviewed card gets a mark from its cost (points, mover minus opponent), judged on the
low end of its interval where it has one, so no card is marked on sampling noise alone:
``?!`` from 2 points, ``?`` from 5, ``??`` from 10 (MARKS). Reviewed with the objective
win, the cost is the chance of winning the deal the card gave away: ``?!`` from 0.05,
``?`` from 0.10, ``??`` from 0.20 (WIN_MARKS).
"""

from __future__ import annotations

import random
import secrets
from contextlib import contextmanager
from dataclasses import replace

from solver.players.agents import get_agent
from solver.players.engine_agent import in_full_time
from solver.analysis import Analysis, Limit, current_engine, progress
from solver.analysis import analyse as run_analysis
from solver.cards import card_str, parse_card_id, parse_typed_card
from solver.explain import explain_position, explain_seen, explanation_text as render_explanation
from solver.game import (
    GameState,
    continue_game,
    deal,
    legal_cards,
    move_refusal,
    open_view,
    to_position,
)
from solver.picture import Marks, position_svg
from solver.position import PositionError
from solver.errors import BriscolaError, Count
from solver.puzzles import PuzzleError, bundled, format_answer, read_answer
from solver.i18n import BOARD_PAGE, comment_text, title_text
from solver.record import (
    FORMAT,
    RecordError,
    check_record,
    deal_record,
    deal_start,
    played,
    result_of,
    same_result,
    start_record,
)
from solver.review import (
    SUPPORTED,
    DrawLuck,
    MoveReview,
    check_review_objective,
    draw_luck,
    render_review,
    review_move,
    review_states,
)
from solver.redeal import redeal, shuffled_talon
from solver.rules import get_variant
from solver.web.seal import SealError, Sealer

BOARD_FORMAT = "briscola-board"
#: what the puzzle list shows before the answer: not the answer, the comment (it may name the
#: answer) or the generator's features (they name the natural card)
PUZZLE_FIELDS = ("id", "position", "question", "objective", "difficulty", "title")
#: (lowest cost in points, mark), worst first
MARKS = ((10.0, "??"), (5.0, "?"), (2.0, "?!"))
#: (lowest cost in chance of winning the deal, mark), worst first
WIN_MARKS = ((0.20, "??"), (0.10, "?"), (0.05, "?!"))
#: a record's fields naming cards a seat does not see while the deal goes on: a dealt game's
#: deck, a continued game's start (both hands) and talon order, and the seed, which deals
#: them all again; in the games played with every hand in view only the talon's order is
#: unseen
SEALED_FIELDS = ("deck", "start", "talon", "seed")
OPEN_SEALED_FIELDS = ("deck", "talon", "seed")
#: a record's fields that are not what was dealt but what came of it: the cards played and
#: the result they reach. The other fields left in clear (variant, dealer, players, format,
#: version; a scoperta game's start) say with the sealed cards what was dealt to whom, so
#: the seal holds a copy of them: a record whose clear fields are not the ones sealed with
#: it is refused as a changed seal is
PLAY_FIELDS = ("moves", "result")
#: the fields only a dealt game's record has (a game continued from a position has none),
#: and those only a continued game's has (a dealt game has none; its "start" is what makes
#: a record a continued game's)
DEALT_ONLY = ("dealer", "deck")
STARTED_ONLY = ("talon",)


class Game:
    """A game's start, its moves and the state they reach; ``record`` is what travels."""

    def __init__(
        self,
        start: GameState,
        moves: list[int],
        head: dict,
        start_score=(),
        sealed: bool = False,
        seat: int | None = None,
        deal: str | None = None,
    ):
        self.start, self.moves, self.head = start, list(moves), head
        self.start_score = start_score
        self.sealed = sealed  # came from the page sealed: its player has not seen the deck
        #: the seat a hidden-card deal is played from (1-based; 0: every seat, no engine), held
        #: in its seal: None until a view binds it (a new deal, a record sent whole)
        self.seat = seat
        #: the deal's name in its seal, drawn when it is first sealed (a deal dealt again,
        #: a record sent whole: a new one): what the board remembers of it (memory.Deals)
        self.deal = deal
        self.states = [start]  # the moment before each card, then the last one
        for i, c in enumerate(self.moves, 1):
            self.states.append(played(self.states[-1], c, i))
        self.state = self.states[-1]

    @property
    def record(self) -> dict:
        if "start" in self.head:
            return start_record(
                self.state,
                self.head["start"],
                [parse_card_id(c) for c in self.head["talon"]],
                self.head.get("seed"),
                self.head.get("players"),
            )
        rec = dict(self.head)
        rec["moves"] = [card_str(c) for c in self.moves]
        if self.state.is_over:
            rec["result"] = result_of(self.state)
        return rec

    def at(self, ply: int) -> Game:
        """The game after its first ``ply`` cards."""
        return Game(
            self.start,
            self.moves[:ply],
            self.head,
            self.start_score,
            self.sealed,
            self.seat,
            self.deal,
        )

    @property
    def since_start(self) -> bool:
        """Its points are only those won since a start without a score (record.result_of's
        ``since_start``): no score of the deal, and no winner."""
        return self.start.score is None

    @property
    def hidden(self) -> bool:
        """A hidden-card game: a seat does not see the other hand."""
        return not self.start.variant.open_hands

    def page_record(self, sealer: Sealer | None) -> dict:
        """The record as the page carries it: while the deal goes on, the fields that name
        unseen cards (SEALED_FIELDS, or OPEN_SEALED_FIELDS) sealed into one ``"sealed"``
        string, with a copy of the record's other fields (they stay in clear too), the seat
        the deal is played from (``seat``: the only one its views are drawn for, other_seat),
        the deal's name (``deal``: memory.Deals) and its moves: load_game refuses the
        record if a clear field was changed, or if its moves are not the first of those the
        board played (taking cards back is the page dropping moves; a card is added only by
        /api/play and /api/engine). In scoperta too: a line of legal cards written in drew
        the board after it, every draw face up, the talon's order under its top card, which
        no one sees."""
        rec = self.record
        if sealer is None or self.state.is_over:
            return rec
        fields = SEALED_FIELDS if self.hidden else OPEN_SEALED_FIELDS
        hidden = {k: rec.pop(k) for k in fields if k in rec}
        clear = {k: v for k, v in rec.items() if k not in PLAY_FIELDS}
        played = rec.get("moves", [])
        seal = {"hidden": hidden, "clear": clear, "moves": played, "seat": self.seat}
        if self.deal is None:
            self.deal = secrets.token_hex(8)
        seal["deal"] = self.deal
        rec["sealed"] = sealer.seal(seal)
        return rec

    @property
    def reviewable(self) -> bool:
        """Whether its review may be shown: not while a hidden-card deal the page had
        sealed goes on (the review judges each card from its mover's seat, the other hand
        too)."""
        return not (self.sealed and self.hidden and not self.state.is_over)


def names(players: int, you: int) -> list[str]:
    """The record's names of a two-player deal the page plays: "you" at the seat you play
    (0-based), "engine" at the other (a deal played from seat 2 named player 1 "you"); none
    where you play every seat (-1) or four play."""
    if players != 2 or you < 0:
        return []
    return ["you", "engine"] if you == 0 else ["engine", "you"]


def new_game(variant: str, seed: int, you: int = 0) -> Game:
    """A new deal the page plays from seat ``you`` (0-based; -1: every seat)."""
    state = deal(get_variant(variant), seed)
    head = deal_record(state, seed=seed, players=names(state.players, you))
    head.pop("moves", None)
    return Game(state, [], head)


def game_from_position(pos, seed: int) -> Game:
    """Play on from a pasted open position of any game (game.continue_game: the hidden
    talon cards shuffled, seeded); a seat's view (a hidden hand, ``?``) is refused: no game
    goes on from cards nobody has dealt."""
    if pos.hidden_hand:
        raise PositionError.of("game.from_seat")
    state = continue_game(pos, random.Random(seed))
    head = {
        "seed": seed,
        "start": pos.to_text(),
        "talon": [card_str(c) for c in state.talon],
        "players": names(pos.players, pos.to_move),  # the page plays the side to move
    }
    return Game(state, [], head, pos.score)


def load_game(rec: dict, sealer: Sealer | None = None) -> Game:
    """A game dict sent back by the page (or a downloaded file loaded into it); its sealed
    fields opened with ``sealer``."""
    sealed = "sealed" in rec
    seat = name = None
    if sealed:
        rec, seat, name = _unsealed(rec, sealer)
    moves = rec.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError.of("board.moves")
    if rec.get("format") == BOARD_FORMAT:  # the board's records before they became game records
        rec = {**rec, "format": FORMAT, "version": 1, "variant": "scoperta"}
    result = rec.get("result")
    body = {k: v for k, v in rec.items() if k not in PLAY_FIELDS}
    checked = check_record({**body, "result": result} if result is not None else body)
    if "deals" in checked:
        raise RecordError.of("board.match")
    d = checked["_deals"][0]
    others = DEALT_ONLY if "start" in d else STARTED_ONLY
    extra = next((k for k in others if k in body), None)
    if extra is not None:
        key = "board.started_field" if "start" in d else "board.dealt_field"
        raise RecordError.of(key, field=extra)
    start = deal_start(checked["variant"], d)
    head = (
        {k: v for k, v in body.items() if k != "format" and k != "version"}
        if "start" in d
        else {k: v for k, v in body.items()}
    )
    game = Game(
        start,
        [parse_card_id(m) for m in moves],
        head,
        d["start"].score if "start" in d else (),
        sealed,
        seat,
        name,
    )
    if result is not None:
        _check_result(game, result)
    return game


def redealt(game: Game, seat: int | None) -> Game:
    """``game``, a record behind its deal (cards taken back: memory.Deals), as the board
    goes on from it: what ``seat`` (1-based; None or 0: the talon alone) could not see at
    that moment dealt again (solver.redeal), a deal of its own. The line taken back showed
    the cards drawn after it and, in the hidden-card games, the other hand's, and playing
    on from the same deal used them. The deal's seed, which deals the old cards, is
    dropped."""
    if game.state.is_over:
        return game
    rng = random.SystemRandom()
    rec = {k: v for k, v in game.record.items() if k != "seed"}
    state = game.state
    if "start" in game.head:
        drawn = rec["talon"][: len(rec["talon"]) - len(state.talon)]
        rec["talon"] = drawn + [card_str(c) for c in shuffled_talon(state, rng)]
    else:
        rec["deck"] = [card_str(c) for c in redeal(state, seat if game.hidden else None, rng)]
    out = load_game(rec)
    out.sealed, out.seat = game.sealed, game.seat
    return out


def _check_result(game: Game, result: dict) -> None:
    """A record's stated result is the one its moves reach (the page drops it with the
    moves it takes back)."""
    if not game.state.is_over:
        raise RecordError.of("record.result_unfinished", n=Count(len(game.moves)))
    got = game.record["result"]
    if not same_result(result, got):
        raise RecordError.of(
            "board.result_differs",
            stated="-".join(map(str, result["points"])),
            stated_winner=result.get("winner") or "-",
            got="-".join(map(str, got["points"])),
            got_winner=got.get("winner") or "-",
        )


def _unsealed(rec: dict, sealer: Sealer | None) -> tuple[dict, int | None, str]:
    """The record with its sealed fields back, the seat it is played from and the deal's
    name, once its seal opens and vouches for it: its clear
    fields are the ones sealed with it (else SealError, as for a changed seal), and its
    moves are the first of the moves the board played (else one RecordError whatever the
    cards: a card the page wrote in would be checked against the hand it does not see, and
    the refusal would tell what that hand holds; a line written in would be drawn with its
    draws)."""
    if sealer is None:
        raise RecordError.of("board.sealed_elsewhere")
    opened = sealer.open(rec["sealed"])
    if not isinstance(opened, dict) or set(opened) != {"hidden", "clear", "moves", "seat", "deal"}:
        raise SealError.of("seal.changed")
    hidden, played = opened["hidden"], opened["moves"]
    both = sorted(set(hidden) & set(rec))
    if both:
        raise RecordError.of("board.sealed_twice", fields=", ".join(both))
    if {k: v for k, v in rec.items() if k not in ("sealed", *PLAY_FIELDS)} != opened["clear"]:
        raise SealError.of("seal.changed")
    moves = rec.get("moves", [])
    if not isinstance(played, list) or isinstance(moves, list) and moves != played[: len(moves)]:
        raise RecordError.of("seal.moves")
    whole = {**{k: v for k, v in rec.items() if k != "sealed"}, **hidden}
    return whole, opened["seat"], opened["deal"]


def other_seat(game: Game, seat: int) -> BriscolaError | None:
    """Why a request naming ``seat`` may not see a hidden-card deal that goes on, or None:
    the deal is played from another seat. A page that named player 2 (or 0, the player to
    move) for a deal dealt to player 1 was drawn the engine's hand; the refusal names no
    card. A deal dealt to every seat (0) takes any; open hands are asked for with the
    seat's own."""
    bound = game.seat
    if not game.hidden or game.state.is_over or not bound or seat == bound:
        return None
    return RecordError.of("board.other_seat", seat=bound)


def view_position(game: Game, seat: int | None = None):
    """The position the board draws and analyses: in a hidden-card game what ``seat``
    (1-based; 0: the player to move) sees, a SeatPosition; with ``seat`` None, and in the
    games played with every hand in view, the open view (the talon's order hidden). A game
    from a position without a score has only the points taken since, which are no score of
    the whole deal: it shows none."""
    state = game.state
    if state.is_over:
        return None
    if seat is not None and game.hidden:
        pos = state.view(seat or state.to_move + 1)
    else:
        pos = to_position(state)
    if "start" in game.head and game.start_score is None:
        pos = replace(pos, score=None)
    return pos


def final_position(state: GameState):
    """The board at the end of a deal: every card played, the points taken (drawn, not
    analysed: nobody is to move); after a start without a score, no score (game_view says
    the points won since the start, as record.result_of does)."""
    pos = open_view(state, False)
    return pos if state.score is not None else replace(pos, score=None)


def plies(game: Game) -> list[dict]:
    """Each card of the deal with its mover, its trick and the points each side had taken
    before it (player 1's side first)."""
    out = []
    for s, c in zip(game.states, game.moves, strict=False):  # the last state has no move
        a, b = s.side_points
        out.append(
            {
                "card": card_str(c),
                "player": s.to_move + 1,
                "trick": len(s.tricks) + 1,
                "margin": a - b,
            }
        )
    return out


def picture(pos, lang: str, best=(), values=None, frame=None, since=None, bottom: int = 1) -> str:
    """``pos`` drawn with player ``bottom`` at the bottom (0: the player to move)."""
    marks = Marks(set(best), dict(values or {}), frame)
    return position_svg(pos, marks, lang, since=since, bottom=bottom)


def position_view(pos, lang: str, bottom: int = 1) -> dict:
    return {
        "position": pos.to_text(),
        "variant": pos.variant,
        "to_move": pos.to_move + 1,
        "legal": [card_str(c) for c in pos.legal_cards()],
        "svg": picture(pos, lang, bottom=bottom),
    }


def game_view(
    game: Game,
    lang: str,
    last: str | None = None,
    ply: int | None = None,
    seat: int | None = 1,
    sealer: Sealer | None = None,
    bottom: int = 1,
) -> dict:
    """The game (record, moves, tricks) and the board after ``ply`` cards (all of them when
    None); a finished deal's board is its final position, with ``result``. In a hidden-card
    game the board is what ``seat`` sees (view_position; None: open hands), its legal cards
    only on its turn, and the record is sealed while the deal goes on; ``notation``: the
    board's notation (``position``, or the final position once the deal is over, which
    nobody analyses); ``known``: the seat's view determines the other hand (the talon is
    out), so Explain may ask for it;
    ``since_start``: the game began from a position without a score, so its points are
    those won since then (its result has no winner, its review's margins count from the
    start). ``bottom``: the player the picture draws at the bottom (picture)."""
    whole = game
    if ply is not None:
        if not 0 <= ply <= len(game.moves):
            raise PositionError.of("request.ply", most=len(game.moves))
        game = game.at(ply)
    s = game.state
    pos = view_position(game, seat)
    shown = pos if pos is not None else final_position(s)
    since = s.won_since_start if s.score is None else None  # said, not a score
    hidden = bool(pos is not None and pos.hidden_hand)
    mine = not hidden or pos.seat == pos.to_move
    rec = whole.page_record(sealer)
    out = {
        "game": rec,
        "variant": s.variant.name,
        "players": s.players,
        "over": s.is_over,
        "points": list(s.side_points),
        "moves": len(whole.moves),
        "ply": len(game.moves),
        "turn": s.to_move + 1,
        "last": last,
        "seat": pos.seat + 1 if hidden else None,
        "hidden": hidden,
        "known": hidden and pos.known_position() is not None,
        "sealed": "sealed" in rec,
        "reviewable": not (whole.hidden and "sealed" in rec),
        "legal": [card_str(c) for c in legal_cards(s)] if not s.is_over and mine else [],
        "position": pos.to_text() if pos is not None else None,
        "notation": shown.to_text(),
        "svg": picture(shown, lang, since=since, bottom=bottom),
        "since_start": whole.since_start,
        "plies": plies(whole),
        "tricks": [
            {
                "leader": t.leader + 1,
                "cards": [card_str(c) for c in t.cards],
                "winner": t.winner + 1,
                "points": t.points,
            }
            for t in whole.state.tricks
        ],
    }
    if s.tricks:
        t = s.tricks[-1]
        out["last_trick"] = {
            "leader": t.leader + 1,
            "cards": [card_str(c) for c in t.cards],
            "winner": t.winner + 1,
            "points": t.points,
        }
    if s.is_over:
        out["result"] = result_of(s)
    return out


def play(game: Game, card: int) -> Game:
    err = move_refusal(game.state, card)
    if err is not None:
        raise PositionError.like(err)
    return Game(
        game.start,
        game.moves + [card],
        game.head,
        game.start_score,
        game.sealed,
        game.seat,
        game.deal,
    )


@contextmanager
def _progress_to(job):
    """The engine's progress lines go to the job (read by /api/progress) while it runs."""
    if job is None:
        yield
        return
    with progress.reporting(job.say):
        yield


def analyse(pos, objective: str, time_limit: float, job=None) -> Analysis:
    with _progress_to(job):
        return run_analysis(pos, objective, limit=Limit(time=time_limit))


def engine_card(
    game: Game, level: str, job=None, seed: int | None = None, given: int | None = None
) -> int:
    """The card of ``level`` for the player to move, from what its seat sees; in a
    hidden-card game an engine level gives it in its whole time, forced or not
    (engine_agent.in_full_time: how soon it came would tell what the engine holds).
    ``seed``: its random choices' (a random card, a tie broken), so that one moment asked
    again gets the same card (the seal's, Sealer.seed; a fresh one without it); ``given``:
    the card the moment was given already (memory.Answers), given again in the same time."""
    if game.state.is_over:
        raise PositionError.of("deal.over_short")
    agent = get_agent(level)
    seconds = getattr(agent, "seconds", None)
    rng = random.Random(seed)
    with _progress_to(job):
        if given is not None:
            return in_full_time(game.state, seconds, lambda: given)
        return in_full_time(game.state, seconds, lambda: agent(game.state.view(), rng))


def explain(pos, objective: str, lang: str, time_limit: float, seen=None) -> dict:
    """The explanation of ``pos`` in ``lang``, as text and data; ``seen``: ``pos`` with every
    hand in view (explain.in_view) where the caller has already worked it out."""
    if seen is None:
        ex = explain_position(pos, objective, time_limit, lang)
    else:
        ex = explain_seen(pos, seen, objective, time_limit)
    return {"text": render_explanation(ex, lang), "explanation": ex.to_json()}


def mark(cost: float | None, error: float | None = None, objective: str = "points") -> str:
    """The mark of a card's cost (MARKS, or WIN_MARKS for a cost in win chance), judged on
    the low end of its interval."""
    if cost is None:
        return ""
    low = cost - (error or 0.0)
    marks = WIN_MARKS if objective == "win" else MARKS
    return next((m for t, m in marks if low >= t - 1e-9), "")


def _judged(game: Game, mv: MoveReview, luck: tuple[DrawLuck, ...] = ()) -> dict:
    """A reviewed card as the page shows it: its mark, and player 1's expected final margin
    (team 1+3's where four play: the side of seat parity, as the CLI's luck) or chance of
    winning the deal, for the objective win, before it (with the best card) and after it
    (with the card played), with their ±; ``luck``: the luck of the draw after it
    (review.DrawLuck, each in its player's frame)."""
    out = mv.to_json()
    out["luck"] = [d.to_json() for d in luck]
    out["mark"] = mark(mv.cost, mv.cost_error, mv.objective)
    out["optimal"] = mv.optimal
    s = game.states[mv.number - 1]
    a, b = s.side_points
    first = s.to_move % 2 == 0
    for key, v in (("before", mv.best_value), ("after", mv.value)):
        if v is None:
            out[key] = None
        elif mv.objective == "win":
            out[key] = v if first else 1.0 - v
        else:
            out[key] = a - b + (v if first else -v)
    return out


def check_objective(game: Game, objective: str) -> None:
    """What a review needs, checked before any search: a deal the page had sealed is over
    (its review would show the other seat's hand), and the objective
    (review.check_review_objective: a game from a position without score has no score to
    win by)."""
    if not game.reviewable:
        raise RecordError.of("board.review_hidden")
    check_review_objective(objective, "start" not in game.head or game.start_score is not None)


def review(game: Game, time_limit: float, lang: str = "en", objective: str = "points") -> dict:
    check_objective(game, objective)
    rv = review_states(
        [(game.start, tuple(game.moves))],
        ("player 1", "player 2"),
        time_limit,
        seed=game.head.get("seed"),
        objective=objective,
    )
    out = rv.to_json()
    out["moves"] = [
        _judged(game, m, tuple(d for d in rv.draws if d.move == m.number)) for m in rv.moves
    ]
    out["mistakes"] = [_judged(game, m) for m in rv.mistakes()]
    out["text"] = render_review(rv, lang, moves=False)
    return out


def review_one(game: Game, move: int, time_limit: float, objective: str = "points") -> dict:
    """The review of one card (1-based), so the page fills its review in as cards are judged."""
    check_objective(game, objective)
    if not 1 <= move <= len(game.moves):
        raise PositionError.of("request.move", most=len(game.moves))
    if game.start.variant.name not in SUPPORTED:
        raise RecordError.of("review.unsupported")
    current_engine().ready()  # the kernels load now, not inside this card's time (a cold server's
    # first card got one sample, and a bound for its ±)
    cache: dict = {}  # the luck of the draw after the card reads the card's analysis
    before, card, after = game.states[move - 1], game.moves[move - 1], game.states[move]
    mv = review_move(before, card, time_limit, cache=cache, objective=objective)
    return _judged(
        game, mv, draw_luck(before, card, after, time_limit, cache=cache, objective=objective)
    )


def page_strings(lang: str) -> dict:
    """The page's words in ``lang`` (the same i18n tables as the CLI)."""
    return BOARD_PAGE[lang]


def puzzle_list(variant: str, lang: str = "en") -> list[dict]:
    out = []
    for p in bundled(variant):
        d = {k: v for k, v in p.to_json().items() if k in PUZZLE_FIELDS}
        if p.title:
            d["title"] = title_text(p.title, lang)
        d["to_move"] = p.position.to_move + 1
        out.append(d)
    return out


def check_puzzle(variant: str, pid: str, answer: str, lang: str, reveal: bool = True) -> dict:
    """Whether ``answer`` solves the puzzle, with its answer, comment and explanation; a
    wrong answer without ``reveal`` gets only its verdict, so the player may try again. A
    card is read as every prompt reads one (``parse_typed_card``: its notation or its name)
    and given back as ``card`` in notation, for the page to mark it."""
    found = [p for p in bundled(variant) if p.id == pid]
    if not found:
        raise PositionError.of("puzzle.none", id=pid, variant=variant)
    p = found[0]
    card = None
    if isinstance(p.answer, tuple):  # a "best" puzzle: its best cards
        c = parse_typed_card(answer)
        card = card_str(c)
        if c not in p.position.legal_cards():
            raise PositionError.of("puzzle.not_legal", card=card, player=p.position.to_move + 1)
        ok = c in p.answer
    else:
        try:
            ok = read_answer(answer, lang, p.objective) == p.answer
        except PuzzleError:
            raise PositionError.of("puzzle.not_value", answer=answer) from None
    read = {} if card is None else {"card": card}  # a card typed by its name, as notation
    if not ok and not reveal:
        return {"id": p.id, "ok": False, **read}
    out = {
        "id": p.id,
        "ok": bool(ok),
        **read,
        "answer": format_answer(p.answer),
        "comment": comment_text(p.comment, lang),
    }
    try:
        out["explanation"] = explain(p.position, p.objective, lang, 10.0)["text"]
    except BriscolaError:  # a puzzle the explainer cannot walk: the answer stands alone
        out["explanation"] = None
    return out
