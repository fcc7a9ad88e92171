package checks

import (
	"slices"
	"strings"
	"sync"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/changes"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/events"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Cloud is a provider as the checks see it: its name, the signals that tell its objects and clusters
// apart, its checks, and the Ingress controller of its own that its checks cover. pkg/provider's
// Provider holds one, beside what the other framework packages read of the provider.
type Cloud struct {
	Name    rules.Provider
	Signals Signals
	// Checks are the provider's checks, in the order they run.
	Checks []Check
	// IngressController is the provider's own Ingress controller, which its Ingress checks cover;
	// nil when it has none.
	IngressController *IngressControllerSpec
	// Changes is the provider's change model (pkg/changes): what its controllers do with an edit.
	Changes changes.Model
	// Events is how its controllers name its codes in event messages; nil when its event rules
	// match only by their message fragments.
	Events *events.Codes
	// Side is how the provider's cloud checks (--cloud) read its objects; nil when it has none.
	Side *CloudSide
	// NeverBound, when set, reports whether the snapshot shows that the load balancer a Service
	// now names could never have been bound to it (a preflight then refuses nothing of it).
	NeverBound func(c *Context, now *corev1.Service) bool
	// Standing, when set, reports after the change model what the Service alone shows of the
	// change rules, each unless reported holds its rule; StandingEmits are the rules it and the
	// change model report beyond those marked as changes in the catalog.
	Standing      func(c *Context, reported map[rules.ID]bool)
	StandingEmits []rules.ID
	// Reads say why its checks read built-in kinds (deploy/rbac.yaml's comments).
	Reads []ReadNote
}

// ReadNote says why a provider's checks read a built-in kind: Resource is its snapshot resource name
// (snapshot.ConfigMaps).
type ReadNote struct {
	Resource, Text string
}

// Signals are the evidence that an object or a cluster belongs to a cloud.
type Signals struct {
	// Annotations are annotation keys, or key prefixes, that only the cloud's controllers read.
	Annotations []string
	// LoadBalancerClasses are Service loadBalancerClasses that the cloud's controller provisions.
	LoadBalancerClasses []string
	// IngressControllers are the cloud's Ingress controllers the catalog does not cover yet: they name
	// an Ingress's controller, and their spec.controller prefixes, which only the cloud uses, are
	// evidence of it.
	IngressControllers []KnownController
	// ProviderID reports whether a node's spec.providerID is one of the cloud's.
	ProviderID func(id string) bool
	// Components are kube-system objects only the cloud runs.
	Components []Component
}

// Component is a kube-system object that only a cloud runs.
type Component struct {
	// Resource is snapshot.ConfigMaps, snapshot.Deployments or snapshot.DaemonSets.
	Resource string
	Name     string
	// Image, when set, must hold for one of a workload's container images (several clouds run a
	// workload of the same name); Vendor then names the image's vendor in the evidence.
	Image  func(image string) bool
	Vendor words.Phrase
}

// KnownController names an Ingress controller by the prefixes of its IngressClasses' spec.controller
// and, when the IngressClass is not at hand (the annotation, or offline input without it), by its
// usual class names.
type KnownController struct {
	Name        string
	Classes     []string
	Controllers []string
}

// IngressControllerSpec names a cloud's own Ingress controller: by the classes it takes and the
// substrings of an IngressClass's spec.controller that name it.
type IngressControllerSpec struct {
	Name        string
	Classes     []string
	Controllers []string
	// Classless: the controller takes Ingresses without a class, on a target diagnosed for the cloud.
	Classless bool
}

// Suite is what a diagnosis runs: every provider and its checks, and the provider-independent checks.
// A Suite is read-only once in use; NewSuite makes one.
type Suite struct {
	clouds []Cloud
	// before and after are the provider-independent checks, run before and after the providers'.
	before, after []Check
	all           []Check
	byName        map[rules.Provider]int
	// codes are the clouds' event codes, in order.
	codes []events.Codes

	detectKey         snapshot.MemoKey[*lazyMap[snapshot.Target, Detection]]
	clusterTallyKey   snapshot.MemoKey[*signalTally]
	clusterSignalsKey snapshot.MemoKey[[]signal]
	inputs            func() []Input
}

// NewSuite is the suite of the clouds, in the order they are given (the order help and evidence
// name them), with the framework's provider-independent checks.
func NewSuite(clouds ...Cloud) *Suite {
	return newSuite(clouds, genericChecks(), changeChecks(clouds), true)
}

// NewSuiteOf is a suite that tells the clouds apart by their signals but runs only the given checks
// (tests of the runner and the planner).
func NewSuiteOf(clouds []Cloud, only []Check) *Suite {
	return newSuite(clouds, only, nil, false)
}

func newSuite(clouds []Cloud, before, after []Check, cloudChecks bool) *Suite {
	s := &Suite{clouds: slices.Clone(clouds), before: before, after: after, byName: map[rules.Provider]int{},
		detectKey:         snapshot.NewMemoKey[*lazyMap[snapshot.Target, Detection]]("checks.DetectProvider"),
		clusterTallyKey:   snapshot.NewMemoKey[*signalTally]("checks.clusterTally"),
		clusterSignalsKey: snapshot.NewMemoKey[[]signal]("checks.clusterSignals")}
	s.all = append(s.all, before...)
	for i, c := range s.clouds {
		s.byName[c.Name] = i
		if c.Events != nil {
			s.codes = append(s.codes, *c.Events)
		}
		if cloudChecks {
			s.all = append(s.all, c.Checks...)
		}
	}
	s.all = append(s.all, after...)
	s.inputs = sync.OnceValue(s.detectionInputs)
	return s
}

// EventCodes are how the suite's clouds name their codes in event messages (events.Match).
func (s *Suite) EventCodes() []events.Codes { return slices.Clip(s.codes) }

// Checks is every check, in the order they run and report. Callers must not modify its elements.
func (s *Suite) Checks() []Check { return slices.Clip(s.all) }

// Clouds are the suite's providers, in order.
func (s *Suite) Clouds() []Cloud { return slices.Clip(s.clouds) }

// Cloud is the provider named p; false for Generic and unknown names.
func (s *Suite) Cloud(p rules.Provider) (Cloud, bool) {
	i, ok := s.byName[p]
	if !ok {
		return Cloud{}, false
	}
	return s.clouds[i], true
}

// HasChecks reports whether provider p has checks of kind k.
func (s *Suite) HasChecks(p rules.Provider, k rules.Kind) bool {
	c, ok := s.Cloud(p)
	if !ok {
		return false
	}
	return slices.ContainsFunc(c.Checks, func(ch Check) bool { return ch.Kind == k })
}

// detectionInputs are the reads of provider detection: every node, kube-system's Deployments and
// DaemonSets (one LIST each instead of a GET per well-known name: controllers and CNI agents have
// several names across versions) and each ConfigMap a cloud names.
func (s *Suite) detectionInputs() []Input {
	out := []Input{{Resource: snapshot.Nodes, Scope: ClusterWide}}
	for _, c := range s.clouds {
		for _, k := range c.Signals.Components {
			if k.Resource == snapshot.ConfigMaps {
				out = append(out, Input{Resource: snapshot.ConfigMaps, Scope: Fixed, Namespace: KubeSystem, Name: k.Name})
			}
		}
	}
	return append(out, Input{Resource: snapshot.Deployments, Scope: Fixed, Namespace: KubeSystem},
		Input{Resource: snapshot.DaemonSets, Scope: Fixed, Namespace: KubeSystem})
}

// DetectionInputs are what provider detection reads, for the checks that detect it too.
func (s *Suite) DetectionInputs() []Input { return s.inputs() }

// joinNames lists the clouds' names joined for a phrase ("tke or ack").
func joinNames(ps []rules.Provider, sep string) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = string(p)
	}
	return strings.Join(names, sep)
}
