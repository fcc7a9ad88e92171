// Package logs routes client-go's klog output: to stderr at a request-log level, or nowhere.
package logs

import (
	"flag"
	"io"
	"os"
	"strconv"

	"k8s.io/klog/v2"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/redact"
)

// MaxVerbosity is the highest klog level passed on: client-go logs bodies from level 8.
const MaxVerbosity = 7

// SetVerbosity routes client-go's request logging to stderr at level v, capped at MaxVerbosity.
func SetVerbosity(v int) error {
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	toStderr(fs)
	return fs.Set("v", strconv.Itoa(max(0, min(v, MaxVerbosity))))
}

// toStderr sends every klog line to stderr through redact.String.
func toStderr(fs *flag.FlagSet) {
	_ = fs.Set("logtostderr", "false")
	_ = fs.Set("alsologtostderr", "false")
	_ = fs.Set("stderrthreshold", "FATAL")
	klog.SetOutput(redact.NewWriter(stderr))
}

// stderr is where klog's lines go; tests replace it.
var stderr io.Writer = os.Stderr

// Quiet keeps client-go's messages (a watch's retries, a server that restarts, discovery failures)
// off the terminal, for runs without -v; restore routes them to stderr again.
func Quiet() (restore func()) {
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	_ = fs.Set("logtostderr", "false")
	_ = fs.Set("stderrthreshold", "FATAL")
	klog.SetOutput(io.Discard)
	return func() { toStderr(fs) }
}
