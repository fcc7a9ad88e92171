package checks

var ackServiceChecks = []Check{}
