package enum

import (
	"fmt"
	"slices"
	"strings"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/search"
	"github.com/smemlint/smemlint/model"
)

// run evaluates every request. An unknown offset of the uniform part is
// tried at every residue; the figure reported is that of the most
// favourable residue, so that no figure rests on an unlucky alignment the
// code may not have. Each alignment (hypothesis, residue) is evaluated
// over every loop value and warp before the next; in fast mode the
// alignments stop at the first one without waste, which no other can
// beat.
func (e *enumerator) run() {
	env := e.newEnv()
	hypos := []int64{0}
	if e.hasHypo {
		switch {
		case !e.fast:
			hypos = search.Hypotheses(true)
		case e.hypoShifts:
			// Mere alignments: the aligned ones first, the cheapest to
			// find the most favourable.
			hypos = search.AlignedFirst()
		default:
			hypos = search.Hypotheses(false)
		}
		if !e.isSynth(e.stride) && e.ctx.Meta[e.stride].Role == ir.RoleIter {
			// An iteration count is 0 in the first iteration, which
			// every thread that enters the loop runs.
			hypos = append([]int64{0}, hypos...)
		}
		e.ev.Exact = false
	}
	residues := e.residues
	if e.fast && !e.ctx.Config.Verbose && e.unitStride() {
		// Consecutive lanes: no bank conflict, and no waste but a
		// misaligned start, which only -verbose reports; one alignment
		// tells the figure.
		hypos, residues = hypos[:1], residues[:1]
		e.ev.Exact = false
	}
	// worst holds the worst request of each alignment evaluated, in the
	// order evaluated: by hypothesis, then residue.
	worst := e.buf.worst[:0]
	defer func() { e.buf.worst = worst }()
	var figures []int // the distinct figures, which are few
	cut := false
	evaluate := func(hi, ri int) bool {
		h, r := hypos[hi], residues[ri]
		if e.hasHypo {
			env[e.stride] = h
		}
		// Each alignment (h, r) is evaluated once: its worst request is
		// kept here and stored when the alignment is done.
		var cur Request
		seen := false
		idx := ints(&e.buf.idx, len(e.enum))
		for {
			for i, s := range e.enum {
				env[s] = e.domains[i][idx[i]]
			}
			if !ir.HoldAll(e.joints, env) {
				if !next(idx, e.domains) {
					break
				}
				continue
			}
			w := e.weight(idx)
			e.warps(env, r, func(req *Request) {
				e.ev.Requests += w
				if !e.firstDone {
					e.firstRequests += w
				}
				f := e.figure(req)
				e.ev.Total += f * w
				if !slices.Contains(figures, f) {
					figures = append(figures, f)
				}
				if !seen || e.worse(req, &cur) {
					e.snapshot(req, env, h)
					cur, seen = *req, true
				}
			})
			if !next(idx, e.domains) {
				break
			}
		}
		e.firstDone = true
		if seen {
			worst = append(worst, alignWorst{hi: hi, req: cur})
		}
		return seen && e.excess(&cur) == 0
	}
	for hi := range hypos {
		for ri := range residues {
			if evaluate(hi, ri) && e.fast && (len(residues) > 1 || e.hypoShifts) {
				cut = true
				break // no residue does better than no waste
			}
		}
		if cut && e.hypoShifts {
			break
		}
	}
	if cut {
		e.ev.Exact = false
	}
	e.ev.Figures = figures
	slices.Sort(e.ev.Figures)
	defer func() {
		if e.ev.Worst.Bindings == "" && !e.hypoShifts {
			e.ev.Worst.Bindings = e.bindingsOf(&e.ev.Worst)
		}
	}()
	// Per hypothesis, the most favourable residue; over hypotheses, the
	// worst — unless the hypotheses are mere alignments too.
	if e.hypoShifts {
		found := false
		for i := range worst {
			if w := &worst[i].req; !found || e.worse(&e.ev.Worst, w) {
				e.ev.Worst, found = *w, true
			}
		}
		e.ev.Worst.Bindings = ""
		return
	}
	excessAt := make([]int, len(hypos)) // per hypothesis, 0 where none was evaluated
	first := true
	at := 0 // worst's first alignment of hypothesis hi
	for hi, h := range hypos {
		var pick Request
		found := false
		for ; at < len(worst) && worst[at].hi == hi; at++ {
			if w := &worst[at].req; !found || e.worse(&pick, w) {
				pick, found = *w, true
			}
		}
		if !found {
			continue
		}
		excessAt[hi] = pick.Excess(e.shared)
		if h >= model.WarpSize && (!e.haveLarge || excessAt[hi] < e.minLarge) {
			e.minLarge, e.haveLarge = excessAt[hi], true
		}
		if first || e.worse(&pick, &e.ev.Worst) {
			e.ev.Worst, first = pick, false
		}
	}
	if e.hasHypo {
		e.ev.Threshold = threshold(hypos, excessAt)
		e.ev.Definite = e.haveLarge && e.minLarge > 0
	}
	if len(e.residues) > 1 && len(e.ev.Figures) <= 1 && len(e.ev.Assumed) == 0 && !e.hasHypo && !cut {
		// Every offset gave the same figure: it does not depend on them.
		e.ev.Exact = true
	}
	if len(e.residues) > 1 || e.hasHypo || !e.ev.Exact {
		e.ev.Total = 0
	}
}

