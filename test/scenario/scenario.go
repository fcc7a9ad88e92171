// Package scenario loads example manifests into a bare kube-apiserver the way the missing controllers
// would have left them: objects created, then their status written, events pointed at the new uids,
// and each namespace given its default ServiceAccount. It is test and demo infrastructure, never
// used by the plugin.
package scenario

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
)

type resource struct {
	gvr        schema.GroupVersionResource
	namespaced bool
	status     bool
}

var resources = map[string]resource{
	"v1/Namespace":                       {schema.GroupVersionResource{Version: "v1", Resource: "namespaces"}, false, false},
	"v1/Service":                         {schema.GroupVersionResource{Version: "v1", Resource: "services"}, true, true},
	"v1/Secret":                          {schema.GroupVersionResource{Version: "v1", Resource: "secrets"}, true, false},
	"v1/Pod":                             {schema.GroupVersionResource{Version: "v1", Resource: "pods"}, true, true},
	"v1/Node":                            {schema.GroupVersionResource{Version: "v1", Resource: "nodes"}, false, true},
	"v1/ConfigMap":                       {schema.GroupVersionResource{Version: "v1", Resource: "configmaps"}, true, false},
	"v1/Event":                           {schema.GroupVersionResource{Version: "v1", Resource: "events"}, true, false},
	"v1/ServiceAccount":                  {schema.GroupVersionResource{Version: "v1", Resource: "serviceaccounts"}, true, false},
	"events.k8s.io/v1/Event":             {schema.GroupVersionResource{Group: "events.k8s.io", Version: "v1", Resource: "events"}, true, false},
	"discovery.k8s.io/v1/EndpointSlice":  {schema.GroupVersionResource{Group: "discovery.k8s.io", Version: "v1", Resource: "endpointslices"}, true, false},
	"apps/v1/Deployment":                 {schema.GroupVersionResource{Group: "apps", Version: "v1", Resource: "deployments"}, true, false},
	"apps/v1/DaemonSet":                  {schema.GroupVersionResource{Group: "apps", Version: "v1", Resource: "daemonsets"}, true, false},
	"apps/v1/StatefulSet":                {schema.GroupVersionResource{Group: "apps", Version: "v1", Resource: "statefulsets"}, true, false},
	"networking.k8s.io/v1/Ingress":       {schema.GroupVersionResource{Group: "networking.k8s.io", Version: "v1", Resource: "ingresses"}, true, true},
	"networking.k8s.io/v1/IngressClass":  {schema.GroupVersionResource{Group: "networking.k8s.io", Version: "v1", Resource: "ingressclasses"}, false, false},
	"networking.k8s.io/v1/NetworkPolicy": {schema.GroupVersionResource{Group: "networking.k8s.io", Version: "v1", Resource: "networkpolicies"}, true, false},
	"cloud.tencent.com/v1alpha1/TkeServiceConfig":                    {schema.GroupVersionResource{Group: "cloud.tencent.com", Version: "v1alpha1", Resource: "tkeserviceconfigs"}, true, false},
	"admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration": {schema.GroupVersionResource{Group: "admissionregistration.k8s.io", Version: "v1", Resource: "validatingwebhookconfigurations"}, false, false},
	"apiextensions.k8s.io/v1/CustomResourceDefinition":               {schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}, false, false},
	"rbac.authorization.k8s.io/v1/ClusterRole":                       {schema.GroupVersionResource{Group: "rbac.authorization.k8s.io", Version: "v1", Resource: "clusterroles"}, false, false},
	"rbac.authorization.k8s.io/v1/ClusterRoleBinding":                {schema.GroupVersionResource{Group: "rbac.authorization.k8s.io", Version: "v1", Resource: "clusterrolebindings"}, false, false},
	"rbac.authorization.k8s.io/v1/Role":                              {schema.GroupVersionResource{Group: "rbac.authorization.k8s.io", Version: "v1", Resource: "roles"}, true, false},
	"rbac.authorization.k8s.io/v1/RoleBinding":                       {schema.GroupVersionResource{Group: "rbac.authorization.k8s.io", Version: "v1", Resource: "rolebindings"}, true, false},
}

