"""Enrol once (issue 55, 1 and 7): a coordinator enrols its field laptops before any campaign, and each laptop takes
part in every campaign that coordinator creates, now and later, with no enrolment again; ``--campaign`` narrows an
enrolment to one campaign and takes the campaign's name; a revocation without ``--campaign`` takes the laptop out of
the circle. A laptop that shares the folder before it is enrolled waits quietly: every sync exits 0 and says it in one
line. Three laptops, a real shared folder, the command line."""

from __future__ import annotations

from desktop.cli import main
from helpers import refused_alone
from review import records
from review.exchange import sync
from review.rating import campaigns
from review.records import catalogue, laptops
from review.store import Store


def _cli(capsys, *argv) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _answer(capsys, db, campaign, speaker) -> tuple[int, str, str]:
    return _cli(capsys, "review", "answer", "--db", db, "--campaign", campaign, "--speaker", speaker,
                "--answers", '{"adequacy": 4, "fluency": 5}')


def test_a_laptop_enrolled_before_any_campaign_answers_every_campaign_created_later(tmp_path, scored_demo, capsys):
    hub_db, rita_db, joe_db = (str(tmp_path / f"{n}.sqlite") for n in ("hub", "rita", "joe"))
    folder = tmp_path / "shared"
    folder.mkdir()
    for db in (hub_db, rita_db, joe_db):
        assert _cli(capsys, "review", "init", "--db", db)[0] == 0
    codes = {db: Store(db).device_id for db in (hub_db, rita_db, joe_db)}
    rita, joe, hub = codes[rita_db], codes[joe_db], codes[hub_db]

    # before this issue: "this laptop coordinates no campaign yet (create one first)", exit 2
    code, out, err = _cli(capsys, "review", "enrol", "--db", hub_db, rita, "--name", "Rita's laptop")
    assert code == 0, err
    assert out.strip() == (f"Rita's laptop ({rita}) is enrolled in every campaign this laptop creates: none yet, "
                           f"each one from its creation")
    assert _cli(capsys, "review", "trust", "--db", rita_db, hub)[0] == 0
    assert "enrolled in every campaign, now and later" in _cli(capsys, "review", "list", "laptops", "--db", hub_db)[1]

    # Joe's laptop shares the folder before it is enrolled: it waits quietly, nothing fails (before: exit 1 on
    # every laptop's every sync)
    assert _cli(capsys, "review", "trust", "--db", joe_db, hub)[0] == 0
    assert _cli(capsys, "review", "sync", str(folder), "--db", joe_db)[0] == 0
    for db in (hub_db, rita_db):
        code, out, err = _cli(capsys, "review", "sync", str(folder), "--db", db)
        assert code == 0, out + err
        waiting = [line for line in out.splitlines() if line.startswith("waiting")]
        assert waiting == [f"waiting   {joe}.lyssbundle: laptop {joe} is not enrolled here yet: its bundle waits, "
                           f"unread, until the coordinator enrols it (lyss review enrol {joe}); nothing else stops"]
    code, out, _ = _cli(capsys, "sync", "status", "--db", hub_db)
    assert code == 0 and sum(joe in line and "waiting" in line for line in out.splitlines()) == 1, out

    # two campaigns, created after the enrolment: Rita's laptop takes part in both without a second enrolment
    scored = catalogue.load_scored(str(scored_demo))
    with Store(hub_db) as store:
        first = campaigns.create_campaign(store, scored, "A", items=6, name="Cree MT: which system")
        second = campaigns.create_campaign(store, scored, "A", items=6, seed=99, name="second look")
        assert {(r["campaign_id"], r["device_code"]) for r in laptops.enrolments(store)} == {
            (first, rita), (second, rita)}
    for db in (hub_db, rita_db):
        assert _cli(capsys, "review", "sync", str(folder), "--db", db)[0] == 0
    with Store(rita_db) as store:
        mary = records.speakers.add_speaker(store, "Mary", "LYSS study")
    for cid in (first, second):
        code, out, err = _answer(capsys, rita_db, cid, mary)
        assert code == 0, err
    for db in (rita_db, hub_db):
        assert _cli(capsys, "review", "sync", str(folder), "--db", db)[0] == 0
    with Store(hub_db) as store:
        assert {r["campaign_id"]: r["n"] for r in store.rows(
            "select campaign_id, count(*) as n from ratings group by campaign_id")} == {first: 1, second: 1}

    # --campaign narrows an enrolment, by id or by the campaign's unique name (before: "does not coordinate that
    # campaign" for a name)
    code, out, err = _cli(capsys, "review", "enrol", "--db", hub_db, joe, "--campaign", "Cree MT: which system")
    assert code == 0, err
    assert out.strip() == f"{joe} may now send answers to campaign {first}"
    for db in (hub_db, joe_db, hub_db):
        code, out, err = _cli(capsys, "review", "sync", str(folder), "--db", db)
        assert code == 0 and "waiting" not in out, out
    with Store(joe_db) as store:
        ben = records.speakers.add_speaker(store, "Ben", "LYSS study")
    assert _answer(capsys, joe_db, first, ben)[0] == 0
    code, _, err = _answer(capsys, joe_db, second, ben)
    assert code == 2 and f"not enrolled in campaign {second}" in err

    # a revocation without --campaign takes Rita's laptop out of the circle: a campaign created after it does not
    # enrol it
    code, out, err = _cli(capsys, "review", "revoke", "--db", hub_db, rita)
    assert code == 0, err
    assert out.splitlines()[0] == (f"Rita's laptop ({rita}) left this coordinator's circle: no campaign created from "
                                   f"now on enrols it")
    assert out.splitlines()[1].startswith(f"revoked {rita} in 2 campaigns from ")
    with Store(hub_db) as store:
        third = campaigns.create_campaign(store, scored, "A", items=6, seed=7, name="third")
        assert laptops.enrolled_in(store, third) == []
        assert laptops.in_circle(store) == []


