package buildinfo

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestFill(t *testing.T) {
	vcs := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	const rev = "0123456789abcdef0123456789abcdef01234567"
	defaults := Stamp{"dev", "unknown", "unknown"}
	tests := []struct {
		name  string
		stamp Stamp
		bi    *debug.BuildInfo
		want  Stamp
	}{
		{"no build info", defaults, nil, defaults},
		{"go install at a tag", defaults,
			&debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}},
			Stamp{"v1.2.3", "unknown", "unknown"}},
		{"go build in a clone", defaults,
			&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("vcs.revision", rev, "vcs.time", "2026-05-01T10:00:00Z", "vcs.modified", "false")},
			Stamp{"dev", "0123456789ab", "2026-05-01T10:00:00Z"}},
		{"modified tree", defaults,
			&debug.BuildInfo{Main: debug.Module{Version: "v1.2.4-0.20260501100000-0123456789ab+dirty"}, Settings: vcs("vcs.revision", rev, "vcs.modified", "true")},
			Stamp{"v1.2.4-0.20260501100000-0123456789ab+dirty", "0123456789ab-dirty", "unknown"}},
		{"short revision kept whole", defaults,
			&debug.BuildInfo{Settings: vcs("vcs.revision", "abc")},
			Stamp{"dev", "abc", "unknown"}},
		{"ldflags win", Stamp{"v9.9.9", "feedface", "2020-01-01T00:00:00Z"},
			&debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}, Settings: vcs("vcs.revision", rev, "vcs.time", "2026-05-01T10:00:00Z")},
			Stamp{"v9.9.9", "feedface", "2020-01-01T00:00:00Z"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Fill(tt.stamp, tt.bi); got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestStampForms(t *testing.T) {
	s := Stamp{Version: "v1.2.3", Commit: "0123456789ab", Date: "2026-11-23T16:00:00Z"}
	tests := []struct {
		name, got, want string
	}{
		{"line", s.String(), "v1.2.3 (commit 0123456789ab, built 2026-11-23T16:00:00Z)"},
		{"info version", s.Info().Version, s.Version},
		{"info commit", s.Info().Commit, s.Commit},
		{"info date", s.Info().Date, s.Date},
		{"info Go version", s.Info().GoVersion, runtime.Version()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("%q, want %q", tt.got, tt.want)
			}
		})
	}
}
