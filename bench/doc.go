// Package bench measures kubectl-lbdoctor on a large synthetic cluster (issue 7).
//
//   - synth generates the cluster (deterministic; BENCH_SCALE scales it, default 1 = full size);
//   - loadgen loads it into the API server of $KUBECONFIG;
//   - the Go benchmarks of this package time the check pipeline on an in-memory snapshot of it;
//   - run.sh (make bench) does all of it against a local kube-apiserver and compares the plugin
//     with kubectl baselines, writing bench/out/latest.txt.
package bench
