"""Per-entry records kept by column (``scoring.rows``) and a scored run's entries built when asked for
(``scoring.engine.ScoredEntries``): each entry reads back exactly the dict it was, a damaged cache of
them is computed again, and the written file is the file the dicts themselves give."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from scoring import cache, engine, runcard
from scoring.conventions import infer_conventions
from scoring.entry_stats import cached_records
from scoring.rows import Rows, RowsBuilder, RowsJoiner, compact_numbers, side_by_side
from scoring.rubric import load_profile
from helpers import DEMO, report_paths, whole_matrix
from sizes import examples

LEAF = st.one_of(st.none(), st.booleans(), st.integers(-2**60, 2**60), st.integers(-70_000, 70_000),
                 st.floats(allow_nan=False), st.sampled_from([0.0, -0.0, 1.0, 255.0, -129.0, 2.0**40]),
                 st.text(max_size=5), st.lists(st.text(max_size=3), max_size=3))


def _records(schema: dict, draw, drop: bool = False, kinds: dict | None = None) -> dict:
    """A record with the schema's keys in its order, each leaf any kind of value (None for a sub-dict too); with
    ``drop`` some keys left out; with ``kinds`` each key's leaves mostly of its one kind (whole columns of ints,
    floats, None, empty lists)."""
    out = {}
    for key, sub in schema.items():
        if drop and draw(st.integers(0, 5)) == 0:
            continue
        if isinstance(sub, dict):
            out[key] = None if draw(st.integers(0, 5 if kinds else 1)) == 0 else _records(sub, draw, drop, kinds)
        else:
            kind = (kinds or {}).get(key)
            out[key] = draw(kind if kind is not None and draw(st.integers(0, 5)) else LEAF)
    return out


ONE_KIND = st.sampled_from([st.integers(-5, 5), st.integers(-40_000, 40_000), st.floats(-1e6, 1e6),
                            st.sampled_from([0.0, -0.0, 3.0, -200.0]), st.none(), st.just([]), st.text(max_size=2)])


SCHEMA = st.recursive(st.just(None), lambda inner: st.dictionaries(st.sampled_from("abcdef"), inner, max_size=4),
                      max_leaves=12).filter(lambda s: isinstance(s, dict))


@settings(max_examples=examples(150), deadline=None)
@given(SCHEMA, st.integers(1, 6), st.data())
def test_every_record_reads_back_as_it_was(schema, n, data):
    originals = [_records(schema, data.draw) for _ in range(n)]
    builder = RowsBuilder(n)
    for i, record in enumerate(originals):
        builder.set(i, record)
    for rows in (builder.rows(), Rows.from_plain(json.loads(json.dumps(_plain_json(builder.rows().plain()))))):
        for i, record in enumerate(originals):
            # same keys in the same order, same types (1 stays int, 1.0 float, True bool)
            assert json.dumps(rows[i]) == json.dumps(record) and rows[i] == record
            assert [type(v) for v in rows[i].values()] == [type(v) for v in record.values()]


def _json_or_refused(value):
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    except ValueError:
        return ValueError


@settings(max_examples=examples(300), deadline=None)
@given(SCHEMA, st.integers(1, 7), st.integers(0, 6), st.data())
def test_records_written_a_field_at_a_time_are_what_json_writes_of_them(schema, n, cut, data):
    """A block of records written from the columns a field at a time is json's text of each record (a field left
    out where it holds nothing, when asked), whatever the fields hold, whichever entries lack some; a NaN or an
    infinity refused as json refuses it."""
    kinds = {key: data.draw(ONE_KIND) for key in "abcdef"} if data.draw(st.booleans()) else None
    originals = [_records(schema, data.draw, drop=True, kinds=kinds) for _ in range(n)]
    builder = RowsBuilder(n)
    for i, record in enumerate(originals):
        builder.set(i, record)
    rows = builder.rows()
    start = min(cut, n - 1)
    for unless_empty in ("", "a"):
        wanted = [_json_or_refused({k: v for k, v in rows[i].items() if k != unless_empty or v}) for i in range(start, n)]
        try:
            found = rows.texts("", start, n, unless_empty=unless_empty)
        except ValueError:
            assert ValueError in wanted
        else:
            assert found == wanted


def _plain_json(value):
    """The cache's JSON side (arrays as lists), to show the structure survives a round trip on disk."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, dict):
        return {k: _plain_json(v) for k, v in value.items()}
    return value


