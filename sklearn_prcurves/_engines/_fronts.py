"""What the cluster fronts (``dask``, ``spark``) share: one description of their public
measures, from which each front's functions read their value.

A front keeps its functions' explicit signatures and docstrings (editors and type
checkers read them from the source) and says how its input becomes an exact
:class:`~sklearn_prcurves._streams._distributed.RangedTable` or a binned summary; which measure
is read from either, with which options, is written once here.
"""

import inspect
import textwrap
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any, NamedTuple

from .._streams._distributed import check_mode

__all__ = ["FRONT_MEASURES", "front_value", "shared_parameters"]


class FrontMeasure(NamedTuple):
    """One public function of the cluster fronts: its measure read from an exact
    table and from a binned summary (None: exact only), with its own options."""

    exact: Callable[..., Any]  # (RangedTable, **options) -> value
    binned: Callable[..., Any] | None  # (BinnedSummary, **options) -> value
    options: tuple[str, ...] = ()


FRONT_MEASURES = {
    "roc_auc_score": FrontMeasure(lambda table: table.roc_auc(),
                                  lambda summary: summary.roc_auc()),
    "pr_auc_score": FrontMeasure(lambda table, **options: table.pr_auc(**options),
                                 lambda summary, **options: summary.pr_auc(**options),
                                 ("interpolation", "leading_negatives")),
    # binned: the interval that holds the exact value, guaranteed
    "average_precision_score": FrontMeasure(
        lambda table: table.average_precision(),
        lambda summary: summary.average_precision_interval()),
    "achievable_pr_auc_score": FrontMeasure(
        lambda table, **options: table.achievable_pr_auc(**options), None,
        ("interpolation",)),
}


def front_value(name, arguments, exact_summary, binned_summary, opened=nullcontext):
    """The value of the front's function ``name`` called with ``arguments`` (its
    ``locals()``): read from the front's ``exact_summary`` (``opened``: how its
    table is held while read) or ``binned_summary``, each given the arguments it takes."""
    measure = FRONT_MEASURES[name]
    arguments = dict(arguments)
    mode = arguments.pop("mode", "exact")
    options = {key: arguments.pop(key) for key in measure.options}
    check_mode(mode, **options)
    if mode == "binned":
        return measure.binned(binned_summary(**_taken_by(binned_summary, arguments)),
                              **options)
    with opened(exact_summary(**_taken_by(exact_summary, arguments))) as table:
        return measure.exact(table, **options)


def _taken_by(function, arguments):
    parameters = inspect.signature(function).parameters
    return {key: value for key, value in arguments.items() if key in parameters}


def shared_parameters(descriptions):
    """A decorator: each line ``{name}`` of the function's docstring becomes the
    front's description of the parameters ``name`` stands for (``descriptions``:
    ``{name: numpydoc text}``), so that a front's functions describe a parameter once
    (as imbalanced-learn's ``Substitution``)."""
    def fill(function):
        doc = function.__doc__
        for name, text in descriptions.items():
            doc = doc.replace("    {" + name + "}\n",
                              textwrap.indent(textwrap.dedent(text).strip("\n"), "    ") + "\n")
        function.__doc__ = doc
        return function
    return fill
