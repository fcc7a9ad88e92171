package checks

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// CloudSide is how a provider's cloud checks (--cloud) read its objects: which load balancer, ports,
// subnet and certificates a target names. The checks themselves are the same for every provider.
type CloudSide struct {
	Rules rules.CloudRules
	// lb is the load balancer the target is bound to or reuses, the path that names it, and whether
	// the object reuses one it shares (its listeners may have other owners); id "" when none yet.
	LB func(c *Context) (id, path string, reused bool)
	// listeners are the listeners the target asks for.
	Listeners func(c *Context) []WantListener
	// subnet is the subnet or vSwitch the target names for an internal load balancer, and its path.
	Subnet func(c *Context) (id, path string)
	// certs are the certificate ids the target names itself (annotations), beyond its listeners'.
	Certs func(c *Context) []string
	// owner, on a reused load balancer, tells whether listener l is the target's (known: it can
	// tell at all).
	Owner func(c *Context, l *cloud.Listener) (mine, known bool)
	// backends are the nodes or pods the controller registers for a Service, and backendInputs
	// what they are read from; nil when the provider's backends are not compared.
	Backends      func(c *Context) (WantBackends, error)
	BackendInputs []Input
	// ruleBackends, for an Ingress, are the backends the controller registers for forwarding rule
	// ru of lb: those of the Service the Ingress path that is the rule names, with that path; ok
	// is false when no path of the Ingress is the rule. ruleInputs are what they are read from; nil
	// when an Ingress's backends are not compared.
	RuleBackends func(c *Context, lb *cloud.LoadBalancer, ru *cloud.Rule) (w WantBackends, path string, ok bool, err error)
	RuleInputs   []Input
}

// WantListener is a listener a target asks for: its port and protocol ("" any), and the path of the
// field that asks for it.
type WantListener struct {
	Port     int32
	Protocol string
	Path     string
}

// Cloud thresholds.
const (
	// certSoon: a certificate ending within this much time is about to expire.
	certSoon = 30 * 24 * time.Hour
	// quotaHeadroom: a quota with this share of its limit or less still free is reported.
	quotaHeadroom = 0.10
)

// CloudChecks are the cloud checks of a provider for the given kinds: they apply only when the
// snapshot holds a cloud read (--cloud).
func CloudChecks(p rules.Provider, side *CloudSide, applies func(*Context) bool, kinds ...rules.Kind) []Check {
	r := side.Rules
	nz := func(ids ...rules.ID) []rules.ID {
		var out []rules.ID
		for _, id := range ids {
			if id.Known() {
				out = append(out, id)
			}
		}
		return out
	}
	var out []Check
	for _, k := range kinds {
		ap := func(c *Context) bool { return c.Snap.Clouds != nil && applies(c) }
		run := func(fn func(*Context, *CloudSide, *cloud.Facts) error) func(*Context) error {
			return func(c *Context) error {
				f := c.Snap.Clouds[string(p)]
				if f == nil {
					return Classed(snapshot.ReasonMissingInput, words.Errorf("the %s cloud was not read", "没有读取 %s 云", string(p)))
				}
				return fn(c, side, f)
			}
		}
		out = append(out,
			Check{Name: string(p) + "-cloud-lb", Kind: k, Provider: p, Applies: ap, Inputs: TargetOnly, Run: run(checkCloudLB),
				Emits: nz(r.LBMissing, r.LBIsolated, r.LBInactive, r.LBAddress)},
			Check{Name: string(p) + "-cloud-listeners", Kind: k, Provider: p, Applies: ap, Inputs: TargetOnly, Run: run(checkCloudListeners),
				Emits: nz(r.ListenerMissing, r.ListenerProtocol, r.ListenerExtra, r.ListenerTaken)},
			Check{Name: string(p) + "-cloud-backends", Kind: k, Provider: p, Applies: ap, Inputs: TargetOnly, Run: run(checkCloudBackends),
				Emits: nz(r.BackendNone, r.BackendWeightZero, r.BackendUnhealthy)},
		)
		if inputs := side.BackendInputs; k == rules.Service && side.Backends != nil || k == rules.Ingress && side.RuleBackends != nil {
			if k == rules.Ingress {
				inputs = side.RuleInputs
			}
			out = append(out, Check{Name: string(p) + "-cloud-backend-set", Kind: k, Provider: p, Applies: ap, Inputs: inputs,
				Run: run(checkCloudBackendSet), Emits: nz(r.BackendMissing, r.BackendStale, r.BackendKind)})
		}
		out = append(out,
			Check{Name: string(p) + "-cloud-certificates", Kind: k, Provider: p, Applies: ap, Inputs: TargetOnly, Run: run(checkCloudCerts),
				Emits: nz(r.CertMissing, r.CertExpired, r.CertExpiring, r.CertHosts)},
			Check{Name: string(p) + "-cloud-quotas", Kind: k, Provider: p, Applies: ap, Inputs: TargetOnly, Run: run(checkCloudQuotas),
				Emits: nz(r.Quota)},
			Check{Name: string(p) + "-cloud-subnet", Kind: k, Provider: p, Applies: ap, Inputs: TargetOnly, Run: run(checkCloudSubnet),
				Emits: nz(r.SubnetIPs)},
		)
	}
	return out
}

