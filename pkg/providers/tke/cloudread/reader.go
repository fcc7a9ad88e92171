// Package cloudread reads Tencent Cloud for the TKE provider's --cloud diagnosis: the CLB instances a
// diagnosis names with their listeners, rules, backends and health, the SSL certificates they
// serve, the VPC subnets and CLB quotas they draw on. It calls only the read actions of its
// registry (Actions), through the vendor's Go SDK, and turns every failure into a *cloud.ReadError
// recorded in the facts, so that what could not be read is a named skip.
package cloudread

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common"
	"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common/profile"
	"golang.org/x/time/rate"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Provider is the provider name the facts carry.
const Provider = "tke"

// Options configure a Reader.
type Options struct {
	// Region is the region to read in, e.g. ap-guangzhou; see ResolveRegion.
	Region string
	// Endpoint, when set, sends every request there instead of to Tencent Cloud: a URL such as
	// http://127.0.0.1:41234 (a simulated cloud). Empty takes EnvEndpoint's value, if any. With an
	// endpoint, credentials come only from the environment and profile files, never from the
	// metadata service or pod identity, so that no real temporary key is sent elsewhere.
	Endpoint string
	// Timeout bounds each attempt of a call; zero leaves only the context's deadline.
	Timeout time.Duration
	// Count, when set, is told every attempt's action and result ("ok" or a cloud.Class).
	Count func(a cloud.Action, result string)
	// Credentials, when set, replaces the credential chain (see credentialChain).
	Credentials common.Provider
	// Profile is the tccli profile to read (default "default").
	Profile string
	// Concurrency is how many calls run at once (default 8).
	Concurrency int
	// Unlimited lifts the per-action request-rate limits the reader keeps to (perSecond), for a
	// simulated cloud.
	Unlimited bool
	// Retries and Backoff tune the retry of throttled calls (cloud.Caller's defaults when zero).
	Retries int
	Backoff time.Duration
	// Debug, when set, receives the SDK's request and response dumps, credentials removed.
	Debug io.Writer
	// Now is the clock of Facts.ReadAt (default time.Now).
	Now func() time.Time
}

// Reader reads Tencent Cloud; it is a cloud.Reader.
type Reader struct {
	o        Options
	endpoint *url.URL
	limits   map[string]*rate.Limiter
	debugMu  sync.Mutex
}

var _ cloud.Reader = (*Reader)(nil)

// New is a Reader with o. Its only error is an endpoint that is not an http or https URL.
func New(o Options) (*Reader, error) {
	if o.Endpoint == "" {
		o.Endpoint = os.Getenv(EnvEndpoint)
	}
	if o.Profile == "" {
		o.Profile = "default"
	}
	if o.Concurrency <= 0 {
		o.Concurrency = 8
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	r := &Reader{o: o}
	if o.Endpoint != "" {
		u, err := url.Parse(o.Endpoint)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
			return nil, words.Errorf("the Tencent Cloud endpoint %q is not a URL such as http://127.0.0.1:41234",
				"腾讯云接入点 %q 不是 http://127.0.0.1:41234 这样的 URL", o.Endpoint)
		}
		r.endpoint = u
	}
	if !o.Unlimited {
		r.limits = map[string]*rate.Limiter{}
		for name, n := range perSecond {
			r.limits[name] = rate.NewLimiter(rate.Limit(n), int(n))
		}
	}
	return r, nil
}

// Endpoint is the endpoint the reader sends to when it is not Tencent Cloud's, else "".
func (r *Reader) Endpoint() string {
	if r.endpoint == nil {
		return ""
	}
	return r.endpoint.String()
}

// Read reads what req names. It never fails as a whole: what could not be read is a *ReadError in
// the facts' tables (all of them, when there is no region or no credentials).
func (r *Reader) Read(ctx context.Context, req cloud.Request) *cloud.Facts {
	f := &cloud.Facts{Provider: Provider, Region: r.o.Region, Endpoint: r.Endpoint(), ReadAt: r.o.Now()}
	if len(req.LoadBalancerIDs) == 0 && len(req.CertificateIDs) == 0 && len(req.SubnetIDs) == 0 && !req.Quotas {
		return f
	}
	if r.o.Region == "" {
		failAll(f, wordsOf(cloud.Failed, "", words.Say("no Tencent Cloud region to read in: none was given and the nodes name none; give one, e.g. ap-guangzhou",
			"没有可读取的腾讯云地域：未指定地域，节点上也没有地域信息；请指定一个，例如 ap-guangzhou")))
		return f
	}
	red := &redactor{}
	cred, err := r.credential(ctx)
	if err != nil {
		failAll(f, r.credentialFailure(ctx, err, red))
		return f
	}
	id, key, tok := cred.GetCredential()
	red.secrets = []string{key, tok, id}
	transport := &http.Transport{Proxy: http.ProxyFromEnvironment}
	if t, ok := http.DefaultTransport.(*http.Transport); ok {
		transport = t.Clone()
	}
	defer transport.CloseIdleConnections()
	p, err := r.newPass(cred, red, transport)
	if err != nil {
		failAll(f, &cloud.ReadError{Class: cloud.Failed, Message: cut(red.clean(err.Error()))})
		return f
	}
	p.read(ctx, req, f)
	return f
}

