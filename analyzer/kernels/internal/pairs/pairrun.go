package pairs

// The enumeration behind FindConflict: under each assignment of the
// uniform symbols, the addresses of both accesses for every thread, and
// two threads that share bytes.

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
	"github.com/smemlint/smemlint/model"
)

// run evaluates both accesses for every thread under each assignment.
func (ps *pairSpace) run() *Conflict {
	env := ps.env
	f := ps.finder
	progA := f.program(ps.a)
	progB := f.program(ps.b)
	if ps.renamed() {
		progB = compileAccess(ps.ctx, ps.guardB, ps.addrB)
	}
	var out *Conflict
	ps.search.Each(env, func() bool {
		if !ps.inOrder() {
			return true
		}
		var blockA, blockB [3]int64
		if ps.rel.otherBlock {
			var ok bool
			if blockA, blockB, ok = ps.blocks(); !ok {
				return true
			}
		}
		if ps.apart(progA, progB) {
			return true
		}
		listA := f.addrs(ps.a, env, nil, progA)
		listB := f.addrs(ps.b, env, ps.copies, progB)
		// Index the side with fewer threads, probe with the other.
		small, large := side{listA.addrs, int64(ps.a.Size), true}, side{listB.addrs, int64(ps.b.Size), false}
		if listB.reach < listA.reach {
			small, large = large, small
		}
		f.entries = f.entries[:0]
		for t, addr := range small.addrs {
			for off := int64(0); addr != noAddr && off < small.size; off += ps.gran {
				f.entries = append(f.entries, keyed{ps.unit(addr + off), int32(t)})
			}
		}
		if len(f.entries) == 0 {
			return true
		}
		f.index.build(f.entries)
		for t, addr := range large.addrs {
			for off := int64(0); addr != noAddr && off < large.size; off += ps.gran {
				found := partners(f.index.of(ps.unit(addr+off)), t, ps.q.SameWarp, ps.q.CrossWarp, func(u int) bool {
					ta, tb := u, t
					if large.isA {
						ta, tb = t, u
					}
					if ps.rel.otherBlock {
						out = ps.conflict(ta, tb, addr+off)
						out.Blocks, out.BlockA, out.BlockB = true, blockA, blockB
						return true
					}
					if ta == tb || ps.warpOrdered(ta, tb) {
						return false
					}
					out = ps.conflict(ta, tb, addr+off)
					return true
				})
				if found {
					return false
				}
			}
		}
		return true
	})
	return out
}

// side is one access's addresses per thread under an assignment.
type side struct {
	addrs []int64
	size  int64
	isA   bool
}

// addrList is one access's addresses per thread under an assignment,
// with the number of threads that make the access.
type addrList struct {
	addrs []int64
	reach int
}

func reaching(addrs []int64) int {
	n := 0
	for _, a := range addrs {
		if a != noAddr {
			n++
		}
	}
	return n
}

// accessProgram computes the address each thread accesses, noAddr where
// the thread does not make the access or the address cannot be computed.
// The address and each conjunct of the guard are evaluated in their
// linear form where they have one (most do: the uniform part is then
// evaluated once per assignment, not once per thread), else as compiled
// programs.
type accessProgram struct {
	linAddr   *affine.Linear
	addr      affine.Program
	linGuards []*affine.LinearPred // per conjunct; nil where guards[i] is used
	guards    []affine.PredProgram
	// implied are linear comparisons that the conjuncts of guards hold
	// imply (!(x >= n || y >= m) bounds x and y), for reach alone.
	implied []*affine.LinearPred
}

// program returns acc's accessProgram, compiled once per finder. (A
// program binds the values of an assignment before each use, so a == b
// may share one.)
func (f *ConflictFinder) program(acc *ir.Access) *accessProgram {
	p, ok := f.progs[acc]
	if !ok {
		p = compileAccess(f.ctx, acc.Guard(), acc.Addr)
		f.progs[acc] = p
	}
	return p
}

