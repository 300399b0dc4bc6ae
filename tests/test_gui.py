"""The desktop app driven with real widgets and key presses (pytest-qt, offscreen)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QLabel, QPushButton  # noqa: E402

from helpers import ROOT, background_done, moves_done, sent, open_window, report_paths, review_database, start_reviewing  # noqa: E402
from review import records  # noqa: E402
from review.rating import campaigns, practice, sequence  # noqa: E402
from review.records import catalogue  # noqa: E402
from review.store import Store  # noqa: E402


@pytest.fixture
def app(qapp):
    from desktop.qt_common import application
    return application()


@pytest.fixture
def review_db(tmp_path, scored_demo):
    return review_database(tmp_path / "review.sqlite", scored_demo, "A", 20)  # practised: it has its own test


_window, _start_reviewing = open_window, start_reviewing


@pytest.mark.under_load
def test_speaker_rates_ten_items_with_the_keyboard_and_resumes(qtbot, app, review_db):
    path, cid, speaker = review_db
    window = _window(qtbot, path)
    page = _start_reviewing(qtbot, window)
    shown = []
    for k in range(10):
        shown.append(page.position)
        qtbot.keyClick(page, Qt.Key_1 + k % 5)  # adequacy
        qtbot.keyClick(page, Qt.Key_5)          # fluency: the item is saved and the next one appears
    window.close()
    with Store(path) as store:
        rows = store.rows("select position, answers from ratings where speaker_id = ? order by position", [speaker])
    assert [r["position"] for r in rows] == shown == list(range(10))
    assert [json.loads(r["answers"]) for r in rows] == [{"adequacy": 1 + k % 5, "fluency": 5} for k in range(10)]

    again = _window(qtbot, path)
    page = _start_reviewing(qtbot, again)
    assert page.position == 10  # item eleven
    assert page.progress.text().startswith("11 of")
    qtbot.keyClick(page, Qt.Key_3)
    qtbot.keyClick(page, Qt.Key_3)
    with Store(path) as store:
        assert store.one("select count(*) as n from ratings where speaker_id = ?", [speaker])["n"] == 11
    qtbot.keyClick(page, Qt.Key_Z, Qt.ControlModifier)  # undo the last answer
    assert page.position == 10
    with Store(path) as store:
        assert store.one("select count(*) as n from ratings where speaker_id = ?", [speaker])["n"] == 10
        assert store.one("select count(*) as n from ratings where position = 10")["n"] == 0
    qtbot.keyClick(page, Qt.Key_Left)                  # back to item ten, answered
    assert page.position == 9 and page.item["answer"] == {"adequacy": 5, "fluency": 5}
    qtbot.keyClick(page, Qt.Key_Return)                # Enter goes on
    assert page.position == 10
    again.close()


def test_other_script_toggle_is_remembered_per_speaker(qtbot, app, review_db):
    """The demo's language pack offers a second script (syllabics): the choice is the speaker's."""
    path, _, speaker = review_db
    window = _window(qtbot, path)
    page = _start_reviewing(qtbot, window)
    from eval_standards.text import sro_to_syllabics
    assert page.script_choice.isVisible() and "syllabics" in page.script_choice.text()
    page.script_choice.setChecked(True)
    assert page.second.text() == sro_to_syllabics(page.item["output"])
    syllabic = lambda: any("\u1400" <= ch <= "\u167f" for ch in page.second.text())
    for _ in range(10):  # an empty or English output has nothing to convert: answer it and take the next
        if syllabic():
            break
        qtbot.keyClick(page, Qt.Key_3)
        qtbot.keyClick(page, Qt.Key_3)
    assert syllabic() and page.script_choice.isChecked()
    window.close()
    with Store(path) as store:
        assert records.speakers.speaker(store, speaker)["preferences"]["script"] == "Cans"


def test_new_speaker_gives_consent_first(qtbot, app, tmp_path, scored_demo):
    path = tmp_path / "r.sqlite"
    with Store(path) as store:
        campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "T", items=5)
    window = _window(qtbot, path)
    review = window.review
    from PySide6.QtWidgets import QPushButton
    new = next(b for b in review.sign_in.findChildren(QPushButton) if "new" in b.text())
    qtbot.mouseClick(new, Qt.LeftButton)
    assert review.currentWidget() is review.consent
    qtbot.keyClicks(review.consent.name, "Joseph")
    assert not any(box.isChecked() for box in review.consent.uses.values())  # every use beyond the study: opt in
    review.consent.uses["publication"].setChecked(True)
    review.consent._agree()
    assert moves_done()  # the profile written on the engine
    assert review.currentWidget() is review.campaigns
    window.close()
    with Store(path) as store:
        row = store.one("select * from speakers where display_name = 'Joseph'")
    assert row["consent_at"] and "withdraw" in row["consent_scope"]
    assert json.loads(row["consent_uses"]) == ["publication", "study"]  # an export for another use leaves them out


def test_a_speaker_who_registers_again_with_the_same_name_is_asked_and_keeps_their_id(qtbot, app, tmp_path,
                                                                                         scored_demo, monkeypatch):
    path = tmp_path / "r.sqlite"
    with Store(path) as store:
        campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "T", items=5)
        joseph = records.speakers.add_speaker(store, "Joseph", "LYSS study")
    window = _window(qtbot, path)
    review = window.review
    asked = []
    for answer in (True, False):
        monkeypatch.setattr(review.consent, "same_person", lambda earlier: asked.append(earlier) or answer)
        review.consent.name.setText(" joseph")
        review.consent._agree()
        assert moves_done()
    window.close()
    assert [a["id"] for a in asked] == [joseph, joseph] and asked[0]["registered"]
    with Store(path) as store:
        ids = [r["id"] for r in store.rows("select id from speakers where lower(trim(display_name)) = 'joseph' "
                                         "order by created_at")]
    assert ids[0] == joseph and len(ids) == 2  # "yes": the same id; "no": someone else of the same name


def test_score_view_shows_the_recorded_chrf(qtbot, app, tmp_path):
    from desktop.score_panel import ScorePanel
    paths = report_paths()
    if not paths:
        pytest.skip("needs shared/data/champollion-reports")
    recorded = json.loads(paths[0].read_text("utf-8"))["overall"]["corpus_chrf"]
    panel = ScorePanel()
    qtbot.addWidget(panel)
    panel.open_path(str(paths[0]), wait=True)
    qtbot.waitUntil(lambda: panel.scored is not None, timeout=30000)
    rows = {r[0]: r[1] for r in panel.metrics.rows}
    assert rows["Surface · chrF++"] == f"{recorded:.2f}"
    assert panel.entries.rowCount() == 47
    panel.table.selectRow(0)
    assert "Source" in panel.detail.toPlainText()


def test_errors_become_the_cli_message(qtbot, app, tmp_path, monkeypatch):
    import desktop.qt_common as qt_common
    from desktop.score_panel import ScorePanel
    seen = []
    monkeypatch.setattr(qt_common, "message", lambda parent, text, title=None: seen.append(text))
    bad = tmp_path / "bad.json"
    bad.write_text('{"entries": [{"id": "a", "source": "x"}]}')
    panel = ScorePanel()
    qtbot.addWidget(panel)
    panel.open_path(str(bad), wait=True)
    qtbot.waitUntil(lambda: bool(seen), timeout=30000)
    assert seen == [f"{bad}: entry 1 (id 'a'): missing field 'reference'"]


def test_compare_two_runs_in_the_score_view(qtbot, app, tmp_path):
    from helpers import DEMO
    from desktop.score_panel import ScorePanel
    card = json.loads(DEMO.read_text("utf-8"))
    for e in card["entries"][:10]:
        e["predicted"] = e["reference"]
    better = tmp_path / "better.json"
    better.write_text(json.dumps(card, ensure_ascii=False), "utf-8")
    panel = ScorePanel()
    qtbot.addWidget(panel)
    panel.open_path(str(DEMO), wait=True)
    qtbot.waitUntil(lambda: panel.scored is not None, timeout=30000)
    panel.show_comparison(str(better), wait=True)
    qtbot.waitUntil(lambda: "Paired comparison" in panel.detail.toPlainText(), timeout=60000)
    text = panel.detail.toPlainText()
    assert "composite" in text and "chrf_plus_plus" in text and "exact_match_rate" in text


@pytest.mark.under_load
def test_campaign_and_study_panels(qtbot, app, review_db):
    from desktop.campaign_panel import CampaignPanel
    from desktop.study_panel import StudyPanel
    path, cid, speaker = review_db
    store = Store(path)
    sequence.join(store, cid, speaker)
    for _ in range(5):
        records.answers.answer(store, cid, speaker, records.sequences.next_position(store, cid, speaker), {"adequacy": 3, "fluency": 4})
    panel = CampaignPanel(store)
    qtbot.addWidget(panel)
    assert panel.campaigns.model().rowCount() == 1 and panel.selected_campaign() == cid
    assert panel.campaigns.model().rows[0][2:] == ["…", "…"]  # counted in the background, not on the window's thread
    assert background_done()
    items = store.one("select count(*) as n from campaign_items where campaign_id = ?", [cid])["n"]
    assert panel.campaigns.model().rows[0][2:] == [items, f"0 / {items}"]  # one speaker: none at the target yet
    progress = panel.progress.model()
    assert progress.rowCount() == 1 and progress.rows[0][2] == 5
    study_panel = StudyPanel(store)
    qtbot.addWidget(study_panel)
    study_panel.agreement(wait=True)
    qtbot.waitUntil(lambda: study_panel.table.model().rowCount() == 4, timeout=30000)  # 2 questions × 2 levels
    assert [r[:2] for r in study_panel.table.model().rows] == [["adequacy", "ordinal"], ["adequacy", "interval"],
                                                               ["fluency", "ordinal"], ["fluency", "interval"]]


def test_laptop_code_enrol_trust_and_revoke_in_the_campaigns_tab(qtbot, app, review_db, tmp_path, monkeypatch):
    from desktop.campaign_panel import CampaignPanel
    path, cid, _ = review_db
    store = Store(path)
    panel = CampaignPanel(store)
    qtbot.addWidget(panel)
    assert store.device_id in panel.code.text()
    other = Store(tmp_path / "field.sqlite")
    panel.enrol(other.device_id.lower())
    assert moves_done()  # written on the engine
    assert store.one("select count(*) as n from enrolments where device_code = ?", [other.device_id])["n"] == 1
    field_panel = CampaignPanel(other)
    qtbot.addWidget(field_panel)
    field_panel.trust(store.device_id)
    assert moves_done()  # written on the engine
    assert other.one("select code from trusted")["code"] == store.device_id
    # the coordinator revokes the field laptop (it was stolen); the field laptop is told when it merges
    import desktop.circle_pages as study_panel
    from review.exchange import bundles
    monkeypatch.setattr(study_panel, "ask", lambda *a: True)
    panel.revoke(other.device_id)
    assert moves_done()  # written on the engine
    assert f"Laptop {other.device_id} is revoked" in panel.status.text()
    assert store.one("select count(*) as n from revocations where device_code = ?", [other.device_id])["n"] == 1
    bundles.export_bundle(store, str(tmp_path / "hub.lyssbundle"))
    monkeypatch.setattr(study_panel.QFileDialog, "getOpenFileName", lambda *a, **k: (str(tmp_path / "hub.lyssbundle"),
                                                                                   ""))
    field_panel.merge_bundle()
    assert background_done()
    assert "This laptop was revoked in campaign" in field_panel.status.text()


@pytest.mark.under_load
def test_a_note_written_before_the_answer_survives_a_pause(qtbot, app, review_db, monkeypatch):
    path, cid, speaker = review_db
    window = _window(qtbot, path)
    page = _start_reviewing(qtbot, window)
    qtbot.keyClick(page, Qt.Key_N)
    dialog = page.note_dialog                     # typed, then Ctrl+Enter saves it
    qtbot.keyClicks(dialog.edit, "the verb is wrong")
    qtbot.keyClick(dialog.edit, Qt.Key_Return, Qt.ControlModifier)
    assert not dialog.isVisible() and page.note == "the verb is wrong"
    qtbot.keyClick(page, Qt.Key_Escape)          # pause before answering
    assert window.review.currentWidget() is window.review.campaigns
    qtbot.keyClick(window.review.campaigns.list, Qt.Key_Return)  # resume
    assert page.note == "the verb is wrong"
    qtbot.keyClick(page, Qt.Key_2)
    qtbot.keyClick(page, Qt.Key_3)
    window.close()
    with Store(path) as store:
        assert store.one("select note from ratings where speaker_id = ?", [speaker])["note"] == "the verb is wrong"


def test_a_failed_open_clears_the_previous_run(qtbot, app, tmp_path, monkeypatch):
    import desktop.qt_common as qt_common
    from helpers import DEMO
    from desktop.score_panel import ScorePanel
    monkeypatch.setattr(qt_common, "message", lambda parent, text, title=None: None)
    panel = ScorePanel()
    qtbot.addWidget(panel)
    panel.open_path(str(DEMO), wait=True)
    qtbot.waitUntil(lambda: panel.scored is not None, timeout=30000)
    assert panel.headline.text().startswith("Composite")
    bad = tmp_path / "bad.json"
    bad.write_text("{", "utf-8")
    panel.open_path(str(bad), wait=True)
    qtbot.waitUntil(lambda: panel.scored is None, timeout=30000)
    assert panel.headline.text() == "" and panel.metrics.rowCount() == 0 and panel.entries.rowCount() == 0


def test_each_answer_records_when_its_item_appeared_and_was_answered(qtbot, app, review_db):
    path, cid, speaker = review_db
    window = _window(qtbot, path)
    page = _start_reviewing(qtbot, window)
    for _ in range(3):
        qtbot.keyClick(page, Qt.Key_4)
        qtbot.keyClick(page, Qt.Key_4)
    window.close()
    with Store(path) as store:
        rows = store.rows("select started_at, ended_at, seconds from ratings where speaker_id = ?", [speaker])
    assert len(rows) == 3 and all(r["started_at"] <= r["ended_at"] and r["seconds"] >= 0 for r in rows)


def test_a_large_scored_run_card_is_shown_not_rescored(qtbot, app, scored_demo, tmp_path):
    from desktop.score_panel import ScorePanel
    scored = json.loads(scored_demo.read_text("utf-8"))
    scored["padding"] = "x" * 300_000  # over the size the app once took for "unscored"
    big = tmp_path / "big-scored.json"
    big.write_text(json.dumps(scored, ensure_ascii=False), "utf-8")
    panel = ScorePanel()
    qtbot.addWidget(panel)
    panel.open_path(str(big))
    assert panel.scored is not None and panel.worker is None  # shown at once, no scoring started
    assert panel.scored["scores"]["composite"] == scored["scores"]["composite"]


def test_a_file_without_a_language_is_scored_with_the_chosen_one(qtbot, app, tmp_path):
    """A TSV names no language: scored as it is, the app says so; with a language and profile chosen, it
    gets that language's checks (the same numbers as `lyss score --lang … --profile …`)."""
    from helpers import DEMO
    from desktop.cli import main
    entries = json.loads(DEMO.read_text("utf-8"))["entries"]
    tsv = tmp_path / "run.tsv"
    tsv.write_text("source\treference\tprediction\n" + "".join(
        f"{e['source']}\t{e['reference']}\t{e['predicted']}\n" for e in entries), "utf-8")
    window = _window(qtbot, tmp_path / "r.sqlite")
    panel = window.score
    panel.open_path(str(tsv), wait=True)
    assert "names no language" in panel.stage.text()
    code = next(i for i in range(panel.language_choice.count()) if panel.language_choice.itemData(i) == "crk")
    panel.language_choice.setCurrentIndex(code)
    panel.profile_choice.setCurrentIndex(panel.profile_choice.findData("B"))
    panel.open_path(str(tsv), wait=True)
    assert panel.scored["lyss"]["language"]["code"] == "crk" and panel.scored["lyss"]["profile"]["name"] == "B"
    assert "names no language" not in panel.stage.text()
    out = tmp_path / "cli.json"
    assert main(["score", str(tsv), "--lang", "crk", "--profile", "B", "--out", str(out)]) == 0
    assert panel.scored["scores"]["composite"] == pytest.approx(json.loads(out.read_text("utf-8"))["scores"]["composite"])
    assert panel.scored["scores"]["fst_acceptance_rate"] is not None


