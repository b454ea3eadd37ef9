"""What the board's endpoints do, in plain Python over the project's APIs (no web types
here, so the tests and the server share it).

A game is carried as a dict: a dealt game is the project's game record (variant, seed,
dealer, deck, moves), so a downloaded game replays and reviews with `briscola replay` and
`briscola review`; a game continued from a pasted position is a board record
(``"format": "briscola-board"``: the start position, the talon order drawn at random when
the game began, the moves).
"""
from __future__ import annotations

import random
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction

from solver.players.agents import get_agent
from solver.analysis import Analysis, analyse as run_analysis
from solver.analysis import progress
from solver.cards import card_str, cards_of, parse_card
from solver.explain import explain_position, render as render_explanation
from solver.game import GameState, deal, from_position, legal_cards, move_error, play as play_card, to_game_position, to_position
from solver.picture import Marks, position_svg
from solver.position import Position, PositionError, parse_position
from solver.puzzles import bundled, format_answer, parse_value
from solver.record import FORMAT, RecordError, deal_record, replay
from solver.review import render_review, review_states
from solver.rules import get_variant

BOARD_FORMAT = "briscola-board"


class Game:
    """A game's start, its moves and the state they reach; ``record`` is what travels."""

    def __init__(self, start: GameState, moves: list[int], head: dict, start_score=()):
        self.start, self.moves, self.head = start, list(moves), head
        self.start_score = start_score
        state = start
        for i, c in enumerate(self.moves, 1):
            err = move_error(state, c)
            if err:
                raise RecordError(f"move {i}: {err}")
            state = play_card(state, c)
        self.state = state

    @property
    def record(self) -> dict:
        rec = dict(self.head)
        rec["moves"] = [card_str(c) for c in self.moves]
        if self.state.is_over and self.head.get("format") == FORMAT:
            rec["result"] = deal_record(self.state)["result"]
        return rec


def new_game(variant: str, seed: int) -> Game:
    state = deal(get_variant(variant), seed)
    head = deal_record(state, seed=seed, players=["you", "engine"] if state.players == 2 else [])
    head.pop("moves", None)
    return Game(state, [], head)


def game_from_position(pos, seed: int) -> Game:
    """Play on from a pasted scoperta position; the hidden talon order is shuffled by the
    rules' chance (uniform, seeded), the top card first and the trump card last."""
    if not isinstance(pos, Position):
        raise PositionError("play from a pasted position handles 2-player scoperta; deal a game "
                            "to play the other variants")
    if pos.talon_order is not None:
        talon = list(pos.talon_order)
    elif pos.talon_size:
        hidden = cards_of(pos.unseen)
        random.Random(seed).shuffle(hidden)
        talon = [pos.top] + hidden + [pos.briscola]
    else:
        talon = []
    state = from_position(pos, tuple(talon) if talon else None)
    head = {"format": BOARD_FORMAT, "version": 1, "variant": "scoperta", "seed": seed,
            "start": pos.to_text(), "talon": [card_str(c) for c in talon]}
    return Game(state, [], head, pos.score)


def load_game(rec: dict) -> Game:
    """A game dict sent back by the page (or a downloaded file loaded into it)."""
    moves = rec.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("moves must be a list of cards")
    if rec.get("format") == BOARD_FORMAT:
        start = rec.get("start")
        talon = rec.get("talon", [])
        if not isinstance(start, str) or not isinstance(talon, list):
            raise RecordError("a board record needs start (a position) and talon (a list of cards)")
        pos = parse_position(start)
        if not isinstance(pos, Position):
            raise RecordError("a board record starts from a 2-player scoperta position")
        order = tuple(parse_card(c) for c in talon)
        state = from_position(pos, order if order else None)
        head = {k: rec[k] for k in ("format", "version", "variant", "seed", "start", "talon") if k in rec}
        return Game(state, [parse_card(m) for m in moves], head, pos.score)
    body = dict(rec)
    body["moves"] = []
    body.pop("result", None)
    start = replay(body)
    head = {k: v for k, v in rec.items() if k not in ("moves", "result")}
    return Game(start, [parse_card(m) for m in moves], head)


