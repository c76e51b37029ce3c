package affine

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSelectMatchesEval checks Indicator and Select against the
// predicate's own evaluation, on random predicates over tx, ty, n and k
// and random values, the extremes of int64 in the chosen branches
// included.
func TestSelectMatchesEval(t *testing.T) {
	f := newFixture()
	r := rand.New(rand.NewPCG(1, 2))
	atoms := []Expr{f.TX, f.TY, f.N, f.K, Add(Scale(f.TX, 3), f.N), Mod(f.TY, C(5)), Shr(f.K, C(2))}
	expr := func() Expr { return Add(atoms[r.IntN(len(atoms))], C(r.Int64N(9)-4)) }
	var pred func(depth int) Pred
	pred = func(depth int) Pred {
		if depth == 0 || r.IntN(3) == 0 {
			return Cmp(CmpOp(r.IntN(6)), expr(), expr())
		}
		switch r.IntN(3) {
		case 0:
			return AndP(pred(depth-1), pred(depth-1))
		case 1:
			return OrP(pred(depth-1), pred(depth-1))
		}
		return NotP(pred(depth - 1))
	}
	always := func(x, y Expr) bool { return true }
	for range 500 {
		p := pred(3)
		a, b := Add(Scale(f.TX, 7), f.K), Sub(f.N, Scale(f.TY, 2))
		ind, ok := Indicator(p, always)
		sel, ok2 := Select(p, a, b, always)
		if !ok || !ok2 {
			t.Fatalf("Indicator or Select of %s refused", p.Format(f.name))
		}
		for range 20 {
			env := f.env(r.Int64N(200)-100, r.Int64N(200)-100, r.Int64N(2000)-1000, r.Int64N(2000)-1000)
			holds, err := p.Eval(env)
			if err != nil {
				t.Fatal(err)
			}
			want, wantSel := int64(0), b
			if holds {
				want, wantSel = 1, a
			}
			if got, err := ind.Eval(env); err != nil || got != want {
				t.Errorf("[%s] at %v = %d, %v; want %d", p.Format(f.name), env, got, err, want)
			}
			w, _ := wantSel.Eval(env)
			if got, err := sel.Eval(env); err != nil || got != w {
				t.Errorf("select(%s) at %v = %d, %v; want %d", p.Format(f.name), env, got, err, w)
			}
			if got, ok := sel.Compile()(env); !ok || got != w {
				t.Errorf("compiled select(%s) at %v = %d, %v; want %d", p.Format(f.name), env, got, ok, w)
			}
		}
	}
	// The wrapping arithmetic gives back the chosen value even where a − b
	// overflows.
	p := Cmp(LT, f.TX, f.N)
	sel, _ := Select(p, f.K, Scale(f.TY, -1), always)
	env := f.env(0, math.MaxInt64, 1, math.MaxInt64)
	if got, _ := sel.Eval(env); got != math.MaxInt64 {
		t.Errorf("select at the extremes = %d; want %d", got, int64(math.MaxInt64))
	}
}

// TestSelectRefuses checks that Indicator and Select decline what they
// cannot encode: differences fits rejects, and operands that may be
// undefined.
func TestSelectRefuses(t *testing.T) {
	f := newFixture()
	always := func(x, y Expr) bool { return true }
	never := func(x, y Expr) bool { return false }
	if _, ok := Indicator(Cmp(LT, f.TX, f.N), never); ok {
		t.Error("Indicator ignored fits")
	}
	if _, ok := Indicator(Cmp(LT, Div(f.TX, f.N), C(3)), always); ok {
		t.Error("Indicator accepted a division by a symbol")
	}
	if _, ok := Select(Cmp(LT, f.TX, f.N), Div(f.K, f.TY), C(0), always); ok {
		t.Error("Select accepted a value that divides by a symbol")
	}
	if got, ok := Select(Cmp(LT, f.TX, f.N), f.K, f.K, never); !ok || !Equal(got, f.K) {
		t.Error("Select of equal values is not that value")
	}
}
