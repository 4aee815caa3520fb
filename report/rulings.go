package report

import (
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/pbn"
)

// The Rulings sheet (output.md "The workbook also has"): one block per
// revoke, printed on one A4 portrait page, with what a director needs to
// rule without opening the archive: the heading facts, the deal as a
// diagram, the auction, the play trick by trick, and the ruling with the
// article, the transfer and why, tricks and score before and after, the
// assessment, the double-dummy estimate and the flags, each explained.
// Blocks are streamed as the boards arrive, like the other table sheets.

// maxRulings is the most blocks the sheet holds (a printed page each); the
// Summary says how many revokes were left without one.
const maxRulings = 1000

// maxLinks is the most hyperlinks the writer puts on one sheet: Excel
// reads at most 65,530, and excelize looks each new one up among those
// before it.
const maxLinks = 20000

// rulingCols is the number of columns of a block (A..J), rulingWidths
// their widths: the page is ten columns wide.
const rulingCols = 10

var rulingWidths = [rulingCols]float64{9, 9, 9, 9, 9, 9, 10, 10, 10, 10}

// Row heights in points: a line of 10-point text, a section title.
const (
	lineHeight    = 13.5
	sectionHeight = 20
)

// Colours of the Rulings sheet.
const (
	colBlue    = "1F4E78"
	colRed     = "C00000" // hearts and diamonds
	colGrey    = "595959"
	colRevoke  = "F4B183" // the revoke card's cell
	colHeld    = "FFE699" // a cell with a card the offender withheld
	colAfter   = "EDEDED" // tricks after the revoke
	colOffHand = "FBE5D6" // the offender's hand
	colHeader  = "DDEBF7"
	colCompass = "D9E1F2"
	rulingFont = "Calibri"
)

// rulingStyles are the cell styles of the Rulings sheet.
type rulingStyles struct {
	title, link, section, label, value, wrap, note, italic, head      int
	hand, offHand, offName, name, compass, compassBig                 int
	th, thDealer, call, callRed, cell, card, after, revoke, held, sig int
	cornerLabel, banner                                               int
}

// rulings writes the Rulings sheet.
type rulings struct {
	x       *XLSX
	sw      *excelize.StreamWriter
	sheet   string
	row     int        // rows written
	max     int        // the most blocks: maxRulings (a test sets fewer)
	blocks  int        // blocks written
	later   []keptPage // pages of revokes that are not plausible, written at finish (rulings_later.go)
	dropped int        // revokes left without a block (maxRulings)
	st      rulingStyles
	p       *message.Printer
}

// newRulings creates the sheet's styles and page setup and opens its
// stream writer.
func (x *XLSX) newRulings(sheet string) (*rulings, error) {
	g := &rulings{x: x, sheet: sheet, p: x.p, max: maxRulings}
	if err := g.newStyles(); err != nil {
		return nil, err
	}
	if err := g.pageSetup(); err != nil {
		return nil, err
	}
	sw, err := x.f.NewStreamWriter(sheet)
	if err != nil {
		return nil, err
	}
	for i, w := range rulingWidths {
		if err := sw.SetColWidth(i+1, i+1, w); err != nil {
			return nil, err
		}
	}
	g.sw = sw
	return g, nil
}

// pageSetup prints the sheet on A4 portrait, ten columns fitted to the
// page width, a block a page (the page breaks are set per block).
func (g *rulings) pageSetup() error {
	f := g.x.f
	a4, portrait, one, any := 9, "portrait", 1, 0
	if err := f.SetPageLayout(g.sheet, &excelize.PageLayoutOptions{
		Size: &a4, Orientation: &portrait, FitToWidth: &one, FitToHeight: &any,
	}); err != nil {
		return err
	}
	fit := true
	if err := f.SetSheetProps(g.sheet, &excelize.SheetPropsOptions{FitToPage: &fit}); err != nil {
		return err
	}
	m := func(v float64) *float64 { return &v }
	if err := f.SetPageMargins(g.sheet, &excelize.PageLayoutMarginsOptions{
		Top: m(0.6), Bottom: m(0.6), Left: m(0.5), Right: m(0.5), Header: m(0.3), Footer: m(0.3),
	}); err != nil {
		return err
	}
	return f.SetHeaderFooter(g.sheet, &excelize.HeaderFooterOptions{
		OddHeader: "&L&8revokes&C&8&A&R&8" + tr(g.p, "page &P of &N"),
	})
}

