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
from collections.abc import Callable

from solver.errors import BriscolaError, given, whole
from solver import jsonfile
from solver.jsonfile import JSONFileError
from solver.cards import CardError, card_str, parse_card_id
from solver.game import (
    GameState,
    MatchState,
    deal_from_deck,
    from_position,
    move_refusal,
    new_match,
    play,
)
from solver.position import PositionError, parse_position
from solver.rules import RulesError, get_variant

FORMAT = "briscola-record"
VERSION = 1


class RecordError(BriscolaError):
    """A record that cannot be read or does not replay; the message is one line."""


# ----- building -----------------------------------------------------------------------


def result_of(state: GameState) -> dict:
    """The result of a finished deal; a deal continued from a position without a score
    has only the points won since its start, and no winner anyone can name."""
    if state.score is None:
        a, b = state.won_since_start
        return {"points": [a, b], "since_start": True}
    a, b = state.side_points
    return {"points": [a, b], "winner": 1 if a > 60 else 2 if b > 60 else None}


def same_result(stated: dict, got: dict) -> bool:
    """Whether a record's stated result is the one its moves reach: the points and the
    winner (none, for a start without a score; an older record's null reads the same)."""
    return stated["points"] == got["points"] and stated.get("winner") == got.get("winner")


def _result_words(res: dict) -> str:
    a, b = res["points"]
    if res.get("since_start"):
        return f"{a}-{b} won from the start on"
    return f"{a}-{b} (winner {res.get('winner')})"


def _deal_body(state: GameState) -> dict:
    if state.deck is None:
        raise RecordError("this game was not dealt from a deck, so it has no record")
    body = {
        "dealer": state.dealer + 1,
        "deck": [card_str(c) for c in state.deck],
        "moves": [card_str(c) for c in state.moves],
    }
    if state.is_over:
        body["result"] = result_of(state)
    return body


def _names(players) -> list[str]:
    return [p if isinstance(p, str) else getattr(p, "name", "agent") for p in (players or [])]


def deal_record(state: GameState, seed=None, players=None) -> dict:
    """The record of a deal, finished or not (an unfinished one has no result)."""
    if not isinstance(state, GameState):
        raise RecordError.of("argument.game", name="state", got=given(state))
    rec = {"format": FORMAT, "version": VERSION, "variant": state.variant.name}
    if seed is not None:
        rec["seed"] = seed
    rec.update(_deal_body(state))
    rec["players"] = _names(players)
    # keep the documented key order: result last
    if "result" in rec:
        rec["result"] = rec.pop("result")
    return rec


def start_record(state: GameState, start: str, talon, seed=None, players=None) -> dict:
    """The record of a deal continued from the position ``start`` with this talon order."""
    rec = {"format": FORMAT, "version": VERSION, "variant": state.variant.name}
    if seed is not None:
        rec["seed"] = seed
    rec.update(
        start=start,
        talon=[card_str(c) for c in talon],
        moves=[card_str(c) for c in state.moves],
        players=_names(players),
    )
    if state.is_over:
        rec["result"] = result_of(state)
    return rec


def match_record(match: MatchState, seed=None, players=None) -> dict:
    """The record of a match, its deals and its result so far."""
    if not isinstance(match, MatchState):
        raise RecordError.of("argument.match", name="match", got=given(match))
    rec = {"format": FORMAT, "version": VERSION, "variant": match.variant.name}
    if seed is not None:
        rec["seed"] = seed
    rec["players"] = _names(players)
    rec["match"] = {"rule": match.variant.match, "target": match.target}
    rec["deals"] = [_deal_body(d) for d in match.deals]
    t = match.totals
    w = match.winner
    rec["result"] = {
        "points": [t[0], t[1]],
        "wins": list(match.wins),
        "winner": None if w is None or w < 0 else w + 1,
    }
    return rec


# ----- files --------------------------------------------------------------------------


def records_text(records) -> str:
    """The text of one record (JSON) or of several (a list or tuple of them: JSON Lines)."""
    if isinstance(records, dict):
        return json.dumps(records, indent=1) + "\n"
    return "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records)


