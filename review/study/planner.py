"""The speaker-hour planner: seconds an item takes, from the words a speaker reads on it (source and
translation), and so the hours a decision still needs.

The model is a straight line, ``seconds = intercept + per_word × words``, fitted by least squares on the
working time of answered items (seconds shown minus time away; answers keyed in from paper have no time
and are left out; an item that took more than ``LONGEST`` seconds is a break, not work). A campaign
with ``MIN_TIMED`` timed answers uses its own line; before that the shipped prior
(``review/data/speaker_time.json``), fitted by :func:`fit_prior` on the per-item times of the trained
ESA annotators of WMT23 en-de (``../shared/data/wmt23-en-de-esa/240315rc5ESA.scores.csv``).
"""

from __future__ import annotations

import csv
import io
import math
from collections import defaultdict
from pathlib import Path

import numpy as np

from scoring.errors import FileProblem
from scoring.runcard import read_text

from ..records import answers as answer_records, catalogue
from ..records.catalogue import campaign as campaign_row
from ..store import Store
from ..tasks import base as task_base, premarks
from .premark_effect import measured_seconds

LONGEST = 600.0   # seconds: longer on one item is time away, not work
MIN_TIMED = 30    # timed answers before a campaign's own line replaces the prior
OWN_TIMES = "this campaign's timed answers"


def words(*texts: str | None) -> int:
    return sum(len((t or "").split()) for t in texts)


def fit(observations: list[tuple[int, float]]) -> tuple[float, float]:
    """(intercept, per_word) by least squares, both kept ≥ 0 (an item never takes negative time)."""
    x = np.array([w for w, s in observations if 0 < s <= LONGEST], dtype=float)
    y = np.array([s for w, s in observations if 0 < s <= LONGEST], dtype=float)
    if len(x) < 2 or np.ptp(x) == 0:
        return float(y.mean()) if len(y) else 0.0, 0.0
    per_word, intercept = np.polyfit(x, y, 1)
    if per_word < 0:
        return float(y.mean()), 0.0
    if intercept < 0:
        return 0.0, float((x * y).sum() / (x * x).sum())
    return float(intercept), float(per_word)


def prior() -> dict:
    return task_base.settings("speaker_time")


def campaign_model(store: Store, campaign_id: str) -> dict:
    """The line for a campaign: its own once it has ``MIN_TIMED`` timed answers, else the prior — and, for a
    campaign that places pre-marks, what they change (:func:`with_premarks`)."""
    line = _line(store, campaign_id)
    found = campaign_row(store, campaign_id)
    return with_premarks(store, line, found) if (found["settings"].get("premark") or "off") != "off" else line


def with_premarks(store: Store, line: dict, found: dict) -> dict:
    """A pre-marking campaign's line. Its own line already holds what its pre-marks do; the prior (annotators
    without pre-marks) gets the seconds a pre-marked item takes more or less, as this laptop's split campaigns of
    the language and mode measured them (``premark_effect.measured_seconds``), for the share of items served
    with pre-marks (those that have some to show, less the split) — or says why it cannot."""
    if line["source"] == OWN_TIMES:
        return {**line, "premarks": {"included": True, "reason": "the campaign's own times were taken with its "
                                                                  "pre-marks"}}
    settings = found["settings"]
    effect = measured_seconds(store, (settings.get("language") or {}).get("code"), settings["premark"])
    if effect["difference"] is None:
        return {**line, "premarks": {"seconds_per_item": None, "reason": effect["reason"] + ": the prior is for "
                                     "items without pre-marks"}}
    share = (1.0 - settings.get("premark_split", 0.0)) * _premarked_share(store, found)
    return {**shifted(line, effect["difference"], share),
            "source": line["source"] + ", with the seconds pre-marks change as split campaigns measured them",
            "premarks": {"seconds_per_item": effect["difference"], "ci": [effect["ci_lower"], effect["ci_upper"]],
                         "share_served_with": share, "shown": effect["shown"], "held_back": effect["held_back"],
                         "campaigns": effect["campaigns"]}}


def shifted(model: dict, seconds_per_item: float, share: float) -> dict:
    """A line with ``seconds_per_item`` more (or fewer) on a ``share`` of the items: on its intercept, never
    below 0."""
    return {**model, "intercept_seconds": max(0.0, model["intercept_seconds"] + share * seconds_per_item)}


def _premarked_share(store: Store, found: dict) -> float:
    """The share of a campaign's items that have pre-marks to show (the split aside: it is per speaker)."""
    rows = catalogue.segment_items(store, found["id"], with_extra=True)
    unsplit = {**found["settings"], "premark_split": 0.0}
    marked = sum(bool(premarks.served(r, unsplit, found["id"], "")) for r in rows)
    return marked / len(rows) if rows else 0.0


