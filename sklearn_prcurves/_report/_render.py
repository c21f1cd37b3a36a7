"""The report's numbers as a terminal table, Markdown, CSV, JSON and HTML.

Every format is written from the same result dictionary, so they carry the same
numbers; the text formats round to four decimals, JSON and CSV keep full precision.
"""

import csv
import html
import io
import json
import math

import numpy as np

from .._inference._bootstrap import holm_adjusted
from ._explorer import explorer_html
from ._options import SMALL_SEGMENT
from ._paired import TEST_NAMES
from ._readings import MEASURES, level_measures

__all__ = ["as_csv", "as_json", "as_markdown", "as_table", "html_fragment", "html_page",
           "rows_of"]

_COUNT_ROWS = [("rows", "rows"), ("positives", "positives"), ("prevalence", "prevalence")]
_MARKED = {"auc_roc", "hull_auc_roc", "average_precision", "auc_pr", "auc_pr_continuous",
           "achievable_auc_pr", "normalized_auc_pr", "max_f1", "ks"}


def _number(value, digits=4):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "n/a"
    return f"{value:.{digits}f}"


def _count(value, weighted):
    # Weights summing past 1e15 show four digits: a float's whole number that large
    # has digits no weight put there (2e300 would print 301 of them).
    if weighted and not (float(value).is_integer() and abs(value) < 1e15):
        return f"{value:,.4g}"
    return f"{int(round(value)):,}"


def measure_list(spec):
    return MEASURES + level_measures(spec)


def rows_of(report, spec, *, plain=False):
    """``[(label, {model: text})]`` for the table formats (``plain``: no markers)."""
    models = report["models"]
    best = report["comparison"].get("best", {})
    weighted = bool(spec.weight)
    rows = []
    for key, label in _COUNT_ROWS:
        cells = {}
        for model, result in models.items():
            if key == "prevalence":
                cells[model] = _number(result["prevalence"])
            elif key == "rows":
                cells[model] = _count(result["rows"], False)
            else:
                cells[model] = _count(result[key], weighted)
        shown = "weight of positives" if key == "positives" and weighted else label
        rows.append((shown, cells))
    for key, label in measure_list(spec):
        cells = {}
        for model, result in models.items():
            cells[model] = _cell(result, key, spec)
            if not plain and len(models) > 1 and key in _MARKED and best.get(key) == model:
                cells[model] += " *"
        rows.append((label, cells))
    return rows


def _cell(result, key, spec):
    value = result["values"].get(key)
    text = _number(value)
    bounds = result.get("bounds", {}).get(key)
    interval = result.get("intervals", {}).get(key)
    if bounds is not None:
        text += f" [{_number(bounds[0])}, {_number(bounds[1])}]"
    elif interval is not None:
        text += f" ({_number(interval[0])}-{_number(interval[1])})"
    threshold = result["values"].get(key + "_threshold")
    if threshold is not None and value == value:
        text += f" @ {threshold:.4g}"
    return text


def _legend(spec, report):
    lines = []
    level = f"{spec.confidence_level:.0%}"
    if spec.binned:
        lines.append("[low, high]: certified bounds of the exact value (scores binned to "
                     f"{spec.mantissa_bits} mantissa bits); @ threshold: predict positive at "
                     "or above it")
    deployed = spec.prevalence is not None  # (Boyd's intervals left out)
    if spec.intervals:
        lines.append(f"(low-high): {level} interval, DeLong for AUC-ROC"
                     + ("" if deployed else ", Boyd's logit for AUC-PR")
                     + "; @: the threshold (predict positive for scores >= it)")
    if spec.intervals and spec.levels():
        population = ("the population" if not deployed else
                      f"the population at prevalence {spec.prevalence:g}")
        tests = ("exact binomial tests in fixed sequence, Learn then Test" if not spec.cluster
                 else "for new clusters: each test at Korn and Graubard's effective size, "
                 "in fixed sequence, Learn then Test")
        lines.append(f"certified {level}: at the threshold whose precision (recall, share "
                     "flagged) meets "
                     f"the level in {population} with {level} confidence ({tests})")
    if len(report["models"]) > 1:
        lines.append("* marks the model each measure would select.")
    return lines


