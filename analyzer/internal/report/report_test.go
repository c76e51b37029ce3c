package report

import "testing"

func TestLanes(t *testing.T) {
	cases := []struct {
		mask uint32
		want string
	}{
		{^uint32(0), "lanes 0..31"},
		{1<<0 | 1<<31, "lanes 0 and 31"},
		{1 << 5, "lane 5"},
		{0xF0F, "lanes 0..3 and 8..11"},
		{0xF0F0F, "lanes 0..3, 8..11, 16..19"},
		{0b1011, "lanes 0, 1, 3"},
		{0x55, "lanes 0, 2, 4, 6"},
	}
	for _, c := range cases {
		if got := Lanes(c.mask); got != c.want {
			t.Errorf("Lanes(%#x) = %q, want %q", c.mask, got, c.want)
		}
	}
}

func TestPlural(t *testing.T) {
	if got := Plural(1, "sector"); got != "1 sector" {
		t.Errorf("Plural(1) = %q", got)
	}
	if got := Plural(32, "wavefront"); got != "32 wavefronts" {
		t.Errorf("Plural(32) = %q", got)
	}
}
