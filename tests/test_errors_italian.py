"""The user's errors in the user's language (issue 41, item 7): a bad card, a bad position,
an illegal move or a bad request is said in Italian by the board (a request with lang=it)
and by a ``--lang it`` command, in English otherwise; ``str(err)`` stays the English line
that scripts and the other tests read."""
from __future__ import annotations

import ast
import json
import pickle
import re
import string
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.cards import CardError, card_str, parse_card
from solver.errors import BriscolaError
from solver.i18n import ERRORS, error_text
from solver.position import PositionError, parse_position

ENDGAME = "hand1=3C,AS hand2=2C,RS briscola=RD turn=1"

#: bad positions, the English line each gives (as before keys existed) and a piece of its
#: Italian
BAD = [
    ("hand1=ZZ hand2=3C briscola=RD turn=1",
     "hand1=: unknown card 'ZZ' (write rank then suit, e.g. AD, 3C, RB, 7S)",
     "hand1=: carta sconosciuta 'ZZ' (scrivi il valore e poi il seme"),
    ("hand1=3C hand2=3C briscola=RD turn=1", "card 3C given twice (hand1 and hand2)",
     "la carta 3C compare due volte (hand1 e hand2)"),
    ("hello world", None, "'hello' non è un campo chiave=valore"),
    (ENDGAME + " colour=red", None, "campo sconosciuto 'colour'"),
    ("hand1=3C hand1=2C hand2=AS briscola=RD turn=1", "field 'hand1' given twice",
     "il campo 'hand1' compare due volte"),
    ("hand1=3C briscola=RD turn=1", "missing field hand2=", "manca il campo hand2="),
    ("hand1=3C,AS hand2=2C briscola=RD turn=1",
     "at the start of a trick both hands hold the same number of cards, got hand1=2 hand2=1",
     "le due mani hanno lo stesso numero di carte, qui hand1=2 hand2=1"),
    ("hand1=3C hand2=2C briscola=RD turn=3", "turn= must be 1 or 2, got '3'",
     "turn= dev'essere 1 o 2, non '3'"),
    ("hand1=3C hand2=2C briscola=RD,AD turn=1", "briscola= takes one card, got 2",
     "briscola= vuole una carta sola"),
    (ENDGAME + " score=abc", "score= must be two numbers like 40-36, got 'abc'",
     "score= vuole due numeri come 40-36"),
    (ENDGAME + " score=50-60", "score 50-60 adds up to 110 but the played cards are worth 95",
     "il punteggio 50-60 fa 110, ma le carte giocate valgono 95"),
    ("hand1=AD,3C,RB hand2=7S,2D,FC top=CB briscola=4S unseen=3B turn=1",
     "the talon would hold 3 cards: it always holds an even number",
     "il tallone avrebbe 3 carte: ne ha sempre un numero pari"),
    ("hand1=3C,AS hand2=2C,RS briscola=RD top=4D turn=1", None,
     "finché il tallone ha carte ogni mano ne tiene 3"),
    ("variant=classic hand1=? hand2=? briscola=2S turn=1", None, "una mano sola (?)"),
    ("variant=classic hand1=FB,5C,FC hand2=? briscola=2S talon=AS turn=1", None,
     "dal posto il tallone non si vede"),
    ("hand1=3C hand2=2C table=AS,2S briscola=RD turn=1", None,
     "in tavola c'è al massimo 1 carta"),
    (ENDGAME + " variant=nope", None, "gioco sconosciuto 'nope'"),
]


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_error_has_both_languages_with_the_same_fields():
    assert set(ERRORS["en"]) == set(ERRORS["it"])
    for key, en in ERRORS["en"].items():
        it = ERRORS["it"][key]
        assert _fields(en) == _fields(it), key
        wrapper = not any(ch.isalpha() for ch in re.sub(r"\{\w+\}", "", en))  # "{where}: {error}"
        assert it != en or wrapper, f"{key}: the Italian is the English"


@pytest.mark.parametrize("text,english,italian", BAD, ids=[b[0][:40] for b in BAD])
def test_a_bad_position_is_said_in_both_languages(text, english, italian):
    with pytest.raises(PositionError) as info:
        parse_position(text)
    e = info.value
    assert e.key is not None, str(e)
    if english is not None:
        assert str(e) == english
    assert error_text(e, "en") == str(e)
    assert italian in error_text(e, "it")


