"""The door's words: said lines (a sentence's key and its values) in English or in the interface's language, numbers
written as the study writes them, and the study's said lines (``verdicts``: light, for the speaker's pages too)."""

from __future__ import annotations

from ..sentences import Number, english, joined_english, line, localized, written
from ..study import verdicts

__all__ = ["Number", "english", "joined_english", "line", "localized", "verdicts", "written"]
