"""``study correlate`` says what it did (issue 43, story 3): without ``--metric`` it silently picked BLEU and said
nothing of a tiny n. Now it names the metric it used and the others the items carry, and says when the items are too
few to conclude (the segment-level Pearson's 95% interval, Fisher's z, includes 0)."""

from __future__ import annotations

import json

import pytest

from helpers import rate
from desktop.cli import main
from review.rating import campaigns
from review.records import catalogue
from review.store import Store
from review.study import analyses


def test_fisher_interval_reproduces_the_textbook_values():
    low, high = analyses.fisher_interval(0.5, 28)  # the usual worked example: r = .5, n = 28 → (.156, .736)
    assert low == pytest.approx(0.1560, abs=5e-4) and high == pytest.approx(0.7357, abs=5e-4)
    assert analyses.fisher_interval(0.9, 3) is None and analyses.fisher_interval(1.0, 50) is None


def test_correlate_without_metric_names_it_and_warns_of_few_items(tmp_path, scored_demo, capsys):
    store = Store(tmp_path / "r.sqlite")
    cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A", items=8)
    rate(store, cid, "Ana", 6)
    others = analyses.metric_names(store)
    db = str(store.path)
    store.close()
    capsys.readouterr()
    assert main(["study", "correlate", "--db", db, "--campaign", cid, "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["notes"][0].startswith(f"metric: {r['metric']} (no --metric given; the items also carry: ")
    assert all(m in r["notes"][0] for m in others if m != r["metric"])
    n, pearson = r["segment"]["none"]["n"], r["segment"]["none"]["pearson"]
    interval = analyses.fisher_interval(pearson, n)
    if interval is None or interval[0] <= 0 <= interval[1]:
        assert "too few" in r["notes"][-1], r["notes"]
    assert main(["study", "correlate", "--db", db, "--campaign", cid, "--metric", r["metric"]]) == 0
    assert "no --metric given" not in capsys.readouterr().out
