// Package correct writes the corrected copy of a PBN file (rescoring.md
// §10): the same bytes, except the Result and Score tags of the boards
// whose result an applied revoke changed, and one RevokeRuling tag per
// applied revoke at the end of each such record.
package correct

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"revokes/analyze"
	"revokes/pbn"
	"revokes/rescore"
)

// Ruling is one applied revoke as the RevokeRuling tag states it:
// "<id> <edition> <article> <transfer>" (rescoring.md §10).
type Ruling struct {
	ID       string
	Rule     string // the edition and the article, "2017 64A2"
	Transfer int    // the tricks it moves (analyze.Revoke.AppliedTransfer)
	offNS    bool   // the offender sits North or South
}

// Fix is what changes in one record of a file.
type Fix struct {
	Line     int  // the line where the record starts (pbn.Board.Line)
	Tricks   int  // declarer's tricks after the applied revokes: the new Result
	Score    int  // declarer's score after them
	HasScore bool // the score is known (a contract): a Score tag is rewritten
	DeclNS   bool // declarer sits North or South: the sides of the Score tag
	Rulings  []Ruling
}

// FixOf returns the fix of a board whose result the applied revokes
// changed (laws.md A24), and false for any other board.
func FixOf(f *analyze.Findings) (Fix, bool) {
	if f.Board == nil || !f.HasTricks || f.TricksAdjusted == f.TricksRecorded || f.Applied() == 0 {
		return Fix{}, false
	}
	fx := Fix{Line: f.Board.Line, Tricks: f.TricksAdjusted, Score: f.ScoreAdjusted,
		HasScore: f.HasScore, DeclNS: f.Board.Declarer.NS()}
	delta, t12 := 0, -1
	for i := range f.Revokes {
		r := &f.Revokes[i]
		if !r.Applied {
			continue
		}
		t := r.AppliedTransfer()
		if r.Offender.NS() == fx.DeclNS {
			delta -= t
		} else {
			delta += t
		}
		if r.Has(analyze.FlagTrick12) && t12 < 0 {
			t12 = len(fx.Rulings)
		}
		fx.Rulings = append(fx.Rulings, Ruling{ID: r.ID, Rule: r.Rule, Transfer: t, offNS: r.Offender.NS()})
	}
	// laws.md A5: a trick-12 correction changes the tricks by replaying
	// trick 12, not by a transfer. Its tag states that change as tricks
	// moved from the offender's side, so that the tags together give the
	// whole change that the copy's Result holds (laws.md A24).
	if rest := f.TricksAdjusted - f.TricksRecorded - delta; rest != 0 && t12 >= 0 {
		r := &fx.Rulings[t12]
		if r.offNS == fx.DeclNS {
			r.Transfer -= rest
		} else {
			r.Transfer += rest
		}
	}
	return fx, true
}

// Error is a record that cannot be corrected: its start line is not the
// start of a record of the file.
type Error struct {
	Line int
	Msg  pbn.Message
}

func (e *Error) Error() string {
	return fmt.Sprintf("line %d: %s", e.Line, fmt.Sprintf(e.Msg.Format, e.Msg.Args...))
}

// Copy returns src with the fixes made. Every other byte stays as it was:
// line ends, encoding, comments, the order of the tags. A fix whose record
// cannot be found is returned as an *Error and changes nothing.
func Copy(src []byte, fixes []Fix) ([]byte, []error) {
	return Rewrite(src, fixes, nil)
}

// Rewrite returns src with the fixes made and the stated values the
// re-scoring changed put in their places (texts, rescoring.md §10; the
// texts are the re-scoring's, in the file's form). Every other byte stays
// as it was. A fix or text whose record, tag or cell cannot be found is
// returned as an *Error and changes nothing.
func Rewrite(src []byte, fixes []Fix, texts []rescore.Text) ([]byte, []error) {
	recs := &records{src: src, lines: splitLines(src), read: map[int]recordRead{}}
	latin := !utf8.Valid(src)
	var errs []error
	var edits []edit
	done := make(map[int]bool, len(fixes))
	for i := range fixes {
		fx := &fixes[i]
		if done[fx.Line] {
			continue // the same input read twice: one fix per record
		}
		done[fx.Line] = true
		e, note, err := recordEdits(recs, fx, latin)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if note != nil {
			errs = append(errs, note)
		}
		edits = append(edits, e...)
	}
	e, terrs := textEdits(recs, texts)
	return apply(src, append(edits, e...)), append(errs, terrs...)
}

