package model

import "testing"

// TestArena checks the layout rule: each array at the next multiple of
// SharedRegionAlign in the order placed, static arrays counted rounded up,
// the dynamic region placed but not counted as static.
func TestArena(t *testing.T) {
	var a Arena
	steps := []struct {
		size           int64
		static         bool
		base, end, sta int64
	}{
		{4, true, 0, 4, 16},
		{100, true, 16, 116, 128},
		{16, true, 128, 144, 144},
		{1000, false, 144, 1144, 144},
		{1, true, 1152, 1153, 160},
	}
	for i, s := range steps {
		if want := a.StaticWith(s.size); s.static && want != s.sta {
			t.Errorf("step %d: StaticWith(%d) = %d, want %d", i, s.size, want, s.sta)
		}
		if base := a.Place(s.size, s.static); base != s.base || a.End() != s.end || a.Static() != s.sta {
			t.Errorf("step %d: Place(%d) = %d, end %d, static %d; want %d, %d, %d", i, s.size, base, a.End(), a.Static(), s.base, s.end, s.sta)
		}
	}
}
