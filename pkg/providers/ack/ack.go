// Package ack is Alibaba ACK as one provider value: what the framework reads of it. Its rules are in
// ackrules, its cloud reader in cloudread; its checks, detection signals, change model and event
// matcher are the framework packages' ACK parts that checks.ACKCloud gathers, until they move here.
package ack

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/provider"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/cloudread"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Provider is ACK: its checks' view (name, detection signals, checks, change model; its event
// rules match by their message fragments), its admission policies and its cloud reader.
func Provider() provider.Provider {
	return provider.Provider{
		Cloud:  checks.ACKCloud(),
		Title:  words.Phrase{En: "Alibaba ACK", Zh: "阿里云 ACK"},
		Policy: policy.ACK,
		Reader: &provider.Reader{Region: cloudread.RegionFromNodes, New: func(o provider.ReaderOptions) (cloud.Reader, error) {
			return cloudread.New(cloudread.Options{Region: o.Region, Timeout: o.Timeout, Count: o.Count})
		}},
	}
}
