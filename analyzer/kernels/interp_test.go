package kernels_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/internal/testdir"
	"github.com/smemlint/smemlint/analyzer/kernels"
)

// access is what a test expects of one recorded access.
type access struct {
	Text  string
	Store bool
	Addr  string // the byte address, with symbol names
	Guard string // the lanes that take part
}

func evaluated(t *testing.T) map[string][]access {
	t.Helper()
	dir := testdir.Dir(t)
	results := analysistest.Run(t, dir, kernels.Analyzer, "example.com/cases/interp")
	res := results[0].Result.(*kernels.Result)
	out := map[string][]access{}
	for _, ctx := range res.Contexts {
		for _, a := range ctx.Accesses {
			out[ctx.Kernel] = append(out[ctx.Kernel], access{
				Text: a.Text, Store: a.Store,
				Addr:  a.Addr.Format(ctx.Syms.Name),
				Guard: a.Guard().Format(ctx.Syms.Name),
			})
		}
	}
	return out
}

func TestEvaluation(t *testing.T) {
	got := evaluated(t)
	want := map[string][]access{
		"layout": {
			{"a[tx]", false, "tx*4", "true"},
			{"b[ty][tx%4]", false, "ty*16 + (tx%4)*4 + 144", "true"},
			{"c[1]", false, "280", "true"},
			{"out[ty*32+tx]", true, "tx*4 + ty*128", "true"},
		},
		"loops": {
			{"s[tid+i*128]", true, "tx*4 + i*512", "i < 4"},
			{"s[tid]", false, "tx*4", "st > 0 && tx < st"},
			{"s[tid+st]", false, "tx*4 + st*4", "st > 0 && tx < st"},
			{"s[tid]", true, "tx*4", "st > 0 && tx < st"},
			{"s[j%512]", false, "((tx + j#iteration*256)%512)*4", "tx + j#iteration*256 < 1000"},
			{"out[j]", true, "tx*4 + j#iteration*1024", "tx + j#iteration*256 < 1000"},
		},
		"device": {
			{"s[t.ThreadIdx.X*k]", false, "tx*12", "true"},
			{"s[t.ThreadIdx.X*k]", false, "tx*8 + 256", "true"},
			{"out[t.ThreadIdx.X]", true, "tx*4", "true"},
		},
		"exits": {
			{"out[tid]", true, "tx*4", "tx < 48"},
		},
		"builtins": {
			{"out[warp*32+lane]", true, "(tx%32)*4 + (tx/32)*128", "true"},
			{"out[min(t.ThreadIdx.X, 100)]", true, "min(tx, 100)*4", "true"},
			{"out[t.ThreadIdx.X^1]", true, "(tx^1)*4", "true"},
			{"out[(t.ThreadIdx.X&^7)>>1]", true, "((tx&^7)/2)*4", "true"},
		},
		"afterLoop": {
			{"out[k]", true, "tx*4 + (((-max(0, tx%3))>>63)&(-tx + max(0, tx%3) + 63))*4", "true"},
		},
		"returnInLoop": {
			{"out[tid]", true, "tx*4", "data == 0"},
		},
		"breakInLoop": {
			{"out[tid]", true, "tx*4", "i < 2 && i != 0 && i <= 0"},
		},
		"continueInLoop": {
			{"out[tid]", true, "tx*4", "i < 2 && i != 0"},
		},
		"data": {
			{"idx[t.ThreadIdx.X]", false, "tx*4", "true"},
			{"out[v]", true, "data*4", "true"},
		},
	}
	for kernel, w := range want {
		if diff := cmp.Diff(w, got[kernel]); diff != "" {
			t.Errorf("kernel %s (-want +got):\n%s", kernel, diff)
		}
	}
}
