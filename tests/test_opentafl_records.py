"""OpenTafl's game records (.otg): every game OpenTafl wrote replays here with its captures
and its result; the records we write are those OpenTafl read (tests/fixtures/opentafl/)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tablut import Game
from tablut.board import Board
from tablut.formats import detect, read_game, write_game
from tablut.game import RecordError
from tablut.opentafl.notation import full_move, parse_move, position_record
from tablut.opentafl.record import export_otg, import_otg, result_tag, time_control_of
from tablut.opentafl.rules_string import RulesStringError, pasteable_position, read_rules
from tablut.rules import OPENTAFL, RULES
from tablut.squares import NEXT_TO_THRONE_BB, THRONE
from tablut.transcript import TranscriptError

FIXTURES = Path(__file__).parent / "fixtures" / "opentafl"
TABLUT_GAMES = sorted((FIXTURES / "tablut").glob("*.otg"))
PROBE_GAMES = sorted((FIXTURES / "probe-records").glob("*.otg"))
MATCH_GAMES = sorted((FIXTURES / "match-3s").glob("*.otg"))
OURS = sorted((FIXTURES / "ours").glob("*.otg"))


def _turns(text: str) -> list[str]:
    """The moves of an .otg record as OpenTafl wrote them."""
    moves = []
    for line in text.splitlines():
        if re.match(r"^\d+\. ", line):
            moves.extend(line.split()[1:])
    return moves


def test_the_fixtures_are_there() -> None:
    assert len(TABLUT_GAMES) == 22 and len(PROBE_GAMES) == 8 and len(OURS) == 5
    assert len(MATCH_GAMES) == 10


@pytest.mark.parametrize("path", TABLUT_GAMES + PROBE_GAMES + MATCH_GAMES,
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_opentafls_games_replay_with_its_captures_and_result(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    game = import_otg(text)
    assert game.rules is OPENTAFL
    written = _turns(text)
    assert len(game.moves) == len(written) > 0
    game.goto(0)
    for word, move in zip(written, game.moves, strict=True):
        ours = full_move(game.board, move)
        if ours != word:
            _assert_linnaean(game.board, move, word, ours)
        game.board.push(move)
    claimed = re.search(r"^\[result:(.*)\]$", text, re.M).group(1)
    assert result_tag(game)[0] == claimed


def _assert_linnaean(board: Board, move, word: str, ours: str) -> None:
    """OpenTafl's records leave out only its Linnaean captures: a guard next to the king
    on his throne, taken by a black move when three of the throne's sides are black."""
    assert parse_move(word).move == move and ours.startswith(word.split("x")[0])
    board.push(move)
    taken = board.captured
    board.pop()
    written = set(parse_move(word).captures)
    extra = [sq for sq in range(81) if taken >> sq & 1 and sq not in written]
    assert len(extra) == 1 and NEXT_TO_THRONE_BB >> extra[0] & 1 and board.king == THRONE
    assert (board.black & NEXT_TO_THRONE_BB).bit_count() == 3


def test_a_linnaean_capture_left_out_of_the_record_is_made_here() -> None:
    game = import_otg((FIXTURES / "probe-records" /
                       "probe-linnaean-capture-not-written.otg").read_text(encoding="utf-8"))
    assert game.board.piece_at(THRONE + 9) is None  # e6, taken against the throne
    assert "1. g7-e7xe6 " in export_otg(game)


def test_opentafls_positions_are_ours_at_every_ply_listed() -> None:
    text = (FIXTURES / "positions.txt").read_text(encoding="utf-8")
    checked = 0
    for block in text.split("\n## ")[1:]:
        name = block.split(":", 1)[0].strip().removeprefix("games/")
        game = import_otg((FIXTURES / name).read_text(encoding="utf-8"))
        for ply, otn, pasteable, ours in re.findall(
                r"ply (\d+) .*\n\s+otn:\s+(\S+)\n\s+pasteable: (.+)\n\s+ours:\s+(.+)", block):
            game.goto(int(ply))
            assert game.board.position() == ours
            assert position_record(game.board, inverted=False) == otn
            assert pasteable_position(game.board) == pasteable
            checked += 1
    assert checked >= 16


