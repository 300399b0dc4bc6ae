"""A verdict stands once announced (issue 66). The questions are decided along the serving order
(``review.study.decisions``); the moment the campaign's coordinator's laptop sees a question settled it records the
verdict (``review.records.verdict_records``: a signed row that travels with the campaign), and from then on every
laptop that holds the record says *that* verdict — answers that arrive later, from a laptop that was offline, even for
items served before, do not change it; they are reported beside it as "since then" (as a group-sequential trial reports
its overrunning patients). Only a withdrawal re-opens a verdict: a speaker whose answers it rested on withdrew, so the
verdict rests on data that no longer exists; the re-opening is recorded too, and the question is decided again on what
remains. The history of every question — settled, re-opened, settled again — is kept and said.

A verdict's *unit* is what settles at once: a run's tier (``tier RUN``), one pair of runs (``pair A B``), the question
a campaign asks of its own (``asked KIND``). A tier settled "reached, unconfirmed" (the share is surely enough, the
rule's speakers, outputs or agreement not yet) keeps its interval, and its word follows the evidence until the rule's
conditions hold; then "confirmed" is recorded.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import dataclass

from ..records import verdict_records
from ..records.verdict_records import REOPENED, SETTLED, speaker_key
from ..sentences import Number, Word, line
from . import tier_rule
from .maths import questions
from .maths.questions import Pairs as EVERY_PAIR  # the question of every pair (not task B, also named Pairs)


@dataclass
class Unit:
    """One verdict as the answers in hand decide it (``verdict`` None: open), where its result sits among the
    campaign's (``at``: the question's index, and the pair's), the runs it is about and what it was fed."""
    key: str
    at: tuple[int, int | None]
    runs: list[str]
    verdict: str | None
    items: int | None
    result: dict


def units(asked: list[tuple], results: list[dict]) -> dict[str, Unit]:
    """The campaign's verdicts as its questions (``asked``: (question, is asked)) settle them now, by key."""
    found: dict[str, Unit] = {}
    for k, ((q, _), result) in enumerate(zip(asked, results)):
        if isinstance(q, EVERY_PAIR):
            for j, ((a, b), pair) in enumerate(zip(q.pairs, result["pairs"])):
                decided = q.decisions[(a, b)]
                found[f"pair {a} {b}"] = Unit(f"pair {a} {b}", (k, j), [a, b], None if decided == "open" else decided,
                                              q.settled_after.get((a, b)), pair)
        elif isinstance(q, questions.Tier) and q.share:
            word = result.get("tier")
            found[f"tier {q.system}"] = Unit(f"tier {q.system}", (k, None), [q.system],
                                             word if q.decided else None, q.decided_after, result)
        else:
            verdict = result.get("best") if isinstance(q, questions.Best) else result.get("decision")
            found[f"asked {result['kind']}"] = Unit(f"asked {result['kind']}", (k, None), list(q.systems),
                                                    verdict if q.decided else None, q.decided_after, result)
    return found


def rests_on(unit: Unit, taken: list[dict], counted: dict[str, dict], campaign_id: str) -> dict:
    """What a settled verdict rests on: the answers of the items its question took up to the verdict (how many, a
    digest of them, and how many each speaker gave — by :func:`speaker_key`, never the id)."""
    pair = unit.key.startswith("pair ")  # a pair took the segments fed while it was open (both runs served)
    fed = [entry for entry in taken if not pair or all(run in entry for run in unit.runs)][:unit.items or 0]
    rated: dict[str, list] = {}
    for entry in fed:
        for run in unit.runs:
            item = counted.get(entry.get(run))
            if item is not None:
                rated.setdefault(item["rated"], item["ratings"])
    answers = sorted([item, speaker_key(campaign_id, s), v] for item, ratings in rated.items() for s, v in ratings)
    per_speaker: dict[str, int] = defaultdict(int)
    for _, who, _ in answers:
        per_speaker[who] += 1
    digest = hashlib.sha256(json.dumps(answers, sort_keys=True, default=str).encode()).hexdigest()
    return {"items": unit.items, "answers": len(answers), "digest": digest, "speakers": dict(sorted(per_speaker.items()))}


def histories(records: list[dict]) -> dict[str, list[dict]]:
    """Each question's records, oldest first."""
    found: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        found[r["question"]].append(r)
    return dict(found)


def standing(history: list[dict]) -> dict | None:
    """The record a question's verdict stands on: its latest, when it is a settle; ``None`` when it was re-opened
    since (the answers in hand decide it again) or never settled."""
    return history[-1] if history and history[-1]["event"] == SETTLED else None


def settled_keys(records: list[dict]) -> set[str]:
    """The questions whose verdict stands on a record: none of their runs is served for them any more."""
    return {key for key, history in histories(records).items() if standing(history) is not None}


# ----------------------------------------------------------------------------- what the laptop says

