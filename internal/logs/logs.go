// Package logs routes client-go's klog output: to stderr at a request-log level, or nowhere.
package logs

import (
	"flag"
	"io"
	"strconv"

	"k8s.io/klog/v2"
)

// MaxVerbosity is the highest klog level passed on: client-go logs bodies from level 8.
const MaxVerbosity = 7

// SetVerbosity routes client-go's request logging to stderr at level v, capped at MaxVerbosity.
func SetVerbosity(v int) error {
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	return fs.Set("v", strconv.Itoa(max(0, min(v, MaxVerbosity))))
}

// Quiet keeps client-go's messages (a watch's retries, a server that restarts, discovery failures)
// off the terminal, for runs without -v; restore routes them to stderr again.
func Quiet() (restore func()) {
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	_ = fs.Set("logtostderr", "false")
	_ = fs.Set("stderrthreshold", "FATAL")
	klog.SetOutput(io.Discard)
	return func() { _ = fs.Set("logtostderr", "true") }
}
