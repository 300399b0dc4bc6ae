"""The community's terms travel with its data (issue 56, 1 and 2): a campaign carries its community's terms (licence,
labels, allowed uses, contact), signed by its coordinator and relayed like it; an amendment is a new version, and one
signed by anyone else is refused; a council's decision gates each use — an export (or a reweighting) for a use the
terms do not allow, or with no decision recorded, is refused in one line naming what is missing, and allowed after
the decision, with the terms and the decision in a manifest beside it. The terms are on every paper form and in the
take-out."""

from __future__ import annotations

import json

import pytest

from helpers import moves_done, enrolled_study, rate, refused_alone
from desktop.cli import main
from review.exchange import bundles, sync
from review.records import catalogue, terms, take_out
from review.store import Store, signing

TERMS = {"community": "Example Nation (test data)", "licence": "kaitiakitanga",
         "labels": [{"name": "TK Attribution", "text": "Name the community when these words are used."}],
         "uses": ["study", "publication"], "contact": "the language office"}


@pytest.fixture
def terms_file(tmp_path):
    path = tmp_path / "terms.json"
    path.write_text(json.dumps(TERMS), "utf-8")
    return path


def _cli(capsys, *argv) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_terms_travel_with_the_campaign_and_an_amendment_by_anyone_else_is_refused(tmp_path, scored_demo):
    hub, cid, (lap,) = enrolled_study(tmp_path, catalogue.load_scored(str(scored_demo)), 1)
    given = terms.checked(TERMS, "terms.json")
    assert terms.record(hub, cid, given) == 0
    terms.decide(hub, cid, "study", "Council of Example Nation", "2026-12-01")
    folder = tmp_path / "shared"
    folder.mkdir()
    sync.sync(hub, folder)
    sync.sync(lap, folder)
    assert terms.current(lap, cid) == terms.current(hub, cid)  # signed by the coordinator, relayed as it is
    assert terms.decision(lap, cid, "study")["decided_by"] == "Council of Example Nation"
    assert terms.current(lap, cid)["licence"]["name"].startswith("A Kaitiakitanga-style licence")
    # an amendment signed by the field laptop (not the coordinator) reaches the hub: refused alone, terms unchanged
    forged = signing.sign_row(lap.private_key, lap.public_key, "campaign_terms", {
        "campaign_id": cid, "version": 1, "terms": json.dumps({**given, "uses": ["model-training"]}),
        "made_at": "2026-12-05T00:00:00.000000Z"})
    with lap.transaction() as db:
        db["campaign_terms"].insert(forged)
    stick = tmp_path / "forged.lyssbundle"
    bundles.export_bundle(lap, str(stick))
    changed = bundles.merge(hub, str(stick))
    assert any("the community's terms for campaign" in why and "belongs to coordinator" in why
               for why in refused_alone(changed)), changed["rows_refused"]
    assert terms.current(hub, cid)["version"] == 0 and terms.current(hub, cid)["uses"] == ["publication", "study"]
    # the coordinator's own amendment is a new version; the first stays
    assert terms.record(hub, cid, {**given, "uses": ["study"]}, amend=True) == 1
    assert [h["version"] for h in terms.history(hub, cid)] == [0, 1]


