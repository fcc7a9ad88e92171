package cloudread

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/tencent"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// The key the test scenarios accept.
const (
	testID  = "AKIDtest0000000000000000000000000001"
	testKey = "testkey0000000000000000000000001"
)

// sim starts the simulated cloud of testdata/<test>.yaml, the top-level test's name.
func sim(t *testing.T) (*tencent.Server, string) {
	t.Helper()
	name, _, _ := strings.Cut(t.Name(), "/")
	return simOf(t, name)
}

// simOf starts the simulated cloud of testdata/<name>.yaml.
func simOf(t *testing.T, name string) (*tencent.Server, string) {
	t.Helper()
	scn, err := tencent.LoadScenario(filepath.Join("testdata", name+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return startScenario(t, scn)
}

func startScenario(t *testing.T, scn *tencent.Scenario) (*tencent.Server, string) {
	t.Helper()
	s := tencent.New(scn)
	url, err := s.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s, url
}

// static is a fixed credential.
type static struct{ id, key, token string }

func (s static) GetCredential() (common.CredentialIface, error) {
	return common.NewTokenCredential(s.id, s.key, s.token), nil
}

// reader is a Reader of the simulated cloud at url with the test key; mod adjusts its options.
func reader(t *testing.T, url string, mod func(*Options)) *Reader {
	t.Helper()
	o := Options{Region: "ap-guangzhou", Endpoint: url, Credentials: static{id: testID, key: testKey},
		Unlimited: true, Backoff: time.Millisecond, Timeout: 5 * time.Second,
		Now: func() time.Time { return time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC) }}
	if mod != nil {
		mod(&o)
	}
	r, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func read(t *testing.T, r *Reader, req cloud.Request) *cloud.Facts {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return r.Read(ctx, req)
}

// readErr is err as a ReadError, failing the test when it is not one.
func readErr(t *testing.T, err error) *cloud.ReadError {
	t.Helper()
	re, ok := err.(*cloud.ReadError)
	if !ok {
		t.Fatalf("err = %v (%T), want a *cloud.ReadError", err, err)
	}
	return re
}

// unsetenv unsets the variables for the test, restoring them after.
func unsetenv(t *testing.T, names ...string) {
	t.Helper()
	for _, n := range names {
		t.Setenv(n, "")
		_ = os.Unsetenv(n)
	}
}

func mustYAML(v any) []byte {
	b, err := yaml.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