// alignWorst is the worst request of an alignment: hypos[hi] and a
// residue.
type alignWorst struct {
	hi  int
	req Request
}

// threshold returns the smallest tried value from which on every tried
// value gives the worst excess (worstAt[i] is hypos[i]'s); 0 when the
// largest tried value does not.
func threshold(hypos []int64, worstAt []int) int64 {
	best := 0
	for _, x := range worstAt {
		best = max(best, x)
	}
	t := int64(0)
	for i := len(hypos) - 1; i >= 0 && worstAt[i] == best; i-- {
		t = hypos[i]
	}
	return t
}

// worse orders requests: for shared memory by conflict ways, then
// wavefronts; for global memory by excess sectors, then sectors.
func (e *enumerator) worse(a, b *Request) bool {
	if e.shared {
		if a.Shared.Ways != b.Shared.Ways {
			return a.Shared.Ways > b.Shared.Ways
		}
		return a.Shared.Wavefronts > b.Shared.Wavefronts
	}
	if e.excess(a) != e.excess(b) {
		return e.excess(a) > e.excess(b)
	}
	return a.Global.Sectors > b.Global.Sectors
}

// figure is r.Metric(e.shared) without copying the request, for the hot
// loop.
func (e *enumerator) figure(r *Request) int {
	if e.shared {
		return r.Shared.Wavefronts
	}
	return r.Global.Sectors
}

// excess is r.Excess(e.shared) without copying the request.
func (e *enumerator) excess(r *Request) int {
	if e.shared {
		return r.Shared.Wavefronts - r.Shared.Ideal
	}
	return r.Global.Sectors - r.Global.Ideal
}

