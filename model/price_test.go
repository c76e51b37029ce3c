package model

import "testing"

// TestPrice checks that a request is priced in its space's figure: the
// wavefronts of Shared for shared memory, the sectors of Global for
// global memory, with the matching ideal.
func TestPrice(t *testing.T) {
	a := MustLookup("sm_90")
	r := &Request{Size: 4, On: ^uint32(0), Load: true}
	for lane := range WarpSize {
		r.Addr[lane] = int64(lane) * 128 // every lane in bank 0, in its own line
	}
	sh, gl := a.Shared(r), a.Global(r)
	if c := a.Price(r, true); c.Figure() != sh.Wavefronts || c.Ideal() != sh.Ideal || c.Figure() != 32 {
		t.Errorf("shared: figure %d ideal %d, want Shared's %d and %d (32-way conflict)", c.Figure(), c.Ideal(), sh.Wavefronts, sh.Ideal)
	}
	if c := a.Price(r, false); c.Figure() != gl.Sectors || c.Ideal() != gl.Ideal || c.Figure() != 32 {
		t.Errorf("global: figure %d ideal %d, want Global's %d and %d (32 sectors)", c.Figure(), c.Ideal(), gl.Sectors, gl.Ideal)
	}
}
