#!/usr/bin/env python3
"""Generate every sound effect of Castellion into assets/sounds/ (deterministic, standard library only).

    python scripts/make_sounds.py [--out DIR] [--check]

Each sound is synthesised from sines, filtered noise and envelopes — nothing is recorded or
downloaded, so the sounds are ours (see assets/sounds/README.md). The noise comes from a
`random.Random` seeded per sound, and the WAV header carries no date, so running the script twice
writes byte-identical files (tests/ui/test_sound.py checks it). Format: 22 050 Hz, mono, 16-bit PCM.

`--check` writes nothing: it regenerates in memory and exits 1 when a committed file differs.
"""

from __future__ import annotations

import argparse
import array
import io
import math
import random
import sys
import wave
import zlib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
RATE = 22050
TAU = 2 * math.pi

Signal = list[float]


# --------------------------------------------------------------------------- building blocks


def silence(seconds: float) -> Signal:
    return [0.0] * int(round(seconds * RATE))


def n_of(seconds: float) -> int:
    return int(round(seconds * RATE))


def tone(freq: float, seconds: float, *, harmonics: tuple[float, ...] = (1.0,), drop: float = 0.0,
         phase: float = 0.0) -> Signal:
    """A sum of harmonics of `freq` (amplitudes in `harmonics`); `drop` glides the pitch down by
    that fraction over the sound (0.3 = ends 30 % lower), like a struck wooden body."""
    n = n_of(seconds)
    out = [0.0] * n
    ph = phase
    for i in range(n):
        f = freq * (1.0 - drop * i / n)
        ph += TAU * f / RATE
        v = 0.0
        for k, amp in enumerate(harmonics, start=1):
            if amp:
                v += amp * math.sin(k * ph)
        out[i] = v
    return out


def partials(pairs: tuple[tuple[float, float, float], ...], seconds: float) -> Signal:
    """Inharmonic partials (frequency, amplitude, decay time constant in s): a bell or a chime."""
    n = n_of(seconds)
    out = [0.0] * n
    for freq, amp, tau in pairs:
        w = TAU * freq / RATE
        for i in range(n):
            out[i] += amp * math.exp(-i / (tau * RATE)) * math.sin(w * i)
    return out


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(n_of(seconds))]


def brown(seconds: float, rng: random.Random, leak: float = 0.985) -> Signal:
    """Brownian (red) noise: a leaky integral of white noise — a low rumble."""
    out, v = [], 0.0
    for _ in range(n_of(seconds)):
        v = v * leak + rng.uniform(-1.0, 1.0)
        out.append(v)
    return normalise(out, 1.0)


def lowpass(sig: Signal, cutoff: float | Callable[[float], float], order: int = 1) -> Signal:
    """`order` cascaded one-pole low-passes (6 dB/octave each); `cutoff` in Hz, or a function of
    the position 0..1 (a sweep)."""
    n = len(sig)
    out = list(sig)
    for _ in range(order):
        y = 0.0
        for i, x in enumerate(out):
            fc = cutoff(i / n) if callable(cutoff) else cutoff
            y += (1.0 - math.exp(-TAU * fc / RATE)) * (x - y)
            out[i] = y
    return out


def bandpass(sig: Signal, centre: float | Callable[[float], float], q: float = 2.0) -> Signal:
    """RBJ biquad band-pass (constant peak gain); `centre` in Hz or a function of 0..1."""
    n = len(sig)
    out = [0.0] * n
    x1 = x2 = y1 = y2 = 0.0
    for i, x in enumerate(sig):
        fc = centre(i / n) if callable(centre) else centre
        w0 = TAU * fc / RATE
        alpha = math.sin(w0) / (2 * q)
        a0 = 1 + alpha
        b0, b2 = alpha / a0, -alpha / a0
        a1, a2 = -2 * math.cos(w0) / a0, (1 - alpha) / a0
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out[i] = y
    return out


def env_ad(sig: Signal, attack: float, decay: float) -> Signal:
    """Linear attack over `attack` s, then exponential decay with time constant `decay` s."""
    na = max(1, n_of(attack))
    return [x * (i / na if i < na else math.exp(-(i - na) / (decay * RATE))) for i, x in enumerate(sig)]


