// Command cloudsim starts simulated clouds on loopback, each from a scenario file, prints one line
// per cloud ("tke http://127.0.0.1:NNNN") and serves until interrupted. They are simulations for
// the demo and end-to-end tests, never the vendors' clouds.
//
//	go run ./hack/cloudsim -tke tke.yaml -ack ack.yaml
//
// Point the plugin at one with its endpoint variable: LBDOCTOR_TKE_ENDPOINT, LBDOCTOR_ACK_ENDPOINT.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/tencent"
)

// clouds are the simulations this command can start, one flag each, in the order they print.
// Another cloud is another row.
var clouds = []struct {
	name, usage string
	start       func(scenario string) (url string, stop func() error, err error)
}{
	{"tke", "a Tencent Cloud scenario file (internal/cloudsim/tencent)", startTencent},
	{"ack", "an Alibaba Cloud scenario file (internal/cloudsim/alibaba)", startACK},
}

func startTencent(path string) (string, func() error, error) {
	scn, err := tencent.LoadScenario(path)
	if err != nil {
		return "", nil, err
	}
	s := tencent.New(scn)
	url, err := s.Start()
	return url, s.Close, err
}

func main() {
	paths := make([]*string, len(clouds))
	for i, c := range clouds {
		paths[i] = flag.String(c.name, "", c.usage)
	}
	flag.Parse()
	var stops []func() error
	for i, c := range clouds {
		if *paths[i] == "" {
			continue
		}
		url, stop, err := c.start(*paths[i])
		if err != nil {
			fmt.Fprintf(os.Stderr, "cloudsim: %s: %v\n", c.name, err)
			os.Exit(1)
		}
		stops = append(stops, stop)
		fmt.Printf("%s %s\n", c.name, url)
	}
	if len(stops) == 0 {
		fmt.Fprintln(os.Stderr, "cloudsim: give at least one scenario, e.g. -tke scenario.yaml")
		os.Exit(2)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	<-sig
	for _, stop := range stops {
		_ = stop()
	}
}
