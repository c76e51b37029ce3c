package pairs

import (
	"math/rand/v2"
	"testing"

	"github.com/smemlint/smemlint/affine"
)

// TestMeets compares the branch-and-bound with a scan of every point of
// small random boxes: where it decides, it must agree.
func TestMeets(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	decided := 0
	for trial := 0; trial < 20000; trial++ {
		axes := make([]axis, 1+r.IntN(6))
		for i := range axes {
			lo := r.Int64N(9) - 4
			axes[i] = axis{k: r.Int64N(41) - 20, lo: lo, hi: lo + r.Int64N(6) - 1, distinct: r.IntN(3) > 0}
		}
		if trial%3 == 0 {
			axes[0].k *= 1 << 20 // the large strides of real addresses
		}
		lo := r.Int64N(61) - 30
		hi := lo + r.Int64N(12)
		distinct := r.IntN(2) == 0
		want := scan(axes, lo, hi, distinct)
		found, ok := meets(axes, lo, hi, distinct)
		if !ok {
			continue
		}
		decided++
		if found != want {
			t.Fatalf("trial %d: meets(%v, %d, %d, %v) = %v, a scan says %v", trial, axes, lo, hi, distinct, found, want)
		}
	}
	if decided < 19000 {
		t.Errorf("meets decided only %d of 20000 small problems", decided)
	}
}

// scan is meets by visiting every point.
func scan(axes []axis, lo, hi int64, distinct bool) bool {
	var rec func(i int, sum int64, zero bool) bool
	rec = func(i int, sum int64, zero bool) bool {
		if i == len(axes) {
			return lo <= sum && sum <= hi && !(distinct && zero)
		}
		for v := axes[i].lo; v <= axes[i].hi; v++ {
			if rec(i+1, sum+axes[i].k*v, zero && (v == 0 || !axes[i].distinct)) {
				return true
			}
		}
		return false
	}
	return rec(0, 0, true)
}

// TestNarrow checks the box narrow leaves against the comparison itself on
// every coordinate of a block.
func TestNarrow(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	ops := []affine.CmpOp{affine.LT, affine.LE, affine.GT, affine.GE, affine.EQ, affine.NE}
	for trial := 0; trial < 20000; trial++ {
		op := ops[r.IntN(len(ops))]
		var k [3]int64
		d := r.IntN(3)
		if r.IntN(8) > 0 {
			k[d] = r.Int64N(15) - 7
		}
		base := r.Int64N(81) - 40
		rc := reach{hi: [3]int64{31, 7, 3}}
		left := narrow(&rc, op, base, k)
		any := false
		for x := int64(0); x <= 31; x++ {
			for y := int64(0); y <= 7; y++ {
				for z := int64(0); z <= 3; z++ {
					if !holds(op, base+k[0]*x+k[1]*y+k[2]*z) {
						continue
					}
					any = true
					p := [3]int64{x, y, z}
					for i := range 3 {
						if p[i] < rc.lo[i] || p[i] > rc.hi[i] {
							t.Fatalf("trial %d: %v·(x,y,z) + %d %v 0 holds at %v, outside the box %v..%v", trial, k, base, op, p, rc.lo, rc.hi)
						}
					}
				}
			}
		}
		if any && !left {
			t.Fatalf("trial %d: narrow says no thread is left, but %v·(x,y,z) + %d %v 0 holds for one", trial, k, base, op)
		}
	}
}

// TestReachesWithin compares the quick answer with every pair of threads
// of a block: where it decides, it must agree.
func TestReachesWithin(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	dims := [3]int64{8, 4, 2}
	box := func() (lo, hi [3]int64) {
		for i := range 3 {
			lo[i] = r.Int64N(dims[i])
			hi[i] = lo[i] + r.Int64N(dims[i]-lo[i])
		}
		return lo, hi
	}
	coefs := func() (k [3]int64) {
		for i := range 3 {
			k[i] = []int64{0, 1, 2, 4, 8, 16, 32, -4, 3, 12}[r.IntN(10)]
		}
		return k
	}
	no := 0
	for trial := 0; trial < 5000; trial++ {
		var ra, rb reach
		ra.lo, ra.hi = box()
		rb.lo, rb.hi = box()
		ra.k = coefs()
		rb.k = ra.k
		if trial%2 == 0 {
			rb.k = coefs()
		}
		ra.base, rb.base = r.Int64N(64), r.Int64N(64)
		lo := -r.Int64N(8)
		hi := r.Int64N(8)
		notSame := r.IntN(2) == 0
		found, decided := reachesWithin(ra, rb, lo, hi, notSame)
		if !decided {
			continue
		}
		if !found {
			no++
		}
		any := false
		for _, a := range points(ra) {
			for _, b := range points(rb) {
				if notSame && a == b {
					continue
				}
				diff := rb.base + rb.k[0]*b[0] + rb.k[1]*b[1] + rb.k[2]*b[2] - (ra.base + ra.k[0]*a[0] + ra.k[1]*a[1] + ra.k[2]*a[2])
				if lo <= diff && diff <= hi {
					any = true
				}
			}
		}
		if any != found {
			t.Fatalf("trial %d: reachesWithin(%+v, %+v, %d, %d, %v) = %v, a scan of every pair of threads says %v",
				trial, ra, rb, lo, hi, notSame, found, any)
		}
	}
	if no == 0 {
		t.Error("reachesWithin never answered no")
	}
}

func points(r reach) [][3]int64 {
	var out [][3]int64
	for x := r.lo[0]; x <= r.hi[0]; x++ {
		for y := r.lo[1]; y <= r.hi[1]; y++ {
			for z := r.lo[2]; z <= r.hi[2]; z++ {
				out = append(out, [3]int64{x, y, z})
			}
		}
	}
	return out
}
