"""Task T: is the translation usable (reject / gist / acceptable / excellent)? Its answers confirm or
refuse a run's quality tier (``review.study.tiers``)."""

from __future__ import annotations

from .base import Task


class Usability(Task):
    code = "T"
    human_scores = {"verdict": "verdict"}
    default_human = "verdict"
    verdict_question = "verdict"  # its majority confirms a tier (review/data/tier_rule.json, "confirmed_by")
