"""Serving an adaptive campaign: a speaker's next items are the outputs of one segment, chosen at random
among the segments whose decisions are still open, from the runs still in an open decision
(``review.study.decisions``). A run whose every comparison and tier is settled is no longer served.

The choice is seeded by the campaign, the speaker and the position (the same state gives the same
choice on any laptop) and recorded as the speaker's assignments, like any sequence. Only the laptop
that registered a speaker serves them (as with fixed sequences). A speaker never gets the same item
twice; the practice round comes first as in every campaign (``review.rating.session``).
"""

from __future__ import annotations

import random

from . import sequence
from .. import records
from ..store import Store


def top_up(store: Store, campaign_id: str, speaker_id: str) -> int:
    """When an adaptive campaign's speaker has answered everything served so far, serve the next segment.
    Returns how many items were added (0: not adaptive, items still open, registered elsewhere, or every
    decision made)."""
    campaign = records.campaign(store, campaign_id)
    if not records.is_adaptive(campaign):
        return 0
    if sequence.next_position(store, campaign_id, speaker_id) is not None:
        return 0
    registrar = store.one("select registered_by from speakers where id = ?", [speaker_id])
    if registrar is None or registrar["registered_by"] not in (None, store.public_key):
        return 0
    from ..study import decisions  # deferred: its statistics load numpy, which the first window needs not wait for
    with store.transaction() as db:
        served = decisions.decide(store, campaign_id)["serving_runs"]
        if not served:
            return 0
        wanted = open_items(store, campaign, served, speaker_id)
        if not wanted:
            return 0
        position = sequence.sequence_length(store, campaign_id, speaker_id)
        rng = random.Random(f"{campaign_id}|{speaker_id}|{position}")
        entry = rng.choice(sorted(wanted, key=lambda e: (len(e), e)))
        items = sorted(wanted[entry])
        rng.shuffle(items)
        db["assignments"].insert_all([{"campaign_id": campaign_id, "speaker_id": speaker_id, "position": position + k,
                                       "item_id": item, "qc": "", "qc_of": None, "signer": store.public_key}
                                      for k, item in enumerate(items)])
    return len(items)


def open_items(store: Store, campaign: dict, served: list[str], speaker_id: str) -> dict[str, list[str]]:
    """entry → the items of the served runs that still want a speaker, for the segments this speaker
    has not seen."""
    marks = ",".join("?" * len(served))
    rows = store.rows(
        "select i.id, i.entry_id, (select count(*) from assignments a join speakers s on s.id = a.speaker_id "
        "where a.campaign_id = ci.campaign_id and a.item_id = i.id and s.withdrawn = 0) as given "
        "from campaign_items ci join items i on i.id = ci.item_id "
        f"where ci.campaign_id = ? and i.run_id in ({marks}) and i.entry_id not in (select i2.entry_id from "
        "assignments a2 join items i2 on i2.id = a2.item_id where a2.campaign_id = ci.campaign_id and "
        "a2.speaker_id = ?)", [campaign["id"], *served, speaker_id])
    wanted: dict[str, list[str]] = {}
    for r in rows:
        if r["given"] < campaign["raters_per_item"]:
            wanted.setdefault(r["entry_id"], []).append(r["id"])
    return wanted
