package report

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// htmlCloud is the drawn cloud side of a target: its load balancer, listeners and backends as the
// cloud read found them, what could not be read, and the codes of the cloud findings on each part.
type htmlCloud struct {
	Title, Where string
	// Notes say what of the load balancer could not be read, and why (naming the action).
	Notes []string
	// Codes are the cloud findings' codes with no part drawn to mark (a load balancer not found).
	Codes []string
	LB    *htmlCloudLB
}

type htmlCloudLB struct {
	ID, Name, State, Addresses string
	Codes                      []string
	Listeners                  []*htmlCloudListener
	// healthUnread: the backends' health could not be read.
	healthUnread bool
}

type htmlCloudListener struct {
	ID, Name, Protocol string
	Port               int32
	// Asked is the object path that asks for the listener ("" when the object asks for none on
	// its port); Missing: asked for, and the load balancer has none on the port.
	Asked   string
	Missing bool
	// Foreign: another owner's listener on a reused load balancer.
	Foreign bool
	certs   bool
	Note    string
	Codes   []string
	Groups  []*htmlCloudGroup
}

// htmlCloudGroup is a listener's own backends (Rule "") or a layer-7 rule's.
type htmlCloudGroup struct {
	Rule     string
	Codes    []string
	Backends []*htmlCloudBackend
}

type htmlCloudBackend struct {
	Name, Type, Health, Detail string
	Weight                     int32
	Codes                      []string
}

// cloudPhrase words the cloud side's texts.
func cloudPhrase(lang words.Lang, en, zh string) string { return words.Phrase{En: en, Zh: zh}.In(lang) }

// drawCloud lays out the cloud side of a report's chain and marks each part with the codes of the
// cloud findings about it; nil when the chain has no cloud side (the cloud was not read).
func drawCloud(r Report, lang words.Lang) *htmlCloud {
	if r.Chain == nil || r.Chain.Cloud == nil {
		return nil
	}
	cs := r.Chain.Cloud
	v := cs.View
	in := func(en, zh string) string { return cloudPhrase(lang, en, zh) }
	var said []string // the read errors the notes give
	hc := &htmlCloud{Title: fmt.Sprintf(in("Cloud side: read from the %s cloud's API", "云端：读取自 %s 云 API"), v.Provider)}
	if cs.Region != "" {
		hc.Where = fmt.Sprintf(in("region %s", "地域 %s"), cs.Region)
	}
	if cs.Endpoint != "" {
		hc.Where += fmt.Sprintf(in(" · read from %s, not the vendor's cloud", " · 读取自 %s，并非厂商的云"), cs.Endpoint)
	}
	switch {
	case v.LB == "" && cs.Unread == nil:
		hc.Notes = append(hc.Notes, in("The object names no load balancer yet.", "对象尚未指向任何负载均衡。"))
	case errors.Is(cs.Unread, cloud.ErrNotFound):
		hc.Notes = append(hc.Notes, fmt.Sprintf(in("%s names load balancer %s; the cloud has no such instance.", "%s 指向负载均衡 %s；云上没有这个实例。"), v.Path, v.LB))
	case cs.Unread != nil:
		why := words.ErrorIn(cs.Unread, lang)
		if re := (*cloud.ReadError)(nil); errors.As(cs.Unread, &re) {
			why = re.In(lang)
			said = append(said, re.Error())
		}
		if v.LB != "" {
			hc.Notes = append(hc.Notes, fmt.Sprintf(in("Load balancer %s could not be read: %s", "无法读取负载均衡 %s：%s"), v.LB, why))
		} else {
			hc.Notes = append(hc.Notes, why)
		}
	}
	if lb := cs.LB; lb != nil {
		hc.LB = cloudLB(lb, v)
		for _, p := range []cloud.Part{cloud.PartListeners, cloud.PartBackends, cloud.PartHealth} {
			if g := lb.Gap(p); g != nil {
				hc.Notes = append(hc.Notes, fmt.Sprintf(in("Not read: the %s of %s: %s", "未读取：%[2]s 的%[1]s：%[3]s"), cloudPart(p, lang), lb.ID, g.In(lang)))
				said = append(said, g.Error())
			}
		}
	}
	// The cloud checks' other skips (a certificate, a quota, a subnet the cloud refused), once each.
	var reasons []string
	for _, sk := range r.Skipped {
		if !strings.HasPrefix(sk.Check, string(v.Provider)+"-cloud-") || slices.Contains(reasons, sk.Reason) ||
			slices.ContainsFunc(said, func(e string) bool { return strings.Contains(sk.Reason, e) }) ||
			(cs.Unread != nil && sk.Reason == words.ErrorIn(cs.Unread, lang)) {
			continue
		}
		reasons = append(reasons, sk.Reason)
		hc.Notes = append(hc.Notes, sk.Check+": "+sk.Reason)
	}
	for _, f := range r.Findings {
		if f.Source != checks.SourceCloud {
			continue
		}
		code := CodeLabel(f.Rule)
		if hc.LB == nil || !hc.LB.mark(f, v, code) {
			hc.Codes = addCode(hc.Codes, code)
		}
	}
	return hc
}

