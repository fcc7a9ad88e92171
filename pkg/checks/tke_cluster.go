package checks

var tkeClusterChecks = []Check{}
