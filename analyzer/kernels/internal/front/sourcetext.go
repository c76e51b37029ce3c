package front

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"strings"
	"sync"
)

// sources keeps the contents of the files kernels are read from, so that
// the texts messages quote (an access, a condition, a loop header) are
// slices of the source rather than printed again from the syntax tree,
// which cost more than the rest of the interpretation.
type sources struct {
	read func(string) ([]byte, error) // Pass.ReadFile, or nil

	mu    sync.Mutex // Repad interprets again while other checks run
	files map[*token.File][]byte
}

// add records the contents of a file read by the analyzer itself (another
// package's kernel source).
func (s *sources) add(tf *token.File, src []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.files == nil {
		s.files = map[*token.File][]byte{}
	}
	s.files[tf] = src
}

// of returns the contents of tf, or nil when they cannot be had or no
// longer match the parsed file.
func (s *sources) of(tf *token.File) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if src, ok := s.files[tf]; ok {
		return src
	}
	var src []byte
	if s.read != nil {
		if b, err := s.read(tf.Name()); err == nil && len(b) == tf.Size() {
			src = b
		}
	}
	if s.files == nil {
		s.files = map[*token.File][]byte{}
	}
	s.files[tf] = src
	return src
}

// text returns the source text of n with its white space collapsed,
// shortened for messages. Where the source cannot be had, or the node
// spans a comment, the node is printed instead.
func (s *sources) text(fset *token.FileSet, n ast.Node) string {
	var raw []byte
	if tf := fset.File(n.Pos()); tf != nil && n.End() <= token.Pos(tf.Base()+tf.Size()) {
		if src := s.of(tf); src != nil {
			raw = src[tf.Offset(n.Pos()):tf.Offset(n.End())]
			if bytes.Contains(raw, []byte("//")) || bytes.Contains(raw, []byte("/*")) {
				raw = nil
			}
		}
	}
	if raw == nil {
		var b bytes.Buffer
		if err := format.Node(&b, fset, n); err != nil {
			return "?"
		}
		raw = b.Bytes()
	}
	t := collapseSpace(raw)
	if len(t) > 60 {
		t = t[:57] + "..."
	}
	return t
}

// collapseSpace is strings.Join(strings.Fields(string(raw)), " "), with
// one allocation for the common text that is ASCII with no white space
// but single blanks between words.
func collapseSpace(raw []byte) string {
	plain := len(raw) > 0 && raw[0] != ' ' && raw[len(raw)-1] != ' '
	for i := 0; plain && i < len(raw); i++ {
		switch c := raw[i]; {
		case c >= 0x80, c == '\t', c == '\n', c == '\v', c == '\f', c == '\r':
			plain = false
		case c == ' ' && raw[i+1] == ' ':
			plain = false
		}
	}
	if plain {
		return string(raw)
	}
	return strings.Join(strings.Fields(string(raw)), " ")
}
