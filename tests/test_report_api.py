"""The report from Python (``sklearn_prcurves.report``): the command line's numbers,
an object a notebook shows, its table as a DataFrame, its figures, and the folder the
command line writes."""

import json
import math
import warnings
from html import unescape

import numpy as np
import pytest

import sklearn_prcurves as spc
from sklearn_prcurves._report._cli import main

pa = pytest.importorskip("pyarrow")
pytest.importorskip("matplotlib")
import pyarrow.csv as pacsv  # noqa: E402


def _data(n=1500, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.08).astype(int)
    y[:2] = [0, 1]
    scores = {"sharp": 1.4 * y + rng.normal(size=n),
              "tied": np.round(0.9 * y + rng.normal(size=n), 1),
              "blunt": 0.4 * y + rng.normal(size=n)}
    weight = rng.integers(1, 4, n).astype(float)
    group = rng.choice(["north", "south", "west"], n)
    return y, scores, weight, group


def _cli_json(tmp_path, capsys, columns, *options):
    path = tmp_path / "input.csv"
    pacsv.write_csv(pa.table(columns), str(path))
    assert main(["report", str(path), *options, "--format", "json", "--no-files",
                 "--no-progress"]) == 0
    return json.loads(capsys.readouterr().out)


def _without_metadata(payload):
    return {key: value for key, value in payload.items() if key != "metadata"}


@pytest.mark.parametrize("weighted, segmented, method", [(False, False, "delta"),
                                                          (True, True, "bootstrap")])
def test_the_python_report_is_the_command_line_s(tmp_path, capsys, weighted, segmented,
                                                 method):
    # The same numbers, tests, verdict and notes as the command line on the same data
    # written to a file (weights and --by included).
    y, scores, weight, group = _data()
    columns = {"y_true": y, **scores}
    options = ["--label", "y_true", *[o for m in scores for o in ("--score", m)],
               "--at-recall", "0.5", "--seed", "3", "--paired-test", method]
    keywords = {"paired_test": method}
    if method == "bootstrap":
        options += ["--n-resamples", "200"]
        keywords["n_resamples"] = 200
    if weighted:
        columns["sample_weight"] = weight
        options += ["--weight", "sample_weight"]
        keywords["sample_weight"] = weight
    if segmented:
        columns["by"] = group
        options += ["--by", "by"]
        keywords["by"] = group
    expected = _cli_json(tmp_path, capsys, columns, *options)
    result = spc.report(y, scores, at_recall=[0.5], seed=3, **keywords)
    got = result.to_dict()
    assert _without_metadata(got) == _without_metadata(expected)
    assert got["metadata"]["rows_read"] == expected["metadata"]["rows_read"] == y.shape[0]
    assert result.verdict == expected["comparison"]["verdict"]
    # ... and the library's functions on the arrays.
    w = weight if weighted else None
    for model, s in scores.items():
        values = got["models"][model]["values"]
        assert values["auc_roc"] == pytest.approx(
            spc.roc_auc_score(y, s, sample_weight=w), rel=1e-12)
        assert values["auc_pr"] == pytest.approx(
            spc.pr_auc_score(y, s, sample_weight=w), rel=1e-12)


def test_the_report_object_renders_tabulates_draws_and_saves(tmp_path, capsys):
    import matplotlib
    import matplotlib.pyplot as plt
    import pandas as pd

    y, scores, _, _ = _data(800, 1)
    backend, open_figures = matplotlib.get_backend(), plt.get_fignums()
    result = spc.report(y, scores)
    assert repr(result) == "<Report: 3 models, 800 rows, best by AUC-PR: 'sharp'>"
    assert result.models == ["sharp", "tied", "blunt"]

    frame = result.to_frame()
    assert isinstance(frame, pd.DataFrame) and list(frame.columns) == result.models
    as_dict = result.to_dict()["models"]
    for model in result.models:
        assert frame.loc["auc_pr", model] == as_dict[model]["values"]["auc_pr"]
        assert frame.loc["rows", model] == 800

    figures = result.figures()
    assert {"pr_curves", "roc_curves"} <= set(figures)
    html = result._repr_html_()
    assert html.startswith('<div class="prc-report">')
    assert html.count("<img") == len(figures)
    assert "AUC-PR (Davis-Goadrich)" in html and result.verdict in unescape(html)
    assert "<img" not in result.html(figures=False)
    assert all(isinstance(f, matplotlib.figure.Figure) for f in figures.values())
    # Not pyplot's: no backend chosen, nothing left open in a notebook's session.
    assert matplotlib.get_backend() == backend and plt.get_fignums() == open_figures

    assert str(result) == result.to_text("table")
    written = result.save(tmp_path / "out")
    names = sorted(p.split("/")[-1] for p in written)
    assert names == sorted([f"{name}.png" for name in figures]
                           + ["report.html", "results.csv", "results.json"])
    saved = json.loads((tmp_path / "out" / "results.json").read_text())
    assert _without_metadata(saved) == _without_metadata(result.to_dict())
    # A folder of other files is refused, as on the command line.
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="force=True"):
        result.save(tmp_path / "other")
    assert result.save(tmp_path / "other", force=True)


def test_one_array_is_one_model_and_options_are_the_command_line_s():
    y, scores, _, _ = _data(600, 2)
    result = spc.report(y, scores["sharp"], intervals=False, binned=True,
                        mantissa_bits=8, at_precision=[0.3])
    out = result.to_dict()
    assert list(out["models"]) == ["model"] and result.verdict is None
    assert out["metadata"]["mode"] == "binned" and out["metadata"]["mantissa_bits"] == 8
    assert "recall_at_precision_0.3" in out["models"]["model"]["values"]
    assert "intervals" not in out["models"]["model"]


