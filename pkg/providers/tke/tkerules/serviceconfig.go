package tkerules

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// docServiceConfig is the page documenting the TkeServiceConfig fields of each kind.
var docServiceConfig = map[rules.Kind]string{
	rules.Service: "Tencent TKE, TkeServiceConfig (associated actions between Service and TkeServiceConfig), complete configuration reference",
	rules.Ingress: "Tencent TKE, TkeServiceConfig (Ingress), configuration description and sample",
}

// configField is what the TkeServiceConfig field rules read: the config the object names.
var configField = []rules.Decision{{By: rules.ByOtherObjects, What: words.Phrase{En: "the TkeServiceConfig the object names", Zh: "对象引用的 TkeServiceConfig"}, IfUnknown: rules.UnknownSkips}}

// configUnknownField declares the rule of a field of the TkeServiceConfig that kind names which no
// TKE page documents and which is close to one that is.
func configUnknownField(kind rules.Kind, annotation string) rules.ID {
	return rules.Uncoded(Provider, kind, "serviceconfig-unknown-field", rules.Warning, rules.Details{
		Title: "Unrecognised TkeServiceConfig field (likely a typo)",
		Cause: "The TkeServiceConfig named by " + annotation + " has a field that TKE does not document, " +
			"within a few letters of one it does: usually a misspelling.",
		Fix:     "Rename the field to the documented one named in the finding.",
		Risk:    "The controller ignores the field: the listener keeps the setting it had, and nothing reports it.",
		Doc:     docServiceConfig[kind],
		Decides: configField,
		Zh: rules.Text{
			Title: "无法识别的 TkeServiceConfig 字段（可能拼写有误）",
			Cause: annotation + " 引用的 TkeServiceConfig 中有一个 TKE 没有记载的字段，它与某个已记载字段只差几个字母，通常是拼写错误。",
			Fix:   "把该字段改成检查结果中给出的已记载字段。",
			Risk:  "控制器忽略该字段：监听器保持原有设置，也不会有任何提示。",
		},
	})
}

// configInvalidValue declares the rule of a TkeServiceConfig field whose value is outside the domain
// TKE documents for it.
func configInvalidValue(kind rules.Kind, annotation string) rules.ID {
	return rules.Uncoded(Provider, kind, "serviceconfig-invalid-value", rules.Warning, rules.Details{
		Title: "TkeServiceConfig value outside its documented range",
		Cause: "A field of the TkeServiceConfig named by " + annotation + " has a value outside what TKE documents " +
			"for it (a number out of range, a value not in the list, or not a boolean).",
		Fix:     "Set the field to a value in the range the finding names, or remove it to keep the default.",
		Risk:    "The CLB refuses the setting: the listener is not reconfigured and the sync may report an error.",
		Doc:     docServiceConfig[kind],
		Decides: configField,
		Zh: rules.Text{
			Title: "TkeServiceConfig 字段的取值超出记载范围",
			Cause: annotation + " 引用的 TkeServiceConfig 中，有字段的取值不在 TKE 记载的范围内（数值越界、不在可选值之中，或不是布尔值）。",
			Fix:   "把该字段改为检查结果中给出的范围内的值，或删除它以使用默认值。",
			Risk:  "CLB 不接受该设置：监听器不会按配置更新，同步可能报错。",
		},
	})
}

// Rules of the fields of a TkeServiceConfig a Service or an Ingress names.
var (
	ServiceConfigUnknownField = configUnknownField(rules.Service, tkeann.SvcServiceConfig)
	ServiceConfigInvalidValue = configInvalidValue(rules.Service, tkeann.SvcServiceConfig)
	IngressConfigUnknownField = configUnknownField(rules.Ingress, tkeann.IngServiceConfig)
	IngressConfigInvalidValue = configInvalidValue(rules.Ingress, tkeann.IngServiceConfig)
)
