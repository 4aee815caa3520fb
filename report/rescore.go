package report

import (
	"bufio"
	"encoding/csv"
	"strconv"
	"strings"

	"golang.org/x/text/message"

	"revokes/rescore"
)

// Re-scoring in JSON Lines and CSV (rescoring.md §6, §9): "rescore_board",
// "rescore_rank" and "rescore_session" rows, NAME.rescore-boards.csv,
// NAME.rescore-ranks.csv and NAME.rescore-sessions.csv, five counts on the
// summary row. Written only when the run re-scored
// (Summary.Rescore), so that other runs' output is unchanged.

// appendNum appends a value rounded to two decimals, as the report shows it.
func appendNum(b []byte, k string, v float64) []byte {
	return strconv.AppendFloat(appendKey(b, k), roundNum(v), 'f', -1, 64)
}

func roundNum(v float64) float64 {
	x := float64(int64(v*100+sign(v)*0.5)) / 100
	if x == 0 {
		return 0 // no "-0"
	}
	return x
}

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

// numText is a value as CSV writes it.
func numText(v float64) string {
	return strconv.FormatFloat(roundNum(v), 'f', -1, 64)
}

// csvNumber returns how a CSV file with fields separated by sep writes a
// value: with a decimal comma when sep is ';', the separator of
// spreadsheets whose locale writes decimals with a comma (-csv-sep), so
// that they read 92,67 as a number; else with a point.
func csvNumber(sep rune) func(float64) string {
	if sep != ';' {
		return numText
	}
	return func(v float64) string { return strings.Replace(numText(v), ".", ",", 1) }
}

// appendRescoreBoard appends the JSON object of one re-scored board.
func appendRescoreBoard(b []byte, x *rescore.Board) []byte {
	b = append(b, `{"type":"rescore_board"`...)
	b = appendStr(b, "file", x.File)
	b = appendPosInt(b, "game", x.Game)
	b = appendOptStr(b, "event", x.Event)
	b = appendOptStr(b, "section", x.Section)
	b = appendStr(b, "board", x.Board)
	b = appendStr(b, "method", x.Method)
	b = appendInt(b, "tables", x.Tables)
	if !x.Teams {
		b = appendInt(b, "expected", x.Expected)
	}
	if x.HasStated {
		b = appendInt(b, "stated", x.Stated)
		b = appendInt(b, "reproduced", x.Reproduced)
	}
	if x.Mismatch {
		b = appendBool(b, "comparable", false)
	}
	if x.Method == "butler" {
		b = appendInt(b, "datum_recorded", x.DatumRecorded)
		b = appendInt(b, "datum_adjusted", x.DatumAdjusted)
	}
	if x.Teams && x.Tables == 2 {
		b = appendStr(b, "match", x.Match)
		b = appendNum(b, "match_total_recorded", x.TotalRecorded)
		b = appendNum(b, "match_total_adjusted", x.TotalAdjusted)
	}
	b = appendBool(b, "changed", x.Changed)
	b = append(appendKey(b, "rows"), '[')
	for i := range x.Rows {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendRescoreRow(b, &x.Rows[i], x.Teams)
	}
	return append(b, "]}\n"...)
}

func appendOptStr(b []byte, k, v string) []byte {
	if v == "" {
		return b
	}
	return appendStr(b, k, v)
}