def env_bell(sig: Signal, peak: float = 0.5, power: float = 2.0) -> Signal:
    """Rise to the peak at `peak` (0..1 of the length), then fall: a smooth hump (a swish)."""
    n = len(sig)
    out = []
    for i, x in enumerate(sig):
        t = i / max(1, n - 1)
        u = t / peak if t < peak else (1 - t) / (1 - peak)
        out.append(x * math.sin(0.5 * math.pi * u) ** power)
    return out


def mix(*layers: tuple[float, Signal, float]) -> Signal:
    """Sum of (start time s, signal, gain) layers."""
    end = max(n_of(start) + len(sig) for start, sig, _ in layers)
    out = [0.0] * end
    for start, sig, gain in layers:
        o = n_of(start)
        for i, x in enumerate(sig):
            out[o + i] += gain * x
    return out


def normalise(sig: Signal, peak: float) -> Signal:
    top = max((abs(x) for x in sig), default=0.0)
    return [x * peak / top for x in sig] if top > 0 else sig


def fade_edges(sig: Signal, fade_in: float = 0.002) -> Signal:
    """Short linear fades so no sound starts or ends with a click (out: 15 % of it, at most 80 ms)."""
    n = len(sig)
    fi, fo = max(1, n_of(fade_in)), max(1, min(n_of(0.08), int(0.15 * n)))
    out = list(sig)
    for i in range(min(fi, n)):
        out[i] *= i / fi
    for i in range(min(fo, n)):
        out[n - 1 - i] *= i / fo
    return out


