package rescore

// The totals of a session's pairs and teams, and their ranks (rescoring.md §8).

import (
	"sort"

	"revokes/pbn"
	"revokes/score"
)

// total is one pair's or team's sums.
type total struct {
	names    string
	boards   int
	rec, adj float64
	topSum   float64
	dir      string // "NS" or "EW" where the pair sat; "" for teams or a pair that sat both ways
	dirSeen  bool
	// statedSum sums the board values the file states, statedN counts
	// them, places is their rounding (stated.go).
	statedSum float64
	statedN   int
	places    int8
	// statedAdj sums the board values the corrected copy states
	// (statedValue).
	statedAdj float64
}

// add counts a board's value into a pair's or team's total, and checks
// that a pair id keeps its names (pair-identity-unstable). It returns the
// total (nil without a pair).
func (st *sessionState) add(e *entry, pair, names string, rec, adj, top float64) *total {
	if pair == "" {
		return nil
	}
	t := st.totals[pair]
	if t == nil {
		t = &total{names: names}
		st.totals[pair] = t
		st.order = append(st.order, pair)
	} else if names != t.names && names != "" && t.names != "" && !st.warned[pair] {
		st.warned[pair] = true
		st.problem(e, CodePairUnstable, pbn.Msg("pair %s is %s here but %s before: totals are kept under the id", pair, names, t.names))
	}
	t.boards++
	t.rec += rec
	t.adj += adj
	t.topSum += top
	return t
}

// sat notes the direction a pair sat in on a board: a pair that sat both
// ways has none (a Howell) and cannot be ranked in one direction.
func (t *total) sat(dir string) *total {
	switch {
	case t == nil:
	case !t.dirSeen:
		t.dir, t.dirSeen = dir, true
	case t.dir != dir:
		t.dir = ""
	}
	return t
}

// ranks ranks the session's pairs or teams before and after, in one list,
// or North-South and East-West apart when the session's TotalScoreTable
// ranks the directions apart (rescoring.md §8; the report writes the lines
// whose total or rank changed, the Ranking sheet shows them all).
func (st *sessionState) ranks(apart map[string]string) {
	if len(st.order) == 0 {
		return
	}
	if apart == nil {
		st.rankList(st.order, "")
		return
	}
	// The direction the TotalScoreTable gives a pair, else where it sat;
	// a pair with neither (it sat both ways) is ranked in a list of its own.
	lists := map[string][]string{}
	for _, p := range st.order {
		d, ok := apart[p]
		if !ok {
			d = st.totals[p].dir
		}
		lists[d] = append(lists[d], p)
	}
	for _, d := range []string{"NS", "EW", ""} {
		if len(lists[d]) > 0 {
			st.rankList(lists[d], d)
		}
	}
}

// rankList ranks the pairs or teams of one list (dir: "NS", "EW", or ""
// for the whole session).
func (st *sessionState) rankList(order []string, dir string) {
	n := len(order)
	rec, adj := make([]float64, n), make([]float64, n)
	mpMethod := st.isMP()
	for i, p := range order {
		t := st.totals[p]
		rec[i], adj[i] = st.shown(t)
		if mpMethod && t.topSum > 0 {
			// Pairs that played different numbers of boards rank by
			// percentage.
			rec[i], adj[i] = 100*t.rec/t.topSum, 100*t.adj/t.topSum
		}
	}
	rr, ra := score.Ranks(rec), score.Ranks(adj)
	var out []Rank
	for i, p := range order {
		t := st.totals[p]
		r := Rank{Event: st.info.Event, Section: st.info.Section, Team: st.teams, Pair: p, Names: t.names, Direction: dir,
			Boards: t.boards, RankRecorded: rr[i], RankAdjusted: ra[i]}
		r.TotalRecorded, r.TotalAdjusted = st.shown(t)
		if mpMethod && t.topSum > 0 {
			r.HasPct = true
			r.PctRecorded, r.PctAdjusted = score.Round2(100*t.rec/t.topSum), score.Round2(100*t.adj/t.topSum)
		}
		r.RankChange = score.RankNumber(rr[i]) - score.RankNumber(ra[i])
		r.Changed = r.TotalRecorded != r.TotalAdjusted || rr[i] != ra[i]
		if r.Changed {
			st.res.PairsAffected++
			if rr[i] != ra[i] {
				st.res.RankChanges++
			}
		}
		out = append(out, r)
	}
	sort.SliceStable(out, func(a, b int) bool {
		return score.RankNumber(out[a].RankAdjusted) < score.RankNumber(out[b].RankAdjusted)
	})
	st.res.Ranks = append(st.res.Ranks, out...)
}

// pairKeys returns the keys of a row's pairs among the session's totals:
// a pair number given per direction (a Mitchell) is two pairs.
func (st *sessionState) pairKeys(r *Row) (ns, ew string) {
	ns, ew = r.PairNS, r.PairEW
	if st.mitchell && ns != "" {
		ns, ew = ns+" NS", ew+" EW"
	}
	return ns, ew
}
