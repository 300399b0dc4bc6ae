"""A speaker's sequence in a campaign, and the positions a screen moves through (:class:`Sequence`: the next
open one, the one after, the item shown at a position with the speaker's progress).

A fixed campaign's sequence is made once (under-covered items first, with repeated and degraded
quality-control items mixed in, the same wherever it is made). An adaptive campaign's grows a segment at a
time (:func:`serve_next_segment`): the outputs of one segment, chosen at random among the segments whose
decisions are still open, from the runs still in an open decision (``review.study.decisions``); a run whose
every comparison and tier is settled is no longer served. The choice is seeded by the campaign, the speaker
and the position (the same state gives the same choice on any laptop) and recorded as the speaker's
assignments, like any sequence. Only the laptop that registered a speaker serves them. A speaker never gets
the same item twice; the practice round comes first in every campaign (``review.rating.practice``)."""

from __future__ import annotations

import json
import random
from typing import Callable

from scoring.errors import BadValue, NotFound

from . import practice
from .practice import degrade
from .. import tasks as task_defs
from ..records import catalogue
from ..records.catalogue import is_adaptive
from ..store import Store, content_id as _hash, dumps, keys, now
from ..study.order import BLOCK, campaign_order, serving_key
from ..records.speakers import active_speaker


def join(store: Store, campaign_id: str, speaker_id: str) -> int:
    """Give a speaker their sequence in a campaign (once). Returns its length. Two processes joining the
    same speaker at once both succeed: the sequence is built inside one write transaction."""
    active_speaker(store, speaker_id)
    campaign = store.one("select * from campaigns where id = ?", [campaign_id])
    if campaign is None:
        raise NotFound("campaign", campaign_id, "no such campaign")
    if not catalogue.takes_part(store, campaign_id):  # a sequence made here would be refused everywhere else
        raise BadValue("campaign", campaign_id, catalogue.not_enrolled_words(store, campaign_id))
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
        return 0  # items are served as the decisions need them (serve_next_segment)
    # The sequence depends on the campaign and the speaker only, so that it is the same wherever and
    # whenever it is made (a restored backup makes it again identically: no two versions can meet).
    rng = random.Random(f"{campaign_id}|{speaker_id}")
    copies = catalogue.copies_of(store, campaign_id)
    items = [r for r in store.rows("select ci.item_id, i.output, i.reference, i.kind from campaign_items ci join items "
                                   "i on i.id = ci.item_id where ci.campaign_id = ? order by ci.position", [campaign_id])
             if r["item_id"] not in copies]  # an output another item of the campaign has is rated once, as that one
    settings = json.loads(campaign["settings"] or "{}")
    if settings.get("order_seed"):
        items = _in_campaign_order(store, {**campaign, "settings": settings}, items, rng)
    else:  # a campaign made before its order was recorded: each speaker's own order, as it always had
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
    served_at = now()
    with store.transaction() as db:
        db["items"].insert_all(new_items, ignore=True)
        db["assignments"].insert_all([{"campaign_id": campaign_id, "speaker_id": speaker_id, "position": p, **s,
                                       "served_at": served_at, "signer": store.public_key}
                                      for p, s in enumerate(sequence)])
    return len(sequence)


def _in_campaign_order(store: Store, campaign: dict, items: list[dict], rng: random.Random) -> list[dict]:
    """The items in the campaign's one order (``review.study.order``: the order its questions take them in), each
    block of ``BLOCK`` in this speaker's own order: every speaker reaches an item at about the same point, so an
    item's ratings arrive together and its decisions follow the speakers instead of waiting for the slowest's end."""
    ranked = {item: k for k, item in enumerate(campaign_order(store, campaign))}
    items = sorted(items, key=lambda r: ranked[r["item_id"]])
    blocks = [items[k:k + BLOCK] for k in range(0, len(items), BLOCK)]
    for block in blocks:
        rng.shuffle(block)
    return [item for block in blocks for item in block]


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
    row = store.one("select (select count(*) from ratings where campaign_id = :c and speaker_id = :s) as done, "
                    "(select count(*) from assignments where campaign_id = :c and speaker_id = :s) as total",
                    {"c": campaign_id, "s": speaker_id})
    return row["done"], row["total"]


