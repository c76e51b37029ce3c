package peers_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/internal/peers"
	"github.com/smemlint/smemlint/simcheck"
)

// TestPeersDynamic runs every ported kernel traced in the simulator (the
// suites' TestLaunch, through simcheck) and compares the shared-memory
// hazards its race detector sees with the verdicts: a kernel whose
// verdict is pass must show none, and a racy kernel whose hazards include
// a pair of threads in different warps must have the verdict race
// smemrace. The converse does not hold: with the made-up arguments (n = 4)
// a race may stay within one warp, or not happen at all. Those are logged,
// and so are the detector's blind spots: the lanes of one warp storing to
// one word in one instruction (it takes the hardware to order them, as
// compute-sanitizer does), a read forgotten once its thread's atomic has
// updated the word, and global memory, which it does not trace. Opt in
// with SMEMLINT_PEERS_DYNAMIC=1: the traced run takes a minute.
func TestPeersDynamic(t *testing.T) {
	if os.Getenv("SMEMLINT_PEERS_DYNAMIC") == "" {
		t.Skip("set SMEMLINT_PEERS_DYNAMIC=1 to run the ported kernels traced")
	}
	corpora, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	kernels, err := peers.Load(filepath.Join(corpora, "peers"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := simcheck.Check([]string{"./peers/..."}, simcheck.Options{Dir: corpora, Run: "TestLaunch"})
	if err != nil {
		t.Fatal(err)
	}
	owner, err := siteOwner(kernels)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[*peers.Kernel][]string{}
	unreported := 0
	for _, h := range rep.Hazards {
		k := owner(h.First)
		if k == nil {
			k = owner(h.Second)
		}
		if k == nil {
			t.Errorf("hazard %s / %s lies in no ported kernel", h.First, h.Second)
			continue
		}
		if !slices.Contains(kinds[k], h.Kind) {
			kinds[k] = append(kinds[k], h.Kind)
		}
		if h.Static == "" {
			unreported++
			t.Logf("%s: %s hazard %s / %s: not reported statically", k.ID(), h.Kind, h.First, h.Second)
		}
	}
	seen, unseen := 0, 0
	for _, k := range kernels {
		got := kinds[k]
		switch {
		case k.Kind == peers.Pass && len(got) > 0:
			t.Errorf("%s: verdict pass, but the traced run saw %s hazards", k.ID(), strings.Join(got, " and "))
		case k.Kind != peers.Race || k.Check == "globalrace":
		case len(got) == 0:
			unseen++
			t.Logf("%s: race by %s not seen in shared memory with the made-up arguments", k.ID(), k.Check)
		default:
			seen++
			if slices.Contains(got, "race") && k.Check != "smemrace" {
				t.Errorf("%s: verdict race %s, but the traced run saw threads of different warps race", k.ID(), k.Check)
			}
		}
	}
	t.Logf("%d hazards, %d not reported statically; racy kernels (warpsync or smemrace) with hazards seen: %d, not seen: %d",
		len(rep.Hazards), unreported, seen, unseen)
}

// siteOwner returns a function that finds the kernel of a simcheck site,
// "file.go:line:col op". Sites name files by base name, which must then be
// unique among the suites' files.
func siteOwner(kernels []*peers.Kernel) (func(site string) *peers.Kernel, error) {
	dirs := map[string]string{}
	for _, k := range kernels {
		for _, r := range k.Funcs {
			base, dir := filepath.Base(r.File), filepath.Dir(r.File)
			if d, ok := dirs[base]; ok && d != dir {
				return nil, fmt.Errorf("%s is in both %s and %s: simcheck's sites could not tell them apart", base, d, dir)
			}
			dirs[base] = dir
		}
	}
	return func(site string) *peers.Kernel {
		pos, _, _ := strings.Cut(site, " ")
		parts := strings.Split(pos, ":")
		if len(parts) < 3 {
			return nil
		}
		line, err := strconv.Atoi(parts[1])
		if err != nil {
			return nil
		}
		for _, k := range kernels {
			for _, r := range k.Funcs {
				if filepath.Base(r.File) == parts[0] && r.Start <= line && line <= r.End {
					return k
				}
			}
		}
		return nil
	}, nil
}
