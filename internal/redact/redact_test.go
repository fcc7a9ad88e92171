package redact

import (
	"bytes"
	"fmt"
	"io"
	"net/url"
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	const (
		tencentID  = "AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA" // AKID + 32
		tencentID2 = "AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESAab12"
		tencentKey = "Gu5t9xGARNpq86cd98joQYCN3Cozk1qA"
		aliID      = "LTAI5tQ9xYvN2mK8pL3wR7sD"
		aliSecret  = "zNf8RbXkQ2mVwYcL7pT9sHdJ4gA1eU"
		stsID      = "STS.NUgYrLnoC37mZZCNnAbez2Ho"
	)
	tests := []struct {
		name, in string
		secrets  []string
	}{
		{"tencent id space", "SecretId " + tencentID + " rejected", []string{tencentID}},
		{"tencent id 36", "id " + tencentID2, []string{tencentID2}},
		{"tencent id colon", "SecretId: " + tencentID, []string{tencentID}},
		{"tencent id equals", "SecretId=" + tencentID + "&x=1", []string{tencentID}},
		{"tencent id bare", "the key " + tencentID + ".", []string{tencentID}},
		{"tencent key space", "SecretKey " + tencentKey, []string{tencentKey}},
		{"tencent key colon", "secretKey: " + tencentKey, []string{tencentKey}},
		{"tencent key json", `{"SecretKey":"` + tencentKey + `"}`, []string{tencentKey}},
		{"tencent key json in json", `"message": "{\"SecretKey\": \"` + tencentKey + `\"}"`, []string{tencentKey}},
		{"tencent env", "TENCENTCLOUD_SECRET_KEY=" + tencentKey, []string{tencentKey}},
		{"alibaba id bare", "AccessKeyId " + aliID, []string{aliID}},
		{"alibaba id glued", "x" + aliID + "y", []string{aliID}},
		{"alibaba secret equals", "AccessKeySecret=" + aliSecret, []string{aliSecret}},
		{"alibaba secret space", "AccessKeySecret " + aliSecret, []string{aliSecret}},
		{"alibaba secret yaml", "access_key_secret: '" + aliSecret + "'", []string{aliSecret}},
		{"alibaba env", "ALIBABA_CLOUD_ACCESS_KEY_SECRET=" + aliSecret, []string{aliSecret}},
		{"sts id", "with " + stsID + " expired", []string{stsID}},
		{"security token", "SecurityToken: CAIS8gF1q6Ft5B2yfSjIr5bzO", []string{"CAIS8gF1q6Ft5B2yfSjIr5bzO"}},
		{"authorization", "Authorization: TC3-HMAC-SHA256 Credential=abc/2026", []string{"Credential=abc"}},
		{"url userinfo", "https://user:hunter2@example.com/x", []string{"hunter2"}},
		{"query percent-encoded", "POST&%2F&AccessKeyId%3Dabcdef%26SecurityToken%253Dtok-9", []string{"abcdef", "tok-9"}},
		{"signed echo", "signature mismatch. server string to sign is:POST&%2F&Action%3Dx%26Nonce%3Dn-42", []string{"POST&", "n-42"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := String(tt.in)
			for _, s := range tt.secrets {
				if strings.Contains(got, s) {
					t.Errorf("%q kept %q", got, s)
				}
			}
			if !strings.Contains(got, Mark) {
				t.Errorf("%q has no %s", got, Mark)
			}
		})
	}
	// Words that are no credential stay.
	for _, keep := range []string{
		"Secret shop/tls-certificate-production is missing",
		"secretName: tls-certificate-production",
		"the token bucket of kubernetes-dashboard-certs",
		"AKID is a prefix; LTAI too",
		"证书 Secret default/very-long-secret-name-0001 不存在",
	} {
		if got := String(keep); got != keep {
			t.Errorf("%q became %q", keep, got)
		}
	}
}

// TestValues holds Values to removing the values it is given in each encoding a request carries them.
func TestValues(t *testing.T) {
	const secret = "s3cr3t+/=value"
	for _, form := range []string{secret, url.QueryEscape(secret), PercentEncode(secret), PercentEncode(PercentEncode(secret))} {
		t.Run(form, func(t *testing.T) {
			got := Values("x="+form+" y", secret, "ab")
			if strings.Contains(got, form) || !strings.Contains(got, Mark) {
				t.Errorf("%q", got)
			}
		})
	}
	if got := Values("a short ab stays", "ab"); got != "a short ab stays" {
		t.Errorf("a value under 4 bytes was replaced: %q", got)
	}
}

func TestWriter(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	for _, part := range []string{"SecretId AKIDz8krbsJ5", "yKBZQpn74WFkmLPx3gnPhESA\nnext ", "line"} {
		if _, err := w.Write([]byte(part)); err != nil {
			t.Fatal(err)
		}
	}
	if got := b.String(); got != "SecretId AKID"+Mark+"\n" {
		t.Errorf("before Flush: %q", got)
	}
	if err := w.Flush(); err != nil || b.String() != "SecretId AKID"+Mark+"\nnext line" {
		t.Errorf("after Flush: %q %v", b.String(), err)
	}
	b.Reset()
	_, _ = w.Write([]byte("\r\033[Kwaiting…"))
	if b.String() != "\r\033[Kwaiting…" {
		t.Errorf("a status line is held: %q", b.String())
	}
	if NewWriter(w) != w || Unwrap(w) != &b {
		t.Errorf("NewWriter does not reuse a Writer, or Unwrap lost the destination")
	}
}

