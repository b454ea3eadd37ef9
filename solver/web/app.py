"""The analysis board's server: the page and its JSON API over the analysis API.

Every endpoint takes and returns JSON; a mistake in the request is one
``{"error": "..."}`` with status 400 (quoting at most 80 characters of the input) and the
server goes on; 404, 405, 413 (a body over 64 KB), 429 (too many searches) and the guard's
403 (a request not from the board's own page: guard.py) are such lines too. A game
travels whole in each request (the project's game record: variant, deck, dealer, moves),
so the server keeps no game state and undo/redo is the page dropping or restoring moves;
while a deal goes on the cards no seat may see yet travel sealed (seal.py), with what vouches
for the rest of the record and the seat it is played from, and a hidden-card game is drawn
from that seat alone (games.game_view, games.other_seat), which plays only its own cards
(_check_turn).
"""

from __future__ import annotations

import json
import logging
import math
from importlib import resources

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from solver.analysis import check_objective
from solver.cards import card_str, parse_card_id
from solver.errors import BriscolaError, Note, bug
from solver.frame import FRAMES
from solver.i18n import LANGS, PLAY_TITLES, error_text, note_text
from solver.oneline import one_line
from solver.picture import NARROW, analysis_picture, seats_around
from solver.explain import in_view
from solver.game import fresh_seed
from solver.position import parse_position
from solver.rules import VARIANTS
from solver.settings import MAX_SEED
from solver.web.guard import BODY_SECONDS, MAX_BODY, Guard, json_body
from solver.web.jobs import CLIENT_GONE, Busy, JobCancelled, Jobs
from solver.web.memory import Answers, Deals
from solver.web.seal import SealError, Sealer
from solver.web import games

STATIC = resources.files("solver.web") / "static"
LEVELS = ("random", "greedy", "engine:0.1", "engine:1", "engine:3")
MAX_TIME_LIMIT = 600.0
#: deeper JSON than any request of the page holds (a game record is three levels)
MAX_DEPTH = 32
MAX_CLIENT = 100
MAX_INT = 2**63 - 1


class BadRequest(BriscolaError):
    """The request itself is wrong (missing field, wrong type)."""


class TooLarge(BadRequest):
    """The body is over MAX_BODY (413)."""


class Json(JSONResponse):
    """A JSON answer that can be written whatever text the user sent (guard.json_body)."""

    def render(self, content) -> bytes:
        return json_body(content)


#: the error key of a field of the wrong kind, by the kind asked
KIND_KEYS = {
    str: "request.str",
    int: "request.int",
    float: "request.float",
    list: "request.list",
    dict: "request.dict",
    bool: "request.bool",
}
LOG = logging.getLogger("solver.web")


def _error(status: int, message, headers=None, **more) -> Json:
    return Json(
        {"error": one_line(message, words=True), **more}, status_code=status, headers=headers
    )


def _internal(e: BaseException, body: dict, request: Request) -> str:
    """A bug's one line (as errors.internal_error), in the request's language."""
    return _said(BadRequest.of("internal", error=bug(e)), body, request)


def _field(body: dict, key: str, kind, default=None, required: bool = False):
    if key not in body or body[key] is None:
        if required:
            raise BadRequest.of("request.missing", field=key)
        return default
    v = body[key]
    if kind is float and isinstance(v, int) and not isinstance(v, bool):
        v = float(v)
    if not isinstance(v, kind) or isinstance(v, bool) and kind is not bool:
        raise BadRequest.of(KIND_KEYS[kind], field=key)
    return v


def _time_limit(body: dict, default: float) -> float:
    t = _field(body, "time_limit", float, default)
    if not 0 < t <= MAX_TIME_LIMIT:
        raise BadRequest.of("request.time_limit", most=f"{MAX_TIME_LIMIT:g}")
    return t


def _lang(body: dict) -> str:
    lang = _field(body, "lang", str, "en")
    if lang not in ("en", "it"):
        raise BadRequest.of("lang.unknown", lang=lang)
    return lang


