package directives_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/directives"
)

func TestDirectives(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, directives.Analyzer, "example.com/cases/directives")
}
