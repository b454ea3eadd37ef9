"""A count of 1 reads in the singular: every message with a count that can be 1 is made
with it as an errors.Count, and ``of`` says it in the template that agrees (a "_one"
template beside the plural one), in English and Italian; rendered with 1 and with 2, no
"1 <plural noun>" is left."""

import itertools
import json
import re
import string

import pytest

from solver.analysis.sampling import beyond_horizon
from solver.errors import ENGLISH, BriscolaError, Count, Note
from solver.i18n import ERRORS, error_text, note_text

UNMEASURED = Note.of("note.part.covers.unmeasured")


def _fitted(counts: dict) -> Note:
    """The part past a searched depth, as the estimates make it (two players, classic)."""
    return beyond_horizon("classic", counts["depth"])


def _even(counts: dict) -> Note:
    """The same for four players: the points past it shared evenly."""
    return beyond_horizon("classic", counts["depth"], players=4)


#: (key, its counts, its other fields (a function of the counts where it is a part that
#: agrees with them), the combinations of counts that never occur)
SWEPT = [
    ("talon.even", ("size",), {}, ()),
    ("talon.multiple", ("size",), {"players": 3}, ()),
    ("talon.listed", ("listed",), {"size": 4}, ()),
    ("record.result_unfinished", ("n",), {}, ()),
    # the hand would hold more cards than are left: rest < count
    ("seat.too_few", ("count", "rest"), {"player": 2}, ((1, 1), (1, 2))),
    ("job.busy", ("live",), {}, ()),
    ("log.other_run", ("others",), {"path": "log.jsonl"}, ()),
    ("analyse.failed_lines", ("bad", "total"), {}, ((2, 1),)),
    ("split.missing", ("missing", "leaves"), {}, ((2, 1),)),
    ("split.tasks", ("n", "tasks"), {"where": Note.of("note.part.at_cards")}, ((1, 2),)),
    ("split.all_read", ("n",), {"where": Note.of("note.part.at_cards"), "path": "a.jsonl"}, ()),
    ("split.stopped", ("total",), {"path": "a.jsonl", "held": 0}, ()),
    ("note.samples", ("n",), {}, ()),
    ("note.samples_corrected", ("n", "k"), {}, ((1, 2),)),
    ("note.enumerated", ("n",), {}, ()),
    ("note.searched.depth", ("depth",), {"tricks": 7}, ()),
    ("note.hands.all", ("n",), {}, ()),
    ("note.hands.consistent", ("n",), {}, ()),
    ("note.hands.sampled", ("n",), {"how": Note.of("note.part.how.exact")}, ()),
    ("note.part.how.clairvoyant_depth", ("depth",), {}, ()),
    (
        "note.part.how.searched",
        ("depth",),
        {"beyond": _fitted, "covers": UNMEASURED},
        (),
    ),
    (
        "note.orders.searched",
        ("n", "depth"),
        {"beyond": _even, "covers": UNMEASURED},
        (),
    ),
    # the points past the depth: "after those tricks", "after that trick" (no number said)
    ("note.part.beyond.fitted", ("depth",), {}, ()),
    ("note.part.beyond.even", ("depth",), {}, ()),
    ("note.orders.solved", ("n",), {"covers": Note.of("note.part.covers.unmeasured")}, ()),
    ("note.split", ("n",), {"where": Note.of("note.part.at_cards")}, ()),
    ("note.tasks", ("tasks",), {"where": Note.of("note.part.where.here")}, ()),
    (
        "note.tasks_read",
        ("tasks", "n"),
        {"where": Note.of("note.part.where.here"), "path": "a.jsonl"},
        (),
    ),
    ("note.all_read", ("n",), {"path": "a.jsonl"}, ()),
    ("note.part.where.local", ("workers",), {}, ()),
    ("note.exact.nodes", ("nodes",), {}, ()),
]

