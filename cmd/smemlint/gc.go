package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// Under go vet each process checks one package and exits, and much of
// what the analysis allocates stays live until the checks are done. A
// vet unit once did not collect at all until its heap reached
// vetHeapLimit; since the interpreter allocates less (issue 14), fresh
// memory costs more than marking: a unit that never collects faults in
// and clears every page it allocates, and the system time of that was
// more than the collector's work at GOGC=200, which reuses the pages it
// frees: 9% less processor time in the unit of the users mix's package
// of 1,000 kernels, 4% to 6% in those of the old and tiles mixes, 3% for
// go vet -vettool on the whole users mix, whose largest process peaks at
// 138 MiB instead of 213 MiB. So a vet unit collects at
// vetGCPercent, under a soft limit of vetHeapLimit that keeps a package
// of 2,000 kernels below it. A package whose live heap is over half the
// limit would make the collector run over and over near it; after the
// first collection that finds such a heap, the limit is lifted.

// vetHeapLimit is the soft limit on a vet unit's heap.
const vetHeapLimit = 256 << 20

// vetGCPercent is the collector's setting in a vet unit.
const vetGCPercent = 200

// tuneCollector sets the collector of a vet unit (see vetHeapLimit).
func tuneCollector() {
	debug.SetGCPercent(vetGCPercent)
	debug.SetMemoryLimit(vetHeapLimit)
	afterCollection(func(live uint64) bool {
		if live <= vetHeapLimit/2 {
			return true
		}
		debug.SetMemoryLimit(math.MaxInt64)
		return false
	})
}

// afterCollection calls f with the live heap after each collection,
// until f returns false. (A cleanup runs once the collector has found
// its object unreachable; each call arms the next.)
func afterCollection(f func(live uint64) bool) {
	runtime.AddCleanup(new([32]byte), func(struct{}) {
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		metrics.Read(s)
		if s[0].Value.Kind() == metrics.KindUint64 && f(s[0].Value.Uint64()) {
			afterCollection(f)
		}
	}, struct{}{})
}
