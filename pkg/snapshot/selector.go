package snapshot

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
)

// Matcher is the selector applied by the plugin rather than the API server, where only
// metadata.name and metadata.namespace can be selected on (offline, and by a watch); nil when the
// selector selects everything. mode names the case in the error of another field: a string such as
// "offline" is printed as it is in every language, a words.Words is worded in the error's language.
func (s Selector) Matcher(mode any) (func(lbls map[string]string, name, namespace string) bool, error) {
	if s.IsZero() {
		return nil, nil
	}
	ls, err := labels.Parse(s.Label)
	if err != nil {
		return nil, words.Errorf("invalid --selector: %w", "--selector 无效：%w", err)
	}
	fs, err := fields.ParseSelector(s.Field)
	if err != nil {
		return nil, words.Errorf("invalid --field-selector: %w", "--field-selector 无效：%w", err)
	}
	for _, r := range fs.Requirements() {
		if r.Field != "metadata.name" && r.Field != "metadata.namespace" {
			return nil, words.Errorf("--field-selector %s: %s, only metadata.name and metadata.namespace can be selected on",
				"--field-selector %s（%s）：只能按 metadata.name 和 metadata.namespace 选择", r.Field, mode)
		}
	}
	return func(lbls map[string]string, name, namespace string) bool {
		return ls.Matches(labels.Set(lbls)) && fs.Matches(fields.Set{"metadata.name": name, "metadata.namespace": namespace})
	}, nil
}

// ObjectMatcher is Matcher over an object of either kind (what a watch hands over), for mode.
func (s Selector) ObjectMatcher(mode any) (func(Kind, metav1.Object) bool, error) {
	match, err := s.Matcher(mode)
	if match == nil || err != nil {
		return nil, err
	}
	return func(_ Kind, obj metav1.Object) bool {
		return match(obj.GetLabels(), obj.GetName(), obj.GetNamespace())
	}, nil
}
