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
// flags go to the compiler (-D__CUDACC_DEBUG__ checks the -G macros).
func syntaxCheck(t *testing.T, name, src string, flags ...string) {
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
	args := append([]string{"-std=c++17", "-fsyntax-only", "-w", "-I", stub, "-include", "cuda_runtime_stub.h"}, flags...)
	out, err := exec.Command(gxx, append(args, file)...).CombinedOutput()
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

// An 8-byte number read from a shared array is read with a shared-space
// instruction in the -G build (__ldsn8): nvcc -G reads the shared struct
// through a generic address, and a generic LD.E.64 is not served paired
// (rows D06, D09, ...: 2 wavefronts a request on the hardware counter
// where LDS.64 makes 1). Stores stay as they are (never paired); x op= y
// and x++ read x so too, evaluating its index once.
func TestSharedNumberReadIsShared(t *testing.T) {
	src := `package k

import "github.com/smemlint/smemlint/simt"

type pt struct{ X float64; Y float32 }

//smemlint:launch block=32
func K(t *simt.Thread, out []float32) {
	tx := t.ThreadIdx.X
	d := simt.Shared[[64]float64](t)
	n := simt.Shared[[64]int](t)
	p := simt.Shared[[64]pt](t)
	s := simt.Shared[[64]float32](t)
	d[tx] = 1
	v := d[tx/2] + d[n[tx]]
	d[tx] += v
	n[tx]++
	out[tx] = float32(v + p[tx].X) + s[tx] + p[tx].Y
}
`
	out := Generate([]*Package{analyze(t, token.NewFileSet(), "k.go", src)}, Options{})
	if len(out.Problems) > 0 {
		t.Fatalf("problems: %v", out.Problems)
	}
	k := out.Source[strings.Index(out.Source, "void K__"):]
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`#line 14 "k.go"\s*__sm_K__0\.m0\.v\[tx\] = 1\.0;`),
		regexp.MustCompile(`#line 15 "k.go"\s*double v = \(__ldsn8\(__sm_K__0\.m0\.v\[\(tx / 2LL\)\]\) \+ __ldsn8\(__sm_K__0\.m0\.v\[__ldsn8\(__sm_K__0\.m1\.v\[tx\]\)\]\)\);`),
		regexp.MustCompile(`#line 16 "k.go"\s*\{ double& (__t\d+) = __sm_K__0\.m0\.v\[tx\]; (__t\d+) = __ldsn8\((__t\d+)\) \+ \(v\); \}`),
		regexp.MustCompile(`#line 17 "k.go"\s*\{ long long& (__t\d+) = __sm_K__0\.m1\.v\[tx\]; (__t\d+) = __ldsn8\((__t\d+)\) \+ \(1\); \}`),
		regexp.MustCompile(`__ldsn8\(__sm_K__0\.m2\.v\[tx\]\.X\)`),
		regexp.MustCompile(`__sm_K__0\.m3\.v\[tx\]\)`),
	} {
		if !want.MatchString(k) {
			t.Errorf("no %s in:\n%s", want, k)
		}
	}
	if strings.Contains(k, "__ldsn8(__sm_K__0.m2.v[tx].Y)") || strings.Contains(k, "__ldsn8(__sm_K__0.m3") {
		t.Errorf("a 4-byte read is wrapped:\n%s", k)
	}
	syntaxCheck(t, "number", out.Source)
	syntaxCheck(t, "numberG", out.Source, "-D__CUDACC_DEBUG__")
}

