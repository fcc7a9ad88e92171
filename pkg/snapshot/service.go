package snapshot

import (
	"hash/maphash"
	"maps"
	"math/bits"
	"reflect"
	"unsafe"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
)

// What serve holds of a LoadBalancer Service and of an Ingress (Reduce): the object as decoded,
// but with what thousands of them repeat held once. Helm charts and templates give many Services
// the same set of vendor annotations (on issue 27's cluster, 35,715 Services hold 13,035 distinct
// annotation maps and 14,286 Ingresses 1,033), so equal annotation maps are shared; labels and
// selectors are mostly per application and are kept as they are (their keys interned).

// mapObject stands for the runtime's object behind a map value: a map value is a pointer to it
// (reflect.Value.UnsafePointer returns that pointer), so a table can hold a map through a weak
// pointer to it, and forget the map once no object points to it any more. It is never read.
type mapObject struct{ _ uintptr }

// mapObjectOf is the object behind m, which must not be nil.
func mapObjectOf(m map[string]string) *mapObject {
	return (*mapObject)(reflect.ValueOf(m).UnsafePointer())
}

// mapOf is the map whose object is p (the inverse of mapObjectOf).
func mapOf(p *mapObject) map[string]string {
	return *(*map[string]string)(unsafe.Pointer(&p))
}

// annotationMaps holds the one copy of each distinct annotation map of the Services and Ingresses
// held, keyed by its hash (stringMapHash); equal maps share it.
var annotationMaps sharedTable[uint64, mapObject]

// stringMapSeed seeds stringMapHash for the life of the process.
var stringMapSeed = maphash.MakeSeed()

// stringMapHash hashes m whatever the order its pairs are visited in (the sum of the pairs'
// hashes), without allocating. Unequal maps may collide: the table compares them.
func stringMapHash(m map[string]string) uint64 {
	sum := uint64(len(m))
	for k, v := range m {
		sum += maphash.String(stringMapSeed, k) ^ bits.RotateLeft64(maphash.String(stringMapSeed, v), 31)
	}
	return sum
}

// sharedAnnotations returns the shared copy of m: a map equal to m, its keys and values interned,
// that every object holding equal annotations points to, and that nobody may change. It is never
// m itself. A nil or empty m is returned as it is.
func sharedAnnotations(m map[string]string) map[string]string {
	if len(m) == 0 {
		return m
	}
	p := annotationMaps.getEqual(stringMapHash(m),
		func(p *mapObject) bool { return maps.Equal(mapOf(p), m) },
		func() *mapObject {
			c := make(map[string]string, len(m))
			for k, v := range m {
				c[intern(k)] = intern(v)
			}
			return mapObjectOf(c)
		})
	return mapOf(p)
}

// reduceService is what Reduce does to a Service (see Reduce): the annotation map, the port list
// and the IP modes of the load balancer's addresses are replaced by shared copies, and the spec
// fields no check reads are dropped.
func reduceService(s *corev1.Service) {
	s.Annotations = sharedAnnotations(s.Annotations)
	sp := &s.Spec
	// No check (nor pkg/changes, which serve runs on the object and on the object as its
	// last-applied record describes it, both reduced alike) reads the address families, the internal
	// traffic policy or the node port allocation; ClusterIPs only repeats ClusterIP for a
	// single-stack Service.
	if len(sp.ClusterIPs) == 1 && sp.ClusterIPs[0] == sp.ClusterIP {
		sp.ClusterIPs = nil
	}
	sp.IPFamilies, sp.IPFamilyPolicy, sp.InternalTrafficPolicy = nil, nil, nil
	sp.AllocateLoadBalancerNodePorts = nil
	sp.Type = corev1.ServiceType(intern(string(sp.Type)))
	sp.ExternalTrafficPolicy = corev1.ServiceExternalTrafficPolicy(intern(string(sp.ExternalTrafficPolicy)))
	sp.SessionAffinity = corev1.ServiceAffinity(intern(string(sp.SessionAffinity)))
	sp.Ports = sharedPorts(sp.Ports)
	for i := range s.Status.LoadBalancer.Ingress {
		in := &s.Status.LoadBalancer.Ingress[i]
		in.IPMode = sharedValue(&ipModes, in.IPMode)
	}
}

