"""Eval gates (rubric chapter): compare a new result with a baseline, dimension by dimension.

A result is a scored run card (``lyss score --out``) or a rubric result file (``lyss rubric --out``).
Its overall score is the composite (run card) or the mean item score (rubric); each dimension is the
mean of the items' ``breakdown`` values. The gate fails when the overall score drops by more than
``max_drop`` (absolute, on the 0–1 scale: 0.02 is the chapter's "≤ 2 % regression") or falls below
``minimum``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from .comparable import ScoredWith, refuse_mixed_profiles, scored_with
from .errors import BadValue, FileProblem
from .files import packaged_json
from .runcard import read_json


@lru_cache(maxsize=None)
def gate_rules() -> dict:
    return packaged_json("scoring", "data/gates.json")


DEFAULT_MAX_DROP = gate_rules()["max_drop"]


@dataclass
class GateView:
    path: str
    overall: float
    dimensions: dict[str, float]
    facts: dict[str, float | None] = field(default_factory=dict)  # what the soft gates read
    scored_with: ScoredWith | None = None  # the profile and analysers of a scored run card; None for a rubric result


def check_fraction(name: str, value: float | None) -> None:
    """Gate thresholds are on the 0–1 scale: 2 means 200 %, not 2 %."""
    if value is not None and not 0 <= value <= 1:
        raise BadValue(name, str(value), f"must be between 0 and 1 (for 2 % give {value / 100:g})")


def _number(value) -> bool:
    """A finite number (not a boolean): what a gate can compare."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def read_result(path: str) -> GateView:
    data = read_json(path)
    if not isinstance(data, dict):
        raise FileProblem(path, "top level", "not a scored run card or rubric result")
    if "scores" in data and not isinstance(data["scores"], dict):
        raise FileProblem(path, "scores", "must be an object (the scores block of a scored run card)")
    items = data.get("entries") if "scores" in data else data.get("items")
    if not isinstance(items, list) or not items:
        raise FileProblem(path, "top level", "no scored entries/items: score it first (lyss score --out, lyss rubric --out)")
    if "scores" in data:
        overall = data["scores"].get("composite")
    else:
        scores = [i.get("score") for i in items if isinstance(i, dict) and i.get("score") is not None]
        for score in scores:
            if not _number(score):
                raise FileProblem(path, "items", f"an item's score is {score!r}, not a finite number")
        overall = sum(scores) / len(scores) if scores else None
    if not _number(overall):
        raise FileProblem(path, "scores.composite", "no overall score to gate on" if overall is None else
                          f"{overall!r} is not a finite number")
    sums: dict[str, list[float]] = {}
    for i, item in enumerate(items):
        breakdown = item.get("breakdown") if isinstance(item, dict) else None
        if not isinstance(breakdown, dict):
            raise FileProblem(path, f"item {i + 1}", "has no 'breakdown' (not a scored result)")
        for key, value in breakdown.items():
            if isinstance(value, float) and not math.isfinite(value):
                raise FileProblem(path, f"item {i + 1} breakdown {key}", f"{value!r} is not a finite number")
            if _number(value):
                sums.setdefault(key, []).append(float(value))
    dims = {k: sum(v) / len(v) for k, v in sums.items()}
    if "scores" in data:
        latency = data["scores"].get("median_latency_seconds")
        failures = data["scores"].get("errors")
    else:
        latency = None
        failures = sum(1 for i in items if isinstance(i, dict) and (i.get("breakdown") or {}).get("schema") == 0)
    facts = {"p50_latency_seconds": latency if _number(latency) else None,
             "schema_failures": failures if _number(failures) else None, "overall": float(overall)}
    return GateView(path, float(overall), dims, facts, 
                    scored_with(data) if "scores" in data else None)


def gate(new: GateView, baseline: GateView, max_drop: float = DEFAULT_MAX_DROP,
         minimum: float | None = None, allow_profile_mismatch: bool = False) -> dict:
    """The verdict and what moved: ``passed`` (the hard gate), the overall change and each dimension's
    change, and the soft gates (warnings that never block). Composites of two profiles are refused unless
    ``allow_profile_mismatch`` (:func:`scoring.comparable.refuse_mixed_profiles`)."""
    check_fraction("--max-drop", max_drop)
    check_fraction("--min", minimum)
    refuse_mixed_profiles({baseline.path: baseline.scored_with, new.path: new.scored_with}, allow_profile_mismatch)
    delta = new.overall - baseline.overall
    dims = {k: new.dimensions.get(k, 0.0) - baseline.dimensions.get(k, 0.0)
            for k in sorted(set(new.dimensions) | set(baseline.dimensions))}
    failures = []
    if -delta > max_drop + 1e-12:
        failures.append(f"overall dropped {-delta:.4f} (more than {max_drop:.4f})")
    if minimum is not None and new.overall < minimum:
        failures.append(f"overall {new.overall:.4f} is below the minimum {minimum:.4f}")
    moved = min(dims, key=lambda k: dims[k]) if dims else None
    soft = []
    for rule in gate_rules()["soft"]:
        value = new.facts.get(rule["id"])
        ok = None if value is None else (value <= rule["max"] if "max" in rule else value >= rule["min"])
        soft.append({**rule, "value": value, "passed": ok})
    return {"passed": not failures, "failures": failures, "soft_gates": soft, "overall": new.overall,
            "baseline": baseline.overall,
            "delta": delta, "dimension_deltas": dims,
            "most_dropped": moved if moved is not None and dims[moved] < 0 else None,
            "most_moved": max(dims, key=lambda k: abs(dims[k])) if dims else None}
