"""No order real people produce changes a verdict (issue 51), measured through the real store, sessions and
decisions: three speakers who skip half the outputs they find bad and come back to them last, and five speakers at
once who take thirty times longer over a ruined output than over a good one. Each keeps its false verdicts within
α + 2 binomial standard errors over 30 campaigns (measured on these cases before: a run below its tier "confirmed" in
30 of 30, a worse version "at least as good" in 18 of 30; now 1 and 0). ``make evidence`` runs the 30 campaigns;
``make test`` runs two and asserts the claim on the evidence kept for the code it runs (tests/evidence.py)."""

from __future__ import annotations

import math
import random

import pytest

import evidence
from speakers_at_work import parallel_speakers, scored_run, skipping_speakers

pytestmark = pytest.mark.evidence  # make evidence runs it at full size (docs/testing.md)
ALPHA = 0.05


CAMPAIGNS = (30, 2)  # make evidence, make test
# what the verdicts of speakers at work are computed by: the decisions, the serving order, the tasks, the store
CODE = ("review/study", "review/rating", "review/tasks", "review/records", "review/store", "tests/speakers_at_work.py")


def bound(campaigns: int) -> float:
    return ALPHA + 2 * math.sqrt(ALPHA * (1 - ALPHA) / campaigns)


def _within_alpha(share: float) -> None:
    assert share <= bound(CAMPAIGNS[0]), f"false verdicts in {share:.0%} of {CAMPAIGNS[0]} campaigns"


@pytest.fixture(scope="module")
def versions(tmp_path_factory):
    """Two versions of a 40-segment test set: the new one a point better on 34 segments and ruined (0) on 6, so
    that it is 12.6 worse on average — more than the margin of 10."""
    folder = tmp_path_factory.mktemp("versions")
    old = scored_run(folder, "old", [f"old output {k}" for k in range(40)])
    new = scored_run(folder, "new", [f"{'ruined' if k < 6 else 'new'} output {k}" for k in range(40)])
    return old, new


def _score(output: str) -> int:
    return 0 if output.startswith("ruined") else 91 if output.startswith("new") else 90


def test_five_speakers_at_once_never_make_a_worse_version_at_least_as_good(versions, tmp_path):
    old, new = versions

    def share_wrong(campaigns: int) -> float:
        rng, wrong = random.Random(3), 0
        for k in range(campaigns):
            found = parallel_speakers(tmp_path / f"c{k}.sqlite", [old, new],
                                      {"kind": "non-inferior", "delta": 10, "baseline": "old"}, _score,
                                      lambda output: 30.0 if output.startswith("ruined") else 1.0 + rng.random() * 0.1)
            wrong += found["asked"]["decision"] in ("at least as good", "better")
        return wrong / campaigns

    evidence.check("speakers-at-work-parallel", share_wrong, _within_alpha, orders=CAMPAIGNS, code=CODE, seeded=False)


@pytest.fixture(scope="module")
def below_the_tier(tmp_path_factory):
    """A run of 100 outputs, 78 of them accepted (78 %: below the tier's 80 %)."""
    return scored_run(tmp_path_factory.mktemp("tier"), "run", [f"{'good' if k < 78 else 'bad'} output {k}"
                                                              for k in range(100)])


def test_three_speakers_who_skip_bad_outputs_never_confirm_a_run_below_its_tier(below_the_tier, tmp_path):
    def share_wrong(campaigns: int) -> float:
        rng, wrong = random.Random(5), 0
        for k in range(campaigns):
            found = skipping_speakers(tmp_path / f"c{k}.sqlite", below_the_tier,
                                      lambda output: 5 if output.startswith("good") else 2, 0.5, rng)
            wrong += found["tiers"][0]["decision"] in ("confirmed", "reached, unconfirmed")
        return wrong / campaigns

    evidence.check("speakers-at-work-skipping", share_wrong, _within_alpha, orders=CAMPAIGNS, code=CODE, seeded=False)
