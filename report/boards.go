package report

import (
	"strings"
	"time"

	"revokes/analyze"
	"revokes/pbn"
)

// boardKeys are the keys of a board row (output.md Revision 3, -boards
// all), in column order; players are the four columns north, east, south,
// west (one object in JSON Lines).
var boardKeys = []string{
	"file", "game", "line", "event", "site", "date", "date_iso", "year", "edition",
	"board", "room", "dealer", "vulnerable", "scoring", "north", "east", "south", "west",
	"contract", "declarer", "has_play", "tricks_in_record", "claim",
	"tricks_recorded", "tricks_adjusted", "score_recorded", "score_adjusted",
	"revokes", "revokes_plausible", "revokes_suspect", "revokes_undetermined",
	"applied", "skipped", "problems", "duplicate_of",
}

// dateCells returns the cells of date_iso and year of a Date tag: the
// date as YYYY-MM-DD when it is complete (no "??"), the year when it is
// known (analyze.ParseDate); absent otherwise.
func dateCells(tag string) (iso, year cell) {
	d := analyze.ParseDate(tag)
	if d == 0 {
		return cell{}, cell{}
	}
	year = numCell(d / 10000)
	if strings.Contains(tag, "?") {
		return cell{}, year
	}
	t := time.Date(d/10000, time.Month(d/100%100), d%100, 0, 0, 0, 0, time.UTC)
	if t.Day() != d%100 {
		return cell{}, year // a day the month does not have ("2017.02.31")
	}
	return cell{kind: day, s: t.Format(time.DateOnly), n: int(t.Unix() / 86400)}, year
}

// dateMemo keeps the date cells of the last Date tag: the boards of an
// archive come in runs of one date.
type dateMemo struct {
	tag       string
	iso, year cell
	set       bool
}

// cells returns dateCells(tag), from the memo when tag is the last one.
func (m *dateMemo) cells(tag string) (iso, year cell) {
	if !m.set || tag != m.tag {
		m.iso, m.year = dateCells(tag)
		m.tag, m.set = tag, true
	}
	return m.iso, m.year
}

// boardRow fills dst with the cells of the board row of f, one per
// boardKeys, absent values as absent cells.
func boardRow(dst []cell, f *analyze.Findings, dates *dateMemo) []cell {
	bd := f.Board
	dst = append(dst[:0], textCell(bd.File), numCell(bd.Index), posCell(bd.Line),
		textCell(bd.Tag("Event")), textCell(bd.Tag("Site")))
	date := bd.Tag("Date")
	iso, year := dates.cells(date)
	dst = append(dst, textCell(date), iso, year, codeCell(f.Edition.Name),
		textCell(bd.Tag("Board")), textCell(bd.Tag("Room")),
		codeIf(bd.HasDealer, bd.Dealer.String()),
		codeIf(bd.Tag("Vulnerable") != "", bd.Vul.String()),
		textCell(bd.Tag("Scoring")))
	for _, n := range bd.Players {
		dst = append(dst, textCell(n))
	}
	dst = append(dst, codeIf(bd.HasContract, bd.Contract.String()),
		codeIf(bd.HasDeclarer, bd.Declarer.String()),
		boolCell(f.HasPlay), numCell(f.TricksInRecord), boolCell(f.Claim))
	dst = resultCells(dst, f)
	var by [3]int // laws.md A14: plausible, suspect, undetermined
	for i := range f.Revokes {
		switch f.Revokes[i].Assessment {
		case analyze.Plausible:
			by[0]++
		case analyze.Suspect:
			by[1]++
		default:
			by[2]++
		}
	}
	dst = append(dst, numCell(len(f.Revokes)), numCell(by[0]), numCell(by[1]), numCell(by[2]),
		numCell(f.Applied()), boolCell(!f.Analysed), problemCodes(f.Problems), duplicateOf(f))
	return dst
}

// duplicateOf returns the duplicate_of cell of f (laws.md A23): the first
// copy's "file!game" on a later copy of a board, absent otherwise.
func duplicateOf(f *analyze.Findings) cell { return textCell(f.DuplicateOf) }

// gameProblem reports whether p stands for a record that could not be
// read at all (a game skipped without a board; Summary.AddProblem counts
// it as a game).
func gameProblem(p *pbn.Problem) bool {
	return p.Game > 0 && p.Severity == pbn.Error
}

// unreadBoardRow fills dst with the board row of a record that could not
// be read (gameProblem): where it is, skipped, its problem; no revokes.
func unreadBoardRow(dst []cell, p *pbn.Problem) []cell {
	dst = dst[:0]
	for _, k := range boardKeys {
		c := cell{}
		switch k {
		case "file":
			c = textCell(p.File)
		case "game":
			c = numCell(p.Game)
		case "line":
			c = posCell(p.Line)
		case "revokes", "revokes_plausible", "revokes_suspect", "revokes_undetermined", "applied":
			c = numCell(0)
		case "skipped":
			c = boolCell(true)
		case "problems":
			c = listCell(p.Code)
		}
		dst = append(dst, c)
	}
	return dst
}

// problemCodes returns the problems' codes as a list cell, in order.
func problemCodes(ps []pbn.Problem) cell {
	switch len(ps) {
	case 0:
		return listCell("")
	case 1:
		return listCell(ps[0].Code)
	}
	var sb strings.Builder
	for i := range ps {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(ps[i].Code)
	}
	return listCell(sb.String())
}

// posCell is a number cell for n > 0, else an absent one.
func posCell(n int) cell {
	if n <= 0 {
		return cell{}
	}
	return numCell(n)
}

// codeIf is a code cell when ok, else an absent one.
func codeIf(ok bool, s string) cell {
	if !ok {
		return cell{}
	}
	return codeCell(s)
}

// appendRowJSON appends the JSON object of a row of cells with its type:
// absent cells omitted, lists as arrays, the four seats' names (keys
// north .. west) as one "players" object (output.md).
func appendRowJSON(b []byte, typ string, keys []string, cells []cell) []byte {
	b = append(b, `{"type":`...)
	b = appendJSONString(b, typ)
	for i := 0; i < len(cells); i++ {
		c, k := cells[i], keys[i]
		if k == "north" && i+4 <= len(cells) {
			b = appendPlayersJSON(b, cells[i:i+4])
			i += 3
			continue
		}
		switch c.kind {
		case absent:
		case number:
			b = appendInt(b, k, c.n)
		case boolean:
			b = appendBool(b, k, c.b)
		case list:
			b = append(appendKey(b, k), '[')
			for j, s := range strings.Fields(c.s) {
				if j > 0 {
					b = append(b, ',')
				}
				b = appendJSONString(b, s)
			}
			b = append(b, ']')
		default:
			b = appendStr(b, k, c.s)
		}
	}
	return append(b, '}')
}

// appendPlayersJSON appends "players" from the cells of north .. west,
// nothing when none is given.
func appendPlayersJSON(b []byte, seats []cell) []byte {
	first := true
	for s, c := range seats {
		if c.kind == absent {
			continue
		}
		if first {
			b = append(appendKey(b, "players"), '{')
		} else {
			b = append(b, ',')
		}
		first = false
		b = appendJSONString(b, pbn.Seat(s).String())
		b = append(b, ':')
		b = appendJSONString(b, c.s)
	}
	if !first {
		b = append(b, '}')
	}
	return b
}