def test_one_answering_keypress_runs_at_most_ten_statements(qtbot, app, review_db):
    """The keypress that completes an answer saves it, moves on and shows the next item: at most ten SQL
    statements (BEGIN and COMMIT included), counted on the engine's connection, where the session lives."""
    path, cid, speaker = review_db
    window = _window(qtbot, path)
    page = _start_reviewing(qtbot, window)
    qtbot.keyClick(page, Qt.Key_4)
    from desktop.engine import engine
    statements = []
    writer = engine(page.store.path)  # the session's moves are made on the engine's connection
    writer.hand(None, lambda own: own.conn.set_trace_callback(statements.append))
    qtbot.keyClick(page, Qt.Key_4)  # the last question: saved, and the next item appears
    writer.hand(None, lambda own: own.conn.set_trace_callback(None))
    assert moves_done()
    assert page.position == 1
    assert 0 < len(sent(statements)) <= 10, "\n".join(statements)
    window.close()


def test_a_practice_round_comes_first_with_feedback_and_f1_shows_the_guidelines(qtbot, app, tmp_path, scored_demo):
    """Four items with known answers, explained, nothing stored; then the real first item; F1 anywhere."""
    path = tmp_path / "r.sqlite"
    with Store(path) as store:
        cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A", items=20)
        speaker = records.speakers.add_speaker(store, "Mary", "LYSS study")
    window = _window(qtbot, path)
    page = _start_reviewing(qtbot, window)
    kinds = [item["practice"] for item in page.practice_items]
    assert kinds == ["reference", "unrelated", "swapped", "reference"]
    assert page.progress.text() == "Practice 1 of 4"
    assert page.second.text() == page.practice_items[0]["reference"]  # the reference shown as the translation
    qtbot.keyClick(page, Qt.Key_1)  # "None" for a perfect translation: not quite
    qtbot.keyClick(page, Qt.Key_5)
    assert page.status.text().startswith("Not quite.\nHow much of the meaning is expressed? You answered 1 None; "
                                         "expected: 4 Most or 5 All.\nThis translation was written by a person")
    qtbot.keyClick(page, Qt.Key_F1)
    assert "Meaning (adequacy)" in page.guidelines_box.text()
    assert page.guidelines_box.textFormat() == Qt.PlainText
    page.guidelines_box.close()
    qtbot.keyClick(page, Qt.Key_Return)
    assert page.progress.text() == "Practice 2 of 4"
    assert page.second.text() != page.practice_items[1]["reference"]  # another sentence's reference
    qtbot.keyClick(page, Qt.Key_1)
    qtbot.keyClick(page, Qt.Key_2)
    assert page.status.text().startswith("Right.\nThis translation belongs to another sentence")
    for _ in range(2):
        qtbot.keyClick(page, Qt.Key_Return)
        qtbot.keyClick(page, Qt.Key_3)
        qtbot.keyClick(page, Qt.Key_3)
    qtbot.keyClick(page, Qt.Key_Return)
    assert page.progress.text().startswith("1 of") and page.position == 0 and not page.practice_items
    assert page.status.text() == "Practice done — the real items start now."
    window.close()
    with Store(path) as store:
        assert store.one("select count(*) as n from ratings")["n"] == 0  # nothing of the practice is stored
        assert not practice.offered(store, cid, speaker)
    again = _window(qtbot, path)
    assert _start_reviewing(qtbot, again).progress.text().startswith("1 of")  # practised once per campaign
    again.close()


