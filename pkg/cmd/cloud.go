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
