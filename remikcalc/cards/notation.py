"""Cards: ranks, suits, the :class:`Card` value type, parsing in every notation, pack limits.

A card is a small ``int`` subclass: ``suit * 13 + rank - 1`` for the 52 naturals and 52 for
the joker, so hands sort suit by suit (clubs, diamonds, hearts, spades; ace to king) with
jokers last, and the meld search can work on plain integers.

>>> parse_cards("10♥ Дч Wk *")
(Card('TH'), Card('QH'), Card('JH'), Card('JK'))
>>> format_cards(parse_cards("as 2s 3S"))
'AS 2S 3S'
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from enum import IntEnum, StrEnum

from remikcalc.base.errors import CardError
from remikcalc.base.i18n import _, current, ngettext

__all__ = [
    "JOKER",
    "Card",
    "Rank",
    "Suit",
    "check_pack",
    "format_cards",
    "format_groups",
    "parse_card",
    "parse_cards",
    "parse_groups",
]


class Rank(IntEnum):
    """Ranks with the ace low; the code is the canonical one-character notation."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def code(self) -> str:
        return RANK_CODES[self - 1]


class Suit(StrEnum):
    """Suits in canonical order; the value is the canonical letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def order(self) -> int:
        return SUITS.index(self)


RANK_CODES = "A23456789TJQK"
SUITS: tuple[Suit, ...] = tuple(Suit)
JOKER_INDEX = 52


class Card(int):
    """One card: a natural (index 0..51) or the joker (52).

    >>> Card.of(Rank.QUEEN, Suit.HEARTS)
    Card('QH')
    >>> Card.of(Rank.TEN, Suit.CLUBS).rank
    <Rank.TEN: 10>
    """

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if not 0 <= index <= JOKER_INDEX:
            raise ValueError(f"card index out of range: {index}")
        return super().__new__(cls, index)

    @classmethod
    def of(cls, rank: int, suit: Suit) -> Card:
        return CARDS[suit.order * 13 + rank - 1]

    @property
    def is_joker(self) -> bool:
        return self == JOKER_INDEX

    @property
    def rank(self) -> Rank:
        if self.is_joker:
            raise ValueError("the joker has no rank")
        return Rank(self % 13 + 1)

    @property
    def suit(self) -> Suit:
        if self.is_joker:
            raise ValueError("the joker has no suit")
        return SUITS[self // 13]

    @property
    def code(self) -> str:
        return CODES[self]

    def __str__(self) -> str:
        return CODES[self]

    def __repr__(self) -> str:
        return f"Card({CODES[self]!r})"


CODES: tuple[str, ...] = tuple(
    [RANK_CODES[i % 13] + SUITS[i // 13].value for i in range(52)] + ["JK"]
)
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(53))
JOKER: Card = CARDS[JOKER_INDEX]

# --- notation tables -------------------------------------------------------------------------

_JOKER_WORDS = {"JK", "JOKER", "*", "🃏", "ДЖ", "ДЖОКЕР"}
_LATIN_RANKS = {
    **{c: i + 1 for i, c in enumerate(RANK_CODES)},
    "10": 10,
    "D": 12,  # Polish dama / German Dame
    "W": 11,  # Polish walet
    "B": 11,  # German Bube
}
_CYRILLIC_RANKS = {
    **{str(n): n for n in range(2, 10)},
    "10": 10,
    "Т": 1,  # туз
    "К": 13,  # король
    "Д": 12,  # дама
    "В": 11,  # валет
}
_SYMBOL_SUITS = {
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
_LATIN_SUITS = {
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "S": Suit.SPADES,
    # Polish suit names: pik, kier, karo, trefl
    "P": Suit.SPADES,
    "K": Suit.HEARTS,
    "KA": Suit.DIAMONDS,
    "T": Suit.CLUBS,
}
_CYRILLIC_SUITS = {"П": Suit.SPADES, "Ч": Suit.HEARTS, "Б": Suit.DIAMONDS, "Т": Suit.CLUBS}
# Cyrillic letters that look like Latin ones, for naming the odd character in a typo.
_CYR_TO_LAT = dict(zip("АВСЕНКМОРТХасеорх", "ABCEHKMOPTXaceopx", strict=True))
_LAT_TO_CYR = {v: k for k, v in _CYR_TO_LAT.items()}
_IGNORED = {"\ufe0f", "\ufe0e", "\u200b", "\u200d"}


def _script(ch: str) -> str:
    if "a" <= ch.lower() <= "z":
        return "latin"
    if "\u0400" <= ch <= "\u04ff":
        return "cyrillic"
    return "neutral"


def _describe(ch: str) -> str:
    if current() != "en":  # Unicode's character names are English only
        return f"{ch!r} (U+{ord(ch):04X})"
    try:
        name = unicodedata.name(ch).title()
    except ValueError:
        name = _("character")
    return f"{ch!r} ({name}, U+{ord(ch):04X})"


def _where(token: str, position: int | None) -> str:
    if position is None:
        return _("card {token}").format(token=repr(token))
    return _("card {position} {token}").format(position=position, token=repr(token))


def _shown(card: Card) -> str:
    """A card named in an error, in the players' notation (:mod:`remikcalc.cards.text`)."""
    from remikcalc.cards.text import card_text

    return card_text(card)


