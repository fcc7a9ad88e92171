package rules

// zhTKEService is the Simplified Chinese text of each rule in tke_service.go, written from the seeds' facts and the
// vendors' own Chinese terms (docs/glossary.md).
var zhTKEService = map[ID]Text{}
