package enum

import (
	"fmt"
	"slices"
	"strings"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/search"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/uniform"
	"github.com/smemlint/smemlint/model"
)

// Request is one evaluated warp request of an access.
type Request struct {
	Req      model.Request
	Shared   model.SharedCost // shared accesses
	Global   model.GlobalCost // global accesses
	Warp     int
	Bindings string // the loop values, block index or hypothesis that produced it, "s = 16"

	// The values that produced it, kept cheaply until Bindings is needed.
	bind  [8]int64
	nbind int
	hypo  int64
}

// Eval is the evaluation of one access site in one context.
type Eval struct {
	Access   *ir.Access
	Requests int
	Worst    Request
	// Figures are the distinct per-request figures (wavefronts or sectors).
	Figures []int
	// Exact is true when every request was evaluated with concrete values:
	// no guard assumed true, no unknown offset, no guessed stride.
	Exact bool
	// Assumed lists the assumptions behind a figure that is not exact.
	Assumed []string
	// Stride names the unknown that multiplies the thread index when the
	// figure rests on tried values; Threshold is the smallest tried value
	// from which on the worst figure holds.
	Stride    string
	Threshold int64
	// Skip says why the access was not evaluated; the other fields are
	// then empty.
	Skip string
	// Total is the sum of the figures of the requests evaluated (each
	// combination of the values the figure depends on once), when the
	// evaluation is exact (0 otherwise); Total/Requests is the mean figure
	// per request.
	Total int
	// BlockRequests and BlockTotal are what one block makes, counting every
	// request of every iteration as a profiler does (the mean block where
	// the figure depends on the block index); 0 when not known.
	BlockRequests, BlockTotal float64
	// LaneData names the conditions on data that may differ between the
	// lanes of a warp, under which the access was priced as if every lane
	// took the way to it: "passes std[j] <= eps (correlation.go:33)";
	// LaneWhy says what the data is ("data read from memory"). OneLane is
	// then the worst request's figure with one lane on, the least a warp
	// that makes the request can cost.
	LaneData []string
	LaneWhy  string
	OneLane  int
	// Definite is true when the worst request's waste can be shown: it
	// does not rest on an unknown stride, or the stride gives it for every
	// tried value from 32 on (so it does not hinge on a small value).
	Definite bool
	// Bound, when not "", says why each figure is a bound, not a count:
	// each lane's address is one of several that the data decides (the
	// lanes choose among shared arrays by data read from memory), and
	// the figure is model.SharedBound's over every choice. Worst.Req
	// then holds each lane's first candidate.
	Bound string
}

// Shown reports whether the access wastes bandwidth for certain: its worst
// request exceeds the ideal and Definite holds.
func (ev *Eval) Shown() bool {
	return ev.Skip == "" && ev.Definite && ev.Worst.Excess(ev.Access.Shared()) > 0
}

// Mean is the mean figure per request over the requests evaluated, and
// false when the evaluation is not exact.
func (ev *Eval) Mean() (float64, bool) {
	if ev.Total == 0 || ev.Requests == 0 {
		return 0, false
	}
	return float64(ev.Total) / float64(ev.Requests), true
}

// Metric is the figure of a request: wavefronts for shared memory,
// sectors for global memory.
func (r Request) Metric(shared bool) int { return r.cost(shared).Figure() }

// Ideal is the request's figure without conflicts or waste.
func (r Request) Ideal(shared bool) int { return r.cost(shared).Ideal() }

// cost is the request's model.Cost in the given space.
func (r Request) cost(shared bool) model.Cost {
	return model.Cost{InShared: shared, Shared: r.Shared, Global: r.Global}
}

// Excess is how far a request is from its ideal.
func (r Request) Excess(shared bool) int { return r.Metric(shared) - r.Ideal(shared) }

