"""The door's speaker family: a speaker's review session (its outcomes and steps), an answer recorded by a script,
what is shown of an item, campaigns made and joined, practice, paper forms, the roster."""

from __future__ import annotations

from ..rating import campaigns, paper, practice, roster, sequence
from ..rating.session import Outcome, ReviewSession, Step, What, record_answer
from ..rating.shown import shown_item

__all__ = ["Outcome", "ReviewSession", "Step", "What", "campaigns", "paper", "practice", "record_answer", "roster",
           "sequence", "shown_item"]
