"""The ``lyss study`` verbs (their parsers: ``cli_review.py``): agreement, correlations, quality, reliability,
reweighting, tiers, status and the report, imports of test sets, and the offline experiments. Each makes one call
into :mod:`review` and prints."""

from __future__ import annotations

import math
from pathlib import Path

from review.operations import records
from review.operations.records import catalogue, laptops, shared_folder
from review.operations.study import analyses, decisions, report, research_files, reweight, tiers
from review.operations.study import replay, simulation
from review.operations.study import premark_effect
from review.operations.tasks import attention
from scoring.errors import BadValue, FileProblem
from scoring.files import atomic_path, refuse_overwriting_inputs

from .terminal import shown
from .verbs import print_result, said_text, with_progress


def agreement_text(table: list[dict]) -> str:
    lines = [f"{'question':<14} {'scale':<9} {'answers':>7} {'speakers':>8} {'items':>6}  alpha (95% interval)"]
    for r in table:
        levels = "  ".join(f"{level} {_interval(r[level])}" for level in ("nominal", "ordinal", "interval")
                           if level in r)
        lines.append(f"{r['question']:<14} {r['scale']:<9} {r['answers']:>7} {r['raters']:>8} {r['items']:>6}  {levels}")
    return "\n".join(lines)


def correlation_text(r: dict) -> str:
    cis = r.get("confidence_intervals", {})
    lines = [f"{r['metric']} vs {r['human']}: {r['num_sys']} systems, {r['num_items']} items"]
    for level, table in [*((f"segment/{k}", v) for k, v in r["segment"].items()), ("system", r["system"])]:
        prefix = level.replace("/", ".")
        cells = []
        for k, v in table.items():
            ci = cis.get(f"{prefix}.{k}")
            shown_v = f"{v:.4f}" if isinstance(v, float) else f"{v}"
            cells.append(f"{k} {shown_v}" + (f" [{ci['ci_lower']:.4f}, {ci['ci_upper']:.4f}]" if ci else ""))
        lines.append(f"  {level:<13} " + "  ".join(cells))
    return "\n".join(lines)


def reliability_text(rows: list[dict]) -> str:
    lines = [f"{'speaker':<22} {'answers':>7} {'repeats same':>12} {'degraded lower':>14} {'p (MWU)':>8} "
             f"{'median s':>8} {'away s':>7}  flags"]
    for r in rows:
        p = "—" if r["degraded_p_value"] is None else f"{r['degraded_p_value']:.3f}"
        med = "—" if r["median_seconds"] is None else f"{r['median_seconds']:.1f}"
        lines.append(f"{shown(r['speaker_id']):<22} {r['answers']:>7} "
                     f"{str(r['repeats_consistent']) + '/' + str(r['repeats_checked']):>12} "
                     f"{str(r['degraded_scored_lower']) + '/' + str(r['degraded_checked']):>14} {p:>8} {med:>8} "
                     + f"{r['away_seconds']:>7.0f}  " + ("; ".join(r["flags"]) or "none"))
    return "\n".join(lines)


def _interval(block: dict | None, key: str = "alpha") -> str:
    if not block or block.get(key) is None:
        return "—"
    ci = f" [{block['ci_lower']:.4f}, {block['ci_upper']:.4f}]" if block.get("ci_lower") is not None else ""
    return f"{block[key]:.4f}{ci}"


def _study_agreement(store, args) -> int:
    if args.question:  # one question: one object
        one = analyses.agreement(store, args.task, args.question, args.campaign, args.bootstrap)
        return print_result(one, args.json, agreement_text([one]))
    table = analyses.agreement_table(store, args.campaign, args.task, args.bootstrap)
    return print_result(table, args.json, agreement_text(table))


def _study_correlate(store, args) -> int:
    metric, human, campaign = analyses.correlate_defaults(store, args.campaign, args.metric, args.human)
    r = with_progress(lambda bar: analyses.correlate(store, metric, human, args.bootstrap, campaign_id=campaign,
                                                   progress=bar))
    r["notes"] = analyses.correlation_notes(r, args.metric is not None, analyses.metric_names(store))
    return print_result(r, args.json, "\n".join([correlation_text(r), *r["notes"]]))


