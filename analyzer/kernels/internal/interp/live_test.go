package interp

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDataOnlyVars checks which variables reach nothing but stored data:
// those are the ones a replayed loop need not follow.
func TestDataOnlyVars(t *testing.T) {
	const src = `package p

func f(out, in []int32, n int) int {
	var acc, sum, twice, idx, cond, ret, conv, clos, shifted, inc int32
	for i := 0; i < 8; i++ {
		acc += in[i]          // stored only: data
		sum = sum*3 + acc      // feeds only data
		twice = -(sum << 1) ^ 7 // feeds only data
		idx += 1              // an index
		cond += in[i]         // a condition
		ret += in[i]          // a result
		conv += in[i]         // converted, then an index
		shifted += 1          // a shift count that is an index
		inc++                 // stored, after ++
	}
	out[0] = acc
	out[1] = twice
	*(&out[2]) = inc
	out[idx] = 1
	if cond > 0 {
		out[3] = 0
	}
	out[int(conv)] = 1
	out[1<<shifted] = 2
	func() { out[4] = clos }()
	_ = sum
	return int(ret)
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	var got []string
	for obj := range dataOnlyVars(info, body) {
		got = append(got, obj.Name())
	}
	slices.Sort(got)
	// i is an index (in[i]); the parameters are not the body's.
	want := []string{"acc", "inc", "sum", "twice"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("data-only variables (-want +got):\n%s", diff)
	}
}
