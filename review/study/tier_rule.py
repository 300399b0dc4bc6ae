"""A run's tier, as one engine says it everywhere (``lyss study status``, the Campaigns tab, ``lyss study
confirm-tier`` and the run card): the :class:`~review.study.maths.questions.Tier` question on the campaign's
answers, along its serving order, with the rule's conditions (``review/data/tier_rule.json``, spec §5).

- **refused** — the Tier question says the share of accepted outputs is surely below the threshold (at the
  campaign's α: an interval, never a point share);
- **confirmed** — it says the share surely reaches the threshold, *and* the evidence meets the rule: at least
  ``min_speakers`` speakers and ``min_outputs`` outputs behind the items it took, and their agreement (ordinal
  Krippendorff's α on those items) at least ``min_alpha``;
- **reached, unconfirmed** — the share surely reaches the threshold but the evidence does not meet the rule (too
  few speakers or outputs, or speakers who disagree): what it lacks is named;
- **open** — neither yet.
"""

from __future__ import annotations

import math

from . import analyses
from .maths import agreement as krippendorff

CONFIRMED, REFUSED, REACHED, OPEN = "confirmed", "refused", "reached, unconfirmed", "open"


def evidence(counted: list[dict], rule: dict) -> dict:
    """What the items a tier took rest on: speakers, outputs and the speakers' agreement on them (``counted``:
    the counted items fed to the Tier question, each with its ``ratings``: (speaker, value) pairs)."""
    rows = [{"speaker_id": speaker, "item_id": item["rated"], "value": value}
            for item in counted for speaker, value in item["ratings"]]
    accepted = [item["accepted"] for item in counted if "accepted" in item]
    alpha = None
    if rows and any(len(item["ratings"]) > 1 for item in counted):
        matrix, _, _ = analyses.reliability_matrix(rows)
        value = krippendorff.alpha(matrix, rule["alpha_level"])
        alpha = None if math.isnan(value) else float(value)
    now = {"items": len(accepted), "share": sum(accepted) / len(accepted) if accepted else None}
    return {"speakers": len({r["speaker_id"] for r in rows}), "outputs": len(counted), "alpha": alpha,
            "alpha_level": rule["alpha_level"], "now": now}


def measure(task, accepted_when: dict) -> dict:
    """Which measure accepts an output for a task's tier (said beside the tier, so that tiers from different tasks
    are told apart): the task, its question and scale, and the rule (a mean at least …, or a majority among …)."""
    question = task.question(accepted_when["question"])
    options = {o["value"]: o["label"] for o in question.get("options", [])}
    scale = [min(options), max(options)] if options and all(isinstance(v, (int, float)) for v in options) else \
        question.get("range", [0, 100])
    found = {"task": task.code, "question": question["id"], "scale": scale, **accepted_when}
    if "majority_in" in accepted_when:
        found["labels"] = [options.get(v, str(v)) for v in accepted_when["majority_in"]]
    return found


def checks(found: dict, rule: dict) -> list[dict]:
    """The rule's conditions on the evidence, each with its value, threshold and whether it passed."""
    return [
        {"rule": "speakers", "value": found["speakers"], "threshold": rule["min_speakers"],
         "passed": found["speakers"] >= rule["min_speakers"]},
        {"rule": "outputs rated", "value": found["outputs"], "threshold": rule["min_outputs"],
         "passed": found["outputs"] >= rule["min_outputs"]},
        {"rule": f"agreement, Krippendorff's alpha ({rule['alpha_level']})", "value": found["alpha"],
         "threshold": rule["min_alpha"], "passed": found["alpha"] is not None and found["alpha"] >= rule["min_alpha"]},
    ]


def verdict(decision: str, found: dict, rule: dict) -> str:
    """The tier's word from the Tier question's decision ("reached", "not reached", "open") and the evidence."""
    if decision == "not reached":
        return REFUSED
    if decision == "reached":
        return CONFIRMED if all(c["passed"] for c in checks(found, rule)) else REACHED
    return OPEN
