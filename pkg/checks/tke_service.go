package checks

var tkeServiceChecks = []Check{}
