package checks

import (
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Signal is one piece of evidence that points to a cloud.
type Signal struct {
	Provider rules.Provider
	// Source ranks the signal; lower sources take precedence.
	Source SignalSource
	// Text says what was seen, e.g. "annotation service.kubernetes.io/tke-existed-lbid".
	Text words.Words
	// Path locates it, on the target or on another object.
	Path string
}

// SignalSource is the kind of evidence, in order of precedence.
type SignalSource int

// Sources of evidence, strongest first. The target's own class (an ingress class, or a Service's
// loadBalancerClass) and annotations name the controller it is written for (and the checks that can
// read it); the cluster decides only for a target that carries nothing cloud-specific or whose own
// signals tie.
const (
	FromIngressClass SignalSource = iota
	FromAnnotation
	FromNode
	FromKubeSystem
)

// Detection is the cloud a target is diagnosed for and what decided it.
type Detection struct {
	Provider rules.Provider
	// Evidence says in a few words what decided, e.g. "node providerID cn-beijing.i-2ze…".
	Evidence words.Words
	// Conflicts holds the first maxConflicts signals that point to another cloud than Provider,
	// strongest first; ConflictCount counts them all.
	Conflicts     []Signal
	ConflictCount int
}

// maxConflicts bounds the conflicting signals a Detection keeps: a cluster may have thousands of nodes.
const maxConflicts = 3

// DetectProvider decides the target's cloud from all the evidence: its class, its annotations,
// every node's providerID and the kube-system objects only one cloud runs. The first source (in
// SignalSource order) where one cloud has more signals than every other decides; a tie there
// leaves it to the next source, and a tie in every source goes to the first tied cloud by name, so
// the answer never depends on map or list order. Signals of other clouds are returned as conflicts.
func (su *Suite) DetectProvider(s *snapshot.Snapshot, t snapshot.Target) Detection {
	done := snapshot.Memo(s, su.detectKey, func() *lazyMap[snapshot.Target, Detection] {
		return newLazyMap[snapshot.Target, Detection](len(s.Targets))
	})
	return done.get(t, func() Detection {
		var sigs [8]signal
		tally := su.newTally(su.targetSignals(sigs[:0], s, t))
		return su.decide(tally, su.clusterTally(s))
	})
}

// ClusterProvider decides the cloud from nodes and kube-system objects alone.
func (su *Suite) ClusterProvider(s *snapshot.Snapshot) Detection {
	return su.decide(su.newTally(nil), su.clusterTally(s))
}

// clusterTally is the tally of clusterSignals, once per snapshot.
func (su *Suite) clusterTally(s *snapshot.Snapshot) *signalTally {
	return snapshot.Memo(s, su.clusterTallyKey, func() *signalTally {
		return su.newTally(su.clusterSignals(s))
	})
}

// signal is a Signal whose Text and Path, for an annotation of the target (ann) or a node's
// providerID (node), are built only when a Detection shows it: a pass re-derives the cluster's
// signals, one per node. cloud is the index of its cloud in the suite.
type signal struct {
	Signal
	cloud int
	ann   string
	node  *corev1.Node
}

func (sg signal) full() Signal {
	switch {
	case sg.ann != "":
		sg.Text, sg.Path = words.Say("annotation %s", "注解 %s", ClipTo(sg.ann, 120)), AnnPath(sg.ann)
	case sg.node != nil:
		sg.Text = words.Say("node providerID %s", "节点 providerID %s", ClipTo(sg.node.Spec.ProviderID, 80))
		sg.Path = ObjPath("", "Node", sg.node.Name, "spec.providerID")
	}
	return sg.Signal
}

var ingressClassAnnPath = AnnPath(annotations.IngressClass)

// targetSignals appends the target's signals to dst: its class, then its annotations by key.
func (su *Suite) targetSignals(dst []signal, s *snapshot.Snapshot, t snapshot.Target) []signal {
	var ann map[string]string
	class := func(i int, text words.Words, path string) {
		dst = append(dst, signal{Signal: Signal{su.clouds[i].Name, FromIngressClass, text, path}, cloud: i})
	}
	switch t.Kind {
	case snapshot.KindService:
		if svc, err := s.Services.Get(t.Namespace, t.Name); err == nil {
			ann = svc.Annotations
			// The class names the controller that owns the Service, as an ingress class does.
			if lbc := svc.Spec.LoadBalancerClass; lbc != nil {
				for i, c := range su.clouds {
					if slices.Contains(c.Signals.LoadBalancerClasses, *lbc) {
						class(i, words.Say("loadBalancerClass %s", "loadBalancerClass %s", *lbc), "spec.loadBalancerClass")
						break
					}
				}
			}
		}
	case snapshot.KindIngress:
		if ing, err := s.Ingresses.Get(t.Namespace, t.Name); err == nil {
			ann = ing.Annotations
			before := len(dst)
			for i, c := range su.clouds {
				ic := c.IngressController
				if ic == nil {
					continue
				}
				if ing.Spec.IngressClassName != nil && slices.Contains(ic.Classes, *ing.Spec.IngressClassName) {
					class(i, classWords(*ing.Spec.IngressClassName), "spec.ingressClassName")
					break
				}
				if v := ann[annotations.IngressClass]; v != "" && slices.Contains(ic.Classes, v) {
					class(i, classWords(v), ingressClassAnnPath)
					break
				}
			}
			if len(dst) == before && ing.Spec.IngressClassName != nil {
				dst = su.controllerSignal(dst, s, *ing.Spec.IngressClassName)
			}
		}
	}
	from := len(dst)
	for k := range ann {
		for i, c := range su.clouds {
			if hasAnyPrefix(k, c.Signals.Annotations) {
				dst = append(dst, signal{Signal: Signal{Provider: c.Name, Source: FromAnnotation}, cloud: i, ann: k})
				break
			}
		}
	}
	slices.SortFunc(dst[from:], func(a, b signal) int { return strings.Compare(a.ann, b.ann) })
	return dst
}

// controllerSignal appends the signal of an IngressClass, when the snapshot holds it, whose
// spec.controller only one cloud runs (Signals.IngressControllers): ACK's ALB, say.
func (su *Suite) controllerSignal(dst []signal, s *snapshot.Snapshot, name string) []signal {
	ic, err := s.IngressClasses.Get("", name)
	if err != nil {
		return dst
	}
	for i, c := range su.clouds {
		if knownIn(c.Signals.IngressControllers, "", ic.Spec.Controller) != "" {
			text := words.Say("IngressClass %s (controller %s)", "IngressClass %s（控制器 %s）", Clip(name), Clip(ic.Spec.Controller))
			return append(dst, signal{Signal: Signal{c.Name, FromIngressClass, text, "spec.ingressClassName"}, cloud: i})
		}
	}
	return dst
}

// classWords is the signal of an Ingress of a cloud's class.
func classWords(class string) words.Words {
	return words.Say("ingress class %s", "IngressClass %s", class)
}

// clusterSignals reads nodes (sorted by name) and kube-system objects, once per snapshot.
func (su *Suite) clusterSignals(s *snapshot.Snapshot) []signal {
	return snapshot.Memo(s, su.clusterSignalsKey, func() []signal {
		var out []signal
		if nodes, err := s.Nodes.List(""); err == nil {
			for _, n := range nodes {
				for i, c := range su.clouds {
					if c.Signals.ProviderID != nil && c.Signals.ProviderID(n.Spec.ProviderID) {
						out = append(out, signal{Signal: Signal{Provider: c.Name, Source: FromNode}, cloud: i, node: n})
						break
					}
				}
			}
		}
		for i, c := range su.clouds {
			for _, k := range c.Signals.Components {
				if sig, ok := componentSignal(s, k); ok {
					sig.Provider = c.Name
					out = append(out, signal{Signal: sig, cloud: i})
				}
			}
		}
		return out
	})
}

// componentSignal is the signal of component k when kube-system holds it.
func componentSignal(s *snapshot.Snapshot, k Component) (Signal, bool) {
	var kind string
	var spec *corev1.PodSpec
	switch k.Resource {
	case snapshot.ConfigMaps:
		if _, err := s.ConfigMaps.Get(KubeSystem, k.Name); err != nil {
			return Signal{}, false
		}
		kind = "ConfigMap"
	case snapshot.Deployments:
		d, err := s.Deployments.Get(KubeSystem, k.Name)
		if err != nil {
			return Signal{}, false
		}
		kind, spec = "Deployment", &d.Spec.Template.Spec
	case snapshot.DaemonSets:
		d, err := s.DaemonSets.Get(KubeSystem, k.Name)
		if err != nil {
			return Signal{}, false
		}
		kind, spec = "DaemonSet", &d.Spec.Template.Spec
	default:
		return Signal{}, false
	}
	sig := Signal{Source: FromKubeSystem, Path: ObjPath(KubeSystem, kind, k.Name, "")}
	switch {
	case k.Image == nil:
		sig.Text = words.Say("kube-system %s %s", "kube-system 中的 %s %s", kind, k.Name)
	case spec != nil && slices.ContainsFunc(spec.Containers, func(c corev1.Container) bool { return k.Image(c.Image) }):
		sig.Text = words.Say("kube-system %s %s (%s image)", "kube-system 中的 %s %s（%s镜像）", kind, k.Name, k.Vendor.With())
	default:
		return Signal{}, false
	}
	return sig, true
}

// decide applies the precedence documented on DetectProvider to the target's signals and the
// cluster's, both in SignalSource order.
func (su *Suite) decide(target, cluster *signalTally) Detection {
	parts := [2]*signalTally{target, cluster}
	n := len(su.clouds)
	if len(target.sigs)+len(cluster.sigs) == 0 || n == 0 {
		return Detection{Provider: rules.Generic, Evidence: words.Say("no cloud-specific signal", "没有云厂商特有的迹象")}
	}
	var counts [FromKubeSystem + 1][]int
	for src := range counts {
		counts[src] = make([]int, n)
		for _, p := range parts {
			for i := range n {
				counts[src][i] += p.n[i][src]
			}
		}
	}
	winner, from, decided := -1, SignalSource(-1), false
	var tied []int
	for src := FromIngressClass; src <= FromKubeSystem && !decided; src++ {
		top := slices.Max(counts[src])
		if top == 0 {
			continue
		}
		var at []int
		for i, c := range counts[src] {
			if c == top {
				at = append(at, i)
			}
		}
		switch {
		case len(at) == 1:
			winner, from, decided = at[0], src, true
		case from < 0:
			from, tied = src, at
		}
	}
	if !decided {
		// The first tied cloud by name.
		winner = slices.MinFunc(tied, func(a, b int) int { return strings.Compare(string(su.clouds[a].Name), string(su.clouds[b].Name)) })
	}
	d := Detection{Provider: su.clouds[winner].Name}
	var first *signal
	support, shown := 0, 0
	for _, p := range parts {
		w := &p.as[winner]
		d.ConflictCount += w.conflictCount
		shown += min(w.conflictCount, maxConflicts)
	}
	if shown > 0 {
		d.Conflicts = make([]Signal, 0, min(shown, maxConflicts))
	}
	for _, p := range parts {
		w := &p.as[winner]
		for _, i := range w.conflicts[:min(w.conflictCount, maxConflicts)] {
			if len(d.Conflicts) < maxConflicts {
				d.Conflicts = append(d.Conflicts, p.sigs[i].full())
			}
		}
		if first == nil && w.first[from] > 0 {
			first = &p.sigs[w.first[from]-1]
		}
		support += w.support[from]
	}
	if first == nil {
		return d
	}
	d.Evidence = first.full().Text
	if support > 1 {
		d.Evidence = words.Say("%[1]s and %[2]d more", "%[1]s 等 %[3]d 项迹象", d.Evidence, support-1, support)
	}
	if !decided {
		var others []rules.Provider
		for _, i := range tied {
			if i != winner {
				others = append(others, su.clouds[i].Name)
			}
		}
		d.Evidence = words.Say("%s; tied with %s signals, %s chosen", "%s；与 %s 的迹象一样多，选择 %s", d.Evidence,
			joinNames(others, "/"), d.Provider)
	}
	return d
}

// signalTally is what decide needs of a list of signals, gone through once: the cluster's (one per
// node and kube-system object) once per snapshot rather than once per target.
type signalTally struct {
	sigs []signal
	// n counts each cloud's signals by source.
	n [][FromKubeSystem + 1]int
	// as holds, for each cloud as the winner: the indexes of the first maxConflicts signals of
	// another cloud and their count, and per source the cloud's own signals (first, as index+1) and
	// count.
	as []winnerTally
}

type winnerTally struct {
	conflicts     [maxConflicts]int
	conflictCount int
	first         [FromKubeSystem + 1]int
	support       [FromKubeSystem + 1]int
}

// newTally tallies sigs for the suite's clouds.
func (su *Suite) newTally(sigs []signal) *signalTally {
	n := len(su.clouds)
	t := &signalTally{sigs: sigs, n: make([][FromKubeSystem + 1]int, n), as: make([]winnerTally, n)}
	for i, sg := range t.sigs {
		t.n[sg.cloud][sg.Source]++
		for wi := range t.as {
			w := &t.as[wi]
			if sg.cloud != wi {
				if w.conflictCount < maxConflicts {
					w.conflicts[w.conflictCount] = i
				}
				w.conflictCount++
				continue
			}
			if w.first[sg.Source] == 0 {
				w.first[sg.Source] = i + 1
			}
			w.support[sg.Source]++
		}
	}
	return t
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
