// Package analyze replays board records card by card, finds every revoke,
// decides whether it was established and what trick transfer applies under
// the selected edition of the laws, and scores the result before and after.
package analyze

import "revokes/pbn"

// Role is the offender's role in the play.
type Role uint8

// The roles.
const (
	Defender Role = iota
	Declarer
	Dummy
)

// String returns "defender", "declarer" or "dummy".
func (r Role) String() string {
	return [...]string{"defender", "declarer", "dummy"}[r%3]
}

// Flags on a revoke row (output.md).
const (
	FlagEquityReview  = "equity-review"
	FlagEquityShort   = "equity-short"
	FlagTrick12       = "trick12-corrected"
	FlagAllocationCap = "allocation-cap"
	FlagBothSides     = "both-sides"
	FlagUnverified    = "unverified-rule"
	FlagClaimAssumed  = "claim-assumed" // laws.md A4: a claim taken to establish (before 1997)
	FlagMarked        = "marked"
	// FlagResultIncludesTransfer: the record's Result already holds the
	// transfer of the board's applied revokes (laws.md A24).
	FlagResultIncludesTransfer = "result-includes-transfer"
	FlagDuplicate              = "duplicate" // laws.md A23: a later copy of a record
)

// How a revoke was established (output.md established_by).
const (
	ByNextTrick = "next-trick"
	ByClaim     = "claim"
	ByNone      = "none"
)

// Revoke is one failure to follow suit, with the ruling of the edition.
type Revoke struct {
	Offender      pbn.Seat
	Role          Role
	Trick         int      // 1..13
	Led           pbn.Suit // suit led to the revoke trick
	Card          pbn.Card // card played instead
	Held          pbn.Hand // cards of the led suit the offender still held
	WonBy         pbn.Seat // seat that won the revoke trick (unless Open)
	Open          bool     // the revoke trick is not complete in the record
	Established   bool
	EstablishedBy string // ByNextTrick, ByClaim or ByNone
	Transfer      int    // tricks this revoke moves to the other side
	Rule          string // the article applied, e.g. "2017 64A2"
	Reason        pbn.Message
	Flags         []string
	Equity        *Equity // double-dummy estimate; nil when not computed
	// Assessment and Evidence: a revoke of the players or an error of
	// the record (laws.md A14).
	Assessment Assessment
	Evidence   Evidence

	// ID is the stable key of the revoke (output.md `id`): the same record
	// content gives the same ID, whatever the file's name (laws.md A23).
	ID string
	// Applied is set when this revoke's ruling changes the board's result
	// (laws.md A24); NotApplied says why not (NotApplied... constants),
	// "" when applied; Decision is the director's decision, nil when none.
	Applied    bool
	NotApplied string
	Decision   *Decision
}

// Has reports whether the revoke carries flag f.
func (r *Revoke) Has(f string) bool {
	for _, x := range r.Flags {
		if x == f {
			return true
		}
	}
	return false
}

// Equity is the advisory double-dummy estimate of what a revoke gained.
type Equity struct {
	WithRevoke    int // declarer's total tricks with the revoke card standing
	WithoutRevoke int // declarer's total tricks had the offender followed suit
	Gain          int // tricks gained by the offending side (may be ≤ 0)
}

// Findings is everything the analysis says about one board, ready for the
// report writers: nothing needs recomputing.
type Findings struct {
	Board   *pbn.Board
	Edition *Edition // the edition applied (never nil)

	// Analysed is false when an error problem stopped the analysis; the
	// board is then counted as skipped.
	Analysed bool
	HasPlay  bool // the record has at least one card of play

	// TricksInRecord is the number of complete tricks the record holds
	// (four known cards), as far as the replay reads them: a card not
	// held stops the replay (laws.md A12) and ends the count. A revoke
	// can be found only in these tricks or the one after them.
	TricksInRecord int
	// Claim is set when the record's play ends with a claim or
	// concession (pbn.Board.Claim).
	Claim bool

	Revokes  []Revoke
	Problems []pbn.Problem // the reader's and the analyser's, positioned

	// DuplicateOf names the first copy of this board, "file!game", when
	// the board is a later copy of it (laws.md A23: set by the caller
	// that sees the boards in input order); "" otherwise. A later copy is
	// analysed and written but left out of the counts and statistics.
	DuplicateOf string

	// HasTricks is set when declarer's tricks are known (play, claim or
	// Result); HasScore when a contract makes the score computable.
	// TricksAdjusted and ScoreAdjusted are after the applied revokes only
	// (laws.md A24).
	HasTricks      bool
	TricksRecorded int
	TricksAdjusted int
	HasScore       bool
	ScoreRecorded  int
	ScoreAdjusted  int

	probs [1]pbn.Problem // room for the usual one problem (LIN's no date)
}

// Established returns the number of established revokes.
func (f *Findings) Established() int {
	n := 0
	for i := range f.Revokes {
		if f.Revokes[i].Established {
			n++
		}
	}
	return n
}

// Transferred returns the tricks the law transfers for all revokes of the
// board, applied or not.
func (f *Findings) Transferred() int {
	n := 0
	for i := range f.Revokes {
		n += f.Revokes[i].Transfer
	}
	return n
}
