"""Each FST lookup library on the same 20,000 unique tokens (``fst_bench``'s: half of them Plains Cree words
the analyser accepts), one word at a time, load included: the hfst binding (the baseline, measured in the
same run), pyhfst compiled (its wheel), pyhfst in pure Python (what pip installs where no wheel fits), LYSS's
own reader on hfstol's tables in plain Python (:mod:`eval_standards.table_reader`, used where no compiled
lookup installs), and ALTLab's hfst-optimized-lookup; then LYSS's own batch lookup as on Windows (hfst and
hfst-optimized-lookup unimportable) and as on an Intel Mac (pyhfst's compiled part too). Each library's
analyses are checked equal to the binding's before it is timed. LYSS's many-words reader in numpy
(:class:`eval_standards.table_reader.TableBatch`, what reads batches where ALTLab's library does not) is also
timed against Debian's ``hfst-optimized-lookup`` command on the 20,000 tokens and on 4,000 accepted ones (every
path walked to the end of the word), three rounds alternately."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from eval_standards import hfstol, lookups
from eval_standards.table_reader import TableBatch, TableLookup

from bench.common import ROOT, SHARED
from bench.fst_bench import ANALYSER, bench_tokens, ensure_lookup_command

ACCEPTED_TOKENS = 4000  # words the analyser accepts: every path walked to the end (good MT output's words)
ROUNDS = 3

PURE = """
import json, sys, time
sys.modules["c_pyhfst"] = None  # as where no pyhfst wheel fits
from pathlib import Path
from eval_standards import hfstol, lookups
path, words = Path(sys.argv[1]), json.loads(sys.stdin.read())
start = time.perf_counter()
lookup = lookups.WheelLookup(path, hfstol.check(path))
found = {w: lookup.readings(w) for w in words}
print(json.dumps([time.perf_counter() - start, "pyhfst (pure Python)", found]))
"""

WHEELS_ONLY = """
import json, os, sys, time
from eval_standards import analysers
words = json.loads(sys.stdin.read())
file = analysers.AnalyserFile(analysers.Path(sys.argv[1]), "crk", "analyser", "shared")
start = time.perf_counter()
analyser = analysers.Analyser(file)
analyser.analyse_many(words)
found = {w: list(analyser.analyse(w)) for w in words}
print(json.dumps([time.perf_counter() - start, analyser.describe()["batch_lookup"], sum(1 for a in found.values() if a)]))
"""


def timed_lookup(make, words: list[str]) -> tuple[float, dict]:
    start = time.perf_counter()
    lookup = make()
    found = {w: lookup.readings(w) for w in words}
    return time.perf_counter() - start, found


class _Many:
    """TableBatch behind the one-word interface: every word looked up at once when it is made."""

    def __init__(self, path, words):
        self._found = TableBatch(path).readings_many(words)

    def readings(self, word: str) -> dict[str, float]:
        return self._found[word]


class _Fast:
    """hfst-optimized-lookup behind the same interface (unweighted: every reading weighs 0)."""

    def __init__(self, path):
        import hfst_optimized_lookup  # deferred: optional, built with a C++ compiler
        self._fst = hfst_optimized_lookup.TransducerFile(str(path))

    def readings(self, word: str) -> dict[str, float]:
        return {a: 0.0 for a in self._fst.lookup(word)} if len(word) <= 500 else {}


def against_the_command(words: list[str], expected: dict, what: str) -> None:
    """LYSS's numpy reader (load included, one process, no cache) against Debian's hfst-optimized-lookup command
    (load included) on the same words, alternately, median of the rounds; analyses checked equal first."""
    command = ensure_lookup_command()
    if command is None:
        print(f"{what}: hfst-optimized-lookup (the C++ command) not installed and apt-get unavailable — no ratio")
        return
    text = "".join(w + "\n" for w in words)
    ratios, ours, theirs = [], [], []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        subprocess.run([command, str(ANALYSER)], input=text, capture_output=True, text=True, check=True)
        theirs.append(time.perf_counter() - start)
        start = time.perf_counter()
        found = TableBatch(ANALYSER).readings_many(words)
        ours.append(time.perf_counter() - start)
        ratios.append(theirs[-1] / ours[-1])
    same = "the binding's analyses" if {w: found[w] for w in expected} == expected else "DIFFERENT analyses"
    print(f"{what}: {TableBatch.name} {statistics.median(ours):.2f} s, {same}; the C++ command "
          f"{statistics.median(theirs):.2f} s: speed ratio {statistics.median(ratios):.2f} (goal ≥ 0.5; rounds "
          f"{min(ratios):.2f}–{max(ratios):.2f})")


def main() -> None:
    if not ANALYSER.exists():
        print(f"skipped: needs {ANALYSER}")
        return
    if lookups.binding_problem():
        print(f"skipped: the baseline is the hfst binding ({lookups.binding_problem()})")
        return
    words = bench_tokens()
    layout = hfstol.check(ANALYSER)
    base, expected = timed_lookup(lambda: lookups.BindingLookup(ANALYSER), words)
    accepted = sum(1 for r in expected.values() if r)
    print(f"baseline  hfst binding: {len(words):,} tokens ({accepted:,} accepted) in {base:.2f} s "
          f"({len(words) / base:,.0f}/s)")
    wheel, found = timed_lookup(lambda: lookups.WheelLookup(ANALYSER, layout), words)
    print(f"pyhfst (compiled) {wheel:.2f} s, {'the same analyses' if found == expected else 'DIFFERENT analyses'}: "
          f"speed ratio to the binding {base / wheel:.2f}")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", PURE, str(ANALYSER)], input=json.dumps(words), capture_output=True,
                          text=True, cwd=ROOT, env=env, check=True)
    pure, name, found = json.loads(done.stdout)
    print(f"{name} {pure:.2f} s, {'the same analyses' if found == expected else 'DIFFERENT analyses'}: "
          f"speed ratio to the binding {base / pure:.2f}")
    tables, found = timed_lookup(lambda: TableLookup(ANALYSER), words)
    print(f"{TableLookup.name} {tables:.2f} s, {'the same analyses' if found == expected else 'DIFFERENT analyses'}: "
          f"speed ratio to the binding {base / tables:.2f}")
    many, found = timed_lookup(lambda: _Many(ANALYSER, words), words)
    print(f"{TableBatch.name} {many:.2f} s, {'the same analyses' if found == expected else 'DIFFERENT analyses'}: "
          f"speed ratio to the binding {base / many:.2f}")
    against_the_command(words, expected, f"{len(words):,} tokens")
    accepted_words = [w for w in words if expected[w]][:ACCEPTED_TOKENS]
    against_the_command(accepted_words, {w: expected[w] for w in accepted_words},
                        f"{len(accepted_words):,} accepted tokens")
    try:
        fast, found = timed_lookup(lambda: _Fast(ANALYSER), words)
        same = {w: sorted(r) for w, r in found.items()} == {w: sorted(r) for w, r in expected.items() if len(w) <= 500}
        print(f"hfst-optimized-lookup {fast:.2f} s, {'the same analyses' if same else 'DIFFERENT analyses'}: "
              f"speed ratio to the binding {base / fast:.2f}")
    except ImportError:
        print("hfst-optimized-lookup: not installed")
    for hidden, what in (["unimportable"], "without hfst"), (["unimportable", "unimportable_compiled_pyhfst"],
                                                              "without any compiled lookup"):
        paths = [str(ROOT / "tests" / folder) for folder in hidden]
        with tempfile.TemporaryDirectory() as cache:
            env = {**env, "PYTHONPATH": os.pathsep.join([*paths, str(ROOT)]), "LYSS_CACHE_DIR": cache,
                   "LYSS_START_METHOD": "spawn"}
            done = subprocess.run([sys.executable, "-c", WHEELS_ONLY, str(ANALYSER)], input=json.dumps(words),
                                  capture_output=True, text=True, cwd=ROOT, env=env, check=True)
        seconds, batch, lyss_accepted = json.loads(done.stdout)
        print(f"lyss {what} (batches: {batch}, a first run: no cache) {seconds:.2f} s, "
              f"{lyss_accepted:,} accepted: speed ratio to the binding one by one {base / seconds:.2f}")
