"""Tier confirmation (spec §5: no method may claim Deployable or above without speakers' confirmation), written into
the scored run card as ``scores.tier_confirmation``.

One engine: the run's :class:`~review.study.maths.questions.Tier` question on the answers of the campaign that rates
it with the rule's task (``review/data/tier_rule.json``: task T's majority verdict), along the campaign's serving
order, with the rule's speakers, outputs and agreement as conditions (``review.study.tier_rule``) — the verdict
``lyss study status`` prints for that run, with its interval: ``confirmed``, ``refused``, ``reached, unconfirmed``
(and what the evidence lacks) or ``open``; ``insufficient reviews`` when no campaign of the rule's task rates the run.
"""

from __future__ import annotations

import json

from scoring.errors import BadValue
from scoring.runcard import write_json_atomic

from . import decisions, tier_rule, verdicts
from .. import tasks as task_defs
from ..records.catalogue import CONFIRMED_AS_SCORED, as_scored, campaigns_rating, find_campaign, import_run, load_scored
from ..store import Store, now

NO_CAMPAIGN = "insufficient reviews"
CONFIRMATION = "tier_confirmation"  # what confirm-tier writes into the run card's scores


def _same_record(before: dict, now_found: dict) -> bool:
    """The confirmation written before says what this one says (all but the day it was made)."""
    def kept(record: dict) -> str:
        return json.dumps({k: v for k, v in record.items() if k != "date"}, sort_keys=True, default=str)
    return kept(before) == kept(json.loads(json.dumps(now_found, default=str)))


def campaign_of(store: Store, run_id: str, task: str, chosen: str | None = None) -> str | None:
    """The campaign of the rule's task that rates the run: the one named (id or unique name), else the only one;
    ``None`` when there is none."""
    held = campaigns_rating(store, run_id, task)
    if chosen is not None:
        campaign_id = find_campaign(store, chosen)
        if campaign_id not in held:
            raise BadValue("--campaign", chosen, f"does not rate this run with task {task} (the rule's task)")
        return campaign_id
    if len(held) > 1:
        raise BadValue("--campaign", "", f"{len(held)} campaigns of task {task} rate this run ({', '.join(held)}): "
                                         f"name one")
    return held[0] if held else None


def confirm_tier(store: Store, run_path: str, write: bool = True, campaign: str | None = None) -> dict:
    """The run's tier as its campaign's Tier question settles it, with the rule's conditions; written into the run
    card (``write``)."""
    rule = task_defs.settings("tier_rule")
    scored = load_scored(run_path)
    before = scored.get("scores", {}).get(CONFIRMATION)
    scored_as = as_scored(scored).get("scores", {}).get(CONFIRMATION)  # the run is the card as lyss score wrote it
    run_id = import_run(store, scored)
    task = rule["confirmed_by"]["task"]
    campaign_id = campaign_of(store, run_id, task, campaign)
    tier = None
    if campaign_id is not None:
        found = decisions.announced(store, campaign_id)
        tier = next((t for t in found.tiers if t["run_id"] == run_id), None)
    if tier is None:
        evidence = {"speakers": 0, "outputs": 0, "alpha": None, "alpha_level": rule["alpha_level"]}
        tier = {"decision": NO_CAMPAIGN, "share": None, "interval": None, "items": 0, "decided_after": None,
                "evidence": evidence, "checks": tier_rule.checks(evidence, rule), "threshold": rule["min_share_accepted"]}
    result = {"status": tier["decision"], "automated_tier": scored["scores"].get("quality_tier"),
              "campaign": campaign_id, "share": tier["share"], "interval": tier["interval"],
              "threshold": tier["threshold"], "items": tier["items"], "decided_after": tier["decided_after"],
              "alpha": found.alpha if campaign_id is not None else None, "evidence": tier["evidence"],
              "checks": tier["checks"], "rule": rule, "date": now(), "run_id": run_id, CONFIRMED_AS_SCORED: scored_as}
    if before is not None and _same_record(before, result):
        result = before  # run again on the same answers: the same record, as written the first time
    if write:
        scored.setdefault("scores", {})[CONFIRMATION] = result
        write_json_atomic(run_path, scored)
    return {**result, "said": verdicts.confirmation_lines(result, run_path)}  # the card keeps the numbers only
