package policy

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Validation is one CEL condition of a covered rule.
type Validation struct {
	// Expression is true when the object is free of the problem.
	Expression string
	// Detail, when set, is a CEL string expression naming the offending value; the message carries it
	// between the rule's title and its fix.
	Detail string
}

// Covered is a rule the policies enforce: its validations fail exactly when the rule's check fires on
// the object alone, except on objects Exact rejects, where they fail only if the check fires.
type Covered struct {
	Rule        rules.ID
	Validations []Validation
	// Unread lists annotations whose JSON content CEL cannot parse; an instance of the rule that only
	// they hold is left to the CLI (the policy never fires where the check would not).
	Unread []string
	// ReadsStatus is set when the rule reads status, which the API server resets on CREATE: the policy
	// then judges updates only (status is the old object's), the check judges whatever it is given.
	ReadsStatus bool
	// Misses says what else the policy does not see, in every language; missed tells the objects
	// where that can matter.
	Misses words.Words
	missed func(annotations map[string]string) bool
}

// Exact reports whether the policy's verdict on an object with these annotations equals the check's;
// otherwise the policy may miss an instance the check finds.
func (c Covered) Exact(annotations map[string]string) bool {
	for _, k := range c.Unread {
		if _, ok := annotations[k]; ok {
			return false
		}
	}
	return c.missed == nil || !c.missed(annotations)
}

// Partial reports whether some instances of the rule are left to the CLI.
func (c Covered) Partial() bool { return len(c.Unread) > 0 || c.missed != nil }

// Status says how the policies treat a rule.
type Status string

// Statuses.
const (
	StatusCovered Status = "covered"
	// StatusPartial: covered, but an instance inside JSON annotations (Unread) is not seen.
	StatusPartial Status = "partial"
	// StatusSingleObject: decidable from the object alone, not expressible exactly in CEL.
	StatusSingleObject Status = "not covered (single object)"
	// StatusOtherObjects: the check needs other objects than the one admitted.
	StatusOtherObjects Status = "not covered (other objects)"
	// StatusClusterConfig: a cluster-wide controller setting decides the verdict.
	StatusClusterConfig Status = "not covered (cluster config)"
	// StatusVersion: the cloud controller's version decides the verdict.
	StatusVersion Status = "not covered (controller version)"
	// StatusHistory: a change since creation decides the verdict.
	StatusHistory Status = "not covered (history)"
	// StatusCloud: the cloud's own state of the load balancer decides the verdict.
	StatusCloud Status = "not covered (cloud)"
	// StatusEventOnly: only the cloud controller's events show it.
	StatusEventOnly Status = "not covered (event only)"
)

// statusWords say each status in plain words for the text list; JSON and YAML keep the Status value.
var statusWords = map[Status]words.Phrase{
	StatusCovered:       {En: "enforced", Zh: "已强制执行"},
	StatusPartial:       {En: "partly enforced", Zh: "部分强制执行"},
	StatusSingleObject:  {En: "not enforced: CEL cannot say it exactly", Zh: "未强制执行：CEL 无法准确表达"},
	StatusOtherObjects:  {En: "not enforced: needs other objects", Zh: "未强制执行：需要读取其他对象"},
	StatusClusterConfig: {En: "not enforced: depends on a cluster setting", Zh: "未强制执行：取决于集群配置"},
	StatusVersion:       {En: "not enforced: depends on the controller's version", Zh: "未强制执行：取决于控制器版本"},
	StatusHistory:       {En: "not enforced: depends on earlier changes", Zh: "未强制执行：取决于对象此前的变更"},
	StatusCloud:         {En: "not enforced: depends on the cloud's state", Zh: "未强制执行：取决于云上状态"},
	StatusEventOnly:     {En: "not enforced: only events show it", Zh: "未强制执行：只有事件能反映"},
}

// In is s in plain words in lang (the Status value itself for a status without words).
func (s Status) In(lang words.Lang) string {
	if p, ok := statusWords[s]; ok {
		return p.In(lang)
	}
	return string(s)
}

// Entry is the coverage of one catalog rule.
type Entry struct {
	Rule   rules.ID
	Status Status
	// Policy names the policy that enforces a covered rule.
	Policy string
	// Reason says why an uncovered rule is left out, or what a partial one does not see, in every
	// language; the zero Words for a covered rule.
	Reason words.Words
}

// SingleObject reports whether the rule is decidable from the admitted object alone.
func (e Entry) SingleObject() bool {
	return e.Status == StatusCovered || e.Status == StatusPartial || e.Status == StatusSingleObject
}

// WhyJSON is the reason an annotation's content is not read: CEL has no JSON decoder.
var WhyJSON = words.Phrase{En: "the value is JSON, which CEL cannot parse", Zh: "其值为 JSON，CEL 无法解析"}
