package snapshot

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Secret keys whose facts a snapshot keeps.
const (
	// CertIDKey holds the id of a certificate uploaded to Tencent Cloud SSL (TKE Ingress TLS); its
	// value is an identifier, not key material, and is kept verbatim.
	CertIDKey = "qcloud_cert_id"
	// TLSCertKey and TLSPrivateKeyKey are the certificate chain and private key of a TLS Secret.
	TLSCertKey       = corev1.TLSCertKey
	TLSPrivateKeyKey = corev1.TLSPrivateKeyKey
)

// lastApplied is the annotation kubectl apply writes: for a Secret it holds the whole object, data
// included, so it is not kept.
const lastApplied = corev1.LastAppliedConfigAnnotation

// maxCerts bounds the certificates of tls.crt whose facts are kept; TLSFacts.CertCount counts all.
const maxCerts = 8

// Secret is what a snapshot holds of a Secret: its metadata and type, the name and size of each
// key, the values of the keys kept verbatim (CertIDKey) and the facts of its TLS certificate and
// private key. A Secret is reduced to this as soon as it is decoded (live reads, serve's informers,
// input files); the bytes of its keys are never held.
type Secret struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// Type is the Secret's type (kubernetes.io/tls, Opaque, …).
	Type corev1.SecretType `json:"type,omitempty"`
	// Keys are the keys of data, then those of stringData (input files may give both), each with
	// its size in bytes.
	Keys []SecretKey `json:"keys,omitempty"`
	// Values holds the value of CertIDKey when the Secret has it (data first, then stringData).
	Values map[string]string `json:"values,omitempty"`
	// TLS holds the facts of tls.crt and tls.key; nil when the Secret has neither.
	TLS *TLSFacts `json:"tls,omitempty"`
}

// SecretKey is one key of a Secret and the size of its value.
type SecretKey struct {
	Name string `json:"name"`
	Size int    `json:"size"`
}

// TLSFacts are what a snapshot keeps of a Secret's tls.crt and tls.key.
type TLSFacts struct {
	// CertSize and KeySize are the sizes of tls.crt and tls.key in bytes (0: absent or empty).
	CertSize int `json:"certSize"`
	KeySize  int `json:"keySize"`
	// Certificates are the first maxCerts certificates of tls.crt, in the order written; CertCount
	// counts them all.
	Certificates []CertFacts `json:"certificates,omitempty"`
	CertCount    int         `json:"certCount"`
	// CertError says why tls.crt could not be read in full ("" when it could, or is absent).
	CertError string `json:"certError,omitempty"`
	// ChainOrdered is true when each certificate is issued and signed by the next one (leaf
	// first), as servers must send a chain; true for a single certificate.
	ChainOrdered bool `json:"chainOrdered"`
	// KeyAlgorithm is the private key's algorithm (RSA, ECDSA, Ed25519), "" when it is absent or
	// could not be read; KeyError says why it could not.
	KeyAlgorithm string `json:"keyAlgorithm,omitempty"`
	KeyError     string `json:"keyError,omitempty"`
	// KeyMatches is true when the private key's public half is the first certificate's.
	KeyMatches bool `json:"keyMatches"`
}

// CertFacts are the public facts of one certificate. Times are metav1.Time so that the semantic
// equality serve compares updates with can read them.
type CertFacts struct {
	Subject     string      `json:"subject"`
	Issuer      string      `json:"issuer"`
	DNSNames    []string    `json:"dnsNames,omitempty"`
	IPAddresses []string    `json:"ipAddresses,omitempty"`
	NotBefore   metav1.Time `json:"notBefore"`
	NotAfter    metav1.Time `json:"notAfter"`
	IsCA        bool        `json:"isCA,omitempty"`
	// SHA256 is the fingerprint of the certificate's DER bytes, in hex.
	SHA256 string `json:"sha256"`
}

