package simt

import (
	"fmt"
	"math"
	"reflect"
	"sync"
	"unsafe"

	"github.com/smemlint/smemlint/model"
)

// A region is one array of a block's shared memory: where Go keeps it,
// and where it lies in the block's simulated arena.
type region struct {
	ptr    unsafe.Pointer
	size   int64
	off    int64        // arena offset
	typ    reflect.Type // the array type; nil for the dynamic region
	static int          // index among the static arrays; -1 for the dynamic region
	first  int32        // the thread (linear index) whose call allocated it
}

// An arena is a block's shared memory: its static arrays in the order of
// the block's first calls, and the dynamic region where it was first
// requested, placed by model.Arena (each at the next multiple of
// model.SharedRegionAlign, as the analyzer assumes).
type arena struct {
	regions []region
	static  []int        // region index of each static array
	dynamic int          // region index of the dynamic region; -1 until requested
	layout  model.Arena  // offsets and the static figure
	dynType reflect.Type // the element type DynamicShared last checked
}

// reset empties the arena, reusing the slices of old.
func (a *arena) reset(old *arena) {
	clear(old.regions) // let the arrays go
	*a = arena{regions: old.regions[:0], static: old.static[:0], dynamic: -1}
}

func (a *arena) add(r region) *region {
	r.off = a.layout.Place(r.size, r.static >= 0)
	a.regions = append(a.regions, r)
	return &a.regions[len(a.regions)-1]
}

// sharedOffset maps a Go address to its offset in the block's shared
// arena; ok is false when p is not in the block's shared memory.
func (b *block) sharedOffset(p uintptr) (off int64, ok bool) {
	for i := range b.shared.regions {
		r := &b.shared.regions[i]
		if base := uintptr(r.ptr); p >= base && p-base < uintptr(r.size) {
			return r.off + int64(p-base), true
		}
	}
	return 0, false
}

// find returns the region that holds the size bytes at p, or nil.
func (a *arena) find(p, size uintptr) *region {
	for i := range a.regions {
		r := &a.regions[i]
		base := uintptr(r.ptr)
		if p >= base && p-base <= uintptr(r.size) && size <= uintptr(r.size)-(p-base) {
			return r
		}
	}
	return nil
}

// twin returns this arena's counterpart of region r of another block of
// the cluster, allocating it (and any static array before it) when this
// block has not asked for it yet.
func (a *arena) twin(r *region, t *Thread) *region {
	b := t.b
	if r.static < 0 {
		return a.dynamicRegion(t)
	}
	for k := len(a.static); k <= r.static; k++ {
		src := &b.shared.regions[b.shared.static[k]]
		a.allocStatic(src.typ, t)
	}
	return &a.regions[a.static[r.static]]
}

// allocStatic adds the next static array, of type typ, for thread t.
func (a *arena) allocStatic(typ reflect.Type, t *Thread) *region {
	r := a.add(region{
		ptr: reflect.New(typ).UnsafePointer(), size: int64(typ.Size()), typ: typ,
		static: len(a.static), first: t.linear,
	})
	a.static = append(a.static, len(a.regions)-1)
	return r
}

// dynamicRegion returns the block's dynamic region, allocating it zeroed.
func (a *arena) dynamicRegion(t *Thread) *region {
	if a.dynamic >= 0 {
		return &a.regions[a.dynamic]
	}
	n := t.g.l.cfg.SharedBytes
	words := make([]uint64, (n+7)/8) // 8-byte aligned, as any element needs
	a.dynamic = len(a.regions)
	return a.add(region{ptr: unsafe.Pointer(unsafe.SliceData(words)), size: int64(n), static: -1, first: t.linear})
}

