"""The only module allowed to touch scikit-learn's private API.

scikit-learn moves its private helpers between releases; keeping every such import
here means a new release breaks one file, not the package.
"""

import functools
import importlib.metadata
import inspect
import re
import warnings
from collections.abc import Callable
from numbers import Integral, Real
from typing import Any, ParamSpec, TypeVar

import numpy as np

from ._mistakes import DROP_INS, PER_COLUMN, likely_mistake
from ._undefined import warn

__all__ = [
    "HasMethods",
    "Interval",
    "StrOptions",
    "check_pos_label_consistency",
    "check_sample_weight",
    "deprecate_y_pred",
    "display_cv_results_params",
    "display_predictions_params",
    "display_response_values",
    "present_labels_repr",
    "response_values_binary",
    "safe_indexing",
    "sklearn_constraint",
    "validate_estimator_params",
    "validate_params",
]

_P = ParamSpec("_P")
_R = TypeVar("_R")

def _installed_version():
    # Read from the installed distribution, not from ``sklearn.__version__``: importing
    # scikit-learn (and SciPy's statistics with it) takes about two seconds, which the
    # command-line report and ``--help`` do without.
    try:
        return importlib.metadata.version("scikit-learn")
    except importlib.metadata.PackageNotFoundError:  # (a source tree on sys.path)
        import sklearn

        return sklearn.__version__


SKLEARN_VERSION_STRING = _installed_version()
SKLEARN_VERSION = tuple(int(re.match(r"\d*", part).group() or 0)
                        for part in SKLEARN_VERSION_STRING.split(".")[:2])

# --- what the drop-ins return, release by release ---------------------------------------
# Supported: scikit-learn 1.6 to 1.9. Each difference between them is one name below,
# used where the drop-in builds that part of its result; docs/compat.rst has the table.

#: ``roc_curve``'s thresholds keep floating scores' dtype (float32 in, float32 out)
#: before 1.8; 1.8 and later give float64.
ROC_THRESHOLDS_KEEP_SCORE_DTYPE = SKLEARN_VERSION < (1, 8)
#: ``roc_curve`` and ``det_curve`` of an object array of numbers return the scores
#: themselves as thresholds (an object array) before 1.8; float64 from 1.8.
ROC_DET_THRESHOLDS_KEEP_OBJECTS = SKLEARN_VERSION < (1, 8)
#: ``det_curve`` before 1.7: no point at threshold infinity, thresholds in the scores'
#: own dtype, no ``drop_intermediate``, and both labels required whatever the weights.
DET_CURVE_BEFORE_1_7 = SKLEARN_VERSION < (1, 7)
#: Weighted sums over tied scores: scikit-learn before 1.8 sorts rows with a stable
#: ascending sort reversed, so tied rows are summed last row first; 1.8 and later sum
#: them in input order. The kernel follows the installed release, so that weighted
#: counts are the same floats as its.
TIES_SUMMED_LAST_ROW_FIRST = SKLEARN_VERSION < (1, 8)
#: The type of a score's scalar result: NumPy's float64 before 1.7, Python's float from
#: 1.7 (scikit-learn's "return float(...)" change).
SCORE_SCALAR = np.float64 if SKLEARN_VERSION < (1, 7) else float


def sklearn_scalar(result):
    """A metric's float result as the installed scikit-learn returns it
    (:data:`SCORE_SCALAR`); anything else (an array) as it is. ``np.nan`` itself, the
    undefined score scikit-learn returns as it is (``return np.nan``), stays Python's
    float on every release."""
    if type(result) is float and result is not np.nan:
        return SCORE_SCALAR(result)
    return result


def clipped_area(area):
    """A binary average precision (already clipped at 0) as scikit-learn returns it:
    before 1.7 its ``max(0.0, area)`` is Python's 0.0 for an area of zero and NumPy's
    float64 otherwise; from 1.7 a Python float."""
    return area if area == 0.0 and type(area) is float else sklearn_scalar(area)


def sklearn_scalar_result(func: Callable[_P, _R]) -> Callable[_P, _R]:
    """``func`` returning its float results as the installed scikit-learn's metrics do
    (:data:`SCORE_SCALAR`); ``func`` itself where that is Python's float."""
    if SCORE_SCALAR is float:
        return func

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return sklearn_scalar(func(*args, **kwargs))

    return wrapper


