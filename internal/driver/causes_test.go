package driver

import (
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestCauses: a file's cascade of syntax errors is its first one, a type
// error in a file that does not parse is one of its consequences, and an
// error a package and its test variant both report is printed once.
func TestCauses(t *testing.T) {
	parse := func(pos, msg string) packages.Error {
		return packages.Error{Pos: pos, Msg: msg, Kind: packages.ParseError}
	}
	typeErr := packages.Error{Pos: "/m/b.go:3:23", Msg: "cannot use \"s\" (untyped string constant) as int value", Kind: packages.TypeError}
	in := []packages.Error{
		parse("/m/s.go:3:9", "expected ')', found '{'"),
		parse("/m/s.go:3:11", "expected ')', found 'EOF'"),
		parse("/m/s.go:3:11", "missing ',' in parameter list"),
		parse("/m/t.go:1:1", "expected 'package', found 'EOF'"),
		typeErr,
		typeErr,
		{Pos: "/m/b.go:4:2", Msg: "undefined: x", Kind: packages.TypeError},
		{Pos: "/m/s.go:3:9", Msg: "[(ast: *ast.BadExpr)](ast: *ast.BadExpr) (type) is not an expression", Kind: packages.TypeError},
	}
	got := causes(in)
	want := []string{
		"/m/s.go:3:9: expected ')', found '{'",
		"/m/t.go:1:1: expected 'package', found 'EOF'",
		typeErr.Error(),
		"/m/b.go:4:2: undefined: x",
	}
	if len(got) != len(want) {
		t.Fatalf("causes = %v, want %q", got, want)
	}
	for i := range want {
		if got[i].Error() != want[i] {
			t.Errorf("causes[%d] = %q, want %q", i, got[i].Error(), want[i])
		}
	}
}
