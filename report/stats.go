package report

import (
	"fmt"
	"slices"
	"sort"

	"github.com/xuri/excelize/v2"

	"revokes/analyze"
)

// stats are the counters of the Statistics sheet. Boards are counted as
// they pass; no board is kept.
type stats struct {
	boards   int // boards read
	withPlay int // boards analysed that have play: the base of the rates
	revokeCounts
	// pl counts the plausible revokes (laws.md A14): every frequency
	// table shows them first, all revokes beside.
	pl                    revokeCounts
	suspect, undetermined int // revokes by the other assessments
	events                map[string]*eventStats
	editions              map[string]int // boards by edition applied
	// years and byEdition count by the year of the board's Date (0:
	// none) and by the edition applied (stats_period.go).
	years     map[int]*periodStats
	byEdition map[string]*periodStats
}

// revokeCounts are the counters of a set of revokes.
type revokeCounts struct {
	revokes  int
	byTrick  [14]int // index 1..13
	byRole   [3]int  // by analyze.Role
	bySeat   [4]int  // by pbn.Seat of the offender
	bySuit   [4]int  // by pbn.Suit led
	estNext  int     // established by the next trick
	estClaim int     // established by a claim or concession
	estOther int     // established otherwise
	notEst   int
	transfer [4]int // 0, 1, 2, 3 or more
	equity   int    // revokes with a double-dummy estimate
	short    int    // of which equity-short
}

// eventStats are the counters of one event.
type eventStats struct {
	boards, withPlay, revokes int
	plausible                 int // laws.md A14
}

func (s *stats) init() {
	s.events = make(map[string]*eventStats)
	s.editions = make(map[string]int)
}

// board counts one board.
func (s *stats) board(f *analyze.Findings) {
	s.boards++
	ev := s.events[f.Board.Tag("Event")]
	if ev == nil {
		ev = &eventStats{}
		s.events[f.Board.Tag("Event")] = ev
	}
	ev.boards++
	s.editions[f.Edition.Name]++
	if f.Analysed && f.HasPlay {
		s.withPlay++
		ev.withPlay++
	}
	ev.revokes += len(f.Revokes)
	s.period(f)
	for i := range f.Revokes {
		r := &f.Revokes[i]
		s.add(r)
		switch r.Assessment {
		case analyze.Plausible:
			s.pl.add(r)
			ev.plausible++
		case analyze.Suspect:
			s.suspect++
		default:
			s.undetermined++
		}
	}
}

// add counts one revoke.
func (s *revokeCounts) add(r *analyze.Revoke) {
	s.revokes++
	if r.Trick >= 1 && r.Trick <= 13 {
		s.byTrick[r.Trick]++
	}
	s.byRole[r.Role%3]++
	s.bySeat[r.Offender&3]++
	s.bySuit[r.Led&3]++
	switch {
	case !r.Established:
		s.notEst++
	case r.EstablishedBy == analyze.ByNextTrick:
		s.estNext++
	case r.EstablishedBy == analyze.ByClaim:
		s.estClaim++
	default:
		s.estOther++
	}
	s.transfer[min(max(r.Transfer, 0), 3)]++
	if r.Equity != nil {
		s.equity++
	}
	if r.Has(analyze.FlagEquityShort) {
		s.short++
	}
}

// per1000 returns revokes per 1,000 boards, 0 without boards.
func per1000(revokes, boards int) float64 {
	if boards == 0 {
		return 0
	}
	return float64(revokes) * 1000 / float64(boards)
}

// share returns n/of, 0 when of is 0.
func share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

// statSheet writes the Statistics sheet: blocks of a small table with a
// chart beside it, one under the other.
type statSheet struct {
	x   *XLSX
	sh  string
	row int
}

// maxEventBars is the most events drawn in the per-event chart (the table
// lists them all).
const maxEventBars = 30

