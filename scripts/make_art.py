#!/usr/bin/env python3
"""Generate every sprite of Castellion into assets/sprites/ (deterministic, fixed seeds).

    SDL_VIDEODRIVER=dummy .venv/bin/python scripts/make_art.py [--out DIR] [--detail 2]

Sprites are designed in "design pixels" (a tile is 128, a card 200 × 280, an icon 64) and written
at `--detail` output pixels per design pixel (default 2: 256 px tiles), so that the game, which
resamples each sprite once to the size it is shown at, stays crisp up to 2560×1440 and beyond. The
background, the 9-slice panel and the app icons are written at detail 1 (their own sizes).

All art is original and procedural: shapes are signed distance fields (SDF) evaluated on a 4×
supersampled grid, shaded with bevels, soft shadows and value-noise textures, then box-filtered
down (premultiplied alpha, so no dark fringes). Needs numpy (script-only dependency; the game
itself loads the PNGs with pygame alone). Pillow, if installed, is used only for app_icon.ico.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402 - after the path / SDL set-up above
import pygame  # noqa: E402 - after the path / SDL set-up above

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sprites"
SS = 4  # supersampling factor
DETAIL = 2  # output pixels per design pixel (--detail)
F32 = np.float32

# --------------------------------------------------------------------------- colour helpers


def rgb(hexstr: str) -> np.ndarray:
    h = hexstr.lstrip("#")
    return np.array([int(h[i : i + 2], 16) / 255.0 for i in (0, 2, 4)], F32)


def mix(a, b, t):
    return np.asarray(a, F32) * (1 - t) + np.asarray(b, F32) * t


WHITE = rgb("#ffffff")
BLACK = rgb("#000000")
INK = rgb("#1e140c")
CREAM = rgb("#f6ecd2")
GOLD_HI = rgb("#fff1b8")
GOLD = rgb("#d8a93e")
GOLD_LO = rgb("#7a5418")


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3 - 2 * t)


# --------------------------------------------------------------------------- SDF primitives
# Every SDF function takes the grid (X, Y in final-pixel units) and returns distance in px
# (negative inside).


def sd_circle(X, Y, cx, cy, r):
    return np.hypot(X - cx, Y - cy) - r


def sd_ellipse(X, Y, cx, cy, rx, ry):
    k = np.hypot((X - cx) / rx, (Y - cy) / ry)
    return (k - 1.0) * min(rx, ry)


def sd_box(X, Y, x0, y0, x1, y1, r=0.0):
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hx, hy = (x1 - x0) / 2 - r, (y1 - y0) / 2 - r
    qx = np.abs(X - cx) - hx
    qy = np.abs(Y - cy) - hy
    out = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    ins = np.minimum(np.maximum(qx, qy), 0)
    return out + ins - r


def sd_poly(X, Y, pts, margin=None):
    """SDF of a closed polygon (Inigo Quilez), exact within `margin` of its bounding box.

    X, Y must be an ascending 'ij' meshgrid; far outside, the distance to the box is used."""
    pts = [(float(x), float(y)) for x, y in pts]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    bx0, bx1, by0, by1 = min(xs), max(xs), min(ys), max(ys)
    if margin is None:
        margin = 0.25 * max(bx1 - bx0, by1 - by0)
    gx, gy = X[:, 0], Y[0, :]
    i0 = int(np.searchsorted(gx, bx0 - margin))
    i1 = int(np.searchsorted(gx, bx1 + margin))
    j0 = int(np.searchsorted(gy, by0 - margin))
    j1 = int(np.searchsorted(gy, by1 + margin))
    if i0 > 0 or j0 > 0 or i1 < X.shape[0] or j1 < X.shape[1]:
        qx = np.maximum(np.maximum(bx0 - X, X - bx1), 0)
        qy = np.maximum(np.maximum(by0 - Y, Y - by1), 0)
        out = np.hypot(qx, qy).astype(F32)
        if i1 > i0 and j1 > j0:
            out[i0:i1, j0:j1] = _sd_poly(X[i0:i1, j0:j1], Y[i0:i1, j0:j1], pts)
        return out
    return _sd_poly(X, Y, pts)


def _sd_poly(X, Y, pts):
    n = len(pts)
    d = (X - pts[0][0]) ** 2 + (Y - pts[0][1]) ** 2
    s = np.ones_like(X)
    j = n - 1
    for i in range(n):
        vix, viy = pts[i]
        vjx, vjy = pts[j]
        ex, ey = vjx - vix, vjy - viy
        wx, wy = X - vix, Y - viy
        ee = ex * ex + ey * ey or 1e-9
        t = np.clip((wx * ex + wy * ey) / ee, 0, 1)
        bx, by = wx - ex * t, wy - ey * t
        d = np.minimum(d, bx * bx + by * by)
        c1 = Y >= viy
        c2 = Y < vjy
        c3 = ex * wy > ey * wx
        flip = (c1 & c2 & c3) | (~c1 & ~c2 & ~c3)
        s = np.where(flip, -s, s)
        j = i
    return s * np.sqrt(d)


def sd_polyline(X, Y, pts, radii):
    """Distance to a polyline whose half-width varies linearly along it (tapered stroke)."""
    if np.isscalar(radii):
        radii = [radii] * len(pts)
    d = np.full(X.shape, 1e9, F32)
    for (ax, ay), (bx, by), ra, rb in zip(pts[:-1], pts[1:], radii[:-1], radii[1:]):
        ex, ey = bx - ax, by - ay
        ee = ex * ex + ey * ey or 1e-9
        wx, wy = X - ax, Y - ay
        t = np.clip((wx * ex + wy * ey) / ee, 0, 1)
        dd = np.hypot(wx - ex * t, wy - ey * t) - (ra + (rb - ra) * t)
        d = np.minimum(d, dd)
    return d


def catmull(ctrl, samples=6, closed=True):
    """Smooth curve points through control points (Catmull-Rom)."""
    p = [np.array(c, float) for c in ctrl]
    n = len(p)
    out = []
    rng = range(n) if closed else range(n - 1)
    for i in rng:
        p0 = p[(i - 1) % n] if closed else p[max(i - 1, 0)]
        p1 = p[i]
        p2 = p[(i + 1) % n]
        p3 = p[(i + 2) % n] if closed else p[min(i + 2, n - 1)]
        for k in range(samples):
            t = k / samples
            t2, t3 = t * t, t * t * t
            q = 0.5 * (
                2 * p1 + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2 + (-p0 + 3 * p1 - 3 * p2 + p3) * t3
            )
            out.append((q[0], q[1]))
    if not closed:
        out.append(tuple(p[-1]))
    return out


def smin(a, b, k):
    h = np.clip(0.5 + 0.5 * (b - a) / k, 0, 1)
    return b * (1 - h) + a * h - k * h * (1 - h)


def regular_poly(cx, cy, r, n, rot=-math.pi / 2):
    return [(cx + r * math.cos(rot + 2 * math.pi * i / n), cy + r * math.sin(rot + 2 * math.pi * i / n)) for i in range(n)]


# --------------------------------------------------------------------------- noise


def value_noise(shape, cell, rng, cell_y=None):
    """Smooth value noise, shape (W, H) in grid pixels, feature size `cell` grid pixels."""
    W, H = shape
    cy = cell if cell_y is None else cell_y
    gw, gh = int(W / cell) + 3, int(H / cy) + 3
    g = rng.random((gw, gh)).astype(F32)
    x = np.arange(W, dtype=F32) / cell
    y = np.arange(H, dtype=F32) / cy
    xi = x.astype(int)
    yi = y.astype(int)
    xf = x - xi
    yf = y - yi
    xf = xf * xf * (3 - 2 * xf)
    yf = yf * yf * (3 - 2 * yf)
    a = g[xi][:, yi]
    b = g[xi + 1][:, yi]
    c = g[xi][:, yi + 1]
    d = g[xi + 1][:, yi + 1]
    xf = xf[:, None]
    yf = yf[None, :]
    return (a * (1 - xf) + b * xf) * (1 - yf) + (c * (1 - xf) + d * xf) * yf


def fbm(shape, cell, rng, octaves=4, gain=0.5):
    total = np.zeros(shape, F32)
    amp, norm = 1.0, 0.0
    for _ in range(octaves):
        total += amp * value_noise(shape, max(cell, 1.0), rng)
        norm += amp
        amp *= gain
        cell /= 2
    return total / norm


# --------------------------------------------------------------------------- canvas


class Canvas:
    """A premultiplied-alpha RGBA float image at SS× resolution, addressed in final pixels."""

    def __init__(self, w, h, ss=SS):
        # `ss` samples per OUTPUT pixel; DETAIL output pixels per design pixel (X, Y stay in
        # design pixels, so every shape below is drawn the same at any detail)
        self.block = ss
        ss = ss * DETAIL
        self.w, self.h, self.ss = w, h, ss
        self.W, self.H = w * ss, h * ss
        self.c = np.zeros((self.W, self.H, 3), F32)
        self.a = np.zeros((self.W, self.H), F32)
        xs = ((np.arange(self.W) + 0.5) / ss).astype(F32)
        ys = ((np.arange(self.H) + 0.5) / ss).astype(F32)
        self.X, self.Y = np.meshgrid(xs, ys, indexing="ij")

    # coverage from an SDF (1 px of antialiasing at supersampled resolution)
    def cov(self, sdf, soft=0.0):
        if soft > 0:
            return smoothstep(soft, -soft, sdf).astype(F32)
        return np.clip(0.5 - sdf * self.ss, 0, 1).astype(F32)

    def paint(self, mask, color, alpha=1.0):
        m = (mask * alpha).astype(F32)
        col = np.asarray(color, F32)
        if col.ndim == 1:
            col = col[None, None, :]
        self.c = col * m[..., None] + self.c * (1 - m[..., None])
        self.a = m + self.a * (1 - m)

    def paint_pm(self, c, a, ox=0, oy=0):
        """Composite another premultiplied layer (same ss), offset in final px (integers)."""
        ox, oy = int(round(ox * self.ss)), int(round(oy * self.ss))
        W, H = a.shape
        x0, y0 = max(ox, 0), max(oy, 0)
        x1, y1 = min(ox + W, self.W), min(oy + H, self.H)
        if x1 <= x0 or y1 <= y0:
            return
        sc = c[x0 - ox : x1 - ox, y0 - oy : y1 - oy]
        sa = a[x0 - ox : x1 - ox, y0 - oy : y1 - oy]
        self.c[x0:x1, y0:y1] = sc + self.c[x0:x1, y0:y1] * (1 - sa[..., None])
        self.a[x0:x1, y0:y1] = sa + self.a[x0:x1, y0:y1] * (1 - sa)

    def multiply(self, mask, factor):
        """Scale the colour (not alpha) by `factor` where mask is 1."""
        f = 1 + (np.asarray(factor, F32) - 1) * mask
        if f.ndim == 2:
            f = f[..., None]
        self.c = self.c * f

    def shadow(self, sdf, dx, dy, blur, opacity, color=BLACK):
        sh = shift(sdf, dx * self.ss, dy * self.ss)
        self.paint(smoothstep(blur, -blur * 0.3, sh), color, opacity)

    def surface(self):
        w, h, s = self.w * DETAIL, self.h * DETAIL, self.block
        c = self.c.reshape(w, s, h, s, 3).mean(axis=(1, 3))
        a = self.a.reshape(w, s, h, s).mean(axis=(1, 3))
        col = np.where(a[..., None] > 1e-4, c / np.maximum(a[..., None], 1e-4), 0)
        surf = pygame.Surface((w, h), pygame.SRCALPHA, 32)
        px = pygame.surfarray.pixels3d(surf)
        px[...] = np.clip(col * 255 + 0.5, 0, 255).astype(np.uint8)
        del px
        pa = pygame.surfarray.pixels_alpha(surf)
        pa[...] = np.clip(a * 255 + 0.5, 0, 255).astype(np.uint8)
        del pa
        return surf


def shift(arr, dx, dy, fill=1e4):
    dx, dy = int(round(dx)), int(round(dy))
    out = np.full_like(arr, fill)
    W, H = arr.shape
    xs0, xs1 = max(0, -dx), min(W, W - dx)
    ys0, ys1 = max(0, -dy), min(H, H - dy)
    out[xs0 + dx : xs1 + dx, ys0 + dy : ys1 + dy] = arr[xs0:xs1, ys0:ys1]
    return out


def bevel_light(sdf, width, strength=0.5, light=(-0.55, -0.7, 0.6)):
    """A multiplicative shading factor: a rounded bevel of `width` px inside the SDF edge."""
    h = smoothstep(0, 1, np.clip(-sdf / width, 0, 1))
    h = np.sqrt(h)
    gx, gy = np.gradient(h)
    gx *= width * 0.6 * SS * DETAIL  # (np.gradient is per sample: SS·DETAIL samples per design px)
    gy *= width * 0.6 * SS * DETAIL
    lx, ly, lz = light
    ln = math.sqrt(lx * lx + ly * ly + lz * lz)
    nz = 1.0 / np.sqrt(gx * gx + gy * gy + 1)
    dot = (-gx * lx - gy * ly + lz) * nz / ln
    return (1 + strength * (dot - lz / ln) * 2).astype(F32)


def vgrad(cv, top, bottom, y0=None, y1=None):
    y0 = 0 if y0 is None else y0
    y1 = cv.h if y1 is None else y1
    t = np.clip((cv.Y - y0) / (y1 - y0), 0, 1)[..., None]
    return np.asarray(top, F32) * (1 - t) + np.asarray(bottom, F32) * t


def rgrad(cv, cx, cy, r, inner, outer):
    t = np.clip(np.hypot(cv.X - cx, cv.Y - cy) / r, 0, 1)[..., None]
    return np.asarray(inner, F32) * (1 - t) + np.asarray(outer, F32) * t


def metal(cv, sdf, base_hi=GOLD_HI, base=GOLD, base_lo=GOLD_LO, bevel=2.0, strength=0.55):
    """Gold-like metal colour field: diagonal sheen + bevel."""
    t = ((cv.X + cv.Y) / (cv.w + cv.h)).astype(F32)
    sheen = 0.5 + 0.5 * np.sin(t * 9.0 + 0.6)
    col = mix(base_lo, base, 0.55 + 0.45 * sheen[..., None])
    col = mix(col, base_hi, (smoothstep(0.75, 1.0, sheen) * 0.5)[..., None])
    return col * bevel_light(sdf, bevel, strength)[..., None]


def save(surf, name, out):
    path = out / name
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))
    return name


# --------------------------------------------------------------------------- palettes

FACTIONS = "SCJP"
SHAPES = "tsc"
FACTION_NAMES = {"S": "Seer", "C": "Chameleon", "J": "Juggler", "P": "Pyro"}

# (main colour) — dark and light tones are derived
PALETTE = {"S": "#7b4fc0", "C": "#3f9c45", "J": "#e7ac25", "P": "#d4452a"}
# Okabe–Ito colour-blind-safe set
PALETTE_CB = {"S": "#0072B2", "C": "#009E73", "J": "#F0E442", "P": "#D55E00"}


def tones(hexstr):
    m = rgb(hexstr)
    return {
        "main": m,
        "dark": mix(m, BLACK, 0.55),
        "deep": mix(m, BLACK, 0.72),
        "light": mix(m, WHITE, 0.62),
        "pale": mix(mix(m, WHITE, 0.82), CREAM, 0.5),
        "hi": mix(m, WHITE, 0.35),
    }


# --------------------------------------------------------------------------- emblems
# An emblem is a list of (sdf, role) layers in unit space ([-1, 1]², y down); the renderer
# maps roles to colours, draws a dark outline around the union and a soft drop shadow.


def emblem_layers(faction, X, Y):
    """X, Y are unit-space grids. Returns list of (sdf_in_unit, role)."""
    L = []
    if faction == "S":  # the Seer: an eye under a crown of rays
        cy = 0.22
        a, b = 0.95, 0.5
        R = (a * a + b * b) / (2 * b)
        yc = R - b
        almond = np.maximum(sd_circle(X, Y, 0, cy + yc, R), sd_circle(X, Y, 0, cy - yc, R))
        rays = None
        for ang in (-90, -62, -118, -35, -145):
            t = math.radians(ang)
            r0, r1 = 0.66, 1.0 if ang == -90 else 0.93
            p0 = (math.cos(t) * r0, cy + 0.1 + math.sin(t) * r0)
            p1 = (math.cos(t) * r1, cy + 0.1 + math.sin(t) * r1)
            d = sd_polyline(X, Y, [p0, p1], [0.085, 0.03])
            rays = d if rays is None else np.minimum(rays, d)
        L.append((rays, "main"))
        L.append((almond, "pale"))
        iris = np.maximum(sd_circle(X, Y, 0, cy + 0.02, 0.37), almond + 0.02)
        L.append((iris, "main"))
        ring = np.abs(sd_circle(X, Y, 0, cy + 0.02, 0.25)) - 0.025
        L.append((np.maximum(ring, iris), "hi"))
        L.append((sd_circle(X, Y, 0, cy + 0.02, 0.16), "ink"))
        L.append((sd_circle(X, Y, -0.1, cy - 0.09, 0.065), "white"))
        # tear-drop below
        tear = sd_polyline(X, Y, [(0.0, cy + 0.58), (0.0, cy + 0.74)], [0.035, 0.085])
        L.append((tear, "main"))
    elif faction == "C":  # the Chameleon: curled spiral tail, turret eye, casque
        body_pts = catmull(
            [(-0.45, 0.05), (-0.3, -0.22), (0.05, -0.36), (0.38, -0.3), (0.56, -0.42), (0.86, -0.12),
             (0.9, 0.02), (0.6, 0.14), (0.35, 0.22), (0.0, 0.26), (-0.3, 0.24)],
            samples=5,
        )
        body = sd_poly(X, Y, body_pts)
        # spiral tail
        cx, cy = -0.5, 0.5
        pts, rad = [], []
        n = 40
        for i in range(n + 1):
            u = i / n
            ang = -math.pi * 0.62 + u * 2.1 * math.pi  # starting up-right of centre, clockwise
            r = 0.38 * (1 - 0.78 * u)
            pts.append((cx + r * math.cos(-ang) * 1.0, cy + r * math.sin(-ang)))
            rad.append(0.11 * (1 - 0.65 * u))
        pts = [(-0.38, 0.12), (-0.44, 0.14)] + pts
        rad = [0.13, 0.125] + rad
        tail = sd_polyline(X, Y, pts, rad)
        legs = np.minimum(
            sd_polyline(X, Y, [(0.3, 0.15), (0.38, 0.42), (0.48, 0.58)], [0.075, 0.06, 0.05]),
            sd_polyline(X, Y, [(-0.18, 0.18), (-0.1, 0.45), (0.0, 0.58)], [0.075, 0.06, 0.05]),
        )
        branch = sd_polyline(X, Y, [(-0.12, 0.66), (0.4, 0.62), (0.98, 0.68)], [0.05, 0.055, 0.04])
        L.append((branch, "wood"))
        L.append((smin(smin(body, tail, 0.05), legs, 0.04), "main"))
        crest = sd_polyline(X, Y, [(-0.25, -0.2), (0.05, -0.34), (0.35, -0.3)], 0.02)
        L.append((np.maximum(crest, body + 0.03), "hi"))
        for (sx, sy) in ((-0.12, -0.02), (0.12, -0.08), (0.02, 0.12), (0.26, 0.06)):
            L.append((np.maximum(sd_circle(X, Y, sx, sy, 0.065), body + 0.02), "light"))
        L.append((sd_circle(X, Y, 0.6, -0.16, 0.15), "light"))
        L.append((sd_circle(X, Y, 0.63, -0.16, 0.06), "ink"))
        mouth = sd_polyline(X, Y, [(0.9, 0.02), (0.7, 0.06), (0.62, 0.04)], 0.018)
        L.append((mouth, "ink"))
    elif faction == "J":  # the Juggler: three striped balls with motion trails on a circle
        ccx, ccy, cr = 0.0, 0.12, 0.66
        balls = [(-150, 0.31), (-30, 0.31), (90, 0.31)]  # angles on the circle (deg, y down)
        for ang, r in balls:
            # tapered trail behind each ball (the balls travel clockwise)
            pts, rad = [], []
            for k in range(12):
                a = math.radians(ang - 12 - k * 5.5)
                pts.append((ccx + cr * math.cos(a), ccy + cr * math.sin(a)))
                rad.append(0.1 * (1 - k / 12) + 0.012)
            L.append((sd_polyline(X, Y, pts, rad), "ink"))
        for ang, r in balls:
            a = math.radians(ang)
            bx, by = ccx + cr * math.cos(a), ccy + cr * math.sin(a)
            ball = sd_circle(X, Y, bx, by, r)
            L.append((ball, "main"))
            band = np.abs(sd_circle(X, Y, bx + r * 1.05, by - r * 1.05, r * 1.45)) - r * 0.17
            L.append((np.maximum(band, ball + 0.015), "pale"))
            L.append((sd_circle(X, Y, bx - r * 0.42, by - r * 0.4, r * 0.16), "white"))
    elif faction == "P":  # the Pyro: a three-tongued flame
        outer = catmull(
            [(0.0, 0.95), (0.5, 0.82), (0.72, 0.38), (0.6, -0.05), (0.72, -0.45), (0.4, -0.3),
             (0.3, -0.6), (0.04, -1.0), (-0.18, -0.52), (-0.38, -0.38), (-0.5, -0.72),
             (-0.68, -0.28), (-0.72, 0.3), (-0.52, 0.8)],
            samples=5,
        )
        inner = catmull(
            [(0.0, 0.86), (0.34, 0.72), (0.44, 0.36), (0.28, 0.0), (0.22, -0.3), (0.04, -0.55),
             (-0.08, -0.18), (-0.32, 0.08), (-0.42, 0.42), (-0.32, 0.74)],
            samples=5,
        )
        core = catmull([(0.0, 0.8), (0.2, 0.66), (0.2, 0.38), (0.03, 0.05), (-0.18, 0.36), (-0.2, 0.66)], samples=5)
        L.append((sd_poly(X, Y, outer), "main"))
        L.append((sd_poly(X, Y, inner), "flame2"))
        L.append((sd_poly(X, Y, core), "flame3"))
    return L


def role_colour(role, T):
    return {
        "main": T["main"],
        "light": T["light"],
        "pale": mix(T["pale"], WHITE, 0.3),
        "hi": T["hi"],
        "ink": mix(INK, T["deep"], 0.3),
        "white": mix(WHITE, CREAM, 0.2),
        "wood": rgb("#6b4423"),
        "flame2": mix(rgb("#ffc83a"), T["main"], 0.15),
        "flame3": rgb("#fff4c2"),
    }[role]


def render_emblem(faction, size, T, outline=0.055, ss=SS):
    """A standalone premultiplied emblem layer (size × size final px) with outline + shadow."""
    pad = 4
    cv = Canvas(size + 2 * pad, size + 2 * pad, ss)
    half = size / 2
    U = ((cv.X - pad - half) / half).astype(F32)
    V = ((cv.Y - pad - half) / half).astype(F32)
    layers = emblem_layers(faction, U, V)
    union = layers[0][0]
    for d, _ in layers[1:]:
        union = np.minimum(union, d)
    upx = union * half  # to px
    # drop shadow and ink outline
    cv.shadow(upx - outline * half, 1.2, 1.8, 2.2, 0.45)
    cv.paint(cv.cov(upx - outline * half), mix(INK, T["deep"], 0.25))
    for d, role in layers:
        dpx = d * half
        col = role_colour(role, T)
        shade = bevel_light(dpx, max(1.5, size * 0.05), 0.35)
        grad = vgrad(cv, mix(col, WHITE, 0.18), mix(col, BLACK, 0.12), pad, pad + size)
        cv.paint(cv.cov(dpx), grad * shade[..., None])
        # fine inner line between layers
        if role not in ("ink", "white"):
            edge = np.abs(dpx + 0.0) - 0.35
            cv.paint(cv.cov(edge) * 0.55, mix(INK, T["deep"], 0.3))
    return cv, pad


# --------------------------------------------------------------------------- tiles


def shape_geometry(shape, size=128):
    k = size / 128
    if shape == "c":
        return {"kind": "c", "cx": 64 * k, "cy": 64 * k, "r": 53 * k, "band": 7 * k, "ecx": 64 * k, "ecy": 64 * k, "es": 70 * k}
    if shape == "s":
        return {"kind": "s", "box": (13 * k, 13 * k, 115 * k, 115 * k), "r": 7 * k, "band": 7 * k, "ecx": 64 * k, "ecy": 64 * k, "es": 72 * k}
    # triangle
    pts = [(64 * k, 6 * k), (123 * k, 117 * k), (5 * k, 117 * k)]
    return {"kind": "t", "pts": pts, "r": 5 * k, "band": 6.5 * k, "ecx": 64 * k, "ecy": 80 * k, "es": 58 * k}


def shape_sdf(cv, g):
    """SDF of the frame's centre line shape (outer edge of the panel + band/2)."""
    if g["kind"] == "c":
        return sd_circle(cv.X, cv.Y, g["cx"], g["cy"], g["r"])
    if g["kind"] == "s":
        x0, y0, x1, y1 = g["box"]
        return sd_box(cv.X, cv.Y, x0, y0, x1, y1, g["r"])
    # rounded triangle: shrink then round
    pts = g["pts"]
    cx = sum(p[0] for p in pts) / 3
    cy = sum(p[1] for p in pts) / 3
    r = g["r"]
    shrunk = []
    for x, y in pts:
        dx, dy = x - cx, y - cy
        L = math.hypot(dx, dy)
        s = (L - 2 * r) / L  # incentre-ish shrink, enough for a rounded look
        shrunk.append((cx + dx * s, cy + dy * s))
    return sd_poly(cv.X, cv.Y, shrunk) - r * 1.0