def accepts_deprecated_probas_pred(func: Callable[_P, _R]) -> Callable[_P, _R]:
    """``precision_recall_curve`` taking ``probas_pred``, the old name of ``y_score``,
    with scikit-learn's FutureWarning, on the releases that still take it (1.5 and
    1.6); ``func`` itself on the others, which refuse the keyword as scikit-learn
    does."""
    if SKLEARN_VERSION >= (1, 7):
        return func

    # (as scikit-learn 1.5 and 1.6 declare them: y_score may be None beside probas_pred)
    constraints = {**func._skl_parameter_constraints.named,
                   "y_score": ["array-like", _Constraint("Hidden", (None,), {})],
                   "probas_pred": ["array-like", _Constraint(
                       "Hidden", (StrOptions({"deprecated"}),), {})]}

    @functools.wraps(func)
    def wrapper(y_true, y_score=None, *args, probas_pred="deprecated", **kwargs):
        if not (isinstance(probas_pred, str) and probas_pred == "deprecated"):
            from sklearn.utils._param_validation import validate_parameter_constraints

            validate_parameter_constraints(  # (scikit-learn's error, naming probas_pred)
                wrapper._skl_parameter_constraints, {"probas_pred": probas_pred},
                caller_name=func.__qualname__)
            if y_score is not None:
                raise ValueError(
                    "`probas_pred` and `y_score` cannot be both specified. Please use "
                    "`y_score` only as `probas_pred` is deprecated in v1.5 and will be "
                    "removed in v1.7."
                )
            warn(
                "probas_pred was deprecated in version 1.5 and will be removed in 1.7."
                "Please use ``y_score`` instead.", FutureWarning)
            y_score = probas_pred
        return func(y_true, y_score, *args, **kwargs)

    signature = inspect.signature(func)
    wrapper.__signature__ = signature.replace(parameters=[
        *signature.parameters.values(),
        inspect.Parameter("probas_pred", inspect.Parameter.KEYWORD_ONLY,
                          default="deprecated"),
    ])
    wrapper._skl_parameter_constraints = ConstraintTable(constraints)
    return wrapper


def keywords_by_position(func: Callable[_P, _R]) -> Callable[_P, _R]:
    """``func`` (``confusion_matrix_at_thresholds``) also taking its keyword-only
    arguments by position, as scikit-learn's does: silently in 1.8, where they are
    ordinary parameters (and on 1.6 and 1.7, which lack the function), with
    scikit-learn's FutureWarning from 1.9 (keyword-only from 1.11)."""
    signature = inspect.signature(func)
    named = [p.name for p in signature.parameters.values()
             if p.kind is p.POSITIONAL_OR_KEYWORD]
    keyword_only = [p.name for p in signature.parameters.values()
                    if p.kind is p.KEYWORD_ONLY]
    warn = SKLEARN_VERSION >= (1, 9)

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        extra = len(args) - len(named)
        if extra <= 0:
            return func(*args, **kwargs)
        if extra > len(keyword_only):
            raise TypeError(f"{func.__name__}() takes {len(named) + len(keyword_only)} "
                            f"positional arguments but {len(args)} were given")
        if warn:
            passed = ", ".join(f"{name}={value}"
                               for name, value in zip(keyword_only, args[len(named):]))
            _warn_from_sklearn_validation(
                f"Pass {passed} as keyword args. From version 1.11 passing these as "
                "positional arguments will result in an error", FutureWarning)
        else:  # (1.8's ordinary parameters: its validation refuses a value given twice)
            for name in keyword_only[:extra]:
                if name in kwargs:
                    raise TypeError(f"multiple values for argument '{name}'")
        # (from 1.9 a value by position replaces the same keyword's, as scikit-learn's
        # decorator does)
        kwargs.update(zip(keyword_only, args[len(named):]))
        return func(*args[:len(named)], **kwargs)

    if not warn:  # (1.8's signature: ordinary parameters)
        wrapper.__signature__ = signature.replace(parameters=[
            p.replace(kind=p.POSITIONAL_OR_KEYWORD) if p.kind is p.KEYWORD_ONLY else p
            for p in signature.parameters.values()])
    return wrapper


def _warn_from_sklearn_validation(message, category):
    """Warn as scikit-learn's positional-arguments decorator does: from its module
    ``sklearn.utils.validation``, so that a filter keyed on that module (``module=``)
    treats our warning as it treats scikit-learn's."""
    import sklearn.utils.validation as where

    registry = where.__dict__.setdefault("__warningregistry__", {})
    warnings.warn_explicit(message, category, where.__file__, 1,
                           module="sklearn.utils.validation", registry=registry)


