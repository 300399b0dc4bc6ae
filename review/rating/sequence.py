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
from typing import Callable, Iterator

from scoring.errors import BadValue, NotFound

from . import practice
from .practice import degrade
from .. import tasks as task_defs
from ..records import catalogue, laptops, sequences, speakers
from ..records.catalogue import is_adaptive
from ..records.sequences import item_at, length, next_position, open_position_after, position_after, progress, set_aside
from ..store import Store, content_id as _hash, dumps, keys
from ..tasks import attention
from ..study.order import BLOCK, campaign_order, serving_key


def join(store: Store, campaign_id: str, speaker_id: str) -> int:
    """Give a speaker their sequence in a campaign (once). Returns its length. Two processes joining the
    same speaker at once both succeed: the sequence is the same wherever it is made, and it is recorded in one
    write transaction only where none is there yet (``records.sequences.record``)."""
    speakers.active_speaker(store, speaker_id)
    campaign = catalogue.campaign(store, campaign_id)
    if not laptops.takes_part(store, campaign_id):  # a sequence made here would be refused everywhere else
        raise laptops.not_enrolled(store, campaign_id)
    existing = length(store, campaign_id, speaker_id)
    if existing:
        return existing
    check_registrar(store, speaker_id)
    if is_adaptive(campaign):
        return 0  # items are served as the decisions need them (serve_next_segment)
    slots, new_items = _fixed_sequence(store, campaign, speaker_id)
    sequences.record(store, campaign_id, speaker_id, slots, new_items)
    return length(store, campaign_id, speaker_id)  # another process that joined them first made the same one


def would_join(store: Store, campaign: dict, speaker_id: str) -> tuple[list[dict], list[dict]]:
    """The sequence :func:`join` would record for a speaker of a fixed campaign (its slots and the items made for it),
    recording nothing: it is the same wherever and whenever it is made."""
    return _fixed_sequence(store, campaign, speaker_id)


def _fixed_sequence(store: Store, campaign: dict, speaker_id: str) -> tuple[list[dict], list[dict]]:
    campaign_id = campaign["id"]
    # The sequence depends on the campaign and the speaker only, so that it is the same wherever and
    # whenever it is made (a restored backup makes it again identically: no two versions can meet).
    rng = random.Random(f"{campaign_id}|{speaker_id}")
    copies = catalogue.copies_of(store, campaign_id)
    items = [r for r in catalogue.campaign_items(store, campaign_id)
             if r["item_id"] not in copies]  # an output another item of the campaign has is rated once, as that one
    if campaign["settings"].get("order_seed"):
        items = _in_campaign_order(store, campaign, items, rng)
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
            for made in _attention_items(store, campaign, items, speaker_id, rng):  # each placed as it is made
                new_items.append(made)
                sequence.insert(rng.randrange(0, len(sequence) + 1),
                                {"item_id": made["id"], "qc": "degraded", "qc_of": json.loads(made["extra"])["qc_of"]})
    return sequence, new_items


def _attention_items(store: Store, campaign: dict, items: list[dict], speaker_id: str,
                     rng: random.Random) -> Iterator[dict]:
    """A speaker's attention items (``review.rating.attention``), one at a time (the caller places each before the
    next is drawn: the draws of a campaign made before ``--qc`` stay as they were): wrong forms of the language's
    grammar when the campaign asks for them and the pack made some, else phrases of another reference swapped in."""
    chosen = attention.settings_of(campaign["settings"])
    count = attention.how_many(len(items), chosen["share"])
    if chosen["kind"] == attention.GRAMMAR:
        language = campaign["settings"].get("language") or {}
        wanted = {r["item_id"] for r in items}
        candidates = [(item, forms) for item in catalogue.segment_items(store, campaign["id"], with_extra=True)
                      if item["id"] in wanted and (forms := attention.wrong_forms(item, language))]
        if candidates:
            for item, change in attention.choose(rng, candidates, count):
                yield attention.grammar_item(catalogue.item(store, item["id"], decoded=True), change, speaker_id,
                                             store.public_key)
            return
    for r in rng.sample(items, count):
        donor = rng.choice([x for x in items if x["item_id"] != r["item_id"]])
        yield _swapped(catalogue.item(store, r["item_id"]), donor["reference"], speaker_id, rng, store)


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
    registrar = speakers.speaker(store, speaker_id)["registered_by"]
    if registrar not in (None, store.public_key):
        raise BadValue("speaker", speaker_id, f"this speaker's items are chosen on the laptop that registered them "
                                              f"({keys.code_of(registrar)}): merge a bundle from that laptop first")