def tile_base(cv, top, bottom, seed, radius=10, border=None, grain=0.16):
    """A rounded tile body with texture and bevel; returns its SDF."""
    rng = np.random.default_rng(seed)
    s = cv.w / 128
    body = sd_box(cv.X, cv.Y, 1.5 * s, 1.5 * s, cv.w - 1.5 * s, cv.h - 1.5 * s, radius * s)
    col = vgrad(cv, top, bottom)
    n = fbm((cv.W, cv.H), 26 * cv.ss * s, rng, 5)
    fine = value_noise((cv.W, cv.H), 1.5 * cv.ss * s, rng)
    tex = 1 + grain * (n - 0.5) * 2 + 0.05 * (fine - 0.5)
    col = col * tex[..., None]
    # vignette
    vig = 1 - 0.22 * smoothstep(0.45, 1.0, np.hypot(cv.X / cv.w - 0.5, cv.Y / cv.h - 0.5) * 1.6)
    col = col * vig[..., None]
    col = col * bevel_light(body, 3.0 * s, 0.5)[..., None]
    cv.paint(cv.cov(body), col)
    # dark rim
    cv.paint(cv.cov(np.abs(body + 0.4 * s) - 0.7 * s), border if border is not None else INK, 0.8)
    return body


def inner_rule(cv, inset, color, width=0.9, radius=7, alpha=0.8):
    s = cv.w / 128
    d = sd_box(cv.X, cv.Y, inset * s, inset * s, cv.w - inset * s, cv.h - inset * s, radius * s)
    cv.paint(cv.cov(np.abs(d) - width * s / 2), color, alpha)


