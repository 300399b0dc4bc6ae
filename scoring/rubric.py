"""Rubrics: weighted dimensions kept as data files. The LYSS weight profiles (A, B, refitted ones) are
rubrics whose dimensions are metrics; the four-axis capstone rubric of the rubric chapter is another.

A rubric file::

    {"name": "A", "kind": "scaled" | "binary",
     "dimensions": [{"id": "chrf_plus_plus", "weight": 0.15, "normalise": ["divide:100"]}, ...],
     "normalisation": ["strip", "lower", "strip_trailing_period"]}      # binary rubrics only

Scoring a set of dimension values gives the per-item breakdown of the rubric chapter:
``{"score", "breakdown", "weighted"}``; a dimension whose value is ``None`` is left out and the
weights of the others are renormalised (spec §4.1).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from . import metrics
from .errors import FileProblem, NotFound
from .runcard import read_json, read_text

WEIGHT_TOLERANCE = 1e-6
MIN_DIVISOR = 1e-6  # a scale's divisor: smaller ones turn any value into an overflow
CHECK_TYPES = ("contains_all", "required_keys", "max_words")
TEXT_STEPS = ("strip", "lower", "strip_trailing_period")


@dataclass(frozen=True)
class Dimension:
    id: str
    weight: float
    normalise: tuple[str, ...] = ()
    kind: str = "scaled"
    check: dict | None = None

    def normalised(self, value: float) -> float:
        """Apply the dimension's scale pipeline (``divide:N``, ``invert``, ``clip``)."""
        for step in self.normalise:
            if step.startswith("divide:"):
                divisor = float(step.split(":", 1)[1])
                if not (math.isfinite(divisor) and divisor >= MIN_DIVISOR):
                    raise ValueError(f"{step!r}: divide by a finite number of at least {MIN_DIVISOR:g}")
                value = value / divisor
            elif step == "invert":
                value = 1.0 - value
            elif step == "clip":
                value = np.clip(value, 0.0, 1.0) if isinstance(value, np.ndarray) else min(1.0, max(0.0, value))
            else:
                raise ValueError(f"unknown normalisation step {step!r}")
        return value


@dataclass(frozen=True)
class Rubric:
    name: str
    dimensions: tuple[Dimension, ...]
    kind: str = "scaled"
    title: str = ""
    text_normalisation: tuple[str, ...] = ()
    source: str = ""
    provenance: dict | None = None
    path: str | None = None

    @property
    def weights(self) -> dict[str, float]:
        return {d.id: d.weight for d in self.dimensions}

    def describe(self) -> dict[str, Any]:
        out = {"name": self.name, "title": self.title, "weights": self.weights, "source": self.source}
        if self.path:
            out["path"] = self.path
        if self.provenance:
            out["provenance"] = self.provenance
        return out

    def score(self, values: dict[str, float | None]) -> dict[str, Any]:
        """The weighted score of one item or corpus: ``{"score", "breakdown", "weighted", "missing"}``.

        ``breakdown`` holds each available dimension on its 0–1 scale; ``weighted`` its share of the
        score after renormalisation. ``score`` is ``None`` when no dimension is available.
        Raises ``ValueError`` on NaN or infinite input (a corrupt value must never be averaged away).
        """
        breakdown: dict[str, float] = {}
        for dim in self.dimensions:
            value = values.get(dim.id)
            if value is None:
                continue
            if isinstance(value, bool):
                value = float(value)
            if not isinstance(value, (int, float)) or not math.isfinite(value):
                raise ValueError(f"{dim.id} is {value!r}: the composite needs finite numbers")
            breakdown[dim.id] = dim.normalised(float(value))
        total = sum(d.weight for d in self.dimensions if d.id in breakdown)
        missing = [d.id for d in self.dimensions if d.id not in breakdown]
        if not breakdown or total <= 0:
            return {"score": None, "breakdown": breakdown, "weighted": {}, "missing": missing}
        weighted = {d.id: d.weight / total * breakdown[d.id] for d in self.dimensions if d.id in breakdown}
        return {"score": sum(weighted.values()), "breakdown": breakdown, "weighted": weighted, "missing": missing}


