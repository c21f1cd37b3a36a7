"""``sklearn-prcurves``: the command-line report.

``demo`` scores three models on a generated imbalanced data set and reports every
area the package computes, marking the model each one would select; ``report`` does
the same for the scores in a CSV or Parquet file. Both print a table (or JSON) and
write PNG figures and a self-contained HTML page into an output folder.
"""

import argparse
import base64
import csv
import html
import json
import math
import shutil
import sys
import warnings
from pathlib import Path

import numpy as np

from . import __version__
from ._auc import (
    achievable_pr_auc_score,
    auc,
    average_precision_score,
    pr_auc_score,
    roc_auc_score,
)
from ._curves import pr_curve
from ._hull import roc_convex_hull

MEASURES = {
    "AUC-ROC": lambda y, s, w: roc_auc_score(y, s, sample_weight=w),
    "hull AUC-ROC": lambda y, s, w: auc(*roc_convex_hull(y, s, sample_weight=w)[:2]),
    "average precision": lambda y, s, w: average_precision_score(y, s, sample_weight=w),
    "AUC-PR (Davis-Goadrich)": lambda y, s, w: pr_auc_score(y, s, sample_weight=w),
    "AUC-PR (continuous)": lambda y, s, w: pr_auc_score(
        y, s, sample_weight=w, interpolation="continuous"
    ),
    "AUC-PR (straight lines)": lambda y, s, w: pr_auc_score(
        y, s, sample_weight=w, interpolation="linear"
    ),
    "achievable AUC-PR": lambda y, s, w: achievable_pr_auc_score(y, s, sample_weight=w),
}

_PROGRESS_EVERY = 1_000_000


class InputError(Exception):
    """A problem with the user's input, reported in one line."""


