package fuzz

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/smemlint/smemlint/model"
)

// gen draws one kernel from a random source.
type gen struct {
	r     *rand.Rand
	spec  *Spec
	vars  []string // variables in scope: thread, block and loop indices
	loops int
	// careful: a race kernel with barriers wherever they fit (see races).
	careful bool
	// data: a race kernel has read d0 from the host's index array, for
	// indices to use.
	data bool
	opts Options
	// inDev: the device function's body is being drawn.
	inDev bool
}

// Options choose what the generator draws. The zero value is the default
// kernel stream: a seed names the same kernel whatever options were added
// since, as the corpus of failing seeds needs.
type Options struct {
	// Races draws kernels built to race or not (see races): phases of
	// shared-memory accesses through thread-index patterns, separated by
	// barriers, SyncWarps or nothing, in loops with and without a barrier
	// on the back edge. The check then compares the static race verdicts
	// with the simulator's hazard detector too.
	Races bool
	// The constructs of issue #11, each switched on alone as the engine
	// learns it:
	// NestedLoops: loops whose start or bound is an outer loop's variable
	// (for i1 := i0 / 2; i1 > 0; i1 >>= 1, for i1 := 0; i1 < i0; i1++),
	// under outer loops that double (for i0 := 2; i0 < 64; i0 <<= 1).
	NestedLoops bool
	// Carried: locals updated in loop bodies as index variables are:
	// j0 = (j0 + 4) & 63, j0 *= 2, j0 >>= 1.
	Carried bool
	// Reslice: a global slice advanced by re-slicing, g0 = g0[16:], Go's
	// form of CUDA's pointer advance.
	Reslice bool
	// Vector: slice-to-array conversions, [4]float32(s[i:i+4]) (its copy's
	// elements read after), and the array-pointer form *(*[2]float64)(s[i:])
	// for loads and stores: one 8- or 16-byte access each, at a multiple
	// of its size.
	Vector bool
	// Unaligned: half the vector accesses start at any element, not a
	// multiple of the vector's size (CUDA would fault; Go makes the
	// access, and the model splits it).
	Unaligned bool
}

// rerun says how to draw a seed's kernel again when options are on, for
// a failing seed's report.
func (o Options) rerun(seed uint64) string {
	if o.Races {
		return fmt.Sprintf(" (race kernel: go test -run TestRaceKernels ./simcheck/fuzz -first %d -racekernels 1)", seed)
	}
	var on []string
	for _, f := range []struct {
		on   bool
		name string
	}{{o.NestedLoops, "nested"}, {o.Carried, "carried"}, {o.Reslice, "reslice"}, {o.Vector, "vector"}, {o.Unaligned, "unaligned"}} {
		if f.on {
			on = append(on, f.name)
		}
	}
	if on == nil {
		return ""
	}
	return fmt.Sprintf(" (go test -run TestConstructs ./simcheck/fuzz -constructs %s -first %d -kernels 1)", strings.Join(on, ","), seed)
}

// Generate returns the random kernel of a seed.
func Generate(seed uint64) *Spec { return GenerateWith(seed, Options{}) }

// GenerateWith returns the random kernel of a seed under opts.
func GenerateWith(seed uint64, opts Options) *Spec {
	g := &gen{r: rand.New(rand.NewPCG(seed, 0x5eed)), spec: &Spec{Seed: seed, Opts: opts}, opts: opts}
	if opts.Races {
		g.races()
		return g.spec
	}
	g.shape()
	g.arrays()
	g.locals()
	g.spec.Exits = g.r.IntN(3) == 0
	if g.r.IntN(3) == 0 {
		// A device function, called from the top level: the analyzer
		// evaluates it in each calling context.
		g.inDev = true
		for range 1 + g.r.IntN(3) {
			g.spec.Dev = append(g.spec.Dev, g.stmt(0, true))
		}
		g.inDev = false
	}
	n := 2 + g.r.IntN(5)
	for range n {
		if g.spec.Dev != nil && g.r.IntN(4) == 0 {
			g.spec.Body = append(g.spec.Body, &Stmt{Kind: "call"})
			continue
		}
		g.spec.Body = append(g.spec.Body, g.stmt(0, true))
	}
	return g.spec
}

