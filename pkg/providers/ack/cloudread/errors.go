package cloudread

import (
	"errors"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/redact"
	"net"
	"net/url"
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

// redact removes credentials from a message with redact.Values: the key in use in every encoding,
// and every shape of credential redact knows (the vendor's echo of the string it signed included).
func (r *Reader) redact(msg string) string {
	r.secretsMu.Lock()
	secrets := r.secrets
	r.secretsMu.Unlock()
	return redact.Values(msg, secrets...)
}
