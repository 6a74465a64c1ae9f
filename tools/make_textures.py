"""Generate the map's paper texture (a tileable multiply map) into sprites/assets/.

    python -m tools.make_textures [OUT_DIR]

Pure, deterministic value noise (Drbg-seeded, exact bilinear interpolation with a smoothstep,
wrapped so the tile repeats without seams) plus fine grain and laid-paper fibres. Re-running
gives the same pixels; the client only loads the PNG, so start-up pays nothing for it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.drbg import Drbg

if TYPE_CHECKING:
    import pygame

SEED = b"mare-internum textures v1"
SIZE = 512
OCTAVES = ((4, 0.50), (8, 0.22), (32, 0.16), (128, 0.12))
"""(lattice cells across the tile, weight) from broad stains to fine mottling."""
LOW, HIGH = 212, 255
"""Range of the multiply map: 255 leaves a colour as it is, LOW darkens it by a fifth."""


def _bytes(rng: Drbg, count: int) -> bytes:
    """`count` random bytes, read in hash-sized chunks (fast for large counts)."""
    return b"".join(rng.read(32) for _ in range((count + 31) // 32))[:count]


def lattice(cells: int, label: str) -> list[list[float]]:
    """cells×cells uniform values in [0, 1]."""
    raw = _bytes(Drbg(SEED, label), cells * cells)
    return [[raw[y * cells + x] / 255 for x in range(cells)] for y in range(cells)]


def _weights(size: int, cells: int) -> list[tuple[int, int, float]]:
    """Per pixel: the two lattice indices around it (wrapped) and a smoothstep weight."""
    out = []
    for p in range(size):
        u = p * cells / size
        i = int(u)
        t = u - i
        out.append((i % cells, (i + 1) % cells, t * t * (3 - 2 * t)))
    return out


def value_noise(size: int, cells: int, label: str) -> list[list[float]]:
    """Tileable smooth noise, size×size values in [0, 1]."""
    grid = lattice(cells, label)
    wx = _weights(size, cells)
    rows = []
    for y0, y1, ty in wx:
        line = [a + (b - a) * ty for a, b in zip(grid[y0], grid[y1], strict=True)]
        rows.append([line[i0] + (line[i1] - line[i0]) * t for i0, i1, t in wx])
    return rows


def grain_values(size: int = SIZE) -> list[list[float]]:
    """Octaves of noise plus per-pixel grain, normalised to [0, 1]."""
    total = [[0.0] * size for _ in range(size)]
    for cells, weight in OCTAVES:
        layer = value_noise(size, min(cells, size), f"paper-{cells}")
        for row, add in zip(total, layer, strict=True):
            for x, v in enumerate(add):
                row[x] += weight * v
    fine = _bytes(Drbg(SEED, "paper-fine"), size * size)
    for y, row in enumerate(total):
        for x in range(size):
            row[x] += 0.06 * fine[y * size + x] / 255
    low = min(min(r) for r in total)
    high = max(max(r) for r in total)
    return [[(v - low) / (high - low) for v in row] for row in total]


def grain_bytes(size: int = SIZE) -> bytes:
    """The multiply map as 8-bit grey pixels, row by row."""
    values = grain_values(size)
    return bytes(round(LOW + (HIGH - LOW) * v) for row in values for v in row)


def fibres(size: int) -> list[tuple[int, int, int, int, int]]:
    """Laid-paper fibres: (x, y, dx, dy, shade) strokes, deterministic."""
    rng = Drbg(SEED, "paper-fibres")
    out = []
    for _ in range(size * 3 // 4):
        x, y = rng.below(size), rng.below(size)
        length = 3 + rng.below(12)
        out.append((x, y, length - rng.below(2 * length + 1), rng.below(5) - 2,
                    214 + rng.below(28)))
    return out


def _sepia(value: int) -> tuple[int, int, int]:
    """A grey level as a warm multiply colour: darker parts turn brown, like foxed paper."""
    dark = 255 - value
    return (value, max(0, round(value - dark * 0.2)), max(0, round(value - dark * 0.6)))


def make_paper(size: int = SIZE) -> pygame.Surface:
    """The paper multiply map as a pygame surface (fibres drawn wrapped across edges)."""
    import pygame

    grey = pygame.image.frombuffer(grain_bytes(size), (size, size), "P")
    grey.set_palette([_sepia(i) for i in range(256)])
    surface = pygame.Surface((size, size))
    surface.blit(grey, (0, 0))
    for x, y, dx, dy, shade in fibres(size):
        for ox in (-size, 0, size):
            for oy in (-size, 0, size):
                pygame.draw.line(surface, _sepia(shade), (x + ox, y + oy),
                                 (x + ox + dx, y + oy + dy))
    return surface


def main(argv: Sequence[str] | None = None) -> int:
    """Write paper.png into the output folder (default: sprites/assets)."""
    parser = argparse.ArgumentParser(prog="make_textures", description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(Path(__file__).resolve().parents[1]
                                                      / "sprites" / "assets"))
    args = parser.parse_args(argv)
    import pygame

    target = Path(args.out) / "paper.png"
    pygame.image.save(make_paper(), str(target))
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