// request adds what the target's cloud checks need to req.
func (s *CloudSide) request(c *Context, req *cloud.Request) {
	if id, _, _ := s.LB(c); id != "" {
		req.LoadBalancerIDs = appendNew(req.LoadBalancerIDs, id)
		req.Quotas = true
	}
	if s.Subnet != nil {
		if id, _ := s.Subnet(c); id != "" {
			req.SubnetIDs = appendNew(req.SubnetIDs, id)
		}
	}
	if s.Certs != nil {
		for _, id := range s.Certs(c) {
			req.CertificateIDs = appendNew(req.CertificateIDs, id)
		}
	}
}

func appendNew(s []string, v string) []string {
	if slices.Contains(s, v) {
		return s
	}
	return append(s, v)
}

// CloudRequests are what a cloud read must fetch for the targets, by provider: for each target its
// provider (provider, when set, else the detected one) names, through that provider's cloud side.
func (su *Suite) CloudRequests(snap *snapshot.Snapshot, targets []snapshot.Target, provider rules.Provider) map[rules.Provider]cloud.Request {
	out := map[rules.Provider]cloud.Request{}
	for _, t := range targets {
		p := provider
		if p == "" {
			p = su.DetectProvider(snap, t).Provider
		}
		cl, ok := su.Cloud(p)
		if !ok || cl.Side == nil {
			continue
		}
		c := &Context{}
		if c.reset(su, snap, t, p) != nil {
			continue
		}
		req := out[p]
		cl.Side.request(c, &req)
		out[p] = req
	}
	return out
}

// cloudErr is the skip reason of a cloud read that failed: it names the action and the class.
func cloudErr(err error) error {
	var re *cloud.ReadError
	if !errors.As(err, &re) {
		return err
	}
	class := snapshot.ReasonReadFailed
	var w words.Words
	switch re.Class {
	case cloud.Forbidden:
		class = snapshot.ReasonForbidden
		w = words.Say("the cloud refused the read action %s (grant it: deploy/cloud/): %s",
			"云 API 拒绝了读取操作 %s（请授予该权限：deploy/cloud/）：%s", re.Action.String(), re.Error())
	case cloud.Unauthenticated:
		class = snapshot.ReasonUnauthorized
		w = words.Say("no usable cloud credentials for %s: %s", "没有可用于 %s 的云凭证：%s", actionName(re), re.Error())
	default:
		w = words.Say("the cloud read %s failed: %s", "云 API 读取 %s 失败：%s", actionName(re), re.Error())
	}
	return Classed(class, &words.WordsError{W: w})
}

func actionName(re *cloud.ReadError) string {
	if re.Action.Name == "" {
		return "(no action sent)"
	}
	return re.Action.String()
}