def test_an_error_without_a_key_stays_english_and_keys_survive_pickling():
    plain = BriscolaError("cannot read x.json: no such file")
    assert error_text(plain, "it") == str(plain)
    with pytest.raises(CardError) as info:
        parse_card("XD")
    e = pickle.loads(pickle.dumps(info.value))
    assert str(e) == "unknown card 'XD' (write rank then suit, e.g. AD, 3C, RB, 7S)"
    assert error_text(e, "it") == ("carta sconosciuta 'XD' (scrivi il valore e poi il seme, "
                                   "per esempio AD, 3C, RB, 7S)")


# ----- the board ---------------------------------------------------------------------------

def _error(r, status=400) -> str:
    assert r.status_code == status, r.text
    return r.json()["error"]


def test_the_board_says_a_bad_position_in_the_requests_language(client):
    for text, english, italian in BAD[:6]:
        it = _error(client.post("/api/position", json={"position": text, "lang": "it"}))
        assert italian in it
        en = _error(client.post("/api/position", json={"position": text}))
        assert en == _error(client.post("/api/position", json={"position": text, "lang": "en"}))
        if english is not None:
            assert en == english


def test_the_board_says_an_illegal_move_and_its_own_refusals_in_italian(client):
    view = client.post("/api/deal", json={"variant": "scoperta", "seed": 5}).json()
    game, legal = view["game"], view["legal"]
    held = set(legal)
    other = next(c for c in ("AD", "AC", "AS", "AB", "3D", "3C") if c not in held)
    it = _error(client.post("/api/play", json={"game": game, "card": other, "lang": "it"}))
    assert it == f"{other} non è nella mano del giocatore 1"
    en = _error(client.post("/api/play", json={"game": game, "card": other}))
    assert en == f"{other} is not in player 1's hand"
    it = _error(client.post("/api/play", json={"game": game, "card": "ZZ", "lang": "it"}))
    assert it.startswith("carta sconosciuta 'ZZ'")
    it = _error(client.post("/api/game", json={"game": game, "seat": 7, "lang": "it"}))
    assert it == "seat dev'essere un giocatore da 1 a 4 (0: il giocatore di turno)"
    it = _error(client.post("/api/engine", json={"game": game, "level": "god", "lang": "it"}))
    assert it.startswith("livello sconosciuto 'god'")
    en = _error(client.post("/api/engine", json={"game": game, "level": "god"}))
    assert en.startswith("unknown level 'god'")
    it = _error(client.post("/api/picture", json={"position": ENDGAME, "frame": "x",
                                                   "lang": "it"}))
    assert it.startswith("riferimento sconosciuto 'x'")
    it = _error(client.post("/api/game", json={"lang": "it"}))
    assert it == "manca il campo 'game'"


def test_a_get_request_says_its_error_in_its_language(client):
    assert _error(client.get("/api/progress?lang=it")) == "manca il campo 'client'"
    assert _error(client.get("/api/progress")) == "missing field 'client'"


# ----- the command line --------------------------------------------------------------------

def _run(*args):
    r = CliRunner().invoke(cli, list(args))
    assert r.exit_code == 2, (r.output, r.exception)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.output, r.output
    return lines[0]


@pytest.mark.parametrize("text,english,italian", BAD[:9], ids=[b[0][:40] for b in BAD[:9]])
def test_a_lang_it_command_says_the_error_in_italian(text, english, italian):
    line = _run("show", text, "--lang", "it")
    assert line.startswith("errore: ") and italian in line
    line = _run("show", text)
    assert line.startswith("error: ")
    if english is not None:
        assert line == f"error: {english}"


def test_every_lang_command_says_its_errors_in_italian():
    assert "il punteggio 3-0 fa 3" in _run("explain", "--lang", "it", ENDGAME + " score=3-0")
    line = _run("show", "--lang", "it", "hand1=3C hand2=2C briscola=RD turn=1 colour=red")
    assert "campo sconosciuto 'colour'" in line
    line = _run("explain", ENDGAME + " score=3-0")
    assert line == "error: score 3-0 adds up to 3 but the played cards are worth 95"


