"""Synthesize the table's sound effects into sprites/assets/sounds/ (short mono WAVs).

    python -m tools.make_sounds [OUT_DIR]

Pure Python and the stdlib `wave` module: Drbg-seeded noise bursts shaped by envelopes and
filters (dice, cards, the clash of a battle, a click) and additive tones (the end-of-turn horn
chord, the ring of metal). Re-running gives the same bytes; the client only loads the files.
"""

from __future__ import annotations

import argparse
import io
import math
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

from game.core.drbg import Drbg

RATE = 22050
"""Samples per second (mono, 16-bit)."""
SEED = b"mare-internum sounds v1"
Signal = list[float]


# -- building blocks --------------------------------------------------------------------------

def frames(seconds: float) -> int:
    """Samples in `seconds`."""
    return round(seconds * RATE)


def noise(label: str, count: int) -> Signal:
    """`count` white-noise samples in [-1, 1), the same for the same label."""
    rng = Drbg(SEED, label)
    raw = b"".join(rng.read(32) for _ in range((2 * count + 31) // 32))
    return [int.from_bytes(raw[2 * k:2 * k + 2], "big") / 32768 - 1 for k in range(count)]


def decay(count: int, tau: float, attack: float = 0.0) -> Signal:
    """An envelope: a linear rise over `attack` seconds, then e^(-t/tau)."""
    rise = max(1, frames(attack))
    return [min(1.0, (k + 1) / rise) * math.exp(-max(0, k - rise) / (tau * RATE))
            for k in range(count)]


def shaped(signal: Signal, envelope: Signal) -> Signal:
    """The signal times the envelope, sample by sample."""
    return [s * e for s, e in zip(signal, envelope, strict=False)]


def lowpass(signal: Signal, cutoff: float) -> Signal:
    """A one-pole low-pass filter."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for s in signal:
        y += a * (s - y)
        out.append(y)
    return out


def highpass(signal: Signal, cutoff: float) -> Signal:
    """The signal less its one-pole low-pass."""
    return [s - low for s, low in zip(signal, lowpass(signal, cutoff), strict=True)]


def bandpass(signal: Signal, centre: float | Callable[[float], float], q: float) -> Signal:
    """A biquad band-pass (0 dB peak) whose centre may move: `centre(t)` in Hz."""
    out: Signal = []
    x1 = x2 = y1 = y2 = 0.0
    for k, x in enumerate(signal):
        f = centre(k / RATE) if callable(centre) else centre
        w = 2 * math.pi * f / RATE
        alpha = math.sin(w) / (2 * q)
        a0 = 1 + alpha
        y = (alpha * x - alpha * x2 + 2 * math.cos(w) * y1 - (1 - alpha) * y2) / a0
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def ring(freq: float, count: int, tau: float, phase: float = 0.0) -> Signal:
    """A sine at `freq` Hz dying away with time constant `tau`."""
    step = 2 * math.pi * freq / RATE
    return [math.sin(phase + step * k) * math.exp(-k / (tau * RATE)) for k in range(count)]


def add(into: Signal, signal: Signal, at: float = 0.0, gain: float = 1.0) -> None:
    """Mix `signal` into `into` from `at` seconds on (cut at the end of `into`)."""
    start = frames(at)
    for k, s in enumerate(signal[:max(0, len(into) - start)]):
        into[start + k] += gain * s


def finished(signal: Signal, peak: float, fade: float = 0.006) -> Signal:
    """Scaled so the loudest sample is `peak`, with a millisecond's fade-in and a short
    fade-out (no click at either end)."""
    top = max(abs(s) for s in signal) or 1.0
    head, tail, n = frames(0.001), frames(fade), len(signal)
    return [s * peak / top * min(1.0, k / head, (n - k) / tail) for k, s in enumerate(signal)]


def wav_bytes(signal: Signal) -> bytes:
    """The signal as a mono 16-bit WAV file."""
    pcm = b"".join(max(-32767, min(32767, round(s * 32767))).to_bytes(2, "little", signed=True)
                   for s in signal)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm)
    return buffer.getvalue()


# -- the sounds -------------------------------------------------------------------------------

def knock(label: str, strength: float, pitch: float) -> Signal:
    """One die hitting wood: a bright tick, the die's ring and a dull knock of the table."""
    n = frames(0.06)
    tick = shaped(bandpass(noise(label, n), 3200 * pitch, 1.2), decay(n, 0.004))
    out = [0.0] * n
    add(out, tick, gain=1.0)
    add(out, ring(1900 * pitch, n, 0.012), gain=0.35)
    add(out, ring(2650 * pitch, n, 0.008, 1.0), gain=0.2)
    add(out, ring(210 * pitch, n, 0.025), gain=0.5)
    return [s * strength for s in out]


def dice(variant: int) -> Signal:
    """Two or three dice thrown on a table: bounces closing up and fading, then a settle."""
    rng = Drbg(SEED, f"dice-{variant}")
    out = [0.0] * frames(DURATIONS[f"dice_{variant}"])
    for die in range(2 + variant % 2):
        t, gap, strength = 0.01 + 0.02 * die + rng.below(20) / 1000, 0.11, 1.0
        for bounce in range(7):
            pitch = 0.85 + rng.below(30) / 100
            add(out, knock(f"dice-{variant}-{die}-{bounce}", strength, pitch), t)
            gap *= 0.62 + rng.below(10) / 100
            t += gap + rng.below(15) / 1000
            strength *= 0.62
    return finished(out, 0.7)


def card() -> Signal:
    """A card flicked from the hand: a rising paper swish ending in a snap."""
    n = frames(DURATIONS["card"])
    swish = bandpass(noise("card", n), lambda t: 1600 + 24000 * t, 1.4)
    out = shaped(swish, decay(n, 0.05, attack=0.05))
    snap = shaped(bandpass(noise("card-snap", frames(0.03)), 3600, 1.5), decay(frames(0.03),
                                                                               0.004))
    add(out, snap, 0.07, gain=1.6)
    return finished(highpass(out, 500), 0.55)


def discard() -> Signal:
    """A card slid away onto a pile: a falling, softer swish and a muffled landing."""
    n = frames(DURATIONS["discard"])
    slide = bandpass(noise("discard", n), lambda t: max(700.0, 2600 - 7500 * t), 1.1)
    out = shaped(slide, decay(n, 0.07, attack=0.04))
    m = frames(0.1)
    thud = [a + b for a, b in zip(ring(140, m, 0.03),
                                  lowpass(noise("discard-thud", m), 600), strict=True)]
    add(out, shaped(thud, decay(m, 0.03)), 0.19, gain=0.6)
    return finished(out, 0.5)


def strike(label: str, base: float, count: int) -> Signal:
    """Steel on steel: a free bar's inharmonic partials, a scrape of noise, a shield's thud."""
    out = [0.0] * count
    for ratio, tau, gain in ((1.0, 0.22, 1.0), (1.007, 0.2, 0.6), (2.756, 0.12, 0.7),
                             (5.404, 0.06, 0.45), (8.933, 0.035, 0.3)):
        add(out, ring(base * ratio, count, tau, ratio), gain=gain)
    m = frames(0.05)
    add(out, shaped(highpass(noise(label, m), 2500), decay(m, 0.008)), gain=1.4)
    add(out, shaped(lowpass(noise(label + "-thud", m), 300), decay(m, 0.02)), gain=2.0)
    add(out, ring(90, m, 0.03), gain=0.6)
    return out


def battle() -> Signal:
    """The clash of a battle: two blades meeting, the second a little higher and softer."""
    out = [0.0] * frames(DURATIONS["battle"])
    add(out, strike("battle-1", 640, len(out)))
    add(out, strike("battle-2", 780, len(out)), 0.15, gain=0.7)
    return finished(out, 0.75)


HORN = ((146.83, 0.0), (220.0, 0.03), (293.66, 0.05), (369.99, 0.08))
"""The end-of-turn chord (D major: D3 A3 D4 F#4), each voice entering a little later."""


def brass(freq: float, count: int, enter: float) -> Signal:
    """One horn voice: harmonics brightening as it swells, a slow vibrato, a soft release."""
    out = [0.0] * count
    phase = 0.0
    start, release = frames(enter), frames(0.8)
    for k in range(start, count):
        t = (k - start) / RATE
        level = min(1.0, t / 0.09) * (math.exp(-(k - release) / (0.16 * RATE))
                                      if k > release else 1.0)
        vibrato = 1 + 0.003 * math.sin(2 * math.pi * 5 * t) * min(1.0, t)
        phase = (phase + 2 * math.pi * freq * vibrato / RATE) % (2 * math.pi)
        out[k] = sum(level ** (1 + 0.45 * h) / h * math.sin(h * phase) for h in range(1, 9))
    return out


def turn_end() -> Signal:
    """The end of a turn: a short horn chord, warm (low-passed) with a breath at the start."""
    out = [0.0] * frames(DURATIONS["turn_end"])
    for freq, enter in HORN:
        add(out, brass(freq, len(out), enter), gain=1.0 if freq < 300 else 0.8)
    m = frames(0.12)
    add(out, shaped(bandpass(noise("horn-breath", m), 1200, 0.7), decay(m, 0.03, 0.02)),
        gain=0.4)
    return finished(lowpass(out, 2800), 0.55)


def click() -> Signal:
    """A soft click for buttons: a small wooden tick."""
    n = frames(DURATIONS["click"])
    out = [0.0] * n
    add(out, ring(1800, n, 0.003))
    add(out, ring(850, n, 0.006, 0.5), gain=0.6)
    add(out, shaped(bandpass(noise("click", n), 3000, 1.0), decay(n, 0.002)), gain=0.5)
    return finished(out, 0.35, fade=0.004)


DURATIONS = {"dice_1": 0.6, "dice_2": 0.6, "dice_3": 0.6, "card": 0.16, "discard": 0.34,
             "battle": 0.7, "turn_end": 1.3, "click": 0.035}
"""Each sound's length in seconds (its file holds exactly that many samples)."""
RECIPES: dict[str, Callable[[], Signal]] = {
    "dice_1": lambda: dice(1), "dice_2": lambda: dice(2), "dice_3": lambda: dice(3),
    "card": card, "discard": discard, "battle": battle, "turn_end": turn_end, "click": click,
}


def render_all() -> dict[str, bytes]:
    """Every sound as the bytes of its WAV file, by name (without .wav)."""
    return {name: wav_bytes(recipe()) for name, recipe in RECIPES.items()}


def main(argv: Sequence[str] | None = None) -> int:
    """Write the WAV files into the output folder (default: sprites/assets/sounds)."""
    parser = argparse.ArgumentParser(prog="make_sounds", description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(Path(__file__).resolve().parents[1]
                                                      / "sprites" / "assets" / "sounds"))
    args = parser.parse_args(argv)
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in render_all().items():
        (folder / f"{name}.wav").write_bytes(data)
        print(f"wrote {folder / name}.wav ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
