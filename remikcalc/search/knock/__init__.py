"""The knock games' searches: the knocker's least-deadwood arrangements (``knocker``) and the
defender's lay-offs (``layoff``); what both share, the memo per rule set and the step budget,
is private to this package (``_shared``)."""

from remikcalc.search.knock._shared import KNOCKER_STEP_LIMIT, Budget, count

__all__ = ["KNOCKER_STEP_LIMIT", "Budget", "count"]
