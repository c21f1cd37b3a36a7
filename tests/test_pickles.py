"""Objects pickled by an earlier layout of the package (tests/data/pickles, written at
the commit before the modules moved into their folders) still load, and are what the
same calls give now."""

import pickle
import sys
from pathlib import Path

import numpy as np
import pytest

FOLDER = Path(__file__).resolve().parent / "data" / "pickles"
sys.path.insert(0, str(FOLDER))
from make_pickles import objects  # noqa: E402

if int(np.__version__.split(".")[0]) < 2:
    pytest.skip("the pickles were written by NumPy 2", allow_module_level=True)


@pytest.mark.parametrize("name", sorted(p.stem for p in FOLDER.glob("*.pkl")))
def test_an_object_pickled_before_the_move_loads(name):
    loaded = pickle.loads((FOLDER / f"{name}.pkl").read_bytes())
    fresh = objects()[name]
    assert type(loaded).__name__ == type(fresh).__name__
    if hasattr(fresh, "roc_auc"):  # (summaries)
        assert loaded.roc_auc() == fresh.roc_auc()
    elif hasattr(fresh, "tps"):  # (a CountTable)
        np.testing.assert_array_equal(loaded.tps, fresh.tps)
        np.testing.assert_array_equal(loaded.thresholds, fresh.thresholds)
    elif hasattr(fresh, "predict_proba"):
        X = np.column_stack([np.linspace(-2, 3, 50), np.zeros(50)])
        np.testing.assert_array_equal(loaded.predict(X), fresh.predict(X))
    elif hasattr(fresh, "transform"):
        column = np.linspace(-2, 3, 50).reshape(-1, 1)
        np.testing.assert_array_equal(loaded.transform(column), fresh.transform(column))
    elif callable(fresh):  # (scorers)
        assert repr(loaded) == repr(fresh)
    else:
        assert repr(loaded) == repr(fresh)
