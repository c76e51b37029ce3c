package capacity_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/capacity"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
)

func TestCapacity(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, capacity.Analyzer, "example.com/cases/capacity")
}
