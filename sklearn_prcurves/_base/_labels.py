"""The binary-label rules, and their words, in one place.

A binary problem's labels are 0/1, -1/1 or booleans, or any two values with
``pos_label`` naming the positive one; text labels need ``pos_label``; a label set
with more than two values is another problem (multiclass), numbers with a fraction
another still (continuous); a measure of a curve needs both classes. The NumPy path
reads these rules from the labels themselves (scikit-learn's own checks and words,
which the drop-ins must raise); the streaming fronts (the report's batches, Spark's
aggregates, Dask's chunks, torch's batches) see the distinct labels of each piece and
check their union here (:func:`check_label_set`), naming the labels as each front
does, in the same sentences.
"""

import numpy as np

from ._compat import check_pos_label_consistency

__all__ = ["binary_classes", "binary_labels", "check_class_union", "check_label_kind",
           "check_label_set", "chunk_classes", "in_problem", "integer_classes", "label_kind",
           "label_problems", "n_distinct_labels", "per_label_values", "resolve_pos_label",
           "single_class_error", "target_type", "union_classes"]



# Label sets for which ``pos_label=None`` means 1, as in scikit-learn.
_IMPLICIT_POS_LABEL_SETS = ([0, 1], [-1, 1], [0], [-1], [1])


def binary_classes(y):
    """The sorted classes of a plain numeric vector if ``type_of_target`` says binary.

    Returns None when the vector is not binary (multiclass, continuous, or holding
    NaN), so that the caller falls back to scikit-learn and gets its exact error.
    """
    lo, hi = np.minimum.reduce(y), np.maximum.reduce(y)
    if lo == hi:
        classes = np.array([lo], dtype=y.dtype)
    else:
        # Integers one apart leave no room for a third value; other labels are counted.
        if not (y.dtype.kind in "biu" and int(hi) - int(lo) == 1) and (
                np.count_nonzero(y == lo) + np.count_nonzero(y == hi) != y.shape[0]):
            return None
        classes = np.array([lo, hi], dtype=y.dtype)
    if y.dtype.kind == "f" and not all(float(c).is_integer() for c in classes):
        return None  # "continuous" in scikit-learn's terms
    return classes


def target_type(y, input_name="y_true"):
    """``(type_of_target(y), classes or None)``, fast for plain numeric binary labels."""
    plain = plain_numeric_1d(y)
    if plain is not None:
        classes = binary_classes(plain)
        if classes is not None:
            return "binary", classes
        classes = integer_classes(plain)
        if classes is not None:  # more than two: what type_of_target calls multiclass
            return "multiclass", classes
    elif _plain_indicator(y):
        return "multilabel-indicator", None
    from sklearn.utils.multiclass import type_of_target

    return type_of_target(y, input_name=input_name), None


def _plain_indicator(y):
    """Whether a numeric 2-D ndarray of several columns holds at most two integral
    values: ``is_multilabel``'s rule, read without sorting the whole matrix."""
    if not (isinstance(y, np.ndarray) and y.ndim == 2 and y.shape[1] > 1
            and y.size > 0 and y.dtype.kind in "biuf"):
        return False
    return binary_classes(y.reshape(-1)) is not None


def integer_classes(y):
    """``np.unique(y)`` of an integer vector of moderate range, from a table of the
    values present (two passes, no sort); None for other vectors."""
    if y.dtype.kind not in "iu" or y.shape[0] == 0:
        return None
    low, high = int(y.min()), int(y.max())
    if high - low > 4 * y.shape[0] + 1024:
        return None
    present = np.zeros(high - low + 1, dtype=bool)
    present[y - low] = True
    return (np.flatnonzero(present) + low).astype(y.dtype)


def n_distinct_labels(y):
    """Number of distinct values in ``y``; cheap for plain numeric binary labels."""
    plain = plain_numeric_1d(y)
    if plain is not None:
        classes = binary_classes(plain)
        if classes is not None:
            return classes.shape[0]
    return np.unique(np.asarray(y)).shape[0]


def resolve_pos_label(pos_label, y_true, classes=None):
    """Infer ``pos_label`` when None, with scikit-learn's rule and message."""
    if pos_label is not None:
        return pos_label
    if classes is None:
        return check_pos_label_consistency(None, y_true)
    if classes.tolist() not in _IMPLICIT_POS_LABEL_SETS:
        classes_repr = ", ".join(repr(c) for c in classes.tolist())
        raise ValueError(
            f"y_true takes value in {{{classes_repr}}} and pos_label is not "
            "specified: either make y_true take value in {0, 1} or "
            "{-1, 1} or pass pos_label explicitly."
        )
    return 1


def binary_labels(y_true, pos_label=None):
    """The label checks of :func:`check_binary_input`: each row's class (True for
    ``pos_label``), every row kept."""
    y_type, classes = target_type(y_true)
    if not (y_type == "binary" or (y_type == "multiclass" and pos_label is not None)):
        raise ValueError(f"{y_type} format is not supported")
    if np.shape(y_true)[:1] == (0,):
        # (scikit-learn fails here by accident, with a broadcasting error.)
        raise ValueError("y_true holds no samples: at least one is needed.")
    pos_label = resolve_pos_label(pos_label, y_true, classes)
    return np.asarray(y_true) == pos_label


