// Package cloudread reads Alibaba Cloud for the diagnosis of an ACK cluster, read-only, through
// the vendor's Go SDK: the Classic (CLB) and Network (NLB) Load Balancers a diagnosis names (state,
// tags, listeners with their health-check settings and owner descriptions, the backends of their
// vServer or server groups with weights and health), the server certificates and vSwitches the CLB
// instances use, and the region's SLB quotas. Every call is an action of Actions, made through a cloud.Caller; what could not be read
// is recorded in the Facts, never returned as an error.
package cloudread

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aliyun/alibaba-cloud-sdk-go/sdk"
	"github.com/aliyun/alibaba-cloud-sdk-go/sdk/auth/credentials"
	"github.com/aliyun/alibaba-cloud-sdk-go/sdk/requests"
	"github.com/aliyun/alibaba-cloud-sdk-go/services/nlb"
	"github.com/aliyun/alibaba-cloud-sdk-go/services/quotas"
	"github.com/aliyun/alibaba-cloud-sdk-go/services/slb"
	"github.com/aliyun/alibaba-cloud-sdk-go/services/vpc"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Provider is the provider name of the facts this package reads.
const Provider = "ack"

// Environment variables the reader reads besides those of the SDK's credential chain.
const (
	// EnvEndpoint sends every request to this base URL (a simulated cloud), e.g.
	// http://127.0.0.1:41235.
	EnvEndpoint = "LBDOCTOR_ACK_ENDPOINT"
	// EnvRegion is the region used when Options.Region is empty.
	EnvRegion = "ALIBABA_CLOUD_REGION_ID"
)

// Options configure a Reader.
type Options struct {
	// Region is the region to read (an explicit option, else RegionFromNodes); empty falls back to
	// ALIBABA_CLOUD_REGION_ID.
	Region string
	// Endpoint is a base URL every request goes to instead of the vendor's endpoints; empty falls
	// back to LBDOCTOR_ACK_ENDPOINT.
	Endpoint string
	// Timeout bounds each attempt of a call (default 10s); the context bounds the whole read.
	Timeout time.Duration
	// Retries and Backoff bound the retries of throttled calls (cloud.Caller's defaults when zero).
	Retries int
	Backoff time.Duration
	// Workers is how many calls run at once (default 4).
	Workers int
	// Count, when set, is told each attempt's action and result; it is called from several
	// goroutines.
	Count func(a cloud.Action, result string)
	// Credentials replace the SDK's default credential chain (tests).
	Credentials credentials.CredentialsProvider
	// Getenv reads the environment (default os.Getenv).
	Getenv func(string) string
	// Now is the clock of Facts.ReadAt (default time.Now).
	Now func() time.Time
}

// Reader reads Alibaba Cloud. It is a cloud.Reader.
type Reader struct {
	region   string
	endpoint *url.URL
	creds    credentials.CredentialsProvider
	caller   *cloud.Caller
	workers  int
	timeout  time.Duration
	getenv   func(string) string
	now      func() time.Time

	secretsMu sync.Mutex
	secrets   []string
}

var _ cloud.Reader = (*Reader)(nil)

// New is a Reader. It fails only on an endpoint that is not an http or https base URL.
func New(o Options) (*Reader, error) {
	r := &Reader{region: o.Region, creds: o.Credentials, workers: o.Workers, timeout: o.Timeout, getenv: o.Getenv, now: o.Now}
	if r.getenv == nil {
		r.getenv = os.Getenv
	}
	if r.now == nil {
		r.now = time.Now
	}
	if r.workers <= 0 {
		r.workers = 4
	}
	if r.timeout <= 0 {
		r.timeout = 10 * time.Second
	}
	if r.region == "" {
		r.region = strings.TrimSpace(r.getenv(EnvRegion))
	}
	endpoint := o.Endpoint
	if endpoint == "" {
		endpoint = strings.TrimSpace(r.getenv(EnvEndpoint))
	}
	if endpoint != "" {
		u, err := url.Parse(endpoint)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.Trim(u.Path, "/") != "" || u.RawQuery != "" || u.User != nil {
			return nil, words.Errorf("the Alibaba Cloud endpoint %q (%s) is not an http or https base URL such as http://127.0.0.1:41235",
				"阿里云接口地址 %q（%s）不是 http 或 https 基础地址，例如 http://127.0.0.1:41235", endpoint, EnvEndpoint)
		}
		r.endpoint = u
	}
	if r.creds == nil {
		r.creds = credentials.NewDefaultCredentialsProvider()
	}
	r.creds = &lockedProvider{p: r.creds}
	r.caller = &cloud.Caller{Actions: Actions, Classify: r.classify, Timeout: r.timeout, Retries: o.Retries, Backoff: o.Backoff, Count: o.Count}
	return r, nil
}

