package globalrace_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/globalrace"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

func TestGlobalRace(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, globalrace.Analyzer, "example.com/cases/globalrace")
}
