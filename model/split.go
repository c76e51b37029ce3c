package model

import (
	"go/types"
	"reflect"
)

// The accesses a value makes. A thread reading or writing a value of 1,
// 2, 4, 8 or 16 bytes at an address aligned to its size makes one access
// of that width (ld.shared.v4 and the like); any other value is accessed
// part by part: a struct field by field, an array element by element (its
// first MaxSplitElems elements), a complex number as its real and
// imaginary halves, recursively. A basic value (a number, a pointer) is
// one access: Go aligns it to its size. The decision is each thread's, by
// its own address, as a runtime alignment test would make it: where the
// threads of a warp differ, the ones at an aligned address make the whole
// access and the others its parts, and each of those is an instruction of
// its own (a part of its own, see SplitAccess), forming requests of its
// own. The analyzer (from go/types) and the simulator's trace (from
// reflect) both split through SplitAccess.

// MaxSplitElems bounds the elements of an array value that are split
// into accesses.
const MaxSplitElems = 64

// IsAccessWidth reports whether size bytes can be one access.
func IsAccessWidth(size int64) bool {
	return size == 1 || size == 2 || size == 4 || size == 8 || size == 16
}

// WholeAt reports whether a value of size bytes at addr is one access.
func WholeAt(addr, size int64) bool { return IsAccessWidth(size) && addr%size == 0 }

// Wholeness says whether a value of an access width at an address is one
// access, as a feed can tell.
type Wholeness uint8

// Wholeness values.
const (
	Parts  Wholeness = iota // never one access: it is accessed part by part
	Whole                   // always one access
	Either                  // it depends on the thread (a symbolic address): each does one or the other
)

// WholenessAt is WholeAt for a feed with concrete addresses.
func WholenessAt(addr, size int64) Wholeness {
	if WholeAt(addr, size) {
		return Whole
	}
	return Parts
}

// Layout is a type's memory layout as one feed sees it.
type Layout interface {
	Size() int64
	// Fields returns a struct's fields (a complex number's two halves);
	// nil for other types.
	Fields() []Field
	// Elem returns an array's element and length; nil for other types.
	Elem() (Layout, int64)
}

// Field is one field of a struct layout.
type Field struct {
	Offset int64
	Layout Layout
}

// Choice is one decision on the way to a part, where the feed answered
// Either: the value of Size bytes at At is one access (Whole) or not.
type Choice[A any] struct {
	At    A
	Size  int64
	Whole bool
}

// SplitAccess emits the accesses of a value of layout l at address at. A
// feed gives its kind of address A (a number, a symbolic expression) with
// whole, which says whether a value of size bytes at an address is one
// access (WholenessAt for numbers), and offset, which moves an address by
// a part's offset. emit gets each access with its part: the value's own
// access is part 0 and every field or element that may be accessed alone
// has a number of its own, the same whichever of them a thread makes, so
// that the accesses of one part form requests together. where lists the
// choices (Either answers) that lead to the access, outermost first; it is
// empty for a feed that never answers Either.
func SplitAccess[A any](l Layout, at A, whole func(at A, size int64) Wholeness, offset func(at A, by int64, part Layout) A, emit func(at A, size int64, part int, where []Choice[A])) {
	splitAccess(l, at, 0, nil, whole, offset, emit)
}

func splitAccess[A any](l Layout, at A, part int, where []Choice[A], whole func(at A, size int64) Wholeness, offset func(at A, by int64, part Layout) A, emit func(at A, size int64, part int, where []Choice[A])) {
	size := l.Size()
	fs := l.Fields()
	elem, n := l.Elem()
	if fs == nil && elem == nil {
		// A basic value: Go aligns it to its size.
		if IsAccessWidth(size) {
			emit(at, size, part, where)
		}
		return
	}
	if IsAccessWidth(size) {
		switch whole(at, size) {
		case Whole:
			emit(at, size, part, where)
			return
		case Either:
			where = where[:len(where):len(where)]
			emit(at, size, part, append(where, Choice[A]{at, size, true}))
			where = append(where, Choice[A]{at, size, false})
		}
	}
	next := part + 1
	for _, f := range fs {
		splitAccess(f.Layout, offset(at, f.Offset, f.Layout), next, where, whole, offset, emit)
		next += partsOf(f.Layout)
	}
	if elem != nil {
		es, np := elem.Size(), partsOf(elem)
		for i := int64(0); i < n && i < MaxSplitElems; i++ {
			splitAccess(elem, offset(at, i*es, elem), next, where, whole, offset, emit)
			next += np
		}
	}
}

// partsOf counts the part numbers a value of layout l takes: its own and
// those of its fields and elements.
func partsOf(l Layout) int {
	n := 1
	for _, f := range l.Fields() {
		n += partsOf(f.Layout)
	}
	if elem, len := l.Elem(); elem != nil {
		n += int(min(len, MaxSplitElems)) * partsOf(elem)
	}
	return n
}

// halves are the fields of a complex number: its real and imaginary parts.
func halves(size int64, part Layout) []Field {
	return []Field{{0, part}, {size, part}}
}

// ReflectLayout is the layout of a Go type as the simulator sees it.
type ReflectLayout struct{ T reflect.Type }

// Size implements Layout.
func (l ReflectLayout) Size() int64 { return int64(l.T.Size()) }

// Fields implements Layout.
func (l ReflectLayout) Fields() []Field {
	switch l.T.Kind() {
	case reflect.Complex64:
		return halves(4, ReflectLayout{reflect.TypeFor[float32]()})
	case reflect.Complex128:
		return halves(8, ReflectLayout{reflect.TypeFor[float64]()})
	case reflect.Struct:
	default:
		return nil
	}
	fs := make([]Field, l.T.NumField())
	for i := range fs {
		f := l.T.Field(i)
		fs[i] = Field{Offset: int64(f.Offset), Layout: ReflectLayout{f.Type}}
	}
	return fs
}

// Elem implements Layout.
func (l ReflectLayout) Elem() (Layout, int64) {
	if l.T.Kind() != reflect.Array {
		return nil, 0
	}
	return ReflectLayout{l.T.Elem()}, int64(l.T.Len())
}

// TypesLayout is the layout of a type as the analyzer sees it, under the
// sizes of the target.
type TypesLayout struct {
	T     types.Type
	Sizes types.Sizes
}

// Size implements Layout.
func (l TypesLayout) Size() int64 { return l.Sizes.Sizeof(l.T) }

// Fields implements Layout.
func (l TypesLayout) Fields() []Field {
	u := types.Unalias(l.T).Underlying()
	if b, ok := u.(*types.Basic); ok && b.Info()&types.IsComplex != 0 {
		half := types.Typ[types.Float64]
		if b.Kind() == types.Complex64 {
			half = types.Typ[types.Float32]
		}
		return halves(l.Sizes.Sizeof(half), TypesLayout{half, l.Sizes})
	}
	st, ok := u.(*types.Struct)
	if !ok {
		return nil
	}
	vars := make([]*types.Var, st.NumFields())
	for i := range vars {
		vars[i] = st.Field(i)
	}
	offs := l.Sizes.Offsetsof(vars)
	fs := make([]Field, len(vars))
	for i, v := range vars {
		fs[i] = Field{Offset: offs[i], Layout: TypesLayout{v.Type(), l.Sizes}}
	}
	return fs
}

// Elem implements Layout.
func (l TypesLayout) Elem() (Layout, int64) {
	a, ok := types.Unalias(l.T).Underlying().(*types.Array)
	if !ok {
		return nil, 0
	}
	return TypesLayout{a.Elem(), l.Sizes}, a.Len()
}