// cloudLB is the target's load balancer: nil with a nil error when the target names none yet.
func cloudLB(c *Context, s *CloudSide, f *cloud.Facts) (*cloud.LoadBalancer, string, bool, error) {
	id, path, reused := s.LB(c)
	if id == "" {
		return nil, "", false, nil
	}
	lb, err := f.LoadBalancers.Get(id)
	if errors.Is(err, cloud.ErrNotFound) {
		return nil, path, reused, err
	}
	if err != nil {
		return nil, path, reused, cloudErr(err)
	}
	return lb, path, reused, nil
}

// from words where the facts were read when it is not the vendor's own endpoint.
func from(f *cloud.Facts) words.Words {
	if f.Endpoint == "" {
		return words.Say("", "")
	}
	return words.Say(" [read from %s, not the vendor's cloud]", "［读取自 %s，并非厂商的云］", f.Endpoint)
}

func checkCloudLB(c *Context, s *CloudSide, f *cloud.Facts) error {
	r := s.Rules
	lb, path, _, err := cloudLB(c, s, f)
	if errors.Is(err, cloud.ErrNotFound) {
		id, _, _ := s.LB(c)
		c.Say(r.LBMissing, path, words.Say("%s names load balancer %s; region %s has no such instance%s",
			"%s 指向负载均衡 %s；地域 %s 中没有这个实例%s", path, Clip(id), f.Region, from(f)))
		return nil
	}
	if err != nil || lb == nil {
		return err
	}
	switch lb.State {
	case cloud.StateIsolated:
		c.Say(r.LBIsolated, path, words.Say("load balancer %s is %s (%s)%s", "负载均衡 %s 状态为 %s（%s）%s", lb.ID, string(lb.State), lb.StateDetail, from(f)))
	case cloud.StateDeleting, cloud.StateCreating, cloud.StateStopped:
		c.Say(r.LBInactive, path, words.Say("load balancer %s is %s%s", "负载均衡 %s 状态为 %s%s", lb.ID, string(lb.State), from(f)))
	}
	if r.LBAddress.Known() && len(lb.Addresses) > 0 {
		for i, ip := range StatusIPs(c) {
			if !slices.Contains(lb.Addresses, ip) {
				c.Say(r.LBAddress, fmt.Sprintf("status.loadBalancer.ingress[%d].ip", i), words.Say(
					"status names %s; load balancer %s has %s%s", "状态中的地址为 %s；负载均衡 %s 的地址为 %s%s", ip, lb.ID, words.List(lb.Addresses), from(f)))
			}
		}
	}
	return nil
}

// StatusIPs are the IPs of the target's status.loadBalancer.ingress.
func StatusIPs(c *Context) []string {
	var out []string
	if c.Service != nil {
		for _, in := range c.Service.Status.LoadBalancer.Ingress {
			out = append(out, in.IP)
		}
		return out
	}
	for _, in := range c.Ingress.Status.LoadBalancer.Ingress {
		out = append(out, in.IP)
	}
	return out
}

// cloudListeners is the target's load balancer with its listeners read; nil with a nil error when
// there is nothing to judge.
func cloudListeners(c *Context, s *CloudSide, f *cloud.Facts) (*cloud.LoadBalancer, bool, error) {
	lb, _, reused, err := cloudLB(c, s, f)
	if err != nil || lb == nil {
		if errors.Is(err, cloud.ErrNotFound) {
			err = nil
		}
		return nil, false, err
	}
	if lb.State != cloud.StateActive {
		return nil, false, nil
	}
	if err := lb.PartErr(cloud.PartListeners); err != nil {
		return nil, false, cloudErr(err)
	}
	return lb, reused, nil
}