def test_parts_joined_are_the_whole():
    records = [{"x": i, "cs": {"leaked_words": ["w"] * (i % 2), "rate": i / 3}, "raw": None if i % 3 else {"v": 1},
                "late": None if i < 3 else i}  # a number only in the second part
               for i in range(7)]
    whole, first, second = RowsBuilder(7), RowsBuilder(3), RowsBuilder(4)
    for i, r in enumerate(records):
        whole.set(i, r)
        (first.set(i, r) if i < 3 else second.set(i - 3, r))
    joiner = RowsJoiner(7)
    for part in (first.rows(), second.rows()):
        joiner.add(part)
    joined = joiner.rows()
    assert list(joined) == list(whole.rows()) == records
    assert joined.numbers("cs/rate").tolist() == [i / 3 for i in range(7)]
    assert joined.held("raw").tolist() == [i % 3 == 0 for i in range(7)]
    assert "late" not in first.rows().numbers_by_path and joined.numbers("late").tolist() == [0, 0, 0, 3, 4, 5, 6]
    assert "cs/leaked_words" not in first.rows().objects or set(first.rows().objects["cs/leaked_words"]) == {1}


def _same_rows(got: Rows, want: Rows) -> None:
    """The same columns: fields in the same order, codes, numbers (type and bits) and objects."""
    assert got.n == want.n and got.children == want.children
    assert list(got.codes) == list(want.codes) or sorted(got.codes) == sorted(want.codes)
    for f, codes in want.codes.items():
        assert got.codes[f].dtype == codes.dtype and got.codes[f].tolist() == codes.tolist(), f
    assert sorted(got.numbers_by_path) == sorted(want.numbers_by_path)
    for f, numbers in want.numbers_by_path.items():
        have = got.numbers_by_path[f]
        assert have.dtype == numbers.dtype and have.tobytes() == numbers.tobytes(), f
    assert got.objects == want.objects


def _built(records: list[dict]) -> Rows:
    builder = RowsBuilder(len(records))
    for i, record in enumerate(records):
        builder.set(i, record)
    return builder.rows()


@settings(max_examples=examples(300), deadline=None)
@given(SCHEMA, st.integers(0, 7), st.integers(1, 4), st.booleans(), st.data())
def test_records_made_by_parts_side_by_side_are_the_whole(schema, n, parts, drop, data):
    """Each metric's part of every record built on its own and put side by side: the records the joined dicts give,
    a field at the first entry holding it after the fields of earlier parts first held there (keys left out of
    some entries, so that a later part's field comes first in an entry before an earlier part's)."""
    kinds = {k: data.draw(ONE_KIND) for k in "abcdef"}
    records = [_records(schema, data.draw, drop, kinds) for _ in range(n)]
    owner = {key: data.draw(st.integers(0, parts - 1)) for key in schema}
    split = [[{k: v for k, v in r.items() if owner[k] == p} for r in records] for p in range(parts)]
    joined = [{k: v for part in split for k, v in part[i].items()} for i in range(n)]  # (each entry: its parts in turn)
    _same_rows(side_by_side([_built(part) for part in split]), _built(joined))
    with pytest.raises(ValueError, match="same field"):
        side_by_side([_built([{"a": 1}]), _built([{"a": 2}])])


