// Package model is smemlint's one description of the hardware: architecture
// profiles and the arithmetic that turns one warp request — the byte address
// of each lane that takes part — into shared-memory wavefronts or
// global-memory sectors.
//
// The analyzer feeds it addresses it derived symbolically and the simulator
// feeds it addresses a kernel really used, so both always agree on the rules.
// Every hardware number of the project lives in this package.
package model

import (
	"fmt"
	"sort"
	"strings"
)

// WarpSize is the number of lanes in a warp on every profile.
const WarpSize = 32

// Arch is one architecture profile.
type Arch struct {
	Name string // canonical name, e.g. "sm_90"

	// Shared-memory banks.
	Banks     int // number of banks
	BankWidth int // bytes of consecutive address that map to one bank
	// RowWidth is the number of bytes one bank delivers in one wavefront.
	// It equals BankWidth except on sm_3x in 4-byte mode, whose banks are
	// 8 bytes wide: there words i and i+32 of one 64-word segment share a
	// bank row and do not conflict.
	RowWidth int
	// HalfWarpRequests is true on sm_1x, where a warp's shared request is
	// served as two independent half-warp requests of every width.
	HalfWarpRequests bool
	// WideWarpPhase8 is true on sm_3x, whose 64-bit banks serve a whole
	// warp's 8-byte accesses in one phase (and 16-byte ones per half warp).
	WideWarpPhase8 bool
	// PairedLoads is true where 8- and 16-byte loads whose lanes are paired
	// (addr[n]==addr[n^1] or addr[n]==addr[n^2]) are served in fewer phases.
	// Measured on sm_90 (docs/hardware.md, rule 4); NVIDIA describes it for 7.x.
	PairedLoads bool

	// Global memory.
	SectorBytes int // L1/L2 sector
	LineBytes   int // L1 cache line

	// Capacity.
	StaticSharedPerBlock int // statically declared __shared__ per block
	MaxSharedPerBlock    int // with the dynamic opt-in
	SharedPerSM          int
	ReservedSharedBlock  int // shared memory the system reserves per block
	MaxThreadsPerBlock   int
	MaxBlockDim          [3]int
	MaxGridDim           [3]int
	MaxThreadsPerSM      int
	MaxBlocksPerSM       int
	// MaxClusterBlocks is the portable cluster size limit; 0 where the
	// profile has no thread block clusters.
	MaxClusterBlocks int

	// Every size above that the request arithmetic divides by is a power
	// of two; these are their logarithms, set by Lookup, so that the hot
	// loops shift instead of dividing.
	sectorShift, lineShift, bankWidthShift, rowShift uint
}

// log2 returns k with 1<<k == n for a power of two n.
func log2(n int) uint {
	k := uint(0)
	for 1<<k < n {
		k++
	}
	if 1<<k != n {
		panic(fmt.Sprintf("model: %d is not a power of two", n))
	}
	return k
}

// finish computes the derived fields of a profile.
func (a *Arch) finish() *Arch {
	a.sectorShift, a.lineShift = log2(a.SectorBytes), log2(a.LineBytes)
	a.bankWidthShift, a.rowShift = log2(a.BankWidth), log2(a.RowWidth*a.Banks)
	log2(a.Banks)
	return a
}

const kib = 1024

func base(name string) Arch {
	return Arch{
		Name: name, Banks: 32, BankWidth: 4, RowWidth: 4,
		SectorBytes: 32, LineBytes: 128,
		StaticSharedPerBlock: 48 * kib, MaxSharedPerBlock: 48 * kib, SharedPerSM: 64 * kib,
		MaxThreadsPerBlock: 1024,
		MaxBlockDim:        [3]int{1024, 1024, 64},
		MaxGridDim:         [3]int{1<<31 - 1, 65535, 65535},
		MaxThreadsPerSM:    2048, MaxBlocksPerSM: 32,
	}
}

func with(a Arch, f func(*Arch)) Arch { f(&a); return a }

