package front

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func TestSourceText(t *testing.T) {
	const src = `package p

func f() {
	_ = tile[ty][tx + j]
	_ = a[i /* odd */ +1]
	_ = b[
		i+1]
	_ = c[i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1]
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var exprs []ast.Expr
	for _, st := range file.Decls[0].(*ast.FuncDecl).Body.List {
		exprs = append(exprs, st.(*ast.AssignStmt).Rhs[0])
	}
	fromSource := []string{
		"tile[ty][tx + j]", // the user's own spelling
		"a[i+1]",           // spans a comment: printed
		"b[ i+1]",          // white space collapsed
		"c[i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1+i+1...", // 57 bytes and an ellipsis
	}
	printed := []string{"tile[ty][tx+j]", "a[i+1]", "b[i+1]", fromSource[3]}
	read := func(string) ([]byte, error) { return []byte(src), nil }
	for _, tc := range []struct {
		name string
		read func(string) ([]byte, error)
		want []string
	}{
		{"source", read, fromSource},
		{"no reader", nil, printed},
		{"unreadable", func(string) ([]byte, error) { return nil, errors.New("gone") }, printed},
		{"changed on disk", func(string) ([]byte, error) { return []byte(src + "\n"), nil }, printed},
	} {
		s := &sources{read: tc.read}
		for i, e := range exprs {
			if got := s.text(fset, e); got != tc.want[i] {
				t.Errorf("%s: text of expression %d = %q, want %q", tc.name, i, got, tc.want[i])
			}
		}
	}
}

// TestCollapseSpace compares collapseSpace with the strings.Fields join it
// stands for.
func TestCollapseSpace(t *testing.T) {
	for _, s := range []string{
		"", " ", "a", "a b", "a  b", " a", "a ", "a\tb", "a\nb", "for i := 0; i < n; i++",
		"x\r\ny", "a\u00a0b", "é b", "a\vb", "a\fb", "tile[(tid + i*25) % 32]", "  ", "a \n b",
	} {
		want := strings.Join(strings.Fields(s), " ")
		if got := collapseSpace([]byte(s)); got != want {
			t.Errorf("collapseSpace(%q) = %q, want %q", s, got, want)
		}
	}
}