func (r *Reader) credential(ctx context.Context) (common.CredentialIface, error) {
	pr := r.o.Credentials
	if pr == nil {
		home, _ := os.UserHomeDir()
		var err error
		if pr, err = credentialChain(r.o.Profile, home, r.endpoint == nil); err != nil {
			return nil, err
		}
	}
	return resolve(ctx, pr)
}

func (r *Reader) credentialFailure(ctx context.Context, err error, red *redactor) *cloud.ReadError {
	if ctx.Err() != nil {
		return wordsOf(cloud.Unreachable, "", words.Say("no credentials in time: the credential source did not answer",
			"未能及时取得凭证：凭证来源没有应答"))
	}
	return credentialError(err, r.o.Profile, red)
}

func failAll(f *cloud.Facts, e *cloud.ReadError) {
	f.LoadBalancers.FailAll(e)
	f.Certificates.FailAll(e)
	f.Subnets.FailAll(e)
	f.Quotas.FailAll(e)
}

// clientProfile is the SDK profile of a pass: English messages, no retries or region breaker of the
// SDK's own (the caller retries throttled calls and bounds each attempt), the endpoint when one is
// set, and the SDK's debug dumps when Debug is.
func (r *Reader) clientProfile() *profile.ClientProfile {
	cpf := profile.NewClientProfile()
	cpf.Language = "en-US"
	cpf.NetworkFailureMaxRetries = 0
	cpf.RateLimitExceededMaxRetries = 0
	cpf.DisableRegionBreaker = true
	cpf.Debug = r.o.Debug != nil
	if r.o.Timeout > 0 {
		cpf.HttpProfile.ReqTimeout = int((r.o.Timeout + time.Second - 1) / time.Second)
	}
	if r.endpoint != nil {
		cpf.HttpProfile.Endpoint = r.endpoint.Host
		cpf.HttpProfile.Scheme = strings.ToUpper(r.endpoint.Scheme)
	}
	return cpf
}

// logger is the SDK logger of a pass: nothing, or Debug's lines with credentials removed.
func (r *Reader) logger(red *redactor) common.Logger {
	return logger{r: red, out: func(line string) {
		if r.o.Debug == nil {
			return
		}
		r.debugMu.Lock()
		defer r.debugMu.Unlock()
		_, _ = io.WriteString(r.o.Debug, strings.TrimRight(line, "\n")+"\n")
	}}
}

// call runs fn as action a through the caller, within a's rate limit.
func (p *pass) call(ctx context.Context, a cloud.Action, fn func(ctx context.Context) error) *cloud.ReadError {
	return p.caller.Call(ctx, a, func(ctx context.Context) error {
		if l := p.r.limits[a.Name]; l != nil {
			if err := l.Wait(ctx); err != nil {
				return context.DeadlineExceeded
			}
		}
		return fn(ctx)
	})
}

// do runs fn as action a (see call) and returns its answer.
func do[R any](ctx context.Context, p *pass, a cloud.Action, fn func(ctx context.Context) (R, error)) (R, *cloud.ReadError) {
	var out R
	e := p.call(ctx, a, func(ctx context.Context) (err error) {
		out, err = fn(ctx)
		return err
	})
	return out, e
}

// each runs fn(i) for i in [0, n) on up to workers goroutines.
func each(n, workers int, fn func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				fn(i)
			}
		})
	}
	wg.Wait()
}

// chunks splits ids into runs of at most n.
func chunks(ids []string, n int) [][]string {
	var out [][]string
	for len(ids) > n {
		out = append(out, ids[:n])
		ids = ids[n:]
	}
	if len(ids) > 0 {
		out = append(out, ids)
	}
	return out
}
