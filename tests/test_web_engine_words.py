"""The page's words for the engine's values (web/words/engine.py) say, with no catalogue
installed, exactly the text interface's English (tablut/english.py), so the two never
drift; every NotationError code the engine raises has words on the page."""

from __future__ import annotations

import ast
import gettext
import string
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

import tablut
from tablut import (
    RULES,
    Board,
    Illegal,
    NotationError,
    Outcome,
    Reason,
    Side,
    english,
    explain_illegal,
    illegal_reason,
)
from tablut.ai import LEVELS
from web.words import catalogue
from web.words import engine as words

PACKAGE = Path(tablut.__file__).parent

# A value for each placeholder the sentences name; the text has a quote in it, which
# Python's quoting changes.
SAMPLES: dict[str, object] = {
    "text": "it's e5", "start": "z9", "letter": "c", "row": "3x5", "square": "e5",
    "size": 9, "count": 2, "rules": "ashton", "last_file": "i",
}


def _params(code: str) -> dict[str, object]:
    """Sample params for an error of ``code``: one for each placeholder of its English
    (``{piece}`` is the text interface's name for the ``letter``)."""
    fields = {name for _, name, _, _ in string.Formatter().parse(english.NOTATION_ERRORS[code])
              if name}
    return {name: SAMPLES[name] for name in fields - {"piece"}}


def _raised_codes() -> Iterator[tuple[str, str]]:
    """Every code written in a ``NotationError(...)`` of the engine, with its file."""
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "NotationError" and node.args):
                first = node.args[0]
                choices = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
                for choice in choices:
                    if isinstance(choice, ast.Constant) and isinstance(choice.value, str):
                        yield choice.value, path.name


