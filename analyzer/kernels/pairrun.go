package kernels

// The enumeration behind FindConflict: under each assignment of the
// uniform symbols, the addresses of both accesses for every thread, and
// two threads that share bytes.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/model"
)

// pairKey indexes bytes (in units of the smaller access), per warp for
// same-warp queries.
type pairKey struct {
	g    int64
	warp int
}

// run evaluates both accesses for every thread under each assignment.
func (ps *pairSpace) run() *Conflict {
	env := ps.env
	guardA := ps.a.Guard()
	var out *Conflict
	ps.search.Each(env, func() bool {
		if !ps.inOrder() {
			return true
		}
		addrsA := ps.finder.addrs(ps.a, env, nil, guardA, ps.a.Addr)
		addrsB := ps.finder.addrs(ps.b, env, ps.copies, ps.guardB, ps.addrB)
		// Index the side with fewer threads, probe with the other.
		small, large := side{addrsA, int64(ps.a.Size), true}, side{addrsB, int64(ps.b.Size), false}
		if reaching(addrsB) < reaching(addrsA) {
			small, large = large, small
		}
		byKey := map[pairKey][]int{}
		for t, addr := range small.addrs {
			for off := int64(0); addr != noAddr && off < small.size; off += ps.gran {
				if k := ps.key(addr+off, t); len(byKey[k]) < 4 && !ps.sameWarpListed(byKey[k], t) {
					byKey[k] = append(byKey[k], t)
				}
			}
		}
		if len(byKey) == 0 {
			return true
		}
		for t, addr := range large.addrs {
			for off := int64(0); addr != noAddr && off < large.size; off += ps.gran {
				for _, u := range byKey[ps.key(addr+off, t)] {
					ta, tb := u, t
					if large.isA {
						ta, tb = t, u
					}
					if ta != tb && !ps.warpOrdered(ta, tb) && !(ps.q.CrossWarp && ta/model.WarpSize == tb/model.WarpSize) {
						out = ps.conflict(ta, tb, addr+off)
						return false
					}
				}
			}
		}
		return true
	})
	return out
}

// sameWarpListed reports whether, for a cross-warp query, a thread of t's
// warp is already among ts (one per warp is enough).
func (ps *pairSpace) sameWarpListed(ts []int, t int) bool {
	if !ps.q.CrossWarp {
		return false
	}
	for _, u := range ts {
		if u/model.WarpSize == t/model.WarpSize {
			return true
		}
	}
	return false
}

// side is one access's addresses per thread under an assignment.
type side struct {
	addrs []int64
	size  int64
	isA   bool
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

// addrs returns the address each thread of the block accesses through acc
// under env (noAddr where it does not), guard and addr being acc's with the
// symbols of rename renamed. Results are kept per access and values of its
// symbols.
func (f *ConflictFinder) addrs(acc *Access, env affine.Env, rename map[affine.Sym]affine.Sym, guard affine.Pred, addr affine.Expr) []int64 {
	var key strings.Builder
	fmt.Fprintf(&key, "%p", acc)
	syms := append(acc.Guard().Syms(), acc.Addr.Syms()...)
	slices.Sort(syms)
	for _, s := range slices.Compact(syms) {
		if f.ctx.isCoord(s) {
			continue
		}
		if r, ok := rename[s]; ok {
			s = r
		}
		fmt.Fprintf(&key, " %d", env[s])
	}
	if v, ok := f.cache[key.String()]; ok {
		return v
	}
	out := make([]int64, f.ctx.Threads())
	for t := range out {
		f.ctx.SetThread(env, t)
		v, ok := evalAccess(guard, addr, env)
		if !ok {
			v = noAddr
		}
		out[t] = v
	}
	if len(f.cache) >= maxCached {
		clear(f.cache)
	}
	f.cache[key.String()] = out
	return out
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
func iterPos(c *Context, l *Loop, v int64) int64 {
	if d := c.meta[l.Var].domain; d != nil {
		if i := slices.Index(d, v); i >= 0 {
			return int64(i)
		}
	}
	return v
}

func evalAccess(guard affine.Pred, addr affine.Expr, env affine.Env) (int64, bool) {
	if ok, err := guard.Eval(env); err != nil || !ok {
		return 0, false
	}
	v, err := addr.Eval(env)
	return v, err == nil
}

func (ps *pairSpace) key(addr int64, t int) pairKey {
	k := pairKey{g: floorDiv(addr, ps.gran)}
	if ps.q.SameWarp {
		k.warp = t / model.WarpSize
	}
	return k
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
	saved := [3]int64{env[c.tx], env[c.ty], env[c.tz]}
	defer func() { env[c.tx], env[c.ty], env[c.tz] = saved[0], saved[1], saved[2] }()
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
	if l := ps.rel.loop; l != nil && l.HasVar {
		if cp, ok := ps.copies[l.Var]; ok && ps.ctx.meta[l.Var].role == roleLoop {
			parts = append(parts, fmt.Sprintf("%s = %d and %d", ps.ctx.Syms.Name(l.Var), env[l.Var], env[cp]))
		}
	}
	cf.Bindings = strings.Join(parts, ", ")
	return cf
}