def test_an_illegal_move_in_a_record_is_said_in_the_users_language(tmp_path):
    """review --lang it of a record with an illegal move: the whole line in Italian, its
    number and the reason (it used to be Italian's prefix before English words)."""
    import json

    from solver.game import deal

    st = deal("classic", 1)
    rec = {"format": "briscola-record", "version": 1, "variant": "classic", "seed": 1,
           "dealer": st.dealer + 1, "deck": [card_str(c) for c in st.deck],
           "moves": [card_str(st.deck[-1])], "result": None}  # the trump card: in no hand
    path = tmp_path / "r.json"
    path.write_text(json.dumps(rec))
    it = CliRunner().invoke(cli, ["review", "--lang", "it", str(path)])
    en = CliRunner().invoke(cli, ["review", str(path)])
    assert it.exit_code == en.exit_code == 2
    card = card_str(st.deck[-1])
    assert it.stderr.strip() == f"errore: {path}: mossa 1: {card} non è nella mano del giocatore 1"
    assert en.stderr.strip() == f"error: {path}: move 1: {card} is not in player 1's hand"


def test_a_briscolone_match_target_is_refused_in_italian():
    line = _run("play", "--variant", "libero", "--match", "5", "--lang", "it")
    assert line == "errore: una partita a libero si gioca a 121 o 151 punti, non 5"


@pytest.mark.parametrize("field, italian", [
    ("answer", "campo answer: carta sconosciuta 'ZZ'"),
    ("position", "campo position: hand1=: carta sconosciuta 'ZZ'"),
])
def test_a_bad_card_in_a_puzzle_file_is_said_in_italian(tmp_path, field, italian):
    """puzzles play --lang it said "errore: FILE:1: answer: unknown card 'ZZ' ...": the
    Italian prefix before the English words of the file's line."""
    import json

    puzzle = {"id": "p1", "position": "hand1=7D hand2=FB,AC table=7S briscola=3B turn=2",
              "question": "best", "answer": ["FB"], "difficulty": "easy"}
    if field == "answer":
        puzzle["answer"] = ["ZZ"]
    else:
        puzzle["position"] = "hand1=ZZ,7D hand2=FB,AC table=7S briscola=3B turn=2"
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps(puzzle) + "\n")
    tail = " (scrivi il valore e poi il seme, per esempio AD, 3C, RB, 7S)"
    line = _run("puzzles", "play", "--lang", "it", str(path))
    assert line == f"errore: {path}:1: {italian}{tail}"
    english = _run("puzzles", "solve", str(path))
    assert english.startswith(f"error: {path}:1: {field}: ") and "unknown card 'ZZ'" in english


# ----- a bad puzzle file (and the JSON every command reads) ---------------------------------

PUZZLE = {"id": "p1", "position": "hand1=7D hand2=FB,AC table=7S briscola=3B turn=2",
          "question": "best", "answer": ["FB"], "difficulty": "easy"}


def _line(**change) -> str:
    obj = {k: v for k, v in {**PUZZLE, **change}.items() if v is not None}
    return json.dumps(obj) + "\n"