def note(name: str) -> float:
    """Equal-tempered frequency of e.g. "C5", "F#4", "Bb3" (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        steps, rest = steps + 1, rest[1:]
    elif rest.startswith("b"):
        steps, rest = steps - 1, rest[1:]
    return 440.0 * 2 ** ((steps + 12 * (int(rest) - 4)) / 12)


def pluck(freq: float, seconds: float, decay: float, *, bright: float = 0.35, attack: float = 0.004) -> Signal:
    """A soft mallet / plucked note: fundamental, a little octave and twelfth, decaying."""
    return env_ad(tone(freq, seconds, harmonics=(1.0, bright, bright * 0.35)), attack, decay)


# --------------------------------------------------------------------------- the sounds
# Each maker gets its own seeded generator and returns samples in -1..1 (peak set by `peak`).


def s_draw(rng: random.Random) -> Signal:
    """A tile slid off the pile: band-passed noise sweeping up, a soft hump."""
    body = lowpass(bandpass(noise(0.2, rng), lambda t: 700 + 1600 * t, q=0.9), 2600, order=2)
    return env_bell(body, peak=0.35, power=1.5)


def s_place(rng: random.Random) -> Signal:
    """Wood set on wood: a click transient, a hollow knock and a low thud, all short."""
    click = env_ad(bandpass(noise(0.03, rng), 3200, q=1.5), 0.0005, 0.004)
    knock = env_ad(tone(620, 0.12, harmonics=(1.0, 0.0, 0.25), drop=0.08), 0.001, 0.022)
    thud = env_ad(tone(150, 0.16, harmonics=(1.0, 0.3), drop=0.25), 0.002, 0.04)
    return mix((0.0, click, 0.5), (0.0, knock, 0.55), (0.0, thud, 0.9))


def s_discard(rng: random.Random) -> Signal:
    """A soft swish: low-passed noise, gliding down, a broad hump."""
    body = lowpass(bandpass(noise(0.28, rng), lambda t: 1800 - 1100 * t, q=0.7), 2000, order=2)
    return env_bell(body, peak=0.3, power=1.2)


def s_traitor(rng: random.Random) -> Signal:
    """A low, ominous tone: a minor second that beats slowly, over a muffled drum."""
    secs = 0.95
    a = tone(note("A2"), secs, harmonics=(1.0, 0.35, 0.2, 0.08))
    b = tone(note("Bb2") * 0.997, secs, harmonics=(1.0, 0.3, 0.15))
    drone = env_ad(lowpass(mix((0.0, a, 0.6), (0.0, b, 0.45)), 600, order=2), 0.06, 0.3)
    drum = env_ad(lowpass(noise(0.3, rng), 160, order=3), 0.002, 0.07)
    return mix((0.0, drone, 1.0), (0.0, drum, 1.2))


def s_destroy(rng: random.Random) -> Signal:
    """Stone crumbling: a crack, then a shower of small low-passed grains thinning out."""
    layers: list[tuple[float, Signal, float]] = [
        (0.0, env_ad(lowpass(noise(0.2, rng), 1200, order=2), 0.001, 0.05), 1.0),
    ]
    t = 0.02
    while t < 0.5:
        size = rng.uniform(0.015, 0.05)
        grain = env_ad(lowpass(bandpass(noise(size, rng), rng.uniform(250, 1400), q=1.5), 1800), 0.0008, size / 3)
        layers.append((t, grain, rng.uniform(0.35, 0.9) * (1 - t / 0.6)))
        t += rng.uniform(0.012, 0.045) * (1 + 2 * t)
    return mix(*layers)


def s_rows(rng: random.Random) -> Signal:
    """Rows falling: a long low rumble with a sinking sub tone."""
    rumble = env_ad(lowpass(brown(1.0, rng), lambda t: 240 - 140 * t, order=3), 0.03, 0.3)
    sub = env_ad(tone(62, 1.0, harmonics=(1.0, 0.3), drop=0.3), 0.02, 0.28)
    debris = env_ad(lowpass(noise(0.6, rng), 700, order=2), 0.01, 0.12)
    return mix((0.0, rumble, 1.0), (0.0, sub, 0.55), (0.05, debris, 0.25))


def s_ordeal_revealed(rng: random.Random) -> Signal:
    """A card flipped over: a short swish and a papery snap."""
    swish = env_bell(lowpass(bandpass(noise(0.12, rng), lambda t: 1000 + 1800 * t, q=0.8), 3000, order=2),
                     peak=0.7, power=1.4)
    snap = env_ad(lowpass(bandpass(noise(0.05, rng), 2000, q=1.0), 3500), 0.0005, 0.008)
    return mix((0.0, swish, 0.7), (0.11, snap, 1.0))


def s_ordeal_passed(rng: random.Random) -> Signal:
    """A short bright chime: bell partials on E6, then B6 a moment later."""
    e6, b6 = note("E6"), note("B6")
    bell1 = partials(((e6, 1.0, 0.22), (e6 * 2.76, 0.25, 0.1), (e6 * 5.4, 0.1, 0.04)), 0.75)
    bell2 = partials(((b6, 0.8, 0.2), (b6 * 2.76, 0.2, 0.08)), 0.65)
    return mix((0.0, env_ad(bell1, 0.002, 10), 1.0), (0.09, env_ad(bell2, 0.002, 10), 0.8))


def s_won(rng: random.Random) -> Signal:
    """A small fanfare: C5 E5 G5 quick, then C6 held, brassy (odd and even harmonics)."""
    brass = (1.0, 0.55, 0.35, 0.2, 0.1)

    def horn(freq: float, secs: float, decay: float) -> Signal:
        raw = tone(freq, secs, harmonics=brass)
        vib = [x * (1 + 0.04 * math.sin(TAU * 5.5 * i / RATE)) for i, x in enumerate(raw)]
        return env_ad(lowpass(vib, 3200), 0.018, decay)

    return mix(
        (0.00, horn(note("C5"), 0.16, 0.12), 0.8),
        (0.13, horn(note("E5"), 0.16, 0.12), 0.8),
        (0.26, horn(note("G5"), 0.16, 0.12), 0.85),
        (0.40, horn(note("C6"), 0.85, 0.25), 1.0),
        (0.40, horn(note("G5"), 0.85, 0.25), 0.45),
        (0.40, horn(note("E5"), 0.85, 0.25), 0.35),
    )


def s_lost(rng: random.Random) -> Signal:
    """Descending tones: A4 F4 D4, then a low A3 that fades — soft, in a minor key."""
    return mix(
        (0.00, lowpass(pluck(note("A4"), 0.4, 0.22, bright=0.25), 2000), 0.8),
        (0.24, lowpass(pluck(note("F4"), 0.4, 0.22, bright=0.25), 2000), 0.8),
        (0.48, lowpass(pluck(note("D4"), 0.45, 0.25, bright=0.25), 2000), 0.85),
        (0.74, lowpass(pluck(note("A3"), 0.9, 0.25, bright=0.2, attack=0.02), 1600), 1.0),
    )


def s_power(rng: random.Random) -> Signal:
    """A sparkle: quick high pings rising in pitch over a faint shimmer."""
    layers: list[tuple[float, Signal, float]] = []
    t, k = 0.0, 0
    while t < 0.32:
        freq = 1900 * 2 ** (k / 7 + rng.uniform(-0.05, 0.05))
        ping = env_ad(tone(freq, 0.14, harmonics=(1.0, 0.0, 0.15)), 0.001, 0.035)
        layers.append((t, ping, rng.uniform(0.4, 0.7) * (1 - 0.5 * t / 0.32)))
        t += rng.uniform(0.025, 0.05)
        k += 1
    shimmer = env_bell(bandpass(noise(0.45, rng), 6000, q=2.0), peak=0.3, power=1.0)
    layers.append((0.0, shimmer, 0.12))
    return mix(*layers)


def s_invalid(rng: random.Random) -> Signal:
    """A muted low bump: two quick dull knocks, low-passed (a "no")."""
    def bump() -> Signal:
        return lowpass(env_ad(tone(140, 0.09, harmonics=(1.0, 0.4), drop=0.2), 0.002, 0.025), 600)
    return mix((0.0, bump(), 1.0), (0.085, bump(), 0.7))


def s_turn(rng: random.Random) -> Signal:
    """A two-note cue: G5 then C6, soft mallet — the other player's turn."""
    return mix(
        (0.00, pluck(note("G5"), 0.3, 0.1, bright=0.2), 0.85),
        (0.14, pluck(note("C6"), 0.4, 0.14, bright=0.2), 1.0),
    )


