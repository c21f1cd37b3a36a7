"""``sklearn-prcurves``: the command-line report.

``demo`` scores three models on a generated imbalanced data set; ``report`` reads the
scores of one or more models from CSV, TSV, compressed CSV, Parquet (a file, a folder
or a glob) or standard input. Both print every measure (a table, Markdown, CSV or
JSON) and write figures, ``results.json``, ``results.csv`` and one self-contained
HTML page into an output folder.

The input is read in columnar batches into one counting table per model (and per
segment with ``--by``): memory follows the number of distinct scores, not rows, and
every number is computed from those tables by the library's own functions.
"""

import argparse
import gc
import os
import sys
import textwrap
import warnings

from .._base._messages import InputError
from .._base._version import __version__

# Only what parsing and checking the arguments needs: the report's modules (and with
# them NumPy, scikit-learn, SciPy, pyarrow, matplotlib) are imported where they are
# used, so --help, --version and argument errors answer at once.
from ._options import (
    DEFAULT_MAX_SEGMENTS,
    PAIRED_TEST_RESAMPLES,
    PAIRED_TEST_SEED,
    PAIRED_TESTS,
    FigureOptions,
    ReportSpec,
    Requirement,
)

__all__ = ["EXIT_STATUSES", "main"]

#: The exit statuses, for pipelines to tell a failing model from a mistyped command.
EXIT_STATUSES = {
    0: "the report was written and every requirement (--require...) is met",
    1: "the report was written, and a requirement is not met",
    2: "nothing was reported: a usage or input error (an option, a file, a column or a "
       "value refused, in one line on stderr), or the output could not be written",
    3: "an internal error of sklearn-prcurves (please report it)",
    130: "interrupted (Ctrl-C)",
}
_NOT_MET, _INPUT_ERROR, _INTERNAL_ERROR, _INTERRUPTED = 1, 2, 3, 130


def console():
    """Entry point of ``sklearn-prcurves`` and ``python -m sklearn_prcurves``: :func:`main`,
    its objects then left to the process's exit."""
    # NumPy advises the kernel to back large arrays with huge pages; under the usual
    # `defrag=madvise` setting a first touch may then wait for memory compaction, which
    # cost the report 7% at 1e7 rows. Set before NumPy loads; a user's value stands.
    os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")
    code = main()
    # Everything alive now dies with the process: a last collection walking the report's
    # imports and results would only delay the exit (by a third of a second).
    gc.freeze()
    return code


def main(argv=None):
    """The command line on ``argv`` (default: the process's arguments); its exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "report" and (args.label is None or not args.score):
        # (argparse's own message, with the file's columns to choose from)
        missing = [option for option, value in (("--label", args.label),
                                                ("--score", args.score)) if not value]
        parser.report_parser.error("the following arguments are required: "
                                   + ", ".join(missing) + _columns_hint(args.file, args.sep))
    if args.json:
        args.format = "json"
    with warnings.catch_warnings():
        warnings.showwarning = _show_warning
        return _run(args)


def _show_warning(message, category, filename, lineno, file=None, line=None):
    """A warning the report did not make a note of (a library's, a figure's): one line
    on stderr, as an error is, not Python's file, line and source."""
    print(f"sklearn-prcurves: warning: {message}", file=sys.stderr)


def _save(result, args):
    from ._api import holds_report

    if holds_report(args.output):
        print(f"sklearn-prcurves: replacing the previous report in {args.output}",
              file=sys.stderr)
    return result.save(args.output, force=args.force)


