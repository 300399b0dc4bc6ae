"""How big the long checks run. ``make test`` (the loop every change goes through) runs each at a quick size;
``make evidence`` (``LYSS_EVIDENCE=1``) runs them at the sizes their claims were made at: every Hypothesis test
at its full count of examples (profile ``ci``), every Monte-Carlo check at its full count of orders
(tests/evidence.py keeps their seeded results, which ``make test`` compares with the code it runs).
docs/testing.md says which test runs where."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

EVIDENCE = os.environ.get("LYSS_EVIDENCE") == "1"

# the profiles: `dev` for make test, `ci` (Hypothesis's own default of 100 examples) for make evidence
settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PROFILE = "ci" if EVIDENCE else "dev"
settings.load_profile(PROFILE)


def examples(evidence: int, quick: int | None = None) -> int:
    """A Hypothesis test's count of examples: ``evidence`` under ``make evidence``, ``quick`` (a tenth, at least 3,
    unless given) under ``make test``."""
    if EVIDENCE:
        return evidence
    return quick if quick is not None else max(3, evidence // 10)


def size(evidence: int, quick: int) -> int:
    """A Monte-Carlo check's count of orders (or draws): ``evidence`` under ``make evidence``, ``quick`` otherwise."""
    return evidence if EVIDENCE else quick
