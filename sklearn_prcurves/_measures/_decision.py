"""Decision curves (Vickers and Elkin, 2006): the net benefit of acting on a model.

Treating everyone whose predicted probability is at least ``pt`` gains the true
positives and pays for the false positives at the exchange rate the threshold itself
states: choosing ``pt`` says a false positive costs ``pt / (1 - pt)`` true positives.
Per person,

    net benefit(pt) = TP / n - FP / n * pt / (1 - pt)

= ``prevalence * TPR - (1 - prevalence) * FPR * pt / (1 - pt)``, which reads the
count table at each threshold; "treat all" is the same with TPR = FPR = 1, "treat
none" is 0. A model is worth using at ``pt`` where it beats both; whether one model's net benefit
beats another's is :mod:`~sklearn_prcurves._inference._net_benefit_test`'s.
"""

from __future__ import annotations

from numbers import Real

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import Interval, validate_params
from .._base._results import NetBenefitCurve
from .._base._validation import checked_array
from .._table._count_table import CountTable
from .._table._entry import BINARY_PARAMS, two_class_table
from .._table._exact import counts_at_or_above
from .._table._prevalence import at_prevalence

__all__ = ["DEFAULT_THRESHOLDS", "net_benefit_curve", "pieces_net_benefit", "prior_shift",
           "shifted", "table_net_benefit"]

# The thresholds of dcurves' and the R package's decision curves: 0, 0.01, ..., 0.99.
DEFAULT_THRESHOLDS = np.arange(100) / 100


def checked_thresholds(thresholds):
    if thresholds is None:
        return DEFAULT_THRESHOLDS.copy()
    values = np.asarray(thresholds, dtype=float)
    if values.ndim != 1 or values.shape[0] == 0:
        raise ValueError("thresholds must be a non-empty 1-D list of probabilities; got "
                         f"shape {values.shape}.")
    if not np.all((values >= 0) & (values < 1)):
        raise ValueError(
            "thresholds must be probabilities in [0, 1) (at 1 a false positive would cost "
            f"infinitely many true positives); got values from {np.min(values)!r} to "
            f"{np.max(values)!r}.")
    return values


def shifted(y_prob, prevalence, sample_prevalence):
    """:func:`prior_shift` of float64 probabilities, in log-odds (no overflow of the
    odds' ratio at extreme prevalences; 0 and 1 stay put)."""
    from scipy.special import expit, logit

    with np.errstate(divide="ignore"):
        return expit(logit(y_prob) + (logit(prevalence) - logit(sample_prevalence)))


