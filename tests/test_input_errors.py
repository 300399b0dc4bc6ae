"""Bad input: one line naming the file, the place and the problem; exit status 2; nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from helpers import DEMO
from desktop.cli import main
from scoring import files, runcard
from sizes import examples

GOOD = {"id": "a", "source": "Hello.", "reference": "tânisi.", "predicted": "tânisi."}


def _run(tmp_path, capsys, content: bytes | str, name="card.json"):
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    out = tmp_path / "out.json"
    code = main(["score", str(path), "--out", str(out), "--bootstrap", "10"])
    err = capsys.readouterr().err
    return code, err, out, path


CASES = [
    ("invalid JSON", b'{"entries": [', "line 1 column 14: invalid JSON"),
    ("not UTF-8", b'{"entries": [{"id": "a", "source": "\xff"}]}', "not UTF-8 text"),
    ("missing field", json.dumps({"entries": [{"id": "a", "source": "x", "predicted": "y"}]}),
     "entry 1 (id 'a'): missing field 'reference'"),
    ("mistyped field", json.dumps({"entries": [{**GOOD, "source": 3}]}), "field 'source' must be text, got int"),
    ("mistyped number", json.dumps({"entries": [{**GOOD, "latency_s": "fast"}]}), "field 'latency_s' must be a number"),
    ("empty corpus", json.dumps({"entries": []}), "entries: the corpus is empty"),
    ("duplicate id", json.dumps({"entries": [GOOD, GOOD]}), "entry 2 (id 'a'): duplicate id (first used by entry 1)"),
    ("NaN", '{"entries": [{"id": "a", "source": "x", "reference": "y", "predicted": "z", "latency_s": NaN}]}',
     "NaN is not a number JSON allows"),
    ("no entries", json.dumps({"run_id": "x"}), "top level: no 'entries' list"),
    ("integer above 1e308", json.dumps({"entries": [{**GOOD, "latency_s": 10**400}]}), "implausibly large"),
    ("tokens above 1e308", json.dumps({"entries": [{**GOOD, "usage": {"prompt_tokens": 10**309}}]}),
     "implausibly large"),
    ("sum that would overflow", json.dumps({"entries": [{**GOOD, "cost_usd": 1e308}, {**GOOD, "id": "b",
                                                                                    "cost_usd": 1e308}]}),
     "implausibly large"),
    ("elapsed above 1e308", json.dumps({"entries": [GOOD], "elapsed_seconds": 10**400}), "implausibly large"),
    ("200,000-deep nesting", '{"entries": [' + "[" * 200_000 + "]" * 200_000 + "]}", "nested more than"),
    ("lone surrogate", '{"entries": [{"id": "a", "source": "\\ud800", "reference": "y", "predicted": "z"}]}',
     "lone surrogate"),
    ("token details not an object", json.dumps({"entries": [{**GOOD, "usage": {"completion_tokens_details": [1]}}]}),
     "'usage.completion_tokens_details' must be an object"),
    ("tier confirmation not an object", json.dumps({"entries": [GOOD], "scores": {"tier_confirmation": "yes"}}),
     "scores.tier_confirmation: must be an object"),
]


@pytest.mark.parametrize("label,content,message", CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_one_line_exit_2_nothing_written(tmp_path, capsys, label, content, message):
    code, err, out, path = _run(tmp_path, capsys, content)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith(f"lyss: {path}")
    assert message in err
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left either


def test_tsv_missing_column(tmp_path, capsys):
    code, err, out, path = _run(tmp_path, capsys, "source\treference\nHello.\ttânisi.\n", "run.tsv")
    assert code == 2 and "line 1: header has no 'prediction' column" in err


def test_three_files_with_different_lengths(tmp_path, capsys):
    for name, text in (("s.txt", "a\nb\n"), ("r.txt", "a\nb\n"), ("h.txt", "a\n")):
        (tmp_path / name).write_text(text)
    code = main(["score", str(tmp_path / "s.txt"), str(tmp_path / "r.txt"), str(tmp_path / "h.txt")])
    assert code == 2 and "line counts differ" in capsys.readouterr().err


def test_all_input_shapes_give_the_same_scores(tmp_path):
    card = runcard.load(str(DEMO))
    rows = [(e.source, e.reference, e.predicted) for e in card.entries if "\t" not in e.predicted + e.source]
    tsv = tmp_path / "run.tsv"
    tsv.write_text("source\treference\tprediction\n" + "".join("\t".join(r) + "\n" for r in rows), "utf-8")
    jsonl = tmp_path / "run.jsonl"
    jsonl.write_text("".join(json.dumps({"source": s, "reference": r, "predicted": h}, ensure_ascii=False) + "\n"
                             for s, r, h in rows), "utf-8")
    files = []
    for i, name in enumerate(("src.txt", "ref.txt", "hyp.txt")):
        (tmp_path / name).write_text("\n".join(r[i] for r in rows) + "\n", "utf-8")
        files.append(str(tmp_path / name))
    loaded = [runcard.load(str(tsv)), runcard.load(str(jsonl)), runcard.load(files)]
    assert [c.format for c in loaded] == ["tsv", "jsonl", "text"]
    for c in loaded:
        assert [(e.source, e.reference, e.predicted) for e in c.entries] == rows


def test_jsonl_lines_end_at_line_feeds_only(tmp_path):
    """A JSON string may hold U+2028, U+2029 or U+0085 as they are; Windows line ends are fine too."""
    jsonl = tmp_path / "run.jsonl"
    texts = ["a\u2028b", "c\u2029d", "e\x85f"]
    jsonl.write_text("".join(json.dumps({"source": t, "reference": t, "predicted": t}, ensure_ascii=False) + "\r\n"
                             for t in texts) + "\n", "utf-8")
    card = runcard.load(str(jsonl))
    assert [e.source for e in card.entries] == texts


def test_harness_report_is_detected():
    from helpers import report_paths
    paths = report_paths()
    if not paths:
        pytest.skip("needs shared/data/champollion-reports")
    card = runcard.load(str(paths[0]))
    assert card.format == "champollion-report" and card.target_language == "sna"


def test_output_is_written_atomically(tmp_path, capsys):
    out = tmp_path / "scored.json"
    assert main(["score", str(DEMO), "--out", str(out), "--bootstrap", "20"]) == 0
    data = json.loads(out.read_text("utf-8"))
    assert data["scores"]["total"] == 42
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scored.json"]


def test_out_never_overwrites_the_input_nor_creates_folders(tmp_path, capsys):
    card = tmp_path / "card.json"
    card.write_text(json.dumps({"entries": [GOOD]}), "utf-8")
    before = card.read_bytes()
    assert main(["score", str(card), "--out", str(card)]) == 2
    assert "is one of the input files" in capsys.readouterr().err and card.read_bytes() == before
    assert main(["score", str(card), "--out", str(tmp_path / "no" / "such" / "out.json")]) == 2
    assert "no such folder" in capsys.readouterr().err and not (tmp_path / "no").exists()


def test_error_kinds_differ_but_all_exit_2(tmp_path, capsys):
    """A file problem, an unknown name and a bad option value are different types (all ``InputError``,
    all one line and status 2)."""
    from review.records.speakers import add_speaker, speaker
    from review.store import Store
    from scoring import errors, rubric

    with pytest.raises(errors.FileProblem, match="top level: no 'entries' list"):
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps({"run_id": "x"}))
        runcard.load(str(bad))
    with pytest.raises(errors.NotFound, match="no such profile"):
        rubric.load_profile("Z")
    with Store(str(tmp_path / "r.sqlite"), create=True) as store:
        add_speaker(store, "Ana", "ratings for research")
        with pytest.raises(errors.NotFound, match="^speaker: Bob: no such speaker"):
            speaker(store, "Bob")
    for argv, kind in ((["score", str(tmp_path / "bad.json")], "top level"),
                       (["score", str(DEMO), "--bootstrap", "0"], "--bootstrap: 0 is outside 1–100,000"),
                       (["score", str(DEMO), "--profile", "Z"], "no such profile")):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert kind in err and err.count("\n") == 1


TEXTS = st.text(max_size=4) | st.text(st.characters(min_codepoint=0xD7F0, max_codepoint=0xE010), max_size=2)
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | TEXTS,
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                                         max_size=3),
                           max_leaves=20)


@settings(max_examples=examples(300), deadline=None)
@given(JSON_VALUES, st.integers(0, 3), st.booleans())
def test_the_quick_check_of_a_file_decides_as_the_full_walk(value, extra_depth, ascii_only):
    """Where the text holds no surrogate (nor an escape of one) only the nesting is checked: the verdict
    is the full walk's for every value, at every depth around the limit."""
    for _ in range(files.MAX_DEPTH - 2 + extra_depth):
        value = [value]
    text = json.dumps(value, ensure_ascii=ascii_only)
    verdicts = []
    for maybe in (True, False):
        try:
            files._check_text(Path("x.json"), json.loads(text), "", maybe_surrogates=maybe)
            verdicts.append("ok")
        except files.FileProblem as exc:
            verdicts.append(str(exc))
    if files._MAYBE_SURROGATE.search(text) is None:
        assert verdicts[0] == verdicts[1]


