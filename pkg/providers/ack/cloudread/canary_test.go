package cloudread

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aliyun/alibaba-cloud-sdk-go/sdk"
	"github.com/aliyun/alibaba-cloud-sdk-go/sdk/auth/credentials"
	"github.com/aliyun/alibaba-cloud-sdk-go/services/slb"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/alibaba"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/redact"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// Canary credentials: put in the environment of a child test process, and looked for in all it
// prints.
const (
	canaryID     = "LTAI5tCANARY0000000001"
	canarySecret = "CanarySecret-7Qx9+/=Zz"
	canaryToken  = "CAIS+Canary/Token=9xYz=="
	// canaryChild names the child's mode: reader (reads through this package) or sdk (one call
	// through the SDK alone).
	canaryChild = "LBDOCTOR_TEST_CANARY_CHILD"
)

// canaryForms are the canary values as they could appear in a message: as they are, escaped for a
// URL, percent-encoded as the signature does, once and twice.
func canaryForms() []string {
	var out []string
	for _, v := range []string{canaryID, canarySecret, canaryToken} {
		out = append(out, v, url.QueryEscape(v), url.PathEscape(v), redact.PercentEncode(v), redact.PercentEncode(redact.PercentEncode(v)))
	}
	return out
}

// TestCanary runs TestCanaryChild in a child process with the canary credentials in its
// environment, DEBUG=sdk set or not, and looks for them in everything it prints and every fact and
// error it reports. The SDK reads DEBUG once, when it starts, hence the child process.
func TestCanary(t *testing.T) {
	cases := []struct {
		name, mode string
		debug      bool
		leaks      bool     // the child is expected to print the token: the reason for the DEBUG guard
		want       []string // what the child must have printed, proof that it ran its reads
	}{
		{"reads", "reader", false, false, []string{
			"CANARY ok load balancer lb-canary", "CANARY ok certificate", "SignatureDoesNotMatch",
			"InvalidSecurityToken.MismatchWithAccessKey", "CANARY unreachable", "Throttling"}},
		{"reads with DEBUG=sdk", "reader", true, false, []string{"DEBUG contains sdk"}},
		{"the SDK alone with DEBUG=sdk", "sdk", true, true, []string{"CANARY sdk call made"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestCanaryChild$", "-test.v", "-test.count=1")
			env := []string{canaryChild + "=" + c.mode, "HOME=" + t.TempDir(), "ALIBABA_CLOUD_ECS_METADATA_DISABLED=true",
				"ALIBABA_CLOUD_ACCESS_KEY_ID=" + canaryID, "ALIBABA_CLOUD_ACCESS_KEY_SECRET=" + canarySecret, "ALIBABA_CLOUD_SECURITY_TOKEN=" + canaryToken}
			if c.debug {
				env = append(env, "DEBUG=sdk")
			}
			for _, kv := range os.Environ() {
				if k, _, _ := strings.Cut(kv, "="); !strings.HasPrefix(k, "ALIBABA_CLOUD_") && k != "DEBUG" && k != "HOME" && k != EnvEndpoint {
					env = append(env, kv)
				}
			}
			cmd.Env = env
			out, err := cmd.CombinedOutput()
			if err != nil || !strings.Contains(string(out), "--- PASS: TestCanaryChild") {
				t.Fatalf("child: %v\n%s", err, out)
			}
			var leaked []string
			for _, form := range canaryForms() {
				if strings.Contains(string(out), form) {
					leaked = append(leaked, form)
				}
			}
			switch {
			case c.leaks && len(leaked) == 0:
				t.Errorf("the SDK alone no longer prints the token at DEBUG=sdk: the reader's refusal may be reconsidered\n%s", out)
			case !c.leaks && len(leaked) > 0:
				t.Errorf("printed %q\n%s", leaked, out)
			}
			for _, w := range c.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("the child did not print %q\n%s", w, out)
				}
			}
		})
	}
}

// TestCanaryChild is TestCanary's child: it reads simulated clouds, with the credentials of its
// environment, and prints every fact and error.
func TestCanaryChild(t *testing.T) {
	mode := os.Getenv(canaryChild)
	if mode == "" {
		t.Skip("run by TestCanary")
	}
	start := func(cred alibaba.Credential, faults ...alibaba.Fault) string {
		sc, err := alibaba.Load(filepath.Join("testdata", "TestCanary", "scenario.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		sc.Credentials, sc.Faults = []alibaba.Credential{cred}, faults
		_, u := serve(t, sc)
		return u
	}
	right := alibaba.Credential{AccessKeyID: canaryID, AccessKeySecret: canarySecret, SecurityToken: canaryToken}
	if mode == "sdk" {
		u, _ := url.Parse(start(right))
		cfg := sdk.NewConfig()
		cfg.Scheme = "HTTP"
		c, err := slb.NewClientWithOptions("cn-hangzhou", cfg, credentials.NewDefaultCredentialsProvider())
		if err != nil {
			t.Fatal(err)
		}
		c.Domain = u.Host
		if _, err := c.DescribeLoadBalancers(slb.CreateDescribeLoadBalancersRequest()); err != nil {
			t.Fatal(err)
		}
		fmt.Println("CANARY sdk call made")
		return
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	wrongSecret, wrongToken := right, right
	wrongSecret.AccessKeySecret, wrongToken.SecurityToken = "other-secret", "other-token"
	endpoints := []string{
		start(right),
		start(wrongSecret),
		start(wrongToken),
		closed,
		// A vendor message quoting the token, throttled to the end.
		start(right, alibaba.Fault{Action: "DescribeHealthStatus", Code: "Throttling", Status: 400, Message: "flow control for token " + canaryToken}),
	}
	for _, e := range endpoints {
		r, err := New(Options{Region: "cn-hangzhou", Endpoint: e, Timeout: 2 * time.Second, Retries: 1, Backoff: time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		f := r.Read(context.Background(), cloud.Request{LoadBalancerIDs: []string{"lb-canary"}, SubnetIDs: []string{"vsw-bp1lb"}, Quotas: true})
		dump(f)
	}
}

// dump prints every fact and error of f's tables for the canary.
func dump(f *cloud.Facts) {
	show := func(kind, id string, v any, err error) {
		switch re := readErr(err); {
		case err == nil:
			fmt.Printf("CANARY ok %s %s %s\n", kind, id, asJSON(v))
		case re != nil && re.Class == cloud.Unreachable:
			fmt.Printf("CANARY unreachable %s %s: %v\n", kind, id, err)
		default:
			fmt.Printf("CANARY error %s %s: %v\n", kind, id, err)
		}
	}
	lb, err := f.LoadBalancers.Get("lb-canary")
	show("load balancer", "lb-canary", lb, err)
	if lb != nil {
		for p, g := range lb.Gaps {
			fmt.Printf("CANARY gap %s: %v\n", p, g)
		}
	}
	c, err := f.Certificates.Get("1231579085529123_canary")
	show("certificate", "1231579085529123_canary", c, err)
	s, err := f.Subnets.Get("vsw-bp1lb")
	show("subnet", "vsw-bp1lb", s, err)
	fmt.Printf("CANARY quotas %v: %v\n", f.Quotas.IDs(), f.Quotas.Err())
	fmt.Printf("CANARY facts %s\n", asJSON(f))
}
