package fuzz

import (
	"fmt"
	"go/token"
	"slices"
	"sort"

	"github.com/smemlint/smemlint/analyzer/kernels"
	"github.com/smemlint/smemlint/model"
	"github.com/smemlint/smemlint/simt"
)

// RaceVerdict is what the static race checks and the simulator's hazard
// detector said about one kernel's shared memory.
type RaceVerdict struct {
	// Static counts the races the engine decided on in shared memory, by
	// the check that owns them: smemrace (across warps) and warpsync
	// (within a warp).
	Smemrace, Warpsync int
	// Dynamic counts the pairs of sites the traced run saw race, by
	// kind: "race" (threads of two warps) and "warp" (lanes of one).
	DynRace, DynWarp int
	// Replayed counts the static races the hazard detector did not name
	// that the run's access log shows: two threads of the kind the check
	// names touched the same bytes in one interval. The detector names
	// the first race on a word only, and it keeps one writer per 4-byte
	// word, so a store to another byte of the word hides an earlier
	// writer from a later racing access (1- and 2-byte elements).
	Replayed int
	// Known counts the disagreements of a known class, by class (see
	// knownClasses); they are reported, not failed.
	Known map[string]int
	// Races that depend on data (an index on d0): DataRaces counts the
	// engine's "may race, depending on data" findings in shared memory,
	// DataNotes its "not checked" notes; DataSeen the pairs the run saw
	// race that only such a finding or note covers (the run's data made
	// them race), by which; DataUnseen the findings the run's data did
	// not make race (another data would).
	DataRaces, DataNotes, DataUnseen int
	DataSeen                         map[string]int
}

// The known classes of disagreement: each is a defect or a difference of
// definition filed with a reproducer, counted in every run's summary
// line, and turned into a failure by deleting it here once it is fixed.
const (
	// classOneInstruction: the engine reports lanes of a warp that store
	// to one word in one instruction (s[tid/2] = 0) as a warpsync race
	// (commit 1070455: "write-write ... within a warp"); the simulator's
	// detector does not, as the hardware orders the lanes of one request.
	classOneInstruction = "one-instruction stores"
	// classNearestPartner: a statement whose nearest racing partner races
	// within a warp only is given to warpsync, and a partner further back
	// whose threads race across warps is never asked for (pairs.Races
	// stops at the nearest partner): the cross-warp race goes unreported
	// (issue #12, item 3, third case).
	classNearestPartner = "cross-warp pair behind an in-warp partner"
	// classLaterLoop: an access before a loop whose body has a barrier (a
	// SyncWarp, for lanes of one warp) is paired with an access in the
	// loop's later iterations, which that barrier separates from it (for i := 32; i > 0; i >>= 1 { _ = s[tid+i];
	// t.SyncThreads() } after s[tid] = 1): a false race.
	classLaterLoop = "later iterations of a loop with a barrier or SyncWarp"
)

var knownClasses = map[string]bool{classOneInstruction: true, classNearestPartner: true, classLaterLoop: true}

func (v *RaceVerdict) known(class string) bool {
	if !knownClasses[class] {
		return false
	}
	if v.Known == nil {
		v.Known = map[string]int{}
	}
	v.Known[class]++
	return true
}

// Racy reports whether the traced run raced: its hazard detector saw a
// race, or its access log shows one the engine found.
func (v RaceVerdict) Racy() bool { return v.DynRace+v.DynWarp+v.Replayed > 0 }

// raceEnd is one side of a race: the statement of an access, by the
// number of its first site.
type raceEnd = int32

