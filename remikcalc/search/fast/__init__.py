"""The single-pack fast path of the meld search: suit tables built once per rule set
(``build``), the melds a plan may hold (``melds``), the search over them (``tables``) and a
whole hand's arrangement (``hand``)."""
