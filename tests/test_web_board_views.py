"""The board (web/board/view.py), its pointer and key input (web/board/input.py), the
lesson's dialog (web/lesson/view.py) and the computer player's entry script
(web/ai_worker.py), natively: drawn into a fake DOM made from index.html
(:mod:`web.bridge.static_dom`), driven by the events a person causes.

Left to the end-to-end tests (tests/e2e/): how the board looks and where it lies on the
screen (boxes here are set by hand: one CSS pixel per SVG unit), the pieces' slide and
fade (CSS transitions), real focus and the modal dialog's inert page behind it, the
browser's default actions, and the AI worker as PyScript runs it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import position
from session_helpers import human_game, sq

from tablut import Game, Rules, parse_move
from tablut.squares import shape, square_name
from web.board.input import BoardInput
from web.board.marks import camp_squares, draw_session, reserved_squares
from web.board.view import EXTENT, BoardView, Marks, extent, square_origin
from web.bridge.dom import Listeners
from web.bridge.static_dom import FakeDocument, FakeElement, box, fire, page_document
from web.lesson.view import LessonView
from web.models.session import Session
from web.models.settings import Settings
from web.models.state import PageState
from web.words.announcer import Announcer

ROOT = Path(__file__).resolve().parent.parent


class Board:
    """The game's board in a fake page, with its input, redrawn after every change of
    the session as web/page/app.py does."""

    def __init__(self, session: Session) -> None:
        """Draw ``session``'s board into the page's ``#board``."""
        self.session = session
        self.document: FakeDocument = page_document()
        self.announcer = Announcer(session)
        self.view = BoardView(self.document, self.document.getElementById("board"),
                              size=session.game.rules.size,
                              marked=reserved_squares(session.game.rules),
                              camps=camp_squares(session.game.board))
        self.input = BoardInput(session, self.view, self.document, Listeners())
        session.subscribe(self.draw)
        session.notify()

    def draw(self) -> None:
        """Redraw the board as the page does (at the game's size), 1 px a unit."""
        draw_session(self.view, self.session)
        self.view.svg.rect = box(width=self.view.extent, height=self.view.extent)

    def square(self, name: str) -> FakeElement:
        """The square called ``name``."""
        node = self.view.svg.querySelector(f'rect[data-square="{name}"]')
        assert node is not None
        return node

    def pieces(self, kind: str) -> set[str]:
        """The squares of the pieces of ``kind`` drawn."""
        return {str(node.getAttribute("data-square"))
                for node in self.view.svg.querySelectorAll(f'g[data-piece="{kind}"]')}


def centre(name: str, size: int = 9) -> dict[str, float]:
    """The pointer's coordinates over the middle of the square ``name`` of the board of
    ``size`` drawn at 1 px a unit."""
    x, y = square_origin(shape(size).parse_square(name), size)
    return {"clientX": x + 5.0, "clientY": y + 5.0}


def click(svg: FakeElement, *names: str, size: int = 9) -> None:
    """Press and release the pointer on each square of ``names`` in turn."""
    for name in names:
        fire(svg, "pointerdown", **centre(name, size))
        fire(svg, "pointerup", **centre(name, size))


@pytest.fixture
def board() -> Board:
    """The board of a new game between two people."""
    return Board(human_game())


# -- drawing -------------------------------------------------------------------------------

def test_the_board_has_81_named_squares_and_the_start_position(board: Board) -> None:
    squares = board.view.svg.querySelectorAll("rect[data-square]")
    assert [node.getAttribute("data-square") for node in squares] == [
        square_name(n) for n in range(81)]
    assert len(board.pieces("black")) == 16 and len(board.pieces("white")) == 8
    assert board.pieces("king") == {"e5"}
    assert board.square("e5").getAttribute("aria-label") == "e5, white king"
    assert board.square("a1").getAttribute("aria-label") == "a1, empty"
    assert board.square("e5").classList.contains("reserved-square")
    assert board.document.getElementById("board").children == [board.view.svg]


