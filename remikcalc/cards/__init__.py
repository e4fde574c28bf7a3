"""Cards: :mod:`~remikcalc.cards.notation` (ranks, suits, the ``Card`` type, parsing every
notation, pack limits) and :mod:`~remikcalc.cards.text` (cards written for people in en, pl,
ru or Unicode notation)."""
