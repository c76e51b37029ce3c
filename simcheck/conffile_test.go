package simcheck_test

import (
	"strings"
	"testing"

	"github.com/smemlint/smemlint/internal/testdir"
	"github.com/smemlint/smemlint/simcheck"
)

// TestConfigFile: under a smemlint.conf that selects sm_3x's eight-byte
// banks, the analyzer predicts for that profile and the traced run
// measures on it, so every site is compared and agrees (the bank
// conflict is 16-way there, 32-way on sm_90); packages under profiles
// that disagree are one clear error, not a table of unpredicted rows.
func TestConfigFile(t *testing.T) {
	dir := testdir.Corpora(t)
	r, err := simcheck.Check([]string{"./confarch/banks8"}, simcheck.Options{Dir: dir, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	c := r.Counts
	if r.Failed || c.Sites == 0 || c.Checked != c.Sites || c.Agree != c.Sites {
		t.Errorf("simcheck ./confarch/banks8: %+v, failed %v; want every site checked and agreeing", c, r.Failed)
	}
	conflict := false
	for _, row := range r.Rows {
		if row.Check == "bankconflict" && row.Predicted == "16" && row.Measured == "16" {
			conflict = true
		}
	}
	if !conflict {
		t.Errorf("no bankconflict row predicted and measured 16-way: %+v", r.Rows)
	}
	_, err = simcheck.Check([]string{"./confarch/default", "./confarch/banks8"}, simcheck.Options{Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "different profiles") {
		t.Errorf("simcheck on packages of two profiles: %v, want an error naming the profiles", err)
	}
}
