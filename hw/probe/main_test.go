package main

import (
	"os"
	"strings"
	"testing"
)

// The committed probe.cu, which was measured, is what the committed list
// of cases makes.
func TestCommittedProbe(t *testing.T) {
	f, err := os.Open("../results/probe/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cs, err := read("cases.txt", f)
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	if err := write(&got, cs); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../results/probe/probe.cu")
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("probe.cu differs from what cases.txt makes (%d cases)", len(cs))
	}
}

func TestModes(t *testing.T) {
	addrs := strings.Repeat(" 0", 31)
	cs, err := read("c", strings.NewReader("a S8 8"+addrs+"\nb G 16"+addrs+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := write(&out, cs); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"#line 1 \"cases.txt\"\n    case 0: asm volatile(\"ld.shared.v2.f32 {%0,%1}, [%2];\"",
		"#line 2 \"cases.txt\"\n    case 1: asm volatile(\"ld.v4.f32 {%0,%1,%2,%3}, [%4];\"",
		"  8, 0, 0,",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
	for _, bad := range []string{"a X" + addrs + " 0\n", "a S 0 0\n"} {
		if _, err := read("c", strings.NewReader(bad)); err == nil {
			t.Errorf("%q read without an error", bad)
		}
	}
}