// writeStats writes the Statistics sheet.
func (x *XLSX) writeStats() error {
	s, p := &x.stats, x.p
	w := &statSheet{x: x, sh: x.names.stats, row: 1}
	f := x.f
	for col, width := range map[string]float64{"A": 34, "B": 13, "C": 13, "D": 13, "E": 13, "F": 13, "G": 13, "H": 3} {
		if err := f.SetColWidth(w.sh, col, col, width); err != nil {
			return err
		}
	}
	if err := w.cell("A", tr(p, "Revoke statistics"), x.st.title); err != nil {
		return err
	}
	if err := f.SetRowHeight(w.sh, 1, 28); err != nil {
		return err
	}
	w.row++
	if err := w.cell("A", tr(p, "Rates are revokes per 1,000 boards with play that could be analysed. Shares are of all revokes."), x.st.subtitle); err != nil {
		return err
	}
	w.row += 2

	// Overview: a table without a chart.
	if err := w.section(tr(p, "Overview")); err != nil {
		return err
	}
	est := s.estNext + s.estClaim + s.estOther
	overview := []struct {
		label string
		v     any
		style int
	}{
		{"Boards read", s.boards, x.st.integer},
		{"Boards with play analysed", s.withPlay, x.st.integer},
		// laws.md A14: plausible revokes first, all revokes beside.
		{"Plausible revokes", s.pl.revokes, x.st.integer},
		{"Plausible revokes per 1,000 boards", rateOrNil(s.pl.revokes, s.withPlay), x.st.rate},
		{"Suspect revokes", s.suspect, x.st.integer},
		{"Undetermined revokes", s.undetermined, x.st.integer},
		{"Revokes", s.revokes, x.st.integer},
		{"Revokes per 1,000 boards", rateOrNil(s.revokes, s.withPlay), x.st.rate},
		{"Established revokes", est, x.st.integer},
		{"Established share", shareOrNil(est, s.revokes), x.st.percent},
		{"Equity short (Law 64C)", s.short, x.st.integer},
	}
	// Column A fits the longest bold label in this language.
	widthA := 34.0
	for _, o := range overview {
		widthA = max(widthA, float64(len([]rune(tr(p, o.label))))*1.15+2)
	}
	if err := f.SetColWidth(w.sh, "A", "A", widthA); err != nil {
		return err
	}
	for _, o := range overview {
		if err := w.cell("A", tr(p, o.label), x.st.label); err != nil {
			return err
		}
		if o.v == nil { // a rate or share of nothing: empty
			w.row++
			continue
		}
		if err := w.cell("B", o.v, o.style); err != nil {
			return err
		}
		w.row++
	}
	w.row++

	type item struct {
		label any // text, or a trick number stored as a number
		n, pl int // all revokes, plausible ones
	}
	// Titles and categories are translated below; labels here.
	blocks := []struct {
		title, cat string
		items      []item
	}{
		{"Revokes by trick", "Trick", nil},
		{"Revokes by role of the offender", "Role", []item{
			{tr(p, "declarer"), s.byRole[analyze.Declarer], s.pl.byRole[analyze.Declarer]},
			{tr(p, "dummy"), s.byRole[analyze.Dummy], s.pl.byRole[analyze.Dummy]},
			{tr(p, "defender"), s.byRole[analyze.Defender], s.pl.byRole[analyze.Defender]},
		}},
		{"Revokes by seat of the offender", "Seat", []item{
			{tr(p, "North"), s.bySeat[0], s.pl.bySeat[0]}, {tr(p, "East"), s.bySeat[1], s.pl.bySeat[1]},
			{tr(p, "South"), s.bySeat[2], s.pl.bySeat[2]}, {tr(p, "West"), s.bySeat[3], s.pl.bySeat[3]},
		}},
		{"Revokes by suit led", "Suit led", []item{
			{tr(p, "Spades"), s.bySuit[0], s.pl.bySuit[0]}, {tr(p, "Hearts"), s.bySuit[1], s.pl.bySuit[1]},
			{tr(p, "Diamonds"), s.bySuit[2], s.pl.bySuit[2]}, {tr(p, "Clubs"), s.bySuit[3], s.pl.bySuit[3]},
		}},
		{"Revokes, established or not", "Outcome", []item{
			{tr(p, "Established by the next trick"), s.estNext, s.pl.estNext}, {tr(p, "Established by a claim"), s.estClaim, s.pl.estClaim},
			{tr(p, "Established otherwise"), s.estOther, s.pl.estOther}, {tr(p, "Not established"), s.notEst, s.pl.notEst},
		}},
		{"Tricks transferred per revoke", "Tricks transferred", []item{
			{"0", s.transfer[0], s.pl.transfer[0]}, {"1", s.transfer[1], s.pl.transfer[1]},
			{"2", s.transfer[2], s.pl.transfer[2]}, {"3+", s.transfer[3], s.pl.transfer[3]},
		}},
		{"Equity estimate (double dummy)", "Estimate", []item{
			// Three parts of all revokes, none inside another.
			{tr(p, "With an estimate, not short"), s.equity - s.short, s.pl.equity - s.pl.short}, {tr(p, "Equity short (Law 64C)"), s.short, s.pl.short},
			{tr(p, "Without an estimate"), s.revokes - s.equity, s.pl.revokes - s.pl.equity},
		}},
	}
	for t := 1; t <= 13; t++ {
		blocks[0].items = append(blocks[0].items, item{t, s.byTrick[t], s.pl.byTrick[t]})
	}
	for i, b := range blocks {
		// Two blocks to a printed page (the first page also holds the
		// overview), so that no chart is cut by a page break.
		if i > 0 && i%2 == 0 {
			if err := w.pageBreak(); err != nil {
				return err
			}
		}
		if b.title == "Revokes, established or not" && s.estOther == 0 {
			b.items = append(b.items[:2:2], b.items[3])
		}
		labels := make([]any, len(b.items))
		counts := make([]int, len(b.items))
		pl := make([]int, len(b.items))
		for i, it := range b.items {
			labels[i] = it.label
			counts[i] = it.n
			pl[i] = it.pl
		}
		if err := w.countBlock(tr(p, b.title), tr(p, b.cat), labels, counts, pl); err != nil {
			return err
		}
	}
	if err := w.pageBreak(); err != nil {
		return err
	}
	if err := w.periodBlocks(); err != nil {
		return err
	}
	if err := w.pageBreak(); err != nil {
		return err
	}
	return w.eventBlock()
}

