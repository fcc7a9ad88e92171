package checks

import (
	"fmt"
	"regexp"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Helpers several providers' checks share.

// IsTarget reports whether the object of kind k named ns/name is the target c diagnoses.
func (c *Context) IsTarget(k snapshot.Kind, ns, name string) bool {
	switch k {
	case snapshot.KindService:
		return c.Service != nil && c.Service.Namespace == ns && c.Service.Name == name
	case snapshot.KindIngress:
		return c.Ingress != nil && c.Ingress.Namespace == ns && c.Ingress.Name == name
	}
	return false
}

// OtherServices are every Service but the target, for a check that looks for others using the same
// load balancer: listed cluster-wide, or, offline for an AddOnly check, those of the input files
// (noted as partial).
func OtherServices(c *Context) ([]*corev1.Service, error) {
	svcs, err := ListAll(c, &c.Snap.Services)
	if err != nil {
		return nil, err
	}
	c.NotePartial()
	out := make([]*corev1.Service, 0, len(svcs))
	for _, s := range svcs {
		if !c.IsTarget(snapshot.KindService, s.Namespace, s.Name) {
			out = append(out, s)
		}
	}
	return out, nil
}

// LBPort is a listener port of a load balancer.
type LBPort struct {
	Port  int32
	Proto corev1.Protocol
}

// ProtocolOf is a Service port's protocol, TCP when unset.
func ProtocolOf(p corev1.ServicePort) corev1.Protocol {
	if p.Protocol == "" {
		return corev1.ProtocolTCP
	}
	return p.Protocol
}

// FindContainer is the index of the container named name, else of the first whose image mentions
// it, else of the only container; -1 when none fits.
func FindContainer(cs []corev1.Container, name string) int {
	for i, ct := range cs {
		if ct.Name == name {
			return i
		}
	}
	for i, ct := range cs {
		if strings.Contains(ct.Image, name) {
			return i
		}
	}
	if len(cs) == 1 {
		return 0
	}
	return -1
}

// WrappedWords is an error worded in every language (W) that wraps Err, whose class it keeps.
type WrappedWords struct {
	Err error
	W   words.Words
}

func (e *WrappedWords) Error() string             { return e.W.In(words.English) }
func (e *WrappedWords) In(lang words.Lang) string { return e.W.In(lang) }
func (e *WrappedWords) Unwrap() error             { return e.Err }

// ServicePorts lists svc's ports (name=port/protocol), or "none".
func ServicePorts(svc *corev1.Service) string { return ServicePortWords(svc).In(words.English) }

// ServicePortWords is ServicePorts worded.
func ServicePortWords(svc *corev1.Service) words.Words { return PortWords(svc.Spec.Ports) }

// PortWords words Service ports as ServicePorts does ("none" for no port).
func PortWords(ports []corev1.ServicePort) words.Words {
	var out []string
	for _, sp := range ports {
		s := fmt.Sprintf("%d/%s", sp.Port, Clip(string(ProtocolOf(sp))))
		if sp.Name != "" {
			s = Clip(sp.Name) + "=" + s
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return noneWords
	}
	return words.List(out)
}

// noneWords is "none" in every language.
var noneWords = words.Say("none", "无")

// SleepRE finds "sleep N" in a command line.
var SleepRE = regexp.MustCompile(`\bsleep\s+(\d+)`)
