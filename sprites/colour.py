"""Colour arithmetic: hex parsing, mixing, and colour-vision-deficiency checks (pure maths)."""

from __future__ import annotations

import math

RGB = tuple[int, int, int]

# Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB.
CVD_MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def hex_rgb(text: str) -> RGB:
    """'#rrggbb' as an (r, g, b) tuple."""
    value = text.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"not a #rrggbb colour: {text!r}")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """t of the way from colour a to colour b."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def darker(colour: RGB, amount: float = 0.3) -> RGB:
    """The colour mixed towards black."""
    return mix(colour, (0, 0, 0), amount)


def lighter(colour: RGB, amount: float = 0.3) -> RGB:
    """The colour mixed towards white."""
    return mix(colour, (255, 255, 255), amount)


def luminance(colour: RGB) -> float:
    """Relative luminance (WCAG), 0..1."""
    r, g, b = (_linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def readable_on(colour: RGB, dark: RGB = (30, 24, 20), light: RGB = (250, 244, 230)) -> RGB:
    """Dark or light text, whichever contrasts more with the colour."""
    return dark if luminance(colour) > 0.22 else light


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(colour: RGB, kind: str | None) -> tuple[float, float, float]:
    """Linear RGB as seen with a colour-vision deficiency (None: normal vision)."""
    lin = [_linear(c) for c in colour]
    if kind is None:
        return (lin[0], lin[1], lin[2])
    m = CVD_MATRICES[kind]
    out = [min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3)]
    return (out[0], out[1], out[2])


def lab(linear_rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of a linear-RGB colour."""
    r, g, b = linear_rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def difference(a: RGB, b: RGB, kind: str | None = None) -> float:
    """CIE76 ΔE between two colours as seen with `kind` of colour vision (see delta_e2000)."""
    return math.dist(lab(simulate(a, kind)), lab(simulate(b, kind)))


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 between two CIELAB colours (Sharma, Wu & Dalal 2005; kL = kC = kH = 1)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dlp, dcp = l2 - l1, c2p - c1p
    dh = h2p - h1p if abs(h2p - h1p) <= 180 else h2p - h1p - math.copysign(360, h2p - h1p)
    dhp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh) / 2) if c1p * c2p else 0.0
    lbp, cbp = (l1 + l2) / 2, (c1p + c2p) / 2
    hbp = h1p + h2p if not c1p * c2p else _mean_hue(h1p, h2p)
    t = (1 - 0.17 * math.cos(math.radians(hbp - 30)) + 0.24 * math.cos(math.radians(2 * hbp))
         + 0.32 * math.cos(math.radians(3 * hbp + 6)) - 0.20 * math.cos(math.radians(4 * hbp - 63)))
    sl = 1 + 0.015 * (lbp - 50) ** 2 / math.sqrt(20 + (lbp - 50) ** 2)
    sc, sh = 1 + 0.045 * cbp, 1 + 0.015 * cbp * t
    rt = (-2 * math.sqrt(cbp ** 7 / (cbp ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((hbp - 275) / 25) ** 2)))))
    return math.sqrt((dlp / sl) ** 2 + (dcp / sc) ** 2 + (dhp / sh) ** 2
                     + rt * (dcp / sc) * (dhp / sh))


def _mean_hue(h1: float, h2: float) -> float:
    """The mean of two hues (degrees), the short way round."""
    if abs(h1 - h2) <= 180:
        return (h1 + h2) / 2
    return (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2


def delta_e2000(a: RGB, b: RGB, kind: str | None = None) -> float:
    """CIEDE2000 ΔE between two colours as seen with `kind` of colour vision."""
    return ciede2000(lab(simulate(a, kind)), lab(simulate(b, kind)))
