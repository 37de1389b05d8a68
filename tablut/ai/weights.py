"""Evaluation weights for each rule set, one number per feature of
:data:`tablut.ai.evaluate.FEATURES` (white's side: positive favours white).

These values are the output of ``tools/tune.py`` (self-play matches between weight
vectors); rerun it to retune, and paste what it prints here.  The rule sets of the 7x7 and
11x11 boards start from nielsen's, the closest 9x9 rule set; copenhagen's are tuned, and
fetlar plays them; brandubh's tuning found nothing better than nielsen's.
"""

from __future__ import annotations

from ..geometry import geometry
from ..rules import Rules

INITIAL = {
    "white_guards": 100,
    "black_soldiers": -55,
    "king_mobility": 4,
    "king_threat_squares": 40,
    "king_fork_squares": 150,
    "king_open_lines": 60,
    "king_reach2_lines": 6,
    "king_hostile_sides": -30,
    "king_white_sides": 5,
    "king_capture_squares": -20,
    "king_capture_reached": -80,
    "white_hanging": -25,
    "black_hanging": 15,
    "white_mobility": 1,
    "black_mobility": -1,
    "black_line_control": -3,
    "king_escape_distance": -10,
    "white_enclosed": -40,
    "black_corner_guards": -10,
    "side_to_move": 10,
    "capture_on_move": 40,
}
"""The hand-set weights, by feature, that the tuning runs recorded below started from
("initial"); ``tools/tune.py --start`` takes such a vector to tune from it again."""

_BERKELEY = (100, -226, 6, -18, 45, -30, 7, -5, 5, -6, -125, -20, 39, 13, -16, 3, -12, -74, 1,
             16, 76)
"""Berkeley's weights, which OpenTafl's Tablut shares (see :data:`WEIGHTS`)."""

_NIELSEN = (100, -185, 16, 46, 150, 180, 4, 23, 16, -32, 74, -4, -4, 3, -7, -21, -19, 3, -20, -3,
            85)
"""Nielsen's weights, the start of every rule set with corner escape (see :data:`WEIGHTS`)."""



def _changed(weights: tuple[int, ...], **changes: int) -> tuple[int, ...]:
    """``weights`` with the features named in ``changes`` (names of :data:`INITIAL`, which
    are in the order of the features) set to the values given."""
    names = list(INITIAL)
    out = list(weights)
    for name, value in changes.items():
        out[names.index(name)] = value
    return tuple(out)


_HNEFATAFL = _changed(_NIELSEN, king_hostile_sides=-15,
                      king_capture_reached=INITIAL["king_capture_reached"],
                      white_enclosed=INITIAL["white_enclosed"])
"""Copenhagen's and Fetlar's hand-set weights, where their tuning starts: nielsen's, but
three set by hand for a king captured only on four sides and a black side that also wins
by encircling.  Each hostile side beside the king is a step towards his capture (-15;
nielsen's tuned +23 is that of a king whom two sides capture, whose danger the search sees
itself); a square that completes his capture and that black reaches, and a white piece
shut in, count as in :data:`INITIAL` (-80 and -40; nielsen's tuned +74 and +3)."""

# tuned by tools/tune.py: 300 iterations at 1,500 nodes a move; 36/60 against the hand-set start
_COPENHAGEN = (100, -223, 11, 36, -13, 180, 14, -13, 10, -26, -117, -9, -1, 5, -4, -10, -16,
               -30, -17, 0, 125)
"""Copenhagen's weights, tuned from :data:`_HNEFATAFL` (see :data:`WEIGHTS`)."""

WEIGHTS: dict[str, tuple[int, ...]] = {
    # tools/tune.py --rules berkeley --iterations 150 --nodes 1500 --seed 1 (tuned vs
    # initial 34/40, +301 Elo), then from there --iterations 500 --nodes 3000 --seed 7
    # --rate 0.25: 49/60 against the first tuning at 10,000 nodes a move (+260 Elo)
    "berkeley": _BERKELEY,
    # tools/tune.py --rules brainking --iterations 150 --nodes 1500 --seed 1:
    # tuned vs initial 22/40 (+35 Elo; many draws by repetition in this rule set)
    "brainking": (100, -88, 14, 43, 141, 70, 3, -14, 11, -10, -137, 3, 15, 5, 1, -7, 4, -16,
                  -6, 8, 63),
    # tools/tune.py --rules nielsen --iterations 150 --nodes 1500 --seed 1 (tuned vs
    # initial 25/40, +89 Elo), then from there --iterations 500 --nodes 3000 --seed 7
    # --rate 0.25: 46.5/60 against the first tuning at 10,000 nodes a move (+215 Elo)
    "nielsen": _NIELSEN,
    # tools/tune.py --rules ashton --iterations 150 --nodes 1500 --seed 1, from berkeley's:
    # tuned vs berkeley's 22.5/40 (+44 Elo)
    "ashton": (100, -130, 9, -21, 92, -79, 10, -23, 1, -8, -128, -20, 23, 13, -5, 1, -70, -8,
               -19, -3, 74),
    # berkeley's, its closest relative (OpenTafl's Tablut differs in the king's return to
    # the throne, repetitions and encirclement); berkeley's retuned weights scored 26.5/40
    # in opentafl rules against berkeley's first, at 10,000 nodes a move.
    "opentafl": _BERKELEY,
    # Not tuned: brandubh has nielsen's, its closest relative (corner escape, hostile
    # corners, an armed king whom two black pieces capture; in Brandubh even on his throne).
    # tools/tune.py --rules brandubh --iterations 200 --nodes 1500 --seed 1 --rate 0.5 found
    # nothing better: 18.5/40 against these (-26 Elo).
    "brandubh": _NIELSEN,
    # tools/tune.py --rules copenhagen --iterations 300 --nodes 1500 --seed 1 --rate 0.5,
    # from _HNEFATAFL: tuned vs that start 36/60 (+70 Elo)
    "copenhagen": _COPENHAGEN,
    # Copenhagen's, whose rules fetlar shares but for shieldwalls, edge forts and a drawn
    # repetition: under fetlar rules they scored 23.5/40 (+61 Elo) against the hand-set
    # _HNEFATAFL, at 1,500 nodes a move. Tuned further (tools/tune.py --rules fetlar
    # --iterations 175 --rate 0.5 from them) they gained nothing: 20.5/40 (+9 Elo).
    "fetlar": _COPENHAGEN,
}
"""Weights by rule-set name: tuned, but where the comments say otherwise."""


def weights_for(rules: Rules) -> tuple[int, ...]:
    """The weights for ``rules``; a rule set not tuned yet gets those of the closest one
    (corner escape: nielsen's, else berkeley's)."""
    if rules.name in WEIGHTS:
        return WEIGHTS[rules.name]
    return WEIGHTS["nielsen" if geometry(rules).corner_escape else "berkeley"]
