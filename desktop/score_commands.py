"""``lyss score``, ``compare``, ``gate`` and ``rubric``: parse (``desktop.cli``), call ``scoring`` and
``eval_standards``, print."""

from __future__ import annotations

from eval_standards.setup import prepare
from scoring import gate as gating, rubric as rubrics, runcard, runs, scorecard
from scoring.errors import BadValue
from scoring.files import json_text

from .terminal import ProgressBar, shown


def _prepare(args, card):
    return prepare(card, args.lang, args.profile, {"analyzer_dir": getattr(args, "analyzer_dir", None)})


def cmd_score(args) -> int:  # the bounds of --bootstrap: desktop.cli_parsing.resamples
    runcard.refuse_overwriting_inputs(args.out, args.inputs)
    card = runcard.load(args.inputs)
    if args.name is not None:
        card.meta["model_slug"] = runcard.run_name(args.name)
    bar = ProgressBar()
    try:
        scored = runs.score(card, _prepare(args, card), seed=args.seed, n_bootstrap=args.bootstrap,
                            use_cache=not args.no_cache, progress=bar)
    finally:
        bar.close()
    if args.out:
        runcard.write_json_atomic(args.out, scored)
    if args.json:
        print(json_text(scored["scores"], indent=2))
    else:
        print(scorecard.render(scored))
        if args.out:
            print(f"  wrote {args.out}")
    return 0


def cmd_compare(args) -> int:
    if len(args.runs) < 2:
        raise BadValue(args.runs[0], "", "compare needs two or more runs")
    result = runs.compare([runcard.load(p) for p in args.runs], lambda card: _prepare(args, card), args.metric,
                          args.seed, args.bootstrap, args.trials,
                          allow_profile_mismatch=args.allow_profile_mismatch)
    tests, ranking = result["comparisons"], result["ranking"]
    if args.json:
        print(json_text(result, indent=2))
        return 0
    print(f"Paired comparison against {result['baseline']} (Δ = run − baseline; bootstrap {args.bootstrap}, "
          f"randomisation {args.trials} trials, seed {args.seed}; every run scored here with profile {result['profile']})")
    if result["left_out"]:
        print(f"  the composite is compared on the metrics every run has; left out: {', '.join(result['left_out'])}")
    for t in tests:
        if not t["available"]:
            print(f"  {t['b']}  {t['metric']}: {t['reason']}")
            continue
        mark = "significant" if t["significant"] else "not significant"
        print(f"  {t['b']}  {t['metric']:<17} Δ {t['delta']:+.4f} [{t['delta_ci_lower']:+.4f}, "
              f"{t['delta_ci_upper']:+.4f}]  p_bs {t['p_bootstrap']:.4f}  p_ar {t['p_randomization']:.4f}  {mark}")
    print(f"\nRanking by {args.metric} (a new cluster starts where a run is significantly worse than its cluster's best)")
    for r in ranking:
        print(f"  {r['rank']:>2}. cluster {r['cluster']}  {r['score']:.4f}  {r['run']}")
    return 0


def cmd_gate(args) -> int:
    verdict = gating.gate(gating.read_result(args.new), gating.read_result(args.baseline), args.max_drop,
                          args.minimum, allow_profile_mismatch=args.allow_profile_mismatch)
    if args.json:
        print(json_text(verdict, indent=2))
    else:
        state = "PASS" if verdict["passed"] else "FAIL"
        print(f"{state}: overall {verdict['baseline']:.4f} → {verdict['overall']:.4f} ({verdict['delta']:+.4f})")
        for failure in verdict["failures"]:
            print(f"  {failure}")
        for g in verdict["soft_gates"]:
            bound = f"≤ {g['max']}" if "max" in g else f"≥ {g['min']}"
            state = {True: "ok", False: "WARNING", None: "not measured"}[g["passed"]]
            value = "—" if g["value"] is None else f"{g['value']:g}"
            print(f"  soft gate {g['label']} {bound}: {value} ({state}; soft gates warn, never block)")
        for key, delta in sorted(verdict["dimension_deltas"].items(), key=lambda kv: kv[1]):
            flag = "  ← moved most" if key == verdict["most_moved"] else ""
            print(f"  {key:<24} {delta:+.4f}{flag}")
    return 0 if verdict["passed"] else 1


def cmd_rubric(args) -> int:
    rb = rubrics.load_rubric(args.rubric, "rubrics")
    result = rubrics.score_items(rb, rubrics.read_items(args.items), args.items)
    if args.out:
        runcard.write_json_atomic(args.out, result)
    if args.json:
        print(json_text(result, indent=2))
        return 0
    mean, items = result["score"], result["items"]
    print(f"{rb.name}: mean score {mean:.4f} over {result['scored_items']} of {len(items)} items" if mean is not None
          else f"{rb.name}: no score (no dimension of this rubric has a check to run) over {len(items)} items")
    for s in items:
        parts = " ".join(f"{k}={'—' if v is None else format(v, 'g')}" for k, v in s["breakdown"].items())
        print(f"  {shown(s['item'])}: {'no score' if s['score'] is None else format(s['score'], '.2f')}  {parts}")
    return 0
