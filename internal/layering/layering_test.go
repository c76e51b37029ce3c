package layering

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/smemlint/smemlint/"

// allowed lists, for the packages whose place in the layering matters,
// every package of the module they may import. A package of the module
// not listed here may import any of these, except that nothing below the
// kernels facade imports the facade or a check.
var allowed = map[string][]string{
	// The foundations import nothing of the module but each other as here.
	"affine":           {},
	"model":            {},
	"internal/simtapi": {},
	"simt":             {"model"},

	// The engines, one way: ir <- search <- uniform <- enum, pairs;
	// ir <- front <- interp.
	"analyzer/kernels/internal/ir":      {"affine", "model", "internal/simtapi", "analyzer/config", "analyzer/internal/report"},
	"analyzer/kernels/internal/search":  {"affine", "model", "analyzer/kernels/internal/ir"},
	"analyzer/kernels/internal/uniform": {"affine", "model", "analyzer/kernels/internal/ir", "analyzer/kernels/internal/search"},
	"analyzer/kernels/internal/enum": {"affine", "model", "analyzer/kernels/internal/ir", "analyzer/kernels/internal/search",
		"analyzer/kernels/internal/uniform"},
	"analyzer/kernels/internal/pairs": {"affine", "model", "analyzer/kernels/internal/ir", "analyzer/kernels/internal/search",
		"analyzer/kernels/internal/uniform"},
	"analyzer/kernels/internal/front": {"model", "internal/simtapi", "analyzer/config", "analyzer/internal/directive",
		"analyzer/internal/report", "analyzer/kernels/internal/ir"},
	"analyzer/kernels/internal/interp": {"affine", "model", "internal/simtapi", "analyzer/config", "analyzer/internal/report",
		"analyzer/kernels/internal/ir", "analyzer/kernels/internal/front"},

	// Message text (which the records format through) and directives
	// know no engine.
	"analyzer/internal/report":    {"model", "analyzer/config", "analyzer/internal/directive"},
	"analyzer/internal/directive": {},
	"analyzer/config":             {"model", "analyzer/internal/directive", "analyzer/internal/doctext"},
}

// runsAfter are the checks that import others only to name them in
// Requires, to run after them (capacity reports the searches the other
// checks' budget cut). internalerror does the same through the registry
// (internalerror.New), which is the better way.
var runsAfter = map[string]bool{"analyzer/capacity": true}

// TestImports checks the import graph of the module's non-test code
// against allowed, and that no check imports another check.
func TestImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	checks := map[string]bool{}
	for _, c := range []string{"bankconflict", "coalescing", "capacity", "barrier", "warpsync", "smemrace", "globalrace", "shuffle", "cluster", "internalerror", "directives"} {
		checks["analyzer/"+c] = true
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], module)
		var mine []string
		for _, imp := range fields[1:] {
			if strings.HasPrefix(imp, module) {
				mine = append(mine, strings.TrimPrefix(imp, module))
			}
		}
		if want, ok := allowed[pkg]; ok {
			seen++
			for _, imp := range mine {
				if !contains(want, imp) {
					t.Errorf("%s imports %s, which the layering does not allow (docs/design.md)", pkg, imp)
				}
			}
		}
		for _, imp := range mine {
			if checks[pkg] && checks[imp] && !runsAfter[pkg] {
				t.Errorf("check %s imports check %s: checks share code through analyzer/internal or the kernels facade", pkg, imp)
			}
			if strings.HasPrefix(pkg, "analyzer/kernels/internal/") && imp == "analyzer/kernels" {
				t.Errorf("engine %s imports the kernels facade", pkg)
			}
		}
	}
	if seen != len(allowed) {
		t.Errorf("go list showed %d of the %d packages the layering names: update allowed", seen, len(allowed))
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
