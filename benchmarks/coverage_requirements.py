"""Several requirements at once: ``certified_threshold`` with two or three
requirements against MAPIE's ``BinaryClassificationController`` (its default
Bonferroni-Holm Learn-then-Test over its default grid) on the same draws from known
populations.

    pip install mapie==1.6.0    # (MAPIE's rows only; the package's run without it)
    python benchmarks/coverage_requirements.py [--draws 300] [--sizes 300 2000 20000]
    python benchmarks/coverage_requirements.py --deployed [--draws 300]

Populations (positives' scores ``N(2, 1)``): ``binormal`` (negatives ``N(0, 1)``),
``ties`` (the same rounded to 0.25), ``dip`` (1% of the negatives ``N(3.2, 0.3)``,
above most positives: precision dips at the top scores). Each setting's bounds are
read from the population so that the set of thresholds meeting them is not empty:

- ``precision+budget``: the flag-rate budget ``b`` = 1.5 x the prevalence, precision
  at least 0.9 x the population's at that budget;
- ``precision+recall``: recall at least 0.6, precision at least 0.85 x the
  population's where recall is 0.6;
- ``npv+budget``: the budget 2 x the prevalence, the negative predictive value at
  least the population's there less its shortfall from 1 (twice as far from 1);
- ``recall+fpr``: recall at least 0.8, the false positive rate at most 1.5 x the
  population's where recall is 0.8.

Printed per setting: the share of draws whose shipped threshold fails some
requirement in the population (at most 1 - confidence = 10% is the guarantee), the
share that certified anything, the mean population recall shipped (0 where nothing
is), and the time per call, for both tools. MAPIE reads calibrated probabilities (the
binormal posterior at the sample's prevalence), and its grid is cut to the points
between the draw's smallest and largest probabilities: its Holm procedure stops at the
NaN p-value of a grid point that predicts nothing positive (precision) or nothing
negative (the negative predictive value), which certifies nothing at all.

``--deployed``: the package alone where MAPIE has no counterpart: the rows at
prevalence 0.3 deployed at 0.05 (``prevalence=``), and 300 clusters of 5 rows sharing
an effect (``groups=``), judged in the deployed population and for new clusters.
"""

import argparse
import time
import warnings

import numpy as np
from scipy.optimize import brentq
from scipy.special import expit, logit
from scipy.stats import norm

import sklearn_prcurves as spc

GAP, CONFIDENCE = 2.0, 0.9
KEYWORDS = {"precision": "min_precision", "recall": "min_recall", "fpr": "max_fpr",
            "npv": "min_npv", "flag_rate": "max_flag_rate"}
MAPIE_RISKS = {"precision": "precision", "recall": "recall", "fpr": "fpr",
               "npv": "negative_predictive_value",
               "flag_rate": "predicted_positive_fraction"}


class Population:
    def __init__(self, name):
        self.name = name
        self.step = 0.25 if name == "ties" else None

    def rates(self, t):
        """(TPR, FPR) of predicting positive at observed scores >= t."""
        if self.step is not None:
            t = t - self.step / 2  # (an observed lattice score >= t: a latent >= t - step/2)
        fpr = norm.sf(t)
        if self.name == "dip":
            fpr = 0.99 * fpr + 0.01 * norm.sf((t - 3.2) / 0.3)
        return norm.sf(t - GAP), fpr

    def draw(self, rng, n, prevalence):
        y = rng.random(n) < prevalence
        scores = rng.normal(size=n) + GAP * y
        if self.name == "dip":
            high = ~y & (rng.random(n) < 0.01)
            scores[high] = rng.normal(3.2, 0.3, high.sum())
        if self.step is not None:
            scores = np.round(scores / self.step) * self.step
        return y, scores

    def values(self, t, prevalence):
        tpr, fpr = self.rates(t)
        flagged = prevalence * tpr + (1 - prevalence) * fpr
        return {"precision": prevalence * tpr / flagged if flagged > 0 else 1.0,
                "recall": tpr, "fpr": fpr, "flag_rate": flagged,
                "npv": (1 - prevalence) * (1 - fpr) / (1 - flagged) if flagged < 1 else 1.0}

    def at(self, measure, value, prevalence):
        """The (latent-scale) threshold where a monotone measure takes ``value``."""
        return brentq(lambda t: self.values(t, prevalence)[measure] - value, -8, 12)


