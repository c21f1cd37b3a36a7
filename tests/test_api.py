"""The public API: typed (PEP 561), with readable reprs, every name documented."""

import inspect
from pathlib import Path

import pytest

import sklearn_prcurves as spc


def test_package_is_typed():
    assert (Path(spc.__file__).parent / "py.typed").exists()


def test_every_public_function_is_annotated():
    for name in spc.__all__:
        obj = getattr(spc, name)
        if not inspect.isfunction(obj):
            continue
        signature = inspect.signature(inspect.unwrap(obj))
        for parameter in signature.parameters.values():
            if parameter.kind in (parameter.VAR_KEYWORD, parameter.VAR_POSITIONAL):
                continue
            assert parameter.annotation is not inspect.Parameter.empty, (name, parameter.name)
        assert signature.return_annotation is not inspect.Signature.empty, name


def test_public_objects_have_their_own_repr():
    objects = [spc.ExactSummary(), spc.BinnedSummary(), spc.count_table([0, 1], [0.1, 0.2]),
               spc.roc_auc_ci([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.7]),
               spc.recall_at_precision([0, 1], [0.1, 0.2], min_precision=0.5)]
    for obj in objects:
        assert " object at 0x" not in repr(obj), type(obj)


def test_all_is_sorted_and_complete():
    assert list(spc.__all__) == sorted(spc.__all__, key=lambda n: (not n[0].isupper(), n))
    public = {n for n in dir(spc) if not n.startswith("_") and n not in ("dask", "spark")}
    modules = {n for n in public if inspect.ismodule(getattr(spc, n))}
    assert public - modules - {"exceptions"} == set(spc.__all__)


def test_every_public_object_has_examples():
    import sklearn_prcurves.dask as spd
    import sklearn_prcurves.spark as sps

    for module in (spc, spd, sps):
        for name in module.__all__:
            doc = inspect.getdoc(getattr(module, name)) or ""
            assert "Examples\n--------" in doc, f"{module.__name__}.{name}"


def test_the_lazy_package_names_each_object_once():
    # __init__ lists each public name in _LAZY (what runs) and in its TYPE_CHECKING
    # imports (what type checkers read): the two, and __all__, must agree.
    import ast

    tree = ast.parse(Path(spc.__file__).read_text())
    (block,) = [node for node in tree.body if isinstance(node, ast.If)
                and ast.unparse(node.test) == "typing.TYPE_CHECKING"]
    imported = {}
    for node in block.body:
        imported.setdefault(node.module, set()).update(a.name for a in node.names)
    assert imported == {module: set(names) for module, names in spc._LAZY.items()}
    assert sorted(spc._MODULE_OF) == sorted(spc.__all__)
    assert len(spc._MODULE_OF) == sum(len(names) for names in spc._LAZY.values())
    for name, module in spc._MODULE_OF.items():
        obj = getattr(spc, name)
        assert obj is getattr(__import__(f"sklearn_prcurves.{module}", fromlist=["_"]), name)
    assert set(spc.__all__) <= set(dir(spc))
    with pytest.raises(AttributeError, match="no attribute 'roc_auc'"):
        spc.roc_auc  # noqa: B018


def test_importing_the_package_loads_neither_scikit_learn_nor_scipy():
    import subprocess
    import sys

    code = ("import sys, sklearn_prcurves as s; "
            "heavy = [m for m in ('sklearn', 'scipy', 'matplotlib', 'pyarrow') "
            "if m in sys.modules]; "
            "s.roc_auc_score([0, 1], [0.2, 0.8]); "
            "print(heavy, 'sklearn' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[] True"