// rateOrNil is per1000, or nil (an empty cell) without boards.
func rateOrNil(n, boards int) any {
	if boards == 0 {
		return nil
	}
	return per1000(n, boards)
}

// shareOrNil is share, or nil (an empty cell) when of is 0.
func shareOrNil(n, of int) any {
	if of == 0 {
		return nil
	}
	return share(n, of)
}

// pageBreak starts a new printed page at the current row.
func (w *statSheet) pageBreak() error {
	return w.x.f.InsertPageBreak(w.sh, fmt.Sprintf("A%d", w.row))
}

// cell sets one cell of the current row.
func (w *statSheet) cell(col string, v any, style int) error {
	ref := fmt.Sprintf("%s%d", col, w.row)
	if err := w.x.f.SetCellValue(w.sh, ref, v); err != nil {
		return err
	}
	if style == 0 {
		return nil
	}
	return w.x.f.SetCellStyle(w.sh, ref, ref, style)
}

// section writes a section title (translated) over columns A to G.
func (w *statSheet) section(title string) error {
	if err := w.cell("A", title, w.x.st.section); err != nil {
		return err
	}
	from, to := fmt.Sprintf("B%d", w.row), fmt.Sprintf("G%d", w.row)
	if err := w.x.f.SetCellStyle(w.sh, from, to, w.x.st.section); err != nil {
		return err
	}
	w.row++
	return nil
}

