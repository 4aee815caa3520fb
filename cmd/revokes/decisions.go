package main

import (
	"sort"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/report"
)

// decisionsWriter passes every board to the report and notes which ids of
// the director's decisions (-decisions) the run met; at Close each id it
// did not meet becomes the warning decision-unmatched (output.md
// "Revision 3"), at the decision's row of the decisions file.
type decisionsWriter struct {
	report.Writer
	d   *report.Decisions
	met map[string]bool
}

func newDecisionsWriter(w report.Writer, d *report.Decisions) *decisionsWriter {
	return &decisionsWriter{Writer: w, d: d, met: make(map[string]bool, len(d.ByID))}
}

// Board notes the ids of the board's revokes that have a decision.
func (w *decisionsWriter) Board(f *analyze.Findings) error {
	for i := range f.Revokes {
		if id := f.Revokes[i].ID; id != "" {
			if _, ok := w.d.ByID[id]; ok {
				w.met[id] = true
			}
		}
	}
	return w.Writer.Board(f)
}

// Close writes a problem for every decision not met, in the file's row
// order, and closes the report.
func (w *decisionsWriter) Close(s *report.Summary) error {
	for _, pr := range w.unmatched() {
		if err := w.Writer.Problem(pr); err != nil {
			return err
		}
		s.AddProblem(pr)
	}
	return w.Writer.Close(s)
}

// unmatched returns the problems of the decisions whose id the run did
// not meet.
func (w *decisionsWriter) unmatched() []pbn.Problem {
	var out []pbn.Problem
	for id, dec := range w.d.ByID {
		if w.met[id] {
			continue
		}
		row := w.d.Row[id]
		out = append(out, pbn.Problem{File: w.d.File, Line: row, Code: "decision-unmatched", Severity: pbn.Warning,
			Text: pbn.Msg("row %d: no revoke of this run has the id %s of the decision %q: the decision is not used", row, id, dec.Text)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out
}

// Abort discards the report.
func (w *decisionsWriter) Abort() { abort(w.Writer) }
