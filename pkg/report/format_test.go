package report

import (
	"slices"
	"strings"
	"testing"
)

// TestFormatRegistry: every format of the registry parses, its help names it, and the data formats
// are a subset; a value outside the registry is refused with the registry's list.
func TestFormatRegistry(t *testing.T) {
	for _, spec := range Formats {
		t.Run(string(spec.Format), func(t *testing.T) {
			if f, err := ForReport.Parse(string(spec.Format)); err != nil || f != spec.Format {
				t.Errorf("ParseFormat: %v %v", f, err)
			}
			if _, err := ForData.Parse(string(spec.Format)); (err == nil) != spec.Data {
				t.Errorf("ParseDataFormat: %v, data %v", err, spec.Data)
			}
			if !strings.Contains(ForReport.Help(), string(spec.Format)) {
				t.Errorf("help lacks it: %s", ForReport.Help())
			}
		})
	}
	_, err := ForReport.Parse("bogus")
	if err == nil || !strings.Contains(err.Error(), strings.Join(ForReport.Names()[:2], ", ")) {
		t.Errorf("bogus: %v", err)
	}
	if data := ForData.Names(); !slices.Equal(data, []string{"text", "json", "yaml"}) {
		t.Errorf("data formats %v", data)
	}
}
