package cmd

import (
	"time"

	"github.com/spf13/pflag"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// CloudOptions are the flags of the cloud read, shared by the commands that diagnose a cluster:
// --cloud turns it on (without it no cloud request is ever made), --cloud-region names the region.
type CloudOptions struct {
	Cloud       bool
	CloudRegion string
}

// addFlags adds --cloud and --cloud-region to fs.
func (c *CloudOptions) addFlags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.Cloud, "cloud", false, "Also read the load balancers in the cloud, read-only, with the vendor's default credential chain (Tencent: TENCENTCLOUD_SECRET_ID/_SECRET_KEY, tccli profile, CVM role; Alibaba: ALIBABA_CLOUD_ACCESS_KEY_ID/_SECRET, ~/.aliyun/config.json, ECS RAM role, RRSA): state, listeners, backends and their health, certificates, quotas, subnets (policies to grant: deploy/cloud/)")
	fs.StringVar(&c.CloudRegion, "cloud-region", "", "With --cloud: the region to read (e.g. ap-guangzhou, cn-hangzhou); by default the nodes' region")
}

// read is the cloud read of a run bounded by deadline (0: none), or nil without --cloud.
func (c *CloudOptions) read(deadline time.Duration) *diagnose.Cloud {
	if !c.Cloud {
		return nil
	}
	return &diagnose.Cloud{Region: c.CloudRegion, Timeout: deadline}
}

// validate refuses --cloud-region without --cloud, and --cloud with manifest files (offline: no
// cluster, so no load balancer to read).
func (c *CloudOptions) validate(offline bool) error {
	if c.CloudRegion != "" && !c.Cloud {
		return words.Errorf("--cloud-region needs --cloud", "--cloud-region 需要与 --cloud 一起使用")
	}
	if c.Cloud && offline {
		return words.Errorf("--cloud reads the load balancers of a cluster; it cannot be used with -f", "--cloud 读取集群的负载均衡，不能与 -f 一起使用")
	}
	return nil
}

// cache is the cached cloud read of a run that goes on (serve, --watch) bounded by deadline, each
// item read at most once per interval; nil without --cloud.
func (c *CloudOptions) cache(deadline, interval time.Duration) *diagnose.CloudCache {
	if !c.Cloud {
		return nil
	}
	return &diagnose.CloudCache{Cloud: diagnose.Cloud{Region: c.CloudRegion, Timeout: deadline}, Interval: interval}
}

// minCloudInterval is the shortest --cloud-interval: below it a large cluster's reads would
// approach the vendors' request rate limits.
const minCloudInterval = 10 * time.Second

// cloudInterval is --cloud-interval: the least time between two cloud reads of one load balancer.
type cloudInterval struct {
	d   time.Duration
	set bool
}

// String is the flag's value.
func (ci *cloudInterval) String() string { return ci.d.String() }

// Set parses the flag's value, a Go duration.
func (ci *cloudInterval) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return words.Errorf("not a duration (e.g. 5m, 90s): %w", "不是时长（例如 5m、90s）：%w", err)
	}
	ci.d, ci.set = d, true
	return nil
}

// Type names the flag's value in the help.
func (ci *cloudInterval) Type() string { return "duration" }

// addFlag adds --cloud-interval to fs, with diagnose.DefaultCloudInterval as its default.
func (ci *cloudInterval) addFlag(fs *pflag.FlagSet) {
	ci.d = diagnose.DefaultCloudInterval
	fs.Var(ci, "cloud-interval", "With --cloud, for --watch and serve: the least time between two cloud reads of one load balancer, certificate or subnet; a diagnosis between two reads uses the facts of the last one, and the facts are read again once this old (at least 10s)")
}

// validate refuses --cloud-interval without --cloud, or under minCloudInterval.
func (ci *cloudInterval) validate(cloud bool) error {
	if !ci.set {
		return nil
	}
	if !cloud {
		return words.Errorf("--cloud-interval needs --cloud", "--cloud-interval 需要与 --cloud 一起使用")
	}
	if ci.d < minCloudInterval {
		return words.Errorf("--cloud-interval %s is under %s: each load balancer would be read more often than the cloud's rate limits allow for a large cluster",
			"--cloud-interval %s 小于 %s：大集群中每个负载均衡的读取会过于频繁，可能超出云 API 的频率限制", ci.d, minCloudInterval)
	}
	return nil
}
