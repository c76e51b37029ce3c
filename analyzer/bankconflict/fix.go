package bankconflict

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/kernels"
)

// maxPad is the largest padding, in elements, a fix proposes.
const maxPad = 4

// paddingFix proposes to pad the innermost dimension of the accessed
// Shared array, with the smallest padding that removes the conflict of
// this access in every context without making any other access of the
// array worse.
func paddingFix(pass *analysis.Pass, s *kernels.AccessSite) (analysis.SuggestedFix, bool) {
	arr := s.Worst.Access.Array
	target := arr.PadTarget()
	if !arr.Paddable() || target == nil {
		return analysis.SuggestedFix{}, false
	}
	for pad := int64(1); pad <= maxPad; pad++ {
		if padRemovesConflict(s, pad) {
			return analysis.SuggestedFix{
				Message: fmt.Sprintf("pad %s by %d element(s) per row", arr.Name, pad),
				TextEdits: []analysis.TextEdit{{
					Pos: target.Pos(), End: target.End(), NewText: []byte(paddedLen(pass.Fset, target, pad)),
				}},
			}, true
		}
	}
	return analysis.SuggestedFix{}, false
}

func padRemovesConflict(s *kernels.AccessSite, pad int64) bool {
	for _, ev := range s.All {
		if ev.Skip != "" {
			continue
		}
		ctx := kernels.Of(ev.Access.Ctx)
		padded := ctx.Repad(ev.Access.Array, pad)
		if padded == nil {
			return false
		}
		for _, a := range padded.Find(ev.Access) {
			if padded.Judge(a).Worst.Shared.Ways > 1 {
				return false
			}
		}
		if !noWorse(ctx, padded, ev.Access.Array) {
			return false
		}
	}
	return true
}

// noWorse reports whether every access of the array conflicts no more in
// the padded context than in the original.
func noWorse(orig, padded *kernels.Context, arr *kernels.Array) bool {
	for _, a := range orig.Accesses {
		if a.Array != arr || a.Remote || a.Atomic {
			continue
		}
		before := orig.Judge(a)
		for _, b := range padded.Find(a) {
			after := padded.Judge(b)
			if after.Skip == "" && before.Skip == "" && after.Worst.Shared.Ways > before.Worst.Shared.Ways {
				return false
			}
		}
	}
	return true
}

// paddedLen writes the padded length: a literal is incremented, any other
// expression gets "+pad".
func paddedLen(fset *token.FileSet, e ast.Expr, pad int64) string {
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.INT {
		if v, err := strconv.ParseInt(lit.Value, 0, 64); err == nil {
			return strconv.FormatInt(v+pad, 10)
		}
	}
	var b bytes.Buffer
	if err := format.Node(&b, fset, e); err != nil {
		return ""
	}
	return fmt.Sprintf("%s+%d", b.String(), pad)
}