// Value returns the value of a key kept verbatim (CertIDKey) and whether the Secret has it.
func (s *Secret) Value(key string) (string, bool) {
	v, ok := s.Values[key]
	return v, ok
}

// SecretOf reduces a Secret to what a snapshot holds of it. The result shares nothing with s.
func SecretOf(s *corev1.Secret) *Secret {
	out := &Secret{TypeMeta: s.TypeMeta, Type: s.Type}
	s.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.ManagedFields = nil
	if _, ok := out.Annotations[lastApplied]; ok {
		delete(out.Annotations, lastApplied)
	}
	for _, k := range sortedKeys(s.Data) {
		out.Keys = append(out.Keys, SecretKey{Name: k, Size: len(s.Data[k])})
	}
	for _, k := range sortedKeys(s.StringData) {
		out.Keys = append(out.Keys, SecretKey{Name: k, Size: len(s.StringData[k])})
	}
	if v, ok := s.Data[CertIDKey]; ok {
		out.Values = map[string]string{CertIDKey: string(v)}
	} else if v, ok := s.StringData[CertIDKey]; ok {
		out.Values = map[string]string{CertIDKey: v}
	}
	crt, hasCrt := secretBytes(s, TLSCertKey)
	key, hasKey := secretBytes(s, TLSPrivateKeyKey)
	if hasCrt || hasKey {
		out.TLS = tlsFacts(crt, key)
	}
	return out
}

// secretBytes reads a key from data, else stringData.
func secretBytes(s *corev1.Secret, key string) ([]byte, bool) {
	if v, ok := s.Data[key]; ok {
		return v, true
	}
	v, ok := s.StringData[key]
	return []byte(v), ok
}

// tlsFacts reads the facts of a certificate chain and a private key, both PEM.
func tlsFacts(crt, key []byte) *TLSFacts {
	f := &TLSFacts{CertSize: len(crt), KeySize: len(key)}
	certs := f.readCerts(crt)
	f.ChainOrdered = len(certs) > 0 && f.CertError == ""
	for i := 0; i+1 < len(certs); i++ {
		if !bytes.Equal(certs[i].RawIssuer, certs[i+1].RawSubject) || certs[i].CheckSignatureFrom(certs[i+1]) != nil {
			f.ChainOrdered = false
		}
	}
	if len(key) > 0 {
		pub, alg, err := publicOf(key)
		switch {
		case err != nil:
			f.KeyError = err.Error()
		default:
			f.KeyAlgorithm = alg
			if len(certs) > 0 {
				if k, ok := pub.(interface{ Equal(crypto.PublicKey) bool }); ok {
					f.KeyMatches = k.Equal(certs[0].PublicKey)
				}
			}
		}
	}
	return f
}

// readCerts parses the CERTIFICATE blocks of a PEM chain, records their facts and returns the
// first maxCerts+1 of them (enough to judge the order of the recorded ones).
func (f *TLSFacts) readCerts(crt []byte) []*x509.Certificate {
	var certs []*x509.Certificate
	for rest := bytes.TrimSpace(crt); len(rest) > 0; rest = bytes.TrimSpace(rest) {
		var b *pem.Block
		b, rest = pem.Decode(rest)
		if b == nil {
			f.CertError = fmt.Sprintf("block %d is not PEM", f.CertCount+1)
			return certs
		}
		f.CertCount++
		switch {
		case b.Type != "CERTIFICATE":
			f.CertError = fmt.Sprintf("block %d is a %s, not a CERTIFICATE", f.CertCount, clipText(b.Type))
		case len(certs) > maxCerts:
		default:
			c, err := x509.ParseCertificate(b.Bytes)
			if err != nil {
				f.CertError = fmt.Sprintf("certificate %d: %v", f.CertCount, err)
				continue
			}
			certs = append(certs, c)
			if len(f.Certificates) < maxCerts {
				f.Certificates = append(f.Certificates, certFacts(c))
			}
		}
	}
	return certs
}

