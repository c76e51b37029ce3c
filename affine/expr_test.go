package affine

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fixture is a table with thread symbols tx, ty and uniform symbols n, k.
type fixture struct {
	tab          Table
	tx, ty, n, k Sym
	TX, TY, N, K Expr
	name         func(Sym) string
	isThread     func(Sym) bool
	env          func(tx, ty, n, k int64) Env
}

func newFixture() *fixture {
	f := &fixture{}
	f.tx = f.tab.New("tx", Thread)
	f.ty = f.tab.New("ty", Thread)
	f.n = f.tab.New("n", Uniform)
	f.k = f.tab.New("k", Uniform)
	f.TX, f.TY, f.N, f.K = S(f.tx), S(f.ty), S(f.n), S(f.k)
	f.name = f.tab.Name
	f.isThread = f.tab.IsThread
	f.env = func(tx, ty, n, k int64) Env { return Env{tx, ty, n, k} }
	return f
}

func TestNormalForm(t *testing.T) {
	f := newFixture()
	cases := []struct {
		name string
		got  Expr
		want string
	}{
		{"sum order", Add(f.TY, Scale(f.TX, 33)), "tx*33 + ty"},
		{"commutes", Add(Scale(f.TX, 33), f.TY), "tx*33 + ty"},
		{"cancel", Sub(Add(f.TX, C(5)), f.TX), "5"},
		{"distribute", Mul(Add(f.TX, C(1)), Add(f.N, C(2))), "tx*2 + n + (tx*n) + 2"},
		{"product commutes", Sub(Mul(f.TX, f.N), Mul(f.N, f.TX)), "0"},
		{"shift left is scale", Shl(f.TX, C(3)), "tx*8"},
		{"exact division", Div(Add(Scale(f.TX, 32), C(64)), C(32)), "tx + 2"},
		{"nested division", Div(Div(f.TX, C(2)), C(4)), "tx/8"},
		{"division kept", Div(Add(f.TX, C(1)), C(2)), "(tx + 1)/2"},
		{"mod of multiple", Mod(Scale(f.TX, 32), C(32)), "0"},
		{"mod kept", Mod(f.TX, C(16)), "tx%16"},
		{"xor self", Xor(f.TX, f.TX), "0"},
		{"xor commutes", Sub(Xor(f.TX, f.TY), Xor(f.TY, f.TX)), "0"},
		{"and zero", And(f.TX, C(0)), "0"},
		{"or zero", Or(f.TX, C(0)), "tx"},
		{"min const", Min(Add(f.TX, C(1)), Add(f.TX, C(3))), "tx + 1"},
		{"max kept", Max(f.TX, f.N), "max(tx, n)"},
		{"div by one", Div(f.TX, C(1)), "tx"},
		{"constant fold", Mod(C(17), C(5)), "2"},
		{"negative constant", Sub(C(31), f.TX), "-tx + 31"},
		{"index", Add(Mul(Add(Mul(f.N, C(0)), f.TY), f.N), f.TX), "tx + (ty*n)"},
	}
	for _, c := range cases {
		if got := c.got.Format(f.name); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

func TestEqual(t *testing.T) {
	f := newFixture()
	a := Add(Mul(f.TY, C(32)), f.TX)
	b := Add(f.TX, Shl(f.TY, C(5)))
	if !Equal(a, b) {
		t.Errorf("%v and %v differ", a, b)
	}
	if Equal(a, Add(a, C(1))) {
		t.Error("a == a+1")
	}
}

// TestEvalMatchesGo compares Eval with Go's own arithmetic on random
// values, negative ones included, for every operation.
func TestEvalMatchesGo(t *testing.T) {
	f := newFixture()
	type op struct {
		name string
		expr Expr
		gold func(tx, ty, n, k int64) int64
	}
	ops := []op{
		{"affine", Add(Scale(f.TX, 33), Sub(f.TY, C(7))), func(tx, ty, n, k int64) int64 { return tx*33 + ty - 7 }},
		{"mul", Mul(Add(f.TX, f.K), f.N), func(tx, ty, n, k int64) int64 { return (tx + k) * n }},
		{"div", Div(Add(f.TX, f.N), C(4)), func(tx, ty, n, k int64) int64 { return (tx + n) / 4 }},
		{"div sym", Div(f.N, Add(f.K, C(100))), func(tx, ty, n, k int64) int64 { return n / (k + 100) }},
		{"mod", Mod(Sub(f.TX, f.N), C(8)), func(tx, ty, n, k int64) int64 { return (tx - n) % 8 }},
		{"nested div", Div(Div(f.TY, C(3)), C(5)), func(tx, ty, n, k int64) int64 { return ty / 3 / 5 }},
		{"shr", Shr(f.TX, C(2)), func(tx, ty, n, k int64) int64 { return tx >> 2 }},
		{"shl sym", Shl(f.TX, Mod(f.K, C(4))), func(tx, ty, n, k int64) int64 {
			s := k % 4
			if s < 0 {
				return 0
			}
			return tx << s
		}},
		{"and", And(f.TX, C(7)), func(tx, ty, n, k int64) int64 { return tx & 7 }},
		{"or", Or(f.TX, f.TY), func(tx, ty, n, k int64) int64 { return tx | ty }},
		{"xor swizzle", Add(Scale(f.TX, 32), Xor(f.TY, f.TX)), func(tx, ty, n, k int64) int64 { return tx*32 + (ty ^ tx) }},
		{"andnot", AndNot(f.TX, C(3)), func(tx, ty, n, k int64) int64 { return tx &^ 3 }},
		{"min", Min(f.TX, f.N), func(tx, ty, n, k int64) int64 { return min(tx, n) }},
		{"max", Max(Add(f.TX, C(1)), f.TY), func(tx, ty, n, k int64) int64 { return max(tx+1, ty) }},
		// Products that wrap at 64 bits, as Go computes them: dividing
		// the coefficient back out would be exact only without the wrap.
		{"wrapping div", Div(Scale(f.TX, 1<<62), C(1<<58)), func(tx, ty, n, k int64) int64 { return tx * (1 << 62) / (1 << 58) }},
		{"wrapping nonneg div", DivNonNeg(Scale(f.TX, 1<<62), 1<<58, func(Sym) bool { return true }), func(tx, ty, n, k int64) int64 { return tx * (1 << 62) / (1 << 58) }},
		{"wrapping mod", Mod(Scale(f.TY, 3<<61), C(3)), func(tx, ty, n, k int64) int64 { return ty * (3 << 61) % 3 }},
		{"wrapping nested div", Div(Div(Scale(f.TX, 5), C(1<<40)), C(1<<30)), func(tx, ty, n, k int64) int64 { return tx * 5 / (1 << 40) / (1 << 30) }},
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, o := range ops {
		for i := 0; i < 2000; i++ {
			tx, ty, n, k := r.Int64N(200)-50, r.Int64N(200)-50, r.Int64N(2000)-1000, r.Int64N(20)
			if o.name == "shl sym" && k%4 < 0 {
				continue
			}
			got, err := o.expr.Eval(f.env(tx, ty, n, k))
			if err != nil {
				t.Fatalf("%s: %v", o.name, err)
			}
			if want := o.gold(tx, ty, n, k); got != want {
				t.Fatalf("%s at tx=%d ty=%d n=%d k=%d: %d, Go computes %d", o.name, tx, ty, n, k, got, want)
			}
		}
	}
}

func TestEvalUndefined(t *testing.T) {
	f := newFixture()
	_, err := Div(f.TX, f.N).Eval(f.env(1, 0, 0, 0))
	if !errors.Is(err, ErrUndefined) {
		t.Errorf("division by zero: err %v, want ErrUndefined", err)
	}
}

func TestSplitAndSyms(t *testing.T) {
	f := newFixture()
	e := Add(Add(Scale(f.TX, 4), Mul(f.N, f.K)), Add(Div(f.TY, C(2)), C(9)))
	dep, rest := Split(e, f.isThread)
	got := []string{dep.Format(f.name), rest.Format(f.name)}
	if diff := cmp.Diff([]string{"tx*4 + (ty/2)", "(n*k) + 9"}, got); diff != "" {
		t.Errorf("Split (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]Sym{f.tx, f.ty, f.n, f.k}, e.Syms()); diff != "" {
		t.Errorf("Syms (-want +got):\n%s", diff)
	}
	if !Equal(Add(dep, rest), e) {
		t.Error("dep + rest != e")
	}
}

func TestSubst(t *testing.T) {
	f := newFixture()
	// i = tx + k*n with k = 3 and n = 32.
	e := Add(f.TX, Mul(f.K, f.N))
	got := Subst(Subst(e, f.k, C(3)), f.n, C(32))
	if s := got.Format(f.name); s != "tx + 96" {
		t.Errorf("Subst: %s, want tx + 96", s)
	}
	// Substitution renormalises inside atoms: (tx + n)/32 with n = 32*k.
	d := Subst(Div(Add(Scale(f.TX, 32), f.N), C(32)), f.n, Scale(f.K, 32))
	if s := d.Format(f.name); s != "tx + k" {
		t.Errorf("Subst in division: %s, want tx + k", s)
	}
}

func TestPred(t *testing.T) {
	f := newFixture()
	p := AndP(Cmp(LT, f.TX, f.N), NotP(Cmp(EQ, Mod(f.TX, C(2)), C(1))))
	cases := []struct {
		tx, n int64
		want  bool
	}{{0, 4, true}, {1, 4, false}, {2, 4, true}, {4, 4, false}, {6, 4, false}}
	for _, c := range cases {
		got, err := p.Eval(f.env(c.tx, 0, c.n, 0))
		if err != nil || got != c.want {
			t.Errorf("p(tx=%d, n=%d) = %v, %v; want %v", c.tx, c.n, got, err, c.want)
		}
	}
	if v, ok := Cmp(LT, Add(f.TX, C(1)), Add(f.TX, C(2))).IsConst(); !ok || !v {
		t.Error("tx+1 < tx+2 not folded to true")
	}
	if got := p.Format(f.name); got != "tx < n && tx%2 != 1" {
		t.Errorf("Format: %s", got)
	}
	if !p.DependsOn(f.isThread) || Cmp(GT, f.N, f.K).DependsOn(f.isThread) {
		t.Error("DependsOn wrong")
	}
	q := MapP(p, func(s Sym) (Expr, bool) {
		if s == f.n {
			return C(0), true
		}
		return Expr{}, false
	})
	if got := q.Format(f.name); got != "tx < 0 && tx%2 != 1" {
		t.Errorf("MapP: %s", got)
	}
}

func TestSize(t *testing.T) {
	f := newFixture()
	e := Add(Scale(f.TX, 4), Div(Add(f.TY, f.N), C(2)))
	if got := e.Size(100); got != 4 {
		t.Errorf("Size = %d, want 4 (tx, div, ty, n)", got)
	}
	x := Add(f.TX, f.N)
	for i := 0; i < 3; i++ {
		x = Add(Mul(x, x), C(1))
	}
	if got := x.Size(50); got != 50 {
		t.Errorf("Size of a blown-up product = %d, want the cap 50", got)
	}
}

// TestCompileMatchesEval checks compiled programs against Eval on random
// expressions built from every operation.
func TestCompileMatchesEval(t *testing.T) {
	f := newFixture()
	r := rand.New(rand.NewPCG(3, 4))
	leaves := []Expr{f.TX, f.TY, f.N, f.K, C(0), C(1), C(3), C(32)}
	var build func(depth int) Expr
	build = func(depth int) Expr {
		if depth == 0 {
			return leaves[r.IntN(len(leaves))]
		}
		a, b := build(depth-1), build(depth-1)
		switch r.IntN(11) {
		case 0:
			return Add(a, b)
		case 1:
			return Sub(a, b)
		case 2:
			return Mul(a, b)
		case 3:
			return Div(a, b)
		case 4:
			return Mod(a, b)
		case 5:
			return Shr(a, Mod(b, C(8)))
		case 6:
			return And(a, b)
		case 7:
			return Xor(a, b)
		case 8:
			return Min(a, b)
		case 9:
			return Max(a, b)
		}
		return Or(a, b)
	}
	for i := 0; i < 500; i++ {
		e := build(3)
		p := Cmp(LT, e, build(2))
		prog, pprog := e.Compile(), p.Compile()
		for j := 0; j < 20; j++ {
			env := f.env(r.Int64N(64), r.Int64N(64)-8, r.Int64N(100)-20, r.Int64N(9))
			want, err := e.Eval(env)
			got, ok := prog(env)
			if (err == nil) != ok || ok && got != want {
				t.Fatalf("%s at %v: compiled %d, %v; Eval %d, %v", e, env, got, ok, want, err)
			}
			wantP, errP := p.Eval(env)
			gotP, okP := pprog(env)
			if (errP == nil) != okP || okP && gotP != wantP {
				t.Fatalf("%s at %v: compiled %v, %v; Eval %v, %v", p.Format(f.name), env, gotP, okP, wantP, errP)
			}
		}
	}
}

func TestDivModNonNeg(t *testing.T) {
	f := newFixture()
	all := func(Sym) bool { return true }
	none := func(Sym) bool { return false }
	e := Add(Scale(f.N, 512), f.TX) // 512*n + tx
	cases := []struct {
		got  Expr
		want string
	}{
		{DivNonNeg(e, 32, all), "n*16 + (tx/32)"},
		{ModNonNeg(e, 32, all), "tx%32"},
		{DivNonNeg(e, 32, none), "(tx + n*512)/32"},
		{DivNonNeg(Sub(e, C(1)), 32, all), "(tx + n*512 - 1)/32"},
		{DivNonNeg(Add(e, C(70)), 32, all), "n*16 + ((tx + 6)/32) + 2"},
	}
	for _, c := range cases {
		if got := c.got.Format(f.name); strings.Trim(got, "()") != strings.Trim(c.want, "()") {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
	// The rewriting agrees with Go's arithmetic on non-negative values.
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 1000; i++ {
		env := f.env(r.Int64N(1024), 0, r.Int64N(100), 0)
		for _, d := range []int64{1, 3, 32, 64} {
			x, _ := Add(e, C(5)).Eval(env)
			q, _ := DivNonNeg(Add(e, C(5)), d, all).Eval(env)
			m, _ := ModNonNeg(Add(e, C(5)), d, all).Eval(env)
			if q != x/d || m != x%d {
				t.Fatalf("x=%d d=%d: %d, %d; want %d, %d", x, d, q, m, x/d, x%d)
			}
		}
	}
}

// TestCompileLinearMatchesCompile checks Linear and LinearPred against the
// general programs on random expressions, mostly linear in tx and ty with
// uniform factors, some not (which CompileLinear must refuse).
func TestCompileLinearMatchesCompile(t *testing.T) {
	f := newFixture()
	r := rand.New(rand.NewPCG(5, 6))
	vars := [3]Sym{f.tx, f.ty, f.tx}
	uniform := []Expr{f.N, f.K, C(0), C(3), Div(f.N, f.K), Mod(f.N, C(7))}
	var build func(depth int) Expr
	build = func(depth int) Expr {
		if depth == 0 {
			return []Expr{f.TX, f.TY, f.N, f.K, C(5)}[r.IntN(5)]
		}
		a := build(depth - 1)
		u := uniform[r.IntN(len(uniform))]
		switch r.IntN(6) {
		case 0:
			return Add(a, build(depth-1))
		case 1:
			return Sub(a, Mul(u, build(depth-1)))
		case 2:
			return Mul(a, u)
		case 3:
			return Mul(a, build(depth-1)) // tx*ty is not linear
		case 4:
			return Div(a, C(4)) // nor is tx/4
		}
		return Add(Mul(f.TX, u), Mul(u, f.TY))
	}
	linear, refused := 0, 0
	for i := 0; i < 2000; i++ {
		e := build(3)
		p := Cmp(GE, e, build(2))
		prog, pprog := e.Compile(), p.Compile()
		l, ok := e.CompileLinear(vars)
		lp, okP := p.CompileLinear(vars)
		if !ok {
			refused++
			continue
		}
		linear++
		for j := 0; j < 10; j++ {
			env := f.env(0, 0, r.Int64N(100)-20, r.Int64N(9))
			l.Bind(env)
			if okP {
				lp.Bind(env)
			}
			for k := 0; k < 5; k++ {
				x, y := r.Int64N(64), r.Int64N(64)-8
				env[f.tx], env[f.ty] = x, y
				want, wantOK := prog(env)
				got, gotOK := l.At(x, y, 0)
				if wantOK != gotOK || wantOK && got != want {
					t.Fatalf("%s at %v: linear %d, %v; compiled %d, %v", e.Format(f.name), env, got, gotOK, want, wantOK)
				}
				if okP {
					wantP, wantOK := pprog(env)
					gotP, gotOK := lp.At(x, y, 0)
					if wantOK != gotOK || wantOK && gotP != wantP {
						t.Fatalf("%s at %v: linear %v, %v; compiled %v, %v", p.Format(f.name), env, gotP, gotOK, wantP, wantOK)
					}
				}
			}
		}
	}
	if linear < 200 || refused < 200 {
		t.Errorf("%d linear and %d refused expressions: the test exercises too few of one kind", linear, refused)
	}
	if _, ok := Mul(f.TX, f.TY).CompileLinear(vars); ok {
		t.Error("tx*ty compiled as linear")
	}
	if _, ok := Div(f.TX, C(32)).CompileLinear(vars); ok {
		t.Error("tx/32 compiled as linear")
	}
}

// TestLinearPredMask wants Mask to say, for each lane of a run, what At
// says for its thread, for every comparison and for runs that start at
// any x.
func TestLinearPredMask(t *testing.T) {
	f := newFixture()
	r := rand.New(rand.NewPCG(14, 3))
	vars := [3]Sym{f.tx, f.ty, f.tx}
	factors := []Expr{f.N, f.K, C(0), C(1), C(-3), Div(f.N, f.K)}
	tried := 0
	for i := 0; i < 3000; i++ {
		op := CmpOp(r.IntN(int(NE) + 1))
		e := Add(Mul(f.TX, factors[r.IntN(len(factors))]), Mul(factors[r.IntN(len(factors))], f.TY))
		p := Cmp(op, Add(e, C(r.Int64N(200)-100)), factors[r.IntN(len(factors))])
		lp, ok := p.CompileLinear(vars)
		if !ok {
			continue // folded to a constant
		}
		tried++
		env := f.env(0, 0, r.Int64N(100)-20, r.Int64N(9))
		lp.Bind(env)
		x0, y, n := r.Int64N(64)-8, r.Int64N(64)-8, 1+r.IntN(32)
		mask, okM := lp.Mask(x0, y, 0, n)
		for lane := range n {
			want, wantOK := lp.At(x0+int64(lane), y, 0)
			if okM != wantOK || wantOK && (mask>>lane&1 == 1) != want {
				t.Fatalf("%s at %v, x0 %d, y %d: lane %d of mask %032b (%v), At %v (%v)", p.Format(f.name), env, x0, y, lane, mask, okM, want, wantOK)
			}
		}
		if mask>>n != 0 {
			t.Fatalf("%s: mask %032b has lanes past %d", p.Format(f.name), mask, n)
		}
	}
	if tried < 2000 {
		t.Errorf("only %d of 3000 comparisons were linear", tried)
	}
}

// TestLinearMaskMatchesCompile wants LinearMask to say, for each lane of a
// run, what the predicate's program says for its thread, on predicates
// that join linear comparisons (some undefined, dividing by k = 0) with and,
// or and not.
func TestLinearMaskMatchesCompile(t *testing.T) {
	f := newFixture()
	r := rand.New(rand.NewPCG(14, 4))
	vars := [3]Sym{f.tx, f.ty, f.tx}
	factors := []Expr{f.N, f.K, C(0), C(1), C(-3), Div(f.N, f.K)}
	// A third of the comparisons repeat an earlier one, as the guards of
	// merged branches do (the mask computes each once).
	var made []Pred
	cmp := func() Pred {
		if len(made) > 0 && r.IntN(3) == 0 {
			return made[r.IntN(len(made))]
		}
		e := Add(Mul(f.TX, factors[r.IntN(len(factors))]), Mul(factors[r.IntN(len(factors))], f.TY))
		p := Cmp(CmpOp(r.IntN(int(NE)+1)), Add(e, C(r.Int64N(200)-100)), factors[r.IntN(len(factors))])
		made = append(made[:min(len(made), 8)], p)
		return p
	}
	var build func(depth int) Pred
	build = func(depth int) Pred {
		if depth == 0 {
			return cmp()
		}
		switch r.IntN(4) {
		case 0:
			return NotP(build(depth - 1))
		case 1:
			return AndP(build(depth-1), build(depth-1))
		case 2:
			return OrP(build(depth-1), build(depth-1))
		}
		return cmp()
	}
	tried, undefined, mixed := 0, 0, 0
	for i := 0; i < 3000; i++ {
		p := build(1 + r.IntN(4))
		lm, ok := p.CompileLinearMask(vars)
		if !ok {
			t.Fatalf("%s: not compiled as a linear mask", p.Format(f.name))
		}
		prog := p.Compile()
		tried++
		env := f.env(0, 0, r.Int64N(100)-20, r.Int64N(9))
		lm.Bind(env)
		x0, y, n := r.Int64N(64)-8, r.Int64N(64)-8, 1+r.IntN(32)
		mask, okM := lm.Mask(x0, y, 0, n)
		if !okM {
			undefined++
		} else if mask != 0 && mask != uint32(1<<n-1) {
			mixed++
		}
		for lane := range n {
			env[f.tx], env[f.ty] = x0+int64(lane), y
			want, wantOK := prog(env)
			if okM != wantOK || wantOK && (mask>>lane&1 == 1) != want {
				t.Fatalf("%s at %v, x0 %d, y %d: lane %d of mask %032b (%v), program %v (%v)", p.Format(f.name), env, x0, y, lane, mask, okM, want, wantOK)
			}
			if at, atOK := lm.At(x0+int64(lane), y, 0); atOK != wantOK || wantOK && at != want {
				t.Fatalf("%s at %v: At %v (%v), program %v (%v)", p.Format(f.name), env, at, atOK, want, wantOK)
			}
		}
		if mask>>n != 0 {
			t.Fatalf("%s: mask %032b has lanes past %d", p.Format(f.name), mask, n)
		}
	}
	if undefined < 100 || mixed < 100 {
		t.Errorf("%d undefined and %d mixed masks of %d: the test exercises too few", undefined, mixed, tried)
	}
	if _, ok := OrP(Cmp(LT, f.TX, C(3)), Cmp(GT, Mul(f.TX, f.TY), C(0))).CompileLinearMask(vars); ok {
		t.Error("a predicate with tx*ty compiled as a linear mask")
	}
}

// TestImplied checks that every comparison Implied gives holds wherever the
// predicate holds.
func TestImplied(t *testing.T) {
	var tab Table
	x, y := tab.New("x", Thread), tab.New("y", Thread)
	lt := func(a Sym, c int64) Pred { return Cmp(LT, S(a), C(c)) }
	ge := func(a Sym, c int64) Pred { return Cmp(GE, S(a), C(c)) }
	preds := []Pred{
		NotP(OrP(ge(x, 5), ge(y, 3))),
		AndP(lt(x, 4), NotP(OrP(lt(y, 1), NotP(lt(x, 2))))),
		NotP(AndP(lt(x, 4), lt(y, 2))), // implies nothing
		OrP(lt(x, 4), lt(y, 2)),        // implies nothing
	}
	wantLen := []int{2, 3, 0, 0}
	for i, p := range preds {
		imp := p.Implied()
		if len(imp) != wantLen[i] {
			t.Errorf("%d: %d implied comparisons, want %d", i, len(imp), wantLen[i])
		}
		for vx := int64(-2); vx < 8; vx++ {
			for vy := int64(-2); vy < 8; vy++ {
				env := Env{vx, vy}
				if v, err := p.Eval(env); err != nil || !v {
					continue
				}
				for _, q := range imp {
					if v, err := q.Eval(env); err != nil || !v {
						t.Errorf("%d: at x=%d y=%d the predicate holds but %s does not", i, vx, vy, q.Format(tab.Name))
					}
				}
			}
		}
	}
}
