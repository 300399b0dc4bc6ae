"""Study statistics at scale and the cost of recording an answer.

1. The full correlation table with 1,000-resample CIs for 100,000 answers (a review database with
   4 systems × 8,334 items × 3 speakers), against one computation of the same table without CIs.
2. Tie-calibrated acc23 over WMT23 en-de grouped by item, against a straightforward pure-Python
   pairwise sweep of the same definition measured in the same run.
3. p50/p95 latency of recording one answer (``synchronous=FULL``, a real file), against one plain
   SQLite insert-and-commit with the same durability.
4. ``study status`` of a 6,000-item adaptive campaign (two runs of one 3,000-segment test set) part-way, against
   reading its answers once; and asked again with no row changed (kept while no row changes).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

import numpy as np
import sacrebleu

from bench.common import SHARED, timed
from review import records
from review.rating import campaigns, sequence
from review.store import Store, dumps, now
from review.study import analyses, decisions, research_files
from review.study.maths import correlation
from scoring import engine, runcard
from scoring.files import json_default
from scoring.rubric import load_profile


def _answers_db(folder: Path, systems: int = 4, items: int = 8334, raters: int = 3):
    store = Store(folder / "big.sqlite", backup=False)
    rng = np.random.default_rng(0)
    quality = rng.normal(size=(systems, items))
    with store.transaction() as db:
        db["campaigns"].insert({"id": "cmp-bench", "name": "bench", "task": "A", "run_id": None,
                                "raters_per_item": raters, "created_at": now(), "settings": "{}"})
        db["speakers"].insert_all([{"id": f"spk-{k}", "display_name": None, "community": None, "dialect": None,
                                    "consent_at": now(), "consent_scope": "bench", "withdrawn": 0,
                                    "withdrawn_at": None, "created_at": now(), "preferences": "{}"}
                                   for k in range(raters)])
        for s in range(systems):
            run = f"run-{s}"
            db["runs"].insert({"id": run, "name": run, "extra": "{}", "imported_at": now()})
            db["items"].insert_all({"id": f"it-{s}-{i}", "run_id": run, "entry_id": str(i), "kind": "segment",
                                    "source": "", "output": "", "reference": "",
                                    "metrics": dumps({"composite": float(quality[s, i] + rng.normal(0, 1))})}
                                   for i in range(items))
            db["assignments"].insert_all({"campaign_id": "cmp-bench", "speaker_id": f"spk-{k}",
                                          "position": s * items + i, "item_id": f"it-{s}-{i}", "qc": "", "qc_of": None}
                                         for k in range(raters) for i in range(items))
            db["ratings"].insert_all({"uuid": f"r-{s}-{i}-{k}", "campaign_id": "cmp-bench", "speaker_id": f"spk-{k}",
                                      "position": s * items + i, "item_id": f"it-{s}-{i}",
                                      "answers": json.dumps({"adequacy": int(np.clip(round(3 + quality[s, i] +
                                                                                         rng.normal(0, 0.7)), 1, 5))}),
                                      "note": None, "created_at": now(), "updated_at": now(), "device_id": "bench",
                                      "seconds": None} for k in range(raters) for i in range(items))
    return store


def _pairwise_python_acc23(rows) -> float:
    """The straightforward version: a Python object per pair, sorted, counts updated pair by pair."""
    pairs, stats = [], []
    for r, (gold, metric) in enumerate(rows):
        con = tie_gold = both = total = 0
        for a in range(len(gold)):
            for b in range(a + 1, len(gold)):
                dg, dm = gold[a] - gold[b], metric[a] - metric[b]
                total += 1
                if dg == 0 and dm == 0:
                    both += 1
                elif dg == 0:
                    tie_gold += 1
                elif dm != 0 and (dg > 0) == (dm > 0):
                    con += 1
                step = -1 if (dg != 0 and dm != 0 and (dg > 0) == (dm > 0)) else (1 if dg == 0 and dm != 0 else 0)
                pairs.append((abs(dm), r, step))
        stats.append([con + both, total])
    pairs.sort()
    current = sum(n / t for n, t in stats)
    best = current / len(stats)
    for k, (diff, r, step) in enumerate(pairs):
        current -= stats[r][0] / stats[r][1]
        stats[r][0] += step
        current += stats[r][0] / stats[r][1]
        if k + 1 == len(pairs) or pairs[k + 1][0] != diff:
            best = max(best, current / len(stats))
    return best


def _sacrebleu_per_system(folder: Path) -> None:
    """The baseline: what a sacrebleu user does per system (sentence and corpus scores of chrF,
    chrF++ and BLEU, references re-read every time): the previous import-mtme."""
    refs = (folder / "references" / "en-de.refA.txt").read_text("utf-8").split("\n")[:-1]
    sentence = [sacrebleu.metrics.CHRF(), sacrebleu.metrics.CHRF(word_order=2), sacrebleu.metrics.BLEU(effective_order=True)]
    corpus = [sacrebleu.metrics.CHRF(), sacrebleu.metrics.CHRF(word_order=2), sacrebleu.metrics.BLEU()]
    for path in sorted((folder / "system-outputs" / "en-de").glob("*.txt")):
        if path.stem == "refA":
            continue
        outputs = path.read_text("utf-8").split("\n")[:-1]
        for one, whole in zip(sentence, corpus):
            [one.sentence_score(o, [r]) for o, r in zip(outputs, refs)]
            whole.corpus_score(outputs, [refs])


def _import_bench(work: Path, folder: Path) -> None:
    base, _ = timed(_sacrebleu_per_system, folder)
    store = Store(work / "import.sqlite", backup=False)
    ours, result = timed(research_files.import_mtme, store, str(folder), "en-de", "mqm")
    print(f"import-mtme WMT23 en-de, chrF, chrF++ and BLEU computed for {len(result['systems'])} systems:")
    print(f"  baseline  sacrebleu per system (the previous import's method): {base:.2f} s")
    print(f"  lyss      import-mtme (references cached, chrF read off chrF++):  {ours:.2f} s   "
          f"speed-up {base / ours:.1f}× (target ≥ 3×)")


def _alpha_bench(work: Path, tsv: Path) -> None:
    store = Store(work / "mlqe.sqlite", backup=False)
    research_files.import_da(store, str(tsv))
    analyses.agreement(store, "DA", "score", resamples=0)  # warm
    point, _ = timed(analyses.agreement, store, "DA", "score", resamples=0)
    full, found = timed(analyses.agreement, store, "DA", "score", resamples=1000)
    print(f"Krippendorff's alpha, MLQE-PE ne-en ({found['answers']:,} ratings), interval and ordinal:")
    print(f"  baseline  the point estimates alone:          {point:.3f} s")
    print(f"  lyss      with 1,000-resample intervals:       {full:.3f} s   ratio {full / point:.1f}× (target ≤ 4×; "
          f"the krippendorff package per resample took ~100×)")


def large_runs(scored: dict, entries: int) -> list[dict]:
    """Two runs of one test set of ``entries`` segments (the demo's, numbered), half their outputs shared (the
    status bench's campaign, and tests/test_records.py's)."""
    scored = json.loads(json.dumps(scored, default=json_default))  # the scored card as it is written
    runs = []
    for slug in ("big/one", "big/two"):
        card = json.loads(json.dumps(scored))
        card["model_slug"], card["entries"] = slug, []
        for k in range(entries):
            e = json.loads(json.dumps(scored["entries"][k % len(scored["entries"])]))
            e["id"], e["source"] = f"s{k}", f"{e.get('source', '')} {k}"
            e["predicted"] = f"{e.get('predicted', '')} {k}" + (f" ({slug})" if k % 2 else "")
            card["entries"].append(e)
        card.get("lyss", {}).get("input", {}).pop("entries_sha256", None)
        runs.append(card)
    return runs


def _status_bench(work: Path, scored: dict) -> None:
    store = Store(work / "status.sqlite", backup=False)
    cid = campaigns.create_adaptive_campaign(store, large_runs(scored, 3000), "A")
    speakers = [records.speakers.add_speaker(store, f"speaker {k}", "bench") for k in range(3)]
    for k in range(40):  # 120 answers, as served
        for spk in speakers:
            position = sequence.Sequence(store, cid, spk).first_open()
            if position is not None:
                records.answers.answer(store, cid, spk, position, {"adequacy": 1 + k % 5, "fluency": 1 + k % 4})
    store.close()
    store = Store(work / "status.sqlite", backup=False)  # nothing kept: a command's first status
    base, rows = timed(records.answers.values, store, "A", "adequacy", cid)
    full, found = timed(decisions.status, store, cid)
    again, _ = timed(decisions.status, store, cid)
    print(f"study status, a 6,000-item adaptive campaign ({found['answers']:,} answers, {found['items']:,} items to "
          f"rate):")
    print(f"  baseline  its answers read once:               {base:.3f} s")
    print(f"  lyss      study status (decisions, plan):      {full:.3f} s   ratio {full / base:.1f}×")
    print(f"  lyss      again, no row changed (kept):        {again:.4f} s   ratio {again / base:.2f}×")
    store.close()


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="lyss-review-bench-"))
    try:
        build, store = timed(_answers_db, work)
        answers = store.one("select count(*) as n from ratings")["n"]
        one, _ = timed(analyses.correlate, store, "composite", "adequacy_z")
        full, result = timed(analyses.correlate, store, "composite", "adequacy_z", 1000)
        print(f"correlation table, {answers:,} answers ({result['num_sys']} systems × {result['num_items']:,} items):")
        print(f"  baseline  one table without CIs:       {one:.2f} s   (database built in {build:.1f} s)")
        print(f"  lyss      table + 1,000-resample CIs:   {full:.2f} s   ratio {full / one:.1f}× the single table "
              f"(target ≤ 5 s)")

        wmt = SHARED / "data" / "wmt23-en-de"
        if wmt.exists():
            _import_bench(work, wmt)
        mlqe = SHARED / "data" / "mlqe-pe" / "ne-en" / "test20.neen.df.short.tsv"
        if mlqe.exists():
            _alpha_bench(work, mlqe)
        if wmt.exists():
            wstore = Store(work / "wmt.sqlite", backup=False)
            research_files.import_mtme(wstore, str(wmt), "en-de", "mqm", "chrF-refA")
            runs, _, gold, values = analyses._system_matrix(wstore, "chrF-refA", analyses.item_scores(wstore, "mqm"))
            corr = correlation.Correlation(len(runs), [g for r in gold for g in r], [v for r in values for v in r])
            rows = corr.rows("item")
            base, want = timed(_pairwise_python_acc23, [(list(g), list(m)) for g, m in rows])
            ours, (got, eps) = timed(correlation.tie_calibrated, rows)
            assert abs(got - want) < 1e-9, (got, want)
            pairs = sum(len(g) * (len(g) - 1) // 2 for g, _ in rows)
            print(f"tie-calibrated acc23, WMT23 en-de by item ({len(rows)} items, {pairs:,} pairs) = {got:.4f} (ε {eps:g}):")
            print(f"  baseline  pure-Python pairwise sweep:   {base:.3f} s")
            print(f"  lyss      vectorised sweep:              {ours:.3f} s   speed-up {base / ours:.1f}×")

        small = Store(work / "answers.sqlite", backup=False)
        demo = json.loads((Path(__file__).resolve().parents[1] / "examples" / "demo-crk.runcard.json").read_text("utf-8"))
        (work / "demo.json").write_text(json.dumps(demo, ensure_ascii=False), "utf-8")
        scored = engine.score_run(runcard.load(str(work / "demo.json")), load_profile("B"), n_bootstrap=10)
        cid = campaigns.create_campaign(small, scored, "A")
        spk = records.speakers.add_speaker(small, "bench", "bench")
        sequence.join(small, cid, spk)
        latencies = []
        for k in range(300):
            pos = k % 40
            start = time.perf_counter()
            records.answers.answer(small, cid, spk, pos, {"adequacy": 1 + k % 5, "fluency": 1 + k % 4})
            latencies.append(time.perf_counter() - start)
        raw = sqlite3.connect(str(work / "raw.sqlite"), isolation_level=None)
        raw.execute("PRAGMA journal_mode=WAL")
        raw.execute("PRAGMA synchronous=FULL")
        raw.execute("create table t (k integer primary key, v text)")
        plain = []
        for k in range(300):
            start = time.perf_counter()
            raw.execute("BEGIN IMMEDIATE")
            raw.execute("insert into t (v) values (?)", ["x" * 40])
            raw.execute("COMMIT")
            plain.append(time.perf_counter() - start)
        p50, p95 = np.percentile(latencies, [50, 95]) * 1000
        b50, b95 = np.percentile(plain, [50, 95]) * 1000
        print("recording one answer (durable, synchronous=FULL, 300 answers):")
        print(f"  baseline  plain SQLite insert+commit:    p50 {b50:.2f} ms, p95 {b95:.2f} ms")
        print(f"  lyss      records.answers.answer:              p50 {p50:.2f} ms, p95 {p95:.2f} ms   "
              f"ratio p95 {p95 / b95:.1f}×")
        _status_bench(work, scored)
    finally:
        shutil.rmtree(work, ignore_errors=True)
