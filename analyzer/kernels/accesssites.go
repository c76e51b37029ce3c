package kernels

import (
	"go/ast"
	"go/token"
)

// AccessSite is one memory access of the source as a check reports it:
// one position (the access, or for another package's access the call that
// reaches it) and direction, with its evaluation in every context.
type AccessSite struct {
	Node  ast.Node // where findings are reported: the access's Anchor
	Store bool
	Worst *Eval   // the worst evaluation by the check's order
	All   []*Eval // every context's evaluation
}

// EvaluateSites evaluates every access keep selects, in every context, and
// groups the evaluations by site, keeping the worst by worse (a is worse
// than b). Sites come in the order their first access was recorded.
func EvaluateSites(res *Result, keep func(*Access) bool, worse func(a, b *Eval) bool) []*AccessSite {
	type key struct {
		pos, anchor token.Pos
		store       bool
	}
	byKey := map[key]*AccessSite{}
	var out []*AccessSite
	for _, ctx := range res.Contexts {
		for _, a := range ctx.Accesses {
			if !keep(a) {
				continue
			}
			k := key{a.Node.Pos(), a.Anchor().Pos(), a.Store}
			s, ok := byKey[k]
			if !ok {
				s = &AccessSite{Node: a.Anchor(), Store: a.Store}
				byKey[k] = s
				out = append(out, s)
			}
			ev := ctx.Judge(a)
			s.All = append(s.All, ev)
			if s.Worst == nil || worse(ev, s.Worst) {
				s.Worst = ev
			}
		}
	}
	return out
}
