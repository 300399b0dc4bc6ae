"""How often each speaker caught the attention items of a campaign (``review.rating.attention``): per speaker and
per kind of error, with Wilson's 95% interval, and a flag for a speaker below the rate the coordinator set
(``--qc-min-catch``). Flagged, never left out: the coordinator reads it with the speaker.

An item is caught when the speaker marked the changed word (a task that marks spans: a span over it), else rated the
item lower than they rated the output it was made from. An item whose original the speaker has not rated yet is
counted as waiting, and one whose original they rated at the scale's lowest (nothing is lower) as at the floor:
neither caught nor missed. What a catch rate measures and what it does not: docs/metrics.md."""

from __future__ import annotations

import json
from collections import defaultdict

from .. import tasks as task_defs
from ..tasks import attention
from ..records import answers as answer_records, catalogue
from ..store import Store
from .maths.proportions import wilson
from .maths.questions import scale_of


WAITING, AT_FLOOR = "waiting", "at_floor"


def _caught(answer: dict, original: dict | None, change: dict | None, task) -> bool | str:
    """Whether one attention item was caught: True or False, else why it cannot tell — ``WAITING`` (the speaker has
    not rated its original yet) or ``AT_FLOOR`` (they rated the original at the scale's lowest: nothing lower)."""
    if task.marks_spans and change is not None:
        return any(isinstance(s, dict) and not s.get("missing") and isinstance(s.get("start"), int) and
                   isinstance(s.get("end"), int) and s["start"] < change["end"] and s["end"] > change["start"]
                   for s in answer.get("spans") or [])
    question = task.quality_question()
    value, before = answer.get(question), (original or {}).get(question)
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (value, before)):
        return WAITING
    if before <= scale_of(task)[0]:
        return AT_FLOOR
    return value < before


def _rate(caught: int, checked: int) -> dict:
    low, high = wilson(caught, checked) if checked else (None, None)
    return {"checked": checked, "caught": caught, "rate": caught / checked if checked else None, "low": low,
            "high": high}


def catch_rates(store: Store, found: dict, rows: list[dict] | None = None) -> dict:
    """A campaign's catch rates (``found``: its row; ``rows``: its answers with their slots, when the caller read them
    already): ``kind`` of its attention items, ``min_catch``, and per speaker (``speakers``: their ``checked``,
    ``caught``, ``rate``, ``low``–``high``, ``waiting``, ``at_floor``, ``by_kind``, ``flag``), and over every speaker
    per kind of error (``by_kind``)."""
    chosen = attention.settings_of(found["settings"])
    task = task_defs.task(found["task"])
    changes = {r["id"]: attention.of_item(r["extra"]) for r in catalogue.degraded_items(store, found["id"])}
    normal: dict[tuple[str, str], dict] = {}
    degraded = []
    for r in rows if rows is not None else answer_records.with_their_slots(store, found["id"]):
        answer = json.loads(r["answers"])
        if r["qc"] == "":
            normal[(r["speaker_id"], r["item_id"])] = answer
        elif r["qc"] == "degraded":
            degraded.append((r, answer))
    tallies: dict[str, dict] = defaultdict(lambda: {WAITING: 0, AT_FLOOR: 0, "kinds": defaultdict(lambda: [0, 0])})
    for r, answer in degraded:
        change = changes.get(r["item_id"])
        kind = attention.kind_of(change)
        caught = _caught(answer, normal.get((r["speaker_id"], r["qc_of"])), change, task)
        slot = tallies[r["speaker_id"]]
        if isinstance(caught, str):
            slot[caught] += 1
            continue
        slot["kinds"][kind][0] += caught
        slot["kinds"][kind][1] += 1
    speakers = [_speaker(speaker_id, t, chosen["min_catch"]) for speaker_id, t in sorted(tallies.items())]
    overall: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for t in tallies.values():
        for kind, (k, n) in t["kinds"].items():
            overall[kind][0] += k
            overall[kind][1] += n
    return {"campaign_id": found["id"], "kind": chosen["kind"], "min_catch": chosen["min_catch"],
            "speakers": speakers, "by_kind": {kind: _rate(k, n) for kind, (k, n) in sorted(overall.items())}}


def _speaker(speaker_id: str, tally: dict, min_catch: float) -> dict:
    caught = sum(k for k, _ in tally["kinds"].values())
    checked = sum(n for _, n in tally["kinds"].values())
    row = {"speaker_id": speaker_id, **_rate(caught, checked), WAITING: tally[WAITING], AT_FLOOR: tally[AT_FLOOR],
           "by_kind": {kind: _rate(k, n) for kind, (k, n) in sorted(tally["kinds"].items())}}
    return {**row, "flag": flag(row, min_catch)}


def flag(row: dict, min_catch: float) -> str | None:
    """The line a coordinator reads for a speaker below the campaign's rate (None at or above it, or with none
    checked): the rate with its interval, and whether the interval reaches the rate (too few items to tell)."""
    if not row["checked"] or row["rate"] >= min_catch:
        return None
    said = (f"caught {row['caught']} of {row['checked']} attention items ({row['rate']:.0%}; 95% interval "
            f"{row['low']:.0%}–{row['high']:.0%}), below the campaign's {min_catch:.0%}")
    return said + (" — the interval reaches it: too few items to tell" if row["high"] >= min_catch else "")
