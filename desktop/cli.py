"""The ``lyss`` command line. Thin: it parses arguments, calls scoring/eval_standards/review, prints.

Bad input prints one line ``lyss: FILE: PLACE: PROBLEM`` and exits with status 2, writing nothing.
"""

from __future__ import annotations

import argparse
import json
import sys

from scoring import __version__
from scoring.errors import BadValue, InputError

from .terminal import EscapingStream, ProgressBar, shown

def _add_score(sub) -> None:
    p = sub.add_parser("score", help="score a run card, harness report, TSV/JSONL, or three text files")
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="run card / report / .tsv / .jsonl, or SOURCE REFERENCE PREDICTION")
    p.add_argument("--out", help="write the scored run card here (atomically)")
    p.add_argument("--profile", default="auto", help="A, B, a profile .json, or auto (A when an FST analyser is available)")
    p.add_argument("--lang", help="target language code (default: from the run card)")
    p.add_argument("--seed", type=int, default=12345)
    p.add_argument("--bootstrap", type=int, default=1000, metavar="N", help="bootstrap resamples (default 1000)")
    p.add_argument("--json", action="store_true", help="print the scores block as JSON")
    p.add_argument("--no-cache", action="store_true", help="recompute per-entry statistics")
    p.add_argument("--analyzer-dir", help="look for .hfstol analysers here first")
    p.set_defaults(func=cmd_score)


def _prepare(args, card):
    from eval_standards.setup import prepare
    return prepare(card, args.lang, args.profile, {"analyzer_dir": getattr(args, "analyzer_dir", None)})


def cmd_score(args) -> int:
    from scoring import runcard, scorecard

    if args.bootstrap < 1:
        raise BadValue("--bootstrap", "", "must be at least 1")
    from eval_standards.setup import score_card

    runcard.refuse_overwriting_inputs(args.out, args.inputs)
    card = runcard.load(args.inputs)
    bar = ProgressBar()
    try:
        scored = score_card(card, args.lang, args.profile, {"analyzer_dir": args.analyzer_dir}, seed=args.seed,
                            n_bootstrap=args.bootstrap, use_cache=not args.no_cache, progress=bar)
    finally:
        bar.close()
    if args.out:
        runcard.write_json_atomic(args.out, scored)
    if args.json:
        print(json.dumps(scored["scores"], ensure_ascii=False, indent=2))
    else:
        print(scorecard.render(scored))
        for note in scored["lyss"]["notes"]:
            print(f"  note: {note}")
        if args.out:
            print(f"  wrote {args.out}")
    return 0


def _add_compare(sub) -> None:
    p = sub.add_parser("compare", help="paired significance between runs over the same entries")
    p.add_argument("runs", nargs="+", metavar="RUN")
    p.add_argument("--metric", default="composite", choices=["composite", "chrf_plus_plus", "exact_match_rate"])
    p.add_argument("--profile", default="auto")
    p.add_argument("--lang")
    p.add_argument("--seed", type=int, default=12345)
    p.add_argument("--bootstrap", type=int, default=1000, metavar="N")
    p.add_argument("--trials", type=int, default=10000, help="approximate-randomisation trials")
    p.add_argument("--json", action="store_true")
    p.add_argument("--analyzer-dir")
    p.set_defaults(func=cmd_compare)


def cmd_compare(args) -> int:
    from scoring import compare, engine, runcard

    if len(args.runs) < 2:
        raise BadValue(args.runs[0], "", "compare needs two or more runs")
    cards = compare.align([runcard.load(p) for p in args.runs])
    setup = _prepare(args, cards[0])
    scored = [engine.score(c, setup.profile, conventions=setup.conventions, plugins=setup.plugins, seed=args.seed,
                           n_bootstrap=args.bootstrap) for c in cards]
    base = scored[0]
    result = compare.compare_runs(scored, setup.profile, args.metric, args.seed, args.bootstrap, args.trials)
    tests, ranking = result["comparisons"], result["ranking"]
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    print(f"Paired comparison against {base.name} (Δ = run − baseline; bootstrap {args.bootstrap}, "
          f"randomisation {args.trials} trials, seed {args.seed})")
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


