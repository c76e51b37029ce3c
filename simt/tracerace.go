package simt

// Shared-memory hazards in traced runs (for simcheck), in the manner of
// compute-sanitizer's racecheck: two accesses of one block to the same
// bytes of shared memory, by different threads, at least one writing,
// race unless something orders them. A barrier (SyncThreads, or a
// Cluster().Sync) orders everything before it before everything after;
// within a warp a SyncWarp does the same for its lanes. Two atomics never
// race. Because every access of a barrier epoch happens before any access
// of the next one, a shadow word needs to remember only the current
// epoch's last writer and two of its readers (two readers with different
// threads: whoever writes next differs from one of them).

// shadow is a block's shadow memory: one entry per 4-byte word of its
// shared arena.
type shadow struct {
	words []shadowWord
}

type shadowWord struct {
	epoch  int32 // the barrier epoch + 1 of the entries; 0: none yet
	w      shadowAcc
	r1, r2 shadowAcc
}

// shadowAcc is one access remembered in a shadow word.
type shadowAcc struct {
	tid    int32 // linear thread index + 1; 0: none
	site   int32
	wsync  int32   // the thread's SyncWarp count at the access
	inst   pendKey // the thread's execution of the site in its epoch: its request
	bytes  uint8   // the bytes of the word it touched
	atomic bool
}

func (s *shadow) reset() { clear(s.words) }

// word returns the shadow of word i, growing the shadow as the arena grows.
func (s *shadow) word(i int64) *shadowWord {
	if int(i) >= len(s.words) {
		n := max(int(i)+1, 2*len(s.words), 256)
		if n <= cap(s.words) {
			s.words = s.words[:n]
		} else {
			s.words = append(s.words[:cap(s.words)], make([]shadowWord, n-cap(s.words))...)
		}
	}
	return &s.words[i]
}

// race checks an access of thread t to size bytes at arena offset off
// against the accesses of the epoch so far, and remembers it.
func (w *workerTrace) race(t *Thread, bt *blockTrace, site int32, inst pendKey, off int64, size int, op uint8) {
	me := shadowAcc{tid: t.linear + 1, site: site, wsync: t.warpSyncs, inst: inst, atomic: op == opAtomic}
	epoch := bt.epoch + 1
	for word := off / 4; word <= (off+int64(size)-1)/4; word++ {
		lo, hi := max(off, word*4), min(off+int64(size), word*4+4)
		me.bytes = uint8((1<<(hi-lo) - 1) << (lo - word*4))
		sw := bt.shadow.word(word)
		if sw.epoch != epoch {
			*sw = shadowWord{epoch: epoch}
		}
		if op != opLoad {
			w.conflict(t, sw.w, me, true, word*4, "write after write")
			w.conflict(t, sw.r1, me, false, word*4, "write after read")
			w.conflict(t, sw.r2, me, false, word*4, "write after read")
			// The write is ordered after its thread's reads, and every
			// later access conflicts with it if with them: the reads are
			// forgotten, as FastTrack forgets them.
			sw.w, sw.r1, sw.r2 = me, shadowAcc{}, shadowAcc{}
		}
		if op == opLoad {
			w.conflict(t, sw.w, me, true, word*4, "read after write")
		}
		if op != opStore {
			switch {
			case sw.r1.tid == 0 || sw.r1.tid == me.tid:
				sw.r1 = me
			case sw.r2.tid == 0 || sw.r2.tid == me.tid:
				sw.r2 = me
			}
		}
	}
}

// conflict records a hazard when the remembered access a and the access
// me of thread t overlap, come from different threads and are unordered.
func (w *workerTrace) conflict(t *Thread, a, me shadowAcc, aStore bool, off int64, op string) {
	if a.tid == 0 || a.tid == me.tid || a.bytes&me.bytes == 0 || a.atomic && me.atomic {
		return
	}
	kind := "race"
	if (a.tid-1)/WarpSize == (me.tid-1)/WarpSize {
		if a.wsync != me.wsync {
			return // a SyncWarp of both lanes lies between them
		}
		if a.site == me.site && a.inst == me.inst {
			return // one request: the lanes of one instruction, which the hardware orders
		}
		kind = "warp"
	}
	k := hazardKey{kind: kind, op: op, first: a.site, second: me.site}
	if h := w.stats.hazards[k]; h != nil {
		h.Count++
		return
	}
	shape := t.BlockDim
	w.stats.hazards[k] = &TraceHazard{
		Kind: kind, Op: op, Block: t.b.idx, Offset: off, Count: 1,
		First:  TraceAccess{Site: a.site, Thread: dimAt(int(a.tid-1), shape), Store: aStore || a.atomic},
		Second: TraceAccess{Site: me.site, Thread: t.ThreadIdx, Store: me.atomic || op != "read after write"},
	}
}
