"""The review band: ``certified_review_band`` against MAPIE's
``BinaryClassificationController`` with abstention (its Bonferroni-Holm Learn-then-Test
over a grid of (lower, upper) probability pairs, risks precision, negative predictive
value and abstention rate, the band chosen for the least abstention) on the same draws
from known populations.

    pip install mapie==1.6.0    # (MAPIE's columns only; the package's run without it)
    python benchmarks/coverage_band.py [--draws 300] [--sizes 500 2000 10000]
    python benchmarks/coverage_band.py --deployed [--draws 300]

Populations as in ``coverage_requirements.py`` (positives ``N(2, 1)``; ``binormal``,
``ties`` rounded to 0.25, ``dip`` with 1% of the negatives above most positives). The
bounds are read from the population so that a band meets them: ``t_u`` flags half the
prevalence and the precision bound is 0.9 x the precision there; ``t_l`` keeps 95% of
the positives above it and the NPV bound is the NPV there less its shortfall from 1
(twice as far from 1); the review budget is 1.5 x the share between ``t_l`` and
``t_u``.

Printed per setting: the share of draws whose band fails some requirement in the
population (the guarantee: at most 1 - confidence = 10%), the share that certified a
band, the mean population share reviewed among those certified (lower is better: more
decided automatically), and the time per call. MAPIE reads calibrated probabilities
(the binormal posterior at the sample's prevalence) on a grid of 30 probabilities
between the draw's smallest and largest (465 pairs).

``--deployed``: the package alone where MAPIE has no counterpart, precision and the
NPV without a review bound (refused there): rows at prevalence 0.3 deployed at 0.05
(``prevalence=``), and clusters sharing an effect (``groups=``; 300 of 5 rows, 100 of
20), judged in the deployed population and for new clusters.
"""

import argparse
import time
import warnings

import numpy as np
from coverage_requirements import GAP, Population, cluster_draw, cluster_population
from scipy.special import expit, logit

import sklearn_prcurves as spc

CONFIDENCE = 0.9


def settings(population, prevalence):
    values = lambda t: population.values(t, prevalence)  # noqa: E731
    t_u = population.at("flag_rate", 0.5 * prevalence, prevalence)
    t_l = population.at("recall", 0.95, prevalence)
    npv = values(t_l)["npv"]
    review = values(t_l)["flag_rate"] - values(t_u)["flag_rate"]
    return {"precision": 0.9 * values(t_u)["precision"], "npv": npv - (1 - npv),
            "review_rate": min(0.95, 1.5 * review)}


def truth(population, prevalence, lower, upper):
    above, below = (population.values(t, prevalence) for t in (upper, lower))
    return above["precision"], below["npv"], below["flag_rate"] - above["flag_rate"]


def fails(bounds, found):
    precision, npv, review = found
    return (precision < bounds["precision"] or npv < bounds["npv"]
            or review > bounds["review_rate"])


def ours(y, scores, bounds, prevalence=None, groups=None):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        band = spc.certified_review_band(
            y, scores, min_precision=bounds["precision"], min_npv=bounds["npv"],
            max_review_rate=bounds.get("review_rate"), confidence_level=CONFIDENCE,
            prevalence=prevalence, groups=groups)
    return (band.lower, band.upper) if band.certified else None


def deployed(args, rng):
    print(f"{args.draws} draws per row; {CONFIDENCE:.0%} confidence; precision and NPV "
          "only (a review bound is refused with a prevalence or clusters)")
    print("| rows | deployed at | clusters | precision / npv | fail | certify | reviewed |")
    print("|---" * 7 + "|")
    binormal = Population("binormal")
    bounds = settings(binormal, 0.05)
    bounds.pop("review_rate")
    tally = [0, 0, 0.0]
    for _ in range(args.draws):
        y, scores = binormal.draw(rng, 4000, 0.3)
        _judge(tally, ours(y, scores, bounds, prevalence=0.05), binormal, 0.05, bounds)
    _print_deployed("4000 at 0.3", "0.05", "-", bounds, tally, args.draws)
    share, rates = cluster_population(0.3)

    class Clustered(Population):
        def rates(self, t):
            return rates(t)
    clustered = Clustered("clusters")
    bounds = settings(clustered, share)
    bounds.pop("review_rate")
    for k, size in ((300, 5), (100, 20)):
        tally = [0, 0, 0.0]
        for _ in range(args.draws):
            y, scores, groups = cluster_draw(rng, k, size, 0.3)
            _judge(tally, ours(y, scores, bounds, groups=groups), clustered, share, bounds)
        _print_deployed(str(k * size), f"own ({share:.3f})", f"{k} x {size}", bounds,
                        tally, args.draws)


