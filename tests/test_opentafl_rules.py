"""OpenTafl's rules strings and its built-in Tablut: our ``opentafl`` rule set against
OpenTafl's own verdicts (tests/fixtures/opentafl/probes.txt), and the rules strings we read,
refuse and write."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from helpers import position

from tablut.board import Board
from tablut.opentafl.notation import (
    full_move,
    parse_move,
    parse_position_record,
    position_record,
)
from tablut.opentafl.rules_string import (
    RulesStringError,
    inexpressible,
    pasteable_position,
    plays_like,
    read_rules,
    rules_string,
)
from tablut.position import START_POSITION, NotationError, parse_placement
from tablut.rules import OPENTAFL, RULES, TABLUT_RULES, RepetitionOutcome
from tablut.side import Side

FIXTURES = Path(__file__).parent / "fixtures" / "opentafl"

#: OpenTafl's built-in "8. Tablut 9x9", as OpenTafl writes it.
TABLUT = ("dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: "
          "cenhe:tcnkTCNK linc:y start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/")


# -- OpenTafl's verdicts on hand-made positions -------------------------------------------

@dataclass
class Probe:
    """One probe of probes.txt: rules, start, and OpenTafl's verdict on each move."""

    title: str
    rules: str = ""
    start: str = ""
    start_otn: str = ""
    start_moves: int = 0
    steps: list[tuple[str, str, tuple[str, str, int] | None]] = field(default_factory=list)


_POSITION = re.compile(r"^  (start|after)\s+(\S+ [bw])\s+otn (\S+)\s+legal moves for side "
                       r"to move: (\d+)$")
_VERDICT = re.compile(r"^  (\S+?)\s*-> (\S+)")


