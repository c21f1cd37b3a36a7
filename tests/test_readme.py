"""The README's set-up commands are the ones CI runs, and its examples are true."""

import importlib.util
import shutil
from pathlib import Path

import sklearn_prcurves as spc

ROOT = Path(__file__).resolve().parents[1]


def test_ci_runs_the_readme_test_command():
    ci_lines = [
        line.strip()
        for line in (ROOT / ".ci" / "run").read_text().splitlines()
        if 'pip install ".[test]"' in line and not line.lstrip().startswith("#")
    ]
    assert len(ci_lines) == 1
    readme = (ROOT / "README.md").read_text()
    assert ci_lines[0] in readme.splitlines()


def test_quick_start_values():
    y_true = [0, 0, 1, 1]
    y_score = [0.1, 0.4, 0.35, 0.8]
    assert spc.roc_auc_score(y_true, y_score) == 0.75
    assert abs(spc.average_precision_score(y_true, y_score) - 5 / 6) < 1e-15


def test_the_tied_example_overstates_as_the_readme_says():
    from sklearn.metrics import auc, precision_recall_curve

    y = [1] * 3 + [0] * 7 + [1] * 2 + [0] * 88
    flagged = [1] * 10 + [0] * 90
    precision, recall, _ = precision_recall_curve(y, flagged)
    readme = (ROOT / "README.md").read_text()
    for value, shown in ((auc(recall, precision), "0.46"),
                         (spc.pr_auc_score(y, flagged), "0.2295"),
                         (spc.average_precision_score(y, flagged), "0.2")):
        assert f"{value:.{len(shown) - 2}f}" == shown and f"# {shown}:" in readme


def test_readme_python_blocks_run():
    readme = (ROOT / "README.md").read_text()
    blocks = [block.split("```", 1)[0] for block in readme.split("```python\n")[1:]]
    # Blocks reading the user's own files are shown, not run.
    blocks = [block for block in blocks if "read_parquet(" not in block]
    if shutil.which("java") is None or importlib.util.find_spec("pyspark") is None:
        # the Spark block needs a Java runtime and the [spark] extra
        blocks = [block for block in blocks if "SparkSession" not in block]
    assert len(blocks) >= 3
    namespace = {}
    for block in blocks:
        exec(compile(block, "README.md", "exec"), namespace)  # noqa: S102 - our own README
    assert namespace["pr_auc_score"] is spc.pr_auc_score


def test_the_readme_is_a_page_for_users():
    """At most 200 lines, the set-up first; internals live on the developer page."""
    readme = (ROOT / "README.md").read_text().splitlines()
    assert len(readme) <= 200
    assert [line for line in readme if line.startswith("## ")][:2] == [
        "## When it matters", "## Set up on a fresh machine"]