def progress_words(store: Store, campaign_id: str, speaker_id: str) -> str:
    """A speaker's progress in the words every command uses: "3 of 12" for a fixed sequence; for a campaign that
    serves items while its questions are open, the answers only (its total grows: "4 of 5" would mislead)."""
    done, total = progress(store, campaign_id, speaker_id)
    campaign = store.one("select settings from campaigns where id = ?", [campaign_id], json_columns=["settings"])
    if campaign and is_adaptive(campaign):
        return f"{done} answered (items are served while the study's questions are open)"
    return f"{done} of {total}"


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


# ----------------------------------------------------------------------------- adaptive campaigns

SKIPS_TO_SET_ASIDE = 2  # an item a speaker skipped this often is served to another speaker as well


def set_aside(store: Store, campaign_id: str, speaker_id: str) -> set[int]:
    """The positions a speaker has skipped ``SKIPS_TO_SET_ASIDE`` times here and not answered: the campaign serves
    those items to another speaker (they hold back the decisions until someone answers them), and this speaker may
    go on to the next segment (answering them later still counts)."""
    rows = store.rows("select k.position from skips k left join ratings r on r.campaign_id = k.campaign_id and "
                      "r.speaker_id = k.speaker_id and r.position = k.position where k.campaign_id = ? and "
                      "k.speaker_id = ? and k.times >= ? and r.uuid is null",
                      [campaign_id, speaker_id, SKIPS_TO_SET_ASIDE])
    return {r["position"] for r in rows}


def _waits_for_answers(store: Store, campaign_id: str, speaker_id: str) -> bool:
    """Whether the speaker has a served item to answer (other than those set aside)."""
    row = store.one(f"select group_concat(a.position) as open {_OPEN} and r.uuid is null", [campaign_id, speaker_id])
    positions = {int(p) for p in (row["open"] or "").split(",") if p}
    return bool(positions - set_aside(store, campaign_id, speaker_id))


def serve_next_segment(store: Store, campaign_id: str, speaker_id: str, ahead: bool = False) -> int:
    """When an adaptive campaign's speaker has answered everything served so far (but what they set aside), serve
    the next segment (``ahead``: even while items are open — a paper form prints several at once). Returns how many
    items were added (0: not adaptive, items still open, registered elsewhere, or every decision made). Each item is
    recorded with the moment it was served: its place in the campaign's serving order (``review.study.order``)."""
    campaign = catalogue.campaign(store, campaign_id)
    if not is_adaptive(campaign):
        return 0
    if not ahead and _waits_for_answers(store, campaign_id, speaker_id):
        return 0
    registrar = store.one("select registered_by from speakers where id = ?", [speaker_id])
    if registrar is None or registrar["registered_by"] not in (None, store.public_key):
        return 0
    from ..study import decisions  # deferred: its statistics load numpy, which the first window needs not wait for
    with store.transaction() as db:
        served = decisions.decide(store, campaign_id)["serving_runs"]
        if not served:
            return 0
        wanted, begun = _open_items(store, campaign, served, speaker_id)
        if not wanted:
            return 0
        position = sequence_length(store, campaign_id, speaker_id)
        rng = random.Random(f"{campaign_id}|{speaker_id}|{position}")
        entry = min(begun, key=lambda e: (begun[e], e)) if begun else \
            rng.choice(sorted(wanted, key=lambda e: (len(e), e)))
        items = sorted(wanted[entry])
        rng.shuffle(items)
        served_at = now()
        db["assignments"].insert_all([{"campaign_id": campaign_id, "speaker_id": speaker_id, "position": position + k,
                                       "item_id": item, "qc": "", "qc_of": None, "served_at": served_at,
                                       "signer": store.public_key} for k, item in enumerate(items)])
    return len(items)


