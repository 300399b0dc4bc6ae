"""The indented JSON writer (``scoring.indented``): byte for byte what ``json.dumps(indent=2,
ensure_ascii=False)`` writes, for any value, at any depth — strings holding brackets, separators, quotes
and NULs included — and the same errors."""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence

import pytest
from hypothesis import given, settings, strategies as st

from scoring.files import write_json_atomic
from scoring.indented import IndentedJSON
from sizes import examples

TRICKY = st.sampled_from(["{", "}", "[", "]", "{}", "[]", ",\x00", "\x00", "\x05", "\x06", '"', "\\", ",", ": ",
                          "\n", "\u2028", "é", "ᐊ", "\ud800", "\\u0000", '\\"'])
TEXT = st.lists(st.one_of(TRICKY, st.text(max_size=3)), max_size=4).map("".join)
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False, allow_infinity=False),
                   TEXT)
class Entries(Sequence):
    """A sequence that builds its items when asked, as a scored run's entries do."""

    def __init__(self, items):
        self.items = items

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


KEY = st.one_of(TEXT, st.integers(-5, 5), st.floats(allow_nan=False, allow_infinity=False), st.booleans(), st.none())
VALUE = st.recursive(SCALAR, lambda inner: st.one_of(st.lists(inner, max_size=4), st.tuples(inner, inner),
                                                     st.dictionaries(KEY, inner, max_size=4)), max_leaves=25)


def _standard(value, depth: int = 0) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, allow_nan=False).replace("\n", "\n" + "  " * depth)


@settings(max_examples=examples(500), deadline=None)
@given(VALUE, st.integers(0, 4))
def test_any_value_is_written_as_the_standard_encoder_writes_it(value, depth):
    writer = IndentedJSON()
    assert writer.text(value, depth) == _standard(value, depth)
    assert writer.text(value, depth) == _standard(value, depth)  # its shape remembered: the same again


def test_the_same_errors_and_the_writer_recovers():
    writer = IndentedJSON()
    for bad in (float("nan"), {"a": [float("inf")]}, {"a": object()}):
        with pytest.raises((ValueError, TypeError)):
            json.dumps(bad, allow_nan=False)
        with pytest.raises((ValueError, TypeError)):
            writer.text(bad)
    loop: list = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular"):
        writer.text({"a": loop})
    shared = [1, 2]
    assert writer.text({"a": shared, "b": shared}) == _standard({"a": shared, "b": shared})  # not a circle


def test_a_lazy_sequence_is_streamed_into_the_same_file(tmp_path):
    entries = [{"id": str(k), "m": {"x": k / 3, "w": ["a"] * k, "e": {}}} for k in range(300)]
    for obj, plain in (({"scores": {"a": 1.5}, "entries": Entries(entries), "n": []},
                        {"scores": {"a": 1.5}, "entries": entries, "n": []}),
                       (Entries(entries), entries), ({"entries": Entries([])}, {"entries": []})):
        write_json_atomic(tmp_path / "out.json", obj)
        assert (tmp_path / "out.json").read_text("utf-8") == json.dumps(plain, ensure_ascii=False, indent=2) + "\n"


def test_a_long_sequence_is_written_one_item_per_line(tmp_path, monkeypatch):
    """Past ``ONE_LINE_ITEMS_FROM`` items a run's entries (built when asked, or a list) are written one per
    line as json writes them unindented: the same value; the rest of the file, and shorter sequences, as
    before; NaN is refused there too, and nothing is written."""
    from scoring import files

    monkeypatch.setattr(files, "ONE_LINE_ITEMS_FROM", 4)
    entries = [{"id": str(k), "m": {"x": k / 3, "w": ["a", "é\u2028"] * k, "e": {}}} for k in range(6)]
    for long in (Entries(entries), entries):
        obj = {"scores": {"a": 1.5}, "entries": long, "short": [1, 2]}
        write_json_atomic(tmp_path / "out.json", obj)
        text = (tmp_path / "out.json").read_text("utf-8")
        assert json.loads(text) == {"scores": {"a": 1.5}, "entries": entries, "short": [1, 2]}
        lines = text.split("\n")
        assert [json.loads(line.strip().rstrip(",")) for line in lines[lines.index('  "entries": [') + 1:][:6]] == entries
        assert text.startswith('{\n  "scores": {\n    "a": 1.5\n  },\n  "entries": [\n    {"id": "0", ')
        assert text.endswith('  ],\n  "short": [\n    1,\n    2\n  ]\n}\n')
    write_json_atomic(tmp_path / "few.json", {"entries": Entries(entries[:4])})
    assert (tmp_path / "few.json").read_text("utf-8") == json.dumps({"entries": entries[:4]}, ensure_ascii=False,
                                                                     indent=2) + "\n"
    with pytest.raises(ValueError):
        write_json_atomic(tmp_path / "nan.json", {"entries": Entries([{"x": float("nan")}] * 5)})
    assert not (tmp_path / "nan.json").exists()


