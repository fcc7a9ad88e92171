package cloudread

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"

	sdkerrors "github.com/aliyun/alibaba-cloud-sdk-go/sdk/errors"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/redact"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

func TestClassify(t *testing.T) {
	r := &Reader{}
	server := func(status int, code string) error {
		return sdkerrors.NewServerError(status, fmt.Sprintf(`{"Code":%q,"Message":"m","RequestId":"r"}`, code), "")
	}
	cases := []struct {
		name  string
		err   error
		class cloud.Class
		code  string
	}{
		{"unknown key", server(404, "InvalidAccessKeyId.NotFound"), cloud.Unauthenticated, "InvalidAccessKeyId.NotFound"},
		{"bad signature", server(400, "SignatureDoesNotMatch"), cloud.Unauthenticated, "SignatureDoesNotMatch"},
		{"expired token", server(400, "InvalidSecurityToken.Expired"), cloud.Unauthenticated, "InvalidSecurityToken.Expired"},
		{"disabled key", server(403, "Forbidden.AccessKeyDisabled"), cloud.Unauthenticated, "Forbidden.AccessKeyDisabled"},
		{"RAM", server(403, "Forbidden.RAM"), cloud.Forbidden, "Forbidden.RAM"},
		{"forbidden", server(403, "Forbidden"), cloud.Forbidden, "Forbidden"},
		{"no permission", server(403, "NoPermission"), cloud.Forbidden, "NoPermission"},
		{"throttling", server(400, "Throttling"), cloud.Throttled, "Throttling"},
		{"user throttling", server(400, "Throttling.User"), cloud.Throttled, "Throttling.User"},
		{"unavailable", server(503, "ServiceUnavailable"), cloud.Throttled, "ServiceUnavailable"},
		{"not a prefix match", server(400, "ThrottlingX"), cloud.Failed, "ThrottlingX"},
		{"not found", server(400, "InvalidLoadBalancerId.NotFound"), cloud.Failed, "InvalidLoadBalancerId.NotFound"},
		{"SDK timeout", sdkerrors.NewClientError(sdkerrors.TimeoutErrorCode, "timed out", nil), cloud.Unreachable, ""},
		{"refused", &url.Error{Op: "Post", URL: "http://x/?SecurityToken=t", Err: errors.New("connection refused")}, cloud.Unreachable, ""},
		{"bad JSON", sdkerrors.NewClientError(sdkerrors.JsonUnmarshalErrorCode, "bad", nil), cloud.Failed, sdkerrors.JsonUnmarshalErrorCode},
		{"other", errors.New("boom"), cloud.Failed, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			re := r.classify(cloud.Action{}, c.err)
			if re.Class != c.class || re.Code != c.code {
				t.Errorf("%s (%s), want %s (%s)", re.Class, re.Code, c.class, c.code)
			}
		})
	}
}

