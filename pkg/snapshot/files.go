package snapshot

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	networkingv1 "k8s.io/api/networking/v1"
	networkingv1beta1 "k8s.io/api/networking/v1beta1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
)

// MaxInputBytes bounds the manifest input read in offline mode.
const MaxInputBytes = 64 << 20

// FromFiles reads manifests from paths (files, directories of .yaml/.yml/.json files, or "-" for
// stdin) into an offline snapshot. Objects without a namespace get defaultNS. Objects absent from
// the input are unknown, not missing.
func FromFiles(paths []string, stdin io.Reader, defaultNS string) (*Snapshot, error) {
	return Files{Paths: paths, Stdin: stdin, DefaultNamespace: defaultNS}.Load()
}

// Files says which manifests an offline snapshot is read from.
type Files struct {
	// Paths are files, directories or "-" for Stdin.
	Paths []string
	Stdin io.Reader
	// DefaultNamespace is given to objects without one.
	DefaultNamespace string
	// Recursive reads the directories below a directory too (kubectl's -R), except hidden ones
	// (.git, .github); otherwise only its own files.
	Recursive bool
}

// Load reads the manifests into an offline snapshot. Each object remembers its file and the YAML
// node it came from, so that findings can name the line of their field (Locate).
func (f Files) Load() (*Snapshot, error) {
	s := New(Offline)
	for _, st := range s.stores() {
		st.setPartial()
	}
	wd, _ := os.Getwd()
	l := &loader{snap: s, defaultNS: f.DefaultNamespace, budget: MaxInputBytes, seen: map[string]string{}, wd: wd}
	for _, p := range f.Paths {
		if p == "" {
			return nil, errors.New("-f needs a file, a directory or - for standard input")
		}
		files, err := expand(p, f.Recursive)
		if err != nil {
			return nil, err
		}
		before := l.objects
		for _, name := range files {
			if err := l.loadFile(name, f.Stdin); err != nil {
				return nil, err
			}
		}
		if l.objects == before {
			name := p
			if p == "-" {
				name = "standard input"
			}
			return nil, fmt.Errorf("no Kubernetes objects in %s", name)
		}
	}
	s.eventsGapIfNone()
	return s, nil
}

// manifestFile reports whether a file name is read from a directory: .yaml, .yml or .json.
func manifestFile(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext == ".yaml" || ext == ".yml" || ext == ".json"
}

func expand(p string, recursive bool) ([]string, error) {
	if p == "-" {
		return []string{p}, nil
	}
	fi, err := os.Stat(p)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", p, err)
	}
	if !fi.IsDir() {
		return []string{p}, nil
	}
	var out []string
	if recursive {
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return fmt.Errorf("cannot read directory %s: %w", path, err)
			}
			if d.IsDir() && path != p && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if !d.IsDir() && manifestFile(d.Name()) {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	} else {
		entries, err := os.ReadDir(p)
		if err != nil {
			return nil, fmt.Errorf("cannot read directory %s: %w", p, err)
		}
		for _, e := range entries {
			if !e.IsDir() && manifestFile(e.Name()) {
				out = append(out, filepath.Join(p, e.Name()))
			}
		}
	}
	sort.Strings(out)
	if len(out) == 0 {
		if recursive {
			return nil, fmt.Errorf("directory %s holds no .yaml, .yml or .json file, nor do its subdirectories", p)
		}
		return nil, fmt.Errorf("directory %s holds no .yaml, .yml or .json file (-R reads its subdirectories too)", p)
	}
	return out, nil
}

// loader reads manifest files into a snapshot, counting objects and remembering where each came from.
type loader struct {
	snap      *Snapshot
	defaultNS string
	budget    int64
	objects   int
	// seen maps kind/namespace/name to "file document N".
	seen map[string]string
	// wd is the working directory locations are relative to.
	wd string
}

func (l *loader) loadFile(name string, stdin io.Reader) error {
	var r io.Reader
	shown := Stdin
	if name == "-" {
		r = stdin
		name = "standard input"
		if r == nil {
			r = strings.NewReader("")
		}
	} else {
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("cannot read %s: %w", name, err)
		}
		defer f.Close()
		r = f
		shown = displayPath(name, l.wd)
	}
	lr := &io.LimitedReader{R: r, N: l.budget + 1}
	data, err := io.ReadAll(lr)
	if lr.N <= 0 {
		return fmt.Errorf("%s: input exceeds %d MiB; pass only the objects to diagnose", name, MaxInputBytes>>20)
	}
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", name, err)
	}
	l.budget = lr.N - 1
	return documents(name, data, func(doc int, n *yaml.Node) error {
		obj := deref(n)
		if obj.Kind == yaml.ScalarNode && obj.ShortTag() == "!!null" {
			return nil // an empty document: only comments or nothing between separators
		}
		if obj.Kind != yaml.MappingNode {
			return fmt.Errorf("%s:%d: document %d is not a Kubernetes object (a mapping with apiVersion and kind)", name, obj.Line, doc)
		}
		v, err := toValue(obj)
		if err != nil {
			return fmt.Errorf("%s:%d: document %d: %w", name, obj.Line, doc, err)
		}
		where := fmt.Sprintf("%s document %d", name, doc)
		if err := l.add(&unstructured.Unstructured{Object: v.(map[string]any)}, obj, shown, where); err != nil {
			return fmt.Errorf("%s:%d: document %d: %w", name, err.line, doc, err.err)
		}
		return nil
	})
}

