"""Our ``validate_params``: scikit-learn's behaviour (errors, nested skipping, the
configuration restored) with its per-call set-up done once and common values accepted
by type before the constraint objects."""

import os
import subprocess
import sys
import threading
from numbers import Real

import numpy as np
import pytest
import sklearn.metrics as skm
from sklearn import config_context, get_config
from sklearn.utils._param_validation import InvalidParameterError, StrOptions

import sklearn_prcurves as spc
from sklearn_prcurves._base._compat import validate_params

Y, S = np.array([0, 1, 1, 0, 1]), np.array([0.1, 0.8, 0.4, 0.35, 0.9])


@validate_params(
    {"y": ["array-like"], "level": [Real, None], "mode": [StrOptions({"a", "b"})],
     "flag": ["boolean"]},
    prefer_skip_nested_validation=True,
)
def _probe(y, level=None, *, mode="a", flag=False):
    return get_config()["skip_parameter_validation"], level, mode, flag


def test_inner_call_skips_validation_and_config_is_restored():
    assert _probe([1]) == (True, None, "a", False)
    assert get_config()["skip_parameter_validation"] is False


def test_config_restored_when_the_function_raises():
    with pytest.raises(ValueError):
        spc.roc_auc_score([0, 1], [0.1, np.nan])  # NaN score
    assert get_config()["skip_parameter_validation"] is False


def test_global_skip_is_left_alone():
    with config_context(skip_parameter_validation=True):
        assert _probe([1], mode="not an option")[2] == "not an option"
        assert get_config()["skip_parameter_validation"] is True
    assert get_config()["skip_parameter_validation"] is False


@pytest.mark.parametrize("kwargs", [
    {"level": "high"}, {"level": [0.5]}, {"mode": "c"}, {"mode": 1}, {"flag": "yes"},
    {"flag": 1}, {"y": 3},
])
def test_values_outside_the_constraints_get_sklearn_errors(kwargs):
    args = {"y": [1], **kwargs}
    with pytest.raises(InvalidParameterError, match="parameter of _probe must be"):
        _probe(args.pop("y"), **args)


@pytest.mark.parametrize("kwargs", [
    {"level": 0.5}, {"level": 2}, {"level": np.float64(0.5)}, {"level": np.int32(3)},
    {"level": True}, {"flag": np.bool_(True)}, {"y": (1, 2)}, {"y": np.arange(3)},
])
def test_values_inside_the_constraints_pass(kwargs):
    args = {"y": [1], **kwargs}
    _probe(args.pop("y"), **args)


def test_binding_errors_are_pythons():
    with pytest.raises(TypeError, match="unexpected keyword|got an unexpected"):
        _probe([1], colour="red")
    with pytest.raises(TypeError, match="positional"):
        _probe([1], 0.5, "a")
    with pytest.raises(TypeError, match="multiple values"):
        _probe([1], 0.5, level=0.5)
    with pytest.raises(TypeError, match="missing"):
        _probe()


@pytest.mark.parametrize("name,kwargs", [
    ("roc_curve", {"drop_intermediate": "no"}),
    ("precision_recall_curve", {"pos_label": [1]}),
    ("average_precision_score", {"average": "mean"}),
    ("roc_auc_score", {"max_fpr": "half"}),
    ("det_curve", {"sample_weight": 5}),
])
def test_drop_in_errors_are_sklearns(name, kwargs):
    with pytest.raises(InvalidParameterError) as theirs:
        getattr(skm, name)(Y, S, **kwargs)
    with pytest.raises(InvalidParameterError) as ours:
        getattr(spc, name)(Y, S, **kwargs)
    assert str(ours.value) == str(theirs.value)


_MESSAGES = """
import sklearn.metrics as skm, sklearn_prcurves as spc
def message(f, **kwargs):
    try:
        f([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], **kwargs)
    except Exception as exc:
        return str(exc)
for name, kwargs in [("average_precision_score", {"average": "mean"}),
                     ("roc_auc_score", {"average": "mean"}),
                     ("roc_auc_score", {"multi_class": "x"})]:
    assert message(getattr(spc, name), **kwargs) == message(getattr(skm, name), **kwargs)
"""


