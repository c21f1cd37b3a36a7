"""The bootstrap: intervals and paired tests for any metric of the package, resampling
rows within each class (or whole clusters), and the small tools of a test (the paired
statistic, Holm's correction).

The bootstrap resamples rows within each class as counts per row, and reads each
resample's curve from running sums of those counts over the rows in score order
(:mod:`~sklearn_prcurves._inference._resampling`): the scores are sorted once, not once per
resample.
"""

from __future__ import annotations

from collections.abc import Callable
from numbers import Integral, Real
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import Interval, StrOptions, validate_params
from .._base._results import ConfidenceInterval, TestResult
from .._base._undefined import warn, warn_undefined
from .._base._validation import check_binary_input, weights_within_range
from .._measures._bounds import normalized_pr_auc_score
from .._measures._lift import ks_statistic
from .._measures._pr import achievable_pr_auc_score, pr_auc_score
from .._measures._prg import prg_auc_score
from .._metrics._auc import average_precision_score, roc_auc_score
from ._clusters import expanded_level, paired_reading, warn_few_clusters, weighted_groups
from ._resampling import (
    CHUNK,
    ClusterResampler,
    Model,
    Resampler,
    chunk_values,
    evaluate,
    percentile_interval,
    resampler_of,
)

if TYPE_CHECKING:
    pass

__all__ = ["CONFIDENCE_LEVEL", "bootstrap_ci", "bootstrap_test", "curve_band",
           "holm_adjusted", "paired_differences", "paired_statistic"]

CONFIDENCE_LEVEL = Interval(Real, 0, 1, closed="neither")


def _resampled(models, resampler, n_resamples, n_jobs, progress):
    """Values over ``n_resamples`` resamples, in chunks, in parallel with ``n_jobs``."""
    from joblib import Parallel, delayed

    counts = [min(CHUNK, n_resamples - start) for start in range(0, n_resamples, CHUNK)]
    bar = _progress_bar(progress, n_resamples)
    values = []
    try:
        if n_jobs in (None, 1):
            results = (chunk_values(models, resampler, i, c) for i, c in enumerate(counts))
        else:
            results = Parallel(n_jobs=n_jobs, return_as="generator")(
                delayed(chunk_values)(models, resampler, i, c) for i, c in enumerate(counts))
        for chunk in results:
            values.extend(chunk)
            if bar is not None:
                bar.update(len(chunk))
    finally:
        if bar is not None:
            bar.close()
    return values


def _progress_bar(progress, total):
    """A tqdm bar on stderr: ``progress=True``, or ``"auto"`` on a terminal (tqdm is an
    optional extra; without it nothing is shown)."""
    import sys

    if progress is False or (progress == "auto" and not sys.stderr.isatty()):
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc="bootstrap", unit="resample", file=sys.stderr, leave=False)


def _ks(y_true, y_score, sample_weight=None):
    return ks_statistic(y_true, y_score, sample_weight=sample_weight).statistic


def _metric_names():
    """Scorer-style names for the bootstrap: ``name -> (metric, keyword arguments)``."""
    return {
        "roc_auc": (roc_auc_score, {}),
        "average_precision": (average_precision_score, {}),
        "pr_auc": (pr_auc_score, {}),
        "pr_auc_continuous": (pr_auc_score, {"interpolation": "continuous"}),
        "achievable_pr_auc": (achievable_pr_auc_score, {}),
        "achievable_pr_auc_continuous": (achievable_pr_auc_score,
                                         {"interpolation": "continuous"}),
        "normalized_pr_auc": (normalized_pr_auc_score, {}),
        "prg_auc": (prg_auc_score, {}),
        "ks": (_ks, {}),
    }


def _resolve_metric(metric, kwargs):
    if not isinstance(metric, str):
        return metric, kwargs
    names = _metric_names()
    if metric not in names:
        raise ValueError(
            f"{metric!r} is not a metric name the bootstrap knows; use one of "
            f"{sorted(names)} or pass a function metric(y_true, y_score)."
        )
    function, options = names[metric]
    return function, {**options, **kwargs}


def _prepare(metric, y_true, scores_list, pos_label, sample_weight, kwargs):
    metric, kwargs = _resolve_metric(metric, kwargs)
    models = []
    for y_score in scores_list:
        is_pos, scores, weight = check_binary_input(y_true, y_score, sample_weight, pos_label)
        if weight is not None:
            weight, _ = weights_within_range(weight, resampled=True)
        models.append(Model(metric, is_pos, scores, weight, kwargs))
    return is_pos, weight, models


