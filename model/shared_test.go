package model

import (
	"fmt"
	"testing"
)

// warp builds the request of warp w of a block whose threads are numbered
// x + y*bx: addr maps (tx, ty) to an element index, on decides which lanes
// take part.
func warp(w, bx, size int, load bool, idx func(tx, ty int) int, on func(tid int) bool) *Request {
	r := &Request{Size: size, Load: load}
	for n := 0; n < WarpSize; n++ {
		tid := w*WarpSize + n
		tx, ty := tid%bx, tid/bx
		if on == nil || on(tid) {
			r.On |= 1 << n
			r.Addr[n] = int64(idx(tx, ty) * size)
		} else {
			// Off lanes hold an unrelated address: the model must ignore it
			// (the x variants of the partial-warp rows of docs/hardware.md).
			r.Addr[n] = int64((64 + tid) * size)
		}
	}
	return r
}

func lanes(idx func(tid int) int) func(tx, ty int) int {
	return func(tx, _ int) int { return idx(tx) }
}

type sharedCase struct {
	name string
	size int
	load bool
	idx  func(tid int) int
	on   func(tid int) bool
	want int // wavefronts per request, H100
}

func ld(name string, size int, idx func(int) int, want int) sharedCase {
	return sharedCase{name, size, true, idx, nil, want}
}

func st(name string, size int, idx func(int) int, want int) sharedCase {
	return sharedCase{name, size, false, idx, nil, want}
}

