package rules

// zhACKService is the Simplified Chinese text of each rule in ack_service.go, written from the seeds' facts and the
// vendors' own Chinese terms (docs/glossary.md).
var zhACKService = map[ID]Text{}
