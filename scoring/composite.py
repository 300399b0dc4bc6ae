"""Composite score, quality tiers and the cost-adjusted score (spec §4, §5, §6.3)."""

from __future__ import annotations

import math
from functools import lru_cache

from .rubric import Rubric
from .files import packaged_json

@lru_cache(maxsize=None)
def tier_table() -> dict:
    return packaged_json("scoring", "data/tiers.json")


def quality_tier(composite: float | None) -> str:
    """Spec §5.1: thresholds from the top, first match wins; ``unscored`` when the composite is null."""
    if composite is None:
        return "unscored"
    if not math.isfinite(composite):
        raise ValueError(f"composite is {composite!r}")
    for tier in tier_table()["tiers"]:
        if composite >= tier["min"]:
            return tier["name"]
    return tier_table()["tiers"][-1]["name"]


def needs_confirmation(tier: str) -> bool:
    """Deployable or above may not be claimed without speakers' confirmation (spec §5)."""
    return tier in tier_table()["needs_human_confirmation"]


def composite(values: dict[str, float | None], profile: Rubric) -> dict:
    """The §4.1 composite over the metrics present, renormalised; see :meth:`Rubric.score`."""
    return profile.score(values)


COST_ADJUSTED_NOTE = ("cost_adjusted = composite / log2(1 + cost_per_entry_usd × 1000); when that divisor "
                      "is below 1 (under $0.001 per entry) it is held at 1, so a cheap run is never "
                      "ranked above its own composite")


def cost_adjusted(composite_value: float | None, cost_per_entry_usd: float | None) -> tuple[float | None, str | None]:
    """Spec §6.3 with the divisor floored at 1. Returns (value, reason when null)."""
    if composite_value is None:
        return None, "no composite"
    if cost_per_entry_usd is None:
        return None, "no cost data in the run card"
    divisor = math.log2(1 + cost_per_entry_usd * 1000)
    return composite_value / max(1.0, divisor), None
