package cloud

import (
	"context"
	"fmt"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Action is one cloud API action a reader calls. Each provider lists every action its reader calls
// in one registry; the least-privilege policies under deploy/ are generated from it, and a call of
// an action outside it fails.
type Action struct {
	// Product is the vendor's service code as its access policies name it: clb, vpc, ssl (Tencent
	// CAM); slb, vpc, nlb (Alibaba RAM).
	Product string
	// Version is the API version, e.g. 2018-03-17.
	Version string
	// Name is the action, e.g. DescribeListeners.
	Name string
	// Doc is the address of the action's API reference page.
	Doc string
}

// String is product:name, the form access policies use.
func (a Action) String() string { return a.Product + ":" + a.Name }

// readOnlyVerbs are the verbs a read-only action's name starts with.
var readOnlyVerbs = []string{"Describe", "List", "Get", "Query", "Inquire"}

// ReadOnly reports whether the action's name says it only reads.
func (a Action) ReadOnly() bool {
	for _, v := range readOnlyVerbs {
		if strings.HasPrefix(a.Name, v) && len(a.Name) > len(v) && a.Name[len(v)] >= 'A' && a.Name[len(v)] <= 'Z' {
			return true
		}
	}
	return false
}

// Class is why a cloud read failed.
type Class string

// Failure classes. Only Throttled is retried.
const (
	// Unauthenticated: no credentials, or the cloud refused them.
	Unauthenticated Class = "unauthenticated"
	// Forbidden: the credentials lack the permission for the action.
	Forbidden Class = "forbidden"
	// Unreachable: the endpoint could not be reached, or did not answer in time.
	Unreachable Class = "unreachable"
	// Throttled: the cloud limited the request rate, and retries did not get through.
	Throttled Class = "throttled"
	// Failed: any other error the cloud answered with.
	Failed Class = "failed"
	// NotRead: the item was not asked for in this pass.
	NotRead Class = "not-read"
)

// ReadError is a cloud read that failed: which action, why, and the vendor's error code. Message is
// the vendor's message with credentials removed.
type ReadError struct {
	Action  Action
	Class   Class
	Code    string
	Message string
	// Words, when not zero, is the reader's own text for the failure in every language (what to set
	// when there are no credentials, say); Message is then its English.
	Words words.Words
}

// Error names the action and the class, then the vendor's code and message.
func (e *ReadError) Error() string {
	var b strings.Builder
	if e.Action.Name != "" {
		b.WriteString(e.Action.String())
		b.WriteString(": ")
	}
	b.WriteString(string(e.Class))
	if e.Code != "" {
		fmt.Fprintf(&b, " (%s)", e.Code)
	}
	if e.Message != "" {
		b.WriteString(": ")
		b.WriteString(e.Message)
	}
	return b.String()
}

// In is the error in lang: as Error, with Words in lang in place of Message when it has Words.
func (e *ReadError) In(lang words.Lang) string {
	if e.Words.IsZero() {
		return e.Error()
	}
	c := *e
	c.Message = e.Words.In(lang)
	return c.Error()
}

// Request says what a reader should read: the load balancers a diagnosis names, the certificates
// and subnets their objects name, and whether to read the region's quotas.
type Request struct {
	LoadBalancerIDs []string
	CertificateIDs  []string
	SubnetIDs       []string
	Quotas          bool
}

// Reader reads a cloud. Read never fails as a whole: what it could not read is recorded in the
// Facts' tables as a *ReadError, so that each check it leaves unanswered is a named skip.
type Reader interface {
	Read(ctx context.Context, req Request) *Facts
}
