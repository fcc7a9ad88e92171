package snapshot_test

import (
	"reflect"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestEventRecord: Reduce turns an Event of either API into an EventRecord that holds the Event a
// one-shot run makes of it (FromCoreEvent, FromEventsV1) and, of the metadata, only the name,
// namespace, uid and resource version.
func TestEventRecord(t *testing.T) {
	t1 := metav1.NewTime(time.Date(2026, 5, 4, 7, 48, 14, 0, time.UTC))
	t0 := metav1.NewTime(t1.Add(-time.Hour))
	meta := metav1.ObjectMeta{Namespace: "shop", Name: "web.17a", UID: "ev-1", ResourceVersion: "9", CreationTimestamp: t1,
		ManagedFields: []metav1.ManagedFieldsEntry{{Manager: "ccm"}}, Annotations: map[string]string{"a": "b"}}
	wantMeta := snapshot.NameMeta{Namespace: "shop", Name: "web.17a", ResourceVersion: "9"}
	involved := corev1.ObjectReference{APIVersion: "v1", Kind: "Service", Namespace: "shop", Name: "web", UID: "svc-1", FieldPath: "spec"}
	ref := snapshot.ObjectRef{Kind: "Service", Namespace: "shop", Name: "web", UID: "svc-1"}
	for _, tc := range []struct {
		name string
		in   runtime.Object
		want snapshot.Event
	}{
		{"core/v1 with a count", &corev1.Event{ObjectMeta: meta, InvolvedObject: involved, Reason: "SyncLoadBalancerFailed",
			Message: "Error syncing load balancer: E4009", Type: corev1.EventTypeWarning, Count: 11, FirstTimestamp: t0, LastTimestamp: t1,
			Source: corev1.EventSource{Component: "cloud-controller-manager", Host: "n1"}, ReportingController: "ccm", ReportingInstance: "ccm-0"},
			snapshot.Event{UID: "ev-1", Type: "Warning", Reason: "SyncLoadBalancerFailed", Message: "Error syncing load balancer: E4009",
				Count: 11, LastSeen: t1.Time, Object: ref}},
		{"core/v1 with a series", &corev1.Event{ObjectMeta: meta, InvolvedObject: involved, Reason: "EnsuredLoadBalancer", Type: corev1.EventTypeNormal,
			EventTime: metav1.NewMicroTime(t0.Time), Series: &corev1.EventSeries{Count: 4, LastObservedTime: metav1.NewMicroTime(t1.Time)}},
			snapshot.Event{UID: "ev-1", Type: "Normal", Reason: "EnsuredLoadBalancer", Count: 4, LastSeen: t0.Time, Object: ref}},
		{"events.k8s.io/v1", &eventsv1.Event{ObjectMeta: meta, Regarding: involved, Reason: "SyncLoadBalancerFailed", Note: "E4009",
			Type: corev1.EventTypeWarning, EventTime: metav1.NewMicroTime(t0.Time), ReportingController: "ccm", ReportingInstance: "ccm-0",
			Series: &eventsv1.EventSeries{Count: 3, LastObservedTime: metav1.NewMicroTime(t1.Time)}},
			snapshot.Event{UID: "ev-1", Type: "Warning", Reason: "SyncLoadBalancerFailed", Message: "E4009", Count: 3, LastSeen: t1.Time, Object: ref}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := tc.in.DeepCopyObject()
			got, ok := snapshot.Reduce(tc.in).(*snapshot.EventRecord)
			if !ok {
				t.Fatalf("Reduce returned %T", snapshot.Reduce(tc.in))
			}
			if !reflect.DeepEqual(got.NameMeta, wantMeta) {
				t.Errorf("metadata %+v, want %+v", got.NameMeta, wantMeta)
			}
			if !reflect.DeepEqual(got.Event, tc.want) {
				t.Errorf("event\n got %+v\nwant %+v", got.Event, tc.want)
			}
			// The Event a one-shot run adds is the same.
			s := snapshot.New(snapshot.Live)
			if err := s.Add(before); err != nil {
				t.Fatal(err)
			}
			evs, err := s.EventsFor(snapshot.KindService, "shop", "web", "svc-1")
			if err != nil || len(evs) != 1 || !reflect.DeepEqual(evs[0], got.Event) {
				t.Errorf("one-shot events %+v (%v), want [%+v]", evs, err, got.Event)
			}
			if c := got.DeepCopy(); !reflect.DeepEqual(c, got) || c == got {
				t.Error("DeepCopy is not an equal, separate copy")
			}
		})
	}
}
