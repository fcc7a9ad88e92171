package serve

import (
	"errors"
	"sync"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Cloud metric names (serve --cloud).
const (
	CloudRequestsName = "lbdoctor_cloud_requests_total"
	CloudBackendsName = "lbdoctor_cloud_backends"
)

// CloudNames lists the metrics NewCloudMetrics exports.
func CloudNames() []string { return []string{CloudRequestsName, CloudBackendsName} }

// CloudHealths are the values of lbdoctor_cloud_backends' health label.
func CloudHealths() []string {
	return []string{string(cloud.Healthy), string(cloud.Unhealthy), string(cloud.HealthUnknown)}
}

// CloudMetrics are serve's cloud series: lbdoctor_cloud_requests_total counts the cloud calls by
// action (product:Action of a provider's action registry) and result ("ok" or a cloud.Class), and
// lbdoctor_cloud_backends counts each target's backends by health. Every label value comes from a
// closed set or a Kubernetes object's name: no credential, endpoint or cloud message is a label.
// Safe for concurrent use.
type CloudMetrics struct {
	requests *prometheus.CounterVec
	backends *prometheus.GaugeVec

	mu sync.Mutex
	// exported is the provider label of each target that has backend series.
	exported map[stateKey]string
}

// NewCloudMetrics makes the cloud metrics and registers them with reg (none when reg is nil).
func NewCloudMetrics(reg prometheus.Registerer) (*CloudMetrics, error) {
	m := &CloudMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: CloudRequestsName,
			Help: "Cloud API calls made by the cloud reads (--cloud), each attempt once, by action (product:Action) and result (ok, or the failure class: forbidden, unauthenticated, unreachable, throttled, failed)."},
			[]string{"action", "result"}),
		backends: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: CloudBackendsName,
			Help: "Backends registered on the listeners a Service or Ingress asks for on its cloud load balancer, by health-check result (healthy, unhealthy, unknown), as of the last cloud read; no series when they could not be read."},
			[]string{"provider", "namespace", "kind", "name", "health"}),
		exported: map[stateKey]string{},
	}
	if reg != nil {
		var errs []error
		for _, c := range []prometheus.Collector{m.requests, m.backends} {
			if err := reg.Register(c); err != nil {
				errs = append(errs, err)
			}
		}
		if len(errs) > 0 {
			return nil, words.Errorf("registering the lbdoctor cloud metrics: %w", "注册 lbdoctor 云指标时出错：%w", errors.Join(errs...))
		}
	}
	return m, nil
}

// Count counts one cloud call of action a with its result: diagnose.Cloud's Count.
func (m *CloudMetrics) Count(a cloud.Action, result string) {
	m.requests.WithLabelValues(a.String(), result).Inc()
}

// Update sets the backend series of target t, of provider, to counts (healthy, unhealthy and unknown,
// zeros included); nil counts remove them.
func (m *CloudMetrics) Update(t snapshot.Target, provider string, counts map[cloud.Health]int) {
	key := stateKey{string(t.Kind), label(t.Namespace), label(t.Name)}
	m.mu.Lock()
	defer m.mu.Unlock()
	if prev, ok := m.exported[key]; ok && (counts == nil || prev != provider) {
		m.remove(key, prev)
	}
	if counts == nil {
		return
	}
	m.exported[key] = provider
	for _, h := range CloudHealths() {
		m.backends.WithLabelValues(provider, key.namespace, key.kind, key.name, h).Set(float64(counts[cloud.Health(h)]))
	}
}

// Forget removes the backend series of a target that no longer exists.
func (m *CloudMetrics) Forget(t snapshot.Target) {
	key := stateKey{string(t.Kind), label(t.Namespace), label(t.Name)}
	m.mu.Lock()
	defer m.mu.Unlock()
	if prev, ok := m.exported[key]; ok {
		m.remove(key, prev)
	}
}

// remove deletes the backend series of key; mu is held.
func (m *CloudMetrics) remove(key stateKey, provider string) {
	for _, h := range CloudHealths() {
		m.backends.DeleteLabelValues(provider, key.namespace, key.kind, key.name, h)
	}
	delete(m.exported, key)
}
