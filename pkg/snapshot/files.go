package snapshot

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// MaxInputBytes bounds the manifest input read in offline mode.
const MaxInputBytes = 64 << 20

// FromFiles reads manifests from paths (files, directories of .yaml/.yml/.json files, or "-" for
// stdin) into one offline snapshot. Objects without a namespace get defaultNS. Objects absent from
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
	// Group says which files LoadWorlds reads as one cluster; GroupDir when empty.
	Group Grouping
}

// Load reads every manifest into one offline snapshot, whatever Group says: an object given twice
// is the later definition, with a warning. Each object remembers its file and the YAML node it came
// from, so that findings can name the line of their field (Locate).
func (f Files) Load() (*Snapshot, error) {
	in, err := f.read(true)
	if err != nil {
		return nil, err
	}
	s, err := build(in.files, nil)
	if err != nil {
		return nil, err
	}
	s.Warnings = append(in.notes, s.Warnings...)
	return s, nil
}

// manifestFile reports whether a file name is read from a directory: .yaml, .yml or .json.
func manifestFile(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext == ".yaml" || ext == ".yml" || ext == ".json"
}

// found is a file expand found, and whether it was named itself (not found in a directory).
type found struct {
	name  string
	named bool
}

// expand lists the manifest files of path p. A directory's Helm charts and kustomization files (and
// the patches they name) are left out with a note in in, since they are no objects as written.
func (in *input) expand(p string, recursive bool) ([]found, error) {
	if p == "-" {
		return []found{{p, true}}, nil
	}
	fi, err := os.Stat(p)
	if err != nil {
		return nil, words.Errorf("cannot read %s: %w", "无法读取 %s：%w", p, err)
	}
	if !fi.IsDir() {
		return []found{{p, true}}, nil
	}
	var out []found
	// visit adds a directory's manifest files; filepath.SkipDir for a Helm chart, read no deeper.
	visit := func(dir string) error {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return words.Errorf("cannot read directory %s: %w", "无法读取目录 %s：%w", dir, err)
		}
		if chart := chartFile(entries); chart != "" {
			in.hint(words.Say("%[1]s is a Helm chart (%[2]s): render it first, e.g. helm template RELEASE %[1]s | kubectl lbdoctor -f -",
				"%[1]s 是 Helm chart（%[2]s）：请先渲染，例如 helm template RELEASE %[1]s | kubectl lbdoctor -f -", dir, chart))
			in.skip(filepath.Join(dir, chart))
			return filepath.SkipDir
		}
		not := map[string]bool{}
		if k := kustomizationFile(entries); k != "" {
			in.hint(words.Say("%[1]s is a kustomization: to check what it builds, run kustomize build %[1]s | kubectl lbdoctor -f -",
				"%[1]s 是 kustomization：要检查它生成的对象，请运行 kustomize build %[1]s | kubectl lbdoctor -f -", dir))
			not[k] = true
			in.skip(filepath.Join(dir, k))
			for _, patch := range kustomizePatches(filepath.Join(dir, k)) {
				not[filepath.Clean(patch)] = true
				in.skip(filepath.Join(dir, patch))
			}
		}
		for _, e := range entries {
			if !e.IsDir() && manifestFile(e.Name()) && !not[e.Name()] && in.regular(filepath.Join(dir, e.Name()), e) {
				out = append(out, found{name: filepath.Join(dir, e.Name())})
			}
		}
		return nil
	}
	if recursive {
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return words.Errorf("cannot read directory %s: %w", "无法读取目录 %s：%w", path, err)
			}
			if !d.IsDir() {
				return nil
			}
			if path != p && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return visit(path)
		})
	} else if err = visit(p); errors.Is(err, filepath.SkipDir) {
		err = nil
	}
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b found) int { return strings.Compare(a.name, b.name) })
	if len(out) == 0 && len(in.skipped) == 0 {
		if recursive {
			return nil, words.Errorf("directory %s holds no .yaml, .yml or .json file, nor do its subdirectories",
				"目录 %s 及其子目录中都没有 .yaml、.yml 或 .json 文件", p)
		}
		return nil, words.Errorf("directory %s holds no .yaml, .yml or .json file (-R reads its subdirectories too)",
			"目录 %s 中没有 .yaml、.yml 或 .json 文件（-R 会同时读取其子目录）", p)
	}
	return out, nil
}

