package tkechecks

import (
	"fmt"
	"slices"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// lbUser is a Service or Ingress that uses a CLB instance.
type lbUser struct {
	kind, ns, name string
	// reuses is true when the object names an existing load balancer rather than having one created.
	reuses bool
	svc    *corev1.Service
	ing    *networkingv1.Ingress
}

func (u lbUser) String() string {
	return fmt.Sprintf("%s %s/%s", u.kind, checks.Clip(u.ns), checks.Clip(u.name))
}

// lbIndex maps CLB ids to the Services and Ingresses that use them.
type lbIndex struct {
	byID map[string][]lbUser
	// declaring are, by CLB id and listener port, the Services reusing that CLB that declare the
	// port (each once), in byID's order; reused is the CLB id each such Service reuses, by ns/name.
	declaring map[string]map[checks.LBPort][]lbUser
	reused    map[string]string
	err       error
}

var lbUsersKey = snapshot.NewMemoKey[lbIndex]("lb-users")

// lbUsers lists, from every Service and Ingress in the snapshot, the objects that use CLB id, except
// the target itself. It needs the cluster-wide lists; when they are unknown the error says why.
func lbUsers(c *checks.Context, id string) ([]lbUser, error) {
	idx := checks.Memo(c, lbUsersKey, func() lbIndex { return indexLBUsers(c) })
	if idx.err != nil {
		return nil, idx.err
	}
	c.NotePartial()
	var out []lbUser
	for _, u := range idx.byID[id] {
		if !c.IsTarget(snapshot.Kind(u.kind), u.ns, u.name) {
			out = append(out, u)
		}
	}
	return out, nil
}

// indexLBUsers reads every Service and Ingress; its callers are AddOnly checks, so offline it
// indexes what the input files hold.
func indexLBUsers(c *checks.Context) lbIndex {
	svcs, err := checks.ListAll(c, &c.Snap.Services)
	if err != nil {
		return lbIndex{err: err}
	}
	ings, err := checks.ListAll(c, &c.Snap.Ingresses)
	if err != nil {
		return lbIndex{err: err}
	}
	idx := lbIndex{byID: map[string][]lbUser{}, declaring: map[string]map[checks.LBPort][]lbUser{}, reused: map[string]string{}}
	for _, s := range svcs {
		if id := s.Annotations[tkeann.ExistedLBID]; id != "" {
			u := lbUser{kind: "Service", ns: s.Namespace, name: s.Name, reuses: true, svc: s}
			idx.byID[id] = append(idx.byID[id], u)
			idx.reused[s.Namespace+"/"+s.Name] = id
			if idx.declaring[id] == nil {
				idx.declaring[id] = map[checks.LBPort][]lbUser{}
			}
			for _, p := range s.Spec.Ports {
				k := checks.LBPort{Port: p.Port, Proto: checks.ProtocolOf(p)}
				if us := idx.declaring[id][k]; len(us) == 0 || us[len(us)-1].svc != s {
					idx.declaring[id][k] = append(us, u)
				}
			}
		} else if id := s.Annotations[tkeann.LoadBalanceID]; id != "" {
			idx.byID[id] = append(idx.byID[id], lbUser{kind: "Service", ns: s.Namespace, name: s.Name, svc: s})
		}
	}
	for _, i := range ings {
		if id := i.Annotations[tkeann.IngExistLB]; id != "" {
			idx.byID[id] = append(idx.byID[id], lbUser{kind: "Ingress", ns: i.Namespace, name: i.Name, reuses: true, ing: i})
		} else if id := i.Annotations[tkeann.IngLBID]; id != "" {
			idx.byID[id] = append(idx.byID[id], lbUser{kind: "Ingress", ns: i.Namespace, name: i.Name})
		}
	}
	return idx
}

// reusedLB returns the CLB id named by annotation key of the target and the other objects using that
// CLB; ok is false when no CLB is named or the lists are unknown (a skip).
func reusedLB(c *checks.Context, ann map[string]string, key string) (id string, users []lbUser, ok bool) {
	if id = ann[key]; id == "" {
		return "", nil, false
	}
	users, err := lbUsers(c, id)
	return id, users, err == nil
}

func checkIngressExistingLB(c *checks.Context) error {
	id, users, ok := reusedLB(c, c.Ingress.Annotations, tkeann.IngExistLB)
	if !ok {
		return nil
	}
	if ingressGrouped(lbUser{ing: c.Ingress, reuses: true}) {
		users = checkIngressGroup(c, id, users)
	}
	// Each rule is one finding at the annotation, naming every object involved.
	var creators, ingresses []string
	var ports []words.Words
	for _, u := range users {
		switch {
		case !u.reuses:
			creators = append(creators, u.String())
		case u.kind == "Ingress":
			ingresses = append(ingresses, u.String())
		default:
			// HTTP and HTTPS listeners are TCP: a UDP listener on the same port number is another listener.
			for _, p := range u.svc.Spec.Ports {
				if checks.ProtocolOf(p) == corev1.ProtocolTCP && slices.Contains(ingressL7Ports(c.Ingress), int(p.Port)) {
					ports = append(ports, words.Say("%s declares port %d/%s", "%s 声明了端口 %d/%s", u, p.Port, checks.ProtocolOf(p)))
				}
			}
		}
	}
	where := checks.AnnPath(tkeann.IngExistLB)
	if len(creators) > 0 {
		c.Say(tkerules.IngressE4019, where, words.Say("load balancer %s was created by TKE for %s and cannot be reused",
			"负载均衡 %s 是 TKE 为 %s 创建的，不能复用", checks.Clip(id), checks.ListWords(creators, 5)))
	}
	if len(ingresses) > 0 {
		c.Say(tkerules.IngressE4020, where, words.Say("load balancer %s is already used by %s",
			"负载均衡 %s 已被 %s 使用", checks.Clip(id), checks.ListWords(ingresses, 5)))
	}
	if len(ports) > 0 {
		c.Say(tkerules.IngressE4101, where, words.Say("on the same load balancer %s, %s, which the Ingress listeners need",
			"在同一个负载均衡 %s 上，%s，而 Ingress 的监听器需要这些端口", checks.Clip(id), checks.ListWords(ports, 5)))
	}
	return nil
}
