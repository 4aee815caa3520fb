package report

import (
	"golang.org/x/text/message"

	"revokes/analyze"
	"revokes/pbn"
)

// What a ruling page says of the applied revokes (laws.md A24, output.md
// "Revision 3"): whether this revoke changes the board's result and why
// not, this revoke's own transfer and effect, the board's result after
// every applied ruling, and the board's other rulings.

// notAppliedText is the banner of a page whose revoke is not applied: why,
// by its not_applied code.
func notAppliedText(p *message.Printer, r *analyze.Revoke) string {
	switch r.NotApplied {
	case analyze.NotAppliedSuspect:
		return tr(p, "Not applied: the record itself makes an error of the record the likelier story (assessment suspect). The result stays as recorded unless a director decides to apply it (Decision column, -decisions) or the run applies every revoke (-apply all).")
	case analyze.NotAppliedUndetermined:
		return tr(p, "Not applied: the revoke is in the last trick the record holds, so nothing shows how the hand went on (assessment undetermined). The result stays as recorded unless a director decides to apply it (Decision column, -decisions) or the run applies every revoke (-apply all).")
	case analyze.NotAppliedNotEstablished:
		return tr(p, "Not applied: the revoke was not established, so the law transfers nothing.")
	case analyze.NotAppliedDecision:
		return tr(p, "Not applied: the director decided %q (no revoke: an error of the record).", decisionText(p, r))
	case analyze.NotAppliedInResult:
		return tr(p, "Not applied: the recorded result already holds this transfer (result-includes-transfer), so nothing is applied twice.")
	}
	return tr(p, "Not applied (%s).", r.NotApplied)
}

// decisionText returns the director's decision in the printer's language
// (apply, no-revoke: toepassen, geen-verzaking in Dutch, whichever
// language the decisions file was written in); a number as written.
func decisionText(p *message.Printer, r *analyze.Revoke) string {
	if r.Decision == nil {
		return ""
	}
	if w, ok := decisionShown(p, r.Decision).(string); ok {
		return w
	}
	return cleanText(r.Decision.Text)
}

// ownTransfer is the tricks this revoke moves when it is applied: the
// director's number when he decided one (analyze.DecideTricks), else the
// law's.
func ownTransfer(r *analyze.Revoke) int {
	if d := r.Decision; d != nil && d.Kind == analyze.DecideTricks {
		return d.Tricks
	}
	return r.Transfer
}

// declarerDelta is the change to declarer's tricks of n tricks moved by
// a revoke of r's offender: they go to the other side.
func declarerDelta(bd *pbn.Board, r *analyze.Revoke, n int) int {
	if bd.HasDeclarer && r.Offender.NS() == bd.Declarer.NS() {
		return -n
	}
	return n
}

// baseTricks returns declarer's tricks before any transfer: the adjusted
// tricks without the applied transfers (the same as recorded unless the
// last tricks were corrected, laws.md A5).
func baseTricks(f *analyze.Findings) int {
	base := f.TricksAdjusted
	for i := range f.Revokes {
		r := &f.Revokes[i]
		base -= declarerDelta(f.Board, r, r.AppliedTransfer())
	}
	return base
}

// ownEffect returns declarer's tricks and score with this revoke's
// transfer alone, applied or not (ok false when declarer's tricks are not
// known).
func ownEffect(f *analyze.Findings, r *analyze.Revoke) (tricks, score int, ok bool) {
	if !f.HasTricks {
		return 0, 0, false
	}
	bd := f.Board
	tricks = min(13, max(0, baseTricks(f)+declarerDelta(bd, r, ownTransfer(r))))
	if f.HasScore {
		score = analyze.Score(f.Edition.Scoring, bd.Contract, bd.Vul.Vulnerable(bd.Declarer), tricks)
	}
	return tricks, score, true
}

