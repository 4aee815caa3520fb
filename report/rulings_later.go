package report

import (
	"bytes"
	"compress/flate"
	"encoding/gob"

	"github.com/xuri/excelize/v2"
)

// The pages kept for the end of the Rulings sheet (rulings.add: the
// revokes that are not plausible) are held packed: gob, then flate, about
// 3 KB a page instead of some 50 KB of cells, so that a sheet's worth of
// them (maxRulings) stays a few megabytes.

// keptPage is a packed page and the Revokes row that links to it.
type keptPage struct {
	data   []byte
	revRow int
}

// The exported mirror of a block for gob.
type (
	pageData struct {
		Rows     []rowData
		VMerg    [][4]int
		Title    int
		Offender string
		Trick    int
	}
	rowData struct {
		Vals   [rulingCols]any
		Height float64
		Merges [][2]int
		Link   *linkData
	}
	linkData struct {
		Col         int
		Target, Tip string
	}
)

func init() {
	// The concrete types a page's cells hold (blockRow.set).
	gob.Register(excelize.Cell{})
	gob.Register([]excelize.RichTextRun{})
}

// pack returns the block packed.
func pack(b *block) ([]byte, error) {
	pd := pageData{Rows: make([]rowData, len(b.rows)), VMerg: b.vmerg, Title: b.title, Offender: b.offender, Trick: b.trick}
	for i := range b.rows {
		r := &b.rows[i]
		pd.Rows[i] = rowData{Vals: r.vals, Height: r.height, Merges: r.merges}
		if l := r.link; l != nil {
			pd.Rows[i].Link = &linkData{l.col, l.target, l.tip}
		}
	}
	var buf bytes.Buffer
	zw, err := flate.NewWriter(&buf, flate.BestSpeed)
	if err != nil {
		return nil, err
	}
	if err := gob.NewEncoder(zw).Encode(&pd); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return bytes.Clone(buf.Bytes()), nil
}

// unpack returns the block of a packed page.
func unpack(data []byte) (*block, error) {
	var pd pageData
	if err := gob.NewDecoder(flate.NewReader(bytes.NewReader(data))).Decode(&pd); err != nil {
		return nil, err
	}
	b := &block{rows: make([]blockRow, len(pd.Rows)), vmerg: pd.VMerg, title: pd.Title, offender: pd.Offender, trick: pd.Trick}
	for i, r := range pd.Rows {
		b.rows[i] = blockRow{vals: r.Vals, height: r.Height, merges: r.Merges}
		if l := r.Link; l != nil {
			b.rows[i].link = &linkTo{l.Col, l.Target, l.Tip}
		}
	}
	return b, nil
}
