package report

import (
	"net/url"
	"path/filepath"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// Where the SARIF log points its readers.
const (
	// RepoURL is the project's home.
	RepoURL = "https://github.com/lbdoctor/kubectl-lbdoctor"
	// RulesDocURL is docs/rules.md on the default branch; each rule has a section there.
	RulesDocURL = RepoURL + "/blob/main/docs/rules.md"
	// SARIFSchema is the SARIF 2.1.0 schema a log names.
	SARIFSchema = "https://json.schemastore.org/sarif-2.1.0.json"
	// SrcRoot is the uriBaseId of file locations: the directory the run started in.
	SrcRoot = "%SRCROOT%"
)

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

// SARIFText is a SARIF message or multiformatMessageString with plain text.
type SARIFText struct {
	Text string `json:"text"`
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
	RuleID     string           `json:"ruleId"`
	RuleIndex  int              `json:"ruleIndex"`
	Level      string           `json:"level"`
	Message    SARIFText        `json:"message"`
	Locations  []SARIFLocation  `json:"locations"`
	Properties SARIFResultProps `json:"properties"`
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
	all := rules.All()
	index := make(map[rules.ID]int, len(all))
	driver := SARIFDriver{Name: "kubectl-lbdoctor", Version: version, InformationURI: RepoURL, Rules: make([]SARIFRule, 0, len(all))}
	for i, r := range all {
		index[r.ID] = i
		driver.Rules = append(driver.Rules, SARIFRule{
			ID:                   r.ID.String(),
			ShortDescription:     SARIFText{r.Title},
			FullDescription:      SARIFText{r.Cause},
			Help:                 SARIFText{r.Fix},
			HelpURI:              RulesDocURL + "#" + RuleAnchor(r.ID),
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
			run.Results = append(run.Results, SARIFResult{
				RuleID:     f.Rule.String(),
				RuleIndex:  index[f.Rule],
				Level:      sarifLevel(f.Severity),
				Message:    SARIFText{sarifMessage(f)},
				Locations:  []SARIFLocation{{PhysicalLocation: physical(f.Location), LogicalLocations: obj}},
				Properties: SARIFResultProps{Code: f.Code, Path: f.Path, Check: f.Check, Source: f.Source},
			})
		}
		for _, s := range rep.Skipped {
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, SARIFNotification{Level: "note",
				Message:    SARIFText{objectName(rep.Target) + ": check " + s.Check + " skipped: " + s.Reason},
				Locations:  []SARIFLocation{{LogicalLocations: obj}},
				Properties: SARIFNotificationProps{Check: s.Check, Status: "skipped"}})
		}
		for _, s := range rep.Partial {
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, SARIFNotification{Level: "note",
				Message:    SARIFText{objectName(rep.Target) + ": check " + s.Check + " ran on the input files only: " + s.Reason},
				Locations:  []SARIFLocation{{LogicalLocations: obj}},
				Properties: SARIFNotificationProps{Check: s.Check, Status: "partial"}})
		}
	}
	run.Invocations = []SARIFInvocation{inv}
	return SARIFLog{Schema: SARIFSchema, Version: "2.1.0", Runs: []SARIFRun{run}}
}

// objectName is kind/namespace/name, e.g. ingress/shop/mall.
func objectName(t snapshot.Target) string {
	return t.Kind.Lower() + "/" + t.Namespace + "/" + t.Name
}

// sarifMessage is the finding's facts, with the confirming event when there is one.
func sarifMessage(f Finding) string {
	msg := f.Message
	if msg == "" {
		msg = f.Title
	}
	if f.Source == checks.SourceCheckEvent && f.Event != "" {
		msg += " (confirmed by event: " + f.Event + ")"
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