def _line(store: Store, campaign_id: str) -> dict:
    """The campaign's own line once it has ``MIN_TIMED`` timed answers, else the shipped prior."""
    rows = answer_records.timed(store, campaign_id)
    timed = [(words(r["source"], r["output"]), r["seconds"] - (r["away_seconds"] or 0.0)) for r in rows]
    timed = [(w, s) for w, s in timed if 0 < s <= LONGEST]
    if len(timed) >= MIN_TIMED:
        intercept, per_word = fit(timed)
        return {"intercept_seconds": intercept, "seconds_per_word": per_word, "answers": len(timed),
                "source": OWN_TIMES}
    shipped = prior()
    return {"intercept_seconds": shipped["intercept_seconds"], "seconds_per_word": shipped["seconds_per_word"],
            "answers": shipped["answers"], "source": shipped["source"]}


def seconds_for(model: dict, item_words: float) -> float:
    return model["intercept_seconds"] + model["seconds_per_word"] * item_words


def hours(model: dict, ratings: int, mean_words: float) -> float:
    return ratings * seconds_for(model, mean_words) / 3600


# ----------------------------------------------------------------------------- the shipped prior

def esa_times(csv_path: Path) -> list[tuple[str, str, int, float, str]]:
    """(annotator, document#system, item id, seconds, spans as exported) of every real (``TGT``) item of an
    Appraise ESA export: the seconds are the gap between its two times, or, where they are equal, since the
    same annotator's previous submission (the export's convention)."""
    rows = list(csv.reader(io.StringIO(read_text(csv_path))))
    by_annotator: dict[str, list[tuple[float, float, list]]] = defaultdict(list)
    for lineno, row in enumerate(rows, 1):
        if len(row) < 12:
            raise FileProblem(str(csv_path), f"line {lineno}", "expected 12 columns")
        try:
            by_annotator[row[0]].append((float(row[10]), float(row[11]), row))
            int(row[2])
        except ValueError:
            raise FileProblem(str(csv_path), f"line {lineno}", "the item (column 3) must be a whole number and the "
                                                               "times (columns 11, 12) numbers") from None
    out = []
    for annotator, items in by_annotator.items():
        items.sort(key=lambda r: r[1])
        previous = None
        for start, end, row in items:
            took = end - start if end > start else (end - previous if previous is not None else math.nan)
            previous = end
            if row[3] == "TGT" and math.isfinite(took):
                out.append((annotator, row[7], int(row[2]), took, row[9]))
    return out


def esa_items(esa_csv: str, wmt_folder: str, lp: str = "en-de") -> list[dict]:
    """Every real item of an ESA export matched to its segment of the mt-metrics-eval test set: each annotator's
    items of one document and system are that document's segments in order (groups whose count differs from
    the document's are left out). Each: ``annotator``, ``system``, ``source``, ``output``, ``reference`` (the
    first reference, "" without one), ``spans`` (the annotator's, as exported) and ``seconds``."""
    root = Path(wmt_folder)
    sources = read_text(root / "sources" / f"{lp}.txt").split("\n")
    found = sorted((root / "references").glob(f"{lp}.ref*.txt"))
    references = read_text(found[0]).split("\n") if found else []
    documents = [line.split("\t")[1] for line in read_text(root / "documents" / f"{lp}.docs").split("\n") if line]
    segments: dict[str, list[int]] = defaultdict(list)
    for k, doc in enumerate(documents):
        segments[doc].append(k)
    outputs: dict[str, list[str]] = {}
    groups: dict[tuple[str, str], list[tuple[int, float, str]]] = defaultdict(list)
    for annotator, doc_system, item, took, spans in esa_times(Path(esa_csv)):
        groups[(annotator, doc_system)].append((item, took, spans))
    out = []
    for (annotator, doc_system), items in groups.items():
        if "#" not in doc_system:
            continue
        doc, system = doc_system.split("#", 1)
        if len(items) != len(segments.get(doc, ())):
            continue
        if system not in outputs:
            path = root / "system-outputs" / lp / f"{system}.txt"
            outputs[system] = read_text(path).split("\n") if path.is_file() else []
        if not outputs[system]:
            continue
        for (_, took, spans), k in zip(sorted(items), segments[doc]):
            out.append({"annotator": annotator, "system": system, "source": sources[k], "output": outputs[system][k],
                        "reference": references[k] if k < len(references) else "", "spans": spans, "seconds": took})
    return out


def fit_prior(esa_csv: str, wmt_folder: str, lp: str = "en-de") -> dict:
    """The prior from ESA annotators' real times (:func:`esa_items`); an item's words are its source's and
    its translation's."""
    observations = [(words(i["source"], i["output"]), i["seconds"]) for i in esa_items(esa_csv, wmt_folder, lp)]
    kept = [(w, s) for w, s in observations if 0 < s <= LONGEST]
    intercept, per_word = fit(kept)
    return {"intercept_seconds": round(intercept, 3), "seconds_per_word": round(per_word, 4), "answers": len(kept),
            "median_seconds": round(float(np.median([s for _, s in kept])), 1),
            "median_words": float(np.median([w for w, _ in kept])),
            "source": "prior: WMT23 en-de ESA annotators' per-item times (240315rc5ESA.scores.csv)"}
