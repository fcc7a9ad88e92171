package report

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Where the SARIF log points its readers.
const (
	// RepoURL is the project's home.
	RepoURL = "https://github.com/lbdoctor/kubectl-lbdoctor"
	// RulesDocURL is docs/rules.md on the default branch; each rule has a section there.
	RulesDocURL = RepoURL + "/blob/main/docs/rules.md"
	// RulesDocURLZH is docs/rules.zh-CN.md, the Chinese catalog, with the same sections.
	RulesDocURLZH = RepoURL + "/blob/main/docs/rules.zh-CN.md"
	// SARIFSchema is the SARIF 2.1.0 schema a log names.
	SARIFSchema = "https://json.schemastore.org/sarif-2.1.0.json"
	// SrcRoot is the uriBaseId of file locations: the directory the run started in.
	SrcRoot = "%SRCROOT%"
	// FingerprintKey names the partialFingerprints entry of a result.
	FingerprintKey = "lbdoctorFinding/v1"
)

// MaxSARIFResults is how many results a run holds at most. GitHub code scanning stores only the top
// 5,000 results of a run by severity (and rejects a run of more than 25,000): "SARIF results exceed
// limits", docs.github.com/en/code-security/code-scanning/troubleshooting-sarif-uploads/results-exceed-limit.
// A run keeps its most severe results, in report order within one severity, and says in a
// notification how many it left out, so that nothing disappears without a word.
var MaxSARIFResults = 5000

// SARIFLog is a SARIF 2.1.0 log with one run. Only the properties lbdoctor fills are declared.
type SARIFLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []SARIFRun `json:"runs"`
}

// SARIFRun is the one run of a log.
type SARIFRun struct {
	Tool        SARIFTool         `json:"tool"`
	Invocations []SARIFInvocation `json:"invocations"`
	Results     []SARIFResult     `json:"results"`
}

// SARIFTool describes kubectl-lbdoctor and its rule catalog.
type SARIFTool struct {
	Driver SARIFDriver `json:"driver"`
}

// SARIFDriver is the tool component that produced the results.
type SARIFDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []SARIFRule `json:"rules"`
}

// SARIFRule is one catalog rule as a reportingDescriptor.
type SARIFRule struct {
	ID                   string             `json:"id"`
	ShortDescription     SARIFText          `json:"shortDescription"`
	FullDescription      SARIFText          `json:"fullDescription"`
	Help                 SARIFText          `json:"help"`
	HelpURI              string             `json:"helpUri"`
	DefaultConfiguration SARIFConfiguration `json:"defaultConfiguration"`
	Properties           SARIFRuleProps     `json:"properties"`
}

// SARIFText is a SARIF message or multiformatMessageString: plain text, and Markdown where the
// viewer renders it (a rule's help).
type SARIFText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

// SARIFConfiguration is a rule's default reporting configuration.
type SARIFConfiguration struct {
	Level string `json:"level"`
}

// SARIFRuleProps are a rule's properties: its documented code (if any), provider, kind and tags.
type SARIFRuleProps struct {
	Code     string   `json:"code,omitempty"`
	Provider string   `json:"provider"`
	Kind     string   `json:"kind"`
	Tags     []string `json:"tags"`
}

// SARIFInvocation says the run succeeded and lists the checks that could not run.
type SARIFInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []SARIFNotification `json:"toolExecutionNotifications,omitempty"`
}

// SARIFNotification is a skipped (or partial) check of one object.
type SARIFNotification struct {
	Level      string                 `json:"level"`
	Message    SARIFText              `json:"message"`
	Locations  []SARIFLocation        `json:"locations,omitempty"`
	Properties SARIFNotificationProps `json:"properties"`
}

// SARIFNotificationProps name the check and whether it was skipped or ran on the input files only.
type SARIFNotificationProps struct {
	Check string `json:"check"`
	// Status is "skipped" or "partial".
	Status string `json:"status"`
}

// SARIFResult is one finding.
type SARIFResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   SARIFText       `json:"message"`
	Locations []SARIFLocation `json:"locations"`
	// PartialFingerprints identify the finding across runs (FingerprintKey): code scanning keeps one
	// alert while the object moves within its file.
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Properties          SARIFResultProps  `json:"properties"`
}

// SARIFResultProps carry what SARIF has no field for: the documented code, the report path, the
// check and what saw the finding.
type SARIFResultProps struct {
	Code   string        `json:"code,omitempty"`
	Path   string        `json:"path,omitempty"`
	Check  string        `json:"check"`
	Source checks.Source `json:"source"`
}

// SARIFLocation is where a result is: the file region (offline) and the object.
type SARIFLocation struct {
	PhysicalLocation *SARIFPhysical `json:"physicalLocation,omitempty"`
	LogicalLocations []SARIFLogical `json:"logicalLocations"`
}

