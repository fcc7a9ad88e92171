// Package alibaba is a simulated Alibaba Cloud API for tests and the demo, in process on loopback.
// It speaks the RPC wire protocol the vendor's Go SDK speaks (GET or POST, common parameters in the
// query or the form body, signature method HMAC-SHA1 version 1.0), verifies each request's
// signature against the scenario's credentials, and answers the read actions of SLB (2014-05-15),
// NLB (2022-04-30), VPC (2016-04-28) and Quota Center (2020-05-10) with JSON shaped after the API
// reference's examples. It is a simulation: nothing it answers comes from Alibaba Cloud.
//
// Signature: https://www.alibabacloud.com/help/en/sdk/product-overview/rpc-mechanism
package alibaba

import (
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"
)

// Request is one request the simulated cloud received: its action and API version, its
// parameters (the Signature left out) and the error code it answered, empty for success.
type Request struct {
	Action  string
	Version string
	Params  map[string]string
	Code    string
}

// Sim is a simulated Alibaba Cloud API serving one Scenario.
type Sim struct {
	sc *Scenario
	// Now is the clock requests' Timestamp is checked against (default time.Now).
	Now func() time.Time

	mu       sync.Mutex
	requests []Request
	nonces   map[string]bool
	faulted  map[int]int
	seq      int

	srv  *http.Server
	ln   net.Listener
	done chan struct{}
}

// New is a simulated cloud serving sc.
func New(sc *Scenario) *Sim {
	return &Sim{sc: sc, Now: time.Now, nonces: map[string]bool{}, faulted: map[int]int{}, done: make(chan struct{})}
}

// Start serves on a loopback port and returns the base URL (http://127.0.0.1:port).
func (s *Sim) Start() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	s.ln = ln
	s.srv = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = s.srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), nil
}

// Close stops serving; requests held back by a fault's delay are answered at once.
func (s *Sim) Close() {
	close(s.done)
	if s.srv != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = s.srv.Shutdown(ctx)
	}
}

// Requests is every request received so far, in order.
func (s *Sim) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// apiError is an error answer: HTTP status, code and message.
type apiError struct {
	status  int
	code    string
	message string
}

func errorf(status int, code, format string, args ...any) *apiError {
	return &apiError{status: status, code: code, message: fmt.Sprintf(format, args...)}
}

// handler answers one action of one API version with a JSON-encodable body or an error.
type handler func(s *Sim, p params) (any, *apiError)

// params are a request's parameters, query and form body together.
type params map[string]string

// ServeHTTP authenticates the request, records it, applies the scenario's faults and dispatches it
// by Version and Action.
func (s *Sim) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p, all, perr := parse(r)
	rec := Request{Action: p["Action"], Version: p["Version"], Params: map[string]string{}}
	for k, v := range p {
		if k != "Signature" {
			rec.Params[k] = v
		}
	}
	body, aerr := s.serve(r, p, all, perr)
	if aerr != nil {
		rec.Code = aerr.code
	}
	s.mu.Lock()
	s.requests = append(s.requests, rec)
	s.seq++
	id := fmt.Sprintf("5E1A0C3D-0000-4000-8000-%012d", s.seq)
	s.mu.Unlock()

	w.Header().Set("Content-Type", "application/json;charset=utf-8")
	w.Header().Set("x-acs-request-id", id)
	if aerr != nil {
		w.WriteHeader(aerr.status)
		_ = json.NewEncoder(w).Encode(map[string]string{
			"RequestId": id, "HostId": r.Host, "Code": aerr.code, "Message": aerr.message,
		})
		return
	}
	out := map[string]any{}
	b, _ := json.Marshal(body)
	_ = json.Unmarshal(b, &out)
	out["RequestId"] = id
	_ = json.NewEncoder(w).Encode(out)
}

