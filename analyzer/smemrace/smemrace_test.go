package smemrace_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/smemrace"
)

func TestSmemRace(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, smemrace.Analyzer, "example.com/cases/smemrace")
}

// TestSmemRaceOtherPackage checks findings inside another package's device
// functions, reported at the call in this one.
func TestSmemRaceOtherPackage(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, smemrace.Analyzer, "example.com/cases/syncxpkg/raceuse")
}
