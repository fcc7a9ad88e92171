package modsource

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

func TestDir(t *testing.T) {
	for _, tc := range []struct {
		name, module, version, file string
		wantErr                     bool
	}{
		{name: "k9s", module: "github.com/derailed/k9s", version: "v0.50.16", file: "go.mod"},
		{name: "no such version", module: "github.com/derailed/k9s", version: "v0.0.0-no-such", wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, err := Dir(context.Background(), tc.module, tc.version)
			if tc.wantErr {
				if err == nil {
					t.Fatalf("Dir = %q, want an error", dir)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(filepath.Join(dir, tc.file)); err != nil {
				t.Fatal(err)
			}
		})
	}
}
