"""One home for the words: every en/it table lives in solver/i18n.py, each table has the
same keys in both languages, and no module adds to a table when it is imported."""
from __future__ import annotations

import pathlib
import re
from fractions import Fraction

import pytest

from solver import i18n

ROOT = pathlib.Path(__file__).resolve().parent.parent
TABLES = ["MESSAGES", "VERBS", "TEAM_WORDS", "REVIEW_TEXT", "LABELS", "PICTURE_LABELS",
          "COMMAND_TEXT"]


@pytest.mark.parametrize("name", TABLES)
def test_both_languages_have_the_same_keys(name):
    table = getattr(i18n, name)
    assert set(table) == set(i18n.LANGS)
    assert set(table["en"]) == set(table["it"])


def test_every_title_has_its_italian():
    for title in i18n.TITLES.values():
        assert title in i18n.TITLES_IT


def test_no_language_table_outside_i18n():
    found = []
    for path in sorted((ROOT / "solver").rglob("*.py")):
        if path.name == "i18n.py":
            continue
        text = path.read_text(encoding="utf-8")
        if re.search(r"""^\s*["']it["']\s*:\s*\{""", text, re.M):
            found.append(str(path.relative_to(ROOT)))
        if re.search(r"\b(MESSAGES|VERBS|WORDS|TEXT|LABELS|TITLES\w*)\[[^\]]+\]\.update\(", text):
            found.append(str(path.relative_to(ROOT)) + " (update)")
    assert found == []


def test_message_refuses_an_unknown_language():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        i18n.message("fr", "play.right")
    assert i18n.message("it", "play.score", right=1, done=2) == "Punteggio: 1/2."


def test_suit_names_and_fractions():
    assert i18n.suit_name(2, "it") == "denari" and i18n.suit_name(2, "en") == "coins"
    assert i18n.fmt_fraction(None) == "?"
    assert i18n.fmt_fraction(Fraction(-3, 2)) == "-3/2"
