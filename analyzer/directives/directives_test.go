package directives_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/directives"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

func TestDirectives(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, directives.Analyzer, "example.com/cases/directives")
}