// enumerator evaluates the requests of one access.
type enumerator struct {
	ctx    *ir.Context
	a      *ir.Access
	shared bool
	guards []affine.Pred // guard conjuncts evaluated per lane
	// enum are the symbols enumerated concretely, with their values.
	enum    []affine.Sym
	domains [][]int64
	// weights[i][j] is how many values domains[i][j] stands for (nil:
	// each one itself), and sizes[i] how many values domains[i] stands
	// for in all (see classes).
	weights [][]int64
	sizes   []int64
	joints  []*ir.Joint // the combinations of enum's values that occur
	// unknownU are the unknown symbols of the uniform part of the address,
	// replaced by each residue in turn.
	unknownU []affine.Sym
	residues []int64
	stride   affine.Sym // the entangled unknown, tried with hypotheses
	hasHypo  bool
	// addr is the access's address with every unknown uniform factor of a
	// thread-dependent product replaced by a symbol of its own, numbered
	// after the context's symbols (the context is shared and read-only).
	addr  affine.Expr
	synth []string // names of those symbols
	// alts are the addresses a lane may take where the lanes choose among
	// them by data (ir.Access.Alts), each compiled in altProgs; buf.cands
	// holds, per lane of the warp evaluated, the values they take.
	alts     []affine.Expr
	altProgs []affine.Program
	// The hot loop's compiled forms (compile): the linear form where there
	// is one, else the program.
	compiled   bool
	undefined  int // lanes whose index was undefined (division by zero, negative shift)
	addrProg   affine.Program
	guardProgs []affine.PredProgram
	linAddr    *affine.Linear       // the address when linear in the thread index, else nil
	linGuards  []*affine.LinearMask // per guard, likewise
	allLinear  bool                 // the address and every guard are linear (see linearWarp)
	// guardsLinear is true when every guard is linear (see guardMask).
	guardsLinear bool
	minLarge     int // hypotheses: the smallest excess at a tried value >= the warp size
	haveLarge    bool
	// hypoShifts is true when the entangled unknown only moves whole warps
	// (ty*n with warps of one row): its values are then alignments, and the
	// most favourable one is used, as for residues.
	hypoShifts bool
	fast       bool // Judge: stop at the first alignment without waste
	// firstRequests counts the requests of the first alignment evaluated:
	// every alignment makes as many, whatever their figures.
	firstRequests int
	firstDone     bool
	ev            *Eval
	// work is the work of grouping values into classes, in the steps of
	// ir.EnumBudget, and share the most the access may do for that, and
	// again for evaluating its requests (ir.Context.EnumShare); cut says
	// that a budget made the evaluation sample a domain.
	work, share int64
	cut         bool
	// buf holds what the enumerator reuses from access to access: the
	// price of each request pattern (see price), and scratch space.
	buf buffers
}

// Evaluate computes the requests an access makes, warp by warp, for every
// enumerable value of the loop variables it depends on, and for every
// alignment an unknown offset can give: the complete evaluation simcheck
// compares with measurements.
func Evaluate(c *ir.Context, a *ir.Access) *Eval { return evaluate(c, priced(a), false) }

// priced returns the access whose requests price a: a itself, or the
// warp instruction an alternative of a chosen reference is part of (see
// ir.Access.Request).
func priced(a *ir.Access) *ir.Access {
	if a.Request != nil {
		return a.Request
	}
	return a
}

// Judge is Evaluate for the checks: it stops trying alignments of an
// unknown offset at the first one without waste, since a check reports
// the most favourable alignment's figure. Figures may then be incomplete
// and Exact is false.
//
// The result is kept in the context, since the checks and the padding fix
// ask again; callers must not modify it.
func Judge(c *ir.Context, a *ir.Access) *Eval {
	a = priced(a)
	if ev, ok := c.Memo.Judged.Load(a); ok {
		return ev.(*Eval)
	}
	ev, _ := c.Memo.Judged.LoadOrStore(a, evaluate(c, a, true))
	return ev.(*Eval)
}

