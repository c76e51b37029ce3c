// Package simtapi recognises the simt kernel API: its package, its
// objects, *simt.Thread and kernel signatures. Every part of smemlint that
// asks "is this simt?" asks here.
package simtapi

import "go/types"

// SimtPath is the import path of the kernel API.
const SimtPath = "github.com/smemlint/smemlint/simt"

// ImportsSimt reports whether pkg uses the kernel API; the others are
// skipped at once, which keeps the analyzer cheap on ordinary code.
func ImportsSimt(pkg *types.Package) bool {
	if pkg.Path() == SimtPath {
		return false
	}
	for _, imp := range pkg.Imports() {
		if imp.Path() == SimtPath {
			return true
		}
	}
	return false
}

// IsSimtObj reports whether obj is the simt package's name.
func IsSimtObj(obj types.Object, name string) bool {
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == SimtPath && obj.Name() == name
}

// IsThreadPtr reports whether t is *simt.Thread.
func IsThreadPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && IsSimtObj(n.Obj(), "Thread")
}

// IsKernelSig reports whether sig's first parameter is *simt.Thread.
func IsKernelSig(sig *types.Signature) bool {
	return sig != nil && sig.Params().Len() > 0 && IsThreadPtr(sig.Params().At(0).Type())
}
