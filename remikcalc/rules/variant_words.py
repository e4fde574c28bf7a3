"""How sentences for people name a variant: its word in the language spoken
(:data:`VARIANT_WORDS`, :func:`variant_word`) and, for Polish and Russian, its name in each
grammatical case (:data:`VARIANT_CASES`), held by :class:`VariantKey`, the variant key that
``Rules.variant`` is.
"""

from __future__ import annotations

from typing import Any

from remikcalc.base.i18n import N_, _

__all__ = [
    "PRESET_WORDS",
    "VARIANT_CASES",
    "VARIANT_WORDS",
    "VariantKey",
    "preset_words",
    "variant_word",
]


#: how a heading or a sentence for people names a variant: in English its key (what ``-v``
#: takes and a sheet stores), in Polish and Russian the players' own name for the game
VARIANT_WORDS: dict[str, str] = {
    "gin": N_("gin"),
    "oklahoma": N_("oklahoma"),
    "bridge": N_("bridge"),
    "rummy": N_("rummy"),
    "boat": N_("boat"),
    "rummy500": N_("rummy500"),
    "polish": N_("polish"),
    "continental": N_("continental"),
    "remibrydz": N_("remibrydz"),
}


def variant_word(key: str) -> str:
    """The variant ``key`` named for people in the language spoken (:data:`VARIANT_WORDS`)."""
    return _(VARIANT_WORDS.get(key, key))


_GIN_PRESETS = {
    "ru": (N_("Russian rules"), N_("gin 25, undercut 25, box 25")),
    "pagat": (
        N_("pagat.com"),
        N_("gin 20, undercut 10, box 20; a shutout doubles the game bonus"),
    ),
    "modern": (
        N_("modern"),
        N_("gin 25, big gin 31, undercut 25, box 25; a shutout doubles the score"),
    ),
    "bicycle": (N_("Bicycle"), N_("gin 20, undercut 10, box 20; no shutout bonus")),
}

#: each preset named for people (a house's choice on a phone), with what it changes in a
#: few words: (variant, preset) -> (name, what it changes); a preset without words is named
#: by its key (what ``--preset`` takes and a sheet stores)
PRESET_WORDS: dict[tuple[str, str], tuple[str, str]] = {
    **{("gin", k): v for k, v in _GIN_PRESETS.items()},
    **{("oklahoma", k): v for k, v in _GIN_PRESETS.items()},
    ("continental", "seed"): (N_("the source's rules"), N_("1 a card left, 2 a joker")),
    ("continental", "bicycle"): (N_("Bicycle"), N_("paid in chips; deuces are wild")),
    ("remibrydz", "small"): (N_("small pack"), N_("52 cards and 3 jokers")),
    ("remibrydz", "no_minimum"): (N_("no minimum"), N_("any meld opens, no 30 needed")),
    ("remibrydz", "no_jokers"): (N_("no jokers"), N_("natural cards only")),
    ("remibrydz", "around"): (N_("ace in the middle"), N_("runs may go round: K-A-2")),
}


def preset_words(variant: str, preset: str) -> tuple[str, str]:
    """The preset of the variant named for people, and what it changes, in the language
    spoken (:data:`PRESET_WORDS`; the key and nothing, for a preset without words).

    >>> preset_words("remibrydz", "no_minimum")
    ('no minimum', 'any meld opens, no 30 needed')
    """
    found = PRESET_WORDS.get((variant, preset))
    if found is None:
        return preset, ""
    return _(found[0]), _(found[1])