// SARIFPhysical is a region of a file.
type SARIFPhysical struct {
	ArtifactLocation SARIFArtifact `json:"artifactLocation"`
	Region           SARIFRegion   `json:"region"`
}

// SARIFArtifact is a file, relative to %SRCROOT% when it lies under the working directory.
type SARIFArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// SARIFRegion is a 1-based start position.
type SARIFRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

// SARIFLogical names the diagnosed object, kind/namespace/name.
type SARIFLogical struct {
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

// sarifLevel maps a severity to a SARIF level.
func sarifLevel(s rules.Severity) string {
	switch s {
	case rules.Error:
		return "error"
	case rules.Warning:
		return "warning"
	}
	return "note"
}

// RuleAnchor is the anchor of a rule's section in docs/rules.md as GitHub renders its heading (the
// id lowercased, dots dropped).
func RuleAnchor(id rules.ID) string { return strings.ReplaceAll(strings.ToLower(id.String()), ".", "") }

// NewSARIF converts reports into a SARIF 2.1.0 log: one run whose driver lists every catalog rule
// (in id order) and whose results follow the reports' order. Suppressed findings are left out.
func NewSARIF(reports []Report, version string) SARIFLog {
	return NewSARIFIn(reports, version, words.English)
}

// NewSARIFIn is NewSARIF with the rules' descriptions and help, and the messages, in lang; ids,
// codes, levels, properties and fingerprints are those of every language. reports are taken as
// they are (Writer.Write localizes them first).
func NewSARIFIn(reports []Report, version string, lang words.Lang) SARIFLog {
	all := rules.AllIn(rules.All(), lang)
	index := make(map[rules.ID]int, len(all))
	driver := SARIFDriver{Name: "kubectl-lbdoctor", Version: version, InformationURI: RepoURL, Rules: make([]SARIFRule, 0, len(all))}
	for i, r := range all {
		index[r.ID] = i
		driver.Rules = append(driver.Rules, SARIFRule{
			ID:                   r.ID.String(),
			ShortDescription:     SARIFText{Text: r.Title},
			FullDescription:      SARIFText{Text: r.Cause},
			Help:                 SARIFText{Text: r.Fix, Markdown: helpMarkdown(r, lang)},
			HelpURI:              helpURI(r, lang),
			DefaultConfiguration: SARIFConfiguration{sarifLevel(r.Severity)},
			Properties: SARIFRuleProps{Code: r.Code, Provider: string(r.Provider), Kind: r.Kind.Lower(),
				Tags: []string{"kubernetes", string(r.Provider), r.Kind.Lower()}},
		})
	}
	run := SARIFRun{Tool: SARIFTool{driver}, Results: []SARIFResult{}}
	inv := SARIFInvocation{ExecutionSuccessful: true}
	for _, rep := range reports {
		obj := []SARIFLogical{{FullyQualifiedName: objectName(rep.Target), Kind: "object"}}
		for _, f := range rep.Findings {
			loc := physical(f.Location)
			run.Results = append(run.Results, SARIFResult{
				RuleID:              f.Rule.String(),
				RuleIndex:           index[f.Rule],
				Level:               sarifLevel(f.Severity),
				Message:             SARIFText{Text: sarifMessage(f, lang)},
				Locations:           []SARIFLocation{{PhysicalLocation: loc, LogicalLocations: obj}},
				PartialFingerprints: map[string]string{FingerprintKey: fingerprint(rep.Target, f, loc)},
				Properties:          SARIFResultProps{Code: f.Code, Path: f.Path, Check: f.Check, Source: f.Source},
			})
		}
		for _, s := range rep.Skipped {
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, SARIFNotification{Level: "note",
				Message:    SARIFText{Text: fmt.Sprintf(say(lang, phSARIFSkipped), objectName(rep.Target), s.Check, s.Reason)},
				Locations:  []SARIFLocation{{LogicalLocations: obj}},
				Properties: SARIFNotificationProps{Check: s.Check, Status: "skipped"}})
		}
		for _, s := range rep.Partial {
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, SARIFNotification{Level: "note",
				Message:    SARIFText{Text: fmt.Sprintf(say(lang, phSARIFPartial), objectName(rep.Target), s.Check, s.Reason)},
				Locations:  []SARIFLocation{{LogicalLocations: obj}},
				Properties: SARIFNotificationProps{Check: s.Check, Status: "partial"}})
		}
	}
	if left := len(run.Results) - MaxSARIFResults; left > 0 {
		run.Results = mostSevere(run.Results, MaxSARIFResults)
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, SARIFNotification{Level: "warning",
			Message: SARIFText{Text: fmt.Sprintf(say(lang, phSARIFTruncated),
				left, MaxSARIFResults)},
			Properties: SARIFNotificationProps{Check: "sarif", Status: "truncated"}})
	}
	run.Invocations = []SARIFInvocation{inv}
	return SARIFLog{Schema: SARIFSchema, Version: "2.1.0", Runs: []SARIFRun{run}}
}

