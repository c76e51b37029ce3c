package main

import (
	"slices"
	"testing"
)

func TestForceNamedChecks(t *testing.T) {
	got := forceNamedChecks([]string{"-arch=sm_90", "-smemrace", "--warpsync=true", "-barrier=false", "-coalescing=maybe", "./...", "-bankconflict"})
	if want := []string{"smemrace", "warpsync"}; !slices.Equal(got, want) {
		t.Fatalf("forced %v, want %v (flags after the first package are not flags)", got, want)
	}
}