@pytest.mark.parametrize("name, key", [
    ("foteviken-tablut-selfplay-1s.otg", "afor"), ("sea-battle-selfplay-1s.otg", "cen"),
])
def test_opentafls_other_9x9_games_are_refused_with_the_reason(name: str, key: str) -> None:
    text = (FIXTURES / "other-9x9" / name).read_text(encoding="utf-8")
    with pytest.raises(TranscriptError) as refused:
        import_otg(text)
    line = text.splitlines().index(next(li for li in text.splitlines()
                                        if li.startswith("[rules:"))) + 1
    assert refused.value.line == line
    assert f"'{key}:" in refused.value.problem and "not a rule we play" in refused.value.problem


# -- the records we write ------------------------------------------------------------------

def _as_written_today(text: str) -> str:
    """A record or position that OpenTafl read from our earlier strings, as we write it
    today: ``tfr:w`` where we wrote ``tfr:l`` for a repetition that loses for the player
    who makes it (OpenTafl judges tfr after the turn has passed, so its "w" is that rule;
    none of these games ended by repetition, so OpenTafl's replays stand)."""
    return text.replace("tfr:l ", "tfr:w ")


@pytest.mark.parametrize("path", OURS, ids=lambda p: p.name)
def test_we_still_write_the_records_opentafl_read(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    game = import_otg(text)
    extra = dict(re.findall(r"^\[(event):(.*)\]$", text, re.M))
    assert export_otg(game, extra) == _as_written_today(text)


@pytest.mark.parametrize("path", OURS, ids=lambda p: p.name)
def test_opentafl_replays_our_records_as_we_do(path: Path) -> None:
    game = import_otg(path.read_text(encoding="utf-8"))
    replay = (FIXTURES / "ours" / "opentafl-replay" / f"{path.stem}.tsv").read_text(
        encoding="utf-8")
    rows = [line.split("\t") for line in replay.splitlines() if not line.startswith("#")]
    assert len(rows) == len(game.moves) + 1
    for ply, _move, otn, pasteable, ours in rows:
        game.goto(int(ply))
        assert (game.board.position(), position_record(game.board, inverted=False),
                pasteable_position(game.board)) == (ours, otn, _as_written_today(pasteable))
    final = re.search(r"result (\d)", rows[-1][1]).group(1)
    assert {"2": "1", "3": "-1", "4": "0"}[final] == result_tag(game)[0]


def test_opentafl_reads_our_positions_as_we_do() -> None:
    text = (FIXTURES / "ours" / "opentafl-positions.txt").read_text(encoding="utf-8")
    pairs = re.findall(r"^rules: (.+)\n\s+start\s+(\S+ [bw])", text, re.M)
    ours = (FIXTURES / "ours" / "positions.txt").read_text(encoding="utf-8").splitlines()
    assert [rules for rules, _ in pairs] == ours
    for rules, start in pairs:
        king = start.split()[0].replace("/", "").index("K")
        if king < 9 or king >= 72 or king % 9 in (0, 8):
            # The end of a game (the king on an edge) is not a position to start from.
            with pytest.raises(RulesStringError, match="already escaped"):
                read_rules(rules)
            continue
        setup = read_rules(rules)
        assert setup.start == start and setup.rules.name in RULES


def test_every_rule_set_comes_back_from_an_otg_as_itself() -> None:
    for path in OURS:
        game = import_otg(path.read_text(encoding="utf-8"))
        assert game.rules.name == path.stem.split("-")[0]


def test_a_record_starting_with_white_to_move() -> None:
    text = (FIXTURES / "ours" / "opentafl-setup-white-first.otg").read_text(encoding="utf-8")
    assert "atkf:n" in text and "starti:" in text
    game = import_otg(text)
    assert game.first_side.word == "white" and game.start.endswith(" w")


@pytest.mark.parametrize("ours, theirs", [
    ("5+3", "300 0/0 3i"), ("1+0", "60 0/0 0i"), ("10s", "0 10/1 0i"),
])
def test_a_time_control_goes_both_ways(ours: str, theirs: str) -> None:
    game = Game(OPENTAFL)
    game.time_control = ours
    text = export_otg(game)
    assert f"\n[time-control:{theirs}]\n" in text
    assert import_otg(text).time_control == ours


def test_opentafls_clocks_we_do_not_have_are_left_out() -> None:
    # 1000 overtime periods of 5 s: not "5 s for every move", where one overrun loses.
    clock = (FIXTURES / "tablut" / "ai3s-vs-otengine3s-clock-game1.otg").read_text(
        encoding="utf-8")
    assert "[time-control:0 5/1000 0i]" in clock and import_otg(clock).time_control is None
    assert time_control_of("3600 30/3 3i") is None and time_control_of("90 0/0 0i") is None


# -- what is not a record we can read ----------------------------------------------------

GOOD = (FIXTURES / "tablut" / "selfplay-2s-seed15.otg").read_text(encoding="utf-8")


@pytest.mark.parametrize("change, line, problem", [
    (lambda t: t.replace("[rules:", "[rulez:"), 1, "needs its [rules:...] tag"),
    (lambda t: t.replace("[round:1]", "[round 1]"), 3, "a tag must look like"),
    (lambda t: t.replace("4. i6-g6", "4. i6-g7"), 16, "straight lines"),
    (lambda t: t.replace("4. i6-g6", "4. i6-a6"), 16, "i6-a6: a6 is occupied"),
    (lambda t: t.replace("e2-g2 Kg4-c4", "e2-g2xf2 Kg4-c4"), 18, "captures f2"),
    (lambda t: t.replace("[result:1]", "[result:-1]"), 9, "result 1, not -1"),
    (lambda t: t.replace("dim:9", "dim:11"), 11, "11 rows of 11"),
    (lambda t: t.replace("dim:9", "dim:13"), 11, "'dim:13'"),
    (lambda t: t + "13. a1-a2\n", 25, "the game is over"),
    (lambda t: t.replace("\n1. b5-b3", "\nsomething\n1. b5-b3"), 13, "numbered turn"),
])
def test_a_bad_record_is_refused_naming_the_line(change, line: int, problem: str) -> None:
    with pytest.raises(TranscriptError) as refused:
        import_otg(change(GOOD))
    assert refused.value.line == line and problem in refused.value.problem


def test_comments_variations_and_unfinished_results_are_accepted() -> None:
    clock = (FIXTURES / "tablut" / "ai3s-vs-otengine3s-clock-game1.otg").read_text(
        encoding="utf-8")
    assert len(import_otg(clock).moves) == 81
    with_variation = GOOD.replace("\n2. d9-d7", "\n1b.1.1a. ..... h3-h4\n2. d9-d7")
    assert import_otg(with_variation).moves == import_otg(GOOD).moves
    unfinished = "\n".join(GOOD.splitlines()[:-1]).replace("[result:1]", "[result:-1]")
    game = import_otg(unfinished)  # OpenTafl's result may be a resignation or a time loss
    assert game.outcome() is None and len(game.moves) == 22


# -- every format, told apart by its content ---------------------------------------------

def test_every_format_is_recognised_and_read() -> None:
    game = import_otg(GOOD)
    game.goto(10)
    for kind in ("text", "json", "otg"):
        text = write_game(game, kind)
        assert detect(text) == kind
        again = read_game(text)
        assert again.moves == game.moves and again.rules is game.rules
    position = write_game(game, "position")
    assert detect(position) == "position"
    from_position = read_game(position)
    assert from_position.start == game.board.position() and not from_position.moves


def test_each_format_refuses_with_its_own_error() -> None:
    with pytest.raises(RecordError):
        read_game('{"format": "tablut-game", "version": 9}')
    with pytest.raises(TranscriptError):
        read_game("[rules:dim:9]\n")
    with pytest.raises(RulesStringError, match="none of ours"):
        read_game("dim:9 name:X esc:e atkf:y starti:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/"
                  "4T4/4t4/3ttt3/")
    with pytest.raises(ValueError, match="unknown format"):
        write_game(Game(), "pgn")
