package checks

import (
	"regexp"
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Annotation keys (or key prefixes) that only one cloud's controllers read.
var (
	tkePrefixes = []string{"service.kubernetes.io/qcloud-", "service.kubernetes.io/tke-", "service.cloud.tencent.com/",
		"ingress.cloud.tencent.com/", annSvcLBID, annSvcExtensive, annExistLB, annIngSubnet, annHTTPRules, annHTTPSRules,
		annIngExtensive, annIngLBID, annRuleMix, annChargeType, annBandwidth, annCertID,
		// Older TKE Service annotations, still in TKE's Service annotation page.
		"kubernetes.io/service.internetChargeType", "kubernetes.io/service.internetMaxBandwidthOut",
		"service.kubernetes.io/loadbalance-type"}
	ackPrefixes = []string{"service.beta.kubernetes.io/alibaba-cloud-", "service.beta.kubernetes.io/alicloud-", annBackendType}
)

// Node spec.providerID forms:
//   - ACK: "<region-id>.<instance-id>", e.g. cn-hangzhou.i-bp1…, optionally prefixed "alicloud://"
//     (kubernetes/cloud-provider-alibaba-cloud docs/getting-started.md and its NodeFromProviderID; the
//     Kubernetes "Cloud Providers" page, Alibaba section: kubelet --provider-id=${REGION_ID}.${INSTANCE_ID}).
//   - TKE: "qcloud:///<zone>/<instance-id>", zone numeric or named, e.g. qcloud:///100003/ins-3ven36lk
//     (kubernetes/autoscaler, cloudprovider/tencentcloud); any "qcloud://" form is Tencent's scheme.
//
// An Alibaba region id is a geography prefix and a place, optionally with numbered or special parts:
// cn-hangzhou, ap-southeast-1, us-west-1, eu-central-1, cn-shanghai-finance-1, cn-north-2-gov-1.
var ackProviderID = regexp.MustCompile(`^(?:cn|ap|us|eu|me|na|sa|af)-[a-z]+(?:-[a-z0-9]+)*\.i-[a-z0-9]+$`)

// providerOfID returns the cloud a node providerID belongs to, or Generic.
func providerOfID(id string) rules.Provider {
	switch {
	case strings.HasPrefix(id, "qcloud://") && len(id) > len("qcloud://"):
		return tkerules.Provider
	case strings.HasPrefix(id, "alicloud://"):
		if ackProviderID.MatchString(strings.TrimPrefix(id, "alicloud://")) {
			return ackrules.Provider
		}
	case ackProviderID.MatchString(id):
		return ackrules.Provider
	}
	return rules.Generic
}

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

// DetectProvider decides the target's cloud from all the evidence: its ingress class, its
// annotations, every node's providerID and well-known kube-system objects. The first source (in
// SignalSource order) where one cloud has more signals than the other decides; a tie there leaves it
// to the next source, and a tie in every source goes to ack (alphabetical), so the answer never
// depends on map or list order. Signals of the other cloud are returned as conflicts.
func DetectProvider(s *snapshot.Snapshot, t snapshot.Target) Detection {
	done := snapshot.Memo(s, detectProviderKey, func() *lazyMap[snapshot.Target, Detection] {
		return newLazyMap[snapshot.Target, Detection](len(s.Targets))
	})
	return done.get(t, func() Detection {
		var (
			tally signalTally
			sigs  [8]signal
		)
		tally.sigs = targetSignals(sigs[:0], s, t)
		tally.fill()
		return decide(&tally, clusterTally(s))
	})
}

// ClusterProvider decides the cloud from nodes and kube-system objects alone.
func ClusterProvider(s *snapshot.Snapshot) Detection {
	return decide(&signalTally{}, clusterTally(s))
}

// clusterTally is the tally of clusterSignals, once per snapshot.
func clusterTally(s *snapshot.Snapshot) *signalTally {
	return snapshot.Memo(s, clusterTallyKey, func() *signalTally {
		t := &signalTally{sigs: clusterSignals(s)}
		t.fill()
		return t
	})
}

// Keys of the provider detection's per-snapshot values.
var (
	detectProviderKey = snapshot.NewMemoKey[*lazyMap[snapshot.Target, Detection]]("checks.DetectProvider")
	clusterTallyKey   = snapshot.NewMemoKey[*signalTally]("checks.clusterTally")
	clusterSignalsKey = snapshot.NewMemoKey[[]signal]("checks.clusterSignals")
)

// classQcloud is the signal of an Ingress of class qcloud.
var classQcloud = words.Say("ingress class qcloud", "Ingress 类 qcloud")

// signal is a Signal whose Text and Path, for an annotation of the target (ann) or a node's
// providerID (node), are built only when a Detection shows it: a pass re-derives the cluster's
// signals, one per node.
type signal struct {
	Signal
	ann  string
	node *corev1.Node
}

func (sg signal) full() Signal {
	switch {
	case sg.ann != "":
		sg.Text, sg.Path = words.Say("annotation %s", "注解 %s", clipTo(sg.ann, 120)), annPath(sg.ann)
	case sg.node != nil:
		sg.Text = words.Say("node providerID %s", "节点 providerID %s", clipTo(sg.node.Spec.ProviderID, 80))
		sg.Path = objPath("", "Node", sg.node.Name, "spec.providerID")
	}
	return sg.Signal
}

var ingressClassAnnPath = annPath(annIngressClass)

// targetSignals appends the target's signals to dst.
func targetSignals(dst []signal, s *snapshot.Snapshot, t snapshot.Target) []signal {
	var ann map[string]string
	var class *signal
	switch t.Kind {
	case snapshot.KindService:
		if svc, err := s.Services.Get(t.Namespace, t.Name); err == nil {
			ann = svc.Annotations
			// The class names the controller that owns the Service, as an ingress class does: ACK's
			// cloud-controller-manager provisions an NLB for it (helper.NeedNLB).
			if svc.Spec.LoadBalancerClass != nil && *svc.Spec.LoadBalancerClass == ackNLBClass {
				class = &signal{Signal: Signal{ackrules.Provider, FromIngressClass, words.Say("loadBalancerClass %s", "loadBalancerClass %s", ackNLBClass), "spec.loadBalancerClass"}}
			}
		}
	case snapshot.KindIngress:
		if ing, err := s.Ingresses.Get(t.Namespace, t.Name); err == nil {
			ann = ing.Annotations
			switch {
			case ing.Spec.IngressClassName != nil && *ing.Spec.IngressClassName == "qcloud":
				class = &signal{Signal: Signal{tkerules.Provider, FromIngressClass, classQcloud, "spec.ingressClassName"}}
			case ann[annIngressClass] == "qcloud":
				class = &signal{Signal: Signal{tkerules.Provider, FromIngressClass, classQcloud, ingressClassAnnPath}}
			}
		}
	}
	if class != nil {
		dst = append(dst, *class)
	}
	from := len(dst)
	for k := range ann {
		var p rules.Provider
		switch {
		case hasAnyPrefix(k, tkePrefixes):
			p = tkerules.Provider
		case hasAnyPrefix(k, ackPrefixes):
			p = ackrules.Provider
		default:
			continue
		}
		dst = append(dst, signal{Signal: Signal{Provider: p, Source: FromAnnotation}, ann: k})
	}
	slices.SortFunc(dst[from:], func(a, b signal) int { return strings.Compare(a.ann, b.ann) })
	return dst
}

// clusterSignals reads nodes (sorted by name) and kube-system objects, once per snapshot.
func clusterSignals(s *snapshot.Snapshot) []signal {
	return snapshot.Memo(s, clusterSignalsKey, func() []signal {
		var out []signal
		add := func(p rules.Provider, src SignalSource, text words.Words, path string) {
			out = append(out, signal{Signal: Signal{p, src, text, path}})
		}
		if nodes, err := s.Nodes.List(""); err == nil {
			for _, n := range nodes {
				if p := providerOfID(n.Spec.ProviderID); p != rules.Generic {
					out = append(out, signal{Signal: Signal{Provider: p, Source: FromNode}, node: n})
				}
			}
		}
		if _, err := s.ConfigMaps.Get(kubeSystem, tkeConfigCM); err == nil {
			add(tkerules.Provider, FromKubeSystem, words.Say("kube-system ConfigMap %s", "kube-system 中的 ConfigMap %s", tkeConfigCM),
				objPath(kubeSystem, "ConfigMap", tkeConfigCM, ""))
		}
		if _, err := s.Deployments.Get("kube-system", "l7-lb-controller"); err == nil {
			add(tkerules.Provider, FromKubeSystem, words.Say("kube-system Deployment %s", "kube-system 中的 Deployment %s", "l7-lb-controller"),
				objPath("kube-system", "Deployment", "l7-lb-controller", ""))
		}
		// Many clouds run a "cloud-controller-manager"; only Alibaba's image names it.
		for _, name := range []string{"cloud-controller-manager", "ack-cloud-controller-manager"} {
			if d, err := s.Deployments.Get("kube-system", name); err == nil && alibabaImage(d.Spec.Template.Spec) {
				add(ackrules.Provider, FromKubeSystem, words.Say("kube-system Deployment %s (Alibaba image)", "kube-system 中的 Deployment %s（阿里云镜像）", name),
					objPath("kube-system", "Deployment", name, ""))
			}
			if d, err := s.DaemonSets.Get("kube-system", name); err == nil && alibabaImage(d.Spec.Template.Spec) {
				add(ackrules.Provider, FromKubeSystem, words.Say("kube-system DaemonSet %s (Alibaba image)", "kube-system 中的 DaemonSet %s（阿里云镜像）", name),
					objPath("kube-system", "DaemonSet", name, ""))
			}
		}
		return out
	})
}

// decide applies the precedence documented on DetectProvider to the target's signals and the
// cluster's, both in SignalSource order.
func decide(target, cluster *signalTally) Detection {
	parts := [2]*signalTally{target, cluster}
	var n [FromKubeSystem + 1]struct{ ack, tke int }
	total := 0
	for _, p := range parts {
		for src := range n {
			n[src].ack += p.n[src].ack
			n[src].tke += p.n[src].tke
		}
		total += len(p.sigs)
	}
	if total == 0 {
		return Detection{Provider: rules.Generic, Evidence: words.Say("no cloud-specific signal", "没有云厂商特有的迹象")}
	}
	winner, from, decided := ackrules.Provider, SignalSource(-1), false
	for src := FromIngressClass; src <= FromKubeSystem && !decided; src++ {
		switch c := n[src]; {
		case c.tke > c.ack:
			winner, from, decided = tkerules.Provider, src, true
		case c.ack > c.tke:
			winner, from, decided = ackrules.Provider, src, true
		case c.ack > 0 && from < 0:
			from = src
		}
	}
	d := Detection{Provider: winner}
	var first *signal
	support, shown := 0, 0
	for _, p := range parts {
		w := &p.as[cloudIndex(winner)]
		d.ConflictCount += w.conflictCount
		shown += min(w.conflictCount, maxConflicts)
	}
	if shown > 0 {
		d.Conflicts = make([]Signal, 0, min(shown, maxConflicts))
	}
	for _, p := range parts {
		w := &p.as[cloudIndex(winner)]
		for _, i := range w.conflicts[:min(w.conflictCount, maxConflicts)] {
			if len(d.Conflicts) < maxConflicts {
				d.Conflicts = append(d.Conflicts, p.sigs[i].full())
			}
		}
		if from >= 0 {
			if first == nil && w.first[from] > 0 {
				first = &p.sigs[w.first[from]-1]
			}
			support += w.support[from]
		}
	}
	if first == nil {
		return d
	}
	d.Evidence = first.full().Text
	if support > 1 {
		d.Evidence = words.Say("%s and %d more", "%s 等另外 %d 个", d.Evidence, support-1)
	}
	if !decided {
		d.Evidence = words.Say("%s; tied with tke signals, ack chosen", "%s；与 tke 的迹象一样多，选择 ack", d.Evidence)
	}
	return d
}

// signalTally is what decide needs of a list of signals, gone through once: the cluster's (one per
// node and kube-system object) once per snapshot rather than once per target.
type signalTally struct {
	sigs []signal
	n    [FromKubeSystem + 1]struct{ ack, tke int }
	// as holds, for ack and tke (cloudIndex) as the winner: the indexes of the first maxConflicts
	// signals of another cloud and their count, and per source the cloud's own signals (first, as
	// index+1) and count.
	as [2]struct {
		conflicts     [maxConflicts]int
		conflictCount int
		first         [FromKubeSystem + 1]int
		support       [FromKubeSystem + 1]int
	}
}

func cloudIndex(p rules.Provider) int {
	if p == tkerules.Provider {
		return 1
	}
	return 0
}

// fill tallies t.sigs into the zero counts of t.
func (t *signalTally) fill() {
	for i, sg := range t.sigs {
		switch sg.Provider {
		case ackrules.Provider:
			t.n[sg.Source].ack++
		case tkerules.Provider:
			t.n[sg.Source].tke++
		}
		for wi, winner := range [2]rules.Provider{ackrules.Provider, tkerules.Provider} {
			w := &t.as[wi]
			if sg.Provider != winner {
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
}

func alibabaImage(spec corev1.PodSpec) bool {
	for _, c := range spec.Containers {
		if strings.Contains(c.Image, "aliyun") || strings.Contains(c.Image, "alibaba") || strings.Contains(c.Image, "/acs/") {
			return true
		}
	}
	return false
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
