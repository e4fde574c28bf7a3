"""What is played: :mod:`~remikcalc.rules.families` (the scoring families and what differs
between them), :mod:`~remikcalc.rules.variants` (the variants, presets and aliases; ``Rules``
itself and the keys a set of rules reads are in :mod:`~remikcalc.rules.ruleset`, house rules
as typed in :mod:`~remikcalc.rules.overrides`, a variant's name in a sentence in
:mod:`~remikcalc.rules.variant_words`) and :mod:`~remikcalc.rules.dealinput` (the one
description of a deal's inputs)."""