#: the name of each variant in the cases a Polish or Russian sentence puts it in, beside
#: :data:`VARIANT_WORDS` (the nominative): ``gen`` (genitive: "w talii remika polskiego",
#: "в колоде ремик-бриджа"), ``dat``, ``acc`` (accusative: "gra się w gina", "в лодочный рамми
#: играют"), ``ins`` (instrumental) and ``loc`` (locative / prepositional: "w remiku polskim",
#: "в ремик-бридже"). English has no cases: every form is the key.
VARIANT_CASES: dict[str, dict[str, dict[str, str]]] = {
    "pl": {
        "gin": dict(gen="gina", dat="ginowi", acc="gina", ins="ginem", loc="ginie"),
        "oklahoma": dict(
            gen="oklahomy", dat="oklahomie", acc="oklahomę", ins="oklahomą", loc="oklahomie"
        ),
        "bridge": dict(
            gen="remika brydżowego",
            dat="remikowi brydżowemu",
            acc="remika brydżowego",
            ins="remikiem brydżowym",
            loc="remiku brydżowym",
        ),
        "rummy": dict(
            gen="remika tradycyjnego",
            dat="remikowi tradycyjnemu",
            acc="remika tradycyjnego",
            ins="remikiem tradycyjnym",
            loc="remiku tradycyjnym",
        ),
        "boat": dict(gen="łódki", dat="łódce", acc="łódkę", ins="łódką", loc="łódce"),
        "rummy500": dict(
            gen="remika 500",
            dat="remikowi 500",
            acc="remika 500",
            ins="remikiem 500",
            loc="remiku 500",
        ),
        "polish": dict(
            gen="remika polskiego",
            dat="remikowi polskiemu",
            acc="remika polskiego",
            ins="remikiem polskim",
            loc="remiku polskim",
        ),
        "continental": dict(
            gen="remika kontynentalnego",
            dat="remikowi kontynentalnemu",
            acc="remika kontynentalnego",
            ins="remikiem kontynentalnym",
            loc="remiku kontynentalnym",
        ),
        "remibrydz": dict(
            gen="remibrydża",
            dat="remibrydżowi",
            acc="remibrydża",
            ins="remibrydżem",
            loc="remibrydżu",
        ),
    },
    "ru": {
        "gin": dict(gen="джина", dat="джину", acc="джин", ins="джином", loc="джине"),
        "oklahoma": dict(
            gen="оклахомы", dat="оклахоме", acc="оклахому", ins="оклахомой", loc="оклахоме"
        ),
        "bridge": dict(
            gen="ремик-бриджа",
            dat="ремик-бриджу",
            acc="ремик-бридж",
            ins="ремик-бриджем",
            loc="ремик-бридже",
        ),
        "rummy": dict(gen="рамми", dat="рамми", acc="рамми", ins="рамми", loc="рамми"),
        "boat": dict(
            gen="лодочного рамми",
            dat="лодочному рамми",
            acc="лодочный рамми",
            ins="лодочным рамми",
            loc="лодочном рамми",
        ),
        "rummy500": dict(
            gen="ремика 500", dat="ремику 500", acc="ремик 500", ins="ремиком 500", loc="ремике 500"
        ),
        "polish": dict(
            gen="польского ремика",
            dat="польскому ремику",
            acc="польский ремик",
            ins="польским ремиком",
            loc="польском ремике",
        ),
        "continental": dict(
            gen="континентального рамми",
            dat="континентальному рамми",
            acc="континентальный рамми",
            ins="континентальным рамми",
            loc="континентальном рамми",
        ),
        "remibrydz": dict(
            gen="ремибриджа", dat="ремибриджу", acc="ремибридж", ins="ремибриджем", loc="ремибридже"
        ),
    },
}


class VariantKey(str):
    """A variant's key (``polish``: what ``-v`` takes, JSON and sheets write, and what English
    sentences say) that also names the variant for people in the case a Polish or Russian
    sentence needs: a translation writes ``{variant.loc}`` ("w remiku polskim", "в польском
    ремике"), ``{variant.gen}``, ``{variant.acc}``, ``{variant.dat}``, ``{variant.ins}`` or
    ``{variant.word}`` (the nominative) where the message has ``{variant}``. ``Rules.variant``
    is one, so every message given ``variant=rules.variant`` can be declined in its
    translation.

    >>> from remikcalc.base.i18n import in_language
    >>> key = VariantKey("polish")
    >>> with in_language("pl"):
    ...     "w {variant.loc}, gra w {variant.acc}".format(variant=key)
    'w remiku polskim, gra w remika polskiego'
    >>> key == "polish", "{variant.loc}".format(variant=key)
    (True, 'polish')
    """

    __slots__ = ()

    def _case(self, case: str) -> str:
        from remikcalc.base.i18n import current

        forms = VARIANT_CASES.get(current(), {}).get(str(self))
        if forms is None:
            return variant_word(self)
        return forms[case]

    @property
    def word(self) -> str:
        return variant_word(self)

    @property
    def gen(self) -> str:
        return self._case("gen")

    @property
    def dat(self) -> str:
        return self._case("dat")

    @property
    def acc(self) -> str:
        return self._case("acc")

    @property
    def ins(self) -> str:
        return self._case("ins")

    @property
    def loc(self) -> str:
        return self._case("loc")

    def __str__(self) -> str:
        return str.__str__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (VariantKey, (str.__str__(self),))
