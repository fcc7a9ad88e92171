package cloudread

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"

	tcerr "github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common/errors"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/redact"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

func TestClassify(t *testing.T) {
	sdk := func(code string) error { return tcerr.NewTencentCloudSDKError(code, "message", "req-1") }
	tests := []struct {
		name string
		err  error
		want cloud.Class
	}{
		{"signature", sdk("AuthFailure.SignatureFailure"), cloud.Unauthenticated},
		{"unknown key id", sdk("AuthFailure.SecretIdNotFound"), cloud.Unauthenticated},
		{"token", sdk("AuthFailure.TokenFailure"), cloud.Unauthenticated},
		{"expired signature", sdk("AuthFailure.SignatureExpire"), cloud.Unauthenticated},
		{"CAM denial, common code", sdk("AuthFailure.UnauthorizedOperation"), cloud.Forbidden},
		{"CAM denial, product code", sdk("UnauthorizedOperation"), cloud.Forbidden},
		{"CAM denial, sub-code", sdk("UnauthorizedOperation.NoPermission"), cloud.Forbidden},
		{"rate limit", sdk("RequestLimitExceeded"), cloud.Throttled},
		{"rate limit, sub-code", sdk("RequestLimitExceeded.UinLimitExceeded"), cloud.Throttled},
		{"SDK network error", sdk("ClientError.NetworkError"), cloud.Unreachable},
		{"non-200 answer", sdk("ClientError.HttpStatusCodeError"), cloud.Unreachable},
		{"no credentials", sdk("ClientError.CredentialError"), cloud.Unauthenticated},
		{"cloud error", sdk("InternalError"), cloud.Failed},
		{"quota code is not throttling", sdk("LimitExceeded"), cloud.Failed},
		{"wrapped", fmt.Errorf("call: %w", sdk("RequestLimitExceeded")), cloud.Throttled},
		{"net error", &net.OpError{Op: "dial", Err: errors.New("refused")}, cloud.Unreachable},
		{"deadline", context.DeadlineExceeded, cloud.Unreachable},
		{"other", errors.New("odd"), cloud.Failed},
	}
	r := &redactor{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.classify(describeListeners, tt.err); got.Class != tt.want {
				t.Errorf("class = %s, want %s", got.Class, tt.want)
			}
		})
	}
}

func TestRedactor(t *testing.T) {
	r := &redactor{secrets: []string{"the-live-secret-key", "the-live-token"}}
	tests := []struct {
		name, in, gone string
	}{
		{"live key", "signed with the-live-secret-key", "the-live-secret-key"},
		{"live token", "token the-live-token refused", "the-live-token"},
		{"key id", "The SecretId AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA is not found", "AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA"},
		{"signature", "Signature=0123456789abcdef0123456789abcdef", "0123456789abcdef"},
		{"token header", "X-TC-Token: abc.def.ghi\nX-TC-Version: 1", "abc.def.ghi"},
		{"key in JSON", `{"TmpSecretKey": "s3cr3t", "Token": "t0k"}`, "s3cr3t"},
		{"token in JSON", `{"TmpSecretKey": "s3cr3t", "Token": "t0k"}`, "t0k"},
		{"ini file line", "secret_key = s3cr3t-in-ini", "s3cr3t-in-ini"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.clean(tt.in); strings.Contains(got, tt.gone) || !strings.Contains(got, redact.Mark) {
				t.Errorf("clean(%q) = %q", tt.in, got)
			}
		})
	}
	if got := r.clean("X-TC-Version: 2018-03-17"); got != "X-TC-Version: 2018-03-17" {
		t.Errorf("clean changed a line without credentials: %q", got)
	}
	long := strings.Repeat("错", maxMessage)
	if c := cut(long); len(c) > maxMessage+len("…") || !strings.HasSuffix(c, "…") || !strings.HasPrefix(long, strings.TrimSuffix(c, "…")) {
		t.Errorf("cut did not cut on a rune boundary: %d bytes", len(c))
	}
}