def _study_compare_metrics(store, args) -> int:
    r = analyses.compare_metrics(store, args.metric, args.metric2, args.human, args.statistic, args.grouping,
                              args.resamples)
    return print_result(r, args.json, f"Δ {r['statistic']} ({args.metric2} − {args.metric}) = {r['delta']:+.4f}, "
                                f"p = {r['p_value']:.4f} (PERM-BOTH, {r['resamples']} resamples)")


def _study_linter_precision(store, args) -> int:
    r = analyses.linter_precision(store, args.campaign)
    lines = [f"{c:<24} {v['precision']:.3f} [{v['ci_lower']:.3f}, {v['ci_upper']:.3f}] n={v['judged_pairs']}"
             for c, v in r["classes"].items()] or ["no task B answers with a majority yet"]
    return print_result(r, args.json, "\n".join(lines))


def _study_fst_rejection(store, args) -> int:
    r = analyses.fst_false_rejection(store, args.campaign)
    text = ("no task C answers with a majority yet" if r["false_rejection_rate"] is None else
            f"false rejection {r['false_rejection_rate']:.3f} [{r['ci_lower']:.3f}, {r['ci_upper']:.3f}] "
            f"over {r['words_decided']} words; valid: {', '.join(r['valid_words'][:20])}")
    return print_result(r, args.json, text)


def _study_quality(store, args) -> int:
    found = analyses.speaker_catch_rates(store, args.campaign)
    names = records.speakers.names_here(store, [r["speaker_id"] for r in found["speakers"]])
    return print_result(found, args.json, quality_text(found, names))


def quality_text(found: dict, names: dict[str, str] | None = None) -> str:
    """The catch rates as a coordinator reads them: a line per speaker (named where this laptop has the name), their
    catch rate per kind of error with its interval and the flag, then per kind over every speaker."""
    if not found["speakers"]:
        return "no attention item answered yet"
    names = names or {}
    lines = [f"attention items: {attention.KIND_WORDS[found['kind']]}; a speaker catching fewer than "
             f"{found['min_catch']:.0%} is flagged",
             f"{'speaker':<30} {'caught':>9} {'rate':>6} {'95% interval':>13} {'waiting':>7}"]
    for r in found["speakers"]:
        who = f"{names[r['speaker_id']]} ({r['speaker_id']})" if r["speaker_id"] in names else r["speaker_id"]
        lines.append(f"{shown(who):<30} {str(r['caught']) + '/' + str(r['checked']):>9} "
                     f"{_share(r['rate']):>6} {_span(r):>13} {r['waiting']:>7}")
        if r["by_kind"]:
            lines.append("    " + "; ".join(_kind_rate(kind, k) for kind, k in r["by_kind"].items()))
        if r["flag"]:
            lines.append(f"    flag: {r['flag']}")
    for kind, k in found["by_kind"].items():
        lines.append(f"every speaker, {_kind_rate(kind, k)}")
    return "\n".join(lines)


def _kind_rate(kind: str, k: dict) -> str:
    """"number 3 of 4 caught (75%, 95% interval 30%–95%)"."""
    return f"{kind} {k['caught']} of {k['checked']} caught ({_share(k['rate'])}, 95% interval {_span(k)})"


def _share(rate: float | None) -> str:
    return "—" if rate is None else f"{rate:.0%}"


def _span(r: dict) -> str:
    return "—" if r["low"] is None else f"{r['low']:.0%}–{r['high']:.0%}"


def _study_reliability(store, args) -> int:
    rows = analyses.speaker_reliability(store, args.campaign)
    return print_result(rows, args.json, reliability_text(rows))


def reweight_text(r: dict) -> str:
    w = ", ".join(f"{k} {v:.3f}" for k, v in r["weights"].items())
    text = (f"fitted weights: {w}\n  cross-validated Pearson {r['cv_pearson']:.4f} vs default profile "
            f"{r['cv_pearson_default']:.4f} ({r['folds']} folds, {r['evidence']['items']} items)")
    if r["evidence"].get("left_out_answers"):
        text += (f"\n  {r['evidence']['left_out_answers']} answers left out: their speakers did not agree to "
                 f"reweighting")
    if r["insufficient"]:
        text += "\n  evidence below the minimum: " + "; ".join(r["insufficient"])
    if r["worse_than_default"]:
        text += "\n  WARNING: the refit cross-validates worse than the default profile"
    if r["written"]:
        text += f"\n  wrote {r['written']} (use it with lyss score --profile {r['written']})"
    return text


