"""The bottom layer: what every other layer leans on and that knows nothing of cards.

- :mod:`~remikcalc.base.errors`: the error types (``RemikcalcError`` and its kinds);
- :mod:`~remikcalc.base.money`: exact amounts, rounding to a currency, fewest transfers;
- :mod:`~remikcalc.base.i18n`: the language spoken (per thread and per request), ``_`` and
  ``ngettext``; :mod:`~remikcalc.base.pofile` reads a ``.po`` catalogue in a source tree and
  :mod:`~remikcalc.base.i18n_tools` (with polib) keeps the catalogues complete;
- :mod:`~remikcalc.base.numtext`: numbers and money written for people, in their language;
- :mod:`~remikcalc.base.gcpause`: the cyclic garbage collector paused while a large structure
  is built (a sheet read or replayed).
"""
