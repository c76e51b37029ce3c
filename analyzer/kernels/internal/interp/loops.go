package interp

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// maxTrip bounds the iterations the analysis enumerates for one loop.
const maxTrip = 4096

// induction is a loop variable updated by a recognised step.
type induction struct {
	obj  types.Object
	op   token.Token // ADD, SUB, MUL, QUO, SHL, SHR
	step affine.Expr
}

func (in *interp) forStmt(s *ast.ForStmt) exits {
	if s.Init != nil {
		in.stmt(s.Init)
	}
	mark := in.ctx.Syms.Len()
	loop := &ir.Loop{Pos: s.Pos(), Text: in.loopHeader(s)}
	iv := in.induction(s)
	// A condition that reads what the loop changes (i < (2*j)%5 with j +=
	// d in the body) is checked, each iteration, on the values of that
	// iteration: it is evaluated in the body's environment (loopBody), and
	// its entry values bound no iteration.
	var moving ast.Expr
	if s.Cond != nil && in.readsAssigned(s.Cond, s.Body, s.Post, iv) {
		moving = s.Cond
	}
	var iter affine.Expr
	hasIter := false
	if iv != nil {
		bound := s.Cond
		if moving != nil {
			bound = nil
		}
		iter, hasIter = in.bindInduction(loop, iv, bound)
	}
	loop.Cond = affine.True
	if s.Cond != nil && moving == nil {
		loop.Cond = in.loopCond(s.Cond, loop, iv)
		if iv != nil && hasIter && in.ctx.Meta[loop.Var].Role == ir.RoleIter && in.wraps(iv, s.Cond) {
			// Unsigned, counted down to an upper bound: it leaves where
			// it would go below zero (see stopsAtZero).
			if p, ok := in.stopsAtZero(iv, s.Cond, in.val(iv.obj).e); ok {
				loop.Cond = affine.AndP(loop.Cond, p)
			}
		}
	}
	var carried map[types.Object]value
	if hasIter || loop.Domain != nil {
		carried = in.carried(s.Body, s.Post, iv.obj, iter, hasIter, loop)
	}
	var trips *affine.Expr
	if moving == nil {
		if n, ok := tripCount(in.ctx, loop, s.Cond); ok {
			trips = &n
		}
	}
	return in.loopBody(loop, s.Body, s.Post, iv, carried, mark, moving, trips)
}

// loopCond evaluates a loop's condition: the predicate of the threads that
// run the iteration.
func (in *interp) loopCond(c ast.Expr, loop *ir.Loop, iv *induction) affine.Pred {
	cond := in.cond(c)
	if iv != nil && loop.HasVar && in.ctx.Meta[loop.Var].Role == ir.RoleIter {
		cond = untilReached(cond, loop.Var)
	}
	return cond
}

// readsAssigned reports whether a loop's condition reads a variable that
// its body or post statement assigns, other than the loop variable.
func (in *interp) readsAssigned(cond ast.Expr, body *ast.BlockStmt, post ast.Stmt, iv *induction) bool {
	var skip types.Object
	if iv != nil {
		skip = iv.obj
	}
	assigned := in.assignedIn(body, post, skip)
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && slices.Contains(assigned, in.info.ObjectOf(id)) {
			found = true
		}
		return !found
	})
	return found
}

// untilReached rewrites the conjuncts x != y of a loop condition that move
// linearly with the iteration count k into the inequality that holds in
// every iteration of a loop that ends: for j := 1; j != n; j++ runs while
// j < n, and no iteration when n <= 1. The condition alone, checked in one
// iteration, would let j = 2 run with n = 1, past the exit at j = 1.
func untilReached(cond affine.Pred, k affine.Sym) affine.Pred {
	out := affine.True
	for _, c := range cond.Conjuncts() {
		if op, x, y, ok := c.Comparison(); ok && op == affine.NE {
			dep, _ := affine.Split(affine.Sub(x, y), func(s affine.Sym) bool { return s == k })
			if len(dep.Terms) == 1 && dep.Terms[0].Atom.Op == affine.OpSym && dep.Terms[0].Coef != 0 {
				// x - y = a*k + r moves towards 0 from r as k grows; it keeps
				// the sign opposite to a's until it reaches 0.
				if dep.Terms[0].Coef > 0 {
					c = affine.Cmp(affine.LT, x, y)
				} else {
					c = affine.Cmp(affine.GT, x, y)
				}
			}
		}
		out = affine.AndP(out, c)
	}
	return out
}

