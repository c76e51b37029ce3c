package simtapi

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestKernelSig type-checks a package against the real simt package and
// asks which functions are kernels and which names are simt's.
func TestKernelSig(t *testing.T) {
	const src = `package p

import (
	"github.com/smemlint/smemlint/simt"
	other "github.com/smemlint/smemlint/simt"
)

type Thread struct{}

func Kernel(t *simt.Thread, n int)       {}
func Aliased(t *other.Thread)            {}
func NotFirst(n int, t *simt.Thread)     {}
func Value(t simt.Thread)                {}
func Local(t *Thread)                    {}
func NoParams()                          {}
var _ = simt.Launch
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	if !ImportsSimt(pkg) {
		t.Error("ImportsSimt(p) = false")
	}
	want := map[string]bool{"Kernel": true, "Aliased": true, "NotFirst": false, "Value": false, "Local": false, "NoParams": false}
	for name, w := range want {
		fn := pkg.Scope().Lookup(name).(*types.Func)
		if got := IsKernelSig(fn.Signature()); got != w {
			t.Errorf("IsKernelSig(%s) = %v, want %v", name, got, w)
		}
	}
	var launch types.Object
	for id, obj := range info.Uses {
		if id.Name == "Launch" {
			launch = obj
		}
	}
	if !IsSimtObj(launch, "Launch") || IsSimtObj(launch, "Shared") || IsSimtObj(pkg.Scope().Lookup("Thread"), "Thread") {
		t.Error("IsSimtObj: wrong answer for simt.Launch or the local Thread")
	}
	if ImportsSimt(launch.Pkg()) {
		t.Error("ImportsSimt(simt) = true: the simt package itself is not analyzed")
	}
}
