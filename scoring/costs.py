"""Token, cost and speed metrics (spec §6.1, §6.2, §7)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .runcard import RunCard

TOKEN_FIELDS = ("prompt_tokens", "completion_tokens", "reasoning_tokens", "cached_tokens")


def _run_totals(card: RunCard) -> dict[str, Any]:
    totals = card.meta.get("totals")
    return totals if isinstance(totals, dict) else {}


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def totals(card: RunCard) -> tuple[dict[str, Any], dict[str, str]]:
    """The §9 ``totals`` block and the reasons for the keys that are null."""
    entries, given, reasons = card.entries, _run_totals(card), {}
    n = len(entries)
    out: dict[str, Any] = {}
    recorded = [tokens for tokens in card.optional_values("tokens") if tokens]  # (the entries that record any)
    for key in TOKEN_FIELDS:
        per_entry = [tokens[key] for tokens in recorded if key in tokens]
        if per_entry:
            out[key] = int(sum(per_entry))
        elif _number(given.get(key)) is not None:
            out[key] = int(given[key])
        else:
            out[key] = None
            reasons[key] = "the run card records no token usage"
    if out["prompt_tokens"] is not None and out["completion_tokens"] is not None:
        out["total_tokens"] = out["prompt_tokens"] + out["completion_tokens"]
    else:
        out["total_tokens"] = _number(given.get("total_tokens"))
        if out["total_tokens"] is None:
            reasons["total_tokens"] = "needs prompt and completion tokens"
    out["tokens_per_entry"] = out["total_tokens"] / n if out["total_tokens"] is not None else None

    costs = [cost for cost in card.optional_values("cost_usd") if cost is not None]
    if costs:
        out["total_cost_usd"] = float(sum(costs))
    else:
        out["total_cost_usd"] = _number(given.get("total_cost_usd")) or _number(
            (card.meta.get("overall") or {}).get("total_cost_usd") if isinstance(card.meta.get("overall"), dict) else None)
    if out["total_cost_usd"] is None:
        reasons["total_cost_usd"] = "the run card records no cost"
        for key in ("cost_per_entry_usd", "cost_per_1k_tokens", "cost_per_source_char"):
            out[key] = None
            reasons[key] = "no cost data"
    else:
        cost = out["total_cost_usd"]
        out["cost_per_entry_usd"] = cost / n
        if out["total_tokens"]:
            out["cost_per_1k_tokens"] = cost / out["total_tokens"] * 1000
        else:
            out["cost_per_1k_tokens"] = None
            reasons["cost_per_1k_tokens"] = "no token counts"
        chars = sum(len(e.source) for e in entries)
        out["cost_per_source_char"] = cost / chars if chars else None
        if not chars:
            reasons["cost_per_source_char"] = "the sources are empty"
    if out["tokens_per_entry"] is None:
        reasons["tokens_per_entry"] = "no token counts"
    return out, reasons


def elapsed_seconds(card: RunCard) -> float | None:
    meta = card.meta
    for key in ("elapsed_seconds", "elapsed_s"):
        if _number(meta.get(key)) is not None:
            return float(meta[key])
    return None


def speed(card: RunCard, total_tokens: float | None) -> tuple[dict[str, Any], dict[str, str]]:
    """§7 speed metrics; latencies from the entries' ``latency_s``, throughput from ``elapsed_seconds``."""
    out: dict[str, Any] = {}
    reasons: dict[str, str] = {}
    lat = np.array([seconds for seconds in card.optional_values("latency_s") if seconds is not None], dtype=float)
    if lat.size:
        out["avg_latency_seconds"] = float(lat.mean())
        out["median_latency_seconds"] = float(np.percentile(lat, 50))
        out["p95_latency_seconds"] = float(np.percentile(lat, 95))
    else:
        for key in ("avg_latency_seconds", "median_latency_seconds", "p95_latency_seconds"):
            out[key] = None
            reasons[key] = "no entry records latency_s"
    elapsed = elapsed_seconds(card)
    out["elapsed_seconds"] = elapsed
    if elapsed is None or elapsed <= 0:
        reasons["elapsed_seconds"] = "the run card records no elapsed_seconds"
        out["tokens_per_second"] = out["entries_per_minute"] = None
        reasons["tokens_per_second"] = reasons["entries_per_minute"] = "needs elapsed_seconds"
    else:
        out["entries_per_minute"] = len(card.entries) / (elapsed / 60)
        out["tokens_per_second"] = total_tokens / elapsed if total_tokens is not None else None
        if total_tokens is None:
            reasons["tokens_per_second"] = "no token counts"
    return out, reasons
