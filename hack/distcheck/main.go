// Command distcheck renders the krew manifest template (plugins.yaml) for a release directory built
// by hack/dist.sh: it fills {{ .TagName }} and replaces every {{addURIAndSha "URL" .TagName }} with
// the uri and the sha256 of the archive of that name in the release directory, exactly as
// krew-release-bot does from the published assets. main_test.go is the independent check that the
// rendered manifest matches the archives (make dist-check).
//
//	go run ./hack/distcheck -template plugins.yaml -tag v0.1.0 -dist dist -o dist/lbdoctor.yaml
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"text/template"
)

func main() {
	tmpl := flag.String("template", "plugins.yaml", "krew manifest template")
	tag := flag.String("tag", "", "release tag, e.g. v0.1.0")
	dist := flag.String("dist", "dist", "directory holding the release archives")
	out := flag.String("o", "", "output file (default stdout)")
	flag.Parse()
	if *tag == "" {
		fail(fmt.Errorf("-tag is required"))
	}
	b, err := render(*tmpl, *tag, *dist)
	if err != nil {
		fail(err)
	}
	if *out == "" {
		_, err = os.Stdout.Write(b)
	} else {
		err = writeFileAtomic(*out, b)
	}
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "distcheck:", err)
	os.Exit(1)
}

// render executes the template with the krew-release-bot's data and functions, except that
// addURIAndSha hashes the local archive named like the URL's last element instead of downloading it.
func render(tmplPath, tag, dist string) ([]byte, error) {
	var ferr error
	funcs := template.FuncMap{
		"addURIAndSha": func(url, tag string) string {
			u, err := execute("url", url, struct{ TagName, Version string }{tag, strings.TrimPrefix(tag, "v")})
			if err != nil {
				ferr = err
				return ""
			}
			sum, err := fileSHA256(filepath.Join(dist, path.Base(u)))
			if err != nil {
				ferr = err
				return ""
			}
			return fmt.Sprintf("uri: %s\n    sha256: %s", u, sum)
		},
	}
	src, err := os.ReadFile(tmplPath)
	if err != nil {
		return nil, err
	}
	t, err := template.New(filepath.Base(tmplPath)).Funcs(funcs).Option("missingkey=error").Parse(string(src))
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, struct{ TagName string }{tag}); err != nil {
		return nil, err
	}
	if ferr != nil {
		return nil, ferr
	}
	return buf.Bytes(), nil
}

func execute(name, text string, data any) (string, error) {
	t, err := template.New(name).Option("missingkey=error").Parse(text)
	if err != nil {
		return "", err
	}
	var buf strings.Builder
	err = t.Execute(&buf, data)
	return buf.String(), err
}

// fileSHA256 returns the lowercase hex sha256 of a file, the form krew requires.
func fileSHA256(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func writeFileAtomic(name string, b []byte) error {
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}