def test_a_move_is_drawn_with_its_marks(board: Board) -> None:
    click(board.view.svg, "d1")
    assert board.square("d1").classList.contains("selected")
    assert board.square("d1").getAttribute("aria-label") == "d1, black piece, picked up"
    assert board.square("d4").classList.contains("target")
    assert board.square("d4").getAttribute("aria-label") == "d4, empty, legal move"
    assert len(board.view.svg.querySelectorAll("circle.target-dot")) == 6
    click(board.view.svg, "d4")
    assert "d4" in board.pieces("black") and "d1" not in board.pieces("black")
    assert board.square("d1").classList.contains("last-from")
    assert board.square("d4").classList.contains("last-to")
    assert len(board.view.svg.querySelectorAll("rect.last-mark")) == 2
    assert not board.view.svg.querySelectorAll("circle.target-dot")


def test_a_capture_leaves_a_fading_ghost_once(board: Board) -> None:
    for move in ("i6-g", "d5-7", "i4-g"):
        board.session.play(parse_move(move))
    ghosts = board.view.fading.children
    assert [g.getAttribute("class") for g in ghosts] == ["piece piece-white captured-ghost"]
    assert ghosts[0].getAttribute("data-piece") is None  # not a piece of the contract
    assert "g5" not in board.pieces("white")
    board.draw()
    assert board.view.fading.children == []


def test_a_hint_is_an_arrow_with_one_arrowhead(board: Board) -> None:
    board.session.show_hint(parse_move("d1-4"))
    arrow = board.view.svg.querySelector("line.hint-arrow")
    assert arrow is not None and arrow.getAttribute("marker-end") == "url(#board-hint-head)"
    assert board.square("d1").classList.contains("hint-from")
    assert board.square("d4").classList.contains("hint-to")
    defs = board.view.svg.firstChild
    assert defs is not None and defs.tagName == "defs"  # first: drawn under all
    board.view.draw(board.session.game.board, Marks(hint=parse_move("d1-4"),
                                                    better=parse_move("e3-c")))
    assert board.view.svg.querySelector("line.better-arrow") is not None
    heads = board.view.svg.querySelectorAll("marker")
    assert sorted(str(head.id) for head in heads) == ["board-better-head", "board-hint-head"]


def test_camps_are_marked_and_named_under_ashton_rules() -> None:
    board = Board(human_game(rules="ashton"))
    assert board.square("a4").classList.contains("camp-square")
    assert board.square("a4").getAttribute("aria-label") == "a4, camp, black piece"
    assert board.view.svg.querySelectorAll("rect.camp")
    assert not board.square("c3").classList.contains("camp-square")


def test_the_corners_are_drawn_reserved_where_only_the_king_may_go() -> None:
    board = Board(human_game(rules="nielsen"))
    assert board.square("a1").classList.contains("reserved-square")
    assert not Board(human_game()).square("a1").classList.contains("reserved-square")


# -- other boards --------------------------------------------------------------------------

def squares_drawn(board: Board) -> list[str]:
    """The names of the squares drawn, in the order drawn."""
    return [str(node.getAttribute("data-square"))
            for node in board.view.svg.querySelectorAll("rect[data-square]")]


def test_brandubh_is_drawn_on_seven_by_seven() -> None:
    board = Board(human_game(rules="brandubh"))
    seven = shape(7)
    assert squares_drawn(board) == [seven.square_name(n) for n in range(49)]
    assert board.view.svg.getAttribute("viewBox") == f"0 0 {extent(7)} {extent(7)}"
    assert board.view.svg.getAttribute("data-size") == "7"
    assert board.view.svg.getAttribute("style") == "--coord-scale: 0.8"  # 80 units, not 100
    assert len(board.pieces("black")) == 8 and len(board.pieces("white")) == 4
    assert board.pieces("king") == {"d4"}
    for corner in ("a1", "a7", "g1", "g7", "d4"):
        assert board.square(corner).classList.contains("reserved-square"), corner
    crosses = board.view.svg.querySelectorAll("path.reserved-cross")
    assert len(crosses) == 5  # the throne and the four corners
    coords = [node.textContent for node in board.view.svg.querySelectorAll("text.coord")]
    assert coords == list("abcdefg") + [str(rank) for rank in range(1, 8)]
    assert board.square("d4").getAttribute("aria-label") == "d4, white king"
    assert [node.getAttribute("data-square")
            for node in board.view.svg.querySelectorAll('rect[tabindex="0"]')] == ["d4"]


