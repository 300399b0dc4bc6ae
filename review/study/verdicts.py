"""What the study says: every question's result in words, chosen here once, so the command line and the app say
the same sentence (the app translates the text, ``review/data/verdicts.json``, and fills in the same values).

A said line is ``{"text": template, "values": {name: str}}``: :func:`english` fills it in. Numbers are formatted
here, so both faces print the same digits."""

from __future__ import annotations

from .. import tasks as task_defs


def _texts() -> dict:
    return task_defs.settings("verdicts")


def line(key: str, **values) -> dict:
    """One said line: the text under ``key`` and its values, each as a string."""
    return {"text": _texts()[key], "values": {k: str(v) for k, v in values.items()}}


def english(said: dict) -> str:
    return said["text"].format(**said["values"])


def number(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "—"
    return f"{value:+.2f}" if signed else f"{value:.4g}"


def span(interval) -> str:
    """A difference's interval, signed: "[-0.02, +0.37]" ("" before any item)."""
    return "" if not interval else f"[{number(interval[0], True)}, {number(interval[1], True)}]"


def _hours(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}" if value >= 1 else f"{value:.2f}"


def _share_span(interval) -> str:
    return "" if not interval else f"[{_share(interval[0])}, {_share(interval[1])}]"


def _share(value) -> str:
    return "—" if value is None else f"{value:.0%}"


def said(result: dict) -> list[dict]:
    """The lines that say a question's result (a result of ``review.study.maths.questions``, names filled in)."""
    kind, n, delta = result["kind"], result["items"], number(result.get("delta"))
    if kind == "Best":
        if not result["decided"]:
            found = line("best.open", items=n, still_in=", ".join(sorted(result["still_in"])))
        elif result["tied_within_delta"]:
            found = line("best.tied", best=result["best"], tied=", ".join(sorted(result["tied_within_delta"])),
                         delta=delta, items=n)
        else:
            found = line("best.decided", best=result["best"], delta=delta, items=n)
        return [found, family_risk(result)]
    if kind == "NonInferior":
        return [line(f"noninferior.{result['decision']}", candidate=result["candidate"], baseline=result["baseline"],
                     delta=delta, items=n)]
    if kind == "Pairs":
        settled = sum(p["decision"] != "open" for p in result["pairs"])
        return [line("pairs.head", delta=delta, settled=settled, pairs=len(result["pairs"]), items=n),
                family_risk(result), *(
            line(f"pairs.{p['decision']}", a=p["a"], b=p["b"], delta=delta, items=p["items"],
                 difference=number(p["mean_difference"], True), interval=span(p["interval"]))
            for p in result["pairs"])]
    if result["share"]:
        key = "unconfirmed" if result.get("tier") == "reached, unconfirmed" else result["decision"]
        values = {"missing": missing(result["checks"])} if key == "unconfirmed" else {}
        return [line(f"share.{key}", system=result["system"], threshold=_share(result["threshold"]),
                     share=_share(result["mean"]), interval=_share_span(result["interval"]), items=n, **values)]
    return [line(f"tier.{result['decision']}", system=result["system"], threshold=number(result["threshold"]),
                 delta=delta, items=n)]


def family_risk(result: dict) -> dict:
    """What a question over many pairs risks: its α for the whole campaign, shared by its pairs."""
    return line("family.risk", alpha=_share(result["alpha"]), pairs=result["pairs_checked"],
                per_pair=f"{result['alpha_per_pair']:.2g}")


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


def status_lines(found: dict) -> list[dict]:
    """After the questions: what is served, and what the decisions still cost."""
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
        lines.append(line("plan.maybe", left=left["items"], share=_share(decided_share)))
    elif items[2] is None:  # the 90th percentile lies beyond the campaign: never a number larger than it holds
        lines.append(line("plan.forecast beyond", low=items[0], middle=items[1], left=left["items"],
                          hours=_hours(hours[1]), hours_low=_hours(hours[0])))
    else:
        lines.append(line("plan.forecast", low=items[0], middle=items[1], high=items[2], hours=_hours(hours[1]),
                          hours_low=_hours(hours[0]), hours_high=_hours(hours[2])))
    lines.append(line("plan.left", left=left["items"], ratings=left["ratings"],
                      hours=_hours(left["speaker_hours"] or 0.0)))
    return lines


def too_small(segments: int, delta: float, needed: int) -> dict:
    return line("create.too small", segments=segments, delta=number(delta), needed=needed)


def speaker_done() -> dict:
    return line("speaker.done")
