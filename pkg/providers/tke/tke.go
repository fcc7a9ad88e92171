// Package tke is Tencent TKE as one provider value: what the framework reads of it. Its annotation
// keys are in tkeann, its rules in tkerules, its checks and detection signals in tkechecks, its cloud
// reader in cloudread; its change model and event matcher are still pkg/changes' and pkg/events'
// TKE parts.
package tke

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/provider"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/cloudread"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkechecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Provider is TKE: its checks' view (name, detection signals, Ingress controller, checks, change
// model, event matcher), its admission policies and its cloud reader.
func Provider() provider.Provider {
	return provider.Provider{
		Cloud:  tkechecks.Cloud(),
		Title:  words.Phrase{En: "Tencent TKE", Zh: "腾讯云 TKE"},
		Policy: policy.TKE,
		Reader: &provider.Reader{Region: cloudread.RegionFromNodes, New: func(o provider.ReaderOptions) (cloud.Reader, error) {
			return cloudread.New(cloudread.Options{Region: o.Region, Timeout: o.Timeout, Count: o.Count})
		}, Actions: cloudread.Actions, Policy: cloudread.CAMPolicy, PolicyFile: "tke-cam-policy.json"},
	}
}
