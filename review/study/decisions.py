"""Where a campaign stands: its answers, the decisions they settle as they arrive (which system is
better, each run's tier), which runs are still served, and the speaker-hours left (``lyss study status``,
the Campaigns tab, adaptive serving).

An item counts once it has its ratings — ``raters_per_item`` of them, or as many as the campaign has
speakers when it has fewer — at the time the last of those was recorded; its value is their mean (task T:
their majority verdict). A comparison of two runs takes the segments both have counted, in the order the
later of the two was recorded; a tier takes a run's counted items in order. Nothing recorded later is
used, so each decision is the one the laptop would have made looking after every rating
(``review.study.maths.sequences``).
"""

from __future__ import annotations

import itertools
from collections import defaultdict

from . import analyses, planner
from .maths import questions, sequences
from .. import tasks as task_defs
from ..records import campaign as campaign_row, same_outputs
from ..store import Store


def runs_of(store: Store, campaign_id: str) -> list[dict]:
    """The runs whose items the campaign holds (several for a campaign over systems), in campaign order."""
    return store.rows("select r.id, r.name, min(ci.position) as first from campaign_items ci join items i on "
                      "i.id = ci.item_id join runs r on r.id = i.run_id where ci.campaign_id = ? and i.kind = "
                      "'segment' group by r.id order by first", [campaign_id])


def _ratings_needed(store: Store, campaign: dict) -> int:
    speakers = store.one("select count(distinct a.speaker_id) as n from assignments a join speakers s on s.id = "
                         "a.speaker_id where a.campaign_id = ? and s.withdrawn = 0", [campaign["id"]])["n"]
    return max(1, min(campaign["raters_per_item"] or 1, speakers or 1))


def counted_items(store: Store, campaign: dict, question: str) -> dict[str, dict]:
    """item id → {run_id, entry_id, at (when it counted; ties, as in imported data, in campaign order),
    values (the ratings that count)}, for the items that have their ratings."""
    needed = _ratings_needed(store, campaign)
    place = {r["item_id"]: r["position"] for r in
             store.rows("select item_id, position from campaign_items where campaign_id = ?", [campaign["id"]])}
    by_item: dict[str, list[dict]] = defaultdict(list)
    for row in analyses.answers(store, campaign["task"], question, campaign["id"]):
        by_item[row["item_id"]].append(row)
    counted = {}
    for item_id, rows in by_item.items():
        if len(rows) < needed:
            continue
        first = sorted(rows, key=lambda r: (r["recorded_at"], r["speaker_id"]))[:needed]
        counted[item_id] = {"run_id": first[0]["run_id"], "entry_id": first[0]["entry_id"],
                            "at": (first[-1]["recorded_at"], place.get(item_id, 0)),
                            "values": [r["value"] for r in first]}
    return counted


def _mean(values: list) -> float:
    return sum(float(v) for v in values) / len(values)


def accepted(rule: dict, values: list) -> bool:
    if "majority_in" in rule:
        return analyses.majority([int(v) for v in values]) in rule["majority_in"]
    return _mean(values) >= rule["mean_at_least"]


def comparisons(runs: list[dict], counted: dict[str, dict], alpha: float) -> list[dict]:
    by_run: dict[str, dict[str, dict]] = defaultdict(dict)
    for item in counted.values():
        by_run[item["run_id"]][item["entry_id"]] = item
    out = []
    for a, b in itertools.combinations(runs, 2):
        shared = set(by_run[a["id"]]) & set(by_run[b["id"]])
        ordered = sorted(shared, key=lambda e: (max(by_run[a["id"]][e]["at"], by_run[b["id"]][e]["at"]), e))
        differences = [_mean(by_run[a["id"]][e]["values"]) - _mean(by_run[b["id"]][e]["values"]) for e in ordered]
        result = sequences.compare(differences, alpha)
        out.append({"a": a["name"], "b": b["name"], "a_run": a["id"], "b_run": b["id"], **result})
    return out


def tiers(runs: list[dict], counted: dict[str, dict], rule: dict | None, threshold: float, alpha: float) -> list[dict]:
    if rule is None:
        return []
    out = []
    for run in runs:
        items = sorted((i for i in counted.values() if i["run_id"] == run["id"]), key=lambda i: (i["at"], i["entry_id"]))
        result = sequences.tier_decision([accepted(rule, i["values"]) for i in items], threshold, alpha)
        out.append({"run": run["name"], "run_id": run["id"], **result})
    return out