func cloudPart(p cloud.Part, lang words.Lang) string {
	switch p {
	case cloud.PartListeners:
		return cloudPhrase(lang, "listeners", "监听器")
	case cloud.PartBackends:
		return cloudPhrase(lang, "backends", "后端")
	}
	return cloudPhrase(lang, "backends' health", "后端健康状态")
}

// cloudLB is lb drawn: its listeners in the cloud's order, each matched with what the object asks
// for on its port, then the listeners asked for that it lacks.
func cloudLB(lb *cloud.LoadBalancer, v checks.CloudView) *htmlCloudLB {
	out := &htmlCloudLB{ID: lb.ID, Name: lb.Name, State: string(lb.State), Addresses: strings.Join(lb.Addresses, ", "),
		healthUnread: lb.Gap(cloud.PartHealth) != nil || lb.Gap(cloud.PartBackends) != nil}
	if lb.StateDetail != "" {
		out.State += " (" + lb.StateDetail + ")"
	}
	for _, l := range lb.Listeners {
		hl := &htmlCloudListener{ID: l.ID, Name: l.Name, Protocol: l.Protocol, Port: l.Port, Foreign: v.Foreign(l), certs: len(l.CertificateIDs) > 0}
		if w := wantOn(v, l.Port); w != nil {
			hl.Asked = w.Path
		}
		if len(l.Rules) == 0 {
			hl.Groups = append(hl.Groups, &htmlCloudGroup{Backends: cloudBackends(l.Backends)})
		}
		for _, ru := range l.Rules {
			hl.Groups = append(hl.Groups, &htmlCloudGroup{Rule: ru.Domain + ru.URL, Backends: cloudBackends(ru.Backends)})
		}
		out.Listeners = append(out.Listeners, hl)
	}
	if lb.Gap(cloud.PartListeners) != nil {
		return out // which listeners it lacks is unknown
	}
	for _, w := range v.Listeners {
		if !slices.ContainsFunc(lb.Listeners, func(l *cloud.Listener) bool { return l.Port == w.Port }) {
			out.Listeners = append(out.Listeners, &htmlCloudListener{Protocol: w.Protocol, Port: w.Port, Asked: w.Path, Missing: true})
		}
	}
	return out
}

func wantOn(v checks.CloudView, port int32) *checks.CloudWant {
	for i := range v.Listeners {
		if v.Listeners[i].Port == port {
			return &v.Listeners[i]
		}
	}
	return nil
}

func cloudBackends(bs []*cloud.Backend) []*htmlCloudBackend {
	var out []*htmlCloudBackend
	for _, b := range bs {
		name := b.InstanceID
		if name == "" {
			name = b.IP
		} else if b.IP != "" {
			name += " " + b.IP
		}
		h := string(b.Health)
		if h == "" {
			h = string(cloud.HealthUnknown)
		}
		out = append(out, &htmlCloudBackend{Name: name + ":" + strconv.Itoa(int(b.Port)), Type: b.Type, Health: h, Detail: b.HealthDetail, Weight: b.Weight})
	}
	return out
}

// mine reports whether the listener is one the target asks for and owns: the listeners the cloud
// checks judge the backends and certificates of.
func (l *htmlCloudListener) mine() bool { return l.Asked != "" && !l.Missing && !l.Foreign }

