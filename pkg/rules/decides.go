package rules

import "strings"

// Basis is a kind of context that, besides the object itself, decides a rule's verdict.
type Basis string

// Bases, in the order documents list them.
const (
	// ByOtherObjects: other objects of the cluster (Secrets, nodes, pods, other Services, Ingresses).
	ByOtherObjects Basis = "other-objects"
	// ByClusterConfig: a cluster-wide setting of the cloud controller, read from a named ConfigMap.
	ByClusterConfig Basis = "cluster-config"
	// ByVersion: the cloud controller's version, read from its Deployment's image tag.
	ByVersion Basis = "controller-version"
	// ByHistory: a change of the object after its creation, shown by what the controller wrote (status,
	// labels) or by the last-applied-configuration record.
	ByHistory Basis = "history"
)

// Bases lists every basis in document order.
func Bases() []Basis { return []Basis{ByOtherObjects, ByClusterConfig, ByVersion, ByHistory} }

// Decision is one input, besides the object, that decides a rule's verdict.
type Decision struct {
	By Basis
	// What names the input: the objects, the ConfigMap and key, the version floor, the change.
	What string
	// IfUnknown says what the verdict is when the input cannot be read (a managed control plane hides
	// the controller, RBAC forbids the ConfigMap, an offline run lacks it).
	IfUnknown string
}

// Verdicts when a deciding input cannot be read.
const (
	// UnknownSkips: the check is skipped with the reason; no finding.
	UnknownSkips = "skipped, with the missing input named"
	// UnknownWarns: a warning that names what decides it (never an error).
	UnknownWarns = "warning that names what decides it"
	// UnknownDefault: the controller's documented default applies.
	UnknownDefault = "the controller's default"
)

// ObjectAlone reports whether nothing but the object decides the rule's verdict (when a check emits
// it at all: event-only rules are decided by the cloud's state, which lbdoctor reads from events).
func (r Rule) ObjectAlone() bool { return len(r.Decides) == 0 }

// DecidedBy returns the bases of the rule's decisions, each once, in document order.
func (r Rule) DecidedBy() []Basis {
	var out []Basis
	for _, b := range Bases() {
		for _, d := range r.Decides {
			if d.By == b {
				out = append(out, b)
				break
			}
		}
	}
	return out
}

// DecidedByText is the rule's bases as a phrase: "object" when nothing else decides it.
func (r Rule) DecidedByText() string {
	bs := r.DecidedBy()
	if len(bs) == 0 {
		return "object"
	}
	s := make([]string, len(bs))
	for i, b := range bs {
		s[i] = string(b)
	}
	return "object, " + strings.Join(s, ", ")
}

// Decided returns the rule's decision of basis b, if any.
func (r Rule) Decided(b Basis) (Decision, bool) {
	for _, d := range r.Decides {
		if d.By == b {
			return d, true
		}
	}
	return Decision{}, false
}
