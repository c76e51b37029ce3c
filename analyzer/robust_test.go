package analyzer_test

import (
	"fmt"
	"path/filepath"
	"regexp"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/smemlint/smemlint/analyzer"
)

// TestRobust runs every check over kernels written to trip the analysis
// up (recursion, exploding expressions, goto, labelled loops, closures,
// huge or endless loops, division by zero, unsafe; generic kernels are
// in the capacity check's data). It passes when the checks finish and
// report nothing but the package's summary of accesses they could not
// evaluate: the package carries no expectations because one file is
// read by every check, so any finding there fails the test as
// unexpected, and the summary line is required where a check skips an
// access (silence about a skipped access is a defect too).
func TestRobust(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	summaries := 0
	for _, a := range analyzer.Checks() {
		st := &summaryTolerant{t: t}
		analysistest.Run(st, dir, a, "example.com/cases/robust")
		summaries += st.summaries
	}
	if summaries == 0 {
		t.Errorf("no check said that accesses of the robust package were not evaluated; the recursive and exploding kernels cannot all be priced")
	}
}

// skippedSummary matches the unexpected diagnostics TestRobust accepts:
// the package-level count of accesses a check could not evaluate, of
// statements a race check could not decide, and of searches and
// evaluations the per-kernel budget cut short.
var skippedSummary = regexp.MustCompile(`unexpected diagnostic: note: ((\d+ (global|shared) access(es)? of this package not evaluated|\d+ statements? of this package not checked for races, which depend on data); -verbose lists them with the reason|the per-kernel search budget cut \d+ search\(es\) short in \d+ kernel\(s\) of this package; -verbose shows where)`)

// summaryTolerant passes analysistest's errors on to t, except the
// summary note of skipped accesses, which it counts.
type summaryTolerant struct {
	t         *testing.T
	summaries int
}

func (s *summaryTolerant) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if skippedSummary.MatchString(msg) {
		s.summaries++
		return
	}
	s.t.Helper()
	s.t.Error(msg)
}
