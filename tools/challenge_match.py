"""Play a match through the Tablut Challenge server: our client against another program.

    python tools/challenge_match.py --server-classpath CP --opponent 'COMMAND' \
        --games 10 --timeout 10 --out /tmp/match

Every game starts the server (``java -cp CP it.unibo.ai.didattica.competition.tablut.
server.Server -t TIMEOUT``) in a folder of its own under ``--out``, then the two players:
our client (``python -m tablut challenge``) and the opponent's ``COMMAND``, where
``{side}`` stands for ``white``/``black``, ``{SIDE}`` for ``WHITE``/``BLACK`` and
``{timeout}`` for the time per move, e.g. ``'/path/Player1 {SIDE} {timeout} 127.0.0.1'``.
Colours alternate, ours white in odd games.  The tool builds nothing: give it a server
already compiled (its classes and the jars of its ``lib/``) and an opponent already built.

The server's ports are fixed (5800, 5801) and bound on every interface, so with
``--isolate`` (root, Linux) each game runs in a private network namespace of its own
(``unshare -n``) and nothing else on the machine can connect to it or be disturbed.

For each game it writes the players' and the server's output to the game's folder and one
line of results, then a summary: points (win 1, draw 1/2), results by colour, time-outs
and illegal moves (from the server's own words), and each side's search figures: our
client's depth, nodes per second and longest answer (from its move lines), and the
opponent's depth and nodes per second when it prints them (albe873/tablut.cpp's
``Metrics: Max Depth: ..., Nodes Expanded: ...`` and ``Time taken to find best move: N ms``
lines, which it writes when built with ``ENABLE_METRICS``).  ``results.jsonl`` in
``--out`` keeps everything, one game a line; ``--summary-only`` prints the summary of a
folder again.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVER_CLASS = "it.unibo.ai.didattica.competition.tablut.server.Server"
PORTS = (5800, 5801)

# What the server prints (server/Server.java).
RESULT = re.compile(r"RESULT: (PLAYER WHITE WIN|PLAYER BLACK WIN|DRAW)")
TIMEOUT = re.compile(r"Player (WHITE|BLACK) has lost!")
ERRORS = re.compile(r"TOO MANY ERRORS FOR (WHITE|BLACK) PLAYER")
# Our client's move lines (tablut/challenge/client.py).
OURS = re.compile(r"^(white|black) \S+ +\(depth (\d+), score \S+(?: \S+)?, (\d+) nodes, "
                  r"(\d+) nodes/s, ([\d.]+) s\)$")
# albe873/tablut.cpp's Player1, built with ENABLE_METRICS.
THEIR_DEPTH = re.compile(r"Max Depth: (\d+), Nodes Expanded: (\d+)")
THEIR_TIME = re.compile(r"Time taken to find best move: (\d+) ms")


def listening(port: int) -> bool:
    """Whether something listens on TCP ``port`` in this network namespace (read from
    /proc, so that the server does not take the probe for a player)."""
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "0A":
                return True
    return False


def play_one(args: argparse.Namespace, game: int, folder: Path) -> dict:
    """Run one game in ``folder`` (in this process's network namespace); its record."""
    folder.mkdir(parents=True, exist_ok=True)
    ours_white = game % 2 == 1
    with contextlib.ExitStack() as outputs:
        def output(name: str):  # noqa: ANN202 - a file
            return outputs.enter_context(open(folder / f"{name}.out", "w"))  # noqa: SIM115

        server = subprocess.Popen(
            ["java", "-cp", args.server_classpath, SERVER_CLASS, "-t", str(args.timeout)],
            cwd=folder, stdout=output("server"), stderr=subprocess.STDOUT)
        if not _wait_for_server(server):
            return {"game": game, "error": "the server did not start"}
        processes = [server]
        for side in ("white", "black"):
            ours = (side == "white") == ours_white
            processes.append(subprocess.Popen(
                _command(args, side, ours), cwd=ROOT if ours else folder,
                stdout=output("ours" if ours else "opponent"), stderr=subprocess.STDOUT))
            time.sleep(1.0)  # white connects first, as the server expects
        limit = time.monotonic() + args.game_seconds
        for process in processes:
            try:
                process.wait(max(1.0, limit - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    return describe(game, ours_white, folder)


def _wait_for_server(server: subprocess.Popen) -> bool:
    """Wait until the server listens on both ports; False if it died or took a minute."""
    deadline = time.monotonic() + 60
    while not all(listening(p) for p in PORTS):
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            return False
        time.sleep(0.2)
    return True


def _command(args: argparse.Namespace, side: str, ours: bool) -> list[str]:
    """The command line of the player of ``side``: our client, or the opponent's."""
    if ours:
        return [sys.executable, "-m", "tablut", "challenge", side, "--timeout",
                str(args.timeout), *shlex.split(args.ours)]
    return shlex.split(args.opponent.format(side=side, SIDE=side.upper(),
                                            timeout=args.timeout))


def describe(game: int, ours_white: bool, folder: Path) -> dict:
    """The record of a finished game, read from the outputs in ``folder``."""
    server = (folder / "server.out").read_text(errors="replace")
    ours = (folder / "ours.out").read_text(errors="replace").splitlines()
    theirs = (folder / "opponent.out").read_text(errors="replace")
    ours_side = "WHITE" if ours_white else "BLACK"
    record: dict = {"game": game, "ours": ours_side.lower()}
    if m := RESULT.search(server):
        winner = {"PLAYER WHITE WIN": "WHITE", "PLAYER BLACK WIN": "BLACK"}.get(m.group(1))
    elif m := TIMEOUT.search(server):
        winner = "BLACK" if m.group(1) == "WHITE" else "WHITE"
        record["timeout"] = m.group(1).lower()
    else:
        winner = None
        record["error"] = "no result from the server"
    if m := ERRORS.search(server):
        record["illegal"] = m.group(1).lower()
    record["winner"] = winner.lower() if winner else None
    record["points"] = (0.5 if winner is None and "error" not in record
                        else 1.0 if winner == ours_side else 0.0)
    moves = [OURS.match(line) for line in ours]
    moves = [m for m in moves if m]
    record["plies"] = sum(1 for line in ours if re.match(r"^(white|black) [a-i]\d-", line))
    record["ours_depth"] = [int(m.group(2)) for m in moves]
    record["ours_nps"] = [int(m.group(4)) for m in moves]
    record["ours_seconds"] = [float(m.group(5)) for m in moves]
    record["theirs_depth"] = [int(d) for d, _ in THEIR_DEPTH.findall(theirs)]
    record["theirs_nodes"] = [int(n) for _, n in THEIR_DEPTH.findall(theirs)]
    record["theirs_ms"] = [int(t) for t in THEIR_TIME.findall(theirs)]
    record["ours_result_line"] = ours[-1] if ours else ""
    return record


def _median(values: list[float]) -> str:
    return f"{statistics.median(values):.0f}" if values else "-"


def summary(records: list[dict]) -> str:
    """The match in a few lines."""
    points = sum(r.get("points", 0.0) for r in records)
    lines = [f"games {len(records)}: our points {points:g} of {len(records)}"]
    for side in ("white", "black"):
        mine = [r for r in records if r.get("ours") == side]
        won = sum(1 for r in mine if r.get("winner") == side)
        drawn = sum(1 for r in mine if r.get("winner") is None and "error" not in r)
        lines.append(f"  ours as {side}: {won} won, {drawn} drawn, "
                     f"{len(mine) - won - drawn} lost")
    faults = [f"game {r['game']}: {k} by {r[k]}" for r in records
              for k in ("timeout", "illegal") if k in r]
    faults += [f"game {r['game']}: {r['error']}" for r in records if "error" in r]
    lines.append("  faults: " + ("; ".join(faults) if faults else "none"))
    depth = [d for r in records for d in r.get("ours_depth", [])]
    nps = [n for r in records for n in r.get("ours_nps", [])]
    secs = [s for r in records for s in r.get("ours_seconds", [])]
    lines.append(f"  ours: {len(depth)} moves, depth median {_median(depth)} "
                 f"(min {min(depth, default='-')}, max {max(depth, default='-')}), "
                 f"nodes/s median {_median(nps)}, longest answer "
                 f"{max(secs, default=0):.2f} s")
    their_depth = [d for r in records for d in r.get("theirs_depth", [])]
    nodes = [n for r in records for n in r.get("theirs_nodes", [])]
    ms = [t for r in records for t in r.get("theirs_ms", [])]
    if their_depth:
        rate = sum(nodes) / (sum(ms) / 1000) if ms and sum(ms) else 0
        lines.append(f"  opponent: {len(their_depth)} moves, depth median "
                     f"{_median(their_depth)} (min {min(their_depth)}, max {max(their_depth)}),"
                     f" nodes/s {rate:.0f}, longest answer {max(ms, default=0) / 1000:.2f} s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server-classpath", help="the compiled server's class path")
    parser.add_argument("--opponent", help="the opponent's command ({side} {SIDE} {timeout})")
    parser.add_argument("--ours", default="", help="more options for our client")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first-game", type=int, default=1, help="number of the first game")
    parser.add_argument("--timeout", type=int, default=10, help="the server's -t")
    parser.add_argument("--game-seconds", type=float, default=4 * 3600,
                        help="give up a game after this long")
    parser.add_argument("--out", type=Path, required=True, help="folder for the outputs")
    parser.add_argument("--isolate", action="store_true",
                        help="run each game in a private network namespace (root, Linux)")
    parser.add_argument("--summary-only", action="store_true")
    parser.add_argument("--one-game", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    results = args.out / "results.jsonl"
    if args.one_game is not None:  # inside the namespace made for it
        record = play_one(args, args.one_game, args.out / f"game{args.one_game:02d}")
        print(json.dumps(record))
        return 0
    if not args.summary_only:
        if not args.server_classpath or not args.opponent:
            parser.error("--server-classpath and --opponent are needed to play")
        args.out.mkdir(parents=True, exist_ok=True)
        for game in range(args.first_game, args.first_game + args.games):
            record = run_game(args, game, argv if argv is not None else sys.argv[1:])
            with results.open("a") as out:
                out.write(json.dumps(record) + "\n")
            print(f"game {game}: ours {record.get('ours')}, winner {record.get('winner')}, "
                  f"{record.get('plies')} moves {record.get('error', '')}", flush=True)
    records = [json.loads(line) for line in results.read_text().splitlines() if line]
    print(summary(records))
    return 0


def run_game(args: argparse.Namespace, game: int, argv: list[str]) -> dict:
    """One game, in a private network namespace when asked."""
    if not args.isolate:
        return play_one(args, game, args.out / f"game{game:02d}")
    inner = [sys.executable, str(Path(__file__).resolve()), *argv, "--one-game", str(game)]
    script = "ip link set lo up && exec " + shlex.join(inner)
    done = subprocess.run(["unshare", "-n", "--", "sh", "-c", script],
                          capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    try:
        return json.loads(lines[-1])
    except (IndexError, ValueError):
        return {"game": game, "error": f"the game did not run: {done.stderr.strip()[-300:]}"}


if __name__ == "__main__":
    sys.exit(main())
