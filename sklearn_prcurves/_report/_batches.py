"""From the report's columnar batches to NumPy arrays.

Each batch of a label column, score columns and a weight column becomes booleans,
float64 scores and float64 weights (:class:`BatchConverter`), with the library's label
rules applied across batches and the file, row and column of any bad value named.
"""

import math
import re

import numpy as np

from .._base._labels import check_label_set
from .._base._messages import InputError, option
from .._base._validation import LARGEST_TOTAL

__all__ = ["BatchConverter", "ExactIntegersNeeded", "not_a_number_hint", "parses_as_float"]



_TRUE_TEXT, _FALSE_TEXT = {"true"}, {"false"}


# More distinct label values than this in one batch cannot be two classes, even
# spelt several ways ("1", "1.0", "1e0").
_MAX_LABEL_SPELLINGS = 64


def not_a_number_hint(cell, name, what="score"):
    """What a cell of a ``what`` ("score" or "weight") column that is not a number may
    be: a decimal comma, a percentage, a row of class probabilities (a score's), or
    the header again (files joined with their headers)."""
    if re.fullmatch(r"\s*[+-]?\d{1,3}(?:,\d{3})+\s*", cell):
        return (" (a thousands separator, or a decimal comma? the report reads plain "
                "numbers with decimal points: convert the file first, e.g. with "
                "pandas.read_csv(..., thousands=',') or decimal=',')")
    if re.fullmatch(r"\s*[+-]?\d*,\d+(?:[eE][+-]?\d+)?\s*", cell):
        return (" (a decimal comma? the report reads decimal points only: convert the "
                "file first, e.g. with pandas.read_csv(..., decimal=','))")
    if re.fullmatch(r"\s*[+-]?(?:\d+\.?\d*|\.\d+)\s*%\s*", cell):
        return " (a percentage? write the scores as plain numbers)"
    if cell.lstrip()[:1] in ("[", "{") and what != "score":
        return f" (a list? a {what} is one number per row)"
    if cell.lstrip()[:1] in ("[", "{"):
        return (" (a list of class probabilities? a score is one number: the positive "
                "class's, as predict_proba(X)[:, 1] or Spark ML's "
                "vector_to_array('probability')[1])")
    if cell.strip() == name.strip():
        return " (the header again: were files joined with their headers?)"
    return ""


def _canonical(value):
    """A label as the library compares it: numbers (and booleans) as floats, text as text.

    Text that reads as a number is that number ("1", "1.0" and "1e0" are one label, as
    a CSV file cannot say which was meant); "true"/"false" are booleans.
    """
    if isinstance(value, (bool, np.bool_)):
        return float(value)
    if isinstance(value, (int, float, np.integer, np.floating)):
        return float(value)
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    text = str(value).strip()
    lowered = text.lower()
    if lowered in _TRUE_TEXT:
        return 1.0
    if lowered in _FALSE_TEXT:
        return 0.0
    try:
        number = float(text)
    except ValueError:
        return text
    return number if math.isfinite(number) else text