func (g *rulings) newStyles() error {
	thin := func(c string) []excelize.Border {
		return []excelize.Border{
			{Type: "left", Color: c, Style: 1}, {Type: "right", Color: c, Style: 1},
			{Type: "top", Color: c, Style: 1}, {Type: "bottom", Color: c, Style: 1},
		}
	}
	font := func(size float64, bold bool, color string) *excelize.Font {
		return &excelize.Font{Family: rulingFont, Size: size, Bold: bold, Color: color}
	}
	fill := func(c string) excelize.Fill {
		return excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{c}}
	}
	left := &excelize.Alignment{Vertical: "top"}
	wrap := &excelize.Alignment{Vertical: "top", WrapText: true}
	center := &excelize.Alignment{Horizontal: "center", Vertical: "center"}
	grid := thin("BFBFBF")
	defs := []struct {
		id *int
		s  excelize.Style
	}{
		{&g.st.title, excelize.Style{Font: font(14, true, colBlue), Alignment: &excelize.Alignment{Vertical: "center"}}},
		{&g.st.head, excelize.Style{Font: font(9, false, colGrey), Alignment: &excelize.Alignment{Horizontal: "right"},
			Border: []excelize.Border{{Type: "bottom", Color: "BFBFBF", Style: 1}}}},
		{&g.st.link, excelize.Style{Font: &excelize.Font{Family: rulingFont, Size: 9, Color: "0563C1", Underline: "single"},
			Alignment: &excelize.Alignment{Horizontal: "right", Vertical: "center"}}},
		{&g.st.section, excelize.Style{Font: font(11, true, colBlue), Alignment: &excelize.Alignment{Vertical: "bottom"},
			Border: []excelize.Border{{Type: "bottom", Color: colBlue, Style: 2}}}},
		{&g.st.label, excelize.Style{Font: font(10, true, ""), Alignment: left}},
		{&g.st.value, excelize.Style{Font: font(10, false, ""), Alignment: left}},
		{&g.st.wrap, excelize.Style{Font: font(10, false, ""), Alignment: wrap}},
		{&g.st.italic, excelize.Style{Font: &excelize.Font{Family: rulingFont, Size: 10, Italic: true}, Alignment: wrap}},
		{&g.st.note, excelize.Style{Font: &excelize.Font{Family: rulingFont, Size: 8, Italic: true, Color: colGrey}, Alignment: wrap}},
		{&g.st.cornerLabel, excelize.Style{Font: font(9, false, colGrey), Alignment: left}},
		{&g.st.name, excelize.Style{Font: font(10, true, ""), Alignment: left}},
		{&g.st.offName, excelize.Style{Font: font(10, true, colRed), Fill: fill(colOffHand), Alignment: left}},
		{&g.st.hand, excelize.Style{Font: font(10, false, ""), Alignment: left}},
		{&g.st.offHand, excelize.Style{Font: font(10, false, ""), Fill: fill(colOffHand), Alignment: left}},
		{&g.st.compass, excelize.Style{Font: font(11, true, colBlue), Fill: fill(colCompass), Alignment: center}},
		{&g.st.compassBig, excelize.Style{Font: font(9, false, colGrey), Fill: fill(colCompass), Alignment: &excelize.Alignment{Horizontal: "center", Vertical: "center", WrapText: true}}},
		{&g.st.th, excelize.Style{Font: font(10, true, ""), Fill: fill(colHeader), Border: grid, Alignment: center}},
		{&g.st.thDealer, excelize.Style{Font: font(10, true, "FFFFFF"), Fill: fill(colBlue), Border: grid, Alignment: center}},
		{&g.st.call, excelize.Style{Font: font(10, false, ""), Border: grid, Alignment: center}},
		{&g.st.callRed, excelize.Style{Font: font(10, false, colRed), Border: grid, Alignment: center}},
		{&g.st.cell, excelize.Style{Font: font(10, false, ""), Border: grid, Alignment: center}},
		{&g.st.card, excelize.Style{Font: font(10, false, ""), Border: grid, Alignment: center}},
		{&g.st.after, excelize.Style{Font: font(10, false, ""), Fill: fill(colAfter), Border: grid, Alignment: center}},
		{&g.st.revoke, excelize.Style{Font: font(10, true, ""), Fill: fill(colRevoke), Alignment: center,
			Border: []excelize.Border{
				{Type: "left", Color: colRed, Style: 2}, {Type: "right", Color: colRed, Style: 2},
				{Type: "top", Color: colRed, Style: 2}, {Type: "bottom", Color: colRed, Style: 2},
			}}},
		{&g.st.held, excelize.Style{Font: font(10, false, ""), Fill: fill(colHeld), Border: grid, Alignment: center}},
		{&g.st.banner, excelize.Style{Font: font(10, true, colRed), Fill: fill(colOffHand), Alignment: wrap,
			Border: []excelize.Border{{Type: "left", Color: colRed, Style: 5}}}},
		{&g.st.sig, excelize.Style{Border: []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}}},
	}
	for _, d := range defs {
		id, err := g.x.f.NewStyle(&d.s)
		if err != nil {
			return err
		}
		*d.id = id
	}
	return nil
}