// Ref names a created object.
type Ref struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Namespace  string `json:"namespace,omitempty"`
	Name       string `json:"name"`
}

// Read decodes every object of a multi-document YAML or JSON file (kind: List expanded).
func Read(path string) ([]*unstructured.Unstructured, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec := utilyaml.NewYAMLOrJSONDecoder(bufio.NewReader(f), 4096)
	var out []*unstructured.Unstructured
	for {
		var m map[string]any
		if err := dec.Decode(&m); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if m == nil {
			continue
		}
		u := &unstructured.Unstructured{Object: m}
		if u.IsList() {
			if err := u.EachListItem(func(o runtime.Object) error {
				out = append(out, o.(*unstructured.Unstructured))
				return nil
			}); err != nil {
				return nil, err
			}
			continue
		}
		out = append(out, u)
	}
	return out, nil
}

// Loader applies scenarios to a cluster.
type Loader struct {
	dyn dynamic.Interface
}

// NewLoader returns a Loader for the cluster of cfg.
func NewLoader(cfg *rest.Config) (*Loader, error) {
	dyn, err := dynamic.NewForConfig(cfg)
	if err != nil {
		return nil, err
	}
	return &Loader{dyn: dyn}, nil
}

// Apply creates the objects of files in order (namespaces and CRDs first), writes their status, and
// returns what it created, for Delete.
func (l *Loader) Apply(ctx context.Context, objs []*unstructured.Unstructured) ([]Ref, error) {
	var refs []Ref
	uids := map[string]string{}
	ordered := order(objs)
	for _, u := range ordered {
		u = u.DeepCopy()
		key := u.GetAPIVersion() + "/" + u.GetKind()
		res, ok := resources[key]
		if !ok {
			return refs, fmt.Errorf("scenario: unsupported kind %s", key)
		}
		if res.namespaced && u.GetNamespace() == "" {
			u.SetNamespace("default")
		}
		if u.GetKind() == "Event" {
			pointEvent(u, uids)
		}
		status, hasStatus := u.Object["status"]
		ri := l.client(res, u.GetNamespace())
		created, err := ri.Create(ctx, u, metav1.CreateOptions{})
		if err != nil && apierrors.IsAlreadyExists(err) && u.GetKind() == "Namespace" {
			// Namespaces outlive scenarios (see Delete); reuse the one left by an earlier scenario.
			continue
		}
		if err != nil {
			return refs, fmt.Errorf("create %s %s/%s: %w", u.GetKind(), u.GetNamespace(), u.GetName(), err)
		}
		refs = append(refs, Ref{APIVersion: created.GetAPIVersion(), Kind: created.GetKind(), Namespace: created.GetNamespace(), Name: created.GetName()})
		uids[created.GetKind()+"/"+created.GetNamespace()+"/"+created.GetName()] = string(created.GetUID())
		if hasStatus && res.status {
			created.Object["status"] = status
			if _, err := ri.UpdateStatus(ctx, created, metav1.UpdateOptions{}); err != nil {
				return refs, fmt.Errorf("status of %s %s/%s: %w", u.GetKind(), u.GetNamespace(), u.GetName(), err)
			}
		}
		switch u.GetKind() {
		case "Namespace":
			if err := l.defaultServiceAccount(ctx, created.GetName()); err != nil {
				return refs, err
			}
		case "CustomResourceDefinition":
			if err := l.waitEstablished(ctx, created.GetName()); err != nil {
				return refs, err
			}
		}
	}
	return refs, nil
}

