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
    y, scores = _imbalanced()
    _partial_areas(folder / "partial_areas.png", y, scores)
    _bounds(folder / "pr_bounds.png", y, scores)
    _prg(folder / "prg_curve.png", y, scores)
    _cost(folder / "cost_curve.png", y, scores)
    _decision(folder / "decision_curve.png", y, scores)
    _gains(folder / "gains_lift_ks.png", y, scores)


def _imbalanced():
    rng = np.random.default_rng(1)
    y = (rng.random(2000) < 0.08).astype(int)
    return y, np.round(rng.normal(size=2000) + 1.5 * y, 2)


def _save(fig, path):
    fig.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(fig)


def _partial_areas(path, y, scores):
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.5))
    fpr, tpr, _ = spc.roc_curve(y, scores)
    box_fpr, box_tpr = (0.0, 0.2), (0.6, 1.0)
    inside = np.clip(np.interp(np.linspace(*box_fpr, 200), fpr, tpr), *box_tpr)
    left.plot(fpr, tpr, label="ROC curve")
    left.fill_between(np.linspace(*box_fpr, 200), box_tpr[0], inside, alpha=0.3,
                      label=f"FPR <= 0.2, TPR >= 0.6: "
                            f"{spc.partial_roc_auc_score(y, scores, fpr_range=box_fpr, tpr_range=box_tpr):.4f}")
    left.set(xlabel="False positive rate", ylabel="True positive rate",
             title="Two-way partial AUC-ROC")
    left.legend(loc="lower right")
    precision, recall, _ = spc.pr_curve(y, scores)
    right.plot(recall, precision, label="Davis-Goadrich PR curve")
    shown = recall >= 0.5
    right.fill_between(recall[shown], 0, precision[shown], alpha=0.3,
                       label=f"recall >= 0.5: "
                             f"{spc.pr_auc_score(y, scores, recall_range=(0.5, 1)):.4f}")
    right.set(xlabel="Recall", ylabel="Precision", title="Partial AUC-PR")
    right.legend(loc="upper right")
    _save(fig, path)


def _bounds(path, y, scores):
    fig, ax = plt.subplots(figsize=(5.5, 4.5))
    curves = spc.pr_curve_bounds(y, interpolation="continuous")
    precision, recall = curves.worst
    ax.fill_between(recall, 0, precision, color="0.85", label="unachievable region")
    for name, style in (("best", ":"), ("worst", "--"), ("random", "-.")):
        p, r = getattr(curves, name)
        ax.plot(r, p, style, color="0.3", label=f"{name} ranking")
    p, r, _ = spc.pr_curve(y, scores, interpolation="continuous")
    ax.plot(r, p, label=f"model: normalised AUC-PR "
                        f"{spc.normalized_pr_auc_score(y, scores, interpolation='continuous'):.3f}")
    ax.set(xlabel="Recall", ylabel="Precision", ylim=(0, 1.02),
           title="The bounds of PR space at 8% positives")
    ax.legend(loc="upper right", fontsize=8)
    _save(fig, path)


def _prg(path, y, scores):
    fig, ax = plt.subplots(figsize=(5.5, 4.5))
    precision_gain, recall_gain, _ = spc.prg_curve(y, scores)
    ax.plot(recall_gain, precision_gain,
            label=f"AUPRG = {spc.prg_auc_score(y, scores):.4f}")
    ax.axhline(0, color="0.5", linewidth=0.8)
    ax.set(xlabel="Recall gain", ylabel="Precision gain", xlim=(0, 1), ylim=(-0.5, 1.02),
           title="Precision-recall-gain curve")
    ax.legend(loc="lower left")
    _save(fig, path)


def _cost(path, y, scores):
    fig, ax = plt.subplots(figsize=(5.5, 4.5))
    fpr, tpr, _ = spc.roc_curve(y, scores)
    pc = np.linspace(0, 1, 2)
    for f, t in list(zip(fpr, tpr))[:: max(1, len(fpr) // 40)]:
        ax.plot(pc, (1 - t) * pc + f * (1 - pc), color="0.85", linewidth=0.6)
    envelope_pc, envelope_cost, _ = spc.cost_curve(y, scores)
    ax.plot(envelope_pc, envelope_cost, linewidth=2, label="lower envelope (ROC hull)")
    ax.plot([0, 0.5, 1], [0, 0.5, 0], ":", color="0.3", label="trivial classifiers")
    ax.set(xlabel="Probability cost", ylabel="Normalised expected cost", ylim=(0, 0.55),
           title="Cost curve: one line per ROC point")
    ax.legend(loc="upper right")
    _save(fig, path)


def _decision(path, y, scores):
    # The scores as risks: a logistic calibration fitted to these labels.
    from sklearn.linear_model import LogisticRegression

    risk = LogisticRegression().fit(scores[:, None], y).predict_proba(scores[:, None])[:, 1]
    fig, ax = plt.subplots(figsize=(5.5, 4.5))
    spc.DecisionCurveDisplay.from_predictions(y, risk, thresholds=np.arange(0, 0.5, 0.005),
                                              name="model", ax=ax)
    ax.set_title("Decision curve: net benefit against the threshold")
    _save(fig, path)


def _gains(path, y, scores):
    # Two panels a row (three in one row were too small to read at the page's width).
    fig, grid = plt.subplots(2, 2, figsize=(10, 8.5))
    axes = [grid[0, 0], grid[0, 1], grid[1, 0]]
    grid[1, 1].set_visible(False)
    targeted, gain, _ = spc.cumulative_gain_curve(y, scores)
    axes[0].plot(targeted, gain, label="model")
    axes[0].plot([0, 1], [0, 1], ":", color="0.4", label="random")
    axes[0].set(xlabel="Share targeted", ylabel="Share of positives captured",
                title="Cumulative gains")
    share, lift, _ = spc.lift_curve(y, scores)
    axes[1].plot(share, lift)
    axes[1].axhline(1, linestyle=":", color="0.4")
    axes[1].set(xlabel="Share targeted", ylabel="Lift", xscale="log", title="Lift")
    fpr, tpr, thresholds = spc.roc_curve(y, scores, drop_intermediate=False)
    ks = spc.ks_statistic(y, scores)
    axes[2].plot(thresholds[1:], tpr[1:], label="positives (TPR)")
    axes[2].plot(thresholds[1:], fpr[1:], label="negatives (FPR)")
    axes[2].vlines(ks.threshold, ks.fpr, ks.tpr, color="k",
                   label=f"KS = {ks.statistic:.3f} at {ks.threshold:.2f}")
    axes[2].set(xlabel="Threshold", ylabel="Share scoring at or above",
                title="Kolmogorov-Smirnov", xlim=(thresholds[-1], thresholds[1]))
    axes[0].legend(loc="lower right")
    axes[2].legend(loc="upper left", bbox_to_anchor=(1.05, 1), fontsize=9)
    fig.tight_layout()
    _save(fig, path)


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
    spc.RocCurveDisplay.from_predictions(y, scores, ax=left, name="model", plot_hull=True,
                                         plot_chance_level=True)
    spc.PrecisionRecallDisplay.from_predictions(
        y, scores, ax=right, name="model", interpolation="davis-goadrich",
        plot_achievable=True, plot_chance_level=True)
    left.set_title("ROC curve and its convex hull")
    right.set_title("PR curve and the achievable PR curve")
    fig.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(fig)