def as_table(report, spec, source_line):
    models = list(report["models"])
    rows = rows_of(report, spec)
    width = max(len(label) for label, _ in rows) + 2
    columns = {m: max(len(m), *(len(cells[m]) for _, cells in rows)) + 2 for m in models}
    lines = [source_line, ""]
    lines.append(" " * width + "".join(m.rjust(columns[m]) for m in models))
    for label, cells in rows:
        lines.append(label.ljust(width) + "".join(cells[m].rjust(columns[m]) for m in models))
    lines.append("")
    lines += _legend(spec, report)
    lines += _comparison_lines(report, spec)
    lines += requirement_lines(report)
    lines += decision_lines(report)
    lines += _segment_lines(report, spec)
    for note in report["notes"]:
        lines.append(f"note: {note}")
    return "\n".join(lines)


def decision_lines(report):
    """A line per model with a decision curve: the thresholds where its net benefit
    is above treating everyone and treating no one."""
    lines = []
    for model, result in report["models"].items():
        curve = result.get("decision_curve")
        if curve is None:
            continue
        thresholds = np.asarray(curve["thresholds"])
        useful = np.asarray(curve["net_benefit"]) > np.maximum(curve["treat_all"], 0.0)
        # (runs of consecutive thresholds, each said as its first and last)
        edges = np.flatnonzero(np.diff(np.r_[False, useful, False]))
        runs = [f"{thresholds[a]:g}" if a == b - 1 else f"{thresholds[a]:g} to "
                f"{thresholds[b - 1]:g}" for a, b in zip(edges[::2], edges[1::2])]
        where = ", ".join(runs) if 0 < len(runs) <= 3 else "no threshold"
        if len(runs) > 3:  # (scattered: counted, not listed)
            where = (f"{int(useful.sum())} of {thresholds.shape[0]} thresholds between "
                     f"{thresholds[edges[0]]:g} and {thresholds[edges[-1] - 1]:g}")
        lines.append(f"Decision curve: {model!r} beats treating all and treating none at "
                     f"{where} (of {thresholds[0]:g} to {thresholds[-1]:g}).")
    return [""] + lines if lines else []


def _round_up(value):
    """``value`` rounded up to two significant digits (a bound stays a bound)."""
    step = 10.0 ** (math.floor(math.log10(value)) - 1)
    return math.ceil(value / step - 1e-9) * step


def p_texts(tests, resolution):
    """``{model: (raw, adjusted)}``: each p-value as ``p = 0.012`` (two significant
    digits), or as the bound ``p < 0.002`` where it is below what the test resolves;
    Holm's adjusted values bounded alike (from the raw values held at the resolution)."""
    raw = [t["pvalue"] for t in tests.values()]
    adjusted = holm_adjusted(raw)
    held = holm_adjusted([max(p, resolution) for p in raw])
    out = {}
    for model, p, a, h in zip(tests, raw, adjusted, held):
        out[model] = (f"p < {_round_up(resolution):.2g}" if p < resolution else f"p = {p:.2g}",
                      f"p < {_round_up(h):.2g}" if a < h else f"p = {a:.2g}")
    return out


def requirement_lines(report):
    """The quality gates' outcomes: one line when all are met, else a line per
    requirement not met."""
    outcomes = report.get("requirements")
    if not outcomes:
        return []
    failed = [o for o in outcomes if not o["met"]]
    if not failed:
        return ["", f"Requirements: all {len(outcomes)} met."]
    return ["", f"Requirements: {len(failed)} of {len(outcomes)} not met."] + [
        f"not met: {o['text']}" for o in failed]


def _comparison_lines(report, spec):
    comparison = report["comparison"]
    if not comparison:
        return []
    lines = ["", comparison["sentence"]]
    if comparison.get("straight_lines"):
        lines.append(comparison["straight_lines"])
    if comparison.get("verdict"):
        lines.append(comparison["verdict"])
    level = f"{spec.confidence_level:.0%}"
    settings = comparison.get("tests", {})
    paired = {"delta": "Paired delta-method test", "bootstrap": "Paired bootstrap test"}
    for family, title, measure in (("paired_auc_pr", paired[spec.paired_test], "AUC-PR"),
                                   ("delong", "DeLong paired test", "AUC-ROC")):
        tests = comparison.get(family) or {}
        if not tests:
            continue
        texts = p_texts(tests, settings[family]["resolution"])
        for model, test in tests.items():
            raw, adjusted = texts[model]
            holm = f", Holm-adjusted {adjusted}" if len(tests) > 1 else ""
            lines.append(
                f"{title}, {model} - {test['against']}: {measure} difference "
                f"{test['difference']:+.4f} ({level} interval {test['low']:+.4f} to "
                f"{test['high']:+.4f}), z = {test['statistic']:.2f}, {raw}{holm}")
        lines.append(_settings_line(family, settings[family]))
    return lines


