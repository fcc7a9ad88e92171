package snapshot

import (
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

func TestSetEventsReplaces(t *testing.T) {
	s := New(Live)
	ref := ObjectRef{Kind: "Ingress", Namespace: "shop", Name: "web", UID: "u1"}
	s.SetEvents(ref, []Event{{UID: "e1", Reason: "A"}, {UID: "e2", Reason: "B"}})
	s.SetEvents(ref, []Event{{UID: "e2", Reason: "B"}})
	evs, err := s.EventsFor(KindIngress, "shop", "web", "")
	if err != nil || len(evs) != 1 || evs[0].UID != "e2" {
		t.Fatalf("events %+v, %v", evs, err)
	}
	s.SetEvents(ref, nil)
	if evs, _ := s.EventsFor(KindIngress, "shop", "web", ""); len(evs) != 0 {
		t.Fatalf("events after clearing: %+v", evs)
	}
}