@pytest.mark.parametrize("seed", ["8", "11"])
def test_drop_in_errors_list_options_in_sklearns_order_under_any_hash_seed(seed):
    # A set of options prints in an order set by the hash seed under which its module
    # was compiled; under these seeds a set of our own listed them differently.
    env = {**os.environ, "PYTHONHASHSEED": seed}
    out = subprocess.run([sys.executable, "-c", _MESSAGES], env=env, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stderr


def test_threads_keep_their_own_configuration():
    seen = []

    def work():
        for _ in range(200):
            spc.roc_auc_score(Y, S)
            seen.append(get_config()["skip_parameter_validation"])

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [False] * 800


def test_the_version_read_without_importing_scikit_learn_is_its_own():
    import sklearn

    from sklearn_prcurves._base import _compat

    assert _compat.SKLEARN_VERSION_STRING == sklearn.__version__
    assert _compat.SKLEARN_VERSION == tuple(int(p) for p in sklearn.__version__.split(".")[:2])


def test_constraints_named_at_import_are_scikit_learns_when_built():
    from sklearn.utils._param_validation import Interval as SklearnInterval

    from sklearn_prcurves._base import _compat
    from sklearn_prcurves._selection._transformer import AchievablePRClassifier

    table = _compat.built_constraints({
        "level": [_compat.Interval(Real, 0, 1, closed="both"), None],
        "mode": [_compat.StrOptions({"a"}), StrOptions({"b"})], "x": "no_validation"})
    assert isinstance(table["level"][0], SklearnInterval) and table["level"][1] is None
    assert [type(c) for c in table["mode"]] == [StrOptions, StrOptions]
    assert table["x"] == "no_validation"
    # (scikit-learn's estimator checks read the estimator's table directly.)
    threshold = AchievablePRClassifier._parameter_constraints["threshold"]
    assert [type(c).__name__ for c in threshold[:2]] == ["Interval", "StrOptions"]
    assert threshold[2:] == [dict]  # (a constraint of certified_threshold)


def test_a_mirrored_constraint_is_scikit_learns_even_where_its_name_points_at_ours(
        monkeypatch):
    # A user may bind our drop-ins under scikit-learn's names before the first call
    # builds the constraints: the options' order in messages must still be its own.
    from sklearn_prcurves._base import _compat

    theirs = skm.roc_auc_score._skl_parameter_constraints["multi_class"]
    monkeypatch.setattr(skm, "roc_auc_score", spc.roc_auc_score)
    assert _compat.sklearn_constraint("roc_auc_score", "multi_class", []).built() is theirs


def test_the_drop_ins_carry_their_constraints_from_import_in_a_fresh_process():
    """scikit-learn's test_public_functions reads ``_skl_parameter_constraints`` of
    functions it has not called: there from import, built on first reading (importing
    scikit-learn then, not at import), equal to the table the first call checks."""
    code = ("import sys\nimport sklearn_prcurves as spc\n"
            "names = ['roc_auc_score', 'average_precision_score', 'precision_recall_curve',"
            " 'roc_curve', 'det_curve', 'auc', 'confusion_matrix_at_thresholds']\n"
            "tables = [getattr(spc, n)._skl_parameter_constraints for n in names]\n"
            "assert 'sklearn' not in sys.modules\n"
            "print(sorted(tables[0]))\n"
            "import inspect\nimport sklearn.metrics as skm\n"
            "def said(c):\n"
            "    return f'Hidden({said(c.constraint)})' if hasattr(c, 'constraint') else str(c)\n"
            "for name, table in zip(names, tables):\n"
            "    ours = {k: [said(c) for c in v] for k, v in table.items()}\n"
            "    if not hasattr(skm, name):  # (confusion_matrix_at_thresholds before 1.8)\n"
            "        continue\n"
            "    theirs = getattr(skm, name)._skl_parameter_constraints\n"
            "    theirs = {k: [said(c) for c in v] for k, v in theirs.items()}\n"
            "    # (ours may take a parameter the release lacks, e.g. det_curve's\n"
            "    # drop_intermediate on 1.6: then it is in our signature too)\n"
            "    signature = set(inspect.signature(getattr(spc, name)).parameters)\n"
            "    assert set(ours) == signature, name\n"
            "    assert {k: ours[k] for k in theirs} == theirs, name\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == repr(sorted(
        skm.roc_auc_score._skl_parameter_constraints)), result.stdout


def test_a_drop_in_validates_as_scikit_learn_on_its_first_call_in_a_fresh_process():
    code = ("import sklearn_prcurves as spc, sys\n"
            "assert 'sklearn' not in sys.modules\n"
            "try:\n    spc.roc_auc_score([0, 1], [0.2, 0.4], max_fpr='half')\n"
            "except Exception as exc:\n    print(type(exc).__name__, exc)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120)
    with pytest.raises(InvalidParameterError) as theirs:
        skm.roc_auc_score([0, 1], [0.2, 0.4], max_fpr="half")
    assert result.stdout.strip() == f"InvalidParameterError {theirs.value}", result.stderr
