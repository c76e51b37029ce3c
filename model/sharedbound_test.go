package model

import (
	"math/rand"
	"testing"
)

// TestSharedBoundCoversChoices draws requests whose lanes each have a few
// candidate addresses and checks, on every architecture, that every
// choice of one candidate per lane costs at most the bound, with at most
// its conflicts, and that with one candidate per lane the bound of an
// unpaired request is Shared's figure.
func TestSharedBoundCoversChoices(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	paired := false // some choice drawn was paired
	for _, name := range Names() {
		arch := MustLookup(name)
		for i := 0; i < 400; i++ {
			size := []int{1, 2, 4, 8, 16}[rng.Intn(5)]
			r := &Request{On: rng.Uint32() | 1, Size: size, Load: rng.Intn(2) == 0}
			if rng.Intn(3) == 0 {
				r.On = ^uint32(0)
			}
			var cands [WarpSize][]int64
			k := 1 + rng.Intn(3)
			span := int64(1 + rng.Intn(64))
			grouped := rng.Intn(2) == 0 // lanes in fours share their candidates
			for n := range cands {
				if grouped && n%4 != 0 {
					cands[n] = cands[n&^3]
					continue
				}
				for j := 0; j < k; j++ {
					cands[n] = append(cands[n], int64(size)*rng.Int63n(span)+int64(j)*4096*int64(rng.Intn(2)))
				}
			}
			b := arch.SharedBound(r, &cands)
			for try := 0; try < 50; try++ {
				c := *r
				for n := range cands {
					c.Addr[n] = cands[n][rng.Intn(len(cands[n]))]
				}
				if try == 0 {
					// Each lane its first candidate: grouped lanes pair.
					for n := range cands {
						c.Addr[n] = cands[n][0]
					}
				}
				got := arch.Shared(&c)
				if got.Wavefronts > b.Wavefronts || got.Conflicts() > b.Conflicts() {
					t.Fatalf("%s: a choice costs %d wavefronts (ideal %d), over the bound %d (ideal %d): %+v",
						name, got.Wavefronts, got.Ideal, b.Wavefronts, b.Ideal, c)
				}
				paired = paired || got.Paired
			}
			one := *r
			var single [WarpSize][]int64
			for n := range cands {
				one.Addr[n] = cands[n][0]
				single[n] = cands[n][:1]
			}
			if want := arch.Shared(&one); !want.Paired {
				if got := arch.SharedBound(&one, &single); got.Wavefronts != want.Wavefronts || got.Ideal != want.Ideal || got.Ways != want.Ways {
					t.Fatalf("%s: one candidate per lane: bound %+v, Shared %+v", name, got, want)
				}
			}
		}
	}
	if !paired {
		t.Error("no choice drawn was paired: the paired mode's bound is untested")
	}
}
