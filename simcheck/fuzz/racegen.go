package fuzz

import (
	"fmt"

	"github.com/smemlint/smemlint/model"
)

// races draws a kernel built to race or not. Its body is a few phases,
// each a handful of shared-memory accesses whose indices follow the
// patterns real kernels use (a thread's own element, a neighbour's, a
// partner by xor, one element for all, a lane or warp slot, tree steps),
// separated by a barrier, a SyncWarp or nothing; some phases are loops,
// with or without a barrier on the back edge, and some are tree
// reductions. Whether a kernel races is left to chance: about half do.
// Global arrays are only read: the simulator's hazard detector watches
// shared memory alone. A third of the kernels access a slice a branch
// chose between the two shared arrays (q0): in a quarter of them by data
// the host stores in gc (each lane chooses by its element, which the
// analyzer bounds over every choice), else by a guard on the thread. A
// third read d0 from an index array the host fills (gi) and index shared
// memory with it: the thread's slot moved by d0 (tid+d0), or d0 alone,
// masked.
func (g *gen) races() {
	s := g.spec
	s.Block = pick(g.r, [3]int{32, 1, 1}, [3]int{32, 1, 1}, [3]int{64, 1, 1}, [3]int{64, 1, 1}, [3]int{96, 1, 1},
		[3]int{128, 1, 1}, [3]int{256, 1, 1}, [3]int{48, 1, 1}, [3]int{33, 1, 1}, [3]int{16, 1, 1}, [3]int{8, 1, 1},
		[3]int{8, 8, 1}, [3]int{16, 16, 1}, [3]int{16, 4, 1}, [3]int{32, 2, 1}, [3]int{4, 4, 2})
	s.Grid = [2]int{1 + g.r.IntN(2), 1}
	s.Arch = pick(g.r, "sm_90", "sm_90", "sm_80", "sm_70")
	g.vars = []string{"tx"}
	if s.Block[1] > 1 {
		g.vars = append(g.vars, "ty")
	}
	if s.Block[2] > 1 {
		g.vars = append(g.vars, "tz")
	}
	threads := s.Threads()
	n := 1
	for n < threads {
		n *= 2
	}
	// Half the kernels are careful: a barrier between phases, one access
	// a phase, a barrier on every loop's back edge. Most of those are
	// race-free; most of the others race.
	g.careful = g.r.IntN(2) == 0
	elem := pick(g.r, Elems[:5]...) // the numeric ones, 1 to 8 bytes: update works
	maxShared := int64(model.MustLookup(s.Arch).StaticSharedPerBlock)
	end := int64(0)
	for i := range 1 + g.r.IntN(2) {
		a := &Array{Name: fmt.Sprintf("s%d", i), Shared: true, Elem: elem, Dims: []int{n * pick(g.r, 1, 1, 2)}}
		if i == 0 && s.Block[0] == s.Block[1] && s.Block[2] == 1 && g.r.IntN(2) == 0 {
			a.Dims = []int{s.Block[1], s.Block[0]} // a tile: [ty][tx], read transposed
		}
		base := (end + 15) &^ 15
		if base+int64(a.Len()*elem.Size) > maxShared {
			break
		}
		a.Base, end = base, base+int64(a.Len()*elem.Size)
		s.Arrays = append(s.Arrays, a)
	}
	var byData *Choice
	if len(s.Arrays) == 2 && len(s.Arrays[0].Dims) == 1 && len(s.Arrays[1].Dims) == 1 && g.r.IntN(3) == 0 {
		choice := &Choice{A: 0, B: 1, Cond: g.raceGuard(), Data: -1}
		if choice.Cond == nil {
			if g.r.IntN(2) == 0 {
				choice.Cond, byData = g.choiceByData(), choice
			} else {
				choice.Cond = &Cond{X: g.tid(), Cmp: "<", C: max(1, threads/2)}
			}
		}
		s.Arrays = append(s.Arrays, &Array{Name: "q0", Shared: true, Elem: elem,
			Dims: []int{min(s.Arrays[0].Dims[0], s.Arrays[1].Dims[0])}, Choice: choice})
	}
	s.Arrays = append(s.Arrays, &Array{Name: "g0", Elem: elem, Dims: []int{1024}})
	if byData != nil {
		byData.Data, byData.Index = len(s.Arrays), g.tid()
		s.Arrays = append(s.Arrays, &Array{Name: "gc", Elem: Elems[2], Dims: []int{threads}, Data: g.choiceData(threads)})
	}
	if g.r.IntN(3) == 0 {
		s.Arrays = append(s.Arrays, &Array{Name: "gi", Elem: Elems[2], Dims: []int{threads}, Data: g.indexData(threads)})
		s.Body = append(s.Body, &Stmt{Kind: "let", Var: "d0", Array: len(s.Arrays) - 1, Index: []*Expr{g.tid()}, Load: g.site(), Store: -1})
		g.data = true
	}
	for p := range 1 + g.r.IntN(4) {
		if p > 0 {
			s.Body = append(s.Body, g.separator(true)...)
		}
		switch g.r.IntN(6) {
		case 0, 1:
			s.Body = append(s.Body, g.raceLoop())
		case 2:
			if st := g.treeStep(); st != nil {
				s.Body = append(s.Body, st)
				continue
			}
			fallthrough
		default:
			s.Body = append(s.Body, g.phase()...)
		}
	}
}

