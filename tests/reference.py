"""A deliberately simple second implementation of the rules, to check the fast engine.

It shares nothing with ``tablut.board`` but the rule parameters: the board is a dict from
(column, row) to a piece letter, moves are found by stepping square by square, and every
rule is written out the way the fields of tablut/rules.py describe it.  Slow and obvious on
purpose.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tablut.rules import Escape, RepetitionOutcome, Rules

THRONE = (4, 4)
CORNERS = {(0, 0), (8, 0), (0, 8), (8, 8)}
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
# The camps of the rules that have them, as (column, row), written out by hand: west
# (a4 a5 a6 b5), south (d1 e1 f1 e2), east (i4 i5 i6 h5), north (d9 e9 f9 e8).
CAMPS = (
    {(0, 3), (0, 4), (0, 5), (1, 4)},
    {(3, 0), (4, 0), (5, 0), (4, 1)},
    {(8, 3), (8, 4), (8, 5), (7, 4)},
    {(3, 8), (4, 8), (5, 8), (4, 7)},
)
CAMP_CENTRES = {(0, 4), (4, 0), (8, 4), (4, 8)}


def on_board(c: int, r: int) -> bool:
    return 0 <= c < 9 and 0 <= r < 9


@dataclass
class RefState:
    """A position: pieces ('B', 'W', 'K'), the side to move, and the positions seen."""

    rules: Rules
    pieces: dict[tuple[int, int], str]
    turn: str  # 'B' or 'W'
    seen: dict[tuple, int] = field(default_factory=dict)
    winner: str | None = None  # 'B', 'W', or 'draw' once the last move ended the game

    @classmethod
    def from_position(cls, text: str, rules: Rules) -> RefState:
        rows, side = text.split()
        pieces = {}
        for i, row in enumerate(rows.split("/")):
            for c, ch in enumerate(row):
                if ch != "-":
                    pieces[(c, 8 - i)] = ch
        state = cls(rules, pieces, side.upper())
        state.seen[state.key()] = 1
        return state

    def key(self) -> tuple:
        return (frozenset(self.pieces.items()), self.turn)

    def king(self) -> tuple[int, int] | None:
        return next((sq for sq, p in self.pieces.items() if p == "K"), None)

    def camp_of(self, sq: tuple[int, int]) -> set | None:
        """The camp ``sq`` belongs to, if the rules have camps."""
        if not self.rules.camps:
            return None
        return next((camp for camp in CAMPS if sq in camp), None)

    def may_enter(self, frm: tuple[int, int], sq: tuple[int, int]) -> bool:
        """Whether a piece that started on ``frm`` may pass over or stop on the empty ``sq``,
        as far as camps and a blocking throne go."""
        if sq == THRONE and self.rules.throne_blocks:
            return False
        camp = self.camp_of(sq)
        return camp is None or frm in camp

    def may_stop(self, piece: str, sq: tuple[int, int]) -> bool:
        if sq == THRONE:
            return piece == "K" and self.rules.king_may_reenter_throne
        if sq in CORNERS and self.rules.corners_restricted:
            return piece == "K"
        return True

    def moves(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        if self.winner is not None:
            return []
        mine = "B" if self.turn == "B" else "WK"
        out = []
        for (c, r), piece in sorted(self.pieces.items()):
            if piece not in mine:
                continue
            for dc, dr in STEPS:
                tc, tr = c + dc, r + dr
                while (on_board(tc, tr) and (tc, tr) not in self.pieces
                       and self.may_enter((c, r), (tc, tr))):
                    if self.may_stop(piece, (tc, tr)):
                        out.append(((c, r), (tc, tr)))
                    tc, tr = tc + dc, tr + dr
        return out

    # The three hostility tests, each straight from the fields of tablut/rules.py.
    def hostile_to_guard(self, sq: tuple[int, int]) -> bool:
        piece = self.pieces.get(sq)
        if piece == "B" or self.camp_of(sq) is not None:
            return True
        if sq == THRONE:
            if piece == "K" and self.rules.occupied_throne_hostile_to_white:
                return True
            if piece == "K":
                black_round = sum(
                    self.pieces.get((4 + dc, 4 + dr)) == "B" for dc, dr in STEPS
                )
                return self.rules.throne_hostile_to_white_when_three_black and black_round >= 3
            return self.rules.empty_throne_hostile
        return sq in CORNERS and piece is None and self.rules.corners_hostile

    def hostile_to_black(self, sq: tuple[int, int]) -> bool:
        piece = self.pieces.get(sq)
        if piece == "W":
            return True
        if self.camp_of(sq) is not None and (
                self.rules.camp_centres_hostile_to_black or sq not in CAMP_CENTRES):
            return True
        if piece == "K":
            return self.rules.king_armed
        if sq == THRONE:
            return self.rules.empty_throne_hostile
        return sq in CORNERS and self.rules.corners_hostile

    def hostile_to_king(self, sq: tuple[int, int]) -> bool:
        if self.pieces.get(sq) == "B" or self.camp_of(sq) is not None:
            return True
        if sq == THRONE:
            return self.rules.throne_hostile_to_king
        return sq in CORNERS and self.rules.corners_hostile

    def king_captured(self, king: tuple[int, int], attacker: tuple[int, int]) -> bool:
        kc, kr = king
        if king == THRONE:
            sides = self.rules.king_sides_on_throne
        elif abs(kc - 4) + abs(kr - 4) == 1:
            sides = self.rules.king_sides_next_to_throne
        else:
            sides = self.rules.king_sides_elsewhere
        if sides == 2:
            far = (2 * kc - attacker[0], 2 * kr - attacker[1])
            return on_board(*far) and self.hostile_to_king(far)
        around = [(kc + dc, kr + dr) for dc, dr in STEPS]
        return all(on_board(*sq) and self.hostile_to_king(sq) for sq in around)

    def encircled(self) -> bool:
        frontier = [(c, r) for c in range(9) for r in range(9)
                    if (c in (0, 8) or r in (0, 8)) and self.pieces.get((c, r)) != "B"]
        reached = set(frontier)
        while frontier:
            c, r = frontier.pop()
            for dc, dr in STEPS:
                nxt = (c + dc, r + dr)
                if on_board(*nxt) and nxt not in reached and self.pieces.get(nxt) != "B":
                    reached.add(nxt)
                    frontier.append(nxt)
        return not any(p in "WK" and sq in reached for sq, p in self.pieces.items())

    def play(self, move: tuple[tuple[int, int], tuple[int, int]]) -> RefState:
        """The state after ``move``; the original is unchanged."""
        frm, to = move
        pieces = dict(self.pieces)
        piece = pieces.pop(frm)
        pieces[to] = piece
        after = RefState(self.rules, pieces, "W" if self.turn == "B" else "B", dict(self.seen))
        captures_allowed = piece != "K" or self.rules.king_armed
        for dc, dr in STEPS:
            near = (to[0] + dc, to[1] + dr)
            far = (to[0] + 2 * dc, to[1] + 2 * dr)
            victim = pieces.get(near)
            if piece == "B" and victim == "W" and on_board(*far) and after.hostile_to_guard(far):
                del pieces[near]
            elif piece == "B" and victim == "K" and after.king_captured(near, to):
                del pieces[near]
                after.winner = "B"
            elif (piece in "WK" and captures_allowed and victim == "B" and on_board(*far)
                  and after.hostile_to_black(far)):
                del pieces[near]
        if after.winner is None and piece == "K":
            c, r = to
            edge = c in (0, 8) or r in (0, 8)
            if (to in CORNERS) if self.rules.escape is Escape.CORNER else edge:
                after.winner = "W"
        if after.winner is None and piece == "B" and self.rules.encirclement and after.encircled():
            after.winner = "B"
        key = after.key()
        after.seen[key] = after.seen.get(key, 0) + 1
        if after.winner is None and after.seen[key] >= self.rules.repetition_count:
            draw = self.rules.repetition_outcome is RepetitionOutcome.DRAW
            after.winner = "draw" if draw else after.turn  # the mover loses
        return after


def ref_perft(state: RefState, depth: int) -> int:
    """Perft by the reference rules: a game-ending move is a leaf."""
    if depth == 0:
        return 1
    moves = state.moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        after = state.play(move)
        if after.winner is None:
            total += ref_perft(after, depth - 1)
    return total