def _open_items(store: Store, campaign: dict, served: list[str], speaker_id: str) -> tuple[dict[str, list[str]],
                                                                                           dict[str, tuple]]:
    """entry → the items that still want a speaker for the segments this speaker has not seen, among those that
    stand for an output of a served run (an output several runs share is one item, served while any of those runs
    is); and the entries among them served before (a speaker withdrew, set an item aside, or the campaign asks
    several ratings), each with its first serving: those hold back the decisions and are served first, the earliest
    first. A speaker who withdrew, or set the item aside (skipped it twice), no longer counts as given it."""
    same = catalogue.same_outputs(store, campaign["id"])
    runs_of = {item: {c["run_id"] for c in group} for item, group in same.items()}  # the other runs it stands for
    copies = {c["item_id"] for group in same.values() for c in group}
    rows = store.rows(
        "select i.id, i.run_id, i.entry_id, (select count(*) from assignments a join speakers s on s.id = a.speaker_id "
        "where a.campaign_id = ci.campaign_id and a.item_id = i.id and s.withdrawn = 0 and not exists (select 1 from "
        "skips k where k.campaign_id = a.campaign_id and k.speaker_id = a.speaker_id and k.position = a.position and "
        "k.times >= ? and not exists (select 1 from ratings r where r.campaign_id = a.campaign_id and r.speaker_id = "
        "a.speaker_id and r.position = a.position))) as given "
        "from campaign_items ci join items i on i.id = ci.item_id "
        "where ci.campaign_id = ? and i.entry_id not in (select i2.entry_id from "
        "assignments a2 join items i2 on i2.id = a2.item_id where a2.campaign_id = ci.campaign_id and "
        "a2.speaker_id = ?)", [SKIPS_TO_SET_ASIDE, campaign["id"], speaker_id])
    first = {}
    for r in store.rows("select item_id, speaker_id, position, served_at from assignments where campaign_id = ? and "
                        "qc = ''", [campaign["id"]]):
        key = serving_key(r)
        first[r["item_id"]] = min(first.get(r["item_id"], key), key)
    served_runs = set(served)
    wanted: dict[str, list[str]] = {}
    begun: dict[str, tuple] = {}
    for r in rows:
        if r["id"] in copies or not ({r["run_id"]} | runs_of.get(r["id"], set())) & served_runs:
            continue
        if r["given"] < campaign["raters_per_item"]:
            wanted.setdefault(r["entry_id"], []).append(r["id"])
            if r["id"] in first:
                begun[r["entry_id"]] = min(begun.get(r["entry_id"], first[r["id"]]), first[r["id"]])
    return wanted, begun


# ----------------------------------------------------------------------------- walking a sequence

class Sequence:
    """One speaker's sequence in one campaign, as a screen walks it. Opening it joins the speaker (their
    sequence is made once); where a walk runs out of open items, an adaptive campaign serves its next segment
    here, and only here."""

    def __init__(self, store: Store, campaign_id: str, speaker_id: str):
        self.store, self.campaign_id, self.speaker_id = store, campaign_id, speaker_id
        join(store, campaign_id, speaker_id)
        serve_next_segment(store, campaign_id, speaker_id)  # an adaptive campaign serves its first segment
        self.campaign = catalogue.campaign(store, campaign_id)
        self.open_ended = is_adaptive(self.campaign)  # items are served as the decisions need them: no "of N"

    def first_open(self) -> int | None:
        """The first position without an answer (``None``: every item is answered)."""
        return self._served(lambda: next_position(self.store, self.campaign_id, self.speaker_id))

    def after(self, position: int) -> int | None:
        """Where the screen goes after ``position`` (:func:`position_after`)."""
        return self._served(lambda: position_after(self.store, self.campaign_id, self.speaker_id, position))

    def open_after(self, position: int) -> int | None:
        """The next unanswered position after ``position``, round to the first (skipping an item)."""
        return self._served(lambda: open_position_after(self.store, self.campaign_id, self.speaker_id, position))

    def item(self, position: int) -> dict:
        return item_at(self.store, self.campaign_id, self.speaker_id, position)

    def progress(self) -> tuple[int, int]:
        return progress(self.store, self.campaign_id, self.speaker_id)

    def practice(self) -> list[dict]:
        """The practice items this speaker is to answer first ([] when it is not due)."""
        due = practice.offered(self.store, self.campaign_id, self.speaker_id)
        return practice.items(self.store, self.campaign_id) if due else []

    def practice_done(self) -> None:
        practice.mark_done(self.store, self.campaign_id, self.speaker_id)

    def _served(self, find: Callable[[], int | None]) -> int | None:
        """The position ``find`` gives; where it gives none, or an item the speaker set aside (skipped twice), an
        adaptive campaign serves its next segment and the first item of it is shown."""
        position = find()
        if position is not None and not (self.open_ended and position in set_aside(
                self.store, self.campaign_id, self.speaker_id)):
            return position
        start = sequence_length(self.store, self.campaign_id, self.speaker_id)
        if serve_next_segment(self.store, self.campaign_id, self.speaker_id):
            return start
        return position
