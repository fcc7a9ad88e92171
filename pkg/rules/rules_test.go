package rules_test

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

func TestCatalogInvariants(t *testing.T) {
	seen := map[string]bool{}
	idRE := regexp.MustCompile(`^(tke|ack|generic)\.(service|ingress|cloud)\.[A-Za-z0-9._-]+$`)
	for _, r := range rules.All() {
		t.Run(r.ID.String(), func(t *testing.T) {
			if seen[r.ID.String()] {
				t.Fatalf("duplicate id")
			}
			seen[r.ID.String()] = true
			if !idRE.MatchString(r.ID.String()) {
				t.Errorf("id does not match <provider>.<kind>.<code-or-slug>")
			}
			prefix := string(r.Provider) + "." + r.Kind.Lower() + "."
			if r.FromCloud() {
				prefix = string(r.Provider) + ".cloud."
			}
			if r.ID.String() != prefix+r.ID.Slug() {
				t.Errorf("id is not %q + its slug %q", prefix, r.ID.Slug())
			}
			if r.Code != "" && !strings.HasPrefix(r.ID.Slug(), r.Code) {
				t.Errorf("id should carry its code %s", r.Code)
			}
			if back, ok := rules.Parse(r.ID.String()); !ok || back != r.ID {
				t.Errorf("Parse(%q) = %v, %v", r.ID, back, ok)
			}
			for name, v := range map[string]string{"Title": r.Title, "Cause": r.Cause, "Fix": r.Fix, "Risk": r.Risk, "Doc": r.Doc} {
				if strings.TrimSpace(v) == "" {
					t.Errorf("%s is empty", name)
				}
			}
			if len(r.Title) > 70 {
				t.Errorf("title longer than 70 characters: %d", len(r.Title))
			}
			if r.Severity < rules.Info || r.Severity > rules.Error {
				t.Errorf("severity out of range: %d", r.Severity)
			}
			for _, m := range r.Match {
				if len(strings.TrimSpace(m)) < 6 {
					t.Errorf("event fragment %q is too short to be specific", m)
				}
			}
			for i, d := range r.Decides {
				checkDecision(t, i, d)
			}
		})
	}
}

// checkDecision holds decision i of a rule to the catalog's invariants: a known basis; its input
// named in English without Han characters and in Chinese with them, the Chinese keeping every
// identifier (ConfigMap, key, version, field path) of the English; a known verdict for an
// unreadable input, worded in both languages.
func checkDecision(t *testing.T, i int, d rules.Decision) {
	t.Helper()
	if !slices.Contains(rules.Bases(), d.By) {
		t.Errorf("decision %d: unknown basis %q", i, d.By)
	}
	en, zh := strings.TrimSpace(d.What.En), strings.TrimSpace(d.What.Zh)
	switch {
	case en == "" || zh == "":
		t.Errorf("decision %d: What %+v lacks a language", i, d.What)
	case words.HasHan(en):
		t.Errorf("decision %d: English What %q holds Han characters", i, en)
	case !words.HasHan(zh):
		t.Errorf("decision %d: Chinese What %q holds no Han characters", i, zh)
	}
	for _, tok := range zhVerbatimTokens(en) {
		if !zhKeeps(zh, tok) {
			t.Errorf("decision %d: Chinese What %q lacks %q of the English", i, zh, tok)
		}
	}
	if !slices.Contains(rules.Unknowns(), d.IfUnknown) {
		t.Errorf("decision %d: unknown verdict %q", i, d.IfUnknown)
	}
}

// TestUnknownWords: every verdict of an unreadable input is worded in both languages, in plain words
// (its value is the key JSON carries), the Chinese one in Han characters.
func TestUnknownWords(t *testing.T) {
	for _, u := range rules.Unknowns() {
		t.Run(string(u), func(t *testing.T) {
			if got := u.In(words.English); got == "" || words.HasHan(got) {
				t.Errorf("In(English) = %q", got)
			}
			if zh := u.In(words.Chinese); !words.HasHan(zh) {
				t.Errorf("In(Chinese) = %q holds no Han characters", zh)
			}
		})
	}
	if got := rules.Unknown("a new verdict").In(words.Chinese); got != "" {
		t.Errorf("an unlisted verdict is worded %q", got)
	}
}

func TestSameCodeDiffersByKind(t *testing.T) {
	svcs, ings := rules.Lookup("E4005", rules.TKE, rules.Service), rules.Lookup("E4005", rules.TKE, rules.Ingress)
	if len(svcs) != 1 || len(ings) != 1 {
		t.Fatalf("E4005 should exist once for each kind: %d service, %d ingress", len(svcs), len(ings))
	}
	svc, ing := svcs[0], ings[0]
	if svc.ID == ing.ID || svc.Title == ing.Title {
		t.Errorf("service and ingress E4005 must be distinct rules: %s / %s", svc.ID, ing.ID)
	}
}

func TestLookup(t *testing.T) {
	tests := []struct {
		code string
		p    rules.Provider
		k    rules.Kind
		want []rules.ID
	}{
		{"E4011", rules.TKE, rules.Ingress, []rules.ID{tkerules.IngressE4011}},
		{"e4011", "", rules.Service, []rules.ID{tkerules.ServiceE4011}},
		{"VSwitchAvailableIpNotExist", "", "", []rules.ID{ackrules.ServiceVSwitchAvailableIPNotExist}},
		{"tke.service.clb-loopback", "", "", []rules.ID{tkerules.ServiceCLBLoopback}},
		{"E9999", "", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			var got []rules.ID
			for _, r := range rules.Lookup(tt.code, tt.p, tt.k) {
				got = append(got, r.ID)
			}
			if strings.Join(idsToStrings(got), ",") != strings.Join(idsToStrings(tt.want), ",") {
				t.Errorf("Lookup(%q) = %v, want %v", tt.code, got, tt.want)
			}
		})
	}
}