// loopBody evaluates a loop's body once, symbolically, after widening the
// variables it assigns so that their values hold for every iteration.
// Carried variables, which advance by the same amount every iteration,
// keep their value in terms of the iteration instead. Symbols numbered
// from mark on were made for the loop (see afterLoop).
func (in *interp) loopBody(loop *ir.Loop, body *ast.BlockStmt, post ast.Stmt, iv *induction, carried map[types.Object]value, mark int, moving ast.Expr, trips *affine.Expr) exits {
	defer in.markResliced(body, post)()
	var skip types.Object
	if iv != nil {
		skip = iv.obj
	}
	entry := in.entryValues(body, post, skip)
	var exit map[types.Object]value
	replayed := false
	if in.replayable(loop, body, post, iv, moving) && slices.ContainsFunc(entry, in.replayTracks) {
		var each []map[types.Object]value
		exit, each, replayed = in.replay(loop, body, iv, in.env, entry)
		if replayed {
			carried = in.chained(loop, entry, each, carried)
		}
	}
	for obj, v := range carried {
		in.set(obj, v)
	}
	in.widen(body, post, func(obj types.Object) bool { _, ok := carried[obj]; return obj == skip || ok }, loop)
	if moving != nil {
		loop.Cond = in.loopCond(moving, loop, iv)
		// The condition on this iteration's values may bound the
		// iteration count: i < n with n-- in the body is 2k < n.
		if loop.HasVar && loop.Domain == nil && in.ctx.Meta[loop.Var].Role == ir.RoleIter {
			if d, ok := in.iterationDomain(loop.Var, iv.obj, moving); ok {
				in.ctx.Meta[loop.Var].Domain, loop.Domain = d, d
			}
		}
	}
	first := len(in.ctx.Accesses)
	in.loops = append(in.loops, loop)
	in.ctrl = append(in.ctrl, ir.Ctrl{Kind: ir.CtrlLoop, Pred: loop.Cond, Pos: loop.Pos, Text: loop.Text})
	ex := in.block(body.List)
	if post != nil && iv == nil {
		in.stmt(post)
	}
	in.leftEarlier(first, ex, loop, body)
	in.ctrl = in.ctrl[:len(in.ctrl)-1]
	in.loops = in.loops[:len(in.loops)-1]
	after := in.afterLoop(entry, loop, body, affine.OrP(ex.ret, ex.brk), carried, mark)
	if trips != nil && !replayed && !leaves(body) && !continues(body) {
		if after == nil {
			after = map[types.Object]value{}
		}
		for obj, v := range in.countedExits(entry, loop, *trips, carried, mark) {
			after[obj] = v
		}
	}
	in.leave(entry, loop)
	for obj, v := range after {
		in.set(obj, v)
	}
	for obj, v := range exit {
		in.set(obj, v)
	}
	if iv != nil {
		// After the loop the variable holds its exit value: unknown, and
		// varying if the trip count does.
		in.set(iv.obj, in.opaque(iv.obj.Type(), in.predVaries(loop.Cond), iv.obj.Name()+" after the loop that steps it"))
	}
	return exits{ret: in.loopReturns(ex.ret, loop), brk: affine.False}
}

// induction recognises the loop variable: assigned by the post statement
// with ++, --, += c, -= c, *= c, /= c, <<= c, >>= c (c uniform).
func (in *interp) induction(s *ast.ForStmt) *induction {
	var lhs ast.Expr
	var op token.Token
	var step ast.Expr
	switch p := s.Post.(type) {
	case *ast.IncDecStmt:
		lhs, op = p.X, token.ADD
		if p.Tok == token.DEC {
			op = token.SUB
		}
	case *ast.AssignStmt:
		// a, b = a+c, b+d: the first variable leads; the others are
		// carried variables of the body (see carried).
		if len(p.Lhs) != len(p.Rhs) || len(p.Lhs) > 1 && p.Tok != token.ASSIGN {
			return nil
		}
		lhs, step = p.Lhs[0], p.Rhs[0]
		op = map[token.Token]token.Token{token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB,
			token.MUL_ASSIGN: token.MUL, token.QUO_ASSIGN: token.QUO, token.SHL_ASSIGN: token.SHL,
			token.SHR_ASSIGN: token.SHR}[p.Tok]
		if p.Tok == token.ASSIGN {
			// i = i + c
			if b, ok := ast.Unparen(p.Rhs[0]).(*ast.BinaryExpr); ok {
				if id, ok := ast.Unparen(b.X).(*ast.Ident); ok && sameIdent(in.info, id, p.Lhs[0]) {
					op, step = b.Op, b.Y
				}
			}
		}
	default:
		return nil
	}
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok || op == token.ILLEGAL || !isInteger(in.info.TypeOf(id)) {
		return nil
	}
	obj := in.info.ObjectOf(id)
	iv := &induction{obj: obj, op: op, step: affine.C(1)}
	if step != nil {
		v := in.eval(step)
		if v.kind != vScalar || v.e.DependsOn(in.ctx.IsThreadSym) {
			return nil
		}
		iv.step = v.e
	}
	switch op {
	case token.ADD, token.SUB, token.MUL, token.QUO, token.SHL, token.SHR:
		return iv
	}
	return nil
}

func sameIdent(info *types.Info, id *ast.Ident, e ast.Expr) bool {
	other, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.ObjectOf(id) == info.ObjectOf(other)
}

