"""Getting data in and out: the mt-metrics-eval layout (WMT), MLQE-PE direct assessments, and
exports a researcher opens in pandas or R (CSV, JSONL) or feeds back to mt-metrics-eval."""

from __future__ import annotations

import ast
import csv
import hashlib
import io
import json
import math
import os
import shutil
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

from scoring import surface
from scoring.errors import BadValue, FileProblem, NotFound
from scoring.files import portable_name, portable_name_problem, refuse_overwriting_inputs, replace, write_atomic
from scoring.progress import Progress, report
from scoring.runcard import read_text

from . import analyses, order
from .. import tasks as task_defs
from ..records import answers as answer_records, catalogue, exports, imports, sequences, speakers as speaker_records
from ..records.catalogue import insert_campaign, same_outputs
from ..store import Store, content_id as _hash, dumps, now
from ..tasks import attention, premarks
from ..tasks.error_spans import mqm_score

COMPUTED = ("chrF", "chrF++", "BLEU")
IMPORTED_AT = "1970-01-01T00:00:00.000000Z"  # imported answers never win a merge against a real edit


def _read_lines(path: Path) -> list[str]:
    if not path.is_file():
        raise FileProblem(str(path), "", "file not found (is this an mt-metrics-eval folder?)")
    text = read_text(path)
    lines = text.split("\n")
    return lines[:-1] if text.endswith("\n") else lines


def human_scores_file(folder: str, lp: str, human: str) -> Path:
    """A human score's segment file: ``DIR/human-scores/LP.NAME.seg.score`` (mt-metrics-eval), or
    ``DIR/LP.NAME.seg.score`` for a folder that holds only score files."""
    root = Path(folder)
    if not root.is_dir():
        raise FileProblem(folder, "", "not a folder")
    name = f"{lp}.{human}.seg.score"
    for path in (root / "human-scores" / name, root / name):
        if path.is_file():
            return path
    raise FileProblem(str(root / "human-scores" / name), "", f"no human score {human!r} for {lp} in this folder")


def read_scores(path: Path) -> dict[str, list[float | None]]:
    """``SYSTEM<TAB>SCORE`` lines grouped by system, in file order (``None`` kept)."""
    out: dict[str, list[float | None]] = defaultdict(list)
    for lineno, line in enumerate(_read_lines(path), 1):
        if not line.strip():
            continue
        try:
            system, value = line.split("\t")
            number = None if value.strip() == "None" else float(value)
        except ValueError:
            raise FileProblem(str(path), f"line {lineno}", "expected SYSTEM<TAB>SCORE") from None
        if number is not None and not math.isfinite(number):
            raise FileProblem(str(path), f"line {lineno}", f"{value.strip()!r} is not a finite number (a missing "
                                                          f"score is written None)")
        out[system].append(number)
    return out