#: (name, the file's bytes (None: no such file), its English line as before keys after
#: "error: ", and the Italian after "errore: "); {path} is the file's
BAD_PUZZLES = [
    ("not-object", b"[1]\n", "{path}:1: a puzzle is a JSON object",
     "{path}:1: un problema è un oggetto JSON"),
    ("unknown-field", _line(colour="red"),
     "{path}:1: unknown field 'colour' (fields: answer, comment, difficulty, features, id, "
     "objective, position, question, title)",
     "{path}:1: campo sconosciuto 'colour' (i campi sono: answer, comment, difficulty, "
     "features, id, objective, position, question, title)"),
    ("missing-field", _line(difficulty=None), "{path}:1: missing field 'difficulty'",
     "{path}:1: manca il campo 'difficulty'"),
    ("empty-id", _line(id=" "), "{path}:1: id must be a non-empty string",
     "{path}:1: id dev'essere una stringa non vuota"),
    ("position-number", _line(position=5),
     "{path}:1: position must be a string in the position notation",
     "{path}:1: position dev'essere una stringa nella notazione delle posizioni"),
    ("question", _line(question="why"), "{path}:1: question must be 'best' or 'value', got 'why'",
     "{path}:1: question dev'essere 'best' o 'value', non 'why'"),
    ("objective", _line(objective="lose"),
     "{path}:1: objective must be 'points' or 'win', got 'lose'",
     "{path}:1: objective dev'essere 'points' o 'win', non 'lose'"),
    ("win-no-score", _line(objective="win"),
     "{path}:1: objective 'win' needs score= in the position",
     "{path}:1: l'objective 'win' vuole score= nella posizione"),
    ("over", _line(position="hand1= hand2= briscola=3B turn=1"),
     "{path}:1: the deal is over: nothing to solve",
     "{path}:1: la smazzata è finita: non c'è niente da risolvere"),
    ("difficulty", _line(difficulty="epic"),
     "{path}:1: difficulty must be easy, medium or hard, got 'epic'",
     "{path}:1: difficulty dev'essere easy, medium o hard, non 'epic'"),
    ("best-answer", _line(answer=[]),
     "{path}:1: answer of a 'best' puzzle is a non-empty list of cards, e.g. [\"AD\"]",
     "{path}:1: la risposta (answer) di un problema 'best' è un elenco non vuoto di carte, "
     "per esempio [\"AD\"]"),
    ("answer-not-held", _line(answer=["7D"]),
     "{path}:1: answer 7D is not in the hand of player 2",
     "{path}:1: la risposta 7D non è nella mano del giocatore 2"),
    ("answer-twice", _line(answer=["FB", "FB"]), "{path}:1: answer lists a card twice",
     "{path}:1: la risposta (answer) elenca due volte la stessa carta"),
    ("value-answer", _line(question="value", answer=[7]),
     "{path}:1: answer of a 'value' puzzle is an exact value string, e.g. \"7\" or \"-3/2\"",
     "{path}:1: la risposta (answer) di un problema 'value' è un valore esatto scritto come "
     "stringa, per esempio \"7\" o \"-3/2\""),
    ("title", _line(title=5), "{path}:1: title must be a string",
     "{path}:1: title dev'essere una stringa"),
    ("features", _line(features=[]), "{path}:1: features must be an object",
     "{path}:1: features dev'essere un oggetto"),
    ("id-twice", _line() + "\n" + _line(), "{path}:3: id 'p1' already used on line 1",
     "{path}:3: l'id 'p1' è già usato alla riga 1"),
    ("no-puzzles", b"\n \n", "{path} holds no puzzles", "{path} non contiene nessun problema"),
    ("bad-json", b'{"id": "p1",\n',
     "{path}:1: not valid JSON (Expecting property name enclosed in double quotes, column 13)",
     "{path}:1: JSON non valido (manca il nome di un campo fra virgolette doppie, colonna 13)"),
    ("extra-json", b"{} {}\n", "{path}:1: not valid JSON (Extra data, column 4)",
     "{path}:1: JSON non valido (altro testo dopo il valore, colonna 4)"),
    ("too-deep", b"[" * 40 + b"]" * 40 + b"\n", "{path}:1: nested deeper than 32 levels",
     "{path}:1: annidato per più di 32 livelli"),
    ("surrogate", b'"\\ud800"\n',
     "{path}:1: a string holds a lone surrogate (\\ud800-\\udfff), which is not text",
     "{path}:1: una stringa contiene un surrogato isolato (\\ud800-\\udfff), che non è testo"),
    ("long-number", b"1" * 5000 + b"\n", "{path}:1: a number too long to read",
     "{path}:1: un numero troppo lungo da leggere"),
    ("not-utf8", _line().encode() + b"\xff\n", "{path}:2: not UTF-8 text (byte 0xff)",
     "{path}:2: non è testo UTF-8 (byte 0xff)"),
    ("no-file", None, "cannot read {path}: No such file or directory",
     "non si può leggere {path}: file o cartella inesistente"),
]