// indexData draws what the host stores in the index array, d at thread
// t, keeping t+d in [0, threads): 0 everywhere (each thread its own
// slot), -1 at odd threads (pairs share a slot), or neighbours swapped (a
// permutation).
func (g *gen) indexData(threads int) []int {
	d := make([]int, threads)
	mode := g.r.IntN(3)
	for t := range d {
		switch mode {
		case 1:
			d[t] = -(t & 1)
		case 2:
			if t^1 < threads {
				d[t] = t ^ 1 - t
			}
		}
	}
	return d
}

// choiceByData draws the guard on c0, the thread's element of the
// host's choice array, under which q0 is s1: c0 > 0, or c0 even (a
// choice the analyzer can write as arithmetic on data, commit 9662c16).
func (g *gen) choiceByData() *Cond {
	c0 := &Expr{Op: "c0"}
	if g.r.IntN(2) == 0 {
		return &Cond{X: c0, Cmp: ">", C: 0}
	}
	return &Cond{X: &Expr{Op: "%", X: c0, Y: &Expr{Op: "c", C: 2}}, Cmp: "==", C: 0}
}

// choiceData draws what the host stores in the choice array, one value
// of 0 to 3 a thread, so that lanes of a warp choose differently: random,
// alternating lanes, alternating half-warps, or the same for every
// thread.
func (g *gen) choiceData(threads int) []int {
	d := make([]int, threads)
	mode, same := g.r.IntN(4), g.r.IntN(4)
	for t := range d {
		switch mode {
		case 0:
			d[t] = g.r.IntN(4)
		case 1:
			d[t] = t & 1
		case 2:
			d[t] = t >> 4 & 1
		default:
			d[t] = same
		}
	}
	return d
}

// separator returns a barrier, a SyncWarp of the warp's lanes, or
// nothing; a barrier only where every thread gets to it.
func (g *gen) separator(top bool) []*Stmt {
	switch k := g.r.IntN(10); {
	case top && (k < 6 || g.careful):
		return []*Stmt{{Kind: "sync"}}
	case k < 8:
		if m, ok := g.warpMask(); ok {
			return []*Stmt{{Kind: "syncwarp", Mask: m}}
		}
	}
	return nil
}

// warpMask returns the mask of the lanes of a warp when every warp of the
// block has the same lanes.
func (g *gen) warpMask() (uint32, bool) {
	t := g.spec.Threads()
	switch {
	case t%model.WarpSize == 0:
		return 0xffffffff, true
	case t < model.WarpSize:
		return 1<<t - 1, true
	}
	return 0, false
}