def check_sample_weight(sample_weight, y):
    """scikit-learn's own sample-weight check, so that its error messages match."""
    from sklearn.utils.validation import _check_sample_weight

    return _check_sample_weight(sample_weight, y)


def check_pos_label_consistency(pos_label, y_true):
    """scikit-learn's ``pos_label`` inference, used for inputs our fast path skips."""
    from sklearn.utils.validation import _check_pos_label_consistency

    return _check_pos_label_consistency(pos_label, y_true)


def present_labels_repr(labels):
    """The label list in ``average_precision_score``'s pos_label error, as the
    installed scikit-learn prints it (a list before 1.9, an array from 1.9)."""
    return str(labels.tolist()) if SKLEARN_VERSION < (1, 9) else str(labels)


# --- parameter constraints, built when first checked ------------------------------------
# A module defining drop-ins names its constraints when it is imported; the objects are
# scikit-learn's, built on a function's first call, so that importing a module (the
# command-line report imports most of them) does not import scikit-learn.


class _Constraint:
    """A scikit-learn constraint of ``sklearn.utils._param_validation`` (1.2 and
    later), named now and built by :meth:`built`."""

    __slots__ = ("_kind", "_args", "_kwargs")

    def __init__(self, kind, args, kwargs):
        self._kind, self._args, self._kwargs = kind, args, kwargs

    def built(self):
        from sklearn.utils import _param_validation

        args = [a.built() if isinstance(a, _Constraint) else a for a in self._args]
        return getattr(_param_validation, self._kind)(*args, **self._kwargs)

    def __repr__(self):
        return f"{self._kind}(...)"


def Interval(*args, **kwargs):  # noqa: N802 - scikit-learn's name
    """scikit-learn's ``Interval`` constraint, built when first checked."""
    return _Constraint("Interval", args, kwargs)


def StrOptions(*args, **kwargs):  # noqa: N802
    """scikit-learn's ``StrOptions`` constraint, built when first checked."""
    return _Constraint("StrOptions", args, kwargs)


def HasMethods(*args, **kwargs):  # noqa: N802
    """scikit-learn's ``HasMethods`` constraint, built when first checked."""
    return _Constraint("HasMethods", args, kwargs)


class _SklearnConstraint:
    """:func:`sklearn_constraint`'s list, looked up when first checked."""

    __slots__ = ("_function", "_parameter", "_fallback")

    def __init__(self, function_name, parameter, fallback):
        self._function, self._parameter, self._fallback = function_name, parameter, fallback

    def built(self):
        # Where scikit-learn defines its ranking metrics (0.22 to 1.9), not
        # ``sklearn.metrics``, which a user may have pointed at our drop-ins.
        try:
            metrics = importlib.import_module("sklearn.metrics._ranking")
        except ImportError:  # pragma: no cover - a later release moved them
            metrics = importlib.import_module("sklearn.metrics")
        constraints = getattr(getattr(metrics, self._function, None),
                              "_skl_parameter_constraints", None)
        if not isinstance(constraints, dict) or self._parameter not in constraints:
            return built_constraints({"_": self._fallback})["_"]
        return constraints[self._parameter]


def sklearn_constraint(function_name, parameter, fallback):
    """scikit-learn's own constraint list for a parameter of one of its metrics that
    a drop-in mirrors (``fallback`` if it has none).

    Its error message lists a set of options in that set's iteration order, which for
    a set literal depends on the hash seed under which the module defining it was
    compiled: a set of our own would list them in another order in some processes.
    """
    return _SklearnConstraint(function_name, parameter, fallback)


def built_constraints(parameter_constraints):
    """``parameter_constraints`` with scikit-learn's own constraint objects (what
    estimators' ``_parameter_constraints`` and ``validate_parameter_constraints``
    take)."""
    table = {}
    for name, options in parameter_constraints.items():
        if isinstance(options, _SklearnConstraint):
            options = options.built()
        elif options != "no_validation":
            options = [c.built() if isinstance(c, _Constraint) else c for c in options]
        table[name] = options
    return table


