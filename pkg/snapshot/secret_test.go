package snapshot

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes/fake"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
)

// tlsSecret is a kubernetes.io/tls Secret holding crt and key, applied with kubectl apply (its
// last-applied-configuration annotation holds the whole object) and carrying managed fields.
func tlsSecret(t *testing.T, name string, crt, key []byte, extra map[string]string) *corev1.Secret {
	t.Helper()
	s := &corev1.Secret{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "Secret"},
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "shop", ResourceVersion: "3", Labels: map[string]string{"app": "web"},
			ManagedFields: []metav1.ManagedFieldsEntry{{Manager: "kubectl", FieldsV1: &metav1.FieldsV1{Raw: []byte(`{"f:data":{}}`)}}}},
		Type: corev1.SecretTypeTLS, Data: map[string][]byte{corev1.TLSCertKey: crt, corev1.TLSPrivateKeyKey: key}}
	for k, v := range extra {
		s.Data[k] = []byte(v)
	}
	applied, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	s.Annotations = map[string]string{corev1.LastAppliedConfigAnnotation: string(applied), "team": "web"}
	return s
}

// TestSecretOfKeepsFactsNotKeys: a Secret is reduced to its metadata, key names and sizes, the
// certificate id and the facts of its certificate and key; no copy of the key's bytes remains.
func TestSecretOfKeepsFactsNotKeys(t *testing.T) {
	ec := testutil.NewChain(t, testutil.ECDSA, "shop.example.com", "www.shop.example.com")
	rsaChain := testutil.NewChain(t, testutil.RSA, "rsa.example.com")
	ed := testutil.NewChain(t, testutil.Ed25519, "ed.example.com")
	other := testutil.NewChain(t, testutil.ECDSA, "other.example.com")
	tests := []struct {
		name     string
		chain    testutil.Chain
		crt, key []byte
		extra    map[string]string
		check    func(t *testing.T, f *TLSFacts)
	}{
		{name: "ECDSA leaf and CA, in order", chain: ec, crt: ec.Bundle(), key: ec.KeyPEM, check: func(t *testing.T, f *TLSFacts) {
			if f.CertCount != 2 || len(f.Certificates) != 2 || !f.ChainOrdered || f.CertError != "" {
				t.Errorf("chain: count %d, kept %d, ordered %v, error %q", f.CertCount, len(f.Certificates), f.ChainOrdered, f.CertError)
			}
			leaf := f.Certificates[0]
			if !slices.Equal(leaf.DNSNames, []string{"shop.example.com", "www.shop.example.com"}) || leaf.Subject != "CN=shop.example.com" ||
				leaf.Issuer != "CN=lbdoctor test CA" || leaf.IsCA || !f.Certificates[1].IsCA || len(leaf.SHA256) != 64 {
				t.Errorf("leaf facts %+v", leaf)
			}
			if !leaf.NotBefore.Before(&leaf.NotAfter) {
				t.Errorf("validity %v – %v", leaf.NotBefore, leaf.NotAfter)
			}
			if f.KeyAlgorithm != "ECDSA" || !f.KeyMatches || f.KeyError != "" {
				t.Errorf("key: %q matches %v error %q", f.KeyAlgorithm, f.KeyMatches, f.KeyError)
			}
		}},
		{name: "RSA key", chain: rsaChain, crt: rsaChain.Bundle(), key: rsaChain.KeyPEM, check: func(t *testing.T, f *TLSFacts) {
			if f.KeyAlgorithm != "RSA" || !f.KeyMatches {
				t.Errorf("key: %q matches %v error %q", f.KeyAlgorithm, f.KeyMatches, f.KeyError)
			}
		}},
		{name: "Ed25519 key", chain: ed, crt: ed.Leaf, key: ed.KeyPEM, check: func(t *testing.T, f *TLSFacts) {
			if f.KeyAlgorithm != "Ed25519" || !f.KeyMatches || !f.ChainOrdered || f.CertCount != 1 {
				t.Errorf("key: %q matches %v, ordered %v, count %d", f.KeyAlgorithm, f.KeyMatches, f.ChainOrdered, f.CertCount)
			}
		}},
		{name: "CA before the leaf", chain: ec, crt: append(slices.Clone(ec.CA), ec.Leaf...), key: ec.KeyPEM, check: func(t *testing.T, f *TLSFacts) {
			if f.ChainOrdered || f.KeyMatches || f.CertCount != 2 {
				t.Errorf("ordered %v, matches %v, count %d", f.ChainOrdered, f.KeyMatches, f.CertCount)
			}
		}},
		{name: "key of another certificate", chain: other, crt: ec.Bundle(), key: other.KeyPEM, check: func(t *testing.T, f *TLSFacts) {
			if f.KeyMatches || f.KeyAlgorithm != "ECDSA" || f.KeyError != "" {
				t.Errorf("matches %v, algorithm %q, error %q", f.KeyMatches, f.KeyAlgorithm, f.KeyError)
			}
		}},
		{name: "key bytes not PEM", chain: ec, crt: ec.Bundle(), key: ec.KeyDER, check: func(t *testing.T, f *TLSFacts) {
			if f.KeyError == "" || f.KeyAlgorithm != "" || f.KeyMatches {
				t.Errorf("error %q, algorithm %q, matches %v", f.KeyError, f.KeyAlgorithm, f.KeyMatches)
			}
		}},
		{name: "the key pasted into tls.crt", chain: ec, crt: append(slices.Clone(ec.Leaf), ec.KeyPEM...), key: ec.KeyPEM, check: func(t *testing.T, f *TLSFacts) {
			if f.CertCount != 2 || len(f.Certificates) != 1 || !strings.Contains(f.CertError, "PRIVATE KEY") || f.ChainOrdered {
				t.Errorf("count %d, kept %d, error %q, ordered %v", f.CertCount, len(f.Certificates), f.CertError, f.ChainOrdered)
			}
		}},
		{name: "tls.crt not PEM", chain: ec, crt: []byte("not a certificate"), key: ec.KeyPEM, check: func(t *testing.T, f *TLSFacts) {
			if f.CertError == "" || f.CertCount != 0 || f.KeyMatches || f.KeyAlgorithm != "ECDSA" {
				t.Errorf("error %q, count %d, matches %v, algorithm %q", f.CertError, f.CertCount, f.KeyMatches, f.KeyAlgorithm)
			}
		}},
		{name: "with a certificate id", chain: ec, crt: ec.Bundle(), key: ec.KeyPEM, extra: map[string]string{CertIDKey: "YCOLTUdr"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := tlsSecret(t, "web-tls", tc.crt, tc.key, tc.extra)
			got := SecretOf(in)
			if p := testutil.FindBytes(got, tc.chain.KeyNeedles()...); p != "" {
				t.Fatalf("the reduced Secret holds key bytes at %s", p)
			}
			if got.Name != "web-tls" || got.Namespace != "shop" || got.ResourceVersion != "3" || got.Labels["app"] != "web" ||
				got.Annotations["team"] != "web" || got.Type != corev1.SecretTypeTLS {
				t.Errorf("metadata %+v, type %s", got.ObjectMeta, got.Type)
			}
			if _, ok := got.Annotations[corev1.LastAppliedConfigAnnotation]; ok || got.ManagedFields != nil {
				t.Error("last-applied-configuration or managed fields kept")
			}
			wantKeys := []SecretKey{{Name: corev1.TLSCertKey, Size: len(tc.crt)}, {Name: corev1.TLSPrivateKeyKey, Size: len(tc.key)}}
			if tc.extra != nil {
				wantKeys = append([]SecretKey{{Name: CertIDKey, Size: 8}}, wantKeys...)
			}
			if !slices.Equal(got.Keys, wantKeys) {
				t.Errorf("keys %v, want %v", got.Keys, wantKeys)
			}
			if id, ok := got.Value(CertIDKey); ok != (tc.extra != nil) || id != tc.extra[CertIDKey] {
				t.Errorf("certificate id %q, %v", id, ok)
			}
			if got.TLS == nil || got.TLS.CertSize != len(tc.crt) || got.TLS.KeySize != len(tc.key) {
				t.Fatalf("TLS facts %+v", got.TLS)
			}
			if tc.check != nil {
				tc.check(t, got.TLS)
			}
			if cp := got.DeepCopy(); !equalJSON(t, cp, got) {
				t.Error("DeepCopy differs")
			}
		})
	}
}