// mark marks the parts of lb that cloud finding f (of code) is about, by the cloud rule it is of:
// its listener by the path that asks for it, the listeners no port asks for, the backends of the
// target's listeners by weight or health, the listeners serving certificates; the load balancer
// itself for the others. It reports whether it marked a part.
func (lb *htmlCloudLB) mark(f Finding, v checks.CloudView, code string) bool {
	r := v.Rules
	marked := false
	on := func(codes *[]string) {
		*codes = addCode(*codes, code)
		marked = true
	}
	for _, l := range lb.Listeners {
		switch f.Rule {
		case r.ListenerMissing:
			if l.Missing && l.Asked == f.Path {
				on(&l.Codes)
			}
		case r.ListenerProtocol, r.ListenerTaken:
			if !l.Missing && l.Asked == f.Path {
				on(&l.Codes)
			}
		case r.ListenerExtra:
			if l.Asked == "" {
				on(&l.Codes)
			}
		case r.CertMissing, r.CertExpired, r.CertExpiring, r.CertHosts:
			if l.mine() && l.certs {
				on(&l.Codes)
			}
		case r.BackendNone, r.BackendWeightZero, r.BackendUnhealthy:
			if !l.mine() {
				continue
			}
			for _, g := range l.Groups {
				if f.Rule == r.BackendNone && len(g.Backends) == 0 {
					on(&g.Codes)
				}
				for _, b := range g.Backends {
					if (f.Rule == r.BackendWeightZero && b.Weight == 0) || (f.Rule == r.BackendUnhealthy && b.Health == string(cloud.Unhealthy)) {
						on(&b.Codes)
					}
				}
			}
		}
	}
	if !marked {
		on(&lb.Codes)
	}
	return marked
}

func addCode(codes []string, code string) []string {
	if slices.Contains(codes, code) {
		return codes
	}
	return append(codes, code)
}

// htmlCloudLink is the cloud's listener on a chain's listener link.
type htmlCloudLink struct {
	Text  string
	Codes []string
}

// linkCloud puts on each route's listener link the cloud's listener on its port, with its backends'
// health and the codes of the cloud findings on the listener, its rules and backends.
func linkCloud(rows [][]htmlLink, routes []Route, hc *htmlCloud, lang words.Lang) {
	if hc == nil || hc.LB == nil {
		return
	}
	for i, row := range rows {
		f := strings.Fields(routes[i].Listener)
		if len(f) == 0 {
			continue
		}
		port, err := strconv.Atoi(f[len(f)-1])
		if err != nil {
			continue
		}
		for j := range row {
			if row[j].Kind != linkListener {
				continue
			}
			for _, l := range onPort(hc.LB.Listeners, int32(port), f[0]) {
				cl := &htmlCloudLink{Codes: slices.Clone(l.Codes)}
				switch {
				case l.Missing:
					cl.Text = fmt.Sprintf(cloudPhrase(lang, "cloud: no listener on %d", "云端：端口 %d 上没有监听器"), port)
				case l.Foreign:
					cl.Text = fmt.Sprintf(cloudPhrase(lang, "cloud: %s %s:%d, another owner's", "云端：%s %s:%d，属于其他所有者"), l.ID, l.Protocol, l.Port)
				default:
					healthy, total := 0, 0
					for _, g := range l.Groups {
						cl.Codes = appendCodes(cl.Codes, g.Codes)
						for _, b := range g.Backends {
							total++
							if b.Health == string(cloud.Healthy) {
								healthy++
							}
							cl.Codes = appendCodes(cl.Codes, b.Codes)
						}
					}
					cl.Text = fmt.Sprintf(cloudPhrase(lang, "cloud: %s %s:%d, %d/%d backends healthy", "云端：%s %s:%d，%d/%d 个后端健康"), l.ID, l.Protocol, l.Port, healthy, total)
					if hc.LB.healthUnread {
						cl.Text = fmt.Sprintf(cloudPhrase(lang, "cloud: %s %s:%d, %d backends, health not read", "云端：%s %s:%d，%d 个后端，未读取健康状态"), l.ID, l.Protocol, l.Port, total)
					}
				}
				row[j].Cloud = cl
				break
			}
		}
	}
}

func appendCodes(codes, more []string) []string {
	for _, c := range more {
		codes = addCode(codes, c)
	}
	return codes
}

// onPort are the listeners on port, one speaking proto (in any case, "_" ignored) first.
func onPort(ls []*htmlCloudListener, port int32, proto string) []*htmlCloudListener {
	norm := func(s string) string { return strings.ReplaceAll(strings.ToUpper(s), "_", "") }
	var same, other []*htmlCloudListener
	for _, l := range ls {
		switch {
		case l.Port != port:
		case norm(l.Protocol) == norm(proto):
			same = append(same, l)
		default:
			other = append(other, l)
		}
	}
	return append(same, other...)
}