def _study_reweight(store, args) -> int:
    r = reweight.reweight(store, args.human, args.base, args.out, args.force)
    return print_result(r, args.json, reweight_text(r))


def confirm_tier_text(r: dict) -> str:
    return "\n".join(said_text(one) for one in r["said"])


def _study_confirm_tier(store, args) -> int:
    r = tiers.confirm_tier(store, args.run, campaign=args.campaign)
    return print_result(r, args.json, confirm_tier_text(r))


def _study_import_mtme(store, args) -> int:
    r = with_progress(lambda bar: research_files.import_mtme(store, args.folder, args.lp, args.human, args.metric,
                                                       only=args.systems, progress=bar))
    return print_result(r, args.json, f"imported {len(r['systems'])} systems × {r['segments']} segments "
                                f"({r['human']}; metrics {', '.join(r['metrics'])})")


def _study_import_da(store, args) -> int:
    r = research_files.import_da(store, args.tsv, args.name)
    return print_result(r, args.json, f"imported {r['items']} items with {r['ratings']} ratings ({r['campaign_id']})")


def status_text(r: dict) -> str:
    top = 2 + len(r.get("imports") or [])  # what was counted, the order, each import; the pace after the questions
    head, pace = r["summary"][:top], r["summary"][top:]
    lines = [f"{shown(r['name'])} ({r['campaign']})", *(f"  {said_text(one)}" for one in head)]
    for found in r["questions"]:
        first, *rest = found["said"]
        lines.append(f"  {said_text(first)}")
        lines.extend(f"    {said_text(one)}" for one in rest)
    lines.extend(f"  {said_text(one)}" for one in [*r["said"], *pace])
    return "\n".join(lines)


def _study_status(store, args) -> int:
    r = decisions.status(store, catalogue.find_campaign(store, args.campaign, imported=True))
    return print_result(r, args.json, status_text(r))


def _study_report(store, args) -> int:
    from .community_report import write_pdf  # deferred: Qt (QPdfWriter) loads only to draw the report
    out = Path(args.out)
    if out.suffix.lower() != ".pdf":
        raise BadValue("--out", args.out, "give a file name ending in .pdf")
    refuse_overwriting_inputs(args.out, [store.path])
    found = report.community_report(store, catalogue.find_campaign(store, args.campaign))
    with atomic_path(out) as tmp:
        pages = write_pdf(str(tmp), found, shared_folder.chosen(store), laptops.names(store),
                          ui=args.language)
    print(f"wrote the report of {found['name']} on {pages} pages to {out}")
    return 0


def _study_premark_effect(store, args) -> int:
    r = premark_effect(store, catalogue.find_campaign(store, args.campaign))
    return print_result(r, args.json, premark_effect_text(r))


def premark_effect_text(r: dict) -> str:
    lines = [f"pre-marks ({r['premark']}, split {r['split']:g}): {r['shown']} answers shown them, "
             f"{r['held_back']} held back"]
    for measure, unit in (("score", "points"), ("mqm", "MQM points"), ("seconds", "s")):
        d = r[measure]
        lines.append(f"  {measure}: " + (f"{d['difference']:+.2f} {unit} [{d['ci_lower']:+.2f}, {d['ci_upper']:+.2f}]"
                                         if d else "—"))
    if r.get("reason"):
        lines.append(f"  {r['reason']}")
    return "\n".join(lines)


