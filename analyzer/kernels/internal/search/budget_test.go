package search

import (
	"go/token"
	"testing"

	"github.com/smemlint/smemlint/affine"
	"github.com/smemlint/smemlint/analyzer/kernels/internal/ir"
)

// budgetContext returns a context of a block of 1,024 threads with two
// uniform symbols of 48 known values each: a search over both tries
// maxAssignments (512) assignments of 1,024 threads, half a million
// threads of the context's budget.
func budgetContext() (*ir.Context, []affine.Sym) {
	c := &ir.Context{Kernel: "k", Pos: 7, Syms: &affine.Table{}, Shape: ir.Shape{Block: ir.Dim{X: 1024, Y: 1, Z: 1}}}
	var dom []int64
	for v := range int64(maxDomain) {
		dom = append(dom, v)
	}
	var syms []affine.Sym
	for _, name := range []string{"i", "j"} {
		syms = append(syms, c.Syms.New(name, affine.Uniform))
		c.Meta = append(c.Meta, ir.SymMeta{Role: ir.RoleLoop, Domain: dom})
	}
	return c, syms
}

// TestSharedAccountCutsSearches: searches that draw from one account
// (the race decision's) are cut once it is spent, each with a note.
func TestSharedAccountCutsSearches(t *testing.T) {
	c, syms := budgetContext()
	acct := ir.NewAccount(ir.SearchBudget)
	perSearch := int64(maxAssignments * c.Threads())
	var searches []*Search
	for len(searches) == 0 || !searches[len(searches)-1].Cut() {
		s := NewSearch(c, syms)
		s.Draw(acct)
		s.About(token.Pos(len(searches)+100), "search")
		visits := 0
		s.Each(c.NewEnv(0), func() bool { visits++; return true })
		searches = append(searches, s)
		if len(searches) > int(ir.SearchBudget/perSearch)+2 {
			t.Fatalf("%d searches and the budget (work %d) is not spent", len(searches), acct.Work())
		}
		if !s.Cut() && visits != maxAssignments {
			t.Fatalf("search %d: %d visits, want %d", len(searches), visits, maxAssignments)
		}
	}
	full := int(ir.SearchBudget / perSearch) // searches the budget pays for in full
	for i, s := range searches {
		if got, want := s.Cut(), i >= full; got != want {
			t.Errorf("search %d: Cut() = %v, want %v", i, got, want)
		}
		if s.Cut() && s.Exact() {
			t.Errorf("search %d: a cut search says it is exact", i)
		}
	}
	cuts := c.Cuts()
	if len(cuts) != len(searches)-full || len(cuts) == 0 || cuts[0].Pos != token.Pos(full+100) || cuts[0].Msg != "search" {
		t.Errorf("Cuts() = %v, want one note per cut search, the first at %d", cuts, full+100)
	}

	// Once the budget is spent, a search stops before its first visit and
	// the note names the kernel when the search did not say what it is.
	s := NewSearch(c, syms)
	s.Draw(acct)
	visits := 0
	s.Each(c.NewEnv(0), func() bool { visits++; return true })
	if visits != 0 || !s.Cut() {
		t.Errorf("after the budget: %d visits, Cut() = %v; want 0, true", visits, s.Cut())
	}
	// Cuts come by position: the kernel's (7) before the sites' (100...).
	if first := c.Cuts()[0]; first.Pos != c.Pos || first.Msg == "search" {
		t.Errorf("the note of a search without About is %v, want one at the kernel's %d", first, c.Pos)
	}
}

// TestQuestionBudget: a search of its own has the context's
// QuestionBudget, the same whatever ran before it, so that checks asking
// in parallel cut the same searches on every run.
func TestQuestionBudget(t *testing.T) {
	c, syms := budgetContext()
	if got := c.QuestionBudget(); got != ir.SearchBudget {
		t.Fatalf("QuestionBudget() with no sites = %d, want %d", got, ir.SearchBudget)
	}
	// 256 sites: 2^14 threads each, 16 assignments of the block.
	for range 256 {
		c.Accesses = append(c.Accesses, &ir.Access{})
	}
	want := int(c.QuestionBudget()) / c.Threads()
	if want != 16 {
		t.Fatalf("QuestionBudget() with 256 sites pays for %d assignments, want 16", want)
	}
	for i := range 3 {
		s := NewSearch(c, syms)
		s.About(token.Pos(200+i), "question")
		visits := 0
		s.Each(c.NewEnv(0), func() bool { visits++; return true })
		if visits != want || !s.Cut() || s.Exact() {
			t.Errorf("search %d: %d visits, Cut() = %v, Exact() = %v; want %d, true, false", i, visits, s.Cut(), s.Exact(), want)
		}
	}
	if cuts := c.Cuts(); len(cuts) != 3 || cuts[0].Pos != 200 || cuts[2].Pos != 202 {
		t.Errorf("Cuts() = %v, want the three searches in order of position", cuts)
	}
	// One block is always paid for: a search can say something.
	for range 1 << 13 {
		c.Accesses = append(c.Accesses, &ir.Access{})
	}
	if got := c.QuestionBudget(); got != int64(c.Threads()) {
		t.Errorf("QuestionBudget() with %d sites = %d, want one block, %d", len(c.Accesses), got, c.Threads())
	}
}