func checkCloudListeners(c *Context, s *CloudSide, f *cloud.Facts) error {
	r := s.Rules
	lb, reused, err := cloudListeners(c, s, f)
	if err != nil || lb == nil {
		return err
	}
	want := s.Listeners(c)
	for _, w := range want {
		l := listenerOn(lb, w.Port)
		switch {
		case l == nil:
			c.Say(r.ListenerMissing, w.Path, words.Say("load balancer %s has no listener on port %d%s",
				"负载均衡 %s 在端口 %d 上没有监听器%s", lb.ID, w.Port, from(f)))
			continue
		case reused && r.ListenerTaken.Known():
			if mine, known := s.Owner(c, l); known && !mine {
				c.Say(r.ListenerTaken, w.Path, words.Say("port %d of load balancer %s is listener %s (%s), owned by %q%s",
					"负载均衡 %[2]s 的端口 %[1]d 已是监听器 %[3]s（%[4]s），其所有者为 %[5]q%[6]s", w.Port, lb.ID, l.ID, l.Protocol, Clip(l.Description), from(f)))
				continue
			}
		}
		if w.Protocol != "" && !sameProtocol(w.Protocol, l.Protocol) {
			c.Say(r.ListenerProtocol, w.Path, words.Say("listener %s on port %d speaks %s; the object asks for %s%s",
				"端口 %[2]d 上的监听器 %[1]s 协议为 %[3]s；对象要求 %[4]s%[5]s", l.ID, w.Port, l.Protocol, w.Protocol, from(f)))
		}
	}
	if !reused && r.ListenerExtra.Known() {
		var extra []string
		for _, l := range lb.Listeners {
			if !slices.ContainsFunc(want, func(w WantListener) bool { return w.Port == l.Port }) {
				extra = append(extra, fmt.Sprintf("%s (%s:%d)", l.ID, l.Protocol, l.Port))
			}
		}
		if len(extra) > 0 {
			c.Say(r.ListenerExtra, "spec", words.Say("load balancer %s has listeners no port of the object asks for: %s%s",
				"负载均衡 %s 上有对象未要求的监听器：%s%s", lb.ID, listed(extra), from(f)))
		}
	}
	return nil
}

// sameProtocol compares a wanted protocol with a listener's, in any case; TCPSSL and TCP_SSL are one.
func sameProtocol(want, got string) bool {
	norm := func(s string) string { return strings.ReplaceAll(strings.ToUpper(s), "_", "") }
	return norm(want) == norm(got)
}

func listenerOn(lb *cloud.LoadBalancer, port int32) *cloud.Listener {
	for _, l := range lb.Listeners {
		if l.Port == port {
			return l
		}
	}
	return nil
}

// targetListeners are the listeners of lb the target asks for, mine on a reused one.
func targetListeners(c *Context, s *CloudSide, lb *cloud.LoadBalancer, reused bool) []*cloud.Listener {
	var out []*cloud.Listener
	for _, w := range s.Listeners(c) {
		l := listenerOn(lb, w.Port)
		if l == nil {
			continue
		}
		if reused && s.Owner != nil {
			if mine, known := s.Owner(c, l); known && !mine {
				continue
			}
		}
		out = append(out, l)
	}
	return out
}

