"""A proportion with its interval: how often something happened in ``n`` tries."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a binomial proportion (Wilson 1927; Brown, Cai & DasGupta 2001 recommend it
    for small ``n``, where the normal approximation's interval leaves [0, 1] or collapses to a point at 0 or n).
    ``n`` must be at least 1."""
    if n < 1 or not 0 <= successes <= n:
        raise ValueError(f"wilson: {successes} of {n}")
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    return (0.0 if successes == 0 else low), (1.0 if successes == n else high)  # exact at the ends, not 1 - 1e-16