func compileAccess(c *ir.Context, guard affine.Pred, addr affine.Expr) *accessProgram {
	coords := c.Coords()
	p := &accessProgram{}
	var ok bool
	if p.linAddr, ok = addr.CompileLinear(coords); !ok {
		p.addr = addr.Compile()
	}
	for _, conj := range guard.Conjuncts() {
		l, ok := conj.CompileLinear(coords)
		var prog affine.PredProgram
		if !ok {
			prog = conj.Compile()
			for _, cmp := range conj.Implied() {
				if l, ok := cmp.CompileLinear(coords); ok {
					p.implied = append(p.implied, l)
				}
			}
		}
		p.linGuards, p.guards = append(p.linGuards, l), append(p.guards, prog)
	}
	return p
}

// fill sets out[t] to the address of thread t (in linear order) under env,
// which it leaves set to the last thread.
func (p *accessProgram) fill(c *ir.Context, env affine.Env, out []int64) {
	allLinear := p.linAddr != nil
	if p.linAddr != nil {
		p.linAddr.Bind(env)
	}
	for _, l := range p.linGuards {
		if l != nil {
			l.Bind(env)
		} else {
			allLinear = false
		}
	}
	b := c.Shape.Block
	bx, by := int64(b.X), int64(b.Y)
	if allLinear {
		p.fillLinear(bx, by, out)
		n := int64(len(out)) - 1
		env[c.Tx], env[c.Ty], env[c.Tz] = n%bx, n/bx%by, n/(bx*by)
		return
	}
	var x, y, z int64
	for t := range out {
		if t > 0 {
			// The next thread in linear order.
			if x++; x == bx {
				if x, y = 0, y+1; y == by {
					y, z = 0, z+1
				}
			}
		}
		env[c.Tx], env[c.Ty], env[c.Tz] = x, y, z
		out[t] = p.at(env, x, y, z)
	}
}

// fillLinear is fill when the address and every guard conjunct are
// linear: the guards give the threads of a row at once, up to 32 at a
// time (affine.LinearPred.Mask).
func (p *accessProgram) fillLinear(bx, by int64, out []int64) {
	base, k, defined := p.linAddr.Bound()
	var x, y, z int64
	for t := 0; t < len(out); {
		run := int(min(int64(len(out)-t), bx-x, 32))
		full := uint32(1)<<run - 1 // (every bit for a run of 32)
		m := full
		for _, g := range p.linGuards {
			gm, ok := g.Mask(x, y, z, run)
			if !ok {
				gm = 0
			}
			m &= gm
		}
		if !defined {
			m = 0
		}
		// The address of lane i of the run: linAddr.At(x+i, y, z), a
		// step of k[0] from one lane to the next (in the same wrapping
		// arithmetic).
		row := out[t : t+run]
		v := base + k[0]*x + k[1]*y + k[2]*z
		if m == full {
			for i := range row {
				row[i] = v
				v += k[0]
			}
		} else {
			for i := range row {
				row[i] = noAddr
				if m>>i&1 != 0 {
					row[i] = v
				}
				v += k[0]
			}
		}
		t += run
		if x += int64(run); x == bx {
			if x, y = 0, y+1; y == by {
				y, z = 0, z+1
			}
		}
	}
}

// at is the address of the thread at x, y, z (also in env), or noAddr.
func (p *accessProgram) at(env affine.Env, x, y, z int64) int64 {
	for i, l := range p.linGuards {
		var on, ok bool
		if l != nil {
			on, ok = l.At(x, y, z)
		} else {
			on, ok = p.guards[i](env)
		}
		if !ok || !on {
			return noAddr
		}
	}
	var v int64
	var ok bool
	if p.linAddr != nil {
		v, ok = p.linAddr.At(x, y, z)
	} else {
		v, ok = p.addr(env)
	}
	if !ok {
		return noAddr
	}
	return v
}

