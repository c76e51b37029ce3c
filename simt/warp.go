package simt

import (
	"fmt"
	"math/bits"
	"runtime"
	"unsafe"
)

// waitKind is what a parked thread waits in.
type waitKind uint8

const (
	waitNone waitKind = iota
	waitBarrier
	waitCluster
	waitShfl
	waitShflUp
	waitShflDown
	waitShflXor
	waitBallot
	waitAny
	waitAll
	waitSyncWarp
)

var waitNames = [...]string{
	"", "SyncThreads", "Cluster().Sync", "ShflSync", "ShflUpSync", "ShflDownSync",
	"ShflXorSync", "BallotSync", "AnySync", "AllSync", "SyncWarp",
}

func (k waitKind) String() string { return waitNames[k] }

func (k waitKind) shuffle() bool { return k >= waitShfl && k <= waitShflXor }

// SyncWarp is __syncwarp(mask): it waits until every lane named in mask
// calls SyncWarp with the same mask (at any site). The caller must be in
// mask, and every lane in it must exist and not have exited.
func (t *Thread) SyncWarp(mask uint32) {
	t.collective(waitSyncWarp, mask, 0, 0, WarpSize)
	t.warpSyncs++
}

// BallotSync is __ballot_sync: bit n of the result is set when lane n is
// in mask and passed pred true.
func (t *Thread) BallotSync(mask uint32, pred bool) uint32 {
	return uint32(t.collective(waitBallot, mask, b2u(pred), 0, WarpSize))
}

// AnySync is __any_sync: whether any lane of mask passed pred true.
func (t *Thread) AnySync(mask uint32, pred bool) bool {
	return t.collective(waitAny, mask, b2u(pred), 0, WarpSize) != 0
}

