"""Colours as Chromium draws them, and WCAG contrast measured over every text the plugin draws.

Computed colours come back in whatever space CSS gave them (`oklch(…)` from relative colours,
`color(srgb …)` from color-mix()). Instead of parsing each form, the JavaScript below paints the
colours on a 1×1 canvas, layer over layer as the page stacks them, and reads the pixel: the sRGB
the reader sees, alpha compositing and gamut clipping included.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Locator, Page

# Shared by the functions below: `paint(layers)` → [r, g, b] of the layers painted on white,
# `alphaOf(css)`, `ratio(a, b)` (WCAG contrast of two sRGB triples), `backdrop(el)` (the layers
# of background colour under `el`, from the first opaque one up).
_HELPERS = """
const canvas = document.createElement('canvas');
canvas.width = canvas.height = 1;
const ctx = canvas.getContext('2d', {willReadFrequently: true});
const painted = new Map();
const paint = (layers) => {
  const key = JSON.stringify(layers);
  if (!painted.has(key)) painted.set(key, paintNow(layers));
  return painted.get(key);
};
const paintNow = (layers) => {
  ctx.globalCompositeOperation = 'copy';
  ctx.globalAlpha = 1;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 1, 1);
  ctx.globalCompositeOperation = 'source-over';
  for (const [color, alpha] of layers) {
    ctx.globalAlpha = alpha;
    ctx.fillStyle = 'rgba(0, 0, 0, 0)';
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
  }
  const d = ctx.getImageData(0, 0, 1, 1).data;
  return [d[0], d[1], d[2]];
};
const alphas = new Map();
const alphaOf = (color) => {
  if (!alphas.has(color)) alphas.set(color, alphaNow(color));
  return alphas.get(color);
};
const alphaNow = (color) => {
  ctx.globalCompositeOperation = 'copy';
  ctx.globalAlpha = 1;
  ctx.fillStyle = 'rgba(0, 0, 0, 0)';
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 1, 1);
  return ctx.getImageData(0, 0, 1, 1).data[3] / 255;
};
const luminance = ([r, g, b]) => {
  const c = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
};
const ratio = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
const backdrops = new Map();
const backdrop = (el) => {
  if (!backdrops.has(el)) backdrops.set(el, backdropNow(el));
  return backdrops.get(el);
};
const backdropNow = (el) => {
  const layers = [];
  for (let node = el; node instanceof Element; node = node.parentElement) {
    const color = getComputedStyle(node).backgroundColor;
    const alpha = alphaOf(color);
    if (alpha > 0) layers.unshift([color, 1]);
    if (alpha >= 1) break;
  }
  return layers;
};
const opacityOf = (el) => {
  let opacity = 1;
  for (let node = el; node instanceof Element; node = node.parentElement) {
    opacity *= parseFloat(getComputedStyle(node).opacity);
  }
  return opacity;
};
"""

# Every text node (and every ::before/::after with content) under the roots, with the colour it
# is drawn in, the colour under it, its contrast and whether it counts as large text (WCAG:
# 24 px, or 18.66 px bold).
_MEASURE = (
    "const measureOnce = (roots) => {"
    + _HELPERS
    + """
  const out = [];
  let accent = null;  // [r, g, b] of --tagindex-accent in the current root, if it has one
  const same = (a, b) => a !== null && a.every((v, i) => Math.abs(v - b[i]) <= 1);
  const record = (el, style, text, kind) => {
    const layers = backdrop(el);
    const bg = paint(layers);
    const fg = paint([...layers, [style.color, opacityOf(el)]]);
    const size = parseFloat(style.fontSize);
    const weight = parseInt(style.fontWeight, 10);
    const owner = el.closest('[class]');
    const ours = (c) => c.startsWith('tagindex') || c.startsWith('md-tag');
    const classes = owner ? Array.from(owner.classList).filter(ours) : [];
    out.push({
      text: text.slice(0, 60), kind, where: classes.join(' ') || el.tagName.toLowerCase(),
      fg, bg, ratio: ratio(fg, bg), size, weight,
      large: size >= 24 || (size >= 18.66 && weight >= 700),
      accent: same(accent, fg) || same(accent, bg),
    });
  };
  for (const selector of roots) {
    for (const root of document.querySelectorAll(selector)) {
      accent = null;
      if (getComputedStyle(root).getPropertyValue('--tagindex-accent').trim()) {
        const probe = document.createElement('span');
        probe.style.color = 'var(--tagindex-accent)';
        root.appendChild(probe);
        accent = paint([[getComputedStyle(probe).color, 1]]);
        probe.remove();
      }
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent.trim();
        const el = node.parentElement;
        if (!text || !el || el.getClientRects().length === 0) continue;
        const style = getComputedStyle(el);
        if (style.visibility !== 'visible') continue;
        record(el, style, text, 'text');
      }
      for (const el of [root, ...root.querySelectorAll('*')]) {
        if (el.getClientRects().length === 0) continue;
        for (const pseudo of ['::before', '::after']) {
          const style = getComputedStyle(el, pseudo);
          const content = style.content;
          if (content === 'none' || content === 'normal' || style.display === 'none') continue;
          const text = content.startsWith('attr(')
            ? (el.getAttribute('aria-label') || '')
            : content.split(' / ')[0].replace(/["']/g, '');
          if (text.trim() === '') continue;
          record(el, style, text, pseudo);
        }
      }
    }
  }
  return out;
};"""
)
MEASURE_JS = "(roots) => {" + _MEASURE + "return measureOnce(roots); }"

# The same for each (scheme, primary), switched as Material's palette toggle does it (the
# data-md-color-* attributes of <body>), in one call: each palette's lowest reading overall and
# among accent texts, its count, and every reading below what it needs.
PALETTES_JS = (
    "([roots, palettes]) => {"
    + _MEASURE
    + """
  const results = [];
  for (const [scheme, primary] of palettes) {
    document.body.setAttribute('data-md-color-scheme', scheme);
    document.body.setAttribute('data-md-color-primary', primary);
    const out = measureOnce(roots);
    const lowest = (list) => list.reduce((a, b) => (b.ratio < a.ratio ? b : a), list[0] || null);
    results.push({
      scheme, primary, count: out.length,
      lowest: lowest(out), accent: lowest(out.filter(r => r.accent)),
      failing: out.filter(r => r.ratio < (r.large ? 3 : 4.5)),
    });
  }
  return results;
}"""
)

# [r, g, b] of a CSS colour (a custom property, say) as it resolves where `el` is, painted on
# what is under `el` (a translucent text colour is seen mixed with its background).
SRGB_JS = (
    "(el, value) => {"
    + _HELPERS
    + """
  const probe = document.createElement('span');
  probe.style.color = value;
  el.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return paint([...backdrop(el), [color, 1]]);
}"""
)

# [r, g, b] of one computed property of `el` (borderTopColor, outlineColor, …), painted on
# whatever is under the element.
PROPERTY_SRGB_JS = (
    "(el, property) => {"
    + _HELPERS
    + """
  return paint([...backdrop(el), [getComputedStyle(el)[property], 1]]);
}"""
)

# Stop transitions and animations, so colours are read in their final state.
NO_MOTION_CSS = "*, ::before, ::after { transition: none !important; animation: none !important }"


@dataclass(frozen=True)
class Reading:
    """One text as drawn: its contrast against what is under it and the ratio it needs."""

    text: str
    kind: str
    where: str
    fg: tuple[int, int, int]
    bg: tuple[int, int, int]
    ratio: float
    large: bool
    accent: bool
    """Drawn in (or on) --tagindex-accent, the one colour that follows the palette."""

    @property
    def required(self) -> float:
        return 3.0 if self.large else 4.5

    def describe(self) -> str:
        return (
            f"{self.where} {self.kind} {self.text!r}: {self.ratio:.2f}:1 "
            f"(needs {self.required}:1; rgb{self.fg} on rgb{self.bg})"
        )


def _reading(r: dict[str, Any]) -> Reading:
    return Reading(
        text=r["text"],
        kind=r["kind"],
        where=r["where"],
        fg=(r["fg"][0], r["fg"][1], r["fg"][2]),
        bg=(r["bg"][0], r["bg"][1], r["bg"][2]),
        ratio=float(r["ratio"]),
        large=bool(r["large"]),
        accent=bool(r["accent"]),
    )


def measure(page: Page, roots: list[str]) -> list[Reading]:
    raw: list[dict[str, Any]] = page.evaluate(MEASURE_JS, roots)
    return [_reading(r) for r in raw]


@dataclass(frozen=True)
class PaletteResult:
    scheme: str
    primary: str
    count: int
    lowest: Reading
    accent: Reading | None
    failing: list[Reading]


def measure_palettes(
    page: Page, roots: list[str], palettes: list[tuple[str, str]]
) -> list[PaletteResult]:
    raw: list[dict[str, Any]] = page.evaluate(PALETTES_JS, [roots, palettes])
    return [
        PaletteResult(
            scheme=r["scheme"],
            primary=r["primary"],
            count=int(r["count"]),
            lowest=_reading(r["lowest"]),
            accent=_reading(r["accent"]) if r["accent"] else None,
            failing=[_reading(f) for f in r["failing"]],
        )
        for r in raw
        if r["lowest"] is not None
    ]


def srgb(locator: Locator, css: str) -> tuple[int, int, int]:
    r, g, b = locator.evaluate(SRGB_JS, css)
    return int(r), int(g), int(b)


def property_srgb(locator: Locator, prop: str) -> tuple[int, int, int]:
    r, g, b = locator.evaluate(PROPERTY_SRGB_JS, prop)
    return int(r), int(g), int(b)


def luminance(rgb: tuple[float, float, float]) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
