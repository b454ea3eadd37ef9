"""The analysis board's server: the page and its JSON API over the analysis API.

Every endpoint takes and returns JSON; a mistake in the request is one
``{"error": "..."}`` with status 400 and the server goes on. A game travels whole in each
request (the project's game record: variant, deck, dealer, moves), so the server keeps no
game state and undo/redo is the page dropping or restoring moves.
"""
from __future__ import annotations

import json
import random
from importlib import resources

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from solver.analysis import check_objective
from solver.cards import CardError, card_str, parse_card
from solver.picture import NARROW, analysis_picture
from solver.position import PositionError, parse_position
from solver.rules import VARIANTS, RulesError
from solver.web.jobs import JobCancelled, Jobs
from solver.web import games

STATIC = resources.files("solver.web") / "static"
LEVELS = ("random", "greedy", "engine:0.1", "engine:1", "engine:3")
MAX_TIME_LIMIT = 600.0


class BadRequest(ValueError):
    """The request itself is wrong (missing field, wrong type)."""


KIND_NAMES = {str: "a string", int: "an integer", float: "a number", list: "a list",
              dict: "an object", bool: "true or false"}
USER_ERRORS = (BadRequest, PositionError, CardError, RulesError, ValueError, KeyError)


def _field(body: dict, key: str, kind, default=None, required: bool = False):
    if key not in body or body[key] is None:
        if required:
            raise BadRequest(f"missing field '{key}'")
        return default
    v = body[key]
    if kind is float and isinstance(v, int) and not isinstance(v, bool):
        v = float(v)
    if not isinstance(v, kind) or isinstance(v, bool) and kind is not bool:
        raise BadRequest(f"field '{key}' must be {KIND_NAMES.get(kind, kind.__name__)}")
    return v


def _time_limit(body: dict, default: float) -> float:
    t = _field(body, "time_limit", float, default)
    if not 0 < t <= MAX_TIME_LIMIT:
        raise BadRequest(f"time_limit must be above 0 and at most {MAX_TIME_LIMIT:g} seconds")
    return t


def _lang(body: dict) -> str:
    lang = _field(body, "lang", str, "en")
    if lang not in ("en", "it"):
        raise BadRequest(f"unknown language '{lang}' (en or it)")
    return lang


def endpoint(fn):
    """JSON in, JSON out; the user's mistakes become one 400 error line."""
    async def wrapped(request: Request):
        body: dict = {}
        if request.method == "POST":
            raw = await request.body()
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                return JSONResponse({"error": "the request body is not JSON"}, status_code=400)
            if not isinstance(body, dict):
                return JSONResponse({"error": "the request body must be a JSON object"}, status_code=400)
        else:
            body = dict(request.query_params)
        layout = NARROW.set(body.get("narrow") in (True, "1", "true"))
        try:
            out = await fn(request, body)
        except JobCancelled:
            return JSONResponse({"error": "cancelled: stopped or replaced by a newer request",
                                 "cancelled": True}, status_code=409)
        except KeyError as e:
            return JSONResponse({"error": f"unknown {e.args[0]}"}, status_code=400)
        except USER_ERRORS as e:
            return JSONResponse({"error": str(e).splitlines()[0] if str(e) else type(e).__name__},
                                status_code=400)
        finally:
            NARROW.reset(layout)
        return out if isinstance(out, Response) else JSONResponse(out)
    return wrapped


