package serve

import (
	"strings"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/engine"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func TestPassRecord(t *testing.T) {
	web := report.Report{Target: snapshot.Target{Kind: snapshot.KindService, Namespace: "shop", Name: "web"}}
	tests := []struct {
		name        string
		u           engine.Update
		wantTargets []string
		wantCount   int
	}{
		{"initial pass lists no target", engine.Update{Initial: true, Reports: []report.Report{web, web}, Duration: time.Second}, nil, 2},
		{"later pass names its targets", engine.Update{Reports: []report.Report{web}, Removed: []snapshot.Target{web.Target}}, []string{"Service/shop/web"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := passRecord(tt.u)
			if strings.Join(r.Targets, ",") != strings.Join(tt.wantTargets, ",") || r.Count != tt.wantCount ||
				r.Initial != tt.u.Initial || r.Removed != len(tt.u.Removed) || r.DurationNS != tt.u.Duration.Nanoseconds() || r.UnixNano == 0 {
				t.Errorf("record %+v for %+v", r, tt.u)
			}
		})
	}
}
