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
	constructsFlag = flag.String("constructs", "", "the #11 constructs TestConstructs switches on, comma-separated: "+allConstructs+" (default all)")
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

// TestConstructs checks kernels with the constructs -constructs names
// switched on (see Options): -kernels of them where -kernels is given, else
// a sample of 50 (20 with -short) with all five on, so that the regular
// tests draw them too. make fuzz checks 10,000 of each.
func TestConstructs(t *testing.T) {
	n := *kernelsFlag
	if !flagSet("kernels") {
		n = 50
	}
	if testing.Short() {
		n = min(n, 20)
	}
	opts, err := parseConstructs(*constructsFlag)
	if err != nil {
		t.Fatal(err)
	}
	checkMany(t, n, opts)
}

// TestConstructRegressions checks, construct by construct, the first
// seeds that failed (out of 1,000) when the constructs went into the
// generator (commit 8a0c2db): sites with no access (re-slicing in loops),
// engine panics (nested and carried loops), figures not predicted (vector
// accesses whose alignment differs between threads).
func TestConstructRegressions(t *testing.T) {
	for _, c := range []struct {
		constructs string
		seeds      []uint64
	}{
		{"nested", []uint64{44, 121, 233, 380, 383, 526, 644, 667, 2143, 2662, 2682, 2862}},
		{"carried", []uint64{46, 64, 89, 96, 102, 132, 147, 212, 3013}},
		{"reslice", []uint64{34, 58, 61, 63, 64, 79, 89, 96}},
		{"vector", []uint64{89, 96, 132, 147, 233, 252, 285, 295}},
		{"unaligned", []uint64{25, 37, 65, 83, 89, 96, 113, 132, 233, 236, 244}},
	} {
		opts, err := parseConstructs(c.constructs)
		if err != nil {
			t.Fatal(err)
		}
		for _, seed := range c.seeds {
			o, err := CheckWith(seed, opts)
			switch {
			case err != nil:
				t.Errorf("-constructs %s seed %d: %v\n%s", c.constructs, seed, err, o.Source)
			case len(o.Disagreements) > 0:
				t.Error(o.Report())
			}
		}
	}
}

// allConstructs names every construct TestConstructs knows.
const allConstructs = "nested,carried,reslice,vector,unaligned"

// parseConstructs returns the options that switch on the constructs of a
// comma-separated list; "" is all of them.
func parseConstructs(list string) (Options, error) {
	if list == "" {
		list = allConstructs
	}
	var opts Options
	for _, c := range strings.Split(list, ",") {
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
			return opts, fmt.Errorf("-constructs: unknown construct %q (known: %s)", c, allConstructs)
		}
	}
	return opts, nil
}

// flagSet reports whether the command line set the flag name.
func flagSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// checkMany checks the kernels of n consecutive seeds, from -first, drawn
// under opts.
func checkMany(t *testing.T, n int, opts Options) {
	start := time.Now()
	var next, sites, unpredicted, failed atomic.Int64
	var racy, smemrace, warpsync, dynRace, dynWarp, replayed int
	var dataRaces, dataNotes, dataUnseen int
	var byData ByDataSites
	dataSeen := map[string]int{}
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
					byData.Add(o.ByData)
					t.Error(o.Report())
				default:
					byData.Add(o.ByData)
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
					dataRaces += o.Race.DataRaces
					dataNotes += o.Race.DataNotes
					dataUnseen += o.Race.DataUnseen
					for c, n := range o.Race.DataSeen {
						dataSeen[c] += n
					}
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
		t.Logf("sites of slices each lane chose by data (q0 by gc): %d: %d agree, %d bounded (%d measured the bound), %d unpredicted, %d failed",
			byData.Sites, byData.Agree, byData.Bounded, byData.Reached, byData.Unpredicted, byData.Failed)
		t.Logf("races depending on data (indices on d0): %d found (may race), %d noted; pairs the run saw race that only these cover %v; "+
			"found, but the run's data did not race them %d", dataRaces, dataNotes, dataSeen, dataUnseen)
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