// chartFile is the name of a Helm chart's Chart.yaml among a directory's entries, or "".
func chartFile(entries []fs.DirEntry) string {
	for _, e := range entries {
		if !e.IsDir() && (e.Name() == "Chart.yaml" || e.Name() == "Chart.yml") {
			return e.Name()
		}
	}
	return ""
}

// kustomizationFile is the name of a kustomization among a directory's entries, or "".
func kustomizationFile(entries []fs.DirEntry) string {
	for _, e := range entries {
		switch e.Name() {
		case "kustomization.yaml", "kustomization.yml", "Kustomization":
			if !e.IsDir() {
				return e.Name()
			}
		}
	}
	return ""
}

// kustomizePatches are the local files a kustomization names as patches: partial objects, which
// would be diagnosed as whole ones.
func kustomizePatches(name string) []string {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	var k struct {
		PatchesStrategicMerge []string `yaml:"patchesStrategicMerge"`
		Patches               []struct {
			Path string `yaml:"path"`
		} `yaml:"patches"`
		PatchesJSON6902 []struct {
			Path string `yaml:"path"`
		} `yaml:"patchesJson6902"`
	}
	if yaml.Unmarshal(data, &k) != nil {
		return nil
	}
	var out []string
	for _, p := range k.PatchesStrategicMerge {
		if !strings.Contains(p, "\n") && manifestFile(p) {
			out = append(out, p)
		}
	}
	for _, p := range k.Patches {
		if p.Path != "" {
			out = append(out, p.Path)
		}
	}
	for _, p := range k.PatchesJSON6902 {
		if p.Path != "" {
			out = append(out, p.Path)
		}
	}
	return out
}

// input is the manifest input as read, before it is made into snapshots.
type input struct {
	files []*manifest
	// skipped are the files found in directories that hold no Kubernetes object, as shown.
	skipped []string
	// hints say how to read what was left out (render a Helm chart, build a kustomization).
	hints []words.Words
	// notes are the entries of directories left out that are no regular file (irregular).
	notes []words.Words
}

func (in *input) skip(name string) { in.skipped = append(in.skipped, name) }

func (in *input) hint(h words.Words) {
	if !slices.ContainsFunc(in.hints, func(o words.Words) bool { return o.String() == h.String() }) {
		in.hints = append(in.hints, h)
	}
}

// manifest is one file of the input and its objects.
type manifest struct {
	// name is the file as given ("standard input" for "-"), shown as locations show it.
	name, shown string
	// dir is the directory the file was found in; "" for a file named on the command line or
	// standard input.
	dir  string
	objs []manifestObject
}

// manifestObject is one object of a manifest, a List's items each on their own.
type manifestObject struct {
	// obj is the object as a snapshot stores it, decoded when read (so that the decoded document
	// can go); err, when set, is the error of an object that cannot be stored, for build to return.
	obj decoded
	err error
	// origin is the object's originKey.
	origin string
	// pos are the positions of its YAML mapping; value the object as written, for Manifest (Load).
	pos   pos
	value map[string]any
	// doc is the document's number; where is "NAME document N" or "NAME document N item M".
	doc   int
	where words.Words
	// id is "Kind namespace/name" ("Kind name" for a cluster-scoped kind), "" for a nameless object.
	id string
}

