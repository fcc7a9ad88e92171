package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/fatih/color"
	"github.com/rivo/uniseg"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/width"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// SortKeys are the --sort-by keys of the summary table.
var SortKeys = []string{"name", "namespace", "provider", "worst", "count"}

// Writer prints reports. Colour is decided once, when the Writer is made.
type Writer struct {
	Out      io.Writer
	Format   Format
	FixHints bool
	// NoHeaders drops the table's header line.
	NoHeaders bool
	// Quiet hides SKIPPED and PARTIAL lines and objects without findings.
	Quiet bool
	// ShowOK lists objects without findings in a several-object run (by default only problems and a total).
	ShowOK bool
	// Verbose lists suppressed findings.
	Verbose bool
	// SortBy orders the summary table: one of SortKeys, or "" for the run's order.
	SortBy string
	// Width wraps --fix-hints text at this many columns; 0 does not wrap.
	Width int
	// Version is the tool version SARIF output names.
	Version string
	// Clouds are the --provider values that name a cloud ("tke|ack"), which text output offers when
	// the cloud could not be told.
	Clouds string
	// Titles name the clouds in Chinese text (providers.Titles); a cloud without one is named by its
	// identifier, as in English.
	Titles map[rules.Provider]words.Phrase
	// Lang is the language of the human texts: rule titles, fixes and risks in every format, and
	// text output's headings and summary lines. Keys, ids, codes and enum values never change.
	Lang words.Lang
	sev  map[rules.Severity]*color.Color
	ok   *color.Color
	bold *color.Color
	dim  *color.Color
}