def _dimension(path: str, i: int, raw: Any) -> Dimension:
    place = f"dimensions[{i}]"
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        raise FileProblem(path, place, "needs an 'id' text")
    weight = raw.get("weight")
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not math.isfinite(weight) or weight < 0:
        raise FileProblem(path, f"{place} ({raw['id']})", "weight must be a finite number ≥ 0")
    steps = raw.get("normalise", [])
    if not isinstance(steps, list) or not all(isinstance(s, str) for s in steps):
        raise FileProblem(path, f"{place} ({raw['id']})", "'normalise' must be a list of steps")
    check = raw.get("check")
    if check is not None:
        problem = _check_problem(check)
        if problem:
            raise FileProblem(path, f"{place} ({raw['id']}) check", problem)
    dim = Dimension(raw["id"], float(weight), tuple(steps), raw.get("kind", "scaled"), check)
    try:
        for value in (0.0, 0.5, 1.0, 100.0):
            if not math.isfinite(dim.normalised(value)):
                raise ValueError("its scale turns a value into an overflow")
    except (ValueError, ZeroDivisionError) as exc:
        raise FileProblem(path, f"{place} ({raw['id']})", str(exc)) from None
    return dim


def _text(value) -> bool:
    return isinstance(value, str) and bool(value)


def _check_problem(check) -> str | None:
    """What is wrong with a binary rubric dimension's check (``None``: nothing)."""
    if not isinstance(check, dict):
        return "must be an object"
    kind = check.get("type")
    if kind not in CHECK_TYPES:
        return f"'type' must be one of {', '.join(CHECK_TYPES)}"
    if kind in ("contains_all", "max_words") and not _text(check.get("field")):
        return "'field' must name the item's field (text)"
    if kind == "contains_all" and not _text(check.get("expected")):
        return "'expected' must name the item's field that holds the expected text"
    if kind == "required_keys":
        keys, types = check.get("keys"), check.get("types", {})
        if check.get("field") is not None and not _text(check.get("field")):
            return "'field' must be text"
        if not isinstance(keys, list) or not all(_text(k) for k in keys):
            return "'keys' must be a list of texts"
        if not isinstance(types, dict) or not all(isinstance(t, str) and t in _JSON_TYPES for t in types.values()):
            return f"'types' must map keys to {', '.join(_JSON_TYPES)}"
    if kind == "max_words":
        limit = check.get("limit")
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            return "'limit' must be a whole number ≥ 0"
    return None


def rubric_from_dict(data: Any, path: str = "<rubric>") -> Rubric:
    if not isinstance(data, dict):
        raise FileProblem(path, "top level", "a rubric is a JSON object")
    dims = data.get("dimensions")
    if not isinstance(dims, list) or not dims:
        raise FileProblem(path, "dimensions", "needs a non-empty list")
    dimensions = tuple(_dimension(path, i, d) for i, d in enumerate(dims))
    ids = [d.id for d in dimensions]
    if len(set(ids)) != len(ids):
        raise FileProblem(path, "dimensions", "a dimension id is repeated")
    total = sum(d.weight for d in dimensions)
    if abs(total - 1.0) > WEIGHT_TOLERANCE:
        raise FileProblem(path, "dimensions", f"weights sum to {total:.6f}, not 1")
    for key in ("name", "title", "source"):
        if key in data and not isinstance(data[key], str):
            raise FileProblem(path, key, "must be text")
    if data.get("kind", "scaled") not in ("scaled", "binary"):
        raise FileProblem(path, "kind", "must be 'scaled' or 'binary'")
    steps = data.get("normalisation", [])
    if not isinstance(steps, list) or not all(s in TEXT_STEPS for s in steps):
        raise FileProblem(path, "normalisation", f"must be a list of steps among {', '.join(TEXT_STEPS)}")
    if data.get("provenance") is not None and not isinstance(data["provenance"], dict):
        raise FileProblem(path, "provenance", "must be an object")
    return Rubric(
        name=str(data.get("name", Path(path).stem)), dimensions=dimensions, kind=data.get("kind", "scaled"),
        title=data.get("title", ""), text_normalisation=tuple(data.get("normalisation", ())),
        source=data.get("source", ""), provenance=data.get("provenance"), path=None,
    )


def load_rubric(name_or_path: str, folder: str = "profiles") -> Rubric:
    """A shipped rubric by name (``A``, ``B``, ``capstone``) or any rubric file by path."""
    candidate = Path(name_or_path)
    if candidate.suffix == ".json" or candidate.exists():
        rubric = rubric_from_dict(read_json(candidate), name_or_path)
        return Rubric(**{**rubric.__dict__, "path": str(candidate)})
    for sub in (folder, "profiles", "rubrics"):
        res = resources.files("scoring").joinpath(f"data/{sub}/{name_or_path}.json")
        if res.is_file():
            return rubric_from_dict(json.loads(res.read_text("utf-8")), f"{sub}/{name_or_path}.json")
    raise NotFound(name_or_path, "", "no such profile or rubric (shipped: A, B, capstone; or give a .json file)")