#: a count of 1 (not 11, 2.1, 0,1 or 2/1) and, past at most two words, a plural noun
_ONE = r"(?<![\w.,/])1 (?:[^\W\d]+ ){0,2}"
PLURAL = {
    "en": re.compile(
        _ONE + r"(?:cards|positions|tasks|samples|hands|rows|lines|moves|searches|tricks|"
        r"draws|orders|workers|leaves|deals|points|nodes|processes|decisions|games|puzzles)\b"
    ),
    "it": re.compile(
        _ONE + r"(?:carte|posizioni|compiti|campioni|mani|righe|mosse|ricerche|prese|pescate|"
        r"ordini|processi|foglie|smazzate|punti|campionate|campionati|compatibili|corrette|"
        r"enumerate|lette|nodi|processi|decisioni|partite|problemi)\b"
    ),
}
#: a searched depth named back in the plural ("after those tricks")
THOSE = {"en": re.compile(r"\bthose tricks\b"), "it": re.compile(r"\bquelle prese\b")}
#: 1 and a verb in the plural ("1 of 5 input lines were")
VERB = {
    "en": re.compile(r"(?<![\w.,/])1 (?:of \d+ )?(?:[^\W\d]+ ){0,3}(?:are|were|have)\b"),
    "it": re.compile(r"(?<![\w.,/])1 (?:delle \d+ )?(?:[^\W\d']+ ){0,4}(?:sono|hanno)\b"),
}


def _cases():
    for key, names, fields, never in SWEPT:
        for values in itertools.product((1, 2), repeat=len(names)):
            if values not in never:
                yield pytest.param(
                    key, dict(zip(names, values, strict=True)), fields, id=f"{key}{values}"
                )


def _made(key: str, fields: dict) -> Note | BriscolaError:
    return Note.of(key, **fields) if key.startswith("note.") else BriscolaError.of(key, **fields)


def _said(made: Note | BriscolaError, lang: str) -> str:
    return note_text(made, lang) if isinstance(made, Note) else error_text(made, lang)


@pytest.mark.parametrize("key,counts,fields", list(_cases()))
def test_a_count_of_one_is_said_in_the_singular(key, counts, fields):
    parts = {k: v(counts) if callable(v) else v for k, v in fields.items()}
    made = _made(key, {**parts, **{name: Count(n) for name, n in counts.items()}})
    assert made.key in ENGLISH and made.key in ERRORS["it"], f"no template {made.key}"
    numbered = any("{" + name in ENGLISH[key] for name in counts)  # the part past a depth
    for lang in ("en", "it"):
        text = _said(made, lang)
        assert not PLURAL[lang].search(text), text
        assert not VERB[lang].search(text), text
        assert counts.get("depth") != 1 or not THOSE[lang].search(text), text
        assert ("2" in text) == (numbered and 2 in counts.values()), text


@pytest.mark.parametrize(
    "key,counts,chosen",
    [
        ("note.samples", {"n": 1}, "note.samples_one"),
        ("note.samples", {"n": 2}, "note.samples"),
        ("note.tasks_read", {"tasks": 1, "n": 5}, "note.tasks_read_one_tasks"),
        ("note.tasks_read", {"tasks": 5, "n": 1}, "note.tasks_read_one_n"),
        ("note.tasks_read", {"tasks": 1, "n": 1}, "note.tasks_read_one"),
        ("talon.even", {"size": 1}, "talon.even_one"),
        ("seat.too_few", {"count": 1, "rest": 0}, "seat.too_few_one_count"),
        ("seat.too_few", {"count": 3, "rest": 1}, "seat.too_few_one_rest"),
        ("seat.too_few", {"count": 3, "rest": 2}, "seat.too_few"),
    ],
)
def test_of_chooses_the_template_that_agrees_with_its_counts(key, counts, chosen):
    """Each count is given once, as a Count: ``of`` (a note's and an error's) takes the
    "_one" template for a count of 1, "_one_<name>" for the count of 1 of two, and keeps
    the count a field as a plain int."""
    fields = {"where": Note.of("note.part.where.here"), "path": "a.jsonl", "player": 2}
    made = _made(key, {**fields, **{name: Count(n) for name, n in counts.items()}})
    assert made.key == chosen
    said = {name for _, name, _, _ in string.Formatter().parse(ENGLISH[key])}
    for name, n in counts.items():
        assert made.fields[name] == n and type(made.fields[name]) is int
        assert name in said


def test_a_count_that_only_chooses_the_words_is_no_field():
    """"task" or "tasks" agrees with a count the template does not say: it chooses the
    template and, as a note read back from its English has none, is not a field."""
    note = Note.of("log.what.tasks", total=Count(1))
    assert (str(note), note.key, note.fields) == ("task", "log.what.tasks_one", {})
    many = Note.of("log.what.tasks", total=Count(3))
    assert (str(many), many.key, many.fields) == ("tasks", "log.what.tasks", {})


