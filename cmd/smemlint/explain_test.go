package main

import "testing"

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
