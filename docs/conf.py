"""Sphinx configuration for sklearn_prcurves."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import sklearn_prcurves  # noqa: E402

project = "sklearn_prcurves"
author = "the sklearn_prcurves developers"
copyright = "2026, the sklearn_prcurves developers"
release = version = sklearn_prcurves.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
]
autosummary_generate = True
autodoc_typehints = "none"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
templates_path = ["_templates"]
exclude_patterns = ["_build", "examples"]
html_theme = "alabaster"
html_static_path = ["_static"]
nitpicky = False


def _render_figures(app):
    from _figures import render_all

    render_all(HERE / "_static" / "generated")


def setup(app):
    app.connect("builder-inited", _render_figures)