def test_time_away_from_the_app_is_recorded_and_left_out_of_the_time_per_item(qtbot, app, review_db, monkeypatch):
    """Start, end and focus loss travel with every answer; reliability's time per item leaves the time away out."""
    import types

    from desktop import item_moves as review_panel
    from review.study import analyses
    clock = types.SimpleNamespace(now=100.0)
    monkeypatch.setattr(review_panel, "time", types.SimpleNamespace(perf_counter=lambda: clock.now))
    path, cid, speaker = review_db
    window = _window(qtbot, path)
    page = _start_reviewing(qtbot, window)
    page.show_position(page.position)  # shown at t = 100 (the fake clock)
    clock.now = 103.0
    page.application_state(Qt.ApplicationInactive)  # another window comes to the front for 40 s
    clock.now = 143.0
    page.application_state(Qt.ApplicationActive)
    clock.now = 146.0
    qtbot.keyClick(page, Qt.Key_4)
    qtbot.keyClick(page, Qt.Key_4)
    window.close()
    with Store(path) as store:
        row = store.one("select seconds, away_seconds, started_at, ended_at from ratings where speaker_id = ?",
                        [speaker])
        assert (row["seconds"], row["away_seconds"]) == (46.0, 40.0)
        assert row["started_at"] < row["ended_at"]
        quality = analyses.speaker_reliability(store, cid)[0]
    assert (quality["median_seconds"], quality["away_seconds"], quality["answers_with_time_away"]) == (6.0, 40.0, 1)


