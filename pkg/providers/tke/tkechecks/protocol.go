package tkechecks

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// protocolSecretCheck judges the certificate Secrets that a Service's extension protocols name.
var protocolSecretCheck = checks.Check{Name: "tke-service-protocol-secrets", Kind: rules.Service, Provider: tkerules.Provider,
	Applies: tkeLBService, Run: checkProtocolSecrets,
	Emits: []rules.ID{tkerules.ServiceProtocolSecretMissing, tkerules.ServiceProtocolSecretNoCert},
	Inputs: []checks.Input{{Resource: snapshot.Secrets, Scope: checks.Referenced, Names: func(c *checks.Context) []string {
		var out []string
		for _, r := range protocolSecretRefs(c) {
			out = append(out, r.name)
		}
		return out
	}}}}

// protocolSecretRef is a Secret name the extension-protocol annotation gives a listener, and where.
type protocolSecretRef struct{ name, where string }

// protocolSecretRefs lists the "tls" Secret names of service.cloud.tencent.com/specify-protocol, per
// port and per HTTPS host, for the ports the Service declares (the controller ignores the others).
// A value that is not JSON names nothing.
func protocolSecretRefs(c *checks.Context) []protocolSecretRef {
	v, ok := c.Service.Annotations[tkeann.SpecifyProtocol]
	if !ok {
		return nil
	}
	var ports map[string]json.RawMessage
	if json.Unmarshal([]byte(v), &ports) != nil {
		return nil
	}
	declared := map[string]bool{}
	for _, p := range c.Service.Spec.Ports {
		declared[strconv.Itoa(int(p.Port))] = true
	}
	var out []protocolSecretRef
	for _, port := range slices.Sorted(maps.Keys(ports)) {
		var l struct {
			TLS   string `json:"tls"`
			Hosts map[string]struct {
				TLS string `json:"tls"`
			} `json:"hosts"`
		}
		if !declared[port] || json.Unmarshal(ports[port], &l) != nil {
			continue
		}
		base := fmt.Sprintf("%s[%s]", checks.AnnPath(tkeann.SpecifyProtocol), port)
		if l.TLS != "" {
			out = append(out, protocolSecretRef{l.TLS, base + ".tls"})
		}
		for _, h := range slices.Sorted(maps.Keys(l.Hosts)) {
			if t := l.Hosts[h].TLS; t != "" {
				out = append(out, protocolSecretRef{t, fmt.Sprintf("%s.hosts[%s].tls", base, h)})
			}
		}
	}
	return out
}

// checkProtocolSecrets reports each Secret the extension protocols name that does not exist in the
// Service's namespace or holds no certificate id; one finding per Secret, at its first mention.
func checkProtocolSecrets(c *checks.Context) error {
	ns := c.Service.Namespace
	seen := map[string]bool{}
	var unknown []error
	for _, r := range protocolSecretRefs(c) {
		if seen[r.name] {
			continue
		}
		seen[r.name] = true
		sec, err := c.Snap.Secrets.Get(ns, r.name)
		switch {
		case checks.IsNotFound(err):
			c.Say(tkerules.ServiceProtocolSecretMissing, r.where, words.Say("Secret %s/%s does not exist", "Secret %s/%s 不存在", checks.Clip(ns), checks.Clip(r.name)))
			continue
		case err != nil:
			unknown = append(unknown, err)
			continue
		}
		if raw, ok := secretValue(sec, secretCertKey); !ok || raw == "" {
			c.Say(tkerules.ServiceProtocolSecretNoCert, r.where, words.Say("Secret %s/%s has no %s key (keys: %s)", "Secret %s/%s 中没有键 %s（现有的键：%s）",
				checks.Clip(ns), checks.Clip(r.name), secretCertKey, keyList(sec)))
		}
	}
	return errors.Join(unknown...)
}