def test_enrol_says_what_it_cannot_do_in_one_line(tmp_path, capsys):
    db = str(tmp_path / "hub.sqlite")
    assert _cli(capsys, "review", "init", "--db", db)[0] == 0
    own = Store(db).device_id
    code, out, err = _cli(capsys, "review", "enrol", "--db", db, own)
    assert code == 2 and out == "" and err.count("\n") == 1 and "this laptop's own code" in err
    other = Store(tmp_path / "other.sqlite").device_id
    code, out, err = _cli(capsys, "review", "enrol", "--db", db, other, "--campaign", "no such name")
    assert code == 2 and out == "" and err.count("\n") == 1 and "no such campaign" in err
    with Store(db) as store:
        assert laptops.in_circle(store) == [] and laptops.enrolments(store) == []


def test_a_restore_keeps_the_circle_the_database_held(tmp_path):
    """The circle is the coordinator's decision: a restore to a backup made before a laptop joined keeps it in (a
    campaign created after the restore enrols it), and one made before it left keeps it out."""
    hub = Store(tmp_path / "hub.sqlite")
    rita, tom = (Store(tmp_path / f"{n}.sqlite").device_id for n in ("rita", "tom"))
    laptops.enrol(hub, tom)
    hub.backup("on-demand")  # Tom in the circle, Rita not yet
    laptops.enrol(hub, rita)
    laptops.revoke(hub, tom)
    assert laptops.in_circle(hub) == [rita]
    path = hub.path
    hub.close()
    from review.store import restore
    restore(path)
    with Store(path) as again:
        assert laptops.in_circle(again) == [rita]


def test_a_campaign_made_again_converges_on_its_earliest_row_and_a_real_conflict_says_what_differs(tmp_path,
                                                                                                    scored_demo):
    from review.exchange import bundles
    from review.store import restore

    scored = catalogue.load_scored(str(scored_demo))
    folder = tmp_path / "shared"
    folder.mkdir()
    hub = Store(tmp_path / "hub.sqlite")
    lap = Store(tmp_path / "lap.sqlite")
    laptops.enrol(hub, lap.device_id)
    laptops.trust(lap, hub.device_id)
    old = hub.backup("on-demand")
    cid = campaigns.create_campaign(hub, scored, "A", items=6, name="c0")
    first = hub.one("select created_at, signature from campaigns where id = ?", [cid])
    sync.sync(hub, folder)
    sync.sync(lap, folder)
    path = hub.path
    hub.close()
    restore(path, old)
    hub = Store(path)
    (folder / sync.own_name(hub)).unlink()  # its own file gone too: the campaign is made again
    assert campaigns.create_campaign(hub, scored, "A", items=6, name="c0") == cid  # the same id, a new time
    assert hub.one("select created_at from campaigns where id = ?", [cid])["created_at"] > first["created_at"]
    for store in (hub, lap, hub, lap):
        report = sync.sync(store, folder)
        assert not report.refused and not any(o.added.get("rows_refused") for o in report.merged), \
            [o.line() for o in report.outcomes]
    for store in (hub, lap):
        assert store.one("select created_at, signature from campaigns where id = ?", [cid]) == first

    # a real conflict: another content under the same id (a bundle signed by the coordinator with other raters; a
    # name alone is no conflict: the earliest version's stands everywhere, tests/test_campaign_made_again.py)
    rows = hub.rows("select * from campaigns where id = ?", [cid])
    from review.store import signing
    changed = {**rows[0], "raters_per_item": 5}
    item_ids = [r["item_id"] for r in hub.rows("select item_id from campaign_items where campaign_id = ? "
                                                "order by position", [cid])]
    changed.update(signing.sign_campaign(hub.db, hub.private_key, hub.public_key, changed, item_ids))
    with hub.transaction() as db:
        db["campaigns"].update(cid, {"raters_per_item": 5, "signature": changed["signature"]})
    stick = tmp_path / "renamed.lyssbundle"
    bundles.export_bundle(hub, str(stick))
    changed_rows = refused_alone(bundles.merge(lap, str(stick)))
    assert any("a conflict — this laptop holds other content under this id (it differs in raters_per_item)" in why
               for why in changed_rows), changed_rows
