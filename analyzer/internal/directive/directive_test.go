package directive

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseLaunch(t *testing.T) {
	cases := []struct {
		args    string
		want    Launch
		wantErr bool
	}{
		{"block=32x8", Launch{Block: [3]int{32, 8, 1}, Shared: -1}, false},
		{"block=256 grid=64x64 shared=4K arch=sm_80 cluster=2", Launch{Block: [3]int{256, 1, 1}, Grid: [3]int{64, 64, 1}, Cluster: [3]int{2, 1, 1}, Shared: 4096, Arch: "sm_80"}, false},
		{"block=16×16×2 shared=100", Launch{Block: [3]int{16, 16, 2}, Shared: 100}, false},
		{"", Launch{}, true},
		{"grid=4", Launch{}, true},
		{"block=0", Launch{}, true},
		{"block=32x8x2x1", Launch{}, true},
		{"block=x", Launch{}, true},
		{"block", Launch{}, true},
		{"block=32 shared=-5", Launch{}, true},
		{"block=32 size=2", Launch{}, true},
		{"block=32xx8", Launch{}, true},
		{"block=x32", Launch{}, true},
		{"block=32x", Launch{}, true},
		{"block=32 block=64", Launch{}, true},
		{"block=32 shared=9223372036854775807K", Launch{}, true},
		{"block=32 shared=99999999999999999999", Launch{}, true},
		{"block=32 shared=9007199254740992K", Launch{}, true},
		{"block=32 shared=9007199254740991K", Launch{Block: [3]int{32, 1, 1}, Shared: 9007199254740991 * 1024}, false},
		{"block=32X8*2", Launch{Block: [3]int{32, 8, 2}, Shared: -1}, false},
		// Numbers read as Go reads integer literals; the x of a hex
		// prefix is no separator.
		{"block=0x20", Launch{Block: [3]int{32, 1, 1}, Shared: -1}, false},
		{"block=0x20x8", Launch{Block: [3]int{32, 8, 1}, Shared: -1}, false},
		{"block=8x0x20", Launch{Block: [3]int{8, 32, 1}, Shared: -1}, false},
		{"block=0X10X0Xa", Launch{Block: [3]int{16, 10, 1}, Shared: -1}, false},
		{"block=0o40*0b10 grid=1_024", Launch{Block: [3]int{32, 2, 1}, Grid: [3]int{1024, 1, 1}, Shared: -1}, false},
		{"block=040", Launch{Block: [3]int{32, 1, 1}, Shared: -1}, false},
		{"block=32 shared=0x1000", Launch{Block: [3]int{32, 1, 1}, Shared: 4096}, false},
		{"block=32 shared=0x4K", Launch{Block: [3]int{32, 1, 1}, Shared: 4096}, false},
		{"block=0x", Launch{}, true},
		{"block=0xx8", Launch{}, true},
		{"block=08", Launch{}, true},
		{"block=0x0", Launch{}, true},
		{"block=32_", Launch{}, true},
	}
	for _, c := range cases {
		got, err := ParseLaunch(c.args)
		if (err != nil) != c.wantErr {
			t.Errorf("ParseLaunch(%q): err %v, want error %v", c.args, err, c.wantErr)
			continue
		}
		if err == nil {
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("ParseLaunch(%q) (-want +got):\n%s", c.args, diff)
			}
		}
	}
}

func TestParseIgnore(t *testing.T) {
	known := func(s string) bool { return s == "bankconflict" || s == "coalescing" }
	cases := []struct {
		args    string
		want    Ignore
		wantErr bool
	}{
		{"bankconflict read once", Ignore{[]string{"bankconflict"}, "read once"}, false},
		{"bankconflict,coalescing tested on hw", Ignore{[]string{"bankconflict", "coalescing"}, "tested on hw"}, false},
		{"all generated", Ignore{[]string{"all"}, "generated"}, false},
		{"bankconflict", Ignore{}, true},
		{"", Ignore{}, true},
		{"nosuchcheck because", Ignore{}, true},
		{"bankconflict, the tile is read once", Ignore{}, true},
		{"bankconflict,,coalescing why", Ignore{}, true},
		{",bankconflict why", Ignore{}, true},
	}
	for _, c := range cases {
		got, err := ParseIgnore(c.args, known)
		if (err != nil) != c.wantErr {
			t.Errorf("ParseIgnore(%q): err %v, want error %v", c.args, err, c.wantErr)
			continue
		}
		if err == nil {
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("ParseIgnore(%q) (-want +got):\n%s", c.args, diff)
			}
		}
	}
}

func TestSplit(t *testing.T) {
	cases := []struct{ in, name, args string }{
		{"//smemlint:launch block=32", "launch", "block=32"},
		{"//smemlint:ignore all reason // trailing", "ignore", "all reason"},
		{"//smemlint:launch", "launch", ""},
		{"//smemlint:launch\tblock=32", "launch", "block=32"},
		{"//smemlint:launch  \t block=32 // tuned", "launch", "block=32"},
	}
	for _, c := range cases {
		name, args, ok := Split(c.in)
		if !ok || name != c.name || args != c.args {
			t.Errorf("Split(%q) = %q, %q, %v; want %q, %q", c.in, name, args, ok, c.name, c.args)
		}
	}
	if _, _, ok := Split("// smemlint:launch block=32"); ok {
		t.Error("a comment with a space after // is not a directive")
	}
}

// TestNearMiss: a launch or ignore directive that Go does not read as one
// is named with its form; prose and real directives are not.
func TestNearMiss(t *testing.T) {
	for _, c := range []struct{ comment, want string }{
		{"// smemlint:launch block=32", "smemlint:launch with white space after // is not read as a directive"},
		{"//\tsmemlint:ignore all generated", "smemlint:ignore with white space after // is not read as a directive"},
		{"/* smemlint:launch block=32 */", "smemlint:launch in a /* */ comment is not read as a directive"},
		{"//smemlint:launch block=32", ""},
		{"// smemlint: tuned by hand", ""},
		{"// smemlint:launches are read from simt.Launch", ""},
		{"/* a comment */", ""},
	} {
		got := NearMiss(c.comment)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("NearMiss(%q) = %q, want %q", c.comment, got, c.want)
		}
	}
}
