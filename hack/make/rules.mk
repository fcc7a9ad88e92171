# Alert rules: `promtool check rules` and `promtool test rules` on deploy/prometheusrule.yaml's groups.
# hack/build-promtool.sh builds and caches promtool (the first build takes minutes).
.PHONY: rules-check

rules-check:
	@promtool=$$(bash hack/build-promtool.sh) && tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	sed -n '/^spec:/,$$p' deploy/prometheusrule.yaml | tail -n +2 | sed 's/^  //' > "$$tmp/rules.yaml" && \
	cp test/promrules/lbdoctor_test.yaml "$$tmp/" && \
	"$$promtool" check rules "$$tmp/rules.yaml" && \
	"$$promtool" test rules "$$tmp/lbdoctor_test.yaml"
