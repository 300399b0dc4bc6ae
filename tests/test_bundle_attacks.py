"""Bundles as an attacker or a careless user would make them: each attack is refused whole (nothing
written) or, for a validly signed but unauthorised withdrawal, kept and not honoured."""

from __future__ import annotations

import hashlib
import itertools
import json
import sqlite3
import tracemalloc
import zipfile
from pathlib import Path

import pytest

from helpers import refused_alone, waiting_reasons
from review import records
from review.exchange import bundles
from review.rating import roster, sequence
from review.records import catalogue, laptops
from review.store import Store, keys, restore
from scoring.errors import InputError
from test_review_bundles import field_laptops


@pytest.fixture
def study(tmp_path, scored_demo):
    """A hub, two enrolled field fields with answers, and the field fields' bundles."""
    scored = catalogue.load_scored(str(scored_demo))
    hub, cid, fields = field_laptops(tmp_path, scored, n=2)
    speakers = []
    for k, lap in enumerate(fields):
        spk = records.speakers.add_speaker(lap, f"Speaker {k}", "LYSS study", community=f"Community {k}")
        sequence.join(lap, cid, spk)
        for n in range(5):
            records.answers.answer(lap, cid, spk, records.sequences.next_position(lap, cid, spk),
                             {"adequacy": 1 + (n + k) % 5, "fluency": 2}, note=f"note-{k}-{n}")
        speakers.append(spk)
    paths = []
    for k, lap in enumerate(fields):
        path = tmp_path / f"field{k}.lyssbundle"
        bundles.export_bundle(lap, str(path))
        paths.append(path)
    return hub, cid, fields, speakers, paths


def _read(path):
    with zipfile.ZipFile(path) as z:
        return json.loads(z.read("manifest.json")), z.read("manifest.sig"), json.loads(z.read("data.json"))


def _write(path, manifest, signature, data, *, raw_manifest: bytes | None = None):
    payload = json.dumps(data, sort_keys=True).encode()
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("manifest.json", raw_manifest or json.dumps(manifest, indent=2, sort_keys=True).encode())
        if signature is not None:
            z.writestr("manifest.sig", signature)
        z.writestr("data.json", payload)


def resign_rows(data: dict, signer: Store) -> dict:
    """Sign again, with the laptop's own key, every row it authored: what a hostile but enrolled laptop can do."""
    from review.store.schema import TABLES
    from review.store.signing import sign_row
    for table, rows in data.items():
        if TABLES[table].signed == "row":
            data[table] = [sign_row(signer.private_key, signer.public_key, table, r)
                           if isinstance(r, dict) and r.get("signer") == signer.public_key else r for r in rows]
    return data


def _forge(src, dst, edit, signer: Store | None = None):
    """Edit a bundle's data, recompute its sha256 and (with ``signer``) sign it with that laptop's key, its
    own rows included."""
    manifest, signature, data = _read(src)
    edit(data)
    if signer is not None:
        resign_rows(data, signer)
    payload = json.dumps(data, sort_keys=True).encode()
    manifest["sha256"] = hashlib.sha256(payload).hexdigest()
    if signer is not None:
        manifest.update(device_id=signer.device_id, public_key=signer.public_key)
    raw = json.dumps(manifest, indent=2, sort_keys=True).encode()
    if signer is not None:
        signature = keys.sign(signer.private_key, raw).encode()
    _write(dst, manifest, signature, data, raw_manifest=raw)
    return dst


def _count(store, sql="select count(*) as n from ratings", params=()):
    return store.one(sql, params)["n"]


def test_altered_payload_with_recomputed_hash_is_refused(tmp_path, study):
    hub, _, _, _, paths = study

    def bump(data):
        data["ratings"][0]["answers"] = json.dumps({"adequacy": 5, "fluency": 5}, sort_keys=True)

    forged = _forge(paths[0], tmp_path / "forged.lyssbundle", bump)
    with pytest.raises(InputError, match="altered after signing"):
        bundles.merge(hub, str(forged))
    assert _count(hub) == 0


