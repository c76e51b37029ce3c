package main

import (
	"os"
	"strings"
	"testing"

	"github.com/smemlint/smemlint/model"
)

func loadCases(t *testing.T) *Cases {
	t.Helper()
	f, err := os.Open("../micro/cases.h")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cs, err := parseCases("cases.h", f)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestCasesInBounds checks that every case of cases.h parses and keeps
// every thread's index inside the buffer micro.cu gives it.
func TestCasesInBounds(t *testing.T) {
	cs := loadCases(t)
	a := model.MustLookup("sm_90")
	for _, c := range cs.List {
		if _, err := predict(a, cs, c); err != nil {
			t.Error(err)
		}
	}
}

func TestCompile(t *testing.T) {
	v := vars{tid: 13, tx: 5, ty: 1, bidx: 2, bidy: 3}
	for _, tc := range []struct {
		src  string
		want int64
	}{
		{"tid % 8 + tid / 8 * 4", 5 + 4},
		{"((tid % 8) >> 1) + 4 * (tid >> 4) + 8 * ((tid >> 3) & 1)", 2 + 0 + 8},
		{"tx * 32 + (ty ^ tx)", 160 + 4},
		{"tid ^ 1", 12},
		{"(bidy * 8 + ty) * 1024 + bidx * 32 + tx", 25*1024 + 69},
		{"tid % 16 < 4", 0},
		{"tid != 31", 1},
		{"31 - tid", 18},
	} {
		e, err := compile(tc.src)
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		if got, err := e(&v); err != nil || got != tc.want {
			t.Errorf("%s = %d, %v; want %d", tc.src, got, err, tc.want)
		}
	}
}

// TestCompileRejects checks the expressions C and Go would read
// differently, and the ones that cannot be evaluated, are refused.
func TestCompileRejects(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"tid >> 1 + 2", "parentheses"},
		{"tid & 1 == 0", "parentheses"},
		{"2 * tid ^ 1", "parentheses"},
		{"lane * 2", "unknown name lane"},
		{"tid * 2.5", "only integers"},
		{"f(tid)", "unsupported"},
	} {
		if _, err := compile(tc.src); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("compile(%q) = %v, want an error containing %q", tc.src, err, tc.want)
		}
	}
	e, err := compile("tid - 40")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e(&vars{tid: 3}); err == nil || !strings.Contains(err.Error(), "negative") {
		t.Errorf("tid - 40 at tid 3: err = %v, want a negative-value error", err)
	}
}

func TestParseCasesErrors(t *testing.T) {
	head := "#define MICRO_SHARED_BYTES 49152\n#define MICRO_GLOBAL_BYTES 1024\n"
	for _, tc := range []struct{ text, want string }{
		{head + "X(A, SLD, F32, 32, 1, 1, 1, 1, tid)\n", "cases.h:3: case has 9 fields"},
		{head + "X(A, SXX, F32, 32, 1, 1, 1, 1, tid, tid)\n", "cases.h:3: case A: op \"SXX\""},
		{head + "X(A, SLD, F32, 32, 1, 1, 1, 1, tid, tid)\nX(A, SLD, F32, 32, 1, 1, 1, 1, tid, tid)\n", "cases.h:4: case A already on line 3"},
		{head + "X(A, SLD, F32, 0, 1, 1, 1, 1, tid, tid)\n", "dimension \"0\""},
		{"X(A, SLD, F32, 32, 1, 1, 1, 1, tid, tid)\n", "MICRO_SHARED_BYTES"},
		{head, "no X(...) case lines"},
	} {
		_, err := parseCases("cases.h", strings.NewReader(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("parseCases(%q) = %v, want an error containing %q", tc.text, err, tc.want)
		}
	}
}

func TestOutOfBounds(t *testing.T) {
	cs, err := parseCases("cases.h", strings.NewReader("#define MICRO_SHARED_BYTES 4096\n#define MICRO_GLOBAL_BYTES 4096\nX(A, SLD, F64, 32, 1, 1, 1, 1, tid * 32, tid)\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = predict(model.MustLookup("sm_90"), cs, cs.List[0])
	if err == nil || !strings.Contains(err.Error(), "beyond the 4096-byte buffer") {
		t.Errorf("predict = %v, want an out-of-buffer error", err)
	}
}
