// Package analyzer lists smemlint's checks. Each check is its own
// go/analysis Analyzer in a subpackage (analyzer/bankconflict, …); they
// share the evaluation of the kernels analyzer (analyzer/kernels) and the
// options of analyzer/config.
package analyzer

import (
	"golang.org/x/tools/go/analysis"

	"github.com/smemlint/smemlint/analyzer/bankconflict"
	"github.com/smemlint/smemlint/analyzer/barrier"
	"github.com/smemlint/smemlint/analyzer/capacity"
	"github.com/smemlint/smemlint/analyzer/cluster"
	"github.com/smemlint/smemlint/analyzer/coalescing"
	"github.com/smemlint/smemlint/analyzer/directives"
	"github.com/smemlint/smemlint/analyzer/shuffle"
	"github.com/smemlint/smemlint/analyzer/smemrace"
	"github.com/smemlint/smemlint/analyzer/warpsync"
)

// Checks returns every check, in the order of the documentation.
func Checks() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		bankconflict.Analyzer,
		coalescing.Analyzer,
		capacity.Analyzer,
		barrier.Analyzer,
		warpsync.Analyzer,
		smemrace.Analyzer,
		shuffle.Analyzer,
		cluster.Analyzer,
		directives.Analyzer,
	}
}