// ---- rows ----

// blockRow is one row of a block being built: its cells, height and
// merges (column ranges, 1-based).
type blockRow struct {
	vals   [rulingCols]any
	height float64
	merges [][2]int
	link   *linkTo // a hyperlink on the row's first cell of the given column
}

// linkTo is an internal hyperlink from a cell.
type linkTo struct {
	col    int
	target string // "'Sheet'!A1"
	tip    string
}

// block collects the rows of one ruling block.
type block struct {
	rows  []blockRow
	vmerg [][4]int // vertical merges: first row, first col, last row, last col (0-based rows of the block)
	// The title's row and what it says; its number is given at write.
	title    int
	offender string
	trick    int
}

func (b *block) add(h float64) *blockRow {
	b.rows = append(b.rows, blockRow{height: h})
	return &b.rows[len(b.rows)-1]
}

// set puts v with style s in columns c1..c2 (1-based), merged when wider
// than one column.
func (r *blockRow) set(c1, c2 int, v any, s int) {
	r.vals[c1-1] = excelize.Cell{StyleID: s, Value: v}
	for c := c1 + 1; c <= c2; c++ {
		r.vals[c-1] = excelize.Cell{StyleID: s}
	}
	if c2 > c1 {
		r.merges = append(r.merges, [2]int{c1, c2})
	}
}

// put puts v with style s in columns c1..c2 (1-based) without merging
// them (a vertical merge covers them).
func (r *blockRow) put(c1, c2 int, v any, s int) {
	r.vals[c1-1] = excelize.Cell{StyleID: s, Value: v}
	for c := c1 + 1; c <= c2; c++ {
		r.vals[c-1] = excelize.Cell{StyleID: s}
	}
}