def _error_lang(body: dict, request: Request) -> str:
    """The language of a request's error line: the body's ``lang`` (an API caller's), else
    the address's ``?lang=`` (the page's: it sends its language there alone, on every
    request, so that a body refused unread is answered in it too; ``endpoint`` copies it
    into a body without one, which every route's ``_lang`` reads); English for a language
    the board does not speak."""
    lang = body.get("lang")
    if lang not in LANGS:
        lang = request.query_params.get("lang")
    return lang if lang in LANGS else "en"


def _said(e: BriscolaError, body: dict, request: Request) -> str:
    """A user's error in the request's language (_error_lang)."""
    return error_text(e, _error_lang(body, request)) or type(e).__name__


def _is_solved_note(note) -> bool:
    """A note of the cards an exact search solved before it stopped, or of how the others
    moved: the board shows those in sight, under the table."""
    keys = ("note.exact.solved", "note.exact.shifted")
    return isinstance(note, Note) and note.key.startswith(keys)


def _open_position(body: dict):
    """(the request's position, it with every hand in view), as an explanation walks one
    line: a seat's view (``?``) is the open position the server works out from that view
    alone (the page never sends a hidden card), refused where the view leaves the other
    hand open (``in_view``); the explanation is told the view, so that it speaks to that
    seat. The other routes take a seat's view as it is."""
    given = parse_position(_field(body, "position", str, required=True))
    return given, in_view(given)


def _cards(body: dict, key: str, kind):
    """A list of cards (kind list) or a card-to-label object (kind dict) of /api/picture."""
    v = _field(body, key, kind, kind())
    items = v if kind is list else list(v.keys()) + list(v.values())
    if not all(isinstance(x, str) for x in items):
        raise BadRequest.of("request.card_labels" if kind is dict else "request.cards", field=key)
    return v


def _shape_error(value) -> BadRequest | None:
    """What is wrong with the parsed JSON as a whole, checked without recursion: nesting
    deeper than MAX_DEPTH, or a number beyond what any field takes (an integer past 2^63,
    an infinite or NaN float) that would reach the engine's arithmetic."""
    todo = [(value, 1)]
    while todo:
        v, d = todo.pop()
        if d > MAX_DEPTH:
            return BadRequest.of("request.deep", most=MAX_DEPTH)
        if isinstance(v, dict):
            todo.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            todo.extend((x, d + 1) for x in v)
        elif (
            isinstance(v, float) and not math.isfinite(v) or isinstance(v, int) and abs(v) > MAX_INT
        ):
            return BadRequest.of("request.out_of_range")
    return None


async def _read_json(request: Request) -> dict:
    """The POST body as a JSON object, read at most MAX_BODY bytes."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise TooLarge.of("request.too_large", kb=MAX_BODY // 1024)
        chunks.append(chunk)
    try:
        body = json.loads(b"".join(chunks) or b"{}")
    except RecursionError:
        raise BadRequest.of("request.deep", most=MAX_DEPTH) from None
    except ValueError:
        raise BadRequest.of("request.not_json") from None
    if not isinstance(body, dict):
        raise BadRequest.of("request.not_object")
    problem = _shape_error(body)
    if problem:
        raise problem
    return body


def endpoint(fn):
    """JSON in, JSON out; the user's mistakes (solver.errors.BriscolaError) become one 400
    error line (413 for a body too long, 429 when the server holds too many searches, 409
    for a stopped search), in the request's language. A client gone before its body ended
    is no bug: nothing is logged. Any other exception is a bug: a 500 that says so, its
    trace in the server's log."""

    async def wrapped(request: Request):
        layout = NARROW.set(False)
        watching = CLIENT_GONE.set(request.is_disconnected)
        body: dict = {}
        try:
            body = (
                await _read_json(request)
                if request.method == "POST"
                else dict(request.query_params)
            )
            if body.get("lang") is None and "lang" in request.query_params:
                body["lang"] = request.query_params["lang"]  # the page's: _error_lang
            NARROW.set(body.get("narrow") in (True, "1", "true"))
            out = await fn(request, body)
        except JobCancelled as e:
            return _error(409, _said(e, body, request), cancelled=True)
        except Busy as e:
            return _error(429, _said(e, body, request))
        except TooLarge as e:
            return _error(413, _said(e, body, request))
        except RecursionError:
            return _error(400, _said(BadRequest.of("request.deep", most=MAX_DEPTH), body, request))
        except ClientDisconnect:  # gone before its body ended: no bug, and no one to answer
            return _error(400, _said(JobCancelled.of("job.gone"), body, request))
        except BriscolaError as e:
            return _error(400, _said(e, body, request))
        except Exception as e:  # a bug, not the user's mistake: said as one, traced in the log
            LOG.exception("internal error in %s", request.url.path)
            return _error(500, _internal(e, body, request))
        finally:
            CLIENT_GONE.reset(watching)
            NARROW.reset(layout)
        return out if isinstance(out, Response) else Json(out)

    return wrapped


