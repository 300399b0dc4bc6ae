"""Task A: adequacy and fluency (1–5 each), of segments chosen across difficulty and score."""

from __future__ import annotations

from .base import Task


class Adequacy(Task):
    code = "A"
    human_scores = {"adequacy": "adequacy", "fluency": "fluency"}
    default_human = "adequacy_z"