// AllSync is __all_sync: whether every lane of mask passed pred true.
func (t *Thread) AllSync(mask uint32, pred bool) bool {
	return t.collective(waitAll, mask, b2u(pred), 0, WarpSize) != 0
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// ShflSync is __shfl_sync: the value v of lane srcLane (modulo WarpSize).
func ShflSync[T Number](t *Thread, mask uint32, v T, srcLane int) T {
	return fromBits[T](t.collective(waitShfl, mask, toBits(v), srcLane, WarpSize))
}

// ShflUpSync is __shfl_up_sync: the value of lane LaneID()-delta, or the
// caller's own v when that is below lane 0.
func ShflUpSync[T Number](t *Thread, mask uint32, v T, delta int) T {
	return fromBits[T](t.collective(waitShflUp, mask, toBits(v), delta, WarpSize))
}

// ShflDownSync is __shfl_down_sync: the value of lane LaneID()+delta, or
// the caller's own v when that is past the last lane.
func ShflDownSync[T Number](t *Thread, mask uint32, v T, delta int) T {
	return fromBits[T](t.collective(waitShflDown, mask, toBits(v), delta, WarpSize))
}

// ShflXorSync is __shfl_xor_sync: the value of lane LaneID()^laneMask.
func ShflXorSync[T Number](t *Thread, mask uint32, v T, laneMask int) T {
	return fromBits[T](t.collective(waitShflXor, mask, toBits(v), laneMask, WarpSize))
}

// ShflSyncWidth is __shfl_sync with a width: the warp is split into groups
// of width lanes (a power of two up to WarpSize), and srcLane, taken
// modulo width, indexes the caller's group.
func ShflSyncWidth[T Number](t *Thread, mask uint32, v T, srcLane, width int) T {
	return fromBits[T](t.collective(waitShfl, mask, toBits(v), srcLane, width))
}

// ShflUpSyncWidth is __shfl_up_sync with a width: a lane whose index within
// its group of width lanes is below delta keeps its own v.
func ShflUpSyncWidth[T Number](t *Thread, mask uint32, v T, delta, width int) T {
	return fromBits[T](t.collective(waitShflUp, mask, toBits(v), delta, width))
}

// ShflDownSyncWidth is __shfl_down_sync with a width: a lane whose index
// within its group plus delta reaches width keeps its own v.
func ShflDownSyncWidth[T Number](t *Thread, mask uint32, v T, delta, width int) T {
	return fromBits[T](t.collective(waitShflDown, mask, toBits(v), delta, width))
}

// ShflXorSyncWidth is __shfl_xor_sync with a width: lanes may read from
// their own or an earlier group of width lanes; a source in a later group
// returns the caller's own v. As in hardware, laneMask's low five bits
// are used.
func ShflXorSyncWidth[T Number](t *Thread, mask uint32, v T, laneMask, width int) T {
	return fromBits[T](t.collective(waitShflXor, mask, toBits(v), laneMask, width))
}

// shflSource returns the lane a shuffle of kind k by lane reads, and
// whether the lane keeps its own value instead. Up and down take delta as
// the unsigned count of CUDA's signature.
func shflSource(k waitKind, lane, arg, width int) (src int, own bool) {
	in := lane & (width - 1) // the lane's index within its group
	switch k {
	case waitShfl:
		return lane&^(width-1) | arg&(width-1), false
	case waitShflUp:
		d := uint64(uint32(arg))
		if uint64(in) < d {
			return lane, true
		}
		return lane - int(d), false
	case waitShflDown:
		d := uint64(uint32(arg))
		if uint64(in)+d >= uint64(width) {
			return lane, true
		}
		return lane + int(d), false
	default: // xor
		src = lane ^ (arg & (WarpSize - 1))
		if src&^(width-1) > lane&^(width-1) {
			return lane, true
		}
		return src, false
	}
}

func toBits[T Number](v T) uint64 {
	if unsafe.Sizeof(v) == 4 {
		return uint64(*(*uint32)(unsafe.Pointer(&v)))
	}
	return *(*uint64)(unsafe.Pointer(&v))
}

func fromBits[T Number](b uint64) T {
	var v T
	if unsafe.Sizeof(v) == 4 {
		*(*uint32)(unsafe.Pointer(&v)) = uint32(b)
	} else {
		*(*uint64)(unsafe.Pointer(&v)) = b
	}
	return v
}

// collective parks the running thread in the warp collective kind until
// every lane of mask has arrived in the same collective with the same
// mask, then returns the thread's result. It is called directly by the
// exported functions, so that the call site is two frames up.
func (t *Thread) collective(kind waitKind, mask uint32, val uint64, arg, width int) uint64 {
	g := t.enter(kind.String())
	g.l.noteName()
	b := t.b
	lane := int(t.linear) % WarpSize
	base := int(t.linear) - lane
	w := &b.warps[t.linear/WarpSize]
	switch {
	case mask&(1<<lane) == 0:
		t.fail(KindMisuse, "%s: the calling lane %d is not in mask %#08x", kind, lane, mask)
	case mask&^w.present != 0:
		t.fail(KindMisuse, "%s: mask %#08x names lanes %s, which do not exist in warp %d of a block of %d threads",
			kind, mask, lanes(mask&^w.present), t.linear/WarpSize, len(b.threads))
	case mask&w.exited != 0:
		t.fail(KindDeadlock, "%s: mask %#08x names lanes %s of warp %d, which have exited",
			kind, mask, lanes(mask&w.exited), t.linear/WarpSize)
	case kind.shuffle() && (width < 1 || width > WarpSize || width&(width-1) != 0):
		t.fail(KindMisuse, "%s: width %d is not a power of two from 1 to %d", kind, width, WarpSize)
	}
	for m := mask & w.waiting; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		if o := &b.threads[base+l]; o.wait != kind || o.mask != mask {
			t.fail(KindDeadlock, "lanes of warp %d disagree: lane %d waits in %s with mask %#08x at %s; lane %d calls %s with mask %#08x",
				t.linear/WarpSize, l, o.wait, o.mask, sitePos(o.pc), lane, kind, mask)
		}
	}
	var pcs [1]uintptr
	runtime.Callers(3, pcs[:]) // the call site, above the exported function
	t.wait, t.pc, t.state = kind, pcs[0], stWaiting
	t.mask, t.val, t.arg, t.width = mask, val, arg, width
	w.waiting |= 1 << lane
	if mask&^w.waiting == 0 {
		t.exchange(b.threads[base:base+bits.Len32(mask)], mask)
		w.waiting &^= mask
	}
	g.park(t)
	return t.result
}

// exchange completes a collective: lanes are the warp's threads from lane
// 0, and every lane of mask waits in it. It sets each lane's result and
// releases the lanes in lane order.
func (t *Thread) exchange(lanes []Thread, mask uint32) {
	var ballot uint64
	for m := mask; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		ballot |= lanes[l].val << l
	}
	for m := mask; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		o := &lanes[l]
		switch o.wait {
		case waitBallot:
			o.result = ballot
		case waitAny:
			o.result = b2u(ballot != 0)
		case waitAll:
			o.result = b2u(ballot == uint64(mask))
		case waitSyncWarp:
		default:
			src, own := shflSource(o.wait, l, o.arg, o.width)
			if own {
				o.result = o.val
				break
			}
			if mask&(1<<src) == 0 {
				t.g.fail(o.errorAt(KindMisuse, "", sitePos(o.pc), fmt.Sprintf(
					"%s: lane %d reads lane %d, which is not in mask %#08x", o.wait, l, src, mask), nil))
				panic(errAbort)
			}
			o.result = lanes[src].val
		}
	}
	for m := mask; m != 0; m &= m - 1 {
		t.g.enqueue(&lanes[bits.TrailingZeros32(m)])
	}
}
