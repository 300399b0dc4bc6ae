"""The lookups that need no HFST library (pyhfst's compiled wheel for Linux, Windows and Apple-silicon
macOS; LYSS's own reader in plain Python everywhere) give exactly the analyses of HFST's own binding: on the
Ojibwe analyser's test forms, on Plains Cree forms, on a 10,000-word sample of real run-card words (the
shared harness reports, the demos and WMT23 system outputs: words the analysers accept and words they
reject), flag diacritics and weights included."""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pyhfst
import pytest
from hypothesis import assume, given, settings, strategies as st

from helpers import DEMO, ROOT, SHARED, report_texts, shared_file
from eval_standards import hfstol, lookups
from eval_standards.table_reader import TableBatch, TableLookup
from weighted_copy import weighted_copy
from sizes import examples

WORD = re.compile(r"[^\W\d_][\w'’-]*")  # letters first; apostrophes and hyphens inside (Ojibwe, Cree)


def run_card_words(count: int = 10_000) -> list[str]:
    """``count`` distinct words of real run cards and MT outputs, drawn with a fixed seed."""
    texts = [*report_texts()[0], *report_texts()[1]]
    for demo in (DEMO, ROOT / "examples" / "demo-ciw.runcard.json"):
        for entry in json.loads(demo.read_text("utf-8"))["entries"]:
            texts += [entry.get("predicted") or "", entry.get("reference") or ""]
    for path in sorted((SHARED / "data" / "wmt23-en-de" / "system-outputs" / "en-de").glob("*.txt"))[:4]:
        texts += path.read_text("utf-8").splitlines()
    words = sorted({w for text in texts for w in WORD.findall(text)})
    assert len(words) > count
    return random.Random(44).sample(words, count)


def ciw_test_forms() -> list[tuple[str, str]]:
    rows = shared_file("fst/ciw-test-forms.tsv").read_text("utf-8").splitlines()
    return [(row.split("\t")[0], row.split("\t")[-1]) for row in rows if row.strip()]


CRK_FORMS = ["atimwak", "nikî-nipân", "wâpamêw", "nipâw", "atim", "ê-nipât", "kinipân", "nêhiyawêwin", "acimosisak"]


def wheels(path):
    return lookups.WheelLookup(path, hfstol.check(path))


def test_the_ojibwe_test_forms_get_their_analyses_from_the_wheels():
    """No HFST library involved: the recorded analysis of each form is among pyhfst's readings; a form
    recorded as unknown (``+?``) has none."""
    lookup = wheels(shared_file("fst/ciw-analyser-gt-norm.hfstol"))
    forms = ciw_test_forms()
    assert len(forms) == 69
    for form, analysis in forms:
        readings = lookup.readings(form)
        assert (analysis in readings) if analysis != "+?" else not readings, form


def test_a_word_outside_the_alphabet_is_rejected_as_hfst_rejects_it():
    """pyhfst on its own skips a character the file cannot read (``Lungen`` read as ``L+Num+Rom``);
    through LYSS the word is rejected."""
    lookup = wheels(shared_file("fst/crk-descriptive-analyzer.hfstol"))
    assert lookup.readings("Lungen") == {} and lookup.readings("ausreichende") == {}
    assert lookup.readings("atimwak") == {"atim+N+A+Pl": 0.0}


def _files(tmp_path):
    crk = shared_file("fst/crk-descriptive-analyzer.hfstol")
    return {"crk": crk, "ciw": shared_file("fst/ciw-analyser-gt-norm.hfstol"),
            "crk weighted": weighted_copy(crk, tmp_path / "crk-weighted-analyzer.hfstol")}


@pytest.mark.parametrize("name", ["crk", "ciw", "crk weighted"])
def test_the_wheels_give_the_bindings_analyses_word_for_word(tmp_path, name):
    pytest.importorskip("hfst", reason="compares pyhfst with the hfst binding: hfst is not importable here")
    path = _files(tmp_path)[name]
    words = run_card_words() + CRK_FORMS + [form for form, _ in ciw_test_forms()]
    binding, wheel = lookups.BindingLookup(path), wheels(path)
    expected = {w: binding.readings(w) for w in words}
    got = {w: wheel.readings(w) for w in words}
    assert got == expected
    accepted = [w for w in words if expected[w]]
    assert len(accepted) > {"crk": 60, "ciw": 80, "crk weighted": 60}[name]
    if name == "crk weighted":  # weights that tell readings apart, summed alike
        assert len({weight for w in accepted for weight in expected[w].values()}) > 10


