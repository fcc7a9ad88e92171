package rules

// zhTKEIngress is the Simplified Chinese text of each rule in tke_ingress.go, written from the seeds' facts and the
// vendors' own Chinese terms (docs/glossary.md).
var zhTKEIngress = map[ID]Text{}