def test_the_app_can_draw_its_first_window_and_quit(qtbot, app, tmp_path, monkeypatch):
    """``lyss app --quit-when-shown`` (how the bundle check times the app's start): the main window is
    drawn, its database created, and the command ends with status 0 instead of waiting for events."""
    from desktop.cli import main

    monkeypatch.setenv("LYSS_SETTINGS_DIR", str(tmp_path / "settings"))
    assert main(["app", "--db", str(tmp_path / "first.sqlite"), "--quit-when-shown"]) == 0
    assert (tmp_path / "first.sqlite").exists()


def test_the_window_opens_on_the_speakers_screen_and_builds_each_other_tab_when_first_shown(qtbot, app, review_db):
    """The scoring engine and the study load only for those who open their tabs: a fresh process opening the
    window imports neither panel's module, nor numpy nor sqlite-utils (numpy takes a tenth of a second to
    load, and sqlite-utils loads it); in the window, a tab's panel is built when its tab is first
    shown, with plain-text labels and named buttons like the rest, and the Campaigns tab shows the campaign."""
    program = ("import sys; from desktop.qt_common import application; from desktop.main_window import MainWindow; "
               "app = application(); w = MainWindow(sys.argv[1]); w.show(); app.processEvents(); "
               "print(sorted(m for m in ('desktop.score_panel', 'desktop.study_panel', 'desktop.campaign_panel', 'scoring.engine', 'numpy', "
               "'sqlite_utils') "
               "if m in sys.modules)); w.close()")
    path = review_db[0]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "LYSS_SETTINGS_DIR": str(path.parent / "settings")}
    opened = subprocess.run([sys.executable, "-c", program, str(path)], capture_output=True, text=True, env=env,
                            cwd=ROOT, timeout=120)
    assert opened.returncode == 0, opened.stderr
    assert opened.stdout.strip() == "[]"

    window = open_window(qtbot, path)
    later = [window.tabs.widget(i) for i in range(1, window.tabs.count())]
    assert [tab.built for tab in later] == [False, False, False]
    window.tabs.setCurrentIndex(2)  # Campaigns, by its tab
    assert [tab.built for tab in later] == [False, True, False]
    assert window.campaigns.campaigns.model().rowCount() == 1  # refreshed as it is shown
    assert all(label.textFormat() == Qt.PlainText for label in window.campaigns.findChildren(QLabel))
    assert all(b.accessibleName() for b in window.campaigns.findChildren(QPushButton) if b.text().strip())
    window.show_panel(window.score)
    assert window.tabs.currentIndex() == 1 and [tab.built for tab in later] == [True, True, False]


