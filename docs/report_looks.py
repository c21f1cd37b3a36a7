"""Renders the report's figures at 1%, 6% and 30% prevalence with 2, 5 and 60 models
into docs/_static/report_looks/ (shown in docs/report.rst). Run by hand after a change
to the report's figures, and look at every image: ``python docs/report_looks.py``."""

import shutil
import tempfile
import warnings
from pathlib import Path

import numpy as np

from sklearn_prcurves import report

HERE = Path(__file__).resolve().parent / "_static" / "report_looks"


def models(y, count, rng):
    """``count`` models of varied skill; every third one coarse (scores on a grid)."""
    scores = {}
    for i in range(count):
        s = rng.uniform(0.3, 2.5) * y + rng.normal(size=y.shape[0])
        if i % 3 == 2:
            s = np.round(s, 1)
        scores[f"model {i + 1}"] = s
    return scores


def main():
    HERE.mkdir(parents=True, exist_ok=True)
    for prevalence in (0.01, 0.06, 0.30):
        for count in (2, 5, 60):
            rng = np.random.default_rng(count)
            y = (rng.random(20_000) < prevalence).astype(int)
            with warnings.catch_warnings():  # (precision 0.5 out of reach of some)
                warnings.simplefilter("ignore")
                result = report(y, models(y, count, rng), at_precision=[0.5],
                                intervals=False, n_resamples=50, dpi=50)
            with tempfile.TemporaryDirectory() as folder:
                result.save(Path(folder) / "report")  # the files a user gets
                for name in ("pr_curves", "roc_curves"):
                    if name == "pr_curves" or (prevalence, count) == (0.06, 5):
                        shutil.copy(Path(folder) / "report" / f"{name}.png",
                                    HERE / f"{name}-{prevalence:g}-{count}.png")
            print(prevalence, count, sorted(result.figures()))


if __name__ == "__main__":
    main()