def served_runs(runs: list[dict], compared: list[dict], tiered: list[dict]) -> list[str]:
    """Runs still in an open decision: the ones an adaptive campaign keeps serving."""
    open_runs = {c[k] for c in compared if c["decision"] == "open" for k in ("a_run", "b_run")}
    open_runs |= {t["run_id"] for t in tiered if t["decision"] == "open"}
    return [r["id"] for r in runs if r["id"] in open_runs]


def asked(question: questions.Question, runs: list[dict], counted: dict[str, dict]) -> tuple[dict, list[dict]]:
    """Feed the question the counted segments in the order they were counted (each segment: the mean rating of
    each run served then); what it decided, in the runs' names, and the scores it was fed."""
    by_entry: dict[str, dict[str, dict]] = defaultdict(dict)
    for item in counted.values():
        by_entry[item["entry_id"]][item["run_id"]] = item
    order = sorted(by_entry, key=lambda e: (max(i["at"] for i in by_entry[e].values()), e))
    fed = []
    for entry in order:
        served = question.serving()
        if not served:
            break
        if all(run in by_entry[entry] for run in served):
            fed.append({run: _mean(by_entry[entry][run]["values"]) for run in served})
            question.observe(fed[-1])
    names = {r["id"]: r["name"] for r in runs}

    def named(value):
        if isinstance(value, dict):
            return {k: named(v) for k, v in value.items()}
        if isinstance(value, list):
            return [named(v) for v in value]
        return names.get(value, value) if isinstance(value, str) else value
    return {"kind": type(question).__name__, **named(question.result()), "decided": question.decided}, fed


def decide(store: Store, campaign_id: str) -> dict:
    """One campaign's answers, decisions and the runs still served (no plan: what serving needs)."""
    campaign = campaign_row(store, campaign_id)
    task = task_defs.task(campaign["task"])
    rule_file = task_defs.settings("tier_rule")
    rule = rule_file.get("accepted_when", {}).get(task.code)
    question = rule["question"] if rule else task.quality_question()
    alpha = campaign["settings"].get("alpha", rule_file.get("decision_alpha", sequences.ALPHA))
    runs = runs_of(store, campaign_id)
    # nothing to decide for one run of a task without a tier rule (task B's pairs, task C's words)
    counted = counted_items(store, campaign, question) if rule or len(runs) > 1 else {}
    compared = comparisons(runs, counted, alpha)
    tiered = tiers(runs, counted, rule, rule_file["min_share_accepted"], alpha)
    served = served_runs(runs, compared, tiered)
    question_asked = questions.from_settings(campaign["settings"], [r["id"] for r in runs], task)
    answer, fed = None, []
    if question_asked is not None:  # the community's question decides what is still served
        counted = counted or counted_items(store, campaign, question)
        answer, fed = asked(question_asked, runs, counted)
        served = [r["id"] for r in runs if r["id"] in set(question_asked.serving())]
    answers = store.one("select count(*) as n from ratings where campaign_id = ?", [campaign_id])["n"]
    items = store.one("select count(*) as n from campaign_items where campaign_id = ?", [campaign_id])["n"]
    return {"campaign": campaign_id, "name": campaign["name"], "task": task.code, "question": question,
            "adaptive": bool(campaign["settings"].get("adaptive")), "alpha": alpha, "answers": answers,
            "runs": [r["name"] for r in runs], "items": items, "items_counted": len(counted),
            "ratings_per_item": _ratings_needed(store, campaign), "comparisons": compared, "tiers": tiered,
            "serving": [r["name"] for r in runs if r["id"] in served], "serving_runs": served, "asked": answer,
            "_campaign": campaign, "_runs": runs, "_counted": counted, "_question": question_asked, "_fed": fed}


def status(store: Store, campaign_id: str) -> dict:
    """:func:`decide` and the plan: about how many more items and speaker-hours to the decisions."""
    found = decide(store, campaign_id)
    campaign, runs, counted = found.pop("_campaign"), found.pop("_runs"), found.pop("_counted")
    question, fed = found.pop("_question"), found.pop("_fed")
    if question is not None:
        found["plan"] = question_plan(store, campaign, counted, question, fed)
    else:
        found["plan"] = plan(store, campaign, runs, counted, found["comparisons"], found["tiers"], found["serving_runs"])
    return found


def _segments(store: Store, campaign: dict) -> tuple[int, float]:
    """The campaign's segments (distinct entries) and its mean words a segment (source and translation)."""
    rows = store.rows("select i.entry_id, i.source, i.output from campaign_items ci join items i on i.id = ci.item_id "
                      "where ci.campaign_id = ? and i.kind = 'segment'", [campaign["id"]])
    mean_words = (sum(planner.words(r["source"], r["output"]) for r in rows) / len(rows)) if rows else 0.0
    return len({r["entry_id"] for r in rows}), mean_words


