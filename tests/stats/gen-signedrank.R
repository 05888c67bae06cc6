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
	list(name = "ties-only", d = c(0.1, 0.1, -0.1, 0.1)),
	# the pairing of one sitting (doc/method.md, "Designs"): per-round log ratios
	# b / a; each also checked by hand with
	#   Rscript -e 'wilcox.test(d, mu = 0, exact = TRUE)'
	# which gives the same V and p where there are no ties or zeros
	# a sitting of 12 rounds on a machine 2x slow in rounds 3 and 8
	# (tests/sitting/gen.py 12): every round shows 1.1.0 faster
	list(name = "sitting-12-every-round", d = c(-0.058324, -0.118534, -0.118205, -0.117886,
		-0.0582, -0.118613, -0.118282, -0.117961, -0.058076, -0.058598, -0.11836, -0.118036)),
	# 20 rounds of 20.19.5 and 22.21.1 taken by noisefloor run at load 15
	# (the medians of each round's passes, log 22.21.1 / 20.19.5)
	list(name = "node-20-rounds-load-15", d = c(-0.696447, -0.344727, -0.305673, -0.300894, 0.009866,
		-0.047757, -0.226122, -0.488791, -0.345069, 0.042287, -0.217652, 0.290953, -0.253111,
		0.636128, 0.214921, 0.1079, -0.344472, -0.485876, 0.018221, -0.323681)),
	# ten rounds, seven one way: the signed rank floor of 10 is 1/512
	list(name = "10-seven-of-ten", d = c(0.031, 0.052, -0.012, 0.044, 0.018, -0.027, 0.061, 0.009, -0.005, 0.039)),
	# 30 rounds all one way: the smallest p of 30 pairs, 2 / 2^30
	list(name = "30-all-negative", d = -(1:30) / 1000))
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
