package enum

import "github.com/smemlint/smemlint/affine"

// abstract replaces, in every product of a thread-dependent factor and a
// uniform factor with unknown values, the uniform factor by a symbol of
// its own: n/GridDim.X/1024 * tx has the one unknown n/GridDim.X/1024.
func (e *enumerator) abstract(addr affine.Expr) affine.Expr {
	c := e.ctx
	unknown := func(s affine.Sym) bool { return !c.IsCoord(s) && c.Meta[s].Domain == nil }
	keys := map[string]affine.Sym{}
	out := affine.C(addr.Const)
	for _, t := range addr.Terms {
		term := affine.Expr{Terms: []affine.Term{t}}
		if a := t.Atom; a.Op == affine.OpMul {
			x, y := a.X, a.Y
			if x.DependsOn(c.IsCoord) && !y.DependsOn(c.IsCoord) {
				x, y = y, x
			}
			if !x.DependsOn(c.IsCoord) && y.DependsOn(c.IsCoord) && x.DependsOn(unknown) {
				name := x.Format(c.Syms.Name)
				s, ok := keys[name]
				if !ok {
					s = affine.Sym(c.Syms.Len() + len(e.synth))
					e.synth = append(e.synth, name)
					keys[name] = s
				}
				term = affine.Scale(affine.Mul(affine.S(s), y), t.Coef)
			}
		}
		out = affine.Add(out, term)
	}
	return out
}

func (e *enumerator) isSynth(s affine.Sym) bool { return int(s) >= e.ctx.Syms.Len() }

func (e *enumerator) domain(s affine.Sym) []int64 {
	if e.isSynth(s) {
		return nil
	}
	return e.ctx.Meta[s].Domain
}

func (e *enumerator) name(s affine.Sym) string {
	if e.isSynth(s) {
		return e.synth[int(s)-e.ctx.Syms.Len()]
	}
	return e.ctx.Syms.Name(s)
}

// newEnv returns a zeroed environment of every symbol, the buffer's: the
// one before is not to be used any more.
func (e *enumerator) newEnv() affine.Env {
	n := e.ctx.Syms.Len() + len(e.synth)
	if cap(e.buf.env) < n {
		e.buf.env = make(affine.Env, n)
	}
	env := e.buf.env[:n]
	clear(env)
	return env
}
