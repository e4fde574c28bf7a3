"""Two bugs the mutation round of issue 20 found on its way (tools/README.md), each fixed with
the input that showed it."""

from __future__ import annotations

from tests.clirun import run


def test_a_gap_below_an_ace_high_is_named_as_the_card_missing() -> None:
    # ace_runs=high: J-K-A of hearts misses the queen (the ace sits above the king); the
    # refusal named 2H, 3H, 4H, counting up from an ace low
    done = run("hand", "-v", "gin", "--rule", "ace_runs=high", "JH AH KH | 2C 3D 5S")
    assert done.exit_code == 1
    assert "missing QH, and no joker to fill the gap" in done.output
    low = run("hand", "-v", "gin", "AH 2H 4H | 2C 3D 5S")
    assert "missing 3H, and no joker to fill the gap" in low.output


def test_a_bridge_hand_of_jokers_only_claiming_a_full_colour_is_one_line() -> None:
    # ten jokers name no suit: the claim is refused in one line (it was an IndexError)
    done = run(
        "round",
        "bridge",
        "--rule",
        "jokers=10",
        "--closer",
        "Anna",
        "--how",
        "full_colour",
        "Anna=" + " ".join(["JK"] * 10),
        "Boris=2C 3C 4C 5C 6C 7C 8C 9C TC JC",
        "Carl=2D 3D 4D 5D 6D 7D 8D 9D TD JD",
    )
    assert done.exit_code == 1
    assert done.output.splitlines() == [
        "Error: Anna claims a full colour, but the hand does not show it"
    ]
