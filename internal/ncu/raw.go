package ncu

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Launch is one profiled kernel launch: its counters by metric name.
type Launch struct {
	Kernel  string
	Metrics map[string]float64
}

// ParseRaw reads an ncu --csv --page raw export: a header row naming the
// columns, a row of units, then one row per launch. Numbers may carry
// thousands separators; kernel names may carry a parameter list. Lines
// that are not CSV records (ncu's ==PROF== messages and the program's own
// output, which share its standard output) are skipped.
func ParseRaw(name string, r io.Reader) ([]Launch, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var records []string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, `"`) {
			records = append(records, line)
		}
	}
	cr := csv.NewReader(strings.NewReader(strings.Join(records, "\n")))
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s: empty", name)
	}
	header := rows[0]
	col := map[string]int{}
	for i, h := range header {
		col[h] = i
	}
	kcol, ok := col["Kernel Name"]
	if !ok {
		return nil, fmt.Errorf("%s: no \"Kernel Name\" column; is it ncu --csv --page raw output?", name)
	}
	idcol, hasID := col["ID"]
	var launches []Launch
	for n, row := range rows[1:] {
		line := n + 2
		if len(row) != len(header) {
			return nil, fmt.Errorf("%s: record %d: %d fields, the header has %d", name, line, len(row), len(header))
		}
		if hasID {
			if _, err := strconv.Atoi(row[idcol]); err != nil {
				continue // the units row
			}
		}
		k := row[kcol]
		if i := strings.IndexByte(k, '('); i >= 0 {
			k = k[:i]
		}
		l := Launch{Kernel: strings.TrimSpace(k), Metrics: map[string]float64{}}
		for i, h := range header {
			if !strings.Contains(h, "__") { // metric names hold a double underscore
				continue
			}
			s := strings.ReplaceAll(strings.TrimSpace(row[i]), ",", "")
			if s == "" || s == "n/a" {
				continue
			}
			v, err := strconv.ParseFloat(s, 64)
			if err != nil && !isCounter(h) {
				continue // a device attribute or launch setting given as text ("No-CC")
			}
			if err != nil {
				return nil, fmt.Errorf("%s: record %d: %s = %q: not a number", name, line, h, row[i])
			}
			l.Metrics[h] = v
		}
		launches = append(launches, l)
	}
	if len(launches) == 0 {
		return nil, fmt.Errorf("%s: no launches", name)
	}
	return launches, nil
}

// isCounter reports whether a raw-page column is a counter with a rollup
// (l1tex__….sum), which must be a number; the page also lists device
// attributes and launch settings, some of them text.
func isCounter(metric string) bool {
	for _, r := range []string{".sum", ".avg", ".min", ".max"} {
		if strings.HasSuffix(metric, r) {
			return true
		}
	}
	return false
}