def write_record(path: str, records, force: bool = False) -> None:
    """Write one record as JSON, or several (a list or tuple of them) as JSON Lines; never
    overwrite without force, and never leave the file half written."""
    if not isinstance(records, dict) and not (
        isinstance(records, (list, tuple)) and all(isinstance(r, dict) for r in records)
    ):
        raise RecordError.of("argument.records", name="records", got=given(records))
    if os.path.exists(path) and not force:
        raise RecordError(f"{path} exists: use --force to overwrite it")
    try:
        jsonfile.write_whole(path, records_text(records))
    except OSError as e:
        raise RecordError(f"cannot write {path}: {e.strerror}") from None


def read_records(path: str, warn: Callable[[str], None] | None = None) -> list[dict]:
    """Every record in a file: one JSON record, a JSON list, or JSON Lines. Checked. A last
    line of JSON Lines cut short by a crash is left out and said through ``warn`` (Python's
    warnings when None)."""
    try:
        text = jsonfile.read_text(path)
        recs = _load(text, path, warn)
    except JSONFileError as e:
        raise RecordError.like(e) from None
    if not recs:
        raise RecordError(f"{path} holds no records")
    return [check_record(r, f"{path}") for r in recs]


def read_record(path: str, warn: Callable[[str], None] | None = None) -> dict:
    recs = read_records(path, warn)
    if len(recs) != 1:
        raise RecordError(f"{path} holds {len(recs)} records, expected one")
    return recs[0]


def _load(text: str, where: str, warn: Callable[[str], None] | None = None) -> list:
    """The records of a file's text: one JSON value (a list is the list of records), else
    JSON Lines (less a last line cut short)."""
    if not text.strip():
        raise RecordError(f"{where} is empty")
    try:
        obj = jsonfile.loads(text, where)
        return obj if isinstance(obj, list) else [obj]
    except JSONFileError as whole:
        lines = [(n, ln) for n, ln in enumerate(text.splitlines(), 1) if ln.strip()]
        try:
            jsonfile.loads(lines[0][1], where, lines[0][0])
        except JSONFileError:
            raise whole from None
        text = jsonfile.without_torn_tail(text, where, warn)
        lines = [(n, ln) for n, ln in enumerate(text.splitlines(), 1) if ln.strip()]
        return [jsonfile.loads(ln, where, n) for n, ln in lines]


# ----- checking -----------------------------------------------------------------------


def _cards(value, what: str, where: str) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: {what} must be a list of cards")
    out = []
    for i, t in enumerate(value, 1):
        if not isinstance(t, str):
            raise RecordError(f"{where}: {what} item {i} is not a card string")
        try:
            out.append(parse_card_id(t))
        except CardError as e:
            raise RecordError(f"{where}: {what} item {i}: {e}") from None
    return out


def _check_result(res, where: str) -> None:
    if (
        not isinstance(res, dict)
        or not isinstance(res.get("points"), list)
        or len(res["points"]) != 2
        or not all(isinstance(p, int) and not isinstance(p, bool) for p in res["points"])
    ):
        raise RecordError(f'{where}: result must be {{"points": [a, b], "winner": 1, 2 or null}}')
    if res.get("winner", None) not in (1, 2, None):
        raise RecordError(f"{where}: result winner must be 1, 2 or null (a draw)")
    if "since_start" in res and (res["since_start"] is not True or "winner" in res):
        raise RecordError(
            f'{where}: result "since_start" must be true, and comes without a winner (a start '
            f"without a score)"
        )


def _check_start(d: dict, where: str, variant: str) -> dict:
    if not isinstance(d["start"], str):
        raise RecordError(f"{where}: start must be a position (notation text)")
    try:
        pos = parse_position(d["start"])
    except PositionError as e:
        raise RecordError(f"{where}: start: {str(e).splitlines()[0]}") from None
    if pos.hidden_hand:
        raise RecordError(f"{where}: start must show every hand (a game goes on from it)")
    if pos.variant_name != variant:
        raise RecordError(
            f"{where}: start is a {pos.variant_name} position but the record is "
            f"{variant} (add variant={variant} to it, or fix the record's variant)"
        )
    return {
        "start": pos,
        "talon": _cards(d.get("talon", []), "talon", where),
        "moves": _cards(d.get("moves", []), "moves", where),
        "result": d.get("result"),
    }