// judgeRaces compares the static race decisions of the context with the
// hazards the traced run saw, in shared memory, statement by statement:
//   - every pair of sites the run saw race has a static race on one of
//     its statements, owned by smemrace when the run's threads were in
//     two warps (a pair within one warp may be either's: the engine gives
//     a pair of sites with pairs of both kinds to smemrace);
//   - every static race was seen by the run on one of its statements,
//     with threads of the kind its check names.
//
// The engine reports each statement once, with its nearest racing
// partner; the run reports every pair. So a statement, not a pair, is
// the unit on both sides.
func (o *Outcome) judgeRaces(ctx *kernels.Context, tl *simt.TraceLaunch, log *accessLog, file *token.File) {
	stmtOf := o.Spec.stmtOfSite()
	ids := siteIDs(o.Spec)
	siteOf := func(a *kernels.Access) (int32, bool) {
		id, ok := ids[siteKey{file.Offset(a.Node.Pos()), a.Store}]
		return id, ok
	}
	type static struct {
		across bool
		a, b   raceEnd
		ia, ib int32 // the sites
		c      *kernels.Conflict
	}
	var ss []static
	for _, r := range ctx.Races() {
		if !r.C.A.Shared() || !r.C.B.Shared() {
			continue
		}
		ia, oka := siteOf(r.C.A)
		ib, okb := siteOf(r.C.B)
		if !oka || !okb {
			o.Disagreements = append(o.Disagreements, Disagreement{-1, pos(file, r.C.B), "a static race on an access the generator did not make"})
			continue
		}
		s := static{across: r.Scope == kernels.AcrossWarps, a: stmtOf[ia], b: stmtOf[ib], ia: ia, ib: ib, c: r.C}
		ss = append(ss, s)
		if s.across {
			o.Race.Smemrace++
		} else {
			o.Race.Warpsync++
		}
	}
	var ms []dataPair
	for _, u := range ctx.Unchecked() {
		if !u.A.Shared() || !u.B.Shared() {
			continue
		}
		ia, oka := siteOf(u.A)
		ib, okb := siteOf(u.B)
		if !oka || !okb {
			o.Disagreements = append(o.Disagreements, Disagreement{-1, pos(file, u.B), "a race depending on data on an access the generator did not make"})
			continue
		}
		ms = append(ms, dataPair{a: stmtOf[ia], b: stmtOf[ib], race: u.Race})
		if u.Race {
			o.Race.DataRaces++
		} else {
			o.Race.DataNotes++
		}
	}
	type dynamic struct {
		across bool
		a, b   raceEnd
		h      simt.TraceHazard
	}
	var ds []dynamic
	for _, h := range tl.Hazards {
		d := dynamic{across: h.Kind == "race", a: stmtOf[h.First.Site], b: stmtOf[h.Second.Site], h: h}
		ds = append(ds, d)
		if d.across {
			o.Race.DynRace++
		} else {
			o.Race.DynWarp++
		}
	}
	touches := func(a, b, x, y raceEnd) bool { return a == x || a == y || b == x || b == y }
	for _, d := range ds {
		ok, inWarp := false, false
		for _, s := range ss {
			if touches(s.a, s.b, d.a, d.b) {
				ok = ok || s.across || !d.across
				inWarp = inWarp || !s.across
			}
		}
		if !ok && inWarp && o.Race.known(classNearestPartner) {
			continue
		}
		if !ok {
			if by, covered := coveredByData(ms, d.a, d.b); covered {
				if o.Race.DataSeen == nil {
					o.Race.DataSeen = map[string]int{}
				}
				o.Race.DataSeen[by]++
				continue
			}
		}
		if !ok {
			o.Disagreements = append(o.Disagreements, Disagreement{d.h.Second.Site, o.sitePos(d.h.Second.Site),
				fmt.Sprintf("the run saw a %s between sites %d and %d (threads %v and %v, block %v, arena byte %d), which no static race on their statements covers",
					hazardText(d.h), d.h.First.Site, d.h.Second.Site, d.h.First.Thread, d.h.Second.Thread, d.h.Block, d.h.Offset)})
		}
	}
	for _, m := range ms {
		if !m.race {
			continue
		}
		seen := false
		for _, d := range ds {
			seen = seen || touches(m.a, m.b, d.a, d.b)
		}
		if !seen {
			o.Race.DataUnseen++
		}
	}
	for _, s := range ss {
		ok := false
		for _, d := range ds {
			if touches(s.a, s.b, d.a, d.b) && s.across == d.across {
				ok = true
				break
			}
		}
		if !ok && log.witnessed(s.ia, s.ib, s.across) {
			o.Race.Replayed++
			continue
		}
		if !ok && s.ia == s.ib && s.c.A.Store && s.c.Loop == nil && !s.across && o.Race.known(classOneInstruction) {
			continue
		}
		if !ok && s.c.Loop == nil && o.Spec.syncLoopApart(s.ia, s.ib, !s.across) && o.Race.known(classLaterLoop) {
			continue
		}
		if !ok {
			check := "warpsync"
			if s.across {
				check = "smemrace"
			}
			o.Disagreements = append(o.Disagreements, Disagreement{s.b, pos(file, s.c.B),
				fmt.Sprintf("%s decided a race (threads %d and %d, byte %d of %s%s) that the run did not see with threads of that kind",
					check, s.c.TA, s.c.TB, s.c.Offset, s.c.A.Array.Name, bindings(s.c))})
		}
	}
}

// coveredByData reports whether a pair of statements the run saw race
// is one the engine found racing for some data or noted as depending on
// it, and which ("may race" or "noted").
func coveredByData(ms []dataPair, a, b raceEnd) (string, bool) {
	by := ""
	for _, m := range ms {
		if m.a == a || m.a == b || m.b == a || m.b == b {
			if m.race {
				return "may race", true
			}
			by = "noted"
		}
	}
	return by, by != ""
}

