package checks

var serviceChecks = []Check{}