class ConstraintTable(dict):
    """A function's ``_skl_parameter_constraints`` (scikit-learn reads it, e.g. in its
    ``test_public_functions``): a dict of scikit-learn's constraint objects, there from
    import and built, importing scikit-learn, when first read."""

    __slots__ = ("_named", "named")

    def __init__(self, named):
        super().__init__()
        self._named = self.named = named  # (named: the constraints as declared)

    def built(self):
        if self._named is not None:
            # (cleared first: a constraint built from scikit-learn's own table may read
            # this one, where our function replaced scikit-learn's)
            named, self._named = self._named, None
            dict.update(self, built_constraints(named))
        return self


def _read_built(method):
    @functools.wraps(method)
    def read(self, *args, **kwargs):
        return method(self.built(), *args, **kwargs)
    return read


for _method in ("__getitem__", "__iter__", "__len__", "__contains__", "__eq__", "__ne__",
                "__repr__", "__or__", "__ror__", "keys", "items", "values", "get", "copy"):
    setattr(ConstraintTable, _method, _read_built(getattr(dict, _method)))
del _method


def validate_params(parameter_constraints: dict[str, Any], *,
                    prefer_skip_nested_validation: bool
                    ) -> Callable[[Callable[_P, _R]], Callable[_P, _R]]:
    """scikit-learn's ``validate_params``, with its per-call set-up done once.

    scikit-learn's decorator rebuilds the function signature and every constraint
    object on each call, which is about half the time of a drop-in metric on 1e4
    rows. Here they are built when the function is decorated. A call whose arguments
    all satisfy their constraints goes straight through; any other call is checked by
    scikit-learn's own ``validate_parameter_constraints``, so the error raised is
    exactly scikit-learn's. Nested validation is skipped as scikit-learn skips it.
    """

    def decorator(func):
        bind = _Binding(func)
        constraints = _Constraints(parameter_constraints)

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            config = _threadlocal_config()
            if config["skip_parameter_validation"]:
                return func(*args, **kwargs)
            params = bind(args, kwargs)
            constraints.check(func, params)
            # scikit-learn's config_context(skip_parameter_validation=True), without
            # its copies of the whole configuration on the way in and out.
            config["skip_parameter_validation"] = prefer_skip_nested_validation
            try:
                return func(*args, **kwargs)
            except ValueError as exc:
                replacement = _replacement(exc, func, params, kwargs)
                if replacement is None:
                    raise
                raise replacement from exc
            finally:
                config["skip_parameter_validation"] = False

        func._skl_parameter_constraints = wrapper._skl_parameter_constraints = (
            constraints.table)
        return wrapper

    return decorator


_MISSING = object()


