package report

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/pbn"
)

// kind is the type of one cell of a report row.
type kind uint8

const (
	absent kind = iota // no value: an empty cell, an omitted JSON key
	text               // text from the record or the run
	code               // a code that never changes with the language
	number
	boolean
	list // codes or cards, joined with spaces
	day  // a date: s as YYYY-MM-DD, n the days since 1970-01-01
)

// cell is one value of a report row.
type cell struct {
	kind  kind
	s     string
	n     int
	b     bool
	items []string // a list's items, when they may hold spaces (else s)
}

func textCell(s string) cell {
	if s == "" {
		return cell{}
	}
	return cell{kind: text, s: s}
}
func codeCell(s string) cell { return cell{kind: code, s: s} }
func numCell(n int) cell     { return cell{kind: number, n: n} }
func boolCell(b bool) cell   { return cell{kind: boolean, b: b} }
func listCell(s string) cell { return cell{kind: list, s: s} }

// revokeKeys are the keys of a revoke row (output.md), in column order.
var revokeKeys = []string{
	"file", "game", "line", "event", "site", "date", "board", "room",
	"dealer", "vulnerable", "contract", "declarer", "edition",
	"offender", "role", "trick", "led", "card", "held", "won_by",
	"established", "established_by", "transfer", "rule", "assessment", "evidence", "reason", "flags",
	"id", "applied", "not_applied", "decision",
	"tricks_recorded", "tricks_adjusted", "score_recorded", "score_adjusted",
	"dd_with_revoke", "dd_without_revoke", "dd_gain",
	"north", "east", "south", "west", "offender_name", "deal", "auction", "trick_cards", "scoring",
	"duplicate_of",
}

// revokeRow fills dst (of len(revokeKeys)) with the cells of one revoke
// row, with the same presence rules as the JSON Lines row.
func revokeRow(dst []cell, f *analyze.Findings, r *analyze.Revoke, p *message.Printer) []cell {
	bd := f.Board
	dst = dst[:0]
	dst = append(dst, textCell(bd.File), numCell(bd.Index))
	if bd.Line > 0 {
		dst = append(dst, numCell(bd.Line))
	} else {
		dst = append(dst, cell{})
	}
	for _, tag := range [...]string{"Event", "Site", "Date", "Board", "Room"} {
		dst = append(dst, textCell(bd.Tag(tag)))
	}
	opt := func(ok bool, s string) cell {
		if !ok {
			return cell{}
		}
		return codeCell(s)
	}
	dst = append(dst,
		opt(bd.HasDealer, bd.Dealer.String()),
		opt(bd.Tag("Vulnerable") != "", bd.Vul.String()),
		opt(bd.HasContract, bd.Contract.String()),
		opt(bd.HasDeclarer, bd.Declarer.String()),
		codeCell(f.Edition.Name),
		codeCell(r.Offender.String()),
		codeCell(r.Role.String()),
		numCell(r.Trick),
		codeCell(r.Led.String()),
		codeCell(r.Card.String()),
		listCell(heldString(r.Held)),
		opt(!r.Open, r.WonBy.String()),
		boolCell(r.Established),
		codeCell(r.EstablishedBy),
		numCell(r.Transfer),
		codeCell(r.Rule),
		codeCell(r.Assessment.String()),
		listCell(r.Evidence.String()),
		textCell(Text(p, r.Reason)),
		listCell(strings.Join(r.Flags, " ")),
		// laws.md A24: whether the revoke changes the result, and why not.
		codeCell(r.ID),
		boolCell(r.Applied),
		optCode(r.NotApplied),
		decisionCell(r.Decision),
	)
	dst = resultCells(dst, f)
	if e := r.Equity; e != nil {
		dst = append(dst, numCell(e.WithRevoke), numCell(e.WithoutRevoke), numCell(e.Gain))
	} else {
		dst = append(dst, cell{}, cell{}, cell{})
	}
	// The facts of the ruling (facts.go); players as four columns.
	for _, n := range bd.Players {
		dst = append(dst, textCell(n))
	}
	dst = append(dst, textCell(bd.Players[r.Offender&3]), textCell(dealPBN(bd)))
	if calls := auctionCalls(bd); calls != nil {
		dst = append(dst, listCell(strings.Join(calls, " ")))
	} else {
		dst = append(dst, cell{})
	}
	if tc := trickCards(bd, r); len(tc) > 0 {
		dst = append(dst, listCell(strings.Join(tc, " ")))
	} else {
		dst = append(dst, cell{})
	}
	// laws.md A23: the first copy of a board read twice.
	return append(dst, textCell(bd.Tag("Scoring")), textCell(f.DuplicateOf))
}

// optCode is a code cell, or an absent one for "".
func optCode(s string) cell {
	if s == "" {
		return cell{}
	}
	return codeCell(s)
}

