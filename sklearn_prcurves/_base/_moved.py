"""Where the modules of the flat layout (0.2.0, each module at the package's root)
went, so that objects pickled then still load: a pickle names its class or function
by the module it was defined in.

:func:`install` puts a finder on ``sys.meta_path`` that answers an old module's name
with a module reading each name from where it lives now; nothing is imported until a
pickle (or an old import) asks.
"""

import importlib
import importlib.abc
import importlib.machinery
import sys
import types

__all__ = ["install", "moved_attribute"]

_PACKAGE = __name__.rsplit(".", 2)[0]

# old module: (the module it became, {a name that went elsewhere: its module})
MOVED = {
    "_version": ("_base._version", {}),
    "_undefined": ("_base._undefined", {}),
    "_mistakes": ("_base._mistakes", {}),
    "_results": ("_base._results", {}),
    "_compat": ("_base._compat", {}),
    "_array_api": ("_base._array_api", {}),
    "_validation": ("_base._validation", {}),
    "_exact": ("_table._exact", {}),
    "_table": ("_table._count_table", {}),
    "_prevalence": ("_table._prevalence", {}),
    "_sorting": ("_table._sorting", {}),
    "_counts": ("_table._counts", {}),
    "_stepwise": ("_metrics._stepwise", {}),
    "_curves": ("_metrics._curves", {
        "pr_curve": "_measures._pr", "BINARY_PARAMS": "_table._entry",
        "binary_table": "_table._entry", "measure_table": "_table._entry",
        "two_class_table": "_table._entry", "require_two_classes": "_table._entry",
        "require_class_totals": "_table._entry"}),
    "_thresholds": ("_metrics._thresholds", {}),
    "_averaging": ("_metrics._averaging", {"placements": "_metrics._roc_auc"}),
    "_auc": ("_metrics._auc", {
        "pr_auc_score": "_measures._pr", "achievable_pr_auc_score": "_measures._pr",
        "table_pr_auc": "_measures._pr", "normalized_trapezoid": "_metrics._roc_auc",
        "trapezoid_area": "_metrics._roc_auc", "table_roc_auc": "_metrics._roc_auc"}),
    "_interpolation": ("_measures._interpolation", {}),
    "_hull": ("_measures._hull", {
        "roc_to_pr": "_measures._dominance", "pr_to_roc": "_measures._dominance",
        "curve_dominates": "_measures._dominance", "compare_curves": "_measures._dominance"}),
    "_partial": ("_measures._partial", {}),
    "_bounds": ("_measures._bounds", {}),
    "_lift": ("_measures._lift", {}),
    "_cost": ("_measures._cost", {}),
    "_prg": ("_measures._prg", {}),
    "_operating": ("_measures._operating", {"grouped_roc_auc_score": "_measures._grouped"}),
    "_decision": ("_measures._decision", {
        "compare_net_benefit": "_inference._net_benefit_test"}),
    "_clusters": ("_inference._clusters", {}),
    "_resampling": ("_inference._resampling", {}),
    "_uncertainty": ("_inference._bootstrap", {
        "roc_auc_ci": "_inference._delong", "delong_test": "_inference._delong",
        "roc_auc_variance": "_inference._delong", "delong_components": "_inference._delong",
        "delong_interval": "_inference._delong", "normal_interval": "_inference._delong",
        "pr_auc_ci": "_inference._pr_intervals", "boyd_interval": "_inference._pr_intervals",
        "threshold_ci": "_inference._pr_intervals"}),
    "_certified": ("_inference._certified", {}),
    "_scorer": ("_selection._scorer", {}),
    "_transformer": ("_selection._transformer", {}),
    "_summary": ("_streams._summary", {}),
    "_distributed": ("_streams._distributed", {}),
    "_census": ("_engines._census", {}),
    "_fronts": ("_engines._fronts", {}),
    "_cli": ("_report._cli", {}),
}


def moved_attribute(old, name):
    """``name`` of the old module ``old``, read where it lives now."""
    new, elsewhere = MOVED[old]
    module = importlib.import_module(f"{_PACKAGE}.{elsewhere.get(name, new)}")
    try:
        return getattr(module, name)
    except AttributeError:
        raise AttributeError(f"module {_PACKAGE}.{old!r} (now {module.__name__}) has no "
                             f"attribute {name!r}") from None


class _OldModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return moved_attribute(self.__name__[len(_PACKAGE) + 1:], name)


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path=None, target=None):
        prefix, _, old = fullname.partition(".")
        if prefix != _PACKAGE or old not in MOVED or old == "_table":
            return None  # (``_table`` is a package again: its __init__ reads the names)
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec):
        return _OldModule(spec.name)

    def exec_module(self, module):
        pass


def install():
    """Answer the old modules' names (once per process)."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.append(_Finder())
