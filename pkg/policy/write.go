package policy

import (
	"fmt"
	"io"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Write writes the objects Generate makes for opts, without their empty creationTimestamp and
// status, for kubectl apply -f -: as YAML documents (report.YAML) or as one JSON List (report.JSON).
func (cat Catalog) Write(w io.Writer, f report.Format, opts Options) error {
	objs, err := cat.Generate(opts)
	if err != nil {
		return err
	}
	items := make([]any, 0, len(objs))
	for _, obj := range objs {
		u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
		if err != nil {
			return words.Errorf("encoding %T: %w", "编码 %T 时出错：%w", obj, err)
		}
		unstructured.RemoveNestedField(u, "metadata", "creationTimestamp")
		unstructured.RemoveNestedField(u, "status")
		items = append(items, u)
	}
	if f == report.JSON {
		return report.Encode(w, report.JSON, map[string]any{"apiVersion": "v1", "kind": "List", "items": items})
	}
	return writeYAMLDocs(w, items)
}

// writeYAMLDocs writes each item as a YAML document opened by "---".
func writeYAMLDocs(w io.Writer, items []any) error {
	for _, it := range items {
		b, err := yaml.Marshal(it)
		if err != nil {
			return report.YAMLError(err)
		}
		if _, err := fmt.Fprintf(w, "---\n%s", b); err != nil {
			return err
		}
	}
	return nil
}

// listEntry is the JSON/YAML shape of one rule's coverage.
type listEntry struct {
	Rule   rules.ID `json:"rule"`
	Code   string   `json:"code,omitempty"`
	Status Status   `json:"status"`
	Policy string   `json:"policy,omitempty"`
	Reason string   `json:"reason,omitempty"`
}

// WriteList writes the coverage of the rules of cluster ("": the whole catalog) in format f: a
// table with a summary line for report.Text, else a list of entries. The reasons and the summary
// line are in lang, and so are the statuses of the table (plain words; JSON and YAML keep the Status
// value); keys, rule ids, codes, policy names and column headers are the same in every language.
func (cat Catalog) WriteList(w io.Writer, f report.Format, cluster rules.Provider, lang words.Lang) error {
	var list []listEntry
	var shown []Entry
	for _, e := range cat.Entries() {
		r := e.Rule.Rule()
		if cluster != "" && r.Provider != cluster {
			continue
		}
		shown = append(shown, e)
		list = append(list, listEntry{Rule: e.Rule, Code: r.Code, Status: e.Status, Policy: e.Policy, Reason: e.Reason.In(lang)})
	}
	if f != report.Text {
		return report.Encode(w, f, list)
	}
	// The table aligns by display width: Chinese statuses take two cells a character.
	rows := [][]string{{"RULE", "STATUS", "POLICY OR REASON"}}
	for _, e := range list {
		what := e.Policy
		switch {
		case what != "" && e.Reason != "":
			what = reasonJoin.With(what, e.Reason).In(lang)
		case e.Reason != "":
			what = e.Reason
		case what == "":
			what = "-"
		}
		rows = append(rows, []string{e.Rule.String(), e.Status.In(lang), what})
	}
	if err := report.WriteTable(w, rows); err != nil {
		return err
	}
	s := Summarize(shown)
	_, err := fmt.Fprintf(w, summaryLine.In(lang), s.Covered+s.Partial, s.SingleObject, s.Partial, s.Total)
	return err
}