func evaluate(c *ir.Context, a *ir.Access, fast bool) (ev *Eval) {
	ev = &Eval{Access: a, Exact: true, Definite: true}
	defer func() {
		if r := recover(); r != nil {
			c.AddFault(a.Node.Pos(), "evaluating the access "+a.Text, r)
			ev = &Eval{Access: a, Skip: fmt.Sprintf("smemlint internal error (please report it): %v", r)}
		}
	}()
	if a.Unpriced != "" && len(a.Alts) == 0 {
		return &Eval{Access: a, Skip: a.Unpriced}
	}
	e := newEnumerator()
	defer e.release()
	e.ctx, e.a, e.shared, e.ev, e.fast, e.share = c, a, a.Shared(), ev, fast, c.EnumShare()
	if !e.plan() {
		return ev
	}
	e.run()
	e.perBlock()
	e.oneLane()
	if e.undefined > 0 && ev.Requests == 0 && ev.Skip == "" && len(e.unknownU) == 0 && !e.hasHypo {
		// Not "0 wavefronts": no thread gets past the index. Only where no
		// value was supposed: a tried value of an unknown (n = 0 in
		// n / blockDim * tid) proves nothing about the kernel's run.
		*ev = Eval{Access: a, Skip: "every thread that reaches it divides by zero or shifts by a negative amount " +
			"in the index: the kernel panics here at run time"}
	}
	return ev
}

// plan classifies the symbols of the address and guard.
func (e *enumerator) plan() bool {
	c := e.ctx
	addrs := []affine.Expr{e.a.Addr}
	if len(e.a.Alts) > 0 {
		addrs = e.a.Alts
	}
	isData := func(s affine.Sym) bool { return !c.IsCoord(s) && c.Meta[s].Role == ir.RoleData }
	for _, x := range addrs {
		if !x.DependsOn(isData) {
			continue // without listing the symbols, which allocates
		}
		for _, s := range x.Syms() {
			if isData(s) {
				e.ev.Skip = "the index depends on " + dataWhy(c, s)
				return false
			}
		}
	}
	if len(e.a.Alts) > 0 && !e.planAlts() {
		return false
	}
	addr := e.abstract(e.a.Addr)
	e.addr = addr
	var tsyms, usyms []affine.Sym
	var addrU affine.Expr // the uniform part of addr
	if e.alts == nil {
		tdep, udep := affine.Split(addr, e.isCoord)
		tsyms, usyms, addrU = tdep.Syms(), udep.Syms(), udep
	} else {
		// Nothing to abstract: every value is known (planAlts).
		for _, x := range addrs {
			tdep, udep := affine.Split(x, e.isCoord)
			tsyms, usyms = appendNew(tsyms, tdep.Syms()), appendNew(usyms, udep.Syms())
		}
		_, addrU = affine.Split(addr, e.isCoord)
	}
	// needs are the symbols to enumerate, few: a slice, not a map.
	var needs []affine.Sym
	need := func(s affine.Sym) {
		if !slices.Contains(needs, s) {
			needs = append(needs, s)
		}
	}
	// Guards: keep the conjuncts that can be evaluated, prove or assume
	// the others.
	for _, ctrl := range e.a.Ctrl {
		for _, conj := range ctrl.Pred.Conjuncts() {
			if v, ok := conj.IsConst(); ok {
				if !v {
					e.ev.Skip = "the access is unreachable"
					return false
				}
				continue
			}
			if ir.AlwaysTrue(c, conj) {
				continue
			}
			if evaluable(c, conj) {
				e.guards = append(e.guards, conj)
				for _, s := range conj.Syms() {
					need(s)
				}
				continue
			}
			e.assume(fmt.Sprintf("every lane passes %s", ctrlText(ctrl, conj, c)))
			e.noteLaneData(ctrl, conj)
		}
	}
	for _, s := range tsyms {
		if e.isCoord(s) {
			continue
		}
		if e.domain(s) != nil {
			need(s)
			continue
		}
		if e.hasHypo && e.stride != s {
			e.ev.Skip = "the index multiplies the thread index by several unknown values"
			return false
		}
		e.stride, e.hasHypo = s, true
	}
	var unknown []affine.Sym
	for _, s := range usyms {
		if slices.Contains(needs, s) {
			continue
		}
		if len(e.domain(s)) == 1 || e.loopValues(s) {
			need(s)
			continue
		}
		unknown = append(unknown, s)
	}
	e.unknownU = unknown
	if e.alts != nil && (len(unknown) > 0 || e.hasHypo) {
		e.ev.Skip = e.a.Unpriced
		return false
	}
	e.residues = e.residueSet(addrU, unknown)
	for _, s := range needs {
		if !e.isCoord(s) {
			e.enum = append(e.enum, s)
		}
	}
	// An enclosing loop tied to a value the figure depends on is
	// enumerated too, even where the address does not mention its
	// variable: for i1 := i0 / 2; i1 > 0 makes no request for i0 = 1.
	for _, l := range e.a.Loops {
		if !l.HasVar || c.Meta[l.Var].Joint == nil || slices.Contains(e.enum, l.Var) {
			continue
		}
		for _, s := range c.Meta[l.Var].Joint.Syms {
			if s != l.Var && slices.Contains(e.enum, s) {
				e.enum = append(e.enum, l.Var)
				break
			}
		}
	}
	// An inner loop's variable is enumerated with the outer ones its
	// values depend on, in the combinations the loops make.
	extra, joints := c.Tied(e.enum)
	e.enum, e.joints = append(e.enum, extra...), joints
	slices.Sort(e.enum)
	if !e.fitBudget() {
		return false
	}
	if e.hasHypo {
		e.hypoShifts = e.onlyShiftsWarps()
		if !e.hypoShifts {
			e.ev.Stride = e.name(e.stride)
		}
	}
	return true
}

