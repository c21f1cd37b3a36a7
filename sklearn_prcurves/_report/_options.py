"""What the command line can ask of the report, checked before any data is read:
the options' defaults, the report's specification and the figures' geometry.

This module imports nothing heavy, so that ``--help``, ``--version`` and argument
errors answer without loading scikit-learn, SciPy, matplotlib or pyarrow.
"""

import re
from pathlib import Path

from .._base._messages import InputError, option, review_bound_refused

__all__ = ["LEVEL_FAMILIES", "FigureOptions", "ReportSpec", "Requirement", "check_style"]

#: The per-level rows: the spec's attribute, the objective made best, the measure the
#: level bounds, and whether the bound is a floor (``>=``) or a ceiling (``<=``).
LEVEL_FAMILIES = (("at_recall", "precision", "recall", ">="),
                  ("at_precision", "recall", "precision", ">="),
                  ("at_flag_rate", "recall", "flag_rate", "<="))

# The paired AUC-PR test's methods (--paired-test): the delta method's standard error
# from each row's influence on the areas, or the spread of a paired bootstrap.
PAIRED_TESTS = ("delta", "bootstrap")
# The bootstrap's resamples and the seed of the tests' row sample and resamples
# (--n-resamples, --seed): a report is reproducible.
PAIRED_TEST_RESAMPLES = 500
PAIRED_TEST_SEED = 20061
# Segments are held in memory, one table per segment and model: a column with more
# distinct values than this is refused (raise it with --max-segments).
DEFAULT_MAX_SEGMENTS = 1000
#: A segment with fewer positives or negatives than this is flagged: its areas rest on
#: too few rows to compare with the others'.
SMALL_SEGMENT = 10


def check_style(style):
    """A matplotlib style that exists (checked before any reading, if matplotlib is
    installed; without it there are no figures to style)."""
    try:
        import matplotlib.style
    except ImportError:
        return
    if style not in matplotlib.style.available and not Path(style).is_file():
        raise InputError(
            f"style {style!r} is neither a matplotlib style (e.g. "
            f"{', '.join(sorted(matplotlib.style.available)[:4])}, ...) nor a file")


class Requirement:
    """A quality gate on one measure of every model, ``"auc_pr>=0.30"``: the measure
    by its key in ``results.json`` or its scorer name, one of ``>= <= > <``, a number.
    A level measure (``recall_at_precision_0.9``, ``recall_at_flag_rate_0.02``) adds
    its level to the report."""

    _FORM = re.compile(r"\s*([A-Za-z_][\w.]*)\s*(>=|<=|>|<)\s*(\S+)\s*")
    #: scorer names (get_scorer_names) of the report's measures
    SCORER_NAMES = {"pr_auc": "auc_pr", "pr_auc_continuous": "auc_pr_continuous",
                    "achievable_pr_auc": "achievable_auc_pr",
                    "normalized_pr_auc": "normalized_auc_pr", "roc_auc": "auc_roc"}

    def __init__(self, text):
        match = self._FORM.fullmatch(str(text))
        bound = _number(match[3]) if match else None
        if bound is None:
            raise InputError(
                f"requirement {text!r} is not MEASURE OPERATOR NUMBER, e.g. "
                "'auc_pr>=0.30' (operators >=, <=, >, <)")
        self.text = re.sub(r"\s+", "", str(text))
        self.key = self.SCORER_NAMES.get(match[1], match[1])
        self.operator, self.bound = match[2], bound

    def level(self):
        """``("at_precision", 0.9)`` for a level measure, else None."""
        families = {f"{objective}_at_{measure}": attribute
                    for attribute, objective, measure, _ in LEVEL_FAMILIES}
        found = re.fullmatch(rf"(?:certified_)?({'|'.join(families)})_(.+)", self.key)
        value = _number(found[2]) if found else None
        if value is None or not 0 <= value <= 1:
            return None
        return families[found[1]], value

    def holds(self, value):
        """Whether ``value`` meets the requirement (a NaN meets none)."""
        return {">=": value >= self.bound, "<=": value <= self.bound,
                ">": value > self.bound, "<": value < self.bound}[self.operator]


def _number(text):
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value == value else None


