// Package ack is Alibaba ACK as one provider value: what the framework reads of it. Its annotation
// keys are in ackann, its rules in ackrules, its checks and detection signals in ackchecks, its cloud
// reader in cloudread; its change model is still pkg/changes' ACK part.
package ack

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/policy"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/provider"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackchecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/cloudread"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Provider is ACK: its checks' view (name, detection signals, checks, change model; its event
// rules match by their message fragments), its admission policies and its cloud reader.
func Provider() provider.Provider {
	return provider.Provider{
		Cloud:  ackchecks.Cloud(),
		Title:  words.Phrase{En: "Alibaba ACK", Zh: "阿里云 ACK"},
		Policy: policy.ACK,
		Reader: &provider.Reader{Region: cloudread.RegionFromNodes, New: func(o provider.ReaderOptions) (cloud.Reader, error) {
			return cloudread.New(cloudread.Options{Region: o.Region, Timeout: o.Timeout, Count: o.Count})
		}, Actions: cloudread.Actions, Policy: cloudread.RAMPolicy, PolicyFile: "ack-ram-policy.json"},
	}
}