// planAlts prepares the bound of a request whose lanes choose among the
// addresses ir.Access.Alts by data: every value they depend on must have
// known values (else the access is not evaluated, for Unpriced), and each
// figure is then a bound.
func (e *enumerator) planAlts() bool {
	c := e.ctx
	for _, x := range e.a.Alts {
		for _, s := range x.Syms() {
			if !c.IsCoord(s) && c.Meta[s].Domain == nil {
				e.ev.Skip = e.a.Unpriced
				return false
			}
		}
	}
	e.alts = e.a.Alts
	e.ev.Bound = e.a.Unpriced
	e.assume("each lane takes whichever of its alternatives' addresses costs most: " + e.a.Unpriced)
	return true
}

// appendNew appends to xs the symbols of ys it does not hold.
func appendNew(xs, ys []affine.Sym) []affine.Sym {
	for _, y := range ys {
		if !slices.Contains(xs, y) {
			xs = append(xs, y)
		}
	}
	return xs
}

// onlyShiftsWarps reports whether two values of the entangled unknown give
// every warp the same distances between its lanes.
func (e *enumerator) onlyShiftsWarps() bool {
	return e.shiftsWarpsByShape() || e.shiftsWarpsTried()
}

// shiftsWarpsTried tells onlyShiftsWarps by evaluating the block with five
// values of the unknown.
func (e *enumerator) shiftsWarpsTried() bool {
	env := e.newEnv()
	for i, s := range e.enum {
		env[s] = e.domains[i][0]
	}
	lanes := func(h int64) [][]int64 {
		env[e.stride] = h
		var out [][]int64
		e.warps(env, 0, func(r *Request) {
			var d []int64
			base := int64(0)
			for n := 0; n < model.WarpSize; n++ {
				if r.Req.On&(1<<n) != 0 {
					if d == nil {
						base = r.Req.Addr[n]
					}
					d = append(d, r.Req.Addr[n]-base)
				}
			}
			out = append(out, d)
		})
		return out
	}
	// Small values too: an iteration count of 0 or a stride of 1 is where
	// a min or a guard makes lanes differ.
	a := lanes(1000)
	for _, h := range []int64{0, 1, 3, 33} {
		b := lanes(h)
		if len(a) != len(b) {
			return false
		}
		for i := range a {
			if !slices.Equal(a[i], b[i]) {
				return false
			}
		}
	}
	return true
}