// write streams the block's rows, merges and links from the next row on
// and returns the block's first row.
func (g *rulings) write(b *block) (int, error) {
	if g.row > 0 {
		// Each block on a page of its own.
		ref, _ := excelize.CoordinatesToCellName(1, g.row+1)
		if err := g.sw.InsertPageBreak(ref); err != nil {
			return 0, err
		}
	}
	g.blocks++
	// Pages are numbered in the order of the sheet.
	t := &b.rows[b.title]
	t.vals[0] = excelize.Cell{StyleID: g.st.title, Value: tr(g.p, "Ruling %d: revoke by %s, trick %d", g.blocks, b.offender, b.trick)}
	first := g.row + 1
	for i := range b.rows {
		r := &b.rows[i]
		g.row++
		ref, _ := excelize.CoordinatesToCellName(1, g.row)
		if err := g.sw.SetRow(ref, r.vals[:], excelize.RowOpts{Height: r.height}); err != nil {
			return 0, err
		}
		for _, m := range r.merges {
			a, _ := excelize.CoordinatesToCellName(m[0], g.row)
			z, _ := excelize.CoordinatesToCellName(m[1], g.row)
			if err := g.sw.MergeCell(a, z); err != nil {
				return 0, err
			}
		}
		if l := r.link; l != nil {
			cell, _ := excelize.CoordinatesToCellName(l.col, g.row)
			if err := g.x.link(g.sheet, cell, l.target, l.tip); err != nil {
				return 0, err
			}
		}
	}
	for _, m := range b.vmerg {
		a, _ := excelize.CoordinatesToCellName(m[1], first+m[0])
		z, _ := excelize.CoordinatesToCellName(m[3], first+m[2])
		if err := g.sw.MergeCell(a, z); err != nil {
			return 0, err
		}
	}
	return first, nil
}

// link puts an internal hyperlink on a cell, up to maxLinks a sheet.
func (x *XLSX) link(sheet, cell, target, tip string) error {
	if x.linkCount == nil {
		x.linkCount = map[string]int{}
	}
	if x.linkCount[sheet] >= maxLinks {
		return nil
	}
	x.linkCount[sheet]++
	return x.f.SetCellHyperLink(sheet, cell, target, "Location", excelize.HyperlinkOpts{Tooltip: &tip})
}

// cellRef returns "'Sheet'!A1" for a link target.
func cellRef(sheet string, col, row int) string {
	c, _ := excelize.CoordinatesToCellName(col, row)
	return "'" + strings.ReplaceAll(sheet, "'", "''") + "'!" + c
}

// ---- a block ----

// rulingLater is what add returns for a revoke whose page is written at
// the end of the sheet (not plausible: finish).
const rulingLater = -1

// add writes the ruling block of revoke i of board f, whose Revokes row is
// revRow (0: none) and Boards row brdRow; it returns the block's first row,
// rulingLater for a page kept for the end, or 0 when the revoke gets no
// page. Plausible revokes' pages are written as they come; the others
// are kept and written after them, so that when the sheet is capped
// (max) the plausible revokes have their pages first: a kept page
// gives way to a later plausible one (output.md "Revision 3").
func (g *rulings) add(f *analyze.Findings, i, revRow, brdRow int) (int, error) {
	plausible := f.Revokes[i].Assessment == analyze.Plausible
	if g.blocks+len(g.later) >= g.max {
		if !plausible || len(g.later) == 0 {
			g.dropped++
			return 0, nil
		}
		g.later = g.later[:len(g.later)-1]
		g.dropped++
	}
	var b block
	g.heading(&b, f, i, revRow, brdRow)
	g.deal(&b, f, &f.Revokes[i])
	g.play(&b, f, i)
	g.ruling(&b, f, i)
	if !plausible {
		data, err := pack(&b)
		if err != nil {
			return 0, err
		}
		g.later = append(g.later, keptPage{data, revRow})
		return rulingLater, nil
	}
	return g.write(&b)
}

