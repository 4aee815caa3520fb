package report

// The Revokes sheet's links to the Rulings and Boards sheets, its printing
// (frozen columns, repeated titles, wrapped texts) and the Problems rows' links.

import (
	"strings"

	"github.com/xuri/excelize/v2"
)

// revokeLinks links a Revokes row: its Game cell to the ruling block, its
// Board cell to the board's Boards row.
func (x *XLSX) revokeLinks(revRow, rulRow, brdRow int) error {
	if revRow == 0 {
		return nil
	}
	if rulRow > 0 {
		cell, _ := excelize.CoordinatesToCellName(2, revRow)
		if err := x.link(x.names.revokes, cell, cellRef(x.names.rulings, 1, rulRow), tr(x.p, "the ruling of this revoke")); err != nil {
			return err
		}
	}
	if brdRow > 0 {
		cell, _ := excelize.CoordinatesToCellName(7, revRow)
		return x.link(x.names.revokes, cell, cellRef(x.names.boards, 1, brdRow), tr(x.p, "the board's row on the Boards sheet"))
	}
	return nil
}

// revokeFrozen is the number of columns of the Revokes sheet that stay in
// view and are printed on every page (File, Game).
const revokeFrozen = 2

// revokePanes freeze the header row and the first columns of Revokes.
var revokePanes = &excelize.Panes{Freeze: true, XSplit: revokeFrozen, YSplit: 1, TopLeftCell: "C2", ActivePane: "bottomRight"}

// revokePrinted is the number of columns of the Revokes sheet that are
// printed: the revoke, its ruling, the decision and the board's tricks
// and score. The facts after them (double-dummy figures, players, deal,
// auction, trick cards) are on the revoke's page of the Rulings sheet,
// the view meant for paper.
var revokePrinted = func() int {
	for i, k := range revokeKeys {
		if k == "score_adjusted" {
			return i + 1
		}
	}
	return len(revokeKeys)
}()

// printRevokes prints the Revokes sheet at a legible size over as many
// pages as it takes (not fitted to one page wide), a row's pages one
// after the other, with the header row and the first columns on every
// page.
func (x *XLSX) printRevokes() error {
	sh := x.names.revokes
	fit := false
	if err := x.f.SetSheetProps(sh, &excelize.SheetPropsOptions{FitToPage: &fit}); err != nil {
		return err
	}
	scale, order := uint(80), "overThenDown"
	if err := x.f.SetPageLayout(sh, &excelize.PageLayoutOptions{AdjustTo: &scale, PageOrder: &order}); err != nil {
		return err
	}
	q := "'" + strings.ReplaceAll(sh, "'", "''") + "'"
	if err := x.f.DeleteDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Titles", Scope: sh}); err != nil {
		return err
	}
	if err := x.f.SetDefinedName(&excelize.DefinedName{
		Name: "_xlnm.Print_Titles", RefersTo: q + "!$B:$B," + q + "!$1:$1", Scope: sh,
	}); err != nil {
		return err
	}
	last, _ := excelize.ColumnNumberToName(revokePrinted)
	return x.f.SetDefinedName(&excelize.DefinedName{
		Name: "_xlnm.Print_Area", RefersTo: q + "!$A:$" + last, Scope: sh,
	})
}

// revokeWrapped are the Revokes columns of long text, wrapped in their
// cells.
var revokeWrapped = func() []int {
	var out []int
	for _, k := range []string{"file", "event", "held", "reason", "flags", "evidence", "deal", "auction", "trick_cards"} {
		for i, rk := range revokeKeys {
			if rk == k {
				out = append(out, i)
			}
		}
	}
	return out
}()

// revokeRowLayout styles a Revokes row before it is written: the long
// texts wrapped, the Game and Board cells as links when they link (to
// the ruling, to the Boards row); it returns the row's options, with the
// height of its longest wrapped text.
func (x *XLSX) revokeRowLayout(vals []any, ruling, board bool) excelize.RowOpts {
	n := 1
	for _, i := range revokeWrapped {
		s, ok := vals[i].(string)
		if !ok {
			continue
		}
		vals[i] = excelize.Cell{StyleID: x.st.wrap, Value: s}
		width := revokeColumns[i].width
		if i == 0 { // File
			width = x.files.width
		}
		// Characters of 11-point text a line: about 1.2 a unit of width.
		n = max(n, lines(s, int(width*1.2)))
	}
	if ruling {
		vals[1] = x.linkStyle(vals[1])
	}
	if board {
		vals[6] = x.linkStyle(vals[6])
	}
	if n == 1 {
		return excelize.RowOpts{}
	}
	return excelize.RowOpts{Height: float64(15*n + 2)}
}

// linkStyle returns a centred cell value styled as a link.
func (x *XLSX) linkStyle(v any) any {
	switch c := v.(type) {
	case excelize.Cell:
		if c.StyleID == x.st.intCenter || c.StyleID == x.st.integer {
			c.StyleID = x.st.linkInt
		} else {
			c.StyleID = x.st.linkText
		}
		return c
	case string:
		return excelize.Cell{StyleID: x.st.linkText, Value: c}
	}
	return v
}

// problemLink links the last Problems row (a problem of a board) to the
// board's Boards row, when it has one.
func (x *XLSX) problemLink(brdRow int) error {
	if brdRow == 0 || x.prob.rows >= excelize.TotalRows || x.prob.dropped > 0 {
		return nil
	}
	cell, _ := excelize.CoordinatesToCellName(2, x.prob.rows)
	return x.link(x.names.problems, cell, cellRef(x.names.boards, 1, brdRow), tr(x.p, "the board's row on the Boards sheet"))
}