def main(argv=None):
    """Entry point of ``sklearn-prcurves`` and ``python -m sklearn_prcurves``."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "demo":
            y, scores, weight, source = _demo_data()
        else:
            y, scores, weight, source = _read_table(args)
        results = analyse(y, scores, weight)
        output = Path(args.output)
        written = [] if args.no_files else write_report_folder(
            output, args.force, y, scores, weight, results, source
        )
    except (InputError, OSError) as exc:
        print(f"sklearn-prcurves: error: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 - a command line prints no traceback
        print(
            f"sklearn-prcurves: internal error ({type(exc).__name__}: {exc}); please "
            "report it with the command that caused it",
            file=sys.stderr,
        )
        return 2
    if args.json:
        print(json.dumps({"source": source, "results": results, "files": written}, indent=2))
    else:
        print(f"{source}\n")
        print(format_table(results))
        print("\n* marks the model each measure would select.")
        if written:
            print(f"Wrote {', '.join(written)}")
    return 0


def _parser():
    parser = argparse.ArgumentParser(
        prog="sklearn-prcurves",
        description="Precision-recall and ROC analysis after Davis and Goadrich (2006).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    def common(sub):
        sub.add_argument("--output", default="prcurves-report",
                         help="folder for the figures and report.html (default: %(default)s)")
        sub.add_argument("--json", action="store_true", help="print the results as JSON")
        sub.add_argument("--no-files", action="store_true", help="write no figures or HTML")
        sub.add_argument("--force", action="store_true",
                         help="write into an --output folder that holds other files")

    common(commands.add_parser("demo", help="analyse three models on built-in imbalanced data"))
    report = commands.add_parser("report", help="analyse the scores in a CSV or Parquet file")
    report.add_argument("file", help="CSV file (or .parquet, with the 'parquet' extra)")
    report.add_argument("--label", required=True, help="column of true labels")
    report.add_argument("--score", required=True, action="append",
                        help="column of scores (repeat for several models)")
    report.add_argument("--weight", help="column of non-negative sample weights")
    report.add_argument("--pos-label", help="the positive label (default: 1 for 0/1 or -1/1)")
    common(report)
    return parser


# --- data ---------------------------------------------------------------------------


def _demo_data():
    """Three models scored on the held-out half of a generated imbalanced set (seeded).

    Chosen so that the measures disagree: logistic regression has the best AUC-ROC,
    25-nearest-neighbours the best AUC-PR (Davis and Goadrich's section 5).
    """
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.tree import DecisionTreeClassifier

    rng = np.random.default_rng(0)
    negatives = rng.normal(size=(6000, 2))
    # A third of the positives form a tight cluster away from the direction a linear
    # model follows; the rest overlap the negatives.
    cluster = rng.normal(size=(40, 2)) * 0.3 + [3.5, -3.5]
    overlapping = rng.normal(size=(80, 2)) + [1.2, 1.2]
    X = np.vstack([negatives, cluster, overlapping])
    y = np.r_[np.zeros(6000), np.ones(120)].astype(int)
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.5, stratify=y, random_state=0
    )
    models = {
        "logistic regression": LogisticRegression(max_iter=1000),
        "25-nearest-neighbours": KNeighborsClassifier(n_neighbors=25),
        # Coarse scores (few leaves, many ties): where straight lines overstate most.
        "decision tree (depth 3)": DecisionTreeClassifier(max_depth=3, random_state=0),
    }
    scores = {
        name: model.fit(X_train, y_train).predict_proba(X_test)[:, 1]
        for name, model in models.items()
    }
    source = (
        f"demo: {len(y_test)} held-out samples, {int(y_test.sum())} positives "
        f"({y_test.mean():.1%}); models fitted on the other half"
    )
    return y_test, scores, None, source


def _read_table(args):
    path = Path(args.file)
    wanted = [args.label, *args.score] + ([args.weight] if args.weight else [])
    if path.suffix.lower() == ".parquet":
        columns = _read_parquet(path, wanted)
    else:
        columns = _read_csv(path, wanted)
    labels = columns[args.label]
    for row, value in enumerate(labels, start=1):
        if value is None or value.strip() == "":
            raise InputError(f"label column {args.label!r} row {row} is empty")
    y = _positive_mask(labels, args.pos_label, args.label)
    scores = {name: _numbers(columns[name], name) for name in args.score}
    weight = None
    if args.weight:
        weight = _numbers(columns[args.weight], args.weight)
        if np.any(weight < 0):
            raise InputError(f"weight column {args.weight!r} holds negative values")
    source = f"{path.name}: {len(y)} rows, {int(y.sum())} positives"
    return y, scores, weight, source


def _read_csv(path, wanted):
    # utf-8-sig: a byte-order mark (as spreadsheet programs write) is not part of the
    # first column's name.
    with open(path, newline="", encoding="utf-8-sig") as handle:
        reader = csv.reader(handle)
        try:
            header = next(reader)
        except StopIteration:
            raise InputError(f"{path} is empty") from None
        except (csv.Error, UnicodeDecodeError) as exc:
            raise InputError(f"{path} is not a readable CSV file ({exc})") from None
        missing = [name for name in wanted if name not in header]
        if missing:
            raise InputError(
                f"no column {missing[0]!r} in {path.name}; columns are: {', '.join(header)}"
            )
        index = [header.index(name) for name in wanted]
        values = [[] for _ in wanted]
        try:
            row_number = 0
            for line_number, row in enumerate(reader, start=2):
                if not row:
                    continue  # a blank line (a trailing one, typically)
                row_number += 1
                if len(row) != len(header):
                    raise InputError(
                        f"{path.name} line {line_number} has {len(row)} fields, "
                        f"the header has {len(header)}"
                    )
                for store, i in zip(values, index):
                    store.append(row[i])
                if row_number % _PROGRESS_EVERY == 0:
                    print(f"read {row_number:,} rows", file=sys.stderr, flush=True)
        except (csv.Error, UnicodeDecodeError) as exc:
            raise InputError(f"{path} is not a readable CSV file ({exc})") from None
    if not values[0]:
        raise InputError(f"{path.name} has a header but no rows")
    return dict(zip(wanted, values))


def _read_parquet(path, wanted):
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise InputError(
            "reading Parquet needs pyarrow: pip install 'sklearn-prcurves[parquet]'"
        ) from None
    try:
        table = pq.read_table(path)
    except Exception as exc:  # noqa: BLE001 - pyarrow raises many types for bad files
        raise InputError(f"{path} is not a readable Parquet file ({exc})") from None
    missing = [name for name in wanted if name not in table.column_names]
    if missing:
        raise InputError(
            f"no column {missing[0]!r} in {path.name}; columns are: "
            f"{', '.join(table.column_names)}"
        )
    return {
        name: [None if v is None else str(v) for v in table.column(name).to_pylist()]
        for name in wanted
    }


def _numbers(texts, name):
    values = np.empty(len(texts))
    for row, text in enumerate(texts, start=1):
        try:
            values[row - 1] = float(text)
        except (TypeError, ValueError):
            raise InputError(f"column {name!r} row {row}: {text!r} is not a number") from None
        if not math.isfinite(values[row - 1]):
            raise InputError(f"column {name!r} row {row}: {text!r} is not a finite number")
    return values


def _positive_mask(labels, pos_label, column):
    classes = sorted(set(labels))
    if len(classes) < 2:
        raise InputError(
            f"label column {column!r} holds a single class ({classes[0]!r} if any); "
            "the curves need positives and negatives"
        )
    if pos_label is None:
        numeric = {_as_number(c) for c in classes}
        if numeric in ({0.0, 1.0}, {-1.0, 1.0}):
            return np.array([_as_number(v) == 1.0 for v in labels])
        raise InputError(
            f"label column {column!r} holds {', '.join(map(repr, classes[:5]))}"
            f"{' ...' if len(classes) > 5 else ''}: pass --pos-label"
        )
    wanted = _as_number(pos_label)
    if isinstance(wanted, float):
        # Numbers are compared as numbers: "1", "1.0" and "1e0" are one label.
        is_pos = np.array([_as_number(v) == wanted for v in labels])
    else:
        is_pos = np.array([v == pos_label for v in labels])
    if not is_pos.any():
        raise InputError(
            f"--pos-label {pos_label!r} is not a value of column {column!r} "
            f"({', '.join(map(repr, classes[:5]))})"
        )
    return is_pos


def _as_number(text):
    try:
        return float(text)
    except ValueError:
        return text


# --- analysis and output --------------------------------------------------------------


def analyse(y, scores, weight=None):
    """Every measure for every model: ``{model: {measure: value}}``."""
    results = {}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an undefined measure is an input problem here
        for name, s in scores.items():
            try:
                results[name] = {m: float(f(y, s, weight)) for m, f in MEASURES.items()}
            except (ValueError, Warning) as exc:
                raise InputError(f"cannot analyse scores {name!r}: {exc}") from None
    return results


def best_models(results):
    """The model each measure selects."""
    measures = next(iter(results.values())).keys()
    return {m: max(results, key=lambda model: results[model][m]) for m in measures}


def format_table(results):
    best = best_models(results)
    models = list(results)
    width = max(24, *(len(m) for m in MEASURES))
    col = max(12, *(len(m) + 2 for m in models))
    lines = [f"{'measure':{width}s}" + "".join(f"{m:>{col}s}" for m in models)]
    for measure in MEASURES:
        cells = []
        for model in models:
            mark = "*" if best[measure] == model else " "
            cells.append(f"{results[model][measure]:.4f}{mark}".rjust(col))
        lines.append(f"{measure:{width}s}" + "".join(cells))
    return "\n".join(lines)


# Written into a report folder, listing the files written there, so that a later run
# can replace that report without mixing files and without touching anything else.
_MARKER = ".sklearn-prcurves-report"


def write_report_folder(folder, force, y, scores, weight, results, source):
    """:func:`write_outputs` into ``folder``, never mixed with another report's files.

    A folder holding a previous report (it has the marker file) has that report's
    files replaced, with a note on stderr; a folder holding anything else is refused
    unless ``force``. A folder this run created is removed again if writing fails.
    """
    created = not folder.exists()
    if not created:
        if not folder.is_dir():
            raise InputError(f"--output {folder} exists and is not a folder")
        marker = folder / _MARKER
        if marker.is_file():
            for name in marker.read_text(encoding="utf-8").split("\n"):
                if name and "/" not in name and "\\" not in name:
                    (folder / name).unlink(missing_ok=True)
            print(f"sklearn-prcurves: replacing the previous report in {folder}", file=sys.stderr)
        elif any(folder.iterdir()) and not force:
            raise InputError(
                f"--output {folder} exists and holds files that are not a report of "
                "sklearn-prcurves; choose another folder or pass --force"
            )
    try:
        written = write_outputs(folder, y, scores, weight, results, source)
    except BaseException:
        if created:
            shutil.rmtree(folder, ignore_errors=True)
        raise
    (folder / _MARKER).write_text(
        "\n".join(Path(p).name for p in written) + "\n", encoding="utf-8"
    )
    return written


def _label_text(name):
    """A column name as matplotlib draws it literally (``$`` would start mathtext)."""
    return str(name).replace("$", r"\$")


def write_outputs(folder, y, scores, weight, results, source):
    """PNG figures and one self-contained HTML report; returns the written paths."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InputError(
            "writing figures needs matplotlib: pip install 'sklearn-prcurves[plot]' "
            "(or pass --no-files)"
        ) from None
    from ._plot import PRCurveDisplay, ROCCurveDisplay

    folder.mkdir(parents=True, exist_ok=True)
    figures = {}

    fig, ax = plt.subplots(figsize=(6.5, 6.5))
    for i, (name, s) in enumerate(scores.items()):
        PRCurveDisplay.from_predictions(
            y, s, sample_weight=weight, name=_label_text(name), ax=ax, plot_achievable=True,
            plot_chance_level=i == len(scores) - 1, iso_f1=i == 0,
        )
    ax.set_title("Precision-recall, Davis-Goadrich interpolation\n(dashed: achievable PR curve)")
    figures["pr_curves.png"] = fig

    fig, ax = plt.subplots(figsize=(6.5, 6.5))
    for i, (name, s) in enumerate(scores.items()):
        ROCCurveDisplay.from_predictions(
            y, s, sample_weight=weight, name=_label_text(name), ax=ax, plot_hull=True,
            plot_chance_level=i == len(scores) - 1,
        )
    ax.set_title("ROC curves (dashed: convex hull)")
    figures["roc_curves.png"] = fig

    # The model whose area straight lines overstate most.
    best = max(
        results,
        key=lambda m: results[m]["AUC-PR (straight lines)"] - results[m]["AUC-PR (Davis-Goadrich)"],
    )
    fig, ax = plt.subplots(figsize=(6.5, 6.5))
    PRCurveDisplay.from_predictions(y, scores[best], sample_weight=weight, ax=ax,
                                    name=f"{_label_text(best)}, interpolated")
    precision, recall, _ = pr_curve(y, scores[best], sample_weight=weight, interpolation="linear")
    ax.plot(recall, precision, color="tab:red", linestyle="--",
            label=f"{_label_text(best)}, straight lines (AUC-PR = "
                  f"{results[best]['AUC-PR (straight lines)']:0.2f})")
    ax.legend(loc="best")
    ax.set_title("Straight lines in PR space overstate the area")
    figures["linear_vs_interpolated.png"] = fig

    written = []
    images = {}
    for filename, figure in figures.items():
        path = folder / filename
        figure.savefig(path, dpi=110, bbox_inches="tight")
        plt.close(figure)
        images[filename] = base64.b64encode(path.read_bytes()).decode("ascii")
        written.append(str(path))
    report = folder / "report.html"
    report.write_text(_html(source, results, images), encoding="utf-8")
    (folder / "results.json").write_text(json.dumps(results, indent=2), encoding="utf-8")
    written += [str(report), str(folder / "results.json")]
    return written


