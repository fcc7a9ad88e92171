package tencent

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common"
	tcerr "github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common/errors"
	tchttp "github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common/http"
	"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common/profile"
)

const (
	simID  = "AKIDsim000000000000000000000000000001"
	simKey = "simkey00000000000000000000000001"
)

// tamper rewrites a request body after the SDK signed it.
type tamper struct{ from, to string }

func (tp tamper) RoundTrip(r *http.Request) (*http.Response, error) {
	b, _ := io.ReadAll(r.Body)
	b = bytes.ReplaceAll(b, []byte(tp.from), []byte(tp.to))
	r.Body = io.NopCloser(bytes.NewReader(b))
	r.ContentLength = int64(len(b))
	return http.DefaultTransport.RoundTrip(r)
}

// TestServer sends requests signed by the vendor's SDK (its common client) and checks the
// simulated cloud's answers: it accepts what the SDK signs with the scenario's key and refuses
// anything else with the documented codes.
func TestServer(t *testing.T) {
	scn, err := LoadScenario(filepath.Join("testdata", "TestServer.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		service     string
		version     string
		action      string
		params      map[string]any
		id, key     string
		transport   http.RoundTripper
		clockOffset time.Duration
		wantCode    string
		check       func(t *testing.T, resp map[string]any)
	}{
		{name: "signed request is answered", params: map[string]any{"Limit": 2, "Offset": 2},
			check: func(t *testing.T, resp map[string]any) {
				set := resp["LoadBalancerSet"].([]any)
				if resp["TotalCount"].(float64) != 5 || len(set) != 2 || set[0].(map[string]any)["LoadBalancerId"] != "lb-00000003" {
					t.Errorf("page = %v", resp)
				}
			}},
		{name: "ids filter", params: map[string]any{"LoadBalancerIds": []string{"lb-00000004", "lb-00000009"}},
			check: func(t *testing.T, resp map[string]any) {
				if resp["TotalCount"].(float64) != 1 {
					t.Errorf("TotalCount = %v, want 1", resp["TotalCount"])
				}
			}},
		{name: "more than 20 ids", params: map[string]any{"LoadBalancerIds": make([]string, 21)}, wantCode: "InvalidParameterValue.Length"},
		{name: "body changed after signing", params: map[string]any{"Limit": 2},
			transport: tamper{from: `"Limit":2`, to: `"Limit":3`}, wantCode: "AuthFailure.SignatureFailure"},
		{name: "wrong key", key: "another-key-000000000000000000000", wantCode: "AuthFailure.SignatureFailure"},
		{name: "unknown key id", id: "AKIDnobody0000000000000000000000000001", wantCode: "AuthFailure.SecretIdNotFound"},
		{name: "clock skew", clockOffset: 10 * time.Minute, wantCode: "AuthFailure.SignatureExpire"},
		{name: "write action", action: "DeleteLoadBalancer", params: map[string]any{"LoadBalancerIds": []string{"lb-00000001"}}, wantCode: "UnsupportedOperation"},
		{name: "unknown version", version: "2017-01-01", wantCode: "NoSuchVersion"},
		{name: "subnet", service: "vpc", version: "2017-03-12", action: "DescribeSubnets", params: map[string]any{"SubnetIds": []string{"subnet-aaa"}, "Limit": "100"},
			check: func(t *testing.T, resp map[string]any) {
				s := resp["SubnetSet"].([]any)[0].(map[string]any)
				if s["AvailableIpAddressCount"].(float64) != 12 {
					t.Errorf("subnet = %v", s)
				}
			}},
		{name: "unknown subnet", service: "vpc", version: "2017-03-12", action: "DescribeSubnets", params: map[string]any{"SubnetIds": []string{"subnet-aaa", "subnet-zzz"}},
			wantCode: "ResourceNotFound"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(scn)
			s.Now = func() time.Time { return time.Now().Add(tt.clockOffset) }
			base, err := s.Start()
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			u, _ := url.Parse(base)
			cpf := profile.NewClientProfile()
			cpf.HttpProfile.Endpoint, cpf.HttpProfile.Scheme = u.Host, "HTTP"
			id, key := or(tt.id, simID), or(tt.key, simKey)
			c := common.NewCommonClient(common.NewCredential(id, key), "ap-guangzhou", cpf)
			if tt.transport != nil {
				c.WithHttpTransport(tt.transport)
			}
			req := tchttp.NewCommonRequest(or(tt.service, "clb"), or(tt.version, "2018-03-17"), or(tt.action, "DescribeLoadBalancers"))
			if err := req.SetActionParameters(jsonMap(t, tt.params)); err != nil {
				t.Fatal(err)
			}
			resp := tchttp.NewCommonResponse()
			err = c.Send(req, resp)
			var sdkErr *tcerr.TencentCloudSDKError
			switch {
			case tt.wantCode != "":
				if !asSDK(err, &sdkErr) || sdkErr.Code != tt.wantCode || sdkErr.RequestId == "" {
					t.Fatalf("Send = %v, want code %s with a RequestId", err, tt.wantCode)
				}
			case err != nil:
				t.Fatalf("Send = %v", err)
			default:
				var body struct{ Response map[string]any }
				if err := json.Unmarshal(resp.GetBody(), &body); err != nil {
					t.Fatal(err)
				}
				if body.Response["RequestId"] == "" {
					t.Error("the answer has no RequestId")
				}
				tt.check(t, body.Response)
			}
			reqs := s.Requests()
			if len(reqs) != 1 || reqs[0].Action != or(tt.action, "DescribeLoadBalancers") || reqs[0].Code != tt.wantCode {
				t.Errorf("recorded %+v", reqs)
			}
		})
	}
}

func or(v, def string) string {
	if v != "" {
		return v
	}
	return def
}

func jsonMap(t *testing.T, m map[string]any) map[string]any {
	t.Helper()
	if m == nil {
		return map[string]any{}
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func asSDK(err error, target **tcerr.TencentCloudSDKError) bool {
	e, ok := err.(*tcerr.TencentCloudSDKError)
	*target = e
	return ok
}

func TestParseScenario(t *testing.T) {
	tests := []struct {
		name, yaml, wantErr string
	}{
		{"valid", "region: ap-guangzhou\ncredentials: [{secretId: a, secretKey: b}]\nfaults: [{action: DescribeListeners, delay: 1s}]\n", ""},
		{"unknown field", "region: ap-guangzhou\ncredentials: [{secretId: a, secretKey: b}]\nbalancers: []\n", "unknown field"},
		{"no region", "credentials: [{secretId: a, secretKey: b}]\n", "region"},
		{"no credentials", "region: ap-guangzhou\n", "credential"},
		{"bad delay", "region: ap-guangzhou\ncredentials: [{secretId: a, secretKey: b}]\nfaults: [{action: X, delay: soon}]\n", "delay"},
		{"fault without action", "region: ap-guangzhou\ncredentials: [{secretId: a, secretKey: b}]\nfaults: [{forbidden: true}]\n", "no action"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseScenario([]byte(tt.yaml))
			if (err == nil) != (tt.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
				t.Errorf("ParseScenario = %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}
