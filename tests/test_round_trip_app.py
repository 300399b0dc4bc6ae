"""A round trip for every page of the app that writes (issue 65, 2): the consent page, the item page (a question task
and task E's marking), and the Campaigns tab (a campaign made with the community's terms, terms recorded later,
enrolling and revoking a laptop, withdrawing a speaker). Each writes on its laptop, offscreen with real widgets; the
rows travel to the two other laptops by USB bundle and through the shared folder, and every shared table is then
row-identical on all three (``tests/circle_of_three.py``)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QPushButton  # noqa: E402

from circle_of_three import Circle  # noqa: E402
from helpers import background_done, moves_done, open_window, start_reviewing  # noqa: E402
from review.rating import practice  # noqa: E402
from review.records import catalogue  # noqa: E402
from review.store import Store  # noqa: E402

TERMS = {"community": "Example Nation (test data)", "licence": "CC-BY-4.0", "uses": ["study", "publication"]}


@pytest.fixture
def app(qapp):
    from desktop.qt_common import application
    return application()


def _practised(circle: Circle, laptop: str, speaker: str) -> None:
    with Store(circle.db[laptop]) as store:
        practice.mark_done(store, circle.campaign, speaker)


def _panel(qtbot, circle: Circle, laptop: str):
    from desktop.campaign_panel import CampaignPanel
    store = Store(circle.db[laptop])
    panel = CampaignPanel(store)
    qtbot.addWidget(panel)
    return panel, store


def test_a_speaker_registered_on_the_consent_page_reaches_every_laptop(qtbot, app, tmp_path, scored_demo, capsys):
    circle = Circle(tmp_path, scored_demo, capsys)
    window = open_window(qtbot, circle.db["rita"])
    review = window.review
    new = next(b for b in review.sign_in.findChildren(QPushButton) if "new" in b.text())
    qtbot.mouseClick(new, Qt.LeftButton)
    review.consent.name.setText("Joseph ᒣᕀᐢᑕᐢ")  # typed by an input method: keyClicks takes ASCII only
    review.consent.uses["publication"].setChecked(True)
    review.consent._agree()
    assert moves_done()  # the profile written on the engine
    assert review.currentWidget() is review.campaigns
    window.close()
    circle.travel("rita")  # before: "speakers row 1 consent_uses: must hold a JSON object: nothing was merged"
    for laptop in ("hub", "joe"):
        with Store(circle.db[laptop]) as store:
            uses = [json.loads(r["consent_uses"]) for r in store.rows("select consent_uses from speakers")]
        assert uses == [["publication", "study"]]


def test_answers_given_on_the_item_page_reach_every_laptop(qtbot, app, tmp_path, scored_demo, capsys):
    circle = Circle(tmp_path, scored_demo, capsys)
    mary = circle.add_speaker("rita", "Mary")
    _practised(circle, "rita", mary)
    window = open_window(qtbot, circle.db["rita"])
    page = start_reviewing(qtbot, window)
    for key in (Qt.Key_4, Qt.Key_4, Qt.Key_2, Qt.Key_3):
        qtbot.keyClick(page, key)
    assert page.position == 2
    window.close()
    circle.travel("rita")
    with Store(circle.db["joe"]) as store:
        assert store.one("select count(*) as n from ratings where speaker_id = ?", [mary])["n"] == 2


def test_error_spans_marked_on_the_item_page_reach_every_laptop(qtbot, app, tmp_path, scored_demo, capsys):
    circle = Circle(tmp_path, scored_demo, capsys, task="E")
    mary = circle.add_speaker("rita", "Mary")
    _practised(circle, "rita", mary)
    window = open_window(qtbot, circle.db["rita"])
    page = start_reviewing(qtbot, window)
    qtbot.keyClick(page, Qt.Key_Home)
    qtbot.keyClick(page, Qt.Key_2)   # the first word: major
    qtbot.keyClick(page, Qt.Key_M)
    qtbot.keyClick(page, Qt.Key_1)   # something missing: minor
    qtbot.keyClick(page, Qt.Key_Return)
    qtbot.keyClick(page, Qt.Key_2)   # 33
    qtbot.keyClick(page, Qt.Key_Return)
    assert page.position == 1
    window.close()
    circle.travel("rita")
    with Store(circle.db["hub"]) as store:
        answers = store.one("select answers from ratings where speaker_id = ?", [mary], json_columns=["answers"])
    assert answers["answers"]["score"] == 33 and any(s.get("missing") for s in answers["answers"]["spans"])


def test_a_campaign_made_with_its_terms_on_the_campaigns_tab_reaches_every_laptop(qtbot, app, tmp_path, scored_demo,
                                                                                  capsys):
    circle = Circle(tmp_path, scored_demo, capsys)
    terms_file = tmp_path / "terms.json"
    terms_file.write_text(json.dumps(TERMS), encoding="utf-8")
    panel, store = _panel(qtbot, circle, "hub")
    panel.task.setCurrentIndex(panel.task.findData("T"))
    panel.create(str(scored_demo), terms_path=str(terms_file))
    assert background_done()
    qtbot.waitUntil(lambda: "ready" in panel.status.text())
    made = [c["id"] for c in catalogue.list_campaigns(store) if c["id"] != circle.campaign]
    panel.close()
    store.close()
    circle.travel("hub")
    with Store(circle.db["joe"]) as joe:
        assert [c["id"] for c in catalogue.list_campaigns(joe) if c["id"] != circle.campaign] == made
        assert joe.one("select count(*) as n from campaign_terms where campaign_id = ?", made)["n"] == 1


def test_an_adaptive_campaign_with_attention_items_from_the_campaigns_tab_serves_checks_that_travel(
        qtbot, app, tmp_path, scored_demo, capsys):
    """Issue 70: the Campaigns tab makes an adaptive campaign with wrong forms of the grammar; a speaker on a field
    laptop answers on the item page; the checks served among the segments (items made there, assignments marked
    "degraded") and the answers reach both other laptops, identical."""
    from field_scenario import three_runs
    circle = Circle(tmp_path, scored_demo, capsys)
    paths = []
    for k, run in enumerate(three_runs(scored_demo)):  # three close runs: their pairs stay open for many segments
        paths.append(tmp_path / f"run-{k}.json")
        paths[-1].write_text(json.dumps(run), encoding="utf-8")
    panel, store = _panel(qtbot, circle, "hub")
    panel.task.setCurrentIndex(panel.task.findData("A"))
    panel.qc.setCurrentIndex(panel.qc.findData("grammar"))
    panel._ask_question = lambda names: None  # the dialog's first choice: every pair and each run's tier
    panel.create_adaptive([str(p) for p in paths])
    assert background_done()
    qtbot.waitUntil(lambda: "ready" in panel.status.text())
    made = next(c["id"] for c in catalogue.list_campaigns(store) if c["id"] != circle.campaign)
    assert catalogue.campaign(store, made)["settings"]["attention"]["kind"] == "grammar"
    panel.close()
    store.close()
    circle.settle()
    mary = circle.add_speaker("rita", "Mary")
    with Store(circle.db["rita"]) as rita:
        practice.mark_done(rita, made, mary)
    window = open_window(qtbot, circle.db["rita"])
    review = window.review
    qtbot.keyClick(review.sign_in.list, Qt.Key_Return)
    window.review.open_campaign(made)
    page = review.items

    def checks() -> int:
        with Store(circle.db["rita"]) as rita:
            return rita.one("select count(*) as n from assignments where campaign_id = ? and qc = 'degraded'",
                            [made])["n"]
    for _ in range(60):  # answered until a check has come (the default share, 5 %: from the 12th item on)
        qtbot.keyClick(page, Qt.Key_4)
        qtbot.keyClick(page, Qt.Key_4)
        assert background_done()
        if checks():
            break
    window.close()
    found = checks()
    assert found >= 1
    circle.travel("rita")
    with Store(circle.db["joe"]) as joe:
        assert joe.one("select count(*) as n from assignments where campaign_id = ? and qc = 'degraded'",
                       [made])["n"] == found


def test_terms_a_laptop_enrolled_and_one_revoked_on_the_campaigns_tab_reach_every_laptop(qtbot, app, tmp_path,
                                                                                        scored_demo, capsys,
                                                                                        monkeypatch):
    import desktop.circle_pages as study_panel
    monkeypatch.setattr(study_panel, "ask", lambda *a: True)
    circle = Circle(tmp_path, scored_demo, capsys)
    terms_file = tmp_path / "terms.json"
    terms_file.write_text(json.dumps(TERMS), encoding="utf-8")
    panel, store = _panel(qtbot, circle, "hub")
    panel.campaigns.selectRow(0)
    panel.set_terms(str(terms_file))
    assert moves_done()  # written on the engine
    with Store(tmp_path / "pat.sqlite") as pat:
        panel.enrol(pat.device_id)
        assert moves_done()  # written on the engine
    panel.revoke(circle.code["joe"])
    assert moves_done()  # written on the engine
    panel.close()
    store.close()
    circle.travel("hub")
    with Store(circle.db["rita"]) as rita:
        assert rita.one("select count(*) as n from campaign_terms")["n"] == 1
        assert rita.one("select count(*) as n from revocations where device_code = ?", [circle.code["joe"]])["n"] == 1


def test_a_speaker_withdrawn_on_the_campaigns_tab_is_gone_from_every_laptop(qtbot, app, tmp_path, scored_demo, capsys,
                                                                           monkeypatch):
    import desktop.campaign_panel as study_panel
    monkeypatch.setattr(study_panel, "ask", lambda *a: True)
    circle = Circle(tmp_path, scored_demo, capsys)
    mary = circle.add_speaker("rita", "Mary")
    for _ in range(2):
        circle.answer("rita", mary)
    circle.settle()
    panel, store = _panel(qtbot, circle, "hub")
    panel.campaigns.selectRow(0)
    panel.show_progress()
    panel.progress.selectRow(panel._speakers.index(mary))
    panel.withdraw()
    assert moves_done()  # written on the engine
    assert "withdrew" in panel.status.text()
    panel.close()
    store.close()
    circle.travel("hub")
    for laptop in ("hub", "rita", "joe"):
        with Store(circle.db[laptop]) as held:
            assert held.one("select count(*) as n from ratings where speaker_id = ?", [mary])["n"] == 0, laptop


def test_a_verdict_the_campaigns_tab_shows_on_the_coordinator_s_laptop_is_announced_on_every_laptop(
        qtbot, app, tmp_path, scored_demo, capsys):
    circle = Circle(tmp_path, scored_demo, capsys)
    for name in ("Mary", "Ann", "Ruth"):
        speaker = circle.add_speaker("rita", name)
        for _ in range(6):
            circle.answer("rita", speaker, adequacy=1, fluency=1)
    circle.travel("rita")
    panel, store = _panel(qtbot, circle, "hub")
    with qtbot.waitSignal(panel.decisions_shown, timeout=60000):
        panel.campaigns.selectRow(0)
    assert background_done()
    model = panel.decisions.model()
    shown = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert any("announced on" in line for line in shown), shown  # the tab says it, as it records it
    panel.close()
    store.close()
    circle.travel("hub")
    for laptop in ("hub", "rita", "joe"):
        with Store(circle.db[laptop]) as held:
            rows = held.rows("select question, event, verdict from verdict_records")
        assert [(r["event"], r["verdict"]) for r in rows] == [("settled", "refused")], (laptop, shown)
        said = circle.on(laptop, "study", "status", "--campaign", circle.campaign)
        assert "refused" in said and "announced on" in said, (laptop, said)