func TestSeverityText(t *testing.T) {
	for _, s := range []rules.Severity{rules.Info, rules.Warning, rules.Error} {
		b, _ := s.MarshalText()
		var back rules.Severity
		if err := back.UnmarshalText(b); err != nil || back != s {
			t.Errorf("round trip of %v: %v %v", s, back, err)
		}
	}
	if _, err := rules.ParseSeverity("fatal"); err == nil {
		t.Errorf("ParseSeverity(fatal) should fail")
	}
}

func idsToStrings(ids []rules.ID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id.String()
	}
	return out
}

func TestSlugKeepsDottedCodes(t *testing.T) {
	tests := []struct {
		id         rules.ID
		slug, code string
	}{
		{ackrules.ServiceOrderArrearage, "ORDER.ARREARAGE", "ORDER.ARREARAGE"},
		{tkerules.IngressE4011, "E4011", "E4011"},
		{tkerules.IngressE4038Expired, "E4038-expired", "E4038"},
		{tkerules.ServiceCLBLoopback, "clb-loopback", ""},
	}
	for _, tt := range tests {
		t.Run(tt.id.String(), func(t *testing.T) {
			if tt.id.Slug() != tt.slug || tt.id.Rule().Code != tt.code {
				t.Errorf("slug %q code %q, want %q %q", tt.id.Slug(), tt.id.Rule().Code, tt.slug, tt.code)
			}
			r := tt.id.Rule()
			if got := rules.Lookup(tt.slug, r.Provider, r.Kind); len(got) != 1 || got[0].ID != tt.id {
				t.Errorf("Lookup(%q) found %d rules, want only %s", tt.slug, len(got), tt.id)
			}
		})
	}
}

func TestIDText(t *testing.T) {
	b, err := json.Marshal(struct{ R rules.ID }{ackrules.ServiceOrderArrearage})
	if err != nil || string(b) != `{"R":"ack.service.ORDER.ARREARAGE"}` {
		t.Fatalf("marshal: %s %v", b, err)
	}
	var back struct{ R rules.ID }
	if err := json.Unmarshal(b, &back); err != nil || back.R != ackrules.ServiceOrderArrearage {
		t.Errorf("unmarshal: %v %v", back.R, err)
	}
	for _, bad := range []string{`{"R":"tke.ingress.E9999"}`, `{"R":"TKE.INGRESS.E4011"}`, `{"R":""}`} {
		if err := json.Unmarshal([]byte(bad), &back); err == nil {
			t.Errorf("unmarshal of %s should fail", bad)
		}
	}
	var zero rules.ID
	if _, err := json.Marshal(struct{ R rules.ID }{zero}); err == nil {
		t.Errorf("the zero ID must not marshal")
	}
	if _, ok := rules.Get(zero); ok || zero.Known() {
		t.Errorf("the zero ID must not name a rule")
	}
}

// TestConsequenceOf: a rule is a consequence only of rules about the same kind of object that can be
// found together with it (the same provider, or one of them generic), never of itself.
func TestConsequenceOf(t *testing.T) {
	n := 0
	for _, r := range rules.All() {
		for _, c := range r.Causes() {
			n++
			t.Run(r.ID.String()+"<-"+c.String(), func(t *testing.T) {
				cr, ok := rules.Get(c)
				switch {
				case !ok:
					t.Fatalf("names no rule")
				case c == r.ID:
					t.Errorf("a rule cannot be a consequence of itself")
				case cr.Kind != r.Kind:
					t.Errorf("cause is about %ss, the consequence about %ss", cr.Kind, r.Kind)
				case cr.Provider != r.Provider && cr.Provider != rules.Generic && r.Provider != rules.Generic:
					t.Errorf("a %s rule cannot be found on the same object as a %s rule", r.Provider, cr.Provider)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no rule is the consequence of another")
	}
}

// TestOppositeFixesResolved: each pair of rules whose fixes contradict is resolved by ConsequenceOf
// (one is folded under the other), so no report can hold both as findings.
func TestOppositeFixesResolved(t *testing.T) {
	pairs := rules.OppositeFixes()
	if len(pairs) == 0 {
		t.Fatal("no pair declared")
	}
	for _, p := range pairs {
		t.Run(p[0].String()+"/"+p[1].String(), func(t *testing.T) {
			if !slices.Contains(p[0].Rule().Causes(), p[1]) && !slices.Contains(p[1].Rule().Causes(), p[0]) {
				t.Errorf("neither rule is a consequence of the other, so both can be reported on one object")
			}
		})
	}
}

func TestNames(t *testing.T) {
	tests := []struct {
		name, prefix string
		want         string // among the names
		wantNone     bool
	}{
		{"a code prefix in another case", "e40", "E4009", false},
		{"the id of a rule without a code", "ack.service.address", ackrules.ServiceAddressTypeImmutable.String(), false},
		{"no match", "zz-nothing", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := rules.Names(tt.prefix)
			if tt.wantNone != (len(got) == 0) {
				t.Fatalf("Names(%q) = %v", tt.prefix, got)
			}
			seen := map[string]bool{}
			for _, n := range got {
				if seen[n.Name] {
					t.Errorf("%s listed twice", n.Name)
				}
				seen[n.Name] = true
				if !strings.HasPrefix(strings.ToLower(n.Name), strings.ToLower(tt.prefix)) || n.Title == "" {
					t.Errorf("name %+v for prefix %q", n, tt.prefix)
				}
			}
			if tt.want != "" && !seen[tt.want] {
				t.Errorf("Names(%q) lacks %s: %v", tt.prefix, tt.want, got)
			}
		})
	}
}
