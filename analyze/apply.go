package analyze

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"revokes/pbn"
)

// Apply is which revokes change a result when no decision says otherwise
// (laws.md A24).
type Apply uint8

// The apply modes (-apply).
const (
	ApplyPlausible Apply = iota // default: plausible, established revokes
	ApplyAll                    // every established revoke
)

// applyNames are the flag values of the modes, in their order.
var applyNames = [...]string{"plausible", "all"}

// String returns "plausible" or "all".
func (m Apply) String() string {
	if int(m) < len(applyNames) {
		return applyNames[m]
	}
	return applyNames[ApplyPlausible]
}

// ParseApply reads "plausible" or "all" ("" is the default, plausible).
func ParseApply(s string) (Apply, error) {
	if s == "" {
		return ApplyPlausible, nil
	}
	for i, n := range applyNames {
		if s == n {
			return Apply(i), nil
		}
	}
	return 0, fmt.Errorf("unknown apply mode %q (want plausible or all)", s)
}

// DecisionKind is what a director decided on one revoke row.
type DecisionKind uint8

// The kinds of decision (output.md Revision 3, -decisions).
const (
	DecideApply    DecisionKind = iota + 1 // the law's transfer
	DecideNoRevoke                         // an error of the record: nothing
	DecideTricks                           // the director's own number of tricks
)

// Decision is a director's decision on one revoke, read from -decisions.
type Decision struct {
	Kind   DecisionKind
	Tricks int    // for DecideTricks: the tricks transferred to the non-offending side
	Text   string // as written in the file (the `decision` field)
}

// Why a revoke is not applied (output.md not_applied).
const (
	NotAppliedSuspect        = "suspect"
	NotAppliedUndetermined   = "undetermined"
	NotAppliedNotEstablished = "not-established"
	NotAppliedDecision       = "decision"
	NotAppliedInResult       = "already-in-result"
)

// Applied returns the number of revokes applied on the board.
func (f *Findings) Applied() int {
	n := 0
	for i := range f.Revokes {
		if f.Revokes[i].Applied {
			n++
		}
	}
	return n
}

// TransferredApplied returns the tricks the applied revokes of the board
// transfer (laws.md A24): what changes its result, where Transferred is
// the law's answer for every revoke.
func (f *Findings) TransferredApplied() int {
	n := 0
	for i := range f.Revokes {
		n += f.Revokes[i].AppliedTransfer()
	}
	return n
}

// AppliedTransfer returns the tricks this revoke moves to the other side
// in the board's adjusted result: 0 when it is not applied, the
// director's number under a DecideTricks decision, else the law's
// transfer (laws.md A24).
func (r *Revoke) AppliedTransfer() int {
	switch {
	case !r.Applied:
		return 0
	case r.Decision != nil && r.Decision.Kind == DecideTricks:
		return r.Decision.Tricks
	}
	return r.Transfer
}

// rules reports whether the law gives the revoke a ruling that can change
// the result: it is established, or it was corrected at trick 12 (A5).
func (r *Revoke) rules() bool {
	return r.Established || r.Has(FlagTrick12)
}

// decideApplied sets Applied, NotApplied and Decision on every revoke of
// revs (laws.md A24): a director's decision for its id first; then a
// revoke without a ruling is not applied; then the assessment under the
// mode. decisions may be nil.
func decideApplied(revs []Revoke, mode Apply, decisions map[string]Decision) {
	for i := range revs {
		rv := &revs[i]
		rv.Applied, rv.NotApplied, rv.Decision = false, "", nil
		if d, ok := decisions[rv.ID]; ok {
			rv.Decision = &d
			if d.Kind == DecideNoRevoke {
				rv.NotApplied = NotAppliedDecision
			} else {
				rv.Applied = true
			}
			continue
		}
		switch {
		case !rv.rules():
			rv.NotApplied = NotAppliedNotEstablished
		case rv.Assessment == Plausible || mode == ApplyAll:
			rv.Applied = true
		case rv.Assessment == Suspect:
			rv.NotApplied = NotAppliedSuspect
		default:
			rv.NotApplied = NotAppliedUndetermined
		}
	}
}

// appliedDelta is the net change of declarer's tricks by the applied
// revokes of revs (laws.md A24): each moves its applied transfer from the
// offending side to the other.
func appliedDelta(revs []Revoke, declarer pbn.Seat) int {
	delta := 0
	for i := range revs {
		t := revs[i].AppliedTransfer()
		if revs[i].Offender.NS() == declarer.NS() {
			delta -= t
		} else {
			delta += t
		}
	}
	return delta
}

// correctionApplied reports whether a revoke corrected at trick 12 is
// applied: only then does the correction change the board's tricks.
func correctionApplied(revs []Revoke) bool {
	for i := range revs {
		if revs[i].Applied && revs[i].Has(FlagTrick12) {
			return true
		}
	}
	return false
}

// idAlphabet is the alphabet of a revoke id after its first letter:
// lower-case base32 (RFC 4648), so that an id never reads as a number or
// a date in a spreadsheet.
const idAlphabet = "abcdefghijklmnopqrstuvwxyz234567"

// IDLen is the length of a revoke id.
const IDLen = 12

// setIDs gives every revoke of revs its id (output.md `id`) from base, the
// hash of the record's content (recordHash), and the revoke's trick and
// offender.
func setIDs(base []byte, revs []Revoke) {
	for i := range revs {
		revs[i].ID = revokeID(base, revs[i].Trick, revs[i].Offender)
	}
}

