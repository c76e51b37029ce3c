// Package driver runs smemlint's checks in process, for the outputs the
// multichecker does not have: SARIF, the language server and explain. It
// loads packages with go/packages, runs the analyzers with
// go/analysis/checker and hands back the findings with their positions,
// suggested fixes and, when asked, the findings //smemlint:ignore
// suppresses.
package driver

import (
	"fmt"
	"go/token"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/smemlint/smemlint/analyzer"
	"github.com/smemlint/smemlint/analyzer/config"
)

// suppressedCategory is the Category the checks give a finding that a
// //smemlint:ignore directive suppresses (analyzer/internal/report).
const suppressedCategory = "suppressed"

// Options say what to load and what to report.
type Options struct {
	// Dir is the directory patterns are resolved in; "" is the current one.
	Dir string
	// Overlay replaces the contents of files by absolute name (unsaved
	// editor buffers).
	Overlay map[string][]byte
	// Tests includes the packages' test files, as the multichecker does.
	Tests bool
	// Suppressed delivers the findings that //smemlint:ignore suppresses,
	// marked as such, instead of dropping them.
	Suppressed bool
	// Extra analyzers run as roots beside the checks, so that their
	// results can be read from Result.Graph (the kernels evaluation).
	Extra []*analysis.Analyzer
}

// Finding is one diagnostic of one check.
type Finding struct {
	Check    string // the analyzer's name: the stable rule id
	URL      string // the check's documentation
	Pos, End token.Position
	Message  string
	Fixes    []Fix
	// Related are the other places of the same defect (a chain's later
	// steps), as analysis.Diagnostic.Related gives them.
	Related []Related
	// Suppressed is true for a finding a //smemlint:ignore directive
	// suppresses; Justification is the directive's reason.
	Suppressed    bool
	Justification string
}

// Related is one further place of a finding, with what happens there.
type Related struct {
	Pos, End token.Position
	Message  string
}

// Fix is one suggested fix: edits that apply together.
type Fix struct {
	Message string
	Edits   []Edit
}

// Edit replaces the bytes between Pos and End of one file by NewText.
type Edit struct {
	Pos, End token.Position
	NewText  string
}

// Result is what a run found.
type Result struct {
	Packages []*packages.Package
	Graph    *checker.Graph
	Findings []Finding
	// Errors are load and type errors: packages with errors are not
	// analyzed.
	Errors []packages.Error
}

// Run loads the packages that patterns name and runs every check on them.
func Run(patterns []string, opts Options) (*Result, error) {
	if opts.Suppressed {
		if err := config.Flags().Set("suppressed", "true"); err != nil {
			return nil, err
		}
	}
	checks := analyzer.Checks()
	roots := append(append([]*analysis.Analyzer{}, checks...), opts.Extra...)
	cfg := &packages.Config{
		Mode:    loadMode(roots),
		Dir:     opts.Dir,
		Tests:   opts.Tests,
		Overlay: opts.Overlay,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	res := &Result{Packages: pkgs}
	var clean []*packages.Package
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			res.Errors = append(res.Errors, p.Errors...)
			continue
		}
		clean = append(clean, p)
	}
	res.Errors = causes(res.Errors)
	graph, err := checker.Analyze(roots, clean, nil)
	if err != nil {
		return nil, err
	}
	res.Graph = graph
	isCheck := map[*analysis.Analyzer]bool{}
	for _, a := range checks {
		isCheck[a] = true
	}
	for act := range graph.All() {
		if act.Err != nil && act.IsRoot {
			return nil, fmt.Errorf("%s: %v", act, act.Err)
		}
		if !isCheck[act.Analyzer] {
			continue
		}
		for _, d := range act.Diagnostics {
			res.Findings = append(res.Findings, finding(act, d))
		}
	}
	res.Findings = sortUnique(res.Findings)
	return res, nil
}

