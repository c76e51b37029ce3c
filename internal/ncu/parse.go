package ncu

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Parse reads a source-view CSV export. name is used in errors only.
// Every error names the file and the record (1-based) it was found at.
func Parse(name string, r io.Reader) ([]Function, error) {
	cr := csv.NewReader(r)
	// ncu does not double the quotes inside the text of a source line
	// (asm volatile("mov.b64 ..." : "=r"(lo)) in CUDA's headers).
	cr.LazyQuotes = true
	cr.FieldsPerRecord = -1
	p := parser{name: name}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		p.row++
		if err != nil {
			return nil, fmt.Errorf("ncu: %s: %w", name, err)
		}
		if err := p.record(rec); err != nil {
			return nil, fmt.Errorf("ncu: %s: record %d: %w", name, p.row, err)
		}
	}
	if len(p.funcs) == 0 {
		return nil, fmt.Errorf("ncu: %s: no kernel in the file (was it exported with --page source --csv?)", name)
	}
	return p.funcs, nil
}

type parser struct {
	name  string
	row   int
	file  string // the last "File Path"
	funcs []Function
	cols  *columns // nil before the first header
	// seen holds the addresses of the current kernel's instructions: the
	// -G views list some line's instructions twice (two address ranges of
	// one line, printed alike), and ncu's line totals count them once.
	seen map[uint64]bool
}

func (p *parser) record(rec []string) error {
	if len(rec) == 0 || len(rec) == 1 && rec[0] == "" {
		return nil
	}
	switch rec[0] {
	case "File Path", "File Name":
		p.file = field(rec, 1)
		return nil
	case "Function Name":
		p.funcs = append(p.funcs, Function{Name: field(rec, 1), File: p.file})
		p.cols, p.seen = nil, map[uint64]bool{}
		return nil
	case "Kernel Name":
		p.file = ""
		p.funcs = append(p.funcs, Function{Name: field(rec, 1)})
		p.cols, p.seen = nil, map[uint64]bool{}
		return nil
	case "Line No", "Address":
		c, err := newColumns(rec)
		if err != nil {
			return err
		}
		p.cols = c
		if len(p.funcs) > 0 {
			p.funcs[len(p.funcs)-1].Counted = c.executed >= 0
		}
		return nil
	}
	if p.cols == nil || len(p.funcs) == 0 {
		return fmt.Errorf("data before a kernel's header row: %q", strings.Join(rec, ","))
	}
	if len(rec) != p.cols.n {
		if len(rec) > p.cols.n && p.cols.line >= 0 && p.cols.line < p.cols.lineSrc && rec[p.cols.line] != "" {
			// A source line whose text held quotes ncu left single, which
			// split it: its number, before the text, is intact; its text
			// and line totals are not.
			no, err := strconv.Atoi(rec[p.cols.line])
			if err == nil && no > 0 && len(p.funcs) > 0 {
				f := &p.funcs[len(p.funcs)-1]
				f.Lines = append(f.Lines, Line{No: no})
				return nil
			}
		}
		return fmt.Errorf("%d fields, the header has %d", len(rec), p.cols.n)
	}
	return p.data(rec)
}

func (p *parser) data(rec []string) error {
	f := &p.funcs[len(p.funcs)-1]
	if f.File != p.file && len(f.Lines) > 0 {
		// A kernel whose code spans several files (inlined functions):
		// the lines of each file make a record of their own.
		p.funcs = append(p.funcs, Function{Name: f.Name, File: p.file, Counted: f.Counted})
		f = &p.funcs[len(p.funcs)-1]
	}
	f.File = p.file
	c := p.cols
	if c.line >= 0 && rec[c.line] != "" {
		no, err := strconv.Atoi(rec[c.line])
		if err != nil || no < 1 {
			return fmt.Errorf("line number %q", rec[c.line])
		}
		l := Line{No: no, Source: rec[c.lineSrc]}
		if c.addr >= 0 {
			in, err := c.counters(rec, "line "+rec[c.line])
			if err != nil {
				return err
			}
			l.Counters = in
		}
		f.Lines = append(f.Lines, l)
		return nil
	}
	if c.addr < 0 {
		return fmt.Errorf("a row with neither a line number nor an address")
	}
	if rec[c.addr] == "..." || rec[c.addr] == "" {
		return nil // a gap between the instructions shown under a line
	}
	in, err := c.instr(rec)
	if err != nil {
		return err
	}
	if p.seen[in.Address] {
		return nil
	}
	p.seen[in.Address] = true
	if c.line >= 0 {
		if len(f.Lines) == 0 {
			return fmt.Errorf("instruction %s before any source line", rec[c.addr])
		}
		l := &f.Lines[len(f.Lines)-1]
		in.Line = l.No
		l.Instrs = append(l.Instrs, in)
		return nil
	}
	if len(f.Lines) == 0 {
		f.Lines = append(f.Lines, Line{})
	}
	f.Lines[0].Instrs = append(f.Lines[0].Instrs, in)
	return nil
}