// Shared is a __shared__ declaration: tile := simt.Shared[[32][33]float32](t).
// A thread's k-th call returns the block's k-th static array, which the
// block's first such call allocates, zeroed. Every thread must therefore
// make the same sequence of Shared calls; a k-th call asking for another
// type than the block's k-th array is a KindMisuse error. A must hold no
// pointers, strings, slices or maps. The package documentation describes
// where the arrays lie in the block's shared arena.
func Shared[A any](t *Thread) *A {
	t.enter("Shared")
	return (*A)(t.sharedStatic(reflect.TypeFor[A]()))
}

// sharedStatic returns the block's array for the thread's next Shared call.
func (t *Thread) sharedStatic(typ reflect.Type) unsafe.Pointer {
	k := t.nshared
	t.nshared++
	a := &t.b.shared
	if k < len(a.static) {
		r := &a.regions[a.static[k]]
		if r.typ != typ {
			t.fail(KindMisuse, "Shared called under divergent control: this thread's Shared call #%d asks for %s, "+
				"but thread %s's call #%d allocated the block's array as %s",
				k+1, typ, coord(dimAt(int(r.first), t.BlockDim)), k+1, r.typ)
		}
		return r.ptr
	}
	if err := plainType(typ); err != nil {
		t.fail(KindMisuse, "Shared[%s]: %v", typ, err)
	}
	// Check the size before allocating: Shared[[1 << 40]float32] must be
	// an error, not the process running out of memory.
	l := t.g.l
	static := math.MaxInt
	if size := int(typ.Size()); size <= l.arch.MaxSharedPerBlock {
		static = int(a.layout.StaticWith(int64(size)))
	}
	if err := l.arch.CheckSharedSize(static, l.cfg.SharedBytes); err != nil {
		if static == math.MaxInt {
			err = fmt.Errorf("the array is %s; a block may declare at most %s statically on %s",
				model.Bytes(int(typ.Size())), model.Bytes(l.arch.StaticSharedPerBlock), l.arch.Name)
		}
		t.fail(KindConfig, "Shared[%s]: %v", typ, err)
	}
	return a.allocStatic(typ, t).ptr
}

// DynamicShared is extern __shared__ E s[]: the block's dynamic shared
// memory, Config.SharedBytes long, as a slice of SharedBytes/sizeof(E)
// elements. All calls, with any E, alias the same bytes.
func DynamicShared[E any](t *Thread) []E {
	t.enter("DynamicShared")
	var e E
	size := unsafe.Sizeof(e)
	if size == 0 {
		t.fail(KindMisuse, "DynamicShared[%T]: the element type has size 0", e)
	}
	a := &t.b.shared
	if typ := reflect.TypeFor[E](); typ != a.dynType {
		if err := plainType(typ); err != nil {
			t.fail(KindMisuse, "DynamicShared[%s]: %v", typ, err)
		}
		a.dynType = typ
	}
	r := a.dynamicRegion(t)
	return unsafe.Slice((*E)(r.ptr), uintptr(r.size)/size)
}

// plainTypes caches plainType by type.
var plainTypes sync.Map // reflect.Type -> error

// plainType reports an error when values of typ hold pointers: memory
// that stands for a GPU's must hold plain values only.
func plainType(typ reflect.Type) error {
	if v, ok := plainTypes.Load(typ); ok {
		err, _ := v.(error)
		return err
	}
	var err error
	if bad := pointerPart(typ); bad != nil {
		err = fmt.Errorf("%s holds a %s; device memory holds plain values only", typ, bad.Kind())
	}
	plainTypes.Store(typ, err)
	return err
}

// pointerPart returns the first part of typ that is or holds a pointer,
// or nil.
func pointerPart(typ reflect.Type) reflect.Type {
	switch typ.Kind() {
	case reflect.Array:
		return pointerPart(typ.Elem())
	case reflect.Struct:
		for i := range typ.NumField() {
			if p := pointerPart(typ.Field(i).Type); p != nil {
				return p
			}
		}
		return nil
	case reflect.Pointer, reflect.UnsafePointer, reflect.Map, reflect.Slice, reflect.String,
		reflect.Chan, reflect.Func, reflect.Interface:
		return typ
	}
	return nil
}
