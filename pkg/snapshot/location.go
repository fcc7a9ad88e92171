package snapshot

import (
	"fmt"
	"path/filepath"
)

// Location is where a field of a manifest input is written. Live objects have none.
type Location struct {
	// File is relative to the working directory when it lies under it, else as given; "-" is standard
	// input.
	File string `json:"file"`
	// Line and Column are 1-based.
	Line   int `json:"line"`
	Column int `json:"column"`
}

// Stdin is the File of a Location in standard input.
const Stdin = "-"

// String is file:line, with "stdin" for standard input.
func (l Location) String() string {
	f := l.File
	if f == Stdin {
		f = "stdin"
	}
	return fmt.Sprintf("%s:%d", f, l.Line)
}

// displayPath is name relative to the working directory when it lies under it, else name itself.
func displayPath(name, wd string) string {
	if name == Stdin || wd == "" {
		return name
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return name
	}
	rel, err := filepath.Rel(wd, abs)
	if err != nil || rel == ".." || filepath.IsAbs(rel) || len(rel) > 2 && rel[:3] == ".."+string(filepath.Separator) {
		return name
	}
	return rel
}
