"""One rating per distinct output (issue 35, part 1): within a campaign, items whose source and output are the
same after Unicode NFC and white space are one item for the speaker, and its rating counts for every run that
produced it — in the study, the decisions and the exports (with the item actually rated as a column). Measured
on the shared WMT23 en-de outputs, and checked item by item on the demo."""

from __future__ import annotations

import copy
import csv
import json
import unicodedata
from pathlib import Path

from helpers import shared_file
from review import records
from review.rating import campaigns, practice, sequence
from review.rating.session import record_answer
from review.records import catalogue
from review.store import Store
from review.study import decisions, research_files


def _wmt_runs(folder: Path) -> list[dict]:
    """The WMT23 en-de systems as scored run cards (mt-metrics-eval's files, a line a segment; refA is the
    reference, not a system)."""
    sources = (folder / "sources" / "en-de.txt").read_text("utf-8").splitlines()
    references = (folder / "references" / "en-de.refA.txt").read_text("utf-8").splitlines()
    runs = []
    for path in sorted((folder / "system-outputs" / "en-de").glob("*.txt")):
        if path.stem.startswith("ref"):
            continue
        outputs = path.read_text("utf-8").splitlines()
        runs.append({"model_slug": path.stem, "run_id": path.stem, "lyss": {"input": {}, "language": {}},
                     "scores": {}, "entries": [{"id": n, "source": s, "reference": r, "predicted": o}
                                               for n, (s, r, o) in enumerate(zip(sources, references, outputs))]})
    return runs


def test_the_shared_wmt_outputs_are_served_once_each(tmp_path):
    runs = _wmt_runs(shared_file("data/wmt23-en-de"))
    shown = lambda text: " ".join(unicodedata.normalize("NFC", text).split())  # noqa: E731
    by_hand = {(shown(e["source"]), shown(e["predicted"])) for run in runs for e in run["entries"]}
    by_segment = {(e["id"], shown(e["predicted"])) for run in runs for e in run["entries"]}
    store = Store(str(tmp_path / "wmt.sqlite"))
    cid = campaigns.create_adaptive_campaign(store, runs, "A")
    items = store.one("select count(*) as n from campaign_items where campaign_id = ?", [cid])["n"]
    copies = sum(len(group) for group in catalogue.same_outputs(store, cid).values())
    # 13 systems × 557 segments; 6,358 distinct outputs segment by segment (the 7,254 and 6,359 count one
    # more, empty, line per system), and 2 fewer where two segments have the same source and the same output
    assert (len(runs), items, len(by_segment), items - copies) == (13, 7241, 6358, 6356)
    assert items - copies == len(by_hand) and catalogue.coverage(store, cid)["items"] == 6356

    speaker = records.speakers.add_speaker(store, "Ana", "test")
    practice.mark_done(store, cid, speaker)
    served = sequence.Sequence(store, cid, speaker)
    first = [served.item(p) for p in range(records.sequences.length(store, cid, speaker))]
    entry = first[0]["entry_id"]
    assert len(first) == len({o for n, o in by_segment if str(n) == entry})  # a segment: each distinct output once
    runs_held = [r["id"] for r in catalogue.list_runs(store)]
    assert decisions.distinct_outputs(store, catalogue.campaign(store, cid), runs_held) == len(by_segment) / 557


def _two_runs_sharing_outputs(scored_demo, tmp_path) -> tuple[list[dict], set[str]]:
    """Two systems of the demo's test set whose outputs are the same on every third entry (once with other
    white space and composed accents), different elsewhere."""
    base = json.loads(scored_demo.read_text(encoding="utf-8"))
    runs, shared = [], set()
    for k, name in enumerate(("sys-a", "sys-b")):
        card = copy.deepcopy(base)
        card["model_slug"] = card["run_id"] = name
        for n, e in enumerate(card["entries"]):
            if n % 3 == 0:
                shared.add(str(e["id"]))
                if k:  # the same text to a speaker: decomposed accents and doubled spaces
                    e["predicted"] = "  ".join(unicodedata.normalize("NFD", e["predicted"]).split(" "))
            elif k:
                e["predicted"] = f"{e['predicted']} ({name})"
        runs.append(card)
    return runs, shared


def test_a_rating_counts_for_every_run_with_that_output(scored_demo, tmp_path):
    runs, shared = _two_runs_sharing_outputs(scored_demo, tmp_path)
    store = Store(str(tmp_path / "review.sqlite"))
    cid = campaigns.create_adaptive_campaign(store, runs, "A", raters=1)
    entries = {str(e["id"]) for e in runs[0]["entries"]}
    assert catalogue.coverage(store, cid)["items"] == 2 * len(entries) - len(shared)
    speaker = records.speakers.add_speaker(store, "Ana", "test")
    practice.mark_done(store, cid, speaker)
    rated: list[dict] = []
    while True:
        served = sequence.Sequence(store, cid, speaker)
        position = served.first_open()
        if position is None:
            break
        item = served.item(position)
        rated.append(item)
        record_answer(store, cid, speaker, {"adequacy": 1 + position % 5, "fluency": 3}, position=position)
    by_entry: dict[str, list[dict]] = {}
    for item in rated:
        by_entry.setdefault(item["entry_id"], []).append(item)
    assert all(len(by_entry[e]) == (1 if e in shared else 2) for e in by_entry)  # a shared output: served once
    rows = records.answers.values(store, "A", "adequacy", cid)
    assert len(rows) == 2 * len(by_entry)  # every answer counts for both runs
    value = {(r["entry_id"], r["run_id"]): r["value"] for r in rows}
    for e, items in by_entry.items():
        if e in shared:
            assert len({value[(e, run)] for run in ("sys-a", "sys-b") if (e, run) in value} |
                       {value[(e, r["run_id"])] for r in items}) == 1

    out = tmp_path / "ratings.csv"
    research_files.export_ratings(store, str(out), include_raw=True)
    exported = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(exported) == len(rows)
    copies = [r for r in exported if r["rated_item_id"] != r["item_id"]]
    assert len(copies) == len(shared & set(by_entry)) and all(r["entry_id"] in shared for r in copies)