@pytest.mark.under_load
def test_the_speakers_page_answers_keys_while_the_study_correlates(qtbot, app, tmp_path, scored_demo):
    """Issue 58: Correlate (1,000 resamples) on a 600-item campaign runs in a worker; meanwhile the speaker's keys
    record answers and move the page on, with both cores busy; then the plot is drawn."""
    from bench.review_bench import large_runs
    path = tmp_path / "busy.sqlite"
    with Store(path) as store:
        cid = campaigns.create_campaign(store, large_runs(json.loads(scored_demo.read_text("utf-8")), 600)[0], "A")
        mary = records.speakers.add_speaker(store, "Mary", "test")
        practice.mark_done(store, cid, mary)
        for name in ("Ann", "Bo"):
            other = records.speakers.add_speaker(store, name, "test")
            sequence.join(store, cid, other)
            for k in range(120):
                records.answers.answer(store, cid, other, records.sequences.next_position(store, cid, other),
                                       {"adequacy": 1 + k % 5, "fluency": 1 + k % 4})
    window = _window(qtbot, path)
    window.review.open_speaker(mary)
    window.review.open_campaign(cid)
    moves_done()  # the session opened on the engine
    page = window.review.items
    study = window.study
    study.campaign_choice.setCurrentIndex(study.campaign_choice.findData(cid))
    study.correlate()
    answered_meanwhile = 0
    while study._worker.isRunning() and answered_meanwhile < 5:
        before = page.position
        qtbot.keyClick(page, Qt.Key_4)
        qtbot.keyClick(page, Qt.Key_3)
        assert page.position != before  # the answer recorded, the next item shown, while the study computes
        answered_meanwhile += 1
    assert answered_meanwhile >= 1, "the correlation ended before a key could be pressed: nothing was measured"
    assert background_done()
    assert study.plot.points, "no plot after Correlate"
    with Store(path) as store:
        assert store.one("select count(*) as n from ratings where speaker_id = ?", [mary])["n"] == answered_meanwhile