// NewWriter returns a Writer; useColor applies to text output only.
func NewWriter(out io.Writer, f Format, fixHints, useColor bool) *Writer {
	mk := func(attrs ...color.Attribute) *color.Color {
		c := color.New(attrs...)
		if useColor {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
		return c
	}
	return &Writer{Out: out, Format: f, FixHints: fixHints,
		sev: map[rules.Severity]*color.Color{
			rules.Error:   mk(color.FgRed, color.Bold),
			rules.Warning: mk(color.FgYellow, color.Bold),
			rules.Info:    mk(color.FgCyan),
		},
		ok:   mk(color.FgGreen),
		bold: mk(color.Bold),
		dim:  mk(color.Faint),
	}
}

// errWriter keeps the first write error, so that a text report made of many small writes fails as a whole.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// Write prints one report, or a List when there are several (or listAlways is set), and returns the
// first write error.
func (w *Writer) Write(reports []Report, listAlways bool) error {
	reports = LocalizeAll(reports, w.Lang)
	switch w.Format {
	case JSON, YAML:
		var v any = NewList(reports)
		if len(reports) == 1 && !listAlways {
			v = reports[0]
		}
		return Encode(w.Out, w.Format, v)
	case SARIF:
		return Encode(w.Out, JSON, NewSARIFIn(reports, w.Version, w.Lang))
	case PolicyReportFormat:
		return writePolicyReports(w.Out, NewPolicyReports(reports, w.Lang))
	case HTML:
		return writeHTML(w.Out, reports, w.Lang)
	}
	ew := &errWriter{w: controlEscaper{w.Out}}
	out := w.Out
	w.Out = ew
	defer func() { w.Out = out }()
	w.writeText(printableNames(reports), listAlways)
	return ew.err
}

// shown is what the table and the details list: one object always; of several, those without
// findings only with ShowOK and not Quiet.
func (w *Writer) shown(reports []Report, several bool) []Report {
	var out []Report
	for _, r := range reports {
		_, bad := r.Worst()
		if bad || !several || (w.ShowOK && !w.Quiet) {
			out = append(out, r)
		}
	}
	return out
}

// writeText prints the text formats; nothing when there is no report (stderr says so, as kubectl's
// "No resources found").
func (w *Writer) writeText(reports []Report, listAlways bool) {
	if len(reports) == 0 {
		return
	}
	several := len(reports) > 1 || listAlways
	rows := w.sorted(w.shown(reports, several))
	switch w.Format {
	case Name:
		for _, r := range rows {
			if r.Cluster != "" {
				fmt.Fprint(w.Out, r.Cluster+" ")
			}
			fmt.Fprintln(w.Out, ResourceName(r.Target)+definedAt(r))
		}
		return
	case Wide:
		w.summaryTable(rows, true)
		w.total(reports, rows)
		return
	}
	if several {
		if len(rows) > 0 {
			w.summaryTable(rows, false)
		}
		w.total(reports, rows)
	}
	for i, r := range rows {
		if i > 0 || several {
			fmt.Fprintln(w.Out)
		}
		w.text(r)
	}
}

// controlEscaper writes text output with every control character but newline and tab escaped as
// Go escapes it (\x1b, \a …), so that no value read from an object (a name, a namespace, an event's
// text) moves the cursor or retitles the terminal; the colour sequences the writer makes itself
// (ESC [ digits and ';' m) pass.
type controlEscaper struct{ w io.Writer }

func (c controlEscaper) Write(p []byte) (int, error) {
	s := string(p)
	if strings.IndexFunc(s, isControl) < 0 {
		return c.w.Write(p)
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if m := sgr.FindStringIndex(s[i:]); m != nil && m[0] == 0 {
			b.WriteString(s[i : i+m[1]])
			i += m[1]
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if isControl(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	if _, err := io.WriteString(c.w, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// sgr is a colour sequence: ESC [ parameters m.
var sgr = regexp.MustCompile(`^\x1b\[[0-9;]*m`)

// isControl reports whether r is a control character other than newline and tab.
func isControl(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }

// Printable is s as a terminal may show it: s itself, or, when it holds a control character (ESC,
// BEL …) or another rune that does not print, s quoted with those escaped, as %q shows an
// annotation value.
func Printable(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) < 0 {
		return s
	}
	return strconv.Quote(s)
}

// Escaped is s with each control or format character (ESC, BEL, a bidi override) written as a Go
// escape (\x1b, \u202e), so that facts quoting an object's name cannot drive the terminal; the
// rest of s is left as it is.
func Escaped(s string) string {
	if strings.IndexFunc(s, hidden) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if !hidden(r) {
			b.WriteRune(r)
			continue
		}
		q := strconv.QuoteRune(r)
		b.WriteString(q[1 : len(q)-1])
	}
	return b.String()
}

// hidden reports whether r is a control or format character.
func hidden(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }

// printableNames are reports whose names, namespaces and cluster names are Printable, for the
// text outputs (text, wide, name); the reports themselves are left as they are.
func printableNames(reports []Report) []Report {
	out := reports
	for i, r := range reports {
		t := r.Target
		if Printable(t.Name) == t.Name && Printable(t.Namespace) == t.Namespace && Printable(r.Cluster) == r.Cluster {
			continue
		}
		if &out[0] == &reports[0] {
			out = slices.Clone(reports)
		}
		out[i].Target.Name, out[i].Target.Namespace, out[i].Cluster = Printable(t.Name), Printable(t.Namespace), Printable(r.Cluster)
	}
	return out
}

// ResourceName is kubectl's -o name form of a target.
func ResourceName(t snapshot.Target) string {
	if t.Kind == snapshot.KindIngress {
		return "ingress.networking.k8s.io/" + t.Name
	}
	return "service/" + t.Name
}

// sorted orders rows by SortBy; ties keep the run's order.
func (w *Writer) sorted(rows []Report) []Report {
	out := slices.Clone(rows)
	rank := func(r Report) int {
		if s, ok := r.Worst(); ok {
			return int(s) + 1
		}
		return 0
	}
	var cmp func(a, b Report) int
	switch w.SortBy {
	case "name":
		cmp = func(a, b Report) int { return strings.Compare(a.Target.Name, b.Target.Name) }
	case "namespace":
		cmp = func(a, b Report) int { return strings.Compare(a.Target.Namespace, b.Target.Namespace) }
	case "provider":
		cmp = func(a, b Report) int { return strings.Compare(providerName(a), providerName(b)) }
	case "worst":
		cmp = func(a, b Report) int { return rank(b) - rank(a) }
	case "count":
		cmp = func(a, b Report) int { return len(b.Findings) - len(a.Findings) }
	default:
		return out
	}
	slices.SortStableFunc(out, cmp)
	return out
}

// providerName is the provider column of the table.
func providerName(r Report) string { return string(r.Provider.Name) }

// total prints the grand total of a several-object run.
func (w *Writer) total(all, shown []Report) {
	var sum Summary
	bad := 0
	for _, r := range all {
		sum.plus(r.Summary)
		if _, ok := r.Worst(); ok {
			bad++
		}
	}
	line := fmt.Sprintf(say(w.Lang, phTotal),
		len(all), bad, len(all)-bad, sum.Error, sum.Warning, sum.Info)
	if sum.Suppressed > 0 {
		line += fmt.Sprintf(say(w.Lang, phTotalSuppressed), sum.Suppressed)
	}
	if hidden := len(all) - len(shown); hidden > 0 && !w.Quiet {
		line += fmt.Sprintf(say(w.Lang, phTotalHidden), hidden)
	}
	writeWrapped(w.Out, line+"\n", w.Width)
	if n := undetected(all); n > 0 {
		writeWrapped(w.Out, fmt.Sprintf(say(w.Lang, phTotalUndetected)+"\n", n, w.Clouds), w.Width)
	}
}

// undetectedNote reports whether r says that its cloud could not be told: when it has no note of its
// own, or when it reports a change (a preflight), whose cloud-specific consequences then go unjudged.
func (r Report) undetectedNote() bool {
	if !r.Provider.Undetected {
		return false
	}
	if r.Note == nil {
		return true
	}
	for _, f := range r.Findings {
		if f.Change != nil {
			return true
		}
	}
	return false
}

// undetected counts the reports whose cloud could not be told.
func undetected(reports []Report) int {
	n := 0
	for _, r := range reports {
		if r.undetectedNote() {
			n++
		}
	}
	return n
}

// Encode writes v as JSON (indented by two spaces, HTML-escaped, newline-terminated) or YAML. A List
// or SARIFLog is written as JSON one report or result at a time; the bytes are those of encoding
// the whole value at once.
func Encode(out io.Writer, f Format, v any) error {
	if f == YAML {
		return encodeYAML(out, v)
	}
	switch v := v.(type) {
	case List:
		return streamList(out, v)
	case SARIFLog:
		return streamSARIF(out, v)
	}
	return encodeJSON(out, v)
}

// encodeYAML writes v as YAML with its keys in the order of its JSON form (the struct fields' order:
// a report's target before its findings) rather than sorted: the JSON is read back into a yaml.Node,
// which keeps the order, and written in block style.
func encodeYAML(out io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return YAMLError(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return YAMLError(err)
	}
	blockStyle(&doc)
	enc := yaml.NewEncoder(out)
	enc.SetIndent(2)
	enc.CompactSeqIndent()
	if err := enc.Encode(&doc); err != nil {
		return YAMLError(err)
	}
	return enc.Close()
}

// YAMLError is the error of a value that could not be encoded as YAML.
func YAMLError(err error) error {
	return words.Errorf("encoding YAML: %w", "编码 YAML 时出错：%w", err)
}

// blockStyle drops the flow style and quotes the JSON gave n and its children; the encoder quotes
// a string again where plain text would read as another type.
func blockStyle(n *yaml.Node) {
	n.Style = 0
	for _, c := range n.Content {
		blockStyle(c)
	}
}

func (w *Writer) summaryTable(reports []Report, wide bool) {
	var t table
	if !w.NoHeaders {
		h := []string{"OBJECT", "PROVIDER", "WORST", "CODES"}
		if wide {
			h = []string{"KIND", "NAMESPACE", "NAME", "PROVIDER", "WORST", "ERRORS", "WARNINGS", "INFO", "SKIPPED", "SUPPRESSED", "CODES"}
		}
		if clustered(reports) {
			h = append([]string{"CLUSTER"}, h...)
		}
		t.add(nil, h...)
	}
	for _, r := range reports {
		worst, paint := "ok", w.ok
		if s, ok := r.Worst(); ok {
			worst, paint = s.String(), w.sev[s]
		}
		kind := r.Target.Kind.Lower()
		col := 2
		object := kind + "/" + r.Target.Namespace + "/" + r.Target.Name + definedAt(r)
		cells := []string{object, providerName(r), worst, codes(r)}
		if wide {
			col = 4
			cells = []string{kind, r.Target.Namespace, r.Target.Name + definedAt(r), providerName(r), worst,
				strconv.Itoa(r.Summary.Error), strconv.Itoa(r.Summary.Warning), strconv.Itoa(r.Summary.Info),
				strconv.Itoa(len(r.Skipped)), strconv.Itoa(r.Summary.Suppressed), codes(r)}
		}
		if clustered(reports) {
			cells, col = append([]string{r.Cluster}, cells...), col+1
		}
		t.add(map[int]*color.Color{col: paint}, cells...)
	}
	t.write(w.Out)
}

// definedAt is " (file:line)" of a report whose object the input defines more than once, so that
// its rows tell the definitions apart; "" otherwise.
func definedAt(r Report) string {
	if len(r.AlsoDefinedAt) > 0 && r.Origin != nil {
		return " (" + r.Origin.String() + ")"
	}
	return ""
}

// WriteTable writes rows as a text table: columns aligned by display width, two spaces apart, the
// last one unpadded.
func WriteTable(w io.Writer, rows [][]string) error {
	ew := &errWriter{w: w}
	var t table
	for _, r := range rows {
		t.add(nil, r...)
	}
	t.write(ew)
	return ew.err
}

// table aligns columns by display width (East Asian wide characters and emoji take two cells), and
// colours a cell after padding it, so escapes never shift a column.
type table struct {
	rows   [][]string
	paints []map[int]*color.Color
}

func (t *table) add(paint map[int]*color.Color, cells ...string) {
	t.rows = append(t.rows, cells)
	t.paints = append(t.paints, paint)
}

func (t *table) write(out io.Writer) {
	var widths []int
	for _, row := range t.rows {
		for i, c := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], DisplayWidth(c))
		}
	}
	for n, row := range t.rows {
		var b strings.Builder
		for i, c := range row {
			text := c
			if p := t.paints[n][i]; p != nil {
				text = p.Sprint(c)
			}
			b.WriteString(text)
			if i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-DisplayWidth(c)+2))
			}
		}
		fmt.Fprintln(out, b.String())
	}
}

