package fuzz

import (
	"flag"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/smemlint/smemlint/simcheck"
)

var (
	kernelsFlag = flag.Int("kernels", 300, "random kernels TestRandomKernels checks (50 with -short)")
	firstFlag   = flag.Uint64("first", 1, "the seed of TestRandomKernels's first kernel")
)

// FuzzAgreement generates a kernel from the seed, analyzes it, runs it
// traced and fails on any site where prediction and measurement
// disagree. Its corpus, testdata/fuzz/FuzzAgreement, holds the seeds of
// every disagreement found so far: each runs as a regression test.
func FuzzAgreement(f *testing.F) {
	f.Add(uint64(0))
	f.Fuzz(func(t *testing.T, seed uint64) {
		check(t, seed)
	})
}

func check(t *testing.T, seed uint64) {
	t.Helper()
	o, err := Check(seed)
	if err != nil {
		t.Fatalf("seed %d: %v\n%s", seed, err, o.Source)
	}
	if len(o.Disagreements) > 0 {
		t.Fatal(o.Report())
	}
}

// TestRandomKernels checks the kernels of -kernels consecutive seeds on
// every processor, and reports how many sites it compared.
func TestRandomKernels(t *testing.T) {
	n := *kernelsFlag
	if testing.Short() {
		n = min(n, 50)
	}
	start := time.Now()
	var next, sites, unpredicted, failed atomic.Int64
	rules := map[simcheck.Rule]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= int64(n) || failed.Load() >= 5 {
					return
				}
				seed := *firstFlag + uint64(i)
				o, err := Check(seed)
				mu.Lock()
				switch {
				case err != nil:
					failed.Add(1)
					t.Errorf("seed %d: %v\n%s", seed, err, o.Source)
				case len(o.Disagreements) > 0:
					failed.Add(1)
					t.Error(o.Report())
				default:
					sites.Add(int64(o.Sites))
					unpredicted.Add(int64(o.Unpredicted))
					for r, n := range o.Rules {
						rules[r] += n
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	t.Logf("%d random kernels (seeds %d..%d) in %v: %d sites agree with the simulator "+
		"(%d exact, %d exact up to alignment, %d bounded), %d unpredicted, %d kernels failed",
		min(int(next.Load()), n), *firstFlag, *firstFlag+uint64(n)-1, time.Since(start).Round(time.Millisecond),
		sites.Load(), rules[simcheck.RuleExact], rules[simcheck.RuleAligned], rules[simcheck.RuleBound],
		unpredicted.Load(), failed.Load())
}