// dataPair is a pair of statements whose race depends on data: found
// ("may race, depending on data") when race, else noted.
type dataPair struct {
	a, b raceEnd
	race bool
}

// witnessed reports whether the log shows threads of one block whose
// accesses at sites sa and sb touch a common byte in one barrier
// interval, one of them storing: in two warps when across, else in one
// warp, with no SyncWarp between and in two requests.
func (l *accessLog) witnessed(sa, sb int32, across bool) bool {
	var as, bs []*loggedAccess
	for i := range l.accs {
		x := &l.accs[i]
		if x.site == sa {
			as = append(as, x)
		}
		if x.site == sb {
			bs = append(bs, x)
		}
	}
	for _, a := range as {
		for _, b := range bs {
			switch {
			case a.block != b.block || a.thread == b.thread || a.barriers != b.barriers || !a.store && !b.store,
				a.off+a.size <= b.off || b.off+b.size <= a.off:
				continue
			}
			sameWarp := a.thread/model.WarpSize == b.thread/model.WarpSize
			if across && !sameWarp || !across && sameWarp && a.warpSyncs == b.warpSyncs && (a.site != b.site || a.exec != b.exec) {
				return true
			}
		}
	}
	return false
}

func hazardText(h simt.TraceHazard) string {
	if h.Kind == "race" {
		return h.Op + " race across warps"
	}
	return h.Op + " hazard within a warp"
}

func bindings(c *kernels.Conflict) string {
	if c.Bindings == "" {
		return ""
	}
	return ", with " + c.Bindings
}

func pos(file *token.File, a *kernels.Access) string {
	p := file.Position(a.Node.Pos())
	return fmt.Sprintf("%d:%d", p.Line, p.Column)
}

// sitePos is the line:col of a site's access in the source.
func (o *Outcome) sitePos(site int32) string {
	var at string
	o.Spec.walkAccesses(func(s *Stmt) {
		if s.Load == site || s.Store == site {
			at = lineCol(o.Source, s.Pos)
			if s.Kind == "copy" && s.Load == site {
				at = lineCol(o.Source, s.SrcPos)
			}
		}
	})
	return at
}

func lineCol(src string, off int) string {
	line, col := 1, 1
	for _, r := range src[:off] {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("%d:%d", line, col)
}

// walkAccesses calls f on every access statement of the kernel and its
// device function.
func (s *Spec) walkAccesses(f func(*Stmt)) {
	var walk func([]*Stmt)
	walk = func(list []*Stmt) {
		for _, st := range list {
			switch st.Kind {
			case "if", "for":
				walk(st.Body)
				walk(st.Else)
			case "load", "store", "update", "copy", "let":
				f(st)
			}
		}
	}
	walk(s.Body)
	walk(s.Dev)
}

// syncLoopApart reports whether one of the two sites lies in a loop with
// a barrier in its body (or a SyncWarp, for lanes of one warp) that the
// other is outside of.
func (s *Spec) syncLoopApart(a, b int32, warp bool) bool {
	loops := s.siteLoops()
	synced := map[int32]bool{}
	var walk func(list []*Stmt, loops []int32)
	walk = func(list []*Stmt, loops []int32) {
		for _, st := range list {
			switch st.Kind {
			case "sync", "syncwarp":
				if st.Kind == "sync" || warp {
					for _, l := range loops {
						synced[l] = true
					}
				}
			case "if":
				walk(st.Body, loops)
				walk(st.Else, loops)
			case "for":
				walk(st.Body, append(loops[:len(loops):len(loops)], st.Loop))
			}
		}
	}
	walk(s.Body, nil)
	apart := func(x, y int32) bool {
		for _, l := range loops[x] {
			if synced[l] && !slices.Contains(loops[y], l) {
				return true
			}
		}
		return false
	}
	return apart(a, b) || apart(b, a)
}

// stmtOfSite maps each site to its statement, named by the statement's
// first site.
func (s *Spec) stmtOfSite() map[int32]raceEnd {
	out := map[int32]raceEnd{}
	s.walkAccesses(func(st *Stmt) {
		first := st.Load
		if first < 0 {
			first = st.Store
		}
		for _, id := range []int32{st.Load, st.Store} {
			if id >= 0 {
				out[id] = first
			}
		}
	})
	return out
}

// sortDisagreements orders disagreements by site.
func sortDisagreements(ds []Disagreement) {
	sort.SliceStable(ds, func(i, j int) bool { return ds[i].Site < ds[j].Site })
}