def corner_ornaments(cv, inset, color, alpha=0.9, size=3.2):
    s = cv.w / 128
    for (x, y) in ((inset, inset), (128 - inset, inset), (inset, 128 - inset), (128 - inset, 128 - inset)):
        d = sd_poly(cv.X, cv.Y, regular_poly(x * s, y * s, size * s, 4, 0))
        cv.paint(cv.cov(d), color * bevel_light(d, 1.2 * s, 0.5)[..., None], alpha)


def make_tile(faction, shape, pal, size=128, seed=0, frame_cols=(GOLD_HI, GOLD, GOLD_LO), panel=None,
              emblem_fn=None, base=None):
    T = tones(pal[faction]) if faction else None
    cv = base if base is not None else Canvas(size, size)
    s = size / 128
    if T is not None:
        tile_base(cv, mix(T["main"], T["dark"], 0.25), T["deep"], seed)
        inner_rule(cv, 5.5, mix(T["light"], GOLD, 0.4), 0.9, 7, 0.7)
        corner_ornaments(cv, 6.5, mix(GOLD, T["light"], 0.2))
    g = shape_geometry(shape, size)
    fs = shape_sdf(cv, g)
    band = g["band"]
    outer = fs - band / 2
    innr = fs + band / 2
    # soft shadow of the frame onto the tile
    cv.shadow(outer, 1.2 * s, 2.0 * s, 3.5 * s, 0.55)
    # panel
    rng = np.random.default_rng(seed + 7)
    if panel is None:
        pc_in = mix(T["pale"], CREAM, 0.35)
        pc_out = mix(T["light"], T["main"], 0.25)
    else:
        pc_in, pc_out = panel
    pcol = rgrad(cv, g["ecx"] - 8 * s, g["ecy"] - 10 * s, 62 * s, pc_in, pc_out)
    n = fbm((cv.W, cv.H), 18 * cv.ss * s, rng, 4)
    pcol = pcol * (1 + 0.12 * (n - 0.5))[..., None]
    # inner shadow along the frame
    ish = 1 - 0.35 * smoothstep(5 * s, 0, -innr)
    pcol = pcol * ish[..., None]
    cv.paint(cv.cov(innr + 0.5 * s), pcol)
    # frame band
    frame = np.maximum(outer, -innr)
    hi, mid, lo = frame_cols
    cv.paint(cv.cov(frame), metal(cv, frame, hi, mid, lo, 1.8 * s, 0.6))
    cv.paint(cv.cov(np.abs(outer) - 0.45 * s), INK, 0.85)
    cv.paint(cv.cov(np.abs(innr) - 0.45 * s), INK, 0.7)
    # a thin bright groove in the middle of the band
    cv.paint(cv.cov(np.abs(fs) - 0.35 * s), mix(hi, WHITE, 0.3), 0.45)
    # emblem
    if emblem_fn is not None:
        emblem_fn(cv, g, s)
    elif faction:
        es = int(round(g["es"]))
        em, pad = render_emblem(faction, es, T)
        cv.paint_pm(em.c, em.a, g["ecx"] - es / 2 - pad, g["ecy"] - es / 2 - pad)
    return cv


# --------------------------------------------------------------------------- traitor, backs, marks