def _check_deal(d, players: int, where: str, start_of: str | None = None) -> dict:
    if not isinstance(d, dict):
        raise RecordError(f"{where}: a deal must be a JSON object")
    if start_of is not None and "start" in d:
        if "result" in d and d["result"] is not None:
            _check_result(d["result"], where)
        return _check_start(d, where, start_of)
    for key in ("dealer", "deck"):
        if key not in d:
            raise RecordError(f'{where}: missing "{key}"')
    dealer = d["dealer"]
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 1 <= dealer <= players:
        raise RecordError(f"{where}: dealer must be a player number from 1 to {players}")
    deck = _cards(d["deck"], "deck", where)
    if len(deck) != 40 or len(set(deck)) != 40:
        dup = next((c for c in deck if deck.count(c) > 1), None)
        why = f"{card_str(dup)} appears twice" if dup is not None else f"it has {len(deck)} cards"
        raise RecordError(f"{where}: the deck must hold all 40 cards once ({why})")
    moves = _cards(d.get("moves", []), "moves", where)
    if "result" in d and d["result"] is not None:
        _check_result(d["result"], where)
    return {"dealer": dealer, "deck": deck, "moves": moves, "result": d.get("result")}


class CheckedRecord(dict):
    """A record that check_record has checked, its parsed deals under "_deals": only such
    a one is replayed without checking it again (a plain dict's "_deals" is not trusted)."""


def prepared(record) -> CheckedRecord:
    """``record`` checked (check_record), unless it was already."""
    return record if isinstance(record, CheckedRecord) else check_record(record)


def check_record(rec, where: str = "record") -> CheckedRecord:
    """Validate the shape of a record (not yet its moves); return it with parsed cards under
    "_deals" (a CheckedRecord). Raises RecordError with one line."""
    if not isinstance(rec, dict):
        raise RecordError(f"{where}: a record must be a JSON object")
    if rec.get("format") != FORMAT:
        raise RecordError(f'{where}: not a game record ("format" must be "{FORMAT}")')
    version = rec.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(
            f'{where}: "version" must be an integer (this program reads {VERSION}), '
            f"got {jsonfile.kind(version)}"
        )
    if version != VERSION:
        raise RecordError(
            f"{where}: unsupported record version {rec.get('version')!r} "
            f"(this program reads {VERSION})"
        )
    if not isinstance(rec.get("variant"), str):
        raise RecordError(f'{where}: missing "variant"')
    try:
        v = get_variant(rec["variant"])
    except RulesError as e:
        raise RecordError(f"{where}: {e}") from None
    seed = rec.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(f"{where}: seed must be an integer")
    players = rec.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError(f"{where}: players must be a list of names")
    m = rec.get("match") or {}
    if not isinstance(m, dict):
        raise RecordError(f'{where}: "match" must be an object {{"rule", "target"}}')
    target = m.get("target")
    if target is not None and (
        not isinstance(target, int) or isinstance(target, bool) or target < 1
    ):
        raise RecordError(f"{where}: match target must be a positive integer")
    out = CheckedRecord(rec)
    if "deals" in rec:
        if not isinstance(rec["deals"], list):
            raise RecordError(f'{where}: "deals" must be a list')
        out["_deals"] = [
            _check_deal(d, v.players, f"{where} deal {i}") for i, d in enumerate(rec["deals"], 1)
        ]
        if "result" in rec and rec["result"] is not None:
            _check_result(rec["result"], where)
    else:
        out["_deals"] = [_check_deal(rec, v.players, where, start_of=v.name)]
    return out


# ----- replaying ----------------------------------------------------------------------


def deal_start(variant, d: dict, where: str = "") -> GameState:
    """The first moment of a checked deal: dealt from its deck, or its start position."""
    if "start" not in d:
        return deal_from_deck(variant, d["deck"], d["dealer"] - 1)
    try:
        return from_position(d["start"], tuple(d["talon"]) or None)
    except PositionError as e:
        raise RecordError(f"{where}talon: {str(e).splitlines()[0]}") from None


def played(state: GameState, card: int, n: int, deal: int | None = None) -> GameState:
    """``state`` after a record's move ``n`` (of its deal ``deal`` in a match); an illegal
    move is refused with its number, in the user's language (the CLI and the board)."""
    why = move_refusal(state, card)
    if why is None:
        return play(state, card)
    if deal is None:
        raise RecordError.of("record.move", n=n, why=why)
    raise RecordError.of("record.deal_move", deal=deal, n=n, why=why)