def _load_game(body: dict, sealer: Sealer, deals: Deals, seated: bool = False):
    """The request's game record, its sealed cards opened; a sealed record behind its deal
    (cards taken back, or an earlier record sent again: memory.Deals) dealt again in what
    its seat could not see (games.redealt: the talon alone for open hands), one of a deal
    the board no longer remembers refused; ``seated``: the request names the seat it sees
    the game from, which must be the one its deal is played from (games.other_seat)."""
    game = games.load_game(_field(body, "game", dict, required=True), sealer)
    if seated:
        refusal = games.other_seat(game, _seat(body))
        if refusal is not None:
            raise refusal
    if not game.sealed or game.deal is None:
        return game
    if not deals.knows(game.deal):
        raise SealError.of("seal.forgotten")
    if deals.behind(game.deal, len(game.moves)):
        return games.redealt(game, None if seated and _viewer(body) is None else game.seat)
    return game


def _seat(body: dict) -> int:
    """The seat the request plays: ``seat`` (1-based, default 1; 0: the player to move)."""
    seat = _field(body, "seat", int, 1)
    if not 0 <= seat <= 4:
        raise BadRequest.of("request.seat")
    return seat


def _viewer(body: dict) -> int | None:
    """The seat a hidden-card game is drawn for: ``seat`` (_seat), or None when ``open``
    asks for every hand."""
    seat = _seat(body)
    return None if _field(body, "open", bool, False) else seat


def _bottom(body: dict, players: int, default: int = 1) -> int:
    """The player the request's pictures draw at the bottom: ``bottom`` (1-based; 0: the
    player to move), else ``default``; one the position lacks refused before any search."""
    bottom = _field(body, "bottom", int, default)
    if bottom != 0:
        seats_around(players, bottom)
    return bottom


def _position_bottom(body: dict, pos) -> int:
    """A pasted position's ``bottom``: by default a seat's view is drawn from its seat (its
    own hand at the bottom, the hidden one across), any other position from player 1."""
    return _bottom(body, pos.players, pos.seat + 1 if pos.hidden_hand else 1)


def _game_bottom(body: dict, game) -> int:
    """A game view's ``bottom``: by default the seat it is played from, as every card table
    draws your own hand (player 1 for every seat, 0)."""
    seat, players = _seat(body), game.state.players
    return _bottom(body, players, seat if 1 <= seat <= players else 1)


def _level(body: dict) -> str:
    """The engine's level the request names (LEVELS; default engine:1)."""
    level = _field(body, "level", str, "engine:1")
    if level not in LEVELS:
        raise BadRequest.of("request.level", level=level, levels=", ".join(LEVELS))
    return level


def _check_turn(game, body: dict, engine: bool) -> None:
    """In a hidden-card game played from one seat (``seat`` 1 to 4, open hands shown or
    not), /api/play plays that seat's cards only and /api/engine the other seat's only: a
    card asked of a hand the seat does not see is refused in a line that does not depend on
    that hand, before the card is read. ``seat`` 0 (the player to move) plays either."""
    seat, s = _seat(body), game.state
    if not game.hidden or seat == 0 or s.is_over:
        return
    if engine and s.to_move == seat - 1:
        raise BadRequest.of("board.your_turn", seat=seat)
    if not engine and s.to_move != seat - 1:
        raise BadRequest.of("board.not_your_turn", turn=s.to_move + 1, seat=seat)


