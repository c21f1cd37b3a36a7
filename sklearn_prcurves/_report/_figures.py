"""The report's figures, drawn from the count tables at any size.

A curve with millions of points is drawn through a subset: per column of a grid
finer than the figure's pixels, the first, last, lowest and highest point (the
"M4" reduction, Jugel et al., VLDB 2014), which rasterises like the whole curve. The
hull and the achievable curve are few points and are drawn whole.
"""

import base64
import io
import math

import numpy as np

from .._measures._interpolation import path_points
from .._plot._base import THRESHOLD_GID, draw_iso_f1, label_threshold, log_view
from ._options import SMALL_SEGMENT, FigureOptions, segment_panel
from ._ranged import path_blocks

__all__ = ["FORMATS", "data_uri", "draw_figures", "thin"]

# Grid columns across the unit axis: figures are about 700 pixels wide.
_COLUMNS = 4096


def thin(x, y, columns=_COLUMNS):
    """Indices of the points to draw of a curve with ``x`` non-decreasing in [0, 1]:
    each grid column's first and last point, its lowest (the first of equals) and its
    highest (the last of equals)."""
    n = x.shape[0]
    if n <= 4 * columns:
        return np.arange(n)
    # x is sorted, so each column is a run of rows: its first row by a binary search
    # (x * columns is monotone), its extremes by reduceat and a search among the rows
    # that equal them.
    firsts = np.searchsorted(x * columns, np.arange(1, columns), side="left")
    starts = np.unique(np.r_[0, firsts[firsts < n]])
    ends = np.r_[starts[1:] - 1, n - 1]
    sizes = ends - starts + 1
    height = np.where(np.isnan(y), np.inf, y)  # (NaN: drawn as the highest)
    hits = np.flatnonzero(height == np.repeat(np.minimum.reduceat(height, starts), sizes))
    lowest = hits[np.searchsorted(hits, starts)]
    hits = np.flatnonzero(height == np.repeat(np.maximum.reduceat(height, starts), sizes))
    highest = hits[np.searchsorted(hits, ends, side="right") - 1]
    return np.unique(np.concatenate([starts, ends, lowest, highest]))


def _label(name):
    """A column name as matplotlib draws it literally (``$`` would start mathtext)."""
    return str(name).replace("$", r"\$")


def _thinned_path(path, along):
    """A count path (a :class:`~sklearn_prcurves._report._ranged.Path`, origin first)
    reduced to the points a figure can show.

    Between consecutive path points every curve drawn here (the ROC segment, the
    Davis-Goadrich or straight PR segment) is monotone, so a grid column's extremes
    are path points: thinning the path first, then interpolating, draws what the
    whole curve would, from a few thousand points.
    """
    tps, fps, thresholds = [np.zeros(1)], [np.zeros(1)], [np.array([np.inf])]
    # (in blocks of rows: a column's extremes in the whole path are among its extremes
    # in the blocks, and the temporaries stay small)
    for tp, fp, piece_thresholds in path_blocks(path):
        tp, fp, piece_thresholds = tp[1:], fp[1:], piece_thresholds
        if along == "recall":
            keep = thin(tp / path.n_pos, tp / (tp + fp))
        else:
            keep = thin(fp / path.n_neg, tp / path.n_pos)
        tps.append(tp[keep])
        fps.append(fp[keep])
        thresholds.append(piece_thresholds[keep].astype(np.float64))
    return np.concatenate(tps), np.concatenate(fps), np.concatenate(thresholds)


def _pr_points(table, interpolation="davis-goadrich"):
    precision, recall, _ = path_points(*_thinned_path(table, "recall"), interpolation)
    keep = thin(recall, precision)
    return recall[keep], precision[keep]


def _achievable_points(hull):
    tp, fp = hull
    precision, recall, _ = path_points(tp, fp, np.zeros(tp.shape[0]), "davis-goadrich")
    return recall, precision


def _roc_points(table):
    tp, fp, _ = _thinned_path(table, "fpr")
    return fp / fp[-1], tp / tp[-1]


def _hull_points(hull):
    tp, fp = hull
    return fp / fp[-1], tp / tp[-1]


def _iso_f1(ax):
    """Iso-F1 curves over their whole range, in the displays' style."""
    draw_iso_f1(ax, (0.2, 0.4, 0.6, 0.8))


