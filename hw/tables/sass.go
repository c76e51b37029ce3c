package main

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// memOp matches the memory instructions of a SASS line, after an optional
// predicate: LDS, STS, LDG, STG and their width suffixes.
var memOp = regexp.MustCompile(`^\s*/\*[0-9a-f]+\*/\s+(?:@!?U?P[0-9T]\s+)?((?:LD|ST)[SG])[.A-Z0-9]*\s`)

// readSASS counts the shared and global memory instructions of each
// function in cuobjdump -sass output.
func readSASS(name string, r io.Reader) (map[string]map[string]int, error) {
	funcs := map[string]map[string]int{}
	var cur map[string]int
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, "Function : "); i >= 0 {
			cur = map[string]int{}
			funcs[strings.TrimSpace(line[i+len("Function : "):])] = cur
			continue
		}
		if m := memOp.FindStringSubmatch(line); m != nil && cur != nil {
			cur[m[1]]++
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(funcs) == 0 {
		return nil, fmt.Errorf("%s: no \"Function :\" sections; is it cuobjdump -sass output?", name)
	}
	return funcs, nil
}

// wantSASS returns the memory instructions a kernel of case c must hold:
// the measured one, and for a load the store of its result.
func wantSASS(c *Case) map[string]int {
	op := map[string]string{"SLD": "LDS", "SST": "STS", "GLD": "LDG", "GST": "STG"}[c.Op]
	want := map[string]int{op: 1}
	if c.Load() {
		want["STG"]++
	}
	return want
}

// checkSASS lists the kernels of the cases whose memory instructions are
// not the ones expected.
func checkSASS(cs *Cases, funcs map[string]map[string]int) []string {
	var bad []string
	for _, c := range cs.List {
		want := wantSASS(c)
		for _, flavour := range []string{"_p", "_b"} {
			k := c.ID + flavour
			got, ok := funcs[k]
			if !ok {
				bad = append(bad, k+": not in the SASS")
				continue
			}
			if !sameCounts(got, want) {
				bad = append(bad, fmt.Sprintf("%s: memory instructions %v, want %v", k, got, want))
			}
		}
	}
	return bad
}

func sameCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