def _add_gate(sub) -> None:
    from scoring.gate import DEFAULT_MAX_DROP
    p = sub.add_parser("gate", help="eval gate: exit 0 when NEW holds up against the baseline, 1 when not",
                       formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("new", metavar="NEW")
    p.add_argument("--baseline", required=True, metavar="OLD")
    p.add_argument("--max-drop", type=float, default=DEFAULT_MAX_DROP,
                   help="largest allowed drop of the overall score, on the 0–1 scale (0.02 = 2 %%)")
    p.add_argument("--min", type=float, dest="minimum", help="the new overall score must reach this (0–1 scale)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_gate)


def cmd_gate(args) -> int:
    from scoring import gate

    verdict = gate.gate(gate.read_result(args.new), gate.read_result(args.baseline), args.max_drop, args.minimum)
    if args.json:
        print(json.dumps(verdict, indent=2))
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


def _add_rubric(sub) -> None:
    p = sub.add_parser("rubric", help="score items (JSON list or JSONL) with a binary rubric such as 'capstone'")
    p.add_argument("items", metavar="ITEMS")
    p.add_argument("--rubric", default="capstone")
    p.add_argument("--out")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_rubric)


def cmd_rubric(args) -> int:
    from scoring import rubric, runcard

    rb = rubric.load_rubric(args.rubric, "rubrics")
    items = rubric.read_items(args.items)
    scored = [rubric.score_item(rb, item) for item in items]
    mean = sum(s["score"] for s in scored if s["score"] is not None) / len(scored)
    result = {"rubric": rb.describe(), "score": mean, "items": scored}
    if args.out:
        runcard.write_json_atomic(args.out, result)
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        print(f"{rb.name}: mean score {mean:.4f} over {len(scored)} items")
        for s in scored:
            parts = " ".join(f"{k}={v:g}" for k, v in s["breakdown"].items())
            print(f"  {s['item']}: {s['score']:.2f}  {parts}")
    return 0


def _add_selftest(sub) -> None:
    p = sub.add_parser("selftest", help="prove this installation works offline, end to end")
    p.add_argument("--gui-screenshot", metavar="PNG", help="also open the app offscreen and save its first window")
    p.set_defaults(func=cmd_selftest)


def cmd_selftest(args) -> int:
    from .selftest import main as selftest
    return selftest(args.gui_screenshot)


class Parser(argparse.ArgumentParser):
    """argparse whose usage errors are one line like every other error (``lyss: … : problem``, status 2)."""

    def error(self, message: str):
        raise BadValue(self.prog, "", f"{message} (see {self.prog} --help)")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="lyss", description="LYSS Desktop: offline MT evaluation for low-resource languages",
                    formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--version", action="version", version=f"lyss {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in (_add_score, _add_compare, _add_gate, _add_rubric, _add_selftest):
        add(sub)
    for extra in _extensions():
        extra(sub)
    return parser


def _extensions():
    """Command groups of the other packages' faces (analysers, review, study, app), when present."""
    found = []
    for module in ("desktop.cli_analyzers", "desktop.cli_review", "desktop.cli_app"):
        try:
            mod = __import__(module, fromlist=["register"])
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        found.append(mod.register)
    return found


def main(argv: list[str] | None = None) -> int:
    """Run one command. Bad input: one line on stderr, status 2. A bug: one line, status 1. Never a
    traceback; control characters in data never reach the terminal."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = EscapingStream(out), EscapingStream(err)
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if not args.command:
            parser.print_help()
            return 0
        return args.func(args)
    except InputError as exc:
        print(f"lyss: {exc.line()}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("lyss: interrupted; nothing half-written was kept", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug: still one line, and the answers already saved are safe
        print(f"lyss: internal error ({type(exc).__name__}: {shown(exc)}); please report it", file=sys.stderr)
        return 1
    finally:
        sys.stdout.flush()
        sys.stdout, sys.stderr = out, err


if __name__ == "__main__":
    sys.exit(main())
