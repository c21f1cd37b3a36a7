"""Measured simplicity: the limits that keep the package easy to carry on.

Each test reads the source (or runs the tool that measures it) and fails when a
limit is passed: McCabe complexity (ruff's C901), function length, underscore names
imported across modules or read from another module's objects, dead code
(vulture), and the depth of import chains inside a folder.
``docs/internals.rst`` says why each limit is what it is.
"""

import ast
import functools
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "sklearn_prcurves"

MAX_COMPLEXITY = 15
MAX_BODY = 60
MAX_OVER_50 = 3
# Modules one import chain passes through inside one folder: each folder is a
# capability, and its modules lean on each other only so deep.
MAX_CHAIN_IN_FOLDER = 6
# Functions that are declarations (the command line's arguments), not logic.
DECLARATIONS = {("_report._cli", "_parser"), ("_report._cli", "common")}
# The command line sits above everything by design; chains are counted below it.
ENTRY_POINTS = {"__main__", "_report._cli"}


def _modules():
    """``{dotted name below the package: (path, parsed tree)}``."""
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = (path, ast.parse(path.read_text(encoding="utf-8")))
    return modules


MODULES = _modules()


def _body_lines(node, lines):
    """Lines of code in a function's body: no docstring, blank lines or comments."""
    body = node.body
    if (isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)):
        body = body[1:]
    if not body:
        return 0
    return sum(1 for line in lines[body[0].lineno - 1:node.end_lineno]
               if line.strip() and not line.strip().startswith("#"))


def function_lengths():
    lengths = {}
    for module, (path, tree) in MODULES.items():
        lines = path.read_text(encoding="utf-8").split("\n")
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lengths[(module, node.name, node.lineno)] = _body_lines(node, lines)
    return lengths


def test_functions_are_short():
    lengths = {key: n for key, n in function_lengths().items()
               if key[:2] not in DECLARATIONS}
    assert lengths, "no functions found"
    too_long = {key: n for key, n in lengths.items() if n > MAX_BODY}
    assert not too_long, f"bodies over {MAX_BODY} lines of code: {too_long}"
    long = {key: n for key, n in lengths.items() if n > 50}
    assert len(long) <= MAX_OVER_50, f"more than {MAX_OVER_50} bodies over 50 lines: {long}"


def _relative_target(module, node):
    """The dotted module (below the package) a relative ``from`` import names."""
    path, _ = MODULES[module]
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    base = package[:len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _package_imports():
    """``(module, imported module, names)`` of every import of the package's own."""
    for module, (_, tree) in MODULES.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                yield module, _relative_target(module, node), [a.name for a in node.names]
            elif (node.module or "").startswith("sklearn_prcurves"):
                target = node.module.removeprefix("sklearn_prcurves").lstrip(".")
                yield module, target, [a.name for a in node.names]


def test_no_underscore_name_is_imported_across_modules():
    private = [(module, target, name) for module, target, names in _package_imports()
               for name in names if name.startswith("_") and not name.startswith("__")
               and f"{target}.{name}" not in MODULES]  # (a submodule is not a name)
    assert not private, f"underscore names imported across modules: {private}"


def imports_of():
    graph = {module: set() for module in MODULES}
    for module, target, names in _package_imports():
        if target in MODULES:
            graph[module].add(target)
        # ``from . import _plot``: the names are modules
        graph[module].update(f"{target}.{n}".lstrip(".") for n in names
                             if f"{target}.{n}".lstrip(".") in MODULES)
    for module in graph:
        graph[module].discard(module)
    return graph


def folder_of(module):
    return module.split(".")[0] if "." in module else ""


def test_import_chains_are_shallow_inside_each_folder():
    """Across folders the order of the floors bounds a chain (tests/test_layers.py);
    inside one, no chain of imports runs through more than MAX_CHAIN_IN_FOLDER
    modules."""
    graph = imports_of()

    @functools.cache
    def longest(module):
        chains = [longest(target) for target in graph[module]
                  if folder_of(target) == folder_of(module)]
        return (module, *max(chains, key=len, default=()))

    chains = [longest(module) for module in graph if module not in ENTRY_POINTS]
    deepest = max(chains, key=len)
    assert len(deepest) <= MAX_CHAIN_IN_FOLDER, " -> ".join(deepest)


def _tool(name):
    pytest.importorskip(name)
    return [sys.executable, "-m", name]


def test_complexity_is_bounded():
    result = subprocess.run(
        [*_tool("ruff"), "check", "--no-cache", "--isolated", "--select", "C901",
         "--config", f"lint.mccabe.max-complexity={MAX_COMPLEXITY}",
         "--output-format", "concise", str(PACKAGE)],
        capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_tree_passes_the_projects_lint():
    """``ruff check`` with pyproject.toml's rules (errors, import order, line length)
    over the whole tree, so that a moved import or a long line fails here, not in a
    reviewer's eye."""
    result = subprocess.run([*_tool("ruff"), "check", "--no-cache", "--output-format",
                             "concise", str(ROOT)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_dead_code():
    # The tests, benchmarks and documentation use the public names.
    used = [ROOT / p for p in ("tests", "benchmarks", "docs/gallery", "docs/examples",
                               "docs/_figures.py") if (ROOT / p).exists()]
    result = subprocess.run([*_tool("vulture"), str(PACKAGE), *map(str, used)],
                            capture_output=True, text=True, cwd=ROOT)
    dead = [line for line in result.stdout.splitlines()
            if line.startswith("sklearn_prcurves")]
    assert not dead and "Error" not in result.stderr, "\n".join(dead) + result.stderr


def _private_attributes(tree):
    """The underscore names a module gives its own objects: ``self._x = ...``, a class's
    ``_x`` methods and attributes, a module's ``_x`` (``__dunder__`` names aside)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)  # (__slots__, getattr(obj, "_x"))
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def _private_reads(modules):
    own = {name: _private_attributes(tree) for name, (_, tree) in modules.items()}
    anyone = set().union(*own.values())
    found = []
    for name, (_, tree) in modules.items():
        if name == "_base._compat":  # (the door to scikit-learn's privates: theirs)
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load)
                    and node.attr in anyone and node.attr not in own[name]
                    and not (isinstance(node.value, ast.Name)
                             and node.value.id in ("self", "cls"))):
                found.append(f"{name}:{node.lineno} .{node.attr}")
    return found


def test_no_underscore_attribute_of_another_modules_object():
    """``table._offsets`` in a module that does not define ``_offsets`` reaches into
    another module's object: its owner should offer what the caller needs."""
    found = _private_reads(_modules())
    assert not found, f"another module's private attributes read: {found}"


def test_the_check_sees_a_private_attribute_read():
    modules = _modules()
    planted = ast.parse("def f(table):\n    return table._offsets\n")
    modules["_planted"] = (PACKAGE / "_planted.py", planted)
    assert _private_reads(modules) == ["_planted:2 ._offsets"]
