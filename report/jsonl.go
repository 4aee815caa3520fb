package report

import (
	"bufio"
	"io"
	"strconv"
	"unicode/utf8"

	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/pbn"
)

// JSONL writes JSON Lines (output.md): one "revoke" object per revoke, one
// "problem" object per problem, and a "summary" object last. Keys and codes
// never change with the language; reasons and messages do.
type JSONL struct {
	w   *bufio.Writer
	p   *message.Printer
	buf []byte

	boards bool     // a board row for every board (-boards all)
	cells  []cell   // the board row's cells
	dates  dateMemo // of the board rows

	// The last problem text and its JSON form: a LIN archive gives the
	// same warning on every board.
	lastText  string
	lastJSON  []byte
	lastKey   textKey // the message of lastText, when lastKeyed
	lastKeyed bool
}

// NewJSONL returns a JSON Lines writer on w printing texts with p.
func NewJSONL(w io.Writer, p *message.Printer) *JSONL {
	return &JSONL{w: bufio.NewWriterSize(w, 64<<10), p: p}
}

// SetBoards has the writer write a "board" row for every board read
// (output.md Revision 3, -boards all), before the board's other rows.
func (j *JSONL) SetBoards(on bool) { j.boards = on }

// Board writes the board's board row (with SetBoards), revoke rows and
// problem rows.
func (j *JSONL) Board(f *analyze.Findings) error {
	if j.boards {
		j.cells = boardRow(j.cells, f, &j.dates)
		if err := j.writeRow("board", boardKeys, j.cells); err != nil {
			return err
		}
	}
	for i := range f.Revokes {
		j.buf = AppendRevokeJSON(j.buf[:0], f, &f.Revokes[i], j.p)
		j.buf = append(j.buf, '\n')
		if _, err := j.w.Write(j.buf); err != nil {
			return err
		}
	}
	for _, p := range f.Problems {
		if err := j.problem(p); err != nil {
			return err
		}
	}
	return nil
}

// writeRow writes one row of cells as a JSON object of type typ.
func (j *JSONL) writeRow(typ string, keys []string, cells []cell) error {
	j.buf = append(appendRowJSON(j.buf[:0], typ, keys, cells), '\n')
	_, err := j.w.Write(j.buf)
	return err
}

// Problem writes one problem row; with SetBoards, the board row of a
// record that could not be read comes before it.
func (j *JSONL) Problem(p pbn.Problem) error {
	if j.boards && gameProblem(&p) {
		j.cells = unreadBoardRow(j.cells, &p)
		if err := j.writeRow("board", boardKeys, j.cells); err != nil {
			return err
		}
	}
	return j.problem(p)
}

// problem writes one problem row.
func (j *JSONL) problem(p pbn.Problem) error {
	b := append(j.buf[:0], `{"type":"problem"`...)
	b = appendStr(b, "file", p.File)
	b = appendPosInt(b, "game", p.Game)
	b = appendPosInt(b, "line", p.Line)
	b = appendPosInt(b, "column", p.Column)
	b = appendStr(b, "code", p.Code)
	b = appendStr(b, "severity", p.Severity.String())
	// The same message as the last problem's (a LIN archive's "no usable
	// date" on every board) is not looked up again.
	k, keyed := textKeyOf(j.p, p.Text)
	if !keyed || !j.lastKeyed || k != j.lastKey || j.lastJSON == nil {
		text := Text(j.p, p.Text)
		if text != j.lastText || j.lastJSON == nil {
			j.lastText, j.lastJSON = text, appendJSONString(j.lastJSON[:0], text)
		}
		j.lastKey, j.lastKeyed = k, keyed
	}
	b = append(appendKey(b, "message"), j.lastJSON...)
	b = append(b, "}\n"...)
	j.buf = b
	_, err := j.w.Write(b)
	return err
}

