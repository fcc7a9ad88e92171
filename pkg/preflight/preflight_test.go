package preflight

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

const ackNow = `apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: default
  annotations:
    service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type: internet
spec:
  type: LoadBalancer
  selector: {app: web}
  ports:
  - name: http
    port: 80
    targetPort: 8080
`

const tkeIngNow = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: bar
  namespace: default
  annotations:
    kubernetes.io/ingress.class: qcloud
spec:
  tls:
  - hosts: [shop.example.com]
    secretName: shop-tls
  rules:
  - host: shop.example.com
    http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service: {name: web, port: {number: 80}}
`

// ackBound is a status with the CLB's address, appended to ackNow: evidence that CCM bound a CLB.
const ackBound = `status:
  loadBalancer:
    ingress:
    - ip: 47.96.10.20
`

// TestExamplesNeverRefused: the examples' fixed manifests preflighted against their broken ones
// refuse nothing: a Service whose CLB was never bound has nothing to switch from.
func TestExamplesNeverRefused(t *testing.T) {
	for _, dir := range []string{"tke-service", "ack-service", "tke-ingress", "tke-internal-ingress"} {
		t.Run(dir, func(t *testing.T) {
			ex := filepath.Join("..", "..", "examples", dir)
			res, err := Run(context.Background(), Options{Files: snapshot.Files{Paths: []string{filepath.Join(ex, "fixed.yaml")}, DefaultNamespace: "default"},
				Base: &snapshot.Files{Paths: []string{filepath.Join(ex, "broken.yaml")}, DefaultNamespace: "default"}})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range res.Reports {
				for _, f := range r.Findings {
					if f.Change != nil && f.Change.Class == rules.ChangeRejected {
						t.Errorf("%s: %s refused at %s", r.Target, f.Rule, f.Change.Field)
					}
				}
			}
		})
	}
}

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// changeRules lists the rules of the change findings of the reports, with their fields.
func changeRules(reps []report.Report) []string {
	var out []string
	for _, r := range reps {
		for _, f := range r.Findings {
			if f.Change != nil {
				out = append(out, f.Rule.String()+" "+f.Change.Field)
			}
		}
	}
	return out
}

func TestBasePreflight(t *testing.T) {
	replace := func(s, old, new string) string {
		if !strings.Contains(s, old) {
			t.Fatalf("%q not in the manifest", old)
		}
		return strings.Replace(s, old, new, 1)
	}
	cases := []struct {
		name, now, after string
		provider         rules.Provider
		allow            bool
		want             []string
		severity         rules.Severity
	}{
		{"identical ACK Service", ackNow, ackNow, ackrules.Provider, false, nil, 0},
		{"ACK address type, CLB bound (status address)", ackNow + ackBound, replace(ackNow, "address-type: internet", "address-type: intranet"), ackrules.Provider, false,
			[]string{"ack.service.address-type-immutable metadata.annotations[service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type]"}, rules.Error},
		{"ACK address type, --base files taken as applied", ackNow, replace(ackNow, "address-type: internet", "address-type: intranet"), ackrules.Provider, false,
			[]string{"ack.service.address-type-immutable metadata.annotations[service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type]"}, rules.Error},
		{"ACK vSwitch changed (not applied)", ackNow + ackBound, replace(ackNow, "address-type: internet", "address-type: internet\n    service.beta.kubernetes.io/alibaba-cloud-loadbalancer-vswitch-id: vsw-b"), ackrules.Provider, false,
			[]string{"ack.service.change-ignored metadata.annotations[service.beta.kubernetes.io/alibaba-cloud-loadbalancer-vswitch-id]"}, rules.Warning},
		{"ACK retyped", ackNow, replace(ackNow, "type: LoadBalancer", "type: ClusterIP"), ackrules.Provider, false,
			[]string{"ack.service.change-deletes-lb spec.type"}, rules.Error},
		{"ACK retyped, destructive allowed", ackNow, replace(ackNow, "type: LoadBalancer", "type: ClusterIP"), ackrules.Provider, true,
			[]string{"ack.service.change-deletes-lb spec.type"}, rules.Warning},
		{"ACK annotation removed (benign)", ackNow, replace(ackNow, "    service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type: internet\n", ""), ackrules.Provider, false, nil, 0},
		{"TKE traffic policy", replace(ackNow, "  annotations:\n    service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type: internet\n", ""),
			replace(replace(ackNow, "  annotations:\n    service.beta.kubernetes.io/alibaba-cloud-loadbalancer-address-type: internet\n", ""), "type: LoadBalancer", "type: LoadBalancer\n  externalTrafficPolicy: Local"),
			tkerules.Provider, false, []string{"generic.service.traffic-policy-change spec.externalTrafficPolicy"}, rules.Warning},
		{"TKE Ingress class", tkeIngNow, replace(tkeIngNow, "ingress.class: qcloud", "ingress.class: nginx"), tkerules.Provider, false,
			[]string{"tke.ingress.change-deletes-lb metadata.annotations[kubernetes.io/ingress.class]"}, rules.Error},
		{"TKE Ingress identical", tkeIngNow, tkeIngNow, tkerules.Provider, false, nil, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			base, file := write(t, dir, "now.yaml", tc.now), write(t, dir, "new.yaml", tc.after)
			res, err := Run(context.Background(), Options{Files: snapshot.Files{Paths: []string{file}, DefaultNamespace: "default"},
				Base: &snapshot.Files{Paths: []string{base}, DefaultNamespace: "default"}, Provider: tc.provider, AllowDestructive: tc.allow})
			if err != nil {
				t.Fatal(err)
			}
			if got := changeRules(res.Reports); !slices.Equal(got, tc.want) {
				t.Fatalf("change findings %v, want %v", got, tc.want)
			}
			for _, f := range res.Reports[0].Findings {
				if f.Change == nil {
					continue
				}
				if f.Severity != tc.severity {
					t.Errorf("%s: severity %s, want %s", f.Rule, f.Severity, tc.severity)
				}
				if f.Location == nil || f.Location.File != file {
					t.Errorf("%s: location %v, want a line of %s", f.Rule, f.Location, file)
				}
			}
		})
	}
}

// TestIdenticalIsPlainDiagnosis: a manifest identical to what is there gives the findings of the
// plain diagnosis of what is there, and nothing else.
func TestIdenticalIsPlainDiagnosis(t *testing.T) {
	for _, content := range []string{ackNow, tkeIngNow} {
		dir := t.TempDir()
		base, file := write(t, dir, "now.yaml", content), write(t, dir, "new.yaml", content)
		res, err := Run(context.Background(), Options{Files: snapshot.Files{Paths: []string{file}, DefaultNamespace: "default"},
			Base: &snapshot.Files{Paths: []string{base}, DefaultNamespace: "default"}})
		if err != nil {
			t.Fatal(err)
		}
		batches, _, err := diagnose.Offline(snapshot.Files{Paths: []string{base}, DefaultNamespace: "default"}, nil, "", snapshot.Selector{})
		if err != nil {
			t.Fatal(err)
		}
		plain, err := diagnose.All(batches, diagnose.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(plain) != 1 || len(res.Reports) != 1 {
			t.Fatalf("reports: plain %d, preflight %d", len(plain), len(res.Reports))
		}
		ids := func(r report.Report) []string {
			var out []string
			for _, f := range r.Findings {
				out = append(out, f.Rule.String()+"@"+f.Path+"="+f.Severity.String())
			}
			return out
		}
		if a, b := ids(plain[0]), ids(res.Reports[0]); !slices.Equal(a, b) {
			t.Errorf("plain %v, preflight %v", a, b)
		}
	}
}

func TestCreation(t *testing.T) {
	dir := t.TempDir()
	base := write(t, dir, "now.yaml", tkeIngNow)
	file := write(t, dir, "new.yaml", tkeIngNow+"---\n"+ackNow)
	res, err := Run(context.Background(), Options{Files: snapshot.Files{Paths: []string{file}, DefaultNamespace: "default"},
		Base: &snapshot.Files{Paths: []string{base}, DefaultNamespace: "default"}})
	if err != nil {
		t.Fatal(err)
	}
	var created []string
	for _, r := range res.Reports {
		if r.Note != nil && r.Note.Reason == CreatedReason {
			created = append(created, r.Target.String())
		}
	}
	if !slices.Equal(created, []string{"Service default/web"}) {
		t.Fatalf("created %v", created)
	}
}

// TestCreationOnReusedCLB: a Service created on a reused CLB whose port another Service already on it
// (in the base) declares collides.
func TestCreationOnReusedCLB(t *testing.T) {
	svc := func(name string) string {
		return strings.ReplaceAll(strings.Replace(ackNow, "address-type: internet", "id: lb-bp1aaaaaaaaaaaaaaaaa1", 1), "name: web", "name: "+name)
	}
	dir := t.TempDir()
	base := write(t, dir, "now.yaml", svc("orders"))
	file := write(t, dir, "new.yaml", svc("web"))
	res, err := Run(context.Background(), Options{Files: snapshot.Files{Paths: []string{file}, DefaultNamespace: "default"},
		Base: &snapshot.Files{Paths: []string{base}, DefaultNamespace: "default"}, Provider: ackrules.Provider})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range res.Reports {
		for _, f := range r.Findings {
			if f.Rule == ackrules.ServiceReusedPortTaken {
				got = append(got, r.Target.String())
			}
		}
	}
	if !slices.Equal(got, []string{"Service default/web"}) {
		t.Fatalf("reused-port-taken on %v, want Service default/web", got)
	}
}
