#!/bin/sh
# gen-shipped.sh - R's view of the shipped dataset, for an end-to-end check of
# the pairs[] in analysis.json (tests/t-stats.sh).
#
#     sh tests/stats/gen-shipped.sh > tests/stats/shipped-pairs.tsv
#
# Python extracts each round's value (the median of its passes) from
# data/examples/node-versions/rounds.json; R runs wilcox.test on every pair of
# versions of every workload in version order and Holm over the pairs of
# each workload (the family noisefloor corrects over: one comparison).
# Output: workload, a, b, W, p, p_holm and the ratio b / a as R estimates it
# with its interval (exp of wilcox.test(log(b), log(a), conf.int = TRUE)'s
# estimate and conf.int), 17 significant digits.
set -eu
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
python3 - data/examples/node-versions/rounds.json > "$tmp" <<'PY'
import json, statistics, sys
d = json.load(open(sys.argv[1]))
for r in d["results"]:
    print("\t".join([r["workload"], r["version"], str(r["round"]),
                     repr(statistics.median(r["passes"]))]))
PY
Rscript - "$tmp" <<'R'
args <- commandArgs(trailingOnly = TRUE)
d <- read.delim(args[1], header = FALSE, quote = "", col.names = c("w", "v", "r", "x"),
		colClasses = c("character", "character", "integer", "numeric"))
vkey <- function(v) sapply(strsplit(v, ".", fixed = TRUE), function(p) sum(as.numeric(p) * c(1e6, 1e3, 1)))
rows <- list()
for (w in unique(d$w)) {
	vs <- unique(d$v[d$w == w]); vs <- vs[order(vkey(vs))]
	for (i in seq_along(vs)) for (j in seq_along(vs)) if (i < j) {
		x <- d$x[d$w == w & d$v == vs[i]]; y <- d$x[d$w == w & d$v == vs[j]]
		t <- suppressWarnings(wilcox.test(x, y))
		e <- suppressWarnings(wilcox.test(log(y), log(x), conf.int = TRUE))
		rows[[length(rows) + 1]] <- data.frame(w = w, a = vs[i], b = vs[j],
						       W = t$statistic[[1]], p = t$p.value,
						       est = exp(e$estimate[[1]]), lo = exp(e$conf.int[1]),
						       hi = exp(e$conf.int[2]))
	}
}
out <- do.call(rbind, rows)
out$p_holm <- ave(out$p, out$w, FUN = function(p) p.adjust(p, "holm"))
cat("# workload\ta\tb\tW\tp\tp_holm\tratio\tci_low\tci_high\n")
for (k in seq_len(nrow(out)))
	cat(paste(out$w[k], out$a[k], out$b[k], sprintf("%.17g", out$W[k]),
		  sprintf("%.17g", out$p[k]), sprintf("%.17g", out$p_holm[k]),
		  sprintf("%.17g", out$est[k]), sprintf("%.17g", out$lo[k]), sprintf("%.17g", out$hi[k]),
		  sep = "\t"), "\n", sep = "")
R
