// Package providers is the registry of clouds. All lists every provider, in the order help, evidence
// and documents name them; each value lives in its own folder beside this file (tke, ack). Adding a
// cloud is one folder and one entry in All (docs/architecture.md, "How to add a cloud").
package providers

import (
	"slices"
	"sync"

	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/provider"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// All is every provider, in order: the one registry.
func All() []provider.Provider { return slices.Clone(all()) }

var all = sync.OnceValue(func() []provider.Provider {
	return []provider.Provider{tke.Provider(), ack.Provider()}
})

// Get is the provider named p; false for Generic and unknown names.
func Get(p rules.Provider) (provider.Provider, bool) {
	for _, v := range all() {
		if v.Name == p {
			return v, true
		}
	}
	return provider.Provider{}, false
}

// Suite is the checks of every provider and the framework's, made once.
var Suite = sync.OnceValue(func() *checks.Suite { return provider.Suite(all()) })

// Catalog is every provider's admission policies.
func Catalog() policy.Catalog { return provider.Catalog(all(), Suite()) }

// Titles are the providers' titles by name (report.Writer.Titles).
var Titles = sync.OnceValue(func() map[rules.Provider]words.Phrase { return provider.Titles(all()) })

// Readers are the cloud readers of the providers that have one, by name.
var Readers = sync.OnceValue(func() map[rules.Provider]provider.Reader { return provider.Readers(all()) })

// ReadNotes say why each provider's checks read built-in kinds (deploy/rbac.yaml's comments).
func ReadNotes() []snapshot.ResourceNote {
	var out []snapshot.ResourceNote
	for _, p := range all() {
		for _, r := range p.Reads {
			out = append(out, snapshot.ResourceNote{Resource: schema.GroupResource{Resource: r.Resource},
				Note: snapshot.Note{Provider: string(p.Name), Text: r.Text}})
		}
	}
	return out
}