// TestSharedH100SingleWarp holds every single-warp row of the shared-memory
// tables in docs/hardware.md (column "wavefronts per request").
func TestSharedH100SingleWarp(t *testing.T) {
	cases := []sharedCase{
		ld("S01 s[tid*1]", 4, func(i int) int { return i }, 1),
		ld("S02 s[tid*2]", 4, func(i int) int { return i * 2 }, 2),
		ld("S03 s[tid*3]", 4, func(i int) int { return i * 3 }, 1),
		ld("S04 s[tid*4]", 4, func(i int) int { return i * 4 }, 4),
		ld("S05 s[tid*8]", 4, func(i int) int { return i * 8 }, 8),
		ld("S06 s[tid*16]", 4, func(i int) int { return i * 16 }, 16),
		ld("S07 s[tid*17]", 4, func(i int) int { return i * 17 }, 1),
		ld("S08 s[tid*31]", 4, func(i int) int { return i * 31 }, 1),
		ld("S09 s[tid*32]", 4, func(i int) int { return i * 32 }, 32),
		ld("S10 s[tid*33]", 4, func(i int) int { return i * 33 }, 1),
		ld("S11 s[0]", 4, func(i int) int { return 0 }, 1),
		ld("S12 s[tid/2]", 4, func(i int) int { return i / 2 }, 1),
		ld("S13 s[tid%16]", 4, func(i int) int { return i % 16 }, 1),
		ld("S14 s[(tid%8)*32]", 4, func(i int) int { return (i % 8) * 32 }, 8),
		// struct{float x,y,z} v[tid].x and struct{float x,y} w[tid].x are
		// 4-byte loads at a 12- and 8-byte stride: index in floats.
		ld("S21 v[tid].x (12-byte struct)", 4, func(i int) int { return i * 3 }, 1),
		ld("S22 w[tid].x (8-byte struct)", 4, func(i int) int { return i * 2 }, 2),
		ld("S23a s[2*1*tid]", 4, func(i int) int { return 2 * i }, 2),
		ld("S23b s[2*2*tid]", 4, func(i int) int { return 4 * i }, 4),
		ld("S23c s[2*4*tid]", 4, func(i int) int { return 8 * i }, 8),
		ld("S23d s[2*8*tid]", 4, func(i int) int { return 16 * i }, 16),
		ld("X01 s[tid^1]", 4, func(i int) int { return i ^ 1 }, 1),
		ld("X02 s[tid%16+(tid/16)*32]", 4, func(i int) int { return i%16 + (i/16)*32 }, 2),
		ld("X03 s[tid*64]", 4, func(i int) int { return i * 64 }, 32),
		ld("X04 s[(tid%2)*32]", 4, func(i int) int { return (i % 2) * 32 }, 2),
		ld("X05 s[tid>>5]", 4, func(i int) int { return i >> 5 }, 1),
		ld("D01 d[tid]", 8, func(i int) int { return i }, 2),
		ld("D02 d[tid*2]", 8, func(i int) int { return i * 2 }, 4),
		ld("D03 d[tid*3]", 8, func(i int) int { return i * 3 }, 2),
		ld("D04 d[tid*4]", 8, func(i int) int { return i * 4 }, 8),
		ld("D05 d[tid*16]", 8, func(i int) int { return i * 16 }, 32),
		ld("D06 d[0]", 8, func(i int) int { return 0 }, 1),
		ld("D07 d[tid*8]", 8, func(i int) int { return i * 8 }, 16),
		ld("D08 d[tid%16]", 8, func(i int) int { return i % 16 }, 2),
		ld("D09 d[tid/2]", 8, func(i int) int { return i / 2 }, 1),
		ld("D10 d[tid*32]", 8, func(i int) int { return i * 32 }, 32),
		ld("D11 d[tid>>5]", 8, func(i int) int { return i >> 5 }, 1),
		ld("D12 halves disjoint 2-way", 8, func(i int) int { return i%8 + 8*(i/16) + 16*((i/8)%2) }, 4),
		ld("D13 d[tid%8]", 8, func(i int) int { return i % 8 }, 2),
		ld("D14 d[tid/4]", 8, func(i int) int { return i / 4 }, 1),
		ld("D15 d[(tid%16)*2]", 8, func(i int) int { return (i % 16) * 2 }, 4),
		ld("D16 d[tid%8+8*(tid/16)]", 8, func(i int) int { return i%8 + 8*(i/16) }, 2),
		ld("D17 d[tid%2+2*(tid/4)]", 8, func(i int) int { return i%2 + 2*(i/4) }, 1),
		ld("D18 d[(tid%2+2*(tid/4))%8]", 8, func(i int) int { return (i%2 + 2*(i/4)) % 8 }, 1),
		ld("D19 d[(tid/2)%8]", 8, func(i int) int { return (i / 2) % 8 }, 1),
		ld("D20 d[tid%4+4*(tid/8)]", 8, func(i int) int { return i%4 + 4*(i/8) }, 2),
		ld("D21 d[(tid/2)*4]", 8, func(i int) int { return (i / 2) * 4 }, 4),
		ld("Q01 q[tid]", 16, func(i int) int { return i }, 4),
		ld("Q02 q[tid*2]", 16, func(i int) int { return i * 2 }, 8),
		ld("Q03 q[tid*3]", 16, func(i int) int { return i * 3 }, 4),
		ld("Q04 q[tid*4]", 16, func(i int) int { return i * 4 }, 16),
		ld("Q05 q[0]", 16, func(i int) int { return 0 }, 2),
		ld("Q06 q[tid%8]", 16, func(i int) int { return i % 8 }, 4),
		ld("Q07 q[tid*8]", 16, func(i int) int { return i * 8 }, 32),
		ld("Q08 q[tid/4]", 16, func(i int) int { return i / 4 }, 2),
		ld("Q09 q[tid>>5]", 16, func(i int) int { return i >> 5 }, 2),
		ld("Q10 quarters 0/1 conflict", 16, func(i int) int { return ((i % 8) >> 1) + 4*(i>>4) + 8*((i>>3)&1) }, 4),
		ld("Q11 q[tid/2]", 16, func(i int) int { return i / 2 }, 2),
		ld("Q12 q[tid/8]", 16, func(i int) int { return i / 8 }, 2),
		ld("Q13 q[tid/16]", 16, func(i int) int { return i / 16 }, 2),
		ld("Q14 q[tid%16]", 16, func(i int) int { return i % 16 }, 4),
		ld("Q15 q[tid%4+4*(tid/8)]", 16, func(i int) int { return i%4 + 4*(i/8) }, 4),
		ld("Q16 q[tid%2+2*(tid/4)]", 16, func(i int) int { return i%2 + 2*(i/4) }, 2),
		ld("Q17 q[(tid/2)%8]", 16, func(i int) int { return (i / 2) % 8 }, 2),
		ld("Q18 q[(tid/2)*2]", 16, func(i int) int { return (i / 2) * 2 }, 4),
		ld("C01 c[tid]", 1, func(i int) int { return i }, 1),
		ld("C02 c[tid*4]", 1, func(i int) int { return i * 4 }, 1),
		ld("C03 c[tid*128]", 1, func(i int) int { return i * 128 }, 32),
		ld("C04 c[tid*2]", 1, func(i int) int { return i * 2 }, 1),
		ld("H01 h[tid]", 2, func(i int) int { return i }, 1),
		ld("H02 h[tid*2]", 2, func(i int) int { return i * 2 }, 1),
		ld("H03 h[tid*64]", 2, func(i int) int { return i * 64 }, 32),
		st("ST1a s[tid]=v", 4, func(i int) int { return i }, 1),
		st("ST1b s[tid*2]=v", 4, func(i int) int { return i * 2 }, 2),
		st("ST1c s[tid*32]=v", 4, func(i int) int { return i * 32 }, 32),
		st("ST1d s[tid*33]=v", 4, func(i int) int { return i * 33 }, 1),
		st("ST2 d[tid*2]=v", 8, func(i int) int { return i * 2 }, 4),
		st("ST3 d[tid]=v", 8, func(i int) int { return i }, 2),
		st("ST4 q[tid]=v", 16, func(i int) int { return i }, 4),
		st("ST5 c[tid]=v", 1, func(i int) int { return i }, 1),
		st("ST6 s[0]=v", 4, func(i int) int { return 0 }, 1),
		st("ST7 d[tid/2]=v", 8, func(i int) int { return i / 2 }, 2),
		st("ST8 q[tid/2]=v", 16, func(i int) int { return i / 2 }, 4),
		st("ST9 q[tid*2]=v", 16, func(i int) int { return i * 2 }, 8),
	}
	runShared(t, cases)
}

