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

func TestThreadsText(t *testing.T) {
	set := make([]bool, 1024)
	for i := 512; i < 1024; i++ {
		set[i] = true
	}
	if got := Threads(set); got != "threads 512..1023" {
		t.Errorf("Threads(512..1023) = %q", got)
	}
	one := make([]bool, 64)
	one[3], one[7], one[9], one[11] = true, true, true, true
	if got := Threads(one); got != "threads 3, 7, 9, … (4 threads)" {
		t.Errorf("Threads(3, 7, 9, 11) = %q", got)
	}
	if got := LaneRanges(1 << 5); got != "lane 5" {
		t.Errorf("LaneRanges(1<<5) = %q", got)
	}
	if got := Thread(37, 32, 8, 1); got != "thread (5,1)" {
		t.Errorf("Thread(37) in 32×8 = %q", got)
	}
	if got := Thread(37, 256, 1, 1); got != "thread 37" {
		t.Errorf("Thread(37) in 256 = %q", got)
	}
}

func TestCtrlText(t *testing.T) {
	cases := []struct {
		form CtrlForm
		want string
	}{
		{UnderCond, "under thread-dependent condition tid < 512 (a.go:12)"},
		{ElseBranch, "in the else branch of thread-dependent condition tid < 512 (a.go:12)"},
		{DefaultCase, "in the default case of a thread-dependent switch (a.go:12)"},
		{LoopTrip, "in a loop whose trip count is thread-dependent (tid < 512, a.go:12)"},
		{AfterExit, "after a thread-dependent return (a.go:12, under tid < 512)"},
	}
	for _, c := range cases {
		if got := CtrlText(c.form, "thread-dependent", "tid < 512", "return", "a.go:12"); got != c.want {
			t.Errorf("CtrlText(%d) = %q, want %q", c.form, got, c.want)
		}
	}
}