# Fewer resamples than this give intervals and p-values too noisy to report silently.
FEW_RESAMPLES = 200


def _defined(values, n_resamples, what):
    """The resampled values without NaN; an error when fewer than two are left."""
    values = np.asarray(values, dtype=np.float64)
    defined = values[~np.isnan(values)]
    if defined.shape[0] < 2:
        raise ValueError(
            f"The {what} was undefined (NaN) on {values.shape[0] - defined.shape[0]} of "
            f"{values.shape[0]} resamples: at least two defined values are needed."
        )
    if defined.shape[0] < values.shape[0]:
        warn_undefined(f"The {what} was undefined (NaN) on "
                       f"{values.shape[0] - defined.shape[0]} of {values.shape[0]} resamples; "
                       "they are left out.")
    if n_resamples < FEW_RESAMPLES:
        warn(
            f"n_resamples={n_resamples} is too few for a reliable bootstrap result; use "
            f"at least {FEW_RESAMPLES} (2000 is usual).",
            UserWarning,
        )
    return defined


def _resampler(is_pos, weight, random_state, models, groups, method):
    """The bootstrap's resampler (of clusters, with ``groups``), checked for ``method``."""
    resampler = resampler_of(is_pos, weight, random_state, models, groups)
    if method == "bca":
        _check_bca(resampler)
    return resampler


def _clusters(resampler):
    n_clusters = getattr(resampler, "n_clusters", None)
    return "" if n_clusters is None else f", {n_clusters} clusters"


def _check_bca(resampler):
    if min(resampler.pos_rows.shape[0], resampler.neg_rows.shape[0]) < 2:
        raise ValueError(
            "method='bca' needs at least two positives and two negatives (its jackknife "
            "leaves groups of rows out); use method='percentile'."
        )


def _bca_interval(values, estimate, jackknife, confidence_level):
    """Bias-corrected and accelerated interval (Efron, 1987)."""
    from scipy.special import ndtr, ndtri

    # Resamples equal to the estimate count one half. The fast paths compute a
    # resample's value with other roundings than the estimate's (a few ulps apart):
    # values that close are equal, not below.
    close = np.abs(values - estimate) <= _TIE_ULPS * np.spacing(max(abs(estimate), 1.0))
    proportion = np.mean((values < estimate) & ~close) + np.mean(close) / 2
    bias = ndtri(np.clip(proportion, 1e-12, 1 - 1e-12))
    centred = jackknife.mean() - jackknife
    denominator = 6 * np.sum(centred**2) ** 1.5
    acceleration = np.sum(centred**3) / denominator if denominator > 0 else 0.0
    alpha = (1 - confidence_level) / 2
    levels = []
    for z in (ndtri(alpha), ndtri(1 - alpha)):
        levels.append(ndtr(bias + (bias + z) / (1 - acceleration * (bias + z))))
    return tuple(float(v) for v in np.quantile(values, levels))


_JACKKNIFE_GROUPS = 100
# Ulps within which a resample's value is the estimate's (rounding, not a difference).
_TIE_ULPS = 64


def _group_jackknife(model, resampler):
    """Delete-a-group jackknife over at most 100 groups: stratified groups of rows, or
    of whole clusters for a :class:`~sklearn_prcurves._inference._resampling.ClusterResampler`."""
    if isinstance(resampler, ClusterResampler):
        values = evaluate([model], *_cluster_parts(resampler))[0]
        if np.isnan(values).any():
            raise ValueError("method='bca' leaves out groups of clusters in turn, and one "
                             "of them holds a whole class: use method='percentile'.")
        return values
    rng = np.random.RandomState(0)
    pos = rng.permutation(resampler.pos_rows.shape[0])  # positions
    neg = rng.permutation(resampler.neg_rows.shape[0])
    groups = min(_JACKKNIFE_GROUPS, pos.shape[0], neg.shape[0])
    pos_parts, neg_parts = np.array_split(pos, groups), np.array_split(neg, groups)

    def left_out():  # counts: every row once, but for one group of each class
        for pos_part, neg_part in zip(pos_parts, neg_parts):
            pos_counts = np.ones(pos.shape[0], dtype=np.intp)
            neg_counts = np.ones(neg.shape[0], dtype=np.intp)
            pos_counts[pos_part] = 0
            neg_counts[neg_part] = 0
            yield pos_counts, neg_counts

    return evaluate([model], left_out(), groups)[0]


