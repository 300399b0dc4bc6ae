"""A speaker's sequence in a campaign: made once (under-covered items first, with repeated and degraded
quality-control items mixed in, the same wherever it is made), and the positions a screen moves through —
the next open one, the one after, the item shown at a position with the speaker's progress."""

from __future__ import annotations

import json
import random

from scoring.errors import BadValue, NotFound

from .. import tasks as task_defs
from ..records import is_adaptive
from ..store import Store, content_id as _hash, dumps, keys
from .roster import active_speaker


def degrade(output: str, other_reference: str, rng: random.Random) -> str:
    """Appraise-style degraded output: a phrase from another reference swapped in, its length sized to
    the sentence (1 word for ≤ 3 words, 2 for ≤ 5, 3 for ≤ 8, else a quarter of the words)."""
    words = output.split()
    donor = other_reference.split() or ["…"]
    n = len(words)
    span = 1 if n <= 3 else 2 if n <= 5 else 3 if n <= 8 else max(3, n // 4)
    span = min(span, max(1, n))
    start = rng.randrange(0, max(1, n - span + 1))
    d_start = rng.randrange(0, max(1, len(donor) - span + 1))
    return " ".join(words[:start] + donor[d_start:d_start + span] + words[start + span:])


def join(store: Store, campaign_id: str, speaker_id: str) -> int:
    """Give a speaker their sequence in a campaign (once). Returns its length. Two processes joining the
    same speaker at once both succeed: the sequence is built inside one write transaction."""
    active_speaker(store, speaker_id)
    campaign = store.one("select * from campaigns where id = ?", [campaign_id])
    if campaign is None:
        raise NotFound("campaign", campaign_id, "no such campaign")
    with store.transaction():
        return _join(store, campaign, speaker_id)


def _join(store: Store, campaign: dict, speaker_id: str) -> int:
    campaign_id = campaign["id"]
    existing = store.one("select count(*) as n from assignments where campaign_id = ? and speaker_id = ?",
                         [campaign_id, speaker_id])["n"]
    if existing:
        return existing
    check_registrar(store, speaker_id)
    if is_adaptive(campaign):
        return 0  # items are served as the decisions need them (review.rating.adaptive)
    # The sequence depends on the campaign and the speaker only, so that it is the same wherever and
    # whenever it is made (a restored backup makes it again identically: no two versions can meet).
    rng = random.Random(f"{campaign_id}|{speaker_id}")
    items = store.rows("select ci.item_id, i.output, i.reference, i.kind from campaign_items ci join items i "
                       "on i.id = ci.item_id where ci.campaign_id = ? order by ci.position", [campaign_id])
    rng.shuffle(items)
    sequence = [{"item_id": r["item_id"], "qc": "", "qc_of": None} for r in items]
    qc = task_defs.settings("qc")
    n = len(items)
    new_items = []
    if n >= 10:
        for r in rng.sample(items, max(1, round(n * qc["repeat_share"]))):
            first = next(i for i, s in enumerate(sequence) if s["item_id"] == r["item_id"])
            at = rng.randrange(min(first + qc["min_gap"], len(sequence)), len(sequence) + 1)
            sequence.insert(at, {"item_id": r["item_id"], "qc": "repeat", "qc_of": r["item_id"]})
        if task_defs.task(campaign["task"]).degraded_items:
            for r in rng.sample(items, max(1, round(n * qc["degraded_share"]))):
                donor = rng.choice([x for x in items if x["item_id"] != r["item_id"]])
                original = store.one("select * from items where id = ?", [r["item_id"]])
                degraded_id = f"it-{_hash(r['item_id'], speaker_id, 'degraded')}"
                new_items.append({**original, "id": degraded_id, "kind": "degraded",
                                  "output": degrade(original["output"], donor["reference"], rng),
                                  "extra": dumps({"qc_of": r["item_id"]}), "signer": store.public_key,
                                  "signature": None})
                sequence.insert(rng.randrange(0, len(sequence) + 1),
                                {"item_id": degraded_id, "qc": "degraded", "qc_of": r["item_id"]})
    with store.transaction() as db:
        db["items"].insert_all(new_items, ignore=True)
        db["assignments"].insert_all([{"campaign_id": campaign_id, "speaker_id": speaker_id, "position": p, **s,
                                       "signer": store.public_key} for p, s in enumerate(sequence)])
    return len(sequence)


def check_registrar(store: Store, speaker_id: str) -> None:
    """Only the laptop that registered a speaker chooses their items."""
    registrar = store.one("select registered_by from speakers where id = ?", [speaker_id])["registered_by"]
    if registrar not in (None, store.public_key):
        raise BadValue("speaker", speaker_id, f"this speaker's items are chosen on the laptop that registered them "
                                              f"({keys.code_of(registrar)}): merge a bundle from that laptop first")


def sequence_length(store: Store, campaign_id: str, speaker_id: str) -> int:
    return store.one("select count(*) as n from assignments where campaign_id = ? and speaker_id = ?",
                     [campaign_id, speaker_id])["n"]


def progress(store: Store, campaign_id: str, speaker_id: str) -> tuple[int, int]:
    """(answered, total) for a speaker's sequence."""
    row = store.one("select (select count(*) from ratings where campaign_id = ?1 and speaker_id = ?2) as done, "
                    "(select count(*) from assignments where campaign_id = ?1 and speaker_id = ?2) as total",
                    [campaign_id, speaker_id])
    return row["done"], row["total"]


def next_position(store: Store, campaign_id: str, speaker_id: str) -> int | None:
    """The first position of the sequence without an answer (``None`` when finished)."""
    row = store.one("select min(a.position) as p from assignments a left join ratings r on r.campaign_id = "
                    "a.campaign_id and r.speaker_id = a.speaker_id and r.position = a.position where "
                    "a.campaign_id = ? and a.speaker_id = ? and r.uuid is null", [campaign_id, speaker_id])
    return row["p"] if row else None


_OPEN = ("from assignments a left join ratings r on r.campaign_id = a.campaign_id and r.speaker_id = a.speaker_id "
         "and r.position = a.position where a.campaign_id = ? and a.speaker_id = ?")


def position_after(store: Store, campaign_id: str, speaker_id: str, position: int) -> int | None:
    """Where the screen goes after ``position`` (the one next-item rule): the following position when
    it is already answered (a speaker paging through earlier answers keeps paging), else the next
    unanswered position after this one, round to the first (an item skipped comes back last); ``None``
    as soon as every item is answered. One statement."""
    row = store.one(f"select (select r.uuid is not null {_OPEN} and a.position = ?) as following_answered, "
                    f"coalesce((select min(a.position) {_OPEN} and r.uuid is null and a.position > ?), "
                    f"(select min(a.position) {_OPEN} and r.uuid is null)) as next_open",
                    [campaign_id, speaker_id, position + 1, campaign_id, speaker_id, position,
                     campaign_id, speaker_id])
    if row["next_open"] is None:
        return None
    return position + 1 if row["following_answered"] else row["next_open"]


def open_position_after(store: Store, campaign_id: str, speaker_id: str, position: int) -> int | None:
    """The next unanswered position after ``position``, wrapping round to the first (skipping an item);
    ``None`` when every item is answered. One statement."""
    row = store.one(f"select coalesce((select min(a.position) {_OPEN} and r.uuid is null and a.position > ?), "
                    f"(select min(a.position) {_OPEN} and r.uuid is null)) as p",
                    [campaign_id, speaker_id, position, campaign_id, speaker_id])
    return row["p"]


def item_at(store: Store, campaign_id: str, speaker_id: str, position: int) -> dict:
    """What the screen shows at a position, in one statement: the item, the task, the existing answer if
    any, and the speaker's progress (``answered`` of ``total``)."""
    row = store.one("select a.position, a.qc, i.*, c.task, r.answers as answer, r.note, "
                    "(select count(*) from ratings where campaign_id = a.campaign_id and speaker_id = a.speaker_id) "
                    "as answered, (select count(*) from assignments where campaign_id = a.campaign_id and "
                    "speaker_id = a.speaker_id) as total from assignments a join items i on i.id = a.item_id "
                    "join campaigns c on c.id = a.campaign_id left join ratings r on r.campaign_id = a.campaign_id "
                    "and r.speaker_id = a.speaker_id and r.position = a.position where a.campaign_id = ? and "
                    "a.speaker_id = ? and a.position = ?", [campaign_id, speaker_id, position], json_columns=["extra"])
    if row is None:
        raise NotFound("campaign", f"position {position}", "no such item in this speaker's sequence")
    row["answer"] = json.loads(row["answer"]) if row["answer"] is not None else None
    return row
