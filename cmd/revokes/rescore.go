package main

import (
	"fmt"
	"io"

	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/report"
	"revokes/rescore"
)

// rescoreWriter passes every board to the report and keeps what
// re-scoring needs of it (-rescore); at Close it re-scores the sessions,
// hands their problems to the report and the result with the summary.
// Without -rescore the report gets the boards directly: the pipeline stays
// as it is.
type rescoreWriter struct {
	report.Writer
	c      *rescore.Collector
	res    *rescore.Result // once Finish has run
	n      int
	room   bool  // the run sets the memory limit (ownLimit): keep room in it
	raised int64 // bytes added to the memory limit for the Collector
}

func newRescoreWriter(w report.Writer, opt rescore.Options, room bool) *rescoreWriter {
	return &rescoreWriter{Writer: w, c: rescore.NewCollector(opt), room: room}
}

// Board keeps the board's result and writes its findings.
func (r *rescoreWriter) Board(f *analyze.Findings) error {
	r.c.Add(f)
	if r.n++; r.n%(1<<14) == 0 && r.room {
		// What the Collector keeps cannot be freed: the memory limit
		// keeps the usual room above the live heap as it grows, or the
		// collector would run without end.
		r.raised += keepRoom(liveHeap())
	}
	return r.Writer.Board(f)
}

// result re-scores the sessions, once: the corrected copies ask first
// (their writer closes before this one), the report then.
func (r *rescoreWriter) result() *rescore.Result {
	if r.res == nil {
		r.res = r.c.Finish()
	}
	return r.res
}

// Close re-scores, writes the problems found, and closes the report.
func (r *rescoreWriter) Close(s *report.Summary) error {
	res := r.result()
	defer raiseMemoryLimit(-r.raised)
	for _, p := range res.Problems {
		if err := r.Writer.Problem(p); err != nil {
			return err
		}
		s.Problems++
	}
	s.Rescore = res
	return r.Writer.Close(s)
}

// Abort discards the report.
func (r *rescoreWriter) Abort() { abort(r.Writer) }

// printRescore says on stderr what re-scoring did, with the reproduction
// count of the values the files state (rescoring.md §4).
func printRescore(w io.Writer, p *message.Printer, s *report.Summary) {
	r := s.Rescore
	if r == nil {
		return
	}
	stated, repr, totals, totalsRepr := 0, 0, 0, 0
	for _, x := range r.Sessions {
		stated += x.Stated
		repr += x.Reproduced
		totals += x.TotalsStated
		totalsRepr += x.TotalsReproduced
	}
	line := p.Sprintf("Re-scored %d boards (%d of %d stated values reproduced); %d pairs or teams changed total or rank, %d changed rank",
		r.BoardsRescored, repr, stated, r.PairsAffected, r.RankChanges)
	if totals > 0 {
		// TotalScoreTable totals and vugraph carry-overs (rescoring.md §9).
		line += p.Sprintf("; %d of %d totals (TotalScoreTable, vugraph carry-overs) reproduced", totalsRepr, totals)
	}
	fmt.Fprintln(w, line+".")
}

// datumTrimNotice says when -datum-trim did nothing in the run: no session
// was scored by Butler, or its boards had too few results for the scores
// it names to be dropped (the datum then drops none).
func datumTrimNotice(w io.Writer, p *message.Printer, trim int, r *rescore.Result) {
	if r == nil {
		return
	}
	butler, short := 0, 0
	for _, b := range r.Boards {
		if b.Method != "butler" {
			continue
		}
		butler++
		if 2*trim >= b.Tables {
			short++
		}
	}
	switch {
	case butler == 0:
		fmt.Fprintln(w, "revokes: "+p.Sprintf("-datum-trim has no effect: no session was scored by Butler"))
	case short > 0:
		fmt.Fprintln(w, "revokes: "+p.Sprintf("-datum-trim %d drops no score on %d of %d Butler boards: they have fewer than %d results", trim, short, butler, 2*trim+1))
	}
}
