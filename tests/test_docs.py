"""The documentation site builds without a single warning."""

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
pytest.importorskip("numpydoc")
pytest.importorskip("matplotlib")

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_sphinx_builds_with_warnings_as_errors(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         "-d", str(tmp_path / "doctrees"), str(DOCS), str(tmp_path / "html")],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    for page in ("index.html", "user_guide.html", "api.html", "examples.html"):
        assert (tmp_path / "html" / page).exists()
    api = (tmp_path / "html" / "generated" / "sklearn_prcurves.pr_auc_score.html").read_text()
    assert "Davis" in api  # the API reference comes from the docstrings
    assert (tmp_path / "html" / "_images" / "straight_lines.png").exists()