@pytest.mark.parametrize("n", [1, 2, 7])
def test_a_note_made_with_counts_is_the_note_made_with_plain_ints(n):
    """A note whose counts are Counts writes the same JSON (a task log's keys, an
    analysis's notes) and equals the one made with plain ints in the template that
    agrees, its fields plain ints (a Count is no part of what is kept)."""
    how = Note.of("note.part.how.clairvoyant_depth", depth=Count(n))
    by_count = Note.of("note.hands.sampled", n=Count(n), how=how)
    one = "_one" if n == 1 else ""
    plain = Note.of(
        "note.hands.sampled" + one,
        n=n,
        how=Note.of("note.part.how.clairvoyant_depth" + one, depth=n),
    )
    assert json.dumps(Note.keys_of(by_count)) == json.dumps(Note.keys_of(plain))
    assert json.dumps({"notes": [by_count]}) == json.dumps({"notes": [plain]})
    assert by_count == plain and by_count.fields == plain.fields
    assert [type(v) for v in (by_count.fields["n"], how.fields["depth"])] == [int, int]


def test_a_note_of_one_read_back_from_its_english_keeps_its_singular():
    """A JSON's "notes" read back (Note.read) find the singular template, so that the
    Italian is singular too."""
    note = Note.of("note.hands.consistent", n=Count(1))
    back = Note.read(str(note))
    assert back.key == "note.hands.consistent_one"
    assert note_text(back, "it") == "una sola mano dell'avversario è compatibile"


def _old_notes():
    """The swept notes whose count is said, with every combination, as an answer written
    before a count of 1 had its own template kept them: the plural English ("1 samples")."""
    for key, names, fields, never in SWEPT:
        if not key.startswith("note.") or key.startswith("note.part."):
            continue  # a part is read inside its note
        for values in itertools.product((1, 2), repeat=len(names)):
            if values not in never and 1 in values:
                yield pytest.param(key, dict(zip(names, values, strict=True)), fields,
                                   id=f"{key}{values}")


@pytest.mark.parametrize("key,counts,fields", list(_old_notes()))
def test_an_old_plural_note_read_back_is_said_in_the_singular(key, counts, fields):
    """Note.read finds which fields are counts from the templates for a count of 1, so an
    analysis's JSON written before them ("1 samples") is said "1 campione" in Italian."""
    parts = {k: v(counts) if callable(v) else v for k, v in fields.items()}
    old = ENGLISH[key].format(**parts, **counts)
    back = Note.read(old)
    assert isinstance(back, Note) and back.key == Note.of(
        key, **parts, **{name: Count(n) for name, n in counts.items()}).key, old
    said = note_text(back, "it")
    assert not PLURAL["it"].search(said) and not VERB["it"].search(said), said


