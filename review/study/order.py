"""The order in which a campaign's answers reach its questions: the order its items were *served* in, never the order
the answers were recorded in.

A confidence sequence holds only when the order it sees items in has nothing to do with their scores. The order
answers are recorded in carries the scores: a speaker skips a bad output and answers it last, a careful speaker is
slower on a bad one and finishes it later, an imported file may be sorted by score. The order items are served in is
fixed before anyone has seen them:

- **an adaptive campaign**: an item's place is the moment it was first served (``assignments.served_at``, recorded
  by the laptop that served it and signed with the row, then the speaker and the position), chosen at random among
  the open segments at that moment (``review.rating.sequence``). Rows served before LYSS recorded the moment are
  placed first, by position, then speaker;
- **fixed sequences**: one random order of the campaign's items, drawn once from the campaign's seed
  (``settings.order_seed``, else its id) over the items' content (their source, output and reference), so adding or
  withdrawing a speaker moves no item;
- **imported ratings**, whose answers exist before the campaign: the order is drawn from the rows' content alone
  (:data:`CONTENT_ONLY`, the same for every import): the same rows give the same order, and so the same verdict, on
  any laptop, under any file name and in any row order — there is no name or seed to try until one says "confirmed"
  (issue 66: the campaign's id hashed the file's name, and 20 names tried gave some "confirmed" at a true share of
  0.79 in a quarter of attempts). Imports made before keep the seed they recorded.

Every laptop holding the same rows computes the same order. The questions take the items along the **answered
prefix** (``review.study.decisions``): an item served and not yet rated as often as the campaign asks holds back every
item served after it, so skipping an item, or answering it slowly, delays a verdict and never changes it. An item a
withdrawn speaker was served keeps its place (it is served again to another speaker, ``review.rating.sequence``).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field

from ..records import catalogue, sequences
from ..records.catalogue import is_adaptive
from ..store import Store

CONTENT_ONLY = "imported rows: their content alone"  # the order seed of every import (the same for all of them)
BLOCK = 10  # a fixed sequence follows the campaign's order block by block (each speaker's own order inside a block)


def order_seed(campaign: dict) -> str:
    """The seed of a campaign's order: recorded in its settings when it was made, else its id (as fixed)."""
    return str((campaign.get("settings") or {}).get("order_seed") or campaign["id"])


def described(campaign: dict) -> dict:
    """How a campaign's order was fixed, for ``study status`` and the report to say: ``served`` (adaptive: each item
    at the moment it was first served), ``content`` (an import: its rows' content alone), or ``seed`` (drawn when the
    campaign was made, from ``seed`` — its id, which hashes the coordinator's ``--seed`` (``chosen``) with the
    laptop's own random key, so nobody picks an order after seeing answers — over the items' content)."""
    if is_adaptive(campaign):
        return {"kind": "served", "seed": None}
    seed = order_seed(campaign)
    chosen = (campaign.get("settings") or {}).get("seed")  # the coordinator's --seed, hashed with the laptop's key
    return {"kind": "content", "seed": None} if seed == CONTENT_ONLY else \
        {"kind": "seed", "seed": seed, "chosen": chosen}


def shuffled(items: list[dict], seed: str) -> list[str]:
    """Item ids in a random order drawn from ``seed`` over the items' content (not the order they come in)."""
    def key(item: dict) -> tuple[str, str]:
        text = "\x1f".join(str(item.get(k) or "") for k in ("source", "output", "reference"))
        return hashlib.sha256(f"{seed}\x1e{text}".encode()).hexdigest(), item["id"]
    return [item["id"] for item in sorted(items, key=key)]


def serving_key(row: dict) -> tuple[str, int, str]:
    """Where one serving (an assignment row) stands in a campaign's order: when it was served, then its position
    and speaker (rows served before the moment was recorded: first, by position)."""
    return row.get("served_at") or "", row["position"], row["speaker_id"]


@dataclass
class Order:
    """A campaign's serving order: ``place`` of each item served (an item standing for copies of its output
    places them too), and who was served each (``holders``: speaker ids, for the words of what is awaited)."""
    place: dict[str, tuple] = field(default_factory=dict)
    holders: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def of(self, item_id: str) -> tuple | None:
        return self.place.get(item_id)


def campaign_order(store: Store, campaign: dict) -> list[str]:
    """A campaign's items (each output once: copies out) in its one random order (fixed sequences, imports)."""
    rows = [{"id": r["item_id"], "source": r["source"], "output": r["output"], "reference": r["reference"]}
            for r in catalogue.campaign_items(store, campaign["id"])]
    return shuffled(rows, order_seed(campaign))


def serving_order(store: Store, campaign: dict, stands_for: dict[str, str]) -> Order:
    """Each served item's place (``stands_for``: item → the item whose rating it shares; those share its place)."""
    rows = sequences.servings(store, campaign["id"])
    order = Order()
    for r in rows:
        order.holders[stands_for.get(r["item_id"], r["item_id"])].add(r["speaker_id"])
    if is_adaptive(campaign):
        for r in sorted(rows, key=serving_key):
            order.place.setdefault(stands_for.get(r["item_id"], r["item_id"]), serving_key(r))
    else:
        served = {stands_for.get(r["item_id"], r["item_id"]) for r in rows}
        imported = bool((campaign.get("settings") or {}).get("imported"))
        ranked = [i for i in campaign_order(store, campaign) if not imported or i in served]
        order.place.update({item: (rank,) for rank, item in enumerate(ranked) if item not in stands_for})
    for copy, item in stands_for.items():
        if item in order.place:
            order.place[copy] = order.place[item]
    return order
