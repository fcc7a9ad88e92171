package main

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// What a release directory (hack/dist.sh) must hold, checked independently of the renderer.
const (
	manifestName = "lbdoctor.yaml"
	homepage     = "https://github.com/lbdoctor/kubectl-lbdoctor"
	maxShortDesc = 50 // `kubectl krew search` cuts shortDescription at 50 characters
	maxLine      = 80 // yamllint's line-length default
)

var platforms = []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64"}

var (
	semverRE = regexp.MustCompile(`^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)
	sha256RE = regexp.MustCompile(`^[a-f0-9]{64}$`) // krew's own pattern: lowercase only
	// A line yamllint's line-length rule lets through: "key: value" where value has no space.
	unbreakableRE = regexp.MustCompile(`^\s*(- )?[\w.-]+: \S+$`)
)

type manifest struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name string `json:"name"`
	} `json:"metadata"`
	Spec struct {
		Version          string `json:"version"`
		Homepage         string `json:"homepage"`
		ShortDescription string `json:"shortDescription"`
		Description      string `json:"description"`
		Caveats          string `json:"caveats"`
		Platforms        []struct {
			Selector struct {
				MatchLabels map[string]string `json:"matchLabels"`
			} `json:"selector"`
			URI    string `json:"uri"`
			Sha256 string `json:"sha256"`
			Bin    string `json:"bin"`
		} `json:"platforms"`
	} `json:"spec"`
}

func archiveName(version, platform string) string {
	goos, goarch, _ := strings.Cut(platform, "/")
	ext := "tar.gz"
	if goos == "windows" {
		ext = "zip"
	}
	return fmt.Sprintf("kubectl-lbdoctor_%s_%s_%s.%s", version, goos, goarch, ext)
}

// checkDist returns every way in which dir/lbdoctor.yaml disagrees with the archives in dir.
func checkDist(dir string) []error {
	var errs []error
	errorf := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }

	raw, err := os.ReadFile(filepath.Join(dir, manifestName))
	if err != nil {
		return []error{err}
	}
	var m manifest
	if err := yaml.UnmarshalStrict(raw, &m); err != nil {
		return []error{fmt.Errorf("%s: %w", manifestName, err)}
	}
	for i, line := range strings.Split(string(raw), "\n") {
		if len(line) > maxLine && !unbreakableRE.MatchString(line) {
			errorf("%s:%d: line is %d characters long (max %d)", manifestName, i+1, len(line), maxLine)
		}
	}
	if m.APIVersion != "krew.googlecontainertools.github.com/v1alpha2" || m.Kind != "Plugin" || m.Metadata.Name != "lbdoctor" {
		errorf("want apiVersion krew.googlecontainertools.github.com/v1alpha2, kind Plugin, name lbdoctor; got %s, %s, %s",
			m.APIVersion, m.Kind, m.Metadata.Name)
	}
	s := m.Spec
	if !semverRE.MatchString(s.Version) {
		errorf("spec.version %q is not a semantic version with a v prefix", s.Version)
	}
	if s.Homepage != homepage {
		errorf("spec.homepage %q, want %q", s.Homepage, homepage)
	}
	if n := len(s.ShortDescription); n == 0 || n > maxShortDesc || strings.ContainsAny(s.ShortDescription, "\r\n") {
		errorf("spec.shortDescription must be one line of 1..%d characters, got %q", maxShortDesc, s.ShortDescription)
	}
	for _, want := range []string{"LoadBalancer", "Ingress", "Tencent TKE", "Alibaba ACK", "error code", "Read-only"} {
		if !strings.Contains(strings.Join(strings.Fields(s.Description), " "), want) {
			errorf("spec.description does not mention %q", want)
		}
	}
	for _, want := range []string{"deploy/", "get, list, watch", "kubectl_complete-lbdoctor"} {
		if !strings.Contains(s.Caveats, want) {
			errorf("spec.caveats does not mention %q", want)
		}
	}

	sums, err := readChecksums(filepath.Join(dir, "checksums.txt"))
	if err != nil {
		errorf("%v", err)
	}
	seen := map[string]bool{}
	for i, p := range s.Platforms {
		platform := p.Selector.MatchLabels["os"] + "/" + p.Selector.MatchLabels["arch"]
		if len(p.Selector.MatchLabels) != 2 || !slices.Contains(platforms, platform) || seen[platform] {
			errorf("spec.platforms[%d]: selector %v is not one of the expected, distinct os/arch pairs", i, p.Selector.MatchLabels)
			continue
		}
		seen[platform] = true
		name := archiveName(s.Version, platform)
		if want := homepage + "/releases/download/" + s.Version + "/" + name; p.URI != want {
			errorf("%s: uri %q, want %q", platform, p.URI, want)
		}
		wantBin := "kubectl-lbdoctor"
		if strings.HasPrefix(platform, "windows/") {
			wantBin += ".exe"
		}
		if p.Bin != wantBin {
			errorf("%s: bin %q, want %q", platform, p.Bin, wantBin)
		}
		if !sha256RE.MatchString(p.Sha256) {
			errorf("%s: sha256 %q is not 64 lowercase hex digits", platform, p.Sha256)
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			errorf("%s: %v", platform, err)
			continue
		}
		sum := sha256.Sum256(b)
		if got := hex.EncodeToString(sum[:]); got != p.Sha256 {
			errorf("%s: manifest sha256 %s does not match archive %s (sha256 %s)", platform, p.Sha256, name, got)
		}
		if sums != nil && sums[name] != hex.EncodeToString(sum[:]) {
			errorf("%s: checksums.txt has %q for %s", platform, sums[name], name)
		}
		if err := checkArchive(name, b, wantBin); err != nil {
			errorf("%s: %v", platform, err)
		}
	}
	for _, platform := range platforms {
		if !seen[platform] {
			errorf("spec.platforms has no entry for %s", platform)
		}
	}
	archives, _ := filepath.Glob(filepath.Join(dir, "*.tar.gz"))
	zips, _ := filepath.Glob(filepath.Join(dir, "*.zip"))
	for _, a := range append(archives, zips...) {
		if !slices.ContainsFunc(platforms, func(p string) bool { return archiveName(s.Version, p) == filepath.Base(a) }) {
			errorf("archive %s is not in the manifest", filepath.Base(a))
		}
	}
	return errs
}

// readChecksums parses sha256sum output ("HASH  NAME" lines).
func readChecksums(name string) (map[string]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sums := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		sum, file, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			return nil, fmt.Errorf("%s: bad line %q", name, sc.Text())
		}
		sums[file] = sum
	}
	return sums, sc.Err()
}

// checkArchive checks an archive holds exactly the binary (executable), the completion helper and LICENSE.
func checkArchive(name string, b []byte, bin string) error {
	modes := map[string]os.FileMode{}
	if strings.HasSuffix(name, ".zip") {
		zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			return err
		}
		for _, f := range zr.File {
			modes[f.Name] = f.Mode()
		}
	} else {
		gz, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return err
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
			modes[h.Name] = h.FileInfo().Mode()
		}
	}
	want := []string{bin, "kubectl_complete-lbdoctor", "LICENSE"}
	got := make([]string, 0, len(modes))
	for n := range modes {
		got = append(got, n)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		return fmt.Errorf("%s holds %v, want %v", name, got, want)
	}
	if !strings.HasSuffix(name, ".zip") && modes[bin]&0o111 == 0 {
		return fmt.Errorf("%s: %s is not executable (%v)", name, bin, modes[bin])
	}
	return nil
}

// TestDist checks the release directory in LBDOCTOR_DIST_DIR (make dist-check, make krew-test), or
// ../../dist when it has been built; it is skipped otherwise.
func TestDist(t *testing.T) {
	dir := os.Getenv("LBDOCTOR_DIST_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "dist")
		if _, err := os.Stat(filepath.Join(dir, manifestName)); err != nil {
			t.Skip("no dist/lbdoctor.yaml: run make dist VERSION=vX.Y.Z (or set LBDOCTOR_DIST_DIR)")
		}
	}
	for _, err := range checkDist(dir) {
		t.Error(err)
	}
}

// TestTemplate renders the checked-in template against small stand-in archives, checks the result,
// then proves the check catches an archive that changed after rendering.
func TestTemplate(t *testing.T) {
	const version = "v1.2.3-rc.1"
	dir := t.TempDir()
	var sums strings.Builder
	for _, p := range platforms {
		name := archiveName(version, p)
		bin := "kubectl-lbdoctor"
		if strings.HasPrefix(p, "windows/") {
			bin += ".exe"
		}
		b := fakeArchive(t, name, bin)
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		fmt.Fprintf(&sums, "%x  %s\n", sum, name)
	}
	if err := os.WriteFile(filepath.Join(dir, "checksums.txt"), []byte(sums.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := render(filepath.Join("..", "..", "plugins.yaml"), version, dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, manifestName), out, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, err := range checkDist(dir) {
		t.Error(err)
	}
	if t.Failed() {
		t.Logf("rendered manifest:\n%s", out)
		return
	}

	tampered := archiveName(version, "darwin/arm64")
	f, err := os.OpenFile(filepath.Join(dir, tampered), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte{0}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	errs := checkDist(dir)
	if !slices.ContainsFunc(errs, func(err error) bool { return strings.Contains(err.Error(), "does not match archive "+tampered) }) {
		t.Errorf("after changing %s: got errors %v, want a sha256 mismatch", tampered, errs)
	}
}

func fakeArchive(t *testing.T, name, bin string) []byte {
	t.Helper()
	files := []struct {
		name string
		mode int64
	}{{bin, 0o755}, {"kubectl_complete-lbdoctor", 0o755}, {"LICENSE", 0o644}}
	var buf bytes.Buffer
	if strings.HasSuffix(name, ".zip") {
		zw := zip.NewWriter(&buf)
		for _, f := range files {
			w, err := zw.Create(f.name)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(w, "%s for %s\n", f.name, name)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range files {
		body := fmt.Sprintf("%s for %s\n", f.name, name)
		if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(body)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		io.WriteString(tw, body)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