// bindInduction gives the loop variable its symbolic value: a symbol with
// the enumerated values when start, step and bound are constants, else
// start + k*step with k the iteration count, else an unknown.
//
// It returns the number of iterations before the current one as an
// expression, when there is one: carried variables advance by it.
func (in *interp) bindInduction(loop *ir.Loop, iv *induction, condExpr ast.Expr) (affine.Expr, bool) {
	start, ok := in.get(iv.obj)
	name := iv.obj.Name()
	if ok && start.kind == vScalar {
		if domain, ok := in.enumerate(iv, start.e, condExpr); ok {
			loop.Var, loop.HasVar, loop.Domain = in.newSym(name, affine.Uniform, ir.SymMeta{Role: ir.RoleLoop, Domain: domain}), true, domain
			in.set(iv.obj, scalar(affine.S(loop.Var)))
			return iterationOf(iv, start.e, loop.Var)
		}
		if outer, rows, ok := in.enumerateTied(iv, start.e, condExpr); ok {
			domain := columnValues(rows, len(outer))
			loop.Var, loop.HasVar, loop.Domain = in.newSym(name, affine.Uniform, ir.SymMeta{Role: ir.RoleLoop, Domain: domain}), true, domain
			in.ctx.Meta[loop.Var].Joint = ir.NewJoint(append(outer, loop.Var), rows)
			in.set(iv.obj, scalar(affine.S(loop.Var)))
			return affine.Expr{}, false
		}
		if iv.op == token.ADD || iv.op == token.SUB {
			k := in.newSym(name+"#iteration", affine.Uniform, ir.SymMeta{Role: ir.RoleIter})
			step := iv.step
			if iv.op == token.SUB {
				step = affine.Neg(step)
			}
			value := affine.Add(start.e, affine.Mul(affine.S(k), step))
			var extra []affine.Pred
			if in.wraps(iv, condExpr) {
				p, ok := in.stopsAtZero(iv, condExpr, value)
				if !ok {
					in.wrapUnknown(loop, iv, in.varies(start))
					return affine.Expr{}, false
				}
				extra = append(extra, p)
			}
			loop.Var, loop.HasVar = k, true
			in.set(iv.obj, scalar(value))
			if d, ok := in.iterationDomain(k, iv.obj, condExpr, extra...); ok {
				in.ctx.Meta[k].Domain, loop.Domain = d, d
			}
			return affine.S(k), true
		}
	}
	kind := affine.Uniform
	if ok && in.varies(start) {
		kind = affine.Thread
	}
	loop.Var, loop.HasVar = in.newSym(name, kind, ir.SymMeta{Role: ir.RoleLoop}), true
	in.set(iv.obj, scalar(affine.S(loop.Var)))
	return affine.Expr{}, false
}

// iterationOf is the number of iterations before the one where the
// enumerated loop variable v has its value: (v - start) / step for a
// variable advanced by a constant step.
func iterationOf(iv *induction, start affine.Expr, v affine.Sym) (affine.Expr, bool) {
	step, ok := iv.step.IsConst()
	if !ok || step == 0 || iv.op != token.ADD && iv.op != token.SUB {
		return affine.Expr{}, false
	}
	if iv.op == token.SUB {
		step = -step
	}
	d := affine.Sub(affine.S(v), start)
	switch step {
	case 1:
		return d, true
	case -1:
		return affine.Neg(d), true
	}
	return affine.Div(d, affine.C(step)), true
}

// iterationDomain lists the values of the iteration count k of a loop
// whose variable is start + k*step with start not a constant, when the
// condition bounds k: a <= aBegin+w-1 with a = aBegin + k*16 is k*16 <= w-1
// whatever the block's aBegin. A conjunct that also names the thread
// index or other values with known ranges (j2 < m with j2 = j1+1+k, j1
// the thread's column) bounds the warp's iterations: k runs while some
// thread may still pass it, and the condition, a guard of every access in
// the body, turns off the lanes that have left.
func (in *interp) iterationDomain(k affine.Sym, obj types.Object, condExpr ast.Expr, extra ...affine.Pred) ([]int64, bool) {
	if condExpr == nil {
		return nil, false
	}
	in.dry++
	cond := in.cond(condExpr)
	in.dry--
	for _, p := range extra {
		cond = affine.AndP(cond, p)
	}
	isK := func(s affine.Sym) bool { return s == k }
	var exact []affine.Pred
	type reach struct {
		op     affine.CmpOp
		coef   int64
		others ir.Interval
	}
	var some []reach
	for _, c := range cond.Conjuncts() {
		syms := c.Syms()
		only := len(syms) > 0
		for _, s := range syms {
			only = only && s == k
		}
		if only {
			exact = append(exact, c)
			continue
		}
		op, x, y, ok := c.Comparison()
		if !ok || !c.DependsOn(isK) {
			continue
		}
		dep, rest := affine.Split(affine.Sub(x, y), isK)
		if len(dep.Terms) != 1 || dep.Terms[0].Atom.Op != affine.OpSym {
			continue
		}
		if r, ok := ir.Bounds(in.ctx, rest); ok {
			some = append(some, reach{op, dep.Terms[0].Coef, r})
		}
	}
	if len(exact) == 0 && len(some) == 0 {
		return nil, false
	}
	env := make(affine.Env, in.ctx.Syms.Len())
	var out []int64
	for v := int64(0); v <= maxTrip; v++ {
		env[k] = v
		for _, b := range exact {
			holds, err := b.Eval(env)
			if err != nil {
				return nil, false
			}
			if !holds {
				return out, len(out) > 0
			}
		}
		for _, r := range some {
			if ir.HoldsOn(r.op.Negate(), ir.Interval{Lo: r.coef*v + r.others.Lo, Hi: r.coef*v + r.others.Hi}) {
				// No thread passes from here on.
				return out, len(out) > 0
			}
		}
		out = append(out, v)
	}
	return nil, false
}

