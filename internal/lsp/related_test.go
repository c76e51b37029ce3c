package lsp

import (
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/internal/driver"
)

// TestRelatedInformation: a finding's related places (a chain's later
// steps) reach the editor as relatedInformation, each with its location
// and message.
func TestRelatedInformation(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.go")
	src := "package k\n\nfunc a() {\n\tx := 1\n\t_ = x\n}\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	at := func(line, col int) token.Position {
		off := 0
		for range line - 1 {
			off += strings.IndexByte(src[off:], '\n') + 1
		}
		return token.Position{Filename: path, Offset: off + col - 1, Line: line, Column: col}
	}
	s := &Server{docs: map[string]document{}}
	d := s.diagnostic(driver.Finding{
		Check: "warpsync", Pos: at(4, 2), End: at(4, 3), Message: "warp-synchronous hazard",
		Related: []driver.Related{{Pos: at(5, 2), End: at(5, 3), Message: "step 2 of the chain"}},
	})
	if len(d.RelatedInformation) != 1 {
		t.Fatalf("relatedInformation = %+v, want one entry", d.RelatedInformation)
	}
	r := d.RelatedInformation[0]
	want := Range{Start: Position{Line: 4, Character: 1}, End: Position{Line: 4, Character: 2}}
	if r.Message != "step 2 of the chain" || r.Location.Range != want || !strings.HasSuffix(r.Location.URI, "/k.go") {
		t.Fatalf("related = %+v, want step 2 at k.go %+v", r, want)
	}
}
