"""Inputs that used to end in an internal error, a new file or a misprinted code: each is now one line,
exit status 2, and nothing written (or, for a lookup cache, simply ignored)."""

from __future__ import annotations

import csv
import json
import zipfile
from pathlib import Path

import pytest

from desktop.cli import main
from review.exchange import bundles
from review.store import Store


def _forms(tmp_path, scored_demo, capsys) -> tuple[str, Path, list[dict]]:
    db = str(tmp_path / "r.sqlite")
    assert main(["review", "init", "--db", db]) == 0
    assert main(["review", "add-speaker", "--db", db, "--name", "Mary", "--consent-scope", "paper forms"]) == 0
    assert main(["review", "create-campaign", "--db", db, str(scored_demo), "--task", "A", "--items", "6"]) == 0
    campaign = capsys.readouterr().out.splitlines()[-1].split()[0]
    pdf = tmp_path / "forms.pdf"
    assert main(["review", "print-forms", "--db", db, "--campaign", campaign, "--speaker", "Mary",
                 "--out", str(pdf)]) == 0
    with open(pdf.with_suffix(".csv"), newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for row in rows:
        row.update(adequacy="3", fluency="4")
    capsys.readouterr()
    return db, pdf.with_suffix(".csv"), rows


def _write(path: Path, rows: list[dict]) -> Path:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return path


def _history(db: str) -> int:
    with Store(db, backup=False, read_only=True) as store:
        return store.one("select count(*) as n from rating_history")["n"]


@pytest.mark.parametrize("edit, words", [
    (lambda rows: rows[1].update(adequacy="²"), "line 3 adequacy"),
    (lambda rows: rows[1].update(fluency="٣"), "line 3 fluency"),
    (lambda rows: rows[0].update(note="x" * 200_000), "line 2: a cell longer than"),
    (lambda rows: rows[0].update(note="x" * 20_000), "line 2: column 'note' is longer than"),
    (lambda rows: rows[2].update(position="9" * 5000), "position: not a number"),
    (lambda rows: rows.append(dict(rows[0])), "names the same item as line 2"),
])
def test_import_forms_refuses_in_one_line_and_writes_nothing(tmp_path, scored_demo, capsys, edit, words):
    db, template, rows = _forms(tmp_path, scored_demo, capsys)
    edit(rows)
    before = _history(db)
    assert main(["review", "import-forms", "--db", db, str(_write(template, rows))]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err, err
    assert _history(db) == before


def test_importing_the_same_forms_twice_adds_no_history(tmp_path, scored_demo, capsys):
    db, template, rows = _forms(tmp_path, scored_demo, capsys)
    _write(template, rows)
    assert main(["review", "import-forms", "--db", db, str(template)]) == 0
    once = _history(db)
    assert main(["review", "import-forms", "--db", db, str(template)]) == 0
    assert _history(db) == once == len(rows)


def test_a_mistyped_database_name_creates_nothing(tmp_path, capsys):
    for verb in (["review", "list", "speakers"], ["review", "import-forms", str(tmp_path / "x.csv")],
                 ["review", "add-speaker", "--name", "A", "--consent-scope", "s"],
                 ["study", "import-da", str(tmp_path / "x.tsv")]):
        assert main([*verb, "--db", str(tmp_path / "typo.sqlite")]) == 2
        assert "no such review database" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_enrol_prints_the_code_it_stored(tmp_path, scored_demo, capsys):
    hub, lap = str(tmp_path / "hub.sqlite"), str(tmp_path / "lap.sqlite")
    for db in (hub, lap):
        assert main(["review", "init", "--db", db]) == 0
    assert main(["review", "create-campaign", "--db", hub, str(scored_demo), "--task", "A", "--items", "4"]) == 0
    code = Store(lap, backup=False, read_only=True).device_id
    typed = code.lower().replace("0", "o").replace("1", "l")  # as it was heard
    capsys.readouterr()
    assert main(["review", "enrol", "--db", hub, typed]) == 0
    assert f"{code} is enrolled in every campaign this laptop coordinates: the 1 there is now" in capsys.readouterr().out
    with Store(hub, backup=False, read_only=True) as store:
        assert store.one("select device_code from enrolments")["device_code"] == code


def test_an_encrypted_bundle_member_is_refused_in_one_line(tmp_path):
    store = Store(tmp_path / "hub.sqlite")
    path = tmp_path / "b.lyssbundle"
    bundles.export_bundle(store, str(path))
    raw = bytearray(path.read_bytes())
    # set the "encrypted" bit (general purpose flag bit 0) in every local and central header
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        start = 0
        while (at := raw.find(signature, start)) >= 0:
            raw[at + offset] |= 1
            start = at + 4
    path.write_bytes(bytes(raw))
    with zipfile.ZipFile(path) as z:
        assert all(i.flag_bits & 1 for i in z.infolist())
    assert main(["review", "merge", "--db", str(store.path), str(path)]) == 2


@pytest.mark.parametrize("content", ['["nipâw", "atim"]', '{"nipâw": 5}', '{"nipâw": [1, 2]}', '7', '{"a": "b"}'])
def test_a_lookup_cache_that_does_not_hold_words_is_ignored(tmp_path, content, monkeypatch):
    from helpers import shared_file
    from eval_standards import analysers
    fst = shared_file("fst/crk-descriptive-analyzer.hfstol")
    monkeypatch.setenv("LYSS_CACHE_DIR", str(tmp_path))
    file = analysers.AnalyserFile(path=fst, lang="crk", kind="descriptive", origin="shared")
    cache = tmp_path / "fst" / f"{file.sha256()}-{analysers.ANALYSIS_ORDER}.json"
    cache.parent.mkdir(parents=True)
    cache.write_text(content, "utf-8")
    found = analysers.Analyser(file)
    assert found.analyse("nipâw") and found.analyse("xyzzyq") == ()
    assert json.loads(content) != {}  # the file was really there, and ignored
