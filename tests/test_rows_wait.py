"""One answer blocks no laptop (issue 42, second story): inside a good bundle every row is judged alone. A laptop's
answers to a campaign it was not enrolled in (recorded by an older LYSS, which let its speaker answer any campaign
the folder brought) wait at the hub — kept, listed with the coordinator's command — while its answers to the campaign
it is enrolled in merge; once the coordinator enrols it, the next sync places them without the laptop doing
anything. Before, the hub refused the laptop's whole file ("signed by laptop …, which is not enrolled in campaign
…; nothing was merged") and its answers in every campaign stopped arriving."""

from __future__ import annotations

import pytest

from helpers import enrolled_study, in_english, rate
from desktop.cli import main
from review.exchange import sync
from review.rating import campaigns, roster
from review.records import catalogue, laptops, shared_folder
from review.store import Store


@pytest.fixture
def scored(scored_demo):
    return catalogue.load_scored(str(scored_demo))


def _count(store: Store, sql: str, params=()) -> int:
    return store.one(f"select count(*) as n from {sql}", list(params))["n"]


def _answered_two_without_enrolment(tmp_path, scored, monkeypatch):
    """The hub, campaigns "one" and "two", the laptop enrolled in "one" only, Ana's 3 answers to "one" and Ben's 2
    to "two" (an older LYSS did not check the enrolment), both files in the shared folder."""
    folder = tmp_path / "shared"
    folder.mkdir()
    hub, one, (lap,) = enrolled_study(tmp_path, scored, 1)
    two = campaigns.create_campaign(hub, scored, "A", items=6, seed=99, name="two")
    sync.sync(hub, folder)
    sync.sync(lap, folder)
    rate(lap, one, "Ana", 3)
    with monkeypatch.context() as older:
        older.setattr(laptops, "takes_part_in", lambda *args: True)
        ben = rate(lap, two, "Ben", 2)
    sync.sync(lap, folder)
    return folder, hub, lap, one, two, ben


def test_answers_to_a_campaign_not_enrolled_in_wait_while_the_rest_merges(tmp_path, scored, monkeypatch, capsys):
    folder, hub, lap, one, two, ben = _answered_two_without_enrolment(tmp_path, scored, monkeypatch)
    waits = sum(_count(lap, t + " where speaker_id = ? and campaign_id = ?", [ben, two])
                for t in ("assignments", "ratings", "rating_history"))
    assert waits == _count(lap, "assignments where campaign_id = ?", [two]) + 2 + 2

    outcome = next(o for o in sync.sync(hub, folder).outcomes if o.name == sync.own_name(lap))
    assert outcome.status == "merged", outcome.line()
    command = f"lyss review enrol {lap.device_id} --campaign {two}"
    line = f"2 answers and {waits - 2} other rows wait for laptop {lap.device_id}'s enrolment in campaign {two} (its coordinator: {command})"
    assert line in outcome.detail
    assert _count(hub, "ratings where campaign_id = ?", [one]) == 3  # what can be placed merged
    assert _count(hub, "ratings where campaign_id = ?", [two]) == 0
    assert _count(hub, "assignments where campaign_id = ?", [two]) == 0
    assert [in_english(said) for said in shared_folder.lines(hub)] == [line]
    db = str(hub.path)
    hub.close()
    capsys.readouterr()
    assert main(["sync", "status", "--db", db]) == 0
    assert f"{line} (kept here until then)" in capsys.readouterr().out

    hub = Store(db)
    laptops.enrol(hub, lap.device_id, two)  # the coordinator's command, on the hub: the laptop does nothing
    report = sync.sync(hub, folder)
    placed = next(o for o in report.outcomes if o.name == sync.WAITING_ROWS)
    assert placed.status == "merged" and f"{waits} rows that waited were placed" in placed.detail, placed.line()
    assert _count(hub, "ratings where campaign_id = ?", [two]) == 2
    assert _count(hub, "ratings where speaker_id = ?", [ben]) == _count(lap, "ratings where speaker_id = ?", [ben])
    assert shared_folder.count(hub) == 0


def test_a_withdrawn_speakers_waiting_rows_leave_this_laptop(tmp_path, scored, monkeypatch):
    """No copy of a withdrawn speaker anywhere: their rows that waited here go with the withdrawal."""
    folder, hub, lap, one, two, ben = _answered_two_without_enrolment(tmp_path, scored, monkeypatch)
    sync.sync(hub, folder)
    assert _count(hub, "waiting_rows where speaker_id = ?", [ben]) > 0
    roster.withdraw(lap, ben)
    sync.sync(lap, folder)
    sync.sync(hub, folder)
    assert _count(hub, "waiting_rows where speaker_id = ?", [ben]) == 0
    assert shared_folder.count(hub) == 0
    laptops.enrol(hub, lap.device_id, two)
    sync.sync(hub, folder)
    assert _count(hub, "ratings where speaker_id = ?", [ben]) == 0


