"""The hands the tests deal more than once, each named here once: the cards as typed (ranks 2-9,
T, J, Q, K, A; suits C, D, H, S; ``JK`` a joker; ``|`` between groups), with what the hand is
and what it counts.

Counts, unless a line says otherwise: ace 1, pips their number, ten and courts 10; in remik
bridge a joker 20. The ``NAME=`` forms are hands typed for the command line (``round``, ``add``).
A hand that one module alone deals stays in that module, beside its arithmetic.
"""

from __future__ import annotations

# --- gin: the sheets' usual deal -----------------------------------------------------------

#: Anna knocks with 2: 9C 9D 9H | 5S 6S 7S | KD KH KS, 2C loose
GIN_KNOCK_ANNA = "9C 9D 9H 5S 6S 7S KD KH KS 2C"
#: Boris with no meld: 1 + 2 + 3 + 4 + 5 + 8 + 8 + 10 + 10 + 10 = 61; he lays nothing off on
#: Anna's knock, and she scores 61 − 2 = 59
GIN_DEFENCE_BORIS = "AS 2S 3H 4D 5D 8C 8D JC QC TD"
#: Boris with A-2-3S, the rest loose: 4 + 5 + 8 + 8 + 10 + 10 + 10 = 55; Anna scores 53
GIN_DEFENCE_BORIS_RUN = "AS 2S 3S 4D 5D 8C 8D JC QC TD"
GIN_ANNA = f"Anna={GIN_KNOCK_ANNA}"
GIN_BORIS = f"Boris={GIN_DEFENCE_BORIS}"
GIN_BORIS_RUN = f"Boris={GIN_DEFENCE_BORIS_RUN}"

# --- gin and oklahoma: the knock, gin, big gin, the undercut -------------------------------

#: the deal of seeds/002: Anna knocks with 1, QH QD QC | 6S 7S 8S | 2D 3D 4D, AC loose
SEED_KNOCKER = "QH QD QC 6S 7S 8S 2D 3D 4D AC"
#: Boris against it lays QS off on the queens and 9S TS on 6-7-8S: 5H 5C 9H JC KD 2C 3C = 44
SEED_DEFENDER = "QS 9S TS 5H 5C 9H JC KD 2C 3C"
#: the seed's knocker with a joker for AC (gin is played without jokers)
SEED_KNOCKER_JOKER = "QH QD QC 6S 7S 8S 2D 3D 4D JK"
#: the seed's defender a card short: nine cards
SEED_DEFENDER_SHORT = "QS 9S TS 5H 5C 9H JC KD 2C"
#: gin: 2-3-4H, three nines, four kings; all ten melded
GIN_ALL_MELDED = "2H 3H 4H 9C 9D 9S KC KD KH KS"
#: Boris against that gin, no meld: 5 + 9 + 10 + 10 + 7 + 6 + 3 + 1 + 2 + 4 = 57 (nothing is
#: laid off against gin)
GIN_DEFENCE_57 = "5H 9H QS QD 7C 6D 3S AS 2D 4C"
#: big gin: 2-3-4-5H, three nines, four kings; all eleven melded
BIG_GIN = "2H 3H 4H 5H 9C 9D 9S KC KD KH KS"
#: Boris against big gin, no meld: 8 + 9 + 10 + 10 + 7 + 6 + 3 + 1 + 2 + 4 = 60
BIG_GIN_DEFENCE = "8C 9H QS QD 7C 6D 3S AS 2D 4C"
#: Anna knocks with 8: 2-3-4H, three nines, three kings, 8D loose
UNDERCUT_KNOCKER = "2H 3H 4H 9C 9D 9S KC KD KH 8D"
#: Boris against it: 5-6-7S, three jacks, three tens, 8C loose: 8, a tie with the knock
UNDERCUT_TIE = "5S 6S 7S JH JD JS TH TS TD 8C"
#: the same with 4C loose: 4, an undercut
UNDERCUT_BY_FOUR = "5S 6S 7S JH JD JS TH TS TD 4C"
#: 2-3-4H, three nines; KC KD 4D JH loose: 34, over any knock limit
OVER_THE_KNOCK_LIMIT = "2H 3H 4H 9C 9D 9S KC KD 4D JH"
#: two arrangements leave the same count: 3-4-5-6H and three sixes, or 3-4-5H and four sixes;
#: AC AD 2D = 4 loose either way
TWIN_KNOCKER = "3H 4H 5H 6H 6D 6C 6S AC AD 2D"

# --- hand: what a hand melds --------------------------------------------------------------------

