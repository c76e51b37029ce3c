package hostile

import (
	"testing"
)

// A syntaxCase is a directive comment and what the directive check says
// about it ("" for nothing).
type syntaxCase struct {
	name, comment, want string
}

var syntaxCases = []syntaxCase{
	{"empty dimension", "//smemlint:launch block=32xx8", `"32xx8" has an empty dimension`},
	{"leading x", "//smemlint:launch block=x32", `"x32" has an empty dimension`},
	{"trailing x", "//smemlint:launch block=32x", `"32x" has an empty dimension`},
	{"four dimensions", "//smemlint:launch block=32x8x2x1", "want X, XxY or XxYxZ"},
	{"zero", "//smemlint:launch block=0", `"0" is not a positive integer`},
	{"negative", "//smemlint:launch block=-32", `"-32" is not a positive integer`},
	{"letters", "//smemlint:launch block=abc", `"abc" is not a positive integer`},
	{"zero Y", "//smemlint:launch block=32x0", `"0" is not a positive integer`},
	{"huge number", "//smemlint:launch block=99999999999999999999", `is not a positive integer`},
	{"key twice", "//smemlint:launch block=32 block=64", "block given twice (block=32 and block=64); give each key once"},
	{"grid twice", "//smemlint:launch block=32 grid=4 grid=8", "grid given twice"},
	{"arch twice", "//smemlint:launch block=32 arch=sm_80 arch=sm_90", "arch given twice"},
	{"shared overflow", "//smemlint:launch block=32 shared=9223372036854775807K", `"9223372036854775807K" is more bytes than any block can have`},
	{"shared out of range", "//smemlint:launch block=32 shared=99999999999999999999", "is more bytes than any block can have"},
	{"shared negative", "//smemlint:launch block=32 shared=-1", `"-1" is not a byte count`},
	{"shared unit", "//smemlint:launch block=32 shared=4MB", `"4MB" is not a byte count`},
	{"unknown key", "//smemlint:launch block=32 colour=red", `unknown key "colour"`},
	{"no value", "//smemlint:launch block=32 arch=", `"arch=" is not key=value`},
	{"no block", "//smemlint:launch grid=4", "needs block=X[xY[xZ]]"},
	{"nothing", "//smemlint:launch", "needs at least block="},
	{"unknown arch", "//smemlint:launch block=32 arch=sm_66", `unknown architecture "sm_66"`},
	{"tab after launch, bad shape", "//smemlint:launch\tblock=2000", "block 2000x1x1 has 2000 threads"},
	{"tab after launch, good shape", "//smemlint:launch\tblock=32x4", ""},
	{"tabs between keys", "//smemlint:launch\tblock=32\tgrid=3\tcluster=2", "grid 3x1x1 is not a multiple of cluster 2x1x1 in X"},
	{"trailing comment", "//smemlint:launch block=32 // tuned", ""},
	{"unknown directive", "//smemlint:frobnicate", "unknown directive //smemlint:frobnicate"},
	{"ignore with comma", "//smemlint:ignore bankconflict, the tile is read once", "a comma ends the check names"},
	{"ignore without reason", "//smemlint:ignore bankconflict", "a reason is required"},
	{"ignore unknown check", "//smemlint:ignore bankconflicts it is fine", `unknown check "bankconflicts"`},
	{"ignore nothing", "//smemlint:ignore", "needs a check name and a reason"},
	{"ignore empty name", "//smemlint:ignore bankconflict,,coalescing why", "an empty check name"},
	{"ignore good", "//smemlint:ignore bankconflict,coalescing measured on the H100", ""},
	{"space after //", "// smemlint:launch block=2000", "smemlint:launch with white space after // is not read as a directive"},
	{"tab after //", "//	smemlint:launch block=32", "smemlint:launch with white space after // is not read as a directive"},
	{"block comment", "/*smemlint:launch block=2000*/", "smemlint:launch in a /* */ comment is not read as a directive"},
	{"ignore with space after //", "// smemlint:ignore bankconflict measured", "smemlint:ignore with white space after // is not read as a directive"},
	{"prose after // smemlint:", "// smemlint: tuned by hand", ""},
	{"capital directive name", "//smemlint:Launch block=32", "unknown directive //smemlint:Launch"},
	{"space after the colon", "//smemlint: launch block=32", "unknown directive //smemlint: (known: launch, ignore)"},
	{"hex dimension", "//smemlint:launch block=0x20", ""},
	{"hex dimensions", "//smemlint:launch block=0x20x0X8 shared=0x1000", ""},
	{"octal, binary and underscores", "//smemlint:launch block=0o40*0b10 grid=1_024", ""},
	{"hex prefix alone", "//smemlint:launch block=0xx8", `//smemlint:launch block=0xx8: "0x" is not a positive integer (read as a Go integer literal`},
	{"not octal", "//smemlint:launch block=08", `"08" is not a positive integer`},
	{"comma between dimensions", "//smemlint:launch block=32,8", `"32,8" is not a positive integer`},
	{"upper-case key", "//smemlint:launch BLOCK=32", `unknown key "BLOCK"`},
	{"spaces around =", "//smemlint:launch block = 32", `"block" is not key=value`},
	{"zero-width space in a number", "//smemlint:launch block=32\u200b", `is not a positive integer`},
	{"cluster 0", "//smemlint:launch block=32 cluster=0", `"0" is not a positive integer`},
}

var syntaxDirectives []*kernelSrc

func syntaxKernels() []*kernelSrc {
	if syntaxDirectives == nil {
		for _, c := range syntaxCases {
			syntaxDirectives = append(syntaxDirectives, &kernelSrc{directive: c.comment})
		}
	}
	return syntaxDirectives
}

// TestDirectiveSyntax: every malformed directive is one finding at its
// line that says what is wrong, in every face; a good one is silent.
func TestDirectiveSyntax(t *testing.T) {
	t.Parallel()
	var cases []hcase
	for i, c := range syntaxCases {
		for fi, f := range faces {
			cases = append(cases, hcase{name: f.name + "/" + c.name, check: func(t *testing.T) error {
				cr, err := corpusFindings(fi)
				if err != nil {
					return err
				}
				return expectAt(cr.diags, "directives.go", syntaxKernels()[i].line, c.want)
			}})
		}
	}
	runCases(t, cases)
}