// carried finds the variables a loop's body advances by the same amount
// in every iteration (off += dim, p = p[16:]), unconditionally, and gives
// them their value in the iteration numbered iter: the entry value plus
// iter times the advance. A dry run of the body with each variable bound
// to a symbol of its own tells the advance.
//
// A variable the body changes otherwise (pos = (pos+4)&63, offset *= 2)
// from a constant start, in a loop whose values are enumerated, gets a
// symbol of its own whose values are computed iteration by iteration and
// tied to the loop variable's.
func (in *interp) carried(body *ast.BlockStmt, post ast.Stmt, skip types.Object, iter affine.Expr, hasIter bool, loop *ir.Loop) map[types.Object]value {
	if leaves(body) || continues(body) {
		return nil
	}
	vars := in.assignedIn(body, post, skip)
	if len(vars) == 0 {
		return nil
	}
	saved := in.env.clone()
	defer func() { in.env = saved }()
	mark := in.ctx.Syms.Len()
	probes := map[types.Object]affine.Sym{}
	for _, obj := range vars {
		v := in.val(obj)
		switch {
		case v.kind == vScalar && isInteger(obj.Type()):
			p := in.newSym(obj.Name()+"#carried", affine.Uniform, ir.SymMeta{Role: ir.RoleLoop})
			probes[obj] = p
			in.set(obj, scalar(affine.S(p)))
		case v.kind == vRef && v.ref.slice && !v.ref.remote:
			p := in.newSym(obj.Name()+"#carried", affine.Uniform, ir.SymMeta{Role: ir.RoleLoop})
			probes[obj] = p
			in.set(obj, refValue(v.ref.withOffset(affine.S(p), v.ref.typ, true)))
		default:
			in.set(obj, in.widened(obj, in.varies(v)))
		}
	}
	in.dry++
	in.block(body.List)
	if post != nil {
		in.stmt(post)
	}
	in.dry--
	// The advance may mention what the loop does not change: symbols made
	// before the dry run, other than the loop's own.
	stale := func(s affine.Sym) bool {
		return int(s) >= mark || !hasIter || iter.DependsOn(func(t affine.Sym) bool { return t == s })
	}
	out := map[types.Object]value{}
	for obj, p := range probes {
		entry, _ := in.getIn(saved, obj)
		after := in.val(obj)
		var delta affine.Expr
		switch entry.kind {
		case vScalar:
			if after.kind != vScalar {
				continue
			}
			delta = affine.Sub(after.e, affine.S(p))
			if !hasIter || delta.DependsOn(stale) || delta.DependsOn(func(t affine.Sym) bool { return t == p }) {
				if v, ok := in.sequence(obj, loop, entry.e, after.e, p); ok {
					out[obj] = v
				}
				continue
			}
		case vRef:
			// Without an iteration count (i >>= 1) there is nothing to
			// advance by: the slice is widened instead.
			if !hasIter || after.kind != vRef || after.ref.arr != entry.ref.arr || after.ref.remote || !after.ref.slice ||
				!types.Identical(after.ref.typ, entry.ref.typ) {
				continue
			}
			delta = affine.Sub(after.ref.off, affine.Add(entry.ref.off, affine.S(p)))
		}
		if delta.DependsOn(stale) {
			continue
		}
		advance := affine.Mul(iter, delta)
		if entry.kind == vScalar {
			out[obj] = scalar(affine.Add(entry.e, advance))
		} else {
			r := entry.ref.withOffset(advance, entry.ref.typ, true)
			r.hasLen = false
			out[obj] = refValue(r)
		}
	}
	return out
}

