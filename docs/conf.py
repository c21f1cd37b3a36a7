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
    "sphinx_gallery.gen_gallery",
]
autosummary_generate = True
autodoc_typehints = "none"
# The torchmetrics front is documented without PyTorch installed (extra ``torch``).
autodoc_mock_imports = ["torch", "torchmetrics"]
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
templates_path = ["_templates"]
exclude_patterns = ["_build", "examples", "gallery"]
html_theme = "pydata_sphinx_theme"
html_title = "sklearn-prcurves"
html_theme_options = {
    "logo": {"text": "sklearn-prcurves"},
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
}
html_sidebars = {"**": ["site-nav.html"]}
html_static_path = ["_static"]
html_css_files = ["parameters.css"]
nitpicky = False

# The gallery: docs/gallery/plot_*.py run at build time (each a few seconds), rendered
# with their output and figures into auto_examples/.
sphinx_gallery_conf = {
    "examples_dirs": "gallery",
    "gallery_dirs": "auto_examples",
    "filename_pattern": r"/plot_",
    "abort_on_example_error": True,
    "download_all_examples": False,
    "show_memory": False,
    "show_signature": False,
    "remove_config_comments": True,
    "capture_repr": (),  # printed output only, not the last expression's repr
    "reference_url": {"sklearn_prcurves": None},
}


def _render_figures(app):
    from _figures import render_all

    render_all(HERE / "_static" / "generated")


def _link_to_sklearn(app, env, node, contnode):
    """Unresolved references to scikit-learn's API (``:meth:`sklearn.metrics.
    RocCurveDisplay.from_estimator```) become links to its documentation: the build
    has no network for an intersphinx inventory, and its page names are regular."""
    from docutils import nodes

    target = node.get("reftarget", "")
    if not target.startswith("sklearn."):
        return None
    parts = target.split(".")
    if node.get("reftype") == "mod":
        uri = f"https://scikit-learn.org/stable/api/{target}.html"
    else:
        page = ".".join(parts[:-1]) if parts[-2][:1].isupper() else target
        uri = f"https://scikit-learn.org/stable/modules/generated/{page}.html#{target}"
    reference = nodes.reference("", "", internal=False, refuri=uri,
                                reftitle=f"scikit-learn: {target}")
    reference.append(contnode)
    return reference


def setup(app):
    app.connect("builder-inited", _render_figures)
    app.connect("missing-reference", _link_to_sklearn)
