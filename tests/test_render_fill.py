"""``render.fill`` gives a sentence that fits on one line straight back, without textwrap (for
speed: a settlement wraps a line per game); it must be what textwrap gives, for any text,
width and indents."""

from __future__ import annotations

import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from remikcalc.render import fill

# the white space textwrap replaces, the spaces it counts, others str.strip() knows, and words
SPACES = [" ", "\t", "\n", "\r", "\x0b", "\x0c", "\xa0", "\x1c", "\u2003"]
texts = st.text(alphabet=st.sampled_from([*SPACES, "a", "é", "Б", "-"]))


def _textwrap(text: str, width: int, indent: str, hang: str) -> str:
    return textwrap.fill(
        text,
        width,
        initial_indent=indent,
        subsequent_indent=hang,
        break_long_words=False,
        break_on_hyphens=False,
    )


@settings(max_examples=500)
@given(
    texts | st.text(),
    st.integers(min_value=1, max_value=40),
    st.sampled_from(["", " ", "  ", "    "]),
    st.sampled_from(["", "  ", "      "]),
)
def test_fill_is_textwraps_fill(text: str, width: int, indent: str, hang: str) -> None:
    assert fill(text, width, indent=indent, hang=hang) == _textwrap(text, width, indent, hang)


def test_a_line_that_fits_exactly_is_one_line_and_one_more_character_wraps() -> None:
    assert fill("Boris pays Anna", 17, indent="  ") == "  Boris pays Anna"
    assert fill("Boris pays Annas", 17, indent="  ", hang="    ") == "  Boris pays\n    Annas"