// sequence computes, iteration by iteration of an enumerated loop, the
// values of a variable that starts at a constant and becomes next (an
// expression in its previous value p, the loop's variable and the outer
// values that variable is tied to) in each iteration. The variable becomes
// a symbol tied to the loop's variable.
func (in *interp) sequence(obj types.Object, loop *ir.Loop, entry, next affine.Expr, p affine.Sym) (value, bool) {
	v0, ok := entry.IsConst()
	if !ok || !loop.HasVar || loop.Domain == nil {
		return value{}, false
	}
	c := in.ctx
	syms := []affine.Sym{loop.Var}
	var rows [][]int64
	if j := c.Meta[loop.Var].Joint; j != nil {
		syms, rows = j.Syms, j.Rows
	} else {
		for _, d := range loop.Domain {
			rows = append(rows, []int64{d})
		}
	}
	if len(syms)+1 > ir.MaxJoint || next.DependsOn(func(s affine.Sym) bool { return s != p && !slices.Contains(syms, s) }) {
		return value{}, false
	}
	env := make(affine.Env, c.Syms.Len())
	out := make([][]int64, 0, len(rows))
	v := v0
	for i, r := range rows {
		// Outer values changed: the loop is entered again, from the start.
		if i > 0 && !slices.Equal(r[:len(r)-1], rows[i-1][:len(r)-1]) {
			v = v0
		}
		for k, s := range syms {
			env[s] = r[k]
		}
		env[p] = v
		out = append(out, append(slices.Clone(r), v))
		n, err := next.Eval(env)
		if err != nil {
			return value{}, false
		}
		v = n
	}
	sym := in.newSym(obj.Name(), affine.Uniform, ir.SymMeta{Role: ir.RoleLoop, Domain: columnValues(out, len(syms))})
	c.Meta[sym].Joint = ir.NewJoint(append(slices.Clone(syms), sym), out)
	return scalar(affine.S(sym)), true
}

// continues reports whether a loop's body has a continue of this loop,
// which skips the rest of an iteration.
func continues(body *ast.BlockStmt) bool {
	found := false
	var visit func(n ast.Node, nested bool)
	visit = func(n ast.Node, nested bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BranchStmt:
				found = found || m.Tok == token.CONTINUE && (m.Label != nil || !nested)
			case *ast.ForStmt, *ast.RangeStmt:
				if m != n {
					visit(m, true)
					return false
				}
			}
			return !found
		})
	}
	visit(body, false)
	return found
}

// enumerate lists the values of a loop variable with constant start, step
// and bound.
func (in *interp) enumerate(iv *induction, start affine.Expr, condExpr ast.Expr) ([]int64, bool) {
	v, ok := start.IsConst()
	step, ok2 := iv.step.IsConst()
	if !ok || !ok2 || condExpr == nil {
		return nil, false
	}
	t := iv.obj.Type()
	// The bound: the conjuncts of the condition that mention only the
	// variable (after binding it to a probe symbol) and constants.
	probe := in.newSym(iv.obj.Name()+"#probe", affine.Uniform, ir.SymMeta{Role: ir.RoleLoop})
	saved := in.val(iv.obj)
	in.set(iv.obj, scalar(affine.S(probe)))
	in.dry++
	cond := in.cond(condExpr)
	in.dry--
	in.set(iv.obj, saved)
	var bound []affine.Pred
	for _, c := range cond.Conjuncts() {
		syms := c.Syms()
		only := len(syms) > 0
		for _, s := range syms {
			only = only && s == probe
		}
		if only {
			bound = append(bound, c)
		}
	}
	if len(bound) == 0 {
		return nil, false
	}
	env := make(affine.Env, in.ctx.Syms.Len())
	out := []int64{} // not nil: a loop of no iteration has a known, empty domain
	for len(out) <= maxTrip {
		if w, ok := in.wrapInt(t, v); ok {
			v = w
		} else if stepsDown(iv) {
			// Unsigned, wrapped below zero: past an upper bound. (A
			// mask shifted up to 1<<63 keeps its int64 bits.)
			return out, in.upperBound(condExpr, iv.obj)
		}
		env[probe] = v
		for _, b := range bound {
			holds, err := b.Eval(env)
			if err != nil {
				return nil, false
			}
			if !holds {
				return out, true
			}
		}
		out = append(out, v)
		next, ok := stepValue(iv.op, v, step)
		if !ok || next == v {
			return nil, false
		}
		v = next
	}
	return nil, false
}

// maxTiedRows bounds the combinations of a loop variable and the outer
// values its bounds depend on.
const maxTiedRows = 1 << 14