// decisionCell is the director's decision as given, absent when none.
func decisionCell(d *analyze.Decision) cell {
	if d == nil {
		return cell{}
	}
	return textCell(d.Text)
}

// heldString returns the cards as "H4 H5 H8".
func heldString(h pbn.Hand) string {
	var b strings.Builder
	for i, c := range h.Cards() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// problemKeys are the columns of a problem row.
var problemKeys = []string{"file", "game", "line", "column", "code", "severity", "message"}

// problemRow fills dst with the cells of one problem row.
func problemRow(dst []cell, pr *pbn.Problem, p *message.Printer) []cell {
	pos := func(n int) cell {
		if n <= 0 {
			return cell{}
		}
		return numCell(n)
	}
	return append(dst[:0], textCell(pr.File), pos(pr.Game), pos(pr.Line), pos(pr.Column),
		codeCell(pr.Code), codeCell(pr.Severity.String()),
		textCell(Text(p, pr.Text)))
}

// summaryKeys are the columns of the summary row (the JSON keys).
var summaryKeys = []string{
	"files", "games", "games_with_play", "games_analysed", "games_skipped",
	"revokes", "established", "tricks_transferred", "equity_short", "problems",
	"edition", "attention", "elapsed_ms", "inputs",
	"revokes_plausible", "revokes_suspect", "revokes_undetermined",
	"files_empty", "revokes_applied",
	"files_not_records", "games_duplicate", "apply",
}

// summaryRow returns the cells of the summary row.
func summaryRow(s *Summary) []cell {
	return []cell{
		numCell(s.Files), numCell(s.Games), numCell(s.GamesWithPlay),
		numCell(s.GamesAnalysed), numCell(s.GamesSkipped), numCell(s.Revokes),
		numCell(s.Established), numCell(s.TricksTransferred), numCell(s.EquityShort),
		numCell(s.Problems), codeCell(s.Edition), textCell(s.Attention),
		numCell(int(s.ElapsedMS)), textCell(strings.Join(s.Inputs, " ")),
		numCell(s.RevokesPlausible), numCell(s.RevokesSuspect), numCell(s.RevokesUndetermined),
		numCell(s.EmptyFiles), numCell(s.RevokesApplied),
		numCell(s.FilesNotRecords), numCell(s.GamesDuplicate), codeCell(s.Apply),
	}
}

// maxCellChars is the most characters (UTF-16 units) an Excel cell holds.
const maxCellChars = 32767

// cleanText makes s safe for a spreadsheet cell: valid UTF-8, without the
// control characters that XML 1.0 and Excel reject (tab, LF and CR stay),
// at most maxCellChars UTF-16 units.
func cleanText(s string) string {
	ok := utf8.ValidString(s)
	if ok {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
				ok = false
				break
			}
		}
	}
	if !ok {
		s = strings.ToValidUTF8(s, "\uFFFD")
		s = strings.Map(func(r rune) rune {
			if r < 0x20 && r != '\t' && r != '\n' && r != '\r' {
				return -1
			}
			return r
		}, s)
	}
	if len(s) > maxCellChars { // only then can it exceed the cap
		n := 0
		for i, r := range s {
			w := 1
			if r >= 0x10000 {
				w = 2
			}
			if n+w > maxCellChars {
				return s[:i]
			}
			n += w
		}
	}
	return s
}

// neutralise returns s so that a spreadsheet opening a CSV file cannot run
// it as a formula: text starting with =, +, -, @, tab or CR gets a leading
// apostrophe (the OWASP CSV injection rule).
func neutralise(s string) string {
	if s != "" {
		switch s[0] {
		case '=', '+', '-', '@', '\t', '\r':
			return "'" + s
		}
	}
	return s
}

// csvString returns the CSV field of a cell: numbers as digits, booleans
// as true/false, text neutralised.
func (c cell) csvString() string {
	switch c.kind {
	case number:
		return strconv.Itoa(c.n)
	case boolean:
		return strconv.FormatBool(c.b)
	case absent:
		return ""
	}
	return neutralise(c.s)
}

// resultCells appends declarer's tricks and score, recorded and adjusted
// (after the applied revokes), empty where the board does not give them:
// the same four columns of the revoke rows and the board rows.
func resultCells(dst []cell, f *analyze.Findings) []cell {
	if f.HasTricks {
		dst = append(dst, numCell(f.TricksRecorded), numCell(f.TricksAdjusted))
	} else {
		dst = append(dst, cell{}, cell{})
	}
	if f.HasScore {
		dst = append(dst, numCell(f.ScoreRecorded), numCell(f.ScoreAdjusted))
	} else {
		dst = append(dst, cell{}, cell{})
	}
	return dst
}