def _decimal_log_ticks(axis, low, high):
    """A log axis labelled in plain numbers (0.01, 0.2, 1; 10⁻⁵ below a thousandth),
    easier to read than mathtext's powers and drawn without building its parser. 1, 2
    and 5 of each decade are labelled when the axis spans few decades."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    few = math.log10(high / low) <= 2.5
    axis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0) if few else (1.0,)))
    axis.set_major_formatter(FuncFormatter(_decimal_tick))
    axis.set_minor_locator(LogLocator(subs=[s for s in range(2, 10) if not few or s not in (2, 5)]))
    axis.set_minor_formatter(NullFormatter())


_SUPERSCRIPTS = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def _decimal_tick(value, _position=None):
    if value >= 1e-3:
        return f"{value:g}"
    exponent = math.floor(math.log10(value) + 1e-9)
    mantissa = round(value / 10.0**exponent, 6)
    power = "10" + str(exponent).translate(_SUPERSCRIPTS)
    return power if mantissa == 1 else f"{mantissa:g}×{power}"


def _legend_beside(ax, handles=None, labels=None, clear=0.02):
    """The legend outside the axes, on their right: it covers no curve, however many
    entries it holds (the saved figure grows to take it). ``clear``: how far right of
    the axes it starts, in axes widths (past labels written at the edge)."""
    if handles is None:
        handles, labels = ax.get_legend_handles_labels()
    ax.legend(handles, labels, loc="upper left", bbox_to_anchor=(1 + clear, 1.0),
              fontsize=8, frameon=False, borderaxespad=0.0)


#: The most models drawn in one figure; the report's tables list every model.
MAX_DRAWN_MODELS = 8


def _note_above(fig, note):
    """Which models are drawn, over both panels (an axes title's second line would run
    into the next panel's title)."""
    if note:
        fig.suptitle(note[0].upper() + note[1:], fontsize=9, y=1.0)


def drawn_models(tables, results):
    """``(models to draw, note)``: every model, or the :data:`MAX_DRAWN_MODELS` best by
    AUC-PR (Davis-Goadrich), the report's recommended area, in the tables' order, with
    a sentence saying so (empty when every model is drawn)."""
    models = list(tables)
    if len(models) <= MAX_DRAWN_MODELS:
        return models, ""

    def area(model):
        value = results[model]["values"].get("auc_pr")
        return -np.inf if value is None or value != value else value

    best = set(sorted(models, key=lambda m: -area(m))[:MAX_DRAWN_MODELS])
    note = (f"the {MAX_DRAWN_MODELS} best of {len(models)} models by AUC-PR "
            "(Davis-Goadrich) are drawn; the tables list all of them")
    return [m for m in models if m in best], note


#: The report's figure formats: what each is saved as, and its MIME type in the page.
FORMATS = {"png": "image/png", "svg": "image/svg+xml", "pdf": "application/pdf"}


def draw_figures(tables, results, prevalence, options=None, spec=None, segments=None):
    """``[(filename, caption, file bytes, page image)]`` for the report: each figure
    in the chosen format, and as the page shows it (``(MIME type, bytes)``: the SVG
    itself, or a PNG beside a PDF, which browsers do not show inline)."""
    import matplotlib.style

    options = options or FigureOptions()
    out = []
    with matplotlib.style.context(options.style or "default"):
        for name, caption, fig in build_figures(tables, results, prevalence, options, spec,
                                                segments):
            data = _saved(fig, options.format, options.dpi)
            if options.format == "pdf":
                shown = ("image/png", _saved(fig, "png", options.dpi))
            else:
                shown = (FORMATS[options.format], data)
            out.append((f"{name}.{options.format}", caption, data, shown))
    return out


def build_figures(tables, results, prevalence, options=None, spec=None, segments=None):
    """``[(name, caption, matplotlib figure)]`` for the report (names without their
    format's suffix); ``segments``: ``(tables by segment and model, the --by results)``
    for the per-segment figure. The figures are not pyplot's (no backend is chosen or
    changed, and nothing is left open): a notebook shows them, ``savefig`` saves them."""
    import matplotlib

    options = options or FigureOptions()
    drawn, drawn_note = drawn_models(tables, results)
    page = _Page(tables, results, drawn, drawn_note, options.size,
                 matplotlib.rcParams["axes.prop_cycle"].by_key()["color"])
    figures = [_pr_figure(page, prevalence, spec), _roc_figure(page)]
    gap = _gap_figure(page)
    if gap is not None:
        figures.append(gap)
    if any("decision_curve" in results[model] for model in drawn):
        figures.append(_decision_figure(page, prevalence))
    if segments is not None and segments[0]:
        figures.append(_segment_figure(*segments, drawn, options, page.colours,
                                       page.subplots, page.shown,
                                       getattr(spec, "prevalence", None)))
    return figures


class _Page:
    """What every figure of one report shares: the models drawn, their colours, the
    panel size."""

    def __init__(self, tables, results, drawn, note, size, colours):
        self.tables, self.results, self.drawn, self.note = tables, results, drawn, note
        self.width, self.height = size
        self.colours = colours
        self.shown = f"; {note}" if note else ""

    @staticmethod
    def subplots(*grid, figsize, **kwargs):
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        fig = Figure(figsize=figsize)
        FigureCanvasAgg(fig)  # (a canvas that draws: renderers, bounding boxes)
        return fig, fig.subplots(*grid, **kwargs)

    def pair(self):
        """A figure of two panels side by side."""
        return self.subplots(1, 2, figsize=(2 * self.width, self.height - 0.2))


def _pr_figure(page, prevalence, spec):
    tables, results, colours = page.tables, page.results, page.colours
    drawn, drawn_note, shown = page.drawn, page.note, page.shown
    # Two panels, as the ROC figure: at low prevalence the curves and the no-skill line
    # crowd the bottom of a linear precision axis; the log axis spreads them.
    fig, (ax, zoom) = page.pair()
    _iso_f1(ax)
    floor = min(max(prevalence / 4, 1e-6), 0.1)
    where = "deployment " if spec is not None and spec.prevalence is not None else ""
    for i, model in enumerate(drawn):
        table = tables[model]
        colour = colours[i % len(colours)]
        values = results[model]["values"]
        recall, precision = _pr_points(table)
        ax.plot(recall, precision, color=colour, linewidth=1.4,
                label=f"{_label(model)}: AUC-PR {values['auc_pr']:.4f}, "
                      f"average precision {values['average_precision']:.4f}")
        zoom.plot(recall, np.maximum(precision, floor), color=colour, linewidth=1.4)
        recall, precision = _achievable_points(results[model]["hull"])
        ax.plot(recall, precision, color=colour, linewidth=1, linestyle="--",
                label=f"{_label(model)}, achievable: {values['achievable_auc_pr']:.4f}")
        zoom.plot(recall, np.maximum(precision, floor), color=colour, linewidth=1,
                  linestyle="--")
        _mark_levels(ax, table, values, spec, colour)
    for axis in (ax, zoom):
        axis.axhline(prevalence, color="0.4", linestyle=":", linewidth=1,
                     label=f"random classifier ({where}prevalence {prevalence:.4g})")
        axis.set(xlim=(0, 1), xlabel="Recall", ylabel="Precision")
    ax.set_ylim(0, 1.02)
    ax.set_title("Precision-recall curves (dashed: the best any threshold mix reaches)",
                 fontsize=10)
    _note_above(fig, drawn_note)
    zoom.set_yscale("log")
    zoom.set_ylim(floor, 1.05)
    _decimal_log_ticks(zoom.yaxis, floor, 1.05)
    zoom.set_title("The same, precision on a log scale (from a quarter of the "
                   "prevalence)", fontsize=10)
    _spread_labels(fig, ax)
    _legend_beside(zoom, *ax.get_legend_handles_labels())
    levels = " and the operating points asked for, labelled with their thresholds"
    return ("pr_curves", "Precision-recall curves (Davis-Goadrich interpolation) and "
            "achievable PR curves (the image of the ROC convex hull), with iso-F1 lines"
            + (levels if _levels(spec) else "") + "; right: precision on a log scale, "
            "where the curves of rare positives and the no-skill line (the prevalence) "
            "are told apart" + (f"; read at a deployment prevalence of {prevalence:.4g}"
                                if where else "") + shown, fig)


def _roc_figure(page):
    tables, results, colours = page.tables, page.results, page.colours
    drawn, drawn_note, shown = page.drawn, page.note, page.shown
    fig, (ax, zoom) = page.pair()
    # The log axis starts at the smallest false positive rate any model reaches, and
    # spans a decade at least (one threshold for every row: that rate is 1).
    low = 0.1
    for model in drawn:
        path = tables[model]
        tp, fp, _ = _thinned_path(path, "fpr")
        low = min(low, max(float(np.min(fp[fp > 0])) / path.n_neg, 1e-7))
    for i, model in enumerate(drawn):
        table = tables[model]
        colour = colours[i % len(colours)]
        values = results[model]["values"]
        fpr, tpr = _roc_points(table)
        hull_fpr, hull_tpr = _hull_points(results[model]["hull"])
        ax.plot(fpr, tpr, color=colour, linewidth=1.4,
                label=f"{_label(model)}: AUC-ROC {values['auc_roc']:.4f}")
        ax.plot(hull_fpr, hull_tpr, color=colour, linewidth=1, linestyle="--",
                label=f"{_label(model)}, convex hull: {values['hull_auc_roc']:.4f}")
        zoom.plot(*log_view(fpr, tpr, low), color=colour, linewidth=1.4)
        zoom.plot(*log_view(hull_fpr, hull_tpr, low), color=colour, linewidth=1, linestyle="--")
    ax.plot([0, 1], [0, 1], color="0.4", linestyle=":", linewidth=1, label="random classifier")
    zoom.plot(*log_view(np.array([0.0, 1.0]), np.array([0.0, 1.0]), low), color="0.4",
              linestyle=":", linewidth=1)
    for axis in (ax, zoom):
        axis.set(xlabel="False positive rate", ylabel="True positive rate")
    ax.set(xlim=(0, 1), ylim=(0, 1.01))
    ax.set_title("ROC curves (dashed: convex hull)", fontsize=10)
    _note_above(fig, drawn_note)
    zoom.set_xscale("log")
    zoom.set(xlim=(low, 1), ylim=(0, 1.01))
    _decimal_log_ticks(zoom.xaxis, low, 1)
    zoom.set_title("The same, false positive rate on a log scale", fontsize=10)
    _legend_beside(zoom, *ax.get_legend_handles_labels())
    return ("roc_curves", "ROC curves and their convex hulls; right: false positive rate "
            "on a log scale, where rare-positive problems live" + shown, fig)


def _gap_figure(page):
    """Where scikit-learn's straight lines overstate AUC-PR most, if by 0.005 or more."""
    tables, results = page.tables, page.results
    # (measured against the number users compute: scikit-learn's auc(recall, precision))
    gaps = {m: results[m]["sklearn_auc_pr"] - results[m]["values"]["auc_pr"] for m in tables}
    model = max(gaps, key=gaps.get)
    if gaps[model] < 0.005:
        return None
    table = tables[model]
    fig, (ax, gap) = page.pair()
    recall, precision = _pr_points(table)
    ax.plot(recall, precision, linewidth=1.4,
            label=f"Davis-Goadrich interpolation: {results[model]['values']['auc_pr']:.4f}")
    straight_recall, straight = _pr_points(table, "linear")
    # scikit-learn's curve starts at an invented (recall 0, precision 1), from
    # which a straight line goes to the first point (the path here starts flat)
    straight = np.r_[1.0, straight[1:]] if straight_recall[0] == 0 else np.r_[1.0, straight]
    straight_recall = straight_recall if straight_recall[0] == 0 else np.r_[
        0.0, straight_recall]
    ax.plot(straight_recall, straight, color="tab:red", linestyle="--", linewidth=1.2,
            label=f"scikit-learn's auc(recall, precision): "
                  f"{results[model]['sklearn_auc_pr']:.4f}")
    if results[model]["linear_auc_pr"] != results[model]["sklearn_auc_pr"]:
        ax.plot([], [], " ", label="straight lines without its start at precision 1: "
                                   f"{results[model]['linear_auc_pr']:.4f}")
    ax.set(xlim=(0, 1), ylim=(0, 1.02), xlabel="Recall", ylabel="Precision")
    ax.set_title(f"{_label(model)}: scikit-learn's auc(recall, precision) overstates "
                 f"AUC-PR by {gaps[model]:.4f}", fontsize=10)
    # Right: where the extra area lies, the two curves' difference along recall
    # (a figure: both read on one grid finer than its pixels).
    grid = np.linspace(0, 1, 2049)
    extra = np.interp(grid, straight_recall, straight) - np.interp(grid, recall, precision)
    gap.fill_between(grid, 0, extra, color="tab:red", alpha=0.35, linewidth=0)
    gap.plot(grid, extra, color="tab:red", linewidth=0.8)
    gap.axhline(0, color="0.4", linewidth=0.8)
    gap.set(xlim=(0, 1), xlabel="Recall", ylabel="Precision, straight minus interpolated")
    gap.set_title("Where the extra area lies (its integral is the overstatement)",
                  fontsize=10)
    _legend_beside(gap, *ax.get_legend_handles_labels())
    return ("linear_vs_interpolated",
            f"{model}: scikit-learn's auc(recall, precision), straight lines between PR "
            f"points from an invented start at precision 1, overstates the area by "
            f"{gaps[model]:.4f} (the paper's section 4)", fig)


def _decision_figure(page, prevalence):
    """Each model's net benefit against the threshold probability, beside treating
    everyone and no one (decision curve analysis)."""
    fig, ax = page.subplots(figsize=(page.width + 1.5, page.height - 0.6))
    top = 0.0
    for i, model in enumerate(page.drawn):
        curve = page.results[model]["decision_curve"]
        ax.plot(curve["thresholds"], curve["net_benefit"], linewidth=1.4,
                color=page.colours[i % len(page.colours)], label=_label(model))
        top = max(top, max(curve["net_benefit"]))
    ax.plot(curve["thresholds"], curve["treat_all"], color="0.4", linestyle="--",
            linewidth=1, label="treat all")
    ax.axhline(0, color="0.2", linewidth=1, label="treat none")
    top = max(top, curve["treat_all"][0], 1e-3)
    ax.set(xlim=(0, 1), ylim=(-0.15 * top, 1.1 * top), xlabel="Threshold probability",
           ylabel="Net benefit (true positives per person)")
    ax.set_title("Decision curves: above both lines, acting on the model helps",
                 fontsize=10)
    _legend_beside(ax, *ax.get_legend_handles_labels())
    return ("decision_curves", "Decision curves (Vickers and Elkin, 2006): net benefit "
            "= TP / n - FP / n * pt / (1 - pt) at each threshold probability pt, against "
            f"treating everyone and no one, at prevalence {prevalence:.4g}" + page.shown, fig)


#: The most segments drawn as small multiples (the largest by rows).
MAX_SEGMENT_PANELS = 12


def _segment_figure(segment_tables, segments, models, options, colours, subplots, note="",
                    deployed=None):
    """Small multiples for ``--by``: one precision-recall panel per segment (the
    largest :data:`MAX_SEGMENT_PANELS` by rows), every model in its colour, each panel
    titled with its rows and positives; shared axes, one legend. ``deployed``: the
    prevalence the curves are read at (the dotted line), if not each segment's own."""
    values = segments["values"]
    sizes = {name: next(iter(results.values()))["rows"] for name, results in values.items()
             if name in segment_tables}
    shown = sorted(sizes, key=lambda name: -sizes[name])[:MAX_SEGMENT_PANELS]
    shown.sort(key=list(values).index)  # in the tables' order
    columns = min(4, len(shown))
    rows = -(-len(shown) // columns)
    width, height = options.size
    # (as wide as four panels whatever the segments: the page shows every figure at
    # one width, so its fonts stay one size)
    panel = 4 * segment_panel(width) / columns
    fig, axes = subplots(rows, columns, figsize=(panel * columns, panel * rows + 0.8),
                             sharex=True, sharey=True, squeeze=False)
    for ax, segment in zip(axes.flat, shown):
        first = next(iter(values[segment].values()))
        positives, negatives = first.get("positives", 0), first.get("negatives", 0)
        for i, model in enumerate(models):
            path = segment_tables[segment].get(model)
            if path is None:
                continue
            recall, precision = _pr_points(path)
            ax.plot(recall, precision, color=colours[i % len(colours)], linewidth=1.2,
                    label=_label(model))
        if positives + negatives > 0:
            ax.axhline(deployed or positives / (positives + negatives), color="0.4",
                       linestyle=":", linewidth=0.8)
        small = " (small)" if min(positives, negatives) < SMALL_SEGMENT else ""
        ax.set_title(f"{_label(segment)}{small}\n{first['rows']:,} rows, "
                     f"{positives:,.0f} positives", fontsize=8)
        ax.set(xlim=(0, 1), ylim=(0, 1.02))
    for ax in axes.flat[len(shown):]:
        ax.set_visible(False)
    for ax in axes[-1]:
        ax.set_xlabel("Recall")
    for ax in axes[:, 0]:
        ax.set_ylabel("Precision")
    handles, labels = axes.flat[0].get_legend_handles_labels()
    fig.tight_layout()
    fig.legend(handles, labels, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8,
               frameon=False)
    more = (f"; the {len(shown)} largest of {len(sizes)} segments" if len(sizes) > len(shown)
            else "")
    return ("segments", f"Precision-recall curves per {segments['column']!r} segment "
            "(Davis-Goadrich interpolation; dotted: "
            + (f"the deployment prevalence, {deployed:.4g}" if deployed else
               "the segment's prevalence") + f"{more})"
            + note, fig)


def _saved(fig, fmt, dpi):
    buffer = io.BytesIO()
    # (SVG and PDF: fixed metadata, so the same report gives the same bytes.)
    metadata = {"Date": None} if fmt in ("svg", "pdf") else None
    fig.savefig(buffer, format=fmt, dpi=dpi, bbox_inches=_tight_box(fig, fmt, dpi),
                metadata=metadata)
    return buffer.getvalue()


def _tight_box(fig, fmt, dpi):
    """The box ``bbox_inches="tight"`` finds, from the artists' extents at the saved
    resolution: savefig would find it by drawing the whole figure once more (the same
    pixels, a quarter to a third of the time of saving a PNG)."""
    if fmt != "png":  # (vector formats measure text with their own renderer)
        return "tight"
    import matplotlib

    shown = fig.dpi
    try:
        fig.dpi = dpi
        return fig.get_tightbbox(fig.canvas.get_renderer()).padded(
            matplotlib.rcParams["savefig.pad_inches"])
    finally:
        fig.dpi = shown


def data_uri(shown):
    """A page image ``(MIME type, bytes)`` as a ``data:`` URI."""
    mime, data = shown
    return f"data:{mime};base64," + base64.b64encode(data).decode("ascii")


def _levels(spec):
    if spec is None:
        return []
    return [(f"{objective}_at_{measure}", level)
            for objective, measure, _, level in spec.levels()]


def _mark_levels(ax, path, values, spec, colour):
    """The operating points of ``--at-recall``, ``--at-precision`` and ``--at-flag-rate``
    on a model's PR
    curve: a marker at the threshold's (recall, precision), labelled with it."""
    for kind, level in _levels(spec):
        key = f"{kind}_{level:g}"
        threshold = values.get(key + "_threshold")
        point = None if threshold is None else _counts_at(path, threshold)
        if point is None:
            continue
        tp, fp = point
        recall, precision = tp / path.n_pos, tp / (tp + fp)
        ax.plot([recall], [precision], marker="o", markersize=5, color=colour,
                markeredgecolor="white", zorder=5)
        label_threshold(ax, recall, precision, threshold, colour)


def _spread_labels(fig, ax):
    """Move threshold labels off each other (their drawn boxes): each goes to the
    nearest free line above its point, or below it where the axes' top is reached."""
    labels = [t for t in ax.texts if t.get_gid() == THRESHOLD_GID]
    if len(labels) < 2:
        return
    renderer = fig.canvas.get_renderer()
    top = ax.get_window_extent(renderer).y1
    placed = []
    for label in sorted(labels, key=lambda t: t.xy[1]):
        x, y = label.xyann
        line = label.get_window_extent(renderer).height * 72 / fig.dpi + 1  # in points
        offsets = [y + k * line for k in range(len(labels) + 1)]
        offsets += [-y - (k + 1) * line for k in range(len(labels) + 1)]
        for offset in offsets:
            label.xyann = (x, offset)
            box = label.get_window_extent(renderer)
            if box.y1 <= top and not any(box.overlaps(other) for other in placed):
                break
        placed.append(label.get_window_extent(renderer))


def _counts_at(path, threshold):
    """``(tp, fp)`` of the path's row at score ``threshold``, or None."""
    for tp, fp, thresholds in path:
        rows = np.flatnonzero(np.asarray(thresholds, dtype=np.float64) == threshold)
        if rows.size:
            return float(tp[1:][rows[0]]), float(fp[1:][rows[0]])
    return None
