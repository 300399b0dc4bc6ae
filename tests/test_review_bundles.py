"""Bundles between laptops: idempotent, order-independent, refused whole when damaged; withdrawal travels."""

from __future__ import annotations

import itertools
import zipfile

import pytest

from review import records
from review.exchange import bundles
from review.rating import campaigns, roster, sequence
from review.records import catalogue, laptops
from review.store import Store
from scoring.errors import InputError


def field_laptops(tmp_path, scored, n=3):
    """A coordinator's hub with one campaign, and n field laptops it enrolled and that trust it."""
    hub = Store(tmp_path / "hub.sqlite")
    cid = campaigns.create_campaign(hub, scored, "A", items=12)
    fields = [Store(tmp_path / f"laptop{k}.sqlite") for k in range(n)]
    for lap in fields:
        laptops.enrol(hub, lap.device_id)
        laptops.trust(lap, hub.device_id)
    setup = tmp_path / "hub-setup.lyssbundle"
    bundles.export_bundle(hub, str(setup))
    for lap in fields:
        bundles.merge(lap, str(setup))
    return hub, cid, fields


@pytest.fixture
def three_laptops(tmp_path, scored_demo):
    scored = catalogue.load_scored(str(scored_demo))
    hub, cid, fields = field_laptops(tmp_path, scored)
    made = []
    for k, store in enumerate(fields):
        spk = records.speakers.add_speaker(store, f"Speaker {k}", "LYSS study")
        sequence.join(store, cid, spk)
        for n in range(4 + k):
            records.answers.answer(store, cid, spk, records.sequences.next_position(store, cid, spk),
                             {"adequacy": 1 + (n + k) % 5, "fluency": 1 + n % 5})
        if k == 1:
            records.answers.undo_last(store, cid, spk)
        made.append((store, cid, spk))
    # laptop 0's speaker also rated on laptop 2 (same speaker, two devices, handed over by the coordinator):
    # a real conflict
    store2, cid2, _ = made[2]
    shared_speaker = made[0][2]
    bundle0 = tmp_path / "b0-initial.lyssbundle"
    bundles.export_bundle(made[0][0], str(bundle0))
    bundles.merge(hub, str(bundle0))
    laptops.hand_over(hub, shared_speaker, store2.device_id)
    handed = tmp_path / "hub-handover.lyssbundle"
    bundles.export_bundle(hub, str(handed))
    bundles.merge(store2, str(handed))
    records.answers.answer(store2, cid2, shared_speaker, 0, {"adequacy": 5, "fluency": 5})
    paths = []
    for k, (store, _, _) in enumerate(made):
        path = tmp_path / f"b{k}.lyssbundle"
        bundles.export_bundle(store, str(path))
        paths.append(path)
    made[0][0].hub = hub
    return made, paths


def _target(path, made):
    """A fresh laptop that trusts the study's coordinator."""
    store = Store(path)
    laptops.trust(store, made[0][0].hub.device_id)
    return store


def test_merge_in_every_order_gives_identical_tables(tmp_path, three_laptops):
    _, paths = three_laptops
    snapshots = []
    for k, order in enumerate(itertools.permutations(paths)):
        target = _target(tmp_path / f"merged{k}.sqlite", three_laptops[0])
        for path in order:
            bundles.merge(target, str(path))
        snapshots.append(bundles.table_snapshot(target))
        again = bundles.table_snapshot(target)
        for path in order:  # idempotent: merging again changes nothing
            bundles.merge(target, str(path))
        assert bundles.table_snapshot(target) == again
    assert all(s == snapshots[0] for s in snapshots[1:])
    merged = Store(tmp_path / "merged0.sqlite")
    # 4 + (5 − 1 undone) + 6 answers, and the conflict kept the latest edit of laptop 0's first answer
    assert merged.one("select count(*) as n from ratings")["n"] == 14
    first = merged.one("select answers from ratings where position = 0 and speaker_id = "
                       "(select speaker_id from ratings group by speaker_id order by min(created_at) limit 1)")
    assert first["answers"] == '{"adequacy": 5, "fluency": 5}'