def hood_layers(X, Y):
    """A hooded figure in unit space; returns (silhouette_sdf, face_void_sdf, eyes_sdf)."""
    hood = catmull(
        [(0.0, -0.95), (0.38, -0.78), (0.55, -0.35), (0.6, 0.1), (0.82, 0.5), (0.95, 0.95),
         (-0.95, 0.95), (-0.82, 0.5), (-0.6, 0.1), (-0.55, -0.35), (-0.38, -0.78)],
        samples=5,
    )
    sil = sd_poly(X, Y, hood)
    face = sd_poly(X, Y, catmull([(0.0, -0.55), (0.3, -0.35), (0.34, 0.05), (0.0, 0.32), (-0.34, 0.05), (-0.3, -0.35)], 5))
    eyes = np.minimum(
        sd_poly(X, Y, [(-0.24, -0.12), (-0.05, -0.06), (-0.1, 0.0), (-0.22, -0.04)]),
        sd_poly(X, Y, [(0.24, -0.12), (0.05, -0.06), (0.1, 0.0), (0.22, -0.04)]),
    )
    return sil, face, eyes


def draw_hood(cv, cx, cy, half, body_col, rim_col, eye_col=rgb("#ff5a2a"), dagger=True):
    U = ((cv.X - cx) / half).astype(F32)
    V = ((cv.Y - cy) / half).astype(F32)
    sil, face, eyes = hood_layers(U, V)
    s = half
    cv.shadow(sil * s, 0.03 * s, 0.05 * s, 0.08 * s, 0.6)
    # fold lines
    col = vgrad(cv, mix(body_col, WHITE, 0.12), mix(body_col, BLACK, 0.35), cy - half, cy + half)
    folds = 1 - 0.18 * (np.abs(np.sin(U * 7.5 + V * 1.5)) ** 3) * smoothstep(-0.2, 0.6, V)
    col = col * folds[..., None] * bevel_light(sil * s, 0.06 * s, 0.5)[..., None]
    cv.paint(cv.cov(sil * s), col)
    cv.paint(cv.cov(np.abs(sil * s) - 0.012 * s), rim_col, 0.9)
    # face void with glow
    cv.paint(cv.cov(face * s), rgrad(cv, cx, cy - 0.05 * s, 0.4 * s, rgb("#2a0d08"), rgb("#050304")))
    glow = smoothstep(0.16, -0.02, eyes) * smoothstep(0.0, -0.5, face)
    cv.paint(glow, eye_col, 0.55)
    cv.paint(cv.cov(eyes * s), mix(eye_col, rgb("#ffe6a0"), 0.4))
    if dagger:
        blade = sd_poly(U, V, [(0.22, 0.66), (0.34, 0.58), (0.8, -0.02), (0.84, -0.14), (0.72, -0.06)])
        guard = sd_polyline(U, V, [(0.14, 0.52), (0.4, 0.76)], 0.05)
        grip = sd_polyline(U, V, [(0.26, 0.64), (0.12, 0.82)], 0.055)
        cv.paint(cv.cov(blade * s), rgb("#c9ccd2") * bevel_light(blade * s, 0.03 * s, 0.6)[..., None])
        cv.paint(cv.cov(np.abs(blade * s) - 0.008 * s), INK, 0.8)
        cv.paint(cv.cov(guard * s), metal(cv, guard * s, bevel=0.02 * s))
        cv.paint(cv.cov(grip * s), rgb("#3a2216"))


def make_traitor(black=False, seed=50):
    cv = Canvas(128, 128)
    tile_base(cv, rgb("#4a4550"), rgb("#17141b"), seed, grain=0.2)
    # cracked broken-shield background
    sh = sd_poly(cv.X, cv.Y, [(64, 14), (108, 26), (102, 80), (64, 116), (26, 80), (20, 26)])
    crack = sd_polyline(cv.X, cv.Y, [(62, 12), (70, 36), (58, 52), (72, 74), (60, 96), (66, 118)], [1.6, 1.4, 1.3, 1.1, 0.9, 0.5])
    cv.paint(cv.cov(sh), rgb("#2b2630") * bevel_light(sh, 3, 0.5)[..., None], 0.9)
    cv.paint(cv.cov(np.abs(sh) - 1.3), rgb("#6d6676"), 0.9)
    cv.paint(cv.cov(crack), rgb("#0a080c"))
    draw_hood(cv, 64, 70, 44, rgb("#3b3346"), rgb("#0c0a0e"))
    inner_rule(cv, 5.5, rgb("#8a7f95"), 0.9, 7, 0.5)
    if black:
        body = sd_box(cv.X, cv.Y, 0, 0, 128, 128, 11)
        ring = np.maximum(body + 0.5, -(body + 9.5))
        cv.paint(cv.cov(ring), rgb("#050505") * bevel_light(ring, 2.0, 0.35)[..., None])
        cv.paint(cv.cov(np.abs(body + 9.5) - 0.5), rgb("#5a5460"), 0.7)
    return cv


def draw_tower(cv, cx, base_y, w, h, stone, mortar, seed=0, flag=None):
    """A small crenellated castle tower (used on backs and app icon)."""
    x0, x1 = cx - w / 2, cx + w / 2
    top = base_y - h
    merlon = w / 5
    body = sd_box(cv.X, cv.Y, x0, top + merlon * 0.9, x1, base_y, 0.4)
    cren = None
    for i in range(3):
        mx = x0 + i * 2 * merlon
        d = sd_box(cv.X, cv.Y, mx, top, mx + merlon, top + merlon * 1.2, 0.3)
        cren = d if cren is None else np.minimum(cren, d)
    sil = np.minimum(body, cren)
    door = np.minimum(sd_box(cv.X, cv.Y, cx - w * 0.17, base_y - h * 0.28, cx + w * 0.17, base_y, 0), sd_circle(cv.X, cv.Y, cx, base_y - h * 0.28, w * 0.17))
    win = np.minimum(sd_box(cv.X, cv.Y, cx - w * 0.07, top + h * 0.3, cx + w * 0.07, top + h * 0.45, 0), sd_circle(cv.X, cv.Y, cx, top + h * 0.3, w * 0.07))
    rng = np.random.default_rng(seed)
    n = fbm((cv.W, cv.H), 6 * cv.ss, rng, 3)
    # brick pattern
    rowh = h / 8
    row = np.floor((base_y - cv.Y) / rowh)
    off = (row % 2) * (w / 6)
    bx = np.mod(cv.X - x0 + off, w / 3)
    by = np.mod(base_y - cv.Y, rowh)
    joints = np.minimum(np.minimum(bx, w / 3 - bx), np.minimum(by, rowh - by))
    jm = smoothstep(w * 0.025, 0, joints)
    col = mix(stone, mortar, jm[..., None] * 0.8) * (1 + 0.25 * (n - 0.5))[..., None]
    col = col * vgrad(cv, [1.08] * 3, [0.8] * 3, top, base_y)
    col = col * bevel_light(sil, w * 0.05, 0.5)[..., None]
    cv.shadow(sil, w * 0.04, w * 0.05, w * 0.06, 0.5)
    cv.paint(cv.cov(sil), col)
    cv.paint(cv.cov(np.abs(sil) - w * 0.012), INK, 0.85)
    cv.paint(cv.cov(door), rgb("#20130b"))
    cv.paint(cv.cov(win), rgb("#20130b"))
    if flag is not None:
        pole = sd_polyline(cv.X, cv.Y, [(cx, top + merlon * 0.2), (cx, top - h * 0.32)], w * 0.025)
        fl = sd_poly(cv.X, cv.Y, [(cx, top - h * 0.32), (cx + w * 0.42, top - h * 0.25), (cx, top - h * 0.17)])
        cv.paint(cv.cov(pole), rgb("#3a2a1a"))
        cv.paint(cv.cov(fl), flag * bevel_light(fl, w * 0.03, 0.4)[..., None])
        cv.paint(cv.cov(np.abs(fl) - w * 0.01), INK, 0.8)


def draw_shield(cv, cx, cy, half, col, rim):
    pts = catmull([(0, -1), (0.8, -0.86), (0.82, -0.1), (0.55, 0.5), (0, 1.0), (-0.55, 0.5), (-0.82, -0.1), (-0.8, -0.86)], 6)
    pts = [(cx + x * half, cy + y * half) for x, y in pts]
    d = sd_poly(cv.X, cv.Y, pts)
    cv.shadow(d, 0.05 * half, 0.07 * half, 0.1 * half, 0.5)
    cv.paint(cv.cov(d), metal(cv, d, *rim, bevel=0.08 * half))
    inner = d + 0.14 * half
    c = vgrad(cv, mix(col, WHITE, 0.15), mix(col, BLACK, 0.3), cy - half, cy + half)
    cv.paint(cv.cov(inner), c * bevel_light(inner, 0.05 * half, 0.4)[..., None])
    cv.paint(cv.cov(np.abs(d) - 0.02 * half), INK, 0.9)
    return inner


def pattern_lattice(cv, col, alpha, period=16, clip=None):
    u = (cv.X + cv.Y) / period
    v = (cv.X - cv.Y) / period
    du = np.abs(u - np.round(u)) * period / math.sqrt(2)
    dv = np.abs(v - np.round(v)) * period / math.sqrt(2)
    lines = np.minimum(du, dv) - 0.45
    clip = 1.0 if clip is None else cv.cov(clip)
    cv.paint(cv.cov(lines) * clip, col, alpha)
    # dots in the cells
    cu = np.abs(u - np.floor(u) - 0.5) + np.abs(v - np.floor(v) - 0.5)
    cv.paint(cv.cov(cu * period / 1.5 - 1.1) * clip, col, alpha * 0.9)