def _review_request(body: dict, sealer: Sealer, deals: Deals):
    """A review's game, seconds a card and objective, checked before any search."""
    game = _load_game(body, sealer, deals)
    limit = _time_limit(body, 0.3)
    objective = _field(body, "objective", str, "points")
    games.check_objective(game, objective)
    return game, limit, objective


def create_app(
    host: str = "127.0.0.1",
    port: int | None = None,
    jobs: Jobs | None = None,
    body_seconds: float = BODY_SECONDS,
) -> Starlette:
    """The board's app serving at ``host``:``port`` (the Host header a request must carry;
    port None: any). ``jobs``: the search queue (its bounds), a fresh one by default;
    ``body_seconds``: the time a body may take to arrive (guard.Guard)."""
    jobs = Jobs() if jobs is None else jobs
    sealer = Sealer()
    deals, answers = Deals(), Answers()

    def view(game, body: dict, **kw) -> dict:
        if game.seat is None and game.hidden:  # bound now, sealed with the deal
            game.seat = _seat(body)
        out = games.game_view(
            game,
            _lang(body),
            seat=_viewer(body),
            sealer=sealer,
            bottom=_game_bottom(body, game),
            **kw,
        )
        if out["sealed"]:
            deals.saw(game.deal, len(game.moves))
        return out

    def client_of(body: dict, required: bool = False) -> str | None:
        """The page's name for itself: its searches replace each other, and only it sees
        and stops them. Without one a search is anonymous (nobody else can reach it)."""
        client = _field(body, "client", str, required=required)
        if client is not None and not (0 < len(client) <= MAX_CLIENT and client.isprintable()):
            raise BadRequest.of("request.client", most=MAX_CLIENT)
        return client

    async def index(request):
        return FileResponse(str(STATIC / "index.html"))

    @endpoint
    async def api_position(request, body):
        pos = parse_position(_field(body, "position", str, required=True))
        return games.position_view(pos, _lang(body), _position_bottom(body, pos))

    @endpoint
    async def api_picture(request, body):
        pos = parse_position(_field(body, "position", str, required=True))
        best = _cards(body, "best", list)
        values = _cards(body, "values", dict)
        frame = _field(body, "frame", str, None)
        if frame not in (None, *FRAMES):
            raise BadRequest.of("request.frame", frame=frame, frames=", ".join(FRAMES))
        bottom = _position_bottom(body, pos)
        svg = games.picture(pos, _lang(body), best, values, frame, bottom=bottom)
        return Response(svg, media_type="image/svg+xml")

    @endpoint
    async def api_analyse(request, body):
        pos = parse_position(_field(body, "position", str, required=True))
        objective = _field(body, "objective", str, "points")
        limit = _time_limit(body, 5.0)
        lang = _lang(body)
        bottom = _position_bottom(body, pos)
        check_objective(pos, objective)
        a = await jobs.search(
            client_of(body),
            pos,
            lambda job: games.analyse(pos, objective, limit, job),
        )
        out = a.to_json()
        if not a.exact:  # the badge's words: the method, and the notes its interval cites
            out["method_text"] = a.method.words(lang)
            out["notes_text"] = [note_text(n, lang) for n in a.notes]
            said = zip(a.notes, out["notes_text"], strict=True)
            out["solved_text"] = [text for n, text in said if _is_solved_note(n)]
        out["svg"] = analysis_picture(a, lang, bottom=bottom)
        return out

    @endpoint
    async def api_explain(request, body):
        lang = _lang(body)
        given, pos = _open_position(body)
        objective = _field(body, "objective", str, "points")
        limit = _time_limit(body, 10.0)
        return await jobs.search(
            client_of(body),
            pos,
            lambda job: games.explain(given, objective, lang, limit, seen=pos),
        )

    @endpoint
    async def api_stop(request, body):
        return {"stopped": jobs.stop(client_of(body, required=True))}

    @endpoint
    async def api_progress(request, body):
        return jobs.progress(client_of(body, required=True))

    @endpoint
    async def api_variants(request, body):
        titles = PLAY_TITLES[_lang(body)]
        return {
            "variants": [
                {
                    "name": v.name,
                    "players": v.players,
                    "title": titles[v.name],
                    "hidden": not v.open_hands,
                }
                for v in VARIANTS.values()
            ],
            "levels": list(LEVELS),
        }

    @endpoint
    async def api_deal(request, body):
        seed = _field(body, "seed", int)
        if seed is None:
            seed = fresh_seed()
        elif not 0 <= seed <= MAX_SEED:  # as --seed refuses it (cli.options.SEED)
            out = BriscolaError.of("option.range", value=seed, lo=0, hi=MAX_SEED)
            raise BadRequest.of("request.field", field="seed", error=out)
        text = _field(body, "position", str)
        if text:
            game = games.game_from_position(parse_position(text), seed)
        else:
            game = games.new_game(_field(body, "variant", str, "scoperta"), seed, _seat(body) - 1)
        return view(game, body)

    @endpoint
    async def api_game(request, body):
        game = _load_game(body, sealer, deals, seated=True)
        return view(game, body, ply=_field(body, "ply", int))

    @endpoint
    async def api_record(request, body):
        return _load_game(body, sealer, deals).record

    @endpoint
    async def api_play(request, body):
        game = _load_game(body, sealer, deals, seated=True)
        _check_turn(game, body, engine=False)
        card = parse_card_id(_field(body, "card", str, required=True))
        return view(games.play(game, card), body, last=card_str(card))

    @endpoint
    async def api_engine(request, body):
        game = _load_game(body, sealer, deals, seated=True)
        _check_turn(game, body, engine=True)
        level = _level(body)
        _game_bottom(body, game)  # a bad one refused before the engine's search
        moment = sealer.seed(game.record) if game.sealed and game.hidden else None

        def choose(job) -> int:
            """The moment's card: the one given already if it was asked at once twice."""
            given = None if moment is None else answers.get(moment)
            seed = None if moment is None else sealer.seed([game.record, level])
            card = games.engine_card(game, level, job, seed, given)
            if moment is not None:
                answers.put(moment, card)
            return card

        card = await jobs.search(client_of(body), game.state, choose)
        return view(games.play(game, card), body, last=card_str(card))

    @endpoint
    async def api_review(request, body):
        game, limit, objective = _review_request(body, sealer, deals)
        lang = _lang(body)
        return await jobs.search(
            client_of(body),
            game.state,
            lambda job: games.review(game, limit, lang, objective),
        )

    @endpoint
    async def api_review_move(request, body):
        game, limit, objective = _review_request(body, sealer, deals)
        move = _field(body, "move", int, required=True)
        return await jobs.search(
            client_of(body),
            game.state,
            lambda job: games.review_one(game, move, limit, objective),
        )

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
        reveal = _field(body, "reveal", bool, True)
        return await jobs.run(
            client_of(body), lambda job: games.check_puzzle(variant, pid, answer, lang, reveal)
        )

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
        Route("/api/record", api_record, methods=["POST"]),
        Route("/api/engine", api_engine, methods=["POST"]),
        Route("/api/review", api_review, methods=["POST"]),
        Route("/api/puzzles", api_puzzles, methods=["GET"]),
        Route("/api/puzzles/answer", api_puzzle_answer, methods=["POST"]),
        Route("/api/review/move", api_review_move, methods=["POST"]),
        Route("/api/strings", api_strings, methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
    ]

    async def not_found(request, exc):
        return _error(404, _said(BadRequest.of("request.not_found"), {}, request))

    async def not_allowed(request, exc):
        refusal = BadRequest.of("request.method", method=request.method)
        return _error(405, _said(refusal, {}, request), headers=getattr(exc, "headers", None))

    async def server_error(request, exc):
        LOG.error("internal error in %s", request.url.path, exc_info=exc)
        return _error(500, _internal(exc, {}, request))

    return Starlette(
        routes=routes,
        middleware=[Middleware(Guard, host=host, port=port, body_seconds=body_seconds)],
        exception_handlers={404: not_found, 405: not_allowed, 500: server_error},
    )