# ----------------------------------------------------------------------------- adaptive campaigns

def serve_next_segment(store: Store, campaign_id: str, speaker_id: str, ahead: bool = False) -> int:
    """When an adaptive campaign's speaker has answered everything served so far (but what they set aside), serve
    the next segment (``ahead``: even while items are open — a paper form prints several at once). Returns how many
    items were added (0: not adaptive, items still open, registered elsewhere, or every decision made). Each item is
    recorded with the moment it was served: its place in the campaign's serving order (``review.study.order``)."""
    chosen = next_segment(store, campaign_id, speaker_id, ahead)
    if chosen is None:
        return 0
    position, items = chosen
    slots = [{"item_id": item, "qc": "", "qc_of": None} for item in items]
    made = list(_attention_with_segment(store, catalogue.campaign(store, campaign_id), speaker_id, position, slots))
    # the write lock only to record the choice; another process that served this speaker meanwhile wins
    return sequences.record(store, campaign_id, speaker_id, slots, made, at=position)


def _attention_with_segment(store: Store, campaign: dict, speaker_id: str, position: int,
                            slots: list[dict]) -> Iterator[dict]:
    """An adaptive campaign asked for attention items (``--qc``): each segment served brings the speaker's attention
    items up to the campaign's share of the items served to them so far, made from this segment's outputs (a wrong
    form of the grammar where the pack made one; else a phrase of another entry's reference swapped in) and placed
    among them (``slots`` grows in place). Seeded like the segment: the same state serves the same ones anywhere.
    They are quality-control rows (``qc`` "degraded"): no question counts them, the catch rates read them."""
    if not campaign["settings"].get("attention") or not task_defs.task(campaign["task"]).degraded_items:
        return
    chosen = attention.settings_of(campaign["settings"])
    served, checks = sequences.served_counts(store, campaign["id"], speaker_id)
    wanted = round((served + len(slots)) * chosen["share"]) - checks
    if wanted <= 0:
        return
    rng = random.Random(f"{campaign['id']}|{speaker_id}|{position}|attention")
    segment = [catalogue.item(store, slot["item_id"], decoded=True) for slot in slots]
    if chosen["kind"] == attention.GRAMMAR:
        language = campaign["settings"].get("language") or {}
        candidates = [(item, forms) for item in segment if (forms := attention.wrong_forms(item, language))]
        made = [attention.grammar_item(item, change, speaker_id, store.public_key)
                for item, change in attention.choose(rng, candidates, wanted)]
    else:
        others = [r for r in catalogue.campaign_items(store, campaign["id"])
                  if r["reference"] != segment[0]["reference"]]  # another entry's
        made = [_swapped(catalogue.item(store, item["id"]), rng.choice(others)["reference"], speaker_id, rng, store)
                for item in rng.sample(segment, min(wanted, len(segment)))] if others else []
    for item in made:
        slots.insert(rng.randrange(0, len(slots) + 1), {"item_id": item["id"], "qc": "degraded",
                                                         "qc_of": json.loads(item["extra"])["qc_of"]})
        yield item


def _swapped(original: dict, donor_reference: str, speaker_id: str, rng: random.Random, store: Store) -> dict:
    """An attention item of the default kind: a phrase of another reference swapped into the output."""
    return {**original, "id": f"it-{_hash(original['id'], speaker_id, 'degraded')}", "kind": "degraded",
            "output": degrade(original["output"], donor_reference, rng),
            "extra": dumps({"qc_of": original["id"]}), "signer": store.public_key, "signature": None}


def next_segment(store: Store, campaign_id: str, speaker_id: str, ahead: bool = False) -> tuple[int, list[str]] | None:
    """The segment :func:`serve_next_segment` would serve now — (its first position, its items in the order they
    are shown) — recording nothing (``lyss review show`` shows its first item); None when it would serve none. The
    choice is seeded by the campaign, the speaker and the position: served later from the same answers, it is the
    same."""
    campaign = catalogue.campaign(store, campaign_id)
    if not is_adaptive(campaign):
        return None
    if not ahead and sequences.waits_for_answers(store, campaign_id, speaker_id):
        return None
    try:
        registrar = speakers.speaker(store, speaker_id)["registered_by"]
    except NotFound:
        return None
    if registrar not in (None, store.public_key):
        return None
    from ..study import decisions  # deferred: its statistics load numpy, which the first window needs not wait for
    position = length(store, campaign_id, speaker_id)
    served = decisions.decide(store, campaign_id).serving_runs  # read outside the write lock
    if not served:
        return None
    wanted, begun = _open_items(store, campaign, served, speaker_id)
    if not wanted:
        return None
    rng = random.Random(f"{campaign_id}|{speaker_id}|{position}")
    entry = min(begun, key=lambda e: (begun[e], e)) if begun else \
        rng.choice(sorted(wanted, key=lambda e: (len(e), e)))
    items = sorted(wanted[entry])
    rng.shuffle(items)
    return position, items


