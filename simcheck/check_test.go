package simcheck_test

import (
	"maps"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/simcheck"
)

// TestCheck runs simcheck end to end on testdata/cases: the traced tests
// must pass (they check the values the kernels compute), every site must
// be instrumented, executed and agree, and the races of the package must
// be seen and matched with the static findings.
func TestCheck(t *testing.T) {
	r, err := simcheck.Check([]string{"./..."}, simcheck.Options{Dir: "testdata/cases", Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := simcheck.WriteTable(&out, r, true); err != nil {
		t.Fatal(err)
	}
	c := r.Counts
	if r.Failed || c.Sites < 30 || c.Agree != c.Sites || c.Requests == 0 {
		t.Errorf("counts %+v, failed %v, want every site to agree:\n%s", c, r.Failed, out.String())
	}
	// The unsigned loop counters that wrap around (CountDown, Byte,
	// FromThread) are followed iteration by iteration: exact figures, not a
	// bound, and the hazards between their iterations found.
	for _, row := range r.Rows {
		if row.Check == "bankconflict" && strings.Contains(row.Text, "int(i") && strings.HasPrefix(row.Predicted, "≤") {
			t.Errorf("%s %s: predicted %s, a bound, want the figures", row.Site, row.Text, row.Predicted)
		}
	}
	for _, h := range r.Hazards {
		if h.Static == "" {
			t.Errorf("hazard %s %s %s %s: no static finding matched", h.Kind, h.Op, h.First, h.Second)
		}
	}
	// ByData's store q[tid], whose lanes choose their array by data: a
	// bound over every choice (2), which the runs' choices reach and do
	// not pass.
	byData := false
	for _, row := range r.Rows {
		if row.Check == "bankconflict" && row.Text == "q[tid]" && row.Op == "store" {
			byData = true
			if row.Predicted != "≤ 2" || row.Verdict != simcheck.Agree || row.Figures[2] == 0 || row.Figures[1] == 0 {
				t.Errorf("ByData %s: predicted %q, measured %v, %s; want ≤ 2 agreeing with 1 and 2 measured", row.Site, row.Predicted, row.Figures, row.Verdict)
			}
		}
	}
	if !byData {
		t.Errorf("no row for ByData's store q[tid]:\n%s", out.String())
	}
	// Pick's load *p: the even lanes' shared request and the odd lanes'
	// global one, each measured, split, and agreeing with its prediction.
	split := map[string]bool{}
	for _, row := range r.Rows {
		if row.Split > 0 {
			split[row.Site+" "+row.Check+" "+row.Verdict.String()] = true
		}
	}
	if want := map[string]bool{"forms.go:88:13 bankconflict agree": true, "forms.go:88:13 coalescing agree": true}; !maps.Equal(split, want) {
		t.Errorf("rows with split requests %v, want %v:\n%s", split, want, out.String())
	}
	want := map[string]bool{
		"warp write after read forms.go:55:14 load forms.go:55:4 store": false,
		"race read after write forms.go:70:2 store forms.go:71:13 load": false,
	}
	for _, h := range r.Hazards {
		k := h.Kind + " " + h.Op + " " + h.First + " " + h.Second
		if _, ok := want[k]; ok {
			want[k] = true
			if h.Static == "" {
				t.Errorf("hazard %s: no static finding matched", k)
			}
		}
	}
	for k, seen := range want {
		if !seen {
			t.Errorf("hazard %s not seen:\n%s", k, out.String())
		}
	}
}
