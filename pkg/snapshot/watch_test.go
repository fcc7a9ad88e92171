package snapshot

import (
	"slices"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func TestSnapshotKeptFromWatches(t *testing.T) {
	secret := func(ns, name string) *corev1.Secret {
		return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}}
	}
	tests := []struct {
		name  string
		build func(s *Snapshot)
		// want: "found", "notfound" or "unknown" for Secret shop/tls.
		want string
	}{
		{"put then listed", func(s *Snapshot) {
			s.Put(secret("shop", "tls"), nil)
			s.Mark(Secrets, nil, "", "", nil)
		}, "found"},
		{"removed from a listed scope", func(s *Snapshot) {
			s.Put(secret("shop", "tls"), nil)
			s.Mark(Secrets, nil, "", "", nil)
			s.Remove(secret("shop", "tls"), nil)
		}, "notfound"},
		{"never listed", func(s *Snapshot) {}, "unknown"},
		{"a named watch that holds nothing", func(s *Snapshot) { s.Mark(Secrets, nil, "shop", "tls", nil) }, "notfound"},
		{"forbidden", func(s *Snapshot) {
			s.Mark(Secrets, nil, "", "", &Gap{Reason: "forbidden"})
		}, "unknown"},
		{"forbidden, then listed", func(s *Snapshot) {
			s.Mark(Secrets, nil, "", "", &Gap{Reason: "forbidden"})
			s.Mark(Secrets, nil, "", "", nil)
		}, "notfound"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(Live)
			tt.build(s)
			_, err := s.Secrets.Get("shop", "tls")
			got := "found"
			switch {
			case IsNotFound(err):
				got = "notfound"
			case IsUnknown(err):
				got = "unknown"
			}
			if got != tt.want {
				t.Fatalf("Get: %s (%v), want %s", got, err, tt.want)
			}
		})
	}
}

func TestEventSource(t *testing.T) {
	ref := ObjectRef{Kind: "Ingress", Namespace: "shop", Name: "web"}
	held := map[ObjectRef][]*EventRecord{ref: {
		{Event: Event{UID: "e1", Reason: "A", Object: ObjectRef{UID: "u1"}}},
		{Event: Event{UID: "e2", Reason: "B", Object: ObjectRef{UID: "u2"}}},
		{Event: Event{UID: "e3", Reason: "C"}},
	}}
	s := New(Live)
	s.AddEvent(Event{UID: "held-by-the-snapshot", Object: ref}) // the source answers in its place
	s.SetEventSource(func(r ObjectRef) []*EventRecord { return held[r] })
	for _, tt := range []struct {
		name, uid string
		want      []string
	}{
		{"every uid", "", []string{"e1", "e2", "e3"}},
		{"one uid and events naming none", "u2", []string{"e2", "e3"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			evs, err := s.EventsFor(KindIngress, "shop", "web", tt.uid)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range evs {
				got = append(got, e.UID)
			}
			if !slices.Equal(got, tt.want) {
				t.Fatalf("events %v, want %v", got, tt.want)
			}
		})
	}
	if evs, _ := s.EventsFor(KindIngress, "shop", "other", ""); len(evs) != 0 {
		t.Fatalf("events of another object: %+v", evs)
	}
}