// heading adds the title, the facts of the board and the auction beside
// them.
func (g *rulings) heading(b *block, f *analyze.Findings, i, revRow, brdRow int) {
	p, bd, r := g.p, f.Board, &f.Revokes[i]
	// A running head: the event and the board, as a page header would
	// give them (a sheet's header is the same on every page).
	var head []string
	for _, v := range []string{cleanText(bd.Tag("Event")), cleanText(bd.Tag("Date"))} {
		if v != "" {
			head = append(head, v)
		}
	}
	head = append(head, tr(p, "Board %s", orDash(bd.Tag("Board"))))
	if room := roomText(p, bd.Tag("Room")); room != "" {
		head = append(head, room)
	}
	b.add(lineHeight).set(1, 10, strings.Join(head, " · "), g.st.head)
	b.title, b.offender, b.trick = len(b.rows), withName(p, bd, r.Offender), r.Trick
	t := b.add(24)
	t.set(1, 8, nil, g.st.title)
	if revRow > 0 {
		t.set(9, 10, tr(p, "← revoke row %d", revRow), g.st.link)
		t.link = &linkTo{col: 9, target: cellRef(g.x.names.revokes, 2, revRow), tip: tr(p, "back to the Revokes sheet")}
	}
	if !r.Applied {
		// laws.md A24: say first that this ruling changes no result.
		txt := notAppliedText(p, r)
		b.add(lineHeight*float64(lines(txt, 100))+4).set(1, 10, txt, g.st.banner)
	}

	// Facts on the left (label A:B, value C:F), the auction on the right (G:J).
	type fact struct{ label, value string }
	facts := []fact{
		{"Event", orDash(bd.Tag("Event"))},
		{"Date", orDash(bd.Tag("Date"))},
		{"Board", orDash(bd.Tag("Board"))},
	}
	if room := bd.Tag("Room"); room != "" {
		facts = append(facts, fact{"Room", roomText(p, room)})
	}
	dealer := "—"
	if bd.HasDealer {
		dealer = seatName(p, bd.Dealer)
	}
	facts = append(facts,
		fact{"Dealer", dealer},
		fact{"Vulnerable", vulText(p, bd)},
		fact{"Contract", contractText(p, bd)},
	)
	if sc := bd.Tag("Scoring"); sc != "" {
		facts = append(facts, fact{"Scoring", cleanText(sc)})
	}
	if !hasPlayers(bd) {
		facts = append(facts, fact{"Players", tr(p, "not recorded")})
	}

	calls := auctionCalls(bd)
	start := bd.AuctionStart
	// The auction table starts with West: the first call goes in its
	// seat's column.
	col := func(s pbn.Seat) int { return int((s + 1) & 3) } // W=0 N=1 E=2 S=3
	nAuction := 3                                           // title, header, "not recorded"
	if calls != nil {
		nAuction = 2 + (col(start)+len(calls)+3)/4
	}
	n := max(len(facts), nAuction)
	for k := 0; k < n; k++ {
		row := b.add(lineHeight)
		if k < len(facts) {
			row.set(1, 2, tr(p, facts[k].label), g.st.label)
			row.set(3, 6, facts[k].value, g.st.value)
			if facts[k].label == "Board" && brdRow > 0 {
				row.link = &linkTo{col: 3, target: cellRef(g.x.names.boards, 1, brdRow), tip: tr(p, "the board's row on the Boards sheet")}
			}
		}
		switch {
		case k == 0:
			row.set(7, 10, tr(p, "Auction"), g.st.label)
		case k == 1:
			for s, seat := range []pbn.Seat{pbn.West, pbn.North, pbn.East, pbn.South} {
				st, h := g.st.th, seatName(p, seat)
				if bd.HasDealer && seat == bd.Dealer {
					st, h = g.st.thDealer, tr(p, "%s (dealer)", seatLetter(p, seat))
				}
				row.set(7+s, 7+s, h, st)
			}
		case calls == nil && k == 2:
			row.set(7, 10, tr(p, "not recorded"), g.st.italic)
		case calls != nil && k < nAuction:
			for c := 0; c < 4; c++ {
				j := (k-2)*4 + c - col(start)
				if j < 0 || j >= len(calls) {
					row.set(7+c, 7+c, nil, g.st.call)
					continue
				}
				txt, isRed := callText(p, calls[j])
				st := g.st.call
				if isRed {
					st = g.st.callRed
				}
				row.set(7+c, 7+c, txt, st)
			}
		}
	}
	// Where the record is, across the page (a path can be long).
	src := cleanText(g.x.files.show(bd.File)) + ", " + tr(p, "game %d", bd.Index)
	if bd.Line > 0 {
		src += ", " + tr(p, "line %d", bd.Line)
	}
	row := b.add(lineHeight * float64(lines(src, 105)))
	row.set(1, 2, tr(p, "Source"), g.st.label)
	row.set(3, 10, src, g.st.wrap)
}