// read reads and parses every file of the input; manifests keeps each Service and Ingress as
// written (for Manifest).
func (f Files) read(manifests bool) (*input, error) {
	wd, _ := os.Getwd()
	in := &input{}
	r := &reader{defaultNS: f.DefaultNamespace, budget: MaxInputBytes, aliases: MaxAliasNodes, wd: wd, stdin: f.Stdin,
		read: map[string]bool{}, manifests: manifests}
	for _, p := range f.Paths {
		if p == "" {
			return nil, words.Errorf("-f needs a file, a directory or - for standard input", "-f 需要一个文件、一个目录，或用 - 表示标准输入")
		}
		skippedBefore, hintsBefore := len(in.skipped), len(in.hints)
		files, err := in.expand(p, f.Recursive)
		if err != nil {
			return nil, err
		}
		objects, fresh := 0, 0
		for _, fd := range files {
			if r.read[fd.name] {
				continue // given twice: read once
			}
			r.read[fd.name] = true
			fresh++
			m, err := r.readFile(fd.name, fd.named)
			if err != nil {
				return nil, err
			}
			if m == nil {
				in.skip(displayPath(fd.name, wd))
				continue
			}
			objects += len(m.objs)
			in.files = append(in.files, m)
		}
		if objects == 0 && (fresh > 0 || len(files) == 0) {
			var name any = p
			if p == "-" {
				name = stdinWords
			}
			msg := words.Say("no Kubernetes objects in %s", "%s 中没有 Kubernetes 对象", name)
			if n := len(in.skipped) - skippedBefore; n > 0 {
				msg = words.Say("%s (%s)", "%s（%s）", msg, namesOf(in.skipped[skippedBefore:], 3))
			}
			for _, h := range in.hints[hintsBefore:] {
				msg = words.Say("%s; %s", "%s；%s", msg, h)
			}
			return nil, &words.WordsError{W: msg}
		}
	}
	return in, nil
}

// stdinWords names standard input ("-") in a message.
var stdinWords = words.Say("standard input", "标准输入")

// namesOf lists up to n names, then how many more (in Chinese: how many in all).
func namesOf(names []string, n int) words.Words {
	if len(names) <= n {
		return words.List(names)
	}
	return words.Say("%[1]s and %[2]d more", "%[1]s 等 %[3]d 个", words.List(names[:n]), len(names)-n, len(names))
}

// reader reads manifest files within one byte budget.
type reader struct {
	defaultNS string
	budget    int64
	// aliases is what is left of the input's alias expansion budget (MaxAliasNodes).
	aliases int
	// wd is the working directory locations are relative to.
	wd    string
	stdin io.Reader
	// read are the files already read: a file given twice is read once.
	read map[string]bool
	// manifests says to keep each Service and Ingress as written, for Manifest.
	manifests bool
}

// k8sKeyRE finds an apiVersion or kind key in text that does not parse.
var k8sKeyRE = regexp.MustCompile(`(?m)^[\s-]*"?(apiVersion|kind)"?\s*:`)

// readFile reads one file. A file found in a directory (not named) that holds no Kubernetes object
// (Chart values, package.json, a workflow) is no error: readFile returns nil, to be skipped.
func (r *reader) readFile(name string, named bool) (*manifest, error) {
	var src io.Reader
	m := &manifest{name: name, shown: Stdin}
	if name == "-" {
		src = r.stdin
		m.name = "standard input"
		if src == nil {
			src = strings.NewReader("")
		}
	} else {
		f, err := os.Open(name)
		if err != nil {
			return nil, words.Errorf("cannot read %s: %w", "无法读取 %s：%w", name, err)
		}
		defer f.Close()
		src = f
		m.shown = displayPath(name, r.wd)
		if !named {
			m.dir = filepath.Dir(name)
		}
	}
	lr := &io.LimitedReader{R: src, N: r.budget + 1}
	data, err := io.ReadAll(lr)
	if lr.N <= 0 {
		return nil, words.Errorf("%s: input exceeds %d MiB; pass only the objects to diagnose",
			"%s：输入超过 %d MiB；请只传入要诊断的对象", m.name, MaxInputBytes>>20)
	}
	if err != nil {
		return nil, words.Errorf("cannot read %s: %w", "无法读取 %s：%w", m.name, err)
	}
	r.budget = lr.N - 1
	// Each document is read into objects as soon as it is parsed and its tree dropped, so that only
	// one document's tree is held at a time. The outcome is the one of reading every document first:
	// a syntax error anywhere wins; a file without any Kubernetes document is skipped (found in a
	// directory) or refused at its first document (named); else the first bad document's error.
	var (
		held       []doc // documents before the first Kubernetes one, read once one is found
		first      *doc  // the first non-empty document
		kubernetes bool
		bad        error
	)
	readDoc := func(d doc) {
		if bad == nil {
			bad = r.document(m, d)
		}
	}
	err = documents(m.name, data, func(n int, node *yaml.Node) error {
		obj := deref(node)
		if obj.Kind == yaml.ScalarNode && obj.ShortTag() == "!!null" {
			return nil // an empty document: only comments or nothing between separators
		}
		d := doc{n, obj}
		if first == nil {
			first = &doc{n, &yaml.Node{Line: obj.Line}}
		}
		if !kubernetes && looksKubernetes(obj) {
			kubernetes = true
			for _, h := range held {
				readDoc(h)
			}
			held = nil
		}
		if !kubernetes {
			held = append(held, d)
			return nil
		}
		readDoc(d)
		return nil
	})
	if err != nil {
		if !named && !k8sKeyRE.Match(data) {
			return nil, nil
		}
		return nil, err
	}
	if !kubernetes {
		if !named {
			return nil, nil
		}
		if first != nil {
			return nil, notObject(m.name, first.obj.Line, first.n)
		}
	}
	if bad != nil {
		return nil, bad
	}
	return m, nil
}

