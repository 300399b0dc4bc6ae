"""Every sentence, picture and export row says what the numbers say (issue 52), on the field scenario a new coordinator
met: three runs of the Cree demo that share many outputs, an adaptive task-E campaign asking which is best within
10 (``field_scenario``)."""

from __future__ import annotations

import csv
import json
from collections import Counter

import pytest

from desktop.cli import main
from field_scenario import NAMES, best_campaign, run_of


@pytest.fixture(scope="module")
def field(tmp_path_factory, scored_demo):
    folder = tmp_path_factory.mktemp("field")
    store, cid = best_campaign(folder / "field.sqlite", scored_demo)
    path = store.path
    store.close()
    return path, cid


def _csv(path) -> list[dict]:
    return list(csv.DictReader(path.open(encoding="utf-8")))


def test_every_export_row_names_the_run_whose_output_it_is(field, tmp_path, capsys):
    """Before: every row of an output two runs share carried the other run's name (no row said tiny-llm)."""
    db, cid = field
    from review.store import Store
    raw, agg = tmp_path / "raw.csv", tmp_path / "agg.csv"
    assert main(["review", "export", "--db", str(db), "--include-raw", "--out", str(raw)]) == 0
    said = capsys.readouterr().out
    assert main(["review", "export", "--db", str(db), "--out", str(agg)]) == 0
    with Store(db, read_only=True) as store:
        answers = store.one("select count(*) as n from ratings where campaign_id = ?", [cid])["n"]
        for rows in (_csv(raw), _csv(agg)):
            assert {r["run_name"] for r in rows} == set(NAMES)
            for r in rows:
                assert r["run_name"] == run_of(store, r["item_id"]), r
                assert store.one("select run_id from items where id = ?", [r["item_id"]])["run_id"] == r["run_id"]
    raw_rows = _csv(raw)
    assert len({r["uuid"] for r in raw_rows}) == answers
    assert f"{answers} answers" in said and f"wrote {len(raw_rows)} rows" in said
    shared = [r for r in raw_rows if r["rated_item_id"] != r["item_id"]]
    assert shared, "the runs share outputs: some rows hold a rating another run's item holds"
    per_output = Counter((r["run_id"], r["entry_id"], r["question"]) for r in _csv(agg))
    assert set(per_output.values()) == {1}  # one row per run, output and question