def _html(source, results, images):
    best = best_models(results)
    models = list(results)
    head = "".join(f"<th>{html.escape(m)}</th>" for m in models)
    rows = []
    for measure in MEASURES:
        cells = "".join(
            f"<td class='{'best' if best[measure] == m else ''}'>{results[m][measure]:.4f}</td>"
            for m in models
        )
        rows.append(f"<tr><th>{html.escape(measure)}</th>{cells}</tr>")
    figures = "".join(
        f"<figure><img alt='{html.escape(name)}' src='data:image/png;base64,{data}'>"
        f"<figcaption>{html.escape(name)}</figcaption></figure>"
        for name, data in images.items()
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>sklearn-prcurves report</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 75em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border: 1px solid #ccc; padding: 0.3em 0.8em; text-align: right; }}
td.best {{ font-weight: bold; background: #e8f4e8; }}
figure {{ display: inline-block; margin: 0.5em; }} img {{ max-width: 36em; }}
</style></head><body>
<h1>Precision-recall and ROC report</h1>
<p>{html.escape(source)}</p>
<table><tr><th>measure</th>{head}</tr>{''.join(rows)}</table>
<p>Highlighted: the model each measure would select. Areas under precision-recall
curves use the interpolation of Davis and Goadrich (ICML 2006); straight lines between
PR points overstate the area, and the achievable PR curve is the image of the ROC convex
hull.</p>
{figures}
<p>sklearn-prcurves {__version__}</p>
</body></html>
"""