def make_back(kind, seed):
    cv = Canvas(128, 128)
    if kind == "regular":
        top, bot, rule, patt = rgb("#8a5a32"), rgb("#4a2c16"), rgb("#d9b273"), rgb("#2b1809")
    else:
        top, bot, rule, patt = rgb("#3d6fb8"), rgb("#172d5c"), rgb("#bcd6f5"), rgb("#0c1836")
    body = tile_base(cv, top, bot, seed, grain=0.22)
    # wood grain for regular back, woven pattern for the safe back
    if kind == "regular":
        rng = np.random.default_rng(seed + 1)
        n = fbm((cv.W, cv.H), 30 * cv.ss, rng, 3)
        grain = np.sin((cv.Y * 0.9 + n * 30) * 0.9) * 0.5 + 0.5
        cv.multiply(cv.cov(body + 3), 1 - 0.14 * grain ** 4)
    else:
        pattern_lattice(cv, patt, 0.35, 14, clip=body + 1)
    inner_rule(cv, 6, rule, 1.2, 8, 0.85)
    inner_rule(cv, 9, rule, 0.6, 6, 0.6)
    corner_ornaments(cv, 9, rule, 0.9, 3.5)
    # central medallion
    med = sd_circle(cv.X, cv.Y, 64, 64, 36)
    cv.shadow(med, 1, 2, 3, 0.5)
    cv.paint(cv.cov(med), metal(cv, med, bevel=2.0))
    inner = med + 5
    mcol = rgrad(cv, 58, 56, 36, mix(top, WHITE, 0.1), mix(bot, BLACK, 0.2))
    cv.paint(cv.cov(inner), mcol * bevel_light(-inner - 0.01, 3, -0.35)[..., None] * 0 + mcol)
    cv.paint(cv.cov(np.abs(med) - 0.5), INK, 0.85)
    cv.paint(cv.cov(np.abs(inner) - 0.5), INK, 0.7)
    if kind == "regular":
        draw_tower(cv, 64, 88, 30, 42, rgb("#cdb58d"), rgb("#6e5634"), seed, flag=rgb("#b3312a"))
    else:
        sh = draw_shield(cv, 64, 64, 24, rgb("#2d5fb0"), (rgb("#ffffff"), rgb("#c7d3e0"), rgb("#5b6b7e")))
        # a white keep/check-mark on the shield: a small star for "safe"
        star = []
        for i in range(10):
            r = 10 if i % 2 == 0 else 4.2
            a = -math.pi / 2 + i * math.pi / 5
            star.append((64 + r * math.cos(a), 62 + r * math.sin(a)))
        d = sd_poly(cv.X, cv.Y, star)
        cv.paint(cv.cov(d), mix(WHITE, rgb("#e8f0ff"), 0.5) * bevel_light(d, 1.2, 0.5)[..., None])
        cv.paint(cv.cov(np.abs(d) - 0.4), INK, 0.6)
    return cv


def make_safe_mark():
    cv = Canvas(128, 128)
    # a ribbon across the top-right corner
    d0 = (cv.X - cv.Y) / math.sqrt(2)
    centre = (128 - 0) / math.sqrt(2) * 0.64
    band = np.abs(d0 - centre) - 6.5
    tile = sd_box(cv.X, cv.Y, 1.5, 1.5, 126.5, 126.5, 10)
    rib = np.maximum(band, tile)
    cv.shadow(rib, 0.6, 1.2, 2.0, 0.5)
    col = vgrad(cv, rgb("#5aa0ff"), rgb("#1f4fa8"))
    cv.paint(cv.cov(rib), col * bevel_light(rib, 1.5, 0.45)[..., None])
    edge = np.maximum(np.abs(np.abs(d0 - centre) - 5.2) - 0.45, tile)
    cv.paint(cv.cov(edge), WHITE, 0.9)
    cv.paint(cv.cov(np.maximum(np.abs(band) - 0.5, tile)), rgb("#0b1d44"), 0.9)
    # small star on the ribbon
    sx, sy = 128 - centre / math.sqrt(2) * 0.5 - 16, centre / math.sqrt(2) * 0.5 + 16
    sx, sy = 103, 25
    star = []
    for i in range(10):
        r = 4.8 if i % 2 == 0 else 2.0
        a = -math.pi / 2 + i * math.pi / 5 + math.pi / 4
        star.append((sx + r * math.cos(a), sy + r * math.sin(a)))
    cv.paint(cv.cov(sd_poly(cv.X, cv.Y, star)), WHITE)
    return cv


# --------------------------------------------------------------------------- pantry


def pantry_emblem(cv, g, s):
    es = g["es"]
    cx, cy = g["ecx"], g["ecy"]
    half = es / 2
    X = (cv.X - cx) / half
    Y = (cv.Y - cy) / half
    layers = []
    # round loaf of bread with scored top
    loaf = sd_ellipse(X, Y, -0.1, 0.18, 0.78, 0.56)
    loaf = np.maximum(loaf, Y - 0.62)
    layers.append((loaf, rgb("#c98a3c"), "loaf"))
    for k in (-0.45, -0.1, 0.25):
        sc = sd_polyline(X, Y, [(k - 0.1, 0.0), (k + 0.12, -0.22)], 0.045)
        layers.append((np.maximum(sc, loaf + 0.05), rgb("#f3d9a0"), "score"))
    # cheese wedge at the front-right
    wedge = sd_poly(X, Y, [(0.15, 0.78), (0.95, 0.78), (0.95, 0.32), (0.3, 0.5)])
    holes = np.minimum(sd_circle(X, Y, 0.55, 0.62, 0.08), sd_circle(X, Y, 0.8, 0.5, 0.06))
    layers.append((wedge, rgb("#f2c94c"), "cheese"))
    layers.append((np.maximum(holes, wedge + 0.02), rgb("#c7922a"), "hole"))
    # wheat sprig upper-left
    stem = sd_polyline(X, Y, [(-0.2, -0.25), (-0.55, -0.95)], 0.03)
    layers.insert(0, (stem, rgb("#b8862f"), "stem"))
    for i in range(4):
        t = 0.25 + i * 0.18
        px, py = -0.2 + (-0.35) * t, -0.25 + (-0.7) * t
        for side in (-1, 1):
            gr = sd_ellipse(X, Y, px + side * 0.09, py + 0.02, 0.07, 0.12)
            layers.insert(0, (gr, rgb("#e0b24a"), "grain"))
    union = layers[0][0]
    for d, _, _ in layers[1:]:
        union = np.minimum(union, d)
    cv.shadow(union * half - 1.5 * s, 1.0 * s, 1.6 * s, 2 * s, 0.45)
    cv.paint(cv.cov(union * half - 1.5 * s), INK)
    for d, col, _ in layers:
        dpx = d * half
        c = vgrad(cv, mix(col, WHITE, 0.15), mix(col, BLACK, 0.15), cy - half, cy + half)
        cv.paint(cv.cov(dpx), c * bevel_light(dpx, 2.5 * s, 0.4)[..., None])
        cv.paint(cv.cov(np.abs(dpx) - 0.35 * s), INK, 0.5)


def make_pantry(shape, seed):
    cv = Canvas(128, 128)
    tile_base(cv, rgb("#c9a877"), rgb("#8a6a40"), seed, grain=0.14)
    # checkered cloth pattern
    chk = ((np.floor(cv.X / 10) + np.floor(cv.Y / 10)) % 2).astype(F32)
    cv.multiply(np.ones_like(chk), 1 - 0.08 * chk)
    inner_rule(cv, 5.5, rgb("#5d3f1f"), 0.9, 7, 0.7)
    corner_ornaments(cv, 6.5, rgb("#f1e0b8"))
    wood = (rgb("#e6c08a"), rgb("#a0703c"), rgb("#4f3217"))
    return make_tile(None, shape, PALETTE, seed=seed, frame_cols=wood,
                     panel=(rgb("#fbf3df"), rgb("#e2cfa6")), emblem_fn=pantry_emblem, base=cv)


# --------------------------------------------------------------------------- pawn, prison, icons


def make_pawn():
    cv = Canvas(96, 96)
    cx = 48
    prof = catmull([(0, 4), (14, 8), (18, 21), (12, 33), (11, 35), (20, 39), (20, 43), (13, 46), (15, 62),
                    (25, 74), (33, 81), (34, 88)], samples=5, closed=False)
    pts = [(cx + x, y) for x, y in prof] + [(cx - x, y) for x, y in reversed(prof)]
    d = sd_poly(cv.X, cv.Y, pts)
    # ground shadow
    cv.paint(cv.cov(sd_ellipse(cv.X, cv.Y, cx + 3, 87, 32, 7), 0) * 0 + smoothstep(4, -4, sd_ellipse(cv.X, cv.Y, cx + 3, 88, 40, 6)), BLACK, 0.6)
    col = rgrad(cv, cx - 8, 30, 60, rgb("#5a4a6e"), rgb("#0e0a14"))
    col = col * bevel_light(d, 6, 0.6)[..., None]
    # specular streak
    spec = smoothstep(3.5, 0, np.abs(cv.X - (cx - 6) + 0.08 * (cv.Y - 50))) * smoothstep(88, 20, cv.Y)
    col = mix(col, rgb("#b9a6d6"), (spec * 0.35 * cv.cov(d + 3))[..., None])
    cv.paint(cv.cov(d), col)
    cv.paint(cv.cov(np.abs(d) - 0.6), rgb("#000000"), 0.9)
    # collar ring highlight
    cv.paint(cv.cov(np.maximum(np.abs(cv.Y - 41) - 1.0, d + 1)), rgb("#a03a2a"), 0.9)
    cv.paint(cv.cov(np.maximum(np.abs(cv.Y - 82) - 1.0, d + 1)), rgb("#a03a2a"), 0.7)
    # glowing eyes
    for ex in (cx - 6, cx + 6):
        e = sd_poly(cv.X, cv.Y, [(ex - 4 * (1 if ex < cx else -1), 17), (ex + 3.5 * (1 if ex < cx else -1), 20), (ex - 2.5 * (1 if ex < cx else -1), 21.5)])
        cv.paint(smoothstep(4, -1, e), rgb("#ff4020"), 0.5)
        cv.paint(cv.cov(e), rgb("#ffd080"))
    return cv