def test_unsigned_and_unenrolled_bundles_are_refused_and_say_which(tmp_path, study):
    hub, _, _, _, paths = study
    manifest, _, data = _read(paths[0])
    unsigned = tmp_path / "unsigned.lyssbundle"
    _write(unsigned, manifest, None, data)
    with pytest.raises(InputError, match="unsigned bundle"):
        bundles.merge(hub, str(unsigned))
    stranger = Store(tmp_path / "stranger.sqlite")
    resigned = _forge(paths[0], tmp_path / "resigned.lyssbundle", lambda d: None, signer=stranger)
    with pytest.raises(InputError, match=f"signed by laptop {stranger.device_id}, which is not enrolled"):
        bundles.merge(hub, str(resigned))
    assert _count(hub) == 0


def test_forged_tombstone_cannot_delete_another_laptops_speaker(tmp_path, study):
    hub, _, fields, speakers, paths = study
    bundles.merge(hub, str(paths[0]))
    victim = speakers[0]
    assert _count(hub, "select count(*) as n from ratings where speaker_id = ?", [victim]) == 5

    # an outsider edits the data and recomputes the hash: the signature no longer holds
    def add_tombstone(data, signer=fields[1]):
        from review.store.signing import sign_tombstone
        data["tombstones"].append(sign_tombstone(signer.private_key, signer.public_key, {
            "kind": "speaker", "id": victim, "deleted_at": "2026-01-01T00:00:00.000000Z",
            "device_id": signer.device_id}))

    with pytest.raises(InputError, match="altered after signing"):
        bundles.merge(hub, str(_forge(paths[1], tmp_path / "t1.lyssbundle", add_tombstone)))
    # an enrolled laptop signs a withdrawal of a speaker it did not register: kept, never honoured
    bundles.merge(hub, str(_forge(paths[1], tmp_path / "t2.lyssbundle", add_tombstone, signer=fields[1])))
    assert _count(hub, "select count(*) as n from ratings where speaker_id = ?", [victim]) == 5
    assert hub.one("select withdrawn from speakers where id = ?", [victim])["withdrawn"] == 0
    # the laptop that registered the speaker can withdraw them, and it travels
    roster.withdraw(fields[0], victim)
    bundles.export_bundle(fields[0], str(tmp_path / "w.lyssbundle"))
    bundles.merge(hub, str(tmp_path / "w.lyssbundle"))
    assert _count(hub, "select count(*) as n from ratings where speaker_id = ?", [victim]) == 0


@pytest.mark.parametrize("attack, message", [
    (lambda d: d["ratings"][0].update(updated_at="9999-12-31T00:00:00.000000Z"), "in the future"),
    (lambda d: d["ratings"][0].update(updated_at=None), "updated_at: is missing"),
    (lambda d: d["ratings"][0].update(position="0"), "whole number"),
    (lambda d: d["ratings"][0].pop("device_id"), "missing column"),
    (lambda d: d["speakers"][0].update(registered_by="ab" * 32), "its id was not made"),
    (lambda d: d["campaigns"][0].update(name="renamed"), "coordinator's signature"),
    (lambda d: d["assignments"][0].update(qc="bogus"), "not one of"),
])
def test_bad_rows_refuse_the_whole_bundle(tmp_path, study, attack, message):
    hub, _, fields, _, paths = study
    forged = _forge(paths[0], tmp_path / "bad.lyssbundle", attack, signer=fields[0])
    before = bundles.table_snapshot(hub)
    with pytest.raises(InputError, match=message) as caught:
        bundles.merge(hub, str(forged))
    assert "\n" not in str(caught.value) and "nothing was merged" in str(caught.value)
    assert bundles.table_snapshot(hub) == before
    bundles.merge(hub, str(paths[0]))  # a refused bundle never affects a later, genuine merge
    bundles.merge(hub, str(paths[1]))
    assert _count(hub) == 10


