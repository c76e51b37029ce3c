package simcheck

import (
	"testing"

	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/simt"
)

const judged = `package k

import "github.com/smemlint/smemlint/simt"

//smemlint:launch block=32 grid=1
func K(t *simt.Thread, g []float32, h []uint16, n int) {
	s := simt.Shared[[1024]float32](t)
	tid := t.ThreadIdx.X
	_ = s[tid*2]
	_ = g[tid+n]
	if tid < n {
		_ = s[tid*32]
	}
	for i := 0; i < n-tid; i++ {
		_ = h[min(3*tid+31*i, 16)]
	}
	dev(t, g, 0)
	dev(t, g, int(g[0]))
}

func dev(t *simt.Thread, g []float32, k int) {
	_ = g[k+t.ThreadIdx.X]
}
`

// TestJudge applies the verdict rules to measurements of the sites above:
// an exact prediction (2 wavefronts), one exact up to alignment (the
// unknown offset n: 4 or 5 sectors), and bounds (the guard on n assumed
// true: at most 32 wavefronts; an unknown iteration count, 0 included: in
// the first iteration lanes 0 to 5 read the first sector, the others the
// second, which the fuzzer found missing, seed 2575), and a device
// function's site that one call evaluates and the other cannot.
func TestJudge(t *testing.T) {
	a, err := AnalyzeSource(fset, "j.go", judged)
	if err != nil {
		t.Fatal(err)
	}
	bySite := map[string][]*kernels.Access{}
	for _, acc := range a.Result.Contexts[0].Accesses {
		bySite[acc.Text] = append(bySite[acc.Text], acc)
	}
	tests := []struct {
		site    string
		space   string
		figures map[int]int
		rule    Rule
		want    Verdict
	}{
		{"s[tid*2]", "shared", map[int]int{2: 1}, RuleExact, Agree},
		{"s[tid*2]", "shared", map[int]int{1: 1}, RuleExact, Disagree},
		{"s[tid*2]", "shared", map[int]int{}, RuleExact, Disagree}, // the predicted 2 never came
		{"s[tid*2]", "global", map[int]int{2: 1}, "", Unpredicted},
		{"g[tid+n]", "global", map[int]int{5: 3}, RuleAligned, Agree},
		{"g[tid+n]", "global", map[int]int{4: 1, 6: 1}, RuleAligned, Disagree},
		{"s[tid*32]", "shared", map[int]int{16: 1, 32: 1}, RuleBound, Agree},
		{"s[tid*32]", "shared", map[int]int{33: 1}, RuleBound, Disagree},
		{"h[min(3*tid+31*i, 16)]", "global", map[int]int{1: 1, 2: 1}, RuleBound, Agree},
		// One call's index is read from memory: the requests of the two
		// calls cannot be told apart (seed 1304).
		{"g[k+t.ThreadIdx.X]", "global", map[int]int{4: 1, 5: 1}, "", Unpredicted},
	}
	for _, tc := range tests {
		m := Measurement{Block: simt.Dim3{X: 32, Y: 1, Z: 1}, Grid: simt.Dim3{X: 1, Y: 1, Z: 1}, Arch: "sm_90",
			Space: tc.space, Figures: tc.figures}
		as := bySite[tc.site]
		if len(as) == 0 {
			t.Fatalf("no access %s", tc.site)
		}
		if rule := RuleOf(as, m); rule != tc.rule {
			t.Errorf("%s: rule %q, want %q", tc.site, rule, tc.rule)
		}
		if got, why := Judge(as, m); got != tc.want {
			t.Errorf("%s measured %v: %v (%s), want %v", tc.site, tc.figures, got, why, tc.want)
		}
	}
}
