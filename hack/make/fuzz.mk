# Longer fuzzing runs (make test runs only the seed corpora): make fuzz FUZZTIME=5m
.PHONY: fuzz
FUZZTIME ?= 60s
FUZZ_TARGETS := pkg/checks:FuzzParsers pkg/checks:FuzzChecks pkg/checks:FuzzEventEmissions pkg/events:FuzzMatch pkg/snapshot:FuzzFromFiles pkg/cmd:FuzzParseTargets pkg/cmd:FuzzCompleteTargets

fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
	  pkg=$${t%%:*}; name=$${t##*:}; echo "== $$name ($$pkg, $(FUZZTIME))"; \
	  $(GO) test -run '^$$' -fuzz "^$$name$$" -fuzztime $(FUZZTIME) ./$$pkg/ 2>&1 | awk '/^fuzz: elapsed/ {last = $$0; next} {print} END {print last}'; \
	done
