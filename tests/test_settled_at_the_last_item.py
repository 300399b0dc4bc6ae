"""Issue 66, part 2: once every item of the population has its ratings, the question is decided from the population's
value — the sequence's bets alone, truncated, left 100 of 100 imported items with 79 accepted "open" in some orders,
97 % of orders at exactly 80 %, and a complete parallel campaign open at [−6.97, −3.63] around an exact −5.27."""

from __future__ import annotations

import random

import pytest

from review.sentences import english
from review.study import verdicts
from review.study.maths import questions, sequences
from sizes import size

ORDERS = size(60, 18)


def _tier(accepted: int, items: int = 100, seed: int = 0) -> questions.Tier:
    values = [1.0] * accepted + [0.0] * (items - accepted)
    random.Random(seed).shuffle(values)
    tier = questions.Tier("run", 0.8, 0.0, low=0.0, high=1.0, population=items, share=True)
    for k, value in enumerate(values):
        if tier.decided:
            break
        tier.observe({"run": value}, item=k)
    return tier


@pytest.mark.parametrize("seed", range(ORDERS))
def test_79_of_100_accepted_is_refused_by_the_last_item_in_any_order(seed):
    tier = _tier(79, seed=seed)
    assert tier.decision == "not reached" and tier.decided_after <= 100
    assert not tier.exactly


@pytest.mark.parametrize("seed", range(ORDERS))
def test_exactly_80_of_100_is_reached_at_the_last_item_and_said_exactly(seed):
    tier = _tier(80, seed=seed)
    assert tier.decision == "reached" and tier.exactly and tier.decided_after == 100
    result = tier.result()
    assert result["interval"] == [0.8, 0.8] and result["complete"]
    result.update(tier="reached, unconfirmed", checks=[{"rule": "speakers", "value": 1, "threshold": 3,
                                                        "passed": False}], tier_name="B")
    text = english(verdicts.said(result)[0])
    assert "exactly 80%" in text and "every one of its 100 items rated" in text, text


def test_81_of_100_is_reached_by_the_last_item_not_said_exactly():
    tier = _tier(81)
    assert tier.decision == "reached" and not tier.exactly


def test_a_complete_non_inferiority_question_ends_on_the_exact_difference():
    rng = random.Random(5)
    old = [rng.uniform(40, 100) for _ in range(120)]
    new = [max(0.0, o - rng.uniform(0, 10.5)) for o in old]
    exact = sum(n - o for n, o in zip(new, old)) / len(old)
    question = questions.NonInferior("old", "new", 2.0, low=0.0, high=100.0, population=len(old))
    for k, (o, n) in enumerate(zip(old, new)):
        if question.decided:
            break
        question.observe({"old": o, "new": n}, item=k)
    assert question.decided, question.result()
    if question.items == len(old):
        low, high = question.result()["interval"]
        assert low == pytest.approx(exact, abs=1e-9) and high == pytest.approx(exact, abs=1e-9)
    assert question.result()["decision"] == "worse" and exact < -2.0


def test_the_interval_of_a_complete_population_is_its_mean():
    values = [0.1, 0.9, 0.4, 0.6, 0.55]
    assert sequences.interval(values, population=5) == (pytest.approx(0.51), pytest.approx(0.51))
    stream = sequences.Bounded([0.5, 0.51, 0.52], population=5)
    for v in values:
        stream.add(v)
    assert stream.above(0.5) and stream.below(0.52) and stream.at(0.51) and not stream.above(0.51)