// locals adds, sometimes, the unknown parameter p0, the lane and warp
// indices, and local variables j0 and j1 that later statements may
// change.
func (g *gen) locals() {
	s := g.spec
	if g.r.IntN(4) == 0 {
		s.Param = pick(g.r, 1, 2, 3, 4, 7, 8, 16, 31, 32, 33, 64, 100, 1024)
		g.vars = append(g.vars, "p0")
	}
	if g.r.IntN(4) == 0 {
		g.vars = append(g.vars, "lane", "warp")
	}
	for i := range g.r.IntN(3) {
		s.Lets = append(s.Lets, g.expr(g.r.IntN(2) == 0, 1))
		g.vars = append(g.vars, fmt.Sprintf("j%d", i))
	}
}

func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

func (g *gen) shape() {
	s := g.spec
	for {
		s.Block = [3]int{pick(g.r, 32, 32, 64, 16, 8, 48, 96, 128, 256, 40, 33, 100, 1, 2),
			pick(g.r, 1, 1, 1, 2, 4, 8, 3), pick(g.r, 1, 1, 1, 1, 2)}
		if s.Threads() <= 512 {
			break
		}
	}
	s.Grid = [2]int{1 + g.r.IntN(3), 1}
	if g.r.IntN(4) == 0 {
		s.Grid[1] = 2
	}
	s.Arch = pick(g.r, "sm_90", "sm_90", "sm_90", "sm_80", "sm_70", "sm_50", "sm_3x", "sm_2x", "sm_1x")
	g.vars = []string{"tx"}
	if s.Block[1] > 1 {
		g.vars = append(g.vars, "ty")
	}
	if s.Block[2] > 1 {
		g.vars = append(g.vars, "tz")
	}
	if s.Grid[0] > 1 {
		g.vars = append(g.vars, "bx")
	}
	if s.Grid[1] > 1 {
		g.vars = append(g.vars, "by")
	}
}

func (g *gen) arrays() {
	s := g.spec
	end := int64(0)
	maxShared := int64(model.MustLookup(s.Arch).StaticSharedPerBlock)
	for i, n := 0, 1+g.r.IntN(3); i < n; i++ {
		e := pick(g.r, Elems...)
		a := &Array{Name: fmt.Sprintf("s%d", i), Shared: true, Elem: e}
		if g.r.IntN(3) == 0 {
			cols := pick(g.r, 8, 16, 32, 33, 17, 64, 65, 4)
			a.Dims = []int{pick(g.r, 8, 16, 32, 64), cols}
		} else {
			a.Dims = []int{pick(g.r, 32, 64, 128, 256, 512, 1024, 2048)}
		}
		base := (end + 15) &^ 15
		if base+int64(a.Len()*e.Size) > maxShared {
			continue
		}
		a.Base, end = base, base+int64(a.Len()*e.Size)
		s.Arrays = append(s.Arrays, a)
	}
	for i, n := 0, 1+g.r.IntN(2); i < n; i++ {
		e := pick(g.r, Elems...)
		s.Arrays = append(s.Arrays, &Array{Name: fmt.Sprintf("g%d", i), Elem: e,
			Dims: []int{pick(g.r, 64, 256, 1024, 4096)}})
	}
}

