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


def _adaptive(tmp_path, scored_demo) -> tuple[str, str]:
    from test_adaptive import _systems
    with Store(tmp_path / "a.sqlite") as store:
        runs = [catalogue.load_scored(str(p)) for p in _systems(scored_demo, tmp_path)]
        cid = campaigns.create_adaptive_campaign(store, runs, "A")
        from review.rating import practice
        practice.mark_done(store, cid, records.speakers.add_speaker(store, "Ana", "LYSS study"))
        return str(store.path), cid


def _shown(capsys, db, *more) -> dict:
    capsys.readouterr()
    assert main(["review", "show", "--db", db, "--speaker", "Ana", "--json", *more]) == 0
    return json.loads(capsys.readouterr().out)


def test_show_gives_the_item_an_adaptive_campaign_would_serve_next_and_records_nothing(tmp_path, scored_demo, capsys):
    """Issue 55, 3: before the first answer it refused ("no sequence yet"); at a segment's end it showed the last item
    answered. Now it shows what the speaker would be shown, served by nothing until the answer."""
    db, cid = _adaptive(tmp_path, scored_demo)
    unserved = 0
    for step in range(6):  # the first item, then the items of each segment and at its end
        with Store(db, read_only=True) as store:
            before = records.sequences.length(store, cid, records.speakers.find_speaker(store, "Ana"))
            open_now = records.sequences.next_position(store, cid, records.speakers.find_speaker(store, "Ana"))
        shown = _shown(capsys, db)
        with Store(db, read_only=True) as store:
            assert records.sequences.length(store, cid, records.speakers.find_speaker(store, "Ana")) == before
        if open_now is None:
            assert shown["served"] is False and shown["position"] == before and shown["answer"] is None
            unserved += 1
            assert main(["review", "show", "--db", db, "--speaker", "Ana"]) == 0
            assert "not served yet: the next answer serves it" in capsys.readouterr().out
        else:
            assert shown["served"] is True and shown["position"] == open_now
        assert main(["review", "answer", "--db", db, "--speaker", "Ana", "--answers",
                     '{"adequacy": 4, "fluency": 4}']) == 0
        capsys.readouterr()
        answered = _shown(capsys, db, "--position", str(shown["position"]))
        assert answered["item_id"] == shown["item_id"] and answered["answer"] == {"adequacy": 4, "fluency": 4}
    assert unserved >= 2  # the first item and at least one segment's end


def test_answering_an_answered_position_asks_for_replace_and_says_what_it_replaced(tmp_path, scored_demo, capsys):
    db, cid = _adaptive(tmp_path, scored_demo)
    assert main(["review", "answer", "--db", db, "--speaker", "Ana", "--answers", '{"adequacy": 4, "fluency": 3}']) == 0
    capsys.readouterr()
    again = ["review", "answer", "--db", db, "--speaker", "Ana", "--position", "0", "--answers",
             '{"adequacy": 2, "fluency": 2}']
    assert main(again) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is answered already (adequacy 4, fluency 3): add --replace" in err, err
    assert _shown(capsys, db, "--position", "0")["answer"] == {"adequacy": 4, "fluency": 3}  # nothing written
    assert main([*again, "--replace"]) == 0
    out = capsys.readouterr().out
    assert "replaced position 0: was adequacy 4, fluency 3; now adequacy 2, fluency 2" in out, out
    assert _shown(capsys, db, "--position", "0")["answer"] == {"adequacy": 2, "fluency": 2}
