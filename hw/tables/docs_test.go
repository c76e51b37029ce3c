package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/model"
)

// docRow is one measured row of docs/hardware.md.
type docRow struct {
	perRequest string // the figure per request, as printed
	requests   string // the requests column, where the table has one
	line       int
}

// readDocRows collects the rows of the tables of docs/hardware.md whose
// first column is "row", with their per-request figure and requests. It
// stops at the section of results added by smemlint's own GPU check,
// which is not this measurement.
func readDocRows(t *testing.T) map[string]docRow {
	t.Helper()
	f, err := os.Open("../../docs/hardware.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[string]docRow{}
	figCol, reqCol := -1, -1
	inTable := false
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "## Measured on the GPU") {
			break
		}
		if !strings.HasPrefix(text, "|") {
			inTable = false
			continue
		}
		cells := strings.Split(strings.Trim(text, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if !inTable {
			inTable = true
			figCol, reqCol = -1, -1
			if cells[0] != "row" {
				continue
			}
			for i, h := range cells {
				switch h {
				case "wavefronts per request", "wavefronts per request (per instruction)", "sectors per request", "per request":
					if figCol < 0 {
						figCol = i
					}
				case "requests", "requests (issued)":
					reqCol = i
				}
			}
			continue
		}
		if figCol < 0 || strings.HasPrefix(cells[0], "---") {
			continue
		}
		r := docRow{perRequest: cells[figCol], line: line}
		if reqCol >= 0 {
			r.requests = cells[reqCol]
		}
		rows[cells[0]] = r
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// leadingNumber reads the number a cell starts with, bold or not: "**1.5**"
// is 1.5, "2 (8) / 2" is 2. ok is false for "- (no request)".
func leadingNumber(cell string) (float64, bool) {
	f := strings.Fields(strings.ReplaceAll(cell, "**", ""))
	if len(f) == 0 {
		return 0, false
	}
	x, err := strconv.ParseFloat(f[0], 64)
	return x, err == nil
}

// TestModelReproducesDocs holds the three descriptions of each measured
// case to one another: the micro-kernel of hw/micro/cases.h, its row in
// docs/hardware.md (what the H100 gave), and smemlint's model. For every
// case, the model, fed the addresses of the case's expressions, must give
// the figure per request and the requests the row records.
func TestModelReproducesDocs(t *testing.T) {
	cs := loadCases(t)
	rows := readDocRows(t)
	a := model.MustLookup("sm_90")
	for _, c := range cs.List {
		row, ok := rows[c.ID]
		if !ok {
			t.Errorf("case %s (cases.h:%d) has no row in docs/hardware.md", c.ID, c.Line)
			continue
		}
		p, err := predict(a, cs, c)
		if err != nil {
			t.Error(err)
			continue
		}
		want, measured := leadingNumber(row.perRequest)
		switch {
		case !measured && p.Requests != 0:
			t.Errorf("%s: docs/hardware.md:%d records no request, the model makes %d", c.ID, row.line, p.Requests)
		case measured && num(p.PerRequest()) != num(want):
			t.Errorf("%s %s: the model gives %s per request, docs/hardware.md:%d records %s", c.ID, c.access(), num(p.PerRequest()), row.line, row.perRequest)
		}
		if n, ok := leadingNumber(row.requests); ok && int(n) != p.Requests {
			t.Errorf("%s: the model makes %d requests, docs/hardware.md:%d records %s", c.ID, p.Requests, row.line, row.requests)
		}
	}
	// Every measured row has its micro-kernel, but for the barrier
	// variants (Y), which only looked into the multi-warp counter excess.
	ids := map[string]bool{}
	for _, c := range cs.List {
		ids[c.ID] = true
	}
	for id, row := range rows {
		if !ids[id] && !strings.HasPrefix(id, "Y") {
			t.Errorf("docs/hardware.md:%d: row %s has no case in hw/micro/cases.h", row.line, id)
		}
	}
}