def create_app() -> Starlette:
    jobs = Jobs()

    def client_of(body: dict) -> str:
        return _field(body, "client", str, "default")

    async def index(request):
        return FileResponse(str(STATIC / "index.html"))

    @endpoint
    async def api_position(request, body):
        pos = parse_position(_field(body, "position", str, required=True))
        return games.position_view(pos, _lang(body))

    @endpoint
    async def api_picture(request, body):
        pos = parse_position(_field(body, "position", str, required=True))
        best = _field(body, "best", list, [])
        values = _field(body, "values", dict, {})
        svg = games.picture(pos, _lang(body), best, values)
        return Response(svg, media_type="image/svg+xml")

    @endpoint
    async def api_analyse(request, body):
        pos = parse_position(_field(body, "position", str, required=True))
        objective = _field(body, "objective", str, "points")
        limit = _time_limit(body, 5.0)
        check_objective(pos, objective)
        a = await jobs.run(client_of(body), lambda job: games.analyse(pos, objective, limit, job))
        out = a.to_json()
        out["svg"] = analysis_picture(a, _lang(body))
        return out

    @endpoint
    async def api_explain(request, body):
        pos = parse_position(_field(body, "position", str, required=True))
        objective = _field(body, "objective", str, "points")
        lang = _lang(body)
        limit = _time_limit(body, 10.0)
        return await jobs.run(client_of(body), lambda job: games.explain(pos, objective, lang, limit))

    @endpoint
    async def api_stop(request, body):
        return {"stopped": jobs.stop(client_of(body))}

    @endpoint
    async def api_progress(request, body):
        return jobs.progress(client_of(body))

    @endpoint
    async def api_variants(request, body):
        return {"variants": [{"name": v.name, "players": v.players, "title": v.title}
                             for v in VARIANTS.values()], "levels": list(LEVELS)}

    @endpoint
    async def api_deal(request, body):
        seed = _field(body, "seed", int)
        if seed is None:
            seed = random.randrange(1_000_000)
        text = _field(body, "position", str)
        if text:
            game = games.game_from_position(parse_position(text), seed)
        else:
            game = games.new_game(_field(body, "variant", str, "scoperta"), seed)
        return games.game_view(game, _lang(body))

    @endpoint
    async def api_game(request, body):
        game = games.load_game(_field(body, "game", dict, required=True))
        return games.game_view(game, _lang(body), ply=_field(body, "ply", int))

    @endpoint
    async def api_play(request, body):
        game = games.load_game(_field(body, "game", dict, required=True))
        card = parse_card(_field(body, "card", str, required=True))
        return games.game_view(games.play(game, card), _lang(body), last=card_str(card))

    @endpoint
    async def api_engine(request, body):
        game = games.load_game(_field(body, "game", dict, required=True))
        level = _field(body, "level", str, "engine:1")
        if level not in LEVELS:
            raise BadRequest(f"unknown level '{level}' (one of {', '.join(LEVELS)})")
        card = await jobs.run(client_of(body), lambda job: games.engine_card(game, level, job))
        return games.game_view(games.play(game, card), _lang(body), last=card_str(card))

    @endpoint
    async def api_review(request, body):
        game = games.load_game(_field(body, "game", dict, required=True))
        limit = _time_limit(body, 0.3)
        lang = _lang(body)
        return await jobs.run(client_of(body), lambda job: games.review(game, limit, lang))

    @endpoint
    async def api_review_move(request, body):
        game = games.load_game(_field(body, "game", dict, required=True))
        move = _field(body, "move", int, required=True)
        limit = _time_limit(body, 0.3)
        return await jobs.run(client_of(body), lambda job: games.review_one(game, move, limit))

    @endpoint
    async def api_strings(request, body):
        return games.page_strings(_lang(body))

    @endpoint
    async def api_puzzles(request, body):
        return {"puzzles": games.puzzle_list(_field(body, "variant", str, "scoperta"), _lang(body))}

    @endpoint
    async def api_puzzle_answer(request, body):
        pid = _field(body, "id", str, required=True)
        answer = _field(body, "answer", str, required=True)
        variant = _field(body, "variant", str, "scoperta")
        lang = _lang(body)
        return await jobs.run(client_of(body), lambda job: games.check_puzzle(variant, pid, answer, lang))

    routes = [
        Route("/", index),
        Route("/api/position", api_position, methods=["POST"]),
        Route("/api/picture", api_picture, methods=["POST"]),
        Route("/api/analyse", api_analyse, methods=["POST"]),
        Route("/api/explain", api_explain, methods=["POST"]),
        Route("/api/stop", api_stop, methods=["POST"]),
        Route("/api/progress", api_progress, methods=["GET"]),
        Route("/api/variants", api_variants, methods=["GET"]),
        Route("/api/deal", api_deal, methods=["POST"]),
        Route("/api/game", api_game, methods=["POST"]),
        Route("/api/play", api_play, methods=["POST"]),
        Route("/api/engine", api_engine, methods=["POST"]),
        Route("/api/review", api_review, methods=["POST"]),
        Route("/api/puzzles", api_puzzles, methods=["GET"]),
        Route("/api/puzzles/answer", api_puzzle_answer, methods=["POST"]),
        Route("/api/review/move", api_review_move, methods=["POST"]),
        Route("/api/strings", api_strings, methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
    ]

    async def server_error(request, exc):
        return JSONResponse({"error": f"internal error: {type(exc).__name__}: {exc}"}, status_code=500)

    return Starlette(routes=routes, exception_handlers={500: server_error})