def test_a_long_sequence_is_the_same_text_encoded_in_blocks_by_forked_processes(tmp_path, monkeypatch):
    """The blocks of a long sequence, encoded by several processes at once, are written in order: the same
    bytes as one process writing them all; an item that cannot be encoded still fails the whole write."""
    from scoring import files

    monkeypatch.setattr(files, "ONE_LINE_ITEMS_FROM", 4)
    monkeypatch.setattr(files, "LINES_PER_BLOCK", 3)
    monkeypatch.setattr(files.os, "cpu_count", lambda: 3)
    entries = [{"id": str(k), "w": ["ᐊ", "\u2028"] * (k % 4), "x": k / 7} for k in range(17)]
    write_json_atomic(tmp_path / "forked.json", {"entries": Entries(entries), "n": 17})
    monkeypatch.setattr(files.os, "cpu_count", lambda: 1)
    write_json_atomic(tmp_path / "alone.json", {"entries": Entries(entries), "n": 17})
    monkeypatch.setattr(files, "SYNCED_EVERY", 1)  # (the file so far sent to the disk by a thread, chunk after chunk)
    threads = threading.active_count()
    write_json_atomic(tmp_path / "synced.json", {"entries": Entries(entries), "n": 17})
    assert threading.active_count() == threads  # (each thread's sync done before the last)
    forked = (tmp_path / "forked.json").read_text("utf-8")
    assert forked == (tmp_path / "alone.json").read_text("utf-8") == (tmp_path / "synced.json").read_text("utf-8")
    assert json.loads(forked) == {"entries": entries, "n": 17} and forked.count("\n") == 17 + 5
    monkeypatch.undo()
    monkeypatch.setattr(files, "ONE_LINE_ITEMS_FROM", 4)
    monkeypatch.setattr(files, "LINES_PER_BLOCK", 3)
    with pytest.raises(ValueError):
        write_json_atomic(tmp_path / "nan.json", {"entries": Entries([{"x": 1}] * 10 + [{"x": float("inf")}])})
    assert not (tmp_path / "nan.json").exists()


class WrittenEntries(Entries):
    """Entries that write their own JSON texts (as a scored run's entries do, from the run's columns)."""

    def json_texts(self, start, end):
        return [json.dumps(self.items[k], ensure_ascii=False) for k in range(start, end)]


def test_a_long_sequence_that_writes_its_items_is_written_with_its_texts(tmp_path, monkeypatch):
    """A long sequence that gives its items' JSON texts itself is written with them, a block at a time: the same
    file as its items written by json."""
    from scoring import files

    monkeypatch.setattr(files, "ONE_LINE_ITEMS_FROM", 4)
    monkeypatch.setattr(files, "LINES_PER_BLOCK", 3)
    entries = [{"id": str(k), "w": ["ᐊ"] * (k % 3), "x": k / 7} for k in range(11)]
    write_json_atomic(tmp_path / "texts.json", {"entries": WrittenEntries(entries)})
    write_json_atomic(tmp_path / "dicts.json", {"entries": Entries(entries)})
    assert (tmp_path / "texts.json").read_text("utf-8") == (tmp_path / "dicts.json").read_text("utf-8")
    monkeypatch.setattr(WrittenEntries, "json_texts", lambda self, a, b: ["0"] * (b - a))
    write_json_atomic(tmp_path / "marked.json", {"entries": WrittenEntries(entries)})
    assert json.loads((tmp_path / "marked.json").read_text("utf-8")) == {"entries": [0] * 11}
