"""Speakers at work, on the question objects: several speakers rate a campaign's segments at once, each segment taking
its own time, and the answers arrive in the order they are finished — not the order the segments were served. A
question fed in the order answers are *recorded* sees the quick segments first; one fed in *serving order* along the
answered prefix (``review.study.order``) sees them as served (``make bench`` measures what waiting costs; the tests
measure, through the real store, that it keeps α).

One campaign: the segments are served in a random order, one to each speaker who is free, with the systems the
question serves at that moment (decided from what it has been fed); a speaker is busy for the segment's ``seconds``.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..maths import questions

RULES = ("serving", "recorded")  # the order the question is fed in: serving order's answered prefix, or recorded


@dataclass
class Outcome:
    """One campaign: the question's result, the ratings made when it was decided (or the campaign ran out), and
    how many of those had been fed to it."""
    result: dict
    ratings: int
    fed: int


def campaign(scores: np.ndarray, make: Callable[[], questions.Question], systems: list[str], speakers: int,
             seconds: Callable[[int, list[str]], float], rule: str, rng: np.random.Generator) -> Outcome:
    """Run one campaign of ``speakers`` over the items of ``scores`` (systems × items) until the question is decided
    or every segment is rated; ``seconds(item, served)``: how long a speaker takes over a segment."""
    if rule not in RULES:
        raise ValueError(f"rule: {rule!r} is not one of {', '.join(RULES)}")
    question, index = make(), {s: k for k, s in enumerate(systems)}
    order = list(rng.permutation(scores.shape[1]))
    served: list[tuple[int, list[str]]] = []  # serving order: (item, the systems served with it)
    finished: set[int] = set()
    recorded: list[int] = []  # served places, in the order they were finished
    fed = {"upto": 0, "ratings": 0, "made": 0}

    def feed() -> None:
        places = recorded if rule == "recorded" else range(len(served))
        while fed["upto"] < len(places) and not question.decided:
            place = places[fed["upto"]]
            if place not in finished:
                return
            item, then = served[place]
            wanted = question.serving()
            if set(wanted) <= set(then):
                question.observe({s: float(scores[index[s], item]) for s in wanted}, item=int(item))
            fed["upto"] += 1
        if question.decided and not fed["ratings"]:
            fed["ratings"] = fed["made"]

    def start(now: float, speaker: int, events: list) -> None:
        wanted = question.serving()
        if order and wanted:
            served.append((int(order.pop()), list(wanted)))
            heapq.heappush(events, (now + seconds(*served[-1]), speaker, len(served) - 1))

    events: list[tuple[float, int, int]] = []
    for speaker in range(speakers):
        start(0.0, speaker, events)
    while events and not question.decided:
        now, speaker, place = heapq.heappop(events)
        finished.add(place)
        recorded.append(place)
        fed["made"] += len(served[place][1])
        feed()
        start(now, speaker, events)
    return Outcome(question.result(), fed["ratings"] or fed["made"], question.items)


def false_rate(outcomes: list[Outcome], wrong: Callable[[dict], bool]) -> float:
    return sum(wrong(o.result) for o in outcomes) / len(outcomes)