def _judge(tally, band, population, prevalence, bounds):
    if band is not None:
        precision, npv, review = truth(population, prevalence, *band)
        tally[0] += precision < bounds["precision"] or npv < bounds["npv"]
        tally[1] += 1
        tally[2] += review


def _print_deployed(rows, at, clusters, bounds, tally, draws):
    reviewed = f"{tally[2] / tally[1]:.3f}" if tally[1] else "-"
    print(f"| {rows} | {at} | {clusters} | {bounds['precision']:.3f} / {bounds['npv']:.3f} "
          f"| {tally[0] / draws:.1%} | {tally[1] / draws:.0%} | {reviewed} |", flush=True)


def mapie(y, scores, bounds, prevalence, step):
    from mapie.risk_control import BinaryClassificationController

    shift = logit(prevalence) - GAP * GAP / 2

    def predict(X, low, high):
        p = expit(GAP * X[:, 0] + shift)
        return np.where(p >= high, 1.0, np.where(p < low, 0.0, np.nan))

    p = expit(GAP * scores + shift)
    grid = np.linspace(p.min(), p.max(), 32)[1:-1]
    pairs = np.array([(a, b) for a in grid for b in grid if a <= b])
    controller = BinaryClassificationController(
        predict, risk=["precision", "negative_predictive_value", "abstention_rate"],
        target_level=[bounds["precision"], bounds["npv"], bounds["review_rate"]],
        confidence_level=CONFIDENCE, best_predict_param_choice="abstention_rate",
        list_predict_params=pairs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        controller.calibrate(scores[:, None], y.astype(int))
    if controller.best_predict_param is None:
        return None
    # (each probability threshold on the score's scale; on a lattice, its next point)
    found = [(logit(float(v)) - shift) / GAP for v in controller.best_predict_param]
    if step is not None:
        found = [np.ceil(t / step - 1e-12) * step for t in found]
    return tuple(found)


def row(population, prevalence, n, draws, rng, with_mapie):
    bounds = settings(population, prevalence)
    tallies = {tool: [0, 0, 0.0, 0.0] for tool in ("ours", "mapie")}
    for _ in range(draws):
        y, scores = population.draw(rng, n, prevalence)
        if y.all() or not y.any():
            continue
        tools = [("ours", lambda: ours(y, scores, bounds))]
        if with_mapie:
            tools.append(("mapie", lambda: mapie(y, scores, bounds, prevalence,
                                                 population.step)))
        for tool, call in tools:
            start = time.perf_counter()
            band = call()
            tally = tallies[tool]
            tally[3] += time.perf_counter() - start
            if band is not None:
                found = truth(population, prevalence, *band)
                tally[0] += fails(bounds, found)
                tally[1] += 1
                tally[2] += found[2]
    cells = []
    for tool in ("ours", "mapie") if with_mapie else ("ours",):
        failed, certified, reviewed, _ = tallies[tool]
        cells += [f"{failed / draws:.1%}", f"{certified / draws:.0%}",
                  f"{reviewed / certified:.3f}" if certified else "-"]
    times = tallies["ours"][3], tallies["mapie"][3]
    ratio = f"{times[1] / times[0]:.1f}x" if with_mapie else "-"
    print(f"| {population.name} | {prevalence:g} | {n} | {bounds['precision']:.3f} / "
          f"{bounds['npv']:.3f} / {bounds['review_rate']:.3f} | " + " | ".join(cells)
          + f" | {1e3 * times[0] / draws:.2f} ms | {ratio} |", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=300)
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 2000, 10000])
    parser.add_argument("--prevalences", type=float, nargs="+", default=[0.3, 0.05])
    parser.add_argument("--populations", nargs="+", default=["binormal", "ties", "dip"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deployed", action="store_true")
    args = parser.parse_args()
    if args.deployed:
        deployed(args, np.random.default_rng(args.seed))
        return
    try:
        import mapie  # noqa: F401
        with_mapie = True
    except ImportError:
        with_mapie = False
    rng = np.random.default_rng(args.seed)
    print(f"{args.draws} draws per row; {CONFIDENCE:.0%} confidence; fail: the band "
          "misses some requirement in the population; reviewed: the population's share "
          "between the band's thresholds, among draws that certified one")
    print("| population | prevalence | rows | precision / npv / review | ours fail | "
          "ours certify | ours reviewed | " + ("MAPIE fail | MAPIE certify | "
                                              "MAPIE reviewed | " if with_mapie else "")
          + "ours per call | MAPIE time / ours |")
    print("|---" * (12 if with_mapie else 9) + "|")
    for name in args.populations:
        for prevalence in args.prevalences:
            for n in args.sizes:
                row(Population(name), prevalence, n, args.draws, rng, with_mapie)


if __name__ == "__main__":
    main()