// line is one line of the file: its bytes from start to end, without the
// line end, which runs to next.
type line struct{ start, end, next int }

// splitLines cuts src into lines at "\n" (a "\r" before it belongs to the
// line end).
func splitLines(src []byte) []line {
	ls := make([]line, 0, bytes.Count(src, []byte{'\n'})+1)
	for pos := 0; pos < len(src); {
		i := bytes.IndexByte(src[pos:], '\n')
		if i < 0 {
			ls = append(ls, line{pos, len(src), len(src)})
			break
		}
		end := pos + i
		if end > pos && src[end-1] == '\r' {
			end--
		}
		ls = append(ls, line{pos, end, pos + i + 1})
		pos += i + 1
	}
	return ls
}

// edit replaces src[from:to] with text.
type edit struct {
	from, to int
	text     []byte
}

// apply makes the edits (in any order, none overlapping) on a copy of src.
func apply(src []byte, edits []edit) []byte {
	sortEdits(edits)
	out := make([]byte, 0, len(src)+64*len(edits))
	pos := 0
	for _, e := range edits {
		out = append(out, src[pos:e.from]...)
		out = append(out, e.text...)
		pos = e.to
	}
	return append(out, src[pos:]...)
}

// sortEdits orders the edits by position; two at one position (none
// here) keep their order.
func sortEdits(edits []edit) {
	slices.SortStableFunc(edits, func(a, b edit) int { return a.from - b.from })
}

// tagAt is one tag pair of a record: its name and the bytes of its value
// between the quotes.
type tagAt struct {
	name       string
	valueStart int
	valueEnd   int
	end        int // after its "]"
}

// recordEdits finds the record that starts at fx.Line and returns its
// edits: the values of its Result and Score tags, and the RevokeRuling
// tags (with a Result tag when the record has none) after its last line;
// latin tells that the file is not UTF-8 (encode).
// The record ends at a blank line, at the end of the file, or before a
// tag that repeats one of the record's (a missing separator, laws.md A15).
// A Score tag of a form it cannot rewrite is left as it is, and said
// (note, the record still corrected); err is a record not found.
func recordEdits(recs *records, fx *Fix, latin bool) (edits []edit, note, err error) {
	src := recs.src
	tags, last, err := recs.at(fx.Line)
	if err != nil {
		return nil, nil, err
	}
	hasResult := false
	for _, t := range tags {
		switch t.name {
		case "Result":
			hasResult = true
			edits = append(edits, edit{t.valueStart, t.valueEnd, resultValue(src[t.valueStart:t.valueEnd], fx)})
		case "Score":
			if !fx.HasScore {
				continue
			}
			if v, ok := scoreValue(src[t.valueStart:t.valueEnd], fx); ok {
				edits = append(edits, edit{t.valueStart, t.valueEnd, v})
			} else {
				note = &Error{Line: fx.Line, Msg: pbn.Msg("the record of line %d: %s %q is not in a form that can be rewritten: left as it is", fx.Line, "Score", string(src[t.valueStart:t.valueEnd]))}
			}
		}
	}
	return append(edits, addTags(src, recs.lines[last], fx, hasResult, latin)), note, nil
}

// records reads the records of a file by their first line, each once for
// its fix and its stated values together.
type records struct {
	src   []byte
	lines []line
	read  map[int]recordRead // by the record's first line
}

// recordRead is what recordTags returned for a record.
type recordRead struct {
	tags []tagAt
	last int
	err  error
}

// at returns recordTags of the record that starts at line start.
func (r *records) at(start int) ([]tagAt, int, error) {
	rr, ok := r.read[start]
	if !ok {
		rr.tags, rr.last, rr.err = recordTags(r.src, r.lines, start)
		r.read[start] = rr
	}
	return rr.tags, rr.last, rr.err
}