@validate_params(
    {"y_prob": ["array-like"],
     "prevalence": [Interval(Real, 0, 1, closed="neither")],
     "sample_prevalence": [Interval(Real, 0, 1, closed="neither")]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_prob")
def prior_shift(y_prob: ArrayLike, prevalence: float, *, sample_prevalence: float) -> np.ndarray:
    """Probabilities fitted where positives held ``sample_prevalence`` of the rows, as
    they are where positives hold ``prevalence`` (a shift of the prior alone).

    Bayes' rule in odds (Saerens, Latinne and Decaestecker 2002): a model's odds of a
    positive are the prior odds times the likelihood ratio of what it sees, so when
    only the share of positives changes (the same classes, each scored alike), the
    odds move by the ratio of the prior odds:
    ``odds' = odds * [prevalence / (1 - prevalence)] / [pi / (1 - pi)]``. A model
    trained on balanced or case-control data and deployed where positives are rare
    overstates every risk until shifted. Only a probability calibrated at
    ``sample_prevalence`` is moved correctly: rank-only scores are not risks.

    Parameters
    ----------
    y_prob : array-like
        Probabilities of the positive class, in [0, 1].
    prevalence : float in (0, 1)
        The share of positives where the probabilities are wanted.
    sample_prevalence : float in (0, 1)
        The share of positives where the model was fitted (calibrated).

    Returns
    -------
    shifted : ndarray of float64, the shape of ``y_prob``

    References
    ----------
    .. [1] M. Saerens, P. Latinne and C. Decaestecker, "Adjusting the outputs of a
           classifier to new a priori probabilities: a simple procedure", Neural
           Computation 14(1), 2002.

    Examples
    --------
    >>> from sklearn_prcurves import prior_shift
    >>> prior_shift([0.5, 0.9, 0.0], 0.02, sample_prevalence=0.5).round(4)
    array([0.02  , 0.1552, 0.    ])
    """
    values = checked_array(y_prob, ensure_min_samples=0)
    values = np.asarray(values, dtype=np.float64)
    if values.size and not (np.all(values >= 0) and np.all(values <= 1)):
        raise ValueError(
            "y_prob must hold probabilities in [0, 1] (the prior shift moves a risk's "
            f"odds); got values from {np.nanmin(values)!r} to {np.nanmax(values)!r}.")
    return shifted(values, prevalence, sample_prevalence)


def table_net_benefit(table, thresholds, read_at=None):
    """:func:`net_benefit_curve` of a count table with both classes (at a prevalence:
    the table :func:`~sklearn_prcurves._table._prevalence.at_prevalence` gives);
    ``read_at``: the scores whose rows each threshold treats, if not the thresholds
    themselves (the risks' shift maps a threshold on the risks to one on the
    scores)."""
    top, bottom = float(table.thresholds[0]), float(table.thresholds[-1])
    if not (0 <= bottom and top <= 1):
        raise ValueError(
            "y_prob must hold probabilities in [0, 1] (a decision curve reads them as "
            f"risks); got scores from {bottom!r} to {top!r}. Calibrate the model's scores "
            "first (sklearn.calibration.CalibratedClassifierCV).")
    n_pos, n_neg = table.n_pos, table.n_neg
    share = n_pos / (n_pos + n_neg)
    read_at = thresholds if read_at is None else read_at
    rows = counts_at_or_above(table.thresholds, read_at.tolist())
    predicted = rows > 0
    last = np.maximum(rows - 1, 0)
    tp = np.where(predicted, table.tps[last], 0.0)
    fp = np.where(predicted, table.fps[last], 0.0)
    odds = thresholds / (1 - thresholds)
    net_benefit = share * (tp / n_pos) - (1 - share) * (fp / n_neg) * odds
    treat_all = share - (1 - share) * odds
    return NetBenefitCurve(thresholds, net_benefit, treat_all, np.zeros_like(thresholds))


def pieces_net_benefit(pieces, thresholds=None, read_at=None):
    """:func:`table_net_benefit` of a table held in consecutive pieces ``(tp, fp,
    scores)`` (each piece's path from where the one above ends, as
    :class:`~sklearn_prcurves._streams._distributed.RangesHere` gives them): the rows the
    thresholds read (the last at or above each; ``read_at``: as for
    :func:`table_net_benefit`), and each piece's first and last, gathered into one
    small table read as the whole one would be."""
    thresholds = checked_thresholds(thresholds)
    below = -np.sort(thresholds if read_at is None else read_at)
    kept = [], [], []
    for tp, fp, scores in pieces:
        scores = np.asarray(scores)
        last = np.searchsorted(-scores, below, side="right") - 1
        rows = np.unique(np.r_[0, last[last >= 0], scores.shape[0] - 1])
        for out, values in zip(kept, (scores, tp[1:], fp[1:])):
            out.append(values[rows])
    return table_net_benefit(CountTable(*(np.concatenate(k) for k in kept)), thresholds,
                             read_at)


@validate_params(
    {**{key: value for key, value in BINARY_PARAMS.items() if key != "y_score"},
     "y_prob": ["array-like"],
     "thresholds": ["array-like", None],
     "prevalence": [Interval(Real, 0, 1, closed="neither"), None],
     "shift_risks": ["boolean"],
     "harm": [Interval(Real, None, None, closed="neither")]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def net_benefit_curve(
    y_true: ArrayLike,
    y_prob: ArrayLike,
    *,
    thresholds: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
    pos_label: int | float | bool | str | None = None,
    shift_risks: bool = False,
    harm: float = 0.0,
) -> NetBenefitCurve:
    """Net benefit of treating by the model, everyone and no one, at each threshold
    probability (decision curve analysis, Vickers and Elkin 2006).

    A row is treated when its probability is at least the threshold ``pt``. Net
    benefit is ``TP / n - FP / n * pt / (1 - pt)`` (weighted counts and total with
    ``sample_weight``): true positives gained per person, less false positives at the
    exchange rate the threshold states.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_prob : array-like of shape (n_samples,)
        Predicted probabilities of the positive class, in [0, 1].
    thresholds : array-like of shape (n_thresholds,), default=None
        Threshold probabilities in [0, 1); None means 0, 0.01, ..., 0.99 (as dcurves
        and the R package ``dcurves``).
    sample_weight : array-like of shape (n_samples,), default=None
    prevalence : float in (0, 1), default=None
        The share of positives where the model will be used, if not that of
        ``y_true`` (a case-control or balanced evaluation set): net benefit is then
        ``prevalence * TPR - (1 - prevalence) * FPR * pt / (1 - pt)``, the rows treated
        being those whose probability is at least ``pt`` (as dcurves' ``prevalence``:
        the probabilities taken as the deployment's risks already).
    pos_label : int, float, bool or str, default=None
    shift_risks : bool, default=False
        With ``prevalence``: the probabilities were fitted at the data's prevalence
        (a balanced or case-control training set), so the deployment's risks are
        theirs moved by :func:`prior_shift`; a row is treated where its shifted risk
        is at least ``pt``. Without it a model fitted at 50% and deployed at 2% would
        be read as if its 0.5 meant a 50% risk there, not a 2% one.
    harm : float, default=0.0
        The harm of using the model itself, per person, in true positives (a test's
        cost, discomfort or risk: dcurves' ``harm``): subtracted from the model's net
        benefit, not from treating all or none.

    Returns
    -------
    curve : NetBenefitCurve
        ``(thresholds, net_benefit, treat_all, treat_none)``, arrays of shape
        (n_thresholds,).

    References
    ----------
    .. [1] A. J. Vickers and E. B. Elkin, "Decision curve analysis: a novel method for
           evaluating prediction models", Medical Decision Making 26(6), 2006.

    Examples
    --------
    >>> from sklearn_prcurves import net_benefit_curve
    >>> curve = net_benefit_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
    ...                           thresholds=[0.2, 0.5])
    >>> curve.net_benefit
    array([0.4375, 0.25  ])
    >>> curve.treat_all
    array([0.375, 0.   ])
    """
    if shift_risks and prevalence is None:
        raise ValueError("shift_risks=True moves the risks from the data's prevalence to "
                         "the deployment's: give prevalence= too.")
    data = two_class_table(y_true, y_prob, pos_label, sample_weight)
    thresholds = checked_thresholds(thresholds)
    read_at = None
    if shift_risks:  # (a risk at least pt there is a probability at least this here)
        read_at = shifted(thresholds, data.n_pos / (data.n_pos + data.n_neg), prevalence)
    curve = table_net_benefit(at_prevalence(data, prevalence), thresholds, read_at)
    return NetBenefitCurve(curve.thresholds, curve.net_benefit - harm, curve.treat_all,
                           curve.treat_none)
