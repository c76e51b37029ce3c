package main

import (
	"os"
	"testing"
)

func TestApplyTags(t *testing.T) {
	tests := []struct {
		args          []string
		before, after string
	}{
		{[]string{"-tags=a,b", "./..."}, "", "-tags=a,b"},
		{[]string{"--tags", "gpu", "./..."}, "-mod=mod", "-mod=mod -tags=gpu"},
		{[]string{"-json", "-tags=x", "./..."}, "", "-tags=x"},
		{[]string{"./...", "-tags=x"}, "", ""},
		{[]string{"-json", "./..."}, "-mod=mod", "-mod=mod"},
	}
	for _, tt := range tests {
		t.Setenv("GOFLAGS", tt.before)
		applyTags(tt.args)
		if got := os.Getenv("GOFLAGS"); got != tt.after {
			t.Errorf("applyTags(%q) with GOFLAGS=%q: GOFLAGS=%q, want %q", tt.args, tt.before, got, tt.after)
		}
	}
}