class _Binding:
    """``signature.bind(...).apply_defaults()``'s arguments of calls to ``func``: a
    dictionary filled directly for the usual call (several times faster), the
    signature's own binding, and its TypeError, for anything else."""

    def __init__(self, func):
        self.func = func
        self.signature = inspect.signature(func)
        parameters = self.signature.parameters.values()
        variadic = {p.name for p in parameters
                    if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
        self.ignored = {"self", "cls"} | variadic
        self.positional = [p.name for p in parameters
                           if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        self.by_keyword = {p.name for p in parameters
                           if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
        self.defaults = {p.name: p.default for p in parameters if p.default is not p.empty}
        self.named = {p.name for p in parameters} - self.ignored
        # A plain signature binds by a dictionary: no *args or **kwargs, no self.
        self.plain = not variadic and not {"self", "cls"} & self.signature.parameters.keys()

    def __call__(self, args, kwargs):
        if self.plain and len(args) <= len(self.positional):
            params = self._directly(args, kwargs)
            if params is not None:
                return params
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError:
            _refuse_metric_used_as_scorer(self.func, args[0] if args else None)
            raise
        bound.apply_defaults()
        return {k: v for k, v in bound.arguments.items() if k not in self.ignored}

    def _directly(self, args, kwargs):
        params = dict(self.defaults)
        params.update(zip(self.positional, args))
        for name, value in kwargs.items():
            if name not in self.by_keyword or name in self.positional[:len(args)]:
                return None
            params[name] = value
        return params if len(params) == len(self.named) else None


class _Constraints:
    """A function's constraint table, its constraint objects built on first use."""

    def __init__(self, parameter_constraints):
        self.table = ConstraintTable(parameter_constraints)
        self._checks = None  # [(name, accepted types, constraint objects)]

    def _built(self):
        if self._checks is None:
            from sklearn.utils._param_validation import make_constraint

            self.table.built()
            self._checks = [
                (name, _accepted_types(options), [make_constraint(c) for c in options])
                for name, options in self.table.items() if options != "no_validation"
            ]
        return self._checks

    def check(self, func, params):
        """Nothing for arguments that satisfy their constraints; scikit-learn's own
        error for any other."""
        for name, accepted, options in self._built():
            value = params.get(name, _MISSING)
            if value is _MISSING or type(value) in accepted:
                continue
            if not any(c.is_satisfied_by(value) for c in options):
                from sklearn.utils._param_validation import validate_parameter_constraints

                _refuse_metric_used_as_scorer(func, params.get("y_true"))
                validate_parameter_constraints(self.table, params,
                                               caller_name=func.__qualname__)


def _replacement(exc, func, params, kwargs):
    """The error a ValueError from a validated function is raised as, None to raise it
    unchanged."""
    from sklearn.utils._param_validation import InvalidParameterError

    if not isinstance(exc, InvalidParameterError):
        hint = None if func.__name__ in DROP_INS else likely_mistake(
            exc, params, kwargs, per_column=func.__name__ in PER_COLUMN)
        return None if hint is None else ValueError(f"{hint} ({exc})")
    # As scikit-learn does: name this function, not an inner one.
    return InvalidParameterError(re.sub(
        r"parameter of \w+ must be", f"parameter of {func.__qualname__} must be", str(exc)))


def _threadlocal_config():
    """This thread's scikit-learn configuration, the dictionary itself (mutable)."""
    from sklearn._config import _get_threadlocal_config

    return _get_threadlocal_config()


def _accepted_types(options):
    """Types whose values certainly satisfy one of ``options`` (scikit-learn parameter
    constraints): checked by ``type(value) in ...`` before the constraint objects,
    which cost more than a small metric's arithmetic. Anything else is checked by
    the constraints themselves."""
    import numpy as np

    accepted = set()
    for option in options:
        if option is None:
            accepted.add(type(None))
        elif option == "array-like":
            accepted.update((np.ndarray, list, tuple))
        elif option == "boolean":
            accepted.update((bool, np.bool_))
        elif option is str:
            accepted.add(str)
        elif option is Real:
            accepted.update((int, float, bool, np.float64))
        elif option is Integral:
            accepted.update((int, bool))
    return frozenset(accepted)


def _refuse_metric_used_as_scorer(func, first_argument):
    """A metric called with an estimator where ``y_true`` goes was passed as
    ``scoring=``: say so in scikit-learn's words instead of "must be an array-like"
    or "too many positional arguments" (scikit-learn's own check recognises only its
    own metrics, by their module)."""
    if hasattr(first_argument, "fit") and hasattr(first_argument, "get_params"):
        raise ValueError(
            f"{func.__qualname__} was called with an estimator: it looks like it is a "
            "metric function rather than a scorer. A scorer should require an "
            "estimator as its first parameter. Please use `make_scorer` to convert a "
            "metric to a scorer, or sklearn_prcurves.get_scorer(name)."
        )


#: scikit-learn's public modules whose functions and estimators take ``scoring``: each
#: checks a name against a ``StrOptions`` of the scorer names, built when scikit-learn
#: defines it (1.6 to 1.9: model_selection's functions and searches, the threshold
#: tuner, SequentialFeatureSelector, LogisticRegressionCV, RidgeCV and RidgeClassifierCV,
#: permutation_importance, check_scoring). If a release moves one elsewhere,
#: ``tests/test_scorer.py`` finds the constraint left without our names.
_SCORING_MODULES = ("sklearn.model_selection", "sklearn.feature_selection",
                    "sklearn.linear_model", "sklearn.inspection", "sklearn.metrics")
#: Names every one of those constraints holds (scikit-learn's own, since 1.0).
_SKLEARN_SCORER_MARKER = frozenset({"accuracy", "roc_auc", "average_precision",
                                    "neg_log_loss"})


def register_sklearn_scorers(scorers):
    """Add scorers under new names to scikit-learn's registry, so that
    ``scoring="name"`` works wherever scikit-learn takes a scorer name.

    Two places hold the names: the registry ``sklearn.metrics._scorer._SCORERS`` (read
    by ``get_scorer``; constraints built after this call read it too), and the
    ``scoring`` constraint of each public function and estimator already defined,
    which is found through their parameter-constraint tables in the modules of
    :data:`_SCORING_MODULES` (nothing else is touched; the names are only added).
    Names scikit-learn has already are left to scikit-learn. Returns the names added.
    """
    from sklearn.metrics import _scorer

    new = {name: scorer for name, scorer in scorers.items() if name not in _scorer._SCORERS}
    constraints = scoring_name_constraints()
    _scorer._SCORERS.update(new)
    for constraint in constraints:
        constraint.options.update(new)
    return sorted(new)


def scoring_name_constraints():
    """The ``StrOptions`` of scorer names in the ``scoring`` constraints of the public
    functions and estimators of :data:`_SCORING_MODULES`, each once."""
    import importlib

    from sklearn.utils._param_validation import StrOptions as BuiltStrOptions

    found = {}
    for module_name in _SCORING_MODULES:
        for holder in list(vars(importlib.import_module(module_name)).values()):
            table = (getattr(holder, "_parameter_constraints", None)
                     or getattr(holder, "_skl_parameter_constraints", None))
            if not isinstance(table, dict):
                continue
            for option in table.get("scoring", ()):
                if (isinstance(option, BuiltStrOptions) and isinstance(option.options, set)
                        and _SKLEARN_SCORER_MARKER <= option.options):
                    found[id(option)] = option
    return list(found.values())


# --- private helpers of scikit-learn's estimators and displays ------------------------
# Each is a private name of scikit-learn's; if a release removes or renames one, the
# call below fails (AttributeError/ImportError) in the tests of the feature named, and
# this is the one place to mend.


def validate_estimator_params(estimator):
    """``BaseEstimator._validate_params`` (1.2 and later): the constructor parameters
    checked against ``_parameter_constraints``, with scikit-learn's messages."""
    estimator._validate_params()


def safe_indexing(data, indices):
    """``sklearn.utils._safe_indexing`` (0.22 and later): rows of arrays, lists and
    dataframes alike (the displays' cross-validation folds)."""
    from sklearn.utils import _safe_indexing

    return _safe_indexing(data, indices)


def response_values_binary(estimator, X, *, response_method, pos_label):
    """``sklearn.utils._response._get_response_values_binary`` (1.3 and later): a
    binary classifier's scores as scikit-learn's displays read them."""
    from sklearn.utils._response import _get_response_values_binary

    return _get_response_values_binary(estimator, X, response_method=response_method,
                                       pos_label=pos_label)


def deprecate_y_pred(y_score, y_pred, version):
    """``sklearn.utils._plotting._deprecate_y_pred_parameter`` (1.8 and later: the
    releases whose displays still take the deprecated ``y_pred``, called only there).
    1.7 deprecated ``RocCurveDisplay``'s ``y_pred`` inline: its words are used there."""
    try:
        from sklearn.utils._plotting import _deprecate_y_pred_parameter
    except ImportError:  # scikit-learn 1.7
        if y_score is not None:
            raise ValueError(
                "`y_pred` and `y_score` cannot be both specified. Please use `y_score`"
                " only as `y_pred` is deprecated in 1.7 and will be removed in 1.9."
            ) from None
        warn("y_pred is deprecated in 1.7 and will be removed in 1.9. "
             "Please use `y_score` instead.", FutureWarning)
        return y_pred
    return _deprecate_y_pred_parameter(y_score, y_pred, version)


def display_response_values(display_cls, estimator, X, y, **kwargs):
    """The display classes' ``_validate_and_get_response_values`` (1.3 and later)."""
    return display_cls._validate_and_get_response_values(estimator, X, y, **kwargs)


def display_predictions_params(display_cls, y_true, y_score, **kwargs):
    """The display classes' ``_validate_from_predictions_params`` (1.3 and later)."""
    return display_cls._validate_from_predictions_params(y_true, y_score, **kwargs)


def display_cv_results_params(display_cls, cv_results, X, y, *, sample_weight, pos_label):
    """The display classes' ``_validate_from_cv_results_params`` (1.7 and later, the
    releases with ``from_cv_results``; 1.7's also takes ``pos_label``)."""
    validate = display_cls._validate_from_cv_results_params
    extra = {"pos_label": pos_label} if takes(validate, "pos_label") else {}
    return validate(cv_results, X, y, sample_weight=sample_weight, **extra)


# --- public display API that differs between releases ----------------------------------


def takes(method, keyword):
    """Whether ``method``'s signature has the parameter ``keyword``."""
    return keyword in inspect.signature(method).parameters


def display_name_keyword(display_cls):
    """The constructor keyword of a curve display's legend name: ``name`` (ROC from
    1.7, precision-recall from 1.8), ``estimator_name`` before them and for DET."""
    return "name" if takes(display_cls.__init__, "name") else "estimator_name"


def display_score_keyword(from_predictions):
    """How a display's ``from_predictions`` names the scores: ``"y_score"`` (the
    current name; ``y_pred`` deprecated or gone), or ``"y_pred"`` (ROC before 1.7,
    precision-recall and DET before 1.8)."""
    return "y_score" if takes(from_predictions, "y_score") else "y_pred"


def plot_curve_arguments(plot, curve_kwargs, kwargs):
    """Keywords for a display's ``plot``: ``curve_kwargs`` where it takes them (ROC
    from 1.7, precision-recall from 1.9); before, the matplotlib keywords of the one
    curve go directly, as those releases take them."""
    if takes(plot, "curve_kwargs"):
        return {**kwargs, "curve_kwargs": curve_kwargs}
    if isinstance(curve_kwargs, dict):
        return {**curve_kwargs, **kwargs}
    if curve_kwargs is not None:
        raise ValueError(
            f"curve_kwargs={curve_kwargs!r}: a list of curve keywords needs scikit-learn "
            f">= 1.9 (installed: {SKLEARN_VERSION_STRING}), whose displays draw several curves."
        )
    return kwargs


#: The release that gave each display ``from_cv_results``.
FROM_CV_RESULTS_SINCE = {"RocCurveDisplay": "1.7", "PrecisionRecallDisplay": "1.9"}


def require_from_cv_results(display_cls, sklearn_cls):
    """Refuse ``from_cv_results`` clearly where the installed scikit-learn's display
    has none (it draws one curve at a time there)."""
    if not hasattr(sklearn_cls, "from_cv_results"):
        name = sklearn_cls.__name__
        raise NotImplementedError(
            f"{display_cls.__name__}.from_cv_results needs scikit-learn >= "
            f"{FROM_CV_RESULTS_SINCE[name]}, whose {name} draws one curve per fold; "
            f"the installed scikit-learn is {SKLEARN_VERSION_STRING}. Upgrade it, or call "
            f"from_predictions once per fold with the same ax."
        )


# --- array API plumbing: scikit-learn's private helpers ----------------------------------


def is_array_api_obj(x):
    """Whether ``x`` is an array of an array API namespace: scikit-learn's vendored
    ``array_api_compat`` (1.7 and later), or the ``array_api_compat`` package that 1.6
    needs for its dispatch (False where neither is installed: no dispatch then)."""
    try:
        from sklearn.externals.array_api_compat import is_array_api_obj as check
    except ImportError:  # scikit-learn 1.6
        try:
            from array_api_compat import is_array_api_obj as check
        except ImportError:
            return False
    return check(x)


def namespace_and_device_of(*arrays):
    """``(xp, device)`` of arrays of one array API namespace on one device, whatever
    scikit-learn's ``array_api_dispatch`` (its own helper answers NumPy when that is
    off): ``array_api_compat``'s ``array_namespace`` and ``device``, vendored by
    scikit-learn from 1.7, the ``array_api_compat`` package its 1.6 dispatch needs."""
    try:
        from sklearn.externals import array_api_compat as compat
    except ImportError:  # scikit-learn 1.6
        import array_api_compat as compat

    devices = {compat.device(array) for array in arrays}
    if len(devices) > 1:
        raise ValueError(f"arrays on several devices: {devices}")
    return compat.array_namespace(*arrays), devices.pop()


def sklearn_to_numpy(array):
    """An array of another namespace as NumPy on the host: ``move_to`` (1.9 and
    later), ``_convert_to_numpy`` before (1.6 to 1.8), or DLPack for a device that
    helper cannot read from (array_api_strict's "device1")."""
    try:
        from sklearn.utils._array_api import move_to
    except ImportError:  # scikit-learn 1.6 to 1.8
        from sklearn.utils._array_api import _convert_to_numpy, get_namespace

        try:
            return _convert_to_numpy(array, get_namespace(array)[0])
        except RuntimeError:
            return np.from_dlpack(array, device="cpu")
    return move_to(array, xp=np, device="cpu")


def array_api_config():
    """This thread's scikit-learn configuration, the dictionary itself (mutable)."""
    return _threadlocal_config()
