// Package modsource finds the source of a Go module version in the module cache, downloading it
// through the Go module proxy when it is not there yet, for tests that read files another project
// ships (the k9s plugin schema) without copying them into this repository or linking the module.
package modsource

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
)

// Dir returns the module cache directory of module at version (e.g. "github.com/derailed/k9s",
// "v0.50.16"), running `go mod download -json` outside any module so that no go.mod or go.sum changes.
func Dir(ctx context.Context, module, version string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "mod", "download", "-json", module+"@"+version)
	cmd.Dir = os.TempDir()
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); jerr == nil && info.Error != "" {
		return "", fmt.Errorf("go mod download %s@%s: %s", module, version, info.Error)
	}
	if err != nil {
		return "", fmt.Errorf("go mod download %s@%s: %w: %s", module, version, err, bytes.TrimSpace(stderr.Bytes()))
	}
	if info.Dir == "" {
		return "", fmt.Errorf("go mod download %s@%s named no directory", module, version)
	}
	return info.Dir, nil
}
