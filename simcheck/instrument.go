package simcheck

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/internal/simtapi"
)

// simtAlias is the name under which instrumented files import simt, added
// on the package clause's line so that no line moves.
const simtAlias = "smemlintsimt"

// nodeSites are the sites of one access node: a load, a store, or both
// (x[i] += v), or an atomic.
type nodeSites struct{ load, store, atomic *Site }

// instrumenter rewrites the access nodes of one file into tracing calls.
type instrumenter struct {
	fset  *token.FileSet
	info  *types.Info
	pkg   *types.Package
	tf    *token.File
	nodes map[ast.Node]*nodeSites
	done  map[ast.Node]bool
	edits []edit
	stack []ast.Node
	// loops numbers the loops of kernel code; nextLoop is the next number.
	loops    map[ast.Node]int32
	nextLoop *int32
	// siteLoops are the loops around each instrumented site.
	siteLoops map[int32][]int32
}

// instrument returns the instrumented text of file, or nil when no site of
// it could be instrumented. Sites it cannot instrument get a Note. Loops
// of kernel code are numbered from *nextLoop on: simt learns, from a call
// of TraceSiteLoops in an init function added after the last line, which
// loops enclose each site, and the loops report their iterations.
func instrument(fset *token.FileSet, info *types.Info, pkg *types.Package, file *ast.File, src []byte,
	nodes map[ast.Node]*nodeSites, nextLoop *int32) ([]byte, error) {
	in := &instrumenter{fset: fset, info: info, pkg: pkg, tf: fset.File(file.Pos()), nodes: nodes,
		done: map[ast.Node]bool{}, loops: map[ast.Node]int32{}, nextLoop: nextLoop, siteLoops: map[int32][]int32{}}
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil {
			in.stack = in.stack[:len(in.stack)-1]
			return true
		}
		in.visit(n)
		in.stack = append(in.stack, n)
		return true
	})
	if len(in.edits) == 0 {
		return nil, nil
	}
	imp := fmt.Sprintf("; import %s %q", simtAlias, kernels.SimtPath)
	in.edits = append(in.edits, edit{off: in.off(file.Name.End()), end: in.off(file.Name.End()), text: imp, kind: opening})
	out, err := apply(src, in.edits)
	if err != nil {
		return nil, err
	}
	return append(out, in.initFunc()...), nil
}

// initFunc returns the init function that tells simt the loops around
// each site, to be added after the file's last line.
func (in *instrumenter) initFunc() string {
	if len(in.siteLoops) == 0 {
		return ""
	}
	ids := make([]int32, 0, len(in.siteLoops))
	for id := range in.siteLoops {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var b strings.Builder
	fmt.Fprintf(&b, "\nfunc init() { %s.TraceSiteLoops(map[int32][]int32{", simtAlias)
	for _, id := range ids {
		fmt.Fprintf(&b, "%d: {", id)
		for i, l := range in.siteLoops[id] {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprint(&b, l)
		}
		b.WriteString("}, ")
	}
	b.WriteString("}) }\n")
	return b.String()
}

// loop numbers a loop of kernel code and reports its entries and
// iterations: TraceLoop before the statement (and its label), TraceIter
// at the top of its body.
func (in *instrumenter) loop(n ast.Stmt, body *ast.BlockStmt) {
	t, ok := in.thread(n)
	if !ok {
		return
	}
	id := *in.nextLoop
	*in.nextLoop++
	in.loops[n] = id
	at := n.Pos()
	if l, ok := in.parent().(*ast.LabeledStmt); ok {
		at = l.Pos()
	}
	d := in.depth()
	in.edits = append(in.edits,
		edit{off: in.off(at), end: in.off(at), text: fmt.Sprintf("%s.TraceLoop(%s, %d); ", simtAlias, t, id), kind: opening, depth: d - 1},
		edit{off: in.off(body.Lbrace) + 1, end: in.off(body.Lbrace) + 1, text: fmt.Sprintf(" %s.TraceIter(%s, %d);", simtAlias, t, id), kind: opening, depth: d})
}

func (in *instrumenter) parent() ast.Node {
	if len(in.stack) == 0 {
		return nil
	}
	return in.stack[len(in.stack)-1]
}

// enclosingLoops returns the numbers of the loops around the node being
// visited, up to its function, outermost first.
func (in *instrumenter) enclosingLoops() []int32 {
	var out []int32
	for i := len(in.stack) - 1; i >= 0; i-- {
		switch n := in.stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			slices.Reverse(out)
			return out
		case *ast.ForStmt, *ast.RangeStmt:
			if id, ok := in.loops[n]; ok {
				out = append(out, id)
			}
		}
	}
	slices.Reverse(out)
	return out
}

// instrumented marks a site instrumented and notes the loops around it.
func (in *instrumenter) instrumented(site *Site) {
	site.instrumented = true
	if ls := in.enclosingLoops(); len(ls) > 0 {
		in.siteLoops[site.ID] = ls
	}
}

