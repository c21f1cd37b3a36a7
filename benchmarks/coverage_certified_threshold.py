"""How often certified_threshold's guarantee holds, beside the plain empirical choice.

A statistical check, not a timing: rows are drawn again and again from populations
whose precision, recall and false positive rate are known at every threshold, and
each draw's returned threshold is judged in the population. A draw fails when a
threshold is returned (certified) and the population misses the target there; the
guarantee is that at most 1 - confidence (5%) of draws fail. The plain choice on the
same draws (``recall_at_precision``, ``precision_at_recall``, or the lowest threshold
whose false positive rate on the rows is within the target) is judged the same way.

    python benchmarks/coverage_certified_threshold.py [--draws 1000] [--quick]
        [--classifier-draws 100] [--deployed] [--clusters]

Populations: "binormal" (negatives N(0, 1), positives N(2, 1): precision rises with
the threshold), and "tail" (1% of the negatives score N(4.5, 0.3), above most
positives: precision falls to a trough around 4.5 and is highest below it, the case
where a single sequence from the top would stop at once).

``--deployed``: precision at another prevalence (``prevalence=``): balanced
evaluation sets from the binormal population, judged at the deployment's prevalence.

``--clusters``: rows in clusters (``groups=``; patients with several tests), judged for
new clusters: cluster ``k`` has a random effect ``b_k ~ N(0, 1)`` that moves both its
rows' chance of being positive (logit ``a + b_k``) and their scores (``GAP y + c b_k +
sqrt(1 - c^2) e``), and ``1 + Poisson(m - 1)`` rows; the population's rates at a
threshold are one-dimensional integrals over ``b`` (Gauss-Hermite, 80 nodes). Beside
the clustered guarantee, the same draws certified as if the rows were independent.

Then ``AchievablePRClassifier(threshold={constraint})``, which certifies on half of its
cross-validated scores: a logistic population (three features, about 9% positives),
each fitted classifier's ``predict`` judged on 400,000 fresh rows from it.
"""

import argparse
import itertools
import time
import warnings

import numpy as np
from scipy.stats import norm

import sklearn_prcurves as spc

POPULATIONS = ("binormal", "tail")
GAP, TAIL = 2.0, 0.01


def rates(population, t):
    """Population recall and false positive rate of "score >= t"."""
    recall = norm.sf(t - GAP)
    if population == "binormal":
        return recall, norm.sf(t)
    return recall, (1 - TAIL) * norm.sf(t) + TAIL * norm.sf((t - 4.5) / 0.3)


def draw(rng, population, n, prevalence):
    y = rng.random(n) < prevalence
    scores = rng.normal(size=n) + GAP * y
    if population == "tail":
        tail = ~y & (rng.random(n) < TAIL)
        scores[tail] = rng.normal(4.5, 0.3, size=tail.sum())
    return y, scores


def judged(population, prevalence, measure, target, threshold):
    """Whether the population misses the target at ``threshold`` (NaN: nothing shipped)."""
    if threshold != threshold:
        return False
    recall, fpr = rates(population, threshold)
    if measure == "fpr":
        return fpr > target
    if measure == "recall":
        return recall < target
    positive = prevalence * recall
    return positive < target * (positive + (1 - prevalence) * fpr)


def plain(y, scores, measure, target):
    if measure == "precision":
        return spc.recall_at_precision(y, scores, min_precision=target).threshold
    if measure == "recall":
        return spc.precision_at_recall(y, scores, min_recall=target).threshold
    points = spc.operating_points(y, scores)
    within = np.flatnonzero(points.fpr <= target)
    return points.threshold[within[-1]] if within.size else np.nan


def run(population, n, prevalence, measure, target, draws, rng):
    key = {"precision": "min_precision", "recall": "min_recall", "fpr": "max_fpr"}[measure]
    fails = certified = plain_fails = 0
    for _ in range(draws):
        y, scores = draw(rng, population, n, prevalence)
        result = spc.certified_threshold(y, scores, **{key: target})
        certified += result.certified
        fails += judged(population, prevalence, measure, target, result.threshold)
        plain_fails += judged(population, prevalence, measure, target,
                              plain(y, scores, measure, target))
    return certified / draws, fails / draws, plain_fails / draws


