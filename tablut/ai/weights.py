"""Evaluation weights for each rule set, one number per feature of
:data:`tablut.ai.evaluate.FEATURES` (white's side: positive favours white).

These values are the output of ``tools/tune.py`` (self-play matches between weight
vectors); rerun it to retune, and paste what it prints here.
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

WEIGHTS: dict[str, tuple[int, ...]] = {
    # tools/tune.py --rules berkeley --iterations 150 --nodes 1500 --seed 1:
    # tuned vs initial 34/40 (+301 Elo)
    "berkeley": (100, -105, 4, -17, 57, -50, 6, -71, 11, -9, -126, -15, 31, 12, -19, 8, -34,
                 -56, -4, 11, 69),
    # tools/tune.py --rules brainking --iterations 150 --nodes 1500 --seed 1:
    # tuned vs initial 22/40 (+35 Elo; many draws by repetition in this rule set)
    "brainking": (100, -88, 14, 43, 141, 70, 3, -14, 11, -10, -137, 3, 15, 5, 1, -7, 4, -16,
                  -6, 8, 63),
    # tools/tune.py --rules nielsen --iterations 150 --nodes 1500 --seed 1:
    # tuned vs initial 25/40 (+89 Elo)
    "nielsen": (100, -104, 11, 26, 157, 118, 4, 20, 9, -73, 73, -8, -4, 1, -3, -18, -15, 3,
                -23, 4, 63),
    # tools/tune.py --rules ashton --iterations 150 --nodes 1500 --seed 1, from berkeley's:
    # tuned vs berkeley's 22.5/40 (+44 Elo)
    "ashton": (100, -130, 9, -21, 92, -79, 10, -23, 1, -8, -128, -20, 23, 13, -5, 1, -70, -8,
               -19, -3, 74),
    # berkeley's, its closest relative (OpenTafl's Tablut differs in the king's return to
    # the throne, repetitions and encirclement).
    "opentafl": (100, -105, 4, -17, 57, -50, 6, -71, 11, -9, -126, -15, 31, 12, -19, 8, -34,
                 -56, -4, 11, 69),
}
"""Tuned weights by rule-set name."""


def weights_for(rules: Rules) -> tuple[int, ...]:
    """The weights for ``rules``; a rule set not tuned yet gets those of the closest one
    (corner escape: nielsen's, else berkeley's)."""
    if rules.name in WEIGHTS:
        return WEIGHTS[rules.name]
    return WEIGHTS["nielsen" if geometry(rules).corner_escape else "berkeley"]
