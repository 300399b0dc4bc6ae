"""The door's task family: the tasks (their words, captions and which a campaign can be built of), the formats of
answers, attention items and the marking of error spans."""

from __future__ import annotations

from ..tasks import answer_formats, attention, buildable, captions, task, texts
from ..tasks.error_spans import Marking

__all__ = ["Marking", "answer_formats", "attention", "buildable", "captions", "task", "texts"]