func certFacts(c *x509.Certificate) CertFacts {
	sum := sha256.Sum256(c.Raw)
	cf := CertFacts{Subject: c.Subject.String(), Issuer: c.Issuer.String(), DNSNames: slices.Clone(c.DNSNames),
		NotBefore: metav1.NewTime(c.NotBefore.UTC()), NotAfter: metav1.NewTime(c.NotAfter.UTC()), IsCA: c.IsCA, SHA256: hex.EncodeToString(sum[:])}
	for _, ip := range c.IPAddresses {
		cf.IPAddresses = append(cf.IPAddresses, ip.String())
	}
	return cf
}

// publicOf parses a PEM private key (PKCS #1, PKCS #8 or SEC 1) and returns its public half and
// algorithm. Neither the key nor a parse error's text holds the private bytes.
func publicOf(key []byte) (crypto.PublicKey, string, error) {
	b, _ := pem.Decode(bytes.TrimSpace(key))
	if b == nil {
		return nil, "", fmt.Errorf("not PEM")
	}
	var priv any
	var err error
	switch b.Type {
	case "RSA PRIVATE KEY":
		priv, err = x509.ParsePKCS1PrivateKey(b.Bytes)
	case "EC PRIVATE KEY":
		priv, err = x509.ParseECPrivateKey(b.Bytes)
	case "PRIVATE KEY":
		priv, err = x509.ParsePKCS8PrivateKey(b.Bytes)
	default:
		return nil, "", fmt.Errorf("a %s block, not a private key", clipText(b.Type))
	}
	if err != nil {
		// The x509 parse errors name the structure that failed, never the key's bytes.
		return nil, "", fmt.Errorf("%s: %w", strings.ToLower(b.Type), err)
	}
	switch k := priv.(type) {
	case *rsa.PrivateKey:
		return k.Public(), "RSA", nil
	case *ecdsa.PrivateKey:
		return k.Public(), "ECDSA", nil
	case ed25519.PrivateKey:
		return k.Public(), "Ed25519", nil
	}
	return nil, "", fmt.Errorf("unsupported private key type %T", priv)
}

// clipText bounds a text read from the input (a PEM block type) in an error.
func clipText(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// DeepCopyInto copies s into out.
func (s *Secret) DeepCopyInto(out *Secret) {
	*out = *s
	s.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Keys = slices.Clone(s.Keys)
	if s.Values != nil {
		out.Values = make(map[string]string, len(s.Values))
		for k, v := range s.Values {
			out.Values[k] = v
		}
	}
	if s.TLS != nil {
		t := *s.TLS
		t.Certificates = make([]CertFacts, len(s.TLS.Certificates))
		for i, c := range s.TLS.Certificates {
			c.DNSNames = slices.Clone(c.DNSNames)
			c.IPAddresses = slices.Clone(c.IPAddresses)
			t.Certificates[i] = c
		}
		if s.TLS.Certificates == nil {
			t.Certificates = nil
		}
		out.TLS = &t
	}
}

// DeepCopy returns a copy of s.
func (s *Secret) DeepCopy() *Secret {
	if s == nil {
		return nil
	}
	out := new(Secret)
	s.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of s as a runtime.Object.
func (s *Secret) DeepCopyObject() runtime.Object { return s.DeepCopy() }

// Unmarshal decodes a Secret from its protobuf form and keeps what SecretOf keeps: the decoded
// Secret, key bytes and all, is garbage as soon as this returns.
func (s *Secret) Unmarshal(b []byte) error { return unmarshalReduced(b, s, SecretOf) }

// fromWire sets s from a Secret as the API or a fake client returns it; false for another type.
func (s *Secret) fromWire(o runtime.Object) bool { return reducedFrom(o, s, SecretOf) }

// wireDecoder is a stored kind that differs from the kind the API serves (Secret).
type wireDecoder interface{ fromWire(runtime.Object) bool }

func newSecret() *Secret { return &Secret{} }
