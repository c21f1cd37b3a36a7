"""Type checkers see the public signatures (issue 35, item 5).

``tests/typing/good_usage.py`` is ordinary correct use: mypy and pyright (basedpyright,
which ships pyright with its own Node.js) must accept it. ``tests/typing/bad_usage.py``
holds one mistake per line marked ``# error``: both must report exactly those lines.
Without the typed decorators (ParamSpec) mypy saw most public functions as ``Any`` and
reported none of them.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GOOD = ROOT / "tests" / "typing" / "good_usage.py"
BAD = ROOT / "tests" / "typing" / "bad_usage.py"


def marked_lines(path):
    return {number for number, line in enumerate(path.read_text().splitlines(), 1)
            if re.search(r"#\s*error\b", line)}


def mypy_errors(path):
    pytest.importorskip("mypy")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--follow-imports=silent", "--no-incremental",
         "--hide-error-context", "--no-error-summary", str(path.relative_to(ROOT))],
        capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert result.returncode in (0, 1), result.stderr
    return {int(m.group(1)) for m in re.finditer(rf"^{re.escape(path.name)}:(\d+): error",
                                                 result.stdout.replace(
                                                     str(path.relative_to(ROOT).parent) + "/",
                                                     ""), re.M)}, result.stdout


def pyright_errors(path):
    executable = shutil.which("basedpyright", path=str(Path(sys.executable).parent))
    if executable is None:
        pytest.skip("basedpyright is not installed (the [test-engines] extra has it)")
    result = subprocess.run([executable, "--level", "error", "--pythonpath", sys.executable,
                             str(path)], capture_output=True, text=True, cwd=ROOT, timeout=600)
    lines = {int(m.group(1)) for m in re.finditer(
        rf"{re.escape(path.name)}:(\d+):\d+ - error", result.stdout)}
    return lines, result.stdout


@pytest.mark.parametrize("checker", [mypy_errors, pyright_errors], ids=["mypy", "pyright"])
def test_correct_use_type_checks(checker):
    errors, output = checker(GOOD)
    assert not errors, output


@pytest.mark.parametrize("checker", [mypy_errors, pyright_errors], ids=["mypy", "pyright"])
def test_each_mistake_is_reported(checker):
    errors, output = checker(BAD)
    assert errors == marked_lines(BAD), output


def test_mypy_sees_every_public_function_signature(tmp_path):
    """Each public function of ``__all__`` reaches mypy with its own parameters, not
    as ``Any`` or ``(*args: Any, **kwargs: Any)`` (what an untyped decorator gave).
    Classes are left out: the displays extend scikit-learn's classes, which ship no
    types, so mypy sees their constructors as Any whatever we annotate."""
    import inspect

    import sklearn_prcurves as spc

    functions = [name for name in spc.__all__
                 if inspect.isfunction(getattr(spc, name))]
    probe = ROOT / "tests" / "typing" / f"_reveal_{tmp_path.name}.py"
    probe.write_text("import sklearn_prcurves\n" + "".join(
        f"reveal_type(sklearn_prcurves.{name})\n" for name in functions))
    try:
        _, output = mypy_errors(probe)
    finally:
        probe.unlink()
    revealed = re.findall(r'Revealed type is "(.*)"', output)
    assert len(revealed) == len(functions), output
    vague = [name for name, kind in zip(functions, revealed)
             if not kind.startswith(("def (", "Overload(")) or "*args: Any" in kind
             or "*_args: Any" in kind]
    assert not vague, vague