def test_a_frame_is_a_model_per_column_and_a_series_is_named():
    pd = pytest.importorskip("pandas")
    y, scores, _, _ = _data(600, 2)
    frame = pd.DataFrame(scores)
    by_frame = spc.report(y, frame, intervals=False).to_dict()
    by_dict = spc.report(y, scores, intervals=False).to_dict()
    assert list(by_frame["models"]) == list(scores)
    assert by_frame["models"] == by_dict["models"]
    series = spc.report(y, frame["sharp"], intervals=False).to_dict()
    assert list(series["models"]) == ["sharp"]
    assert series["models"]["sharp"] == by_dict["models"]["sharp"]
    with pytest.raises(ValueError, match="two models alike"):
        spc.report(y, pd.concat([frame["sharp"], frame["sharp"]], axis=1))
    # predict_proba's frame (integer column names) is refused, as its array is
    with pytest.raises(ValueError, match=r"proba\[:, 1\]"):
        spc.report(y, pd.DataFrame(np.c_[1 - scores["sharp"], scores["sharp"]]))


@pytest.mark.parametrize("library", ["pyarrow", "polars"])
def test_arrow_and_polars_frames_are_a_model_per_column(library):
    # pyarrow's Table names its columns column_names (its columns are arrays); polars'
    # DataFrame has no ndim: each is still one model per column, a Series named.
    module = pytest.importorskip(library)
    y, scores, _, _ = _data(600, 2)
    frame = module.table(scores) if library == "pyarrow" else module.DataFrame(scores)
    by_dict = spc.report(y, scores, intervals=False).to_dict()
    assert spc.report(y, frame, intervals=False).to_dict()["models"] == by_dict["models"]
    if library == "polars":
        series = spc.report(module.Series(y), frame["sharp"], intervals=False).to_dict()
        assert series["models"] == {"sharp": by_dict["models"]["sharp"]}


@pytest.mark.parametrize("call, error, match", [
    (lambda y, s: spc.report(y, {"a": np.c_[1 - s, s]}), ValueError, r"proba\[:, 1\]"),
    (lambda y, s: spc.report(y, np.c_[1 - s, s]), ValueError,
     r"^the scores of 'model' must be one-dimensional, got shape \(600, 2\) \(for "
     r"predict_proba's output, pass the positive class's column, proba\[:, 1\]\)$"),
    (lambda y, s: spc.report(y, [s, 1 - s]), ValueError,
     r"shape \(2, 600\) \(several models: pass \{name: scores, ...\}\)$"),
    (lambda y, s: spc.report(y, {"a": s[:-1]}), ValueError, "has 599 rows where y_true has 600"),
    (lambda y, s: spc.report(y, {}), ValueError, "no model"),
    (lambda y, s: spc.report(y, {"y_true": s}), ValueError, "may not be named 'y_true'"),
    (lambda y, s: spc.report(y, {1: s, "1": s}), ValueError, "two models alike"),
    (lambda y, s: spc.report(y, {"a": np.where(np.arange(600) == 7, np.nan, s)}), ValueError,
     "input row 7, column 'a': the score is missing"),
    (lambda y, s: spc.report(np.arange(600) % 3, {"a": s}), ValueError, "label"),
    (lambda y, s: spc.report(y, {"a": s}, sample_weight=-np.ones(600)), ValueError,
     "negative"),
    (lambda y, s: spc.report(y, {"a": s}, n_resamples=1), None, "n_resamples"),
    (lambda y, s: spc.report(y, {"a": s}, seed=2**32), None, "seed"),
    (lambda y, s: spc.report(y, {"a": s}, confidence_level=1.0), None, "confidence_level"),
    (lambda y, s: spc.report(y, {"a": s}, figure_size=(0.5, 4)), ValueError, "figure_size"),
    (lambda y, s: spc.report(y, {"a": s}, dpi=2400, figure_size=(50, 50)), ValueError,
     "megapixels"),
    (lambda y, s: spc.report(y, {"a": s}, tolerance=0.01), ValueError, "binned=True"),
    (lambda y, s: spc.report(y, {"a": s}, at_recall=[1.5]), ValueError, r"\[0, 1\]"),
    (lambda y, s: spc.report(y, {"a": s}, style="no such style"), ValueError,
     "neither a matplotlib style"),
    (lambda y, s: spc.report(y, {"a": np.array([2**70] * 600, dtype=object)}), ValueError,
     "outside int64"),
])
def test_bad_input_is_one_clear_error(call, error, match):
    from sklearn.utils._param_validation import InvalidParameterError

    y, scores, _, _ = _data(600, 3)
    with pytest.raises(error or InvalidParameterError, match=match):
        call(y, scores["sharp"])


def test_arrays_of_other_namespaces_are_read_on_the_host():
    torch = pytest.importorskip("torch")
    y, scores, _, _ = _data(500, 4)
    expected = spc.report(y, scores, intervals=False).to_dict()
    got = spc.report(torch.asarray(y), {m: torch.asarray(s) for m, s in scores.items()},
                     intervals=False).to_dict()
    assert _without_metadata(got) == _without_metadata(expected)