func (s *Sim) serve(r *http.Request, p params, all url.Values, perr error) (any, *apiError) {
	if perr != nil {
		return nil, errorf(400, "InvalidParameter", "the request could not be parsed: %v", perr)
	}
	if r.Method != http.MethodGet && r.Method != http.MethodPost {
		return nil, errorf(405, "UnsupportedHTTPMethod", "method %s is not supported", r.Method)
	}
	if aerr := s.authenticate(r.Method, p, all); aerr != nil {
		return nil, aerr
	}
	if f := p["Format"]; f != "" && !strings.EqualFold(f, "JSON") {
		return nil, errorf(400, "InvalidParameter.Format", "the simulated cloud answers JSON only, not %s", f)
	}
	if aerr := s.fault(p["Action"]); aerr != nil {
		return nil, aerr
	}
	h, ok := handlers[p["Version"]+"/"+p["Action"]]
	if !ok {
		return nil, errorf(404, "InvalidAction.NotFound", "the simulated cloud does not implement %s of version %s", p["Action"], p["Version"])
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return h(s, p)
}

// parse merges the query and, for POST, the form body. A parameter given twice is an error.
func parse(r *http.Request) (params, url.Values, error) {
	all := url.Values{}
	for k, v := range r.URL.Query() {
		all[k] = append(all[k], v...)
	}
	if r.Method == http.MethodPost {
		if err := r.ParseForm(); err != nil {
			return nil, nil, err
		}
		for k, v := range r.PostForm {
			all[k] = append(all[k], v...)
		}
	}
	p := params{}
	for k, v := range all {
		if len(v) != 1 {
			return nil, nil, fmt.Errorf("parameter %s is given %d times", k, len(v))
		}
		p[k] = v[0]
	}
	return p, all, nil
}

// commonParams are the parameters every signed RPC request carries.
var commonParams = []string{"Action", "Version", "AccessKeyId", "SignatureMethod", "SignatureVersion", "SignatureNonce", "Timestamp", "Signature"}

// authenticate checks the common parameters, the timestamp, the AccessKey ID, the signature, the
// STS token and the nonce, in the order the documented errors suggest.
func (s *Sim) authenticate(method string, p params, all url.Values) *apiError {
	for _, k := range commonParams {
		if p[k] == "" {
			return errorf(400, "MissingParameter", "the input parameter %s that is mandatory for processing this request is not supplied", k)
		}
	}
	if p["SignatureMethod"] != "HMAC-SHA1" || p["SignatureVersion"] != "1.0" {
		return errorf(400, "IncompleteSignature", "signature method %s version %s is not the one this endpoint verifies (HMAC-SHA1 1.0)", p["SignatureMethod"], p["SignatureVersion"])
	}
	ts, err := time.Parse("2006-01-02T15:04:05Z", p["Timestamp"])
	if err != nil {
		return errorf(400, "InvalidTimeStamp.Format", "timestamp %q is not yyyy-MM-ddTHH:mm:ssZ", p["Timestamp"])
	}
	if d := s.Now().Sub(ts); d > 15*time.Minute || d < -15*time.Minute {
		return errorf(400, "InvalidTimeStamp.Expired", "timestamp %s is more than 15 minutes from the server's clock", p["Timestamp"])
	}
	var cred *Credential
	for i := range s.sc.Credentials {
		if s.sc.Credentials[i].AccessKeyID == p["AccessKeyId"] {
			cred = &s.sc.Credentials[i]
		}
	}
	if cred == nil {
		return errorf(404, "InvalidAccessKeyId.NotFound", "the AccessKey ID of this request is not known")
	}
	sts := StringToSign(method, all)
	want := Sign(cred.AccessKeySecret, sts)
	if !hmac.Equal([]byte(want), []byte(p["Signature"])) {
		// Like the real endpoint, the answer shows the string the server signed.
		return errorf(400, "SignatureDoesNotMatch", "the request signature does not match the one computed here. server string to sign is:%s", sts)
	}
	if cred.SecurityToken != "" && p["SecurityToken"] != cred.SecurityToken {
		return errorf(400, "InvalidSecurityToken.MismatchWithAccessKey", "the security token does not belong to this AccessKey ID")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.nonces[p["SignatureNonce"]] {
		return errorf(400, "SignatureNonceUsed", "the signature nonce of this request was used before")
	}
	s.nonces[p["SignatureNonce"]] = true
	return nil
}

// fault applies the first fault of the scenario for action that still has uses left.
func (s *Sim) fault(action string) *apiError {
	s.mu.Lock()
	var hit *Fault
	for i, f := range s.sc.Faults {
		if f.Action != "" && f.Action != action {
			continue
		}
		if f.Times > 0 && s.faulted[i] >= f.Times {
			continue
		}
		s.faulted[i]++
		hit = &s.sc.Faults[i]
		break
	}
	s.mu.Unlock()
	if hit == nil {
		return nil
	}
	if d := hit.delay(); d > 0 {
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-s.done:
			t.Stop()
		}
	}
	if hit.Code == "" {
		return nil
	}
	msg := hit.Message
	if msg == "" {
		msg = "fault injected by the scenario"
	}
	return &apiError{status: hit.Status, code: hit.Code, message: msg}
}

// PercentEncode is the RPC signature's encoding: UTF-8 bytes, with only A-Z, a-z, 0-9, '-', '_',
// '.' and '~' kept, every other byte written %XY in upper-case hex.
func PercentEncode(v string) string {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '-', c == '_', c == '.', c == '~':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// StringToSign is Method&%2F&encode(canonicalized query): every parameter but Signature, names and
// values percent-encoded, sorted by encoded name, joined name=value with '&'.
func StringToSign(method string, all url.Values) string {
	type pair struct{ k, v string }
	var pairs []pair
	for k, vs := range all {
		if k == "Signature" {
			continue
		}
		for _, v := range vs {
			pairs = append(pairs, pair{PercentEncode(k), PercentEncode(v)})
		}
	}
	// By name, then value: sorting "name=value" strings would put "A.1=" before "A=".
	sort.Slice(pairs, func(i, j int) bool {
		if pairs[i].k != pairs[j].k {
			return pairs[i].k < pairs[j].k
		}
		return pairs[i].v < pairs[j].v
	})
	enc := make([]string, len(pairs))
	for i, p := range pairs {
		enc[i] = p.k + "=" + p.v
	}
	return method + "&" + PercentEncode("/") + "&" + PercentEncode(strings.Join(enc, "&"))
}

// Sign is base64(HMAC-SHA1(secret + "&", stringToSign)).
func Sign(secret, stringToSign string) string {
	m := hmac.New(sha1.New, []byte(secret+"&"))
	m.Write([]byte(stringToSign))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}