// appendRescoreRow appends one table's object of a rescore_board row.
func appendRescoreRow(b []byte, r *rescore.Row, teams bool) []byte {
	b = append(b, '{')
	n := len(b)
	b = appendOptStr(b, "table", r.Table)
	b = appendOptStr(b, "room", r.Room)
	b = appendOptStr(b, "pair_ns", r.PairNS)
	b = appendOptStr(b, "pair_ew", r.PairEW)
	b = appendOptStr(b, "contract", r.Contract)
	b = appendOptStr(b, "declarer", r.Declarer)
	if r.HasTricks {
		b = appendInt(b, "tricks_recorded", r.TricksRecorded)
		b = appendInt(b, "tricks_adjusted", r.TricksAdjusted)
	}
	if r.HasScore {
		b = appendInt(b, "score_ns_recorded", r.ScoreNSRecorded)
		b = appendInt(b, "score_ns_adjusted", r.ScoreNSAdjusted)
	}
	if r.HasValue {
		b = appendNum(b, "value_ns_recorded", r.ValueNSRecorded)
		b = appendNum(b, "value_ns_adjusted", r.ValueNSAdjusted)
	}
	if r.HasPct {
		b = appendNum(b, "pct_ns_recorded", r.PctNSRecorded)
		b = appendNum(b, "pct_ns_adjusted", r.PctNSAdjusted)
	}
	b = appendBool(b, "changed", r.Changed)
	b = appendBool(b, "corrected", r.Corrected)
	// appendKey starts each key after the first with a comma.
	if b[n] == ',' {
		b = append(b[:n], b[n+1:]...)
	}
	return append(b, '}')
}

// appendRescoreRank appends the JSON object of one ranking line.
func appendRescoreRank(b []byte, r *rescore.Rank) []byte {
	b = append(b, `{"type":"rescore_rank"`...)
	b = appendOptStr(b, "event", r.Event)
	b = appendOptStr(b, "section", r.Section)
	if r.Team {
		b = appendStr(b, "team", r.Pair)
	} else {
		b = appendStr(b, "pair", r.Pair)
	}
	b = appendOptStr(b, "direction", r.Direction) // when the session ranks the directions apart
	b = appendOptStr(b, "names", r.Names)
	b = appendInt(b, "boards", r.Boards)
	b = appendNum(b, "total_recorded", r.TotalRecorded)
	b = appendNum(b, "total_adjusted", r.TotalAdjusted)
	if r.HasPct {
		b = appendNum(b, "pct_recorded", r.PctRecorded)
		b = appendNum(b, "pct_adjusted", r.PctAdjusted)
	}
	b = appendStr(b, "rank_recorded", r.RankRecorded)
	b = appendStr(b, "rank_adjusted", r.RankAdjusted)
	b = appendInt(b, "rank_change", r.RankChange)
	return append(b, "}\n"...)
}

// writeRescore writes the rescore rows of a JSON Lines report.
func (j *JSONL) writeRescore(res *rescore.Result) error {
	if res == nil {
		return nil
	}
	for i := range res.Boards {
		j.buf = appendRescoreBoard(j.buf[:0], &res.Boards[i])
		if _, err := j.w.Write(j.buf); err != nil {
			return err
		}
	}
	for i := range res.Ranks {
		if !res.Ranks[i].Changed {
			continue // rows for pairs whose total or rank changed (§8)
		}
		j.buf = appendRescoreRank(j.buf[:0], &res.Ranks[i])
		if _, err := j.w.Write(j.buf); err != nil {
			return err
		}
	}
	return j.writeRescoreSessions(res)
}

// appendRescoreSummary appends the summary row's re-scoring counts.
func appendRescoreSummary(b []byte, s *Summary) []byte {
	if s.Rescore == nil {
		return b
	}
	b = appendInt(b, "boards_rescored", s.Rescore.BoardsRescored)
	b = appendInt(b, "pairs_affected", s.Rescore.PairsAffected)
	b = appendInt(b, "rank_changes", s.Rescore.RankChanges)
	stated, repr := statedCounts(s.Rescore)
	b = appendInt(b, "stated", stated)
	return appendInt(b, "reproduced", repr)
}

// rescoreBoardKeys and rescoreRankKeys are the columns of
// NAME.rescore-boards.csv (one line per table row, the board's fields
// repeated) and NAME.rescore-ranks.csv.
var rescoreBoardKeys = []string{
	"file", "game", "event", "section", "board", "method", "tables", "expected", "stated", "reproduced",
	"table", "room", "pair_ns", "pair_ew", "contract", "declarer", "tricks_recorded", "tricks_adjusted",
	"score_ns_recorded", "score_ns_adjusted", "value_ns_recorded", "value_ns_adjusted",
	"pct_ns_recorded", "pct_ns_adjusted", "changed", "corrected",
}