def _replay_deal(variant, d: dict, where: str, deal: int | None = None) -> GameState:
    state = deal_start(variant, d, where)
    for i, c in enumerate(d["moves"], 1):
        state = played(state, c, i, deal)
    res = d["result"]
    if res is not None:
        if not state.is_over:
            raise RecordError(
                f"{where}the record states a result but the deal stops after "
                f"{len(d['moves'])} moves"
            )
        got = result_of(state)
        if not same_result(res, got):
            raise RecordError(
                f"{where}the record states {_result_words(res)} but the moves give "
                f"{_result_words(got)}"
            )
    return state


def replay_all(record) -> list[GameState]:
    """Replay every deal of a record (checking moves and stated results); the states reached."""
    rec = prepared(record)
    v = get_variant(rec["variant"])
    many = "deals" in rec
    if many:
        n = v.players
        for i, d in enumerate(rec["_deals"][1:], 2):
            want = (rec["_deals"][0]["dealer"] - 1 + i - 1) % n
            if d["dealer"] - 1 != want:
                raise RecordError(
                    f"deal {i}: the dealer should be player {want + 1} "
                    f"(the deal passes to the next player)"
                )
    states = [
        _replay_deal(v, d, f"deal {i}: " if many else "", i if many else None)
        for i, d in enumerate(rec["_deals"], 1)
    ]
    if many:
        _check_match(rec, v, states)
    return states


def replay(record) -> GameState:
    """The state a deal record ends in (for a match record: its last deal)."""
    states = replay_all(record)
    if not states:
        raise RecordError("the record holds no deals")
    return states[-1]


def replay_match(record) -> MatchState:
    rec = prepared(record)
    v = get_variant(rec["variant"])
    states = replay_all(rec)
    m = rec.get("match") or {}
    match = new_match(v, m.get("target"), rec["_deals"][0]["dealer"] - 1 if rec["_deals"] else None)
    for s in states:
        if not s.is_over:
            raise RecordError("a match record holds an unfinished deal")
        match = match.add(s)
    return match


def _check_match(rec: dict, v, states: list[GameState]) -> None:
    m = rec.get("match") or {}
    first = rec["_deals"][0]["dealer"] - 1 if rec["_deals"] else None
    match = new_match(v, m.get("target"), first)
    for i, s in enumerate(states, 1):
        if s.dealer != match.next_dealer:
            raise RecordError(
                f"deal {i}: the dealer should be player {match.next_dealer + 1} "
                f"(the deal passes to the next player)"
            )
        if not s.is_over:
            if i != len(states):
                raise RecordError(f"deal {i} is unfinished but more deals follow")
            return
        if match.is_over:
            raise RecordError(f"deal {i}: the match was already over")
        match = match.add(s)
    res = rec.get("result")
    if res is not None:
        t = list(match.totals)
        w = match.winner
        winner = None if w is None or w < 0 else w + 1
        if res["points"] != t or res.get("winner") != winner:
            raise RecordError(
                f"the record states match totals {res['points'][0]}-{res['points'][1]} "
                f"(winner {res.get('winner')}) but the deals give {t[0]}-{t[1]} (winner {winner})"
            )


def seat_position_from_record(record, move: int, seat: int):
    """The moment before ``move`` (1-based) of a recorded deal, as player ``seat`` (1-based)
    saw it (``GameState.view``): a SeatPosition in the hidden-card games, the open position
    (every hand, the talon's order hidden) in the scoperta games."""
    for name, value in (("move", move), ("seat", seat)):
        if not whole(value):
            raise RecordError.of("argument.whole", name=name, got=given(value))
    rec = prepared(record)
    v = get_variant(rec["variant"])
    if len(rec["_deals"]) != 1:
        raise RecordError(f"the record holds {len(rec['_deals'])} deals: give a single-deal record")
    states = replay_all(rec)
    d = rec["_deals"][0]
    moves = d["moves"]
    last = len(moves) + (0 if states[0].is_over else 1)
    if not 1 <= move <= last:
        raise RecordError(f"move {move} is out of range: the record's moves are 1..{last}")
    if not 1 <= seat <= v.players:
        raise RecordError(f"seat must be a player from 1 to {v.players}, got {seat}")
    state = deal_start(v.name, d)
    for c in moves[: move - 1]:
        state = play(state, c)
    if state.to_move != seat - 1:
        raise RecordError(
            f"move {move} is player {state.to_move + 1}'s: seat analysis values the "
            f"cards of the player to move (use --seat {state.to_move + 1})"
        )
    return state.view(seat)