// decisionLine says what the director decided on this revoke.
func decisionLine(p *message.Printer, r *analyze.Revoke) string {
	d := r.Decision
	switch d.Kind {
	case analyze.DecideApply:
		return tr(p, "%q: the law's transfer applies", decisionText(p, r))
	case analyze.DecideNoRevoke:
		return tr(p, "%q: no revoke (an error of the record): nothing is transferred", decisionText(p, r))
	}
	return tr(p, "%q: %d tricks to %s, in place of the law's %d", decisionText(p, r), d.Tricks, sideName(p, r.Offender.Next()), r.Transfer)
}

// appliedShort answers "applied?" on the page: yes, or no and why in a
// few words (the banner at the top says more).
func appliedShort(p *message.Printer, r *analyze.Revoke) string {
	switch {
	case r.Applied:
		return tr(p, "yes")
	case r.NotApplied == analyze.NotAppliedSuspect:
		return tr(p, "no: the revoke is suspect")
	case r.NotApplied == analyze.NotAppliedUndetermined:
		return tr(p, "no: the revoke is undetermined")
	case r.NotApplied == analyze.NotAppliedNotEstablished:
		return tr(p, "no: not established")
	case r.NotApplied == analyze.NotAppliedDecision:
		return tr(p, "no: the director's decision")
	case r.NotApplied == analyze.NotAppliedInResult:
		return tr(p, "no: the recorded result already holds it")
	}
	return tr(p, "no: %s", r.NotApplied)
}

// appliedWord says whether a revoke is applied, and why not.
func appliedWord(p *message.Printer, r *analyze.Revoke) string {
	if r.Applied {
		return tr(p, "applied")
	}
	return tr(p, "not applied (%s)", tr(p, r.NotApplied))
}

// otherRuling describes another revoke of the board in one line: trick,
// offender, transfer, applied or not.
func otherRuling(p *message.Printer, bd *pbn.Board, r *analyze.Revoke) string {
	tf := tr(p, "no transfer")
	if n := ownTransfer(r); n > 0 {
		tf = tr(p, "%d tricks to %s", n, sideName(p, r.Offender.Next()))
	}
	return tr(p, "trick %d, %s (%s): %s; %s, %s", r.Trick, withName(p, bd, r.Offender), tr(p, r.Role.String()),
		tf, assessmentText(p, r.Assessment), appliedWord(p, r))
}

// effect adds this revoke's own transfer and effect, the board's result
// after its applied rulings, and the board's other rulings.
func (g *rulings) effect(pair func(label, value string, style int), f *analyze.Findings, i int) {
	p, bd, r := g.p, f.Board, &f.Revokes[i]
	if r.Decision != nil {
		pair("Decision", decisionLine(p, r), g.st.wrap)
	}
	pair("Applied", appliedShort(p, r), g.st.value)
	if tricks, score, ok := ownEffect(f, r); ok {
		base := baseTricks(f)
		s := tr(p, "declarer's tricks %d → %d", base, tricks)
		if f.HasScore {
			s += ", " + tr(p, "score %d → %d", analyze.Score(f.Edition.Scoring, bd.Contract, bd.Vul.Vulnerable(bd.Declarer), base), score)
		}
		s = tr(p, "its transfer alone: %s", s)
		if !r.Applied {
			s += " " + tr(p, "(were it applied)")
		}
		pair("This revoke", s, g.st.wrap)
	}
	if f.HasTricks {
		s := tr(p, "declarer's tricks %d → %d", f.TricksRecorded, f.TricksAdjusted)
		if f.HasScore {
			s += ", " + tr(p, "score %d → %d", f.ScoreRecorded, f.ScoreAdjusted)
		}
		pair("Whole board", tr(p, "after the applied rulings (%d of %d revokes): %s", f.Applied(), len(f.Revokes), s), g.st.wrap)
	}
	label := "Other rulings"
	for j := range f.Revokes {
		if j == i {
			continue
		}
		pair(label, otherRuling(p, bd, &f.Revokes[j]), g.st.wrap)
		label = ""
	}
}
