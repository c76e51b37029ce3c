// Package driver runs smemlint's checks in process, for the outputs the
// multichecker does not have: SARIF, the language server and explain. It
// loads packages with go/packages, runs the analyzers with
// go/analysis/checker and hands back the findings with their positions,
// suggested fixes and, when asked, the findings //smemlint:ignore
// suppresses.
package driver

import (
	"bytes"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"
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
	res.Errors = causes(splitBuildOutput(res.Errors, opts.Dir))
	for i := range res.Errors {
		res.Errors[i].Msg = CgoNames(res.Errors[i].Msg)
	}
	graph, err := checker.Analyze(roots, clean, nil)
	if err != nil {
		return nil, err
	}
	res.Graph = graph
	isCheck := map[*analysis.Analyzer]bool{}
	for _, a := range checks {
		isCheck[a] = true
	}
	files := &sourceFiles{overlay: opts.Overlay, data: map[string][]byte{}}
	for act := range graph.All() {
		if act.Err != nil && act.IsRoot {
			cause := rootCause(act)
			return nil, fmt.Errorf("%s: %v", cause, cause.Err)
		}
		if !isCheck[act.Analyzer] {
			continue
		}
		for _, d := range act.Diagnostics {
			res.Findings = append(res.Findings, finding(act, d, files))
		}
	}
	res.Findings = sortUnique(res.Findings)
	return res, nil
}

// rootCause returns the action whose own error failed act: a check whose
// prerequisite failed says only "failed prerequisites: smemlintkernels@p",
// while the prerequisite's error (a malformed smemlint.conf, with its
// file and line) says what is wrong. It follows the failed dependencies
// depth first.
func rootCause(act *checker.Action) *checker.Action {
	for _, d := range act.Deps {
		if d.Err != nil {
			return rootCause(d)
		}
	}
	return act
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

func finding(act *checker.Action, d analysis.Diagnostic, files *sourceFiles) Finding {
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
fixes:
	for _, sf := range d.SuggestedFixes {
		fix := Fix{Message: sf.Message}
		for _, e := range sf.TextEdits {
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			pos, endPos, ok := files.locate(fset, act.Package.GoFiles, e.Pos, end)
			if !ok {
				continue fixes
			}
			fix.Edits = append(fix.Edits, Edit{Pos: pos, End: endPos, NewText: string(e.NewText)})
		}
		f.Fixes = append(f.Fixes, fix)
	}
	return f
}

// sourceFiles reads the files edits apply to, editor buffers first.
type sourceFiles struct {
	overlay map[string][]byte
	data    map[string][]byte
}

func (s *sourceFiles) read(name string) ([]byte, error) {
	if b, ok := s.overlay[name]; ok {
		return b, nil
	}
	if b, ok := s.data[name]; ok {
		return b, nil
	}
	b, err := os.ReadFile(name)
	if err == nil {
		s.data[name] = b
	}
	return b, err
}

// locate returns where an edit between pos and end applies: the byte
// offsets of the file that holds the text. A //line directive makes the
// positions a finding prints name another file or line ("//line
// other.go:100" anywhere; cgo's generated files point back at the
// source); the offsets are those of the file that was compiled. When that
// is one of the package's source files (sources), the edit applies there.
// Otherwise (cgo) it is moved to the line and column the directive names,
// and kept only if the bytes there are the ones it replaces; else the fix
// is not offered (false) rather than applied to the wrong bytes, to a
// generated file or to one that does not exist.
func (s *sourceFiles) locate(fset *token.FileSet, sources []string, pos, end token.Pos) (token.Position, token.Position, bool) {
	rp, re := fset.PositionFor(pos, false), fset.PositionFor(end, false)
	ap, ae := fset.Position(pos), fset.Position(end)
	if rp.Filename == re.Filename && slices.Contains(sources, rp.Filename) {
		return rp, re, true
	}
	if ap.Filename != ae.Filename || ap.Column == 0 || ae.Column == 0 {
		return rp, re, false
	}
	compiled, err := s.read(rp.Filename)
	if err != nil || re.Offset > len(compiled) || rp.Offset > re.Offset {
		return rp, re, false
	}
	src, err := s.read(ap.Filename)
	if err != nil {
		return rp, re, false
	}
	start, ok1 := lineColumnOffset(src, ap.Line, ap.Column)
	stop, ok2 := lineColumnOffset(src, ae.Line, ae.Column)
	if !ok1 || !ok2 || !bytes.Equal(src[start:stop], compiled[rp.Offset:re.Offset]) {
		return rp, re, false
	}
	ap.Offset, ae.Offset = start, stop
	return ap, ae, true
}

// lineColumnOffset returns the byte offset of a 1-based line and byte
// column of src.
func lineColumnOffset(src []byte, line, col int) (int, bool) {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return 0, false
		}
		off += i + 1
	}
	eol := bytes.IndexByte(src[off:], '\n')
	if eol < 0 {
		eol = len(src) - off
	}
	if col < 1 || col-1 > eol {
		return 0, false
	}
	return off + col - 1, true
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
		if syntaxError(e) {
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
		if syntaxError(e) {
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

// syntaxError reports whether e is an error of the parser, or one the go
// command reports at a place in a Go file (it reads the files before the
// parser does: "illegal UTF-8 encoding").
func syntaxError(e packages.Error) bool {
	return e.Kind == packages.ParseError || e.Kind == packages.ListError && strings.HasSuffix(fileOf(e.Pos), ".go")
}

// splitBuildOutput takes apart the errors the go command reports as its
// build output, one error without a position that holds "# pkg" and then
// "file:line:col: msg" lines relative to dir (cgo's, for a file that does
// not parse): each line becomes an error of its own, at its absolute
// position, so that the copy the parser reports of the same error is
// seen as one; the "# pkg" line, which the positions make redundant, goes.
//
// The go command names a file relative to dir in the position of its own
// errors too ("b.go:5:7: illegal UTF-8 encoding"): it is made absolute,
// for the same reason.
func splitBuildOutput(errs []packages.Error, dir string) []packages.Error {
	var out []packages.Error
	for _, e := range errs {
		if e.Pos != "" && e.Pos != "-" && fileOf(e.Pos) != e.Pos && !filepath.IsAbs(e.Pos) {
			base := dir
			if base == "" {
				base, _ = os.Getwd()
			}
			e.Pos = filepath.Join(base, e.Pos)
		}
		if e.Pos != "" && e.Pos != "-" || !strings.HasPrefix(e.Msg, "# ") {
			out = append(out, e)
			continue
		}
		for _, l := range strings.Split(e.Msg, "\n")[1:] {
			pos, msg, ok := cutPosition(l)
			if !ok {
				if strings.TrimSpace(l) != "" {
					out = append(out, packages.Error{Pos: e.Pos, Msg: l, Kind: e.Kind})
				}
				continue
			}
			if !filepath.IsAbs(pos) {
				base := dir
				if base == "" {
					base, _ = os.Getwd()
				}
				pos = filepath.Join(base, pos)
			}
			out = append(out, packages.Error{Pos: pos, Msg: msg, Kind: e.Kind})
		}
	}
	return out
}

// cutPosition splits "file.go:line:col: msg" (or "file.go:line: msg").
func cutPosition(l string) (pos, msg string, ok bool) {
	i := strings.Index(l, ".go:")
	if i < 0 {
		return "", "", false
	}
	j := strings.Index(l[i:], ": ")
	if j < 0 {
		return "", "", false
	}
	pos, msg = l[:i+j], l[i+j+2:]
	return pos, msg, fileOf(pos) != pos
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