// profiles maps every accepted -arch spelling to its profile.
var profiles = func() map[string]Arch {
	sm1 := with(base("sm_1x"), func(a *Arch) {
		a.Banks, a.HalfWarpRequests = 16, true
		a.StaticSharedPerBlock, a.MaxSharedPerBlock, a.SharedPerSM = 16*kib, 16*kib, 16*kib
		a.MaxThreadsPerBlock, a.MaxBlockDim = 512, [3]int{512, 512, 64}
		a.MaxGridDim = [3]int{65535, 65535, 1}
		a.MaxThreadsPerSM, a.MaxBlocksPerSM = 1024, 8
	})
	sm2 := with(base("sm_2x"), func(a *Arch) {
		a.SharedPerSM = 48 * kib
		a.MaxGridDim = [3]int{65535, 65535, 65535}
		a.MaxThreadsPerSM, a.MaxBlocksPerSM = 1536, 8
	})
	sm3 := with(base("sm_3x"), func(a *Arch) {
		a.RowWidth, a.WideWarpPhase8 = 8, true
		a.SharedPerSM, a.MaxBlocksPerSM = 48*kib, 16
	})
	p := map[string]Arch{
		"sm_1x": sm1, "sm_10": sm1, "sm_11": sm1, "sm_12": sm1, "sm_13": sm1,
		"sm_2x": sm2, "sm_20": sm2, "sm_21": sm2,
		"sm_3x": sm3, "sm_30": sm3, "sm_32": sm3, "sm_35": sm3, "sm_37": sm3,
	}
	modern := []struct {
		name                     string
		perBlock, perSM, threads int
		blocks                   int
		paired, clusters         bool
	}{
		{"sm_50", 48, 64, 2048, 32, false, false},
		{"sm_52", 48, 96, 2048, 32, false, false},
		{"sm_53", 48, 64, 2048, 32, false, false},
		{"sm_60", 48, 64, 2048, 32, false, false},
		{"sm_61", 48, 96, 2048, 32, false, false},
		{"sm_62", 48, 64, 2048, 32, false, false},
		{"sm_70", 96, 96, 2048, 32, true, false},
		{"sm_72", 96, 96, 2048, 32, true, false},
		{"sm_75", 64, 64, 1024, 16, true, false},
		{"sm_80", 163, 164, 2048, 32, true, false},
		{"sm_86", 99, 100, 1536, 16, true, false},
		{"sm_87", 163, 164, 2048, 16, true, false},
		{"sm_89", 99, 100, 1536, 24, true, false},
		{"sm_90", 227, 228, 2048, 32, true, true},
	}
	for _, m := range modern {
		a := base(m.name)
		a.MaxSharedPerBlock, a.SharedPerSM = m.perBlock*kib, m.perSM*kib
		a.MaxThreadsPerSM, a.MaxBlocksPerSM = m.threads, m.blocks
		a.PairedLoads = m.paired
		if m.perSM > 64 && m.paired {
			a.ReservedSharedBlock = kib
		}
		if m.clusters {
			a.MaxClusterBlocks = 8
		}
		p[m.name] = a
	}
	return p
}()

// DefaultArch is the profile used when none is named.
const DefaultArch = "sm_90"

// Lookup returns the profile called name ("" means DefaultArch). bankMode
// is the shared-memory bank width in bytes: 0 or 4 for the default, 8 for
// the eight-byte mode that only sm_3x offers.
func Lookup(name string, bankMode int) (*Arch, error) {
	if name == "" {
		name = DefaultArch
	}
	a, ok := profiles[strings.ToLower(name)]
	if !ok {
		return nil, fmt.Errorf("unknown architecture %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	switch bankMode {
	case 0, 4:
	case 8:
		if a.Name != "sm_3x" {
			return nil, fmt.Errorf("bank mode 8 needs an sm_3x profile; %s has 4-byte banks only", a.Name)
		}
		a.BankWidth = 8
	default:
		return nil, fmt.Errorf("bank mode %d: want 4 or 8", bankMode)
	}
	return a.finish(), nil
}

// MustLookup is Lookup for names known to be valid; it panics otherwise.
func MustLookup(name string) *Arch {
	a, err := Lookup(name, 0)
	if err != nil {
		panic(err)
	}
	return a
}

// Names lists the accepted -arch values in order.
func Names() []string {
	names := make([]string, 0, len(profiles))
	for n := range profiles {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
