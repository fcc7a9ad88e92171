package events

import (
	"slices"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// TestMatchChinese feeds the TKE controllers' Chinese event wordings (seed 001, the Service and
// Ingress event tables), as kubectl describe and a copied console line show them, with request ids
// and other noise around them.
func TestMatchChinese(t *testing.T) {
	tests := []struct {
		name     string
		provider rules.Provider
		kind     rules.Kind
		message  string
		want     []string
	}{
		{"service reused CLB missing", "", rules.Service, "Warning  SyncLoadBalancerFailed  12s  service-controller  使用已有负载均衡不存在 (RequestId: 0c5f7a2e-41d9-4b7e-9a35-5f8f1c2d3e4a)", []string{"tke.service.E4011"}},
		{"service subnet out of IPs", tkerules.Provider, rules.Service, "sync failed: 子网 IP 不足 [requestId=7e2b]", []string{"tke.service.E4008"}},
		{"service certificate expired", "", rules.Service, "证书过期，requestId: 3a1b", []string{"tke.service.E4062"}},
		{"ingress certificate expired", "", rules.Ingress, "证书过期 (RequestId: ffe0)", []string{"tke.ingress.E4039"}},
		{"ingress secret without cert id", "", rules.Ingress, "Ingress shop/web: TLS 字段配置 Secret 内容错误，没有证书 ID。RequestId=9c1d", []string{"tke.ingress.E4011"}},
		{"ingress cert id format", "", rules.Ingress, "证书 ID 格式错误 (requestId: b5a0e1)", []string{"tke.ingress.E4035"}},
		{"ingress secret name missing, other spacing", "", rules.Ingress, "TLS字段未配置Secret名称", []string{"tke.ingress.E4009"}},
		{"ingress backend service missing", "", rules.Ingress, "  Ingress 中转发规则指定的 Service 不存在。 RequestId: 12ab ", []string{"tke.ingress.E4041"}},
		{"ingress https-rules conflict beats bad format", "", rules.Ingress, "kubernetes.io/ingress.https-rules，注解格式不正确（配置冲突） requestId=1", []string{"tke.ingress.E4081"}},
		{"ingress https-rules bad format", "", rules.Ingress, "kubernetes.io/ingress.https-rules，注解格式不正确 requestId=1", []string{"tke.ingress.E4023"}},
		{"ingress listener conflict of reused CLB", "", rules.Ingress, "指定已有负载均衡监听器存在冲突 RequestId:abc", []string{"tke.ingress.E4101"}},
		{"the code wins over the wording", "", rules.Ingress, "E4035 证书过期", []string{"tke.ingress.E4035"}},
		{"ack provider ignores TKE wording", ackrules.Provider, rules.Service, "使用已有负载均衡不存在", nil},
		{"no Chinese wording", "", rules.Service, "负载均衡同步成功", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, id := range Match(tkeOnly, tt.provider, tt.kind, tt.message) {
				got = append(got, id.String())
			}
			want := slices.Clone(tt.want)
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("Match(%q) = %v, want %v", tt.message, got, want)
			}
		})
	}
}

// TestZhEventTextsHaveRules checks that every Chinese event wording names a TKE rule of its kind.
func TestZhEventTextsHaveRules(t *testing.T) {
	for kind, ts := range zhEventTexts {
		for _, e := range ts {
			t.Run(string(kind)+"/"+e.code, func(t *testing.T) {
				if len(codeIndex()[tkerules.Provider][kind][e.code]) == 0 {
					t.Errorf("%s %s (%s) has no TKE rule", kind, e.code, e.text)
				}
			})
		}
	}
}
