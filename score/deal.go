// Package score holds the arithmetic of duplicate scoring: declarer's score
// for a deal under each edition's table (laws.md A11), the IMP scale (Law
// 78B), matchpoints (MP and ACBL MP), Neuberg's formula, cross-IMPs,
// Butler, teams IMPs and BAM (rescoring.md §3), and ranks with ties. The
// functions are small and pure; package rescore applies them to sessions.
package score

import "revokes/pbn"

// Table is the scoring table an edition uses (laws.md A11, §5). Its values
// are those of analyze.Scoring.
type Table uint8

// The scoring tables.
const (
	Rubber1935    Table = iota // 1935 rubber values for the deal only
	Duplicate1963              // 1963–1986 duplicate table
	Duplicate1987              // today's duplicate table (from 1987)
)

// Deal returns declarer's score for the deal when declarer takes tricks
// tricks in contract c, with vulnerability vul, under the scoring table
// (laws.md A11 and §5). The game and slam bonuses follow the contract,
// never the tricks. A passed-out deal scores 0.
func Deal(table Table, c pbn.Contract, vul bool, tricks int) int {
	if c.Level == 0 {
		return 0
	}
	need := c.Level + 6
	if tricks < need {
		return -undertricks(table, c.Doubled, vul, need-tricks)
	}
	mult := [3]int{1, 2, 4}[c.Doubled%3]
	// Contract points: 20 for minors, 30 for majors, 40 then 30 at no-trump.
	per := 30
	if c.Strain == pbn.Strain(pbn.Diamonds) || c.Strain == pbn.Strain(pbn.Clubs) {
		per = 20
	}
	points := per * c.Level
	if c.Strain == pbn.NoTrump {
		points += 10
	}
	points *= mult
	score := points
	over := tricks - need
	switch c.Doubled {
	case 0:
		score += over * per
	case 1:
		score += over * pick(vul, 100, 200)
	default:
		score += over * pick(vul, 200, 400)
	}
	if table != Rubber1935 {
		// Duplicate premiums: part score or game.
		if points >= 100 {
			score += pick(vul, 300, 500)
		} else {
			score += 50
		}
		// Insult: 50 for a doubled contract made; redoubled 50 before 1987,
		// 100 from 1987 (laws.md §5.1).
		switch {
		case c.Doubled == 1:
			score += 50
		case c.Doubled == 2 && table == Duplicate1987:
			score += 100
		case c.Doubled == 2:
			score += 50
		}
	}
	// Slam bonus for a slam bid and made (both tables).
	switch c.Level {
	case 6:
		score += pick(vul, 500, 750)
	case 7:
		score += pick(vul, 1000, 1500)
	}
	return score
}

// undertricks returns the penalty for u undertricks.
func undertricks(table Table, doubled int, vul bool, u int) int {
	if doubled == 0 {
		return u * pick(vul, 50, 100)
	}
	var p int
	switch {
	case vul:
		p = 200 + 300*(u-1)
	case table == Duplicate1987 && u > 3:
		// From 1987 the fourth and later non-vulnerable undertricks
		// doubled cost 300 each (laws.md §5.1).
		p = 500 + 300*(u-3)
	default:
		p = 100 + 200*(u-1)
	}
	if doubled == 2 {
		p *= 2
	}
	return p
}

func pick(vul bool, nv, v int) int {
	if vul {
		return v
	}
	return nv
}
