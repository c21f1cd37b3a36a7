"""The package's modules stand in one order, each importing only modules below it.

The order is the one ``docs/internals.rst`` draws ("The house"). A module that needs
one above it is a sign that something lives in the wrong room; an import hidden in a
function to dodge the cycle that would follow is the same sign, hidden. Only the
command line imports inside functions, so that ``--help`` answers before the plotting
and cluster code loads.
"""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "sklearn_prcurves"

# Bottom first: the floors of the house, each a folder of one capability (its
# modules in their own order inside it), the public modules on top. A module may
# import only modules listed before it: the floors below its own, and its own floor's
# modules before it. ``docs/internals.rst`` has a line per floor.
FLOORS = {
    "": ["_base._version", "exceptions"],
    "_base": ["_moved", "_messages", "_undefined", "_mistakes", "_results", "_compat",
              "_array_api", "_labels", "_validation", "_ids"],
    "_table": ["_exact", "_count_table", "_prevalence", "_sorting", "_counts", "_entry",
               "_moments"],
    "_metrics": ["_stepwise", "_curves", "_roc_auc", "_thresholds", "_averaging", "_auc"],
    "_measures": ["_interpolation", "_hull", "_dominance", "_pr", "_partial", "_bounds",
                  "_lift", "_cost", "_prg", "_operating", "_grouped", "_decision", "_selective"],
    "_inference": ["_proportions", "_clusters", "_resampling", "_bootstrap", "_delong",
                   "_pr_intervals", "_likelihood", "_requirements", "_certified", "_band",
                   "_segments",
                   "_stability", "_net_benefit_test"],
    "_selection": ["_scorer", "_transformer", "_cost"],
    "_streams": ["_distributed", "_summary"],
    "_engines": ["_census", "_fronts", "_dask", "_spark"],
    "_plot": ["_base", "_dropin", "det_curve", "other_curves", "pr_curve", "roc_curve",
              "threshold_curve"],
    "_report": ["_options", "_batches", "_sources", "_ranged", "_accumulate",
                "_readings", "_paired", "_compute", "_gates", "_explorer",
                "_render", "_figures", "_tracking", "_api"],
    "(the public modules)": ["", "scorer_names", "dask", "spark", "torchmetrics",
                             "_report._cli", "__main__"],
}
ORDER = []
for _floor, _modules in FLOORS.items():
    if _floor.startswith("_"):
        ORDER += [f"{_floor}.{m}" for m in _modules]
        ORDER.append(_floor)  # (the folder's own __init__: it may name its modules)
    else:
        ORDER += _modules

# Modules allowed to import inside functions, and why.
LAZY = {"_report._cli": "--help must answer before plotting and cluster code loads",
        "_report._api": "Dask and Spark (extras) load only for --engine dask or spark"}


def _module_name(path):
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imports(name, path):
    """(imported module, line, inside a function?) for each import of the package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    here = name.split(".") if name else []
    found = []

    def visit(node, nested):
        for child in ast.iter_child_nodes(node):
            inner = nested or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = here if is_package else here[:-1]
                    base = base[: len(base) - child.level + 1]
                    module = ".".join(base + ([child.module] if child.module else []))
                elif (child.module or "").split(".")[0] == "sklearn_prcurves":
                    module = child.module[len("sklearn_prcurves"):].lstrip(".")
                else:
                    continue
                targets = {module}
                for alias in child.names:
                    sub = f"{module}.{alias.name}".lstrip(".")
                    if sub in MODULES:
                        targets.add(sub)
                found.extend((t, child.lineno, inner) for t in targets)
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.split(".")[0] == "sklearn_prcurves":
                        module = alias.name[len("sklearn_prcurves"):].lstrip(".")
                        found.append((module, child.lineno, inner))
            visit(child, inner)

    visit(tree, False)
    return found


def test_the_order_names_every_module():
    assert sorted(ORDER) == sorted(MODULES), (
        "tests/test_layers.py ORDER and the package's modules differ: "
        f"missing {sorted(set(MODULES) - set(ORDER))}, "
        f"gone {sorted(set(ORDER) - set(MODULES))}")


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_point_down(name):
    rank = {module: i for i, module in enumerate(ORDER)}
    upward = [
        f"line {line}: imports {target or 'the package'}"
        for target, line, _ in _imports(name, MODULES[name])
        if target != name and rank[target] >= rank[name]
    ]
    assert not upward, f"{name or 'the package'} imports a module above it: {upward}"


@pytest.mark.parametrize("name", sorted(set(MODULES) - set(LAZY)))
def test_no_import_inside_a_function(name):
    hidden = [f"line {line}: {target or 'the package'}"
              for target, line, inner in _imports(name, MODULES[name]) if inner]
    assert not hidden, f"{name or 'the package'} imports inside a function: {hidden}"


def test_the_check_sees_an_upward_import(tmp_path):
    # The AST walk itself: an upward and a hidden import in a module it has not seen.
    path = PACKAGE / "_table" / "_counts.py"
    found = _imports("_table._counts", path)
    assert ("_table._count_table", next(line for t, line, _ in found if t == "_table._count_table"), False) in found
    text = "def f():\n    from .._metrics._curves import table_roc\n"
    fake = tmp_path / "fake.py"
    fake.write_text(text)
    assert _imports("_table._counts", fake) == [("_metrics._curves", 2, True)]


INTERNALS = PACKAGE.parent / "docs" / "internals.rst"


def test_the_developer_page_draws_every_floor():
    """Each folder has its line in the page's map, in the floors' order."""
    text = INTERNALS.read_text(encoding="utf-8")
    house = text[text.index("The house\n"):text.index("Vocabulary\n")]
    places = [house.find(f"\n``{floor}``") for floor in FLOORS if floor.startswith("_")]
    assert -1 not in places, [f for f, p in zip(FLOORS, places) if p == -1]
    assert places == sorted(places)


def test_the_developer_page_names_only_what_exists():
    """Every ``_folder._module[.name]`` the page names is a module of the package and
    the name is defined in it: a move that leaves the page behind fails here."""
    import re

    text = INTERNALS.read_text(encoding="utf-8")
    stale = []
    for reference in set(re.findall(r"``(_[a-z]+\._[a-z_]+(?:\.[A-Za-z_]+)?)``", text)):
        parts = reference.split(".")
        module, name = ".".join(parts[:2]), (parts[2] if len(parts) > 2 else None)
        if module not in MODULES:
            stale.append(reference)
        elif name and not re.search(rf"\b(def|class) {name}\b|^{name}\b",
                                    MODULES[module].read_text(encoding="utf-8"), re.M):
            stale.append(reference)
    assert not stale, f"docs/internals.rst names what is not there: {sorted(stale)}"