func TestRedactGuardsKeepEveryMatch(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"upper case key", "call failed: SECRETKEY=abc123 rest"},
		{"kelvin sign in the key", "AccessKeyId=LTAI5t rest"},
		{"long s in the key", "ſecret: hunter2"},
		{"authorization header", "authorization: Bearer abc.def"},
		{"url credentials", "dial https://user:pw@host/x"},
		{"jwt", "token eyJhbGciOiJI.eyJzdWIiOiIx.sig"},
		{"signed string", "server STRING to sign is: GET\nx"},
		{"signed string, long s", "ſtring to sign: x"},
		{"nothing to redact", "Ensured load balancer lb-abc (E4011 is not here)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.in
			for _, r := range rules {
				want = r.re.ReplaceAllString(want, r.repl)
			}
			if got := String(tc.in); got != want {
				t.Errorf("String(%q) = %q, the patterns alone give %q", tc.in, got, want)
			}
		})
	}
}

// TestCheapTests holds containsFold to a case-insensitive search of ASCII text.
func TestCheapTests(t *testing.T) {
	words := []string{"key", "secret", "signature", "token", "passw", "authorization"}
	for _, s := range []string{
		"", "t", "TOKEN", "x-Token=1", "tokeN", "tok en", "AccessKeyId=AKID", "SECRE", "_secret_", "Passwd: x",
		"Authorization: Bearer x", "authorizatio", "@ACCESSKEY[", "Ensuring load balancer",
	} {
		t.Run(s, func(t *testing.T) {
			lower := strings.ToLower(s)
			want := false
			for _, w := range words {
				want = want || strings.Contains(lower, w)
			}
			if got := containsFold(s, words...); got != want {
				t.Errorf("containsFold = %v, want %v", got, want)
			}
		})
	}
}

// TestLinesIsString holds the Writer's line-wise redaction to String over the whole text, also where a
// match runs over several lines.
func TestLinesIsString(t *testing.T) {
	parts := []string{
		"token", ": ", "  value1234", "", "\t", "plain text", "Authorization:", "Bearer",
		"AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA", "string to sign is:", "https://user:pw@host/x", "ſecret=x",
		"\v", "\"password\": \"hunter2\",",
	}
	for _, tc := range []struct{ name, in string }{
		{"value two lines down", "a\ntoken\n\n:\n\n  hunter2 rest\nnext\n"},
		{"header over three lines", "x\nAuthorization:\n  Bearer\n  abc.def\ny\n"},
		{"nothing", "one\ntwo\n"},
		{"no final newline", "one\npassword: x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, want := string(appendLines(nil, []byte(tc.in))), String(tc.in); got != want {
				t.Errorf("lines(%q) = %q, String gives %q", tc.in, got, want)
			}
		})
	}
	t.Run("every sequence of four parts", func(t *testing.T) {
		n := len(parts)
		for a := 0; a < n*n*n*n; a++ {
			in := parts[a%n] + "\n" + parts[a/n%n] + "\n" + parts[a/n/n%n] + "\n" + parts[a/n/n/n] + "\n"
			if got, want := string(appendLines(nil, []byte(in))), String(in); got != want {
				t.Fatalf("lines(%q) = %q, String gives %q", in, got, want)
			}
		}
	})
}

// TestMaybeAnyCoversEveryTest holds the Writer's one-pass line test to pass wherever a rule's own
// cheap test passes.
func TestMaybeAnyCoversEveryTest(t *testing.T) {
	for _, s := range []string{
		"", "plain", "KEY", "x-Token=1", "SIGNATURE", "Sign", "passWD", "AUTHORIZATION: x", "AKID12", "LTAI5",
		"STS.abc", "eyJx", "String to Sign", "https://u:p@h", "https://host", "a@b", "名称", "ſecret", "SecretId", "tok en", "ke y",
		"kEy", "sEcReT", "tOKEN", "aUTHORIZATION", "pASSw", "sIGNATURE", "sTRING to sign",
	} {
		t.Run(s, func(t *testing.T) {
			want := false
			for _, r := range rules {
				want = want || r.maybe(s)
			}
			if want && !maybeAny([]byte(s)) {
				t.Errorf("a rule's test passes on %q but maybeAny does not", s)
			}
		})
	}
}

// BenchmarkWriter redacts a JSON report of the shape -A writes (few lines hold a key word).
func BenchmarkWriter(b *testing.B) {
	var report bytes.Buffer
	for i := range 20000 {
		fmt.Fprintf(&report, "    {\n      \"code\": \"tke.E4011\",\n      \"target\": \"Service/ns-%d/svc-%d\",\n"+
			"      \"message\": \"the listener port %d of the load balancer lb-%08d is taken by another Service\",\n"+
			"      \"annotation\": \"service.kubernetes.io/tke-existed-lbid\"\n    },\n", i%50, i, 80+i%1000, i)
	}
	b.SetBytes(int64(report.Len()))
	b.ReportAllocs()
	for b.Loop() {
		w := NewWriter(io.Discard)
		if _, err := w.Write(report.Bytes()); err != nil {
			b.Fatal(err)
		}
	}
}