var rescoreRankKeys = []string{
	"event", "section", "pair", "names", "boards", "total_recorded", "total_adjusted",
	"pct_recorded", "pct_adjusted", "rank_recorded", "rank_adjusted", "rank_change", "direction",
}

// rescoreCSV writes the three re-scoring CSV files of a report named
// path (NAME.csv) to temporary files, returned for the caller to commit.
func rescoreCSV(path string, res *rescore.Result, sep rune, p *message.Printer) ([]*tempFile, error) {
	name := strings.TrimSuffix(path, ".csv")
	var files []*tempFile
	fail := func(err error) ([]*tempFile, error) {
		for _, t := range files {
			t.discard()
		}
		return nil, err
	}
	write := func(fn string, header []string, rows [][]string) error {
		t, err := createTemp(fn)
		if err != nil {
			return err
		}
		files = append(files, t)
		bw := bufio.NewWriter(t)
		bw.WriteString(bom)
		w := csv.NewWriter(bw)
		w.Comma = sep
		w.Write(header)
		w.WriteAll(rows) // (flushes w)
		if err := w.Error(); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		return t.finish()
	}
	it := func(n int) string { return strconv.Itoa(n) }
	num := csvNumber(sep) // (a decimal comma with ';')
	txt := func(s string) string { return neutralise(s) }
	opt := func(ok bool, s string) string {
		if !ok {
			return ""
		}
		return s
	}
	var rows [][]string
	for i := range res.Boards {
		x := &res.Boards[i]
		for k := range x.Rows {
			r := &x.Rows[k]
			rows = append(rows, []string{
				txt(x.File), it(x.Game), txt(x.Event), txt(x.Section), txt(x.Board), x.Method, it(x.Tables),
				opt(!x.Teams, it(x.Expected)), opt(x.HasStated, it(x.Stated)), opt(x.HasStated, it(x.Reproduced)),
				txt(r.Table), r.Room, txt(r.PairNS), txt(r.PairEW), r.Contract, r.Declarer,
				opt(r.HasTricks, it(r.TricksRecorded)), opt(r.HasTricks, it(r.TricksAdjusted)),
				opt(r.HasScore, it(r.ScoreNSRecorded)), opt(r.HasScore, it(r.ScoreNSAdjusted)),
				opt(r.HasValue, num(r.ValueNSRecorded)), opt(r.HasValue, num(r.ValueNSAdjusted)),
				opt(r.HasPct, num(r.PctNSRecorded)), opt(r.HasPct, num(r.PctNSAdjusted)),
				strconv.FormatBool(r.Changed), strconv.FormatBool(r.Corrected),
			})
		}
	}
	if err := write(name+".rescore-boards.csv", rescoreBoardKeys, rows); err != nil {
		return fail(err)
	}
	rows = rows[:0]
	for i := range res.Ranks {
		r := &res.Ranks[i]
		if !r.Changed {
			continue
		}
		rows = append(rows, []string{
			txt(r.Event), txt(r.Section), txt(r.Pair), txt(r.Names), it(r.Boards),
			num(r.TotalRecorded), num(r.TotalAdjusted),
			opt(r.HasPct, num(r.PctRecorded)), opt(r.HasPct, num(r.PctAdjusted)),
			r.RankRecorded, r.RankAdjusted, it(r.RankChange), r.Direction,
		})
	}
	if err := write(name+".rescore-ranks.csv", rescoreRankKeys, rows); err != nil {
		return fail(err)
	}
	if err := write(name+".rescore-sessions.csv", rescoreSessionKeys, rescoreSessionRows(p, res)); err != nil {
		return fail(err)
	}
	return files, nil
}
