package enum

import (
	"math/rand/v2"
	"testing"
)

// TestClassTable wants classTable to number classes as a map from the
// whole key would, in the order of their first value: for few classes and
// for more than it looks through one by one, with values of their own
// that repeat or not.
func TestClassTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	for _, kinds := range []int{2, 5, smallClasses + 10} {
		for _, distinct := range []bool{false, true} {
			table := classTable{distinct: distinct}
			want := map[classKey]int{}
			for i := range 500 {
				k := classKey{residue: int64(rng.IntN(kinds)), addr: []string{"", "true()"}[rng.IntN(2)]}
				g := []byte{byte(rng.IntN(2)), byte(rng.IntN(2))}
				if rng.IntN(4) == 0 {
					k.own, k.value = true, int64(i)
					if !distinct {
						k.value = int64(rng.IntN(20))
					}
				}
				full := k
				full.guards = string(g)
				n, ok := want[full]
				if !ok {
					n = len(want)
					want[full] = n
				}
				if got := table.of(&k, g); got != n {
					t.Fatalf("kinds %d distinct %v value %d: class %d, want %d", kinds, distinct, i, got, n)
				}
			}
		}
	}
}
