package rules

import (
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

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
	// ByCloud: the load balancer, its listeners, backends, certificates, quotas or subnets as the
	// cloud's API describes them, read only with --cloud.
	ByCloud Basis = "cloud"
)

// basisWords say each basis in plain words, for readers (the Basis value itself stays the key in
// JSON, YAML and the policy list's machine formats).
var basisWords = map[Basis]words.Phrase{
	ByOtherObjects:  {En: "other objects in the cluster", Zh: "集群中的其他对象"},
	ByClusterConfig: {En: "a cluster-wide setting of the cloud controller", Zh: "云控制器的集群级配置"},
	ByVersion:       {En: "the cloud controller's version", Zh: "云控制器的版本"},
	ByHistory:       {En: "how the object changed since it was created", Zh: "对象创建之后的变更"},
	ByCloud:         {En: "the load balancer as the cloud's API describes it (read with --cloud)", Zh: "云 API 所描述的负载均衡（加 --cloud 时读取）"},
}

// Words is b in plain words; the zero Phrase for a value that is not one of Bases.
func (b Basis) Words() words.Phrase { return basisWords[b] }

// In is b in plain words in lang.
func (b Basis) In(lang words.Lang) string { return b.Words().In(lang) }

// Bases lists every basis in document order.
func Bases() []Basis { return []Basis{ByOtherObjects, ByClusterConfig, ByVersion, ByHistory, ByCloud} }

// Decision is one input, besides the object, that decides a rule's verdict.
type Decision struct {
	By Basis
	// What names the input: the objects, the ConfigMap and key, the version floor, the change; in
	// English and Chinese, with names, keys and versions in ASCII in both.
	What words.Phrase
	// IfUnknown says what the verdict is when the input cannot be read (a managed control plane hides
	// the controller, RBAC forbids the ConfigMap, an offline run lacks it).
	IfUnknown Unknown
}

// Unknown is the verdict of a rule whose deciding input cannot be read. Its value is the key JSON and
// YAML carry unchanged in every language; In words it for a reader, in plain words.
type Unknown string

// Verdicts when a deciding input cannot be read.
const (
	// UnknownSkips: the check is skipped with the reason; no finding.
	UnknownSkips Unknown = "skipped, with the missing input named"
	// UnknownWarns: a warning that names what decides it (never an error).
	UnknownWarns Unknown = "warning that names what decides it"
	// UnknownDefault: the controller's documented default applies.
	UnknownDefault Unknown = "the controller's default"
)

// Unknowns lists every verdict of an unreadable input.
func Unknowns() []Unknown { return []Unknown{UnknownSkips, UnknownWarns, UnknownDefault} }

// unknownWords words each verdict; a test holds every verdict of the catalog to an entry here.
var unknownWords = map[Unknown]words.Phrase{
	UnknownSkips:   {En: "the check is skipped, and the report says what could not be read", Zh: "跳过该检查，报告中会说明缺少哪项信息"},
	UnknownWarns:   {En: "a warning (never an error) that says what decides it", Zh: "给出警告（不会是错误），并说明由什么决定"},
	UnknownDefault: {En: "the controller's default is assumed", Zh: "按控制器的默认值判定"},
}

// Words is u as a Phrase; the zero Phrase for a value that is not one of Unknowns.
func (u Unknown) Words() words.Phrase { return unknownWords[u] }

// In is u worded in lang.
func (u Unknown) In(lang words.Lang) string { return u.Words().In(lang) }

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
