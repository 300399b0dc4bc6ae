"""What a speaker is shown at one position of their sequence, for a script or a coordinator at a terminal (``lyss
review show``): the item's texts, its words numbered as a paper form numbers them, the pre-marks it is served with
(numbered as ``lyss review answer --keep/--drop`` takes them) and any answer saved. Reads only: nothing is joined
or served."""

from __future__ import annotations

from scoring.errors import BadValue

from ..records import catalogue, sequences
from .. import tasks as task_defs
from ..tasks import premarks
from ..tasks.error_spans import word_span


def shown_item(store, campaign_id: str, speaker_id: str, position: int | None = None) -> dict:
    """The item at ``position`` (default: the next unanswered one, else the last) as the speaker sees it."""
    length = sequences.length(store, campaign_id, speaker_id)
    if length == 0:
        raise BadValue("--speaker", speaker_id, "has no sequence in this campaign yet (their first answer, in the app "
                                                "or with lyss review answer, makes it)")
    if position is None:
        position = sequences.next_position(store, campaign_id, speaker_id)
        position = length - 1 if position is None else position
    if not 0 <= position < length:
        raise BadValue("--position", str(position), f"this speaker's sequence has positions 0 to {length - 1}")
    campaign = catalogue.campaign(store, campaign_id)
    task = task_defs.task(campaign["task"])
    item = sequences.item_at(store, campaign_id, speaker_id, position)
    first, second = task.texts(item)
    output = item["output"] or ""
    words = task.numbered_words(output)
    marks = premarks.served(item, campaign["settings"], campaign_id, speaker_id) if task.marks_spans else []
    return {"campaign_id": campaign_id, "campaign": campaign["name"], "task": task.code, "speaker_id": speaker_id,
            "position": position, "of": length, "item_id": item["id"], "quality_control": item["qc"] or None,
            "texts": [first, second], "words": [output[a:b] for a, b in words],
            "premarks": [{"number": n, "severity": m["severity"], "source": m["source"],
                          "words": "missing" if m.get("missing") else word_span(words, m["start"], m["end"]),
                          "text": None if m.get("missing") else output[m["start"]:m["end"]]}
                         for n, m in enumerate(marks)],
            "answer": item["answer"], "note": item["note"]}
