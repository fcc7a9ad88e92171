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

// reduceService is what Reduce does to a Service (see Reduce): the annotation map is replaced by
// its shared copy, and the spec fields no check reads are dropped.
func reduceService(s *corev1.Service) {
	reduceMeta(&s.ObjectMeta)
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
	for i := range sp.Ports {
		p := &sp.Ports[i]
		p.Name, p.Protocol = intern(p.Name), corev1.Protocol(intern(string(p.Protocol)))
	}
}

// reduceIngress is what Reduce does to an Ingress: its annotation map is replaced by its shared
// copy.
func reduceIngress(ing *networkingv1.Ingress) {
	reduceMeta(&ing.ObjectMeta)
}
