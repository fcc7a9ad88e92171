package diagnose

import (
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// TestExplainChinese: a pasted Chinese event message resolves to its code as an English one does,
// and Chinese keywords search the catalog's Chinese texts.
func TestExplainChinese(t *testing.T) {
	tests := []struct {
		name    string
		q       string
		p       rules.Provider
		k       rules.Kind
		want    []string // exactly these ids, in any order
		contain []string // at least these ids
		wantErr bool
	}{
		{name: "service event with request id", q: "Warning SyncLoadBalancerFailed service/web 使用已有负载均衡不存在 (RequestId: 0c5f7a2e-41d9)", want: []string{"tke.service.E4011"}},
		{name: "ingress event with request id", q: "TLS 字段配置 Secret 内容错误，没有证书 ID. RequestId=abc", want: []string{"tke.ingress.E4011"}},
		{name: "expired certificate, either kind", q: "证书过期 requestId: 3a1b", want: []string{"tke.service.E4062", "tke.ingress.E4039"}},
		{name: "expired certificate narrowed to ingress", q: "证书过期", k: rules.Ingress, want: []string{"tke.ingress.E4039"}},
		{name: "keyword 证书", q: "证书", contain: []string{"tke.ingress.E4035", "tke.ingress.E4039"}},
		{name: "keyword 监听器", q: "监听器", contain: []string{"tke.ingress.E4101"}},
		{name: "two keywords", q: "证书 格式", contain: []string{"tke.ingress.E4035"}},
		{name: "keyword narrowed to a provider", q: "监听", p: ackrules.Provider, contain: []string{"ack.service.RspoolVipExist"}},
		{name: "no such Chinese word", q: "量子纠缠", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found, err := Explain(tt.q, tt.p, tt.k)
			if (err != nil) != tt.wantErr {
				t.Fatalf("Explain(%q) error = %v, want error %v", tt.q, err, tt.wantErr)
			}
			var got []string
			for _, r := range found {
				got = append(got, r.ID.String())
				if tt.p != "" && r.Provider != tt.p {
					t.Errorf("Explain(%q, %s) gave %s", tt.q, tt.p, r.ID)
				}
			}
			if tt.want != nil {
				w := slices.Clone(tt.want)
				slices.Sort(w)
				slices.Sort(got)
				if !slices.Equal(got, w) {
					t.Errorf("Explain(%q) = %v, want %v", tt.q, got, w)
				}
			}
			for _, id := range tt.contain {
				if !slices.Contains(got, id) {
					t.Errorf("Explain(%q) = %v, want it to hold %s", tt.q, got, id)
				}
			}
		})
	}
}

func TestExplainClipsItsArgument(t *testing.T) {
	for name, q := range map[string]string{"ASCII": strings.Repeat("E", 100_000), "Chinese": strings.Repeat("负载", 50_000)} {
		t.Run(name, func(t *testing.T) {
			_, err := Explain(q, "", "")
			if err == nil {
				t.Fatal("no error")
			}
			if n := len(err.Error()); n > 400 {
				t.Errorf("error is %d bytes long", n)
			}
		})
	}
}
