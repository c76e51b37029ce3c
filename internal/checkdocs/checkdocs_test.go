package checkdocs

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/analyzer"
)

var docsDir = filepath.Join("..", "..", "docs", "checks")

// TestPagesUpToDate fails when docs/checks differs from what the analyzers
// and the examples say now: run make docs (go generate ./internal/checkdocs).
func TestPagesUpToDate(t *testing.T) {
	pages, err := Generate("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range pages {
		got, err := os.ReadFile(filepath.Join(docsDir, name))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("docs/checks/%s is stale or missing: run make docs", name)
		}
	}
	onDisk, _ := filepath.Glob(filepath.Join(docsDir, "*.md"))
	for _, f := range onDisk {
		if _, ok := pages[filepath.Base(f)]; !ok {
			t.Errorf("docs/checks/%s documents no check: remove it (make docs does not)", filepath.Base(f))
		}
	}
}

// TestURLs checks that every analyzer links to its page.
func TestURLs(t *testing.T) {
	for _, a := range analyzer.Checks() {
		if want := URLBase + a.Name + ".md"; a.URL != want {
			t.Errorf("%s.URL = %q, want %q", a.Name, a.URL, want)
		}
		if !strings.HasPrefix(a.Doc, a.Name+": ") {
			t.Errorf("%s.Doc does not start with %q", a.Name, a.Name+": ")
		}
	}
}

func TestSplitSource(t *testing.T) {
	tests := []struct {
		src, body, doc string
	}{
		{"// Fix it.\n// Really.\npackage p\n\nimport \"x\"\n\nfunc F() {}\n", "func F() {}", "Fix it.\nReally."},
		{"package p\n\nfunc F() {}\n", "func F() {}", ""},
	}
	for _, tt := range tests {
		body, doc := splitSource(tt.src)
		if body != tt.body || doc != tt.doc {
			t.Errorf("splitSource(%q) = %q, %q; want %q, %q", tt.src, body, doc, tt.body, tt.doc)
		}
	}
}
