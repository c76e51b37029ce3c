package simt

import (
	"fmt"
	"math"
	"reflect"
	"unsafe"

	"github.com/smemlint/smemlint/model"
)

// mallocAlign is cudaMalloc's alignment guarantee.
const mallocAlign = model.GlobalAlign

// Malloc is cudaMalloc for n elements of type E: a zeroed slice whose first
// element is aligned to 256 bytes, as global memory allocations are, so
// that coalescing figures match the hardware's. E must hold no pointers,
// strings, slices or maps. Malloc is host code, like make: a negative n or
// an unsuitable E panics.
func Malloc[E any](n int) []E {
	if n < 0 {
		panic(fmt.Sprintf("simt.Malloc: negative length %d", n))
	}
	typ := reflect.TypeFor[E]()
	if err := plainType(typ); err != nil {
		panic(fmt.Sprintf("simt.Malloc[%s]: %v", typ, err))
	}
	size := typ.Size()
	if n == 0 || size == 0 {
		return make([]E, n)
	}
	if uint64(n) > (math.MaxInt-mallocAlign)/uint64(size) {
		panic(fmt.Sprintf("simt.Malloc: %d elements of %d bytes do not fit in memory", n, size))
	}
	// Allocate words with room to slide to the next aligned address; the
	// slice's interior pointer keeps the whole allocation alive.
	words := make([]uint64, (uintptr(n)*size+mallocAlign+7)/8)
	base := unsafe.Pointer(unsafe.SliceData(words))
	skip := (mallocAlign - uintptr(base)%mallocAlign) % mallocAlign
	return unsafe.Slice((*E)(unsafe.Add(base, skip)), n)
}