// loadMode loads syntax for every package when an analyzer uses facts
// (it then runs on the dependencies too), and for the roots only otherwise.
func loadMode(roots []*analysis.Analyzer) packages.LoadMode {
	mode := packages.LoadSyntax | packages.NeedModule
	facts := false
	var visit func(a *analysis.Analyzer)
	seen := map[*analysis.Analyzer]bool{}
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		facts = facts || len(a.FactTypes) > 0
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range roots {
		visit(a)
	}
	if facts {
		mode |= packages.LoadAllSyntax
	}
	return mode
}

func finding(act *checker.Action, d analysis.Diagnostic) Finding {
	fset := act.Package.Fset
	f := Finding{
		Check:   act.Analyzer.Name,
		URL:     act.Analyzer.URL,
		Pos:     fset.Position(d.Pos),
		End:     fset.Position(d.End),
		Message: d.Message,
	}
	if !d.End.IsValid() {
		f.End = f.Pos
	}
	if d.Category == suppressedCategory {
		f.Suppressed = true
		if len(d.Related) > 0 {
			_, reason, _ := strings.Cut(d.Related[0].Message, ": ")
			f.Justification = reason
		}
	} else {
		for _, r := range d.Related {
			rel := Related{Pos: fset.Position(r.Pos), End: fset.Position(r.End), Message: r.Message}
			if !r.End.IsValid() {
				rel.End = rel.Pos
			}
			f.Related = append(f.Related, rel)
		}
	}
	for _, sf := range d.SuggestedFixes {
		fix := Fix{Message: sf.Message}
		for _, e := range sf.TextEdits {
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			fix.Edits = append(fix.Edits, Edit{Pos: fset.Position(e.Pos), End: fset.Position(end), NewText: string(e.NewText)})
		}
		f.Fixes = append(f.Fixes, fix)
	}
	return f
}

// sortUnique orders findings by position and drops the copies that a
// package and its test variant both produce.
func sortUnique(fs []Finding) []Finding {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Pos.Filename != b.Pos.Filename {
			return a.Pos.Filename < b.Pos.Filename
		}
		if a.Pos.Offset != b.Pos.Offset {
			return a.Pos.Offset < b.Pos.Offset
		}
		return a.Check < b.Check
	})
	out := fs[:0]
	for i, f := range fs {
		if i > 0 {
			p := out[len(out)-1]
			if p.Check == f.Check && p.Pos == f.Pos && p.Message == f.Message {
				continue
			}
		}
		out = append(out, f)
	}
	return out
}

// causes keeps one error per cause: a file's first syntax error (the
// parser's later ones follow from it: four lines for one missing
// parenthesis), and one copy of an error that a package and its test
// variant both report.
//
// A type error in a file that does not parse is dropped too: the checker
// sees the parser's stand-ins for what it could not read, and says so in
// words of its own ("[(ast: *ast.BadExpr)](ast: *ast.BadExpr) (type) is
// not an expression").
func causes(errs []packages.Error) []packages.Error {
	var out []packages.Error
	seen := map[string]bool{}
	parsed := map[string]bool{} // files with a syntax error kept
	broken := map[string]bool{} // files with a syntax error
	for _, e := range errs {
		if e.Kind == packages.ParseError {
			broken[fileOf(e.Pos)] = true
		}
	}
	for _, e := range errs {
		if e.Kind == packages.TypeError && broken[fileOf(e.Pos)] {
			continue
		}
		if seen[e.Error()] {
			continue
		}
		seen[e.Error()] = true
		if e.Kind == packages.ParseError {
			file := fileOf(e.Pos)
			if parsed[file] {
				continue
			}
			parsed[file] = true
		}
		out = append(out, e)
	}
	return out
}

// fileOf returns the file of a "file:line:col" or "file:line" position.
func fileOf(pos string) string {
	for range 2 {
		i := strings.LastIndexByte(pos, ':')
		if i < 0 {
			break
		}
		if _, err := strconv.Atoi(pos[i+1:]); err != nil {
			break
		}
		pos = pos[:i]
	}
	return pos
}