def applied(results: list[dict], found: dict[str, Unit], records: list[dict], rule: dict | None, now_of) -> None:
    """Put the standing verdicts in place of what the answers in hand say (``results``, changed in place), each with
    its history (``history``) and what is counted since (``since``: ``now_of(unit)``, the items counted now and, for
    two runs, their mean difference). A tier keeps the evidence of its verdict, and what is counted now beside it; one
    settled "reached, unconfirmed" takes its evidence and word from the answers in hand."""
    for key, history in histories(records).items():
        unit = found.get(key)
        if unit is None:
            continue
        k, j = unit.at
        stands = standing(history)
        if stands is not None:
            kept = dict(stands["result"])
            if key.startswith("tier "):
                live = unit.result
                kept["evidence"] = {**kept.get("evidence", {}), "now": live["evidence"]["now"]}
                if stands["verdict"] == tier_rule.REACHED and rule is not None:
                    kept.update(evidence=live["evidence"], checks=live["checks"],
                                tier=tier_rule.verdict(kept["decision"], live["evidence"], rule))
            if j is None:
                results[k] = {**kept, "asked": results[k]["asked"]}
            else:
                results[k]["pairs"][j] = kept
        target = results[k] if j is None else results[k]["pairs"][j]
        target["history"] = [_event(r) for r in history]
        target["since"] = {**now_of(unit), "at_verdict": (stands["rests_on"] or {}).get("items"),
                           "decision_now": unit.verdict} if stands is not None else None
        target["stands"] = stands is not None


def _event(record: dict) -> dict:
    rested = record["rests_on"] or {}
    return {"event": record["event"], "verdict": record["verdict"], "on": record["at"][:10], "at": record["at"],
            "items": rested.get("items"), "answers": rested.get("answers"), "digest": rested.get("digest"),
            "reason": record["reason"]}


def history_lines(result: dict, subject: str, since: bool = True) -> list[dict]:
    """A question's history in words — each announcement (its verdict, the day, what it rested on) and re-opening —,
    then (``since``) what was counted since (a tier says that in a line of its own)."""
    lines = []
    for event in result.get("history") or []:
        if event["event"] == SETTLED:
            verdict = event["verdict"]
            values = {"subject": subject, "on": event["on"], "items": event["items"], "one": "answers",
                      "answers": Number(event["answers"], "count")}
            if verdict in ("a better", "b better"):
                lines.append(line("history.settled better", better=result[verdict[0]], **values))
            elif result.get("kind") == "Best":
                lines.append(line("history.settled best", best=verdict, **values))
            else:
                lines.append(line("history.settled", verdict=Word(verdict), **values))
        else:
            reason = event["reason"] or {}
            lines.append(line("history.reopened", subject=subject, on=event["on"], one="speakers",
                              speakers=Number(reason.get("speakers", 0), "count"), answers=reason.get("answers", 0),
                              rested=reason.get("rested_on", 0)))
    counted = result.get("since") if since else None
    if counted and counted["items"] is not None and counted["at_verdict"] is not None and \
            counted["items"] > counted["at_verdict"]:
        lines.append(line("history.since", subject=subject, one="more", items=counted["items"],
                          more=Number(counted["items"] - counted["at_verdict"], "count")))
    return lines


# ----------------------------------------------------------------------------- what the coordinator's laptop records

def events(found: dict[str, Unit], records: list[dict], taken: dict[str, list], counted: dict, campaign_id: str,
           gone: dict[str, str], applied_words: dict[str, str]) -> list[dict]:
    """The records to write now: a re-open for a verdict a withdrawn speaker's answers stood under (``gone``:
    speaker keys withdrawn), a settle for each question settled now that no record holds settled, and "confirmed"
    for a tier settled "reached, unconfirmed" whose rule's conditions now hold (``applied_words``)."""
    out = []
    held = histories(records)
    for key, unit in found.items():
        stands = standing(held.get(key, []))
        if stands is not None:
            rested = stands["rests_on"] or {}
            lost = {who: n for who, n in (rested.get("speakers") or {}).items() if who in gone}
            if lost:
                out.append({"question": key, "event": REOPENED, "verdict": None, "result": stands["result"],
                            "rests_on": rested, "reason": {"why": "withdrawn", "speakers": len(lost),
                                                           "answers": sum(lost.values()),
                                                           "rested_on": rested.get("answers", 0)}})
                stands = None
            elif stands["verdict"] == tier_rule.REACHED and applied_words.get(key) == tier_rule.CONFIRMED:
                out.append({"question": key, "event": SETTLED, "verdict": tier_rule.CONFIRMED,
                            "result": {**stands["result"], "tier": tier_rule.CONFIRMED}, "rests_on": rested,
                            "reason": {"why": "the rule's conditions met"}})
                continue
        if stands is None and unit.verdict is not None:
            out.append({"question": key, "event": SETTLED, "verdict": unit.verdict,
                        "result": _recorded(unit.result), "rests_on": rests_on(unit, taken.get(key, []), counted,
                                                                               campaign_id), "reason": None})
    return out


def _recorded(result: dict) -> dict:
    """A result as a record keeps it: its numbers and words, not its said lines (said again from it) nor what is
    counted since."""
    return {k: v for k, v in result.items() if k not in ("said", "asked", "history", "since", "stands")}


def announce(store, decision) -> bool:
    """On the campaign's coordinator's laptop: record what has settled or re-opened since the last look. Whether
    anything was written."""
    if not verdict_records.coordinates(store, decision.campaign_row):
        return False
    found = events(decision.units, decision.records, decision.taken, decision.counted, decision.campaign,
                   verdict_records.withdrawn(store, decision.campaign), decision.words)
    verdict_records.write(store, decision.campaign, found)
    return bool(found)
