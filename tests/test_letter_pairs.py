"""Letter pairs read off an analyser's tables: a word they rule out is one the analyser rejects."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from helpers import shared_file
from eval_standards import analysers, hfstol
from sizes import examples

hfst = pytest.importorskip("hfst", reason="builds its transducers with the hfst binding, not importable here")


def _write(fst, path, kind=hfst.ImplementationType.HFST_OL_TYPE) -> str:
    fst.convert(kind)
    out = hfst.HfstOutputStream(filename=str(path), type=kind)
    out.write(fst)
    out.flush()
    out.close()
    return str(path)


def _pairs(path) -> hfstol.LetterPairs | None:
    layout, data = hfstol.read(path)
    return hfstol.letter_pairs(data, layout)


def _pairs_through_hfst(path) -> hfstol.LetterPairs:
    """The same pairs computed independently by libhfst (tests/letter_pairs_by_hfst.py), in a process of its own."""
    done = subprocess.run([sys.executable, str(Path(__file__).with_name("letter_pairs_by_hfst.py")), str(path)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return hfstol.LetterPairs(**json.loads(done.stdout))


def _sorted(pairs: hfstol.LetterPairs) -> tuple:
    return (sorted(pairs.first), sorted(pairs.last), {a: sorted(b) for a, b in pairs.following.items()})


def test_a_small_transducer_by_hand(tmp_path):
    """Flags are crossed, outputs ignored: ab, ac, x·flag·y, and ca (written ZZ)."""
    path = _write(hfst.regex("{ab} | {ac} | [x %@P%.F%.v%@ y] | {ca}:{ZZ}"), tmp_path / "small.hfstol")
    pairs = _pairs(path)
    assert _sorted(pairs) == (list("acx"), list("abcy"), {"a": ["b", "c"], "c": ["a"], "x": ["y"]})
    assert pairs.possible(["ab", "ac", "xy", "ca", "cab", "", "b", "ax", "xyz", "a"]).tolist() == \
        [True, True, True, True, True, False, False, False, False, True]  # cab, a: possible, not words


@pytest.mark.parametrize("name", ["crk-descriptive-analyzer.hfstol", "crk-normative-generator.hfstol",
                                  "ciw-analyser-gt-norm.hfstol"])
def test_the_pairs_are_those_libhfst_reads_in_the_file(name):
    path = shared_file(f"fst/{name}")
    assert _sorted(_pairs(path)) == _sorted(_pairs_through_hfst(path))


def test_a_weighted_file_or_one_reading_any_symbol_has_none(tmp_path):
    assert _pairs(_write(hfst.regex("{ab}"), tmp_path / "weighted.hfstol", hfst.ImplementationType.HFST_OLW_TYPE)) is None
    path = _write(hfst.regex("a ?* b"), tmp_path / "any.hfstol")
    assert _pairs(path) is None
    assert hfstol.check(path).reads_any_symbol
    assert not hfstol.check(_write(hfst.regex("{ab}"), tmp_path / "plain.hfstol")).reads_any_symbol


def test_a_file_reading_any_symbol_is_looked_up_by_the_binding_alone(tmp_path, monkeypatch):
    """The fast library reads no character outside the alphabet through an identity symbol, the binding
    does: such a file's batches go through the binding, so a word's verdict is the same in any run."""
    monkeypatch.setenv("LYSS_CACHE_DIR", str(tmp_path / "cache"))
    path = _write(hfst.regex("a ?* b"), tmp_path / "xxx-analyser.hfstol")
    analyser = analysers.Analyser(analysers.AnalyserFile(tmp_path / "xxx-analyser.hfstol", "xxx", "analyser", "test"))
    assert not analyser.fast
    words = [f"a{k}b" for k in range(1500)] + ["aqb"]
    analyser.analyse_many(words)
    assert analyser.analyse("aqb") == ("aqb",) and analyser.analyse("a7b") == ("a7b",)
    assert path


@pytest.fixture(scope="module")
def crk():
    path = shared_file("fst/crk-descriptive-analyzer.hfstol")
    stream = hfst.HfstInputStream(str(path))
    binding = stream.read()
    stream.close()
    return _pairs(path), binding


WORDS = ["atim", "atimwak", "nipâw", "wâpamêw", "nikî-nipân", "kitayayamihâwâw", "ôhtâhkinanâskomitinik", "pîhtokwêw"]


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.one_of(st.sampled_from(WORDS), st.sampled_from(list("aâcêhiîkmnoôpstwyx-'qb.Ê")),
                          st.characters(blacklist_categories=("Cs",))), min_size=1, max_size=5).map("".join))
def test_a_word_the_pairs_rule_out_is_rejected_by_the_analyser(crk, word):  # (hfst takes no lone surrogate)
    pairs, binding = crk
    if not pairs.possible([word])[0]:
        assert "\x00" in word or not binding.lookup(word)  # a NUL ends the word inside the library


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.text(max_size=6) | st.sampled_from(WORDS + [""]), max_size=8))
def test_a_batch_says_what_each_word_alone_says(crk, words):
    pairs, _ = crk
    assert pairs.possible(words).tolist() == [bool(pairs.possible([w])[0]) for w in words]
    assert all(not p for w, p in zip(words, pairs.possible(words)) if not w)


def test_real_words_pass_and_most_one_letter_edits_do_not(crk):
    pairs, binding = crk
    words = [w for w in WORDS if binding.lookup(w)]
    assert pairs.possible(words).all()
    edits = [w[:i] + c + w[i + 1:] for w in words for i in range(len(w)) for c in "bqxê"]
    ruled_out = [e for e, p in zip(edits, pairs.possible(edits)) if not p]
    assert len(ruled_out) > len(edits) / 2 and not any(binding.lookup(e) for e in ruled_out)


@pytest.fixture(scope="module")
def ciw_bytes() -> bytes:
    return shared_file("fst/ciw-analyser-gt-norm.hfstol").read_bytes()

@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.booleans(), st.integers(0, 2**31), st.integers(0, 3)), min_size=1, max_size=30))
def test_tables_damaged_past_the_check_still_give_pairs_or_none(ciw_bytes, edits):
    """Entries rewritten with symbols and targets that the file check lets through (the test run is what
    refuses such a file): reading the pairs ends without an error."""
    data = bytearray(ciw_bytes)
    found = hfstol.layout(ciw_bytes)
    for in_index, is_input, k, kind in edits:
        entries = found.index_entries if in_index else found.transitions
        at = found.tables_at + (6 * (k % entries) if in_index else 6 * found.index_entries + 8 * (k % entries))
        if is_input:
            struct.pack_into("<H", data, at, [0, hfstol.NO_SYMBOL, k % found.symbols, 1][kind])
        else:
            target = [1, hfstol.NO_TABLE_INDEX, k % (found.index_entries - found.input_symbols - 1),
                      hfstol.TARGET_TABLE_START + k % (found.transitions - 1)][kind]
            struct.pack_into("<I", data, at + (2 if in_index else 4), target)
    try:
        damaged = hfstol.layout(bytes(data))
    except ValueError:
        return  # refused by the check
    pairs = hfstol.letter_pairs(bytes(data), damaged)
    assert pairs is None or pairs.possible(["a", "ab", ""]).dtype == bool