def test_merge_prints_what_waits_and_what_was_refused_alone(tmp_path, scored, monkeypatch, capsys):
    folder, hub, lap, one, two, ben = _answered_two_without_enrolment(tmp_path, scored, monkeypatch)
    db = str(hub.path)
    hub.close()
    capsys.readouterr()
    assert main(["review", "merge", "--db", db, str(folder / sync.own_name(lap))]) == 0
    out = capsys.readouterr().out
    assert "3 answers added" in out
    assert f"wait for laptop {lap.device_id}'s enrolment in campaign {two}" in out and "kept here" in out


def test_a_campaign_waits_for_trust_with_its_items_and_merges_once_trusted(tmp_path, scored):
    """Another coordinator's laptop shares the folder: its campaign, items, sequences and answers wait for this laptop's
    trust (its coordinator's own file is refused whole: a coordinator not trusted); once trusted, the next sync places
    them all — the campaign with its signed list of items (it failed before: the list was left behind, and judging
    the campaign again without it refused every later file)."""
    folder = tmp_path / "shared"
    folder.mkdir()
    hub, one, (lap,) = enrolled_study(tmp_path, scored, 1)
    other = Store(tmp_path / "other.sqlite")
    two = campaigns.create_campaign(other, scored, "A", items=6, seed=7, name="second study")
    theirs = Store(tmp_path / "theirs.sqlite")
    laptops.enrol(other, theirs.device_id, two)
    laptops.trust(theirs, other.device_id)
    for store in (other, theirs):
        lines = [o.line() for o in sync.sync(store, folder).outcomes]
    assert two in [c["id"] for c in catalogue.list_campaigns(theirs)], lines
    rate(theirs, two, "Cree", 3)
    sync.sync(theirs, folder)
    report = {o.name: o for o in sync.sync(hub, folder).outcomes}
    assert report[sync.own_name(other)].status == "refused"
    assert f"lyss review trust {other.device_id}" in report[sync.own_name(other)].detail
    mine = report[sync.own_name(theirs)]
    assert mine.status == "merged" and f"wait for this laptop's trust in coordinator {other.device_id}" in mine.detail
    assert two not in [c["id"] for c in catalogue.list_campaigns(hub)]
    sync.sync(lap, folder)  # the hub's campaign arrives on its field laptop
    rate(lap, one, "Ana", 2)  # nothing else is held up
    sync.sync(lap, folder)
    assert sync.sync(hub, folder).merged and _count(hub, "ratings where campaign_id = ?", [one]) == 2
    laptops.trust(hub, other.device_id)
    sync.sync(hub, folder)
    assert two in [c["id"] for c in catalogue.list_campaigns(hub)]
    assert _count(hub, "campaign_items where campaign_id = ?", [two]) == \
        _count(other, "campaign_items where campaign_id = ?", [two])
    assert _count(hub, "ratings where campaign_id = ?", [two]) == 3 and shared_folder.count(hub) == 0


def test_what_rows_wait_for_and_why_reach_the_french_app_in_french(tmp_path, scored, monkeypatch, qtbot):
    """Issue 69 (words): what a row waits for and why it waits were English text kept in the database, shown as such
    on the French sharing page. They are said lines kept as JSON: English on the command line (above), French in the
    French app; a reason an older LYSS kept as text is shown as it was written."""
    from desktop.qt_common import application, said, set_ui_language
    application()
    folder, hub, lap, one, two, ben = _answered_two_without_enrolment(tmp_path, scored, monkeypatch)
    sync.sync(hub, folder)
    waits = shared_folder.count(hub)
    [waiting] = shared_folder.lines(hub)
    why = {said(r["reason"]) for r in shared_folder.held(hub) if r["table_name"] == "ratings"}
    set_ui_language("fr", remember=False)
    try:
        assert said(waiting) == (f"2 réponses et {waits - 2} autres lignes attendent l'inscription de l'ordinateur "
                                 f"{lap.device_id} à la campagne {two} (par son coordinateur : lyss review enrol "
                                 f"{lap.device_id} --campaign {two})")
        french = {said(r["reason"]) for r in shared_folder.held(hub) if r["table_name"] == "ratings"}
        assert len(french) == 2 and all(
            w.startswith("ratings ligne ") and w.endswith(f" : l'ordinateur {lap.device_id} n'est pas inscrit à la "
                                                         f"campagne {two}") for w in french), french
        assert said(shared_folder.said("kept by an older LYSS")) == "kept by an older LYSS"
    finally:
        set_ui_language("en", remember=False)
    assert all(w.endswith(f": laptop {lap.device_id} is not enrolled in campaign {two}") for w in why)
