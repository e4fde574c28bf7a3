"""Outcomes in words: each deal is headed by what happened (who knocked, undercut whom, went
out, closed with which closing, or that the stock ran out) in ``round``, ``add``, ``show`` and
``undo``; and ``--how`` takes an outcome in the words of the language (and of the table: a
Polish "remis" is a stock-out), only the variant's own, with a did-you-mean for a typo."""

from __future__ import annotations

from pathlib import Path

import pytest

from remikcalc.sheet import load_sheet
from tests.clirun import lines, ok, run
from tests.hands import (
    BRIDGE_KNOCK_4_COURTS,
    BRIDGE_LOSER_12,
    BRIDGE_LOSER_15,
    BRIDGE_LOSER_23,
    BRIDGE_LOSER_30,
    BRIDGE_REMIK_JOKER,
    CONTINENTAL_IN_RUNS,
    GIN_ALL_MELDED,
    GIN_ANNA,
    GIN_BORIS,
    GIN_DEFENCE_57,
)

# --- each deal headed by what happened ------------------------------------------------------------


def headline(*args: str) -> str:
    return ok("round", *args).stdout.splitlines()[0]


# from issue 12, item 5: words that tell the truth
@pytest.mark.columns(200)
def test_an_undercut_is_headed_by_who_undercut_whom(tmp_path: Path) -> None:
    # Gin, bicycle preset (undercut bonus 10). Anna knocks with TS = 10. Boris: KKKK, 6-7-8C,
    # lays QH off on 9-T-JH and 4D on A-2-3D; 2S stays: 2 < 10, so Boris undercuts Anna:
    # 10 - 2 + 10 = 18 to Boris.
    path = tmp_path / "g.yaml"
    ok("new", str(path), "-v", "gin", "--preset", "bicycle", "--players", "Anna,Boris")
    out = ok(
        "add",
        str(path),
        "--closer",
        "Anna",
        "Anna=AD 2D 3D 5S 5C 5H 9H TH JH TS",
        "Boris=KC KS KH KD 6C 7C 8C QH 4D 2S",
    ).stdout
    assert out == (
        "Deal 1: Boris undercuts Anna; Boris wins the deal\n"
        "\n"
        "player    melds                           unmatched    laid off                        count    score\n"  # noqa: E501
        "--------  ------------------------------  -----------  ------------------------------  -------  -------\n"  # noqa: E501
        "Anna      5C 5H 5S | AD 2D 3D | 9H TH JH  TS           -                               10       0\n"  # noqa: E501
        "Boris     6C 7C 8C | KC KD KH KS          2S           4D on AD 2D 3D; QH on 9H TH JH  2        18\n"  # noqa: E501
        "\n"
        "Why:\n"
        "  - Boris laid off 4D on AD 2D 3D\n"
        "  - Boris laid off QH on 9H TH JH\n"
        "  - undercut: Boris has 2, Anna knocked with 10; Boris scores 10 - 2 + 10 bonus = 18\n"
        "\n"
        "Totals: Anna 0, Boris 18\n"
        "Points left to reach 100: Anna 100, Boris 82\n"
        "Next to deal: Boris\n"  # in gin the winner of a deal deals the next
    )
    assert "1    Boris undercuts Anna  Boris +18  0       18\n" in ok("show", str(path)).stdout


