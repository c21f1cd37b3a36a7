"""The page's threshold explorer: per model, a slider along its thresholds showing
the confusion matrix, precision and recall with Wilson intervals, F1, the share
predicted positive, and the point on small PR and ROC views.

Self-contained (no network, no server): the rows travel in the page as JSON, thinned
to a bounded size at any row count; names are text everywhere (JSON with every ``<``
escaped, shown through ``textContent``), so a model named ``</script>`` is shown, never
run. ``#explore=MODEL/ROW`` in the page's address opens it at that row (what the
browser test reads).
"""

import json

from ._compute import threshold_rows

__all__ = ["explorer_html"]

# A row where recall or the false positive rate passes a multiple of 1/_STEPS: at most
# about 2 * _STEPS rows a model, so the page grows by a few per cent whatever the rows.
_STEPS = 250


def explorer_data(results, spec):
    """What the script reads: the models' thinned rows and the intervals' z."""
    from scipy.special import ndtri

    level = spec.confidence_level
    models = []
    for model, path in results["tables"].items():
        rows = threshold_rows(path, _STEPS)
        best = max(range(len(rows["f1"])), key=lambda i: (rows["f1"][i], -i))
        models.append({"name": model, "n_pos": float(path.n_pos), "n_neg": float(path.n_neg),
                       "threshold": rows["threshold"], "tp": rows["tp"], "fp": rows["fp"],
                       "start": best})
    return {"z": float(ndtri((1 + level) / 2)), "level": f"{level:.0%}", "models": models}


def explorer_html(results, spec):
    """The explorer's section of the page ('' without a model)."""
    if not results["tables"]:
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
<p class='legend'>Move along each model's thresholds (intervals: Wilson, <span
id='prc-x-level'></span>; weights count as rows). Left: its precision-recall points;
right: its ROC curve; the red mark is the threshold chosen.</p>
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
  document.getElementById('prc-x-level').textContent = data.level;
  data.models.forEach(function (m, i) {
    var option = document.createElement('option');
    option.value = String(i); option.textContent = m.name; select.appendChild(option);
  });
  function set(id, text) { document.getElementById('prc-x-' + id).textContent = text; }
  function num(x) { return isFinite(x) ? x.toFixed(4) : 'n/a'; }
  function count(x) { return Number.isInteger(x) ? String(x) : x.toPrecision(6); }
  function wilson(k, n) {
    if (!(n > 0)) { return [NaN, NaN]; }
    var z = data.z, p = k / n, d = 1 + z * z / n, c = (p + z * z / (2 * n)) / d;
    var h = z * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
    return [Math.max(0, c - h), Math.min(1, c + h)];
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
      var predicted = m.tp[i] + m.fp[i];
      if (predicted > 0) { pr.push([m.tp[i] / m.n_pos, m.tp[i] / predicted]); }
      roc.push([m.fp[i] / m.n_neg, m.tp[i] / m.n_pos]);
    }
    marks.pr = frame(document.getElementById('prc-x-pr'), pr, false);
    marks.roc = frame(document.getElementById('prc-x-roc'), roc, true);
  }
  function show() {
    var m = data.models[+select.value], i = +slider.value;
    var tp = m.tp[i], fp = m.fp[i], fn = m.n_pos - tp, tn = m.n_neg - fp;
    var precision = tp / (tp + fp), recall = tp / m.n_pos;
    var pi = wilson(tp, tp + fp), ri = wilson(tp, m.n_pos);
    set('threshold', m.threshold[i]);
    set('counts', [tp, fp, fn, tn].map(count).join(' / '));
    set('precision', num(precision) + ' (' + num(pi[0]) + '-' + num(pi[1]) + ')');
    set('recall', num(recall) + ' (' + num(ri[0]) + '-' + num(ri[1]) + ')');
    set('f1', num(2 * tp / (m.n_pos + tp + fp)));
    set('ppr', num((tp + fp) / (m.n_pos + m.n_neg)));
    marks.pr.setAttribute('cx', 200 * recall);
    marks.pr.setAttribute('cy', 200 - 200 * (isFinite(precision) ? precision : 0));
    marks.roc.setAttribute('cx', 200 * fp / m.n_neg);
    marks.roc.setAttribute('cy', 200 - 200 * recall);
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
