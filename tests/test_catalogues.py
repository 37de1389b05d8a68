"""The page's gettext catalogues (``web/locale/``, ``tools/catalogues.py``): every word
translated in every language with the English placeholders, each language's plural rule,
the template current, and the page's own markup translated whole."""

from __future__ import annotations

import gettext
import io
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from catalogues import (  # noqa: E402
    PSEUDO,
    TEMPLATE,
    page_texts,
    placeholders,
    problems,
    pseudo_text,
    read_catalogue,
    template_catalogue,
    translate_page,
    translations,
)

from web.words.catalogue import LANGUAGES, SOURCE_LANGUAGE  # noqa: E402

TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
PAGE = (ROOT / "index.html").read_text(encoding="utf-8")

#: The plural form each language uses for 0, 1, 2, 5, 21 and 22 items, as its grammar
#: has it: one form for one and another for the rest (Germanic languages, Finnish);
#: French counts zero as one; Spanish, Italian and French keep a third form (CLDR's
#: "many") for round millions, which none of these counts is.
PLURAL_FORMS = {
    "da": [1, 0, 1, 1, 1, 1], "de": [1, 0, 1, 1, 1, 1], "nb": [1, 0, 1, 1, 1, 1],
    "sv": [1, 0, 1, 1, 1, 1], "fi": [1, 0, 1, 1, 1, 1],
    "es": [2, 0, 2, 2, 2, 2], "it": [2, 0, 2, 2, 2, 2], "fr": [0, 0, 2, 2, 2, 2],
}
COUNTS = [0, 1, 2, 5, 21, 22]


def _key(message) -> tuple[str, str | None]:
    return (message.id if isinstance(message.id, str) else message.id[0], message.context)


def test_the_template_holds_every_word_of_the_page() -> None:
    """``messages.pot`` is what ``tools/catalogues.py extract`` makes of the code now: no
    word was added or changed without being catalogued."""
    with (ROOT / "web" / "locale" / TEMPLATE).open("rb") as kept:
        stored = {_key(m) for m in read_po(kept) if m.id}
    current = {_key(m) for m in template_catalogue() if m.id}
    assert sorted(current - stored, key=str) == [], "run: python tools/catalogues.py extract"
    assert sorted(stored - current, key=str) == [], "run: python tools/catalogues.py extract"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(language: str) -> None:
    """None empty, none fuzzy, and the same named placeholders as the English."""
    assert list(problems(language)) == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_forms_follow_the_language(language: str) -> None:
    """The catalogue's Plural-Forms header, evaluated by Python's gettext, chooses the
    form the language's grammar does; and every plural message has that many forms."""
    catalogue = read_catalogue(language)
    header = catalogue.plural_forms
    rule = gettext.c2py(header.split("plural=", 1)[1].rstrip(";"))
    assert [rule(n) for n in COUNTS] == PLURAL_FORMS[language]
    for message in catalogue:
        if message.id and not isinstance(message.id, str):
            assert len(message.string) == catalogue.num_plurals, message.id


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_plural_message_says_its_count_in_every_form(language: str) -> None:
    """"{count} moves" for 0, 1, 2, 5, 21 and 22 in the compiled catalogue: each
    translation found, with the count in it."""
    words = translations(language)
    plurals = [m for m in read_catalogue(language) if m.id and not isinstance(m.id, str)]
    for message in plurals:
        for count in COUNTS:
            text = words.npgettext(message.context, *message.id, count) if message.context \
                else words.ngettext(*message.id, count)
            assert text not in message.id or language == "en", (message.id, count)
            if "count" in placeholders(message.id[1]):
                assert "{count}" in text, (message.id, count, text)


def test_the_page_in_a_language_translates_every_word_of_it() -> None:
    """Every piece of index.html's words, in the pseudo-language: nothing left in
    English, the markup around the words unchanged."""
    pseudo = gettext.GNUTranslations(io.BytesIO(_pseudo_mo()))
    translated = translate_page(PAGE, pseudo, PSEUDO)
    assert '<html lang="qps"' in translated
    pieces = page_texts(translated)
    assert len(pieces) == len(page_texts(PAGE)) > 50
    assert [p.words for p in pieces if not p.words.startswith("⟦")] == []


def test_the_page_in_english_is_the_page() -> None:
    assert translate_page(PAGE, gettext.NullTranslations(), "en") == PAGE


def test_pseudo_words_keep_their_placeholders() -> None:
    text = "{side} wins: the king reached {square}."
    assert placeholders(pseudo_text(text)) == {"side", "square"}
    assert pseudo_text(text).startswith("⟦") and "king" not in pseudo_text(text)


def _pseudo_mo() -> bytes:
    from catalogues import pseudo_catalogue

    return pseudo_catalogue()