// doc is one document of a file, numbered from 1, and its node.
type doc struct {
	n   int
	obj *yaml.Node
}

// document reads the objects of document d into m.
func (r *reader) document(m *manifest, d doc) error {
	if d.obj.Kind != yaml.MappingNode {
		return notObject(m.name, d.obj.Line, d.n)
	}
	v, err := toValue(d.obj, &r.aliases)
	if err != nil {
		line := d.obj.Line
		if ae := (*aliasError)(nil); errors.As(err, &ae) {
			line = ae.line
		}
		return inDocument(m.name, line, d.n, err)
	}
	u := &unstructured.Unstructured{Object: v.(map[string]any)}
	if err := r.objects(m, u, d.obj, d.n, words.Say("%s document %d", "%s 第 %d 个文档", m.shown, d.n)); err != nil {
		return inDocument(m.name, err.line, d.n, err.err)
	}
	return nil
}

// notObject is the error of document doc of file name, at line, that is no Kubernetes object.
func notObject(name string, line, doc int) error {
	return words.Errorf("%s:%d: document %d is not a Kubernetes object (a mapping with apiVersion and kind)",
		"%s:%d：第 %d 个文档不是 Kubernetes 对象（应为带有 apiVersion 和 kind 的映射）", name, line, doc)
}

// inDocument is err, of document doc of file name at line, with where it is.
func inDocument(name string, line, doc int, err error) error {
	return words.Errorf("%s:%d: document %d: %w", "%s:%d：第 %d 个文档：%w", name, line, doc, err)
}

// looksKubernetes reports whether a document is a mapping with an apiVersion or a kind.
func looksKubernetes(n *yaml.Node) bool {
	if n.Kind != yaml.MappingNode {
		return false
	}
	k, _ := entry(n, "apiVersion")
	if k == nil {
		k, _ = entry(n, "kind")
	}
	return k != nil
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
		return words.Errorf("%s: document %d is not valid YAML or JSON: %v", "%s：第 %d 个文档不是有效的 YAML 或 JSON：%v", name, doc, err)
	}
	problem := m[2]
	parser := slices.Contains(parserProblems, problem)
	if m[1] == "" && !parser && !strings.HasPrefix(problem, "found ") && !strings.HasPrefix(problem, "did not find ") &&
		!strings.HasSuffix(problem, "in this context") && !strings.HasPrefix(problem, "could not find ") {
		return words.Errorf("%s: document %d is not valid YAML or JSON: %s", "%s：第 %d 个文档不是有效的 YAML 或 JSON：%s", name, doc, problem)
	}
	line, _ := strconv.Atoi(m[1]) // no line: the first one (0 as the library counts)
	if parser || m[1] == "" {
		line++
	}
	return words.Errorf("%s:%d: document %d is not valid YAML or JSON: %s", "%s:%d：第 %d 个文档不是有效的 YAML 或 JSON：%s", name, line, doc, problem)
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

