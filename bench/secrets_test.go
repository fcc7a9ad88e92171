package bench

import (
	"fmt"
	"runtime"
	"testing"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/bench/synth"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Secrets of the issue-27 measurement: 2,000 TLS Secrets of 64 KiB.
const (
	benchSecrets    = 2000
	benchSecretSize = 64 << 10
)

// BenchmarkSecretHeap measures the heap a snapshot keeps for 2,000 TLS Secrets of 64 KiB each
// (RSA chain and key, the rest a ca.crt bundle), each decoded from its own protobuf bytes as a
// LIST or watch answer delivers it: none; what serve and the one-shot run keep now (the facts,
// snapshot.Secret); and the whole Secrets, as they were kept before issue 27. It reports the
// retained heap (MB) and bytes per Secret; run it once:
//
//	go test ./bench -run '^$' -bench SecretHeap -benchtime 1x
func BenchmarkSecretHeap(b *testing.B) {
	chain := testutil.NewChain(b, testutil.RSA, "shop.example.com", "www.shop.example.com")
	tmpl := synth.TLSSecrets("shop", 1, benchSecretSize, chain)[0]
	// wire returns the protobuf bytes of Secret i, made when asked so that the input is never held.
	wire := func(i int) []byte {
		tmpl.Name = fmt.Sprintf("tls-%04d", i)
		data, err := tmpl.Marshal()
		if err != nil {
			b.Fatal(err)
		}
		return data
	}
	cases := []struct {
		name string
		load func() any
	}{
		{"none", func() any { return snapshot.New(snapshot.Live) }},
		{"facts", func() any {
			s := snapshot.New(snapshot.Live)
			for i := range benchSecrets {
				sec := &snapshot.Secret{}
				if err := sec.Unmarshal(wire(i)); err != nil {
					b.Fatal(err)
				}
				s.Put(sec, nil)
			}
			return s
		}},
		{"whole Secrets (before)", func() any {
			held := make(map[string]*corev1.Secret, benchSecrets)
			for i := range benchSecrets {
				sec := &corev1.Secret{}
				if err := sec.Unmarshal(wire(i)); err != nil {
					b.Fatal(err)
				}
				snapshot.TrimLive(sec)
				held[sec.Namespace+"/"+sec.Name] = sec
			}
			return held
		}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			var kept uint64
			for range b.N {
				kept = retained(tc.load)
			}
			b.ReportMetric(float64(kept)/1e6, "retained-MB")
			b.ReportMetric(float64(kept)/benchSecrets, "B/secret")
		})
	}
}

// retained is the heap still in use after load, once collected, while its result is alive.
func retained(load func() any) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&before)
	held := load()
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(held)
	if after.HeapAlloc < before.HeapAlloc {
		return 0
	}
	return after.HeapAlloc - before.HeapAlloc
}