@settings(max_examples=examples(300), deadline=None)
@given(SCHEMA, st.integers(0, 7), st.data())
def test_records_set_a_column_at_a_time_are_those_set_an_entry_at_a_time(schema, n, data):
    """Columns of one kind (whole numbers, floats, None, lists: set at once) and of any mixture (dicts too: value by
    value) give what each entry's dict gives."""
    kinds = {k: data.draw(ONE_KIND | st.just(LEAF)) for k in "abcdef"}
    records = [_records(schema, data.draw, False, kinds) for _ in range(n)]

    def columns(path_records: list[dict], sub: dict) -> dict:
        out = {}
        for key, inner in sub.items():
            values = [r[key] for r in path_records]
            if isinstance(inner, dict) and all(type(v) is dict for v in values) and data.draw(st.booleans()):
                out[key] = columns(values, inner)  # a dict in every entry, given as its columns
            else:
                out[key] = values
        return out

    builder = RowsBuilder(n)
    builder.set_columns(columns(records, schema))
    _same_rows(builder.rows(), _built(records))


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.one_of(st.integers(-2**40, 2**40).map(float), st.integers(-300, 300).map(float),
                          st.floats(allow_nan=True, allow_infinity=True), st.just(-0.0)), min_size=1, max_size=30))
def test_numbers_kept_narrow_are_the_same_floats(values):
    """A field's numbers kept in a narrow integer type are the floats they were, bit for bit (a negative zero, a
    fraction, a NaN or a number too large keep the column as it is)."""
    column = np.array(values, dtype=np.float64)
    kept = compact_numbers(column)
    assert kept.astype(np.float64).tobytes() == column.tobytes()
    if kept.dtype != np.float64:
        assert kept.dtype in (np.int8, np.int16, np.int32) and kept.itemsize <= 4


def test_parts_kept_in_other_types_join_as_the_whole():
    records = [{"count": i, "big": 1000 * i if i > 4 else i, "rate": 0.5 * i if i > 5 else float(i)} for i in range(8)]
    whole, first, second = RowsBuilder(8), RowsBuilder(5), RowsBuilder(3)
    for i, r in enumerate(records):
        whole.set(i, r)
        (first.set(i, r) if i < 5 else second.set(i - 5, r))
    assert first.rows().numbers_by_path["big"].dtype == np.int8 and first.rows().numbers_by_path["rate"].dtype == np.int8
    joiner = RowsJoiner(8)
    for part in (first.rows(), second.rows()):
        joiner.add(part)
    joined = joiner.rows()
    assert list(joined) == list(whole.rows()) == records
    assert [type(v) for r in joined for v in r.values()] == [type(v) for r in records for v in r.values()]
    assert joined.numbers_by_path["count"].dtype == np.int8 and joined.numbers_by_path["big"].dtype == np.int16
    assert joined.numbers_by_path["rate"].dtype == np.float64
    assert joined.texts("", 0, 8) == [json.dumps(r) for r in records]


def test_a_number_without_its_column_is_a_damaged_cache():
    builder = RowsBuilder(2)
    builder.set(0, {"x": 1})
    builder.set(1, {"x": None})
    plain = builder.rows().plain()
    del plain["numbers"]["x"]
    try:
        Rows.from_plain(plain)
    except ValueError as exc:
        assert "disagree" in str(exc)
    else:
        raise AssertionError("accepted records whose numbers are gone")


def test_a_damaged_cache_of_records_is_computed_again(tmp_path, monkeypatch):
    monkeypatch.setenv("LYSS_CACHE_DIR", str(tmp_path))
    card = runcard.load("examples/demo-crk.runcard.json")
    conv = infer_conventions([e.reference for e in card.entries], card.target_language)
    cache.clear_memory()
    fresh, hit = cached_records(card.entries, conv)
    assert not hit
    [structure] = list((tmp_path / "entries").glob("*.json"))
    data = json.loads(structure.read_text("utf-8"))
    data["rows"]["n"] = 3  # a planted or damaged file: lengths that disagree
    structure.write_text(json.dumps(data), "utf-8")
    cache.clear_memory()
    again, hit = cached_records(card.entries, conv)
    assert not hit and list(again["rows"]) == list(fresh["rows"])


