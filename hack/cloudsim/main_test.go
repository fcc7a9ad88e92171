package main

import (
	"encoding/json"
	"net/http"
	"path/filepath"
	"testing"
)

// TestStartTencent starts the Tencent simulation from a scenario file and checks that it answers
// in the API's shape: a GET is refused with an error Response and a RequestId.
func TestStartTencent(t *testing.T) {
	url, stop, err := startTencent(filepath.Join("..", "..", "internal", "cloudsim", "tencent", "testdata", "TestServer.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct {
		Response struct {
			Error     struct{ Code string }
			RequestId string
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || body.Response.Error.Code != "UnsupportedProtocol" || body.Response.RequestId == "" {
		t.Errorf("GET / = %d %+v", resp.StatusCode, body)
	}
	if _, _, err := startTencent("no-such-file.yaml"); err == nil {
		t.Error("a missing scenario file started")
	}
}
