package checks

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// configRef is the TkeServiceConfig a target names (by annotation key), for the field checks.
func configRef(key string) func(c *Context) []string {
	return func(c *Context) []string { return []string{TargetAnnotations(c)[key]} }
}

// tkeConfigFieldChecks judge the fields of the TkeServiceConfig a Service or an Ingress names
// against the documented ones (tkeann.ConfigFields).
var tkeConfigFieldChecks = []Check{
	{Name: "tke-service-config-fields", Kind: rules.Service, Provider: tkerules.Provider, Applies: tkeLBService,
		Run: func(c *Context) error {
			return checkConfigFields(c, c.Service.Namespace, c.Service.Annotations[tkeann.SvcServiceConfig], annotations.Service,
				tkerules.ServiceConfigUnknownField, tkerules.ServiceConfigInvalidValue)
		},
		Emits:  []rules.ID{tkerules.ServiceConfigUnknownField, tkerules.ServiceConfigInvalidValue},
		Inputs: []Input{{Custom: tkeServiceConfigs, Scope: Referenced, Names: configRef(tkeann.SvcServiceConfig)}}},
	{Name: "tke-ingress-config-fields", Kind: rules.Ingress, Provider: tkerules.Provider, Applies: OwnController,
		Run: func(c *Context) error {
			return checkConfigFields(c, c.Ingress.Namespace, c.Ingress.Annotations[tkeann.IngServiceConfig], annotations.Ingress,
				tkerules.IngressConfigUnknownField, tkerules.IngressConfigInvalidValue)
		},
		Emits:  []rules.ID{tkerules.IngressConfigUnknownField, tkerules.IngressConfigInvalidValue},
		Inputs: []Input{{Custom: tkeServiceConfigs, Scope: Referenced, Names: configRef(tkeann.IngServiceConfig)}}},
}

// configSchema is the documented fields of one kind by path, and the paths that contain them.
type configSchema struct {
	fields     map[string]tkeann.ConfigField
	containers map[string]bool
}

func schemaOf(kind annotations.Kinds) configSchema {
	s := configSchema{fields: map[string]tkeann.ConfigField{}, containers: map[string]bool{}}
	for _, f := range tkeann.ConfigFields {
		if !f.Kinds.Has(kind) {
			continue
		}
		s.fields[f.Name] = f
		for p := f.Name; strings.Contains(p, "."); {
			p = p[:strings.LastIndex(p, ".")]
			s.containers[p] = true
			s.containers[strings.TrimSuffix(p, "[]")] = true
		}
	}
	return s
}

// children are the names documented directly under path.
func (s configSchema) children(path string) []string {
	var out []string
	for p := range s.fields {
		out = appendChild(out, path, p)
	}
	for p := range s.containers {
		out = appendChild(out, path, strings.TrimSuffix(p, "[]"))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func appendChild(out []string, path, p string) []string {
	if rest, ok := strings.CutPrefix(p, path+"."); ok && !strings.ContainsAny(rest, ".[") {
		return append(out, rest)
	}
	return out
}

// checkConfigFields walks the spec of TkeServiceConfig ns/name: a field within two edits of a
// documented sibling is unknown (one finding naming the sibling); a documented field with a value
// outside its domain is invalid. Other undocumented fields are left alone: the CRD takes more
// than the pages list. An absent or unreadable config is the reference checks' business.
func checkConfigFields(c *Context, ns, name string, kind annotations.Kinds, unknown, invalid rules.ID) error {
	if name == "" {
		return nil
	}
	cfg, found, err := lookupServiceConfig(c, ns, name)
	if err != nil || !found {
		return nil
	}
	spec, ok := cfg.Object["spec"].(map[string]any)
	if !ok {
		return nil
	}
	w := configWalk{c: c, schema: schemaOf(kind), unknown: unknown, invalid: invalid,
		where: func(field string) string { return ObjPath(ns, "tkeserviceconfig", name, field) }}
	w.walk(spec, "spec", "spec")
	return nil
}

type configWalk struct {
	c                *Context
	schema           configSchema
	unknown, invalid rules.ID
	where            func(field string) string
}

func (w configWalk) walk(v any, path, at string) {
	switch v := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			p, a := path+"."+k, at+"."+k
			switch f, ok := w.schema.fields[p]; {
			case ok:
				w.judge(f, v[k], a)
			case w.schema.containers[p]:
				w.walk(v[k], p, a)
			default:
				if best, d := annotations.Nearest(k, w.schema.children(path)); d > 0 && d <= 2 && annotations.Close(d, len(best)) {
					w.c.Say(w.unknown, w.where(a), words.Say("TKE does not document field %s here; did you mean %s?",
						"TKE 没有在此处记载字段 %s；是不是想写 %s？", Clip(k), best))
				}
			}
		}
	case []any:
		if !w.schema.containers[path+"[]"] {
			return
		}
		for i, item := range v {
			w.walk(item, path+"[]", fmt.Sprintf("%s[%d]", at, i))
		}
	}
}

// judge reports a value of f outside its documented domain.
func (w configWalk) judge(f tkeann.ConfigField, v any, at string) {
	bad, domain := false, ""
	switch {
	case f.Bool:
		_, isBool := v.(bool)
		bad, domain = !isBool, "true, false"
	case len(f.Enum) > 0:
		s, isString := v.(string)
		bad, domain = !isString || !slices.Contains(f.Enum, s), strings.Join(f.Enum, ", ")
	case f.Max > 0:
		n, isInt := AnyInt(v)
		bad, domain = !isInt || n < f.Min || n > f.Max, fmt.Sprintf("%d–%d", f.Min, f.Max)
	}
	if bad {
		w.c.Say(w.invalid, w.where(at), words.Say("%s is %s; TKE documents %s", "%s 为 %s；TKE 记载的取值为 %s",
			Clip(at), ClipValue(v), domain))
	}
}
