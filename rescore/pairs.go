package rescore

// A board of a pairs field re-scored (rescoring.md §3–§5).

import (
	"revokes/pbn"
	"revokes/score"
)

// pairsBoard scores a board of a pairs field (mp, mp2, cross, cross-avg,
// butler), before and after, with Neuberg where results are missing.
func (st *sessionState) pairsBoard(g *group) Board {
	b := st.boardOf(g)
	var idx []int
	var rec, adj []int
	for i, e := range g.rows {
		if e.played {
			idx = append(idx, i)
			rec = append(rec, g.ns(i, false))
			adj = append(adj, g.ns(i, true))
		}
	}
	a, e := len(idx), st.e
	b.Tables, b.Expected = a, e
	mpMethod := st.isMP()
	if mpMethod {
		b.Top = score.Top(e, st.acbl)
	}
	if a >= 1 && a <= 3 && a < e {
		st.problem(g.rows[0], CodeSmallGroup, pbn.Msg("board %s: %d results only, scored by the same formula", g.board, a))
	}
	vr, va := st.values(rec, e), st.values(adj, e)
	if st.method == "butler" {
		b.DatumRecorded, b.DatumAdjusted = st.datum(rec), st.datum(adj)
	}
	rows := make([]Row, len(g.rows))
	for i := range g.rows {
		rows[i] = g.row(i)
	}
	for k, i := range idx {
		r := &rows[i]
		if a >= 2 {
			r.HasValue = true
			// Shown to two decimals; percentages and totals from the
			// values themselves (100·MP/top, rescoring.md §3).
			r.ValueNSRecorded, r.ValueNSAdjusted = score.Round2(vr[k]), score.Round2(va[k])
			if mpMethod {
				r.HasPct = true
				r.PctNSRecorded, r.PctNSAdjusted = score.Percent(vr[k], b.Top), score.Percent(va[k], b.Top)
			}
		}
		r.Changed = r.ScoreNSRecorded != r.ScoreNSAdjusted || r.ValueNSRecorded != r.ValueNSAdjusted
	}
	// Reproduce the stated values from the recorded scores (§4).
	rp := st.reproduce(g, idx, vr, rows, b.Top)
	if rp.reprAlt > rp.repr {
		// The file's percentages are the other form: so are the new ones.
		for k, i := range idx {
			if r := &rows[i]; r.HasPct {
				r.PctNSRecorded, r.PctNSAdjusted = st.altPct(vr[k], b.Top), st.altPct(va[k], b.Top)
			}
		}
	}
	st.artificialRows(g, rows, b.Top, &rp)
	if st.method == "butler" && a >= 2 {
		st.checkDatum(g, b.DatumRecorded, &rp)
	}
	st.finishBoard(&b, g, rows, rp.stated, max(rp.repr, rp.reprAlt))
	st.pairTotals(g, idx, rows, vr, va, b.Top, rp)
	st.boardTexts(g, idx, vr, va, rp, b.Top, rp.reprAlt > rp.repr)
	if st.method == "butler" && a >= 2 {
		st.datumTexts(g, b.DatumRecorded, b.DatumAdjusted)
	}
	return b
}

// pairTotals gives the rows with a value their East-West values (the
// percentages in the form of North-South's) and counts each result into
// its pairs' totals, or an individual event's players'.
func (st *sessionState) pairTotals(g *group, idx []int, rows []Row, vr, va []float64, top float64, rp reproduction) {
	for k, i := range idx {
		r := &rows[i]
		if !r.HasValue {
			continue
		}
		ewRec, ewAdj := st.otherValue(vr[k], top), st.otherValue(va[k], top)
		r.ValueEWRecorded, r.ValueEWAdjusted = ewRec, ewAdj
		if r.HasPct { // in the form of North-South's
			r.PctEWRecorded, r.PctEWAdjusted = score.Percent(ewRec, top), score.Percent(ewAdj, top)
			if rp.reprAlt > rp.repr {
				r.PctEWRecorded, r.PctEWAdjusted = st.altPct(ewRec, top), st.altPct(ewAdj, top)
			}
		}
		if st.addPlayers(g.rows[i], g.rot[i]%2 != 0, [2]float64{vr[k], ewRec}, [2]float64{va[k], ewAdj}, top, [2]stated{rp.sv[k], rp.svEW[k]}, rp.agreed[k]) {
			continue // an individual event: each player's total
		}
		ns, ew := st.pairKeys(r)
		st.add(g.rows[i], ns, r.NamesNS, vr[k], va[k], top).sat("NS").statedValue(rp.sv[k], va[k], rp.agreed[k])
		st.add(g.rows[i], ew, r.NamesEW, ewRec, ewAdj, top).sat("EW").statedValue(rp.svEW[k], ewAdj, rp.agreed[k])
	}
}

// stated2 is s with its value v (turned to North-South).
func stated2(s stated, v float64) stated { s.v = v; return s }

// values returns the method's values of the North-South scores of a
// board, with Neuberg (or the cross-IMP scale) to E results, unrounded.
func (st *sessionState) values(scores []int, e int) []float64 {
	a := len(scores)
	if a < 2 {
		return make([]float64, a)
	}
	var v []float64
	switch st.method {
	case "mp", "mp2":
		v = score.Matchpoints(scores)
		for i := range v {
			if st.acbl {
				v[i] /= 2
			}
			v[i] = score.Neuberg(v[i], e, a, st.acbl)
		}
	case "cross":
		v = score.CrossIMPs(scores)
		f := score.CrossScale(e, a)
		for i := range v {
			v[i] *= f
		}
	case "cross-avg":
		v = score.CrossIMPs(scores)
		for i := range v {
			v[i] /= float64(a - 1)
		}
	case "butler":
		v = score.Butler(scores, st.datum(scores))
	}
	return v
}