def _suggest_suits(rank: int) -> str:
    codes = [_shown(CARDS[s.order * 13 + rank - 1]) for s in SUITS]
    return _("{first} or {last}").format(first=", ".join(codes[:-1]), last=codes[-1])


def parse_card(token: str, position: int | None = None) -> Card:
    """Parse one card code in any supported notation.

    ``position`` (1-based) is only used to make error messages point at the token.

    >>> parse_card("10♦"), parse_card("Тп"), parse_card("qs"), parse_card("Bk")
    (Card('TD'), Card('AS'), Card('QS'), Card('JH'))

    Unicode's compatibility forms read as the characters they stand for (NFKC), so the
    fullwidth digits and letters of a phone keyboard in a CJK mode are the ASCII ones:

    >>> parse_card("１０♥"), parse_card("Ｑｓ")
    (Card('TH'), Card('QS'))
    """
    raw = token
    # compatibility forms read as what they stand for: a fullwidth "１０Ｈ" (a phone keyboard
    # in a Chinese, Japanese or Korean mode) is 10H
    text = "".join(ch for ch in unicodedata.normalize("NFKC", token.strip()) if ch not in _IGNORED)
    if not text:  # the messages are made only on these error paths (not for a good card)
        raise CardError(
            _("{where}: empty card code").format(where=_where(raw, position)),
            code="empty_card",
            details={"token": raw, "position": position},
        )
    upper = text.upper()
    if upper in _JOKER_WORDS:
        if text == "Jk":  # a Polish jack of kier typed with the English J?
            _warn_jk()
        return JOKER
    scripts = {_script(ch) for ch in text} - {"neutral"}
    if scripts == {"latin", "cyrillic"}:
        raise _mixed_scripts(text, raw, position)
    cyrillic = scripts == {"cyrillic"}
    ranks = _CYRILLIC_RANKS if cyrillic else _LATIN_RANKS
    suits = _CYRILLIC_SUITS if cyrillic else _LATIN_SUITS
    digits = len(upper) - len(upper.lstrip("0123456789"))
    rank_part = upper[:digits] if digits else upper[:1]
    suit_part = upper[len(rank_part) :]
    rank = ranks.get(rank_part)
    if rank is None:
        hint = _("A 2-9 T (or 10) J Q K") if not cyrillic else _("Т К Д В or 2-10")
        if rank_part in ("1", "11", "12", "13", "14"):
            hint = _("{ranks}; for a ten type 10 or T, for an ace A").format(ranks=hint)
        raise CardError(
            _("{where}: unknown rank {rank}; ranks are {hint}").format(
                where=_where(raw, position), rank=repr(text[: len(rank_part)]), hint=hint
            ),
            code="unknown_rank",
            details={"token": raw, "position": position},
        )
    if not suit_part:
        raise CardError(
            _("{where}: the suit is missing; did you mean {cards}?").format(
                where=_where(raw, position), cards=_suggest_suits(rank)
            ),
            code="no_suit",
            details={"token": raw, "position": position},
        )
    suit = _SYMBOL_SUITS.get(suit_part) or suits.get(suit_part)
    if suit is None:
        raise _unknown_suit(text, raw, position, rank, rank_part, cyrillic)
    return CARDS[suit.order * 13 + rank - 1]


def _mixed_scripts(text: str, raw: str, position: int | None) -> CardError:
    """The refusal of a code that mixes Latin and Cyrillic letters, naming the odd one."""
    for ch in text:
        if ch in _CYR_TO_LAT:
            return CardError(
                _(
                    "{where} mixes scripts: {char} is Cyrillic; type the Latin letter {latin}"
                ).format(
                    where=_where(raw, position), char=_describe(ch), latin=repr(_CYR_TO_LAT[ch])
                )
                + _maybe(text.replace(ch, _CYR_TO_LAT[ch])),
                code="mixed_scripts",
                details={"token": raw, "position": position},
            )
    odd = next(ch for ch in text if _script(ch) == "latin")
    where, char = _where(raw, position), _describe(odd)
    return CardError(
        _(
            "{where} mixes scripts: {char} is Latin in a Russian code; "
            "type the Cyrillic letter {cyrillic}"
        ).format(where=where, char=char, cyrillic=repr(_LAT_TO_CYR[odd]))
        if odd in _LAT_TO_CYR
        else _("{where} mixes scripts: {char} is Latin in a Russian code").format(
            where=where, char=char
        ),
        code="mixed_scripts",
        details={"token": raw, "position": position},
    )