def view_position(game: Game):
    """The position the board draws and analyses: scoperta's own view, or the open view
    (every hand shown) of the other games. A game from a position without a score has
    only the points taken since, which are no score of the whole deal: it shows none."""
    state = game.state
    if state.is_over:
        return None
    if state.variant.name != "scoperta":
        return to_game_position(state)
    pos = to_position(state)
    if game.head.get("format") == BOARD_FORMAT and game.start_score is None:
        pos = replace(pos, score=None)
    return pos


def picture(pos, lang: str, best=(), values=None) -> str:
    return position_svg(pos, Marks(set(best), dict(values or {})), lang)


def position_view(pos, lang: str) -> dict:
    return {"position": pos.to_text(), "variant": pos.variant, "to_move": pos.turn + 1,
            "legal": [card_str(c) for c in pos.legal_cards()], "svg": picture(pos, lang)}


def game_view(game: Game, lang: str, last: str | None = None) -> dict:
    s = game.state
    pos = view_position(game)
    out = {"game": game.record, "variant": s.variant.name, "players": s.players,
           "over": s.is_over, "points": list(s.side_points), "moves": len(game.moves),
           "turn": s.turn + 1, "last": last,
           "legal": [card_str(c) for c in legal_cards(s)] if not s.is_over else [],
           "position": pos.to_text() if pos is not None else None,
           "svg": picture(pos, lang) if pos is not None else None}
    if s.tricks:
        t = s.tricks[-1]
        out["last_trick"] = {"leader": t.leader + 1, "cards": [card_str(c) for c in t.cards],
                             "winner": t.winner + 1, "points": t.points}
    if s.is_over:
        a, b = s.side_points
        out["result"] = {"points": [a, b], "winner": 1 if a > b else 2 if b > a else None}
    return out


def play(game: Game, card: int) -> Game:
    err = move_error(game.state, card)
    if err:
        raise PositionError(err)
    return Game(game.start, game.moves + [card], game.head, game.start_score)


@contextmanager
def _progress_to(job):
    """The engine's progress lines go to the job (read by /api/progress) while it runs."""
    if job is None:
        yield
        return
    with progress.reporting(lambda line: setattr(job, "message", line)):
        yield


def analyse(pos, objective: str, time_limit: float, job=None) -> Analysis:
    with _progress_to(job):
        return run_analysis(pos, objective, time_limit)


def engine_card(game: Game, level: str, job=None) -> int:
    if game.state.is_over:
        raise PositionError("the deal is over")
    with _progress_to(job):
        return get_agent(level).choose(game.state, random.Random())


def explain(pos, objective: str, lang: str, time_limit: float) -> dict:
    ex = explain_position(pos, objective, time_limit)
    return {"text": render_explanation(ex, lang), "explanation": ex.to_json()}


def review(game: Game, time_limit: float) -> dict:
    rv = review_states([(game.start, tuple(game.moves))], ("player 1", "player 2"), time_limit,
                       seed=game.head.get("seed"))
    out = rv.to_json()
    out["text"] = render_review(rv, "en", moves=False)
    return out


def puzzle_list(variant: str) -> list[dict]:
    out = []
    for p in bundled(variant):
        d = p.to_json()
        d.pop("answer", None)
        d.pop("features", None)
        d["to_move"] = p.position.turn + 1
        out.append(d)
    return out


def check_puzzle(variant: str, pid: str, answer: str, lang: str) -> dict:
    found = [p for p in bundled(variant) if p.id == pid]
    if not found:
        raise PositionError(f"no puzzle '{pid}' in the {variant} set")
    p = found[0]
    if p.question == "best":
        c = parse_card(answer)
        if c not in p.position.legal_cards():
            raise PositionError(f"{card_str(c)} is not a card player {p.position.turn + 1} may play")
        ok = c in p.answer
    else:
        try:
            ok = parse_value(answer) == Fraction(p.answer)
        except ValueError:
            raise PositionError(f"'{answer}' is not a value (such as 7 or -3/2)") from None
    out = {"id": p.id, "ok": bool(ok), "answer": format_answer(p.answer)}
    try:
        out["explanation"] = explain(p.position, p.objective, lang, 10.0)["text"]
    except (PositionError, ValueError):
        out["explanation"] = None
    return out
