package fuzz

import (
	"cmp"
	"flag"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/smemlint/smemlint/simcheck"
)

var (
	kernelsFlag    = flag.Int("kernels", 300, "random kernels TestRandomKernels checks (50 with -short)")
	firstFlag      = flag.Uint64("first", 1, "the seed of TestRandomKernels's first kernel")
	raceFlag       = flag.Int("racekernels", 100, "race kernels TestRaceKernels checks (20 with -short)")
	constructsFlag = flag.String("constructs", "", "the #11 constructs TestConstructs switches on, comma-separated: nested, carried, reslice, vector, unaligned (none: TestConstructs skips)")
	maxFailFlag    = flag.Int("maxfail", 5, "failed kernels after which TestRandomKernels and TestRaceKernels stop")
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
	checkMany(t, n, Options{})
}

// TestRaceKernels checks -kernels race kernels (Options.Races): every
// site's figure, and the static race verdicts against the simulator's
// hazard detector. It reports how many kernels raced.
func TestRaceKernels(t *testing.T) {
	n := *raceFlag
	if testing.Short() {
		n = min(n, 20)
	}
	checkMany(t, n, Options{Races: true})
}

// TestConstructs checks -kernels kernels with the constructs -constructs
// names switched on (see Options): how far the engine agrees on each
// before it goes into the default stream.
func TestConstructs(t *testing.T) {
	if *constructsFlag == "" {
		t.Skip("no -constructs named")
	}
	var opts Options
	for _, c := range strings.Split(*constructsFlag, ",") {
		switch c {
		case "nested":
			opts.NestedLoops = true
		case "carried":
			opts.Carried = true
		case "reslice":
			opts.Reslice = true
		case "vector":
			opts.Vector = true
		case "unaligned":
			opts.Vector, opts.Unaligned = true, true
		default:
			t.Fatalf("-constructs: unknown construct %q (known: nested, carried, reslice, vector, unaligned)", c)
		}
	}
	checkMany(t, *kernelsFlag, opts)
}

// checkMany checks the kernels of n consecutive seeds, from -first, drawn
// under opts.
func checkMany(t *testing.T, n int, opts Options) {
	start := time.Now()
	var next, sites, unpredicted, failed atomic.Int64
	var racy, smemrace, warpsync, dynRace, dynWarp, replayed int
	known, unknown := map[string]int{}, map[string]int{}
	constructs := map[string]int{}
	rules := map[simcheck.Rule]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= int64(n) || failed.Load() >= int64(*maxFailFlag) {
					return
				}
				seed := *firstFlag + uint64(i)
				o, err := CheckWith(seed, opts)
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
					if o.Race.Racy() {
						racy++
					}
					smemrace += o.Race.Smemrace
					warpsync += o.Race.Warpsync
					dynRace += o.Race.DynRace
					dynWarp += o.Race.DynWarp
					replayed += o.Race.Replayed
					for c, n := range o.Race.Known {
						known[c] += n
					}
					for w, n := range o.Unknown {
						unknown[w] += n
					}
					for c, n := range o.Spec.Constructs() {
						constructs[c] += n
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
	if len(unknown) > 0 {
		t.Logf("unpredicted sites by reason: %s", byCount(unknown))
	}
	if len(constructs) > 0 {
		t.Logf("#11 constructs in the kernels that agree: %v", constructs)
	}
	if opts.Races {
		t.Logf("race verdicts agree on %d kernels, %d racy and %d race-free by the run: static races %d smemrace + %d warpsync; "+
			"pairs of sites the run saw race %d across warps + %d within a warp; static races the detector did not name but the access log shows %d; "+
			"known disagreements %v",
			min(int(next.Load()), n)-int(failed.Load()), racy, min(int(next.Load()), n)-int(failed.Load())-racy,
			smemrace, warpsync, dynRace, dynWarp, replayed, known)
	}
}

// byCount lists the counts of m, largest first: "12 × reason; 3 × other".
func byCount(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Or(cmp.Compare(m[b], m[a]), strings.Compare(a, b)) })
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d × %s", m[k], k)
	}
	return strings.Join(parts, "; ")
}
