"""The documentation site builds without a single warning."""

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
pytest.importorskip("numpydoc")
pytest.importorskip("matplotlib")
pytest.importorskip("sphinx_gallery")
pytest.importorskip("pydata_sphinx_theme")

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_sphinx_builds_with_warnings_as_errors(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         "-d", str(tmp_path / "doctrees"), str(DOCS), str(tmp_path / "html")],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    for page in ("index.html", "install.html", "user_guide.html", "conventions.html",
                 "api.html", "examples.html", "compat.html"):
        assert (tmp_path / "html" / page).exists()
    # The gallery ran: every example has its page, with its printed output and figures.
    examples = sorted(p.stem for p in (DOCS / "gallery").glob("plot_*.py"))
    assert len(examples) >= 6
    for name in examples:
        page = (tmp_path / "html" / "auto_examples" / f"{name}.html").read_text()
        assert "sphx-glr-script-out" in page or "sphx_glr_" in page, name
    figures = list((tmp_path / "html" / "_images").glob("sphx_glr_plot_*"))
    assert len(figures) >= 5
    # Every example draws a figure, so its thumbnail is that figure, not a placeholder.
    for name in examples:
        assert (tmp_path / "html" / "_images" / f"sphx_glr_{name}_001.png").exists(), name
    # The gallery's thumbnails are legible: examples whose figure is a wide composite
    # (two panels, a report's page) point to one panel of it instead.
    gallery = (tmp_path / "html" / "auto_examples" / "index.html").read_text()
    for name in ("plot_paper_figures", "plot_report_on_a_file"):
        assert f"sphx_glr_{name}_thumb.png" in gallery, name
        text = (DOCS / "gallery" / f"{name}.py").read_text()
        path = text.split("sphinx_gallery_thumbnail_path = ")[1].split("\n")[0].strip('"')
        assert (DOCS / path).exists(), path
    # The sidebar lists the site's pages on every page, top-level pages included.
    for page in ("user_guide.html", "conventions.html", "install.html"):
        text = (tmp_path / "html" / page).read_text()
        sidebar = text[text.index('aria-label="Site navigation"'):]
        assert 'href="report.html"' in sidebar and 'href="api.html"' in sidebar, page
    # Displays that inherit scikit-learn's parameters link to its documentation.
    display = (tmp_path / "html" / "generated" /
               "sklearn_prcurves.RocCurveDisplay.html").read_text()
    assert ("https://scikit-learn.org/stable/modules/generated/sklearn.metrics."
            "RocCurveDisplay.html#sklearn.metrics.RocCurveDisplay.from_estimator") in display
    api = (tmp_path / "html" / "generated" / "sklearn_prcurves.pr_auc_score.html").read_text()
    assert "Davis" in api  # the API reference comes from the docstrings
    assert (tmp_path / "html" / "_images" / "straight_lines.png").exists()