// Close writes the summary row and flushes.
func (j *JSONL) Close(s *Summary) error {
	if err := j.writeRescore(s.Rescore); err != nil {
		return err
	}
	b := append(j.buf[:0], `{"type":"summary"`...)
	b = appendInt(b, "files", s.Files)
	if s.EmptyFiles > 0 {
		b = appendInt(b, "files_empty", s.EmptyFiles)
	}
	b = appendInt(b, "files_not_records", s.FilesNotRecords)
	b = appendInt(b, "games", s.Games)
	b = appendInt(b, "games_with_play", s.GamesWithPlay)
	b = appendInt(b, "games_analysed", s.GamesAnalysed)
	b = appendInt(b, "games_skipped", s.GamesSkipped)
	b = appendInt(b, "games_duplicate", s.GamesDuplicate)
	b = appendInt(b, "revokes", s.Revokes)
	b = appendInt(b, "revokes_plausible", s.RevokesPlausible)
	b = appendInt(b, "revokes_suspect", s.RevokesSuspect)
	b = appendInt(b, "revokes_undetermined", s.RevokesUndetermined)
	b = appendInt(b, "revokes_applied", s.RevokesApplied)
	b = appendInt(b, "established", s.Established)
	b = appendInt(b, "tricks_transferred", s.TricksTransferred)
	b = appendInt(b, "equity_short", s.EquityShort)
	b = appendInt(b, "problems", s.Problems)
	b = appendRescoreSummary(b, s)
	if c := s.Corrected; c != nil {
		// rescoring.md §10: the corrected archive.
		b = appendStr(b, "corrected_dir", c.Dir)
		b = appendInt(b, "corrected_files", c.Files)
		b = appendInt(b, "corrected_lin_not_copied", c.LIN)
	}
	b = appendStr(b, "edition", s.Edition)
	if s.Attention != "" {
		b = appendStr(b, "attention", s.Attention)
	}
	if s.Apply != "" {
		b = appendStr(b, "apply", s.Apply)
	}
	b = appendInt(b, "elapsed_ms", int(s.ElapsedMS))
	b = append(b, "}\n"...)
	if _, err := j.w.Write(b); err != nil {
		return err
	}
	return j.w.Flush()
}

// AppendRevokeJSON appends the JSON object of one revoke row (without a
// newline) to b.
func AppendRevokeJSON(b []byte, f *analyze.Findings, r *analyze.Revoke, p *message.Printer) []byte {
	bd := f.Board
	b = append(b, `{"type":"revoke"`...)
	b = appendStr(b, "id", r.ID)
	b = appendStr(b, "file", bd.File)
	b = appendInt(b, "game", bd.Index)
	b = appendPosInt(b, "line", bd.Line)
	for _, k := range [...]struct{ key, tag string }{
		{"event", "Event"}, {"site", "Site"}, {"date", "Date"}, {"board", "Board"}, {"room", "Room"},
	} {
		v := bd.Tag(k.tag)
		if v != "" {
			b = appendStr(b, k.key, v)
		}
		if k.key == "date" {
			// output.md Revision 3: the date as YYYY-MM-DD and its year.
			iso, year := dateCells(v)
			if iso.kind == day {
				b = appendStr(b, "date_iso", iso.s)
			}
			if year.kind == number {
				b = appendInt(b, "year", year.n)
			}
		}
	}
	if bd.HasDealer {
		b = appendStr(b, "dealer", bd.Dealer.String())
	}
	if bd.Tag("Vulnerable") != "" {
		b = appendStr(b, "vulnerable", bd.Vul.String())
	}
	if bd.HasContract {
		b = appendStr(b, "contract", bd.Contract.String())
	}
	if bd.HasDeclarer {
		b = appendStr(b, "declarer", bd.Declarer.String())
	}
	b = appendStr(b, "edition", f.Edition.Name)
	b = appendStr(b, "offender", r.Offender.String())
	b = appendStr(b, "role", r.Role.String())
	b = appendInt(b, "trick", r.Trick)
	b = appendStr(b, "led", r.Led.String())
	b = appendStr(b, "card", r.Card.String())
	b = append(b, `,"held":[`...)
	first := true
	for _, c := range r.Held.Cards() {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, c.String()...)
		b = append(b, '"')
	}
	b = append(b, ']')
	if !r.Open {
		b = appendStr(b, "won_by", r.WonBy.String())
	}
	b = appendBool(b, "established", r.Established)
	b = appendStr(b, "established_by", r.EstablishedBy)
	b = appendInt(b, "transfer", r.Transfer)
	b = appendStr(b, "rule", r.Rule)
	b = appendStr(b, "reason", Text(p, r.Reason))
	b = append(b, `,"flags":[`...)
	for i, fl := range r.Flags {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, fl)
	}
	b = append(b, ']')
	// laws.md A14: a revoke of the players or an error of the record.
	b = appendStr(b, "assessment", r.Assessment.String())
	b = append(b, `,"evidence":[`...)
	for i, ev := range r.Evidence.Codes() {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, ev)
	}
	b = append(b, ']')
	// laws.md A24: whether the revoke changes the result, and why not.
	b = appendBool(b, "applied", r.Applied)
	if r.NotApplied != "" {
		b = appendStr(b, "not_applied", r.NotApplied)
	}
	if r.Decision != nil {
		b = appendStr(b, "decision", r.Decision.Text)
	}
	if f.DuplicateOf != "" {
		b = appendStr(b, "duplicate_of", f.DuplicateOf) // laws.md A23
	}
	if f.HasTricks {
		b = appendInt(b, "tricks_recorded", f.TricksRecorded)
		b = appendInt(b, "tricks_adjusted", f.TricksAdjusted)
	}
	if f.HasScore {
		b = appendInt(b, "score_recorded", f.ScoreRecorded)
		b = appendInt(b, "score_adjusted", f.ScoreAdjusted)
	}
	if e := r.Equity; e != nil {
		b = appendInt(b, "dd_with_revoke", e.WithRevoke)
		b = appendInt(b, "dd_without_revoke", e.WithoutRevoke)
		b = appendInt(b, "dd_gain", e.Gain)
	}
	return append(appendFacts(b, bd, r), '}')
}

