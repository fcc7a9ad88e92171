package testutil

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"math/big"
	"reflect"
	"testing"
	"time"
)

// Key algorithms of NewChain.
const (
	ECDSA   = "ECDSA"
	RSA     = "RSA"
	Ed25519 = "Ed25519"
)

// Chain is a TLS certificate chain made for a test: a leaf for Hosts issued by an intermediate CA.
type Chain struct {
	// Leaf and CA are the two certificates, PEM; KeyPEM is the leaf's private key (PKCS #8 PEM).
	Leaf, CA, KeyPEM []byte
	// KeyDER is the leaf's private key (PKCS #8 DER).
	KeyDER []byte
}

// Bundle is the chain as tls.crt holds it, leaf first.
func (c Chain) Bundle() []byte { return append(append([]byte{}, c.Leaf...), c.CA...) }

// NewChain makes a leaf certificate for hosts with a key of algorithm alg (ECDSA, RSA or Ed25519),
// issued by a fresh CA (ECDSA), valid from an hour ago for a day.
func NewChain(t testing.TB, alg string, hosts ...string) Chain {
	t.Helper()
	c, err := MakeChain(alg, hosts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// MakeChain is NewChain outside a test (benchmark tools).
func MakeChain(alg string, hosts ...string) (Chain, error) {
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return Chain{}, err
	}
	now := time.Now().Truncate(time.Second)
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "lbdoctor test CA"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, caKey.Public(), caKey)
	if err != nil {
		return Chain{}, err
	}
	ca, err := x509.ParseCertificate(caDER)
	if err != nil {
		return Chain{}, err
	}
	var key crypto.Signer
	switch alg {
	case RSA:
		key, err = rsa.GenerateKey(rand.Reader, 2048)
	case Ed25519:
		_, key, err = ed25519.GenerateKey(rand.Reader)
	default:
		key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	}
	if err != nil {
		return Chain{}, err
	}
	cn := "leaf"
	if len(hosts) > 0 {
		cn = hosts[0]
	}
	leafTmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: cn}, DNSNames: hosts,
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour), KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	leafDER, err := x509.CreateCertificate(rand.Reader, leafTmpl, ca, key.Public(), caKey)
	if err != nil {
		return Chain{}, err
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return Chain{}, err
	}
	return Chain{
		Leaf:   pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: leafDER}),
		CA:     pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}),
		KeyPEM: pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}),
		KeyDER: keyDER,
	}, nil
}

// KeyNeedles are byte strings that only a copy of the private key holds: a run of its DER bytes,
// a line of its PEM text, and a run of the base64 of its PEM (as a Secret's data or a
// last-applied-configuration annotation carries it).
func (c Chain) KeyNeedles() [][]byte {
	mid := func(b []byte, n int) []byte {
		n = min(n, len(b))
		i := (len(b) - n) / 2
		return b[i : i+n]
	}
	b64 := []byte(base64.StdEncoding.EncodeToString(c.KeyPEM))
	// The second line of the PEM text is all base64 of the key.
	lines := bytes.Split(c.KeyPEM, []byte("\n"))
	return [][]byte{mid(c.KeyDER, 24), lines[1], mid(b64, 32)}
}

// FindBytes walks v (pointers, structs with their unexported fields, slices, arrays, maps,
// interfaces) and returns the path of the first string or byte slice that holds one of needles,
// "" when none does.
func FindBytes(v any, needles ...[]byte) string {
	seen := map[uintptr]bool{}
	return findBytes(reflect.ValueOf(v), "", needles, seen)
}

func findBytes(v reflect.Value, path string, needles [][]byte, seen map[uintptr]bool) string {
	holds := func(b []byte) bool {
		for _, n := range needles {
			if len(n) > 0 && bytes.Contains(b, n) {
				return true
			}
		}
		return false
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return ""
		}
		if v.Kind() == reflect.Pointer {
			if seen[v.Pointer()] {
				return ""
			}
			seen[v.Pointer()] = true
		}
		return findBytes(v.Elem(), path, needles, seen)
	case reflect.String:
		if holds([]byte(v.String())) {
			return path
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if p := findBytes(v.Field(i), path+"."+v.Type().Field(i).Name, needles, seen); p != "" {
				return p
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			b := make([]byte, v.Len())
			for i := range v.Len() {
				b[i] = byte(v.Index(i).Uint())
			}
			if holds(b) {
				return path
			}
			return ""
		}
		for i := range v.Len() {
			if p := findBytes(v.Index(i), fmt.Sprintf("%s[%d]", path, i), needles, seen); p != "" {
				return p
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			k := fmt.Sprint(it.Key())
			if p := findBytes(it.Key(), path+"[key "+k+"]", needles, seen); p != "" {
				return p
			}
			if p := findBytes(it.Value(), path+"["+k+"]", needles, seen); p != "" {
				return p
			}
		}
	}
	return ""
}