def _settings_line(family, settings):
    """How a family of tests was run, in one sentence."""
    correction = (f" Holm's correction over the {settings['comparisons']} comparisons "
                  "against the winner; the intervals are each comparison's own."
                  if settings["comparisons"] > 1 else "")
    rows, of_rows = settings["rows"], settings["of_rows"]
    sampled = rows != of_rows
    clusters = settings.get("clusters")
    sample = (f"all {rows:,} rows" if not sampled else
              f"a uniform sample of {rows:,} of the {of_rows:,} rows")
    if clusters is not None:  # (the sample keeps or leaves out whole clusters)
        sample = (f"the {clusters:,} clusters of all {rows:,} rows" if not sampled else
                  f"a sample of {clusters:,} whole clusters ({rows:,} of the {of_rows:,} rows)")
    reading = "normal" if clusters is None else f"Student's t ({clusters - 1:,} d.f.)"
    if family == "delong" or settings["paired_test"] == "delta":
        within = " summed" if clusters is None else " summed within each cluster,"
        what = (f"DeLong: a {reading} test of the paired difference, its variance{within}"
                if family == "delong" else f"Delta method: a {reading} test of the paired "
                "difference, its standard error from each row's influence on both areas,"
                + within)
        scaled = f" (seed {settings['seed']}), scaled to all rows" if sampled else ""
        return (f"({what} over {sample}{scaled}; p-values below "
                f"{settings['resolution']:.0e} are shown as a bound.{correction})")
    if sampled:
        sample += (f", the spread scaled by sqrt({rows:,} / {of_rows:,}) = "
                   f"{settings['spread_scale']:.3f}")
    resampled, read = ("", "") if clusters is None else (" of whole clusters",
                                                         f", read on {reading}")
    return (f"(Paired bootstrap: {settings['n_resamples']:,} resamples{resampled}, seed "
            f"{settings['seed']}, of {sample}{read}; p-values below "
            f"1/({settings['n_resamples']:,} + 1) are shown as a bound.{correction})")


#: Segments listed in the printed table (text and Markdown), the largest by rows;
#: the page and the results files hold them all.
PRINTED_SEGMENTS = 25


def segment_table(report, spec, limit=None):
    """The ``--by`` section as ``(title, header, rows, small)``: per segment its rows,
    positives and each model's AUC-ROC and AUC-PR (with intervals where computed);
    ``small`` the segments holding fewer than :data:`SMALL_SEGMENT` of a class. With
    more than ``limit`` segments, the ``limit`` largest by rows (in their order),
    and a last row saying how many more the results files hold."""
    segments = report["segments"]
    if not segments:
        return None
    models = list(report["models"])
    weighted = bool(spec.weight)
    title = f"By {segments['column']!r}: AUC-ROC and AUC-PR (Davis-Goadrich) per segment"
    header = ["segment", "rows", "weight of positives" if weighted else "positives"]
    for model in models:
        header += [f"{model} AUC-ROC", f"{model} AUC-PR"]
    values = segments["values"]
    shown = list(values)
    if limit is not None and len(shown) > limit:
        def size(name):
            return next(iter(values[name].values()))["rows"]

        largest = set(sorted(shown, key=size, reverse=True)[:limit])
        shown = [name for name in shown if name in largest]
    rows, small = [], []
    for name in values:
        first = next(iter(values[name].values()))
        if min(first.get("positives", 0), first.get("negatives", 0)) < SMALL_SEGMENT:
            small.append(name)
    for name in shown:
        results = values[name]
        first = next(iter(results.values()))
        positives = first.get("positives", 0)
        row = [name + (" (small)" if name in small else ""), _count(first["rows"], False),
               _count(positives, weighted)]
        for model in models:
            result = results.get(model)
            if result is None or "values" not in result:
                row += ["one class only", ""]
            else:
                row += [_cell(result, "auc_roc", spec), _cell(result, "auc_pr", spec)]
        rows.append(row)
    if len(shown) < len(values):
        rows.append([f"({len(values) - len(shown)} smaller segments: see results.csv)", "",
                     ""] + ["", ""] * len(models))
    rows.append(["grouped AUC", "", ""] + [cell for m in models for cell in (
        _number(segments["grouped_auc"][m]), "")])
    worst = segments.get("worst_auc_pr", {})
    rows.append([f"worst segment ({spec.confidence_level:.0%} for all at once)", "", ""]
                + [cell for m in models for cell in ("", _worst_cell(worst.get(m)))])
    return title, header, rows, small


