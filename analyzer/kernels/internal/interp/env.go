package interp

import (
	"go/types"
	"slices"
)

// env holds the values of the variables in scope, in slots numbered per
// variable (see varIndex). It was a map keyed by the variables: branches,
// loops' dry runs and replays copy the environment, and a copy of a map
// allocated and rehashed its table where a copy of slots is one move.
type env struct {
	slots []slot
}

type slot struct {
	v   value
	set bool
}

func newEnv() *env { return &env{} }

func (e *env) clone() *env { return &env{slots: slices.Clone(e.slots)} }

func (e *env) at(i int) (value, bool) {
	if i >= len(e.slots) {
		return value{}, false
	}
	s := &e.slots[i]
	return s.v, s.set
}

// put sets slot i; n is the number of variables numbered so far, the
// room a slot slice grows to.
func (e *env) put(i int, v value, n int) {
	if i >= len(e.slots) {
		e.slots = append(e.slots, make([]slot, n-len(e.slots))...)
	}
	e.slots[i] = slot{v, true}
}

func (e *env) del(i int) {
	if i < len(e.slots) {
		e.slots[i] = slot{}
	}
}

// count returns the number of variables set.
func (e *env) count() int {
	n := 0
	for i := range e.slots {
		if e.slots[i].set {
			n++
		}
	}
	return n
}

func (e *env) reset() {
	clear(e.slots)
	e.slots = e.slots[:0]
}

// varIndex returns the slot number of obj, numbering it when it has none.
func (in *interp) varIndex(obj types.Object) int {
	if i, ok := in.varNumber(obj); ok {
		return i
	}
	i := len(in.vars)
	if v, ok := obj.(*types.Var); ok {
		if in.varNum == nil {
			in.varNum = map[*types.Var]int{}
		}
		in.varNum[v] = i
	} else {
		if in.objNum == nil {
			in.objNum = map[types.Object]int{}
		}
		in.objNum[obj] = i
	}
	in.vars = append(in.vars, obj)
	return i
}

// varNumber returns the slot number of obj, if it has one. Variables,
// nearly every object bound, are looked up by pointer: an interface key
// costs more to hash and compare.
func (in *interp) varNumber(obj types.Object) (int, bool) {
	if v, ok := obj.(*types.Var); ok {
		i, ok := in.varNum[v]
		return i, ok
	}
	i, ok := in.objNum[obj]
	return i, ok
}

// getIn returns the value obj has in e.
func (in *interp) getIn(e *env, obj types.Object) (value, bool) {
	i, ok := in.varNumber(obj)
	if !ok {
		return value{}, false
	}
	return e.at(i)
}

// get returns the value obj has in the current environment.
func (in *interp) get(obj types.Object) (value, bool) { return in.getIn(in.env, obj) }

// val is get's value alone: the zero value for a variable not bound.
func (in *interp) val(obj types.Object) value {
	v, _ := in.get(obj)
	return v
}

// setIn binds obj to v in e.
func (in *interp) setIn(e *env, obj types.Object, v value) {
	i := in.varIndex(obj)
	e.put(i, v, len(in.vars))
}

// set binds obj to v in the current environment.
func (in *interp) set(obj types.Object, v value) { in.setIn(in.env, obj, v) }
