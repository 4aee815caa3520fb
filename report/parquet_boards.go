package report

import (
	"bufio"
	"strings"

	"github.com/parquet-go/parquet-go"
)

// pqBoard is one row of NAME.boards.parquet, a field per boardKeys in
// that order (TestPQBoardColumns): the board rows are the one table with
// a row for every board, so they are written through parquet-go's typed
// writer, column by column, rather than value by value. Absent values are
// nulls: nil pointers (pointing into the row's own storage, so that a
// batch of rows allocates nothing). Optional strings are pointers too:
// parquet-go v0.32.1 writes an empty optional string after a non-empty
// one in a batch as "" instead of a null (TestParquetRoundTrip).
type pqBoard struct {
	File           string   `parquet:"file"`
	Game           int64    `parquet:"game"`
	Line           *int64   `parquet:"line,optional"`
	Event          *string  `parquet:"event,optional"`
	Site           *string  `parquet:"site,optional"`
	Date           *string  `parquet:"date,optional"`
	DateISO        *int32   `parquet:"date_iso,optional,date"`
	Year           *int64   `parquet:"year,optional"`
	Edition        *string  `parquet:"edition,optional"`
	Board          *string  `parquet:"board,optional"`
	Room           *string  `parquet:"room,optional"`
	Dealer         *string  `parquet:"dealer,optional"`
	Vulnerable     *string  `parquet:"vulnerable,optional"`
	Scoring        *string  `parquet:"scoring,optional"`
	North          *string  `parquet:"north,optional"`
	East           *string  `parquet:"east,optional"`
	South          *string  `parquet:"south,optional"`
	West           *string  `parquet:"west,optional"`
	Contract       *string  `parquet:"contract,optional"`
	Declarer       *string  `parquet:"declarer,optional"`
	HasPlay        *bool    `parquet:"has_play,optional"`
	TricksInRecord *int64   `parquet:"tricks_in_record,optional"`
	Claim          *bool    `parquet:"claim,optional"`
	TricksRecorded *int64   `parquet:"tricks_recorded,optional"`
	TricksAdjusted *int64   `parquet:"tricks_adjusted,optional"`
	ScoreRecorded  *int64   `parquet:"score_recorded,optional"`
	ScoreAdjusted  *int64   `parquet:"score_adjusted,optional"`
	Revokes        int64    `parquet:"revokes"`
	Plausible      int64    `parquet:"revokes_plausible"`
	Suspect        int64    `parquet:"revokes_suspect"`
	Undetermined   int64    `parquet:"revokes_undetermined"`
	Applied        int64    `parquet:"applied"`
	Skipped        bool     `parquet:"skipped"`
	Problems       []string `parquet:"problems,list"`
	DuplicateOf    *string  `parquet:"duplicate_of,optional"`

	// The storage of the pointer fields and of the problem codes.
	strs  [19]string
	ints  [7]int64
	date  int32
	bools [2]bool
	codes []string
}

// set fills r from the cells of a board row (boardRow, unreadBoardRow).
func (r *pqBoard) set(c []cell) {
	ns := 0
	str := func(x cell) *string {
		if x.kind == absent {
			return nil
		}
		r.strs[ns] = x.s
		ns++
		return &r.strs[ns-1]
	}
	num := func(x cell, i int) *int64 {
		if x.kind != number {
			return nil
		}
		r.ints[i] = int64(x.n)
		return &r.ints[i]
	}
	flag := func(x cell, i int) *bool {
		if x.kind != boolean {
			return nil
		}
		r.bools[i] = x.b
		return &r.bools[i]
	}
	r.File, r.Game, r.Line = c[0].s, int64(c[1].n), num(c[2], 0)
	r.Event, r.Site, r.Date = str(c[3]), str(c[4]), str(c[5])
	r.DateISO = nil
	if c[6].kind == day {
		r.date = int32(c[6].n)
		r.DateISO = &r.date
	}
	r.Year = num(c[7], 1)
	r.Edition, r.Board, r.Room, r.Dealer, r.Vulnerable, r.Scoring = str(c[8]), str(c[9]), str(c[10]), str(c[11]), str(c[12]), str(c[13])
	r.North, r.East, r.South, r.West = str(c[14]), str(c[15]), str(c[16]), str(c[17])
	r.Contract, r.Declarer = str(c[18]), str(c[19])
	r.HasPlay, r.TricksInRecord, r.Claim = flag(c[20], 0), num(c[21], 2), flag(c[22], 1)
	r.TricksRecorded, r.TricksAdjusted, r.ScoreRecorded, r.ScoreAdjusted = num(c[23], 3), num(c[24], 4), num(c[25], 5), num(c[26], 6)
	r.Revokes, r.Plausible, r.Suspect, r.Undetermined = int64(c[27].n), int64(c[28].n), int64(c[29].n), int64(c[30].n)
	r.Applied, r.Skipped = int64(c[31].n), c[32].b
	r.codes = r.codes[:0]
	for s := range strings.FieldsSeq(c[33].s) {
		r.codes = append(r.codes, s)
	}
	r.Problems = r.codes
	r.DuplicateOf = str(c[34])
}

// pqBoards writes NAME.boards.parquet in batches of rows.
type pqBoards struct {
	w    *parquet.GenericWriter[pqBoard]
	rows []pqBoard
	n    int
}

func newPQBoards(w *bufio.Writer) *pqBoards {
	return &pqBoards{
		w: parquet.NewGenericWriter[pqBoard](w, parquet.Compression(&parquet.Snappy),
			parquet.MaxRowsPerRowGroup(parquetGroupRows), parquet.CreatedBy("revokes", "", "")),
		rows: make([]pqBoard, pqBatch),
	}
}

// add appends the board row of cells.
func (t *pqBoards) add(cells []cell) error {
	t.rows[t.n].set(cells)
	t.n++
	if t.n == len(t.rows) {
		return t.flush()
	}
	return nil
}

func (t *pqBoards) flush() error {
	_, err := t.w.Write(t.rows[:t.n])
	t.n = 0
	return err
}

func (t *pqBoards) close() error {
	if err := t.flush(); err != nil {
		return err
	}
	return t.w.Close()
}
