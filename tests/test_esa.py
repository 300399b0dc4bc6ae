"""Task E, error-span annotation: spans checked against the output, the MQM-style score, and the
word-by-word marking the review screen drives."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from review.tasks import error_spans as esa
from scoring.errors import BadValue
from sizes import examples

OUTPUT = "nipâw awa nâpêw ôta"   # 19 code points; "â" and "ê" are one code point each


def test_spans_are_checked_against_the_output():
    spans = [{"start": 10, "end": 15, "severity": "major"}, {"missing": True, "severity": "minor"},
             {"start": 0, "end": 5, "severity": "minor"}]
    clean = esa.check_spans(spans, OUTPUT)
    assert clean == [spans[2], spans[0], spans[1]]  # by offset, missing last
    assert OUTPUT[0:5] == "nipâw" and OUTPUT[10:15] == "nâpêw"
    assert esa.mqm_score(clean) == -7.0
    for bad, problem in (([{"start": 15, "end": 25, "severity": "minor"}], "outside the output"),
                         ([{"start": 3, "end": 3, "severity": "minor"}], "not 0 ≤ start < end"),
                         ([{"start": 0, "end": 5, "severity": "critical"}], "needs a severity"),
                         ([{"start": 0, "end": 5}], "needs a severity"),
                         ([{"start": 0, "end": 6, "severity": "minor"}, {"start": 5, "end": 9, "severity": "major"}],
                          "overlap"),
                         ([{"start": True, "end": 5, "severity": "minor"}], "not 0 ≤ start < end"),
                         ("0-5", "must be a list")):
        with pytest.raises(BadValue, match=problem):
            esa.check_spans(bad, OUTPUT)


def test_marking_by_words_with_shift_and_missing():
    m = esa.Marking(OUTPUT)
    m.move(+1)                     # awa
    m.move(+1, extend=True)        # awa nâpêw
    m.mark("major")
    assert m.spans == [{"start": 6, "end": 15, "severity": "major"}]
    m.go_to(m.missing_position)    # M: something missing
    m.mark("minor")
    m.go_to(0)
    m.mark("minor")
    m.go_to(2)
    assert m.remove()              # the span over "awa nâpêw" goes
    answer = m.answer(66)
    assert answer == {"spans": [{"start": 0, "end": 5, "severity": "minor"}, {"missing": True, "severity": "minor"}],
                      "score": 66}
    m.go_to(0)
    m.mark("major")                # re-marking replaces, never overlaps
    assert m.answer(5)["spans"][0] == {"start": 0, "end": 5, "severity": "major"}


@settings(max_examples=examples(300), deadline=None)
@given(text=st.text(alphabet=st.sampled_from("ab â\u1401 \n\t"), max_size=30),
       keys=st.lists(st.tuples(st.sampled_from(["left", "right", "minor", "major", "missing", "delete"]),
                               st.booleans()), max_size=40))
def test_any_keys_give_a_valid_answer(text, keys):
    """Whatever the speaker presses, the stored answer is valid for the output it was marked in."""
    m = esa.Marking(text)
    for key, shift in keys:
        if key in ("left", "right"):
            m.move(-1 if key == "left" else 1, extend=shift)
        elif key in ("minor", "major"):
            m.mark(key)
        elif key == "missing":
            m.go_to(m.missing_position)
        else:
            m.remove()
    answer = m.answer(50)
    assert esa.check_spans(answer["spans"], text) == answer["spans"]
    for s in answer["spans"]:
        if not s.get("missing"):
            assert text[s["start"]:s["end"]].strip() == text[s["start"]:s["end"]]


def test_task_e_from_the_command_line(tmp_path, scored_demo, capsys):
    """create-campaign --task E, answers with spans (offsets outside the output: exit 2, nothing written),
    raw exports keep every span, and the MQM-style score is a human score for correlate."""
    import csv
    import json

    from desktop.cli import main
    from review.rating import sequence
    from review import records
    from review.store import Store

    db = str(tmp_path / "r.sqlite")
    assert main(["review", "init", "--db", db]) == 0
    speakers = []
    for name in ("Mary", "Joseph"):
        assert main(["review", "add-speaker", "--db", db, "--name", name, "--consent-scope", "LYSS study"]) == 0
        speakers.append(capsys.readouterr().out.strip().splitlines()[-1])
    assert main(["review", "create-campaign", "--db", db, str(scored_demo), "--task", "E", "--items", "12"]) == 0
    campaign = capsys.readouterr().out.split()[0]
    with Store(db) as store:
        sequence.join(store, campaign, speakers[0])
        outputs = [records.sequences.item_at(store, campaign, speakers[0], p)["output"] for p in range(12)]
    pos0 = next(p for p, text in enumerate(outputs) if text.strip())  # the demo has an empty output too
    first = outputs[pos0]
    words = esa.Marking(first).words
    span = {"start": words[0][0], "end": words[0][1], "severity": "major"}
    good = json.dumps({"spans": [span, {"missing": True, "severity": "minor"}], "score": 40})
    assert main(["review", "answer", "--db", db, "--campaign", campaign, "--speaker", speakers[0],
                 "--position", str(pos0), "--answers", good]) == 0
    outside = json.dumps({"spans": [{"start": 0, "end": len(outputs[pos0 + 1]) + 1, "severity": "minor"}], "score": 40})
    capsys.readouterr()
    assert main(["review", "answer", "--db", db, "--campaign", campaign, "--speaker", speakers[0],
                 "--position", str(pos0 + 1), "--answers", outside]) == 2
    err = capsys.readouterr().err
    assert "spans[0]" in err and "outside the output" in err and err.count("\n") == 1
    with Store(db) as store:
        assert store.one("select count(*) as n from ratings")["n"] == 1
        # more answers from both speakers, to correlate
        for k, spk in enumerate(speakers):
            sequence.join(store, campaign, spk)
            for pos in range(12):
                if k == 0 and pos == pos0:
                    continue
                item = records.sequences.item_at(store, campaign, spk, pos)
                marking = esa.Marking(item["output"])
                for _ in range(pos % 3):
                    marking.mark("minor" if pos % 2 else "major")
                    marking.move(1)
                records.answers.answer(store, campaign, spk, pos, marking.answer(100 - 10 * (pos % 5)))
    out = tmp_path / "raw.jsonl"
    assert main(["review", "export", "--db", db, "--format", "jsonl", "--include-raw", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    mine = next(r for r in rows if r["speaker_id"] == speakers[0] and r["position"] == pos0)
    assert mine["answer_spans"] == [span, {"missing": True, "severity": "minor"}]
    assert mine["answer_mqm"] == -6.0 and mine["answer_score"] == 40
    out_csv = tmp_path / "raw.csv"
    assert main(["review", "export", "--db", db, "--format", "csv", "--include-raw", "--out", str(out_csv)]) == 0
    with out_csv.open(newline="") as fh:
        cells = [r for r in csv.DictReader(fh) if r["speaker_id"] == speakers[0] and r["position"] == str(pos0)][0]
    assert json.loads(cells["answer_spans"]) == mine["answer_spans"]
    capsys.readouterr()
    assert main(["study", "correlate", "--db", db, "--human", "esa_mqm", "--metric", "chrf_plus_plus", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["human"] == "esa_mqm" and result["num_items"] >= 10
    with Store(db) as store:
        from review.study import analyses
        scores = analyses.item_scores(store, "esa_mqm")
        by_hand = {}
        for r in store.rows("select r.item_id, r.answers from ratings r join assignments a using (campaign_id, "
                            "speaker_id, position) where a.qc = ''", json_columns=["answers"]):
            by_hand.setdefault(r["item_id"], []).append(esa.mqm_score(r["answers"]["spans"]))
        assert scores == pytest.approx({k: sum(v) / len(v) for k, v in by_hand.items()})
    assert main(["study", "agreement", "--db", db, "--campaign", campaign, "--bootstrap", "0", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert [r["question"] for r in table] == ["spans", "score"]


def test_practice_feedback_for_task_e():
    from review.rating import practice
    item = {"task": "E", "practice": "unrelated", "output": OUTPUT}
    assert practice.feedback(item, {"spans": [], "score": 80}) == {
        "right": False, "explanation": "This translation belongs to another sentence: it keeps none of the meaning.",
        "premark_explanation": None, "answered": "score 80, 0 marked errors", "expected": "score 0–33, at least 1",
        "wrong": [{"question": "score", "answered": 80, "expected": [0, 33]},
                  {"question": "spans", "answered": 0, "expected": 1}]}
    marked = {"spans": [{"start": 0, "end": 19, "severity": "major"}], "score": 10}
    assert practice.feedback(item, marked)["right"]
