"""scikit-learn's private names are used in ``_compat.py`` only (issue 35).

Every other module of the package is read as a syntax tree: an import of a private
scikit-learn module or name fails this test, and so does an attribute starting with a
single underscore that the package itself never defines (a private method of a
scikit-learn class reached through ``cls._...`` or ``self._...``).
"""

import ast
from pathlib import Path

import sklearn_prcurves

PACKAGE = Path(sklearn_prcurves.__file__).parent
MODULES = sorted(PACKAGE.rglob("*.py"))


def _trees():
    return {path: ast.parse(path.read_text()) for path in MODULES}


def _names_the_package_defines(trees):
    names = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, ast.alias):
                names.add(node.asname or node.name.split(".")[0])
    return names


def private_uses(trees):
    ours = _names_the_package_defines(trees)
    found = []
    for path, tree in trees.items():
        if path.name == "_compat.py":
            continue
        where = path.relative_to(PACKAGE.parent)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sklearn"):
                private = [part for part in node.module.split(".") if part.startswith("_")]
                private += [alias.name for alias in node.names if alias.name.startswith("_")]
                if private:
                    found.append(f"{where}:{node.lineno} imports {node.module} {private}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("sklearn") and any(
                            part.startswith("_") for part in alias.name.split(".")):
                        found.append(f"{where}:{node.lineno} imports {alias.name}")
            elif (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                  and not node.attr.startswith("__") and node.attr not in ours):
                found.append(f"{where}:{node.lineno} uses .{node.attr}")
    return found


def test_private_sklearn_names_only_in_compat():
    assert private_uses(_trees()) == []


def test_the_check_finds_a_private_use():
    # The check itself: a module reaching for scikit-learn's privates is caught.
    trees = _trees()
    planted = ast.parse("from sklearn.utils._response import _get_response_values\n"
                        "def f(cls):\n    return cls._validate_and_get_response_values\n")
    trees[PACKAGE / "_planted.py"] = planted
    found = private_uses(trees)
    assert any("_response" in line for line in found)
    assert any("_validate_and_get_response_values" in line for line in found)
