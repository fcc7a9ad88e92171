package checks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Shared parsing of user-controlled annotation text. Every check uses these, so a value is judged the
// same way wherever it appears.

// annPath is the report path of an annotation.
func annPath(key string) string { return "metadata.annotations[" + key + "]" }

// parseBool accepts what the cloud controllers (Go's strconv) accept: true/false, 1/0, t/f, TRUE/FALSE.
func parseBool(s string) (bool, error) {
	b, err := strconv.ParseBool(strings.TrimSpace(s))
	if err != nil {
		return false, fmt.Errorf("%q is not a boolean (want \"true\" or \"false\")", clip(s))
	}
	return b, nil
}

// parseIntRange reads a decimal integer within [lo, hi].
func parseIntRange(s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("%q is not an integer", clip(s))
	}
	if n < lo || n > hi {
		return n, fmt.Errorf("%d is outside %d–%d", n, lo, hi)
	}
	return n, nil
}

// idFormat is a documented cloud resource id shape.
type idFormat struct {
	what string
	re   *regexp.Regexp
	eg   string
}

var (
	clbID    = idFormat{"load balancer id", regexp.MustCompile(`^lb-[a-z0-9]{8}$`), "lb-6swtxxxx"}
	subnetID = idFormat{"subnet id", regexp.MustCompile(`^subnet-[a-z0-9]{8}$`), "subnet-ewhltulw"}
	vpcID    = idFormat{"VPC id", regexp.MustCompile(`^vpc-[a-z0-9]{8}$`), "vpc-646vhcjj"}
	// regionID is a Tencent Cloud region such as ap-guangzhou or ap-shanghai-fsi; a zone
	// (ap-guangzhou-1) is not a region.
	regionID = idFormat{"region id", regexp.MustCompile(`^(ap|na|eu|sa)-[a-z]+(-[a-z]+)?$`), "ap-guangzhou"}
)

// check returns an error when s is not of the format.
func (f idFormat) check(s string) error {
	if f.re.MatchString(s) {
		return nil
	}
	return fmt.Errorf("%q is not a valid %s (expected the form %s)", clip(s), f.what, f.eg)
}

// jsonObject decodes a JSON object annotation.
func jsonObject(s string) (map[string]any, error) {
	var m map[string]any
	if err := strictJSON(s, &m); err != nil {
		return nil, err
	}
	if m == nil {
		return nil, fmt.Errorf("not a JSON object (got null)")
	}
	return m, nil
}

// strictJSON decodes exactly one JSON value, with numbers kept as json.Number.
func strictJSON(s string, v any) error {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("not valid JSON: %s", jsonErr(err))
	}
	if dec.More() {
		return fmt.Errorf("not valid JSON: extra data after the value")
	}
	return nil
}

func jsonErr(err error) string {
	var te *json.UnmarshalTypeError
	if ok := asType(err, &te); ok {
		return fmt.Sprintf("a %s where %s was expected", te.Value, typeName(te.Type.Kind().String()))
	}
	return err.Error()
}

func typeName(k string) string {
	switch k {
	case "map":
		return "an object"
	case "slice":
		return "an array"
	}
	return "a " + k
}

func asType[T error](err error, target *T) bool {
	t, ok := err.(T)
	if ok {
		*target = t
	}
	return ok
}

// clip shortens user text quoted in a message.
func clip(s string) string {
	const max = 80
	if len(s) <= max {
		return s
	}
	return s[:max] + "…"
}

// trimmedDiffers reports whether s has surrounding white space (a common copy-paste error).
func trimmedDiffers(s string) bool { return len(bytes.TrimSpace([]byte(s))) != len(s) }