def deployed_rows(draws, rng):
    """Balanced draws certified for precision at a deployment prevalence."""
    for n, deployed, target in itertools.product((2000, 10000), (0.05, 0.01), (0.3, 0.6)):
        fails = shipped = plain_fails = 0
        for _ in range(draws):
            y, scores = draw(rng, "binormal", n, 0.5)
            result = spc.certified_threshold(y, scores, min_precision=target,
                                             prevalence=deployed)
            shipped += result.certified
            fails += judged("binormal", deployed, "precision", target, result.threshold)
            plain_fails += judged("binormal", deployed, "precision", target,
                                  spc.recall_at_precision(y, scores, min_precision=target,
                                                          prevalence=deployed).threshold)
        print(f"{'deployed':10} {n:6d} {deployed:5.2f} {'precision >= ' + str(target):>16} "
              f"{shipped / draws:9.1%} {fails / draws:7.1%} {plain_fails / draws:11.1%}",
              flush=True)


_NODES, _WEIGHTS = np.polynomial.hermite_e.hermegauss(80)
_WEIGHTS = _WEIGHTS / _WEIGHTS.sum()


def cluster_rates(t, base, c):
    """Population (positive share, recall, false positive rate) of "score >= t" for
    rows of a new cluster (cluster sizes independent of the effect)."""
    from scipy.special import expit

    p = expit(base + _NODES)
    spread = np.sqrt(1 - c * c)
    above_pos = norm.sf((t - GAP - c * _NODES) / spread)
    above_neg = norm.sf((t - c * _NODES) / spread)
    positive = float(_WEIGHTS @ p)
    return (positive, float(_WEIGHTS @ (p * above_pos)) / positive,
            float(_WEIGHTS @ ((1 - p) * above_neg)) / (1 - positive))


def cluster_draw(rng, k, size, base, c):
    sizes = 1 + rng.poisson(size - 1, k)
    groups = np.repeat(np.arange(k), sizes)
    effect = rng.normal(size=k)[groups]
    y = rng.random(groups.shape[0]) < 1 / (1 + np.exp(-(base + effect)))
    scores = GAP * y + c * effect + np.sqrt(1 - c * c) * rng.normal(size=groups.shape[0])
    return y, scores, groups


def cluster_judged(measure, target, threshold, base, c, deployed):
    if threshold != threshold:
        return False
    positive, recall, fpr = cluster_rates(threshold, base, c)
    if measure == "fpr":
        return fpr > target
    if measure == "recall":
        return recall < target
    prevalence = positive if deployed is None else deployed
    return prevalence * recall < target * (prevalence * recall + (1 - prevalence) * fpr)


def cluster_rows(draws, rng, quick):
    """Clustered draws: the share certified and failing, with and without groups=."""
    settings = [(measure, target, None) for measure, target in (
        ("precision", 0.6), ("precision", 0.8), ("recall", 0.8), ("fpr", 0.1))]
    settings += [("precision", 0.3, 0.05), ("precision", 0.2, 0.01)]
    shapes = ((30, 5, 0.7), (300, 5, 0.7)) if quick else (
        (10, 20, 0.7), (30, 5, 0.3), (30, 5, 0.7), (100, 20, 0.7), (300, 2, 0.7),
        (300, 5, 0.3), (1000, 5, 0.7), (1000, 20, 0.9))
    base = -1.5  # (about 22% positive)
    print(f"{'clusters':>8} {'size':>4} {'c':>4} {'constraint':>22} {'certified':>9} "
          f"{'fails':>6} {'rows certified':>14} {'rows fail':>9}")
    for (k, size, c), (measure, target, deployed) in itertools.product(shapes, settings):
        key = {"precision": "min_precision", "recall": "min_recall", "fpr": "max_fpr"}[measure]
        counts = np.zeros(4)
        for _ in range(draws):
            y, scores, groups = cluster_draw(rng, k, size, base, c)
            for at, ids in ((0, groups), (2, None)):
                found = spc.certified_threshold(y, scores, **{key: target}, groups=ids,
                                                prevalence=deployed)
                counts[at] += found.certified
                counts[at + 1] += cluster_judged(measure, target, found.threshold, base, c,
                                                 deployed)
        relation = "<=" if measure == "fpr" else ">="
        text = f"{measure} {relation} {target}" + (f" at {deployed}" if deployed else "")
        share = counts / draws
        print(f"{k:8d} {size:4d} {c:4.1f} {text:>22} {share[0]:9.1%} {share[1]:6.1%} "
              f"{share[2]:14.1%} {share[3]:9.1%}", flush=True)


