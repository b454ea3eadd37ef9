"""The one family of errors that are the user's: a position, card, record, file, option or
request they got wrong. The CLI says such an error in one line (exit 2) and the board
answers 400; every other exception is a bug and is reported as one (cli/main.py: "internal
error, please report", exit 70; the board: 500 with the trace in its log).

``BriscolaError`` is a ValueError, so code that catches a ValueError keeps working; each
part raises its own subclass (``PositionError``, ``CardError``, ``RecordError``, ...).

An error the player meets is raised with ``of(key, **fields)``: its message is the
template ``ENGLISH[key]`` filled, and the key and fields travel with it so that the CLI and
the board can say it in the player's language (``solver.i18n.error_text``, the Italian
beside this English in ``solver.i18n.ERRORS``). Its ``str`` is the English text, whatever
language is shown. The English lives here, not in solver.i18n, because every module
raises these errors and solver.i18n itself imports this one."""

from __future__ import annotations

import functools
import string
from collections.abc import Mapping
from typing import Any, TypeGuard, TypeVar

E = TypeVar("E", bound="BriscolaError")

#: the English of the user's errors raised with ``BriscolaError.of``, and of the notes said
#: beside them (``Note.of``), by key: each one's own text; solver.i18n.ERRORS holds them
#: with their Italian
ENGLISH: dict[str, str] = {
    "card.unknown": "unknown card '{text}' (write rank then suit, e.g. AD, 3C, RB, 7S)",
    "card.unknown_typed": "unknown card '{text}' (type rank then suit, e.g. AD, 3c, 10b, or its "
    "name: Ace, Three, King, Knight, Jack, 7 ... 2 of batons, cups, coins, swords, or of clubs, "
    "hearts, diamonds, spades)",
    "card.french_rank": "unknown card '{text}' (the deck has no {rank}: write {letter}, as in "
    "{card}; ranks are A 3 R C F 7 6 5 4 2)",
    "card.french_suit": "unknown card '{text}' (the deck has no suit {suit}: hearts are {letter}, "
    "coppe, as in {card}; suits are B C D S)",
    "card.no_rank": "unknown card '{text}' (the deck has no {rank}: ranks are A 3 R C F 7 6 5 4 2)",
    "card.unknown_id": "unknown card {card} (a card is its text such as FD, or its id 0..39)",
    "card.not_id": "{name} must be a card id (a whole number from 0 to 39, or a Card), got {got}",
    "card.bad_mask": "not a set of cards: {mask} (a card mask is a whole number from 0 to "
    "2**40-1, bit n for card id n)",
    "card.not_state": "is_trump: pos must be a position, a seat's view or a game's state "
    "(solver.parse reads a position's text), got {got}",
    "card.not_text": "a card is read from its text such as 'FD', got {value}",
    "card.not_set": "a set of cards is made from cards, card ids or their text such as '3C,AS', "
    "got {got}",
    "card.empty": "empty card in list '{text}'",
    "card.twice_list": "card {card} given twice in list '{text}'",
    "card.twice": "card {card} given twice ({first} and {second})",
    "card.twice_in": "card {card} given twice in {field}=",
    "field.card": "{field}=: {error}",
    "field.not_key_value": "'{token}' is not a key=value field (fields: {fields})",
    "field.unknown": "unknown field '{field}' (fields: {fields})",
    "field.twice": "field '{field}' given twice",
    "field.trailing_comma": "the list of {field}= ends with ',' (remove it, or add the missing "
    "card)",
    "field.one_card": "{field}= takes one card, got {count}",
    "field.missing": "missing field {field}=",
    "field.seat": "{variant} has {players} players: {field}= is not allowed",
    "field.missing_trump": "missing field briscola= (the trump card)",
    "field.no_trump": "{variant} has no trump: briscola= is not allowed",
    "field.played_or_unseen": "give played= or unseen=, not both",
    "field.top_or_talon": "give top= or talon=, not both",
    "field.unseen_or_talon": "give unseen= or talon=, not both",
    "position.empty": "empty position",
    "variant.unknown": "unknown variant '{name}' (choose from {variants})",
    "variant.not_name": "variant must be a variant's name or a Variant, got {value} (names: "
    "{variants})",
    "turn.two": "turn= must be 1 or 2, got '{turn}'",
    "turn.range": "turn= must be 1..{players}, got '{turn}'",
    "player.range": "player must be 1 to {players} (players are numbered from 1, as in turn=), "
    "got {player}",
    "table.one": "table= holds at most 1 card in {variant}, got {count}",
    "table.many": "table= holds at most {most} cards in {variant}, got {count}",
    "trump.needed": "briscola= needs the trump card",
    "trump.not_bottom": "the talon has cards, so the trump card {card} must be its bottom card, "
    "but it is in a hand, on the table or played",
    "trump.in_hand": "the trump card {card} is in a hand or on the table, but {field} says the "
    "talon has cards",
    "trump.in_hand_top": "the trump card is in a hand, but top= says the talon has cards",
    "top.is_trump": "top card {card} is the trump card, which stays at the talon's bottom and is "
    "drawn last",
    "top.hidden": "in {variant} the talon's top card is hidden: top= is not allowed (talon= "
    "gives the whole order)",
    "top.played": "top= given but the talon is empty (top card {card} is among the played cards)",
    "top.empty": "top= given but the talon is empty",
    "top.missing": "the talon holds {size} cards: give its top card with top= (or talon=)",
    "top.needs_rest": "top= given: say what is left with played= or unseen= (or talon=)",
    "top.elsewhere": "top card {card} is also in a hand or played",
    "unseen.needs_top": "unseen= describes the talon under top=, but top= is missing",
    "talon.even": "the talon would hold {size} cards: it always holds an even number",
    "talon.even_one": "the talon would hold 1 card: it always holds an even number",
    "talon.multiple": "the talon would hold {size} cards: with {players} players it always holds "
    "a multiple of {players}",
    "talon.multiple_one": "the talon would hold 1 card: with {players} players it always holds "
    "a multiple of {players}",
    "talon.listed": "talon= lists {listed} cards but the talon holds {size}",
    "talon.listed_one": "talon= lists 1 card but the talon holds {size}",
    "talon.end": "talon= must end with the trump card {card}",
    "tricks.open": "tricks= is what a seat saw of a hidden hand (hand1=? or hand2=?); an open "
    "position shows every card",
    "tricks.not_trick": "tricks=: '{part}' is not a trick (lead+answer, e.g. 7B+AB)",
    "tricks.not_played": "tricks=: {card} is not in played=",
    "tricks.twice": "tricks=: {card} is played twice",
    "tricks.no_hand": "tricks=: no hand of player {player} fits them: the suits they did not "
    "follow leave too few of the cards unseen that they could have drawn",
    "hands.full": "hands hold {size} cards each while the talon has cards, got {shown}",
    "hands.talon_leader2": "mid-trick with cards in the talon the leader holds {less} and the "
    "follower {size}, got {shown}",
    "hands.talon_leader": "mid-trick with cards in the talon the leader holds {less} and the "
    "others {size}, got {shown}",
    "hands.talon_played": "mid-trick with cards in the talon the {k} players who played hold "
    "{less} and the others {size}, got {shown}",
    "hands.start2": "at the start of a trick both hands hold the same number of cards, got {shown}",
    "hands.start": "at the start of a trick every hand holds the same number of cards, got {shown}",
    "hands.mid_leader2": "mid-trick the leader holds one card fewer than the follower, got {shown}",
    "hands.mid_leader": "mid-trick the leader holds one card fewer than the others, got {shown}",
    "hands.mid_played": "mid-trick the {k} players who played hold one card fewer than the "
    "others, got {shown}",
    "hands.max": "a hand holds at most {size} cards in {variant}, got {got}",
    "deal.over": "the deal is over: no cards left to play",
    "deal.over_short": "the deal is over",
    "deal.over_analyse": "the deal is over: no position to analyse",
    "deal.over_explain": "the deal is over: no position to explain",
    "explain.variant": "explain handles scoperta, briscolone, libero and classic endgame "
    "positions, not variant '{variant}' here (briscola analyse handles every variant)",
    "explain.classic_talon": "explain handles classic positions from the last draw on (two "
    "cards left in the talon: a covered card and the trump card), but the talon holds {talon} "
    "cards",
    "explain.talon": "explain handles {variant} endgames only (talon empty, the last five "
    "tricks), but the talon holds {talon} cards",
    "explain.talon4": "explain handles four-player endgames only (talon empty, the last three "
    "tricks), but the talon holds {talon} cards",
    "explain.no_hand": "no opponent hand is consistent with what the seat has seen",
    "objective.win_score": "objective win needs score= (the points each player has taken)",
    "objective.win_score_teams": "objective win needs score= (the points each team has "
    "taken: players 1+3, then 2+4)",
    "deal.dealer": "dealer must be a seat from 0 to {last} (seat 0 is player 1: GameState.dealer "
    "counts from 0), got {got}",
    "argument.position": "{name} must be a position (a Position or a SeatPosition: solver.parse "
    "reads one from its text, a game's view() gives one), got {got}",
    "argument.stop": "{name} must be a solver.Stop (set from any thread to end the analysis), "
    "got {got}",
    "argument.whole": "{name} must be a whole number, got {got}",
    "argument.function": "{name} must be a function, got {got}",
    "argument.flag": "{name} must be True, False or None, got {got}",
    "argument.at_least": "{name} must be a whole number of at least {lo}, got {got}",
    "argument.seed": "seed must be a whole number, a random.Random or None, got {got}",
    "argument.state": "{name} must be a game's state or a position (a GameState, a Position or "
    "a SeatPosition: solver.parse reads one from its text), got {got}",
    "argument.rng": "{name} must be a random.Random (random.Random(seed) makes one), got {got}",
    "argument.agent": "{name} must be an agent's name or an agent (a function agent(view, rng) "
    "returning a card), got {got}",
    "argument.agents": "{name} must be agents: a name, an agent (a function agent(view, rng) "
    "returning a card) or a list of them, got {got}",
    "argument.game": "{name} must be a deal's state (a GameState: solver.deal or play_deal makes "
    "one), got {got}",
    "argument.match": "{name} must be a match (a MatchState: play_match or new_match makes one), "
    "got {got}",
    "argument.records": "{name} must be a game record (a dict) or a list of them, got {got}",
    "argument.puzzle": "{name} must be a Puzzle (read_puzzles or bundled reads them), got {got}",
    "argument.lines": "{name} must be a JSON-lines text or its lines (each a str), got {got}",
    "argument.line": "{name} must be a str (a line of JSON), got {got}",
    "setting.megabytes": "{name} must be a whole number of megabytes from {lo} to {most}, "
    "got {got}",
    "setting.at_least": "{name} must be a whole number of at least {lo}, got {got}",
    "setting.range": "{name} must be a whole number from {lo} to {most}, got {got}",
    "setting.lang": "{name} must be en or it, got {got}",
    "setting.star2": "{name} must be a whole number from {lo} to {most} (0 turns the probing "
    "off), got {got}",
    "score.format": "score= must be two numbers like 40-36, got '{text}'",
    "score.sum": "score {a}-{b} adds up to {sum} but the played cards are worth {points}",
    "score.tricks": "score {a}-{b} cannot come from the played cards: no set of whole tricks "
    "among them is worth {a}",
    "score.leader": "score {a}-{b} cannot come from the played cards: player {player} leads "
    "this trick, so took the last one, yet no set of whole tricks among them, one or more, "
    "is worth {points}",
    "score.leader_team": "score {a}-{b} cannot come from the played cards: player {player} "
    "leads this trick, so their team took the last one, yet no set of whole tricks among them, "
    "one or more, is worth {points}",
    "score.seen": "score {a}-{b} contradicts tricks=: in its tricks player 1 won {won1} points "
    "and player 2 {won2}",
    "score.seen_part": "score {a}-{b} contradicts tricks=: in its tricks player 1 won {won1} "
    "points and player 2 {won2}, and no set of whole tricks among the other played cards "
    "makes up the rest",
    "json.invalid": "not valid JSON ({detail})",
    "json.position": 'a position\'s JSON is an object with a "position" text',
    "json.seat_view": "a seat's view (a hand written ?) is not an open position: "
    "SeatPosition.from_json reads its JSON, solver.parse its notation",
    "json.open_position": "an open position (no hand written ?) is not a seat's view: "
    "Position.from_json reads its JSON, solver.parse its notation",
    "json.at": "{where}: {error}",
    "json.decode": "not valid JSON ({detail}, column {column})",
    "json.expecting_value": "Expecting value",
    "json.expecting_name": "Expecting property name enclosed in double quotes",
    "json.expecting_colon": "Expecting ':' delimiter",
    "json.expecting_comma": "Expecting ',' delimiter",
    "json.unterminated": "Unterminated string",
    "json.control": "Invalid control character",
    "json.escape": "Invalid \\escape",
    "json.u_escape": "Invalid \\uXXXX escape",
    "json.extra": "Extra data",
    "json.comma_object": "Illegal trailing comma before end of object",
    "json.comma_array": "Illegal trailing comma before end of array",
    "json.deep": "nested deeper than {most} levels",
    "json.long_number": "a number too long to read",
    "json.key_twice": "an object names the key {name} twice (which one counts would be a guess)",
    "json.constant": "{name} is not a JSON number",
    "json.surrogate": "a string holds a lone surrogate (\\ud800-\\udfff), which is not text",
    "json.not_utf8": "not UTF-8 text (byte {byte})",
    "json.long_line": "a line of {size} bytes (at most {most})",
    "json.cannot_read": "cannot read {path}: {why}",
    "os.not_found": "No such file or directory",
    "os.denied": "Permission denied",
    "os.is_dir": "Is a directory",
    "os.not_dir": "Not a directory",
    "os.loop": "Too many levels of symbolic links",
    "os.name_too_long": "File name too long",
    "os.no_space": "No space left on device",
    "os.quota": "Disk quota exceeded",
    "os.read_only": "Read-only file system",
    "os.not_permitted": "Operation not permitted",
    "os.exists": "File exists",
    "os.busy": "Device or resource busy",
    "os.text_busy": "Text file busy",
    "os.io": "Input/output error",
    "os.too_many_open": "Too many open files",
    "os.too_many_open_system": "Too many open files in system",
    "os.file_too_large": "File too large",
    "os.no_device_address": "No such device or address",
    "os.no_device": "No such device",
    "os.address_in_use": "Address already in use",
    "os.address_not_available": "Cannot assign requested address",
    "os.too_large": "larger than {most}, the most a file read may be",
    "move.illegal": "illegal move: {why}",
    "record.move": "move {n}: {why}",
    "record.in_deal": "deal {deal}: {error}",
    "record.where": "record",
    "record.deal_where": "{where} deal {deal}",
    "record.list_where": "{where} record {n}",
    "record.at": "{where}: {error}",
    "record.no_deck": "this game was not dealt from a deck, so it has no record",
    "record.exists": "{path} exists: use --force to overwrite it",
    "record.cannot_write": "cannot write {path}: {why}",
    "record.none": "{path} holds no records",
    "record.not_one": "{path} holds {count} records, expected one",
    "record.not_one_torn": "{path} holds {count} records, expected one (line {n}, the last, was "
    "cut short and is not counted)",
    "record.pick_game": "{path} holds {count} records: pick one with --game K (1 to {count})",
    "record.pick_game_torn": "{path} holds {count} records (line {n}, the last, was cut short and "
    "is not counted): pick one with --game K (1 to {count})",
    "record.game_range": "record {game} is out of range: the records of {path} are 1..{last}",
    "record.game_range_torn": "record {game} is out of range: the records of {path} are "
    "1..{last} (line {n}, the last, was cut short and is not counted)",
    "record.empty": "{where} is empty",
    "record.object": "{where}: a record must be a JSON object",
    "record.format": '{where}: not a game record ("format" must be "{format}")',
    "record.version_type": '{where}: "version" must be an integer (this program reads '
    "{version}), got {got}",
    "record.version": "{where}: unsupported record version {got} (this program reads {version})",
    "record.missing": '{where}: missing "{field}"',
    "record.seed": "{where}: seed must be an integer",
    "record.players": "{where}: players must be a list of names",
    "record.players_count": "{where}: players must name one player per seat ({seats}), one "
    "per side (2), or none, not {n}",
    "record.match_object": '{where}: "match" must be an object {{"rule", "target"}}',
    "record.match_target": "{where}: match target must be a positive integer",
    "record.match_rule": '{where}: match rule {got} is not {variant}\'s ("{rule}")',
    "record.match_wins": '{where}: a match result\'s "wins" must be the deals each side won, '
    "[a, b]",
    "record.deals_list": '{where}: "deals" must be a list',
    "record.deal_object": "{where}: a deal must be a JSON object",
    "record.dealer": "{where}: dealer must be a player number from 1 to {players}",
    "record.deck_twice": "{where}: the deck must hold all 40 cards once ({card} appears twice)",
    "record.deck_size": "{where}: the deck must hold all 40 cards once (it has {count} cards)",
    "record.deck_size_one": "{where}: the deck must hold all 40 cards once (it has 1 card)",
    "record.cards": "{where}: {what} must be a list of cards",
    "record.card_text": "{where}: {what} item {i} is not a card string",
    "record.card": "{where}: {what} item {i}: {error}",
    "record.result": '{where}: result must be {{"points": [a, b], "winner": 1, 2 or null}}',
    "record.winner": "{where}: result winner must be 1, 2 or null (a draw)",
    "record.since_start": '{where}: result "since_start" must be true, and comes without a '
    "winner (a start without a score)",
    "record.start_text": "{where}: start must be a position (notation text)",
    "record.start": "{where}: start: {error}",
    "record.start_hidden": "{where}: start must show every hand (a game goes on from it)",
    "record.start_variant": "{where}: start is a {got} position but the record is {variant} "
    "(add variant={variant} to it, or fix the record's variant)",
    "record.talon": "talon: {error}",
    "record.result_unfinished": "the record states a result but the deal stops after {n} moves",
    "record.result_unfinished_one": "the record states a result but the deal stops after 1 move",
    "record.result_differs": "the record states {stated} but the moves give {got}",
    "record.result_since": "{a}-{b} won from the start on",
    "record.result_winner": "{a}-{b} (winner {winner})",
    "record.dealer_next": "deal {deal}: the dealer should be player {player} (the deal passes "
    "to the next player)",
    "record.deal_unfinished": "deal {deal} is unfinished but more deals follow",
    "record.match_over": "deal {deal}: the match was already over",
    "record.match_differs": "the record states match totals {a}-{b} (winner {winner}) but the "
    "deals give {got_a}-{got_b} (winner {got_winner})",
    "record.match_wins_differs": "the record states deals won {a}-{b}, but the deals give "
    "{got_a}-{got_b}",
    "record.no_deals": "the record holds no deals",
    "record.match_unfinished": "a match record holds an unfinished deal",
    "record.single_deal": "the record holds {count} deals: give a single-deal record",
    "record.move_range": "move {move} is out of range: the record's moves are 1..{last}",
    "record.which_deal": "the record holds {count} deals: say which with deal= (1 to {count})",
    "record.deal_range": "deal {deal} is out of range: the record's deals are 1..{last}",
    "record.seat": "seat must be a player from 1 to {players}, got {seat}",
    "record.seat_to_move": "move {move} is player {player}'s: seat analysis values the cards of "
    "the player to move (use --seat {player})",
    "deal.deck": "the deck must hold each of the 40 cards exactly once",
    "game.talon_order": "the talon holds {size} cards: give their order",
    "game.talon_cards": "the talon order does not hold exactly the talon's cards",
    "game.talon_top": "the talon order must start with the top card",
    "game.talon_trump": "the talon order must end with the trump card",
    "game.talon_both": "the talon order must start with the top card and end with the trump card",
    "match.over": "the match is over",
    "match.unfinished": "only finished deals count in a match",
    "json.kind.number": "a number",
    "json.kind.string": "a string",
    "json.kind.list": "a list",
    "json.kind.object": "an object",
    "json.kind.value": "a value",
    "move.not_in_hand": "{card} is not in player {player}'s hand",
    "move.follow": "{card}: player {player} must follow suit ({suit} was led and the hand holds "
    "one)",
    "move.over": "the deal is over: {card} cannot be played",
    "move.unseen": "{card} cannot be in player {player}'s hand: {where}",
    "move.unseen.own": "player {seat} holds it",
    "move.unseen.played": "it has been played",
    "move.unseen.trump": "it is the trump card, under the talon",
    "draw.unknown": "the draw after this trick is unknown: give the cards drawn",
    "draw.seat_one": "the seat draws one card after this trick: give that card alone, got {draws}",
    "draw.not_talon": "the draws ({draws}) are not the known talon's: it gives {known}",
    "seat.hidden_hand": "player {player}'s hand is hidden (?): this is player {seat}'s view",
    "seat.not_to_move": "player {player}'s hand is hidden: seat analysis values the cards of the "
    "player whose hand is shown (turn={seat})",
    "seat.drawn_seen": "{card} cannot be drawn: player {player} has seen it",
    "seat.drawn_held": "{card} cannot be drawn: player {player} must hold it (the suits "
    "they did not follow leave it no other place)",
    "seat.no_hand": "no opponent hand is consistent with what the seat has seen",
    "seat.no_hand_record": "could not find an opponent hand consistent with the record",
    "seat.game": "a hidden hand (?) exists only in the 2-player hidden-card games (classic, "
    "briscolone, libero), not {variant}",
    "seat.too_few": "player {player}'s hand would hold {count} cards but only {rest} cards are "
    "unaccounted for",
    "seat.too_few_one_count": "player {player}'s hand would hold 1 card but only {rest} cards are "
    "unaccounted for",
    "seat.too_few_one_rest": "player {player}'s hand would hold {count} cards but only 1 card is "
    "unaccounted for",
    "seat.one_hidden": "only one hand may be hidden (?): the other is the seat's own",
    "seat.talon_field": "with a hidden hand give played= (not {field}=): the seat does not see "
    "the talon",
    "seat.question": "'?' stands for a whole hidden hand (hand1=? or hand2=?), not inside {field}=",
    "match.points": "a {variant} match is played to 121 or 151 points, got {target}",
    "match.target": "the match target must be a whole number of at least 1, got {got}",
    "match.variant": "a {variant} match counts {variant} deals only, got a {got} deal",
    "option.value": "invalid value for {option}: {why}",
    "from.variant": "the position is {variant} but --variant is {given} (leave --variant out: "
    "the position says its game)",
    "from.match": "a match starts from fresh deals: --from plays one deal on (leave --match out)",
    "play.opponent_level": "--level is the engine's strength and --opponent plays in the "
    "engine's place: give one of them",
    "game.from_seat": "a game goes on from a position with every hand shown, not a seat's view (?)",
    "seal.not_string": "the game's sealed cards must be a string",
    "seal.changed": "the game's sealed cards do not open on this server (it was restarted, or "
    "the record was changed): deal again, or load a downloaded record",
    "seal.forgotten": "the board no longer remembers this deal (it keeps the latest ones): "
    "deal again, or load a downloaded record",
    "seal.moves": "the game's moves are not the ones played on this board (a card is added by "
    "playing it, not by changing the record): deal again, or load a downloaded record",
    "board.dealt_field": "a dealt game's record has no '{field}' (a game continued from a "
    "position has start and talon)",
    "board.started_field": "a game continued from a position has no '{field}' (its start and "
    "talon take the place of dealer and deck)",
    "board.result_differs": "the record states {stated} (winner {stated_winner}) but its moves "
    "give {got} (winner {got_winner})",
    "board.not_your_turn": "it is player {turn}'s turn, not yours (player {seat}): the engine "
    "plays player {turn}'s cards",
    "board.your_turn": "it is your turn (player {seat}): the engine plays only the other seat's "
    "cards",
    "board.other_seat": "this deal is played from player {seat}'s seat: the other hand stays "
    "hidden (deal again to play another seat)",
    "lang.unknown": "unknown language '{lang}' (en or it)",
    "request.missing": "missing field '{field}'",
    "request.time_limit": "time_limit must be above 0 and at most {most} seconds",
    "request.seat": "seat must be a player from 1 to 4 (0: the player to move)",
    "request.frame": "unknown frame '{frame}' ({frames})",
    "request.level": "unknown level '{level}' (one of {levels})",
    "request.ply": "ply must be from 0 to {most}",
    "request.move": "move must be from 1 to {most}",
    "request.too_large": "the request body is over {kb} KB",
    "request.slow": "the request body did not arrive within {seconds} s",
    "guard.host": "refused: this server answers only requests addressed to it by its own name "
    "or address (Host {host} is not)",
    "guard.origin": "refused: a request from another site (Origin is not this server's page)",
    "guard.content_type": "refused: a request that changes something must be Content-Type: "
    "application/json",
    "guard.length": "refused: Content-Length is not a number",
    "request.deep": "the request body is nested too deeply (over {most} levels)",
    "request.not_json": "the request body is not JSON",
    "request.not_object": "the request body must be a JSON object",
    "request.out_of_range": "the request body holds a number out of range",
    "request.str": "field '{field}' must be a string",
    "request.int": "field '{field}' must be an integer",
    "request.field": "field '{field}': {error}",
    "request.float": "field '{field}' must be a number",
    "request.list": "field '{field}' must be a list",
    "request.dict": "field '{field}' must be an object",
    "request.bool": "field '{field}' must be true or false",
    "request.client": "field 'client' must have 1 to {most} printable characters",
    "request.cards": "field '{field}' must hold card names",
    "request.card_labels": "field '{field}' must hold card names with text labels",
    "request.not_found": "no such page or API route",
    "request.method": "{method} is not allowed here",
    "internal": "internal error, please report: {error}",
    "job.replaced": "cancelled: stopped or replaced by a newer request",
    "job.gone": "cancelled: the client went away",
    "job.over_time": "cancelled: stopped at the server's limit of {most} s a request",
    "job.busy": "the server is busy: {live} searches are running or waiting; stop one or try "
    "again when they end",
    "job.busy_one": "the server is busy: 1 search is running or waiting; stop it or try again "
    "when it ends",
    "bot.command": "exec: takes a command, e.g. exec:python3 mybot.py (or exec:SECONDS:COMMAND)",
    "bot.quote": "bad command in '{name}': a quote or a backslash is not closed",
    "bot.time": "bad time in '{name}': exec:SECONDS:COMMAND takes seconds in digits and a "
    "point, above 0 and at most {most} (exec:0.5:./mybot)",
    "bot.posix": "exec: bots run on a POSIX system (Linux, macOS)",
    "bot.cluster": "bot '{bot}' is a process of this machine: it cannot play on a cluster "
    "(leave out --cluster)",
    "bot.not_found": "bot '{bot}': no program '{program}' found (give its path, or a program "
    "on PATH)",
    "bot.folder": "bot '{bot}': '{program}' is a folder, not a program",
    "bot.not_runnable": "bot '{bot}': '{program}' cannot be run (make it executable, or name "
    "its interpreter: exec:python3 {program})",
    "bot.start": "bot '{bot}': cannot start '{program}': {why}",
    "bot.exited": "bot '{bot}' exited with code {code} during the match (its stderr may say why)",
    "bot.signal": "bot '{bot}' was ended by signal {signal} during the match",
    "bot.closed": "bot '{bot}' closed its output (stdout) during the match",
    "bot.closed_input": "bot '{bot}' closed its input (stdin) during the match",
    "bot.exited_in_game": "bot '{bot}' exited with code {code} during the game (its stderr "
    "may say why)",
    "bot.signal_in_game": "bot '{bot}' was ended by signal {signal} during the game",
    "bot.closed_in_game": "bot '{bot}' closed its output (stdout) during the game",
    "bot.closed_input_in_game": "bot '{bot}' closed its input (stdin) during the game",
    "bot.not_reading": "bot '{bot}' stopped reading its input: stopped it",
    "bot.timeout": "bot '{bot}' gave no answer within {seconds} s: stopped it (a move may "
    "take its time and BRISCOLA_BOT_GRACE_MS more)",
    "bot.timeout_first": "bot '{bot}' gave no answer to its first move within {seconds} s: "
    "stopped it (an answer left in its output's buffer never arrives: flush each, "
    "print(card, flush=True) in Python, fflush(stdout) in C)",
    "bot.timeout_unended": "bot '{bot}' gave no answer within {seconds} s: stopped it (it wrote "
    "'{text}' but never ended the line: write a newline after each answer, and flush)",
    "bot.long_line": "bot '{bot}' wrote a line of over {most} bytes (the answer to a move is "
    "one card such as AS)",
    "bot.empty": "bot '{bot}' answered an empty line (the answer to a move is one card such as AS)",
    "bot.garbage": "bot '{bot}' answered '{text}', which is not a card (the answer to a move "
    "is one card such as AS; debug output goes to stderr, or on lines that begin with info)",
    "bot.illegal": "bot '{bot}' played {card}, which is not a legal card here (legal: {legal})",
    "bot.unasked": "bot '{bot}' wrote '{text}' unasked (it writes one line per move and "
    "nothing else on stdout but info lines; debug output goes to stderr, or on lines "
    "that begin with info)",
    "bot.info_flood": "bot '{bot}' wrote over {most} info lines for one move (info lines are "
    "for a few debugging words a move; more goes to stderr)",
    "board.moves": "moves must be a list of cards",
    "board.match": "the board studies one deal: this record holds a match",
    "board.sealed_elsewhere": "a record with sealed cards opens only on the board that dealt it",
    "board.sealed_twice": "a record with sealed cards has no {fields} of its own",
    "board.review_hidden": "the other hand stays hidden until the deal is over: review the deal "
    "then",
    "review.unsupported": "review supports records of scoperta, scoperta4, classic, briscolone "
    "and libero",
    "review.no_score": "objective win needs the score: this game starts from a position without "
    "score=",
    "objective.unknown": "unknown objective '{objective}' (points or win)",
    "puzzle.none": "no puzzle '{id}' in the {variant} set",
    "puzzle.not_legal": "{card} is not a card player {player} may play",
    "puzzle.not_value": "'{answer}' is not a value (such as 7 or -3/2)",
    "puzzle.field": "{field}: {error}",
    "puzzle.field_at": "{where}: {field}: {error}",
    "puzzle.at": "{where}: {error}",
    "puzzle.not_object": "a puzzle is a JSON object",
    "puzzle.unknown_field": "unknown field '{field}' (fields: {fields})",
    "puzzle.missing": "missing field '{field}'",
    "puzzle.id": "id must be a non-empty string",
    "puzzle.position_text": "position must be a string in the position notation",
    "puzzle.question": "question must be 'best' or 'value', got {got}",
    "puzzle.objective": "objective must be 'points' or 'win', got {got}",
    "puzzle.win_score": "objective 'win' needs score= in the position",
    "puzzle.over": "the deal is over: nothing to solve",
    "puzzle.difficulty": "difficulty must be easy, medium or hard, got {got}",
    "puzzle.best_answer": "answer of a 'best' puzzle is a non-empty list of cards, e.g. [\"AD\"]",
    "puzzle.not_in_hand": "answer {card} is not in the hand of player {player}",
    "puzzle.answer_twice": "answer lists a card twice",
    "puzzle.no_choice": "answer lists every card player {player} may play: a 'best' puzzle "
    'has a card to find (ask its value instead: "question": "value")',
    "puzzle.value_answer": "answer of a 'value' puzzle is an exact value string, e.g. \"7\" "
    'or "-3/2"',
    "puzzle.string": "{field} must be a string",
    "puzzle.features": "features must be an object",
    "puzzle.id_text": "id must be printable text with no space around it (no tab, newline or "
    "other control or invisible character), got {got}",
    "puzzle.id_prefix": "id prefix must be printable text not starting with a space (no tab, "
    "newline or other control or invisible character), got {got}",
    "puzzle.id_twice": "{where}: id '{id}' already used on line {line}",
    "puzzle.empty_file": "{name} holds no puzzles",
    "puzzle.empty_input": "the input holds no puzzles",
    "puzzle.no_difficulty": "{name} holds no puzzles of difficulty {difficulty} (it holds {held})",
    "puzzle.no_bundled": "no bundled puzzles for variant '{variant}' (bundled: {bundled})",
    "puzzle.generate_variant": "puzzles are generated for scoperta, scoperta4, briscolone or "
    "libero, not '{variant}'",
    "puzzle.generate_talon_game": "{variant} puzzles are endgames: --talon must be 0, got {talon}",
    "puzzle.generate_talon": "--talon must be 0 or 2 (the endgame or the last draw), got {talon}",
    "puzzle.generate_talon4": "scoperta4 puzzles: --talon must be 0 or 4 (the last three tricks "
    "or the last draw), got {talon}",
    "puzzle.generate_objective": "objective must be points or win, got {got}",
    "puzzle.value": "'{text}' is not an exact value (write 7, -3/2 or 0.5)",
    "puzzle.percent_points": "'{text}' is a percentage: this value is in points (write 7, "
    "-3/2 or 0.5)",
    "puzzle.comment_line": "{where}: a '{mark}' comment line is not allowed: a puzzle file "
    'holds one JSON object per line (a note goes in a puzzle\'s "comment" field)',
    "puzzle.from_unknown": "--from {id}: no puzzle has this id in {name}",
    "puzzle.play_stdin": "puzzles play reads the answers typed at its prompt from standard "
    "input, so its puzzles cannot come from there: give the puzzle file's path instead of -",
    "puzzle.hidden": "a puzzle shows every card: a hidden hand (?) has no single answer",
    "puzzle.variant": "puzzles handle scoperta, scoperta4, briscolone and libero positions, not "
    "variant '{variant}'",
    "puzzle.talon": "{variant} puzzles are endgames: the talon must be empty, it holds {size} "
    "cards",
    "puzzle.talon4": "scoperta4 puzzles are the last draw or the last three tricks (where the "
    "exact search is quick): the talon must hold 4 cards or none, it holds {size}",
    "or.two": "{a} or {b}",
    "or.three": "{a} or {b} or {c}",
    "number.huge": "a huge number",
    "draw.not_from_talon": "the draws ({draws}) are not a draw from this talon: give the {n} "
    "cards drawn, winner first",
    "draw.not_from_talon_top": "the draws ({draws}) are not a draw from this talon: give the {n} "
    "cards drawn, winner first, then the new top card",
    "draw.top_first": "the draws ({draws}) must start with the top card {card}, which the "
    "trick's winner draws",
    "draw.trump_last": "the draws ({draws}) must end with the trump card {card}, drawn last",
    "cluster.no_dask": "--cluster needs Dask: pip install -e '.[cluster]'",
    "cluster.no_port": "cannot reach the Dask scheduler at {address}: no such port",
    "cluster.timed_out": "cannot reach the Dask scheduler at {address}: timed out",
    "cluster.no_answer": "no Dask scheduler answers at {address}: something listens there, "
    "but it did not answer as a scheduler does",
    "cluster.unreachable": "cannot reach the Dask scheduler at {address}: {why}",
    "cluster.workers": "--workers must be at least 1, got {workers}",
    "cluster.empty_address": "--cluster was given an empty address: give the scheduler's "
    "host:port, or --cluster alone for a local cluster",
    "cluster.start": "cannot start the cluster: {why}",
    "cluster.workers_fail": "the workers cannot run the solver ({why}); install this checkout "
    "with its cluster extra on each",
    "cluster.killed": "a task stopped its worker again and again, given up: {why}",
    "log.cannot_read": "cannot read the log {path}: {why}",
    "log.not_log": "{error}: not a task log",
    "log.not_row": "{error}: not a task log row",
    "log.not_object": "{where}: not a task log row (a row is a JSON object)",
    "log.no_index": '{where}: not a task log row (it has no "index"): is {path} another file? '
    "A log holds only the rows a --log run wrote",
    "log.index": '{where}: "index" must be a task number from {first}, got {got}',
    "log.at": "{where}: {error}",
    "log.other_run": "{path} is the log of another run: its {others} rows are of another "
    "position, other options or another seed. Resume it with the command that wrote it, or "
    "give another --log file",
    "log.other_run_one": "{path} is the log of another run: its only row is of another position, "
    "other options or another seed. Resume it with the command that wrote it, or give another "
    "--log file",
    "log.set_aside": "{path}:{n}: the last row was cut short, and it cannot be set aside in "
    "{aside}: {why}",
    "log.seed": '{where}: "seed" must be a whole number from 0 to {most}, as --seed takes it, '
    "got {got}",
    "log.no_margins": 'the row has no "margins"',
    "log.no_output": 'the row has no "output"',
    "log.input": '"input" must be the input line\'s text',
    "log.output_kind": '"output" must be a JSON object, got {got}',
    "log.output_error": '"output" "error" must be a string',
    "log.output": '"output" must be an analysis (position, best, moves with card and value) or '
    "an error",
    "log.leaf": '"leaf" must be the text of the position solved',
    "log.margins_kind": '"margins" must be two integers (A\'s point margin in each game of the '
    "deal), got {got}",
    "log.margins_list": '"margins" must be two integers (A\'s point margin in each game of the '
    "deal), got a list of {count}",
    "log.margins_range": '"margins" must be even numbers from -{most} to {most} (the deal\'s '
    "{most} points are shared), got {a}, {b}",
    "split.not_scoperta": "one position on a cluster is a 2-player scoperta position (its exact "
    "search is what is split)",
    "split.over": "the deal is over: there is nothing to search",
    "split.depth": "depth is one of {depths}, got {got}",
    "split.beyond": "this position is beyond the exact search's reach, even split",
    "split.leaf": 'a leaf is {{"value": a fraction, "pv": cards, "nodes": a count}}',
    "split.leaf_range": "a leaf's value must lie between -{most} and {most} (a deal's points), "
    "got {value}",
    "split.leaf_bound": "a leaf's value must lie between {least} and {most} (what its position "
    "has still to win), got {value}",
    "split.leaf_pv": 'a leaf\'s "pv" must be cards its position may play one after the other, '
    "up to a draw: card {n}, {card}, is not",
    "split.not_exact": "the leaf {position} was not solved exactly",
    "split.worker": "the value a worker gave for the leaf {position}: {error}",
    "split.missing": "{missing} of the {leaves} leaves have no value yet",
    "split.missing_one_missing": "1 of the {leaves} leaves has no value yet",
    "split.missing_one": "the only leaf has no value yet",
    "engine.samples": "the engine needs at least 1 sample a move, got {samples}",
    "engine.seconds": "the engine needs a positive time per move, got {seconds}",
    "engine.pimc_time": "'{agent}': the baseline engine-pimc takes a time only "
    "(engine-pimc:SECONDS): its depth is chosen by the clock",
    "engine.budget": "bad engine budget in '{agent}': use engine@SAMPLES, e.g. engine@50",
    "engine.budget_range": "bad engine budget in '{agent}': from 1 to {most} samples a move",
    "engine.time": "bad engine time in '{agent}': use engine:SECONDS, e.g. engine:0.5",
    "engine.time_range": "bad engine time in '{agent}': seconds above 0 and at most {most}",
    "agent.unknown": "unknown agent '{name}' (choose from {names}, engine:SECONDS, engine@SAMPLES, "
    "exec:COMMAND)",
    "agent.count2": "give 1 or 2 agents for 2 players, got {got}",
    "agent.count": "give 1, 2 or {players} agents for {players} players, got {got}",
    "match.max_deals": "the match did not end within {most} deals",
    "match.no_result": "a match still under way has no result to count",
    "pimc.none_solved": "no sampled hand could be solved within the time limit (give a larger "
    "--time-limit)",
    "argument.seat_view": "seat_view: a game's state needs the seat whose view it is",
    "argument.explain_pos": "explain_position: pos must be a Position or a SeatPosition "
    "(solver.parse reads a position's text), got {got}",
    "argument.explanation": "explanation_text: ex must be an Explanation "
    "(solver.explain_position gives one), got {got}",
    "argument.render": "render: pos must be a Position or a SeatPosition (solver.parse reads a "
    "position's text, a game's view() gives one), got {got}",
    "argument.parse": "parse: text must be a str (a position's notation), got {got}",
    "argument.talon": "talon must be an even number 0..34, got {talon}",
    "method.unknown": "unknown method '{text}'",
    "method.estimate": "unknown estimate method '{method}' ({methods})",
    "search.out_of_reach": "an exact search of this position is out of reach: {unseen} cards "
    "unseen (at most {most}); analyse estimates it",
    "method.expectimax": "sampled expectimax needs hidden talon cards",
    "analysis.interval": "an estimate says what its ± covers (interval)",
    "analysis.json": "not an analysis's JSON ({kind}: {error})",
    "analysis.not_legal": "{card} is not a legal card here (legal: {legal})",
    "budget.one": "a budget is one value: give {names}, not both",
    "budget.limit_one": "a budget is one value: give limit= or seconds= (time=), samples=, "
    "nodes=, estimate_limit= (estimate_time=), not both",
    "budget.seconds": "{name} is a finite positive number, got {got}",
    "budget.whole": "{name} is a whole number of at least 1, got {got}",
    "budget.estimate_time": "estimate_time is a positive number, got {got}",
    "budget.limit": "limit is a Limit, got {got}",
    "budget.limit_twice": "a budget is one value: give the Limit second or as limit=, not both",
    "explain.limit_time": "an explanation's budget is a time, Limit(time=...), got {got}",
    "show.no_stdin": "no position on standard input",
    "show.lines": "show reads one position, got {count} lines on standard input",
    "show.with_analysis": "--with-analysis draws on a picture: give --svg FILE",
    "show.bottom": "--bottom draws on a picture: give --svg FILE",
    "picture.bottom": "no player {n} to draw at the bottom: the position has players 1 to {most}",
    "analyse.json_line": 'a JSON line needs a "position" field holding the position text',
    "analyse.bad_line": "line {n}: {error}",
    "analyse.failed_lines": "{bad} of {total} input lines were not analysed (their JSON objects "
    "carry the error)",
    "analyse.failed_lines_one_bad": "1 of {total} input lines was not analysed (its JSON object "
    "carries the error)",
    "analyse.failed_lines_one": "the only input line was not analysed (its JSON object carries "
    "the error)",
    "serve.no_web": "the board needs the web extra ({module} is missing): pip install -e '.[web]'",
    "serve.cannot_listen": "cannot listen on {host}:{port}: {why}",
    "games.dealer": "--dealer must be a player number from 1 to {players}",
    "games.games": "--games must be at least 1, got {games}",
    "games.target": "--target must be at least 1, got {target}",
    "usage": "{message}",
    "log.seed_found": "{path} holds this match with seed {seed}: going on with it",
    "log.resumed": "{path} already holds {held} of the {total} {what}: running the other {left}",
    "log.resumed_all": "{path} already holds {held} of the {total} {what}: nothing left to run",
    "log.what.tasks": "tasks",
    "log.what.tasks_one": "task",
    "log.what.deals": "deals",
    "log.what.deals_one": "deal",
    "log.what.input_lines": "input lines",
    "log.what.input_lines_one": "input line",
    "log.what.positions": "positions",
    "log.what.positions_one": "position",
    "tasks.running_s": "tasks: {done}/{total} done, running for {took:.0f} s",
    "tasks.running_min": "tasks: {done}/{total} done, running for {took:.0f} min",
    "tasks.rate": "tasks: {done}/{total} done, {rate:.2f}/s",
    "tasks.rate_left": "tasks: {done}/{total} done, {rate:.2f}/s, about {left:.0f} s left",
    "split.tasks": "split {where}: {n} positions in {tasks} tasks",
    "split.tasks_one_tasks": "split {where}: {n} positions in 1 task",
    "split.tasks_one": "split {where}: 1 position in 1 task",
    "split.all_read": "split {where}: all {n} positions read from {path}, nothing left to run",
    "split.all_read_one": "split {where}: the only position read from {path}, nothing left to run",
    "split.settled": "split: every line ends the deal within the first trick, valued here: no "
    "task to run",
    "split.stopped": "stopped: {path} holds {held} of the {total} positions; the same command "
    "goes on from there",
    "split.stopped_one": "stopped: {path} does not hold the only position yet; the same command "
    "goes on from there",
    # analyse's own refusals of its options (cli/cmd_analyse.py), said as click's are
    "usage.analyse.two_budgets": "--samples and --time-limit are two budgets: give one",
    "usage.analyse.split_input": "--cluster and --log go with a POSITION (its exact search "
    "split into tasks) or - (a batch on stdin)",
    "usage.analyse.split_budget": "one POSITION on a cluster is solved exactly, to the end: "
    "--samples and --time-limit do not apply",
    "usage.analyse.both": "give a POSITION or --record, not both",
    "usage.analyse.record_needs": "--record needs --move N and --seat S",
    "usage.analyse.without_record": "--move, --seat and --game go with --record FILE",
    "usage.analyse.missing": "missing POSITION (or --record FILE --move N --seat S)",
    # what a range of a count option is (the Whole type of cli/options.py), said after its bounds
    "range.moves": "a deal has 40 moves",
    "range.player": "a player number",
    "range.workers": "worker processes",
    "range.port": "a TCP port; 0 picks a free one",
    # click's own refusals of a command line, in its words (cli/usage.py reads a message by
    # them, to say it in the language the command line asks for)
    "usage.no_option": "No such option '{option}'.",
    "usage.no_option_meant": "No such option '{option}'. Did you mean '{meant}'?",
    "usage.no_option_meant_many": "No such option '{option}'. (Possible options: {meant})",
    "usage.no_command": "No such command '{name}'.",
    "usage.no_command_meant": "No such command '{name}'. Did you mean 'briscola {meant}'?",
    "usage.not_a_command": "'{name}' is not a command: to analyse a position, briscola analyse "
    '"{text}"',
    "usage.missing_command": "Missing command.",
    "usage.missing_argument": "Missing argument '{name}'.",
    "usage.missing_option": "Missing option '{name}'.",
    "usage.bad_value": "Invalid value for {option}: {why}",
    "usage.not_choice": "{value} is not {choice}.",
    "usage.not_choices": "{value} is not one of {choices}.",
    "usage.not_integer": "{value} is not a valid integer.",
    "usage.not_float": "{value} is not a valid float.",
    "usage.range": "{value} is not in the range {range}.",
    "usage.no_file": "File {path} does not exist.",
    "usage.is_dir": "File {path} is a directory.",
    "usage.not_readable": "File {path} is not readable.",
    "usage.needs_value": "Option '{option}' requires an argument.",
    "usage.needs_values": "Option '{option}' requires {n} arguments.",
    "usage.takes_no_value": "Option '{option}' does not take a value.",
    "usage.extra_argument": "Got unexpected extra argument ({args})",
    "usage.extra_arguments": "Got unexpected extra arguments ({args})",
    "usage.see_help": "see '{command} --help'",
    "usage.quote_position": "a position is one argument, in quotes: {command}",
    "usage.interrupted": "interrupted",
    "option.not_seconds": "{value} is not a number of seconds",
    "option.not_positive_seconds": "{value} is not a finite positive number of seconds",
    "option.too_short": "{value} is below the shortest time limit, 0.001 s",
    "option.not_whole": "{value} is not a whole number",
    "option.range": "{value} is out of range ({lo} to {hi})",
    "option.range_what": "{value} is out of range ({lo} to {hi}, {what})",
    # notes: lines said beside the work on stderr, keyed as the errors are (errors.Note)
    "note.capped": "{option} {value} capped to {most} s (a day: no search gains from more)",
    "note.kept_in": "the output was kept in {path}",
    "note.on_stdout": "the output follows on standard output",
    "note.torn_line": "{name}:{n}: the last line was cut short (a crash while writing it?): "
    "read without it",
    "note.torn_row": "{path}:{n}: the last row was cut short (a crash while writing it); it is "
    "kept in {aside} and its task runs again",
    "note.compiling": "compiling {what} once for this machine (about {secs} s of CPU, longer on a "
    "busy machine); later runs read it from the cache ('briscola warm-up' compiles every kernel "
    "at once)",
    # an analysis's notes (Analysis.notes: solver/analysis, players/pimc, split_search, the
    # CLI's split), their English the JSON's "notes"; a part is a note filling a field of
    # NOTE_FIELDS, which Note.read reads back from the English
    "note.interrupted.samples": "interrupted: estimate from the samples taken so far",
    "note.interrupted.deepest": "interrupted: the deepest search finished so far",
    "note.interrupted.ctrl_c": "interrupted: exact search stopped by Ctrl-C",
    "note.interrupted.exact": "interrupted: exact search stopped",
    "note.none_in_time.hand": "no sample finished in time: one hand, one trick deep",
    "note.none_in_time.order": "no sample finished in time: one talon order, one trick deep",
    "note.none_in_time.lookahead": "no sample finished in time: one-trick lookahead on one "
    "talon order",
    "note.samples": "{n} samples",
    "note.samples_one": "1 sample",
    "note.samples_corrected": "{n} samples, {k} first draws corrected",
    "note.samples_corrected_one_n": "1 sample, {k} first draws corrected",
    "note.samples_corrected_one_k": "{n} samples, 1 first draw corrected",
    "note.samples_corrected_one": "1 sample, 1 first draw corrected",
    "note.enumerated": "all {n} first draws enumerated: the values are exact",
    "note.enumerated_one": "the only first draw enumerated: the values are exact",
    "note.searched.end": "searched to the end",
    "note.searched.depth": "searched {depth} of {tricks} tricks",
    "note.searched.depth_one": "searched 1 of {tricks} tricks",
    "note.exact.time": "the exact search did not finish in the time left",
    "note.exact.solved": "the exact search solved {cards} before it stopped: their values are "
    "exact (± 0), the other cards' estimated",
    "note.exact.solved_one": "the exact search solved {cards} before it stopped: its value is "
    "exact (± 0), the other cards' estimated",
    "note.exact.shifted": "the estimated cards moved {points:+.2f} points: {share} % of the "
    "estimate's error on the solved cards ({offset:+.2f}), which a position's cards largely "
    "share",
    "note.exact.nodes": "the exact search did not finish within {nodes:,} nodes",
    "note.exact.nodes_one": "the exact search did not finish within 1 node",
    "note.exact.node_budget": "a node budget is for exact searches: this estimate took its "
    "default time",
    "note.hands.elimination": "the opponent's hand is known by elimination",
    "note.hands.all": "all {n} consistent opponent hands solved exactly, weighted equally: no "
    "sampling error",
    "note.hands.all_one": "the only consistent opponent hand solved exactly: no sampling error",
    "note.hands.all_deals": "all {n} consistent opponent hands solved exactly, each weighted by "
    "the deals that lead to it (a suit not followed makes a hand less likely): no sampling error",
    "note.hands.consistent": "{n} opponent hands are consistent",
    "note.hands.consistent_one": "1 opponent hand is consistent",
    "note.hands.weighted": "hands weighted by the opponent's visible choices (effective sample "
    "size {size:.0f})",
    "note.hands.sampled": "{n} sampled opponent hands, {how}",
    "note.hands.sampled_one": "1 sampled opponent hand, {how}",
    "note.part.how.exact": "each solved exactly over the talon draws",
    "note.part.how.clairvoyant": "each solved with one sampled talon order (clairvoyant)",
    "note.part.how.clairvoyant_depth": "each solved {depth} tricks deep with one sampled talon "
    "order (clairvoyant)",
    "note.part.how.clairvoyant_depth_one": "each solved 1 trick deep with one sampled talon order "
    "(clairvoyant)",
    "note.part.how.searched": "each searched {depth} tricks deep with one sampled talon order: an "
    "approximation; {beyond}; {covers}",
    "note.part.how.searched_one": "each searched 1 trick deep with one sampled talon order: an "
    "approximation; {beyond}; {covers}",
    "note.orders.searched": "{n} sampled talon orders, each searched {depth} tricks deep: an "
    "approximation; {beyond}; {covers}",
    "note.orders.searched_one_n": "1 sampled talon order, searched {depth} tricks deep: an "
    "approximation; {beyond}; {covers}",
    "note.orders.searched_one_depth": "{n} sampled talon orders, each searched 1 trick deep: an "
    "approximation; {beyond}; {covers}",
    "note.orders.searched_one": "1 sampled talon order, searched 1 trick deep: an approximation; "
    "{beyond}; {covers}",
    "note.orders.solved": "{n} sampled talon orders, each solved to the end knowing the order "
    "(clairvoyant); {covers}",
    "note.orders.solved_one": "1 sampled talon order, solved to the end knowing the order "
    "(clairvoyant); {covers}",
    "note.part.beyond.fitted": "the points still in play after those tricks are divided as a "
    "formula fitted to solved deals predicts them from the two hands",
    "note.part.beyond.even": "the points still in play after those tricks count as shared evenly",
    "note.part.beyond.fitted_one": "the points still in play after that trick are divided as a "
    "formula fitted to solved deals predicts them from the two hands",
    "note.part.beyond.even_one": "the points still in play after that trick count as shared evenly",
    "note.beyond.leaf": "the points still in play after {depth} tricks are divided as a formula "
    "fitted to solved deals predicts them from the two hands (once the talon is drawn, the last "
    "tricks are searched)",
    "note.beyond.leaf_one": "the points still in play after 1 trick are divided as a formula "
    "fitted to solved deals predicts them from the two hands (once the talon is drawn, the last "
    "tricks are searched)",
    "note.part.covers.unmeasured": "the method's error is not measured for this game at this stage",
    "note.part.covers.measured": "the method's measured error: ±{value:.2g} {unit} on a card's "
    "value at this stage",
    "note.part.covers.carried": "the method's error ({carried}): ±{value:.2g} {unit} on a card's "
    "value",
    "note.part.covers.gap": "{covers}, ±{gap:.2g} on the gap between two cards",
    "note.part.carried.talon": "measured at talon {talon} and grown in proportion to the talon",
    "note.part.carried.depth": "measured here against searches 8 tricks deep, scaled by what full "
    "solves added at another stage",
    "note.part.carried.solved": "measured against full solves at {lo} to {hi} cards alive and "
    "carried to the rest of the stage",
    "note.part.carried.seen": "the seen talon's part measured at 13 to 16 cards alive, where "
    "samples are solved to the end",
    "note.extrapolated": "the method's error, measured up to talon {talon} and grown in proportion "
    "to the talon: ±{value:.2g} {unit} on a card's value, ±{gap:.2g} on the gap between two "
    "cards",
    "note.part.multilevel": "{n:d} of them (one in {every:d}) also solved exactly over the talon "
    "draws and the mean difference added to every value",
    "note.part.corrected": "each value corrected by {bias:+.2g} {unit}, the method's measured bias",
    "note.part.unit.points": "points",
    "note.part.unit.win": "of the chance of winning",
    "note.part.unit.percent": "percentage points",
    "note.part.and": "{first} and {second}",
    "note.part.then": "{first}; {then}",
    "note.split": "exact search split into {n} positions {where}, combined exactly",
    "note.split_one": "exact search split into 1 position {where}, combined exactly",
    "note.split_settled": "exact search: every line ends the deal within the first trick, "
    "valued without a task",
    "note.part.at_cards": "after the root's cards",
    "note.part.at_draws": "after the first trick's draw",
    "note.part.at_trick": "after the first trick",
    "note.tasks": "{tasks} tasks run {where}",
    "note.tasks_one": "1 task run {where}",
    "note.tasks_read": "{tasks} tasks run {where}, {n} positions read from {path}",
    "note.tasks_read_one_tasks": "1 task run {where}, {n} positions read from {path}",
    "note.tasks_read_one_n": "{tasks} tasks run {where}, 1 position read from {path}",
    "note.tasks_read_one": "1 task run {where}, 1 position read from {path}",
    "note.all_read": "all {n} positions read from {path}, no task run",
    "note.all_read_one": "the only position read from {path}, no task run",
    "note.part.where.here": "here",
    "note.part.where.local": "on a local cluster of {workers} workers",
    "note.part.where.local_one": "on a local cluster of 1 worker",
    "note.part.where.cluster": "on the cluster at {address}",
    "kernel.solver.search.scoperta": "the scoperta search kernel",
    "kernel.solver.search.general": "the general search kernel (every game but 2-player scoperta)",
    "kernel.solver.search.depth": "the estimator's kernel",
    "show.best.exact": "exact: best {cards}",
    "show.best.estimate": "estimate: best {cards}",
    "show.best.interrupted": "estimate, interrupted: best {cards}",
    "show.wrote": "wrote {path}",
    "log.cannot_write": "cannot write to the log {path}: {why}",
    "log.goes_on": "error: {error}; the run goes on without it (a rerun goes on from the rows "
    "written)",
    "log.failed": "error: {error}: the result above is whole; the log holds the rows written "
    "before",
    "output.empty": "{option} needs a file name, got an empty path",
    "output.is_dir": "{option} {path} is a directory",
    "output.cannot": "{option} {path}: {why}",
    "output.no_dir": "{option} {path}: the directory {folder} does not exist",
    "output.dir_not_writable": "{option} {path}: the directory {folder} is not writable",
    "output.not_file": "{option} {path} is not a regular file (a device or a pipe): a log is "
    "read back and appended to",
    "output.not_writable": "{option} {path} is not writable",
    "output.stdout": "cannot write the standard output: {why}",
    "explain.hidden": "explain needs every hand in view, and from player {seat}'s seat player "
    "{other}'s hand (?) is not known while the talon holds cards ({talon} "
    "left; once it is empty the hand is known by elimination): 'briscola "
    "analyse' analyses the position from the seat",
}


