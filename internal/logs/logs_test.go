package logs

import (
	"bytes"
	"flag"
	"strings"
	"testing"

	"k8s.io/klog/v2"
)

// klogFlag reads one of klog's flags as it is set now.
func klogFlag(t *testing.T, name string) string {
	t.Helper()
	fs := flag.NewFlagSet("read", flag.ContinueOnError)
	klog.InitFlags(fs)
	return fs.Lookup(name).Value.String()
}

func TestSetVerbosity(t *testing.T) {
	tests := []struct {
		v    int
		want string
	}{
		{0, "0"}, {4, "4"}, {MaxVerbosity + 3, "7"}, {-1, "0"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if err := SetVerbosity(tt.v); err != nil {
				t.Fatal(err)
			}
			if got := klogFlag(t, "v"); got != tt.want {
				t.Errorf("SetVerbosity(%d): v is %s, want %s", tt.v, got, tt.want)
			}
		})
	}
	_ = SetVerbosity(0)
}

func TestQuiet(t *testing.T) {
	restore := Quiet()
	if got := klogFlag(t, "logtostderr"); got != "false" {
		t.Errorf("quiet: logtostderr %s", got)
	}
	var b bytes.Buffer
	was := stderr
	stderr = &b
	defer func() { stderr = was }()
	restore()
	klog.Info("request failed: SecretId AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA")
	klog.Flush()
	if got := b.String(); !strings.Contains(got, "request failed") || strings.Contains(got, "z8krbs") {
		t.Errorf("restored: a log line reads %q", got)
	}
}