# ----- every template: a count followed by a noun has its singular --------------------------
#: a field followed (past at most two words) by a plural noun: a count said with its noun
_FIELD = r"\{(\w+)(?::[^}]*)?\} (?:[^\W\d{]+ ){0,2}"
COUNTED = {lang: re.compile(_FIELD + p.pattern[len(_ONE):]) for lang, p in PLURAL.items()}
#: why a field followed by a plural noun is never a count of 1: (table, key, field) by reason
_NEVER_ONE = {
    "not a count: a number or name before a verb or another noun": [
        ("COMMAND_TEXT", "serve.open", "port"), ("LABELS", "void_at_many", "suit"),
        ("_NOTRUMP_IT", "idea.run_long_suit", "a_run"),
        ("_NOTRUMP_IT", "idea.strip_suit.run", "b_have"),
        ("ERRORS", "record.none", "path"), ("ERRORS", "record.result_differs", "stated"),
        ("ERRORS", "match.variant", "variant"), ("ERRORS", "score.seen", "b"),
        ("ERRORS", "score.seen_part", "b"), ("ERRORS", "puzzle.empty_file", "name"),
        ("ERRORS", "puzzle.no_difficulty", "name"), ("ERRORS", "puzzle.talon", "variant"),
        ("ERRORS", "puzzle.generate_talon_game", "variant"),
        ("PLAY_WORDS", "hint_samples", "hands"),  # the word itself, chosen by the count
    ],
    "a value in points, not a count (a sum of costs, an average, a score)": [
        ("BOARD_PAGE", "review.skill", "err"), ("BOARD_PAGE", "review.skill.one", "err"),
        ("BOARD_PAGE", "review.acc", "avg"), ("ERRORS", "score.seen", "won1"),
        ("ERRORS", "score.seen_part", "won1"), ("COMMAND_TEXT", "simulate.totals", "a"),
        ("COMMAND_TEXT", "simulate.totals", "b"), ("BOARD_PAGE", "trick_to", "n"),
        ("ERRORS", "note.exact.shifted", "points"),
    ],
    "a fraction ('1/1 decisions') or a limit the program sets": [
        ("BOARD_PAGE", "review.acc", "rated"), ("BOARD_PAGE", "review.acc.win", "rated"),
        ("REVIEW_TEXT", "acc_line", "rated"), ("ERRORS", "bot.info_flood", "most"),
        ("ERRORS", "engine.budget_range", "most"), ("ERRORS", "log.margins_range", "most"),
        ("ERRORS", "match.max_deals", "most"), ("ERRORS", "table.many", "most"),
        ("ERRORS", "hands.full", "size"), ("ERRORS", "hands.max", "size"),
        ("ERRORS", "hands.talon_leader", "less"), ("ERRORS", "hands.talon_leader2", "less"),
        ("ERRORS", "hands.talon_played", "less"), ("ERRORS", "note.part.carried.solved", "hi"),
    ],
    "said only of a count that is not 1 (a talon's size, even or a multiple of 4; a record's "
    "deals where it must hold one; lines beyond the one wanted; a trick's draws)": [
        ("ERRORS", "draw.not_from_talon", "n"), ("ERRORS", "draw.not_from_talon_top", "n"),
        ("ERRORS", "show.lines", "count"), ("ERRORS", "top.missing", "size"),
        ("ERRORS", "game.talon_order", "size"), ("ERRORS", "puzzle.talon", "size"),
        ("ERRORS", "explain.talon", "talon"), ("ERRORS", "explain.talon4", "talon"),
        ("ERRORS", "explain.classic_talon", "talon"), ("ERRORS", "note.extrapolated", "talon"),
        ("ERRORS", "note.part.carried.talon", "talon"), ("ERRORS", "record.not_one", "count"),
        ("ERRORS", "record.pick_game", "count"), ("ERRORS", "record.pick_game_torn", "count"),
        ("ERRORS", "record.single_deal", "count"), ("ERRORS", "record.which_deal", "count"),
        ("ERRORS", "note.hands.all_deals", "n"),  # one hand is said alike (all_hands_note)
        ("ERRORS", "search.out_of_reach", "unseen"),  # said only past 16 unseen cards
        ("BOARD_PAGE", "progress.exact", "nodes"),  # said after 2 s of search
    ],
}
NEVER_ONE = {where for fields in _NEVER_ONE.values() for where in fields}


def _templates():
    """(table, key, language, template) of every text table of solver.i18n, the keyed
    messages' English (errors.ENGLISH) and Italian (i18n.ERRORS) as the table "ERRORS"."""
    import solver.i18n

    seen: set[int] = set()

    def walk(table, obj, lang, key):
        if id(obj) in seen:
            return
        seen.add(id(obj))
        if isinstance(obj, dict):
            for k, v in obj.items():
                yield from walk(table, v, k if k in ("en", "it") else lang,
                                key if k in ("en", "it") else k)
        elif isinstance(obj, str) and isinstance(key, str):
            for one in (lang,) if lang else ("en", "it"):
                yield table, key, one, obj

    for name, value in vars(solver.i18n).items():
        if isinstance(value, dict) and value is not ENGLISH:
            yield from walk(name, value, None, None)
    yield from walk("ERRORS", ENGLISH, "en", None)


def _siblings(table: str, lang: str) -> dict:
    """The templates beside a keyed or board template, where its "_one"/".one" is."""
    from solver.i18n import BOARD_PAGE

    if table == "ERRORS":
        return ENGLISH if lang == "en" else ERRORS[lang]
    return BOARD_PAGE[lang]


