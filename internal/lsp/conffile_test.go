package lsp

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/internal/testdir"
)

// TestConfigFile: the server prices the kernel of testdata/confarch for
// the profile of the smemlint.conf that applies to its file, and a
// malformed file is a diagnostic naming the file and line.
func TestConfigFile(t *testing.T) {
	corpora := testdir.Corpora(t)
	bad := t.TempDir()
	writeConf := func(name, text string) {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(filepath.Join(corpora, "confarch", "default", "tile.go"))
	if err != nil {
		t.Fatal(err)
	}
	writeConf(filepath.Join(bad, "go.mod"), "module example.com/bad\n\ngo 1.26.0\n\nrequire github.com/smemlint/smemlint v0.0.0\n\nreplace github.com/smemlint/smemlint => "+filepath.Dir(corpora)+"\n")
	writeConf(filepath.Join(bad, "tile.go"), string(data))
	writeConf(filepath.Join(bad, "smemlint.conf"), "arch = sm_90\nbankmode = 8\n")

	c := startServer(t)
	c.request("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}})
	c.notify("initialized", map[string]any{})
	for _, tt := range []struct{ path, want string }{
		{filepath.Join(corpora, "confarch", "default", "tile.go"), "32-way bank conflict (32 wavefronts, ideal 1)"},
		{filepath.Join(corpora, "confarch", "banks8", "tile.go"), "16-way bank conflict (16 wavefronts, ideal 1)"},
		{filepath.Join(bad, "tile.go"), filepath.Join(bad, "smemlint.conf") + ":2: bank mode 8 needs an sm_3x profile"},
	} {
		text, err := os.ReadFile(tt.path)
		if err != nil {
			t.Fatal(err)
		}
		uri := (&url.URL{Scheme: "file", Path: tt.path}).String()
		c.notify("textDocument/didOpen", didOpenParams{TextDocument: TextDocumentItem{URI: uri, LanguageID: "go", Version: 1, Text: string(text)}})
		var msgs []string
		for _, d := range c.diagnostics(uri) {
			msgs = append(msgs, d.Message)
		}
		if len(msgs) != 1 || !strings.Contains(msgs[0], tt.want) {
			t.Errorf("%s: diagnostics %q, want one with %q", tt.path, msgs, tt.want)
		}
	}
	c.close()
}