def test_one_count_of_items_everywhere_and_every_list_has_a_header(field, capsys):
    """Before: "80 of 65 items count so far" in status beside "39 of 65" in progress, and `review list campaigns`
    printed "126 … 65" with no header."""
    db, cid = field
    from review.study import decisions, report
    from review.store import Store
    assert main(["review", "list", "campaigns", "--db", str(db)]) == 0
    header, row = capsys.readouterr().out.splitlines()[:2]
    assert header.split() [:2] == ["campaign", "name"] and "items to rate" in header
    assert main(["study", "status", "--db", str(db), "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    with Store(db, read_only=True) as store:
        held = report.community_report(store, cid)
        answers = store.one("select count(*) as n from ratings where campaign_id = ?", [cid])["n"]
        counted = decisions.status(store, cid)["items_counted"]
    column = header.index("items to rate")
    assert row[column:].split()[0] == str(status["items"]) == str(held["items"])
    assert status["items_counted"] == counted <= status["items"] and counted <= answers == status["answers"]
    assert main(["review", "list", "runs", "--db", str(db)]) == 0
    assert capsys.readouterr().out.splitlines()[0].split()[:2] == ["run", "name"]


def test_the_campaigns_tab_says_what_best_decided_in_both_languages(field, qtbot):
    """The app's decisions: what Best decided, each other run's relation to the best as its interval shows it — never
    "the three are within 10 of each other" when an interval reaches beyond 10 — and in French with its numbers
    written the French way."""
    from desktop.qt_common import application, set_ui_language
    from desktop.campaign_panel import CampaignPanel
    application()
    from review.store import Store
    from review import sentences
    from review.study import decisions
    db, cid = field
    store = Store(db, read_only=True)
    found = decisions.status(store, cid)
    panel = CampaignPanel(store)
    qtbot.addWidget(panel)
    try:
        for language in ("en", "fr"):
            set_ui_language(language, remember=False)
            with qtbot.waitSignal(panel.decisions_shown, timeout=60000):  # worked out in the background
                panel.show_decisions(cid)
            model = panel.decisions.model()
            rows = [model.index(r, 0).data().strip() for r in range(model.rowCount())]
            if language == "en":
                assert rows[0] == sentences.english(found["asked"]["said"][0])
                assert rows[0].endswith("is best: no other run is more than 10 better, after "
                                        f"{found['asked']['items']} sentences")
                for against in found["asked"]["against_leader"]:  # each other run, as its interval shows it
                    low, high = against["interval"]
                    said = next(r for r in rows[1:] if r.startswith(against["b"] + " "))
                    assert ("within 10 of each other" in said) == (-10 < low and high < 10), (said, low, high)
                    assert ("is lower than" in said) == (low > 0 and not high < 10), (said, low, high)
            else:
                assert rows[0].startswith(found["asked"]["best"] + " est le meilleur")
                assert any("," in r and "se situe entre" in r for r in rows), rows
    finally:
        set_ui_language("en", remember=False)
        store.close()


def test_the_field_report_says_what_best_decided_and_each_picture_its_rule(field, tmp_path, capsys):
    """The council's PDF of the field campaign, read back: Best's decision and each run's relation to the best as
    the intervals show it; a picture for each of Best's comparisons, captioned with the rule that decided it."""
    from test_community_report import _pdf_text
    from review.store import Store
    from review import sentences
    from review.study import report
    db, cid = field
    pdf = tmp_path / "field.pdf"
    assert main(["study", "report", "--db", str(db), "--campaign", cid, "--out", str(pdf), "--language", "en"]) == 0
    text = _pdf_text(pdf)
    with Store(db, read_only=True) as store:
        found = report.community_report(store, cid)
    for question in found["questions"]:
        for said in question["said"]:
            assert " ".join(sentences.english(said).split()) in text
    assert "are within 10 of each other" not in text or all(
        -10 < c["points"][-1][1] and c["points"][-1][2] < 10 for c in found["comparisons"])
    for comparison in found["comparisons"]:
        assert comparison["rule"] in ([["above", -10.0]], [["above", 0.0]], [["above", -10.0], ["below", 10.0]]), \
            comparison
        assert f"{comparison['a']} compared with {comparison['b']}" in text
    assert "The verdict came once the band lies wholly above -10.00" in text
    assert "How to read this" in text and "segments" not in text


def test_a_run_best_eliminated_is_named_and_said_lower_than_the_run_that_beat_it(scored_demo, tmp_path):
    """Which is best, with one run far below: it is eliminated, named (never its id), and said to be lower than the
    run that beat it, as that pair's interval shows."""
    from test_adaptive import _rate, _systems
    from review.records import catalogue
    from review.rating import campaigns, practice
    from review import records
    from review.store import Store
    from review import sentences
    from review.study import decisions
    import random
    store = Store(tmp_path / "best.sqlite", create=True)
    paths = _systems(scored_demo, tmp_path)
    cid = campaigns.create_adaptive_campaign(store, [catalogue.load_scored(str(p)) for p in paths], "A",
                                             question={"kind": "best", "delta": 0.5})
    speaker = records.speakers.add_speaker(store, "Rita", "demo")
    practice.mark_done(store, cid, speaker)
    _rate(store, cid, speaker, random.Random(3), 60)
    asked = decisions.status(store, cid)["asked"]
    assert "poor" in asked["eliminated"], asked["eliminated"]
    words = [sentences.english(s) for s in asked["said"]]
    assert any(w.startswith("poor is lower than ") and "no longer rated" in w for w in words), words
    assert not any("run-" in w for w in words)
