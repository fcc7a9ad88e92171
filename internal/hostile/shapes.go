// Package hostile generates hostile manifest inputs: the shapes that once crashed, hung, grew
// without bound or took quadratic time, and ones that were always handled, so that all stay so.
package hostile

import (
	"fmt"
	"strings"
)

// Scaling is a shape whose cost grows with n: the input for n objects.
type Scaling struct {
	Name string
	Gen  func(n int) string
}

// Scalings are the shapes that once took quadratic time or more.
var Scalings = []Scaling{
	{"tls-absent-secrets", TLSAbsentSecrets},
	{"rules-absent-services", RulesAbsentServices},
	{"shared-existed-lbid", SharedExistedLB},
}

// TLSAbsentSecrets is one Ingress with n TLS entries, each naming a Secret the input lacks.
func TLSAbsentSecrets(n int) string {
	var b strings.Builder
	b.WriteString("apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: {name: ing}\nspec:\n  ingressClassName: qcloud\n  tls:\n")
	for i := range n {
		fmt.Fprintf(&b, "  - hosts: [h%d.example.com]\n    secretName: s%d\n", i, i)
	}
	b.WriteString("  rules:\n  - host: a.example.com\n    http:\n      paths:\n      - {path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}\n")
	return b.String()
}

// RulesAbsentServices is one Ingress with n rules, each naming a Service the input lacks.
func RulesAbsentServices(n int) string {
	var b strings.Builder
	b.WriteString("apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: {name: ing}\nspec:\n  ingressClassName: qcloud\n  rules:\n")
	for i := range n {
		fmt.Fprintf(&b, "  - host: h%d.example.com\n    http:\n      paths:\n      - {path: /, pathType: Prefix, backend: {service: {name: svc%d, port: {number: 80}}}}\n", i, i)
	}
	return b.String()
}

// SharedExistedLB is n LoadBalancer Services reusing one CLB (tke-existed-lbid), on ports that
// repeat every 1,000 Services.
func SharedExistedLB(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: s%d\n  annotations: {service.kubernetes.io/tke-existed-lbid: lb-abcdefgh}\n"+
			"spec:\n  type: LoadBalancer\n  ports: [{port: %d, protocol: TCP}]\n", i, 80+i%1000)
	}
	return b.String()
}

// Services is n plain LoadBalancer Services in one stream.
func Services(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: svc-%d\n  namespace: ns-%d\n  labels: {app: a%d}\n"+
			"spec:\n  type: LoadBalancer\n  selector: {app: a%d}\n  ports:\n  - {name: http, port: 80, targetPort: 8080, protocol: TCP}\n", i, i%50, i, i)
	}
	return b.String()
}

// ServicePort is a LoadBalancer Service whose one port sets field (port, targetPort or nodePort) to
// value as written, on line 8.
func ServicePort(field, value string) string {
	port := map[string]string{"port": "80", "targetPort": "8080", "nodePort": "30080"}
	port[field] = value
	return fmt.Sprintf("apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec:\n  type: LoadBalancer\n  selector: {app: web}\n  ports:\n"+
		"  - port: %s\n    targetPort: %s\n    nodePort: %s\n", port["port"], port["targetPort"], port["nodePort"])
}

// SelfAlias is a Service whose metadata names itself through an alias.
func SelfAlias() string {
	return "apiVersion: v1\nkind: Service\nmetadata: &a {name: m, self: *a}\nspec: {type: LoadBalancer, ports: [{port: 80}]}\n"
}

// AliasDocs is docs documents, each expanding a list of width items refs times through an alias:
// each within a per-document bound, all together past the input's.
func AliasDocs(docs, width, refs int) string {
	var b strings.Builder
	item := strings.TrimSuffix(strings.Repeat("x, ", width), ", ")
	ref := strings.TrimSuffix(strings.Repeat("*a, ", refs), ", ")
	for d := range docs {
		fmt.Fprintf(&b, "---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w%d}\nspec:\n  a: &a [%s]\n  b: [%s]\n", d, item, ref)
	}
	return b.String()
}

// Laughs is a "billion laughs" document: levels of ten aliases each to the level below.
func Laughs(levels int) string {
	var b strings.Builder
	b.WriteString("apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: lol}\nspec:\n  l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "  l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 10), ", "))
	}
	return b.String()
}

// Deep is a Service with an annotation value nested depth flow sequences deep.
func Deep(depth int) string {
	return "apiVersion: v1\nkind: Service\nmetadata: {name: deep}\nspec:\n  type: LoadBalancer\n  ports: [{port: 80}]\n  x: " +
		strings.Repeat("[", depth) + strings.Repeat("]", depth) + "\n"
}