def test_the_written_file_is_the_one_the_dicts_give(tmp_path):
    card = runcard.load("examples/demo-crk.runcard.json")
    scored = engine.score_run(card, load_profile("B"), use_cache=False)
    entries = scored["entries"]
    assert isinstance(entries, engine.ScoredEntries) and len(entries) == len(card.entries)
    as_list = [dict(e) for e in entries]
    assert entries == as_list and entries[-1] == as_list[-1] and entries[1:3] == as_list[1:3]
    runcard.write_json_atomic(tmp_path / "lazy.json", scored)
    runcard.write_json_atomic(tmp_path / "list.json", {**scored, "entries": as_list})
    expected = json.dumps({**scored, "entries": as_list}, ensure_ascii=False, indent=2) + "\n"
    assert (tmp_path / "lazy.json").read_text("utf-8") == (tmp_path / "list.json").read_text("utf-8") == expected
    # each entry's score is the sum of its weighted parts, and the breakdowns by difficulty average them
    for e in as_list:
        assert e["score"] == (sum(e["weighted"].values()) if e["weighted"] else None)


def test_a_scored_card_in_memory_serialises_as_its_list(tmp_path):
    """What the review stores and ``--json`` prints see of the entries: the list they stand for."""
    from review.store import dumps
    from scoring.files import json_text
    card = runcard.load("examples/demo-crk.runcard.json")
    scored = engine.score_run(card, load_profile("B"), use_cache=False)
    as_list = {**scored, "entries": list(scored["entries"])}
    assert dumps(scored) == dumps(as_list)
    assert json_text(scored) == json_text(as_list)


def test_workers_start_once_each_dealt_every_other_item_and_a_failed_item_is_done_here(monkeypatch):
    """Two workers for seven items: worker one does items 0, 2, 4, 6 and worker two 1, 3, 5, in order; an item
    that raises in its worker is done here and its worker goes on; a caller that stops early leaves no worker."""
    import multiprocessing
    import os

    from scoring import parallel
    from scoring.parallel import process_each

    monkeypatch.setenv(parallel.START_METHOD_VARIABLE, "fork")  # (closures travel by fork: Linux, where CI runs)

    parent = os.getpid()

    def where(k: int) -> tuple[int, int]:
        if k == 2 and os.getpid() != parent:
            raise ValueError("done again in the parent")
        return os.getpid(), k

    found = list(process_each(where, range(7), 2))
    assert [k for _, k in found] == list(range(7))
    by_item = dict((k, pid) for pid, k in found)
    assert by_item[2] == parent
    first, second = by_item[0], by_item[1]
    assert parent not in (first, second) and first != second
    assert [by_item[k] for k in (0, 4, 6)] == [first] * 3 and [by_item[k] for k in (1, 3, 5)] == [second] * 3
    before = set(multiprocessing.active_children())  # (another test's daemon may still be ending)
    stopped = process_each(lambda k: bytes(1 << 20), range(50), 2)  # (a worker waits to hand over a large result)
    assert len(next(stopped)) == 1 << 20
    assert len(set(multiprocessing.active_children()) - before) == 2
    stopped.close()
    assert not set(multiprocessing.active_children()) - before


def test_a_worker_makes_its_next_result_while_the_last_waits_to_be_read(monkeypatch):
    """A caller busy elsewhere (this process's own work beside the workers') does not stop a worker: its next item is
    begun while its last result, too large for the pipe to hold, waits to be read; the results come in order."""
    import time

    from scoring import parallel
    from scoring.parallel import process_each

    monkeypatch.setenv(parallel.START_METHOD_VARIABLE, "fork")
    results = process_each(lambda k: (k, time.monotonic(), bytes(1 << 22)), range(3), 1)
    found = [next(results)]  # (the worker started)
    time.sleep(0.5)  # (the caller elsewhere)
    read_at = time.monotonic()
    found += list(results)
    assert [k for k, _, _ in found] == [0, 1, 2]
    assert found[2][1] < read_at  # (item 2 begun before item 1's result was read)


def test_a_worker_runs_without_the_cycle_collector_and_this_process_keeps_it(monkeypatch):
    """What a worker leaves in cycles is returned when it ends: its collector is off; this process's stays on."""
    import gc

    from scoring import parallel
    from scoring.parallel import process_each

    monkeypatch.setenv(parallel.START_METHOD_VARIABLE, "fork")
    assert list(process_each(lambda k: gc.isenabled(), range(4), 2)) == [False] * 4
    assert gc.isenabled()


