"""The page's threshold explorer: per model, a slider along its thresholds showing
the confusion matrix, precision and recall with their intervals, F1, the share
predicted positive, and the point on small PR and ROC views; a second slider sets a
lower threshold for a review band (decide negative below it, review between the two),
showing the negative predictive value below it and the share between them (the
difference of the two shares predicted positive, the one sum the script does).

Every number it shows is computed here, from the model's table (the script only
formats and draws them): the counts are the data's rows; precision, F1 and the share
predicted positive are the deployment's with ``--prevalence``; the intervals are
Wilson's of the rows' proportions, or at another prevalence the score interval of the
ratio of the two rates that fixes precision there
(:func:`~sklearn_prcurves._inference._proportions.precision_at_prevalence_interval`). With
``--cluster`` they are for new clusters: each rate read at its Korn and Graubard
effective size, as ``threshold_ci(groups=)`` reads it (Clopper-Pearson's interval, or at
a prevalence the ratio's score interval), the design effect taken from the sample of
whole clusters the paired tests use (every row, below its size). None, with the reason
shown, where weights are not counts.

Self-contained (no network, no server): the rows travel in the page as JSON, thinned
to a bounded size at any row count; names are text everywhere (JSON with every ``<``
escaped, shown through ``textContent``), so a model named ``</script>`` is shown, never
run. ``#explore=MODEL/ROW`` in the page's address opens it at that row (what the
browser test reads).
"""

import json

import numpy as np

from .._inference._proportions import (
    clopper_pearson,
    moment_counts,
    precision_at_prevalence_interval,
    precision_from_ratio,
    ratio_interval,
    wilson_interval,
)
from .._table._exact import rows_at_or_above
from ._readings import threshold_rows

__all__ = ["explorer_html"]

# A row where recall or the false positive rate passes a multiple of 1/_STEPS: at most
# about 2 * _STEPS rows a model, so the page grows by a few per cent whatever the rows.
_STEPS = 250


def no_interval_reason(results, spec):
    """Why the explorer shows no interval ('' where it shows them)."""
    if not spec.intervals:
        return "intervals not computed (--no-intervals)"
    if spec.cluster and all(r.get("clusters") is None for r in results["models"].values()):
        return ("no intervals: the rows come in clusters, and the sample of whole "
                "clusters an interval for new clusters is read from holds fewer than two "
                "of them, or one class only")
    if not results.get("whole_weights", True):
        return ("no intervals: the weights are not whole numbers, and these intervals "
                "count weights as rows")
    return ""


def model_rows(path, n_pos, n_neg, prevalence, level, with_intervals, clusters=None):
    """One model's thinned rows: ``{column: list}``, counts of the data's rows (``path``:
    their table) and precision, F1 and the share predicted positive at ``prevalence``
    (None: the data's); ``clusters``: the intervals for new clusters
    (:func:`clustered_bounds`)."""
    rows = threshold_rows(path, _STEPS)
    tp, fp = np.array(rows["tp"]), np.array(rows["fp"])
    tpr, fpr = tp / n_pos, fp / n_neg
    with np.errstate(invalid="ignore", divide="ignore"):
        if prevalence is None:  # (the rows' own proportions, as threshold_ci gives them)
            flagged, precision = (tp + fp) / (n_pos + n_neg), tp / (tp + fp)
        else:  # (Theorem 3.1: the rates carry over, the share predicted positive too)
            flagged = prevalence * tpr + (1 - prevalence) * fpr
            precision = prevalence * tpr / flagged
        f1 = 2 * precision * tpr / (precision + tpr)
        # (of the rows below each threshold: what a review band's lower one decides)
        share = (n_neg / (n_pos + n_neg)) if prevalence is None else 1 - prevalence
        npv = share * (1 - fpr) / (share * (1 - fpr) + (1 - share) * (1 - tpr))
    out = {"threshold": rows["threshold"], "tp": rows["tp"], "fp": rows["fp"],
           "fn": (n_pos - tp).tolist(), "tn": (n_neg - fp).tolist(),
           "precision": _finite(precision), "recall": tpr.tolist(), "fpr": fpr.tolist(),
           "f1": _finite(f1), "ppr": flagged.tolist(), "npv": _finite(npv)}
    if with_intervals and clusters is not None:
        bounds = clustered_bounds(clusters, rows["threshold"], (tp, fp, n_pos, n_neg),
                                  prevalence, level)
        out["precision_ci"], out["recall_ci"] = ([_finite(b) for b in pair]
                                                 for pair in bounds)
    elif with_intervals:
        bounds = (wilson_interval(tp, tp + fp, level) if prevalence is None else
                  precision_at_prevalence_interval(tp, fp, n_pos, n_neg, prevalence, level))
        out["precision_ci"] = [_finite(b) for b in bounds]
        out["recall_ci"] = [_finite(b) for b in wilson_interval(tp, n_pos, level)]
    return out


