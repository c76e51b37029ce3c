package hwcheck

import (
	"compress/gzip"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"slices"
)

// keep are the source-view columns the report reads.
var keep = []string{"Line No", "Source", "Address", "Instructions Executed", "Thread Instructions Executed",
	"Predicated-On Thread Instructions Executed", "Address Space", "Access Operation", "Access Size",
	"L1 Tag Requests Global", "L1 Wavefronts Shared", "L1 Wavefronts Shared Ideal",
	"L2 Theoretical Sectors Global", "L2 Theoretical Sectors Global Ideal"}

// Filter copies an ncu source-view export, keeping the records that name
// files and functions, the columns the report reads, and of the lines and
// instructions only those that access memory: what is committed as the
// raw measurements is a twentieth of the export. The text of source lines
// is dropped (it is the Go file's).
func Filter(name string, r io.Reader, w io.Writer) error {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	cw := csv.NewWriter(w)
	var cols []int // the kept columns of the current header
	line, lineSrc, addr, space := -1, -1, -1, -1
	_ = lineSrc
	var pendingLine []string
	for n := 1; ; n++ {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("hwcheck: filter %s: %w", name, err)
		}
		if len(rec) == 0 {
			continue
		}
		switch rec[0] {
		case "File Path", "File Name", "Function Name", "Kernel Name":
			pendingLine = nil
			if err := cw.Write(rec); err != nil {
				return err
			}
			continue
		case "Line No", "Address":
			cols, line, lineSrc, addr, space = nil, -1, -1, -1, -1
			for i, h := range rec {
				if !slices.Contains(keep, h) {
					continue
				}
				switch {
				case h == "Line No":
					line = len(cols)
				case h == "Address":
					addr = len(cols)
				case h == "Source" && lineSrc < 0 && addr < 0:
					lineSrc = len(cols)
				case h == "Address Space":
					space = len(cols)
				}
				cols = append(cols, i)
			}
			if err := cw.Write(pick(rec, cols)); err != nil {
				return err
			}
			continue
		}
		if cols == nil {
			return fmt.Errorf("hwcheck: filter %s: record %d: data before a header", name, n)
		}
		out := pick(rec, cols)
		if line >= 0 && out[line] != "" {
			// A source line, kept (its number only: its text may hold
			// quotes ncu left single) when an instruction under it is.
			num := make([]string, len(out))
			num[line] = out[line]
			pendingLine = num
			continue
		}
		if addr >= 0 && (space < 0 || out[space] == "-" || out[space] == "") {
			continue
		}
		if pendingLine != nil {
			if err := cw.Write(pendingLine); err != nil {
				return err
			}
			pendingLine = nil
		}
		if err := cw.Write(out); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func pick(rec []string, cols []int) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		if c < len(rec) {
			out[i] = rec[c]
		}
	}
	return out
}

// FilterFile filters a gzipped export into another.
func FilterFile(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return fmt.Errorf("hwcheck: %w", err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return fmt.Errorf("hwcheck: %s: %w", in, err)
	}
	o, err := os.Create(out)
	if err != nil {
		return fmt.Errorf("hwcheck: %w", err)
	}
	zw := gzip.NewWriter(o)
	if err := Filter(in, z, zw); err != nil {
		o.Close()
		return err
	}
	if err := zw.Close(); err != nil {
		o.Close()
		return fmt.Errorf("hwcheck: %s: %w", out, err)
	}
	return o.Close()
}