@pytest.mark.parametrize("content,english,italian", [b[1:] for b in BAD_PUZZLES],
                         ids=[b[0] for b in BAD_PUZZLES])
def test_a_bad_puzzle_file_is_said_in_italian(tmp_path, content, english, italian):
    """puzzles play --lang it said "errore: " and then the English of the file's mistake;
    the English line (puzzles solve, no --lang) is what it was."""
    path = tmp_path / "p.jsonl"
    if content is not None:
        path.write_bytes(content.encode() if isinstance(content, str) else content)
    assert _run("puzzles", "play", "--lang", "it", str(path)) == (
        "errore: " + italian.format(path=path))
    assert _run("puzzles", "solve", str(path)) == "error: " + english.format(path=path)
    assert _run("puzzles", "play", str(path)) == "error: " + english.format(path=path)


def test_bad_puzzles_on_standard_input_are_said_in_italian():
    def run(data: bytes) -> str:
        r = CliRunner().invoke(cli, ["puzzles", "solve", "--lang", "it", "-"], input=data)
        assert r.exit_code == 2, (r.output, r.exception)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1, r.output
        return lines[0]

    assert run(b"\xff\n") == "errore: <stdin>:1: non è testo UTF-8 (byte 0xff)"
    assert run(b"") == "errore: <stdin> non contiene nessun problema"
    assert run(b"{\n") == ("errore: <stdin>:1: JSON non valido (manca il nome di un campo fra "
                           "virgolette doppie, colonna 2)")


def test_a_record_file_that_is_not_json_is_said_in_italian(tmp_path):
    """The JSON errors are keyed where every reader meets them: review reads a record."""
    path = tmp_path / "r.json"
    path.write_bytes(b'{"format": \n')
    assert _run("review", "--lang", "it", str(path)) == (
        f"errore: {path}:2: JSON non valido (manca un valore, colonna 1)")
    assert _run("review", str(path)) == (
        f"error: {path}:2: not valid JSON (Expecting value, column 1)")


def test_a_puzzle_error_of_the_python_api_is_said_in_italian():
    """generate's checks (puzzles generate has no --lang: click's choices refuse a bad
    option first), the bundled sets and a puzzle read without a file name."""
    from solver.puzzles import PuzzleError, bundled_lines, generate, read_puzzles

    cases = [
        (lambda: list(generate(1, talon=4)),
         "--talon must be 0 or 2 (the endgame or the last draw), got 4",
         "--talon dev'essere 0 o 2 (il finale o l'ultima pescata), non 4"),
        (lambda: list(generate(1, talon=2, variant="briscolone")),
         "briscolone puzzles are endgames: --talon must be 0, got 2",
         "i problemi di briscolone sono finali: --talon dev'essere 0, non 2"),
        (lambda: list(generate(1, variant="classic")),
         "puzzles are generated for scoperta, scoperta4, briscolone or libero, not 'classic'",
         "i problemi si generano per scoperta, scoperta4, briscolone o libero, non per "
         "'classic'"),
        (lambda: list(generate(1, difficulty="epic")),
         "difficulty must be easy, medium or hard, got 'epic'",
         "difficulty dev'essere easy, medium o hard, non 'epic'"),
        (lambda: list(generate(1, objective="lose")), "objective must be points or win, got 'lose'",
         "objective dev'essere points o win, non 'lose'"),
        (lambda: bundled_lines("classic"),
         "no bundled puzzles for variant 'classic' (bundled: scoperta, briscolone, scoperta4)",
         "nessuna raccolta di problemi inclusa per il gioco 'classic' (incluse: scoperta, "
         "briscolone, scoperta4)"),
        (lambda: read_puzzles([]), "the input holds no puzzles",
         "l'input non contiene nessun problema"),
        (lambda: read_puzzles(["[]"]), "line 1: a puzzle is a JSON object",
         "line 1: un problema è un oggetto JSON"),
    ]
    for call, english, italian in cases:
        with pytest.raises(PuzzleError) as info:
            call()
        assert str(info.value) == english
        assert error_text(pickle.loads(pickle.dumps(info.value)), "it") == italian


