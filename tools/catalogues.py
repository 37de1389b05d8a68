"""The page's gettext catalogues: extract the words of the page into the template, merge it
into each language's catalogue, compile a catalogue, and write a page in a language.

    python tools/catalogues.py extract   # web/**.py and index.html -> web/locale/*.po(t)
    python tools/catalogues.py check     # every catalogue complete, placeholders matching

The words come from two places, under one template (``web/locale/messages.pot``):

- the page's Python (``web/``): every ``_()``, ``N_()``, ``ngettext()`` and ``pgettext()``
  of :mod:`web.words.catalogue`, with the ``# Translators:`` comments above them;
- the page itself (``index.html``): the text between its tags (not scripts or styles,
  nor under ``translate="no"``: the languages' own names) and the attributes a person
  reads or hears (:data:`PAGE_ATTRIBUTES`), whitespace folded; not "Tablut", nor a
  letter alone (a key's name: P, L).

Each language's catalogue is ``web/locale/<code>.po``, the GNU gettext format translators
and their tools know. ``tools/build_site.py`` compiles them (:func:`compile_catalogue`) into
the page's archive and writes a page for each language (:func:`translate_page`).
Needs Babel (pinned in requirements.lock): ``make site`` runs the build in the project's
virtual environment.
"""

from __future__ import annotations

import gettext
import html
import io
import re
import string
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from web.words.catalogue import LANGUAGES, SOURCE_LANGUAGE  # noqa: E402

#: Where the catalogues live, and the template's name there.
LOCALE = ROOT / "web" / "locale"
TEMPLATE = "messages.pot"

#: The comment at the head of every catalogue.
HEADER = ("# {language} words of the Tablut page, one entry a message of its Python and its\n"
          "# markup. Made and merged by tools/catalogues.py extract; compiled by the build.")

#: The calls that mark the page's words (:mod:`web.words.catalogue`).
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}

#: The comments above a call that are for its translators.
COMMENT_TAG = "Translators:"

#: Attributes of the page's markup that a person reads or hears.
PAGE_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")

#: Elements whose text is not words: code and style.
NOT_WORDS = {"script", "style"}

#: Elements that have no end tag.
VOID = {"meta", "link", "input", "br", "img", "source", "path", "circle", "rect", "line"}

#: Text of the page that is a name in every language, or no words at all.
UNTRANSLATED = re.compile(r"^(Tablut|[A-Z]|[^A-Za-z]*)$")


@dataclass(frozen=True)
class PageText:
    """One piece of the page's words: where it stands in the page's source
    (``start``..``end``, the raw text with its entities) and the words themselves, with
    their whitespace folded (the msgid)."""

    start: int
    end: int
    words: str


