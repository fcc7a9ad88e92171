package cloudread

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

const (
	permID, permKey          = "AKIDperm00000000000000000000000000001", "permkey000000000000000000000000001"
	tempID, tempKey, tempTok = "AKIDtemp00000000000000000000000000001", "tempkey000000000000000000000000001", "temptoken-0000000000000000000000000000000000000001"
	credentialsINI           = "[default]\nsecret_id = " + permID + "\nsecret_key = " + permKey + "\n"
	tccliProfile             = `{"secretId": "` + permID + `", "secretKey": "` + permKey + `"}`
	tccliTemporary           = `{"secretId": "` + tempID + `", "secretKey": "` + tempKey + `", "token": "` + tempTok + `"}`
)

// TestCredentialChain reads with the vendor's chain (no Options.Credentials) from each source and
// checks which key the simulated cloud saw, signed and verified.
func TestCredentialChain(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		files   map[string]string // path under HOME → content
		profile string
		wantID  string // the key the cloud saw; "" is no request and an unauthenticated read
		wantMsg string // for a failure, a part of its message
	}{
		{name: "environment", env: map[string]string{EnvSecretID: permID, EnvSecretKey: permKey}, wantID: permID},
		{name: "environment with session token", env: map[string]string{EnvSecretID: tempID, EnvSecretKey: tempKey, EnvSessionToken: tempTok}, wantID: tempID},
		{name: "SDK profile file named by the environment", env: map[string]string{"TENCENTCLOUD_CREDENTIALS_FILE": "HOME/creds.ini"},
			files: map[string]string{"creds.ini": credentialsINI}, wantID: permID},
		{name: "SDK profile file in home", files: map[string]string{".tencentcloud/credentials": credentialsINI}, wantID: permID},
		{name: "tccli default profile", files: map[string]string{".tccli/default.credential": tccliProfile}, wantID: permID},
		{name: "tccli named profile with token", profile: "ops",
			files: map[string]string{".tccli/default.credential": `{}`, ".tccli/ops.credential": tccliTemporary}, wantID: tempID},
		{name: "environment before files", env: map[string]string{EnvSecretID: tempID, EnvSecretKey: tempKey, EnvSessionToken: tempTok},
			files: map[string]string{".tccli/default.credential": tccliProfile}, wantID: tempID},
		{name: "a broken tccli profile is an error", files: map[string]string{".tccli/default.credential": `{"secretId": ""}`},
			wantMsg: "holds no secretId"},
		{name: "none", wantMsg: EnvSecretID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, url := sim(t)
			home := t.TempDir()
			t.Setenv("HOME", home)
			unsetenv(t, EnvSecretID, EnvSecretKey, EnvSessionToken, "TENCENTCLOUD_CREDENTIALS_FILE")
			for k, v := range tt.env {
				t.Setenv(k, strings.ReplaceAll(v, "HOME", home))
			}
			for p, content := range tt.files {
				path := filepath.Join(home, p)
				if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			f := read(t, reader(t, url, func(o *Options) { o.Credentials = nil; o.Profile = tt.profile }),
				cloud.Request{LoadBalancerIDs: []string{"lb-aaa00001"}})
			_, err := f.LoadBalancers.Get("lb-aaa00001")
			reqs := s.Requests()
			if tt.wantID == "" {
				re := readErr(t, err)
				if re.Class != cloud.Unauthenticated || !strings.Contains(re.Error(), tt.wantMsg) || len(reqs) != 0 {
					t.Errorf("Get = %v after %d requests, want unauthenticated naming %q and none sent", re, len(reqs), tt.wantMsg)
				}
				return
			}
			if err != nil {
				t.Fatalf("Get = %v", err)
			}
			for _, r := range reqs {
				if r.SecretID != tt.wantID || r.Code != "" {
					t.Errorf("%s was signed with %s (answer %q), want %s", r.Action, r.SecretID, r.Code, tt.wantID)
				}
			}
		})
	}
}