# from issue 12, item 5: words that tell the truth
@pytest.mark.columns(200)
@pytest.mark.parametrize(
    ("args", "first_line"),
    [
        # gin: 2-3-4H, 999, KKKK: all ten melded
        (
            [
                "gin",
                "--closer",
                "Anna",
                f"Anna={GIN_ALL_MELDED}",
                f"Boris={GIN_DEFENCE_57}",
            ],
            "gin: Anna went gin; Anna wins the deal",
        ),
        (
            [
                "gin",
                "--preset",
                "modern",
                "--closer",
                "Anna",
                "--how",
                "big_gin",
                "Anna=AC 2C 3C 4C 8D 8H 8S TH JH QH KH",
                "Boris=5S 6S 7S 2D 2H 2S KC 9C 4D AD",
            ],
            "gin: Anna went big gin; Anna wins the deal",
        ),
        (["gin", "--draw", "--players", "Anna,Boris"], "gin: draw: nobody scores"),
        # bridge: Carl's JK 8-9-TS, 444, QQQ is a remik; Anna's knock leaves 4C
        (
            [
                "bridge",
                "--closer",
                "Carl",
                f"Carl={BRIDGE_REMIK_JOKER}",
                f"Anna={BRIDGE_LOSER_12}",
                f"Boris={BRIDGE_LOSER_30}",
            ],
            "bridge: Carl closed with a remik; Carl wins the deal",
        ),
        (
            [
                "bridge",
                "--closer",
                "Anna",
                f"Anna={BRIDGE_KNOCK_4_COURTS}",
                f"Boris={BRIDGE_LOSER_23}",
                f"Carl={BRIDGE_LOSER_15}",
            ],
            "bridge: Anna knocked; Anna wins the deal",
        ),
        (
            ["polish", "--closer", "Anna", "Anna=", "Boris=JK KH 5C 5D", "Carl=AS 2S 3S JK"],
            "polish: Anna went out; Anna wins the deal",
        ),
        (
            [
                "polish",
                "--closer",
                "Carl",
                "--how",
                "one_go",
                "Anna=AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2C",
                "Boris=9C",
                "Carl=",
            ],
            "polish: Carl went out in one go; Carl wins the deal",
        ),
        (
            ["remibrydz", "--closer", "Anna", "Anna=", "Boris=KC QD 2H"],
            "remibrydz: Anna went out; Anna wins the deal",
        ),
        (
            ["rummy", "--draw", "Anna=KC QD 2H", "Boris=5S 5D 9C"],
            "rummy: draw: the stock ran out, no winner",
        ),
        (
            [
                "boat",
                "--closer",
                "Valery",
                "--plus",
                "88",
                "Kirill=9C 7H 9D QD",
                "Mikhail=AH AS",
                "Nikolai=8S",
                "Valery=",
            ],
            "boat: Valery went out; Valery wins the deal",
        ),
        (
            [
                "rummy500",
                "--closer",
                "Boris",
                "--melded",
                "Anna=KS KH KD | TC JC QC | 8S 8H 8D | 3D",
                "--melded",
                "Boris=5C 6C 7C | 4D 5D 6D | AH 2H 3H",
                "Anna=KC TD TH TS JD JH JS QD QH",
                "Boris=",
            ],
            "rummy500: Boris went out; Boris wins the deal",
        ),
        (
            [
                "continental",
                "--closer",
                "Anna",
                "Anna=AC 2C 3C | 9S TS JS | 3D 4D 5D | QC KC AC | 6S 7S 8S",
                f"Boris={CONTINENTAL_IN_RUNS}",
            ],
            "continental: Anna went out; Anna wins the deal",
        ),
    ],
)
def test_every_outcome_has_a_headline_in_words(args: list[str], first_line: str) -> None:
    assert headline(*args) == first_line


# from issue 12, item 5: words that tell the truth
@pytest.mark.columns(200)
def test_a_one_go_deal_in_show_reads_as_words(tmp_path: Path) -> None:
    # Polish: Anna goes out (Boris 20 + 10 + 5 + 5 = 40, Carl 1 + 2 + 3 + 20 = 26: +66), then
    # Carl goes out in one go: Anna's 87 and Boris's 9 doubled: -174 and -18, Carl +192.
    path = tmp_path / "p.yaml"
    ok("new", str(path), "-v", "polish", "--players", "Anna,Boris,Carl")
    ok("add", str(path), "--closer", "Anna", "Boris=JK KH 5C 5D", "Carl=AS 2S 3S JK")
    ok(
        "add",
        str(path),
        "--closer",
        "Carl",
        "--how",
        "one_go",
        "Anna=AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2C",
        "Boris=9C",
    )
    assert ok("show", str(path), "--no-spark").stdout == (
        "polish: Anna, Boris, Carl\n"
        "\n"
        "#    deal                     scores                           Anna    Boris    Carl\n"
        "---  -----------------------  -------------------------------  ------  -------  ------\n"
        "1    Anna went out            Anna +66, Boris -40, Carl -26    66      -40      -26\n"
        "2    Carl went out in one go  Anna -174, Boris -18, Carl +192  -108    -58      166\n"
    )
    assert ok("undo", str(path)).stdout.splitlines()[0] == (
        f"Removed the last entry of {path} (Carl went out in one go)."
    )


# --- --how in the language's words, only the variant's outcomes -----------------------------------


# from issue 18, corrections and input at the table: --how in the language's words
def test_how_takes_the_words_of_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    ok("new", "p.yaml", "-v", "polish", "--players", "Ola,Piotr")
    ok("--lang", "pl", "add", "p.yaml", "--closer", "Ola", "--how", "Z Ręki", "Piotr=KC QD 2H")
    ok(
        "--lang",
        "ru",
        "add",
        "p.yaml",
        "--closer",
        "Ola",
        "--how",
        "за один прием",
        "Piotr=KC QD 3H",
    )
    ok("add", "p.yaml", "--closer", "Ola", "--how", "out-in-one-go", "Piotr=KC QD 4H")
    assert {e.how for e in load_sheet("p.yaml").entries} == {"one_go"}  # type: ignore[union-attr]