def _run(args):
    source = None
    try:
        _check_arguments(args)
        source, spec = _source_and_spec(args)
        if not args.no_files:
            _import_in_background("matplotlib.figure", "matplotlib.backends.backend_agg")
        result = run_report(source, spec, args)
        written = [] if args.no_files else _save(result, args)
        if not args.quiet:
            sep = getattr(args, "sep", None)  # the demo has no --sep
            delimiter = "," if sep is None else sep.encode("utf-8").decode("unicode_escape")
            text = result.to_text(args.format, delimiter=delimiter).rstrip("\n")
            if written and args.format == "table":
                text += f"\n\nWrote {', '.join(written)}"
            print(text)
            sys.stdout.flush()
        if args.mlflow:
            _log_to_mlflow(result)
        failed = [o["text"] for o in result.requirements if not o["met"]]
        for line in failed:
            print(f"sklearn-prcurves: requirement not met: {line}", file=sys.stderr)
        if failed:
            return _NOT_MET
    except BrokenPipeError:
        # The reader stopped early (`... | head`): nothing more to say. Python would
        # report the pipe again when it flushes stdout at exit; point stdout at
        # /dev/null first.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except (InputError, OSError) as exc:
        print(f"sklearn-prcurves: error: {exc}", file=sys.stderr)
        return _INPUT_ERROR
    except KeyboardInterrupt:
        print("sklearn-prcurves: interrupted", file=sys.stderr)
        return _INTERRUPTED
    except Exception as exc:  # noqa: BLE001 - a command line prints no traceback
        print(
            f"sklearn-prcurves: internal error ({type(exc).__name__}: {exc}); please "
            "report it with the command that caused it",
            file=sys.stderr,
        )
        return _INTERNAL_ERROR
    finally:
        if source is not None:
            source.close()
    return 0


def _log_to_mlflow(result):
    """The report logged to MLflow; what goes wrong there is the input's error (one
    line: the report was written and printed before)."""
    try:
        run_id = result.log_to_mlflow()
    except ImportError as error:
        raise InputError(str(error)) from None
    except Exception as error:  # noqa: BLE001 - MLflow's own errors, of any class
        raise InputError(f"logging to MLflow failed: {error}") from None
    print(f"sklearn-prcurves: logged to MLflow run {run_id}", file=sys.stderr)


def _columns_hint(name, sep):
    """" (the columns of FILE are: ...)" for a plain, gzip or bzip2 text file, read by
    the standard library (an argument error imports nothing heavy), else ""."""
    import bz2
    import csv
    import gzip
    from pathlib import Path

    path = Path(name)
    try:
        with open(path, "rb") as handle:
            head = handle.read(4)
        opener = {b"\x1f\x8b": gzip.open, b"BZ": bz2.open}.get(head[:2], open)
        if head.startswith((b"PAR1", b"ARRO", b"\x28\xb5\x2f\xfd", b"PK\x03\x04")):
            return ""  # (Parquet, Arrow, zstd, zip: not for the standard library)
        delimiter = (sep.encode("utf-8").decode("unicode_escape") if sep
                     else "\t" if path.suffix.lower() in (".tsv", ".tab") else ",")
        encoding = "utf-16" if head[:2] in (b"\xff\xfe", b"\xfe\xff") else "utf-8-sig"
        with opener(path, "rt", encoding=encoding, newline="") as text:
            header = next(csv.reader(text, delimiter=delimiter))
    except (OSError, ValueError, UnicodeDecodeError, csv.Error, StopIteration, EOFError):
        return ""
    shown = ", ".join(map(repr, header[:30])) + (" ..." if len(header) > 30 else "")
    return f" (the columns of {path.name} are: {shown})"