def test_a_game_on_seven_by_seven_is_played_by_clicks_and_keys() -> None:
    board = Board(human_game(rules="brandubh"))
    click(board.view.svg, "d7", size=7)
    assert board.square("d7").getAttribute("aria-label") == "d7, black piece, picked up"
    targets = {node.getAttribute("data-square") for node in
               board.view.svg.querySelectorAll("rect.target")}
    assert targets == {"b7", "c7", "e7", "f7"}  # not the corners a7 and g7
    assert len(board.view.svg.querySelectorAll("circle.target-dot")) == 4
    click(board.view.svg, "e7", size=7)
    assert board.session.game.moves == [parse_move("d7-e", 7)]
    # The arrows stop at the board's edge: g7 is the last square up and right.
    for key in ("ArrowUp",) * 5 + ("ArrowRight",) * 5:
        fire(board.square(board.view.shape.square_name(board.view.cursor)), "keydown",
             key=key)
    assert board.view.cursor == shape(7).parse_square("g7")
    fire(board.square("g7"), "keydown", key="Home")
    assert board.view.cursor == shape(7).parse_square("a7")
    assert board.view.ring.getAttribute("transform") == "translate(5 5)"


def test_copenhagen_is_drawn_on_eleven_by_eleven_with_its_marks() -> None:
    board = Board(human_game(rules="copenhagen"))
    eleven = shape(11)
    assert squares_drawn(board) == [eleven.square_name(n) for n in range(121)]
    assert squares_drawn(board)[-1] == "k11"
    assert board.view.svg.getAttribute("style") == "--coord-scale: 1.2"
    assert len(board.pieces("black")) == 24 and len(board.pieces("white")) == 12
    assert board.pieces("king") == {"f6"}
    coords = [node.textContent for node in board.view.svg.querySelectorAll("text.coord")]
    assert coords == list("abcdefghijk") + [str(rank) for rank in range(1, 12)]
    click(board.view.svg, "a4", size=11)
    assert board.square("a4").classList.contains("selected")
    targets = {node.getAttribute("data-square") for node in
               board.view.svg.querySelectorAll("rect.target")}
    assert targets == {"a2", "a3", "b4", "c4", "d4", "e4"}
    assert len(board.view.svg.querySelectorAll("circle.target-dot")) == 6
    assert board.square("e4").getAttribute("aria-label") == "e4, empty, legal move"
    click(board.view.svg, "d4", size=11)
    assert "d4" in board.pieces("black")
    assert board.square("d4").classList.contains("last-to")


def test_a_shieldwall_fades_every_piece_it_takes_and_is_announced() -> None:
    start = ("-----------/-----------/-----------/-----------/-----------/------K----/"
             "-----------/-----B-----/-----------/--BBB------/-BWWW------ b")
    session = Session(PageState(Settings(black="human", white="human", rules="copenhagen"),
                                Game("copenhagen", start)))
    board = Board(session)
    click(board.view.svg, "f4", "f1", size=11)
    ghosts = board.view.fading.children
    assert len(ghosts) == 3
    assert not board.pieces("white")
    assert board.announcer.spoken[1] == (
        "Black f4 to f1, capturing the white guards on c1, d1 and e1.")


def test_the_board_is_made_anew_for_another_size_in_the_same_box() -> None:
    session = human_game()
    board = Board(session)
    svg = board.view.svg
    session.change("rules", "copenhagen")
    assert board.view.svg is svg and board.document.getElementById("board").children == [svg]
    assert len(squares_drawn(board)) == 121 and board.view.size == 11
    assert board.view.cursor == shape(11).centre
    click(svg, "a4", "d4", size=11)  # the input finds the new squares
    assert len(session.game.moves) == 1
    session.change("rules", "brandubh")
    assert len(squares_drawn(board)) == 49
    session.change("rules", "nielsen")
    assert len(squares_drawn(board)) == 81 and board.square("a1").classList.contains(
        "reserved-square")
    fire(board.square("e5"), "keydown", key="ArrowUp")
    assert board.view.cursor == sq("e6")


def test_a_late_focus_from_the_board_before_is_ignored() -> None:
    session = human_game(rules="copenhagen")
    board = Board(session)
    old = board.square("k11")
    session.change("rules", "brandubh")
    fire(old, "focusin")  # a square of the 11x11 board, no longer drawn
    assert board.view.cursor == shape(7).centre


