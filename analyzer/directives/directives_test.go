package directives_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

func TestDirectives(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, analyzer.Directives, "example.com/cases/directives")
}
