"""Which FST lookup path LYSS uses by default, backed by numbers (issue 68, item 2): every path that can read the
shared Cree analyser here, each in a process of its own (load, lookups and interpreter start included), against
Debian's ``hfst-optimized-lookup`` command (the C++ reference) on the same unique tokens: 20,000 (half of them words
the analyser accepts) and 100,000 (every form the bench can generate, then one-letter edits). For each: wall time,
CPU time (the process and any worker processes it waited for), peak resident memory, the ratio command ÷ path (above
1: faster than the command) and whether its analyses are the binding's. Median of the rounds, paths alternating.

The paths:
- ``default``: what ``lyss score`` does with a batch of words here (:meth:`eval_standards.analysers.Analyser.analyse_many`),
- ``numpy reader``: LYSS's many-words reader (:class:`eval_standards.table_reader.TableBatch`), in this process,
- ``ALTLab library``: ``hfst-optimized-lookup``'s Python module (the ``fast`` extra) one word at a time,
- ``pyhfst``: its compiled wheel, one word at a time,
- ``hfst binding``: HFST's own Python binding, one word at a time.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT
from bench.fst_bench import ANALYSER, bench_tokens, ensure_lookup_command

SIZES = (20_000, 100_000)
ROUNDS = 3

RUN = r"""
import hashlib, json, sys
from pathlib import Path
path, words_file, which = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
words = Path(words_file).read_text("utf-8").split("\n")
from eval_standards import analysers, hfstol, lookups
from eval_standards.table_reader import TableBatch
if which == "default":
    analyser = analysers.Analyser(analysers.AnalyserFile(path, "crk", "analyser", "shared"))
    analyser.analyse_many(words)
    found = {w: analyser.analyse(w) for w in words}
    name = analyser.describe()["batch_lookup"]
elif which == "numpy reader":
    found, name = TableBatch(path).readings_many(words), TableBatch.name
elif which == "ALTLab library":
    import hfst_optimized_lookup
    fst = hfst_optimized_lookup.TransducerFile(str(path))
    found, name = {w: fst.lookup(w) for w in words}, "hfst-optimized-lookup (Python module)"
elif which == "pyhfst":
    lookup = lookups.WheelLookup(path, hfstol.check(path))
    found, name = {w: lookup.readings(w) for w in words}, "pyhfst"
else:
    lookup = lookups.BindingLookup(path)
    found, name = {w: lookup.readings(w) for w in words}, "hfst"
same = {w: sorted(set(found[w])) for w in words}
print(json.dumps({"name": name, "accepted": sum(1 for a in same.values() if a),
                  "digest": hashlib.sha256(json.dumps(same, ensure_ascii=False, sort_keys=True).encode()).hexdigest()}))
"""

PATHS = ("default", "numpy reader", "ALTLab library", "pyhfst", "hfst binding")


# A small process starts each measured one: a process started from this one (or by vfork) would count this one's
# memory, 180 MB of tokens and analysers, as its own peak (Linux keeps the larger of the two across exec)
LAUNCHER = r"""
import json, os, sys, time
stdin, stdout = sys.argv[1], sys.argv[2]
with open(stdin, "rb") as given, open(stdout, "wb") as taken:
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.dup2(given.fileno(), 0)
        os.dup2(taken.fileno(), 1)
        os.execvp(sys.argv[3], sys.argv[3:])
    _, status, usage = os.wait4(pid, 0)
print(json.dumps([time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
                  os.waitstatus_to_exitcode(status)]))