func runShared(t *testing.T, cases []sharedCase) {
	t.Helper()
	a := MustLookup("sm_90")
	for _, c := range cases {
		r := warp(0, WarpSize, c.size, c.load, lanes(c.idx), c.on)
		if got := a.Shared(r).Wavefronts; got != c.want {
			t.Errorf("%s: %d wavefronts, H100 measured %d", c.name, got, c.want)
		}
	}
}

// TestSharedH100MultiWarp holds the multi-warp tile rows of docs/hardware.md; the
// figure per request is ncu's SourceCounters value, the same for every warp.
func TestSharedH100MultiWarp(t *testing.T) {
	cases := []struct {
		name   string
		bx, by int
		idx    func(tx, ty int) int
		want   int
	}{
		{"S15 tile[32][32] tile[tx][ty]", 32, 32, func(tx, ty int) int { return tx*32 + ty }, 32},
		{"S16 tile[32][33] tile[tx][ty]", 32, 32, func(tx, ty int) int { return tx*33 + ty }, 1},
		{"S17 tile[32][32] tile[ty][tx]", 32, 32, func(tx, ty int) int { return ty*32 + tx }, 1},
		{"S18 tile[16][16] tile[tx][ty]", 16, 16, func(tx, ty int) int { return tx*16 + ty }, 8},
		{"S19 tile[16][17] tile[tx][ty]", 16, 16, func(tx, ty int) int { return tx*17 + ty }, 2},
		{"S20 tile[tx*32+(ty^tx)]", 32, 32, func(tx, ty int) int { return tx*32 + (ty ^ tx) }, 1},
		{"S24a As[ty*32+5]", 32, 32, func(tx, ty int) int { return ty*32 + 5 }, 1},
		{"S24b Bs[5*32+tx]", 32, 32, func(tx, ty int) int { return 5*32 + tx }, 1},
	}
	a := MustLookup("sm_90")
	for _, c := range cases {
		warps := c.bx * c.by / WarpSize
		for w := 0; w < warps; w++ {
			if got := a.Shared(warp(w, c.bx, 4, true, c.idx, nil)).Wavefronts; got != c.want {
				t.Errorf("%s warp %d: %d wavefronts, H100 measured %d", c.name, w, got, c.want)
			}
		}
	}
	// S19's residual 2-way conflict: tx=0,ty=y and tx=15,ty=y+1 share a bank.
	c := a.Shared(warp(0, 16, 4, true, func(tx, ty int) int { return tx*17 + ty }, nil))
	if c.Ways != 2 || c.Lanes != 1<<0|1<<31 {
		t.Errorf("S19: ways %d lanes %#x, want 2 ways on lanes 0 and 31", c.Ways, c.Lanes)
	}
}