def test_an_undefined_measure_is_a_note_and_a_warning():
    # Negatives weighing 2e-300 beside positives of 1e300: the prevalence rounds to 1
    # and Boyd's normalised AUC-PR is 0 / 0. The page says n/a; the note says why, and
    # from Python the report warns as the library's functions do.
    from sklearn_prcurves.exceptions import UndefinedMetricWarning

    y, w = np.array([0, 0, 1]), np.array([1e-300, 1e-300, 1e300])
    with pytest.warns(UndefinedMetricWarning, match="normalised AUC-PR .* undefined"):
        result = spc.report(y, {"a": np.zeros(3)}, sample_weight=w, intervals=False)
    assert result.to_dict()["models"]["a"]["values"]["normalized_auc_pr"] is None
    assert any("undefined on these data (n/a)" in note for note in result.to_dict()["notes"])
    assert "n/a" in result.to_text()


@pytest.mark.parametrize("call, message", [
    (lambda y, s: spc.report(np.where(y == 1, "yes", "no"), s),
     "takes value in {'no', 'yes'} and pos_label is not specified"),
    (lambda y, s: spc.report(np.where(y == 1, "yes", "no"), s, pos_label="Yes"),
     "pos_label='Yes' is not a value of label column 'y_true'"),
    (lambda y, s: spc.report(y, np.where(np.arange(y.shape[0]) == 3, np.nan, s)),
     "the score is missing (pass drop_missing=True to drop such rows)"),
    (lambda y, s: spc.report(y, s, by=np.arange(y.shape[0]), max_segments=10),
     "by makes one table per segment and model: pass a coarser column or raise "
     "max_segments"),
    (lambda y, s: spc.report(y, s, dpi=2000),
     "lower dpi or figure_size (or use figure_format='svg')"),
    (lambda y, s: spc.report(y, s, dpi=2000, figure_size=(8, 6)),
     "dpi=2000 with figure_size=(8, 6) makes figures"),
    (lambda y, s: spc.report(y, s, tolerance=0.01), "tolerance goes with binned=True"),
    (lambda y, s: spc.report(y, s, n_resamples=50),
     "n_resamples sets the paired bootstrap's resamples: add paired_test='bootstrap'"),
    (lambda y, s: spc.report(y, s, at_precision=[0.5, 2]), "at_precision must hold numbers"),
    (lambda y, s: spc.report(y, {"a": s, "b": s}, require_better_than="a", intervals=False),
     "which intervals=False leaves out"),
])
def test_errors_name_the_keywords_not_the_command_line_s_options(call, message):
    # The report's messages are the command line's; from Python they name report()'s
    # keywords: a user who reads "pass --pos-label" has no such option to pass.
    y, scores, _, _ = _data(600)
    with pytest.raises(ValueError) as caught:
        call(y, scores["sharp"])
    assert message in str(caught.value) and "--" not in str(caught.value)


def test_notes_name_the_keywords():
    y, scores, _, _ = _data(600)
    result = spc.report(np.append(y, 1), {name: np.append(s, np.nan) for name, s in
                                          scores.items()},
                        drop_missing=True, paired_test="bootstrap", n_resamples=20)
    notes = result.to_dict()["notes"]
    assert "1 row was dropped for a missing score or weight (drop_missing=True)." in notes
    assert any(note.startswith("n_resamples=20 is too few") for note in notes), notes
    assert not any("--" in note for note in notes)


def test_the_printed_table_lists_the_largest_segments_and_says_how_many_more():
    # 60 segments of very different sizes: the terminal's table shows the
    # PRINTED_SEGMENTS largest and a line for the rest; the page and the files hold
    # every segment.
    from sklearn_prcurves._report._render import PRINTED_SEGMENTS

    rng = np.random.default_rng(2)
    n = 6000
    y = (rng.random(n) < 0.2).astype(int)
    segment = (rng.zipf(1.5, n) % 60).astype(str)
    result = spc.report(y, y + rng.normal(size=n), by=segment, intervals=False)
    sizes = {name: int((segment == name).sum()) for name in set(segment)}
    assert len(sizes) > PRINTED_SEGMENTS and set(result.to_dict()["segments"]["values"]) == set(sizes)
    text = result.to_text()
    listed = [line.split()[0] for line in text.split("per segment:\n")[1].splitlines()[1:]
              if line and line.split()[0] in sizes]
    assert len(listed) == PRINTED_SEGMENTS
    assert min(sizes[name] for name in listed) >= max(
        size for name, size in sizes.items() if name not in listed)
    assert f"({len(sizes) - PRINTED_SEGMENTS} smaller segments: see results.csv)" in text
    assert f"({len(sizes) - PRINTED_SEGMENTS} smaller" in result.to_text("markdown")
    page = result.html(figures=False)
    assert all(f"<th>{name}</th>" in page or f"<th>{name} (small)</th>" in page
               for name in sizes) and "smaller segments" not in page


def test_the_paired_auc_pr_test_on_subnormal_weights_is_finite_and_quiet():
    # The delta method's influences need 1 / P, which overflows when the weights are
    # subnormal: they are formed as (derivative times P) times (weight over P).
    rng = np.random.default_rng(1)
    y = (rng.random(300) < 0.3).astype(int)
    a, b = y + rng.normal(size=300), 0.5 * y + rng.normal(size=300)
    weight = rng.integers(1, 4, 300) * 5e-324
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        test = spc.report(y, {"a": a, "b": b}, pos_label=1, sample_weight=weight
                          ).to_dict()["comparison"]["paired_auc_pr"]["b"]
    assert np.isfinite(test["statistic"]) and test["statistic"] < 0  # (b is the worse)
    assert 0 < test["pvalue"] < 1


