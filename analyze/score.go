package analyze

import (
	"revokes/pbn"
	"revokes/score"
)

// Score returns declarer's score for the deal when declarer takes tricks
// tricks in contract c, with vulnerability vul, under the scoring table
// (laws.md A11; the table itself is score.Deal).
func Score(table Scoring, c pbn.Contract, vul bool, tricks int) int {
	return score.Deal(score.Table(table), c, vul, tricks)
}

// The values of Scoring are those of score.Table (a compile-time check:
// a negative constant does not convert to uint).
const (
	_ = uint(score.Table(Rubber1935)-score.Rubber1935) + uint(score.Rubber1935-score.Table(Rubber1935))
	_ = uint(score.Table(Duplicate1963)-score.Duplicate1963) + uint(score.Duplicate1963-score.Table(Duplicate1963))
	_ = uint(score.Table(Duplicate1987)-score.Duplicate1987) + uint(score.Duplicate1987-score.Table(Duplicate1987))
)
