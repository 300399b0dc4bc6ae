"""What a speaker is shown at one position of their sequence, for a script or a coordinator at a terminal (``lyss
review show``): the item's texts, its words numbered as a paper form numbers them, the pre-marks it is served with
(numbered as ``lyss review answer --keep/--drop`` takes them) and any answer saved. Reads only: nothing is joined
or served (the next segment of an adaptive campaign is shown as it would be served, and a fixed campaign's first item
before the speaker's first answer as the sequence that answer makes would begin)."""

from __future__ import annotations

import json

from scoring.errors import BadValue

from ..records import catalogue, sequences
from .. import tasks as task_defs
from ..tasks import premarks
from ..study import verdicts
from ..tasks.error_spans import word_span
from .sequence import next_segment, would_join


def _decoded(extra: str | dict | None) -> dict:
    """An item's ``extra`` as stored (JSON text) or made in memory, decoded."""
    return json.loads(extra) if isinstance(extra, str) else extra or {}


def shown_item(store, campaign_id: str, speaker_id: str, position: int | None = None) -> dict:
    """The item at ``position`` as the speaker sees it. By default the one the speaker would be shown now: the first
    unanswered one; where none is served, in a campaign that serves items as its questions need them, the first item
    of the segment it would serve next (``"served": False``: nothing is recorded; answering it serves it, the same
    choice); where nothing more is needed, ``"position": None`` and the sentence the app says (``"said"``)."""
    length = sequences.length(store, campaign_id, speaker_id)
    campaign = catalogue.campaign(store, campaign_id)
    task = task_defs.task(campaign["task"])
    if position is None:
        position = sequences.next_position(store, campaign_id, speaker_id)
        if position is None and catalogue.is_adaptive(campaign):
            chosen = next_segment(store, campaign_id, speaker_id)
            if chosen is None:
                return {"campaign_id": campaign_id, "campaign": campaign["name"], "task": task.code,
                        "speaker_id": speaker_id, "position": None, "of": length, "said": verdicts.speaker_done()}
            first, items = chosen
            item = {**catalogue.item(store, items[0], decoded=True), "qc": "", "answer": None, "note": None}
            return _shown(campaign, task, speaker_id, first, length + len(items), item, served=False)
        if length == 0 and not catalogue.is_adaptive(campaign):  # before the first answer: the sequence it will make
            slots, made = would_join(store, campaign, speaker_id)
            if slots:
                first = slots[0]
                made_here = {m["id"]: m for m in made}
                item = made_here.get(first["item_id"]) or catalogue.item(store, first["item_id"])
                item = {**item, "extra": _decoded(item.get("extra")), "qc": first["qc"], "answer": None, "note": None}
                return _shown(campaign, task, speaker_id, 0, len(slots), item, served=False)
        position = length - 1 if position is None else position
    if not 0 <= position < length:
        raise BadValue("--position", str(position), f"this speaker's sequence has positions 0 to {length - 1}"
                       if length else "this speaker has no item served yet")
    return _shown(campaign, task, speaker_id, position, length, sequences.item_at(store, campaign_id, speaker_id,
                                                                                  position))


def _shown(campaign: dict, task, speaker_id: str, position: int, of: int, item: dict, served: bool = True) -> dict:
    first, second = task.texts(item)
    output = item["output"] or ""
    words = task.numbered_words(output)
    marks = premarks.served(item, campaign["settings"], campaign["id"], speaker_id) if task.marks_spans else []
    return {"campaign_id": campaign["id"], "campaign": campaign["name"], "task": task.code, "speaker_id": speaker_id,
            "position": position, "of": of, "served": served, "item_id": item["id"],
            "quality_control": item["qc"] or None, "texts": [first, second], "words": [output[a:b] for a, b in words],
            "premarks": [{"number": n, "severity": m["severity"], "source": m["source"],
                          "words": "missing" if m.get("missing") else word_span(words, m["start"], m["end"]),
                          "text": None if m.get("missing") else output[m["start"]:m["end"]]}
                         for n, m in enumerate(marks)],
            "answer": item["answer"], "note": item["note"],
            "answer_words": None if item["answer"] is None else task.answer_words(item["answer"], output)}