def _cluster_parts(resampler):
    """``(draws, count)``: at most 100 groups of whole clusters, each left out in turn."""
    clusters = np.random.RandomState(0).permutation(resampler.n_clusters)
    parts = np.array_split(clusters, min(_JACKKNIFE_GROUPS, resampler.n_clusters))

    def left_out():
        for part in parts:
            kept = np.ones(resampler.n_clusters, dtype=np.intp)
            kept[part] = 0
            yield kept[resampler.pos_clusters], kept[resampler.neg_clusters]

    return left_out(), len(parts)


_BOOTSTRAP_PARAMS = {
    "metric": [callable, str],
    "n_jobs": [Integral, None],
    "progress": ["boolean", StrOptions({"auto"})],
    "y_true": ["array-like"],
    "method": [StrOptions({"percentile", "bca", "basic"})],
    "confidence_level": [CONFIDENCE_LEVEL],
    "n_resamples": [Interval(Integral, 2, None, closed="left")],
    "pos_label": [Real, str, "boolean", None],
    "sample_weight": ["array-like", None],
    "random_state": ["random_state"],
    "groups": ["array-like", None],
}


@validate_params(
    {**_BOOTSTRAP_PARAMS, "y_score": ["array-like"]}, prefer_skip_nested_validation=True
)
@array_api_boundary()
def bootstrap_ci(
    metric: Callable[..., float] | str,
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    method: str = "percentile",
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    random_state: int | np.random.RandomState | None = None,
    n_jobs: int | None = None,
    progress: bool | str = "auto",
    groups: ArrayLike | None = None,
    **metric_kwargs,
) -> ConfidenceInterval:
    """Stratified bootstrap confidence interval for any binary ranking metric.

    Each resample draws, with replacement, as many positives and as many negatives as
    observed. For the package's own areas (:func:`roc_auc_score`,
    :func:`pr_auc_score`, :func:`achievable_pr_auc_score`,
    :func:`average_precision_score`) a resample's curve is read from running sums
    of its row counts, without sorting again; any other
    ``metric(y_true, y_score, sample_weight=..., **metric_kwargs)`` is called on each
    resample.

    Parameters
    ----------
    metric : callable or str
        ``metric(y_true, y_score, **metric_kwargs)``, with ``sample_weight=`` too
        only when weights are given; it receives boolean labels (True for
        positives). Or a name: ``"roc_auc"``, ``"average_precision"``, ``"pr_auc"``,
        ``"pr_auc_continuous"``, ``"achievable_pr_auc"``,
        ``"achievable_pr_auc_continuous"``, ``"normalized_pr_auc"``, ``"prg_auc"``,
        ``"ks"``.
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,)
    method : {"percentile", "bca", "basic"}, default="percentile"
        ``"bca"``: bias-corrected and accelerated, the acceleration estimated by a
        delete-a-group jackknife over at most 100 stratified groups. ``"basic"``: the
        percentile interval's quantiles reflected about the estimate,
        ``(2 estimate - high, 2 estimate - low)``, which removes the bias the resamples
        show about their estimate (and may pass the metric's range; :func:`pr_auc_ci`
        clips it to [0, 1]).
    confidence_level : float in (0, 1), default=0.95
    n_resamples : int >= 2, default=2000
        Fewer than 200 give a warning: the interval would be too noisy.
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
        Resampled with their rows.
    random_state : int, RandomState instance or None, default=None
        Seeds the resamples: the same seed gives the same result with a given
        version of the package (how resamples are drawn may change between versions).
    n_jobs : int, default=None
        Processes evaluating the resamples (joblib; -1: every core). Resamples are
        drawn in chunks with their own random streams, so the result does not depend
        on ``n_jobs``.
    progress : bool or "auto", default="auto"
        A progress bar on stderr ("auto": when stderr is a terminal; needs tqdm).
    groups : array-like of shape (n_samples,), default=None
        A cluster id per row (a patient, a customer, a session), whose rows are not
        independent: whole clusters are resampled with replacement, their rows with
        them (not stratified; a resample holding one class gives no value and is left
        out). At least two clusters; ``method="bca"``'s jackknife leaves out groups of
        whole clusters. The result's ``method`` says how many clusters.
    **metric_kwargs
        Passed to ``metric`` (for example ``interpolation="continuous"``).

    Returns
    -------
    interval : ConfidenceInterval
        ``(low, high)``, naming also the ``estimate``, ``method`` and
        ``confidence_level``. Unpacks as a pair.

    See Also
    --------
    bootstrap_test, roc_auc_ci, pr_auc_ci

    References
    ----------
    .. [1] B. Efron, "Better Bootstrap Confidence Intervals", Journal of the American
           Statistical Association 82(397), 1987.

    Examples
    --------
    >>> from sklearn_prcurves import bootstrap_ci, pr_auc_score
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1] * 5
    >>> scores = [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.5, 0.3] * 5
    >>> low, high = bootstrap_ci(pr_auc_score, y, scores, random_state=0)
    >>> bool(low < pr_auc_score(y, scores) < high)
    True
    """
    is_pos, weight, (model,) = _prepare(
        metric, y_true, [y_score], pos_label, sample_weight, metric_kwargs
    )
    groups = weighted_groups(groups, sample_weight)
    resampler = _resampler(is_pos, weight, random_state, [model], groups, method)
    values = _defined(_resampled([model], resampler, n_resamples, n_jobs, progress),
                      n_resamples, "metric")
    low, high = _bootstrap_interval(method, values, model.estimate(),
                                    lambda: _group_jackknife(model, resampler),
                                    _resampled_level(resampler, confidence_level))
    return ConfidenceInterval(low, high, estimate=model.estimate(),
                              method=f"bootstrap {method}{_clusters(resampler)}",
                              confidence_level=confidence_level)