# name -> (maker, peak level 0..1). Peaks balance loudness: frequent sounds sit lower.
SOUNDS: dict[str, tuple[Callable[[random.Random], Signal], float]] = {
    "draw": (s_draw, 0.40),
    "place": (s_place, 0.60),
    "discard": (s_discard, 0.38),
    "traitor": (s_traitor, 0.56),
    "destroy": (s_destroy, 0.60),
    "rows": (s_rows, 0.72),
    "ordeal_revealed": (s_ordeal_revealed, 0.45),
    "ordeal_passed": (s_ordeal_passed, 0.50),
    "won": (s_won, 0.62),
    "lost": (s_lost, 0.60),
    "power": (s_power, 0.42),
    "invalid": (s_invalid, 0.50),
    "turn": (s_turn, 0.48),
}


def render(name: str) -> bytes:
    """The WAV file of sound `name`, as bytes (22 050 Hz mono 16-bit); the same every run."""
    maker, peak = SOUNDS[name]
    rng = random.Random(zlib.crc32(name.encode("ascii")))
    sig = fade_edges(normalise(maker(rng), peak))
    pcm = array.array("h", (max(-32767, min(32767, int(round(x * 32767)))) for x in sig))
    if sys.byteorder != "little":  # WAV is little-endian
        pcm.byteswap()
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


def generate(out: Path, names: list[str] | None = None) -> dict[str, int]:
    """Write `<name>.wav` for every sound (or `names`) into `out`; answers name -> size in bytes."""
    out.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for name in names or list(SOUNDS):
        data = render(name)
        (out / f"{name}.wav").write_bytes(data)
        sizes[name] = len(data)
    return sizes


def check(out: Path) -> list[str]:
    """The sounds whose file in `out` differs from what the script makes (or is missing)."""
    stale = []
    for name in SOUNDS:
        path = out / f"{name}.wav"
        if not path.is_file() or path.read_bytes() != render(name):
            stale.append(name)
    return stale


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--check", action="store_true", help="compare with the files in --out; write nothing")
    ap.add_argument("names", nargs="*", help="only these sounds (default: all)")
    args = ap.parse_args(argv)
    unknown = [n for n in args.names if n not in SOUNDS]
    if unknown:
        ap.error(f"unknown sound(s): {', '.join(unknown)}; known: {', '.join(SOUNDS)}")
    if args.check:
        stale = check(args.out)
        print("sounds up to date" if not stale else f"sounds differ from the script: {', '.join(stale)}")
        return 1 if stale else 0
    sizes = generate(args.out, args.names or None)
    for name, size in sizes.items():
        print(f"{name + '.wav':22s} {size / 1024:6.1f} KB  {(size - 44) / 2 / RATE:5.2f} s")
    print(f"{'total':22s} {sum(sizes.values()) / 1024:6.1f} KB -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