def test_every_count_said_with_a_noun_has_its_singular():
    """A count filled into a template before its noun ("over {n} draws") read "over 1
    draws" where no one wrote its singular. Every such template of every table: a keyed
    message's has a "_one" template beside it (errors.Count), the board's a "KEY.one" that
    board.js ``t`` takes for {n} of 1, and any other's noun is one ``agree`` makes singular;
    or the field is in NEVER_ONE, with the reason it is never a count of 1."""
    from solver.i18n import agree

    bad, used = [], set()
    for table, key, lang, text in _templates():
        for m in COUNTED[lang].finditer(text):
            field = m.group(1)
            if (table, key, field) in NEVER_ONE or "_one" in key:  # its other counts are not 1
                used.add((table, key, field))
                continue
            one = re.sub(r"\{" + field + r"(?::[^}]*)?\}", "1", m.group(0))
            if table in ("ERRORS", "BOARD_PAGE"):
                words = _siblings(table, lang)
                mark = ".one" if table == "BOARD_PAGE" else "_one"
                ok = any(k.startswith(key + mark) for k in words)
                ok = ok and (table != "BOARD_PAGE" or field == "n")
            else:
                ok = not PLURAL[lang].search(agree(one, lang))
            if not ok:
                bad.append(f"{table} {key} ({lang}): {m.group(0)!r}")
    assert not bad, "\n".join(bad)
    assert NEVER_ONE <= used, NEVER_ONE - used


# ----- the texts filled outside the keyed messages -------------------------------------------
def test_a_progress_line_of_one_sample_is_singular():
    """A search's progress line said "estimate: 2.0 s, 1 samples" in English and "1 campioni"
    in Italian (progress_text, the board's words)."""
    from solver.analysis.sampler import best_line
    from solver.cards import parse_card
    from solver.i18n import progress_text

    for n, en, it in ((1, "1 sample,", "1 campione,"), (2, "2 samples,", "2 campioni,")):
        line = best_line("estimate", 2.0, n, parse_card("AB"), 1.5)
        assert en in line and it in progress_text(line, "it"), (line, progress_text(line, "it"))
        for lang in ("en", "it"):
            said = str(line) if lang == "en" else progress_text(line, lang)
            assert n != 1 or not PLURAL[lang].search(said), said


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_commands_line_agrees_its_counts_in_both_languages(lang):
    """command_text agreed Italian alone: "found 0/5 puzzles in 1 positions", "(… in 1
    processes)" in English, "in 1 processi" in Italian."""
    from solver.i18n import command_text

    lines = [
        command_text(lang, "generate.progress", found=0, count=5, tried=1),
        command_text(lang, "warmup.ready", n=3, kernels="kernels", wall="1.0", cpu="2.0",
                     jobs=1, compiled=3, cached=0),
    ]
    for line in lines:
        assert not PLURAL[lang].search(line), line
    assert "2 " + {"en": "processes", "it": "processi"}[lang] in command_text(
        lang, "warmup.ready", n=3, kernels="k", wall="1", cpu="2", jobs=2, compiled=3, cached=0)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_an_interrupted_reviews_count_of_one_is_singular(lang):
    """A review stopped after its first move said "l'analisi copre 1 mosse su 20"."""
    from solver import review as R

    from solver.cards import parse_card

    move = R.MoveReview(deal=1, number=1, trick=1, player=0, card=parse_card("AD"), choices=1,
                        best=(parse_card("AD"),), seat_view=False)
    for total in (20, 1):
        text = R.render_review(R.Review((move,), ("a", "b"), total, (None,), interrupted=True),
                               lang)
        assert {"en": "1 of", "it": "1 mossa su"}[lang] in text, text
        assert not PLURAL[lang].search(text), text


def test_a_records_deck_of_one_card_is_singular():
    """ "(it has 1 cards)": record.deck_size is made with its count a Count."""
    from solver.players.agents import play_deal
    from solver.record import RecordError, check_record, deal_record

    for size, key in ((1, "record.deck_size_one"), (2, "record.deck_size")):
        rec = deal_record(play_deal("scoperta", "greedy,random", seed=21), seed=21)
        rec["deck"] = rec["deck"][:size]
        with pytest.raises(RecordError) as e:
            check_record(rec)
        assert e.value.key == key
        for lang in ("en", "it"):
            said = error_text(e.value, lang)
            assert f"ha {size})" in said if lang == "it" else f"has {size} card" in said
            assert not PLURAL[lang].search(said), said
