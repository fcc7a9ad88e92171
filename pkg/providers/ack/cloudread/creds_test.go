package cloudread

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/redact"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// chainEnv are the variables the SDK's default credential chain reads.
var chainEnv = []string{
	"ALIBABA_CLOUD_ACCESS_KEY_ID", "ALIBABA_CLOUD_ACCESS_KEY_SECRET", "ALIBABA_CLOUD_SECURITY_TOKEN",
	"ALIBABA_CLOUD_ROLE_ARN", "ALIBABA_CLOUD_OIDC_PROVIDER_ARN", "ALIBABA_CLOUD_OIDC_TOKEN_FILE",
	"ALIBABA_CLOUD_PROFILE", "ALIBABA_CLOUD_CREDENTIALS_FILE", "ALIBABA_CLOUD_CREDENTIALS_URI",
	"ALIBABA_CLOUD_CLI_PROFILE_DISABLED", "ALIBABA_CLOUD_ECS_METADATA",
}

// TestCredentials: the SDK's own default chain (environment, CLI profile) finds the credentials,
// or the read fails as unauthenticated, before any call when there are none.
func TestCredentials(t *testing.T) {
	const cliConfig = `{"current": "first", "profiles": [
		{"name": "first", "mode": "AK", "access_key_id": "LTAI5tNOBODY000000001", "access_key_secret": "x", "region_id": "cn-hangzhou"},
		{"name": "second", "mode": "AK", "access_key_id": "LTAI5tTESTKEY00000001", "access_key_secret": "read-test-secret", "region_id": "cn-hangzhou"}]}`
	cases := []struct {
		name   string
		env    map[string]string
		config string // ~/.aliyun/config.json
		class  cloud.Class
		code   string
	}{
		{"none", nil, "", cloud.Unauthenticated, ""},
		{"environment", map[string]string{"ALIBABA_CLOUD_ACCESS_KEY_ID": testKeyID, "ALIBABA_CLOUD_ACCESS_KEY_SECRET": testSecret}, "", "", ""},
		{"environment STS", map[string]string{"ALIBABA_CLOUD_ACCESS_KEY_ID": "STS.NTestSTSKey0001", "ALIBABA_CLOUD_ACCESS_KEY_SECRET": "sts-test-secret",
			"ALIBABA_CLOUD_SECURITY_TOKEN": "CAIS+test/sts=token=="}, "", "", ""},
		{"wrong STS token", map[string]string{"ALIBABA_CLOUD_ACCESS_KEY_ID": "STS.NTestSTSKey0001", "ALIBABA_CLOUD_ACCESS_KEY_SECRET": "sts-test-secret",
			"ALIBABA_CLOUD_SECURITY_TOKEN": "CAIS+other"}, "", cloud.Unauthenticated, "InvalidSecurityToken.MismatchWithAccessKey"},
		{"CLI profile named", map[string]string{"ALIBABA_CLOUD_PROFILE": "second"}, cliConfig, "", ""},
		{"CLI profile current", nil, cliConfig, cloud.Unauthenticated, "InvalidAccessKeyId.NotFound"},
		{"wrong secret", map[string]string{"ALIBABA_CLOUD_ACCESS_KEY_ID": testKeyID, "ALIBABA_CLOUD_ACCESS_KEY_SECRET": "not-the-secret"}, "", cloud.Unauthenticated, "SignatureDoesNotMatch"},
		{"malformed CLI config", nil, `{"profiles": [{"access_key_secret": "quoted-secret-1234"`, cloud.Unauthenticated, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			t.Setenv("HOME", home)
			t.Setenv("ALIBABA_CLOUD_ECS_METADATA_DISABLED", "true")
			for _, k := range chainEnv {
				t.Setenv(k, c.env[k])
			}
			if c.config != "" {
				if err := os.MkdirAll(filepath.Join(home, ".aliyun"), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(home, ".aliyun", "config.json"), []byte(c.config), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			sim, u := serve(t, scenario(t, "scenario"))
			r := newReader(t, u, func(o *Options) { o.Credentials = nil })
			f := r.Read(context.Background(), cloud.Request{LoadBalancerIDs: []string{"lb-bp1cred"}, SubnetIDs: []string{"vsw-any"}})
			_, err := f.LoadBalancers.Get("lb-bp1cred")
			if c.class == "" {
				if err != nil {
					t.Fatalf("load balancer: %v", err)
				}
				return
			}
			re := readErr(err)
			if re == nil || re.Class != c.class || re.Code != c.code {
				t.Fatalf("load balancer: %v, want %s (%s)", err, c.class, c.code)
			}
			if c.code == "" {
				// No credentials: nothing is read, nothing is sent, and the message says what to set.
				if n := len(sim.Requests()); n != 0 {
					t.Errorf("%d requests without credentials", n)
				}
				if f.Subnets.Err() == nil || f.Certificates.Err() == nil || f.Quotas.Err() == nil {
					t.Error("a table was left readable")
				}
				if re.Message != NoCredentials.In(words.English) || strings.Contains(re.Message, "quoted-secret") {
					t.Errorf("message %q", re.Message)
				}
			}
			if c.code == "SignatureDoesNotMatch" && (strings.Contains(re.Message, "&%2F&") || !strings.Contains(re.Message, redact.Mark)) {
				t.Errorf("the vendor's echo of the signed string was kept: %q", re.Message)
			}
		})
	}
}