// stmt draws a statement at nesting depth d; top says whether a barrier
// may go here (not under a guard or a divergent loop).
func (g *gen) stmt(d int, top bool) *Stmt {
	if g.opts.constructs() && g.r.IntN(3) == 0 {
		if st := g.construct(d, top); st != nil {
			return st
		}
	}
	switch k := g.r.IntN(12); {
	case k < 2 && d < 2:
		return g.ifStmt(d)
	case k < 4 && d < 2 && g.loops < 2:
		return g.forStmt(d, top)
	case k == 4 && top && !g.spec.Exits:
		return &Stmt{Kind: "sync"}
	case k == 5 && len(g.spec.Lets) > 0:
		st := &Stmt{Kind: "assign", Var: fmt.Sprintf("j%d", g.r.IntN(len(g.spec.Lets))),
			Assign: pick(g.r, "=", "+="), X: g.expr(g.r.IntN(2) == 0, 1)}
		if g.opts.Carried && g.loops > 0 && g.r.IntN(2) == 0 {
			g.carried(st)
		}
		return st
	case k == 5 && g.opts.Reslice && !g.inDev && g.r.IntN(2) == 0:
		var globals []int
		for i, a := range g.spec.Arrays {
			if !a.Shared {
				globals = append(globals, i)
			}
		}
		return &Stmt{Kind: "reslice", Array: pick(g.r, globals...), StepN: pick(g.r, 1, 4, 8, 16, 32)}
	case k == 6 && g.spec.Exits && d > 0:
		kinds := []string{"return"}
		if g.loops > 0 {
			kinds = append(kinds, "break", "continue")
		}
		return &Stmt{Kind: pick(g.r, kinds...)}
	}
	return g.access()
}

func (g *gen) ifStmt(d int) *Stmt {
	s := &Stmt{Kind: "if", Cond: g.cond(0)}
	for range 1 + g.r.IntN(2) {
		s.Body = append(s.Body, g.stmt(d+1, false))
	}
	if g.r.IntN(3) == 0 {
		s.Else = append(s.Else, g.stmt(d+1, false))
	}
	return s
}

func (g *gen) forStmt(d int, top bool) *Stmt {
	v := fmt.Sprintf("i%d", g.loops)
	s := &Stmt{Kind: "for", Var: v, Loop: g.spec.Loops}
	g.spec.Loops++
	kind := g.r.IntN(4)
	if g.opts.NestedLoops && g.r.IntN(2) == 0 {
		kind = 4
		g.nested(s)
	}
	switch kind {
	case 4:
	case 0:
		s.From, s.Step, s.StepN, s.To = 0, "++", 1, 1+g.r.IntN(5)
	case 1:
		s.From, s.Step, s.StepN = g.r.IntN(4), "+=", 1+g.r.IntN(7)
		s.To = s.From + s.StepN*(1+g.r.IntN(4))
	case 2:
		s.From, s.Step = 1<<g.r.IntN(6), ">>="
	default:
		s.From, s.Step, s.StepN = 0, "++", 1
		s.ToThread = &Expr{Op: "%", X: g.affine(false), Y: &Expr{Op: "c", C: 2 + g.r.IntN(4)}}
		top = false
	}
	g.loops++
	g.vars = append(g.vars, v)
	for range 1 + g.r.IntN(2) {
		s.Body = append(s.Body, g.stmt(d+1, top))
	}
	g.vars = g.vars[:len(g.vars)-1]
	g.loops--
	return s
}

// constructs reports whether any of the constructs of #11 is on.
func (o Options) constructs() bool { return o.NestedLoops || o.Carried || o.Reslice || o.Vector }

// construct draws, where it fits, a statement of one of the constructs
// that are on, so that each is met often: a loop bounded by the loop
// around it, a carried update, a re-slicing, a vector access.
func (g *gen) construct(d int, top bool) *Stmt {
	switch k := g.r.IntN(4); {
	case k == 0 && g.opts.NestedLoops && d < 2 && g.loops == 1:
		s := g.forStmt(d, top)
		return s
	case k == 1 && g.opts.Carried && g.loops > 0 && len(g.spec.Lets) > 0:
		s := &Stmt{Kind: "assign", Var: fmt.Sprintf("j%d", g.r.IntN(len(g.spec.Lets)))}
		g.carried(s)
		return s
	case k == 2 && g.opts.Reslice && !g.inDev:
		var globals []int
		for i, a := range g.spec.Arrays {
			if !a.Shared {
				globals = append(globals, i)
			}
		}
		return &Stmt{Kind: "reslice", Array: pick(g.r, globals...), StepN: pick(g.r, 1, 4, 8, 16, 32)}
	case k == 3 && g.opts.Vector:
		return g.access()
	}
	return nil
}

