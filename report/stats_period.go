package report

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"revokes/analyze"
)

// periodStats are the counters of one year or one edition of the laws.
type periodStats struct {
	boards, withPlay, revokes int
	plausible, established    int // laws.md A14; established revokes
}

// count adds one board's findings.
func (ps *periodStats) count(f *analyze.Findings) {
	ps.boards++
	if f.Analysed && f.HasPlay {
		ps.withPlay++
	}
	for i := range f.Revokes {
		r := &f.Revokes[i]
		ps.revokes++
		if r.Assessment == analyze.Plausible {
			ps.plausible++
		}
		if r.Established {
			ps.established++
		}
	}
}

// boardYear returns the year of a board's Date tag, 0 when it has none
// that can be read (analyze.ParseDate).
func boardYear(f *analyze.Findings) int {
	return analyze.ParseDate(f.Board.Tag("Date")) / 10000
}

// period counts the board in its year and its edition.
func (s *stats) period(f *analyze.Findings) {
	if s.years == nil {
		s.years = map[int]*periodStats{}
		s.byEdition = map[string]*periodStats{}
	}
	y := boardYear(f)
	if s.years[y] == nil {
		s.years[y] = &periodStats{}
	}
	s.years[y].count(f)
	e := f.Edition.Name
	if s.byEdition[e] == nil {
		s.byEdition[e] = &periodStats{}
	}
	s.byEdition[e].count(f)
}

// periodBlocks writes the tables by year and by edition, each with a
// chart of the rates: points on a time axis over the years (a year
// without boards is a gap), columns by edition.
func (w *statSheet) periodBlocks() error {
	s, p := &w.x.stats, w.x.p
	years := make([]int, 0, len(s.years))
	for y := range s.years {
		years = append(years, y)
	}
	sort.Ints(years)
	var labels []any
	var rows []*periodStats
	for _, y := range years {
		if y == 0 {
			continue // listed last
		}
		labels = append(labels, y)
		rows = append(rows, s.years[y])
	}
	if ps := s.years[0]; ps != nil {
		labels = append(labels, tr(p, "(no date)"))
		rows = append(rows, ps)
	}
	// The boards without a date are in the table, not on the time axis.
	if err := w.periodBlock(tr(p, "Revokes by year"), tr(p, "Year"), labels, rows, excelize.Scatter, s.years[0] != nil); err != nil {
		return err
	}
	names := make([]string, 0, len(s.byEdition))
	for n := range s.byEdition {
		names = append(names, n)
	}
	sort.Strings(names)
	labels, rows = labels[:0], rows[:0]
	for _, n := range names {
		labels = append(labels, n)
		rows = append(rows, s.byEdition[n])
	}
	if err := w.pageBreak(); err != nil {
		return err
	}
	return w.periodBlock(tr(p, "Revokes by edition of the laws"), tr(p, "Edition"), labels, rows, excelize.Col, false)
}

