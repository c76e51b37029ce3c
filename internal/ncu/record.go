package ncu

import "strings"

// Function is one profiled kernel of a report.
type Function struct {
	// Name is the demangled signature ncu prints, e.g. "k(float *, int)".
	Name string
	// File is the source file its lines belong to ("" in the SASS view).
	File string
	// Lines are the source lines in the order ncu prints them, each
	// holding the instructions attributed to it.
	Lines []Line
	// Counted is false when the export holds no SourceCounters columns
	// for the kernel (a result collected without them): its counters are
	// all zero and mean nothing.
	Counted bool
}

// Line is one source line and what ran for it.
type Line struct {
	// No is the 1-based line number in File.
	No int
	// Source is the text of the line as ncu printed it.
	Source string
	// Instrs are the SASS instructions attributed to the line.
	Instrs []Instr
	// Counters are ncu's totals for the line (zero in the SASS view).
	Counters
}

// Instr is one SASS instruction and its counters, summed over the launch.
type Instr struct {
	// Address is the instruction's virtual address (only its order and
	// its difference to other addresses of the function mean anything).
	Address uint64
	// SASS is the disassembled instruction, trimmed.
	SASS string
	// Line is the source line it belongs to (0 in the SASS view).
	Line int
	Counters
}

// Counters are the SourceCounters figures of one instruction or line.
// Counts of accesses are zero for instructions that touch no memory.
type Counters struct {
	// Executed is "Instructions Executed": warp-level issues, including
	// warps whose lanes were all predicated off.
	Executed int64
	// ThreadExecuted is "Thread Instructions Executed".
	ThreadExecuted int64
	// PredOnThreadExecuted is "Predicated-On Thread Instructions Executed":
	// the lanes that really performed the instruction.
	PredOnThreadExecuted int64
	// Space is "Address Space" ("Global", "Shared", "Local", "Generic",
	// comma-joined on a line row; "" when the instruction touches none).
	Space string
	// Op is "Access Operation" ("Load", "Store", "Atomic", ...; "" if none).
	Op string
	// Size is "Access Size" in bits as printed ("32", "128", "32(2)" on a
	// line row mixing instructions; "" if none).
	Size string
	// TagRequestsGlobal is "L1 Tag Requests Global": 128-byte lines looked
	// up for global accesses.
	TagRequestsGlobal int64
	// WavefrontsShared and WavefrontsSharedIdeal are "L1 Wavefronts
	// Shared" and its ideal.
	WavefrontsShared, WavefrontsSharedIdeal int64
	// SectorsGlobal and SectorsGlobalIdeal are "L2 Theoretical Sectors
	// Global" and its ideal: 32-byte sectors the accesses needed.
	SectorsGlobal, SectorsGlobalIdeal int64
}

// Memory reports whether the counters belong to an instruction or line
// that touches memory.
func (c Counters) Memory() bool { return c.Space != "" }

// SizeBits returns the access width in bits of a single instruction
// ("128" gives 128); 0 when there is none or the row mixes widths.
func (c Counters) SizeBits() int {
	n := 0
	for _, r := range c.Size {
		if r < '0' || r > '9' {
			return 0
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// Instructions returns every instruction of the function in address order.
func (f *Function) Instructions() []Instr {
	var all []Instr
	for _, l := range f.Lines {
		all = append(all, l.Instrs...)
	}
	sortByAddress(all)
	return all
}

// ShortName returns the kernel's name without its parameter list:
// "k(float *, int)" gives "k".
func (f *Function) ShortName() string {
	if i := strings.IndexByte(f.Name, '('); i >= 0 {
		return f.Name[:i]
	}
	return f.Name
}
