"""The binary-label rules are stated once (``_base._labels``): the same bad labels get
the same words from every front that sees labels in pieces (the report's batches,
Dask's chunks, Spark's aggregates, torch's batches), each naming the labels as it does
(``label column 'y'``, ``y_true``, ``target``)."""

import shutil

import numpy as np
import pytest

import sklearn_prcurves as spc
from sklearn_prcurves._base._labels import check_label_set

S = np.array([0.1, 0.4, 0.35, 0.8, 0.6, 0.2])
# labels, and the sentence every front says of them (``{what}`` the labels' name)
BAD = {
    "three classes": (np.array([0, 1, 2, 0, 1, 2]),
                      "{what} holds more than two classes (0, 1, 2): multiclass format is "
                      "not supported"),
    "fractions": (np.array([0, 0.5, 1, 0, 1, 1]),
                  "{what} holds values that are not whole numbers (0, 0.5, 1): continuous "
                  "format is not supported"),
    "one class": (np.zeros(6, dtype=int), "Only one class is present in {what}"),
    "text without pos_label": (np.array(["a", "b"] * 3),
                               "{what} takes value in {{'a', 'b'}} and pos_label is not "
                               "specified"),
    "1 and 2 without pos_label": (np.array([1, 2] * 3),
                                  "{what} takes value in {{1, 2}} and pos_label is not "
                                  "specified"),
}


def _message(call):
    with pytest.raises(ValueError) as error:
        call()
    return str(error.value)


def _report(y):
    return spc.report(y, {"a": S}, intervals=False).to_dict()


def _dask(y):
    da = pytest.importorskip("dask.array")
    import sklearn_prcurves.dask as spd

    return spd.exact_summary(da.from_array(y, chunks=3), da.from_array(S, chunks=3)).roc_auc()


FRONTS = {"report": (_report, "label column 'y_true'"), "dask": (_dask, "y_true")}


@pytest.mark.parametrize("front", sorted(FRONTS))
@pytest.mark.parametrize("case", sorted(BAD))
def test_every_front_says_the_same_of_the_same_bad_labels(front, case):
    y, sentence = BAD[case]
    call, what = FRONTS[front]
    if front == "report":
        pytest.importorskip("pyarrow")
    assert sentence.format(what=what) in _message(lambda: call(y)), (front, case)


def test_the_spark_front_says_it_too():
    pytest.importorskip("pyspark")
    if shutil.which("java") is None:
        pytest.skip("Spark needs a Java runtime")
    from pyspark.sql import SparkSession

    import sklearn_prcurves.spark as sps

    spark = SparkSession.builder.master("local[1]").getOrCreate()
    for case in ("three classes", "one class", "1 and 2 without pos_label"):
        y, sentence = BAD[case]
        frame = spark.createDataFrame([(int(a), float(b)) for a, b in zip(y, S)], ["y", "s"])
        message = _message(lambda: sps.roc_auc_score("y", "s", data=frame))
        assert sentence.format(what="y_true") in message, case


def test_the_torch_front_says_it_too():
    torch = pytest.importorskip("torch")
    pytest.importorskip("torchmetrics")
    from sklearn_prcurves import torchmetrics as sptm

    for case in ("three classes", "fractions"):
        y, sentence = BAD[case]
        metric = sptm.BinaryAUROC()
        message = _message(lambda: metric.update(torch.tensor(S), torch.tensor(y)))
        assert sentence.format(what="target") in message, case
    message = _message(lambda: sptm.BinaryAUROC().update(torch.tensor(S),
                                                         torch.tensor([1, 2] * 3)))
    assert "target takes value in {1, 2}: it must take value in {0, 1} or {-1, 1}" in message


@pytest.mark.parametrize("labels, pos_label, words", [
    ({0.0, 1.0, 2.0}, None, "more than two classes"),
    ({0.0, 1.0}, "yes", "pos_label='yes' is a string but the labels are numbers"),
    ({"a", "b"}, "c", "pos_label='c' is not a value of y_true ('a', 'b')"),
    ({1.0, "a"}, None, "y_true mixes numbers and text"),
    ({0.0}, None, "Only one class is present in y_true (0)"),
])
def test_the_rules_themselves(labels, pos_label, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        check_label_set(labels, pos_label)
    check_label_set({0.0, 1.0})  # (binary labels pass)
    check_label_set({-1.0, 1.0})
    check_label_set({"a", "b"}, "a")


_MATRICES = [np.array([[0, 1], [1, 0]]), np.array([[3, 7], [7, 7]]), np.ones((4, 3)),
             np.array([[0.0, 1.0], [1.0, np.nan]]), np.array([[0.0, 0.5], [1.0, 1.0]]),
             np.array([[0, 1, 2], [1, 0, 0]]), np.array([[True, False], [False, False]]),
             np.zeros((3, 1)), np.zeros((0, 2)), np.array([[1.0, 2.0], [2.0, 1.0]]),
             np.asfortranarray(np.eye(5, dtype=np.uint8))[:, ::2]]


@pytest.mark.parametrize("y", _MATRICES, ids=range(len(_MATRICES)))
def test_the_fast_label_type_of_a_matrix_is_scikit_learns(y):
    # A matrix's type is read without sorting it: it must say what type_of_target says.
    from sklearn.utils.multiclass import type_of_target

    from sklearn_prcurves._base._labels import target_type

    try:
        expected = type_of_target(y)
    except ValueError as error:
        with pytest.raises(ValueError, match=str(error)):
            target_type(y, input_name="")
        return
    assert target_type(y, input_name="")[0] == expected
