package ir

import "sync/atomic"

// SearchBudget bounds the search work of one context, in threads visited:
// each assignment of uniform symbols a search tries costs the threads of a
// block. It counts work, not time, so that what is found does not depend
// on how busy the machine is, and it is split so that it does not depend
// on the order in which the checks, which run in parallel, ask either:
//
//   - the race decision (pairs.Races), which asks about every pair of
//     sites one after the other, draws its searches from one Account of
//     SearchBudget;
//   - every other search (a check's question about one site) has an
//     Account of its own, of QuestionBudget.
//
// A search that runs out stops and says so (NoteCut). The budget is set
// so that no kernel of the repository's corpora is cut: the polybench
// ports of testdata/realcode need up to 2^21 (adi, correlation,
// covariance), SinglePassMerged of examples/reduction about 2^19.
const SearchBudget = 1 << 22

// Account is search work drawn against a limit, in threads visited.
type Account struct {
	limit int64
	work  atomic.Int64
}

// NewAccount returns an account of limit threads.
func NewAccount(limit int64) *Account { return &Account{limit: limit} }

// Spend takes n threads from the account and reports whether they were
// there to take.
func (a *Account) Spend(n int64) bool { return a.work.Add(n) <= a.limit }

// Work returns the threads the account paid for, and those it refused.
func (a *Account) Work() int64 { return a.work.Load() }

// QuestionBudget is the work one search about one site may do:
// SearchBudget shared evenly by the context's sites (accesses,
// synchronisations and exits), which a check asks a bounded number of
// questions about, and at least one block. It depends on the context
// alone, so which searches it cuts does not depend on their order.
func (c *Context) QuestionBudget() int64 {
	sites := max(len(c.Accesses)+len(c.Syncs)+len(c.Exits), 1)
	return max(SearchBudget/int64(sites), int64(max(c.Threads(), 1)))
}

// EnumBudget bounds the work of evaluating the accesses of one context
// (the enumeration of enum.Judge and enum.Evaluate), in steps of about
// 1.5 ns of processor time: a lane of a warp evaluated through the linear
// forms of the address and guards is 2 steps, one evaluated by compiled
// programs 16; grouping the values of a loop variable or block index into
// classes costs 256 steps a value and 32 a comparison decided for it, 2048
// where the value has to be substituted. It counts work, not time, so that
// what is found does not depend on how busy the machine is. Each access
// has an even share of it (EnumShare) for grouping values and another for
// evaluating requests, so that what one evaluation finds does not depend
// on the order in which the checks ask: at most 2^26 steps, about 100 ms,
// in a context. An evaluation that would exceed its share groups no more
// values, evaluates every other value of its largest domain until it
// fits, and says so (NoteCut), as it does where an access would make more
// requests than search.MaxRequests; where only domains of one or two
// values are left, it evaluates them whole (within MaxRequests) rather
// than give no figure. No kernel of the repository's corpora
// or of the benchmark mixes is cut by these shares.
const EnumBudget = 1 << 25

// EnumShare is the work one access may do grouping values into classes,
// and again evaluating requests: EnumBudget shared evenly by the context's
// accesses, and at least one request of every warp of the block evaluated
// by programs.
func (c *Context) EnumShare() int64 {
	return max(EnumBudget/int64(max(len(c.Accesses), 1)), 16*int64(max(c.Threads(), 1)))
}
