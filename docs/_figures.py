"""Figures of the user guide, rendered from the package at build time."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import sklearn_prcurves as spc  # noqa: E402


def render_all(folder):
    folder.mkdir(parents=True, exist_ok=True)
    _straight_lines(folder / "straight_lines.png")
    _hull_and_achievable(folder / "hull_and_achievable.png")


def _straight_lines(path):
    # The paper's Figure 6: 433 positives, 56,164 negatives; the first point (recall
    # 0.02, precision 1) then everything else tied.
    y = np.r_[np.ones(433), np.zeros(56164)]
    scores = np.r_[np.ones(9), np.zeros(433 - 9 + 56164)]
    fig, ax = plt.subplots(figsize=(5.5, 4.5))
    for interpolation, style in (("linear", "--"), ("davis-goadrich", "-")):
        precision, recall, _ = spc.pr_curve(y, scores, interpolation=interpolation)
        area = spc.pr_auc_score(y, scores, interpolation=interpolation)
        ax.plot(recall, precision, style, label=f"{interpolation} (AUC-PR = {area:.3f})")
    ax.set(xlabel="Recall", ylabel="Precision", title="Joining two PR points")
    ax.legend()
    fig.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(fig)


def _hull_and_achievable(path):
    rng = np.random.default_rng(0)
    y = (rng.random(400) < 0.15).astype(int)
    scores = np.round(rng.normal(size=400) + 1.2 * y, 1)
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.5))
    spc.ROCCurveDisplay.from_predictions(y, scores, ax=left, name="model", plot_hull=True,
                                         plot_chance_level=True)
    spc.PRCurveDisplay.from_predictions(y, scores, ax=right, name="model",
                                        plot_achievable=True, plot_chance_level=True)
    left.set_title("ROC curve and its convex hull")
    right.set_title("PR curve and the achievable PR curve")
    fig.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(fig)
