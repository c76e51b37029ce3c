package main

import (
	"bufio"
	"compress/gzip"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/internal/ncu"
	"github.com/smemlint/smemlint/model"
)

// probeCase is one line of hw/results/probe/cases.txt: a name, S (an
// LDS.128 through a shared address) or G (LD.E.128 through a generic
// one), S8 and G8 for their 8-byte forms, and the byte address of each
// lane, -1 for a lane that is off (hw/probe writes the kernel).
type probeCase struct {
	name, mode string
	req        model.Request
}

func readProbeCases(t *testing.T) []probeCase {
	t.Helper()
	f, err := os.Open("../results/probe/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cs []probeCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 2+model.WarpSize {
			t.Fatalf("cases.txt: %q: want a name, a mode and %d addresses", sc.Text(), model.WarpSize)
		}
		c := probeCase{name: fs[0], mode: fs[1], req: model.Request{Size: 16, Load: true}}
		if strings.HasSuffix(c.mode, "8") {
			c.req.Size = 8
		}
		for l, s := range fs[2:] {
			a, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				t.Fatalf("cases.txt: %s: %v", c.name, err)
			}
			if a >= 0 {
				c.req.On |= 1 << l
				c.req.Addr[l] = a
			}
		}
		cs = append(cs, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cs
}

// The 16-byte probe (docs/hardware.md, "The 16-byte probe"): every
// LDS.128 case whose launch the hardware counter was read for costs the
// model's wavefronts, in the one request the launch made. The cases are
// the requests of the fuzz kernels whose per-instruction figure disagreed
// with the model, and rows of the tables as controls.
func TestModelReproducesProbe(t *testing.T) {
	cases := readProbeCases(t)
	f, err := os.Open("../results/probe/probe.raw.csv.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	launches, err := ncu.ParseRaw("probe.raw.csv.gz", z)
	if err != nil {
		t.Fatal(err)
	}
	if len(launches) > len(cases) {
		t.Fatalf("%d launches for %d cases", len(launches), len(cases))
	}
	a := model.MustLookup("sm_90")
	checked := 0
	for i, l := range launches {
		c := cases[i]
		if !strings.HasPrefix(c.mode, "S") {
			continue // generic: no input of the model (docs/hardware.md)
		}
		if n := l.Metrics["smsp__sass_inst_executed_op_shared_ld.sum"]; n != 1 {
			t.Errorf("%s: %v shared load requests, want 1", c.name, n)
		}
		want := l.Metrics["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"]
		if got := a.Shared(&c.req).Wavefronts; float64(got) != want {
			t.Errorf("%s: model %d wavefronts, the H100's counter %v", c.name, got, want)
		}
		checked++
	}
	if checked < 30 {
		t.Errorf("%d cases checked, want at least 30", checked)
	}
}