func loLanes(n int) func(int) bool { return func(t int) bool { return t < n } }
func even(t int) bool              { return t%2 == 0 }
func odd(t int) bool               { return t%2 == 1 }
func oneOf(l ...int) func(int) bool {
	return func(t int) bool {
		for _, x := range l {
			if t == x {
				return true
			}
		}
		return false
	}
}

// TestSharedH100PartialWarp holds every single-warp row of the partial-warp
// table of docs/hardware.md, with its bank-conflict counter. The off lanes
// hold unrelated addresses in every case, which covers the x variants (P4cx, P8fx, …).
func TestSharedH100PartialWarp(t *testing.T) {
	id := func(i int) int { return i }
	half := func(i int) int { return i / 2 }
	zero := func(int) int { return 0 }
	cases := []struct {
		sharedCase
		conflicts int
	}{
		{sharedCase{"PF1 d[tid] all", 8, true, id, nil, 2}, 0},
		{sharedCase{"PF2 q[tid] all", 16, true, id, nil, 4}, 0},
		{sharedCase{"PF3 d[tid/2] all", 8, true, half, nil, 1}, 0},
		{sharedCase{"PF4 q[tid/2] all", 16, true, half, nil, 2}, 0},
		{sharedCase{"PZ0 d[tid] none", 8, true, id, func(int) bool { return false }, 0}, 0},
		{sharedCase{"P1a s[tid*2] lo16", 4, true, func(i int) int { return i * 2 }, loLanes(16), 1}, 0},
		{sharedCase{"P1b d[tid] lo16", 8, true, id, loLanes(16), 1}, 0},
		{sharedCase{"P1c d[tid*2] lo16", 8, true, func(i int) int { return i * 2 }, loLanes(16), 2}, 1},
		{sharedCase{"P1d q[tid] lo16", 16, true, id, loLanes(16), 2}, 0},
		{sharedCase{"P1e q[tid*2] lo16", 16, true, func(i int) int { return i * 2 }, loLanes(16), 4}, 2},
		{sharedCase{"P2a d[tid] lo8", 8, true, id, loLanes(8), 1}, 0},
		{sharedCase{"P2b q[tid] lo8", 16, true, id, loLanes(8), 1}, 0},
		{sharedCase{"P2c q[tid*2] lo8", 16, true, func(i int) int { return i * 2 }, loLanes(8), 2}, 1},
		{sharedCase{"P3a d[tid] hi16", 8, true, id, func(t int) bool { return t >= 16 }, 1}, 0},
		{sharedCase{"P3b q[tid] hi16", 16, true, id, func(t int) bool { return t >= 16 }, 2}, 0},
		{sharedCase{"P4a s[tid*32] even", 4, true, func(i int) int { return i * 32 }, even, 16}, 15},
		{sharedCase{"P4b d[tid] even", 8, true, id, even, 2}, 1},
		{sharedCase{"P4c d[tid/2] even", 8, true, half, even, 1}, 0},
		{sharedCase{"P4d q[tid] even", 16, true, id, even, 4}, 2},
		{sharedCase{"P4e q[tid/2] even", 16, true, half, even, 2}, 0},
		{sharedCase{"P5a d[tid] odd", 8, true, id, odd, 2}, 1},
		{sharedCase{"P5b q[tid] odd", 16, true, id, odd, 4}, 2},
		{sharedCase{"P6a q[tid] lo24", 16, true, id, loLanes(24), 3}, 0},
		{sharedCase{"P6b d[tid] lo24", 8, true, id, loLanes(24), 2}, 0},
		{sharedCase{"P7a s[tid] lane5", 4, true, id, oneOf(5), 1}, 0},
		{sharedCase{"P7b d[tid] lane5", 8, true, id, oneOf(5), 1}, 0},
		{sharedCase{"P7c q[tid] lane5", 16, true, id, oneOf(5), 1}, 0},
		{sharedCase{"P8a d[tid/2] lo16", 8, true, half, loLanes(16), 1}, 0},
		{sharedCase{"P8b q[tid/2] lo16", 16, true, half, loLanes(16), 1}, 0},
		{sharedCase{"P8c d[0] lo16", 8, true, zero, loLanes(16), 1}, 0},
		{sharedCase{"P8d q[0] lo16", 16, true, zero, loLanes(16), 1}, 0},
		{sharedCase{"P8e q[tid/2] lo8", 16, true, half, loLanes(8), 1}, 0},
		{sharedCase{"P8f d[tid/2] not31", 8, true, half, loLanes(31), 1}, 0},
		{sharedCase{"P8g q[tid/2] not31", 16, true, half, loLanes(31), 2}, 0},
		{sharedCase{"P9a d[tid]=v lo16", 8, false, id, loLanes(16), 1}, 0},
		{sharedCase{"P9b q[tid]=v lo16", 16, false, id, loLanes(16), 2}, 0},
		{sharedCase{"P9c s[tid*32]=v lo16", 4, false, func(i int) int { return i * 32 }, loLanes(16), 16}, 15},
		{sharedCase{"PE1 d[tid%16+tid/16*4]", 8, true, func(i int) int { return i%16 + i/16*4 }, oneOf(0, 1, 2, 3, 16, 17, 18, 19), 2}, 0},
		{sharedCase{"PE2 q[tid%8+tid/8*4]", 16, true, func(i int) int { return i%8 + i/8*4 },
			oneOf(0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27), 4}, 0},
		{sharedCase{"PE3 d[tid/16] lanes 0,16", 8, true, func(i int) int { return i / 16 }, oneOf(0, 16), 1}, 0},
		{sharedCase{"PE4 q[tid/8] lanes 0,8,16,24", 16, true, func(i int) int { return i / 8 }, oneOf(0, 8, 16, 24), 2}, 0},
	}
	a := MustLookup("sm_90")
	for _, c := range cases {
		got := a.Shared(warp(0, WarpSize, c.size, c.load, lanes(c.idx), c.on))
		if got.Wavefronts != c.want || got.Conflicts() != c.conflicts {
			t.Errorf("%s: %d wavefronts, %d conflicts; H100 measured %d and %d",
				c.name, got.Wavefronts, got.Conflicts(), c.want, c.conflicts)
		}
	}
}

