"""JSON game records: write, read, check and replay.

A deal record::

    {"format": "briscola-record", "version": 1,
     "variant": "scoperta",            # a variant name (solver.rules.VARIANTS)
     "seed": 42,                       # optional: the seed that shuffled the deck
     "dealer": 2,                      # player number (1-based); the next player leads
     "deck": ["4C", ...],              # the 40 cards in dealing order, see below
     "players": ["greedy", "random"],  # one name per side (or per seat)
     "moves": ["6D", "4B", ...],       # every card played, in order (may stop early)
     "result": {"points": [70, 50], "winner": 1}}   # per side; winner 1, 2 or null = draw

``deck`` is the order in which the cards leave the shuffled pack: the hands one card at a
time, starting with the player after the dealer and going round in play order; then, in
games with trump, the card turned face up (the briscola, drawn last); then the talon from
the top down. A match record replaces dealer/deck/moves/result by ``"deals"``: a list of
``{"dealer", "deck", "moves", "result"}``, and adds ``"match": {"rule", "target"}`` and a
match ``"result": {"points", "wins", "winner"}``.

A deal continued from a position (the analysis board's "play on from here") has no deck:
``"start"`` (the position's notation) and ``"talon"`` (its talon order, top first, the trump
card last; drawn at random when the game began) take the place of dealer and deck; its
``moves`` are the cards played since the start (the start's table cards are not repeated).
When the start gives no score its result is ``{"points": [a, b], "since_start": true}``:
the points won since the start, and no winner (the points taken before are no one's known
share).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
from numbers import Integral
from typing import Any

from solver.errors import BriscolaError, Count, Note, given, whole
from solver import jsonfile
from solver.jsonfile import JSONFileError
from solver.cards import CardError, card_str, parse_card_id
from solver.game import (
    GameState,
    MatchState,
    Step,
    deal_from_deck,
    from_position,
    move_refusal,
    new_match,
    play,
)
from solver.position import Position, PositionError, SeatPosition, parse_position
from solver.rules import RulesError, Variant, get_variant

FORMAT = "briscola-record"
VERSION = 1


class RecordError(BriscolaError):
    """A record that cannot be read or does not replay; the message is one line."""


#: a game record: the JSON object of the module's docstring
Record = dict[str, Any]

#: where in the user's records an error is: a file's name, or words said in the user's
#: language ("record", "record, deal 2")
Where = str | RecordError

#: the fields a record may hold (a deal's and a match's apart, "_deals" the parsed deals of
#: a checked record): any other is refused, as a misspelt "result" was read as no result
DEAL_FIELDS = ("dealer", "deck", "moves", "result")
STARTED_FIELDS = ("start", "talon", "moves", "result")
HEAD_FIELDS = ("format", "version", "variant", "seed", "players", "_deals")
MATCH_FIELDS = ("match", "deals", "result")
RESULT_FIELDS = ("points", "winner", "since_start")
MATCH_RESULT_FIELDS = ("points", "wins", "winner")


# ----- building -----------------------------------------------------------------------


def result_of(state: GameState) -> dict[str, Any]:
    """The result of a finished deal; a deal continued from a position without a score
    has only the points won since its start, and no winner anyone can name."""
    if state.score is None:
        a, b = state.won_since_start
        return {"points": [a, b], "since_start": True}
    a, b = state.side_points
    return {"points": [a, b], "winner": 1 if a > 60 else 2 if b > 60 else None}


def same_result(stated: dict[str, Any], got: dict[str, Any]) -> bool:
    """Whether a record's stated result is the one its moves reach: the points and the
    winner (none, for a start without a score; an older record's null reads the same)."""
    return stated["points"] == got["points"] and stated.get("winner") == got.get("winner")


def _result_words(res: dict[str, Any]) -> RecordError:
    """A result in the words of an error that names it (said in the user's language)."""
    a, b = res["points"]
    if res.get("since_start"):
        return RecordError.of("record.result_since", a=a, b=b)
    return RecordError.of("record.result_winner", a=a, b=b, winner=res.get("winner") or "-")


def _in_deal(e: RecordError, deal: int | None) -> RecordError:
    """``e`` said of a match record's deal ``deal`` (as it is when None)."""
    return e if deal is None else RecordError.of("record.in_deal", deal=deal, error=e)


def _deal_body(state: GameState) -> Record:
    if state.deck is None:
        raise RecordError.of("record.no_deck")
    body = {
        "dealer": state.dealer + 1,
        "deck": [card_str(c) for c in state.deck],
        "moves": [card_str(c) for c in state.moves],
    }
    if state.is_over:
        body["result"] = result_of(state)
    return body


def _names(players: Iterable[object] | str | None) -> list[str]:
    if isinstance(players, str):  # "greedy,random", as agents are named
        players = players.split(",")
    return [p if isinstance(p, str) else getattr(p, "name", "agent") for p in (players or [])]


def _head(v: Variant, seed: object, players: Iterable[object] | str | None) -> Record:
    """A record's first fields, and its players' names: refused here, in the one line a
    reader would say, when the reader would refuse them (``seed="x"``, three names for
    two seats), so that no record is written that does not read back."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, Integral)):
        raise RecordError.of("argument.whole", name="seed", got=given(seed))
    names = _names(players)
    if names and len(names) not in (2, v.players):
        raise RecordError.of(
            "record.players_count",
            where=RecordError.of("record.where"),
            n=len(names),
            seats=v.players,
        )
    rec: Record = {"format": FORMAT, "version": VERSION, "variant": v.name}
    if seed is not None:
        rec["seed"] = int(seed)
    rec["players"] = names
    return rec


def deal_record(
    state: GameState, seed: int | None = None, players: Iterable[object] | None = None
) -> Record:
    """The record of a deal, finished or not (an unfinished one has no result)."""
    if not isinstance(state, GameState):
        raise RecordError.of("argument.game", name="state", got=given(state))
    rec = _head(state.variant, seed, players)
    rec.update(_deal_body(state))
    rec["players"] = rec.pop("players")  # after the deal, as documented
    # keep the documented key order: result last
    if "result" in rec:
        rec["result"] = rec.pop("result")
    return rec


def start_record(
    state: GameState,
    start: str,
    talon: Iterable[int],
    seed: int | None = None,
    players: Iterable[object] | None = None,
) -> Record:
    """The record of a deal continued from the position ``start`` with this talon order."""
    rec = _head(state.variant, seed, players)
    rec.update(
        start=start,
        talon=[card_str(c) for c in talon],
        moves=[card_str(c) for c in state.moves],
        players=rec.pop("players"),
    )
    if state.is_over:
        rec["result"] = result_of(state)
    return rec


def match_record(
    match: MatchState, seed: int | None = None, players: Iterable[object] | None = None
) -> Record:
    """The record of a match, its deals and its result so far."""
    if not isinstance(match, MatchState):
        raise RecordError.of("argument.match", name="match", got=given(match))
    rec = _head(match.variant, seed, players)
    rec["match"] = {"rule": match.variant.match, "target": match.target}
    rec["deals"] = [_deal_body(d) for d in match.deals]
    t = match.totals
    rec["result"] = {
        "points": [t[0], t[1]],
        "wins": list(match.wins),
        "winner": match.winning_side,
    }
    return rec


# ----- files --------------------------------------------------------------------------


def records_text(records: Record | Sequence[Record]) -> str:
    """The text of one record (JSON) or of several (a list or tuple of them: JSON Lines)."""
    if isinstance(records, dict):
        return json.dumps(records, indent=1) + "\n"
    return "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records)


def write_record(path: str, records: Record | Sequence[Record], force: bool = False) -> None:
    """Write one record as JSON, or several (a list or tuple of them) as JSON Lines; never
    overwrite without force, and never leave the file half written."""
    if not isinstance(records, dict) and not (
        isinstance(records, (list, tuple)) and all(isinstance(r, dict) for r in records)
    ):
        raise RecordError.of("argument.records", name="records", got=given(records))
    if os.path.exists(path) and not force:
        raise RecordError.of("record.exists", path=path)
    try:
        jsonfile.write_whole(path, records_text(records), replace=force)
    except OSError as e:
        raise RecordError.of("record.cannot_write", path=path, why=jsonfile.os_reason(e)) from None


def read_records(
    path: str, warn: Callable[[str], None] | None = None, text: str | None = None
) -> list[Record]:
    """Every record in a file: one JSON record, a JSON list, or JSON Lines. Checked. A last
    line of JSON Lines cut short by a crash is left out and said through ``warn`` (Python's
    warnings when None) once the rest is read; a file refused for the rest is its error
    alone. ``text``: the file's text, already read (standard input, ``path`` its name)."""
    recs, torn = _read_checked(path, text)
    jsonfile.tell(torn, warn)
    return recs


def read_record(
    path: str,
    warn: Callable[[str], None] | None = None,
    game: int | None = None,
    text: str | None = None,
) -> Record:
    """The one record in a file (read_records), else a RecordError saying how many it holds
    (the last line a crash cut short, left out of the count, said within). ``game`` (from
    1, as ``replay`` numbers them) picks one record of a file of several; one out of range
    is a RecordError naming the file's range. ``text``: as read_records'."""
    if game is not None and not whole(game):
        raise RecordError.of("argument.whole", name="game", got=given(game))
    recs, torn = _read_checked(path, text)
    if game is not None:
        if not 1 <= game <= len(recs):
            if torn is not None:
                n = torn.fields["n"]
                raise RecordError.of(
                    "record.game_range_torn", game=game, path=path, last=len(recs), n=n
                )
            raise RecordError.of("record.game_range", game=game, path=path, last=len(recs))
        jsonfile.tell(torn, warn)
        return recs[game - 1]
    if len(recs) != 1:
        if torn is not None:
            n = torn.fields["n"]
            raise RecordError.of("record.not_one_torn", path=path, count=len(recs), n=n)
        raise RecordError.of("record.not_one", path=path, count=len(recs))
    jsonfile.tell(torn, warn)
    return recs[0]


def _read_checked(path: str, text: str | None = None) -> tuple[list[Record], Note | None]:
    """The checked records of a file (of ``text`` where given) and the note of its torn last
    line, left out (None: none was)."""
    try:
        if text is None:
            text = jsonfile.read_text(path)
        recs, torn = _load(text, path)
    except JSONFileError as e:
        raise RecordError.like(e) from None
    if not recs:
        raise RecordError.of("record.none", path=path)
    checked: list[Record] = []
    for where, r in recs:
        rec = check_record(r, where)
        rec.source = where
        checked.append(rec)
    return checked, torn


def _load(text: str, where: str) -> tuple[list[tuple[Where, Any]], Note | None]:
    """The records of a file's text, each with where it is (the file; its line in JSON Lines,
    its place in a list): one JSON value (a list is the list of records), else JSON Lines
    less a last line cut short (and the note saying so)."""
    if not text.strip():
        raise RecordError.of("record.empty", where=where)
    try:
        obj = jsonfile.loads(text, where)
        if not isinstance(obj, list):
            return [(where, obj)], None
        return [
            (RecordError.of("record.list_where", where=where, n=i), r) for i, r in enumerate(obj, 1)
        ], None
    except JSONFileError as whole:
        text, torn = jsonfile.without_torn_tail(text, where)  # never the first line
        lines = [(n, ln) for n, ln in enumerate(jsonfile.lines(text), 1) if ln.strip()]
        try:
            jsonfile.loads(lines[0][1], where, lines[0][0])
        except JSONFileError:
            raise whole from None
        return [(f"{where}:{n}", jsonfile.loads(ln, where, n)) for n, ln in lines], torn


# ----- checking -----------------------------------------------------------------------


def _cards(value: object, what: str, where: Where) -> list[int]:
    if not isinstance(value, list):
        raise RecordError.of("record.cards", where=where, what=what)
    out = []
    for i, t in enumerate(value, 1):
        if not isinstance(t, str):
            raise RecordError.of("record.card_text", where=where, what=what, i=i)
        try:
            out.append(parse_card_id(t))
        except CardError as e:
            raise RecordError.of("record.card", where=where, what=what, i=i, error=e) from None
    return out


def _only(obj: dict, fields: Sequence[str], where: Where, within: str = "") -> None:
    """Refuse a field of ``obj`` not among ``fields`` (``within``: the object's own field in
    the record, "result" or "match"), naming it and the fields expected there."""
    for key in obj:
        if key not in fields:
            known = ", ".join(f for f in fields if not f.startswith("_"))
            name = f"{within}.{key}" if within else key
            error = RecordError.of("field.unknown", field=name, fields=known)
            raise RecordError.of("record.at", where=where, error=error)


def _pair_of_whole(value: object) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(whole(p) for p in value)


def _check_result(res: object, where: Where, match: bool = False) -> None:
    if not isinstance(res, dict) or not _pair_of_whole(res.get("points")):
        raise RecordError.of("record.result", where=where)
    _only(res, MATCH_RESULT_FIELDS if match else RESULT_FIELDS, where, "result")
    winner = res.get("winner", None)
    if winner is not None and (not whole(winner) or winner not in (1, 2)):
        raise RecordError.of("record.winner", where=where)
    if match and "wins" in res and not _pair_of_whole(res["wins"]):
        raise RecordError.of("record.match_wins", where=where)
    if "since_start" in res and (res["since_start"] is not True or "winner" in res):
        raise RecordError.of("record.since_start", where=where)


def _check_start(d: Record, where: Where, variant: str) -> Record:
    dealt = next((k for k in ("dealer", "deck") if k in d), None)
    if dealt is not None:
        raise RecordError.of(
            "record.at", where=where, error=RecordError.of("board.started_field", field=dealt)
        )
    if not isinstance(d["start"], str):
        raise RecordError.of("record.start_text", where=where)
    try:
        pos = parse_position(d["start"])
    except PositionError as e:
        raise RecordError.of("record.start", where=where, error=e) from None
    if pos.hidden_hand:
        raise RecordError.of("record.start_hidden", where=where)
    if pos.variant_name != variant:
        raise RecordError.of(
            "record.start_variant", where=where, got=pos.variant_name, variant=variant
        )
    return {
        "start": pos,
        "talon": _cards(d.get("talon", []), "talon", where),
        "moves": _cards(d.get("moves", []), "moves", where),
        "result": d.get("result"),
    }


def _check_deal(d: object, players: int, where: Where, start_of: str | None = None) -> Record:
    if not isinstance(d, dict):
        raise RecordError.of("record.deal_object", where=where)
    if start_of is None:
        _only(d, DEAL_FIELDS, where)
    elif "start" not in d and "talon" in d:
        raise RecordError.of(
            "record.at", where=where, error=RecordError.of("board.dealt_field", field="talon")
        )
    if start_of is not None and "start" in d:
        if "result" in d and d["result"] is not None:
            _check_result(d["result"], where)
        return _check_start(d, where, start_of)
    for key in ("dealer", "deck"):
        if key not in d:
            raise RecordError.of("record.missing", where=where, field=key)
    dealer = d["dealer"]
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 1 <= dealer <= players:
        raise RecordError.of("record.dealer", where=where, players=players)
    deck = _cards(d["deck"], "deck", where)
    if len(deck) != 40 or len(set(deck)) != 40:
        dup = next((c for c in deck if deck.count(c) > 1), None)
        if dup is not None:
            raise RecordError.of("record.deck_twice", where=where, card=card_str(dup))
        raise RecordError.of("record.deck_size", where=where, count=Count(len(deck)))
    moves = _cards(d.get("moves", []), "moves", where)
    if "result" in d and d["result"] is not None:
        _check_result(d["result"], where)
    return {"dealer": dealer, "deck": deck, "moves": moves, "result": d.get("result")}


class CheckedRecord(dict):
    """A record that check_record has checked, its parsed deals under "_deals": only such
    a one is replayed without checking it again (a plain dict's "_deals" is not trusted).
    ``source``: where read_records found it (its file, and line in JSON Lines), which an
    error of its moves names: "move 6: ..." named no record of a file of a thousand."""

    source: Where | None = None


def prepared(record: Record) -> CheckedRecord:
    """``record`` checked (check_record), unless it was already."""
    return record if isinstance(record, CheckedRecord) else check_record(record)


def check_record(rec: object, where: Where | None = None) -> CheckedRecord:
    """Validate the shape of a record (not yet its moves); return it with parsed cards under
    "_deals" (a CheckedRecord). Raises RecordError with one line, beginning with ``where``
    (its file; by default "record", in the user's language)."""
    if where is None:
        where = RecordError.of("record.where")
    if not isinstance(rec, dict):
        raise RecordError.of("record.object", where=where)
    if rec.get("format") != FORMAT:
        raise RecordError.of("record.format", where=where, format=FORMAT)
    version = rec.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError.of(
            "record.version_type", where=where, version=VERSION, got=jsonfile.kind(version)
        )
    if version != VERSION:
        raise RecordError.of("record.version", where=where, got=repr(version), version=VERSION)
    if not isinstance(rec.get("variant"), str):
        raise RecordError.of("record.missing", where=where, field="variant")
    try:
        v = get_variant(rec["variant"])
    except RulesError as e:
        raise RecordError.of("record.at", where=where, error=e) from None
    seed = rec.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError.of("record.seed", where=where)
    players = rec.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError.of("record.players", where=where)
    if players and len(players) not in (2, v.players):  # per side, per seat, or none
        raise RecordError.of("record.players_count", where=where, n=len(players), seats=v.players)
    m = rec.get("match") or {}
    if not isinstance(m, dict):
        raise RecordError.of("record.match_object", where=where)
    _only(m, ("rule", "target"), where, "match")
    if "rule" in m and m["rule"] != v.match:
        raise RecordError.of(
            "record.match_rule", where=where, got=given(m["rule"]), variant=v.name, rule=v.match
        )
    target = m.get("target")
    if target is not None and (
        not isinstance(target, int) or isinstance(target, bool) or target < 1
    ):
        raise RecordError.of("record.match_target", where=where)
    try:
        new_match(v, target)
    except RulesError as e:
        raise RecordError.of("record.at", where=where, error=e) from None
    if "deals" in rec and not isinstance(rec["deals"], list):
        raise RecordError.of("record.deals_list", where=where)
    out = CheckedRecord(rec)
    out["variant"] = v.name  # "Scoperta" or an alias, as every reader names the game
    if "deals" in rec:
        out["_deals"] = [
            _check_deal(d, v.players, RecordError.of("record.deal_where", where=where, deal=i))
            for i, d in enumerate(rec["deals"], 1)
        ]
        if "result" in rec and rec["result"] is not None:
            _check_result(rec["result"], where, match=True)
    else:
        out["_deals"] = [_check_deal(rec, v.players, where, start_of=v.name)]
    fields = HEAD_FIELDS + (MATCH_FIELDS if "deals" in rec else ("dealer", "deck", *STARTED_FIELDS))
    _only(rec, fields, where)
    return out


# ----- replaying ----------------------------------------------------------------------


def deal_start(variant: Variant | str, d: Record, deal: int | None = None) -> GameState:
    """The first moment of a checked deal (a match record's deal ``deal``): dealt from its
    deck, or its start position."""
    if "start" not in d:
        return deal_from_deck(variant, d["deck"], d["dealer"] - 1)
    try:
        return from_position(d["start"], tuple(d["talon"]) or None)
    except PositionError as e:
        raise _in_deal(RecordError.of("record.talon", error=e), deal) from None


def played(state: GameState, card: int, n: int, deal: int | None = None) -> GameState:
    """``state`` after a record's move ``n`` (of its deal ``deal`` in a match); an illegal
    move is refused with its number, in the user's language (the CLI and the board)."""
    why = move_refusal(state, card)
    if why is None:
        return play(state, card)
    raise _in_deal(RecordError.of("record.move", n=n, why=why), deal)


def _replay_deal(variant: Variant | str, d: Record, deal: int | None = None) -> GameState:
    state = deal_start(variant, d, deal)
    for i, c in enumerate(d["moves"], 1):
        state = played(state, c, i, deal)
    res = d["result"]
    if res is not None:
        if not state.is_over:
            unfinished = RecordError.of("record.result_unfinished", n=Count(len(d["moves"])))
            raise _in_deal(unfinished, deal)
        got = result_of(state)
        if not same_result(res, got):
            differs = RecordError.of(
                "record.result_differs", stated=_result_words(res), got=_result_words(got)
            )
            raise _in_deal(differs, deal)
    return state


def replay_all(record: Record) -> list[GameState]:
    """Replay every deal of a record (checking moves and stated results); the states reached.
    A record read from a file says an error at its file and line."""
    rec = prepared(record)
    try:
        return _replay_all(rec)
    except RecordError as e:
        if rec.source is None:
            raise
        raise RecordError.of("record.at", where=rec.source, error=e) from None


def _replay_all(rec: CheckedRecord) -> list[GameState]:
    v = get_variant(rec["variant"])
    many = "deals" in rec
    if many:
        n = v.players
        for i, d in enumerate(rec["_deals"][1:], 2):
            want = (rec["_deals"][0]["dealer"] - 1 + i - 1) % n
            if d["dealer"] - 1 != want:
                raise RecordError.of("record.dealer_next", deal=i, player=want + 1)
    states = [_replay_deal(v, d, i if many else None) for i, d in enumerate(rec["_deals"], 1)]
    if many:
        _check_match(rec, v, states)
    return states


def replay(record: Record) -> GameState:
    """The state a deal record ends in (for a match record: its last deal)."""
    states = replay_all(record)
    if not states:
        raise RecordError.of("record.no_deals")
    return states[-1]


def replay_match(record: Record) -> MatchState:
    """The match a match record ends in, every deal of it finished (else a RecordError)."""
    rec = prepared(record)
    v = get_variant(rec["variant"])
    states = replay_all(rec)
    m = rec.get("match") or {}
    match = new_match(v, m.get("target"), rec["_deals"][0]["dealer"] - 1 if rec["_deals"] else None)
    for s in states:
        if not s.is_over:
            raise RecordError.of("record.match_unfinished")
        match = match.add(s)
    return match


def _check_match(rec: Record, v: Variant, states: list[GameState]) -> None:
    m = rec.get("match") or {}
    first = rec["_deals"][0]["dealer"] - 1 if rec["_deals"] else None
    match = new_match(v, m.get("target"), first)
    for i, s in enumerate(states, 1):
        if s.dealer != match.next_dealer:
            raise RecordError.of("record.dealer_next", deal=i, player=match.next_dealer + 1)
        if not s.is_over:
            if i != len(states):
                raise RecordError.of("record.deal_unfinished", deal=i)
            return
        if match.is_over:
            raise RecordError.of("record.match_over", deal=i)
        match = match.add(s)
    res = rec.get("result")
    if res is not None:
        t = list(match.totals)
        winner = match.winning_side
        if "wins" in res and res["wins"] != list(match.wins):
            a, b = res["wins"]
            got_a, got_b = match.wins
            raise RecordError.of("record.match_wins_differs", a=a, b=b, got_a=got_a, got_b=got_b)
        if res["points"] != t or res.get("winner") != winner:
            raise RecordError.of(
                "record.match_differs",
                a=res["points"][0],
                b=res["points"][1],
                winner=res.get("winner") or "-",
                got_a=t[0],
                got_b=t[1],
                got_winner=winner or "-",
            )


def record_positions(
    record: Record, player: int | None = None, deal: int | None = None, clairvoyant: bool = False
) -> list[Step]:
    """Each move of a recorded deal with the position before it, as ``GameState.positions``
    gives them (the player to move's view, or ``player``'s moves alone from their seat):
    ``for pos, move, n in solver.record_positions(rec): engine.analyse(pos)``. ``deal``
    (from 1) picks a match record's deal; a record of one deal needs none. The record is
    replayed and checked first, as ``replay_record`` checks it."""
    for name, value in (("player", player), ("deal", deal)):
        if value is not None and not whole(value):
            raise RecordError.of("argument.whole", name=name, got=given(value))
    states = replay_all(record)
    if deal is None:
        if len(states) != 1:
            raise RecordError.of("record.which_deal", count=len(states))
        deal = 1
    if not 1 <= deal <= len(states):
        raise RecordError.of("record.deal_range", deal=deal, last=len(states))
    return states[deal - 1].positions(player, clairvoyant)


def seat_position_from_record(record: Record, move: int, seat: int) -> Position | SeatPosition:
    """The moment before ``move`` (1-based) of a recorded deal, as player ``seat`` (1-based)
    saw it (``GameState.view``): a SeatPosition in the hidden-card games, the open position
    (every hand, the talon's order hidden) in the scoperta games."""
    for name, value in (("move", move), ("seat", seat)):
        if not whole(value):
            raise RecordError.of("argument.whole", name=name, got=given(value))
    rec = prepared(record)
    v = get_variant(rec["variant"])
    if len(rec["_deals"]) != 1:
        raise RecordError.of("record.single_deal", count=len(rec["_deals"]))
    states = replay_all(rec)
    d = rec["_deals"][0]
    moves = d["moves"]
    last = len(moves) + (0 if states[0].is_over else 1)
    if not 1 <= move <= last:
        raise RecordError.of("record.move_range", move=move, last=last)
    if not 1 <= seat <= v.players:
        raise RecordError.of("record.seat", players=v.players, seat=seat)
    state = deal_start(v.name, d)
    for c in moves[: move - 1]:
        state = play(state, c)
    if state.to_move != seat - 1:
        raise RecordError.of("record.seat_to_move", move=move, player=state.to_move + 1)
    return state.view(seat)