// nested makes s a loop whose start or bound is the variable of the loop
// around it, or, outermost, a loop that doubles its variable.
func (g *gen) nested(s *Stmt) {
	if g.loops == 0 {
		s.From, s.Step, s.To = 1<<g.r.IntN(2), "<<=", pick(g.r, 8, 16, 32, 64)
		return
	}
	outer := &Expr{Op: fmt.Sprintf("i%d", g.loops-1)}
	switch g.r.IntN(3) {
	case 0:
		// A tree: for i1 := i0 / 2; i1 > 0; i1 >>= 1.
		s.FromX, s.Step = &Expr{Op: "/", X: outer, Y: &Expr{Op: "c", C: 2}}, ">>="
	case 1:
		// A triangle: for i1 := 0; i1 < i0; i1++.
		s.From, s.Step, s.StepN, s.ToX = 0, "++", 1, outer
	default:
		// for i1 := i0; i1 < 16; i1 += 4.
		s.FromX, s.Step, s.StepN, s.To = outer, "+=", pick(g.r, 1, 2, 4), pick(g.r, 8, 16)
	}
}

// carried makes an assignment one of the updates a loop-carried index
// variable gets: j0 = (j0 + 4) & 63, j0 *= 2, j0 >>= 1.
func (g *gen) carried(s *Stmt) {
	v := &Expr{Op: s.Var}
	switch g.r.IntN(3) {
	case 0:
		s.Assign, s.X = "=", &Expr{Op: "&", X: &Expr{Op: "+", X: v, Y: &Expr{Op: "c", C: pick(g.r, 1, 4, 16, 32)}},
			Y: &Expr{Op: "c", C: pick(g.r, 31, 63, 255)}}
	case 1:
		s.Assign, s.X = "*=", &Expr{Op: "c", C: 2}
	default:
		s.Assign, s.X = ">>=", &Expr{Op: "c", C: 1}
	}
}

// vector makes s, a load or store of a 1-D array of float32, int32 or
// float64, a vector access of 2 or 4 elements: a conversion of a slice to
// an array, or to an array pointer.
func (g *gen) vector(s *Stmt, a *Array) {
	w := 2
	if a.Elem.Size == 4 && g.r.IntN(2) == 0 {
		w = 4
	}
	s.Vec = w
	s.Form = pick(g.r, "conv", "ptr")
	if s.Kind == "store" {
		s.Form = "ptr"
	}
	start := &Expr{Op: "*", X: g.bounded(a.Dims[0] / w), Y: &Expr{Op: "c", C: w}}
	if g.opts.Unaligned && g.r.IntN(2) == 0 {
		// Not aligned to the vector's size: the model splits it.
		start = g.bounded(a.Dims[0] - w)
	}
	s.Index = []*Expr{start}
}

// access draws a load, store, update or copy of a random element.
func (g *gen) access() *Stmt {
	s := &Stmt{Array: g.r.IntN(len(g.spec.Arrays)), Load: -1, Store: -1}
	a := g.spec.Arrays[s.Array]
	s.Index = g.index(a)
	kinds := []string{"load", "store", "copy"}
	if a.Elem.Numeric {
		kinds = append(kinds, "update")
	}
	s.Kind = pick(g.r, kinds...)
	if a.Elem.Name == "p3" && s.Kind != "copy" && g.r.IntN(2) == 0 {
		s.Field = pick(g.r, "A", "B", "C")
	}
	if g.opts.Vector && (s.Kind == "load" || s.Kind == "store") && len(a.Dims) == 1 && s.Field == "" &&
		(a.Elem.Name == "float32" || a.Elem.Name == "int32" || a.Elem.Name == "float64") && g.r.IntN(2) == 0 {
		g.vector(s, a)
	}
	if s.Kind == "copy" {
		var same []int
		for i, b := range g.spec.Arrays {
			if b.Elem.Name == a.Elem.Name {
				same = append(same, i)
			}
		}
		s.Src = pick(g.r, same...)
		s.SrcIndex = g.index(g.spec.Arrays[s.Src])
	}
	if s.Kind != "store" {
		s.Load = g.site()
	}
	if s.Kind != "load" {
		s.Store = g.site()
	}
	return s
}

