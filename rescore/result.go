package rescore

import "revokes/pbn"

// Result is what re-scoring found: the boards, the ranks, the problems and
// a line for each session (rescoring.md §6).
type Result struct {
	Boards   []Board
	Ranks    []Rank // every pair or team of a re-scored session, by session and new rank
	Problems []pbn.Problem
	Sessions []Session
	// Texts are the stated values the re-scoring changed, for the
	// corrected copies (-corrected, rescoring.md §10).
	Texts []Text

	BoardsRescored int // every re-scored board
	PairsAffected  int // pairs or teams whose total or rank changed
	RankChanges    int // pairs or teams whose rank changed
}

// Session says how one session was re-scored and what of its stated
// values it reproduced, or why it was not re-scored ("rescore_session",
// rescoring.md §9).
type Session struct {
	File           string // the file of its first record
	Event, Section string
	Method         string // "" when not re-scored
	Tried          string // the method refused, when one was (Why says why)
	Why            string // "flag" or "tag" (the method), else a Why… reason
	Boards         int    // boards re-scored
	Stated         int
	Reproduced     int
	// TotalsStated and TotalsReproduced count the totals of a
	// TotalScoreTable and the vugraph carry-overs, and how many of them
	// the recorded scores give.
	TotalsStated, TotalsReproduced int
	// Notes say which stated values could not be checked and why (a
	// cumulative total over sessions not in the input, a carry-over
	// without its previous segment; rescoring.md §9).
	Notes []pbn.Message
}

// Board is one re-scored board ("rescore_board").
type Board struct {
	File           string
	Game, Line     int
	Event, Section string
	Board          string
	Method         string
	Teams          bool
	Tables         int // A: results compared
	Expected       int // E (pairs)
	Top            float64
	HasStated      bool
	Stated         int
	Reproduced     int
	Mismatch       bool // method-mismatch: new values are "computed, not comparable"
	Changed        bool // some row changed
	DatumRecorded  int  // Butler
	DatumAdjusted  int
	Rows           []Row
	MatchRecorded  float64 // teams: the board's IMPs (or BAM) to the home team, before
	MatchAdjusted  float64 // and after
	Match          string  // teams: "Home – Visit"
	// TotalRecorded and TotalAdjusted are the match's total to the home
	// team over the boards read, from the vg carry-over, before and after.
	TotalRecorded, TotalAdjusted float64
	matchKey                     string
	carry                        float64 // the vg carry-over to the home team
	home, visit                  string  // teams: MatchRecorded is to home
}

// Row is one table of a board.
type Row struct {
	Table, Room        string
	PairNS, PairEW     string
	NamesNS, NamesEW   string
	Contract, Declarer string
	HasScore           bool // the table has a result
	HasTricks          bool
	TricksRecorded     int
	TricksAdjusted     int
	ScoreNSRecorded    int
	ScoreNSAdjusted    int
	HasValue           bool // false for a table without its twin room
	ValueNSRecorded    float64
	ValueNSAdjusted    float64
	HasPct             bool
	PctNSRecorded      float64
	PctNSAdjusted      float64
	// The East-West side's value and percentage, set with North-South's
	// (HasValue, HasPct): the other side of the method (IMPs negated,
	// matchpoints from the top, board-a-match from 1), or an
	// artificial score's own East-West value (Law 12C2). For the
	// workbook; the rows of JSON Lines and CSV give North-South's.
	ValueEWRecorded, ValueEWAdjusted float64
	PctEWRecorded, PctEWAdjusted     float64
	Changed, Corrected               bool
}

// Rank is one pair's or team's line of a session's ranking
// ("rescore_rank"), for those whose total or rank changed.
type Rank struct {
	Event, Section string
	Team           bool
	Pair, Names    string
	Direction      string // "NS" or "EW" when the session ranks the directions apart
	Boards         int
	TotalRecorded  float64
	TotalAdjusted  float64
	HasPct         bool
	PctRecorded    float64
	PctAdjusted    float64
	RankRecorded   string
	RankAdjusted   string
	RankChange     int
	Changed        bool // total or rank changed
}

// Problem codes of re-scoring (severity warning).
const (
	CodeFieldMissing  = "field-missing"
	CodeMethodUnknown = "method-unknown"
	CodeMismatch      = "method-mismatch"
	CodeRowUnmatched  = "row-unmatched"
	CodePairUnstable  = "pair-identity-unstable"
	CodeFouled        = "fouled-board"
	CodeSmallGroup    = "small-group"
	CodeRSPlay        = "rs-play-mismatch"
	CodeBadTable      = "bad-score-table" // a ScoreTable row that cannot be read
)

// Text is a stated value that the re-scoring changed, written as the
// corrected copy states it (rescoring.md §10): a tag of the record that
// starts at Line, or a cell of its ScoreTable or TotalScoreTable. The
// numbers are the re-scoring's, in the file's own form (formatStated);
// the corrected copy only puts them in place.
type Text struct {
	File string
	Line int    // the record's first line (pbn.Board.Line)
	Tag  string // ScoreMP, ScorePercentage, ScoreIMP, ButlerDatum (or the record's Datum); ScoreTable or TotalScoreTable for a cell

	// A tag's new number for each side: a number after "NS" becomes NS,
	// after "EW" EW, and a number alone declarer's side's (DeclNS).
	NS, EW string
	DeclNS bool

	// A cell: its row (0 for the line of the table's first cell, on as
	// the table's lines go), its column, and its new text as written
	// (quotes kept). Width and Right are the column's width and
	// alignment from the table's header (0: none given).
	Row, Col int
	Cell     string
	Width    int
	Right    bool
}