class Count(int):
    """A field that is a count (``n=Count(len(rows))``): a message says it in the template
    that agrees with it (``_agreeing``), and keeps it as the plain int it is."""

    __slots__ = ()


def _agreeing(key: str, fields: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """``key`` and ``fields`` as a message is made of them: the template of ``key`` that
    agrees with the fields that are Counts, each kept as a plain int. A template is written
    for counts of several, and beside it one for a count of 1, its key ending "_one"
    ("talon.even_one"); of a template with two counts, "_one_" and the name of the count
    that is 1 ("note.tasks_read_one_n"), "_one" alone where both are. A Count that ``key``'s
    template does not say only chose its words ("task", "tasks"): it is not a field, as a
    note read back from its English has none."""
    counts = {name: n for name, n in fields.items() if isinstance(n, Count)}
    if not counts:
        return key, fields
    said = {name for _, name, _ in _pieces(key)}
    kept = {
        name: int(n) if name in counts else n
        for name, n in fields.items()
        if name in said or name not in counts
    }
    ones = [name for name, n in counts.items() if n == 1]
    if not ones:
        return key, kept
    if len(ones) == len(counts):
        return key + "_one", kept
    return key + "".join("_one_" + name for name in ones), kept


class BriscolaError(ValueError):
    """What the user got wrong; the message is one line fit to show them. ``key`` names its
    template in solver.i18n.ERRORS and ``fields`` fill it (None: the message has no
    translation and is shown as it is)."""

    def __init__(
        self, message: str = "", *, key: str | None = None, fields: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.key = key
        self.fields: dict[str, Any] = dict(fields or {})

    @classmethod
    def of(cls: type[E], key: str, **fields: Any) -> E:
        """The error of template ``key`` filled with ``fields`` (a field may itself be a
        BriscolaError: the error it wraps, said in the same language; a Count chooses the
        template that agrees with it, ``_agreeing``)."""
        key, fields = _agreeing(key, fields)
        fields = {k: shown_text(v) if isinstance(v, str) else v for k, v in fields.items()}
        return cls(ENGLISH[key].format(**fields), key=key, fields=fields)

    @classmethod
    def worded(cls: type[E], key: str, words: str) -> E:
        """The error of template ``key`` (one with no fields) worded in English as ``words``,
        the system's own (an OSError's reason: each system words it its way), its key kept
        for the user's language."""
        return cls(words, key=key)

    @classmethod
    def like(cls: type[E], e: BriscolaError) -> E:
        """``e`` as this class (a parser's CardError told as a PositionError), its key kept."""
        return cls(str(e), key=e.key, fields=e.fields)


class Note(str):
    """A line said beside the work, not an error (a file read without its torn last line, an
    output kept elsewhere, an analysis's note on how it was made): keyed as the errors are, so
    that a command says it in the user's language (solver.i18n.error_text); a str, its
    English, wherever it is only printed or written (an Analysis's JSON "notes"). A field may
    be a Note itself, a part said in the same language."""

    key: str
    fields: dict[str, Any]

    @classmethod
    def of(cls, key: str, **fields: Any) -> Note:
        """The note of template ``key`` filled with ``fields`` (a Count chooses the template
        that agrees with it, ``_agreeing``)."""
        key, fields = _agreeing(key, fields)
        note = cls(ENGLISH[key].format(**fields))
        note.key, note.fields = key, fields
        return note

    def in_percent(self) -> Note:
        """This note as a text says it: a chance of winning's error, gap and bias in
        percentage points, as every text says a chance in percent (``_in_percent``); its
        English, the JSON's, keeps the probability it has always had."""
        return _in_percent(self)

    @classmethod
    def read(cls, text: Any) -> Any:
        """``text`` keyed again: an analysis's note read back as plain English (a JSON's
        "notes", Analysis.from_json) made the Note of the template it fills, parts and
        numbers too, so that it is said in the user's language; a Note, or text that fills
        no ``note.`` template, as it is."""
        if not isinstance(text, str) or isinstance(text, Note):
            return text
        return _read(text) or text

    @classmethod
    def kept(cls, text: str, e: BriscolaError) -> str:
        """``text``, the English of ``e`` as a JSON answer carries it (clipped), keeping
        ``e``'s key and fields, so that a command can say it in the user's language later
        (a batch's line, read back from its JSON object); plain text for an unkeyed ``e``."""
        if e.key is None:
            return text
        note = cls(text)
        note.key, note.fields = e.key, e.fields
        return note

    @staticmethod
    def keys_of(text: object) -> dict | None:
        """The key and fields of a keyed error or note as JSON (None for plain text): what a
        file that keeps the English of an error (a task log's row) writes beside it, so that
        a run that reads it back says it in the user's language (``Note.revived``)."""
        key = getattr(text, "key", None)
        if key is None:
            return None
        fields = getattr(text, "fields", {})
        return {"key": key, "fields": {k: _field_json(v) for k, v in fields.items()}}

    @classmethod
    def revived(cls, text: str, keys: object) -> str:
        """``text`` keyed again by ``keys`` (``keys_of``'s JSON, read back from a file the
        user may have edited): plain ``text`` where they are not one of our keys with the
        fields its template takes."""
        note = _note_of(keys)
        if note is None:
            return text
        said = cls(text)
        said.key, said.fields = note.key, note.fields
        return said


def _field_json(value: object) -> object:
    """A field of a keyed error or note as JSON: a keyed error or note as its text with its
    key and fields, a number or a text as it is, anything else as its text."""
    keys = Note.keys_of(value)
    if keys is not None:
        return {"text": str(value), **keys}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def _note_of(keys: object) -> Note | None:
    """The keyed note ``keys`` (``Note.keys_of``'s JSON) describe, or None when they are not
    one of our keys with the fields its template takes. A text field is quoted as ``of``
    quotes one (``shown_text``): a file's text says no escape sequence to the terminal."""
    if not isinstance(keys, dict):
        return None
    key, fields = keys.get("key"), keys.get("fields")
    if not isinstance(key, str) or key not in ENGLISH or not isinstance(fields, dict):
        return None
    back: dict[str, Any] = {}
    for name, value in fields.items():
        if isinstance(value, dict):
            value = _note_of(value)
            if value is None:
                return None
        elif isinstance(value, str):
            value = shown_text(value)
        elif not (value is None or isinstance(value, (bool, int, float))):
            return None
        back[name] = value
    try:
        note = Note(ENGLISH[key].format(**back))
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return None
    note.key, note.fields = key, back
    return note


class _Points(float):
    """A chance's error or bias in percentage points, written by a note's ".2g" to two
    figures as before but never with an exponent: 140, not 1.4e+02 (a method's error grown
    with the talon can pass a whole chance)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        shown = super().__format__(spec)
        if not spec.endswith("g") or "e" not in shown:
            return shown
        return format(round(float(shown)), spec.partition(".")[0] + "d")


#: the fields of a note said in its unit, a chance of winning's in percentage points
#: (``_in_percent``)
IN_UNIT = ("value", "gap", "bias")


def _in_percent(note: Note) -> Note:
    """``note`` with every number said in the chance of winning (a part whose unit is
    ``note.part.unit.win``, and the gap beside it in ``note.part.covers.gap``) in percentage
    points; a note with none, as it is."""
    fields = {k: _in_percent(v) if isinstance(v, Note) else v for k, v in note.fields.items()}
    unit = note.fields.get("unit", getattr(note.fields.get("covers"), "fields", {}).get("unit"))
    if getattr(unit, "key", None) == "note.part.unit.win":
        fields.update({k: _Points(100 * fields[k]) for k in IN_UNIT if k in fields})
        if "unit" in fields:
            fields["unit"] = Note.of("note.part.unit.percent")
    if fields == note.fields:
        return note
    return Note.of(note.key, **fields)


#: the fields of a note that hold another note (a part: how each sample was solved, what
#: the method's error covers, its unit, where the tasks ran); Note.read reads them as notes
NOTE_FIELDS = frozenset(
    {"how", "covers", "beyond", "carried", "unit", "where", "first", "second", "then"}
)


@functools.cache
def _pieces(key: str) -> tuple[tuple[str, str | None, str], ...]:
    """The template ``key`` as (literal text, field name or None, format spec) pieces."""
    parsed = string.Formatter().parse(ENGLISH[key])
    return tuple((literal, name, spec or "") for literal, name, spec, _ in parsed)


def _keys(part: bool) -> tuple[str, ...]:
    keys = [k for k in ENGLISH if k.startswith("note.") and k.startswith("note.part.") == part]
    return tuple(sorted(keys, key=lambda k: -sum(len(literal) for literal, _, _ in _pieces(k))))


#: the keys of a note's parts (``note.part.``), which fill NOTE_FIELDS, and of the notes
#: themselves, each those of the most words outside their fields first (a text field takes
#: any text: "{tasks} tasks run {where}" would take the positions read as part of the
#: cluster's address)
PART_KEYS, NOTE_KEYS = _keys(True), _keys(False)


@functools.lru_cache(maxsize=4096)
def _read(text: str, part: bool = False) -> Note | None:
    """The Note (a part's, ``part``) whose English is ``text``, the first template that
    ``text`` fills, or None."""
    for key in PART_KEYS if part else NOTE_KEYS:
        fields = _fill(_pieces(key), text, 0)
        if fields is not None:
            counts = _COUNTS.get(key, ())
            key, fields = _agreeing(
                key, {k: Count(v) if k in counts and whole(v) else v for k, v in fields.items()}
            )
            note = Note(text)
            note.key, note.fields = key, fields
            return note
    return None


def _counts(key: str) -> frozenset[str]:
    """The fields of note template ``key`` that are counts, as its templates for a count of
    1 show them: the names of its "_one_<name>" templates, else the fields its "_one" one
    does not say (none where it has no such template)."""
    ones = [k for k in ENGLISH if k.startswith(key + "_one")]
    named = {k[len(key) + len("_one_") :] for k in ones if k != key + "_one"}
    if named or key + "_one" not in ENGLISH:
        return frozenset(named)
    said = {name for _, name, _ in _pieces(key + "_one")}
    return frozenset(name for _, name, _ in _pieces(key) if name and name not in said)


#: a note's count fields by its key, so that a note read back from English written before
#: it had a template for a count of 1 ("1 samples") is said as one ("1 campione")
_COUNTS = {key: counts for key in PART_KEYS + NOTE_KEYS if (counts := _counts(key))}


def _fill(pieces: tuple[tuple[str, str | None, str], ...], text: str, at: int) -> dict | None:
    """The fields with which ``pieces`` write ``text[at:]``, or None: each field tried on the
    shortest text before the next literal first, then longer ones."""
    if not pieces:
        return {} if at == len(text) else None
    (literal, name, spec), rest = pieces[0], pieces[1:]
    if not text.startswith(literal, at):
        return None
    at += len(literal)
    if name is None:
        return _fill(rest, text, at)
    after = rest[0][0] if rest else None
    ends = (
        [len(text)]
        if after is None
        else (end for end in range(at + 1, len(text) + 1) if text.startswith(after, end))
    )
    for end in ends:
        value = _field(name, spec, text[at:end])
        fields = None if value is None else _fill(rest, text, end)
        if fields is not None:
            return {name: value, **fields}
    return None


def _field(name: str, spec: str, words: str) -> Any:
    """A field's value read from its English ``words`` (None: it cannot be): a number
    written by its spec, a note's part (NOTE_FIELDS), a whole number, else the text."""
    if not words:
        return None
    if spec:
        try:
            x: float = float(words) if spec[-1] in "eEfFgG%" else int(words.replace(",", ""))
        except ValueError:
            return None
        return x if format(x, spec) == words else None
    if name in NOTE_FIELDS:
        return _read(words, part=True)
    if words.isascii() and words.isdigit() and str(int(words)) == words:
        return int(words)
    return words


class ArgumentTypeError(BriscolaError, TypeError):
    """A Python API argument of the wrong type (``parse(5)``, ``render("...")``): a TypeError,
    as Python's own are, and keyed like every other error of the user's."""


#: the most characters of one text an error quotes: input may be megabytes
MAX_SHOWN = 500


def shown_text(text: str) -> str:
    """How an error quotes a text it is given (often the user's): every character that does
    not print as itself (a line break, NUL, a terminal escape sequence, a right-to-left
    override, a lone surrogate) written as its Python escape, so that the message stays one
    line and a terminal shows what was typed instead of obeying it; cut to MAX_SHOWN."""
    if len(text) > MAX_SHOWN:
        text = text[: MAX_SHOWN - 1] + "…"
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def whole(value: object) -> TypeGuard[int]:
    """Whether an argument is a whole number: an int, and not a bool (True is an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def given(value: object, width: int = 60) -> str:
    """How an error names an argument of the wrong kind: its repr, cut to ``width``."""
    text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def shown_number(x: int) -> str | BriscolaError:
    """How an error names a whole number the user gave: its digits, or past a million "a
    huge number" (said in the user's language), so that a line stays one line."""
    return str(x) if abs(x) < 10**6 else BriscolaError.of("number.huge")


def internal_error(e: BaseException) -> str:
    """The one line that reports a bug, on the command line and the board alike."""
    return ENGLISH["internal"].format(error=bug(e))


def bug(e: BaseException) -> str:
    """A bug named in a report: the exception's type and message."""
    return f"{type(e).__name__}: {e}"
