package main

import (
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"
)

// TestStartACK: the simulated Alibaba Cloud answers on loopback and refuses an unsigned request,
// and stops.
func TestStartACK(t *testing.T) {
	u, stop, err := startACK(filepath.Join("testdata", t.Name(), "scenario.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(u + "/?Action=DescribeLoadBalancers&Version=2014-05-15")
	if err != nil {
		t.Fatal(err)
	}
	var body struct{ Code string }
	_ = json.NewDecoder(resp.Body).Decode(&body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || body.Code != "MissingParameter" {
		t.Errorf("unsigned request: %d %s", resp.StatusCode, body.Code)
	}
	stop()
	if _, err := http.Get(u); err == nil {
		t.Error("still serving after stop")
	}
	if _, _, err := startACK(filepath.Join("testdata", "none.yaml")); err == nil {
		t.Error("a missing scenario file started")
	}
}