@pytest.fixture
def marked() -> Iterator[None]:
    """A catalogue that marks every text it translates."""

    class Marked(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return f"«{message}»"

        def ngettext(self, singular: str, plural: str, n: int) -> str:
            return f"«{singular if n == 1 else plural}»"

        def pgettext(self, context: str, message: str) -> str:
            return f"«{message}»"

    catalogue.install(Marked(), "fr")
    yield
    catalogue.install(gettext.NullTranslations(), catalogue.SOURCE_LANGUAGE)


# -- NotationError --------------------------------------------------------------------------------

def test_every_code_the_engine_raises_has_words_here_and_on_the_page() -> None:
    raised = dict(_raised_codes())
    assert len(raised) >= 20
    assert set(raised) <= set(english.NOTATION_ERRORS) | {"record-other-piece"}, raised
    assert set(raised) <= words.error_codes()
    assert words.error_codes() == set(english.NOTATION_ERRORS)


@pytest.mark.parametrize("code", sorted(english.NOTATION_ERRORS))
def test_an_error_reads_the_same_on_the_page_as_in_the_text_interface(code: str) -> None:
    params = _params(code)
    letters = english.OPENTAFL_PIECES if code == "record-other-piece" else "c"
    for letter in letters:
        if "letter" in params:
            params["letter"] = letter
        error = NotationError(code, **params)
        assert words.error_text(error) == str(error) == english.notation_error_text(code, params)


def test_the_errors_the_engine_raises_read_the_same() -> None:
    for text in ("e5", "z9-5", "e5-z", "e5-f6", "e5-5", "--- b"):
        with pytest.raises(NotationError) as raised:
            tablut.parse_move(text)
        assert words.error_text(raised.value) == str(raised.value)
        assert "'" in str(raised.value)  # the text is quoted, as it always was


def test_an_error_made_from_a_message_is_that_message() -> None:
    error = NotationError("unknown rules 'x'")
    assert words.error_text(error) == str(error) == "unknown rules 'x'"


def test_the_page_translates_every_error(marked: None) -> None:
    for code in words.error_codes():
        params = _params(code)
        assert words.error_text(NotationError(code, **params)).startswith("«")


# -- how a game ended, why a move is illegal -------------------------------------------------------

OUTCOMES = [Outcome(winner, reason) for reason in Reason
            for winner in (None, Side.BLACK, Side.WHITE)]


@pytest.mark.parametrize("outcome", OUTCOMES, ids=str)
def test_an_outcome_reads_the_same(outcome: Outcome) -> None:
    assert words.outcome_text(outcome) == outcome.describe()


def _illegals() -> Iterator[Illegal]:
    for code in english.ILLEGAL:
        if code == "game-over":
            for outcome in OUTCOMES:
                yield Illegal("e5-7", code, {"winner": outcome.winner,
                                             "reason": outcome.reason.value})
        elif code == "not-your-piece":
            for side in Side:
                yield Illegal("e5-7", code, {"square": "e5", "side": side,
                                             "owner": side.opponent})
        else:
            yield Illegal("e5-7", code, {"square": "e6"})


@pytest.mark.parametrize("illegal", list(_illegals()), ids=lambda i: i.code)
def test_why_a_move_is_illegal_reads_the_same(illegal: Illegal) -> None:
    assert words.illegal_text(illegal) == illegal.text()
    clause = english.illegal_clause(illegal.code, illegal.params)
    # As a sentence of its own: the clause with a capital and a full stop (a square's
    # name that opens it keeps its small letter).
    head = clause if english.ILLEGAL[illegal.code].startswith("{square}") else (
        clause[:1].upper() + clause[1:])
    assert words.illegal_sentence(illegal) == head + "."


@pytest.mark.parametrize("rules", sorted(RULES))
def test_the_moves_of_a_start_position_are_explained_the_same(rules: str) -> None:
    board = Board.start(RULES[rules])
    size = board.rules.size
    seen = set()
    for frm in range(size * size):
        for to in range(size * size):
            if frm != to and (frm // size == to // size or frm % size == to % size):
                illegal = illegal_reason(board, (frm, to))
                if illegal is None:
                    assert explain_illegal(board, (frm, to)) == ""
                    continue
                seen.add(illegal.code)
                assert words.illegal_text(illegal) == explain_illegal(board, (frm, to))
    assert {"no-piece", "not-your-piece", "occupied"} <= seen


def test_the_page_translates_every_outcome_and_reason(marked: None) -> None:
    assert all(words.outcome_text(outcome).startswith("«") for outcome in OUTCOMES)
    assert all(words.illegal_text(i).startswith("«") for i in _illegals())
    assert all(words.illegal_sentence(i).startswith("«") for i in _illegals())


# -- rule sets and levels ------------------------------------------------------------------------

CUSTOM = [replace(RULES["berkeley"], name="opentafl-linnaeus", variant="Linnaeus"),
          replace(RULES["berkeley"], name="opentafl-custom", variant="")]


@pytest.mark.parametrize("rules", [*RULES.values(), *CUSTOM], ids=lambda r: r.name)
def test_a_rule_set_is_named_and_summed_up_the_same(rules: tablut.Rules) -> None:
    assert words.rules_title(rules) == rules.title == english.rules_title(rules.name,
                                                                          rules.variant)
    assert words.rules_summary(rules) == rules.summary == english.rules_summary(rules.name)


def test_the_rule_sets_english_is_as_it_was() -> None:
    assert RULES["nielsen"].title == "Nielsen (corner escape)"
    assert RULES["berkeley"].summary.startswith("The king escapes to any edge. He is")
    assert CUSTOM[0].title == "Linnaeus" and CUSTOM[1].title == "OpenTafl rules"
    assert set(english.RULES_TITLES) == set(english.RULES_SUMMARIES) == set(RULES)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_level_is_named_the_same(level: int) -> None:
    assert words.level_name(level) == LEVELS[level].name == english.level_name(level)
    assert words.level_description(level) == LEVELS[level].description


def test_the_page_translates_rule_sets_and_levels(marked: None) -> None:
    for rules in RULES.values():
        assert words.rules_title(rules).startswith("«")
        assert words.rules_summary(rules).startswith("«")
    assert words.rules_title(CUSTOM[0]) == "Linnaeus"  # a proper name, as the string gave it
    for level in LEVELS:
        assert words.level_name(level).startswith("«")
        assert words.level_description(level).startswith("«")


@pytest.mark.parametrize("fragment", ["x=1", "v=2", "v=1&rules=zzz", "v=1&moves=d1-9",
                                      "v=1&moves=zz", "v=1&moves=d1-4&ply=7x"])
def test_a_bad_links_words_are_the_text_interfaces(fragment: str) -> None:
    from tablut.links import LinkError, game_from_fragment
    from web.words.engine import link_problem

    with pytest.raises(LinkError) as refused:
        game_from_fragment(fragment)
    assert refused.value.code and link_problem(refused.value) == str(refused.value)


#: An OpenTafl record whose first move starts from an empty square.
OTG_ILLEGAL = (PACKAGE.parent / "tests/fixtures/opentafl/probe-records/"
               "probe-king-escape-with-capture.otg"
               ).read_text(encoding="utf-8").replace("1. Kb7-a7xa8", "1. e1-e5", 1)


@pytest.mark.parametrize("record", [
    '[Rules "berkeley"]\n\n1. d1-4 e3-d\n2. d4-9\n', '[Foo "x"]\n1. d1-4',
    '1. d1-4 e3-d\n[Rules "berkeley"]', "1. zz", '[Start "xx"]\n',
    "[rules:dim:9]\n1. e1-e2", "[foo]\nbar", OTG_ILLEGAL,
])
def test_a_bad_records_words_are_the_text_interfaces(record: str) -> None:
    from tablut.formats import read_game
    from tablut.transcript import TranscriptError
    from web.words.engine import transcript_problem

    with pytest.raises(TranscriptError) as refused:
        read_game(record)
    assert transcript_problem(refused.value) == refused.value.problem
