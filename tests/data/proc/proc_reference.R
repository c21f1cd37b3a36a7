# Reference values from R's pROC (Debian package r-cran-proc) for tests/test_uncertainty.py.
# Regenerate from this folder with:  Rscript proc_reference.R > proc_reference.csv
# Every case file holds columns y (1 = positive), a and b (two models' scores).
suppressMessages(library(pROC))
cat("case,auc_a,var_a,ci_low_a,ci_high_a,auc_b,var_b,z,p_value,proc_version\n")
for (file in sort(list.files(".", pattern = "\\.csv$"))) {
  if (file == "proc_reference.csv") next
  d <- read.csv(file)
  ra <- roc(d$y, d$a, levels = c(0, 1), direction = "<", quiet = TRUE)
  rb <- roc(d$y, d$b, levels = c(0, 1), direction = "<", quiet = TRUE)
  ci_a <- ci.auc(ra, method = "delong", conf.level = 0.95)
  test <- roc.test(ra, rb, method = "delong", paired = TRUE)
  cat(sprintf("%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%s\n",
              sub("\\.csv$", "", file), as.numeric(auc(ra)), var(ra, method = "delong"),
              ci_a[1], ci_a[3], as.numeric(auc(rb)), var(rb, method = "delong"),
              unname(test$statistic), test$p.value, as.character(packageVersion("pROC"))))
}
