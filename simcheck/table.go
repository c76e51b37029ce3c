package simcheck

import (
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"strings"
	"text/tabwriter"

	"github.com/smemlint/smemlint/simt"
)

// WriteTable prints the agreement table: every row when all is set,
// otherwise the rows that are not plain agreements. The summary and the
// hazards follow.
func WriteTable(w io.Writer, r *Report, all bool) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SITE\tOP\tACCESS\tCHECK\tBLOCK\tPREDICTED\tMEASURED\tREQUESTS\tVERDICT")
	for _, row := range r.Rows {
		if !all && row.Verdict == Agree {
			continue
		}
		check := row.Check
		if check == "" {
			check = "-"
		}
		verdict := row.Verdict.String()
		if row.Why != "" {
			verdict += ": " + row.Why
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\n", row.Site, row.Op, row.Text, check,
			orDash(row.Block), row.Predicted, row.Measured, row.Requests, verdict)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, row := range r.Rows {
		if row.Verdict == Disagree && row.Worst != nil {
			fmt.Fprintf(w, "%s %s: worst request: %s\n", row.Site, row.Op, describeRequest(row.Worst))
		}
	}
	c := r.Counts
	agreement := 100.0
	if c.Checked > 0 {
		agreement = 100 * float64(c.Agree) / float64(c.Checked)
	}
	fmt.Fprintf(w, "\n%d sites: %d checked against measurements (%d requests), %d agree (%.1f%%), %d disagree; "+
		"%d unpredicted, %d not executed, %d not instrumented\n",
		c.Sites, c.Checked, c.Requests, c.Agree, agreement, c.Disagree, c.Unpredicted, c.NotExecuted, c.NotInstrumented)
	writeLaunchErrors(w, r.LaunchErrors)
	writeHazards(w, r.Hazards, all)
	return nil
}

// writeLaunchErrors lists the traced launches that failed: their sites
// measured only what ran before the failure, nothing after a timeout.
func writeLaunchErrors(w io.Writer, fs []*LaunchFailure) {
	if len(fs) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s failed; a site measures only what ran before the failure (nothing, after a timeout):\n", tracedLaunches(countLaunches(fs)))
	for _, f := range fs {
		times := ""
		if f.Launches > 1 {
			times = fmt.Sprintf(" (%d launches)", f.Launches)
		}
		fmt.Fprintf(w, "  %s%s\n", f.Err, times)
	}
}

// maxHazards is how many hazards the table lists without -all.
const maxHazards = 12

func writeHazards(w io.Writer, hs []*Hazard, all bool) {
	if len(hs) == 0 {
		return
	}
	confirmed := 0
	for _, h := range hs {
		if h.Static != "" {
			confirmed++
		}
	}
	fmt.Fprintf(w, "\n%d shared-memory hazards seen (pairs of sites), %d on a line smemrace or warpsync reports:\n", len(hs), confirmed)
	for i, h := range hs {
		if i == maxHazards && !all {
			fmt.Fprintf(w, "  ... and %d more (-all or -json lists them)\n", len(hs)-i)
			break
		}
		static := h.Static
		if static == "" {
			static = "NOT REPORTED STATICALLY"
		}
		fmt.Fprintf(w, "  %s %s: %s by thread %s, then %s by thread %s (block %s, arena offset %d; %d times) [%s]\n",
			h.Kind, h.Op, h.First, dim(h.ThreadFirst), h.Second, dim(h.ThreadSecond), dim(h.Block), h.Offset, h.Count, static)
	}
}

// WriteJSON prints the report as one JSON document.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// describeRequest lists a request's lanes and their addresses.
func describeRequest(r *simt.TraceRequest) string {
	var b strings.Builder
	fmt.Fprintf(&b, "block %s warp %d, %d-byte, figure %d (ideal %d), lane:address", dim(r.Block), r.Warp, r.Size, r.Figure, r.Ideal)
	i := 0
	for m := r.On; m != 0; m &= m - 1 {
		fmt.Fprintf(&b, " %d:%d", bits.TrailingZeros32(m), r.Addr[i])
		i++
	}
	return b.String()
}

func dim(d simt.Dim3) string { return fmt.Sprintf("(%d,%d,%d)", d.X, d.Y, d.Z) }
