"""Replaying real error-span annotations (an Appraise ESA export) with and without pre-marks: how well the
reference's pre-marks (``review.tasks.premarks``) find the words annotators marked, and how many keys they
save on task E's screen.

The keys are those of the marking screen (``review.tasks.error_spans.Marking``), counted for the spans each
annotator wanted, word by word. Without pre-marks: from the cursor, → to a span's first word, Shift+→ to its
last, then its severity (1 or 2); an omission is M and its severity. With pre-marks: each pre-mark is visited
with one key (the next mark) and kept (one key, and one more to re-grade it when the annotator's severity is
not the proposed one, and one a word its edges move) or dropped (one key); an annotator's span no pre-mark
touches costs what it costs without. Done marking (Enter) and the score are the same both ways, and left out.

Precision and recall are of words: the pre-marked words an annotator marked too, over the pre-marked words;
the words annotators marked that a pre-mark covers, over the words they marked (omissions have no word).
The speaker-hours without pre-marks are the planner's, for the items replayed; with pre-marks, the planner's
with the seconds a pre-marked item takes more or less as a split campaign measured them (``premark_seconds``,
from ``lyss study premark-effect``), on the share of items the reference pre-marks — and null with its reason
without that measure: keys are not seconds.
"""

from __future__ import annotations

import json
from typing import Any

from scoring.errors import FileProblem
from scoring.progress import Progress, report

from .. import planner
from ...tasks.error_spans import Marking
from ...tasks.premarks import reference_marks

HOURS_WITH_REASON = ("the seconds a pre-mark saves are not measured yet: a campaign with --premark-split "
                     "measures them on its own speakers (lyss study premark-effect), then --premark-seconds")


def _wanted(spans_text: str, words: list[tuple[int, int]], place: str) -> list[dict]:
    """An annotator's spans as word ranges (``first``, ``last``; omissions ``missing``) with their severity."""
    try:
        spans = json.loads(spans_text or "[]")
    except json.JSONDecodeError:
        raise FileProblem(place, "spans", "not JSON") from None
    out = []
    for s in spans if isinstance(spans, list) else []:
        if not isinstance(s, dict):
            continue
        if s.get("start_i") == "missing":
            out.append({"missing": True, "severity": s.get("severity")})
            continue
        if not (isinstance(s.get("start_i"), int) and isinstance(s.get("end_i"), int) and s["start_i"] <= s["end_i"]):
            raise FileProblem(place, "spans", "a span's start_i and end_i must be offsets (start ≤ end) or "
                                              "\"missing\"")
        covered = [k for k, (a, b) in enumerate(words) if a < s["end_i"] and b > s["start_i"]]
        if covered:
            out.append({"first": covered[0], "last": covered[-1], "severity": s.get("severity")})
    return out


def _as_words(marks: list[dict], words: list[tuple[int, int]]) -> list[dict]:
    out = []
    for m in marks:
        covered = [k for k, (a, b) in enumerate(words) if a < m["end"] and b > m["start"]]
        out.append({"first": covered[0], "last": covered[-1], "severity": m["severity"]})
    return out


def _by_hand(span: dict, cursor: int) -> tuple[int, int]:
    """Keys to mark one span from the cursor, and where the cursor ends."""
    if span.get("missing"):
        return 2, cursor
    return abs(span["first"] - cursor) + (span["last"] - span["first"]) + 1, span["last"]


def keys_without(wanted: list[dict]) -> int:
    cursor, keys = 0, 0
    for span in sorted(wanted, key=lambda s: s.get("first", 10 ** 9)):
        cost, cursor = _by_hand(span, cursor)
        keys += cost
    return keys


def keys_with(wanted: list[dict], marks: list[dict]) -> int:
    keys, cursor, touched = 0, 0, set()
    for mark in marks:
        keys += 1  # to the next mark
        cursor = mark["last"]
        hit = next((k for k, s in enumerate(wanted) if not s.get("missing") and k not in touched and
                    s["first"] <= mark["last"] and s["last"] >= mark["first"]), None)
        if hit is None:
            keys += 1  # dropped
            continue
        touched.add(hit)
        span = wanted[hit]
        keys += 1 + (span["severity"] != mark["severity"]) + abs(span["first"] - mark["first"]) + \
            abs(span["last"] - mark["last"])
        cursor = span["last"]
    for span in sorted(wanted, key=lambda s: s.get("first", 10 ** 9)):
        if span.get("missing") or all(span is not wanted[t] for t in touched):
            cost, cursor = _by_hand(span, cursor)
            keys += cost
    return keys


def _marked_words(spans: list[dict]) -> set[int]:
    return {k for s in spans if not s.get("missing") for k in range(s["first"], s["last"] + 1)}


def replay_esa(esa_csv: str, wmt_folder: str, lp: str = "en-de", progress: Progress = None,
               premark_seconds: float | None = None) -> dict[str, Any]:
    """The replay of every real item of an ESA export (``planner.esa_items``) with the reference's pre-marks."""
    items = planner.esa_items(esa_csv, wmt_folder, lp)
    without = with_marks = proposed = proposed_right = marked = marked_found = 0
    replayed, premarked_items = [], 0
    for n, item in enumerate(items, 1):
        if n % 100 == 0:
            report(progress, f"item {n} of {len(items)}", n / len(items))
        words = Marking(item["output"]).words
        wanted = _wanted(item["spans"], words, f"{esa_csv} item {n}")
        marks = _as_words(reference_marks(item["output"], item["reference"]), words)
        premarked_items += bool(marks)
        without += keys_without(wanted)
        with_marks += keys_with(wanted, marks)
        mine, theirs = _marked_words(marks), _marked_words(wanted)
        proposed, proposed_right = proposed + len(mine), proposed_right + len(mine & theirs)
        marked, marked_found = marked + len(theirs), marked_found + len(theirs & mine)
        replayed.append(planner.words(item["source"], item["output"]))
    count = len(items)
    model = planner.prior()
    hours = round(planner.hours(model, count, sum(replayed) / count), 2) if count else None
    share = premarked_items / count if count else 0.0
    with_model = None if premark_seconds is None else planner.shifted(model, premark_seconds, share)
    hours_with = round(planner.hours(with_model, count, sum(replayed) / count), 2) if count and with_model else None
    return {"items": count, "precision": proposed_right / proposed if proposed else None,
            "recall": marked_found / marked if marked else None,
            "keys_per_item_without": without / count if count else None,
            "keys_per_item_with": with_marks / count if count else None,
            "hours_without": hours, "hours_with": hours_with,
            "hours_with_reason": HOURS_WITH_REASON if hours_with is None and count else None,
            "premark_seconds": premark_seconds, "premarked_items": premarked_items,
            "premarked_words": proposed, "annotated_words": marked, "match": "reference words, character "
            "1-4-gram F below 0.5"}
