package model

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestBreakdownLikeCost checks the breakdowns explain draws against the
// figures they explain, on random requests: the phase masks are as many
// as Shared's phases, cover the lanes that are on, and the phases with a
// lane are Shared's ideal (more where a paired phase was split); the sectors are as many as Global counts, use
// Global's bytes, and name every lane's first sector.
func TestBreakdownLikeCost(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range Names() {
		a := MustLookup(name)
		for i := 0; i < 2000; i++ {
			r := &Request{Size: []int{1, 2, 4, 8, 16}[rng.IntN(5)], On: rng.Uint32() | 1, Load: rng.IntN(2) == 0}
			stride := int64(rng.IntN(40))
			for l := range WarpSize {
				r.Addr[l] = int64(l)*stride*int64(r.Size)/4 + int64(rng.IntN(3))*int64(r.Size)
				if rng.IntN(8) == 0 {
					r.Addr[r.Addr[l]%WarpSize] = r.Addr[l] // some lanes share an address
				}
			}
			sh := a.Shared(r)
			masks := a.PhaseMasks(r)
			var union uint32
			nonzero := 0
			for _, m := range masks {
				if union&m != 0 {
					t.Fatalf("%s: phases overlap: %x", name, masks)
				}
				union |= m
				if m != 0 {
					nonzero++
				}
			}
			// A paired phase split by a conflict draws as its two
			// unpaired phases; the ideal stays the pairing's.
			if len(masks) != sh.Phases || union != r.On || nonzero != sh.Ideal && !(sh.Paired && nonzero > sh.Ideal) {
				t.Fatalf("%s: %d phase masks covering %x with %d used; Shared says %d phases, ideal %d, lanes %x",
					name, len(masks), union, nonzero, sh.Phases, sh.Ideal, r.On)
			}
			gl := a.Global(r)
			list, first := a.Sectors(r)
			used := 0
			for _, s := range list {
				used += s.Used
			}
			if len(list) != gl.Sectors || used != gl.Bytes {
				t.Fatalf("%s: %d sectors using %d bytes; Global says %d sectors, %d bytes", name, len(list), used, gl.Sectors, gl.Bytes)
			}
			for m := r.On; m != 0; m &= m - 1 {
				l := bits.TrailingZeros32(m)
				if s := list[first[l]]; r.Addr[l] < s.Start || r.Addr[l] >= s.Start+int64(a.SectorBytes) || s.Lanes&(1<<l) == 0 {
					t.Fatalf("%s: lane %d at %d placed in sector at %d", name, l, r.Addr[l], s.Start)
				}
			}
		}
	}
}