// header writes a table header row.
func (w *statSheet) header(cols ...string) error {
	for i, h := range cols {
		col, _ := excelize.ColumnNumberToName(i + 1)
		if err := w.cell(col, h, w.x.st.header); err != nil {
			return err
		}
	}
	return w.x.f.SetRowHeight(w.sh, w.row, 30)
}

// ref returns an absolute reference to a range of the sheet.
func (w *statSheet) ref(col string, from, to int) string {
	return fmt.Sprintf("'%s'!$%s$%d:$%s$%d", w.sh, col, from, col, to)
}

// chartCol is the column where the charts start, right of the tables.
const chartCol = "I"

// chartRows is the height of a chart in rows (of 20 px).
const chartRows = 15

// countBlock writes a table of revoke counts: the plausible revokes (pl,
// laws.md A14) and their rate per 1,000 boards first, then all revokes
// with their share of all revokes and their rate; and a column chart of
// both counts beside it.
func (w *statSheet) countBlock(title, cat string, labels []any, counts, pl []int) error {
	x, p := w.x, w.x.p
	total, boards := x.stats.revokes, x.stats.withPlay
	top := w.row
	if err := w.section(title); err != nil {
		return err
	}
	if err := w.header(cat, tr(p, "Plausible"), tr(p, "Plausible per 1,000 boards"),
		tr(p, "Revokes"), tr(p, "Share"), tr(p, "Per 1,000 boards")); err != nil {
		return err
	}
	hdr := w.row
	w.row++
	first := w.row
	for i, l := range labels {
		style := 0
		if _, ok := l.(int); ok { // a trick number, left like the texts
			style = x.st.numLeft
		}
		if err := w.cell("A", l, style); err != nil {
			return err
		}
		if err := w.cell("B", pl[i], x.st.integer); err != nil {
			return err
		}
		if err := w.rate("C", pl[i], boards); err != nil {
			return err
		}
		if err := w.cell("D", counts[i], x.st.integer); err != nil {
			return err
		}
		if total > 0 {
			if err := w.cell("E", share(counts[i], total), x.st.percent); err != nil {
				return err
			}
		}
		if err := w.rate("F", counts[i], boards); err != nil {
			return err
		}
		w.row++
	}
	last := w.row - 1
	chart := &excelize.Chart{
		Type: excelize.Col,
		Series: []excelize.ChartSeries{{
			Name:       fmt.Sprintf("'%s'!$B$%d", w.sh, hdr),
			Categories: w.ref("A", first, last),
			Values:     w.ref("B", first, last),
			Fill:       excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"548235"}},
		}, {
			Name:       fmt.Sprintf("'%s'!$D$%d", w.sh, hdr),
			Categories: w.ref("A", first, last),
			Values:     w.ref("D", first, last),
			Fill:       excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"2E75B6"}},
		}},
		Title:  chartTitle(title, 12),
		Legend: excelize.ChartLegend{Position: "bottom"},
		XAxis:  excelize.ChartAxis{Title: chartTitle(cat, 10), Font: axisFont},
		YAxis: excelize.ChartAxis{Title: chartTitle(tr(p, "Revokes"), 10), MajorGridLines: true, Minimum: &zero, Font: axisFont,
			MajorUnit: countStep(slices.Max(counts)), NumFmt: excelize.ChartNumFmt{CustomNumFmt: "0"}},
		PlotArea:  excelize.ChartPlotArea{ShowVal: true},
		Dimension: excelize.ChartDimension{Width: 560, Height: uint(chartRows * 20)},
	}
	if err := x.f.AddChart(w.sh, fmt.Sprintf("%s%d", chartCol, top), chart); err != nil {
		return err
	}
	w.row = max(w.row, top+chartRows) + 1
	return nil
}

// axisFont is the font of the axis labels.
var axisFont = excelize.Font{Family: "Calibri", Size: 9, Color: "404040"}