func (in *instrumenter) off(p token.Pos) int { return in.tf.Offset(p) }

// visit plans the rewriting of n, which the walk reaches before its
// children.
func (in *instrumenter) visit(n ast.Node) {
	switch n := n.(type) {
	case *ast.ForStmt:
		in.loop(n, n.Body)
	case *ast.RangeStmt:
		in.loop(n, n.Body)
	case *ast.AssignStmt:
		in.assign(n)
	case *ast.IncDecStmt:
		if ns := in.nodes[n.X]; ns != nil && (ns.load != nil || ns.store != nil) {
			op := "+"
			if n.Tok == token.DEC {
				op = "-"
			}
			in.update(n, n.X, ns, n.TokPos, len(n.Tok.String()), op, nil)
		}
	case *ast.CallExpr:
		if ns := in.nodes[n]; ns != nil && ns.atomic != nil && len(n.Args) >= 2 {
			in.wrap(ns.atomic, n, n.Args[1], "TraceAtomic(%s, %d, ", ")")
		}
	}
	if e, ok := n.(ast.Expr); ok && !in.done[n] {
		if ns := in.nodes[n]; ns != nil && ns.load != nil {
			if call, ok := n.(*ast.CallExpr); ok && in.isConversion(call) {
				in.wrapConversion(ns.load, call)
				return
			}
			in.wrap(ns.load, n, e, "(*"+simtAlias+".TraceLoad(%s, %d, &", "))")
		}
	}
}

// isConversion reports whether call is a conversion T(x).
func (in *instrumenter) isConversion(call *ast.CallExpr) bool {
	tv, ok := in.info.Types[call.Fun]
	return ok && tv.IsType() && len(call.Args) == 1
}

// wrapConversion rewrites the load of a slice converted to an array,
// [N]E(s), which is not addressable, into the same load through an array
// pointer: (*TraceLoad(t, site, (*[N]E)(s))). Both forms panic alike when
// s is too short.
func (in *instrumenter) wrapConversion(site *Site, call *ast.CallExpr) {
	in.done[call] = true
	t, ok := in.thread(call)
	if !ok {
		site.Note = "not instrumented: no *simt.Thread parameter in scope"
		return
	}
	in.instrumented(site)
	d := in.depth()
	in.edits = append(in.edits,
		edit{off: in.off(call.Pos()), end: in.off(call.Pos()), text: fmt.Sprintf("(*%s.TraceLoad(%s, %d, (*", simtAlias, t, site.ID), kind: opening, depth: d},
		edit{off: in.off(call.Fun.End()), end: in.off(call.Fun.End()), text: ")", kind: closing, depth: d + 1},
		edit{off: in.off(call.End()), end: in.off(call.End()), text: "))", kind: closing, depth: d})
}

// assign plans the stores of an assignment.
func (in *instrumenter) assign(s *ast.AssignStmt) {
	switch s.Tok {
	case token.DEFINE:
		return
	case token.ASSIGN:
		for _, l := range s.Lhs {
			ns := in.nodes[l]
			if ns == nil || ns.store == nil {
				continue
			}
			in.done[l] = true
			if len(s.Lhs) == 1 && len(s.Rhs) == 1 {
				in.store(ns.store, s)
				continue
			}
			in.wrap(ns.store, s, l, "(*"+simtAlias+".TraceStorePtr(%s, %d, &", "))")
		}
	default:
		l := s.Lhs[0]
		if ns := in.nodes[l]; ns != nil && (ns.load != nil || ns.store != nil) {
			op := s.Tok.String()
			in.update(s, l, ns, s.TokPos, len(op), op[:len(op)-1], s.Rhs[0])
		}
	}
}

// thread returns the name of the *simt.Thread that the code at n reaches:
// the first parameter of the innermost enclosing kernel, device function
// or kernel closure, when no other declaration hides it at n.
func (in *instrumenter) thread(n ast.Node) (string, bool) {
	for i := len(in.stack) - 1; i >= 0; i-- {
		var ft *ast.FuncType
		switch f := in.stack[i].(type) {
		case *ast.FuncDecl:
			ft = f.Type
		case *ast.FuncLit:
			ft = f.Type
		default:
			continue
		}
		if ft.Params == nil || len(ft.Params.List) == 0 || !simtapi.IsThreadPtr(in.info.TypeOf(ft.Params.List[0].Type)) {
			continue
		}
		names := ft.Params.List[0].Names
		if len(names) == 0 || names[0].Name == "_" {
			return "", false
		}
		obj := in.info.Defs[names[0]]
		scope := in.pkg.Scope().Innermost(n.Pos())
		if scope == nil {
			return "", false
		}
		if _, found := scope.LookupParent(names[0].Name, n.Pos()); found != obj {
			return "", false
		}
		return names[0].Name, true
	}
	return "", false
}

