// Package textedit applies byte-offset edits to a file's contents and
// shows them as a unified diff. It never reformats: the bytes outside the
// edits, line ends included (CRLF stays CRLF), are kept as they are.
package textedit

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// An Edit replaces the bytes [Start, End) by New.
type Edit struct {
	Start, End int
	New        string
}

// Apply returns src with the edits applied. Identical edits count once;
// edits that overlap otherwise, or that fall outside src, are an error.
func Apply(src []byte, edits []Edit) ([]byte, error) {
	edits, err := normalize(src, edits)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		out.Write(src[last:e.Start])
		out.WriteString(e.New)
		last = e.End
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}

// normalize sorts the edits, drops duplicates and checks them.
func normalize(src []byte, edits []Edit) ([]Edit, error) {
	es := append([]Edit(nil), edits...)
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Start != es[j].Start {
			return es[i].Start < es[j].Start
		}
		return es[i].End < es[j].End
	})
	out := es[:0]
	for _, e := range es {
		if e.Start < 0 || e.End < e.Start || e.End > len(src) {
			return nil, fmt.Errorf("edit [%d,%d) outside the file's %d bytes", e.Start, e.End, len(src))
		}
		if n := len(out); n > 0 {
			p := out[n-1]
			if p == e {
				continue
			}
			if e.Start < p.End || (e.Start == p.Start && e.Start == e.End) {
				return nil, fmt.Errorf("edits [%d,%d) and [%d,%d) overlap", p.Start, p.End, e.Start, e.End)
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// context is the number of unchanged lines shown around a change.
const context = 3

// Unified returns the edits to src as a unified diff of the file name,
// one hunk per group of edits whose context lines touch.
func Unified(name string, src []byte, edits []Edit) (string, error) {
	edits, err := normalize(src, edits)
	if err != nil || len(edits) == 0 {
		return "", err
	}
	starts := lineStarts(src)
	lineOf := func(off int) int { return sort.Search(len(starts), func(i int) bool { return starts[i] > off }) - 1 }
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s (old)\n+++ %s (new)\n", name, name)
	nlines := len(starts)
	if len(src) > 0 && src[len(src)-1] == '\n' {
		nlines-- // the empty "line" after a final newline
	}
	for i := 0; i < len(edits); {
		// A hunk: edits i..j-1, whose line spans with context overlap.
		first := lineOf(edits[i].Start)
		last := lastLine(edits[i], lineOf)
		j := i + 1
		for j < len(edits) && lineOf(edits[j].Start)-context <= last+context+1 {
			last = max(last, lastLine(edits[j], lineOf))
			j++
		}
		lo, hi := max(0, first-context), min(nlines-1, last+context)
		start, end := starts[lo], len(src)
		if hi+1 < len(starts) {
			end = starts[hi+1]
		}
		old := src[start:end]
		shifted := make([]Edit, 0, j-i)
		for _, e := range edits[i:j] {
			shifted = append(shifted, Edit{e.Start - start, e.End - start, e.New})
		}
		newText, _ := Apply(old, shifted)
		oldLines, newLines := splitLines(old), splitLines(newText)
		fmt.Fprintf(&sb, "@@ -%d,%d +%d,%d @@\n", lo+1, len(oldLines), lo+1, len(newLines))
		writeLines(&sb, oldLines, newLines)
		i = j
	}
	return sb.String(), nil
}

// lastLine is the last line an edit changes.
func lastLine(e Edit, lineOf func(int) int) int {
	if e.End > e.Start {
		return lineOf(e.End - 1)
	}
	return lineOf(e.Start)
}

// writeLines writes a hunk's body: the common leading and trailing lines
// as context, the rest as removed and added.
func writeLines(sb *strings.Builder, old, new []string) {
	p := 0
	for p < len(old) && p < len(new) && old[p] == new[p] {
		p++
	}
	s := 0
	for s < len(old)-p && s < len(new)-p && old[len(old)-1-s] == new[len(new)-1-s] {
		s++
	}
	line := func(prefix, l string) {
		sb.WriteString(prefix + l)
		if !strings.HasSuffix(l, "\n") {
			sb.WriteString("\n\\ No newline at end of file\n")
		}
	}
	for _, l := range old[:p] {
		line(" ", l)
	}
	for _, l := range old[p : len(old)-s] {
		line("-", l)
	}
	for _, l := range new[p : len(new)-s] {
		line("+", l)
	}
	for _, l := range old[len(old)-s:] {
		line(" ", l)
	}
}

// lineStarts returns the offset of every line's first byte.
func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, b := range src {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// splitLines splits text after every newline, keeping it.
func splitLines(b []byte) []string {
	lines := strings.SplitAfter(string(b), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