// enumerateTied lists the values of a loop variable whose start, step or
// bound depend on enumerable uniform symbols (outer loops' variables, a
// block index of a known grid): for each combination of theirs that
// occurs, the values the variable takes. It returns those symbols and the
// rows, each the symbols' values followed by the variable's.
func (in *interp) enumerateTied(iv *induction, start affine.Expr, condExpr ast.Expr) ([]affine.Sym, [][]int64, bool) {
	if condExpr == nil {
		return nil, nil, false
	}
	c := in.ctx
	enumerable := func(s affine.Sym) bool {
		return !c.Syms.IsThread(s) && c.Domain(s) != nil
	}
	probe := in.newSym(iv.obj.Name()+"#probe", affine.Uniform, ir.SymMeta{Role: ir.RoleLoop})
	saved := in.val(iv.obj)
	in.set(iv.obj, scalar(affine.S(probe)))
	in.dry++
	cond := in.cond(condExpr)
	in.dry--
	in.set(iv.obj, saved)
	var bound []affine.Pred
	var outer []affine.Sym
	note := func(syms []affine.Sym) bool {
		for _, s := range syms {
			if s == probe {
				continue
			}
			if !enumerable(s) {
				return false
			}
			if !slices.Contains(outer, s) {
				outer = append(outer, s)
			}
		}
		return true
	}
	for _, p := range cond.Conjuncts() {
		syms := p.Syms()
		if slices.Contains(syms, probe) && slices.IndexFunc(syms, func(s affine.Sym) bool { return s != probe && !enumerable(s) }) < 0 {
			bound = append(bound, p)
			note(syms)
		}
	}
	if len(bound) == 0 || !note(start.Syms()) || !note(iv.step.Syms()) || len(outer) == 0 {
		return nil, nil, false
	}
	extra, joints := c.Tied(outer)
	outer = append(outer, extra...)
	if len(outer)+1 > ir.MaxJoint {
		return nil, nil, false
	}
	domains := make([][]int64, len(outer))
	combos := 1
	for i, s := range outer {
		domains[i] = c.Domain(s)
		combos *= len(domains[i])
		if combos == 0 || combos > maxTiedRows {
			// An outer loop of no iteration: this one never runs.
			return nil, nil, false
		}
	}
	env := make(affine.Env, c.Syms.Len())
	var rows [][]int64
	idx := make([]int, len(outer))
	for {
		for i, s := range outer {
			env[s] = domains[i][idx[i]]
		}
		if ir.HoldAll(joints, env) {
			v, err1 := start.Eval(env)
			step, err2 := iv.step.Eval(env)
			if err1 != nil || err2 != nil {
				return nil, nil, false
			}
			for n := 0; ; n++ {
				if n > maxTrip || len(rows) > maxTiedRows {
					return nil, nil, false
				}
				if w, ok := in.wrapInt(iv.obj.Type(), v); ok {
					v = w
				} else if stepsDown(iv) {
					// Unsigned, wrapped below zero: past an upper
					// bound.
					if !in.upperBound(condExpr, iv.obj) {
						return nil, nil, false
					}
					break
				}
				env[probe] = v
				holds := true
				for _, b := range bound {
					h, err := b.Eval(env)
					if err != nil {
						return nil, nil, false
					}
					holds = holds && h
				}
				if !holds {
					break
				}
				row := make([]int64, 0, len(outer)+1)
				for _, s := range outer {
					row = append(row, env[s])
				}
				rows = append(rows, append(row, v))
				next, ok := stepValue(iv.op, v, step)
				if !ok || next == v {
					return nil, nil, false
				}
				v = next
			}
		}
		if !nextIndex(idx, domains) {
			break
		}
	}
	return outer, rows, len(rows) > 0
}

// nextIndex advances idx to the next combination of domains' values.
func nextIndex(idx []int, domains [][]int64) bool {
	for i := len(idx) - 1; i >= 0; i-- {
		idx[i]++
		if idx[i] < len(domains[i]) {
			return true
		}
		idx[i] = 0
	}
	return false
}