class _PageReader(HTMLParser):
    """Finds :class:`PageText` pieces in a page's source."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.text = text
        self.lines = [0]
        for line in text.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.found: list[PageText] = []
        self.open: list[str] = []
        # How many of the open elements say translate="no" (the languages' own names).
        self.kept: list[bool] = []
        self.data_start: int | None = None

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def _end_data(self) -> None:
        """The text run since :attr:`data_start` ends here (at a tag or the end)."""
        if self.data_start is None:
            return
        start, end = self.data_start, self._offset()
        self.data_start = None
        if (self.open and self.open[-1] in NOT_WORDS) or any(self.kept):
            return
        self._add(start, end, self.text[start:end])

    def _add(self, start: int, end: int, raw: str) -> None:
        words = " ".join(html.unescape(raw).split())
        if words and not UNTRANSLATED.match(words):
            lead = len(raw) - len(raw.lstrip())
            trail = len(raw) - len(raw.rstrip())
            self.found.append(PageText(start + lead, end - trail, words))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._end_data()
        start = self._offset()
        self._attributes(start, self.get_starttag_text() or "", attrs, tag)
        if tag not in VOID:
            self.open.append(tag)
            self.kept.append(dict(attrs).get("translate") == "no")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._end_data()
        self._attributes(self._offset(), self.get_starttag_text() or "", attrs, tag)

    def _attributes(self, start: int, source: str, attrs: list[tuple[str, str | None]],
                    tag: str) -> None:
        names = dict(attrs)
        wanted = list(PAGE_ATTRIBUTES)
        if tag == "meta" and names.get("name") == "description":
            wanted.append("content")
        for name in wanted:
            found = re.search(rf'\s{name}="([^"]*)"', source)
            if found:
                self._add(start + found.start(1), start + found.end(1), found.group(1))

    def handle_endtag(self, tag: str) -> None:
        self._end_data()
        if tag in self.open:
            while self.open:
                self.kept.pop()
                if self.open.pop() == tag:
                    break

    def handle_data(self, data: str) -> None:
        if self.data_start is None:
            self.data_start = self._offset()

    def handle_comment(self, data: str) -> None:
        self._end_data()

    def handle_decl(self, decl: str) -> None:
        self._end_data()


def page_texts(text: str) -> list[PageText]:
    """The words of the page ``text``, in order."""
    reader = _PageReader(text)
    reader.feed(text)
    reader.close()
    reader._end_data()
    return reader.found


def translate_page(text: str, translations: gettext.NullTranslations, language: str) -> str:
    """The page ``text`` in ``language``: each of its words replaced by its translation,
    and ``<html lang>`` saying so."""
    pieces, at = [], 0
    for piece in page_texts(text):
        words = html.escape(translations.gettext(piece.words), quote=False)
        pieces += [text[at:piece.start], words.replace('"', "&quot;")]
        at = piece.end
    pieces.append(text[at:])
    translated = "".join(pieces)
    return re.sub(r'<html lang="[^"]*"', f'<html lang="{language}"', translated, count=1)


def template_catalogue(root: Path = ROOT) -> Catalog:
    """Every word of the page's Python and of its markup, as a template."""
    catalogue = Catalog(project="Tablut", version="1", msgid_bugs_address="", fuzzy=False,
                        header_comment=HEADER.format(language="The"))
    web = root / "web"
    for path, line, message, comments, context in extract_from_dir(
            web, keywords=KEYWORDS, comment_tags=(COMMENT_TAG,), strip_comment_tags=True):
        location = (f"web/{path}", line)
        catalogue.add(message, locations=[location], auto_comments=comments, context=context)
    page = (root / "index.html").read_text(encoding="utf-8")
    for piece in page_texts(page):
        line = page.count("\n", 0, piece.start) + 1
        catalogue.add(piece.words, locations=[("index.html", line)])
    return catalogue


def page_name(language: str) -> str:
    """The file of the page in ``language``: ``index.html`` in English, else
    ``index.<code>.html`` beside it (web/paint.js moves a visitor to the page of their
    language before anything is drawn)."""
    return "index.html" if language == SOURCE_LANGUAGE else f"index.{language}.html"


def catalogue_path(language: str, root: Path = ROOT) -> Path:
    """Where the catalogue of ``language`` is kept."""
    return root / "web" / "locale" / f"{language}.po"


def read_catalogue(language: str, root: Path = ROOT) -> Catalog:
    """The catalogue of ``language`` as kept."""
    with catalogue_path(language, root).open("rb") as source:
        return read_po(source, locale=_babel_locale(language))


def _babel_locale(language: str) -> str:
    return {"nb": "nb_NO"}.get(language, language)


def extract(root: Path = ROOT) -> list[str]:
    """Write the template and merge it into every language's catalogue (new words empty,
    words no longer used kept as obsolete); return the languages written."""
    template = template_catalogue(root)
    folder = root / "web" / "locale"
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / TEMPLATE).open("wb") as out:
        write_po(out, template, width=100, omit_header=False)
    written = []
    for language in LANGUAGES:
        if language == SOURCE_LANGUAGE:
            continue
        path = catalogue_path(language, root)
        if path.exists():
            catalogue = read_catalogue(language, root)
        else:
            catalogue = Catalog(locale=_babel_locale(language), project="Tablut", fuzzy=False)
        catalogue.update(template, no_fuzzy_matching=True)
        catalogue.header_comment = HEADER.format(language=catalogue.locale.english_name)
        catalogue.project, catalogue.version = "Tablut", "1"
        with path.open("wb") as out:
            write_po(out, catalogue, width=100, ignore_obsolete=True)
        written.append(language)
    return written


