package search

import (
	"slices"
	"testing"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

// TestEachOrder builds a context by hand and checks that a search tries
// known domains whole, small candidates of unknowns first (by increasing
// total index), stops when the visitor says so, and says whether it was
// exact.
func TestEachOrder(t *testing.T) {
	c := ir.NewContext("k", 0, ir.Shape{Block: ir.Dim{X: 64, Y: 1, Z: 1}}, model.MustLookup("sm_90"))
	i := c.NewSym("i", affine.Uniform, ir.SymMeta{Role: ir.RoleLoop, Domain: []int64{0, 4, 8}})
	n := c.NewSym("n", affine.Uniform, ir.SymMeta{Role: ir.RoleParam})

	known := NewSearch(c, []affine.Sym{i})
	if !known.Exact() {
		t.Error("a search over a known domain of 3 values is not exact")
	}
	env := c.NewEnv(0)
	var seen []int64
	known.Each(env, func() bool { seen = append(seen, env[i]); return true })
	if !slices.Equal(seen, []int64{0, 4, 8}) {
		t.Errorf("known domain tried %v, want [0 4 8]", seen)
	}

	both := NewSearch(c, []affine.Sym{i, n})
	if both.Exact() {
		t.Error("a search over an unknown parameter is exact")
	}
	var pairs [][2]int64
	stopped := both.Each(env, func() bool {
		pairs = append(pairs, [2]int64{env[i], env[n]})
		return len(pairs) < 4
	})
	if !stopped || len(pairs) != 4 {
		t.Fatalf("Each stopped %v after %d, want a stop after 4", stopped, len(pairs))
	}
	cands := numberCandidates(c)
	want := [][2]int64{{0, cands[0]}, {0, cands[1]}, {4, cands[0]}, {0, cands[2]}}
	if !slices.Equal(pairs, want) {
		t.Errorf("first assignments %v, want %v (small indices first)", pairs, want)
	}
	if got := both.Bindings(env, []affine.Sym{c.Tx, i, n}); got != "n = "+itoa(env[n]) {
		t.Errorf("Bindings = %q: want only the parameter (no thread index, no loop variable)", got)
	}
}

// TestCandidates checks the candidates of unknown numbers: the block size,
// the warp size and their neighbours, no duplicates, none negative.
func TestCandidates(t *testing.T) {
	c := ir.NewContext("k", 0, ir.Shape{Block: ir.Dim{X: 96, Y: 1, Z: 1}}, nil)
	cands := numberCandidates(c)
	for _, v := range []int64{0, 1, model.WarpSize - 1, model.WarpSize, model.WarpSize + 1, 95, 96, 97, 192} {
		if !slices.Contains(cands, v) {
			t.Errorf("candidates %v lack %d", cands, v)
		}
	}
	sorted := slices.Clone(cands)
	slices.Sort(sorted)
	if len(slices.Compact(sorted)) != len(cands) || sorted[0] < 0 {
		t.Errorf("candidates %v repeat a value or go negative", cands)
	}
	if got := sample([]int64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 4); got[0] != 0 || got[len(got)-1] != 9 {
		t.Errorf("sample keeps %v: want both ends", got)
	}
}

func itoa(v int64) string {
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + string(rune('0'+v%10))
}
