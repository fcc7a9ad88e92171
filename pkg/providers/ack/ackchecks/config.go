package ackchecks

import (
	"encoding/json"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Cluster-wide settings of the cloud controllers, each read from one named ConfigMap of kube-system.
const (
	// ackCloudConfigCM holds the CCM's cloud config (key ackCloudConfigKey, JSON or YAML with a Global
	// object); CCM reads serviceBackendType and disablePublicSLB from it (pkg/config/cloud_config.go
	// of the open-source CCM).
	ackCloudConfigCM  = "cloud-config"
	ackCloudConfigKey = "cloud-config.conf"
)

// ackConfig is what lbdoctor keeps of the CCM's cloud config: two settings, never the credentials
// the same file may hold.
type ackConfig struct {
	// found: the ConfigMap exists; known: whether it exists is known (err is why not).
	found, known bool
	err          error
	// backendType is Global.serviceBackendType ("eni", "ecs" or ""); disablePublicSLB its flag.
	backendType      string
	disablePublicSLB bool
}

// ackCloudConfigPath is where findings decided by the cloud config point.
var ackCloudConfigPath = checks.ObjPath(checks.KubeSystem, "configmap", ackCloudConfigCM, "data."+ackCloudConfigKey)

// ackCloudConfig reads kube-system/cloud-config once per snapshot.
func ackCloudConfig(snap *snapshot.Snapshot) ackConfig {
	return snapshot.Memo(snap, ackCloudConfigMemo, func() ackConfig {
		cm, err := snap.ConfigMaps.Get(checks.KubeSystem, ackCloudConfigCM)
		switch {
		case checks.IsNotFound(err):
			return ackConfig{known: true}
		case err != nil:
			return ackConfig{err: err}
		}
		return parseACKCloudConfig(cm)
	})
}

// Keys of the cluster settings read once per snapshot.
var (
	ackCloudConfigMemo = snapshot.NewMemoKey[ackConfig]("ack-cloud-config")
)

// parseACKCloudConfig reads the two settings as CCM does: sigs.k8s.io/yaml turns the file into JSON,
// whose fields Go matches without regard to case.
func parseACKCloudConfig(cm *corev1.ConfigMap) ackConfig {
	cfg := ackConfig{found: true, known: true}
	body, ok := cm.Data[ackCloudConfigKey]
	if !ok {
		return cfg
	}
	var doc struct {
		Global struct {
			ServiceBackendType string          `json:"serviceBackendType"`
			DisablePublicSLB   json.RawMessage `json:"disablePublicSLB"`
		}
	}
	j, err := yaml.YAMLToJSON([]byte(body))
	if err == nil {
		err = json.Unmarshal(j, &doc)
	}
	if err != nil {
		return cfg // CCM cannot start on it; its own events and logs say so
	}
	cfg.backendType = doc.Global.ServiceBackendType
	cfg.disablePublicSLB = strings.TrimSpace(string(doc.Global.DisablePublicSLB)) == "true"
	return cfg
}

// ackBackendMode says whether CCM attaches the Service's pods (ENI) rather than its nodes, and what
// decided it: the backend-type annotation, else the cloud config's serviceBackendType, else the
// default (nodes). An unreadable cloud config counts as the default.
func ackBackendMode(snap *snapshot.Snapshot, svc *corev1.Service) (eni bool, evidence words.Words) {
	if v := svc.Annotations[ackann.BackendType]; v != "" {
		return v == "eni", words.Words{}
	}
	if cfg := ackCloudConfig(snap); cfg.found && cfg.backendType != "" {
		return cfg.backendType == "eni", words.Say("the Service sets no %s, so the cluster default applies: serviceBackendType %q in %s",
			"该 Service 未设置 %s，因此采用集群默认值：%[3]s 中的 serviceBackendType %[2]q",
			ackann.BackendType, checks.Clip(cfg.backendType), ackCloudConfigPath)
	}
	return false, words.Words{}
}
