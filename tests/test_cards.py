"""Card notation: every spelling of docs/RULES.md §0.1 parses, prints canonically and
round-trips; the traps (``Jk`` is the joker, cards joined by ``|``) are read as meant."""

from __future__ import annotations

import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

from remikcalc.base.errors import CardError
from remikcalc.cards.notation import (
    CARDS,
    JOKER,
    Card,
    Rank,
    Suit,
    check_pack,
    format_cards,
    format_groups,
    is_grouped,
    parse_card,
    parse_cards,
    parse_groups,
)
from tests.clirun import lines, ok

RU_RANKS = {1: "Т", 11: "В", 12: "Д", 13: "К"}
RU_SUITS = {"C": "т", "D": "б", "H": "ч", "S": "п"}
PL_SUITS = {"C": "t", "D": "ka", "H": "k", "S": "p"}
SYMBOLS = {"C": "♣♧", "D": "♦♢", "H": "♥♡", "S": "♠♤"}


def spellings(card: Card) -> list[str]:
    """Every way a user may type ``card``."""
    if card.is_joker:
        return ["JK", "jk", "Joker", "*", "🃏", "ДЖ", "дж"]
    rank, suit = int(card.rank), card.suit.value
    latin_ranks = [card.rank.code]
    if rank == 10:
        latin_ranks.append("10")
    if rank == 12:
        latin_ranks.append("D")
    if rank == 11:
        latin_ranks += ["W", "B"]
    ru_ranks = [RU_RANKS.get(rank, str(rank))]
    out: list[str] = []
    for r in latin_ranks:
        for s in [suit, suit.lower(), *SYMBOLS[suit], PL_SUITS[suit]]:
            if (r + s).upper() == "JK":
                continue  # JK is always the joker: a Polish jack of kier is typed Wk or Bk
            out += [r + s, (r + s).lower()]
    for r in ru_ranks:
        for s in [RU_SUITS[suit], *SYMBOLS[suit]]:
            out += [r + s, (r + s).upper(), (r + s).lower()]
    return out


@given(st.lists(st.sampled_from(CARDS), max_size=20), st.data())
def test_every_notation_round_trips(cards: list[Card], data: st.DataObject) -> None:
    typed = [data.draw(st.sampled_from(spellings(c))) for c in cards]
    parsed = parse_cards(" ".join(typed))
    assert parsed == tuple(cards)
    assert parse_cards(format_cards(parsed)) == parsed


@given(st.lists(st.lists(st.sampled_from(CARDS), min_size=1, max_size=5), min_size=1, max_size=4))
def test_grouped_round_trip(groups: list[list[Card]]) -> None:
    text = format_groups(groups)
    assert parse_groups(text) == tuple(tuple(g) for g in groups)
    assert is_grouped(text) == (len(groups) > 1)


def test_canonical_form_is_english_with_t_for_ten() -> None:
    assert format_cards(parse_cards("10♥ Дч Wk * 9C 7h qd Тп")) == "TH QH JH JK 9C 7H QD AS"


def test_card_value_type_prints_as_code() -> None:
    card = Card.of(Rank.QUEEN, Suit.HEARTS)
    assert str(card) == "QH" and repr(card) == "Card('QH')"
    assert card.rank is Rank.QUEEN and card.suit is Suit.HEARTS
    assert JOKER.is_joker and str(JOKER) == "JK"
    with pytest.raises(ValueError):
        _ = JOKER.rank


def test_jk_is_always_the_joker() -> None:
    assert parse_card("jk") == JOKER
    assert parse_card("Wk") == parse_card("Bk") == parse_card("JH")


def test_latin_t_is_ten_and_cyrillic_t_is_ace() -> None:
    assert parse_card("TS") == parse_card("10S")
    assert parse_card("Тп") == parse_card("AS")  # Cyrillic Т: туз
    assert parse_card("Тт") == parse_card("AC")  # туз треф


def test_separators_commas_and_bars() -> None:
    assert parse_groups("AS,2S,3S|7H 7D") == (parse_cards("AS 2S 3S"), parse_cards("7H 7D"))


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("QX", "did you mean QC, QD, QH or QS?"),
        ("QС", "Cyrillic; type the Latin letter 'C'"),  # Cyrillic Es
        ("9с", "is Cyrillic, not the Latin suit 'C'; did you mean 9C?"),
        ("Дc", "Latin in a Russian code"),
        ("1C", "for a ten type 10 or T"),
        ("Q", "the suit is missing"),
        ("ZZ", "unknown rank 'Z'"),
        ("11H", "unknown rank '11'"),
    ],
)
def test_bad_tokens_are_named_with_a_fix(token: str, message: str) -> None:
    with pytest.raises(CardError) as err:
        parse_cards(f"AS 2S {token}")
    assert f"card 3 {token!r}" in str(err.value)
    assert message in str(err.value)