// periodBlock writes one table of periods (years or editions): boards
// with play, plausible revokes and their rate, revokes and their rate
// (each rate with its interval), the established share; and a chart of
// the two rates (without the last row when lastOff). A Scatter chart
// places its points on a numeric axis of the labels (the years).
func (w *statSheet) periodBlock(title, cat string, labels []any, rows []*periodStats, kind excelize.ChartType, lastOff bool) error {
	x, p := w.x, w.x.p
	top := w.row
	if err := w.section(title); err != nil {
		return err
	}
	heads := []string{cat, tr(p, "Boards with play"), tr(p, "Plausible")}
	heads = append(heads, rateHeads(p, "Plausible per 1,000 boards")...)
	heads = append(heads, tr(p, "Revokes"))
	heads = append(heads, rateHeads(p, "Per 1,000 boards")...)
	if err := w.header(append(heads, tr(p, "Established share"))...); err != nil {
		return err
	}
	hdr := w.row
	w.row++
	first := w.row
	for i, ps := range rows {
		style := 0
		if _, ok := labels[i].(int); ok {
			style = x.st.numLeft
		}
		if err := w.cell(1, labels[i], style); err != nil {
			return err
		}
		if err := w.cell(2, ps.withPlay, x.st.integer); err != nil {
			return err
		}
		if err := w.cell(3, ps.plausible, x.st.integer); err != nil {
			return err
		}
		if err := w.rates(4, ps.plausible, ps.withPlay); err != nil {
			return err
		}
		if err := w.cell(7, ps.revokes, x.st.integer); err != nil {
			return err
		}
		if err := w.rates(8, ps.revokes, ps.withPlay); err != nil {
			return err
		}
		if ps.revokes > 0 {
			if err := w.cell(11, share(ps.established, ps.revokes), x.st.percent); err != nil {
				return err
			}
		}
		w.row++
	}
	last := w.row - 1
	if lastOff {
		last--
	}
	if last < first {
		w.row++
		return nil
	}
	series := func(col int, color string) excelize.ChartSeries {
		fill := excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{color}}
		return excelize.ChartSeries{
			Name:       w.name(col, hdr),
			Categories: w.ref(1, first, last),
			Values:     w.ref(col, first, last),
			Fill:       fill,
			Marker:     excelize.ChartMarker{Symbol: "circle", Size: 7, Fill: fill},
		}
	}
	xAxis := excelize.ChartAxis{Title: chartTitle(cat, 10), Font: axisFont}
	if kind == excelize.Scatter {
		// A time axis from the year before the first to the year after
		// the last, the years written without a thousands separator.
		lo, hi := float64(labels[0].(int)-1), float64(labels[last-first].(int)+1)
		xAxis.Minimum, xAxis.Maximum = &lo, &hi
		xAxis.NumFmt = excelize.ChartNumFmt{CustomNumFmt: "0"}
		xAxis.MajorGridLines = true
	}
	chart := &excelize.Chart{
		Type:      kind,
		Series:    []excelize.ChartSeries{series(4, "548235"), series(8, "2E75B6")},
		Title:     chartTitle(title, 12),
		Legend:    excelize.ChartLegend{Position: "bottom"},
		XAxis:     xAxis,
		YAxis:     excelize.ChartAxis{Title: chartTitle(tr(p, "Per 1,000 boards"), 10), MajorGridLines: true, Minimum: &zero, Font: axisFont},
		Dimension: excelize.ChartDimension{Width: 560, Height: uint(chartRows * 20)},
	}
	if err := x.f.AddChart(w.sh, fmt.Sprintf("%s%d", chartCol, top), chart); err != nil {
		return err
	}
	w.row = max(w.row, top+chartRows) + 1
	return nil
}

// countStep returns the major unit of a count axis whose largest value is
// max: a whole number (1, 2, 5, 10, 20, …) giving at most about eight
// steps, so that a count axis never shows 0.5.
func countStep(max int) float64 {
	step := 1
	for {
		for _, m := range []int{1, 2, 5} {
			if max <= 8*step*m {
				return float64(step * m)
			}
		}
		step *= 10
	}
}

// yearValue returns the year of a board for the Year column: a number, or
// nil when the board has no readable date.
func yearValue(f *analyze.Findings, style int) any {
	if y := boardYear(f); y > 0 {
		return excelize.Cell{StyleID: style, Value: y}
	}
	return nil
}

// dateValue returns the Date tag as a date cell when it is a complete,
// readable date (analyze.ParseDate; "2012.??.??" stays text), else as the
// text it is.
func (x *XLSX) dateValue(c cell) any {
	if c.kind != text || strings.Contains(c.s, "?") {
		return x.value(c)
	}
	d := analyze.ParseDate(c.s)
	if d == 0 {
		return x.value(c)
	}
	return excelize.Cell{StyleID: x.st.day, Value: time.Date(d/10000, time.Month(d/100%100), d%100, 0, 0, 0, 0, time.UTC)}
}