def chunk_classes(y, pos_label):
    """One chunk's distinct labels, for the check of all chunks together.

    None when ``pos_label`` is given (then any labels are accepted, one against the
    rest, as the in-memory functions do). Without it the union over all chunks must be
    {0, 1} or {-1, 1}, which :func:`check_class_union` verifies; a chunk may hold one
    class only.
    """
    if pos_label is not None:
        return None
    y = np.asarray(y).ravel()
    if y.shape[0] == 0:
        return y
    plain = plain_numeric_1d(y)
    classes = None if plain is None else binary_classes(plain)  # min/max: no sort
    if classes is None:
        y_type, _ = target_type(y)
        classes = np.unique(y)
        if y_type != "binary":  # (the rules' words, naming the labels)
            check_label_set(set(_canonical(classes)), final=False)
            raise ValueError(f"{y_type} format is not supported")
    return classes


def union_classes(a, b):
    """The union of two chunks' classes (None stands for "pos_label given")."""
    if a is None or b is None:
        return None
    if a.shape[0] == 0 or b.shape[0] == 0:  # keep the labels' own dtype
        return b if a.shape[0] == 0 else a
    return np.union1d(a, b)


def check_class_union(classes):
    """The in-memory functions' errors for the labels of all chunks together (None:
    ``pos_label`` was given, and any two labels do)."""
    if classes is None or classes.shape[0] == 0:
        return
    if classes.shape[0] > 2:
        check_label_set(set(_canonical(classes)), final=False)
    resolve_pos_label(None, classes, classes)


def _canonical(classes):
    """Labels as :func:`check_label_set` takes them: numbers as floats, text as text."""
    return [v if isinstance(v, str) else float(v) for v in np.asarray(classes).tolist()]


def label_kind(y):
    """"text" or "numbers" for a chunk of labels (booleans count as numbers); None if empty."""
    y = np.asarray(y)
    if y.size == 0:
        return None
    if y.dtype.kind in "US":
        return "text"
    if y.dtype.kind == "O":
        return "text" if any(isinstance(v, (str, bytes)) for v in y.ravel().tolist()) else "numbers"
    return "numbers"


def check_label_kind(y, pos_label, earlier_kind=None):
    """The kind of a chunk's labels, refused where it can never match.

    Text labels never equal a numeric ``pos_label`` (nor numbers a text one), and a
    stream whose chunks switch between text and numbers would silently count every
    row of some chunks as negative: both are errors. Returns the stream's kind.
    """
    kind = label_kind(y)
    if kind is None:
        return earlier_kind
    if earlier_kind is not None and kind != earlier_kind:
        raise ValueError(
            f"This chunk's labels are {kind} but earlier chunks' were {earlier_kind}: "
            "every chunk must encode the labels the same way."
        )
    if pos_label is not None:
        wanted = "text" if isinstance(pos_label, (str, bytes)) else "numbers"
        if kind != wanted:
            raise ValueError(
                f"pos_label={pos_label!r} is a {'string' if wanted == 'text' else 'number'} "
                f"but the labels are {kind}: no label can equal it."
            )
    return kind


def plain_numeric_1d(y):
    """Return ``y`` as a non-empty 1-D numeric ndarray, or None for anything else.

    Pandas Series with a NumPy dtype qualify; lists, strings, objects, pandas extension
    dtypes and 2-D inputs do not (they take scikit-learn's own, slower route).
    """
    dtype = getattr(y, "dtype", None)
    if not isinstance(dtype, np.dtype) or dtype.kind not in "biuf":
        return None
    if getattr(y, "ndim", None) != 1 or len(y) == 0:
        return None
    return np.asarray(y)


def shown(labels):
    """The distinct labels as a message lists them (sorted, at most 6)."""
    values = sorted(labels, key=lambda v: (isinstance(v, str), v))
    text = ", ".join(repr(v) if isinstance(v, str) else f"{v:g}" for v in values[:6])
    return text + (", ..." if len(values) > 6 else "")


def single_class_error(what="y_true", labels=None):
    """The error for labels of one class where a curve needs both."""
    held = "" if labels is None else f" ({shown(labels)})"
    return ValueError(f"Only one class is present in {what}{held}: this needs both "
                      "positives and negatives.")


