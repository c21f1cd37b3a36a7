"""The house in figures: each folder's size and the structural limits' headroom.

    python benchmarks/house_budget.py

Prints, per capability folder (in the floors' order of ``tests/test_layers.py``), its
modules, its lines of code (non-blank lines that are neither comments nor docstrings)
and its largest module; one total; then each figure ``tests/test_house.py`` holds to a
limit, with the headroom left. The figures are for the changelog and the issue notes:
no ceiling is enforced here (the tests enforce the limits).
"""

import ast
import functools
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import test_house  # noqa: E402 - the measures the tests enforce, read the same way
import test_layers  # noqa: E402 - the floors, in order


def lines_of_code(path, tree):
    """Non-blank lines that are neither comments nor docstrings."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                             ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                docstrings.update(range(first.lineno, first.end_lineno + 1))
    return sum(1 for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1)
               if line.strip() and not line.strip().startswith("#")
               and number not in docstrings)


def floor_rows():
    """``(floor, modules, lines of code, largest module and its lines)`` per floor, each
    module in the one floor whose list names it (a folder's ``__init__`` in its folder)."""
    counted = {module: lines_of_code(*found) for module, found in test_house.MODULES.items()}
    rows = []
    for floor, listed in test_layers.FLOORS.items():
        named = [f"{floor}.{m}" if floor.startswith("_") else m for m in listed]
        members = [m for m in [*named, *([floor] if floor.startswith("_") else [])]
                   if m in counted]
        largest = max(members, key=counted.get)
        rows.append((floor or "(the foundation)", len(members),
                     sum(counted[m] for m in members), largest, counted[largest]))
    return rows, sum(counted.values())


def deepest_chain(graph, same_folder):
    @functools.cache
    def longest(module):
        chains = [longest(t) for t in graph[module]
                  if not same_folder or test_house.folder_of(t) == test_house.folder_of(module)]
        return (module, *max(chains, key=len, default=()))

    return max((longest(m) for m in graph if m not in test_house.ENTRY_POINTS), key=len)


def largest_complexity():
    ruff = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--isolated", "--select",
         "C901", "--config", "lint.mccabe.max-complexity=0", "--output-format", "concise",
         str(test_house.PACKAGE)], capture_output=True, text=True).stdout
    scores = [int(line.split("(")[-1].split(" ")[0]) for line in ruff.splitlines()
              if "too complex" in line]
    return max(scores, default=0)


def main():
    rows, total = floor_rows()
    print("| floor | modules | lines of code | largest module (lines of code) |")
    print("|---|---|---|---|")
    for floor, n, lines, largest, largest_lines in rows:
        print(f"| {floor} | {n} | {lines:,} | {largest} ({largest_lines:,}) |")
    print(f"| all | {len(test_house.MODULES)} | {total:,} | |")

    lengths = {k: n for k, n in test_house.function_lengths().items()
               if k[:2] not in test_house.DECLARATIONS}
    longest = max(lengths, key=lengths.get)
    graph = test_house.imports_of()
    inside = deepest_chain(graph, same_folder=True)
    figures = [
        ("largest McCabe complexity", largest_complexity(), test_house.MAX_COMPLEXITY),
        (f"longest function body, lines of code ({longest[0]}.{longest[1]})",
         lengths[longest], test_house.MAX_BODY),
        ("function bodies over 50 lines", sum(n > 50 for n in lengths.values()),
         test_house.MAX_OVER_50),
        (f"deepest import chain inside a folder ({' -> '.join(inside)})", len(inside),
         test_house.MAX_CHAIN_IN_FOLDER),
    ]
    print("\n| structural figure | now | limit | headroom |")
    print("|---|---|---|---|")
    for name, now, limit in figures:
        print(f"| {name} | {now} | {limit} | {limit - now} |")
    print(f"| deepest import chain across folders (bounded by the floors' order) | "
          f"{len(deepest_chain(graph, same_folder=False))} | | |")


if __name__ == "__main__":
    main()
