package enum

// classKey is what tells the classes of classIndex apart: two values of a
// symbol are in one class when their keys are equal.
type classKey struct {
	addr    string // the branches of min and max the address takes
	residue int64
	guards  string // one classFalse/classTrue per comparison
	// own says that the value is a class of its own (some comparison is
	// mixed, or the address takes s through an operation), which value
	// names.
	own   bool
	value int64
}

// classEntry is a class and its key.
type classEntry struct {
	key   classKey
	class int
}

// smallClasses is the classes classTable looks through one by one; past
// them, it indexes them in a map.
const smallClasses = 16

// classTable numbers the classes of the values of a symbol in the order
// of their first value. Most domains fall into a few classes, and values
// of their own: the few are looked up in a slice, the others numbered
// without a look-up where the values are distinct. A Go map for every
// symbol was rebuilt and grown per access (maps.newTable, rehash), and
// each key's guards string allocated.
type classTable struct {
	entries  []classEntry
	index    map[classKey]int // past smallClasses entries
	n        int              // classes numbered
	distinct bool             // the values are distinct: no own key repeats
}

// of returns the class of k, whose guards (left empty in k) are g,
// numbering a new one after the others.
func (t *classTable) of(k *classKey, g []byte) int {
	if k.own && t.distinct {
		t.n++
		return t.n - 1
	}
	if t.index != nil {
		k.guards = string(g)
		if n, ok := t.index[*k]; ok {
			return n
		}
		t.index[*k] = t.n
		t.n++
		return t.n - 1
	}
	for i := range t.entries {
		o := &t.entries[i].key
		if o.residue == k.residue && o.own == k.own && o.value == k.value && o.addr == k.addr && o.guards == string(g) {
			return t.entries[i].class
		}
	}
	k.guards = string(g)
	t.entries = append(t.entries, classEntry{key: *k, class: t.n})
	t.n++
	if len(t.entries) > smallClasses {
		t.index = make(map[classKey]int, 2*len(t.entries))
		for _, en := range t.entries {
			t.index[en.key] = en.class
		}
	}
	return t.n - 1
}

// strictlyMonotone reports whether the values of d rise or fall strictly,
// which makes them distinct.
func strictlyMonotone(d []int64) bool {
	up, down := true, true
	for i := 1; i < len(d); i++ {
		up = up && d[i] > d[i-1]
		down = down && d[i] < d[i-1]
	}
	return up || down
}
