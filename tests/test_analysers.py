"""The real Plains Cree analyser from ../shared/fst: lookups, weighted copies, discovery, installing."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings, strategies as st

from helpers import DEMO, score_with_cli, shared_file
from weighted_copy import weighted_copy
from desktop.cli import main
from eval_standards import analysers
from eval_standards.cards import load_card
from eval_standards.table_reader import TableBatch
from eval_standards.tools import LanguageTools, lemma_of, tags_of
from scoring.errors import InputError
from sizes import examples


@pytest.fixture(scope="module")
def crk_file():
    path = shared_file("fst/crk-descriptive-analyzer.hfstol")
    return analysers.AnalyserFile(path, "crk", "analyser", "shared")


@pytest.fixture(scope="module")
def analyser(crk_file):
    return analysers.load(crk_file)


@pytest.mark.parametrize("word,analysis", [
    ("atimwak", "atim+N+A+Pl"),
    ("nikî-nipân", "nipâw+V+AI+Ind+Prt+1Sg"),
    ("wâpamêw", "wâpamêw+V+TA+Ind+Prs+3Sg+4Sg/PlO"),
])
def test_real_analyses(analyser, word, analysis):
    assert analysis in analyser.analyse(word)
    assert all("@" not in a for a in analyser.analyse(word))  # flag diacritics stripped


def test_rejected_word(analyser):
    assert analyser.analyse("hello") == ()


def test_sha256_matches_sources_md(crk_file):
    assert crk_file.sha256() == "3c491290eaa23afe283f16310d1df90372cf8a69bae9eb2da50a7b8bfd33f560"


def _weighted_copy(crk_file, folder) -> "analysers.Analyser":
    """The analyser as a weighted optimized-lookup file (HFST_OLW, weights on its transitions), loaded."""
    path = weighted_copy(crk_file.path, folder / "crk-weighted-analyzer.hfstol")
    return analysers.Analyser(analysers.AnalyserFile(path, "crk", "analyser", "test"))


def needs(module: str, why: str) -> None:
    """Skip, naming the compiled library this test is about, where it does not import."""
    pytest.importorskip(module, reason=f"{why}: {module} is not importable here")


def test_weighted_copy_loads(tmp_path, crk_file):
    weighted = _weighted_copy(crk_file, tmp_path)
    assert weighted.weighted
    assert "nipâw+V+AI+Ind+Prt+1Sg" in weighted.analyse("nikî-nipân")
    assert weighted.analyse("atimwak")[0] == "atim+N+A+Pl"
    assert weighted.analyse("atim") == ("atim+N+A+Sg", "atimêw+V+TA+Imp+Imm+2Sg+3SgO")  # weights 5.75, 7.75


def test_persistent_cache_keyed_by_sha256(tmp_path, monkeypatch, crk_file):
    monkeypatch.setenv("LYSS_CACHE_DIR", str(tmp_path))
    a = analysers.Analyser(crk_file)
    a.analyse("atimwak")
    a.save_cache()
    cache = tmp_path / "fst" / f"{crk_file.sha256()}-{analysers.ANALYSIS_ORDER}.json"
    assert json.loads(cache.read_text("utf-8"))["atimwak"] == ["atim+N+A+Pl"]
    b = analysers.Analyser(crk_file)
    assert b.analyse("atimwak") == ("atim+N+A+Pl",) and b.lookups == 0  # served from the disk cache


def test_discovery_order(tmp_path, monkeypatch, crk_file):
    first, second, data = tmp_path / "first", tmp_path / "second", tmp_path / "data"
    for folder in (first, second, data / "analysers"):
        folder.mkdir(parents=True)
        (folder / "crk-x-analyzer.hfstol").write_bytes(crk_file.path.read_bytes())
    monkeypatch.setenv("LYSS_ANALYZERS", str(second))
    monkeypatch.setenv("LYSS_DATA_DIR", str(data))
    assert analysers.find("crk", analyzer_dir=str(first)).origin == "--analyzer-dir"
    assert analysers.find("crk").origin == "LYSS_ANALYZERS"
    monkeypatch.delenv("LYSS_ANALYZERS")
    assert analysers.find("crk").origin == "user data"
    (data / "analysers" / "crk-x-analyzer.hfstol").unlink()
    assert analysers.find("crk").origin == "shared"
    assert analysers.find("crk", "generator").name == "crk-normative-generator.hfstol"


def test_add_list_remove(tmp_path, monkeypatch, capsys, crk_file):
    monkeypatch.setenv("LYSS_DATA_DIR", str(tmp_path))
    assert main(["analyzers", "add", str(crk_file.path), "--lang", "crk"]) == 2  # licence not accepted
    assert not (tmp_path / "analysers").exists()
    assert main(["analyzers", "add", str(crk_file.path), "--lang", "crk", "--accept-licence"]) == 0
    record = json.loads((tmp_path / "analysers" / "crk-descriptive-analyzer.hfstol.json").read_text())
    assert record["sha256"] == crk_file.sha256() and record["licence"] == "AGPL-3.0"
    capsys.readouterr()
    assert main(["analyzers", "list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["origin"] == "user data"
    added = analysers.load(analysers.find("crk"))  # an added analyser is read by the same fast loader
    fast = "hfst-optimized-lookup" if analysers.fast_lookup_library() else TableBatch.name
    assert added.file.origin == "user data" and added.describe()["batch_lookup"] == fast
    added.analyse_many([f"atim{k}" for k in range(1500)] + ["atimwak"])
    assert added._memory["atimwak"] == ("atim+N+A+Pl",)
    assert main(["analyzers", "remove", "crk-descriptive-analyzer.hfstol"]) == 0
    assert not (tmp_path / "analysers" / "crk-descriptive-analyzer.hfstol").exists()
    bad = tmp_path / "bad.hfstol"
    bad.write_bytes(b"not a transducer")
    assert main(["analyzers", "add", str(bad), "--lang", "crk", "--accept-licence"]) == 2


def test_lemma_and_tags():
    assert lemma_of("PV/ati+nipâw+V+AI+Ind+Prs+3Sg") == "nipâw"
    assert tags_of("PV/ati+nipâw+V+AI+Ind+Prs+3Sg") == "+V+AI+Ind+Prs+3Sg"


def test_without_an_analyser_fst_is_null_with_a_reason_and_profile_b(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LYSS_SHARED", str(tmp_path / "no-shared"))
    monkeypatch.setenv("LYSS_DATA_DIR", str(tmp_path / "no-data"))
    monkeypatch.delenv("LYSS_ANALYZERS", raising=False)
    tools = LanguageTools(load_card("crk"))
    assert tools.analyser is None and "lyss analyzers add" in tools.analyser_reason
    scored, printed = score_with_cli(capsys, DEMO, tmp_path / "scored.json", "--lang", "crk", "--bootstrap", "20")
    s = scored["scores"]
    assert scored["lyss"]["profile"]["name"] == "B" and "profile B, not A: no crk analyser found" in printed
    assert s["fst_acceptance_rate"] is None and "lyss analyzers add" in s["unavailable_reasons"]["fst_acceptance_rate"]
    assert s["semantic_score"] is None and s["morphological_accuracy"] is None
    # the linter and orthography need no analyser; synonym detection is reported unavailable
    assert s["equivalent_match_rate"] is not None and s["orthographic_accuracy"] is not None
    linter = next(p for p in scored["lyss"]["plugins"] if p["name"] == "crk-linter")
    assert linter["synonym_detection"] is False


def test_a_damaged_analyser_is_refused_in_one_line_never_by_aborting(tmp_path, monkeypatch, capsys, crk_file):
    import subprocess
    import sys

    folder = tmp_path / "first"
    folder.mkdir()
    truncated = folder / "crk-truncated-analyzer.hfstol"
    truncated.write_bytes(crk_file.path.read_bytes()[:100_000])
    flipped = bytearray(crk_file.path.read_bytes())
    flipped[len(flipped) // 2: len(flipped) // 2 + 64] = b"\x7f" * 64
    (folder / "crk-flipped-analyzer.hfstol").write_bytes(bytes(flipped))
    # loading it directly: one line, the process lives (HFST itself aborts on this file)
    code = ("import sys; from pathlib import Path; from eval_standards import analysers; from scoring.errors import "
            "InputError\ntry:\n    analysers.Analyser(analysers.AnalyserFile(Path(sys.argv[1]), 'crk', 'analyser', 'x'))"
            "\nexcept InputError as e:\n    print(e.line())")
    for path in folder.glob("*.hfstol"):
        run = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True)
        assert run.returncode == 0 and "not a usable analyser" in run.stdout, run.stderr[-300:]
    assert "truncated" in analysers.AnalyserFile(truncated, "crk", "analyser", "x").problem()
    # a file the user points at with --analyzer-dir is refused, never passed over for another; the list says why
    with pytest.raises(InputError, match="never skipped"):
        analysers.find("crk", analyzer_dir=str(folder))
    assert main(["analyzers", "list", "--analyzer-dir", str(folder)]) == 0
    assert capsys.readouterr().out.count("UNUSABLE") == 2
    # installing one is refused, nothing copied
    monkeypatch.setenv("LYSS_DATA_DIR", str(tmp_path / "data"))
    assert main(["analyzers", "add", str(truncated), "--lang", "crk", "--accept-licence"]) == 2
    assert "truncated" in capsys.readouterr().err
    assert not (tmp_path / "data" / "analysers").exists()


def test_paths_never_leave_their_folders(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LYSS_DATA_DIR", str(tmp_path / "data"))
    victim = tmp_path / "victim.hfstol"
    victim.write_text("keep me")
    (tmp_path / "data" / "analysers").mkdir(parents=True)
    for name in ("../../victim.hfstol", str(victim), "../victim.hfstol"):
        assert main(["analyzers", "remove", name]) == 2
    assert victim.exists()
    for lang in ("../../x", "/etc/passwd", "crk/../../x", "c r k"):
        assert main(["score", str(DEMO), "--lang", lang]) == 2
        assert "not a language code" in capsys.readouterr().err


def _many_tokens() -> list[str]:
    """Every word of the shared harness reports and the demo, each with a one-letter deletion and
    substitution (about half rejected), plus inputs no analyser expects."""
    import random

    from helpers import report_paths
    from scoring.text import word_tokens
    words: set[str] = set()
    for path in report_paths():
        for e in json.loads(path.read_text("utf-8"))["entries"]:
            words.update(word_tokens(e["predicted"] or "") + word_tokens(e["expected"]))
    for e in json.loads(DEMO.read_text("utf-8"))["entries"]:
        words.update(word_tokens(e["predicted"]) + word_tokens(e["reference"]))
    rng = random.Random(11)
    letters = sorted(set("".join(words)))
    for w in sorted(words):
        i = rng.randrange(len(w))
        words.update({w[:i] + w[i + 1:], w[:i] + rng.choice(letters) + w[i + 1:], w.upper()})
    return sorted(words | {"", " ", "a b", "x\n", "\x00", "e\u0302", "@P.x@", "+N", "atim" * 200, "ᓀᐦᐃᔭᐍᐏᐣ"})


@pytest.mark.parametrize("name", ["crk-descriptive-analyzer.hfstol", "crk-normative-generator.hfstol",
                                  "ciw-analyser-gt-norm.hfstol"])
def test_fast_batch_lookups_equal_the_binding_word_for_word(tmp_path, monkeypatch, name):
    """hfst-optimized-lookup in recycled worker processes gives exactly the analyses the hfst binding gives
    (flags stripped), in the one order both paths use (sorted)."""
    needs("hfst_optimized_lookup", "compares the fast library with the hfst binding")
    needs("hfst", "compares the fast library with the hfst binding")
    monkeypatch.setenv("LYSS_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(analysers, "FAST_CHUNK", 700)  # several worker processes, each ended after its chunk
    file = analysers.AnalyserFile(shared_file(f"fst/{name}"), name[:3], analysers.kind_of(name), "shared")
    tokens = _many_tokens()
    assert len(tokens) > 3000
    batch = analysers.Analyser(file)
    assert batch.fast and batch.describe()["batch_lookup"] == "hfst-optimized-lookup"
    batch.analyse_many(tokens)
    one_by_one = analysers.Analyser(file)
    one_by_one._memory.clear()
    expected = {w: one_by_one.analyse(w) for w in tokens}
    got = {w: batch.analyse(w) for w in tokens}
    assert got == expected
    import hfst
    stream = hfst.HfstInputStream(str(file.path))
    raw = stream.read()
    stream.close()
    flags = re.compile(r"@[^@]*@")
    binding = {w: sorted({flags.sub("", a) for a, _ in raw.lookup(w)}) for w in tokens
               if len(w) < 500 and batch.lookupable(w)}  # control characters and internal symbols: never asked
    assert {w: list(got[w]) for w in binding} == binding  # the binding's own analyses, straight from hfst
    if name.startswith("crk-desc"):
        assert sum(1 for a in got.values() if a) > 80 and sum(1 for a in got.values() if len(a) > 1) > 10


def test_weighted_analyser_batches_go_through_lyss_many_words_reader(tmp_path, monkeypatch, crk_file):
    monkeypatch.setenv("LYSS_CACHE_DIR", str(tmp_path))
    weighted = _weighted_copy(crk_file, tmp_path)
    assert not weighted.fast  # the fast library reads unweighted analysers only
    assert weighted.batched and weighted.describe()["batch_lookup"] == TableBatch.name
    tokens = _many_tokens()[:1500]
    weighted.analyse_many(tokens)
    plain = analysers.Analyser(crk_file)
    plain._memory.clear()
    assert {w: set(weighted.analyse(w)) for w in tokens} == {w: set(plain.analyse(w)) for w in tokens}


def test_a_fast_worker_that_dies_costs_only_speed(tmp_path, monkeypatch, crk_file):
    """The fast library aborts the process on an input of about a thousand symbols; with the length guard
    off, that worker dies and its chunk is looked up with the binding: same analyses, nothing hangs."""
    needs("hfst_optimized_lookup", "makes the fast library abort")
    monkeypatch.setenv("LYSS_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(analysers, "FAST_MAX_LENGTH", 10_000)
    monkeypatch.setattr(analysers, "FAST_CHUNK", 400)
    words = [f"atim{i}" for i in range(1200)] + ["a" * 2000, "atimwak", "wâpamêw"]
    batch = analysers.Analyser(crk_file)
    batch.analyse_many(words)
    assert batch._memory["atimwak"] == ("atim+N+A+Pl",) and batch._memory["a" * 2000] == ()
    assert "wâpamêw+V+TA+Ind+Prs+3Sg+4Sg/PlO" in batch._memory["wâpamêw"]


TAINTED = ["nipâ@_EPSILON_SYMBOL_@w", "nipâw\x00xyz", "atim\x00", "atim\x07", "\x00", "@P.x.y@atim", "[<]atim",
           "atim@_EPSILON_SYMBOL_@"]


def test_a_tokens_verdict_is_the_same_in_a_one_word_run_and_a_hundred_thousand_word_run(tmp_path, monkeypatch,
                                                                                         crk_file):
    """Tokens with a control character (NUL included) or the analyser's internal symbols are rejected by every
    path; every token gets the same analyses looked up alone (the binding) or among 100,000 (the fast
    library in worker processes)."""
    monkeypatch.setenv("LYSS_CACHE_DIR", str(tmp_path))
    words = ["atim", "atimwak", "nipâw", "wâpamêw", "nikî-nipân"] + TAINTED
    alone = {}
    for w in words:
        one = analysers.Analyser(crk_file)
        one._memory.clear()
        alone[w] = one.analyse(w)
    many = analysers.Analyser(crk_file)
    many._memory.clear()
    filler = [f"{w}{k}" for k in range(20_000) for w in ("atim", "nipâw", "ê-", "kî", "x")]
    assert many.fast == (analysers.fast_lookup_library() is not None)
    many.analyse_many(words + filler)
    assert {w: many.analyse(w) for w in words} == alone
    assert all(alone[w] == () for w in TAINTED)
    assert all(alone[w] for w in words[:5])
    assert not any(many.lookupable(w) for w in TAINTED)


def test_control_characters_are_unicodes_category_cc():
    import sys
    import unicodedata
    pattern = re.compile(analysers.CONTROL_CHARACTER)
    assert [c for c in range(sys.maxunicode + 1) if pattern.fullmatch(chr(c))] == \
        [c for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) == "Cc"]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(["atim", "â", "@", "_EPSILON_SYMBOL_", "[<]", "[>]", "[", "<", "\x00", "\x85", "\x7f",
                                 "\u2028", "ᐊ", "P.x.y", " ", "-"]), max_size=6).map("".join))
def test_a_lookupable_word_has_no_control_character_nor_internal_symbol(crk_file, word):
    import unicodedata
    analyser = analysers.load(crk_file)
    from eval_standards import hfstol
    internal = hfstol.check(crk_file.path).input_multichar  # the analyser's own multi-character input symbols
    expected = bool(word) and not any(unicodedata.category(c) == "Cc" for c in word) and \
        not analysers.SPECIAL_SYMBOL.search(word) and not any(s in word for s in internal)
    assert analyser.lookupable(word) == expected


def _state_at_the_end(crk_file, folder):
    """The real analyser with every transition into the index table sent to its last entry (table checks that
    only ask "inside the table?" pass it; the C++ reader then loops or reads past the table)."""
    import numpy as np
    from eval_standards import hfstol
    data = bytearray(crk_file.path.read_bytes())
    props, pos = hfstol._hfst_header(bytes(data))
    ni, ns, n_index, n_trans, *_ = hfstol.OL_HEADER.unpack_from(data, pos)
    pos += hfstol.OL_HEADER.size
    for _ in range(ns):
        pos = data.index(b"\0", pos) + 1
    start = pos + n_index * 6
    trans = np.frombuffer(data, dtype=np.dtype([("i", "<u2"), ("o", "<u2"), ("t", "<u4")]), count=n_trans,
                          offset=start).copy()
    into_index = (trans["i"] != 0xFFFF) & (trans["t"] < n_index)
    trans["t"][into_index] = n_index - 1
    data[start:start + n_trans * 8] = trans.tobytes()
    path = folder / "crk-end-analyzer.hfstol"
    path.write_bytes(bytes(data))
    return path


def test_a_state_without_room_in_its_table_is_refused(tmp_path, crk_file):
    path = _state_at_the_end(crk_file, tmp_path)
    problem = analysers.AnalyserFile(path, "crk", "analyser", "x").problem()
    assert "no room for every input symbol" in problem


def _crashing_probe(path, words, fast, send, at):
    """A test run that crashes on the third word (module-level: a spawned child imports it by name)."""
    import os
    at.value = 2
    os.abort()


def _hanging_probe(path, words, fast, send, at):
    import time
    at.value = 2
    time.sleep(3600)


@pytest.mark.parametrize("behaviour", ["crash", "hang"])
def test_a_file_that_crashes_or_hangs_the_library_is_refused_in_one_line(tmp_path, monkeypatch, capsys, crk_file,
                                                                        behaviour):
    """The test run happens in a child process: whatever the C++ library does there, this process lives, and
    the file is refused naming the word it was on. (The child is made to crash or hang here; a real damaged
    file that does either is caught the same way.)"""
    monkeypatch.setenv("LYSS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("LYSS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(analysers, "_probe_child", _crashing_probe if behaviour == "crash" else _hanging_probe)
    monkeypatch.setattr(analysers, "PROBE_SECONDS", 2)
    folder = tmp_path / "given"
    folder.mkdir()
    copy = folder / "crk-copy-analyzer.hfstol"  # the real analyser renamed in its header: another sha256, so that
    data = crk_file.path.read_bytes()            # nothing computed with the real one is reused for it
    assert b"?stdin?" in data
    copy.write_bytes(data.replace(b"?stdin?", b"?STDIN?", 1))
    assert main(["analyzers", "add", str(copy), "--lang", "crk", "--accept-licence"]) == 2
    err = capsys.readouterr().err
    word = analysers.probe_words(__import__("eval_standards.hfstol", fromlist=["check"]).check(copy))[2]
    expected = "crashed (SIGABRT)" if behaviour == "crash" else "did not answer within 2 s"
    assert f"a test run {expected} on the word {word!r}" in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "data" / "analysers").exists()
    analysers.load.cache_clear()
    assert main(["score", str(DEMO), "--lang", "crk", "--analyzer-dir", str(folder), "--bootstrap", "5"]) == 2
    assert expected in capsys.readouterr().err
    analysers.load.cache_clear()