// recordTags returns the tags of the record that starts at line start
// (1-based) and the index of its last line. The record ends at a blank
// line, at the end of the file, or before a tag that repeats one of the
// record's (a missing separator, laws.md A15).
func recordTags(src []byte, lines []line, start int) ([]tagAt, int, error) {
	if start < 1 || start > len(lines) {
		return nil, 0, &Error{Line: start, Msg: pbn.Msg("the record of line %d is not in the file: not corrected", start)}
	}
	var tags []tagAt
	seen := map[string]bool{}
	last := -1 // the record's last line
	inComment := false
	for i := start - 1; i < len(lines); i++ {
		l := lines[i]
		text := src[l.start:l.end]
		if !inComment && len(bytes.TrimSpace(text)) == 0 {
			break
		}
		lt, comment := lineTags(src, l, inComment)
		inComment = comment
		repeat := false
		for _, t := range lt {
			if seen[t.name] {
				repeat = true
			}
		}
		if repeat && last >= 0 {
			break
		}
		for _, t := range lt {
			seen[t.name] = true
		}
		tags = append(tags, lt...)
		last = i
	}
	if last < 0 || len(tags) == 0 {
		return nil, 0, &Error{Line: start, Msg: pbn.Msg("no record starts at line %d: not corrected", start)}
	}
	return tags, last, nil
}

// addTags returns the edit that adds the fix's RevokeRuling tags (and a
// Result tag when the record has none) after the record's last line l,
// each on a line of its own with the record's line end.
func addTags(src []byte, l line, fx *Fix, hasResult, latin bool) edit {
	eol := []byte("\n")
	if l.next > l.end {
		eol = src[l.end:l.next]
	}
	var add []byte
	if l.next == l.end { // the last line of the file has no line end
		add = append(add, eol...)
	}
	if !hasResult {
		add = append(add, fmt.Sprintf("[Result \"%d\"]", fx.Tricks)...)
		add = append(add, eol...)
	}
	for _, r := range fx.Rulings {
		v := fmt.Sprintf("%s %s %d", r.ID, r.Rule, r.Transfer)
		add = append(add, "["+analyze.TagRevokeRuling+" \""...)
		add = append(add, encode(v, latin)...)
		add = append(add, "\"]"...)
		add = append(add, eol...)
	}
	if l.next == l.end {
		add = add[:len(add)-len(eol)]
	}
	return edit{l.next, l.next, add}
}

// encode returns s in the file's encoding: as it is (UTF-8), or in
// Windows-1252 when the file is not UTF-8 (pbnfile/encoding.go); the
// articles' "§" is the one character outside ASCII.
func encode(s string, latin bool) []byte {
	if !latin {
		return []byte(s)
	}
	var b []byte
	for _, r := range s {
		if r < 0x100 {
			b = append(b, byte(r))
		} else {
			b = append(b, '?')
		}
	}
	return b
}

// lineTags returns the tag pairs of one line, outside comments; inComment
// says whether the line starts inside a "{" comment, and the second result
// whether the next one does.
func lineTags(src []byte, l line, inComment bool) ([]tagAt, bool) {
	var tags []tagAt
	i := l.start
	for i < l.end {
		c := src[i]
		switch {
		case inComment:
			if c == '}' {
				inComment = false
			}
			i++
		case c == '{':
			inComment = true
			i++
		case c == ';':
			return tags, false // a comment to the end of the line
		case c == '"':
			// A string outside a tag (section data): skip it whole.
			j := bytes.IndexByte(src[i+1:l.end], '"')
			if j < 0 {
				return tags, false
			}
			i += j + 2
		case c == '[':
			t, next, ok := tagPair(src, i, l.end)
			if !ok {
				i++
				continue
			}
			tags = append(tags, t)
			i = next
		default:
			i++
		}
	}
	return tags, inComment
}

