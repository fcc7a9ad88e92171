//go:build unix

package snapshot

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
)

func TestFilesIrregularEntries(t *testing.T) {
	for _, recursive := range []bool{false, true} {
		t.Run(fmt.Sprintf("recursive=%v", recursive), func(t *testing.T) {
			dir := t.TempDir()
			testutil.WriteFile(t, dir, "svc.yaml", "apiVersion: v1\nkind: Service\nmetadata: {name: web}\n")
			if err := syscall.Mkfifo(filepath.Join(dir, "x.yaml"), 0o600); err != nil {
				t.Skip("no named pipes here:", err)
			}
			sub := t.TempDir()
			testutil.WriteFile(t, sub, "other.yaml", "apiVersion: v1\nkind: Service\nmetadata: {name: api}\n")
			for name, target := range map[string]string{"d.yaml": sub, "gone.yaml": filepath.Join(sub, "absent"),
				"link.yaml": filepath.Join(sub, "other.yaml")} {
				if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
					t.Fatal(err)
				}
			}
			done := make(chan struct{})
			var s *Snapshot
			var err error
			go func() {
				defer close(done)
				s, err = Files{Paths: []string{dir}, DefaultNamespace: "default", Recursive: recursive}.Load()
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("reading a directory with a named pipe hangs")
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"web", "api"} {
				if _, err := s.Services.Get("default", name); err != nil {
					t.Errorf("Service %s (a file, a link to a file): %v", name, err)
				}
			}
			var warned []string
			for _, w := range s.Warnings {
				warned = append(warned, w.String())
			}
			for _, want := range []string{"x.yaml: a named pipe", "d.yaml: a symbolic link to a directory", "gone.yaml: a symbolic link that cannot be followed"} {
				if !slices.ContainsFunc(warned, func(w string) bool { return strings.Contains(w, want) }) {
					t.Errorf("warnings %q lack %q", warned, want)
				}
			}
		})
	}
}