def _line_by_line(path: Path, text: str) -> list:
    """What reading JSON Lines meant before the lines were read in place: each line alone through parse_json."""
    found, start = [], 0
    for lineno, line in enumerate(text.split("\n"), 1):
        if start >= len(text):
            break
        start += len(line) + 1
        if line.strip():
            found.append((lineno, files.parse_json(path, line, f"line {lineno}")))
    return found


LINE_PIECES = st.sampled_from(['{"id": 1, "a": "x"}', '{"a":', '1}', "{} {}", "{} x", "[1, 2]", "3", '"\\ud800"',
                               '{"s": "\\udc00 \\u00e9"}', "\ufeff{}", "NaN", "[Infinity]", "", " ", "\t\r", "\u00a0",
                               "\u2028", "\x85", "{\"a\": [\n1]}", "[" * 600 + "]" * 600, "[" * 499 + "]" * 499,
                               '{"k": "ᐊ\\n"}', "tru", "-", "1e999", '"\t"', "{\"a\" : 1 }  \r"])


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.one_of(LINE_PIECES, JSON_VALUES.map(json.dumps), JSON_VALUES.map(
    lambda v: json.dumps(v, ensure_ascii=False))), max_size=6).map("\n".join), st.booleans())
def test_json_lines_read_in_place_are_each_line_parsed_alone(text, final_newline):
    """Values, blank lines and the one-line problem (its line, its words): the same as each line through
    parse_json, whatever the lines hold — values running over a line's end included."""
    text += "\n" if final_newline else ""
    outcomes = []
    for read in (lambda: list(files.json_lines(Path("run.jsonl"), text)), lambda: _line_by_line(Path("run.jsonl"), text)):
        try:
            outcomes.append(("ok", read()))
        except files.FileProblem as exc:
            outcomes.append(("refused", str(exc)))
    assert outcomes[0] == outcomes[1]


