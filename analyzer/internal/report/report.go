// Package report delivers the diagnostics of the smemlint checks: it
// honours //smemlint:ignore directives and removes duplicates that several
// kernel contexts produce for one source position.
package report

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/directive"
	"github.com/smemlint/smemlint/model"
)

// Reporter reports the diagnostics of one check in one pass.
type Reporter struct {
	pass    *analysis.Pass
	check   string
	ignores map[string]map[int]directive.Ignore // file -> line -> directive
	seen    map[seenKey]bool
	off     bool // the configuration file turns the check off
	noNotes bool // -notes=false: notes are left out
}

type seenKey struct {
	pos token.Pos
	msg string
}

// New returns a Reporter for check.
func New(pass *analysis.Pass, check string) *Reporter {
	r := &Reporter{pass: pass, check: check, ignores: map[string]map[int]directive.Ignore{}, seen: map[seenKey]bool{}}
	if c := config.ForPass(pass); c != nil && !c.Enabled(check) {
		r.off = true
		return r
	} else if c != nil {
		r.noNotes = !c.Notes
	}
	for _, f := range pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				name, args, ok := directive.Split(c.Text)
				if !ok || name != "ignore" {
					continue
				}
				// Any name parses here: the directives check, which
				// knows the suite (analyzer.Checks), rejects unknown ones.
				ig, err := directive.ParseIgnore(args, anyName)
				if err != nil {
					continue // the directive check reports it
				}
				p := pass.Fset.Position(c.Pos())
				if r.ignores[p.Filename] == nil {
					r.ignores[p.Filename] = map[int]directive.Ignore{}
				}
				r.ignores[p.Filename][p.Line] = ig
			}
		}
	}
	return r
}

func anyName(string) bool { return true }

// Ignored reports whether a directive on pos's line or the line above
// suppresses the check there.
func (r *Reporter) Ignored(pos token.Pos) bool {
	p := r.pass.Fset.Position(pos)
	lines := r.ignores[p.Filename]
	for _, l := range []int{p.Line, p.Line - 1} {
		if ig, ok := lines[l]; ok && ig.Matches(r.check) {
			return true
		}
	}
	return false
}

// Report delivers d once per position and message unless it is ignored.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if r.off || r.noNotes && IsNote(d.Message) {
		return
	}
	if r.seen[seenKey{d.Pos, d.Message}] {
		return
	}
	if r.Ignored(d.Pos) {
		r.suppressed(d)
		return
	}
	r.seen[seenKey{d.Pos, d.Message}] = true
	d.Category = r.check
	r.pass.Report(d)
}

// IsNote reports whether a diagnostic's message is a note: what smemlint
// did not or could not judge, or a figure -verbose states; not a defect.
func IsNote(msg string) bool { return strings.HasPrefix(msg, "note: ") }

// Reportf is Report with a formatted message.
func (r *Reporter) Reportf(n ast.Node, msg string) {
	r.Report(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Message: msg})
}

// Lanes formats a lane mask as ranges: "lanes 0..31", "lanes 0 and 31",
// "lanes 0..3, 8..11".
func Lanes(mask uint32) string {
	var parts []string
	count := 0
	for i := 0; i < model.WarpSize; {
		if mask&(1<<i) == 0 {
			i++
			continue
		}
		j := i
		for j+1 < model.WarpSize && mask&(1<<(j+1)) != 0 {
			j++
		}
		count += j - i + 1
		switch {
		case i == j:
			parts = append(parts, itoa(i))
		case j == i+1:
			parts = append(parts, itoa(i), itoa(j))
		default:
			parts = append(parts, itoa(i)+".."+itoa(j))
		}
		i = j + 1
	}
	word := "lanes "
	if count == 1 {
		word = "lane "
	}
	if len(parts) == 2 {
		return word + parts[0] + " and " + parts[1]
	}
	return word + strings.Join(parts, ", ")
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// Plural returns "1 wavefront" or "n wavefronts".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return itoa(n) + " " + word + "s"
}

// PackageClause returns the package name of the file holding pos, where a
// note about the whole package goes (nil when no file holds it).
func (r *Reporter) PackageClause(pos token.Pos) ast.Node {
	for _, f := range r.pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f.Name
		}
	}
	return nil
}