@validate_params(
    {**_BOOTSTRAP_PARAMS, "y_score_a": ["array-like"], "y_score_b": ["array-like"]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def bootstrap_test(
    metric: Callable[..., float] | str,
    y_true: ArrayLike,
    y_score_a: ArrayLike,
    y_score_b: ArrayLike,
    *,
    method: str = "percentile",
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    random_state: int | np.random.RandomState | None = None,
    n_jobs: int | None = None,
    progress: bool | str = "auto",
    groups: ArrayLike | None = None,
    **metric_kwargs,
) -> TestResult:
    """Paired stratified bootstrap test of the difference between two models.

    Both models are evaluated on the same resampled rows. As in R's pROC, the statistic
    is the observed difference divided by the standard deviation of the resampled
    differences, with a two-sided normal p-value.

    Parameters
    ----------
    metric : callable or str
        As for :func:`bootstrap_ci`.
    y_true : array-like of shape (n_samples,)
    y_score_a, y_score_b : array-like of shape (n_samples,)
    method : {"percentile", "bca", "basic"}, default="percentile"
        For the interval of the difference (see :func:`bootstrap_ci`).
    confidence_level : float in (0, 1), default=0.95
    n_resamples : int >= 2, default=2000
        Fewer than 200 give a warning: the standard deviation behind the p-value
        would be too noisy.
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
    random_state : int, RandomState instance or None, default=None
    n_jobs : int, default=None
        As for :func:`bootstrap_ci`.
    progress : bool or "auto", default="auto"
        As for :func:`bootstrap_ci`.
    groups : array-like of shape (n_samples,), default=None
        As for :func:`bootstrap_ci`: both models on the same resampled clusters; the
        result's ``clusters`` says how many.
    **metric_kwargs
        Passed to ``metric``.

    Returns
    -------
    result : TestResult
        A dict with attribute access:
        ``value_a``, ``value_b``, ``difference`` (a - b), ``statistic``, ``pvalue``
        (two-sided) and ``confidence_interval`` of the difference.

    Examples
    --------
    >>> from sklearn_prcurves import bootstrap_test, pr_auc_score
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1] * 5
    >>> a = [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.5, 0.3] * 5
    >>> result = bootstrap_test(pr_auc_score, y, a, a, random_state=0)
    >>> result.difference, result.pvalue
    (0.0, 1.0)
    """
    is_pos, weight, (model_a, model_b) = _prepare(
        metric, y_true, [y_score_a, y_score_b], pos_label, sample_weight, metric_kwargs
    )
    groups = weighted_groups(groups, sample_weight)
    resampler = _resampler(is_pos, weight, random_state, [model_a, model_b], groups, method)
    differences = _defined(
        _resampled([model_a, model_b], resampler, n_resamples, n_jobs, progress),
        n_resamples, "difference")
    value_a, value_b = model_a.estimate(), model_b.estimate()
    difference = value_a - value_b
    n_clusters = getattr(resampler, "n_clusters", None)
    statistic, pvalue = paired_statistic(difference, differences.std(ddof=1), n_clusters)
    interval = _bootstrap_interval(
        method, differences, difference,
        lambda: _group_jackknife(model_a, resampler) - _group_jackknife(model_b, resampler),
        _resampled_level(resampler, confidence_level))
    return TestResult(value_a=value_a, value_b=value_b, difference=difference,
                      statistic=statistic, pvalue=pvalue, confidence_interval=interval,
                      **({} if n_clusters is None else {"clusters": n_clusters}))


def _resampled_level(resampler, confidence_level):
    """The level the resamples' quantiles are read at: ``confidence_level``, or for a
    bootstrap of clusters its expanded level (:func:`expanded_level`), with a warning
    when the clusters are too few."""
    n_clusters = getattr(resampler, "n_clusters", None)
    if n_clusters is None:
        return confidence_level
    warn_few_clusters(n_clusters)
    return expanded_level(confidence_level, n_clusters)


def _bootstrap_interval(method, values, estimate, jackknife, confidence_level):
    """``(low, high)`` of the resampled ``values`` of ``estimate`` by ``method``
    (``jackknife()``: the delete-a-group jackknife's values, which BCa needs)."""
    if method == "bca":
        return _bca_interval(values, estimate, jackknife(), confidence_level)
    low, high = percentile_interval(values, confidence_level)
    if method == "basic":  # (the resamples' displacement from the estimate, undone)
        return 2 * estimate - high, 2 * estimate - low
    return low, high


def paired_statistic(difference, spread, n_clusters=None):
    """``(statistic, two-sided p-value)`` of a paired bootstrap test: the difference over
    the standard deviation of the resampled differences, read on the normal; from a
    bootstrap of ``n_clusters`` clusters, the deviation times ``sqrt(K / (K - 1))``
    (its resamples' variance is ``(K - 1) / K`` of the estimate's) read on Student's t
    (:func:`paired_reading`)."""
    if spread > 0:
        if n_clusters is not None:
            spread = spread * np.sqrt(n_clusters / (n_clusters - 1))
        return paired_reading(difference, spread, 0.95, n_clusters)[:2]
    if difference == 0:
        return 0.0, 1.0
    raise ValueError(
        "Every resample gave the same difference: its spread is zero and no "
        "p-value can be computed from it."
    )


def holm_adjusted(pvalues):
    """Holm's step-down adjusted p-values of a family of tests, in the given order.

    The i-th smallest p-value is multiplied by the number of tests not yet rejected
    before it (``m - i + 1``), and the products are made non-decreasing in that order
    and capped at 1: rejecting where the adjusted value is below ``alpha`` keeps the
    family's chance of any false rejection at most ``alpha`` (Holm, 1979).
    """
    pvalues = [float(p) for p in pvalues]
    m = len(pvalues)
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(sorted(range(m), key=pvalues.__getitem__)):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def paired_differences(metric, y_true, y_score_a, y_score_b, *, n_resamples, random_state,
                       sample_weight=None, pos_label=None, groups=None):
    """The resampled differences ``metric(a) - metric(b)`` of a paired stratified
    bootstrap (both models on the same resampled rows; whole clusters with
    ``groups``), as :func:`bootstrap_test` draws them: ``(value_a, value_b,
    differences)``."""
    is_pos, weight, (model_a, model_b) = _prepare(
        metric, y_true, [y_score_a, y_score_b], pos_label, sample_weight, {})
    groups = weighted_groups(groups, sample_weight)
    resampler = resampler_of(is_pos, weight, random_state, [model_a, model_b], groups)
    differences = _defined(
        _resampled([model_a, model_b], resampler, n_resamples, None, False),
        n_resamples, "difference")
    return model_a.estimate(), model_b.estimate(), differences


def curve_band(y_true, y_score, curve, grid, *, confidence_level, n_resamples, random_state,
               pos_label=None, sample_weight=None):
    """Pointwise stratified-bootstrap band of a curve on ``grid``.

    ``curve(table)`` returns the curve's ``(x, y)`` with ``x`` non-decreasing; each
    resample's curve is read at ``grid`` and the band is the pair of pointwise
    quantiles. Returns ``(lower, upper)``.
    """
    is_pos, weight, (model,) = _prepare(
        roc_auc_score, y_true, [y_score], pos_label, sample_weight, {}
    )
    resampler = Resampler(is_pos, weight, random_state, [model])
    values = np.empty((n_resamples, grid.shape[0]))
    for b, counts in enumerate(resampler.draws(n_resamples)):
        x, y = curve(model.resampled_table(*counts))
        values[b] = np.interp(grid, x, y)
    alpha = (1 - confidence_level) / 2
    lower, upper = np.quantile(values, [alpha, 1 - alpha], axis=0)
    return lower, upper
