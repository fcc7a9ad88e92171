package snapshot

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// TestGapFromReadErrorIsTyped: a gap's class, and the scope fallback's IsForbidden, key on the API
// server's status, not on the message: a 500 or a proxy's error that says "forbidden" is a failed
// read.
func TestGapFromReadErrorIsTyped(t *testing.T) {
	svc := schema.GroupResource{Resource: "services"}
	tests := []struct {
		name      string
		err       error
		class     ReasonClass
		forbidden bool
	}{
		{"403", apierrors.NewForbidden(svc, "", errors.New("no")), ReasonForbidden, true},
		{"401", apierrors.NewUnauthorized("bad token"), ReasonUnauthorized, false},
		{"404 list", apierrors.NewNotFound(svc, ""), ReasonNotServed, false},
		{"timeout", apierrors.NewTimeoutError("slow", 1), ReasonReadFailed, false},
		{"refused connection", errors.New("dial tcp: connection refused"), ReasonReadFailed, false},
		{"message says forbidden", errors.New("upstream: forbidden by policy"), ReasonReadFailed, false},
		{"500 says forbidden", apierrors.NewInternalError(errors.New("forbidden")), ReasonReadFailed, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fetcher{snap: New(Live)}
			st := newStore[string]("services")
			st.MarkGap("shop", f.classify(tt.err, VerbList, resourceByName(Services).entry(), "shop"))
			for what, err := range map[string]error{"list": st.listErr("shop"), "get": func() error { _, err := st.Get("shop", "web"); return err }()} {
				if !IsUnknown(err) {
					t.Fatalf("%s: %v, want an UnknownError", what, err)
				}
				if got := ClassOf(fmt.Errorf("reading: %w", err)); got != tt.class {
					t.Errorf("%s: class of %v = %q, want %q", what, err, got, tt.class)
				}
				if got := IsForbidden(fmt.Errorf("reading: %w", err)); got != tt.forbidden {
					t.Errorf("%s: IsForbidden(%v) = %v, want %v", what, err, got, tt.forbidden)
				}
			}
		})
	}
}

// TestMissingInputClass: what was not fetched, or is not in the input files, is missing input; an
// object known absent is not found; any other error is other.
func TestMissingInputClass(t *testing.T) {
	offline := New(Offline)
	offline.eventsGapIfNone()
	partial := newStore[string]("pods")
	partial.setPartial()
	partial.MarkListed("")
	listed := newStore[string]("pods")
	listed.MarkListed("")
	unfetched := newStore[string]("secrets")
	tests := []struct {
		name string
		err  func() error
		want ReasonClass
	}{
		{"not fetched", func() error { _, err := unfetched.Get("shop", "tls"); return err }, ReasonMissingInput},
		{"not in the input files", func() error { _, err := partial.Get("shop", "web-1"); return err }, ReasonMissingInput},
		{"none selected in the input files", func() error { return partial.knownSelection("shop", "app=web") }, ReasonMissingInput},
		{"no events in the input files", func() error { _, err := offline.EventsFor(KindService, "shop", "web", ""); return err }, ReasonMissingInput},
		{"known absent", func() error { _, err := listed.Get("shop", "web-1"); return err }, ReasonNotFound},
		{"any other error", func() error { return errors.New("bad selector") }, ReasonOther},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ClassOf(tt.err()); got != tt.want {
				t.Errorf("class = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestWhole: a store is whole where its list is held live; an unknown list is unknown with its
// gap's class, and offline a held list is unknown too (missing input): the files may lack objects.
func TestWhole(t *testing.T) {
	live := newStore[string]("nodes")
	live.MarkListed("")
	gapped := newStore[string]("nodes")
	gapped.MarkListed("")
	gapped.MarkGap("", Gap{Reason: "forbidden", Class: ReasonForbidden, RBAC: "list nodes (apiGroups: [\"\"]) cluster-wide"})
	offline := newStore[string]("nodes")
	offline.setPartial()
	offline.Add("", "n1", "N1")
	offline.MarkListed("")
	tests := []struct {
		name  string
		st    *Store[string]
		want  ReasonClass // "" for whole
		rbac  string
		lists bool // List answers all the same
	}{
		{"listed live", &live, "", "", false},
		{"never fetched", func() *Store[string] { s := newStore[string]("nodes"); return &s }(), ReasonMissingInput, "", false},
		{"forbidden", &gapped, ReasonForbidden, "list nodes", false},
		{"offline, held", &offline, ReasonMissingInput, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.st.Whole("")
			if tt.want == "" {
				if err != nil {
					t.Fatalf("Whole: %v, want nil", err)
				}
				return
			}
			if !IsUnknown(err) || ClassOf(err) != tt.want {
				t.Fatalf("Whole: %v (class %q), want an UnknownError of class %q", err, ClassOf(err), tt.want)
			}
			if !strings.Contains(err.Error(), tt.rbac) {
				t.Errorf("Whole: %v, want the RBAC rule %q", err, tt.rbac)
			}
			if _, lerr := tt.st.List(""); (lerr == nil) != tt.lists {
				t.Errorf("List: %v; a held offline list answers, an unknown one does not", lerr)
			}
		})
	}
}

// TestReasonClassesAreValid: the listed classes are exactly the valid ones.
func TestReasonClassesAreValid(t *testing.T) {
	seen := map[ReasonClass]bool{}
	for _, c := range ReasonClasses() {
		if !c.Valid() || seen[c] {
			t.Errorf("class %q listed twice or invalid", c)
		}
		seen[c] = true
	}
	for _, c := range []ReasonClass{"", "Forbidden", "forbidden: list services"} {
		if c.Valid() {
			t.Errorf("%q is valid", c)
		}
	}
}
