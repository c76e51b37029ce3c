package main

import (
	"regexp"
	"strings"
)

// A note ("note: 3 global accesses of this package not evaluated; -verbose
// lists them with the reason", the figures -verbose states) says what
// smemlint did not or could not judge; it is not a finding. Notes never
// decide the exit status: a run whose only output is notes exits 0, in
// every face of smemlint's own: standalone (through go vet or the
// in-process loader), -fix and -diff, -sarif (where notes are results of
// level "note"), and -json (which exits 0 in any case).
//
// Under go vet -vettool the exit status is go vet's: since Go 1.26 it asks
// every vet tool for JSON, prints the diagnostics itself, from its cache
// on later runs too, and exits 1 for any diagnostic; a tool cannot mark
// one as informational. A note left out there would pass in silence, so
// under go vet a package whose only output is notes fails like one with
// findings, unless -notes=false (or notes = false in smemlint.conf) asks
// to leave notes out (docs/ci.md). smemlint ./... runs go vet and
// applies the rule above.

// isNote reports whether a diagnostic's message is a note.
func isNote(msg string) bool { return strings.HasPrefix(msg, "note: ") }

// noteLine matches a printed note: "file:line:col: note: …".
var noteLine = regexp.MustCompile(`^.+:\d+:\d+: note: `)

// findingLine matches a printed diagnostic or error with a position.
var findingLine = regexp.MustCompile(`^.+\.go:\d+:\d+: `)
