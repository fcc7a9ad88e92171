package rules

import "strings"

// Source is a vendor document rules are written from, and the web pages that publish it.
type Source struct {
	// ID names the source in tests and docs/sources.md.
	ID string
	// Match is a text a rule's Doc contains when the rule comes from this source.
	Match string
	// Pages maps a language to the vendor page in that language; only URLs seen in
	// the seed documents or in stored public pages are listed (see docs/sources.md).
	Pages map[Lang]string
	// NoPage says why the source has no page; it is set exactly when Pages is empty.
	NoPage string
}

// noPageYet is the NoPage reason of a vendor document whose page URL was not found in
// the seeds or the searched pages: the document is known, its address is not.
const noPageYet = "vendor page URL not found in the seeds or searched pages yet"

// Sources are the source documents, most specific Match first: a rule links to the
// first source whose Match its Doc contains.
var Sources = []Source{
	{ID: "tke-service-annotation", Match: "457/51258",
		Pages: map[Lang]string{Chinese: "https://cloud.tencent.com/document/product/457/51258"}},
	{ID: "tke-ingress-cross-vpc", Match: "457/59095",
		Pages: map[Lang]string{Chinese: "https://cloud.tencent.com/document/product/457/59095"}},
	{ID: "tke-other", Match: "Tencent TKE", NoPage: noPageYet},
	{ID: "ack-ccm-source", Match: "cloud-provider-alibaba-cloud",
		NoPage: "source code of the Alibaba Cloud CCM, not a vendor documentation page"},
	{ID: "ack-other", Match: "Alibaba", NoPage: noPageYet},
	{ID: "kubernetes", Match: "Kubernetes",
		NoPage: "generic Kubernetes behaviour, no vendor page documents it"},
	{ID: "none", Match: "", NoPage: "the rule names no vendor document"},
}

// Source returns the source document r comes from; the last entry of Sources, which
// matches any Doc, when no other does.
func (r Rule) Source() Source {
	for _, s := range Sources {
		if strings.Contains(r.Doc, s.Match) {
			return s
		}
	}
	return Sources[len(Sources)-1]
}

// Link returns the URL of the vendor page that documents r in lang. English falls back
// to the Chinese page only when the source has no English page. It returns "" exactly
// when r's source has no page at all; Source().NoPage then says why.
func (r Rule) Link(lang Lang) string {
	s := r.Source()
	if u, ok := s.Pages[lang]; ok {
		return u
	}
	return s.Pages[Chinese]
}
