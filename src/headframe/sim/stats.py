"""The few statistics the lab needs, written out so their assumptions are plain:
Wilson intervals for rates, normal-approximation tests for differences."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """95% Wilson score interval for a rate."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def sd(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))


def quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def two_sided_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def rate_test(successes: float, trials: int, expected: float) -> float:
    """p-value of a rate against an expected rate (normal approximation)."""
    if trials == 0 or expected in (0.0, 1.0):
        return 1.0
    z = (successes / trials - expected) / math.sqrt(expected * (1 - expected) / trials)
    return two_sided_p(z)


def difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float, float]:
    """Mean of b minus mean of a, its 95% interval and p-value (Welch, normal approximation)."""
    if not a or not b:
        return float("nan"), float("nan"), float("nan"), 1.0
    delta = mean(b) - mean(a)
    se = math.sqrt(sd(a) ** 2 / len(a) + sd(b) ** 2 / len(b))
    if se == 0:
        return delta, delta, delta, 1.0 if delta == 0 else 0.0
    return delta, delta - Z95 * se, delta + Z95 * se, two_sided_p(delta / se)
