package synth

import (
	"bytes"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TLSSecrets returns n kubernetes.io/tls Secrets of namespace ns, tls-0000 on, each about size
// bytes: a real chain (leaf and CA) and its private key in tls.crt and tls.key, a qcloud_cert_id,
// and a ca.crt CA bundle (the CA repeated) making up the rest, as cert-manager's Secrets carry one.
// Every Secret holds its own copy of the bytes, as objects decoded from an API server do.
func TLSSecrets(ns string, n, size int, c testutil.Chain) []*corev1.Secret {
	crt := c.Bundle()
	bundle := bytes.Repeat(c.CA, max(0, size-len(crt)-len(c.KeyPEM)-8)/len(c.CA)+1)
	bundle = bundle[:max(0, size-len(crt)-len(c.KeyPEM)-8)]
	out := make([]*corev1.Secret, n)
	for i := range out {
		out[i] = &corev1.Secret{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "Secret"},
			ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: fmt.Sprintf("tls-%04d", i)}, Type: corev1.SecretTypeTLS,
			Data: map[string][]byte{
				corev1.TLSCertKey:       bytes.Clone(crt),
				corev1.TLSPrivateKeyKey: bytes.Clone(c.KeyPEM),
				snapshot.CertIDKey:      []byte("YCOLTUdr"),
				"ca.crt":                bytes.Clone(bundle),
			}}
	}
	return out
}
