"""Attention items: outputs made worse on purpose, mixed into a fixed campaign's sequences (``qc`` "degraded") to
see whether a speaker hears an error. Two kinds (a campaign's ``--qc``):

- ``swapped`` (the default; Appraise's): a phrase of another reference swapped in (``practice.degrade``);
- ``grammar``: one real word of the language in a wrong form (a wrong number, person, obviation…), as the language
  pack made it when the run was scored (its card's ``review.attention`` names the plugin and the field of each
  entry's results that list them: ``start``, ``end``, ``word``, ``form``, ``kind``, ``changed``). The item keeps
  which word changed (``extra.attention``), so the study knows whether the speaker caught it.

The review knows no language: it reads what the pack wrote. An output the pack made no wrong form for gets none;
a run whose pack makes none keeps the swapped phrases (``create_campaign`` says so)."""

from __future__ import annotations

import json
import math
import random
from typing import Any

from scoring.errors import BadValue

from .. import tasks as task_defs
from ..store import content_id as _hash, dumps

SWAPPED, GRAMMAR = "swapped", "grammar"
KINDS = (SWAPPED, GRAMMAR)
KIND_WORDS = {SWAPPED: "a phrase of another reference swapped in",
              GRAMMAR: "one word in a wrong form of the language's grammar"}


def check_settings(definition, kind: str | None, share: float | None, min_catch: float | None) -> dict:
    """A campaign's attention settings (``--qc``, ``--qc-share``, ``--qc-min-catch``), checked: {} for the default
    (swapped phrases at the share ``data/qc.json`` gives), so a campaign made without them keeps its id."""
    if kind is None and share is None and min_catch is None:
        return {}
    kind = kind or SWAPPED
    if kind not in KINDS:
        raise BadValue("--qc", kind, f"one of {', '.join(KINDS)}")
    if not definition.degraded_items:
        raise BadValue("--qc", kind, f"task {definition.code} serves no attention items (a task that rates or "
                                     f"marks an output does: {', '.join(_tasks_with_them())})")
    qc = task_defs.settings("qc")
    for option, value in (("--qc-share", share), ("--qc-min-catch", min_catch)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or
                                  not math.isfinite(value) or not 0 < value < 1):
            raise BadValue(option, str(value), "a share between 0 and 1")
    return {"attention": {"kind": kind, "share": float(share if share is not None else qc["degraded_share"]),
                          "min_catch": float(min_catch if min_catch is not None else qc["attention_catch_flag"])}}


def _tasks_with_them() -> list[str]:
    return [code for code in task_defs.buildable() if task_defs.task(code).degraded_items]


def settings_of(campaign_settings: dict | str) -> dict:
    """A campaign's attention settings (its settings, decoded or as stored), the defaults filled in (a campaign made
    before ``--qc`` had swapped phrases at ``data/qc.json``'s share)."""
    qc = task_defs.settings("qc")
    if isinstance(campaign_settings, str):
        campaign_settings = json.loads(campaign_settings)
    given = (campaign_settings or {}).get("attention") or {}
    return {"kind": given.get("kind") or SWAPPED, "share": given.get("share", qc["degraded_share"]),
            "min_catch": given.get("min_catch", qc["attention_catch_flag"])}


def wrong_forms(item: dict, language: dict) -> list[dict]:
    """The wrong forms the language pack made for an item's output (``extra.lyss``, where its card's
    ``review.attention`` says), each checked against the output: its word where it says, a different form."""
    spec = (language or {}).get("attention") or {}
    found = ((item.get("extra") or {}).get("lyss") or {}).get(spec.get("plugin") or "") or {}
    listed = found.get(spec.get("field") or "") if isinstance(found, dict) else None
    output = item.get("output") or ""
    out = []
    for change in listed if isinstance(listed, list) else []:
        if not isinstance(change, dict):
            continue
        start, end, word, form = (change.get(k) for k in ("start", "end", "word", "form"))
        if isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(output) and \
                isinstance(form, str) and form.strip() and output[start:end] == word and form != word:
            out.append({"start": start, "end": end, "word": word, "form": form,
                        "kind": str(change.get("kind") or "form"), "changed": str(change.get("changed") or "")})
    return out


def grammar_item(original: dict, change: dict, speaker_id: str, signer: str) -> dict:
    """The attention item of one wrong form: the original item with that word changed; ``extra.attention`` says
    where the wrong form stands in the new output. The original's language results stay (task E's pre-marks are
    placed as on the original: the check looks like any item)."""
    new_output = applied(original["output"], change)
    at = {**change, "end": change["start"] + len(change["form"])}
    extra = original.get("extra") or {}
    return {**original, "id": f"it-{_hash(original['id'], speaker_id, 'degraded', GRAMMAR)}", "kind": "degraded",
            "output": new_output, "extra": dumps({"qc_of": original["id"], "lyss": extra.get("lyss") or {},
                                                  "attention": {GRAMMAR: at}}),
            "signer": signer, "signature": None}


def applied(output: str, change: dict) -> str:
    """The output with the wrong form in place of its word."""
    return output[:change["start"]] + change["form"] + output[change["end"]:]


def kind_of(change: dict | None) -> str:
    """The kind of error an attention item carries: its wrong form's (number, person…), else a swapped phrase."""
    return change["kind"] if change else SWAPPED


def choose(rng: random.Random, candidates: list[tuple[dict, list[dict]]], count: int) -> list[tuple[dict, dict]]:
    """``count`` of the items that have wrong forms (as many as there are, when fewer), each with one of its forms."""
    picked = rng.sample(candidates, min(count, len(candidates)))
    return [(item, rng.choice(forms)) for item, forms in picked]


def how_many(n_items: int, share: float) -> int:
    """Attention items in a sequence of ``n_items``: the share, at least one."""
    return max(1, round(n_items * share))


def admitting(items: list[dict], language: dict) -> int:
    """How many of these items (``output`` and decoded ``extra``) have a wrong form to serve."""
    return sum(bool(wrong_forms(item, language)) for item in items)


def of_item(extra: Any) -> dict | None:
    """The wrong form an attention item carries (``start``, ``end``, ``word``, ``form``, ``kind``, ``changed``), or
    None for another item."""
    found = ((extra or {}).get("attention") or {}).get(GRAMMAR) if isinstance(extra, dict) else None
    return found if isinstance(found, dict) else None


def describe(found: dict) -> str:
    """One line on a campaign's attention items (``review.rating.campaigns.attention_summary``)."""
    share = f"{found['share']:.0%} of each speaker's items"
    if found["kind"] == SWAPPED:
        return f"attention items: {KIND_WORDS[SWAPPED]}, {share}"
    if found["reason"]:
        return f"attention items: {KIND_WORDS[SWAPPED]}, {share} — none in the language's grammar: {found['reason']}"
    return (f"attention items: {KIND_WORDS[GRAMMAR]}, {share} ("
            f"{found['admitting']} of {found['items']} outputs have one); a speaker catching "
            f"fewer than {found['min_catch']:.0%} is flagged (lyss study quality)")
