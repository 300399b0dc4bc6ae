"""Scripts answer seeing what the speaker sees (issue 43, story 4): no command showed an item and its numbered
pre-marks, so ``--keep``/``--drop`` were guesses (their count came only from an error), and task E's answer JSON was
not documented. ``lyss review show`` prints the item as the speaker sees it — its texts, its words numbered as a paper
form numbers them, its pre-marks numbered as ``--keep``/``--drop`` take them — and any saved answer;
``review answer --help`` gives every task's answer JSON with an example that the task accepts."""

from __future__ import annotations

import json
import re

from desktop.cli import main
from review import records, tasks
from review.rating import campaigns, sequence
from review.records import catalogue
from review.store import Store


def _task_e(tmp_path, scored_demo) -> tuple[str, str, str]:
    store = Store(tmp_path / "r.sqlite")
    cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "E", items=12)
    speaker = records.speakers.add_speaker(store, "Esa", "LYSS study")
    sequence.join(store, cid, speaker)
    db = str(store.path)
    store.close()
    return db, cid, speaker


def test_show_numbers_the_premarks_that_keep_and_drop_take(tmp_path, scored_demo, capsys):
    db, cid, speaker = _task_e(tmp_path, scored_demo)
    capsys.readouterr()
    found = None
    for position in range(12):  # the first item served with pre-marks
        assert main(["review", "show", "--db", db, "--speaker", "Esa", "--position", str(position), "--json"]) == 0
        shown = json.loads(capsys.readouterr().out)
        if shown["premarks"]:
            found = shown
            break
    assert found is not None, "no item of the demo is served with pre-marks"
    with Store(db, read_only=True) as store:
        output = records.sequences.item_at(store, cid, speaker, found["position"])["output"]
    assert found["texts"][1] == output and found["words"] == output.split()
    assert [m["number"] for m in found["premarks"]] == list(range(len(found["premarks"])))
    for mark in found["premarks"]:
        if mark["words"] != "missing":
            first, _, last = mark["words"].partition("-")
            assert mark["text"].strip() in " ".join(found["words"][int(first) - 1:int(last or first)])
    assert main(["review", "show", "--db", db, "--speaker", "Esa", "--position", str(found["position"])]) == 0
    text = capsys.readouterr().out
    assert "pre-marks (keep or drop them by number" in text and "answer: none yet" in text
    assert re.search(r"^  0: (words \d+(-\d+)? |something missing)", text, re.M), text
    drop = str(len(found["premarks"]) - 1)
    assert main(["review", "answer", "--db", db, "--speaker", "Esa", "--position", str(found["position"]),
                 "--answers", '{"spans": [], "score": 60}', "--drop", drop]) == 0
    capsys.readouterr()
    assert main(["review", "show", "--db", db, "--speaker", "Esa", "--position", str(found["position"]),
                 "--json"]) == 0
    saved = json.loads(capsys.readouterr().out)["answer"]
    assert saved["score"] == 60 and len(saved["premarks"]) == len(found["premarks"])
    assert len(saved["spans"]) == len(found["premarks"]) - 1  # every pre-mark but the dropped one


def test_show_refuses_a_position_outside_the_sequence(tmp_path, scored_demo, capsys):
    db, cid, speaker = _task_e(tmp_path, scored_demo)
    with Store(db, read_only=True) as store:
        length = records.sequences.length(store, cid, speaker)
    capsys.readouterr()
    assert main(["review", "show", "--db", db, "--speaker", "Esa", "--position", "99"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"positions 0 to {length - 1}" in err


def test_answer_help_gives_every_tasks_json_with_an_example_the_task_takes(capsys):
    try:
        main(["review", "answer", "--help"])
    except SystemExit:
        pass
    text = capsys.readouterr().out
    for code, task in tasks.tasks().items():
        if task.imported:
            continue
        example = re.search(rf"^task {code} \(.*?\): --answers '(.*)'$", text, re.M)
        assert example, f"task {code} is not in the help"
        task.validate(json.loads(example.group(1)), "nîpiy kîsikâw mistahi")  # the example is a valid answer
    assert '"start": N, "end": N, "severity": S' in text  # task E's spans, in words
