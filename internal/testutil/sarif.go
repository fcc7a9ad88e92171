package testutil

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

var sarifSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	_, here, _, _ := runtime.Caller(0)
	f, err := os.Open(filepath.Join(filepath.Dir(here), "testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("sarif-schema-2.1.0.json")
})

// ValidateSARIF fails the test when log is not a valid SARIF 2.1.0 log (the official JSON schema,
// formats asserted).
func ValidateSARIF(t testing.TB, log []byte) {
	t.Helper()
	sch, err := sarifSchema()
	if err != nil {
		t.Fatalf("SARIF schema: %v", err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(log))
	if err != nil {
		t.Fatalf("SARIF output is not JSON: %v", err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Fatalf("SARIF output does not match the 2.1.0 schema: %v", err)
	}
}
