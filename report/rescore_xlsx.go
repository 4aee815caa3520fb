package report

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/message"

	"revokes/rescore"
)

// The Rescoring and Ranking sheets (rescoring.md §6), and the re-scoring
// section of the Summary sheet. Written at Close, only when the run
// re-scored.

// rescoreStyles are the styles of the two sheets.
type rescoreStyles struct {
	head, corrected, changed, changedNum, correctedNum, num, footer, mark int
}

func (x *XLSX) newRescoreStyles() (rescoreStyles, error) {
	var st rescoreStyles
	const blue = "1F4E78"
	num := "0.##;-0.##;0"
	thin := []excelize.Border{{Type: "bottom", Color: "BFBFBF", Style: 1}}
	// Numbers centred under their centred headers; the workbook's font.
	const font = "Calibri"
	centre := &excelize.Alignment{Horizontal: "center"}
	plain := &excelize.Font{Family: font}
	defs := []struct {
		id *int
		s  excelize.Style
	}{
		{&st.head, excelize.Style{Font: &excelize.Font{Family: font, Bold: true, Color: "FFFFFF"},
			Fill:      excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{blue}},
			Alignment: &excelize.Alignment{Horizontal: "center", Vertical: "center", WrapText: true}}},
		{&st.corrected, excelize.Style{Font: &excelize.Font{Family: font, Bold: true},
			Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFE699"}}, Border: thin}},
		{&st.correctedNum, excelize.Style{Font: &excelize.Font{Family: font, Bold: true}, CustomNumFmt: &num, Alignment: centre,
			Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFE699"}}, Border: thin}},
		{&st.changed, excelize.Style{Font: plain, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FCE4D6"}}, Border: thin}},
		{&st.changedNum, excelize.Style{Font: plain, CustomNumFmt: &num, Alignment: centre,
			Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FCE4D6"}}, Border: thin}},
		{&st.num, excelize.Style{Font: plain, CustomNumFmt: &num, Alignment: centre, Border: thin}},
		{&st.footer, excelize.Style{Font: &excelize.Font{Family: font, Italic: true, Color: "404040"}}},
		{&st.mark, excelize.Style{Font: plain, Border: thin}},
	}
	for _, d := range defs {
		id, err := x.f.NewStyle(&d.s)
		if err != nil {
			return st, err
		}
		*d.id = id
	}
	return st, nil
}

// rescoreSheets writes the Rescoring and Ranking sheets and the Summary's
// re-scoring section.
func (x *XLSX) rescoreSheets(res *rescore.Result) error {
	if res == nil {
		return nil
	}
	st, err := x.newRescoreStyles()
	if err != nil {
		return err
	}
	if err := x.rescoringSheet(res, st); err != nil {
		return err
	}
	if err := x.rankingSheet(res, st); err != nil {
		return err
	}
	return x.rescoreSummary(res)
}

// sheetWriter writes cells row by row on a non-streamed sheet.
type sheetWriter struct {
	x   *XLSX
	sh  string
	row int
	err error
}

func (w *sheetWriter) set(col int, v any, style int) {
	if w.err != nil {
		return
	}
	ref, _ := excelize.CoordinatesToCellName(col, w.row)
	if s, ok := v.(string); ok {
		v = cleanText(s)
	}
	if w.err = w.x.f.SetCellValue(w.sh, ref, v); w.err == nil && style != 0 {
		w.err = w.x.f.SetCellStyle(w.sh, ref, ref, style)
	}
}

// fill styles the cells of columns a..b of the current row.
func (w *sheetWriter) fill(a, b, style int) {
	if w.err != nil {
		return
	}
	from, _ := excelize.CoordinatesToCellName(a, w.row)
	to, _ := excelize.CoordinatesToCellName(b, w.row)
	w.err = w.x.f.SetCellStyle(w.sh, from, to, style)
}

// methodName is the method as people read it.
func methodName(p *message.Printer, m string) string {
	switch m {
	case "mp":
		return tr(p, "matchpoints")
	case "mp2":
		return tr(p, "matchpoints (ACBL)")
	case "cross":
		return tr(p, "cross-IMPs")
	case "cross-avg":
		return tr(p, "cross-IMPs, averaged")
	case "butler":
		return tr(p, "Butler IMPs")
	case "imp":
		return tr(p, "teams IMPs")
	case "bam":
		return tr(p, "board-a-match")
	}
	return m
}

// rescoreCol is one column of the Rescoring sheet: its header (a catalog
// key), width, and the value of a row, ok false for an empty cell; num
// for a number.
type rescoreCol struct {
	head  string
	width float64
	num   bool
	value func(r *rescore.Row) (any, bool)
}

// rescoreCols returns the columns of the Rescoring sheet: the Room column
// only when a row has a room, the percentages only when a row has them;
// each East-West value beside its North-South one.
func (x *XLSX) rescoreCols(boards []rescore.Board) []rescoreCol {
	room, pct := false, false
	roomWidth := 8.0 // as wide as the longest room's name
	for i := range boards {
		if !boards[i].Changed {
			continue
		}
		for k := range boards[i].Rows {
			r := &boards[i].Rows[k]
			room = room || r.Room != ""
			pct = pct || r.HasPct
			roomWidth = max(roomWidth, float64(utf8.RuneCountInString(tr(x.p, r.Room)))*1.15+2)
		}
	}
	always := func(f func(r *rescore.Row) any) func(r *rescore.Row) (any, bool) {
		return func(r *rescore.Row) (any, bool) { return f(r), true }
	}
	cols := []rescoreCol{{"Table", 7, false, always(func(r *rescore.Row) any { return r.Table })}}
	if room {
		cols = append(cols, rescoreCol{"Room", roomWidth, false, always(func(r *rescore.Row) any { return tr(x.p, r.Room) })})
	}
	cols = append(cols,
		rescoreCol{"North-South", 22, false, always(func(r *rescore.Row) any { return r.PairNS })},
		rescoreCol{"East-West", 22, false, always(func(r *rescore.Row) any { return r.PairEW })},
		rescoreCol{"Contract", 9, false, always(func(r *rescore.Row) any { return contractCodeText(x.p, r.Contract) })},
		rescoreCol{"By", 6, false, always(func(r *rescore.Row) any { return x.seat(r.Declarer) })},
		rescoreCol{"Tricks before", 8, true, func(r *rescore.Row) (any, bool) { return r.TricksRecorded, r.HasTricks }},
		rescoreCol{"Tricks after", 8, true, func(r *rescore.Row) (any, bool) { return r.TricksAdjusted, r.HasTricks }},
		rescoreCol{"Score NS before", 9, true, func(r *rescore.Row) (any, bool) { return r.ScoreNSRecorded, r.HasScore }},
		rescoreCol{"Score NS after", 9, true, func(r *rescore.Row) (any, bool) { return r.ScoreNSAdjusted, r.HasScore }},
		rescoreCol{"Value NS before", 9, true, func(r *rescore.Row) (any, bool) { return roundNum(r.ValueNSRecorded), r.HasValue }},
		rescoreCol{"Value NS after", 9, true, func(r *rescore.Row) (any, bool) { return roundNum(r.ValueNSAdjusted), r.HasValue }},
		rescoreCol{"Value EW before", 9, true, func(r *rescore.Row) (any, bool) { return roundNum(r.ValueEWRecorded), r.HasValue }},
		rescoreCol{"Value EW after", 9, true, func(r *rescore.Row) (any, bool) { return roundNum(r.ValueEWAdjusted), r.HasValue }},
	)
	if pct {
		cols = append(cols,
			rescoreCol{"%% NS before", 8, true, func(r *rescore.Row) (any, bool) { return roundNum(r.PctNSRecorded), r.HasPct }},
			rescoreCol{"%% NS after", 8, true, func(r *rescore.Row) (any, bool) { return roundNum(r.PctNSAdjusted), r.HasPct }},
			rescoreCol{"%% EW before", 8, true, func(r *rescore.Row) (any, bool) { return roundNum(r.PctEWRecorded), r.HasPct }},
			rescoreCol{"%% EW after", 8, true, func(r *rescore.Row) (any, bool) { return roundNum(r.PctEWAdjusted), r.HasPct }},
		)
	}
	return cols
}

// rescoringSheet writes one block per changed board: the traveller with
// old and new score, value and percentage of both sides, the corrected
// table marked, and a footer with the method, n, E, top and the
// reproduction count.
func (x *XLSX) rescoringSheet(res *rescore.Result, st rescoreStyles) error {
	p := x.p
	sh := tr(p, "Rescoring")
	cols := x.rescoreCols(res.Boards)
	widths := make([]float64, len(cols))
	for i, c := range cols {
		widths[i] = headerWidth(tr(p, c.head), c.width)
	}
	w, err := x.newRescoreSheet(sh, tr(p, "Re-scored boards: old and new, per table"), widths)
	if err != nil {
		return err
	}
	shown := 0
	for i := range res.Boards {
		b := &res.Boards[i]
		if !b.Changed {
			continue
		}
		shown++
		title := tr(p, "Board %s", b.Board) + " — " + b.Event
		if b.Section != "" {
			title += " / " + b.Section
		}
		if b.Teams && b.Match != "" {
			title += " — " + b.Match
		}
		w.set(1, title, x.st.section)
		w.fill(2, len(widths), x.st.section)
		w.row++
		w.set(1, tr(p, "%s, game %d", x.files.show(b.File), b.Game), x.st.subtitle)
		w.row++
		for c, col := range cols {
			w.set(c+1, tr(p, col.head), st.head)
		}
		if w.err == nil {
			w.err = x.f.SetRowHeight(sh, w.row, 30)
		}
		w.row++
		for k := range b.Rows {
			r := &b.Rows[k]
			text, num := st.mark, st.num
			switch {
			case r.Corrected:
				text, num = st.corrected, st.correctedNum
			case r.Changed:
				text, num = st.changed, st.changedNum
			}
			for c, col := range cols {
				v, ok := col.value(r)
				switch {
				case !ok:
					w.set(c+1, "", text)
				case col.num:
					w.set(c+1, v, num)
				default:
					w.set(c+1, v, text)
				}
			}
			w.row++
		}
		// Footer: method, n, E, top, reproduction.
		parts := []string{tr(p, "method: %s", methodName(p, b.Method)), tr(p, "tables: %d", b.Tables)}
		if !b.Teams {
			parts = append(parts, tr(p, "E: %d", b.Expected))
			if b.Top > 0 {
				parts = append(parts, tr(p, "top: %v", roundNum(b.Top)))
			}
		}
		if b.Method == "butler" {
			parts = append(parts, tr(p, "datum: %d → %d", b.DatumRecorded, b.DatumAdjusted))
		}
		if b.Teams {
			parts = append(parts, tr(p, "board to %s: %v → %v", strings.SplitN(b.Match, " – ", 2)[0], roundNum(b.MatchRecorded), roundNum(b.MatchAdjusted)))
			parts = append(parts, tr(p, "match to %s: %v → %v", strings.SplitN(b.Match, " – ", 2)[0], roundNum(b.TotalRecorded), roundNum(b.TotalAdjusted)))
		}
		if b.HasStated {
			parts = append(parts, tr(p, "%d of %d stated values reproduced", b.Reproduced, b.Stated))
		} else {
			parts = append(parts, tr(p, "the file states no values"))
		}
		if b.Mismatch {
			parts = append(parts, tr(p, "new values computed, not comparable"))
		}
		w.set(1, strings.Join(parts, " · "), st.footer)
		w.row += 2
	}
	if shown == 0 {
		w.set(1, tr(p, "No board changed: the transfers move no score of a re-scored session."), x.st.note)
	}
	return w.err
}

// seat prints a seat code in the report's language.
func (x *XLSX) seat(s string) string {
	if s == "" {
		return ""
	}
	return tr(x.p, s)
}

// rankingSheet writes, per session, every pair or team: rank, names,
// boards, total and percentage old and new, the change, sorted by the
// new rank, changed rows marked; and a chart of the largest rank moves.
func (x *XLSX) rankingSheet(res *rescore.Result, st rescoreStyles) error {
	p := x.p
	sh := tr(p, "Ranking")
	widths := []float64{8, 8, 9, 14, 34, 8, 11, 11, 10, 10}
	w, err := x.newRescoreSheet(sh, tr(p, "Ranking before and after the corrections"), widths)
	if err != nil {
		return err
	}
	var moves []rankMove
	for i := 0; i < len(res.Ranks); {
		j := sessionEnd(res.Ranks, i)
		x.rankSessionHead(w, &res.Ranks[i], len(widths), st)
		for k := i; k < j; k++ {
			r := &res.Ranks[k]
			rankRow(w, r, st)
			if r.RankChange != 0 {
				moves = append(moves, rankMove{r.Pair, r.RankChange})
			}
		}
		w.row++
		i = j
	}
	if len(res.Ranks) == 0 {
		w.set(1, tr(p, "No session could be ranked (see the Summary sheet)."), x.st.note)
		return w.err
	}
	if w.err != nil || len(moves) == 0 {
		return w.err
	}
	return x.rankMovesChart(w, moves)
}

// sessionEnd is where the session whose ranks start at i ends: one
// session is the ranks of one event and section (and one direction when
// the session ranks them apart).
func sessionEnd(ranks []rescore.Rank, i int) int {
	j := i
	for j < len(ranks) && ranks[j].Event == ranks[i].Event && ranks[j].Section == ranks[i].Section && ranks[j].Direction == ranks[i].Direction {
		j++
	}
	return j
}

// rankMove is a pair's or team's change of rank, for the chart.
type rankMove struct {
	name string
	d    int
}

// rankMovesChart writes the largest rank moves (at most 12) as a bar chart
// beside the rankings, its data in the columns under it.
func (x *XLSX) rankMovesChart(w *sheetWriter, moves []rankMove) error {
	p, sh := x.p, w.sh
	// The largest rank moves, as a bar chart beside the tables.
	sort.SliceStable(moves, func(a, b int) bool { return abs(moves[a].d) > abs(moves[b].d) })
	moves = moves[:min(len(moves), 12)]
	height := max(240, 60+24*len(moves))
	// The chart's data, under the chart (beside the tables, on the same
	// page).
	w.row = 3 + height/20 + 2
	w.set(12, tr(p, "Largest rank moves"), x.st.label)
	top := w.row
	w.row++
	first := w.row
	for _, m := range moves {
		w.set(12, m.name, 0)
		w.set(13, m.d, 0)
		w.row++
	}
	last := w.row - 1
	if w.err != nil {
		return w.err
	}
	ref := func(col string) string { return fmt.Sprintf("'%s'!$%s$%d:$%s$%d", sh, col, first, col, last) }
	chart := &excelize.Chart{
		Type: excelize.Bar,
		Series: []excelize.ChartSeries{{
			Name:       fmt.Sprintf("'%s'!$L$%d", sh, top),
			Categories: ref("L"),
			Values:     ref("M"),
			Fill:       excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"2E75B6"}},
		}},
		Title:  chartTitle(tr(p, "Largest rank moves (places up +, down −)"), 12),
		Legend: excelize.ChartLegend{Position: "none"},
		// The names at the chart's left edge, clear of the bars that go
		// left of zero.
		XAxis:     excelize.ChartAxis{ReverseOrder: true, Font: axisFont, TickLabelPosition: excelize.ChartTickLabelLow},
		YAxis:     excelize.ChartAxis{MajorGridLines: true, Font: axisFont, MajorUnit: 1},
		PlotArea:  excelize.ChartPlotArea{ShowVal: true},
		Dimension: excelize.ChartDimension{Width: 480, Height: uint(height)},
	}
	return x.f.AddChart(sh, "L3", chart)
}

// rankRow writes one pair's or team's row of a session's ranking: ranks
// after and before and the change, names, boards, totals and percentages
// before and after; a changed row in the changed styles.
func rankRow(w *sheetWriter, r *rescore.Rank, st rescoreStyles) {
	text, num := st.mark, st.num
	if r.Changed {
		text, num = st.changed, st.changedNum
	}
	w.set(1, r.RankAdjusted, text)
	w.set(2, r.RankRecorded, text)
	if r.RankChange != 0 {
		w.set(3, fmt.Sprintf("%+d", r.RankChange), text)
	} else {
		w.set(3, "", text)
	}
	w.set(4, r.Pair, text)
	names := r.Names
	if names == r.Pair {
		names = ""
	}
	w.set(5, names, text)
	w.set(6, r.Boards, num)
	w.set(7, roundNum(r.TotalRecorded), num)
	w.set(8, roundNum(r.TotalAdjusted), num)
	if r.HasPct {
		w.set(9, roundNum(r.PctRecorded), num)
		w.set(10, roundNum(r.PctAdjusted), num)
	} else {
		w.set(9, "", text)
		w.set(10, "", text)
	}
	w.row++
}

// rankSessionHead writes a session's title (event, section, and the
// direction when the session ranks North-South and East-West apart)
// across the ncols columns, and the header row of its ranking.
func (x *XLSX) rankSessionHead(w *sheetWriter, first *rescore.Rank, ncols int, st rescoreStyles) {
	p := x.p
	title := first.Event
	if first.Section != "" {
		title += " / " + first.Section
	}
	switch first.Direction {
	case "NS":
		title += " – " + tr(p, "North-South")
	case "EW":
		title += " – " + tr(p, "East-West")
	}
	w.set(1, title, x.st.section)
	w.fill(2, ncols, x.st.section)
	w.row++
	who := "Pair"
	if first.Team {
		who = "Team"
	}
	heads := []string{"Rank after", "Rank before", "Change", who, "Names", "Boards",
		"Total before", "Total after", "%% before", "%% after"}
	for c, h := range heads {
		w.set(c+1, tr(p, h), st.head)
	}
	if w.err == nil {
		w.err = x.f.SetRowHeight(w.sh, w.row, 30)
	}
	w.row++
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// summaryPair is one label and value of the Summary sheet.
type summaryPair struct {
	label string // a catalog key
	v     any
	style int
}

// rescoreCounts are the re-scoring's counts on the Summary sheet, written
// with the other counts.
func (x *XLSX) rescoreCounts(res *rescore.Result) []summaryPair {
	stated, repr := statedCounts(res)
	return []summaryPair{
		{"Boards re-scored", res.BoardsRescored, x.st.bold},
		{"Pairs or teams whose total or rank changed", res.PairsAffected, x.st.bold},
		{"Pairs or teams whose rank changed", res.RankChanges, x.st.bold},
		{"Stated values reproduced", tr(x.p, "%d of %d (board values and totals, every session)", repr, stated), 0},
	}
}

// rescoreSummary adds to the end of the Summary sheet the Checks table:
// every session, by which method it was checked and why, and its stated
// values reproduced.
func (x *XLSX) rescoreSummary(res *rescore.Result) error {
	rows, err := x.f.GetRows(x.names.summary)
	if err != nil {
		return err
	}
	w := &sheetWriter{x: x, sh: x.names.summary, row: len(rows) + 1}
	x.checksBlock(w, res)
	return w.err
}

// newRescoreSheet adds a re-scoring sheet called sh with the column widths
// given, set up for printing, its title in the first row; the writer it
// returns starts two rows below the title.
func (x *XLSX) newRescoreSheet(sh, title string, widths []float64) (*sheetWriter, error) {
	if _, err := x.f.NewSheet(sh); err != nil {
		return nil, err
	}
	for i, wd := range widths {
		c, _ := excelize.ColumnNumberToName(i + 1)
		if err := x.f.SetColWidth(sh, c, c, wd); err != nil {
			return nil, err
		}
	}
	if err := x.pageSetup(sh, false); err != nil {
		return nil, err
	}
	w := &sheetWriter{x: x, sh: sh, row: 1}
	w.set(1, title, x.st.title)
	w.row += 2
	return w, nil
}
