package report

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/message"

	"revokes/analyze"
)

// stats are the counters of the Statistics sheet. Boards are counted as
// they pass; no board is kept.
type stats struct {
	boards   int // boards read
	withPlay int // boards with play (withPlay): the base of the rates
	// reach counts the boards with play whose record reaches trick t
	// (index 1..13, reachedTrick): the base of the rates by trick.
	reach [14]int
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
	if withPlay(f) {
		s.withPlay++
		ev.withPlay++
		for t := reachedTrick(f); t >= 1; t-- {
			s.reach[t]++
		}
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

// reachedTrick returns the last trick a board's record reaches: its
// complete tricks, and the trick after them when the record holds a card
// of it; a revoke can be found only in these tricks
// (analyze.Findings.TricksInRecord), so a record that stops at trick 5
// is no base for a rate at trick 9. The trick of a revoke is reached
// whatever the record's play says.
func reachedTrick(f *analyze.Findings) int {
	t := min(f.TricksInRecord+1, (len(f.Board.Play)+3)/4, 13)
	for i := range f.Revokes {
		t = max(t, min(f.Revokes[i].Trick, 13))
	}
	return t
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

// wilsonZ is the quantile of the standard normal distribution for a
// two-sided 95% interval.
const wilsonZ = 1.959963984540054

// wilson returns the 95% Wilson score interval of n revokes on boards
// boards, per 1,000 boards like the rate: the interval of a proportion
// that stays inside 0..1000 and is sound for the few revokes of most
// events (Wilson 1927). ok is false without boards, and when there are
// more revokes than boards (several revokes on one board), where the
// interval of a proportion says nothing.
func wilson(n, boards int) (lo, hi float64, ok bool) {
	if boards <= 0 || n < 0 || n > boards {
		return 0, 0, false
	}
	nb, p, z2 := float64(boards), float64(n)/float64(boards), wilsonZ*wilsonZ
	centre := (p + z2/(2*nb)) / (1 + z2/nb)
	half := wilsonZ / (1 + z2/nb) * math.Sqrt(p*(1-p)/nb+z2/(4*nb*nb))
	return max(centre-half, 0) * 1000, min(centre+half, 1) * 1000, true
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

// minEventBoards is the least boards with play of an event in the
// per-event chart: the rate of a smaller event (a one-board teaching
// file's "2,000 per 1,000") says little. The table lists every event.
const minEventBoards = 100

// statCols are the widths of the table columns of the Statistics sheet
// (B on; A fits its labels), and of the narrow column before the charts.
var statCols = map[string]float64{"B": 10, "C": 11, "D": 10, "E": 10, "F": 11, "G": 11, "H": 11, "I": 10, "J": 10, "K": 11, "L": 2}

// writeStats writes the Statistics sheet. Its counts of boards are the
// summary's (one count of boards with play everywhere).
func (x *XLSX) writeStats(sum *Summary) error {
	p := x.p
	w := &statSheet{x: x, sh: x.names.stats, row: 1}
	for col, width := range statCols {
		if err := x.f.SetColWidth(w.sh, col, col, width); err != nil {
			return err
		}
	}
	if err := w.cell(1, tr(p, "Revoke statistics"), x.st.title); err != nil {
		return err
	}
	if err := x.f.SetRowHeight(w.sh, 1, 28); err != nil {
		return err
	}
	w.row++
	for _, note := range []string{
		"Rates are revokes per 1,000 boards with play, a board read twice counted once; rates by trick are per 1,000 boards whose record reaches that trick. Shares are of all revokes.",
		"Low and high bound the 95%% Wilson score interval of a rate: where the rate of a larger archive would likely lie. It is left empty where a table has more revokes than boards.",
	} {
		if err := w.cell(1, tr(p, note), x.st.subtitle); err != nil {
			return err
		}
		w.row++
	}
	w.row++
	if err := w.overview(sum); err != nil {
		return err
	}
	if err := w.countBlocks(); err != nil {
		return err
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

// overview writes the table of totals: the summary's counts of boards,
// the revokes by assessment, and the two overall rates with their
// intervals.
func (w *statSheet) overview(sum *Summary) error {
	x, s, p := w.x, &w.x.stats, w.x.p
	if err := w.section(tr(p, "Overview")); err != nil {
		return err
	}
	if err := w.header("", tr(p, "Number"), tr(p, "Low (95%%)"), tr(p, "High (95%%)")); err != nil {
		return err
	}
	w.row++
	est := s.estNext + s.estClaim + s.estOther
	rows := []struct {
		label string
		n, of int // a count n; a rate or share of n when of > 0
		style int
	}{
		{"Boards read", sum.Games, 0, x.st.integer},
		{"Boards read twice, copies left out", sum.GamesDuplicate, 0, x.st.integer}, // laws.md A23
		{"Boards with play", sum.GamesWithPlay, 0, x.st.integer},
		// laws.md A14: plausible revokes first, all revokes beside.
		{"Plausible revokes", s.pl.revokes, 0, x.st.integer},
		{"Plausible revokes per 1,000 boards", s.pl.revokes, sum.GamesWithPlay, x.st.rate},
		{"Suspect revokes", s.suspect, 0, x.st.integer},
		{"Undetermined revokes", s.undetermined, 0, x.st.integer},
		{"Revokes", s.revokes, 0, x.st.integer},
		{"Revokes per 1,000 boards", s.revokes, sum.GamesWithPlay, x.st.rate},
		{"Established revokes", est, 0, x.st.integer},
		{"Established share", est, s.revokes, x.st.percent},
		{"Equity short (Law 64C)", s.short, 0, x.st.integer},
	}
	// Column A fits the longest bold label in this language.
	widthA := 34.0
	for _, o := range rows {
		widthA = max(widthA, float64(len([]rune(tr(p, o.label))))*1.15+2)
	}
	if err := x.f.SetColWidth(w.sh, "A", "A", widthA); err != nil {
		return err
	}
	for _, o := range rows {
		if err := w.cell(1, tr(p, o.label), x.st.label); err != nil {
			return err
		}
		var err error
		switch {
		case o.style == x.st.rate:
			err = w.rates(2, o.n, o.of)
		case o.style == x.st.percent:
			if o.of > 0 { // a share of nothing: empty
				err = w.cell(2, share(o.n, o.of), o.style)
			}
		default:
			err = w.cell(2, o.n, o.style)
		}
		if err != nil {
			return err
		}
		w.row++
	}
	w.row++
	return nil
}

// countItem is one row of a table of revoke counts.
type countItem struct {
	label any // text, or a trick number stored as a number
	n, pl int // all revokes, plausible ones
}

// countBlocks writes the tables of revoke counts (by trick, role, seat,
// suit led, establishment, transfer, equity estimate), two to a printed
// page.
func (w *statSheet) countBlocks() error {
	s, p := &w.x.stats, w.x.p
	byTrick := make([]countItem, 0, 13)
	for t := 1; t <= 13; t++ {
		byTrick = append(byTrick, countItem{t, s.byTrick[t], s.pl.byTrick[t]})
	}
	// Titles and categories are translated below; labels here.
	blocks := []struct {
		title, cat string
		items      []countItem
	}{
		{"Revokes by trick", "Trick", byTrick},
		{"Revokes by role of the offender", "Role", []countItem{
			{tr(p, "declarer"), s.byRole[analyze.Declarer], s.pl.byRole[analyze.Declarer]},
			{tr(p, "dummy"), s.byRole[analyze.Dummy], s.pl.byRole[analyze.Dummy]},
			{tr(p, "defender"), s.byRole[analyze.Defender], s.pl.byRole[analyze.Defender]},
		}},
		{"Revokes by seat of the offender", "Seat", []countItem{
			{tr(p, "North"), s.bySeat[0], s.pl.bySeat[0]}, {tr(p, "East"), s.bySeat[1], s.pl.bySeat[1]},
			{tr(p, "South"), s.bySeat[2], s.pl.bySeat[2]}, {tr(p, "West"), s.bySeat[3], s.pl.bySeat[3]},
		}},
		{"Revokes by suit led", "Suit led", []countItem{
			{tr(p, "Spades"), s.bySuit[0], s.pl.bySuit[0]}, {tr(p, "Hearts"), s.bySuit[1], s.pl.bySuit[1]},
			{tr(p, "Diamonds"), s.bySuit[2], s.pl.bySuit[2]}, {tr(p, "Clubs"), s.bySuit[3], s.pl.bySuit[3]},
		}},
		{"Revokes, established or not", "Outcome", []countItem{
			{tr(p, "Established by the next trick"), s.estNext, s.pl.estNext}, {tr(p, "Established by a claim"), s.estClaim, s.pl.estClaim},
			{tr(p, "Established otherwise"), s.estOther, s.pl.estOther}, {tr(p, "Not established"), s.notEst, s.pl.notEst},
		}},
		{"Tricks transferred per revoke", "Tricks transferred", []countItem{
			{"0", s.transfer[0], s.pl.transfer[0]}, {"1", s.transfer[1], s.pl.transfer[1]},
			{"2", s.transfer[2], s.pl.transfer[2]}, {"3+", s.transfer[3], s.pl.transfer[3]},
		}},
		{"Equity estimate (double dummy)", "Estimate", []countItem{
			// Three parts of all revokes, none inside another.
			{tr(p, "With an estimate, not short"), s.equity - s.short, s.pl.equity - s.pl.short}, {tr(p, "Equity short (Law 64C)"), s.short, s.pl.short},
			{tr(p, "Without an estimate"), s.revokes - s.equity, s.pl.revokes - s.pl.equity},
		}},
	}
	if s.estOther == 0 {
		est := blocks[4].items
		blocks[4].items = append(est[:2:2], est[3])
	}
	for i, b := range blocks {
		// Two blocks to a printed page (the first page also holds the
		// overview), so that no chart is cut by a page break.
		if i > 0 && i%2 == 0 {
			if err := w.pageBreak(); err != nil {
				return err
			}
		}
		var bases []int // the rates by trick are per board reaching it
		if i == 0 {
			bases = s.reach[1:]
		}
		if err := w.countBlock(tr(p, b.title), tr(p, b.cat), b.items, bases); err != nil {
			return err
		}
	}
	return nil
}

// pageBreak starts a new printed page at the current row.
func (w *statSheet) pageBreak() error {
	return w.x.f.InsertPageBreak(w.sh, fmt.Sprintf("A%d", w.row))
}

// cell sets the cell of column col (1 is A) of the current row.
func (w *statSheet) cell(col int, v any, style int) error {
	ref, err := excelize.CoordinatesToCellName(col, w.row)
	if err != nil {
		return err
	}
	if err := w.x.f.SetCellValue(w.sh, ref, v); err != nil {
		return err
	}
	if style == 0 {
		return nil
	}
	return w.x.f.SetCellStyle(w.sh, ref, ref, style)
}

// section writes a section title (translated) over columns A to K.
func (w *statSheet) section(title string) error {
	if err := w.cell(1, title, w.x.st.section); err != nil {
		return err
	}
	from, to := fmt.Sprintf("B%d", w.row), fmt.Sprintf("K%d", w.row)
	if err := w.x.f.SetCellStyle(w.sh, from, to, w.x.st.section); err != nil {
		return err
	}
	w.row++
	return nil
}

// header writes a table header row, widening a column (B on) whose
// header has a word longer than the column is wide, so that a wrapped
// header breaks between words ("Verzakingen", "Ondergrens").
func (w *statSheet) header(cols ...string) error {
	for i, h := range cols {
		if err := w.cell(i+1, h, w.x.st.header); err != nil {
			return err
		}
		if i == 0 {
			continue
		}
		col, _ := excelize.ColumnNumberToName(i + 1)
		long := 0
		for _, word := range strings.Fields(h) {
			long = max(long, len([]rune(word)))
		}
		// A bold character takes about 1.15 units of width, and the
		// cell's margins one more.
		if need := float64(long)*1.15 + 1; need > statCols[col] {
			width, err := w.x.f.GetColWidth(w.sh, col)
			if err != nil {
				return err
			}
			if need > width {
				if err := w.x.f.SetColWidth(w.sh, col, col, need); err != nil {
					return err
				}
			}
		}
	}
	return w.x.f.SetRowHeight(w.sh, w.row, 44) // three lines of a wrapped header
}

// rateHeads returns the headers of a rate and its interval.
func rateHeads(p *message.Printer, rate string) []string {
	return []string{tr(p, rate), tr(p, "Low (95%%)"), tr(p, "High (95%%)")}
}

// rates writes n revokes per 1,000 of boards in column col and its 95%
// Wilson interval in the two columns after it; all three are empty when
// there is no board (a rate of nothing is not 0.00), the interval alone
// when it says nothing (wilson).
func (w *statSheet) rates(col, n, boards int) error {
	if boards == 0 {
		return nil
	}
	if err := w.cell(col, per1000(n, boards), w.x.st.rate); err != nil {
		return err
	}
	lo, hi, ok := wilson(n, boards)
	if !ok {
		return nil
	}
	if err := w.cell(col+1, lo, w.x.st.rate); err != nil {
		return err
	}
	return w.cell(col+2, hi, w.x.st.rate)
}

// ref returns an absolute reference to a range of column col (1 is A).
func (w *statSheet) ref(col, from, to int) string {
	c, _ := excelize.ColumnNumberToName(col)
	return fmt.Sprintf("'%s'!$%s$%d:$%s$%d", w.sh, c, from, c, to)
}

// name returns an absolute reference to one cell, a series' name.
func (w *statSheet) name(col, row int) string {
	c, _ := excelize.ColumnNumberToName(col)
	return fmt.Sprintf("'%s'!$%s$%d", w.sh, c, row)
}

// chartCol is the column where the charts start, right of the tables.
const chartCol = "M"

// chartRows is the height of a chart in rows (of 20 px).
const chartRows = 15

// countBlock writes a table of revoke counts: the plausible revokes (pl,
// laws.md A14) and their rate per 1,000 boards with its interval first,
// then all revokes with their share of all revokes and their rate with
// its interval. The rates are per board with play, or per bases[i] for
// row i when bases is given (a column of its own, first). Beside the
// table a column chart of both counts, or of both rates with bases.
func (w *statSheet) countBlock(title, cat string, items []countItem, bases []int) error {
	x, p := w.x, w.x.p
	total := x.stats.revokes
	top := w.row
	if err := w.section(title); err != nil {
		return err
	}
	heads := []string{cat}
	if bases != nil {
		heads = append(heads, tr(p, "Boards with play reaching it"))
	}
	c := len(heads) + 1 // the column of the plausible revokes
	heads = append(heads, tr(p, "Plausible"))
	heads = append(heads, rateHeads(p, "Plausible per 1,000 boards")...)
	heads = append(heads, tr(p, "Revokes"), tr(p, "Share"))
	heads = append(heads, rateHeads(p, "Per 1,000 boards")...)
	if err := w.header(heads...); err != nil {
		return err
	}
	hdr := w.row
	w.row++
	first := w.row
	counts := make([]int, len(items))
	for i, it := range items {
		counts[i] = it.n
		style := 0
		if _, ok := it.label.(int); ok { // a trick number, left like the texts
			style = x.st.numLeft
		}
		if err := w.cell(1, it.label, style); err != nil {
			return err
		}
		boards := x.stats.withPlay
		if bases != nil {
			boards = bases[i]
			if err := w.cell(2, boards, x.st.integer); err != nil {
				return err
			}
		}
		if err := w.cell(c, it.pl, x.st.integer); err != nil {
			return err
		}
		if err := w.rates(c+1, it.pl, boards); err != nil {
			return err
		}
		if err := w.cell(c+4, it.n, x.st.integer); err != nil {
			return err
		}
		if total > 0 {
			if err := w.cell(c+5, share(it.n, total), x.st.percent); err != nil {
				return err
			}
		}
		if err := w.rates(c+6, it.n, boards); err != nil {
			return err
		}
		w.row++
	}
	last := w.row - 1
	// Counts, or with bases the rates (counts over unequal bases
	// compare nothing).
	plCol, allCol, axis := c, c+4, tr(p, "Revokes")
	yAxis := excelize.ChartAxis{MajorUnit: countStep(slices.Max(counts)), NumFmt: excelize.ChartNumFmt{CustomNumFmt: "0"}}
	showVal := true
	if bases != nil {
		// Thirteen pairs of rates: the table gives their values.
		plCol, allCol, axis = c+1, c+6, tr(p, "Per 1,000 boards")
		yAxis, showVal = excelize.ChartAxis{}, false
	}
	yAxis.Title, yAxis.MajorGridLines, yAxis.Minimum, yAxis.Font = chartTitle(axis, 10), true, &zero, axisFont
	chart := &excelize.Chart{
		Type: excelize.Col,
		Series: []excelize.ChartSeries{{
			Name:       w.name(plCol, hdr),
			Categories: w.ref(1, first, last),
			Values:     w.ref(plCol, first, last),
			Fill:       excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"548235"}},
		}, {
			Name:       w.name(allCol, hdr),
			Categories: w.ref(1, first, last),
			Values:     w.ref(allCol, first, last),
			Fill:       excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"2E75B6"}},
		}},
		Title:     chartTitle(title, 12),
		Legend:    excelize.ChartLegend{Position: "bottom"},
		XAxis:     excelize.ChartAxis{Title: chartTitle(cat, 10), Font: axisFont},
		YAxis:     yAxis,
		PlotArea:  excelize.ChartPlotArea{ShowVal: showVal},
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

// eventOrder returns the events' names: those with at least
// minEventBoards boards with play first (the chart's), then the others;
// in each part the events with the most revokes first, then by name. It
// returns how many are in the first part.
func eventOrder(events map[string]*eventStats) ([]string, int) {
	names := make([]string, 0, len(events))
	big := 0
	for n, e := range events {
		names = append(names, n)
		if e.withPlay >= minEventBoards {
			big++
		}
	}
	sort.Slice(names, func(i, j int) bool {
		a, b := events[names[i]], events[names[j]]
		if ab, bb := a.withPlay >= minEventBoards, b.withPlay >= minEventBoards; ab != bb {
			return ab
		}
		if a.revokes != b.revokes {
			return a.revokes > b.revokes
		}
		return names[i] < names[j]
	})
	return names, big
}

// eventBlock writes revokes per 1,000 boards per event with their
// intervals, and a bar chart of the rates of the events with at least
// minEventBoards boards with play.
func (w *statSheet) eventBlock() error {
	x, p, s := w.x, w.x.p, &w.x.stats
	top := w.row
	if err := w.section(tr(p, "Revokes per 1,000 boards by event")); err != nil {
		return err
	}
	heads := []string{tr(p, "Event"), tr(p, "Boards"), tr(p, "Boards with play"), tr(p, "Plausible")}
	heads = append(heads, rateHeads(p, "Plausible per 1,000 boards")...)
	heads = append(heads, tr(p, "Revokes"))
	heads = append(heads, rateHeads(p, "Per 1,000 boards")...)
	if err := w.header(heads...); err != nil {
		return err
	}
	hdr := w.row
	w.row++
	first := w.row
	names, big := eventOrder(s.events)
	for i, n := range names {
		if i == big {
			// The smaller events, below a line that says why the chart
			// leaves them out.
			if err := w.cell(1, tr(p, "Events with fewer than %d boards with play (not in the chart)", minEventBoards), x.st.subtitle); err != nil {
				return err
			}
			w.row++
		}
		e := s.events[n]
		label := cleanText(n)
		if label == "" {
			label = tr(p, "(no event)")
		}
		if err := w.cell(1, label, 0); err != nil {
			return err
		}
		for j, v := range []int{e.boards, e.withPlay, e.plausible} {
			if err := w.cell(2+j, v, x.st.integer); err != nil {
				return err
			}
		}
		if err := w.rates(5, e.plausible, e.withPlay); err != nil { // laws.md A14: plausible first
			return err
		}
		if err := w.cell(8, e.revokes, x.st.integer); err != nil {
			return err
		}
		if err := w.rates(9, e.revokes, e.withPlay); err != nil {
			return err
		}
		w.row++
	}
	if big == 0 {
		return nil
	}
	last := first + min(big, maxEventBars) - 1
	title := tr(p, "Revokes per 1,000 boards, events with at least %d boards with play", minEventBoards)
	if big > maxEventBars {
		title = tr(p, "Revokes per 1,000 boards, the %d events with the most revokes of those with at least %d boards with play", maxEventBars, minEventBoards)
	}
	chart := &excelize.Chart{
		Type: excelize.Bar,
		Series: []excelize.ChartSeries{{
			Name:       w.name(5, hdr),
			Categories: w.ref(1, first, last),
			Values:     w.ref(5, first, last),
			Fill:       excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"548235"}},
		}, {
			Name:       w.name(9, hdr),
			Categories: w.ref(1, first, last),
			Values:     w.ref(9, first, last),
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