def test_pack_limits() -> None:
    check_pack(parse_cards("9C 9C"), decks=2, jokers=0, variant="bridge")
    with pytest.raises(CardError, match="9C typed 2 times, but gin uses one pack"):
        check_pack(parse_cards("9C 7H 9C"), decks=1, jokers=0, variant="gin")
    with pytest.raises(CardError, match="5 jokers typed, but the pack of bridge has only 4"):
        check_pack(parse_cards("JK * JK JK JK"), decks=2, jokers=4, variant="bridge")
    with pytest.raises(CardError, match="played without jokers"):
        check_pack(parse_cards("JK 9C"), decks=1, jokers=0, variant="gin")
    with pytest.raises(CardError, match="AS typed 5 times"):
        check_pack(parse_cards("AS AS AS AS AS"), decks=4, jokers=4, variant="continental")


# --- fullwidth forms, as phone keyboards in CJK modes type them (issue 26) ---------------------


def fullwidth(text: str) -> str:
    """``text`` with every ASCII letter, digit and sign in its fullwidth form (U+FF01...)."""
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


@given(st.lists(st.sampled_from(CARDS), max_size=20), st.data())
def test_fullwidth_digits_and_letters_read_as_their_ascii_forms(
    cards: list[Card], data: st.DataObject
) -> None:
    typed = [fullwidth(data.draw(st.sampled_from(spellings(c)))) for c in cards]
    assert parse_cards(" ".join(typed)) == tuple(cards)


def test_a_hand_typed_in_a_cjk_mode() -> None:
    # fullwidth ranks and suit letters, ideographic spaces, a fullwidth comma and bar
    typed = "１０♥\u3000７♣　Ｑ♠，ＡＳ ２Ｓ ３Ｓ ｜ ｋｄ"
    assert format_cards(parse_cards(typed)) == "TH 7C QS AS 2S 3S KD"
    assert format_groups(parse_groups(typed)) == "TH 7C QS AS 2S 3S | KD"
    assert is_grouped(typed)
    assert parse_card("１０♥") == parse_card("10♥") and parse_card("Ｔｐ") == parse_card("Tp")


# --- Jk and cards joined by bars ------------------------------------------------------------------


# from issue 18, corrections and input at the table: the card traps
@pytest.mark.parametrize(
    ("lang", "warning"),
    [
        ("en", "warning: Jk is the joker; the jack of kier is Wk"),
        ("pl", "uwaga: Jk to joker; walet kier to Wk"),
        ("ru", "предупреждение: Jk — это джокер; червовый валет пишется Wk (Вч)"),
    ],
)
def test_jk_reads_as_the_joker_with_a_warning_on_stderr(lang: str, warning: str) -> None:
    result = ok("--lang", lang, "hand", "-v", "bridge", "Jk 9S 10S", "--format", "json")
    assert lines(result.stderr) == [warning]
    assert '"melds"' in result.stdout
    result = ok("hand", "-v", "bridge", "JK 9S 10S")
    assert result.stderr == ""


# from issue 18, corrections and input at the table: the card traps
def test_the_library_warns_of_jk() -> None:
    from remikcalc.base.errors import NotationWarning
    from remikcalc.cards.notation import JOKER, parse_cards

    with pytest.warns(NotationWarning, match="Jk is the joker; the jack of kier is Wk"):
        assert parse_cards("Jk 9S") == (JOKER, parse_cards("9S")[0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parse_cards("JK jk Wk 9S")


# from issue 18, corrections and input at the table: the card traps
def test_cards_joined_by_bars_are_one_meld() -> None:
    from remikcalc.cards.notation import parse_cards, parse_groups

    assert parse_groups("AS|2S|3S") == (parse_cards("AS 2S 3S"),)
    assert parse_groups("AS|2S|3S 7H|7D|7C KD 4C") == (
        parse_cards("AS 2S 3S"),
        parse_cards("7H 7D 7C"),
        parse_cards("KD 4C"),
    )
    assert parse_groups("AS 2S 3S|7H 7D 7C") == (parse_cards("AS 2S 3S"), parse_cards("7H 7D 7C"))
    result = ok("hand", "AS|2S|3S 7H|7D|7C KD 4C 9H")
    assert "Melds:    7C 7D 7H | AS 2S 3S\nDeadwood: 4C KD 9H\nPoints:   23" in result.output
