"""
Several visits per patient: intervals that count patients, not rows
====================================================================

A model scores every visit, and most patients come several times. Visits of one
patient are alike (the same physiology, the same habits), so they are not independent
draws: an interval that counts every visit as new information is too narrow, and a
paired test finds differences that are not there. ``groups=`` makes the patient the
unit: DeLong's variance with each patient's components summed (Obuchowski, 1997), and
a bootstrap of whole patients.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

from sklearn_prcurves import delong_test, pr_auc_ci, roc_auc_ci

rng = np.random.default_rng(0)
patients = 150
visits = rng.integers(1, 12, patients)  # one to eleven visits each
patient = np.repeat(np.arange(patients), visits)
frailty = rng.normal(size=patients)[patient]  # shared by a patient's visits
y = (rng.random(patient.shape[0]) < 1 / (1 + np.exp(-(frailty - 1.0)))).astype(int)
# Both models see the outcome and the frailty, each with a quirk of its own per patient.
model_a = y + frailty + rng.normal(size=patients)[patient] + rng.normal(size=patient.size)
model_b = y + frailty + rng.normal(size=patients)[patient] + rng.normal(size=patient.size)
print(f"{patient.size} visits of {patients} patients, {y.sum()} positive")

# %%
# The same area, two intervals: the row-level one counts 900-odd visits as
# independent, the clustered one 150 patients.
intervals = {
    "AUC-ROC, visits as rows": roc_auc_ci(y, model_a),
    "AUC-ROC, patients (clustered DeLong)": roc_auc_ci(y, model_a, groups=patient),
    "AUC-PR, visits (bootstrap of rows)": pr_auc_ci(y, model_a, method="bootstrap",
                                                   random_state=0, n_resamples=500),
    "AUC-PR, patients (bootstrap of patients)": pr_auc_ci(y, model_a, groups=patient,
                                                         random_state=0, n_resamples=500),
}
for name, interval in intervals.items():
    print(f"{name}: {interval.estimate:.3f} [{interval.low:.3f}, {interval.high:.3f}] "
          f"({interval.method})")

# %%
# The two models are equally good in the population; their visits differ by each
# patient's quirks, which a row-level test counts as independent evidence: over many
# such studies it rejects more often than its level (benchmarks/coverage_clusters.py).
rows, clustered = delong_test(y, model_a, model_b), delong_test(y, model_a, model_b,
                                                                groups=patient)
print(f"DeLong, visits: p = {rows.pvalue:.3f}; clustered by patient: "
      f"p = {clustered.pvalue:.3f} ({clustered.clusters} patients)")

# %%
fig, ax = plt.subplots(figsize=(7, 3))
for i, (name, interval) in enumerate(intervals.items()):
    ax.plot([interval.low, interval.high], [i, i], linewidth=3,
            color="tab:blue" if "patients" in name else "0.6")
    ax.plot(interval.estimate, i, "o", color="black")
ax.set_yticks(range(len(intervals)), labels=list(intervals))
ax.invert_yaxis()
ax.set_xlabel("area (95% interval)")
ax.set_title("Counting patients, not visits: wider, honest intervals", fontsize=10)
fig.tight_layout()
plt.show()