def test_the_paired_auc_pr_test_refused_where_the_classes_weights_overflow_their_ratio():
    # Positives of subnormal weight beside negatives of weight 1: a negative's
    # influence (its weight over P) overflows. The test is not computed, and says why.
    rng = np.random.default_rng(2)
    y = (rng.random(200) < 0.3).astype(int)
    a, b = y + rng.normal(size=200), 0.5 * y + rng.normal(size=200)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        out = spc.report(y, {"a": a, "b": b}, pos_label=1,
                         sample_weight=np.where(y == 1, 5e-324, 1.0)).to_dict()
    assert out["comparison"]["paired_auc_pr"] == {}
    assert any("too far apart for double precision" in note for note in out["notes"])


@pytest.mark.parametrize("library", ["pandas", "polars", "pyarrow", "dict"])
def test_a_label_column_among_the_scores_is_refused_never_a_model(library):
    """The whole test frame passed as the scores brings the label along: refused by the
    label's name (a Series') or by its values, naming the column; never scored as a
    perfect model that the verdict then crowns."""
    y, scores, _, _ = _data(600, 2)
    columns = {"default": y, **scores}
    if library == "dict":
        frame, label = columns, y
    elif library == "pyarrow":
        frame = pa.table(columns)
        label = frame["default"]
    else:
        module = pytest.importorskip(library)
        frame = module.DataFrame(columns)
        label = frame["default"]
    with pytest.raises(ValueError, match="'default'") as caught:
        spc.report(label, frame, intervals=False)
    assert "drop(columns='default')" in str(caught.value)
    with pytest.raises(ValueError, match="y_score's 'default' holds y_true itself"):
        spc.report(np.asarray(y), frame, intervals=False)  # (no name to go by)
    # The same frame without the label is the models' report.
    assert spc.report(y, scores, intervals=False).models == list(scores)


def test_paired_differences_share_one_sign_everywhere(tmp_path):
    """Every paired difference is the model's minus the one it is compared against
    (DeLong's and the AUC-PR test's alike), in the JSON, the CSV and the text."""
    y, scores, _, _ = _data(1500, 0)
    result = spc.report(y, scores)
    comparison = result.to_dict()["comparison"]
    values = {m: r["values"] for m, r in result.to_dict()["models"].items()}
    for family, measure in (("paired_auc_pr", "auc_pr"), ("delong", "auc_roc")):
        for model, test in comparison[family].items():
            expected = values[model][measure] - values[test["against"]][measure]
            assert test["difference"] == pytest.approx(expected, rel=1e-12)
            assert test["low"] <= test["difference"] <= test["high"]
            assert np.sign(test["statistic"]) == np.sign(test["difference"])
            assert (f"{model} - {test['against']}: {measure.replace('auc_', 'AUC-').upper()}"
                    f" difference {test['difference']:+.4f}") in result.to_text()
    rows = result.to_text("csv").splitlines()
    assert any(",blunt,auc_pr_difference_vs_sharp," in row for row in rows)
    assert not any("difference_of" in row for row in rows)
    assert comparison["tests"]["paired_auc_pr"]["alpha"] == 0.05


@pytest.mark.parametrize("n_resamples, resolved", [(2, False), (10, False), (18, False),
                                                    (19, False), (20, True), (500, True)])
def test_no_significance_is_claimed_below_the_bootstraps_resolution(n_resamples, resolved):
    """A bootstrap of B resamples cannot resolve p-values below 1/(B+1): where that
    bound is not below the level, the verdict says inconclusive, never "better"."""
    y, scores, _, _ = _data(1500, 0)
    result = spc.report(y, {"sharp": scores["sharp"], "blunt": scores["blunt"]},
                        paired_test="bootstrap", n_resamples=n_resamples)
    test = result.to_dict()["comparison"]["paired_auc_pr"]["blunt"]
    assert test["pvalue"] < 0.05  # (below the level: only the resolution holds it back)
    if resolved:
        assert result.verdict.startswith("By AUC-PR, 'sharp' is better than 'blunt'")
    else:
        assert "better than" not in result.verdict and "inconclusive" in result.verdict
        assert f"below 1/{n_resamples + 1}" in result.verdict
        assert "use at least 20 resamples" in result.verdict


def test_holm_needs_the_resolution_below_the_level_over_the_comparisons():
    y, scores, _, _ = _data(1500, 0)
    strong = {"best": 3 * y + np.random.default_rng(5).normal(size=y.shape[0]), **scores}
    result = spc.report(y, strong, paired_test="bootstrap", n_resamples=30)
    assert len(result.to_dict()["comparison"]["paired_auc_pr"]) == 3
    # 3 comparisons: 1/31 is below 0.05 but above 0.05 / 3
    assert "inconclusive (use at least 60 resamples)" in result.verdict


def test_markdown_shows_model_names_as_text_never_as_markup():
    y, scores, _, _ = _data(600, 2)
    names = {"<img src=x onerror=alert(1)>": scores["sharp"], "a|b*c\\": scores["blunt"]}
    markdown = spc.report(y, names, intervals=False).to_text("markdown")
    assert "<img" not in markdown and "&lt;img src=x onerror=alert(1)&gt;" in markdown
    assert "a\\|b\\*c\\\\" in markdown


def test_saving_from_python_prints_nothing(tmp_path, capsys):
    y, scores, _, _ = _data(600, 2)
    result = spc.report(y, {"sharp": scores["sharp"]}, intervals=False)
    result.save(tmp_path / "out")
    result.save(tmp_path / "out")  # (replaces the previous report)
    assert capsys.readouterr() == ("", "")