ENTRY_KEYS = st.sampled_from(["id", "entry_id", "source", "src", "reference", "expected", "predicted", "prediction",
                              "hyp", "output", "difficulty", "variants", "error", "note"])
ENTRY_VALUES = st.one_of(st.text(max_size=4), st.integers(-3, 3), st.booleans(), st.none(), st.floats(),
                         st.lists(st.text(max_size=2), max_size=2))


@settings(max_examples=examples(400), deadline=None)
@given(st.dictionaries(ENTRY_KEYS, ENTRY_VALUES, max_size=6), st.sampled_from(["predicted", "prediction", "output"]),
       st.booleans())
def test_an_entry_of_the_common_shape_is_the_one_every_check_builds(raw, prediction_key, common):
    """An entry object of the common shape (an id and the three texts) is built without every check, and is the
    entry the checks build; any other object is refused or built as before."""
    if common:
        raw = {"id": raw.get("id", "e1"), "source": raw.get("source", "s"), "reference": raw.get("reference", "r"),
               prediction_key: raw.get(prediction_key, "p")}

    def built(quick: bool):
        saved = runcard._simple_entry
        if not quick:
            runcard._simple_entry = lambda raw: None
        try:
            return runcard.entry_from_dict(Path("card.jsonl"), 4, raw, default_id="7")
        except files.FileProblem as problem:
            return str(problem)
        finally:
            runcard._simple_entry = saved

    assert built(True) == built(False)


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(["\\", "\\u", "u", "d", "D", "8", "9", "a", "F", "c", "0", "x", "é", "\ud800", "\udfff",
                                 "\ud7ff", "\ue000", '"', "ᐊ"]), max_size=12).map("".join))
