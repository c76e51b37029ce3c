package smemrace_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/testdir"
	"github.com/smemlint/smemlint/analyzer/smemrace"
)

func TestSmemRace(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, smemrace.Analyzer, "example.com/cases/smemrace")
}

// TestSmemRaceOtherPackage checks findings inside another package's device
// functions, reported at the call in this one.
func TestSmemRaceOtherPackage(t *testing.T) {
	dir := testdir.Dir(t)
	analysistest.Run(t, dir, smemrace.Analyzer, "example.com/cases/syncxpkg/raceuse")
}

// TestUnchecked checks, with -verbose, the notes on shared-memory sites
// whose races depend on data.
func TestUnchecked(t *testing.T) {
	dir := testdir.Dir(t)
	if err := config.Analyzer.Flags.Set("verbose", "true"); err != nil {
		t.Fatal(err)
	}
	defer config.Analyzer.Flags.Set("verbose", "false")
	analysistest.Run(t, dir, smemrace.Analyzer, "example.com/cases/smemraceverbose")
}