def test_worker_parts_arrive_in_order_and_the_wait_is_used_once():
    """process_each hands back each item's result in order (a worker that dies is redone here) and runs
    ``meanwhile`` once, here, while the first workers run; the records of a run split over workers
    equal the records computed in one process."""
    import os

    from scoring.entry_stats import compute_records
    from scoring.parallel import process_each

    waited = []

    def square(k: int) -> int:
        if k == 3 and os.getpid() != parent:
            os._exit(9)  # a crash in a worker: done again here
        return k * k

    parent = os.getpid()
    assert list(process_each(square, range(6), 2, meanwhile=lambda: waited.append(os.getpid()))) == \
        [0, 1, 4, 9, 16, 25]
    assert waited == [parent]
    card = runcard.load("examples/demo-crk.runcard.json")
    entries = card.entries * 100  # past PARALLEL_THRESHOLD
    conv = infer_conventions([e.reference for e in entries], card.target_language)
    one = compute_records(entries, conv, workers=1)
    split = compute_records(entries, conv, workers=3)
    assert list(split["rows"]) == list(one["rows"])
    for k in ("chrf", "bleu", "ter"):
        assert type(split[k]) is type(one[k])
        assert np.array_equal(whole_matrix(split[k]), whole_matrix(one[k]))


def test_each_entry_s_breakdown_is_its_row_read_in_any_order(monkeypatch):
    """Entries' breakdowns are read a block of rows at a time: read in order, backwards, or jumping between
    blocks, an entry's breakdown is its own row's metrics — those it has, weighted in the profile's order."""
    import random as rnd

    import dataclasses
    card = runcard.load("examples/demo-crk.runcard.json")
    blank = card.entries[0].replace(predicted="")  # no words: no code-switching rate
    entries = [e.replace(id=f"{k}-{e.id}") for k in range(10) for e in [*card.entries, blank]]
    monkeypatch.setattr(engine.EntryBreakdowns, "BLOCK", 64)  # blocks of 64 entries: seven of them
    card = dataclasses.replace(card, entries=entries)
    scored = engine.score(card, load_profile("B"), use_cache=False, n_bootstrap=10)
    n = len(entries)
    assert n > 2 * engine.EntryBreakdowns.BLOCK
    present = scored.composite_metrics
    ids = [d.id for d in load_profile("B").dimensions if d.id in present]
    breakdowns = engine.entry_breakdowns(scored.table, load_profile("B"), set(present))
    in_order = [breakdowns[i] for i in range(n)]
    jumping = engine.entry_breakdowns(scored.table, load_profile("B"), set(present))
    order = list(range(n))
    rnd.Random(5).shuffle(order)
    assert all(jumping[i] == in_order[i] for i in order) and jumping[-1] == in_order[-1]
    some_missing = [b for b in in_order if len(b["breakdown"]) < len(ids)]
    assert some_missing and len(some_missing) < n
    for b in in_order:
        assert list(b["breakdown"]) == [k for k in ids if k in b["breakdown"]] == list(b["weighted"])
        assert b["score"] == (sum(b["weighted"].values()) if b["weighted"] else None)


