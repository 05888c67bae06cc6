#!/usr/bin/env Rscript
# gen-reference.R - reference values for src/stats.c, computed by R.
#
# Run once from the repository root (Debian: apt-get install r-base-core):
#     Rscript tests/stats/gen-reference.R
# It rewrites tests/stats/mannwhitney.tsv, holm.tsv and trend.tsv; the test
# suite only reads those files and never needs R. Values are printed with 17
# significant digits so the C side can compare to about 1e-12.
#
# mannwhitney.tsv: name, x, y, W, p, exact, shift, r_estimate, p_floor
#   wilcox.test(x, y) with R's defaults (exact = NULL, correct = TRUE);
#   p is NA where R gives NA (every value tied) - noisefloor reports 1 there;
#   shift = median(outer(y, x, "-")), the Hodges-Lehmann shift of y against x;
#   r_estimate = -wilcox.test(x, y, conf.int = TRUE)$estimate in the exact
#   case (the same quantity computed by R's own code path), NA otherwise;
#   p_floor = min(1, 2 / choose(n + m, n)).
# holm.tsv: p, p.adjust(p, "holm")
# trend.tsv: name, v, S, p, exact
#   cor.test(seq_along(v), v, method = "kendall", continuity = TRUE): exact
#   for n < 50 without ties, else normal with the continuity correction.

options(warn = -1)
num <- function(v) paste(sprintf("%.17g", v), collapse = ",")
vals <- function(v) paste(format(v, digits = 15, trim = TRUE), collapse = ",")

cases <- list()
add <- function(name, x, y) cases[[length(cases) + 1]] <<- list(name = name, x = x, y = y)

# 1-3 rounds
add("1v1", c(10), c(12))
add("1v1-equal", c(10), c(10))
add("1v2", c(10), c(11, 12))
add("1v3-middle", c(11), c(10, 12, 13))
add("2v2-apart", c(10, 11), c(12, 13))
add("2v3", c(10, 12), c(11, 13, 14))
add("3v3-apart", c(1, 2, 3), c(4, 5, 6))
add("3v3-apart-reversed", c(4, 5, 6), c(1, 2, 3))
add("3v3-mixed", c(1, 4, 5), c(2, 3, 6))
add("3v2", c(20.5, 21.25, 19.75), c(22.5, 23))
# ties and equal samples
add("all-tied", c(5, 5, 5), c(5, 5, 5))
add("all-tied-1v1", c(7), c(7))
add("equal-samples", c(1, 2, 3), c(1, 2, 3))
add("equal-samples-7", c(44.3, 45.1, 46.8, 47.0, 47.9, 48.2, 49.9),
    c(44.3, 45.1, 46.8, 47.0, 47.9, 48.2, 49.9))
add("ties-between", c(1, 2, 2, 3), c(2, 3, 4, 4, 5))
add("ties-within-x", c(1, 1, 2), c(3, 4, 5))
add("ties-within-y", c(1, 2, 3), c(4, 4, 5))
add("one-tie-3v3", c(1, 2, 3), c(3, 4, 5))
add("ties-7v7", c(44.1, 44.3, 44.3, 45.0, 45.6, 46.2, 47.9),
    c(45.0, 45.6, 46.0, 46.2, 48.1, 48.1, 49.0))
# shipped-dataset-like 7 vs 7 (Sort 200k integers, round medians)
add("sort-20-vs-24", c(44.393, 48.66, 47.401, 47.179, 44.302, 45.295, 44.609),
    c(52.874, 47.143, 59.87, 42.395, 53.023, 45.232, 44.276))
add("sort-20-vs-26", c(44.393, 48.66, 47.401, 47.179, 44.302, 45.295, 44.609),
    c(41.558, 44.998, 46.499, 47.527, 43.421, 43.233, 44.01))
add("7v7-apart", c(10.1, 10.2, 10.3, 10.4, 10.5, 10.6, 10.7),
    c(11.1, 11.2, 11.3, 11.4, 11.5, 11.6, 11.7))
