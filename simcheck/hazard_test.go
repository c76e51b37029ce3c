package simcheck

import (
	"go/token"
	"testing"
)

// TestConfirmByDecision checks that a hazard the traced run sees between
// lanes of one warp is confirmed by the smemrace finding on its sites (the
// engine gives a pair of sites with cross-warp pairs to smemrace alone),
// while a hazard across warps is not confirmed by a warpsync finding.
func TestConfirmByDecision(t *testing.T) {
	a := &Site{Pos: token.Position{Filename: "k.go", Line: 3}}
	b := &Site{Pos: token.Position{Filename: "k.go", Line: 5}}
	race := []finding{{"smemrace", token.Position{Filename: "k.go", Line: 5, Column: 2}}}
	warp := []finding{{"warpsync", token.Position{Filename: "k.go", Line: 5, Column: 2}}}
	if got := confirm(raceChecks["warp"], a, b, race); got != "smemrace at k.go:5:2" {
		t.Errorf("warp hazard with a smemrace finding: confirmed by %q, want smemrace at k.go:5:2", got)
	}
	if got := confirm(raceChecks["race"], a, b, warp); got != "" {
		t.Errorf("race hazard with a warpsync finding only: confirmed by %q, want nothing", got)
	}
	if got := confirm(raceChecks["warp"], a, b, warp); got != "warpsync at k.go:5:2" {
		t.Errorf("warp hazard with a warpsync finding: confirmed by %q, want warpsync at k.go:5:2", got)
	}
}