class ReportSpec:
    """What the command line asked for."""

    def __init__(self, *, label, scores, weight=None, pos_label=None, by=None,
                 at_recall=(), at_precision=(), at_flag_rate=(), intervals=True,
                 confidence_level=0.95,
                 binned=False, mantissa_bits=12, tolerance=None, drop_missing=False,
                 max_segments=DEFAULT_MAX_SEGMENTS, progress=True,
                 paired_test=None, n_resamples=None, seed=PAIRED_TEST_SEED,
                 require=(), require_better_than=None, by_name=None, prevalence=None,
                 decision_curve=False, cluster=None, shift_risks=False, review_band=None):
        self.label, self.scores, self.weight = label, list(scores), weight
        # (by_name: what the output calls the segment column, where it is not by)
        self.pos_label, self.by, self.by_name = pos_label, by, by_name or by
        self.at_recall, self.at_precision = list(at_recall), list(at_precision)
        self.at_flag_rate = list(at_flag_rate)
        self.require = [r if isinstance(r, Requirement) else Requirement(r)
                        for r in require]
        for what, value in filter(None, (r.level() for r in self.require)):
            if value not in getattr(self, what):
                getattr(self, what).append(value)
        self.require_better_than = require_better_than
        _check_reference(require_better_than, self.scores, intervals)
        self.intervals, self.confidence_level = intervals, confidence_level
        self.binned, self.mantissa_bits, self.tolerance = binned, mantissa_bits, tolerance
        _check_levels(self, mantissa_bits)
        if tolerance is not None and not binned:
            raise InputError(f"{option('tolerance')} goes with {option('binned', True)}")
        self.drop_missing, self.max_segments = drop_missing, max_segments
        self.progress = progress
        if prevalence is not None and not 0 < prevalence < 1:  # (NaN too)
            raise InputError(f"{option('prevalence')} must be a share of positives in "
                             f"(0, 1), got {prevalence!r}")
        self.prevalence, self.decision_curve = prevalence, decision_curve
        if shift_risks and (prevalence is None or not decision_curve):
            raise InputError(
                f"{option('shift_risks', True)} moves the decision curve's risks from the "
                f"data's prevalence to the deployment's: give {option('prevalence')} and "
                f"{option('decision_curve', True)} too")
        self.shift_risks = shift_risks
        self.cluster = cluster
        if cluster is not None and not intervals:
            raise InputError(f"{option('groups')} sets how the intervals and paired tests "
                             f"count rows; {option('intervals', False)} leaves them out")
        if cluster is not None and cluster in (label, weight, *self.scores):
            raise InputError(f"{option('groups', cluster)} names the label, a score or "
                             "the weight: a cluster id needs a column of its own")
        if paired_test is None:  # (at a remote prevalence the delta method's first order
            # fell 15-25% short of the bootstrap's spread, on 6,000 rows at 1%)
            paired_test = "delta" if prevalence is None else "bootstrap"
        if n_resamples is not None and paired_test != "bootstrap":
            raise InputError(f"{option('n_resamples')} sets the paired bootstrap's "
                             f"resamples: add {option('paired_test', 'bootstrap')} (the "
                             "default test resamples nothing)")
        self.paired_test, self.seed = paired_test, seed
        self.n_resamples = (PAIRED_TEST_RESAMPLES if n_resamples is None and
                            paired_test == "bootstrap" else n_resamples)
        self.review_band = _checked_band(review_band, prevalence, cluster, intervals)

    def levels(self):
        """Each per-level row asked for: ``(objective, measure, relation, level)``."""
        return [(objective, measure, relation, level)
                for attribute, objective, measure, relation in LEVEL_FAMILIES
                for level in getattr(self, attribute)]

    @property
    def columns(self):
        names = [self.label, *self.scores]
        if self.weight:
            names.append(self.weight)
        if self.by:
            names.append(self.by)
        if self.cluster:
            names.append(self.cluster)
        return list(dict.fromkeys(names))


def _checked_band(review_band, prevalence, cluster, intervals):
    """The review band's bounds ``(precision, npv[, review])`` as floats, or None: each
    in (0, 1), a review bound only where it can be certified, and intervals asked for
    (the band is a certified reading)."""
    if review_band is None:
        return None
    bounds = tuple(float(v) for v in review_band)
    if len(bounds) not in (2, 3) or not all(0 < v < 1 for v in bounds):
        raise InputError(
            f"{option('review_band')} takes PRECISION,NPV or PRECISION,NPV,REVIEW, each in "
            f"(0, 1): the automatic positives' least precision, the automatic negatives' "
            f"least negative predictive value and the largest share reviewed; got "
            f"{review_band!r}")
    if not intervals:
        raise InputError(f"{option('review_band')} is a certified band; "
                         f"{option('intervals', False)} leaves certified readings out")
    for given, name in ((prevalence, "prevalence"), (cluster, "groups")):
        if len(bounds) == 3 and given is not None:
            raise InputError(review_bound_refused(name))
    return bounds