def _whole_array_breakdowns(table, profile, present):
    """The breakdowns as they were computed for every entry at once (what blocks of them must give, bit for bit)."""
    dims = [d for d in profile.dimensions if d.id in present]
    matrix = np.column_stack([d.normalised(table.entry_values(d.id)) for d in dims])
    weights = np.array([d.weight for d in dims])
    ok = np.isfinite(matrix)
    total = ok @ weights
    with np.errstate(invalid="ignore", divide="ignore"):
        shares = np.where(ok, weights / np.where(total > 0, total, 1)[:, None] * np.where(ok, matrix, 0), np.nan)
    summed = np.zeros(table.n)
    for j in range(len(dims)):
        summed = summed + np.where(ok[:, j], shares[:, j], 0.0)
    return np.where(ok.any(1), summed, np.nan), matrix, shares


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 9), st.integers(1, 70), st.data())
def test_breakdowns_computed_a_block_at_a_time_are_the_whole_arrays(monkeypatch_block, at_once, data):
    """Each entry's score, values and weighted parts, computed for a block of entries at a time (any size of block,
    read in any order), are the floats the whole arrays give."""
    import dataclasses
    card = runcard.load("examples/demo-crk.runcard.json")
    blank = card.entries[0].replace(predicted="")
    entries = [e.replace(id=f"{k}-{e.id}") for k in range(3) for e in [*card.entries, blank]]
    card = dataclasses.replace(card, entries=entries)
    profile = load_profile("B")
    scored = engine.score(card, profile, use_cache=False, n_bootstrap=10)
    present = set(scored.composite_metrics)
    scores, matrix, shares = _whole_array_breakdowns(scored.table, profile, present)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine.EntryBreakdowns, "SCORED_AT_ONCE", at_once)
        patch.setattr(engine.EntryBreakdowns, "BLOCK", monkeypatch_block)
        breakdowns = engine.entry_breakdowns(scored.table, profile, present)
        assert breakdowns.scores.tobytes() == scores.tobytes()
        order = data.draw(st.permutations(range(len(entries))))
        ids = [d.id for d in profile.dimensions if d.id in present]
        for i in order:
            got, held = breakdowns[i], np.isfinite(matrix[i])
            assert got["breakdown"] == {k: float(matrix[i, j]) for j, k in enumerate(ids) if held[j]}
            assert got["weighted"] == {k: float(shares[i, j]) for j, k in enumerate(ids) if held[j]}
        start = data.draw(st.integers(0, len(entries) - 1))
        end = data.draw(st.integers(start + 1, len(entries)))
        assert breakdowns.texts(start, end) == [json.dumps(breakdowns[i])[1:-1] for i in range(start, end)]


def _texts_and_dicts(scored_entries) -> tuple[list[str], list[str]]:
    return (scored_entries.json_texts(0, len(scored_entries)),
            [json.dumps(e, ensure_ascii=False, allow_nan=False) for e in scored_entries])


@pytest.mark.parametrize("path", [DEMO, *report_paths()], ids=lambda p: p.name)
def test_each_entry_s_text_is_what_json_writes_of_its_dict(path):
    """A large run's entries are written from the columns, not from a dict each: on the demo and the shared
    reports (with the Plains Cree standards' per-entry results), each entry's text is json's of its dict."""
    from eval_standards.setup import prepare
    from scoring import runs
    card = runcard.load(str(path))
    texts, dicts = _texts_and_dicts(runs.score(card, prepare(card), use_cache=False, n_bootstrap=10)["entries"])
    assert texts == dicts


WORDS = st.sampled_from(["tânisi", "Tânisi", "{name}", "«nipân»", "'quoted'", "dog", "the", "the", "cat.", "ᑖᓂᓯ",
                         "Ottawa", "“x”", "", "é\u2028", "42"])
TEXTS = st.lists(WORDS, max_size=6).map(" ".join)


def _card_of(entries: list[dict], language: str | None, glossary: bool) -> runcard.RunCard:
    """A run card of these entries (ids given), read from its file as ``lyss score`` reads one."""
    import tempfile
    from pathlib import Path
    card = {"target_language": language, "entries": [{"id": f"e{k}", **e} for k, e in enumerate(entries)]}
    if glossary:
        card["glossary"] = {"dog": ["atim"], "the": ["ana"]}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "card.json"
        path.write_text(json.dumps(card), "utf-8")
        return runcard.load(str(path))


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.fixed_dictionaries({"source": TEXTS, "reference": TEXTS, "predicted": TEXTS}, optional={
    "raw_predicted": TEXTS, "variants": st.lists(TEXTS, max_size=2), "difficulty": st.sampled_from(["1", "2", "hard"]),
    "latency_s": st.floats(0, 9), "domain": st.sampled_from(["news", ""]), "note": TEXTS,
    "prompt_tokens": st.integers(0, 9), "error": st.sampled_from(["timeout", ""])}), min_size=1, max_size=8),
    st.sampled_from(["crk", None]), st.booleans())