def _worst_rows(segments, spec):
    """The long rows of each model's worst segment by AUC-PR."""
    rows = []
    for model, worst in segments.get("worst_auc_pr", {}).items():
        if worst is not None:
            low, high = worst["interval"] or (None, None)
            rows.append((worst["segment"], model, "worst_segment_auc_pr", worst["value"],
                         low, high, "" if low is None else
                         f"{spec.confidence_level:.0%} logit, all segments at once"))
    return rows


def _worst_cell(worst):
    """The smallest AUC-PR, its segment and its simultaneous interval."""
    if worst is None:
        return "n/a"
    interval = worst["interval"]
    shown = "" if interval is None else (
        f" ({_number(interval[0])}-{_number(interval[1])})")
    return f"{_number(worst['value'])}{shown} in {worst['segment']}"


def _small_note(small):
    return (f"(small): fewer than {SMALL_SEGMENT} positives or negatives in "
            f"{_join_names(small)}; those areas are too uncertain to compare.")


def _join_names(names):
    shown = [repr(n) for n in names[:5]]
    more = f" and {len(names) - 5} more" if len(names) > 5 else ""
    return ", ".join(shown) + more


#: The widest line of a printed segment table (and, in characters, of the page's):
#: wider tables are split into several, each model's two columns kept together.
SEGMENT_TABLE_WIDTH = 120


def segment_column_groups(header, rows, width=SEGMENT_TABLE_WIDTH):
    """The column indices of each part of a segment table: the segment, rows and
    positives columns, then as many models' (AUC-ROC, AUC-PR) pairs as fit in
    ``width`` characters (at least one)."""
    widths = [max(len(r[i]) for r in [header] + rows) + 2 for i in range(len(header))]
    groups, current, used = [], [], sum(widths[:3])
    for first in range(3, len(header), 2):
        pair = widths[first] + widths[first + 1]
        if current and used + pair > width:
            groups.append([0, 1, 2, *current])
            current, used = [], sum(widths[:3])
        current += [first, first + 1]
        used += pair
    groups.append([0, 1, 2, *current])
    return groups, widths


def _segment_lines(report, spec):
    table = segment_table(report, spec, PRINTED_SEGMENTS)
    if table is None:
        return []
    title, header, rows, small = table
    groups, widths = segment_column_groups(header, rows)
    lines = ["", title + ":"]
    for number, group in enumerate(groups):
        if number:
            lines.append("")
        for row in [header] + rows:
            lines.append(row[0].ljust(widths[0]) + "".join(
                row[i].rjust(widths[i]) for i in group[1:]))
    if small:
        lines.append(_small_note(small))
    return lines


def as_markdown(report, spec, source_line):
    models = list(report["models"])
    lines = [f"**{_md(source_line)}**", "", "| measure | " + " | ".join(map(_md, models)) + " |",
             "|---|" + "---:|" * len(models)]
    for label, cells in rows_of(report, spec):
        lines.append(f"| {_md(label)} | " + " | ".join(_md(cells[m]) for m in models) + " |")
    lines.append("")
    # One paragraph per line (Markdown joins consecutive lines into one).
    for line in (_legend(spec, report) + _comparison_lines(report, spec)
                 + requirement_lines(report) + decision_lines(report)):
        lines += [_md(line), ""] if line else []
    table = segment_table(report, spec, PRINTED_SEGMENTS)
    if table is not None:
        title, header, rows, small = table
        lines += ["", f"**{_md(title)}**", "",
                  "| " + " | ".join(map(_md, header)) + " |",
                  "|---|" + "---:|" * (len(header) - 1)]
        lines += ["| " + " | ".join(map(_md, row)) + " |" for row in rows]
        if small:
            lines += ["", _md(_small_note(small))]
    for note in report["notes"]:
        lines.append(f"> note: {_md(note)}")
    return "\n".join(lines)