# the exact/normal boundary at 50
set.seed(20261129)
x49 <- round(rnorm(49, 100, 5), 6); y49 <- round(rnorm(49, 102, 5), 6)
add("49v49-exact", x49, y49)
x50 <- round(rnorm(50, 100, 5), 6)
add("50v3-normal", x50, c(101.5, 103.25, 99.125))
add("3v50-normal", c(101.5, 103.25, 99.125), x50)
add("60v60-normal", round(rnorm(60, 50, 3), 6), round(rnorm(60, 51, 3), 6))
add("60v60-ties", round(rnorm(60, 50, 3)), round(rnorm(60, 51, 3)))
# random small cases, some with ties from rounding
for (i in 1:30) {
	n <- sample(1:9, 1); m <- sample(1:9, 1)
	digits <- if (i %% 3 == 0) 0 else 3
	x <- round(rnorm(n, 20, 2), digits); y <- round(rnorm(m, 20 + i %% 4, 2), digits)
	add(sprintf("random-%02d", i), x, y)
}

con <- file("tests/stats/mannwhitney.tsv", "w")
writeLines("# name\tx\ty\tW\tp\texact\tshift\tr_estimate\tp_floor", con)
for (c in cases) {
	w <- wilcox.test(c$x, c$y)
	exact <- grepl("exact", w$method)
	est <- if (exact) -wilcox.test(c$x, c$y, conf.int = TRUE)$estimate[[1]] else NA
	shift <- median(outer(c$y, c$x, "-"))
	n <- length(c$x); m <- length(c$y)
	writeLines(paste(c$name, vals(c$x), vals(c$y), num(w$statistic[[1]]),
			 if (is.na(w$p.value)) "NA" else num(w$p.value),
			 as.integer(exact), num(shift),
			 if (is.na(est)) "NA" else num(est),
			 num(min(1, 2 / choose(n + m, n))), sep = "\t"), con)
}
close(con)

con <- file("tests/stats/holm.tsv", "w")
writeLines("# p\tholm", con)
holm <- list(c(0.01), c(0.01, 0.04), c(0.04, 0.01), c(0.01, 0.01, 0.5),
	     c(0.03, 0.02, 0.01, 0.04), c(0.5, 0.6, 0.9), c(1, 1),
	     c(0.001, 0.2, 0.0105, 0.03, 0.012, 1, 0.7),
	     round(runif(12) / 10, 6))
for (p in holm)
	writeLines(paste(num(p), num(p.adjust(p, "holm")), sep = "\t"), con)
close(con)

con <- file("tests/stats/trend.tsv", "w")
writeLines("# name\tv\tS\tp\texact", con)
trend <- list(list("rising-5", c(1, 2, 3, 4, 5)),
	      list("falling-7", c(7, 6, 5.5, 4, 3, 2, 1)),
	      list("flat-noise-7", c(44.39, 48.66, 47.40, 47.18, 44.30, 45.30, 44.61)),
	      list("mostly-rising-7", c(10, 11, 10.5, 12, 13, 12.5, 14)),
	      list("three", c(3, 1, 2)),
	      list("ties-7", c(10, 11, 11, 12, 13, 13, 14)),
	      list("ties-5", c(5, 5, 4, 3, 3)),
	      list("random-20", round(rnorm(20), 4)),
	      list("rising-noisy-20", round(seq(1, 3, length.out = 20) + rnorm(20, 0, 0.5), 4)),
	      list("ties-30", round(rnorm(30, 0, 2))),
	      list("random-55", round(rnorm(55), 5)))
for (t in trend) {
	v <- t[[2]]
	ties <- length(unique(v)) != length(v)
	ct <- cor.test(seq_along(v), v, method = "kendall", continuity = TRUE)
	n <- length(v)
	s <- sum(sapply(1:n, function(i) sum(sign(v[-(1:i)] - v[i]))))
	exact <- !ties && n < 50
	writeLines(paste(t[[1]], vals(v), num(s), num(ct$p.value), as.integer(exact),
			 sep = "\t"), con)
}
close(con)