def _parser():
    parser = argparse.ArgumentParser(
        prog="sklearn-prcurves",
        description="Precision-recall and ROC analysis after Davis and Goadrich (2006).",
        epilog=_STATUS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    def common(sub):
        out = sub.add_argument_group("output")
        out.add_argument("--output", default="prcurves-report",
                         help="folder for figures, results and report.html (default: %(default)s)")
        out.add_argument("--format", choices=("table", "json", "csv", "markdown"),
                         default="table", help="what to print (default: %(default)s)")
        out.add_argument("--json", action="store_true", help="same as --format json")
        out.add_argument("--quiet", action="store_true", help="print nothing; write the files")
        out.add_argument("--no-files", action="store_true", help="write no folder")
        out.add_argument("--force", action="store_true",
                         help="write into an --output folder that holds other files")
        out.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
        out.add_argument("--mlflow", action="store_true",
                         help="also log every number, the per-threshold tables and the "
                              "report's files to MLflow (MLFLOW_TRACKING_URI; the active "
                              "run MLFLOW_RUN_ID, else a new run)")
        look = sub.add_argument_group("figures")
        look.add_argument("--figure-format", choices=("png", "svg", "pdf"), default="png",
                          help="file format of the figures (default: %(default)s; the HTML "
                               "page shows PDF figures as PNG)")
        look.add_argument("--dpi", type=_dpi, default=150,
                          help="resolution of PNG figures (default: %(default)s)")
        look.add_argument("--figure-size", type=_size, default=(6.4, 6.4), metavar="W,H",
                          help="one panel's width and height in inches (default: 6.4,6.4)")
        look.add_argument("--style", metavar="STYLE",
                          help="a matplotlib style: a name such as 'seaborn-v0_8-paper' or "
                               "'ggplot', or a .mplstyle file")
        what = sub.add_argument_group("measures")
        what.add_argument("--at-recall", type=_unit, action="append", default=[],
                          metavar="R", help="report the best precision at recall >= R (repeat)")
        what.add_argument("--at-precision", type=_unit, action="append", default=[],
                          metavar="P", help="report the best recall at precision >= P (repeat)")
        what.add_argument("--at-flag-rate", type=_unit, action="append", default=[],
                          metavar="B", help="report the best recall flagging at most a share "
                          "B of the cases, an alert budget (repeat)")
        what.add_argument("--review-band", type=_bounds, metavar="P,N[,R]",
                          help="report the certified review band: automatic positives "
                               "with precision >= P above it, automatic negatives with "
                               "negative predictive value >= N below it, at most a share "
                               "R of the cases between them for review")
        what.add_argument("--prevalence", type=_open_unit, metavar="PI",
                          help="the deployment's share of positives (e.g. 0.001): precision, "
                               "the PR curves and areas and the operating points as that "
                               "population would see them (default: the data's own)")
        what.add_argument("--decision-curve", action="store_true",
                          help="scores are probabilities: add each model's net benefit at "
                               "thresholds 0 to 0.99 against treating all and none "
                               "(decision curve analysis)")
        what.add_argument("--shift-risks", action="store_true",
                          help="with --prevalence and --decision-curve: the probabilities "
                               "were fitted at the data's prevalence; read the deployment's "
                               "risks, theirs moved by Bayes' rule (prior shift)")
        _gate_options(sub)
        what.add_argument("--no-intervals", action="store_true",
                          help="skip confidence intervals and the paired test (faster)")
        what.add_argument("--confidence-level", type=_open_unit, default=0.95, metavar="LEVEL",
                          help="of the intervals (default: %(default)s)")
        what.add_argument("--paired-test", choices=PAIRED_TESTS,
                          help="how the paired AUC-PR test finds its standard error: from "
                               "each row's influence on the areas (delta) or from "
                               "resamples (bootstrap) (default: delta; with --prevalence, "
                               "bootstrap)")
        what.add_argument("--n-resamples", type=_resamples, metavar="B",
                          help="resamples of --paired-test bootstrap "
                               f"(default: {PAIRED_TEST_RESAMPLES})")
        what.add_argument("--seed", type=_seed, default=PAIRED_TEST_SEED, metavar="N",
                          help="of the paired test's row sample and resamples: the same "
                               "seed gives the same report (default: %(default)s)")
        what.add_argument("--binned", action="store_true",
                          help="count scores in bins of relative width 2**-BITS: bounded memory, "
                               "every figure with its certified bound")
        what.add_argument("--mantissa-bits", type=int, default=12, metavar="BITS",
                          help="bin resolution with --binned (default: %(default)s)")
        what.add_argument("--tolerance", type=_non_negative, metavar="T",
                          help="with --binned: refine bins (a second pass) until every "
                               "AUC-ROC bound is at most T")

    statuses = {"epilog": _STATUS_HELP, "formatter_class": argparse.RawDescriptionHelpFormatter}
    demo = commands.add_parser("demo", help="analyse three models on built-in imbalanced data",
                               **statuses)
    common(demo)
    report = commands.add_parser(
        "report", help="analyse the scores in a CSV, TSV, compressed CSV, Parquet or Arrow "
                       "(Feather) input",
        usage="%(prog)s FILE --label COLUMN --score COLUMN [--score COLUMN ...] [options]",
        **statuses)
    parser.report_parser = report  # (main's message for a missing --label or --score)
    report.add_argument("file", help="CSV/TSV (optionally .gz/.zst/.bz2), Parquet or Arrow "
                                     "(Feather) file, folder or glob of them, or - for "
                                     "standard input")
    data = report.add_argument_group("input")
    data.add_argument("--label", help="column of true labels (required)")
    data.add_argument("--score", action="append",
                      help="column of scores (required; repeat for several models)")
    data.add_argument("--weight", help="column of non-negative sample weights")
    data.add_argument("--pos-label",
                      help="the positive label (default: 1 with labels 0/1, -1/1 or true/false)")
    data.add_argument("--by", metavar="COLUMN",
                      help="also report every measure per value of COLUMN, and the grouped AUC")
    data.add_argument("--cluster", metavar="COLUMN",
                      help="rows come in clusters (a patient, customer or session id): "
                           "intervals and paired tests count clusters, not rows")
    data.add_argument("--max-segments", type=int, default=DEFAULT_MAX_SEGMENTS, metavar="N",
                      help="refuse a --by column with more values (default: %(default)s)")
    data.add_argument("--sep", help="CSV field separator (default: ',' or a tab for .tsv)")
    data.add_argument("--stdin-format", choices=("csv", "tsv", "parquet"), default="csv",
                      help="format of standard input (default: %(default)s)")
    data.add_argument("--drop-missing", action="store_true",
                      help="drop rows whose score or weight is missing (NaN or empty) and "
                           "report how many; without it such rows are an error")
    data.add_argument("--engine", choices=("local", "dask", "spark"), default="local",
                      help="count in this process (default), on a Dask cluster or on Spark "
                           "executors")
    data.add_argument("--scheduler", metavar="ADDRESS",
                      help="with --engine dask: a running scheduler (default: a local "
                           "cluster); with --engine spark: the master URL (default: local)")
    common(report)
    return parser


_STATUS_HELP = "exit status:\n" + "\n".join(
    textwrap.fill(meaning, 79, initial_indent=f"  {code:<5}", subsequent_indent=" " * 7)
    for code, meaning in EXIT_STATUSES.items())


def _gate_options(sub):
    gate = sub.add_argument_group(
        "quality gates", "exit with status 1 (the report still written) when a "
        "requirement is not met by every model (2: an error, nothing reported)")
    gate.add_argument("--require", type=_requirement, action="append", default=[],
                      metavar="MEASURE>=X",
                      help="e.g. 'auc_pr>=0.30': a measure of results.json by its key or "
                           "scorer name, then >=, <=, > or <, then a number (repeatable)")
    gate.add_argument("--require-better-than", metavar="MODEL",
                      help="every other model's AUC-PR above MODEL's by the paired test at "
                           "the report's level (Holm-adjusted)")


def _requirement(text):
    try:
        return Requirement(text)
    except InputError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _bounds(text):
    try:
        return tuple(float(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text} is not numbers separated by commas") from None


def _unit(text):
    value = float(text)
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text} is not in [0, 1]")
    return value


def _dpi(text):
    value = int(text)
    if not 20 <= value <= 2400:
        raise argparse.ArgumentTypeError(f"{text} is not a resolution in [20, 2400] dpi")
    return value


def _size(text):
    try:
        width, height = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a size W,H in inches, e.g. 6.4,4.8") from None
    if not (1 <= width <= 50 and 1 <= height <= 50):
        raise argparse.ArgumentTypeError(f"{text!r}: each side must be 1 to 50 inches")
    return width, height


def _non_negative(text):
    value = float(text)
    if not value >= 0:  # (NaN too)
        raise argparse.ArgumentTypeError(f"{text} is not a number >= 0")
    return value


def _whole_number(low, high=None, high_text=None):
    """An argparse type: a whole number at least ``low`` (and below ``high``)."""
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value >= high):
            span = f"of at least {low}" if high is None else f"in [{low}, {high_text})"
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number {span}")
        return value
    return parse