// addrs returns the address each thread of the block accesses through acc
// under env (noAddr where it does not), prog being acc's guard and address
// with the symbols of rename renamed. Results are kept per access and
// values of its symbols.
func (f *ConflictFinder) addrs(acc *ir.Access, env affine.Env, rename map[affine.Sym]affine.Sym, prog *accessProgram) addrList {
	syms, ok := f.syms[acc]
	if !ok {
		syms = append(acc.Guard().Syms(), acc.Addr.Syms()...)
		slices.Sort(syms)
		syms = slices.DeleteFunc(slices.Compact(syms), f.ctx.IsCoord)
		f.syms[acc] = syms
	}
	f.key = f.key[:0]
	for _, s := range syms {
		if r, ok := rename[s]; ok {
			s = r
		}
		f.key = binary.AppendVarint(f.key, env[s])
	}
	if l, ok := f.cache[addrsKey{acc, string(f.key)}]; ok {
		f.last = l.addrs
		return l
	}
	if len(f.cache) >= maxCached {
		f.recycle(f.cache)
	}
	out := f.newAddrs(f.ctx.Threads())
	prog.fill(f.ctx, env, out)
	l := addrList{out, reaching(out)}
	f.cache[addrsKey{acc, string(f.key)}] = l
	f.last = out
	return l
}

// inOrder reports whether, for an ordered query, the instance of a runs
// before that of b under the current assignment.
func (ps *pairSpace) inOrder() bool {
	l := ps.rel.loop
	if !ps.q.Ordered || l == nil || ps.rel.next || !l.HasVar {
		return true
	}
	pa, pb := iterPos(ps.ctx, l, ps.env[l.Var]), iterPos(ps.ctx, l, ps.env[ps.copies[l.Var]])
	return pa < pb || pa == pb && ps.a.Seq < ps.b.Seq
}

// iterPos is the iteration in which a loop variable has value v.
func iterPos(c *ir.Context, l *ir.Loop, v int64) int64 {
	if d := c.Meta[l.Var].Domain; d != nil {
		if i := slices.Index(d, v); i >= 0 {
			return int64(i)
		}
	}
	return v
}

// unit is the unit of gran bytes that holds byte a: floorDiv(a, gran),
// a shift where gran is a power of two (an arithmetic shift rounds down
// as floorDiv does).
func (ps *pairSpace) unit(a int64) int64 {
	if ps.shift >= 0 {
		return a >> ps.shift
	}
	return floorDiv(a, ps.gran)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// warpOrdered reports whether a SyncWarp between the two instances names
// both lanes (two threads of one warp only).
func (ps *pairSpace) warpOrdered(ta, tb int) bool {
	if ta/model.WarpSize != tb/model.WarpSize {
		return false
	}
	c, env := ps.ctx, ps.env
	saved := [3]int64{env[c.Tx], env[c.Ty], env[c.Tz]}
	defer func() { env[c.Tx], env[c.Ty], env[c.Tz] = saved[0], saved[1], saved[2] }()
	la, lb := ta%model.WarpSize, tb%model.WarpSize
	for _, s := range ps.warpSyncs {
		if !ps.separates(s) {
			continue
		}
		c.SetThread(env, ta)
		m, err := s.Mask.Eval(env)
		if err != nil || s.Mask.DependsOn(c.IsData) || m&(1<<la) != 0 && m&(1<<lb) != 0 {
			return true
		}
	}
	return false
}

func (ps *pairSpace) conflict(ta, tb int, addr int64) *Conflict {
	cf := &Conflict{A: ps.a, B: ps.b, TA: ta, TB: tb, Offset: addr - ps.a.Array.Base,
		Loop: ps.rel.loop, Exact: ps.search.Exact()}
	env := append(affine.Env(nil), ps.env...)
	cf.Env = env
	var parts []string
	if b := ps.search.Bindings(env, ps.syms); b != "" {
		parts = append(parts, b)
	}
	cf.BFirst = ps.rel.bFirst
	if l := ps.rel.loop; l != nil && l.HasVar {
		cp, ok := ps.copies[l.Var]
		if ok && !ps.rel.next {
			cf.BFirst = iterPos(ps.ctx, l, env[cp]) < iterPos(ps.ctx, l, env[l.Var])
		}
		if ok && ps.ctx.Meta[l.Var].Role == ir.RoleLoop {
			first, second := env[l.Var], env[cp]
			if cf.BFirst {
				first, second = second, first
			}
			parts = append(parts, fmt.Sprintf("%s = %d and %d", ps.ctx.Syms.Name(l.Var), first, second))
		}
	}
	cf.Bindings = strings.Join(parts, ", ")
	return cf
}
