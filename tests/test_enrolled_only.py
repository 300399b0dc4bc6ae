"""A laptop records nothing it will be refused for (issue 42): answering a campaign it is not enrolled in is refused on
the laptop itself — one line naming the campaign and the coordinator's command, exit 2, nothing written — so its
bundle keeps carrying its other answers; the app does not offer such a campaign and says why; once the enrolment
arrives, it works."""

from __future__ import annotations

import pytest

from helpers import enrolled_study, rate
from desktop.cli import main
from review import records
from review.exchange import sync
from review.rating import campaigns
from review.records import catalogue, laptops
from review.store import Store


@pytest.fixture
def scored(scored_demo):
    return catalogue.load_scored(str(scored_demo))


def _outcomes(report) -> dict:
    return {o.name: (o.status, o.detail) for o in report.outcomes}


def test_an_answer_to_a_campaign_the_laptop_is_not_enrolled_in_is_refused_there_and_blocks_nothing(
        tmp_path, scored, capsys):
    folder = tmp_path / "shared"
    folder.mkdir()
    hub, one, (lap,) = enrolled_study(tmp_path, scored, 1)  # the laptop is enrolled in campaign "one"
    two = campaigns.create_campaign(hub, scored, "A", items=6, seed=99, name="two")  # made after the enrolment
    sync.sync(hub, folder)
    sync.sync(lap, folder)
    assert {c["id"] for c in catalogue.list_campaigns(lap)} == {one, two}  # "two" reached the laptop
    rate(lap, one, "Ana", 3)
    speaker = records.speakers.add_speaker(lap, "Ben", "LYSS study")
    db = str(tmp_path / "laptop0.sqlite")
    before = {t: lap.one(f"select count(*) as n from {t}")["n"] for t in ("ratings", "assignments", "rating_history")}
    lap.close()
    capsys.readouterr()
    code = main(["review", "answer", "--db", db, "--campaign", two, "--speaker", speaker, "--answers",
                 '{"adequacy": 4, "fluency": 5}'])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert f"not enrolled in campaign {two}" in err and f"lyss review enrol {Store(db).device_id} --campaign {two}" in err
    lap = Store(db)
    assert {t: lap.one(f"select count(*) as n from {t}")["n"] for t in before} == before  # nothing written
    # the laptop's bundle is merged whole at the hub: its answers to "one" arrive
    sync.sync(lap, folder)
    found = _outcomes(sync.sync(hub, folder))[sync.own_name(lap)]
    assert found[0] == "merged", found
    assert hub.one("select count(*) as n from ratings where campaign_id = ?", [one])["n"] == 3
    # once the coordinator enrols it in "two" and the enrolment arrives, the same answer is recorded
    laptops.enrol(hub, lap.device_id, two)
    sync.sync(hub, folder)
    sync.sync(lap, folder)
    lap.close()
    assert main(["review", "answer", "--db", db, "--campaign", two, "--speaker", speaker, "--answers",
                 '{"adequacy": 4, "fluency": 5}']) == 0
    lap = Store(db)
    sync.sync(lap, folder)
    assert _outcomes(sync.sync(hub, folder))[sync.own_name(lap)][0] == "merged"
    assert hub.one("select count(*) as n from ratings where campaign_id = ?", [two])["n"] == 1


def test_the_app_does_not_offer_a_campaign_the_laptop_is_not_enrolled_in_and_says_why(tmp_path, scored, qtbot):
    from PySide6.QtCore import Qt

    from desktop.review_panel import CampaignPage
    hub, one, (lap,) = enrolled_study(tmp_path, scored, 1)
    folder = tmp_path / "shared"
    folder.mkdir()
    two = campaigns.create_campaign(hub, scored, "A", items=6, seed=99, name="two")
    sync.sync(hub, folder)
    sync.sync(lap, folder)
    speaker = records.speakers.add_speaker(lap, "Ben", "LYSS study")
    chooser = CampaignPage(lap)
    qtbot.addWidget(chooser)
    chooser.show_for(speaker)
    rows = {chooser.list.item(k).data(Qt.UserRole): chooser.list.item(k) for k in range(chooser.list.count())}
    assert rows[one].flags() & Qt.ItemIsEnabled
    assert not rows[two].flags() & Qt.ItemIsEnabled and not rows[two].flags() & Qt.ItemIsSelectable
    assert f"not offered: this laptop is not enrolled in it: lyss review enrol {lap.device_id} --campaign {two}" in \
        rows[two].text()
    assert chooser.list.currentItem().data(Qt.UserRole) == one
    laptops.enrol(hub, lap.device_id, two)  # once the enrolment arrives, it is offered
    sync.sync(hub, folder)
    sync.sync(lap, folder)
    chooser.show_for(speaker)
    assert all(chooser.list.item(k).flags() & Qt.ItemIsEnabled for k in range(chooser.list.count()))
