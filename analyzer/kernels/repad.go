package kernels

import (
	"go/ast"
	"go/types"
)

// Repad evaluates the context again with the innermost dimension of a
// Shared array made pad elements longer, as a padding fix would. It
// returns nil when the array cannot be padded (not a Shared array of at
// least two dimensions).
func (c *Context) Repad(arr *Array, pad int64) *Context {
	if arr.call == nil || c.job == nil || innerArray(arr.Type) == nil {
		return nil
	}
	j := *c.job
	j.padding = map[*ast.CallExpr]int64{arr.call: pad}
	ctx, err := safeEvaluate(c.pass, c.cfg, c.finder, j)
	if err != nil {
		return nil
	}
	return ctx
}

// innerArray returns the innermost array type of a multi-dimensional
// array, or nil.
func innerArray(t types.Type) *types.Array {
	a, ok := types.Unalias(t).Underlying().(*types.Array)
	if !ok {
		return nil
	}
	inner, ok := types.Unalias(a.Elem()).Underlying().(*types.Array)
	if !ok {
		return nil
	}
	if deeper := innerArray(a.Elem()); deeper != nil {
		return deeper
	}
	return inner
}

// padded returns t with its innermost dimension pad elements longer.
func padded(t types.Type, pad int64) types.Type {
	a, ok := types.Unalias(t).Underlying().(*types.Array)
	if !ok {
		return t
	}
	if _, nested := types.Unalias(a.Elem()).Underlying().(*types.Array); nested {
		return types.NewArray(padded(a.Elem(), pad), a.Len())
	}
	return types.NewArray(a.Elem(), a.Len()+pad)
}

// PadTarget returns the length expression of the innermost dimension in
// the Shared call's type argument, which a padding fix edits.
func (a *Array) PadTarget() ast.Expr {
	if a.call == nil {
		return nil
	}
	var typ ast.Expr
	switch f := ast.Unparen(a.call.Fun).(type) {
	case *ast.IndexExpr:
		typ = f.Index
	case *ast.IndexListExpr:
		typ = f.Indices[0]
	}
	var last ast.Expr
	for {
		at, ok := typ.(*ast.ArrayType)
		if !ok || at.Len == nil {
			break
		}
		last = at.Len
		typ = at.Elt
	}
	return last
}

// Paddable reports whether the array is a Shared array of at least two
// dimensions, which a padding fix can change.
func (a *Array) Paddable() bool {
	return a.Space == spaceShared && !a.Dynamic && innerArray(a.Type) != nil
}

// Find returns the access of c at the same node and direction as a.
func (c *Context) Find(a *Access) []*Access {
	var out []*Access
	for _, b := range c.Accesses {
		if b.Node == a.Node && b.Store == a.Store {
			out = append(out, b)
		}
	}
	return out
}
