package cloudread

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/tencent"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/redact"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

const (
	canaryID    = "AKIDcanary0000000000000000000000000001"
	canaryKey   = "CANARY-SECRET-KEY-7f3a9c0d11e2"
	canaryToken = "CANARY-SESSION-TOKEN-51be0d9a77c4"
)

// TestCanary reads with the canary key in the environment and the SDK's debug dumps on, against
// clouds that answer, refuse, deny and are not there, and looks for the key, the token, the key id
// and the certificate material in everything the reader logs and returns.
func TestCanary(t *testing.T) {
	scn, err := tencent.LoadScenario(filepath.Join("testdata", "TestCanary.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	_ = ln.Close()
	var denied []tencent.Fault
	for _, a := range Actions {
		denied = append(denied, tencent.Fault{Action: a.String(), Forbidden: true})
	}
	req := cloud.Request{LoadBalancerIDs: []string{"lb-aaa00001"}, CertificateIDs: []string{"cert-aaa"}, SubnetIDs: []string{"subnet-aaa"}, Quotas: true}
	tests := []struct {
		name   string
		faults []tencent.Fault
		key    string // the key in the environment
		closed bool
		wantOK bool // whether the load balancer is read
	}{
		{name: "answered", key: canaryKey, wantOK: true},
		{name: "signature refused", key: canaryKey + "-wrong"},
		{name: "every action denied", key: canaryKey, faults: denied},
		{name: "throttled", key: canaryKey, faults: []tencent.Fault{{Action: "DescribeLoadBalancers", Throttle: 100}}},
		{name: "nobody there", key: canaryKey, closed: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("HOME", t.TempDir())
			t.Setenv(EnvSecretID, canaryID)
			t.Setenv(EnvSecretKey, tt.key)
			t.Setenv(EnvSessionToken, canaryToken)
			c := *scn
			c.Faults = tt.faults
			sc, err := reparse(&c)
			if err != nil {
				t.Fatal(err)
			}
			_, url := startScenario(t, sc)
			if tt.closed {
				url = closed
			}
			var log bytes.Buffer
			f := read(t, reader(t, url, func(o *Options) { o.Credentials = nil; o.Debug = &log; o.Retries = 1 }), req)
			_, lbErr := f.LoadBalancers.Get("lb-aaa00001")
			if (lbErr == nil) != tt.wantOK {
				t.Fatalf("LoadBalancers.Get = %v, want read %v", lbErr, tt.wantOK)
			}
			if !tt.closed && !strings.Contains(log.String(), "X-TC-Action") {
				t.Fatalf("the SDK's debug dump is missing; the canary proves nothing:\n%s", log.String())
			}
			if !tt.closed && !strings.Contains(log.String(), redact.Mark) {
				t.Errorf("nothing was redacted from a log that carries a session token header")
			}
			said := log.String() + everything(t, f)
			for _, secret := range []string{canaryKey, canaryToken, canaryID, "CANARY-CERT-BODY-2c4e", "CANARY-CERT-KEY-9d1f"} {
				if strings.Contains(said, secret) {
					t.Errorf("%q appears in what the reader said:\n%s", secret, said)
				}
			}
		})
	}
}

// everything is all the facts say: every item as JSON and every error in both languages.
func everything(t *testing.T, f *cloud.Facts) string {
	t.Helper()
	var b strings.Builder
	add := func(v any, err error) {
		if err != nil {
			if re, ok := err.(*cloud.ReadError); ok {
				b.WriteString(re.Error() + "\n" + re.In(words.Chinese) + "\n")
				return
			}
			b.WriteString(err.Error() + "\n")
			return
		}
		j, jerr := json.Marshal(v)
		if jerr != nil {
			t.Fatal(jerr)
		}
		b.Write(j)
		fmt.Fprintf(&b, "\n%+v\n", v)
	}
	for _, id := range []string{"lb-aaa00001"} {
		add(f.LoadBalancers.Get(id))
	}
	add(f.Certificates.Get("cert-aaa"))
	add(f.Subnets.Get("subnet-aaa"))
	add(f.Quotas.Get(QuotaOpenLBs))
	return b.String()
}