// warps evaluates the request of every warp of the block for one set of
// uniform values.
func (e *enumerator) warps(env affine.Env, residue int64, visit func(*Request)) {
	c := e.ctx
	e.compile()
	if e.linAddr != nil {
		e.linAddr.Bind(env)
	}
	for _, g := range e.linGuards {
		if g != nil {
			g.Bind(env)
		}
	}
	b := c.Shape.Block
	bx, by := int64(b.X), int64(b.Y)
	n := c.Threads()
	for w := 0; w*model.WarpSize < n; w++ {
		// One request reused for every warp: visit gets a pointer and
		// copies what it keeps.
		req := &e.buf.req
		*req = Request{Warp: w, Req: model.Request{Size: e.a.Size, Load: !e.a.Store}}
		first := w * model.WarpSize
		x, y, z := int64(first%b.X), int64(first/b.X%b.Y), int64(first/(b.X*b.Y))
		if e.altProgs != nil {
			for n := range e.buf.cands {
				e.buf.cands[n] = e.buf.cands[n][:0]
			}
		}
		if e.allLinear {
			e.linearWarp(req, x, y, z, min(model.WarpSize, n-first), residue)
		}
		var pass uint32 // with guardsLinear, the lanes that pass the guards
		if !e.allLinear && e.guardsLinear {
			pass = e.guardMask(x, y, z, min(model.WarpSize, n-first))
		}
		for lane := 0; lane < model.WarpSize && first+lane < n && !e.allLinear; lane++ {
			if lane > 0 {
				// The next thread in linear order.
				if x++; x == bx {
					if x, y = 0, y+1; y == by {
						y, z = 0, z+1
					}
				}
			}
			if e.guardsLinear {
				if pass>>lane&1 == 0 {
					continue
				}
			} else if env[c.Tx], env[c.Ty], env[c.Tz] = x, y, z; !e.on(env, x, y, z) {
				continue
			}
			env[c.Tx], env[c.Ty], env[c.Tz] = x, y, z
			if e.altProgs != nil {
				if !e.candidates(env, lane, residue) {
					e.undefined++ // a division by zero or a negative shift
					continue
				}
				req.Req.Addr[lane] = e.buf.cands[lane][0]
				req.Req.On |= 1 << lane
				continue
			}
			var addr int64
			var ok bool
			if e.linAddr != nil {
				addr, ok = e.linAddr.At(x, y, z)
			} else {
				addr, ok = e.addrProg(env)
			}
			if !ok {
				e.undefined++ // a division by zero or a negative shift
				continue
			}
			req.Req.Addr[lane] = addr + residue
			req.Req.On |= 1 << lane
		}
		if req.Req.On == 0 {
			continue
		}
		if e.altProgs != nil {
			req.Shared = c.Arch.SharedBound(&req.Req, &e.buf.cands)
		} else {
			cost := e.price(&req.Req)
			req.Shared, req.Global = cost.Shared, cost.Global
		}
		visit(req)
	}
}

// candidates sets e.buf.cands[lane] to the addresses the lane at env may take
// among the alternatives (those defined there), and false where none is.
func (e *enumerator) candidates(env affine.Env, lane int, residue int64) bool {
	for _, p := range e.altProgs {
		if addr, ok := p(env); ok && !slices.Contains(e.buf.cands[lane], addr+residue) {
			e.buf.cands[lane] = append(e.buf.cands[lane], addr+residue)
		}
	}
	return len(e.buf.cands[lane]) > 0
}

// linearWarp fills req for the lanes threads of a warp from x, y, z on,
// when the address and every guard are linear in the thread index: each
// guard gives the lanes of a row at once (affine.LinearPred.Mask), and
// the address is computed for the lanes that pass. The env's thread
// indices are not set: nothing compiled as a program reads them.
func (e *enumerator) linearWarp(req *Request, x, y, z int64, lanes int, residue int64) {
	bx, by := int64(e.ctx.Shape.Block.X), int64(e.ctx.Shape.Block.Y)
	for lane := 0; lane < lanes; {
		run := int(min(int64(lanes-lane), bx-x)) // lanes left in this row
		m := uint32(1)<<run - 1
		if run == model.WarpSize {
			m = ^uint32(0)
		}
		for _, g := range e.linGuards {
			gm, ok := g.Mask(x, y, z, run)
			if !ok {
				gm = 0
			}
			m &= gm
		}
		for t := 0; t < run; t++ {
			if m>>t&1 == 0 {
				continue
			}
			addr, ok := e.linAddr.At(x+int64(t), y, z)
			if !ok {
				e.undefined++ // a division by zero or a negative shift
				continue
			}
			req.Req.Addr[lane+t] = addr + residue
			req.Req.On |= 1 << (lane + t)
		}
		lane += run
		if x += int64(run); x == bx {
			if x, y = 0, y+1; y == by {
				y, z = 0, z+1
			}
		}
	}
}

// guardMask returns the lanes of the lanes threads of a warp from x, y, z
// on that pass every guard, when each is linear in the thread index
// (guardsLinear): each guard gives the lanes of a row at once, as in
// linearWarp.
func (e *enumerator) guardMask(x, y, z int64, lanes int) uint32 {
	bx, by := int64(e.ctx.Shape.Block.X), int64(e.ctx.Shape.Block.Y)
	var pass uint32
	for lane := 0; lane < lanes; {
		run := int(min(int64(lanes-lane), bx-x)) // lanes left in this row
		m := uint32(1)<<run - 1
		if run == model.WarpSize {
			m = ^uint32(0)
		}
		for _, g := range e.linGuards {
			gm, ok := g.Mask(x, y, z, run)
			if !ok {
				gm = 0
			}
			m &= gm
		}
		pass |= m << lane
		lane += run
		if x += int64(run); x == bx {
			if x, y = 0, y+1; y == by {
				y, z = 0, z+1
			}
		}
	}
	return pass
}

