package textedit

import (
	"fmt"
	"strings"
	"testing"
)

func TestApplyKeepsLineEnds(t *testing.T) {
	src := []byte("a\r\nvar x [32]int\r\nb\r\n")
	i := strings.Index(string(src), "32")
	got, err := Apply(src, []Edit{{i, i + 2, "33"}, {i, i + 2, "33"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "a\r\nvar x [33]int\r\nb\r\n"; string(got) != want {
		t.Errorf("Apply = %q, want %q", got, want)
	}
}

func TestApplyRejects(t *testing.T) {
	src := []byte("0123456789")
	for _, edits := range [][]Edit{
		{{2, 5, "x"}, {4, 6, "y"}},
		{{8, 12, "x"}},
		{{-1, 2, "x"}},
		{{5, 3, "x"}},
		{{3, 3, "x"}, {3, 3, "y"}},
	} {
		if _, err := Apply(src, edits); err == nil {
			t.Errorf("Apply(%v): no error", edits)
		}
	}
}

func TestUnified(t *testing.T) {
	var sb strings.Builder
	for i := 1; i <= 20; i++ {
		fmt.Fprintf(&sb, "l%02d\n", i)
	}
	src := []byte(sb.String())
	end := func(line int) int { return line*4 - 1 } // the newline of a 1-based line
	edits := []Edit{{end(4), end(4), "?"}, {end(2) - 1, end(2), "X"}, {end(18), end(18), "#"}}
	got, err := Unified("f.go", src, edits)
	if err != nil {
		t.Fatal(err)
	}
	want := "--- f.go (old)\n+++ f.go (new)\n" +
		"@@ -1,7 +1,7 @@\n l01\n-l02\n-l03\n-l04\n+l0X\n+l03\n+l04?\n l05\n l06\n l07\n" +
		"@@ -15,6 +15,6 @@\n l15\n l16\n l17\n-l18\n+l18#\n l19\n l20\n"
	if got != want {
		t.Errorf("Unified =\n%s\nwant\n%s", got, want)
	}
}