def test_surrogates_are_looked_for_as_the_one_expression_finds_them(text):
    assert files.maybe_surrogates(text) == (files._MAYBE_SURROGATE.search(text) is not None)


TEXT_CHARACTERS = st.text(st.sampled_from(list('ab é"\\/\t\x00\x1fᐊ\u2028{}:,😀\ud800')), max_size=6)
PLAIN_TEXTS = st.text(st.sampled_from(list("ab éᐊ\u2028{}:,😀'")), max_size=6)  # (no character json escapes)
ANY_IDS = st.one_of(st.integers(-10**20, 10**20), st.text(max_size=4), st.floats(allow_nan=False), st.none())
PLAIN_IDS = st.one_of(st.integers(-3, 10**18), PLAIN_TEXTS)


@st.composite
def _card_lines(draw) -> str:
    """A line of a JSON Lines card: mostly an entry of an id and three texts as json writes one with no escape (so
    that whole cards of them come), else anything near it."""
    if draw(st.integers(0, 4)):
        entry_id = draw(PLAIN_IDS)
        line = json.dumps({"id": entry_id, "source": draw(PLAIN_TEXTS), "reference": draw(PLAIN_TEXTS),
                           draw(st.sampled_from(runcard.PREDICTION_KEYS)): draw(PLAIN_TEXTS)}, ensure_ascii=False)
        if type(entry_id) is int:  # its number written as json would not write it, sometimes (leading zeros, signs)
            written = draw(st.sampled_from(["", "-", "0", "+", "-0"])) + str(entry_id)
            line = line.replace(f'"id": {entry_id},', f'"id": {written},')
        return line
    line = json.dumps({"id": draw(ANY_IDS), "source": draw(TEXT_CHARACTERS), "reference": draw(TEXT_CHARACTERS),
                       draw(st.sampled_from([*runcard.PREDICTION_KEYS, "other"])): draw(TEXT_CHARACTERS)},
                      ensure_ascii=draw(st.booleans()), separators=draw(st.sampled_from([(", ", ": "), (",", ":")])))
    return draw(st.sampled_from(["", " ", "\t"])) + line + draw(st.sampled_from(["", " ", "\r", "x"]))


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(_card_lines(), min_size=1, max_size=6), st.sampled_from(["\n", "\r\n", " \n", "\n\n"]),
       st.booleans(), st.integers(1, 200))
def test_a_card_of_simple_lines_is_read_as_each_line_parsed(tmp_path_factory, lines, ending, last_ending, at_once):
    """A JSON Lines card read by one expression (every line an entry of an id and its three texts, as json writes one
    with no escape) gives the entries, and the problems, that each line parsed gives: ids of any kind, texts with
    quotes, backslashes, controls, surrogates and characters beyond ASCII (escaped or not), other keys, other
    spacing, line endings, blank lines and leading spaces; read a few lines at a time."""
    path = tmp_path_factory.mktemp("simple") / "card.jsonl"
    path.write_bytes((ending.join(lines) + (ending if last_ending else "")).encode("utf-8", "surrogatepass"))

    def read(one_by_one: bool):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(runcard, "READ_AT_ONCE", at_once)  # (lines matched a few at a time)
            if one_by_one:
                patch.setattr(runcard, "_simple_lines", lambda text: None)
            try:
                card = runcard.load(str(path))
            except files.FileProblem as problem:
                return str(problem)
            return [(e.id, e.source, e.reference, e.predicted, e.plain) for e in card.entries]

    assert read(False) == read(True)


def test_a_large_card_of_simple_lines_is_read_by_one_expression(tmp_path, monkeypatch):
    """The bench's cards (and the demo written as json writes lines) take the one-expression way."""
    path = tmp_path / "card.jsonl"
    path.write_text("".join(json.dumps({"id": i, "source": f"s {i}", "reference": "r", "prediction": "p"}) + "\n"
                            for i in range(-1, 50)), "utf-8")
    monkeypatch.setattr(runcard, "entry_from_dict", None)  # (not called: no line is parsed alone)
    card = runcard.load(str(path))
    assert [e.id for e in card.entries] == [str(i) for i in range(-1, 50)] and card.entries[3].source == "s 2"
