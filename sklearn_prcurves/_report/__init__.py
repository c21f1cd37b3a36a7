"""The command-line report: streaming input, one count table per model, every
measure, intervals and figures from it (see :mod:`sklearn_prcurves._report._cli`)."""
