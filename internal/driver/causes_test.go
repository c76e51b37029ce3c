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

// TestSplitBuildOutput: the go command's build output for a cgo file that
// does not parse ("# pkg", then the error relative to the directory) and
// the parser's copy of the same error are one cause.
func TestSplitBuildOutput(t *testing.T) {
	in := []packages.Error{
		{Msg: "# example.com/m/c\nc/c.go:8:1: imports must appear before other declarations", Kind: packages.ListError},
		{Pos: "/m/c/c.go:8:1", Msg: "imports must appear before other declarations", Kind: packages.ParseError},
	}
	got := causes(splitBuildOutput(in, "/m"))
	if len(got) != 1 || got[0].Error() != "/m/c/c.go:8:1: imports must appear before other declarations" {
		t.Errorf("causes = %q, want the parse error once", got)
	}
	// The go command's own error at a relative position, and the parser's.
	in = []packages.Error{
		{Pos: "b/b.go:5:7", Msg: "illegal UTF-8 encoding", Kind: packages.ListError},
		{Pos: "/m/b/b.go:5:7", Msg: "illegal UTF-8 encoding", Kind: packages.ParseError},
		{Pos: "/m/b/b.go:5:9", Msg: "illegal UTF-8 encoding", Kind: packages.ParseError},
	}
	got = causes(splitBuildOutput(in, "/m"))
	if len(got) != 1 || got[0].Error() != "/m/b/b.go:5:7: illegal UTF-8 encoding" {
		t.Errorf("causes = %q, want the error once", got)
	}
}
