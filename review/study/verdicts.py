"""What the study says: every question's result in words, chosen here once, so the command line, the app and the report
say the same sentence (the app translates the text, ``review/data/verdicts.json``, and fills in the same values).

A said line is ``{"text": template, "values": {name: str}, "numbers": {name: [value, style]}, "claims": [...]}``:
:func:`english` fills it in as the command line prints it; :func:`localized` writes its numbers in another language's
way (a decimal comma, a space before %). A line that states something of the intervals carries that **claim**: a list
of ``[a, b, side, value]`` — the interval of a − b (``b`` None: of a's mean) lies ``above`` or ``below`` ``value`` —
and is said only when the result's intervals hold it (:func:`holds`), else the question's open words are. Bounds are
rounded outward (a lower bound down, an upper one up), and never onto the value they are compared with.
"""

from __future__ import annotations

from ..sentences import Number, Word, _texts, line, number

ASKED = Word("the question asked")  # what a campaign's own question's history names it
TOLERANCE = 1e-6  # of the scale: an interval's edge found by bisection to within 1e-9 of it


# ----------------------------------------------------------------------------- claims

def interval_of(result: dict, a: str, b: str | None) -> list[float] | None:
    """The interval a claim rests on: of a − b (a question over pairs), or of a's mean (``b`` None)."""
    if b is None:
        return result.get("interval")
    if result["kind"] == "NonInferior":
        found = result["interval"]
        return found if (a, b) == (result["candidate"], result["baseline"]) else \
            None if found is None else sorted(-v for v in found)
    for pair in result.get("pairs", []):
        if (pair["a"], pair["b"]) in ((a, b), (b, a)) and pair["interval"] is not None:
            return pair["interval"] if pair["a"] == a else sorted(-v for v in pair["interval"])
    return None


def holds(claim: list, result: dict) -> bool:
    """Whether the result's intervals hold a claim ``[a, b, side, value]`` (to within the bisection's precision)."""
    a, b, side, value = claim
    found = interval_of(result, a, b)
    if found is None:
        return False
    slack = TOLERANCE * (result["scale"][1] - result["scale"][0])
    return found[0] > value - slack if side == "above" else found[1] < value + slack


def _checked(said: dict, result: dict, instead: dict) -> dict:
    """``said`` when its claims hold on the result's intervals, else the weaker ``instead``."""
    return said if all(holds(c, result) for c in said.get("claims", [])) else instead


def _bounds(interval, low_avoid: float | None = None, high_avoid: float | None = None) -> dict:
    """An interval's bounds, each rounded outward and never onto the value its claim compares it with."""
    low, high = interval or (None, None)
    return {"low": Number(low, "low", low_avoid), "high": Number(high, "high", high_avoid)}


# ----------------------------------------------------------------------------- the questions

def said(result: dict) -> list[dict]:
    """The lines that say a question's result (a result of ``review.study.maths.questions``, names filled in)."""
    kind = result["kind"]
    if kind == "Best":
        return _best(result)
    if kind == "NonInferior":
        return [_non_inferior(result)]
    if kind == "Pairs":
        return _pairs(result)
    if result["share"]:
        return _share_tier(result)
    return [_tier(result)]


def _best(result: dict) -> list[dict]:
    n, delta, leader = result["items"], Number(result["delta"]), result["leading"]
    others = sorted(s for s in result["still_in"] if s != leader)
    open_line = line("best.open", items=n, still_in=", ".join(sorted(result["still_in"])))
    head = _checked(line("best.decided", [[leader, b, "above", -result["delta"]] for b in others], best=leader,
                         delta=delta, items=n), result, open_line) if result["decided"] else open_line
    lines = [head]
    for b in others:
        found = interval_of(result, leader, b)
        bounds = _bounds(found)
        if not result["decided"]:
            lines.append(line("best.open pair", leading=leader, run=b, **bounds))
            continue
        within = line("best.within", [[leader, b, "above", -result["delta"]], [leader, b, "below", result["delta"]]],
                      best=leader, run=b, delta=delta, **_bounds(found, -result["delta"], result["delta"]))
        lower = line("best.lower", [[leader, b, "above", 0.0]], best=leader, run=b, low=Number(
            found[0] if found else None, "low", 0.0))
        not_more = line("best.not more", [[leader, b, "above", -result["delta"]]], best=leader, run=b, delta=delta,
                        **_bounds(found, -result["delta"]))
        lines.append(_checked(within, result, _checked(lower, result, _checked(
            not_more, result, line("best.open pair", leading=leader, run=b, **bounds)))))
    for b, by in result.get("eliminated", {}).items():
        lines.append(_checked(line("best.eliminated", [[by["by"], b, "above", 0.0]], run=b, by=by["by"],
                                   items=by["after"]), result, line("best.out", run=b)))
    return [*lines, line("best.risk", alpha=Number(result["alpha"], "share"), delta=delta,
                         needed=len(result["still_in"]) + len(result["eliminated"]) - 1, per_pair=Number(result["alpha_per_pair"]))]


