package testdir

import (
	"fmt"
	"path/filepath"

	"golang.org/x/tools/go/analysis/analysistest"
)

// Related returns the related locations ("LINE: message") of the
// diagnostic reported at line of the file named base. A package and its
// test variant both report it: the last one read counts.
func Related(results []*analysistest.Result, base string, line int) []string {
	var related []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			p := r.Pass.Fset.Position(d.Pos)
			if filepath.Base(p.Filename) != base || p.Line != line {
				continue
			}
			related = nil
			for _, ri := range d.Related {
				related = append(related, fmt.Sprintf("%d: %s", r.Pass.Fset.Position(ri.Pos).Line, ri.Message))
			}
		}
	}
	return related
}
