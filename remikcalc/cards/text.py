"""Cards written for people in their own notation: ``--cards en|pl|ru|unicode``.

The notation follows the language unless ``--cards`` chooses one: English codes (``QH TS``,
what JSON and score sheets always use), Polish (``D♥ 10♠ W♣ A♦``: dama, walet, as with the
suit signs), Russian (``Дч 10п Вт Тб``: дама, валет, туз with п ч б т for пики, червы,
бубны, трефы) or Unicode (``Q♥ 10♠``). Every notation reads back through
:func:`remikcalc.cards.notation.parse_cards`.

>>> from remikcalc.cards.notation import parse_cards
>>> hand = parse_cards("QH TS JC AD JK")
>>> [cards_text(hand, n) for n in NOTATIONS]
['QH TS JC AD JK', 'D♥ 10♠ W♣ A♦ JK', 'Дч 10п Вт Тб Дж', 'Q♥ 10♠ J♣ A♦ JK']
>>> parse_cards(cards_text(hand, "ru")) == hand
True

Like the language (:mod:`remikcalc.base.i18n`), the notation chosen belongs to the running
context, not to the process: a new thread writes cards in its language's notation whatever
another thread chose. :func:`language` sets both for a block (it is ``remikcalc.language``):

>>> with language("ru"):
...     cards_text(hand)
'Дч 10п Вт Тб Дж'
>>> with language("pl", cards="unicode"):
...     cards_text(hand)
'Q♥ 10♠ J♣ A♦ JK'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar

from remikcalc.base import i18n
from remikcalc.base.i18n import current

__all__ = [
    "NOTATIONS",
    "card_text",
    "cards_text",
    "groups_text",
    "language",
    "notation",
    "parse_notation",
    "set_notation",
    "written_in",
]

#: the notations ``--cards`` takes
NOTATIONS: tuple[str, ...] = ("en", "pl", "ru", "unicode")

_SYMBOLS = "♣♦♥♠"  # clubs, diamonds, hearts, spades: the order of Suit
_RANKS: dict[str, tuple[str, ...]] = {
    "en": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"),
    "unicode": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
    "pl": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "W", "D", "K"),
    "ru": ("Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К"),
}
_SUITS = {"en": "CDHS", "unicode": _SYMBOLS, "pl": _SYMBOLS, "ru": "тбчп"}
_JOKERS = {"en": "JK", "unicode": "JK", "pl": "JK", "ru": "Дж"}
# A card is its index: 13 ranks (ace first) of clubs, diamonds, hearts, spades, then the
# joker (``notation.Card``, an ``int``; a test holds the English table to
# ``notation.CODES``). No import of ``notation`` here, not even for the type: its error
# messages name cards through this module.


def _table(name: str) -> tuple[str, ...]:
    ranks, suits = _RANKS[name], _SUITS[name]
    return tuple(ranks[i % 13] + suits[i // 13] for i in range(52)) + (_JOKERS[name],)


_TABLES = {name: _table(name) for name in NOTATIONS}

#: the notation chosen in this context (one of NOTATIONS), or None: the language's
_chosen: ContextVar[str | None] = ContextVar("remikcalc_notation", default=None)


def parse_notation(text: str) -> str:
    """A notation name as typed; RulesError (a usage error) if it is not one of NOTATIONS."""
    from remikcalc.base.errors import RulesError
    from remikcalc.base.i18n import _

    name = text.strip().lower()
    if name not in NOTATIONS:
        raise RulesError(
            _("unknown card notation {text!r}; choose {choices}").format(
                text=text, choices=", ".join(NOTATIONS)
            ),
            code="unknown_notation",
            field="notation",
            details={"text": text, "choices": ", ".join(NOTATIONS)},
        )
    return name


def set_notation(name: str | None) -> None:
    """Write cards in ``name`` from now on, in this context; None: the notation of the
    language spoken."""
    _chosen.set(None if name is None else parse_notation(name))


@contextmanager
def written_in(name: str) -> Iterator[None]:
    """Write cards in ``name`` inside the block, then as before it again."""
    token = _chosen.set(parse_notation(name))
    try:
        yield
    finally:
        _chosen.reset(token)


@contextmanager
def language(lang: str, cards: str | None = None) -> Iterator[None]:
    """Speak ``lang`` inside the block, and write cards in the notation ``cards`` (default:
    as before the block, which unless chosen is the language's); then both as before again,
    also after an exception. It sets the running context only (a thread, an ``asyncio``
    task, a web request run in a copy of the context), so two threads can speak two languages
    at once. Exported as ``remikcalc.language``.

    >>> before = current(), notation()
    >>> with language("pl"), language("ru", cards="en"):
    ...     current(), notation()
    ('ru', 'en')
    >>> (current(), notation()) == before
    True
    """
    with i18n.in_language(lang), nullcontext() if cards is None else written_in(cards):
        yield


def notation() -> str:
    """The notation cards are written in now."""
    chosen = _chosen.get()
    return current() if chosen is None else chosen  # en, pl and ru are notations too


def card_text(card: int, name: str | None = None) -> str:
    """One card (a :class:`~remikcalc.cards.notation.Card`, or its index) in the notation
    ``name`` (default: :func:`notation`)."""
    return _TABLES[name or notation()][card]


def cards_text(cards: Iterable[int], name: str | None = None) -> str:
    """Cards separated by spaces, in the notation ``name`` (default: :func:`notation`)."""
    table = _TABLES[name or notation()]
    return " ".join(table[c] for c in cards)


def groups_text(groups: Iterable[Iterable[int]], name: str | None = None) -> str:
    """Groups of cards (melds) with ``|`` between them."""
    return " | ".join(cards_text(g, name) for g in groups)
