package rules

import (
	"regexp"
	"strings"
	"testing"
)

func TestCatalogInvariants(t *testing.T) {
	seen := map[ID]bool{}
	idRE := regexp.MustCompile(`^(tke|ack|generic)\.(service|ingress)\.[A-Za-z0-9._-]+$`)
	for _, r := range All() {
		t.Run(string(r.ID), func(t *testing.T) {
			if seen[r.ID] {
				t.Fatalf("duplicate id")
			}
			seen[r.ID] = true
			if !idRE.MatchString(string(r.ID)) {
				t.Errorf("id does not match <provider>.<kind>.<code-or-slug>")
			}
			prefix := string(r.Provider) + "." + string(r.Kind) + "."
			if !strings.HasPrefix(string(r.ID), prefix) {
				t.Errorf("id does not start with %q", prefix)
			}
			if r.Provider == TKE && r.Code != "" && !strings.HasPrefix(string(r.ID), prefix+r.Code) {
				t.Errorf("TKE id should carry its code %s", r.Code)
			}
			for name, v := range map[string]string{"Title": r.Title, "Cause": r.Cause, "Fix": r.Fix, "Risk": r.Risk, "Doc": r.Doc} {
				if strings.TrimSpace(v) == "" {
					t.Errorf("%s is empty", name)
				}
			}
			if len(r.Title) > 70 {
				t.Errorf("title longer than 70 characters: %d", len(r.Title))
			}
			if r.Severity < Info || r.Severity > Error {
				t.Errorf("severity out of range: %d", r.Severity)
			}
			for _, m := range r.Match {
				if len(strings.TrimSpace(m)) < 6 {
					t.Errorf("event fragment %q is too short to be specific", m)
				}
			}
		})
	}
}

func TestSameCodeDiffersByKind(t *testing.T) {
	svcs, ings := Lookup("E4005", TKE, Service), Lookup("E4005", TKE, Ingress)
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
		p    Provider
		k    Kind
		want []ID
	}{
		{"E4011", TKE, Ingress, []ID{TKEIngressE4011}},
		{"e4011", "", Service, []ID{TKEServiceE4011}},
		{"VSwitchAvailableIpNotExist", "", "", []ID{ACKServiceVSwitchAvailableIPNotExist}},
		{"tke.service.clb-loopback", "", "", []ID{TKEServiceCLBLoopback}},
		{"E9999", "", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			var got []ID
			for _, r := range Lookup(tt.code, tt.p, tt.k) {
				got = append(got, r.ID)
			}
			if strings.Join(idsToStrings(got), ",") != strings.Join(idsToStrings(tt.want), ",") {
				t.Errorf("Lookup(%q) = %v, want %v", tt.code, got, tt.want)
			}
		})
	}
}

func TestSeverityText(t *testing.T) {
	for _, s := range []Severity{Info, Warning, Error} {
		b, _ := s.MarshalText()
		var back Severity
		if err := back.UnmarshalText(b); err != nil || back != s {
			t.Errorf("round trip of %v: %v %v", s, back, err)
		}
	}
	if _, err := ParseSeverity("fatal"); err == nil {
		t.Errorf("ParseSeverity(fatal) should fail")
	}
}

func idsToStrings(ids []ID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = string(id)
	}
	return out
}
