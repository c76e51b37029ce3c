// Package directive parses smemlint's comment directives:
//
//	//smemlint:launch block=32x8 grid=64x64 shared=4096 arch=sm_90 cluster=2
//	//smemlint:ignore bankconflict the tile is read once per block
package directive

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Prefix starts every directive.
const Prefix = "//smemlint:"

// Launch is a parsed //smemlint:launch directive.
type Launch struct {
	Block, Grid, Cluster [3]int // zero: not given
	Shared               int64  // -1: not given
	Arch                 string
}

// ParseLaunch parses the text after "//smemlint:launch".
func ParseLaunch(args string) (Launch, error) {
	l := Launch{Shared: -1}
	fields := strings.Fields(args)
	if len(fields) == 0 {
		return l, fmt.Errorf("//smemlint:launch needs at least block=X[xY[xZ]]")
	}
	seen := map[string]string{}
	for _, f := range fields {
		key, val, ok := strings.Cut(f, "=")
		if !ok || val == "" {
			return l, fmt.Errorf("//smemlint:launch: %q is not key=value (keys: block, grid, cluster, shared, arch)", f)
		}
		if prev, dup := seen[key]; dup {
			return l, fmt.Errorf("//smemlint:launch: %s given twice (%s and %s); give each key once", key, prev, f)
		}
		seen[key] = f
		var err error
		switch key {
		case "block":
			l.Block, err = parseDim(val)
		case "grid":
			l.Grid, err = parseDim(val)
		case "cluster":
			l.Cluster, err = parseDim(val)
		case "shared":
			l.Shared, err = parseBytes(val)
		case "arch":
			l.Arch = val
		default:
			err = fmt.Errorf("unknown key %q (keys: block, grid, cluster, shared, arch)", key)
		}
		if err != nil {
			return l, fmt.Errorf("//smemlint:launch %s: %w", f, err)
		}
	}
	if l.Block[0] == 0 {
		return l, fmt.Errorf("//smemlint:launch needs block=X[xY[xZ]]")
	}
	return l, nil
}

// parseDim parses "32", "32x8" or "32x8x2" (also with × or *).
func parseDim(s string) ([3]int, error) {
	d := [3]int{1, 1, 1}
	// Split, not FieldsFunc: "32xx8" has an empty dimension, not two.
	parts := strings.Split(strings.NewReplacer("X", "x", "×", "x", "*", "x").Replace(s), "x")
	if len(parts) > 3 {
		return d, fmt.Errorf("want X, XxY or XxYxZ")
	}
	for i, p := range parts {
		if p == "" {
			return d, fmt.Errorf("%q has an empty dimension; want X, XxY or XxYxZ", s)
		}
		n, err := strconv.Atoi(p)
		if err != nil || n <= 0 {
			return d, fmt.Errorf("%q is not a positive integer", p)
		}
		d[i] = n
	}
	return d, nil
}

// parseBytes parses "4096", "4K" or "4KB" (kibibytes).
func parseBytes(s string) (int64, error) {
	mult := int64(1)
	u := strings.ToUpper(s)
	for _, suf := range []string{"KB", "K"} {
		if strings.HasSuffix(u, suf) {
			u, mult = strings.TrimSuffix(u, suf), 1024
			break
		}
	}
	n, err := strconv.ParseInt(u, 10, 64)
	if errors.Is(err, strconv.ErrRange) || n > math.MaxInt64/mult {
		return 0, fmt.Errorf("%q is more bytes than any block can have", s)
	}
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a byte count", s)
	}
	return n * mult, nil
}

// Ignore is a parsed //smemlint:ignore directive.
type Ignore struct {
	Checks []string // check names, or "all"
	Reason string
}

// ParseIgnore parses the text after "//smemlint:ignore"; known tells
// which check names exist.
func ParseIgnore(args string, known func(string) bool) (Ignore, error) {
	fields := strings.Fields(args)
	if len(fields) == 0 {
		return Ignore{}, fmt.Errorf("//smemlint:ignore needs a check name and a reason: //smemlint:ignore bankconflict why it is fine")
	}
	var ig Ignore
	if strings.HasSuffix(fields[0], ",") {
		return Ignore{}, fmt.Errorf("//smemlint:ignore %s: a comma ends the check names; list several checks without spaces (bankconflict,coalescing), then the reason", fields[0])
	}
	for _, c := range strings.Split(fields[0], ",") {
		if c == "" {
			return Ignore{}, fmt.Errorf("//smemlint:ignore %s: an empty check name; separate check names by one comma", fields[0])
		}
		if c != "all" && !known(c) {
			return Ignore{}, fmt.Errorf("//smemlint:ignore: unknown check %q", c)
		}
		ig.Checks = append(ig.Checks, c)
	}
	ig.Reason = strings.Join(fields[1:], " ")
	if ig.Reason == "" {
		return Ignore{}, fmt.Errorf("//smemlint:ignore %s: a reason is required after the check name", fields[0])
	}
	return ig, nil
}

// Matches reports whether the directive suppresses check.
func (ig Ignore) Matches(check string) bool {
	for _, c := range ig.Checks {
		if c == check || c == "all" {
			return true
		}
	}
	return false
}

// Split splits a comment's text into the directive name and its
// arguments; ok is false when the comment is no smemlint directive.
func Split(comment string) (name, args string, ok bool) {
	rest, ok := strings.CutPrefix(comment, Prefix)
	if !ok {
		return "", "", false
	}
	// Any white space, a tab included, ends the name.
	if i := strings.IndexAny(rest, " \t"); i >= 0 {
		name, args = rest[:i], rest[i+1:]
	} else {
		name = rest
	}
	// A trailing comment, as in //smemlint:launch block=32 // tuned, is
	// not part of the directive.
	if i := strings.Index(args, "//"); i >= 0 {
		args = args[:i]
	}
	return name, strings.TrimSpace(args), true
}

// NearMiss says why comment, which Split does not read, was likely meant
// as a directive and is not one, or returns "": a line comment with white
// space between // and smemlint:launch or smemlint:ignore, or a block
// comment holding one. Go reads directives only in the //name: form, and
// a directive that is not read changes nothing, in silence.
func NearMiss(comment string) string {
	var form string
	switch {
	case strings.HasPrefix(comment, "//"):
		rest := strings.TrimLeft(comment[2:], " \t")
		if len(rest) == len(comment)-2 {
			return ""
		}
		form = "with white space after //"
		comment = rest
	case strings.HasPrefix(comment, "/*"):
		form = "in a /* */ comment"
		comment = strings.TrimLeft(strings.TrimSuffix(comment[2:], "*/"), " \t")
	default:
		return ""
	}
	rest, ok := strings.CutPrefix(comment, "smemlint:")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, " ")
	name, _, _ = strings.Cut(name, "\t")
	if name != "launch" && name != "ignore" {
		return ""
	}
	return fmt.Sprintf("smemlint:%s %s is not read as a directive: write it as a line comment, //smemlint:%s, with nothing between // and smemlint", name, form, name)
}