#: gin: A-2-3S, three sevens; 9C 9D KH QS loose = 38
HAND_38 = "AS 2S 3S 7H 7D 7C 9C 9D KH QS"
#: the same and a drawn JD: eleven cards, QS the best discard; 9C 9D JD KH = 38 kept
HAND_38_DRAWN = "AS 2S 3S 7H 7D 7C 9C 9D KH QS JD"
#: ten spades in a row, A to 10: one run
SPADES_ACE_TO_TEN = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS"
#: A-5 of spades and A-5 of hearts: two runs, or sets of the low ranks
ACE_TO_FIVE_TWICE = "AS 2S 3S 4S 5S AH 2H 3H 4H 5H"
#: 42 cards of 8 packs, 4 of them jokers (rummy 500, hand_size 20): past the search's step
#: limit
PAST_THE_STEP_LIMIT = (
    "3C 5C 7C 7C 7C 9C TC AD 4D 4D 6D 7D 7D 9D TD TD QD KD AH 2H 5H 5H 6H 7H 7H 9H TH QH KH"
    " AS 5S 7S 8S TS TS QS KS KS JK JK JK JK"
)

# --- remik bridge (a joker counts 20) ----------------------------------------------------------

#: no meld: 8 + 5 + 7 + 3 + 8 + 6 + 2 + 4 + 9 + 10 = 62
BRIDGE_NO_MELD_62 = "8H 5S 7S 3C 8C 6D 2D 4D 9H TS"
#: no two cards a joker could join into a meld: 20 + 2 + 6 + 9 + 5 + 10 + 3 + 10 + 7 + 10 = 82
BRIDGE_NO_MELD_82 = "JK 2C 6C 9C 5D QD 3H TH 7S KS"
#: no meld: 70
BRIDGE_NO_MELD_70 = "KH QD 5C 8S 4D 6H JS TD 3H 4C"
#: a full colour: 2H to TH and a joker, one run of ten hearts
BRIDGE_FULL_COLOUR = "2H 3H 4H 5H 6H 7H 8H 9H TH JK"
#: a knock with 4: 2-7H, three nines, 4C loose
BRIDGE_KNOCK_4 = "2H 3H 4H 5H 6H 7H 9C 9D 9S 4C"
#: a knock with 4: 5-6-7H, three nines, J-Q-KD, 4C loose
BRIDGE_KNOCK_4_COURTS = "5H 6H 7H 9C 9D 9S QD KD JD 4C"
#: a knock with 2: A-2-3S, three sevens, three nines, 2C loose
BRIDGE_KNOCK_2 = "AS 2S 3S 7H 7D 7C 9C 9D 9H 2C"
#: a remik: A-2-3-4S, three sevens, three nines; all ten melded
BRIDGE_REMIK = "AS 2S 3S 4S 7H 7D 7C 9C 9D 9H"
#: a remik with a joker: JK 8S 9S TS, three fours, three queens
BRIDGE_REMIK_JOKER = "JK 8S 9S TS 4C 4S 4H QC QH QS"
#: TC TH TS and 2-3-4-5S; KC 8D 5D = 23 loose
BRIDGE_LOSER_23 = "2S 3S 4S 5S TC TH TS KC 8D 5D"
#: A-2-3H, three sevens; 8C 4D 2C AC = 15 loose
BRIDGE_LOSER_15 = "AH 2H 3H 7S 7C 7D 8C 4D 2C AC"
#: 2-3-4D, three kings; AS 3C 6H 2C = 12 loose
BRIDGE_LOSER_12 = "2D 3D 4D KC KH KS AS 3C 6H 2C"
#: 5-6-7D, three jacks; TH 9C 8H 3S = 30 loose
BRIDGE_LOSER_30 = "5D 6D 7D JH JD JC TH 9C 8H 3S"
#: T-J-Q-KC; 5H 6H 7S 8D 2D 3D = 31 loose
BRIDGE_LOSER_31 = "5H 6H 7S 8D TC JC QC KC 2D 3D"
#: ten diamonds in a row, 2 to J
DIAMONDS_TWO_TO_JACK = "2D 3D 4D 5D 6D 7D 8D 9D TD JD"

# --- the going-out games ------------------------------------------------------------------------

#: remibrydż (the seeds' opening): three eights and 7-8-9-10S with the joker as JS open for
#: 24 + 44 = 68, AD 2D left over; typed in groups with the joker as 3D after AD 2D, 64
REMIBRYDZ_OPENING = "AD 2D JK 8D 8C 8H 7S 8S 9S TS"
#: fifteen cards: one more than a remibrydż hand holds with its draw (14)
FIFTEEN_CARDS = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D"
#: rummy 500, what Anna melded: A-2-3H (6), Q-K-AS (35, the ace high 15), 7C laid off (7)
RUMMY500_MELDED = "AH 2H 3H | QS KS AS | 7C"
#: continental: fifteen cards in runs (A-4H, 6-9C, T-KD, 2-4S), but another player went out
CONTINENTAL_IN_RUNS = "AH 2H 3H 4H 6C 7C 8C 9C TD JD QD KD 2S 3S 4S"
#: continental, deuces wild (bicycle): 9-KS, 3-4-5D with the wild 2C, 6-7-8C, 4-5H with the
#: joker
CONTINENTAL_WILD = "9S TS JS QS KS | 3D 4D 5D 2C | 6C 7C 8C | JK 4H 5H"
