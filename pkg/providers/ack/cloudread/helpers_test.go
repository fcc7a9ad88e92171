package cloudread

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aliyun/alibaba-cloud-sdk-go/sdk/auth/credentials"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/alibaba"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// The credentials of the test scenarios.
const (
	testKeyID  = "LTAI5tTESTKEY00000001"
	testSecret = "read-test-secret"
)

// scenario loads testdata/<top-level test>/<name>.yaml.
func scenario(t *testing.T, name string) *alibaba.Scenario {
	t.Helper()
	top, _, _ := strings.Cut(t.Name(), "/")
	sc, err := alibaba.Load(filepath.Join("testdata", top, name+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// serve starts a simulated cloud for sc, closed when the test ends.
func serve(t *testing.T, sc *alibaba.Scenario) (*alibaba.Sim, string) {
	t.Helper()
	sim := alibaba.New(sc)
	u, err := sim.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sim.Close)
	return sim, u
}

// counter is a Count hook that tallies results by action.
type counter struct {
	mu sync.Mutex
	n  map[string][]string
}

func (c *counter) count(a cloud.Action, result string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string][]string{}
	}
	c.n[a.Name] = append(c.n[a.Name], result)
}

func (c *counter) results(action string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.n[action]...)
}

// newReader is a reader of the simulated cloud at endpoint with the scenarios' static credentials
// and an empty environment, changed by mod.
func newReader(t *testing.T, endpoint string, mod func(*Options)) *Reader {
	t.Helper()
	o := Options{
		Region:      "cn-hangzhou",
		Endpoint:    endpoint,
		Timeout:     5 * time.Second,
		Backoff:     5 * time.Millisecond,
		Credentials: credentials.NewStaticAKCredentialsProvider(testKeyID, testSecret),
		Getenv:      func(string) string { return "" },
		Now:         func() time.Time { return time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC) },
	}
	if mod != nil {
		mod(&o)
	}
	r, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// calls counts the sim's recorded requests by action.
func calls(sim *alibaba.Sim) map[string]int {
	n := map[string]int{}
	for _, r := range sim.Requests() {
		n[r.Action]++
	}
	return n
}

// asJSON is v as indented JSON, for comparing and showing nested facts.
func asJSON(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// readErr is the *cloud.ReadError err is, or nil.
func readErr(err error) *cloud.ReadError {
	re, _ := err.(*cloud.ReadError)
	return re
}
