package action

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// testVersion is the version of the throw-away release the tests serve.
const testVersion = "v0.0.0-actiontest"

// root is the repository's top directory, relative to this package.
const root = "../.."

var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
)

// binary builds kubectl-lbdoctor once per test binary, stamped with testVersion, and returns its path.
func binary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		if buildDir, buildErr = os.MkdirTemp("", "lbdoctor-action-"); buildErr != nil {
			return
		}
		exe := "kubectl-lbdoctor"
		if runtime.GOOS == "windows" {
			exe += ".exe"
		}
		cmd := exec.Command("go", "build", "-trimpath",
			"-ldflags", "-s -w -X github.com/lbdoctor/kubectl-lbdoctor/pkg/cmd.version="+testVersion,
			"-o", filepath.Join(buildDir, exe), "./cmd/kubectl-lbdoctor")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return filepath.Join(buildDir, "kubectl-lbdoctor")
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// archiveName is hack/dist.sh's name for the local platform's archive (TestNames keeps them equal).
func archiveName() string {
	return fmt.Sprintf("kubectl-lbdoctor_%s_%s_%s.tar.gz", testVersion, runtime.GOOS, runtime.GOARCH)
}

var (
	releaseOnce sync.Once
	releaseDir  string
	releaseErr  error
)

// release returns a new directory holding what hack/dist.sh publishes for the local platform: the
// archive (the binary, kubectl_complete-lbdoctor, LICENSE) and checksums.txt in sha256sum's format.
// The release is packed once; each call gets its own copy to spoil.
func release(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the local release is a .tar.gz; windows archives are zips")
	}
	bin := binary(t)
	releaseOnce.Do(func() {
		releaseDir = filepath.Join(buildDir, "release")
		releaseErr = pack(releaseDir, bin)
	})
	if releaseErr != nil {
		t.Fatal(releaseErr)
	}
	dir := t.TempDir()
	for _, name := range []string{archiveName(), "checksums.txt"} {
		body, err := os.ReadFile(filepath.Join(releaseDir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// pack writes the local platform's archive of bin and checksums.txt into dir.
func pack(dir, bin string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(zw)
	for _, e := range []struct {
		name, src string
		mode      int64
	}{
		{"kubectl-lbdoctor", bin, 0o755},
		{"kubectl_complete-lbdoctor", filepath.Join(root, "kubectl_complete-lbdoctor"), 0o755},
		{"LICENSE", filepath.Join(root, "LICENSE"), 0o644},
	} {
		body, err := os.ReadFile(e.src)
		if err != nil {
			return err
		}
		if err := tw.WriteHeader(&tar.Header{Name: e.name, Mode: e.mode, Size: int64(len(body)), Typeflag: tar.TypeReg}); err != nil {
			return err
		}
		if _, err := tw.Write(body); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	name := archiveName()
	if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
		return err
	}
	sum := sha256.Sum256(buf.Bytes())
	return os.WriteFile(filepath.Join(dir, "checksums.txt"), []byte(hex.EncodeToString(sum[:])+"  "+name+"\n"), 0o644)
}

// serve publishes dir as GitHub does a release's assets: /download/VERSION/FILE, and /latest
// redirecting to /tag/VERSION. It returns the releases URL.
func serve(t *testing.T, dir string) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/releases/latest", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/releases/tag/"+testVersion, http.StatusFound)
	})
	mux.HandleFunc("/releases/tag/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, "release page")
	})
	mux.Handle("/releases/download/"+testVersion+"/", http.StripPrefix("/releases/download/"+testVersion+"/", http.FileServer(http.Dir(dir))))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		t.Fatalf("test server at %s, want 127.0.0.1", srv.URL)
	}
	return srv.URL + "/releases"
}
