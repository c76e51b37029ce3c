package analyzer

import (
	"slices"
	"testing"

	"github.com/smemlint/smemlint/analyzer/config"
	"github.com/smemlint/smemlint/analyzer/internal/directive"
)

// TestRegistry checks that the one list of checks is what the
// //smemlint:ignore validation accepts: every finding check's name, and
// not the directives check's own; names are unique; Checks ends with the
// one Directives instance.
func TestRegistry(t *testing.T) {
	checks := Checks()
	seen := map[string]bool{}
	for _, a := range checks {
		if seen[a.Name] {
			t.Errorf("check %s listed twice", a.Name)
		}
		seen[a.Name] = true
		_, err := directive.ParseIgnore(a.Name+" a reason", isFindingCheck)
		if want := a != Directives; (err == nil) != want {
			t.Errorf("//smemlint:ignore %s: accepted %v, want %v (err %v)", a.Name, err == nil, want, err)
		}
	}
	if checks[len(checks)-1] != Directives {
		t.Errorf("Checks ends with %s, want the Directives instance", checks[len(checks)-1].Name)
	}
	// The configuration file's list cannot import this package (every
	// check imports config), so it is held to the registry here.
	var names []string
	for _, a := range checks {
		names = append(names, a.Name)
	}
	if !slices.Equal(names, config.CheckNames) {
		t.Errorf("config.CheckNames = %v, want the registry's %v", config.CheckNames, names)
	}
	if _, err := directive.ParseIgnore("nosuchcheck a reason", isFindingCheck); err == nil {
		t.Error("//smemlint:ignore nosuchcheck: accepted")
	}
}
