// Package buildinfo completes the version a binary reports from what Go records in it.
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// Stamp is the version, commit and date a binary reports; "dev", "unknown" and "unknown" when the
// build stamped none.
type Stamp struct{ Version, Commit, Date string }

// String is the version line: VERSION (commit COMMIT, built DATE).
func (s Stamp) String() string {
	return fmt.Sprintf("%s (commit %s, built %s)", s.Version, s.Commit, s.Date)
}

// Info is the version subcommand's JSON/YAML shape: the stamp and the Go release that built it.
type Info struct {
	Version   string `json:"version"`
	Commit    string `json:"commit"`
	Date      string `json:"date"`
	GoVersion string `json:"goVersion"`
}

// Info is s with the Go release of the running binary.
func (s Stamp) Info() Info {
	return Info{Version: s.Version, Commit: s.Commit, Date: s.Date, GoVersion: runtime.Version()}
}

// Fill fills the fields of s still at their defaults from bi (nil: none): the module version
// unless it is "(devel)", vcs.revision cut to 12 characters with "-dirty" when vcs.modified, and
// vcs.time.
func Fill(s Stamp, bi *debug.BuildInfo) Stamp {
	if bi == nil {
		return s
	}
	if s.Version == "dev" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		s.Version = bi.Main.Version
	}
	var rev, at string
	dirty := false
	for _, kv := range bi.Settings {
		switch kv.Key {
		case "vcs.revision":
			rev = kv.Value
		case "vcs.time":
			at = kv.Value
		case "vcs.modified":
			dirty = kv.Value == "true"
		}
	}
	if s.Commit == "unknown" && rev != "" {
		s.Commit = rev[:min(len(rev), 12)]
		if dirty {
			s.Commit += "-dirty"
		}
	}
	if s.Date == "unknown" && at != "" {
		s.Date = at
	}
	return s
}
