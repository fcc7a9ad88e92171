package checks

import (
	"slices"
	"strconv"
	"strings"

	networkingv1 "k8s.io/api/networking/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// IngressController is the controller an Ingress's class selects, as far as the snapshot tells.
type IngressController struct {
	// Name is the controller's short name ("TKE CLB", "ALB", "MSE", "ingress-nginx", …); "" when the
	// class names no controller this package knows.
	Name string
	// Class is the ingress class: the kubernetes.io/ingress.class annotation, else
	// spec.ingressClassName; "" when the Ingress names none.
	Class string
	// Path is where the class is written; "" when the Ingress names none.
	Path string
	// Controller is the IngressClass's spec.controller, when the snapshot holds the IngressClass.
	Controller string
	// Covered is true for a controller the catalog has checks for: TKE's CLB Ingress controller.
	Covered bool
}

// Summary says in one line, in English, which controller it is and, unless covered, that the
// catalog does not cover it yet: "ALB Ingress: not covered by this catalog yet". Words words it in
// any language.
func (ic IngressController) Summary() string { return ic.Words().In(words.English) }

// Words is the summary in every language.
func (ic IngressController) Words() words.Words {
	var who words.Words
	switch {
	case ic.Name != "":
		who = words.Say("%s Ingress", "%s Ingress", ic.Name)
	case ic.Path == "":
		who = words.Say("Ingress without a class (the cluster's default IngressClass decides)",
			"未指定 class 的 Ingress（由集群的默认 IngressClass 决定）")
	case ic.Controller != "":
		who = words.Say("Ingress of class %s (controller %s)", "class 为 %s 的 Ingress（控制器 %s）", strconv.Quote(ic.Class), ic.Controller)
	default:
		who = words.Say("Ingress of class %s", "class 为 %s 的 Ingress", strconv.Quote(ic.Class))
	}
	if ic.Covered {
		return who
	}
	return words.Say("%s: not covered by this catalog yet", "%s：本规则库尚未覆盖该控制器", who)
}

// otherIngressControllers are the Ingress controllers no cloud of the catalog runs; the clouds' own
// are in their Signals.IngressControllers.
var otherIngressControllers = []KnownController{
	{"ingress-nginx", nil, []string{"k8s.io/ingress-nginx"}},
	{"NGINX", []string{"nginx"}, []string{"nginx.org/ingress-controller"}},
	{"AWS ALB", nil, []string{"ingress.k8s.aws/alb"}},
	{"Traefik", []string{"traefik"}, []string{"traefik.io/ingress-controller"}},
	{"Kong", []string{"kong"}, []string{"ingress-controllers.konghq.com/kong"}},
	{"HAProxy", []string{"haproxy"}, []string{"haproxy.org/ingress-controller"}},
	{"Istio", []string{"istio"}, []string{"istio.io/ingress-controller"}},
}

// ingressController names the controller of the target Ingress, once per target. An Ingress without
// a class is TKE's CLB controller's when the target is diagnosed for TKE (that controller takes
// Ingresses without a class); elsewhere the cluster's default IngressClass decides, unknown here.
func ingressController(c *Context) IngressController {
	if c.ctrlDone {
		return c.ctrl
	}
	c.ctrl, c.ctrlDone = detectIngressController(c), true
	return c.ctrl
}

func detectIngressController(c *Context) IngressController {
	ing := c.Ingress
	var ic IngressController
	switch cls, ok := ing.Annotations[annotations.IngressClass]; {
	case ok:
		ic.Class, ic.Path = cls, ingressClassAnnPath
	case ing.Spec.IngressClassName != nil:
		ic.Class, ic.Path = *ing.Spec.IngressClassName, "spec.ingressClassName"
		if c.suite.controllerOf(ic.Class, "") == nil {
			if cls, err := c.Snap.IngressClasses.Get("", ic.Class); err == nil {
				ic.Controller = cls.Spec.Controller
			}
		}
	default:
		if def := offlineDefaultClass(c); def != nil {
			ic.Class, ic.Path, ic.Controller = def.Name, "spec.ingressClassName", def.Spec.Controller
			break
		}
		if cl, ok := c.suite.Cloud(c.Provider); ok && cl.IngressController != nil && cl.IngressController.Classless {
			ic.Name, ic.Covered = cl.IngressController.Name, true
		}
		return ic
	}
	if own := c.suite.controllerOf(ic.Class, ic.Controller); own != nil {
		ic.Name, ic.Covered = own.Name, true
	} else {
		ic.Name = c.suite.knownController(ic.Class, ic.Controller)
	}
	ic.Class, ic.Controller = Clip(ic.Class), Clip(ic.Controller)
	return ic
}

// offlineDefaultClass is, for a manifest file, the one IngressClass of the input marked default (the
// class the API server's DefaultIngressClass admission writes into a classless new Ingress): it
// becomes the class of a classless Ingress when the file is applied. Live, a classless Ingress kept
// no class (it was created before a default existed), so it is nil there, as with none or several.
func offlineDefaultClass(c *Context) *networkingv1.IngressClass {
	if c.Snap.Source != snapshot.Offline {
		return nil
	}
	var def *networkingv1.IngressClass
	for _, ic := range c.Snap.IngressClasses.Held("") {
		if ic.Annotations[networkingv1.AnnotationIsDefaultIngressClass] != "true" {
			continue
		}
		if def != nil {
			return nil
		}
		def = ic
	}
	return def
}

// controllerOf is the cloud's own Ingress controller that takes an Ingress of class whose
// IngressClass names controller ("" when unknown), or nil.
func (su *Suite) controllerOf(class, controller string) *IngressControllerSpec {
	for _, cl := range su.clouds {
		own := cl.IngressController
		if own == nil {
			continue
		}
		if controller == "" && slices.Contains(own.Classes, class) {
			return own
		}
		for _, sub := range own.Controllers {
			if controller != "" && strings.Contains(controller, sub) {
				return own
			}
		}
	}
	return nil
}

// knownController names the controller of an IngressClass by its spec.controller when that is
// known, else by the class name; "" when neither is one of the clouds' Signals.IngressControllers or
// otherIngressControllers.
func (su *Suite) knownController(class, controller string) string {
	for _, cl := range su.clouds {
		if name := knownIn(cl.Signals.IngressControllers, class, controller); name != "" {
			return name
		}
	}
	return knownIn(otherIngressControllers, class, controller)
}

// knownIn is the name of the controller of known that class or controller names, or "".
func knownIn(known []KnownController, class, controller string) string {
	for _, k := range known {
		if controller == "" && slices.Contains(k.Classes, class) {
			return k.Name
		}
		if controller != "" && hasAnyPrefix(controller, k.Controllers) {
			return k.Name
		}
	}
	return ""
}

// OwnController is true when the Ingress controller of the target's cloud that the catalog covers
// handles the target Ingress.
func OwnController(c *Context) bool { return ingressController(c).Covered }

// checkIngressClass reports an Ingress whose class selects a controller the catalog does not cover.
func checkIngressClass(c *Context) error {
	if ic := ingressController(c); !ic.Covered && ic.Path != "" {
		c.Say(rules.GenericIngressOtherController, ic.Path, words.Say("%s; only the provider-independent checks ran",
			"%s；只运行了与云厂商无关的检查", ic.Words()))
	}
	return nil
}
