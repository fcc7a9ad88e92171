package main

import (
	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/alibaba"
)

// startACK serves the Alibaba Cloud scenario at path on a loopback port: its base URL (what
// LBDOCTOR_ACK_ENDPOINT takes) and how to stop it.
func startACK(path string) (string, func() error, error) {
	sc, err := alibaba.Load(path)
	if err != nil {
		return "", nil, err
	}
	sim := alibaba.New(sc)
	u, err := sim.Start()
	if err != nil {
		return "", nil, err
	}
	return u, func() error { sim.Close(); return nil }, nil
}
