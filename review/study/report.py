"""What a report for a community council holds about one campaign (``lyss study report``; the app's Campaigns tab
draws it): each question and its verdict as the study says it, each comparison's interval item by item (how sure
the answers became, and when), each run's tier, how many speakers gave how much of their time (no names), the
consent they gave, and where the answers are kept. Numbers and said lines only: the app words and draws them in
its language."""

from __future__ import annotations

from . import catch_rates, decisions, verdicts
from .maths import questions
from ..records import answers as answer_records, laptops, speakers as speaker_records, terms
from ..store import Store, now


def _intervals(question: questions.Question) -> list[tuple[tuple[str, str], int, list[float] | None]]:
    """Each comparison a question holds, now: ((a, b), items fed, the interval of a − b)."""
    if isinstance(question, questions.NonInferior):
        return [((question.candidate, question.baseline), question.difference.n, question.difference.interval())]
    if isinstance(question, questions.Tier):
        return []
    return [(pair, found.n, found.interval()) for pair, found in question.pairs.items()]


def _rule(said: list[dict], a: str, b: str) -> tuple[list[list], bool]:
    """What decided the comparison of a and b, as the question's said lines claim it: each ``[side, value]`` on the
    interval of a − b, once; empty while it decides nothing. Turned (True) when the verdict speaks of b − a: the
    picture is then drawn as the verdict says it."""
    found, turned = [], None
    for line in said:
        for x, y, side, value in line.get("claims", []):
            if {x, y} != {a, b}:
                continue
            turned = (x, y) == (b, a) if turned is None else turned
            claim = [side, value] if (x, y) == ((b, a) if turned else (a, b)) else \
                ["below" if side == "above" else "above", -value]
            if claim not in found:
                found.append(claim)
    return found, bool(turned)


def holds(rule: list[list], low: float, high: float, slack: float = 0.0) -> bool:
    """Whether an interval [low, high] of a − b satisfies a comparison's rule."""
    return bool(rule) and all(low > value - slack if side == "above" else high < value + slack for side, value in rule)


def narrowing(store: Store, found: decisions.Decision) -> list[dict]:
    """Each comparison of runs a campaign's questions make (``found``: :func:`decisions.decide`), replayed on the
    very scores it was fed: the interval of a − b after each item (``points``: [items, low, high]), δ, the scale of
    the difference, the ``rule`` that decided it (the claim its verdict makes: ``[side, value]`` on a − b, as
    ``review.study.verdicts`` says it) and the first item after which the interval met that rule. A question shown
    beside the campaign's own is left out (it serves nothing); a tier is a run against a threshold, not a
    comparison."""
    _, runs, fresh, _, _ = decisions.campaign_questions(store, found.campaign)
    names = {r["id"]: r["name"] for r in runs}
    out = []
    for (question, asked), (_, _, fed), said in zip(fresh, found.fed, found.questions):
        if not asked or isinstance(question, questions.Tier):
            continue
        tracks: dict[tuple[str, str], list[list[float]]] = {pair: [] for pair, _, _ in _intervals(question)}
        for k, scores in enumerate(fed):
            question.observe(scores, item=k)
            for pair, n, interval in _intervals(question):
                if interval is not None and (not tracks[pair] or tracks[pair][-1][0] < n):
                    tracks[pair].append([n, *interval])
        span = question.high - question.low
        for (a, b), points in tracks.items():
            a, b = names.get(a, a), names.get(b, b)
            rule, turned = _rule(said["said"], a, b)
            if said["kind"] == "Best" and not rule:
                if said["leading"] not in (a, b):
                    continue  # which is best decides nothing of two runs neither of which leads
                turned = b == said["leading"]  # drawn as the leader − the other, as the words say it
            if turned:
                a, b, points = b, a, [[n, -high, -low] for n, low, high in points]
            settled = next((n for n, low, high in points if holds(rule, low, high, 1e-6 * span)), None)
            out.append({"a": a, "b": b, "kind": said["kind"], "delta": question.delta,
                        "scale": [-span, span], "rule": rule, "settled_after": settled, "points": points})
    return out


def speakers(store: Store, campaign_id: str) -> dict:
    """Who answered, without names: how many speakers, their answers, the hours spent in front of the app (time
    away from the screen left out) and the answers given on paper (not timed)."""
    row = answer_records.time_spent(store, campaign_id)
    return {"speakers": row["speakers"], "answers": row["answers"], "on_paper": row["paper"] or 0,
            "untimed": row["untimed"] or 0, "hours": round((row["seconds"] or 0.0) / 3600, 2)}


def consent(store: Store, campaign_id: str) -> list[dict]:
    """The consent the campaign's speakers gave, each scope with how many gave it (no names)."""
    return speaker_records.consent_scopes(store, campaign_id)


def kept_at(store: Store, campaign_id: str) -> dict:
    """Where the answers are kept: this laptop's database and its backups, and the laptops of the campaign (by
    code: enrolled, and revoked from when)."""
    enrolled = laptops.enrolled_in(store, campaign_id)
    revoked = laptops.revoked_in(store, campaign_id)
    return {"database": str(store.path), "backups": str(store.backup_dir), "this_laptop": store.device_id,
            "laptops": [{"code": code, "revoked_from": revoked.get(code)} for code in enrolled]}


def attention(store: Store, campaign_row: dict) -> dict:
    """The attention items without names: their kind, the campaign's rate, how many of them every speaker caught per
    kind of error (with the interval), how many speakers were flagged below the rate, of how many checked, and each
    speaker's catch rate per kind with its interval, numbered."""
    found = catch_rates.catch_rates(store, campaign_row)
    checked = [r for r in found["speakers"] if r["checked"]]
    keep = ("caught", "checked", "rate", "low", "high", "by_kind")
    return {"kind": found["kind"], "min_catch": found["min_catch"], "by_kind": found["by_kind"],
            "speakers_checked": len(checked), "speakers_flagged": sum(r["flag"] is not None for r in checked),
            # each speaker by a number only (their order: their pseudonymous ids'), names stay on the laptops
            "speakers": [{"speaker": k, **{f: r[f] for f in keep}, "flagged": r["flag"] is not None}
                         for k, r in enumerate(checked, 1)]}


def community_report(store: Store, campaign_id: str) -> dict:
    """Everything the report says of a campaign, as numbers and said lines (``review.study.verdicts``)."""
    found = decisions.announced(store, campaign_id)
    tiers = [q for q in found.questions if q["kind"] == "Tier" and q.get("share")]
    return {"campaign": campaign_id, "name": found.name, "task": found.task, "made_at": now(),
            "language": (found.campaign_row["settings"].get("language") or {}), "answers": found.answers,
            "items": found.items, "decided": found.decided, "order": verdicts.order_line(found.order),
            "questions": [{"kind": q["kind"], "said": q["said"]} for q in found.questions
                          if q["asked"] and q not in tiers],
            "tiers": [{"run": q["system"], "decision": q["decision"], "asked": q["asked"], "said": q["said"]}
                      for q in tiers],
            "comparisons": narrowing(store, found), "speakers": speakers(store, campaign_id),
            "consent": consent(store, campaign_id), "kept_at": kept_at(store, campaign_id),
            "terms": terms.current(store, campaign_id), "use_decisions": terms.decisions(store, campaign_id),
            "attention": attention(store, found.campaign_row)}