# four-player scoperta, the talon still holding 12 cards
FOUR_TALON = ("hand1=RB,3C,6D hand2=AB,RD,2S hand3=2B,RC,CS hand4=5C,AC,CD top=4C briscola=RS "
              "played=5B,7B,FB,CB,3B,6C,7C,2D,4D,7D,FD,3D,4S,7S,FS,3S turn=4 score=10-29 "
              "variant=scoperta4")


def test_explain_refuses_a_four_player_position_with_a_talon_in_italian():
    line = _run("explain", "--lang", "it", FOUR_TALON)
    assert line == ("errore: la spiegazione tratta solo i finali a quattro giocatori (tallone "
                    "finito, le ultime tre prese), ma nel tallone restano 12 carte")
    assert _run("explain", FOUR_TALON) == (
        "error: explain handles four-player endgames only (talon empty, the last three "
        "tricks), but the talon holds 12 cards")
    # its siblings: a variant explain does not know, a two-player game with a talon
    line = _run("explain", "--lang", "it", "hand1=4B,5B,4C,6D,RS hand2=FB,AB,RC,AD,5S "
                "played=2B,6B,7B,CB,RB,3B,2C,5C,6C,7C,FC,CC,3C,AC,5D,7D,FD,CD,RD,3D,2S,4S,6S,"
                "FS,CS,AS turn=1 variant=briscolone")
    assert line.startswith("errore: la spiegazione tratta solo i finali di briscolone"), line


def test_objective_win_without_score_names_the_teams_where_four_play():
    four = FOUR_TALON.replace(" score=10-29", "")
    line = _run("analyse", "--objective", "win", four)
    assert line == ("error: objective win needs score= (the points each team has taken: "
                    "players 1+3, then 2+4)")
    assert _run("analyse", "--objective", "win", ENDGAME) == (
        "error: objective win needs score= (the points each player has taken)")
    with pytest.raises(PositionError) as e:
        from solver.analysis import analyse
        analyse(parse_position(four), "win")
    assert "ogni squadra" in error_text(e.value, "it")


#: exceptions made with a message that are not the user's errors, and why: a bug (said as
#: "internal error, please report", in English), Python's own protocol, the quit of play's
#: prompt, a kernel that failed to compile in warm-up (exit 1, not a mistake of the user's).
#: click's usage errors (click.UsageError) are click's, in its English, as its own are
NOT_THE_USERS = {"RuntimeError": "a bug", "Quit": "play's q or end of input",
                 "WarmUpError": "a kernel's compile failed",
                 "Cancelled": "a cancelled cluster task's end, which no one reads",
                 "OutputFailed": "standard output failing, said by main() as output.stdout"}
#: Python's protocols: ``solver.x`` for a name solver does not have; the stand-in for a
#: closed standard output failing as a stream does (cli/streams.py's _Closed)
PROTOCOL = {("solver/__init__.py", "AttributeError"), ("cli/streams.py", "OSError"),
            ("cli/streams.py", "TypeError")}