func (g *gen) site() int32 {
	g.spec.Sites++
	return g.spec.Sites - 1
}

// index draws one in-range index per dimension of a.
func (g *gen) index(a *Array) []*Expr {
	var out []*Expr
	for _, n := range a.Dims {
		out = append(out, g.bounded(n))
	}
	return out
}

// bounded returns an expression whose value lies in [0, n): a random one
// masked with n-1 for a power of two, taken modulo n when it cannot be
// negative, else masked with the largest power of two below n.
func (g *gen) bounded(n int) *Expr {
	nonneg := g.r.IntN(2) == 0
	e := g.expr(nonneg, 0)
	switch {
	case n&(n-1) == 0:
		return &Expr{Op: "&", X: e, Y: &Expr{Op: "c", C: n - 1}}
	case nonneg:
		return &Expr{Op: "%", X: e, Y: &Expr{Op: "c", C: n}}
	}
	p := 1
	for p*2 <= n {
		p *= 2
	}
	return &Expr{Op: "&", X: e, Y: &Expr{Op: "c", C: p - 1}}
}

// expr draws a quasi-affine expression; nonneg keeps it from going
// negative (no subtraction, no negative coefficient).
func (g *gen) expr(nonneg bool, depth int) *Expr {
	e := g.affine(nonneg)
	if depth < 2 && g.r.IntN(3) == 0 {
		switch op := pick(g.r, "/", "%", "<<", ">>", "&", "^", "|", "*", "+", "min", "max"); op {
		case "min", "max":
			e = &Expr{Op: op, X: e, Y: &Expr{Op: "c", C: pick(g.r, 0, 7, 16, 31, 100)}}
		case "/", "%":
			e = &Expr{Op: op, X: e, Y: &Expr{Op: "c", C: pick(g.r, 2, 3, 4, 5, 8, 16, 32)}}
		case "<<", ">>":
			e = &Expr{Op: op, X: e, Y: &Expr{Op: "c", C: 1 + g.r.IntN(4)}}
		case "&", "^", "|":
			e = &Expr{Op: op, X: e, Y: &Expr{Op: "c", C: pick(g.r, 1, 3, 7, 15, 16, 31, 12)}}
		case "*":
			e = &Expr{Op: op, X: e, Y: &Expr{Op: "c", C: pick(g.r, 2, 3, 4, 17, 32, 33)}}
		default:
			e = &Expr{Op: op, X: e, Y: g.expr(nonneg, depth+1)}
		}
	}
	return e
}

// affine draws c0 + c1*v1 + ... over one to three variables in scope.
func (g *gen) affine(nonneg bool) *Expr {
	e := &Expr{Op: "c", C: pick(g.r, 0, 0, 0, 1, 2, 3, 5, 16, 32, 33, 64)}
	vars := g.vars
	if nonneg {
		// Locals may have gone negative.
		vars = slices.DeleteFunc(slices.Clone(vars), func(v string) bool { return v[0] == 'j' })
	}
	for range 1 + g.r.IntN(3) {
		v := &Expr{Op: pick(g.r, vars...)}
		c := pick(g.r, 1, 1, 1, 2, 3, 4, 8, 16, 17, 31, 32, 33, 64)
		term := v
		if c != 1 {
			term = &Expr{Op: "*", X: &Expr{Op: "c", C: c}, Y: v}
		}
		op := "+"
		if !nonneg && g.r.IntN(4) == 0 {
			op = "-"
		}
		e = &Expr{Op: op, X: e, Y: term}
	}
	return e
}

// cond draws a guard over the variables in scope.
func (g *gen) cond(depth int) *Cond {
	if depth == 0 && g.r.IntN(4) == 0 {
		return &Cond{Join: pick(g.r, "&&", "||"), A: g.cond(1), B: g.cond(1)}
	}
	x := g.expr(g.r.IntN(2) == 0, 1)
	return &Cond{X: x, Cmp: pick(g.r, "<", "<=", "==", "!=", ">", ">="), C: pick(g.r, 0, 1, 3, 8, 16, 17, 24, 31, 32, 40, 64, 100)}
}
