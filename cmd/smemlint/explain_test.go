package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseLocation(t *testing.T) {
	tests := []struct {
		in        string
		file      string
		line, col int
		wantErr   bool
	}{
		{"a.go:12", "a.go", 12, 0, false},
		{"a.go:12:5", "a.go", 12, 5, false},
		{"dir/with:colon/a.go:3:1", "dir/with:colon/a.go", 3, 1, false},
		{"a.go", "", 0, 0, true},
		{"a.go:0", "", 0, 0, true},
		{"a.go:x", "", 0, 0, true},
		{"a.go:12:0", "", 0, 0, true},
		{"a.go:12:-5", "", 0, 0, true},
		{"a.go:-3", "", 0, 0, true},
	}
	for _, tt := range tests {
		file, line, col, err := parseLocation(tt.in)
		if (err != nil) != tt.wantErr || err == nil && (file != tt.file || line != tt.line || col != tt.col) {
			t.Errorf("parseLocation(%q) = %q, %d, %d, %v; want %q, %d, %d, error %v", tt.in, file, line, col, err, tt.file, tt.line, tt.col, tt.wantErr)
		}
	}
}

func TestSarifRequested(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"-sarif", "out.sarif", "./..."}, true},
		{[]string{"--sarif=out.sarif", "./..."}, true},
		{[]string{"-json", "./..."}, false},
		{[]string{"--", "-sarif"}, false},
		{[]string{"-sarifx", "./..."}, false},
	}
	for _, tt := range tests {
		if got := sarifRequested(tt.args); got != tt.want {
			t.Errorf("sarifRequested(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}

func TestCheckLocation(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	if err := os.WriteFile(file, []byte("package a\r\n\r\nvar x = 1\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		file      string
		line, col int
		want      string // "" for no error
	}{
		{file, 3, 0, ""},
		{file, 3, 9, ""},
		{file, 3, 10, ""}, // the line end
		{file, 3, 11, "a.go:3:11: line 3 has 9 columns"},
		{file, 4, 0, "a.go:4: the file has 3 lines"},
		{filepath.Join(dir, "b.go"), 1, 0, "b.go: no such file"},
		{filepath.Join(dir, "go.mod"), 1, 0, "go.mod: not a Go file"},
	}
	for _, tt := range tests {
		err := checkLocation(tt.file, tt.line, tt.col)
		if (err == nil) != (tt.want == "") || err != nil && !strings.HasSuffix(err.Error(), tt.want) {
			t.Errorf("checkLocation(%s, %d, %d) = %v, want %q", tt.file, tt.line, tt.col, err, tt.want)
		}
	}
}
