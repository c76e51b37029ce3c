package model

import "testing"

// TestGlobalH100 holds every row of the global-memory tables of
// docs/hardware.md: sectors and 128-byte lines per request.
func TestGlobalH100(t *testing.T) {
	type gc struct {
		name           string
		size           int
		load           bool
		idx            func(tid int) int
		on             func(int) bool
		sectors, lines int
	}
	id := func(i int) int { return i }
	cases := []gc{
		{"G01 g[tid]", 4, true, id, nil, 4, 1},
		{"G02 g[tid+1]", 4, true, func(i int) int { return i + 1 }, nil, 5, 2},
		{"G03 g[tid*2]", 4, true, func(i int) int { return i * 2 }, nil, 8, 2},
		{"G04 g[tid*4]", 4, true, func(i int) int { return i * 4 }, nil, 16, 4},
		{"G05 g[tid*8]", 4, true, func(i int) int { return i * 8 }, nil, 32, 8},
		{"G06 g[tid*32]", 4, true, func(i int) int { return i * 32 }, nil, 32, 32},
		{"G07 g[tid*33]", 4, true, func(i int) int { return i * 33 }, nil, 32, 32},
		{"G08 g[0]", 4, true, func(int) int { return 0 }, nil, 1, 1},
		{"G09 g[31-tid]", 4, true, func(i int) int { return 31 - i }, nil, 4, 1},
		{"G10 g[tid/2]", 4, true, func(i int) int { return i / 2 }, nil, 2, 1},
		{"G11 double g[tid]", 8, true, id, nil, 8, 2},
		{"G12 double g[tid+1]", 8, true, func(i int) int { return i + 1 }, nil, 9, 3},
		{"G13 char g[tid]", 1, true, id, nil, 1, 1},
		{"G14 float4 g[tid]", 16, true, id, nil, 16, 4},
		{"G17 short g[tid]", 2, true, id, nil, 2, 1},
		{"G18 float4 g[tid*2]", 16, true, func(i int) int { return i * 2 }, nil, 32, 8},
		{"G19 double g[tid*2]", 8, true, func(i int) int { return i * 2 }, nil, 16, 4},
		{"G20 g[tid+8]", 4, true, func(i int) int { return i + 8 }, nil, 4, 2},
		{"GS1 g[tid]=v", 4, false, id, nil, 4, 1},
		{"GS2 g[tid*2]=v", 4, false, func(i int) int { return i * 2 }, nil, 8, 2},
		{"GS3 g[tid*32]=v", 4, false, func(i int) int { return i * 32 }, nil, 32, 32},
		{"PG1 g[tid] lo16", 4, true, id, loLanes(16), 2, 1},
		{"PG2 g[tid*32] lo16", 4, true, func(i int) int { return i * 32 }, loLanes(16), 16, 16},
		{"PG3 double g[tid] lo16", 8, true, id, loLanes(16), 4, 1},
		{"PG4 float4 g[tid] lo16", 16, true, id, loLanes(16), 8, 2},
		{"PG5 g[tid]=v lo16", 4, false, id, loLanes(16), 2, 1},
		{"PG6 float4 g[tid] lane5", 16, true, id, oneOf(5), 1, 1},
	}
	a := MustLookup("sm_90")
	for _, c := range cases {
		got := a.Global(warp(0, WarpSize, c.size, c.load, lanes(c.idx), c.on))
		if got.Sectors != c.sectors || got.Lines != c.lines {
			t.Errorf("%s: %d sectors, %d lines; H100 measured %d and %d", c.name, got.Sectors, got.Lines, c.sectors, c.lines)
		}
	}

	// G15: naive transpose, block (32,8), grid (32,128), 1024x1024 floats:
	// A[iy*1024+ix] loads 4 sectors, At[ix*1024+iy] stores 32, in every warp.
	for by := 0; by < 2; by++ {
		for w := 0; w < 8; w++ {
			for _, c := range []struct {
				name string
				idx  func(ix, iy int) int
				want int
			}{
				{"G15 load A[iy*1024+ix]", func(ix, iy int) int { return iy*1024 + ix }, 4},
				{"G15 store At[ix*1024+iy]", func(ix, iy int) int { return ix*1024 + iy }, 32},
			} {
				r := warp(w, 32, 4, true, func(tx, ty int) int { return c.idx(3*32+tx, by*8+ty) }, nil)
				if got := a.Global(r).Sectors; got != c.want {
					t.Errorf("%s (block y %d, warp %d): %d sectors, want %d", c.name, by, w, got, c.want)
				}
			}
		}
	}
	// G16: naive matmul A[ix*1024+7], ix = blockIdx.x*128 + tid: 32 sectors.
	r := warp(1, 128, 4, true, func(tx, _ int) int { return (2*128+tx)*1024 + 7 }, nil)
	if got := a.Global(r); got.Sectors != 32 || got.Lines != 32 {
		t.Errorf("G16: %+v, want 32 sectors and 32 lines", got)
	}
}

func TestGlobalIdeal(t *testing.T) {
	a := MustLookup("sm_90")
	cases := []struct {
		name string
		size int
		idx  func(int) int
		want int
	}{
		{"coalesced floats", 4, func(i int) int { return i }, 4},
		{"broadcast", 4, func(int) int { return 0 }, 1},
		{"stride 2", 4, func(i int) int { return 2 * i }, 4},
		{"misaligned", 4, func(i int) int { return i + 1 }, 4},
		{"doubles", 8, func(i int) int { return i }, 8},
		{"pairs", 4, func(i int) int { return i / 2 }, 2},
	}
	for _, c := range cases {
		if got := a.Global(warp(0, WarpSize, c.size, true, lanes(c.idx), nil)).Ideal; got != c.want {
			t.Errorf("%s: ideal %d, want %d", c.name, got, c.want)
		}
	}
}

func TestOccupancy(t *testing.T) {
	a := MustLookup("sm_90")
	cases := []struct {
		threads, shared int
		want            Occupancy
	}{
		{256, 0, Occupancy{8, "threads"}},
		{64, 0, Occupancy{32, "blocks"}},
		{128, 48 * 1024, Occupancy{4, "shared memory"}},
		{1024, 100 * 1024, Occupancy{2, "threads"}},
		{128, 120 * 1024, Occupancy{1, "shared memory"}},
	}
	for _, c := range cases {
		if got := a.OccupancyOf(c.threads, c.shared); got != c.want {
			t.Errorf("OccupancyOf(%d, %d) = %+v, want %+v", c.threads, c.shared, got, c.want)
		}
	}
	if err := a.CheckSharedSize(49*1024, 0); err == nil {
		t.Error("49 KB static shared memory accepted")
	}
	if err := a.CheckSharedSize(48*1024, 179*1024); err != nil {
		t.Errorf("48 KB static + 179 KB dynamic rejected on sm_90: %v", err)
	}
	if err := a.CheckSharedSize(48*1024, 180*1024); err == nil {
		t.Error("48 KB + 180 KB accepted on sm_90 (limit 227 KB)")
	}
}

func BenchmarkGlobal(b *testing.B) {
	a := MustLookup("sm_90")
	r := warp(0, WarpSize, 4, true, lanes(func(i int) int { return i * 33 }), nil)
	for b.Loop() {
		a.Global(r)
	}
}

func BenchmarkShared(b *testing.B) {
	a := MustLookup("sm_90")
	r := warp(0, WarpSize, 4, true, lanes(func(i int) int { return i * 32 }), nil)
	for b.Loop() {
		a.Shared(r)
	}
}