// phase draws one or two accesses, some under a guard, with a SyncWarp
// between them now and then.
func (g *gen) phase() []*Stmt {
	var out []*Stmt
	n := 1 + g.r.IntN(2)
	if g.careful {
		n = 1
	}
	for i := range n {
		if i > 0 && g.r.IntN(4) == 0 {
			out = append(out, g.separator(false)...)
		}
		st := g.raceAccess()
		if c := g.raceGuard(); c != nil {
			st = &Stmt{Kind: "if", Cond: c, Body: []*Stmt{st}}
		}
		out = append(out, st)
	}
	return out
}

// raceLoop draws a loop of one to four iterations whose body is a phase,
// with a barrier at its start, its middle, its end (the back edge) or
// none.
func (g *gen) raceLoop() *Stmt {
	v := fmt.Sprintf("i%d", g.loops)
	s := &Stmt{Kind: "for", Var: v, Loop: g.spec.Loops, From: 0, Step: "++", StepN: 1, To: 1 + g.r.IntN(4)}
	g.spec.Loops++
	g.loops++
	g.vars = append(g.vars, v)
	body := g.phase()
	k := g.r.IntN(4)
	if g.careful {
		k = 1 + g.r.IntN(2)
	}
	switch k {
	case 0:
		body = append([]*Stmt{{Kind: "sync"}}, body...)
	case 1:
		body = append(append(body, &Stmt{Kind: "sync"}), g.phase()...)
	case 2:
		body = append(body, &Stmt{Kind: "sync"})
	}
	s.Body = body
	g.vars = g.vars[:len(g.vars)-1]
	g.loops--
	return s
}

// treeStep draws a tree reduction over the first array, 1-D: for i := h;
// i > 0; i >>= 1 { if tid < i { s[tid] = s[tid+i] } }, with a barrier or a
// SyncWarp ending each step, or neither.
func (g *gen) treeStep() *Stmt {
	a := g.spec.Arrays[0]
	if len(a.Dims) != 1 {
		return nil
	}
	h := 1
	for h*2 <= min(a.Dims[0]/2, g.spec.Threads()) {
		h *= 2
	}
	h >>= g.r.IntN(2)
	v := fmt.Sprintf("i%d", g.loops)
	s := &Stmt{Kind: "for", Var: v, Loop: g.spec.Loops, From: h, Step: ">>="}
	g.spec.Loops++
	tid, iv := g.tid(), &Expr{Op: v}
	step := &Stmt{Kind: "copy", Array: 0, Src: 0, Index: []*Expr{tid}, SrcIndex: []*Expr{{Op: "+", X: tid, Y: iv}}, Load: -1, Store: -1}
	step.Load, step.Store = g.site(), g.site()
	s.Body = []*Stmt{{Kind: "if", Cond: &Cond{X: &Expr{Op: "-", X: tid, Y: iv}, Cmp: "<", C: 0}, Body: []*Stmt{step}}}
	k := g.r.IntN(3)
	if g.careful {
		k = 0
	}
	switch k {
	case 0:
		s.Body = append(s.Body, &Stmt{Kind: "sync"})
	case 1:
		if m, ok := g.warpMask(); ok {
			s.Body = append(s.Body, &Stmt{Kind: "syncwarp", Mask: m})
		}
	}
	return s
}

// tid is the thread's linear index in its block.
func (g *gen) tid() *Expr {
	b := g.spec.Block
	e := &Expr{Op: "tx"}
	if b[1] > 1 {
		e = &Expr{Op: "+", X: e, Y: &Expr{Op: "*", X: &Expr{Op: "c", C: b[0]}, Y: &Expr{Op: "ty"}}}
	}
	if b[2] > 1 {
		e = &Expr{Op: "+", X: e, Y: &Expr{Op: "*", X: &Expr{Op: "c", C: b[0] * b[1]}, Y: &Expr{Op: "tz"}}}
	}
	return e
}