// shiftsWarpsByShape is a proof of onlyShiftsWarps from the address alone,
// which spares evaluating the block five times: the unknown multiplies
// only factors that every warp holds whole (warpUniformByShape's), and no
// guard mentions it, so each value moves each warp's lanes together.
func (e *enumerator) shiftsWarpsByShape() bool {
	c := e.ctx
	isStride := func(s affine.Sym) bool { return s == e.stride }
	if c.Shape.Block.X%model.WarpSize != 0 {
		return false
	}
	for _, g := range e.guards {
		if g.DependsOn(isStride) {
			return false
		}
	}
	for _, t := range e.addr.Terms {
		a := t.Atom
		switch {
		case !(affine.Expr{Terms: []affine.Term{t}}).DependsOn(isStride):
			// Unmoved by the unknown.
		case a.Op == affine.OpSym:
			// The unknown alone: a uniform shift.
		case a.Op == affine.OpMul && isSym(a.X, e.stride) && !a.Y.DependsOn(isStride) && uniform.TxWarpUniform(c, a.Y):
		case a.Op == affine.OpMul && isSym(a.Y, e.stride) && !a.X.DependsOn(isStride) && uniform.TxWarpUniform(c, a.X):
		default:
			return false
		}
	}
	return true
}

// isSym reports whether x is the symbol s alone.
func isSym(x affine.Expr, s affine.Sym) bool {
	return x.Const == 0 && len(x.Terms) == 1 && x.Terms[0].Coef == 1 &&
		x.Terms[0].Atom.Op == affine.OpSym && x.Terms[0].Atom.Sym == s
}

// fitBudget samples the largest domains evenly while the requests to
// evaluate exceed the budget.
func (e *enumerator) fitBudget() bool {
	c := e.ctx
	warps := (c.Shape.Block.Threads() + model.WarpSize - 1) / model.WarpSize
	e.domains = make([][]int64, len(e.enum))
	for i, s := range e.enum {
		e.domains[i] = e.domain(s)
		if len(e.domains[i]) == 0 {
			// A known, empty domain: a loop of no iteration.
			e.ev.Skip = fmt.Sprintf("the access is in a loop that runs no iteration (%s takes no value)", c.Syms.Name(s))
			return false
		}
	}
	e.classes()
	e.compile()
	lane := int64(laneStep)
	if !e.allLinear {
		lane = programLaneStep
	}
	for {
		total := warps * len(e.residues)
		if e.hasHypo {
			total *= len(search.Hypotheses(false))
		}
		for _, d := range e.domains {
			total *= len(d)
		}
		// Within the requests an access may make, and the enumeration
		// work of its share of the context's budget.
		fits := total <= search.MaxRequests && int64(total)*model.WarpSize*lane <= e.share
		if fits || len(e.enum) == 0 {
			if e.cut {
				e.noteCut()
			}
			return true
		}
		big := 0
		for i, d := range e.domains {
			if len(d) > len(e.domains[big]) {
				big = i
			}
		}
		d := e.domains[big]
		if len(d) <= 2 && total <= search.MaxRequests {
			// Only the share is exceeded, by many small domains: the
			// requests are evaluated whole rather than none.
			if e.cut {
				e.noteCut()
			}
			return true
		}
		if len(d) <= 2 {
			e.ev.Skip = "too many combinations of loop values to evaluate"
			return false
		}
		sampled := make([]int64, 0, (len(d)+1)/2)
		for i := 0; i < len(d); i += 2 {
			sampled = append(sampled, d[i])
		}
		e.domains[big], e.weights[big] = sampled, nil
		e.assume(fmt.Sprintf("every other value of %s evaluated", c.Syms.Name(e.enum[big])))
		e.cut = true
	}
}

