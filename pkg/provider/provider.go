// Package provider is what a cloud is to the framework: one value that declares everything
// cloud-specific about it. Each cloud's value lives in its own folder, pkg/providers/<cloud>, and
// pkg/providers lists them: the one registry. The framework packages (pkg/checks, pkg/changes,
// pkg/events, pkg/policy, pkg/diagnose, hack/gendocs) name no cloud; they read what the registry's
// values declare.
package provider

import (
	"slices"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Provider is one cloud. Its embedded checks.Cloud is the provider as the checks see it: its name;
// its detection signals (Signals: annotation keys and prefixes, the node providerID pattern,
// kube-system components, loadBalancerClasses); its own Ingress controller and the ingress classes
// it takes (IngressController); its checks (Checks, the entries of its check list); its change
// model (Changes); and its event matcher (Events). Its rules are the catalog's rules of its Name,
// declared in the provider's rule package (Rules lists them).
type Provider struct {
	checks.Cloud
	// Title names the cloud in documents, e.g. "Tencent TKE" (腾讯云 TKE).
	Title words.Phrase
	// Policy is its admission policies (kubectl lbdoctor policy); nil when it has none.
	Policy func() policy.Set
	// Reader is its cloud reader (--cloud); nil when it has none.
	Reader *Reader
}

// Rules are the provider's rules, from the catalog, in id order.
func (p Provider) Rules() []rules.Rule {
	return slices.DeleteFunc(rules.All(), func(r rules.Rule) bool { return r.Provider != p.Name })
}

// ReaderOptions are what a Reader's New is given.
type ReaderOptions struct {
	// Region is the region to read in.
	Region string
	// Timeout bounds each call (0: only the context's deadline bounds them).
	Timeout time.Duration
	// Count, when set, is told each call's action and result ("ok" or a cloud.Class).
	Count func(a cloud.Action, result string)
}

// Reader is a provider's cloud reader: its region from the nodes and its constructor, and the
// least-privilege access policy its credentials need (hack/gencloudpolicy writes it to
// deploy/cloud/<PolicyFile>).
type Reader struct {
	Region func(nodes []*corev1.Node) (string, bool)
	New    func(o ReaderOptions) (cloud.Reader, error)
	// Actions are every cloud action the reader may call; Policy renders them as the access policy.
	Actions    []cloud.Action
	Policy     func() []byte
	PolicyFile string
}

// Suite is the checks.Suite of the providers, in their order, with the framework's checks.
func Suite(ps []Provider) *checks.Suite {
	clouds := make([]checks.Cloud, len(ps))
	for i, p := range ps {
		clouds[i] = p.Cloud
	}
	return checks.NewSuite(clouds...)
}

// Catalog is the admission policies of the providers that have them, judged with suite (the
// suite of the same providers).
func Catalog(ps []Provider, suite *checks.Suite) policy.Catalog {
	cat := policy.Catalog{Suite: suite}
	for _, p := range ps {
		if p.Policy != nil {
			cat.Sets = append(cat.Sets, p.Policy())
		}
	}
	return cat
}

// Titles are the providers' titles by name, which reports in Chinese name them by.
func Titles(ps []Provider) map[rules.Provider]words.Phrase {
	out := make(map[rules.Provider]words.Phrase, len(ps))
	for _, p := range ps {
		out[p.Name] = p.Title
	}
	return out
}

// Readers are the cloud readers of the providers that have one, by name.
func Readers(ps []Provider) map[rules.Provider]Reader {
	out := map[rules.Provider]Reader{}
	for _, p := range ps {
		if p.Reader != nil {
			out[p.Name] = *p.Reader
		}
	}
	return out
}