// A shared array passed to a device function keeps its address space:
// the function is translated for that array, which its body names, so
// that its loads are LDS, not generic LD (fuzz seeds 1268 and 1262: a
// generic LD.E.128 is not paired, 132 wavefronts on the counter where the
// LDS.128 makes 72). Two kernels calling it get a function each; a
// parameter the function assigns stays a pointer.
func TestSharedArrayArgumentStaysShared(t *testing.T) {
	src := `package k

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=32
func K(t *simt.Thread, out []float32) {
	q := simt.Shared[[64][4]float32](t)
	dev(t, q, out)
	dev(t, q, out)
	moved(q, out)
}

//smemlint:launch block=32
func L(t *simt.Thread, out []float32) {
	r := simt.Shared[[64][4]float32](t)
	dev(t, r, out)
}

func dev(t *simt.Thread, s *[64][4]float32, out []float32) {
	v := s[t.ThreadIdx.X/2]
	out[t.ThreadIdx.X] = v[0]
}

func moved(s *[64][4]float32, out []float32) {
	s = nil
	out[0] = 1
}
`
	out := Generate([]*Package{analyze(t, token.NewFileSet(), "k.go", src)}, Options{})
	for _, p := range out.Problems {
		t.Errorf("%s", p)
	}
	for _, re := range []string{
		`(?s)__shared__ __smem_K__0 __sm_K__0;.*__shared__ __smem_L__1 __sm_L__1;.*__device__ void __dev0_dev__s0\(__slice<float> out\)`,
		`#line 20 "k.go"\n  __lds16\(&__t1, &\(__sm_K__0\.m0\.v\[`,
		`#line 20 "k.go"\n  __lds16\(&__t1, &\(__sm_L__1\.m0\.v\[`,
		`(?m)^  __dev0_dev__s0\(out\);\n#line 9 "k.go"\n  __dev0_dev__s0\(out\);`,
		`__dev0_moved\(\(&__sm_K__0\.m0\), out\)`,
	} {
		if !regexp.MustCompile(re).MatchString(out.Source) {
			t.Errorf("no match for %s in:\n%s", re, out.Source)
		}
	}
	syntaxCheck(t, "sharedarg", out.Source)
}

// A return from inside a branch that other statements of the branch
// follow, or from a loop, sets a flag that the later statements test, so
// that every if still ends where its paths meet (fuzz seed 457: nvcc -G
// reconverged nowhere before the exit and ran the later statements once
// per side of the if). A return at the end of a branch of the body's own
// if stays a return.
func TestEarlyReturnKeepsReconvergence(t *testing.T) {
	src := `package k

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=64
func Nested(t *simt.Thread, out []float32) {
	tx := t.ThreadIdx.X
	if tx < 8 {
		if tx == 100 {
			return
		}
		out[tx] = 1
	}
	for i := 0; i < 4; i++ {
		if tx+i == 200 {
			return
		}
		out[tx+i] = 2
	}
	out[tx] = 3
}

//smemlint:launch block=64
func InnerLoop(t *simt.Thread, out []float32) {
	tx := t.ThreadIdx.X
	for i := 0; i < tx%4; i++ {
		for j := 0; j < 1; j++ {
			out[tx] += 1
			return
		}
	}
	out[tx] = 4
}

//smemlint:launch block=64
func Guard(t *simt.Thread, out []float32) {
	tx := t.ThreadIdx.X
	if tx >= 40 {
		return
	}
	out[tx] = 1
}
`
	out := Generate([]*Package{analyze(t, token.NewFileSet(), "k.go", src)}, Options{})
	if len(out.Problems) > 0 {
		t.Fatalf("problems: %v", out.Problems)
	}
	nested, guard, ok := strings.Cut(out.Source, "void Guard__")
	if !ok {
		t.Fatalf("no Guard kernel in:\n%s", out.Source)
	}
	nested = nested[strings.Index(nested, "void Nested__"):]
	nested, inner, ok := strings.Cut(nested, "void InnerLoop__")
	if !ok {
		t.Fatalf("no InnerLoop kernel in:\n%s", out.Source)
	}
	// A return in an inner loop breaks that loop only: the outer loop's
	// body ends testing the flag, or the outer loop would run on (fuzz
	// seed 1435).
	if !regexp.MustCompile(`break;\s*}\s*}\s*#line 30 "k.go"\s*if \(__ret\) break;\s*}\s*}\s*#line 32 "k.go"\s*if \(!__ret\) {`).MatchString(inner) {
		t.Errorf("InnerLoop: the outer loop does not leave where the inner one returned:\n%s", inner)
	}
	for _, want := range []string{
		"bool __ret = false;",
		"#line 10 \"k.go\"\n      __ret = true;\n    }\n#line 12 \"k.go\"\n    if (!__ret) {\n#line 12 \"k.go\"\n      out.p[tx] = 1",
		"#line 16 \"k.go\"\n          __ret = true;\n#line 16 \"k.go\"\n          break;",
		"if (__ret) break;\n#line 18 \"k.go\"\n        out.p[(tx + i)] = 2",
		"#line 20 \"k.go\"\n    if (!__ret) {\n#line 20 \"k.go\"\n      out.p[tx] = 3",
	} {
		if !strings.Contains(nested, want) {
			t.Errorf("Nested: no %q in:\n%s", want, nested)
		}
	}
	if strings.Contains(nested, "return;") {
		t.Errorf("Nested still returns:\n%s", nested)
	}
	if strings.Contains(guard, "__ret") || !strings.Contains(guard, "return;") {
		t.Errorf("Guard's return at the end of the body's if should stay one:\n%s", guard)
	}
	syntaxCheck(t, "ret", out.Source)
}

