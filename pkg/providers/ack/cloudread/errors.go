package cloudread

import (
	"errors"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/redact"
	"net"
	"net/url"
	"regexp"
	"strings"

	sdkerrors "github.com/aliyun/alibaba-cloud-sdk-go/sdk/errors"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
)

// codeClasses sorts the vendor's error codes into classes, first match wins: a code equal to
// code, or starting with it when prefix is set. Codes not listed are Failed.
var codeClasses = []struct {
	code   string
	prefix bool
	class  cloud.Class
}{
	// A disabled AccessKey is refused credentials, not a missing permission.
	{"Forbidden.AccessKeyDisabled", false, cloud.Unauthenticated},
	{"InvalidAccessKeyId", true, cloud.Unauthenticated},
	{"InvalidAccessKeySecret", true, cloud.Unauthenticated},
	{"SignatureDoesNotMatch", false, cloud.Unauthenticated},
	{"IncompleteSignature", false, cloud.Unauthenticated},
	{"InvalidSecurityToken", true, cloud.Unauthenticated},
	{"Forbidden", true, cloud.Forbidden},
	{"NoPermission", true, cloud.Forbidden},
	{"Throttling", true, cloud.Throttled},
	// A passing unavailability of the service: worth the same bounded retries as throttling.
	{"ServiceUnavailable", false, cloud.Throttled},
}

// classOf is the class of a vendor error code.
func classOf(code string) cloud.Class {
	for _, c := range codeClasses {
		if code == c.code || (c.prefix && strings.HasPrefix(code, c.code+".")) {
			return c.class
		}
	}
	return cloud.Failed
}

// classify turns an error of the SDK into a ReadError (the Caller sets its Action): a server error
// by its code, a client error or a failed connection as Unreachable, anything else Failed. Every
// message is redacted.
func (r *Reader) classify(_ cloud.Action, err error) *cloud.ReadError {
	var se *sdkerrors.ServerError
	if errors.As(err, &se) {
		return &cloud.ReadError{Class: classOf(se.ErrorCode()), Code: se.ErrorCode(), Message: r.redact(se.Message())}
	}
	var ce *sdkerrors.ClientError
	if errors.As(err, &ce) {
		if ce.ErrorCode() == sdkerrors.TimeoutErrorCode || isNetwork(ce.OriginError()) {
			return &cloud.ReadError{Class: cloud.Unreachable, Message: r.redact(netMessage(ce.OriginError(), ce.Message()))}
		}
		return &cloud.ReadError{Class: cloud.Failed, Code: ce.ErrorCode(), Message: r.redact(ce.Message())}
	}
	if isNetwork(err) {
		return &cloud.ReadError{Class: cloud.Unreachable, Message: r.redact(netMessage(err, ""))}
	}
	return &cloud.ReadError{Class: cloud.Failed, Message: r.redact(err.Error())}
}

func isNetwork(err error) bool {
	if err == nil {
		return false
	}
	var ue *url.Error
	var ne net.Error
	return errors.As(err, &ue) || errors.As(err, &ne)
}

// netMessage is a connection failure without the request's URL, whose query holds the AccessKey
// ID and the security token.
func netMessage(err error, fallback string) string {
	var ue *url.Error
	switch {
	case errors.As(err, &ue):
		if ue.Timeout() {
			return "no answer in time"
		}
		return ue.Err.Error()
	case err != nil:
		return err.Error()
	}
	return fallback
}

var (
	// signedParam is a request parameter that carries or proves a credential, in the URL query
	// (name=value) or percent-encoded once or twice, as the vendor's echo of a signed string has it.
	signedParam = regexp.MustCompile(`(SecurityToken|Signature|AccessKeyId|AccessKeySecret|BearerToken)(=|%3D|%253D)[^&\s"]*`)
	// signedEcho starts the vendor's echo of the string it signed, which runs to the end.
	signedEcho = regexp.MustCompile(`(?i)(server\s+)?string\s*to\s*sign`)
	// secretField is a credential in JSON, as in a quoted CLI configuration.
	secretField = regexp.MustCompile(`"(access_key_secret|sts_token|AccessKeySecret|SecurityToken)"\s*:\s*"[^"]*"`)
	// accessKeyID is an AccessKey ID (LTAI…) or an STS one (STS.…).
	accessKeyID = regexp.MustCompile(`(LTAI|STS\.)[0-9A-Za-z]{6,}`)
)

// redact removes credentials from a message: the vendor's echo of the string it signed (it holds
// the AccessKey ID and the security token), the credential parameters of a URL, AccessKey IDs,
// and the secret, token and ID of the credentials in use in every encoding they may appear in.
func (r *Reader) redact(msg string) string {
	if loc := signedEcho.FindStringIndex(msg); loc != nil {
		msg = strings.TrimRight(msg[:loc[0]], " :.") + " (signed string removed)"
	}
	r.secretsMu.Lock()
	secrets := r.secrets
	r.secretsMu.Unlock()
	for _, s := range secrets {
		for _, form := range []string{s, url.QueryEscape(s), percentEncode(s), percentEncode(percentEncode(s))} {
			msg = strings.ReplaceAll(msg, form, "[redacted]")
		}
	}
	msg = signedParam.ReplaceAllString(msg, "$1$2[redacted]")
	msg = secretField.ReplaceAllString(msg, `"$1": "[redacted]"`)
	return redact.String(accessKeyID.ReplaceAllString(msg, "$1[redacted]"))
}

// percentEncode is the RPC signature's encoding of a value: all but A-Z a-z 0-9 - _ . ~ as %XY.
func percentEncode(v string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}