def import_mtme(store: Store, folder: str, lp: str, human: str, metric: str | None = None,
                reference: str = "refA", only: list[str] | None = None, progress: Progress = None) -> dict:
    """Load an mt-metrics-eval test set: one run per system, one item per segment, human segment and
    system scores, and a metric's scores — from its score files, or computed here (chrF, chrF++,
    BLEU with sacrebleu) when ``metric`` is None. The reference the metric uses is not a system;
    ``only`` keeps a subset of the systems."""
    root = Path(folder)
    sources = _read_lines(root / "sources" / f"{lp}.txt")
    refs = _read_lines(root / "references" / f"{lp}.{reference}.txt")
    human_seg = read_scores(root / "human-scores" / f"{lp}.{human}.seg.score")
    human_sys = {k: v[0] for k, v in read_scores(root / "human-scores" / f"{lp}.{human}.sys.score").items()}
    metric_seg = metric_sys = None
    if metric:
        metric_seg = read_scores(root / "metric-scores" / lp / f"{metric}.seg.score")
        metric_sys = {k: v[0] for k, v in read_scores(root / "metric-scores" / lp / f"{metric}.sys.score").items()}
    systems = [s for s in sorted(human_seg) if s != reference and (not only or s in only)]
    added = 0
    reference_set = None
    with store.transaction() as db:
        for k, system in enumerate(systems):
            report(progress, f"system {system}", k / len(systems))
            outputs = _read_lines(root / "system-outputs" / lp / f"{system}.txt")
            if len(outputs) != len(sources) or len(human_seg[system]) != len(sources):
                raise FileProblem(str(root), system, f"{len(outputs)} outputs / {len(human_seg[system])} scores for "
                                                    f"{len(sources)} sources")
            run_id = f"run-{_hash('mtme', root.name, lp, system)[:16]}"
            values: dict[str, list] = {}
            extra_sys: dict[str, float] = {}
            if metric_seg is not None:
                values[metric] = metric_seg.get(system) or [None] * len(sources)
                if system in metric_sys:
                    extra_sys[metric] = metric_sys[system]
            else:
                reference_set = reference_set or surface.ReferenceSet(refs)  # reference n-grams extracted once
                values, extra_sys = reference_set.scores(outputs)
            catalogue.add_imported_run(db, {"id": run_id, "name": system, "model_slug": system,
                                            "language": lp.split("-")[-1], "card_sha256": None, "scored_card": None,
                                            "imported_at": now(), "source": f"mt-metrics-eval {root.name} {lp}",
                                            "extra": dumps({"human_sys": {human: human_sys.get(system)},
                                                            "metric_sys": extra_sys})})
            existing = catalogue.run_extra(store, run_id)
            existing.setdefault("human_sys", {})[human] = human_sys.get(system)
            existing.setdefault("metric_sys", {}).update(extra_sys)
            catalogue.set_run_extra(db, run_id, existing)
            items, scores = [], []
            for k, (src, ref, out) in enumerate(zip(sources, refs, outputs)):
                item_id = f"it-{_hash(run_id, k)}"
                row_metrics = {name: v[k] for name, v in values.items() if v[k] is not None}
                items.append({"id": item_id, "run_id": run_id, "entry_id": str(k), "kind": "segment", "source": src,
                              "output": out, "reference": ref, "difficulty": None, "metrics": dumps(row_metrics),
                              "extra": dumps({})})
                if human_seg[system][k] is not None:
                    scores.append({"item_id": item_id, "kind": human, "score": human_seg[system][k]})
            catalogue.add_imported_items(store, db, items)
            catalogue.put_human_scores(db, scores)
            added += len(items)
    return {"systems": systems, "segments": len(sources), "items": added, "human": human,
            "metrics": [metric] if metric else list(COMPUTED)}


