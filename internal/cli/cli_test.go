package cli

import (
	"slices"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

func kubeconfig(names ...string) clientcmdapi.Config {
	c := clientcmdapi.Config{Contexts: map[string]*clientcmdapi.Context{}}
	for _, n := range names {
		c.Contexts[n] = &clientcmdapi.Context{}
	}
	return c
}

func TestSelectContexts(t *testing.T) {
	raw := kubeconfig("prod", "dev", "a,b")
	tests := []struct {
		name    string
		flag    string
		all     bool
		want    []string
		wantErr bool
	}{
		{name: "all, sorted", all: true, want: []string{"a,b", "dev", "prod"}},
		{name: "one context", flag: "prod"},
		{name: "a context named with a comma", flag: "a,b"},
		{name: "a list, in its order, repeats dropped", flag: "prod, dev,prod", want: []string{"prod", "dev"}},
		{name: "unknown context", flag: "prod,qa", wantErr: true},
		{name: "only commas", flag: ",,", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := SelectContexts(raw, tt.flag, tt.all)
			if (err != nil) != tt.wantErr || !slices.Equal(got, tt.want) {
				t.Errorf("SelectContexts(%q, %v) = %q, %v; want %q, error %v", tt.flag, tt.all, got, err, tt.want, tt.wantErr)
			}
		})
	}
	if _, err := SelectContexts(kubeconfig(), "", true); err == nil {
		t.Error("--all-contexts over an empty kubeconfig gave no error")
	}
}

func TestCompleteContexts(t *testing.T) {
	known := []string{"dev", "prod", "prod-eu"}
	tests := []struct {
		in   string
		want []string
	}{
		{"pr", []string{"prod", "prod-eu"}},
		{"dev,", []string{"dev,prod", "dev,prod-eu"}},
		{"dev,prod,", []string{"dev,prod,prod-eu"}},
		{"qa,", nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := CompleteContexts(known, tt.in); !slices.Equal(got, tt.want) {
				t.Errorf("CompleteContexts(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseRequestTimeout(t *testing.T) {
	tests := []struct {
		in      string
		want    time.Duration
		wantErr bool
	}{
		{"0", 0, false}, {"15", 15 * time.Second, false}, {"2m", 2 * time.Minute, false},
		{"-1s", 0, true}, {"soon", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseRequestTimeout(tt.in)
			if got != tt.want || (err != nil) != tt.wantErr {
				t.Errorf("ParseRequestTimeout(%q) = %v, %v", tt.in, got, err)
			}
		})
	}
}

func TestDecideColor(t *testing.T) {
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	tests := []struct {
		name     string
		mode     string
		terminal bool
		env      map[string]string
		want     bool
		wantErr  bool
	}{
		{name: "always", mode: "always", want: true},
		{name: "never on a terminal", mode: "never", terminal: true},
		{name: "auto on a terminal", mode: "auto", terminal: true, want: true},
		{name: "auto, not a terminal", mode: "auto"},
		{name: "auto with NO_COLOR", mode: "auto", terminal: true, env: map[string]string{"NO_COLOR": "1"}},
		{name: "auto with TERM=dumb", mode: "auto", terminal: true, env: map[string]string{"TERM": "dumb"}},
		{name: "bad mode", mode: "sometimes", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecideColor(tt.mode, tt.terminal, env(tt.env))
			if got != tt.want || (err != nil) != tt.wantErr {
				t.Errorf("DecideColor = %v, %v; want %v, error %v", got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestFilenames(t *testing.T) {
	var list []string
	var empty bool
	f := &Filenames{List: &list, Empty: &empty}
	for _, v := range []string{"a.yaml,b.yaml", " c "} {
		if err := f.Set(v); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(list, []string{"a.yaml", "b.yaml", "c"}) || empty {
		t.Fatalf("list %q, empty %v", list, empty)
	}
	if _ = f.Set("d,"); !empty || list[len(list)-1] != "d" {
		t.Errorf("a trailing comma: list %q, empty %v; want d added and the empty value remembered", list, empty)
	}
}

func TestArgsLang(t *testing.T) {
	zh := func(k string) string { return map[string]string{"LANG": "zh_CN.UTF-8"}[k] }
	none := func(string) string { return "" }
	tests := []struct {
		name   string
		args   []string
		getenv func(string) string
		want   words.Lang
	}{
		{"flag", []string{"--lang", "zh", "svc/x"}, none, words.Chinese},
		{"flag with =", []string{"--lang=en"}, zh, words.English},
		{"locale", []string{"svc/x"}, zh, words.Chinese},
		{"bad flag falls back to the locale", []string{"--lang=fr"}, zh, words.Chinese},
		{"after --", []string{"--", "--lang=zh"}, none, words.English},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ArgsLang(tt.args, tt.getenv); got != tt.want {
				t.Errorf("ArgsLang(%q) = %s, want %s", tt.args, got, tt.want)
			}
		})
	}
}
