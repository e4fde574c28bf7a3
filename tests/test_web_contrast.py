"""The pad's colours are readable in light and in dark mode: text against what is behind it,
and a selected card against an unselected one, at least 4.5:1 (WCAG's ratio for text), worked
out here from the values in the stylesheets themselves (the audit measured 2.29:1 for Delete
and Undo, 2.27:1 for a selected card and 4.38:1 for a struck-out value in dark mode)."""

from __future__ import annotations

import re
from importlib import resources

import pytest

SHEETS = ("pad.css", "entry.css", "corrections.css", "reports.css")

Rules = dict[str, dict[str, str]]


def _blocks(css: str) -> list[tuple[str, str]]:
    """The top-level ``prelude { body }`` blocks of a stylesheet, comments removed."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    blocks, depth, start, prelude = [], 0, 0, ""
    for i, ch in enumerate(css):
        if ch == "{":
            if depth == 0:
                prelude, start = css[start:i].strip(), i + 1
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                blocks.append((prelude, css[start:i]))
                start = i + 1
    return blocks


def _declarations(body: str) -> dict[str, str]:
    out = {}
    for part in body.split(";"):
        name, sep, value = part.partition(":")
        if sep:
            out[name.strip()] = value.strip()
    return out


def stylesheets() -> list[tuple[str, dict[str, str], bool]]:
    """Every rule of the sheets in the order the pages link them: its selector (one of a
    group), its declarations, and whether it is for dark mode only."""
    out = []
    for name in SHEETS:
        css = (resources.files("remikcalc.web") / "static" / name).read_text(encoding="utf-8")
        for prelude, body in _blocks(css):
            if prelude.startswith("@media") and "prefers-color-scheme: dark" in prelude:
                inner = [(p, b, True) for p, b in _blocks(body)]
            elif prelude.startswith("@"):
                continue
            else:
                inner = [(prelude, body, False)]
            for group, decls, dark in inner:
                for selector in group.split(","):
                    out.append((" ".join(selector.split()), _declarations(decls), dark))
    return out


def scheme(mode: str) -> Rules:
    """The declarations by selector in light or dark mode: a later rule wins over an earlier
    one of the same selector, as the cascade has it."""
    rules: Rules = {}
    for selector, decls, dark in stylesheets():
        if mode == "dark" or not dark:
            rules.setdefault(selector, {}).update(decls)
    return rules


RGBA = tuple[float, float, float, float]


def colour(value: str, rules: Rules) -> RGBA:
    """A colour value (#rgb, #rrggbb, rgb/rgba(), white, black, var(--x)) as RGBA."""
    value = value.strip()
    found = re.fullmatch(r"var\((--[\w-]+)\)", value)
    if found:
        return colour(rules[":root"][found.group(1)], rules)
    if value in ("white", "#fff"):
        value = "#ffffff"
    if value == "black":
        value = "#000000"
    if re.fullmatch(r"#[0-9a-fA-F]{3}", value):
        value = "#" + "".join(c * 2 for c in value[1:])
    if re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        r, g, b = (int(value[i : i + 2], 16) for i in (1, 3, 5))
        return r, g, b, 1.0
    found = re.fullmatch(r"rgba?\(([^)]*)\)", value)
    if found:
        parts = [float(p) for p in found.group(1).replace("/", ",").split(",")]
        return parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else 1.0
    raise ValueError(value)


def over(top: RGBA, below: RGBA) -> RGBA:
    """``top`` (with its alpha) painted on the opaque ``below``."""
    a = top[3]
    r, g, b = (a * t + (1 - a) * u for t, u in zip(top[:3], below[:3], strict=True))
    return r, g, b, 1.0


def luminance(c: RGBA) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: RGBA, b: RGBA) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def prop(rules: Rules, selectors: list[str], name: str) -> RGBA:
    """``name`` of the first selector that sets it (the most specific first), as a colour;
    ``background`` is read from ``background`` or ``background-color``."""
    for selector in selectors:
        decls = rules.get(selector, {})
        for key in (name, f"{name}-color") if name == "background" else (name,):
            if key in decls:
                return colour(decls[key], rules)
    raise KeyError((selectors, name))


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_delete_and_undo_buttons_are_readable(mode: str) -> None:
    rules = scheme(mode)
    text = prop(rules, ["button.danger", "button"], "color")
    back = prop(rules, ["button.danger"], "background")
    assert ratio(text, back) >= 4.5, (mode, text, back, ratio(text, back))


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_a_selected_card_stands_out_and_its_text_is_readable(mode: str) -> None:
    rules = scheme(mode)
    page = prop(rules, ["body"], "background")
    cell = over(prop(rules, [".card"], "background"), page)
    chosen = over(prop(rules, [".card.on"], "background"), page)
    assert ratio(chosen, cell) >= 4.5, (mode, "selected against unselected", ratio(chosen, cell))
    for selectors in (
        [".card.on"],
        [".card.on.red", ".card.on"],
        [".card.on .count", ".card.on"],
    ):
        text = prop(rules, selectors, "color")
        assert ratio(text, chosen) >= 4.5, (mode, selectors, ratio(text, chosen))


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_a_selected_choice_stands_out_and_its_text_is_readable(mode: str) -> None:
    rules = scheme(mode)
    page = prop(rules, ["body"], "background")
    chip = over(prop(rules, [".choice span"], "background"), page)
    chosen = over(prop(rules, [".choice input:checked + span"], "background"), page)
    assert ratio(chosen, chip) >= 4.5, (mode, ratio(chosen, chip))
    text = prop(rules, [".choice input:checked + span"], "color")
    assert ratio(text, chosen) >= 4.5, (mode, ratio(text, chosen))


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_a_struck_out_value_is_readable_where_it_changed(mode: str) -> None:
    rules = scheme(mode)
    page = prop(rules, ["body"], "background")
    struck = prop(rules, ["del"], "color")
    changed = over(prop(rules, [".changed"], "background"), page)
    for back in (page, changed):
        assert ratio(struck, back) >= 4.5, (mode, back, ratio(struck, back))


def test_the_ratio_is_wcags() -> None:
    white, black = (255.0, 255.0, 255.0, 1.0), (0.0, 0.0, 0.0, 1.0)
    assert ratio(white, black) == pytest.approx(21.0)
    assert ratio(colour("#767676", {}), white) == pytest.approx(4.54, abs=0.01)
