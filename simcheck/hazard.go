package simcheck

import (
	"sort"

	"github.com/smemlint/smemlint/simt"
)

// Hazard is a shared-memory race the traced runs saw, with the two sites
// and a pair of threads that raced.
type Hazard struct {
	// Kind is "race" (threads of different warps, no barrier between) or
	// "warp" (lanes of one warp, no SyncWarp between): what smemrace and
	// warpsync report statically.
	Kind   string    `json:"kind"`
	Op     string    `json:"op"`
	First  string    `json:"first"` // file.go:line:col op of the earlier access
	Second string    `json:"second"`
	Block  simt.Dim3 `json:"block"`
	// ThreadFirst and ThreadSecond are the threads of the first pair seen.
	ThreadFirst  simt.Dim3 `json:"threadFirst"`
	ThreadSecond simt.Dim3 `json:"threadSecond"`
	Offset       int64     `json:"offset"` // arena byte offset of the word
	Count        int       `json:"count"`  // pairs of accesses seen, over all launches
	// Static is the position of the smemrace or warpsync finding on the
	// line of either site; empty when the analyzer reports neither.
	Static string `json:"static,omitempty"`

	first, second int32
}

// hazards merges the launches' hazards by kind and pair of sites.
func hazards(launches []*simt.TraceLaunch, sites map[int32]*Site, findings []finding) []*Hazard {
	type key struct {
		kind, op      string
		first, second int32
	}
	byKey := map[key]*Hazard{}
	var out []*Hazard
	name := func(id int32) string {
		if s := sites[id]; s != nil {
			return s.String()
		}
		return "?"
	}
	for _, tl := range launches {
		for _, h := range tl.Hazards {
			k := key{h.Kind, h.Op, h.First.Site, h.Second.Site}
			if e := byKey[k]; e != nil {
				e.Count += h.Count
				continue
			}
			e := &Hazard{Kind: h.Kind, Op: h.Op, First: name(h.First.Site), Second: name(h.Second.Site),
				Block: h.Block, ThreadFirst: h.First.Thread, ThreadSecond: h.Second.Thread, Offset: h.Offset, Count: h.Count,
				Static: confirm(raceChecks[h.Kind], sites[h.First.Site], sites[h.Second.Site], findings),
				first:  h.First.Site, second: h.Second.Site}
			byKey[k] = e
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].first != out[j].first {
			return out[i].first < out[j].first
		}
		return out[i].second < out[j].second
	})
	return out
}

// confirm returns the position of a finding of check on the line of
// either site.
func confirm(check string, a, b *Site, findings []finding) string {
	for _, s := range []*Site{a, b} {
		if s == nil {
			continue
		}
		for _, f := range findings {
			// A pair of sites whose threads race within a warp and across
			// warps is smemrace's alone (the engine decides once per pair).
			ok := f.check == check || check == raceChecks["warp"] && f.check == raceChecks["race"]
			if ok && f.pos.Filename == s.Pos.Filename && f.pos.Line == s.Pos.Line {
				return f.check + " at " + posString(f.pos)
			}
		}
	}
	return ""
}
