# Benchmark (issue 7): a synthetic cluster of 7,000 targets loaded into a local kube-apiserver, the
# plugin through kubectl vs kubectl baselines, and the Go benchmarks of the check pipeline.
#   make bench                   full size; raw figures in bench/out/latest.txt, summary on stdout
#   BENCH_SCALE=0.1 make bench   a tenth of it (see bench/run.sh for the other knobs)
.PHONY: bench

bench: build ## Benchmark on a synthetic cluster (BENCH_SCALE=0.1 for a quick run)
	@GO='$(GO)' bash bench/run.sh
