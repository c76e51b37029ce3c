package simt_test

import (
	"slices"
	"testing"

	"github.com/smemlint/smemlint/simt"
)

func TestAtomicsAcrossBlocks(t *testing.T) {
	const blocks, threads = 64, 256
	const n = blocks * threads
	var (
		count32  int32
		count64  uint64
		sub      int64 = n
		fsum32   float32
		fsum64   float64
		hi, lo   int32 = -1, n
		fmax     float64
		bitsOr   uint32
		bitsAnd  uint64 = ^uint64(0)
		parity   uint32
		casCount int32
		exch     uint32
	)
	olds := simt.Malloc[int32](n)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: blocks}, Block: simt.Dim3{X: threads}}, func(t *simt.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		olds[i] = simt.AtomicAdd(t, &count32, 1)
		simt.AtomicAdd(t, &count64, 2)
		simt.AtomicSub(t, &sub, 1)
		simt.AtomicAdd(t, &fsum32, 0.5)
		simt.AtomicAdd(t, &fsum64, 0.25)
		simt.AtomicMax(t, &hi, int32(i))
		simt.AtomicMin(t, &lo, int32(i))
		simt.AtomicMax(t, &fmax, float64(i)/2)
		simt.AtomicOr(t, &bitsOr, 1<<(i%32))
		simt.AtomicAnd(t, &bitsAnd, ^(uint64(1) << (i % 64)))
		simt.AtomicXor(t, &parity, 1)
		simt.AtomicExch(t, &exch, uint32(i))
		for { // an increment built on compare-and-swap
			old := simt.AtomicAdd(t, &casCount, 0) // an atomic read
			if simt.AtomicCAS(t, &casCount, old, old+1) == old {
				break
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"AtomicAdd int32", count32, int32(n)},
		{"AtomicAdd uint64", count64, uint64(2 * n)},
		{"AtomicSub", sub, int64(0)},
		{"AtomicAdd float32", fsum32, float32(n) / 2},
		{"AtomicAdd float64", fsum64, float64(n) / 4},
		{"AtomicMax", hi, int32(n - 1)},
		{"AtomicMin", lo, int32(0)},
		{"AtomicMax float64", fmax, float64(n-1) / 2},
		{"AtomicOr", bitsOr, ^uint32(0)},
		{"AtomicAnd", bitsAnd, uint64(0)},
		{"AtomicXor", parity, uint32(n % 2)},
		{"AtomicCAS", casCount, int32(n)},
		{"AtomicExch in range", exch < n, true},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	// AtomicAdd returned every old value exactly once.
	slices.Sort(olds)
	for i, v := range olds {
		if v != int32(i) {
			t.Fatalf("AtomicAdd's old values are not 0..%d: position %d holds %d", n-1, i, v)
		}
	}
}

func TestAtomicReturnsOld(t *testing.T) {
	type myInt int32 // named types are Numbers too
	var (
		x          myInt = 5
		f          float32
		got        [6]any
		u          uint32 = 0b1100
		casF       float64
		casFailOld float64
	)
	err := simt.Launch(simt.Config{Grid: simt.Dim3{X: 1}, Block: simt.Dim3{X: 1}}, func(t *simt.Thread) {
		got[0] = simt.AtomicAdd(t, &x, 3)    // 5 -> 8
		got[1] = simt.AtomicSub(t, &x, 10)   // 8 -> -2
		got[2] = simt.AtomicExch(t, &f, 2.5) // 0 -> 2.5
		got[3] = simt.AtomicAnd(t, &u, 0b1010)
		got[4] = simt.AtomicCAS(t, &casF, 0, 1.5)
		casFailOld = simt.AtomicCAS(t, &casF, 7, 9) // no swap
		got[5] = simt.AtomicMin(t, &x, -7)
	})
	if err != nil {
		t.Fatal(err)
	}
	want := [6]any{myInt(5), myInt(8), float32(0), uint32(0b1100), float64(0), myInt(-2)}
	if got != want || x != -7 || f != 2.5 || u != 0b1000 || casF != 1.5 || casFailOld != 1.5 {
		t.Errorf("got %v x=%v f=%v u=%b casF=%v old=%v; want %v", got, x, f, u, casF, casFailOld, want)
	}
}
