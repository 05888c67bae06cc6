#!/usr/bin/env Rscript
# gen-signedrank.R - reference values for the paired and quantile statistics
# of src/stats.c, computed by R.
#
# Run once from the repository root: Rscript tests/stats/gen-signedrank.R
# It rewrites tests/stats/signedrank.tsv and quantile.tsv; the test suite
# only reads them.
#
# signedrank.tsv: name, d, V, p, exact
#   wilcox.test(d) with R's defaults (mu = 0, exact = NULL, correct = TRUE):
#   the signed rank test on per-round log ratios of shared rounds; exact for
#   fewer than 50 values without ties or zeros, else normal with the
#   continuity correction (zeros dropped).
# quantile.tsv: name, v, lo, spread
#   (quantile(v, 1 - lo) - quantile(v, lo)) / (2 * median(v)), type 7.
num <- function(x) paste(sprintf("%.17g", x), collapse = ",")
vals <- function(x) num(x)
set.seed(11)
cases <- list(
	list(name = "7-exact", d = c(0.1, -0.3, 0.25, 0.4, 0.05, 0.6, -0.02)),
	list(name = "7-all-positive", d = c(0.1, 0.3, 0.25, 0.4, 0.05, 0.6, 0.02)),
	list(name = "zero-and-tie", d = c(0.1, -0.1, 0.25, 0.4, 0.1, 0.6, -0.02, 0)),
	list(name = "one", d = c(0.2)),
	list(name = "30-shift", d = round(rnorm(30, 0.08, 0.07), 6)),
	list(name = "30-null", d = round(rnorm(30, 0, 0.07), 6)),
	list(name = "49-exact", d = round(rnorm(49, 0.01, 0.05), 7)),
	list(name = "60-normal", d = round(rnorm(60, 0.01, 0.05), 7)),
	list(name = "ties-only", d = c(0.1, 0.1, -0.1, 0.1)))
con <- file("tests/stats/signedrank.tsv", "w")
writeLines("# name\td\tV\tp\texact", con)
for (c in cases) {
	w <- suppressWarnings(wilcox.test(c$d))
	exact <- grepl("exact", w$method)
	writeLines(paste(c$name, vals(c$d), num(w$statistic[[1]]), num(w$p.value),
			 as.integer(exact), sep = "\t"), con)
}
close(con)
con <- file("tests/stats/quantile.tsv", "w")
writeLines("# name\tv\tlo\tspread", con)
q <- list(list(name = "five", v = c(1, 2, 3, 4, 10)),
	  list(name = "seven", v = c(27.3, 28.2, 29.1, 27.9, 30.5, 28.8, 27.6)),
	  list(name = "skewed-144", v = round(exp(rnorm(144, 2, 0.12)), 5)))
for (c in q)
	for (lo in c(0.25, 0.10)) {
		s <- (quantile(c$v, 1 - lo, type = 7) - quantile(c$v, lo, type = 7)) / (2 * median(c$v))
		writeLines(paste(c$name, vals(c$v), num(lo), num(s[[1]]), sep = "\t"), con)
	}
close(con)
