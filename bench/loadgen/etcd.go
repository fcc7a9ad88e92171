package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"strings"
	"sync/atomic"
	"time"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/uuid"
)

// etcdWriter writes objects straight into the cluster's etcd, beside the API server
// (-via-etcd). Since the ClusterIP allocator became IPAddress objects (1.33), every Service create
// counts all IPAddresses twice for its metrics (ipallocator.Allocator.Used), so creates slow down as
// the count grows: about 12/s at 14,000 Services on this machine, an hour for 35,000. And every
// other create costs the API server's CPU, which a busy two-core machine lacks. Here each object
// is put under its storage key as JSON, which the API server's storage decoder accepts beside
// protobuf and defaults on read; its watch on etcd serves the object like any other. A Service's
// IPAddress is created through the API first (cheap: no allocator), so that the ClusterIP repair
// loop finds the address allocated and raises no event; a Service with externalTrafficPolicy Local
// gets the health check node port the API server would allocate, which the node port repair loop
// then records (with a PortNotAllocated event each, within its first three minutes). What
// admission would add (a Pod's service-account volume) is missing; no check reads it.
type etcdWriter struct {
	url    string // etcd client URL (LBDOCTOR_ETCD_URL)
	prefix string // the API server's --etcd-prefix, "/registry" by default
	client *http.Client
	// base is the first ClusterIP handed out; Service i gets base+i.
	base netip.Addr
	// healthPorts counts the health check node ports handed out (from 30000 up).
	healthPorts atomic.Int32
}

func newEtcdWriter(url string) *etcdWriter {
	return &etcdWriter{url: url, prefix: "/registry",
		client: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 128}},
		base:   netip.MustParseAddr("10.96.16.0")}
}

// clusterIP is the ClusterIP of the i-th Service, inside the local cluster's 10.96.0.0/16 and clear of
// the API server's own allocations near its start.
func (e *etcdWriter) clusterIP(i int) (string, error) {
	a := e.base.As4()
	n := uint32(a[0])<<24 | uint32(a[1])<<16 | uint32(a[2])<<8 | uint32(a[3])
	n += uint32(i)
	if n>>16 != 0x0a60 { // 10.96/16
		return "", fmt.Errorf("service %d: no ClusterIP left in 10.96.0.0/16", i)
	}
	return netip.AddrFrom4([4]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}).String(), nil
}

// createServiceViaEtcd makes Service o (the i-th) the way the API server would have, with its
// status; it returns the uid given.
func (l *loader) createServiceViaEtcd(ctx context.Context, e *etcdWriter, i int, o *corev1.Service) (types.UID, error) {
	ip, err := e.clusterIP(i)
	if err != nil {
		return "", err
	}
	addr := &networkingv1.IPAddress{
		ObjectMeta: metav1.ObjectMeta{Name: ip, Labels: map[string]string{
			networkingv1.LabelIPAddressFamily: string(corev1.IPv4Protocol),
			networkingv1.LabelManagedBy:       "ipallocator.k8s.io",
		}},
		Spec: networkingv1.IPAddressSpec{ParentRef: &networkingv1.ParentReference{
			Resource: "services", Namespace: o.Namespace, Name: o.Name}},
	}
	if err := l.call(ctx, "ipaddress "+ip, func() error {
		_, err := l.kube.NetworkingV1().IPAddresses().Create(ctx, addr, metav1.CreateOptions{})
		return err
	}); err != nil {
		return "", err
	}
	defaultService(o, ip)
	if o.Spec.Type == corev1.ServiceTypeLoadBalancer && o.Spec.ExternalTrafficPolicy == corev1.ServiceExternalTrafficPolicyLocal {
		// The API server allocates it (validation requires it); the node port range holds 2,768.
		n := e.healthPorts.Add(1)
		if n > 2768 {
			return "", fmt.Errorf("service %s/%s: more than 2,768 health check node ports", o.Namespace, o.Name)
		}
		o.Spec.HealthCheckNodePort = 30000 + n - 1
	}
	return l.putViaEtcd(ctx, e, "services/specs", "v1", "Service", &o.ObjectMeta, o)
}

// putViaEtcd puts obj, whose metadata is m, under the storage key of resource (the path under the
// prefix: "pods", "services/specs", "ingress") with a new uid and creation time; it returns the uid.
func (l *loader) putViaEtcd(ctx context.Context, e *etcdWriter, resource, apiVersion, kind string, m *metav1.ObjectMeta, obj runtime.Object) (types.UID, error) {
	obj.GetObjectKind().SetGroupVersionKind(schema.FromAPIVersionAndKind(apiVersion, kind))
	m.UID = uuid.NewUUID()
	m.CreationTimestamp = metav1.Now()
	body, err := json.Marshal(obj)
	if err != nil {
		return "", err
	}
	key := e.prefix + "/" + resource + "/" + m.Namespace + "/" + m.Name
	err = l.call(ctx, strings.ToLower(kind)+" (etcd) "+m.Namespace+"/"+m.Name, func() error { return e.put(ctx, key, body) })
	return m.UID, err
}

// defaultService fills what the API server's defaulting and allocation would set on a Service.
func defaultService(o *corev1.Service, ip string) {
	s := &o.Spec
	s.ClusterIP, s.ClusterIPs = ip, []string{ip}
	s.IPFamilies = []corev1.IPFamily{corev1.IPv4Protocol}
	single := corev1.IPFamilyPolicySingleStack
	s.IPFamilyPolicy = &single
	if s.SessionAffinity == "" {
		s.SessionAffinity = corev1.ServiceAffinityNone
	}
	cluster := corev1.ServiceInternalTrafficPolicyCluster
	if s.InternalTrafficPolicy == nil {
		s.InternalTrafficPolicy = &cluster
	}
	if s.Type == corev1.ServiceTypeLoadBalancer && s.ExternalTrafficPolicy == "" {
		s.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicyCluster
	}
	for i := range s.Ports {
		p := &s.Ports[i]
		if p.Protocol == "" {
			p.Protocol = corev1.ProtocolTCP
		}
		if p.TargetPort.IntVal == 0 && p.TargetPort.StrVal == "" {
			p.TargetPort.IntVal = p.Port
		}
	}
	for i := range o.Status.LoadBalancer.Ingress {
		in := &o.Status.LoadBalancer.Ingress[i]
		if in.IP != "" && in.IPMode == nil {
			vip := corev1.LoadBalancerIPModeVIP
			in.IPMode = &vip
		}
	}
}

// put writes value under key through etcd's JSON gateway (/v3/kv/put).
func (e *etcdWriter) put(ctx context.Context, key string, value []byte) error {
	req, err := json.Marshal(map[string]string{
		"key":   base64.StdEncoding.EncodeToString([]byte(key)),
		"value": base64.StdEncoding.EncodeToString(value),
	})
	if err != nil {
		return err
	}
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, e.url+"/v3/kv/put", bytes.NewReader(req))
	if err != nil {
		return err
	}
	r.Header.Set("Content-Type", "application/json")
	resp, err := e.client.Do(r)
	if err != nil {
		return fmt.Errorf("etcd put %s: %w", key, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("etcd put %s: %s: %s", key, resp.Status, bytes.TrimSpace(b))
	}
	return nil
}