// on reports whether the thread at x, y, z (also in env) passes the guards.
func (e *enumerator) on(env affine.Env, x, y, z int64) bool {
	for i, g := range e.guardProgs {
		var v, ok bool
		if l := e.linGuards[i]; l != nil {
			v, ok = l.At(x, y, z)
		} else {
			v, ok = g(env)
		}
		if !ok || !v {
			return false
		}
	}
	return true
}

// compile prepares the hot loop once: the address and each guard in the
// form that evaluates the uniform part once per warps call where they are
// linear in the thread index (most are; a guard is when each of its
// comparisons is), else as compiled programs.
func (e *enumerator) compile() {
	if e.compiled {
		return
	}
	coords := e.ctx.Coords()
	e.compiled = true
	var ok bool
	if e.alts != nil {
		// Every alternative's address, lane by lane.
		for _, x := range e.alts {
			e.altProgs = append(e.altProgs, x.Compile())
		}
	} else if e.linAddr, ok = e.addr.CompileLinear(coords); !ok {
		e.addrProg = e.addr.Compile()
	}
	e.allLinear = e.linAddr != nil
	e.guardsLinear = true
	for _, g := range e.guards {
		// A guard that joins linear comparisons with and, or and not
		// (the merge of several ways to the access) is linear too.
		l, ok := g.CompileLinearMask(coords)
		var prog affine.PredProgram
		if !ok {
			prog = g.Compile()
			e.allLinear, e.guardsLinear = false, false
		}
		e.linGuards, e.guardProgs = append(e.linGuards, l), append(e.guardProgs, prog)
	}
}

// snapshot records in req the values that produced it, for bindingsOf.
func (e *enumerator) snapshot(req *Request, env affine.Env, h int64) {
	req.hypo = h
	req.nbind = 0
	for _, s := range e.enum {
		if req.nbind == len(req.bind) {
			break
		}
		req.bind[req.nbind] = env[s]
		req.nbind++
	}
}

// bindingsOf describes the loop values and hypothesis that produced a
// request: "s = 16".
func (e *enumerator) bindingsOf(req *Request) string {
	var parts []string
	for i, s := range e.enum {
		if i < req.nbind && !e.isSynth(s) && e.ctx.Meta[s].Role == ir.RoleLoop {
			parts = append(parts, fmt.Sprintf("%s = %d", e.ctx.Syms.Name(s), req.bind[i]))
		}
	}
	if e.hasHypo {
		parts = append(parts, fmt.Sprintf("%s = %d", e.name(e.stride), req.hypo))
	}
	return strings.Join(parts, ", ")
}

// next advances a mixed-radix counter; false when it wraps.
func next(idx []int, domains [][]int64) bool {
	for i := len(idx) - 1; i >= 0; i-- {
		idx[i]++
		if idx[i] < len(domains[i]) {
			return true
		}
		idx[i] = 0
	}
	return false
}

// unitStride reports whether, within every warp, lane n+1 accesses the
// element after lane n's: the address's thread-dependent part is size*tx
// plus terms in ty and tz, which warps of whole rows (a block x size that
// is a multiple of the warp size) hold fixed.
func (e *enumerator) unitStride() bool {
	c := e.ctx
	if c.Shape.Block.X%model.WarpSize != 0 {
		return false
	}
	tdep, _ := affine.Split(e.addr, e.isCoord)
	unit := false
	for _, t := range tdep.Terms {
		one := affine.Expr{Terms: []affine.Term{t}}
		if !one.DependsOn(func(s affine.Sym) bool { return s == c.Tx }) {
			continue
		}
		if t.Atom.Op != affine.OpSym || t.Coef != int64(e.a.Size) {
			return false
		}
		unit = true
	}
	return unit
}
