"""The page's threshold explorer: per model, a slider along its thresholds showing
the confusion matrix, precision and recall with their intervals, F1, the share
predicted positive, and the point on small PR and ROC views.

Every number it shows is computed here, from the model's table (the script only
formats and draws them): the counts are the data's rows; precision, F1 and the share
predicted positive are the deployment's with ``--prevalence``; the intervals are
Wilson's of the rows' proportions, or at another prevalence the score interval of the
ratio of the two rates that fixes precision there
(:func:`~sklearn_prcurves._inference._proportions.precision_at_prevalence_interval`); none, with
the reason shown, where rows are not independent draws (``--cluster``) or weights are
not counts.

Self-contained (no network, no server): the rows travel in the page as JSON, thinned
to a bounded size at any row count; names are text everywhere (JSON with every ``<``
escaped, shown through ``textContent``), so a model named ``</script>`` is shown, never
run. ``#explore=MODEL/ROW`` in the page's address opens it at that row (what the
browser test reads).
"""

import json

import numpy as np

from .._inference._proportions import precision_at_prevalence_interval, wilson_interval
from ._readings import threshold_rows

__all__ = ["explorer_html"]

# A row where recall or the false positive rate passes a multiple of 1/_STEPS: at most
# about 2 * _STEPS rows a model, so the page grows by a few per cent whatever the rows.
_STEPS = 250


def no_interval_reason(results, spec):
    """Why the explorer shows no interval ('' where it shows them)."""
    if not spec.intervals:
        return "intervals not computed (--no-intervals)"
    if spec.cluster:
        return ("no intervals: the rows come in clusters, and an interval counting rows "
                "as independent draws would be too narrow (threshold_ci(groups=) "
                "counts clusters: Korn and Graubard's interval)")
    if not results.get("whole_weights", True):
        return ("no intervals: the weights are not whole numbers, and these intervals "
                "count weights as rows")
    return ""


def model_rows(path, n_pos, n_neg, prevalence, level, with_intervals):
    """One model's thinned rows: ``{column: list}``, counts of the data's rows (``path``:
    their table) and precision, F1 and the share predicted positive at ``prevalence``
    (None: the data's)."""
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
    out = {"threshold": rows["threshold"], "tp": rows["tp"], "fp": rows["fp"],
           "fn": (n_pos - tp).tolist(), "tn": (n_neg - fp).tolist(),
           "precision": _finite(precision), "recall": tpr.tolist(), "fpr": fpr.tolist(),
           "f1": _finite(f1), "ppr": flagged.tolist()}
    if with_intervals:
        bounds = (wilson_interval(tp, tp + fp, level) if prevalence is None else
                  precision_at_prevalence_interval(tp, fp, n_pos, n_neg, prevalence, level))
        out["precision_ci"] = [_finite(b) for b in bounds]
        out["recall_ci"] = [_finite(b) for b in wilson_interval(tp, n_pos, level)]
    return out


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
                          spec.confidence_level, not reason)
        f1 = [-1.0 if v is None else v for v in rows["f1"]]
        best = max(range(len(f1)), key=lambda i: (f1[i], -i))
        models.append({"name": model, **rows, "start": best})
    level = f"{spec.confidence_level:.0%}"
    words = reason or (
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
            ("recall", "recall"), ("f1", "F1"), ("ppr", "predicted positive")))
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
    marks.pr.setAttribute('cx', 200 * m.recall[i]);
    marks.pr.setAttribute('cy', 200 - 200 * (m.precision[i] !== null ? m.precision[i] : 0));
    marks.roc.setAttribute('cx', 200 * m.fpr[i]);
    marks.roc.setAttribute('cy', 200 - 200 * m.recall[i]);
  }
  function open(model, row) {
    var m = data.models[model];
    select.value = String(model); slider.max = String(m.tp.length - 1);
    slider.value = String(Math.min(Math.max(row, 0), m.tp.length - 1));
    draw(m); show();
  }
  select.addEventListener('change', function () {
    open(+select.value, data.models[+select.value].start);
  });
  slider.addEventListener('input', show);
  var asked = /explore=(\d+)\/(\d+)/.exec(window.location.hash);
  if (asked && +asked[1] < data.models.length) { open(+asked[1], +asked[2]); }
  else if (data.models.length) { open(0, data.models[0].start); }
})();
"""
