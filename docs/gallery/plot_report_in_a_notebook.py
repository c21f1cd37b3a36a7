"""
The report in a notebook
========================

:func:`sklearn_prcurves.report` is the command-line report as a Python object: give it
the labels and each model's scores, and it computes every area with its interval,
which model each area selects, the paired tests and the verdict. In a notebook the
result shows itself (the page ``report.html`` holds); its table is a DataFrame, its
numbers a dictionary (``results.json``), its figures matplotlib figures, and
``save`` writes the folder the command line writes. The numbers are the command
line's on the same data: the command line is built on this object.
"""

# sphinx_gallery_capture_repr = ('_repr_html_',)

# %%
# sphinx_gallery_thumbnail_path = "_static/thumbs/report.png"
# Three models scored on the held-out part of an imbalanced problem (3% positives).
from sklearn.datasets import make_classification
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB

from sklearn_prcurves import report

X, y = make_classification(n_samples=20_000, n_features=12, n_informative=5,
                           weights=[0.97], class_sep=0.8, random_state=0)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, stratify=y,
                                                    random_state=0)
models = {
    "logistic regression": LogisticRegression(max_iter=1000),
    "gradient boosting": HistGradientBoostingClassifier(random_state=0),
    "naive Bayes": GaussianNB(),
}
scores = {name: model.fit(X_train, y_train).predict_proba(X_test)[:, 1]
          for name, model in models.items()}

result = report(y_test, scores)
result

# %%
# The verdict: the AUC-PR winner against each other model by a paired test on the
# same rows (the delta method: each row's influence on both areas), Holm-adjusted
# with three models.
print(result.verdict)

# %%
# The table as a DataFrame (a row per measure, a column per model).
frame = result.to_frame()
print(frame.loc[["auc_roc", "average_precision", "auc_pr", "achievable_auc_pr",
                 "max_f1"]].round(4))

# %%
# Everything at full precision, as ``results.json`` has it. The paired test's settings
# say how it ran; a normal tail below ``1e-16`` is past double precision (and a
# bootstrap of ``B`` resamples, ``paired_test="bootstrap"``, cannot tell p-values below
# ``1/(B+1)`` apart), so the text report shows those as that bound.
comparison = result.to_dict()["comparison"]
settings = comparison["tests"]["paired_auc_pr"]
print({key: settings[key] for key in ("paired_test", "rows", "resolution",
                                      "correction", "comparisons")})
for model, test in comparison["paired_auc_pr"].items():
    resolved = "below the resolution" if test["pvalue_holm"] < settings["resolution"] else ""
    print(f"{model} - {test['against']}: AUC-PR difference {test['difference']:+.4f} "
          f"(interval {test['low']:+.4f} to {test['high']:+.4f}) {resolved}")

# %%
# ``result.figures()`` gives the figures as matplotlib figures (not pyplot's: nothing
# is left open), and ``result.save("my-report")`` writes the figures, ``report.html``,
# ``results.json`` and ``results.csv``.
print(sorted(result.figures()))

# %%
# A notebook shows such a figure when it is the cell's last value. Here it is drawn
# into this page's own axes, through a PNG in memory.
import io

import matplotlib.pyplot as plt

buffer = io.BytesIO()
result.figures()["pr_curves"].savefig(buffer, format="png", dpi=80)
buffer.seek(0)
fig, ax = plt.subplots(figsize=(9, 4.5))
ax.imshow(plt.imread(buffer))
ax.set_axis_off()
plt.show()
