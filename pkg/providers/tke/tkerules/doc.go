// Package tkerules is Tencent TKE's part of the rule catalog: the documented error codes of the TKE
// Service and Ingress controllers, the problems their documents describe without a code, and what
// the controllers do with a change of an existing object.
package tkerules

import "github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"

// Provider is TKE's provider name, the first part of its rules' ids.
const Provider rules.Provider = "tke"