// Endpoint is the base URL the reader sends requests to when it is not the vendor's, else "".
func (r *Reader) Endpoint() string {
	if r.endpoint == nil {
		return ""
	}
	return r.endpoint.Scheme + "://" + r.endpoint.Host
}

// lockedProvider serializes a credentials provider: the SDK's chain and its refreshing providers
// keep state that is not safe for concurrent use.
type lockedProvider struct {
	mu sync.Mutex
	p  credentials.CredentialsProvider
}

func (l *lockedProvider) GetCredentials() (*credentials.Credentials, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.p.GetCredentials()
}

func (l *lockedProvider) GetProviderName() string { return l.p.GetProviderName() }

// User-facing reasons a whole read could not be made.
var (
	// NoCredentials: the SDK's credential chain found none.
	NoCredentials = words.Phrase{
		En: "no Alibaba Cloud credentials: set ALIBABA_CLOUD_ACCESS_KEY_ID and ALIBABA_CLOUD_ACCESS_KEY_SECRET (and ALIBABA_CLOUD_SECURITY_TOKEN for STS), " +
			"or a CLI profile in ~/.aliyun/config.json (ALIBABA_CLOUD_PROFILE), or ALIBABA_CLOUD_ROLE_ARN, ALIBABA_CLOUD_OIDC_PROVIDER_ARN and ALIBABA_CLOUD_OIDC_TOKEN_FILE (ACK RRSA), " +
			"or run on ECS with a RAM role (ALIBABA_CLOUD_ECS_METADATA)",
		Zh: "没有阿里云凭据：请设置 ALIBABA_CLOUD_ACCESS_KEY_ID 和 ALIBABA_CLOUD_ACCESS_KEY_SECRET（STS 另需 ALIBABA_CLOUD_SECURITY_TOKEN），" +
			"或 ~/.aliyun/config.json 中的 CLI 配置（ALIBABA_CLOUD_PROFILE），或 ALIBABA_CLOUD_ROLE_ARN、ALIBABA_CLOUD_OIDC_PROVIDER_ARN 和 ALIBABA_CLOUD_OIDC_TOKEN_FILE（ACK RRSA），" +
			"或在绑定 RAM 角色的 ECS 上运行（ALIBABA_CLOUD_ECS_METADATA）",
	}
	// NoRegion: neither the options nor the nodes nor the environment named a region.
	NoRegion = words.Phrase{
		En: "no Alibaba Cloud region: the nodes do not name one; set ALIBABA_CLOUD_REGION_ID",
		Zh: "没有阿里云地域：节点未标明地域；请设置 ALIBABA_CLOUD_REGION_ID",
	}
	// SDKDebug: DEBUG=sdk makes the SDK print each request's URL, security token included.
	SDKDebug = words.Phrase{
		En: "DEBUG contains sdk, which makes the Alibaba Cloud SDK print request URLs with the security token: unset it to read the cloud",
		Zh: "DEBUG 含 sdk，会让阿里云 SDK 打印带安全令牌的请求地址：请取消该设置后再读取云上信息",
	}
)

// Read reads what req names. It never fails as a whole: what it could not read is in the Facts.
func (r *Reader) Read(ctx context.Context, req cloud.Request) *cloud.Facts {
	f := &cloud.Facts{Provider: Provider, Region: r.region, Endpoint: r.Endpoint(), ReadAt: r.now()}
	p, re := r.preflight()
	if re != nil {
		f.LoadBalancers.FailAll(re)
		f.Certificates.FailAll(re)
		f.Subnets.FailAll(re)
		f.Quotas.FailAll(re)
		return f
	}
	clbs, nlbs := sortIDs(f, req.LoadBalancerIDs)
	lbs := r.readLoadBalancers(ctx, p, f, clbs)
	r.readListeners(ctx, p, lbs)
	r.readBackends(ctx, p, lbs)
	r.readNLBs(ctx, p, f, nlbs)
	r.readCertificates(ctx, p, f, union(req.CertificateIDs, certificateIDs(lbs)))
	r.readVSwitches(ctx, p, f, union(req.SubnetIDs, vSwitchIDs(lbs)))
	if req.Quotas {
		r.readQuotas(ctx, p, f, lbs)
	}
	return f
}

