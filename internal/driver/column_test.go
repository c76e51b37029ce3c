package driver

import (
	"go/token"
	"testing"
)

func TestUTF16Column(t *testing.T) {
	tests := []struct {
		content string
		offset  int // of the position, in bytes
		want    int
	}{
		{"abc", 2, 3},
		{"x\nab", 4, 3},
		{"// 32×32\nx", 9, 9}, // × is two bytes, one UTF-16 unit
		{"a😀b", 5, 4},         // 😀 is four bytes, two units
	}
	for _, tt := range tests {
		line, start := 1, 0
		for i := 0; i < tt.offset; i++ {
			if tt.content[i] == '\n' {
				line, start = line+1, i+1
			}
		}
		pos := token.Position{Offset: tt.offset, Line: line, Column: tt.offset - start + 1}
		if got := UTF16Column([]byte(tt.content), pos); got != tt.want {
			t.Errorf("UTF16Column(%q, offset %d) = %d, want %d", tt.content, tt.offset, got, tt.want)
		}
	}
}