def _non_inferior(result: dict) -> dict:
    candidate, baseline, delta = result["candidate"], result["baseline"], result["delta"]
    values = {"candidate": candidate, "baseline": baseline, "delta": Number(delta), "items": result["items"],
              **_bounds(result["interval"])}
    open_line = line("noninferior.open", **values)
    claims = {"better": [[candidate, baseline, "above", 0.0]],
              "at least as good": [[candidate, baseline, "above", -delta]],
              "worse": [[candidate, baseline, "below", -delta]]}.get(result["decision"])
    if claims:  # the bound the claim rests on, never written onto the value it is compared with
        _, _, side, value = claims[0]
        values.update(_bounds(result["interval"], *((value, None) if side == "above" else (None, value))))
    return _checked(line(f"noninferior.{result['decision']}", claims, **values), result, open_line) \
        if claims else open_line


def _pairs(result: dict) -> list[dict]:
    delta = result["delta"]
    settled = sum(p["decision"] != "open" for p in result["pairs"])
    lines = [line("pairs.head", delta=Number(delta), settled=settled, pairs=len(result["pairs"]),
                  items=result["items"]), family_risk(result)]
    for p in result["pairs"]:
        a, b = p["a"], p["b"]
        values = {"a": a, "b": b, "delta": Number(delta), "items": p["items"], **_bounds(p["interval"])}
        claims = {"a better": [[a, b, "above", 0.0]], "b better": [[a, b, "below", 0.0]],
                  "equal": [[a, b, "above", -delta], [a, b, "below", delta]]}.get(p["decision"])
        open_line = line("pairs.open", **values)
        if p["decision"] == "a better":
            values.update(_bounds(p["interval"], 0.0))
        if p["decision"] == "b better":  # said as b − a
            values.update(_bounds(None if p["interval"] is None else sorted(-v for v in p["interval"]), 0.0))
        if p["decision"] == "equal":
            values.update(_bounds(p["interval"], -delta, delta))
        lines.append(_checked(line(f"pairs.{p['decision']}", claims, **values), result, open_line)
                     if claims else open_line)
    return lines


def _tier(result: dict) -> dict:
    system, threshold, delta = result["system"], result["threshold"], result["delta"]
    values = {"system": system, "threshold": Number(threshold), "delta": Number(delta), "items": result["items"],
              "low": Number((result["interval"] or [None])[0], "plain"),
              "high": Number((result["interval"] or [None, None])[1], "plain")}
    open_line = line("tier.open", **values)
    claims = {"reached": [[system, None, "above", threshold - delta]],
              "not reached": [[system, None, "below", threshold]]}.get(result["decision"])
    return _checked(line(f"tier.{result['decision']}", claims, **values), result, open_line) if claims else open_line