// preflight makes the workers' clients, or says why no call can be made: no region or not a region
// ID, the SDK's request logging on, or no credentials. It keeps the credentials in use for
// redaction.
func (r *Reader) preflight() (pool, *cloud.ReadError) {
	if r.region == "" {
		return nil, &cloud.ReadError{Class: cloud.Failed, Message: NoRegion.In(words.English)}
	}
	if !regionID.MatchString(r.region) {
		return nil, &cloud.ReadError{Class: cloud.Failed, Message: fmt.Sprintf("%q is not an Alibaba Cloud region ID", r.region)}
	}
	for _, part := range strings.Split(r.getenv("DEBUG"), ",") {
		if strings.TrimSpace(part) == "sdk" {
			return nil, &cloud.ReadError{Class: cloud.Failed, Message: SDKDebug.In(words.English)}
		}
	}
	// The chain's own error is not kept: the SDK quotes a malformed ~/.aliyun/config.json whole,
	// secrets and all.
	cc, err := r.creds.GetCredentials()
	if err != nil || cc == nil || cc.AccessKeyId == "" {
		return nil, &cloud.ReadError{Class: cloud.Unauthenticated, Message: NoCredentials.In(words.English)}
	}
	r.secretsMu.Lock()
	for _, s := range []string{cc.AccessKeyId, cc.AccessKeySecret, cc.SecurityToken, cc.BearerToken} {
		if len(s) >= 4 {
			r.secrets = append(r.secrets, s)
		}
	}
	r.secretsMu.Unlock()
	p, err := r.pool()
	if err != nil {
		return nil, &cloud.ReadError{Class: cloud.Failed, Message: r.redact(err.Error())}
	}
	return p, nil
}

// clients are one worker's SDK clients: an SDK client sets its HTTP timeouts on every request, so
// each is used by one goroutine at a time.
type clients struct {
	slb    *slb.Client
	nlb    *nlb.Client
	vpc    *vpc.Client
	quotas *quotas.Client
}

// pool is a set of clients, one per worker.
type pool []*clients

func (r *Reader) config() *sdk.Config {
	c := sdk.NewConfig()
	c.AutoRetry = false // the Caller retries, within the context's deadline
	c.MaxRetryTime = 0
	c.Scheme = "HTTPS"
	if r.endpoint != nil {
		c.Scheme = strings.ToUpper(r.endpoint.Scheme)
	}
	return c
}

// pool makes the clients of r.workers workers.
func (r *Reader) pool() (pool, error) {
	p := make(pool, r.workers)
	for i := range p {
		c := &clients{}
		var errs [4]error
		c.slb, errs[0] = slb.NewClientWithOptions(r.region, r.config(), r.creds)
		c.nlb, errs[1] = nlb.NewClientWithOptions(r.region, r.config(), r.creds)
		c.vpc, errs[2] = vpc.NewClientWithOptions(r.region, r.config(), r.creds)
		c.quotas, errs[3] = quotas.NewClientWithOptions(r.region, r.config(), r.creds)
		if err := errors.Join(errs[:]...); err != nil {
			return nil, err
		}
		if h := r.endpoint; h != nil {
			c.slb.Domain, c.nlb.Domain, c.vpc.Domain, c.quotas.Domain = h.Host, h.Host, h.Host, h.Host
		}
		p[i] = c
	}
	return p, nil
}

// each runs fn(c, i) for i in [0, n), on as many workers as the pool has, each with its clients.
func (p pool) each(n int, fn func(c *clients, i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < len(p) && w < n; w++ {
		wg.Add(1)
		go func(c *clients) {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				fn(c, i)
			}
		}(p[w])
	}
	wg.Wait()
}

// call makes one call of action a through the Caller. do builds and sends the request; bound
// gives the request the attempt's remaining time as its HTTP timeouts, the SDK taking no context.
func (r *Reader) call(ctx context.Context, a cloud.Action, do func(bound func(requests.AcsRequest)) error) *cloud.ReadError {
	return r.caller.Call(ctx, a, func(ctx context.Context) error {
		return do(func(q requests.AcsRequest) {
			d := r.timeout
			if dl, ok := ctx.Deadline(); ok {
				d = time.Until(dl)
			}
			if d <= 0 {
				d = time.Millisecond
			}
			q.SetReadTimeout(d)
			q.SetConnectTimeout(d)
		})
	})
}

// pages makes one call of action a a page, from the first, until the answer gives no next token
// (or the one it was given). fetch sends the request for token and keeps the page's items.
func (r *Reader) pages(ctx context.Context, a cloud.Action, fetch func(token string, bound func(requests.AcsRequest)) (string, error)) *cloud.ReadError {
	token := ""
	for {
		var next string
		re := r.call(ctx, a, func(bound func(requests.AcsRequest)) (err error) {
			next, err = fetch(token, bound)
			return err
		})
		if re != nil || next == "" || next == token {
			return re
		}
		token = next
	}
}

// union is the sorted distinct non-empty strings of both lists.
func union(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range append(append([]string(nil), a...), b...) {
		if s = strings.TrimSpace(s); s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}