_resamples = _whole_number(2)
_seed = _whole_number(0, 2**32, "2**32")  # (scikit-learn's random_state)


def _open_unit(text):
    value = float(text)
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not in (0, 1)")
    return value


def _check_arguments(args):
    figures = _figure_options(args)  # (its checks, before any reading)
    if not args.no_files:
        figures.check_pixels(segments=getattr(args, "by", None) is not None)
    if args.command == "report":
        if len(set(args.score)) != len(args.score):
            raise InputError("a --score column is named twice")
        if args.label in args.score:
            raise InputError(f"{args.label!r} is both the label and a score column")
        if args.max_segments < 1:
            raise InputError("--max-segments must be at least 1")
        if args.engine == "local" and args.scheduler:
            raise InputError("--scheduler goes with --engine dask or --engine spark")
        if args.sep is not None and len(args.sep.encode("utf-8").decode("unicode_escape")) != 1:
            raise InputError("--sep must be one character (\\t for a tab)")


def _spec(args, label, scores, weight=None, pos_label=None, by=None, cluster=None):
    return ReportSpec(
        label=label, scores=scores, weight=weight, pos_label=pos_label, by=by,
        at_recall=args.at_recall, at_precision=args.at_precision,
        at_flag_rate=args.at_flag_rate,
        intervals=not args.no_intervals, confidence_level=args.confidence_level,
        binned=args.binned, mantissa_bits=args.mantissa_bits, tolerance=args.tolerance,
        drop_missing=getattr(args, "drop_missing", False),
        max_segments=getattr(args, "max_segments", DEFAULT_MAX_SEGMENTS),
        progress=not (args.no_progress or args.quiet),
        paired_test=args.paired_test, n_resamples=args.n_resamples, seed=args.seed,
        require=args.require, require_better_than=args.require_better_than,
        prevalence=args.prevalence, decision_curve=args.decision_curve, cluster=cluster,
        shift_risks=getattr(args, "shift_risks", False),
        review_band=getattr(args, "review_band", None),
    )


