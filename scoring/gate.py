"""Eval gates (rubric chapter): compare a new result with a baseline, dimension by dimension.

A result is a scored run card (``lyss score --out``) or a rubric result file (``lyss rubric --out``).
Its overall score is the composite (run card) or the mean item score (rubric); each dimension is the
mean of the items' ``breakdown`` values. The gate fails when the overall score drops by more than
``max_drop`` (absolute, on the 0–1 scale: 0.02 is the chapter's "≤ 2 % regression") or falls below
``minimum``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InputError
from .runcard import read_json

DEFAULT_MAX_DROP = 0.02


@dataclass
class GateView:
    path: str
    overall: float
    dimensions: dict[str, float]


def read_result(path: str) -> GateView:
    data = read_json(path)
    if not isinstance(data, dict):
        raise InputError(path, "top level", "not a scored run card or rubric result")
    items = data.get("entries") if "scores" in data else data.get("items")
    if not isinstance(items, list) or not items:
        raise InputError(path, "top level", "no scored entries/items: score it first (lyss score --out, lyss rubric --out)")
    if "scores" in data:
        overall = data["scores"].get("composite")
    else:
        scores = [i.get("score") for i in items if isinstance(i, dict) and i.get("score") is not None]
        overall = sum(scores) / len(scores) if scores else None
    if not isinstance(overall, (int, float)):
        raise InputError(path, "scores.composite", "no overall score to gate on")
    sums: dict[str, list[float]] = {}
    for i, item in enumerate(items):
        breakdown = item.get("breakdown") if isinstance(item, dict) else None
        if not isinstance(breakdown, dict):
            raise InputError(path, f"item {i + 1}", "has no 'breakdown' (not a scored result)")
        for key, value in breakdown.items():
            if isinstance(value, (int, float)):
                sums.setdefault(key, []).append(float(value))
    return GateView(path, float(overall), {k: sum(v) / len(v) for k, v in sums.items()})


def gate(new: GateView, baseline: GateView, max_drop: float = DEFAULT_MAX_DROP,
         minimum: float | None = None) -> dict:
    """The verdict and what moved: ``passed``, the overall change and each dimension's change."""
    delta = new.overall - baseline.overall
    dims = {k: new.dimensions.get(k, 0.0) - baseline.dimensions.get(k, 0.0)
            for k in sorted(set(new.dimensions) | set(baseline.dimensions))}
    failures = []
    if -delta > max_drop + 1e-12:
        failures.append(f"overall dropped {-delta:.4f} (more than {max_drop:.4f})")
    if minimum is not None and new.overall < minimum:
        failures.append(f"overall {new.overall:.4f} is below the minimum {minimum:.4f}")
    moved = min(dims, key=lambda k: dims[k]) if dims else None
    return {"passed": not failures, "failures": failures, "overall": new.overall, "baseline": baseline.overall,
            "delta": delta, "dimension_deltas": dims,
            "most_dropped": moved if moved is not None and dims[moved] < 0 else None,
            "most_moved": max(dims, key=lambda k: abs(dims[k])) if dims else None}