def test_the_generator_too(tmp_path):
    """The generator reads analyses (multi-character tags): pyhfst spells them as HFST does."""
    pytest.importorskip("hfst", reason="compares pyhfst with the hfst binding: hfst is not importable here")
    analyser = lookups.BindingLookup(shared_file("fst/crk-descriptive-analyzer.hfstol"))
    analyses = sorted({a for w in run_card_words() + CRK_FORMS for a in analyser.readings(w)})
    path = shared_file("fst/crk-normative-generator.hfstol")
    binding, wheel = lookups.BindingLookup(path), wheels(path)
    assert len(analyses) > 60
    assert {a: wheel.readings(a) for a in analyses} == {a: binding.readings(a) for a in analyses}
    assert sum(1 for a in analyses if binding.readings(a)) > 50


def test_where_no_compiled_lookup_installs_lyss_reads_the_tables_itself():
    """Where neither the binding nor a compiled pyhfst wheel installs (pyhfst then runs in pure Python, slower
    than LYSS's own reader), the analyser is read by :mod:`eval_standards.table_reader`: the same readings."""
    path = shared_file("fst/crk-descriptive-analyzer.hfstol")
    words = CRK_FORMS + run_card_words()[:2000]
    script = ("import json, sys; sys.modules.update(dict.fromkeys(['c_pyhfst', 'hfst', 'libhfst']))\n"
              "from pathlib import Path\nfrom eval_standards import hfstol, lookups\n"
              f"path = Path({str(path)!r}); lookup = lookups.open_lookup(path, hfstol.check(path))\n"
              "words = json.loads(sys.stdin.read())\n"
              "print(json.dumps([lookup.name, {w: lookup.readings(w) for w in words}]))")
    done = subprocess.run([sys.executable, "-c", script], input=json.dumps(words), capture_output=True, text=True,
                          cwd=ROOT, check=True)
    name, pure = json.loads(done.stdout)
    assert name == lookups.TABLES == "lyss tables (plain Python)"
    compiled = wheels(path)
    assert pure == {w: compiled.readings(w) for w in words}
    assert sum(1 for r in pure.values() if r) >= len(CRK_FORMS)


@pytest.mark.parametrize("name", ["crk", "ciw", "crk weighted"])
def test_lyss_own_reader_gives_pyhfsts_readings_word_for_word(tmp_path, name):
    """The reader every installation has (plain Python on hfstol's checked tables) reads what pyhfst reads:
    flag diacritics, weights, words outside the alphabet and the empty word alike (and pyhfst reads what the
    binding reads: above)."""
    path = _files(tmp_path)[name]
    words = run_card_words() + CRK_FORMS + [form for form, _ in ciw_test_forms()] + ["Lungen", ""]
    tables, wheel = TableLookup(path), wheels(path)
    got = {w: tables.readings(w) for w in words}
    assert got == {w: wheel.readings(w) for w in words}
    assert sum(1 for r in got.values() if r) > 60  # distinct words accepted


def test_lyss_own_reader_walks_a_long_word_without_recursion(monkeypatch):
    """'atim' two hundred times: the analyser's paths read it to its last letter (compounds) before it
    rejects it, a path as long as the word; the reader's own stack holds it where Python's recursion limit
    (1,000 frames) stops pyhfst's pure-Python lookup (the one an Intel Mac would otherwise have)."""
    path = shared_file("fst/crk-descriptive-analyzer.hfstol")
    word = "atim" * 200
    tables = TableLookup(path)
    reached = []
    follow = tables._follow
    monkeypatch.setattr(tables, "_follow", lambda k, symbol, at, *rest: reached.append(at) or follow(k, symbol, at, *rest))
    assert tables.readings(word) == {}
    assert max(reached) == 800
    if pyhfst.CYTHON:
        assert wheels(path).readings(word) == {}
    else:
        with pytest.raises(RecursionError):
            wheels(path).readings(word)


@pytest.mark.parametrize("name", ["crk", "ciw", "crk weighted", "crk generator"])
def test_many_words_at_once_give_the_bindings_readings_word_for_word(tmp_path, name):
    """LYSS's numpy reader (every path of every word moved on together) reads what the hfst binding reads,
    one word at a time: flag diacritics, weights, words outside the alphabet. (The empty word, never looked up —
    ``Analyser.lookupable`` — has no reading for LYSS's readers, as for pyhfst; the binding reads its empty path.)"""
    pytest.importorskip("hfst", reason="compares LYSS's reader with the hfst binding: hfst is not importable here")
    files = {**_files(tmp_path), "crk generator": shared_file("fst/crk-normative-generator.hfstol")}
    path = files[name]
    binding = lookups.BindingLookup(path)
    words = run_card_words() + CRK_FORMS + [form for form, _ in ciw_test_forms()] + ["Lungen"]
    if name == "crk generator":
        analyser = lookups.BindingLookup(files["crk"])
        words = sorted({a for w in words for a in analyser.readings(w)}) + words[:500]
    expected = {w: binding.readings(w) for w in words}
    got = TableBatch(path).readings_many(words, per_batch=700)  # several batches
    assert got == expected
    assert sum(1 for r in got.values() if r) > 60


