package tkechecks

import (
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
)

// TestTKEUnknownKeys: which keys tkeUnknownKeys reports, and the key it suggests.
func TestTKEUnknownKeys(t *testing.T) {
	cases := []struct {
		name    string
		kind    annotations.Kinds
		key     string
		flagged bool
		suggest string
	}{
		{"documented service key", annotations.Service, tkeann.PassToTarget, false, ""},
		{"controller-written key", annotations.Service, tkeann.SyncEnd, false, ""},
		{"misspelt own prefix", annotations.Service, "service.cloud.tencent.com/direct-acess", true, tkeann.SvcDirectAccess},
		{"ingress key on a service", annotations.Service, tkeann.IngDirectAccess, true, tkeann.SvcDirectAccess},
		{"unknown own key far from all", annotations.Service, "service.cloud.tencent.com/zzzz", true, ""},
		{"upstream service key", annotations.Service, "service.kubernetes.io/topology-mode", false, ""},
		{"misspelt shared prefix", annotations.Ingress, "kubernetes.io/ingress.existLbID", true, tkeann.IngExistLB},
		{"other cloud's ingress key", annotations.Ingress, "kubernetes.io/ingress.global-static-ip-name", false, ""},
		{"documented ingress key", annotations.Ingress, tkeann.AutoRewrite, false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			check, rule := &tkeUnknownChecks[0], tkerules.ServiceUnknownAnnotation
			if tc.kind == annotations.Ingress {
				check, rule = &tkeUnknownChecks[1], tkerules.IngressUnknownAnnotation
			}
			c := checks.NewCheckContext(check)
			tkeUnknownKeys(c, map[string]string{tc.key: "x"}, tc.kind, rule)
			if (len(c.Findings()) > 0) != tc.flagged {
				t.Fatalf("findings %+v, want flagged %v", c.Findings(), tc.flagged)
			}
			if tc.flagged && c.Findings()[0].Rule != rule {
				t.Errorf("rule %v, want %v", c.Findings()[0].Rule, rule)
			}
			if tc.flagged && tc.suggest != "" && !strings.Contains(c.Findings()[0].Message, "did you mean "+tc.suggest+"?") {
				t.Errorf("message %q does not suggest %s", c.Findings()[0].Message, tc.suggest)
			}
			if tc.flagged && tc.suggest == "" && strings.Contains(c.Findings()[0].Message, "did you mean") {
				t.Errorf("message %q suggests a key too far away", c.Findings()[0].Message)
			}
		})
	}
}