// appendFacts appends the facts of a ruling (facts.go): players,
// offender_name, deal, auction, trick_cards, scoring; absent ones omitted.
func appendFacts(b []byte, bd *pbn.Board, r *analyze.Revoke) []byte {
	if hasPlayers(bd) {
		b = append(appendKey(b, "players"), '{')
		first := true
		for s, n := range bd.Players {
			if n == "" {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendJSONString(b, pbn.Seat(s).String())
			b = append(b, ':')
			b = appendJSONString(b, n)
		}
		b = append(b, '}')
	}
	if n := bd.Players[r.Offender&3]; n != "" {
		b = appendStr(b, "offender_name", n)
	}
	if d := dealPBN(bd); d != "" {
		b = appendStr(b, "deal", d)
	}
	if calls := auctionCalls(bd); calls != nil {
		b = appendStrings(b, "auction", calls)
	}
	if tc := trickCards(bd, r); len(tc) > 0 {
		b = appendStrings(b, "trick_cards", tc)
	}
	if sc := bd.Tag("Scoring"); sc != "" {
		b = appendStr(b, "scoring", sc)
	}
	return b
}

// appendStrings appends a list of strings.
func appendStrings(b []byte, k string, v []string) []byte {
	b = append(appendKey(b, k), '[')
	for i, s := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s)
	}
	return append(b, ']')
}

func appendKey(b []byte, k string) []byte {
	b = append(b, ',', '"')
	b = append(b, k...)
	return append(b, '"', ':')
}

func appendStr(b []byte, k, v string) []byte {
	return appendJSONString(appendKey(b, k), v)
}

func appendInt(b []byte, k string, v int) []byte {
	return strconv.AppendInt(appendKey(b, k), int64(v), 10)
}

func appendPosInt(b []byte, k string, v int) []byte {
	if v <= 0 {
		return b
	}
	return appendInt(b, k, v)
}

func appendBool(b []byte, k string, v bool) []byte {
	return strconv.AppendBool(appendKey(b, k), v)
}

const hexDigits = "0123456789abcdef"

// jsonPlain marks the bytes that stand for themselves in a JSON string
// (printable ASCII but " and \).
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return
}()

// appendJSONString appends s as a JSON string; invalid UTF-8 becomes U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		// A run of bytes that need no escape goes in at once.
		j := i
		for j < len(s) && jsonPlain[s[j]] {
			j++
		}
		if j > i {
			b = append(b, s[i:j]...)
			i = j
			continue
		}
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20 || c == 0x7f:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, "\\ufffd"...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&15])
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return append(b, '"')
}

// JSONLFile is a JSON Lines report written to a temporary file beside its
// final name and renamed there at Close, so that an interrupted run
// leaves nothing under the final name.
type JSONLFile struct {
	*JSONL
	t    *tempFile
	done bool
}

// NewJSONLFile creates the temporary file of a JSON Lines report whose
// final name is path.
func NewJSONLFile(path string, p *message.Printer) (*JSONLFile, error) {
	t, err := createTemp(path)
	if err != nil {
		return nil, err
	}
	return &JSONLFile{JSONL: NewJSONL(t, p), t: t}, nil
}

// Close writes the summary, then moves the file to its final name.
func (j *JSONLFile) Close(s *Summary) error {
	if j.done {
		return errClosed
	}
	j.done = true
	err := j.JSONL.Close(s)
	if err == nil {
		err = j.t.finish()
	}
	if err != nil {
		j.t.discard()
		return err
	}
	return commitAll(j.t)
}

// Abort removes the temporary file.
func (j *JSONLFile) Abort() {
	if !j.done {
		j.done = true
		j.t.discard()
	}
}
