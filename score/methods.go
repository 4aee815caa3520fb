package score

import (
	"math"
	"sort"
	"strconv"
)

// impScale holds the lower bounds of the IMP scale of Law 78B: a
// difference of at least impScale[i] points is worth i+1 IMPs.
var impScale = [...]int{20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500,
	600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000}

// IMP converts a difference of scores into IMPs (Law 78B), keeping the
// sign: IMP(-630) is -12.
func IMP(diff int) int {
	d := diff
	if d < 0 {
		d = -d
	}
	n := sort.Search(len(impScale), func(i int) bool { return impScale[i] > d })
	if diff < 0 {
		return -n
	}
	return n
}

// Matchpoints returns each score's matchpoints against the others of the
// board: 2 per score beaten and 1 per tie, top 2(n-1) (rescoring.md §3
// "mp"). The ACBL scale ("mp2") is half of it.
func Matchpoints(scores []int) []float64 {
	sorted := append([]int(nil), scores...)
	sort.Ints(sorted)
	mp := make([]float64, len(scores))
	for i, s := range scores {
		below := sort.SearchInts(sorted, s)
		equal := sort.SearchInts(sorted, s+1) - below - 1 // the others
		mp[i] = float64(2*below + equal)
	}
	return mp
}

// Neuberg scales matchpoints m earned against a results (a compared
// results, the table's own included) to a board of e results: M' = (M +
// 1)·E/A − 1 (rescoring.md §3). For the ACBL scale (half matchpoints)
// the formula is (M + ½)·E/A − ½.
func Neuberg(m float64, e, a int, acbl bool) float64 {
	if a <= 0 || a == e {
		return m
	}
	h := 1.0
	if acbl {
		h = 0.5
	}
	return (m+h)*float64(e)/float64(a) - h
}

// Top returns the top of a board of e results: 2(e-1), or e-1 on the ACBL
// scale.
func Top(e int, acbl bool) float64 {
	if acbl {
		return float64(e - 1)
	}
	return float64(2 * (e - 1))
}

// Percent returns 100·mp/top, or 0 for a board without a top.
func Percent(mp, top float64) float64 {
	if top <= 0 {
		return 0
	}
	return 100 * mp / top
}

// CrossIMPs returns each score's sum of IMP(s − s_j) over the other scores
// of the board (rescoring.md §3 "cross"). "cross-avg" divides the sum by
// n−1; with fewer results than the board's E the sum is scaled by
// (E−1)/(A−1) (CrossScale). The sum is counted threshold by threshold on
// the sorted scores (each threshold the difference reaches is one IMP),
// so that a board of many tables costs n·log n, not n².
func CrossIMPs(scores []int) []float64 {
	sorted := append([]int(nil), scores...)
	sort.Ints(sorted)
	n := len(sorted)
	v := make([]float64, n)
	for i, s := range scores {
		sum := 0
		for _, th := range impScale {
			// Scores t with s − t ≥ th win an IMP; those with t − s ≥ th
			// lose one.
			sum += sort.SearchInts(sorted, s-th+1)
			sum -= n - sort.SearchInts(sorted, s+th)
		}
		v[i] = float64(sum)
	}
	return v
}

// CrossScale is the factor that brings a cross-IMP sum over a−1
// comparisons to one over e−1 (Neuberg for cross-IMPs, rescoring.md §3).
func CrossScale(e, a int) float64 {
	if a <= 1 || a == e {
		return 1
	}
	return float64(e-1) / float64(a-1)
}

// Datum returns the Butler datum of the scores: their mean after dropping
// the trim highest and trim lowest, rounded to a multiple of 10, half to
// even (rescoring.md §3). Below five results nothing is dropped (§8); a
// trim that would leave nothing drops nothing.
func Datum(scores []int, trim int) int { return RoundDatum(DatumMean(scores, trim), false) }

// DatumMean returns the mean of the scores Datum rounds.
func DatumMean(scores []int, trim int) float64 {
	if len(scores) == 0 {
		return 0
	}
	s := append([]int(nil), scores...)
	sort.Ints(s)
	if len(s) >= 5 && trim > 0 && 2*trim < len(s) {
		s = s[trim : len(s)-trim]
	}
	sum := 0
	for _, x := range s {
		sum += x
	}
	return float64(sum) / float64(len(s))
}

// RoundDatum rounds a datum's mean to a multiple of 10: halves to even,
// or away from zero (as some files do, rescoring.md §9: −285 is −290).
func RoundDatum(mean float64, away bool) int {
	if away {
		return 10 * int(math.Round(mean/10))
	}
	return 10 * int(math.RoundToEven(mean/10))
}

// Butler returns each score's IMPs against the datum.
func Butler(scores []int, datum int) []float64 {
	v := make([]float64, len(scores))
	for i, s := range scores {
		v[i] = float64(IMP(s - datum))
	}
	return v
}

// TeamsIMPs returns the IMPs of a board of a two-room match to the team
// that sits North-South in the open room (rescoring.md §3 "imp").
func TeamsIMPs(nsOpen, nsClosed int) int {
	return IMP(nsOpen - nsClosed)
}

// BAM returns the board-a-match points of the same team: 1, ½ or 0 on the
// sign of the net score.
func BAM(nsOpen, nsClosed int) float64 {
	switch d := nsOpen - nsClosed; {
	case d > 0:
		return 1
	case d == 0:
		return 0.5
	}
	return 0
}

// Ranks returns the rank of each total, highest first; totals equal to
// within 0.005 share the rank, shown "3=" (rescoring.md §5).
func Ranks(totals []float64) []string {
	order := make([]int, len(totals))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return totals[order[a]] > totals[order[b]] })
	r := make([]string, len(totals))
	for k := 0; k < len(order); {
		// The run of totals equal to the first of it shares its rank.
		e := k + 1
		for e < len(order) && totals[order[k]]-totals[order[e]] <= 0.005 {
			e++
		}
		rank := strconv.Itoa(k + 1)
		if e-k > 1 {
			rank += "="
		}
		for _, i := range order[k:e] {
			r[i] = rank
		}
		k = e
	}
	return r
}

// RankNumber returns the number of a rank as Ranks writes it ("3=" is 3).
func RankNumber(r string) int {
	n := 0
	for _, c := range r {
		if c < '0' || c > '9' {
			break
		}
		n = 10*n + int(c-'0')
	}
	return n
}

// Round2 rounds a value to two decimals, as the report shows it.
func Round2(x float64) float64 {
	return math.Round(x*100) / 100
}