def test_bundle_never_carries_names(three_laptops):
    _, paths = three_laptops
    with zipfile.ZipFile(paths[0]) as z:
        data = z.read("data.json").decode()
    assert "Speaker 0" not in data


def test_withdrawal_travels_as_a_tombstone(tmp_path, three_laptops):
    made, paths = three_laptops
    store0, _, spk0 = made[0]
    target = _target(tmp_path / "hub2.sqlite", made)
    for path in paths:
        bundles.merge(target, str(path))
    assert target.one("select count(*) as n from ratings where speaker_id = ?", [spk0])["n"] > 0
    roster.withdraw(store0, spk0)
    after = tmp_path / "after-withdrawal.lyssbundle"
    bundles.export_bundle(store0, str(after))
    bundles.merge(target, str(after))
    assert target.one("select count(*) as n from ratings where speaker_id = ?", [spk0])["n"] == 0
    for path in paths:  # old bundles cannot bring the answers back
        bundles.merge(target, str(path))
    assert target.one("select count(*) as n from ratings where speaker_id = ?", [spk0])["n"] == 0
    assert target.one("select withdrawn from speakers where id = ?", [spk0])["withdrawn"] == 1


def test_damaged_bundle_is_refused_whole(tmp_path, three_laptops):
    made, paths = three_laptops
    target = _target(tmp_path / "t.sqlite", made)
    raw = bytearray(paths[0].read_bytes())
    raw[len(raw) // 2] ^= 0xFF
    broken = tmp_path / "broken.lyssbundle"
    broken.write_bytes(bytes(raw))
    with pytest.raises(InputError, match="nothing was merged|not a readable"):
        bundles.merge(target, str(broken))
    forged = tmp_path / "forged.lyssbundle"
    with zipfile.ZipFile(paths[0]) as src, zipfile.ZipFile(forged, "w") as dst:
        dst.writestr("manifest.json", src.read("manifest.json"))
        dst.writestr("manifest.sig", src.read("manifest.sig"))
        dst.writestr("data.json", src.read("data.json") + b" ")  # still valid JSON, not the signed bytes
    with pytest.raises(InputError, match="altered after signing"):
        bundles.merge(target, str(forged))
    assert target.one("select count(*) as n from ratings")["n"] == 0
    with pytest.raises(InputError, match="not a readable"):
        bundles.merge(target, str(tmp_path / "t.sqlite"))



def test_a_speaker_merged_from_another_laptop_is_named_by_that_laptop(tmp_path, three_laptops, capsys):
    from desktop.cli import main
    made, paths = three_laptops
    target = _target(tmp_path / "named.sqlite", made)
    bundles.merge(target, str(paths[0]))
    target.close()
    capsys.readouterr()
    assert main(["review", "list", "speakers", "--db", str(tmp_path / "named.sqlite")]) == 0
    out = capsys.readouterr().out
    assert f"(from laptop {made[0][0].device_id})" in out and "None" not in out


def test_every_travelling_table_merges_by_the_rule_its_schema_declares():
    """The merge is driven by the schema: a table that travels names one rule, a rule has one merger, a
    SMALLEST rule's stamp is a column of its table, and what a bundle's checks follow is what the table names."""
    from review.store import merging, schema
    for name in schema.TRAVELLING:
        table = schema.TABLES[name]
        assert table.merge in schema.MERGE_RULES, name
        assert merging.MERGES[table.merge], name
        assert table.stamp is None or table.stamp in table.names, name
        assert all(column in table.names and target in schema.TABLES for column, target in table.references), name
    assert set(merging.MERGES) == set(schema.MERGE_RULES)
    source = open(merging.__file__, encoding="utf-8").read()
    named = [name for name in schema.TRAVELLING if f'"{name}"' in source]
    assert named == ["campaigns"]  # only to count the campaigns a bundle adds