def test_an_export_is_refused_until_the_terms_and_a_council_allow_its_use(tmp_path, scored_demo, terms_file, capsys):
    db = str(tmp_path / "hub.sqlite")
    assert _cli(capsys, "review", "init", "--db", db)[0] == 0
    # a terms file with a mistake: one line naming the field; no campaign is made
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**TERMS, "uses": ["study", "selling"]}), "utf-8")
    code, out, err = _cli(capsys, "review", "create-campaign", "--db", db, scored_demo, "--task", "A", "--items", "6",
                          "--terms", bad)
    assert code == 2 and err.count("\n") == 1 and f"{bad}: uses: 'selling': one of study, " in err, err
    with Store(db) as store:
        assert catalogue.list_campaigns(store) == []
    code, out, err = _cli(capsys, "review", "create-campaign", "--db", db, scored_demo, "--task", "A", "--items", "6",
                          "--terms", terms_file)
    assert code == 0 and "the community's terms: Example Nation (test data)" in out
    cid = out.split()[0]
    with Store(db) as store:
        rate(store, cid, "Mary", 3)
    out_csv = tmp_path / "ratings.csv"
    export = ["review", "export", "--db", db, "--out", out_csv]
    code, _, err = _cli(capsys, *export)
    assert code == 2 and "carries its community's terms: say what this is for (--use publication|study" in err
    code, _, err = _cli(capsys, *export, "--use", "model-training")
    assert code == 2 and "do not allow 'model-training' (they allow: publication, study)" in err
    code, _, err = _cli(capsys, *export, "--use", "study")
    assert code == 2 and "no council decision is recorded for 'study'" in err and "decide-use" in err
    assert not out_csv.exists()  # nothing written
    assert _cli(capsys, "review", "decide-use", "--db", db, "--use", "study", "--by", "Council of Example Nation",
                "--date", "2026-12-01")[0] == 0
    assert _cli(capsys, *export, "--use", "study")[0] == 0
    manifest = json.loads((tmp_path / "ratings.csv.terms.json").read_text("utf-8"))
    assert manifest["use"] == "study" and manifest["campaigns"][cid]["terms"]["community"] == TERMS["community"]
    assert manifest["campaigns"][cid]["decision"]["verdict"] == "allowed"
    # a later decision refusing the use stands: refused again
    assert _cli(capsys, "review", "decide-use", "--db", db, "--use", "study", "--by", "Council of Example Nation",
                "--date", "2026-12-04", "--refuse", "--note", "until the community has seen the report")[0] == 0
    code, _, err = _cli(capsys, *export, "--use", "study")
    assert code == 2 and "Council of Example Nation refused 'study' on campaign" in err
    # reweighting is not among the uses: refused, nothing written
    code, _, err = _cli(capsys, "study", "reweight", "--db", db, "--out", tmp_path / "profile.json")
    assert code == 2 and "do not allow 'reweighting'" in err and not (tmp_path / "profile.json").exists()
    # the terms and the decisions, in words and in the take-out
    code, out, _ = _cli(capsys, "review", "terms", "--db", db)
    assert "community: Example Nation (test data)" in out and "decision: study refused by Council of" in out
    with Store(db) as store:
        found = take_out.tables(store, [cid])
    assert [json.loads(json.dumps(r["terms"]))["community"] for r in found["campaign_terms"]] == [TERMS["community"]]
    assert [d["verdict"] for d in found["use_decisions"]] == ["allowed", "refused"]


def test_the_terms_are_on_every_paper_form(tmp_path, scored_demo, terms_file, capsys):
    from test_paper_forms import _pdf_text

    db = str(tmp_path / "r.sqlite")
    assert _cli(capsys, "review", "init", "--db", db)[0] == 0
    speaker = _cli(capsys, "review", "add-speaker", "--db", db, "--name", "Mary", "--consent-scope", "paper")[1].strip()
    assert _cli(capsys, "review", "create-campaign", "--db", db, scored_demo, "--task", "A", "--items", "8",
                "--terms", terms_file)[0] == 0
    pdf = tmp_path / "forms.pdf"
    assert _cli(capsys, "review", "print-forms", "--db", db, "--speaker", speaker, "--out", pdf)[0] == 0
    text = _pdf_text(pdf)
    assert "The answers belong to Example Nation (test data) (A Kaitiakitanga-style licence (guardianship)); uses " \
           "allowed: publication, study." in text, text[:400]


def test_a_speakers_consent_narrows_an_export_and_it_says_how_many_answers_stayed_out(tmp_path, scored_demo,
                                                                                          terms_file, capsys):
    from review import records

    db = str(tmp_path / "hub.sqlite")
    assert _cli(capsys, "review", "init", "--db", db)[0] == 0
    cid = _cli(capsys, "review", "create-campaign", "--db", db, scored_demo, "--task", "A", "--items", "6",
               "--terms", terms_file)[1].split()[0]
    code, out, err = _cli(capsys, "review", "add-speaker", "--db", db, "--name", "Ben", "--consent-scope", "LYSS study",
                          "--consent-uses", "study,selling")
    assert code == 2 and "--consent-uses: selling: one of study, " in err
    ben = _cli(capsys, "review", "add-speaker", "--db", db, "--name", "Ben", "--consent-scope", "LYSS study",
               "--consent-uses", "study")[1].strip()
    with Store(db) as store:
        mary = rate(store, cid, "Mary", 3)  # her consent names no use: its words say what it covers
        from review.rating import sequence
        sequence.join(store, cid, ben)
        for k in range(2):
            position = records.sequences.next_position(store, cid, ben)
            records.answers.answer(store, cid, ben, position, {"adequacy": 3, "fluency": 3})
    for use in ("study", "publication"):
        assert _cli(capsys, "review", "decide-use", "--db", db, "--use", use, "--by", "Council", "--date",
                    "2026-12-01")[0] == 0
    raw = tmp_path / "raw.csv"
    code, out, _ = _cli(capsys, "review", "export", "--db", db, "--out", raw, "--use", "publication", "--include-raw")
    assert code == 0 and "2 answers left out: their speakers did not consent to 'publication'" in out, out
    import pandas
    assert set(pandas.read_csv(raw)["speaker_id"]) == {mary}
    assert json.loads((tmp_path / "raw.csv.terms.json").read_text("utf-8"))["answers_left_out_for_consent"] == 2
    code, out, _ = _cli(capsys, "review", "export", "--db", db, "--out", raw, "--use", "study", "--include-raw")
    assert code == 0 and "left out" not in out and set(pandas.read_csv(raw)["speaker_id"]) == {mary, ben}
    code, _, err = _cli(capsys, "review", "export", "--db", db, "--format", "mtme", "--out", tmp_path / "mtme",
                        "--lp", "en-xx", "--use", "publication")
    assert code == 2 and "1 speaker did not consent to 'publication'" in err and not (tmp_path / "mtme").exists()
    from review.study import analyses
    with Store(db) as store:  # reweighting is no use Ben agreed to: the scores it fits leave his answers out
        without_ben = analyses.item_scores(
            store, "adequacy", left_out=frozenset(records.speakers.not_consenting(store, "reweighting")))
        marys = {r["item_id"]: r["value"] for r in records.answers.values(store, "A", "adequacy")
                 if r["speaker_id"] == mary}
    assert without_ben == marys and len(marys) == 3