def test_set_up_mode_on_another_board_has_its_squares() -> None:
    session = human_game(rules="brandubh")
    board = Board(session)
    session.set_setup(True)
    session.edit_setup(lambda setup: setup.clear())
    assert board.pieces("black") == set() and len(squares_drawn(board)) == 49
    click(board.view.svg, "g4", size=7)  # a white guard
    click(board.view.svg, "d4", "d4", size=7)  # the king
    for name in ("a4", "b4"):
        click(board.view.svg, name, name, name, size=7)  # black pieces
    assert board.pieces("king") == {"d4"} and board.pieces("black") == {"a4", "b4"}
    session.set_setup(False)
    assert session.setup is None and session.game.rules.name == "brandubh"
    assert session.game.board.position().startswith("-------/-------/-------/BB-K--W/")


# -- the keyboard --------------------------------------------------------------------------

def test_one_square_is_the_tab_stop_and_the_arrows_move_it(board: Board) -> None:
    stops = board.view.svg.querySelectorAll('rect[tabindex="0"]')
    assert [node.getAttribute("data-square") for node in stops] == ["e5"]
    event = fire(board.square("e5"), "keydown", key="ArrowDown")
    assert event.defaultPrevented and event.stopped
    assert board.document.activeElement is board.square("e4")
    assert board.square("e4").getAttribute("tabindex") == "0"
    assert board.square("e5").getAttribute("tabindex") == "-1"
    fire(board.square("e4"), "keydown", key="Home")
    assert board.document.activeElement is board.square("a4")
    assert board.view.ring.getAttribute("transform") == "translate(5 55)"


def test_enter_picks_up_and_puts_down_and_escape_puts_back(board: Board) -> None:
    for key in ("ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowLeft"):
        fire(board.document.activeElement or board.square("e5"), "keydown", key=key)
    assert board.view.cursor == sq("d1")
    fire(board.square("d1"), "keydown", key="Enter")
    assert board.session.selected == sq("d1")
    assert board.announcer.spoken[1].startswith("d1, black piece, picked up")
    fire(board.square("d1"), "keydown", key="Escape")
    assert board.session.selected is None
    fire(board.square("d1"), "keydown", key=" ")
    for _ in range(3):
        fire(board.document.activeElement or board.square("d1"), "keydown", key="ArrowUp")
    fire(board.square("d4"), "keydown", key="Enter")
    assert board.session.game.moves == [parse_move("d1-4")]


def test_a_square_focused_by_a_person_becomes_the_cursor(board: Board) -> None:
    fire(board.square("c3"), "focusin")  # Tab or a click
    assert board.view.cursor == sq("c3") and board.document.activeElement is None


def test_a_late_focus_echo_does_not_pull_the_cursor_back(board: Board) -> None:
    fire(board.square("e5"), "keydown", key="ArrowRight")  # focuses f5
    fire(board.square("f5"), "keydown", key="ArrowRight")  # focuses g5
    fire(board.square("f5"), "focusin")  # the first move's focus event, arriving late
    assert board.view.cursor == sq("g5")
    fire(board.square("g5"), "focusin")
    fire(board.square("c3"), "focusin")  # a person's: it moves the cursor
    assert board.view.cursor == sq("c3")


def test_the_page_keys_step_through_the_game_and_read_the_position(board: Board) -> None:
    body = board.document.body
    assert body is not None
    board.session.play(parse_move("d1-4"))
    fire(body, "keydown", key="ArrowLeft")
    assert board.session.game.ply == 0
    fire(body, "keydown", key="ArrowRight")
    assert board.session.game.ply == 1
    fire(body, "keydown", key="p")
    assert board.announcer.spoken[1].startswith("White to move. The king is on e5.")
    fire(body, "keydown", key="L")
    assert board.announcer.spoken[1].startswith("King: e5.")
    fire(body, "keydown", key="?")
    assert board.document.getElementById("keys-dialog").open


