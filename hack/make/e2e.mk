# End-to-end tests: the plugin through the real kubectl against kube-apiserver + etcd built from their
# Go modules (hack/build-cluster-bins.sh caches them; the first build takes several minutes).
.PHONY: e2e cluster-bins

cluster-bins:
	@bash hack/build-cluster-bins.sh >/dev/null

e2e: cluster-bins
	@mkdir -p _output
	LBDOCTOR_AUDIT_SUMMARY=$(CURDIR)/_output/e2e-audit.txt $(GO) test -tags e2e -count=1 -timeout 45m ./test/e2e/
	@cat _output/e2e-audit.txt
