// Package tencent is a simulated Tencent Cloud API for tests and the demo: an HTTP server on
// loopback that speaks the real wire protocol (POST of JSON with the X-TC-* headers, TC3-HMAC-SHA256
// signatures verified against the scenario's keys, answers shaped after the API reference) and
// serves the read actions a cloud reader calls from a scenario. It is a simulation, never Tencent
// Cloud: it holds only what its scenario says.
package tencent

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// Request is one request the simulated cloud received.
type Request struct {
	// Service is the service of the credential scope: clb, vpc, ssl.
	Service string
	Action  string
	Version string
	Region  string
	// SecretID is the key id the request was signed with.
	SecretID string
	// Params are the request's JSON parameters.
	Params map[string]any
	// Code is the error code answered, "" for success.
	Code string
}

// Server is one simulated cloud.
type Server struct {
	scn *Scenario
	// Now is the server's clock, for the signature's time check.
	Now func() time.Time

	mu       sync.Mutex
	requests []Request
	calls    map[int]int // fault index → calls seen
	seq      int

	ln  net.Listener
	srv *http.Server
}

// New is a simulated cloud serving scn.
func New(scn *Scenario) *Server {
	return &Server{scn: scn, Now: time.Now, calls: map[int]int{}}
}

// Start serves on a free loopback port and returns the base URL, e.g. http://127.0.0.1:41234.
func (s *Server) Start() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	s.ln = ln
	s.srv = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = s.srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), nil
}

// Close stops serving.
func (s *Server) Close() error {
	if s.srv == nil {
		return nil
	}
	return s.srv.Close()
}

// Requests are the requests received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// Count is how many requests named action (Action or service:Action).
func (s *Server) Count(action string) int {
	n := 0
	for _, r := range s.Requests() {
		if action == r.Action || action == r.Service+":"+r.Action {
			n++
		}
	}
	return n
}

// apiError is an error answer: a documented code and a message.
type apiError struct{ code, message string }

func errorf(code, format string, args ...any) *apiError {
	return &apiError{code: code, message: fmt.Sprintf(format, args...)}
}

// handler answers one action: its version, the reference page its answers are shaped after, and
// the function that reads the scenario.
type handler struct {
	version string
	fn      func(s *Server, region string, p params) (map[string]any, *apiError)
}

// handlers are the actions the simulation implements, by service:Action; every one only reads.
var handlers = map[string]handler{
	"clb:DescribeLoadBalancers": {clbVersion, (*Server).describeLoadBalancers},
	"clb:DescribeListeners":     {clbVersion, (*Server).describeListeners},
	"clb:DescribeTargets":       {clbVersion, (*Server).describeTargets},
	"clb:DescribeTargetHealth":  {clbVersion, (*Server).describeTargetHealth},
	"clb:DescribeQuota":         {clbVersion, (*Server).describeQuota},
	"vpc:DescribeSubnets":       {"2017-03-12", (*Server).describeSubnets},
	"ssl:DescribeCertificate":   {"2019-12-05", (*Server).describeCertificate},
}

// ServeHTTP answers one API request. Every answer is HTTP 200 with a JSON body, as the API's are;
// errors are {"Response":{"Error":{"Code","Message"},"RequestId"}}.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	rec := Request{Action: r.Header.Get("X-TC-Action"), Version: r.Header.Get("X-TC-Version"), Region: r.Header.Get("X-TC-Region")}
	var out map[string]any
	var aerr *apiError
	switch {
	case err != nil:
		aerr = errorf("InternalError", "reading the request: %v", err)
	case r.Method != http.MethodPost || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json"):
		aerr = errorf("UnsupportedProtocol", "the simulation takes POST requests of application/json")
	default:
		out, aerr = s.serve(r, body, &rec)
	}
	rec.Code = ""
	if aerr != nil {
		rec.Code = aerr.code
	}
	id := s.record(rec)
	resp := map[string]any{"RequestId": id}
	if aerr != nil {
		resp["Error"] = map[string]string{"Code": aerr.code, "Message": aerr.message}
	} else {
		maps.Copy(resp, out)
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"Response": resp})
}

