"""The drop-ins for scikit-learn's ranking metrics, read from the table: the curves, the
per-threshold metrics, the averages over labels, AUC-ROC (every form of its arithmetic
in ``_roc_auc``) and average precision; beside them the readers' NumPy specialisations
(``_stepwise``).
"""
