"""The hands the tests deal, each named once: the cards as typed (``ranks`` 2-9, T, J, Q, K,
A; ``suits`` C, D, H, S; ``JK`` a joker), with what the hand is and what it counts.

Counts: ace 1, pips their number, ten and courts 10 (gin, bridge), a joker 20 (bridge); a
test that counts otherwise says so beside its own numbers. ``NAME=`` forms are the hands
typed for the command line (``round``, ``add``).
"""

from __future__ import annotations

# --- gin: Anna knocks, Boris defends (the sheets' usual deal) ------------------------------

#: Anna knocks with 2: 9C 9D 9H | 5S 6S 7S | KD KH KS, 2C loose
GIN_KNOCK_ANNA = "9C 9D 9H 5S 6S 7S KD KH KS 2C"
#: Boris with no meld: 1 + 2 + 3 + 4 + 5 + 8 + 8 + 10 + 10 + 10 = 61; after Anna's knock
#: he lays off nothing, and Anna scores 61 − 2 = 59
GIN_DEFENCE_BORIS = "AS 2S 3H 4D 5D 8C 8D JC QC TD"
#: Boris with A-2-3S, the rest loose: 4 + 5 + 8 + 8 + 10 + 10 + 10 = 55; Anna scores 53
GIN_DEFENCE_BORIS_RUN = "AS 2S 3S 4D 5D 8C 8D JC QC TD"
GIN_ANNA = f"Anna={GIN_KNOCK_ANNA}"
GIN_BORIS = f"Boris={GIN_DEFENCE_BORIS}"
GIN_BORIS_RUN = f"Boris={GIN_DEFENCE_BORIS_RUN}"
