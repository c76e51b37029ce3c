package peers

import (
	"go/token"
	"testing"
)

func TestJudge(t *testing.T) {
	in := func(line int) token.Position { return token.Position{Filename: "k.go", Line: line} }
	kernel := func(name string, kind Kind, check string, start, end int) *Kernel {
		return &Kernel{Suite: "s", Name: name, Kind: kind, Check: check, Pairs: 1, Funcs: []Range{{"k.go", start, end}}}
	}
	kernels := []*Kernel{
		kernel("clean", Pass, "", 1, 9),
		kernel("noisy", Pass, "", 10, 19),
		kernel("found", Race, "smemrace", 20, 29),
		kernel("missed", Race, "warpsync", 30, 39),
		kernel("wrong", Race, "warpsync", 40, 49),
		kernel("twice", Race, "warpsync", 50, 59),
		kernel("global", Race, "globalrace", 60, 69),
		kernel("split", Divergence, "barrier", 70, 79),
		kernel("two", Race, "smemrace", 80, 89),
		kernel("half", Race, "smemrace", 90, 99),
		kernel("data", Race, "globalrace", 110, 119),
		kernel("passNoted", Pass, "", 120, 129),
	}
	findings := []Finding{
		{"bankconflict", in(5), "m"}, // a figure, not a verdict
		{"smemrace", in(12), "m"},
		{"smemrace", in(25), "m"},
		{"smemrace", in(45), "m"},
		{"warpsync", in(52), "m"},
		{"smemrace", in(53), "m"},
		{"globalrace", in(61), "m"},
		{"barrier", in(71), "m"},
		{"smemrace", in(81), "m"},
		{"smemrace", in(82), "m"},
		{"smemrace", in(91), "m"},
		{"barrier", in(100), "m"},
		// A note that races depending on data were not checked: the
		// racy kernel is unchecked, not missed; the race-free one agrees
		// (a note is no finding), and so does a summary line at the
		// package clause, which lies in no kernel.
		{"globalrace", in(111), "note: global p[0] not checked for races: …"},
		{"smemrace", in(121), "note: shared a[i] not checked for races: …"},
		{"smemrace", in(1000), "note: 2 statements of this package not checked for races, which depend on data; -verbose lists them with the reason"},
	}
	kernels[8].Pairs, kernels[9].Pairs = 2, 2
	outcomes, stray := Judge(kernels, findings)
	want := map[string]Class{
		"clean": Agree, "noisy": FalseAlarm, "found": Agree, "missed": Missed,
		"wrong": WrongCheck, "twice": Duplicate, "global": Agree, "split": Agree,
		"two": Agree, "half": Missed, "data": Unchecked, "passNoted": Agree,
	}
	for _, o := range outcomes {
		if o.Class != want[o.Kernel.Name] {
			t.Errorf("%s: class %s, want %s (%s)", o.Kernel.Name, o.Class, want[o.Kernel.Name], o.Line())
		}
	}
	for _, o := range outcomes {
		if o.Noted != (o.Kernel.Name == "data" || o.Kernel.Name == "passNoted") {
			t.Errorf("%s: noted %v", o.Kernel.Name, o.Noted)
		}
	}
	if len(stray) != 1 || stray[0].Pos.Line != 100 {
		t.Errorf("stray findings %v, want the barrier finding at line 100", stray)
	}
}

func TestParseDoc(t *testing.T) {
	for _, bad := range []string{
		"peer: x\n",
		"verdict: race\npeer: x\n",
		"verdict: race bankconflict\npeer: x\n",
		"verdict: divergence barrier\npeer: x\n",
		"verdict: race smemrace 0\npeer: x\n",
	} {
		if _, _, err := parseDoc(bad); err == nil {
			t.Errorf("parseDoc(%q) accepted", bad)
		}
	}
	k, _, err := parseDoc("peer: gpuverify a/b.cu\nverdict: race smemrace\n")
	if err != nil || k.Kind != Race || k.Check != "smemrace" || k.Source != "gpuverify a/b.cu" {
		t.Errorf("parseDoc = %+v, %v", k, err)
	}
}
