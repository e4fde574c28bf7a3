"""What is played: :mod:`~remikcalc.rules.families` (the scoring families and what differs
between them), :mod:`~remikcalc.rules.variants` (``Rules``, the variants, presets and aliases)
and :mod:`~remikcalc.rules.dealinput` (the one description of a deal's inputs)."""
