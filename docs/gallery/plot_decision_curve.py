"""
Decision curves: is the model worth acting on?
==============================================

A threshold probability ``pt`` is an exchange rate: treating everyone at or above it
says a false positive costs ``pt / (1 - pt)`` true positives. The net benefit of a
model at ``pt`` counts its true positives less its false positives at that rate, per
person; the model is worth using where it beats treating everyone and treating no
one (Vickers and Elkin, 2006). Here two models, and the same curves for a test set
that was balanced for labelling but will be used where 5% are positive.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import make_classification
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split

from sklearn_prcurves import DecisionCurveDisplay, net_benefit_curve

X, y = make_classification(n_samples=6000, n_features=10, n_informative=4,
                           weights=[0.8], flip_y=0.03, random_state=3)
X_train, X_test, y_train, y_test = train_test_split(X, y, stratify=y, random_state=0)
models = {
    "logistic regression": LogisticRegression().fit(X_train, y_train),
    "gradient boosting": HistGradientBoostingClassifier(random_state=0).fit(X_train, y_train),
}

# %%
# Where each model beats both strategies without a model, on the test set as drawn
# and at a deployment prevalence of 5%.
for name, model in models.items():
    for prevalence in (None, 0.05):
        curve = net_benefit_curve(y_test, model.predict_proba(X_test)[:, 1],
                                  prevalence=prevalence, thresholds=np.arange(0, 0.8, 0.01))
        useful = curve.thresholds[curve.net_benefit > np.maximum(curve.treat_all, 0)]
        where = "test set" if prevalence is None else "at 5%"
        print(f"{name}, {where}: better than both strategies at "
              f"{useful.size} of 80 thresholds, up to {useful.max():.2f}")

# %%
# Left: the test set as drawn (20% positives). Right: the same predictions, read at
# a deployment prevalence of 5% (``prevalence=``: the same as re-weighting the test
# set's classes to it). Treat all loses most there; the logistic regression is worth
# acting on only at low thresholds, the boosted trees nearly everywhere.
fig, (ax, deployed) = plt.subplots(1, 2, figsize=(11, 4.5))
for axes, prevalence, title in ((ax, None, "test set (20% positives)"),
                                (deployed, 0.05, "deployed at 5% positives")):
    for i, (name, model) in enumerate(models.items()):
        DecisionCurveDisplay.from_estimator(model, X_test, y_test, prevalence=prevalence,
                                            name=name, ax=axes, plot_chance_level=i == 0,
                                            thresholds=np.arange(0, 0.8, 0.01))
    axes.set_title(title)
fig.tight_layout()
plt.show()