def _text_integers(column):
    """A text column of whole numbers as exact integers (int64, uint64 past 2**63, or
    Python integers where the batch spans both), else None."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if column.null_count:
        return None
    for dtype in (pa.int64(), pa.uint64()):
        try:
            return pc.cast(column, dtype).to_numpy(zero_copy_only=False)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
            pass
    if not pc.all(pc.match_substring_regex(column, r"^\s*[-+]?[0-9]+\s*$")).as_py():
        return None
    out = np.empty(len(column), dtype=object)
    out[:] = [int(text) for text in column.to_pylist()]
    return out


class ExactIntegersNeeded(Exception):
    """A CSV score column holds whole numbers that float64 may have rounded: the
    report starts again with the column read as text (:attr:`Source.exact_columns`)."""

    def __init__(self, column):
        super().__init__(column)
        self.column = column


# How to drop rows with a missing score, said where one is refused.
_DROP_HINT = f" (pass {option('drop_missing', True)} to drop such rows)"


class BatchConverter:
    """Turns each batch into ``(is_pos, {score: float64}, weight or None)``.

    Holds what must agree across batches: the set of labels (two classes in all, of
    one kind, including ``pos_label``) and the counts of rows read and dropped.
    """

    def __init__(self, source, label, scores, weight=None, pos_label=None, drop_missing=False):
        self.source = source
        self.label = label
        self.scores = list(scores)
        self.weight = weight
        self.pos_label = None if pos_label is None else _canonical(pos_label)
        self.pos_label_text = pos_label
        self.drop_missing = drop_missing
        self.labels = set()
        self.rows = 0
        self.dropped = 0
        self.weight_total = 0.0
        self._kept = None

    # rows are counted from 1; messages name the data row (the header is not one)
    def _where(self, first_row, index, column):
        if self._kept is not None:
            index = int(self._kept[index])  # the row's place before dropping
        return f"{self.source.display} row {first_row + index}, column {column!r}"

    def convert(self, first_row, arrays):
        import pyarrow as pa
        import pyarrow.compute as pc

        n = len(arrays[self.label])
        self.rows += n
        self._kept = None
        self._refuse_nested(arrays)
        if self.drop_missing:
            missing = None
            for name in self.scores + ([self.weight] if self.weight else []):
                flag = pc.is_null(arrays[name], nan_is_null=True)
                missing = flag if missing is None else pc.or_(missing, flag)
            if pc.any(missing).as_py():
                keep = np.logical_not(missing.to_numpy(zero_copy_only=False))
                self.dropped += int(n - np.count_nonzero(keep))
                self._kept = np.flatnonzero(keep)
                arrays = {name: column.filter(pa.array(keep)) for name, column in arrays.items()}
        is_pos = self._positives(first_row, arrays[self.label])
        scores = {name: self._numbers(first_row, arrays[name], name, "score")
                  for name in self.scores}
        weight = None
        if self.weight:
            weight = self._numbers(first_row, arrays[self.weight], self.weight, "weight")
        if weight is not None:
            negative = weight < 0
            if negative.any():
                index = int(np.argmax(negative))
                raise InputError(
                    f"{self._where(first_row, index, self.weight)}: weight "
                    f"{float(weight[index])!r} is negative"
                )
            with np.errstate(over="ignore"):
                total = float(np.sum(weight)) if weight.size else 0.0
            self._add_weight(total)
        return is_pos, scores, weight, arrays

    def _refuse_nested(self, arrays):
        """Lists, structs and maps are no label, score, weight or segment: one line
        naming the column and its type (pyarrow's kernels would fail deep inside)."""
        import pyarrow as pa

        for name, column in arrays.items():
            kind = column.type
            if pa.types.is_dictionary(kind):
                kind = kind.value_type
            # (pyarrow before 15 leaves fixed-size lists out of is_nested)
            if pa.types.is_nested(kind) or pa.types.is_fixed_size_list(kind):
                what = ("score" if name in self.scores else
                        "weight" if name == self.weight else None)
                hint = (not_a_number_hint("[", name, what) if what else
                        ": a label or segment column must hold numbers, text or booleans")
                raise InputError(f"column {name!r} of {self.source.display} holds nested "
                                 f"values ({kind}){hint}")

    def _add_weight(self, total):
        """The weights read so far, refused (one line, naming the column) where a
        running sum of them could overflow float64."""
        with np.errstate(over="ignore"):
            self.weight_total += total
        if not self.weight_total <= LARGEST_TOTAL:
            raise InputError(
                f"{self.source.display}: the weights in column {self.weight!r} sum past "
                f"{LARGEST_TOTAL:.3g}, where the report's running sums would overflow; "
                "divide them by a common factor (the rates and areas do not change)")

    def absorb(self, other):
        """Take in what a converter of another part of the input saw."""
        self.rows += other.rows
        self.dropped += other.dropped
        if other.weight_total:
            self._add_weight(other.weight_total)
        self._observe(other.labels)

    def again(self):
        """A converter for a second pass over the same input (labels known already)."""
        other = BatchConverter(self.source, self.label, self.scores, self.weight, None,
                               self.drop_missing)
        other.pos_label, other.pos_label_text = self.pos_label, self.pos_label_text
        other.labels = set(self.labels)
        return other

    def _numbers(self, first_row, column, name, what):
        import pyarrow as pa
        import pyarrow.compute as pc

        if what == "score" and pa.types.is_string(column.type):
            # Read as text (ExactIntegersNeeded): integers exactly when the whole batch
            # holds integers; otherwise as floats.
            integers = _text_integers(column)
            if integers is not None:
                return integers
        if what == "score" and pa.types.is_integer(column.type) and not column.null_count:
            values = column.to_numpy(zero_copy_only=False)
            if values.dtype == np.uint64 and values.max() < 2**63:
                values = values.astype(np.int64)
            return values  # integers stay exact (the counting kernel sorts them as such)
        if not pa.types.is_floating(column.type):
            try:
                column = pc.cast(column, pa.float64())
            except Exception:  # noqa: BLE001 - find the offending cell
                values = column.to_pylist()
                for index, value in enumerate(values):
                    if value is not None and not parses_as_float(str(value)):
                        raise InputError(
                            f"{self._where(first_row, index, name)}: {value!r} is not a "
                            f"number{not_a_number_hint(str(value), name, what)}"
                        ) from None
                raise InputError(f"column {name!r} of {self.source.display} is not numeric") \
                    from None
        if column.null_count:
            index = int(np.argmax(column.is_null().to_numpy(zero_copy_only=False)))
            raise InputError(
                f"{self._where(first_row, index, name)}: the {what} is missing"
                + (_DROP_HINT if what == "score" else "")
            )
        values = column.to_numpy(zero_copy_only=False)
        if values.dtype != np.float32:  # float32 scores stay float32: half the table
            values = values.astype(np.float64, copy=False)
        if (what == "score" and self.source.kind == "csv"
                and name not in self.source.exact_columns and values.dtype == np.float64):
            big = np.abs(values) >= 2.0**53
            if big.any() and np.all(values[big] == np.floor(values[big])):
                # Whole numbers past 2**53 as floats may be integers of the file that
                # rounding merged (2**53 + 1 reads as 2**53): read the column again as
                # text.
                raise ExactIntegersNeeded(name)
        with np.errstate(over="ignore", invalid="ignore"):  # (a finite sum proves all finite)
            finite_sum = np.isfinite(values.sum())
        if not finite_sum and not np.all(np.isfinite(values)):
            index = int(np.argmax(~np.isfinite(values)))
            if np.isnan(values[index]):
                raise InputError(
                    f"{self._where(first_row, index, name)}: the {what} is missing (NaN)"
                    + (_DROP_HINT if what == "score" else "")
                )
            raise InputError(
                f"{self._where(first_row, index, name)}: {values[index]!r} is not a finite number"
            )
        return values

    def _positives(self, first_row, column):
        import pyarrow as pa
        import pyarrow.compute as pc

        if column.null_count:
            index = int(np.argmax(column.is_null().to_numpy(zero_copy_only=False)))
            raise InputError(f"{self._where(first_row, index, self.label)}: the label is missing")
        if pa.types.is_dictionary(column.type):
            column = column.dictionary_decode()
        encoded = pc.dictionary_encode(column)
        spellings = encoded.dictionary
        if len(spellings) > _MAX_LABEL_SPELLINGS:
            raise InputError(
                f"label column {self.label!r} holds more than {_MAX_LABEL_SPELLINGS} distinct "
                "values: it is not a binary label"
            )
        values = spellings.to_pylist()
        canonical = []
        for index, value in enumerate(values):
            if isinstance(value, str) and not value.strip():
                row = int(np.argmax(encoded.indices.to_numpy(zero_copy_only=False) == index))
                raise InputError(f"{self._where(first_row, row, self.label)}: the label is empty")
            canonical.append(_canonical(value))
        self._observe(set(canonical))
        wanted = 1.0 if self.pos_label is None else self.pos_label
        lookup = np.array([c == wanted for c in canonical], dtype=bool)
        return lookup[encoded.indices.to_numpy(zero_copy_only=False)]

    def _observe(self, labels):
        labels = self.labels | labels
        self._check(labels, final=False)
        self.labels = labels

    def _check(self, labels, final):
        """The binary-label rules (:func:`~sklearn_prcurves._base._labels.
        check_label_set`) on the labels seen, in the report's words for the column."""
        try:
            check_label_set(labels, self.pos_label, what=f"label column {self.label!r}",
                            pos=option("pos_label"),
                            given=option("pos_label", self.pos_label_text), final=final)
        except ValueError as error:
            raise InputError(str(error)) from None

    def finish(self):
        """Check the labels of the whole input (after the last batch)."""
        if self.rows == 0 or self.rows == self.dropped:
            what = ("no data rows" if self.rows == 0 else
                    f"no rows left after {option('drop_missing', True)}")
            raise InputError(f"{self.source.display} has {what}")
        self._check(self.labels, final=True)


def parses_as_float(text):
    try:
        float(text)
    except ValueError:
        return text.strip().lower() in {"nan", "-nan", "na", "n/a", "null", "#n/a", "inf", "-inf"}
    return True