def test_segments_are_named_by_the_series_or_the_frames_column():
    pd = pytest.importorskip("pandas")
    rng = np.random.default_rng(12)
    y = (rng.random(2000) < 0.2).astype(int)
    frame = pd.DataFrame({"a": y + rng.normal(size=2000), "b": rng.normal(size=2000),
                          "student": rng.choice(["yes", "no"], 2000)})
    by_series = spc.report(y, frame[["a", "b"]], by=frame.student, intervals=False)
    by_column = spc.report(y, frame, by="student", intervals=False)
    unnamed = spc.report(y, frame[["a", "b"]], by=frame.student.to_numpy(), intervals=False)
    for result in (by_series, by_column):
        assert result.models == ["a", "b"]
        assert result.to_dict()["segments"]["column"] == "student"
        assert "By 'student'" in result.to_text()
    assert by_column.to_dict()["segments"] == by_series.to_dict()["segments"]
    assert unnamed.to_dict()["segments"]["column"] == "by"
    with pytest.raises(ValueError, match="by='nope' names no column of y_score"):
        spc.report(y, frame, by="nope")


def test_the_frame_holds_the_intervals_beside_the_values():
    pytest.importorskip("pandas")
    y, scores, _, _ = _data(800, 1)
    result = spc.report(y, scores)
    plain, wide = result.to_frame(), result.to_frame(intervals=True)
    assert list(wide.columns) == [(m, side) for m in result.models
                                  for side in ("value", "low", "high")]
    models = result.to_dict()["models"]
    for model in result.models:
        assert wide[(model, "value")].equals(plain[model])
        for key, (low, high, _) in models[model]["intervals"].items():
            assert (wide.loc[key, (model, "low")], wide.loc[key, (model, "high")]) == (low, high)
        assert np.isnan(wide.loc["max_f1", (model, "low")])
    binned = spc.report(y, scores, binned=True, mantissa_bits=4).to_frame(intervals=True)
    low, high = binned.loc["auc_roc", ("sharp", "low")], binned.loc["auc_roc", ("sharp", "high")]
    assert low <= binned.loc["auc_roc", ("sharp", "value")] <= high


def test_a_segment_table_of_many_models_stays_within_120_characters():
    rng = np.random.default_rng(13)
    y = (rng.random(4000) < 0.1).astype(int)
    segment = rng.choice(["north", "south", "a much longer segment name"], 4000)
    models = {f"model number {k}": y * k / 3 + rng.normal(size=4000) for k in range(1, 6)}
    result = spc.report(y, models, by=segment)
    text = result.to_text()
    section = text[text.index("per segment:"):]
    assert max(len(line) for line in section.splitlines()) <= 120
    for model in models:
        assert section.count(f"{model} AUC-ROC") == 1 and section.count(f"{model} AUC-PR") == 1
    page = result.html(figures=False)
    tables = page[page.index("per segment</h2>"):].split("<table>")[1:]
    assert len(tables) >= 2 and sum(t.count("AUC-ROC</th>") for t in tables) == 5


@pytest.mark.parametrize("segments", [1, 2, 3, 6])
def test_the_segment_figure_is_as_wide_as_the_others(tmp_path, segments):
    # The page shows every figure at one width: a narrower figure's fonts would show
    # larger (twice as large with two segments, before).
    from PIL import Image

    rng = np.random.default_rng(14)
    y = (rng.random(3000) < 0.2).astype(int)
    by = rng.integers(0, segments, 3000).astype(str)
    spc.report(y, {"a": y + rng.normal(size=3000), "b": rng.normal(size=3000)}, by=by,
               intervals=False).save(tmp_path / "r")
    widths = {name: Image.open(tmp_path / "r" / f"{name}.png").size[0]
              for name in ("pr_curves", "roc_curves", "segments")}
    assert 0.75 <= widths["segments"] / widths["roc_curves"] <= 1.25, widths


def test_a_deployment_prevalence_moves_the_pr_readings_and_the_figures():
    """``prevalence=``: the report's PR numbers are the library's at it, binned bounds
    hold them, segments are read at it too, and the figures draw its chance line."""
    pytest.importorskip("matplotlib")
    y, scores, weight, group = _data(3000, seed=4)
    exact = spc.report(y, scores, sample_weight=weight, by=group, prevalence=0.001,
                       n_resamples=200)
    binned = spc.report(y, scores, sample_weight=weight, prevalence=0.001, binned=True,
                        intervals=False)
    for model, s in scores.items():
        value = exact.to_dict()["models"][model]["values"]["auc_pr"]
        assert value == pytest.approx(spc.pr_auc_score(y, s, sample_weight=weight,
                                                       prevalence=0.001), rel=1e-12)
        bounds = binned.to_dict()["models"][model]["bounds"]
        low, high = bounds["auc_pr_continuous"]
        assert low <= spc.pr_auc_score(y, s, sample_weight=weight, prevalence=0.001,
                                       interpolation="continuous") <= high
        assert "average_precision" not in bounds  # (the summary's bound is the data's)
    north = group == "north"
    assert exact.to_dict()["segments"]["values"]["north"]["sharp"]["values"]["auc_pr"] == (
        pytest.approx(spc.pr_auc_score(y[north], scores["sharp"][north],
                                       sample_weight=weight[north], prevalence=0.001),
                      rel=1e-12))
    figure = exact.figures()["pr_curves"]
    chance = [line for line in figure.axes[0].lines
              if "random classifier (deployment prevalence 0.001)" in str(line.get_label())]
    assert chance and np.allclose(chance[0].get_ydata(), 0.001)
    assert "deployment prevalence of 0.001" in exact.to_text()
    assert "deployment prevalence of 0.001" in exact.html(figures=False)


