package interp

import (
	"go/ast"
	"go/types"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// Replaying a loop: a loop whose iterations every thread runs, the same
// known number of them (for i := 8; i > 0; i >>= 1), leaves in the
// variables it assigns what running its body that many times, in order,
// leaves there. The body is evaluated once more per iteration, dry, with
// the loop's variable at that iteration's value, from the values the
// variables had on entry: j0 >>= 1 five times from j0 = 33*tx is
// (33*tx)>>1>>1>>1>>1>>1, and j = (j+4)&63 from j = 3*tx is as exact. Without
// it, what such a loop leaves is an unknown ("which a loop assigns").
const (
	// maxReplay bounds the iterations of one replayed loop.
	maxReplay = 64
	// maxReplayRuns bounds the body evaluations of a replay, nested
	// replays counted in: a replay inside a replay runs per outer
	// iteration.
	maxReplayRuns = 512
	// maxReplaySteps bounds the statements and expressions one replay
	// evaluates; a replay that would take more is not made.
	maxReplaySteps = 20000
)

// replayable reports whether every thread that reaches a loop runs the
// same iterations, one per value of its enumerated domain, and leaves
// only when its condition fails: then replay can follow it.
func (in *interp) replayable(loop *ir.Loop, body *ast.BlockStmt, post ast.Stmt, iv *induction, moving ast.Expr) bool {
	if p, ok := post.(*ast.AssignStmt); ok && len(p.Lhs) > 1 {
		return false // a, b = a+c, b+d: the post statement carries b
	}
	if iv == nil || moving != nil || !loop.HasVar || loop.Domain == nil || len(loop.Domain) > maxReplay {
		return false
	}
	if in.ctx.Meta[loop.Var].Joint != nil || leaves(body) || continues(body) {
		return false
	}
	// The condition names the loop's variable alone: no thread leaves
	// before another.
	return !loop.Cond.DependsOn(func(s affine.Sym) bool { return s != loop.Var })
}

// replay evaluates the body of a replayable loop once per iteration, dry,
// from entry, the environment on entry to the loop with the loop's
// variable bound to its symbolic value. It returns the values the
// variables vars hold after the last iteration, and those they hold on
// entry to each iteration; ok is false when the replay would cost too
// much.
func (in *interp) replay(loop *ir.Loop, body *ast.BlockStmt, iv *induction, entry *env, vars []assigned) (exit map[types.Object]value, each []map[types.Object]value, ok bool) {
	runs := max(in.replayRuns, 1) * len(loop.Domain)
	if runs > maxReplayRuns || in.steps+maxReplaySteps > maxSteps {
		return nil, nil, false
	}
	symbolic, _ := in.getIn(entry, iv.obj)
	if symbolic.kind != vScalar {
		return nil, nil, false
	}
	saved, savedRuns := in.env, in.replayRuns
	steps, gaveUp, gaveUpAt := in.steps, in.gaveUp, in.gaveUpAt
	defer func() { in.env, in.replayRuns = saved, savedRuns }()
	in.env = entry.clone()
	in.replayRuns = runs
	in.dry++
	defer func() { in.dry-- }()
	values := func() map[types.Object]value {
		out := map[types.Object]value{}
		for _, a := range vars {
			switch v := in.val(a.obj); v.kind {
			case vScalar, vBool, vRef:
				out[a.obj] = v
			}
		}
		return out
	}
	for i, d := range loop.Domain {
		each = append(each, values())
		in.set(iv.obj, scalar(affine.Subst(symbolic.e, loop.Var, affine.C(d))))
		in.block(body.List)
		if in.gaveUp && !gaveUp || in.steps-steps > maxReplaySteps || i == 0 && (in.steps-steps)*len(loop.Domain) > maxReplaySteps {
			in.steps, in.gaveUp, in.gaveUpAt = steps, gaveUp, gaveUpAt
			return nil, nil, false
		}
	}
	return values(), each, true
}

// maxChain bounds the iterations whose values a variable chooses among
// inside a replayed loop (see chained).
const maxChain = 16

// chained gives the variables a replayed loop assigns, other than those
// it carries, their value in the iteration under way inside the body:
// the choice, by the loop's variable, among the values they hold on
// entry to each iteration (pos = (pos+4)&63 from pos = 3*tid, j *= 2 from
// j = tid). each holds those values, iteration by iteration.
func (in *interp) chained(loop *ir.Loop, vars []assigned, each []map[types.Object]value, carried map[types.Object]value) map[types.Object]value {
	if len(each) == 0 || len(each) > maxChain {
		return carried
	}
	for _, a := range vars {
		if _, ok := carried[a.obj]; ok || !isInteger(a.obj.Type()) {
			continue
		}
		last := each[len(each)-1][a.obj]
		if last.kind != vScalar {
			continue
		}
		chain, ok := last.e, true
		for i := len(each) - 2; i >= 0 && ok; i-- {
			v := each[i][a.obj]
			if v.kind != vScalar {
				ok = false
				break
			}
			at := affine.Cmp(affine.EQ, affine.S(loop.Var), affine.C(loop.Domain[i]))
			chain, ok = in.selectExpr(at, v.e, chain)
		}
		if !ok {
			continue
		}
		if carried == nil {
			carried = map[types.Object]value{}
		}
		carried[a.obj] = scalar(chain)
	}
	return carried
}

// replayTracks reports whether replaying a loop can give a variable it
// assigns a value the interpreter computes and reads: an integer, a
// condition or a reference that reaches more than stored data (see
// feedsOnlyData). A floating-point or complex variable (an accumulator)
// holds data, an unknown, whatever the replay: a loop that assigns only
// such variables is not replayed, which would cost a run of its body per
// iteration.
func (in *interp) replayTracks(a assigned) bool {
	b, ok := types.Unalias(a.obj.Type()).Underlying().(*types.Basic)
	return (!ok || b.Info()&(types.IsFloat|types.IsComplex) == 0) && !in.feedsOnlyData(a.obj)
}
