"""The review store, campaigns and answers: a real SQLite file on disk."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import pytest

from review import records, tasks
from review.rating import campaigns, roster, sequence
from review.records import catalogue, laptops
from review.store import SCHEMA_VERSION, Store, StoreError
from scoring.errors import InputError

from helpers import ROOT


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "review.sqlite") as s:
        yield s


@pytest.fixture
def scored(scored_demo):
    return catalogue.load_scored(str(scored_demo))


def test_store_settings_schema_and_backups(tmp_path):
    path = tmp_path / "r.sqlite"
    for _ in range(7):
        Store(path).close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    tables = {r[0] for r in conn.execute("select name from sqlite_master where type='table'")}
    assert {"runs", "items", "speakers", "campaigns", "assignments", "ratings", "rating_history", "tombstones"} <= tables
    # real restore points: at most one an hour, however often the database is opened
    assert len(list((tmp_path / "r.sqlite.backups").glob("*.sqlite"))) == 1
    s = Store(path)
    assert s.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert s.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_damaged_or_missing_database(tmp_path):
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="bad.sqlite"):
        Store(bad)
    with pytest.raises(StoreError, match="no such review database"):
        Store(tmp_path / "missing.sqlite", create=False)


def test_import_same_run_twice_changes_nothing(store, scored):
    a = catalogue.import_run(store, scored)
    before = store.one("select count(*) as n from items")["n"]
    assert catalogue.import_run(store, scored) == a
    assert store.one("select count(*) as n from items")["n"] == before == 42
    item = store.one("select metrics from items where entry_id = 'dog-01'")
    metrics = json.loads(item["metrics"])
    assert metrics["fst_acceptance_rate"] == 1.0 and metrics["exact_match_rate"] == 1.0


def test_campaigns_of_every_task(store, scored):
    ids = {t: campaigns.create_campaign(store, scored, t, items=20) for t in "ABCT"}
    count = lambda c: store.one("select count(*) as n from campaign_items where campaign_id = ?", [c])["n"]
    assert count(ids["A"]) == 20 and count(ids["T"]) == 20
    equivalent = [e for e in scored["entries"] if e["lyss"]["crk-linter"]["verdict"] == "EQUIVALENT"]
    assert count(ids["B"]) == len(equivalent)
    rejected = {w for e in scored["entries"] for w in e["lyss"]["giellalt-fst"]["rejected"]
                if w.lower() not in {x.lower() for x in e["metrics"]["leaked_words"]}}
    assert count(ids["C"]) == min(20, len(rejected))
    # task C asks only about analyser gaps: no English word, and the campaign says how many it left out
    words = {r["output"] for r in store.rows("select i.output from campaign_items ci join items i on i.id = "
                                             "ci.item_id where ci.campaign_id = ?", [ids["C"]])}
    assert words and not words & {"the", "to", "It", "and", "dogs", "house", "big"}
    left_out = json.loads(store.one("select settings from campaigns where id = ?", [ids["C"]])["settings"])["left_out"]
    assert left_out["count"] == 19 and "contact-language" in left_out["reason"]
    assert campaigns.create_campaign(store, scored, "A", items=20) == ids["A"]  # same inputs, same campaign
    # stratified: every difficulty tier is represented
    tiers = {r["difficulty"] for r in store.rows("select i.difficulty from campaign_items ci join items i on "
                                                 "i.id = ci.item_id where ci.campaign_id = ?", [ids["A"]])}
    assert tiers == {"1", "2", "3"}


def test_consent_is_required(store):
    with pytest.raises(InputError, match="consent"):
        records.speakers.add_speaker(store, "Mary", "  ")


def test_sequence_answers_resume_edit_undo(store, scored):
    cid = campaigns.create_campaign(store, scored, "A", items=30)
    spk = records.speakers.add_speaker(store, "Mary", "rate MT output for the LYSS study")
    total = sequence.join(store, cid, spk)
    qc = store.rows("select qc, count(*) as n from assignments where campaign_id = ? group by qc", [cid])
    assert {r["qc"]: r["n"] for r in qc} == {"": 30, "repeat": 2, "degraded": 2} and total == 34
    degraded = store.one("select i.output, o.output as original from assignments a join items i on i.id = a.item_id "
                         "join items o on o.id = a.qc_of where a.qc = 'degraded' and a.campaign_id = ?", [cid])
    assert degraded["output"] != degraded["original"]
    for _ in range(5):
        pos = records.sequences.next_position(store, cid, spk)
        records.answers.answer(store, cid, spk, pos, {"adequacy": 4, "fluency": 3})
    assert records.sequences.progress(store, cid, spk) == (5, 34)
    assert records.sequences.next_position(store, cid, spk) == 5  # resume where she stopped
    records.answers.answer(store, cid, spk, 2, {"adequacy": 1, "fluency": 1}, note="wrong verb")  # edit
    assert records.sequences.item_at(store, cid, spk, 2)["answer"] == {"adequacy": 1, "fluency": 1}
    history = store.rows("select action from rating_history where speaker_id = ? order by at", [spk])
    assert [h["action"] for h in history].count("edit") == 1
    assert records.answers.undo_last(store, cid, spk) == 2  # the edit was the latest change
    assert records.sequences.next_position(store, cid, spk) == 2
    assert store.one("select count(*) as n from tombstones where kind = 'rating'")["n"] == 1
    with pytest.raises(InputError, match="adequacy"):
        records.answers.answer(store, cid, spk, 2, {"adequacy": 9, "fluency": 1})


def test_task_c_kind_only_when_valid():
    assert tasks.validate("C", {"valid": "no"}) == {"valid": "no"}
    assert tasks.validate("C", {"valid": "yes", "kind": "loanword"}) == {"valid": "yes", "kind": "loanword"}
    with pytest.raises(InputError):
        tasks.validate("C", {"valid": "yes"})


def test_withdrawal(store, scored):
    cid = campaigns.create_campaign(store, scored, "T", items=10)
    spk = records.speakers.add_speaker(store, "Joe", "study", community="Maskwacîs", dialect="Plains")
    sequence.join(store, cid, spk)
    for _ in range(3):
        records.answers.answer(store, cid, spk, records.sequences.next_position(store, cid, spk), {"verdict": 2})
    assert roster.withdraw(store, spk)["deleted"] == 3
    row = store.one("select * from speakers where id = ?", [spk])
    assert row["withdrawn"] == 1 and row["display_name"] is None and row["community"] is None
    assert store.one("select count(*) as n from ratings where speaker_id = ?", [spk])["n"] == 0
    with pytest.raises(InputError, match="withdrawn"):
        records.answers.answer(store, cid, spk, 5, {"verdict": 1})


def _first_release_schema(db) -> None:
    """The tables of the first release (schema 1), as it created them."""
    db["meta"].create({"key": str, "value": str}, pk="key")
    db["runs"].create({"id": str, "name": str, "model_slug": str, "language": str, "card_sha256": str,
                       "scored_card": str, "extra": str, "imported_at": str, "source": str}, pk="id")
    db["items"].create({"id": str, "run_id": str, "entry_id": str, "kind": str, "source": str, "output": str,
                        "reference": str, "difficulty": str, "metrics": str, "extra": str}, pk="id",
                       foreign_keys=[("run_id", "runs", "id")])
    db["human_scores"].create({"item_id": str, "kind": str, "score": float}, pk=("item_id", "kind"))
    db["speakers"].create({"id": str, "display_name": str, "community": str, "dialect": str, "consent_at": str,
                           "consent_scope": str, "withdrawn": int, "withdrawn_at": str, "created_at": str,
                           "preferences": str}, pk="id", defaults={"withdrawn": 0})
    db["campaigns"].create({"id": str, "name": str, "task": str, "run_id": str, "raters_per_item": int,
                            "created_at": str, "settings": str}, pk="id")
    db["campaign_items"].create({"campaign_id": str, "item_id": str, "position": int}, pk=("campaign_id", "item_id"))
    db["assignments"].create({"campaign_id": str, "speaker_id": str, "position": int, "item_id": str, "qc": str,
                              "qc_of": str}, pk=("campaign_id", "speaker_id", "position"))
    db["ratings"].create({"uuid": str, "campaign_id": str, "speaker_id": str, "position": int, "item_id": str,
                          "answers": str, "note": str, "created_at": str, "updated_at": str, "device_id": str,
                          "seconds": float}, pk="uuid")
    db["ratings"].create_index(["campaign_id", "speaker_id", "position"], unique=True)
    db["rating_history"].create({"id": int, "uuid": str, "campaign_id": str, "speaker_id": str, "answers": str,
                                 "note": str, "at": str, "device_id": str, "action": str}, pk="id")
    db["tombstones"].create({"kind": str, "id": str, "deleted_at": str, "device_id": str}, pk=("kind", "id"))
    db["meta"].insert_all([{"key": "device_id", "value": "dev-0123456789abcdef"},
                           {"key": "created_at", "value": "2026-01-01T00:00:00.000000Z"}])


def test_a_version_1_database_is_migrated_and_its_data_signed(tmp_path, scored):
    """A laptop of the first release: its campaigns get this laptop as coordinator (signed), its
    withdrawals are signed, and its bundles can travel again."""
    import sqlite_utils

    from review.exchange import bundles
    from review.store import signing
    path = tmp_path / "old.sqlite"
    conn = sqlite3.connect(path, isolation_level=None)
    db = sqlite_utils.Database(conn)
    _first_release_schema(db)
    conn.execute("PRAGMA user_version=1")
    db["runs"].insert({"id": "run-1", "name": "old run", "imported_at": "2026-01-01T00:00:00.000000Z"})
    db["items"].insert({"id": "it-1", "run_id": "run-1", "entry_id": "e1", "kind": "segment", "output": "x"})
    db["campaigns"].insert({"id": "cmp-old", "name": "old", "task": "T", "run_id": "run-1", "raters_per_item": 3,
                            "created_at": "2026-01-01T00:00:00.000000Z", "settings": "{}"})
    db["campaign_items"].insert({"campaign_id": "cmp-old", "item_id": "it-1", "position": 0})
    db["tombstones"].insert({"kind": "speaker", "id": "spk-gone", "deleted_at": "2026-01-02T00:00:00.000000Z",
                             "device_id": "dev-old"})
    conn.close()
    with Store(path) as store:
        campaign = store.one("select * from campaigns where id = 'cmp-old'")
        assert campaign["coordinator"] == store.public_key
        assert signing.valid_campaign(campaign, ["it-1"])
        stone = store.one("select * from tombstones")
        assert stone["signer"] == store.public_key and signing.valid_tombstone(stone)
        assert store.one("select value from meta where key = 'legacy_device_id'")["value"].startswith("dev-")
        bundles.export_bundle(store, str(tmp_path / "b.lyssbundle"))
        hub = Store(tmp_path / "hub.sqlite")
        laptops.trust(hub, store.device_id)
        bundles.merge(hub, str(tmp_path / "b.lyssbundle"))
        assert hub.one("select name from campaigns where id = 'cmp-old'")["name"] == "old"


def test_no_installed_sqlite_utils_plugin_runs_on_a_review_database(tmp_path):
    """A package can register code that sqlite-utils runs on every connection it opens (an entry point in
    the ``sqlite_utils`` group). Installed here for real, its hook runs for a plain ``sqlite_utils.Database``
    and never for the review store."""
    site = tmp_path / "site"
    (site / "spy_plugin-1.0.dist-info").mkdir(parents=True)
    (site / "spy_plugin-1.0.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: spy-plugin\nVersion: 1.0\n")
    (site / "spy_plugin-1.0.dist-info" / "entry_points.txt").write_text("[sqlite_utils]\nspy = spy_plugin\n")
    (site / "spy_plugin.py").write_text(
        "import os, sqlite_utils\n"
        "@sqlite_utils.hookimpl\n"
        "def prepare_connection(conn):\n"
        "    open(os.environ['SPY_MARK'], 'a').write('ran\\n')\n")
    program = ("import sqlite3, sys, sqlite_utils; from review.store import Store; "
               "Store(sys.argv[1]).close(); print(open(sys.argv[2]).read() if __import__('os').path.exists(sys.argv[2]) else '-'); "
               "sqlite_utils.Database(sqlite3.connect(':memory:')); print(open(sys.argv[2]).read().strip())")
    mark = tmp_path / "mark.txt"
    done = subprocess.run([sys.executable, "-c", program, str(tmp_path / "r.sqlite"), str(mark)], capture_output=True,
                          text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)]), "SPY_MARK": str(mark)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["-", "ran"]  # the store ran nothing; a plain Database ran the plugin


def test_a_database_holding_a_private_key_is_made_for_its_owner_alone(tmp_path, capsys):
    import os
    import stat
    from desktop.cli import main
    db = tmp_path / "r.sqlite"
    assert main(["review", "init", "--db", str(db)]) == 0
    for path in [db, *db.parent.glob("r.sqlite-*"), *(tmp_path / "r.sqlite.backups").glob("*")]:
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, path
    assert stat.S_IMODE((tmp_path / "r.sqlite.backups").stat().st_mode) & 0o077 == 0
    assert "warning" not in capsys.readouterr().err
    os.chmod(db, 0o644)  # made by an older LYSS, or copied
    assert main(["review", "code", "--db", str(db)]) == 0
    err = capsys.readouterr().err
    assert err == (f"lyss: warning: {db}: other users of this computer can read it, and it holds this laptop's "
                   f"private key: chmod 600 {db}\n")


def test_the_store_owns_transactions_batches_and_savepoints(tmp_path):
    """A transaction opened inside another is a savepoint: when it fails its own writes go and the outer one's
    stay. A batch's steps are savepoints of one transaction: a step that fails leaves nothing, the others are
    committed when the batch ends."""
    store = Store(tmp_path / "t.sqlite")

    def meta(key: str, value: str):
        store.db["meta"].insert({"key": key, "value": value})

    with store.transaction():
        meta("outer", "1")
        with pytest.raises(RuntimeError):
            with store.transaction():
                meta("inner", "1")
                raise RuntimeError("refused")
        meta("after", "1")
    keys = {r["key"] for r in store.rows("select key from meta")}
    assert {"outer", "after"} <= keys and "inner" not in keys
    with store.batch(commit_every=3600, cache_kib=1024) as batch:
        for k in range(3):
            try:
                with batch.step():
                    meta(f"step{k}", "1")
                    if k == 1:
                        raise RuntimeError("a refused step")
            except RuntimeError:
                pass
        assert store.conn.in_transaction  # not yet committed: one transaction for the batch
    assert not store.conn.in_transaction
    keys = {r["key"] for r in store.rows("select key from meta")}
    assert {"step0", "step2"} <= keys and "step1" not in keys
