package events

// tkeOnly is the registry's event codes: TKE's (ACK's rules match by fragment).
var tkeOnly = []Codes{TKE}