def test_the_page_keys_leave_form_controls_dialogs_and_shortcuts_alone(board: Board) -> None:
    board.session.play(parse_move("d1-4"))
    seed = board.document.getElementById("seed")
    in_dialog = board.document.getElementById("keys-title")
    assert seed is not None and in_dialog is not None
    fire(seed, "keydown", key="ArrowLeft")
    fire(in_dialog, "keydown", key="ArrowLeft")
    fire(board.document.body, "keydown", key="ArrowLeft", altKey=True)
    fire(board.document.body, "keydown", key="ArrowLeft", defaultPrevented=True)
    assert board.session.game.ply == 1


# -- the pointer ---------------------------------------------------------------------------

def test_a_piece_is_dragged_to_its_square(board: Board) -> None:
    svg = board.view.svg
    fire(svg, "pointerdown", pointerId=7, **centre("d1"))
    assert svg.captured == 7
    x, y = centre("d1")["clientX"], centre("d1")["clientY"]
    fire(svg, "pointermove", clientX=x, clientY=y - 3)  # not yet a drag
    assert board.session.selected is None
    fire(svg, "pointermove", clientX=x, clientY=y - 20)
    assert board.session.selected == sq("d1")
    piece = board.view.piece_elements[sq("d1")]
    assert piece.getAttribute("transform") == "translate(0.00 -20.00)"
    assert piece.classList.contains("dragging")
    fire(svg, "pointerup", **centre("d4"))
    assert board.session.game.moves == [parse_move("d1-4")]


def test_a_drag_let_go_off_the_board_puts_the_piece_back(board: Board) -> None:
    svg = board.view.svg
    fire(svg, "pointerdown", **centre("d1"))
    fire(svg, "pointermove", clientX=200.0, clientY=200.0)
    fire(svg, "pointerup", clientX=200.0, clientY=200.0)
    assert board.session.game.moves == [] and board.session.selected == sq("d1")


def test_a_press_with_another_button_or_off_the_squares_does_nothing(board: Board) -> None:
    fire(board.view.svg, "pointerdown", button=2, **centre("d1"))
    fire(board.view.svg, "pointerup", **centre("d1"))
    fire(board.view.svg, "pointerdown", clientX=1.0, clientY=1.0)
    fire(board.view.svg, "pointerup", clientX=1.0, clientY=1.0)
    assert board.session.selected is None


def test_the_box_sent_with_an_event_places_the_pointer(board: Board) -> None:
    board.view.svg.rect = box(width=0, height=0)  # laid out afresh since the event
    sent = box(left=100, top=50, width=2 * EXTENT, height=2 * EXTENT)
    x, y = square_origin(sq("d1"))
    place = {"clientX": 100 + 2 * (x + 5), "clientY": 50 + 2 * (y + 5), "box": sent}
    fire(board.view.svg, "pointerdown", **place)
    fire(board.view.svg, "pointerup", **place)
    assert board.session.selected == sq("d1")


# -- the lesson ----------------------------------------------------------------------------

class Lesson:
    """The lesson's dialog in a fake page, for the rules of a game in progress."""

    def __init__(self, rules: Rules | None = None) -> None:
        """Build the dialog (not yet open)."""
        self.document = page_document()
        self.game = Game(rules or "berkeley")
        self.closed = 0
        self.view = LessonView(self.document, Listeners(),
                               lambda: (self.game.rules, self.game.limit), self.back)
        self.view.board.svg.rect = box(width=EXTENT, height=EXTENT)

    def back(self) -> None:
        """The game is back."""
        self.closed += 1

    def part(self, name: str) -> FakeElement:
        """A part of the dialog."""
        node: FakeElement = self.view.parts[name]
        return node


@pytest.fixture
def lesson() -> Lesson:
    """The lesson, open."""
    lesson = Lesson()
    lesson.view.open()
    return lesson


def test_the_lesson_opens_on_its_first_step(lesson: Lesson) -> None:
    assert lesson.document.getElementById("lesson").open
    assert lesson.part("progress").textContent == "Step 1 of 12"
    assert lesson.part("step").textContent == "Moving"
    assert lesson.part("rules").textContent == "Berkeley rules"
    assert lesson.part("task").textContent.endswith("move the black piece on c3 to h3.")
    assert lesson.document.activeElement is lesson.part("step")
    assert lesson.part("back").disabled and lesson.part("retry").hidden
    assert not lesson.part("next").hidden and lesson.part("play").hidden
    assert lesson.part("fill").style.width == "8%"
    said = lesson.document.getElementById("lesson-announcer")
    assert said is not None and said.textContent.startswith("Step 1 of 12: Moving.")
    assert lesson.view.board.svg.querySelector('g[data-piece="black"][data-square="c3"]')