FEATURES, VALUES = ["F", "feat", "Longer"], ["a", "bb", "value"]
FLAG_SYMBOL = st.one_of(
    st.tuples(st.sampled_from("PNU"), st.sampled_from(FEATURES), st.sampled_from(VALUES)),
    st.tuples(st.sampled_from("RDC"), st.sampled_from(FEATURES), st.sampled_from([None, *VALUES])))
TOKEN = st.one_of(st.sampled_from("abc"), FLAG_SYMBOL)


def _regex(paths) -> str:
    def token(t, optional):
        text = t if isinstance(t, str) else "%@" + "%.".join(x for x in t if x) + "%@"
        return f"({text})" if optional else text
    return " | ".join("[" + " ".join(token(t, o) for t, o in path) + "]" for path in paths)


def _binding_readings(path: Path, words: list[str]) -> dict | None:
    """The hfst binding's readings of ``words``, read in a forked child where the system forks: the binding crashes
    on some small files of flags (a segmentation fault on ``a`` for ``[(%@R%.Longer%.a%@) %@R%.Longer%.bb%@] | …``,
    drawn by the test below with seed 30), which would end the whole test run. ``None``: the binding crashed, so it
    gives no readings to compare with."""
    if not hasattr(os, "fork"):
        return {w: lookups.BindingLookup(path).readings(w) for w in words}
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: the readings as JSON on the pipe, then out without running anything of the parent's
        try:
            binding = lookups.BindingLookup(path)
            os.write(write, json.dumps({w: binding.readings(w) for w in words}).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        sent = pipe.read()
    _, status = os.waitpid(pid, 0)
    return json.loads(sent) if os.WIFEXITED(status) and sent else None


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.lists(st.tuples(TOKEN, st.booleans()), min_size=1, max_size=7), min_size=1, max_size=4))
def test_every_flag_operation_as_hfst_reads_it(paths):
    """Small transducers of letters and flag diacritics of every operation (positive and negative settings,
    unification after either, requirements and disallowings with and without a value, clearing; short and
    long names), optional parts making epsilons: LYSS's readers, one word and many at once, read every word of
    up to four letters as the hfst binding does."""
    hfst = pytest.importorskip("hfst", reason="builds the transducers with the hfst binding")
    import tempfile
    fst = hfst.regex(_regex(paths))
    fst.convert(hfst.ImplementationType.HFST_OL_TYPE)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "flags.hfstol"
        out = hfst.HfstOutputStream(filename=str(path), type=hfst.ImplementationType.HFST_OL_TYPE)
        out.write(fst)
        out.flush()
        out.close()
        words = ["".join(p) for n in range(1, 5) for p in itertools.product("abc", repeat=n)]
        expected = _binding_readings(path, words)
        assume(expected is not None)  # the binding crashed: it gives nothing to compare with
        assert TableBatch(path).readings_many(words) == expected
        single = TableLookup(path)
        assert {w: single.readings(w) for w in words} == expected


def test_pyhfst_reads_a_file_only_where_it_reads_the_files_flags(tmp_path):
    """A feature set negatively and unified, or a flag of five characters or fewer: LYSS's reader instead."""
    hfst = pytest.importorskip("hfst", reason="builds the transducers with the hfst binding")

    def layout(regex):
        fst = hfst.regex(regex)
        fst.convert(hfst.ImplementationType.HFST_OL_TYPE)
        path = tmp_path / f"{abs(hash(regex))}.hfstol"
        out = hfst.HfstOutputStream(filename=str(path), type=hfst.ImplementationType.HFST_OL_TYPE)
        out.write(fst)
        out.flush()
        out.close()
        return hfstol.check(path)

    assert lookups.wheels_read_its_flags(layout("[a %@P%.feat%.bb%@ b] | [a %@R%.feat%.bb%@ c]"))
    assert not lookups.wheels_read_its_flags(layout("[a %@N%.feat%.bb%@ %@U%.feat%.bb%@ b]"))
    assert not lookups.wheels_read_its_flags(layout("[a %@C%.F%@ b]"))
    for name in ("crk-descriptive-analyzer", "crk-normative-generator", "ciw-analyser-gt-norm"):
        assert lookups.wheels_read_its_flags(hfstol.check(shared_file(f"fst/{name}.hfstol")))