// recordHash hashes the record's content that a revoke's id stands for
// (output.md `id`): event, site, date, board, room, deal, players,
// auction, every card of the play; never the file's name or the game's
// number, nor the Result, Score or RevokeRuling tags that a corrected
// copy changes, so that two copies of one record give the same ids
// (laws.md A23, rescoring.md §10). Only boards with a revoke come here.
func recordHash(b *pbn.Board) []byte {
	h := sha256.New()
	var n [8]byte
	field := func(s string) {
		binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	for _, tag := range [...]string{"Event", "Site", "Date", "Board", "Room"} {
		field(b.Tag(tag))
	}
	for s := range b.Deal {
		if b.Given[s] {
			binary.LittleEndian.PutUint64(n[:], uint64(b.Deal[s]))
		} else {
			binary.LittleEndian.PutUint64(n[:], ^uint64(0)) // hidden
		}
		h.Write(n[:])
	}
	for _, p := range b.Players {
		field(p)
	}
	binary.LittleEndian.PutUint64(n[:], uint64(len(b.Auction)))
	h.Write(n[:])
	for _, c := range b.Auction {
		field(c.Text)
	}
	play := make([]byte, 0, 2*len(b.Play))
	for _, p := range b.Play {
		play = append(play, byte(p.Seat), byte(p.Card))
	}
	field(string(play))
	return h.Sum(nil)
}

// revokeID is the id of the revoke of trick t by offender o on the record
// whose content hashes to base: a letter, then base32 of 55 bits of the
// hash of both.
func revokeID(base []byte, t int, o pbn.Seat) string {
	h := sha256.New()
	h.Write(base)
	h.Write([]byte{byte(t), byte(o)})
	v := binary.LittleEndian.Uint64(h.Sum(nil))
	var id [IDLen]byte
	id[0] = 'a' + byte(v%26)
	v /= 26
	for i := 1; i < IDLen; i++ {
		id[i] = idAlphabet[v&31]
		v >>= 5
	}
	return string(id[:])
}

// TagRevokeRuling is the tag of a corrected copy that records one applied
// ruling: "<id> <edition> <article> <transfer>" (rescoring.md §10).
const TagRevokeRuling = "RevokeRuling"

// noRuling marks a revoke that no RevokeRuling tag names.
const noRuling = -100

// recordRulings reads the RevokeRuling tags of b for the revokes of facts
// (base is recordHash(b)): the transfer each states, noRuling for a
// revoke without one, and the net change of declarer's tricks they make. It
// returns nil when no tag names a revoke of the board; a tag whose last
// field is not a number of tricks, or whose id is not met, is left alone.
func recordRulings(b *pbn.Board, base []byte, facts []fact, declNS bool) ([]int, int) {
	var tagged []int
	delta := 0
	for _, t := range b.Tags {
		if t.Name != TagRevokeRuling {
			continue
		}
		id, n, ok := rulingTag(t.Value)
		if !ok {
			continue
		}
		for i := range facts {
			if tagged != nil && tagged[i] != noRuling || revokeID(base, facts[i].trick, facts[i].offender) != id {
				continue
			}
			if tagged == nil {
				tagged = make([]int, len(facts))
				for j := range tagged {
					tagged[j] = noRuling
				}
			}
			tagged[i] = n
			if facts[i].offender.NS() == declNS {
				delta -= n
			} else {
				delta += n
			}
		}
	}
	return tagged, delta
}

// rulingTag reads a RevokeRuling tag's value: the revoke's id (its first
// field) and the tricks transferred (its last); ok is false for a value
// of fewer than two fields or whose last is not a number of tricks.
func rulingTag(v string) (id string, n int, ok bool) {
	f := strings.Fields(v)
	if len(f) < 2 {
		return "", 0, false
	}
	// A trick-12 correction's tag may state a negative number: the
	// correction gave the offending side a trick (laws.md A5).
	n, err := strconv.Atoi(f[len(f)-1])
	if err != nil || n < -13 || n > 13 {
		return "", 0, false
	}
	return f[0], n, true
}

// inResult applies laws.md A24's last rule: when the record's Result
// already equals the play's tricks (recorded) plus the transfer of the
// board's rulings, those rows get the flag result-includes-transfer and
// are not applied again (already-in-result). The rulings are those of
// the RevokeRuling tags when the board has them (tagged, tagDelta), else
// the applied revokes with a transfer. It reports whether it did so.
// A Result marked with "^" (laws.md A17) is never compared with the play,
// but for a record with RevokeRuling tags: the corrected copy keeps the
// mark on the count it rewrote (rescoring.md §10), which holds the tags'
// transfers.
func inResult(b *pbn.Board, recorded int, revs []Revoke, tagged []int, tagDelta int, decl pbn.Seat) bool {
	if !b.HasResult || b.ResultMarked && tagged == nil {
		return false
	}
	in := func(i int) bool { return tagged[i] != noRuling }
	d := tagDelta
	if tagged == nil {
		d = appliedDelta(revs, decl)
		if d == 0 {
			return false
		}
		in = func(i int) bool { return revs[i].AppliedTransfer() != 0 }
	}
	if b.Result != recorded+d {
		return false
	}
	for i := range revs {
		if rv := &revs[i]; in(i) {
			rv.Applied, rv.NotApplied = false, NotAppliedInResult
			rv.Flags = orderFlags(append(rv.Flags, FlagResultIncludesTransfer))
		}
	}
	return true
}