def test_the_right_move_on_the_lessons_board_is_praised(lesson: Lesson) -> None:
    click(lesson.view.board.svg, "c3", "h3")
    verdict = lesson.part("verdict")
    assert verdict.className == "lesson-verdict right" and verdict.textContent
    assert lesson.part("show").hidden and not lesson.part("retry").hidden
    assert lesson.part("next").classList.contains("primary")
    lesson.part("retry").click()
    assert lesson.part("verdict").className == "lesson-verdict"


def test_a_wrong_move_is_not_played_and_is_explained(lesson: Lesson) -> None:
    click(lesson.view.board.svg, "c3", "c5")
    verdict = lesson.part("verdict")
    assert verdict.className == "lesson-verdict wrong" and verdict.textContent
    assert lesson.view.board.svg.querySelector('g[data-piece="black"][data-square="c3"]')


def test_show_me_draws_the_answer(lesson: Lesson) -> None:
    lesson.part("show").click()
    arrow = lesson.view.board.svg.querySelector("line.hint-arrow")
    assert arrow is not None and arrow.getAttribute("marker-end") == "url(#lesson-hint-head)"
    said = lesson.document.getElementById("lesson-announcer")
    assert said is not None and said.textContent.strip() == "Move the black piece on c3 to h3."


def test_next_and_back_go_through_the_steps(lesson: Lesson) -> None:
    lesson.part("next").click()
    assert lesson.part("progress").textContent == "Step 2 of 12"
    assert not lesson.part("back").disabled
    lesson.document.activeElement = None
    lesson.part("back").click()
    assert lesson.part("progress").textContent == "Step 1 of 12"
    assert lesson.document.activeElement is lesson.part("step")


def test_closing_the_lesson_gives_the_game_back_and_it_reopens_where_it_was() -> None:
    lesson = Lesson()
    lesson.view.open()
    lesson.part("next").click()
    lesson.part("close").click()
    assert not lesson.document.getElementById("lesson").open and lesson.closed == 1
    lesson.view.open()
    assert lesson.part("progress").textContent == "Step 2 of 12"
    lesson.game = Game("ashton")  # a game under other rules: the lesson starts over
    lesson.view.open()
    assert lesson.part("progress").textContent.startswith("Step 1 of ")
    assert lesson.part("rules").textContent == "Ashton (Tablut Challenge) rules"
    assert lesson.view.board.svg.querySelector("rect.camp")


def test_the_lessons_board_leaves_the_pages_keys_alone(lesson: Lesson) -> None:
    body = lesson.document.body
    assert body is not None and "keydown" not in body.listeners
    assert "keydown" not in lesson.document.listeners


# -- the AI worker's script, and what these modules import ---------------------------------

def test_the_ai_worker_exports_the_computers_functions() -> None:
    import web.ai_worker as script
    from web.computer.worker import EXPORTED

    assert script.__export__ == list(EXPORTED)
    assert all(callable(getattr(script, name)) for name in script.__export__)
    assert set(script.__all__) <= set(script.__export__)


def test_the_ai_worker_thinks_of_a_legal_move() -> None:
    import json

    import web.ai_worker as script

    game = Game("berkeley")
    answer = script.think(10**9, game.to_json(), 1, 0)  # a ticket no stop has reached
    data = json.loads(answer)
    assert (data["from"], data["to"]) in game.legal_moves()
    over = Game("berkeley", position("b", B="b6 d5", K="c6"))
    over.play(parse_move("d5-6"))  # the king is taken
    assert script.think(10**9 + 1, over.to_json(), 1, 0) is None


def test_the_views_import_no_browser_module() -> None:
    modules = ["web.page.status", "web.page.notices", "web.page.moves", "web.page.panels",
               "web.page.review_graph", "web.page.settings_form", "web.board.input",
               "web.board.view", "web.lesson.view", "web.ai_worker"]
    code = (f"import sys\nfor name in {modules!r}: __import__(name)\n"
            "print(sorted({'js', 'pyodide', 'pyscript', 'pyodide_js'} & set(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip() == "[]"
