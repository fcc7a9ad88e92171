package snapshot

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	networkingv1 "k8s.io/api/networking/v1"
	networkingv1beta1 "k8s.io/api/networking/v1beta1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
)

// MaxInputBytes bounds the manifest input read in offline mode.
const MaxInputBytes = 64 << 20

// FromFiles reads manifests from paths (files, directories of .yaml/.yml/.json files, or "-" for
// stdin) into an offline snapshot. Objects without a namespace get defaultNS. Objects absent from
// the input are unknown, not missing.
func FromFiles(paths []string, stdin io.Reader, defaultNS string) (*Snapshot, error) {
	s := New(Offline)
	for _, st := range s.stores() {
		st.setPartial()
	}
	l := &loader{snap: s, defaultNS: defaultNS, budget: MaxInputBytes, seen: map[string]string{}}
	for _, p := range paths {
		if p == "" {
			return nil, errors.New("-f needs a file, a directory or - for standard input")
		}
		files, err := expand(p)
		if err != nil {
			return nil, err
		}
		before := l.objects
		for _, f := range files {
			if err := l.loadFile(f, stdin); err != nil {
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

func expand(p string) ([]string, error) {
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
	entries, err := os.ReadDir(p)
	if err != nil {
		return nil, fmt.Errorf("cannot read directory %s: %w", p, err)
	}
	var out []string
	for _, e := range entries {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		if !e.IsDir() && (ext == ".yaml" || ext == ".yml" || ext == ".json") {
			out = append(out, filepath.Join(p, e.Name()))
		}
	}
	sort.Strings(out)
	if len(out) == 0 {
		return nil, fmt.Errorf("directory %s holds no .yaml, .yml or .json file", p)
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
}

func (l *loader) loadFile(name string, stdin io.Reader) error {
	var r io.Reader
	if name == "-" {
		r = stdin
		name = "standard input"
	} else {
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("cannot read %s: %w", name, err)
		}
		defer f.Close()
		r = f
	}
	lr := &io.LimitedReader{R: r, N: l.budget + 1}
	dec := utilyaml.NewYAMLOrJSONDecoder(bufio.NewReader(lr), 4096)
	for doc := 1; ; doc++ {
		var m map[string]any
		err := dec.Decode(&m)
		if lr.N <= 0 {
			return fmt.Errorf("%s: input exceeds %d MiB; pass only the objects to diagnose", name, MaxInputBytes>>20)
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("%s: document %d is not valid YAML or JSON: %w", name, doc, err)
		}
		if m == nil {
			continue
		}
		where := fmt.Sprintf("%s document %d", name, doc)
		if err := l.add(&unstructured.Unstructured{Object: m}, where); err != nil {
			return fmt.Errorf("%s: document %d: %w", name, doc, err)
		}
	}
	l.budget = lr.N - 1
	return nil
}

// add stores an object or the items of a List, warning when an object was given before.
func (l *loader) add(u *unstructured.Unstructured, where string) error {
	if u.GetKind() == "" {
		return errors.New("object has no kind")
	}
	if u.GetAPIVersion() == "" {
		return fmt.Errorf("%s has no apiVersion", u.GetKind())
	}
	if u.IsList() {
		i := 0
		return u.EachListItem(func(o runtime.Object) error {
			i++
			return l.add(o.(*unstructured.Unstructured), fmt.Sprintf("%s item %d", where, i))
		})
	}
	l.objects++
	if err := l.snap.addUnstructured(u, l.defaultNS); err != nil {
		return err
	}
	if u.GetName() == "" {
		return nil
	}
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
		st := s.customStore(gvk.GroupKind())
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