func checkCloudBackends(c *Context, s *CloudSide, f *cloud.Facts) error {
	r := s.Rules
	lb, reused, err := cloudListeners(c, s, f)
	if err != nil || lb == nil {
		return err
	}
	if err := lb.PartErr(cloud.PartBackends); err != nil {
		return cloudErr(err)
	}
	healthErr := lb.PartErr(cloud.PartHealth)
	for _, l := range targetListeners(c, s, lb, reused) {
		groups := []struct {
			where    string
			hc       *cloud.HealthCheck
			backends []*cloud.Backend
		}{}
		if len(l.Rules) == 0 {
			groups = append(groups, struct {
				where    string
				hc       *cloud.HealthCheck
				backends []*cloud.Backend
			}{fmt.Sprintf("listener %s (%s:%d)", l.ID, l.Protocol, l.Port), l.HealthCheck, l.Backends})
		}
		for _, ru := range l.Rules {
			hc := ru.HealthCheck
			if hc == nil {
				hc = l.HealthCheck
			}
			groups = append(groups, struct {
				where    string
				hc       *cloud.HealthCheck
				backends []*cloud.Backend
			}{fmt.Sprintf("listener %s (%s:%d) rule %s%s", l.ID, l.Protocol, l.Port, Clip(ru.Domain), Clip(ru.URL)), hc, ru.Backends})
		}
		for _, g := range groups {
			if len(g.backends) == 0 {
				c.Say(r.BackendNone, "spec", words.Say("%s of load balancer %s has no backend%s", "负载均衡 %[2]s 的 %[1]s 没有后端%[3]s", g.where, lb.ID, from(f)))
				continue
			}
			var zero, sick []string
			for _, b := range g.backends {
				if b.Weight == 0 {
					zero = append(zero, backendName(b))
				}
				if b.Health == cloud.Unhealthy {
					n := backendName(b)
					if b.HealthDetail != "" {
						n += " (" + Clip(b.HealthDetail) + ")"
					}
					sick = append(sick, n)
				}
			}
			if len(zero) > 0 {
				c.Say(r.BackendWeightZero, "spec", words.Say("%s of load balancer %s: weight 0 on %s%s", "负载均衡 %[2]s 的 %[1]s：%[3]s 的权重为 0%[4]s",
					g.where, lb.ID, listed(zero), from(f)))
			}
			if healthErr == nil && len(sick) > 0 {
				c.Say(r.BackendUnhealthy, "spec", words.Say("%s of load balancer %s: %d of %d backends unhealthy: %s; health check %s%v%s",
					"负载均衡 %[2]s 的 %[1]s：%[4]d 个后端中有 %[3]d 个异常：%[5]s；健康检查 %[6]s%[7]v%[8]s",
					g.where, lb.ID, len(sick), len(g.backends), listed(sick), healthCheckText(g.hc), healthCheckFit(c, l, g.hc, g.backends), from(f)))
			}
		}
	}
	if healthErr != nil {
		return cloudErr(healthErr)
	}
	return nil
}

func backendName(b *cloud.Backend) string {
	id := b.InstanceID
	if id == "" {
		id = b.IP
	} else if b.IP != "" {
		id += "/" + b.IP
	}
	return fmt.Sprintf("%s:%d", id, b.Port)
}

// clipList is names as a list in every language, each language's text clipped as Clip does.
func clipList(names ...string) words.Words {
	return words.Say(Clip(strings.Join(names, ", ")), Clip(strings.Join(names, "、")))
}

// listed lists names, at most five, then how many more (in Chinese: how many in all).
func listed(names []string) words.Words {
	if len(names) <= 5 {
		return words.List(names)
	}
	return words.Say("%[1]s and %[2]d more", "%[1]s 等 %[3]d 个", words.List(names[:5]), len(names)-5, len(names))
}

// httpAppProtocols are the appProtocol values of a Service port that serve HTTP.
var httpAppProtocols = []string{"http", "https", "kubernetes.io/h2c", "kubernetes.io/ws", "kubernetes.io/wss"}

// healthFit is the words of healthCheckFit, a fact of its own type so tests can find it.
type healthFit struct{ words.Words }

