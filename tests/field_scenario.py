"""The field scenario of issue 52, as a new coordinator meets it: three runs of the Cree demo that share many outputs —
the demo itself (naive), a version with half its wrong outputs replaced by the reference (glossary) and one with
every third output cut to its first word (tiny) — in an adaptive task-E campaign asking which system is best, within
10, answered by two speakers until nothing more is served."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from review import records
from review.rating import campaigns, practice, sequence
from review.records import catalogue
from review.store import Store

NAMES = ("demo/naive-llm", "demo/glossary-llm", "demo/tiny-llm")


def three_runs(scored_demo: Path) -> list[dict]:
    base = json.loads(scored_demo.read_text("utf-8"))
    runs = []
    for name in NAMES:
        card = copy.deepcopy(base)
        card["model_slug"] = card["run_id"] = name
        wrong = 0
        for k, e in enumerate(card["entries"]):
            if name == "demo/glossary-llm" and e["predicted"] != e["reference"]:
                wrong += 1
                if wrong % 2:
                    e["predicted"] = e["reference"]
            if name == "demo/tiny-llm" and k % 3 == 0 and e["predicted"]:
                e["predicted"] = e["predicted"].split()[0]
        runs.append(card)
    return runs


def score(item: dict) -> int:
    """What the speakers give an output: 100 when it is the reference, 20 when cut to one word, else 60."""
    output, reference = item["output"] or "", item["reference"] or ""
    if output.strip() == reference.strip():
        return 100
    return 20 if len(output.split()) <= 1 < len(reference.split()) else 60


def best_campaign(path: Path, scored_demo: Path, speakers: tuple[str, ...] = ("Rita", "Joseph")) -> tuple[Store, str]:
    """The campaign, answered until nothing more is served (the speakers take turns, one segment each)."""
    store = Store(path, create=True)
    cid = campaigns.create_adaptive_campaign(store, three_runs(scored_demo), "E", question={"kind": "best", "delta": 10})
    ids = [records.speakers.add_speaker(store, name, "demo") for name in speakers]
    for speaker in ids:
        practice.mark_done(store, cid, speaker)
    walks = {s: sequence.Sequence(store, cid, s) for s in ids}
    while True:
        answered = 0
        for speaker, walk in walks.items():
            position = walk.first_open()
            if position is not None:
                item = records.sequences.item_at(store, cid, speaker, position)
                records.answers.answer(store, cid, speaker, position, {"spans": [], "score": score(item)})
                answered += 1
        if not answered:
            return store, cid


def run_of(store: Store, item_id: str) -> str:
    return store.one("select coalesce(r.name, r.model_slug) as name from items i join runs r on r.id = i.run_id "
                     "where i.id = ?", [item_id])["name"]


__all__ = ["NAMES", "best_campaign", "run_of", "score", "three_runs", "catalogue"]
