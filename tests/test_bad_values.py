"""Bad values in every data file a command reads — weight profiles, rubrics and their items, gate results,
run cards — give one line and exit 2 (or a result), never an internal error or a traceback; printed JSON
is always valid JSON. Hypothesis replaces any one value of a real file by a value of another type (or a
number JSON or the composite cannot hold) and runs the command."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import DEMO, ROOT
from desktop.cli import main
from sizes import examples

ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**20, 10**20), st.sampled_from([0, -1, 2**63, 1e-320, 1e308, -0.0]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(["ten", "divide:nan", "divide:1e-320", "divide:0", "\x00", "@_EPSILON_SYMBOL_@"]),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.just([[[[[[[[[[[]]]]]]]]]]]))


def paths(value, prefix=()):
    """Every place in a JSON document (the document itself included)."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*prefix, i))


def replaced(doc, path, new):
    if not path:
        return new
    doc = json.loads(json.dumps(doc))
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return doc


def mutations(doc):
    return st.tuples(st.sampled_from(list(paths(doc))), ODD_VALUES).map(lambda pv: replaced(doc, *pv))


def write(path, doc) -> str:
    path.write_text(json.dumps(doc, allow_nan=True), "utf-8")  # a hand-edited file may hold NaN
    return str(path)


def one_line_or_json(capsys, argv: list[str], ok: tuple[int, ...] = (0, 2)):
    """Run a ``--json`` command: a one-line refusal (exit 2), or valid JSON — no NaN, no Infinity — which is
    returned (``None`` when it printed nothing)."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert code in ok, (code, err)
    assert "internal error" not in err and "Traceback" not in err, err
    if code == 2:
        assert err.startswith("lyss: ") and len(err.strip().splitlines()) == 1, err
    return json.loads(out, parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name))) if out else None


PROFILE = json.loads((ROOT / "scoring" / "data" / "profiles" / "A.json").read_text("utf-8"))
RUBRIC = json.loads((ROOT / "scoring" / "data" / "rubrics" / "capstone.json").read_text("utf-8"))
ITEMS = [{"item": "1", "got": "nipâw", "expected": "nipâw", "spanish_gloss": "duerme", "expected_gloss": "duerme",
          "explanation": "a short answer"},
         {"item": "2", "got": "atim", "expected": ["atim"], "spanish_gloss": "", "expected_gloss": "perro",
          "explanation": "two words"}]
CARD = json.loads(DEMO.read_text("utf-8"))
CARD["entries"] = CARD["entries"][:3]
RESULT = {"rubric": {"name": "capstone"}, "score": 0.5,
          "items": [{"item": "1", "score": 0.5, "breakdown": {"correctness": 1.0, "schema": 0.0}, "weighted": {}}]}
SETTINGS = settings(max_examples=examples(30), deadline=None, suppress_health_check=list(HealthCheck))


@SETTINGS
@given(profile=mutations(PROFILE))
def test_a_damaged_weight_profile(tmp_path_factory, capsys, profile):
    folder = tmp_path_factory.mktemp("profile")
    card = write(folder / "card.json", CARD)
    one_line_or_json(capsys, ["score", card, "--lang", "crk", "--profile", write(folder / "p.json", profile),
                     "--bootstrap", "5", "--json"])


@SETTINGS
@given(rubric=mutations(RUBRIC))
def test_a_damaged_rubric(tmp_path_factory, capsys, rubric):
    folder = tmp_path_factory.mktemp("rubric")
    one_line_or_json(capsys, ["rubric", write(folder / "items.json", ITEMS), "--rubric",
                     write(folder / "r.json", rubric), "--json"])


@SETTINGS
@given(items=mutations(ITEMS))
def test_damaged_rubric_items(tmp_path_factory, capsys, items):
    folder = tmp_path_factory.mktemp("items")
    one_line_or_json(capsys, ["rubric", write(folder / "items.json", items), "--json"])


@SETTINGS
@given(result=mutations(RESULT))
def test_a_damaged_gate_result(tmp_path_factory, capsys, result):
    folder = tmp_path_factory.mktemp("gate")
    verdict = one_line_or_json(capsys, ["gate", write(folder / "new.json", result), "--baseline",
                                        write(folder / "old.json", RESULT), "--json"], ok=(0, 1, 2))
    if verdict:
        assert all(v is None or math.isfinite(v) for v in verdict.get("dimension_deltas", {}).values())


@settings(max_examples=examples(25), deadline=None, suppress_health_check=list(HealthCheck))
@given(card=mutations(CARD))
def test_a_damaged_run_card(tmp_path_factory, capsys, card):
    folder = tmp_path_factory.mktemp("card")
    one_line_or_json(capsys, ["score", write(folder / "card.json", card), "--lang", "crk", "--bootstrap", "5",
                     "--json"])


def test_bootstrap_and_trials_have_an_upper_bound(capsys):
    for argv in (["score", str(DEMO), "--bootstrap", "100000000"], ["compare", str(DEMO), str(DEMO), "--trials",
                                                                    "1000001"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "is outside 1–100,000" in err and len(err.strip().splitlines()) == 1


def test_a_rubric_that_checks_nothing_scores_nothing_honestly(tmp_path, capsys):
    unchecked = {**RUBRIC, "dimensions": [{k: v for k, v in d.items() if k != "check"} for d in RUBRIC["dimensions"]]}
    items, rubric = write(tmp_path / "items.json", ITEMS), write(tmp_path / "r.json", unchecked)
    capsys.readouterr()
    assert main(["rubric", items, "--rubric", rubric]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "capstone: no score (no dimension of this rubric has a check to run) over 2 items", out
    assert out[1].startswith("  1: no score")
    assert one_line_or_json(capsys, ["rubric", items, "--rubric", rubric, "--json"])["score"] is None
    half = {**RUBRIC, "dimensions": [RUBRIC["dimensions"][0], *unchecked["dimensions"][1:]]}
    assert main(["rubric", items, "--rubric", write(tmp_path / "half.json", half)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "capstone: mean score 1.0000 over 2 of 2 items"


@pytest.mark.parametrize("planted", ["[1, 2, 3]", "7", "[]", "{}", "\"text\"", "null", "[{}]", "many empty objects"])
def test_a_plugin_cache_file_of_another_shape_counts_as_absent(tmp_path, monkeypatch, capsys, planted):
    from scoring import cache
    monkeypatch.setenv("LYSS_CACHE_DIR", str(tmp_path / "cache"))
    card = write(tmp_path / "card.json", CARD)
    cache.clear_memory()
    fresh = one_line_or_json(capsys, ["score", card, "--lang", "crk", "--bootstrap", "5", "--json"])
    files = sorted((tmp_path / "cache" / "plugins").glob("*.json"))
    assert files
    for path in files:
        path.with_suffix(".npz").unlink(missing_ok=True)
        path.write_text(json.dumps([{}] * len(CARD["entries"])) if planted == "many empty objects" else planted)
    cache.clear_memory()
    again = one_line_or_json(capsys, ["score", card, "--lang", "crk", "--bootstrap", "5", "--json"])
    assert again == fresh