func equalJSON(t *testing.T, a, b any) bool {
	t.Helper()
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	return bytes.Equal(ja, jb)
}

// TestSecretWithoutTLSKeys: an Opaque Secret with a certificate id only has no TLS facts.
func TestSecretWithoutTLSKeys(t *testing.T) {
	got := SecretOf(&corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "id", Namespace: "shop"},
		StringData: map[string]string{CertIDKey: "YCOLTUdr"}})
	if got.TLS != nil {
		t.Errorf("TLS facts %+v for a Secret without tls.crt or tls.key", got.TLS)
	}
	if id, ok := got.Value(CertIDKey); !ok || id != "YCOLTUdr" {
		t.Errorf("certificate id from stringData: %q, %v", id, ok)
	}
}

// TestNoKeyBytesOnAnyReadPath: however a Secret reaches a snapshot (a protobuf or JSON LIST answer,
// a GET, a LIST through a client without a REST client, Add, an input file), the store holds its
// facts and no copy of its private key; an input file's YAML node, kept to locate findings, holds
// none either.
func TestNoKeyBytesOnAnyReadPath(t *testing.T) {
	chain := testutil.NewChain(t, testutil.ECDSA, "shop.example.com")
	needles := chain.KeyNeedles()
	secrets := func(n int) []*corev1.Secret {
		var out []*corev1.Secret
		for i := range n {
			out = append(out, tlsSecret(t, fmt.Sprintf("tls-%02d", i), chain.Bundle(), chain.KeyPEM, map[string]string{CertIDKey: "YCOLTUdr"}))
		}
		return out
	}
	list := func(n int) *corev1.SecretList {
		l := &corev1.SecretList{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "SecretList"}}
		for _, s := range secrets(n) {
			l.Items = append(l.Items, *s)
		}
		return l
	}
	assertClean := func(t *testing.T, s *Snapshot, want int) {
		t.Helper()
		held := s.Secrets.Held("")
		if len(held) != want {
			t.Fatalf("%d Secrets held, want %d", len(held), want)
		}
		for _, sec := range held {
			if sec.TLS == nil || !sec.TLS.KeyMatches || sec.TLS.CertCount != 2 {
				t.Errorf("%s: facts %+v", sec.Name, sec.TLS)
			}
		}
		if p := testutil.FindBytes(s, needles...); p != "" {
			t.Errorf("the snapshot holds key bytes at %s", p)
		}
	}
	objects := func(n int) []*corev1.Secret { return secrets(n) }

	t.Run("protobuf LIST answer", func(t *testing.T) {
		s := New(Live)
		items, err := readAllOf(bytes.NewReader(protobufList(t, list(3))), newSecret, skipMeta, func(string) {})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range items {
			s.Secrets.Add(it.Namespace, it.Name, it)
		}
		assertClean(t, s, 3)
	})
	t.Run("JSON LIST answer", func(t *testing.T) {
		s := New(Live)
		body, err := json.Marshal(list(2))
		if err != nil {
			t.Fatal(err)
		}
		items, err := readAllOf(bytes.NewReader(body), newSecret, skipMeta, func(string) {})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range items {
			s.Secrets.Add(it.Namespace, it.Name, it)
		}
		assertClean(t, s, 2)
	})
	for _, n := range []int{2, directSecretGets + 2} {
		t.Run(fmt.Sprintf("%d referenced Secrets read live", n), func(t *testing.T) {
			var objs []*corev1.Secret
			var refs []ObjectRef
			for _, s := range objects(n) {
				objs = append(objs, s)
				refs = append(refs, ObjectRef{Kind: "Secret", Namespace: s.Namespace, Name: s.Name})
			}
			cs := fake.NewClientset()
			for _, o := range objs {
				if _, err := cs.CoreV1().Secrets(o.Namespace).Create(context.Background(), o, metav1.CreateOptions{}); err != nil {
					t.Fatal(err)
				}
			}
			f := &fetcher{ctx: context.Background(), c: Clients{Kube: cs}, snap: New(Live)}
			f.secrets("", refs)
			f.wait()
			assertClean(t, f.snap, n)
		})
	}
	t.Run("Add", func(t *testing.T) {
		s := New(Live)
		for _, o := range objects(2) {
			if err := s.Add(o); err != nil {
				t.Fatal(err)
			}
		}
		assertClean(t, s, 2)
	})
	t.Run("Reduce, the informers' transform", func(t *testing.T) {
		s := New(Live)
		for _, o := range objects(2) {
			if !s.Put(Reduce(o), nil) {
				t.Fatal("Put refused a reduced Secret")
			}
		}
		assertClean(t, s, 2)
	})
	t.Run("input file", func(t *testing.T) {
		var b strings.Builder
		for _, o := range objects(2) {
			o.ManagedFields = nil
			j, err := json.Marshal(o)
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString("---\n")
			b.Write(j)
			b.WriteString("\n")
		}
		// A YAML file with stringData too, as people write them.
		b.WriteString("---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: plain\n  namespace: shop\nstringData:\n  tls.crt: |\n")
		for _, l := range strings.Split(strings.TrimSpace(string(chain.Bundle())), "\n") {
			b.WriteString("    " + l + "\n")
		}
		b.WriteString("  tls.key: |\n")
		for _, l := range strings.Split(strings.TrimSpace(string(chain.KeyPEM)), "\n") {
			b.WriteString("    " + l + "\n")
		}
		path := testutil.WriteFile(t, t.TempDir(), "secrets.yaml", b.String())
		s, err := FromFiles([]string{path}, nil, "shop")
		if err != nil {
			t.Fatal(err)
		}
		assertClean(t, s, 3)
		// Findings still locate the Secret's keys.
		if loc := s.Locate(Target{Kind: KindIngress, Namespace: "shop", Name: "x"}, "shop/secret/plain.stringData.tls.key"); loc == nil || loc.Line == 0 || filepath.Base(loc.File) != "secrets.yaml" {
			t.Errorf("location of the scrubbed key: %+v", loc)
		}
	})
	// The needles do find a key where one is: the check above is not vacuous.
	if p := testutil.FindBytes(secrets(1)[0], needles...); p == "" {
		t.Fatal("FindBytes does not find the key in a whole Secret")
	}
	if p := testutil.FindBytes(map[string]string{"a": base64.StdEncoding.EncodeToString(chain.KeyPEM)}, needles...); p == "" {
		t.Fatal("FindBytes does not find the base64 of the key")
	}
}