def _recorded(store: Store, db, campaign_id: str, name: str, text: str, rows: int, added: int) -> None:
    """Record an import (issue 66): the first into a campaign, and each later one that adds ratings or brings another
    file under its name — the same file again changes nothing, not even this record."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    held = imports.of_campaign(store, campaign_id)
    if not held or added or digest not in {r["sha256"] for r in held}:
        imports.record(db, campaign_id, name, digest, rows, added)


def _finite(value) -> float:
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(value)
    return number


def import_da(store: Store, tsv: str, name: str | None = None) -> dict:
    """MLQE-PE style direct assessments: one item per row, its raw 0–100 ratings (as anonymous raters,
    since MLQE-PE gives no rater identities: alpha does not depend on who rated what within an item),
    the mean (``da``), the mean z-score (``da_z``) and the QE model's score as a metric."""
    path = Path(tsv)
    text = read_text(path)
    reader = csv.DictReader(io.StringIO(text.replace("\r", "")), delimiter="\t", quoting=csv.QUOTE_NONE)
    needed = {"original", "translation", "scores", "mean"}
    if not reader.fieldnames or not needed <= set(reader.fieldnames):
        raise FileProblem(tsv, "line 1", f"needs columns {', '.join(sorted(needed))}")
    run_id = f"run-{_hash('da', path.name)[:16]}"
    campaign_id = f"cmp-{_hash('da', path.name)}"
    items, scores, ratings = [], [], []
    max_raters = 0
    for lineno, row in enumerate(reader, 2):
        if None in row or any(v is None for v in row.values()):
            raise FileProblem(tsv, f"line {lineno}", "a different number of columns than the header")
        try:
            raw = ast.literal_eval(row["scores"])
            values = [_finite(v) for v in raw]
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            raise FileProblem(tsv, f"line {lineno}", "column 'scores' is not a list of numbers") from None
        numbers = {}
        for column in ("mean", "z_mean", "model_scores"):
            if row.get(column) not in (None, ""):
                try:
                    numbers[column] = _finite(row[column])
                except ValueError:
                    raise FileProblem(tsv, f"line {lineno}", f"column {column!r} is not a number") from None
        if "mean" not in numbers:
            raise FileProblem(tsv, f"line {lineno}", "column 'mean' is empty")
        item_id = f"it-{_hash(run_id, row.get('index', lineno))}"
        metrics = {}
        if "model_scores" in numbers:
            metrics["qe_model"] = numbers["model_scores"]
        items.append({"id": item_id, "run_id": run_id, "entry_id": str(row.get("index", lineno - 2)), "kind": "segment",
                      "source": row["original"], "output": row["translation"], "reference": "", "difficulty": None,
                      "metrics": dumps(metrics), "extra": dumps({})})
        scores.append({"item_id": item_id, "kind": "da", "score": numbers["mean"]})
        if "z_mean" in numbers:
            scores.append({"item_id": item_id, "kind": "da_z", "score": numbers["z_mean"]})
        for position, value in enumerate(values):
            ratings.append((item_id, position, value))
        max_raters = max(max_raters, len(values))
    if not items:
        raise FileProblem(tsv, "", "no rows")
    speakers = [f"spk-da-{_hash(path.name, k)[:8]}" for k in range(max_raters)]
    with store.transaction() as db:
        catalogue.add_imported_run(db, {"id": run_id, "name": name or path.stem, "model_slug": None, "language": None,
                                        "card_sha256": None, "scored_card": None, "extra": dumps({}),
                                        "imported_at": now(), "source": f"direct assessments {path.name}"})
        catalogue.add_imported_items(store, db, items)
        catalogue.put_human_scores(db, scores)
        fresh = not catalogue.has_campaign(store, campaign_id)
        speaker_records.add_imported_raters(db, speakers)
        positions = {it["id"]: k for k, it in enumerate(items)}
        if fresh:
            imported = task_defs.importing().code
            insert_campaign(store, {"id": campaign_id, "name": f"Imported DA {path.name}", "task": imported,
                                    "run_id": run_id, "raters_per_item": max_raters, "created_at": now(),
                                    "settings": dumps({"imported": True, "order_seed": order.CONTENT_ONLY})},
                            [it["id"] for it in items])
        sequences.add_imported(db, [{"campaign_id": campaign_id, "speaker_id": speakers[p],
                                     "position": positions[i], "item_id": i, "qc": "", "qc_of": None}
                                    for i, p, _ in ratings])
        before = answer_records.count(store, campaign_id)
        answer_records.add_imported(db, [{"uuid": f"da-{_hash(i, p)}", "campaign_id": campaign_id,
                                          "speaker_id": speakers[p], "position": positions[i], "item_id": i,
                                          "answers": dumps({"score": v}), "note": None, "created_at": IMPORTED_AT,
                                          "updated_at": IMPORTED_AT, "device_id": "import", "seconds": None}
                                         for i, p, v in ratings])
        _recorded(store, db, campaign_id, path.name, text, len(items), answer_records.count(store, campaign_id) - before)
    return {"run_id": run_id, "campaign_id": campaign_id, "items": len(items), "ratings": len(ratings)}


# ----------------------------------------------------------------------------- exports

def _raw_rows(store: Store, campaign_id: str | None = None, left_out: frozenset = frozenset()) -> list[dict]:
    """Every answer of live speakers (of one campaign when given; ``left_out``: speakers whose answers stay out), with
    its campaign's and its run's names: a row for each run whose output it rates (an output several runs share is
    rated once), naming that run."""
    rows = [r for r in answer_records.for_export(store, campaign_id) if r["speaker_id"] not in left_out]
    same = {cid: same_outputs(store, cid) for cid in {r["campaign_id"] for r in rows}}
    names = catalogue.run_names(store)
    checks = {item["id"]: attention.of_item(item["extra"]) for cid in same
              for item in catalogue.degraded_items(store, cid)}
    out = []
    for r in rows:
        r.update(_attention_columns(r, checks))
        answers = json.loads(r.pop("answers"))
        if isinstance(answers.get("spans"), list):  # task E: every span kept, and the score they give
            answers["mqm"] = mqm_score(answers["spans"])
        if isinstance(answers.get("premarks"), list):  # and how many of the marks placed for the speaker stayed
            flags = premarks.kept(answers)
            answers.update(premarks_proposed=len(flags), premarks_kept=sum(flags),
                           premark_controls=sum(bool(m.get("control")) for m in answers["premarks"]),
                           premark_controls_kept=sum(k for m, k in zip(answers["premarks"], flags) if m.get("control")))
        row = {**r, "rated_item_id": r["item_id"], **{f"answer_{k}": v for k, v in answers.items()}}
        out.append(row)
        for copy in same[r["campaign_id"]].get(r["item_id"], ()):  # the same output of another run: rated once,
            out.append({**row, **copy, "run_name": names.get(copy["run_id"])})  # a row of that run, named so
    return out