def compile_catalogue(language: str, root: Path = ROOT) -> bytes:
    """The compiled catalogue (``.mo``) of ``language``."""
    if language == PSEUDO:
        return pseudo_catalogue(root)
    out = io.BytesIO()
    write_mo(out, read_catalogue(language, root))
    return out.getvalue()


def translations(language: str, root: Path = ROOT) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` as Python's gettext reads it (English: none;
    :data:`PSEUDO`: the pseudo-language)."""
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(compile_catalogue(language, root)))


#: The code of the pseudo-language that only the tests use: every word accented and
#: bracketed, so that a word of the page that escapes the catalogues shows (a test page
#: built with ``build_site.py --pseudo``).
PSEUDO = "qps"

_ACCENTED = str.maketrans("aceinouyACEINOUY", "áçéíñóúýÁÇÉÍÑÓÚÝ")


def pseudo_text(text: str) -> str:
    """``text`` in the pseudo-language: its letters accented (its placeholders kept) and
    the whole in brackets: "Black wins" -> "⟦Bláçk wíñs⟧"."""
    parts = []
    for literal, name, spec, conversion in string.Formatter().parse(text):
        parts.append(literal.translate(_ACCENTED))
        if name is not None:
            parts.append("{" + name + (f"!{conversion}" if conversion else "")
                         + (f":{spec}" if spec else "") + "}")
    return "⟦" + "".join(parts) + "⟧"


def pseudo_catalogue(root: Path = ROOT) -> bytes:
    """The compiled catalogue of the pseudo-language: every word of the template."""
    catalogue = Catalog(locale="en", project="Tablut")
    for message in template_catalogue(root):
        if not message.id:
            continue
        if isinstance(message.id, str):
            string_ = pseudo_text(message.id)
        else:
            string_ = (pseudo_text(message.id[0]), pseudo_text(message.id[1]))
        catalogue.add(message.id, string_, context=message.context)
    out = io.BytesIO()
    write_mo(out, catalogue)
    return out.getvalue()


def placeholders(text: str) -> set[str]:
    """The named placeholders of ``text`` ("{square}")."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def problems(language: str, root: Path = ROOT) -> Iterator[str]:
    """What is wrong with the catalogue of ``language``: a message untranslated or fuzzy,
    or a translation whose placeholders are not the English ones."""
    template = {(m.id if isinstance(m.id, str) else m.id[0], m.context)
                for m in template_catalogue(root) if m.id}
    catalogue = read_catalogue(language, root)
    if catalogue.fuzzy:
        yield f"{language}: the catalogue's header is marked fuzzy"
    for message in catalogue:
        if not message.id:
            continue
        yield from _message_problems(language, message)
    kept = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalogue if m.id}
    for missing in sorted(template - kept, key=str):
        yield f"{language}: {missing[0]!r} is not in the catalogue: run extract"


def _message_problems(language: str, message: Message) -> Iterator[str]:
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    strings = [message.string] if isinstance(message.string, str) else list(message.string)
    if message.fuzzy or not all(strings):
        yield f"{language}: {ids[0]!r} is not translated"
        return
    wanted = placeholders(ids[-1]) | placeholders(ids[0])
    for text in strings:
        try:
            have = placeholders(text)
        except ValueError as error:
            yield f"{language}: {ids[0]!r}: {error}"
            continue
        if not have <= wanted or (len(ids) == 1 and have != wanted):
            yield f"{language}: {ids[0]!r} has placeholders {sorted(have)}, not {sorted(wanted)}"


def main(argv: list[str] | None = None) -> int:
    """Command line: ``extract`` or ``check``."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["extract"]:
        print("catalogues: wrote", ", ".join(extract()))
        return 0
    if args == ["check"]:
        found = [p for language in LANGUAGES if language != SOURCE_LANGUAGE
                 for p in problems(language)]
        print("\n".join(found) or "catalogues: every message translated")
        return 1 if found else 0
    print(__doc__.splitlines()[0], "\nusage: catalogues.py extract|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
