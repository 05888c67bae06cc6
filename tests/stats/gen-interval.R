#!/usr/bin/env Rscript
# gen-interval.R - reference intervals for stats_ratio_interval, computed by R.
#
# Run once from the repository root (Debian: apt-get install r-base-core):
#     Rscript tests/stats/gen-interval.R > tests/stats/ratio-interval.tsv
# The test suite only reads the file and never needs R.
#
# ratio-interval.tsv: name, a, b, low, high, exact, low_tight, high_tight
#   low, high = exp(wilcox.test(log(b), log(a), conf.int = TRUE)$conf.int),
#   R's defaults (exact = NULL, correct = TRUE, conf.level = 0.95);
#   exact = 1 when R used the exact distribution (n, m < 50, no ties);
#   low_tight, high_tight = the same with tol.root = 1e-13: in the normal case
#   R finds each bound by uniroot, by default only to 1e-4 on the log scale;
#   the tight root is the difference of logs where the statistic steps.
# Values are printed with 17 significant digits.

options(warn = -1)
num <- function(v) sprintf("%.17g", v)
vals <- function(v) paste(format(v, digits = 15, trim = TRUE), collapse = ",")

cases <- list()
add <- function(name, a, b) cases[[length(cases) + 1]] <<- list(name = name, a = a, b = b)

add("1v1", c(10), c(12))
add("1v5", c(10), c(9, 11, 12, 13, 15))
add("3v3", c(44.393, 48.66, 47.401), c(52.874, 47.143, 59.87))
add("3v3-apart", c(11, 12, 13), c(21, 22, 23))
add("sort-20-vs-24", c(44.393, 48.66, 47.401, 47.179, 44.302, 45.295, 44.609),
    c(52.874, 47.143, 59.87, 42.395, 53.023, 45.232, 44.276))
add("sort-20-vs-26", c(44.393, 48.66, 47.401, 47.179, 44.302, 45.295, 44.609),
    c(41.558, 44.998, 46.499, 47.527, 43.421, 43.233, 44.01))
add("ties-within", c(10, 10, 11, 12, 12), c(12.5, 13, 13, 14, 15))
add("ties-across", c(1, 2, 3, 4), c(3, 4, 5, 6))
add("rates", c(18383, 17990, 18750, 18100, 18420), c(7900, 8010, 7850, 8120, 7990))
set.seed(20261130)
r <- function(n, mu) round(mu * exp(rnorm(n, 0, 0.05)), 6)
add("49v49", r(49, 20), r(49, 21))
add("49v50", r(49, 20), r(50, 20.5))
add("50v50", r(50, 20), r(50, 21))
add("7v120", r(7, 100), r(120, 97))
add("200v300-ties", round(r(200, 5), 2), round(r(300, 5.1), 2))
add("800v700", r(800, 3), r(700, 3.03))
add("2500v2500-ties", round(r(2500, 40), 1), round(r(2500, 40.5), 1))

cat("# name\ta\tb\tlow\thigh\texact\tlow_tight\thigh_tight\n")
for (c in cases) {
	t <- wilcox.test(log(c$b), log(c$a), conf.int = TRUE)
	tt <- wilcox.test(log(c$b), log(c$a), conf.int = TRUE, tol.root = 1e-13)
	all <- c(c$a, c$b)
	exact <- length(c$a) < 50 && length(c$b) < 50 && length(unique(all)) == length(all)
	cat(c$name, vals(c$a), vals(c$b), num(exp(t$conf.int[1])), num(exp(t$conf.int[2])),
	    as.integer(exact), num(exp(tt$conf.int[1])), num(exp(tt$conf.int[2])), sep = "\t")
	cat("\n")
}