func (in *instrumenter) depth() int { return len(in.stack) }

// wrap surrounds x with open and close; open's %s and %d take the thread
// and the site.
func (in *instrumenter) wrap(site *Site, at ast.Node, x ast.Node, open, close string) {
	in.done[x] = true
	t, ok := in.thread(at)
	if !ok {
		site.Note = "not instrumented: no *simt.Thread parameter in scope"
		return
	}
	if open[0] != '(' {
		open = simtAlias + "." + open
	}
	in.instrumented(site)
	d := in.depth()
	in.edits = append(in.edits,
		edit{off: in.off(x.Pos()), end: in.off(x.Pos()), text: fmt.Sprintf(open, t, site.ID), kind: opening, depth: d},
		edit{off: in.off(x.End()), end: in.off(x.End()), text: close, kind: closing, depth: d})
}

// store rewrites x = v into TraceStore(t, site, &x, v): the loads of v are
// made and recorded before the store, as Go makes them.
func (in *instrumenter) store(site *Site, s *ast.AssignStmt) {
	t, ok := in.thread(s)
	if !ok {
		site.Note = "not instrumented: no *simt.Thread parameter in scope"
		return
	}
	in.instrumented(site)
	d := in.depth()
	lhs, tok, rhs := s.Lhs[0], in.off(s.TokPos), s.Rhs[0]
	in.edits = append(in.edits,
		edit{off: in.off(lhs.Pos()), end: in.off(lhs.Pos()), text: fmt.Sprintf("%s.TraceStore(%s, %d, &", simtAlias, t, site.ID), kind: opening, depth: d},
		edit{off: tok, end: tok + 1, text: ",", kind: replacing, depth: d},
		edit{off: in.off(rhs.End()), end: in.off(rhs.End()), text: ")", kind: closing, depth: d})
}

// update rewrites x op= v and x++ in a statement list into
//
//	{ p := &x; TraceStore(t, s, p, (*TraceLoad(t, l, p)) op (v)) }
//
// so that x's operands are evaluated once and the load of x, the loads of
// v and the store are recorded in that order. Where a statement list
// cannot hold a block (a for statement's post statement), it becomes
// *TraceUpdate(t, l, s, &x) op= v.
func (in *instrumenter) update(s ast.Stmt, x ast.Expr, ns *nodeSites, tokPos token.Pos, tokLen int, op string, rhs ast.Expr) {
	in.done[x] = true
	t, ok := in.thread(s)
	if !ok {
		for _, site := range []*Site{ns.load, ns.store} {
			if site != nil {
				site.Note = "not instrumented: no *simt.Thread parameter in scope"
			}
		}
		return
	}
	id := func(site *Site) int32 {
		if site == nil {
			return -1
		}
		in.instrumented(site)
		return site.ID
	}
	load, store := id(ns.load), id(ns.store)
	d := in.depth()
	if !in.inStmtList() {
		in.edits = append(in.edits,
			edit{off: in.off(x.Pos()), end: in.off(x.Pos()), text: fmt.Sprintf("*%s.TraceUpdate(%s, %d, %d, &", simtAlias, t, load, store), kind: opening, depth: d},
			edit{off: in.off(x.End()), end: in.off(x.End()), text: ")", kind: closing, depth: d})
		return
	}
	old := "(*smemlintP)"
	if load >= 0 {
		old = fmt.Sprintf("(*%s.TraceLoad(%s, %d, smemlintP))", simtAlias, t, load)
	}
	set := "*smemlintP = "
	if store >= 0 {
		set = fmt.Sprintf("%s.TraceStore(%s, %d, smemlintP, ", simtAlias, t, store)
	}
	tok := in.off(tokPos)
	end := ")"
	if store >= 0 {
		end = "))"
	}
	newTok := fmt.Sprintf("; %s%s %s (", set, old, op)
	if rhs == nil { // x++, x--
		newTok = fmt.Sprintf("; %s%s %s 1%s }", set, old, op, end[1:])
	}
	in.edits = append(in.edits,
		edit{off: in.off(x.Pos()), end: in.off(x.Pos()), text: "{ smemlintP := &", kind: opening, depth: d},
		edit{off: tok, end: tok + tokLen, text: newTok, kind: replacing, depth: d})
	if rhs != nil {
		in.edits = append(in.edits, edit{off: in.off(rhs.End()), end: in.off(rhs.End()), text: end + " }", kind: closing, depth: d})
	}
}

// inStmtList reports whether the statement being visited is an element of
// a statement list, where a block statement may replace it.
func (in *instrumenter) inStmtList() bool {
	if len(in.stack) == 0 {
		return false
	}
	switch in.stack[len(in.stack)-1].(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause, *ast.LabeledStmt:
		return true
	}
	return false
}
