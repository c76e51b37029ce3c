package simcheck

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"
)

// fset is shared by the tests, so that simt is type-checked once.
var fset = token.NewFileSet()

// instrumented analyzes src in process and returns its instrumented text.
func instrumented(t *testing.T, src string) string {
	t.Helper()
	a, err := AnalyzeSource(fset, "k.go", src)
	if err != nil {
		t.Fatal(err)
	}
	u := &unit{fset: fset, info: a.Info, pkg: a.Pkg, file: a.File, name: "k.go", nodes: map[ast.Node]*nodeSites{}}
	l := &loaded{}
	l.addUnit(u, a.Result.Contexts)
	l.number()
	var loops int32
	out, err := instrument(fset, a.Info, a.Pkg, a.File, []byte(src), u.nodes, &loops)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range l.sites {
		if !s.instrumented {
			t.Errorf("%s: not instrumented: %s", s, s.Note)
		}
	}
	return string(out)
}

const header = `package k

import "github.com/smemlint/smemlint/simt"

type pair struct{ A, B float32 }

//smemlint:launch block=64
func K(t *simt.Thread, g []float32, p *float32) {
	s := simt.Shared[[128]float32](t)
	v := simt.Shared[[64]pair](t)
	tid := t.ThreadIdx.X
	_, _, _ = s, v, tid
`

// TestInstrument checks each form of access: its statement as the
// kernel's fifth line, and that line after instrumentation.
func TestInstrument(t *testing.T) {
	tests := []struct{ name, stmt, want string }{
		{"load", `_ = s[tid]`,
			`_ = (*smemlintsimt.TraceLoad(t, 0, &s[tid]))`},
		{"store loads first", `g[tid] = s[tid+1]`,
			`smemlintsimt.TraceStore(t, 0, &g[tid] , (*smemlintsimt.TraceLoad(t, 1, &s[tid+1])))`},
		{"update", `s[tid] += s[tid+32]`,
			`{ smemlintP := &s[tid] ; smemlintsimt.TraceStore(t, 1, smemlintP, (*smemlintsimt.TraceLoad(t, 0, smemlintP)) + ( ` +
				`(*smemlintsimt.TraceLoad(t, 2, &s[tid+32])))) }`},
		{"increment", `s[tid]++`,
			`{ smemlintP := &s[tid]; smemlintsimt.TraceStore(t, 1, smemlintP, (*smemlintsimt.TraceLoad(t, 0, smemlintP)) + 1) }`},
		{"index loaded from memory", `g[int(s[tid])] = 1`,
			`smemlintsimt.TraceStore(t, 0, &g[int((*smemlintsimt.TraceLoad(t, 1, &s[tid])))] , 1)`},
		{"swap", `s[tid], s[tid+64] = s[tid+64], s[tid]`,
			`(*smemlintsimt.TraceStorePtr(t, 0, &s[tid])), (*smemlintsimt.TraceStorePtr(t, 1, &s[tid+64])) = ` +
				`(*smemlintsimt.TraceLoad(t, 2, &s[tid+64])), (*smemlintsimt.TraceLoad(t, 3, &s[tid]))`},
		{"field", `v[tid].B = v[tid].A`,
			`smemlintsimt.TraceStore(t, 0, &v[tid].B , (*smemlintsimt.TraceLoad(t, 1, &v[tid].A)))`},
		{"dereference", `*p = 2`,
			`smemlintsimt.TraceStore(t, 0, &*p , 2)`},
		{"atomic", `simt.AtomicAdd(t, &s[tid%4], 1)`,
			`simt.AtomicAdd(t, smemlintsimt.TraceAtomic(t, 0, &s[tid%4]), 1)`},
		{"loop", `for i := 0; i < 2; i++ { s[tid+i] = 0 }`,
			`smemlintsimt.TraceLoop(t, 0); for i := 0; i < 2; i++ { smemlintsimt.TraceIter(t, 0); smemlintsimt.TraceStore(t, 0, &s[tid+i] , 0) }`},
		{"update in a post statement", `for i := 0; i < 2; s[i] += 1 { i++ }`,
			`smemlintsimt.TraceLoop(t, 0); for i := 0; i < 2; *smemlintsimt.TraceUpdate(t, 0, 1, &s[i]) += 1 { smemlintsimt.TraceIter(t, 0); i++ }`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := header + "\t" + tc.stmt + "\n}\n"
			out := instrumented(t, src)
			lines, orig := strings.Split(out, "\n"), strings.Split(src, "\n")
			if !strings.HasPrefix(lines[0], "package k; import smemlintsimt ") {
				t.Errorf("first line %q: want the import on the package clause's line", lines[0])
			}
			if got := strings.TrimSpace(lines[len(orig)-3]); got != tc.want {
				t.Errorf("instrumented:\n got %s\nwant %s", got, tc.want)
			}
			for i := 1; i < len(orig)-3; i++ {
				if lines[i] != orig[i] {
					t.Errorf("line %d changed: %q", i+1, lines[i])
				}
			}
			if _, err := AnalyzeSource(fset, "k.go", out); err != nil {
				t.Errorf("the instrumented file does not type-check: %v\n%s", err, out)
			}
		})
	}
}

func TestApplyKeepsLines(t *testing.T) {
	src := []byte("a := x\nb := y\n")
	if _, err := apply(src, []edit{{off: 2, end: 9, text: "="}}); err == nil {
		t.Error("an edit that removes a newline was accepted")
	}
	out, err := apply(src, []edit{
		{off: 5, end: 5, text: "f(", kind: opening, depth: 1},
		{off: 5, end: 5, text: "g(", kind: opening, depth: 2},
		{off: 6, end: 6, text: ")", kind: closing, depth: 2},
		{off: 6, end: 6, text: ")", kind: closing, depth: 1},
	})
	if err != nil || string(out) != "a := f(g(x))\nb := y\n" {
		t.Errorf("apply = %q, %v", out, err)
	}
}