def _md(text):
    """Text as Markdown shows it literally: table pipes and emphasis escaped, and
    markup (a model named ``<img ...>``) as entities, since Markdown passes HTML on."""
    if text == " *":
        return text
    text = html.escape(str(text), quote=False).replace("\\", "\\\\")
    return text.replace("|", "\\|").replace("*", "\\*")


def long_rows(report, spec):
    """``(segment, model, measure, value, low, high, kind)`` rows of every number."""
    out = []

    def emit(segment, model, result):
        for key in ("rows", "positives", "negatives", "prevalence"):
            if key in result:
                out.append((segment, model, key, result[key], None, None, ""))
        for key, value in result.get("values", {}).items():
            low = high = None
            kind = ""
            if key in result.get("bounds", {}):
                (low, high), kind = result["bounds"][key], "certified bound"
            elif key in result.get("intervals", {}):
                low, high, method = result["intervals"][key]
                kind = f"{spec.confidence_level:.0%} {method}"
            out.append((segment, model, key, value, low, high, kind))

    for model, result in report["models"].items():
        emit("", model, result)
    segments = report["segments"]
    for name, results in segments.get("values", {}).items():
        for model, result in results.items():
            emit(name, model, result)
    for model, value in segments.get("grouped_auc", {}).items():
        out.append(("", model, "grouped_auc", value, None, None, ""))
    out += _worst_rows(segments, spec)
    for model, test in report["comparison"].get("paired_auc_pr", {}).items():
        out.append(("", model, f"auc_pr_difference_vs_{test['against']}", test["difference"],
                    test["low"], test["high"],
                    f"{spec.confidence_level:.0%} {TEST_NAMES[spec.paired_test]}"))
        out.append(("", model, f"auc_pr_pvalue_vs_{test['against']}", test["pvalue"],
                    None, None, ""))
        out.append(("", model, f"auc_pr_pvalue_holm_vs_{test['against']}",
                    test["pvalue_holm"], None, None, "Holm-adjusted"))
    for model, test in report["comparison"].get("delong", {}).items():
        out.append(("", model, f"delong_difference_vs_{test['against']}", test["difference"],
                    test["low"], test["high"], f"{spec.confidence_level:.0%} DeLong"))
        out.append(("", model, f"delong_pvalue_vs_{test['against']}", test["pvalue"],
                    None, None, ""))
        out.append(("", model, f"delong_pvalue_holm_vs_{test['against']}",
                    test["pvalue_holm"], None, None, "Holm-adjusted"))
    for outcome in report.get("requirements", []):
        out.append(("", outcome["model"], f"requirement {outcome['requirement']}",
                    outcome["value"], None, None, "met" if outcome["met"] else "not met"))
    return out


def as_csv(report, spec, delimiter=","):
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\n")
    writer.writerow(["segment", "model", "measure", "value", "low", "high", "kind"])
    for row in long_rows(report, spec):
        writer.writerow(["" if v is None else (repr(v) if isinstance(v, float) else v)
                         for v in row])
    return buffer.getvalue()


def json_payload(report, metadata):
    models = {}
    for model, result in report["models"].items():
        models[model] = _jsonable(result)
    payload = {
        "metadata": metadata,
        "models": models,
        "comparison": _jsonable(report["comparison"]),
        "notes": report["notes"],
    }
    if report["segments"]:
        payload["segments"] = _jsonable(report["segments"])
    if report.get("requirements"):
        payload["requirements"] = _jsonable(report["requirements"])
    return payload


_INTERNAL = {"hull", "counted", "clusters"}  # kept for the figures and tests, not results


def _jsonable(value):
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items() if k not in _INTERNAL}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None  # JSON has no NaN or infinity
    if hasattr(value, "item"):
        return _jsonable(value.item())
    return value


def as_json(report, metadata):
    return json.dumps(json_payload(report, metadata), indent=2, allow_nan=False)


