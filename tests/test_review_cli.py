"""The ``lyss review`` and ``lyss study`` commands end to end on a file database."""

from __future__ import annotations

import json

from desktop.cli import main


def test_review_and_study_commands(tmp_path, scored_demo, capsys):
    db = str(tmp_path / "r.sqlite")
    assert main(["review", "progress", "--db", db, "--campaign", "x"]) == 2  # no database yet
    assert "no such review database" in capsys.readouterr().err
    assert main(["review", "init", "--db", db]) == 0
    assert main(["review", "add-speaker", "--db", db, "--name", "Mary", "--consent-scope", "LYSS study"]) == 0
    speaker = capsys.readouterr().out.strip().splitlines()[-1]
    assert main(["review", "create-campaign", "--db", db, str(scored_demo), "--task", "A", "--items", "10"]) == 0
    campaign = capsys.readouterr().out.split()[0]
    for _ in range(3):
        assert main(["review", "answer", "--db", db, "--campaign", campaign, "--speaker", speaker,
                     "--answers", '{"adequacy": 4, "fluency": 5}']) == 0
    assert "recorded position 2; 3 of" in capsys.readouterr().out
    assert main(["review", "answer", "--db", db, "--campaign", campaign, "--speaker", speaker,
                 "--answers", '{"adequacy": 7, "fluency": 5}']) == 2
    assert "adequacy" in capsys.readouterr().err
    assert main(["review", "progress", "--db", db, "--campaign", campaign, "--json"]) == 0
    progress = json.loads(capsys.readouterr().out)
    assert progress["speakers"][0]["answered"] == 3 and "display_name" not in progress["speakers"][0]
    bundle = str(tmp_path / "b.lyssbundle")
    assert main(["review", "export-bundle", "--db", db, "--out", bundle]) == 0
    other = str(tmp_path / "other.sqlite")
    assert main(["review", "init", "--db", other]) == 0
    capsys.readouterr()
    assert main(["review", "merge", "--db", other, bundle]) == 2  # the coordinator is not trusted yet
    assert "does not trust" in capsys.readouterr().err
    assert main(["review", "code", "--db", db]) == 0
    code = capsys.readouterr().out.strip()
    assert main(["review", "trust", "--db", other, code.lower().replace("-", " ")]) == 0  # as typed by a person
    assert main(["review", "merge", "--db", other, bundle]) == 0
    said = capsys.readouterr().out
    assert "1 campaign arrived; 3 answers added" in said  # what the bundle brought, the campaign first
    assert main(["review", "merge", "--db", other, bundle]) == 0
    said = capsys.readouterr().out
    assert "nothing new — this laptop held all of it already" in said and "arrived" not in said
    assert main(["review", "export", "--db", other, "--out", str(tmp_path / "a.csv")]) == 0
    capsys.readouterr()
    assert main(["study", "agreement", "--db", db, "--question", "adequacy", "--bootstrap", "10", "--json"]) == 0
    agreement = json.loads(capsys.readouterr().out)
    assert agreement["raters"] == 1 and 1 <= agreement["answers"] <= 3  # QC items are left out
    assert agreement["interval"]["alpha"] is None  # one speaker: no agreement to measure
    assert main(["review", "withdraw", "--db", db, speaker, "--yes"]) == 0
    assert "3 answers deleted" in capsys.readouterr().out


def test_list_and_names_where_ids_are_taken(tmp_path, scored_demo, capsys):
    db = str(tmp_path / "r.sqlite")
    assert main(["review", "init", "--db", db]) == 0
    assert main(["review", "add-speaker", "--db", db, "--name", "Rita", "--consent-scope", "LYSS study"]) == 0
    assert main(["review", "create-campaign", "--db", db, str(scored_demo), "--task", "T", "--items", "10"]) == 0
    capsys.readouterr()
    assert main(["review", "list", "campaigns", "--db", db, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert len(listed) == 1 and listed[0]["items"] == 10 and listed[0]["task"] == "T"
    assert main(["review", "answer", "--db", db, "--campaign", listed[0]["name"], "--speaker", "Rita",
                 "--answers", '{"verdict": 2}']) == 0
    capsys.readouterr()
    assert main(["review", "list", "speakers", "--db", db, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["answers"] == 1
    assert main(["review", "list", "runs", "--db", db]) == 0
    assert "demo/naive-llm" in capsys.readouterr().out
    assert main(["review", "withdraw", "--db", db, "Nobody"]) == 2
    assert "no such speaker" in capsys.readouterr().err
