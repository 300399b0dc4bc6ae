"""The effect of pre-marks on a task E campaign's answers, measured by its own split (``--premark-split``): among
the items that had pre-marks to show, those a speaker was served with them against those the split held back —
the difference in score, in MQM-style score of the spans, and in seconds in front of the item, each with its 95 %
interval (Welch's normal approximation). Null with a reason while a group has fewer than two answers."""

from __future__ import annotations

import json
import math
from statistics import fmean, variance

from ..records import answers as answer_records, catalogue
from ..records.catalogue import campaign as campaign_row
from ..store import Store
from ..tasks import premarks
from ..tasks.error_spans import mqm_score

MIN_ANSWERS = 2
Z95 = 1.959963984540054


def _difference(shown: list[float], held: list[float]) -> dict | None:
    if len(shown) < MIN_ANSWERS or len(held) < MIN_ANSWERS:
        return None
    diff = fmean(shown) - fmean(held)
    half = Z95 * math.sqrt(variance(shown) / len(shown) + variance(held) / len(held))
    return {"difference": diff, "ci_lower": diff - half, "ci_upper": diff + half, "shown_mean": fmean(shown),
            "held_back_mean": fmean(held)}


def _groups(store: Store, campaign_id: str, settings: dict) -> dict[str, dict[str, list[float]]]:
    """The answers (quality-control items and withdrawn speakers aside) to items that had pre-marks to show,
    shown against held back: their scores, MQM-style scores and seconds in front of the item."""
    rows = answer_records.on_screen(store, campaign_id)
    unsplit = {**settings, "premark_split": 0.0}
    groups: dict[str, dict[str, list[float]]] = {g: {"score": [], "mqm": [], "seconds": []} for g in ("shown", "held")}
    for r in rows:
        item = {"id": r["id"], "output": r["output"], "reference": r["reference"], "extra": r["extra"]}
        if not premarks.served(item, unsplit, campaign_id, r["speaker_id"]):
            continue  # nothing to show on this item: it says nothing about pre-marks
        answer = json.loads(r["answers"])
        group = groups["shown" if premarks.served(item, settings, campaign_id, r["speaker_id"]) else "held"]
        group["score"].append(float(answer["score"]))
        group["mqm"].append(mqm_score(answer["spans"]))
        if r["seconds"] is not None:
            group["seconds"].append(max(0.0, r["seconds"] - (r["away_seconds"] or 0.0)))
    return groups


def premark_effect(store: Store, campaign_id: str) -> dict:
    """Shown against held back, over the answers (quality-control items aside) to items that had pre-marks."""
    found = campaign_row(store, campaign_id)
    settings = found["settings"]
    groups = _groups(store, campaign_id, settings)
    out = {"campaign": campaign_id, "premark": settings.get("premark", "off"),
           "split": settings.get("premark_split", 0.0), "shown": len(groups["shown"]["score"]),
           "held_back": len(groups["held"]["score"])}
    for measure in ("score", "mqm", "seconds"):
        out[measure] = _difference(groups["shown"][measure], groups["held"][measure])
    if out["score"] is None:
        out["reason"] = ("no split: every item with pre-marks showed them (--premark-split)" if not out["split"] else
                         f"fewer than {MIN_ANSWERS} answers on one side (shown {out['shown']}, held back "
                         f"{out['held_back']})")
    return out


MIN_TIMED_SIDE = 10  # timed answers on each side of the split before the planner uses the seconds it measured


def measured_seconds(store: Store, language: str | None, mode: str) -> dict:
    """The seconds an item with pre-marks takes more than one without (negative: fewer), pooled over this
    laptop's split campaigns of task E with the same language and pre-mark mode — what the planner adds to an
    item's time; ``difference`` null with its reason while either side has fewer than ``MIN_TIMED_SIDE``."""
    shown: list[float] = []
    held: list[float] = []
    used = []
    for row in sorted(catalogue.campaign_rows(store), key=lambda r: r["id"]):
        settings = json.loads(row["settings"] or "{}")
        if not settings.get("premark_split") or settings.get("premark") != mode or \
                (settings.get("language") or {}).get("code") != language:
            continue
        groups = _groups(store, row["id"], settings)
        shown += groups["shown"]["seconds"]
        held += groups["held"]["seconds"]
        used.append(row["id"])
    out: dict = {"campaigns": used, "shown": len(shown), "held_back": len(held)}
    if min(len(shown), len(held)) < MIN_TIMED_SIDE:
        reason = ("no campaign of this language and pre-mark mode holds pre-marks back (--premark-split)" if not used
                  else f"fewer than {MIN_TIMED_SIDE} timed answers on a side of the split (shown {len(shown)}, held "
                       f"back {len(held)})")
        return {**out, "difference": None, "reason": reason}
    return {**out, **_difference(shown, held)}
