package sarif

import (
	"encoding/json"
	"go/token"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/smemlint/smemlint/internal/driver"
)

// SchemaURI names the schema a log conforms to.
const SchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

// SrcRoot is the base id of every location: the directory the log's paths
// are relative to, usually the repository's root.
const SrcRoot = "%SRCROOT%"

// Builder turns findings into a log.
type Builder struct {
	// Root is the absolute directory that %SRCROOT% stands for.
	Root string
	// Rules are the checks, in the order of their rule indices.
	Rules []*analysis.Analyzer
	// files caches file contents, for UTF-16 columns.
	files map[string][]byte
}

// Build returns the log of one run.
func (b *Builder) Build(res *driver.Result) *Log {
	b.files = map[string][]byte{}
	run := Run{
		Tool: Tool{Driver: Component{
			Name:           "smemlint",
			InformationURI: "https://github.com/smemlint/smemlint",
			Rules:          b.descriptors(),
		}},
		OriginalURIBaseIDs: map[string]ArtifactLocation{
			SrcRoot: {URI: dirURI(b.Root), Desc: &Message{Text: "the directory smemlint ran in"}},
		},
		Results:    []Result{},
		ColumnKind: "utf16CodeUnits",
	}
	index := map[string]int{}
	for i, a := range b.Rules {
		index[a.Name] = i
	}
	for _, f := range res.Findings {
		run.Results = append(run.Results, b.result(f, index[f.Check]))
	}
	run.Invocations = []Invocation{b.invocation(res.Errors)}
	return &Log{Schema: SchemaURI, Version: "2.1.0", Runs: []Run{run}}
}

func (b *Builder) descriptors() []Descriptor {
	out := make([]Descriptor, 0, len(b.Rules))
	for _, a := range b.Rules {
		short, full := splitDoc(a)
		out = append(out, Descriptor{
			ID:                   a.Name,
			Name:                 a.Name,
			ShortDescription:     &Message{Text: short},
			FullDescription:      &Message{Text: full},
			Help:                 &Message{Text: full + "\n\nDocumentation: " + a.URL},
			HelpURI:              a.URL,
			DefaultConfiguration: &RuleSettings{Level: "warning"},
		})
	}
	return out
}

// splitDoc returns an analyzer's one-line summary ("name: summary") and
// the rest of its documentation.
func splitDoc(a *analysis.Analyzer) (short, full string) {
	first, rest, _ := strings.Cut(a.Doc, "\n")
	short = strings.TrimPrefix(first, a.Name+": ")
	full = strings.TrimSpace(rest)
	if full == "" {
		full = short
	}
	return short, full
}

func (b *Builder) result(f driver.Finding, rule int) Result {
	r := Result{
		RuleID:    f.Check,
		RuleIndex: rule,
		Level:     "warning",
		Message:   Message{Text: f.Message},
		Locations: []Location{{PhysicalLocation: PhysicalLocation{
			ArtifactLocation: b.artifact(f.Pos.Filename),
			Region:           b.region(f.Pos, f.End),
		}}},
	}
	for i, rel := range f.Related {
		id := i + 1
		r.RelatedLocations = append(r.RelatedLocations, Location{
			ID: &id,
			PhysicalLocation: PhysicalLocation{
				ArtifactLocation: b.artifact(rel.Pos.Filename),
				Region:           b.region(rel.Pos, rel.End),
			},
			Message: &Message{Text: rel.Message},
		})
	}
	if strings.HasPrefix(f.Message, "note: ") {
		r.Level = "note"
	}
	if f.Suppressed {
		r.Suppressions = []Suppression{{Kind: "inSource", Justification: f.Justification}}
	}
	for _, fix := range f.Fixes {
		r.Fixes = append(r.Fixes, b.fix(fix))
	}
	return r
}

func (b *Builder) fix(fix driver.Fix) Fix {
	out := Fix{Description: Message{Text: fix.Message}}
	byFile := map[string]int{}
	for _, e := range fix.Edits {
		i, ok := byFile[e.Pos.Filename]
		if !ok {
			i = len(out.ArtifactChanges)
			byFile[e.Pos.Filename] = i
			out.ArtifactChanges = append(out.ArtifactChanges, ArtifactChange{ArtifactLocation: b.artifact(e.Pos.Filename)})
		}
		rep := Replacement{DeletedRegion: *b.region(e.Pos, e.End)}
		if e.NewText != "" {
			rep.InsertedContent = &Content{Text: e.NewText}
		}
		out.ArtifactChanges[i].Replacements = append(out.ArtifactChanges[i].Replacements, rep)
	}
	return out
}

func (b *Builder) invocation(errs []packages.Error) Invocation {
	inv := Invocation{ExecutionSuccessful: len(errs) == 0}
	for _, e := range errs {
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, Notification{
			Level: "error", Message: Message{Text: e.Error()},
		})
	}
	return inv
}

// artifact names a file relative to %SRCROOT% when it lies inside it, and
// by its absolute file URI otherwise.
func (b *Builder) artifact(name string) ArtifactLocation {
	if rel, err := filepath.Rel(b.Root, name); err == nil && filepath.IsLocal(rel) {
		return ArtifactLocation{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: SrcRoot}
	}
	return ArtifactLocation{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(name)}).String()}
}

func (b *Builder) region(pos, end token.Position) *Region {
	content := b.content(pos.Filename)
	return &Region{
		StartLine: pos.Line, StartColumn: driver.UTF16Column(content, pos),
		EndLine: end.Line, EndColumn: driver.UTF16Column(content, end),
	}
}

func (b *Builder) content(name string) []byte {
	c, ok := b.files[name]
	if !ok {
		c, _ = os.ReadFile(name) // without it, columns stay byte columns
		b.files[name] = c
	}
	return c
}

func dirURI(dir string) string {
	p := filepath.ToSlash(dir)
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// Write encodes the log as indented JSON.
func Write(w io.Writer, log *Log) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(log)
}
