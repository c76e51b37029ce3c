package ncu

import (
	"strings"
	"testing"
)

// TestParseRawTextAttributes: the raw page of a real run lists device
// attributes and launch settings as text beside the counters.
func TestParseRawTextAttributes(t *testing.T) {
	text := "\"ID\",\"Kernel Name\",\"device__attribute_confidential_computing_mode\",\"launch__tpc_enabled\",\"a__b.sum\"\n" +
		"\"0\",\"S01_p\",\"No-CC\",\"all\",\"1,024\"\n"
	ls, err := ParseRaw("raw.csv", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 1 || ls[0].Metrics["a__b.sum"] != 1024 {
		t.Fatalf("launches %+v, want S01_p with a__b.sum = 1024", ls)
	}
}

func TestParseRawErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "empty"},
		{"==PROF== Disconnected\n", "empty"},
		{"\"ID\",\"Name\"\n\"0\",\"x\"\n", "no \"Kernel Name\" column"},
		{"\"ID\",\"Kernel Name\",\"a__b.sum\"\n\"0\",\"S01_p\",\"lots\"\n", "raw.csv: record 2: a__b.sum = \"lots\": not a number"},
		{"\"ID\",\"Kernel Name\",\"a__b.sum\"\n\"0\",\"S01_p\"\n", "raw.csv: record 2: 2 fields, the header has 3"},
		{"\"ID\",\"Kernel Name\"\n\"\",\"\"\n", "no launches"},
	} {
		_, err := ParseRaw("raw.csv", strings.NewReader(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseRaw(%q) = %v, want an error containing %q", tc.text, err, tc.want)
		}
	}
}
