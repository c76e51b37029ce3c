package cudagen

import (
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/simcheck"
	"github.com/smemlint/smemlint/simcheck/fuzz"
)

// syntaxCheck compiles src with the host C++ compiler against the stub
// CUDA headers in testdata/stub (the launch syntax removed): nvcc is not
// on every machine that runs the tests. It skips where no g++ is found.
func syntaxCheck(t *testing.T, name, src string) {
	t.Helper()
	gxx, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("no g++ to check the generated C++")
	}
	file := filepath.Join(t.TempDir(), name+".cpp")
	if err := os.WriteFile(file, []byte(strings.ReplaceAll(src, "<<<grid, block>>>", "")), 0o644); err != nil {
		t.Fatal(err)
	}
	stub, _ := filepath.Abs("testdata/stub")
	out, err := exec.Command(gxx, "-std=c++17", "-fsyntax-only", "-w", "-I", stub, "-include", "cuda_runtime_stub.h", file).CombinedOutput()
	if err != nil {
		t.Errorf("%s does not compile:\n%s", name, out)
	}
}

func analyze(t *testing.T, fset *token.FileSet, name, src string) *Package {
	t.Helper()
	a, err := simcheck.AnalyzeSource(fset, name, src)
	if err != nil {
		t.Fatal(err)
	}
	return &Package{Fset: fset, Files: []*ast.File{a.File}, Info: a.Info, Types: a.Pkg, Contexts: a.Result.Contexts}
}

// Every example kernel translates, and every statement carries its line.
func TestExamplesTranslate(t *testing.T) {
	pkgs, err := Load("../..", []string{"./examples/..."})
	if err != nil {
		t.Fatal(err)
	}
	launches := 0
	for _, p := range pkgs {
		out := Generate([]*Package{p}, Options{})
		for _, pr := range out.Problems {
			t.Errorf("%s", pr)
		}
		launches += len(out.Launches)
		if len(out.Launches) > 0 {
			syntaxCheck(t, p.Types.Name(), out.Source)
		}
	}
	if launches < 30 {
		t.Errorf("%d kernel instances from examples/, want at least 30", launches)
	}
}

// The transpose's column read becomes a read of the __shared__ member at
// the Go line, so that -G builds use LDS too.
func TestSharedAccessAtItsLine(t *testing.T) {
	pkgs, err := Load("../..", []string{"./examples/transpose"})
	if err != nil {
		t.Fatal(err)
	}
	src := Generate(pkgs, Options{}).Source
	want := regexp.MustCompile(`#line 74 "transpose.go"\n\s+odata\.p\[indexOut\] = __sm_TransposeUnpadded16__0\.m0\.v\[tx\]\.v\[ty\];`)
	if !want.MatchString(src) {
		t.Errorf("no shared column read at line 74 in:\n%s", src)
	}
}

// The differential fuzzer's kernels translate, each with its parameter.
func TestFuzzKernelsTranslate(t *testing.T) {
	fset := token.NewFileSet()
	var pkgs []*Package
	for seed := uint64(1); seed <= 60; seed++ {
		s := fuzz.Generate(seed)
		p := analyze(t, fset, fmt.Sprintf("fz%d.go", seed), s.Source())
		p.Ints = map[string]int64{"p0": int64(s.Param)}
		pkgs = append(pkgs, p)
	}
	out := Generate(pkgs, Options{})
	for _, pr := range out.Problems {
		t.Errorf("%s", pr)
	}
	if len(out.Launches) != len(pkgs) {
		t.Errorf("%d launches for %d kernels", len(out.Launches), len(pkgs))
	}
	syntaxCheck(t, "fuzz", out.Source)
}

// A construct with no translation is named with its position, and the
// other kernels still translate.
func TestUntranslatableNamed(t *testing.T) {
	src := `package k

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=32
func Bad(t *simt.Thread, out []float32) {
	f := func() float32 { return 1 }
	out[t.ThreadIdx.X] = f()
}

//smemlint:launch block=32
func Good(t *simt.Thread, out []float32) {
	out[t.ThreadIdx.X] = 1
}
`
	out := Generate([]*Package{analyze(t, token.NewFileSet(), "k.go", src)}, Options{})
	if len(out.Problems) != 1 {
		t.Fatalf("problems %v, want one", out.Problems)
	}
	if got := out.Problems[0].String(); got != "k.go:7:7: kernel Bad not translated: a function literal" {
		t.Errorf("problem %q", got)
	}
	if len(out.Launches) != 1 || out.Launches[0].Kernel != "Good" {
		t.Errorf("launches %+v, want Good's", out.Launches)
	}
}

// A 16-byte element of a shared array is read in one access in shared
// space, at its Go line: nvcc -G would copy it in 4-byte pieces.
func TestWideSharedElementOneAccess(t *testing.T) {
	src := `package k

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=32
func K(t *simt.Thread, out []float32) {
	q := simt.Shared[[64][4]float32](t)
	v := q[t.ThreadIdx.X/2]
	q[t.ThreadIdx.X] = v
	out[t.ThreadIdx.X] = v[0]
}
`
	out := Generate([]*Package{analyze(t, token.NewFileSet(), "k.go", src)}, Options{})
	for _, want := range []string{
		"#line 8 \"k.go\"\n  __lds16(&__t1, &(__sm_K__0.m0.v[(((long long)threadIdx.x) / 2LL)]));",
		"#line 9 \"k.go\"\n  __sts16(&(__sm_K__0.m0.v[((long long)threadIdx.x)]), &__t2);",
	} {
		if !strings.Contains(out.Source, want) {
			t.Errorf("no %q in:\n%s", want, out.Source)
		}
	}
	syntaxCheck(t, "wide", out.Source)
}