func TestRedact(t *testing.T) {
	const secret, token = "s3cr3t+/=value", "CAIS+tok/en=="
	r := &Reader{secrets: []string{secret, token, "STS.NAbcdefgh123"}}
	cases := []struct{ name, in string }{
		{"raw", "secret " + secret + " token " + token},
		{"query-escaped", "SecurityToken=" + url.QueryEscape(token) + "&x=1"},
		{"percent-encoded", "t=" + redact.PercentEncode(token)},
		{"twice encoded", "POST&%2F&AccessKeyId%3DSTS.NAbcdefgh123%26SecurityToken%3D" + redact.PercentEncode(redact.PercentEncode(token))},
		{"echo of the signed string", "signature mismatch. server string to sign is:POST&%2F&SecurityToken%3Dwhatever"},
		{"an AccessKey ID", "key LTAI5tABCDEF0123456789 refused"},
		{"a URL", `Post "http://127.0.0.1:1/?AccessKeyId=LTAI5tABCDEF0123456789&Signature=abc%3D&SecurityToken=zzz": refused`},
		{"JSON", `failed: {"access_key_secret": "other-secret-9", "sts_token":"other-token-9"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := r.redact(c.in)
			for _, bad := range []string{secret, token, url.QueryEscape(token), redact.PercentEncode(token), "LTAI5tABCDEF", "NAbcdefgh123", "whatever", "zzz", "abc%3D", "other-secret-9", "other-token-9"} {
				if strings.Contains(got, bad) {
					t.Errorf("%q keeps %q", got, bad)
				}
			}
		})
	}
	if got := r.redact("no answer in time"); got != "no answer in time" {
		t.Errorf("a message without credentials changed: %q", got)
	}
}

func TestRegionFromNodes(t *testing.T) {
	node := func(labels map[string]string, providerID string) *corev1.Node {
		return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Labels: labels}, Spec: corev1.NodeSpec{ProviderID: providerID}}
	}
	region := map[string]string{"topology.kubernetes.io/region": "cn-hangzhou"}
	cases := []struct {
		name  string
		nodes []*corev1.Node
		want  string
	}{
		{"label", []*corev1.Node{node(region, "")}, "cn-hangzhou"},
		{"beta label", []*corev1.Node{node(map[string]string{"failure-domain.beta.kubernetes.io/region": "ap-southeast-1"}, "")}, "ap-southeast-1"},
		{"provider ID", []*corev1.Node{node(nil, "cn-beijing.i-2zeabcdef")}, "cn-beijing"},
		{"provider ID with scheme", []*corev1.Node{node(nil, "alicloud://cn-shenzhen.i-wz9abc")}, "cn-shenzhen"},
		{"label and provider ID agree", []*corev1.Node{node(region, "cn-hangzhou.i-bp1abc"), node(nil, "cn-hangzhou.i-bp1def")}, "cn-hangzhou"},
		{"nodes disagree", []*corev1.Node{node(region, ""), node(nil, "cn-beijing.i-2ze")}, ""},
		{"a TKE provider ID", []*corev1.Node{node(nil, "qcloud:///800002/ins-abcdef")}, ""},
		{"not an instance", []*corev1.Node{node(nil, "cn-hangzhou.vk-123")}, ""},
		{"no nodes", nil, ""},
		{"nil node skipped", []*corev1.Node{nil, node(region, "")}, "cn-hangzhou"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := RegionFromNodes(c.nodes)
			if got != c.want || ok != (c.want != "") {
				t.Errorf("%q %v, want %q", got, ok, c.want)
			}
		})
	}
}

func TestNew(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	cases := []struct {
		name             string
		o                Options
		wantErr          bool
		region, endpoint string
	}{
		{"vendor endpoints", Options{Region: "cn-hangzhou", Getenv: env(nil)}, false, "cn-hangzhou", ""},
		{"region from the environment", Options{Getenv: env(map[string]string{EnvRegion: "cn-beijing"})}, false, "cn-beijing", ""},
		{"option over environment", Options{Region: "cn-hangzhou", Getenv: env(map[string]string{EnvRegion: "cn-beijing"})}, false, "cn-hangzhou", ""},
		{"endpoint from the environment", Options{Region: "r", Getenv: env(map[string]string{EnvEndpoint: "http://127.0.0.1:41235"})}, false, "r", "http://127.0.0.1:41235"},
		{"endpoint option", Options{Region: "r", Endpoint: "https://sim.test/", Getenv: env(nil)}, false, "r", "https://sim.test"},
		{"endpoint with a path", Options{Region: "r", Endpoint: "http://127.0.0.1:1/api", Getenv: env(nil)}, true, "", ""},
		{"endpoint without a scheme", Options{Region: "r", Endpoint: "127.0.0.1:41235", Getenv: env(nil)}, true, "", ""},
		{"endpoint with user", Options{Region: "r", Endpoint: "http://u:p@127.0.0.1:1", Getenv: env(nil)}, true, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := New(c.o)
			if (err != nil) != c.wantErr {
				t.Fatalf("error %v", err)
			}
			if err != nil {
				return
			}
			if r.region != c.region || r.Endpoint() != c.endpoint {
				t.Errorf("region %q endpoint %q", r.region, r.Endpoint())
			}
		})
	}
}

// TestPreflight: without a region, or with the SDK's request logging on, nothing is read.
func TestPreflight(t *testing.T) {
	cases := []struct {
		name   string
		region string
		debug  string
		want   string
	}{
		{"no region", "", "", NoRegion.En},
		{"not a region", "cn hangzhou", "", `"cn hangzhou" is not an Alibaba Cloud region ID`},
		{"SDK debug", "cn-hangzhou", "tea,sdk", SDKDebug.En},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sim, u := serve(t, scenario(t, "scenario"))
			r := newReader(t, u, func(o *Options) {
				o.Region = c.region
				o.Getenv = func(k string) string {
					if k == "DEBUG" {
						return c.debug
					}
					return ""
				}
			})
			f := r.Read(t.Context(), cloud.Request{LoadBalancerIDs: []string{"lb-bp1pre"}})
			if _, err := f.LoadBalancers.Get("lb-bp1pre"); readErr(err) == nil || readErr(err).Message != c.want {
				t.Errorf("load balancer: %v", err)
			}
			if n := len(sim.Requests()); n != 0 {
				t.Errorf("%d requests", n)
			}
		})
	}
}
