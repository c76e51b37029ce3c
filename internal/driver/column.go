package driver

import (
	"go/token"
	"unicode/utf8"
)

// UTF16Column returns the 1-based column of pos counted in UTF-16 code
// units, as LSP and SARIF count them, given the contents of pos's file.
// Go positions count bytes; the two differ on lines with non-ASCII text
// before the position.
func UTF16Column(content []byte, pos token.Position) int {
	start := pos.Offset - (pos.Column - 1)
	if start < 0 || pos.Offset > len(content) {
		return pos.Column
	}
	col := 1
	for line := content[start:pos.Offset]; len(line) > 0; {
		r, size := utf8.DecodeRune(line)
		line = line[size:]
		col++
		if r >= 0x10000 {
			col++ // a surrogate pair
		}
	}
	return col
}
