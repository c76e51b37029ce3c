package main

import (
	"path/filepath"
	"testing"
)

// The repository's three corpora are all found; the real-code ports, named
// by a "/..." pattern, were once silently left out.
func TestHwcheckCorpora(t *testing.T) {
	base, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range hwcheckCorpora(base) {
		names = append(names, c.Name)
	}
	if len(names) != 3 || names[0] != "examples" || names[1] != "rows" || names[2] != "realcode" {
		t.Errorf("corpora %v, want [examples rows realcode]", names)
	}
}