// healthCheckFit words where health-check settings do not fit what the backends serve: a check
// port none of the backends is registered on, or an HTTP check on a Service port whose appProtocol
// is not HTTP. Nothing when they fit or nothing tells.
func healthCheckFit(c *Context, l *cloud.Listener, hc *cloud.HealthCheck, backends []*cloud.Backend) healthFit {
	if hc == nil || !hc.Enabled {
		return healthFit{words.Say("", "")}
	}
	if hc.Port > 0 && !slices.ContainsFunc(backends, func(b *cloud.Backend) bool { return b.Port == hc.Port }) {
		var ports []string
		for _, b := range backends {
			ports = appendNew(ports, fmt.Sprint(b.Port))
		}
		return healthFit{words.Say(" (it probes port %d; the backends are registered on port %s)", "（探测端口为 %d；后端注册的端口为 %s）", hc.Port, listed(ports))}
	}
	proto := strings.ToUpper(hc.Protocol)
	if c.Service == nil || (proto != "HTTP" && proto != "HTTPS") {
		return healthFit{words.Say("", "")}
	}
	for i, p := range c.Service.Spec.Ports {
		if p.Port != l.Port || p.AppProtocol == nil {
			continue
		}
		if ap := strings.ToLower(*p.AppProtocol); !slices.Contains(httpAppProtocols, ap) {
			return healthFit{words.Say(" (an %s check, while spec.ports[%d] declares appProtocol %s)", "（%s 检查，而 spec.ports[%d] 声明的 appProtocol 为 %s）", proto, i, Clip(ap))}
		}
	}
	return healthFit{words.Say("", "")}
}

// healthCheckText states health-check settings: protocol, port, path, codes, timing.
func healthCheckText(hc *cloud.HealthCheck) words.Words {
	if hc == nil {
		return words.Say("settings unknown", "设置未知")
	}
	if !hc.Enabled {
		return words.Say("off", "未开启")
	}
	port := words.Say(" on the backend port", "（探测后端端口）")
	if hc.Port > 0 {
		port = words.Say(" port %d", " 端口 %d", hc.Port)
	}
	target := words.Say("", "")
	if hc.Domain != "" || hc.Path != "" {
		target = words.Say(" %s%s", " %s%s", Clip(hc.Domain), Clip(hc.Path))
	}
	codes := words.Say("", "")
	if hc.HTTPCodes != "" {
		codes = words.Say(" codes %s", " 状态码 %s", Clip(hc.HTTPCodes))
	}
	return words.Say("%s%s%s%s, timeout %ds every %ds, healthy after %d, unhealthy after %d",
		"%s%s%s%s，超时 %d 秒，间隔 %d 秒，健康阈值 %d，不健康阈值 %d",
		hc.Protocol, port, target, codes, hc.Timeout, hc.Interval, hc.HealthyThreshold, hc.UnhealthyThreshold)
}

func checkCloudCerts(c *Context, s *CloudSide, f *cloud.Facts) error {
	r := s.Rules
	var ids []string
	if s.Certs != nil {
		ids = s.Certs(c)
	}
	lb, reused, err := cloudListeners(c, s, f)
	if err != nil {
		return err
	}
	if lb != nil {
		for _, l := range targetListeners(c, s, lb, reused) {
			for _, id := range l.CertificateIDs {
				ids = appendNew(ids, id)
			}
		}
	}
	var errs []error
	hosts := tlsHosts(c)
	for _, id := range ids {
		cert, err := f.Certificates.Get(id)
		if errors.Is(err, cloud.ErrNotFound) {
			c.Say(r.CertMissing, "spec", words.Say("certificate %s is not in the account%s", "账号中没有证书 %s%s", Clip(id), from(f)))
			continue
		}
		if err != nil {
			errs = append(errs, cloudErr(err))
			continue
		}
		switch left := cert.NotAfter.Sub(f.ReadAt); {
		case cert.NotAfter.IsZero():
		case left <= 0:
			c.Say(r.CertExpired, "spec", words.Say("certificate %s (%s) expired on %s%s", "证书 %s（%s）已于 %s 过期%s",
				cert.ID, Clip(cert.CommonName), cert.NotAfter.UTC().Format(time.DateOnly), from(f)))
		case left <= certSoon:
			c.Say(r.CertExpiring, "spec", words.Say("certificate %s (%s) expires on %s, in %d days%s", "证书 %s（%s）将于 %s 过期，还剩 %d 天%s",
				cert.ID, Clip(cert.CommonName), cert.NotAfter.UTC().Format(time.DateOnly), int(left.Hours()/24), from(f)))
		}
		if r.CertHosts.Known() {
			var miss []string
			for _, h := range hosts {
				if !certCovers(cert, h) {
					miss = append(miss, Clip(h))
				}
			}
			if len(miss) > 0 {
				c.Say(r.CertHosts, "spec.tls", words.Say("certificate %s (%s) does not cover %s%s", "证书 %s（%s）未覆盖 %s%s",
					cert.ID, clipList(append([]string{cert.CommonName}, cert.SANs...)...), listed(miss), from(f)))
			}
		}
	}
	return errors.Join(errs...)
}