// columnValues returns the distinct values of column col of rows, sorted.
func columnValues(rows [][]int64, col int) []int64 {
	var out []int64
	for _, r := range rows {
		out = append(out, r[col])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func stepValue(op token.Token, v, c int64) (int64, bool) {
	switch op {
	case token.ADD:
		return v + c, true
	case token.SUB:
		return v - c, true
	case token.MUL:
		return v * c, true
	case token.QUO:
		if c == 0 {
			return 0, false
		}
		return v / c, true
	case token.SHL:
		if c < 0 || c > 62 {
			return 0, false
		}
		return v << c, true
	case token.SHR:
		if c < 0 {
			return 0, false
		}
		return v >> c, true
	}
	return 0, false
}

// widen replaces the variables a loop body assigns by unknowns, uniform or
// varying, found by dry runs of the body until nothing changes.
func (in *interp) widen(body *ast.BlockStmt, post ast.Stmt, skip func(types.Object) bool, loop *ir.Loop) {
	var vars []types.Object
	for _, obj := range in.assignedIn(body, post, nil) {
		if !skip(obj) {
			vars = append(vars, obj)
		}
	}
	if len(vars) == 0 {
		return
	}
	varies := map[types.Object]bool{}
	for _, obj := range vars {
		varies[obj] = in.varies(in.val(obj))
	}
	for pass := 0; pass < maxDryRuns; pass++ {
		for _, obj := range vars {
			in.set(obj, in.widened(obj, varies[obj]))
		}
		if in.dry > 0 && pass > 0 {
			break // nested dry runs: one pass is enough
		}
		saved := in.env.clone()
		in.dry++
		in.loops = append(in.loops, loop)
		in.block(body.List)
		if post != nil {
			in.stmt(post)
		}
		in.loops = in.loops[:len(in.loops)-1]
		in.dry--
		changed := false
		for _, obj := range vars {
			if !varies[obj] && in.varies(in.val(obj)) {
				varies[obj], changed = true, true
			}
		}
		in.env = saved
		if !changed {
			break
		}
	}
	for _, obj := range vars {
		in.set(obj, in.widened(obj, varies[obj]))
	}
}

// assigned is a variable a loop assigns, with its value on entry to the
// loop's body.
type assigned struct {
	obj   types.Object
	entry value
}

// leftEarlier qualifies the accesses of a loop's body, those recorded
// from index first on, when the body can break or return: each value of
// the loop variable is evaluated as if every thread ran that iteration,
// but a thread that left in an earlier iteration does not. Which threads
// did is unknown.
func (in *interp) leftEarlier(first int, ex exits, loop *ir.Loop, body *ast.BlockStmt) {
	left := affine.OrP(ex.ret, ex.brk)
	if v, ok := left.IsConst(); (ok && !v) || in.dry > 0 || !leaves(body) {
		return
	}
	var stay affine.Pred
	if last, ok := in.lastIteration(loop, left); ok {
		// Every thread leaves in the same iteration.
		if last == len(loop.Domain)-1 {
			return
		}
		if stay, ok = stayUntil(loop, last); !ok {
			stay = in.opaque(types.Typ[types.Bool], false, "which threads left the loop in an earlier iteration").cond()
		}
	} else {
		stay = in.opaque(types.Typ[types.Bool], in.predVaries(left), "which threads left the loop in an earlier iteration").cond()
	}
	c := ir.Ctrl{Kind: ir.CtrlExit, Pred: stay, Pos: loop.Pos, Via: "break or return of an earlier iteration", Text: loop.Text}
	for _, a := range in.ctx.Accesses[first:] {
		a.Ctrl = append(a.Ctrl, c)
	}
}

// leaves reports whether a loop's body can leave the loop: by return,
// goto, panic, or a break of this loop (continue stays in it).
func leaves(body *ast.BlockStmt) bool {
	found := false
	var visit func(n ast.Node, nested bool) bool
	visit = func(n ast.Node, nested bool) bool {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				found = true
			case *ast.BranchStmt:
				found = found || m.Tok == token.GOTO || m.Tok == token.BREAK && (m.Label != nil || !nested)
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if m != n {
					visit(m, true)
					return false
				}
			case *ast.CallExpr:
				if id, ok := ast.Unparen(m.Fun).(*ast.Ident); ok && id.Name == "panic" {
					found = true
				}
			}
			return !found
		})
		return found
	}
	return visit(body, false)
}

// loopReturns is the predicate of the threads that return in a loop,
// given ret, that of the threads that return in its body. The body is
// evaluated once, for any iteration: ret holds of a thread that would
// return in an iteration it runs, which tells nothing of a thread that
// runs no iteration, or of the iteration values in it. Unless no thread
// returns, which threads do is unknown.
func (in *interp) loopReturns(ret affine.Pred, loop *ir.Loop) affine.Pred {
	if v, ok := ret.IsConst(); ok && !v {
		return ret
	}
	return in.opaque(types.Typ[types.Bool], in.predVaries(ret) || in.predVaries(loop.Cond), "which threads returned in a loop").cond()
}

// entryValues returns the variables a loop assigns, in a stable order,
// with their values on entry to its body.
func (in *interp) entryValues(body *ast.BlockStmt, post ast.Stmt, skip types.Object) []assigned {
	var out []assigned
	for _, obj := range in.assignedIn(body, post, skip) {
		out = append(out, assigned{obj, in.val(obj)})
	}
	return out
}

// leave gives the variables a loop assigns their value after the loop:
// unknown, as on entry to its body. The body is evaluated once, standing
// for every iteration; what it leaves in a variable is its value after an
// iteration, not after the loop: threads may run no iteration, or skip the
// assignment in the last one, and a value in terms of the loop variable
// stands for every iteration rather than the last.
func (in *interp) leave(vars []assigned, loop *ir.Loop) {
	for _, a := range vars {
		varies := in.varies(a.entry) || in.varies(in.val(a.obj)) || in.predVaries(loop.Cond)
		in.set(a.obj, in.widened(a.obj, varies))
	}
}

