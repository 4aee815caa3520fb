package pbn

import "fmt"

// Format is the format of an archive.
type Format uint8

// The formats that revokes reads.
const (
	FormatUnknown Format = iota
	FormatPBN
	FormatLIN
)

// String returns "pbn", "lin" or "unknown".
func (f Format) String() string {
	return [...]string{"unknown", "pbn", "lin"}[f%3]
}

// Tag is a PBN tag pair as written in the record (after # and ##
// inheritance). LIN boards carry the equivalent tags (Event, Board, Room,
// players).
type Tag struct {
	Name, Value string
}

// Call is one call of the auction, normalised: "Pass", "X", "XX", "1C" ..
// "7NT".
type Call struct {
	Text  string
	Alert bool   // LIN "!" or a PBN note/alert
	Note  string // explanation, when the record gives one
}

// Play is one card played: who played it, which card, and the PBN
// irregularity mark before it ('R' for ^R, 'L' for ^L, 0 for none).
type Play struct {
	Seat Seat
	Card Card
	Mark byte
}

// Board is one board record of an archive: what the record says, in the
// board model, with the reader's warnings. The play is in playing order
// (PBN column order is resolved by the reader); every four plays form a
// trick. A Board says nothing about revokes: that is package analyze.
type Board struct {
	File   string // the input path as given (zip members: "a.zip!m.pbn")
	Index  int    // 1-based index of the record within the file
	Line   int    // line where the record starts; 0 when unknown
	Format Format

	Tags []Tag // tags as written, in order
	// Sections holds the rows of the record's ScoreTable and
	// TotalScoreTable sections as written (Name is the tag, Value the
	// text after it), for re-scoring; nil when there are none.
	Sections []Tag
	Players  [4]string // by Seat

	Dealer    Seat
	HasDealer bool
	Vul       Vulnerability

	Deal  Deal    // the hands as given (a hidden hand is empty)
	Given [4]bool // which hands the record gives

	AuctionStart Seat
	Auction      []Call

	Contract    Contract
	HasContract bool
	Declarer    Seat
	HasDeclarer bool

	Play []Play // cards in playing order, up to the first unknown card
	// PlayUnseated counts the cards of play the reader could not give to
	// their players (LIN play without a contract and declarer): the
	// record holds play, though Play is empty.
	PlayUnseated int

	// Reseated marks the tricks whose cards the reader gave to their
	// holders one by one because no seat order of the trick as written
	// fits (bit t-1 for trick t; each has a play-order warning): a repair
	// of the record, which laws.md A20 counts as evidence against a
	// revoke in or after it. Zero for the usual board.
	Reseated uint16

	// regular is set by the trick engine when it has replayed the whole
	// Play and found it regular (Regular).
	regular regularPlay

	// Claim is set when the play ends with a claim or concession (PBN "*"
	// or a Result beyond the cards played, LIN "mc").
	Claim bool
	// ClaimTricks is declarer's total tricks after the claim (LIN mc, PBN
	// Result); -1 when unknown.
	ClaimTricks int

	Result    int // declarer's tricks from the Result tag
	HasResult bool
	// ResultMarked is set when the Result is written with the standard's
	// "^" (a count that is not the play's, agreed by the players): it is
	// the recorded result and never compared with the play (laws.md A17).
	ResultMarked bool

	// Problems are the reader's findings on this record (warnings such as
	// rows re-ordered, an unknown card that stopped the play).
	Problems []Problem
}

// Tag returns the value of the first tag called name, or "".
func (b *Board) Tag(name string) string {
	for _, t := range b.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// Tricks returns the number of complete tricks in the play.
func (b *Board) Tricks() int { return len(b.Play) / 4 }

// Severity says whether a problem stopped the analysis of a board.
type Severity uint8

// The severities.
const (
	Warning Severity = iota // analysed with an assumption
	Error                   // could not be analysed
)

// String returns "warning" or "error".
func (s Severity) String() string {
	if s == Error {
		return "error"
	}
	return "warning"
}

// Message is a text for people, kept as an English format string and its
// arguments so that package report can print it in the user's language
// (the format string is the key of the message catalogs).
type Message struct {
	Format string
	Args   []any
}

// Msg returns a Message.
func Msg(format string, args ...any) Message { return Message{format, args} }

// String prints the message in English.
func (m Message) String() string { return fmt.Sprintf(m.Format, m.Args...) }

// Error makes a Message usable as an error.
func (m Message) Error() string { return m.String() }

// Problem is one input problem: where it is, a stable kebab-case code, how
// bad it is, and what it is.
type Problem struct {
	File     string
	Game     int // 1-based record index; 0 when not inside a record
	Line     int // 0 when unknown
	Column   int
	Code     string // e.g. "card-not-held", "bad-deal", "unreadable-file"
	Severity Severity
	Text     Message
}

// Error formats the problem like a compiler message:
// "file:line:col: game N: code: text".
func (p Problem) Error() string {
	s := p.File
	if p.Line > 0 {
		s += fmt.Sprintf(":%d", p.Line)
		if p.Column > 0 {
			s += fmt.Sprintf(":%d", p.Column)
		}
	}
	if p.Game > 0 {
		s += fmt.Sprintf(": game %d", p.Game)
	}
	return s + ": " + p.Code + ": " + p.Text.String()
}

// ParseError is a record that could not be read. The reader skips to the
// next record, so the next Read goes on.
type ParseError struct {
	File      string
	Record    int // 1-based index of the record
	StartLine int // line where the record starts
	Line      int // line of the error
	Column    int // 1-based byte column of the error; 0 when unknown
	Code      string
	Err       error
}

// Error formats the error as "file:line:col: record N (from line L): err".
func (e *ParseError) Error() string {
	return e.Problem().Error()
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// Problem returns the error as an error-severity problem row.
func (e *ParseError) Problem() Problem {
	m, ok := e.Err.(Message)
	if !ok {
		m = Msg("%v", e.Err)
	}
	return Problem{File: e.File, Game: e.Record, Line: e.Line, Column: e.Column,
		Code: e.Code, Severity: Error, Text: m}
}

// BoardReader is what both readers (PBN and LIN) implement: Read returns
// the next board record, then io.EOF. A *ParseError is a record that could
// not be read; the next Read goes on with the next record. Any other error
// (from the underlying reader) ends the input.
type BoardReader interface {
	Read() (*Board, error)
}

// Renumber adds delta to the record index of the board and of its
// problems (the Splitter numbers the records of a chunk from 1).
func (b *Board) Renumber(delta int) {
	b.Index += delta
	for i := range b.Problems {
		if b.Problems[i].Game > 0 {
			b.Problems[i].Game += delta
		}
	}
}
