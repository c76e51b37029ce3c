package bankconflict_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/bankconflict"
)

func TestBankConflict(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, bankconflict.Analyzer, "example.com/cases/bankconflict")
}