@pytest.mark.parametrize("prevalence", [None, 0.02, 0.3])
def test_certified_rows_at_a_deployment_prevalence_are_certified_threshold_s(prevalence):
    """At ``prevalence=`` the certified rows are :func:`certified_threshold`'s at it (the
    data's rows tested, precision by the ratio of its rates), and a gate on one can
    pass; with clusters they are ``certified_threshold(groups=)``'s, for new clusters."""
    y, _, weight, _ = _data(4000, seed=8)
    scores = {"sharp": 3.0 * y + np.random.default_rng(9).normal(size=4000)}
    report = spc.report(y, {"sharp": scores["sharp"]}, sample_weight=weight,
                        at_precision=[0.5], at_recall=[0.6], prevalence=prevalence,
                        require=["certified_recall_at_precision_0.5>0",
                                 "certified_recall_at_flag_rate_0.2>0"])
    values = report.to_dict()["models"]["sharp"]["values"]
    for key, kwargs, objective in (("certified_recall_at_precision_0.5",
                                    {"min_precision": 0.5}, "recall"),
                                   ("certified_precision_at_recall_0.6",
                                    {"min_recall": 0.6}, "precision"),
                                   ("certified_recall_at_flag_rate_0.2",
                                    {"max_flag_rate": 0.2}, "recall")):
        found = spc.certified_threshold(y, scores["sharp"], sample_weight=weight,
                                        prevalence=prevalence, **kwargs)
        assert values[key + "_threshold"] == found.threshold
        assert values[key] == pytest.approx(getattr(found, objective), rel=1e-12)
    assert report.passed  # (the gate on a certified measure at the prevalence)
    assert "certified 95%: at the threshold" in report.to_text()
    groups = np.random.default_rng(10).permutation(4000) // 4
    clustered = spc.report(y, {"sharp": scores["sharp"]}, groups=groups, sample_weight=weight,
                           at_precision=[0.5], at_flag_rate=[0.2], prevalence=prevalence,
                           require=["certified_recall_at_precision_0.5>0"])
    values = clustered.to_dict()["models"]["sharp"]["values"]
    for key, kwargs in (("certified_recall_at_precision_0.5", {"min_precision": 0.5}),
                        ("certified_recall_at_flag_rate_0.2", {"max_flag_rate": 0.2})):
        found = spc.certified_threshold(y, scores["sharp"], sample_weight=weight,
                                        groups=groups, prevalence=prevalence, **kwargs)
        assert values[key + "_threshold"] == found.threshold
        assert values[key] == pytest.approx(found.recall, rel=1e-12)
    assert clustered.passed
    assert "for new clusters" in clustered.to_text()
    assert "certified for new clusters" in " ".join(clustered.to_dict()["notes"])


@pytest.mark.parametrize("bad", [0, 1, np.nan, 1.5])
def test_a_prevalence_outside_zero_one_is_refused_by_the_report(bad, tmp_path, capsys):
    from sklearn.utils._param_validation import InvalidParameterError

    y, scores, _, _ = _data(200)
    with pytest.raises(InvalidParameterError, match="'prevalence' parameter"):
        spc.report(y, scores, prevalence=bad)
    path = tmp_path / "s.csv"
    path.write_text("y,a\n1,0.5\n0,0.2\n")
    with pytest.raises(SystemExit):
        main(["report", str(path), "--label", "y", "--score", "a", "--prevalence",
              str(bad)])
    assert "--prevalence" in capsys.readouterr().err


def test_the_decision_curve_from_python_names_the_keyword():
    y, scores, _, _ = _data(800)
    probabilities = {name: 1 / (1 + np.exp(-s)) for name, s in scores.items()}
    result = spc.report(y, probabilities, decision_curve=True, intervals=False)
    expected = spc.net_benefit_curve(y, probabilities["sharp"])
    np.testing.assert_array_equal(
        result.to_dict()["models"]["sharp"]["decision_curve"]["net_benefit"],
        expected.net_benefit)
    assert "Decision curve: 'sharp'" in result.to_text()
    with pytest.raises(ValueError, match="decision_curve=True reads the scores as "
                                         "probabilities of the positive class; 'sharp'"):
        spc.report(y, scores, decision_curve=True)


def _explorer(result, folder):
    """The explorer's data block of the report's page, as its script reads it."""
    import re

    result.save(folder)
    page = (folder / "report.html").read_text()
    block = re.search(r"id='prc-explorer-data'>(.*?)</script>", page, re.S).group(1)
    return json.loads(block)


def test_the_explorer_counts_rows_and_reads_precision_at_the_deployment(tmp_path):
    """With ``prevalence=``: the counts are the data's rows, precision is the
    deployment's (as threshold_table gives it), and its interval the score interval of
    the two rates' ratio from those rows, never Wilson's of re-weighted negatives."""
    from sklearn_prcurves._inference._proportions import precision_at_prevalence_interval

    y, scores, _, _ = _data(n=4000)
    explorer = _explorer(spc.report(y, {"sharp": scores["sharp"]}, prevalence=0.001), tmp_path)
    model = explorer["models"][0]
    table = spc.threshold_table(y, scores["sharp"], prevalence=0.001)
    at = {repr(t): row for t, row in zip(table["threshold"], table.itertuples())}
    n_pos, n_neg = float(y.sum()), float((1 - y).sum())
    for i, threshold in enumerate(model["threshold"]):
        flagged = scores["sharp"] >= float(threshold)
        assert model["tp"][i] == (flagged & (y == 1)).sum()
        assert model["fp"][i] == (flagged & (y == 0)).sum()  # (rows, not 403.1)
        assert model["precision"][i] == pytest.approx(at[threshold].precision, rel=1e-12)
    low, high = precision_at_prevalence_interval(
        np.array(model["tp"]), np.array(model["fp"]), n_pos, n_neg, 0.001, 0.95)
    assert model["precision_ci"][0] == pytest.approx(low.tolist(), rel=1e-12)
    assert model["precision_ci"][1] == pytest.approx(high.tolist(), rel=1e-12)
    assert "ratio of the two rates" in explorer["legend"]


