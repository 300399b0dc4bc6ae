"""Pre-marks from the reference and the replay of real ESA annotations (issue 35, part 4): the keys of the
marking screen counted by hand on small cases, the pre-marks' properties (Hypothesis), and the recorded figures
on the shared WMT23 en-de ESA export, from the command line."""

from __future__ import annotations

import json

import pytest

from hypothesis import given, settings, strategies as st

from helpers import shared_file
from desktop.cli import main
from review.study.experiments import replay
from review.tasks.premarks import reference_marks
from sizes import examples


def test_the_words_the_reference_does_not_have_are_pre_marked():
    output = "Das Haus ist sehr groß und Kartoffel blau ."
    reference = "Das Haus ist wirklich gross ."
    marks = reference_marks(output, reference)
    assert [output[m["start"]:m["end"]] for m in marks] == ["sehr", "und Kartoffel blau"]  # groß ~ gross: close
    assert all(m["source"] == "reference" and m["severity"] == "minor" for m in marks)
    assert reference_marks(output, "") == [] and reference_marks(reference, reference) == []


def test_keys_are_counted_as_the_marking_screen_takes_them():
    wanted = [{"first": 3, "last": 4, "severity": "major"}, {"missing": True, "severity": "minor"}]
    assert replay.keys_without(wanted) == (3 + 1 + 1) + 2  # → ×3, Shift+→, 2; then M and 1
    exact = [{"first": 3, "last": 4, "severity": "minor"}]  # proposed minor: the annotator wants major
    assert replay.keys_with(wanted, exact) == (1 + 1 + 1) + 2  # next mark, keep, re-grade; the omission by hand
    wrong = [{"first": 0, "last": 0, "severity": "minor"}]
    assert replay.keys_with(wanted, wrong) == (1 + 1) + (3 + 1 + 1) + 2  # next mark, drop; then as without


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.sampled_from(["Haus", "haus,", "groß", "gross", "Baum", "—", "«ja»", "x", "über", "uber"]),
                max_size=12),
       st.lists(st.sampled_from(["Haus", "gross", "Baum", "ja", "über"]), max_size=8))
def test_pre_marks_are_ordered_words_of_the_output(out_words, ref_words):
    output, reference = " ".join(out_words), " ".join(ref_words)
    marks = reference_marks(output, reference)
    ends = [0] + [x for m in marks for x in (m["start"], m["end"])]
    assert ends == sorted(ends) and all(output[m["start"]:m["end"]].strip() == output[m["start"]:m["end"]]
                                        for m in marks)
    assert reference_marks(output, output) == []


def test_the_shared_esa_annotations_replayed(tmp_path, capsys):
    esa = shared_file("data/wmt23-en-de-esa/240315rc5ESA.scores.csv")
    shared_file("data/wmt23-en-de/sources/en-de.txt")
    assert main(["study", "replay-esa", str(esa), "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert set(r) >= {"items", "precision", "recall", "keys_per_item_without", "keys_per_item_with",
                      "hours_without", "hours_with"}
    # recorded: on WMT23 en-de the reference's word mismatches are mostly paraphrase, not errors
    assert r["items"] == 1844 and (r["premarked_words"], r["annotated_words"]) == (16006, 1979)
    assert round(r["precision"], 3) == 0.034 and round(r["recall"], 3) == 0.271
    assert round(r["keys_per_item_without"], 2) == 10.81 and round(r["keys_per_item_with"], 2) == 22.10
    assert r["hours_with"] is None and "--premark-split" in r["hours_with_reason"]
    # with the seconds a split campaign measured (here −6 s an item with pre-marks): only those items change
    assert main(["study", "replay-esa", str(esa), "--json", "--premark-seconds", "-6"]) == 0
    measured = json.loads(capsys.readouterr().out)
    assert 0 < measured["premarked_items"] <= r["items"] and measured["hours_with_reason"] is None
    assert measured["hours_with"] == pytest.approx(r["hours_without"] - measured["premarked_items"] * 6 / 3600,
                                                   abs=0.01)


def test_a_bad_export_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b,c,TGT,e,f,1,doc#sys,F,[],1,2\n", "utf-8")
    assert main(["study", "replay-esa", str(bad), "--wmt", str(tmp_path)]) == 2
    assert main(["study", "replay-esa", str(tmp_path / "none.csv")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and "sources/en-de.txt" in err[0] and "not found" in err[1]
