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
]

#: a count of 1 (not 11, 2.1, 0,1 or 2/1) and, past at most two words, a plural noun
_ONE = r"(?<![\w.,/])1 (?:[^\W\d]+ ){0,2}"
PLURAL = {
    "en": re.compile(
        _ONE + r"(?:cards|positions|tasks|samples|hands|rows|lines|moves|searches|tricks|"
        r"draws|orders|workers|leaves|deals|points)\b"
    ),
    "it": re.compile(
        _ONE + r"(?:carte|posizioni|compiti|campioni|mani|righe|mosse|ricerche|prese|pescate|"
        r"ordini|processi|foglie|smazzate|punti|campionate|campionati|compatibili|corrette|"
        r"enumerate|lette)\b"
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
