// Package doctext extracts an analyzer's documentation from the doc.go
// comment that also documents its package, so the two never drift apart.
package doctext

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// Extract returns the section of the package comment in src (the text of a
// doc.go file) that starts at the heading "# Analyzer name", without the
// heading. The first line of the section is the analyzer's one-line
// summary.
func Extract(src, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("parsing doc.go of %s: %w", name, err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("doc.go of %s has no package comment", name)
	}
	text := f.Doc.Text()
	heading := "# Analyzer " + name + "\n"
	i := strings.Index(text, heading)
	if i < 0 {
		return "", fmt.Errorf("doc.go of %s has no %q heading", name, strings.TrimSpace(heading))
	}
	section := text[i+len(heading):]
	if j := strings.Index(section, "\n# "); j >= 0 {
		section = section[:j]
	}
	return strings.TrimSpace(section), nil
}

// MustExtract is Extract for documentation compiled into the binary,
// where a missing section is a programming error.
func MustExtract(src, name string) string {
	s, err := Extract(src, name)
	if err != nil {
		panic(err)
	}
	return s
}