def _logistic(rng, n):
    X = rng.normal(size=(n, 3))
    logit = 1.5 * X[:, 0] + X[:, 1] - 3.0
    return X, (rng.random(n) < 1 / (1 + np.exp(-logit))).astype(int)


def classifier_rows(draws, rng):
    """The classifier's constraint modes: share certified, share missing the target."""
    from sklearn.linear_model import LogisticRegression

    X_new, y_new = _logistic(rng, 400_000)
    constraints = ({"min_precision": 0.6}, {"min_recall": 0.8}, {"max_fpr": 0.05})
    for n, constraint in itertools.product((5000, 20000), constraints):
        (key, target), = constraint.items()
        fails = shipped = 0
        for _ in range(draws):
            X, y = _logistic(rng, n)
            clf = spc.AchievablePRClassifier(
                LogisticRegression(), threshold=constraint,
                random_state=int(rng.integers(2**31))).fit(X, y)
            shipped += clf.certified_.certified
            flagged = clf.predict(X_new) == 1
            if clf.certified_.certified:
                tp = (flagged & (y_new == 1)).sum()
                fails += {"min_precision": tp < target * flagged.sum(),
                          "min_recall": tp < target * (y_new == 1).sum(),
                          "max_fpr": (flagged & (y_new == 0)).sum()
                          > target * (y_new == 0).sum()}[key]
        print(f"{'classifier':10} {n:6d} {'0.09':>5} {key + ' ' + str(target):>16} "
              f"{shipped / draws:9.1%} {fails / draws:7.1%} {'-':>11}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--draws", type=int, default=1000)
    parser.add_argument("--quick", action="store_true", help="fewer settings")
    parser.add_argument("--classifier-draws", type=int, default=100)
    parser.add_argument("--deployed", action="store_true",
                        help="only precision at a deployment prevalence (evaluated at 0.5)")
    parser.add_argument("--clusters", action="store_true",
                        help="only rows in clusters (groups=), judged for new clusters")
    args = parser.parse_args()
    rng = np.random.default_rng(20261128)
    sizes, prevalences = ((1000,), (0.2,)) if args.quick else ((500, 5000), (0.05, 0.2, 0.5))
    targets = {"precision": (0.6, 0.8), "recall": (0.8, 0.95), "fpr": (0.02, 0.1)}
    print(f"{args.draws} draws per row; a draw fails when the population misses the "
          "target at the threshold returned; confidence 0.95 (failures allowed: 5%)")
    if not args.clusters:
        print(f"{'population':10} {'n':>6} {'prev':>5} {'constraint':>16} {'certified':>9} "
              f"{'fails':>7} {'plain fails':>11}")
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (draws where nothing can be certified)
        if args.deployed or args.clusters:
            (deployed_rows if args.deployed else
             lambda draws, rng: cluster_rows(draws, rng, args.quick))(args.draws, rng)
            print(f"({time.perf_counter() - start:.0f} s)")
            return
        for population, n, prevalence, (measure, levels) in itertools.product(
                POPULATIONS, sizes, prevalences, targets.items()):
            for target in levels:
                shipped, fails, plain_fails = run(population, n, prevalence, measure,
                                                  target, args.draws, rng)
                relation = "<=" if measure == "fpr" else ">="
                print(f"{population:10} {n:6d} {prevalence:5.2f} "
                      f"{measure + ' ' + relation + ' ' + str(target):>16} "
                      f"{shipped:9.1%} {fails:7.1%} {plain_fails:11.1%}", flush=True)
        if args.classifier_draws:
            classifier_rows(args.classifier_draws, rng)
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
