"""Spark's BinaryClassificationEvaluator against sklearn_prcurves.spark on one DataFrame.

The data are the paper's Table 1 example (Davis and Goadrich, 2006): 20 positives and
2,000 negatives in three tie groups, so that the ROC points are (FP, TP) = (5, 5),
(30, 10) and (2000, 20). Spark's ``areaUnderPR`` joins the PR points by straight lines;
the Davis-Goadrich interpolation is the expected curve across each tie group.

Run it with a Spark session at hand (``python docs/examples/spark_comparison.py``
starts a local one).
"""


def table1_frame(spark):
    # score -> (positives, negatives): the three tie groups of the paper's Table 1
    groups = {0.9: (5, 5), 0.8: (5, 25), 0.1: (10, 1970)}
    rows = [(float(label), score) for score, (pos, neg) in groups.items()
            for label, count in ((1, pos), (0, neg)) for _ in range(count)]
    return spark.createDataFrame(rows, "label double, score double").repartition(4)


def main(spark):
    from pyspark.ml.evaluation import BinaryClassificationEvaluator

    import sklearn_prcurves.spark as sps

    df = table1_frame(spark)
    results = {}
    for bins in (1000, 0):
        evaluator = BinaryClassificationEvaluator(labelCol="label", rawPredictionCol="score",
                                                  numBins=bins)
        results[f"Spark evaluator, numBins={bins}"] = (
            evaluator.setMetricName("areaUnderROC").evaluate(df),
            evaluator.setMetricName("areaUnderPR").evaluate(df),
            "straight lines",
        )
    with sps.exact_summary("label", "score", data=df) as table:
        roc = table.roc_auc()
        results["sklearn_prcurves, exact"] = (roc, table.pr_auc(), "Davis-Goadrich")
        results["  same table, continuous"] = (roc, table.pr_auc("continuous"), "its integral")
        results["  same table, average precision"] = (roc, table.average_precision(), "step")
        results["  same table, straight lines"] = (roc, table.pr_auc("linear"), "Spark's way")
    estimate, bound = sps.roc_auc_score("label", "score", data=df, mode="binned")
    results["sklearn_prcurves, binned"] = (estimate, sps.pr_auc_score(
        "label", "score", data=df, mode="binned"), f"AUC-ROC bound {bound:.1e}")
    print(f"{'method':34s} {'AUC-ROC':>8s} {'AUC-PR':>8s}  PR curve")
    for name, (roc, pr, note) in results.items():
        print(f"{name:34s} {roc:8.4f} {pr:8.4f}  {note}")
    return results


if __name__ == "__main__":
    import os

    from pyspark.sql import SparkSession

    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    session = SparkSession.builder.master("local[2]").getOrCreate()
    session.sparkContext.setLogLevel("ERROR")
    main(session)
