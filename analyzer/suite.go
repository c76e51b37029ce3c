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
	"github.com/smemlint/smemlint/analyzer/globalrace"
	"github.com/smemlint/smemlint/analyzer/internalerror"
	"github.com/smemlint/smemlint/analyzer/shuffle"
	"github.com/smemlint/smemlint/analyzer/smemrace"
	"github.com/smemlint/smemlint/analyzer/warpsync"
)

// Checks returns every check, in the order of the documentation. It is
// the one registry of checks: the drivers, the documentation generator and
// the //smemlint:ignore validation (Directives) all read it.
func Checks() []*analysis.Analyzer { return append(findingChecks(), InternalError, Directives) }

// findingChecks are the checks that report findings about kernels: the
// names a //smemlint:ignore may give.
func findingChecks() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		bankconflict.Analyzer,
		coalescing.Analyzer,
		capacity.Analyzer,
		barrier.Analyzer,
		warpsync.Analyzer,
		smemrace.Analyzer,
		globalrace.Analyzer,
		shuffle.Analyzer,
		cluster.Analyzer,
	}
}

// InternalError reports smemlint's internal errors; it runs after the
// other finding checks, whose questions may meet them too.
var InternalError = internalerror.New(findingChecks())

// Directives is the check of smemlint's comment directives.
var Directives = directives.New(isFindingCheck)

// isFindingCheck reports whether name is the name of a finding check.
func isFindingCheck(name string) bool {
	for _, a := range append(findingChecks(), InternalError) {
		if a.Name == name {
			return true
		}
	}
	return false
}
