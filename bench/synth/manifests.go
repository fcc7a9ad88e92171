package synth

import (
	"os"
	"path/filepath"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"
)

// ManifestSizes are the sizes whose Services, Ingresses and TLS Secrets add up to files manifests
// (about 61 %, 26 % and 13 %): every TLS Ingress (the first half) gets its Secret, so none names a
// missing Secret only for lack of budget.
func ManifestSizes(files int) Sizes {
	ing := files * 26 / 100
	tls := ing / 2
	return Sizes{Namespaces: 10, Nodes: 3, Services: files - ing - tls, PodsPerService: 1,
		Ingresses: ing, Secrets: tls, BrokenPercent: 20}
}

// WriteManifests writes the cluster's Services, Secrets and Ingresses into dir as they would be
// committed to Git, one object per file in a folder per namespace (NAMESPACE/KIND-NAME.yaml):
// apiVersion and kind set; no uid, creation time or status. It returns the number of files.
func (c *Cluster) WriteManifests(dir string) (int, error) {
	var objs []runtime.Object
	for _, o := range c.Services {
		o = o.DeepCopy()
		o.TypeMeta = metav1.TypeMeta{APIVersion: "v1", Kind: "Service"}
		o.ObjectMeta = manifestMeta(o.ObjectMeta)
		objs = append(objs, o)
	}
	for _, o := range c.Secrets {
		o = o.DeepCopy()
		o.TypeMeta = metav1.TypeMeta{APIVersion: "v1", Kind: "Secret"}
		o.ObjectMeta = manifestMeta(o.ObjectMeta)
		objs = append(objs, o)
	}
	for _, o := range c.Ingresses {
		o = o.DeepCopy()
		o.TypeMeta = metav1.TypeMeta{APIVersion: "networking.k8s.io/v1", Kind: "Ingress"}
		o.ObjectMeta = manifestMeta(o.ObjectMeta)
		objs = append(objs, o)
	}
	for _, o := range objs {
		u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(o)
		if err != nil {
			return 0, err
		}
		delete(u, "status")
		body, err := yaml.Marshal(u)
		if err != nil {
			return 0, err
		}
		m := o.(metav1.ObjectMetaAccessor).GetObjectMeta()
		kind := o.GetObjectKind().GroupVersionKind().Kind
		p := filepath.Join(dir, m.GetNamespace(), strings.ToLower(kind)+"-"+m.GetName()+".yaml")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return 0, err
		}
		if err := os.WriteFile(p, body, 0o644); err != nil {
			return 0, err
		}
	}
	return len(objs), nil
}

// manifestMeta keeps what a manifest carries: namespace, name, labels, annotations.
func manifestMeta(m metav1.ObjectMeta) metav1.ObjectMeta {
	return metav1.ObjectMeta{Namespace: m.Namespace, Name: m.Name, Labels: m.Labels, Annotations: m.Annotations}
}