def _check_levels(spec, mantissa_bits):
    for name, *_ in LEVEL_FAMILIES:
        levels = getattr(spec, name)
        if not all(0 <= level <= 1 for level in levels):
            raise InputError(f"{option(name)} must hold numbers in [0, 1], got {levels}")
    if not 0 <= mantissa_bits <= 52:
        raise InputError(f"{option('mantissa_bits')} must be in [0, 52]")


def _check_reference(reference, scores, intervals):
    """The model of --require-better-than: one of the report's, beside another, with
    the paired test on."""
    if reference is None:
        return
    if reference not in scores:
        raise InputError(f"{option('require_better_than', reference)} is not a model "
                         f"of the report (its models: {', '.join(map(repr, scores))})")
    if len(scores) < 2:
        raise InputError(f"{option('require_better_than')} needs another model to compare")
    if not intervals:
        raise InputError(f"{option('require_better_than')} is decided by the paired "
                         f"test, which {option('intervals', False)} leaves out")


DEFAULT_DPI = 150
DEFAULT_SIZE = (6.4, 6.4)  # inches, of one panel
#: The most pixels a figure may have (raster formats; PDF figures are shown in the page
#: as PNG): 100 megapixels, 400 MB as an RGBA image while it is drawn.
MAX_PIXELS = 100_000_000
# Inches a legend beside the axes may add to a figure's width.
_LEGEND_WIDTH = 4.5


class FigureOptions:
    """How the report's figures are drawn and saved (the command line's ``--figure-*``
    options): format, resolution of raster output, one panel's size in inches, and a
    matplotlib style (a name from ``matplotlib.style.available`` or a file)."""

    def __init__(self, fmt="png", dpi=DEFAULT_DPI, size=DEFAULT_SIZE, style=None):
        self.format, self.dpi, self.size, self.style = fmt, dpi, tuple(size), style
        if len(self.size) != 2 or not all(1 <= side <= 50 for side in self.size):
            raise InputError(f"{option('figure_size')} must be (width, height), each 1 to "
                             f"50 inches, got {size!r}")
        if style is not None:
            check_style(style)

    def largest_figure(self, segments=False):
        """``(width, height)`` in inches of the largest figure the report can draw:
        the ROC pair, the PR figure, or with ``segments`` (``--by``) the small
        multiples (four panels wide whatever their number, at most 4 x 3 of them; one
        segment a square of that width), legends beside them included."""
        width, height = self.size
        panel = segment_panel(width)
        sizes = [(width + _LEGEND_WIDTH, height + 1.0),
                 (2 * width + _LEGEND_WIDTH, height - 0.2)]
        if segments:
            sizes += [(4 * panel + _LEGEND_WIDTH, 3 * panel + 0.8),
                      (4 * panel + _LEGEND_WIDTH, 4 * panel + 0.8)]
        return max(sizes, key=lambda size: size[0] * size[1])

    def check_pixels(self, segments=False):
        """Refuse, before any work, figures larger than :data:`MAX_PIXELS` (for
        raster output; an SVG figure has no pixels): one line saying which options
        to lower."""
        if self.format == "svg":
            return
        width, height = self.largest_figure(segments)
        pixels = width * self.dpi * height * self.dpi
        if pixels > MAX_PIXELS:
            raise InputError(
                f"{option('dpi', self.dpi)} with {option('figure_size', self.size)} "
                f"makes figures of up to {width * self.dpi:,.0f} x {height * self.dpi:,.0f}"
                f" pixels ({pixels / 1e6:,.0f} megapixels); at most "
                f"{MAX_PIXELS / 1e6:,.0f} megapixels are drawn: lower {option('dpi')} or "
                f"{option('figure_size')} (or use {option('figure_format', 'svg')})")


def segment_panel(width):
    """One small-multiple panel's side in inches, for panels of ``width`` inches."""
    return max(width / 2.2, 2.4)
