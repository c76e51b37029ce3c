package simcheck

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// An edit replaces the bytes [off, end) of a file by text; off == end for
// an insertion. Edits never add or remove a newline, so that every line
// of an instrumented file keeps its number, and errors, panics and
// runtime.Caller still name the user's lines.
type edit struct {
	off, end int
	text     string
	// kind orders edits at one offset: the closing text of nodes that end
	// there, then replacements, then the opening text of nodes that start
	// there.
	kind  editKind
	depth int // the node's nesting depth: inner closes first, outer opens first
}

type editKind uint8

const (
	closing editKind = iota
	replacing
	opening
)

// apply returns src with the edits made. Edits must not overlap, except
// insertions at the same offset, which it orders.
func apply(src []byte, edits []edit) ([]byte, error) {
	sort.SliceStable(edits, func(i, j int) bool {
		a, b := edits[i], edits[j]
		if a.off != b.off {
			return a.off < b.off
		}
		if a.kind != b.kind {
			return a.kind < b.kind
		}
		if a.kind == closing {
			return a.depth > b.depth
		}
		return a.depth < b.depth
	})
	var out bytes.Buffer
	at := 0
	for _, e := range edits {
		if e.off < at || e.end < e.off || e.end > len(src) {
			return nil, fmt.Errorf("overlapping edit at offset %d", e.off)
		}
		if strings.Contains(e.text, "\n") || bytes.Count(src[e.off:e.end], []byte("\n")) != 0 {
			return nil, fmt.Errorf("edit at offset %d would move lines", e.off)
		}
		out.Write(src[at:e.off])
		out.WriteString(e.text)
		at = e.end
	}
	out.Write(src[at:])
	return out.Bytes(), nil
}