// tlsHosts are an Ingress's spec.tls hosts; none for a Service.
func tlsHosts(c *Context) []string {
	if c.Ingress == nil {
		return nil
	}
	var out []string
	for _, t := range c.Ingress.Spec.TLS {
		for _, h := range t.Hosts {
			out = appendNew(out, strings.ToLower(h))
		}
	}
	return out
}

// certCovers reports whether the certificate's common name or a SAN matches host, a leading "*."
// matching one label.
func certCovers(cert *cloud.Certificate, host string) bool {
	for _, n := range append([]string{cert.CommonName}, cert.SANs...) {
		n = strings.ToLower(n)
		if n == host {
			return true
		}
		if rest, ok := strings.CutPrefix(n, "*."); ok {
			if i := strings.IndexByte(host, '.'); i > 0 && host[i+1:] == rest {
				return true
			}
		}
	}
	return false
}

func checkCloudQuotas(c *Context, s *CloudSide, f *cloud.Facts) error {
	r := s.Rules
	lb, _, err := cloudListeners(c, s, f)
	if err != nil || lb == nil {
		return err
	}
	if err := f.Quotas.Err(); err != nil {
		return cloudErr(err)
	}
	scopes := map[string]bool{"": true, lb.ID: true}
	for _, l := range lb.Listeners {
		scopes[l.ID] = true
		for _, ru := range l.Rules {
			scopes[ru.ID] = true
		}
	}
	for _, key := range f.Quotas.IDs() {
		q, _ := f.Quotas.Get(key)
		if q == nil || !scopes[q.Scope] || q.Headroom() > quotaHeadroom {
			continue
		}
		scope := "the region"
		if q.Scope != "" {
			scope = q.Scope
		}
		c.Say(r.Quota, "spec", words.Say("quota %s (%s) of %s: %d of %d used%s", "配额 %[1]s（%[2]s，%[3]s）：已用 %[4]d，上限 %[5]d%[6]s",
			q.Name, q.VendorName, scope, q.Used, q.Limit, from(f)))
	}
	return nil
}

func checkCloudSubnet(c *Context, s *CloudSide, f *cloud.Facts) error {
	if s.Subnet == nil {
		return nil
	}
	id, path := s.Subnet(c)
	if id == "" {
		return nil
	}
	sn, err := f.Subnets.Get(id)
	if errors.Is(err, cloud.ErrNotFound) {
		return Classed(snapshot.ReasonNotFound, words.Errorf("subnet %s is not in region %s", "地域 %s 中没有子网 %s", Clip(id), f.Region))
	}
	if err != nil {
		return cloudErr(err)
	}
	if sn.AvailableIPs == 0 {
		c.Say(s.Rules.SubnetIPs, path, words.Say("%s %s (%s, %s) has no free IP%s", "%s %s（%s，%s）没有空闲 IP%s", path, sn.ID, sn.CIDR, sn.Zone, from(f)))
	}
	return nil
}

// CloudServicePorts are the listeners a Service's ports ask for, with protocols from proto (port →
// protocol) when it names them, else the port's own.
func CloudServicePorts(svc *corev1.Service, proto map[int32]string) []WantListener {
	var out []WantListener
	for i, p := range svc.Spec.Ports {
		pr := proto[p.Port]
		if pr == "" {
			pr = string(p.Protocol)
			if pr == "" {
				pr = "TCP"
			}
		}
		out = append(out, WantListener{Port: p.Port, Protocol: strings.ToUpper(pr), Path: fmt.Sprintf("spec.ports[%d]", i)})
	}
	return out
}