def _error_classes(sources) -> set[str]:
    """Python's exception names and every class of ours that derives from one."""
    import builtins

    names = {n for n, v in vars(builtins).items()
             if isinstance(v, type) and issubclass(v, BaseException)}
    classes = [(n.name, {ast.unparse(b).rsplit(".", 1)[-1] for b in n.bases})
               for tree in sources.values() for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    grew = True
    while grew:
        new = {name for name, bases in classes if bases & names} - names
        names |= new
        grew = bool(new)
    return names


def test_every_error_of_solver_and_cli_has_a_key():
    """Every error made with a message in solver/ (but the search kernels) and cli/ is keyed
    (``SomeError.of(key, ...)``), so that it is said in the user's language: about 60 were
    raised with their English text alone (the draws of position/open.py, the cluster and its
    task log, the split search, the engine's names, the analysis's budget, the commands'
    options and output paths), and a --lang it command said them in English."""
    root = Path(__file__).resolve().parent.parent
    files = [p for base in ("solver", "cli") for p in sorted((root / base).rglob("*.py"))
             if (root / "solver" / "search") not in p.parents]
    sources = {p.relative_to(root).as_posix(): ast.parse(p.read_text()) for p in files}
    errors = _error_classes(sources)
    assert {"PositionError", "OutputPathError", "BadRequest", "ValueError"} <= errors
    plain = []
    for name, tree in sources.items():
        for n in ast.walk(tree):
            if not (isinstance(n, ast.Call) and (n.args or n.keywords)):
                continue
            callee = n.func.id if isinstance(n.func, ast.Name) else None
            if callee in errors and callee not in NOT_THE_USERS and (name, callee) not in PROTOCOL:
                plain.append(f"{name}:{n.lineno}: {ast.unparse(n)[:80]}")
    assert not plain, "\n".join(plain)


# ----- the errors keyed last: said in Italian where a language is chosen --------------------

def test_show_and_play_say_their_option_errors_in_italian(tmp_path):
    """show's standard input and --with-analysis, and the output paths every command checks
    (--svg, --record-out), were English after "errore: "."""
    def run(*args, input=None):
        r = CliRunner().invoke(cli, list(args), input=input)
        assert r.exit_code == 2, (r.output, r.exception)
        return r.stderr.strip()

    assert run("show", "-", "--lang", "it", input="") == (
        "errore: nessuna posizione sullo standard input")
    assert run("show", "-", input="") == "error: no position on standard input"
    assert run("show", "-", "--lang", "it", input=ENDGAME + "\n" + ENDGAME + "\n") == (
        "errore: show legge una posizione sola, ma lo standard input ha 2 righe")
    assert run("show", ENDGAME, "--with-analysis", "--lang", "it") == (
        "errore: --with-analysis disegna su un'immagine: indica --svg FILE")
    taken = tmp_path / "game.json"
    taken.write_text("{}")
    assert run("show", ENDGAME, "--svg", str(taken), "--lang", "it") == (
        f"errore: {taken} esiste già: usa --force per sovrascriverlo")
    assert run("play", "--record-out", str(taken), "--lang", "it") == (
        f"errore: {taken} esiste già: usa --force per sovrascriverlo")
    assert run("play", "--record-out", str(taken)) == (
        f"error: {taken} exists: use --force to overwrite it")
    missing = tmp_path / "no" / "game.json"
    assert run("play", "--record-out", str(missing), "--lang", "it") == (
        f"errore: --record-out {missing}: la cartella {missing.parent} non esiste")


def test_reviewing_by_win_without_a_score_keeps_its_key():
    """review(record, objective="win") of a game started without score= turned the keyed
    refusal into a RecordError of its English text (said in English on the Italian board)."""
    from solver.record import RecordError
    from solver.review import review_record

    rec = {"format": "briscola-record", "version": 1, "variant": "scoperta",
           "start": ENDGAME, "talon": [], "moves": []}
    with pytest.raises(RecordError) as info:
        review_record(rec, 0.1, objective="win")
    assert str(info.value).startswith("objective win needs the score")
    assert error_text(info.value, "it").startswith("l'obiettivo win vuole il punteggio")


def _draw_error(draws):
    pos = parse_position("hand1=AD,3C hand2=7S,2D,FC table=4C top=CB briscola=4S "
                         "unseen=3B,RC turn=2")
    return pos.play("7S", draws)


def _api_errors():
    """(a call, its English word for word as before its key, its Italian)."""
    from solver.analysis import Limit
    from solver.analysis.result import Analysis, Method
    from solver.players.agents import get_agent, seat_agents
    from solver.players.engine_agent import parse_engine_name
    from solver.players.match import log_row_error
    from solver.split_search import split

    def raise_(e):
        raise e

    return [
        (lambda: _draw_error("CB"),
         "the draws (CB) are not a draw from this talon: give the 2 cards drawn, winner first, "
         "then the new top card",
         "le carte pescate (CB) non sono una pescata da questo tallone: indica le 2 carte "
         "pescate, prima quella di chi ha preso, poi la nuova carta in cima"),
        (lambda: _draw_error("3B,CB,RC"),
         "the draws (3B, CB, RC) must start with the top card CB, which the trick's winner draws",
         "le carte pescate (3B, CB, RC) devono cominciare con la carta in cima CB, che pesca chi "
         "ha preso"),
        (lambda: parse_engine_name("engine@x"),
         "bad engine budget in 'engine@x': use engine@SAMPLES, e.g. engine@50",
         "budget del motore sbagliato in 'engine@x': usa engine@CAMPIONI, per esempio engine@50"),
        (lambda: get_agent("nobody"), None,
         "giocatore automatico sconosciuto 'nobody' (scegli fra"),
        (lambda: seat_agents(["greedy"] * 3, 2), "give 1 or 2 agents for 2 players, got 3",
         "indica 1 o 2 giocatori automatici per 2 giocatori, non 3"),
        (lambda: split(parse_position(ENDGAME), depth="x"),
         "depth is one of ('cards', 'draws'), got 'x'", "depth è uno fra ('cards', 'draws'), "
         "non 'x'"),
        (lambda: Limit(time=1, samples=3), "a budget is one value: give time or samples, not both",
         "un budget è un valore solo: indica time o samples, non insieme"),
        (lambda: Method.from_text("nope"), "unknown method 'nope'", "metodo sconosciuto 'nope'"),
        (lambda: Analysis.from_json('{"moves": []}'),
         "not an analysis's JSON (KeyError: 'position')",
         "non è il JSON di un'analisi (KeyError: 'position')"),
        (lambda: raise_(log_row_error({"margins": [3, 10**7]})),
         '"margins" must be even numbers from -120 to 120 (the deal\'s 120 points are shared), '
         "got 3, a huge number",
         '"margins" devono essere numeri pari da -120 a 120 (i 120 punti della smazzata si '
         "dividono), non 3, un numero enorme"),
    ]


def test_the_python_apis_errors_are_keyed_their_english_as_before():
    for call, english, italian in _api_errors():
        with pytest.raises(BriscolaError) as info:
            call()
        e = pickle.loads(pickle.dumps(info.value))
        assert e.key is not None, str(e)
        if english is not None:
            assert str(e) == english
        assert error_text(e, "it").startswith(italian), error_text(e, "it")


def test_a_type_error_of_the_api_is_keyed_and_still_a_type_error():
    import solver

    with pytest.raises(TypeError) as info:
        solver.parse(5)
    assert str(info.value) == "parse: text must be a str (a position's notation), got int"
    assert error_text(info.value, "it") == (
        "parse: text dev'essere una str (la notazione di una posizione), non int")


#: the system's reasons said in Italian beyond not found, denied and is-a-directory
OS_REASONS = ["ENOTDIR", "ELOOP", "ENAMETOOLONG", "ENOSPC", "EDQUOT", "EROFS", "EPERM",
              "EEXIST", "EBUSY", "ETXTBSY", "EIO", "EMFILE", "ENFILE", "EFBIG", "ENXIO",
              "ENODEV", "EADDRINUSE", "EADDRNOTAVAIL"]


@pytest.mark.parametrize("name", OS_REASONS)
def test_a_system_reason_is_said_in_italian_and_in_the_systems_english(name):
    """ELOOP, ENAMETOOLONG, ENOSPC, EROFS, ENOTDIR... stayed English under --lang it."""
    import errno
    import os

    from solver.jsonfile import os_reason
    if not hasattr(errno, name):
        pytest.skip(f"this system has no {name}")
    n = getattr(errno, name)
    why = os_reason(OSError(n, os.strerror(n)))
    assert str(why) == os.strerror(n)
    assert error_text(why, "en") == os.strerror(n)
    it = error_text(why, "it")
    assert it != os.strerror(n) and it.islower(), it
    assert str(os_reason(OSError(n, "the system's own words"))) == "the system's own words"


def test_a_file_behind_a_file_or_a_loop_is_said_in_italian(tmp_path):
    (tmp_path / "f").write_text("")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    behind, loop = tmp_path / "f" / "p.jsonl", tmp_path / "loop"
    assert _run("puzzles", "play", "--lang", "it", str(behind)) == (
        f"errore: non si può leggere {behind}: non è una cartella")
    assert _run("puzzles", "play", str(behind)) == (
        f"error: cannot read {behind}: Not a directory")
    assert _run("puzzles", "play", "--lang", "it", str(loop)) == (
        f"errore: non si può leggere {loop}: troppi livelli di collegamenti simbolici")
