package events

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"

// TKE is how Tencent TKE's controllers name its codes in event messages: "ErrorCode: E4011",
// `IngressErrorCode{Code:"E4009",…}`, a bare "E4052 Ingress Host Invalid", or, in Chinese, only
// the wording of the code's message.
var TKE = Codes{Provider: tkerules.Provider, Find: tkeCodes, Whole: tkeCode, Unnamed: zhCodes}

// tkeCodes returns the codes in message, at most 8.
func tkeCodes(message string) []string {
	if !mayHaveCode(message) {
		return nil
	}
	var out []string
	for _, m := range codeRE.FindAllStringSubmatch(message, 8) {
		out = append(out, m[1])
	}
	return out
}

// tkeCode reports whether code is a whole TKE code.
func tkeCode(code string) bool { return codeRE.MatchString(code) && codeRE.FindString(code) == code }