// documents calls fn with the YAML node of each document of data, numbered from 1: a YAML stream,
// or a stream of several JSON values (kubectl get -o json items piped through jq -c), each value
// parsed by the same YAML parser and placed at its line and column in data.
func documents(name string, data []byte, fn func(doc int, n *yaml.Node) error) error {
	if vals := jsonValues(data); len(vals) > 1 {
		for i, v := range vals {
			var n yaml.Node
			if err := yaml.Unmarshal(jsonTabs(v.raw), &n); err != nil {
				return syntaxError(name, i+1, err)
			}
			shift(&n, v.line-1, v.col-1)
			if err := fn(i+1, &n); err != nil {
				return err
			}
		}
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(jsonTabs(data)))
	for doc := 1; ; doc++ {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return syntaxError(name, doc, err)
		}
		if err := fn(doc, &n); err != nil {
			return err
		}
	}
}

// jsonValue is one value of a JSON stream and where it starts (1-based line and column).
type jsonValue struct {
	raw       []byte
	line, col int
}

// jsonValues splits data into JSON values when it is a stream of them (it starts with { or [ and
// decodes as JSON to the end); otherwise nil.
func jsonValues(data []byte) []jsonValue {
	t := bytes.TrimLeft(data, " \t\r\n")
	if len(t) == 0 || t[0] != '{' && t[0] != '[' {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []jsonValue
	line, col, pos := 1, 1, 0
	for {
		start := int(dec.InputOffset())
		for start < len(data) && strings.IndexByte(" \t\r\n", data[start]) >= 0 {
			start++
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); errors.Is(err, io.EOF) {
			return out
		} else if err != nil {
			return nil
		}
		for ; pos < start; pos++ {
			if data[pos] == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		out = append(out, jsonValue{raw: raw, line: line, col: col})
	}
}

// shift moves the positions of a parsed JSON value to where it starts in its stream: lines down by
// lines, and columns of its first line right by cols.
func shift(n *yaml.Node, lines, cols int) {
	if n.Line == 1 {
		n.Column += cols
	}
	n.Line += lines
	for _, c := range n.Content {
		shift(c, lines, cols)
	}
}

// yamlErrRE splits a yaml error into its line (absent on the parser's first line) and problem.
var yamlErrRE = regexp.MustCompile(`^yaml: (?:line (\d+): )?(.*)$`)

// parserProblems are the problems go.yaml.in/yaml/v3 reports from its parser rather than its
// scanner: it prints their line 0-based, the scanner's 1-based.
var parserProblems = []string{"did not find expected ',' or ']'", "did not find expected ',' or '}'",
	"did not find expected '-' indicator", "did not find expected <document start>",
	"did not find expected <stream-start>", "did not find expected key", "did not find expected node content",
	"found duplicate %TAG directive", "found duplicate %YAML directive", "found incompatible YAML document",
	"found undefined tag handle"}

// syntaxError words a yaml decoding error of file name as "name:LINE: …", or "name: …" when the
// library gives no position (a reader error such as control characters).
func syntaxError(name string, doc int, err error) error {
	m := yamlErrRE.FindStringSubmatch(err.Error())
	if m == nil {
		return fmt.Errorf("%s: document %d is not valid YAML or JSON: %v", name, doc, err)
	}
	problem := m[2]
	parser := slices.Contains(parserProblems, problem)
	if m[1] == "" && !parser && !strings.HasPrefix(problem, "found ") && !strings.HasPrefix(problem, "did not find ") &&
		!strings.HasSuffix(problem, "in this context") && !strings.HasPrefix(problem, "could not find ") {
		return fmt.Errorf("%s: document %d is not valid YAML or JSON: %s", name, doc, problem)
	}
	line, _ := strconv.Atoi(m[1]) // no line: the first one (0 as the library counts)
	if parser || m[1] == "" {
		line++
	}
	return fmt.Errorf("%s:%d: document %d is not valid YAML or JSON: %s", name, line, doc, problem)
}

// jsonTabs turns the tabs of a JSON document into spaces, which JSON allows as indentation and YAML
// does not; a tab inside a JSON string is invalid anyway. Lines and columns stay the same.
func jsonTabs(b []byte) []byte {
	t := bytes.TrimLeft(b, " \t\r\n\ufeff")
	if len(t) == 0 || (t[0] != '{' && t[0] != '[') || bytes.IndexByte(b, '\t') < 0 {
		return b
	}
	return bytes.ReplaceAll(b, []byte{'\t'}, []byte{' '})
}

// addError is an object that cannot be read, with the line of what is wrong.
type addError struct {
	line int
	err  error
}

// add stores an object or the items of a List, warning when an object was given before. n is the
// object's YAML mapping and file the name locations show.
func (l *loader) add(u *unstructured.Unstructured, n *yaml.Node, file, where string) *addError {
	if u.GetKind() == "" {
		return &addError{n.Line, errors.New("object has no kind")}
	}
	if u.GetAPIVersion() == "" {
		return &addError{n.Line, fmt.Errorf("%s has no apiVersion", u.GetKind())}
	}
	if u.IsList() {
		items, _ := u.Object["items"].([]any)
		_, seq := entry(n, "items")
		seq = deref(seq)
		for i, it := range items {
			in := n
			if seq != nil && seq.Kind == yaml.SequenceNode && i < len(seq.Content) {
				in = deref(seq.Content[i])
			}
			m, ok := it.(map[string]any)
			if !ok {
				return &addError{in.Line, fmt.Errorf("item %d of the %s is not an object", i+1, u.GetKind())}
			}
			if err := l.add(&unstructured.Unstructured{Object: m}, in, file, fmt.Sprintf("%s item %d", where, i+1)); err != nil {
				return err
			}
		}
		return nil
	}
	l.objects++
	if err := l.snap.addUnstructured(u, l.defaultNS); err != nil {
		return &addError{n.Line, err}
	}
	if u.GetName() == "" {
		return nil
	}
	l.snap.remember(u.GetKind(), u.GetNamespace(), u.GetName(), file, n)
	k := u.GetKind() + " " + u.GetName()
	if u.GetNamespace() != "" {
		k = u.GetKind() + " " + u.GetNamespace() + "/" + u.GetName()
	}
	if first, ok := l.seen[k]; ok {
		l.snap.Warnings = append(l.snap.Warnings, fmt.Sprintf("%s is given twice, in %s and in %s; the later one is used", k, first, where))
	}
	l.seen[k] = where
	return nil
}

// clusterScopedKinds get no default namespace.
var clusterScopedKinds = []string{"Node", "IngressClass", "ValidatingWebhookConfiguration", "Namespace",
	"ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition", "PersistentVolume", "StorageClass",
	"MutatingWebhookConfiguration", "PriorityClass", "APIService"}

func (s *Snapshot) addUnstructured(u *unstructured.Unstructured, defaultNS string) error {
	gvk := u.GroupVersionKind()
	clusterScoped := slices.Contains(clusterScopedKinds, gvk.Kind)
	if u.GetNamespace() == "" && !clusterScoped {
		u.SetNamespace(defaultNS)
	}
	ns, name := u.GetNamespace(), u.GetName()
	if name == "" && gvk.Kind != "Event" {
		return fmt.Errorf("%s has no metadata.name", gvk.Kind)
	}
	gv := gvk.GroupVersion().String()
	switch {
	case gv == "v1" && gvk.Kind == "Event":
		var e corev1.Event
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &e); err != nil {
			return fmt.Errorf("Event %s: %w", name, err)
		}
		s.AddEvent(FromCoreEvent(&e))
		return nil
	case gv == "events.k8s.io/v1" && gvk.Kind == "Event":
		var e eventsv1.Event
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &e); err != nil {
			return fmt.Errorf("Event %s: %w", name, err)
		}
		s.AddEvent(FromEventsV1(&e))
		return nil
	}
	for _, r := range resources {
		ok, err := r.decode(s, u)
		if err != nil {
			return err
		}
		if ok {
			r.store(s).markListed(u.GetNamespace())
			return nil
		}
	}
	if gvk.Group != "" {
		// A custom resource (a cloud's CRD): held for the checks that name it.
		st := s.customStore(gvk.GroupKind(), "")
		st.Add(ns, name, u)
		st.MarkListed(ns)
	}
	return nil
}

type object interface {
	runtime.Object
	GetNamespace() string
	GetName() string
}

// ingressFromUnstructured reads an Ingress of networking.k8s.io/v1, networking.k8s.io/v1beta1 or
// extensions/v1beta1 (still shown in some vendors' docs) as networking.k8s.io/v1.
func ingressFromUnstructured(u *unstructured.Unstructured) (*networkingv1.Ingress, error) {
	switch u.GetAPIVersion() {
	case "networking.k8s.io/v1":
		var ing networkingv1.Ingress
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &ing); err != nil {
			return nil, fmt.Errorf("Ingress %s: %w", u.GetName(), err)
		}
		return &ing, nil
	case "networking.k8s.io/v1beta1", "extensions/v1beta1":
		// Both beta versions share one JSON shape.
		var old networkingv1beta1.Ingress
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &old); err != nil {
			return nil, fmt.Errorf("Ingress %s: %w", u.GetName(), err)
		}
		return convertBeta(&old), nil
	}
	return nil, fmt.Errorf("Ingress %s: unsupported apiVersion %s", u.GetName(), u.GetAPIVersion())
}