// zero is the minimum of every value axis: counts start at 0.
var zero = 0.0

// chartTitle returns a chart or axis title.
func chartTitle(s string, size float64) excelize.ChartTitle {
	return excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{
		Text: s, Font: &excelize.Font{Family: "Calibri", Bold: true, Size: size, Color: "404040"},
	}}}
}

// eventBlock writes revokes per 1,000 boards per event, with a bar chart
// of the rates of the first events.
func (w *statSheet) eventBlock() error {
	x, p, s := w.x, w.x.p, &w.x.stats
	top := w.row
	if err := w.section(tr(p, "Revokes per 1,000 boards by event")); err != nil {
		return err
	}
	if err := w.header(tr(p, "Event"), tr(p, "Boards"), tr(p, "Boards with play"), tr(p, "Plausible"),
		tr(p, "Plausible per 1,000 boards"), tr(p, "Revokes"), tr(p, "Per 1,000 boards")); err != nil {
		return err
	}
	w.row++
	first := w.row
	names := make([]string, 0, len(s.events))
	for n := range s.events {
		names = append(names, n)
	}
	// The events with the most revokes first (the chart shows the first
	// ones), then by name.
	sort.Slice(names, func(i, j int) bool {
		a, b := s.events[names[i]], s.events[names[j]]
		if a.revokes != b.revokes {
			return a.revokes > b.revokes
		}
		return names[i] < names[j]
	})
	for _, n := range names {
		e := s.events[n]
		label := cleanText(n)
		if label == "" {
			label = tr(p, "(no event)")
		}
		vals := []struct {
			col   string
			v     any
			style int
		}{
			{"A", label, 0},
			{"B", e.boards, x.st.integer},
			{"C", e.withPlay, x.st.integer},
			{"D", e.plausible, x.st.integer}, // laws.md A14: plausible first
			{"E", rateOrNil(e.plausible, e.withPlay), x.st.rate},
			{"F", e.revokes, x.st.integer},
			{"G", rateOrNil(e.revokes, e.withPlay), x.st.rate},
		}
		for _, v := range vals {
			if err := w.cell(v.col, v.v, v.style); err != nil {
				return err
			}
		}
		w.row++
	}
	last := min(w.row-1, first+maxEventBars-1)
	if len(names) == 0 {
		return nil
	}
	title := tr(p, "Revokes per 1,000 boards by event")
	if len(names) > maxEventBars {
		title = tr(p, "Revokes per 1,000 boards, the %d events with the most revokes", maxEventBars)
	}
	chart := &excelize.Chart{
		Type: excelize.Bar,
		Series: []excelize.ChartSeries{{
			Name:       fmt.Sprintf("'%s'!$E$%d", w.sh, first-1),
			Categories: w.ref("A", first, last),
			Values:     w.ref("E", first, last),
			Fill:       excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"548235"}},
		}, {
			Name:       fmt.Sprintf("'%s'!$G$%d", w.sh, first-1),
			Categories: w.ref("A", first, last),
			Values:     w.ref("G", first, last),
			Fill:       excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"C55A11"}},
		}},
		Title:     chartTitle(title, 12),
		Legend:    excelize.ChartLegend{Position: "bottom"},
		XAxis:     excelize.ChartAxis{ReverseOrder: true, Font: axisFont},
		YAxis:     excelize.ChartAxis{Title: chartTitle(tr(p, "Per 1,000 boards"), 10), MajorGridLines: true, Minimum: &zero, Font: axisFont},
		PlotArea:  excelize.ChartPlotArea{ShowVal: true, NumFmt: excelize.ChartNumFmt{CustomNumFmt: "0.0"}},
		Dimension: excelize.ChartDimension{Width: 560, Height: uint(max(chartRows*20, 90+22*(last-first+1)))},
	}
	return x.f.AddChart(w.sh, fmt.Sprintf("%s%d", chartCol, top), chart)
}