// portListKey keys a Service's port list in portLists: its hash (portListHash) and its length,
// which the table's value (the list's first element) does not tell.
type portListKey struct {
	hash uint64
	n    int
}

// portLists holds the one copy of each distinct port list of the Services held (a pointer to its
// first element); equal lists share it.
var portLists sharedTable[portListKey, corev1.ServicePort]

// portListHash hashes a port list, in order, without allocating.
func portListHash(ps []corev1.ServicePort) uint64 {
	var h maphash.Hash
	h.SetSeed(stringMapSeed)
	for i := range ps {
		p := &ps[i]
		h.WriteString(p.Name)
		h.WriteByte(0)
		h.WriteString(string(p.Protocol))
		h.WriteByte(0)
		if p.AppProtocol != nil {
			h.WriteString(*p.AppProtocol)
		}
		h.WriteByte(0)
		h.WriteString(p.TargetPort.StrVal)
		maphash.WriteComparable(&h, [4]int64{int64(p.Port), int64(p.NodePort), int64(p.TargetPort.Type), int64(p.TargetPort.IntVal)})
	}
	return h.Sum64()
}

// samePorts reports whether two port lists are equal.
func samePorts(a, b []corev1.ServicePort) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Name != y.Name || x.Protocol != y.Protocol || x.Port != y.Port || x.NodePort != y.NodePort ||
			x.TargetPort != y.TargetPort || (x.AppProtocol == nil) != (y.AppProtocol == nil) ||
			x.AppProtocol != nil && *x.AppProtocol != *y.AppProtocol {
			return false
		}
	}
	return true
}

// sharedPorts returns the shared copy of a Service's port list: a list equal to ps, its strings
// interned, that every Service of equal ports points to, and that nobody may change. An empty ps
// is returned as it is.
func sharedPorts(ps []corev1.ServicePort) []corev1.ServicePort {
	if len(ps) == 0 {
		return ps
	}
	p := portLists.getEqual(portListKey{portListHash(ps), len(ps)},
		func(p *corev1.ServicePort) bool { return samePorts(unsafe.Slice(p, len(ps)), ps) },
		func() *corev1.ServicePort {
			c := make([]corev1.ServicePort, len(ps))
			for i, sp := range ps {
				sp.Name, sp.Protocol = intern(sp.Name), corev1.Protocol(intern(string(sp.Protocol)))
				sp.TargetPort.StrVal = intern(sp.TargetPort.StrVal)
				if sp.AppProtocol != nil {
					a := intern(*sp.AppProtocol)
					sp.AppProtocol = &a
				}
				c[i] = sp
			}
			return &c[0]
		})
	return unsafe.Slice(p, len(ps))
}

// reduceIngress is what Reduce does to an Ingress: its annotation map is replaced by its shared
// copy, and the class and path types it points to by shared ones.
func reduceIngress(ing *networkingv1.Ingress) {
	ing.Annotations = sharedAnnotations(ing.Annotations)
	ing.Spec.IngressClassName = sharedValue(&classNames, ing.Spec.IngressClassName)
	for i := range ing.Spec.Rules {
		h := ing.Spec.Rules[i].HTTP
		if h == nil {
			continue
		}
		for j := range h.Paths {
			p := &h.Paths[j]
			p.Path = intern(p.Path)
			p.PathType = sharedValue(&pathTypes, p.PathType)
		}
	}
}

// Tables of the values that Services and Ingresses point to rather than hold, so that the objects
// of one value point to one copy of it.
var (
	classNames sharedTable[string, string]
	pathTypes  sharedTable[networkingv1.PathType, networkingv1.PathType]
	ipModes    sharedTable[corev1.LoadBalancerIPMode, corev1.LoadBalancerIPMode]
)

// sharedValue returns the shared copy of *p (nil for nil), which nobody may change.
func sharedValue[T ~string](t *sharedTable[T, T], p *T) *T {
	if p == nil {
		return nil
	}
	v := T(intern(string(*p)))
	return t.get(v, func() *T { return &v })
}
