"""Tier confirmation (spec §5: no method may claim Deployable or above without speakers' confirmation).

The rule is data (``review/data/tier_rule.json``): at least 3 speakers and 50 rated outputs, the
majority verdict acceptable or excellent for at least 80 % of outputs, and ordinal Krippendorff's
alpha ≥ 0.667 on the verdicts. The result is written into the scored run card as
``scores.tier_confirmation``: ``confirmed``, ``not confirmed`` or ``insufficient reviews``, with the
evidence.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict

from scoring.runcard import write_json_atomic

from .maths import agreement as krippendorff
from . import analyses
from .. import tasks as task_defs
from ..catalogue import import_run, load_scored
from ..store import Store, now


def confirm_tier(store: Store, run_path: str, write: bool = True) -> dict:
    rule = task_defs.settings("tier_rule")
    scored = load_scored(run_path)
    run_id = import_run(store, scored)
    asked = rule["confirmed_by"]
    rows = [r for r in analyses.answers(store, asked["task"], asked["question"]) if r["run_id"] == run_id]
    by_item: dict[str, list[int]] = defaultdict(list)
    for r in rows:
        by_item[r["item_id"]].append(int(r["value"]))
    speakers = len({r["speaker_id"] for r in rows})
    majorities = {i: analyses.majority(v) for i, v in by_item.items()}
    verdicts_accepted = rule["accepted_when"][asked["task"]]["majority_in"]  # the rule, stated once
    accepted = sum(1 for m in majorities.values() if m in verdicts_accepted)
    share = accepted / len(majorities) if majorities else None
    alpha = None
    if rows:
        matrix, _, _ = analyses.reliability_matrix(rows)
        value = krippendorff.alpha(matrix, rule["alpha_level"])
        alpha = None if math.isnan(value) else value
    evidence = {"speakers": speakers, "outputs_rated": len(by_item), "outputs_accepted_by_majority": accepted,
                "share_accepted": share, "alpha": alpha, "alpha_level": rule["alpha_level"],
                "verdict_counts": dict(Counter(v for vs in by_item.values() for v in vs))}
    checks = [
        {"rule": "speakers", "value": speakers, "threshold": rule["min_speakers"], "kind": "evidence",
         "passed": speakers >= rule["min_speakers"]},
        {"rule": "outputs rated", "value": len(by_item), "threshold": rule["min_outputs"], "kind": "evidence",
         "passed": len(by_item) >= rule["min_outputs"]},
        {"rule": f"alpha ({rule['alpha_level']})", "value": alpha, "threshold": rule["min_alpha"], "kind": "verdict",
         "passed": alpha is not None and alpha >= rule["min_alpha"]},
        {"rule": "share of outputs acceptable or better", "value": share, "threshold": rule["min_share_accepted"],
         "kind": "verdict", "passed": share is not None and share >= rule["min_share_accepted"]},
    ]
    if not all(c["passed"] for c in checks if c["kind"] == "evidence") or alpha is None:
        status = "insufficient reviews"
    elif all(c["passed"] for c in checks):
        status = "confirmed"
    else:
        status = "not confirmed"
    result = {"status": status, "automated_tier": scored["scores"].get("quality_tier"), "evidence": evidence,
              "checks": checks, "rule": rule, "date": now(), "run_id": run_id}
    if write:
        scored["scores"]["tier_confirmation"] = result
        write_json_atomic(run_path, scored)
    return result
