package pairs

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/smemlint/smemlint/model"
)

// TestKeyIndex compares the index and partners with a plain scan over
// random keys, dense (a small range) and sparse (a wide one), for every
// warp restriction.
func TestKeyIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var x keyIndex // reused, as ConflictFinder does
	for trial := 0; trial < 400; trial++ {
		n := 1 + r.IntN(300)
		spread := []int64{1, 8, 64, 1 << 40}[trial%4]
		var entries []keyed
		for tid := 0; tid < n; tid++ {
			if r.IntN(5) == 0 {
				continue // a thread that does not take part
			}
			for k := 0; k < 1+r.IntN(2); k++ {
				entries = append(entries, keyed{r.Int64N(spread) - spread/2, int32(tid)})
			}
		}
		want := slices.Clone(entries)
		x.build(entries)
		for probe := 0; probe < 50; probe++ {
			key := r.Int64N(spread+2) - spread/2 - 1
			if len(want) > 0 && probe%2 == 0 {
				key = want[r.IntN(len(want))].key
			}
			var all []int32
			for _, e := range want {
				if e.key == key {
					all = append(all, e.t)
				}
			}
			if got := x.of(key); !slices.Equal(got, all) && len(got)+len(all) > 0 {
				t.Fatalf("trial %d: of(%d) = %v, want %v", trial, key, got, all)
			}
			tid := r.IntN(n)
			for _, q := range []struct{ same, cross bool }{{false, false}, {true, false}, {false, true}} {
				var got, wantUs []int
				partners(x.of(key), tid, q.same, q.cross, func(u int) bool { got = append(got, u); return false })
				for _, u := range all {
					sameWarp := int(u)/model.WarpSize == tid/model.WarpSize
					if q.same && !sameWarp || q.cross && sameWarp {
						continue
					}
					wantUs = append(wantUs, int(u))
				}
				if !slices.Equal(got, wantUs) {
					t.Fatalf("trial %d: partners of thread %d for key %d (same %v, cross %v) = %v, want %v",
						trial, tid, key, q.same, q.cross, got, wantUs)
				}
			}
		}
	}
}