def make_prison():
    cv = Canvas(128, 128)
    tile = sd_box(cv.X, cv.Y, 1.5, 1.5, 126.5, 126.5, 10)
    cv.paint(cv.cov(tile), rgb("#0a0810"), 0.38)
    # bars
    bars = None
    for x in (22, 43, 64, 85, 106):
        d = sd_box(cv.X, cv.Y, x - 3.2, 4, x + 3.2, 124, 3.2)
        bars = d if bars is None else np.minimum(bars, d)
    cross = np.minimum(sd_box(cv.X, cv.Y, 6, 18, 122, 25, 2.5), sd_box(cv.X, cv.Y, 6, 102, 122, 109, 2.5))
    rng = np.random.default_rng(90)
    n = fbm((cv.W, cv.H), 8 * cv.ss, rng, 3)
    iron = lambda d: (mix(rgb("#8d8f98"), rgb("#3d3f47"), np.clip((cv.X % 21.33) / 21.33, 0, 1)[..., None] * 0 + 0.4)
                      * (1 + 0.3 * (n - 0.5))[..., None] * bevel_light(d, 3.0, 0.7)[..., None])
    cv.shadow(np.minimum(bars, cross), 2, 3, 3.5, 0.6)
    for d in (bars, cross):
        cv.paint(cv.cov(d), iron(d))
        cv.paint(cv.cov(np.abs(d) - 0.5), rgb("#111116"), 0.9)
    # rivets
    for x in (22, 43, 64, 85, 106):
        for y in (21.5, 105.5):
            r = sd_circle(cv.X, cv.Y, x, y, 2.3)
            cv.paint(cv.cov(r), rgb("#c9cbd3") * bevel_light(r, 1.2, 0.8)[..., None])
    return cv


def stone_block(cv, x0, y0, x1, y1, col, seed=0):
    d = sd_box(cv.X, cv.Y, x0, y0, x1, y1, (x1 - x0) * 0.12)
    cv.shadow(d, 0.8, 1.2, 1.4, 0.45)
    rng = np.random.default_rng(seed)
    n = value_noise((cv.W, cv.H), 3 * cv.ss, rng)
    c = vgrad(cv, mix(col, WHITE, 0.2), mix(col, BLACK, 0.2), y0, y1) * (1 + 0.22 * (n - 0.5))[..., None]
    cv.paint(cv.cov(d), c * bevel_light(d, (x1 - x0) * 0.16, 0.6)[..., None])
    cv.paint(cv.cov(np.abs(d) - 0.4), INK, 0.9)


def make_formation_icon(kind):
    cv = Canvas(64, 64)
    col = rgb("#b5a48a")
    if kind == "tower":
        cells = [(0, i) for i in range(4)]
    elif kind == "bastion":
        cells = [(0, 0), (1, 0), (0, 1), (1, 1)]
    else:
        cells = [(i, 0) for i in range(4)]
    cols = max(c for c, _ in cells) + 1
    rows = max(r for _, r in cells) + 1
    cell = 15 if kind != "bastion" else 26
    gap = 1.0
    W = cols * cell
    H = rows * cell
    ox, oy = (64 - W) / 2, (64 - H) / 2
    for i, (c, r) in enumerate(cells):
        stone_block(cv, ox + c * cell + gap, oy + r * cell + gap, ox + (c + 1) * cell - gap, oy + (r + 1) * cell - gap, col, i)
    return cv


def make_traitor_icon():
    cv = Canvas(64, 64)
    disc = sd_circle(cv.X, cv.Y, 32, 32, 29)
    cv.shadow(disc, 0.8, 1.2, 1.6, 0.5)
    cv.paint(cv.cov(disc), metal(cv, disc, rgb("#d9d4de"), rgb("#8f8796"), rgb("#3a3440"), 1.5))
    cv.paint(cv.cov(disc + 3.5), rgrad(cv, 28, 26, 30, rgb("#4a4254"), rgb("#151219")))
    draw_hood(cv, 32, 34, 22, rgb("#4b4158"), rgb("#0c0a0e"), dagger=False)
    cv.paint(cv.cov(np.abs(disc) - 0.5), INK, 0.9)
    return cv


def make_destroy_icon():
    cv = Canvas(64, 64)
    # a cracked stone with a hammer striking it
    stone_block(cv, 8, 30, 56, 58, rgb("#b9a98a"), 3)
    crack = sd_polyline(cv.X, cv.Y, [(34, 30), (30, 38), (36, 44), (29, 52), (33, 58)], [1.4, 1.2, 1.0, 0.8, 0.5])
    crack2 = sd_polyline(cv.X, cv.Y, [(36, 44), (45, 47), (50, 54)], [0.9, 0.6, 0.3])
    cv.paint(cv.cov(np.minimum(crack, crack2)), rgb("#1a120a"))
    # hammer
    handle = sd_polyline(cv.X, cv.Y, [(50, 6), (30, 26)], [2.4, 2.2])
    cv.shadow(handle, 1, 1.5, 1.5, 0.4)
    cv.paint(cv.cov(handle), rgb("#8a5a2b") * bevel_light(handle, 1.5, 0.6)[..., None])
    cv.paint(cv.cov(np.abs(handle) - 0.4), INK)
    hx, hy = 31, 25
    ang = math.radians(45)
    ca, sa = math.cos(ang), math.sin(ang)
    loc = [(-12, -5), (12, -5), (12, 5), (-12, 5)]
    head = sd_poly(cv.X, cv.Y, [(hx + x * ca - y * sa, hy + x * sa + y * ca) for x, y in loc])
    head = head - 1.0
    cv.shadow(head, 1, 1.5, 1.8, 0.5)
    cv.paint(cv.cov(head), metal(cv, head, rgb("#f0f2f6"), rgb("#9aa0aa"), rgb("#3e434c"), 1.6))
    cv.paint(cv.cov(np.abs(head) - 0.4), INK)
    # impact sparks
    for a in (200, 235, 270, 305):
        t = math.radians(a)
        p0 = (22 + 6 * math.cos(t), 30 + 6 * math.sin(t))
        p1 = (22 + 11 * math.cos(t), 30 + 11 * math.sin(t))
        cv.paint(cv.cov(sd_polyline(cv.X, cv.Y, [p0, p1], [1.0, 0.3])), rgb("#ffcf4a"))
    return cv


def make_rows_icon():
    cv = Canvas(64, 64)
    col = rgb("#c8b48e")
    # a row of stones falling (tilted, faded) above a solid row
    for i in range(4):
        stone_block(cv, 4 + i * 14, 46, 4 + (i + 1) * 14 - 1, 60, col, 10 + i)
    for i in range(4):
        y = 8 + (i % 2) * 3
        stone_block(cv, 4 + i * 14, y, 4 + (i + 1) * 14 - 1, y + 13, mix(col, rgb("#d9583a"), 0.45), 20 + i)
    for x in (18, 46):
        arrow = sd_poly(cv.X, cv.Y, [(x - 3, 27), (x + 3, 27), (x + 3, 34), (x + 7, 34), (x, 42), (x - 7, 34), (x - 3, 34)])
        cv.shadow(arrow, 0.6, 1, 1.2, 0.4)
        cv.paint(cv.cov(arrow), rgb("#d9583a") * bevel_light(arrow, 1.2, 0.5)[..., None])
        cv.paint(cv.cov(np.abs(arrow) - 0.4), INK)
    return cv


def make_emblem_icon(faction, pal=PALETTE):
    T = tones(pal[faction])
    cv = Canvas(64, 64)
    em, pad = render_emblem(faction, 56, T)
    cv.paint_pm(em.c, em.a, 4 - pad, 4 - pad)
    return cv


# --------------------------------------------------------------------------- cards


def card_base(cv, edge_cols, paper=(rgb("#f7edd3"), rgb("#dcc79a")), seed=0):
    rng = np.random.default_rng(seed)
    w, h = cv.w, cv.h
    body = sd_box(cv.X, cv.Y, 1.5, 1.5, w - 1.5, h - 1.5, 12)
    cv.shadow(body, 0, 0, 1.5, 0.0)
    hi, mid, lo = edge_cols
    # outer coloured border
    n = fbm((cv.W, cv.H), 20 * cv.ss, rng, 4)
    col = vgrad(cv, mix(mid, WHITE, 0.05), mix(lo, mid, 0.4)) * (1 + 0.18 * (n - 0.5))[..., None]
    cv.paint(cv.cov(body), col * bevel_light(body, 3, 0.45)[..., None])
    cv.paint(cv.cov(np.abs(body + 0.4) - 0.7), INK, 0.85)
    # gold frame line
    fr = sd_box(cv.X, cv.Y, 9, 9, w - 9, h - 9, 8)
    band = np.maximum(fr - 1.6, -(fr + 1.6))
    cv.paint(cv.cov(band), metal(cv, band, bevel=1.2))
    # paper
    paper_d = fr + 1.6
    pcol = rgrad(cv, w * 0.45, h * 0.4, h * 0.75, paper[0], paper[1])
    n2 = fbm((cv.W, cv.H), 14 * cv.ss, rng, 5)
    pcol = pcol * (1 + 0.12 * (n2 - 0.5))[..., None]
    pcol = pcol * (1 - 0.3 * smoothstep(6, 0, -paper_d))[..., None]
    cv.paint(cv.cov(paper_d), pcol)
    cv.paint(cv.cov(np.abs(paper_d) - 0.4), INK, 0.6)
    return body


def banner(cv, x0, x1, y, hgt, col):
    """A ribbon banner (blank) for the title."""
    tail = 12
    main = sd_box(cv.X, cv.Y, x0 + 6, y - hgt / 2, x1 - 6, y + hgt / 2, 2)
    lt = sd_poly(cv.X, cv.Y, [(x0 - 4, y - hgt / 2 + 5), (x0 + tail + 4, y - hgt / 2 + 5), (x0 + tail + 4, y + hgt / 2 + 5), (x0 - 4, y + hgt / 2 + 5), (x0 + 5, y + 5)])
    rt = sd_poly(cv.X, cv.Y, [(x1 + 4, y - hgt / 2 + 5), (x1 - tail - 4, y - hgt / 2 + 5), (x1 - tail - 4, y + hgt / 2 + 5), (x1 + 4, y + hgt / 2 + 5), (x1 - 5, y + 5)])
    for d in (lt, rt):
        cv.shadow(d, 0.5, 1, 1.5, 0.4)
        cv.paint(cv.cov(d), mix(col, BLACK, 0.35) * bevel_light(d, 1.5, 0.4)[..., None])
        cv.paint(cv.cov(np.abs(d) - 0.4), INK, 0.8)
    cv.shadow(main, 0.5, 1.5, 2, 0.45)
    c = vgrad(cv, mix(col, WHITE, 0.12), mix(col, BLACK, 0.15), y - hgt / 2, y + hgt / 2)
    cv.paint(cv.cov(main), c * bevel_light(main, 2, 0.35)[..., None])
    cv.paint(cv.cov(np.abs(main + 2.2) - 0.4), mix(col, WHITE, 0.5), 0.7)
    cv.paint(cv.cov(np.abs(main) - 0.5), INK, 0.85)


