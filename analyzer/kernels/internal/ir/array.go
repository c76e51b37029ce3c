package ir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Space is the memory a reference points into.
type Space uint8

// Memory spaces.
const (
	SpaceShared Space = iota
	SpaceGlobal
)

func (s Space) String() string {
	if s == SpaceShared {
		return "shared"
	}
	return "global"
}

// Array is one shared-memory region or one global slice a kernel uses.
type Array struct {
	Name    string        // the source name it was first bound to
	Space   Space         // shared or global
	Type    types.Type    // the array type (Shared), the element type (slices)
	Base    int64         // arena offset of a shared region; 0 for global slices
	Size    int64         // bytes of a shared region; 0 when unknown
	Dynamic bool          // the DynamicShared region
	Decl    token.Pos     // where Shared/DynamicShared was called, or the parameter
	Call    *ast.CallExpr // the Shared call, for Repad and padding fixes
}

// IsShared reports whether the array lives in shared memory.
func (a *Array) IsShared() bool { return a.Space == SpaceShared }

// InnerArray returns the innermost array type of a multi-dimensional
// array, or nil.
func InnerArray(t types.Type) *types.Array {
	a, ok := types.Unalias(t).Underlying().(*types.Array)
	if !ok {
		return nil
	}
	inner, ok := types.Unalias(a.Elem()).Underlying().(*types.Array)
	if !ok {
		return nil
	}
	if deeper := InnerArray(a.Elem()); deeper != nil {
		return deeper
	}
	return inner
}

// Padded returns t with its innermost dimension pad elements longer.
func Padded(t types.Type, pad int64) types.Type {
	a, ok := types.Unalias(t).Underlying().(*types.Array)
	if !ok {
		return t
	}
	if _, nested := types.Unalias(a.Elem()).Underlying().(*types.Array); nested {
		return types.NewArray(Padded(a.Elem(), pad), a.Len())
	}
	return types.NewArray(a.Elem(), a.Len()+pad)
}

// PadTarget returns the length expression of the innermost dimension in
// the Shared call's type argument, which a padding fix edits.
func (a *Array) PadTarget() ast.Expr {
	if a.Call == nil {
		return nil
	}
	var typ ast.Expr
	switch f := ast.Unparen(a.Call.Fun).(type) {
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
	return a.Space == SpaceShared && !a.Dynamic && InnerArray(a.Type) != nil
}