// Delete removes created objects in reverse order, pods and nodes without a grace period (no kubelet
// would ever confirm them).
func (l *Loader) Delete(ctx context.Context, refs []Ref) error {
	var errs []error
	zero := int64(0)
	for i := len(refs) - 1; i >= 0; i-- {
		r := refs[i]
		opts := metav1.DeleteOptions{}
		if r.Kind == "Pod" || r.Kind == "Node" {
			opts.GracePeriodSeconds = &zero
		}
		if r.Kind == "Namespace" {
			// Without a namespace controller a deleted namespace never finishes terminating; its
			// objects were deleted one by one above, and the empty namespace is left in place.
			continue
		}
		err := l.client(resources[r.APIVersion+"/"+r.Kind], r.Namespace).Delete(ctx, r.Name, opts)
		if err != nil && !apierrors.IsNotFound(err) {
			errs = append(errs, fmt.Errorf("delete %s %s/%s: %w", r.Kind, r.Namespace, r.Name, err))
		}
	}
	return errors.Join(errs...)
}

func (l *Loader) client(res resource, ns string) dynamic.ResourceInterface {
	if res.namespaced {
		return l.dyn.Resource(res.gvr).Namespace(ns)
	}
	return l.dyn.Resource(res.gvr)
}

func (l *Loader) defaultServiceAccount(ctx context.Context, ns string) error {
	sa := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "v1", "kind": "ServiceAccount",
		"metadata": map[string]any{"name": "default", "namespace": ns}}}
	_, err := l.dyn.Resource(resources["v1/ServiceAccount"].gvr).Namespace(ns).Create(ctx, sa, metav1.CreateOptions{})
	if err != nil && !apierrors.IsAlreadyExists(err) {
		return fmt.Errorf("default ServiceAccount in %s: %w", ns, err)
	}
	return nil
}

func (l *Loader) waitEstablished(ctx context.Context, name string) error {
	crds := l.dyn.Resource(resources["apiextensions.k8s.io/v1/CustomResourceDefinition"].gvr)
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		crd, err := crds.Get(ctx, name, metav1.GetOptions{})
		if err == nil {
			conds, _, _ := unstructured.NestedSlice(crd.Object, "status", "conditions")
			for _, c := range conds {
				m, _ := c.(map[string]any)
				if m["type"] == "Established" && m["status"] == "True" {
					// Discovery of the new group lags Established slightly.
					time.Sleep(500 * time.Millisecond)
					return nil
				}
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("CRD %s not established after 30s", name)
}

// order puts namespaces and CRDs first, events last, keeping file order otherwise.
func order(objs []*unstructured.Unstructured) []*unstructured.Unstructured {
	rank := func(u *unstructured.Unstructured) int {
		switch u.GetKind() {
		case "Namespace", "CustomResourceDefinition":
			return 0
		case "Event":
			return 2
		}
		return 1
	}
	var out []*unstructured.Unstructured
	for r := 0; r <= 2; r++ {
		for _, u := range objs {
			if rank(u) == r {
				out = append(out, u)
			}
		}
	}
	return out
}

// pointEvent fills an event's involved object uid and timestamps as the controller would have.
func pointEvent(u *unstructured.Unstructured, uids map[string]string) {
	field := "involvedObject"
	if u.GetAPIVersion() == "events.k8s.io/v1" {
		field = "regarding"
	}
	ref, _, _ := unstructured.NestedMap(u.Object, field)
	if ref != nil {
		ns, _ := ref["namespace"].(string)
		if ns == "" {
			ns = u.GetNamespace()
			ref["namespace"] = ns
		}
		if uid, ok := uids[fmt.Sprint(ref["kind"])+"/"+ns+"/"+fmt.Sprint(ref["name"])]; ok {
			ref["uid"] = uid
		}
		_ = unstructured.SetNestedMap(u.Object, ref, field)
	}
	now := time.Now().UTC().Format(time.RFC3339)
	if u.GetAPIVersion() == "v1" {
		for _, f := range []string{"firstTimestamp", "lastTimestamp"} {
			if _, ok := u.Object[f]; !ok {
				u.Object[f] = now
			}
		}
	} else if _, ok := u.Object["eventTime"]; !ok {
		u.Object["eventTime"] = time.Now().UTC().Format("2006-01-02T15:04:05.000000Z07:00")
	}
	if u.GetName() == "" {
		u.SetGenerateName("lbdoctor-")
	}
}