LEVELS = {
    "intro": {"edge": (rgb("#d9f0c4"), rgb("#5f8f4a"), rgb("#2b4a22")), "ribbon": rgb("#4f7d3c"), "gems": 1},
    "base": {"edge": (rgb("#d7e6f7"), rgb("#4a6f9c"), rgb("#1d3352")), "ribbon": rgb("#3e6596"), "gems": 2},
    "expert": {"edge": (rgb("#f7d3c9"), rgb("#9c3a2d"), rgb("#4a1510")), "ribbon": rgb("#8f2e22"), "gems": 3},
}


def make_card_frame(level):
    spec = LEVELS[level]
    cv = Canvas(200, 280)
    card_base(cv, spec["edge"], seed=hash(level) % 1000 if False else {"intro": 11, "base": 12, "expert": 13}[level])
    banner(cv, 18, 182, 36, 30, spec["ribbon"])
    # requirement area: a recessed panel
    area = sd_box(cv.X, cv.Y, 24, 64, 176, 196, 8)
    rng = np.random.default_rng(5)
    n = fbm((cv.W, cv.H), 10 * cv.ss, rng, 3)
    c = rgrad(cv, 100, 120, 110, rgb("#efe2c0"), rgb("#d2bb8a")) * (1 + 0.1 * (n - 0.5))[..., None]
    c = c * (1 - 0.35 * smoothstep(5, 0, -area))[..., None]
    cv.paint(cv.cov(area), c)
    cv.paint(cv.cov(np.abs(area) - 0.5), mix(spec["edge"][2], INK, 0.3), 0.7)
    cv.paint(cv.cov(np.abs(area - 3) - 0.35), mix(spec["edge"][1], WHITE, 0.2), 0.6)
    # difficulty gems bottom-left
    for i in range(spec["gems"]):
        gx, gy = 30 + i * 15, 242
        gem = sd_poly(cv.X, cv.Y, regular_poly(gx, gy, 6, 4, 0))
        cv.shadow(gem, 0.5, 1, 1.2, 0.5)
        cv.paint(cv.cov(gem), mix(spec["ribbon"], WHITE, 0.15) * bevel_light(gem, 2.2, 0.7)[..., None])
        cv.paint(cv.cov(np.abs(gem) - 0.4), INK)
    # traitor badge bottom-right: a pill with a hood at its left and a blank field for the number
    pill = sd_box(cv.X, cv.Y, 104, 222, 178, 258, 18)
    cv.shadow(pill, 0.8, 1.5, 2, 0.5)
    cv.paint(cv.cov(pill), metal(cv, pill, rgb("#e6e0ea"), rgb("#8d8596"), rgb("#3a3340"), 1.6))
    inner = pill + 3
    cv.paint(cv.cov(inner), vgrad(cv, rgb("#3a2f44"), rgb("#16111b"), 222, 258))
    cv.paint(cv.cov(np.abs(pill) - 0.5), INK, 0.9)
    disc = sd_circle(cv.X, cv.Y, 122, 240, 15)
    cv.paint(cv.cov(disc), rgrad(cv, 118, 236, 16, rgb("#5a4e66"), rgb("#231c2a")))
    draw_hood(cv, 122, 241, 11.5, rgb("#4b4158"), rgb("#0c0a0e"), dagger=False)
    cv.paint(cv.cov(np.abs(disc) - 0.5), rgb("#a49cae"), 0.8)
    return cv


def make_card_back():
    cv = Canvas(200, 280)
    w, h = 200, 280
    body = sd_box(cv.X, cv.Y, 1.5, 1.5, w - 1.5, h - 1.5, 12)
    rng = np.random.default_rng(21)
    n = fbm((cv.W, cv.H), 30 * cv.ss, rng, 4)
    col = rgrad(cv, 100, 140, 170, rgb("#3b2a5e"), rgb("#120b22")) * (1 + 0.2 * (n - 0.5))[..., None]
    cv.paint(cv.cov(body), col * bevel_light(body, 3, 0.45)[..., None])
    pattern_lattice(cv, rgb("#c9a85a"), 0.22, 18, clip=body + 1)
    cv.paint(cv.cov(np.abs(body + 0.4) - 0.7), INK, 0.9)
    for inset, wd in ((8, 1.4), (12, 0.7)):
        fr = sd_box(cv.X, cv.Y, inset, inset, w - inset, h - inset, 9)
        band = np.abs(fr) - wd
        cv.paint(cv.cov(band), metal(cv, band, bevel=0.8))
    # central sun/compass rose medallion with a castle
    rays = []
    for i in range(16):
        r = 58 if i % 2 == 0 else 30
        a = -math.pi / 2 + i * math.pi / 8
        rays.append((100 + r * math.cos(a), 140 + r * math.sin(a)))
    rose = sd_poly(cv.X, cv.Y, rays)
    cv.shadow(rose, 1, 2, 3, 0.5)
    cv.paint(cv.cov(rose), metal(cv, rose, bevel=2.5))
    cv.paint(cv.cov(np.abs(rose) - 0.5), INK, 0.8)
    med = sd_circle(cv.X, cv.Y, 100, 140, 34)
    cv.paint(cv.cov(med), metal(cv, med, bevel=2.0))
    cv.paint(cv.cov(med + 4), rgrad(cv, 94, 132, 34, rgb("#4a3773"), rgb("#180f2c")))
    cv.paint(cv.cov(np.abs(med) - 0.5), INK, 0.9)
    draw_tower(cv, 100, 160, 24, 36, rgb("#d8c9a8"), rgb("#6e5f44"), 4, flag=rgb("#b8862f"))
    for (x, y) in ((28, 28), (172, 28), (28, 252), (172, 252)):
        d = sd_poly(cv.X, cv.Y, regular_poly(x, y, 7, 4, 0))
        cv.paint(cv.cov(d), metal(cv, d, bevel=1.5))
    return cv


def laurel(cv, cx, cy, r, col):
    for side in (-1, 1):
        stem_pts = []
        for i in range(13):
            a = math.radians(100 + i * 12)
            stem_pts.append((cx + side * r * math.cos(a) * -1, cy + r * math.sin(a) * -1 * -1))
        # stem arc from bottom going up the side
        pts = [(cx + side * r * math.sin(math.radians(a)), cy + r * math.cos(math.radians(a))) for a in range(20, 160, 10)]
        stem = sd_polyline(cv.X, cv.Y, pts, 1.1)
        cv.paint(cv.cov(stem), mix(col, BLACK, 0.3))
        for k, a in enumerate(range(30, 160, 16)):
            t = math.radians(a)
            px, py = cx + side * r * math.sin(t), cy + r * math.cos(t)
            tx, ty = side * math.cos(t), -math.sin(t)  # tangent upward
            for off in (-1, 1):
                nx, ny = -ty * off, tx * off
                lx, ly = px + nx * 5 + tx * 3, py + ny * 5 + ty * 3
                leaf_pts = catmull([(px, py), (lx + tx * 2 + nx * 2.5, ly + ty * 2 + ny * 2.5), (lx + tx * 6, ly + ty * 6), (lx + tx * 2 - nx * 2.5, ly + ty * 2 - ny * 2.5)], 4)
                d = sd_poly(cv.X, cv.Y, leaf_pts)
                cv.paint(cv.cov(d), mix(col, WHITE, 0.1) * bevel_light(d, 1.5, 0.6)[..., None])
                cv.paint(cv.cov(np.abs(d) - 0.35), INK, 0.7)


def make_champion():
    cv = Canvas(200, 280)
    card_base(cv, (rgb("#fff4c4"), rgb("#c99a2e"), rgb("#5e3f0c")), paper=(rgb("#fff8e4"), rgb("#e8d3a0")), seed=31)
    banner(cv, 18, 182, 36, 30, rgb("#7a2a6e"))
    # radiant background
    ang = np.arctan2(cv.Y - 140, cv.X - 100)
    rays = (np.sin(ang * 14) > 0).astype(F32) * smoothstep(95, 20, np.hypot(cv.X - 100, cv.Y - 140))
    paper = sd_box(cv.X, cv.Y, 10.6, 10.6, 189.4, 269.4, 7)
    cv.paint(rays * cv.cov(paper + 2) * cv.cov(sd_box(cv.X, cv.Y, 10, 56, 190, 230, 6)), rgb("#f0c95a"), 0.28)
    laurel(cv, 100, 150, 52, rgb("#5f8f3a"))
    # crown
    cx, cy = 100, 140
    crown = [(cx - 32, cy + 22), (cx - 36, cy - 14), (cx - 18, cy + 2), (cx, cy - 26), (cx + 18, cy + 2), (cx + 36, cy - 14), (cx + 32, cy + 22)]
    d = sd_poly(cv.X, cv.Y, crown) - 1.2
    cv.shadow(d, 1.5, 2.5, 3, 0.5)
    cv.paint(cv.cov(d), metal(cv, d, bevel=3.0, strength=0.65))
    cv.paint(cv.cov(np.abs(d) - 0.5), INK)
    bandd = sd_box(cv.X, cv.Y, cx - 34, cy + 12, cx + 34, cy + 24, 2)
    cv.paint(cv.cov(bandd), metal(cv, bandd, rgb("#fff6cf"), rgb("#c4902a"), rgb("#5e3f0c"), 2.0))
    cv.paint(cv.cov(np.abs(bandd) - 0.5), INK)
    for (x, y, r) in ((cx - 36, cy - 16, 4), (cx, cy - 28, 5), (cx + 36, cy - 16, 4)):
        b = sd_circle(cv.X, cv.Y, x, y, r)
        cv.paint(cv.cov(b), metal(cv, b, bevel=2.0))
        cv.paint(cv.cov(np.abs(b) - 0.4), INK)
    for (x, c) in ((cx - 20, rgb("#b3262f")), (cx, rgb("#2a5fb8")), (cx + 20, rgb("#2d8a4a"))):
        g = sd_poly(cv.X, cv.Y, regular_poly(x, cy + 18, 4.5, 4, 0))
        cv.paint(cv.cov(g), c * bevel_light(g, 2, 0.8)[..., None])
        cv.paint(cv.cov(np.abs(g) - 0.35), INK)
    # four faction emblems in the corners of the lower area
    for i, f in enumerate(FACTIONS):
        em, pad = render_emblem(f, 26, tones(PALETTE[f]))
        cv.paint_pm(em.c, em.a, 34 + i * 36 - pad, 214 - pad)
    return cv


