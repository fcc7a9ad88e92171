package preflight

import (
	"encoding/json"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
)

// The overlay is what `kubectl apply` (client-side) leaves: a three-way strategic merge of the
// manifest (modified) into the object now (current), where the object's last-applied record
// (original) says which fields the manifest removes. Spec, labels and annotations come from the
// manifest; status, the labels and annotations a controller wrote and the fields the API server
// defaulted stay as they are; the result's last-applied record is the manifest.

// mergeService lays manifest over now. original is the last apply's configuration (nil: none).
func mergeService(now *corev1.Service, manifest map[string]any, original []byte) (*corev1.Service, error) {
	out := &corev1.Service{}
	if err := merge(now, manifest, original, out); err != nil {
		return nil, err
	}
	return out, nil
}

// mergeIngress lays manifest over now, as mergeService.
func mergeIngress(now *networkingv1.Ingress, manifest map[string]any, original []byte) (*networkingv1.Ingress, error) {
	out := &networkingv1.Ingress{}
	if err := merge(now, manifest, original, out); err != nil {
		return nil, err
	}
	return out, nil
}

// merge computes kubectl apply's patch and applies it to now, decoding the result into out (a
// pointer to the object's type, which also gives the merge its patch strategies).
func merge(now any, manifest map[string]any, original []byte, out any) error {
	modified, err := Applied(manifest)
	if err != nil {
		return err
	}
	current, err := json.Marshal(now)
	if err != nil {
		return err
	}
	meta, err := strategicpatch.NewPatchMetaFromStruct(out)
	if err != nil {
		return err
	}
	patch, err := strategicpatch.CreateThreeWayMergePatch(original, modified, current, meta, true)
	if err != nil {
		return words.Errorf("computing the apply patch: %w", "计算 apply 补丁时出错：%w", err)
	}
	merged, err := strategicpatch.StrategicMergePatch(current, patch, out)
	if err != nil {
		return words.Errorf("applying the patch: %w", "应用补丁时出错：%w", err)
	}
	return json.Unmarshal(merged, out)
}

// Applied is the manifest as kubectl apply sends it: without status, and with its own JSON (the
// manifest without the record) as the last-applied-configuration record.
func Applied(manifest map[string]any) ([]byte, error) {
	m := withoutStatus(manifest)
	rec, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	md, _ := m["metadata"].(map[string]any)
	if md == nil {
		md = map[string]any{}
		m["metadata"] = md
	}
	anns, _ := md["annotations"].(map[string]any)
	cp := make(map[string]any, len(anns)+1)
	for k, v := range anns {
		cp[k] = v
	}
	cp[corev1.LastAppliedConfigAnnotation] = string(rec)
	md["annotations"] = cp
	return json.Marshal(m)
}

// withoutStatus is a copy of manifest without status and without a last-applied record (a
// manifest exported from a cluster holds both), its metadata copied.
func withoutStatus(manifest map[string]any) map[string]any {
	m := make(map[string]any, len(manifest))
	for k, v := range manifest {
		if k != "status" {
			m[k] = v
		}
	}
	if md, ok := m["metadata"].(map[string]any); ok {
		cp := make(map[string]any, len(md))
		for k, v := range md {
			cp[k] = v
		}
		if anns, ok := cp["annotations"].(map[string]any); ok {
			a := make(map[string]any, len(anns))
			for k, v := range anns {
				if k != corev1.LastAppliedConfigAnnotation {
					a[k] = v
				}
			}
			cp["annotations"] = a
		}
		for _, k := range []string{"resourceVersion", "uid", "creationTimestamp", "generation", "managedFields"} {
			delete(cp, k)
		}
		m["metadata"] = cp
	}
	return m
}

// lastApplied is the last apply's record of an object, nil when it has none.
func lastApplied(annotations map[string]string) []byte {
	if v, ok := annotations[corev1.LastAppliedConfigAnnotation]; ok && v != "" {
		return []byte(v)
	}
	return nil
}