def test_the_study_tab_opens_on_the_chosen_campaigns_correlation(qtbot, app, review_db, tmp_path, scored_demo):
    """Issue 55, 8: the Study tab was empty until a button was pressed; the first time it is shown it works out the
    chosen campaign's correlation in the background; with nothing to correlate it says why, in its results."""
    path, cid, speaker = review_db
    with Store(path) as store:
        sequence.join(store, cid, speaker)
        for k in range(8):
            records.answers.answer(store, cid, speaker, records.sequences.next_position(store, cid, speaker),
                                   {"adequacy": 1 + k % 5, "fluency": 4})
    window = _window(qtbot, path)
    window.show_panel(window.study)
    assert background_done()
    study = window.study
    assert study.table.model().rowCount() >= 2 and study.plot.points, study.text.toPlainText()
    empty, _, _ = review_database(tmp_path / "empty.sqlite", scored_demo, "A", 4)
    window = _window(qtbot, empty)
    window.show_panel(window.study)
    assert background_done()
    assert window.study.text.toPlainText().startswith("Nothing to correlate yet: "), window.study.text.toPlainText()


def test_a_campaign_s_status_is_worked_out_once_at_a_time(qtbot, app, tmp_path, scored_demo):
    """The Campaigns tab works out a campaign's status on a connection of its own, one worker at a time. Asked for
    another campaign after the first worker's thread ended but before its result was drawn, it started a second: the
    late result then started a third while the second ran, and two writers on one connection broke each other's verdict
    records ("no such savepoint", seen in the screenshot script under load). Now the next waits for the result."""
    from desktop.campaign_panel import CampaignPanel
    path = tmp_path / "r.sqlite"
    with Store(path) as store:
        first, second = (campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A", items=5)
                         for _ in range(2))
    store = Store(path)
    panel = CampaignPanel(store)
    qtbot.addWidget(panel)
    assert background_done()
    panel.show_decisions(first)
    worker = panel._status_worker
    assert worker is not None and worker.wait(60_000)  # its thread ended; its result not yet delivered
    panel.show_decisions(second)
    assert panel._status_worker is worker  # no second worker on the same connection meanwhile
    with qtbot.waitSignal(panel.decisions_shown, timeout=60_000, check_params_cb=lambda cid: cid == second):
        pass
    assert background_done()
    store.close()