def simulation_text(r: dict) -> str:
    def share(v):
        return "—" if v is None else f"{v:.3f}"
    return "\n".join([
        f"{r['human']} of {r['lp']} ({r['folder']}): {len(r['systems'])} systems, {r['pairs']} pairs, {r['items']} items "
        f"rated for every system, {r['orders']} orders, alpha {r['alpha']}",
        f"  fixed design ({r['fixed_test']}): {r['fixed_decided']} pairs different",
        f"  sequential: stops after {share(r['mean_fraction'])} of the items on average "
        f"(median {share(r['median_fraction'])}) on those pairs",
        f"  stopped {share(r['sequential_decided'])} of all runs; wrong direction {share(r['wrong_direction'])}; "
        f"type I error (signs flipped) {share(r['type_one_error'])}",
        f"  an adaptive campaign over all systems needs {share(r['adaptive_fraction'])} of the fixed design's ratings"])


def question_text(r: dict) -> str:
    nulls = r["null_type_one_error"]
    asked = (f" ({shown(r['candidate'])} against {shown(r['baseline'])})" if r["question"] == "non-inferior" else
             f" ({shown(r['candidate'])} against {r['threshold']:g})" if r["question"] == "tier" else "")
    lines = [f"{r['human']} of {r['lp']} ({r['folder']}): question {r['question']}{asked}, delta {r['delta']:g}, "
             f"alpha {r['alpha']}, {len(r['systems'])} systems, {r['items']} items, {r['orders']} orders",
             f"  ratings used: {r['fraction']:.3f} of a fixed design's ({r['sequence']} sequence)",
             f"  answers: right within delta {r['correct']:.3f}, wrong {r['wrong']:.3f}, still open {r['open']:.3f}"]
    if nulls:
        lines.append("  type I error under true nulls: " + "; ".join(
            f"{name.replace('_', ' ')} {v['overall']:.3f}" + (f" (worst pair {v['worst_pair']:.3f})" if "worst_pair" in v
                                                              else "") for name, v in nulls.items()))
    return "\n".join(lines)


def run_simulate_sequential(args) -> int:
    if args.question is None:
        r = with_progress(lambda bar: simulation.simulate(args.folder, args.lp, args.human, args.orders, args.alpha,
                                                           args.seed, progress=bar))
        return print_result(r, args.json, simulation_text(r))
    if args.delta is None:
        raise BadValue("--delta", "", "a question needs its margin: the smallest difference that matters (e.g. 2 "
                                      "MQM points)")
    r = with_progress(lambda bar: simulation.simulate_question(
        args.folder, args.lp, args.human, args.question, args.delta, args.orders, args.alpha, args.seed,
        args.baseline, args.candidate, args.threshold, progress=bar))
    return print_result(r, args.json, question_text(r))


def run_replay_esa(args) -> int:
    esa = Path(args.file).resolve()
    if not esa.is_file():
        raise FileProblem(args.file, "", "not found: an Appraise ESA export (CSV)")
    beside = esa.parent.name.removesuffix("-esa")
    wmt = Path(args.wmt) if args.wmt else esa.parent.with_name(beside) if beside else esa.parent
    if not (wmt / "sources" / f"{args.lp}.txt").is_file():
        raise FileProblem(str(wmt), f"sources/{args.lp}.txt", "not found: --wmt names the mt-metrics-eval folder of "
                                                            "the annotated texts")
    if args.premark_seconds is not None and not math.isfinite(args.premark_seconds):
        raise BadValue("--premark-seconds", str(args.premark_seconds), "a number of seconds")
    r = with_progress(lambda bar: replay.replay_esa(str(esa), str(wmt), args.lp, progress=bar,
                                                     premark_seconds=args.premark_seconds))
    return print_result(r, args.json, replay_text(r))


def replay_text(r: dict) -> str:
    def share(v):
        return "—" if v is None else f"{v:.3f}"
    return "\n".join([
        f"{r['items']} annotated items replayed; pre-marks from the reference ({r['match']}):",
        f"  precision {share(r['precision'])} of {r['premarked_words']} pre-marked words, recall {share(r['recall'])} "
        f"of {r['annotated_words']} annotated words",
        f"  keys per item: {share(r['keys_per_item_without'])} without pre-marks, {share(r['keys_per_item_with'])} "
        f"with",
        f"  speaker-hours without pre-marks: {r['hours_without']}; with: "
        f"{r['hours_with'] if r['hours_with'] is not None else r['hours_with_reason']}"])