// TestSharedH100BlockGuard holds the multi-warp guard rows M1–M4: a 256-thread
// block in which only tid < limit takes part. Warps with no lane on make no
// request.
func TestSharedH100BlockGuard(t *testing.T) {
	cases := []struct {
		name          string
		size          int
		idx           func(int) int
		limit         int
		requests, wfs int
	}{
		{"M1 s[tid*2] tid<64", 4, func(i int) int { return i * 2 }, 64, 2, 4},
		{"M2 d[tid] tid<64", 8, func(i int) int { return i }, 64, 2, 4},
		{"M3 d[tid] tid<48", 8, func(i int) int { return i }, 48, 2, 3},
		{"M4 q[tid] tid<40", 16, func(i int) int { return i }, 40, 2, 5},
	}
	a := MustLookup("sm_90")
	for _, c := range cases {
		requests, wfs := 0, 0
		for w := 0; w < 256/WarpSize; w++ {
			r := warp(w, 256, c.size, true, lanes(c.idx), loLanes(c.limit))
			if r.On == 0 {
				continue
			}
			requests++
			wfs += a.Shared(r).Wavefronts
		}
		if requests != c.requests || wfs != c.wfs {
			t.Errorf("%s: %d requests, %d wavefronts; H100 measured %d and %d", c.name, requests, wfs, c.requests, c.wfs)
		}
	}
}

