# CI integration (issue 12): the GitHub Action (action.yml, hack/action/run.sh), the pre-commit hook
# (.pre-commit-hooks.yaml) and the manifest-linting benchmark against kube-score.
#   make action-test   the action's script run locally against a release served from 127.0.0.1, and the
#                      pre-commit hook's invocation (both also run in `make test`: go test ./hack/action)
#   make bench-lint    1,000 synthetic manifests: kubectl-lbdoctor -f DIR -R vs kube-score (bench/lint.sh)
.PHONY: action-test bench-lint

action-test: ## Run the GitHub Action's script and the pre-commit hook locally against examples/
	$(GO) test -count=1 -v ./hack/action/

bench-lint: build ## Lint 1,000 manifests: kubectl-lbdoctor vs kube-score (medians in bench/out/lint.txt)
	@GO='$(GO)' bash bench/lint.sh