def distinct_outputs(store: Store, campaign: dict, served: list[str]) -> float:
    """How many ratings a segment costs for the runs served: the mean number of distinct outputs they give a
    segment (``records.same_outputs``: runs that translate it the same way share one rating); ``len(served)``
    where no two outputs are the same."""
    same = same_outputs(store, campaign["id"])
    if not same or not served:
        return float(len(served))
    stands_for = {c["item_id"]: item for item, group in same.items() for c in group}
    rows = store.rows("select i.id, i.entry_id from campaign_items ci join items i on i.id = ci.item_id where "
                      f"ci.campaign_id = ? and i.run_id in ({','.join('?' * len(served))})", [campaign["id"], *served])
    outputs: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        outputs[r["entry_id"]].add(stands_for.get(r["id"], r["id"]))
    return sum(len(v) for v in outputs.values()) / len(outputs) if outputs else float(len(served))


def question_plan(store: Store, campaign: dict, counted: dict, question: questions.Question, fed: list[dict]) -> dict:
    """Speaker-hours for a campaign that asks a question: *to the decision*, a range from replays of the answers
    so far (``questions.forecast``; before the burn-in, only its lower bound), and *left in the campaign*, if every
    segment not yet counted were rated for the systems still served (what the campaign can cost at most now)."""
    model = planner.campaign_model(store, campaign["id"])
    segments, mean_words = _segments(store, campaign)
    per_rating = _ratings_needed(store, campaign)
    left = max(segments - len({i["entry_id"] for i in counted.values()}), 0)
    serving = question.serving()
    served = distinct_outputs(store, campaign, serving)  # ratings a segment costs: outputs the served runs share
    share = served / len(serving) if serving else 1.0  # count once

    def hours(ratings: float | None) -> float | None:
        return None if ratings is None else round(planner.hours(model, ratings * share * per_rating, mean_words), 2)
    ahead = questions.forecast(question, fed, left)
    to_decision = {"items": ahead["items"], "speaker_hours": [hours(r) for r in ahead["ratings"]] if ahead["ratings"]
                   else None, "decided_in_campaign": ahead["decided_in_campaign"], "runs": ahead["runs"],
                   "at_least_items": 0 if question.decided else min(max(questions.BURN_IN - len(fed), 0), left)}
    note = "the question is decided" if question.decided else ahead.get("note", "")
    if ahead["decided_in_campaign"] is not None and ahead["decided_in_campaign"] < 0.9 and not question.decided:
        note = "the campaign may end with the question open"
    reachable = question.decided or len(fed) + left >= questions.BURN_IN
    if not reachable:
        note = (f"the campaign has {segments} segments and a decision needs {questions.BURN_IN}: it ends with the "
                f"question open")
    to_decision.update(reachable=reachable, burn_in=questions.BURN_IN)
    return {"question": True, "open_decisions": 0 if question.decided else 1, "to_decision": to_decision,
            "left_in_campaign": {"items": left, "ratings": round(left * served * per_rating),
                                 "speaker_hours": hours(left * len(serving))},
            "model": model, "note": note}


def plan(store: Store, campaign: dict, runs: list[dict], counted: dict, compared: list[dict], tiered: list[dict],
         served: list[str]) -> dict:
    """About how many more items and speaker-hours until every open decision is settled, if what the
    ratings show now stays as it is: the most any open decision needs, for each run still served."""
    model = planner.campaign_model(store, campaign["id"])
    wanted = [d["about_more_items"] for d in [*compared, *tiered] if d["decision"] == "open"]
    total_segments, mean_words = _segments(store, campaign)
    open_decisions = len(wanted)
    if not open_decisions:
        return {"open_decisions": 0, "about_more_items": 0, "speaker_hours": 0.0, "model": model,
                "note": "every decision is made"}
    if any(w is None for w in wanted):
        return {"open_decisions": open_decisions, "about_more_items": None, "speaker_hours": None, "model": model,
                "note": "a decision shows no difference yet: no estimate of the items it needs"}
    more = max(wanted)
    per_item = distinct_outputs(store, campaign, served) or 1  # the served runs' outputs, each distinct one once
    ratings = round(more * per_item * _ratings_needed(store, campaign))
    segments = len({i["entry_id"] for i in counted.values()})
    beyond = segments + more > total_segments
    note = "more items than the campaign has left: it may end with this decision open" if beyond else ""
    return {"open_decisions": open_decisions, "about_more_items": more, "ratings": ratings,
            "speaker_hours": round(planner.hours(model, ratings, mean_words), 2), "model": model, "note": note,
            "beyond_campaign": beyond}