// play adds the play trick by trick: leader, the four cards in playing
// order, the winner; the revoke card and the later plays of the cards the
// offender withheld highlighted, the tricks after the revoke shaded, the
// board's other revokes noted, a claim shown as such.
func (g *rulings) play(b *block, f *analyze.Findings, i int) {
	p, bd, r := g.p, f.Board, &f.Revokes[i]
	b.add(sectionHeight).set(1, 10, tr(p, "Play"), g.st.section)
	h := b.add(lineHeight)
	for c, s := range []string{"Trick", "Led by", "1st", "2nd", "3rd", "4th", "Winner"} {
		h.set(c+1, c+1, tr(p, s), g.st.th)
	}
	h.set(8, 10, tr(p, "Note"), g.st.th)
	other := map[int]bool{}
	for j := range f.Revokes {
		if j != i {
			other[f.Revokes[j].Trick] = true
		}
	}
	tricks := (len(bd.Play) + 3) / 4
	for t := 1; t <= tricks; t++ {
		ps := trickPlays(bd, t)
		row := b.add(lineHeight)
		base := g.st.cell
		if t > r.Trick {
			base = g.st.after
		}
		row.set(1, 1, t, base)
		row.set(2, 2, seatName(p, ps[0].Seat), base)
		for k := 0; k < 4; k++ {
			if k >= len(ps) {
				row.set(3+k, 3+k, nil, base)
				continue
			}
			pl := ps[k]
			st := base
			switch {
			case t == r.Trick && pl.Seat == r.Offender:
				st = g.st.revoke
			case t > r.Trick && pl.Seat == r.Offender && r.Held.Has(pl.Card):
				st = g.st.held
			}
			row.set(3+k, 3+k, g.playRuns(pl), st)
		}
		won := "—" // an incomplete trick, or one with an unknown card (laws.md A12)
		if len(ps) == 4 && bd.HasContract {
			var cards [4]pbn.Card
			known := true
			for k, pl := range ps {
				cards[k] = pl.Card
				known = known && pl.Card.Valid()
			}
			if known {
				won = seatName(p, ps[pbn.TrickWinner(cards, bd.Contract.Strain)].Seat)
			}
		}
		row.set(7, 7, won, base)
		note := ""
		switch {
		case t == r.Trick:
			note = tr(p, "revoke: %s not followed", suitSymbol(r.Led))
		case other[t]:
			note = tr(p, "another revoke on this board")
		case t > r.Trick && t == r.Trick+1:
			note = tr(p, "after the revoke (shaded)")
		}
		row.set(8, 10, note, base)
	}
	end := b.add(lineHeight)
	switch {
	case bd.Claim:
		txt := tr(p, "Claim")
		if ct := bd.ClaimTricks; ct >= 0 {
			txt = tr(p, "Claim: declarer takes %d tricks in all", ct)
		} else if bd.HasResult {
			txt = tr(p, "Claim: declarer takes %d tricks in all", bd.Result)
		}
		end.set(1, 10, txt, g.st.italic)
	case tricks < 13:
		end.set(1, 10, tr(p, "The record ends here, without a claim."), g.st.italic)
	default:
		end.set(1, 10, tr(p, "Highlighted: the revoke card (red frame) and the later plays of the cards the offender withheld; tricks after the revoke are shaded."), g.st.note)
	}
}

// playRuns returns a card of the play as rich text: the seat letter in
// grey, then the card (red for hearts and diamonds).
func (g *rulings) playRuns(pl pbn.Play) []excelize.RichTextRun {
	return []excelize.RichTextRun{
		{Text: seatLetter(g.p, pl.Seat) + " ", Font: fontSeat},
		{Text: cardText(g.p, pl.Card), Font: cardFont(pl.Card.Valid() && red(pl.Card.Suit()))},
	}
}

