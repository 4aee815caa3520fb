package report

import (
	"strconv"
	"strings"

	"golang.org/x/text/message"

	"revokes/rescore"
)

// The sessions checked (rescoring.md §9 "Every session is checked"): a
// "rescore_session" row per session in JSON Lines, NAME.rescore-sessions.csv,
// and the summary row's stated and reproduced counts (board values and
// totals over every session).

// sessionMethod is the method of a session's row: the one applied, else
// the one refused.
func sessionMethod(s *rescore.Session) string {
	if s.Method != "" {
		return s.Method
	}
	return s.Tried
}

// sessionNote joins a session's notes, in the report's language.
func sessionNote(p *message.Printer, s *rescore.Session) string {
	var notes []string
	for _, m := range s.Notes {
		notes = append(notes, Text(p, m))
	}
	return strings.Join(notes, "; ")
}

// appendRescoreSession appends the JSON object of one session checked.
func appendRescoreSession(b []byte, p *message.Printer, s *rescore.Session) []byte {
	b = append(b, `{"type":"rescore_session"`...)
	b = appendStr(b, "file", s.File)
	b = appendOptStr(b, "event", s.Event)
	b = appendOptStr(b, "section", s.Section)
	b = appendOptStr(b, "method", sessionMethod(s))
	b = appendStr(b, "why", s.Why)
	b = appendInt(b, "boards", s.Boards)
	b = appendInt(b, "stated", s.Stated)
	b = appendInt(b, "reproduced", s.Reproduced)
	b = appendInt(b, "totals_stated", s.TotalsStated)
	b = appendInt(b, "totals_reproduced", s.TotalsReproduced)
	b = appendOptStr(b, "note", sessionNote(p, s))
	return append(b, "}\n"...)
}

// writeRescoreSessions writes the rescore_session rows of a JSON Lines
// report.
func (j *JSONL) writeRescoreSessions(res *rescore.Result) error {
	for i := range res.Sessions {
		j.buf = appendRescoreSession(j.buf[:0], j.p, &res.Sessions[i])
		if _, err := j.w.Write(j.buf); err != nil {
			return err
		}
	}
	return nil
}

// statedCounts returns the stated values and how many were reproduced,
// board values and totals, over every session (the summary row).
func statedCounts(res *rescore.Result) (stated, reproduced int) {
	for _, s := range res.Sessions {
		stated += s.Stated + s.TotalsStated
		reproduced += s.Reproduced + s.TotalsReproduced
	}
	return stated, reproduced
}

// rescoreSessionKeys are the columns of NAME.rescore-sessions.csv.
var rescoreSessionKeys = []string{
	"file", "event", "section", "method", "why", "boards", "stated", "reproduced",
	"totals_stated", "totals_reproduced", "note",
}

// rescoreSessionRows returns the lines of NAME.rescore-sessions.csv.
func rescoreSessionRows(p *message.Printer, res *rescore.Result) [][]string {
	it := strconv.Itoa
	var rows [][]string
	for i := range res.Sessions {
		s := &res.Sessions[i]
		rows = append(rows, []string{
			neutralise(s.File), neutralise(s.Event), neutralise(s.Section), sessionMethod(s), s.Why,
			it(s.Boards), it(s.Stated), it(s.Reproduced), it(s.TotalsStated), it(s.TotalsReproduced),
			neutralise(sessionNote(p, s)),
		})
	}
	return rows
}
