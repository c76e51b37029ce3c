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
}

// hazards merges the launches' hazards by kind and pair of sites.
func hazards(launches []*simt.TraceLaunch, sites map[int32]*Site) []*Hazard {
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
				Block: h.Block, ThreadFirst: h.First.Thread, ThreadSecond: h.Second.Thread, Offset: h.Offset, Count: h.Count}
			byKey[k] = e
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].First != out[j].First {
			return out[i].First < out[j].First
		}
		return out[i].Second < out[j].Second
	})
	return out
}