def settings(population, prevalence):
    v = lambda t: population.values(t, prevalence)  # noqa: E731
    t_b = population.at("flag_rate", 1.5 * prevalence, prevalence)
    t_r = population.at("recall", 0.6, prevalence)
    t_n = population.at("flag_rate", 2 * prevalence, prevalence)
    t_8 = population.at("recall", 0.8, prevalence)
    npv = v(t_n)["npv"]
    return {
        "precision+budget": {"precision": 0.9 * v(t_b)["precision"],
                             "flag_rate": 1.5 * prevalence},
        "precision+recall": {"precision": 0.85 * v(t_r)["precision"], "recall": 0.6},
        "npv+budget": {"npv": npv - (1 - npv), "flag_rate": 2 * prevalence},
        "recall+fpr": {"recall": 0.8, "fpr": 1.5 * v(t_8)["fpr"]},
    }


def holds(population, requirements, threshold, prevalence):
    values = population.values(threshold, prevalence)
    return all(values[m] >= bound if m in ("precision", "recall", "npv")
               else values[m] <= bound for m, bound in requirements.items())


def ours(y, scores, requirements, prevalence=None, groups=None):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = spc.certified_threshold(y, scores, confidence_level=CONFIDENCE,
                                      maximize="recall", prevalence=prevalence,
                                      groups=groups,
                                      **{KEYWORDS[m]: b for m, b in requirements.items()})
    return got.threshold if got.certified else None


def mapie(y, scores, requirements, prevalence, step):
    from mapie.risk_control import BinaryClassificationController

    shift = logit(prevalence) - GAP * GAP / 2
    proba = lambda X: np.c_[1 - expit(GAP * X[:, 0] + shift),  # noqa: E731
                            expit(GAP * X[:, 0] + shift)]
    grid, p = np.linspace(0, 0.99, 100), proba(scores[:, None])[:, 1]
    grid = grid[(grid > p.min()) & (grid <= p.max())]
    names = list(requirements)
    controller = BinaryClassificationController(
        proba, risk=[MAPIE_RISKS[m] for m in names],
        target_level=[requirements[m] for m in names], confidence_level=CONFIDENCE,
        best_predict_param_choice="recall", list_predict_params=grid)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        controller.calibrate(scores[:, None], y.astype(int))
    if controller.best_predict_param is None:
        return None
    # (the probability's threshold on the score's scale; on a lattice, its next point)
    t = (logit(float(controller.best_predict_param)) - shift) / GAP
    return t if step is None else np.ceil(t / step - 1e-12) * step


def row(population, prevalence, n, name, requirements, draws, rng, with_mapie):
    tallies = {tool: [0, 0, 0.0, 0.0] for tool in ("ours", "mapie")}
    for _ in range(draws):
        y, scores = population.draw(rng, n, prevalence)
        if y.all() or not y.any():
            continue
        tools = [("ours", lambda: ours(y, scores, requirements))]
        if with_mapie:
            tools.append(("mapie", lambda: mapie(y, scores, requirements, prevalence,
                                                 population.step)))
        for tool, call in tools:
            start = time.perf_counter()
            threshold = call()
            tally = tallies[tool]
            tally[3] += time.perf_counter() - start
            if threshold is not None:
                tally[1] += 1
                tally[0] += not holds(population, requirements, threshold, prevalence)
                tally[2] += population.values(threshold, prevalence)["recall"]
    cells = []
    for tool in ("ours", "mapie") if with_mapie else ("ours",):
        fails, certified, recall, seconds = tallies[tool]
        cells += [f"{fails / draws:.1%}", f"{certified / draws:.0%}", f"{recall / draws:.3f}"]
    times = tallies["ours"][3], tallies["mapie"][3]
    ratio = f"{times[1] / times[0]:.1f}x" if with_mapie else "-"
    print(f"| {population.name} | {prevalence:g} | {n} | {name} | " + " | ".join(cells)
          + f" | {1e3 * times[0] / draws:.2f} ms | {ratio} |", flush=True)


