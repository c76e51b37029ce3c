package simt

import (
	"sync/atomic"
	"unsafe"
)

// Atomics work on global and shared memory alike and are atomic across
// blocks running in parallel. Floating-point operations are compare-and-
// swap loops on the bits; AtomicCAS compares bits, as CUDA's does.

// AtomicAdd is atomicAdd: *p += v, returning the old value.
func AtomicAdd[T Number](t *Thread, p *T, v T) T {
	t.enter("AtomicAdd")
	if isFloat[T]() {
		return update(p, func(o T) T { return o + v })
	}
	return addBits(p, toBits(v))
}

// AtomicSub is atomicSub: *p -= v, returning the old value.
func AtomicSub[T Number](t *Thread, p *T, v T) T {
	t.enter("AtomicSub")
	if isFloat[T]() {
		return update(p, func(o T) T { return o - v })
	}
	return addBits(p, -toBits(v))
}

// AtomicMax is atomicMax: *p = max(*p, v), returning the old value.
func AtomicMax[T Number](t *Thread, p *T, v T) T {
	t.enter("AtomicMax")
	return update(p, func(o T) T { return max(o, v) })
}

// AtomicMin is atomicMin: *p = min(*p, v), returning the old value.
func AtomicMin[T Number](t *Thread, p *T, v T) T {
	t.enter("AtomicMin")
	return update(p, func(o T) T { return min(o, v) })
}

// AtomicExch is atomicExch: *p = v, returning the old value.
func AtomicExch[T Number](t *Thread, p *T, v T) T {
	t.enter("AtomicExch")
	if unsafe.Sizeof(v) == 4 {
		return fromBits[T](uint64(atomic.SwapUint32((*uint32)(unsafe.Pointer(p)), uint32(toBits(v)))))
	}
	return fromBits[T](atomic.SwapUint64((*uint64)(unsafe.Pointer(p)), toBits(v)))
}

// AtomicCAS is atomicCAS: if *p has the bits of compare, *p = val. It
// returns the old value.
func AtomicCAS[T Number](t *Thread, p *T, compare, val T) T {
	t.enter("AtomicCAS")
	want := toBits(compare)
	for {
		old := loadBits(p)
		if old != want || casBits(p, old, toBits(val)) {
			return fromBits[T](old)
		}
	}
}

// AtomicAnd is atomicAnd: *p &= v, returning the old value.
func AtomicAnd[T Integer](t *Thread, p *T, v T) T {
	t.enter("AtomicAnd")
	if unsafe.Sizeof(v) == 4 {
		return T(atomic.AndUint32((*uint32)(unsafe.Pointer(p)), uint32(v)))
	}
	return T(atomic.AndUint64((*uint64)(unsafe.Pointer(p)), uint64(v)))
}

// AtomicOr is atomicOr: *p |= v, returning the old value.
func AtomicOr[T Integer](t *Thread, p *T, v T) T {
	t.enter("AtomicOr")
	if unsafe.Sizeof(v) == 4 {
		return T(atomic.OrUint32((*uint32)(unsafe.Pointer(p)), uint32(v)))
	}
	return T(atomic.OrUint64((*uint64)(unsafe.Pointer(p)), uint64(v)))
}

// AtomicXor is atomicXor: *p ^= v, returning the old value.
func AtomicXor[T Integer](t *Thread, p *T, v T) T {
	t.enter("AtomicXor")
	return update(p, func(o T) T { return o ^ v })
}

// isFloat reports whether T is a floating-point type: 1/2 is 0 in integer
// arithmetic only.
func isFloat[T Number]() bool {
	one := T(1)
	return one/2 != 0
}

// update atomically replaces *p by f(*p) and returns the old value.
func update[T Number](p *T, f func(T) T) T {
	for {
		old := loadBits(p)
		o := fromBits[T](old)
		n := toBits(f(o))
		if n == old || casBits(p, old, n) {
			return o
		}
	}
}

func addBits[T Number](p *T, d uint64) T {
	if unsafe.Sizeof(*p) == 4 {
		return fromBits[T](uint64(atomic.AddUint32((*uint32)(unsafe.Pointer(p)), uint32(d)) - uint32(d)))
	}
	return fromBits[T](atomic.AddUint64((*uint64)(unsafe.Pointer(p)), d) - d)
}

func loadBits[T Number](p *T) uint64 {
	if unsafe.Sizeof(*p) == 4 {
		return uint64(atomic.LoadUint32((*uint32)(unsafe.Pointer(p))))
	}
	return atomic.LoadUint64((*uint64)(unsafe.Pointer(p)))
}

func casBits[T Number](p *T, old, n uint64) bool {
	if unsafe.Sizeof(*p) == 4 {
		return atomic.CompareAndSwapUint32((*uint32)(unsafe.Pointer(p)), uint32(old), uint32(n))
	}
	return atomic.CompareAndSwapUint64((*uint64)(unsafe.Pointer(p)), old, n)
}
