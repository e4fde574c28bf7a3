"""The general meld search (jokers, wild deuces, several packs, the pair rule): the search
itself (``arrange``) and its meld-core tables, private to this package (``_cores``)."""