// DisplayWidth is the number of terminal cells s takes; colour escapes (ESC [ … m) take none.
func DisplayWidth(s string) int {
	n := 0
	esc := false
	for _, r := range s {
		switch {
		case esc:
			esc = r < 0x40 || r > 0x7e || r == '['
		case r == 0x1b:
			esc = true
		case r == 0x200d || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || (r >= 0xfe00 && r <= 0xfe0f):
		case width.LookupRune(r).Kind() == width.EastAsianWide || width.LookupRune(r).Kind() == width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

// wrap breaks s into lines of at most w display cells where the Unicode line-breaking algorithm
// (UAX #14, github.com/rivo/uniseg) allows a break: at spaces, and between Chinese characters but
// never after an opening bracket or quote (（《“) nor before closing punctuation (）》，。；、). A
// piece that may not be broken and is wider than w (a long URL or path) is not cut. w <= 0 does
// not wrap.
func wrap(s string, w int) []string { return wrapWidths(s, w, w) }

// wrapWidths is wrap with the first line at most first cells wide and the others at most next.
func wrapWidths(s string, first, next int) []string {
	w := first
	if w <= 0 || DisplayWidth(s) <= w {
		return []string{s}
	}
	var lines []string
	line := ""
	for _, p := range breakPieces(s) {
		body := strings.TrimRight(p.text, " \t\r\n")
		switch {
		case line == "":
			line = p.text
		case DisplayWidth(line+body) <= w:
			line += p.text
		default:
			lines = append(lines, strings.TrimRight(line, " "))
			line, w = p.text, next
		}
		if p.must {
			lines = append(lines, strings.TrimRight(line, " \r\n"))
			line, w = "", next
		}
	}
	if line == "" && len(lines) > 0 {
		return lines
	}
	return append(lines, strings.TrimRight(line, " \r\n"))
}

// piece is text between two places a line may break; must says a line break ends it.
type piece struct {
	text string
	must bool
}

// breakPieces cuts s where the Unicode line-breaking algorithm (uniseg) allows a break, keeping
// only the breaks at white space or next to a wide (East Asian) character: a URL, a path or an
// annotation key, which UAX #14 would break after its slashes and hyphens, stays whole, so that it
// can be copied.
func breakPieces(s string) []piece {
	var out []piece
	state := -1
	for s != "" {
		var seg string
		var must bool
		seg, s, must, state = uniseg.FirstLineSegmentInString(s, state)
		must = must && s != ""
		if n := len(out); n > 0 && !out[n-1].must && !breakable(out[n-1].text, seg) {
			out[n-1] = piece{out[n-1].text + seg, must}
			continue
		}
		out = append(out, piece{seg, must})
	}
	return out
}

// breakable says whether a line may break between before and after: after white space, or where
// either side is a wide character.
func breakable(before, after string) bool {
	last, _ := utf8.DecodeLastRuneInString(before)
	first, _ := utf8.DecodeRuneInString(after)
	return unicode.IsSpace(last) || DisplayWidth(string(last)) == 2 || DisplayWidth(string(first)) == 2
}

// writeWrapped writes text to out with each line longer than width wrapped (wrap): a wrapped line's
// next lines are indented two cells more than its first. width <= 0 writes text as it is.
func writeWrapped(out io.Writer, text string, width int) {
	if width <= 0 {
		fmt.Fprint(out, text)
		return
	}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if i == len(lines)-1 && line == "" {
			break
		}
		if DisplayWidth(line) <= width {
			fmt.Fprintln(out, line)
			continue
		}
		lead := len(line) - len(strings.TrimLeft(line, " "))
		hang := strings.Repeat(" ", lead+2)
		for j, part := range wrapWidths(line[lead:], max(width-lead, minWrap), max(width-lead-2, minWrap)) {
			if j == 0 {
				fmt.Fprintln(out, line[:lead]+part)
			} else {
				fmt.Fprintln(out, hang+part)
			}
		}
	}
}

// minWrap is the narrowest a wrapped line's text gets, however deep its indent.
const minWrap = 16

// codes is the CODES cell of a report's row: the code label of each rule found, once each, or "-".
func codes(r Report) string {
	seen := map[string]bool{}
	var out []string
	for _, f := range r.Findings {
		c := CodeLabel(f.Rule)
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, ",")
}

// lastSeen formats an event time for text output: RFC 3339 in UTC, empty when unknown.
func lastSeen(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// eventSeen is how often an event was seen and, when its Event gives a time, when last.
func eventSeen(lang words.Lang, count int32, t time.Time) string {
	if t.IsZero() {
		return fmt.Sprintf(say(lang, phEventCount), count)
	}
	return fmt.Sprintf(say(lang, phEventCountLast), count, lastSeen(t))
}

// clustered reports whether the reports come from several contexts (they name their cluster).
func clustered(reports []Report) bool {
	return slices.ContainsFunc(reports, func(r Report) bool { return r.Cluster != "" })
}

func (w *Writer) text(r Report) {
	if w.Width > 0 {
		// Every line is written whole, then wrapped to the terminal's width.
		out := w.Out
		var buf bytes.Buffer
		w.Out = &buf
		defer func() {
			w.Out = out
			writeWrapped(out, buf.String(), w.Width)
		}()
	}
	source := say(w.Lang, phSource) + sourceIn(w.Lang, r.Source)
	if r.Cluster != "" {
		source = say(w.Lang, phCluster) + r.Cluster + say(w.Lang, phListSep) + source
	}
	if r.Origin != nil {
		source += say(w.Lang, phListSep) + r.Origin.String()
	}
	fmt.Fprintf(w.Out, "%s %s/%s  "+say(w.Lang, phParens)+"\n", w.bold.Sprint(r.Target.Kind), r.Target.Namespace, r.Target.Name, source)
	if len(r.AlsoDefinedAt) > 0 {
		where := make([]string, len(r.AlsoDefinedAt))
		for i, l := range r.AlsoDefinedAt {
			where[i] = l.String()
		}
		fmt.Fprintf(w.Out, say(w.Lang, phAlsoDefined), strings.Join(where, ", "))
	}
	fmt.Fprintf(w.Out, say(w.Lang, phProvider), providerIn(w.Lang, r.Provider.Name, w.Titles), r.Provider.Evidence)
	if r.undetectedNote() {
		fmt.Fprintf(w.Out, say(w.Lang, phUndetected), w.Clouds)
	}
	if ic := r.IngressController; ic != nil {
		fmt.Fprintf(w.Out, say(w.Lang, phController), ic.Summary)
	}
	if r.Note != nil {
		fmt.Fprintf(w.Out, say(w.Lang, phNote), r.Note.Message)
	}
	if len(r.Incomplete) > 0 {
		fmt.Fprintf(w.Out, say(w.Lang, phIncomplete), w.sev[rules.Warning].Sprint("!"),
			strings.Join(r.Incomplete, "; "))
	}
	switch {
	case len(r.Findings) == 0 && len(r.Skipped) > 0:
		fmt.Fprintf(w.Out, say(w.Lang, phNoProblemsSkipped), len(r.Skipped))
	case len(r.Findings) == 0:
		fmt.Fprint(w.Out, say(w.Lang, phNoProblems))
	}
	codeWidth := 1
	for _, f := range append(slices.Clone(r.Findings), r.Suppressed...) {
		codeWidth = max(codeWidth, DisplayWidth(CodeLabel(f.Rule)))
	}
	const indent = "          "
	for _, f := range r.Findings {
		code := CodeLabel(f.Rule)
		fmt.Fprintf(w.Out, "  %s %s  %s  %s\n", w.sev[f.Severity].Sprintf("%-7s", strings.ToUpper(f.Severity.String())),
			code+strings.Repeat(" ", codeWidth-DisplayWidth(code)), f.Title, w.dim.Sprintf("[%s]", f.Rule))
		where := f.Path
		if f.Source == checks.SourceEvent {
			where = fmt.Sprintf(say(w.Lang, phEventSeen), eventSeen(w.Lang, f.Count, f.LastSeen))
		}
		if f.Location != nil {
			where = strings.TrimSpace(fmt.Sprintf(say(w.Lang, phLocated), where, f.Location.String()))
		}
		if where != "" {
			fmt.Fprintf(w.Out, say(w.Lang, phFactLine), indent, Escaped(where), Escaped(f.Shown()))
		} else {
			fmt.Fprintf(w.Out, "%s%s\n", indent, Escaped(f.Shown()))
		}
		if f.Source == checks.SourceCheckEvent {
			fmt.Fprintf(w.Out, say(w.Lang, phConfirmed), eventSeen(w.Lang, f.Count, f.LastSeen), Escaped(f.Event))
		}
		for _, c := range f.Consequences {
			fmt.Fprintf(w.Out, say(w.Lang, phConsequenceLine), indent, say(w.Lang, phConsequence), c.Title, w.dim.Sprintf("[%s]", c.Rule), Escaped(consequenceFacts(c, w.Lang)))
		}
		if w.FixHints {
			hints := [][2]string{{say(w.Lang, phFix), f.Fix}, {say(w.Lang, phRisk), f.Risk}, {say(w.Lang, phDoc), f.Doc}}
			if f.Link != "" {
				hints = append(hints, [2]string{say(w.Lang, phLink), f.Link})
			}
			for _, h := range hints {
				for i, line := range wrap(h[1], w.Width-len(indent)-DisplayWidth(h[0])) {
					label := h[0]
					if i > 0 {
						label = strings.Repeat(" ", DisplayWidth(h[0]))
					}
					fmt.Fprintf(w.Out, "%s%s%s\n", indent, label, line)
				}
			}
		}
	}
	if w.Verbose {
		for _, f := range r.Suppressed {
			fmt.Fprintf(w.Out, "  %s %s  %s  %s\n", w.dim.Sprint("SUPPRESSED"), CodeLabel(f.Rule), f.Title, w.dim.Sprintf(say(w.Lang, phSuppressedBy), f.Rule, IgnoreAnnotation))
		}
	}
	if !w.Quiet {
		for _, s := range r.Partial {
			fmt.Fprintf(w.Out, say(w.Lang, phCheckLine), w.dim.Sprint("PARTIAL"), s.Check, Escaped(s.Reason))
		}
		for _, s := range r.Skipped {
			fmt.Fprintf(w.Out, say(w.Lang, phCheckLine), w.dim.Sprint("SKIPPED"), s.Check, Escaped(s.Reason))
		}
	}
	line := fmt.Sprintf(say(w.Lang, phSummary), r.Summary.Error, r.Summary.Warning, r.Summary.Info)
	if r.Summary.Suppressed > 0 {
		line += fmt.Sprintf(say(w.Lang, phSummarySuppressed), r.Summary.Suppressed, IgnoreAnnotation)
		if !w.Verbose {
			line += say(w.Lang, phListThem)
		}
	}
	fmt.Fprintln(w.Out, line)
}

// CodeLabel is how text output names a rule in a CODE or CODES column: its documented code, else its
// slug (either way the last part of its id, which explain and lbdoctor.io/ignore accept). Finding
// lines, the summary table, -o wide and the rules list all use it; JSON, YAML and SARIF keep the
// documented code alone in "code" ("" when the documentation gives none).
func CodeLabel(id rules.ID) string { return id.Slug() }

// consequenceFacts is what a consequence says, and what saw it.
func consequenceFacts(c Finding, lang words.Lang) string {
	switch c.Source {
	case checks.SourceEvent:
		return fmt.Sprintf(say(lang, phEventSeen)+": %s", eventSeen(lang, c.Count, c.LastSeen), c.Shown())
	case checks.SourceCheckEvent:
		return fmt.Sprintf(say(lang, phConfirmedShort), c.Shown(), eventSeen(lang, c.Count, c.LastSeen), c.Event)
	}
	return c.Shown()
}
