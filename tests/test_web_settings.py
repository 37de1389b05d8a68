"""The settings: one declarative entry per setting (its control, how the control's value
is read, what makes it invalid, what a change does), a saved record that is checked field
by field, and a change the session refuses, with the reason, without changing anything."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

import pytest
from session_helpers import FakeTime, human_game, said

from tablut import RULES, Side, parse_move
from tablut.ai import LEVELS
from web.models.clocks import ClockError
from web.models.settings import (
    BY_FIELD,
    MAX_LIMIT,
    SETTINGS,
    Effect,
    Settings,
    StateError,
    read_clock,
    validated,
)
from web.models.state import PageState


def test_every_field_has_one_setting() -> None:
    assert [s.field for s in SETTINGS] == [s.field for s in BY_FIELD.values()]
    assert sorted(BY_FIELD) == sorted(f.name for f in fields(Settings))
    controls = [s.control for s in SETTINGS if s.control is not None]
    assert len(controls) == len(set(controls))
    assert {s.field for s in SETTINGS if s.checkbox} == {"match", "sound"}
    assert BY_FIELD["analysis"].control is None  # a button opens the panel, not the form


def test_the_default_settings_are_valid() -> None:
    assert validated(Settings()) == Settings()
    assert not Settings().sound  # a page is silent until asked


@pytest.mark.parametrize(("field", "bad"), [
    ("black", "robot"), ("white", ""), ("level", 0), ("level", max(LEVELS) + 1),
    ("level", True), ("level", "3"), ("rules", "chess"), ("seed", -1), ("seed", 2**53),
    ("seed", 1.5), ("limit", 0), ("limit", MAX_LIMIT + 1), ("limit", "7"),
    ("match", "yes"), ("analysis", 1), ("sound", None), ("clock", "5"), ("clock", None),
    ("clock", "05+3"),
])
def test_each_bad_field_is_refused_by_name(field: str, bad: Any) -> None:
    with pytest.raises(StateError, match=f"the setting {field}:"):
        validated(replace(Settings(), **{field: bad}))


@pytest.mark.parametrize(("field", "good"), [
    ("black", "computer"), ("level", min(LEVELS)), ("rules", "ashton"), ("seed", 2**53 - 1),
    ("limit", None), ("limit", MAX_LIMIT), ("match", True), ("clock", "10s"),
    ("clock", ""), ("sound", True),
])
def test_each_good_value_passes(field: str, good: Any) -> None:
    assert getattr(validated(replace(Settings(), **{field: good})), field) == good


def test_a_saved_record_without_the_sound_setting_reads_as_silent() -> None:
    data = Settings().to_dict()
    del data["sound"]
    assert Settings.from_dict(data) == Settings()
    with pytest.raises(StateError, match="unknown settings"):
        Settings.from_dict({**data, "volume": 11})
    with pytest.raises(StateError, match="not an object"):
        Settings.from_dict([])


@pytest.mark.parametrize(("field", "value", "read"), [
    ("level", "3", 3), ("seed", " 42 ", 42), ("limit", "", None), ("limit", "0", None),
    ("limit", "25", 25), ("clock", "", ""), ("clock", " 05+3 ", "5+3"), ("clock", "30s", "30s"),
    ("match", True, True), ("black", "computer", "computer"),
])
def test_a_controls_value_is_read_as_the_setting(field: str, value: object,
                                                read: object) -> None:
    assert BY_FIELD[field].read(value) == read


def test_a_clock_is_read_as_the_page_writes_it() -> None:
    assert read_clock("15+10") == "15+10" and read_clock("  ") == ""
    with pytest.raises(ClockError):
        read_clock("9x")


def test_each_setting_says_what_a_change_does() -> None:
    effects = {s.field: s.effect for s in SETTINGS}
    assert effects == {
        "black": Effect.COMPUTER, "white": Effect.COMPUTER, "level": Effect.COMPUTER,
        "seed": Effect.COMPUTER, "rules": Effect.NEW_GAME, "limit": Effect.LIMIT,
        "clock": Effect.CLOCK, "match": Effect.MATCH, "sound": Effect.DISPLAY,
        "analysis": Effect.DISPLAY, "language": Effect.LANGUAGE, "stun": Effect.LIVE,
    }


# -- a change in the session ---------------------------------------------------------------

@pytest.mark.parametrize(("field", "value", "words"), [
    ("seed", "abc", "Seed not changed: the seed must be a whole number from 0."),
    ("seed", "-3", "Seed not changed: the seed must be a whole number from 0."),
    ("limit", "1", "Move limit not changed: a player has already made 1 move in this game."),
    ("limit", "1000", "Move limit not changed: the move limit must be a whole number from 1 "
                      "to 999, or 0."),
    ("clock", "9x", "Clock not changed: '9x' is not a time control: write minutes+increment, "
                    "as in 5+3, or seconds per move, as in 10s."),
    ("clock", "0+3", "Clock not changed: a side needs at least one minute."),
    ("level", "99", f"AI level not changed: must be one of {min(LEVELS)}..{max(LEVELS)}."),
    ("rules", "chess", "Rules not changed: 'chess' is not a rule set."),
    ("black", "robot", "Black player not changed: must be human or computer."),
], ids=lambda value: value if isinstance(value, str) and len(value) < 8 else None)
def test_a_bad_value_is_refused_with_the_reason_and_changes_nothing(field: str, value: str,
                                                                   words: str) -> None:
    session = human_game()
    session.play(parse_move("d1-4"))
    before = (session.settings, session.state().to_json(), session.generation)
    session.change(field, value)
    assert said(session) == words
    assert session.notices.current is not None and session.notices.current.is_error
    assert (session.settings, session.state().to_json(), session.generation) == before


def test_the_computers_settings_change_only_the_next_question() -> None:
    session = human_game()
    session.play(parse_move("d1-4"))
    generation, record = session.generation, session.game.to_json()
    session.change("seed", "9")
    session.change("white", "computer")
    assert session.settings.seed == 9 and session.settings.is_computer(Side.WHITE)
    assert session.generation == generation + 2  # answers to older questions are dropped
    assert session.game.to_json() == record and said(session) is None


def test_a_new_clock_gives_both_sides_full_time_from_this_move() -> None:
    now = FakeTime()
    session = human_game(now, clock="1+2")
    session.play(parse_move("d1-4"))
    now.wait(20)
    session.change("clock", "10s")
    assert session.clocks is not None and session.game.time_control == "10s"
    assert [session.clocks.left(side, now()) for side in Side] == [10_000, 10_000]
    assert said(session) == "Clock: 10 s for every move, from this move on."


def test_match_mode_starts_the_match_afresh() -> None:
    session = human_game()
    session.match.results.append(("first", 30))
    session.change("match", True)
    assert session.match.results == [] and session.settings.match
    assert said(session) == "Match mode: two games, sides swapped."


def test_sound_and_analysis_leave_the_game_alone() -> None:
    session = human_game()
    session.play(parse_move("d1-4"))
    record = session.state().to_json()
    session.change("sound", True)
    session.toggle_analysis()
    assert session.settings.sound and session.settings.analysis
    assert PageState.from_json(session.state().to_json()).game.to_json() == \
        PageState.from_json(record).game.to_json()
    assert said(session) is None


@pytest.mark.parametrize("rules", sorted(RULES))
def test_a_new_rule_set_is_a_new_game_under_it(rules: str) -> None:
    session = human_game()
    session.change("rules", rules)
    assert session.game.rules.name == rules and session.settings.rules == rules
    assert session.game.moves == [] and not session.imported
