"""The page's language: every sentence the page shows goes through this module's
functions, which look it up in the GNU gettext catalogue of the player's language
(``web/locale/<code>.po``, compiled at build time, :mod:`tools.catalogues`).

The English text is the key (the msgid), so the page reads in English when no catalogue
is installed, natively and in the tests. Placeholders are named (``{square}``), never
positional or f-strings inside a call, so that a translator may move them.

A module-level constant that holds words is marked with :func:`N_` and translated where
it is shown, with :func:`_`: modules are imported before the player's language is known
(the page's interpreter starts from a memory snapshot), so a translation looked up at
import would always be English.
"""

from __future__ import annotations

import gettext
from pathlib import Path

#: The page's languages: code (an option value of ``<select id="language">`` and the
#: ``<html lang>`` of its page) and the language's name in itself, in the menu's order.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "da": "Dansk",
    "de": "Deutsch",
    "es": "Español",
    "fr": "Français",
    "it": "Italiano",
    "nb": "Norsk bokmål",
    "fi": "Suomi",
    "sv": "Svenska",
}

#: The language of the msgids, and of a page with no catalogue.
SOURCE_LANGUAGE = "en"

_installed: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def install(translations: gettext.NullTranslations, language: str) -> None:
    """Make ``translations`` (a compiled catalogue of ``language``) the one every
    following lookup reads."""
    global _installed, _language
    _installed, _language = translations, language


#: Where the build puts the compiled catalogues in the page's archive (tools/build_site.py).
COMPILED = Path(__file__).resolve().parent.parent / "locale"


def install_language(language: str) -> None:
    """Install the compiled catalogue of ``language`` (``web/locale/<code>.mo``, in the
    page's archive); English needs none. OSError when the catalogue is missing."""
    if language == SOURCE_LANGUAGE:
        install(gettext.NullTranslations(), language)
        return
    with (COMPILED / f"{language}.mo").open("rb") as catalogue:
        install(gettext.GNUTranslations(catalogue), language)


def language_page(code: str) -> str:
    """The address of the page in the language ``code``, relative to the page: English is
    the site's index.html, every other ``index.<code>.html`` beside it (the build writes
    them, tools/catalogues.py's ``page_name``)."""
    return "./" if code == SOURCE_LANGUAGE else f"./index.{code}.html"


def language() -> str:
    """The code of the installed language ("en" when none is)."""
    return _language


def _(message: str) -> str:
    """``message`` in the installed language."""
    return _installed.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` that the installed language uses for
    ``count`` (its own plural rule: Finnish and Italian have two forms, as English does;
    a catalogue may have more). The caller formats the count in: the result still holds
    its ``{count}`` placeholder."""
    return _installed.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the installed language, in ``context``: the same English word
    used in two senses ("Black" the side, "black" in a sentence) is two entries of the
    catalogue."""
    return _installed.pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 (the name gettext tools know)
    """Mark ``message`` for the catalogue without translating it (a constant made at
    import); translate it with :func:`_` where it is shown."""
    return message


def joined(items: list[str], last: str = "and") -> str:
    """``items`` as one list in the installed language: "a", "a and b", "a, b and c"
    (``last`` "or": "a, b or c")."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    head = _(", ").join(items[:-1])
    if last == "or":
        # Translators: the end of a list of choices: "e4, e5 or e6".
        return _("{items} or {last}").format(items=head, last=items[-1])
    # Translators: the end of a list: "e4, e5 and e6".
    return _("{items} and {last}").format(items=head, last=items[-1])