# The report's own style, scoped to its <div> (a notebook's page keeps its own).
_HTML_STYLE = """<style>
.prc-report table { border-collapse: collapse; margin: 1em 0; }
.prc-report th, .prc-report td { border: 1px solid #ccc; padding: 0.3em 0.8em;
  text-align: right; font-variant-numeric: tabular-nums; }
.prc-report td.best { font-weight: bold; background: #e8f4e8; }
.prc-report p.legend { color: #555; font-size: 0.9em; margin: 0.2em 0; }
.prc-report p.note { background: #fff4e0; padding: 0.4em 0.8em; }
.prc-report p, .prc-report h1, .prc-report h2, .prc-report figcaption {
  overflow-wrap: anywhere; }
.prc-report div.wide { overflow-x: auto; max-width: 100%; }
.prc-report tr > th:first-child { text-align: left; }
.prc-report th { overflow-wrap: anywhere; min-width: 6em; }
.prc-report td { white-space: nowrap; }
.prc-report figure { display: block; margin: 1em 0; max-width: 72em; }
.prc-report img { width: 100%; height: auto; }
.prc-report figcaption { font-size: 0.9em; color: #444; max-width: 40em; }
</style>
"""


def _segment_html(table):
    """The --by table (:func:`segment_table`'s) as HTML, "" without one."""
    if table is None:
        return ""
    title, header, rows, small = table
    segment_html = f"<h2>{html.escape(title)}</h2>"
    for group in segment_column_groups(header, rows)[0]:
        heads = "".join(f"<th>{html.escape(header[i])}</th>" for i in group)
        cells = "".join(
            "<tr>" + f"<th>{html.escape(row[0])}</th>"
            + "".join(f"<td>{html.escape(row[i])}</td>" for i in group[1:]) + "</tr>"
            for row in rows)
        segment_html += f"<div class='wide'><table><tr>{heads}</tr>{cells}</table></div>"
    if small:
        segment_html += f"<p class='note'>{html.escape(_small_note(small))}</p>"
    return segment_html


def html_fragment(report, spec, source_line, figures, version):
    """The report as one ``<div>`` with its own scoped style (a page's body, or a
    notebook's output): the table, the comparison, segments, and the figures,
    ``[(caption, data URI)]``."""
    models = list(report["models"])
    head = "".join(f"<th>{html.escape(m)}</th>" for m in models)
    body = []
    best = report["comparison"].get("best", {})
    keys = dict((label, key) for key, label in measure_list(spec))
    for label, cells in rows_of(report, spec, plain=True):
        key = keys.get(label)
        tds = "".join(
            f"<td class='{'best' if len(models) > 1 and best.get(key) == m else ''}'>"
            f"{html.escape(cells[m])}</td>" for m in models)
        body.append(f"<tr><th>{html.escape(label)}</th>{tds}</tr>")
    legend = "".join(f"<p class='legend'>{html.escape(line.replace('* marks', 'Highlighted:'))}</p>"
                     for line in _legend(spec, report))
    comparison = "".join(f"<p>{html.escape(line)}</p>"
                         for line in _comparison_lines(report, spec) if line)
    comparison += "".join(f"<p class='note'>{html.escape(line)}</p>"
                          for line in requirement_lines(report) if line)
    comparison += "".join(f"<p>{html.escape(line)}</p>" for line in decision_lines(report)
                          if line)
    segment_html = _segment_html(segment_table(report, spec))
    notes = "".join(f"<p class='note'>{html.escape(n)}</p>" for n in report["notes"])
    figure_html = "".join(
        f"<figure><img alt='{html.escape(caption)}' src='{uri}'>"
        f"<figcaption>{html.escape(caption)}</figcaption></figure>"
        for caption, uri in figures)
    return f"""<div class="prc-report">
{_HTML_STYLE}<h1>Precision-recall and ROC report</h1>
<p>{html.escape(source_line)}</p>
<div class='wide'><table><tr><th>measure</th>{head}</tr>{''.join(body)}</table></div>
{legend}
{comparison}
{notes}
{segment_html}
{figure_html}
<p class='legend'>Areas under precision-recall curves use the interpolation of Davis and
Goadrich (ICML 2006): straight lines between PR points overstate the area, and the
achievable PR curve is the image of the ROC convex hull. sklearn-prcurves {version}</p>
</div>
"""


def html_page(report, spec, source_line, figures, version):
    """One self-contained HTML page around :func:`html_fragment`."""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>sklearn-prcurves report</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 80em; color: #222;
       padding: 0 1em; }}
</style></head><body>
{html_fragment(report, spec, source_line, figures, version)}
{explorer_html(report, spec)}</body></html>
"""
