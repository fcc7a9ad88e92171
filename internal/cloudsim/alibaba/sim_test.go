package alibaba

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSignatureDocumentedExample: the verifier reproduces the worked example of the RPC signature
// documentation (ECS DescribeRegions, AccessKey secret "testsecret").
func TestSignatureDocumentedExample(t *testing.T) {
	q := url.Values{
		"AccessKeyId": {"testid"}, "Action": {"DescribeRegions"}, "Format": {"XML"},
		"SignatureMethod": {"HMAC-SHA1"}, "SignatureNonce": {"3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf"},
		"SignatureVersion": {"1.0"}, "Timestamp": {"2016-02-23T12:46:24Z"}, "Version": {"2014-05-26"},
	}
	sts := StringToSign("GET", q)
	want := "GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1" +
		"%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0" +
		"%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26"
	if sts != want {
		t.Errorf("string to sign\n got %s\nwant %s", sts, want)
	}
	if got := Sign("testsecret", sts); got != "OLeaidS1JvxuMvnyHOwuJ+uX5qY=" {
		t.Errorf("signature %s, want OLeaidS1JvxuMvnyHOwuJ+uX5qY=", got)
	}
}

func TestPercentEncode(t *testing.T) {
	for in, want := range map[string]string{
		"a b":      "a%20b",
		"a*b~c":    "a%2Ab~c",
		"+/=":      "%2B%2F%3D",
		"中":        "%E4%B8%AD",
		"A-_.z09~": "A-_.z09~",
	} {
		if got := PercentEncode(in); got != want {
			t.Errorf("PercentEncode(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestStringToSignOrder: parameters sort by name, so a repeated parameter's items (A.1) follow the
// parameter whose name is their prefix (A).
func TestStringToSignOrder(t *testing.T) {
	got := StringToSign("POST", url.Values{"A.1": {"x"}, "A": {"y"}, "B": {""}})
	want := "POST&%2F&" + PercentEncode("A=y&A.1=x&B=")
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// signed is a request to the simulated cloud signed by the scenario's key, with params over the
// common parameters.
func signed(t *testing.T, base, method, secret string, params map[string]string) *http.Request {
	t.Helper()
	q := url.Values{
		"Format": {"JSON"}, "Version": {"2014-05-15"}, "AccessKeyId": {"LTAI5tTESTKEY00000001"},
		"SignatureMethod": {"HMAC-SHA1"}, "SignatureVersion": {"1.0"}, "SignatureNonce": {t.Name() + time.Now().String()},
		"Timestamp": {time.Now().UTC().Format("2006-01-02T15:04:05Z")}, "RegionId": {"cn-hangzhou"},
	}
	for k, v := range params {
		if v == "" {
			q.Del(k)
			continue
		}
		q.Set(k, v)
	}
	q.Set("Signature", Sign(secret, StringToSign(method, q)))
	if method == http.MethodGet {
		req, _ := http.NewRequest(method, base+"/?"+q.Encode(), nil)
		return req
	}
	req, _ := http.NewRequest(method, base+"/", strings.NewReader(q.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return req
}

func TestAuthenticationAndDispatch(t *testing.T) {
	sc, err := Load(filepath.Join("testdata", t.Name(), "scenario.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sim := New(sc)
	base, err := sim.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	const secret = "sim-test-secret"
	stale := time.Now().Add(-time.Hour).UTC().Format("2006-01-02T15:04:05Z")
	cases := []struct {
		name, method, secret string
		params               map[string]string
		status               int
		code                 string
	}{
		{"GET describes", http.MethodGet, secret, map[string]string{"Action": "DescribeLoadBalancers"}, 200, ""},
		{"POST form describes", http.MethodPost, secret, map[string]string{"Action": "DescribeLoadBalancers"}, 200, ""},
		{"wrong secret", http.MethodGet, "other", map[string]string{"Action": "DescribeLoadBalancers"}, 400, "SignatureDoesNotMatch"},
		{"unknown key", http.MethodGet, secret, map[string]string{"Action": "DescribeLoadBalancers", "AccessKeyId": "LTAI5tNOBODY000000001"}, 404, "InvalidAccessKeyId.NotFound"},
		{"stale timestamp", http.MethodGet, secret, map[string]string{"Action": "DescribeLoadBalancers", "Timestamp": stale}, 400, "InvalidTimeStamp.Expired"},
		{"no signature method", http.MethodGet, secret, map[string]string{"Action": "DescribeLoadBalancers", "SignatureMethod": ""}, 400, "MissingParameter"},
		{"other signature version", http.MethodGet, secret, map[string]string{"Action": "DescribeLoadBalancers", "SignatureVersion": "2.0"}, 400, "IncompleteSignature"},
		{"XML asked", http.MethodGet, secret, map[string]string{"Action": "DescribeLoadBalancers", "Format": "XML"}, 400, "InvalidParameter.Format"},
		{"write action", http.MethodPost, secret, map[string]string{"Action": "DeleteLoadBalancer", "LoadBalancerId": "lb-one"}, 404, "InvalidAction.NotFound"},
		{"eleven IDs", http.MethodGet, secret, map[string]string{"Action": "DescribeLoadBalancers", "LoadBalancerId": "a,b,c,d,e,f,g,h,i,j,k"}, 400, "InvalidParameter"},
		{"injected fault", http.MethodGet, secret, map[string]string{"Action": "DescribeHealthStatus", "LoadBalancerId": "lb-one"}, 403, "Forbidden.RAM"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, err := http.DefaultClient.Do(signed(t, base, c.method, c.secret, c.params))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			var body map[string]any
			if err := json.Unmarshal(b, &body); err != nil {
				t.Fatalf("answer is not JSON: %s", b)
			}
			if resp.StatusCode != c.status || (c.code != "" && body["Code"] != c.code) {
				t.Errorf("status %d code %v, want %d %s (%s)", resp.StatusCode, body["Code"], c.status, c.code, b)
			}
			if body["RequestId"] == "" || body["RequestId"] == nil {
				t.Errorf("no RequestId: %s", b)
			}
		})
	}
	t.Run("nonce reused", func(t *testing.T) {
		p := map[string]string{"Action": "DescribeLoadBalancers", "SignatureNonce": "same-nonce"}
		for i, want := range []int{200, 400} {
			resp, err := http.DefaultClient.Do(signed(t, base, http.MethodGet, secret, p))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != want {
				t.Errorf("request %d: status %d, want %d", i, resp.StatusCode, want)
			}
		}
	})
	t.Run("recorded", func(t *testing.T) {
		var write bool
		for _, r := range sim.Requests() {
			if _, ok := r.Params["Signature"]; ok {
				t.Error("a recorded request keeps its Signature")
			}
			if r.Action == "DeleteLoadBalancer" && r.Code == "InvalidAction.NotFound" {
				write = true
			}
		}
		if !write {
			t.Error("the refused write action was not recorded with its code")
		}
	})
}

func TestParseRejects(t *testing.T) {
	for name, doc := range map[string]string{
		"unknown field":   "region: cn-hangzhou\nloadBalancer: []\n",
		"no region":       "loadBalancers: []\n",
		"bad delay":       "region: cn-hangzhou\nfaults: [{action: X, delay: soon}]\n",
		"code, no status": "region: cn-hangzhou\nfaults: [{action: X, code: Throttling}]\n",
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := Parse([]byte(doc)); err == nil {
				t.Error("accepted")
			}
		})
	}
}