@pytest.mark.parametrize("attack, message, waits", [
    (lambda d: d["ratings"][0].update(answers=json.dumps({"adequacy": 999, "fluency": 2})), "adequacy", False),
    (lambda d: d["ratings"][0].update(answers=json.dumps({"adequacy": 3, "fluency": 2, "x": 1})), "x", False),
    (lambda d: d["ratings"][0].update(item_id="it-nowhere"), "neither in the bundle nor on this laptop", True),
])
def test_a_bad_row_in_a_good_file_is_set_aside_alone(tmp_path, study, attack, message, waits):
    """An answer that does not fit its task is refused alone; one naming an item not here waits for it; the
    file's other answers merge."""
    hub, _, fields, _, paths = study
    forged = _forge(paths[0], tmp_path / "bad.lyssbundle", attack, signer=fields[0])
    changed = bundles.merge(hub, str(forged))
    said = waiting_reasons(hub) if waits else refused_alone(changed)
    assert len(said) == 1 and message in said[0] and said[0].startswith("ratings row 1"), said
    assert changed["waiting"] == (1 if waits else 0) and len(changed["rows_refused"]) == (0 if waits else 1)
    assert _count(hub) == 4  # the file's other four answers
    bundles.merge(hub, str(paths[0]))  # the genuine file brings the fifth
    bundles.merge(hub, str(paths[1]))
    assert _count(hub) == 10


def test_zip_bomb_is_refused_without_unpacking_it(tmp_path, study, monkeypatch):
    hub, _, _, _, paths = study
    manifest, signature, data = _read(paths[0])
    bomb = tmp_path / "bomb.lyssbundle"
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("manifest.json", json.dumps(manifest))
        z.writestr("manifest.sig", signature)
        with z.open("data.json", "w", force_zip64=True) as fh:
            block = b"0" * (1 << 20)
            for _ in range(600):  # 600 MiB of zeros in well under 1 MiB
                fh.write(block)
    assert bomb.stat().st_size < 2 * 1024 * 1024
    tracemalloc.start()
    with pytest.raises(InputError, match=r"unpacks to more than \d+ MiB, over 100× the file's size"):
        bundles.merge(hub, str(bomb))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 50 * 1024 * 1024
    # a header that lies about the size is caught by the bounded read
    monkeypatch.setitem(bundles.MEMBERS, "data.json", 1000)
    with pytest.raises(InputError, match="unpacked: refused"):
        bundles.merge(hub, str(paths[0]))
    many = tmp_path / "many.lyssbundle"
    with zipfile.ZipFile(many, "w") as z:
        for k in range(5000):
            z.writestr(f"x{k}", b"")
    with pytest.raises(InputError, match="unexpected member"):
        bundles.merge(hub, str(many))


def test_merge_is_a_function_of_the_set_even_for_preferences(tmp_path, scored_demo):
    """A speaker whose preferences changed three times on the laptop that registered them, and who also
    rated on two laptops the coordinator handed them to, one after the other (a hand-over is a move): every order of
    the four bundles agrees, and the registering laptop's newest preferences win (the others' choices stay on those
    laptops)."""
    scored = catalogue.load_scored(str(scored_demo))
    hub, cid, fields = field_laptops(tmp_path, scored, n=3)
    home = fields[0]
    spk = records.speakers.add_speaker(home, "Rita", "LYSS study")
    sequence.join(home, cid, spk)
    first = tmp_path / "first.lyssbundle"
    bundles.export_bundle(home, str(first))
    bundles.merge(hub, str(first))
    setup = tmp_path / "setup.lyssbundle"
    paths = []
    for k, lap in enumerate(fields):
        if k:
            laptops.hand_over(hub, spk, lap.device_id)
            bundles.export_bundle(hub, str(setup))
            bundles.merge(lap, str(first))
            bundles.merge(lap, str(setup))
        records.speakers.set_preference(lap, spk, "script", ["Latn", "Cans", "Latn"][k])
        records.speakers.set_preference(lap, spk, "size", 10 + k)
        records.answers.answer(lap, cid, spk, k, {"adequacy": 1 + k, "fluency": 3})
        assert records.speakers.preferences(lap, spk) == {"script": ["Latn", "Cans", "Latn"][k], "size": 10 + k}
        paths.append(tmp_path / f"p{k}.lyssbundle")
        bundles.export_bundle(lap, str(paths[-1]))
    records.speakers.set_preference(home, spk, "size", 14)  # the newest version, from the registering laptop
    paths.append(tmp_path / "home-again.lyssbundle")
    bundles.export_bundle(home, str(paths[-1]))
    states = set()
    for k, order in enumerate(itertools.permutations(paths)):
        target = Store(tmp_path / f"t{k}.sqlite", backup=False)
        laptops.trust(target, hub.device_id)
        for path in order:
            bundles.merge(target, str(path))
        snap = bundles.table_snapshot(target)
        states.add(json.dumps(snap, sort_keys=True))
        target.close()
    assert len(states) == 1
    final = json.loads(next(iter(states)))["speakers"]
    assert json.loads(json.loads(final[0])["preferences"]) == {"script": "Latn", "size": 14}