def test_the_campaigns_page_records_and_shows_the_terms_as_plain_text(qtbot, tmp_path, scored_demo):
    from helpers import open_window

    path = tmp_path / "hub.sqlite"
    with Store(path) as store:
        from review.rating import campaigns
        cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A", items=6)
    marked = tmp_path / "marked.json"
    marked.write_text(json.dumps({**TERMS, "community": "<b>Example</b> Nation"}), "utf-8")
    window = open_window(qtbot, path)
    panel = window.campaigns
    panel.campaigns.selectRow(0)
    assert panel.selected_campaign() == cid
    assert panel.terms_line.text() == "This campaign carries no community's terms."
    panel.set_terms(str(marked))
    assert moves_done()  # written on the engine
    shown = panel.terms_line.text()
    assert shown.startswith("The answers belong to <b>Example</b> Nation (A Kaitiakitanga-style licence") and \
        "No council's decision is recorded yet" in shown, shown
    from PySide6.QtCore import Qt
    assert panel.terms_line.textFormat() == Qt.PlainText  # the community's words, never read as markup
    with Store(path) as store:
        terms.decide(store, cid, "study", "Council", "2026-12-01")
    panel.show_terms(cid)
    assert "Council's decisions: study: allowed by Council on 2026-12-01 (stands)." in panel.terms_line.text()
    panel.set_terms(str(marked))  # the same terms again: no new version
    assert moves_done()  # written on the engine
    with Store(path) as store:
        assert [h["version"] for h in terms.history(store, cid)] == [0]


def test_a_campaign_made_in_the_app_carries_the_terms_chosen_with_it(qtbot, tmp_path, scored_demo, terms_file):
    from desktop.campaign_panel import CampaignPanel
    from helpers import background_done

    store = Store(tmp_path / "app.sqlite")
    panel = CampaignPanel(store)
    qtbot.addWidget(panel)
    panel.task.setCurrentIndex(panel.task.findData("A"))
    panel.create(str(scored_demo), terms_path=str(terms_file))
    assert background_done()
    qtbot.waitUntil(lambda: "ready" in panel.status.text())
    cid = catalogue.list_campaigns(store)[0]["id"]
    assert terms.current(store, cid)["community"] == TERMS["community"]
    assert "The community's terms: Example Nation (test data)." in panel.status.text()


def test_the_ledger_refuses_impossible_and_future_days_and_uses_the_terms_do_not_allow(tmp_path, scored_demo,
                                                                                        terms_file, capsys):
    """Issue 66: `decide-use --date 2026-13-45` and `9999-99-99` were accepted and the latest day stood, so a typo
    overrode a real refusal; a decision on a use the terms do not allow was recorded silently and became effective
    after an amendment. Each is refused in one line, nothing written; `review terms` says which decision stands."""
    import datetime
    db = tmp_path / "hub.sqlite"
    assert _cli(capsys, "review", "init", "--db", db)[0] == 0
    run = tmp_path / "scored.json"
    run.write_text(scored_demo.read_text("utf-8"), "utf-8")
    assert _cli(capsys, "review", "create-campaign", "--db", db, run, "--task", "A", "--items", "6", "--terms",
                terms_file)[0] == 0
    decide = ("review", "decide-use", "--db", db, "--use", "study", "--by", "Council of Example Nation")
    assert _cli(capsys, *decide, "--date", "2026-12-01", "--refuse")[0] == 0
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    for day, why in (("2026-13-45", "not a day of the calendar"), ("9999-99-99", "not a day of the calendar"),
                     (tomorrow, "after today")):
        code, out, err = _cli(capsys, *decide, "--date", day)
        assert code == 2 and why in err and len(err.strip().splitlines()) == 1, (day, err)
    code, _, err = _cli(capsys, "review", "decide-use", "--db", db, "--use", "model-training", "--by", "Council",
                        "--date", "2026-12-02")
    assert code == 2 and "amend the terms first" in err and "they allow: publication, study" in err, err
    with Store(db) as store:
        cid = catalogue.find_campaign(store, None)
        assert [d["verdict"] for d in terms.decisions(store, cid)] == ["refused"]  # nothing else was written
        assert terms.refusal(store, cid, "study").startswith("Council of Example Nation refused 'study'")
    assert _cli(capsys, *decide, "--date", "2026-12-03")[0] == 0
    code, out, _ = _cli(capsys, "review", "terms", "--db", db)
    lines = [line for line in out.splitlines() if line.startswith("decision:")]
    assert "— earlier, a later one stands (recorded at " in lines[0] and "refused" in lines[0]
    assert "— stands (recorded at " in lines[1] and "allowed" in lines[1]