def check_label_set(labels, pos_label=None, *, what="y_true", pos="pos_label",
                    given=None, final=True, both=True):
    """The binary-label rules on the distinct labels a front has seen (``labels``: a
    set of numbers, as floats, or of text; all of them when ``final``), in the words
    scikit-learn gives where it has some, ``what`` naming the labels, ``pos`` the
    positive label's option and ``given`` the value given for it (default
    ``pos=value``) as the front names them (``pos`` None: the front takes no
    positive label); ``both``: the labels seen must hold both
    classes (when ``final``). Raises ValueError."""
    given = f"{pos}={pos_label!r}" if given is None else given
    numbers = [v for v in labels if not isinstance(v, str)]
    if numbers and len(numbers) < len(labels):
        raise ValueError(f"{what} mixes numbers and text ({shown(labels)})")
    if any(v != int(v) for v in numbers):
        raise ValueError(f"{what} holds values that are not whole numbers ({shown(labels)}): "
                         "continuous format is not supported")
    if len(labels) > 2:
        raise ValueError(f"{what} holds more than two classes ({shown(labels)}): multiclass "
                         "format is not supported")
    if pos_label is not None and labels and isinstance(pos_label, str) != (not numbers):
        wanted = "a string" if isinstance(pos_label, str) else "a number"
        raise ValueError(f"{given} is {wanted} but the labels are "
                         f"{'numbers' if numbers else 'text'}: no label can equal it.")
    implicit = set(labels) <= {0.0, 1.0} or set(labels) <= {-1.0, 1.0}
    if pos_label is None and labels and not implicit and (final or not numbers):
        if pos is None:  # (a front without a positive label to name)
            raise ValueError(f"{what} takes value in {{{shown(labels)}}}: it must take "
                             "value in {0, 1} or {-1, 1} (or be booleans).")
        raise ValueError(
            f"{what} takes value in {{{shown(labels)}}} and {pos} is not specified: either "
            f"make {what} take value in {{0, 1}} or {{-1, 1}} or pass {pos} explicitly.")
    if final and pos_label is not None and labels and pos_label not in labels:
        raise ValueError(f"{given} is not a value of {what} ({shown(labels)})")
    if final and both and len(labels) < 2:
        raise single_class_error(what, labels if labels else None)


def label_problems(y_true, y_score, classes=None):
    """The one-vs-rest binary problems of multiclass or multilabel input: ``(names,
    positives, scores)``, ``positives`` a boolean (n_samples, K) matrix and ``scores``
    the (n_samples, K) scores, column ``k`` the problem of ``names[k]``.

    Multilabel: ``y_true`` a 0/1 (or boolean) indicator matrix of the scores' shape,
    the labels named ``classes`` or 0..K-1. Multiclass: ``y_true`` one label per row,
    the classes sorted (or ``classes``, one per score column, holding every label),
    each score column that class's. A ValueError names what does not fit."""
    scores = np.asarray(y_score)
    truth = np.asarray(y_true)
    if scores.ndim != 2 or scores.shape[1] < 2 or scores.shape[0] != truth.shape[0]:
        raise ValueError(
            "y_score must hold one column per class or label, (n_samples, n_classes) "
            f"with n_classes >= 2 and one row per label; got shape {scores.shape} for "
            f"y_true of shape {truth.shape}.")
    if truth.ndim == 2:
        if truth.shape != scores.shape or not np.isin(truth, (0, 1)).all():
            raise ValueError(
                "A 2-D y_true is a multilabel indicator matrix: 0/1 values of y_score's "
                f"shape {scores.shape}; got shape {truth.shape}"
                + ("" if truth.shape != scores.shape else " with other values") + ".")
        return _named(classes, scores.shape[1]), truth.astype(bool), scores
    if truth.ndim != 1:
        raise ValueError(f"y_true must be 1-D (multiclass) or 2-D (multilabel); got "
                         f"shape {truth.shape}.")
    present = np.unique(truth)
    names = present if classes is None else np.asarray(classes)
    if names.shape[0] != scores.shape[1] or not np.isin(present, names).all():
        raise ValueError(
            f"y_score has {scores.shape[1]} columns, one per class, but the classes are "
            f"{shown(names.tolist())}" + ("" if classes is None else
                                          f" and y_true holds {shown(present.tolist())}")
            + ": give classes= naming each column, in order.")
    return names.tolist(), truth[:, None] == names[None, :], scores


def _named(classes, n_labels):
    if classes is None:
        return list(range(n_labels))
    names = list(classes)
    if len(names) != n_labels or len(set(names)) != n_labels:
        raise ValueError(f"classes must name each of the {n_labels} labels once; got "
                         f"{names!r}.")
    return names


def in_problem(kind, name, call, *arguments):
    """``call(*arguments)`` for one binary problem of several (a ``kind`` "class",
    "label" or "segment" named ``name``), its input errors naming it."""
    try:
        return call(*arguments)
    except ValueError as error:
        raise ValueError(f"{kind} {name!r}: {error}") from None


def per_label_values(value, n_labels, name="prevalence"):
    """One ``value`` (or None) per label: a number for every label, or one each."""
    if value is None or np.ndim(value) == 0:
        return [value] * n_labels
    values = np.asarray(value, dtype=np.float64)
    if values.shape != (n_labels,) or not ((values > 0) & (values < 1)).all():
        raise ValueError(f"{name} must be one share in (0, 1), or one per label "
                         f"({n_labels}); got {value!r}.")
    return values.tolist()