# from issue 18, corrections and input at the table: --how in the language's words
def test_round_takes_the_words_its_help_lists() -> None:
    # what a Polish table says for a stock-out ("remis", "stos") is understood, never said back
    drawn = "remik tradycyjny: koniec stosu, nikt nie wygrywa"
    for word in ("wyczerpanie stosu", "Remis", "stos"):
        out = ok("--lang", "pl", "round", "rummy", "--how", word, "Anna=2C", "Boris=KS KH 9C")
        assert out.output.splitlines()[0] == drawn
    hands = ("Anna=", "Boris=KS KH 9C")
    one_go = ok("--lang", "pl", "round", "polish", "--closer", "Anna", "--how", "Z ręki", *hands)
    assert one_go.output.splitlines()[0] == "remik polski: Anna zamyka z ręki; wygrywa Anna"


# from issue 18, corrections and input at the table: --how in the language's words
@pytest.mark.parametrize(
    ("lang", "typed", "error"),
    [
        (
            "en",
            "Big-Gn",
            "Error: unknown outcome 'Big-Gn'; outcomes: knock, gin, big gin, undercut, out, "
            "out in one go, remik, colour, figures, full colour, draw; did you mean big gin?",
        ),
        (
            "pl",
            "duzy gin",
            "Błąd: nieznany wynik rozdania 'duzy gin'; możliwe: pukanie, gin, duży gin, "
            "podcięcie, zamknięcie, z ręki, remik, kolor, figury, pełny kolor, wyczerpanie "
            "stosu; czy chodziło o duży gin?",
        ),
    ],
)
def test_an_unknown_outcome_word(gin_here: Path, lang: str, typed: str, error: str) -> None:
    result = run("--lang", lang, "add", "g.yaml", "--closer", "Anna", "--how", typed, GIN_ANNA)
    assert result.exit_code == 1 and lines(result.output) == [error]


# from issue 18, corrections and input at the table: --how in the language's words
def test_how_lists_only_the_variant_s_outcomes(gin_here: Path) -> None:
    result = run("add", "g.yaml", "--closer", "Anna", "--how", "remik", GIN_ANNA, GIN_BORIS)
    assert lines(result.output) == [
        "Error: gin has no outcome remik; its outcomes: knock, gin, big_gin, undercut, draw",
        "g.yaml is unchanged.",
    ]
    result = run(
        "--lang", "pl", "add", "g.yaml", "--closer", "Anna", "--how", "remik", GIN_ANNA, GIN_BORIS
    )
    assert lines(result.output)[0] == (
        "Błąd: w ginie nie ma zamknięcia remik; możliwe zamknięcia: knock, gin, big_gin, "
        "undercut, draw"
    )


# from issue 18, corrections and input at the table: --how in the language's words
@pytest.mark.parametrize(
    ("lang", "part"),
    [
        (
            "en",
            "gin, oklahoma: knock, gin, big gin, undercut, draw; bridge: knock, remik, "
            "colour, figures, full colour, draw",
        ),
        (
            "pl",
            "gin, oklahoma: pukanie, gin, duży gin, podcięcie, wyczerpanie stosu; remik "
            "brydżowy: pukanie, remik, kolor, figury, pełny kolor, wyczerpanie stosu",
        ),
    ],
)
def test_how_s_help_lists_each_variant_s_outcomes(
    monkeypatch: pytest.MonkeyPatch, lang: str, part: str
) -> None:
    monkeypatch.setenv("COLUMNS", "2000")
    text = " ".join(ok("--lang", lang, "round", "--help").output.split())
    assert part in text


# from issue 18, corrections and input at the table: --how in the language's words
def test_every_family_names_its_outcomes() -> None:
    from remikcalc.rules.families import OUTCOMES, REGISTRY

    for spec in REGISTRY.values():
        assert set(spec.outcomes) <= set(OUTCOMES)
        assert ("draw" in spec.outcomes) == spec.draw_allowed
    every = {code for spec in REGISTRY.values() for code in spec.outcomes}
    assert every == set(OUTCOMES)


# from issue 18, corrections and input at the table: --how in the language's words
def test_a_sheet_with_another_family_s_outcome_does_not_load(gin_here: Path) -> None:
    gin_here.write_text(
        gin_here.read_text() + "- closer: Anna\n  how: one_go\n  scores: {Anna: 5}\n"
    )
    result = run("show", "g.yaml")
    assert result.exit_code == 1 and "gin has no outcome one_go" in result.output
