package report

import (
	"fmt"
	"go/ast"
	"go/token"
)

// Summary counts the notes of one kind that only -verbose prints, so that
// without it one line per package says how many there are: nothing of
// what was not evaluated passes in silence.
type Summary struct {
	n     int
	first ast.Node
	at    token.Position
}

// Add counts the note at node, unless a directive ignores that line.
// The summary goes to the package clause of the first file by name that
// has a counted note: positions of two files compare in the order they
// were parsed, which may vary from run to run.
func (s *Summary) Add(r *Reporter, node ast.Node) {
	if r.Ignored(node.Pos()) {
		return
	}
	p := r.pass.Fset.Position(node.Pos())
	if s.first == nil || p.Filename < s.at.Filename || p.Filename == s.at.Filename && p.Offset < s.at.Offset {
		s.first, s.at = node, p
	}
	s.n++
}

// Report says at that package clause how many notes were counted:
// "note: N <many> of this package <what>; -verbose lists them with the
// reason" (<one> for a single note).
func (s *Summary) Report(r *Reporter, one, many, what string) {
	if s.n == 0 {
		return
	}
	n := fmt.Sprintf("%d %s", s.n, many)
	if s.n == 1 {
		n = "1 " + one
	}
	at := r.PackageClause(s.first.Pos())
	if at == nil {
		at = s.first
	}
	r.Reportf(at, "note: "+n+" of this package "+what+"; -verbose lists them with the reason")
}