"""


def measured(command: list[str], stdin: str = os.devnull, env=None) -> tuple[float, float, float, str]:
    """(wall s, CPU s, peak MiB, stdout) of one process run to its end, started by a small launcher."""
    with tempfile.TemporaryDirectory() as work:
        out = Path(work) / "out"
        done = subprocess.run([sys.executable, "-c", LAUNCHER, stdin, str(out), *command], capture_output=True,
                              text=True, cwd=ROOT, env=env, check=True)
        wall, cpu, peak, code = json.loads(done.stdout)
        if code != 0:
            raise RuntimeError(f"{command[:4]} exited {code}")
        return wall, cpu, peak, out.read_text("utf-8")


def command_digest(output: str) -> tuple[int, str]:
    """Accepted words and the digest of the C++ command's analyses, in the paths' form."""
    found: dict[str, list[str]] = {}
    for line in output.splitlines():
        columns = line.split("\t")
        if len(columns) >= 2:  # "word<TAB>analysis", or "word<TAB>word<TAB>+?" for a word it does not know
            found.setdefault(columns[0], [])
            if columns[-1] != "+?":
                found[columns[0]].append(columns[1])
    same = {w: sorted(set(a)) for w, a in found.items()}
    digest = hashlib.sha256(json.dumps(same, ensure_ascii=False, sort_keys=True).encode()).hexdigest()
    return sum(1 for a in same.values() if a), digest


def available(which: str) -> bool:
    module = {"ALTLab library": "hfst_optimized_lookup", "pyhfst": "c_pyhfst", "hfst binding": "hfst"}.get(which)
    if module is None:
        return True
    return importlib.util.find_spec(module) is not None


def one_size(words: list[str], command: str | None) -> None:
    with tempfile.TemporaryDirectory() as work:
        words_file = Path(work) / "words.txt"
        words_file.write_text("\n".join(words), "utf-8")
        env = {**os.environ, "PYTHONPATH": str(ROOT), "LYSS_CACHE_DIR": str(Path(work) / "cache")}
        paths = [p for p in PATHS if available(p)]
        rows: dict[str, list[tuple[float, float, float]]] = {p: [] for p in [*paths, "command"]}
        said: dict[str, dict] = {}
        for _ in range(ROUNDS):
            if command:
                wall, cpu, peak, out = measured([command, str(ANALYSER)], stdin=str(words_file))
                rows["command"].append((wall, cpu, peak))
                said["command"] = dict(zip(("accepted", "digest"), command_digest(out)), name="C++ command")
            for which in paths:
                wall, cpu, peak, out = measured([sys.executable, "-c", RUN, str(ANALYSER), str(words_file), which],
                                                env=env)
                rows[which].append((wall, cpu, peak))
                said[which] = json.loads(out)
    binding = said.get("hfst binding", {}).get("digest")
    base = statistics.median(r[0] for r in rows["command"]) if rows["command"] else None
    print(f"{len(words):,} unique tokens ({said[paths[0]]['accepted']:,} accepted), median of {ROUNDS} rounds:")
    print(f"  {'path':<16} {'reads with':<38} {'wall s':>7} {'CPU s':>7} {'peak MiB':>9} {'command ÷ path':>15}  analyses")
    for which in ["command", *paths]:
        if not rows[which]:
            continue
        wall, cpu, peak = (statistics.median(r[k] for r in rows[which]) for k in range(3))
        ratio = f"{base / wall:.2f}" if base else "—"
        same = ("the binding's" if said[which]["digest"] == binding else
                "DIFFERENT" if binding else "not compared")
        print(f"  {which:<16} {said[which]['name']:<38} {wall:>7.2f} {cpu:>7.2f} {peak:>9.0f} {ratio:>15}  {same}")
    walls = {which: statistics.median(r[0] for r in rows[which]) for which in paths if which != "default"}
    fastest = min(walls, key=walls.get)
    chosen = said["default"]["name"]
    print(f"  the rule (batches through ALTLab's library in worker processes where it is installed, else the numpy "
          f"reader) chose {chosen}; the fastest single path here is the {fastest} ({walls[fastest]:.2f} s)")


def main() -> None:
    if not ANALYSER.exists():
        print(f"skipped: needs {ANALYSER}")
        return
    command = ensure_lookup_command()
    if command is None:
        print("note: hfst-optimized-lookup (the C++ command) is not installed and apt-get is unavailable: no ratio")
    print("FST lookup paths against the C++ command (each in its own process, start and load included)")
    for size in SIZES:
        one_size(bench_tokens(size), command)


if __name__ == "__main__":
    main()
