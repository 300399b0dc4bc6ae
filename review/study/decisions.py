"""Where a campaign stands: its answers, the decisions they settle (which system is better, each run's tier),
which runs are still served, what the decisions wait for, and the speaker-hours left (``lyss study status``, the
Campaigns tab, adaptive serving).

An item counts once it has the ratings the campaign asks for (``raters_per_item``, fixed when the campaign was made:
adding or withdrawing a speaker changes no item's count; imported ratings: all an item has), the first of them in
serving order; its value is their mean (task T: their majority verdict). The questions take the items in the
campaign's **serving order** (``review.study.order``), along its answered prefix: an item served and not yet counted
holds back every item served after it. The order answers were recorded in, or arrive in from other laptops, paper
or files, changes nothing; each decision is the one the laptop would have made looking after every item along that
order (``review.study.maths.sequences``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, fields

from . import analyses, planner, standing, tier_rule, verdicts
from .maths import questions, sequences
from .maths.questions import Pairs as EVERY_PAIR  # the question of every pair (not task B, also named Pairs)
from .frozen import frozen
from .order import Order, described, serving_key, serving_order
from .. import tasks as task_defs
from ..tasks import attention
from ..records import answers as answer_records, imports, laptops, speakers, verdict_records
from ..records.catalogue import (automated_tiers, campaign as campaign_row, items_marker, items_to_rate, runs_of,
                                 same_outputs, segment_items)
from ..store import Store, keys


def ratings_needed(campaign: dict) -> int | None:
    """The ratings an item needs to count: the campaign's ``raters_per_item``, fixed when it was made; ``None`` for
    imported ratings (an item counts with all it has: nothing more will come)."""
    if (campaign.get("settings") or {}).get("imported"):
        return None
    return max(1, campaign["raters_per_item"] or 1)


@dataclass
class Evidence:
    """What the questions are fed from: the counted items (item id → run, entry, the item whose rating it has
    (``rated``), its ``place`` in the serving order, the ``values`` that count), the campaign's segment items and the
    serving order."""
    counted: dict[str, dict]
    items: list[dict]
    order: Order
    rated: dict[str, str]
    held: dict[int, dict] = field(default_factory=dict)  # question → the item that holds it back, and how many wait
    partial: dict[str, dict] = field(default_factory=dict)  # items with some of their ratings: how many ("given")
    taken: dict[int, list[dict]] = field(default_factory=lambda: defaultdict(list))  # question → what it was fed,
    #                                                                   each step run → item (what a verdict rests on)

    def served_items(self, run: str | None = None) -> list[dict]:
        """The campaign's segment items served so far (of one run), in serving order."""
        found = [i for i in self.items if (run is None or i["run_id"] == run) and self.order.of(i["id"]) is not None]
        return sorted(found, key=lambda i: (self.order.of(i["id"]), i["id"]))


def counted_items(store: Store, campaign: dict, question: str, rated: dict[str, str] | None = None,
                  order: Order | None = None, partial: dict[str, dict] | None = None) -> dict[str, dict]:
    """item id → {run_id, entry_id, rated, place, values, speakers}, for the items that have their ratings (and into
    ``partial``, when given: item id → {run_id, entry_id, rated, given} for those with fewer)."""
    needed = ratings_needed(campaign)
    rated = stands_for(store, campaign["id"]) if rated is None else rated
    order = serving_order(store, campaign, rated) if order is None else order
    by_item: dict[str, list[dict]] = defaultdict(list)
    for row in answer_records.values(store, campaign["task"], question, campaign["id"]):
        by_item[row["item_id"]].append(row)
    counted = {}
    for item_id, rows in by_item.items():
        if needed is not None and len(rows) < needed:
            if partial is not None:
                partial[item_id] = {"run_id": rows[0]["run_id"], "entry_id": rows[0]["entry_id"],
                                    "rated": rated.get(item_id, item_id), "given": len(rows)}
            continue
        first = sorted(rows, key=serving_key)[:needed]
        counted[item_id] = {"run_id": first[0]["run_id"], "entry_id": first[0]["entry_id"],
                            "rated": rated.get(item_id, item_id), "place": order.of(item_id),
                            "values": [r["value"] for r in first], "speakers": {r["speaker_id"] for r in first},
                            "ratings": [(r["speaker_id"], r["value"]) for r in first]}
    return counted