def _share_tier(result: dict) -> list[dict]:
    """A run's tier: its name and threshold, the decision (when it came, the interval it rests on, rounded outward
    and never onto the threshold), what the answers in hand say now, and which measure accepts an output."""
    system, threshold = result["system"], result["threshold"]
    interval = result["interval"] or [None, None]
    values = {"system": system, "tier": Word(result.get("tier_name") or _texts()["share.unnamed"]), "threshold": Number(threshold, "share"),
              "items": result["decided_after"] or result["items"], "sure": Number(1 - result["alpha"], "share"),
              "low": Number(interval[0], "share_low", threshold), "high": Number(interval[1], "share_high", threshold)}
    open_line = line("share.open", **values)
    word = result.get("tier", "open")
    if word == "refused":
        rule = {c["rule"]: c for c in result.get("checks", [])}
        speakers, outputs = rule.get("speakers"), rule.get("outputs rated")
        if speakers and outputs and not (speakers["passed"] and outputs["passed"]):
            # a refusal on fewer speakers or outputs than a confirmation needs says how few, plainly
            head = _checked(line("share.refused few", [[system, None, "below", threshold]], one="speakers",
                                 speakers=Number(speakers["value"], "count"), needed=speakers["threshold"],
                                 outputs=outputs["value"], outputs_needed=outputs["threshold"], **values), result,
                            open_line)
        else:
            head = _checked(line("share.refused", [[system, None, "below", threshold]], **values), result, open_line)
    elif word in ("confirmed", "reached, unconfirmed"):
        claims = [[system, None, "above", threshold - result["delta"]]]
        key = "share.confirmed" if word == "confirmed" else "share.unconfirmed"
        if result.get("exactly"):  # every item rated and the share on the threshold itself: said as it is
            key += " exactly"
        extra = {"missing": missing(result["checks"])} if word != "confirmed" else {}
        head = _checked(line(key, claims, **values, **extra), result, open_line)
    else:
        head = open_line
    lines = [head]
    now = (result.get("evidence") or {}).get("now")
    if now and now["items"] and (result["decided"] and now["items"] > result["items"]):
        lines.append(line("share.now", items=now["items"], share=Number(now["share"], "share")))
    measure = result.get("measure")
    if measure and "majority_in" in measure:
        lines.append(line("share.measure majority", labels=Word(" / ".join(measure["labels"])), task=measure["task"]))
    elif measure:
        lines.append(line("share.measure mean", question=Word(measure["question"]), value=Number(measure["mean_at_least"]),
                          low=Number(measure["scale"][0]), high=Number(measure["scale"][1]), task=measure["task"]))
    return lines


def family_risk(result: dict) -> dict:
    """What a question over many pairs risks: its α for the whole campaign, shared by its pairs."""
    return line("family.risk", alpha=Number(result["alpha"], "share"), pairs=result["pairs_checked"],
                per_pair=Number(result["alpha_per_pair"]))


def missing(checks: list[dict]) -> str:
    """The rule's conditions a tier's evidence does not meet: "2 speakers (needs 3); …"."""
    return "; ".join(f"{number(c['value']) if c['value'] is not None else '—'} {c['rule']} (needs {number(c['threshold'])})"
                     for c in checks if not c["passed"])


def tier_notes(found: dict, every: list[dict]) -> list[dict]:
    """Beside a best (or leading, or better) run whose tier is refused: a line that says so."""
    named = {found.get("best"), found.get("candidate") if found.get("decision") in ("better", "at least as good")
             else None} - {None}
    refused = [q["system"] for q in every if q["kind"] == "Tier" and q["decision"] == "not reached"]
    notes = [line("note.refused", run=run) for run in refused if run in named]
    if found["kind"] == "Tier" and not found["asked"]:
        notes.append(line("note.not asked"))
    return notes


# ----------------------------------------------------------------------------- what is served, what it costs

def status_lines(found: dict) -> list[dict]:
    """After the questions: what the decisions wait for, what is served, and what the decisions still cost."""
    lines = []
    waiting = found.get("waiting")
    if waiting:
        lines.append(line("waiting.answers", answers=waiting["answers"], items=waiting["items"],
                          held_back=waiting["held_back"], laptops=", ".join(waiting["laptops"]) or "—"))
        if waiting["served_again"]:
            lines.append(line("waiting.again", items=waiting["served_again"]))
    if found["adaptive"]:
        lines.append(line("serving.none") if found["decided"] else
                     line("serving.some", runs=", ".join(found["serving"]) or "—"))
    plan = found["plan"]
    ahead, left = plan["to_decision"], plan["left_in_campaign"]
    if not plan["open_decisions"]:
        return lines + [line("plan.decided")]
    items, hours = ahead["items"], ahead["speaker_hours"]
    decided_share = ahead["decided_in_campaign"]
    if items is None and ahead["answered"] < ahead["forecast_from"] and left["items"]:
        lines.append(line("plan.waiting", answered=ahead["answered"], **{"from": ahead["forecast_from"]}))
    elif not left["items"] or decided_share == 0:
        lines.append(line("plan.beyond", left=left["items"]))
    elif items is None or items[1] is None:  # most replays of the answers so far run out of segments
        lines.append(line("plan.maybe", left=left["items"], share=Number(decided_share, "share")))
    elif items[2] is None:  # the 90th percentile lies beyond the campaign: never a number larger than it holds
        lines.append(line("plan.forecast beyond", low=items[0], middle=items[1], left=left["items"],
                          hours=Number(hours[1], "hours"), hours_low=Number(hours[0], "hours")))
    else:
        lines.append(line("plan.forecast", low=items[0], middle=items[1], high=items[2],
                          hours=Number(hours[1], "hours"), hours_low=Number(hours[0], "hours"),
                          hours_high=Number(hours[2], "hours")))
    lines.append(line("plan.left", left=left["items"], ratings=left["ratings"],
                      hours=Number(left["speaker_hours"] or 0.0, "hours")))
    return lines


