"""Laptops have names (issue 43, story 5): the coordinator saw only codes, and the "This laptop and its circle" page
listed no enrolled or revoked laptop. ``lyss review enrol CODE --name "Rita's laptop"`` names it here (names never
travel), ``lyss review list laptops`` lists every laptop known (name, code, campaigns, last bundle seen, revoked
from), ``lyss sync status`` shows the name beside the code, and the circle page lists them."""

from __future__ import annotations

import json

from helpers import open_window
from desktop.cli import main
from review.exchange import sync
from review.rating import campaigns
from review.records import catalogue, laptops
from review.store import Store


def _hub(tmp_path, scored_demo) -> tuple[str, Store, Store]:
    hub = Store(tmp_path / "hub.sqlite")
    campaigns.create_campaign(hub, catalogue.load_scored(str(scored_demo)), "A", items=6)
    rita, tom = Store(tmp_path / "rita.sqlite"), Store(tmp_path / "tom.sqlite")
    for lap in (rita, tom):
        laptops.trust(lap, hub.device_id)
    db = str(hub.path)
    hub.close()
    return db, rita, tom


def test_enrol_names_a_laptop_and_list_laptops_shows_the_circle(tmp_path, scored_demo, capsys):
    db, rita, tom = _hub(tmp_path, scored_demo)
    assert main(["review", "enrol", "--db", db, rita.device_id, "--name", "Rita's laptop"]) == 0
    assert f"Rita's laptop ({rita.device_id}) is enrolled in every campaign" in capsys.readouterr().out
    assert main(["review", "enrol", "--db", db, tom.device_id]) == 0
    assert main(["review", "revoke", "--db", db, tom.device_id, "--from", "2026-11-30"]) == 0
    folder = tmp_path / "shared"
    folder.mkdir()
    with Store(db) as hub:
        sync.sync(hub, folder)
    sync.sync(rita, folder)
    with Store(db) as hub:
        sync.sync(hub, folder)
    capsys.readouterr()
    assert main(["review", "list", "laptops", "--db", db, "--json"]) == 0
    listed = {r["code"]: r for r in json.loads(capsys.readouterr().out)}
    assert listed[rita.device_id]["name"] == "Rita's laptop" and len(listed[rita.device_id]["campaigns"]) == 1
    assert listed[rita.device_id]["last_bundle"] is not None and listed[rita.device_id]["revoked_from"] is None
    assert listed[tom.device_id]["name"] is None and listed[tom.device_id]["revoked_from"] == "2026-11-30T00:00:00.000000Z"
    assert main(["review", "list", "laptops", "--db", db]) == 0
    text = capsys.readouterr().out
    assert f"Rita's laptop            {rita.device_id}  enrolled in every campaign, now and later; last bundle 20" in text
    assert "revoked from 2026-11-30" in text
    assert main(["sync", "status", "--db", db]) == 0
    assert f"Rita's laptop {rita.device_id}" in capsys.readouterr().out


def test_a_name_is_checked(tmp_path, scored_demo, capsys):
    db, rita, _ = _hub(tmp_path, scored_demo)
    for bad in ("   ", "x" * 61, "bell\x07"):
        assert main(["review", "enrol", "--db", db, rita.device_id, "--name", bad]) == 2
        assert capsys.readouterr().err.count("\n") == 1
    with Store(db, read_only=True) as hub:
        assert hub.one("select count(*) as n from enrolments")["n"] == 0


def test_the_circle_page_lists_the_laptops_with_their_names(qtbot, tmp_path, scored_demo):
    db, rita, tom = _hub(tmp_path, scored_demo)
    with Store(db) as hub:
        laptops.enrol(hub, rita.device_id, name="Rita's laptop")
        laptops.enrol(hub, tom.device_id)
        laptops.revoke(hub, tom.device_id, "2026-11-30T00:00:00.000000Z")
    window = open_window(qtbot, db)
    model = window.campaigns.circle_laptops.model()
    rows = [[model.index(r, c).data() for c in range(model.columnCount())] for r in range(model.rowCount())]
    by_code = {row[1]: row for row in rows}
    assert by_code[rita.device_id][0] == "Rita's laptop" and by_code[rita.device_id][2] == \
        "enrolled in every campaign, now and later"
    assert by_code[tom.device_id][0] == "—" and by_code[tom.device_id][4] == "2026-11-30 00:00"