def profile_names() -> list[str]:
    """The weight profiles shipped with LYSS (the specification's A and B)."""
    folder = resources.files("scoring").joinpath("data", "profiles")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def load_profile(name_or_path: str) -> Rubric:
    """A weight profile: a rubric whose dimensions are metrics a composite may use (``scoring.metrics``)."""
    profile = load_rubric(name_or_path, "profiles")
    known = metrics.composite_names()
    for k, dim in enumerate(profile.dimensions):
        if profile.kind == "scaled" and dim.id not in known:
            raise FileProblem(profile.path or name_or_path, f"dimensions[{k}] ({dim.id})",
                              f"not a metric a composite may use (known: {', '.join(known)})")
    return profile


# ----------------------------------------------------------------------------- binary rubric items

def normalise_text(text: str, steps: tuple[str, ...]) -> str:
    """The rubric chapter's normalisation pipeline: ``strip``, ``lower``, ``strip_trailing_period``."""
    for step in steps:
        if step == "strip":
            text = text.strip()
        elif step == "lower":
            text = text.lower()
        elif step == "strip_trailing_period":
            text = text[:-1] if text.endswith(".") else text
        else:
            raise ValueError(f"unknown normalisation step {step!r}")
    return text


_JSON_TYPES = {"string": str, "number": (int, float), "object": dict, "array": list, "boolean": bool}


def _check(check: dict, item: dict, steps: tuple[str, ...]) -> float | None:
    kind = check["type"]
    if kind == "contains_all":
        got = item.get(check["field"])
        if not isinstance(got, str) or not got.strip():
            return 0.0  # nothing was returned for this axis
        expected = item.get(check["expected"]) or []
        if isinstance(expected, str):
            expected = [expected]
        if not isinstance(expected, list) or not all(isinstance(e, str) for e in expected):
            raise ItemProblem(check["expected"], "must be a text or a list of texts")
        out = normalise_text(got, steps)
        return float(all(normalise_text(e, steps) in out for e in expected))
    if kind == "required_keys":
        target = item.get(check["field"]) if check.get("field") else item
        if not isinstance(target, dict):
            return 0.0
        types = check.get("types", {})
        ok = all(k in target and (k not in types or isinstance(target[k], _JSON_TYPES[types[k]]))
                 for k in check["keys"])
        return float(ok)
    if kind == "max_words":
        text = item.get(check["field"]) or ""
        return float(len(str(text).split()) <= check["limit"])
    raise ValueError(f"unknown check type {kind!r}")


class ItemProblem(ValueError):
    """An item's field that a check cannot read (``lyss rubric`` names the file and the item)."""

    def __init__(self, field: str, problem: str):
        super().__init__(f"{field}: {problem}")


def score_item(rubric: Rubric, item: dict, path: str = "<items>", number: int = 0) -> dict:
    """One item through a binary rubric: the rubric chapter's ``{item, score, breakdown, weighted}``."""
    try:
        values = {d.id: _check(d.check, item, rubric.text_normalisation) for d in rubric.dimensions if d.check}
    except ItemProblem as exc:
        raise FileProblem(path, f"item {number}", str(exc)) from None
    result = rubric.score(values)
    return {"item": item.get("item", item.get("id")), "score": result["score"],
            "breakdown": result["breakdown"], "weighted": result["weighted"]}


def score_items(rubric: Rubric, items: list[dict], path: str = "<items>") -> dict:
    """Every item through :func:`score_item`, and the mean of the scores there are (``None`` when no item
    has one: a rubric whose dimensions have no check scores nothing, honestly)."""
    scored = [score_item(rubric, item, path, k) for k, item in enumerate(items, 1)]
    scores = [s["score"] for s in scored if s["score"] is not None]
    return {"rubric": rubric.describe(), "score": sum(scores) / len(scores) if scores else None,
            "scored_items": len(scores), "items": scored}


def read_items(path: str) -> list[dict]:
    """Rubric items from a JSON list (or ``{"items": [...]}``) or a JSONL file."""
    items: list = []
    if path.endswith(".jsonl"):
        for lineno, line in enumerate(read_text(path).splitlines(), 1):
            if line.strip():
                try:
                    items.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise FileProblem(path, f"line {lineno}", f"invalid JSON: {exc.msg}") from None
                except RecursionError:
                    raise FileProblem(path, f"line {lineno}", "nested too deeply to be an item") from None
    else:
        data = read_json(path)
        items = data.get("items", []) if isinstance(data, dict) else data
    if not isinstance(items, list) or not items:
        raise FileProblem(path, "", "no items to score")
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise FileProblem(path, f"item {i + 1}", "must be an object")
    return items