def _attention_columns(row: dict, checks: dict) -> dict:
    """What an attention item changed (``qc`` "degraded"): its ``attention_kind`` (the grammar's kind of error, or
    "swapped"), and for a wrong form the word, the form and the tag changed; empty for any other answer."""
    change = checks.get(row["item_id"]) if row["qc"] == "degraded" else None
    kind = attention.kind_of(change) if row["qc"] == "degraded" else ""
    return {"attention_kind": kind, "attention_word": (change or {}).get("word", ""),
            "attention_form": (change or {}).get("form", ""), "attention_changed": (change or {}).get("changed", "")}


def _aggregate_rows(store: Store, campaign_id: str | None = None, left_out: frozenset = frozenset()) -> list[dict]:
    """Per item and question: raters, mean (numeric) or majority (nominal), and the mean per-rater z."""
    rows = [r for r in _raw_rows(store, campaign_id, left_out) if not r["qc"]]
    run_names = {r["run_id"]: r["run_name"] for r in rows}
    out = []
    questions = sorted({k for r in rows for k, v in r.items() if k.startswith("answer_") and not isinstance(v, list)})
    for q in questions:
        by_item: dict[tuple, list] = defaultdict(list)
        by_rater: dict[str, list] = defaultdict(list)
        for r in rows:
            if r.get(q) is not None:
                by_item[(r["task"], r["item_id"], r["run_id"], r["entry_id"], r["rated_item_id"])].append(
                    (r["speaker_id"], r[q]))
                by_rater[r["speaker_id"]].append(r[q])
        numeric = all(isinstance(v, (int, float)) for vs in by_item.values() for _, v in vs)
        z = {}
        if numeric:
            stats_ = {k: (np.mean(v), np.std(v)) for k, v in by_rater.items()}
            z = {k: s for k, s in stats_.items()}
        for (task, item, run, entry, rated), values in sorted(by_item.items()):
            row = {"task": task, "question": q[len("answer_"):], "run_id": run, "run_name": run_names.get(run),
                   "entry_id": entry, "item_id": item, "rated_item_id": rated, "raters": len(values)}
            if numeric:
                row["mean"] = float(np.mean([v for _, v in values]))
                zs = [(v - z[s][0]) / z[s][1] if z[s][1] > 0 else 0.0 for s, v in values]
                row["mean_z"] = float(np.mean(zs))
            else:
                row["majority"] = analyses.majority([v for _, v in values])  # empty when tied: no majority
                row["agreeing"] = max(Counter(v for _, v in values).values())
            out.append(row)
    return out


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value):
    """A text cell a spreadsheet will not run as a formula (OWASP's advice: prefix a quote). Numbers
    stay numbers; a negative number is a number, not a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        try:
            float(value)
            return value
        except ValueError:
            return "'" + value
    return value


def _cell(value):
    """A list or object (task E's spans) as JSON text in a CSV cell."""
    return json.dumps(value, ensure_ascii=False) if isinstance(value, (list, dict)) else value


def export_ratings(store: Store, path: str, fmt: str = "csv", include_raw: bool = False,
                   campaign_id: str | None = None, use: str | None = None) -> dict:
    """Aggregates by default; raw answers only with ``include_raw`` (pseudonymous ids, never names); of one campaign
    when ``campaign_id`` is given. One row per run and output: an answer to an output several runs share is a row for
    each of them, each naming its own run (``run_id``, ``run_name``) and the item that holds the rating
    (``rated_item_id``). ``use``: what the export is for — the answers of speakers whose consent names uses, not this
    one, stay out. Returns how many ``rows`` were written, how many ``answers`` they hold and how many answers were
    ``left_out`` for want of consent."""
    left_out = frozenset(speaker_records.not_consenting(store, use)) if use else frozenset()
    rows = _raw_rows(store, campaign_id, left_out) if include_raw else _aggregate_rows(store, campaign_id, left_out)
    refuse_overwriting_inputs(path, [store.path])
    if fmt == "jsonl":
        write_atomic(path, lambda fh: fh.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    elif fmt == "csv":
        columns = sorted({k for r in rows for k in r}, key=lambda k: (k.startswith("answer_"), k))

        def fill(fh):
            writer = csv.DictWriter(fh, fieldnames=columns, lineterminator="\n")
            writer.writeheader()
            writer.writerows({k: spreadsheet_safe(_cell(v)) for k, v in r.items()} for r in rows)
        write_atomic(path, fill, newline="")
    else:
        raise BadValue("--format", fmt, "csv, jsonl or mtme")
    answers = len({r["uuid"] for r in rows}) if include_raw else None
    every = answer_records.for_export(store, campaign_id)
    kept_out = sum(1 for r in every if r["speaker_id"] in left_out)
    held = [r for r in every if r["speaker_id"] not in left_out]
    exports.record(store, path, fmt, use, [r["campaign_id"] for r in held], [r["speaker_id"] for r in held])
    return {"rows": len(rows), "answers": answers, "left_out": kept_out}


def _write_tree(root: Path, files: dict[str, str]) -> None:
    """Write files under ``root``: all of them in a staging folder beside it first, then moved in (a folder that
    cannot be written, or a full disk, leaves nothing there); a problem is one line."""
    try:
        root.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{root.name}.", dir=root.parent))
    except OSError as exc:
        raise FileProblem(str(root), "", f"cannot write here ({exc.strerror}): nothing was written") from None
    try:
        for relative, text in files.items():
            (staging / relative).parent.mkdir(parents=True, exist_ok=True)
            (staging / relative).write_text(text, "utf-8", newline="\n")
        for relative in files:
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            replace(staging / relative, root / relative)
    except OSError as exc:
        raise FileProblem(str(root), "", f"cannot write here ({exc.strerror}): nothing was written") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _the_campaign_answering(store: Store, human: str) -> str | None:
    """The one campaign whose speakers gave ``human`` scores; with several, one line that lists them (pooling their
    answers in one score file would mix their items and raters)."""
    own = task_defs.human_scores()
    task = own.get(human.removesuffix("_z"), (None,))[0]
    if task is None:
        return None  # analyses.item_scores names the scores there are
    found = answer_records.campaigns_answered(store, task.code)
    if len(found) > 1:
        listed = "; ".join(f"{c['id']} ({c['name']})" for c in found[:8])
        raise BadValue("--campaign", "", f"{len(found)} campaigns here hold {human} answers, and one score file pools "
                                         f"them: choose one with --campaign: {listed}")
    return found[0]["id"] if found else None


def _asked_for(store: Store, campaign_id: str | None) -> tuple[str, str | None]:
    """(human score, campaign) when no human score is named: the campaign's task's own, raw; with no campaign named, the
    one campaign holding answers (with several, one line that lists them: an export never picks one silently), else
    the only human score imported."""
    if campaign_id is None:
        held = answer_records.campaigns_holding_answers(store)
        if len(held) > 1:
            listed = "; ".join(f"{c['id']} ({c['name']}, task {c['task']})" for c in held[:8])
            raise BadValue("--campaign", "", f"{len(held)} campaigns here hold answers: choose one with --campaign "
                                             f"(and --human, if not its task's own score): {listed}")
        campaign_id = held[0]["id"] if held else None
    _, human, _ = analyses.correlate_defaults(store, campaign_id, "composite", None)
    return human.removesuffix("_z"), campaign_id  # the raw score, as mt-metrics-eval's human scores are


def _scores_held(store: Store) -> list[str]:
    """The human scores that have data here: imported ones, and each answered task's own (raw and z-scored)."""
    own = [task_defs.task(t).default_human for t in answer_records.tasks_answered(store)]
    return [*catalogue.human_score_kinds(store), *(f"{h.removesuffix('_z')}{z}" for h in own if h for z in ("", "_z"))]


def export_mtme(store: Store, folder: str, lp: str, human: str | None, campaign_id: str | None = None,
                use: str | None = None) -> dict:
    """Write the runs sharing one set of entries as an mt-metrics-eval test set with their human scores: the speakers'
    answers of one campaign (with several campaigns here, ``campaign_id`` must say which: pooling them would mix
    their items and raters into one score file), or imported gold scores. ``human`` None: the campaign's task's own
    score (:func:`_asked_for`). ``use``: what it is for — refused when a speaker's consent leaves it out (a score file
    holds each item's mean over its raters: no speaker can be left out of it)."""
    against = speaker_records.not_consenting(store, use) if use else []
    if against:
        raise BadValue("--use", use, f"{len(against)} speaker{'' if len(against) == 1 else 's'} did not consent to "
                                     f"{use!r}, and an mt-metrics-eval score file cannot leave their answers out: "
                                     f"export --format csv or jsonl instead (they leave them out); nothing was written")
    if human is None:
        human, campaign_id = _asked_for(store, campaign_id)
    for option, value in (("--lp", lp), ("--human", human)):  # both name files of the folder
        if portable_name_problem(value):
            raise BadValue(option, value, f"it names the folder's files, and {portable_name_problem(value)}")
    gold = bool(catalogue.human_scores(store, human))
    if campaign_id is None and not gold:
        campaign_id = _the_campaign_answering(store, human)
    scores = analyses.item_scores(store, human, None if gold else campaign_id)
    runs = sorted(({"id": k, "name": v} for k, v in catalogue.run_names(store, plain=True).items()),
                  key=lambda r: (r["name"] is not None, r["name"] or ""))  # as SQLite orders names
    if campaign_id is not None:
        of_campaign = {r["id"] for r in catalogue.runs_of(store, campaign_id)}
        runs = [r for r in runs if r["id"] in of_campaign]
    items = catalogue.every_segment(store)
    by_run: dict[str, dict[str, dict]] = defaultdict(dict)
    for it in items:
        by_run[it["run_id"]][it["entry_id"]] = it
    runs = [r for r in runs if any(i in scores for i in (x["id"] for x in by_run[r["id"]].values()))]
    if not runs:
        held = _scores_held(store)
        raise NotFound("--human", human, f"no run has these human scores{' in this campaign' if campaign_id else ''}"
                                         f" (scores with data here: {', '.join(held) or 'none'})")
    entries = sorted(set.intersection(*(set(by_run[r["id"]]) for r in runs)), key=lambda e: (len(e), e))
    root = Path(folder)
    first = by_run[runs[0]["id"]]
    files = {f"sources/{lp}.txt": "".join(first[e]["source"] + "\n" for e in entries),
             f"references/{lp}.refA.txt": "".join(first[e]["reference"] + "\n" for e in entries)}
    seg, sysl, taken = [], [], set()
    for r in runs:  # a run's name becomes its file's name and the name in the score files: one every system holds
        name = portable_name(r["name"].replace("\t", " "), taken)
        files[f"system-outputs/{lp}/{name}.txt"] = "".join(by_run[r["id"]][e]["output"].replace("\n", " ") + "\n"
                                                           for e in entries)
        vals = [scores.get(by_run[r["id"]][e]["id"]) for e in entries]
        seg += [f"{name}\t{'None' if v is None else v}\n" for v in vals]
        present = [v for v in vals if v is not None]
        sysl.append(f"{name}\t{np.mean(present) if present else 'None'}\n")
    files[f"human-scores/{lp}.{human}.seg.score"] = "".join(seg)
    files[f"human-scores/{lp}.{human}.sys.score"] = "".join(sysl)
    _write_tree(root, files)
    held = [] if gold or campaign_id is None else answer_records.for_export(store, campaign_id)
    exports.record(store, str(root), "mtme", use, [campaign_id] if campaign_id else [], [r["speaker_id"] for r in held])
    return {"systems": len(runs), "segments": len(entries), "folder": str(root), "campaign": campaign_id}