def compare(args, rng):
    try:
        import mapie  # noqa: F401
        with_mapie = True
    except ImportError:
        with_mapie = False
    print(f"{args.draws} draws per row; {CONFIDENCE:.0%} confidence; fail: the shipped "
          "threshold misses some requirement in the population")
    print("| population | prevalence | rows | requirements | ours fail | ours certify | "
          "ours recall | " + ("MAPIE fail | MAPIE certify | MAPIE recall | " if with_mapie
                              else "") + "ours per call | MAPIE time / ours |")
    print("|---" * (11 if with_mapie else 8) + "|")
    for name in args.populations:
        population = Population(name)
        for prevalence in args.prevalences:
            for n in args.sizes:
                for setting, requirements in settings(population, prevalence).items():
                    row(population, prevalence, n, setting, requirements, args.draws, rng,
                        with_mapie)


def cluster_draw(rng, k, size, prevalence, c=0.7):
    """Clusters sharing an effect ``u ~ N(0, 1)``: it moves the label's logit and the
    scores by ``c u``; the population's rates for a new cluster average over ``u``."""
    groups = np.repeat(np.arange(k), size)
    u = rng.normal(size=k)[groups]
    y = rng.random(groups.shape[0]) < expit(logit(prevalence) + u)
    return y, rng.normal(size=groups.shape[0]) + GAP * y + c * u, groups


def cluster_population(prevalence, c=0.7):
    """Gauss-Hermite over the effect: the population's share positive and each class's
    rate of scores >= t."""
    nodes, weights = np.polynomial.hermite_e.hermegauss(60)
    weights = weights / weights.sum()
    p = expit(logit(prevalence) + nodes)
    share = float(weights @ p)

    def rates(t):
        tpr = float(weights @ (p * norm.sf(t - GAP - c * nodes))) / share
        fpr = float(weights @ ((1 - p) * norm.sf(t - c * nodes))) / (1 - share)
        return tpr, fpr
    return share, rates


def deployed(args, rng):
    print(f"{args.draws} draws per row; {CONFIDENCE:.0%} confidence")
    print("| rows | deployed at | clusters | requirements | fail | certify | recall |")
    print("|---" * 7 + "|")
    binormal = Population("binormal")
    for setting, requirements in settings(binormal, 0.05).items():
        hits = [0, 0, 0.0]
        for _ in range(args.draws):
            y, scores = binormal.draw(rng, 4000, 0.3)
            t = ours(y, scores, requirements, prevalence=0.05)
            if t is not None:
                hits[1] += 1
                hits[0] += not holds(binormal, requirements, t, 0.05)
                hits[2] += binormal.values(t, 0.05)["recall"]
        print(f"| 4000 at 0.3 | 0.05 | - | {setting} | {hits[0] / args.draws:.1%} | "
              f"{hits[1] / args.draws:.0%} | {hits[2] / args.draws:.3f} |", flush=True)
    share, rates = cluster_population(0.3)

    class Clustered(Population):
        def rates(self, t):
            return rates(t)
    clustered = Clustered("clusters")
    for setting, requirements in settings(clustered, share).items():
        hits = [0, 0, 0.0]
        for _ in range(args.draws):
            y, scores, groups = cluster_draw(rng, 300, 5, 0.3)
            t = ours(y, scores, requirements, groups=groups)
            if t is not None:
                hits[1] += 1
                hits[0] += not holds(clustered, requirements, t, share)
                hits[2] += clustered.values(t, share)["recall"]
        print(f"| 1500 | own ({share:.3f}) | 300 x 5 | {setting} | "
              f"{hits[0] / args.draws:.1%} | {hits[1] / args.draws:.0%} | "
              f"{hits[2] / args.draws:.3f} |", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--draws", type=int, default=300)
    parser.add_argument("--sizes", type=int, nargs="+", default=[300, 2000, 20000])
    parser.add_argument("--prevalences", type=float, nargs="+", default=[0.3, 0.05])
    parser.add_argument("--populations", nargs="+", default=["binormal", "ties", "dip"])
    parser.add_argument("--deployed", action="store_true")
    args = parser.parse_args()
    rng = np.random.default_rng(2026)
    if args.deployed:
        deployed(args, rng)
    else:
        compare(args, rng)


if __name__ == "__main__":
    main()