// ruling adds the ruling: edition and article with its statement, who
// revoked, establishment, the law's transfer and why, the director's
// decision, whether it is applied, this revoke's own effect on tricks and
// score and the board's after every applied ruling, the board's other
// rulings, the assessment, the double-dummy estimate, the flags, and a line
// to sign.
func (g *rulings) ruling(b *block, f *analyze.Findings, i int) {
	p, bd, r := g.p, f.Board, &f.Revokes[i]
	b.add(sectionHeight).set(1, 10, tr(p, "Ruling"), g.st.section)
	const width = 105 // characters of 10-point text in a wrapped value (C:J)
	pair := func(label, value string, style int) {
		row := b.add(lineHeight * float64(lines(value, width)))
		row.set(1, 2, tr(p, label), g.st.label)
		row.set(3, 10, value, style)
	}
	e := f.Edition
	pair("Laws", tr(p, "%s edition, %s", e.Name, articleName(p, e, r.Rule)), g.st.value)
	if s := articleText(e, r.Rule); s != "" {
		pair("", tr(p, s), g.st.italic)
	}
	pair("Offender", tr(p, "%s, %s", withName(p, bd, r.Offender), tr(p, r.Role.String())), g.st.value)
	pair("Revoke", tr(p, "trick %d: %s led, %s played while still holding %s", r.Trick,
		suitSymbol(r.Led), cardText(p, r.Card), heldText(p, r.Held)), g.st.value)
	est := tr(p, "no: the record ends before the revoke is established")
	switch {
	case r.Established && r.EstablishedBy == analyze.ByClaim:
		est = tr(p, "yes, by a claim")
	case r.Established:
		est = tr(p, "yes, by play to the next trick")
	}
	pair("Revoke established", est, g.st.value)
	tf := tr(p, "none")
	if r.Transfer > 0 {
		tf = tr(p, "%d tricks to %s", r.Transfer, sideName(p, r.Offender.Next()))
	}
	pair("Transfer", tf, g.st.value)
	pair("Why", Text(p, r.Reason), g.st.wrap)
	// This revoke's own effect apart from the board's (rulings_applied.go).
	g.effect(pair, f, i)
	// laws.md A14: a revoke of the players or an error of the record.
	pair("Assessment", assessmentText(p, r.Assessment), g.st.value)
	codes := analyze.EvidenceCodes()
	for i, k := range evidenceKeys {
		if r.Evidence&(1<<i) != 0 {
			pair("", withCode(tr(p, k), codes[i]), g.st.wrap)
		}
	}
	if eq := r.Equity; eq != nil {
		pair("Double dummy", tr(p, "declarer %d tricks with the revoke, %d had %s followed suit: the revoke gained %d tricks for the offending side",
			eq.WithRevoke, eq.WithoutRevoke, seatName(p, r.Offender), eq.Gain), g.st.wrap)
		pair("", tr(p, "An advisory estimate: every later card played as well as possible with all hands seen (double dummy)."), g.st.italic)
	}
	for k, fl := range r.Flags {
		label := ""
		if k == 0 {
			label = "Flags"
		}
		txt := fl
		if s, ok := flagText[fl]; ok {
			txt = withCode(tr(p, s), fl)
		}
		pair(label, txt, g.st.wrap)
	}
	b.add(lineHeight)
	sig := b.add(lineHeight * 2)
	sig.set(1, 2, tr(p, "Director:"), g.st.label)
	sig.set(3, 6, nil, g.st.sig)
	sig.set(7, 7, tr(p, "Date:"), g.st.label)
	sig.set(8, 10, nil, g.st.sig)
}

// finish writes the pages kept for the end, flushes the sheet and sets
// its print area.
func (g *rulings) finish() error {
	// The pages of the revokes that are not plausible, each linked from
	// its Revokes row (the Revokes sheet is still open).
	for k := range g.later {
		b, err := unpack(g.later[k].data)
		if err != nil {
			return err
		}
		first, err := g.write(b)
		if err != nil {
			return err
		}
		if err := g.x.revokeLinks(g.later[k].revRow, first, 0); err != nil {
			return err
		}
	}
	g.later = nil
	if err := g.sw.Flush(); err != nil {
		return err
	}
	last := max(g.row, 1)
	return g.x.f.SetDefinedName(&excelize.DefinedName{
		Name: "_xlnm.Print_Area", RefersTo: fmt.Sprintf("'%s'!$A$1:$J$%d", strings.ReplaceAll(g.sheet, "'", "''"), last), Scope: g.sheet,
	})
}