def _unknown_suit(
    text: str, raw: str, position: int | None, rank: int, rank_part: str, cyrillic: bool
) -> CardError:
    """The refusal of a code whose suit is not one (a Cyrillic letter for a Latin suit)."""
    odd_suit = text[len(rank_part) :]
    if cyrillic and _CYR_TO_LAT.get(odd_suit, "").upper() in _LATIN_SUITS:
        latin = _CYR_TO_LAT[odd_suit].upper()
        return CardError(
            _("{where}: {char} is Cyrillic, not the Latin suit {latin}").format(
                where=_where(raw, position), char=_describe(odd_suit), latin=repr(latin)
            )
            + _maybe(RANK_CODES[rank - 1] + latin),
            code="mixed_scripts",
            details={"token": raw, "position": position},
        )
    suit_hint = _("п ч б т or ♠ ♥ ♦ ♣") if cyrillic else _("C D H S or ♣ ♦ ♥ ♠")
    return CardError(
        _("{where}: unknown suit {suit} (suits are {hint}); did you mean {cards}?").format(
            where=_where(raw, position),
            suit=repr(odd_suit),
            hint=suit_hint,
            cards=_suggest_suits(rank),
        ),
        code="unknown_suit",
        details={"token": raw, "position": position},
    )


def _warn_jk() -> None:
    """``Jk`` reads as the joker (DECISIONS.md): say so, as Polish ranks are written ``Wk``."""
    import warnings

    from remikcalc.base.errors import NotationWarning

    warnings.warn(NotationWarning(_("Jk is the joker; the jack of kier is Wk")), stacklevel=3)


def _maybe(candidate: str) -> str:
    try:
        return _("; did you mean {card}?").format(card=_shown(parse_card(candidate)))
    except CardError:
        return ""


def _tokens(text: str | Iterable[str]) -> list[list[str]]:
    """Split input into groups of tokens (by whitespace and commas).

    ``|`` separates groups, with or without spaces around it (``AS 2S 3S|7H 7D 7C``), except
    in a word of three or more cards joined by ``|`` alone (``AS|2S|3S``: no space, no empty
    part), which is one group: a meld typed with its cards tied together.

    >>> _tokens("AS|2S|3S 7H|7D|7C KD"), _tokens("AS 2S 3S | KD|QH")
    ([['AS', '2S', '3S'], ['7H', '7D', '7C'], ['KD']], [['AS', '2S', '3S'], ['KD'], ['QH']])
    """
    joined = unicodedata.normalize("NFKC", text if isinstance(text, str) else " ".join(text))
    groups: list[list[str]] = [[]]
    for word in joined.replace(",", " ").replace(";", " ").split():
        parts = word.split("|")
        if len(parts) >= 3 and all(parts):  # AS|2S|3S: one meld
            groups += [parts, []]
            continue
        groups[-1].append(parts[0])
        groups += [[part] for part in parts[1:]]
    return [kept for group in groups if (kept := [token for token in group if token])]