@pytest.mark.parametrize("prevalence", [None, 0.01])
def test_the_explorer_s_intervals_with_clusters_are_threshold_ci_s(prevalence, tmp_path):
    """With ``groups=`` the explorer's intervals are for new clusters: at every row,
    threshold_ci(groups=)'s (at ``prevalence=`` too) where the sample holds every row;
    with a sample of whole clusters, about as wide (the design effect carries over)."""
    from sklearn_prcurves._report import _accumulate

    y, scores, _, _ = _data(n=4000)
    rng = np.random.default_rng(4)
    groups = np.repeat(np.arange(400), 10)
    s = scores["sharp"] + rng.normal(size=400)[groups]  # (a cluster effect)
    explorer = _explorer(spc.report(y, {"sharp": s}, groups=groups, prevalence=prevalence),
                         tmp_path / "all")
    model = explorer["models"][0]
    assert "for new clusters" in explorer["legend"]
    checked = 0
    for i in range(0, len(model["threshold"]), 7):
        threshold = float(model["threshold"][i])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            point = spc.threshold_ci(y, s, threshold, groups=groups, prevalence=prevalence)
        for name in ("precision", "recall"):
            low, high = model[f"{name}_ci"][0][i], model[f"{name}_ci"][1][i]
            expected = getattr(point, name)
            if expected.low != expected.low:
                assert low is None and high is None
                continue
            assert (low, high) == pytest.approx((expected.low, expected.high), rel=1e-9,
                                                abs=1e-15), (name, threshold)
            checked += 1
    assert checked > 40
    monkey = pytest.MonkeyPatch()
    monkey.setattr(_accumulate, "PAIRED_TEST_ROWS", 2000)
    try:
        part = _explorer(spc.report(y, {"sharp": s}, groups=groups, prevalence=prevalence),
                         tmp_path / "part")["models"][0]
    finally:
        monkey.undo()
    assert part["threshold"] == model["threshold"]
    middle = len(model["threshold"]) // 2
    for name in ("precision", "recall"):
        width = model[f"{name}_ci"][1][middle] - model[f"{name}_ci"][0][middle]
        sampled = part[f"{name}_ci"][1][middle] - part[f"{name}_ci"][0][middle]
        assert 0.6 < sampled / width < 1.6, name


@pytest.mark.parametrize("options, reason", [
    ({"sample_weight": np.full(4000, 0.5)}, "not whole numbers"),
])
def test_the_explorer_gives_no_interval_that_counts_rows_it_should_not(options, reason,
                                                                        tmp_path):
    y, scores, _, _ = _data(n=4000)
    explorer = _explorer(spc.report(y, {"sharp": scores["sharp"]}, **options), tmp_path)
    assert "precision_ci" not in explorer["models"][0]
    assert explorer["legend"].startswith("no intervals") and reason in explorer["legend"]


def test_the_precision_interval_at_a_deployment_covers_in_a_known_population():
    """Binormal scores (positives N(1.5, 1), negatives N(0, 1)), 300 positives and
    3,000 negatives a draw, read at prevalence 0.001 at three thresholds: the interval
    holds the population's precision there in about 95% of 400 draws (Wilson's of the
    re-weighted counts, the explorer's before, covered 2% to 55%)."""
    from scipy.stats import norm

    from sklearn_prcurves._inference._proportions import precision_at_prevalence_interval

    rng = np.random.default_rng(80)
    thresholds = np.array([1.0, 2.0, 3.0])
    tpr, fpr = norm.sf(thresholds - 1.5), norm.sf(thresholds)
    truth = 0.001 * tpr / (0.001 * tpr + 0.999 * fpr)
    hits = np.zeros(3)
    for _ in range(400):
        pos, neg = rng.normal(1.5, 1, 300), rng.normal(0, 1, 3000)
        tp = (pos[:, None] >= thresholds).sum(0)
        fp = (neg[:, None] >= thresholds).sum(0)
        low, high = precision_at_prevalence_interval(tp, fp, 300, 3000, 0.001, 0.95)
        hits += (low <= truth) & (truth <= high)
    assert np.all(hits / 400 >= 0.92) and np.all(hits / 400 <= 0.99), hits / 400