def clustered_bounds(clusters, thresholds, counts, prevalence, level):
    """``((precision's lows, highs), (recall's lows, highs))`` at ``thresholds`` (as
    text) for new clusters: each rate of the input's ``counts`` read at the effective
    size per unit of weight of the same rate in the sample of whole clusters
    (``clusters``: its table and sums over clusters), a design effect that carries
    over to the input; the sample's own values where it holds every row."""
    table, moments = clusters
    at = np.array([rows_at_or_above(table.thresholds, _number(t)) for t in thresholds]) - 1
    picked = moments.at(at)
    seen = [np.where(at >= 0, v[np.maximum(at, 0)], 0.0) for v in (table.tps, table.fps)]
    sample = (*seen, float(table.n_pos), float(table.n_neg))
    tp, fp, n_pos, n_neg = counts
    tail = (1 - level) / 2

    def sized(rate, hits, total):
        _, size = moment_counts(picked, rate, *sample, tail)
        with np.errstate(all="ignore"):
            of = {"precision": sample[0] + sample[1], "tpr": sample[2], "fpr": sample[3]}
            size = np.where(of[rate] > 0, total * (size / of[rate]), 0.0)
            return np.where(total > 0, hits / total, 0.0) * size, size

    recall = clopper_pearson(*sized("tpr", tp, n_pos), level)
    if prevalence is None:
        return clopper_pearson(*sized("precision", tp, tp + fp), level), recall
    (x1, n1), (x2, n2) = sized("fpr", fp, n_neg), sized("tpr", tp, n_pos)
    known = (n1 > 0) & (n2 > 0)
    low, high = ratio_interval(x1, np.where(known, n1, 1.0), x2, np.where(known, n2, 1.0),
                               level)
    ratio = (np.where(known, low, 0.0), np.where(known, high, np.inf))
    lows, highs = precision_from_ratio(ratio, prevalence)
    flagged = tp + fp > 0
    return (np.where(flagged, lows, np.nan), np.where(flagged, highs, np.nan)), recall


def _number(text):
    """A threshold written exactly (``repr``) as the number it names: an integer past
    2**53 stays an integer."""
    return int(text) if text.lstrip("-").isdigit() else float(text)


def _finite(values):
    """A list for JSON, NaN as None (JSON has no NaN)."""
    return [v if v == v else None for v in np.asarray(values, dtype=np.float64).tolist()]


def explorer_data(results, spec):
    """What the script reads: the models' thinned rows and the intervals' words."""
    reason = no_interval_reason(results, spec)
    models = []
    for model, result in results["models"].items():
        path = result.get("counted")
        if path is None:
            continue
        rows = model_rows(path, float(path.n_pos), float(path.n_neg), spec.prevalence,
                          spec.confidence_level, not reason and (
                              not spec.cluster or result.get("clusters") is not None),
                          result.get("clusters"))
        f1 = [-1.0 if v is None else v for v in rows["f1"]]
        best = max(range(len(f1)), key=lambda i: (f1[i], -i))
        models.append({"name": model, **rows, "start": best})
    level = f"{spec.confidence_level:.0%}"
    words = reason or (
        f"intervals at {level} for new clusters: each rate at its Korn and Graubard "
        "effective size between clusters, read from the sample of whole clusters "
        "(threshold_ci(groups=)'s); " + ("Clopper-Pearson's" if spec.prevalence is None
                                         else "precision's from the ratio of the two rates")
        if spec.cluster else
        f"intervals at {level}: Wilson's, weights counted as rows" if spec.prevalence is None
        else f"intervals at {level}: precision's from the ratio of the two rates, each "
             "counted in the data's rows (a score interval); recall's Wilson's")
    if spec.prevalence is not None:
        words += (f"; precision, F1 and the share predicted positive at the deployment's "
                  f"prevalence {spec.prevalence:g}, the counts the data's rows")
    return {"legend": words, "models": models}


def explorer_html(results, spec):
    """The explorer's section of the page ('' without a model)."""
    if not any(r.get("counted") is not None for r in results["models"].values()):
        return ""
    data = json.dumps(explorer_data(results, spec), separators=(",", ":"))
    data = data.replace("<", "\\u003c")  # (no "</script>" can end the block early)
    cells = "".join(
        f"<tr><th>{label}</th><td id='prc-x-{key}'></td></tr>" for key, label in (
            ("threshold", "threshold (predict positive at or above)"),
            ("counts", "TP / FP / FN / TN"), ("precision", "precision"),
            ("recall", "recall"), ("f1", "F1"), ("ppr", "predicted positive"),
            ("lower", "review band: lower threshold (negative below)"),
            ("npv", "negative predictive value below it"),
            ("review", "share reviewed (between the two)")))
    return f"""<h2>Threshold explorer</h2>
<div class='prc-explorer' id='prc-explorer'>
<style>
.prc-explorer th {{ text-align: left; padding-right: 1em; font-weight: normal; color: #444; }}
.prc-explorer td {{ font-variant-numeric: tabular-nums; }}
.prc-explorer svg {{ margin-right: 1em; }}
</style>
<p class='legend'>Move along each model's thresholds (<span id='prc-x-legend'></span>).
Left: its precision-recall points; right: its ROC curve; the red mark is the threshold
chosen.</p>
<p><label>Model <select id='prc-x-model'></select></label>
<input type='range' id='prc-x-slider' min='0' max='0' value='0' step='1'
style='width: 60%'></p>
<p><label>Review band's lower threshold <input type='range' id='prc-x-band' min='0'
max='0' value='0' step='1' style='width: 40%'></label></p>
<table>{cells}</table>
<svg id='prc-x-pr' viewBox='-8 -8 216 216' width='216' height='216'></svg>
<svg id='prc-x-roc' viewBox='-8 -8 216 216' width='216' height='216'></svg>
<script type='application/json' id='prc-explorer-data'>{data}</script>
<script>{_SCRIPT}</script>
</div>
"""