// The steps of ir.EnumBudget, about 1.5 ns of processor time each.
const (
	laneStep        = 2    // a lane evaluated through linear forms
	programLaneStep = 16   // a lane evaluated by programs
	valueStep       = 256  // a value of a symbol grouped into its class
	cmpStep         = 32   // a comparison decided for one value
	substStep       = 2048 // the same, or the address, substituting the value
)

// noteCut says that the budget made the evaluation sample the values of
// the loop variables or block indices it depends on: a request it did
// not make may have been the worst.
func (e *enumerator) noteCut() {
	var sampled []string
	for _, what := range e.ev.Assumed {
		if s, ok := strings.CutPrefix(what, "every other value of "); ok {
			sampled = append(sampled, strings.TrimSuffix(s, " evaluated"))
		}
	}
	pos := e.ctx.Pos
	if e.a.Node != nil {
		pos = e.a.Node.Pos()
	}
	e.ctx.NoteCut(pos, fmt.Sprintf("the evaluation of %s at a sample of the values of %s",
		e.a.Text, strings.Join(sampled, ", ")))
}

func (e *enumerator) assume(what string) {
	e.ev.Exact = false
	if !slices.Contains(e.ev.Assumed, what) {
		e.ev.Assumed = append(e.ev.Assumed, what)
	}
}

// residueSet returns the offsets, modulo the period that decides the
// figure, that the unknown terms of the uniform part can add.
func (e *enumerator) residueSet(udep affine.Expr, unknown []affine.Sym) []int64 {
	if len(unknown) == 0 {
		return []int64{0}
	}
	isUnknown := func(s affine.Sym) bool { return slices.Contains(unknown, s) }
	_ = e.ctx
	part, _ := affine.Split(udep, isUnknown)
	period := int64(e.ctx.Arch.LineBytes)
	if e.shared {
		period = int64(e.ctx.Arch.Banks * e.ctx.Arch.RowWidth)
	}
	g := period
	for _, t := range part.Terms {
		g = gcd(g, abs(t.Coef))
	}
	var out []int64
	for r := int64(0); r < period; r += g {
		out = append(out, r)
	}
	if len(out) > 1 {
		e.ev.Exact = false
	}
	return out
}

// evaluable reports whether every symbol of p is a thread index or has a
// known domain.
func evaluable(c *ir.Context, p affine.Pred) bool {
	return !p.DependsOn(func(s affine.Sym) bool { return !c.IsCoord(s) && c.Meta[s].Domain == nil })
}

func ctrlText(ctrl ir.Ctrl, conj affine.Pred, c *ir.Context) string {
	if ctrl.Kind == ir.CtrlExit {
		return "the condition before the " + ctrl.Via + " at " + ctrl.Text
	}
	if ctrl.Text != "" {
		return ctrl.Text
	}
	return conj.Format(c.Syms.Name)
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func (e *enumerator) isCoord(s affine.Sym) bool { return !e.isSynth(s) && e.ctx.IsCoord(s) }

// dataWhy says what the unknown value s is, for a skipped access's reason.
func dataWhy(c *ir.Context, s affine.Sym) string {
	if w := c.DataWhy(s); w != "" {
		return w
	}
	return "a value smemlint does not compute"
}

// loopValues reports whether s is a loop's variable (or iteration count)
// or a block index with known values. Where it only moves the whole warp
// (A = A[3:] each iteration, a[16*blockIdx.x+tx]), its values are not
// alignments to choose the most favourable of: each iteration and each
// block of the grid really makes its own request, misaligned or not.
func (e *enumerator) loopValues(s affine.Sym) bool {
	if e.isSynth(s) || e.domain(s) == nil {
		return false
	}
	switch e.ctx.Meta[s].Role {
	case ir.RoleLoop, ir.RoleIter, ir.RoleBlockIdx:
		return true
	}
	return false
}