def test_the_rates_ratio_interval_is_the_score_interval_at_any_scale():
    """Against the score statistic solved in 60-digit decimals, and at counts scaled by
    1e300 and 1e-300 (the interval of a proportion counted in weights that large is
    its point; that small, all of (0, infinity))."""
    from decimal import Decimal, getcontext

    from sklearn_prcurves._inference._proportions import ratio_interval

    getcontext().prec = 60

    def reference(x1, n1, x2, n2, z=Decimal("1.959963984540054")):
        x1, n1, x2, n2 = map(Decimal, (x1, n1, x2, n2))

        def statistic(theta):
            a, b, c = theta * (n1 + n2), -(theta * (n1 + x2) + x1 + n2), x1 + x2
            p2 = (-b - (b * b - 4 * a * c).sqrt()) / (2 * a)
            p1 = theta * p2
            return (x1 / n1 - theta * x2 / n2) / (
                p1 * (1 - p1) / n1 + theta ** 2 * p2 * (1 - p2) / n2).sqrt()

        ends = []
        for target in (z, -z):
            low, high = Decimal("1e-12"), Decimal("1e12")
            for _ in range(140):
                middle = (low * high).sqrt()
                low, high = (middle, high) if statistic(middle) > target else (low, middle)
            ends.append(float(low))
        return ends

    for x1, n1, x2, n2 in ((2, 17332, 24421, 27614), (5, 40, 30, 40), (1, 25896, 3, 2416),
                           (12, 1000, 88, 120)):
        low, high = ratio_interval(x1, n1, x2, n2, 0.95)
        assert (float(low), float(high)) == pytest.approx(reference(x1, n1, x2, n2), rel=1e-9)
    assert ratio_interval(0, 40, 30, 40, 0.95)[0] == 0
    assert ratio_interval(5, 40, 0, 40, 0.95)[1] == np.inf
    # Both proportions 1 (every row reached: the lowest threshold), where the statistic
    # at the estimate is 0 / 0: in closed form (1 + z^2 / n1)^-1 to 1 + z^2 / n2.
    z2 = 1.959963984540054 ** 2
    for n1, n2 in ((2, 5), (2, 1), (40, 300)):
        low, high = ratio_interval(n1, n1, n2, n2, 0.95)
        assert (float(low), float(high)) == pytest.approx((1 / (1 + z2 / n1), 1 + z2 / n2),
                                                          rel=1e-9)
    big = ratio_interval(3e300, 1e301, 5e300, 1e301, 0.95)
    assert (float(big[0]), float(big[1])) == pytest.approx((0.6, 0.6), rel=1e-9)
    small = ratio_interval(3e-300, 1e-299, 5e-300, 1e-299, 0.95)
    assert (float(small[0]), float(small[1])) == (0.0, np.inf)


@pytest.mark.parametrize("prevalence", [None, 0.1])
def test_the_review_band_rows_are_certified_review_band_s(prevalence):
    """``review_band=``: the rows equal the function's at the prevalence, and with
    clusters the function's with ``groups=``; a review bound with either is refused in
    report()'s words; nothing certified is n/a with a note saying so."""
    rng = np.random.default_rng(31)
    y = (rng.random(4000) < 0.3).astype(int)
    s = rng.normal(size=4000) + 3.0 * y
    groups = rng.permutation(4000) // 4
    for kwargs in ({}, {"groups": groups}):
        report = spc.report(y, {"m": s}, review_band=(0.7, 0.9), prevalence=prevalence,
                            **kwargs)
        band = spc.certified_review_band(y, s, min_precision=0.7, min_npv=0.9,
                                         prevalence=prevalence, **kwargs)
        values = report.to_dict()["models"]["m"]["values"]
        assert band.certified
        assert (values["review_band_lower"], values["review_band_upper"]) == (band.lower,
                                                                              band.upper)
        assert values["review_band_review_rate"] == pytest.approx(band.review_rate,
                                                                  rel=1e-12)
    with pytest.raises(ValueError, match="cannot be certified with groups given"):
        spc.report(y, {"m": s}, review_band=(0.7, 0.9, 0.5), groups=groups)
    with pytest.raises(ValueError, match=r"review_band takes PRECISION,NPV"):
        spc.report(y, {"m": s}, review_band=(0.7, 1.5))
    tight = spc.report(y, {"m": s}, review_band=(0.999, 0.999))
    upper = tight.to_dict()["models"]["m"]["values"]["review_band_upper"]
    assert upper is None or math.isnan(upper)  # (None: JSON's null)
    assert any("no review band can be certified" in note
               for note in tight.to_dict()["notes"])


def test_the_worst_segment_s_interval_holds_every_segment_at_once():
    """``by=``: the worst segment's AUC-PR is the smallest of the segments'
    ``pr_auc_score``, its interval the smallest ends of their ``pr_auc_ci(method=
    "logit")`` at the level over the number of segments; in known populations it holds
    the population's smallest AUC-PR at least as often as stated."""
    from scipy.integrate import trapezoid
    from scipy.stats import norm

    gaps, prevalence, n = (2.0, 1.2, 1.6), 0.3, 500
    t = np.linspace(-8, 10, 20001)
    truth = []
    for gap in gaps:  # (the population's AUC-PR: precision over recall)
        tpr, fpr = norm.sf(t - gap), norm.sf(t)
        precision = prevalence * tpr / (prevalence * tpr + (1 - prevalence) * fpr)
        truth.append(-trapezoid(precision, tpr))
    rng = np.random.default_rng(5)
    covered, draws = 0, 200
    for draw in range(draws):
        segment = np.repeat(["a", "b", "c"], n)
        y = rng.random(3 * n) < prevalence
        s = rng.normal(size=3 * n) + np.repeat(gaps, n) * y
        worst = spc.report(y, {"m": s}, by=segment).to_dict()["segments"]["worst_auc_pr"]["m"]
        if draw == 0:
            areas = [spc.pr_auc_score(y[segment == k], s[segment == k]) for k in "abc"]
            intervals = [spc.pr_auc_ci(y[segment == k], s[segment == k], method="logit",
                                       confidence_level=1 - 0.05 / 3) for k in "abc"]
            assert worst["value"] == pytest.approx(min(areas), rel=1e-12)
            assert worst["segment"] == "abc"[int(np.argmin(areas))]
            assert worst["interval"] == pytest.approx(
                [min(i[0] for i in intervals), min(i[1] for i in intervals)], rel=1e-12)
        covered += worst["interval"][0] <= min(truth) <= worst["interval"][1]
    assert covered / draws >= 0.95 - 3 * math.sqrt(0.05 * 0.95 / draws)