// objects appends an object, or the items of a List, to m. n is the object's YAML mapping.
func (r *reader) objects(m *manifest, u *unstructured.Unstructured, n *yaml.Node, doc int, where words.Words) *addError {
	if u.GetKind() == "" {
		return &addError{n.Line, words.Errorf("object has no kind", "对象没有 kind")}
	}
	if u.GetAPIVersion() == "" {
		return &addError{n.Line, words.Errorf("%s has no apiVersion", "%s 没有 apiVersion", u.GetKind())}
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
			o, ok := it.(map[string]any)
			if !ok {
				return &addError{in.Line, words.Errorf("item %d of the %s is not an object", "%[2]s 的第 %[1]d 项不是对象", i+1, u.GetKind())}
			}
			if err := r.objects(m, &unstructured.Unstructured{Object: o}, in, doc, words.Say("%s item %d", "%s 第 %d 项", where, i+1)); err != nil {
				return err
			}
		}
		return nil
	}
	if u.GetNamespace() == "" && !clusterScopedKind(u.GroupVersionKind().GroupKind()) {
		u.SetNamespace(r.defaultNS)
	}
	p := compact(n)
	if line, err, bad := metadataError(u, &p); bad {
		return &addError{line, err}
	}
	if u.GetName() == "" && u.GetKind() != "Event" {
		return &addError{n.Line, words.Errorf("%s has no metadata.name", "%s 没有 metadata.name", u.GetKind())}
	}
	mo := manifestObject{pos: p, doc: doc, where: where}
	if r.manifests && (u.GetKind() == string(KindService) || u.GetKind() == string(KindIngress)) {
		mo.value = runtime.DeepCopyJSON(u.Object)
	}
	if u.GetName() != "" {
		mo.id = u.GetKind() + " " + u.GetName()
		if u.GetNamespace() != "" {
			mo.id = u.GetKind() + " " + u.GetNamespace() + "/" + u.GetName()
		}
	}
	mo.origin = originKey(u.GetKind(), u.GetNamespace(), u.GetName())
	if line, perr, bad := portRangeError(u, &mo.pos); bad {
		mo.err = inDocument(m.name, line, doc, words.Errorf("%s %s: %w", "%s %s：%w", u.GetKind(), u.GetName(), perr))
	} else if mo.obj, mo.err = decodeUnstructured(u); mo.err != nil {
		if line, ferr, ok := fieldError(u, &mo.pos); ok {
			mo.err = inDocument(m.name, line, doc, words.Errorf("%s %s: %w", "%s %s：%w", u.GetKind(), u.GetName(), ferr))
		} else {
			mo.err = inDocument(m.name, int(mo.pos.line), doc, mo.err)
		}
	}
	m.objs = append(m.objs, mo)
	return nil
}

// build makes an offline snapshot of files. An object of a file that shared says other snapshots
// read too is copied first, since adding it may change it.
func build(files []*manifest, shared map[*manifest]bool) (*Snapshot, error) {
	s := New(Offline)
	for _, st := range s.stores() {
		st.setPartial()
	}
	seen := map[string]words.Words{}
	for _, m := range files {
		for i := range m.objs {
			o := &m.objs[i]
			if o.err != nil {
				return nil, o.err
			}
			o.obj.addTo(s, shared[m])
			if o.id == "" {
				continue
			}
			s.remember(o.origin, m.shown, o.pos, o.value)
			if first, ok := seen[o.id]; ok {
				s.Warnings = append(s.Warnings, words.Say("%s is given twice, in %s and in %s; the later one is used",
					"%s 出现了两次，分别在 %s 和 %s；以后者为准", o.id, first, o.where))
			}
			seen[o.id] = o.where
		}
	}
	s.eventsGapIfNone()
	return s, nil
}

// otherClusterScopedKinds are cluster-scoped kinds outside the registry that input files may hold.
var otherClusterScopedKinds = []string{"ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition",
	"PersistentVolume", "StorageClass", "MutatingWebhookConfiguration", "PriorityClass", "APIService"}

// clusterScopedKind reports whether objects of gk get no default namespace: a cluster-scoped kind of
// the registry (by kind alone for a built-in one, as files give built-in kinds in several versions),
// or one of otherClusterScopedKinds.
func clusterScopedKind(gk schema.GroupKind) bool {
	if slices.Contains(otherClusterScopedKinds, gk.Kind) {
		return true
	}
	for _, r := range resources {
		if r.kindName() == gk.Kind {
			return r.clusterScoped()
		}
	}
	if gk.Kind == namespacesEntry.Kind {
		return true
	}
	if e := customByKind(gk); e != nil {
		return !e.Namespaced
	}
	return false
}

type object interface {
	runtime.Object
	GetNamespace() string
	GetName() string
}