def make_panel(size=256):
    """A parchment UI panel with a gilt border (9-slice it with 24 px borders)."""
    cv = Canvas(size, size, ss=2)
    w = h = size
    body = sd_box(cv.X, cv.Y, 1, 1, w - 1, h - 1, 14)
    rng = np.random.default_rng(41)
    cv.paint(cv.cov(body), vgrad(cv, rgb("#5a3e27"), rgb("#3a2616")) * bevel_light(body, 3, 0.45)[..., None])
    fr = sd_box(cv.X, cv.Y, 8, 8, w - 8, h - 8, 9)
    band = np.abs(fr) - 2.0
    cv.paint(cv.cov(band), metal(cv, band, bevel=1.4))
    paper = fr + 2.0
    n = fbm((cv.W, cv.H), 40 * cv.ss, rng, 5)
    pc = vgrad(cv, rgb("#f5e9cc"), rgb("#e6d3a8")) * (1 + 0.1 * (n - 0.5))[..., None]
    pc = pc * (1 - 0.3 * smoothstep(7, 0, -paper))[..., None]
    cv.paint(cv.cov(paper), pc)
    cv.paint(cv.cov(np.abs(paper) - 0.5), INK, 0.6)
    cv.paint(cv.cov(np.abs(body) - 0.6), INK, 0.9)
    for (x, y) in ((8, 8), (w - 8, 8), (8, h - 8), (w - 8, h - 8)):
        d = sd_poly(cv.X, cv.Y, regular_poly(x, y, 5.5, 4, 0))
        cv.paint(cv.cov(d), metal(cv, d, bevel=1.5))
        cv.paint(cv.cov(np.abs(d) - 0.4), INK, 0.8)
    return cv


# --------------------------------------------------------------------------- app icon, background


def make_app_icon(size):
    cv = Canvas(64, 64, ss=SS if size <= 64 else SS * 2)
    disc = sd_box(cv.X, cv.Y, 2, 2, 62, 62, 13)
    cv.paint(cv.cov(disc), rgrad(cv, 26, 22, 56, rgb("#4a7cc4"), rgb("#182f5c")) * bevel_light(disc, 2.5, 0.5)[..., None])
    rng = np.random.default_rng(77)
    n = fbm((cv.W, cv.H), 12 * cv.ss, rng, 3)
    cv.multiply(cv.cov(disc), 1 + 0.15 * (n - 0.5))
    cv.paint(cv.cov(np.abs(disc + 2.5) - 0.7), metal(cv, disc, bevel=1.0))
    cv.paint(cv.cov(np.abs(disc) - 0.5), INK, 0.9)
    draw_tower(cv, 32, 56, 26, 38, rgb("#e4d6b4"), rgb("#7a6848"), 3, flag=rgb("#d23a2a"))
    if size != 64:
        surf = cv.surface()
        return pygame.transform.smoothscale(surf, (size, size)) if size < 64 else _upscaled_icon(size)
    return cv.surface()


def _upscaled_icon(size):
    # render natively at the big size for crispness
    k = size / 64
    cv = Canvas(size, size, ss=2)
    disc = sd_box(cv.X, cv.Y, 2 * k, 2 * k, 62 * k, 62 * k, 13 * k)
    cv.paint(cv.cov(disc), rgrad(cv, 26 * k, 22 * k, 56 * k, rgb("#4a7cc4"), rgb("#182f5c")) * bevel_light(disc, 2.5 * k, 0.5)[..., None])
    rng = np.random.default_rng(77)
    n = fbm((cv.W, cv.H), 12 * k * cv.ss, rng, 3)
    cv.multiply(cv.cov(disc), 1 + 0.15 * (n - 0.5))
    cv.paint(cv.cov(np.abs(disc + 2.5 * k) - 0.7 * k), metal(cv, disc, bevel=1.0 * k))
    cv.paint(cv.cov(np.abs(disc) - 0.5 * k), INK, 0.9)
    draw_tower(cv, 32 * k, 56 * k, 26 * k, 38 * k, rgb("#e4d6b4"), rgb("#7a6848"), 3, flag=rgb("#d23a2a"))
    return cv.surface()


def make_background(w=1280, h=800):
    cv = Canvas(w, h, ss=1)
    rng = np.random.default_rng(101)
    # dark oak table: long planks with grain
    plank_h = 100
    row = np.floor(cv.Y / plank_h)
    n1 = fbm((cv.W, cv.H), 160, rng, 5)
    n2 = value_noise((cv.W, cv.H), 3, rng)
    shifts = rng.random(20) * 400
    phase = shifts[row.astype(int) % 20]
    streak = value_noise((cv.W, cv.H), 260, rng, 2.2) * 0.6 + value_noise((cv.W, cv.H), 120, rng, 5) * 0.4
    grain = smoothstep(0.45, 0.8, streak) + 0.3 * (np.sin((cv.Y * 0.22 + n1 * 30) * 1.3) * 0.5 + 0.5)
    base = mix(rgb("#3d2a1c"), rgb("#5a3e29"), (0.3 + 0.4 * n1)[..., None])
    tone_per_row = (rng.random(20) * 0.14 - 0.07)[row.astype(int) % 20]
    col = base * (1 + tone_per_row)[..., None] * (1 - 0.12 * grain ** 3)[..., None] * (1 + 0.06 * (n2 - 0.5))[..., None]
    seam = smoothstep(2.0, 0, np.abs(cv.Y - np.round(cv.Y / plank_h) * plank_h))
    col = col * (1 - 0.45 * seam)[..., None]
    # plank end joints staggered
    jx = np.mod(cv.X + phase * 2, 560)
    joint = smoothstep(1.5, 0, np.minimum(jx, 560 - jx))
    col = col * (1 - 0.35 * joint)[..., None]
    # vignette + warm lamp light from top-centre
    vx = (cv.X / w - 0.5) * 1.2
    vy = (cv.Y / h - 0.42)
    v = np.hypot(vx, vy)
    col = col * (1.12 - 0.55 * smoothstep(0.2, 0.85, v))[..., None]
    cv.paint(np.ones((cv.W, cv.H), F32), col)
    return cv


# --------------------------------------------------------------------------- main


def generate(out: Path, only=None):
    out.mkdir(parents=True, exist_ok=True)
    names: list[str] = []
    t0 = time.time()

    def emit(name, cv_or_surf):
        if only and not any(name.startswith(o) for o in only):
            return
        surf = cv_or_surf if isinstance(cv_or_surf, pygame.Surface) else cv_or_surf.surface()
        names.append(save(surf, name, out))

    def want(prefix):
        return not only or any(prefix.startswith(o) or o.startswith(prefix) for o in only)

    for fi, f in enumerate(FACTIONS):
        for si, s in enumerate(SHAPES):
            if want(f"tile_{f}{s}"):
                emit(f"tile_{f}{s}.png", make_tile(f, s, PALETTE, seed=100 + fi * 10 + si))
            if want(f"cb/tile_{f}{s}"):
                emit(f"cb/tile_{f}{s}.png", make_tile(f, s, PALETTE_CB, seed=100 + fi * 10 + si))
    if want("traitor"):
        emit("traitor.png", make_traitor(False))
        emit("traitor_black.png", make_traitor(True))
    if want("back"):
        emit("back_regular.png", make_back("regular", 60))
        emit("back_safe.png", make_back("safe", 61))
    if want("safe_mark"):
        emit("safe_mark.png", make_safe_mark())
    for i, s in enumerate(SHAPES):
        if want(f"pantry_{s}"):
            emit(f"pantry_{s}.png", make_pantry(s, 70 + i))
    if want("pawn"):
        emit("pawn.png", make_pawn())
    if want("card"):
        emit("card_back.png", make_card_back())
        for lvl in ("intro", "base", "expert"):
            emit(f"card_frame_{lvl}.png", make_card_frame(lvl))
    if want("icon"):
        for k in ("tower", "bastion", "line"):
            emit(f"icon_{k}.png", make_formation_icon(k))
        emit("icon_traitor.png", make_traitor_icon())
        emit("icon_destroy.png", make_destroy_icon())
        emit("icon_rows.png", make_rows_icon())
    for f in FACTIONS:
        if want(f"emblem_{f}"):
            emit(f"emblem_{f}.png", make_emblem_icon(f))
        if want(f"cb/emblem_{f}"):
            emit(f"cb/emblem_{f}.png", make_emblem_icon(f, PALETTE_CB))
    if want("champion"):
        emit("champion.png", make_champion())
    if want("prison"):
        emit("prison.png", make_prison())
    global DETAIL
    detail, DETAIL = DETAIL, 1  # the rest keeps its own sizes (icons for the OS, the backdrop, a 9-slice)
    if want("app_icon"):
        emit("app_icon.png", make_app_icon(64))
        big = make_app_icon(256)
        emit("app_icon_256.png", big)
        try:
            from PIL import Image  # optional, script-only

            data = pygame.image.tobytes(big, "RGBA")
            img = Image.frombytes("RGBA", big.get_size(), data)
            img.save(out / "app_icon.ico", sizes=[(16, 16), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)])
        except ImportError:
            print("Pillow not installed: app_icon.ico not written", file=sys.stderr)
    if want("background"):
        emit("background.png", make_background())
    if want("panel"):
        emit("panel.png", make_panel())
    DETAIL = detail
    if not only:
        notes = {"panel.png": "  # 9-slice with 24 px borders", "safe_mark.png": "  # overlay, draw over a tile",
                 "prison.png": "  # overlay, draw over a tile", "background.png": "  # opaque, 1280x800"}
        lines = ["# Castellion sprites, generated by scripts/make_art.py — one PNG per line",
                 "# cb/ holds the Okabe–Ito colour-blind-safe Defender tiles and emblems",
                 *[n + notes.get(n, "") for n in names]]
        (out / "manifest.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(names)} sprites written to {out} in {time.time() - t0:.1f}s")
    return names


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--only", nargs="*", help="name prefixes to (re)generate, no manifest")
    ap.add_argument("--detail", type=int, default=DETAIL, help="output pixels per design pixel (default 2)")
    args = ap.parse_args(argv)
    globals()["DETAIL"] = args.detail
    pygame.init()
    generate(args.out, args.only)


if __name__ == "__main__":
    main()