// sarifRank orders levels, most severe first.
var sarifRank = map[string]int{"error": 0, "warning": 1, "note": 2}

// mostSevere keeps the n most severe results; within one level, the first in report order.
func mostSevere(results []SARIFResult, n int) []SARIFResult {
	order := make([]int, len(results))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(sarifRank[results[a].Level], sarifRank[results[b].Level]) })
	keep := order[:n]
	slices.Sort(keep)
	out := make([]SARIFResult, 0, n)
	for _, i := range keep {
		out = append(out, results[i])
	}
	return out
}

// fingerprint identifies a finding by its file, object, rule and field path: not by line, so that
// moving the object within its file keeps the alert, and not by message, whose facts change.
func fingerprint(t snapshot.Target, f Finding, loc *SARIFPhysical) string {
	file := ""
	if loc != nil {
		file = loc.ArtifactLocation.URI
	}
	h := sha256.Sum256([]byte(strings.Join([]string{file, objectName(t), f.Rule.String(), f.Path}, "\x00")))
	return hex.EncodeToString(h[:16])
}

// helpMarkdown is a rule's help for code scanning: cause, fix, risk and where it is documented.
func helpMarkdown(r rules.Rule, lang words.Lang) string {
	var b strings.Builder
	title := r.Title
	if r.Code != "" {
		title = fmt.Sprintf(say(lang, phCodeTitle), r.Code, title)
	}
	fmt.Fprintf(&b, "**%s**\n\n%s%s\n\n%s%s\n\n", mdEscape(title), say(lang, phSARIFCause), mdEscape(r.Cause), say(lang, phSARIFFix), mdEscape(r.Fix))
	if r.Risk != "" {
		fmt.Fprintf(&b, "%s%s\n\n", say(lang, phSARIFIfLeft), mdEscape(r.Risk))
	}
	fmt.Fprintf(&b, say(lang, phSARIFDocumented), mdEscape(r.DocIn(lang)), r.ID, rulesDoc(lang), RuleAnchor(r.ID))
	if u := r.Link(lang); u != "" {
		fmt.Fprintf(&b, say(lang, phSARIFVendorPage), u)
	}
	return b.String()
}

// helpURI is a rule's helpUri: the vendor page that documents it in lang (rules.Rule.Link), or its
// section of the catalog in lang (docs/rules.md, docs/rules.zh-CN.md) when no vendor page is known.
func helpURI(r rules.Rule, lang words.Lang) string {
	if u := r.Link(lang); u != "" {
		return u
	}
	return rulesDoc(lang) + "#" + RuleAnchor(r.ID)
}

// rulesDoc is the URL of the rule catalog in lang.
func rulesDoc(lang words.Lang) string {
	if lang == words.Chinese {
		return RulesDocURLZH
	}
	return RulesDocURL
}

// mdEscaper keeps catalog text literal in Markdown: placeholders such as <service> would be taken
// for HTML and dropped, and * or _ for emphasis.
var mdEscaper = strings.NewReplacer("\\", "\\\\", "<", "&lt;", ">", "&gt;", "*", "\\*", "_", "\\_", "`", "\\`", "[", "\\[", "]", "\\]")

func mdEscape(s string) string { return mdEscaper.Replace(s) }

// objectName is kind/namespace/name, e.g. ingress/shop/mall.
func objectName(t snapshot.Target) string {
	return t.Kind.Lower() + "/" + t.Namespace + "/" + t.Name
}

// sarifMessage is the finding's facts, with the confirming event when there is one.
func sarifMessage(f Finding, lang words.Lang) string {
	msg := f.Shown()
	if msg == "" {
		msg = f.Title
	}
	if f.Source == checks.SourceCheckEvent && f.Event != "" {
		msg += fmt.Sprintf(say(lang, phSARIFConfirmed), f.Event)
	}
	return msg
}

// physical is the file region of a location; nil without one or for standard input, which has no
// file to point at.
func physical(l *snapshot.Location) *SARIFPhysical {
	if l == nil || l.File == snapshot.Stdin || l.File == "" {
		return nil
	}
	p := &SARIFPhysical{Region: SARIFRegion{StartLine: l.Line, StartColumn: l.Column}}
	file := l.File
	if up := filepath.ToSlash(file); up == ".." || strings.HasPrefix(up, "../") {
		if abs, err := filepath.Abs(file); err == nil {
			file = abs // outside the working directory: no %SRCROOT%-relative form
		}
	}
	slash := filepath.ToSlash(file)
	if filepath.IsAbs(file) {
		if !strings.HasPrefix(slash, "/") {
			slash = "/" + slash // a Windows drive
		}
		p.ArtifactLocation.URI = (&url.URL{Scheme: "file", Path: slash}).String()
		return p
	}
	p.ArtifactLocation = SARIFArtifact{URI: (&url.URL{Path: slash}).String(), URIBaseID: SrcRoot}
	return p
}