def _plain_codes() -> dict[str, Card]:
    """Every spelling of a card that :func:`parse_card` reads with nothing to normalise: a
    Latin rank (``A 2-9 T 10 J Q K``) and suit (``C D H S``) in either case, and the joker
    (``JK``, ``*``). :func:`parse_cards` looks these up in one step; a test checks that
    each entry is what :func:`parse_card` makes of it."""
    codes: dict[str, Card] = {}
    for index in range(52):
        suit = SUITS[index // 13].value
        ranks = [RANK_CODES[index % 13]] + (["10"] if index % 13 == 9 else [])
        for rank in ranks:
            for r in {rank, rank.lower()}:
                for s in (suit, suit.lower()):
                    codes[r + s] = CARDS[index]
    for word in ("JK", "jK", "jk", "*"):  # not Jk: parse_card warns that it is the joker
        codes[word] = JOKER
    return codes


PLAIN_CODES = _plain_codes()


def parse_groups(text: str | Iterable[str]) -> tuple[tuple[Card, ...], ...]:
    """Parse a hand that may be grouped with ``|``; returns the groups in input order.

    An ungrouped hand is a single group. Empty groups (``a || b``) are dropped.

    >>> parse_groups("AS 2S 3S | 7H 7D 7C | KD")
    ((Card('AS'), Card('2S'), Card('3S')), (Card('7H'), Card('7D'), Card('7C')), (Card('KD'),))
    """
    if isinstance(text, str) and "|" not in text:
        try:  # plain codes only: one lookup each (see parse_cards)
            plain = tuple(map(PLAIN_CODES.__getitem__, text.split()))
            return (plain,) if plain else ()
        except KeyError:
            pass
    groups: list[tuple[Card, ...]] = []
    position = 0
    for tokens in _tokens(text):
        group = []
        for token in tokens:
            position += 1
            group.append(parse_card(token, position))
        if group:
            groups.append(tuple(group))
    return tuple(groups)


def is_grouped(text: str | Iterable[str]) -> bool:
    """True when the input uses ``|`` (or its fullwidth form) to fix an arrangement."""
    joined = text if isinstance(text, str) else " ".join(text)
    return "|" in joined or "\uff5c" in joined


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards in any notation into a tuple, in input order (``|`` separators ignored).

    >>> parse_cards("AS 2S 3S 7H 7D 7C 9C 9D KH QS")[:3]
    (Card('AS'), Card('2S'), Card('3S'))
    """
    if isinstance(text, str):
        try:  # the common case: every token a plain code (no |, commas, other notations)
            return tuple(map(PLAIN_CODES.__getitem__, text.split()))
        except KeyError:
            pass
    return tuple(card for group in parse_groups(text) for card in group)


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical form: English codes, ``T`` for ten, ``JK`` for a joker, space-separated."""
    return " ".join(CODES[c] for c in cards)


def format_groups(groups: Iterable[Iterable[Card]]) -> str:
    """Canonical grouped form, ``|`` between groups."""
    return " | ".join(format_cards(g) for g in groups)


class _NameAsGiven(str):
    """A variant named by a plain string: each case a translation asks for (``{variant.acc}``,
    ``{variant.loc}``, ...) is the name as given. ``Rules.variant`` (a ``VariantKey`` of
    ``remikcalc.rules``, a layer above this one) declines itself and is used as it is."""

    __slots__ = ()

    @property
    def word(self) -> str:
        return str.__str__(self)

    gen = dat = acc = ins = loc = word


def _declinable(variant: str) -> str:
    """``variant`` as a message's ``{variant}``: the catalogues write ``{variant.acc}`` and the
    like, which a plain ``str`` would fail on (AttributeError instead of the CardError)."""
    return variant if hasattr(variant, "acc") else _NameAsGiven(variant)


def check_pack(
    cards: Sequence[Card] | Iterable[Card],
    *,
    decks: int,
    jokers: int,
    variant: str,
) -> None:
    """Raise :class:`CardError` if the cards could not all come from ``decks`` packs.

    Used across everything typed for one deal, so one physical card cannot be in two hands.
    ``variant`` names the game in the messages (Polish and Russian decline it after a
    preposition, so a phrase such as "this game" could not stand in its place).
    """
    if isinstance(cards, tuple | list):
        distinct = set(cards)
        if len(distinct) == len(cards) and (jokers or JOKER not in distinct):
            return  # no card twice and at most one joker: every pack allows that
    counts = Counter(cards)
    variant = _declinable(variant)
    n_jokers = counts.pop(JOKER, 0)
    if n_jokers and jokers == 0:
        raise CardError(
            _("a joker was typed, but {variant} is played without jokers").format(variant=variant),
            code="no_jokers",
            cards=(str(JOKER),),
            details={"variant": variant},
        )
    if n_jokers > jokers:
        raise CardError(
            ngettext(
                "{n} jokers typed, but the pack of {variant} has only {jokers}",
                "{n} jokers typed, but the pack of {variant} has only {jokers}",
                jokers,
            ).format(n=n_jokers, variant=variant, jokers=jokers),
            code="too_many_jokers",
            cards=(str(JOKER),),
            details={"n": n_jokers, "jokers": jokers, "variant": variant},
        )
    for card, n in sorted(counts.items()):
        if n > decks:
            message = (
                _("{card} typed {n} times, but {variant} uses one pack: each card exists only once")
                if decks == 1
                else ngettext(
                    "{card} typed {n} times, but {variant} uses {decks} pack: each card "
                    "exists only {decks} time",
                    "{card} typed {n} times, but {variant} uses {decks} packs: each card "
                    "exists only {decks} times",
                    decks,
                )
            )
            raise CardError(
                message.format(card=_shown(card), n=n, variant=variant, decks=decks),
                code="card_twice",
                cards=(str(card),),
                details={"n": n, "decks": decks, "variant": variant},
            )