def summary_lines(found: dict) -> list[dict]:
    """Before the questions: what the campaign is, how far its answers count; after them, the pace the plan uses."""
    ratings = found["ratings_per_item"]
    counted = {"task": found["task"], "kind": Word("adaptive" if found["adaptive"] else "fixed"),
               "alpha": Number(found["alpha"]), "answers": Number(found["answers"], "count"),
               "counted": Number(found["items_counted"], "count"), "items": Number(found["items"], "count")}
    lines = [line("status.counted", ratings=Number(ratings, "count"), one="answers", **counted) if ratings else
             line("status.counted imported", one="answers", **counted), order_line(found["order"])]
    lines += import_lines(found.get("imports") or [])
    model = found["plan"]["model"]
    lines.append(line("status.pace", intercept=Number(model["intercept_seconds"], "seconds"),
                      per_word=Number(model["seconds_per_word"], "rate"), source=model["source"],
                      answers=Number(model["answers"], "count"), one="answers"))
    marks = model.get("premarks") or {}
    if marks.get("seconds_per_item") is not None:
        lines.append(line("status.premarks", seconds=Number(marks["seconds_per_item"], "signed_seconds"),
                          low=Number(marks["ci"][0], "signed_seconds"), high=Number(marks["ci"][1], "signed_seconds"),
                          share=Number(marks["share_served_with"], "share")))
    elif marks.get("reason") and not marks.get("included"):
        lines.append(line("status.premarks out", reason=marks["reason"]))
    return lines


def import_lines(imports: list[dict]) -> list[dict]:
    """Where an imported campaign's rows came from: its first import, and each later one (a re-import is shown)."""
    lines = []
    for k, found in enumerate(imports):
        values = {"file": found["file"], "on": found["at"][:10], "digest": found["sha256"][:16],
                  "rows": Number(found["rows"], "count"), "added": Number(found["ratings_added"], "count")}
        lines.append(line("status.imported" if k == 0 else "status.imported again", one="added" if k else "rows",
                          **values))
    return lines


def order_line(order: dict) -> dict:
    """How the order the questions take the items in was fixed before the answers (``order.described``)."""
    if order["kind"] == "seed" and order.get("chosen") is not None:
        return line("status.order seed chosen", seed=order["seed"], chosen=str(order["chosen"]))
    if order["kind"] == "seed":
        return line("status.order seed", seed=order["seed"])
    return line(f"status.order {order['kind']}")


def confirmation_lines(result: dict, run: str) -> list[dict]:
    """A run's tier confirmation: the decision with its evidence and where it was written, then each condition."""
    said = {"status": Word(result["status"]), "automated": Word(str(result["automated_tier"])), "run": run}
    if result["share"] is None:
        lines = [line("tier.confirmation none", **said)]
    else:
        threshold = result["threshold"]  # the share and its bounds never written onto it (rounded outward)
        lines = [line("tier.confirmation", share=Number(result["share"], "share", threshold),
                      items=Number(result["items"], "count"), low=Number(result["interval"][0], "share_low", threshold),
                      high=Number(result["interval"][1], "share_high", threshold), alpha=Number(result["alpha"]),
                      threshold=Number(result["threshold"], "share"), **said)]
    for c in result["checks"]:
        value = c["value"]
        lines.append(line("tier.check passed" if c["passed"] else "tier.check failed", rule=c["rule"],
                          value=Number(value, "rate") if isinstance(value, float) else
                          Number(value, "count") if value is not None else "—", threshold=Number(c["threshold"])))
    return lines


def too_small(segments: int, delta: float, needed: int) -> dict:
    return line("create.too small", segments=segments, delta=Number(delta), needed=needed)


def speaker_done() -> dict:
    return line("speaker.done")
