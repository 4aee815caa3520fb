package main

import (
	"fmt"
	"io"

	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/correct"
	"revokes/pbn/boards"
	"revokes/report"
)

// correctedWriter passes every board to the report and keeps the fixes of
// the boards whose result an applied revoke changed (-corrected DIR); at
// Close it re-reads just the inputs that need a copy and writes the
// corrected copies (rescoring.md §10), then hands their problems and
// counts to the report. Without -corrected the report gets the boards
// directly.
type correctedWriter struct {
	report.Writer
	a *correct.Archive
	// rescored is the re-scoring of the run (-rescore), whose changed
	// stated values the copies state; nil without it.
	rescored *rescoreWriter
}

func newCorrectedWriter(w report.Writer, dir string, walker *boards.Walker, ins []boards.Input) *correctedWriter {
	// A walker of its own: the run's counts its progress and files.
	again := &boards.Walker{FS: walker.FS, MaxMember: walker.MaxMember}
	a := &correct.Archive{Dir: dir, Walker: again}
	for _, in := range ins {
		a.Inputs = append(a.Inputs, in.Name)
	}
	return &correctedWriter{Writer: w, a: a}
}

// Board keeps the board's fix and writes its findings.
func (c *correctedWriter) Board(f *analyze.Findings) error {
	c.a.Add(f)
	return c.Writer.Board(f)
}

// Close writes the corrected copies, their problems, and closes the
// report.
func (c *correctedWriter) Close(s *report.Summary) error {
	if c.rescored != nil {
		c.a.Texts(c.rescored.result().Texts)
	}
	n, probs := c.a.Write()
	for _, pr := range probs {
		if err := c.Writer.Problem(pr); err != nil {
			return err
		}
		s.AddProblem(pr)
	}
	s.Corrected = &report.Corrected{Dir: c.a.Dir, Files: n, LIN: c.a.LIN()}
	return c.Writer.Close(s)
}

// Abort discards the report.
func (c *correctedWriter) Abort() { abort(c.Writer) }

// printCorrected says on stderr how many corrected copies were written,
// and that LIN inputs are not copied (rescoring.md §10).
func printCorrected(w io.Writer, p *message.Printer, s *report.Summary) {
	if c := s.Corrected; c != nil {
		fmt.Fprintln(w, p.Sprintf("Corrected copies: %d PBN files written under %s; LIN inputs are not copied (%d with a changed board)", c.Files, c.Dir, c.LIN))
	}
}
