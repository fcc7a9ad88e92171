package tkechecks

import (
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestTKEProtocolSecrets: the certificate Secrets a Service's extension protocols name must exist in
// its namespace and hold qcloud_cert_id.
func TestTKEProtocolSecrets(t *testing.T) {
	proto := func(v string) func(*corev1.Service) { return svcAnn(tkeann.SpecifyProtocol, v) }
	on443 := func(s *corev1.Service) { s.Spec.Ports[0].Port = 443 }
	cert := certSecret("cert-secret", map[string]string{"qcloud_cert_id": "Xa1b2c3d"})
	const tcpSSL = `{"443":{"protocol":["TCP_SSL"],"tls":"cert-secret"}}`
	const https = `{"443":{"protocol":["HTTPS"],"hosts":{"a.tencent.com":{"tls":"cert-secret"},"b.tencent.com":{}}}}`
	runServiceCases(t, tkerules.Provider, []checkstest.SvcCase{
		{Name: "TCP_SSL names a Secret that does not exist",
			Bad: objs(lbSvc(on443, proto(tcpSSL))), Fixed: objs(lbSvc(on443, proto(tcpSSL)), cert),
			Want: tkerules.ServiceProtocolSecretMissing, Path: "metadata.annotations[service.cloud.tencent.com/specify-protocol][443].tls"},
		{Name: "an HTTPS host names a Secret that does not exist",
			Bad: objs(lbSvc(on443, proto(https))), Fixed: objs(lbSvc(on443, proto(https)), cert),
			Want: tkerules.ServiceProtocolSecretMissing, Path: "metadata.annotations[service.cloud.tencent.com/specify-protocol][443].hosts[a.tencent.com].tls"},
		{Name: "a port the Service does not declare is ignored",
			Bad: objs(lbSvc(on443, proto(tcpSSL))), Fixed: objs(lbSvc(proto(tcpSSL))),
			Want: tkerules.ServiceProtocolSecretMissing, Path: "metadata.annotations[service.cloud.tencent.com/specify-protocol][443].tls"},
		{Name: "the Secret has no qcloud_cert_id",
			Bad:   objs(lbSvc(on443, proto(tcpSSL)), certSecret("cert-secret", map[string]string{"tls.crt": "x"})),
			Fixed: objs(lbSvc(on443, proto(tcpSSL)), cert),
			Want:  tkerules.ServiceProtocolSecretNoCert, Path: "metadata.annotations[service.cloud.tencent.com/specify-protocol][443].tls"},
	})
}

// TestProtocolSecretForbidden: a Secret that cannot be read is a skip naming the permission, not a
// missing Secret.
func TestProtocolSecretForbidden(t *testing.T) {
	s := snapshot.New("test")
	svc := lbSvc(func(s *corev1.Service) { s.Spec.Ports[0].Port = 443 },
		svcAnn(tkeann.SpecifyProtocol, `{"443":{"protocol":["TCP_SSL"],"tls":"cert-secret"}}`))
	if err := s.Add(svc); err != nil {
		t.Fatal(err)
	}
	s.Secrets.MarkGap(checkstest.NS, snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "get secrets in namespace default"})
	res := diagnose(t, s, snapshot.KindService, "web", tkerules.Provider)
	if got := checkstest.ByRule(res); len(got[tkerules.ServiceProtocolSecretMissing]) > 0 || len(got[tkerules.ServiceProtocolSecretNoCert]) > 0 {
		t.Errorf("an unreadable Secret became a finding: %v", got)
	}
	for _, sk := range res.Skipped {
		if sk.Check == "tke-service-protocol-secrets" {
			if !strings.Contains(sk.Reason, "get secrets") {
				t.Errorf("skip %q does not name the permission", sk.Reason)
			}
			return
		}
	}
	t.Errorf("want tke-service-protocol-secrets skipped, got %+v", res.Skipped)
}
