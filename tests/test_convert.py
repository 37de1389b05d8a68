"""``python -m tablut convert``: records from one format to another, as a person runs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablut.__main__ import main
from tablut.formats import read_game
from tablut.opentafl.record import import_otg
from tablut.rules import TABLUT_RULES

FIXTURES = Path(__file__).parent / "fixtures" / "opentafl"
SEED15 = FIXTURES / "tablut" / "selfplay-2s-seed15.otg"


def test_an_opentafl_record_becomes_our_text_record_and_back(tmp_path: Path, capsys) -> None:
    assert main(["convert", str(SEED15)]) == 0
    text = capsys.readouterr().out
    assert '[Rules "opentafl"]' in text and "12. f3-d" in text
    ours = tmp_path / "game.txt"
    ours.write_text(text, encoding="utf-8")
    back = tmp_path / "game.otg"
    assert main(["convert", str(ours), "-o", str(back)]) == 0
    assert import_otg(back.read_text(encoding="utf-8")).moves == \
        import_otg(SEED15.read_text(encoding="utf-8")).moves
    assert "12. f3-d3xKc3 " in back.read_text(encoding="utf-8")


@pytest.mark.parametrize("kind", ["text", "json", "otg", "position"])
def test_every_format_can_be_written(kind: str, capsys) -> None:
    unfinished = FIXTURES / "probe-records" / "probe-triple-capture.otg"
    assert main(["convert", str(unfinished), "--to", kind]) == 0
    game = read_game(capsys.readouterr().out)
    assert game.rules.name == "opentafl"


def test_a_record_we_cannot_play_is_refused_in_one_line(capsys) -> None:
    sea_battle = FIXTURES / "other-9x9" / "sea-battle-selfplay-1s.otg"
    assert main(["convert", str(sea_battle)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "line 11" in captured.err
    assert "'cen:'" in captured.err


def test_a_missing_file_is_refused(tmp_path: Path, capsys) -> None:
    assert main(["convert", str(tmp_path / "none.otg")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_the_rules_strings_of_every_rule_set(capsys) -> None:
    assert main(["convert", "--rules-strings"]) == 0
    out = capsys.readouterr().out
    for name in TABLUT_RULES:
        assert f"\n{name}: dim:9 " in "\n" + out
    assert "opentafl: dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor:" in out
    assert "second occurrence" in out and "exact" in out
