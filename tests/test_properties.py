"""Property-based tests (Hypothesis): whatever run card, JSONL, TSV, rubric item, answer or bundle a
careless user or an attacker hands LYSS, the result is a valid one, or exit status 2 with one line
``lyss: …`` and nothing written — never a traceback, never a half-written file."""

from __future__ import annotations

import contextlib
import io
import json
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import one_laptop_database
from desktop.cli import main
from review import records
from review.exchange import bundles
from review.rating import sequence
from review.records import catalogue
from review.store import Store, keys
from scoring.errors import InputError
from sizes import examples

SETTINGS = settings(max_examples=examples(120, 10), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                          HealthCheck.function_scoped_fixture])

numbers = st.one_of(st.integers(min_value=-10**400, max_value=10**400), st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from([0, -1, 1e308, 10**309, 2**63, 1e-320]))
texts = st.one_of(st.text(max_size=30), st.sampled_from(["", " ", "\ud800x", "<img src=/etc/passwd>", "{x}",
                                                         "\x1b[31m", "ᓀᐦᐃᔭᐍᐏᐣ", "a\nb", "=1+1"]))
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
json_values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                            st.dictionaries(texts, inner, max_size=4)), max_leaves=12)
ENTRY_KEYS = ["id", "source", "reference", "expected", "predicted", "prediction", "raw_predicted", "difficulty",
              "variants", "morphological_analysis", "latency_s", "cost_usd", "usage", "prompt_tokens",
              "completion_tokens", "domain", "provenance", "error"]


def good_entry(k: int) -> dict:
    return {"id": f"e{k}", "source": "the dog sleeps", "reference": "atim nipâw", "predicted": "atim nipâw",
            "latency_s": 0.5, "cost_usd": 0.001, "usage": {"prompt_tokens": 10, "completion_tokens": 5}}


@st.composite
def run_cards(draw):
    entries = [good_entry(k) for k in range(draw(st.integers(0, 4)))]
    for _ in range(draw(st.integers(0, 4))):
        if entries and draw(st.booleans()):
            entry = draw(st.sampled_from(entries))
            entry[draw(st.sampled_from(ENTRY_KEYS))] = draw(json_values)
        else:
            entries.append({k: draw(json_values) for k in draw(st.lists(st.sampled_from(ENTRY_KEYS), max_size=6))})
    card: dict = {"entries": entries}
    for key in draw(st.lists(st.sampled_from(["totals", "elapsed_seconds", "glossary", "target_language", "scores",
                                              "dataset", "overall", "config"]), max_size=3)):
        card[key] = draw(json_values)
    if draw(st.booleans()):
        card["scores"] = {"tier_confirmation": draw(json_values)}
    return card


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def assert_clean(code: int, err: str, written: Path | None, allowed=(0, 2)) -> None:
    assert code in allowed, err
    if code == 2:
        assert err.startswith("lyss: ") and err.count("\n") == 1, err
        if written is not None:
            assert not written.exists()
        leftovers = list(written.parent.glob(".*.tmp")) if written is not None else []
        assert not leftovers


def strict_json(path: Path):
    def refuse(name):
        raise AssertionError(f"{name} in output")
    return json.loads(path.read_text("utf-8"), parse_constant=refuse)


@SETTINGS
@given(card=run_cards())
def test_any_run_card_scores_or_is_refused_in_one_line(tmp_path_factory, card):
    folder = tmp_path_factory.mktemp("card")
    path, out = folder / "run.json", folder / "scored.json"
    path.write_text(json.dumps(card, allow_nan=True), "utf-8")  # \\ud800 escapes reach the reader
    code, stdout, err = run(["score", str(path), "--out", str(out), "--bootstrap", "5", "--no-cache", "--json"])
    assert_clean(code, err, out)
    if code == 0:
        scored = strict_json(out)
        assert scored["scores"]["total"] == len(card["entries"])
        json.loads(stdout, parse_constant=lambda n: pytest.fail(f"{n} printed"))


@SETTINGS
@given(lines=st.lists(st.one_of(json_values.map(lambda v: json.dumps(v, allow_nan=True)), texts), max_size=6),
       tsv=st.lists(st.lists(texts, max_size=4), max_size=5))
def test_any_jsonl_or_tsv_scores_or_is_refused_in_one_line(tmp_path_factory, lines, tsv):
    folder = tmp_path_factory.mktemp("text")
    jsonl = folder / "run.jsonl"
    jsonl.write_text("\n".join(lines), "utf-8", errors="surrogatepass")
    assert_clean(*run(["score", str(jsonl), "--bootstrap", "5", "--no-cache"])[::2], None)
    table = folder / "run.tsv"
    table.write_text("\n".join(["source\treference\tprediction"] + ["\t".join(r) for r in tsv]), "utf-8",
                     errors="surrogatepass")
    assert_clean(*run(["score", str(table), "--bootstrap", "5", "--no-cache"])[::2], None)


@SETTINGS
@given(items=json_values, gate_a=json_values, gate_b=json_values)
def test_rubric_and_gate_never_trace_back(tmp_path_factory, items, gate_a, gate_b):
    folder = tmp_path_factory.mktemp("rubric")
    path, out = folder / "items.json", folder / "out.json"
    path.write_text(json.dumps(items, allow_nan=True), "utf-8")
    code, _, err = run(["rubric", str(path), "--out", str(out)])
    assert_clean(code, err, out)
    a, b = folder / "a.json", folder / "b.json"
    a.write_text(json.dumps(gate_a, allow_nan=True), "utf-8")
    b.write_text(json.dumps(gate_b, allow_nan=True), "utf-8")
    code, _, err = run(["gate", str(a), "--baseline", str(b)])
    assert_clean(code, err, None, allowed=(0, 1, 2))