def evidence(store: Store, campaign: dict, question: str) -> Evidence:
    rated = stands_for(store, campaign["id"])
    order = serving_order(store, campaign, rated)
    items = [{k: i[k] for k in ("id", "run_id", "entry_id")} for i in segment_items(store, campaign["id"])]
    partial: dict[str, dict] = {}
    return Evidence(counted_items(store, campaign, question, rated, order, partial), items, order, rated,
                    partial=partial)


def stands_for(store: Store, campaign_id: str) -> dict[str, str]:
    """item → the item whose rating it has (``catalogue.same_outputs``: an output several items share is rated once);
    items rated for themselves are not listed."""
    return {c["item_id"]: item for item, group in same_outputs(store, campaign_id).items() for c in group}


def _mean(values: list) -> float:
    return sum(float(v) for v in values) / len(values)


def accepted(rule: dict, values: list) -> bool:
    if "majority_in" in rule:
        return analyses.majority([int(v) for v in values]) in rule["majority_in"]
    return _mean(values) >= rule["mean_at_least"]


def _held(found: Evidence, question, item_id: str, later: list[str]) -> None:
    """The question stopped at ``item_id`` (served, not yet counted): how many counted items wait behind it."""
    waiting = sum(1 for i in later if i in found.counted)
    found.held[id(question)] = {"item": item_id, "waiting": waiting}


def feed_segments(question: questions.Question, found: Evidence) -> list[dict]:
    """Feed a question over runs the campaign's segments in serving order (a segment's place: its first output
    served), each the mean rating of each run the question serves then; the scores it was fed. It stops at the
    first segment with an output of a served run served and not yet counted (the answered prefix). A segment
    without an output of a served run (served while that run was not) is not the question's. A segment whose every
    output is rated by the same items as an earlier one (a test set that holds a segment twice) is that segment
    again: its ratings count once."""
    by_entry: dict[str, dict[str, str]] = defaultdict(dict)
    for item in found.items:
        by_entry[item["entry_id"]][item["run_id"]] = item["id"]
    places = {entry: min((p for p in map(found.order.of, runs.values()) if p is not None), default=None)
              for entry, runs in by_entry.items()}
    entries = sorted((e for e, p in places.items() if p is not None), key=lambda e: (places[e], e))
    fed = []
    for k, entry in enumerate(entries):
        served = question.serving()
        if not served:
            break
        outputs = {run: by_entry[entry].get(run) for run in served}
        if any(item is None or found.order.of(item) is None for item in outputs.values()):
            continue
        unit = tuple(sorted(found.rated.get(i, i) for i in by_entry[entry].values()))
        if unit in question.seen:
            continue
        waiting = next((i for i in outputs.values() if i not in found.counted), None)
        if waiting is not None:
            _held(found, question, waiting, [i for e in entries[k + 1:] for i in by_entry[e].values()])
            break
        fed.append({run: _mean(found.counted[item]["values"]) for run, item in outputs.items()})
        found.taken[id(question)].append(outputs)
        question.observe(fed[-1], item=unit)
    return fed


def feed_tier(question: questions.Tier, found: Evidence, rule: dict) -> list[dict]:
    """Feed a run's tier its items in serving order, each rating once (an output the run gives twice is one item): 1
    for an item the rule accepts, 0 otherwise; it stops at the first item served and not yet counted."""
    items = found.served_items(question.system)
    fed = []
    for k, item in enumerate(items):
        if question.decided:
            break
        if found.rated.get(item["id"], item["id"]) in question.seen:
            continue
        counted = found.counted.get(item["id"])
        if counted is None:
            _held(found, question, item["id"], [i["id"] for i in items[k + 1:]])
            break
        fed.append({question.system: float(accepted(rule, counted["values"]))})
        found.taken[id(question)].append({question.system: item["id"]})
        question.observe(fed[-1], item=counted["rated"])
    return fed


