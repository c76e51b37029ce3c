package gclplugin

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestConfigFile: the plugin's analyzers price the kernel of
// testdata/confarch for the profile of the smemlint.conf beside it, as
// golangci-lint runs them (settings left unset).
func TestConfigFile(t *testing.T) {
	p, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ pkg, want string }{
		{"./confarch/default", "32-way bank conflict (32 wavefronts, ideal 1)"},
		{"./confarch/banks8", "16-way bank conflict (16 wavefronts, ideal 1)"},
	} {
		pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}, tt.pkg)
		if err != nil || packages.PrintErrors(pkgs) > 0 {
			t.Fatalf("loading %s: %v", tt.pkg, err)
		}
		g, err := checker.Analyze(as, pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		var msgs []string
		for act := range g.All() {
			if act.Err != nil && act.IsRoot {
				t.Fatalf("%s: %v", act, act.Err)
			}
			if act.IsRoot && act.Package.PkgPath == "example.com/corpora/"+strings.TrimPrefix(tt.pkg, "./") {
				for _, d := range act.Diagnostics {
					msgs = append(msgs, d.Message)
				}
			}
		}
		if len(msgs) != 1 || !strings.Contains(msgs[0], tt.want) {
			t.Errorf("%s: findings %q, want one with %q", tt.pkg, msgs, tt.want)
		}
	}
}