@pytest.fixture(scope="module")
def signed_study(tmp_path_factory, scored_demo):
    from test_review_bundles import field_laptops
    folder = tmp_path_factory.mktemp("study")
    hub, cid, (lap,) = field_laptops(folder, catalogue.load_scored(str(scored_demo)), n=1)
    spk = records.speakers.add_speaker(lap, "Rita", "LYSS study")
    sequence.join(lap, cid, spk)
    for n in range(3):
        records.answers.answer(lap, cid, spk, n, {"adequacy": 2 + n, "fluency": 3})
    path = folder / "field.lyssbundle"
    bundles.export_bundle(lap, str(path))
    with zipfile.ZipFile(path) as z:
        data = json.loads(z.read("data.json"))
    return hub, lap, cid, spk, data, folder


def _signed(lap: Store, data: dict, path: Path) -> None:
    payload = json.dumps(data, sort_keys=True, allow_nan=True).encode("utf-8", "surrogatepass")
    manifest = {"format": bundles.FORMAT, "schema_version": 2, "device_id": lap.device_id,
                "public_key": lap.public_key, "created_at": "2026-01-01T00:00:00.000000Z",
                "sha256": __import__("hashlib").sha256(payload).hexdigest(), "counts": {}}
    raw = json.dumps(manifest).encode()
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("manifest.json", raw)
        z.writestr("manifest.sig", keys.sign(lap.private_key, raw))
        z.writestr("data.json", payload)


@SETTINGS
@given(table=st.sampled_from(bundles.TABLES), column=texts, value=json_values, pick=st.integers(0, 10**6),
       drop=st.booleans())
def test_any_signed_bundle_merges_or_is_refused_whole(signed_study, table, column, value, pick, drop):
    hub, lap, _, _, data, folder = signed_study
    data = json.loads(json.dumps(data))
    rows = data[table]
    if rows:
        row = rows[pick % len(rows)]
        name = sorted(row)[pick % len(row)] if drop or not column else column
        if drop:
            row.pop(name)
        else:
            row[name] = value
    else:
        data[table] = value if drop else [value]
    path = folder / "mutated.lyssbundle"
    _signed(lap, data, path)
    before = bundles.table_snapshot(hub)
    try:
        bundles.merge(hub, str(path))
    except InputError as exc:
        assert "\n" not in exc.line()
        assert bundles.table_snapshot(hub) == before
    assert hub.integrity_ok()


@SETTINGS
@given(blob=st.binary(max_size=2000))
def test_any_bytes_as_a_bundle_are_refused_in_one_line(signed_study, blob):
    hub, _, _, _, _, folder = signed_study
    path = folder / "junk.lyssbundle"
    path.write_bytes(blob)
    code, _, err = run(["review", "merge", "--db", str(hub.path), str(path)])
    assert_clean(code, err, None, allowed=(2,))


@SETTINGS
@given(answers=json_values, position=st.one_of(st.none(), st.integers(-5, 10**12)))
def test_any_answer_is_recorded_or_refused_in_one_line(signed_study, answers, position):
    hub, lap, cid, spk, _, _ = signed_study
    argv = ["review", "answer", "--db", str(lap.path), "--campaign", cid, "--speaker", spk,
            "--answers", json.dumps(answers, allow_nan=True)]
    if position is not None:
        argv += ["--position", str(position)]
    code, _, err = run(argv)
    assert_clean(code, err, None)


@SETTINGS
@given(scored=json_values, entry=st.dictionaries(st.sampled_from(["id", "source", "predicted", "reference",
                                                                   "breakdown", "score", "metrics", "lyss",
                                                                   "difficulty"]), json_values, max_size=6),
       tsv=st.lists(st.lists(texts, min_size=1, max_size=5), max_size=4))
def test_study_inputs_never_trace_back(tmp_path_factory, scored, entry, tsv):
    folder = tmp_path_factory.mktemp("studyin")
    db = str(one_laptop_database(folder / "r.sqlite"))  # as `review init` makes it, copied
    for value in (scored, {"scores": {}, "entries": [entry], "lyss": scored}):
        path = folder / "scored.json"
        path.write_text(json.dumps(value, allow_nan=True), "utf-8")
        for task in "ABCT":
            assert_clean(*run(["review", "create-campaign", "--db", db, str(path), "--task", task])[::2], None)
        before = path.read_bytes()
        code, _, err = run(["study", "confirm-tier", "--db", db, str(path)])
        assert_clean(code, err, None)
        if code == 2:
            assert path.read_bytes() == before  # a refused file is never modified
    da = folder / "da.tsv"
    da.write_text("\n".join(["index\toriginal\ttranslation\tscores\tmean"] + ["\t".join(r) for r in tsv]), "utf-8",
                  errors="surrogatepass")
    assert_clean(*run(["study", "import-da", str(da), "--db", str(folder / "da.sqlite")])[::2], None)
    assert_clean(*run(["review", "export", "--db", db, "--out", str(folder / "x.csv"), "--include-raw"])[::2],
                 folder / "x.csv", allowed=(0, 2))