// tagPair reads `[Name "value"]` at src[i] (before end); it returns the
// tag and the position after it.
func tagPair(src []byte, i, end int) (tagAt, int, bool) {
	j := i + 1
	for j < end && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	n := j
	for j < end && src[j] != ' ' && src[j] != '\t' && src[j] != '"' && src[j] != ']' {
		j++
	}
	name := string(src[n:j])
	for j < end && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if name == "" || j >= end || src[j] != '"' {
		return tagAt{}, 0, false
	}
	vs := j + 1
	k := vs
	for k < end && src[k] != '"' {
		if src[k] == '\\' {
			k++
		}
		k++
	}
	if k >= end {
		return tagAt{}, 0, false
	}
	ve := k
	k++
	for k < end && (src[k] == ' ' || src[k] == '\t') {
		k++
	}
	if k >= end || src[k] != ']' {
		return tagAt{}, 0, false
	}
	return tagAt{name: name, valueStart: vs, valueEnd: ve, end: k + 1}, k + 1, true
}

// resultValue returns the Result tag's value v with declarer's new
// tricks in v's own form: spaces around it and a leading "^" kept (laws.md
// A17: the mark of a count that is not the play's; the corrected count,
// the play's with the applied transfers, is not the play's either, and
// its RevokeRuling tags say by how much), and a value by sides ("NS 9 EW
// 4", formats.md) as sides again, declarer's side the new tricks and the
// other side the rest of the 13. Any other value becomes the number.
func resultValue(v []byte, fx *Fix) []byte {
	n := strconv.Itoa(fx.Tricks)
	other := strconv.Itoa(13 - fx.Tricks)
	i := 0
	for i < len(v) && (v[i] == ' ' || v[i] == '\t') {
		i++
	}
	out := append([]byte(nil), v[:i]...)
	if i < len(v) && v[i] == '^' {
		out = append(out, '^')
		i++
	}
	j := len(v)
	for j > i && (v[j-1] == ' ' || v[j-1] == '\t') {
		j--
	}
	body, tail := v[i:j], v[j:]
	if sides, ok := resultSides(body, fx.DeclNS, n, other); ok {
		return append(append(out, sides...), tail...)
	}
	for k := 0; k < len(body) && (body[k] == ' ' || body[k] == '\t'); k++ {
		out = append(out, body[k]) // "^ 5": the space after the mark kept
	}
	return append(append(out, n...), tail...)
}

// resultSides rewrites a Result by sides ("NS 9", "EW 4 NS 9", formats.md
// §1.3): each side's number becomes that side's new tricks (n for
// declarer's side, other for the other), every other byte kept. It
// reports false for a value that names no side, a side without its
// number right after it, or anything but sides, tricks and blanks.
func resultSides(v []byte, declNS bool, n, other string) ([]byte, bool) {
	var out []byte
	named, ns, sides := false, false, 0 // named: a side waits for its number
	for p := range pieces(v) {
		switch {
		case p.kind == sidePiece && !named:
			named, ns = true, p.ns()
		case p.kind == numberPiece && named && unsigned(p.text):
			named = false
			sides++
			if ns == declNS {
				out = append(out, n...)
			} else {
				out = append(out, other...)
			}
			continue
		case p.kind != blankPiece:
			return nil, false
		}
		out = append(out, p.text...)
	}
	return out, sides > 0 && !named
}

// scoreValue returns the Score tag's value v with its numbers replaced by
// the new score, in v's own form (rescoring.md §9): a number alone is
// declarer's side's score, "NS n" and "EW n" (also "NS:n", "NSn") the
// side's, and a '+' sign is kept. It reports false when v holds something
// else than whole numbers and sides (it is then left as it is).
func scoreValue(v []byte, fx *Fix) ([]byte, bool) {
	return rewriteNumbers(v, fx.DeclNS, func(out []byte, ns bool, text []byte) ([]byte, bool) {
		if !whole(text) {
			return nil, false
		}
		score := fx.Score
		if ns != fx.DeclNS {
			score = -score
		}
		if text[0] == '+' && score >= 0 {
			out = append(out, '+')
		}
		return strconv.AppendInt(out, int64(score), 10), true
	})
}