def _named(value, names: dict[str, str]):
    """A result with every run id named, keys included (Best's ``eliminated``)."""
    if isinstance(value, dict):
        return {names.get(k, k): _named(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_named(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


def populations(store: Store, campaign_id: str) -> tuple[int, dict[str, int]]:
    """What the questions are about: the campaign's distinct segments (a segment whose outputs are all rated by the
    same items as another's is that one again) and, per run, its distinct outputs (each rated once). Read once while
    the campaign's items stay as they are (answers do not change them)."""
    return store.kept(("populations", campaign_id), lambda: _populations(store, campaign_id),
                      lambda: items_marker(store, campaign_id))


def _populations(store: Store, campaign_id: str) -> tuple[int, dict[str, int]]:
    rated = stands_for(store, campaign_id)
    rows = segment_items(store, campaign_id)
    segments: dict[str, list[str]] = defaultdict(list)
    outputs: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        segments[r["entry_id"]].append(rated.get(r["id"], r["id"]))
        outputs[r["run_id"]].add(rated.get(r["id"], r["id"]))
    return len({tuple(sorted(v)) for v in segments.values()}), {run: len(v) for run, v in outputs.items()}


def questions_of(campaign: dict, task, runs: list[dict], population: tuple[int, dict[str, int]], rule_file: dict,
                 rule: dict | None) -> list[tuple[questions.Question, bool]]:
    """The questions a campaign's answers decide, each with whether the campaign asks it (serves for it): the
    community's question where it set one, else :class:`~questions.Pairs` over its runs (δ: ``pairs_margin`` of the
    task's scale) and a :class:`~questions.Tier` per run; a campaign that sets a question has its runs' tiers shown
    beside it, not asked."""
    alpha = campaign["settings"].get("alpha", rule_file.get("decision_alpha", sequences.ALPHA))
    ids = [r["id"] for r in runs]
    shared, outputs = population[0] or None, population[1]
    tiers = [questions.Tier(r, rule_file["min_share_accepted"], rule_file["tier_margin"], alpha, low=0.0, high=1.0,
                            population=outputs.get(r) or None, share=True) for r in ids] if rule else []
    own = questions.from_settings(campaign["settings"], ids, task, shared)
    if own is not None:
        return [(own, True), *((t, False) for t in tiers)]
    low, high = questions.scale_of(task)
    pairs = [questions.Pairs(ids, rule_file["pairs_margin"] * (high - low), alpha, low=low, high=high,
                             population=shared)] if len(ids) > 1 else []
    return [(q, True) for q in [*pairs, *tiers]]


def campaign_questions(store: Store, campaign_id: str) -> tuple[dict, list[dict], list[tuple], str, dict | None]:
    """A campaign's questions as :func:`questions_of` makes them, nothing observed yet: (the campaign, its runs,
    the questions with whether each is asked, the task's question its ratings answer, the tier rule)."""
    campaign = campaign_row(store, campaign_id)
    task = task_defs.task(campaign["task"])
    rule_file = task_defs.settings("tier_rule")
    rule = rule_file.get("accepted_when", {}).get(task.code)
    question = rule["question"] if rule else task.quality_question()
    runs = runs_of(store, campaign_id)
    return campaign, runs, questions_of(campaign, task, runs, populations(store, campaign_id), rule_file, rule), \
        question, rule


@dataclass(frozen=True)
class Decision:
    """One campaign's answers, its questions decided along its serving order, the runs still served and what the
    decisions wait for (:func:`decide`). :meth:`public` is what ``study status`` prints; the rest is what the plan
    is made from."""
    campaign: str
    name: str
    task: str
    question: str
    adaptive: bool
    alpha: float | None
    answers: int
    runs: list[str]
    items: int
    items_counted: int
    ratings_per_item: int | None
    questions: list[dict]
    decided: bool
    serving: list[str]
    serving_runs: list[str]
    asked: dict | None
    comparisons: list[dict]
    tiers: list[dict]
    waiting: dict | None
    order: dict  # how the order the questions take the items in was fixed (order.described)
    imports: list[dict]  # each import of a research file into the campaign (records.imports), oldest first
    campaign_row: dict = field(repr=False)
    run_rows: list[dict] = field(repr=False)
    counted: dict[str, dict] = field(repr=False)
    fed: list[tuple] = field(repr=False)  # (question, asked, the scores it was fed)
    partial: dict[str, dict] = field(repr=False, default_factory=dict)  # items with some of their ratings
    units: dict[str, standing.Unit] = field(repr=False, default_factory=dict)  # each verdict as the answers say it
    records: list[dict] = field(repr=False, default_factory=list)  # the verdicts announced (verdict_records)
    taken: dict[str, list[dict]] = field(repr=False, default_factory=dict)  # per verdict, what its question was fed
    words: dict[str, str] = field(repr=False, default_factory=dict)  # each tier's word as it stands

    def __post_init__(self) -> None:
        """Frozen all the way down: one decision is kept for every caller while no row changes, and shared."""
        for f in fields(self):
            object.__setattr__(self, f.name, frozen(getattr(self, f.name)))

    def public(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.repr}


def decide(store: Store, campaign_id: str) -> Decision:
    """:class:`Decision` of a campaign as its tables stand: computed once while no row changes (serving, the status
    and the report ask for it in one command)."""
    return store.kept(("decide", campaign_id), lambda: _decide(store, campaign_id))


def _decide(store: Store, campaign_id: str) -> Decision:
    campaign, runs, asked, question, rule = campaign_questions(store, campaign_id)
    task = task_defs.task(campaign["task"])
    rule_file = task_defs.settings("tier_rule")
    # nothing to decide for one run of a task without a tier rule (task B's pairs, task C's words)
    found = evidence(store, campaign, question) if asked else Evidence({}, [], Order(), {})
    names = {r["id"]: r["name"] for r in runs}
    tier_names = automated_tiers(store, [r["id"] for r in runs])
    found_questions, fed = [], {}
    for q, is_asked in asked:
        fed[id(q)] = feed_tier(q, found, rule) if isinstance(q, questions.Tier) and q.share else \
            feed_segments(q, found)
        result = _named(q.result(), names)
        if isinstance(q, questions.Tier) and q.share:
            result.update(_tier_evidence(q, found, rule_file, rule))
            result.update(tier_name=tier_names.get(q.system), measure=tier_rule.measure(task, rule))
        found_questions.append({**result, "asked": is_asked})
    # the verdicts announced stand: what the answers in hand say now is beside them ("since then")
    units = standing.units(asked, found_questions)
    records = verdict_records.held(store, campaign_id)
    standing.applied(found_questions, units, records, rule_file, lambda unit: counted_now(found, unit))
    for said in found_questions:
        said["said"] = said_lines(said)
    for said in found_questions:  # "best" is never said of a run whose tier is refused without saying so
        said["said"] += verdicts.tier_notes(said, found_questions)
    settled = standing.settled_keys(records)
    served = {s for q, is_asked in asked if is_asked for s in still_serving(q, settled)}
    own = found_questions[0] if campaign["settings"].get("question") else None  # the community's question
    ids = {r["name"]: r["id"] for r in runs}
    open_asked = [q for q, is_asked in asked if is_asked and still_serving(q, settled)]  # not announced, not decided
    return Decision(
        campaign=campaign_id, name=campaign["name"], task=task.code, question=question,
        adaptive=bool(campaign["settings"].get("adaptive")), alpha=asked[0][0].alpha if asked else None,
        answers=answer_records.count(store, campaign_id), runs=[r["name"] for r in runs],
        items=items_to_rate(store, campaign_id), items_counted=len({c["rated"] for c in found.counted.values()}),
        ratings_per_item=ratings_needed(campaign), questions=found_questions,
        decided=all(not still_serving(q, settled) for q, is_asked in asked if is_asked),
        serving=[r["name"] for r in runs if r["id"] in served],
        serving_runs=[r["id"] for r in runs if r["id"] in served],
        asked=own, comparisons=comparisons(found_questions, ids), tiers=tiers(found_questions, ids),
        waiting=waiting_for(store, campaign, found, [found.held[id(q)] for q in open_asked if id(q) in found.held]),
        order=described(campaign), imports=imports.of_campaign(store, campaign_id),
        campaign_row=campaign, run_rows=runs, counted=found.counted,
        fed=[(q, is_asked, fed[id(q)]) for q, is_asked in asked], partial=found.partial,
        units=units, records=records, taken=_taken(asked, units, found),
        words={key: found_questions[u.at[0]].get("tier") for key, u in units.items() if key.startswith("tier ")})


def said_lines(result: dict) -> list[dict]:
    """A question's result in words, with its history (``review.study.standing``): a pair's after its line."""
    lines = verdicts.said(result)
    if result["kind"] == "Pairs":  # the head, the family's risk, then each pair's line with its history below it
        head, pairs = lines[:2], lines[2:]
        return head + [said for p, own in zip(result["pairs"], pairs)
                       for said in (own, *standing.history_lines(p, f"{p['a']} vs {p['b']}"))]
    if result["kind"] == "Tier" and result.get("share"):
        return lines + standing.history_lines(result, result["system"], since=False)
    return lines + standing.history_lines(result, verdicts.ASKED)


def still_serving(q: questions.Question, settled: set[str]) -> list[str]:
    """The runs a question still serves: none for a verdict announced, whatever the answers in hand say since."""
    if isinstance(q, EVERY_PAIR):
        wanted = {s for (a, b), d in q.decisions.items() if d == "open" and f"pair {a} {b}" not in settled
                  for s in (a, b)}
        return [s for s in q.systems if s in wanted]
    if isinstance(q, questions.Tier) and q.share:
        return [] if f"tier {q.system}" in settled else q.serving()
    return [] if any(k.startswith("asked ") for k in settled) else q.serving()


def counted_now(found: Evidence, unit: standing.Unit) -> dict:
    """What the answers in hand count for a verdict's runs, whatever the order: a tier's items (its evidence), or the
    segments where every run's output is counted, with the mean difference of two runs (a − b)."""
    if unit.key.startswith("tier "):
        return {"items": unit.result["evidence"]["now"]["items"], "mean_difference": None}
    by_entry: dict[str, dict[str, str]] = defaultdict(dict)
    for item in found.items:
        by_entry[item["entry_id"]][item["run_id"]] = item["id"]
    segments = {tuple(sorted(found.rated.get(i, i) for i in runs.values())): runs for runs in by_entry.values()
                if all(runs.get(r) in found.counted for r in unit.runs)}
    if len(unit.runs) != 2 or not segments:
        return {"items": len(segments), "mean_difference": None}
    a, b = unit.runs
    differences = [_mean(found.counted[r[a]]["values"]) - _mean(found.counted[r[b]]["values"])
                   for r in segments.values()]
    return {"items": len(segments), "mean_difference": sum(differences) / len(differences)}


def _taken(asked: list[tuple], units: dict[str, standing.Unit], found: Evidence) -> dict[str, list[dict]]:
    """Per verdict, what its question was fed (run → item, step by step)."""
    return {key: found.taken.get(id(asked[unit.at[0]][0]), []) for key, unit in units.items()}


def _tier_evidence(question: questions.Tier, found: Evidence, rule: dict, accepted_when: dict) -> dict:
    """A run's tier with the evidence behind it and the rule's word for it (``tier_rule``): the run's counted items
    along the answered prefix of its serving order (those the question took, and those counted after its
    decision)."""
    taken: dict[str, dict] = {}
    for item in found.served_items(question.system):
        counted = found.counted.get(item["id"])
        if counted is None:
            break
        taken.setdefault(counted["rated"], {**counted, "accepted": accepted(accepted_when, counted["values"])})
    evidence = tier_rule.evidence(list(taken.values()), rule)
    return {"evidence": evidence, "checks": tier_rule.checks(evidence, rule),
            "tier": tier_rule.verdict(question.decision, evidence, rule)}


def waiting_for(store: Store, campaign: dict, found: Evidence, held: list[dict]) -> dict | None:
    """What the open questions wait for: the items served earlier and not yet counted that hold back answers
    recorded since (``answers``: the ratings they still need; ``held_back``: the counted items waiting behind them),
    the laptops of the speakers who were served them and have not answered (codes; an item whose speakers have all
    withdrawn or set it aside is served again), and whether any must be served again. ``None`` when nothing is held
    back."""
    if not any(h["waiting"] for h in held):
        return None
    needed = ratings_needed(campaign) or 1
    first = min((found.order.of(h["item"]) for h in held), default=None)
    rated_by: dict[str, set[str]] = defaultdict(set)
    for r in answer_records.raters(store, campaign["id"]):
        rated_by[found.rated.get(r["item_id"], r["item_id"])].add(r["speaker_id"])
    last = max((c["place"] for c in found.counted.values() if c["place"] is not None), default=None)
    awaited = {found.rated.get(i["id"], i["id"]) for i in found.served_items()
               if i["id"] not in found.counted and last is not None and found.order.of(i["id"]) < last}
    live = speakers.active_registrars(store)
    laptops, again, answers = set(), 0, 0
    for item in awaited:
        answers += max(needed - len(rated_by[item]), 1)
        holders = [s for s in found.order.holders.get(item, ()) if s in live and s not in rated_by[item]]
        again += not holders
        laptops |= {_laptop(store, live[s]) for s in holders}
    held_back = sum(1 for c in {c["rated"]: c for c in found.counted.values()}.values()
                    if first is not None and c["place"] is not None and c["place"] > first)
    return {"items": len(awaited), "answers": answers, "held_back": held_back, "laptops": sorted(laptops),
            "served_again": again}


def _laptop(store: Store, registrar: str | None) -> str:
    """A laptop as the words name it: "this laptop", or its code (with the name this laptop gives it)."""
    if registrar in (None, store.public_key) or not keys.is_public_key(registrar):
        return "this laptop"
    code = keys.code_of(registrar)
    return laptops.named(store, code)


def comparisons(found: list[dict], ids: dict[str, str]) -> list[dict]:
    """Each pair of runs as the campaign's :class:`~questions.Pairs` settles it ("A better", "B better", "equal",
    "open"): a table for the exports and the tests."""
    words = {"a better": "A better", "b better": "B better"}
    return [{**p, "decision": words.get(p["decision"], p["decision"]), "a_run": ids[p["a"]], "b_run": ids[p["b"]]}
            for q in found if q["kind"] == "Pairs" for p in q["pairs"]]


def tiers(found: list[dict], ids: dict[str, str]) -> list[dict]:
    """Each run's tier ("confirmed", "refused", "reached, unconfirmed", "open": ``tier_rule``), as its
    :class:`~questions.Tier` of the rule settles it, with the evidence and the rule's conditions."""
    return [{"run": q["system"], "run_id": ids[q["system"]], "decision": q["tier"], "evidence": q["evidence"],
             "checks": q["checks"],
             "share": q["mean"], "interval": q["interval"], "threshold": q["threshold"], "items": q["items"],
             "decided_after": q["decided_after"], "asked": q["asked"]}
            for q in found if q["kind"] == "Tier" and q["share"]]


def announced(store: Store, campaign_id: str) -> Decision:
    """:func:`decide`, after the campaign's coordinator's laptop has recorded what settled or re-opened since its last
    look (``review.study.standing``): what ``study status``, the app, the report and ``confirm-tier`` say."""
    standing.announce(store, decide(store, campaign_id))
    return decide(store, campaign_id)  # computed again only when records were written (a commit changes the marker)


def status(store: Store, campaign_id: str) -> dict:
    """:func:`decide` and the plan: about how many more segments and speaker-hours to the decisions (a fresh dict
    each call; computed once while no row changes)."""
    announced(store, campaign_id)
    return store.kept(("status", campaign_id), lambda: _status(store, campaign_id))


def _status(store: Store, campaign_id: str) -> dict:
    decision = decide(store, campaign_id)
    found = decision.public()  # a dict of its own; what it holds is frozen, so shared
    settled = standing.settled_keys(decision.records)  # a verdict announced costs no more hours, whatever comes since
    still = [(q, is_asked and (q.decided or bool(still_serving(q, settled))), fed) for q, is_asked, fed in decision.fed]
    found["plan"] = plan(store, decision.campaign_row, decision.counted, still, decision.partial)
    found["said"] = verdicts.status_lines(found)
    found["summary"] = verdicts.summary_lines(found)
    return frozen(found)


def _segments(store: Store, campaign: dict) -> tuple[int, float]:
    """The campaign's segments (distinct entries) and its mean words a segment (source and translation)."""
    rows = segment_items(store, campaign["id"])
    mean_words = (sum(planner.words(r["source"], r["output"]) for r in rows) / len(rows)) if rows else 0.0
    return len({r["entry_id"] for r in rows}), mean_words


def distinct_outputs(store: Store, campaign: dict, served: list[str]) -> float:
    """How many ratings a segment costs for the runs served: the mean number of distinct outputs they give a
    segment (``catalogue.same_outputs``: runs that translate it the same way share one rating); ``len(served)``
    where no two outputs are the same."""
    rated = stands_for(store, campaign["id"])
    if not rated or not served:
        return float(len(served))
    wanted = set(served)
    rows = [i for i in segment_items(store, campaign["id"]) if i["run_id"] in wanted]
    outputs: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        outputs[r["entry_id"]].add(rated.get(r["id"], r["id"]))
    return sum(len(v) for v in outputs.values()) / len(outputs) if outputs else float(len(served))


def _combined(forecasts: list[dict]) -> list[int | None] | None:
    """The items every open question needs: at each percentile the most any needs (None: beyond the campaign)."""
    if any(f["items"] is None for f in forecasts):
        return None
    return [None if any(f["items"][k] is None for f in forecasts) else max(f["items"][k] for f in forecasts)
            for k in range(3)]


def plan(store: Store, campaign: dict, counted: dict, asked: list[tuple], partial: dict | None = None) -> dict:
    """Speaker-hours to the decisions: *to the decision*, a range from replays of the answers so far
    (``questions.forecast``, per open question asked; the campaign needs what the slowest needs), never more than
    the campaign holds; and *left in the campaign*, if every segment not yet counted were rated for the runs still
    served (what the campaign can cost at most now), less the ratings those segments have already (``partial``)."""
    model = planner.campaign_model(store, campaign["id"])
    _, mean_words = _segments(store, campaign)
    segments = populations(store, campaign["id"])[0]  # distinct segments: one held twice is rated once
    per_rating = ratings_needed(campaign) or 1
    by_entry: dict[str, set[str]] = defaultdict(set)
    for item in counted.values():
        by_entry[item["entry_id"]].add(item["rated"])
    left = max(segments - len({tuple(sorted(rated)) for rated in by_entry.values()}), 0)
    still = [(q, fed) for q, is_asked, fed in asked if is_asked and not q.decided]
    serving = sorted({s for q, _ in still for s in q.serving()})
    served = distinct_outputs(store, campaign, serving)  # ratings a segment costs: outputs the served runs share
    share = served / len(serving) if serving else 1.0

    # attention items come on top of the segments, at their share of a speaker's items: time, never evidence
    checks = attention.settings_of(campaign["settings"])["share"] if campaign["settings"].get("attention") else 0.0

    def hours(ratings: float | None) -> float | None:
        return None if ratings is None else round(planner.hours(model, ratings * share * per_rating * (1 + checks),
                                                                mean_words), 2)
    start = min(questions.FORECAST_FROM, max(1, (segments + 1) // 2))
    ahead = [questions.forecast(q, fed, left, start=start) for q, fed in still]
    items = _combined(ahead) if ahead else [0, 0, 0]
    fed_least = min((len(fed) for _, fed in still), default=0)
    decided_share = min((a["decided_in_campaign"] for a in ahead if a["decided_in_campaign"] is not None),
                        default=None)
    to_decision = {"items": items, "speaker_hours": None if items is None else
                   [None if v is None else hours(v * len(serving)) for v in items],
                   "decided_in_campaign": decided_share, "runs": max((a["runs"] for a in ahead), default=0),
                   "forecast_from": start, "answered": fed_least}
    served_runs = set(serving)
    given = {p["rated"]: min(p["given"], per_rating) for p in (partial or {}).values()
             if p["run_id"] in served_runs and p["entry_id"] not in by_entry}  # ratings the left segments have
    ratings_left = max(round(left * served * per_rating) - sum(given.values()), 0)
    return {"open_decisions": len(still), "to_decision": to_decision,
            "left_in_campaign": {"items": left, "ratings": ratings_left,
                                 "speaker_hours": hours(left * len(serving))},
            "model": model, "attention_share": checks}


def size_warning(store: Store, campaign_id: str) -> dict | None:
    """A said line when the campaign is too small to settle its questions at their margin even if every rating
    differed by exactly that margin (``sequences.fewest_items``, with replacement: the planner's view of a test set
    as a sample of the language), else None — what ``create-campaign`` and the Campaigns tab warn."""
    campaign = campaign_row(store, campaign_id)
    task = task_defs.task(campaign["task"])
    rule_file = task_defs.settings("tier_rule")
    runs = runs_of(store, campaign_id)
    if len(runs) < 2:
        return None
    low, high = questions.scale_of(task)
    asked = campaign["settings"].get("question") or {}
    delta = asked.get("delta", rule_file["pairs_margin"] * (high - low))
    alpha = campaign["settings"].get("alpha", rule_file.get("decision_alpha", sequences.ALPHA))
    kind = asked.get("kind", "pairs")
    per_pair = questions.best_pair(alpha, len(runs)) if kind == "best" else \
        questions.per_pair(alpha, len(runs)) if kind == "pairs" else alpha
    segments = populations(store, campaign_id)[0]
    needed = sequences.fewest_items(delta / (2 * (high - low)), per_pair)
    if needed is not None and segments >= needed:
        return None
    return verdicts.too_small(segments, delta, needed if needed is not None else "more than 100000")