// raceAccess draws a load, store, update or copy of a shared array at a
// pattern index; a copy's source may be the global array.
func (g *gen) raceAccess() *Stmt {
	nShared := 0 // the shared arrays come first, then g0
	for _, a := range g.spec.Arrays {
		if a.Shared {
			nShared++
		}
	}
	s := &Stmt{Array: g.r.IntN(nShared), Load: -1, Store: -1}
	s.Index = g.pattern(g.spec.Arrays[s.Array])
	s.Kind = pick(g.r, "load", "store", "update", "copy", "copy")
	if s.Kind == "copy" {
		s.Src = g.r.IntN(nShared + 1)
		s.SrcIndex = g.pattern(g.spec.Arrays[s.Src])
	}
	if s.Kind != "store" {
		s.Load = g.site()
	}
	if s.Kind != "load" {
		s.Store = g.site()
	}
	return s
}

// pattern draws an in-range index of a by a pattern of the thread index.
func (g *gen) pattern(a *Array) []*Expr {
	if len(a.Dims) == 2 {
		// A tile as wide and high as the block.
		ty, tx := &Expr{Op: "ty"}, &Expr{Op: "tx"}
		switch g.r.IntN(4) {
		case 0:
			return []*Expr{tx, ty}
		case 1:
			return []*Expr{ty, {Op: "&", X: &Expr{Op: "+", X: tx, Y: &Expr{Op: "c", C: 1}}, Y: &Expr{Op: "c", C: a.Dims[1] - 1}}}
		}
		return []*Expr{ty, tx}
	}
	n := a.Dims[0]
	tid := g.tid()
	mask := func(e *Expr) *Expr { return &Expr{Op: "&", X: e, Y: &Expr{Op: "c", C: n - 1}} }
	c := func(v int) *Expr { return &Expr{Op: "c", C: v} }
	var e *Expr
	if g.data && g.r.IntN(3) == 0 {
		d0 := &Expr{Op: "d0"}
		if g.r.IntN(2) == 0 {
			return []*Expr{{Op: "+", X: tid, Y: d0}} // in range: see indexData
		}
		return []*Expr{mask(&Expr{Op: "+", X: d0, Y: c(pick(g.r, 0, 1, 32))})}
	}
	switch g.r.IntN(11) {
	case 0, 1, 2:
		e = tid
	case 3:
		e = mask(&Expr{Op: "+", X: tid, Y: c(pick(g.r, 1, 2, 16, 31, 32, 33, 64))})
	case 4:
		e = mask(&Expr{Op: "^", X: tid, Y: c(pick(g.r, 1, 2, 16, 31, 32, 64))})
	case 5:
		e = c(pick(g.r, 0, 0, 1, 7, 31, 32, 33) & (n - 1))
	case 6:
		e = &Expr{Op: pick(g.r, ">>", "/"), X: tid, Y: c(1)}
		if e.Op == "/" {
			e.Y = c(2)
		}
	case 7:
		e = mask(&Expr{Op: pick(g.r, "lane", "warp")})
	case 8:
		e = mask(&Expr{Op: "*", X: tid, Y: c(2)})
	default:
		if g.loops > 0 {
			iv := &Expr{Op: fmt.Sprintf("i%d", g.loops-1)}
			e = mask(&Expr{Op: "+", X: tid, Y: &Expr{Op: "*", X: c(pick(g.r, 1, 1, 32)), Y: iv}})
		} else {
			e = tid
		}
	}
	return []*Expr{e}
}

// raceGuard draws, half the time, a guard on the thread index.
func (g *gen) raceGuard() *Cond {
	tid := g.tid()
	switch g.r.IntN(10) {
	case 0, 1:
		return &Cond{X: tid, Cmp: "<", C: pick(g.r, 1, 16, 32, g.spec.Threads()/2)}
	case 2:
		return &Cond{X: tid, Cmp: "==", C: pick(g.r, 0, 1, 7, 8, 31, 32) % g.spec.Threads()}
	case 3:
		return &Cond{X: &Expr{Op: "%", X: tid, Y: &Expr{Op: "c", C: 2}}, Cmp: "==", C: 0}
	case 4:
		return &Cond{X: &Expr{Op: pick(g.r, "lane", "warp")}, Cmp: "==", C: 0}
	}
	return nil
}
