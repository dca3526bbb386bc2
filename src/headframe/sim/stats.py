"""The lab's statistics, from maintained libraries (scipy.stats, statsmodels: the
`lab` extra). Every estimate carries its 95% interval and a p-value; a table's
p-values are corrected together (Holm for the few planned tests of a table,
Benjamini-Hochberg for the many exploratory ones)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .runner import RunError

try:
    import numpy as np
    from scipy import stats
    from statsmodels.stats.multitest import multipletests
    from statsmodels.stats.proportion import proportion_confint, proportions_ztest
except ImportError:
    raise RunError("the lab's statistics need the lab extra: pip install 'headframe[lab]'") from None

HOLM = "holm"
BH = "fdr_bh"
CORRECTION_NAMES = {HOLM: "Holm", BH: "Benjamini-Hochberg"}
NAN = float("nan")


@dataclass(frozen=True)
class Estimate:
    """A number with its 95% interval and the p-value of its test (after
    correction, once `corrected` has been applied)."""

    value: float
    low: float
    high: float
    p: float = 1.0


def wilson(successes: float, trials: int, alpha: float = 0.05) -> tuple[float, float]:
    """Wilson score interval for a rate (95% by default)."""
    if trials == 0:
        return 0.0, 1.0
    low, high = proportion_confint(successes, trials, alpha=alpha, method="wilson")
    return float(low), float(high)


def rate_against(successes: float, trials: int, expected: float) -> Estimate:
    """A rate's difference from an expected rate: the Wilson interval shifted, and
    the score test it inverts (so the interval excludes 0 exactly when p < 0.05)."""
    low, high = wilson(successes, trials)
    p = float(proportions_ztest(successes, trials, expected, prop_var=expected)[1])
    return Estimate(successes / trials - expected, low - expected, high - expected, p)


def fair_seats(wins: Sequence[float]) -> float:
    """p of the chi-square goodness-of-fit test of wins by seat against equal shares
    (each game one multinomial draw, shared wins split)."""
    return float(stats.chisquare(wins).pvalue) if sum(wins) else 1.0


def mean_estimate(values: Sequence[float], null: float = 0.0) -> Estimate:
    """A mean with its t interval, and the one-sample t-test against `null` (on
    paired differences this is the paired t-test)."""
    data = np.asarray(values, dtype=float)
    if len(data) < 2:
        return Estimate(float(data.mean()) if len(data) else NAN, NAN, NAN)
    centre = float(data.mean())
    if np.ptp(data) == 0:  # no spread: the interval is the value, the test certain
        return Estimate(centre, centre, centre, 1.0 if centre == null else 0.0)
    result = stats.ttest_1samp(data, null)
    interval = result.confidence_interval(0.95)
    return Estimate(centre, float(interval.low), float(interval.high), float(result.pvalue))


def welch_difference(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """Mean of b minus mean of a, its interval and Welch's t-test (unpaired)."""
    first, second = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if len(first) < 2 or len(second) < 2:
        return Estimate(NAN, NAN, NAN)
    delta = float(second.mean() - first.mean())
    if np.ptp(first) == 0 and np.ptp(second) == 0:
        return Estimate(delta, delta, delta, 1.0 if delta == 0 else 0.0)
    result = stats.ttest_ind(second, first, equal_var=False)
    interval = result.confidence_interval(0.95)
    return Estimate(delta, float(interval.low), float(interval.high), float(result.pvalue))


def seats_differ(scores: Sequence[Sequence[float]]) -> tuple[str, float]:
    """The test over all seats of scores given game by game (rows: games, columns:
    seats), games as blocks: Friedman's, or for two seats the Wilcoxon signed-rank
    test it reduces to. Returns the test's name and its p."""
    table = np.asarray(scores, dtype=float)
    if len(table) < 2 or np.ptp(table - table.mean(axis=1, keepdims=True)) == 0:
        return "no test (no difference between seats)", 1.0
    if table.shape[1] == 2:
        return "Wilcoxon signed-rank test", float(stats.wilcoxon(table[:, 1] - table[:, 0]).pvalue)
    return "Friedman test", float(stats.friedmanchisquare(*table.T).pvalue)


def corrected(estimates: Sequence[Estimate], method: str) -> list[Estimate]:
    """The estimates with their p-values corrected together for multiple tests."""
    if not estimates:
        return []
    raw = [estimate.p if not math.isnan(estimate.p) else 1.0 for estimate in estimates]
    adjusted = multipletests(raw, alpha=0.05, method=method)[1]
    return [replace(estimate, p=float(p)) for estimate, p in zip(estimates, adjusted)]