def test_a_later_decision_corrects_an_earlier_one_by_naming_it(tmp_path, scored_demo, terms_file, capsys):
    """Issue 66: a decision recorded with the wrong day (2026-12-05 for a refusal made on 2026-11-28) stood over the
    real, later allowance; a correction names the decision it corrects, which then never stands, whatever its day."""
    db = tmp_path / "hub.sqlite"
    assert _cli(capsys, "review", "init", "--db", db)[0] == 0
    assert _cli(capsys, "review", "create-campaign", "--db", db, scored_demo, "--task", "A", "--items", "6",
                "--terms", terms_file)[0] == 0
    decide = ("review", "decide-use", "--db", db, "--use", "study", "--by", "Council of Example Nation")
    assert _cli(capsys, *decide, "--date", "2026-12-05", "--refuse")[0] == 0  # its day mistyped: 11-28
    assert _cli(capsys, *decide, "--date", "2026-12-01")[0] == 0  # the real, later allowance: the typo stands over it
    with Store(db) as store:
        cid = catalogue.find_campaign(store, None)
        assert terms.decision(store, cid, "study")["verdict"] == "refused"
        wrong = next(d for d in terms.decisions(store, cid) if d["verdict"] == "refused")["recorded_at"]
    code, _, err = _cli(capsys, *decide, "--date", "2026-11-28", "--refuse", "--corrects", "2020-01-01")
    assert code == 2 and "names no decision on 'study'" in err and len(err.strip().splitlines()) == 1, err
    assert _cli(capsys, *decide, "--date", "2026-11-28", "--refuse", "--corrects", wrong)[0] == 0
    with Store(db) as store:
        found = terms.decisions(store, cid)
        assert terms.decision(store, cid, "study")["verdict"] == "allowed" and terms.refusal(store, cid, "study") is None
    assert [(d["decided_on"], d["stands"], d["corrected_by"] is not None) for d in found] == [
        ("2026-11-28", False, False), ("2026-12-01", True, False), ("2026-12-05", False, True)]
    code, out, _ = _cli(capsys, "review", "terms", "--db", db)
    assert "on 2026-12-05 — corrected by the decision recorded at" in out, out


def test_every_export_is_recorded_listed_and_named_by_a_withdrawal(tmp_path, scored_demo, terms_file, capsys):
    """Issue 66: exports handed out were not recorded, so a withdrawal could not name the copies to chase. Each export
    is recorded here (where, when, what, for which use, whose answers); `review terms` lists the campaign's; a
    withdrawal names those that hold the speaker."""
    db = str(tmp_path / "hub.sqlite")
    assert _cli(capsys, "review", "init", "--db", db)[0] == 0
    code, out, _ = _cli(capsys, "review", "create-campaign", "--db", db, scored_demo, "--task", "A", "--items", "6",
                        "--terms", terms_file)
    cid = out.split()[0]
    with Store(db) as store:
        mary = rate(store, cid, "Mary", 3)
        rate(store, cid, "Ruth", 2)
    assert _cli(capsys, "review", "decide-use", "--db", db, "--use", "study", "--by", "the council",
                "--date", "2026-12-01")[0] == 0
    out_csv = tmp_path / "ratings.csv"
    code, _, err = _cli(capsys, "review", "export", "--db", db, "--out", out_csv, "--use", "study", "--include-raw")
    assert code == 0, err
    code, out, _ = _cli(capsys, "review", "terms", "--db", db)
    assert f"export: {out_csv.resolve()} (csv, " in out and "for study; answers of 2 speakers)" in out, out
    code, out, _ = _cli(capsys, "review", "withdraw", "--db", db, "--yes", mary)
    assert code == 0 and f"export {out_csv.resolve()} (csv, made " in out and "holds their answers" in out, out
