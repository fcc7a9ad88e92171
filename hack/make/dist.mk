# Release targets (issue 5): krew-installable archives and the checks that prove them.
# Included by the top-level Makefile, which defines GO, VERSION, COMMIT, DATE and LDFLAGS.
#   make dist VERSION=v0.1.0   archives, checksums.txt and the rendered manifest in $(DIST_DIR)
#   make dist-check            the manifest/sha256 test against $(DIST_DIR)
#   make krew-test             a throw-away release ($(KREW_TEST_VERSION)) validated, installed and run with krew
#   make krew-verify           the same checks on an existing $(DIST_DIR), no rebuild (e.g. after make dist)

DIST_DIR ?= dist
KREW_TEST_VERSION ?= v0.0.0-krewtest
KREW_TEST_DIR ?= _output/krew-test

.PHONY: dist dist-check krew-bins krew-test krew-verify

dist: ## Cross-compile release archives + checksums + $(DIST_DIR)/lbdoctor.yaml (VERSION=vX.Y.Z)
	@GO='$(GO)' VERSION='$(VERSION)' LDFLAGS='$(LDFLAGS)' DIST_DIR='$(DIST_DIR)' bash hack/dist.sh

dist-check: ## Fail when $(DIST_DIR)/lbdoctor.yaml does not match the archives (sha256, uris, platforms)
	LBDOCTOR_DIST_DIR='$(abspath $(DIST_DIR))' $(GO) test -count=1 -run TestDist -v ./hack/distcheck

krew-bins: ## Build krew and its manifest validator into the cache (once per krew version)
	@bash hack/krew/build.sh >/dev/null

krew-test: ## Release a test version into $(KREW_TEST_DIR), then validate/install/run/uninstall it with krew
	@$(MAKE) --no-print-directory dist DIST_DIR='$(KREW_TEST_DIR)' VERSION='$(KREW_TEST_VERSION)'
	@bash hack/krew-test.sh '$(KREW_TEST_DIR)'
	@rm -rf '$(KREW_TEST_DIR)'

krew-verify: ## krew-test's checks on the existing $(DIST_DIR) (run make dist VERSION=... first)
	@bash hack/krew-test.sh '$(DIST_DIR)'
