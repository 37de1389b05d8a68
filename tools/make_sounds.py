"""The page's sounds, made by the build (never downloaded): a move, a capture and the end
of a game, synthesised here as small WAV files.

Each is a sum of decaying sine waves, like a wooden piece set down on a wooden board (a
low knock with a short bright click) or, for the end of a game, three notes rising. The
same code makes the same bytes, so a sound's content-addressed name changes only when
its recipe does. Standard library only, like the rest of the build.
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

#: Samples a second: plenty for knocks and a chime, and small files.
RATE = 22_050

#: Each sound: its length in seconds and its partials, as (start s, frequency Hz,
#: amplitude, decay per second).
RECIPES: dict[str, tuple[float, list[tuple[float, float, float, float]]]] = {
    # A piece set down: a low knock and a short bright click.
    "move": (0.12, [(0.0, 190.0, 0.55, 38.0), (0.0, 420.0, 0.25, 60.0),
                    (0.0, 1750.0, 0.12, 160.0)]),
    # A capture: the knock, and the taken piece knocked off a moment later.
    "capture": (0.22, [(0.0, 190.0, 0.5, 38.0), (0.0, 1750.0, 0.1, 160.0),
                       (0.07, 260.0, 0.45, 30.0), (0.07, 980.0, 0.2, 70.0)]),
    # The end of a game: three notes rising (C5, E5, G5).
    "end": (0.9, [(0.0, 523.25, 0.3, 4.0), (0.15, 659.25, 0.3, 4.0),
                  (0.3, 783.99, 0.35, 3.5), (0.3, 1567.98, 0.05, 6.0)]),
}


def samples(length: float, partials: list[tuple[float, float, float, float]]) -> list[int]:
    """The sound's 16-bit samples: each partial starts at its time and dies away; a few
    milliseconds' fade in and out keep the edges from clicking."""
    count = int(length * RATE)
    out = []
    for i in range(count):
        t = i / RATE
        value = 0.0
        for start, frequency, amplitude, decay in partials:
            if t >= start:
                since = t - start
                attack = min(1.0, since / 0.002)
                value += attack * amplitude * math.exp(-decay * since) * math.sin(
                    2 * math.pi * frequency * since)
        fade = min(1.0, (count - i) / (0.005 * RATE))
        out.append(int(max(-1.0, min(1.0, value * fade)) * 32767 * 0.8))
    return out


def write_sound(path: Path, name: str) -> Path:
    """Write the sound ``name`` of :data:`RECIPES` as a mono WAV file at ``path``."""
    length, partials = RECIPES[name]
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack(f"<{int(length * RATE)}h", *samples(length, partials)))
    return path


def write_sounds(folder: Path) -> list[Path]:
    """Write every sound into ``folder`` as ``<name>.wav``."""
    return [write_sound(folder / f"{name}.wav", name) for name in RECIPES]