_SCRIPT = r"""
(function () {
  var data = JSON.parse(document.getElementById('prc-explorer-data').textContent);
  var select = document.getElementById('prc-x-model');
  var slider = document.getElementById('prc-x-slider');
  var lower = document.getElementById('prc-x-band');
  var SVG = 'http://www.w3.org/2000/svg';
  document.getElementById('prc-x-legend').textContent = data.legend;
  data.models.forEach(function (m, i) {
    var option = document.createElement('option');
    option.value = String(i); option.textContent = m.name; select.appendChild(option);
  });
  function set(id, text) { document.getElementById('prc-x-' + id).textContent = text; }
  function num(x) { return (x !== null && isFinite(x)) ? x.toFixed(4) : 'n/a'; }
  function count(x) { return Number.isInteger(x) ? String(x) : x.toPrecision(6); }
  function withCi(m, key, i) {
    var ci = m[key + '_ci'];
    return num(m[key][i]) + (ci ? ' (' + num(ci[0][i]) + '-' + num(ci[1][i]) + ')' : '');
  }
  function shape(svg, name, attrs) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    svg.appendChild(node); return node;
  }
  function frame(svg, points, line) {
    while (svg.firstChild) { svg.removeChild(svg.firstChild); }
    shape(svg, 'rect', {x: 0, y: 0, width: 200, height: 200, fill: 'none', stroke: '#999'});
    if (line) {
      shape(svg, 'polyline', {points: points.map(function (p) {
        return (200 * p[0]).toFixed(1) + ',' + (200 - 200 * p[1]).toFixed(1);
      }).join(' '), fill: 'none', stroke: '#1f77b4'});
    } else {
      points.forEach(function (p) {
        shape(svg, 'circle', {cx: 200 * p[0], cy: 200 - 200 * p[1], r: 1.2, fill: '#1f77b4'});
      });
    }
    return shape(svg, 'circle', {r: 5, fill: 'none', stroke: 'red', 'stroke-width': 2});
  }
  var marks = {};
  function draw(m) {
    var pr = [], roc = [[0, 0]];
    for (var i = 0; i < m.tp.length; i++) {
      if (m.precision[i] !== null) { pr.push([m.recall[i], m.precision[i]]); }
      roc.push([m.fpr[i], m.recall[i]]);
    }
    marks.pr = frame(document.getElementById('prc-x-pr'), pr, false);
    marks.roc = frame(document.getElementById('prc-x-roc'), roc, true);
  }
  function show() {
    var m = data.models[+select.value], i = +slider.value;
    set('threshold', m.threshold[i]);
    set('counts', [m.tp[i], m.fp[i], m.fn[i], m.tn[i]].map(count).join(' / '));
    set('precision', withCi(m, 'precision', i));
    set('recall', withCi(m, 'recall', i));
    set('f1', num(m.f1[i]));
    set('ppr', num(m.ppr[i]));
    // (the lower threshold at or below the upper: a row at or after it)
    if (+lower.value < i) { lower.value = String(i); }
    var j = +lower.value;
    set('lower', m.threshold[j]);
    set('npv', num(m.npv[j]));
    set('review', num(m.ppr[j] - m.ppr[i]));
    marks.pr.setAttribute('cx', 200 * m.recall[i]);
    marks.pr.setAttribute('cy', 200 - 200 * (m.precision[i] !== null ? m.precision[i] : 0));
    marks.roc.setAttribute('cx', 200 * m.fpr[i]);
    marks.roc.setAttribute('cy', 200 - 200 * m.recall[i]);
  }
  function open(model, row, below) {
    var m = data.models[model], last = m.tp.length - 1;
    select.value = String(model); slider.max = String(last); lower.max = String(last);
    slider.value = String(Math.min(Math.max(row, 0), last));
    lower.value = String(Math.min(Math.max(below, 0), last));
    draw(m); show();
  }
  select.addEventListener('change', function () {
    var start = data.models[+select.value].start;
    open(+select.value, start, start);
  });
  slider.addEventListener('input', show);
  lower.addEventListener('input', function () {
    if (+lower.value < +slider.value) { slider.value = lower.value; }
    show();
  });
  var asked = /explore=(\d+)\/(\d+)(?:\/(\d+))?/.exec(window.location.hash);
  if (asked && +asked[1] < data.models.length) {
    open(+asked[1], +asked[2], asked[3] === undefined ? +asked[2] : +asked[3]);
  } else if (data.models.length) { open(0, data.models[0].start, data.models[0].start); }
})();
"""