def test_any_entry_s_text_is_what_json_writes_of_its_dict(entries, language, glossary):
    """Entries of every kind (placeholders, quotes, cased and syllabic words, echoes, raw outputs, variants,
    fields beyond the texts, none at all) are written from the columns as json writes their dicts."""
    loaded = _card_of(entries, language, glossary)
    texts, dicts = _texts_and_dicts(engine.score(loaded, load_profile("B"), use_cache=False, n_bootstrap=10).card["entries"])
    assert texts == dicts


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.fixed_dictionaries({"source": TEXTS, "reference": TEXTS, "predicted": TEXTS}, optional={
    "raw_predicted": TEXTS, "variants": st.lists(TEXTS, max_size=2)}), min_size=1, max_size=9),
    st.sampled_from(["crk", "jpn", None]), st.booleans(), st.booleans())
def test_each_metric_s_records_made_at_once_are_its_record_of_each_entry(entries, language, glossary, hook):
    """Every recorded metric's columns made for many entries at once (:meth:`Metric.records`) are those of its
    record of each entry (placeholders, quotes, cased and syllabic words, echoes, raw outputs, variants, a
    glossary, a language pack's leaked words, no entry at all)."""
    from scoring import metrics
    loaded = _card_of(entries, language, glossary)
    conv = infer_conventions([e.reference for e in loaded.entries], loaded.target_language)
    context = metrics.EntryContext(conv, loaded.glossary, (lambda w: w in {"dog", "cat."}) if hook else None)
    for metric in metrics.recorded():
        _same_rows(metric.records(loaded.entries, context), _built([metric.record(e, context) for e in loaded.entries]))
        _same_rows(metric.records([], context), _built([]))


@pytest.mark.parametrize("column", [[0.0, -0.0], [-0.0, 0.0], [-0.0, -0.0], [2.5, 2.5, 2.5], [7, 7], [0, 0, 1],
                                    [None, None], [[], []], [0.1 + 0.2, 0.3]])
def test_a_field_of_one_value_is_written_once_as_json_writes_each(column):
    """A field that holds the same in every entry is written once for them all: the same bit for bit (a negative
    zero is not a zero), else entry by entry."""
    records = [{"check": {"a": value, "b": 0, "c": None}} for value in column]
    assert _built(records).texts("check", 0, len(records)) == [json.dumps(r["check"]) for r in records]


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.sampled_from([0.0, -0.0, 1.0, 0.2, 0.1 + 0.2, 1e-300, 5e-324, 1.5e300, -2.5]), min_size=1, max_size=600)
       | st.lists(st.sampled_from([0.0, -0.0, 0.5]), min_size=300, max_size=400)
       | st.lists(st.floats(allow_nan=False, allow_infinity=False), max_size=600), st.booleans())
def test_numbers_are_written_as_json_writes_them_however_few_their_values(values, strided):
    """A column of few values is written by value (each value's text once): each number's text is still its own,
    a negative zero's too; a NaN or an infinity is refused as json refuses it."""
    from scoring.rows import number_texts
    array = np.array(values, dtype=np.float64)
    if strided:
        array = np.repeat(array, 2)[::2]  # a column of a matrix: not contiguous
    assert number_texts(array) == [json.dumps(v) for v in values]
    with pytest.raises(ValueError):
        number_texts(np.array([*values, float("nan")]))


JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()


@settings(max_examples=examples(300), deadline=None)
@given(st.recursive(JSON_SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=3),
                    max_leaves=12)
       | st.lists(st.text(alphabet=st.characters(codec=None) | st.sampled_from(['"', "\\", "\ud800", "\n"])), max_size=5))
def test_a_value_is_written_as_json_writes_it(value):
    from scoring.rows import json_value
    assert json_value(value) == json.dumps(value, ensure_ascii=False, allow_nan=False)