def prepare_next(store: Store, campaign_id: str, speaker_id: str, shown: int) -> int:
    """While the speaker reads the item at ``shown``, the last one open, serve an adaptive campaign's next segment
    (returns how many items were added; 0 when others are open, the campaign is fixed or every decision is made).
    Serving works the campaign's decisions out (most of a second on 6,000 items); done here, in the background while
    the speaker reads, their answer's keypress only shows the next item. The choice then rests on the answers given
    before this one (as a choice on another laptop rests on the answers merged so far); when this answer settles the
    last open question, the speaker is still shown the one segment served to them ahead."""
    if sequences.open_positions(store, campaign_id, speaker_id) - {shown}:
        return 0
    return serve_next_segment(store, campaign_id, speaker_id, ahead=True)


def serving_job(store: Store, campaign_id: str, speaker_id: str, shown: int | None = None) -> tuple[int, int]:
    """A serving done on a connection of its own (the app's background work), for :class:`ServedElsewhere`: (the
    sequence's length when it began, how many items it added). ``shown``: ahead, while the speaker reads that item
    (:func:`prepare_next`); else because the walk ran out of open items."""
    before = length(store, campaign_id, speaker_id)
    if shown is not None:
        return before, prepare_next(store, campaign_id, speaker_id, shown)
    return before, serve_next_segment(store, campaign_id, speaker_id, ahead=True)


class ServedElsewhere:
    """A :class:`Sequence`'s ``serve_elsewhere`` when its segments are served on another connection (the app's
    background work, :func:`serving_job`): asked with the sequence's length, it answers how many items a serving that
    ended added at that length, or None — after asking ``start`` for one — while none has. ``ended`` records each
    serving's result."""

    def __init__(self, start: Callable[[], None]):
        self._start = start
        self._added: dict[int, int] = {}  # the sequence's length when a serving began → the items it added

    def __call__(self, at: int) -> int | None:
        if at in self._added:
            return self._added[at]
        self._start()
        return None

    def ended(self, result: tuple[int, int], ahead: bool) -> None:
        before, added = result
        if not ahead or added:  # an ahead serving that found items open says nothing of this length
            self._added[before] = added


class ServingUnderWay(Exception):
    """The walk needs the next segment and it is being served elsewhere: ask again when that serving ends."""


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
    rows = sequences.demand(store, campaign["id"], speaker_id)
    first = {}
    for r in sequences.servings(store, campaign["id"]):
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

    def __init__(self, store: Store, campaign_id: str, speaker_id: str,
                 serve_elsewhere: Callable[[int], int | None] | None = None):
        self.store, self.campaign_id, self.speaker_id = store, campaign_id, speaker_id
        self.serve_elsewhere = serve_elsewhere  # see _served
        join(store, campaign_id, speaker_id)
        if serve_elsewhere is None:
            serve_next_segment(store, campaign_id, speaker_id)  # an adaptive campaign serves its first segment
        self.campaign = catalogue.campaign(store, campaign_id)
        self.open_ended = is_adaptive(self.campaign)  # items are served as the decisions need them: no "of N"

    def _ready(self, position: int | None) -> bool:
        return position is not None and not (self.open_ended and position in set_aside(
            self.store, self.campaign_id, self.speaker_id))

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
        adaptive campaign serves its next segment and the first item of it is shown. With :attr:`serve_elsewhere`
        (the app: serving works the decisions out, most of a second on 6,000 items, never on the window's thread) that
        serving is asked of it with the sequence's length: it answers how many items a serving elsewhere added at
        that length, or None while one is under way — then :class:`ServingUnderWay` is raised, and the walk asks
        again when it ends."""
        position = find()
        if self._ready(position):
            return position
        start = length(self.store, self.campaign_id, self.speaker_id)
        if self.serve_elsewhere is not None and self.open_ended:
            if self.serve_elsewhere(start) is None:
                raise ServingUnderWay
            position = find()
            if self._ready(position):
                return position
        elif serve_next_segment(self.store, self.campaign_id, self.speaker_id):
            return start
        if length(self.store, self.campaign_id, self.speaker_id) > start:
            return start  # served meanwhile on another connection (the app serves the next segment ahead)
        return position