// columns locates the fields of a header row. The cuda,sass view names
// two columns "Source": the line's text, then the instruction's.
type columns struct {
	n                 int
	line, lineSrc     int
	addr, sass        int
	executed          int
	threads, predOn   int
	space, op, size   int
	tags              int
	wf, wfIdeal       int
	sectors, secIdeal int
}

func newColumns(h []string) (*columns, error) {
	idx := func(name string) int { return slices.Index(h, name) }
	c := &columns{n: len(h), line: idx("Line No"), addr: idx("Address")}
	c.lineSrc, c.sass = -1, -1
	for i, v := range h {
		if v != "Source" {
			continue
		}
		switch {
		case c.line >= 0 && i < c.addr || c.line >= 0 && c.addr < 0:
			c.lineSrc = i
		case c.addr >= 0 && i > c.addr:
			c.sass = i
		}
	}
	if c.line >= 0 && c.lineSrc < 0 {
		return nil, errors.New(`header: "Line No" without its "Source" column`)
	}
	if c.addr >= 0 && c.sass < 0 {
		return nil, errors.New(`header: "Address" without its "Source" column`)
	}
	// A result collected without SourceCounters (or whose collection
	// failed) has only the sampling columns: its counters read zero and
	// its Function says it is not Counted.
	c.executed = idx("Instructions Executed")
	c.threads = idx("Thread Instructions Executed")
	c.predOn = idx("Predicated-On Thread Instructions Executed")
	c.space, c.op, c.size = idx("Address Space"), idx("Access Operation"), idx("Access Size")
	c.tags = idx("L1 Tag Requests Global")
	c.wf, c.wfIdeal = idx("L1 Wavefronts Shared"), idx("L1 Wavefronts Shared Ideal")
	c.sectors, c.secIdeal = idx("L2 Theoretical Sectors Global"), idx("L2 Theoretical Sectors Global Ideal")
	return c, nil
}

func (c *columns) instr(rec []string) (Instr, error) {
	a := strings.TrimPrefix(strings.TrimPrefix(rec[c.addr], "0x"), "0X")
	addr, err := strconv.ParseUint(a, 16, 64)
	if err != nil {
		return Instr{}, fmt.Errorf("address %q is not hexadecimal", rec[c.addr])
	}
	cs, err := c.counters(rec, "instruction "+rec[c.addr])
	if err != nil {
		return Instr{}, err
	}
	return Instr{Address: addr, SASS: strings.TrimSpace(rec[c.sass]), Counters: cs}, nil
}

// counters reads the counter fields of a row; what names it in errors.
func (c *columns) counters(rec []string, what string) (Counters, error) {
	var in Counters
	nums := []struct {
		col int
		dst *int64
	}{
		{c.executed, &in.Executed}, {c.threads, &in.ThreadExecuted},
		{c.predOn, &in.PredOnThreadExecuted}, {c.tags, &in.TagRequestsGlobal},
		{c.wf, &in.WavefrontsShared}, {c.wfIdeal, &in.WavefrontsSharedIdeal},
		{c.sectors, &in.SectorsGlobal}, {c.secIdeal, &in.SectorsGlobalIdeal},
	}
	for _, n := range nums {
		if n.col < 0 {
			continue
		}
		v, err := count(rec[n.col])
		if err != nil {
			return Counters{}, fmt.Errorf("%s: %w", what, err)
		}
		*n.dst = v
	}
	in.Space, in.Op, in.Size = text(rec, c.space), text(rec, c.op), text(rec, c.size)
	return in, nil
}

// count parses a counter; ncu prints "-" where a counter does not apply.
func count(s string) (int64, error) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	if s == "-" || s == "" {
		return 0, nil
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		if f, ferr := strconv.ParseFloat(s, 64); ferr == nil && f == float64(int64(f)) {
			return int64(f), nil
		}
		return 0, fmt.Errorf("counter %q is not a whole number", s)
	}
	return v, nil
}

// text returns a descriptive field, "" for ncu's "-" or a missing column.
func text(rec []string, col int) string {
	if col < 0 || rec[col] == "-" {
		return ""
	}
	return strings.TrimSpace(rec[col])
}

func field(rec []string, i int) string {
	if i < len(rec) {
		return rec[i]
	}
	return ""
}

func sortByAddress(in []Instr) {
	slices.SortFunc(in, func(a, b Instr) int {
		switch {
		case a.Address < b.Address:
			return -1
		case a.Address > b.Address:
			return 1
		}
		return 0
	})
}