def test_withdrawal_leaves_no_copy_in_the_database_files_or_backups(tmp_path, study):
    hub, cid, fields, speakers, paths = study
    lap = fields[0]
    lap.backup("manual")
    secret = ["Speaker 0", "Community 0", "note-0-3"]
    files = lambda: [p for p in tmp_path.glob("laptop0.sqlite*") if p.is_file()] + lap.backups()
    assert any(s.encode() in p.read_bytes() for p in files() for s in secret)
    result = roster.withdraw(lap, speakers[0])
    assert result["deleted"] == 5 and result["backups"] >= 2
    for path in files():
        blob = path.read_bytes()
        for s in secret:
            assert s.encode() not in blob, f"{s!r} still in {path.name}"
    # the database is damaged: the message points at restore, and a restore brings back no withdrawn answer
    lap.close()
    raw = bytearray(lap.path.read_bytes())
    raw[:100] = b"\0" * 100
    lap.path.write_bytes(bytes(raw))
    for suffix in ("-wal", "-shm"):
        Path(f"{lap.path}{suffix}").unlink(missing_ok=True)
    with pytest.raises(InputError, match="lyss review restore"):
        Store(lap.path)
    restore(lap.path)
    with Store(lap.path) as again:
        assert _count(again, "select count(*) as n from ratings where speaker_id = ?", [speakers[0]]) == 0
        assert _count(again, "select count(*) as n from ratings") == 0  # laptop 0's only speaker withdrew
        assert again.one("select withdrawn from speakers where id = ?", [speakers[0]])["withdrawn"] == 1


def test_backups_are_restore_points_not_one_per_open(tmp_path, study):
    hub, _, _, _, paths = study
    before = len(hub.backups())
    for _ in range(20):
        Store(hub.path).close()
    assert len(hub.backups()) == before
    bundles.merge(hub, str(paths[0]))
    assert len(hub.backups()) == before + 1
    assert hub.backups()[-1].name.endswith("-before-merge.sqlite")


def test_read_only_commands_never_touch_another_programs_database(tmp_path):
    from desktop.cli import main

    other = tmp_path / "other.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("create table notes (x)")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    assert main(["study", "agreement", "--db", str(other)]) == 2
    assert main(["review", "init", "--db", str(other)]) == 2
    assert other.read_bytes() == before
    assert not (tmp_path / "other.sqlite.backups").exists()


def test_signatures_are_rfc_8032_ed25519():
    """The laptop keys sign as RFC 8032 says (its test vectors 1 and 2), so bundles signed before the move
    to libsodium still verify."""
    from review.store import keys
    for secret, public, message, signature in (
            ("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
             "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
             "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
            ("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
             "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
             "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00")):
        assert keys.public_of(secret) == public
        assert keys.sign(secret, bytes.fromhex(message)) == signature
        assert keys.verify(public, bytes.fromhex(message), signature)
        assert not keys.verify(public, bytes.fromhex(message) + b"x", signature)
    assert not keys.verify("zz", b"", "00") and not keys.verify(None, b"", None) and not keys.verify("00" * 32, b"", "11")