def read_probes(name: str) -> list[Probe]:
    probes: list[Probe] = []
    for line in (FIXTURES / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            probes.append(Probe(line[3:]))
        elif line.startswith("rules: "):
            probes[-1].rules = line[len("rules: "):]
        elif match := _POSITION.match(line):
            kind, ours, otn, count = match.groups()
            if kind == "start":
                probes[-1].start, probes[-1].start_otn = ours, otn
                probes[-1].start_moves = int(count)
            else:
                name, verdict, _ = probes[-1].steps[-1]
                probes[-1].steps[-1] = (name, verdict, (ours, otn, int(count)))
        elif match := _VERDICT.match(line):
            probes[-1].steps.append((match.group(1), match.group(2), None))
    return probes


PROBES = read_probes("probes.txt") + read_probes("probes-more.txt")

#: Where our opentafl rules decide what OpenTafl's referee leaves open, and why.
NO_MOVE_FOR_BLACK = "attackers left without a legal move"
"""OpenTafl's referee lets the game go on with the attackers to move and no legal move;
our rule (every rule set's): a side with no legal move loses."""
NO_MOVE_FOR_WHITE = "defenders left without a legal move"
"""OpenTafl's referee calls the defenders immobile only when none of them has an empty
neighbour, and the empty throne is one: the game goes on with the defenders to move and no
legal move; by our rule, they have lost."""
LINNAEAN = "Linnaean capture"
"""OpenTafl makes the capture but leaves it out of its notation; we write it."""


def test_the_probes_were_all_read() -> None:
    assert len(PROBES) == 24
    assert all(p.rules and p.start and p.steps for p in PROBES)


@pytest.mark.parametrize("probe", PROBES, ids=[p.title[:50] for p in PROBES])
def test_opentafl_rules_give_opentafls_verdict(probe: Probe) -> None:
    setup = read_rules(probe.rules)
    assert setup.rules is OPENTAFL
    assert setup.start == probe.start
    board = Board.from_position(setup.start, setup.rules)
    assert position_record(board, inverted=False) == probe.start_otn
    assert len(board.legal_moves()) == probe.start_moves
    for name, verdict, after in probe.steps:
        move = parse_move(name).move
        if verdict == "ILLEGAL_MOVE":
            assert not board.is_legal(move), name
            continue
        assert board.is_legal(move), name
        written = full_move(board, move)
        if LINNAEAN in probe.title:
            assert (name, written) == ("g7-e7", "g7-e7xe6")
        else:
            assert written == name
        board.push(move)
        assert after is not None
        ours, otn, moves = after
        assert board.position() == ours and position_record(board, inverted=False) == otn
        _check_verdict(board, verdict, probe.title, moves)


def _check_verdict(board: Board, verdict: str, title: str, moves: int) -> None:
    outcome = board.outcome()
    if verdict == "GOOD_MOVE" and NO_MOVE_FOR_BLACK in title:
        assert moves == 0 and outcome is not None and outcome.winner is Side.WHITE
    elif verdict == "GOOD_MOVE" and NO_MOVE_FOR_WHITE in title:
        assert moves == 0 and outcome is not None and outcome.winner is Side.BLACK
    elif verdict == "GOOD_MOVE":
        assert outcome is None and len(board.legal_moves()) == moves
    elif verdict == "DRAW":
        assert outcome is not None and outcome.winner is None
    else:
        expected = {"ATTACKER_WIN": Side.BLACK, "DEFENDER_WIN": Side.WHITE}[verdict]
        assert outcome is not None and outcome.winner is expected


def test_the_probes_cover_what_our_rule_set_decides_otherwise() -> None:
    titles = " ".join(p.title for p in PROBES)
    assert NO_MOVE_FOR_BLACK in titles and NO_MOVE_FOR_WHITE in titles and LINNAEAN in titles


# -- reading rules strings -----------------------------------------------------------------

def test_opentafls_tablut_is_our_opentafl_rule_set_and_back() -> None:
    setup = read_rules(TABLUT)
    assert setup.rules is OPENTAFL and setup.start == START_POSITION and setup.name == "Tablut"
    assert rules_string(OPENTAFL) == TABLUT
    assert rules_string(OPENTAFL, inverted=True) == TABLUT.replace("start:", "starti:")


def test_every_rule_set_comes_back_from_its_own_string() -> None:
    for rules in TABLUT_RULES.values():
        assert read_rules(rules_string(rules)).rules is rules
        assert (inexpressible(rules) == []) == (rules is OPENTAFL)


def test_ashtons_string_has_white_first_a_throne_nobody_crosses_and_says_camps_are_missing(
        ) -> None:
    ashton = RULES["ashton"]
    keys = dict(key.split(":", 1) for key in rules_string(ashton).split())
    assert keys["atkf"] == "n" and keys["cenp"] == ""
    setup = read_rules(rules_string(ashton))
    assert setup.rules is ashton and setup.start.endswith(" w")
    assert any("camps" in sentence for sentence in inexpressible(ashton))


def test_our_strings_under_another_name_are_read_for_what_they_say() -> None:
    berkeley = read_rules(rules_string(RULES["berkeley"], name="Other"))
    assert berkeley.rules.name not in RULES and berkeley.name == "Other"
    assert berkeley.rules.repetition_count == 3
    assert berkeley.rules.repetition_outcome is RepetitionOutcome.MOVER_LOSES
    with pytest.raises(RulesStringError) as refused:
        read_rules(rules_string(RULES["brainking"], name="Other"))
    assert refused.value.key == "cenhe"
    nielsen = read_rules(rules_string(RULES["nielsen"], name="Other")).rules
    assert not plays_like(nielsen, RULES["nielsen"])
    assert nielsen.king_sides_next_to_throne == 4 and nielsen.throne_hostile_to_king


def test_a_throne_nobody_passes_is_read_from_any_string() -> None:
    # cenp: empty: no piece passes over the throne (ashton's rule), and the king who
    # has left it never stops on it again.
    rules = read_rules(_with("cenp:")).rules
    assert rules.throne_blocks and not rules.king_may_reenter_throne
    assert not read_rules(TABLUT).rules.throne_blocks
    crossing = Board.from_position(position("b", B="e8 a1", K="c3"), rules)
    assert not crossing.is_legal(parse_move("e8-e2").move)
    assert crossing.is_legal(parse_move("e8-e6").move)
    assert Board.from_position(position("b", B="e8 a1", K="c3"), OPENTAFL).is_legal(
        parse_move("e8-e2").move)
    with pytest.raises(RulesStringError) as refused:
        read_rules(_with("cenp:tT"))
    assert refused.value.key == "cenp" and "while others may" in str(refused.value)


@pytest.mark.parametrize("ours, text", [
    ("brandubh", "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: "
     "starti:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"),
    ("copenhagen", "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y starti:/3ttttt3/5t5/11/"
     "t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"),
    ("fetlar", "dim:11 name:Fetlar atkf:y nj:n cj:n starti:/3ttttt3/5t5/11/t4T4t/t3TTT3t/"
     "tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"),
])
def test_opentafls_own_strings_of_the_family_read_as_ours(ours: str, text: str) -> None:
    """The strings OpenTafl writes for its Brandub, Copenhagen and Fetlar classes."""
    setup = read_rules(text)
    assert setup.rules is RULES[ours] and setup.start == Board.start(RULES[ours]).position()
    assert read_rules(rules_string(RULES[ours])).rules is RULES[ours]
    assert inexpressible(RULES[ours]) == []


@pytest.mark.parametrize("label, text, key", [
    ("Sea Battles 9x9", "dim:9 name:Sea_Battle esc:e atkf:y ka:n nj:n cj:n cor: cen: "
     "start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/", "cen"),
    ("Tablut 13x13", "dim:13 name:Tablut_13 atkf:y start:/13/13/13/13/13/13/6K6/13/13/13/13/"
     "13/13/", "dim"),
    ("Foteviken Tablut 9x9", "dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: "
     "afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK aforp:tcnkTCNK "
     "cens: cenh: cenhe:K aforh:K cenre: aforre: "
     "start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/", "afor"),
])
def test_opentafls_other_rule_sets_are_refused_naming_the_key(label: str, text: str,
                                                              key: str) -> None:
    with pytest.raises(RulesStringError) as refused:
        read_rules(text)
    assert refused.value.key == key, label
    assert f"'{key}:" in str(refused.value)


@pytest.mark.parametrize("change, key", [
    ("ks:m", "ks"), ("ka:a", "ka"), ("ka:h", "ka"), ("kj:j", "kj"), ("sw:w", "sw"),
    ("ber:c", "ber"), ("swf:n", "swf"), ("spd:2", "spd"), ("tfr:l", "tfr"),
    ("cens:tK", "cens"), ("cenp:tT", "cenp"), ("cenre:tT", "cenre"), ("cenh:T", "cenh"),
    ("cenhe:t", "cenhe"), ("cenhe:TCNK", "cenhe"), ("cor:a1,i9", "cor"), ("cen:d4", "cen"),
    ("dfor:a1", "dfor"), ("cenp:tcnkTCNKx", "cenp"), ("esc:c", "esc"),
])
def test_a_key_we_do_not_play_is_named(change: str, key: str) -> None:
    with pytest.raises(RulesStringError) as refused:
        read_rules(_with(change))
    assert refused.value.key == key


def _with(change: str) -> str:
    """OpenTafl's Tablut with one key changed (or added)."""
    key = change.split(":")[0]
    parts = [part for part in TABLUT.split() if part.split(":")[0] != key]
    return " ".join(parts[:-1] + [change, parts[-1]])


@pytest.mark.parametrize("text, problem", [
    ("name:Tablut start:/9/9/9/9/4K4/9/9/9/9/", "dim"),
    ("dim:9 name:Tablut", "start"),
    (TABLUT.replace("3ttt3/", "3tct3/", 1), "commander"),
    (TABLUT.replace("/4t4/", "/4t5/", 1), "10 squares"),
    (TABLUT.replace("start:/3ttt3/", "start:/"), "8 rows"),
    (TABLUT.replace("ttTTKTTtt", "ttTT1TTtt"), "one king"),
])
def test_what_is_not_a_rules_string_is_refused_saying_why(text: str, problem: str) -> None:
    with pytest.raises(RulesStringError, match=problem):
        read_rules(text)


def test_keys_are_read_as_opentafl_reads_them() -> None:
    # An unknown value of tfr (the spec's "i" among them) is a draw in OpenTafl.
    assert read_rules(_with("tfr:i")).rules is OPENTAFL
    # Unknown keys are ignored; the last of two equal keys counts.
    assert read_rules(_with("foo:bar")).rules is OPENTAFL
    assert read_rules(TABLUT.replace("ks:c", "ks:s ks:c")).rules is OPENTAFL
    # Only y is yes; legacy king strengths.
    assert not read_rules(_with("surf:yes")).rules.encirclement
    assert read_rules(_with("ks:n")).rules.king_sides_on_throne == 2
    weak = read_rules(_with("ks:w")).rules
    assert (weak.king_sides_on_throne, weak.king_sides_elsewhere) == (2, 2)
    # An unarmed king's throne must not be hostile to the attackers (cenh: is given).
    assert not read_rules(_with("ka:n")).rules.king_armed
    # With corners (the default), cenre without corre leaves the corners to nobody.
    corners = TABLUT.replace(" cor:", "").replace("esc:e", "esc:c")
    assert read_rules(corners).rules.corners_restricted
    with pytest.raises(RulesStringError) as refused:
        read_rules(corners.replace("linc:y", "linc:y cenre:tcnkTCNK"))
    assert refused.value.key == "corre"


def test_the_start_and_the_side_to_move_come_from_start_starti_and_atkf() -> None:
    # The same record: rank 1 first after start:, rank 9 first after starti:.
    record = "/9/1K7/9/9/9/9/9/9/t8/"
    empty = "---------/"
    rank_9_first = empty + "-K-------/" + empty * 6 + "B--------"
    rank_1_first = "B--------/" + empty * 6 + "-K-------/" + empty[:-1]
    keys = "dim:9 esc:e cor: cens:"
    assert read_rules(f"{keys} atkf:y starti:{record}").start == rank_9_first + " b"
    assert read_rules(f"{keys} atkf:n start:{record}").start == rank_1_first + " w"


def test_pasteable_positions_are_opentafls_copy_position_text() -> None:
    pairs = re.findall(r"pasteable: (.+)\n\s+ours:\s+(.+)",
                       (FIXTURES / "positions.txt").read_text(encoding="utf-8"))
    assert len(pairs) >= 10
    for pasteable, ours in pairs:
        if "K" not in ours:
            continue  # the king captured: no position string holds that
        # As it stands, even when the game is over (the king on an edge).
        board = Board(OPENTAFL, *parse_placement(ours)[:4])
        assert pasteable_position(board) == pasteable


def test_position_records_read_either_way_up() -> None:
    board = Board.from_position(
        "----BB---/----B----/---BW----/B---W---B/BBWWKWWBB/B---W---B/----W----/----B----/"
        "---BBB--- w", OPENTAFL)
    plain = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/3tT4/4t4/4tt3/"
    assert position_record(board, inverted=False) == plain
    assert parse_position_record(plain, inverted=False) == board.position().split()[0].split("/")
    with pytest.raises(NotationError, match="knight"):
        parse_position_record(plain.replace("3tT4", "3tN4"), inverted=False)
