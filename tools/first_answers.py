"""Write ``tablut/ai/first_answers_data.py``: the default level's answers at the start of
a game and after every first move, for every rule set (see :mod:`tablut.ai.first_answers`).

    python tools/first_answers.py [--check N]

Each answer is the engine's own: ``web.computer.worker.think`` on the game's record, the way the
page asks for a move.  Run it again whenever the search or the evaluation changes (the
test ``tests/test_first_answers.py`` fails until the table is right again).  ``--check N``
writes nothing: it searches N entries picked at random and says whether they agree.
Searches run in two processes; the whole table takes a few minutes.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tablut.ai.first_answers import (  # noqa: E402
    LEVEL,
    answer_key,
    first_games,
    table_entry,
)
from tablut.ai.first_answers_data import ANSWERS  # noqa: E402
from web.computer import worker as ai_worker  # noqa: E402

OUT = ROOT / "tablut" / "ai" / "first_answers_data.py"

HEADER = '''"""The answers of :mod:`tablut.ai.first_answers`: written by ``tools/first_answers.py``
(the engine's own search at level {level}, for the start of every rule set and after every
first move).  Key: the rule set and the moves played; entry: the line the search expects
(its first move is the answer), the score, the depth and selective depth, the positions
searched, whether its last depth was complete
(:func:`tablut.ai.first_answers.answer_data`).  Do not edit by hand: run the tool
again."""
# ruff: noqa: E501 - one answer a line

from __future__ import annotations

ANSWERS: dict[tuple[str, str], tuple[str, int, int, int, int, bool]] = {{
'''


def engine_answer(record: str) -> tuple[str, int, int, int, int, bool]:
    """The engine's answer for ``record``, as the page gets it, as the table keeps it."""
    return table_entry(json.loads(ai_worker.think(1, record, LEVEL)))


def main(argv: list[str] | None = None) -> int:
    """Command line: see the module's description."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", type=int, metavar="N",
                        help="check N entries at random instead of writing the table")
    args = parser.parse_args(argv)
    games = first_games()
    if args.check:
        games = random.Random().sample(games, args.check)
    records = [game.to_json() for game in games]
    with ProcessPoolExecutor(2) as pool:
        answers = list(pool.map(engine_answer, records, chunksize=4))
    if args.check:
        wrong = [answer_key(g) for g, a in zip(games, answers, strict=True)
                 if ANSWERS.get(answer_key(g)) != a]
        print(f"{len(games) - len(wrong)} of {len(games)} agree" +
              (f"; wrong: {wrong}" if wrong else ""))
        return 1 if wrong else 0
    lines = [HEADER.format(level=LEVEL)]
    for game, answer in zip(games, answers, strict=True):
        lines.append(f"    {answer_key(game)!r}: {answer!r},\n")
    lines.append("}\n")
    OUT.write_text("".join(lines), encoding="utf-8")
    print(f"{len(games)} answers written to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