def _import_in_background(*modules):
    """Import ``modules`` on a thread while the report reads and counts, which mostly
    runs outside the interpreter's lock (Arrow's readers, NumPy's sorts): the figures'
    half second of imports is then spent beside the work. An import that fails there
    fails again, with its message, where the figures need it."""
    import importlib
    import threading

    def load():
        for name in modules:
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001, S110 - see the docstring
                return

    threading.Thread(target=load, name="sklearn-prcurves-imports", daemon=True).start()


def _source_and_spec(args):
    from ._gates import check_requirements
    from ._sources import TableSource, open_source

    if args.command == "demo":
        table, scores = _demo_table()
        return TableSource(table, "demo"), _spec(args, "y", scores)
    sep = None if args.sep is None else args.sep.encode("utf-8").decode("unicode_escape")
    spec = _spec(args, args.label, args.score, args.weight, args.pos_label, args.by,
                 args.cluster)
    check_requirements(spec)  # (a mistyped gate is refused before any file is opened)
    source = open_source(args.file, delimiter=sep, stdin_format=args.stdin_format)
    source.check_columns(spec.columns)
    return source, spec


def run_report(source, spec, args):
    """The :class:`~sklearn_prcurves._report._api.Report` of a source."""
    from ._api import compute

    return compute(source, spec, _figure_options(args), getattr(args, "engine", "local"),
                   getattr(args, "scheduler", None))


# --- the demo ---------------------------------------------------------------------------


def _demo_table():
    """Three models scored on the held-out half of a generated imbalanced set (seeded).

    Chosen so that the measures disagree: logistic regression has the best AUC-ROC,
    25-nearest-neighbours the best AUC-PR (Davis and Goadrich's section 5).
    """
    import numpy as np

    from ._sources import import_pyarrow

    pa = import_pyarrow()  # names the [report] extra when pyarrow is missing
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
    columns = {"y": y_test}
    for name, model in models.items():
        columns[name] = model.fit(X_train, y_train).predict_proba(X_test)[:, 1]
    return pa.table(columns), list(models)


def _figure_options(args):
    return FigureOptions(args.figure_format, args.dpi, args.figure_size, args.style)
