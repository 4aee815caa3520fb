package correct

import (
	"bytes"
	"cmp"
	"slices"
	"strings"

	"revokes/pbn"
	"revokes/rescore"
)

// textEdits returns the edits that put the re-scoring's texts in place
// (rescoring.md §10): a tag's numbers, and a table line's cells, each
// line's cells rewritten together so that the column widths are kept.
func textEdits(r *records, texts []rescore.Text) ([]edit, []error) {
	src := r.src
	var edits []edit
	var errs []error
	recs := map[int][]tagAt{} // the tags of each record met, by its first line: a record not found is said once
	cells := map[[2]int][]rescore.Text{}
	var order [][2]int     // the table lines, in the order met
	done := map[int]bool{} // the tags rewritten, by the start of their value
	for _, t := range texts {
		tags, ok := recs[t.Line]
		if !ok {
			var err error
			if tags, _, err = r.at(t.Line); err != nil {
				errs = append(errs, err)
			}
			recs[t.Line] = tags
		}
		i := slices.IndexFunc(tags, func(a tagAt) bool { return a.name == t.Tag })
		if i < 0 && t.Tag == "ButlerDatum" {
			// The datum's other tag (rescoring.md §9: ButlerDatum, else Datum).
			i = slices.IndexFunc(tags, func(a tagAt) bool { return a.name == "Datum" })
		}
		if i < 0 {
			if tags != nil {
				errs = append(errs, &Error{Line: t.Line, Msg: pbn.Msg("the record of line %d has no %s tag: its new value is not written", t.Line, t.Tag)})
			}
			continue
		}
		tag := tags[i]
		if t.Tag != "ScoreTable" && t.Tag != "TotalScoreTable" {
			if done[tag.valueStart] {
				continue // one text a tag (the same input read twice)
			}
			done[tag.valueStart] = true
			if e, err := tagEdit(src, tag, t); err != nil {
				errs = append(errs, err)
			} else {
				edits = append(edits, e)
			}
			continue
		}
		from, to, ok := tableLine(src, tag.end, t.Row)
		if !ok {
			errs = append(errs, noRow(t))
			continue
		}
		k := [2]int{from, to}
		if _, seen := cells[k]; !seen {
			order = append(order, k)
		}
		cells[k] = append(cells[k], t)
	}
	for _, k := range order {
		text, ok := cellLine(string(src[k[0]:k[1]]), cells[k])
		if !ok {
			errs = append(errs, noRow(cells[k][0]))
			continue
		}
		edits = append(edits, edit{k[0], k[1], []byte(text)})
	}
	return edits, errs
}

// tagEdit returns the edit that puts the text's values in its tag, or the
// problem of a value of a form that cannot be rewritten.
func tagEdit(src []byte, tag tagAt, t rescore.Text) (edit, error) {
	v, ok := sidesValue(src[tag.valueStart:tag.valueEnd], t)
	if !ok {
		return edit{}, &Error{Line: t.Line, Msg: pbn.Msg("the record of line %d: %s %q is not in a form that can be rewritten: left as it is", t.Line, t.Tag, string(src[tag.valueStart:tag.valueEnd]))}
	}
	return edit{tag.valueStart, tag.valueEnd, v}, nil
}

// noRow is the problem of a text whose table row is not in the file.
func noRow(t rescore.Text) error {
	return &Error{Line: t.Line, Msg: pbn.Msg("the record of line %d: the %s has no row %d: its new values are not written", t.Line, t.Tag, t.Row+1)}
}

// tableLine returns where row n of the table whose tag ends at pos is:
// row 0 starts at the table's first cell (the first byte after the tag
// that is not white space), row n on the n-th line after it; the line
// runs to its "\n".
func tableLine(src []byte, pos, n int) (int, int, bool) {
	for pos < len(src) && strings.IndexByte(" \t\r\n", src[pos]) >= 0 {
		pos++
	}
	for ; n > 0; n-- {
		i := bytes.IndexByte(src[pos:], '\n')
		if i < 0 {
			return 0, 0, false
		}
		pos += i + 1
	}
	end := bytes.IndexByte(src[pos:], '\n')
	if end < 0 {
		end = len(src) - pos
	}
	return pos, pos + end, true
}

// cellLine returns a table line with the texts' cells in place. In a
// column the header gives a width, a cell keeps its place in the column:
// a right-aligned cell its right edge (the spaces before it give or take
// the difference), any other its left edge (the spaces after it); a gap
// between two cells keeps one space at least.
func cellLine(line string, texts []rescore.Text) (string, bool) {
	spans := rescore.CellSpans(line)
	slices.SortFunc(texts, func(a, b rescore.Text) int { return cmp.Compare(a.Col, b.Col) })
	var b strings.Builder
	pos, carry := 0, 0 // carry: the length a left-aligned cell added, taken from the gap after it
	next := 0
	for i, sp := range spans {
		gap := line[pos:sp[0]]
		var t *rescore.Text
		for next < len(texts) && texts[next].Col < i {
			next++
		}
		if next < len(texts) && texts[next].Col == i {
			t = &texts[next]
		}
		d := 0
		if t != nil && t.Width > 0 {
			d = len(t.Cell) - (sp[1] - sp[0])
		}
		gap = resize(gap, carry, true, pos > 0)
		carry = 0
		if t != nil && t.Right {
			gap = resize(gap, d, false, pos > 0)
		} else {
			carry = d
		}
		b.WriteString(gap)
		if t != nil {
			b.WriteString(t.Cell)
		} else {
			b.WriteString(line[sp[0]:sp[1]])
		}
		pos = sp[1]
	}
	if len(texts) > 0 && texts[len(texts)-1].Col >= len(spans) {
		return "", false
	}
	rest := line[pos:]
	if strings.TrimRight(rest, "\r") != "" {
		rest = resize(rest, carry, true, false)
	}
	b.WriteString(rest)
	return b.String(), true
}

// resize takes d spaces from gap (d < 0: adds -d), at its start (front)
// or its end, as far as its spaces go; keep says that one space stays.
func resize(gap string, d int, front, keep bool) string {
	switch {
	case d < 0 && front:
		return strings.Repeat(" ", -d) + gap
	case d < 0:
		return gap + strings.Repeat(" ", -d)
	case d == 0:
		return gap
	}
	n := 0 // the spaces at that side
	if front {
		n = len(gap) - len(strings.TrimLeft(gap, " "))
	} else {
		n = len(gap) - len(strings.TrimRight(gap, " "))
	}
	if keep && n == len(gap) {
		n--
	}
	n = max(0, min(n, d))
	if front {
		return gap[n:]
	}
	return gap[:len(gap)-n]
}

// sidesValue returns a tag's value v with its numbers replaced by the
// text's (rescoring.md §9 forms): a number after "NS" (also "NS:",
// "NS" joined to it) is North-South's, after "EW" East-West's, a number
// before any side declarer's side's. It reports false when v holds
// something else than numbers and sides, or a side the text has no
// number for.
func sidesValue(v []byte, t rescore.Text) ([]byte, bool) {
	return rewriteNumbers(v, t.DeclNS, func(out []byte, ns bool, _ []byte) ([]byte, bool) {
		text := t.EW
		if ns {
			text = t.NS
		}
		return append(out, text...), text != ""
	})
}