// serve authenticates the request, applies the scenario's faults and runs the action's handler.
func (s *Server) serve(r *http.Request, body []byte, rec *Request) (map[string]any, *apiError) {
	a, code := verify(r, body, s.scn.Credentials, s.Now())
	rec.Service, rec.SecretID = a.service, a.secretID
	var p params
	if err := json.Unmarshal(body, &p); err != nil {
		return nil, errorf("InvalidParameter", "the request body is not a JSON object")
	}
	rec.Params = p
	switch code {
	case "":
	case "AuthFailure.SecretIdNotFound":
		return nil, errorf(code, "the SecretId is not found, please ensure that your SecretId is correct")
	default:
		return nil, errorf(code, "the request could not be authenticated (%s)", code)
	}
	if rec.Action == "" {
		return nil, errorf("MissingParameter", "the X-TC-Action header is missing")
	}
	h, ok := handlers[a.service+":"+rec.Action]
	if !ok {
		return nil, errorf("UnsupportedOperation", "the simulation does not implement %s:%s", a.service, rec.Action)
	}
	if rec.Version != h.version {
		return nil, errorf("NoSuchVersion", "%s:%s has no version %q", a.service, rec.Action, rec.Version)
	}
	if e := s.fault(a.service, rec.Action, rec.Region); e != nil {
		return nil, e
	}
	return h.fn(s, rec.Region, p)
}

// fault applies the first scenario fault that names the action, if any.
func (s *Server) fault(service, action, region string) *apiError {
	for i := range s.scn.Faults {
		f := &s.scn.Faults[i]
		if f.Action != action && f.Action != service+":"+action {
			continue
		}
		s.mu.Lock()
		s.calls[i]++
		n := s.calls[i]
		s.mu.Unlock()
		if f.delay > 0 {
			time.Sleep(f.delay)
		}
		switch {
		case n <= f.Throttle:
			return errorf("RequestLimitExceeded", "the request rate of %s exceeds the limit", action)
		case f.Forbidden:
			return errorf("UnauthorizedOperation", "you are not authorized to perform operation (%s:%s)\nresource (qcs::%s:%s:uin/100000000001:*) has no permission",
				service, action, service, region)
		case f.Code != "":
			return errorf(f.Code, "%s", f.Message)
		}
		return nil
	}
	return nil
}

// record appends rec and returns the request id to answer with.
func (s *Server) record(rec Request) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, rec)
	s.seq++
	return fmt.Sprintf("sim-%08d-0000-4000-8000-000000000000", s.seq)
}

// params are a request's decoded JSON parameters.
type params map[string]any

// str is p[k] as a string, "" when absent.
func (p params) str(k string) string {
	s, _ := p[k].(string)
	return s
}

// strs is p[k] as a list of strings.
func (p params) strs(k string) []string {
	l, _ := p[k].([]any)
	out := make([]string, 0, len(l))
	for _, v := range l {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// num is p[k] as an integer, which the API takes as a JSON number or, in some products (VPC's
// Offset and Limit), a string; def when absent.
func (p params) num(k string, def int) (int, *apiError) {
	switch v := p[k].(type) {
	case nil:
		return def, nil
	case float64:
		return int(v), nil
	case string:
		var n int
		if _, err := fmt.Sscanf(v, "%d", &n); err == nil {
			return n, nil
		}
	}
	return 0, errorf("InvalidParameterValue", "%s is not an integer", k)
}

// page is the slice [Offset, Offset+Limit) of n items, as the paged Describe actions read Offset
// (default 0) and Limit (default 20, at most 100).
func (p params) page(n int) (lo, hi int, e *apiError) {
	offset, e := p.num("Offset", 0)
	if e != nil {
		return 0, 0, e
	}
	limit, e := p.num("Limit", 20)
	if e != nil {
		return 0, 0, e
	}
	if limit < 1 || limit > 100 {
		return 0, 0, errorf("InvalidParameterValue.Range", "Limit must be 1 to 100, got %d", limit)
	}
	lo = min(max(offset, 0), n)
	return lo, min(lo+limit, n), nil
}
