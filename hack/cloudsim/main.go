// Command cloudsim serves simulated clouds on loopback, each from a scenario file, for the demo
// and for trying --cloud by hand. It prints one line per cloud, "<provider> <base URL>", then
// serves until interrupted. Nothing they answer comes from a cloud vendor.
//
//	go run ./hack/cloudsim -ack pkg/providers/ack/cloudread/testdata/TestRead/scenario.yaml
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ack := flag.String("ack", "", "an Alibaba Cloud scenario file (see internal/cloudsim/alibaba); print its line as ack <URL>, for LBDOCTOR_ACK_ENDPOINT")
	flag.Parse()
	if *ack == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "cloudsim: give a scenario file, e.g. -ack scenario.yaml")
		os.Exit(2)
	}
	u, stop, err := startACK(*ack)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cloudsim:", err)
		os.Exit(2)
	}
	defer stop()
	fmt.Println("ack", u)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	<-sig
}
