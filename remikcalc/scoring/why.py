"""The "Why" sentences of a deal or a game: English for JSON, the current language for people.

A :class:`Why` *is* its English sentence (a ``str``), so ``DealResult.reasons`` and the games'
``reasons`` write the same JSON and plain output in every language, and compare equal to the
English text. It also keeps its message and fields, so :meth:`Why.text` says it again in the
language spoken when it is shown (not when the deal was scored: one process may speak several
languages). Fields are formatted by kind: :class:`Cards` in the card notation for people
(``cardtext``) and as codes in English, :class:`Num` (a stake) with the language's decimal
comma, an :class:`Outcome` code by its name, a nested :class:`Why` (a closing's name, a suit)
in the same language as the sentence.

Messages are marked for the extractor as everywhere else: ``Why(N_("..."), name=...)``, and
``Why.ngettext("...", "...", n, ...)`` for a sentence with a counted noun.

>>> from remikcalc.cards.notation import parse_cards
>>> from remikcalc.base.i18n import in_language
>>> why = Why(N_("{closer} discards {card}"), closer="Anna", card=Cards(parse_cards("QH")))
>>> why, str(why) == "Anna discards QH"
('Anna discards QH', True)
>>> with in_language("ru"):
...     why.text()
'Anna сбрасывает Дч'
>>> reason_text("entered as points only") == "entered as points only"
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from remikcalc.base.i18n import N_, _, ngettext
from remikcalc.cards.notation import Card, format_cards

__all__ = [
    "Cards",
    "Num",
    "Operand",
    "Outcome",
    "Signed",
    "Why",
    "joined",
    "reason_text",
    "reasons_text",
]


class Cards(tuple[Card, ...]):
    """Cards in a sentence: codes in English (``QH 10S`` as JSON writes them), the players'
    notation for people."""

    __slots__ = ()

    def english(self) -> str:
        return format_cards(self)

    def local(self) -> str:
        from remikcalc.cards.text import cards_text

        return cards_text(self)


class Num:
    """A number that may have decimals (a stake): ``1.5`` in English, ``1,5`` in pl/ru."""

    __slots__ = ("value",)

    def __init__(self, value: Decimal | Fraction | int) -> None:
        self.value = value

    def english(self) -> str:
        from remikcalc.base.money import amount_text

        return amount_text(self.value)

    def local(self) -> str:
        from remikcalc.base.numtext import number_text

        return number_text(self.value)


class Operand(Num):
    """A number after an operator in a sum (``522 − (−49)``, ``25 × (−2)``): a negative one
    in brackets with a minus sign, in English (JSON) and for people alike.

    >>> Operand(-49).english(), Operand(49).english()
    ('(−49)', '49')
    """

    __slots__ = ()

    def english(self) -> str:
        return _bracketed(super().english())

    def local(self) -> str:
        return _bracketed(super().local())


class Signed(Num):
    """A gain or a loss, always with its sign (``+14``, ``-2``, ``0``), in English (JSON) and
    for people alike.

    >>> Signed(14).english(), Signed(-2).english(), Signed(0).english()
    ('+14', '-2', '0')
    """

    __slots__ = ()

    def english(self) -> str:
        from remikcalc.base.numtext import signed

        return signed(super().english(), self.value)

    def local(self) -> str:
        from remikcalc.base.numtext import signed

        return signed(super().local(), self.value)


def _bracketed(text: str) -> str:
    return f"(−{text[1:]})" if text.startswith("-") else text


class Outcome(str):
    """An outcome code (``full_colour``): the code in English, its name for people."""

    __slots__ = ()

    def english(self) -> str:
        return str.__str__(self)

    def local(self) -> str:
        from remikcalc.rules.dealinput import outcome_text

        return outcome_text(self)


def _english(value: object) -> object:
    if isinstance(value, Cards | Num | Outcome):
        return value.english()
    if isinstance(value, Why):
        return str.__str__(value)
    return value


def _local(value: object) -> object:
    if isinstance(value, Cards | Num | Outcome):
        return value.local()
    if isinstance(value, Why):
        return value.text()
    return value


class Why(str):
    """A sentence for people whose ``str`` value is its English text (see the module doc)."""

    _message: str
    _plural: str | None
    _count: int
    _fields: dict[str, Any]

    def __new__(cls, message: str, /, **fields: Any) -> Why:
        return cls._make(message, None, 1, fields)

    @classmethod
    def ngettext(cls, singular: str, plural: str, n: int, /, **fields: Any) -> Why:
        """The sentence in the form for the number ``n`` (three forms in pl and ru)."""
        return cls._make(singular, plural, n, fields)

    @classmethod
    def _make(cls, message: str, plural: str | None, n: int, fields: dict[str, Any]) -> Why:
        chosen = message if plural is None or n == 1 else plural
        english = chosen.format(**{k: _english(v) for k, v in fields.items()})
        self = super().__new__(cls, english)
        self._message, self._plural, self._count, self._fields = message, plural, n, fields
        return self

    def text(self) -> str:
        """The sentence in the current language."""
        if self._plural is None:
            message = _(self._message)
        else:
            message = ngettext(self._message, self._plural, self._count)
        return message.format(**{k: _local(v) for k, v in self._fields.items()})

    def __reduce__(self) -> tuple[Any, ...]:
        return (Why._make, (self._message, self._plural, self._count, self._fields))


def joined(words: Sequence[object], *, commas: bool = True) -> Why:
    """'Anna, Boris and Carl' (names, or words as :class:`Why`), in the sentence's language;
    without ``commas``, 'Anna and Boris and Carl'."""
    if len(words) == 1:
        return Why("{word}", word=words[0])  # no words to translate
    first = words[0]
    for word in words[1:-1]:
        if commas:
            first = Why("{first}, {word}", first=first, word=word)  # no words to translate
        else:
            first = Why(N_("{first} and {last}"), first=first, last=word)
    return Why(N_("{first} and {last}"), first=first, last=words[-1])


def reason_text(reason: str) -> str:
    """A reason for people: a :class:`Why` in the current language, any other text translated
    as it is (a message with no fields)."""
    return reason.text() if isinstance(reason, Why) else _(reason)


def reasons_text(reasons: Iterable[str]) -> list[str]:
    """:func:`reason_text` of each reason."""
    return [reason_text(r) for r in reasons]
