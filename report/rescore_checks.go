package report

import (
	"path/filepath"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/message"

	"revokes/rescore"
)

// maxChecks is the most sessions the Checks block lists; the CSV and JSON
// Lines reports hold them all.
const maxChecks = 5000

// checksBlock writes the Summary sheet's Checks block (rescoring.md §9):
// every session with its method and why, the note on what could not be
// checked, and the counts of boards, stated and reproduced values and
// totals, one row each, numbers in columns of their own.
func (x *XLSX) checksBlock(w *sheetWriter, res *rescore.Result) {
	p := x.p
	// Counts at the top of their row, beside the wrapped text.
	num, err := x.f.NewStyle(&excelize.Style{NumFmt: 3, Alignment: &excelize.Alignment{Vertical: "top"}})
	if err != nil {
		w.err = err
		return
	}
	w.row++
	w.set(1, tr(p, "Checks"), x.st.section)
	w.fill(2, 7, x.st.section)
	w.row++
	heads := []string{"Session", "Method and why", "Boards", "Stated", "Reproduced", "Totals stated", "Totals reproduced"}
	for i, h := range heads {
		w.set(i+1, tr(p, h), x.st.header)
	}
	w.height(2) // the headers of the counts wrap to two lines
	w.row++
	names := map[string]int{}
	for i := range res.Sessions {
		names[sessionLabel(p, &res.Sessions[i])]++
	}
	for i := range res.Sessions {
		if i == maxChecks {
			w.set(1, tr(p, "… and %d more", len(res.Sessions)-maxChecks), x.st.label)
			w.set(2, tr(p, "the CSV and JSON Lines reports list every session"), x.st.note)
			w.row++
			break
		}
		s := &res.Sessions[i]
		name := sessionLabel(p, s)
		if names[name] > 1 {
			// Sessions of one name (vugraph segments of several files):
			// the file tells them apart.
			name += " — " + filepath.Base(s.File)
		}
		text := checkWhy(p, s)
		if n := sessionNote(p, s); n != "" {
			text += "; " + n
		}
		w.set(1, name, x.st.label)
		w.set(2, text, x.st.note)
		// Wrapped text: the row gets the height of its lines (column B
		// holds about a hundred characters a line).
		w.height((len([]rune(text)) + 99) / 100)
		for k, n := range []int{s.Boards, s.Stated, s.Reproduced, s.TotalsStated, s.TotalsReproduced} {
			w.set(3+k, n, num)
		}
		w.row++
	}
	for i, c := range []string{"C", "D", "E", "F", "G"} {
		if w.err == nil { // wide enough that a header wraps between words
			w.err = x.f.SetColWidth(w.sh, c, c, headerWidth(tr(p, heads[2+i]), 16))
		}
	}
}

// height gives the current row the height of n lines of text.
func (w *sheetWriter) height(n int) {
	if w.err == nil && n > 1 {
		w.err = w.x.f.SetRowHeight(w.sh, w.row, float64(15*n+3))
	}
}

// sessionLabel names a session as people read it: event and section.
func sessionLabel(p *message.Printer, s *rescore.Session) string {
	name := s.Event
	if s.Section != "" {
		name += " / " + s.Section
	}
	if name == "" {
		name = tr(p, "(no event)")
	}
	return name
}

// checkWhy says by which method a session was checked and where the
// method came from, or why it was not re-scored.
func checkWhy(p *message.Printer, s *rescore.Session) string {
	m := methodName(p, sessionMethod(s))
	switch s.Why {
	case "tag":
		return tr(p, "%s, from the file (Scoring tag or vugraph letter)", m)
	case "flag":
		return tr(p, "%s, from -scoring", m)
	case rescore.WhyNoMethod:
		return tr(p, "not re-scored: no scoring method known (method-unknown); -scoring names one")
	case rescore.WhyBefore1962:
		return tr(p, "not re-scored: IMPs dated before 1962-09-01 (method-unknown); -scoring names a method")
	case rescore.WhyOneTable:
		return tr(p, "not re-scored: one table only on every board (field-missing)")
	case rescore.WhyPairsOnRooms:
		return tr(p, "not re-scored: pairs scoring on the two rooms of a vugraph (method-unknown)")
	case rescore.WhyTeamsOnField:
		return tr(p, "not re-scored: %s compares the two rooms of a match, but the boards have more tables (method-unknown)", m)
	case rescore.WhyIndividual:
		return tr(p, "not re-scored: %s, a teams method, cannot score an individual event's per-player values (method-unknown)", m)
	}
	return tr(p, "not re-scored (%s)", s.Why)
}
