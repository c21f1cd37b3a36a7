"""Multiclass one-vs-rest, model-selection scoring and grouped AUC, against their
baselines in the same run.

- One-vs-rest with 10 classes at 1e6 rows: ``roc_auc_score(multi_class="ovr")``,
  ``average_precision_score`` and ``pr_auc_score`` against scikit-learn's
  ``roc_auc_score`` / ``average_precision_score`` (scikit-learn has no AUC-PR; its
  average precision is the baseline of ours). Target (issue 14): >= 8x.
- ``GridSearchCV``: 5 folds x 20 candidates of a cheap estimator on 5,000 rows,
  scored with our ``["pr_auc", "roc_auc"]`` scorers and with scikit-learn's
  ``["average_precision", "roc_auc"]``; the summed ``mean_score_time`` of
  ``cv_results_`` (scoring apart from fitting). Target: 3x less scoring time.
- ``grouped_roc_auc_score``: 1e7 rows in 1e6 groups, in units of one ``np.sort`` of
  the scores. Target: <= 5 sorts.

Timings are medians of interleaved calls; absolute times are for orientation only.

Usage::

    python benchmarks/bench_selection.py
"""

import numpy as np
import sklearn
import sklearn.metrics as skm
from _timing import interleaved_medians
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV

import sklearn_prcurves as ours


def verdict(ok):
    return "ok" if ok else "MISSED"


def multiclass(n=10**6, n_classes=10, repeats=3):
    rng = np.random.default_rng(0)
    y = rng.integers(0, n_classes, n)
    logits = rng.normal(size=(n, n_classes))
    logits[np.arange(n), y] += 1.0
    proba = np.exp(logits)
    proba /= proba.sum(axis=1, keepdims=True)
    rows = [
        ("roc_auc_score ovr", lambda: ours.roc_auc_score(y, proba, multi_class="ovr"),
         lambda: skm.roc_auc_score(y, proba, multi_class="ovr")),
        ("average_precision_score", lambda: ours.average_precision_score(y, proba),
         lambda: skm.average_precision_score(y, proba)),
        ("pr_auc_score (vs AP)", lambda: ours.pr_auc_score(y, proba),
         lambda: skm.average_precision_score(y, proba)),
    ]
    print(f"\none-vs-rest, {n_classes} classes, n={n:.0e}")
    for name, mine, theirs in rows:
        t_ours, t_sk = interleaved_medians([mine, theirs], repeats)
        ratio = t_sk / t_ours
        print(f"  {name:26s} ours {t_ours * 1e3:8.1f} ms  sklearn {t_sk * 1e3:8.1f} ms  "
              f"{ratio:5.1f}x  target >=8x {verdict(ratio >= 8)}")
    assert ours.roc_auc_score(y, proba, multi_class="ovr") == skm.roc_auc_score(
        y, proba, multi_class="ovr")


def grid_search(repeats=3):
    X, y = sklearn.datasets.make_classification(n_samples=5000, weights=[0.8],
                                                random_state=0)
    grid = {"C": np.logspace(-3, 3, 20)}

    def score_time(scoring):
        search = GridSearchCV(LogisticRegression(max_iter=200), grid, cv=5, scoring=scoring,
                              refit=False, n_jobs=1).fit(X, y)
        return float(np.sum(search.cv_results_["mean_score_time"]) * 5)

    mine, theirs = [], []
    for _ in range(repeats):  # interleaved
        mine.append(score_time({"pr_auc": ours.get_scorer("pr_auc"),
                                "roc_auc": ours.get_scorer("roc_auc")}))
        theirs.append(score_time(["average_precision", "roc_auc"]))
    t_ours, t_sk = float(np.median(mine)), float(np.median(theirs))
    ratio = t_sk / t_ours
    print(f"\nGridSearchCV 5 folds x 20 candidates, 5,000 rows: scoring time ours "
          f"{t_ours * 1e3:.0f} ms, scikit-learn {t_sk * 1e3:.0f} ms: {ratio:.1f}x less  "
          f"target >=3x {verdict(ratio >= 3)}")


def grouped(n=10**7, n_groups=10**6, repeats=5):
    rng = np.random.default_rng(1)
    groups = rng.integers(0, n_groups, n)
    y = (rng.random(n) < 0.2).astype(np.int64)
    scores = rng.random(n) + 0.2 * y
    t_gauc, t_sort = interleaved_medians(
        [lambda: ours.grouped_roc_auc_score(y, scores, groups), lambda: np.sort(scores)],
        repeats)
    sorts = t_gauc / t_sort
    print(f"\ngrouped_roc_auc_score, n={n:.0e}, {n_groups:.0e} groups: "
          f"{t_gauc * 1e3:.0f} ms = {sorts:.1f} sorts  target <=5 {verdict(sorts <= 5)}")


def main():
    print(f"scikit-learn {sklearn.__version__}, numpy {np.__version__}")
    multiclass()
    grid_search()
    grouped()


if __name__ == "__main__":
    import sklearn.datasets  # noqa: F401  (make_classification)

    main()
