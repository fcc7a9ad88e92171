package changes

import (
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// modelOf is the change model of provider p, as the registry's values hold it; the zero Model for
// Generic.
func modelOf(p rules.Provider) Model {
	switch p {
	case tkerules.Provider:
		return TKE
	case ackrules.Provider:
		return ACK
	}
	return Model{}
}
