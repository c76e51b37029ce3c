package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// Under go vet each process checks one package and exits, and most of
// what the analysis allocates stays live until the checks are done: a
// collection frees little, and marking costs about a fifth of a run of
// 1,000 kernels even at GOGC=400. So a vet unit does not collect until
// its heap reaches vetHeapLimit, which a package of 1,000 kernels (about
// 200 MB with no collection) does not, and one of 2,000 (live heap about
// 100 MB) reaches once or twice, peaking near the limit. A package whose
// live heap is over half the limit would make the collector run over and
// over near it; after the first collection that finds such a heap, the
// process collects as it did before, at GOGC=400.

// vetHeapLimit is the heap size at which a vet unit starts collecting.
const vetHeapLimit = 256 << 20

// vetGCPercent is the collector's setting for a heap too large for the
// limit.
const vetGCPercent = 400

// collectLate sets the collector of a vet unit (see vetHeapLimit).
func collectLate() {
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(vetHeapLimit)
	afterCollection(func(live uint64) bool {
		if live <= vetHeapLimit/2 {
			return true
		}
		debug.SetGCPercent(vetGCPercent)
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