// TestStrideRule checks the textbook rule for 4-byte accesses at a stride of
// k words: gcd(k, 32) wavefronts, for every stride up to 128.
func TestStrideRule(t *testing.T) {
	a := MustLookup("sm_90")
	for k := 1; k <= 128; k++ {
		r := warp(0, WarpSize, 4, true, lanes(func(i int) int { return i * k }), nil)
		if got, want := a.Shared(r).Wavefronts, gcd(k, 32); got != want {
			t.Errorf("stride %d: %d wavefronts, want gcd(%d,32) = %d", k, got, k, want)
		}
	}
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// TestSubWordSharing checks that lanes reading different bytes or halves
// of one 32-bit word never conflict, loads and stores alike.
func TestSubWordSharing(t *testing.T) {
	a := MustLookup("sm_90")
	for _, size := range []int{1, 2} {
		for _, load := range []bool{true, false} {
			per := 4 / size
			// Lanes 0..per-1 share word 0, the next per lanes word 32 (bank 0
			// again): per lanes per word, 32/per words all in bank 0.
			r := warp(0, WarpSize, size, load, lanes(func(i int) int { return (i/per)*32*per + i%per }), nil)
			c := a.Shared(r)
			if want := WarpSize / per; c.Wavefronts != want {
				t.Errorf("size %d load %v: %d wavefronts, want %d (lanes sharing a word do not conflict)", size, load, c.Wavefronts, want)
			}
		}
	}
}

func TestSm1xHalfWarps(t *testing.T) {
	a := MustLookup("sm_1x")
	cases := []struct {
		name      string
		idx       func(int) int
		want      int
		wantWays  int
		wantPhase int
	}{
		// Lanes n and n+16 hit the same bank, but in different half warps.
		{"s[tid] 16 banks", func(i int) int { return i }, 2, 1, 2},
		{"s[tid*2]: even stride 2-way", func(i int) int { return i * 2 }, 4, 2, 2},
		{"s[tid*3]: odd stride free", func(i int) int { return i * 3 }, 2, 1, 2},
		{"s[tid*16]: 16-way in each half", func(i int) int { return i * 16 }, 32, 16, 2},
		{"s[0] broadcast", func(int) int { return 0 }, 2, 1, 2},
	}
	for _, c := range cases {
		got := a.Shared(warp(0, WarpSize, 4, true, lanes(c.idx), nil))
		if got.Wavefronts != c.want || got.Ways != c.wantWays || got.Phases != c.wantPhase {
			t.Errorf("%s: %+v, want %d wavefronts, %d-way, %d phases", c.name, got, c.want, c.wantWays, c.wantPhase)
		}
		if got.Ideal != 2 {
			t.Errorf("%s: ideal %d, want 2 (one per half warp)", c.name, got.Ideal)
		}
	}
	// Odd strides are the conflict-free ones with 16 banks (seed 003).
	for k := 1; k <= 32; k++ {
		r := warp(0, WarpSize, 4, true, lanes(func(i int) int { return i * k }), nil)
		if got, want := a.Shared(r).Ways, gcd(k, 16); got != want {
			t.Errorf("sm_1x stride %d: %d-way, want %d", k, got, want)
		}
	}
}

// TestKeplerBankModes is seed 000's example: int cache[1024]; cache[0] and
// cache[65] are in banks 0 and 1 with 4-byte banks and both in bank 0 with
// 8-byte banks, where they conflict.
func TestKeplerBankModes(t *testing.T) {
	two := &Request{On: 0b11, Size: 4, Load: true}
	two.Addr[1] = 65 * 4
	for _, c := range []struct {
		mode, want, bank0, bank1 int
	}{{4, 1, 0, 1}, {8, 2, 0, 0}} {
		a, err := Lookup("sm_35", c.mode)
		if err != nil {
			t.Fatal(err)
		}
		if got := a.Shared(two).Wavefronts; got != c.want {
			t.Errorf("bank mode %d: %d wavefronts, want %d", c.mode, got, c.want)
		}
		if b0, b1 := a.BankOf(0), a.BankOf(65*4); b0 != c.bank0 || b1 != c.bank1 {
			t.Errorf("bank mode %d: banks %d, %d; want %d, %d", c.mode, b0, b1, c.bank0, c.bank1)
		}
	}
	// In 4-byte mode, Kepler's 8-byte-wide banks serve words i and i+32 of
	// one 64-word segment together.
	a, _ := Lookup("sm_35", 4)
	r := warp(0, WarpSize, 4, true, lanes(func(i int) int { return (i % 2) * 32 }), nil)
	if got := a.Shared(r).Wavefronts; got != 1 {
		t.Errorf("sm_3x 4-byte mode s[(tid%%2)*32]: %d wavefronts, want 1", got)
	}
	r = warp(0, WarpSize, 4, true, lanes(func(i int) int { return (i % 2) * 64 }), nil)
	if got := a.Shared(r).Wavefronts; got != 2 {
		t.Errorf("sm_3x 4-byte mode s[(tid%%2)*64]: %d wavefronts, want 2", got)
	}
}

func TestPairedOnlyWherePaired(t *testing.T) {
	for _, name := range []string{"sm_50", "sm_60", "sm_2x"} {
		a := MustLookup(name)
		r := warp(0, WarpSize, 8, true, lanes(func(int) int { return 0 }), nil)
		if got := a.Shared(r).Wavefronts; got != 2 {
			t.Errorf("%s d[0]: %d wavefronts, want 2 (no paired mode)", name, got)
		}
	}
}

func TestLookup(t *testing.T) {
	for _, c := range []struct {
		name string
		mode int
		ok   bool
	}{{"", 0, true}, {"sm_90", 4, true}, {"SM_80", 0, true}, {"sm_35", 8, true},
		{"sm_90", 8, false}, {"sm_99", 0, false}, {"sm_90", 2, false}} {
		_, err := Lookup(c.name, c.mode)
		if (err == nil) != c.ok {
			t.Errorf("Lookup(%q, %d): err %v, want ok=%v", c.name, c.mode, err, c.ok)
		}
	}
}

func ExampleArch_Shared() {
	a := MustLookup("sm_90")
	r := &Request{On: ^uint32(0), Size: 4, Load: true}
	for n := range r.Addr {
		r.Addr[n] = int64(n * 32 * 4) // tile[32][32], column read
	}
	c := a.Shared(r)
	fmt.Printf("%d-way on bank %d: %d wavefronts, ideal %d\n", c.Ways, c.Bank, c.Wavefronts, c.Ideal)
	// Output: 32-way on bank 0: 32 wavefronts, ideal 1
}

// A paired phase is not split by a bank conflict. 8 bytes: lanes n and
// n^1 a bank row apart, n and n^2 alike; the hardware counter read 2
// (probe case S8A, hw/results/probe), where the per-instruction figure
// reads 4. 16 bytes: lanes 0-1 on one row of bank 4 and lanes 2-31 on
// another; the counter read 3 (probe case H3_2), the paired half-warps'
// 2 + 1.
func TestPairedPhaseNotSplitByConflict(t *testing.T) {
	a := MustLookup("sm_90")
	d := &Request{Size: 8, On: ^uint32(0), Load: true}
	q := &Request{Size: 16, On: ^uint32(0), Load: true}
	for l := range WarpSize {
		d.Addr[l] = int64(l%2) * 1024 // lanes n and n^2 alike, n and n^1 a bank row apart
		q.Addr[l] = 4368
		if l < 2 {
			q.Addr[l] = 3344
		}
	}
	for _, c := range []struct {
		r    *Request
		want int
	}{{d, 2}, {q, 3}} {
		if got := a.Shared(c.r); got.Wavefronts != c.want || !got.Paired {
			t.Errorf("%d-byte: %d wavefronts (paired %v), H100 measured %d", c.r.Size, got.Wavefronts, got.Paired, c.want)
		}
	}
}
