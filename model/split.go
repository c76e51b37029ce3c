package model

import (
	"go/types"
	"reflect"
)

// The accesses a value makes. A thread reading or writing a value of 1,
// 2, 4, 8 or 16 bytes at an address aligned to its size makes one access
// of that width (ld.shared.v4 and the like); any other value is accessed
// part by part: a struct field by field, an array element by element (its
// first MaxSplitElems elements), recursively. The analyzer (from go/types)
// and the simulator's trace (from reflect) both split through SplitAccess.

// MaxSplitElems bounds the elements of an array value that are split
// into accesses.
const MaxSplitElems = 64

// IsAccessWidth reports whether size bytes can be one access.
func IsAccessWidth(size int64) bool {
	return size == 1 || size == 2 || size == 4 || size == 8 || size == 16
}

// WholeAt reports whether a value of size bytes at addr is one access.
func WholeAt(addr, size int64) bool { return IsAccessWidth(size) && addr%size == 0 }

// Layout is a type's memory layout as one feed sees it.
type Layout interface {
	Size() int64
	// Fields returns a struct's fields; nil for other types.
	Fields() []Field
	// Elem returns an array's element and length; nil for other types.
	Elem() (Layout, int64)
}

// Field is one field of a struct layout.
type Field struct {
	Offset int64
	Layout Layout
}

// SplitAccess emits the accesses of a value of layout l at address at. A
// feed gives its kind of address A (a number, a symbolic expression) with
// whole, which says whether a value of size bytes at an address is one
// access (WholeAt for numbers), and offset, which moves an address by a
// part's offset.
func SplitAccess[A any](l Layout, at A, whole func(at A, size int64) bool, offset func(at A, by int64, part Layout) A, emit func(at A, size int64)) {
	size := l.Size()
	if IsAccessWidth(size) && whole(at, size) {
		emit(at, size)
		return
	}
	if fs := l.Fields(); fs != nil {
		for _, f := range fs {
			SplitAccess(f.Layout, offset(at, f.Offset, f.Layout), whole, offset, emit)
		}
		return
	}
	if elem, n := l.Elem(); elem != nil {
		es := elem.Size()
		for i := int64(0); i < n && i < MaxSplitElems; i++ {
			SplitAccess(elem, offset(at, i*es, elem), whole, offset, emit)
		}
	}
}

// ReflectLayout is the layout of a Go type as the simulator sees it.
type ReflectLayout struct{ T reflect.Type }

// Size implements Layout.
func (l ReflectLayout) Size() int64 { return int64(l.T.Size()) }

// Fields implements Layout.
func (l ReflectLayout) Fields() []Field {
	if l.T.Kind() != reflect.Struct {
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
	st, ok := types.Unalias(l.T).Underlying().(*types.Struct)
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
