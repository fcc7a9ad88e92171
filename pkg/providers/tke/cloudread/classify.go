package cloudread

import (
	"context"
	"errors"
	"fmt"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/redact"
	"net"
	"strings"
	"unicode/utf8"

	tcerr "github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common/errors"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// classify turns an SDK error into a ReadError (cloud.Caller.Classify). The codes are API 3.0's
// common error codes, listed on each product's "Error Codes" page: AuthFailure.* mean the
// request's signature or key was refused, except AuthFailure.UnauthorizedOperation, which like
// UnauthorizedOperation.* means the key lacks the permission; RequestLimitExceeded.* mean the rate
// limit. ClientError.* are the SDK's own codes, for a request that got no usable answer. Messages
// keep no credential and at most maxMessage bytes.
func (r *redactor) classify(_ cloud.Action, err error) *cloud.ReadError {
	var sdk *tcerr.TencentCloudSDKError
	if !errors.As(err, &sdk) {
		var ne net.Error
		if errors.As(err, &ne) || errors.Is(err, context.DeadlineExceeded) {
			return &cloud.ReadError{Class: cloud.Unreachable, Message: cut(r.clean(err.Error()))}
		}
		return &cloud.ReadError{Class: cloud.Failed, Message: cut(r.clean(err.Error()))}
	}
	re := &cloud.ReadError{Code: sdk.Code, Message: cut(r.clean(sdk.Message))}
	switch c := sdk.Code; {
	case c == "AuthFailure.UnauthorizedOperation" || c == "UnauthorizedOperation" || strings.HasPrefix(c, "UnauthorizedOperation."):
		re.Class = cloud.Forbidden
	case c == "AuthFailure" || strings.HasPrefix(c, "AuthFailure.") || c == "ClientError.CredentialError":
		re.Class = cloud.Unauthenticated
	case c == "RequestLimitExceeded" || strings.HasPrefix(c, "RequestLimitExceeded."):
		re.Class = cloud.Throttled
	case c == "ClientError.NetworkError" || c == "ClientError.HttpStatusCodeError" || c == "ClientError.IOError":
		re.Class = cloud.Unreachable
	default:
		re.Class = cloud.Failed
	}
	return re
}

// isChainExhausted reports whether err is the SDK chain's answer when none of its providers had
// credentials.
func isChainExhausted(err error) bool {
	var sdk *tcerr.TencentCloudSDKError
	return errors.As(err, &sdk) && sdk.Code == "ClientError.CredentialError" && strings.HasPrefix(sdk.Message, "no credential found")
}

// redactor removes credentials from text the SDK produces: the values in use, and anything redact
// knows the shape of.
type redactor struct {
	secrets []string
}

// maxMessage bounds a vendor message kept in a ReadError (the SDK quotes whole bodies).
const maxMessage = 400

// clean is s with every credential replaced (redact.Values: the key in use, then every known shape).
func (r *redactor) clean(s string) string { return redact.Values(s, r.secrets...) }

// cut is s shortened to maxMessage bytes on a rune boundary.
func cut(s string) string {
	if len(s) <= maxMessage {
		return s
	}
	i := maxMessage
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// logger is the SDK's Logger, writing its lines with credentials removed.
type logger struct {
	r   *redactor
	out func(string)
}

func (l logger) Printf(format string, args ...any) { l.out(l.r.clean(fmt.Sprintf(format, args...))) }

// wordsOf is the ReadError for a failure the reader words itself.
func wordsOf(class cloud.Class, code string, w words.Words) *cloud.ReadError {
	return &cloud.ReadError{Class: class, Code: code, Message: w.String(), Words: w}
}
