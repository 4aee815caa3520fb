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
	c *rescore.Collector
}

func newRescoreWriter(w report.Writer, opt rescore.Options) *rescoreWriter {
	return &rescoreWriter{Writer: w, c: rescore.NewCollector(opt)}
}

// Board keeps the board's result and writes its findings.
func (r *rescoreWriter) Board(f *analyze.Findings) error {
	r.c.Add(f)
	return r.Writer.Board(f)
}

// Close re-scores, writes the problems found, and closes the report.
func (r *rescoreWriter) Close(s *report.Summary) error {
	res := r.c.Finish()
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
	stated, repr := 0, 0
	for _, x := range r.Sessions {
		stated += x.Stated
		repr += x.Reproduced
	}
	fmt.Fprintln(w, p.Sprintf("Re-scored %d boards (%d of %d stated values reproduced); %d pairs or teams changed total or rank, %d changed rank.",
		r.BoardsRescored, repr, stated, r.PairsAffected, r.RankChanges))
}
