"""The public reference cases (PRROC, the authors' AUCCalculator, scikit-learn)."""

import json
from pathlib import Path

import numpy as np

CASES = json.loads((Path(__file__).parent / "data" / "public_cases.json").read_text())


def case_data(case):
    """``(y, scores)`` of a case given as lists or as counts per ``"score|label"``."""
    if "y" in case:
        return np.array(case["y"]), np.array(case["score"], dtype=float)
    y, scores = [], []
    for key, count in sorted(case["counts"].items()):
        score, label = key.split("|")
        y += [int(label)] * count
        scores += [float(score)] * count
    return np.array(y), np.array(scores)