// widened is the unknown value of a variable assigned in a loop; references
// keep their array and lose their offset.
//
// A slice the loop only re-slices (g0 = g0[16:]) keeps its array, at an
// offset smemlint does not know; any other reference is lost.
func (in *interp) widened(obj types.Object, varies bool) value {
	if v, ok := in.get(obj); ok && v.kind == vRef {
		if !in.resliced[obj] || !v.ref.slice {
			if varies {
				return none()
			}
			// Double buffers swapped by src, dst = dst, src, or any other
			// memory the loop points the variable at: an access through it
			// says why it is not evaluated rather than passing in silence.
			why := "which memory a slice or pointer that a loop reassigns refers to " +
				"(double buffers swapped by a, b = b, a): smemlint does not follow which one each iteration uses"
			off := in.opaque(types.Typ[types.Int], false, why)
			unit := in.sizes.Sizeof(v.ref.typ)
			if elem, ok := elemType(v.ref); ok {
				unit = in.sizes.Sizeof(elem)
			}
			r := v.ref.withOffset(affine.Scale(off.e, unit), v.ref.typ, v.ref.slice)
			r.hasLen = false
			return refValue(r)
		}
		why := "the offset of " + obj.Name() + ", which a loop re-slices by amounts smemlint does not follow"
		off := in.opaque(types.Typ[types.Int], varies, why)
		r := v.ref.withOffset(affine.Scale(off.e, in.sizes.Sizeof(v.ref.typ)), v.ref.typ, true)
		r.hasLen = false
		return refValue(r)
	}
	return in.opaque(obj.Type(), varies, obj.Name()+", which a loop assigns (smemlint does not follow its values from one iteration to the next)")
}

// markResliced records which slice variables a loop assigns only by
// re-slicing themselves (p = p[n:]), for widened; the returned function
// restores what enclosing loops recorded.
func (in *interp) markResliced(body *ast.BlockStmt, post ast.Stmt) func() {
	only := in.loopSyntax(body, post).resliced
	type prior struct{ was, had bool }
	saved := make([]prior, len(only))
	if in.resliced == nil {
		in.resliced = map[types.Object]bool{}
	}
	for i, r := range only {
		saved[i].was, saved[i].had = in.resliced[r.obj]
		in.resliced[r.obj] = r.self
	}
	return func() {
		for i, r := range only {
			if saved[i].had {
				in.resliced[r.obj] = saved[i].was
			} else {
				delete(in.resliced, r.obj)
			}
		}
	}
}

// assignedIn lists the variables declared outside a loop that its body or
// post statement assigns, in a stable order.
func (in *interp) assignedIn(body *ast.BlockStmt, post ast.Stmt, skip types.Object) []types.Object {
	var out []types.Object
	for _, obj := range in.loopSyntax(body, post).assigned {
		if obj == skip {
			continue
		}
		if _, tracked := in.get(obj); tracked {
			out = append(out, obj)
		}
	}
	return out
}

func (in *interp) rangeStmt(s *ast.RangeStmt) exits {
	x := in.eval(s.X)
	loop := &ir.Loop{Pos: s.Pos(), Text: "for range " + in.text(s.X), Cond: affine.True}
	var key, val types.Object
	if id, ok := s.Key.(*ast.Ident); ok && id.Name != "_" {
		key = in.info.ObjectOf(id)
	}
	if id, ok := s.Value.(*ast.Ident); ok && id.Name != "_" {
		val = in.info.ObjectOf(id)
	}
	if key != nil {
		n, isConst := x.e.IsConst()
		if x.kind == vScalar && isConst && n >= 0 && n <= maxTrip {
			loop.Domain = rangeDomain(int(n))
			loop.Var = in.newSym(key.Name(), affine.Uniform, ir.SymMeta{Role: ir.RoleLoop, Domain: loop.Domain})
		} else {
			loop.Var = in.newSym(key.Name()+"#iteration", affine.Uniform, ir.SymMeta{Role: ir.RoleIter})
		}
		loop.HasVar = true
		in.set(key, scalar(affine.S(loop.Var)))
	}
	if val != nil {
		why := whyLocal
		if x.kind == vRef {
			why = whyMemory
		}
		in.set(val, in.opaque(val.Type(), in.varies(x), why))
	}
	defer in.markResliced(s.Body, nil)()
	entry := in.entryValues(s.Body, nil, key)
	in.widen(s.Body, nil, func(obj types.Object) bool { return obj == key }, loop)
	first := len(in.ctx.Accesses)
	in.loops = append(in.loops, loop)
	in.ctrl = append(in.ctrl, ir.Ctrl{Kind: ir.CtrlLoop, Pred: loop.Cond, Pos: loop.Pos, Text: loop.Text})
	ex := in.block(s.Body.List)
	in.leftEarlier(first, ex, loop, s.Body)
	in.ctrl = in.ctrl[:len(in.ctrl)-1]
	in.loops = in.loops[:len(in.loops)-1]
	in.leave(entry, loop)
	return exits{ret: in.loopReturns(ex.ret, loop), brk: affine.False}
}

// loopHeader is the text of a for statement up to its body.
func (in *interp) loopHeader(s *ast.ForStmt) string {
	text := "for"
	if s.Init != nil {
		text += " " + in.text(s.Init) + ";"
	}
	if s.Cond != nil {
		text += " " + in.text(s.Cond) + ";"
	}
	if s.Post != nil {
		text += " " + in.text(s.Post)
	}
	return text
}