// Go's conversions of a slice to an array and to a pointer to one become
// the array at the slice's first element, moved in one 16- or 8-byte
// access, in shared space for a shared array, as simt makes them.
func TestVectorConversions(t *testing.T) {
	src := `package k

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=32
func V(t *simt.Thread, a []float32, out []float32) {
	s := simt.Shared[[256]float32](t)
	i := t.ThreadIdx.X * 4
	v := [4]float32(a[i : i+4])
	w := *(*[4]float32)(a[i:])
	x := [4]float32(s[i : i+4])
	*(*[2]float32)(s[i:]) = [2]float32{v[0], w[1]}
	out[t.ThreadIdx.X] = x[2]
}
`
	out := Generate([]*Package{analyze(t, token.NewFileSet(), "k.go", src)}, Options{})
	if len(out.Problems) > 0 {
		t.Fatalf("problems: %v", out.Problems)
	}
	for _, want := range []string{
		"#line 9 \"k.go\"\n  __ldv16(&__t1, &((*(__arr4_float*)((__slice<float>{a.p + i, ((i + 4LL)) - (i)}).p))));",
		"#line 10 \"k.go\"\n  __ldv16(&__t2, &((*((__arr4_float*)((__slice<float>{a.p + i, (a.n) - (i)}).p)))));",
		"#line 11 \"k.go\"\n  __lds16(&__t3, &((*(__arr4_float*)((__slice<float>{__sm_V__0.m0.v + i, ((i + 4LL)) - (i)}).p))));",
		"__sts8(&((*((__arr2_float*)((__slice<float>{__sm_V__0.m0.v + i, (256) - (i)}).p)))), &__t4);",
	} {
		if !strings.Contains(out.Source, want) {
			t.Errorf("no %q in:\n%s", want, out.Source)
		}
	}
	syntaxCheck(t, "vec", out.Source)
}

// A slice the program allocates with simt.Malloc of a constant length
// has that length in the harness (nw, pathfinder and srad indexed past
// the default length and faulted), also through a function literal that
// returns the call (srad's m()); another keeps the default. Every buffer
// has a guard on either side (srad reads a row before and after its
// image, as Rodinia's kernel does).
func TestHarnessSliceLengthFromMalloc(t *testing.T) {
	src := `package k

import "github.com/smemlint/smemlint/simt"

const n = 3 << 20

func K(t *simt.Thread, a, b, c []float32) {
	i := t.BlockIdx.X*256 + t.ThreadIdx.X
	a[i] = b[i] + c[i]
}

func Run(c []float32) error {
	m := func() []float32 { return simt.Malloc[float32](2 * n) }
	a, b := simt.Malloc[float32](n+5), m()
	return simt.Launch(simt.Config{Grid: simt.Dim3{X: 4}, Block: simt.Dim3{X: 256}},
		func(t *simt.Thread) { K(t, a, b, c) })
}
`
	out := Generate([]*Package{analyze(t, token.NewFileSet(), "k.go", src)}, Options{SliceBytes: 1 << 20})
	if len(out.Problems) > 0 {
		t.Fatalf("problems: %v", out.Problems)
	}
	for _, want := range []string{
		fmt.Sprintf("a0.n = %dLL;", 3<<20+5),
		fmt.Sprintf("a1.n = %dLL;", 2*(3<<20)),
		fmt.Sprintf("a2.n = %dLL;", (1<<20)/4),
		"a: 3145733 elements (the program's simt.Malloc)",
		// A guard on either side of each buffer, freed with it.
		"__free(a0.p);",
		"cudaMalloc(&d, bytes + 2 * __GUARD)",
	} {
		if !strings.Contains(out.Source, want) {
			t.Errorf("no %q in:\n%s", want, out.Source[strings.Index(out.Source, "static int run_"):])
		}
	}
	syntaxCheck(t, "malloc", out.Source)
}
